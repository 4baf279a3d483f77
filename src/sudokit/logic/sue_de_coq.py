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

import threading
from functools import lru_cache
from itertools import combinations

import numpy as np

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
    h, cand = state.houses, state.cand
    found = {}
    pairs = _meeting(h)
    hits = _screen(state, pairs)
    empty = None  # made at the first pair the screen keeps (most states have none: it was ~1/4 of the finder)
    for (line, box), hit in zip(pairs, hits):
        if not hit:
            continue
        if empty is None:
            empty = state.empty_cells()
        inter = h.masks[line] & h.masks[box] & empty
        if inter.bit_count() < 2:
            continue
        line_rest, box_rest = h.masks[line] & empty & ~inter, h.masks[box] & empty & ~inter
        if not line_rest or not box_rest or not _may_hold(cand, inter, line_rest, box_rest):
            continue
        for s in _cached(state, line, box):
            if s.eliminations not in found or len(s.cells) < len(found[s.eliminations].cells):
                found[s.eliminations] = s
    yield from found.values()


@lru_cache(maxsize=16)
def _meeting(houses) -> tuple[tuple[int, int], ...]:
    """The (line, box) pairs whose houses share 2+ cells, in the order the search visits them."""
    n, masks = houses.n, houses.masks
    return tuple((line, box) for line in range(2 * n) for box in range(2 * n, 3 * n)
                 if (masks[line] & masks[box]).bit_count() >= 2)


def _screen(state: Candidates, pairs) -> list[int]:
    """Per (line, box) pair, 0 when kernels/hodoku.sdc_screen proves it holds no Sue de Coq, else 1 (every pair
    when N > 62). Most pairs hold none; the per-pair Python (cache keys, screens) was ~2/3 of the finder."""
    h = state.houses
    if state.n > 62 or not pairs:
        return [1] * len(pairs)
    from ..kernels.hodoku import sdc_screen

    t = _tables(h)
    hit, last = _memo(h)
    values, cand = state.arrays()  # (the path's states hand theirs over: two list conversions less a call)
    sdc_screen(cand.view(np.int64), values, t[0], t[1], t[2], t[3], t[4], t[5], hit, last)
    return hit.tolist()


def _memo(houses) -> tuple:
    """This thread's sdc_screen hits and the grid they were screened on (-1: none yet), per geometry. (Screening
    only the pairs whose line or box changed since the thread's last call, hod17: the screens of the 205
    hodoku_next states of the first 8 11+ puzzles' ratings, in path order, 9.1 -> 3.6 ms (/tmp/hod17/sdccmp.py,
    best of 5); the same screens and steps in path order and shuffled.)"""
    memo = _MEMO.__dict__.setdefault("screens", {})
    found = memo.get(id(houses))
    if found is None or found[0] is not houses:
        if len(memo) >= 8:
            memo.clear()
        found = memo[id(houses)] = (houses, np.zeros(len(_meeting(houses)), np.int64),
                                    np.full((2, houses.ncells), -1, np.int64))
    return found[1], found[2]


_MEMO = threading.local()


@lru_cache(maxsize=16)
def _tables(houses):
    """(pairs, house cells, box marks, three scratch rows) as sdc_screen reads them."""
    n = houses.n
    pairs = np.array(_meeting(houses), np.int64).reshape(-1, 2)
    cells = np.array(houses.cells[:3 * n], np.int64)
    return pairs, cells, np.zeros(houses.ncells, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64), \
        np.zeros(n, np.int64)


def _may_hold(cand, inter: int, line_rest: int, box_rest: int) -> bool:
    """False when no Sue de Coq can sit on this intersection: its cells hold fewer than 4 digits (a group of k
    cells needs k + 2 digits, and no group holds more digits than the whole intersection), or no cell of the
    line's or of the box's rest holds one of them (each part must use a digit of the group)."""
    digits = 0
    for c in bits(inter):
        digits |= cand[c]
    if digits.bit_count() < 4:
        return False
    return any(cand[c] & digits for c in bits(line_rest)) and any(cand[c] & digits for c in bits(box_rest))


