"""Forcing chains as Sudoku Explainer builds them: implications between candidates, propagated breadth-first.

A *potential* is a candidate assumed on or off, numbered

    pid = (cell * N + d) * 2 + on        d = digit - 1, on = 1 (the cell holds d) or 0 (it does not)

and an implication run starts from one potential and records every potential it forces, each with its parents
(the potentials that forced it), in flat per-run *stores* (a run slot s owns row s of every store array):

    rec_pid[s, r]            the potential of record r
    rec_p0[s, r], rec_pn[s, r]   its parents are par[s, rec_p0 : rec_p0 + rec_pn] (record indices of the same run)
    pmap[s, pid]             the record holding pid in the run's on/off sets, or -1
    nrec[s], npar[s]         records and parent slots used

Links (SE's rules): on -> off: the other candidates of the cell (Y links, when enabled) and the digit in the
cell's houses (box, row, column, extras, then extra difference pairs); off -> on: the last candidate of a bivalue
cell (Y) and the other place of a digit with two places in a house (X). In *dynamic* runs every processed off
potential is erased from a working copy of the candidates, so later links see the narrower grid and record the
erased candidates as extra ("hidden") parents. Sudoku Explainer's queue orders are kept exactly (see `propagate`,
`forcing`, `cycles`), because a chain's length - the number of its distinct ancestors - sets its rating.

Hints are ranked as SE ranks them: difficulty (tenths), then complexity (ancestors), then the hint kind's sort key,
then discovery order; the kernels keep only the best one and describe it in `best`:

    best[0] difficulty in tenths   best[1] complexity   best[2] sort key   best[3] kind (K_*)
    best[4] source pid             best[5] target pid   best[6] house (region hints) or -1
    best[7] number of eliminations, listed as (cell, digit) pairs in elim[0 : best[7]]

The kernels never allocate per node: stores and queues come from the caller (`Stores`); a status of OVERFLOW
asks the caller for bigger stores.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import popcount

OK, OVERFLOW = 0, 1
# hint kinds
K_CYCLE, K_FORCING, K_CONTRA_OFF, K_CONTRA_ON, K_DOUBLE_ON, K_DOUBLE_OFF, K_CELL, K_REGION = range(8)
BIG = np.int64(1) << 60
# why a potential holds (a record's cause): a house number, or one of these
NONE, CELL, ADVANCED = -1, -2, -3


@njit(cache=True)
def length_tenths(complexity):
    """SE's length bonus in tenths: +1 each time complexity - 2 passes 4, 6, 8, 12, 16, 24, 32, 48, ..."""
    added = 0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


@njit(cache=True)
def _reset(s, rec_pid, nrec, npar, pmap):
    """Empty run slot s (clearing only the map entries it used)."""
    for r in range(nrec[s]):
        pmap[s, rec_pid[s, r]] = -1
    nrec[s] = 0
    npar[s] = 0


@njit(cache=True)
def reset_slot(s, st):
    """Empty run slot s and its table of nested chains."""
    _reset(s, st[0], st[4], st[5], st[6])
    st[10][s] = 0


@njit(cache=True)
def _add(s, pid, parents, nparents, rec_pid, rec_p0, rec_pn, par, nrec, npar):
    """Append a record with the given parent records; -1 when the slot is full."""
    r = nrec[s]
    if r >= rec_pid.shape[1] or npar[s] + nparents > par.shape[1]:
        return -1
    rec_pid[s, r] = pid
    rec_p0[s, r] = npar[s]
    rec_pn[s, r] = nparents
    for i in range(nparents):
        par[s, npar[s] + i] = parents[i]
    npar[s] += nparents
    nrec[s] = r + 1
    return r


