"""Target Sudoku (NOIP 2009 "靶形数独"): the completion with the highest weighted digit sum.

Score of a completion = sum over cells of digit x weight.  The default weights are the rings rule: the outer
ring weighs N-3 and each ring inward one more (6, 7, 8, 9, 10 for 9x9, as the judge uses).  Any geometry
works (its units and difference pairs are honoured).  ``best`` returns a TargetResult whose ``score`` is the
proven optimum, or None when the puzzle has no completion; ``answer`` is the judge's number (-1 for none).

Proving the optimum needs the bound to close the gap, which it does quickly on judge-like puzzles (20-30
givens: 7k nodes for all 20 NOIP cases); on an empty or nearly empty 9x9 grid it does not finish in
reasonable time, so pass max_nodes there (the result then says complete=False and gives the best found).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..checks import as_int, as_max_nodes
from ..errors import InputError
from ..interrupt import stop_flag, stoppable
from ..geometry import Geometry, standard_geometry
from ..kernels import target as kt
from .grid import as_grid, check_givens


@dataclass
class TargetResult:
    """Best score (None: no completion, or none found before the node limit), an optimal grid, counters."""

    score: int | None
    grid: np.ndarray | None
    nodes: int = 0  # search nodes (states propagated), the probe before tuning included
    complete: bool = True  # False when max_nodes stopped the search: score is then only the best found
    completions: int = 0  # completions visited (every one when exhaustive=True)
    cuts: int = 0  # subtrees cut by the bound (nodes, and children cut before being built)

    @property
    def answer(self) -> int:
        """The judge's output: the score, or -1 when there is no completion."""
        return -1 if self.score is None else self.score


def ring_weights(n: int) -> np.ndarray:
    """The rings rule as a flat int64 array: N-3 on the outer ring, +1 per ring inward."""
    return (n - 3 + rings(n)).astype(np.int64)


def rings(n: int) -> np.ndarray:
    """Ring index of each cell (0 = outer ring), flat."""
    i = np.arange(n)
    return np.minimum.outer(np.minimum(i, n - 1 - i), np.minimum(i, n - 1 - i)).ravel()


def max_weight_sum(n: int) -> int:
    """The largest sum of |weight| an N x N puzzle takes: scores stay exact in int64 and the float bound's
    rounding stays far below the 1-point gap between two scores (see _slack)."""
    return (1 << 48) // (16 * n ** 3)


def as_weights(weights, geometry: Geometry, source: str = "weights") -> np.ndarray:
    """Weights as a flat int64 array of N*N integers (None: the rings rule); too large to score exactly: InputError."""
    if weights is None:
        return ring_weights(geometry.n)
    values = np.asarray(weights, dtype=object).ravel()
    if values.size != geometry.ncells or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                                                 for v in values.tolist()):
        raise InputError(f"{source}: weights must be {geometry.ncells} integers ({geometry.n} x {geometry.n})")
    total, cap = sum(abs(int(v)) for v in values.tolist()), max_weight_sum(geometry.n)
    if total > cap:
        raise InputError(f"{source}: the weights' absolute values sum to {total}; a {geometry.n}x{geometry.n} "
                         f"target scores exactly up to a sum of {cap}")
    return np.array([int(v) for v in values.tolist()], np.int64)


def partitions(geometry: Geometry) -> np.ndarray:
    """Groups of N consecutive units that cover every cell exactly once (rows, columns, boxes, regions)."""
    n = geometry.n
    found = []
    for start in range(0, len(geometry.units) - n + 1, n):
        block = geometry.units[start:start + n]
        if np.array_equal(np.sort(block.ravel()), np.arange(geometry.ncells)):
            found.append(np.arange(start, start + n, dtype=np.int32))
    return np.array(found, dtype=np.int32).reshape(-1, n)


@dataclass
class Problem:
    """Everything the kernel needs, checked and laid out: grid, signed weights and the bound tables."""

    geometry: Geometry
    grid: np.ndarray
    weights: np.ndarray  # signed: negated when minimising, so the kernel always maximises
    sign: int
    bounds: "Bounds"


@dataclass
class Bounds:
    """Bound tables with their constants, sorted units and cell -> unit maps (see kernels/target.py)."""

    tables: np.ndarray
    consts: np.ndarray
    by_weight: np.ndarray
    part_unit: np.ndarray


@dataclass
class Fit:
    """The partitions of a geometry, each cell's unit in them, and least-squares unit multipliers."""

    parts: np.ndarray
    cell_unit: np.ndarray
    lam: np.ndarray
    part_cells: np.ndarray  # the cells of each partition's units, int64 [P, N, N]


