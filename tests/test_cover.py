"""The exact-cover engine: Knuth's worked examples, classic counts, every mode, and a brute-force oracle."""

import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.cover import Problem, Search, count, is_unique, read_dlx, read_matrix, solutions, solve, write_dlx
from sudokit.cover.puzzles import pentominoes, queens
from sudokit.errors import InputError, LimitReached

DLX1 = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
DLX2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"


@pytest.fixture(params=["cells", "dlx"])
def algo(request):
    """Every search test runs on both kernels: dancing cells and dancing links."""
    return request.param


def test_knuth_dlx1_example_has_one_solution(algo):
    p = read_dlx(DLX1)
    sols = list(solutions(p, algorithm=algo))
    assert len(sols) == 1
    assert sorted(map(sorted, sols[0].names())) == [["A", "D"], ["B", "G"], ["C", "E", "F"]]


def test_knuth_dlx2_colors_example_has_one_solution(algo):
    with pytest.warns(UserWarning, match="no primary items"):
        p = read_dlx(DLX2, "dlx2.dlx")
    sols = list(solutions(p, algorithm=algo))
    assert len(sols) == 1
    assert sorted(sols[0].names()) == [["A", "C", "X:1", "Y:1"], ["B", "X:1"]]
    assert sols[0].stats.cleansings >= 1


@pytest.mark.parametrize("n,expected", list(enumerate([1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200], start=1)))
def test_queens_counts(n, expected, algo):
    assert count(queens(n), algorithm=algo) == expected


def test_pentominoes_with_x_in_a_quarter(algo):
    c = count(pentominoes(6, 10, x_in_quarter=True), algorithm=algo)
    assert c == 2339
    if algo == "dlx":  # abandons an option that empties an item: ssxcc's tree (302,444 nodes) but for its ties
        assert c.stats.nodes == 301337 and c.stats.updates == 253050822
        knuth = count(pentominoes(6, 10, x_in_quarter=True), algorithm="dlx2")
        assert knuth == 2339 and knuth.stats.nodes == 909153  # Knuth's figure for this search tree (DLX2)
        assert knuth.stats.updates == 305363915  # the pointer updates of hide (DLX2 also counts item covers)
    else:
        assert 0 < c.stats.nodes < 909153 and c.stats.updates > 0  # cells also stops at a dead option early


def test_pentominoes_all_6x10(algo):
    assert count(pentominoes(6, 10), algorithm=algo) == 9356


def test_every_pentomino_solution_is_an_exact_cover(algo):
    p = pentominoes(6, 10, x_in_quarter=True)
    for sol in itertools.islice(solutions(p, algorithm=algo), 50):
        covered = np.concatenate([p.opt_items[p.opt_ptr[k]:p.opt_ptr[k + 1]] for k in sol.options])
        assert sorted(covered.tolist()) == list(range(p.n_items))


def test_modes_agree_and_iterator_is_lazy(algo):
    p = queens(8)
    all_sols = list(solutions(p, algorithm=algo))
    assert len(all_sols) == 92 == len({frozenset(s.options) for s in all_sols})
    assert [s.options for s in solutions(p, limit=5, algorithm=algo)] == [s.options for s in all_sols[:5]]
    assert [s.options for s in solutions(p, batch=3, algorithm=algo)] == [s.options for s in all_sols]
    assert solve(p, algorithm=algo).options == all_sols[0].options
    assert count(p, limit=10, algorithm=algo) == 10
    assert not is_unique(p, algorithm=algo) and is_unique(read_dlx(DLX1), algorithm=algo)
    assert solve(queens(3), algorithm=algo) is None


