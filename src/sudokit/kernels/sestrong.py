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

The per-digit search is strong._chains itself over the one digit (its d0 .. d1 range), with its scratch
(strong.chain_scratch) kept beside the memo, and the geometry's `shares` as its house table.

Measured (2026-11-23, chains5) on the 457 states where SE's walk reached the chaining producers while rating the
40 puzzles of ER 5-9.3 of benchmarks/rate.py, each state after the previous one as in the walk: best_chain
144 / 238 / 182 us a call (k = 2 / 3 / 4), best_chain_memo 24 / 32 / 36 us; with an empty memo 145 / 187 / 190.
In the walk itself (stalls of those puzzles) one digit is searched again at 2/3 of the calls, all nine at ~1/10.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz
from . import strong
from .strong import _set_bit, chain_scratch


def memo_buffers(n, ncells, W):
    """Empty memo for k = 2, 3, 4: (keys, results [valid, tenths, eliminations, count, suffix], cells), then the
    searches' scratch: strong.chain_scratch's (iscr, uscr), the place sets, one digit's best and eliminations, and
    the every=True outputs _chains takes but best_chain_memo never fills (pattern, one, tmp, dummy_i, dummy_w)."""
    return (np.zeros((3, n, W), np.uint64), np.zeros((3, n, 5), np.int64), np.zeros((3, n, ncells), np.int64),
            *chain_scratch(n, ncells, W, 4), np.zeros((n, W), np.uint64), np.zeros(5, np.int64),
            np.zeros((ncells, 2), np.int64), np.zeros((1, 1), np.int64), np.zeros((1, 1, 1), np.uint64))


@njit(cache=True)
def best_chain_memo(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, keys, res,
                    cells, iscr, uscr, pattern, one, tmp, dummy_i, dummy_w, best, elim):
    """strong.best_chain(k, ...) with the geometry's house table (meets: its `shares`) and the per-digit memo
    and scratch (keys .. dummy_w from memo_buffers); same best and elim."""
    ncells = cand.shape[0]
    W = peers.shape[1]
    m = k - 2
    pattern[:] = 0
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
            _digit(k, n, d, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr, one,
                   tmp, dummy_i, dummy_w, res[m, d], cells[m, d])
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
def _digit(k, n, d, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr, one, tmp,
           dummy_i, dummy_w, res, cells):
    """strong._chains (every=False) for digit d alone: res[1:5] = tenths, eliminations (0: none), count,
    suffix of its best chain, cells its eliminations (one, tmp: that search's best and eliminations)."""
    strong._chains(False, k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr,
                   one, tmp, dummy_i, dummy_w, dummy_w, dummy_i, d, d + 1)
    res[1], res[2], res[3], res[4] = one[0], one[1], one[3], one[4]
    for i in range(one[1]):
        cells[i] = tmp[i, 0]
