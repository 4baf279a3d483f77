"""Intersections (Locked Candidates): when a digit's places in one house all lie in a second house, the digit
leaves the rest of the second house. Pointing: box then line; Claiming: line then box; for variants any two houses
that cross (a diagonal and a box, a jigsaw region and a row). Direct forms (Sudoku Explainer) count only when the
elimination leaves a Hidden Single in another house of the first kind."""

from __future__ import annotations

from .candidates import Candidates, bits
from .notation import eliminate_digit, result_text
from .step import cell_name
from .table import step


def crossings(state: Candidates) -> list[list[tuple[int, int]]]:
    """Groups of crossing house pairs (first, second) in SE's order: box/column, box/row, column/box, row/box, then
    the extra units'; SE scans a group digit by digit."""
    h, n = state.houses, state.n
    boxes, rows, cols = range(2 * n, 3 * n), range(n), range(n, 2 * n)
    extra = range(3 * n, len(h.cells))
    order = [(boxes, cols), (boxes, rows), (cols, boxes), (rows, boxes)]
    order += [(extra, others) for others in (cols, rows, boxes)] + [(others, extra) for others in (cols, rows, boxes)]
    order += [(extra, extra)]
    groups = []
    for firsts, seconds in order:
        pairs = [(a, b) for a in firsts for b in seconds if a != b and _cross(h.masks[a], h.masks[b])]
        if pairs:
            groups.append(pairs)
    return groups


def _cross(a: int, b: int) -> bool:
    """True if two houses share at least two cells and neither holds the other."""
    common = a & b
    return common & (common - 1) != 0 and common != a and common != b


def _name(state: Candidates, first: int) -> tuple[str, str]:
    """Slug and name of a locked-candidates step by the kind of its first house."""
    if state.houses.kinds[first] in ("box", "extra"):
        return "locked-candidates-type-1-pointing", "Locked Candidates Type 1 (Pointing)"
    return "locked-candidates-type-2-claiming", "Locked Candidates Type 2 (Claiming)"


def locked(state: Candidates):
    """Every (first house, second house, digit) where the digit's places in first all lie in second."""
    masks = state.houses.masks
    for group in crossings(state):
        for d in range(1, state.n + 1):
            for a, b in group:
                pos = state.positions(a, d)
                if pos & (pos - 1) and pos & ~masks[b] == 0:
                    yield a, b, d, pos


def locked_candidates(state: Candidates):
    """Pointing and claiming steps that eliminate something."""
    h, n = state.houses, state.n
    for a, b, d, pos in locked(state):
        elim = eliminate_digit(state, h.masks[b] & ~h.masks[a], d)
        if elim:
            slug, name = _name(state, a)
            text = f"{name}: {d} in {h.name(a)} => {result_text(elim, (), n)}"
            se = 2.6 if h.kinds[b] in ("row", "column") else 2.8
            yield step(slug, text, digits=(d,), cells=tuple(bits(pos)), eliminations=elim, se=se,
                       pattern=[(c, d) for c in bits(pos)])


def direct_locked_candidates(state: Candidates):
    """SE's Direct Pointing/Claiming: a locked candidate whose eliminations leave a Hidden Single."""
    h, n = state.houses, state.n
    for a, b, d, pos in locked(state):
        same = [x for x in range(len(h.cells)) if h.kinds[x] == h.kinds[a] and x != a]
        for c3 in same:
            if not h.masks[c3] & h.masks[b]:
                continue
            pos3 = state.positions(c3, d)
            rest = pos3 & ~h.masks[b]
            if pos3 & (pos3 - 1) and rest and rest & (rest - 1) == 0:
                cell = rest.bit_length() - 1
                elim = eliminate_digit(state, h.masks[b] & ~h.masks[a], d)
                pointing = h.kinds[a] == "box"
                slug = "direct-pointing" if pointing else "direct-claiming"
                name = "Direct Pointing" if pointing else "Direct Claiming"
                text = (f"{name}: {d} in {h.name(a)} locked in {h.name(b)} => "
                        f"{cell_name(cell, n)}={d} (only place in {h.name(c3)})")
                # SE applies a direct hint as its placement alone; the eliminations only explain it
                yield step(slug, text, digits=(d,), cells=tuple(bits(pos)), placements=((cell, d),),
                           pattern=[(c, d) for c in bits(pos)] + elim)