@njit(cache=True)
def _on_to_off(pid, y, n, work, cell_units, unit_cells, pair_ptr, pair_idx, mark, out, causes):
    """The off potentials an on potential forces, in SE's order; returns their number (pids in out, and in causes
    why: CELL for the cell's other candidates, the house for its other places, NONE for an extra pair)."""
    cell = pid // 2 // n
    d = pid // 2 % n
    k = 0
    if y:
        m = work[cell]
        for v in range(n):
            if v != d and (m >> np.uint64(v)) & np.uint64(1):
                out[k] = (cell * n + v) * 2
                causes[k] = CELL
                k += 1
    bit = np.uint64(1) << np.uint64(d)
    mark[cell] = True
    for j in range(cell_units.shape[1]):
        u = cell_units[cell, j]
        if u < 0:
            break
        for i in range(n):
            c = unit_cells[u, i]
            if not mark[c] and work[c] & bit:
                out[k] = (c * n + d) * 2
                causes[k] = u
                k += 1
                mark[c] = True
    for i in range(pair_ptr[cell], pair_ptr[cell + 1]):
        c = pair_idx[i]
        if not mark[c] and work[c] & bit:
            out[k] = (c * n + d) * 2
            causes[k] = NONE
            k += 1
            mark[c] = True
    mark[cell] = False
    for i in range(k):
        mark[out[i] // 2 // n] = False
    return k


@njit(cache=True)
def _off_to_on(pid, y, x, n, work, source, cell_units, unit_cells, out, hid_n, hid, causes):
    """The on potentials an off potential forces (SE's order, duplicates dropped); hidden parents of on i are the
    off pids hid[i, 0 : hid_n[i]] (candidates the dynamic run erased that made the link); causes[i] = CELL (the
    cell's last candidate) or the house where it is the last place."""
    cell = pid // 2 // n
    d = pid // 2 % n
    k = 0
    if y:
        m = work[cell]
        if popcount(m) == 2:
            other = m & ~(np.uint64(1) << np.uint64(d))
            v = 0
            while not (other >> np.uint64(v)) & np.uint64(1):
                v += 1
            out[k] = (cell * n + v) * 2 + 1
            causes[k] = CELL
            h = 0
            gone = source[cell] & ~m
            for v2 in range(n):
                if (gone >> np.uint64(v2)) & np.uint64(1):
                    hid[k, h] = (cell * n + v2) * 2
                    h += 1
            hid_n[k] = h
            k += 1
    if not x:
        return k
    bit = np.uint64(1) << np.uint64(d)
    for j in range(cell_units.shape[1]):
        u = cell_units[cell, j]
        if u < 0:
            break
        other = -1
        for i in range(n):
            c = unit_cells[u, i]
            if c != cell and work[c] & bit:
                if other >= 0:
                    other = -1
                    break
                other = c
        if other < 0:
            continue
        on = (other * n + d) * 2 + 1
        dup = False
        for i in range(k):
            if out[i] == on:
                dup = True
        if dup:
            continue
        out[k] = on
        causes[k] = u
        h = 0
        for i in range(n):
            c = unit_cells[u, i]
            if (source[c] & bit) and not (work[c] & bit):
                hid[k, h] = (c * n + d) * 2
                h += 1
        hid_n[k] = h
        k += 1
    return k


@njit(cache=True)
def _store_add(s, pid, nparents, st, sc, cause=NONE):
    """Append a record whose parents are sc.parents[:nparents], with its cause; -1 when the slot is full."""
    r = _add(s, pid, sc[7], nparents, st[0], st[1], st[2], st[3], st[4], st[5])
    if r >= 0:
        st[7][s, r] = cause
        st[8][s, r] = -1
    return r


@njit(cache=True)
def propagate(s, start, dynamic, y, n, cand, geo, st, sc, level=0):
    """SE's doChaining from one potential into run slot s: every on first, then one off, until nothing moves
    (level >= 1: then SE's "advanced" rules on the narrowed grid may force more offs, see `_advanced`).

    geo = (cell_units, unit_cells, pair_ptr, pair_idx); st = the stores; sc = scratch (see Stores).
    Afterwards sc.result[0], sc.result[1] = the on and off records that contradict each other (or -1) and
    sc.result[2] = status."""
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    st_pid, nrec, npar, pmap = st[0], st[4], st[5], st[6]
    work, qon, qoff, mark, tmp, hid_n, hid, parents, result = sc[0], sc[1], sc[2], sc[3], sc[4], sc[5], sc[6], sc[7], sc[8]
    causes = sc[18]
    reset_slot(s, st)
    result[0] = -1
    result[1] = -1
    result[2] = OK
    for c in range(work.shape[0]):
        work[c] = cand[c]
    r0 = _store_add(s, start, 0, st, sc)
    pmap[s, start] = r0
    hon, ton, hoff, toff = 0, 0, 0, 0
    if start & 1:
        qon[ton] = r0
        ton += 1
    else:
        qoff[toff] = r0
        toff += 1
    while True:
        if hon < ton:
            r = qon[hon]
            hon += 1
            k = _on_to_off(st_pid[s, r], y, n, work, cell_units, unit_cells, pair_ptr, pair_idx, mark, tmp,
                           causes)
            for i in range(k):
                e = tmp[i]
                parents[0] = r
                if pmap[s, e + 1] >= 0:
                    x = _store_add(s, e, 1, st, sc, causes[i])
                    if x < 0:
                        result[2] = OVERFLOW
                        return
                    result[0] = pmap[s, e + 1]
                    result[1] = x
                    return
                if pmap[s, e] < 0:
                    x = _store_add(s, e, 1, st, sc, causes[i])
                    if x < 0:
                        result[2] = OVERFLOW
                        return
                    pmap[s, e] = x
                    qoff[toff] = x
                    toff += 1
            continue
        if hoff < toff:
            r = qoff[hoff]
            hoff += 1
            p = st_pid[s, r]
            k = _off_to_on(p, y, True, n, work, cand, cell_units, unit_cells, tmp, hid_n, hid, causes)
            if dynamic:
                work[p // 2 // n] &= ~(np.uint64(1) << np.uint64(p // 2 % n))
            for i in range(k):
                e = tmp[i]
                parents[0] = r
                for h in range(hid_n[i]):
                    parents[1 + h] = pmap[s, hid[i, h]]
                if pmap[s, e - 1] >= 0:
                    x = _store_add(s, e, 1 + hid_n[i], st, sc, causes[i])
                    if x < 0:
                        result[2] = OVERFLOW
                        return
                    result[0] = x
                    result[1] = pmap[s, e - 1]
                    return
                if pmap[s, e] < 0:
                    x = _store_add(s, e, 1 + hid_n[i], st, sc, causes[i])
                    if x < 0:
                        result[2] = OVERFLOW
                        return
                    pmap[s, e] = x
                    qon[ton] = x
                    ton += 1
            continue
        if level == 0:
            return
        added = _advance(s, n, cand, work, geo, st, sc)
        if added < 0:
            result[2] = OVERFLOW
            return
        if added == 0:
            return
        for i in range(added):
            qoff[toff] = sc[16][i]
            toff += 1


@njit(cache=True)
def _advance(s, n, cand, work, geo, st, sc):
    """Run SE's advanced rules on the narrowed grid and record their new off potentials in slot s; returns how many
    were new (their records in sc[16]), or -1 on overflow."""
    pmap = st[6]
    adv, adv_par, parents, fresh = sc[13], sc[14], sc[15], sc[16]
    k = _advanced(n, cand, work, geo, sc[12], adv, adv_par)
    new = 0
    for i in range(k):
        e = adv[i, 0]
        if pmap[s, e] >= 0:
            continue
        np_ = 0
        for j in range(adv[i, 1], adv[i, 2]):
            r = pmap[s, adv_par[j]]
            if r >= 0:
                parents[np_] = r
                np_ += 1
        x = _add(s, e, parents, np_, st[0], st[1], st[2], st[3], st[4], st[5])
        if x < 0:
            return -1
        st[7][s, x] = ADVANCED
        st[8][s, x] = -1
        pmap[s, e] = x
        fresh[new] = x
        new += 1
    return new


@njit(cache=True)
def _lost(c, d, cand, work):
    """True if the narrowed grid lost candidate d of cell c."""
    bit = np.uint64(1) << np.uint64(d)
    return (cand[c] & bit) != 0 and (work[c] & bit) == 0


@njit(cache=True)
def _in_unit(c, u, unit_cells, n):
    """True if cell c belongs to unit u."""
    for j in range(n):
        if unit_cells[u, j] == c:
            return True
    return False


@njit(cache=True)
def _advanced(n, cand, work, geo, placed, adv, adv_par):
    """SE's advanced rules for dynamic chains "(+)": locked candidates, hidden pairs, naked pairs, X-Wings, in this
    order, on the narrowed grid: the offs of every instance of the first rule that has one whose pattern needed an
    erased candidate. adv[k] = (off pid, parents start, parents end) into adv_par (erased candidates' off pids);
    returns the count."""
    k = _adv_locking(n, cand, work, geo, adv, adv_par)
    if k == 0:
        k = _adv_hidden_pairs(n, cand, work, geo, adv, adv_par)
    if k == 0:
        k = _adv_naked_pairs(n, cand, work, geo, adv, adv_par)
    if k == 0:
        k = _adv_x_wings(n, cand, work, geo, placed, adv, adv_par)
    return k


@njit(cache=True)
def _adv_locking(n, cand, work, geo, adv, adv_par):
    """Locked candidates on the narrowed grid (SE's Locking scan order); parents: the erased places of the digit
    in the first house outside the second."""
    unit_cells, cross, group_end = geo[1], geo[6], geo[7]
    k = 0
    npar = 0
    g0 = 0
    for g in range(group_end.shape[0]):
        g1 = group_end[g]
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            for i in range(g0, g1):
                a, b = cross[i, 0], cross[i, 1]
                count = 0
                inside = True
                for j in range(n):
                    c = unit_cells[a, j]
                    if work[c] & bit:
                        count += 1
                        inside = inside and _in_unit(c, b, unit_cells, n)
                if count < 2 or not inside:
                    continue
                p0 = npar
                for j in range(n):
                    c = unit_cells[a, j]
                    if _lost(c, d, cand, work) and not _in_unit(c, b, unit_cells, n):
                        adv_par[npar] = (c * n + d) * 2
                        npar += 1
                k0 = k
                for j in range(n):
                    c = unit_cells[b, j]
                    if work[c] & bit and not _in_unit(c, a, unit_cells, n):
                        adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + d) * 2, p0, npar
                        k += 1
                if npar == p0:
                    k = k0
                if k + n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                    return k
        g0 = g1
    return k


@njit(cache=True)
def _empty_count(u, n, cand, unit_cells):
    """The unsolved cells of unit u (in the real grid)."""
    count = 0
    for j in range(n):
        if cand[unit_cells[u, j]] != 0:
            count += 1
    return count


@njit(cache=True)
def _adv_hidden_pairs(n, cand, work, geo, adv, adv_par):
    """Hidden pairs on the narrowed grid (boxes, columns, rows; digit pairs in SE's order); parents: the erased
    places of both digits outside the pair."""
    unit_cells, set_units = geo[1], geo[8]
    k = 0
    npar = 0
    for iu in range(set_units.shape[0]):
        u = set_units[iu]
        if _empty_count(u, n, cand, unit_cells) <= 4:
            continue
        for d2 in range(1, n):
            for d1 in range(d2):
                both = (np.uint64(1) << np.uint64(d1)) | (np.uint64(1) << np.uint64(d2))
                c1 = 0
                c2 = 0
                union = 0
                for j in range(n):
                    w = work[unit_cells[u, j]]
                    c1 += (w >> np.uint64(d1)) & np.uint64(1)
                    c2 += (w >> np.uint64(d2)) & np.uint64(1)
                    union += 1 if w & both else 0
                if c1 < 2 or c2 < 2 or union != 2:
                    continue
                p0 = npar
                for j in range(n):
                    c = unit_cells[u, j]
                    if not work[c] & both:
                        for d in (d1, d2):
                            if (cand[c] >> np.uint64(d)) & np.uint64(1):
                                adv_par[npar] = (c * n + d) * 2
                                npar += 1
                k0 = k
                for j in range(n):
                    c = unit_cells[u, j]
                    if work[c] & both:
                        for d in range(n):
                            if d != d1 and d != d2 and (work[c] >> np.uint64(d)) & np.uint64(1):
                                adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + d) * 2, p0, npar
                                k += 1
                if npar == p0:
                    k = k0
                if k + 2 * n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                    return k
    return k


