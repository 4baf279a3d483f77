"""The fast engine (sudokit.sudoku.fast): judge data, the tdoku sets, agreement with the reference solver."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit.errors import InputError
from sudokit.geometry import box_geometry, region_geometry
from sudokit.sudoku import fast, reference
from sudokit.formats import parse_line_array
from sudokit.sudoku.grid import is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
G9 = box_geometry(3, 3)
SETS = ["puzzles2_17_clue_first1000", "puzzles3_magictour_top1465_first1000",
        "puzzles5_forum_hardest_1905_11+_first1000", "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark_first1000"]


def load(name: str, n: int = 9) -> np.ndarray:
    grids, _, bad = parse_line_array((DATA / name).read_bytes(), n)
    assert len(bad) == 0
    return grids


def letters(text: str, n: int) -> list[np.ndarray]:
    """16x16 POJ 3076 blocks (letters A.., '-' empty) as flat grids."""
    rows = [r.strip() for r in text.replace("\r", "").split("\n") if r.strip()]
    out = []
    for i in range(0, len(rows), n):
        block = "".join(rows[i:i + n])
        out.append(np.array([0 if ch == "-" else ord(ch) - 64 for ch in block], np.int32))
    return out


def assert_valid(res, grids, geometry):
    for i in range(len(grids)):
        assert res.counts[i] >= 1, i
        assert is_solution(res.solutions[i], grids[i], geometry), i


def test_import_does_not_compile():
    code = ("import sys, sudokit, sudokit.sudoku.fast, sudokit.sudoku.batch; "
            "assert 'sudokit.kernels.bitmask' not in sys.modules; assert 'numba' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_poj3074_judge():
    grids, _, bad = parse_line_array((DATA / "poj3074.in").read_bytes(), 9)
    assert len(bad) == 1  # the final 'end' line
    grids = np.delete(grids, bad, axis=0)
    want = np.array([[int(ch) for ch in line] for line in (DATA / "poj3074.out").read_text().split()])
    for kernel in ("auto", "general"):
        res = fast.solve_many(grids, G9, limit=2, kernel=kernel)
        assert (res.counts == 1).all()
        np.testing.assert_array_equal(res.solutions, want)


def test_poj3076_judge_16x16():
    g16 = box_geometry(4, 4)
    puzzles = letters((DATA / "poj3076.in").read_text(), 16)
    want = letters((DATA / "poj3076.out").read_text(), 16)
    assert len(puzzles) == 4
    for p, w in zip(puzzles, want):
        r = fast.solve(p, g16, limit=2)
        assert r.count == 1 and r.complete and r.status == "solved"
        np.testing.assert_array_equal(r.solution, w)


@pytest.mark.parametrize("name", SETS)
def test_standard_sets_both_kernels_agree(name):
    grids = load(name)
    if "1905" in name or "1106" in name:
        grids = grids[:300]
    nine = fast.solve_many(grids, G9, limit=2, kernel="nine")
    general = fast.solve_many(grids, G9, limit=2, kernel="general")
    want = 2 if "serg" in name else 1
    assert (nine.counts == want).all() and (general.counts == want).all()
    assert nine.complete.all() and (nine.status == fast.OK).all()
    assert_valid(nine, grids, G9)
    assert_valid(general, grids, G9)
    if want == 1:
        np.testing.assert_array_equal(nine.solutions, general.solutions)
    assert (nine.nodes >= 1).all() and (nine.guesses >= 0).all()


def test_serg_counts_against_exact_cover():
    grids = load("puzzles7_serg_benchmark_first1000")[:40]
    try:
        from sudokit.sudoku import exact
        other, k = exact.solve, 40
    except ImportError:  # the DLX engine is not there: the reference on a few
        other, k = reference.solve, 3
    for kernel in ("nine", "general"):
        res = fast.solve_many(grids[:k], G9, limit=5, kernel=kernel)
        for i in range(k):
            want = other(grids[i], G9, limit=5)
            assert res.counts[i] == want.count, i
            assert is_solution(res.solutions[i], grids[i], G9)


_FULL = {}


def full_grid(geometry, seed: int) -> np.ndarray:
    """A random full solution of geometry: one solution of the empty grid with its digits relabelled."""
    key = (geometry.name, geometry.n, len(geometry.units), len(geometry.pairs))
    if key not in _FULL:
        res = fast.solve(np.zeros(geometry.ncells, np.int32), geometry, limit=1, max_nodes=10**6)
        assert res.count == 1
        _FULL[key] = res.solution
    perm = np.random.default_rng(seed).permutation(geometry.n) + 1
    return perm[_FULL[key] - 1].astype(np.int32)


def random_puzzle(geometry, seed: int, keep: float) -> np.ndarray:
    """A full random grid with about (1 - keep) of its cells blanked."""
    sol = full_grid(geometry, seed)
    rng = np.random.default_rng(seed + 1)
    return np.where(rng.random(geometry.ncells) < keep, sol, 0).astype(np.int32)


def agree_with_reference(puzzle, geometry, limit=4):
    want = reference.solve(puzzle, geometry, limit=limit)
    for kernel in ("auto", "general"):
        got = fast.solve_many(puzzle.reshape(1, -1), geometry, limit=limit, kernel=kernel).result(0)
        assert got.count == want.count
        assert got.complete
        if got.count:
            assert is_solution(got.solution, puzzle, geometry)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from([(2, 2), (2, 3), (3, 2)]), seed=st.integers(0, 10**6),
       keep=st.floats(0.0, 0.7), noise=st.integers(0, 3))
def test_small_random_counts_match_reference(shape, seed, keep, noise):
    g = box_geometry(*shape)
    p = random_puzzle(g, seed, keep)
    rng = np.random.default_rng(seed + 2)
    for _ in range(noise):  # random extra givens: may make it unsolvable (never clashing: those raise)
        c = rng.integers(g.ncells)
        p2 = p.copy()
        p2[c] = rng.integers(1, g.n + 1)
        if not any(p2[q] == p2[c] for q in g.peers(c)):
            p = p2
    agree_with_reference(p, g, limit=6)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), keep=st.floats(0.15, 0.5))
def test_9x9_many_blanks_counts_match_reference(seed, keep):
    agree_with_reference(random_puzzle(G9, seed, keep), G9, limit=4)


def jigsaw():
    """A 9x9 jigsaw: the 3x3 boxes with cells traded between boxes where a known full grid has equal digits."""
    sol = fast.solve(np.zeros(81, np.int32), G9).solution.reshape(9, 9)
    lab = np.array([[(r // 3) * 3 + c // 3 for c in range(9)] for r in range(9)])
    for r, c, dc in [(0, 2, 1), (4, 5, 1), (7, 3, -1)]:
        # trade (r, c) for the cell of the next box in the band holding the same digit
        row = np.nonzero(sol[(r // 3) * 3:(r // 3) * 3 + 3, :] == sol[r, c])
        for rr, cc in zip(row[0] + (r // 3) * 3, row[1]):
            if cc // 3 == c // 3 + dc:
                lab[r, c], lab[rr, cc] = lab[rr, cc], lab[r, c]
    g = region_geometry(lab)
    assert is_solution(sol.ravel(), np.zeros(81), g)
    return g


def sudoku_x_antiknight():
    """9x9 with both diagonals as units and anti-knight difference pairs."""
    diag = [[i * 9 + i for i in range(9)], [i * 9 + 8 - i for i in range(9)]]
    pairs = []
    for r in range(9):
        for c in range(9):
            for dr, dc in [(1, 2), (2, 1), (1, -2), (2, -1)]:
                if 0 <= r + dr < 9 and 0 <= c + dc < 9:
                    pairs.append((r * 9 + c, (r + dr) * 9 + c + dc))
    return G9.with_constraints(units=diag, pairs=pairs, name="x-antiknight")


@pytest.mark.parametrize("make", [jigsaw, sudoku_x_antiknight])
@pytest.mark.parametrize("seed", range(6))
def test_variant_geometries_match_reference(make, seed):
    g = make()
    assert not g.is_standard()
    p = random_puzzle(g, seed, keep=0.3 + 0.05 * seed)
    agree_with_reference(p, g, limit=4)
    res = fast.solve(p, g, limit=1)
    assert res.count == 1 and is_solution(res.solution, p, g)


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (3, 4)])
def test_large_grids_solve(shape):
    g = box_geometry(*shape)
    p = random_puzzle(g, 7, keep=0.55)
    res = fast.solve(p, g, limit=2, max_nodes=200000)
    assert res.count >= 1 and is_solution(res.solution, p, g)


def test_unsolvable_detected():
    p = np.zeros(81, np.int32)
    p[:8] = np.arange(1, 9)   # r1c9 must be 9 ...
    p[9 + 8 + 9] = 9          # ... but r3c9 holds 9: no solution, no clash
    for kernel in ("auto", "general"):
        r = fast.solve_many(p.reshape(1, -1), G9, limit=2, kernel=kernel).result(0)
        assert r.count == 0 and r.complete and r.status == "no solution"
    assert fast.solve(p, G9).status == "no solution"


def test_clashing_givens():
    p = np.zeros(81, np.int32)
    p[0] = p[80 - 8] = 5  # same column
    with pytest.raises(InputError):
        fast.solve(p, G9)
    q = np.zeros(81, np.int32)
    q[0] = q[10] = 3      # same box
    grids = np.stack([p, q, np.zeros(81, np.int32)])
    for kernel in ("auto", "general"):
        res = fast.solve_many(grids, G9, limit=1, kernel=kernel)
        assert list(res.status) == [fast.CLASH, fast.CLASH, fast.OK]
        assert list(res.counts) == [0, 0, 1]
    bad = np.zeros((1, 81), np.int32)
    bad[0, 3] = 12
    assert fast.solve_many(bad, G9).status[0] == fast.BAD_VALUE
    with pytest.raises(InputError):
        fast.solve(bad[0], G9)


@pytest.mark.parametrize("budget", [fast.FIRST_BUDGET, 1])
def test_solve_checked_matches_solve(monkeypatch, budget):
    """The lean entry (a rating's uniqueness proof) answers as solve(), also when the search is redone past the
    first budget; clashing givens come back as None."""
    monkeypatch.setattr(fast, "FIRST_BUDGET", budget)
    hard = load("puzzles6_forum_hardest_1106")[:5]
    cases = [(G9, g) for g in hard] + [(G9, np.zeros(81, np.int32))]
    g4 = box_geometry(2, 2)
    cases += [(g4, random_puzzle(g4, seed, keep=0.4)) for seed in range(5)] + [(box_geometry(2, 3), np.zeros(36))]
    for geo, grid in cases:
        want = fast.solve(grid, geo, limit=2)
        got = fast.solve_checked(np.asarray(grid, np.uint8), geo)
        assert (got.count, got.nodes, got.guesses, got.complete) == (want.count, want.nodes, want.guesses, True)
        assert np.array_equal(got.solution, want.solution)
    clash = np.zeros(81, np.uint8)
    clash[0] = clash[10] = 3
    assert fast.solve_checked(clash, G9) is None


def test_node_limit_honoured():
    hard = load("puzzles6_forum_hardest_1106")[:20]
    for kernel in ("nine", "general"):
        full = fast.solve_many(hard, G9, limit=2, kernel=kernel)
        res = fast.solve_many(hard, G9, limit=2, max_nodes=3, kernel=kernel)
        assert (res.nodes <= 3).all()
        stopped = full.nodes > 3
        assert stopped.any()
        assert not res.complete[stopped].any()
        assert res.complete[~stopped].all()
    r = fast.solve(hard[0], G9, limit=2, max_nodes=1)
    assert r.nodes == 1 and not r.complete and r.status == "limit"


def test_limit_counts():
    empty4 = np.zeros(16, np.int32)
    g4 = box_geometry(2, 2)
    assert fast.solve(empty4, g4, limit=1000).count == 288  # all 4x4 Sudoku grids
    assert fast.solve(empty4, g4, limit=100).count == 100
    r = fast.solve(np.zeros(81, np.int32), G9, limit=3)
    assert r.count == 3 and r.complete and r.status == "multiple"


def test_nine_kernel_only_for_plain_9x9():
    from sudokit.geometry import Geometry

    assert fast._use_nine(G9)
    shuffled = Geometry(9, G9.units[::-1, ::-1].copy())
    assert fast._use_nine(shuffled)
    assert not fast._use_nine(Geometry(9, jigsaw().units, box=(3, 3)))
    assert not fast._use_nine(sudoku_x_antiknight())
    with pytest.raises(InputError):
        fast.solve_many(np.zeros((1, 81), np.int32), jigsaw(), kernel="nine")


def test_counting_beyond_two_agrees_between_kernels():
    grids = load("puzzles7_serg_benchmark_first1000")[:30]
    nine = fast.solve_many(grids, G9, limit=50, kernel="nine")
    general = fast.solve_many(grids, G9, limit=50, kernel="general")
    np.testing.assert_array_equal(nine.counts, general.counts)
    assert (nine.counts >= 2).all()


@pytest.mark.parametrize("shape", [(6, 6), (7, 7)])
def test_large_empty_grids_solve(shape):
    g = box_geometry(*shape)
    res = fast.solve(np.zeros(g.ncells, np.int32), g, limit=1, max_nodes=50000)
    assert res.count == 1 and is_solution(res.solution, np.zeros(g.ncells), g)
