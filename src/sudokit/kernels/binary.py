"""Binary Sudoku kernels (minimum flips to make every row, column and box even): numba code only.

The default engine is an exact dynamic programme over the boxes ("blocks"), after two observations:

1. Cut a flip set F into blocks (band t = r rows, stack s = c columns).  Inside block (t, s), F toggles a
   set a of the block's rows and a set b of its columns; |a| = |b| = |F_ts| (mod 2) is the box parity it
   toggles, and at least max(|a|, |b|) cells are needed, which is also enough (pair a[i] with b[i], pair
   the extra rows in one column and the extra columns in one row).
2. Scanning the blocks band by band, what is left to fix in the rows of the current band is a set of rows;
   every future choice is symmetric under permuting those rows, so only its size rho (0..r) matters.
   Likewise only the size gamma_s (0..c) of what is left to fix in the columns of each stack matters.

So the state is (rho, gamma_0 .. gamma_{S-1}); block (t, s) moves rho -> rho', gamma_s -> gamma_s' with
rho' = rho + B_ts and gamma_s' = gamma_s + B_ts (mod 2) at cost max(|rho - rho'|, |gamma_s - gamma_s'|).
A band starts at rho = (odd rows of the band) and must end at 0; the columns start at (odd columns of the
stack) and must end at 0.  (r+1)(c+1)^S states: 16 for 9x9, 625 for 16x16, 46656 for 25x25.

The second engine is IDA* over single flips with the admissible bound max(odd rows, odd columns, odd boxes)
(a flip changes each count by one): it branches on the cells of the first odd unit.
"""

from __future__ import annotations

import numpy as np
from numba import njit

INF = 1 << 30


@njit(cache=True)
def block_dp(row_odd, col_odd, box_odd, r, c, dp):
    """Fill dp[k] = least cost of each state after k blocks (band-major); return the optimum.

    row_odd[t]: odd rows in band t; col_odd[s]: odd columns in stack s; box_odd[t, s]: parity of block (t, s).
    dp: (nblocks + 1) x (r+1)(c+1)^S int32 buffer, S = number of stacks.
    """
    nb, ns = box_odd.shape
    ng = (c + 1) ** ns
    dp[:, :] = INF
    g0 = 0
    for s in range(ns - 1, -1, -1):
        g0 = g0 * (c + 1) + col_odd[s]
    dp[0, g0] = 0
    k = 0
    for t in range(nb):
        for s in range(ns):
            par = box_odd[t, s]
            last = s == ns - 1
            step = (c + 1) ** s
            cur = dp[k]
            nxt = dp[k + 1]
            for rho_in in range(r + 1):
                for g in range(ng):
                    base = cur[rho_in * ng + g]
                    if base >= INF:
                        continue
                    rho = row_odd[t] if s == 0 else rho_in
                    gam = (g // step) % (c + 1)
                    rest = g - gam * step
                    lo_r = (rho + par) % 2
                    hi_r = 0 if last else r
                    for rho2 in range(lo_r, hi_r + 1, 2):
                        dr = abs(rho - rho2)
                        for gam2 in range((gam + par) % 2, c + 1, 2):
                            dc = abs(gam - gam2)
                            cost = base + (dr if dr > dc else dc)
                            idx = rho2 * ng + rest + gam2 * step
                            if cost < nxt[idx]:
                                nxt[idx] = cost
            k += 1
    return dp[k, 0]


@njit(cache=True)
def block_plan(row_odd, col_odd, box_odd, r, c, dp, plan):
    """Walk dp back from the final state; plan[k] = (rho, rho', gamma, gamma') of block k (band-major)."""
    nb, ns = box_odd.shape
    ng = (c + 1) ** ns
    state = 0
    for k in range(nb * ns - 1, -1, -1):
        t = k // ns
        s = k % ns
        par = box_odd[t, s]
        step = (c + 1) ** s
        want = dp[k + 1, state]
        rho2 = state // ng
        g2 = state % ng
        gam2 = (g2 // step) % (c + 1)
        rest = g2 - gam2 * step
        found = False
        for rho_in in range(r + 1):
            rho = row_odd[t] if s == 0 else rho_in
            if s == 0 and rho_in != 0:
                continue
            if (rho + par + rho2) % 2 != 0:
                continue
            for gam in range((gam2 + par) % 2, c + 1, 2):
                prev = rho_in * ng + rest + gam * step
                if dp[k, prev] >= INF:
                    continue
                dr = abs(rho - rho2)
                dc = abs(gam - gam2)
                if dp[k, prev] + (dr if dr > dc else dc) == want:
                    plan[k, 0] = rho
                    plan[k, 1] = rho2
                    plan[k, 2] = gam
                    plan[k, 3] = gam2
                    state = prev
                    found = True
                    break
            if found:
                break


@njit(cache=True)
def _odd_counts(par, n):
    """Numbers of odd rows, odd columns and odd boxes (units 0..n-1, n..2n-1, 2n..3n-1)."""
    a = 0
    b = 0
    d = 0
    for u in range(n):
        a += par[u]
        b += par[n + u]
        d += par[2 * n + u]
    return a, b, d


@njit(cache=True)
def ida(units, cell_units, par, limit_max, max_nodes, flipped, st_unit, st_next, st_cell, out):
    """IDA* on single flips; return (minimum or -1, nodes); out[:minimum] = the cells to flip.

    units: 3N x N (rows, columns, boxes); cell_units: ncells x 3; par: 3N unit parities (modified, restored).
    flipped (ncells), st_unit / st_next / st_cell (limit_max + 1): caller's buffers.  max_nodes 0 = no limit.
    """
    n = units.shape[1]
    nodes = 0
    a, b, d = _odd_counts(par, n)
    bound = max(a, b, d)
    while bound <= limit_max:
        level = 0
        st_unit[0] = -1
        while level >= 0:
            if st_unit[level] == -1:
                nodes += 1
                if max_nodes > 0 and nodes > max_nodes:
                    return -1, nodes
                a, b, d = _odd_counts(par, n)
                h = max(a, b, d)
                if h == 0:
                    for i in range(level):
                        out[i] = st_cell[i]
                    return level, nodes
                if level + h > bound:
                    level -= 1
                    if level >= 0:
                        _flip(st_cell[level], cell_units, par, flipped)
                    continue
                u = 0
                while par[u] == 0:
                    u += 1
                st_unit[level] = u
                st_next[level] = 0
            u = st_unit[level]
            i = st_next[level]
            while i < n and flipped[units[u, i]] == 1:
                i += 1
            if i >= n:
                level -= 1
                if level >= 0:
                    _flip(st_cell[level], cell_units, par, flipped)
                continue
            st_next[level] = i + 1
            cell = units[u, i]
            st_cell[level] = cell
            _flip(cell, cell_units, par, flipped)
            level += 1
            st_unit[level] = -1
        bound += 2
    return -1, nodes


@njit(cache=True)
def _flip(cell, cell_units, par, flipped):
    """Toggle one cell: its three unit parities and its flipped mark."""
    for j in range(cell_units.shape[1]):
        par[cell_units[cell, j]] ^= 1
    flipped[cell] ^= 1
