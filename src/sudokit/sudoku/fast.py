"""The fast engine (default): numba bitmask search for any geometry with N <= 64.

``solve(puzzle, geometry, limit=1, max_nodes=0) -> SolveResult`` has the signature of every engine;
``solve_many(grids, geometry, limit=2, max_nodes=0) -> BatchResult`` solves a [P, N*N] array in ONE numba
call.  Standard 9x9 geometry goes to the band/digit bitboard kernel (kernels/simd9.py where the CPU has AVX2
and a fast BMI2, else kernels/bitmask9.py, picked once per process); every other geometry to the general
kernels: plain r x c box geometries with 2 <= r, c <= 4, r*N <= 64 and N <= BANDS_MAX_N to the band bitboards
computed from the box shape (kernels/bands.py), the rest (larger N, other box shapes, jigsaw regions, extra
units, extra pairs) to the cell-major bitmask kernel (kernels/bitmask.py).  Nothing is compiled at import:
the kernels compile (or load from numba's cache) on first use.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from ..errors import InputError
from ..geometry import Geometry
from ..checks import as_int, as_limit, as_max_nodes
from ..interrupt import stop_flag, stoppable
from .grid import SolveResult, prepare

# batch status codes (OK / CLASH / BAD_VALUE are the kernels' numbers; BAD_LINE is set by batch.solve_file)
OK, CLASH, BAD_VALUE, BAD_LINE = 0, 1, 2, 3  # the first three as in kernels/bitmask.py (not imported: no numba here)
STATUS_NAMES = {OK: "ok", CLASH: "clash", BAD_VALUE: "bad value", BAD_LINE: "bad line"}

FIRST_BUDGET = 20_000  # nodes a puzzle may take in the calling thread before it is redone where Ctrl-C can stop it
_tables_cache: "weakref.WeakKeyDictionary[Geometry, tuple]" = weakref.WeakKeyDictionary()
_nine_cache: "weakref.WeakKeyDictionary[Geometry, bool]" = weakref.WeakKeyDictionary()
_band_cache: "weakref.WeakKeyDictionary[Geometry, tuple]" = weakref.WeakKeyDictionary()
BANDS_MAX_N = 16  # the general engine uses the band kernel up to this N: all its shapes (16x16 measured: kernels/bands.py)
KERNELS = ("auto", "general", "nine", "bands", "cells")


def locked_candidate_tables(geometry: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """For each pair of units A, B sharing 2..N-1 cells: [A&B | A\\B | B\\A] cell lists, as (ptr [T, 6], cells);
    a row of ptr is the 4 bounds of the three lists in cells, then A and B."""
    units = geometry.units
    nu = len(units)
    inc = np.zeros((nu, geometry.ncells), dtype=np.int32)
    inc[np.repeat(np.arange(nu), geometry.n), units.ravel()] = 1
    overlap = inc @ inc.T
    ptr, cells = [], []
    pos = 0
    for a, b in zip(*np.nonzero(np.triu(overlap, 1))):
        k = overlap[a, b]
        if k < 2 or k >= geometry.n:
            continue
        sa, sb = set(units[a].tolist()), set(units[b].tolist())
        parts = [sorted(sa & sb), sorted(sa - sb), sorted(sb - sa)]
        row = [pos]
        for part in parts:
            cells.extend(part)
            pos += len(part)
            row.append(pos)
        ptr.append(row + [int(a), int(b)])
    return (np.array(ptr, dtype=np.int64).reshape(-1, 6), np.array(cells, dtype=np.int32))


def _tables(geometry: Geometry) -> tuple:
    """(units, peers_ptr, peers_idx, lc_ptr, lc_cells, cu_ptr, cu_idx), computed once per Geometry object."""
    got = _tables_cache.get(geometry)
    if got is None:
        if geometry.n > 64:
            raise InputError(f"the fast engine handles N <= 64, not {geometry.n}")
        lc_ptr, lc_cells = locked_candidate_tables(geometry)
        got = (np.ascontiguousarray(geometry.units, dtype=np.int32),
               np.ascontiguousarray(geometry.peers_ptr, dtype=np.int32),
               np.ascontiguousarray(geometry.peers_idx, dtype=np.int32), lc_ptr, lc_cells,
               np.ascontiguousarray(geometry.cell_units_ptr, dtype=np.int32),
               np.ascontiguousarray(geometry.cell_units_idx, dtype=np.int32))
        _tables_cache[geometry] = got
    return got


def _use_nine(geometry: Geometry) -> bool:
    """True when the 9x9 bitboard kernel applies: exactly the rows, columns and 3x3 boxes, no pairs."""
    if geometry.n != 9 or len(geometry.units) != 27 or len(geometry.pairs) or _nine() is None:
        return False
    got = _nine_cache.get(geometry)
    if got is None:
        from ..geometry import box_geometry

        want = {tuple(u) for u in np.sort(box_geometry(3, 3).units, axis=1).tolist()}
        got = {tuple(u) for u in np.sort(geometry.units, axis=1).tolist()} == want
        _nine_cache[geometry] = got
    return got


def _band_shape(geometry: Geometry) -> tuple[int, int] | None:
    """(r, c) when the band kernel applies: exactly the rows, columns and r x c boxes it fits, no pairs."""
    got = _band_cache.get(geometry)
    if got is None:
        got = ()
        box = geometry.box
        if box is not None and not len(geometry.pairs) and len(geometry.units) == 3 * geometry.n:
            from ..geometry import box_geometry
            from ..kernels.bands import fits

            r, c = box
            if r * c == geometry.n and fits(r, c):
                want = {tuple(u) for u in np.sort(box_geometry(r, c).units, axis=1).tolist()}
                if {tuple(u) for u in np.sort(geometry.units, axis=1).tolist()} == want:
                    got = (r, c)
        _band_cache[geometry] = got
    return got or None


_BAND_TABLES: dict = {}


def _band_tables(r: int, c: int) -> tuple[np.ndarray, np.ndarray]:
    """kernels.bands lookup tables for r x c boxes, built once per process."""
    if (r, c) not in _BAND_TABLES:
        from ..kernels.bands import tables

        _BAND_TABLES[(r, c)] = tables(r, c)
    return _BAND_TABLES[(r, c)]


_NINE: list = []  # the 9x9 kernel module picked at start-up (first use), or [None]


def _nine():
    """The 9x9 kernel module: kernels.simd9 where the CPU has its instructions, else kernels.bitmask9 (None if
    neither imports).  Picked once per process."""
    if not _NINE:
        _NINE.append(_pick_nine())
    return _NINE[0]


def _pick_nine():
    try:
        from ..kernels import bitmask9, simd9
    except ImportError:  # pragma: no cover - optional fast path
        return None
    return simd9 if simd9.supported() else bitmask9


@dataclass
class BatchResult:
    """Per-puzzle arrays of a batch: count (capped at limit), solution (0s when none), counters, flags."""

    counts: np.ndarray      # int64 [P]
    solutions: np.ndarray   # int32 [P, N*N]
    guesses: np.ndarray     # int64 [P]
    nodes: np.ndarray       # int64 [P]
    complete: np.ndarray    # bool [P]: False when max_nodes stopped the search before it could answer
    status: np.ndarray      # int8 [P]: OK, CLASH (givens clash, count 0) or BAD_VALUE (a value outside 0..N)

    def __len__(self) -> int:
        return len(self.counts)

    def put(self, rows: np.ndarray, other: "BatchResult") -> None:
        """Write other's rows into these rows."""
        for name in ("counts", "solutions", "guesses", "nodes", "complete", "status"):
            getattr(self, name)[rows] = getattr(other, name)

    def rows(self, start: int, stop: int) -> "BatchResult":
        """Rows start:stop as views: a kernel writing them writes here (no copy afterwards)."""
        return BatchResult(self.counts[start:stop], self.solutions[start:stop], self.guesses[start:stop],
                           self.nodes[start:stop], self.complete[start:stop], self.status[start:stop])

    def result(self, i: int) -> SolveResult:
        """Row i as a SolveResult (clashing / bad rows come back as 0 solutions)."""
        sol = self.solutions[i].copy() if self.counts[i] > 0 else None
        return SolveResult(int(self.counts[i]), sol, int(self.nodes[i]), int(self.guesses[i]),
                           bool(self.complete[i]))


