"""Judge formats with their own layout: HDU 4069 squiggly Sudoku (walls as bits, Case k: answers)."""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from .model import Entry, PuzzleFile
from .symbols import resolve_symbols
from .writers import format_grid


def read_hdu4069(text: str, symbols, n, source) -> PuzzleFile:
    """HDU 4069: T, then per case 9 lines of 9 integers digit + 16/32/64/128 walls (top/right/bottom/left)."""
    tokens = [(k, tok) for k, raw in enumerate(text.split("\n"), 1) for tok in raw.split()]
    if not tokens or not tokens[0][1].isdigit():
        raise InputError(f"{source}: hdu4069 input starts with the number of cases")
    cases, values = int(tokens[0][1]), tokens[1:]
    if len(values) != 81 * cases:
        raise InputError(f"{source}: {cases} case(s) need {81 * cases} numbers, found {len(values)}")
    bad = next(((k, t) for k, t in values if not t.isdigit() or int(t) > 255 or int(t) % 16 > 9), None)
    if bad:
        raise InputError(f"{source}:{bad[0]}: {bad[1]!r} is not digit 0..9 plus wall bits 16/32/64/128")
    entries = []
    for case in range(cases):
        part = values[81 * case:81 * (case + 1)]
        cells = np.array([int(t) for _, t in part], np.int32)
        labels = regions_from_walls(cells >> 4, 9)
        entry = Entry(cells & 15, part[0][0], regions=labels)
        sizes = np.bincount(labels.ravel())
        if len(sizes) != 9 or np.any(sizes != 9):
            entry.grid, entry.error = None, f"walls make {len(sizes)} regions of sizes {sizes.tolist()}, not 9 of 9"
        entries.append(entry)
    return PuzzleFile(entries, 9, "hdu4069", resolve_symbols(symbols, 9), source)


def regions_from_walls(walls: np.ndarray, n: int) -> np.ndarray:
    """Region labels [N, N] of the wall-bounded components; walls per cell: 1 top, 2 right, 4 bottom, 8 left."""
    walls = np.asarray(walls).reshape(n, n)
    labels = -np.ones((n, n), np.int32)
    steps = ((-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2))
    count = 0
    for start in range(n * n):
        if labels.flat[start] >= 0:
            continue
        labels.flat[start] = count
        stack = [divmod(start, n)]
        while stack:
            r, c = stack.pop()
            for dr, dc, mine, theirs in steps:
                rr, cc = r + dr, c + dc
                if (0 <= rr < n and 0 <= cc < n and labels[rr, cc] < 0 and not walls[r, c] & mine
                        and not walls[rr, cc] & theirs):
                    labels[rr, cc] = count
                    stack.append((rr, cc))
        count += 1
    return labels


def format_hdu4069(case: int, status: str, grid=None) -> str:
    """One HDU 4069 answer: 'Case k:' then the 9 rows, 'No solution' or 'Multiple Solutions'."""
    if status == "solved":
        return f"Case {case}:\n" + format_grid(grid, 9, "grid")
    return f"Case {case}:\n" + ("No solution" if status == "no solution" else "Multiple Solutions")
