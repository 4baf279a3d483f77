"""The hint, steps and rate commands: output, JSON fields, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sudokit.cli import main

DATA = Path(__file__).parent / "data"
EASY = "3.7.2.6.9.4.....1.............359.....4...3..7.34.82.5.3.....8....2.7...8..1.5..2"  # SE 2.5
XWING = ".9.....4.8..15......4.7....4..6.8..9.....2...3.2.....1.6.....1..1..4.3...5.....7."


def run(*args, stdin=None):
    """Invoke the CLI in-process; returns the click result."""
    return CliRunner().invoke(main, list(args), input=stdin)


def test_rate_prints_both_scales():
    result = run("rate", "-", stdin=EASY + "\n")
    assert result.exit_code == 0, result.output
    er_ep_ed, level, score, *hardest = result.output.split()
    assert er_ep_ed == "2.5/1.2/1.2" and level in ("easy", "medium") and int(score) > 0
    assert " ".join(hardest) == "Direct Hidden Triple"


def test_rate_json_fields():
    result = run("rate", "--json", "-", stdin=EASY + "\n")
    doc = json.loads(result.output)
    assert {"puzzle", "status", "er", "ep", "ed", "level", "score", "hardest", "guesses"} <= set(doc)
    assert doc["er"] == 2.5 and doc["status"] == "ok"


def test_rate_one_scale_leaves_the_other_blank_not_zero():
    both = json.loads(run("rate", "--json", "-", stdin=EASY + "\n").output)
    se = json.loads(run("rate", "--json", "--scale", "se", "-", stdin=EASY + "\n").output)
    hodoku = json.loads(run("rate", "--json", "--scale", "hodoku", "-", stdin=EASY + "\n").output)
    assert (se["er"], se["ep"], se["ed"], se["hardest"]) == (both["er"], both["ep"], both["ed"], both["hardest"])
    assert se["level"] is None and se["score"] is None and se["hodoku_hardest"] is None
    assert (hodoku["level"], hodoku["score"]) == (both["level"], both["score"]) and hodoku["er"] is None
    assert run("rate", "--scale", "hodoku", "-", stdin=EASY + "\n").output.split() == ["-/-/-", both["level"],
                                                                                         str(both["score"]), "-"]
    assert run("rate", "--scale", "se", "-", stdin=EASY + "\n").output.split()[:3] == ["2.5/1.2/1.2", "-", "-"]


def test_rate_refuses_several_solutions_and_keeps_the_rest():
    several = "." * 81
    result = run("rate", "-", stdin=f"{several}\n{EASY}\n")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "multiple solutions" and lines[1].startswith("2.5/")
    assert "more than one solution" in result.stderr


def test_bad_input_is_one_line_exit_2():
    result = run("rate", "-", stdin="not a sudoku at all\n")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_hint_gives_the_next_step():
    result = run("hint", "-", stdin=EASY + "\n")
    assert result.exit_code == 0
    assert result.output.startswith("Full House:") or result.output.startswith("Hidden Single:") or \
        result.output.startswith("Naked Single:")


def test_hint_technique_all_json():
    result = run("hint", "--technique", "hidden-single", "--all", "--json", "-", stdin=EASY + "\n")
    doc = json.loads(result.output)
    steps = doc["steps"]
    assert len(steps) > 1 and all(s["slug"] == "hidden-single" for s in steps)
    first = steps[0]
    assert set(first) == {"technique", "slug", "digits", "cells", "eliminations", "placements", "explanation",
                          "se", "score"}
    assert first["cells"][0].startswith("r") and first["placements"][0][0] == first["cells"][0]


def test_hint_technique_with_no_instance_prints_nothing_special_and_exits_0():
    result = run("hint", "--technique", "jellyfish", "--all", "-", stdin=EASY + "\n")
    assert result.exit_code == 0 and result.output.strip() == "no step"


def test_unknown_technique_is_exit_2():
    result = run("hint", "--technique", "magic", "-", stdin=EASY + "\n")
    assert result.exit_code == 2 and "unknown technique 'magic'" in result.stderr


def test_list_techniques():
    result = run("hint", "--list-techniques")
    rows = [line.split("\t") for line in result.output.splitlines()]
    assert ["X-Wing", "x-wing", "3.2", "140"] in rows
    listed = [json.loads(line) for line in run("hint", "--list-techniques", "--json").output.splitlines()]
    assert any(t["slug"] == "full-house" and t["se"] == 1.0 for t in listed)


def test_steps_path_then_rating():
    result = run("steps", "-", stdin=EASY + "\n")
    assert result.exit_code == 0
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("1. ") and lines[-1].startswith("rating 2.5/1.2/1.2")
    assert len(lines) > 40


def test_steps_json_se_order():
    result = run("steps", "--order", "se", "--json", "-", stdin=EASY + "\n")
    doc = json.loads(result.output)
    assert doc["er"] == 2.5 and max(s["se"] for s in doc["steps"]) == 2.5


def test_pencilmark_input():
    """A Sukaku (729-character) line is read as candidates."""
    marks = "".join("".join(str(d) for d in range(1, 10)) if ch == "." else "." * (int(ch) - 1) + ch + "." * (9 - int(ch))
                    for ch in EASY)
    result = run("hint", "-", stdin=marks + "\n")
    assert result.exit_code == 0 and result.output.strip()


def test_rate_cut_short_reports_a_lower_bound():
    import time

    from sudokit import Sudoku
    from sudokit.cli import _rating_text
    from sudokit.logic import api

    hard = (Path(__file__).parent.parent / "examples" / "hardest.txt").read_text().split()[0]
    puzzle = Sudoku(hard)
    state = puzzle._logic_state()
    full = api.rate(state, puzzle.geometry)
    cut = api.rate(state, puzzle.geometry, max_seconds=-1.0)  # the deadline has passed before the first step
    assert full.complete and not cut.complete and cut.reason == "time limit"
    assert cut.er <= full.er < 20.0  # the hardest step so far: a lower bound, not SE's "cannot solve" 20.0
    text = _rating_text(cut.to_json())
    assert text.startswith(">=") and text.endswith("(time limit)")
    assert not _rating_text(full.to_json()).startswith(">=")