def empty_batch(p: int, ncells: int) -> BatchResult:
    """A BatchResult of p rows, all zero."""
    return BatchResult(np.zeros(p, np.int64), np.zeros((p, ncells), np.int32), np.zeros(p, np.int64),
                       np.zeros(p, np.int64), np.zeros(p, bool), np.zeros(p, np.int8))


def solve_many(grids, geometry: Geometry, limit: int = 2, max_nodes: int = 0, lc_rounds: int = 1,
               kernel: str = "auto", out: BatchResult | None = None) -> BatchResult:
    """Solve every row of grids (int array [P, N*N], 0 = empty) in one numba call.

    limit: 1 = find a solution, 2 = prove uniqueness, k = count up to k. max_nodes: per-puzzle node limit
    (0 = none). Clashing givens are reported in ``status`` (CLASH), never raised. kernel: "auto", "general"
    (any geometry: band bitboards where they fit and N <= BANDS_MAX_N, else cell masks), "nine" (9x9 bitboards;
    standard 9x9 only), "bands" (box geometries kernels.bands fits) or "cells" (cell masks, any geometry).
    lc_rounds: locked-candidate sweeps per node in the cell-mask kernel (0 = none; 1, the default, measured best
    on the tdoku sets); another value keeps "general" on the cell masks. out: where to write the results (a
    BatchResult of len(grids) rows, e.g. rows() of a bigger one; copying chunk results into a whole-file result
    cost the batch path 2 us a puzzle on easy sets); by default a new one.
    """
    limit, max_nodes = as_limit(limit), as_max_nodes(max_nodes)
    ncells = geometry.ncells
    grids = np.asarray(grids)
    if grids.dtype.kind not in "iu":
        raise InputError(f"grids must hold integers 0..{geometry.n}, got {grids.dtype}")
    if grids.ndim == 1:
        grids = grids.reshape(1, -1)
    if grids.ndim != 2 or grids.shape[1] != ncells:
        raise InputError(f"grids must be [P, {ncells}], got shape {grids.shape}")
    # one dtype (uint8) for every call, so the kernels compile once; out-of-range rows -> BAD_VALUE
    bad = None
    if grids.dtype != np.uint8:
        grids = np.asarray(grids, dtype=np.int64)
        badrow = ((grids < 0) | (grids > geometry.n)).any(axis=1)
        if badrow.any():
            bad = badrow
            grids = np.where(badrow[:, None], 0, grids)
        grids = grids.astype(np.uint8)
    grids = np.ascontiguousarray(grids)
    res = empty_batch(len(grids), ncells) if out is None else out
    if len(res) != len(grids) or res.solutions.shape[1:] != (ncells,):
        raise InputError(f"out must hold {len(grids)} rows of {ncells} cells")
    if len(grids) == 0:
        return res
    _run(grids, geometry, limit, max_nodes, lc_rounds, kernel, res)
    if bad is not None:
        res.status[bad] = BAD_VALUE
        res.counts[bad] = 0
        res.solutions[bad] = 0
        res.guesses[bad] = 0
        res.nodes[bad] = 0
        res.complete[bad] = True
    return res


