"""Instances of the other two seed problems: Target Sudoku (NOIP 2009) with its proved optimum, and Binary Sudoku
(USACO 2011) with its minimum number of flips. Instance i depends only on (seed, i), as puzzles do."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import LimitReached

TARGET_NODES = 2_000_000  # the optimum must be proved: an instance whose proof takes longer is drawn again
TARGET_TRIES = 20


@dataclass
class Instance:
    """A generated instance: the grid to write (NOIP ints or 0/1 lines), its answer and an optimal grid."""

    index: int
    grid: np.ndarray
    answer: int
    best: np.ndarray | None = None


def target_instance(seed: int, index: int, n: int = 9, box=None, givens: int | None = None) -> Instance:
    """A Target Sudoku instance: a random grid keeping `givens` random cells (NOIP's puzzles keep 22-30; default a
    random count in that range scaled to N), with the optimum proved by sudoku.target.best."""
    from ..geometry import box_geometry, default_box
    from ..sudoku.target import best
    from ..sudoku.variants import build_variant
    from .dig import Digger

    rng = np.random.default_rng([seed, index])
    geometry = box_geometry(*(box or default_box(n)))
    digger = Digger(build_variant(n, geometry.box), "none")
    for _ in range(TARGET_TRIES):
        grid = digger.grid(rng).astype(np.int32)
        k = givens if givens is not None else int(rng.integers(22, 31) * n * n // 81)
        puzzle = np.zeros_like(grid)
        keep = rng.permutation(n * n)[:k]
        puzzle[keep] = grid[keep]
        result = best(puzzle, geometry, max_nodes=TARGET_NODES)
        if result.complete:
            return Instance(index, puzzle, int(result.answer), result.grid)
    raise LimitReached(f"target instance {index + 1}: no optimum proved within {TARGET_NODES} nodes "
                       f"{TARGET_TRIES} times (use more givens)")


def binary_instance(seed: int, index: int, n: int = 9, box=None) -> Instance:
    """A Binary Sudoku instance: a random 0/1 grid and the fewest flips that make every unit even."""
    from ..geometry import default_box
    from ..sudoku.binary import min_flips

    rng = np.random.default_rng([seed, index])
    grid = rng.integers(0, 2, (n, n)).astype(np.int8)
    result = min_flips(grid, box or default_box(n))
    return Instance(index, grid.ravel(), int(result.flips))
