"""Single-digit chains of strong links (logic/strong_links.py) in numba: the same easiest chain, found fast.

Cell sets are rows of W uint64 words (cell c = bit c % 64 of word c // 64). For digit d the oriented strong links
are enumerated in the Python finder's order (houses rows, columns, boxes; a house's two places, or its grouped
splits; each link in both directions) into

    lhouse[i]                the link's house
    la[i, :], lb[i, :]       its start and end groups (cell sets)
    ha[i], hb[i]             the rows, columns and boxes holding all of the start / end group (bit per house)
    lgrp[i]                  1 if the house had 3..6 places (a grouped link)

and chains of k links are walked depth-first with an explicit stack, consecutive links joined by a house holding
the end of one and the start of the next, houses distinct, groups disjoint. The best chain (lowest SE price in
tenths, then most eliminations, then first found) is written to best = [tenths, eliminations, digit] and its
eliminations (cell, digit) to elim.

Cell sets are walked with ctz (kernels/bits.py), not by shifting a word down one bit at a time, and which houses
meet is a table built once per call; measured on the states of ER < 5 paths, a StrongLinks(2) call stayed at
~140 us (k=3 ~190, k=4 ~210): the link pairs' walk (~30 links per digit, ~450 chains scored on a fresh puzzle)
is the cost, and it is ~4% of such a rating.

Speed record (issue 9): each chain's "sees both ends" set was rebuilt from the cells of its end groups; the
common peers of each link's start and end group are now built once per link (sa, sb), and _score's scratch row comes
from the caller (no allocation per chain): best_chain 162 -> 145 us (k=2), 245 -> 231 (k=3), 290 -> 263 (k=4) on
SE rating states of ER 5-7. Tried and dropped: indexing links by house so the depth scan jumps straight to the links
meeting the current end (bitsets over link numbers) - no measurable gain, the scan is not where the time goes; link
building is ~35 us of a k=2 call and the rest is _score over every pair of meeting links.
Since then (grader6): the house table is the geometry's `shares` and the ~20 scratch buffers one chain_scratch per
geometry and thread (every_chain_with / best_chain_with; every_chain / best_chain still make both per call, for
callers without tables), _groups_of counts a house's places with popcount before it looks (no per-house array),
and a chain whose ends share no house is scored only if some cell off it with the digit sees both ends (most pairs
of meeting links do not): on 461 HoDoKu path states of ER 0-9.3, every_chain k=2 169 -> 131 us, k=3 242 -> 182;
best_chain k=2 157 -> 129 (in-process A/B against the old module, same rows). Then: rings get the same screen
(both sides of a weak link, or both ends; 212 of 439 chains a state were scored, now the 2.3 that eliminate);
the houses' places are screened by popcount in the caller and the splits made with cell-set words, not per place
(_groups_of, a non-inlined call with 15 arguments, cost ~70 ns even when it returned at once: 18 of the 23 us an
empty grid took); a split's two links share their house masks and common peers, written without row views (each
view passed to a helper is a reference count); and the depth search walks a link set per house (starts[x]: the
links starting in house x) instead of testing every link against the current end: every_chain k=2 169 -> 47 us,
k=3 242 -> 110; best_chain k=2 157 -> 51 (same A/B, same rows).
Where a k=2 call's ~30 us go on the HoDoKu path states of ER 5-7 (variants of _chains cut short, best of 15): call
and scratch 1.7, the digits' cell sets 0.7, two-place links 6, grouped splits 5, the depth search 16. Tried and
dropped: asking `meets` before each house's places in the grouped splits (0.4 us); the depth-k screen asked before
the last link's push (k=2 31.4 -> 29.9 us, k=3 unchanged: not worth a second copy of the screen). The HoDoKu path now runs the
search per digit only for digits whose places it has not seen (every_chain_digits, logic/strong_links._memo).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount

BASE = np.array([0, 0, 40, 54, 58, 62, 66], np.int64)


@njit(cache=True)
def _set_bit(s, c):
    s[c >> 6] |= np.uint64(1) << np.uint64(c & 63)


@njit(cache=True, inline="always")
def _set_bit2(s, row, c):
    """_set_bit on row `row` of a 2D cell-set array (no row view: views cost a reference count each)."""
    s[row, c >> 6] |= np.uint64(1) << np.uint64(c & 63)


@njit(cache=True, inline="always")
def _groups_of(npos, n, u, d, unit_cells, cand, member, kind, W, ga, gb, meets, dcells, unit_words, pos):
    """The splits of digit d's npos (2 to 6) places in unit u into two groups, as the Python _segments gives them
    (or the two places); returns (count, grouped). pos is scratch (n places)."""
    if npos == 2:  # the two places in the unit's order
        bit = np.uint64(1) << np.uint64(d)
        npos = 0
        for j in range(n):
            c = unit_cells[u, j]
            if cand[c] & bit:
                pos[npos] = c
                npos += 1
        for w in range(W):
            ga[0, w] = 0
            gb[0, w] = 0
        _set_bit2(ga, 0, pos[0])
        _set_bit2(gb, 0, pos[1])
        return 1, 0
    k = 0  # below, cell sets: P = the places (dcells & unit u), a line's places = P & its cells
    if kind[u] == 2:
        for lines_off in range(2):
            off = 0 if lines_off == 0 else n
            first, count = -1, 0
            for line in range(off, off + n):
                if _meets_places(line, u, W, dcells, unit_words):
                    count += 1
                    if first < 0:
                        first = line
            if count == 2:
                for w in range(W):
                    p = dcells[w] & unit_words[u, w]
                    ga[k, w] = p & unit_words[first, w]
                    gb[k, w] = p & ~unit_words[first, w]
                k += 1
        for r in range(n):
            if not meets[r, u]:
                continue
            for cc in range(n, 2 * n):
                if not meets[cc, u]:
                    continue
                ok, any_r, any_c = True, False, False  # every place in r or cc, none in both, some in each
                for w in range(W):
                    p = dcells[w] & unit_words[u, w]
                    pr = p & unit_words[r, w]
                    pc = p & unit_words[cc, w]
                    if pr & pc or p & ~(unit_words[r, w] | unit_words[cc, w]):
                        ok = False
                    any_r = any_r or pr != 0
                    any_c = any_c or pc != 0
                if not ok or not any_r or not any_c:
                    continue
                for w in range(W):
                    p = dcells[w] & unit_words[u, w]
                    ga[k, w] = p & unit_words[r, w]
                    gb[k, w] = p & ~unit_words[r, w]
                dup = False
                for j in range(k):
                    same = True
                    for w in range(W):
                        if ga[j, w] != ga[k, w] or gb[j, w] != gb[k, w]:
                            same = False
                    if same:
                        dup = True
                if not dup:
                    k += 1
        return k, 1
    first, count = -1, 0
    for b in range(2 * n, 3 * n):
        if _meets_places(b, u, W, dcells, unit_words):
            count += 1
            if first < 0:
                first = b
    if count != 2:
        return 0, 1
    for w in range(W):
        p = dcells[w] & unit_words[u, w]
        ga[0, w] = p & unit_words[first, w]
        gb[0, w] = p & ~unit_words[first, w]
    return 1, 1


@njit(cache=True, inline="always")
def _meets_places(line, u, W, dcells, unit_words):
    """True if house `line` holds one of the digit's places in house u."""
    for w in range(W):
        if dcells[w] & unit_words[u, w] & unit_words[line, w]:
            return True
    return False


