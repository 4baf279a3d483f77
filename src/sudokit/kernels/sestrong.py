"""SE's StrongLinks(k) for the rating walk (kernels/cascade.py), one digit at a time and remembered per digit.

kernels/strong.best_chain searches every digit at every call, yet a digit's chains, their prices, eliminations,
SE counts and suffixes depend on nothing but that digit's places (the cells holding it as a candidate): the links
(strong.py's _groups_of), the house masks and common peers of their groups, and _score all read the digit's
cell set `dcells` and the geometry only. Between two stalls of SE's walk a step and the singles after it touch a
few digits, so `best_chain_memo` keeps, per k and digit, the last place set it searched and that digit's best
chain (tenths, eliminations, count, suffix, the cells eliminated) and searches again only the digits whose places
changed. The memo is a pure cache keyed by the whole place set, so it holds across calls and puzzles of one
geometry (it lives on the thread's fast tables).

The digits' bests combine into best_chain's answer exactly: best_chain keeps the first chain (digits in order,
chains in search order) that is strictly better (lower price, then higher count, then lower suffix); the first
minimal chain of each digit, compared in digit order with the same strict test, is the same chain.

The per-digit search is strong._chains' body for one digit (the link tables, the depth-first walk, _score and
_suffix are strong.py's own functions), with meets (which houses share a cell) built once per geometry.

Measured (2026-11-23, chains5) on the 457 states where SE's walk reached the chaining producers while rating the
40 puzzles of ER 5-9.3 of benchmarks/rate.py, each state after the previous one as in the walk: best_chain
144 / 238 / 182 us a call (k = 2 / 3 / 4), best_chain_memo 24 / 32 / 36 us; with an empty memo 145 / 187 / 190.
In the walk itself (stalls of those puzzles) one digit is searched again at 2/3 of the calls, all nine at ~1/10.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz
from .strong import _common, _groups_of, _houses_of, _score, _set_bit, _suffix


def meets_table(n, unit_cells, member):
    """meets[a, b]: rows/columns/boxes a and b share a cell (3n x 3n)."""
    nh = 3 * n
    out = np.zeros((nh, nh), np.bool_)
    for a in range(nh):
        for b in range(nh):
            out[a, b] = bool(member[a][unit_cells[b]].any())
    return out


def memo_buffers(n, ncells, W):
    """Empty memo for k = 2, 3, 4: (keys, results [valid, tenths, eliminations, count, suffix], cells)."""
    return (np.zeros((3, n, W), np.uint64), np.zeros((3, n, 5), np.int64), np.zeros((3, n, ncells), np.int64))


@njit(cache=True)
def best_chain_memo(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, keys, res,
                    cells, best, elim):
    """strong.best_chain(k, ...) with the per-digit memo (keys, res, cells from memo_buffers); same best and elim."""
    ncells = cand.shape[0]
    W = peers.shape[1]
    m = k - 2
    pattern = np.zeros((n, W), np.uint64)
    for c in range(ncells):
        x = cand[c]
        while x:
            _set_bit(pattern[ctz(x)], c)
            x &= x - np.uint64(1)
    best[0] = 1 << 30
    best[1] = 0
    best[3] = 0
    best[4] = 0
    found = False
    for d in range(n):
        same = res[m, d, 0] == 1
        if same:
            for w in range(W):
                if keys[m, d, w] != pattern[d, w]:
                    same = False
                    break
        if not same:
            _digit(k, n, d, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, pattern[d],
                   res[m, d], cells[m, d])
            for w in range(W):
                keys[m, d, w] = pattern[d, w]
            res[m, d, 0] = 1
        t, e, count, sfx = res[m, d, 1], res[m, d, 2], res[m, d, 3], res[m, d, 4]
        if e > 0 and (t < best[0] or (t == best[0] and (count > best[3] or (count == best[3] and sfx < best[4])))):
            best[0], best[1], best[2], best[3], best[4] = t, e, d + 1, count, sfx
            for i in range(e):
                elim[i, 0] = cells[m, d, i]
                elim[i, 1] = d + 1
            found = True
    return found


@njit(cache=True)
def _digit(k, n, d, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, dcells, res, cells):
    """strong._chains (every=False) for digit d alone: res[1:5] = tenths, eliminations (0: none), count,
    suffix of its best chain, cells its eliminations."""
    ncells = cand.shape[0]
    W = peers.shape[1]
    nh = 3 * n
    maxl = nh * 2 * (n + 2)
    lhouse = np.empty(maxl, np.int64)
    lgrp = np.empty(maxl, np.int64)
    la = np.zeros((maxl, W), np.uint64)
    lb = np.zeros((maxl, W), np.uint64)
    ha = np.empty(maxl, np.uint64)
    hb = np.empty(maxl, np.uint64)
    ga = np.zeros((n + 2, W), np.uint64)
    gb = np.zeros((n + 2, W), np.uint64)
    stack = np.empty(k, np.int64)
    nxt = np.zeros(k, np.int64)
    used = np.zeros((k + 1, W), np.uint64)
    uhouses = np.zeros(k + 1, np.uint64)
    common = np.zeros(W, np.uint64)
    tmp_elim = np.empty((ncells, 2), np.int64)
    sa = np.empty((maxl, W), np.uint64)
    sb = np.empty((maxl, W), np.uint64)
    none = np.zeros(W, np.uint64)
    outside = np.empty(W, np.uint64)
    res[1] = 1 << 30
    res[2] = 0
    res[3] = 0
    res[4] = 0
    L = 0
    for u in range(nh):
        cnt, grouped = _groups_of(n, u, d, unit_cells, cand, member, kind, W, ga, gb, meets)
        for i in range(cnt):
            for orient in range(2):
                for w in range(W):
                    la[L, w] = ga[i, w] if orient == 0 else gb[i, w]
                    lb[L, w] = gb[i, w] if orient == 0 else ga[i, w]
                lhouse[L] = u
                lgrp[L] = grouped
                ha[L] = _houses_of(la[L], W, cell_houses)
                hb[L] = _houses_of(lb[L], W, cell_houses)
                _common(la[L], none, W, peers, sa[L])
                _common(lb[L], none, W, peers, sb[L])
                L += 1
    for first in range(L):
        stack[0] = first
        for w in range(W):
            used[1, w] = la[first, w] | lb[first, w]
        uhouses[1] = np.uint64(1) << np.uint64(lhouse[first])
        nxt[0] = 0
        depth = 1
        while depth > 0:
            if depth == k:
                t, e, count = _score(k, stack, n, d, lhouse, lgrp, sa, sb, ha, hb, kind, used[k], dcells,
                                     unit_words, common, tmp_elim, W, outside)
                if e > 0:
                    sfx = _suffix(k, stack, lhouse, lgrp, kind)
                    if t < res[1] or (t == res[1] and (count > res[3] or (count == res[3] and sfx < res[4]))):
                        res[1], res[2], res[3], res[4] = t, e, count, sfx
                        for i in range(e):
                            cells[i] = tmp_elim[i, 0]
                depth -= 1
                continue
            cur = stack[depth - 1]
            j = nxt[depth - 1]
            advanced = False
            while j < L:
                ok = (hb[cur] & ha[j]) != 0 and lhouse[j] != lhouse[cur]
                if ok and not (uhouses[depth] >> np.uint64(lhouse[j])) & np.uint64(1):
                    for w in range(W):
                        if lb[cur, w] & la[j, w] or (la[j, w] | lb[j, w]) & used[depth, w]:
                            ok = False
                else:
                    ok = False
                j += 1
                if ok:
                    nxt[depth - 1] = j
                    stack[depth] = j - 1
                    for w in range(W):
                        used[depth + 1, w] = used[depth, w] | la[j - 1, w] | lb[j - 1, w]
                    uhouses[depth + 1] = uhouses[depth] | (np.uint64(1) << np.uint64(lhouse[j - 1]))
                    nxt[depth] = 0
                    depth += 1
                    advanced = True
                    break
            if not advanced:
                nxt[depth - 1] = 0
                depth -= 1
