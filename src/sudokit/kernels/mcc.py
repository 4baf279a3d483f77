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
"""

import numpy as np
from numba import njit

from .dlx import COLOR, DOWN, TOP, UP

ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED = 0, 1, 2, 3
OP_ENTER, OP_ADVANCE, OP_BACKUP, OP_BACKDOWN = 0, 1, 2, 3
DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
INF = 1 << 40  # the degree of no item: no active primary item is left


# Dancing links on signed int32 words (kernels/dlx.py reads the same layout as uint32 since it became faster
# that way; Algorithm M keeps the signed reading, its own loops compare TOP and COLOR with 0)
@njit(cache=True, inline="always", _nrt=False)
def _hide(p, nd, length):
    """Remove the other nodes of p's option from their item lists; return the number of updates."""
    q = p + 1
    updates = 0
    while q != p:
        x = nd[4 * q + TOP]
        if x <= 0:
            q = nd[4 * q + UP]
        else:
            if nd[4 * q + COLOR] >= 0:  # a node purified away (-1) is already out of its list
                u = nd[4 * q + UP]
                d = nd[4 * q + DOWN]
                nd[4 * u + DOWN] = d
                nd[4 * d + UP] = u
                length[x] -= 1
                updates += 1
            q += 1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _unhide(p, nd, length):
    """Undo _hide(p), in reverse order."""
    q = p - 1
    while q != p:
        x = nd[4 * q + TOP]
        if x <= 0:
            q = nd[4 * q + DOWN]
        else:
            if nd[4 * q + COLOR] >= 0:
                u = nd[4 * q + UP]
                d = nd[4 * q + DOWN]
                nd[4 * u + DOWN] = q
                nd[4 * d + UP] = q
                length[x] += 1
            q -= 1


@njit(cache=True, inline="always", _nrt=False)
def _cover(i, llink, rlink, nd, length):
    """Hide every option of item i and take i off its item list; return the number of updates."""
    updates = 0
    p = nd[4 * i + DOWN]
    while p != i:
        updates += _hide(p, nd, length)
        p = nd[4 * p + DOWN]
    left = llink[i]
    right = rlink[i]
    rlink[left] = right
    llink[right] = left
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _uncover(i, llink, rlink, nd, length):
    """Undo _cover(i)."""
    left = llink[i]
    right = rlink[i]
    rlink[left] = i
    llink[right] = i
    p = nd[4 * i + UP]
    while p != i:
        _unhide(p, nd, length)
        p = nd[4 * p + UP]


@njit(cache=True, inline="always", _nrt=False)
def _commit(p, j, llink, rlink, nd, length, stats):
    """Cover item j of node p, or purify it when p carries a color; return the number of updates."""
    c = nd[4 * p + COLOR]
    if c == 0:
        return _cover(j, llink, rlink, nd, length)
    updates = 0
    if c > 0:
        q = nd[4 * j + DOWN]
        while q != j:
            if nd[4 * q + COLOR] == c:
                nd[4 * q + COLOR] = -1
                stats[CLEANSINGS] += 1
            else:
                updates += _hide(q, nd, length)
            q = nd[4 * q + DOWN]
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _uncommit(p, j, llink, rlink, nd, length):
    """Undo _commit(p, j)."""
    c = nd[4 * p + COLOR]
    if c == 0:
        _uncover(j, llink, rlink, nd, length)
    elif c > 0:
        q = nd[4 * j + UP]
        while q != j:
            if nd[4 * q + COLOR] < 0:
                nd[4 * q + COLOR] = c
            else:
                _unhide(q, nd, length)
            q = nd[4 * q + UP]


@njit(cache=True, inline="always", _nrt=False)
def _unhide_all(i, nd, length):
    """Put back every option of item i's list into the other lists (DLX3's uncover(i, 0): i stays inactive)."""
    p = nd[4 * i + UP]
    while p != i:
        _unhide(p, nd, length)
        p = nd[4 * p + UP]


@njit(cache=True, inline="always", _nrt=False)
def _tweak(n, block, nd, length):
    """Take node n out of its item's list; if block, also hide the rest of n's option. Returns updates."""
    nn = n + 1 if block else n
    updates = 0
    while True:
        if nd[4 * nn + COLOR] >= 0:
            u = nd[4 * nn + UP]
            d = nd[4 * nn + DOWN]
            cc = nd[4 * nn + TOP]
            if cc <= 0:
                nn = u
                continue
            nd[4 * u + DOWN] = d
            nd[4 * d + UP] = u
            length[cc] -= 1
            updates += 1
        if nn == n:
            break
        nn += 1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _untweak(c, x, unblock, nd, length):
    """Undo every tweak of item c since node x was its first (DLX3's untweak)."""
    z = nd[4 * c + DOWN]
    nd[4 * c + DOWN] = x
    rr = x
    k = 0
    qq = c
    while rr != z:
        nd[4 * rr + UP] = qq
        k += 1
        if unblock:
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
        qq = rr
        rr = nd[4 * rr + DOWN]
    nd[4 * rr + UP] = qq
    length[c] += k
    if not unblock:
        _unhide_all(c, nd, length)


@njit(cache=True, _nrt=False)
def search(llink, rlink, nd, length, node_opt, bound, slack, nprim, x, ft, state, limit, max_nodes, out_opts,
           out_len, stats):
    """Run Algorithm M from the saved state; return DONE, PAUSED_LIMIT or PAUSED_NODES."""
    n = length.shape[0] - 2
    op = state[ST_OP]
    level = state[ST_LEVEL]
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
            cur = nd[4 * best + DOWN]
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
            best = cur if cur <= n else nd[4 * cur + TOP]
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
                pp = cur + 1
                while pp != cur:
                    cc = nd[4 * pp + TOP]
                    if cc <= 0:
                        pp = nd[4 * pp + UP]
                    else:
                        if cc <= nprim:
                            bound[cc] -= 1
                            if bound[cc] == 0:
                                updates += _cover(cc, llink, rlink, nd, length)
                        else:
                            updates += _commit(pp, cc, llink, rlink, nd, length, stats)
                        pp += 1
            level += 1
            op = OP_ENTER
        elif op == OP_BACKUP:
            cur = x[level]
            best = cur if cur <= n else nd[4 * cur + TOP]
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
            level -= 1
            cur = x[level]
            if cur <= n:  # a null move: reactivate its item, then restore it
                left = llink[cur]
                right = rlink[cur]
                rlink[left] = cur
                llink[right] = cur
                op = OP_BACKUP
                continue
            pp = cur - 1
            while pp != cur:
                cc = nd[4 * pp + TOP]
                if cc <= 0:
                    pp = nd[4 * pp + DOWN]
                else:
                    if cc <= nprim:
                        if bound[cc] == 0:
                            _uncover(cc, llink, rlink, nd, length)
                        bound[cc] += 1
                    else:
                        _uncommit(pp, cc, llink, rlink, nd, length)
                    pp -= 1
            x[level] = nd[4 * cur + DOWN]
            op = OP_ADVANCE
    state[ST_OP] = op
    state[ST_LEVEL] = level
    state[ST_RNG] = rng
    stats[UPDATES] += updates
    return status
