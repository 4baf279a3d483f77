"""Knuth's extensions of exact cover: multiplicities (DLX3, Algorithm M), costs (DLX5), the stable dancing cells.

Oracles: Knuth's worked examples (with DLX3's and DLX5's own node counts), counts known in closed form (domino
tilings), brute force over option subsets for random problems (hypothesis), and the judge-style CLI output.
"""

import itertools
import warnings

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.cli import main
from sudokit.cover import Problem, Search, count, read_dlx, solutions, write_dlx
from sudokit.cover.solver import cheapest, net_costs
from sudokit.errors import InputError, LimitReached

DLX3 = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
DLX5 = "A B C\nA |3\nB |2\nA B |4\nC |1\nB C |1\nA C |2 |1\n"


def run(*args, input=None):
    """The CLI's exit code, stdout and stderr."""
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    return result.exit_code, result.stdout, result.stderr


# ---- Knuth's worked examples ----

@pytest.mark.parametrize("algo", ["cells", "dlx"])
def test_dlx3_example_has_knuths_one_solution_and_node_count(algo):
    p = read_dlx(DLX3)
    assert p.bounds.tolist() == [[1, 1], [1, 1], [2, 3]]
    sols = list(solutions(p, algorithm=algo))  # multiplicities run Algorithm M whichever kernel is asked
    assert [s.names() for s in sols] == [[["A", "C", "X:1", "Y:1"], ["B", "X:1"], ["C", "Y:1"]]]
    assert sols[0].stats.nodes == 6  # dlx3's "6 nodes" on this file


def test_dlx5_example_costs_as_knuth_finds_them():
    p = read_dlx(DLX5)
    assert p.costs.tolist() == [3, 2, 4, 1, 1, 3]  # "A C |2 |1": several costs are summed
    best = cheapest(p, 3)
    assert [s.cost for s in best] == [4, 5, 5]  # dlx5 k3: "$4, $5 (repeated 2 times)"
    assert best[0].names() == [["A"], ["B", "C"]]
    assert best[0].stats.nodes == 9 and best[0].stats.solutions == 4  # dlx5 k3: 4 solutions, 9 nodes
    assert count(p) == 4  # counting ignores costs
    net, tax = net_costs(p)
    assert tax == 4 and net.min() == 0 and net.tolist() == [0, 1, 0, 1, 0, 0]


# ---- known counts ----

