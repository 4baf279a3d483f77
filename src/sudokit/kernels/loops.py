"""The loops of unique rectangles and unique loops (logic/unique_loops.py) in numba: the same loops, in the
same order, as the Python walk finds them.

From every bivalue cell (digits v1, v2), a depth-first walk through houses (box, row, column; never twice in a
row the same kind) over cells holding both digits, allowing two cells with extra digits (or any number whose
extras are one digit), records each return to the start after 4 or more cells. A loop is kept when every house it
touches is visited once from an odd and once from an even position (SE's test). The walk keeps its frames on an
explicit stack.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import popcount


@njit(cache=True)
def _valid(loop, length, cell_units, nunits, even, odd):
    """SE's test of a loop: no house twice among odd or even positions, and the same houses in both."""
    for i in range(length):
        for j in range(3):
            h = cell_units[loop[i], j]
            seen = odd if i % 2 else even
            if seen[h]:
                _clear(loop, length, cell_units, even, odd)
                return False
            seen[h] = True
    ok = True
    for i in range(length):
        for j in range(3):
            h = cell_units[loop[i], j]
            if even[h] != odd[h]:
                ok = False
    _clear(loop, length, cell_units, even, odd)
    return ok


@njit(cache=True)
def _clear(loop, length, cell_units, even, odd):
    """Unmark the houses of a loop."""
    for i in range(length):
        for j in range(3):
            even[cell_units[loop[i], j]] = False
            odd[cell_units[loop[i], j]] = False


@njit(cache=True)
def unique_loops(n, cand, cell_units, unit_cells, out_cells, out_len, out_v):
    """Every valid loop (cells in order into out_cells[k, :out_len[k]], digits out_v[k]); returns how many
    (at most out_cells.shape[0]: the walk stops when the buffer is full)."""
    ncells = cand.shape[0]
    nunits = unit_cells.shape[0]
    maxl = out_cells.shape[1]
    loop = np.empty(ncells, np.int64)
    inloop = np.zeros(ncells, np.bool_)
    fk = np.zeros(ncells, np.int64)
    fi = np.zeros(ncells, np.int64)
    fallow = np.zeros(ncells, np.int64)
    fextra = np.zeros(ncells, np.uint64)
    flast = np.zeros(ncells, np.int64)
    even = np.zeros(nunits, np.bool_)
    odd = np.zeros(nunits, np.bool_)
    count = 0
    for start in range(ncells):
        both = cand[start]
        if popcount(both) != 2:
            continue
        loop[0] = start
        inloop[start] = True
        fk[0], fi[0], fallow[0], fextra[0], flast[0] = 0, 0, 2, 0, -1
        depth = 1
        while depth > 0:
            f = depth - 1
            cell = loop[f]
            if fk[f] >= 3:
                inloop[cell] = False
                depth -= 1
                continue
            if fk[f] == flast[f] or fi[f] >= n:
                fk[f] += 1
                fi[f] = 0
                continue
            nxt = unit_cells[cell_units[cell, fk[f]], fi[f]]
            fi[f] += 1
            if nxt == start and depth >= 4:
                if depth <= maxl and _valid(loop, depth, cell_units, nunits, even, odd):
                    if count >= out_cells.shape[0]:
                        for c in range(depth):
                            inloop[loop[c]] = False
                        return count
                    for c in range(depth):
                        out_cells[count, c] = loop[c]
                    out_len[count] = depth
                    out_v[count, 0], out_v[count, 1] = _two(both)
                    count += 1
                continue
            if inloop[nxt] or cand[nxt] & both != both:
                continue
            more = fextra[f] | (cand[nxt] & ~both)
            card = popcount(cand[nxt])
            if card == 2 or popcount(more) == 1 or fallow[f] > 0:
                loop[depth] = nxt
                inloop[nxt] = True
                fk[depth], fi[depth], fextra[depth], flast[depth] = 0, 0, more, fk[f]
                fallow[depth] = fallow[f] - (1 if card > 2 else 0)
                depth += 1
    return count


@njit(cache=True)
def _two(m):
    """The two digits (1-based) of a bivalue mask."""
    a = 0
    while not (m >> np.uint64(a)) & np.uint64(1):
        a += 1
    b = a + 1
    while not (m >> np.uint64(b)) & np.uint64(1):
        b += 1
    return a + 1, b + 1
