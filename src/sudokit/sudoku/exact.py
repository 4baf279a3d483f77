"""Sudoku as exact cover: one option per (cell, digit), solved by the Dancing Links engine.

Items (primary): every cell is filled once (N*N), every unit holds every digit once (U*N).
Items (secondary): a difference pair (a, b) holds digit d at most once (E*N), so anti-knight and friends are data.
Options: (cell, digit) for every digit no given peer already holds; a given cell keeps only its own digit.
"""

from __future__ import annotations

import numpy as np

from ..cover.problem import Problem
from ..cover.solver import Search
from ..geometry import Geometry
from .grid import SolveResult, check_givens


def encode(puzzle, geometry: Geometry) -> tuple[Problem, np.ndarray]:
    """The exact-cover problem of a puzzle and, per option, its (cell, digit) pair."""
    n, ncells = geometry.n, geometry.ncells
    puzzle = np.asarray(puzzle, dtype=np.int32).ravel()
    allowed = _allowed(puzzle, geometry)
    cells, digits = np.nonzero(allowed)
    pair_ptr, pair_idx = _cell_pairs(geometry)
    unit_base, pair_base = ncells, ncells + len(geometry.units) * n
    ptr, items = [0], []
    for c, d in zip(cells.tolist(), digits.tolist()):
        units = geometry.cell_units_idx[geometry.cell_units_ptr[c]:geometry.cell_units_ptr[c + 1]]
        pairs = pair_idx[pair_ptr[c]:pair_ptr[c + 1]]
        items.append(c)
        items.extend((unit_base + units * n + d).tolist())
        items.extend((pair_base + pairs * n + d).tolist())
        ptr.append(len(items))
    problem = Problem.from_arrays(pair_base, len(geometry.pairs) * n, ptr, items)
    return problem, np.stack([cells, digits + 1], axis=1).astype(np.int32)


def _allowed(puzzle: np.ndarray, geometry: Geometry) -> np.ndarray:
    """Boolean [cells, digits]: digit d+1 is possible in cell c given the givens alone."""
    n = geometry.n
    allowed = np.ones((geometry.ncells, n), bool)
    for c in np.nonzero(puzzle)[0].tolist():
        d = puzzle[c] - 1
        allowed[c] = False
        allowed[c, d] = True
        allowed[geometry.peers(c), d] = False
    return allowed


def _cell_pairs(geometry: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """CSR table: the indices of the difference pairs each cell belongs to."""
    pairs = geometry.pairs
    owners = np.concatenate([pairs[:, 0], pairs[:, 1]])
    which = np.concatenate([np.arange(len(pairs)), np.arange(len(pairs))])
    order = np.argsort(owners, kind="stable")
    ptr = np.zeros(geometry.ncells + 1, np.int64)
    ptr[1:] = np.cumsum(np.bincount(owners, minlength=geometry.ncells))
    return ptr, which[order].astype(np.int64)


def decode(options, cell_digit: np.ndarray, ncells: int) -> np.ndarray:
    """The grid a set of chosen options describes."""
    grid = np.zeros(ncells, np.int32)
    chosen = cell_digit[np.asarray(options, dtype=np.int64)]
    grid[chosen[:, 0]] = chosen[:, 1]
    return grid


def solve(puzzle, geometry: Geometry, limit: int = 1, max_nodes: int = 0) -> SolveResult:
    """Count solutions up to limit through Dancing Links; keep the first one."""
    puzzle = np.asarray(puzzle, dtype=np.int32).ravel()
    check_givens(puzzle, geometry)
    problem, cell_digit = encode(puzzle, geometry)
    search = Search(problem, max_nodes=max_nodes)
    found = search.run(limit, 1)
    first = decode(found[0], cell_digit, geometry.ncells) if found else None
    stats = search.stats
    return SolveResult(stats.solutions, first, stats.nodes, 0, not search.stopped)