def domino_problem(rows: int, cols: int, pieces: int | None = None) -> Problem:
    """Tile a rows x cols board with dominoes; with `pieces`, an item D covered exactly that many times."""
    cells = [f"{r}.{c}" for r in range(rows) for c in range(cols)]
    options = [[f"{r}.{c}", f"{r}.{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [[f"{r}.{c}", f"{r + 1}.{c}"] for r in range(rows - 1) for c in range(cols)]
    if pieces is None:
        return Problem.from_names(cells, (), options)
    return Problem.from_names(["D"] + cells, (), [["D"] + o for o in options], bounds={"D": pieces})


@pytest.mark.parametrize("rows,cols,expected", [(2, 10, 89), (3, 8, 153), (4, 4, 36)])
def test_domino_tilings_with_a_piece_count(rows, cols, expected):
    assert count(domino_problem(rows, cols)) == expected
    exact = domino_problem(rows, cols, rows * cols // 2)
    assert count(exact) == expected
    assert count(domino_problem(rows, cols, (0, rows * cols))) == expected  # a loose bound changes nothing here
    assert count(domino_problem(rows, cols, rows * cols // 2 - 1)) == 0  # one piece short: no tiling


def queen_domination(n: int, queens: int) -> Problem:
    """Place exactly `queens` queens so that every square is attacked or occupied (each square: 1..queens)."""
    squares = [(r, c) for r in range(n) for c in range(n)]
    names = [f"{r}.{c}" for r, c in squares]
    options = [["Q"] + [f"{a}.{b}" for a, b in squares
                        if a == r or b == c or a - b == r - c or a + b == r + c] for r, c in squares]
    return Problem.from_names(["Q"] + names, (), options, bounds={"Q": queens, **{x: (1, queens) for x in names}})


@pytest.mark.parametrize("n", [4, 5])
def test_fewest_queens_dominating_the_board(n):
    """The domination number and the number of minimum dominating sets, against brute force over placements."""
    squares = [(r, c) for r in range(n) for c in range(n)]

    def dominates(placed):
        return all(any(a == r or b == c or a - b == r - c or a + b == r + c for r, c in placed) for a, b in squares)

    k = next(k for k in range(1, n + 1) if any(dominates(p) for p in itertools.combinations(squares, k)))
    assert k == {4: 2, 5: 3}[n]
    assert count(queen_domination(n, k - 1)) == 0
    expected = sum(1 for p in itertools.combinations(squares, k) if dominates(p))
    assert count(queen_domination(n, k)) == expected


# ---- brute-force oracle ----

def brute_solutions(p: Problem) -> list[tuple[int, ...]]:
    """Every option subset that covers each primary item within its bounds and each secondary item consistently."""
    keep = [k for k in range(p.n_options) if k not in p.dropped]
    lower, upper = p.lower(), p.upper()
    out = []
    for r in range(len(keep) + 1):
        for pick in itertools.combinations(keep, r):
            times = np.zeros(p.n_items, int)
            colors: dict[int, list[int]] = {}
            for k in pick:
                lo, hi = p.opt_ptr[k], p.opt_ptr[k + 1]
                for i, c in zip(p.opt_items[lo:hi].tolist(), p.opt_colors[lo:hi].tolist()):
                    times[i] += 1
                    colors.setdefault(i, []).append(c)
            if not ((lower <= times[:p.n_primary]) & (times[:p.n_primary] <= upper)).all():
                continue
            if all(len(cs) == 1 or (0 not in cs and len(set(cs)) == 1)
                   for i, cs in colors.items() if i >= p.n_primary):
                out.append(pick)
    return out


@st.composite
def small_problems(draw, kind: str):
    """A random problem of up to 4 primary items, 2 secondary and 7 options: colors, and (by kind) bounds, costs
    or neither ("plain")."""
    n_primary, n_secondary = draw(st.integers(1, 4)), draw(st.integers(0, 2))
    names = [f"i{c}" for c in range(n_primary + n_secondary)]
    options = []
    for _ in range(draw(st.integers(1, 7))):
        used = draw(st.lists(st.sampled_from(names), min_size=1, max_size=4, unique=True))
        options.append([x + (f":{draw(st.integers(0, 2))}" if names.index(x) >= n_primary else "") for x in used])
    options = [[x.removesuffix(":0") for x in o] for o in options]
    bounds = costs = None
    if kind == "costs":
        costs = draw(st.lists(st.integers(0, 6), min_size=len(options), max_size=len(options)))
    elif kind == "bounds":
        uppers = draw(st.lists(st.integers(1, 3), min_size=n_primary, max_size=n_primary))
        bounds = [(draw(st.integers(0, v)), v) for v in uppers]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # options without a primary item are dropped, as Knuth's programs do
        return Problem.from_names(names[:n_primary], names[n_primary:], options, bounds=bounds, costs=costs)


@settings(max_examples=120, deadline=None)
@given(small_problems("bounds"), st.sampled_from([None, 3]))
def test_multiplicities_match_brute_force(p, seed):
    expected = {frozenset(s) for s in brute_solutions(p)}  # with every lower bound 0, DLX3 counts the empty set
    found = [frozenset(s.options) for s in solutions(p, seed=seed)]
    assert len(found) == len(set(found)) and set(found) == expected  # every solution, each once
    assert count(p) == len(expected)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = read_dlx(write_dlx(p))
    assert count(again) == len(expected) and again.bounds is not None or p.bounds is None


@settings(max_examples=120, deadline=None)
@given(small_problems("costs"), st.integers(1, 4))
def test_cheapest_matches_brute_force(p, k):
    every = brute_solutions(p)
    expected = sorted(p.cost(s) for s in every)[:k]
    best = cheapest(p, k)
    assert [s.cost for s in best] == expected
    assert all(tuple(sorted(s.options)) in every for s in best)  # each one a real solution, at its cost
    assert count(p) == len(every)


# ---- the model, the reader and the writer ----

def test_bounds_and_costs_from_python():
    p = Problem.from_names(["A", "B", "C"], ["X", "Y"],
                           [["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["C", "X:0"], ["B", "X:1"],
                            ["C", "Y:1"]], bounds={"C": (2, 3)})
    assert count(p) == 1 and p.to_dlx().splitlines()[0] == "A B 2:3|C | X Y"
    q = Problem.from_arrays(2, 0, [0, 1, 2, 4], [0, 1, 0, 1], costs=[1, 1, 5])
    assert [s.cost for s in q.cheapest(2)] == [2, 5] and q.cheapest()[0].options in ((0, 1), (1, 0))
    r = Problem.from_arrays(1, 0, [0, 1, 2], [0, 0], bounds=[2])
    assert r.upper().tolist() == [2] and count(r) == 1
    assert Problem.from_arrays(1, 0, [0, 1], [0], bounds=[1]).bounds is None  # [1, 1] everywhere is plain


@pytest.mark.parametrize("kwargs,message", [
    ({"bounds": [(2, 1)]}, "exceeds upper bound"),
    ({"bounds": [0]}, "upper bound must be"),
    ({"bounds": [1, 1]}, "each of the 1 primary items"),
    ({"costs": [-1]}, "cost must be"),
    ({"costs": [1, 2]}, "one integer per option"),
    ({"costs": [1], "bounds": [2]}, "not supported"),
])
def test_bad_bounds_and_costs_are_input_errors(kwargs, message):
    with pytest.raises(InputError, match=message):
        Problem.from_arrays(1, 0, [0, 1], [0], **kwargs)


@pytest.mark.parametrize("text,message", [
    ("0|A\nA\n", "upper bound is zero"),
    ("3:2|A\nA\n", "lower bound exceeds upper bound"),
    ("x|A\nA\n", "bad bound prefix"),
    ("A | 2|X\nA\n", "illegal character"),
    ("A B\nA |x\n", "option cost should be a decimal number"),
    ("2|A\nA |3\n", "not supported"),
    ("A | X | Y\nA\n", "contains | twice"),
])
def test_dlx_reader_refuses_bad_bounds_and_costs(text, message):
    with pytest.raises(InputError, match=message):
        read_dlx(text, "f.dlx")


@pytest.mark.parametrize("text,head,line,bounds,costs", [
    ("A 1:4|B | X\nA B\nX:a\nB X:a\nB\n", "A 1:4|B | X", "B X:a", [[1, 1], [1, 4]], None),
    ("A B | X\nA B |2\nX:a |7\nB X:a |1 |1\nB |0\n", "A B | X", "B X:a |2", None, [2, 7, 2, 0]),
])
def test_reader_keeps_knuths_warning_and_the_writer_round_trips_everything(text, head, line, bounds, costs):
    with pytest.warns(UserWarning, match="option ignored"):
        p = read_dlx(text, "f.dlx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = read_dlx(write_dlx(p))
    assert write_dlx(q) == write_dlx(p) and q.dropped == p.dropped == (1,)
    assert (None if q.bounds is None else q.bounds.tolist()) == bounds
    assert (None if q.costs is None else q.costs.tolist()) == costs
    assert [q.option(k) for k in range(q.n_options)] == [p.option(k) for k in range(p.n_options)]
    assert head in write_dlx(p).splitlines() and line in write_dlx(p).splitlines()


# ---- search: limits, resuming, both kernels ----

def test_algorithm_m_pauses_resumes_and_stops_at_node_limits():
    p = domino_problem(3, 8, 12)
    whole = [s.options for s in solutions(p)]
    search = Search(p, max_nodes=40)
    got = []
    while not search.finished:
        got += search.run(1 << 40, 1 << 10)
        search.max_nodes += 40
    assert got == whole and len(whole) == 153
    with pytest.raises(LimitReached):
        count(p, max_nodes=10)
    with pytest.raises(LimitReached):
        cheapest(read_dlx(DLX5), 3, max_nodes=2)


def test_cheapest_without_costs_gives_the_first_solutions_and_refuses_bounds():
    sols = cheapest(domino_problem(2, 4), 3)
    assert len(sols) == 3 and all(s.cost == 0 for s in sols)
    with pytest.raises(InputError, match="multiplicities"):
        cheapest(domino_problem(2, 4, 4), 1)


def test_cells_and_links_find_the_same_solutions_in_the_same_order():
    """With MRV ties to the first item (Knuth's rule) dancing cells walks dancing links' order of solutions."""
    from sudokit.cover.puzzles import queens

    p = queens(7)
    cells = [frozenset(s.options) for s in solutions(p, algorithm="cells-first")]
    links = [frozenset(s.options) for s in solutions(p, algorithm="dlx2")]
    assert cells == links and len(cells) == 40
    # and with ties by degree (both defaults) too
    cells = [frozenset(s.options) for s in solutions(p, algorithm="cells")]
    links = [frozenset(s.options) for s in solutions(p, algorithm="dlx")]
    assert cells == links and len(cells) == 40


def test_cells_ties_by_degree_find_every_solution_in_fewer_nodes():
    """The default breaks MRV ties by degree: the same solutions (in another order) and, on n queens, a smaller
    tree than ties to the first item (whose counts stay those documented: 251,296 nodes on 12 queens, ssxcc's
    251,387 but for its forced stack)."""
    from sudokit.cover.puzzles import pentominoes, queens
    from sudokit.cover.solver import item_ranks

    p = queens(7)
    by_degree = [frozenset(s.options) for s in solutions(p)]
    first = [frozenset(s.options) for s in solutions(p, algorithm="cells-first")]
    assert by_degree != first and sorted(map(sorted, by_degree)) == sorted(map(sorted, first))
    knuth, degree = count(queens(12), algorithm="cells-first"), count(queens(12))
    assert knuth == degree == 14200
    assert (knuth.stats.nodes, knuth.stats.updates) == (251296, 4661778)
    assert (degree.stats.nodes, degree.stats.updates) == (172276, 2657585)
    q = queens(6)  # rows r0..r5, columns c0..c5: the middle ones clash most, r2/r3 before c2/c3 (stable)
    itm = np.asarray(q.opt_items, np.int64)
    owner = np.repeat(np.arange(q.n_options), np.diff(np.asarray(q.opt_ptr)))
    rank = item_ranks(q, itm, owner, np.bincount(itm, minlength=q.n_items))
    assert [q.item_names[k] for k in np.argsort(rank[:12])] == \
        ["r2", "r3", "c2", "c3", "r1", "r4", "c1", "c4", "r0", "r5", "c0", "c5"]
    assert rank[12:].tolist() == list(range(12, q.n_items))  # secondary items keep their numbers
    pq = pentominoes(3, 20)
    assert count(pq) == count(pq, algorithm="cells-first") == count(pq, algorithm="dlx") == 8  # 2 up to symmetry


def test_empty_36x36_sudoku_by_dancing_cells_within_10k_nodes():
    from sudokit.geometry import box_geometry
    from sudokit.sudoku.exact import ALGORITHM, decode, encode

    geometry = box_geometry(6, 6)
    problem, cell_digit = encode(np.zeros(geometry.ncells, np.int32), geometry)
    search = Search(problem, max_nodes=10_000, algorithm=ALGORITHM)
    found = search.run(1, 1)
    assert ALGORITHM == "cells-first" and len(found) == 1 and search.stats.nodes == 5972
    grid = decode(found[0], cell_digit, geometry.ncells)
    for unit in geometry.units:
        assert sorted(grid[unit].tolist()) == list(range(1, 37))


# ---- the command line ----

def test_cli_prints_multiplicities_and_costs_as_knuths_programs_do():
    code, out, _ = run("cover", input=DLX3)
    assert (code, out) == (0, "1:\n A C X:1 Y:1\n B X:1\n C Y:1\n")
    code, out, err = run("cover", "--best", 3, "--stats", input=DLX5)
    assert code == 0 and out == ("1: (total cost $4)\n A $3\n B C $1\n2: (total cost $5)\n A C $3\n B $2\n"
                                 "3: (total cost $5)\n A B $4\n C $1\n")
    assert "(6 options, 3+0 items, 15 entries successfully read)" in err and "$4 $5 $5" in err
    code, out, _ = run("cover", input=DLX5)
    assert out == "1: (total cost $4)\n A $3\n B C $1\n"
    assert run("cover", "--count", input=DLX5)[1] == "4\n"
    code, _, err = run("cover", "--best", 2, input="A\nA\n")
    assert code == 2 and "needs option costs" in err
    code, _, err = run("cover", "--best", 2, "--count", input=DLX5)
    assert code == 2 and "does not combine" in err


def test_cli_writes_dlx_that_reads_back(tmp_path):
    code, out, _ = run("cover", "--to", "dlx", input="2 3\n1 0 1\n0 1 0\n")
    assert code == 0 and out == "1 2 3\n1 3\n2\n"
    for text in (DLX3, DLX5):
        code, out, _ = run("cover", "--to", "dlx", input=text)
        assert code == 0 and run("cover", "--all", input=out)[1] == run("cover", "--all", input=text)[1]


# ---- start-up: small problems begin in plain Python ----

@pytest.mark.parametrize("budget", [10 ** 9, 300])
def test_plain_python_start_gives_the_kernels_answers(monkeypatch, budget):
    """The plain-Python twin (and its hand-over to the kernel past the budget) finds what the kernel finds."""
    from sudokit.cover import solver
    from sudokit.cover.puzzles import queens

    problems = [queens(7), read_dlx("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problems.append(read_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"))
    expected = []
    for p in problems:
        search = Search(p)
        expected.append((search.run(3, 2) + search.run(1 << 40, 1 << 20), search.stats))
    monkeypatch.setattr(solver, "numba_loaded", lambda: False)
    monkeypatch.setattr(solver, "TINY_BUDGET", budget)
    for p, want in zip(problems, expected):
        assert Search(p).tiny is None  # only when asked for
        search = Search(p, plain_start=True)
        assert search.tiny is not None
        assert (search.run(3, 2) + search.run(1 << 40, 1 << 20), search.stats) == want and search.finished
    search = Search(queens(8), max_nodes=50, plain_start=True)
    with pytest.raises(LimitReached):
        count(queens(8), max_nodes=50)
    assert search.run(1 << 40, 0) == [] and search.stopped and search.stats.nodes == 50


@settings(max_examples=60, deadline=None)
@given(small_problems("plain"))
def test_plain_python_twin_matches_the_kernel_move_for_move(p):
    from sudokit.cover.small import Tiny

    search = Search(p)
    want = search.run(1 << 40, 1 << 20)
    tiny = Tiny(p)
    status, got = tiny.run(1 << 40, 1 << 20, 0, 1 << 60)
    assert got == want and (tiny.solutions, tiny.nodes, tiny.updates, tiny.cleansings) == tuple(search.counters)
    search = Search(p, algorithm="cells-first")
    want = search.run(1 << 40, 1 << 20)
    tiny = Tiny(p, "first")
    status, got = tiny.run(1 << 40, 1 << 20, 0, 1 << 60)
    assert got == want and (tiny.solutions, tiny.nodes, tiny.updates, tiny.cleansings) == tuple(search.counters)


def test_probes_estimate_the_plain_search_work():
    """Knuth's probes (every option tried at each node of the walk) estimate nodes + removals without bias: exact
    on a tree that is one path, near the truth on queens, and inf (found out quickly) on a tree far too big."""
    from sudokit.cover.puzzles import queens
    from sudokit.cover.small import Tiny, estimate_work

    for p in (read_dlx("A B C\nA B\nC\nB\n"), queens(4), queens(7)):
        tiny = Tiny(p)
        tiny.run(1 << 40, 0, 0, 1 << 60)
        work = tiny.nodes + tiny.updates
        est = estimate_work(p, probes=200)
        assert abs(est - work) <= 0.25 * work, (est, work)
    assert estimate_work(read_dlx("A B C\nA B\nC\nB\n"), probes=3) == 4  # forced all the way: 2 nodes, 2 removals
    assert estimate_work(queens(12), cap=750_000) == float("inf")


def _cover_in_child(path, *flags):
    """Run `sudokit cover` on path in a fresh interpreter: its stdout, and whether numba / a kernel got imported."""
    import subprocess
    import sys

    code = ("import runpy, sys\nsys.argv = ['sudokit', 'cover', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('sudokit', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print('numba' in sys.modules, any(m.startswith('sudokit.kernels') for m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code, *flags, str(path)], capture_output=True, text=True, check=True)
    *answer, loaded = done.stdout.splitlines()
    return answer, loaded


def test_small_problems_are_solved_without_importing_numba(tmp_path):
    """The CLI answers Knuth's example and 8 queens in plain Python (no numba, no kernel), and the answers are
    the kernel's; 11 queens (about 1M nodes + removals, over the crossover) goes to the kernel at once."""
    from pathlib import Path

    from sudokit.cover.puzzles import queens

    examples = Path(__file__).resolve().parent.parent / "examples"
    answer, loaded = _cover_in_child(examples / "queens8.dlx", "--count")
    assert answer == ["92"] and loaded == "False False"
    answer, loaded = _cover_in_child(examples / "knuth-dlx1.dlx", "--all")
    assert loaded == "False False"
    assert "\n".join(answer) == run("cover", "--all", examples / "knuth-dlx1.dlx")[1].strip()
    (tmp_path / "q11.dlx").write_text(write_dlx(queens(11)))
    answer, loaded = _cover_in_child(tmp_path / "q11.dlx", "--count")
    assert answer == ["2680"] and loaded == "True True"


def test_console_script_leaves_fast_with_the_commands_answer_and_code(tmp_path):
    """cli.run (the `sudokit` console script) skips the interpreter's teardown: the answers still reach a pipe,
    in order, and each exit code is the command's (0 solved, 1 no solution, 2 bad input, 3 node limit)."""
    import subprocess
    import sys
    from pathlib import Path

    from sudokit.cover.puzzles import queens

    def sudokit(*args):
        return subprocess.run([sys.executable, "-c", "from sudokit.cli import run; run()", *map(str, args)],
                              capture_output=True, text=True)

    (tmp_path / "q12.dlx").write_text(write_dlx(queens(12)))  # over the crossover: numba and a kernel loaded
    (tmp_path / "none.dlx").write_text("A B\nA\n")
    done = sudokit("cover", "--count", tmp_path / "q12.dlx")
    assert (done.returncode, done.stdout) == (0, "14200\n")
    done = sudokit("cover", "--all", "--limit", "40", tmp_path / "q12.dlx")
    assert done.returncode == 0 and done.stdout == run("cover", "--all", "--limit", "40", tmp_path / "q12.dlx")[1]
    assert sudokit("cover", tmp_path / "none.dlx").returncode == 1
    bad = sudokit("cover", tmp_path / "missing.dlx")
    assert bad.returncode == 2 and bad.stderr.startswith("sudokit: ") and "Traceback" not in bad.stderr
    examples = Path(__file__).resolve().parent.parent / "examples"
    assert sudokit("cover", "--max-nodes", "5", "--count", examples / "queens8.dlx").returncode == 3


def test_cover_command_takes_either_tie_rule_of_dancing_cells():
    """`--algorithm cells-first` is Knuth's tie rule: the same count as the default, its own (larger) tree."""
    from pathlib import Path

    queens8 = Path(__file__).resolve().parent.parent / "examples" / "queens8.dlx"
    first = run("cover", "--count", "--stats", "--algorithm", "cells-first", queens8)
    degree = run("cover", "--count", "--stats", queens8)
    assert first[:2] == degree[:2] == (0, "92\n")
    assert "933 nodes" in first[2] and "856 nodes" in degree[2]
