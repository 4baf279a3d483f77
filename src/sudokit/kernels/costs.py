"""Min-cost exact cover (Knuth's DLX5): Algorithm C with colors where every option has a cost, on dancing links.

Layout: kernels/dlx.py's (headers 1..N, option nodes with spacers, UP, DOWN, TOP, COLOR), plus cost[p], the *net*
cost of node p's option (int64). The driver (cover/solver.py `build_priced`) taxes every primary item by the
cheapest option that holds it, as DLX5 does (each item keeps a zero-net-cost option, no option goes negative;
a solution's cost is its net cost plus the total tax) and sorts every item's list by net cost, stably.

The search keeps the K cheapest solutions seen (K = rows of out_opts): `cutoff` is the worst of them once K are
known (else "infinite"), and nothing that cannot beat it is tried:
- the branch item is the active primary item with the fewest options cheaper than cutoff - cost so far (MRV
  among the affordable; ties to the one whose cheapest option costs most, then leftmost); DLX5 counts at most
  `lenthresh` of them per item and takes the list length beyond;
- a node is abandoned when an item has no affordable option, or when the cost so far plus a lower bound on the
  rest reaches the cutoff. The bound: each active item must be covered by an option costing at least m_i (its
  cheapest net cost) and an option covers at most `zmax` primary items (the most any option has), so the rest
  costs at least max(m_i) and at least sum(m_i) / zmax (DLX5's z heuristic, with z found from the options
  rather than given);
- options of a list are tried cheapest first and the list is left at the first one that costs too much; cover
  and purify hide only the options that could still be afforded (a threshold per level, DLX5's coverthresh).

Resumable like the other kernels (a node cap pauses it; the costs and cutoff live in `state`); it never stops
at a solution limit: a call ends DONE or PAUSED_NODES. out_cost[r] is the net cost of the solution in row r,
out_len[r] its length; `state[ST_FILLED]` rows are in use.

Compiled with _nrt=False and reading the links as uint32 views (dlx.unsigned; the costs stay int64), as
kernels/dlx.py: the cheapest of 16 / 18 priced queens 0.080 / 0.345 s -> 0.069 / 0.290 (no reference counts)
-> 0.045 / 0.189 (unsigned), same answers and node counts.
"""

import numpy as np
from numba import njit

from .dlx import PURE, SPACER, U0, U1, U4, UCOLOR, UDOWN, UTOP, UUP

ST_OP, ST_LEVEL, ST_CUR, ST_NEXT, ST_CUTOFF, ST_FILLED = 0, 1, 2, 3, 4, 5
OP_ENTER, OP_ADVANCE, OP_BACKUP, OP_BACKDOWN, OP_RECOVER = 0, 1, 2, 3, 4
DONE, PAUSED_NODES = 0, 2
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
INFCOST = 1 << 62
LENTHRESH = 10  # DLX5's h: options counted per item when choosing, before settling for the list length


@njit(cache=True, inline="always", _nrt=False)
def _hide(rr, nd, length):
    """Remove the other nodes of rr's option from their lists; return the number removed."""
    updates = 0
    nn = rr + U1
    while nn != rr:
        if nd[U4 * nn + UCOLOR] != PURE:
            cc = nd[U4 * nn + UTOP]
            if cc - U1 >= SPACER:
                nn = nd[U4 * nn + UUP] + U0
                continue
            u = nd[U4 * nn + UUP]
            d = nd[U4 * nn + UDOWN]
            nd[U4 * u + UDOWN] = d
            nd[U4 * d + UUP] = u
            length[cc] -= U1
            updates += 1
        nn += U1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _unhide(rr, nd, length):
    """Undo _hide(rr) (the same order is safe: each node returns between the neighbours it remembers)."""
    nn = rr + U1
    while nn != rr:
        if nd[U4 * nn + UCOLOR] != PURE:
            cc = nd[U4 * nn + UTOP]
            if cc - U1 >= SPACER:
                nn = nd[U4 * nn + UUP] + U0
                continue
            nd[U4 * nd[U4 * nn + UUP] + UDOWN] = nn
            nd[U4 * nd[U4 * nn + UDOWN] + UUP] = nn
            length[cc] += U1
        nn += U1


