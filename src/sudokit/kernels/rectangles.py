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
def avoidable_any(values, cand, given, sees, rects):
    """True if some rectangle with a solved side w,x (not givens, different digits) gives an Avoidable Rectangle
    step of type 1 or 2. Every time a rectangle recurs it has the same far corners and digits, so its outcome is
    that of its first time (the Python finder's), and any outcome here is one there."""
    for r in range(rects.shape[0]):
        w, x, y, z = rects[r, 0], rects[r, 1], rects[r, 2], rects[r, 3]
        if not _free(w, values, given) or not _free(x, values, given) or values[w] == values[x]:
            continue
        oy = _open(y, values[x], values, cand, given)
        oz = _open(z, values[w], values, cand, given)
        if oy < 0 or oz < 0 or oy + oz == 0:
            continue
        if oy + oz == 1:
            return True
        zy = cand[y] & ~(np.uint64(1) << np.uint64(values[x] - 1))
        zz = cand[z] & ~(np.uint64(1) << np.uint64(values[w] - 1))
        if zy != zz:
            continue
        for c in range(cand.shape[0]):
            if sees[y, c] and sees[z, c] and cand[c] & zy:
                return True
    return False