def prepare(puzzle, geometry: Geometry | None = None, weights=None, minimize: bool = False) -> Problem:
    """Check the puzzle (size, digits, clashing givens) and build the kernel's arrays."""
    if isinstance(puzzle, str):
        puzzle = parse_target(puzzle)
    if geometry is None:
        geometry = standard_geometry(_side(np.asarray(puzzle).size))
    grid = as_grid(puzzle, geometry)
    check_givens(grid, geometry)
    sign = -1 if minimize else 1
    ws = sign * as_weights(weights, geometry)
    return Problem(geometry, grid, ws, sign, _lsq_bounds(geometry, ws.tobytes()))


def _side(size: int) -> int:
    """N for a grid of N*N cells."""
    n = int(round(size ** 0.5))
    if n * n != size or n < 1:
        raise InputError(f"a square grid needs N*N cells, got {size}")
    return n


@lru_cache(maxsize=32)
def _fit(geometry: Geometry, weight_bytes: bytes) -> Fit:
    """Least-squares fit of the weights by one constant per unit of every partition (cached).

    Every unit holds each digit once, so its digits sum to T = N(N+1)/2, and for any multipliers lam the
    score of every completion is sum (w - sum_{q != p} lam_q) d + T sum_{q != p} sum(lam_q): the table of
    partition p.  Bounding it unit by unit over partition p is much tighter on the residual than on the raw
    weights (for the rings rule the residuals are within +-1 instead of spreading over 4).
    """
    ws = np.frombuffer(weight_bytes, dtype=np.int64)
    n, ncells = geometry.n, geometry.ncells
    parts = partitions(geometry)
    cell_unit = np.zeros((len(parts), ncells), np.int64)
    for p, units in enumerate(parts):
        for k, u in enumerate(units):
            cell_unit[p, geometry.units[u]] = k
    design = np.zeros((ncells, len(parts) * n))
    for p in range(len(parts)):
        design[np.arange(ncells), p * n + cell_unit[p]] = 1.0
    lam = np.linalg.lstsq(design, ws.astype(float), rcond=None)[0].reshape(len(parts), n) if len(parts) else \
        np.zeros((0, n))
    return Fit(parts, cell_unit, lam, geometry.units[parts].astype(np.int64))


@lru_cache(maxsize=32)
def _lsq_bounds(geometry: Geometry, weight_bytes: bytes) -> Bounds:
    """The tables of the least-squares multipliers (cached)."""
    fit = _fit(geometry, weight_bytes)
    return _bounds(np.frombuffer(weight_bytes, dtype=np.int64), geometry, fit, [fit.lam] * len(fit.parts))


def _slack(tables: np.ndarray, consts: np.ndarray, n: int) -> float:
    """A bound on the float rounding of a table's bound, added to its constant so a cut is never wrong.

    A bound sums N*N terms t*d (|d| <= N) and a constant; each addition may round by 2^-53 of the running sum,
    so ncells * (N * sum|t| + |const|) * 2^-50 is 8x the worst case. The weight cap (max_weight_sum) keeps it
    far below the 1 - 1e-6 margin of a cut; for the rings rule it is about 1e-9.
    """
    if not len(tables):
        return 0.0
    size = float(np.max(n * np.abs(tables).sum(axis=1) + np.abs(consts)))
    return tables.shape[1] * size * 2.0 ** -50


def _bounds(ws: np.ndarray, geometry: Geometry, fit: Fit, lams: list[np.ndarray]) -> Bounds:
    """One table per partition p from multipliers lams[p] (the other partitions' rows of it are used)."""
    n, ncells, nparts = geometry.n, geometry.ncells, len(fit.parts)
    total = n * (n + 1) / 2
    tables = np.zeros((nparts, ncells))
    consts = np.zeros(nparts)
    for p, lam in enumerate(lams):
        others = [q for q in range(nparts) if q != p]
        tables[p] = ws - sum((lam[q][fit.cell_unit[q]] for q in others), np.zeros(ncells))
        consts[p] = total * sum(lam[q].sum() for q in others)
    consts += _slack(tables, consts, n)
    by_weight = np.zeros((nparts, n, n), np.int32)
    part_unit = np.zeros((nparts, ncells), np.int64)
    for p in range(nparts):
        cells = geometry.units[fit.parts[p]]
        order = np.argsort(-tables[p][cells], axis=1, kind="stable")
        by_weight[p] = np.take_along_axis(cells, order, axis=1)
        part_unit[p] = fit.cell_unit[p]
    return Bounds(tables, consts, by_weight, part_unit)


