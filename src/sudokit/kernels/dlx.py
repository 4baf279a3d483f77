"""Dancing Links: Knuth's Algorithm C (exact cover with colors) over flat int32 arrays.

Layout (as in Knuth's DLX2; a pointer is an array index):

    items   0 .. N+1        llink/rlink: the active primary items on a circular list headed by 0,
                            the secondary items on one headed by N+1.
    nodes   0               unused (the root is an item, not a node)
            1 .. N          item headers: top[i] = i, length[i] = options left in item i's list
            N+1             spacer before option 0
            ...             option k's nodes, then a spacer; spacers have top <= 0,
                            ulink(spacer) = first node of the option before it,
                            dlink(spacer) = last node of the option after it
    Each node p is four int32 words, nd[4p .. 4p+3] (one array, so a node sits in one cache line):

        +---------+---------+---------+---------+
        | UP      | DOWN    | TOP     | COLOR   |
        +---------+---------+---------+---------+
    COLOR = 0 no color, c > 0 a color, -1 "already known to agree" (set by purify)
    node_opt[p] = the user's option index of node p, -1 for headers and spacers

One kernel serves every mode. It runs until it has found `limit` more solutions (then it pauses, resumable),
exhausts the search, or has visited `max_nodes` nodes (0 = no limit). It records the first `len(out_len)`
solutions of this call as option indices in `out_opts`. Solve = limit 1, uniqueness = limit 2, count = a
huge limit with an empty out buffer, a lazy iterator = repeated calls with a batch-sized buffer.

The whole search state lives in caller arrays (`x`, `state` and the links), so a paused search resumes exactly.
Tried and measured (6x10 pentominoes, X in a quarter, 305M updates): separate top/ulink/dlink/color arrays and an
update counter stored in the stats array on every update took 4.8 s; the interleaved node words with counts
returned as locals take 3.4 s, the same as the identical loop in C compiled with gcc -O2 (3.3 s).
Unsigned (uint64) indices, which skip numba's negative-index wraparound test, gained only ~10%: not kept.
A profile (perf on the kernel compiled ahead of time, numba.pycc, so that it has symbols) showed 37% of the
time on 13 queens in NRT_incref / NRT_decref: the inlined helpers take the arrays as arguments, and numba's
reference counting of them survived inlining inside the loops. The kernel allocates nothing, so every function
here is compiled with _nrt=False (no reference counts at all): 13 queens 0.490 -> 0.368 s, 12 queens 0.097 ->
0.072, quarter pentominoes 2.45 -> 2.38 (.scratch A/B, best of 3 alternating; dlx2 0.34 and 2.06 s).
(kernels/cells.py has no such calls in its loops: the same flag changed nothing there.)
Knuth's newer "dancing cells" (sparse sets; undo = restore the sizes; abandon an option as soon as a primary
item runs out of options) lives beside this kernel in kernels/cells.py and is the default of sudokit.cover: 1.7-2.7x
faster on queens and pentominoes, ~5x on Sudoku covers. This kernel stays for Knuth-compatible node counts
(909,153 and 3,637,261 on the pentominoes) and as a second, independently written engine the tests compare against.
"""

import numpy as np
from numba import njit

# state[] slots
ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED = 0, 1, 2, 3
# resume points: Knuth's steps C2 (enter level), C5 (try x_l), C6 (try again), C8 (leave level)
OP_ENTER, OP_TRY, OP_RETRY, OP_LEAVE = 0, 1, 2, 3
# return status
DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2
# stats[] slots
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3


UP, DOWN, TOP, COLOR = 0, 1, 2, 3


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
def _choose(llink, rlink, length, state):
    """The active primary item with the fewest options (MRV); ties to the leftmost, or at random if seeded."""
    best = 0
    best_len = np.iinfo(np.int64).max
    ties = 0
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    i = rlink[0]
    while i != 0:
        n = length[i]
        if n < best_len:
            best, best_len, ties = i, n, 1
            if n == 0:
                break
        elif n == best_len and seeded:
            ties += 1
            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF  # 31-bit LCG: same in numba and in plain Python
            if (rng >> 8) % ties == 0:  # reservoir sampling: each tied item wins with probability 1/ties
                best = i
        i = rlink[i]
    state[ST_RNG] = rng
    return best


@njit(cache=True, _nrt=False)
def search(llink, rlink, nd, length, node_opt, x, state, limit, max_nodes, out_opts, out_len, stats):
    """Run Algorithm C from the saved state; return DONE, PAUSED_LIMIT or PAUSED_NODES."""
    op = state[ST_OP]
    level = state[ST_LEVEL]
    found = 0
    cap = out_len.shape[0]
    status = DONE
    updates = 0
    while True:
        if op == OP_ENTER:  # C2
            if max_nodes > 0 and stats[NODES] >= max_nodes:
                status = PAUSED_NODES
                break
            stats[NODES] += 1
            if rlink[0] == 0:
                stats[SOLUTIONS] += 1
                if found < cap:
                    for k in range(level):
                        out_opts[found, k] = node_opt[x[k]]
                    out_len[found] = level
                found += 1
                op = OP_LEAVE
                if found >= limit:
                    status = PAUSED_LIMIT
                    break
                continue
            i = _choose(llink, rlink, length, state)  # C3
            updates += _cover(i, llink, rlink, nd, length)  # C4
            x[level] = nd[4 * i + DOWN]
            op = OP_TRY
        elif op == OP_TRY:  # C5
            xl = x[level]
            i = nd[4 * xl + TOP]
            if xl == i:  # every option of i tried: C7
                _uncover(i, llink, rlink, nd, length)
                op = OP_LEAVE
                continue
            p = xl + 1
            while p != xl:
                j = nd[4 * p + TOP]
                if j <= 0:
                    p = nd[4 * p + UP]
                else:
                    updates += _commit(p, j, llink, rlink, nd, length, stats)
                    p += 1
            level += 1
            op = OP_ENTER
        elif op == OP_RETRY:  # C6
            xl = x[level]
            p = xl - 1
            while p != xl:
                j = nd[4 * p + TOP]
                if j <= 0:
                    p = nd[4 * p + DOWN]
                else:
                    _uncommit(p, j, llink, rlink, nd, length)
                    p -= 1
            x[level] = nd[4 * xl + DOWN]
            op = OP_TRY
        else:  # OP_LEAVE, C8
            if level == 0:
                status = DONE
                break
            level -= 1
            op = OP_RETRY
    state[ST_OP] = op
    state[ST_LEVEL] = level
    stats[UPDATES] += updates
    return status
