"""Basic fish: a digit whose places in k base lines (rows or columns) lie in k cover lines of the other kind
(X-Wing k=2, Swordfish 3, Jellyfish 4); the digit leaves the rest of the cover lines. Columns are tried as base
lines first, then rows (Sudoku Explainer's order)."""

from __future__ import annotations

from .candidates import Candidates, bits
from .notation import eliminate_digit, houses_text, result_text
from .subsets import combos
from .table import step

FISH = {2: ("x-wing", "X-Wing"), 3: ("swordfish", "Swordfish"), 4: ("jellyfish", "Jellyfish")}


def line_index(state: Candidates, cell: int, rows: bool) -> int:
    """The row (rows=True) or column house of a cell."""
    return state.houses.row(cell) if rows else state.houses.col(cell)


def basic_fish(state: Candidates, k: int):
    """X-Wing / Swordfish / Jellyfish steps that eliminate something (line tuples outer, digits inner, as SE)."""
    n = state.n
    slug, name = FISH[k]
    placed = [0] * (n + 1)
    for v in state.values:
        placed[v] += 1
    for base_rows in (False, True):
        bases = list(range(n)) if base_rows else list(range(n, 2 * n))
        for lines in combos(k, bases):
            for d in range(1, n + 1):
                if placed[d] + 2 * k <= n:
                    yield from _fish(state, k, d, lines, base_rows, slug, name)


def _fish(state, k, d, lines, base_rows, slug, name):
    """The fish of digit d on these base lines, if their places lie in k cover lines and it eliminates."""
    n, h = state.n, state.houses
    cover = set()
    for line in lines:
        pos = state.positions(line, d)
        if pos & (pos - 1) == 0:
            return
        cover.update(line_index(state, c, not base_rows) for c in bits(pos))
    if len(cover) != k:
        return
    covers = sorted(cover)
    base_mask = sum(h.masks[x] for x in lines)
    elim = eliminate_digit(state, sum(h.masks[x] for x in covers) & ~base_mask, d)
    if elim:
        cells = [c for x in lines for c in bits(state.positions(x, d))]
        text = f"{name}: {d} in {houses_text(h, lines)} / {houses_text(h, covers)} => {result_text(elim, (), n)}"
        yield step(slug, text, digits=(d,), cells=cells, eliminations=elim, pattern=[(c, d) for c in cells])
