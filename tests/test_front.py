"""Issue 11: the front door (Sudoku, Problem, TargetSudoku, BinarySudoku), the pipeline and the symbol detection."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sudokit.errors import InputError, LimitReached, NoSolution
from sudokit.formats import read_puzzles

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
ANSWER = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


@pytest.mark.parametrize("n", [10, 16, 25, 36, 64])
def test_an_empty_grid_takes_the_default_alphabet(n):
    pf = read_puzzles("." * n * n + "\n")
    assert pf.n == n and pf.symbols == "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+=@"[:n]


def test_only_alphabets_long_enough_are_candidates():
    assert read_puzzles("A" + "." * (36 * 36 - 1)).symbols.startswith("123")  # letters (A-Z) and hex cannot spell 36
    with pytest.raises(InputError, match="default or letters"):
        read_puzzles("A" + "." * 624)  # 25x25: 1-9A-P or A-Y both fit, hex (0-F) does not
    assert read_puzzles("0F" + "." * 254).symbols.startswith("0")  # '0' beside '.' is still hex's digit


# ---- the front door ----


def test_import_sudokit_loads_nothing_heavy():
    code = ("import sys, sudokit, sudokit.cli; from sudokit import Sudoku, Problem, TargetSudoku, BinarySudoku; "
            "print('numpy' in sys.modules and 'sudokit.puzzle' in sys.modules, 'numba' in sys.modules)")
    bare = "import sys, sudokit, sudokit.cli; print('numpy' in sys.modules, 'numba' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", bare], capture_output=True, text=True).stdout.split() == \
        ["False", "False"]  # the CLI's cold start: click only, the library inside the commands
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.split() == \
        ["True", "False"]  # the front door: no numba until a search runs


def test_sudoku_from_every_kind_of_input_is_the_same_puzzle():
    from sudokit import Sudoku

    grid = np.array([0 if ch == "." else int(ch) for ch in LINE])
    texts = [LINE, "\n".join(LINE[r * 9:(r + 1) * 9] for r in range(9)), LINE.replace(".", "0")]
    puzzles = [Sudoku(t) for t in texts] + [Sudoku(grid), Sudoku(grid.reshape(9, 9).tolist()),
                                            Sudoku.parse(LINE, fmt="line")]
    for p in puzzles:
        assert p.n == 9 and p.box == (3, 3) and np.array_equal(p.grid, grid) and p.givens == 17
        assert p.candidates is None and p.constraints == ()


def test_solve_count_unique_solutions_check():
    from sudokit import Sudoku

    s = Sudoku(LINE)
    solution = s.solve()
    assert solution.to_string("line") == ANSWER and str(solution).split() == [ANSWER[r * 9:(r + 1) * 9]
                                                                             for r in range(9)]
    assert solution.stats.engine == "fast" and solution.stats.nodes >= 1 and solution.stats.seconds >= 0
    assert s.check(solution) and s.check(ANSWER) and not s.check(s.grid) and not s.check(ANSWER[::-1])
    assert s.count() == 1 and s.is_unique() and isinstance(s.count(), int)
    for engine in ("dlx", "reference"):
        assert s.solve(engine=engine).to_string("line") == ANSWER
    empty = Sudoku("." * 16)
    assert empty.count() == 288 and empty.count(limit=5) == 5 and not empty.is_unique()
    found = empty.solutions(limit=3)
    assert next(found).to_string("line") and len(list(found)) == 2  # lazy: one at a time
    assert all(empty.check(x) for x in empty.solutions(limit=10))


def test_no_solution_and_node_limit_raise():
    from sudokit import Sudoku

    with pytest.raises(NoSolution):
        Sudoku("12345678." + "........9" + "." * 63).solve()
    with pytest.raises(LimitReached):
        Sudoku("." * 81).count(max_nodes=10)


@pytest.mark.parametrize("bad,words", [("44" + LINE[2:], "clashes"), ("." * 80, "not a square"),
                                       ([0] * 80, "80 cells"), (LINE + "\n" + LINE, "holds 2 puzzles"),
                                       ([[1, 2], [3]], "N*N")])
def test_bad_puzzles_raise_input_error(bad, words):
    from sudokit import Sudoku

    with pytest.raises(InputError, match=words):
        Sudoku(bad)


def test_variants_as_data_and_from_the_puzzle():
    from sudokit import Sudoku

    x = Sudoku("." * 81, variants=("x", "anti-knight"))
    assert x.check(x.solve()) and x.constraints == ("x", "anti-knight")
    from sudokit.formats import read_cages

    killer = (DATA / "variants" / "killer-codingame-1.txt").read_text().split()[0]
    cage_list = read_cages((DATA / "variants" / "killer-codingame-1.cages").read_text(), 9)
    k = Sudoku(killer, cages=cage_list)
    assert k.solve().stats.engine == "dlx" and k.is_unique() and len(k.cages) == len(cage_list)
    doc = json.loads(k.to_json())
    again = Sudoku(k.to_json())
    assert doc["cages"] and again.cages == k.cages and np.array_equal(again.grid, k.grid)
    rows, cols = np.indices((9, 9))
    boxes = (rows // 3) * 3 + cols // 3  # the boxes given as jigsaw regions
    jig = Sudoku(LINE, regions=boxes)
    assert jig.box is None and jig.solve().to_string("line") == ANSWER


def test_pencilmark_candidates_are_exposed():
    from sudokit import Sudoku
    from sudokit.formats import candidates_of, format_candidates

    grid = np.array([0 if ch == "." else int(ch) for ch in LINE])
    mask = candidates_of(grid, 9)
    mask[1, 1] = False  # r1c2 may not be 2 (it is 1 in the solution)
    s = Sudoku(format_candidates(mask, 9))
    assert s.candidates.shape == (81, 9) and s.candidates.dtype == bool and np.array_equal(s.candidates, mask)
    assert s.solve().stats.engine == "dlx" and s.check(s.solve())
    assert Sudoku(LINE, candidates=mask).candidates is not None


def test_writing_round_trips():
    from sudokit import Sudoku

    from sudokit.formats import candidates_of

    s = Sudoku(LINE)
    for fmt in ("line", "grid", "ints", "sdm", "sdk", "ss", "json"):
        assert np.array_equal(Sudoku.parse(s.to_string(fmt), fmt=fmt).grid, s.grid), fmt
    marks = Sudoku.parse(s.to_string("pencilmark"))  # givens come back as single candidates
    assert np.array_equal(marks.candidates, candidates_of(s.grid, 9)) and marks.solve().to_string("line") == ANSWER
    html = s._repr_html_()
    assert html.count("<td") == 81 and "<table" in html and "2px solid" in html
    assert repr(s) == f"Sudoku({LINE!r})"


def test_to_svg_comes_from_render_or_says_it_is_missing():
    from sudokit import Sudoku

    try:
        picture = Sudoku(LINE).to_svg()
    except InputError as exc:
        assert "render" in str(exc)
    else:
        assert picture.lstrip().startswith("<")


def test_read_every_puzzle_of_a_file(tmp_path):
    from sudokit import Sudoku

    puzzles = Sudoku.read(str(DATA / "poj2676" / "2676.in"))
    assert len(puzzles) == 10 and all(p.n == 9 for p in puzzles)
    bad = tmp_path / "bad.txt"
    bad.write_text(LINE + "\n" + LINE[:-1] + "\n")
    with pytest.raises(InputError, match="bad.txt:2"):
        Sudoku.read(str(bad))


def test_target_and_binary_front_doors():
    from sudokit import BinarySudoku, TargetSudoku

    target = TargetSudoku((DATA / "target-sudoku" / "sudoku2.in").read_text())
    best = target.best()
    assert best.score == int((DATA / "target-sudoku" / "sudoku2.out").read_text()) == target.score(best.grid)
    assert target.check(best.grid)
    lowest = TargetSudoku((DATA / "target-sudoku" / "sudoku2.in").read_text(), minimize=True).best()
    assert lowest.score <= best.score
    binary = BinarySudoku.read(str(DATA / "binary-sudoku" / "sample.in"))
    result = binary.min_flips()
    assert result.flips == int((DATA / "binary-sudoku" / "sample.out").read_text()) and binary.flip(
        result.cells).is_even()


def test_problem_front_door():
    from sudokit import Problem

    p = Problem.read(str(ROOT / "examples" / "queens8.dlx"))
    assert p.count() == 92 and not p.is_unique() and len(p.solve().options) == 8
    assert len(list(p.solutions(limit=5))) == 5 and Problem.parse(p.to_dlx()).count() == 92
    assert Problem.parse("2 2\n1 0\n0 1\n").count() == 1


def test_the_pipeline_from_python_writes_what_the_cli_writes():
    from click.testing import CliRunner

    from sudokit.cli import main
    from sudokit.pipeline import Options, SolveRun

    text = (DATA / "poj2676" / "2676.in").read_text()
    blocks = []
    tally = SolveRun(Options(mode="count", limit=200, engine="dlx"), write=blocks.append).run(text, "2676.in")
    cli = CliRunner().invoke(main, ["solve", "--count", "--limit", "200", "--engine", "dlx"], input=text)
    assert "".join(blocks) == cli.stdout and tally.code == cli.exit_code == 0
    assert tally.statuses == {"solved": 10}
