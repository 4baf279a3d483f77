"""Algorithm M (Knuth's DLX3): exact cover with multiplicities and colors, on dancing links.

Primary item i must be covered between lower and upper times. The layout is kernels/dlx.py's (headers 1..N,
option nodes with spacers, four int32 words per node: UP, DOWN, TOP, COLOR), plus two int32 words per item:
bound[i] (how many more options may still cover i; upper at the start) and slack[i] (upper - lower, fixed).

At a node, the branching degree of an active primary item i is len + s - bound + 1 with s = min(slack, bound):
the options it can still take, plus one "null" move (take nothing more for i) when its lower bound already
holds. The item of smallest degree is chosen (ties: smaller s, then longer list, then leftmost, or at random
if seeded), as DLX3 does. Branching on i decrements bound(i); if it reaches 0 with no slack, i is covered as in
Algorithm C. Otherwise i's options are "tweaked": each option tried is then removed from i's list (and hidden),
so options after it are tried with it excluded; after every option, the null move deactivates i. A chosen
option decrements the bound of its other primary items (covering those that reach 0) and commits its secondary
items (cover, or purify for a color) as in Algorithm C.

Same contract as kernels/dlx.py: one resumable `search`, run until `limit` more solutions (PAUSED_LIMIT),
exhaustion (DONE) or `max_nodes` nodes (PAUSED_NODES); the first len(out_len) solutions of the call go to
out_opts as option indices (null moves leave no option). The state: x[level] = the node tried at each level (a
header for a null move), ft[level] = the first node tweaked there (0 if the level covered its item), state[].
Node counts equal DLX3's (`nodes` in its last line) on the same item order.

Like kernels/dlx.py (whose helpers it uses) it reads the int32 links as uint32 views (cover/solver.py passes
dlx.unsigned(links); bound and slack stay int32) and is compiled with _nrt=False: 8x8 queen domination with 5
queens 6.09 -> 3.70 s, the same 3,072,452 nodes (dlx3 5.05 s, ssmcc 3.74 s on this machine).
"""

import numpy as np
from numba import njit

from .costs import _unhide as _unhide_forward  # DLX5's unhide: the option's other nodes back, in DLX3's order
from .dlx import (PURE, SPACER, U0, U1, U4, UCOLOR, UDOWN, UTOP, UUP, _commit, _cover, _uncommit, _uncover,
                  _unhide)

ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED = 0, 1, 2, 3
OP_ENTER, OP_ADVANCE, OP_BACKUP, OP_BACKDOWN = 0, 1, 2, 3
DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
INF = 1 << 40  # the degree of no item: no active primary item is left



@njit(cache=True, inline="always", _nrt=False)
def _unhide_all(i, nd, length):
    """Put back every option of item i's list into the other lists (DLX3's uncover(i, 0): i stays inactive)."""
    p = nd[U4 * i + UUP]
    while p != i:
        _unhide(p, nd, length)
        p = nd[U4 * p + UUP]


@njit(cache=True, inline="always", _nrt=False)
def _tweak(n, block, nd, length):
    """Take node n out of its item's list; if block, also hide the rest of n's option. Returns updates."""
    nn = n + U1 if block else n + U0
    updates = 0
    while True:
        if nd[U4 * nn + UCOLOR] != PURE:
            u = nd[U4 * nn + UUP]
            d = nd[U4 * nn + UDOWN]
            cc = nd[U4 * nn + UTOP]
            if cc - U1 >= SPACER:
                nn = u + U0
                continue
            nd[U4 * u + UDOWN] = d
            nd[U4 * d + UUP] = u
            length[cc] -= U1
            updates += 1
        if nn == n:
            break
        nn += U1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _untweak(c, x, unblock, nd, length):
    """Undo every tweak of item c since node x was its first (DLX3's untweak)."""
    z = nd[U4 * c + UDOWN]
    nd[U4 * c + UDOWN] = x
    rr = x + U0
    k = 0
    qq = c + U0
    while rr != z:
        nd[U4 * rr + UUP] = qq
        k += 1
        if unblock:
            _unhide_forward(rr, nd, length)
        qq = rr
        rr = nd[U4 * rr + UDOWN] + U0
    nd[U4 * rr + UUP] = qq
    length[c] += np.uint32(k)
    if not unblock:
        _unhide_all(c, nd, length)


