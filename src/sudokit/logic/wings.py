"""Wings. XY-Wing: a bivalue pivot xy sees pincers xz and yz; z leaves every cell that sees both pincers.
XYZ-Wing: the pivot holds xyz, and z leaves the cells that see all three. The bent wings of SukakuExplainer
(WXYZ, VWXYZ, UVWXYZ, TUVWXYZ-Wing): an almost locked set of k = 3..6 cells of one house holding k+1 digits and a
bivalue cell xz whose x sees every x of the set: z leaves every cell that sees the bivalue cell and every z of the
set (and when z is restricted too, every other digit of the set leaves the cells that see all its places).

Speed (issue 9): xy_wings reads each pivot's bivalue peers from one cell set of bivalue cells (a tuple: bits() may
hand back a one-pass generator, which the nested loop would exhaust - the rating diff caught it); and first asks
kernels/se's XY-/XYZ-Wing producer (same search) whether there is any: most calls on a HoDoKu path find none."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from .candidates import Candidates, bits, digits_of
from .notation import cells_text, eliminate_digit, result_text
from .step import cell_name
from .table import step


def xy_wings(state: Candidates, xyz: bool = False):
    """XY-Wings (xyz=False) or XYZ-Wings, in SE's cell order."""
    if not _any_wing(state, xyz):
        return
    n, h, cand = state.n, state.houses, state.cand
    size = 3 if xyz else 2
    bivalue = sum(1 << c for c, m in enumerate(cand) if m.bit_count() == 2)  # once, not per pivot and peer
    for pivot in range(h.ncells):
        pm = cand[pivot]
        if pm.bit_count() != size:
            continue
        wings = tuple(bits(h.peers[pivot] & bivalue))  # iterated twice: a tuple, not bits()'s generator
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


def _any_wing(state: Candidates, xyz: bool) -> bool:
    """False when kernels/se's XY-/XYZ-Wing producer (the same search) finds none: most calls of a HoDoKu path
    find none, and the Python search took ~200 us to say so (the kernel ~5); True past the kernels' N."""
    if state.n > 32:
        return True
    from ..kernels.se import first_hint
    from .rating import fast_tables

    fast, p = fast_tables(state.houses), 13 if xyz else 12
    return first_hint(p, p + 1, state.n, np.array(state.values, np.int64), np.array(state.cand, np.uint64),
                      fast.geo, fast.scan, fast.kind, fast.out, fast.elim)


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