def _run(grids, geometry, limit, max_nodes, lc_rounds, kernel, res):
    """Solve one uint8 batch: every puzzle first within FIRST_BUDGET nodes in this thread (no thread hand-off for
    the many quick ones), then the unfinished ones again from scratch where Ctrl-C can stop them (interrupt.py)."""
    call = _kernel(geometry, kernel, lc_rounds)
    budget = max_nodes if 0 < max_nodes <= FIRST_BUDGET else FIRST_BUDGET
    call(grids, limit, budget, res, stop_flag())
    if budget == max_nodes:
        return
    redo = np.flatnonzero(~res.complete & (res.status == OK))
    if len(redo):
        again = empty_batch(len(redo), geometry.ncells)
        stoppable(call, grids[redo], limit, max_nodes, again, stop=stop_flag())
        res.put(redo, again)


def _kernel(geometry: Geometry, kernel: str, lc_rounds: int):
    """call(grids, limit, max_nodes, res, stop): the batch kernel for the geometry ("auto"), or the one named."""
    if kernel not in KERNELS:
        raise InputError(f"unknown kernel {kernel!r} ({', '.join(KERNELS)})")
    lc_rounds = as_int(lc_rounds, "lc_rounds", 0, 1 << 30)
    if (_use_nine(geometry) if kernel == "auto" else kernel == "nine"):
        if not _use_nine(geometry):
            raise InputError("the 9x9 kernel needs the standard 9x9 geometry")
        return lambda g, limit, max_nodes, r, stop: _nine().solve_many9(
            g, limit, max_nodes, r.counts, r.solutions, r.guesses, r.nodes, r.complete, r.status, stop)
    shape = _band_shape(geometry)
    if kernel == "bands" and shape is None:
        raise InputError("the band kernel needs rows, columns and r x c boxes with 2 <= r, c <= 4 and r*N <= 64")
    if kernel == "bands" or kernel in ("auto", "general") and shape and geometry.n <= BANDS_MAX_N and lc_rounds == 1:
        from ..kernels.bands import run_many as bands_many

        (br, bc), (t16, t64) = shape, _band_tables(*shape)
        _, pp, pi = _tables(geometry)[:3]
        return lambda g, limit, max_nodes, r, stop: bands_many(
            g, geometry.n, br, bc, t16, t64, limit, max_nodes, r.counts, r.solutions, r.guesses, r.nodes,
            r.complete, r.status, stop, pp, pi)
    from ..kernels.bitmask import search_many

    units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx = _tables(geometry)
    return lambda g, limit, max_nodes, r, stop: search_many(
        g, geometry.n, units, pp, pi, lc_ptr, lc_cells, lc_rounds, limit, max_nodes, r.counts, r.solutions,
        r.guesses, r.nodes, r.complete, r.status, stop, cu_ptr, cu_idx)


