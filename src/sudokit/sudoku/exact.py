"""Sudoku as exact cover: one option per (cell, digit), solved by the exact-cover engine (dancing cells).

Items (primary): every cell is filled once (N*N), every unit holds every digit once (U*N).
Items (secondary): a difference pair (a, b) holds digit d at most once (E*N), so anti-knight and friends are data.
Options: (cell, digit) for every digit no given peer already holds; a given cell keeps only its own digit.

Variant data beyond units and pairs, all optional keyword arguments (new items go after the ones above):
- ``candidates``: bool [N*N, N] mask (pencilmark / Sukaku): only (c, d) with candidates[c, d-1] become options;
- ``cages``: Killer cages as (sum, cells) (Knuth's treatment, TAOCP 7.2.2.1): primary items g (the cage picks one
  digit set) and (g, d) for every digit d; option (c, d) covers (g, d) for the cage g of c, and the cage option
  for a set D of |g| distinct digits summing to the cage sum covers g and every (g, d) with d not in D, so the
  cells of g take exactly the digits of D, each once;
- ``nonconsecutive``: E x 2 cell pairs that may not hold consecutive digits: secondary items (e, k), k = 1..N-1,
  "edge e uses a digit of {k, k+1}"; option (c, d) covers (e, d-1) and (e, d) for every edge e at c.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ..cover.problem import Problem
from ..cover.solver import Search
from ..errors import InputError
from ..geometry import Geometry
from .grid import SolveResult, prepare


def encode(puzzle, geometry: Geometry, *, candidates=None, cages=(), nonconsecutive=None
           ) -> tuple[Problem, np.ndarray]:
    """The exact-cover problem of a puzzle and, per (cell, digit) option, its pair (cage options come after)."""
    n, ncells = geometry.n, geometry.ncells
    puzzle = np.asarray(puzzle, dtype=np.int32).ravel()
    allowed = _allowed(puzzle, geometry)
    if candidates is not None:
        allowed &= np.asarray(candidates, bool).reshape(ncells, n)
    cages = [(int(s), np.asarray(cells, np.int64)) for s, cells in cages]
    edges = np.zeros((0, 2), np.int64) if nonconsecutive is None else np.asarray(nonconsecutive, np.int64)
    cells, digits = np.nonzero(allowed)
    pair_ptr, pair_idx = _incidence(geometry.pairs, ncells)
    edge_ptr, edge_idx = _incidence(edges.reshape(-1, 2), ncells)
    cage_ptr, cage_idx = _cage_incidence(cages, ncells)
    unit_base = ncells
    cage_base = unit_base + len(geometry.units) * n
    cage_digit_base = cage_base + len(cages)
    pair_base = cage_digit_base + len(cages) * n
    edge_base = pair_base + len(geometry.pairs) * n
    ptr, items = [0], []
    for c, d in zip(cells.tolist(), digits.tolist()):
        units = geometry.cell_units_idx[geometry.cell_units_ptr[c]:geometry.cell_units_ptr[c + 1]]
        items.append(c)
        items.extend((unit_base + units * n + d).tolist())
        items.extend((cage_digit_base + cage_idx[cage_ptr[c]:cage_ptr[c + 1]] * n + d).tolist())
        items.extend((pair_base + pair_idx[pair_ptr[c]:pair_ptr[c + 1]] * n + d).tolist())
        for e in edge_idx[edge_ptr[c]:edge_ptr[c + 1]].tolist():
            items.extend(edge_base + e * (n - 1) + k for k in (d - 1, d) if 0 <= k < n - 1)
        ptr.append(len(items))
    _cage_options(cages, allowed, n, cage_base, cage_digit_base, ptr, items)
    problem = Problem.from_arrays(pair_base, len(geometry.pairs) * n + len(edges) * (n - 1), ptr, items)
    return problem, np.stack([cells, digits + 1], axis=1).astype(np.int32)


def _cage_options(cages, allowed, n, cage_base, cage_digit_base, ptr, items) -> None:
    """Append one option per possible digit set of every cage: item g and (g, d) for each digit d not in it."""
    for g, (total, members) in enumerate(cages):
        for digit_set in cage_digit_sets(total, members, allowed, n):
            items.append(cage_base + g)
            items.extend(cage_digit_base + g * n + d - 1 for d in range(1, n + 1) if d not in digit_set)
            ptr.append(len(items))


def cage_digit_sets(total: int, members: np.ndarray, allowed: np.ndarray, n: int) -> list[frozenset[int]]:
    """The sets of len(members) distinct digits 1..N summing to total that the cage's cells could hold."""
    possible = allowed[members]
    forced = {int(np.flatnonzero(row)[0]) + 1 for row in possible if row.sum() == 1}
    out = []
    for combo in combinations(range(1, n + 1), len(members)):
        if sum(combo) != total:
            continue
        if forced <= set(combo) and all(possible[:, d - 1].any() for d in combo):
            out.append(frozenset(combo))
    return out


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


