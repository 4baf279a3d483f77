"""HoDoKu's ALS techniques: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom.

An ALS (almost locked set) is k empty cells of one house holding k+1 digits (a bivalue cell is one); take one of
its digits away and the rest are locked in it. A *restricted common* (RC) x of two ALSes without a common cell is
a digit both hold whose places in both all see each other: at most one of the two holds x.

- ALS-XZ: ALSes A and B with an RC x. The one without x is locked, so every other common digit z is in A or B and
  leaves the cells that see all z of both. Doubly linked (two RCs): each RC digit is then in A or B too (same
  rule), and each ALS's other digits are locked in it (they leave every cell outside the pair seeing all of them).
- ALS-XY-Wing: A -x- C -y- B with x != y: if z were in neither A nor B, A would hold x and B y, and C, missing
  both, could not be filled. z (a common digit of A and B other than x and y) leaves the cells seeing all z of both.
- ALS-XY-Chain: the same through more ALSes, consecutive RCs different: z in the first or the last.
- Death Blossom: a stem cell and, for each of its digits d, a petal ALS (holding d, every d of it seeing the stem,
  petals without common cells); whatever the stem holds, that petal loses d and locks its other digits, so a digit
  z of every petal (not one of the stem's) leaves the cells seeing all z of all petals.

Search: the ALSes of a state (1 .. N-1 cells, at most 5 above 9x9) and their RCs come from numba kernels
(kernels/implications.py); wings and chains are a BFS over "ALS a is missing digit r" states that keeps, per
eliminated candidate, the shortest chain (chains up to 12 ALSes); a Death Blossom search stops after 20,000 petal
choices per stem. Each finder yields one step per elimination set (the one with the fewest cells).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import threading
from functools import cached_property, lru_cache

import numpy as np

from ..kernels import implications as K
from ..kernels.chains import length_tenths
from .candidates import Candidates, Houses, bits, digits_of
from .chains import compact_cells, outcome_text
from .step import Link, Step, cell_name
from .table import BY_SLUG, step

MAX_CHAIN = 12       # ALSes in an ALS-XY-Chain
BLOSSOM_BUDGET = 20_000  # petal choices per stem
BLOSSOM_HITS = 4096


def words(cellset: int, w: int) -> np.ndarray:
    """A cell set as w uint64 words."""
    return np.frombuffer(cellset.to_bytes(8 * w, "little"), dtype=np.uint64).copy()


def from_words(row: np.ndarray) -> int:
    """A row of uint64 words as a cell set."""
    return int.from_bytes(np.ascontiguousarray(row).tobytes(), "little")


@lru_cache(maxsize=16)
def geometry_words(houses: Houses):
    """(unit_cells, peer_words) for the ALS kernels."""
    w = (houses.ncells + 63) // 64
    unit_cells = np.array(houses.cells, np.int64)
    peer_words = np.array([words(houses.peers[c], w) for c in range(houses.ncells)], np.uint64).reshape(-1, w)
    return unit_cells, peer_words


def max_als_size(n: int) -> int:
    """The largest ALS searched: N-1 cells up to 9x9, 5 above (the subsets of a big house are too many)."""
    return n - 1 if n <= 9 else min(n - 1, 5)


@dataclass
class Alses:
    """The ALSes of a state with their per-digit cell sets (as word rows) and restricted commons."""

    state: Candidates
    digits: list[int]
    cell_words: np.ndarray
    xcells: np.ndarray
    xsee: np.ndarray
    zb: np.ndarray
    links: tuple

    def __len__(self) -> int:
        return len(self.digits)

    @cached_property
    def cells(self) -> "_CellSets":
        """Each ALS's cell set, read from cell_words when asked (a list of all of them cost ~1/4 of a pending
        ALS-XZ search that reads a few)."""
        return _CellSets(self.cell_words)

    def zcells(self, a: int, x: int) -> int:
        """The cells of ALS a holding digit x."""
        return from_words(self.xcells[a, x - 1])

    def zbuddies(self, a: int, x: int) -> int:
        """The cells outside ALS a holding x that see every x of it (read from zb's bytes, made once: a row's
        from_words was ~1/6 of the ALS finders' Python)."""
        raw, step = self._zb_bytes
        at = (a * self.zb.shape[1] + x - 1) * step
        return int.from_bytes(raw[at:at + step], "little")

    @cached_property
    def _zb_bytes(self) -> tuple[bytes, int]:
        """zb as bytes and the bytes of one row."""
        return self.zb.tobytes(), 8 * self.zb.shape[2]

    def text(self, a: int) -> str:
        """An ALS as HoDoKu writes it: r1c23 {157}."""
        return f"{compact_cells(self.cells[a], self.state.n)} {{{''.join(map(str, digits_of(self.digits[a])))}}}"


class _CellSets:
    """The cell sets of rows of uint64 words, as ints, made on each read."""

    __slots__ = ("raw", "step")

    def __init__(self, rows: np.ndarray):
        self.raw, self.step = rows.tobytes(), 8 * rows.shape[1]

    def __len__(self) -> int:
        return len(self.raw) // self.step

    def __getitem__(self, a: int) -> int:
        if not 0 <= a < len(self):
            raise IndexError(a)
        return int.from_bytes(self.raw[a * self.step:(a + 1) * self.step], "little")


def alses(state: Candidates) -> Alses:
    """The ALSes of a state (each cell set once) and their restricted commons."""
    key = (id(state.houses), tuple(state.cand))
    memo = _MEMO.__dict__
    if memo.get("key") != key:
        memo["key"], memo["value"] = key, _build(state)
    return memo["value"]


_MEMO = threading.local()  # each thread's last state's ALSes: the four ALS finders of one path step share them


def _build(state: Candidates) -> Alses:
    """Enumerate the ALSes and compute their tables and links."""
    n, h = state.n, state.houses
    unit_cells, peer_words = geometry_words(h)
    cand = state.arrays()[1]
    units, locs = _enumerate(unit_cells, cand, max_als_size(n))
    # each cell set once, the first enumerated (kernels/implications.als_first; a Python loop over every ALS with a
    # set of cell sets was ~40% of _build at ER 5-9.3)
    keep = np.zeros(len(units), np.bool_)
    K.als_first(unit_cells, units, locs, _house_words(h), keep, np.zeros(peer_words.shape[1], np.uint64))
    units, locs = units[keep], locs[keep]
    na, w = len(units), peer_words.shape[1]
    where = np.array([words(state.where[d], w) for d in range(1, n + 1)], np.uint64).reshape(n, w)
    cells = np.zeros((na, w), np.uint64)
    digits = np.zeros(na, np.uint64)
    xcells, xsee, zb = (np.zeros((na, n, w), np.uint64) for _ in range(3))
    K.als_tables(unit_cells, units, locs, cand, peer_words, where, n, cells, digits, xcells, xsee, zb)
    return Alses(state, digits.tolist(), cells, xcells, xsee, zb, _links(cells, digits, xcells, xsee, n))


@lru_cache(maxsize=16)
def _house_words(houses: Houses) -> np.ndarray:
    """Each house's cells as W words (als_first)."""
    w = (houses.ncells + 63) // 64
    return np.array([words(m, w) for m in houses.masks], np.uint64).reshape(-1, w)


def _enumerate(unit_cells, cand, max_size):
    """(house, local mask) of every ALS, growing the buffers until they fit."""
    cap = 1024
    stack = np.zeros((unit_cells.shape[1] + 2, 4), np.int64)
    while True:
        units, locs, digits = np.zeros(cap, np.int64), np.zeros(cap, np.int64), np.zeros(cap, np.int64)
        k = K.als_enumerate(unit_cells, cand, max_size, units, locs, digits, stack)
        if k >= 0:
            return units[:k], locs[:k]
        cap *= 4


def _links(cells, digits, xcells, xsee, n):
    """The RC links (ptr, nbr, rcs) between ALSes."""
    na = cells.shape[0]
    cap = max(64, 32 * na)
    pair = np.empty((na, na), np.uint64)
    while True:
        ptr, nbr, rcs = np.zeros(na + 1, np.int64), np.zeros(cap, np.int64), np.zeros(cap, np.uint64)
        if K.als_links(cells, digits, xcells, xsee, n, ptr, nbr, rcs, pair) >= 0:
            return ptr, nbr, rcs
        cap *= 4


# ---------------------------------------------------------------- shared pieces

def _common_eliminations(t: Alses, a: int, b: int, exclude: int) -> list[tuple[int, int]]:
    """Each digit common to ALSes a and b (outside the exclude mask) leaves the cells seeing all its places."""
    out = []
    for z in digits_of(t.digits[a] & t.digits[b] & ~exclude):
        out += [(c, z) for c in bits(t.zbuddies(a, z) & t.zbuddies(b, z))]
    return out


def _rc_link(t: Alses, a: int, b: int, x: int) -> Link:
    """A weak link drawn between an x of ALS a and an x of ALS b."""
    ca, cb = t.zcells(a, x), t.zcells(b, x)
    return Link((ca & -ca).bit_length() - 1, x, (cb & -cb).bit_length() - 1, x, False)


def _als_step(t: Alses, slug: str, text: str, chain: list[int], elims, links=(), se=None):
    """A step over some ALSes (cells and pattern: every candidate of their cells)."""
    state = t.state
    cells = [c for a in chain for c in bits(t.cells[a])]
    cells = list(dict.fromkeys(cells))
    pattern = [(c, d) for c in cells for d in digits_of(state.cand[c])]
    elims = sorted(set(elims))
    digits = sorted({d for a in chain for d in digits_of(t.digits[a])})
    return step(slug, f"{text} => {outcome_text(elims, (), state.n)}", digits=digits, cells=cells, eliminations=elims,
                se=se, pattern=pattern, links=links)


def _unique(steps):
    """One step per elimination set, the one with the fewest cells (first on ties)."""
    best = {}
    for s in steps:
        key = s.eliminations
        if key not in best or len(s.cells) < len(best[key].cells):
            best[key] = s
    return list(best.values())


# ---------------------------------------------------------------- ALS-XZ

def als_xz(state: Candidates):
    """ALS-XZ, singly and doubly linked."""
    yield from _unique(_xz_steps(alses(state), fast=True))


def _xz_steps(t: Alses, fast: bool) -> list[Step]:
    """The ALS-XZ step of every RC-linked pair a < b that eliminates, in link order (fast: only the pairs that
    kernels/hodoku.xz_hits marks are built; else every pair is tried, as the reference)."""
    from ..kernels.hodoku import xz_hits

    ptr, nbr, rcs = t.links
    hits = np.empty(len(nbr), np.int64)
    if fast:
        xz_hits(ptr, nbr, rcs, np.array(t.digits, np.uint64), t.cell_words, t.zb, t.state.n, hits)
    found = []
    if fast:  # only the marked links, in link order (a loop over every link in Python cost half the finder)
        owner = np.repeat(np.arange(len(t)), np.diff(ptr))
        for j in np.flatnonzero(hits[:ptr[-1]]).tolist():  # (nbr may be longer than the links)
            s = _xz(t, int(owner[j]), int(nbr[j]), int(rcs[j]))
            if s is not None:
                found.append(s)
        return found
    for a in range(len(t)):
        for j in range(ptr[a], ptr[a + 1]):
            b = int(nbr[j])
            if b > a:
                s = _xz(t, a, b, int(rcs[j]))
                if s is not None:
                    found.append(s)
    return found


def _xz(t: Alses, a: int, b: int, rc: int):
    """The ALS-XZ step of ALSes a and b with RC mask rc, or None."""
    elims = _xz_eliminations(t, a, b, rc)
    return _xz_step(t, a, b, rc, elims) if elims else None


def _xz_eliminations(t: Alses, a: int, b: int, rc: int) -> list[tuple[int, int]]:
    """What the ALS-XZ of ALSes a and b with RC mask rc removes."""
    if rc.bit_count() == 1:
        return _common_eliminations(t, a, b, rc)
    elims = _common_eliminations(t, a, b, 0)
    for x, y in ((a, b), (b, a)):
        for z in digits_of(t.digits[x] & ~rc):
            elims += [(c, z) for c in bits(t.zbuddies(x, z) & ~t.cells[y])]
    return elims


def _xz_step(t: Alses, a: int, b: int, rc: int, elims):
    """The ALS-XZ step of ALSes a and b with RC mask rc and these eliminations."""
    zs = sorted({d for _, d in elims})
    text = (f"ALS-XZ: A={t.text(a)}, B={t.text(b)}, X={','.join(map(str, digits_of(rc)))}, "
            f"Z={','.join(map(str, zs))}")
    links = tuple(_rc_link(t, a, b, x) for x in digits_of(rc))
    return _als_step(t, "als-xz", text, [a, b], elims, links)


# ---------------------------------------------------------------- wings and chains

def _walk(t: Alses, start: int, end: int, max_als: int, scratch=None) -> list[tuple[int, int]]:
    """The ALS states (als, digit it misses) of the BFS path from start to end (scratch: _walk_scratch's buffers,
    left as they came; a finder walking many hits passes one, as three new arrays a hit cost ~1/6 of
    ALS-XY-Wing)."""
    n = t.state.n
    dist, parent, queue = scratch or _walk_scratch(t)
    k = K.als_path(start, n, max_als, t.links, dist, parent, queue)
    out = [end]
    while out[-1] != start:
        out.append(int(parent[out[-1]]))
    dist[queue[:k]] = -1
    return [(s // n, s % n + 1) for s in reversed(out)]


def _walk_scratch(t: Alses) -> tuple:
    """(dist -1, parent, queue) for _walk over the ALS states of t."""
    size = len(t) * t.state.n
    return np.full(size, -1, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64)


def _scan(t: Alses, min_als: int, max_als: int):
    """The (start, end) states of the shortest ALS chains of min_als .. max_als ALSes, shortest first."""
    n, na = t.state.n, len(t)
    if na < min_als:
        return []
    size = na * n
    scratch = (np.full(size, -1, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64))
    keys = t.state.houses.ncells * n
    best = (np.full(keys, K.INF, np.int64), np.full(keys, -1, np.int64), np.full(keys, -1, np.int64))
    K.scan_als(min_als, max_als, n, t.cell_words, np.array(t.digits, np.uint64), t.zb, t.links, scratch, best)
    keep = np.flatnonzero(best[1] >= 0)  # (a dict over all N*N*N entries cost 0.5% of a rating at ER 5-9.3)
    found = {}
    for ln, f, e in zip(best[0][keep].tolist(), best[1][keep].tolist(), best[2][keep].tolist()):
        found[f, e] = ln
    return sorted(found, key=lambda fe: found[fe])


def _chain_eliminations(t: Alses, chain: list[tuple[int, int]]):
    """What an ALS chain removes: each digit of both end ALSes other than the first and last RC."""
    first, last = chain[0][0], chain[-1][0]
    exclude = (1 << chain[1][1] - 1) | (1 << chain[-1][1] - 1)
    return _common_eliminations(t, first, last, exclude)


def als_xy_wing(state: Candidates):
    """ALS-XY-Wings: A -x- C -y- B."""
    t = alses(state)
    yield from _unique([_xy_wing_step(t, chain, elims) for chain, elims in _xy_wing_hits(t)])


def _xy_wing_hits(t: Alses):
    """The (chain, eliminations) of every ALS-XY-Wing step, in order."""
    scratch = _walk_scratch(t)
    for start, end in _scan(t, 3, 3):
        chain = _walk(t, start, end, 3, scratch)
        elims = _chain_eliminations(t, chain)
        if elims and chain[1][1] != chain[2][1]:
            yield chain, elims


def _xy_wing_step(t: Alses, chain, elims):
    """The ALS-XY-Wing step of a chain A -x- C -y- B."""
    (a, _), (c, x), (b, y) = chain
    zs = sorted({d for _, d in elims})
    text = f"ALS-XY-Wing: A={t.text(a)}, B={t.text(b)}, C={t.text(c)}, X,Y={x},{y}, Z={','.join(map(str, zs))}"
    links = (_rc_link(t, a, c, x), _rc_link(t, c, b, y))
    return _als_step(t, "als-xy-wing", text, [a, b, c], elims, links)


def als_xy_chain(state: Candidates):
    """ALS-XY-Chains of 4 to 12 ALSes."""
    t = alses(state)
    yield from _unique([_xy_chain_step(t, chain, elims) for chain, elims in _xy_chain_hits(t)])


def _xy_chain_hits(t: Alses):
    """The (chain, eliminations) of every ALS-XY-Chain step, in order."""
    scratch = _walk_scratch(t)
    for start, end in _scan(t, 4, MAX_CHAIN):
        chain = _walk(t, start, end, MAX_CHAIN, scratch)
        ids = [a for a, _ in chain]
        if len(set(ids)) < len(ids):
            continue
        elims = _chain_eliminations(t, chain)
        if elims:
            yield chain, elims


def _xy_chain_step(t: Alses, chain, elims):
    """The ALS-XY-Chain step of a chain of (ALS, RC digit into it)."""
    ids = [a for a, _ in chain]
    zs = "".join(str(d) for d in sorted({d for _, d in elims}))
    body = "".join(f"{t.text(a)} -{chain[i + 1][1]}- " for i, (a, _) in enumerate(chain[:-1]))
    text = f"ALS-XY-Chain: {zs}- {body}{t.text(ids[-1])} -{zs}"
    links = tuple(_rc_link(t, chain[i][0], chain[i + 1][0], chain[i + 1][1]) for i in range(len(chain) - 1))
    se = BY_SLUG["als-xy-chain"].se + length_tenths(2 * len(chain)) / 10
    return _als_step(t, "als-xy-chain", text, ids, elims, links, se=se)


# ---------------------------------------------------------------- Death Blossom

def death_blossom(state: Candidates):
    """Death Blossoms: a stem cell and one petal ALS per stem digit."""
    t = alses(state)
    yield from _unique([_blossom_step(t, *hit) for hit in _blossom_hits(t)])


def _blossom_hits(t: Alses):
    """The (stem, petals, eliminations) of every Death Blossom that removes something, in order."""
    state = t.state
    if not len(t):
        return []
    n, na, w = state.n, len(t), t.cell_words.shape[1]
    where = np.array([words(state.where[d], w) for d in range(1, n + 1)], np.uint64).reshape(n, w)
    scratch = (np.zeros((n, na), np.int64), np.zeros(n, np.int64), np.zeros(n + 1, np.int64),
               np.zeros((n + 1, w), np.uint64), np.zeros(n + 1, np.uint64), np.zeros((n + 1, n, w), np.uint64),
               np.zeros(n, np.int64))
    out_stem, out_petals = np.zeros(BLOSSOM_HITS, np.int64), np.zeros((BLOSSOM_HITS, n), np.int64)
    als_arrays = (t.cell_words, np.array(t.digits, np.uint64), t.xcells, t.xsee)
    hits = K.blossoms(state.arrays()[1], where, als_arrays, BLOSSOM_BUDGET, scratch, out_stem, out_petals)
    found = []
    for i in range(hits):
        stem = int(out_stem[i])
        chosen = out_petals[i, :state.cand[stem].bit_count()].tolist()
        elims = _blossom_eliminations(t, stem, chosen)
        if elims:
            found.append((stem, chosen, elims))
    return found


def _blossom_eliminations(t: Alses, stem: int, chosen: list[int]) -> list[tuple[int, int]]:
    """What one Death Blossom removes: each digit of every petal, not the stem's, leaves the cells outside the
    pattern that see all its places in the petals."""
    state, n = t.state, t.state.n
    used = (1 << stem) | sum(t.cells[a] for a in chosen)
    common = state.cand[stem] ^ ((1 << n) - 1)
    for a in chosen:
        common &= t.digits[a]
    elims = []
    for z in digits_of(common):
        see = -1
        for a in chosen:
            see &= from_words(t.xsee[a, z - 1])
        elims += [(c, z) for c in bits(see & state.where[z] & ~used)]
    return elims


def _blossom_step(t: Alses, stem: int, chosen: list[int], elims):
    """The step of one Death Blossom with these eliminations."""
    state, n = t.state, t.state.n
    stem_digits = digits_of(state.cand[stem])
    parts = ", ".join(f"-{d}- {t.text(a)}" for d, a in zip(stem_digits, chosen))
    text = f"Death Blossom: {cell_name(stem, n)}, {parts}"
    links = tuple(Link(stem, d, (t.zcells(a, d) & -t.zcells(a, d)).bit_length() - 1, d, False)
                  for d, a in zip(stem_digits, chosen))
    s = _als_step(t, "death-blossom", text, chosen, elims, links)
    return replace(s, cells=(stem, *s.cells), pattern=tuple((stem, d) for d in stem_digits) + s.pattern)


# ---------------------------------------------------------------- pending steps for solve paths

def pending_als_xz(state: Candidates):
    """als_xz as pending steps (path._PENDING): each hit sized (pattern cells, eliminations) and its Step (text,
    links) made only for the one a path takes (making every hit's Step was ~40% of the finder)."""
    from ..kernels.hodoku import xz_hits

    t = alses(state)
    ptr, nbr, rcs = t.links
    hits = np.empty(len(nbr), np.int64)
    xz_hits(ptr, nbr, rcs, np.array(t.digits, np.uint64), t.cell_words, t.zb, t.state.n, hits)
    owner = np.repeat(np.arange(len(t)), np.diff(ptr))
    found = []
    for j in np.flatnonzero(hits[:ptr[-1]]).tolist():
        a, b, rc = int(owner[j]), int(nbr[j]), int(rcs[j])
        elims = _xz_eliminations(t, a, b, rc)
        if elims:
            found.append(_pending(t, "als-xz", [a, b], elims, _xz_step, (t, a, b, rc, elims)))
    return iter(_unique_pending(found))


def pending_als_xy_wing(state: Candidates):
    """als_xy_wing as pending steps (path._PENDING)."""
    t = alses(state)
    found = [_pending(t, "als-xy-wing", [a for a, _ in chain], elims, _xy_wing_step, (t, chain, elims))
             for chain, elims in _xy_wing_hits(t)]
    return iter(_unique_pending(found))


def pending_als_xy_chain(state: Candidates):
    """als_xy_chain as pending steps (path._PENDING)."""
    t = alses(state)
    found = [_pending(t, "als-xy-chain", [a for a, _ in chain], elims, _xy_chain_step, (t, chain, elims))
             for chain, elims in _xy_chain_hits(t)]
    return iter(_unique_pending(found))


def pending_death_blossom(state: Candidates):
    """death_blossom as pending steps (path._PENDING; a step's cells are the stem and its petals' cells)."""
    t = alses(state)
    found = [_pending(t, "death-blossom", chosen, elims, _blossom_step, (t, stem, chosen, elims), extra=1)
             for stem, chosen, elims in _blossom_hits(t)]
    return iter(_unique_pending(found))


def _pending(t: Alses, slug: str, chain: list[int], elims, make, args, extra: int = 0):
    """A Pending step of ALSes chain: _als_step's eliminations and cell count (plus extra cells outside the
    ALSes), made on demand."""
    from .chains import Pending

    cells = 0
    for a in chain:
        cells |= t.cells[a]
    key = tuple(sorted(set(elims)))
    return Pending(slug, (cells.bit_count() + extra, -len(key)), args, make), key


def _unique_pending(found):
    """_unique over (Pending, eliminations) pairs: one per elimination set, the fewest cells (first on ties)."""
    best = {}
    for p, key in found:
        if key not in best or p.key[0] < best[key].key[0]:
            best[key] = p
    return list(best.values())
