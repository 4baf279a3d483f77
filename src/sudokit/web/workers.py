"""Worker processes for the web app: CPU work off the event loop, each request bounded in time.

Each worker is a LocalPool of one process (sudokit.parallel.pool: it owns its process and can kill it at once).
A request takes an idle worker, runs there, and gives it back. A request still running ``seconds + grace`` after
it started (the work's own limits failed to stop it, or it has none) has its worker killed and replaced, and
answers "time limit": no request can hold the server, and the others keep being served by the remaining workers.
New workers load their kernels (jobs.warm) before they take requests, so the first request runs at full speed.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from concurrent.futures.process import BrokenProcessPool

from ..parallel.pool import LocalPool
from . import jobs

log = logging.getLogger("sudokit.web")
WARM_SECONDS = 900.0  # a fresh install compiles every kernel on a worker's first start (minutes on a slow machine)


class TimeLimit(Exception):
    """A request ran past its time limit and its worker was replaced."""


class Busy(Exception):
    """Too many requests wait for a worker."""


class WorkerLost(Exception):
    """The worker running a request died (it is replaced)."""


def _retrieved(future) -> None:
    """Mark a call's outcome as seen (a call abandoned at its time limit fails later, when its worker dies)."""
    if not future.cancelled():
        future.exception()


class Workers:
    """n worker processes shared by every request; start() and close() belong to the app's lifespan."""

    def __init__(self, n: int, queue: int = 1000, queue_seconds: float = 60.0, warm: bool = True):
        self.n, self.queue, self.queue_seconds, self.warm = n, queue, queue_seconds, warm
        self._idle: asyncio.Queue | None = None
        self._pools: set[LocalPool] = set()
        self._waiting = 0
        self._starting: set[asyncio.Task] = set()
        self.ready = 0  # workers that have taken their first request or could
        self.replaced = 0  # workers killed for a request past its limit (or found dead)

    async def start(self) -> None:
        """Begin starting the workers (in the background: the server answers pages meanwhile)."""
        self._idle = asyncio.Queue()
        for _ in range(self.n):
            self._spawn()

    def _spawn(self) -> None:
        """Start one worker in a thread; it joins the idle queue when warm."""
        task = asyncio.get_running_loop().create_task(self._new_worker())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _new_worker(self) -> None:
        """A fresh, warmed worker put on the idle queue (a failed start is retried after a pause)."""
        while True:
            try:
                pool = await asyncio.to_thread(self._make_pool)
            except Exception as exc:  # noqa: BLE001 - a worker that could not start: try again shortly
                log.warning("a worker process could not start: %r", exc)
                await asyncio.sleep(1.0)
                continue
            self._pools.add(pool)
            try:
                await asyncio.wait_for(asyncio.wrap_future(pool.submit(jobs.warm if self.warm else jobs.ping)),
                                       WARM_SECONDS)
            except (Exception, asyncio.TimeoutError) as exc:  # noqa: BLE001
                log.warning("a worker process failed its warm-up: %r", exc)
                await self._kill(pool)
                await asyncio.sleep(1.0)
                continue
            self.ready += 1
            self._idle.put_nowait(pool)
            return

    @staticmethod
    def _make_pool() -> LocalPool:
        """One worker process, started fresh (spawn: nothing of the server's threads is inherited)."""
        return LocalPool(1, mp_context=multiprocessing.get_context("spawn"))

    async def _kill(self, pool: LocalPool) -> None:
        """Stop a worker now and forget it."""
        self._pools.discard(pool)
        await asyncio.to_thread(pool.terminate)

    async def run(self, seconds: float, fn, *args):
        """fn(*args) in a worker; TimeLimit past `seconds`, Busy if the queue is full, WorkerLost if it died."""
        if self._idle is None:
            raise RuntimeError("the workers are not started")
        pool = await self._take()
        future = pool.submit(fn, *args)
        started = time.monotonic()
        waited = asyncio.wrap_future(future)
        waited.add_done_callback(_retrieved)
        try:
            result = await asyncio.wait_for(asyncio.shield(waited), seconds)
        except asyncio.TimeoutError:
            await self._replace(pool)
            raise TimeLimit(f"stopped after {seconds:g} s") from None
        except BrokenProcessPool:
            await self._replace(pool)
            raise WorkerLost("the worker running this request stopped") from None
        except asyncio.CancelledError:  # the client left: the worker is given back when its call ends
            self._reclaim(pool, future, seconds - (time.monotonic() - started))
            raise
        except BaseException:
            self._idle.put_nowait(pool)  # the call raised: the worker itself is fine
            raise
        self._idle.put_nowait(pool)
        return result

    async def _take(self) -> LocalPool:
        """An idle worker, waiting at most queue_seconds behind at most `queue` other requests."""
        if self._waiting >= self.queue:
            raise Busy(f"{self._waiting} requests are waiting for a worker")
        self._waiting += 1
        try:
            return await asyncio.wait_for(self._idle.get(), self.queue_seconds)
        except asyncio.TimeoutError:
            raise Busy(f"no worker was free within {self.queue_seconds:g} s") from None
        finally:
            self._waiting -= 1

    async def _replace(self, pool: LocalPool) -> None:
        """Kill a worker and start another in its place."""
        self.replaced += 1
        self.ready -= 1
        await self._kill(pool)
        self._spawn()

    def _reclaim(self, pool: LocalPool, future, seconds: float) -> None:
        """Give a worker back when its abandoned call ends, or replace it past the call's limit."""
        async def wait() -> None:
            try:
                await asyncio.wait_for(asyncio.wrap_future(future), max(seconds, 0.0))
            except asyncio.TimeoutError:
                await self._replace(pool)
                return
            except BaseException:  # noqa: BLE001 - the call failed: the worker is still fine unless it died
                if isinstance(future.exception(), BrokenProcessPool):
                    await self._replace(pool)
                    return
            self._idle.put_nowait(pool)

        task = asyncio.get_running_loop().create_task(wait())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def close(self) -> None:
        """Stop every worker now."""
        for task in list(self._starting):
            task.cancel()
        for task in list(self._starting):
            try:
                await task
            except BaseException:  # noqa: BLE001 - cancelled or failed: either way it is over
                pass
        for pool in list(self._pools):
            await self._kill(pool)