PROBE_NODES = 100  # a search still running after this many nodes gets tuned multipliers
TUNE_ITERS = 30  # subgradient steps per table; judge data: 30 steps of 0.25 x Polyak halve the nodes
TUNE_STEP = 0.25


def run(problem: Problem, max_nodes: int = 0, exhaustive: bool = False, floor: int | None = None) -> TargetResult:
    """Run the kernel on a prepared problem; long searches get multipliers tuned at the root first.

    The search starts with the least-squares tables; if it has not finished within PROBE_NODES, the best
    score found so far is the target of a subgradient descent on each table's multipliers at the root, and
    the search restarts with the tuned tables, looking only for scores at least that good.
    """
    max_nodes = as_max_nodes(max_nodes)
    lower = kt.NEG if floor is None else problem.sign * as_int(floor, "floor", -(1 << 62), 1 << 62)
    if exhaustive or not len(problem.bounds.tables):
        return _result(problem, _kernel(problem, problem.bounds, not exhaustive, lower, max_nodes))
    budget = PROBE_NODES if max_nodes <= 0 else min(PROBE_NODES, max_nodes)
    first = _kernel(problem, problem.bounds, True, lower, budget)
    stats, found = first[2], first[2][2]
    if stats[3] or (max_nodes and stats[0] >= max_nodes):
        return _result(problem, first)
    target = first[0] if found else lower
    tuned = _tuned(problem, target, first[3]) if found else problem.bounds
    rest = max_nodes - stats[0] if max_nodes else 0
    second = _kernel(problem, tuned, True, target - 1 if found else lower, rest)
    if found and not second[2][2]:
        second = (first[0], first[1], second[2].copy())
        second[2][2] = 1
    second[2][[0, 1, 4]] += stats[[0, 1, 4]]
    return _result(problem, second)


def _kernel(problem: Problem, bounds: Bounds, use_bound: bool, lower: int, max_nodes: int):
    """One call of the search kernel: (signed best score, grid, stats, (root masks, root values))."""
    geo, ws = problem.geometry, problem.weights
    n, ncells, ntab = geo.n, geo.ncells, len(bounds.tables)
    cand0 = _masks(problem)
    levels = int(np.count_nonzero(problem.grid == 0)) + 2
    stats = np.zeros(5, np.int64)
    out = np.zeros(ncells, np.int64)
    st_cand, st_val = np.zeros((levels, ncells), np.int64), np.zeros((levels, ncells), np.int64)
    args = (cand0, geo.units, geo.peers_ptr, geo.peers_idx, ws, bounds.tables, bounds.consts, bounds.by_weight,
            bounds.part_unit, use_bound, lower, int(max_nodes), st_cand, st_val, np.zeros(levels, np.int64),
            np.zeros(levels, np.int64), np.zeros((levels, ntab, n)), np.zeros((levels, ntab), np.int64),
            np.zeros(2 * n + 3, np.int64), np.zeros(2 * ncells + 1, np.int64), out, stats)
    if 0 < max_nodes <= PROBE_NODES:  # the probe: too short to need a thread Ctrl-C can stop
        score = kt.search(*args, stop_flag())
    else:
        score = stoppable(kt.search, *args, stop=stop_flag())
    return score, out, stats, (st_cand[0], st_val[0])


def _result(problem: Problem, raw) -> TargetResult:
    """A TargetResult from the kernel's (score, grid, stats)."""
    score, out, stats = raw[:3]
    found = bool(stats[2])
    return TargetResult(int(problem.sign * score) if found else None, out.astype(np.int32) if found else None,
                        int(stats[0]), bool(stats[3]), int(stats[1]), int(stats[4]))


def _tuned(problem: Problem, target: int, root: tuple[np.ndarray, np.ndarray]) -> Bounds:
    """Tables whose multipliers were tuned by subgradient descent at the root node, towards target.

    root: the masks and values after propagating the givens (level 0 of the probe's stack).
    """
    geo, ws = problem.geometry, problem.weights
    n, ncells = geo.n, geo.ncells
    fit = _fit(geo, ws.tobytes())
    cand, val = root
    floats, ints = np.zeros((4, ncells)), np.zeros(3 * n + 3, np.int64)
    spare = np.zeros((2,) + fit.lam.shape)
    lams = []
    for p in range(len(fit.parts)):
        lam = fit.lam.copy()
        kt.tune(p, fit.part_cells, fit.cell_unit, ws, lam, cand, val, float(target), TUNE_ITERS, TUNE_STEP,
                floats[0], floats[1], floats[2], floats[3], ints[:n], ints[n:], spare[0], spare[1])
        lams.append(lam)
    return _bounds(ws, geo, fit, lams)


