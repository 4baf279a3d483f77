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
    COLOR = 0 no color, c > 0 a color, 0xFFFF "already known to agree" (set by purify; colors stay below it)
    node_opt[p] = the user's option index of node p, -1 for headers and spacers

One kernel serves every mode. It runs until it has found `limit` more solutions (then it pauses, resumable),
exhausts the search, or has visited `max_nodes` nodes (0 = no limit). It records the first `len(out_len)`
solutions of this call as option indices in `out_opts`. Solve = limit 1, uniqueness = limit 2, count = a
huge limit with an empty out buffer, a lazy iterator = repeated calls with a batch-sized buffer.

The whole search state lives in caller arrays (`x`, `state` and the links), so a paused search resumes exactly.
Tried and measured (6x10 pentominoes, X in a quarter, 305M updates): separate top/ulink/dlink/color arrays and an
update counter stored in the stats array on every update took 4.8 s; the interleaved node words with counts
returned as locals take 3.4 s, the same as the identical loop in C compiled with gcc -O2 (3.3 s).
Unsigned (uint64) indices, which skip numba's negative-index wraparound test, gained only ~10% then (see below).
A profile (perf on the kernel compiled ahead of time, numba.pycc, so that it has symbols) showed 37% of the
time on 13 queens in NRT_incref / NRT_decref: the inlined helpers take the arrays as arguments, and numba's
reference counting of them survived inlining inside the loops. The kernel allocates nothing, so every function
here is compiled with _nrt=False (no reference counts at all): 13 queens 0.490 -> 0.368 s, 12 queens 0.097 ->
0.072, quarter pentominoes 2.45 -> 2.38 (.scratch A/B, best of 3 alternating; dlx2 0.34 and 2.06 s).
(kernels/cells.py has no such calls in its loops: the same flag changed nothing there.)
Then the words read as uint32 (numpy views of the same int32 arrays, made by unsigned() for each call; a
spacer's TOP tested as x - 1 >= 2^31 - 1, a purified COLOR as 0xFFFFFFFF), so that numba indexes without its
negative-index test and LLVM keeps the loops tight: 13 queens 0.363 -> 0.206 s, 12 queens 0.072 -> 0.041,
quarter pentominoes 2.35 -> 1.74 (same nodes and updates; best of 3 alternating). The ~10% measured earlier
for uint64 indices was hidden under the reference counting. kernels/mcc.py keeps the signed helpers.
Issue 14 asks this kernel for <= 1.0x ssxcc on the pentominoes (it stands at 1.15x: 1.77 s against 1.54, and 0.82x
dlx2; the count of 909,153 nodes and 305M updates is fixed by Knuth's algorithm, against ssxcc's 302,444 nodes and
257M updates). Tried (.scratch A/B, best of 3 alternating): three words a node (UP, DOWN, TOP) for a problem
without colors, 25% less memory: quarter pentominoes 1.77 -> 1.87, 13 queens 0.221 -> 0.224: lost (an index
times 3 and nodes across cache lines); four words but no COLOR test in hide/unhide: 1.78 -> 1.82, 13 queens 0.212
-> 0.205, within noise: not kept. Per update this kernel (5.8 ns) is already at ssxcc's (6.0 ns); the rest is
ssxcc's early abandonment, which this algorithm by design does not do.
Knuth's newer "dancing cells" (sparse sets; undo = restore the sizes; abandon an option as soon as a primary
item runs out of options) lives beside this kernel in kernels/cells.py and is the default of sudokit.cover: 1.7-2.7x
faster on queens and pentominoes, ~5x on Sudoku covers. This kernel stays for Knuth-compatible node counts
(909,153 and 3,637,261 on the pentominoes) and as a second, independently written engine the tests compare against.
Issue 14, round 4: can dlx branch better on the pentominoes? Not by its ties: seeded runs (random MRV ties) take
899k-907k nodes and 301-304M updates against 909,153 and 305M (+-1%), and the degree tie-break that cut the
cells kernel's n queens trees by a third (cover/solver.py item_ranks) moves the pentominoes' by <1%. 607k of the
909k nodes are options that leave an item empty, found by the child's MRV scan after the whole cover; the cells
kernel, which abandons them at the first empty item, spends 140M removals in them against the ~173M they cost
here, so early abandonment (which would also drop Knuth's counts) could save ~11% of the updates, not the ~20%
that 1.0x ssxcc needs (1.16-1.21x this round): not tried. The rest of the gap is per update: each is undone
here by a second pointer update, where dancing cells restores sizes.
Round 5 (issue 14): early abandonment, tried after all, is the default now (algorithm "dlx"; state[ST_ABANDON]);
"dlx2" keeps Knuth's DLX2 node for node (909,153 nodes on the quarter pentominoes, 1,199 / 16,448 on 8 / 10
queens, as the dlx2 binary prints). Trying an option commits its items first to last (the option is found from
x_l by its spacers; committed from x_l + 1 round the option, as DLX2, see below); _hide_a stops when a primary item's length falls to 0 and the item is not one of the
option's own (those get the option), undoes its own removals, _commit_a undoes the options hidden before, and
the items committed before are uncommitted in reverse: the option is skipped without a node. Same solutions in
the same order (the children skipped had none). Quarter pentominoes 909,153 -> 302,477 nodes, 305M -> 273M
updates, 1.71-1.82 -> 1.62-1.66 s (.scratch A/B, one process, alternating, best of 3); 13 queens (diagonals
secondary, few dead ends) 0.211-0.217 -> 0.213-0.230, 12 queens 0.042 either way; hardest 9x9 Sudoku covers
x20 (count to 2, build included) 0.191-0.192 -> 0.194-0.195 s, the empty grid to 20,000 solutions 0.019-0.020
-> 0.021 (within noise; a Sudoku cover's dead ends are few and short). Kept.
Tried with it: each option's primary items laid out fewest options first (as cells_entries, so a dead end
shows before a piece's long hide): 273M -> 256M updates but 1.632-1.635 -> 1.649-1.702 s, and the sort costs
each Sudoku cover's build ~5%: not kept. The rest of the gap to ssxcc is per update (hide + unhide against a
removal; perf on the kernel built ahead of time: ~50% in _hide_a, stalled on the stores to the neighbours).
Then MRV's ties by degree for "dlx" too (cover/solver.py build_links(ties="degree"): the active list holds the
primary items in item_ranks' order, so the leftmost tie is the most constraining item; no kernel change; "dlx2"
keeps the problem's order): 12 queens 327,813 (dlx2) -> 172,026 nodes, 0.042 -> 0.028 s; 13 queens 1,651,935 ->
857,838, 0.210 -> 0.133 s; quarter pentominoes 302,477 -> 301,337 nodes, 1.62 s either way (two rounds, one
process, alternating). On 9x9 Sudoku covers the ranking costs each build more than it saves (hardest x20
0.196 -> 0.224 s), so parallel/sudoku.py, the one Sudoku user of this kernel, runs "dlx2" (its old tree).
Then the abandoning mode's commit order: first to last (first version) against DLX2's own, from x_l + 1 round
the option (.scratch/abd5.py, one process, best of 3, both orders of the variants): quarter pentominoes 272.2M
-> 253.1M updates, 1.617-1.625 -> 1.490-1.502 s; 13 queens 0.132 -> 0.129, 12 queens 0.027 -> 0.026 (same nodes):
kept (a pentomino's piece item, listed first, is then hidden after the cells that follow x_l's, which fail
sooner). Its undo on a dead end walks back to x_l + 1; C6 is DLX2's own.
Round 7 (issue 14): item lengths in the header nodes (as DLX1, which keeps LEN in the header's TOP word; here the
header's COLOR word, unused, read as nd[4x+3] in every helper and in MRV): same nodes and updates, quarter
pentominoes 1.146 -> 1.143 and 1.169 -> 1.168, 13 queens 0.108 -> 0.125 both ways (MRV then reads a cache line per
item instead of the 300-byte length array): lost. (A strided view of those words as `length`: 0.109 -> 0.144.)
Then nd as uint16 when every node index fits (cover/solver.py narrow_links; every spacer's TOP 0 there, which
the spacer test already catches; PURE 0xFFFF for both widths, so colors must stay below it), each word read cast
to uint32 at once (as cells does since round 7): same nodes and updates, quarter pentominoes 1.146 -> 0.948 and
1.150 -> 0.962 (A/B), 13 queens 0.109 -> 0.113. As int16 with sign-extending casts instead: 1.14 -> 1.25. Kept:
`benchmarks/cover.py --knuth DIR --peers none --rounds 2` back to back, quarter pentominoes 1.13 -> 0.95 s (1.17x
-> 0.99x ssxcc), 6x10 4.68 -> 3.90 (1.19x -> 0.99x), queens 12-15 0.38-0.39x -> 0.39-0.42x.
"""

import numpy as np
from numba import njit

# state[] slots (ST_ABANDON: 0 = Knuth's DLX2, else abandon an option at once when it empties a primary item;
# ST_NPRIM: the number of primary items, which are 1 .. ST_NPRIM)
ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED, ST_ABANDON, ST_NPRIM = 0, 1, 2, 3, 4, 5
# resume points: Knuth's steps C2 (enter level), C5 (try x_l), C6 (try again), C8 (leave level)
OP_ENTER, OP_TRY, OP_RETRY, OP_LEAVE = 0, 1, 2, 3
# return status
DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2
# stats[] slots
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3


UP, DOWN, TOP, COLOR = 0, 1, 2, 3
# the kernel reads the int32 arrays as uint32 (numba then indexes without its negative-index test); a spacer's
# TOP (0 or negative) is then 0 or above 2^31. nd is uint16 when every node index fits (cover/solver.py
# narrow_links: half the footprint; every spacer's TOP 0 there): each word read is cast to uint32 at once
U0, U1, U4 = np.uint32(0), np.uint32(1), np.uint32(4)
UUP, UDOWN, UTOP, UCOLOR = np.uint32(0), np.uint32(1), np.uint32(2), np.uint32(3)
SPACER = np.uint32(0x7FFFFFFF)  # x - 1 >= SPACER (wrapping): x is a spacer's TOP (4% faster than x == 0 or x > SPACER)
PURE = np.uint32(0xFFFF)  # a purified COLOR, in a uint16 nd as in a uint32 one (colors stay below it)


@njit(cache=True, inline="always", _nrt=False)
def _hide(p, nd, length):
    """Remove the other nodes of p's option from their item lists; return the number of updates."""
    q = p + U1
    updates = 0
    while q != p:
        x = np.uint32(nd[U4 * q + UTOP])
        if x - U1 >= SPACER:
            q = np.uint32(nd[U4 * q + UUP])
        else:
            if np.uint32(nd[U4 * q + UCOLOR]) != PURE:  # a node purified away is already out of its list
                u = np.uint32(nd[U4 * q + UUP])
                d = np.uint32(nd[U4 * q + UDOWN])
                nd[U4 * u + UDOWN] = d
                nd[U4 * d + UUP] = u
                length[x] -= U1
                updates += 1
            q += U1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _unhide(p, nd, length):
    """Undo _hide(p), in reverse order."""
    _unhide_down(p - U1, p, nd, length)


@njit(cache=True, inline="always", _nrt=False)
def _unhide_down(q, p, nd, length):
    """Undo _hide(p)'s removals from node q back round the option to p (exclusive), in reverse order."""
    while q != p:
        x = np.uint32(nd[U4 * q + UTOP])
        if x - U1 >= SPACER:
            q = np.uint32(nd[U4 * q + UDOWN])
        else:
            if np.uint32(nd[U4 * q + UCOLOR]) != PURE:
                u = np.uint32(nd[U4 * q + UUP])
                d = np.uint32(nd[U4 * q + UDOWN])
                nd[U4 * u + UDOWN] = q
                nd[U4 * d + UUP] = q
                length[x] += U1
            q -= U1


@njit(cache=True, inline="always", _nrt=False)
def _uncommit_up(q, j, c, nd, length):
    """Undo _commit's work on item j's list from node q up to j (exclusive): unhide each option, or give a node
    purified by color c its color back (c == 0, a cover: unhide only)."""
    while q != j:
        if c != U0 and np.uint32(nd[U4 * q + UCOLOR]) == PURE:
            nd[U4 * q + UCOLOR] = c
        else:
            _unhide(q, nd, length)
        q = np.uint32(nd[U4 * q + UUP])


@njit(cache=True, inline="always", _nrt=False)
def _cover(i, llink, rlink, nd, length):
    """Hide every option of item i and take i off its item list; return the number of updates."""
    updates = 0
    p = np.uint32(nd[U4 * i + UDOWN])
    while p != i:
        updates += _hide(p, nd, length)
        p = np.uint32(nd[U4 * p + UDOWN])
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
    _uncommit_up(np.uint32(nd[U4 * i + UUP]), i, U0, nd, length)


@njit(cache=True, inline="always", _nrt=False)
def _commit(p, j, llink, rlink, nd, length, stats):
    """Cover item j of node p, or purify it when p carries a color; return the number of updates."""
    c = np.uint32(nd[U4 * p + UCOLOR])
    if c == U0:
        return _cover(j, llink, rlink, nd, length)
    updates = 0
    if c != PURE:
        q = np.uint32(nd[U4 * j + UDOWN])
        while q != j:
            if np.uint32(nd[U4 * q + UCOLOR]) == c:
                nd[U4 * q + UCOLOR] = PURE
                stats[CLEANSINGS] += 1
            else:
                updates += _hide(q, nd, length)
            q = np.uint32(nd[U4 * q + UDOWN])
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _uncommit(p, j, llink, rlink, nd, length):
    """Undo _commit(p, j)."""
    c = np.uint32(nd[U4 * p + UCOLOR])
    if c == U0:
        _uncover(j, llink, rlink, nd, length)
    elif c != PURE:
        _uncommit_up(np.uint32(nd[U4 * j + UUP]), j, c, nd, length)


@njit(cache=True, inline="always", _nrt=False)
def _empties(x, xs, xe, nprim, nd):
    """Has primary item x, its list just emptied, no option left? Not if x is an item of the option xs..xe being
    tried (x then gets that option)."""
    if x > nprim:
        return False
    z = xs
    while z <= xe:
        if np.uint32(nd[U4 * z + UTOP]) == x:
            return False
        z += U1
    return True


@njit(cache=True, inline="always", _nrt=False)
def _hide_a(p, xs, xe, nprim, nd, length):
    """_hide(p) that stops as soon as a primary item outside the option xs..xe loses its last option: then its
    own removals are undone and -1 - (updates made) comes back, else the number of updates."""
    q = p + U1
    updates = 0
    while q != p:
        x = np.uint32(nd[U4 * q + UTOP])
        if x - U1 >= SPACER:
            q = np.uint32(nd[U4 * q + UUP])
        else:
            if np.uint32(nd[U4 * q + UCOLOR]) != PURE:
                u = np.uint32(nd[U4 * q + UUP])
                d = np.uint32(nd[U4 * q + UDOWN])
                nd[U4 * u + UDOWN] = d
                nd[U4 * d + UUP] = u
                n = length[x] - U1
                length[x] = n
                updates += 1
                if n == U0 and _empties(x, xs, xe, nprim, nd):
                    _unhide_down(q, p, nd, length)
                    return -1 - updates
            q += U1
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _commit_a(p, j, xs, xe, nprim, llink, rlink, nd, length, stats):
    """_commit(p, j) with _hide_a: on a dead end everything it did is undone and -1 - (updates made) returned."""
    c = np.uint32(nd[U4 * p + UCOLOR])
    updates = 0
    if c == U0:
        q = np.uint32(nd[U4 * j + UDOWN])
        while q != j:
            r = _hide_a(q, xs, xe, nprim, nd, length)
            if r < 0:
                _uncommit_up(np.uint32(nd[U4 * q + UUP]), j, c, nd, length)
                return r - updates
            updates += r
            q = np.uint32(nd[U4 * q + UDOWN])
        left = llink[j]
        right = rlink[j]
        rlink[left] = right
        llink[right] = left
    elif c != PURE:
        q = np.uint32(nd[U4 * j + UDOWN])
        while q != j:
            if np.uint32(nd[U4 * q + UCOLOR]) == c:
                nd[U4 * q + UCOLOR] = PURE
                stats[CLEANSINGS] += 1
            else:
                r = _hide_a(q, xs, xe, nprim, nd, length)
                if r < 0:
                    _uncommit_up(np.uint32(nd[U4 * q + UUP]), j, c, nd, length)
                    return r - updates
                updates += r
            q = np.uint32(nd[U4 * q + UDOWN])
    return updates


@njit(cache=True, inline="always", _nrt=False)
def _choose(llink, rlink, length, state):
    """The active primary item with the fewest options (MRV); ties to the leftmost, or at random if seeded."""
    best = U0
    best_len = PURE
    ties = 0
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    i = rlink[0]
    while i != U0:
        n = length[i]
        if n < best_len:
            best, best_len, ties = i, n, 1
            if n == U0:
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
    """Run Algorithm C from the saved state; return DONE, PAUSED_LIMIT or PAUSED_NODES.

    The int32 arrays come as uint32 views (see unsigned())."""
    op = state[ST_OP]
    level = np.uint32(state[ST_LEVEL])
    found = 0
    cap = out_len.shape[0]
    status = DONE
    updates = 0
    abandon = state[ST_ABANDON] != 0
    nprim = np.uint32(state[ST_NPRIM])
    while True:
        if op == OP_ENTER:  # C2
            if max_nodes > 0 and stats[NODES] >= max_nodes:
                status = PAUSED_NODES
                break
            stats[NODES] += 1
            if rlink[0] == U0:
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
            x[level] = np.uint32(nd[U4 * i + UDOWN])
            op = OP_TRY
        elif op == OP_TRY:  # C5
            xl = x[level]
            i = np.uint32(nd[U4 * xl + UTOP])
            if xl == i:  # every option of i tried: C7
                _uncover(i, llink, rlink, nd, length)
                op = OP_LEAVE
                continue
            if abandon:  # as DLX2, from x_l + 1 round the option, but a dead end abandoned at once
                xs = xl
                while np.uint32(nd[U4 * (xs - U1) + UTOP]) - U1 < SPACER:
                    xs -= U1
                xe = xl
                while np.uint32(nd[U4 * (xe + U1) + UTOP]) - U1 < SPACER:
                    xe += U1
                p = xl + U1
                fail = False
                while p != xl:
                    j = np.uint32(nd[U4 * p + UTOP])
                    if j - U1 >= SPACER:
                        p = np.uint32(nd[U4 * p + UUP])
                        continue
                    r = _commit_a(p, j, xs, xe, nprim, llink, rlink, nd, length, stats)
                    if r < 0:
                        updates += -1 - r
                        fail = True
                        break
                    updates += r
                    p += U1
                if fail:  # undo the items committed before p (from p back to xl + 1)
                    p -= U1
                    while p != xl:
                        j = np.uint32(nd[U4 * p + UTOP])
                        if j - U1 >= SPACER:
                            p = np.uint32(nd[U4 * p + UDOWN])
                        else:
                            _uncommit(p, j, llink, rlink, nd, length)
                            p -= U1
                    x[level] = np.uint32(nd[U4 * xl + UDOWN])
                    continue
                level += U1
                op = OP_ENTER
                continue
            p = xl + U1
            while p != xl:
                j = np.uint32(nd[U4 * p + UTOP])
                if j - U1 >= SPACER:
                    p = np.uint32(nd[U4 * p + UUP])
                else:
                    updates += _commit(p, j, llink, rlink, nd, length, stats)
                    p += U1
            level += U1
            op = OP_ENTER
        elif op == OP_RETRY:  # C6
            xl = x[level]
            p = xl - U1
            while p != xl:
                j = np.uint32(nd[U4 * p + UTOP])
                if j - U1 >= SPACER:
                    p = np.uint32(nd[U4 * p + UDOWN])
                else:
                    _uncommit(p, j, llink, rlink, nd, length)
                    p -= U1
            x[level] = np.uint32(nd[U4 * xl + UDOWN])
            op = OP_TRY
        else:  # OP_LEAVE, C8
            if level == U0:
                status = DONE
                break
            level -= U1
            op = OP_RETRY
    state[ST_OP] = op
    state[ST_LEVEL] = level
    stats[UPDATES] += updates
    return status


def unsigned(links: tuple) -> tuple:
    """The links as search() reads them: llink, rlink, nd (a uint16 nd as is), length as uint32 views, node_opt."""
    llink, rlink, nd, length, node_opt = links
    nd = nd if nd.dtype == np.uint16 else nd.view(np.uint32)
    return llink.view(np.uint32), rlink.view(np.uint32), nd, length.view(np.uint32), node_opt