@njit(cache=True)
def _adv_naked_pairs(n, cand, work, geo, adv, adv_par):
    """Naked pairs on the narrowed grid (boxes, columns, rows; cell pairs in SE's order); parents: the erased
    candidates of the two cells."""
    unit_cells, set_units = geo[1], geo[8]
    k = 0
    npar = 0
    for iu in range(set_units.shape[0]):
        u = set_units[iu]
        if _empty_count(u, n, cand, unit_cells) < 4:
            continue
        for j2 in range(1, n):
            for j1 in range(j2):
                a = unit_cells[u, j1]
                b = unit_cells[u, j2]
                m = work[a] | work[b]
                if popcount(work[a]) < 2 or popcount(work[b]) < 2 or popcount(m) != 2:
                    continue
                p0 = npar
                for c in (a, b):
                    for d in range(n):
                        if _lost(c, d, cand, work) and not (m >> np.uint64(d)) & np.uint64(1):
                            adv_par[npar] = (c * n + d) * 2
                            npar += 1
                k0 = k
                for j in range(n):
                    c = unit_cells[u, j]
                    if c != a and c != b:
                        for d in range(n):
                            if ((work[c] & m) >> np.uint64(d)) & np.uint64(1):
                                adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + d) * 2, p0, npar
                                k += 1
                if npar == p0:
                    k = k0
                if k + 2 * n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                    return k
    return k


