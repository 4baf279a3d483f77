"""Issue 11: the front door (Sudoku, Problem, TargetSudoku, BinarySudoku), the pipeline and the symbol detection."""

import pytest

from sudokit.errors import InputError
from sudokit.formats import read_puzzles


@pytest.mark.parametrize("n", [10, 16, 25, 36, 64])
def test_an_empty_grid_takes_the_default_alphabet(n):
    pf = read_puzzles("." * n * n + "\n")
    assert pf.n == n and pf.symbols == "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+=@"[:n]


def test_only_alphabets_long_enough_are_candidates():
    assert read_puzzles("A" + "." * (36 * 36 - 1)).symbols.startswith("123")  # letters (A-Z) and hex cannot spell 36
    with pytest.raises(InputError, match="default or letters"):
        read_puzzles("A" + "." * 624)  # 25x25: 1-9A-P or A-Y both fit, hex (0-F) does not
    assert read_puzzles("0F" + "." * 254).symbols.startswith("0")  # '0' beside '.' is still hex's digit
