"""The candidate grid (pencilmarks): what a person writes in the empty cells, the state every technique reads.

Vocabulary, after Norvig: a *cell* is 0 .. N*N-1 (row-major), a *digit* 1 .. N, a *house* (unit) N cells that hold
every digit once. Sets of cells are Python ints used as bitsets (bit c = cell c): intersections, unions and counts
of cell sets are then single integer operations, which is what keeps the technique finders short.

    cand[c]    bit d-1 set <=> digit d is still a candidate of cell c (0 for a filled cell)
    where[d]   the cells that still have candidate d (bit c set <=> cand[c] has bit d-1)

Houses (built once per geometry): rows are units 0..N-1, columns N..2N-1, boxes or jigsaw regions 2N..3N-1, then
any extra units of a variant (diagonals, windows); extra difference pairs (anti-knight, anti-king) only make peers.

Speed record (issue 9, per-step overhead): where, from_grid's start candidates and broken's test were Python loops per
cell and digit; _Bulk does each as a few numpy passes over the cand/values arrays (bit planes packed into one int a
digit). On 9x9: from_grid 180 -> 59 us, from_arrays (after every kernel walk of the HoDoKu path) 103 -> 42 us,
broken 54 -> 38 us; api.candidates 343 -> 222 us (timeit, .scratch micro.py). Geometries past N = 63, cells without
peers or ragged houses keep the loops (tests/test_logic_fast.py compares both). Then the three passes became numba
kernels (kernels/hodoku: start_candidates, where_words, whole), as the HoDoKu path's _walked already used, and a
grid's state keeps its arrays (Candidates.arrays) for broken() and the rating that follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..errors import InputError
from ..geometry import Geometry
from .step import Step, cell_name

KINDS = ("row", "column", "box")


def _bits_big(mask: int):
    """The indices of the set bits of mask, lowest first (any size)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_SMALL = tuple(tuple(_bits_big(m)) for m in range(1 << 12))  # every digit mask up to 12x12 (4096 tuples)


def bits(mask: int):
    """The indices of the set bits of mask, lowest first (an iterable).

    Digit masks (below 2**12, most calls) read a table: 16x faster than the generator, which a 5-9.3 rating
    profile called 4.5 M times. Cell sets of a 9x9 grid (below 2**84) with 4+ cells join seven 12-bit tables (built
    on first use): 1.4x faster than the generator at 5 cells, 3.5x at 30 (the generator stays for 1-3 cells, where
    it is as fast); a 5-9.3 HoDoKu profile had the generator at 9% of the time."""
    if mask < 4096:
        return _SMALL[mask]
    if mask >> 84 or mask.bit_count() < 4:
        return _bits_big(mask)
    t = _chunks()
    return (_SMALL[mask & 4095] + t[0][mask >> 12 & 4095] + t[1][mask >> 24 & 4095] + t[2][mask >> 36 & 4095]
            + t[3][mask >> 48 & 4095] + t[4][mask >> 60 & 4095] + t[5][mask >> 72])


@lru_cache(maxsize=1)
def _chunks() -> tuple:
    """_SMALL shifted by 12, 24, ... 72: the set bits of each 12-bit chunk of a cell set (~30 ms, so not at import)."""
    return tuple(tuple(tuple(b + 12 * k for b in s) for s in _SMALL) for k in range(1, 7))


def digits_of(mask: int) -> list[int]:
    """The digits (1-based) of a candidate mask."""
    return [b + 1 for b in bits(mask)]


@dataclass(frozen=True, eq=False)
class Houses:
    """A geometry as the finders use it: each house's cells, kind and cell set; each cell's houses and peers."""

    n: int
    cells: tuple[tuple[int, ...], ...]       # the cells of each house, in reading order
    masks: tuple[int, ...]                   # the same as cell sets
    kinds: tuple[str, ...]                   # 'row', 'column', 'box' (or region), 'extra'
    cell_houses: tuple[tuple[int, ...], ...]  # the houses of each cell: box, row, column, extras (SE's order)
    peers: tuple[int, ...]                   # the peers of each cell as a cell set
    plain: bool                              # only rows, columns and boxes/regions: uniqueness arguments hold

    @property
    def ncells(self) -> int:
        """N*N."""
        return self.n * self.n

    def row(self, cell: int) -> int:
        """The row house of a cell."""
        return cell // self.n

    def col(self, cell: int) -> int:
        """The column house of a cell."""
        return self.n + cell % self.n

    def box(self, cell: int) -> int:
        """The box (or jigsaw region) house of a cell."""
        return self.cell_houses[cell][0]

    def name(self, house: int) -> str:
        """A house as people write it: r3, c5, b7 (or x1 for an extra unit)."""
        kind, n = self.kinds[house], self.n
        if kind == "extra":
            return f"x{house - 3 * n + 1}"
        return f"{kind[0]}{house % n + 1}"

    def sees(self, a: int, b: int) -> bool:
        """True if cells a and b are peers (a != b)."""
        return bool(self.peers[a] >> b & 1)

    def common_peers(self, cellset: int) -> int:
        """The cells that see every cell of a nonempty cell set."""
        out = -1
        for c in bits(cellset):
            out &= self.peers[c]
        return out & ~cellset if out != -1 else 0


