"""Subsets: k cells of a house that hold only k digits between them (naked), or k digits of a house that fit only
k cells (hidden). Locked pairs/triples are naked subsets in a box-line crossing, which clear both houses. Direct
hidden pairs/triples (Sudoku Explainer) count only when they leave a Hidden Single."""

from __future__ import annotations

from .candidates import Candidates, bits
from .notation import cells_text, digits_text, eliminate_mask, result_text
from .singles import scan_order
from .step import cell_name
from .table import step

NAKED = {2: "naked-pair", 3: "naked-triple", 4: "naked-quadruple"}
HIDDEN = {2: "hidden-pair", 3: "hidden-triple", 4: "hidden-quadruple"}
NAMES = {2: "Pair", 3: "Triple", 4: "Quadruple"}


def combos(k: int, items: list):
    """The k-subsets of items in Gosper's order (colex), as Sudoku Explainer enumerates them."""
    m = len(items)
    if k > m or k < 1:
        return
    value, limit = (1 << k) - 1, 1 << m
    while value < limit:
        yield [items[i] for i in bits(value)]
        low = value & -value
        ripple = value + low
        value = ripple | (((value ^ ripple) >> 2) // low)


def _empties(state: Candidates, house: int) -> list[int]:
    """The empty cells of a house, in order."""
    return [c for c in state.houses.cells[house] if not state.values[c]]


def naked_sets(state: Candidates, k: int):
    """Naked subsets of size k: (house, cells, digit mask, eliminations)."""
    for h in scan_order(state):
        empty = _empties(state, h)
        if len(empty) < 2 * k:
            continue
        for cells in combos(k, empty):
            union = 0
            for c in cells:
                if state.cand[c].bit_count() < 2:
                    break
                union |= state.cand[c]
            else:
                if union.bit_count() == k:
                    others = state.houses.masks[h] & ~sum(1 << c for c in cells)
                    yield h, cells, union, eliminate_mask(state, others, union)


def naked_subsets(state: Candidates, k: int):
    """Naked Pair/Triple/Quadruple steps."""
    n = state.n
    for h, cells, union, elim in naked_sets(state, k):
        if elim:
            ds = [b + 1 for b in bits(union)]
            text = f"Naked {NAMES[k]}: {digits_text(ds)} in {cells_text(cells, n)} => {result_text(elim, (), n)}"
            yield step(NAKED[k], text, digits=ds, cells=cells, eliminations=elim,
                       pattern=[(c, d) for c in cells for d in ds if state.has(c, d)])


def locked_subsets(state: Candidates, k: int):
    """Locked Pair/Triple: a naked subset in a box-line crossing clears the box and the line."""
    h, n = state.houses, state.n
    for house, cells, union, elim in naked_sets(state, k):
        if h.kinds[house] != "box":
            continue
        cellset = sum(1 << c for c in cells)
        lines = [x for x in h.cell_houses[cells[0]] if h.kinds[x] in ("row", "column") and cellset & ~h.masks[x] == 0]
        if not lines:
            continue
        more = eliminate_mask(state, h.masks[lines[0]] & ~cellset, union)
        allelim = sorted(set(elim) | set(more))
        if more and allelim:
            ds = [b + 1 for b in bits(union)]
            slug = "locked-pair" if k == 2 else "locked-triple"
            name = "Locked Pair" if k == 2 else "Locked Triple"
            text = f"{name}: {digits_text(ds)} in {cells_text(cells, n)} => {result_text(allelim, (), n)}"
            yield step(slug, text, digits=ds, cells=cells, eliminations=allelim,
                       pattern=[(c, d) for c in cells for d in ds if state.has(c, d)])


def hidden_sets(state: Candidates, k: int, direct: bool = False):
    """Hidden subsets of size k: (house, digits, cell set)."""
    n = state.n
    for h in scan_order(state):
        empty = len(_empties(state, h))
        if not (empty > k if direct else empty > 2 * k):
            continue
        for ds in combos(k, list(range(1, n + 1))):
            union = 0
            for d in ds:
                pos = state.positions(h, d)
                if pos & (pos - 1) == 0:
                    break
                union |= pos
            else:
                if union.bit_count() == k:
                    yield h, ds, union


def hidden_subsets(state: Candidates, k: int):
    """Hidden Pair/Triple/Quadruple steps."""
    n = state.n
    for h, ds, cells in hidden_sets(state, k):
        keep = sum(1 << (d - 1) for d in ds)
        elim = eliminate_mask(state, cells, ~keep)
        if elim:
            text = (f"Hidden {NAMES[k]}: {digits_text(ds)} in {cells_text(cells, n)} => "
                    f"{result_text(elim, (), n)}")
            yield step(HIDDEN[k], text, digits=ds, cells=list(bits(cells)), eliminations=elim,
                       pattern=[(c, d) for c in bits(cells) for d in ds if state.has(c, d)])


def direct_hidden_subsets(state: Candidates, k: int):
    """SE's Direct Hidden Pair/Triple: a hidden subset that leaves another digit one place in the house."""
    n = state.n
    for h, ds, cells in hidden_sets(state, k, direct=True):
        for d in range(1, n + 1):
            if d in ds:
                continue
            pos = state.positions(h, d)
            rest = pos & ~cells
            if pos & (pos - 1) and rest and rest & (rest - 1) == 0:
                cell = rest.bit_length() - 1
                slug = "direct-hidden-pair" if k == 2 else "direct-hidden-triple"
                name = "Direct Hidden Pair" if k == 2 else "Direct Hidden Triple"
                text = (f"{name}: {digits_text(ds)} in {cells_text(cells, n)} => {cell_name(cell, n)}={d} "
                        f"(only place in {state.houses.name(h)})")
                # SE applies a direct hint as its placement alone; the eliminations only explain it
                yield step(slug, text, digits=ds, cells=list(bits(cells)), placements=((cell, d),),
                           pattern=[(c, x) for c in bits(cells) for x in ds if state.has(c, x)])
                break
