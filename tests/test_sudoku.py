"""Sudoku through exact cover and the reference solver: judge data, random puzzles of every box shape."""

import numpy as np
import pytest

from sudokit.errors import InputError
from sudokit.formats import read_puzzles
from sudokit.geometry import box_geometry, region_geometry, standard_geometry
from sudokit.sudoku import exact, reference
from sudokit.sudoku.grid import is_solution

from conftest import random_puzzle


def test_poj3074_solutions_match_judge(data):
    pf = read_puzzles((data / "poj3074" / "3074.in").read_text())
    expected = (data / "poj3074" / "3074.out").read_text().split()
    assert len(pf.entries) == len(expected) == 91
    g = standard_geometry(9)
    for entry, want in zip(pf.entries, expected):
        result = exact.solve(entry.grid, g, limit=2)
        assert result.count == 1
        assert "".join(map(str, result.solution)) == want


def test_poj3076_16x16_letters(data):
    pf = read_puzzles((data / "poj3076" / "a.in").read_text())
    assert pf.n == 16 and pf.symbols == "ABCDEFGHIJKLMNOP" and len(pf.entries) == 4
    g = box_geometry(4, 4)
    for entry in pf.entries:
        result = exact.solve(entry.grid, g, limit=2)
        assert result.count == 1 and is_solution(result.solution, entry.grid, g)


def test_poj2676_any_valid_answer(data):
    pf = read_puzzles((data / "poj2676" / "2676.in").read_text())
    assert len(pf.entries) == 10
    g = standard_geometry(9)
    for entry in pf.entries:
        result = exact.solve(entry.grid, g)
        assert result.count == 1 and is_solution(result.solution, entry.grid, g)


def test_poj2676_counts_from_sources(data):
    pf = read_puzzles((data / "poj2676" / "2676.in").read_text())
    g = standard_geometry(9)
    counts = [exact.solve(e.grid, g, limit=200).count for e in pf.entries[:7]]
    assert counts == [1, 1, 1, 2, 2, 8, 102]


@pytest.mark.parametrize("box,keep", [((2, 2), 0.3), ((2, 3), 0.35), ((3, 2), 0.35), ((3, 3), 0.45),
                                      ((2, 4), 0.45), ((1, 4), 0.3)])
def test_reference_agrees_with_dlx_on_random_puzzles(box, keep):
    rng = np.random.default_rng(sum(box) * 100 + int(keep * 100))
    g = box_geometry(*box)
    for _ in range(15):
        puzzle = random_puzzle(rng, g, keep)
        ref = reference.solve(puzzle, g, limit=20)
        dlx = exact.solve(puzzle, g, limit=20)
        assert ref.count == dlx.count
        for r in (ref, dlx):
            assert r.count == 0 or is_solution(r.solution, puzzle, g)


def test_empty_4x4_has_288_grids():
    g = box_geometry(2, 2)
    assert exact.solve(np.zeros(16, np.int32), g, limit=10**6).count == 288
    assert reference.solve(np.zeros(16, np.int32), g, limit=10**6).count == 288


def test_big_grids_through_exact_cover():
    for box in [(3, 4), (4, 4), (5, 5), (6, 6)]:
        g = box_geometry(*box)
        result = exact.solve(np.zeros(g.ncells, np.int32), g)
        assert result.count == 1 and is_solution(result.solution, np.zeros(g.ncells), g)


def test_jigsaw_and_extra_units_agree_with_reference():
    labels = np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 3, 3, 3], [2, 2, 2, 3]])
    g = region_geometry(labels)
    x = box_geometry(2, 2).with_constraints(units=[[0, 5, 10, 15], [3, 6, 9, 12]], name="x")
    knight = box_geometry(2, 2).with_constraints(pairs=[[0, 6], [1, 7], [4, 10]])
    for geom in (g, x, knight):
        empty = np.zeros(16, np.int32)
        ref = reference.solve(empty, geom, limit=10**6)
        dlx = exact.solve(empty, geom, limit=10**6)
        assert ref.count == dlx.count > 0
        assert is_solution(dlx.solution, empty, geom)


def test_clashing_givens_are_found_before_search():
    g = standard_geometry(9)
    puzzle = np.zeros(81, np.int32)
    puzzle[0] = puzzle[80] = 5  # far apart: no clash
    puzzle[10] = 5  # same box as cell 0
    with pytest.raises(InputError, match="clashes"):
        exact.solve(puzzle, g)
    with pytest.raises(InputError, match="clashes"):
        reference.solve(puzzle, g)


def test_unsolvable_without_clash():
    g = box_geometry(2, 2)
    # no two givens clash, but r1c3 and r1c4 both need the 3 once the 4 sits in their box
    puzzle = np.array([1, 2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0], np.int32)
    assert exact.solve(puzzle, g).count == reference.solve(puzzle, g).count == 0


def test_node_limit_is_reported():
    g = standard_geometry(9)
    result = exact.solve(np.zeros(81, np.int32), g, limit=2, max_nodes=10)
    assert not result.complete and result.status == "limit"


def test_is_solution_checks_givens():
    g = box_geometry(2, 2)
    sol = exact.solve(np.zeros(16, np.int32), g).solution
    assert is_solution(sol, np.zeros(16), g)
    other = sol.copy()
    puzzle = np.zeros(16, np.int32)
    puzzle[0] = sol[0] % 4 + 1
    assert not is_solution(other, puzzle, g)
