"""Where parts run: this process, a LocalPool of worker processes, a Dask cluster, or any Executor given.

``Runner`` is what the rest of parallel/ holds: ``submit(fn, *args)`` -> concurrent.futures.Future, ``workers``
(how many tasks can run at once), ``renew()`` after a lost local worker (a fresh pool; only for a pool it owns),
and ``close(abort)``. It is opened from the user's choice:

    runner(jobs=4)                      a LocalPool of 4 processes (parallel/pool.py), stopped at once on Ctrl-C
    runner(scheduler="local", jobs=2)   a Dask LocalCluster of 2 single-threaded worker processes, and its client
    runner(scheduler="tcp://host:8786") a Dask cluster already running (``dask scheduler``, ``dask worker``)
    runner(scheduler="sched.json")      the same, named by the file ``dask scheduler --scheduler-file`` writes
    runner(executor=ex)                 any concurrent.futures.Executor (e.g. ``Client.get_executor()``), not closed
    runner()  /  runner(jobs=1)         this process (``submit`` runs the call at once)

Dask is imported only for a scheduler (it is the optional extra ``sudokit[dask]``).
"""

from __future__ import annotations

from concurrent.futures import Executor, Future

from ..checks import as_int
from ..errors import InputError
from .pool import LocalPool, usable_cores

DASK_HINT = "pip install 'sudokit[dask]'"


class Runner:
    """An executor and how many calls it runs at once; see the module docstring."""

    def __init__(self, executor: Executor | None, workers: int, owned: str = "", closer=None, jobs: int = 0):
        self.executor, self.workers, self.owned, self._closer, self._jobs = executor, workers, owned, closer, jobs

    @property
    def local(self) -> bool:
        """True when calls run in this process."""
        return self.executor is None

    def submit(self, fn, *args) -> Future:
        """fn(*args) on a worker (here, at once, when local)."""
        if self.executor is not None:
            return self.executor.submit(fn, *args)
        future: Future = Future()
        future.set_running_or_notify_cancel()
        try:
            future.set_result(fn(*args))
        except Exception as exc:  # noqa: BLE001 - handed to the caller through the future, as an executor would
            future.set_exception(exc)
        return future

    def renewable(self) -> bool:
        """True if a lost worker can be replaced (a pool this runner started)."""
        return self.owned == "pool"

    def renew(self) -> None:
        """A fresh pool in place of one a lost worker broke."""
        self.executor.terminate()
        self.executor = LocalPool(self._jobs)

    def close(self, abort: bool = False) -> None:
        """Stop what this runner started (at once when abort: running calls are killed); a given executor stays."""
        if self.owned == "pool":
            if abort:
                self.executor.terminate()
            else:
                self.executor.shutdown(wait=True)
        elif self._closer is not None:
            self._closer(abort)

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        self.close(abort=exc is not None)
        return False


def runner(jobs: int | None = None, scheduler: str | None = None, executor: Executor | None = None) -> Runner:
    """The Runner for the options (see the module docstring); jobs None or 0 = every usable core."""
    if executor is not None:
        if scheduler:
            raise InputError("give an executor or a scheduler, not both")
        return Runner(executor, _executor_workers(executor, jobs))
    if scheduler:
        return _dask(scheduler, jobs)
    jobs = usable_cores() if not jobs else as_int(jobs, "jobs", 1)
    if jobs == 1:
        return Runner(None, 1)
    return Runner(LocalPool(jobs), jobs, owned="pool", jobs=jobs)


def _executor_workers(executor: Executor, jobs: int | None) -> int:
    """How many calls an executor runs at once: jobs if given, else what it says (Dask, pools), else the cores."""
    if jobs:
        return as_int(jobs, "jobs", 1)
    client = getattr(executor, "_client", None)
    if client is not None:
        return dask_threads(client)
    for name in ("_max_workers", "_workers"):
        n = getattr(executor, name, None)
        if isinstance(n, int) and n > 0:
            return n
    procs = getattr(executor, "_procs", None)
    return len(procs) if procs else usable_cores()


def dask_threads(client) -> int:
    """The worker threads of a Dask cluster (at least 1)."""
    workers = client.scheduler_info().get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


CONNECT_SECONDS = 10.0  # to reach a scheduler
WORKERS_SECONDS = 60.0  # for a cluster without workers to get its first one


def _dask(scheduler: str, jobs: int | None) -> Runner:
    """A Runner on a Dask cluster: a LocalCluster of `jobs` processes for 'local', else the given address (or a
    scheduler file, as `dask scheduler --scheduler-file` writes)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError(f"--scheduler needs Dask distributed: {DASK_HINT}") from None
    cluster = None
    if scheduler == "local":
        n = usable_cores() if not jobs else as_int(jobs, "jobs", 1)
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=40)
        client = Client(cluster)
    else:
        client = _connect(Client, scheduler)
    try:
        client.wait_for_workers(1, timeout=WORKERS_SECONDS)
    except (OSError, TimeoutError):
        client.close()
        if cluster is not None:
            cluster.close()
        raise InputError(f"--scheduler {scheduler}: no worker joined within {WORKERS_SECONDS:.0f} s "
                         "(start some: dask worker ADDRESS)") from None
    workers = dask_threads(client)  # a running cluster's size is what it is (it may grow while we run)

    def close(abort: bool) -> None:
        """Close the client (and the cluster it started)."""
        client.close()
        if cluster is not None:
            cluster.close()

    return Runner(client.get_executor(), workers, owned="dask", closer=close)


def _connect(client_class, scheduler: str):
    """A client of the scheduler at an address or named by a scheduler file; one line when it cannot be reached."""
    import os

    if scheduler.endswith(".json") or os.path.isfile(scheduler):
        address = _address_in(scheduler)
    else:
        address = scheduler if "://" in scheduler else f"tcp://{scheduler}"
    _reachable(address, scheduler)
    try:
        return client_class(address, timeout=f"{CONNECT_SECONDS:.0f}s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({exc})") from None


def _address_in(path: str) -> str:
    """The address a scheduler file holds."""
    import json

    try:
        with open(path, encoding="utf-8") as fh:
            return str(json.load(fh)["address"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"--scheduler {path}: not a readable Dask scheduler file ({exc})") from None


def _reachable(address: str, scheduler: str) -> None:
    """Fail at once (not after the client's retries) when nothing listens at a tcp address."""
    import socket

    from distributed.comm import get_address_host_port

    if not address.startswith("tcp://"):
        return  # other transports (tls, inproc, ucx): the client says
    try:
        host, port = get_address_host_port(address)
    except ValueError as exc:
        raise InputError(f"--scheduler {scheduler}: not an address ({exc})") from None
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise InputError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there "
                         f"({exc.strerror or exc})") from None
