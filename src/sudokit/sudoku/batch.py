"""Batch solving of big puzzle files on all cores, and a vectorised parser for one-puzzle-per-line files.

- ``parse_line_array(data, n)`` (from formats/lines.py): bytes of a file -> (grids uint8 [P, N*N], line_numbers, bad_rows).
- ``solve_batch(grids, geometry, limit=2, max_nodes=0, jobs=None, progress=None)``: the fast engine over
  chunks of puzzles in a ``LocalPool`` (parallel/pool.py; jobs=1: in this process), results in input order.
  Workers: at most the usable cores, the chunks and the puzzles.
- ``solve_file(path, geometry, ...)``: both; ``format_lines(grids, n)``: grids back to one-line strings.

Progress protocol: ``progress(done, total)`` is called in the calling process, with puzzle counts, once
with done=0 before any work and then after every finished chunk (chunks finish out of order; ``done`` only
grows).  Interrupts: a KeyboardInterrupt (Ctrl-C, or SIGTERM/SIGHUP through interrupt.signals_raise) during
``solve_batch`` is caught; the pool is terminated (its workers killed and reaped, nothing left running) and the
call RETURNS a ``BatchRun`` with ``interrupted`` set to the exception, whose ``done`` mask says which rows hold
results (whole chunks); the caller writes those and exits 128 + the signal.  Workers ignore SIGINT, so only the
parent sees it.
"""

from __future__ import annotations

import math
import signal
import time
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..checks import as_int
from ..errors import InputError
from ..geometry import Geometry
from ..formats import parse_line_array
from ..parallel import LocalPool, usable_cores
from .fast import BAD_LINE, BatchResult, _tables, empty_batch, solve_many

IN_PROCESS_CHUNK = 2000  # puzzles per call when jobs=1 (16 small chunks cost magictour's 1,465 puzzles 5%)


@dataclass
class BatchRun:
    """What solve_batch returns: per-row results, which rows are done, and whether Ctrl-C cut it short."""

    result: BatchResult
    done: np.ndarray        # bool [P]: the row holds a result
    interrupted: KeyboardInterrupt | None  # the interrupt that cut the run short (None: it ran to the end)
    seconds: float
    jobs: int


# --- worker side -------------------------------------------------------------------------------------------

_worker_geometry: Geometry | None = None


def _init_worker(geometry: Geometry) -> None:
    """Pool initializer: keep the geometry, leave Ctrl-C to the parent, load the kernels once."""
    global _worker_geometry
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_geometry = geometry
    solve_many(np.zeros((1, geometry.ncells), np.int32), geometry, limit=1)


def _solve_chunk(start: int, grids: np.ndarray, limit: int, max_nodes: int):
    """Worker task: one chunk through the fast engine."""
    res = solve_many(grids, _worker_geometry, limit=limit, max_nodes=max_nodes)
    return start, res


def _store(out: BatchResult, start: int, res: BatchResult) -> None:
    stop = start + len(res)
    out.counts[start:stop] = res.counts
    out.solutions[start:stop] = res.solutions
    out.guesses[start:stop] = res.guesses
    out.nodes[start:stop] = res.nodes
    out.complete[start:stop] = res.complete
    out.status[start:stop] = res.status


def default_chunk_size(p: int, jobs: int) -> int:
    """About 16 chunks per worker, each between 16 and 2000 puzzles."""
    return max(16, min(2000, math.ceil(p / max(1, jobs * 16))))


def solve_batch(grids, geometry: Geometry, limit: int = 2, max_nodes: int = 0, jobs: int | None = None,
                chunk_size: int | None = None,
                progress: Callable[[int, int], None] | None = None) -> BatchRun:
    """Solve every row of grids [P, N*N] with the fast engine on ``jobs`` processes (default: all cores).

    Results come back in input order. jobs=1 runs in this process. See the module docstring for the
    progress and interrupt protocol.
    """
    t0 = time.perf_counter()
    grids = np.asarray(grids)
    if grids.ndim == 2 and grids.shape[0] == 0:
        grids = grids.reshape(0, geometry.ncells)
    if grids.ndim != 2 or grids.shape[1] != geometry.ncells:
        raise InputError(f"grids must be [P, {geometry.ncells}], got shape {grids.shape}")
    p = len(grids)
    _tables(geometry)  # a geometry the engine cannot take fails here, not in a worker
    jobs = worker_count(jobs, p)
    # in this process chunks only pace the progress bar: a few big ones (each call has a fixed cost)
    size = chunk_size or (IN_PROCESS_CHUNK if jobs == 1 else default_chunk_size(p, jobs))
    starts = list(range(0, p, size))
    jobs = max(1, min(jobs, len(starts)))  # never more workers than chunks
    sink = _Sink(p, geometry.ncells, progress)
    if jobs == 1:
        interrupted = _run_here(grids, geometry, starts, size, limit, max_nodes, sink)
    else:
        interrupted = _run_pool(grids, geometry, starts, size, limit, max_nodes, sink, jobs)
    return BatchRun(sink.out, sink.done, interrupted, time.perf_counter() - t0, jobs)


