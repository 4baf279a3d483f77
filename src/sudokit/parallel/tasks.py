"""Running a list of tasks on a Runner: a window of them in flight, results as they finish or in order, lost
local workers replaced, everything still pending cancelled when the caller stops listening.

``completed(runner, calls)`` yields (k, result) as tasks finish; ``in_order(...)`` the same in task order.
The caller may stop early (break, or an answer known): tasks not yet started are cancelled, and the caller's
Runner decides what happens to those running (a pool it owns is stopped on close).
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import FIRST_COMPLETED, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterator

from ..errors import SudokitError
from .executors import Runner

IN_FLIGHT = 3  # tasks kept queued per worker, so a worker never waits for the next one
RENEWALS = 3  # fresh pools after lost workers before a run gives up


class LostWorkers(SudokitError):
    """Workers kept dying: the run stops (with --checkpoint, starting it again resumes)."""


def completed(runner: Runner, calls: list[tuple], wanted: Callable[[int], bool] = lambda k: True
              ) -> Iterator[tuple[int, object]]:
    """Run calls[k] = (fn, *args) on the runner; yield (k, result) as each finishes.

    `wanted(k)` is asked before task k is submitted and of every pending task after each result: a task no longer
    wanted is not run (or cancelled). A pool the runner owns that loses a worker is replaced and the lost tasks
    run again (results are pure functions of their arguments).
    """
    queue = deque(range(len(calls)))
    window = 1 if runner.local else max(1, runner.workers * IN_FLIGHT)
    pending: dict = {}
    renewals = 0
    try:
        while queue or pending:
            while queue and len(pending) < window:
                k = queue.popleft()
                if wanted(k):
                    pending[runner.submit(*calls[k])] = k
            if not pending:
                break
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            lost = []
            for future in sorted(finished, key=pending.get):
                k = pending.pop(future)
                if future.cancelled() or isinstance(future.exception(), BrokenProcessPool):
                    lost.append(k)  # we cancel only tasks no longer wanted, and drop them at once: the pool did this
                    continue
                yield k, future.result()
            if lost:
                renewals += 1
                if not runner.renewable() or renewals > RENEWALS:
                    raise LostWorkers(f"{len(lost)} task(s) lost with their workers; stopping (with --checkpoint, "
                                      "the same command again resumes)")
                lost.extend(pending.values())
                pending.clear()
                runner.renew()
                queue.extendleft(sorted(set(lost), reverse=True))
            for future, k in list(pending.items()):
                if not wanted(k) and future.cancel():
                    del pending[future]
    finally:
        for future in pending:
            future.cancel()


def in_order(results: Iterator[tuple[int, object]]) -> Iterator[tuple[int, object]]:
    """The (k, result) pairs of `completed` in task order (a result waits for every earlier one)."""
    held: dict = {}
    nxt = 0
    for k, result in results:
        held[k] = result
        while nxt in held:
            yield nxt, held.pop(nxt)
            nxt += 1
