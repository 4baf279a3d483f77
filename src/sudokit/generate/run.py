"""A generation run: puzzles 0 .. count-1 of a request, in order, in this process or on a pool of workers.

Puzzle i depends only on (seed, i): its random stream is numpy's default generator seeded with [seed, i], so the
same seed gives the same puzzles on any number of processes. Plain 9x9 requests without a target go to the batch
kernel CHUNK puzzles a call; every other request is one search per puzzle (search.py).
"""

from __future__ import annotations

import threading
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


_local = threading.local()  # per thread: kinds and diggers hold scratch buffers every puzzle writes


def _kind(req: Request):
    """The kind object of a request, built once per run and thread (its digger's tables cost more than an easy
    puzzle)."""
    from .kinds import kind_of

    last = getattr(_local, "kind", (None, None))
    if last[0] != req:
        _local.kind = last = (req, kind_of(req))
    return last[1]


def _thread_diggers() -> dict:
    """This thread's diggers by symmetry."""
    if not hasattr(_local, "diggers"):
        _local.diggers = {}
    return _local.diggers


def _batch(req: Request, first: int, stop: int) -> list[Made]:
    """Plain 9x9 minimal puzzles through the batch kernel (a shorter list if an interrupt stopped it)."""
    import time

    from ..sudoku.variants import build_variant
    from .dig import Digger

    key = req.symmetry
    diggers = _thread_diggers()
    if key not in diggers:
        diggers[key] = Digger(build_variant(9, (3, 3)), req.symmetry)
    digger = diggers[key]
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


def run(req: Request, count: int, jobs: int = 1, *, scheduler: str | None = None, executor=None,
        checkpoint: str | None = None) -> Iterator[Made]:
    """Every puzzle of a run, in index order, as soon as it and those before it are made (on `jobs` processes, a
    Dask scheduler or an executor, finished tasks journalled to `checkpoint` when one is given)."""
    parts = ranges(req, count)
    if scheduler or executor is not None or checkpoint:
        yield from _on_runner(req, parts, jobs, scheduler, executor, checkpoint)
        return
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


def _on_runner(req: Request, parts, jobs: int, scheduler, executor, checkpoint) -> Iterator[Made]:
    """The run through parallel/batch.py: any executor, results in order, tasks journalled (the same seed makes
    the same puzzle at the same index, so a resumed run prints what one uninterrupted run prints)."""
    from ..parallel.batch import ordered
    from ..parallel.checkpoint import Journal, digest
    from ..parallel.executors import runner

    with Journal(checkpoint) as journal, runner(jobs, scheduler, executor) as where:
        job = digest("generate", repr(req), parts)
        blocks = [(req, a, b) for a, b in parts]
        for _, made in ordered(where, _chunk, blocks, journal=journal, job=job, encode=_encode, decode=_decode,
                               sizes=[b - a for a, b in parts]):
            yield from made


def _chunk(req: Request, first: int, stop: int) -> list[Made]:
    """chunk(), looked up when called (a task names this module-level function; workers import it)."""
    return chunk(req, first, stop)


_ARRAYS = ("puzzle", "solution", "regions")


def _encode(made: list[Made]) -> list[dict]:
    """A task's puzzles as JSON for the journal (arrays packed with their dtype and shape)."""
    from ..parallel.batch import pack

    out = []
    for m in made:
        doc = {"index": m.index, "status": m.status, "rating": _plain(m.rating), "attempts": int(m.attempts),
               "seconds": float(m.seconds), "note": m.note,
               "cages": [[int(total), [int(c) for c in cells]] for total, cells in m.cages]}
        for name in _ARRAYS:
            a = getattr(m, name)
            doc[name] = None if a is None else [pack(a), a.dtype.str, list(a.shape)]
        out.append(doc)
    return out


def _decode(docs: list[dict]) -> list[Made]:
    """The puzzles _encode journalled."""
    from ..parallel.batch import unpack

    def array(v):
        return None if v is None else unpack(v[0], np.dtype(v[1]), tuple(v[2]))

    return [Made(d["index"], d["status"], array(d["puzzle"]), array(d["solution"]), d["rating"],
                 array(d["regions"]), tuple((t, tuple(cells)) for t, cells in d["cages"]), d["attempts"],
                 d["seconds"], d["note"]) for d in docs]


def _plain(value):
    """A rating's values as plain JSON numbers and strings (numpy scalars unwrapped)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value.item() if hasattr(value, "item") else value
