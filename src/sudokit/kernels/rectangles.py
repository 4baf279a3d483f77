"""Uniqueness rectangles in numba (logic/uniqueness.py keeps the readable finders and makes the steps).

State: values[c] (0 = empty), cand[c] (bit d = digit d + 1), given[c], sees[a, b] (peers; False on the diagonal).
Geometry: rects[k] = (w, x, y, z), every rectangle in the Python finders' order (cell w ascending, its side partners
x, then the parallel sides y under w, z under x), and cell_units[c] = the houses of cell c (-1 padded). Plain
houses only (rows, columns, boxes or regions): a cell's peers are its houses' cells.

    unique_rectangles(...)   the rectangles of logic/uniqueness.unique_rectangles, in its order, into out
    avoidable_any(...)       True if logic/uniqueness.avoidable_rectangles yields a step
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount


@njit(cache=True)
def allowed(n, marked, values, cand, cell_units, placed, free):
    """Per cell, the digits no placed peer holds (0 for a filled cell), or the candidates on a pencilmark puzzle
    (logic/uniqueness.allowed); placed: one scratch mask per house."""
    ncells = values.shape[0]
    if marked:
        for c in range(ncells):
            free[c] = cand[c]
        return
    placed[:] = 0
    for c in range(ncells):
        if values[c]:
            for i in range(cell_units.shape[1]):
                u = cell_units[c, i]
                if u >= 0:
                    placed[u] |= np.uint64(1) << np.uint64(values[c] - 1)
    full = (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    for c in range(ncells):
        if values[c]:
            free[c] = 0
            continue
        m = np.uint64(0)
        for i in range(cell_units.shape[1]):
            u = cell_units[c, i]
            if u >= 0:
                m |= placed[u]
        free[c] = full & ~m


@njit(cache=True)
def _same(out, k, w, x, y, z):
    """True if one of the first k rectangles of out has the cells w, x, y, z (in any order)."""
    for i in range(k):
        hit = 0
        for j in range(4):
            c = out[i, j]
            if c == w or c == x or c == y or c == z:
                hit += 1
        if hit == 4:
            return True
    return False


@njit(cache=True)
def unique_rectangles(n, marked, values, cand, rects, cell_units, placed, free, out):
    """The rectangles of four empty cells allowing a and b, one of them holding only a and b, each cell set once:
    out[i] = (w, x, y, z, a, b) (digits 1-based); their number."""
    allowed(n, marked, values, cand, cell_units, placed, free)
    k = 0
    for r in range(rects.shape[0]):
        w, x, y, z = rects[r, 0], rects[r, 1], rects[r, 2], rects[r, 3]
        m = cand[w]
        if popcount(m) != 2 or free[x] & m != m or free[y] & m != m or free[z] & m != m:
            continue
        if _same(out, k, w, x, y, z):
            continue
        a, b = ctz(m), ctz(m & (m - np.uint64(1)))
        out[k, 0], out[k, 1], out[k, 2], out[k, 3], out[k, 4], out[k, 5] = w, x, y, z, a + 1, b + 1
        k += 1
    return k


@njit(cache=True)
def _free(c, values, given):
    """True if cell c was solved on the way, not given."""
    return values[c] != 0 and not given[c]


@njit(cache=True)
def _open(c, d, values, cand, given):
    """1 if far corner c is open for digit d (two candidates, d one of them), 0 if it is solved with d on the way,
    -1 if it spoils the rectangle (logic/uniqueness._ar_open)."""
    if values[c]:
        return 0 if values[c] == d and not given[c] else -1
    if (cand[c] >> np.uint64(d - 1)) & np.uint64(1) and popcount(cand[c]) == 2:
        return 1
    return -1


@njit(cache=True)
def avoidable_any(values, cand, given, sees, rects, wptr):
    """True if some rectangle with a solved side w,x (not givens, different digits) gives an Avoidable Rectangle
    step of type 1 or 2. Every time a rectangle recurs it has the same far corners and digits, so its outcome is
    that of its first time (the Python finder's), and any outcome here is one there. wptr[w] .. wptr[w + 1] - 1:
    the rectangles of cell w (rects is sorted by w, then x): only solved cells' are read (it looked at all ~1900
    rectangles of a 9x9 grid, ~15 us a call; now ~1-2)."""
    for w in range(wptr.shape[0] - 1):
        if not _free(w, values, given):
            continue
        r = wptr[w]
        while r < wptr[w + 1]:
            x = rects[r, 1]
            if not _free(x, values, given) or values[w] == values[x]:
                while r < wptr[w + 1] and rects[r, 1] == x:
                    r += 1
                continue
            if _avoids(rects[r, 2], rects[r, 3], w, x, values, cand, given, sees):
                return True
            r += 1
    return False


@njit(cache=True)
def _avoids(y, z, w, x, values, cand, given, sees):
    """True if far corners y (under w) and z (under x) of solved side w,x make a type 1 or 2 step."""
    oy = _open(y, values[x], values, cand, given)
    oz = _open(z, values[w], values, cand, given)
    if oy < 0 or oz < 0 or oy + oz == 0:
        return False
    if oy + oz == 1:
        return True
    zy = cand[y] & ~(np.uint64(1) << np.uint64(values[x] - 1))
    zz = cand[z] & ~(np.uint64(1) << np.uint64(values[w] - 1))
    if zy != zz:
        return False
    for c in range(cand.shape[0]):
        if sees[y, c] and sees[z, c] and cand[c] & zy:
            return True
    return False


@njit(cache=True)
def ur_screen(n, marked, values, cand, rects, cell_units, unit_cells, sees, placed, free, out, flags, pool):
    """unique_rectangles into out, and per rectangle flags[i]: bit 0 if logic/uniqueness.uniqueness_tests has a
    step of it (Tests 1-6, their own conditions), bit 1 if hidden_rectangles has one; returns the count. cell_units
    [c] = (box, row, column, ...) of cell c (houses as rows 0..n-1, columns n..2n-1, boxes); pool: n scratch."""
    k = unique_rectangles(n, marked, values, cand, rects, cell_units, placed, free, out)
    for i in range(k):
        a, b = out[i, 4] - 1, out[i, 5] - 1
        both = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
        f = 0
        if _ut_any(out[i], a, b, both, n, cand, cell_units, unit_cells, sees, pool):
            f |= 1
        if _hr_any(out[i], a, b, both, n, cand):
            f |= 2
        flags[i] = f
    return k


@njit(cache=True)
def _in_rect(c, r):
    """True if cell c is a corner of rectangle row r."""
    return c == r[0] or c == r[1] or c == r[2] or c == r[3]


@njit(cache=True)
def _ut_any(r, a, b, both, n, cand, cell_units, unit_cells, sees, pool):
    """True if one of Tests 1-6 eliminates on rectangle r (logic/uniqueness._ut1 .. _ut6)."""
    e0 = e1 = -1
    ne = 0
    more = np.uint64(0)
    for j in range(4):
        c = r[j]
        if cand[c] & ~both:
            more |= cand[c] & ~both
            if ne == 0:
                e0 = c
            elif ne == 1:
                e1 = c
            ne += 1
    if ne == 1:
        return (cand[e0] & both) != 0
    if ne != 2 and ne != 3:
        return False
    if popcount(more) == 1:  # Tests 2 and 5: z leaves the cells seeing every extra cell
        for c in range(cand.shape[0]):
            if cand[c] & more and not _in_rect(c, r):
                ok = True
                for j in range(4):
                    x = r[j]
                    if cand[x] & ~both and not sees[x, c]:
                        ok = False
                if ok:
                    return True
    if ne == 3:
        return False
    aligned = e0 // n == e1 // n or e0 % n == e1 % n
    pseudo = (cand[e0] | cand[e1]) & ~both
    for s in range(3):  # Test 3 in each house holding both extra cells
        u = cell_units[e0, s]
        shared = False
        for t in range(3):
            if cell_units[e1, t] == u:
                shared = True
        if shared and _ut3_any(u, s, e0, e1, r, both, pseudo, n, cand, cell_units, unit_cells, pool):
            return True
    if aligned:  # Test 4: one digit has no place seeing both extra cells but them: the other leaves both
        for side in range(2):
            lock = a if side == 0 else b
            gone = b if side == 0 else a
            lb = np.uint64(1) << np.uint64(lock)
            gb = np.uint64(1) << np.uint64(gone)
            if not (cand[e0] & gb or cand[e1] & gb) or not (cand[e0] & lb or cand[e1] & lb):
                continue
            free_lock = True
            for c in range(cand.shape[0]):
                if cand[c] & lb and c != e0 and c != e1 and sees[e0, c] and sees[e1, c]:
                    free_lock = False
            if free_lock:
                return True
        return False
    for side in range(2):  # Test 6: a digit with no place in the rectangle's rows and columns outside it
        d = a if side == 0 else b
        bit = np.uint64(1) << np.uint64(d)
        if not (cand[e0] & bit or cand[e1] & bit):
            continue
        outside = False
        for c in range(cand.shape[0]):
            if cand[c] & bit and not _in_rect(c, r):
                if c // n == e0 // n or c // n == e1 // n or c % n == e0 % n or c % n == e1 % n:
                    outside = True
        if not outside:
            return True
    return False


@njit(cache=True)
def _ut3_any(u, s, e0, e1, r, both, pseudo, n, cand, cell_units, unit_cells, pool):
    """True if a naked set of the pseudo cell (extra cells e0, e1) and cells of house u eliminates (s: u is cell
    e0's box (0), row (1) or column (2)); pools past 16 cells say True (Python decides)."""
    m = 0
    for j in range(n):
        c = unit_cells[u, j]
        if cand[c] and not cand[c] & both and not _in_rect(c, r):
            pool[m] = c
            m += 1
    if m > 16:
        return True
    box = cell_units[e0, 0]
    for g in range(1, 1 << m):
        union = pseudo
        size = 0
        for j in range(m):
            if (g >> j) & 1:
                union |= cand[pool[j]]
                size += 1
        if popcount(union) != size + 1 or size + 1 > 8:
            continue
        in_row = e0 // n == e1 // n
        in_col = e0 % n == e1 % n
        in_box = cell_units[e1, 0] == box
        for j in range(m):
            if (g >> j) & 1:
                c = pool[j]
                in_row = in_row and c // n == e0 // n
                in_col = in_col and c % n == e0 % n
                in_box = in_box and cell_units[c, 0] == box
        if s == 0 and (in_row or in_col):
            continue  # the same set in a row or column was reported there
        for side in range(2):
            if side == 1 and (s == 0 or not in_box):
                break
            v = u if side == 0 else box
            for j in range(n):
                c = unit_cells[v, j]
                if c == e0 or c == e1 or not cand[c] & union:
                    continue
                member = False
                for t in range(m):
                    if (g >> t) & 1 and pool[t] == c:
                        member = True
                if not member:
                    return True
    return False


@njit(cache=True)
def _hr_any(r, a, b, both, n, cand):
    """True if hidden_rectangles has a step on rectangle r (logic/uniqueness._hr_steps)."""
    t0 = t1 = -1
    nt = 0
    for j in range(4):
        c = r[j]
        if not cand[c] & ~both:
            if nt == 0:
                t0 = c
            else:
                t1 = c
            nt += 1
    if nt == 2 and (t0 // n == t1 // n or t0 % n == t1 % n):
        return False
    if nt != 1 and nt != 2:
        return False
    for i in range(nt):
        corner = t0 if i == 0 else t1
        far = -1
        for j in range(4):
            c = r[j]
            if c // n != corner // n and c % n != corner % n:
                far = c
        for side in range(2):
            lock = a if side == 0 else b
            gone = b if side == 0 else a
            if not (cand[far] >> np.uint64(gone)) & np.uint64(1):
                continue
            lb = np.uint64(1) << np.uint64(lock)
            free_lines = True
            for c in range(cand.shape[0]):
                if cand[c] & lb and not _in_rect(c, r) and (c // n == far // n or c % n == far % n):
                    free_lines = False
            if free_lines:
                return True
    return False