@njit(cache=True)
def _meets(line, u, n, unit_cells, member):
    """True if unit `line` shares a cell with unit u."""
    for j in range(n):
        if member[line, unit_cells[u, j]]:
            return True
    return False


@njit(cache=True, inline="always")
def _houses_of(g, row, W, cell_houses):
    """The rows, columns and boxes holding every cell of group g[row], as a bit mask over houses."""
    out = ~np.uint64(0)
    for w in range(W):
        m = g[row, w]
        while m:
            out &= cell_houses[w * 64 + ctz(m)]
            m &= m - np.uint64(1)
    return out


@njit(cache=True)
def chain_scratch(n, ncells, W, kmax):
    """Scratch for chains of up to kmax links (iscr, uscr): made once per geometry and thread, reused by every
    call of every_chain_with / best_chain_with."""
    maxl = 3 * n * 2 * (n + 2)
    iscr = np.zeros(2 * maxl + 5 * kmax + n + 2 * ncells, np.int64)
    lw = (maxl + 63) // 64
    uscr = np.zeros(4 * maxl * W + 2 * maxl + 2 * (n + 2) * W + (kmax + 1) * (W + 1) + 3 * W + (3 * n + kmax) * lw,
                    np.uint64)
    return iscr, uscr


@njit(cache=True)
def best_chain(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, best, elim):
    """The easiest chain of k strong links over all digits (SE's StrongLinks(k): lowest price, then most
    eliminations as SE counts them, then least suffix); best = [tenths, eliminations, digit, count, suffix].
    Makes its scratch and house table each call (best_chain_with takes them from the caller)."""
    iscr, uscr = chain_scratch(n, cand.shape[0], peers.shape[1], k)
    return best_chain_with(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words,
                           _shares(n, unit_cells, member), iscr, uscr, best, elim)


