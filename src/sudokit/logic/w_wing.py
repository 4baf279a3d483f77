"""W-Wing and Remote Pair: bivalue cells with the same two digits, tied together by links (HoDoKu's definitions).

W-Wing: two cells both holding exactly x and y (HoDoKu lets them see each other), and a strong link on y (a house
where y has two places, neither of them the wing cells) whose one end sees one cell and the other end the other (no
end seeing both). If neither cell were x both would be y, and the strong link would lose both its ends; so one of them
is x, and x leaves every cell that sees both.

Remote Pair: a chain of an even number (4 or more) of bivalue cells holding the same two digits a and b, each
seeing the next. The cells alternate between a and b, so two cells an odd number of steps apart (3, 5, ...) hold one
a and one b: both digits leave every cell that sees the two. As HoDoKu, only chains whose two ends see a common cell
holding a or b are reported, each set of eliminations once, by its shortest chain.

Speed (issue 9): w_wings pairs only cells holding the same two digits (grouped once), and remote pair chains extend
only through peers holding the same pair (a cell set): same order, same steps (tests/test_logic_fast.py). Up to
N = 32, w_wings runs its search in numba (kernels/wwing.py), one instance per call, resuming after the last, and
Python only makes the steps taken; w_wings_python is the readable reference (tests/test_logic_fast.py compares them).
"""

from __future__ import annotations

import threading
from collections import Counter
from functools import lru_cache

import numpy as np

from .candidates import Candidates, digits_of
from .notation import cells_text, eliminate_digit, result_text
from .step import Link, cell_name
from .table import step

MAX_CELLS = 10  # HoDoKu's longest chain: 20 nodes, two per cell


def w_wings(state: Candidates):
    """W-Wing steps, one per pair of wing cells and eliminated digit (with the first bridging link found)."""
    if state.n > 32:
        yield from w_wings_python(state)
        return
    t = _tables(state.houses, threading.get_ident())
    cand, peers, pos = state.arrays()[1], state.houses.peers, 0
    while True:
        pos = t.w_wing_next(pos, cand, t.sees, t.units, t.count, t.ends, t.out)
        if pos < 0:
            return
        a, b, x, y, house, wa, wb = t.out.tolist()
        elim = eliminate_digit(state, peers[a] & peers[b] & ~(1 << a | 1 << b), x + 1)
        yield _w_step(state, a, b, x + 1, y + 1, (house, wa, wb), elim)
        pos += 1


class _Tables:
    """The kernels' view of a geometry: peers as a matrix, the houses' cells (shared), scratch (one per thread),
    and the kernels themselves (an import inside a finder cost ~1-2 us a call)."""

    def __init__(self, h):
        from ..kernels.wwing import remote_pair_any, w_wing_next
        from .chains import _unit_cells, geometry_arrays

        self.remote_pair_any, self.w_wing_next = remote_pair_any, w_wing_next

        self.sees, self.units = geometry_arrays(h)[2], _unit_cells(h)  # the geometry's, shared (read only)
        self.count = np.zeros((len(h.cells), h.n), np.int64)
        self.ends = np.zeros((len(h.cells), h.n, 2), np.int64)
        self.out = np.zeros(7, np.int64)
        self.chain, self.nxt = np.zeros(MAX_CELLS, np.int64), np.zeros(MAX_CELLS, np.int64)


@lru_cache(maxsize=16)
def _tables(houses, thread: int) -> _Tables:
    """_Tables of a geometry, cached by geometry and thread (the kernels write the scratch)."""
    return _Tables(houses)


def w_wings_python(state: Candidates):
    """w_wings in Python: the reference of the numba search (and its route above N = 32)."""
    h, cand = state.houses, state.cand
    pairs = [c for c in range(h.ncells) if cand[c].bit_count() == 2]
    alike: dict[int, list[int]] = {}  # each pair of digits -> its bivalue cells, in order (b runs over a's only)
    for c in pairs:
        alike.setdefault(cand[c], []).append(c)
    after = {c: alike[cand[c]][i + 1:] for cells in alike.values() for i, c in enumerate(cells)}
    links: dict[int, list] = {}  # digit -> its strong links, built once per call (not once per pair of cells)
    peers, where = h.peers, state.where
    for a in pairs:
        for b in after[a]:
            common = peers[a] & peers[b] & ~(1 << a | 1 << b)  # h.common_peers of the two, without its loop
            for x, y in _orders(digits_of(cand[a])):
                if not common & where[x]:
                    continue
                elim = eliminate_digit(state, common, x)
                if y not in links:
                    links[y] = _strong_links(state, y)
                bridge = _bridge(state, a, b, links[y])
                if bridge:
                    yield _w_step(state, a, b, x, y, bridge, elim)


def _orders(ds):
    """(eliminated digit, link digit) both ways round."""
    return [(ds[0], ds[1]), (ds[1], ds[0])]


def _strong_links(state: Candidates, y: int) -> list[tuple[int, int, int, int]]:
    """The houses where y has exactly two places: (house, both places as a cell set, first, second)."""
    out, where = [], state.where[y]
    for house, mask in enumerate(state.houses.masks[:len(state.houses.cells)]):
        pos = where & mask
        if pos.bit_count() == 2:
            out.append((house, pos, (pos & -pos).bit_length() - 1, pos.bit_length() - 1))
    return out