def _cached(state: Candidates, line: int, box: int) -> tuple:
    """_intersection's steps, computed once per contents of the line and the box: they read nothing else, and a
    solve path step changes few houses (Sue de Coq was ~11% of a HoDoKu rating of 8.5-9.3 puzzles)."""
    h, cand, values = state.houses, state.cand, state.values
    both = h.cells[line] + h.cells[box]
    return _line_box(h, line, box, tuple(cand[c] for c in both), tuple(values[c] for c in both))


@lru_cache(maxsize=8192)
def _line_box(houses, line: int, box: int, cands: tuple, values: tuple) -> tuple:
    """The Sue de Coqs of one line and box with these contents (cells of the line, then of the box)."""
    state = _Cells(houses.n, [0] * houses.ncells)
    empty = 0
    for c, m, v in zip(houses.cells[line] + houses.cells[box], cands, values):
        state.cand[c] = m
        if not v:
            empty |= 1 << c
    inter = houses.masks[line] & houses.masks[box] & empty
    line_rest, box_rest = houses.masks[line] & empty & ~inter, houses.masks[box] & empty & ~inter
    return tuple(_intersection(state, line, box, inter, line_rest, box_rest))


class _Cells:
    """What _intersection and _step read of a state: N and the candidates of the line's and box's cells (a
    Candidates.partial cost ~40% of a cache miss, mostly its per-digit cell sets, which they never read)."""

    __slots__ = ("n", "cand")

    def __init__(self, n: int, cand: list[int]):
        self.n, self.cand = n, cand


def _intersection(state, line, box, inter, line_rest, box_rest):
    """The Sue de Coqs of one line-box intersection (the part search in kernels/hodoku.sdc_parts where the rests
    are small enough for its bit-mask subsets, else in Python: _parts)."""
    line_cells, box_cells = list(bits(line_rest)), list(bits(box_rest))
    fast = len(line_cells) <= 20 and len(box_cells) <= 20 and state.n <= 62
    if fast:
        line_c = np.array([state.cand[c] for c in line_cells], np.int64)
        box_c = np.array([state.cand[c] for c in box_cells], np.int64)
    else:
        line_sets, box_sets = _subsets(state, line_rest), _subsets(state, box_rest)
    cells = list(bits(inter))
    for size in range(2, len(cells) + 1):
        for group in combinations(cells, size):
            vc = 0
            for c in group:
                vc |= state.cand[c]
            if vc.bit_count() - size < 2:
                continue
            parts = _fast_parts(state, vc, size, line_cells, box_cells, line_c, box_c) if fast else \
                _parts(vc, size, line_sets, box_sets)
            for line_part, box_part in parts:
                s = _step(state, sum(1 << c for c in group), vc, line_part, box_part, line_rest, box_rest)
                if s is not None:
                    yield s


def _fast_parts(state, vc: int, size: int, line_cells, box_cells, line_c, box_c):
    """_parts through kernels/hodoku.sdc_parts."""
    from ..kernels.hodoku import sdc_parts

    out = _BUF[0]
    while (k := sdc_parts(vc, size, line_c, box_c, out)) < 0:
        out = _BUF[0] = np.zeros((2 * len(out), 2), np.int64)
    return [(_chosen(state, line_cells, li), _chosen(state, box_cells, bi)) for li, bi in out[:k].tolist()]


def _chosen(state, cells, sub: int) -> tuple[int, int]:
    """(cell set, digit mask) of the cells a bit mask picks."""
    cs = ds = 0
    for j, c in enumerate(cells):
        if sub >> j & 1:
            cs |= 1 << c
            ds |= state.cand[c]
    return cs, ds


def _parts(vc: int, size: int, line_sets, box_sets):
    """The (line part, box part) pairs, each (cells, digits), that complete a group of size cells holding vc."""
    plus = vc.bit_count() - size
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
                yield (lc, ld), (bc, bd)


_BUF = [np.zeros((64, 2), np.int64)]  # sdc_parts' output rows, grown on demand (scratch, not state)


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
