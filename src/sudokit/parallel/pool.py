"""A local process pool that owns its workers: a concurrent.futures.Executor that can be stopped at once.

ProcessPoolExecutor cannot stop a running task through its public interface (shutdown waits for it), and
terminating its private ``_processes`` left its manager thread blocked in ``recv`` at interpreter exit: the hang
of issue 16. ``LocalPool`` starts its workers itself, each with its own duplex pipe (no lock shared between
processes, so killing one cannot wedge another), and ``terminate()`` kills them, reaps them and fails the futures
still open; nothing is left behind.

Workers ignore SIGINT (Ctrl-C goes to the whole process group; the parent decides), die on SIGTERM, leave when
their pipe closes (the parent is gone), and on Linux ask the kernel for SIGTERM when the parent dies.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import threading
import weakref
from collections import deque
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait as wait_ready

REAP_SECONDS = 2.0  # how long terminate() waits after SIGTERM before SIGKILL
_live: "weakref.WeakSet[LocalPool]" = weakref.WeakSet()


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _die_with_parent() -> None:
    """Linux: SIGTERM when the parent dies (prctl PR_SET_PDEATHSIG); elsewhere nothing."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def _worker(conn, parent: int, initializer, initargs, pdeathsig: bool) -> None:
    """A worker's life: set up, then run (task id, fn, args, kwargs) messages until None or the pipe closes."""
    _worker_signals(pdeathsig)
    if os.getppid() != parent:
        return
    if initializer is not None:
        initializer(*initargs)
    _serve(conn)