@njit(cache=True)
def _adv_x_wings(n, cand, work, geo, placed, adv, adv_par):
    """X-Wings on the narrowed grid (column bases, then row bases; SE's order); parents: the erased places of the
    digit in the base lines outside the cover lines."""
    unit_cells = geo[1]
    k = 0
    npar = 0
    for base_rows in range(2):
        off = 0 if base_rows else n
        for l2 in range(1, n):
            for l1 in range(l2):
                for d in range(n):
                    if placed[d] + 4 > n:
                        continue
                    bit = np.uint64(1) << np.uint64(d)
                    cover = 0
                    ok = True
                    for line in (l1, l2):
                        count = 0
                        for j in range(n):
                            if work[unit_cells[off + line, j]] & bit:
                                count += 1
                                cover |= 1 << j
                        ok = ok and count >= 2
                    if not ok or popcount(np.uint64(cover)) != 2:
                        continue
                    p0 = npar
                    for line in (l1, l2):
                        for j in range(n):
                            c = unit_cells[off + line, j]
                            if not (cover >> j) & 1 and _lost(c, d, cand, work):
                                adv_par[npar] = (c * n + d) * 2
                                npar += 1
                    k0 = k
                    for j in range(n):
                        if (cover >> j) & 1:
                            cover_unit = (n - off) + j
                            for i in range(n):
                                c = unit_cells[cover_unit, i]
                                if i != l1 and i != l2 and work[c] & bit:
                                    adv[k, 0], adv[k, 1], adv[k, 2] = (c * n + d) * 2, p0, npar
                                    k += 1
                    if npar == p0:
                        k = k0
                    if k + 2 * n >= adv.shape[0] or npar + 2 * n >= adv_par.shape[0]:
                        return k
    return k


