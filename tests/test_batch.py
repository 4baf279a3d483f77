"""Batch solving (sudokit.sudoku.batch): the line parser, input order across processes, progress, interrupts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sudokit.errors import InputError
from sudokit.geometry import box_geometry
from sudokit import formats
from sudokit.sudoku import batch, fast
from sudokit.sudoku.grid import is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
G9 = box_geometry(3, 3)


def mixed_grids() -> np.ndarray:
    """Easy and hard puzzles interleaved, so chunks finish out of order."""
    easy, _, _ = formats.parse_line_array((DATA / "puzzles2_17_clue_first1000").read_bytes(), 9)
    hard, _, _ = formats.parse_line_array((DATA / "puzzles6_forum_hardest_1106").read_bytes(), 9)
    return np.concatenate([hard[:150], easy[:450], hard[150:300]])


def test_parse_lines_comments_blanks_crlf():
    p1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    p2 = p1.replace(".", "0")
    p3 = p1.replace(".", "-", 3).replace(".", "_", 3)
    data = (f"# header\r\n\r\n{p1}\r\n   \n{p2} trailing comment\n#{p1}\n{p3}\n"
            f"{p1[:80]}\n{p1[:40]}x{p1[41:]}\n{p1}").encode()
    grids, lines, bad = formats.parse_line_array(data, 9)
    assert grids.dtype == np.uint8 and grids.shape == (6, 81)
    assert list(lines) == [3, 5, 7, 8, 9, 10]
    assert list(bad) == [3, 4]
    want = np.array([0 if ch == "." else int(ch) for ch in p1])
    for i in (0, 1, 2, 5):
        np.testing.assert_array_equal(grids[i], want)
    assert not grids[3].any() and not grids[4].any()
    assert "81 cells" in formats.line_error(p1[:80], 9)
    assert "'x'" in formats.line_error(f"{p1[:40]}x{p1[41:]}", 9)
    assert formats.line_error(p1, 9) == ""


def test_parse_empty_and_letters():
    grids, lines, bad = formats.parse_line_array(b"", 9)
    assert grids.shape == (0, 81) and len(lines) == 0 and len(bad) == 0
    grids, _, bad = formats.parse_line_array(b"# only a comment\n\n", 9)
    assert grids.shape == (0, 81)
    row = "AbC-" + "." * 252
    grids, _, bad = formats.parse_line_array(row.encode(), 16)
    assert len(bad) == 0 and list(grids[0, :4]) == [1, 2, 3, 0]
    grids, _, bad = formats.parse_line_array(("Q" + "." * 255).encode(), 16)
    assert list(bad) == [0]
    with pytest.raises(InputError):
        formats.symbol_table(30)


def test_parse_whole_file_matches_python():
    text = (DATA / "puzzles3_magictour_top1465_first1000").read_text()
    rows = [ln[:81] for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    grids, lines, bad = formats.parse_line_array(text.encode(), 9)
    assert len(bad) == 0 and len(grids) == len(rows)
    want = np.array([[0 if ch == "." else int(ch) for ch in r] for r in rows])
    np.testing.assert_array_equal(grids, want)


PIECES = ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "1" * 81,
          "12" * 40, "x", " ", "\t", "\r", "#", "\x1c", "\u00e9", "0" * 81, " comment", "."]


def model_parse(data: bytes, n: int):
    """The line reader's rules, one line at a time in Python: what parse_line_array must agree with."""
    lut = formats.symbol_table(n)
    grids, lines, bad = [], [], []
    for k, raw in enumerate(data.split(b"\n")[: data.count(b"\n") + (not data.endswith(b"\n"))], 1):
        if not raw.strip(b" \t\r\x0b\x0c") or raw.startswith(b"#"):
            continue
        error = formats.line_error(raw, n)
        token = raw.decode("utf-8", "replace").split()[0].encode() if not error else b""
        grids.append(lut[np.frombuffer(token, np.uint8)] if not error else np.zeros(n * n, np.uint8))
        lines.append(k)
        if error:
            bad.append(len(grids) - 1)
    return grids, lines, bad


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=4).map("".join), max_size=12),
       st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_parse_line_array_agrees_with_the_line_reader(rows, end, last_newline):
    text = end.join(rows) + (end if last_newline else "")
    data = text.encode()
    grids, lines, bad = formats.parse_line_array(data, 9)
    want_grids, want_lines, want_bad = model_parse(data, 9)
    assert list(lines) == want_lines and list(bad) == want_bad
    assert grids.shape == (len(want_lines), 81)
    for got, want in zip(grids, want_grids):
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("jobs", [1, 2])
def test_batch_input_order_and_progress(jobs):
    grids = mixed_grids()
    want = fast.solve_many(grids, G9, limit=2)
    seen = []
    run = batch.solve_batch(grids, G9, limit=2, jobs=jobs, chunk_size=37,
                            progress=lambda done, total: seen.append((done, total)))
    assert not run.interrupted and run.done.all() and run.jobs == jobs
    np.testing.assert_array_equal(run.result.counts, want.counts)
    np.testing.assert_array_equal(run.result.solutions, want.solutions)
    np.testing.assert_array_equal(run.result.guesses, want.guesses)
    assert seen[0] == (0, len(grids)) and seen[-1] == (len(grids), len(grids))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    for i in range(0, len(grids), 25):
        assert is_solution(run.result.solutions[i], grids[i], G9)


def test_batch_statuses_and_other_sizes():
    g4 = box_geometry(2, 2)
    grids = np.zeros((5, 16), np.int32)
    grids[1, 0] = grids[1, 1] = 2  # clash
    grids[2, 0] = 9                # out of range
    run = batch.solve_batch(grids, g4, limit=2, jobs=2, chunk_size=2)
    assert list(run.result.status) == [fast.OK, fast.CLASH, fast.BAD_VALUE, fast.OK, fast.OK]
    assert list(run.result.counts) == [2, 0, 0, 2, 2]


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupt_returns_what_was_solved(jobs):
    grids = mixed_grids()

    def progress(done, total):
        if done > 0:
            raise KeyboardInterrupt

    run = batch.solve_batch(grids, G9, limit=2, jobs=jobs, chunk_size=50, progress=progress)
    assert run.interrupted
    assert 0 < run.done.sum() < len(grids)
    for i in np.nonzero(run.done)[0]:
        assert run.result.counts[i] == 1 and is_solution(run.result.solutions[i], grids[i], G9)


def test_solve_file(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes((DATA / "poj3074.in").read_bytes())
    grids, lines, bad, run = batch.solve_file(str(path), G9, limit=2, jobs=1)
    assert list(lines[bad]) == [92]  # the 'end' line
    assert run.result.status[bad[0]] == fast.BAD_LINE and run.result.counts[bad[0]] == 0 and run.done.all()
    ok = np.setdiff1d(np.arange(len(grids)), bad)
    want = [ln.strip() for ln in (DATA / "poj3074.out").read_text().split()]
    got = ["".join(map(str, run.result.solutions[i])) for i in ok]
    assert got == want
    assert formats.format_lines(run.result.solutions[ok], 9) == want
    assert formats.format_lines(grids[:1], 9)[0] == (DATA / "poj3074.in").read_text().splitlines()[0]
    assert formats.format_lines(np.array([[0, 1, 16, 2] + [0] * 252]), 16)[0][:4] == ".APB"


def test_batch_rejects_unsupported_geometry_before_the_pool():
    from sudokit.geometry import Geometry, rows_and_columns

    big = Geometry(65, rows_and_columns(65))
    with pytest.raises(InputError):
        batch.solve_batch(np.zeros((3, 65 * 65), np.uint8), big, jobs=2)