class _Sink:
    """Where the chunks' results land, in input order, with the progress callback told of each."""

    def __init__(self, p: int, ncells: int, progress):
        self.out, self.done, self.p, self.progress = empty_batch(p, ncells), np.zeros(p, bool), p, progress

    def start(self) -> None:
        """Tell the callback the work begins (done=0)."""
        if self.progress:
            self.progress(0, self.p)

    def put(self, start: int, res: BatchResult) -> None:
        """Keep one chunk's results and report the rows now done."""
        _store(self.out, start, res)
        self.mark(start, len(res))

    def mark(self, start: int, rows: int) -> None:
        """Rows start.. now hold their results: report them."""
        self.done[start:start + rows] = True
        if self.progress:
            self.progress(int(self.done.sum()), self.p)


def _run_here(grids, geometry, starts, size, limit, max_nodes, sink) -> KeyboardInterrupt | None:
    """The chunks one after the other in this process; the interrupt that stopped them, if any."""
    sink.start()
    try:
        for s in starts:  # straight into the sink's rows: no copy
            part = grids[s:s + size]
            solve_many(part, geometry, limit=limit, max_nodes=max_nodes, out=sink.out.rows(s, s + len(part)))
            sink.mark(s, len(part))
    except KeyboardInterrupt as exc:
        return exc
    return None


def _run_pool(grids, geometry, starts, size, limit, max_nodes, sink, jobs) -> KeyboardInterrupt | None:
    """The chunks on a LocalPool of jobs workers (started before any thread of ours, e.g. a progress bar)."""
    pool = LocalPool(jobs, initializer=_init_worker, initargs=(geometry,))
    try:
        sink.start()
        pending = {pool.submit(_solve_chunk, s, grids[s:s + size], limit, max_nodes) for s in starts}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                sink.put(*fut.result())
    except KeyboardInterrupt as exc:
        pool.terminate()
        return exc
    except BaseException:
        pool.terminate()
        raise
    pool.shutdown(wait=True)
    return None


def worker_count(jobs: int | None, puzzles: int) -> int:
    """Processes for a batch: as asked (None or 0: all), but never more than the usable cores or the puzzles."""
    cores = usable_cores()
    wanted = cores if not jobs else as_int(jobs, "jobs", 1)
    return max(1, min(wanted, cores, puzzles))


def solve_file(path: str, geometry: Geometry, limit: int = 2, max_nodes: int = 0, jobs: int | None = None,
               progress: Callable[[int, int], None] | None = None):
    """Parse a one-puzzle-per-line file and solve its valid rows.

    Returns (grids, line_numbers, bad_rows, run): run's rows align with grids; the rows in bad_rows are not
    solved and have status BAD_LINE (done=True, count 0). ``progress`` counts the valid rows only.
    """
    with open(path, "rb") as fh:
        data = fh.read()
    grids, lines, bad = parse_line_array(data, geometry.n)
    good = np.ones(len(grids), bool)
    good[bad] = False
    sub = solve_batch(grids[good], geometry, limit=limit, max_nodes=max_nodes, jobs=jobs, progress=progress)
    if not len(bad):
        return grids, lines, bad, sub
    out = empty_batch(len(grids), geometry.ncells)
    idx = np.flatnonzero(good)
    _store_rows(out, idx, sub.result)
    out.status[bad] = BAD_LINE
    out.complete[bad] = True
    done = np.ones(len(grids), bool)
    done[idx] = sub.done
    return grids, lines, bad, BatchRun(out, done, sub.interrupted, sub.seconds, sub.jobs)


def _store_rows(out: BatchResult, idx: np.ndarray, res: BatchResult) -> None:
    out.counts[idx] = res.counts
    out.solutions[idx] = res.solutions
    out.guesses[idx] = res.guesses
    out.nodes[idx] = res.nodes
    out.complete[idx] = res.complete
    out.status[idx] = res.status
