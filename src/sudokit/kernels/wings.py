"""SukakuExplainer's bent wings (logic/wings.py `bent_wings`) in numba: the easiest WXYZ- .. TUVWXYZ-Wing.

An almost locked set of k cells of one house (k+1 digits) and a bivalue cell whose x sees every x of the set:
z leaves the cells seeing the bivalue cell and every z of the set. Sets are enumerated house by house (unit order),
k-subsets of the house's cells with 2+ candidates in lexicographic order, each cell set once (a set inside an
earlier house is skipped), bivalue cells by increasing index - the Python finder's order - and the best wing
(lowest price in tenths, then most eliminations, then first) is written to best = [tenths, eliminations].

Speed (sewalk2; in-kernel on the states SE's walk tries them on, rate.py's ER < 5 and 5-9.3 samples, best of 5):
the sets are enumerated depth first, not extending a prefix that already has more than k + 1 digits, and the
bivalue cells are listed once a call instead of scanning every cell for each set: WXYZ 22.7 -> 19.5 us a call,
VWXYZ 29.0 -> 25.1, UVWXYZ 27.2 -> 24.3 (same results, checksummed).
A wing's eliminations are the cells of the digit's place set (words, made once a call) within the peers of yz and
of the set's cells with the digit, by increasing cell as before, instead of a test of every cell (sewalk3; the walk's
states at ER 5-7 / 5-9.3, A/B best of 11 under load: WXYZ 35.8 -> 20.6 / 28.1 -> 12.7 us, VWXYZ 42.7 -> 26.0 /
25.2 -> 17.1, UVWXYZ 22.4 -> 14.5 / 41.2 -> 33.9, TUVWXYZ - / 10.6 -> 8.9; same checksums on all 21,146 states).
hod17: SE's walk calls best_wing_since, which keeps each k's last grid and whether no wing eliminated there; when
every candidate is still in it, only wings with a changed cell are tried, in houses with a changed cell or a peer
of a changed bivalue cell (on 11+ puzzles ~1 cell changes between two calls). cascade.walk kernel time on the first
8 11+ puzzles' ratings (/tmp/hod17/phase.py 8 2, alternated with main; with exclusion_since) 136/138/140 ->
112/110/108 ms (exclusion_since alone ~-12). Same answers as best_wing on 2,265 walk states in order and 20,000
(earlier grid, state) pairs (/tmp/hod17/verifyw.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount


@njit(cache=True)
def _price(k, biggest):
    """SukakuExplainer's price (tenths) of a wing of k set cells whose largest cell has `biggest` candidates."""
    if k == 3:
        return 55 + (1 - abs(3 - biggest))
    if k == 4:
        return 62 + (2 - abs(3 - biggest))
    return 66 if k == 5 else 75


@njit(cache=True)
def _sees_all(c, cells, k, m, d, cand, sees):
    """True if cell c sees every cell of the set (k cells) that has digit d, plus cell m (m < 0: none)."""
    if m >= 0 and not sees[c, m]:
        return False
    bit = np.uint64(1) << np.uint64(d)
    for i in range(k):
        if cand[cells[i]] & bit and not sees[c, cells[i]]:
            return False
    return True


@njit(cache=True)
def _eliminate(d, cells, k, yz, with_yz, cand, places, peers, inset, out, e):
    """Add (cell, d) for every cell with d, outside the set and yz, seeing the set's d cells (and yz): the cells
    of places[d] (digit d's cells as words) in every one's peers (peers: word rows), by increasing cell."""
    bit = np.uint64(1) << np.uint64(d)
    for w in range(places.shape[1]):
        m = places[d, w]
        if with_yz:
            m &= peers[yz, w]
        for i in range(k):
            if cand[cells[i]] & bit:
                m &= peers[cells[i], w]
        while m:
            c = w * 64 + ctz(m)
            m &= m - np.uint64(1)
            if inset[c] or c == yz:
                continue
            dup = False
            for i in range(e):
                if out[i, 0] == c and out[i, 1] == d + 1:
                    dup = True
            if not dup:
                out[e, 0] = c
                out[e, 1] = d + 1
                e += 1
    return e


