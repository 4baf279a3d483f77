"""Puzzle text formats: detection, alphabets, layouts, and clear errors."""

import numpy as np
import pytest

from sudokit.errors import InputError
from sudokit.formats import format_grid, join_blocks, read_puzzles

LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_line_format_with_comment_and_end():
    pf = read_puzzles(f"# header\n{LINE} hard one\n{LINE.replace('.', '0')}\nend\nignored\n")
    assert pf.fmt == "line" and pf.n == 9 and len(pf.entries) == 2
    assert pf.entries[0].comment == "hard one" and pf.entries[0].line == 2
    assert np.array_equal(pf.entries[0].grid, pf.entries[1].grid)


def test_grid_format_with_count_line_and_crlf(data):
    pf = read_puzzles((data / "poj2676" / "2676.in").read_bytes().decode())
    assert pf.fmt == "grid" and len(pf.entries) == 10 and not pf.separated


def test_ints_format():
    rows = "\n".join(" ".join("0" if (r + c) % 3 else str((c % 9) + 1) for c in range(9)) for r in range(9))
    pf = read_puzzles(rows)
    assert pf.fmt == "ints" and pf.n == 9 and pf.entries[0].grid.shape == (81,)
    assert format_grid(pf.entries[0].grid, 9, "ints") == rows


def test_sixteen_alphabets_detected():
    with pytest.raises(InputError, match="ambiguous"):
        read_puzzles("A" + "-" * 255)  # 'A' fits every alphabet
    hexline = "0F" + "." * 254
    assert read_puzzles(hexline).symbols.startswith("0")
    poj = "P" + "-" * 255
    assert read_puzzles(poj).symbols == "ABCDEFGHIJKLMNOP"
    assert read_puzzles("1G" + "." * 254).symbols == "123456789ABCDEFG"


def test_ambiguous_alphabet_asks_for_symbols():
    with pytest.raises(InputError, match="--symbols"):
        read_puzzles("12" + "." * 254)
    pf = read_puzzles("12" + "." * 254, symbols="hex")
    assert pf.entries[0].grid[0] == 2


def test_bad_puzzles_are_reported_per_entry():
    pf = read_puzzles(f"{LINE}\n{LINE[:-1]}\n{LINE[:-1]}x\n")
    assert pf.entries[0].error == ""
    assert "expected 81 cells" in pf.entries[1].error
    assert "unknown symbol 'x'" in pf.entries[2].error


@pytest.mark.parametrize("text", ["", "\n\n", "# only comments\n"])
def test_empty_input(text):
    with pytest.raises(InputError, match="empty"):
        read_puzzles(text)


def test_non_square_line_is_an_error():
    with pytest.raises(InputError, match="not a square"):
        read_puzzles("123456789012\n")


def test_round_trip_every_layout():
    pf = read_puzzles(LINE)
    grid = pf.entries[0].grid
    for fmt in ("line", "grid", "ints"):
        again = read_puzzles(format_grid(grid, 9, fmt), fmt=fmt)
        assert np.array_equal(again.entries[0].grid, grid)
    assert join_blocks(["a", "b"], pf) == "a\nb\n"
