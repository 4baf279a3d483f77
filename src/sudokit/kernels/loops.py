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


@njit(cache=True)
def _set(s, c):
    s[c >> 6] |= np.uint64(1) << np.uint64(c & 63)


@njit(cache=True)
def _has(s, c):
    return (s[c >> 6] >> np.uint64(c & 63)) & np.uint64(1) != 0


@njit(cache=True)
def _add_bug(cell, d, peers, bcells, bmask, nb, rest, common, started):
    """logic/unique_loops._add_bug: BUG value d of cell (bcells/bmask in first-seen order, nb[0] of them); common
    narrows to the cells seeing every BUG cell; False when SE gives up (several cells, several values, no common
    cell)."""
    W = common.shape[0]
    bit = np.uint64(1) << np.uint64(d)
    j = -1
    for i in range(nb[0]):
        if bcells[i] == cell:
            j = i
    if j < 0:
        j = nb[0]
        bcells[j] = cell
        bmask[j] = 0
        nb[0] += 1
    bmask[j] |= bit
    rest[cell] &= ~bit
    for w in range(W):
        common[w] = peers[cell, w] if not started[0] else common[w] & peers[cell, w]
    started[0] = True
    allv = np.uint64(0)
    for i in range(nb[0]):
        c = bcells[i]
        common[c >> 6] &= ~(np.uint64(1) << np.uint64(c & 63))
        allv |= bmask[i]
    if nb[0] > 1 and popcount(allv) > 1:
        for w in range(W):
            if common[w]:
                return True
        return False
    return True


@njit(cache=True)
def bug_cells(n, values, cand, unit_cells, peers, bcells, bmask):
    """logic/unique_loops._bug_cells over flat arrays: SE's BUG cells (bcells, in the order the Python dict has
    them) and their BUG values (bmask, bit d = digit d + 1); returns how many, 0 when the grid is no BUG. Houses:
    the 3n rows, columns and boxes (unit_cells rows 0 .. 3n - 1), in SE's order boxes, rows, columns."""
    ncells = cand.shape[0]
    W = peers.shape[1]
    fat = np.zeros(W, np.uint64)
    for c in range(ncells):
        if popcount(cand[c]) >= 3:
            _set(fat, c)
    rest = cand.copy()
    common = np.zeros(W, np.uint64)
    started = np.zeros(1, np.bool_)
    nb = np.zeros(1, np.int64)
    extra = np.empty(ncells, np.int64)
    nextra = -1  # -1: None
    only = 0
    one_value = True
    fatpos = np.empty(n, np.int64)
    for i in range(3 * n):
        house = 2 * n + i if i < n else i - n
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            count = 0
            nf = 0
            for j in range(n):
                c = unit_cells[house, j]
                if cand[c] & bit:
                    count += 1
                    if _has(fat, c):
                        fatpos[nf] = c
                        nf += 1
            if count == 0 or count == 2:
                continue
            if nf == 0:
                return 0
            # the fat places in cell order (unit_cells rows are not sorted for every house kind)
            for a in range(1, nf):
                x = fatpos[a]
                b = a - 1
                while b >= 0 and fatpos[b] > x:
                    fatpos[b + 1] = fatpos[b]
                    b -= 1
                fatpos[b + 1] = x
            if nextra < 0:
                nextra = nf
                for a in range(nf):
                    extra[a] = fatpos[a]
                only = d
            elif one_value:
                if only == d:
                    for a in range(nf):
                        dup = False
                        for b in range(nextra):
                            if extra[b] == fatpos[a]:
                                dup = True
                        if not dup:
                            extra[nextra] = fatpos[a]
                            nextra += 1
                else:
                    one_value = False
            if nf == 1:
                if not _add_bug(fatpos[0], d, peers, bcells, bmask, nb, rest, common, started):
                    return 0
    if one_value and nextra > 0 and nextra > nb[0]:
        for a in range(nextra):
            c = extra[a]
            seen = False
            for b in range(nb[0]):
                if bcells[b] == c:
                    seen = True
            if not seen:
                if not _add_bug(c, only, peers, bcells, bmask, nb, rest, common, started):
                    return 0
    if nb[0] == 0:
        return 0
    # _is_grave: without the BUG values every empty cell is bivalue and every digit has 0 or 2 places a house
    for c in range(ncells):
        if values[c] == 0 and popcount(rest[c]) != 2:
            return 0
    for house in range(3 * n):
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            count = 0
            for j in range(n):
                if rest[unit_cells[house, j]] & bit:
                    count += 1
            if count != 0 and count != 2:
                return 0
    return nb[0]