@njit(cache=True)
def best_chain_with(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr, best,
                    elim):
    """best_chain with the caller's house table (meets[a, b]: houses a and b share a cell, the geometry's
    `shares`) and scratch (chain_scratch)."""
    dummy_i = np.zeros((1, 1), np.int64)
    dummy_w = np.zeros((1, 1, 1), np.uint64)
    return _chains(False, k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr,
                   best, elim, dummy_i, dummy_w, dummy_w, dummy_i, 0, n) > 0


@njit(cache=True)
def every_chain(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, info, ga_out, gb_out, elims):
    """Every chain of k strong links that eliminates, in the Python finder's order: info[i] = (digit, tenths,
    count, suffix, first elimination row, eliminations, house of link 0, grouped 0, house 1, grouped 1, ...),
    the links' start and end groups in ga_out[i, j] / gb_out[i, j], eliminations (cell, digit) in elims.
    Returns how many (the buffers' size caps it). Makes its scratch and house table each call."""
    iscr, uscr = chain_scratch(n, cand.shape[0], peers.shape[1], k)
    return every_chain_with(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words,
                            _shares(n, unit_cells, member), iscr, uscr, info, ga_out, gb_out, elims)


@njit(cache=True)
def every_chain_with(k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr, info,
                     ga_out, gb_out, elims):
    """every_chain with the caller's house table and scratch (as best_chain_with)."""
    best = np.zeros(5, np.int64)
    elim = np.zeros((1, 2), np.int64)
    return _chains(True, k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr,
                   best, elim, info, ga_out, gb_out, elims, 0, n)


@njit(cache=True)
def every_chain_digits(k, n, digits, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr,
                       uscr, info, ga_out, gb_out, elims):
    """every_chain_with over the digits of a mask only (bit d = digit d + 1), in digit order: the same rows as
    every_chain_with has for those digits (a digit's chains read only its own places, so a caller may keep them
    per digit and places). One search per run of consecutive digits (a call per digit cost ~0.6 us more each).
    Returns how many."""
    best = np.zeros(5, np.int64)
    elim = np.zeros((1, 2), np.int64)
    found = 0
    nel = 0
    d = 0
    while d < n:
        if not (digits >> d) & 1:
            d += 1
            continue
        e = d
        while e < n and (digits >> e) & 1:
            e += 1
        got = _chains(True, k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr,
                      best, elim, info[found:], ga_out[found:], gb_out[found:], elims[nel:], d, e)
        d = e
        base = nel
        for i in range(found, found + got):
            info[i, 4] += base
            nel += info[i, 5]
        found += got
    return found


@njit(cache=True)
def _shares(n, unit_cells, member):
    """meets[a, b] for the 3n houses: a and b share a cell."""
    nh = 3 * n
    meets = np.zeros((nh, nh), np.bool_)
    for a in range(nh):
        for b in range(nh):
            meets[a, b] = _meets(a, b, n, unit_cells, member)
    return meets


