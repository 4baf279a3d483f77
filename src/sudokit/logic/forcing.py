"""Sudoku Explainer's chaining techniques, driven over the numba kernels in kernels/chains.py.

- `loops`: bidirectional X-, Y- and XY-cycles and forcing X-, Y- and XY-chains (static links), SE 6.5-7.0 + length;
- `multiple(..., nishio=True)`: Nishio forcing chains (single-digit dynamic contradictions), SE 7.5 + length;
- `multiple(..., multiple=True)`: cell and region forcing chains (static), SE 8.0 + length;
- `multiple(..., multiple=True, dynamic=True)`: dynamic contradiction, double, cell and region forcing chains,
  SE 8.5 + length.

Each returns the one hint SE would take (lowest difficulty, then shortest, then SE's kind order), as a Step.
"""

from __future__ import annotations

from dataclasses import dataclass
import threading
from functools import lru_cache

import numpy as np

from ..kernels import chains as K
from ..kernels.advanced import RULES
from ..kernels.dynamic import GRAPH_FLAG, STRONG_MAX
from ..kernels.links import peer_order, peer_segments
from .candidates import Candidates, Houses, bits
from .notation import result_text
from .step import cell_name
from .table import step


@lru_cache(maxsize=16)
def tables(houses: Houses):
    """The geometry as the kernels read it: (cell_units, unit_cells, pair_ptr, pair_idx, peers_ptr, peers_idx, cross,
    group_end, set_units, member, shares, cross_in); cross_in[i] = the positions of house cross[i, 0] in house
    cross[i, 1], one bit each (kernels/advanced._adv_locking)."""
    n, ncells = houses.n, houses.ncells
    width = max(len(h) for h in houses.cell_houses)
    cell_units = np.full((ncells, width), -1, np.int64)
    for c, hs in enumerate(houses.cell_houses):
        cell_units[c, :len(hs)] = hs
    unit_cells = np.array(houses.cells, np.int64)
    in_units = [0] * ncells
    for hs_cells in houses.masks:
        for c in bits(hs_cells):
            in_units[c] |= hs_cells
    pair_lists = [list(bits(houses.peers[c] & ~in_units[c])) for c in range(ncells)]
    peer_lists = [list(bits(houses.peers[c])) for c in range(ncells)]
    cross, group_end = _crossings(houses)
    set_units = np.array([*range(2 * n, 3 * n), *range(n, 2 * n), *range(n)], np.int64)
    member = np.zeros((len(houses.cells), ncells), np.bool_)
    for u, cells in enumerate(houses.cells):
        member[u, list(cells)] = True
    shares = (member.astype(np.int64) @ member.T.astype(np.int64)) > 0
    cross_in = np.zeros(len(cross), np.int64)
    for i, (a, b) in enumerate(cross):
        for j, c in enumerate(houses.cells[a]):
            if member[b, c]:
                cross_in[i] |= np.int64(1) << np.int64(j)
    return (cell_units, unit_cells, *_csr(pair_lists), *_csr(peer_lists), cross, group_end, set_units, member, shares,
            cross_in)


def _crossings(houses: Houses):
    """SE's locked-candidate house pairs as an (K, 2) array and the end of each scan group."""
    from .candidates import Candidates
    from .intersections import crossings

    groups = crossings(Candidates(houses, [0] * houses.ncells, [0] * houses.ncells))
    pairs = [pair for group in groups for pair in group]
    ends = np.cumsum([len(g) for g in groups]).astype(np.int64)
    return np.array(pairs, np.int64).reshape(-1, 2), ends


def _csr(lists):
    """Row pointers and indices of a list of lists."""
    ptr = np.zeros(len(lists) + 1, np.int64)
    ptr[1:] = np.cumsum([len(x) for x in lists])
    idx = np.array([v for x in lists for v in x], np.int64)
    return ptr, idx