@njit(cache=True)
def ancestors(s, r, st, sc):
    """SE's ancestor count of record r: the distinct potentials among r and all that forced it, walked
    breadth-first (the first record met stands for its potential, as in SE's Potential.getAncestorCount)."""
    st_pid, st_p0, st_pn, st_par = st[0], st[1], st[2], st[3]
    stamp, tick, q = sc[9], sc[10], sc[11]
    tick[0] += 1
    t = tick[0]
    head, tail = 0, 1
    q[0] = r
    count = 0
    while head < tail:
        x = q[head]
        head += 1
        pid = st_pid[s, x]
        if stamp[pid] == t:
            continue
        stamp[pid] = t
        count += 1
        p0 = st_p0[s, x]
        for i in range(st_pn[s, x]):
            q[tail] = st_par[s, p0 + i]
            tail += 1
    return count


@njit(cache=True)
def _better(best, diff, cplx, key):
    """True if (difficulty, complexity, sort key) ranks strictly before the best hint so far."""
    if diff != best[0]:
        return diff < best[0]
    if cplx != best[1]:
        return cplx < best[1]
    return key < best[2]


@njit(cache=True)
def _offer(best, elim, diff, cplx, key, kind, source, target, house, n, cand):
    """Keep a single-target hint (off: the target candidate goes; on: the target cell's other candidates go)."""
    if not _better(best, diff, cplx, key):
        return
    cell = target // 2 // n
    d = target // 2 % n
    k = 0
    if target & 1:
        for v in range(n):
            if v != d and (cand[cell] >> np.uint64(v)) & np.uint64(1):
                elim[k, 0] = cell
                elim[k, 1] = v + 1
                k += 1
        if k == 0:
            return
    else:
        elim[0, 0] = cell
        elim[0, 1] = d + 1
        k = 1
    best[0], best[1], best[2], best[3] = diff, cplx, key, kind
    best[4], best[5], best[6], best[7] = source, target, house, k


