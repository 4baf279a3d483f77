"""Sue de Coq (two-sector disjoint subsets), as HoDoKu finds it.

Take 2+ empty cells C where a line meets a box, holding |C| + k digits (k >= 2), a set L of cells of the line
outside the box and a set B of cells of the box outside the line, where no digit of C shows up in both L and B.
Count what the |C| + |L| + |B| cells can hold: a digit of C, or one of L or B only, at most once (its places lie
in one house); a digit outside C found in both L and B at most twice. When those maxima add up to exactly the
number of cells, every digit reaches its maximum: a digit whose places in the pattern all lie in the line is in
the line's part of the pattern and leaves the rest of the line; likewise for the box; a digit of both L and B
(outside C) leaves both. HoDoKu's condition for this, with extra digits of L and B counted as it counts them:
(|L| - extras of L) + (|B| - extras of B) = k. Works for any two houses whose intersection has 2+ cells (rows or
columns against boxes or jigsaw regions).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .candidates import Candidates, bits, digits_of
from .chains import compact_cells, outcome_text
from .table import step


def _subsets(state: Candidates, cellset: int) -> list[tuple[int, int, int]]:
    """Every nonempty subset of a cell set as (cells, digit mask, size)."""
    out = [(0, 0, 0)]
    for c in bits(cellset):
        out += [(cs | 1 << c, ds | state.cand[c], k + 1) for cs, ds, k in out]
    return out[1:]


def sue_de_coq(state: Candidates):
    """Every Sue de Coq of a state (one step per elimination set, the one with the fewest cells)."""
    h = state.houses
    empty = state.empty_cells()
    found = {}
    for line in range(2 * state.n):
        for box in range(2 * state.n, 3 * state.n):
            inter = h.masks[line] & h.masks[box] & empty
            if inter.bit_count() < 2:
                continue
            line_rest, box_rest = h.masks[line] & empty & ~inter, h.masks[box] & empty & ~inter
            if not line_rest or not box_rest:
                continue
            for s in _cached(state, line, box):
                if s.eliminations not in found or len(s.cells) < len(found[s.eliminations].cells):
                    found[s.eliminations] = s
    yield from found.values()


def _cached(state: Candidates, line: int, box: int) -> tuple:
    """_intersection's steps, computed once per contents of the line and the box: they read nothing else, and a
    solve path step changes few houses (Sue de Coq was ~11% of a HoDoKu rating of 8.5-9.3 puzzles)."""
    h, cand, values = state.houses, state.cand, state.values
    both = h.cells[line] + h.cells[box]
    return _line_box(h, line, box, tuple(cand[c] for c in both), tuple(values[c] for c in both))


@lru_cache(maxsize=8192)
def _line_box(houses, line: int, box: int, cands: tuple, values: tuple) -> tuple:
    """The Sue de Coqs of one line and box with these contents (cells of the line, then of the box)."""
    state = Candidates.partial(houses, houses.cells[line] + houses.cells[box], cands, values)
    empty = state.empty_cells() & (houses.masks[line] | houses.masks[box])
    inter = houses.masks[line] & houses.masks[box] & empty
    line_rest, box_rest = houses.masks[line] & empty & ~inter, houses.masks[box] & empty & ~inter
    return tuple(_intersection(state, line, box, inter, line_rest, box_rest))


def _intersection(state, line, box, inter, line_rest, box_rest):
    """The Sue de Coqs of one line-box intersection."""
    line_sets, box_sets = _subsets(state, line_rest), _subsets(state, box_rest)
    cells = list(bits(inter))
    for size in range(2, len(cells) + 1):
        for group in combinations(cells, size):
            vc = 0
            for c in group:
                vc |= state.cand[c]
            plus = vc.bit_count() - size
            if plus < 2:
                continue
            buckets = {}
            for bc, bd, bk in box_sets:
                if bd & vc:
                    buckets.setdefault(bk - (bd & ~vc).bit_count(), []).append((bc, bd))
            for lc, ld, lk in line_sets:
                used, lx = ld & vc, (ld & ~vc).bit_count()
                if not used or lk <= lx or lk - lx >= plus:
                    continue
                for bc, bd in buckets.get(plus - (lk - lx), ()):
                    if not bd & used:
                        s = _step(state, sum(1 << c for c in group), vc, (lc, ld), (bc, bd), line_rest, box_rest)
                        if s is not None:
                            yield s


def _step(state, cs, vc, line_part, box_part, line_rest, box_rest):
    """The step of one Sue de Coq, or None when it removes nothing."""
    (lc, ld), (bc, bd) = line_part, box_part
    shared = ld & bd & ~vc
    elims = [(c, d + 1) for c in bits(line_rest & ~lc) for d in bits(state.cand[c] & (((vc | ld) & ~bd) | shared))]
    elims += [(c, d + 1) for c in bits(box_rest & ~bc) for d in bits(state.cand[c] & (((vc | bd) & ~ld) | shared))]
    if not elims:
        return None
    n = state.n
    elims = sorted(elims)

    def part(cells, mask):
        return f"{compact_cells(cells, n)} - {{{''.join(map(str, digits_of(mask)))}}}"

    text = f"Sue de Coq: {part(cs, vc)} ({part(lc, ld)}, {part(bc, bd)}) => {outcome_text(elims, (), n)}"
    cells = [*bits(cs), *bits(lc), *bits(bc)]
    return step("sue-de-coq", text, digits=digits_of(vc | ld | bd), cells=cells, eliminations=elims,
                pattern=[(c, d) for c in cells for d in digits_of(state.cand[c])])