@njit(cache=True)
def _chains(every, k, n, cand, unit_cells, member, kind, cell_houses, peers, unit_words, meets, iscr, uscr, best,
            elim, info, ga_out, gb_out, elims, d0, d1):
    """The chain search behind best_chain (every=False: keep the easiest) and every_chain (keep them all) over
    digits d0 .. d1-1 (0-based; kernels/sestrong searches one digit at a time); returns how many chains were kept.
    Scratch is carved out of iscr / uscr (chain_scratch's layout)."""
    ncells = cand.shape[0]
    W = peers.shape[1]
    nh = 3 * n
    maxl = nh * 2 * (n + 2)
    i0 = 0
    lhouse = iscr[i0:i0 + maxl]
    i0 += maxl
    lgrp = iscr[i0:i0 + maxl]
    i0 += maxl
    stack = iscr[i0:i0 + k]
    i0 += k
    sfx_tmp = iscr[i0:i0 + 3 * k]
    i0 += 3 * k
    pos = iscr[i0:i0 + n]
    i0 += n
    tmp_elim = iscr[i0:i0 + 2 * ncells].reshape((ncells, 2))
    u0 = 0
    la = uscr[u0:u0 + maxl * W].reshape((maxl, W))
    u0 += maxl * W
    lb = uscr[u0:u0 + maxl * W].reshape((maxl, W))
    u0 += maxl * W
    sa = uscr[u0:u0 + maxl * W].reshape((maxl, W))  # sa[i] / sb[i]: the cells seeing all of link i's start / end
    u0 += maxl * W
    sb = uscr[u0:u0 + maxl * W].reshape((maxl, W))
    u0 += maxl * W
    ha = uscr[u0:u0 + maxl]
    u0 += maxl
    hb = uscr[u0:u0 + maxl]
    u0 += maxl
    ga = uscr[u0:u0 + (n + 2) * W].reshape((n + 2, W))
    u0 += (n + 2) * W
    gb = uscr[u0:u0 + (n + 2) * W].reshape((n + 2, W))
    u0 += (n + 2) * W
    used = uscr[u0:u0 + (k + 1) * W].reshape((k + 1, W))
    u0 += (k + 1) * W
    uhouses = uscr[u0:u0 + k + 1]
    u0 += k + 1
    dcells = uscr[u0:u0 + W]
    u0 += W
    common = uscr[u0:u0 + W]
    u0 += W
    outside = uscr[u0:u0 + W]
    u0 += W
    lw = (maxl + 63) // 64  # link sets: bit i of word i // 64 = link i
    starts = uscr[u0:u0 + nh * lw].reshape((nh, lw))  # starts[x]: the links whose start group lies in house x
    u0 += nh * lw
    nexts = uscr[u0:u0 + k * lw].reshape((k, lw))  # nexts[i]: the links still to try after link i of the chain
    best[0] = 1 << 30
    best[1] = 0
    best[3] = 0
    best[4] = 0
    found = 0
    nel = 0
    for d in range(d0, d1):
        bit = np.uint64(1) << np.uint64(d)
        for w in range(W):
            dcells[w] = 0
        for c in range(ncells):
            if cand[c] & bit:
                _set_bit(dcells, c)
        L = 0
        for u in range(nh):
            npos = 0
            for w in range(W):
                npos += popcount(dcells[w] & unit_words[u, w])
            if npos < 2 or npos > 6:
                continue
            cnt, grouped = _groups_of(npos, n, u, d, unit_cells, cand, member, kind, W, ga, gb, meets, dcells, unit_words,
                                      pos)
            for i in range(cnt):  # the split both ways round: links L and L + 1
                for w in range(W):
                    la[L, w] = lb[L + 1, w] = ga[i, w]
                    lb[L, w] = la[L + 1, w] = gb[i, w]
                lhouse[L] = lhouse[L + 1] = u
                lgrp[L] = lgrp[L + 1] = grouped
                ha[L] = hb[L + 1] = _houses_of(ga, i, W, cell_houses)
                hb[L] = ha[L + 1] = _houses_of(gb, i, W, cell_houses)
                _peers_of(ga, i, W, peers, sa, L)
                _peers_of(gb, i, W, peers, sb, L)
                for w in range(W):
                    sb[L + 1, w] = sa[L, w]
                    sa[L + 1, w] = sb[L, w]
                L += 2
        lwd = (L + 63) >> 6
        for x in range(nh):
            for v in range(lwd):
                starts[x, v] = 0
        for i in range(L):
            m = ha[i]
            while m:
                starts[ctz(m), i >> 6] |= np.uint64(1) << np.uint64(i & 63)
                m &= m - np.uint64(1)
        for first in range(L):
            stack[0] = first
            for w in range(W):
                used[1, w] = la[first, w] | lb[first, w]
            uhouses[1] = np.uint64(1) << np.uint64(lhouse[first])
            _meeting(hb[first], starts, lwd, nexts, 0)
            depth = 1
            while depth > 0:
                if depth == k:
                    last = stack[k - 1]
                    ring = (ha[first] & hb[last]) != 0
                    hit = False  # it eliminates only cells with the digit, off the chain, that see both ends
                    for w in range(W):  # or, in a ring, both sides of a weak link
                        see = sa[first, w] & sb[last, w]
                        if ring:
                            for i in range(k - 1):
                                see |= sb[stack[i], w] & sa[stack[i + 1], w]
                        if see & dcells[w] & ~used[k, w]:
                            hit = True
                    if not hit:
                        depth -= 1
                        continue
                    t, e, count = _score(k, stack, n, d, lhouse, lgrp, sa, sb, ha, hb, kind, used[k], dcells,
                                         unit_words, common, tmp_elim, W, outside)
                    if e > 0:
                        sfx = _suffix(k, stack, lhouse, lgrp, kind, sfx_tmp)
                        if every:
                            if found < info.shape[0] and nel + e <= elims.shape[0]:
                                info[found, 0], info[found, 1], info[found, 2], info[found, 3] = d + 1, t, count, sfx
                                info[found, 4], info[found, 5] = nel, e
                                for i in range(k):
                                    info[found, 6 + 2 * i] = lhouse[stack[i]]
                                    info[found, 7 + 2 * i] = lgrp[stack[i]]
                                    for w in range(W):
                                        ga_out[found, i, w] = la[stack[i], w]
                                        gb_out[found, i, w] = lb[stack[i], w]
                                for i in range(e):
                                    elims[nel + i, 0] = tmp_elim[i, 0]
                                    elims[nel + i, 1] = tmp_elim[i, 1]
                                nel += e
                                found += 1
                        elif t < best[0] or (t == best[0] and (count > best[3] or (count == best[3] and
                                                                                 sfx < best[4]))):
                            best[0], best[1], best[2], best[3], best[4] = t, e, d + 1, count, sfx
                            for i in range(e):
                                elim[i, 0] = tmp_elim[i, 0]
                                elim[i, 1] = tmp_elim[i, 1]
                            found = 1
                    depth -= 1
                    continue
                cur = stack[depth - 1]
                advanced = False
                for v in range(lwd):  # the links starting in a house holding cur's end, in order
                    while nexts[depth - 1, v]:
                        m = nexts[depth - 1, v]
                        j = (v << 6) + ctz(m)
                        nexts[depth - 1, v] = m & (m - np.uint64(1))
                        ok = lhouse[j] != lhouse[cur] and not (uhouses[depth] >> np.uint64(lhouse[j])) & np.uint64(1)
                        if ok:
                            for w in range(W):
                                if lb[cur, w] & la[j, w] or (la[j, w] | lb[j, w]) & used[depth, w]:
                                    ok = False
                        if ok:
                            stack[depth] = j
                            for w in range(W):
                                used[depth + 1, w] = used[depth, w] | la[j, w] | lb[j, w]
                            uhouses[depth + 1] = uhouses[depth] | (np.uint64(1) << np.uint64(lhouse[j]))
                            if depth + 1 < k:
                                _meeting(hb[j], starts, lwd, nexts, depth)
                            depth += 1
                            advanced = True
                            break
                    if advanced:
                        break
                if not advanced:
                    depth -= 1
    return found