@njit(cache=True, inline="always", _nrt=False)
def _cover(c, thresh, llink, rlink, nd, length, cost):
    """Deactivate item c and hide its options that cost less than thresh."""
    left = llink[c]
    right = rlink[c]
    rlink[left] = right
    llink[right] = left
    updates = 0
    rr = nd[U4 * c + UDOWN]
    while rr != c:
        if cost[rr] >= thresh:
            break
        updates += _hide(rr, nd, length)
        rr = nd[U4 * rr + UDOWN]
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _uncover(c, thresh, llink, rlink, nd, length, cost):
    """Undo _cover(c, thresh)."""
    rr = nd[U4 * c + UDOWN]
    while rr != c:
        if cost[rr] >= thresh:
            break
        _unhide(rr, nd, length)
        rr = nd[U4 * rr + UDOWN]
    left = llink[c]
    right = rlink[c]
    rlink[left] = c
    llink[right] = c


@njit(cache=True, inline="always", _nrt=False)
def _purify(p, thresh, nd, length, cost):
    """Keep item TOP(p)'s options of p's color (marked -1), hide the others below thresh; return (updates, cleansings)."""
    cc = nd[U4 * p + UTOP]
    x = nd[U4 * p + UCOLOR]
    updates = 0
    cleansings = 1
    rr = nd[U4 * cc + UDOWN]
    while rr != cc:
        if cost[rr] >= thresh:
            break
        if nd[U4 * rr + UCOLOR] != x:
            updates += _hide(rr, nd, length)
        elif rr != p:
            cleansings += 1
            nd[U4 * rr + UCOLOR] = PURE
        rr = nd[U4 * rr + UDOWN]
    return updates, cleansings


@njit(cache=True, inline="always", _nrt=False)
def _unpurify(p, thresh, nd, length, cost):
    """Undo _purify(p, thresh)."""
    cc = nd[U4 * p + UTOP]
    x = nd[U4 * p + UCOLOR]
    rr = nd[U4 * cc + UDOWN]
    while rr != cc:
        if cost[rr] >= thresh:
            break
        if nd[U4 * rr + UCOLOR] == PURE:
            nd[U4 * rr + UCOLOR] = x
        elif rr != p:
            _unhide(rr, nd, length)
        rr = nd[U4 * rr + UDOWN]