@dataclass
class Stores:
    """Run stores and scratch arrays for one geometry, grown when a kernel reports OVERFLOW."""

    n: int
    ncells: int
    records: int
    parents: int
    nests: int = 1024
    cached: bool = False  # extra slots where multiple_best keeps each on run of a call (kernels/chains._on_run)

    def __post_init__(self):
        n, ncells = self.n, self.ncells
        slots, npid = 2 * n + 1, 2 * ncells * n
        if self.cached:  # as many runs as fit in CACHE_BYTES, at most one per candidate
            per_slot = 8 * (6 * self.records + self.parents + npid + self.nests + 1)
            slots += min(ncells * n, CACHE_BYTES // per_slot)
        self.st = (np.zeros((slots, self.records), np.int64), np.zeros((slots, self.records), np.int64),
                   np.zeros((slots, self.records), np.int64), np.zeros((slots, self.parents), np.int64),
                   np.zeros(slots, np.int64), np.zeros(slots, np.int64), np.full((slots, npid), -1, np.int64),
                   np.zeros((slots, self.records), np.int64), np.full((slots, self.records), -1, np.int64),
                   np.zeros((slots, self.nests), np.int64), np.zeros(slots, np.int64))
        width = 8 * n + 16
        self.sc = (np.zeros(ncells, np.uint64), np.zeros(self.records, np.int64), np.zeros(self.records, np.int64),
                   np.zeros(ncells, np.bool_), np.zeros(width, np.int64), np.zeros(width, np.int64),
                   np.zeros((width, n + 1), np.int64), np.zeros(n + 2, np.int64), np.zeros(3, np.int64),
                   np.zeros(npid, np.int64), np.zeros(1, np.int64), np.zeros(self.parents + 1, np.int64),
                   np.zeros(n, np.int64), np.zeros((4 * ncells * n, 3), np.int64), np.zeros(8 * ncells * n, np.int64),
                   np.zeros(8 * ncells * n, np.int64), np.zeros(4 * ncells * n, np.int64),
                   np.zeros(self.records, np.int64), np.zeros(width, np.int64),
                   np.zeros(slots * self.nests, np.int64), np.zeros(slots + 1, np.int64), np.zeros(slots + 1, np.int64),
                   _place_track(n, ncells))
        self.best = np.zeros(8, np.int64)
        self.elim = np.zeros((ncells * n, 2), np.int64)
        self.tmpelim = np.zeros((ncells * n, 2), np.int64)
        self.found = np.zeros(self.records, np.int64)
        self.bits = np.zeros((slots, (npid + 63) // 64), np.uint64)  # kernels/chains._mark's sets, one per slot

    def grown(self) -> "Stores":
        """Stores twice as large."""
        return Stores(self.n, self.ncells, self.records * 2, self.parents * 2, self.nests * 2, self.cached)


CACHE_BYTES = 48 << 20
TRACK_HOUSES = 6  # a run's place masks are kept for up to TRACK_HOUSES * n + 8 houses (more: remade per quiet point)


def _place_track(n: int, ncells: int) -> tuple:
    """sc[22], kernels/advanced.begin_places' buffers: the grid and houses the base masks were made from, the
    base masks (each house's places of each digit), a run's masks (kept / erased places), [houses made, 0 =
    none] and per advanced rule and digit the houses where the run erased a place since the rule's last whole
    scan, one bit each (kernels/advanced._advanced's dirty), and per house the crossings from it (8 a house on
    average at most: more, and the masks are remade at each quiet point)."""
    rows = TRACK_HOUSES * n + 8
    return (np.zeros(ncells, np.uint64), np.zeros(rows * n, np.int64), np.zeros((rows, n), np.int64),
            np.zeros((2, rows, n), np.int64), np.zeros(1, np.int64), np.zeros(RULES * n, np.int64),
            np.zeros((rows, (8 * rows + 63) // 64), np.uint64))


_STORES: dict[tuple[int, int, int], Stores] = {}  # by geometry size and thread (kernels write them)
_INNER: dict[tuple[int, int, int], tuple] = {}
MEMO_ROWS = 8192


def inner_stores(houses: Houses, nest_limit: int = 0, hints: int = 8192, memo: int | None = None) -> tuple:
    """The buffers of nested chains (see kernels/dynamic.py): their own run stores and scratch, the nested
    hints' tables, static-graph and cycle scratch, the nested dynamic chains' level, the memo of nested hints
    (`memo` rows, default MEMO_ROWS, 0: none; a cache keyed by the narrowed grid, so it holds across calls and
    puzzles of one geometry and thread, never across two, and any content gives the same result), the on-run
    cache of one nested search (kernels/dynamic._inner_on_run; its runs live in the stores' cache slots),
    _inner_loops' buffers (kernels/dynamic.LOOPS_WORK), the static graph's closure scratch of _inner_loops and
    nested multiple chains (kernels/dynamic.MULTI_REACH), _inner_loops' certificate buffers
    (kernels/dynamic.LOOPS_CERT) and the strong-off reach sets of nested static multiple chains
    (kernels/dynamic.MULTI_CERT)."""
    key = (houses.n, houses.ncells, threading.get_ident())  # scratch: one set per thread
    memo = MEMO_ROWS if memo is None else memo
    if key not in _INNER:
        n, ncells = houses.n, houses.ncells
        s = Stores(n, ncells, 2 * ncells * n + 8, 8 * ncells * n + 64, cached=True)
        npid = 2 * ncells * n
        on_runs = (np.full(npid, -1, np.int64), np.zeros((s.st[0].shape[0], 2), np.int64), np.zeros(1, np.int64))
        loops_work = (np.zeros((ncells * n, (npid + 63) // 64), np.uint64), np.zeros(ncells * n, np.int64),
                      np.zeros((2, npid), np.int64))
        reach = (np.zeros((8, npid + 1), np.int64), np.zeros((npid, (npid + 63) // 64), np.uint64))
        big, words = STRONG_MAX, (ncells * n + 63) // 64
        cert = (np.zeros(npid, np.int64), np.zeros(ncells * n, np.int64), np.zeros(big, np.int64),
                np.zeros((2, big), np.uint64), np.zeros((big, words), np.uint64), np.zeros((big, words), np.uint64),
                np.zeros((big, words), np.uint64), np.zeros(ncells * n, np.uint64), np.zeros(words, np.uint64),
                np.zeros(2, np.int64), np.zeros(2, np.uint64))
        mcert = (np.zeros(npid, np.int64), np.zeros(ncells * n, np.int64), np.zeros(big, np.int64),
                 np.zeros((2, big), np.uint64), *(np.zeros((big, words), np.uint64) for _ in range(3)),
                 np.zeros(ncells * n, np.uint64), np.zeros(words, np.uint64), np.zeros(4, np.int64),
                 np.zeros((ncells * n, min(words, 16)), np.uint64))
        _INNER[key] = ((s.st, s.sc, np.zeros((hints, 4), np.int64), np.zeros(hints + 1, np.int64),
                        np.zeros(hints * 4 * n, np.int64), np.zeros(hints + 1, np.int64),
                        np.zeros(hints * 8 * n, np.int64), np.array([0, 0, 1], np.int64),
                        np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                        np.zeros(npid * (4 * n + 8), np.int64),
                        np.zeros(s.records, np.int64), np.zeros((ncells * n, 2), np.int64),
                        np.zeros(hints, np.int64)), on_runs, loops_work, reach, cert, mcert)
    head, on_runs, loops_work, reach, cert, mcert = _INNER[key]
    return (*head, np.int64(nest_limit), *_memo(houses, threading.get_ident(), memo),
            _loops_order(houses, threading.get_ident()), on_runs, loops_work, reach, cert, mcert)


@lru_cache(maxsize=4)
def _loops_order(houses: Houses, thread: int) -> tuple:
    """kernels/dynamic._inner_loops' tables for links.static_graph_xy, of a geometry (the peers' order depends on
    the houses) and thread: each cell's peers in link order with their causes (CSR), per house and digit the
    place counts, per digit its places (cell bit sets), the peers cut in runs (links.peer_segments) and each
    house's cells as a bit set."""
    n, ncells = houses.n, houses.ncells
    geo = tables(houses)
    width = geo[0].shape[1] * n + int(np.diff(geo[2]).max(initial=0))
    words = (ncells + 63) // 64
    pe = (np.zeros(ncells + 1, np.int64), np.zeros(ncells * width, np.int64), np.zeros(ncells * width, np.int64))
    peer_order(n, geo, _INNER[(n, ncells, thread)][0][1], pe[0], pe[1], pe[2])
    hmask = np.zeros((geo[1].shape[0], words), np.uint64)
    for u, cells in enumerate(geo[1]):
        for c in cells.tolist():
            hmask[u, c >> 6] |= np.uint64(1 << (c & 63))
    return (*pe, np.zeros((geo[1].shape[0], n), np.int64), np.zeros((n, words), np.uint64),
            *peer_segments(ncells, *pe), hmask)


@lru_cache(maxsize=4)
def _memo(houses: Houses, thread: int, rows: int) -> tuple:
    """kernels/dynamic._rule's memo of a geometry (its hints depend on the houses, not only their size) and thread:
    every candidate set (the source-free parents' source), the key table, each row's hint range, the hint pool
    (key fields, removables and parents, CSR) and its counters."""
    n, ncells = houses.n, houses.ncells
    pool = 4 * rows  # on 11+ puzzles an entry holds 1.7 hints, a hint 1.4 removables and 33 parents
    return (np.full(ncells, (1 << n) - 1, np.uint64), np.zeros((rows, ncells + 1), np.uint64),
            np.zeros((rows, 2), np.int64), np.zeros((pool, 3), np.int64), np.zeros(pool + 1, np.int64),
            np.zeros(4 * pool, np.int64), np.zeros(pool + 1, np.int64), np.zeros(32 * pool, np.int64),
            np.zeros(6, np.int64))


def stores(houses: Houses) -> Stores:
    """The stores of a geometry size, made on first use (a cache, not state: any Stores gives the same result)."""
    key = (houses.n, houses.ncells, threading.get_ident())  # scratch: one set per thread
    if key not in _STORES:
        n = houses.n
        _STORES[key] = Stores(n, houses.ncells, 2 * houses.ncells * n + 8, 8 * houses.ncells * n + 64, cached=True)
    return _STORES[key]


def _cand(state: Candidates) -> np.ndarray:
    """The candidates as the kernels read them."""
    return np.array(state.cand, dtype=np.uint64)


def _run(houses: Houses, values: np.ndarray, cand: np.ndarray, kernel, *args, inner=None) -> Stores:
    """Call a best-hint kernel on a grid's flat arrays (values int64, candidate masks uint64; only read), growing
    the stores until it fits."""
    geo = tables(houses)
    placed = np.bincount(values, minlength=houses.n + 1)[1:]
    while True:
        s = stores(houses)
        s.sc[12][:] = placed
        if kernel(*args, houses.n, cand, geo, s.st, s.sc, s.best, s.elim, *_extra(kernel, s, houses, inner)) == K.OK:
            return s
        _STORES[(houses.n, houses.ncells, threading.get_ident())] = s.grown()


def _arrays(state: Candidates) -> tuple:
    """The houses and flat arrays of a state, as _run reads them."""
    return state.houses, np.array(state.values, np.int64), _cand(state)


def _extra(kernel, s: Stores, houses: Houses, inner) -> tuple:
    """The loops kernel's extra buffers and seed; the multiple kernel's bit sets, Nishio memo and nested chains'
    buffers."""
    if kernel is K.loops_best:
        return s.tmpelim, s.found, inner if inner is not None else NO_SEED
    memo = nishio_memo(houses)
    return (s.bits, memo, inner) if inner is not None else (s.bits, memo)


def nishio_memo(houses: Houses) -> tuple:
    """kernels/chains._nishio's memo for this geometry and thread: per digit, two cell sets and its best hint (a
    cache keyed by the digit's places, so it holds across calls and puzzles of one geometry, never across two)."""
    return _nishio_memo(houses, threading.get_ident())


@lru_cache(maxsize=16)
def _nishio_memo(houses: Houses, thread: int) -> tuple:
    """nishio_memo, made once per geometry and thread."""
    words = (houses.ncells + 63) // 64
    return np.zeros((houses.n, 2, words), np.uint64), np.zeros((houses.n, 6), np.int64)


NO_SEED = np.array([-1, -1, -1], np.int64)


def loops(state: Candidates, seed=None):
    """SE's Forcing Chains & Cycles: the best bidirectional cycle or forcing X/Y/XY chain, as a Step (or None).
    seed: the previous call's `loops_seed`, which only speeds the search up."""
    return loops_of(*_arrays(state), seed)


def loops_of(houses: Houses, values: np.ndarray, cand: np.ndarray, seed=None, text: bool = True):
    """loops() of a grid's flat arrays (see _run); text=False leaves the step's explanation empty (SE's rating
    walk reads only its price, name and eliminations)."""
    s = _run(houses, values, cand, K.loops_best, inner=seed)
    return _step(houses, s, "loops", text=text) if s.best[0] < K.BIG else None


def loops_seed(state: Candidates) -> np.ndarray:
    """The seed of the next loops() call: the mode, source and kind of the best hint the last call found."""
    return seed_of(state.houses)


def seed_of(houses: Houses) -> np.ndarray:
    """loops_seed of the last loops call on this geometry (and thread)."""
    best = stores(houses).best
    return np.array([best[6], best[4], best[3]] if best[0] < K.BIG else [-1, -1, -1], np.int64)


def multiple(state: Candidates, multiple: bool = False, dynamic: bool = False, nishio: bool = False, level: int = 0,
             nest_limit: int = 0):
    """SE's Nishio / multiple / dynamic forcing chains (level 1: "+", with the advanced rules; 2, 3, 4: nested
    chains, see kernels/dynamic.py): the best hint as a Step (or None)."""
    return multiple_of(*_arrays(state), multiple, dynamic, nishio, level, nest_limit)


def multiple_of(houses: Houses, values: np.ndarray, cand: np.ndarray, multiple: bool = False, dynamic: bool = False,
                nishio: bool = False, level: int = 0, nest_limit: int = 0, text: bool = True):
    """multiple() of a grid's flat arrays (see _run; text as loops_of)."""
    s = _multiple_run(houses, values, cand, multiple, dynamic, nishio, level, nest_limit)
    family = "nishio" if nishio else ("dynamic" if dynamic else "multiple")
    return _step(houses, s, family, level, text) if s.best[0] < K.BIG else None


def _multiple_run(houses: Houses, values: np.ndarray, cand: np.ndarray, multiple: bool, dynamic: bool, nishio: bool,
                  level: int, nest_limit: int) -> Stores:
    """The kernel run behind multiple_of: the stores holding its best hint."""
    base = 75 if nishio else (85 + 5 * level if dynamic else 80)
    if level >= 2:
        inner = inner_stores(houses, nest_limit)
        flag = inner[7]  # [hints, truncated, GRAPH_FLAG]: a level-2 call runs no nested kind 1, so kind 0 makes
        flag[GRAPH_FLAG] = level >= 3  # its static graph only to search (kernels/dynamic._inner_loops)
        try:
            return _run(houses, values, cand, K.multiple_best, multiple, dynamic, nishio, level, base, inner=inner)
        finally:
            flag[GRAPH_FLAG] = 1
    return _run(houses, values, cand, K.multiple_best, multiple, dynamic, nishio, level, base)


@dataclass
class _Kept:
    """A kernel run's best hint as _step reads it (best, elim), kept past the stores' next use."""

    best: np.ndarray
    elim: np.ndarray


def multiple_memo(memo: dict | None, houses: Houses, values: np.ndarray, cand: np.ndarray, multiple: bool = False,
                  dynamic: bool = False, nishio: bool = False, level: int = 0, nest_limit: int = 0,
                  text: bool = True):
    """multiple_of through `memo`, a dict made per rating (one geometry) and shared by its SE walk and its HoDoKu
    path's rescue, which ask some same questions of the same grid (on 11+ puzzles ~1/4 of the rescue's calls,
    ~1/3 of its time): the kernel's best hint is kept per grid (values, candidates) and parameters, and the Step,
    with or without its text, made from it on each call as multiple_of makes it. memo None: multiple_of."""
    if memo is None:
        return multiple_of(houses, values, cand, multiple, dynamic, nishio, level, nest_limit, text)
    key = (values.tobytes(), cand.tobytes(), multiple, dynamic, nishio, level, nest_limit)
    kept = memo.get(key)
    if kept is None:
        s = _multiple_run(houses, values, cand, multiple, dynamic, nishio, level, nest_limit)
        kept = memo[key] = _Kept(s.best.copy(), s.elim[:s.best[7]].copy()) if s.best[0] < K.BIG else False
    family = "nishio" if nishio else ("dynamic" if dynamic else "multiple")
    return _step(houses, kept, family, level, text) if kept else None


KIND_SLUG = {
    ("loops", K.K_CYCLE): ("bidirectional-x-cycle", "bidirectional-y-cycle", "bidirectional-xy-cycle"),
    ("loops", K.K_FORCING): ("forcing-x-chain", "forcing-y-chain", "forcing-xy-chain"),
}
MULTI_SLUG = {
    "nishio": {K.K_CONTRA_OFF: "nishio-forcing-chain", K.K_CONTRA_ON: "nishio-forcing-chain"},
    "multiple": {K.K_CELL: "cell-forcing-chains", K.K_REGION: "region-forcing-chains"},
    "dynamic": {K.K_CONTRA_OFF: "dynamic-contradiction-forcing-chain",
                K.K_CONTRA_ON: "dynamic-contradiction-forcing-chain",
                K.K_DOUBLE_ON: "dynamic-double-forcing-chain", K.K_DOUBLE_OFF: "dynamic-double-forcing-chain",
                K.K_CELL: "dynamic-cell-forcing-chains", K.K_REGION: "dynamic-region-forcing-chains"},
}


def potential_text(pid: int, n: int) -> str:
    """A potential as r1c2=5 (on) or r1c2<>5 (off)."""
    cell, d = pid // 2 // n, pid // 2 % n + 1
    return f"{cell_name(cell, n)}{'=' if pid & 1 else '<>'}{d}"


def _step(houses: Houses, s: Stores, family: str, level: int = 0, text: bool = True):
    """The best hint of a kernel run as a Step (text=False: without its explanation)."""
    n = houses.n
    best = s.best
    kind, source, extra = int(best[3]), int(best[4]), int(best[6])
    elim = [(int(c), int(d)) for c, d in s.elim[:best[7]]]
    if family == "loops":
        slug = KIND_SLUG[("loops", kind)][extra]
    else:
        slug = MULTI_SLUG[family][kind]
        if level == 1:
            slug = "forcing-net-verity" if kind in (K.K_CELL, K.K_REGION, K.K_DOUBLE_ON, K.K_DOUBLE_OFF) else \
                "forcing-net-contradiction"
        elif level >= 2:
            slug = "nested-forcing-chain"
    cell, d = source // 2 // n, source // 2 % n + 1
    se = best[0] / 10
    return step(slug, _text(houses, s, slug, elim) if text else "", digits=sorted({dd for _, dd in elim}),
                cells=sorted({c for c, _ in elim}), eliminations=elim, se=se, pattern=((cell, d),))


def _text(houses: Houses, s: Stores, slug: str, elim: list) -> str:
    """The explanation of the best hint of a kernel run."""
    n = houses.n
    kind, source, target, extra = int(s.best[3]), int(s.best[4]), int(s.best[5]), int(s.best[6])
    cell, d = source // 2 // n, source // 2 % n + 1
    what = {K.K_CYCLE: f"cycle through {potential_text(source, n)}",
            K.K_CELL: f"every candidate of {cell_name(cell, n)}",
            K.K_REGION: f"every place of {d} in {houses.name(extra) if extra >= 0 else ''}"}.get(
        kind, f"{potential_text(source, n)} implies {potential_text(target, n)}")
    return f"{_name(slug)}: {what} => {result_text(elim, (), n)} (length {int(s.best[1])})"


def _name(slug: str) -> str:
    """The table name of a slug."""
    from .table import BY_SLUG

    return BY_SLUG[slug].name
