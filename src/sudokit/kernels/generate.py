"""Puzzle generation kernels: random solution grids and givens removal, numba code only.

A generator's work is thousands of uniqueness proofs per puzzle, so the loop that removes givens runs here,
calling the fast engine's kernels (``bitmask9.search9`` for plain 9x9, ``bitmask.search`` for every other
geometry) with limit 2 on caller-supplied buffers: no allocation per check, no Python object per puzzle.

Randomness is a xorshift64 state (uint64[1]) the caller seeds, so a puzzle depends only on its seed (the same
output on any number of processes).  Givens are removed by *orbits*: the cells a symmetry maps onto each other
(one cell each without symmetry), given as CSR arrays ``orbit_ptr`` / ``orbit_cells``.

Removal in one pass over the orbits in random order gives a minimal puzzle (for orbits): an orbit that could not
be removed is needed, and stays needed when more givens go, since fewer givens never mean fewer solutions.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bitmask import full_mask, propagate, search
from .bitmask9 import SAVED, STATE, search9
from .bits import U, ctz, popcount

# what random_fill returns
FILLED, NO_GRID, GAVE_UP = 1, -1, 0


@njit(cache=True, error_model="numpy")
def rng_next(s):
    """The next 64 random bits of the xorshift64 state s (uint64[1], never 0)."""
    x = s[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    s[0] = x
    return x


@njit(cache=True, error_model="numpy")
def rng_below(s, n):
    """A random int in 0 .. n-1 (n >= 1)."""
    return np.int64((rng_next(s) >> np.uint64(11)) % np.uint64(n))


@njit(cache=True, error_model="numpy")
def shuffle(a, k, s):
    """Shuffle a[0:k] in place (Fisher-Yates)."""
    for i in range(k - 1, 0, -1):
        j = rng_below(s, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True, error_model="numpy")
def random_bit(m, s):
    """One set bit of m (m != 0), chosen uniformly."""
    k = rng_below(s, popcount(m))
    for _ in range(k):
        m &= m - 1
    return m & -m


@njit(cache=True, error_model="numpy", nogil=True)
def random_fill(n, units, peers_ptr, peers_idx, lc_ptr, lc_cells, cu_ptr, cu_idx, dirty, lcnow, s, max_nodes, out,
                st_cand, st_placed, st_np, st_cell, st_rest, cand, placed, queue, stop):
    """A random solution grid of a geometry into out (digits 1..N): depth-first search with the fast engine's
    propagation, the most constrained cell first (random among ties), a random digit first.

    Returns FILLED, NO_GRID (the whole tree searched: the geometry has no solution grid) or GAVE_UP (max_nodes
    reached, or stop[0] set: the caller starts again with a new seed). Buffers as for bitmask.search; every unit
    is marked for a scan before each propagation (the stack does not keep bitmask.search's dirty marks).
    """
    ncells = n * n
    full = full_mask(n)
    nplaced = np.zeros(1, np.int64)
    for c in range(ncells):
        cand[U(c)] = full
        placed[U(c)] = 0
    qtail = 0
    level = 0
    nodes = 0
    best = 0
    bit = np.int64(0)
    while True:
        nodes += 1
        if nodes > max_nodes or stop[0] != 0:
            return GAVE_UP
        for u in range(dirty.shape[0]):
            dirty[u] = 3
        ok = propagate(cand, placed, queue, qtail, nplaced, n, full, units, peers_ptr, peers_idx, lc_ptr,
                       lc_cells, 1, cu_ptr, cu_idx, dirty, lcnow)
        qtail = 0
        if ok:
            if nplaced[0] == ncells:
                for c in range(ncells):
                    out[c] = ctz(cand[U(c)]) + 1
                return FILLED
            best = -1
            bestn = 65
            ties = 0
            for c in range(ncells):
                if placed[U(c)] == 0:
                    k = popcount(cand[U(c)])
                    if k < bestn:
                        bestn = k
                        best = c
                        ties = 1
                    elif k == bestn:
                        ties += 1
                        if rng_below(s, ties) == 0:
                            best = c
            m = cand[U(best)]
            bit = random_bit(m, s)
            for c in range(ncells):
                st_cand[level, c] = cand[U(c)]
                st_placed[level, c] = placed[U(c)]
            st_np[level] = nplaced[0]
            st_cell[level] = best
            st_rest[level] = m ^ bit
            level += 1
        else:
            while level > 0 and st_rest[level - 1] == 0:
                level -= 1
            if level == 0:
                return NO_GRID
            level -= 1
            for c in range(ncells):
                cand[U(c)] = st_cand[level, c]
                placed[U(c)] = st_placed[level, c]
            nplaced[0] = st_np[level]
            best = st_cell[level]
            m = st_rest[level]
            bit = random_bit(m, s)
            st_rest[level] = m ^ bit
            level += 1
        cand[U(best)] = bit
        placed[U(best)] = 1
        nplaced[0] += 1
        queue[0] = best
        qtail = 1


# ---- uniqueness checks on reused buffers: plain 9x9 (band kernel) and any geometry (general kernel) ----

@njit(cache=True, error_model="numpy")
def count9(puzzle, limit, max_nodes, w9, st, S, T, stop):
    """Solutions of a 9x9 puzzle up to limit (bitmask9.search9); -1 when max_nodes stopped it first.

    w9: int64 work array [3 * 82 + 84]: the kernel's per-level arrays, its counters and its solution buffer."""
    st_b = w9[0:82]
    st_bit = w9[82:164]
    st_rest = w9[164:246]
    stats = w9[246:249]
    out = w9[249:330]
    k = search9(puzzle, limit, max_nodes, out, stats, st, st_b, st_bit, st_rest, S, T, stop)
    if stats[2] != 0 and k < limit:
        return -1
    return k


@njit(cache=True, error_model="numpy", nogil=True)
def count_general(puzzle, n, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx, limit, max_nodes, out, stats,
                  st_cand, st_placed, st_np, st_cell, st_rest, cand, placed, queue, dirty, lcnow, st_dirty, stop):
    """Solutions of a puzzle of any geometry up to limit (bitmask.search); -1 when max_nodes stopped it first."""
    k = search(puzzle, n, units, pp, pi, lc_ptr, lc_cells, 1, limit, max_nodes, out, stats, st_cand, st_placed,
               st_np, st_cell, st_rest, cand, placed, queue, stop, cu_ptr, cu_idx, dirty, lcnow, st_dirty)
    if stats[2] != 0 and k < limit:
        return -1
    return k


@njit(cache=True, error_model="numpy", nogil=True)
def dig9(puzzle, orbit_ptr, orbit_cells, order, norder, floor, max_nodes, w9, st, S, T, stop):
    """Remove the givens of the orbits order[0:norder] one orbit at a time, keeping each removal that leaves the
    9x9 puzzle unique, while more than `floor` givens would remain. Returns the givens left, or -1 if stopped.

    A check that runs past max_nodes keeps the orbit (a kept given never breaks uniqueness)."""
    givens = _givens(puzzle, 81)
    saved = w9[330:]  # the scratch tail of w9 holds the orbit's digits
    for k in range(norder):
        if stop[0] != 0:
            return -1
        a, b = orbit_ptr[order[k]], orbit_ptr[order[k] + 1]
        size = _lift(puzzle, orbit_cells, a, b, saved, givens - floor)
        if size == 0:
            continue
        if count9(puzzle, 2, max_nodes, w9, st, S, T, stop) == 1:
            givens -= size
        else:
            _put_back(puzzle, orbit_cells, a, b, saved)
    return givens


@njit(cache=True, nogil=True)
def _givens(puzzle, ncells):
    """The number of givens of a puzzle."""
    k = 0
    for c in range(ncells):
        if puzzle[c] != 0:
            k += 1
    return k


@njit(cache=True, nogil=True)
def _lift(puzzle, orbit_cells, a, b, saved, spare):
    """Take out the givens of orbit cells a..b-1 (their digits to saved) if at most `spare` of them: their
    number, or 0 (nothing taken out)."""
    size = 0
    for j in range(a, b):
        if puzzle[orbit_cells[j]] != 0:
            size += 1
    if size == 0 or size > spare:
        return 0
    for j in range(a, b):
        saved[j - a] = puzzle[orbit_cells[j]]
        puzzle[orbit_cells[j]] = 0
    return size


@njit(cache=True, nogil=True)
def _put_back(puzzle, orbit_cells, a, b, saved):
    """Undo _lift."""
    for j in range(a, b):
        puzzle[orbit_cells[j]] = saved[j - a]


@njit(cache=True, error_model="numpy", nogil=True)
def dig_general(puzzle, n, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx, orbit_ptr, orbit_cells, order, norder,
                floor, max_nodes, saved, out, stats, st_cand, st_placed, st_np, st_cell, st_rest, cand, placed,
                queue, dirty, lcnow, st_dirty, stop):
    """dig9 for any geometry, through the general kernel (saved: int32 scratch as long as the largest orbit)."""
    givens = _givens(puzzle, n * n)
    for k in range(norder):
        if stop[0] != 0:
            return -1
        a, b = orbit_ptr[order[k]], orbit_ptr[order[k] + 1]
        size = _lift(puzzle, orbit_cells, a, b, saved, givens - floor)
        if size == 0:
            continue
        k2 = count_general(puzzle, n, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx, 2, max_nodes, out, stats,
                           st_cand, st_placed, st_np, st_cell, st_rest, cand, placed, queue, dirty, lcnow,
                           st_dirty, stop)
        if k2 == 1:
            givens -= size
        else:
            _put_back(puzzle, orbit_cells, a, b, saved)
    return givens


@njit(cache=True, error_model="numpy", nogil=True)
def removable9(puzzle, max_nodes, w9, st, S, T, stop):
    """The first given of a 9x9 puzzle whose removal alone leaves it unique (-1: the puzzle is minimal)."""
    for c in range(81):
        v = puzzle[c]
        if v != 0:
            puzzle[c] = 0
            k = count9(puzzle, 2, max_nodes, w9, st, S, T, stop)
            puzzle[c] = v
            if k == 1:
                return c
    return -1


@njit(cache=True, error_model="numpy", nogil=True)
def minimal_batch9(seeds, orbit_ptr, orbit_cells, strict, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx,
                   puzzles, solutions, tries, T, stop):
    """One minimal unique 9x9 puzzle per seed, in one call: a random grid, then every orbit removed in random
    order while the puzzle stays unique. strict: with orbits of several cells, start again (next seed value)
    until no single given can go either (minimal in the strict sense). tries[i] counts the grids drawn.
    Returns the puzzles made (fewer than len(seeds) when stop[0] was set)."""
    norb = orbit_ptr.shape[0] - 1
    order = np.empty(norb, np.int64)
    st = np.empty((82, SAVED), np.int64)
    S = np.empty(STATE, np.int64)
    w9 = np.zeros(3 * 82 + 84 + 64, np.int64)
    st_cand = np.empty((82, 81), np.int64)
    st_placed = np.empty((82, 81), np.uint8)
    st_np = np.empty(82, np.int64)
    st_cell = np.empty(82, np.int64)
    st_rest = np.empty(82, np.int64)
    cand = np.empty(81, np.int64)
    placed = np.empty(81, np.uint8)
    queue = np.empty(81, np.int32)
    dirty = np.empty(units.shape[0], np.uint8)
    lcnow = np.empty(units.shape[0], np.uint8)
    s = np.empty(1, np.uint64)
    grid = np.empty(81, np.uint8)
    for i in range(seeds.shape[0]):
        s[0] = seeds[i]
        tries[i] = 0
        while True:
            if stop[0] != 0:
                return i
            tries[i] += 1
            if random_fill(9, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx, dirty, lcnow, s, 10000, grid,
                           st_cand, st_placed, st_np, st_cell, st_rest, cand, placed, queue, stop) != FILLED:
                continue
            for c in range(81):
                solutions[i, c] = grid[c]
                puzzles[i, c] = grid[c]
            for o in range(norb):
                order[o] = o
            shuffle(order, norb, s)
            if dig9(puzzles[i], orbit_ptr, orbit_cells, order, norb, 0, 0, w9, st, S, T, stop) < 0:
                return i
            if not strict or removable9(puzzles[i], 0, w9, st, S, T, stop) < 0:
                break
    return seeds.shape[0]
