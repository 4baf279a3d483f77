"""Sudoku Explainer's doChaining (dynamic, with its "advanced" rules) over the stores of kernels/links.py.

`propagate` runs one implication run; at level >= 1, when nothing moves, SE's advanced rules (locked candidates,
hidden pairs, naked pairs, X-Wings) on the narrowed grid may force more offs, each with the erased candidates its
pattern needed as parents.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import popcount
from .links import ADVANCED, OK, OVERFLOW, _add, _off_to_on, _on_to_off, _store_add, reset_slot


@njit(cache=True)
def propagate(s, start, dynamic, y, n, cand, geo, st, sc, level=0):
    """SE's doChaining from one potential into run slot s: every on first, then one off, until nothing moves
    (level >= 1: then SE's "advanced" rules on the narrowed grid may force more offs, see `_advanced`).

    geo = (cell_units, unit_cells, pair_ptr, pair_idx); st = the stores; sc = scratch (see Stores).
    Afterwards sc.result[0], sc.result[1] = the on and off records that contradict each other (or -1) and
    sc.result[2] = status."""
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    st_pid, pmap = st[0], st[6]
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