@pytest.mark.parametrize("n,abandoning,degree,knuth", [(8, 945, 847, 1199), (10, 12431, 9255, 16448)])
def test_dlx_abandons_dead_options_and_breaks_ties_by_degree(n, abandoning, degree, knuth):
    """dlx2 is Knuth's DLX2 node for node. Its kernel, told to abandon an option as soon as it empties a primary
    item, walks the same tree but for the dead-end children it never enters: the same solutions in the same
    order, fewer nodes. dlx, the default, also sends MRV's ties to the most constraining item: the same set."""
    p = queens(n)
    slow = list(solutions(p, algorithm="dlx2"))
    assert count(p, algorithm="dlx2").stats.nodes == knuth  # DLX2's own count on this file
    search = Search(p, algorithm="dlx2")
    search.state[4] = 1  # abandon, ties as Knuth's
    fast = search.run(1 << 40, 1 << 20)
    assert fast == [s.options for s in slow] and len(fast) == {8: 92, 10: 724}[n]
    assert search.stats.nodes == abandoning and search.finished
    default = count(p, algorithm="dlx")
    assert default == len(slow) and default.stats.nodes == degree
    assert {frozenset(s.options) for s in solutions(p, algorithm="dlx")} == {frozenset(s) for s in fast}
    with pytest.warns(UserWarning, match="no primary items"):
        colored = read_dlx(DLX2, "dlx2.dlx")
    for algorithm in ("dlx", "dlx2"):
        sols = list(solutions(colored, algorithm=algorithm))
        assert [sorted(s.names()) for s in sols] == [[["A", "C", "X:1", "Y:1"], ["B", "X:1"]]]


def test_both_algorithms_find_the_same_solutions():
    p = pentominoes(6, 10, x_in_quarter=True)
    cells = {frozenset(s.options) for s in solutions(p, algorithm="cells")}
    links = {frozenset(s.options) for s in solutions(p, algorithm="dlx")}
    assert len(cells) == 2339 and cells == links


def test_cells_trail_grows_on_demand():
    search = Search(pentominoes(6, 10, x_in_quarter=True), algorithm="cells")
    search.trail = np.zeros(8, np.uint32)  # far too small: the kernel pauses and the driver grows it
    first = search.run(3, 3)
    search.run(1 << 40, 0)
    assert len(first) == 3 and search.finished and search.stats.solutions == 2339 and len(search.trail) > 8


