"""The worker side of a split search: top-level functions an Executor can ship anywhere (by name), and the
per-process cache that lets one worker walk a problem's top only once however many tasks it is sent.

A task is a range of prefixes [first, end) of one cut (``CoverJob``: the problem, algorithm, seed and depth), or a
block of sub-grids for the fast Sudoku engine (``grids_task``). Its answer is a ``PartsResult``.
"""

from __future__ import annotations

import pickle
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np

from .tree import Walker, advance

KEEP_WALKERS = 2  # walkers one worker process keeps (one per problem it was sent last)
_walkers: "OrderedDict[tuple, Walker]" = OrderedDict()


@dataclass(frozen=True)
class CoverJob:
    """What a worker needs to walk the same cut: the problem (zlib'd pickle), its digest, the search's settings."""

    blob: bytes
    digest: str
    algorithm: str
    seed: int | None
    depth: int

    @classmethod
    def of(cls, problem, digest: str, algorithm: str, seed: int | None, depth: int) -> "CoverJob":
        """The job of a problem."""
        return cls(zlib.compress(pickle.dumps(problem, pickle.HIGHEST_PROTOCOL), 1), digest, algorithm, seed, depth)


@dataclass
class PartsResult:
    """What a task found: prefixes [first, end) searched (end < the task's end when its limit was reached),
    solutions (capped at the limit), nodes, guesses (fast engine), the first `keep` solutions in order."""

    first: int
    end: int
    count: int = 0
    nodes: int = 0
    guesses: int = 0
    solutions: list = field(default_factory=list)


def _walker(job: CoverJob) -> Walker:
    """This process's walker of the job's cut, built on first use; the least recently used is dropped."""
    key = (job.digest, job.algorithm, job.seed, job.depth)
    walker = _walkers.pop(key, None)
    if walker is None:
        walker = Walker(pickle.loads(zlib.decompress(job.blob)), job.algorithm, job.seed)
    _walkers[key] = walker
    while len(_walkers) > KEEP_WALKERS:
        _walkers.popitem(last=False)
    return walker


def cover_task(job: CoverJob, first: int, end: int, limit: int, keep: int) -> PartsResult:
    """Search the parts under prefixes first..end-1 of the job's cut, in order, until `limit` solutions."""
    walker = _walker(job)
    if walker.done or walker.seen > first:
        walker.reset()
    out = PartsResult(first, first)
    for k in range(first, end):
        if not advance(walker, job.depth, k):
            raise RuntimeError(f"prefix {k} of the cut at depth {job.depth} is missing: the walk differs here")
        sub, found = walker.part(limit - out.count, min(keep - len(out.solutions), limit - out.count))
        out.count += int(sub.counters[0])
        out.nodes += int(sub.counters[1])
        out.solutions.extend(found)
        out.end = k + 1
        walker.seen += 1
        walker.skip()
        if out.count >= limit:
            break
    return out


def grids_task(first: int, grids: np.ndarray, geometry, limit: int) -> PartsResult:
    """Count the sub-grids first.. (fast engine) until `limit` solutions; keep the first solution found.

    One kernel call, stoppable by Ctrl-C: not solve_many, whose first pass gives every puzzle a small node budget
    and then starts the unfinished ones again from scratch - cheap for a file of puzzles, but a part of a split
    count is rarely small, and that first pass cost up to 40% more CPU on the 6x6 grids."""
    from ..interrupt import stop_flag, stoppable
    from ..sudoku.fast import _kernel, empty_batch

    res = empty_batch(len(grids), geometry.ncells)
    stoppable(_kernel(geometry, "auto", 1), np.ascontiguousarray(grids, np.uint8), limit, 0, res, stop=stop_flag())
    total = np.cumsum(res.counts)
    stop = int(np.searchsorted(total, limit)) + 1 if total[-1] >= limit else len(grids)
    out = PartsResult(first, first + stop, int(min(total[stop - 1], limit)), int(res.nodes[:stop].sum()),
                      int(res.guesses[:stop].sum()))
    hit = np.flatnonzero(res.counts[:stop] > 0)
    if len(hit):
        out.solutions.append(res.solutions[hit[0]].copy())
    return out


def solve_block(grids: np.ndarray, geometry, limit: int, max_nodes: int):
    """A block of a line file through the fast engine (a BatchResult, rows in order)."""
    from ..sudoku.fast import solve_many

    return solve_many(grids, geometry, limit=limit, max_nodes=max_nodes)
