"""Batch solving of big puzzle files on all cores, and a vectorised parser for one-puzzle-per-line files.

- ``parse_line_array(data, n)``: bytes of a file -> (grids uint8 [P, N*N], line_numbers [P], bad_rows).
- ``solve_batch(grids, geometry, limit=2, max_nodes=0, jobs=None, progress=None)``: the fast engine over
  chunks of puzzles in a ``ProcessPoolExecutor`` (jobs=1: in this process), results in input order.
- ``solve_file(path, geometry, ...)``: both; ``format_lines(grids, n)``: grids back to one-line strings.

Progress protocol: ``progress(done, total)`` is called in the calling process, with puzzle counts, once
with done=0 before any work and then after every finished chunk (chunks finish out of order; ``done`` only
grows).  Interrupts: a KeyboardInterrupt (Ctrl-C) during ``solve_batch`` is caught; the pool is shut down,
its workers stopped, and the call RETURNS a ``BatchRun`` with ``interrupted=True`` whose ``done`` mask says
which rows hold results (whole chunks); the caller writes those and exits 130.  Workers ignore SIGINT, so
only the parent sees it.
"""

from __future__ import annotations

import math
import os
import signal
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import InputError
from ..geometry import Geometry
from .fast import BAD_LINE, BatchResult, _tables, empty_batch, solve_many

EMPTY_CHARS = b".0-_"


def symbol_table(n: int) -> np.ndarray:
    """Byte -> cell value (0 = empty, 255 = invalid). N <= 9: digits 1..N; N > 9: letters A.. = 1.. (any case)."""
    lut = np.full(256, 255, np.uint8)
    for ch in EMPTY_CHARS:
        lut[ch] = 0
    if n <= 9:
        for d in range(1, n + 1):
            lut[ord(str(d))] = d
    else:
        if n > 26:
            raise InputError(f"one-line files hold N <= 26 (letters A..Z), not {n}")
        for d in range(1, n + 1):
            lut[ord("A") + d - 1] = d
            lut[ord("a") + d - 1] = d
    return lut


def parse_line_array(data: bytes, n: int, chunk_lines: int = 65536):
    """Parse a file of one puzzle per line into one array, vectorised over the bytes.

    Skips blank lines and lines starting with '#'. A puzzle line holds N*N cells ('.', '0', '-', '_' = empty;
    '1'..'9' for N <= 9, 'A'.. for N > 9); anything after the N*N chars is a comment. LF or CRLF.
    Returns (grids uint8 [P, N*N], line_numbers int64 [P] (1-based), bad_rows int64 [k]): bad_rows are the
    indices into grids of lines that are too short or hold an invalid char (their grid row is all 0); use
    ``line_error`` for a message. Never raises on bad lines.
    """
    ncells = n * n
    lut = symbol_table(n)
    buf = np.frombuffer(data, dtype=np.uint8)
    if len(buf) == 0:
        return np.zeros((0, ncells), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64)
    if buf[-1] != 10:
        buf = np.concatenate([buf, np.array([10], np.uint8)])
    ends = np.flatnonzero(buf == 10)
    starts = np.empty_like(ends)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    line_no = np.arange(1, len(ends) + 1, dtype=np.int64)
    space = (buf == 32) | (buf == 9) | (buf == 13) | (buf == 10)
    csum = np.concatenate([[0], np.cumsum(~space, dtype=np.int64)])
    nonblank = (csum[ends] - csum[starts]) > 0
    first = buf[np.minimum(starts, len(buf) - 1)]
    keep = nonblank & (first != ord("#"))
    starts, ends, line_no = starts[keep], ends[keep], line_no[keep]
    length = ends - starts
    grids = np.zeros((len(starts), ncells), np.uint8)
    bad = length < ncells
    offs = np.arange(ncells, dtype=np.int64)
    good_idx = np.flatnonzero(~bad)
    for lo in range(0, len(good_idx), chunk_lines):
        rows = good_idx[lo:lo + chunk_lines]
        vals = lut[buf[starts[rows, None] + offs]]
        badrow = (vals == 255).any(axis=1)
        vals[badrow] = 0
        grids[rows] = vals
        bad[rows[badrow]] = True
    return grids, line_no, np.flatnonzero(bad).astype(np.int64)


def line_error(line: bytes | str, n: int) -> str:
    """Why one puzzle line is invalid ('' if it is fine), for a `FILE:LINE: message` report."""
    if isinstance(line, str):
        line = line.encode("utf-8", "replace")
    line = line.rstrip(b"\r\n")
    ncells = n * n
    if len(line) < ncells:
        return f"a puzzle line needs {ncells} cells, got {len(line)} chars"
    lut = symbol_table(n)
    for i, ch in enumerate(line[:ncells]):
        if lut[ch] == 255:
            return f"invalid character {chr(ch)!r} at column {i + 1}"
    return ""


def format_lines(grids, n: int, empty: str = ".") -> list[str]:
    """Grids [P, N*N] as one-line strings in the parser's alphabet (digits for N <= 9, letters A.. above)."""
    grids = np.asarray(grids).reshape(-1, n * n)
    alphabet = np.frombuffer((empty + ("123456789" if n <= 9 else "ABCDEFGHIJKLMNOPQRSTUVWXYZ")[:n]).encode(),
                             np.uint8)
    text = alphabet[grids.astype(np.int64)]
    return [row.tobytes().decode() for row in text]


@dataclass
class BatchRun:
    """What solve_batch returns: per-row results, which rows are done, and whether Ctrl-C cut it short."""

    result: BatchResult
    done: np.ndarray        # bool [P]: the row holds a result
    interrupted: bool
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
    jobs = max(1, int(jobs if jobs else (os.cpu_count() or 1)))
    jobs = min(jobs, max(1, p))
    size = chunk_size or default_chunk_size(p, jobs)
    out = empty_batch(p, geometry.ncells)
    done = np.zeros(p, bool)
    ndone = 0
    interrupted = False
    if progress:
        progress(0, p)
    starts = list(range(0, p, size))
    if jobs == 1:
        try:
            for s in starts:
                res = solve_many(grids[s:s + size], geometry, limit=limit, max_nodes=max_nodes)
                _store(out, s, res)
                done[s:s + len(res)] = True
                ndone += len(res)
                if progress:
                    progress(ndone, p)
        except KeyboardInterrupt:
            interrupted = True
        return BatchRun(out, done, interrupted, time.perf_counter() - t0, 1)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(geometry,))
    try:
        pending = {pool.submit(_solve_chunk, s, grids[s:s + size], limit, max_nodes) for s in starts}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                s, res = fut.result()
                _store(out, s, res)
                done[s:s + len(res)] = True
                ndone += len(res)
            if progress:
                progress(ndone, p)
    except KeyboardInterrupt:
        interrupted = True
        _stop(pool)
    except BaseException:
        _stop(pool)
        raise
    else:
        pool.shutdown(wait=True)
    return BatchRun(out, done, interrupted, time.perf_counter() - t0, jobs)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now (running chunks are lost) and drop the queued ones."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


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
