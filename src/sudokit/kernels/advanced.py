"""Sudoku Explainer's "advanced" rules for dynamic chains "(+)": locked candidates, hidden pairs, naked pairs and
X-Wings on the grid a dynamic run has narrowed, each instance with the erased candidates its pattern needed.

Speed record (issue 9, netplus; the 26 level-1 multiple_of calls met rating the first 8 11+ puzzles with
`--scale hodoku`, replayed, best of 3-5 CPU times, every hint identical): 0.545 -> ~0.18 s. _advanced was 0.52 s
of the 0.545 (timed by calling it twice in _advance): every quiet point of every run rescanned all four rules'
patterns cell by cell, with a unit-membership loop per cell in Locking. Now one pass (_places) makes, per unit
and digit, the positions the narrowed grid keeps and those the run erased, one bit each, and each rule rejects a
pattern from two or three mask tests: no pattern, or no erased parent (an instance without one is dropped by the
scan leaving its counters as they were, so skipping it changes nothing); membership is geo's member table.
outer (2026-11-24; every dynamic multiple_of call met rating the first 3 puzzles of the 11+ set, 108 of level 0,
33 of level 1, 22 of level 2, 3 of level 3, captured and replayed one by one, best of 3 CPU s,
alternated twice with main 8eb7c65 at load ~8, every best/elim identical): perf, with a /tmp/perf-PID.map built
from the cached object code, put _adv_locking at 34% of the level-1 replay, _places 9%, the other rules 13%:
Locking ran its 9-cell count/inside scan for every (crossing, digit) whose house had an erased candidate. It
now rejects from the place masks alone (places in house a outside b, fewer than two, or no erased place of a
outside b; geo[11] = each crossing's positions of a inside b), skips digits the run erased nowhere (_places
returns them; so do the X-Wings, which also try, per second line, only the digits with two places there), and
the pairs rules count a house's unsolved cells only when a pattern needs it. With the rules, _places and _lost
inlined: level 1 0.205/0.211 -> 0.139/0.137 s (with dynamic.py's and links.py's inlining, see there).
outer2 (2026-11-24; see dynamic.py's record): the masks are kept per run (begin_places, erase_places; sc[22]),
made from the real grid once per grid and corrected by the offs the run processed, so _places runs only when a
grid or the houses change, or when a geometry has more houses than logic/forcing.TRACK_HOUSES allows; Locking
also skips a crossing whose first house has no erased place of the digit (per digit house bits kept with the
masks). Level 1 of the replay 0.128 -> 0.110 s with dynamic.py's changes. Left: _advanced is ~25% of the level-1
replay, Locking 14% of it: its crossing loop still visits every (group, digit, crossing) of an erased digit.
outer3: _advance's recording is written out in dynamic.propagate (advanced_untracked keeps its fallback), and
begin_places/erase_places take arrays (see dynamic.py's record). Locking's crossing loop is still as above.
outer5 (2026-11-25; the 147 level-0/1 calls of rating 11+ lines[0:3], replayed, best of 5 CPU s, alternated twice
with main 6dd3de6; every best/elim identical at levels 0-3): each rule tries only the houses that lost a place
since its own last whole scan (dirty per rule and digit, _clean): a scan that ran to the end either found no
instance there or had all its offs erased by the run before the next quiet point, and a house whose places did
not change keeps its patterns and parents while its targets only shrink. Level 1 0.1002/0.1024 -> 0.0956/0.0939
s. Then perf put 39% of _advanced in Locking's crossing loop (every crossing of the group tested for a dirty
first house): it now visits only the crossings of the dirty houses (xmask, made by begin_places when the
houses change), and X-Wings try only the dirty digits: 0.0914/0.0895 s. rate_levels.py (main, this, main,
this): level 1 0.293/0.293 -> 0.269/0.267 s, level 2 0.914/0.920 -> 0.902/0.906 s, rating 2.803/2.815 ->
2.790/2.762 s. Left: _advanced ~17% of the level-1 replay's samples, spread over the four rules' real tests
(each dirty crossing's mask tests ~14% of it); begin_places and erase_places ~2% each.
prop2 (2026-11-25): _advanced, advanced_untracked and the rules take the geometry arrays they read (unit_cells,
cross, group_end, set_units, member, cross_in), not geo: a tuple passed on whole is increfed whole at entry, in
propagate every run (12 pairs; see dynamic.py's record) and here every quiet point.
adv2 (2026-11-25; the 64,128 quiet points of the 104 level-1 calls met rating 11+ lines[0:8]: _advanced's inputs
captured by a NUMBA_DISABLE_JIT run, replayed through the compiled rules, best of 5 CPU s, every count, instance,
parent and dirty row identical): each rule alone over every point took Locking 0.052 s (half of it writing its
instances: two 9-cell loops per instance with _lost and member tests), naked pairs 0.032, hidden pairs 0.026,
X-Wings 0.021. Now every rule writes its parents and targets from the place masks' bits (a pattern's erased
places outside it, its targets' places), not by testing each cell of its houses (places[1] is what _lost tested,
places[0] what work held); Locking first marks, per digit and dirty house, the crossings that make an instance
(_locking_rows, into xmask's spare rows past the houses; read once per house, a house of fewer than two places
skipped whole), and the scan visits only those, in the same order; hidden pairs pair only a house's digits of two
places, naked pairs only its cells of two candidates. All points 0.116 -> 0.089 s (0.1169 -> 0.1110 with the
marked crossings alone, 0.0957 with the instances from the masks too). Tried, no gain: the dirty houses' crossings
ORed once per digit instead of once per group and word (0.1163 -> 0.1158 s). End to end, benchmarks/rate_levels.py
(main cd7f5e6, this, main, this; load ~4): level 1 0.250/0.258 -> 0.223/0.222 s, level 2 0.693/0.699 -> 0.666/0.671
s (its outer runs), rating 2.343/2.477 -> 2.336/2.334 s.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount

LOCKING, HIDDEN, NAKED, XWING, RULES = 0, 1, 2, 3, 4  # the rules' rows of the dirty houses (_advanced's dirty)


@njit(cache=True)
def _advanced(n, cand, work, unit_cells, cross, group_end, set_units, member, cross_in, placed, places, lost, dirty, xmask, adv,
              adv_par):
    """SE's advanced rules for dynamic chains "(+)": locked candidates, hidden pairs, naked pairs, X-Wings, in this
    order, on the narrowed grid: the offs of every instance of the first rule that has one whose pattern needed an
    erased candidate. adv[k] = (off pid, parents start, parents end) into adv_par (erased candidates' off pids);
    returns the count. places/lost/dirty: the narrowed grid's place masks, erased digits and houses with an
    erased place per digit (_places and all ones, or a run's kept ones: begin_places). Each rule skips, from the
    place masks, every pattern that has no erased parent: the scan would have dropped it without a trace, so the
    instances, offs and parents are the same. dirty[r * n + d] (rule r = LOCKING, HIDDEN, NAKED, XWING): the
    houses where d lost a place since rule r's last whole scan (_clean; all ones: every house); xmask[u]: the
    crossings whose first house is u (begin_places; unread when dirty is all ones)."""
    k = _adv_locking(n, cand, work, unit_cells, cross, group_end, member, cross_in, places, lost, dirty, xmask, adv,
                     adv_par)
    if k == 0:
        k = _adv_hidden_pairs(n, cand, work, unit_cells, set_units, places, dirty, adv, adv_par)
    if k == 0:
        k = _adv_naked_pairs(n, cand, work, unit_cells, set_units, dirty, adv, adv_par)
    if k == 0:
        k = _adv_x_wings(n, cand, work, unit_cells, placed, places, lost, dirty, adv, adv_par)
    return k


@njit(cache=True)
def advanced_untracked(n, cand, work, unit_cells, cross, group_end, set_units, member, cross_in, placed, adv, adv_par):
    """_advanced over place masks made here (a run whose houses do not fit its kept masks: begin_places)."""
    places = np.zeros((2, unit_cells.shape[0], n), np.int64)
    lost = _places(n, cand, work, unit_cells, places)
    return _advanced(n, cand, work, unit_cells, cross, group_end, set_units, member, cross_in, placed, places, lost, np.full(RULES * n, -1, np.int64),
                     np.zeros((1, 1), np.uint64), adv, adv_par)


@njit(cache=True, inline="always")
def _places(n, cand, work, unit_cells, places):
    """places[0, u, d] = the positions j of unit u whose cell the narrowed grid leaves digit d, one bit each;
    places[1, u, d] = those where the run erased d. Returns the digits the run erased somewhere, one bit each."""
    gone = np.uint64(0)
    for u in range(unit_cells.shape[0]):
        for d in range(n):
            places[0, u, d] = 0
            places[1, u, d] = 0
    for u in range(unit_cells.shape[0]):
        for j in range(n):
            c = unit_cells[u, j]
            w = work[c]
            lost = cand[c] & ~w
            gone |= lost
            while w:  # the set bits; a branchless loop over every digit: the same (0.155-0.160 vs 0.156-0.157 s)
                places[0, u, ctz(w)] |= 1 << j
                w &= w - np.uint64(1)
            while lost:
                places[1, u, ctz(lost)] |= 1 << j
                lost &= lost - np.uint64(1)
    return gone


@njit(cache=True)
def begin_places(n, cand, unit_cells, cross, key, kcells, base, run, made, dirty, xmask):
    """Start a run's place masks (key...xmask = logic/forcing's sc[22], one by one: a tuple argument costs its
    caller refcounts): the kept places of the real grid cand (remade only when cand or the houses differ from
    the last run's), none erased; xmask[u] = the crossings (cross's rows, one bit each) whose first house is u.
    False when the houses or crossings do not fit."""
    units = unit_cells.shape[0]
    if units > base.shape[0] or cross.shape[0] > 64 * xmask.shape[1]:
        return False
    same = made[0] == units
    if same:
        for u in range(units):
            for j in range(n):
                if kcells[u * n + j] != unit_cells[u, j]:
                    same = False
    if not same:  # other houses: their crossings
        for u in range(units):
            for w in range(xmask.shape[1]):
                xmask[u, w] = 0
        for i in range(cross.shape[0]):
            xmask[cross[i, 0], i >> 6] |= np.uint64(1) << np.uint64(i & 63)
    if same:
        for c in range(cand.shape[0]):
            if key[c] != cand[c]:
                same = False
                break
    if not same:
        _places(n, cand, cand, unit_cells, run)
        for u in range(units):
            for j in range(n):
                kcells[u * n + j] = unit_cells[u, j]
            for d in range(n):
                base[u, d] = run[0, u, d]
        for c in range(cand.shape[0]):
            key[c] = cand[c]
        made[0] = units
    for u in range(units):
        for d in range(n):
            run[0, u, d] = base[u, d]
            run[1, u, d] = 0
    for i in range(dirty.shape[0]):
        dirty[i] = 0 if units < 63 else -1  # one bit a house per rule and digit: all set when they do not fit
    return True


@njit(cache=True)
def erase_places(pids, s, recs, r0, r1, n, cand, cell_units, unit_cells, places, dirty):
    """Record in a run's place masks (and houses with an erased place) that it erased the candidates of the off
    potentials pids[s, recs[r0:r1]]; returns their digits, one bit each. One call per quiet point: an inlined
    helper called per record paid an NRT incref/decref pair per array argument on each call (and a row view
    pids[s] passed one more)."""
    lost = np.uint64(0)
    for i in range(r0, r1):
        lost |= _erase_place(pids[s, recs[i]], n, cand, cell_units, unit_cells, places, dirty)
    return lost


@njit(cache=True, inline="always")
def _erase_place(pid, n, cand, cell_units, unit_cells, places, dirty):
    """Record in a run's place masks (and houses with an erased place) that the run erased off potential pid's
    candidate; returns its digit bit (0 when the real grid lacks it)."""
    cell = pid // 2 // n
    d = pid // 2 % n
    bit = np.uint64(1) << np.uint64(d)
    if not cand[cell] & bit:
        return np.uint64(0)
    for i in range(cell_units.shape[1]):
        u = cell_units[cell, i]
        if u < 0:
            break
        for j in range(n):
            if unit_cells[u, j] == cell:
                places[0, u, d] &= ~(1 << j)
                places[1, u, d] |= 1 << j
                hb = np.int64(1) << (u & 63)
                for r in range(RULES):
                    dirty[r * n + d] |= hb
                break
    return bit


@njit(cache=True, inline="always")
def _clean(dirty, rule, n, units):
    """A whole scan of a rule made every instance it has, and the run erased their offs (or the rule found none):
    until a house loses a place again no instance there can have an off the run keeps, so clear its dirty
    houses (unless they do not fit one bit each: all ones then)."""
    if units < 63:
        for d in range(n):
            dirty[rule * n + d] = 0


@njit(cache=True, inline="always")
def _adv_locking(n, cand, work, unit_cells, cross, group_end, member, cross_in, places, lost, dirty, xmask, adv,
                 adv_par):
    """Locked candidates on the narrowed grid (SE's Locking scan order); parents: the erased places of the digit
    in the first house outside the second. lost: the digits erased somewhere (_places); dirty[d]: the houses
    where d lost a place since the last whole scan, one bit each (the rule's others were tried then: _clean);
    only their crossings are visited (xmask[a]: the crossings from house a), in order. When xmask has n spare
    rows past the houses (a run's kept masks: begin_places), row units + d first gets digit d's crossings that
    make an instance, found house by house (_locking_rows), and the scan visits only those."""
    k = 0
    npar = 0
    g0 = 0
    fresh = np.uint64(0)  # the digits with a dirty house
    for d in range(n):
        if dirty[LOCKING * n + d] != 0:
            fresh |= np.uint64(1) << np.uint64(d)
    fresh &= lost  # none erased: no parent anywhere
    units = unit_cells.shape[0]
    rows = units + n <= xmask.shape[0]
    if rows:
        _locking_rows(n, units, cross, cross_in, places, fresh, dirty, xmask)
    for g in range(group_end.shape[0]):
        g1 = group_end[g]
        if fresh == 0:
            break
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            if not fresh & bit:
                continue
            dd = dirty[LOCKING * n + d]
            for w in range(g0 >> 6, ((g1 - 1) >> 6) + 1):
                xs = np.uint64(0)  # group g's crossings in word w whose first house has an erased place of d
                if rows:
                    xs = xmask[units + d, w]
                elif dd == -1:  # before (outer5): every crossing of the group, tested for a dirty first house
                    xs = ~xs
                else:
                    f = np.uint64(dd)
                    while f:
                        xs |= xmask[ctz(f), w]
                        f &= f - np.uint64(1)
                if g0 > 64 * w:
                    xs &= ~((np.uint64(1) << np.uint64(g0 - 64 * w)) - np.uint64(1))
                if g1 < 64 * w + 64:
                    xs &= (np.uint64(1) << np.uint64(g1 - 64 * w)) - np.uint64(1)
                while xs:
                    i = 64 * w + ctz(xs)
                    xs &= xs - np.uint64(1)
                    a = cross[i, 0]
                    b = cross[i, 1]
                    inside = cross_in[i]  # the positions of house a that lie in house b
                    if not rows:
                        p = places[0, a, d]
                        if p & ~inside != 0 or places[1, a, d] & ~inside == 0 or popcount(p) < 2:
                            continue  # a place outside b, or fewer than two (no pattern), or no erased parent
                    p0 = npar
                    e = places[1, a, d] & ~inside  # the parents: a's erased places outside b, in a's order
                    while e:
                        adv_par[npar] = (unit_cells[a, ctz(e)] * n + d) * 2
                        npar += 1
                        e &= e - 1
                    t = places[0, b, d]  # the targets: b's places outside a, in b's order
                    while t:
                        c = unit_cells[b, ctz(t)]
                        t &= t - 1
                        if not member[a, c]:
                            adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + d) * 2, p0, npar
                            k += 1
                    if k + n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                        return k  # cut short: its dirty houses stay
        g0 = g1
    _clean(dirty, LOCKING, n, unit_cells.shape[0])
    return k


@njit(cache=True, inline="always")
def _locking_rows(n, units, cross, cross_in, places, fresh, dirty, xmask):
    """xmask[units + d] = the crossings (a, b) from a house a where digit d lost a place since Locking's last whole
    scan (dirty) whose places of d in a, two or more, all lie in b, with an erased place of a outside b: those
    that make an instance, in one pass per dirty house (its places and erased places read once, a house with
    fewer than two places skipped whole) instead of the same tests per crossing in the scan."""
    nw = (cross.shape[0] + 63) >> 6
    m = fresh
    while m:
        d = ctz(m)
        m &= m - np.uint64(1)
        for w in range(nw):
            xmask[units + d, w] = 0
        dd = dirty[LOCKING * n + d]
        for u in range(units if dd == -1 else 0):  # houses past 63 (no dirty bits): every house
            _locking_house(u, d, units, nw, cross_in, places, xmask)
        f = np.uint64(dd) if dd != -1 else np.uint64(0)
        while f:
            u = ctz(f)
            f &= f - np.uint64(1)
            _locking_house(u, d, units, nw, cross_in, places, xmask)


@njit(cache=True, inline="always")
def _locking_house(u, d, units, nw, cross_in, places, xmask):
    """Add to xmask[units + d] house u's crossings that make a Locking instance of digit d (see _locking_rows)."""
    p = places[0, u, d]
    e = places[1, u, d]
    if e == 0 or popcount(p) < 2:
        return
    for w in range(nw):
        xs = xmask[u, w]
        while xs:
            i = 64 * w + ctz(xs)
            xs &= xs - np.uint64(1)
            inside = cross_in[i]
            if p & ~inside == 0 and e & ~inside != 0:
                xmask[units + d, w] |= np.uint64(1) << np.uint64(i & 63)


@njit(cache=True, inline="always")
def _empty_count(u, n, cand, unit_cells):
    """The unsolved cells of unit u (in the real grid)."""
    count = 0
    for j in range(n):
        if cand[unit_cells[u, j]] != 0:
            count += 1
    return count


@njit(cache=True, inline="always")
def _adv_hidden_pairs(n, cand, work, unit_cells, set_units, places, dirty, adv, adv_par):
    """Hidden pairs on the narrowed grid (boxes, columns, rows; digit pairs in SE's order); parents: the erased
    places of both digits outside the pair. Only the pairs of digits with two places in the house, one of which
    lost a place there since the rule's last whole scan (dirty: see _advanced), are tried."""
    k = 0
    npar = 0
    anyu = np.int64(0)
    for d in range(n):
        anyu |= dirty[HIDDEN * n + d]
    for iu in range(set_units.shape[0]):
        u = set_units[iu]
        ub = u & 63
        if not (anyu >> ub) & 1:
            continue
        ud = 0  # the digits whose places in u changed
        tw = 0  # the digits with two places in u
        for d in range(n):
            ud |= ((dirty[HIDDEN * n + d] >> ub) & 1) << d
            if popcount(places[0, u, d]) == 2:
                tw |= 1 << d
        few = -1  # unit u has 4 unsolved cells or fewer (SE skips it): counted when a pattern first needs it
        m2 = tw & (tw - 1)
        while m2:
            d2 = ctz(m2)
            m2 &= m2 - 1
            p2 = places[0, u, d2]
            m1 = tw & ((1 << d2) - 1)
            if not (ud >> d2) & 1:
                m1 &= ud  # neither digit changed since the last whole scan: nothing new
            while m1:
                d1 = ctz(m1)
                m1 &= m1 - 1
                if places[0, u, d1] != p2 or (places[1, u, d1] | places[1, u, d2]) & ~p2 == 0:
                    continue  # not the same two places, or no erased parent
                if few < 0:
                    few = 1 if _empty_count(u, n, cand, unit_cells) <= 4 else 0
                if few == 1:
                    continue
                both = (np.uint64(1) << np.uint64(d1)) | (np.uint64(1) << np.uint64(d2))
                p0 = npar
                e1 = places[1, u, d1]  # the parents: the erased places of d1 and d2 (outside the pair), by cell
                e2 = places[1, u, d2]
                e = e1 | e2
                while e:
                    j = ctz(e)
                    e &= e - 1
                    c = unit_cells[u, j]
                    if (e1 >> j) & 1:
                        adv_par[npar] = (c * n + d1) * 2
                        npar += 1
                    if (e2 >> j) & 1:
                        adv_par[npar] = (c * n + d2) * 2
                        npar += 1
                k0 = k
                t = p2  # the targets: the pair's cells' other digits
                while t:
                    c = unit_cells[u, ctz(t)]
                    t &= t - 1
                    x = work[c] & ~both
                    while x:
                        adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + ctz(x)) * 2, p0, npar
                        k += 1
                        x &= x - np.uint64(1)
                if npar == p0:
                    k = k0
                if k + 2 * n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                    return k
    _clean(dirty, HIDDEN, n, unit_cells.shape[0])
    return k


@njit(cache=True, inline="always")
def _adv_naked_pairs(n, cand, work, unit_cells, set_units, dirty, adv, adv_par):
    """Naked pairs on the narrowed grid (boxes, columns, rows; cell pairs in SE's order); parents: the erased
    candidates of the two cells. Only the houses that lost a place since the rule's last whole scan (dirty: see
    _advanced) are tried: elsewhere both cells kept their candidates; in them, only the cells of two candidates
    are paired."""
    k = 0
    npar = 0
    anyu = np.int64(0)
    for d in range(n):
        anyu |= dirty[NAKED * n + d]
    for iu in range(set_units.shape[0]):
        u = set_units[iu]
        if not (anyu >> (u & 63)) & 1:
            continue
        few = -1  # unit u has fewer than 4 unsolved cells (SE skips it): counted when a pattern first needs it
        bv = 0  # the house's positions of two candidates (the narrowed grid's)
        for j in range(n):
            if popcount(work[unit_cells[u, j]]) == 2:
                bv |= 1 << j
        m2 = bv & (bv - 1)  # the second and later ones
        while m2:
            j2 = ctz(m2)
            m2 &= m2 - 1
            b = unit_cells[u, j2]
            m1 = bv & ((1 << j2) - 1)
            while m1:
                j1 = ctz(m1)
                m1 &= m1 - 1
                a = unit_cells[u, j1]
                if work[a] != work[b] or ((cand[a] & ~work[a]) | (cand[b] & ~work[b])) == 0:
                    continue  # not a naked pair, or no erased parent
                if few < 0:
                    few = 1 if _empty_count(u, n, cand, unit_cells) < 4 else 0
                if few == 1:
                    continue
                m = work[b]
                p0 = npar
                for c in (a, b):
                    x = cand[c] & ~work[c]  # the parents: the two cells' erased candidates
                    while x:
                        adv_par[npar] = (c * n + ctz(x)) * 2
                        npar += 1
                        x &= x - np.uint64(1)
                k0 = k
                for j in range(n):
                    c = unit_cells[u, j]
                    x = work[c] & m  # the targets: the pair's digits in the house's other cells
                    if x and c != a and c != b:
                        while x:
                            adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + ctz(x)) * 2, p0, npar
                            k += 1
                            x &= x - np.uint64(1)
                if npar == p0:
                    k = k0
                if k + 2 * n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                    return k
    _clean(dirty, NAKED, n, unit_cells.shape[0])
    return k


@njit(cache=True, inline="always")
def _adv_x_wings(n, cand, work, unit_cells, placed, places, lost, dirty, adv, adv_par):
    """X-Wings on the narrowed grid (column bases, then row bases; SE's order); parents: the erased places of the
    digit in the base lines outside the cover lines. Per second base line, only the digits that can make one
    there (two places, a parent somewhere, SE's placed test) are tried, in digit order, and only where a base
    line lost a place of the digit since the rule's last whole scan (dirty: see _advanced)."""
    k = 0
    npar = 0
    fresh = np.uint64(0)  # the digits with a dirty house
    for d in range(n):
        if dirty[XWING * n + d] != 0:
            fresh |= np.uint64(1) << np.uint64(d)
    lost = lost & fresh
    for base_rows in range(2):
        off = 0 if base_rows else n
        for l2 in range(1, n):
            ok = np.uint64(0)  # the digits with two places in line l2, erased somewhere, placed[d] + 4 <= n
            m = lost
            while m:
                d = ctz(m)
                m &= m - np.uint64(1)
                if placed[d] + 4 <= n and popcount(places[0, off + l2, d]) == 2:
                    ok |= np.uint64(1) << np.uint64(d)
            if ok == 0:
                continue
            for l1 in range(l2):
                m = ok
                while m:
                    d = ctz(m)
                    m &= m - np.uint64(1)
                    dx = dirty[XWING * n + d]
                    if not ((dx >> ((off + l1) & 63)) | (dx >> ((off + l2) & 63))) & 1:
                        continue  # neither base line changed since the last whole scan
                    cover = places[0, off + l1, d]  # both lines' places, on the same two cover lines
                    if cover != places[0, off + l2, d] or popcount(cover) != 2 or \
                            (places[1, off + l1, d] | places[1, off + l2, d]) & ~cover == 0:
                        continue  # no X-Wing, or no erased parent
                    p0 = npar
                    for line in (l1, l2):
                        e = places[1, off + line, d] & ~cover  # the parents: the lines' erased places off cover
                        while e:
                            adv_par[npar] = (unit_cells[off + line, ctz(e)] * n + d) * 2
                            npar += 1
                            e &= e - 1
                    k0 = k
                    cv = cover
                    while cv:
                        cover_unit = (n - off) + ctz(cv)
                        cv &= cv - 1
                        t = places[0, cover_unit, d] & ~((1 << l1) | (1 << l2))  # the targets: off the base lines
                        while t:
                            adv[k, 0], adv[k, 1], adv[k, 2] = (unit_cells[cover_unit, ctz(t)] * n + d) * 2, p0, npar
                            k += 1
                            t &= t - 1
                    if npar == p0:
                        k = k0
                    if k + 2 * n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                        return k
    _clean(dirty, XWING, n, unit_cells.shape[0])
    return k
