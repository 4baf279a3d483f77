"""Grids and the one result type every Sudoku engine returns.

A *grid* is a flat int array of N*N cells, row-major, 0 = empty, 1..N = digit.
Every engine has the same signature (tdoku style): ``solve(puzzle, geometry, limit=1, max_nodes=0) -> SolveResult``;
limit 1 finds a solution, 2 proves uniqueness, larger counts (capped at the limit).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..checks import as_limit, as_max_nodes
from ..errors import InputError
from ..geometry import Geometry


@dataclass
class SolveResult:
    """What a search found: the count (capped at the limit), the first solution, and its counters."""

    count: int
    solution: np.ndarray | None
    nodes: int = 0
    guesses: int = 0
    complete: bool = True  # False when the node limit stopped the search before it could answer

    @property
    def status(self) -> str:
        """'solved', 'multiple', 'no solution' or 'limit' (answer unknown)."""
        if not self.complete and self.count == 0:
            return "limit"
        return {0: "no solution", 1: "solved"}.get(self.count, "multiple")


def as_grid(values, geometry: Geometry) -> np.ndarray:
    """A puzzle as a flat int32 array, checked for size, integer values and digit range."""
    if not isinstance(geometry, Geometry):
        raise InputError(f"geometry must be a Geometry (e.g. box_geometry(3, 3)), got {type(geometry).__name__}")
    try:
        raw = np.asarray(values)
    except (TypeError, ValueError):
        raise InputError("a puzzle is a sequence of N*N integers (0 = empty)") from None
    if raw.dtype.kind == "f" and np.all(np.isfinite(raw)) and np.all(raw == np.round(raw)):
        raw = raw.astype(np.int64)
    if raw.dtype.kind not in "iu":
        raise InputError(f"cell values must be integers 0..{geometry.n}, got {raw.dtype} values")
    grid = raw.ravel()
    if grid.size != geometry.ncells:
        raise InputError(f"a {geometry.n}x{geometry.n} grid needs {geometry.ncells} cells, got {grid.size}")
    if grid.size and (grid.min() < 0 or grid.max() > geometry.n):
        bad = int(np.flatnonzero((grid < 0) | (grid > geometry.n))[0])
        raise InputError(f"cell values must be 0..{geometry.n}, got {grid[bad]} at r{bad // geometry.n + 1}"
                         f"c{bad % geometry.n + 1}")
    return grid.astype(np.int32)


def prepare(puzzle, geometry: Geometry, limit, max_nodes) -> tuple[np.ndarray, int, int]:
    """The one check every engine's solve() makes: (grid, limit, max_nodes), or an InputError before any search.

    The grid has N*N integer cells 0..N and no clashing givens; limit is an int >= 1; max_nodes 0 (no cap) or more.
    """
    grid = as_grid(puzzle, geometry)
    check_givens(grid, geometry)
    return grid, as_limit(limit), as_max_nodes(max_nodes)


def clashes(puzzle: np.ndarray, geometry: Geometry) -> list[tuple[int, int]]:
    """Pairs of peer cells (a < b) holding the same given digit."""
    ptr = geometry.peers_ptr
    owner = np.repeat(np.arange(len(ptr) - 1), np.diff(ptr))
    given = puzzle[owner]
    if not np.any((given != 0) & (given == puzzle[geometry.peers_idx])):  # one array pass: most grids have none
        return []
    out = []
    for a in np.nonzero(puzzle)[0].tolist():
        for b in geometry.peers(a).tolist():
            if b > a and puzzle[b] == puzzle[a]:
                out.append((a, b))
    return out


def check_givens(puzzle: np.ndarray, geometry: Geometry) -> None:
    """Raise InputError naming the first two peer cells that hold the same given digit."""
    found = clashes(puzzle, geometry)
    if found:
        a, b = found[0]
        n = geometry.n
        raise InputError(f"given {puzzle[a]} at r{a // n + 1}c{a % n + 1} clashes with r{b // n + 1}c{b % n + 1}")


def is_solution(solution, puzzle, geometry: Geometry) -> bool:
    """True if solution is complete, obeys every unit and pair, and keeps every given of puzzle."""
    sol = np.asarray(solution).ravel()
    giv = np.asarray(puzzle).ravel()
    if sol.size != geometry.ncells or giv.size != geometry.ncells:
        return False
    if np.any((giv != 0) & (sol != giv)):
        return False
    want = np.arange(1, geometry.n + 1)
    if not all(np.array_equal(np.sort(sol[u]), want) for u in geometry.units):
        return False
    p = geometry.pairs
    return not np.any(sol[p[:, 0]] == sol[p[:, 1]]) if len(p) else True