@njit(cache=True)
def best_wing(k, n, cand, unit_cells, member, sees, peers, best, elim):
    """The easiest bent wing with a set of k cells; False if none eliminates (peers: each cell's peers as words)."""
    every = np.ones(cand.shape[0], np.bool_)
    return _best(k, n, cand, unit_cells, member, sees, peers, every, every, best, elim)


@njit(cache=True)
def best_wing_since(k, n, cand, unit_cells, member, sees, peers, last, best, elim):
    """best_wing, given `last`: the grid of this k's previous call (last[:ncells]) and whether no wing eliminated
    there (last[ncells] == 1). When every cell's candidates are within last's, a wing whose cells did not change
    eliminates a subset of what it did there (nothing), so only wings with a changed cell are tried. `last` is
    updated to this call's grid and outcome."""
    ncells = cand.shape[0]
    dirty = np.zeros(ncells, np.bool_)
    touch = np.zeros(ncells, np.bool_)  # dirty, or sees a changed bivalue cell: a house without one has no new wing
    full = last[ncells] != 1
    for c in range(ncells):
        if cand[c] & ~last[c]:
            full = True
        dirty[c] = cand[c] != last[c]
    if full:
        dirty[:] = True
        touch[:] = True
    else:
        for c in range(ncells):
            if dirty[c]:
                touch[c] = True
                if popcount(cand[c]) == 2:
                    for x in range(ncells):
                        if sees[c, x]:
                            touch[x] = True
    found = _best(k, n, cand, unit_cells, member, sees, peers, dirty, touch, best, elim)
    for c in range(ncells):
        last[c] = cand[c]
    last[ncells] = 0 if found else 1
    return found


@njit(cache=True)
def _best(k, n, cand, unit_cells, member, sees, peers, dirty, touch, best, elim):
    """best_wing over the wings with a cell in `dirty` (the set's or the bivalue cell) and houses with a cell in
    `touch` (best_wing_since knows the others eliminate nothing)."""
    ncells = cand.shape[0]
    nunits = unit_cells.shape[0]
    cells = np.empty(k, np.int64)
    idx = np.empty(k, np.int64)
    pre = np.zeros(k, np.uint64)  # pre[i]: the digits of the set's first i cells
    pool = np.empty(n, np.int64)
    inset = np.zeros(ncells, np.bool_)
    tmp = np.empty((ncells * n, 2), np.int64)
    best[0] = 1 << 30
    best[1] = 0
    found = False
    places = np.zeros((n, peers.shape[1]), np.uint64)  # each digit's cells as words (_eliminate)
    for c in range(ncells):
        m = cand[c]
        while m:
            places[ctz(m), c >> 6] |= np.uint64(1) << np.uint64(c & 63)
            m &= m - np.uint64(1)
    bivalue = np.empty(ncells, np.int64)  # the bivalue cells, increasing
    nbv = 0
    for c in range(ncells):
        if popcount(cand[c]) == 2:
            bivalue[nbv] = c
            nbv += 1
    for u in range(nunits):
        np_ = 0
        touched = False
        for j in range(n):
            c = unit_cells[u, j]
            if popcount(cand[c]) >= 2:
                pool[np_] = c
                np_ += 1
                touched = touched or touch[c]
        if np_ < k or not touched:
            continue
        # k-subsets of the pool in lexicographic order, depth first: a prefix whose digits are already more than
        # k + 1 is not extended (every set through it fails the test below; the others come in the same order)
        i = 0
        idx[0] = 0
        while i >= 0:
            if idx[i] > np_ - k + i:
                i -= 1
                if i >= 0:
                    idx[i] += 1
                continue
            union = pre[i] | cand[pool[idx[i]]]
            if popcount(union) > k + 1:
                idx[i] += 1
                continue
            if i < k - 1:
                pre[i + 1] = union
                idx[i + 1] = idx[i] + 1
                i += 1
                continue
            biggest = 0
            for j in range(k):
                cells[j] = pool[idx[j]]
                biggest = max(biggest, popcount(cand[cells[j]]))
            if popcount(union) == k + 1 and not _earlier(u, cells, k, member):
                t = _price(k, biggest)
                changed = False
                for j in range(k):
                    changed = changed or dirty[cells[j]]
                for j in range(k):
                    inset[cells[j]] = True
                for b in range(nbv):
                    yz = bivalue[b]
                    m = cand[yz]
                    if inset[yz] or m & ~union or not (changed or dirty[yz]):
                        continue
                    near = False
                    for j in range(k):
                        if sees[yz, cells[j]]:
                            near = True
                    if not near:
                        continue
                    e = _wing(yz, m, union, cells, k, n, cand, sees, places, peers, inset, tmp)
                    if e > 0 and (t < best[0] or (t == best[0] and e > best[1])):
                        best[0], best[1] = t, e
                        for j in range(e):
                            elim[j, 0] = tmp[j, 0]
                            elim[j, 1] = tmp[j, 1]
                        found = True
                for j in range(k):
                    inset[cells[j]] = False
            idx[i] += 1
    return found


