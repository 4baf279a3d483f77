"""A generation run: puzzles 0 .. count-1 of a request, in order, in this process or on a pool of workers.

Puzzle i depends only on (seed, i): its random stream is numpy's default generator seeded with [seed, i], so the
same seed gives the same puzzles on any number of processes. Plain 9x9 requests without a target go to the batch
kernel CHUNK puzzles a call; every other request is one search per puzzle (search.py).
"""

from __future__ import annotations

from collections import deque
from typing import Iterator

import numpy as np

from .request import Request
from .search import Made, Search

CHUNK = 256  # puzzles per batch-kernel call (and per pool task) on the fast path


def seeds(req: Request, first: int, stop: int) -> np.ndarray:
    """The kernel seeds of puzzles first .. stop-1: SplitMix64 of (seed, index), vectorised (never 0)."""
    with np.errstate(over="ignore"):
        x = np.uint64(req.seed) * np.uint64(0x9E3779B97F4A7C15) + np.arange(first, stop, dtype=np.uint64) * \
            np.uint64(0xBF58476D1CE4E5B9)
        for shift, mult in ((30, 0xBF58476D1CE4E5B9), (27, 0x94D049BB133111EB)):
            x = (x ^ (x >> np.uint64(shift))) * np.uint64(mult)
        x ^= x >> np.uint64(31)
    return x | np.uint64(1)


def chunk(req: Request, first: int, stop: int) -> list[Made]:
    """Puzzles first .. stop-1 of a request (the unit of work of a run and of a pool task)."""
    if req.fast_path:
        return _batch(req, first, stop)
    kind = _kind(req)
    return [Search(req, i, kind).run() for i in range(first, stop)]


_last_kind: list = [None, None]  # (request, kind) of the last chunk: a run's chunks share their tables


def _kind(req: Request):
    """The kind object of a request, built once per run (its digger's tables cost more than an easy puzzle)."""
    from .kinds import kind_of

    if _last_kind[0] != req:
        _last_kind[:] = [req, kind_of(req)]
    return _last_kind[1]


_diggers: dict = {}


def _batch(req: Request, first: int, stop: int) -> list[Made]:
    """Plain 9x9 minimal puzzles through the batch kernel (a shorter list if an interrupt stopped it)."""
    import time

    from ..sudoku.variants import build_variant
    from .dig import Digger

    key = req.symmetry
    if key not in _diggers:
        _diggers[key] = Digger(build_variant(9, (3, 3)), req.symmetry)
    digger = _diggers[key]
    start = time.monotonic()
    puzzles, solutions, tries = digger.minimal_batch(seeds(req, first, stop), req.minimal)
    each = (time.monotonic() - start) / max(1, len(puzzles))
    out = [Made(first + k, "ok", p, s, {"givens": int(np.count_nonzero(p))}, attempts=int(t), seconds=each)
           for k, (p, s, t) in enumerate(zip(puzzles, solutions, tries))]
    if len(out) < stop - first:
        raise KeyboardInterrupt
    return out


def ranges(req: Request, count: int) -> list[tuple[int, int]]:
    """The index ranges of a run's tasks."""
    size = CHUNK if req.fast_path else 1
    return [(a, min(a + size, count)) for a in range(0, count, size)]


def run(req: Request, count: int, jobs: int = 1) -> Iterator[Made]:
    """Every puzzle of a run, in index order, as soon as it and those before it are made."""
    parts = ranges(req, count)
    if jobs <= 1 or len(parts) < 2:
        for a, b in parts:
            yield from chunk(req, a, b)
        return
    yield from _pooled(req, parts, jobs)


def _pooled(req: Request, parts, jobs: int) -> Iterator[Made]:
    """The run on a LocalPool of `jobs` workers, a few tasks ahead of the one being written."""
    from ..parallel.pool import LocalPool

    pool = LocalPool(min(jobs, len(parts)))
    try:
        waiting: deque = deque()
        todo = iter(parts)
        for a, b in todo:
            waiting.append(pool.submit(chunk, req, a, b))
            if len(waiting) >= 2 * jobs:
                break
        while waiting:
            done = waiting.popleft().result()
            nxt = next(todo, None)
            if nxt is not None:
                waiting.append(pool.submit(chunk, req, *nxt))
            yield from done
        pool.shutdown()
    finally:
        pool.terminate()