def _full(n: int) -> int:
    """The mask of all N digits, as an int64 value."""
    return (1 << n) - 1 if n < 64 else -1


def _masks(problem: Problem) -> np.ndarray:
    """Candidate masks of the puzzle: the given's bit, or every digit for an empty cell."""
    grid = problem.grid.astype(np.int64)
    bits = np.left_shift(np.int64(1), np.maximum(grid, 1) - 1)
    return np.where(grid > 0, bits, np.int64(_full(problem.geometry.n)))


def best(puzzle, geometry: Geometry | None = None, weights=None, minimize: bool = False, max_nodes: int = 0,
         exhaustive: bool = False, floor: int | None = None) -> TargetResult:
    """The completion of puzzle with the highest (lowest with minimize) weighted digit sum, proven optimal.

    puzzle: N*N digits (0 = empty) or text; geometry: default standard for N; weights: N x N integers or
    None for the rings rule; max_nodes: 0 = no limit, else stop there (complete=False, score = best found);
    exhaustive: visit every completion without the bound (the baseline, and ``completions`` counts them);
    floor: only completions scoring above it are looked for (None when there is none).
    """
    return run(prepare(puzzle, geometry, weights, minimize), max_nodes, exhaustive, floor)


def parse_target(text: str, n: int | None = None) -> np.ndarray:
    """A puzzle from N lines of N space-separated integers (0 = empty), or one line of N*N digits/dots."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines()) if ln.strip()]
    if not lines:
        raise InputError("empty input")
    if len(lines) == 1 and " " not in lines[0][1]:
        return _parse_line(lines[0][1])
    size = n or len(lines[0][1].split())
    if len(lines) != size:
        raise InputError(f"expected {size} lines of {size} integers, got {len(lines)} lines")
    rows = []
    for lineno, line in lines:
        fields = line.split()
        if len(fields) != size:
            raise InputError(f"line {lineno}: expected {size} integers, got {len(fields)}")
        bad = next((f for f in fields if not f.isdigit() or int(f) > size), None)
        if bad is not None:
            raise InputError(f"line {lineno}: {bad!r} is not a digit 0..{size}")
        rows.append([int(f) for f in fields])
    return np.array(rows, dtype=np.int32).ravel()


def _parse_line(line: str) -> np.ndarray:
    """One line of N*N characters: digits 1..9, and 0 or . for empty."""
    n = int(round(len(line) ** 0.5))
    if n * n != len(line) or n > 9:
        raise InputError(f"a one-line puzzle needs N*N characters (N <= 9), got {len(line)}")
    bad = next((ch for ch in line if not (ch == "." or ch.isdigit() and int(ch) <= n)), None)
    if bad is not None:
        raise InputError(f"{bad!r} is not a digit 0..{n} or '.'")
    return np.array([0 if ch == "." else int(ch) for ch in line], dtype=np.int32)


def parse_weights(text: str, n: int, source: str = "weights") -> np.ndarray:
    """Weights from N lines of N space-separated integers (any sign); errors name the source and line."""
    lines = [(i + 1, ln.split()) for i, ln in enumerate(text.splitlines()) if ln.strip()]
    if len(lines) != n:
        raise InputError(f"{source}: weights need {n} lines of {n} integers, found {len(lines)} lines")
    values = []
    for k, fields in lines:
        if len(fields) != n:
            raise InputError(f"{source}:{k}: expected {n} integers, found {len(fields)}")
        bad = next((f for f in fields if not re.fullmatch(r"[+-]?\d+", f)), None)
        if bad is not None:
            raise InputError(f"{source}:{k}: {bad!r} is not an integer")
        values.extend(int(f) for f in fields)
    return as_weights(values, standard_geometry(n), source)


def ring_scores(grid, weights, n: int) -> list[tuple[int, int]]:
    """(ring, score of the cells of that ring) for a full grid, outer ring first."""
    g = np.asarray(grid, dtype=np.int64).ravel()
    w = np.asarray(weights, dtype=np.int64).ravel()
    ring = rings(n)
    return [(k, int((g * w)[ring == k].sum())) for k in range((n + 1) // 2)]
