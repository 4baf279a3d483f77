"""Sudoku Explainer's "advanced" rules for dynamic chains "(+)": locked candidates, hidden pairs, naked pairs and
X-Wings on the grid a dynamic run has narrowed, each instance with the erased candidates its pattern needed."""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import popcount


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
