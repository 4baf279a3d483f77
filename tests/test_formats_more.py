"""More text formats: Sudopedia rules, .sdk, .sdm, .ss, pencilmark (Sukaku), jigsaw lines, JSON, HDU 4069 input.

Layouts follow /work/shared/docs/formats.md (Sudopedia "Sudoku Clipboard and File Formats", SudoCue file formats).
"""

import json

import numpy as np
import pytest

from sudokit.errors import InputError
from sudokit.formats import (WRITERS, candidates_of, format_candidates, givens_of, puzzle_to_json, read_puzzles,
                             regions_from_walls, write_puzzles)

LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID = np.array([0 if ch == "." else int(ch) for ch in LINE], np.int32)
SS = """*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
"""


def test_simple_sudoku_boxed_text_with_frame():
    pf = read_puzzles(SS)
    assert pf.fmt == "ss" and np.array_equal(pf.entries[0].grid, GRID)


@pytest.mark.parametrize("blank", ["0", ".", "X", "*", "_", " "])
def test_sudopedia_blank_is_the_character_with_the_missing_count(blank):
    text = "\n".join(LINE.replace(".", blank)[r * 9:(r + 1) * 9] for r in range(9))
    pf = read_puzzles(text, fmt="text")
    assert np.array_equal(pf.entries[0].grid, GRID)


def test_sudopedia_tie_prefers_dot_over_underscore():
    # '.' and '_' both occur 81 - 17 times; the rules prefer '.', so the '_' line is layout
    text = LINE + "\n" + "_" * LINE.count(".")
    pf = read_puzzles(text, fmt="text")
    assert np.array_equal(pf.entries[0].grid, GRID)


def test_sudopedia_81_digit_groups_make_a_candidate_grid():
    mask = candidates_of(GRID, 9)
    mask[1, 1:] = False  # r1c2: only 1 left
    groups = ["".join(str(d + 1) for d in np.flatnonzero(row)) for row in mask]
    rows = []
    for r in range(9):
        cells = [groups[r * 9 + c].ljust(9) for c in range(9)]
        rows.append("| " + " ".join(cells[0:3]) + " | " + " ".join(cells[3:6]) + " | " + " ".join(cells[6:9]) + " |")
        if r in (2, 5):
            rows.append(":" + "-" * 31 + "+" + "-" * 31 + "+" + "-" * 31 + ":")
    text = ".---\n" + "\n".join(rows) + "\n'---\n"
    pf = read_puzzles(text, fmt="text")
    assert pf.entries[0].candidates is not None and np.array_equal(pf.entries[0].candidates, mask)


def test_simple_sudoku_candidate_grid_is_detected():
    mask = candidates_of(GRID, 9)
    mask[2, 2:] = False
    groups = ["".join(str(d + 1) for d in np.flatnonzero(row)).ljust(9) for row in mask]
    rule = "|" + "+".join(["-" * 31] * 3) + "|"
    rows = ["*" + "-" * 95 + "*"]
    for r in range(9):
        rows.append("| " + " | ".join(" ".join(groups[r * 9 + b * 3:r * 9 + b * 3 + 3]) for b in range(3)) + " |")
        rows += [rule] if r in (2, 5) else []
    pf = read_puzzles("\n".join(rows + [rows[0]]) + "\n")
    assert pf.fmt == "ss" and np.array_equal(pf.entries[0].candidates, mask)


def test_sdk_metadata_kept_and_header_skipped():
    text = "#AAuthor Name\n#DA description\n[Puzzle]\n" + "\n".join(LINE[r * 9:(r + 1) * 9] for r in range(9))
    pf = read_puzzles(text)
    assert pf.fmt == "sdk" and pf.meta == ["#AAuthor Name", "#DA description"]
    assert np.array_equal(pf.entries[0].grid, GRID)
    again = read_puzzles(write_puzzles(pf, "sdk"))
    assert again.meta == pf.meta and np.array_equal(again.entries[0].grid, GRID)


def test_sdm_one_per_line_zero_blanks():
    pf = read_puzzles(LINE.replace(".", "0") + "\n" + LINE + "\n", fmt="sdm")
    assert pf.fmt == "sdm" and len(pf.entries) == 2
    assert write_puzzles(pf, "sdm").split() == [LINE.replace(".", "0")] * 2


@pytest.mark.parametrize("to", [w for w in WRITERS])
def test_every_writer_round_trips(to):
    pf = read_puzzles(LINE + "\n" + LINE[::-1] + "\n")
    text = write_puzzles(pf, to)
    again = read_puzzles(text, fmt=None if to != "sdm" else "sdm")
    assert len(again.entries) == 2
    for a, b in zip(pf.entries, again.entries):
        assert np.array_equal(givens_of(b, 9), a.grid)


def test_ss_writer_for_other_box_shapes():
    pf = read_puzzles("1" + "." * 35 + "\n")
    text = write_puzzles(pf, "ss", box=(2, 3))
    assert text.split("\n")[:3] == ["1..|...", "...|...", "---+---"]
    assert np.array_equal(read_puzzles(text).entries[0].grid, pf.entries[0].grid)


def test_pencilmark_line_read_written_and_refused_as_givens():
    mask = candidates_of(GRID, 9)
    mask[1, 0] = False
    line = format_candidates(mask, 9)
    assert len(line) == 729 and line[:9] == "...4....." and line[9:18] == ".23456789"
    pf = read_puzzles(line + "\n")
    assert pf.fmt == "pencilmark" and np.array_equal(pf.entries[0].candidates, mask)
    assert write_puzzles(pf, "pencilmark") == line + "\n"
    with pytest.raises(InputError, match="pencilmarks"):
        write_puzzles(pf, "line")
    plain = read_puzzles(format_candidates(candidates_of(GRID, 9), 9))
    assert write_puzzles(plain, "line") == LINE + "\n"  # singles and full cells convert losslessly