@njit(cache=True, _nrt=False)
def search(llink, rlink, nd, length, node_opt, bound, slack, nprim, x, ft, state, limit, max_nodes, out_opts,
           out_len, stats):
    """Run Algorithm M from the saved state; return DONE, PAUSED_LIMIT or PAUSED_NODES."""
    n = length.shape[0] - 2
    op = state[ST_OP]
    level = np.uint32(state[ST_LEVEL])
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    found = 0
    cap = out_len.shape[0]
    status = DONE
    updates = 0
    while True:
        if op == OP_ENTER:
            if max_nodes > 0 and stats[NODES] >= max_nodes:
                status = PAUSED_NODES
                break
            stats[NODES] += 1
            score = INF
            best = 0
            best_s = 0
            best_l = 0
            ties = 0
            k = rlink[0]
            while k != 0:
                s = slack[k]
                if s > bound[k]:
                    s = bound[k]
                t = length[k] + s - bound[k] + 1
                if t <= score:
                    if t < score or s < best_s or (s == best_s and length[k] > best_l):
                        score, best, best_s, best_l, ties = t, k, s, length[k], 1
                    elif s == best_s and length[k] == best_l:
                        ties += 1
                        if seeded:
                            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF  # the LCG of dlx._choose
                            if (rng >> 8) % ties == 0:
                                best = k
                k = rlink[k]
            if score <= 0:
                op = OP_BACKDOWN
                continue
            if score == INF:  # no active primary item: a solution
                stats[SOLUTIONS] += 1
                if found < cap:
                    m = 0
                    for lv in range(level):
                        if x[lv] > n:
                            out_opts[found, m] = node_opt[x[lv]]
                            m += 1
                    out_len[found] = m
                found += 1
                op = OP_BACKDOWN
                if found >= limit:
                    status = PAUSED_LIMIT
                    break
                continue
            ft[level] = 0
            cur = nd[U4 * best + UDOWN]
            x[level] = cur
            bound[best] -= 1
            if bound[best] == 0 and slack[best] == 0:
                updates += _cover(best, llink, rlink, nd, length)
            else:
                ft[level] = cur
                if bound[best] == 0:
                    updates += _cover(best, llink, rlink, nd, length)
            op = OP_ADVANCE
        elif op == OP_ADVANCE:
            cur = x[level]
            best = cur if cur <= n else nd[U4 * cur + UTOP]
            if bound[best] == 0 and slack[best] == 0:
                if cur == best:
                    op = OP_BACKUP
                    continue
            elif length[best] <= bound[best] - slack[best]:
                op = OP_BACKUP
                continue
            elif cur != best:
                updates += _tweak(cur, bound[best] != 0, nd, length)
            elif bound[best] != 0:
                left = llink[best]
                right = rlink[best]
                rlink[left] = right
                llink[right] = left
            if cur > n:  # commit the other items of the option
                pp = cur + U1
                while pp != cur:
                    cc = nd[U4 * pp + UTOP]
                    if cc - U1 >= SPACER:
                        pp = nd[U4 * pp + UUP] + U0
                    else:
                        if cc <= nprim:
                            bound[cc] -= 1
                            if bound[cc] == 0:
                                updates += _cover(cc, llink, rlink, nd, length)
                        else:
                            updates += _commit(pp, cc, llink, rlink, nd, length, stats)
                        pp += U1
            level += U1
            op = OP_ENTER
        elif op == OP_BACKUP:
            cur = x[level]
            best = cur if cur <= n else nd[U4 * cur + UTOP]
            if bound[best] == 0 and slack[best] == 0:
                _uncover(best, llink, rlink, nd, length)
            else:
                _untweak(best, ft[level], bound[best] != 0, nd, length)
            bound[best] += 1
            op = OP_BACKDOWN
        else:  # OP_BACKDOWN
            if level == 0:
                status = DONE
                break
            level -= U1
            cur = x[level]
            if cur <= n:  # a null move: reactivate its item, then restore it
                left = llink[cur]
                right = rlink[cur]
                rlink[left] = cur
                llink[right] = cur
                op = OP_BACKUP
                continue
            pp = cur - U1
            while pp != cur:
                cc = nd[U4 * pp + UTOP]
                if cc - U1 >= SPACER:
                    pp = nd[U4 * pp + UDOWN] + U0
                else:
                    if cc <= nprim:
                        if bound[cc] == 0:
                            _uncover(cc, llink, rlink, nd, length)
                        bound[cc] += 1
                    else:
                        _uncommit(pp, cc, llink, rlink, nd, length)
                    pp -= U1
            x[level] = nd[U4 * cur + UDOWN]
            op = OP_ADVANCE
    state[ST_OP] = op
    state[ST_LEVEL] = level
    state[ST_RNG] = rng
    stats[UPDATES] += updates
    return status