@lru_cache(maxsize=64)
def houses_of(geometry: Geometry) -> Houses:
    """The Houses of a geometry whose first 3N units are rows, columns and boxes/regions (as geometry.py builds)."""
    n = geometry.n
    units = geometry.units.tolist()
    if len(units) < 3 * n or any(units[r] != list(range(r * n, r * n + n)) for r in range(n)) or any(
            units[n + c] != list(range(c, n * n, n)) for c in range(n)):
        raise InputError("human-style solving needs rows, columns and boxes (or regions) as the first 3N units")
    kinds = tuple(KINDS[u // n] if u < 3 * n else "extra" for u in range(len(units)))
    cell_houses = [[] for _ in range(n * n)]
    for u in [*range(2 * n, 3 * n), *range(n), *range(n, 2 * n), *range(3 * n, len(units))]:
        for c in units[u]:
            cell_houses[c].append(u)
    peers = [0] * (n * n)
    for c in range(n * n):
        for p in geometry.peers(c).tolist():
            peers[c] |= 1 << p
    return Houses(n, tuple(tuple(u) for u in units), tuple(sum(1 << c for c in u) for u in units), kinds,
                  tuple(tuple(h) for h in cell_houses), tuple(peers),
                  len(units) == 3 * n and len(geometry.pairs) == 0)


@lru_cache(maxsize=16)
def _peer_lists(houses: Houses) -> tuple[tuple[int, ...], ...]:
    """Each cell's peers as a tuple of cells."""
    return tuple(tuple(bits(p)) for p in houses.peers)


def _peer_list(houses: Houses, cell: int) -> tuple[int, ...]:
    """The peers of one cell."""
    return _peer_lists(houses)[cell]


class _Bulk:
    """A geometry's tables for whole-grid bookkeeping (where, the start candidates, the broken test) in numba (one
    pass instead of a Python loop per cell), for geometries whose masks fit uint64 and whose houses all have N
    cells."""

    def __init__(self, houses: Houses):
        lists = _peer_lists(houses)
        self.ptr = np.cumsum([0] + [len(p) for p in lists]).astype(np.int64)  # cell c's peers: idx[ptr[c]:ptr[c + 1]]
        self.idx = np.array([p for ps in lists for p in ps], np.int64)
        self.units = np.array(houses.cells, np.int64)
        self.full = np.uint64((1 << houses.n) - 1)
        self.shape = (houses.n + 1, (houses.ncells + 63) // 64)  # kernels/hodoku's word rows: digits, filled cells
        from ..kernels.hodoku import start_candidates, where_words, whole

        self.start_candidates, self.where_words, self.whole_kernel = start_candidates, where_words, whole

    def where(self, cand: np.ndarray) -> list[int]:
        """Candidates.where of uint64 candidate masks (kernels/hodoku.where_words)."""
        words = np.empty((self.shape[0] - 1, self.shape[1]), np.uint64)  # per call: _bulk is shared by threads
        self.where_words(cand, words)
        return [0] + _ints(words)

    def start(self, values: np.ndarray) -> tuple[np.ndarray, list[int], int]:
        """A grid's start candidates (kernels/hodoku.start_candidates): the masks, where, the filled cells."""
        cand, words = np.empty(values.shape[0], np.uint64), np.empty(self.shape, np.uint64)
        self.start_candidates(values, self.ptr, self.idx, self.full, cand, words)
        rows = _ints(words)
        return cand, [0] + rows[:-1], rows[-1]

    def whole(self, values: np.ndarray, cand: np.ndarray) -> bool:
        """Candidates._whole over arrays (kernels/hodoku.whole)."""
        return self.whole_kernel(values, cand, self.units, self.full)


def _ints(words: np.ndarray) -> list[int]:
    """Each row of uint64 words as one int (word w is bits 64w ..)."""
    raw, step = words.astype("<u8", copy=False).tobytes(), 8 * words.shape[1]
    return [int.from_bytes(raw[i:i + step], "little") for i in range(0, len(raw), step)]


def cell_set(flags: np.ndarray) -> int:
    """The cell set of a bool array (bit c set <=> flags[c])."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


@lru_cache(maxsize=16)
def _bulk(houses: Houses) -> _Bulk | None:
    """The _Bulk tables of a geometry, or None where they do not apply (N > 63, a cell without peers, ragged
    houses): the Python loops then serve."""
    if houses.n > 63 or any(not p for p in houses.peers) or len({len(c) for c in houses.cells}) != 1:
        return None
    return _Bulk(houses)


class Candidates:
    """Placed digits and the candidates of every empty cell; techniques read it, steps change it."""

    __slots__ = ("houses", "values", "cand", "where", "givens", "marked", "_arrays")

    def __init__(self, houses: Houses, values: list[int], cand: list[int], givens: int = 0, marked: bool = False):
        self.houses = houses
        self.values = values
        self.cand = cand
        self.givens = givens  # the cells the puzzle gave (a cell set); the others were solved
        self.marked = marked  # a pencilmark (Sukaku) puzzle: only its own marks, not the peers, limit a cell
        bulk = _bulk(houses)
        if bulk is not None:
            self.where = bulk.where(np.array(cand, np.uint64))
            return
        self.where = [0] * (houses.n + 1)
        for c, m in enumerate(cand):
            for b in bits(m):
                self.where[b + 1] |= 1 << c

    @classmethod
    def from_grid(cls, grid, geometry: Geometry, candidates=None) -> "Candidates":
        """The pencilmarks of a puzzle: every digit its peers allow (and, for a Sukaku, its own marks allow)."""
        houses = houses_of(geometry)
        n = houses.n
        bulk = _bulk(houses)
        if bulk is not None and candidates is None:
            return cls._from_values(houses, bulk, np.asarray(grid).ravel().astype(np.int64))
        values = [int(v) for v in np.asarray(grid).ravel().tolist()]
        full = (1 << n) - 1
        allowed = [full] * (n * n)
        if candidates is not None:
            marks = np.asarray(candidates, dtype=bool).reshape(n * n, n)
            weights = np.uint64(1) << np.arange(n, dtype=np.uint64)
            allowed = [int(a) for a in (marks.astype(np.uint64) * weights).sum(axis=1, dtype=np.uint64).tolist()]
        seen = [0] * (n * n)
        for c, v in enumerate(values):
            if v:
                for p in _peer_list(houses, c):
                    seen[p] |= 1 << (v - 1)
        cand = [0 if v else a & ~s for v, a, s in zip(values, allowed, seen)]
        return cls(houses, values, cand, sum(1 << c for c, v in enumerate(values) if v), candidates is not None)

    @classmethod
    def _from_values(cls, houses: Houses, bulk: _Bulk, values: np.ndarray) -> "Candidates":
        """from_grid without pencilmarks over arrays: each empty cell keeps the digits its peers do not hold."""
        cand, where, givens = bulk.start(values)
        state = cls.__new__(cls)
        state.houses, state.values, state.cand = houses, values.tolist(), cand.tolist()
        state.givens, state.marked, state.where = givens, False, where
        state._arrays = (values, cand)  # the arrays are this state's own: broken() and a rating start from them
        return state

    @classmethod
    def of_digit(cls, houses: Houses, d: int, where: int) -> "Candidates":
        """A state holding only digit d, at the cells of `where` (what a single-digit finder reads)."""
        cand = [0] * houses.ncells
        for c in bits(where):
            cand[c] = 1 << (d - 1)
        state = cls.__new__(cls)  # where is known: skip __init__'s pass over every cell
        state.houses, state.values, state.cand, state.givens, state.marked = houses, [0] * houses.ncells, cand, 0, False
        state.where = [0] * (houses.n + 1)
        state.where[d] = where
        return state

    @classmethod
    def partial(cls, houses: Houses, cells, cands, values) -> "Candidates":
        """A state holding only these cells' candidates and digits (the others empty, without candidates): what a
        finder reading only those cells sees."""
        state = cls.__new__(cls)
        cand, vals, where = [0] * houses.ncells, [0] * houses.ncells, [0] * (houses.n + 1)
        for c, m, v in zip(cells, cands, values):
            cand[c], vals[c] = m, v
            for b in bits(m):
                where[b + 1] |= 1 << c
        state.houses, state.values, state.cand, state.where = houses, vals, cand, where
        state.givens, state.marked = 0, False
        return state

    @classmethod
    def from_arrays(cls, houses: Houses, values, cand, givens: int = 0, marked: bool = False) -> "Candidates":
        """A state from flat arrays (values, candidate masks), as the kernels leave it."""
        bulk = _bulk(houses)
        if bulk is not None and isinstance(cand, np.ndarray) and isinstance(values, np.ndarray):
            state = cls.__new__(cls)
            state.houses, state.values, state.cand = houses, values.tolist(), cand.tolist()
            state.givens, state.marked, state.where = givens, marked, bulk.where(cand.astype(np.uint64, copy=False))
            return state
        return cls(houses, [int(v) for v in values], [int(m) for m in cand], givens, marked)

    def copy(self) -> "Candidates":
        """An independent copy."""
        other = Candidates.__new__(Candidates)
        other.houses, other.values, other.cand, other.where = self.houses, self.values[:], self.cand[:], self.where[:]
        other.givens, other.marked = self.givens, self.marked
        return other

    @property
    def n(self) -> int:
        """N."""
        return self.houses.n

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """values (int64) and cand (uint64, N <= 64) as numpy arrays for kernels that only read them: made once
        while the state is unchanged (eliminate and place drop them, so change a state only through them, never
        its lists directly). A HoDoKu path state went through ~10 such conversions of 1.6 us, one per finder; the
        path's numba walk hands its own arrays over (path._walked)."""
        try:
            made = self._arrays
        except AttributeError:
            made = None
        if made is None:
            made = self._arrays = (np.array(self.values, np.int64), np.array(self.cand, np.uint64))
        return made

    def fresh_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """New copies of arrays() for a kernel that writes them: from the kept arrays where there are some (a copy
        is ~0.3 us, a list's conversion 1.6), else from the lists (not kept)."""
        made = getattr(self, "_arrays", None)
        if made is None:
            return np.array(self.values, np.int64), np.array(self.cand, np.uint64)
        return made[0].copy(), made[1].copy()

    def has(self, cell: int, digit: int) -> bool:
        """True if digit is a candidate of cell."""
        return bool(self.cand[cell] >> (digit - 1) & 1)

    def count(self, cell: int) -> int:
        """The number of candidates of a cell."""
        return self.cand[cell].bit_count()

    def positions(self, house: int, digit: int) -> int:
        """The cells of a house that still have digit as a candidate."""
        return self.where[digit] & self.houses.masks[house]

    def empty_cells(self) -> int:
        """The cells without a digit, as a cell set."""
        return sum(1 << c for c, v in enumerate(self.values) if not v)

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove one candidate."""
        self._arrays = None
        self.cand[cell] &= ~(1 << (digit - 1))
        self.where[digit] &= ~(1 << cell)

    def place(self, cell: int, digit: int) -> None:
        """Fill a cell and remove the digit from its peers."""
        self._arrays = None
        for d in bits(self.cand[cell]):
            self.where[d + 1] &= ~(1 << cell)
        self.values[cell] = digit
        self.cand[cell] = 0
        seen = self.where[digit] & self.houses.peers[cell]
        for p in bits(seen):
            self.cand[p] &= ~(1 << (digit - 1))
        self.where[digit] &= ~seen

    def apply(self, step: Step) -> None:
        """Make a step's eliminations, then its placements."""
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)
        for cell, digit in step.placements:
            if not self.values[cell]:
                self.place(cell, digit)

    def solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values)

    def broken(self) -> str | None:
        """What makes the pencilmarks impossible (an empty cell, a digit with no place in a house), or None."""
        if self._whole():
            return None
        for c, v in enumerate(self.values):
            if not v and not self.cand[c]:
                return f"{cell_name(c, self.n)} has no candidate left"
        for h, cells in enumerate(self.houses.cells):
            placed = {self.values[c] for c in cells}
            for d in range(1, self.n + 1):
                if d not in placed and not self.positions(h, d):
                    return f"digit {d} has no place left in {self.houses.name(h)}"
        return None

    def _whole(self) -> bool:
        """True if no cell is empty without candidates and every house has each digit placed or a place for it
        (broken's test in one pass per house, which finds nothing on almost every state)."""
        bulk = _bulk(self.houses)
        if bulk is not None:
            return bulk.whole(*self.arrays())
        values, cand, full = self.values, self.cand, (1 << self.n) - 1
        if not all(v or m for v, m in zip(values, cand)):
            return False
        for cells in self.houses.cells:
            have = 0
            for c in cells:
                have |= cand[c] | (1 << values[c] >> 1)
            if have != full:
                return False
        return True

    def grid(self) -> np.ndarray:
        """The placed digits as a flat int32 grid (0 = empty)."""
        return np.array(self.values, dtype=np.int32)

    def mask_array(self) -> np.ndarray:
        """The candidates as an (N*N, N) bool array; a filled cell marks its own digit."""
        n = self.n
        out = np.zeros((n * n, n), dtype=bool)
        for c, (v, m) in enumerate(zip(self.values, self.cand)):
            for b in ([v - 1] if v else bits(m)):
                out[c, b] = True
        return out
