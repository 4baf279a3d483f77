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
stack) and must end at 0.  The parities of rho and every gamma are fixed by the input at each step, so
only half the values are stored: (r//2+1)(c//2+1)^S states, 8 for 9x9, 243 for 16x16, 729 for 25x25.

The second engine is IDA* over single flips with the admissible bound max(odd rows, odd columns, odd boxes)
(a flip changes each count by one): it branches on the cells of the first odd unit.
"""

from __future__ import annotations

from numba import njit

INF = 1 << 30


@njit(cache=True)
def block_dp(row_odd, col_odd, box_odd, rho_par, gam_par, r, c, dp):
    """Fill dp[k] = least cost of each state after k blocks (band-major); return the optimum.

    row_odd[t]: odd rows in band t; col_odd[s]: odd columns in stack s; box_odd[t, s]: parity of block
    (t, s); rho_par[t, s] / gam_par[t, s]: parity of rho / gamma_s just before block (t, s) (fixed by the
    input: each block adds its box parity).  A value v of known parity p is stored as h = (v - p) / 2, so a
    state is (h_rho, h_0 .. h_{S-1}) in mixed radix (r//2 + 1, c//2 + 1, ...): 729 states for 25x25.
    dp: (blocks + 1) x states int32 buffer.
    """
    nb, ns = box_odd.shape
    hc = c // 2 + 1
    ng = hc ** ns
    for k in range(dp.shape[0]):
        for i in range(dp.shape[1]):
            dp[k, i] = INF
    g0 = 0
    for s in range(ns - 1, -1, -1):
        g0 = g0 * hc + col_odd[s] // 2
    dp[0, g0] = 0
    k = 0
    for t in range(nb):
        for s in range(ns):
            par = box_odd[t, s]
            step = hc ** s
            rpo = (rho_par[t, s] + par) % 2
            gpo = (gam_par[t, s] + par) % 2
            hi_r = 0 if s == ns - 1 else r
            for idx in range(dp.shape[1]):
                base = dp[k, idx]
                if base >= INF:
                    continue
                rho = row_odd[t] if s == 0 else 2 * (idx // ng) + rho_par[t, s]
                g = idx % ng
                hg = (g // step) % hc
                gam = 2 * hg + gam_par[t, s]
                rest = g - hg * step
                for rho2 in range(rpo, hi_r + 1, 2):
                    dr = abs(rho - rho2)
                    for gam2 in range(gpo, c + 1, 2):
                        dc = abs(gam - gam2)
                        cost = base + (dr if dr > dc else dc)
                        nxt = (rho2 // 2) * ng + rest + (gam2 // 2) * step
                        if cost < dp[k + 1, nxt]:
                            dp[k + 1, nxt] = cost
            k += 1
    return dp[k, 0]


@njit(cache=True)
def block_plan(row_odd, box_odd, rho_par, gam_par, r, c, dp, plan):
    """Walk dp back from the final state; plan[k] = (rho, rho', gamma, gamma') of block k (band-major)."""
    nb, ns = box_odd.shape
    hr = r // 2 + 1
    hc = c // 2 + 1
    ng = hc ** ns
    state = 0
    for k in range(nb * ns - 1, -1, -1):
        t = k // ns
        s = k % ns
        par = box_odd[t, s]
        step = hc ** s
        want = dp[k + 1, state]
        rho2 = 2 * (state // ng) + (rho_par[t, s] + par) % 2
        g2 = state % ng
        hg2 = (g2 // step) % hc
        gam2 = 2 * hg2 + (gam_par[t, s] + par) % 2
        rest = g2 - hg2 * step
        found = False
        for hrho in range(hr if s > 0 else 1):
            rho = row_odd[t] if s == 0 else 2 * hrho + rho_par[t, s]
            for hg in range(hc):
                gam = 2 * hg + gam_par[t, s]
                prev = hrho * ng + rest + hg * step
                if rho > r or gam > c or dp[k, prev] >= INF:
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
def _lowest(mask, k):
    """The k lowest set bits of mask."""
    out = 0
    for _ in range(k):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


@njit(cache=True)
def _full(width):
    """A mask of the width lowest bits (width <= 64)."""
    return -1 if width >= 64 else (1 << width) - 1


@njit(cache=True)
def _bit(mask):
    """Index of the lowest set bit of a nonzero mask."""
    i = 0
    while (mask >> i) & 1 == 0:
        i += 1
    return i


@njit(cache=True)
def block_cells(rows, cols, plan, r, c, left_cols, out):
    """Cells realising the plan, block by block; return their number (rows, cols: 0/1 parities; out: k x 2).

    In block (t, s) toggle rows a (taken from the band's odd rows when rho falls, else from its even rows)
    and columns b likewise; max(|a|, |b|) cells: a[i] with b[i], then spare rows paired in the block's first
    column and spare columns paired in its first row.
    """
    nb = rows.shape[0] // r
    ns = cols.shape[0] // c
    for s in range(ns):
        left_cols[s] = 0
        for j in range(c):
            left_cols[s] |= cols[s * c + j] << j
    count = 0
    for t in range(nb):
        left = 0
        for i in range(r):
            left |= rows[t * r + i] << i
        for s in range(ns):
            k = t * ns + s
            rho, rho2, gam, gam2 = plan[k, 0], plan[k, 1], plan[k, 2], plan[k, 3]
            pool = left if rho2 < rho else ~left & _full(r)
            a = _lowest(pool, abs(rho - rho2))
            left ^= a
            pool = left_cols[s] if gam2 < gam else ~left_cols[s] & _full(c)
            b = _lowest(pool, abs(gam - gam2))
            left_cols[s] ^= b
            while a != 0 or b != 0:
                i = _bit(a) if a != 0 else 0
                j = _bit(b) if b != 0 else 0
                if a != 0:
                    a ^= 1 << i
                if b != 0:
                    b ^= 1 << j
                out[count, 0] = t * r + i
                out[count, 1] = s * c + j
                count += 1
    return count


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


@njit(cache=True, nogil=True)
def ida(units, cell_units, par, limit_max, max_nodes, flipped, st_unit, st_next, st_cell, out, stop):
    """IDA* on single flips; return (minimum or -1, nodes); out[:minimum] = the cells to flip.

    units: 3N x N (rows, columns, boxes); cell_units: ncells x 3; par: 3N unit parities (modified, restored).
    flipped (ncells), st_unit / st_next / st_cell (limit_max + 1): caller's buffers.  max_nodes 0 = no limit.
    stop int64[1]: another thread sets stop[0] to end the search early, as max_nodes would (the GIL is released).
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
                if max_nodes > 0 and nodes > max_nodes or (nodes & 255) == 0 and stop[0] != 0:
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