@njit(cache=True, inline="always")
def _meeting(houses, starts, lwd, nexts, at):
    """nexts[at] = the links starting in any of these houses (a bit mask over houses)."""
    for v in range(lwd):
        nexts[at, v] = 0
    m = houses
    while m:
        x = ctz(m)
        for v in range(lwd):
            nexts[at, v] |= starts[x, v]
        m &= m - np.uint64(1)


@njit(cache=True)
def _first_house(houses, n):
    """SE's shared house of a weak link from a mask of the houses holding both groups: column, row, then box."""
    for lo in (n, 0, 2 * n):
        for x in range(lo, lo + n):
            if (houses >> np.uint64(x)) & np.uint64(1):
                return x
    return -1


@njit(cache=True, inline="always")
def _peers_of(g, row, W, peers, out, at):
    """out[at] = the cells seeing every cell of group g[row] (cell sets)."""
    for w in range(W):
        out[at, w] = ~np.uint64(0)
    for w in range(W):
        m = g[row, w]
        while m:
            c = w * 64 + ctz(m)
            for x in range(W):
                out[at, x] &= peers[c, x]
            m &= m - np.uint64(1)


@njit(cache=True)
def _collect(mask, W, d, out, e):
    """Append (cell, d) for every cell of a cell set; returns the new count."""
    for w in range(W):
        m = mask[w]
        while m:
            out[e, 0] = w * 64 + ctz(m)
            out[e, 1] = d + 1
            e += 1
            m &= m - np.uint64(1)
    return e