@njit(cache=True)
def _worth(target, n, cand):
    """True if a single-target hint removes something (an on target's cell has other candidates)."""
    if not target & 1:
        return True
    cell = target // 2 // n
    return popcount(cand[cell] & ~(np.uint64(1) << np.uint64(target // 2 % n))) > 0


@njit(cache=True)
def _digits(m, n, out):
    """The digit indices of a candidate mask into out; returns how many."""
    k = 0
    for v in range(n):
        if (m >> np.uint64(v)) & np.uint64(1):
            out[k] = v
            k += 1
    return k


@njit(cache=True)
def _cover(vals, nvals, slot0, pid, st, sc):
    """SE's 'retainAll' test: the records of pid in every run slot slot0 + vals[i] (or -1 where one lacks it);
    the complexity (sum of ancestor counts) when all have it, else -1."""
    pmap = st[6]
    total = 0
    for i in range(nvals):
        r = pmap[slot0 + vals[i], pid]
        if r < 0:
            return -1
    for i in range(nvals):
        total += ancestors(slot0 + vals[i], pmap[slot0 + vals[i], pid], st, sc)
    return total


@njit(cache=True)
def multiple_best(multiple, dynamic, nishio, level, base, n, cand, geo, st, sc, best, elim):
    """SE's getMultipleChainsHintList (Nishio, multiple and dynamic forcing chains, level 0): the best hint into
    best/elim. Run slots: d = the on run of digit d of the current cell, N = its off run, N+1.. = the runs from
    the other places of a digit in a house (region chains). Returns OK or OVERFLOW."""
    st_pid, nrec, pmap = st[0], st[4], st[6]
    result = sc[8]
    vals = np.empty(n, np.int64)
    slots = np.empty(n, np.int64)
    unit_cells, cell_units = geo[1], geo[0]
    y = not nishio
    best[0] = BIG
    best[7] = 0
    for cell in range(cand.shape[0]):
        m = cand[cell]
        card = popcount(m)
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        nv = _digits(m, n, vals)
        do_double = card >= 3 and dynamic and not nishio
        do_contra = dynamic or nishio
        for iv in range(nv):
            d = vals[iv]
            on = (cell * n + d) * 2 + 1
            propagate(d, on, dynamic, y, n, cand, geo, st, sc, level)
            if result[2] != OK:
                return OVERFLOW
            if do_contra and result[0] >= 0:
                c = ancestors(d, result[0], st, sc) + ancestors(d, result[1], st, sc)
                _offer(best, elim, base + length_tenths(c), c, 7, K_CONTRA_OFF, on, on - 1, -1, n, cand)
            propagate(n, on - 1, dynamic, y, n, cand, geo, st, sc, level)
            if result[2] != OK:
                return OVERFLOW
            if do_contra and result[0] >= 0:
                c = ancestors(n, result[0], st, sc) + ancestors(n, result[1], st, sc)
                _offer(best, elim, base + length_tenths(c), c, 7, K_CONTRA_ON, on - 1, on, -1, n, cand)
            if do_double:
                for want in (1, 0):
                    for r in range(nrec[d]):
                        pid = st_pid[d, r]
                        if pid & 1 != want or pmap[d, pid] != r:
                            continue
                        r2 = pmap[n, pid]
                        if r2 < 0 or not _worth(pid, n, cand):
                            continue
                        c = ancestors(d, r, st, sc) + ancestors(n, r2, st, sc)
                        kind = K_DOUBLE_ON if want else K_DOUBLE_OFF
                        _offer(best, elim, base + length_tenths(c), c, 1, kind, on, pid, -1, n, cand)
            if not nishio:
                if _regions(cell, d, multiple, dynamic, level, base, n, cand, geo, st, sc, best, elim, slots) != OK:
                    return OVERFLOW
        if not nishio and (card == 2 or (multiple and card > 2)):
            d0 = vals[0]
            for want in (1, 0):
                for r in range(nrec[d0]):
                    pid = st_pid[d0, r]
                    if pid & 1 != want or pmap[d0, pid] != r or not _worth(pid, n, cand):
                        continue
                    c = _cover(vals, nv, 0, pid, st, sc)
                    if c >= 0:
                        _offer(best, elim, base + length_tenths(c), c, 5, K_CELL, (cell * n + d0) * 2 + 1, pid, -1,
                               n, cand)
    return OK


@njit(cache=True)
def _regions(cell, d, multiple, dynamic, level, base, n, cand, geo, st, sc, best, elim, slots):
    """SE's doRegionChainings for (cell, d): in each house where cell is the first of the digit's places, the
    potentials every place forces."""
    cell_units, unit_cells = geo[0], geo[1]
    st_pid, nrec, pmap = st[0], st[4], st[6]
    result = sc[8]
    bit = np.uint64(1) << np.uint64(d)
    y = True
    for j in range(cell_units.shape[1]):
        u = cell_units[cell, j]
        if u < 0:
            break
        count = 0
        first = -1
        for i in range(n):
            c = unit_cells[u, i]
            if cand[c] & bit:
                if first < 0:
                    first = c
                count += 1
        if not (count == 2 or (multiple and count > 2)) or first != cell:
            continue
        ns = 0
        slots[ns] = d
        ns += 1
        for i in range(n):
            c = unit_cells[u, i]
            if c != cell and cand[c] & bit:
                slot = n + ns
                propagate(slot, (c * n + d) * 2 + 1, dynamic, y, n, cand, geo, st, sc, level)
                if result[2] != OK:
                    return OVERFLOW
                slots[ns] = slot
                ns += 1
        for want in (1, 0):
            for r in range(nrec[d]):
                pid = st_pid[d, r]
                if pid & 1 != want or pmap[d, pid] != r or not _worth(pid, n, cand):
                    continue
                total = 0
                for i in range(ns):
                    if pmap[slots[i], pid] < 0:
                        total = -1
                        break
                if total < 0:
                    continue
                for i in range(ns):
                    total += ancestors(slots[i], pmap[slots[i], pid], st, sc)
                _offer(best, elim, base + length_tenths(total), total, 6, K_REGION, (cell * n + d) * 2 + 1, pid, u,
                       n, cand)
    return OK


@njit(cache=True)
def _is_ancestor(s, r, pid, st):
    """SE's isParent: pid is a strict first-parent ancestor of record r."""
    st_pid, st_p0, st_pn, st_par = st[0], st[1], st[2], st[3]
    x = r
    while st_pn[s, x] > 0:
        x = st_par[s, st_p0[s, x]]
        if st_pid[s, x] == pid:
            return True
    return False


@njit(cache=True)
def cycles(s, source, adj_ptr, adj, adj_cause, st, sc, found, limit=1 << 30):
    """SE's doCycles from an on potential: every on, then every off, alternately; offs are not merged, so every
    path is kept; found[] gets the records that lead back to the source after at least 4 steps. Returns how many,
    or -1 on overflow. Records deeper than `limit` links are not made: a chain's length is at least its depth, so
    a caller that only wants chains of at most `limit` potentials loses nothing (levels above it are unchanged)."""
    st_pid, nrec, npar, pmap = st[0], st[4], st[5], st[6]
    qon, qoff, mark, tmp, hid_n, hid, parents = sc[1], sc[2], sc[3], sc[4], sc[5], sc[6], sc[7]
    depth = sc[17]
    reset_slot(s, st)
    r0 = _store_add(s, source, 0, st, sc)
    pmap[s, source] = r0
    depth[r0] = 0
    hon, ton, hoff, toff = 0, 1, 0, 0
    qon[0] = r0
    nfound = 0
    length = 0
    while hon < ton or hoff < toff:
        length += 1
        while hon < ton:
            r = qon[hon]
            hon += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1]):
                e = adj[i]
                if _is_ancestor(s, r, e, st):
                    continue
                parents[0] = r
                xr = _store_add(s, e, 1, st, sc, adj_cause[i])
                if xr < 0 or toff >= qoff.shape[0]:
                    return -1
                depth[xr] = depth[r] + 1
                pmap[s, e] = xr
                qoff[toff] = xr
                toff += 1
        length += 1
        while hoff < toff:
            r = qoff[hoff]
            hoff += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1]):
                e = adj[i]
                parents[0] = r
                if length >= 4 and e == source:
                    xr = _store_add(s, e, 1, st, sc, adj_cause[i])
                    if xr < 0 or nfound >= found.shape[0]:
                        return -1
                    found[nfound] = xr
                    nfound += 1
                if pmap[s, e] < 0:
                    xr = _store_add(s, e, 1, st, sc, adj_cause[i])
                    if xr < 0 or ton >= qon.shape[0]:
                        return -1
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qon[ton] = xr
                    ton += 1
    return nfound


