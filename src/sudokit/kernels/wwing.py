"""W-Wing and Remote Pair searches in numba (logic/w_wing.py keeps the readable finders and makes the steps).

State: cand[c] (bit d = digit d + 1 is a candidate; 0 for a filled cell), sees[a, b] (a and b are peers; False on
the diagonal), units[u, i] (the cells of house u, -1 padded). Nothing is allocated: the caller passes `count`
(houses x N) and `ends` (houses x N x 2) for each house's places of each digit, and the chain buffers.

W-Wing search order (the Python finder's): wing cell a ascending over bivalue cells, b > a ascending over cells
holding the same two digits, then (x, y) = (low, high) and (high, low); the bridge is the first house (in house
order) where y has exactly two places, its lowest and highest cell, neither a wing cell, one end seeing a and the
other b, no end seeing both. A position p = (a * ncells + b) * 2 + o names one (a, b, order) so that a lazy caller
resumes after the instance it took:

    w_wing_next(p, ...) -> the first position >= p holding a W-Wing (out = a, b, x, y, house, end by a, end by b;
                           digits 0-based), or -1
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount


@njit(cache=True)
def places(cand, units, count, ends):
    """Each house's number of places of each digit, and its lowest and highest such cell."""
    n = count.shape[1]
    count[:] = 0
    for u in range(units.shape[0]):
        for j in range(units.shape[1]):
            c = units[u, j]
            if c < 0:
                continue
            m = cand[c]
            for d in range(n):
                if (m >> np.uint64(d)) & np.uint64(1):
                    if count[u, d] == 0:
                        ends[u, d, 0] = c
                        ends[u, d, 1] = c
                    elif c < ends[u, d, 0]:
                        ends[u, d, 0] = c
                    elif c > ends[u, d, 1]:
                        ends[u, d, 1] = c
                    count[u, d] += 1


@njit(cache=True)
def _any_common(a, b, x, cand, sees):
    """True if some cell seeing both a and b holds digit x."""
    bit = np.uint64(1) << np.uint64(x)
    for c in range(cand.shape[0]):
        if sees[a, c] and sees[b, c] and cand[c] & bit:
            return True
    return False


@njit(cache=True)
def _bridge(a, b, y, sees, count, ends, out):
    """The first house where y's two places link a and b (see the module docstring); writes out[4:7]."""
    for u in range(count.shape[0]):
        if count[u, y] != 2:
            continue
        w1, w2 = ends[u, y, 0], ends[u, y, 1]
        if w1 == a or w1 == b or w2 == a or w2 == b:
            continue
        s1a, s1b, s2a, s2b = sees[a, w1], sees[b, w1], sees[a, w2], sees[b, w2]
        if (s1a and s1b) or (s2a and s2b):
            continue
        if s1a and s2b:
            out[4], out[5], out[6] = u, w1, w2
            return True
        if s1b and s2a:
            out[4], out[5], out[6] = u, w2, w1
            return True
    return False


@njit(cache=True)
def w_wing_next(start, cand, sees, units, count, ends, out):
    """The first W-Wing at position start or after (module docstring); its position, or -1."""
    ncells = cand.shape[0]
    places(cand, units, count, ends)
    a0, b0, o0 = start // (2 * ncells), (start // 2) % ncells, start % 2
    for a in range(a0, ncells):
        m = cand[a]
        if popcount(m) != 2:
            continue
        lo = ctz(m)
        hi = ctz(m & (m - np.uint64(1)))
        for b in range(a + 1, ncells):
            if cand[b] != m or (a == a0 and b < b0):
                continue
            for o in range(2):
                if a == a0 and b == b0 and o < o0:
                    continue
                x, y = (lo, hi) if o == 0 else (hi, lo)
                if _any_common(a, b, x, cand, sees) and _bridge(a, b, y, sees, count, ends, out):
                    out[0], out[1], out[2], out[3] = a, b, x, y
                    return (a * ncells + b) * 2 + o
    return -1


@njit(cache=True)
def _alike(m, cand):
    """The number of cells holding exactly the candidates m."""
    k = 0
    for c in range(cand.shape[0]):
        if cand[c] == m:
            k += 1
    return k


@njit(cache=True)
def _inside(c, chain, k):
    """True if cell c is one of the first k cells of chain."""
    for i in range(k):
        if chain[i] == c:
            return True
    return False


@njit(cache=True)
def _meets(a, b, m, cand, sees):
    """True if a cell seeing both a and b holds one of the digits of m."""
    for c in range(cand.shape[0]):
        if sees[a, c] and sees[b, c] and cand[c] & m:
            return True
    return False


@njit(cache=True)
def _eliminates(chain, k, m, cand, sees):
    """True if a cell off the chain holding a digit of m sees two chain cells an odd number (3+) of steps apart."""
    for v in range(cand.shape[0]):
        if not cand[v] & m or _inside(v, chain, k):
            continue
        for i in range(k):
            if sees[chain[i], v]:
                for j in range(i + 3, k, 2):
                    if sees[chain[j], v]:
                        return True
    return False


@njit(cache=True)
def remote_pair_any(most, cand, sees, chain, nxt):
    """True if logic/w_wing.remote_pairs yields a step: some chain of 4, 6, .. `most` cells holding the same two
    digits, each seeing the next, whose ends see a common cell holding one of them, eliminates something.
    Depth-first with an explicit stack (chain: the cells, nxt: each level's next cell to try)."""
    ncells = cand.shape[0]
    for start in range(ncells):
        m = cand[start]
        if popcount(m) != 2 or _alike(m, cand) < 4:
            continue
        chain[0], nxt[0], depth = start, 0, 1
        while depth:
            if depth == most:
                depth -= 1
                continue
            last, c = chain[depth - 1], nxt[depth - 1]
            while c < ncells and not (cand[c] == m and sees[last, c] and not _inside(c, chain, depth)):
                c += 1
            if c == ncells:
                depth -= 1
                continue
            nxt[depth - 1], chain[depth], nxt[depth] = c + 1, c, 0
            depth += 1
            if depth >= 4 and depth % 2 == 0 and _meets(start, c, m, cand, sees) and _eliminates(chain, depth, m,
                                                                                                   cand, sees):
                return True
    return False