@njit(cache=True)
def _suffix(k, stack, lhouse, lgrp, kind, tmp):
    """SE's suffix of a chain (grouped links, then its canonical line name) as an integer of k+1 digits; tmp is
    scratch (3k)."""
    types = tmp[:k]
    rev = tmp[k:2 * k]
    grouped = 0
    for i in range(k):
        t = kind[lhouse[stack[i]]]
        types[i] = 0 if t == 2 else (1 if t == 0 else 2)
        grouped += lgrp[stack[i]]
    for i in range(k):
        rev[i] = types[k - 1 - i]
    if _num(rev, k) < _num(types, k):
        for i in range(k):
            types[i] = rev[i]
    swapped = tmp[2 * k:3 * k]
    has_one = False
    for i in range(k):
        t = types[i]
        has_one = has_one or t == 1
        swapped[i] = 2 if t == 1 else (1 if t == 2 else t)
    for i in range(k):
        rev[i] = swapped[k - 1 - i]
    r = min(_num(rev, k), _num(swapped, k))
    if has_one:
        name = min(_num(types, k), r)
    else:
        for i in range(k):
            rev[i] = 1 if types[i] == 2 else types[i]
        name = _num(rev, k)
    return grouped * 10 ** k + name


@njit(cache=True)
def _num(digits, k):
    """The digits as a decimal number."""
    v = 0
    for i in range(k):
        v = v * 10 + digits[i]
    return v


@njit(cache=True)
def _score(k, stack, n, d, lhouse, lgrp, sa, sb, ha, hb, kind, used, dcells, unit_words, common, out, W, outside):
    """A chain's SE price (tenths), its eliminations (into out; returns how many) and SE's count of them
    (a loop's repeated eliminations count again): cells with the digit outside the chain's houses that see both
    ends, or, when the ends share a house, that see both sides of any of its weak links."""
    grouped = False
    block = False
    rows = False
    cols = False
    for i in range(k):
        if lgrp[stack[i]]:
            grouped = True
        kd = kind[lhouse[stack[i]]]
        block = block or kd == 2
        rows = rows or kd == 0
        cols = cols or kd == 1
    if grouped:
        t = BASE[k] + 3
    elif block and rows and cols:
        t = BASE[k] + 2
    elif block or (rows and cols):
        t = BASE[k] + 1
    else:
        t = BASE[k]
    start = stack[0]
    end = stack[k - 1]
    for w in range(W):
        outside[w] = dcells[w] & ~used[w]
        for i in range(k):
            outside[w] &= ~unit_words[lhouse[stack[i]], w]
    ring = (ha[start] & hb[end]) != 0
    if not ring:
        for i in range(k - 1):
            x = _first_house(hb[stack[i]] & ha[stack[i + 1]], n)
            for w in range(W):
                outside[w] &= ~unit_words[x, w]
    for w in range(W):  # what sees both ends: each group's common peers, computed once per link (sa, sb)
        common[w] = sa[start, w] & sb[end, w] & outside[w]
    e = _collect(common, W, d, out, 0)
    count = e
    if ring:
        for i in range(k - 1):
            for w in range(W):
                common[w] = sb[stack[i], w] & sa[stack[i + 1], w] & outside[w]
            e0 = e
            e = _collect(common, W, d, out, e)
            count += e - e0
        e = _dedup(out, e)
    return t, e, count


@njit(cache=True)
def _dedup(out, e):
    """Drop repeated (cell, digit) rows; returns the new count."""
    k = 0
    for i in range(e):
        dup = False
        for j in range(k):
            if out[j, 0] == out[i, 0]:
                dup = True
        if not dup:
            out[k, 0] = out[i, 0]
            out[k, 1] = out[i, 1]
            k += 1
    return k
