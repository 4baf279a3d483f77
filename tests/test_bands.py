"""The band bitboard kernel (kernels/bands.py) on every box shape it takes, against the cell-mask kernel, the
reference solver, DLX and judge data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sudokit.errors import InputError
from sudokit.geometry import box_geometry, region_geometry
from sudokit.sudoku import fast, reference
from sudokit.sudoku.grid import is_solution

from test_fast import letters, load

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 2), (3, 4), (4, 4)]  # each shape compiles its own kernel (~18 s)
POJ = Path(__file__).parent / "data" / "poj3076"


def puzzles(g, count, keep, seed):
    """count puzzles of geometry g: a random full grid (digits and bands of rows shuffled) with cells blanked."""
    rng = np.random.default_rng(seed)
    base = fast.solve(np.zeros(g.ncells, np.int32), g, limit=1, max_nodes=10**6).solution.reshape(g.n, g.n)
    r, c = g.box
    out = []
    for _ in range(count):
        sol = (rng.permutation(g.n) + 1)[base - 1]
        bands = rng.permutation(g.n // r)  # whole bands swapped, and rows within each band: still a solution
        rows = np.concatenate([b * r + rng.permutation(r) for b in bands])
        sol = sol[rows].ravel()
        out.append(np.where(rng.random(g.ncells) < keep, sol, 0))
    return np.array(out, np.uint8)


@pytest.mark.parametrize("shape", SHAPES)
def test_bands_agree_with_cells_on_every_shape(shape):
    g = box_geometry(*shape)
    assert fast._band_shape(g) == shape
    grids = np.concatenate([puzzles(g, 30, keep, 7 * g.n) for keep in (0.2, 0.35, 0.5)])
    for limit in (1, 2, 5):
        cells = fast.solve_many(grids, g, limit=limit, kernel="cells")
        bands = fast.solve_many(grids, g, limit=limit, kernel="bands")
        np.testing.assert_array_equal(bands.counts, cells.counts)
        assert bands.complete.all() and (bands.status == fast.OK).all()
        for p, s, k in zip(grids, bands.solutions, bands.counts):
            assert k >= 1 and is_solution(s, p, g)
    assert (cells.counts == 5).any() and (cells.counts < 5).any()  # both many-solution and few-solution puzzles


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (4, 2)])
def test_bands_counts_against_reference(shape):
    g = box_geometry(*shape)
    grids = puzzles(g, 12, 0.3, 3)
    grids[0] = 0  # the empty grid too
    res = fast.solve_many(grids, g, limit=20, kernel="bands")
    for i, p in enumerate(grids):
        want = reference.solve(p.astype(np.int32), g, limit=20)
        assert res.counts[i] == want.count, i
        assert is_solution(res.solutions[i], p, g)


def test_bands_no_solution_and_bad_rows():
    g = box_geometry(2, 3)
    grids = puzzles(g, 3, 0.5, 1).astype(np.int32)
    grids[0] = 0  # no clash, no solution: r1c6 must be 6, which column 6 already holds
    grids[0, :5] = (1, 2, 3, 4, 5)
    grids[0, 3 * 6 + 5] = 6
    grids[1, :2] = (4, 4)  # clash in the first row
    grids[2, 5] = 9  # bad value
    res = fast.solve_many(grids, g, limit=2, kernel="bands")
    assert reference.solve(grids[0], g, limit=2).count == 0
    assert res.counts[0] == 0 and res.status[0] == fast.OK and res.complete[0]
    assert res.status[1] == fast.CLASH and res.counts[1] == 0
    assert res.status[2] == fast.BAD_VALUE and res.counts[2] == 0


def test_bands_on_poj3076_judge_data():
    g16 = box_geometry(4, 4)
    pz = letters((POJ / "a.in").read_text(), 16)
    want = letters((POJ / "a.out").read_text(), 16)
    res = fast.solve_many(np.array(pz), g16, limit=2, kernel="bands")
    assert (res.counts == 1).all() and res.complete.all()
    np.testing.assert_array_equal(res.solutions, np.array(want))


def test_bands_on_9x9_sets_against_nine_and_dlx():
    grids = np.concatenate([load("puzzles5_forum_hardest_1905_11+_first1000")[:200],
                            load("puzzles7_serg_benchmark_first1000")[:30]])
    bands = fast.solve_many(grids, box_geometry(3, 3), limit=2, kernel="bands")
    nine = fast.solve_many(grids, box_geometry(3, 3), limit=2, kernel="nine")
    np.testing.assert_array_equal(bands.counts, nine.counts)
    np.testing.assert_array_equal(bands.solutions[:200], nine.solutions[:200])
    from sudokit.sudoku import exact

    serg = grids[200:]
    res = fast.solve_many(serg, box_geometry(3, 3), limit=5, kernel="bands")
    for i in range(0, 30, 3):
        assert res.counts[i] == exact.solve(serg[i], box_geometry(3, 3), limit=5).count, i


def test_bands_node_limit():
    grids = load("puzzles5_forum_hardest_1905_11+_first1000")[:50]
    g = box_geometry(3, 3)
    full = fast.solve_many(grids, g, limit=2, kernel="bands")
    res = fast.solve_many(grids, g, limit=2, max_nodes=3, kernel="bands")
    stopped = full.nodes > 3
    assert stopped.any() and (res.nodes <= 3).all()
    assert not res.complete[stopped].any() and res.complete[~stopped].all()


def test_general_picks_bands_only_where_they_fit():
    assert fast._band_shape(box_geometry(3, 3)) == (3, 3)
    assert fast._band_shape(box_geometry(5, 5)) is None  # a band of 5 rows of 25 is past a word
    assert fast._band_shape(box_geometry(2, 8)) is None  # stacks of 8 columns: tables of 2^64
    assert fast._band_shape(box_geometry(1, 4)) is None
    jig = region_geometry(np.array([[(r // 2) * 2 + (c // 3) for c in range(6)] for r in range(6)]))
    assert fast._band_shape(jig) is None  # regions stay on the cell masks, even box-shaped ones
    with pytest.raises(InputError):
        fast.solve_many(np.zeros((1, 625), np.int32), box_geometry(5, 5), kernel="bands")
    with pytest.raises(InputError):
        fast.solve_many(np.zeros((1, 36), np.int32), jig, kernel="bands")
