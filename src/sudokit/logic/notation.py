"""The notation people write steps in: r4c3<>7 for an elimination, r1c2=5 for a placement, r2,r8 for houses."""

from __future__ import annotations

from .candidates import Houses, bits
from .step import cell_names


def cells_text(cells, n: int) -> str:
    """Cells as r1c1,r1c5 (a cell set or an iterable of cells)."""
    cells = bits(cells) if isinstance(cells, int) else cells
    name = cell_names(n)
    return ",".join([name[c] for c in cells])


def houses_text(houses: Houses, hs) -> str:
    """Houses as r2,r8 or b1."""
    return ",".join(houses.name(h) for h in hs)


def digits_text(digits) -> str:
    """Digits as 1,2,7."""
    return ",".join(str(d) for d in digits)


def result_text(eliminations, placements, n: int) -> str:
    """What a step does: r4c3<>7, r6c5<>7 or r1c2=5."""
    name = cell_names(n)
    out = [f"{name[c]}={d}" for c, d in placements]
    out += [f"{name[c]}<>{d}" for c, d in sorted(eliminations)]
    return ", ".join(out)


def eliminate_digit(state, cellset: int, digit: int) -> list[tuple[int, int]]:
    """The eliminations (cell, digit) of digit from the cells of cellset that still have it."""
    return [(c, digit) for c in bits(cellset & state.where[digit])]


def eliminate_mask(state, cellset: int, mask: int) -> list[tuple[int, int]]:
    """The eliminations of every digit of a candidate mask from the cells of cellset."""
    return [(c, b + 1) for c in bits(cellset) for b in bits(state.cand[c] & mask)]
