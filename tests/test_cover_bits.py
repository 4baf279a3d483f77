"""The bits algorithm (kernels/bitx.py, Algorithm X on bitsets of options) and the default's choice of kernel."""

import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.cover import Problem, Search, count, read_dlx, solutions
from sudokit.cover.puzzles import pentominoes, queens
from sudokit.cover.solver import bits_suits
from sudokit.errors import InputError, LimitReached

DLX1 = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
DLX2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"


def langford(n: int) -> Problem:
    """Langford pairs: each k in 1..n twice, k apart (positions i and i + k + 1)."""
    options = [[f"v{k}", f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(1, 2 * n - k)]
    return Problem.from_names([f"v{k}" for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)], (),
                              options)


def covers(problem: Problem, options) -> bool:
    """Is the set of options an exact cover of the primary items (secondary items at most once)?"""
    used = np.concatenate([problem.opt_items[problem.opt_ptr[k]:problem.opt_ptr[k + 1]] for k in options])
    return (np.bincount(used, minlength=problem.n_items)[:problem.n_primary] == 1).all() and \
        (np.bincount(used, minlength=problem.n_items) <= 1).all()


@pytest.mark.parametrize("n,expected", list(enumerate([1, 0, 0, 2, 10, 4, 40, 92, 352, 724], start=1)))
def test_queens_counts(n, expected):
    assert count(queens(n), algorithm="bits") == expected  # secondary items: the diagonals


def test_pentominoes_same_solutions_as_cells_and_its_own_counters():
    p = pentominoes(6, 10, x_in_quarter=True)
    bits = [s.options for s in solutions(p, algorithm="bits")]
    cells = {frozenset(s.options) for s in solutions(p, algorithm="cells")}
    assert len(bits) == 2339 and {frozenset(s) for s in bits} == cells
    assert all(covers(p, s) for s in bits[:100])
    c = count(p, algorithm="bits")
    # the cells tree but for MRV's ties at size 1 (cells: 301,446); updates = options hidden, not node removals
    assert (c.stats.nodes, c.stats.updates) == (301337, 64531633)


@pytest.mark.parametrize("problem", [langford(7), pentominoes(3, 20), queens(9)], ids=["langford7", "p3x20", "q9"])
def test_agrees_with_cells_and_dlx(problem):
    bits = {frozenset(s.options) for s in solutions(problem, algorithm="bits")}
    assert bits == {frozenset(s.options) for s in solutions(problem, algorithm="dlx")}
    assert len(bits) == count(problem, algorithm="cells") > 0


def test_modes_pauses_and_limits():
    p = queens(8)
    whole = [s.options for s in solutions(p, algorithm="bits")]
    assert len(whole) == 92 == len({frozenset(s) for s in whole})
    assert [s.options for s in solutions(p, batch=3, algorithm="bits")] == whole
    assert [s.options for s in solutions(p, limit=5, algorithm="bits")] == whole[:5]
    assert count(p, limit=10, algorithm="bits") == 10
    search = Search(p, max_nodes=40, algorithm="bits")
    got = []
    while not search.finished:
        got += search.run(1 << 40, 1 << 10)
        search.max_nodes += 40
    assert got == whole
    with pytest.raises(LimitReached):
        count(p, max_nodes=50, algorithm="bits")


def test_seed_changes_order_not_answers():
    p = queens(8)
    plain = [frozenset(s.options) for s in solutions(p, algorithm="bits")]
    seeded = [frozenset(s.options) for s in solutions(p, seed=7, algorithm="bits")]
    assert set(seeded) == set(plain) and seeded != plain
    assert seeded == [frozenset(s.options) for s in solutions(p, seed=7, algorithm="bits")]
    assert count(pentominoes(3, 20), seed=3, algorithm="bits") == 8


def test_dropped_options_and_knuth_example():
    p = read_dlx(DLX1)
    sols = list(solutions(p, algorithm="bits"))
    assert [sorted(map(sorted, sols[0].names()))] == [[["A", "D"], ["B", "G"], ["C", "E", "F"]]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an option without primary items is dropped
        q = Problem.from_names(["a", "b"], ["s"], [["a", "s"], ["s"], ["b"], ["a", "b"]])
    assert sorted(s.options for s in solutions(q, algorithm="bits")) == [(0, 2), (3,)]


def test_colors_are_refused_in_one_line():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = read_dlx(DLX2)
    with pytest.raises(InputError, match="bits algorithm takes no colors"):
        count(p, algorithm="bits")
    assert count(p) == 1  # the default takes cells for a colored problem


def test_auto_takes_bits_for_packings_and_cells_elsewhere():
    assert bits_suits(pentominoes(6, 10)) and bits_suits(pentominoes(3, 20))
    assert not any(bits_suits(p) for p in (queens(10), queens(14), langford(12)))
    assert Search(pentominoes(6, 10, x_in_quarter=True)).algorithm == "bits"
    assert Search(queens(12)).algorithm == "cells"
    assert count(pentominoes(3, 20)) == 8


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(0, 3), st.integers(1, 9), st.data())
def test_random_problems_match_brute_force(n_primary, n_secondary, n_rows, data):
    cols = n_primary + n_secondary
    matrix = np.array(data.draw(st.lists(st.lists(st.integers(0, 1), min_size=cols, max_size=cols),
                                         min_size=n_rows, max_size=n_rows)), dtype=bool)
    options = [[f"i{c}" for c in range(cols) if matrix[r, c]] for r in range(n_rows)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = Problem.from_names([f"i{c}" for c in range(n_primary)], [f"i{c}" for c in range(n_primary, cols)],
                               options)
    keep = [r for r in range(n_rows) if matrix[r, :n_primary].any()]
    brute = {frozenset(rows) for k in range(len(keep) + 1) for rows in itertools.combinations(keep, k)
             if (matrix[list(rows)].sum(0)[:n_primary] == 1).all() and (matrix[list(rows)].sum(0) <= 1).all()}
    assert {frozenset(s.options) for s in solutions(p, algorithm="bits")} == brute


def test_split_search_refuses_bits_and_walks_cells_for_auto():
    from sudokit.parallel.tree import splittable

    assert splittable("auto") == "cells" and splittable("dlx") == "dlx"
    with pytest.raises(InputError, match="does not split"):
        splittable("bits")