def _incidence(pairs: np.ndarray, ncells: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR table: the indices of the pairs (E x 2) each cell belongs to."""
    owners = np.concatenate([pairs[:, 0], pairs[:, 1]]).astype(np.int64)
    which = np.concatenate([np.arange(len(pairs)), np.arange(len(pairs))])
    order = np.argsort(owners, kind="stable")
    ptr = np.zeros(ncells + 1, np.int64)
    ptr[1:] = np.cumsum(np.bincount(owners, minlength=ncells))
    return ptr, which[order].astype(np.int64)


def _cage_incidence(cages, ncells: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR table: the indices of the cages each cell belongs to."""
    owner = [(int(c), g) for g, (_, cells) in enumerate(cages) for c in cells]
    owners = np.array([c for c, _ in owner], np.int64)
    which = np.array([g for _, g in owner], np.int64)
    order = np.argsort(owners, kind="stable")
    ptr = np.zeros(ncells + 1, np.int64)
    ptr[1:] = np.cumsum(np.bincount(owners, minlength=ncells))
    return ptr, which[order]


def as_candidates(candidates, geometry: Geometry) -> np.ndarray | None:
    """A pencilmark mask as bool [N*N, N] (None stays None); another shape or a cell left empty is an InputError."""
    if candidates is None:
        return None
    mask = np.asarray(candidates)
    n = geometry.n
    if mask.dtype != bool or mask.size != geometry.ncells * n:
        raise InputError(f"candidates must be a bool array of {geometry.ncells} x {n} (cell, digit)")
    mask = mask.reshape(geometry.ncells, n)
    empty = np.flatnonzero(~mask.any(axis=1))
    if len(empty):
        raise InputError(f"candidates: r{empty[0] // n + 1}c{empty[0] % n + 1} has no candidate left")
    return mask


def decode(options, cell_digit: np.ndarray, ncells: int) -> np.ndarray:
    """The grid a set of chosen options describes (cage options carry no cell and are skipped)."""
    grid = np.zeros(ncells, np.int32)
    options = np.asarray(options, dtype=np.int64)
    chosen = cell_digit[options[options < len(cell_digit)]]
    grid[chosen[:, 0]] = chosen[:, 1]
    return grid


# The Sudoku covers run on dancing cells, whose search order is stable (MRV ties to the first item, a chosen item's
# options tried in option order, as dancing links keeps them). Empty grids, first solution (cover.solver.Search,
# run(1, 1)): 25x25 6,585 nodes (dlx 8,246), 36x36 5,972 (dlx 6,530), 49x49 177,670 (dlx 195,115). Before the
# stable order the cells kernel found no solution of the empty 36x36 within 2M nodes. They keep ties to the first
# item ("cells-first"): the default's tie-break by degree (cover.solver.item_ranks) changes little on a Sudoku
# cover (the 11 of examples/hardest.txt, up to 2 solutions: 3,683 nodes against 3,669) and its ranking costs
# ~0.1 ms a build, 15-20% of such a solve.
ALGORITHM = "cells-first"


def solve(puzzle, geometry: Geometry, limit: int = 1, max_nodes: int = 0, *, candidates=None, cages=(),
          nonconsecutive=None) -> SolveResult:
    """Count solutions up to limit through Dancing Links; keep the first one."""
    puzzle, limit, max_nodes = prepare(puzzle, geometry, limit, max_nodes)
    candidates = as_candidates(candidates, geometry)
    problem, cell_digit = encode(puzzle, geometry, candidates=candidates, cages=cages,
                                 nonconsecutive=nonconsecutive)
    search = Search(problem, max_nodes=max_nodes, algorithm=ALGORITHM)
    found = search.run(limit, 1)
    first = decode(found[0], cell_digit, geometry.ncells) if found else None
    stats = search.stats
    return SolveResult(stats.solutions, first, stats.nodes, 0, not search.stopped)
