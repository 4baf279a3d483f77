"""Singles: the last empty cell of a house (Full House), the only place for a digit in a house (Hidden Single),
the only digit left in a cell (Naked Single). Houses are scanned boxes, columns, rows, extras (Sudoku Explainer's
order), so the first step found is the one SE would take."""

from __future__ import annotations

from .candidates import Candidates, bits
from .step import cell_name
from .table import step


def scan_order(state: Candidates) -> list[int]:
    """Houses in SE's scan order: boxes (or regions), columns, rows, then extra units."""
    n = state.n
    return [*range(2 * n, 3 * n), *range(n, 2 * n), *range(n), *range(3 * n, len(state.houses.cells))]


def _single(state: Candidates, house: int, cell: int, digit: int, full: bool):
    """The Full House or Hidden Single step placing digit in cell."""
    n, name = state.n, state.houses.name(house)
    slug, se = ("full-house", 1.0) if full else ("hidden-single", 1.2 if state.houses.kinds[house] == "box" else 1.5)
    what = "Full House" if full else "Hidden Single"
    return step(slug, f"{what}: {cell_name(cell, n)}={digit} (only place for {digit} in {name})", digits=(digit,),
                cells=(cell,), placements=((cell, digit),), se=se, pattern=((cell, digit),))


def _empty_in(state: Candidates, house: int) -> int:
    """The number of empty cells of a house."""
    return sum(1 for c in state.houses.cells[house] if not state.values[c])


def full_houses(state: Candidates):
    """Houses with one empty cell left: that cell takes the missing digit."""
    for h in scan_order(state):
        if _empty_in(state, h) == 1:
            cell = next(c for c in state.houses.cells[h] if not state.values[c])
            for b in bits(state.cand[cell]):
                if state.positions(h, b + 1) == 1 << cell:
                    yield _single(state, h, cell, b + 1, True)


def hidden_singles(state: Candidates, full: bool = False):
    """Digits with one place left in a house (full=True also yields the Full Houses, SE-style, first)."""
    if full:
        yield from full_houses(state)
    for h in scan_order(state):
        if _empty_in(state, h) == 1:
            continue
        for d in range(1, state.n + 1):
            pos = state.positions(h, d)
            if pos and pos & (pos - 1) == 0:
                yield _single(state, h, pos.bit_length() - 1, d, False)


def naked_singles(state: Candidates):
    """Cells with one candidate left."""
    n = state.n
    for c, m in enumerate(state.cand):
        if m and m & (m - 1) == 0:
            d = m.bit_length()
            yield step("naked-single", f"Naked Single: {cell_name(c, n)}={d}", digits=(d,), cells=(c,),
                       placements=((c, d),), pattern=((c, d),))