@njit(cache=True)
def _earlier(u, cells, k, member):
    """True if an earlier house holds every cell of the set (the set was met there)."""
    for h in range(u):
        inside = True
        for i in range(k):
            if not member[h, cells[i]]:
                inside = False
                break
        if inside:
            return True
    return False


@njit(cache=True)
def _wing(yz, m, union, cells, k, n, cand, sees, places, peers, inset, out):
    """The eliminations of the wing made by the set and bivalue cell yz (0: not a wing)."""
    a = -1
    b = -1
    for v in range(n):
        if (m >> np.uint64(v)) & np.uint64(1):
            if a < 0:
                a = v
            else:
                b = v
    ra = _sees_all(yz, cells, k, -1, a, cand, sees)
    rb = _sees_all(yz, cells, k, -1, b, cand, sees)
    if not ra and not rb:
        return 0
    e = 0
    if ra:
        e = _eliminate(b, cells, k, yz, True, cand, places, peers, inset, out, e)
    if rb:
        e = _eliminate(a, cells, k, yz, True, cand, places, peers, inset, out, e)
    if ra and rb:
        for w in range(n):
            if (union >> np.uint64(w)) & np.uint64(1) and w != a and w != b:
                e = _eliminate(w, cells, k, yz, False, cand, places, peers, inset, out, e)
    return e


@njit(cache=True)
def xy_pivot(start, size, xyz, cand, sees, wings):
    """The first pivot cell >= start (candidate count `size`) with an XY-Wing (xyz=False) or XYZ-Wing that
    eliminates, in logic/wings.xy_wings' order (pivots ascending, pincer pairs from the pivot's bivalue peers in
    cell order); -1 if none. wings is scratch (one entry per cell)."""
    ncells = cand.shape[0]
    for pivot in range(start, ncells):
        pm = cand[pivot]
        if popcount(pm) != size:
            continue
        k = 0
        for c in range(ncells):
            if sees[pivot, c] and popcount(cand[c]) == 2:
                wings[k] = c
                k += 1
        for i in range(k):
            a = wings[i]
            if popcount(pm & ~cand[a]) != 1:
                continue
            for j in range(k):
                b = wings[j]
                if b == a:
                    continue
                union = pm | cand[a] | cand[b]
                common = pm & cand[a] & cand[b]
                if popcount(union) != 3 or popcount(common) != (1 if xyz else 0):
                    continue
                zs = cand[a] & cand[b]  # z = the highest digit of zs (the Python finder's bit_length)
                z = 0
                while zs >> np.uint64(z + 1):
                    z += 1
                bit = np.uint64(1) << np.uint64(z)
                for c in range(ncells):
                    if cand[c] & bit and c != pivot and sees[a, c] and sees[b, c] and (not xyz or sees[pivot, c]):
                        return pivot
    return -1
