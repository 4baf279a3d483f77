"""HoDoKu-path finders' hot loops in numba: screens that tell the readable Python finders (logic/) which candidates
are worth turning into steps, so the finder's output (order, steps, texts) stays the Python code's own.

ALS-XZ (logic/als.als_xz): of the RC-linked ALS pairs (a < b), only a few eliminate anything; `xz_hits` marks
those, so Python builds steps for them alone. Measured on the dev bank's 8.5-9.3 band: ALS-XZ was ~15% of a
HoDoKu rating, 36,000 Python pair checks for 57 searches.

Tables as logic/als.Alses keeps them: cells[a, w] (the ALS's cells as words), digits[a] (its digit mask),
zb[a, d, w] (the cells outside ALS a holding digit d + 1 that see every d + 1 of it); links in CSR (ptr, nbr, rcs).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz
from .bits import popcount as _popcount
from .implications import _and_any


@njit(cache=True)
def _outside(x, y, W):
    """True if word row x has a bit outside word row y."""
    for w in range(W):
        if x[w] & ~y[w]:
            return True
    return False


@njit(cache=True)
def xz_hits(ptr, nbr, rcs, digits, cells, zb, n, out):
    """out[j] = 1 for each link j (a -> b, b > a) whose ALS-XZ eliminates, else 0 (logic/als._xz's test)."""
    W = cells.shape[1]
    na = ptr.shape[0] - 1
    for a in range(na):
        for j in range(ptr[a], ptr[a + 1]):
            out[j] = 0
            b = nbr[j]
            if b <= a:
                continue
            rc = rcs[j]
            single = rc & (rc - np.uint64(1)) == 0
            common = digits[a] & digits[b]
            if single:
                common &= ~rc
            hit = False
            for z in range(n):
                if (common >> np.uint64(z)) & np.uint64(1) and _and_any(zb[a, z], zb[b, z], W):
                    hit = True
                    break
            if not hit and not single:
                for side in range(2):
                    x = a if side == 0 else b
                    y = b if side == 0 else a
                    rest = digits[x] & ~rc
                    for z in range(n):
                        if (rest >> np.uint64(z)) & np.uint64(1) and _outside(zb[x, z], cells[y], W):
                            hit = True
                            break
                    if hit:
                        break
            if hit:
                out[j] = 1


@njit(cache=True)
def sdc_parts(vc, size, line_c, box_c, out):
    """Sue de Coq's line and box parts for one group of intersection cells holding digit mask vc (logic/sue_de_coq
    ._intersection's loops): rows (line subset, box subset) in its order, subsets as bit masks over line_c / box_c
    (the candidate masks of the line's and the box's rest); returns the row count (-1 if out is too small)."""
    plus = _popcount(vc) - size
    nl, nb = line_c.shape[0], box_c.shape[0]
    k = 0
    for li in range(1, 1 << nl):
        ld, lk = _union(line_c, li)
        used = ld & vc
        lx = _popcount(ld & ~vc)
        if not used or lk <= lx or lk - lx >= plus:
            continue
        want = plus - (lk - lx)
        for bi in range(1, 1 << nb):
            bd, bk = _union(box_c, bi)
            if not bd & vc or bd & used or bk - _popcount(bd & ~vc) != want:
                continue
            if k >= out.shape[0]:
                return -1
            out[k, 0] = li
            out[k, 1] = bi
            k += 1
    return k


@njit(cache=True)
def _union(c, sub):
    """(digit mask, cell count) of the cells of c chosen by bit mask sub."""
    d = 0
    k = 0
    j = 0
    while sub:
        if sub & 1:
            d |= c[j]
            k += 1
        sub >>= 1
        j += 1
    return d, k


@njit(cache=True)
def sdc_screen(cand, values, pairs, house_cells, box_of, line_c, box_c, inter_c, hit, last):
    """hit[i] = 1 if line-box pair i (pairs[i] = line, box) has a group of 2+ empty intersection cells and line and
    box parts that complete it (sdc_parts finds a row), else 0: logic/sue_de_coq leaves the other pairs alone.
    box_of[c] marks the box's cells of the pair being screened (scratch, left zeroed); line_c, box_c, inter_c are
    scratch rows of N entries. A rest of more than 20 cells is marked 1 (Python decides). last = (candidates,
    values) per cell of the previous call that wrote this hit (-1: none): a pair's screen reads only its line's and
    box's cells, so a pair none of whose cells changed keeps its hit (a path step changes few houses)."""
    n = house_cells.shape[1]
    none = np.empty((0, 2), np.int64)  # sdc_parts into no rows: -1 at its first row, 0 if it has none
    changed = np.zeros(cand.shape[0], np.bool_)
    for c in range(cand.shape[0]):
        if cand[c] != last[0, c] or values[c] != last[1, c]:
            changed[c] = True
            last[0, c], last[1, c] = cand[c], values[c]
    for i in range(pairs.shape[0]):
        line, box = pairs[i, 0], pairs[i, 1]
        same = True
        for j in range(n):
            if changed[house_cells[line, j]] or changed[house_cells[box, j]]:
                same = False
                break
        if same:
            continue
        for j in range(n):
            box_of[house_cells[box, j]] = 1
        ni = nl = 0
        for j in range(n):
            c = house_cells[line, j]
            if values[c] == 0:
                if box_of[c]:
                    inter_c[ni] = cand[c]
                    ni += 1
                else:
                    line_c[nl] = cand[c]
                    nl += 1
        nb = 0
        for j in range(n):
            c = house_cells[box, j]
            box_of[c] = 0
            if values[c] == 0:
                inside = False
                for jj in range(n):
                    if house_cells[line, jj] == c:
                        inside = True
                if not inside:
                    box_c[nb] = cand[c]
                    nb += 1
        hit[i] = 0
        if ni < 2 or nl == 0 or nb == 0:
            continue
        if nl > 20 or nb > 20:
            hit[i] = 1
            continue
        for g in range(1, 1 << ni):
            size = _popcount(g)
            if size < 2:
                continue
            vc, _ = _union(inter_c, g)
            if _popcount(vc) - size >= 2 and sdc_parts(vc, size, line_c[:nl], box_c[:nb], none) != 0:
                hit[i] = 1
                break


@njit(cache=True)
def finned_rows(where, box_ptr, box_line, box_mask, sizes, top, sashimi, plain, out):
    """Every finned / sashimi fish of one digit with base lines of one kind (logic/finned_fish._box_bases, _bases
    and _covers): where[x] is the digit's places in line x (cross-line numbers), the boxes' lines and their parts in
    CSR (box_ptr; box_line, box_mask), sizes a bit mask of the fish sizes asked, sashimi -1 (both), 0 or 1. Rows
    out[i] = (base lines mask, covers mask, sashimi) in no particular order (the finder sorts them); returns the
    count, or -1 when out is too small."""
    n = where.shape[0]
    ins = np.zeros(n, np.int64)
    part = np.zeros(n, np.int64)
    oth = np.zeros(n, np.int64)
    st_chosen = np.zeros(top + 2, np.int64)
    st_count = np.zeros(top + 2, np.int64)
    st_must = np.zeros(top + 2, np.int64)
    st_next = np.zeros(top + 2, np.int64)
    k = 0
    for b in range(box_ptr.shape[0] - 1):
        in_mask = 0
        nin = 0
        uni = 0
        for e in range(box_ptr[b], box_ptr[b + 1]):
            line = box_line[e]
            part[line] = box_mask[e]
            m = where[line] & box_mask[e]
            ins[line] = m
            if m:
                in_mask |= 1 << line
                nin += 1
                uni |= m
        if nin > 0 and not (plain and (nin < 2 or _popcount(uni) < 2)):
            noth = 0
            for x in range(n):
                if where[x] and not (in_mask >> x) & 1 and _popcount(where[x]) <= top:
                    oth[noth] = x
                    noth += 1
            hi = min(nin - (1 if plain else 0), top)
            g = in_mask
            while g:  # every nonempty subset of the lines with places in the box
                size = _popcount(g)
                if size <= hi:
                    must = 0
                    for x in range(n):
                        if (g >> x) & 1:
                            must |= where[x] & ~ins[x]
                    if _popcount(must) <= top:
                        k = _grow(g, size, must, where, oth, noth, sizes, top, sashimi, plain, part, box_ptr,
                                  box_line, b, st_chosen, st_count, st_must, st_next, out, k)
                        if k < 0:
                            return -1
                g = (g - 1) & in_mask
        for e in range(box_ptr[b], box_ptr[b + 1]):
            part[box_line[e]] = 0
            ins[box_line[e]] = 0
    return k


@njit(cache=True)
def _grow(group, size, must, where, oth, noth, sizes, top, sashimi, plain, part, box_ptr, box_line, b, st_chosen,
          st_count, st_must, st_next, out, k):
    """_bases' search from one group of in-box lines, each base set handed to _fins; returns the row count."""
    d = 0
    st_chosen[0], st_count[0], st_must[0], st_next[0] = group, size, must, 0
    entered = True
    while d >= 0:
        chosen, count, m = st_chosen[d], st_count[d], st_must[d]
        if entered:
            entered = False
            if (sizes >> count) & 1 and _popcount(m) <= count:
                k = _fins(chosen, count, m, where, sashimi, plain, part, box_ptr, box_line, b, out, k)
                if k < 0:
                    return -1
            if count == top:
                d -= 1
                continue
        i = st_next[d]
        pushed = False
        while i < noth:
            grown = m | where[oth[i]]
            i += 1
            if _popcount(grown) <= top:
                st_next[d] = i
                st_chosen[d + 1], st_count[d + 1], st_must[d + 1], st_next[d + 1] = \
                    chosen | (1 << oth[i - 1]), count + 1, grown, i
                d += 1
                entered = True
                pushed = True
                break
        if not pushed:
            d -= 1
    return k


@njit(cache=True)
def _fins(base, kk, must, where, sashimi, plain, part, box_ptr, box_line, b, out, k):
    """_covers: the fish of one base set with fins in box b, as rows; returns the row count (-1: out is full)."""
    n = where.shape[0]
    inside = 0
    for x in range(n):
        if (base >> x) & 1:
            inside |= where[x] & part[x]
    if _popcount(inside | must) <= kk:
        return k
    others = 0
    for e in range(box_ptr[b], box_ptr[b + 1]):
        line = box_line[e]
        if not (base >> line) & 1:
            others |= where[line] & part[line]
    r = kk - _popcount(must)
    free = inside & ~must
    sub = free
    while True:
        if _popcount(sub) == r:
            covers = must | sub
            low = 1 << 30
            for x in range(n):
                if (base >> x) & 1:
                    low = min(low, _popcount(where[x] & covers))
            kind = 1 if low <= 1 else 0
            if (sashimi < 0 or kind == sashimi) and (others & covers or not plain):
                if k >= out.shape[0]:
                    return -1
                out[k, 0], out[k, 1], out[k, 2] = base, covers, kind
                k += 1
        if sub == 0:
            break
        sub = (sub - 1) & free
    return k


@njit(cache=True)
def where_words(cand, out):
    """out[d, w]: the cells holding candidate d + 1 (bit c % 64 of word c // 64), for Candidates.where after a
    numba walk (numpy's bit planes and packbits took ~20 us a state, this ~1)."""
    for d in range(out.shape[0]):
        for w in range(out.shape[1]):
            out[d, w] = 0
    for c in range(cand.shape[0]):
        m = cand[c]
        while m:
            out[ctz(m), c >> 6] |= np.uint64(1) << np.uint64(c & 63)
            m &= m - np.uint64(1)


@njit(cache=True)
def start_candidates(values, ptr, idx, full, cand, words):
    """logic/candidates' start of a grid: cand[c] = the digits (bit d - 1) no peer of empty cell c holds (0 for a
    filled cell; peers of c are idx[ptr[c]:ptr[c + 1]]), and words as where_words leaves them with one more row,
    the filled cells (numpy's reduceat, bit planes and packbits took ~18 us a 9x9 grid)."""
    n = words.shape[0] - 1
    for d in range(n + 1):
        for w in range(words.shape[1]):
            words[d, w] = 0
    for c in range(values.shape[0]):
        bit = np.uint64(1) << np.uint64(c & 63)
        if values[c]:
            cand[c] = 0
            words[n, c >> 6] |= bit
            continue
        seen = np.uint64(0)
        for i in range(ptr[c], ptr[c + 1]):
            v = values[idx[i]]
            if v:
                seen |= np.uint64(1) << np.uint64(v - 1)
        m = full & ~seen
        cand[c] = m
        while m:
            words[ctz(m), c >> 6] |= bit
            m &= m - np.uint64(1)


@njit(cache=True)
def whole(values, cand, units, full):
    """True if no empty cell is without candidates and every house has each digit placed or a place for it
    (logic/candidates' broken test; numpy's passes took ~10 us a 9x9 state)."""
    for c in range(values.shape[0]):
        if values[c] == 0 and cand[c] == 0:
            return False
    for u in range(units.shape[0]):
        have = np.uint64(0)
        for j in range(units.shape[1]):
            c = units[u, j]
            have |= cand[c]
            if values[c]:
                have |= np.uint64(1) << np.uint64(values[c] - 1)
        if have != full:
            return False
    return True
