"""Minlex canonical form of 9x9 puzzles and grids: numba code only.

The transformations that keep a Sudoku valid: transposition (2), the order of the bands and of the rows inside
each band (6^4), the order of the stacks and of the columns inside each (6^4), and a relabelling of the digits:
3,359,232 cell maps. The canonical form is the smallest 81-value string over all of them, blanks (0) first, the
digits relabelled in order of first appearance (the relabelling that minimises a string once the cells are placed).

The search builds the output row by row, keeping every partial transformation that gives the smallest prefix:
a state is (transposed?, the input rows placed so far, a column order refined into blocks, the labels given so
far). Columns are not enumerated: each stack is one block at the start, and placing a row splits a block into
its blank cells (still one block: they tie), its digits already labelled (ascending) and its new digits (which
take the next labels; their order is a real choice, so a state branches over it). The stack order is branched
at the start (6 x 2 states). A level keeps only the (state, row) pairs whose row string is the smallest, so the
states that survive row 9 are exactly the transformations that reach the minimum; blocks still holding several
columns are columns blank in every row, which any order places alike. Their count, times the orders of those
blocks, is the number of automorphisms of the puzzle.

Row strings are compared as int64 keys (9 values of 4 bits). State arrays are caller-supplied and reused; a level
that would exceed their capacity returns OVERFLOW and the caller runs that puzzle again with larger ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit

OVERFLOW = -1
NEW = 15  # a digit with no label yet, while a block is sorted
PERMS = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]], np.int64)
FACT = np.array([1, 1, 2, 6], np.int64)


@njit(cache=True, error_model="numpy")
def stack_shape(A, t, x, colpos, p, lab):
    """The sorted triple of a stack at positions p..p+2 as 12 bits (0 blank, a label, NEW for a new digit)."""
    a = np.int64(NEW)
    b = np.int64(NEW)
    c = np.int64(NEW)
    for j in range(p, p + 3):
        d = A[t, x * 9 + colpos[j]]
        v = np.int64(0) if d == 0 else (np.int64(lab[d]) if lab[d] != 0 else np.int64(NEW))
        if v < a:
            c = b
            b = a
            a = v
        elif v < b:
            c = b
            b = v
        elif v < c:
            c = v
    return (a << 8) | (b << 4) | c


@njit(cache=True, error_model="numpy")
def block_key(A, t, x, colpos, p, q, lab, key, nxt, out):
    """Append the smallest string of the block p..q-1 to key; out[0] = key, out[1] = the next label."""
    zeros = 0
    m = 0
    l0 = 99
    l1 = 99
    l2 = 99
    for j in range(p, q):
        d = A[t, x * 9 + colpos[j]]
        if d == 0:
            zeros += 1
        elif lab[d] == 0:
            m += 1
        else:
            v = lab[d]
            if v < l0:
                l2 = l1
                l1 = l0
                l0 = v
            elif v < l1:
                l2 = l1
                l1 = v
            else:
                l2 = v
    for _ in range(zeros):
        key = key << 4
    if l0 != 99:
        key = (key << 4) | l0
    if l1 != 99:
        key = (key << 4) | l1
    if l2 != 99:
        key = (key << 4) | l2
    for _ in range(m):
        key = (key << 4) | nxt
        nxt += 1
    out[0] = key
    out[1] = nxt


@njit(cache=True, error_model="numpy")
def row_key(A, t, x, colpos, blk, grp, lab, nxt, w):
    """The smallest string of input row x under a state (columns colpos, block starts blk, stack groups grp,
    labels lab, next label nxt), as an int64 key. w: int64 scratch."""
    key = np.int64(0)
    slot = 0
    while slot < 3:
        end = slot + 1
        while end < 3 and not (grp >> end) & 1:
            end += 1
        if end - slot == 1:
            p = 3 * slot
            while p < 3 * slot + 3:
                q = p + 1
                while q < 3 * slot + 3 and not (blk >> q) & 1:
                    q += 1
                block_key(A, t, x, colpos, p, q, lab, key, nxt, w)
                key = w[0]
                nxt = w[1]
                p = q
        else:  # stacks blank so far, in any order: each takes its sorted triple, smallest first
            g = end - slot
            for i in range(g):
                w[4 + i] = stack_shape(A, t, x, colpos, 3 * (slot + i), lab)
            for i in range(1, g):
                v = w[4 + i]
                j = i
                while j > 0 and w[4 + j - 1] > v:
                    w[4 + j] = w[4 + j - 1]
                    j -= 1
                w[4 + j] = v
            for i in range(g):
                for sh in (8, 4, 0):
                    v = (w[4 + i] >> sh) & 15
                    if v == NEW:
                        v = nxt
                        nxt += 1
                    key = (key << 4) | v
        slot = end
    return key


@njit(cache=True, error_model="numpy")
def candidate(rows, k, x):
    """True if input row x may be output row k after rows[0:k] (band structure kept)."""
    for i in range(k):
        if rows[i] == x:
            return False
    if k % 3 == 0:
        for i in range(0, k, 3):
            if rows[i] // 3 == x // 3:
                return False
        return True
    return x // 3 == rows[k - 1] // 3


@njit(cache=True, error_model="numpy")
def stack_orders(A, t, x, colpos, grp, lab, w):
    """How placing row x reorders the stack groups: w[40:43] the base order (old slot per new slot), w[43] the new
    group bits, w[44:47] the start and w[47:50] the length of each run of equal non-blank shapes (branching), w[50]
    their number; returns the number of stack orders (the product of the runs' factorials)."""
    for i in range(3):
        w[40 + i] = i
    newgrp = np.int64(0)
    nruns = 0
    total = 1
    slot = 0
    while slot < 3:
        end = slot + 1
        while end < 3 and not (grp >> end) & 1:
            end += 1
        if end - slot == 1:
            newgrp |= np.int64(1) << slot
        else:
            for i in range(slot, end):
                w[36 + i] = stack_shape(A, t, x, colpos, 3 * i, lab)
            for i in range(slot + 1, end):  # sort the group's slots by shape (stable)
                j = i
                while j > slot and w[36 + w[40 + j - 1]] > w[36 + w[40 + j]]:
                    tmp = w[40 + j]
                    w[40 + j] = w[40 + j - 1]
                    w[40 + j - 1] = tmp
                    j -= 1
            i = slot
            while i < end:
                r = i + 1
                while r < end and w[36 + w[40 + r]] == w[36 + w[40 + i]]:
                    r += 1
                if w[36 + w[40 + i]] == 0:  # still blank: the run stays one group
                    newgrp |= np.int64(1) << i
                else:
                    for j in range(i, r):
                        newgrp |= np.int64(1) << j
                    if r - i >= 2:
                        w[44 + nruns] = i
                        w[47 + nruns] = r - i
                        nruns += 1
                        total *= FACT[r - i]
                i = r
        slot = end
    w[43] = newgrp
    w[50] = nruns
    return total


@njit(cache=True, error_model="numpy")
def expand(A, k, x, s, t_, rows, colpos, blk, grp, lab, nxt, d, cap, o_t, o_rows, o_colpos, o_blk, o_grp, o_lab,
           o_nxt, w):
    """Write the children of state s placing input row x as output row k at d, d+1, ...; the new count of states
    (OVERFLOW when cap is passed). w: int64 scratch [64]."""
    t = t_[s]
    starts = w[0:10]
    mcount = w[10:19]
    olds = w[19:22]
    olab = w[22:25]
    news = w[25:28]
    zc_cols = w[28:31]
    order = w[51:54]
    cp = w[54:63]
    nstack = stack_orders(A, t, x, colpos[s], grp[s], lab[s], w)
    for sb in range(nstack):
        for i in range(3):
            order[i] = w[40 + i]
        code = sb
        for r in range(w[50]):  # permute each run of equal shapes
            a0 = w[44 + r]
            ln = w[47 + r]
            pi = code % FACT[ln]
            code //= FACT[ln]
            if ln == 2:
                if pi == 1:
                    tmp = order[a0]
                    order[a0] = order[a0 + 1]
                    order[a0 + 1] = tmp
            else:
                o0 = order[a0]
                o1 = order[a0 + 1]
                o2 = order[a0 + 2]
                for j in range(3):
                    v = PERMS[pi, j]
                    order[a0 + j] = o0 if v == 0 else (o1 if v == 1 else o2)
        # the column order with the stacks moved, and its blocks (a stack blank so far is one block)
        bk = np.int64(0)
        for i in range(3):
            for j in range(3):
                cp[3 * i + j] = colpos[s, 3 * order[i] + j]
            if order[i] == i and (grp[s] >> i) & 1 and (i == 2 or (grp[s] >> (i + 1)) & 1):
                bk |= (blk[s] >> (3 * i) & 7) << (3 * i)
            else:
                bk |= np.int64(1) << (3 * i)
        nb = 0
        p = 0
        while p < 9:
            starts[nb] = p
            nb += 1
            p += 1
            while p < 9 and not (bk >> p) & 1:
                p += 1
        starts[nb] = 9
        total = 1
        for b in range(nb):
            mcount[b] = 0
            for j in range(starts[b], starts[b + 1]):
                dg = A[t, x * 9 + cp[j]]
                if dg != 0 and lab[s, dg] == 0:
                    mcount[b] += 1
            total *= FACT[mcount[b]]
        if d + total > cap:
            return OVERFLOW
        for child in range(total):
            e = d + child
            o_t[e] = t
            for i in range(9):
                o_rows[e, i] = rows[s, i]
            o_rows[e, k] = x
            for i in range(10):
                o_lab[e, i] = lab[s, i]
            nl = nxt[s]
            nblk = np.int64(0)
            code = child
            for b in range(nb):
                a = starts[b]
                z = starts[b + 1]
                zc = 0
                no = 0
                nn = 0
                for j in range(a, z):
                    col = cp[j]
                    dg = A[t, x * 9 + col]
                    if dg == 0:
                        zc_cols[zc] = col
                        zc += 1
                    elif lab[s, dg] != 0:
                        v = lab[s, dg]
                        i = no
                        while i > 0 and olab[i - 1] > v:
                            olab[i] = olab[i - 1]
                            olds[i] = olds[i - 1]
                            i -= 1
                        olab[i] = v
                        olds[i] = col
                        no += 1
                    else:
                        news[nn] = col
                        nn += 1
                perm = 0
                if nn >= 2:
                    perm = code % FACT[nn]
                    code //= FACT[nn]
                q = a
                if zc > 0:
                    nblk |= np.int64(1) << q
                    for i in range(zc):
                        o_colpos[e, q] = zc_cols[i]
                        q += 1
                for i in range(no):
                    nblk |= np.int64(1) << q
                    o_colpos[e, q] = olds[i]
                    q += 1
                for i in range(nn):
                    col = news[PERMS[perm, i]] if nn == 3 else news[i if perm == 0 else 1 - i]
                    nblk |= np.int64(1) << q
                    o_colpos[e, q] = col
                    o_lab[e, A[t, x * 9 + col]] = nl
                    nl += 1
                    q += 1
            o_blk[e] = nblk
            o_grp[e] = w[43]
            o_nxt[e] = nl
        d += total
    return d


@njit(cache=True, error_model="numpy")
def canon_one(A, out, cap, S0, S1, w, keys):
    """The minlex form of one puzzle into out (81 values); returns its automorphism count, or OVERFLOW.

    A: int64 [2, 81] the puzzle and its transpose. S0, S1: state buffers (t [cap], rows [cap, 9], colpos
    [cap, 9], blk [cap], grp [cap], lab [cap, 10], nxt [cap]) as tuples, swapped level by level; w int64 scratch [64]; keys int64 [9 * cap]."""
    t0, r0, c0, b0, g0, l0, n0 = S0
    t1, r1, c1, b1, g1, l1, n1 = S1
    ns = 0
    for t in range(2):  # the three stacks, blank so far, one group in any order
        t0[ns] = t
        for i in range(9):
            r0[ns, i] = -1
            c0[ns, i] = i
        b0[ns] = (1 << 0) | (1 << 3) | (1 << 6)
        g0[ns] = 1
        for i in range(10):
            l0[ns, i] = 0
        n0[ns] = 1
        ns += 1
    none = np.int64(1) << 62
    for k in range(9):
        best = none
        for s in range(ns):
            for x in range(9):
                key = none
                if candidate(r0[s], k, x):
                    key = row_key(A, t0[s], x, c0[s], b0[s], g0[s], l0[s], n0[s], w)
                    if key < best:
                        best = key
                keys[s * 9 + x] = key
        nd = 0
        for s in range(ns):
            for x in range(9):
                if keys[s * 9 + x] == best:
                        nd = expand(A, k, x, s, t0, r0, c0, b0, g0, l0, n0, nd, cap, t1, r1, c1, b1, g1, l1, n1,
                                    w)
                        if nd < 0:
                            return OVERFLOW
        t0, r0, c0, b0, g0, l0, n0, t1, r1, c1, b1, g1, l1, n1 = t1, r1, c1, b1, g1, l1, n1, t0, r0, c0, b0, g0, l0, n0
        ns = nd
    # the canonical grid from the first surviving state; automorphisms from all of them
    t = t0[0]
    for k in range(9):
        for p in range(9):
            dg = A[t, r0[0, k] * 9 + c0[0, p]]
            out[k * 9 + p] = 0 if dg == 0 else l0[0, dg]
    autos = np.int64(0)
    for s in range(ns):
        f = np.int64(1)
        slot = 0  # stacks blank in every row: any order of a group
        while slot < 3:
            end = slot + 1
            while end < 3 and not (g0[s] >> end) & 1:
                end += 1
            f *= FACT[end - slot]
            slot = end
        p = 0
        while p < 9:
            q = p + 1
            while q < 9 and not (b0[s] >> q) & 1:
                q += 1
            f *= FACT[q - p]
            p = q
        autos += f
    return autos


def buffers(cap: int) -> tuple:
    """One set of state arrays of capacity cap."""
    return (np.zeros(cap, np.int64), np.zeros((cap, 9), np.int64), np.zeros((cap, 9), np.int64),
            np.zeros(cap, np.int64), np.zeros(cap, np.int64), np.zeros((cap, 10), np.int64), np.zeros(cap, np.int64))


@njit(cache=True, error_model="numpy", nogil=True)
def canon_many(grids, out, autos, cap, S0, S1, stop):
    """canon_one over every row of grids [P, 81] (values 0..9); autos[i] = OVERFLOW where cap was too small.
    Returns the rows done (fewer when stop[0] was set)."""
    A = np.empty((2, 81), np.int64)
    w = np.zeros(64, np.int64)
    keys = np.empty(9 * cap, np.int64)
    for i in range(grids.shape[0]):
        if stop[0] != 0:
            return i
        for r in range(9):
            for c in range(9):
                v = grids[i, r * 9 + c]
                A[0, r * 9 + c] = v
                A[1, c * 9 + r] = v
        autos[i] = canon_one(A, out[i], cap, S0, S1, w, keys)
    return grids.shape[0]