@njit(cache=True, _nrt=False)
def search(llink, rlink, nd, length, node_opt, cost, zmax, x, partcost, th0, th, state, max_nodes, out_opts,
           out_len, out_cost, stats):
    """Run DLX5's branch and bound from the saved state; return DONE or PAUSED_NODES."""
    op = state[ST_OP]
    level = np.uint32(state[ST_LEVEL])
    curcost = state[ST_CUR]
    nextcost = state[ST_NEXT]
    cutoff = state[ST_CUTOFF]
    filled = state[ST_FILLED]
    rows = out_len.shape[0]
    status = DONE
    updates = 0
    cleansings = 0
    best = U0
    while True:
        if op == OP_ENTER:
            if max_nodes > 0 and stats[NODES] >= max_nodes:
                status = PAUSED_NODES
                break
            stats[NODES] += 1
            room = cutoff - curcost
            t = INFCOST
            best = U0
            tmpcost = 0
            total = 0
            k = rlink[0]
            while k != U0:
                p = nd[U4 * k + UDOWN]
                if p == k or cost[p] >= room:  # no affordable option: backtrack
                    t = 0
                    break
                mincost = cost[p]
                total += mincost
                s = 1
                p = nd[U4 * p + UDOWN]
                skip = False
                while True:
                    if p == k or cost[p] >= room:
                        break
                    if s == t:
                        skip = True
                        break
                    if s >= LENTHRESH:
                        s = length[k]
                        break
                    s += 1
                    p = nd[U4 * p + UDOWN]
                if not skip and (s < t or (s == t and mincost > tmpcost)):
                    t = s
                    best = k
                    tmpcost = mincost
                k = rlink[k]
            if t == 0 or (zmax > 0 and curcost + (total + zmax - 1) // zmax >= cutoff):
                op = OP_BACKDOWN
                continue
            partcost[level] = curcost
            cur = nd[U4 * best + UDOWN]
            x[level] = cur
            nextcost = curcost + cost[cur]
            th0[level] = cutoff - nextcost
            updates += _cover(best, th0[level], llink, rlink, nd, length, cost)
            op = OP_ADVANCE
        elif op == OP_ADVANCE:
            cur = x[level]
            thr = cutoff - nextcost
            th[level] = thr
            pp = cur + U1
            while pp != cur:
                cc = nd[U4 * pp + UTOP]
                if cc - U1 >= SPACER:
                    pp = nd[U4 * pp + UUP] + U0
                else:
                    c = nd[U4 * pp + UCOLOR]
                    if c == U0:
                        updates += _cover(cc, thr, llink, rlink, nd, length, cost)
                    elif c != PURE:
                        u, cl = _purify(pp, thr, nd, length, cost)
                        updates += u
                        cleansings += cl
                    pp += U1
            if rlink[0] == U0:  # a solution that beats the cutoff: keep it in place of the worst kept
                stats[NODES] += 1
                stats[SOLUTIONS] += 1
                row = filled
                if filled < rows:
                    filled += 1
                else:
                    row = 0
                    for r in range(1, rows):
                        if out_cost[r] > out_cost[row]:
                            row = r
                for lv in range(level + 1):
                    out_opts[row, lv] = node_opt[x[lv]]
                out_len[row] = level + 1
                out_cost[row] = nextcost
                if filled == rows:
                    worst = out_cost[0]
                    for r in range(1, rows):
                        if out_cost[r] > worst:
                            worst = out_cost[r]
                    cutoff = worst
                op = OP_RECOVER
            else:
                level += U1
                curcost = nextcost
                op = OP_ENTER
        elif op == OP_BACKUP:
            cur = x[level]
            _uncover(nd[U4 * cur + UTOP], th0[level], llink, rlink, nd, length, cost)
            op = OP_BACKDOWN
        elif op == OP_BACKDOWN:
            if level == 0:
                status = DONE
                break
            level -= U1
            curcost = partcost[level]
            op = OP_RECOVER
        else:  # OP_RECOVER: undo the option at this level, try the next affordable one
            cur = x[level]
            thr = th[level]
            pp = cur - U1
            while pp != cur:
                cc = nd[U4 * pp + UTOP]
                if cc - U1 >= SPACER:
                    pp = nd[U4 * pp + UDOWN] + U0
                else:
                    c = nd[U4 * pp + UCOLOR]
                    if c == U0:
                        _uncover(cc, thr, llink, rlink, nd, length, cost)
                    elif c != PURE:
                        _unpurify(pp, thr, nd, length, cost)
                    pp -= U1
            item = nd[U4 * cur + UTOP]
            cur = nd[U4 * cur + UDOWN]
            x[level] = cur
            if cur == item:
                op = OP_BACKUP
                continue
            nextcost = curcost + cost[cur]
            if nextcost >= cutoff:
                x[level] = item  # BACKUP needs only the item (a header's TOP is itself)
                op = OP_BACKUP
                continue
            op = OP_ADVANCE
    state[ST_OP] = op
    state[ST_LEVEL] = level
    state[ST_CUR] = curcost
    state[ST_NEXT] = nextcost
    state[ST_CUTOFF] = cutoff
    state[ST_FILLED] = filled
    stats[UPDATES] += updates
    stats[CLEANSINGS] += cleansings
    return status
