"""The data a reader hands over: one Entry per puzzle, a PuzzleFile for the input and how it was written."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


MIN_LINE_SIDE = 4  # grids are 4x4 .. 64x64: a 1x1, 2x2 or 3x3 "Sudoku" is junk no format writes back


@dataclass
class Entry:
    """One puzzle read from a file: its grid (None if unreadable), the line it starts on, why it is unreadable."""

    grid: np.ndarray | None
    line: int
    error: str = ""
    comment: str = ""
    candidates: np.ndarray | None = None  # bool [N*N, N] for pencilmark / candidate grids
    regions: np.ndarray | None = None  # int [N, N] region labels (jigsaw lines, hdu4069, json)
    extras: dict = field(default_factory=dict)  # json: box, constraints, cages, weights


@dataclass
class PuzzleFile:
    """The puzzles of one input and how they were written, so answers can be printed the same way."""

    entries: list[Entry]
    n: int
    fmt: str
    symbols: str
    source: str = "<input>"
    separated: bool = False  # grid/ints blocks separated by blank lines
    notes: list[str] = field(default_factory=list)
    meta: list[str] = field(default_factory=list)  # sdk '#' metadata lines, verbatim

    def describe(self) -> str:
        """One line saying what the reader assumed."""
        return (f"{self.source}: {len(self.entries)} puzzle(s), format {self.fmt}, {self.n}x{self.n}, "
                f"symbols {self.symbols!r}")
