"""Grids and the one result type every Sudoku engine returns.

A *grid* is a flat int array of N*N cells, row-major, 0 = empty, 1..N = digit.
Every engine has the same signature (tdoku style): ``solve(puzzle, geometry, limit=1, max_nodes=0) -> SolveResult``;
limit 1 finds a solution, 2 proves uniqueness, larger counts (capped at the limit).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
    """A puzzle as a flat int32 array, checked for size and digit range."""
    grid = np.asarray(values, dtype=np.int64).ravel()
    if grid.size != geometry.ncells:
        raise InputError(f"a {geometry.n}x{geometry.n} grid needs {geometry.ncells} cells, got {grid.size}")
    if grid.min(initial=0) < 0 or grid.max(initial=0) > geometry.n:
        raise InputError(f"cell values must be 0..{geometry.n}")
    return grid.astype(np.int32)


def clashes(puzzle: np.ndarray, geometry: Geometry) -> list[tuple[int, int]]:
    """Pairs of peer cells (a < b) holding the same given digit."""
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