@njit(cache=True)
def forcing(s, source, adj_ptr, adj, adj_cause, st, sc, limit=1 << 30):
    """SE's doForcingChains from one potential (static links, every on then every off, alternately): the record
    that reaches the source's opposite (a forcing chain), -1 if none, -2 on overflow. Records deeper than `limit`
    links are not expanded (see `cycles`)."""
    st_pid, nrec, npar, pmap = st[0], st[4], st[5], st[6]
    qon, qoff, mark, tmp, hid_n, hid, parents = sc[1], sc[2], sc[3], sc[4], sc[5], sc[6], sc[7]
    depth = sc[17]
    reset_slot(s, st)
    r0 = _store_add(s, source, 0, st, sc)
    pmap[s, source] = r0
    depth[r0] = 0
    hon, ton, hoff, toff = 0, 0, 0, 0
    if source & 1:
        qon[0] = r0
        ton = 1
    else:
        qoff[0] = r0
        toff = 1
    opposite = source ^ 1
    while hon < ton or hoff < toff:
        while hon < ton:
            r = qon[hon]
            hon += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1]):
                e = adj[i]
                parents[0] = r
                if e == opposite:
                    # the first chain to the opposite is the one SE keeps; nothing later changes it
                    return _store_add(s, e, 1, st, sc, adj_cause[i]) if nrec[s] < st_pid.shape[1] else -2
                xr = -1
                if pmap[s, e] < 0:
                    if xr < 0:
                        xr = _store_add(s, e, 1, st, sc, adj_cause[i])
                    if xr < 0:
                        return -2
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qoff[toff] = xr
                    toff += 1
        while hoff < toff:
            r = qoff[hoff]
            hoff += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1]):
                e = adj[i]
                parents[0] = r
                if e == opposite:
                    # the first chain to the opposite is the one SE keeps; nothing later changes it
                    return _store_add(s, e, 1, st, sc, adj_cause[i]) if nrec[s] < st_pid.shape[1] else -2
                xr = -1
                if pmap[s, e] < 0:
                    if xr < 0:
                        xr = _store_add(s, e, 1, st, sc, adj_cause[i])
                    if xr < 0:
                        return -2
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qon[ton] = xr
                    ton += 1
    return -1


