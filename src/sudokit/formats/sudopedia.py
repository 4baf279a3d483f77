"""Any layout by the Sudopedia clipboard rules (text, and Simple Sudoku's boxed ss)."""

from __future__ import annotations

import math
import re
from collections import Counter

import numpy as np

from ..errors import InputError
from .model import Entry, MIN_LINE_SIDE, PuzzleFile
from .symbols import resolve_symbols


SUDOPEDIA_BLANKS = "0.X*_ "


def read_text(text: str, symbols, n, source) -> PuzzleFile:
    """Blocks of text (separated by blank lines), each one puzzle by the Sudopedia clipboard rules."""
    lines = [(k, raw) for k, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1)]
    blocks, cur = [], []  # only empty lines separate puzzles: a row of nine spaces is a row of blanks
    for k, t in lines:
        if t:
            cur += [] if t.lstrip().startswith("#") else [(k, t)]
        elif cur:
            blocks, cur = blocks + [cur], []
    blocks += [cur] if cur else []
    if not blocks:
        raise InputError(f"{source}: empty input")
    entries, side = [], n
    for block in blocks:
        entry, got = _sudopedia("\n".join(t for _, t in block), side, block[0][0])
        side = side or got
        entries.append(entry)
    if side is None:
        raise InputError(f"{source}:{entries[0].line}: {entries[0].error}")
    fmt = "ss" if "|" in text else "text"
    return PuzzleFile(entries, side, fmt, resolve_symbols(symbols, side), source, separated=len(blocks) > 1)


def _sudopedia(body: str, n: int | None, line: int) -> tuple[Entry, int | None]:
    """One puzzle from a block of text: a candidate grid (N*N digit groups) or givens with a detected blank."""
    groups = re.findall(r"[0-9]+", body)
    side = math.isqrt(len(groups))
    if (len(groups) > 1 and side * side == len(groups) and MIN_LINE_SIDE <= side <= 9 and n in (None, side)
            and all("0" not in g and max(g) <= str(side) for g in groups)):
        mask = np.zeros((side * side, side), bool)
        for cell, g in enumerate(groups):
            mask[cell, [int(ch) - 1 for ch in g]] = True
        return Entry(np.zeros(side * side, np.int32), line, candidates=mask), side
    counts = Counter(ch for ch in body if ch != "\n")
    digits = sum(counts[d] for d in "123456789")
    order = [ch for ch in SUDOPEDIA_BLANKS if ch in counts] + sorted(set(counts) - set(SUDOPEDIA_BLANKS) - set(
        "123456789"))
    for blank in order + [""]:
        total = digits + (counts[blank] if blank else 0)
        side = math.isqrt(total)
        if side * side == total and MIN_LINE_SIDE <= side <= 9 and n in (None, side) and not any(
                counts[str(d)] for d in range(side + 1, 10)):
            cells = [ch for ch in body if ch in "123456789" or (blank and ch == blank)]
            grid = np.array([0 if ch == blank else int(ch) for ch in cells], np.int32)
            return Entry(grid, line), side
    return Entry(None, line, f"cannot tell the blank: no character occurs N*N - {digits} times "
                             f"for a square grid up to 9x9"), None
