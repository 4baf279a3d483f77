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
"""

import numpy as np
from numba import njit

from .dlx import COLOR, DOWN, TOP, UP

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
    nn = rr + 1
    while nn != rr:
        if nd[4 * nn + COLOR] >= 0:
            cc = nd[4 * nn + TOP]
            if cc <= 0:
                nn = nd[4 * nn + UP]
                continue
            u = nd[4 * nn + UP]
            d = nd[4 * nn + DOWN]
            nd[4 * u + DOWN] = d
            nd[4 * d + UP] = u
            length[cc] -= 1
            updates += 1
        nn += 1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _unhide(rr, nd, length):
    """Undo _hide(rr) (the same order is safe: each node returns between the neighbours it remembers)."""
    nn = rr + 1
    while nn != rr:
        if nd[4 * nn + COLOR] >= 0:
            cc = nd[4 * nn + TOP]
            if cc <= 0:
                nn = nd[4 * nn + UP]
                continue
            nd[4 * nd[4 * nn + UP] + DOWN] = nn
            nd[4 * nd[4 * nn + DOWN] + UP] = nn
            length[cc] += 1
        nn += 1


@njit(cache=True, inline="always", _nrt=False)
def _cover(c, thresh, llink, rlink, nd, length, cost):
    """Deactivate item c and hide its options that cost less than thresh."""
    left = llink[c]
    right = rlink[c]
    rlink[left] = right
    llink[right] = left
    updates = 0
    rr = nd[4 * c + DOWN]
    while rr != c:
        if cost[rr] >= thresh:
            break
        updates += _hide(rr, nd, length)
        rr = nd[4 * rr + DOWN]
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _uncover(c, thresh, llink, rlink, nd, length, cost):
    """Undo _cover(c, thresh)."""
    rr = nd[4 * c + DOWN]
    while rr != c:
        if cost[rr] >= thresh:
            break
        _unhide(rr, nd, length)
        rr = nd[4 * rr + DOWN]
    left = llink[c]
    right = rlink[c]
    rlink[left] = c
    llink[right] = c


@njit(cache=True, inline="always", _nrt=False)
def _purify(p, thresh, nd, length, cost):
    """Keep item TOP(p)'s options of p's color (marked -1), hide the others below thresh; return (updates, cleansings)."""
    cc = nd[4 * p + TOP]
    x = nd[4 * p + COLOR]
    updates = 0
    cleansings = 1
    rr = nd[4 * cc + DOWN]
    while rr != cc:
        if cost[rr] >= thresh:
            break
        if nd[4 * rr + COLOR] != x:
            updates += _hide(rr, nd, length)
        elif rr != p:
            cleansings += 1
            nd[4 * rr + COLOR] = -1
        rr = nd[4 * rr + DOWN]
    return updates, cleansings


@njit(cache=True, inline="always", _nrt=False)
def _unpurify(p, thresh, nd, length, cost):
    """Undo _purify(p, thresh)."""
    cc = nd[4 * p + TOP]
    x = nd[4 * p + COLOR]
    rr = nd[4 * cc + DOWN]
    while rr != cc:
        if cost[rr] >= thresh:
            break
        if nd[4 * rr + COLOR] < 0:
            nd[4 * rr + COLOR] = x
        elif rr != p:
            _unhide(rr, nd, length)
        rr = nd[4 * rr + DOWN]


@njit(cache=True, _nrt=False)
def search(llink, rlink, nd, length, node_opt, cost, zmax, x, partcost, th0, th, state, max_nodes, out_opts,
           out_len, out_cost, stats):
    """Run DLX5's branch and bound from the saved state; return DONE or PAUSED_NODES."""
    op = state[ST_OP]
    level = state[ST_LEVEL]
    curcost = state[ST_CUR]
    nextcost = state[ST_NEXT]
    cutoff = state[ST_CUTOFF]
    filled = state[ST_FILLED]
    rows = out_len.shape[0]
    status = DONE
    updates = 0
    cleansings = 0
    best = 0
    while True:
        if op == OP_ENTER:
            if max_nodes > 0 and stats[NODES] >= max_nodes:
                status = PAUSED_NODES
                break
            stats[NODES] += 1
            room = cutoff - curcost
            t = INFCOST
            best = 0
            tmpcost = 0
            total = 0
            k = rlink[0]
            while k != 0:
                p = nd[4 * k + DOWN]
                if p == k or cost[p] >= room:  # no affordable option: backtrack
                    t = 0
                    break
                mincost = cost[p]
                total += mincost
                s = 1
                p = nd[4 * p + DOWN]
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
                    p = nd[4 * p + DOWN]
                if not skip and (s < t or (s == t and mincost > tmpcost)):
                    t = s
                    best = k
                    tmpcost = mincost
                k = rlink[k]
            if t == 0 or (zmax > 0 and curcost + (total + zmax - 1) // zmax >= cutoff):
                op = OP_BACKDOWN
                continue
            partcost[level] = curcost
            cur = nd[4 * best + DOWN]
            x[level] = cur
            nextcost = curcost + cost[cur]
            th0[level] = cutoff - nextcost
            updates += _cover(best, th0[level], llink, rlink, nd, length, cost)
            op = OP_ADVANCE
        elif op == OP_ADVANCE:
            cur = x[level]
            thr = cutoff - nextcost
            th[level] = thr
            pp = cur + 1
            while pp != cur:
                cc = nd[4 * pp + TOP]
                if cc <= 0:
                    pp = nd[4 * pp + UP]
                else:
                    c = nd[4 * pp + COLOR]
                    if c == 0:
                        updates += _cover(cc, thr, llink, rlink, nd, length, cost)
                    elif c > 0:
                        u, cl = _purify(pp, thr, nd, length, cost)
                        updates += u
                        cleansings += cl
                    pp += 1
            if rlink[0] == 0:  # a solution that beats the cutoff: keep it in place of the worst kept
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
                level += 1
                curcost = nextcost
                op = OP_ENTER
        elif op == OP_BACKUP:
            cur = x[level]
            _uncover(nd[4 * cur + TOP], th0[level], llink, rlink, nd, length, cost)
            op = OP_BACKDOWN
        elif op == OP_BACKDOWN:
            if level == 0:
                status = DONE
                break
            level -= 1
            curcost = partcost[level]
            op = OP_RECOVER
        else:  # OP_RECOVER: undo the option at this level, try the next affordable one
            cur = x[level]
            thr = th[level]
            pp = cur - 1
            while pp != cur:
                cc = nd[4 * pp + TOP]
                if cc <= 0:
                    pp = nd[4 * pp + DOWN]
                else:
                    c = nd[4 * pp + COLOR]
                    if c == 0:
                        _uncover(cc, thr, llink, rlink, nd, length, cost)
                    elif c > 0:
                        _unpurify(pp, thr, nd, length, cost)
                    pp -= 1
            item = nd[4 * cur + TOP]
            cur = nd[4 * cur + DOWN]
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