@pytest.mark.parametrize("edit,match", [(lambda s: "5" + s[1:], "slot 1 must be '1'"),
                                        (lambda s: "." * 9 + s[9:], "no candidate left")])
def test_pencilmark_errors_are_per_puzzle(edit, match):
    line = format_candidates(candidates_of(GRID, 9), 9)
    pf = read_puzzles(edit(line) + "\n", fmt="pencilmark")
    assert match in pf.entries[0].error


def test_jigsaw_line_round_trip():
    labels = "".join("ABCDEFGHI"[(r // 3) * 3 + c // 3] for r in range(9) for c in range(9))
    pf = read_puzzles(LINE + labels + "\n")
    assert pf.fmt == "jigsaw" and pf.entries[0].regions.shape == (9, 9)
    assert write_puzzles(pf, "line") == LINE + labels + "\n"
    with pytest.raises(InputError, match="regions"):
        write_puzzles(pf, "sdk")
    spaced = read_puzzles(LINE + " " + labels + " a comment\n")
    assert np.array_equal(spaced.entries[0].regions, pf.entries[0].regions)
    assert spaced.entries[0].comment == "a comment"
    bad = read_puzzles(LINE + labels[:-1] + "Z" + "\n")
    assert bad.entries[0].error == ""  # labels are checked by region_geometry when the puzzle is solved


def test_json_round_trips_every_variant():
    entry = read_puzzles(LINE).entries[0]
    entry.regions = np.arange(81).reshape(9, 9) // 9
    entry.candidates = candidates_of(GRID, 9)
    entry.candidates[1, 0] = False
    entry.extras = {"box": (3, 3), "constraints": ("x", "windoku", "anti-knight", "anti-king", "non-consecutive"),
                    "cages": [(3, (1, 2)), (24, (79, 80, 71))], "weights": np.arange(81) - 40, "meta": ["#Ame"]}
    doc = puzzle_to_json(entry, 9)
    pf = read_puzzles(json.dumps(doc))
    got = pf.entries[0]
    assert pf.fmt == "json" and pf.n == 9
    assert np.array_equal(got.grid, GRID) and np.array_equal(got.candidates, entry.candidates)
    assert np.array_equal(got.regions, entry.regions)
    assert got.extras["constraints"] == entry.extras["constraints"] and got.extras["box"] == (3, 3)
    assert got.extras["cages"] == [(3, (1, 2)), (24, (79, 80, 71))]
    assert np.array_equal(got.extras["weights"], entry.extras["weights"]) and got.extras["meta"] == ["#Ame"]
    text = write_puzzles(pf, "json")
    assert puzzle_to_json(read_puzzles(text).entries[0], 9) == doc


def test_json_accepts_strings_and_lists():
    second = {"size": 4, "givens": ["12..", "....", "....", "...."], "regions": ["AABB", "AABB", "CCDD", "CCDD"]}
    text = json.dumps([{"size": 4, "givens": "1...........4..."}, second])
    pf = read_puzzles(text)
    assert len(pf.entries) == 2 and pf.entries[0].grid[12] == 4 and pf.entries[1].regions[3, 3] == 3


@pytest.mark.parametrize("text,match", [
    ('{"size": 9, "givens": [1]', "bad JSON"),
    ('{"size": 99}', "'size' must be"),
    ('{"size": 4, "givens": [[1, 2], [3, 4]]}', "expected 4 rows"),
    ('{"size": 4, "givens": "1...........9..."}', "givens must be 0..4"),
    ('{"size": 4, "cages": [{"sum": 30, "cells": ["r1c1", "r1c2"]}]}', "cannot sum to 30"),
    ('{"size": 4, "cages": [{"sum": 3, "cells": ["r9c1"]}]}', "outside the 4x4 grid"),
    ('{"size": 4, "constraints": "x"}', "list of names"),
    ('[{"size": 4}, {"size": 9}]', "different sizes"),
])
def test_json_errors(text, match):
    with pytest.raises(InputError, match=match):
        read_puzzles(text)


def test_hdu4069_walls_and_errors(data):
    walls = np.zeros((9, 9), int)
    walls[:, 2] |= 2  # a wall right of column 3 and left of column 4 splits the grid into two components
    walls[:, 3] |= 8
    labels = regions_from_walls(walls, 9)
    assert labels.max() == 1 and labels[0, 0] != labels[0, 3]
    bad = (data / "hdu4069" / "sample.in").read_text().replace("144 18 112", "144 10 112", 1)
    with pytest.raises(InputError, match="'10' is not digit"):
        read_puzzles(bad, fmt="hdu4069")
    with pytest.raises(InputError, match="need 243 numbers"):
        read_puzzles((data / "hdu4069" / "sample.in").read_text() + " 5", fmt="hdu4069")
    one = "1\n" + "\n".join(" ".join(["0"] * 9) for _ in range(9))  # no walls: one region of 81 cells
    assert "regions of sizes [81]" in read_puzzles(one, fmt="hdu4069").entries[0].error


def test_old_detection_unchanged():
    pf = read_puzzles(f"# header\n{LINE} hard one\n")
    assert pf.fmt == "line" and pf.entries[0].comment == "hard one"
    pf = read_puzzles(f"#Source: somewhere\n{LINE} a | b\n{LINE}\n")
    assert pf.fmt == "line" and len(pf.entries) == 2  # '#S' over 81-character lines, '|' in a comment
