"""The `sudokit` command end to end: judge outputs byte for byte, exit codes, one-line errors."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

from sudokit.cli import main
from sudokit.cover import write_dlx
from sudokit.cover.puzzles import queens


def run(*args, input=None):
    """Invoke the CLI in-process; return (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_poj3074_byte_exact(data):
    code, out, _ = run("solve", str(data / "poj3074" / "3074.in"), "--engine", "dlx")
    assert code == 0 and out == (data / "poj3074" / "3074.out").read_text()


def test_reference_engine_through_cli(data):
    puzzles = (data / "poj3074" / "3074.in").read_text().splitlines()[:3]
    code, out, _ = run("solve", "--engine", "reference", input="\n".join(puzzles) + "\n")
    assert code == 0 and out.splitlines() == (data / "poj3074" / "3074.out").read_text().splitlines()[:3]


def test_poj3076_byte_exact(data):
    code, out, _ = run("solve", str(data / "poj3076" / "a.in"), "--engine", "dlx")
    assert code == 0 and out == (data / "poj3076" / "a.out").read_bytes().decode().replace("\r\n", "\n")


def test_count_and_unique(data):
    code, out, _ = run("solve", "--count", "--limit", "200", "--engine", "dlx", str(data / "poj2676" / "2676.in"))
    assert out.split()[:7] == ["1", "1", "1", "2", "2", "8", "102"] and code == 0
    code, out, _ = run("solve", "--unique", "--engine", "dlx", str(data / "poj2676" / "2676.in"))
    assert out.splitlines()[27:28] == ["multiple solutions"] and code == 1


def test_all_solutions_in_layout():
    puzzle = "1234341221434321"[:12] + "...."
    code, out, _ = run("solve", "--all", "--engine", "dlx", input=puzzle + "\n")
    assert code == 0 and out.split() == ["1234341221434321"]
    code, out, _ = run("solve", "--all", "--limit", "5", "--engine", "dlx", input="." * 16 + "\n")
    assert len(out.split()) == 5


def test_invalid_puzzle_keeps_its_place():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    bad = "44" + line[2:]
    code, out, err = run("solve", "--engine", "dlx", input=f"{line}\n{bad}\n{line}\n")
    rows = out.splitlines()
    assert code == 2 and len(rows) == 3 and rows[1].startswith("invalid: given 4") and rows[0] == rows[2]
    assert err.count("\n") == 1 and "<stdin>:2" in err


def test_unsolvable_prints_no_solution_exit_1():
    code, out, _ = run("solve", "--engine", "dlx", input="12.." + "..4." + "." * 8 + "\n")
    assert (code, out) == (1, "no solution\n")


@pytest.mark.parametrize("args,stdin,message", [
    (["solve"], "", "empty input"),
    (["solve", "--box", "2x2"], "." * 81, "--box 2x2"),
    (["solve"], "123456789012\n", "not a square"),
    (["solve", "missing-file"], None, "cannot read"),
    (["cover"], "A B\nA C\n", "unknown item name 'C'"),
    (["cover"], "2 2\n1 0\n", "header says 2 rows"),
])
def test_bad_input_is_one_line_exit_2(args, stdin, message):
    code, out, err = run(*args, input=stdin)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def test_binary_junk_is_rejected():
    result = CliRunner().invoke(main, ["solve"], input=b"\x00\x01\x02garbage")
    assert result.exit_code == 2 and "binary data" in result.stderr


def test_max_nodes_exit_3():
    code, _, err = run("solve", "--engine", "dlx", "--max-nodes", "5", input="." * 81 + "\n")
    assert code == 3 and "node limit" in err
    code, _, err = run("cover", "--count", "--max-nodes", "5", input=write_dlx(queens(8)))
    assert code == 3 and "node limit" in err


def test_cover_formats(data):
    code, out, _ = run("cover", str(data / "exact-cover-p4929" / "unofficial" / "1.in"))
    assert (code, out) == (0, "1 4 5\n")
    code, out, _ = run("cover", str(data / "exact-cover-p4929" / "unofficial" / "3.in"))
    assert (code, out) == (1, "No Solution!\n")
    dlx2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"
    code, out, err = run("cover", "--stats", input=dlx2)
    assert code == 0 and out == "1:\n A C X:1 Y:1\n B X:1\n"
    assert "option ignored" in err and "Altogether 1 solutions" in err
    code, out, _ = run("cover", "--count", input="A B | c\nA c\nB c\nA\nB\nA B\n")
    assert out == "4\n"  # {A c, B}, {A, B c}, {A, B}, {A B}: the secondary c may stay uncovered


def test_console_script_runs_and_helps():
    out = subprocess.run([sys.executable, "-m", "sudokit", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "solve" in out.stdout and "cover" in out.stdout


def test_fast_engine_is_default_and_batch_keeps_order(data):
    expected = (data / "poj3074" / "3074.out").read_text()
    for jobs in ("1", "2"):
        code, out, _ = run("solve", "--jobs", jobs, str(data / "poj3074" / "3074.in"))
        assert code == 0 and out == expected


def test_batch_path_reports_bad_lines_in_place():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    clash = "44" + line[2:]
    code, out, err = run("solve", input=f"{line}\nshort\n{clash}\n{line}\n")
    rows = out.splitlines()
    assert code == 2 and len(rows) == 4 and rows[0] == rows[3]
    assert rows[1].startswith("invalid: ") and rows[2] == "invalid: given 4 at r1c1 clashes with r1c2"
    assert "<stdin>:2" in err and "<stdin>:3" in err


def test_json_one_object_per_puzzle(data):
    import json

    puzzles = (data / "poj3074" / "3074.in").read_text().splitlines()[:3]
    text = "\n".join(puzzles + ["." * 81, "11" + "." * 79]) + "\n"
    for engine in ("fast", "dlx"):
        code, out, _ = run("solve", "--json", "--unique", "--engine", engine, input=text)
        objs = [json.loads(x) for x in out.splitlines()]
        assert [o["status"] for o in objs[:4]] == ["solved"] * 3 + ["multiple solutions"]
        assert objs[4]["status"].startswith("invalid") and objs[4]["solution"] is None
        assert objs[0]["solution"] == (data / "poj3074" / "3074.out").read_text().split()[0]
        assert objs[3]["count"] == 2 and code == 2


def test_count_agrees_between_engines_on_multi_solution_puzzles(data):
    serg = (data / "sudoku" / "puzzles7_serg_benchmark_first1000").read_text().splitlines()
    text = "\n".join([x for x in serg if x and not x.startswith("#")][:40]) + "\n"
    counts = {e: run("solve", "--count", "--limit", "50", "--engine", e, input=text)[1] for e in ("fast", "dlx")}
    assert counts["fast"] == counts["dlx"] and len(counts["fast"].split()) == 40


def test_stats_summary_on_stderr(data):
    code, out, err = run("solve", "--stats", "--unique", str(data / "poj3074" / "3074.in"))
    assert code == 0 and "91 puzzles (91 solved)" in err and "puzzles/s" in err and "guesses/puzzle" in err


def test_batch_tally_and_exit_code_on_mixed_results():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    stuck = "12345678." + "........9" + "." * 63  # r1c9 can hold no digit
    rows = [line, "." * 81, stuck, "44" + line[2:], line, "bad"]
    text = "\n".join(rows) + "\n"
    code, out, err = run("solve", "--unique", "--stats", input=text)
    answers = out.splitlines()
    assert answers[1:4] == ["multiple solutions", "no solution", "invalid: given 4 at r1c1 clashes with r1c2"]
    assert answers[0] == answers[4] and len(answers[0]) == 81 and answers[5].startswith("invalid: ")
    assert code == 2 and "6 puzzles (2 invalid, 1 multiple solutions, 1 no solution, 2 solved)" in err
    # the batch path and the per-puzzle path (DLX engine) agree on every answer but the wording of a bad line
    code_dlx, out_dlx, _ = run("solve", "--unique", "--engine", "dlx", input=text)
    assert code_dlx == code and out_dlx.splitlines()[:5] == answers[:5]
    assert out_dlx.splitlines()[5].startswith("invalid: ")
    code, out, err = run("solve", "--unique", "--max-nodes", "1", "--stats", input="\n".join(rows[:2]) + "\n")
    assert out.splitlines()[1] == "node limit" and code == 3 and "1 node limit" in err


def test_batch_count_mode_matches_the_per_puzzle_path_with_bad_rows_between():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    stuck = "12345678." + "........9" + "." * 63
    rows = ["# a comment", line, "." * 81, stuck, "", "44" + line[2:], "bad", line]
    text = "\n".join(rows) + "\n"
    code, out, err = run("solve", "--count", "--limit", "5", input=text)
    assert out.splitlines() == ["1", "5", "0", "invalid: given 4 at r1c1 clashes with r1c2",
                                "invalid: expected 81 cells, found 3", "1"]
    assert code == 2 and "<stdin>:6" in err and "<stdin>:7" in err
    code_dlx, out_dlx, _ = run("solve", "--count", "--limit", "5", "--engine", "dlx", input=text)
    assert (code_dlx, out_dlx) == (code, out)
