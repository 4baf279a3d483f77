"""Killer cages: a random partition of a solution grid into connected cages of distinct digits, and the splitting
that makes cages alone (no givens) determine the solution."""

from __future__ import annotations

import numpy as np

from .regions import neighbours

SIZES = (1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5)  # cage sizes drawn (a cell that finds no room stays in a smaller cage)
SPLITS = 200  # cage splits at most before a no-givens Killer gives up on its cages


def random_cages(grid: np.ndarray, n: int, rng: np.random.Generator) -> tuple:
    """(sum, cells) cages covering the grid: grown from random cells through neighbours whose digit is new."""
    adj = neighbours(n)
    owner = np.full(n * n, -1)
    cages = []
    for start in rng.permutation(n * n).tolist():
        if owner[start] >= 0:
            continue
        want = SIZES[rng.integers(len(SIZES))]
        cells, digits = [start], {int(grid[start])}
        owner[start] = len(cages)
        while len(cells) < want:
            room = [d for c in cells for d in adj[c] if owner[d] < 0 and int(grid[d]) not in digits]
            if not room:
                break
            d = room[rng.integers(len(room))]
            owner[d] = len(cages)
            cells.append(d)
            digits.add(int(grid[d]))
        cages.append(cells)
    return tuple((int(sum(int(grid[c]) for c in cells)), tuple(sorted(cells))) for cells in cages)


def two_solutions(variant, puzzle: np.ndarray):
    """Up to two solutions of a puzzle of an exact-cover variant."""
    from ..cover.solver import Search
    from ..sudoku.exact import ALGORITHM, decode, encode

    problem, cell_digit = encode(puzzle.astype(np.int32), variant.geometry, **variant.exact_kwargs())
    found = Search(problem, algorithm=ALGORITHM).run(2, 2)
    return [decode(f, cell_digit, variant.geometry.ncells) for f in found]


def unique_cages(grid: np.ndarray, base, cages: tuple, rng: np.random.Generator) -> tuple:
    """Cages (no givens) that make grid the only solution: while a second solution exists, a cage holding a cell
    where the two differ loses that cell (to a cage of its own) and falls apart into its connected pieces."""
    from ..sudoku.variants import Variant

    n = base.geometry.n
    adj = neighbours(n)
    cages = [list(cells) for _, cells in cages]
    empty = np.zeros(n * n, np.uint8)
    for _ in range(SPLITS):
        variant = Variant(base.geometry, base.constraints, _summed(grid, cages), base.nonconsecutive)
        sols = two_solutions(variant, empty)
        if len(sols) < 2:
            break
        differ = np.flatnonzero(sols[0] != sols[1])
        cell = int(differ[rng.integers(len(differ))])
        k = next(i for i, cells in enumerate(cages) if cell in cells)
        rest = [c for c in cages[k] if c != cell]
        cages[k:k + 1] = [[cell]] + _pieces(rest, adj)
    return _summed(grid, cages)


def _pieces(cells: list[int], adj) -> list[list[int]]:
    """The connected pieces of a set of cells."""
    left, out = set(cells), []
    while left:
        seed = left.pop()
        piece, todo = [seed], [seed]
        while todo:
            c = todo.pop()
            for d in adj[c]:
                if d in left:
                    left.remove(d)
                    piece.append(d)
                    todo.append(d)
        out.append(sorted(piece))
    return out


def _summed(grid: np.ndarray, cages) -> tuple:
    """Cages as (sum, cells) for a grid."""
    return tuple((int(sum(int(grid[c]) for c in cells)), tuple(sorted(cells))) for cells in cages)