@njit(cache=True)
def _cycle_removable(s, r, n, cand, geo, st, sc, out):
    """SE's cycle eliminations: candidates (not on the cycle's cells) that see an on node and an off node of
    their own digit on the cycle; returns how many, listed in out."""
    peers_ptr, peers_idx = geo[4], geo[5]
    st_pid, st_p0, st_pn, st_par = st[0], st[1], st[2], st[3]
    stamp, tick = sc[9], sc[10]
    ncells = cand.shape[0]
    tick[0] += 3
    t = tick[0]
    # stamp[cell] = t marks a cycle cell; stamp[ncells + cand] = t - 1 / t - 2 marks seen by on / off nodes
    x = r
    while st_pn[s, x] > 0:
        stamp[st_pid[s, x] // 2 // n] = t
        x = st_par[s, st_p0[s, x]]
    base = ncells
    k = 0
    for side in (1, 0):
        x = r
        while st_pn[s, x] > 0:
            pid = st_pid[s, x]
            if pid & 1 == side:
                cell = pid // 2 // n
                d = pid // 2 % n
                bit = np.uint64(1) << np.uint64(d)
                for i in range(peers_ptr[cell], peers_ptr[cell + 1]):
                    c = peers_idx[i]
                    if stamp[c] == t or not cand[c] & bit:
                        continue
                    slot = base + c * n + d
                    if side == 1:
                        stamp[slot] = t - 1
                    elif stamp[slot] == t - 1:
                        stamp[slot] = t - 2
                        out[k, 0] = c
                        out[k, 1] = d + 1
                        k += 1
            x = st_par[s, st_p0[s, x]]
    return k


@njit(cache=True)
def static_graph(y, x, n, cand, geo, sc, adj_ptr, adj, adj_cause):
    """Every static link of the grid, in SE's emission order: the children of potential p are
    adj[adj_ptr[p] : adj_ptr[p + 1]] (on -> off with Y links if y; off -> on with Y links if y, X links if x)."""
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    mark, tmp, hid_n, hid, causes = sc[3], sc[4], sc[5], sc[6], sc[18]
    ncells = cand.shape[0]
    k = 0
    for p in range(2 * ncells * n):
        adj_ptr[p] = k
        cell = p // 2 // n
        if not (cand[cell] >> np.uint64(p // 2 % n)) & np.uint64(1):
            continue
        if p & 1:
            m = _on_to_off(p, y, n, cand, cell_units, unit_cells, pair_ptr, pair_idx, mark, tmp, causes)
        else:
            m = _off_to_on(p, y, x, n, cand, cand, cell_units, unit_cells, tmp, hid_n, hid, causes)
        for i in range(m):
            adj[k] = tmp[i]
            adj_cause[k] = causes[i]
            k += 1
    adj_ptr[2 * ncells * n] = k


@njit(cache=True)
def _limit(best, base, key):
    """The most potentials a chain of this price base and sort key may have and still beat the best hint."""
    if best[0] >= BIG:
        return 1 << 30
    c = 0
    while c < 100000 and _better(best, base + length_tenths(c + 1), c + 1, key):
        c += 1
    return c


@njit(cache=True)
def loops_best(n, cand, geo, st, sc, best, elim, tmpelim, found):
    """SE's Forcing Chains & Cycles (level 0, static): X, then Y, then XY cycles and forcing chains; the best hint
    into best/elim. Returns OK or OVERFLOW."""
    best[0] = BIG
    best[7] = 0
    vals = np.empty(n, np.int64)
    npid = 2 * cand.shape[0] * n
    adj_ptr = np.empty(npid + 1, np.int64)
    adj = np.empty(npid * (4 * n + 8), np.int64)
    adj_cause = np.empty(npid * (4 * n + 8), np.int64)
    for mode in range(3):
        y = mode >= 1
        x = mode != 1
        static_graph(y, x, n, cand, geo, sc, adj_ptr, adj, adj_cause)
        key = 2 if mode == 0 else (3 if mode == 1 else 4)
        cyc_base = 70 if mode == 2 else 65
        chain_base = 70 if mode == 2 else 66
        for cell in range(cand.shape[0]):
            m = cand[cell]
            card = popcount(m)
            if card < 2 or (not x and card > 2):
                continue
            nv = _digits(m, n, vals)
            for iv in range(nv):
                on = (cell * n + vals[iv]) * 2 + 1
                nf = cycles(0, on, adj_ptr, adj, adj_cause, st, sc, found, _limit(best, cyc_base, key))
                if nf < 0:
                    return OVERFLOW
                for i in range(nf):
                    k = _cycle_removable(0, found[i], n, cand, geo, st, sc, tmpelim)
                    if k == 0:
                        continue
                    c = ancestors(0, found[i], st, sc)
                    diff = cyc_base + length_tenths(c)
                    if _better(best, diff, c, key):
                        best[0], best[1], best[2], best[3] = diff, c, key, K_CYCLE
                        best[4], best[5], best[6], best[7] = on, on, mode, k
                        for j in range(k):
                            elim[j, 0] = tmpelim[j, 0]
                            elim[j, 1] = tmpelim[j, 1]
                if not x:
                    continue
                for src in (on, on - 1):
                    t = forcing(1, src, adj_ptr, adj, adj_cause, st, sc, _limit(best, chain_base, key))
                    if t == -2:
                        return OVERFLOW
                    if t >= 0:
                        target = st[0][1, t]
                        if _worth(target, n, cand):
                            c = ancestors(1, t, st, sc)
                            _offer(best, elim, chain_base + length_tenths(c), c, key, K_FORCING, src, target, mode,
                                   n, cand)
    return OK
