"""Sudoku Explainer's basic techniques in numba, for fast ratings: the same first step as the Python finders.

The readable finders live in logic/ (singles.py, intersections.py, subsets.py, fish.py, wings.py); this module
repeats their search, in the same order, over flat arrays, because a rating walks some sixty steps per puzzle and
most of them are singles. tests/test_logic_rating.py checks both give the same first step on many grids.

State: values[c] (0 = empty), cand[c] (bit d = digit d + 1 is a candidate; 0 for a filled cell).
Geometry (from logic/forcing.tables plus `scan`, `kind`): unit_cells[u, i]; scan = houses in SE's order (boxes,
columns, rows, extras); kind[u] = 0 row, 1 column, 2 box, 3 extra; cross/group_end = SE's locked-candidate pairs;
peers_ptr/peers_idx = each cell's peers.

Producers (SE's order; `first_hint` tries lo..hi-1):

    0 hidden single (full house first)   1 direct pointing/claiming   2 direct hidden pair   3 naked single
    4 direct hidden triple   5 pointing/claiming   6 naked pair   7 X-Wing   8 hidden pair   9 naked triple
    10 swordfish   11 hidden triple   12 XY-Wing   13 XYZ-Wing   14 naked quad   15 jellyfish   16 hidden quad
    and for HoDoKu's path: 17 full house   18 hidden single (no full house)   19 locked pair   20 locked triple
    21 pointing   22 claiming

A hint is written to out: out[0] producer, out[1] price in tenths, out[2] placement cell (-1: none),
out[3] placement digit, out[4] number of eliminations, listed as (cell, digit) in elim.

Speed (states of the ER < 5 dev-bank paths, us per call including ~2 us of dispatch): hidden sets read each
house's places once per house, not once per digit combination (direct hidden triple 49 -> 14, direct hidden pair
22 -> 9); locked candidates read a per-call table of every house's places (direct pointing 22 -> 9, pointing
14 -> 6); singles find the digits with one place in one pass over a house (4 -> 3). SE's walk of an ER < 5
puzzle went from 0.87 to 0.44 ms. The walks (walk_order, rate_basic, cascade.walk) keep each unit's empty cells in
an array (`empties`, updated by apply_counted) that the producers read instead of counting N cells a house each
call: HoDoKu's walk of the ER < 5 sample 137/122/155 -> 99/107/128 us a puzzle, SE's rate_basic 252/281/277 ->
217/258/250 (A/B in one process against the old module, loaded machine). Hidden and naked sets (ulk) choose
their combinations among the digits with 2..k places / the cells with 2..k candidates only (Gosper's colex order
survives removing items, so the same first set): in-kernel, on the states SE's walk tries them on (rate.py's ER < 5
and 5-9.3 samples), direct hidden pair 3.2 -> 1.6 us, direct hidden triple 5.3 -> 1.8, hidden pair 2.1 -> 1.0,
hidden triple 0.8 -> 0.34, naked pair 2.9 -> 0.55, naked triple 2.7 -> 0.7, naked quad 0.56 -> 0.44. (After changing a kernel here, delete the numba cache: kernels that call these,
cascade.walk among them, keep the old code in their cache files.)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount

NPRODUCERS = 17


@njit(cache=True)
def _empty(u, n, unit_cells, values):
    """The number of empty cells of unit u."""
    k = 0
    for j in range(n):
        if values[unit_cells[u, j]] == 0:
            k += 1
    return k


@njit(cache=True)
def _set_cells(u, k, n, unit_cells, cand, open_):
    """The places in unit u of the cells with 2..k candidates (a naked set's cells lie in them), in unit order,
    into open_; their count."""
    m = 0
    for j in range(n):
        if 2 <= popcount(cand[unit_cells[u, j]]) <= k:
            open_[m] = j
            m += 1
    return m


@njit(cache=True)
def _low(m):
    """The index of the lowest set bit."""
    i = 0
    while not (m >> np.uint64(i)) & np.uint64(1):
        i += 1
    return i


@njit(cache=True)
def _place(out, prod, tenths, cell, d):
    """Write a placement hint."""
    out[0], out[1], out[2], out[3], out[4] = prod, tenths, cell, d, 0
    return True


@njit(cache=True)
def _hidden_single(n, unit_cells, scan, kind, empty, cand, out):
    """Full houses, then hidden singles, houses in SE's order."""
    return _full_house(n, unit_cells, scan, empty, cand, out) or _hidden_only(n, unit_cells, scan, kind, empty,
                                                                             cand, out)


@njit(cache=True)
def _once(u, n, unit_cells, cand):
    """The digits with exactly one place in unit u, as a digit mask (one pass over the house, not one per digit)."""
    once = np.uint64(0)
    twice = np.uint64(0)
    for j in range(n):
        m = cand[unit_cells[u, j]]
        twice |= once & m
        once |= m
    return once & ~twice


@njit(cache=True)
def _place_single(out, tenths, u, n, unit_cells, cand, single):
    """Place the lowest digit of `single` (digits with one place in unit u) in its place."""
    d = _low(single)
    bit = np.uint64(1) << np.uint64(d)
    for j in range(n):
        if cand[unit_cells[u, j]] & bit:
            return _place(out, 0, tenths, unit_cells[u, j], d)
    return False


@njit(cache=True)
def _full_house(n, unit_cells, scan, empty, cand, out):
    """The first house with one empty cell left (SE's order)."""
    for i in range(scan.shape[0]):
        u = scan[i]
        if empty[u] == 1:
            single = _once(u, n, unit_cells, cand)
            if single:
                return _place_single(out, 10, u, n, unit_cells, cand, single)
    return False


@njit(cache=True)
def _hidden_only(n, unit_cells, scan, kind, empty, cand, out):
    """The first hidden single in a house with two or more empty cells (SE's order)."""
    for i in range(scan.shape[0]):
        u = scan[i]
        if empty[u] == 1:
            continue
        single = _once(u, n, unit_cells, cand)
        if single:
            return _place_single(out, 12 if kind[u] == 2 else 15, u, n, unit_cells, cand, single)
    return False


@njit(cache=True)
def _outside(u, b, n, unit_cells, member, m):
    """The cells of unit u selected by mask m that are not in unit b, as a mask."""
    out = np.uint64(0)
    for j in range(n):
        if (m >> np.uint64(j)) & np.uint64(1) and not member[b, unit_cells[u, j]]:
            out |= np.uint64(1) << np.uint64(j)
    return out


@njit(cache=True)
def _locked_digits(a, b, n, unit_cells, member, cand):
    """The digits with two or more places in unit a, all of them in unit b, as a digit mask."""
    once = np.uint64(0)
    twice = np.uint64(0)
    outside = np.uint64(0)
    for j in range(n):
        c = unit_cells[a, j]
        m = cand[c]
        if member[b, c]:
            twice |= once & m
            once |= m
        else:
            outside |= m
    return twice & ~outside


@njit(cache=True)
def _locking(direct, n, unit_cells, kind, cross, group_end, member, shares, cand, out, elim, which=0):
    """Locked candidates (producer 5) or SE's direct pointing/claiming (producer 1). Each pair of houses' locked
    digits come from one pass over its cells (_locked_digits), and a group's digits that none has are skipped: the
    walks' stuck states 6.7 -> 4.4 us a call, dispatch included (before: a pass per house and digit, and a cell
    test per pair and digit; a per-call table of the pairs' places outside their second house alone gained nothing).
    Direct: a third house's places outside the pair's second house are counted only when it has two or more
    (ulk; the 961 stuck states of SE's walk on rate.py's ER < 5 and 5-9.3 samples, best of 5: 5.4 -> 5.0 us).
    Tried (sewalk3): each third house's places made on first use instead of all up front - slower (p1 on the
    walk's states at ER 5-7, A/B best of 9: 5.3 -> 6.4 us), the test in the inner loop costs more than it saves.
    """
    g0 = 0
    nunits = unit_cells.shape[0]
    fire = np.zeros(cross.shape[0], np.uint64)
    for i in range(cross.shape[0]):
        a = cross[i, 0]
        if not ((which == 1 and kind[a] != 2 and kind[a] != 3) or (which == 2 and (kind[a] == 2 or kind[a] == 3))):
            fire[i] = _locked_digits(a, cross[i, 1], n, unit_cells, member, cand)
    pos = np.zeros((nunits if direct else 1, n), np.uint64)  # direct: every house's places of every digit
    if direct:
        for u in range(nunits):
            _house_places(u, n, unit_cells, cand, pos[u])
    for g in range(group_end.shape[0]):
        g1 = group_end[g]
        digits = np.uint64(0)
        for i in range(g0, g1):
            digits |= fire[i]
        for d in range(n):
            if not (digits >> np.uint64(d)) & np.uint64(1):
                continue
            for i in range(g0, g1):
                if not (fire[i] >> np.uint64(d)) & np.uint64(1):
                    continue
                a, b = cross[i, 0], cross[i, 1]
                if direct:
                    for c3 in range(nunits):
                        if c3 == a or kind[c3] != kind[a] or not shares[c3, b]:
                            continue
                        m3 = pos[c3, d]
                        if popcount(m3) < 2:
                            continue
                        rest = _outside(c3, b, n, unit_cells, member, m3)
                        if popcount(rest) == 1:
                            return _place(out, 1, 17 if kind[a] == 2 else 19, unit_cells[c3, _low(rest)], d)
                    continue
                k = 0
                bit = np.uint64(1) << np.uint64(d)
                for j in range(n):
                    c = unit_cells[b, j]
                    if cand[c] & bit and not member[a, c]:
                        elim[k, 0] = c
                        elim[k, 1] = d + 1
                        k += 1
                if k:
                    out[0], out[1], out[2], out[3], out[4] = 5, 26 if kind[b] < 2 else 28, -1, 0, k
                    return True
        g0 = g1
    return False


@njit(cache=True)
def _next_combo(value):
    """Gosper's hack: the next k-subset mask in colex order (SE's Permutations)."""
    low = value & -value
    ripple = value + low
    return ripple | (((value ^ ripple) >> 2) // low)


@njit(cache=True)
def _house_places(u, n, unit_cells, cand, pos):
    """Each digit's places in unit u, as masks of unit indices, in one pass over its cells (not one per digit)."""
    pos[:] = 0
    for j in range(n):
        m = cand[unit_cells[u, j]]
        while m:
            pos[ctz(m)] |= np.uint64(1) << np.uint64(j)
            m &= m - np.uint64(1)


@njit(cache=True)
def _open_cells(u, n, unit_cells, cand):
    """The cells of unit u with 2+ candidates, as a mask of unit indices (a naked set's cells lie in them)."""
    able = 0
    for j in range(n):
        if popcount(cand[unit_cells[u, j]]) >= 2:
            able |= 1 << j
    return able


@njit(cache=True)
def _hidden_set(k, direct, n, unit_cells, scan, empty, cand, out, elim):
    """Hidden subsets of size k (producers 8, 11, 16) or SE's direct hidden pair/triple (2, 4)."""
    pos = np.zeros(n, np.uint64)  # each digit's places in the house, once per house (not once per combination)
    digs = np.empty(n, np.int64)
    for i in range(scan.shape[0]):
        u = scan[i]
        if not (empty[u] > k if direct else empty[u] > 2 * k):
            continue
        _house_places(u, n, unit_cells, cand, pos)
        # the digits with 2..k places (a set's digits lie in them: its k cells hold every place of each), in digit
        # order; the combinations of these come in the colex order of all digits' (removing items keeps it)
        m = 0
        for d in range(n):
            if 2 <= popcount(pos[d]) <= k:
                digs[m] = d
                m += 1
        if m < k:
            continue
        combo = (1 << k) - 1
        while combo < (1 << m):
            union = np.uint64(0)
            chosen = 0
            for t in range(m):
                if (combo >> t) & 1:
                    union |= pos[digs[t]]
                    chosen |= 1 << digs[t]
            if popcount(union) == k:
                if direct:
                    for d in range(n):
                        if (chosen >> d) & 1:
                            continue
                        md = pos[d]
                        rest = md & ~union
                        if popcount(md) > 1 and popcount(rest) == 1:
                            return _place(out, 2 if k == 2 else 4, 20 if k == 2 else 25, unit_cells[u, _low(rest)], d)
                else:
                    e = 0
                    for j in range(n):
                        if (union >> np.uint64(j)) & np.uint64(1):
                            c = unit_cells[u, j]
                            for d in range(n):
                                if not (chosen >> d) & 1 and (cand[c] >> np.uint64(d)) & np.uint64(1):
                                    elim[e, 0] = c
                                    elim[e, 1] = d + 1
                                    e += 1
                    if e:
                        prod = 8 if k == 2 else (11 if k == 3 else 16)
                        out[0], out[1], out[2], out[3], out[4] = prod, 34 if k == 2 else (40 if k == 3 else 54), -1, 0, e
                        return True
            combo = _next_combo(combo)
    return False


@njit(cache=True)
def _naked_set(k, n, unit_cells, scan, empty, cand, out, elim):
    """Naked subsets of size k (producers 6, 9, 14)."""
    open_ = np.empty(n, np.int64)
    for i in range(scan.shape[0]):
        u = scan[i]
        if empty[u] < 2 * k:
            continue
        # the cells with 2..k candidates (a set's cells lie in them), in unit order; the combinations of these
        # come in the colex order of all cells' (removing items keeps it)
        m = _set_cells(u, k, n, unit_cells, cand, open_)
        if m < k:
            continue
        combo = (1 << k) - 1
        while combo < (1 << m):
            union = np.uint64(0)
            chosen = 0
            for t in range(m):
                if (combo >> t) & 1:
                    union |= cand[unit_cells[u, open_[t]]]
                    chosen |= 1 << open_[t]
            if popcount(union) == k:
                e = 0
                for j in range(n):
                    if not (chosen >> j) & 1:
                        c = unit_cells[u, j]
                        md = cand[c] & union
                        for d in range(n):
                            if (md >> np.uint64(d)) & np.uint64(1):
                                elim[e, 0] = c
                                elim[e, 1] = d + 1
                                e += 1
                if e:
                    prod = 6 if k == 2 else (9 if k == 3 else 14)
                    out[0], out[1], out[2], out[3], out[4] = prod, 30 if k == 2 else (36 if k == 3 else 50), -1, 0, e
                    return True
            combo = _next_combo(combo)
    return False


@njit(cache=True)
def _locked_set(k, n, unit_cells, scan, kind, member, empty, cand, out, elim):
    """Locked pair/triple (producers 19, 20): a naked subset of a box that lies in one line clears both."""
    ncells = cand.shape[0]
    open_ = np.empty(n, np.int64)
    for i in range(scan.shape[0]):
        u = scan[i]
        if kind[u] != 2 or empty[u] < 2 * k:
            continue
        m = _set_cells(u, k, n, unit_cells, cand, open_)
        if m < k:
            continue
        combo = (1 << k) - 1
        while combo < (1 << m):
            union = np.uint64(0)
            chosen = 0
            first = -1
            for t in range(m):
                if (combo >> t) & 1:
                    j = open_[t]
                    union |= cand[unit_cells[u, j]]
                    chosen |= 1 << j
                    if first < 0:
                        first = unit_cells[u, j]
            if popcount(union) == k:
                line = _line_of(k, u, chosen, first, n, unit_cells, member)
                if line >= 0:
                    e = 0
                    more = False
                    for c in range(ncells):
                        if not (member[u, c] or member[line, c]):
                            continue
                        inside = False
                        for j in range(n):
                            if (chosen >> j) & 1 and unit_cells[u, j] == c:
                                inside = True
                        if inside:
                            continue
                        md = cand[c] & union
                        for d in range(n):
                            if (md >> np.uint64(d)) & np.uint64(1):
                                elim[e, 0] = c
                                elim[e, 1] = d + 1
                                e += 1
                                if not member[u, c]:
                                    more = True
                    if more:
                        out[0], out[1], out[2], out[3], out[4] = 19 if k == 2 else 20, 30 if k == 2 else 36, -1, 0, e
                        return True
            combo = _next_combo(combo)
    return False


@njit(cache=True)
def _line_of(k, u, combo, first, n, unit_cells, member):
    """The row (else the column) holding every cell of a subset of unit u, or -1."""
    row = first // n
    col = n + first % n
    for line in (row, col):
        inside = True
        for j in range(n):
            if (combo >> j) & 1 and not member[line, unit_cells[u, j]]:
                inside = False
        if inside:
            return line
    return -1


@njit(cache=True)
def _line_places(n, unit_cells, cand):
    """Each row's and column's places of each digit (units 0..2N-1), in one pass over their cells: pos[u, d]."""
    pos = np.empty((2 * n, n), np.uint64)
    for u in range(2 * n):
        _house_places(u, n, unit_cells, cand, pos[u])
    return pos


@njit(cache=True)
def _fish_elims(k, n, off, combo, cover, d, unit_cells, cand, elim, write):
    """The eliminations of the fish of digit d on base lines combo (off: 0 rows, n columns) covered by the lines
    cover; written to elim only if write (else counted up to the first)."""
    e = 0
    bit = np.uint64(1) << np.uint64(d)
    for j in range(n):
        if (cover >> np.uint64(j)) & np.uint64(1):
            cu = (n - off) + j
            for t in range(n):
                c = unit_cells[cu, t]
                if not (combo >> t) & 1 and cand[c] & bit:
                    if not write:
                        return 1
                    elim[e, 0] = c
                    elim[e, 1] = d + 1
                    e += 1
    return e


@njit(cache=True)
def _first_fish(k, n, off, d, lines, m, below, pos, unit_cells, cand, elim):
    """The smallest base (a k-subset of the m lines listed, as a mask of lines, below `below` if that is >= 0)
    whose fish of digit d eliminates, or -1. k-subsets of the list in Gosper's order come out in increasing mask
    order (the map from list index to line is increasing)."""
    combo = (1 << k) - 1
    while combo < (1 << m):
        mask = 0
        for i in range(m):
            if (combo >> i) & 1:
                mask |= 1 << lines[i]
        if below >= 0 and mask >= below:
            return -1
        cover = np.uint64(0)
        for line in range(n):
            if (mask >> line) & 1:
                cover |= pos[off + line, d]
        if popcount(cover) == k and _fish_elims(k, n, off, mask, cover, d, unit_cells, cand, elim, False):
            return mask
        combo = _next_combo(combo)
    return -1


@njit(cache=True)
def _fish(k, n, unit_cells, values, cand, out, elim):
    """Basic fish of size k (producers 7, 10, 15): column bases, then row bases; SE's order is line tuples outer,
    digits inner (the first fish by base mask, then digit), found here digit by digit over each digit's lines with
    2+ places only (_first_fish), keeping the smallest base. The ER < 5 and 5-7 walks' stuck states (us a call,
    dispatch included): X-Wing 10.5 -> 6.9 -> 5.2, Swordfish 12.7 -> 7.6 -> 4.8 (the middle figures: every tuple
    and digit over a per-call table of the lines' places, _line_places; before it a pass over N cells per line,
    digit and tuple). ulk: base lines with 2..k places only (in-kernel on SE's walk states, X-Wing 3.0 -> 1.55 us,
    Swordfish 3.3 -> 1.8)."""
    placed = np.zeros(n, np.int64)
    for c in range(values.shape[0]):
        if values[c]:
            placed[values[c] - 1] += 1
    pos = _line_places(n, unit_cells, cand)
    lines = np.zeros(n, np.int64)
    for base_rows in range(2):
        off = 0 if base_rows else n
        best, best_d = -1, -1
        for d in range(n):
            if placed[d] + 2 * k > n:
                continue
            m = 0
            for line in range(n):  # a base line has 2..k places (its places lie in the k cover lines)
                if 2 <= popcount(pos[off + line, d]) <= k:
                    lines[m] = line
                    m += 1
            if m < k:
                continue
            found = _first_fish(k, n, off, d, lines, m, best, pos, unit_cells, cand, elim)
            if found >= 0:
                best, best_d = found, d
        if best >= 0:
            cover = np.uint64(0)
            for line in range(n):
                if (best >> line) & 1:
                    cover |= pos[off + line, best_d]
            e = _fish_elims(k, n, off, best, cover, best_d, unit_cells, cand, elim, True)
            prod = 7 if k == 2 else (10 if k == 3 else 15)
            out[0], out[1], out[2], out[3], out[4] = prod, 32 if k == 2 else (38 if k == 3 else 52), -1, 0, e
            return True
    return False


@njit(cache=True)
def _naked_single(cand, out):
    """The first cell with one candidate left."""
    for c in range(cand.shape[0]):
        m = cand[c]
        if m != 0 and m & (m - np.uint64(1)) == 0:
            return _place(out, 3, 23, c, _low(m))
    return False


@njit(cache=True)
def _sees(a, b, peers_ptr, peers_idx):
    """True if cells a and b are peers."""
    for i in range(peers_ptr[a], peers_ptr[a + 1]):
        if peers_idx[i] == b:
            return True
    return False


@njit(cache=True)
def _xy_wing(xyz, cand, peers_ptr, peers_idx, out, elim):
    """XY-Wing (producer 12) or XYZ-Wing (13) in SE's cell order."""
    size = 3 if xyz else 2
    for pivot in range(cand.shape[0]):
        pm = cand[pivot]
        if popcount(pm) != size:
            continue
        for ia in range(peers_ptr[pivot], peers_ptr[pivot + 1]):
            a = peers_idx[ia]
            if popcount(cand[a]) != 2 or popcount(pm & ~cand[a]) != 1:
                continue
            for ib in range(peers_ptr[pivot], peers_ptr[pivot + 1]):
                b = peers_idx[ib]
                if b == a or popcount(cand[b]) != 2:
                    continue
                union = pm | cand[a] | cand[b]
                common = pm & cand[a] & cand[b]
                if popcount(union) != 3 or popcount(common) != (1 if xyz else 0):
                    continue
                z = _low(cand[a] & cand[b])
                bit = np.uint64(1) << np.uint64(z)
                e = 0
                for i in range(peers_ptr[a], peers_ptr[a + 1]):
                    c = peers_idx[i]
                    if c == pivot or c == b or not cand[c] & bit or not _sees(c, b, peers_ptr, peers_idx):
                        continue
                    if xyz and not _sees(c, pivot, peers_ptr, peers_idx):
                        continue
                    elim[e, 0] = c
                    elim[e, 1] = z + 1
                    e += 1
                if e:
                    out[0], out[1], out[2], out[3], out[4] = 13 if xyz else 12, 44 if xyz else 42, -1, 0, e
                    return True
    return False


@njit(cache=True)
def first_hint(lo, hi, n, values, cand, geo, scan, kind, out, elim):
    """The first hint of producers lo..hi-1, in order; False if none applies."""
    return _first_hint(lo, hi, n, values, cand, geo, scan, kind, out, elim, empties(n, geo[1], values))


@njit(cache=True)
def _first_hint(lo, hi, n, values, cand, geo, scan, kind, out, elim, empty):
    """first_hint with each unit's empty cells given (`empties`)."""
    for p in range(lo, hi):
        if producer(p, n, values, cand, geo, scan, kind, out, elim, empty):
            return True
    return False


@njit(cache=True)
def first_in_order(order, n, values, cand, geo, scan, kind, out, elim, empty):
    """The first hint of the producers listed in order (HoDoKu's path uses its own order); False if none.
    empty: each unit's empty cells (`empties`)."""
    for i in range(order.shape[0]):
        if producer(order[i], n, values, cand, geo, scan, kind, out, elim, empty):
            return True
    return False


@njit(cache=True)
def producer(p, n, values, cand, geo, scan, kind, out, elim, empty):
    """Run producer p (see the module docstring); True and the hint in out/elim if it applies. empty: each unit's
    empty cells (`empties`, kept up to date by the walks' apply_counted)."""
    unit_cells, cross, group_end, peers_ptr, peers_idx = geo[1], geo[6], geo[7], geo[4], geo[5]
    member, shares = geo[9], geo[10]
    if p == 0:
        found = _hidden_single(n, unit_cells, scan, kind, empty, cand, out)
    elif p == 1:
        found = _locking(True, n, unit_cells, kind, cross, group_end, member, shares, cand, out, elim)
    elif p == 2:
        found = _hidden_set(2, True, n, unit_cells, scan, empty, cand, out, elim)
    elif p == 3:
        found = _naked_single(cand, out)
    elif p == 4:
        found = _hidden_set(3, True, n, unit_cells, scan, empty, cand, out, elim)
    elif p == 5:
        found = _locking(False, n, unit_cells, kind, cross, group_end, member, shares, cand, out, elim)
    elif p == 6 or p == 9 or p == 14:
        found = _naked_set(2 if p == 6 else (3 if p == 9 else 4), n, unit_cells, scan, empty, cand, out, elim)
    elif p == 7 or p == 10 or p == 15:
        found = _fish(2 if p == 7 else (3 if p == 10 else 4), n, unit_cells, values, cand, out, elim)
    elif p == 8 or p == 11 or p == 16:
        found = _hidden_set(2 if p == 8 else (3 if p == 11 else 4), False, n, unit_cells, scan, empty, cand,
                            out, elim)
    elif p == 12 or p == 13:
        found = _xy_wing(p == 13, cand, peers_ptr, peers_idx, out, elim)
    elif p == 17:
        found = _full_house(n, unit_cells, scan, empty, cand, out)
        out[0] = 17
    elif p == 18:
        found = _hidden_only(n, unit_cells, scan, kind, empty, cand, out)
        out[0] = 18
    elif p == 19 or p == 20:
        found = _locked_set(p - 17, n, unit_cells, scan, kind, member, empty, cand, out, elim)
    else:
        found = _locking(False, n, unit_cells, kind, cross, group_end, member, shares, cand, out, elim,
                         1 if p == 21 else 2)
        out[0] = p
    return found


@njit(cache=True)
def apply(n, values, cand, peers_ptr, peers_idx, out, elim):
    """Make a hint's eliminations, then its placement."""
    for i in range(out[4]):
        cand[elim[i, 0]] &= ~(np.uint64(1) << np.uint64(elim[i, 1] - 1))
    cell = out[2]
    if cell >= 0:
        d = out[3]
        values[cell] = d + 1
        cand[cell] = np.uint64(0)
        bit = ~(np.uint64(1) << np.uint64(d))
        for i in range(peers_ptr[cell], peers_ptr[cell + 1]):
            cand[peers_idx[i]] &= bit


@njit(cache=True)
def empties(n, unit_cells, values):
    """Each unit's empty cells (the walks keep it as they place digits, so the scans that skip houses by their
    empty cells read one number a house instead of counting N cells)."""
    empty = np.zeros(unit_cells.shape[0], np.int64)
    for u in range(unit_cells.shape[0]):
        empty[u] = _empty(u, n, unit_cells, values)
    return empty


@njit(cache=True)
def _left(values):
    """The number of empty cells."""
    k = 0
    for c in range(values.shape[0]):
        if values[c] == 0:
            k += 1
    return k


@njit(cache=True)
def apply_counted(n, values, cand, geo, out, elim, empty):
    """apply, keeping empty (`empties`) up to date; the cells placed (0 or 1)."""
    apply(n, values, cand, geo[4], geo[5], out, elim)
    cell = out[2]
    if cell < 0:
        return 0
    cell_units = geo[0]
    for i in range(cell_units.shape[1]):
        if cell_units[cell, i] >= 0:
            empty[cell_units[cell, i]] -= 1
    return 1


@njit(cache=True)
def walk_order(order, n, values, cand, geo, scan, kind, counts, out, elim):
    """Walk HoDoKu's path with the producers listed in order until the grid is solved or none applies;
    counts[p] += 1 for every step producer p makes. Returns True when solved."""
    empty = empties(n, geo[1], values)
    left = _left(values)
    while left:
        if not first_in_order(order, n, values, cand, geo, scan, kind, out, elim, empty):
            return False
        left -= apply_counted(n, values, cand, geo, out, elim, empty)
        counts[out[0]] += 1
    return True


@njit(cache=True)
def rate_basic(hi, n, values, cand, geo, scan, kind, stats, out, elim):
    """Walk SE's path with producers 0..hi-1 until the grid is solved or none applies; stats = [er, ep, ed, steps]
    in tenths (ep/ed 0 until set) is updated as SE's getDifficulty does. Returns True when solved."""
    empty = empties(n, geo[1], values)
    left = _left(values)
    while left:
        if not _first_hint(0, hi, n, values, cand, geo, scan, kind, out, elim, empty):
            return False
        left -= apply_counted(n, values, cand, geo, out, elim, empty)
        if out[1] > stats[0]:
            stats[0] = out[1]
        if stats[1] == 0:
            if stats[2] == 0:
                stats[2] = stats[0]
            if out[2] >= 0:
                stats[1] = stats[0]
        stats[3] += 1
    return True
