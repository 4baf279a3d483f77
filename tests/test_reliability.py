"""Issue 16: every failure hostile input found, each reproduction kept as a regression test.

The CLI cases run in-process (CliRunner); the signal and real-process cases live in test_signals.py, the fuzzing
in test_fuzz.py, the JIT-off run in test_nojit.py.
"""

import numpy as np
import pytest
from click.testing import CliRunner

from sudokit.cli import main
from sudokit.cover import Problem, count, solutions
from sudokit.cover.puzzles import queens
from sudokit.errors import InputError
from sudokit.geometry import box_geometry
from sudokit.sudoku import engine
from sudokit.sudoku import target as tg
from sudokit.sudoku.binary import min_flips

G9 = box_geometry(3, 3)
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PUZZLE = np.array([0 if ch == "." else int(ch) for ch in HARD], np.int32)
TARGET = "tests/data/target-sudoku/sudoku2.in"


def run(*args, input=None):
    """Invoke the CLI in-process; return (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code, err, words):
    """An input error: exit 2, one stderr line holding words, no traceback."""
    return code == 2 and err.count("\n") == 1 and "Traceback" not in err and words in err


# ---- tracebacks that must be one-line errors (exit 2) ----

def test_api_seed_must_be_non_negative():
    with pytest.raises(InputError, match="seed"):
        count(queens(4), seed=-1)


@pytest.mark.parametrize("kwargs,words", [({"limit": 0}, "limit"), ({"limit": -1}, "limit"),
                                          ({"limit": 1 << 64}, "limit"), ({"max_nodes": -1}, "max_nodes"),
                                          ({"max_nodes": 1 << 64}, "max_nodes"), ({"limit": 2.5}, "integer")])
def test_api_cover_limits_are_checked(kwargs, words):
    with pytest.raises(InputError, match=words):
        count(queens(4), **kwargs)


@pytest.mark.parametrize("args", [(2, 0, [0, 5], [0, 1]), (10 ** 9, 0, [0, 1], [0]), (2, 0, [0, 2], [1, 1]),
                                  (2, 0, [0, 1], [0.5]), (2, 0, [1, 0], []), (0, 0, [0], [])])
def test_api_problem_from_arrays_checks_its_arrays(args):
    with pytest.raises(InputError):
        Problem.from_arrays(*args)


def with_cell(value) -> list:
    """The puzzle as a list with cell r1c4 set to value."""
    return PUZZLE.tolist()[:3] + [value] + PUZZLE.tolist()[4:]


@pytest.mark.parametrize("name", ["fast", "dlx", "reference"])
@pytest.mark.parametrize("puzzle,words", [(with_cell(10), "0..9"), (with_cell(-1), "0..9"),
                                          (with_cell(2 ** 40), "0..9"), (with_cell(2 ** 70), "integers"),
                                          (PUZZLE[:80], "81 cells"), (np.append(PUZZLE, 0), "81 cells"),
                                          (PUZZLE + 0.5, "integers"), (["x"] * 81, "integers")])
def test_api_every_engine_checks_the_puzzle_the_same_way(name, puzzle, words):
    with pytest.raises(InputError, match=words):
        engine(name)(puzzle, G9)


@pytest.mark.parametrize("name", ["fast", "dlx", "reference"])
def test_api_every_engine_checks_geometry_and_limits(name):
    solve = engine(name)
    with pytest.raises(InputError, match="16 cells"):
        solve(PUZZLE, box_geometry(2, 2))
    for kwargs in ({"limit": 0}, {"limit": -1}, {"max_nodes": -1}, {"limit": 1 << 63}):
        with pytest.raises(InputError):
            solve(PUZZLE, G9, **kwargs)
    with pytest.raises(InputError, match="Geometry"):
        solve(PUZZLE, (3, 3))


def test_cli_seed_and_huge_integers_are_usage_errors():
    for args in (["cover", "--seed", "-1", "examples/queens8.dlx"],
                 ["solve", "--max-nodes", "18446744073709551616", "examples/hardest.txt"],
                 ["cover", "--count", "--limit", "99999999999999999999999", "examples/queens8.dlx"],
                 ["binary", "--engine", "ida", "--max-nodes", str(1 << 64), "tests/data/binary-sudoku/sample.in"],
                 ["target", "--max-nodes", str(1 << 64), TARGET]):
        code, out, err = run(*args)
        assert code == 2 and out == "" and "Traceback" not in err and "range" in err, args


# ---- silent wrong answers ----

@pytest.mark.parametrize("weight", [10 ** 17, -(2 ** 63) + 1, 10 ** 20])
def test_target_weights_that_could_overflow_are_refused(tmp_path, weight):
    weights = tmp_path / "w.txt"
    weights.write_text("\n".join(" ".join([str(weight)] * 9) for _ in range(9)) + "\n")
    code, out, err = run("target", "--weights", str(weights), TARGET)
    assert one_line_error(code, err, str(weights)) and out == ""
    with pytest.raises(InputError, match="sum"):
        tg.best(open(TARGET).read(), weights=np.full(81, weight, dtype=object))


def test_target_large_weights_still_score_exactly():
    scale = 1_000_003
    base = tg.best(open(TARGET).read())
    scaled = tg.best(open(TARGET).read(), weights=tg.ring_weights(9) * scale)
    assert scaled.score == base.score * scale


def test_binary_huge_cell_values_do_not_wrap():
    grid = np.zeros((9, 9), np.int64)
    grid[0, 0] = 256  # int8 would wrap it to 0
    with pytest.raises(InputError, match="0 or 1"):
        min_flips(grid)


def test_binary_dp_too_large_names_the_other_engine():
    code, _, err = run("binary", input="\n".join(["0" * 64] * 64) + "\n")
    assert one_line_error(code, err, "ida engine") and "engine='ida'" not in err


# ---- resources: headers checked before anything is allocated ----

@pytest.mark.parametrize("text,words", [("0 100000000\n", "at least one row"),
                                        ("2 100000000\n1 0\n0 1\n", "expected 100000000 values")])
def test_matrix_header_is_checked_against_its_rows(text, words):
    code, out, err = run("cover", "--format", "matrix", input=text)
    assert one_line_error(code, err, words) and out == ""


def test_cover_solutions_resume_across_kernel_slices(monkeypatch):
    from sudokit.cover import solver

    whole = [s.options for s in solutions(queens(8), algorithm="dlx")]
    monkeypatch.setattr(solver, "SLICE", 7)  # a kernel call of 7 nodes at a time must change nothing
    for algorithm in ("dlx", "cells"):
        assert len(whole) == 92 and count(queens(8), algorithm=algorithm) == 92
    assert [s.options for s in solutions(queens(8), algorithm="dlx")] == whole
    search = solver.Search(queens(8), max_nodes=100)
    search.run(1000, 0)
    assert search.stopped and search.stats.nodes == 100


# ---- the reader: tracebacks, wrong answers and wrong-pointing messages ----

@pytest.mark.parametrize("command", [["solve"], ["convert", "--to", "line"], ["target"]])
def test_count_line_then_blank_line_is_an_error_not_a_traceback(command):
    code, out, err = run(*command, input="7\n \n1\n")
    assert one_line_error(code, err, "<stdin>:3") and out == ""


@pytest.mark.parametrize("engine", ["fast", "dlx", "reference"])
def test_count_line_is_skipped_on_every_engine(engine):
    code, out, _ = run("solve", "--engine", engine, input=f"1\n{HARD}\n")
    assert code == 0 and len(out.splitlines()) == 1 and len(out.strip()) == 81


def test_a_long_line_after_a_short_one_is_invalid_on_every_path():
    text = f"{HARD}\n{HARD + '1' * 175}\n"  # 256 cells: the fast path used to keep the first 81 and solve them
    answers = {engine: run("solve", "--engine", engine, input=text) for engine in ("fast", "dlx")}
    for code, out, err in answers.values():
        assert code == 2 and out.splitlines()[1] == "invalid: expected 81 cells, found 256"
    assert answers["fast"] == answers["dlx"]


@pytest.mark.parametrize("line", [HARD[:40] + "\U0001F600" + HARD[41:], HARD[:80], HARD[:40] + "x" + HARD[41:]])
def test_fast_and_dlx_paths_word_a_bad_line_the_same(line):
    text = f"{HARD}\n{line}\n"
    fast, dlx = (run("solve", "--engine", engine, input=text) for engine in ("fast", "dlx"))
    assert fast == dlx and fast[0] == 2
    if "\U0001F600" in line:
        assert "'\U0001F600'" in fast[2]


def test_byte_order_mark_is_not_a_cell():
    result = CliRunner().invoke(main, ["solve"], input=b"\xef\xbb\xbf" + HARD.encode() + b"\n")
    assert result.exit_code == 0 and len(result.stdout.strip()) == 81


@pytest.mark.parametrize("text,words", [
    ("\t".join(HARD) + "\n", "separated by spaces or tabs"),
    ("\n".join(HARD[r * 9:(r + 1) * 9] for r in range(5)) + "\n", "expected 9 rows, found 5"),
])
def test_messages_point_at_the_real_mistake(text, words):
    code, out, err = run("solve", input=text)
    assert code == 2 and words in err and "invalid character" not in err + out


def test_junk_stops_early_with_one_error(tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("".join(f"word{k} and some more\n" for k in range(200_000)))
    code, out, err = run("solve", "--format", "ints", str(junk))
    assert one_line_error(code, err, "not a puzzle file") and out == ""


@pytest.mark.parametrize("text,words", [('{"size": true}', "'size'"),
                                        ('{"size": 4, "givens": [[1.5, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], '
                                         '[0, 0, 0, 0]]}', "integers"),
                                        ('{"size": 4, "weights": [[100000000000000000000, 0, 0, 0], [0, 0, 0, 0], '
                                         '[0, 0, 0, 0], [0, 0, 0, 0]]}', "2**62")])
def test_json_takes_integers_only(text, words):
    code, out, err = run("solve", input=text)
    assert one_line_error(code, err, words) and out == ""


def test_empty_cages_and_regions_files_are_refused_alike(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n")
    for flag in ("--cages", "--regions"):
        code, out, err = run("solve", flag, str(empty), input=HARD + "\n")
        assert one_line_error(code, err, str(empty)) and out == ""


def test_api_cages_are_checked_as_a_cage_file_is():
    from sudokit.sudoku.variants import build_variant

    with pytest.raises(InputError, match="already in cage 1"):
        build_variant(9, cages=[(3, (0, 1)), (3, (1, 2))])
    with pytest.raises(InputError, match="outside"):
        build_variant(9, cages=[(3, (0, 81))])
    assert build_variant(9, constraints="windoku").constraints == ("windoku",)  # not the letters of "windoku"
    assert build_variant(9, constraints="x,anti-knight").constraints == ("x", "anti-knight")


# ---- silent wrong answers and refused combinations on the CLI ----

def test_count_stopped_by_the_node_limit_is_not_printed_as_a_count():
    for engine in ("fast", "dlx", "reference"):
        code, out, err = run("solve", "--count", "--max-nodes", "10", "--engine", engine, input="0" * 81 + "\n")
        assert (code, out) == (3, "node limit\n") and "node limit 10 reached" in err
    code, out, _ = run("cover", "--count", "--max-nodes", "5", "examples/queens8.dlx")
    assert (code, out) == (3, "node limit\n")


@pytest.mark.parametrize("args", [["solve", "--all", "--json"], ["solve", "--all", "--count"],
                                  ["solve", "--all", "--unique"], ["cover", "--all", "--count"]])
def test_combinations_that_would_drop_a_flag_are_refused(args):
    code, out, err = run(*args, input=HARD + "\n")
    assert one_line_error(code, err, "does not combine") and out == ""


def test_usage_errors_are_one_line():
    code, out, err = run("solve", "--bogus")
    assert one_line_error(code, err, "--bogus") and "solve --help" in err
