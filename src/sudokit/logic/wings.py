"""Wings. XY-Wing: a bivalue pivot xy sees pincers xz and yz; z leaves every cell that sees both pincers.
XYZ-Wing: the pivot holds xyz, and z leaves the cells that see all three. The bent wings of SukakuExplainer
(WXYZ, VWXYZ, UVWXYZ, TUVWXYZ-Wing): an almost locked set of k = 3..6 cells of one house holding k+1 digits and a
bivalue cell xz whose x sees every x of the set: z leaves every cell that sees the bivalue cell and every z of the
set (and when z is restricted too, every other digit of the set leaves the cells that see all its places).

Speed (issue 9): xy_wings reads each pivot's bivalue peers from one cell set of bivalue cells (a tuple: bits() may
hand back a one-pass generator, which the nested loop would exhaust - the rating diff caught it); and up to N = 32
kernels/wings.xy_pivot names each next pivot with a wing that eliminates, so Python looks at those pivots only
(most calls on a HoDoKu path find none)."""

from __future__ import annotations

import threading
from functools import lru_cache
from itertools import combinations

import numpy as np

from .candidates import Candidates, bits, digits_of
from .notation import cells_text, eliminate_digit, result_text
from .step import cell_name
from .table import step


def xy_wings(state: Candidates, xyz: bool = False):
    """XY-Wings (xyz=False) or XYZ-Wings, in SE's cell order."""
    size = 3 if xyz else 2
    pivot = _next_pivot(state, 0, size, xyz)
    while pivot >= 0:
        yield from _pivot_wings(state, pivot, xyz)
        pivot = _next_pivot(state, pivot + 1, size, xyz)


def _next_pivot(state: Candidates, start: int, size: int, xyz: bool) -> int:
    """The next pivot from start on that may have a wing: up to N = 32 the first with one that eliminates
    (kernels/wings.xy_pivot), else the next cell holding `size` candidates; -1 past the last.

    Before it, kernels/se's XY-/XYZ-Wing producer said whether there was any wing at all (~13 us a call with its
    conversions) and the Python search then looked through every pivot (~40 us to the first wing)."""
    cand = state.cand
    if state.n > 32:
        return next((c for c in range(start, len(cand)) if cand[c].bit_count() == size), -1)
    t = _tables(state.houses, threading.get_ident())
    return t.xy_pivot(start, size, xyz, state.arrays()[1], t.sees, t.wings)


class _Tables:
    """xy_pivot's view of a geometry: peers as a matrix (the geometry's, shared), scratch (one per thread), and
    the kernel itself (an import inside a finder cost ~1-2 us a call)."""

    def __init__(self, h):
        from ..kernels.wings import xy_pivot
        from .chains import geometry_arrays

        self.xy_pivot = xy_pivot
        self.sees, self.wings = geometry_arrays(h)[2], np.zeros(h.ncells, np.int64)


@lru_cache(maxsize=16)
def _tables(houses, thread: int) -> _Tables:
    """_Tables of a geometry, cached by geometry and thread (the kernel writes the scratch)."""
    return _Tables(houses)


def _pivot_wings(state: Candidates, pivot: int, xyz: bool):
    """The wings of one pivot, in order."""
    n, h, cand = state.n, state.houses, state.cand
    pm = cand[pivot]
    wings = tuple(c for c in bits(h.peers[pivot]) if cand[c].bit_count() == 2)  # iterated twice: a tuple
    for a in wings:
        if (pm & ~cand[a]).bit_count() != 1:
            continue
        for b in wings:
            if b == a:
                continue
            union = pm | cand[a] | cand[b]
            common = pm & cand[a] & cand[b]
            if union.bit_count() != 3 or common.bit_count() != (1 if xyz else 0):
                continue
            z = (cand[a] & cand[b]).bit_length()
            victims = h.peers[a] & h.peers[b] & ~(1 << pivot)
            if xyz:
                victims &= h.peers[pivot]
            elim = eliminate_digit(state, victims, z)
            if elim:
                slug, name = ("xyz-wing", "XYZ-Wing") if xyz else ("xy-wing", "XY-Wing")
                text = (f"{name}: {cells_text([pivot, a, b], n)} on {','.join(map(str, digits_of(union)))} => "
                        f"{result_text(elim, (), n)}")
                yield step(slug, text, digits=digits_of(union), cells=(pivot, a, b), eliminations=elim,
                           pattern=[(c, d) for c in (pivot, a, b) for d in digits_of(cand[c])])


BENT = {3: ("wxyz-wing", "WXYZ-Wing"), 4: ("vwxyz-wing", "VWXYZ-Wing"), 5: ("uvwxyz-wing", "UVWXYZ-Wing"),
        6: ("tuvwxyz-wing", "TUVWXYZ-Wing")}


def _bent_price(k: int, biggest: int) -> float:
    """SukakuExplainer's price of a bent wing of k set cells whose largest cell holds `biggest` candidates."""
    if k == 3:
        return 5.5 + ((4 - 3) - abs(3 - biggest)) * 0.1
    if k == 4:
        return 6.2 + ((5 - 3) - abs(3 - biggest)) * 0.1
    return 6.6 if k == 5 else 7.5


def almost_locked_sets(state: Candidates, k: int):
    """Sets of k empty cells of one house (each with 2+ candidates) holding k+1 digits, each set once."""
    seen = set()
    for house, cells in enumerate(state.houses.cells):
        empty = [c for c in cells if state.cand[c].bit_count() >= 2]
        for group in combinations(empty, k):
            key = sum(1 << c for c in group)
            if key in seen:
                continue
            union = 0
            for c in group:
                union |= state.cand[c]
            if union.bit_count() == k + 1:
                seen.add(key)
                yield key, union


def bent_wings(state: Candidates, k: int):
    """WXYZ- (k=3) to TUVWXYZ-Wings (k=6)."""
    n, h, cand = state.n, state.houses, state.cand
    slug, name = BENT[k]
    for cells, union in almost_locked_sets(state, k):
        near = 0
        for c in bits(cells):
            near |= h.peers[c]
        for yz in bits(near & ~cells):
            m = cand[yz]
            if m.bit_count() != 2 or m & ~union:
                continue
            a, b = digits_of(m)
            holders = {d: sum(1 << c for c in bits(cells) if cand[c] >> (d - 1) & 1) for d in digits_of(union)}
            restricted = [d for d in (a, b) if holders[d] & ~h.peers[yz] == 0]
            if not restricted:
                continue
            elim = []
            for x in restricted:
                z = b if x == a else a
                elim += eliminate_digit(state, h.common_peers(holders[z] | 1 << yz) & ~cells, z)
            if len(restricted) == 2:
                for w in digits_of(union & ~m):
                    elim += eliminate_digit(state, h.common_peers(holders[w]) & ~cells & ~(1 << yz), w)
            elim = sorted(set(elim))
            if elim:
                biggest = max(cand[c].bit_count() for c in bits(cells))
                text = (f"{name}: {cells_text(cells, n)} + {cell_name(yz, n)} on {','.join(map(str, digits_of(union)))}"
                        f" => {result_text(elim, (), n)}")
                yield step(slug, text, digits=digits_of(union), cells=[*bits(cells), yz], eliminations=elim,
                           se=_bent_price(k, biggest), pattern=[(c, d) for c in [*bits(cells), yz]
                                                               for d in digits_of(cand[c])])