@pytest.mark.parametrize("seed", [None, 4])
@pytest.mark.parametrize("name, snapshot", [
    ("queens10", 256),  # dense and active snapshots
    ("queens12", 0),    # every level in lazy (stamp) mode: 172,276 nodes, so the stamps wrap at 0xFFFF
    ("dlx2", 256),      # colors
])
def test_cells_narrow_arrays_search_as_wide_ones(name, snapshot, seed):
    """build_cells stores span, nd and setm as uint16 when they fit; the same arrays widened to uint32 (the kernel
    compiled for large problems) give the same solutions, in the same order, with the same counters."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # DLX2's option without primary items
        problem = read_dlx(DLX2) if name == "dlx2" else queens(int(name[6:]))
    for max_nodes in (5000, 100000, 0):  # paused twice on the way (12 queens), then to the end
        narrow = Search(problem, seed, max_nodes, algorithm="cells", snapshot=snapshot)
        wide = Search(problem, seed, max_nodes, algorithm="cells", snapshot=snapshot)
        assert {narrow.links[k].dtype for k in (1, 2, 4)} == {np.dtype(np.uint16)}
        wide.links = tuple(a.astype(np.uint32) for a in wide.links)
        assert narrow.run(1 << 40, 1 << 20) == wide.run(1 << 40, 1 << 20)
        assert narrow.stats == wide.stats and (narrow.state == wide.state).all()  # the same trail top and clock
        assert all((a == b).all() for a, b in zip(narrow.links, wide.links))
    assert narrow.stats.solutions == count(problem)


@pytest.mark.parametrize("algorithm, name", [("dlx", "queens10"), ("dlx2", "queens10"), ("dlx", "dlx2")])
def test_dlx_narrow_nodes_search_as_wide_ones(algorithm, name):
    """The dlx kernel's nd is uint16 when it fits (cover/solver.py narrow_links); the same search on the int32
    links as built gives the same solutions, in the same order, with the same counters."""
    from sudokit.cover.solver import build_links

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # DLX2's option without primary items
        problem = read_dlx(DLX2) if name == "dlx2" else queens(int(name[6:]))
    for max_nodes in (500, 0):
        narrow = Search(problem, None, max_nodes, algorithm=algorithm)
        wide = Search(problem, None, max_nodes, algorithm=algorithm)
        assert narrow.links[2].dtype == np.uint16
        wide.links = build_links(problem, None, ties="degree" if algorithm == "dlx" else "first")
        assert narrow.run(1 << 40, 1 << 20) == wide.run(1 << 40, 1 << 20)
        assert narrow.stats == wide.stats and (narrow.x == wide.x).all() and (narrow.state == wide.state).all()
    assert narrow.stats.solutions == count(problem)


def test_dlx_refuses_a_color_its_purified_mark_would_hide():
    """Color 0xFFFF is the dlx kernel's purified mark (cover/solver.py narrow_links): an input error there; cells
    takes it."""
    names = [""] + [f"c{k}" for k in range(1, 0x10001)]
    p = Problem.from_arrays(1, 1, [0, 2, 4], [0, 1, 0, 1], [0, 0xFFFF, 0, 0xFFFE], color_names=names)
    with pytest.raises(InputError, match="65534 colors"):
        count(p, algorithm="dlx")
    assert count(p, algorithm="cells") == 2


def test_unknown_algorithm_is_an_input_error():
    with pytest.raises(InputError, match="unknown exact-cover algorithm"):
        Search(queens(4), algorithm="dlx3")


def test_search_resumes_where_it_paused(algo):
    search = Search(queens(6), algorithm=algo)
    first, second = search.run(1, 1), search.run(10, 10)
    assert len(first) == 1 and len(second) == 3 and search.finished
    assert search.stats.solutions == 4


def test_node_limit_stops_and_says_so(algo):
    with pytest.raises(LimitReached):
        count(queens(10), max_nodes=50, algorithm=algo)
    search = Search(queens(10), max_nodes=50, algorithm=algo)
    search.run(1 << 40, 0)
    assert search.stopped and search.stats.nodes == 50


def test_node_limit_pauses_and_resumes(algo):
    p = queens(8)
    whole = [s.options for s in solutions(p, algorithm=algo)]
    search = Search(p, max_nodes=40, algorithm=algo)
    got = []
    while not search.finished:
        got += search.run(1 << 40, 1 << 10)
        search.max_nodes += 40
    assert got == whole


def test_seed_changes_order_not_answers(algo):
    p = queens(8)
    plain = [frozenset(s.options) for s in solutions(p, algorithm=algo)]
    seeded = [frozenset(s.options) for s in solutions(p, seed=7, algorithm=algo)]
    assert set(seeded) == set(plain) and len(seeded) == 92 and seeded != plain
    again = [frozenset(s.options) for s in solutions(p, seed=7, algorithm=algo)]
    assert again == seeded
    assert count(pentominoes(6, 10, x_in_quarter=True), seed=3, algorithm=algo) == 2339


def test_dlx_round_trip_keeps_problem():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = read_dlx(DLX2)
        q = read_dlx(write_dlx(p))
    assert [q.option(k) for k in range(q.n_options)] == [p.option(k) for k in range(p.n_options)]
    long_names = Problem.from_names(["a-very-long-name", "b"], [], [["a-very-long-name"], ["b"]])
    text = write_dlx(long_names)
    assert all(len(x) <= 8 for x in text.splitlines()[-3].split())
    assert count(read_dlx(text)) == 1


@pytest.mark.parametrize("text,message", [
    ("A B\nA C\n", "unknown item name 'C'"),
    ("A A\nA\n", "duplicate item name"),
    ("A | B | C\nA\n", "contains | twice"),
    ("A | X\nA:1\n", "must be uncolored"),
    ("A B\nA A\n", "appears twice"),
    ("| only a comment\n", "no item line"),
])
def test_dlx_errors_name_the_line(text, message):
    with pytest.raises(InputError, match=message) as err:
        read_dlx(text, "f.dlx")
    assert str(err.value).startswith("f.dlx")


def test_matrix_format_cases(data, algo):
    folder = data / "exact-cover-p4929" / "unofficial"
    for k in range(1, 10):
        p = read_matrix((folder / f"{k}.in").read_text())
        expected = (folder / f"{k}.out").read_text().split()
        sol = solve(p, algorithm=algo)
        if expected == ["No", "Solution!"]:
            assert sol is None
        else:
            assert sorted(x + 1 for x in sol.options) == sorted(map(int, expected))


@pytest.mark.parametrize("text", ["2 3\n1 0 1\n", "1 2\n1 2\n", "x y\n", "1 3\n1 0\n"])
def test_matrix_errors(text):
    with pytest.raises(InputError):
        read_matrix(text)


def brute_force(matrix: np.ndarray, colors: np.ndarray, n_primary: int) -> int:
    """Count row subsets covering each primary column once and each secondary column at most once per color."""
    total = 0
    for mask in range(1 << len(matrix)):
        rows = [r for r in range(len(matrix)) if mask >> r & 1]
        if not rows or not matrix[rows, :n_primary].sum(axis=0).tolist() == [1] * n_primary:
            continue
        ok = True
        for col in range(n_primary, matrix.shape[1]):
            users = [r for r in rows if matrix[r, col]]
            col_colors = {colors[r, col] for r in users}
            if len(users) > 1 and (0 in col_colors or len(col_colors) > 1):
                ok = False
        total += ok
    return total


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(0, 3), st.integers(1, 9), st.data())
@pytest.mark.parametrize("algorithm", ["cells", "dlx"])
def test_random_problems_match_brute_force(algorithm, n_primary, n_secondary, n_rows, data):
    cols = n_primary + n_secondary
    matrix = np.array(data.draw(st.lists(st.lists(st.integers(0, 1), min_size=cols, max_size=cols),
                                         min_size=n_rows, max_size=n_rows)), dtype=np.int64)
    colors = np.array(data.draw(st.lists(st.lists(st.integers(0, 2), min_size=cols, max_size=cols),
                                         min_size=n_rows, max_size=n_rows)), dtype=np.int64)
    colors[:, :n_primary] = 0
    colors *= matrix
    options = [[f"i{c}" + (f":{colors[r, c]}" if colors[r, c] else "") for c in range(cols) if matrix[r, c]]
               for r in range(n_rows)]
    keep = [r for r in range(n_rows) if matrix[r, :n_primary].any()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = Problem.from_names([f"i{c}" for c in range(n_primary)], [f"i{c}" for c in range(n_primary, cols)],
                               options)
    assert count(p, algorithm=algorithm) == brute_force(matrix[keep], colors[keep], n_primary)


def test_kernels_agree_on_larger_random_colored_problems():
    rng = np.random.default_rng(2026)
    for _ in range(40):
        n_primary, n_secondary, n_rows = int(rng.integers(4, 9)), int(rng.integers(1, 5)), int(rng.integers(10, 60))
        cols = n_primary + n_secondary
        matrix = rng.random((n_rows, cols)) < 0.3
        matrix[np.arange(n_rows), rng.integers(0, n_primary, n_rows)] = True  # every option has a primary item
        colors = rng.integers(0, 3, (n_rows, cols)) * matrix
        colors[:, :n_primary] = 0
        options = [[f"i{c}" + (f":{colors[r, c]}" if colors[r, c] else "") for c in range(cols) if matrix[r, c]]
                   for r in range(n_rows)]
        p = Problem.from_names([f"i{c}" for c in range(n_primary)], [f"i{c}" for c in range(n_primary, cols)],
                               options)
        cells = {frozenset(s.options) for s in solutions(p, algorithm="cells")}
        links = {frozenset(s.options) for s in solutions(p, algorithm="dlx")}
        assert cells == links
        assert count(p, seed=5, algorithm="cells") == len(links)