def solve(puzzle, geometry: Geometry, limit: int = 1, max_nodes: int = 0) -> SolveResult:
    """Count solutions up to limit (1 solve, 2 uniqueness, more = count); keep the first one.

    Raises InputError for a wrong size, a value outside 0..N or clashing givens, before any search.
    """
    grid, limit, max_nodes = prepare(puzzle, geometry, limit, max_nodes)
    res = solve_many(grid.reshape(1, -1), geometry, limit=limit, max_nodes=max_nodes)
    return res.result(0)


def solve_checked(grid: np.ndarray, geometry: Geometry, limit: int = 2) -> SolveResult | None:
    """solve() of a flat uint8 grid the caller has checked (N*N cells, values 0..N, N <= 64): no input checks,
    one row to the batch kernel; None when the givens clash (solve() then says where).

    A rating proves its puzzle unique through this (logic/api.py): solve()'s prepare and solve_many's checks and
    conversions took ~90 of the ~100 us of that proof on 9x9, the kernel ~5 (_run's np.flatnonzero for the rare redo
    cost 4 us of the remaining 21: one row's flag is read instead)."""
    call, grids, res = _kernel(geometry, "auto", 1), grid.reshape(1, -1), empty_batch(1, geometry.ncells)
    call(grids, limit, FIRST_BUDGET, res, stop_flag())
    if not res.complete[0] and res.status[0] == OK:  # as _run: again from scratch where Ctrl-C can stop it
        res = empty_batch(1, geometry.ncells)
        stoppable(call, grids, limit, 0, res, stop=stop_flag())
    return res.result(0) if res.status[0] == OK else None


def warm_up(geometry: Geometry | None = None) -> None:
    """Compile (or load from cache) the kernels for geometry (default: 9x9 and a 4x4 general one)."""
    from ..geometry import box_geometry

    geos = [geometry] if geometry is not None else [box_geometry(3, 3), box_geometry(2, 2)]
    for g in geos:
        solve_many(np.zeros((1, g.ncells), np.int32), g, limit=1)
        if _use_nine(g):
            solve_many(np.zeros((1, g.ncells), np.int32), g, limit=1, kernel="general")
