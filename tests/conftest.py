"""Shared test helpers: where the judge data lives, and small puzzle makers."""

from pathlib import Path

import numpy as np
import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture
def data():
    """The folder of judge files copied into the repo (see each SOURCES.md)."""
    return DATA


def random_puzzle(rng: np.random.Generator, geometry, keep: float) -> np.ndarray:
    """A random full grid (a shuffled solution of the empty grid) with a fraction `keep` of its cells kept."""
    from sudokit.sudoku.exact import solve

    seed_grid = np.zeros(geometry.ncells, np.int32)
    first = rng.permutation(geometry.n) + 1
    seed_grid[:geometry.n] = first if geometry.box else 0
    full = solve(seed_grid, geometry).solution
    perm = np.concatenate([[0], rng.permutation(geometry.n) + 1])
    full = perm[full]
    mask = rng.random(geometry.ncells) < keep
    return np.where(mask, full, 0).astype(np.int32)