def _worker_signals(pdeathsig: bool) -> None:
    """Ctrl-C is the parent's; SIGTERM and SIGHUP end the worker (the CLI's handlers are not inherited)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if pdeathsig:
        _die_with_parent()


def _serve(conn) -> None:
    """Run calls from the pipe and send back (task, ok, result or exception) until None or the pipe closes."""
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        task, fn, args, kwargs = message
        try:
            reply = (task, True, fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the parent's future
            reply = (task, False, exc)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as exc:  # noqa: BLE001 - an unpicklable result
            conn.send((task, False, RuntimeError(f"result could not be sent back: {exc!r}")))


class LocalPool(Executor):
    """max_workers processes that run submitted calls; shutdown() as any Executor, terminate() to stop now."""

    def __init__(self, max_workers: int, initializer=None, initargs=(), mp_context=None):
        if max_workers < 1:
            raise ValueError("max_workers must be >= 1")
        ctx = mp_context or multiprocessing.get_context()
        main = threading.current_thread() is threading.main_thread()
        self._lock = threading.Lock()
        self._pending: deque = deque()
        self._busy: dict = {}  # worker index -> future
        self._closing = self._stopping = False
        self._wake_r, self._wake_w = os.pipe()
        self._conns, self._procs = [], []
        for _ in range(max_workers):
            mine, theirs = ctx.Pipe(duplex=True)
            proc = ctx.Process(target=_worker, args=(theirs, os.getpid(), initializer, initargs, main), daemon=True)
            proc.start()
            theirs.close()
            self._conns.append(mine)
            self._procs.append(proc)
        self._idle = list(range(max_workers))
        self._manager = threading.Thread(target=self._manage, name="sudokit-pool", daemon=True)
        self._manager.start()
        _live.add(self)

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """Queue fn(*args, **kwargs) for a worker; its Future."""
        future: Future = Future()
        with self._lock:
            if self._closing:
                raise RuntimeError("cannot submit to a pool that is shut down")
            self._pending.append((future, fn, args, kwargs))
        self._wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Finish the queued calls (or cancel them) and let the workers leave; wait for all of it if asked."""
        with self._lock:
            self._closing = True
            if cancel_futures:
                self._cancel_pending()
        self._wake()
        if wait:
            self._manager.join()
            self._reap(REAP_SECONDS)

    def terminate(self) -> None:
        """Stop now: kill the workers, fail the running calls, cancel the queued ones, reap every process."""
        with self._lock:
            self._closing = self._stopping = True
            self._cancel_pending()
        for proc in self._procs:
            if proc.is_alive():
                proc.terminate()
        self._wake()
        self._manager.join()
        self._reap(REAP_SECONDS)

    # ---- the manager thread: hands out calls, collects replies, notices dead workers ----

    def _manage(self) -> None:
        """Loop until shut down and drained, or terminated."""
        try:
            while self._step():
                pass
        finally:
            self._finish()

    def _step(self) -> bool:
        """One round: hand out work, wait for a reply, a death or a wake-up; False when the pool is done."""
        with self._lock:
            if self._stopping:
                return False
            self._dispatch()
            if self._closing and not self._pending and not self._busy:
                return False
            busy = list(self._busy)
        ready = wait_ready([self._wake_r] + [self._conns[w] for w in busy] + [self._procs[w].sentinel for w in busy])
        if self._wake_r in ready:
            os.read(self._wake_r, 4096)
        for w in busy:
            if self._conns[w] in ready or self._procs[w].sentinel in ready:
                self._collect(w)
        return True

    def _dispatch(self) -> None:
        """Give queued calls to idle workers (lock held)."""
        while self._idle and self._pending:
            future, fn, args, kwargs = self._pending.popleft()
            if not future.set_running_or_notify_cancel():
                continue
            w = self._idle.pop()
            try:
                self._conns[w].send((id(future), fn, args, kwargs))
            except OSError as exc:  # the worker is gone: the pool is broken
                future.set_exception(BrokenProcessPool(f"worker {self._procs[w].pid} is gone: {exc}"))
                self._stopping = True
                return
            except Exception as exc:  # noqa: BLE001 - an unpicklable call: its future fails, the worker is fine
                future.set_exception(exc)
                self._idle.append(w)
                continue
            self._busy[w] = future

    def _collect(self, w: int) -> None:
        """The reply of worker w, or its death: settle its future."""
        future = self._busy.get(w)
        try:
            _, ok, value = self._conns[w].recv()
        except (EOFError, OSError):
            with self._lock:
                self._busy.pop(w, None)
                self._stopping = True  # a worker died under us: the pool is broken
            if future is not None and not future.done():
                future.set_exception(BrokenProcessPool(f"worker {self._procs[w].pid} died"))
            return
        with self._lock:
            self._busy.pop(w, None)
            self._idle.append(w)
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)

    def _finish(self) -> None:
        """After the loop: fail what is still open and tell live workers to leave."""
        with self._lock:
            self._cancel_pending()
            running, self._busy = list(self._busy.values()), {}
        for future in running:
            if not future.done():
                future.set_exception(BrokenProcessPool("the pool was terminated"))
        for conn in self._conns:
            try:
                conn.send(None)
            except (OSError, ValueError):
                pass

    def _cancel_pending(self) -> None:
        """Cancel every queued call (lock held); a call no worker has started cannot run any more."""
        while self._pending:
            future = self._pending.popleft()[0]
            if future.cancel():
                future.set_running_or_notify_cancel()  # wakes concurrent.futures.wait() on it
            elif not future.done():
                future.set_exception(BrokenProcessPool("the pool was terminated"))

    def _reap(self, seconds: float) -> None:
        """Join every worker (SIGKILL after seconds) and close the pipes."""
        for proc in self._procs:
            proc.join(seconds)
            if proc.is_alive():
                proc.kill()
                proc.join()
        for conn in self._conns:
            conn.close()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._wake_r = self._wake_w = -1
        _live.discard(self)

    def _wake(self) -> None:
        """Wake the manager thread."""
        try:
            os.write(self._wake_w, b"x")
        except OSError:
            pass


@atexit.register
def _terminate_live_pools() -> None:
    """At exit, no pool outlives the interpreter (a forgotten shutdown must not hang the exit)."""
    for pool in list(_live):
        pool.terminate()