def _bridge(state: Candidates, a: int, b: int, links):
    """A strong link (of `links`) whose ends see a and b respectively (no end seeing both): (house, end by a, end
    by b)."""
    peers = state.houses.peers
    pa, pb = peers[a], peers[b]
    for house, pos, w1, w2 in links:
        if pos >> a & 1 or pos >> b & 1:
            continue
        s1a, s1b, s2a, s2b = pa >> w1 & 1, pb >> w1 & 1, pa >> w2 & 1, pb >> w2 & 1
        if (s1a and s1b) or (s2a and s2b):
            continue
        if s1a and s2b:
            return house, w1, w2
        if s1b and s2a:
            return house, w2, w1
    return None


def _w_step(state: Candidates, a, b, x, y, bridge, elim):
    """The W-Wing step: x/y in a and b, linked by y in a house."""
    n, h = state.n, state.houses
    house, wa, wb = bridge
    text = (f"W-Wing: {x}/{y} in {cells_text([a, b], n)} connected by {y} in {h.name(house)} => "
            f"{result_text(elim, (), n)}")
    links = (Link(a, x, a, y, True), Link(a, y, wa, y, False), Link(wa, y, wb, y, True), Link(wb, y, b, y, False),
             Link(b, y, b, x, True))
    return step("w-wing", text, digits=(x, y), cells=(a, b, wa, wb), eliminations=elim,
                pattern=[(a, x), (a, y), (b, x), (b, y), (wa, y), (wb, y)], links=links)


def remote_pairs(state: Candidates):
    """Remote Pair steps: every distinct set of eliminations, by its shortest chain (found first)."""
    if not _may_pair(state):
        return
    best: dict[tuple, list[int]] = {}
    for chain in _pair_chains(state):
        key = tuple(_rp_eliminations(state, chain))
        if key and (key not in best or len(chain) < len(best[key])):
            best[key] = chain
    for elim, chain in best.items():
        yield _rp_step(state, chain, list(elim))


def _may_pair(state: Candidates) -> bool:
    """False if no Remote Pair can be found: up to N = 32 the numba search of kernels/wwing.py finds no chain that
    eliminates (the Python chains then only confirm what it found), above it no pair of digits holds 4+ cells.
    (Counting the pairs first, as above N = 32, made the kernel's route slower: 6.2 against 3.4 us a path state.)"""
    if state.n > 32:
        return any(k >= 4 and m.bit_count() == 2 for m, k in Counter(state.cand).items())
    t = _tables(state.houses, threading.get_ident())
    return t.remote_pair_any(MAX_CELLS, state.arrays()[1], t.sees, t.chain, t.nxt)


def _pair_chains(state: Candidates):
    """Every chain of an even number (4..MAX_CELLS) of cells with the same two candidates, each seeing the next,
    whose ends see a common cell holding one of them."""
    h, cand = state.houses, state.cand
    # a chain needs 4 cells of its pair (most states have none); Counter counts in C, bit_count runs per mask
    many = {m for m, k in Counter(cand).items() if k >= 4 and m.bit_count() == 2}
    if not many:
        return
    same: dict[int, int] = {}  # each pair of digits with 4+ cells -> those cells as a cell set
    for start in range(h.ncells):
        if cand[start] in many:
            if cand[start] not in same:
                same[cand[start]] = sum(1 << c for c in range(h.ncells) if cand[c] == cand[start])
            yield from _extend(state, [start], cand[start], same[cand[start]])


def _extend(state: Candidates, chain: list[int], mask: int, same: int = -1):
    """The chains that continue this one (same: the cells holding exactly mask, as a cell set; -1 = look)."""
    if len(chain) >= 4 and len(chain) % 2 == 0 and _ends_meet(state, chain, mask):
        yield list(chain)
    if len(chain) == MAX_CELLS:
        return
    more = state.houses.peers[chain[-1]] & same
    while more:  # the same ascending order as testing every peer (bits() inline: a generator for 1-3 cells)
        low = more & -more
        nxt = low.bit_length() - 1
        more ^= low
        if state.cand[nxt] == mask and nxt not in chain:
            chain.append(nxt)
            yield from _extend(state, chain, mask, same)
            chain.pop()


def _ends_meet(state: Candidates, chain: list[int], mask: int) -> bool:
    """True if the chain's ends see a common cell holding one of the pair (HoDoKu only reports such chains)."""
    common = state.houses.common_peers(1 << chain[0] | 1 << chain[-1])
    return any(common & state.where[d] for d in digits_of(mask))


def _rp_eliminations(state: Candidates, chain: list[int]) -> list[tuple[int, int]]:
    """Both digits leave the cells that see two chain cells an odd number (3+) of steps apart."""
    h = state.houses
    victims, inside = 0, sum(1 << c for c in chain)
    for i in range(len(chain)):
        for j in range(i + 3, len(chain), 2):
            victims |= h.common_peers(1 << chain[i] | 1 << chain[j])
    victims &= ~inside
    return sorted(e for d in digits_of(state.cand[chain[0]]) for e in eliminate_digit(state, victims, d))


def _rp_step(state: Candidates, chain: list[int], elim):
    """The Remote Pair step of a chain."""
    n = state.n
    a, b = digits_of(state.cand[chain[0]])
    hops = [a if i % 2 == 0 else b for i in range(len(chain) - 1)]
    text = cell_name(chain[0], n) + "".join(f" -{d}- {cell_name(c, n)}" for d, c in zip(hops, chain[1:]))
    links = [Link(c, a, c, b, True) for c in chain]
    links += [Link(c1, d, c2, d, False) for c1, c2, d in zip(chain, chain[1:], hops)]
    return step("remote-pair", f"Remote Pair: {a}/{b} {text} => {result_text(elim, (), n)}", digits=(a, b),
                cells=chain, eliminations=elim, pattern=[(c, d) for c in chain for d in (a, b)], links=links)
