"""Algorithm X on bitsets: the live options as one bit each, an item's options as a bit row; no links move.

Same contract as kernels/cells.py and kernels/dlx.py: one resumable kernel `search`, the whole search state in
caller arrays, run until `limit` more solutions (PAUSED_LIMIT), exhaustion (DONE) or `max_nodes` nodes
(PAUSED_NODES); the first `len(out_len)` solutions of the call go to `out_opts` as the user's option indices.
Exact cover with primary and (uncolored) secondary items; cover/solver.py `build_bits` makes every array.

Layout (W = words per option set, options numbered in the order they are tried; items by the MRV tie rank):

    rows[j, 0 .. W)        item j's options: bit o of word o >> 6 is option o        (uint64, n_items x W)
    opt_ptr, opt_items     option o's items: opt_items[opt_ptr[o] .. opt_ptr[o + 1])   (CSR)
    opt_of[o]              option o's index in the user's problem
    live[level, 0 .. W)    the options still live at a level (live[0]: every option with a primary item)
    cov[j]                 1 while item j is covered by an option of the current partial solution
    lv[level]              the level's item, the option it is trying (-1 before the first)

           word 0                       word 1
    bit    63 ................ 1 0      63 ................ 1 0
    live   option 63 ...  option 0      option 127 ... option 64

A node (counted as cells counts one: a partial solution no primary item has ruled out): choose the uncovered
primary item with fewest live options (MRV: popcount of live & row; ties to the lowest rank, or at random if
seeded), then try its live options in order. Trying x: live' = live & ~(rows of x's items), cover x's items; x is
abandoned, not a node, when an uncovered primary item has no live option left. Undo = uncover x's items (live is
per level, so nothing else moves). Counters: nodes; updates = options hidden (live bits cleared by the options
tried).

Why a second Algorithm X: the sparse-set removals of cells (~3 ns each, waiting on L2) are the whole cost of
the pentominoes (254M removals on the quarter board), while here trying an option is 6 x W word ANDs and a node
W popcounts per primary item, all in L1 and L2 streams: quarter pentominoes 0.81 -> 0.49 s, 6x10 3.4 -> 1.9 s
(/tmp prototype, same process, loaded box). It loses where options are few and short (13 queens 0.12 -> 0.16 s:
cells does ~27 removals a node there) and where the words are many (an N x N Sudoku: W = N^3 / 64), so
cover/solver.py picks it only for problems that look like the pentominoes (see bits_suits).
"""

import numpy as np
from numba import njit

from .bits import ctz, popcount

# state[] slots
ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED, ST_NPRIM = range(5)
STATE_WORDS = 5
OP_ENTER, OP_NEXT, OP_LEAVE = 0, 1, 2
DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2  # as kernels/dlx.py
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
L_ITEM, L_OPT = 0, 1

ONE = np.uint64(1)
ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, inline="always")
def _size(live, row, words):
    """Live options of one item: the popcount of live & row."""
    s = 0
    for w in range(words):
        s += popcount(live[w] & row[w])
    return s


@njit(cache=True, inline="always")
def _next_option(live, row, prev, words):
    """The first live option of a row after option prev, or -1."""
    o = prev + 1
    w = o >> 6
    if w >= words:
        return -1
    m = live[w] & row[w] & ~((ONE << np.uint64(o & 63)) - ONE)
    while m == 0:
        w += 1
        if w >= words:
            return -1
        m = live[w] & row[w]
    return (w << 6) + ctz(m)


@njit(cache=True, inline="always")
def _has_live(live, row, words):
    """Does the row hold a live option?"""
    for w in range(words):
        if live[w] & row[w] != 0:
            return True
    return False


@njit(cache=True)
def search(rows, opt_ptr, opt_items, opt_of, live, cov, lv, state, limit, max_nodes, out_opts, out_len, stats):
    """Run Algorithm X on bitsets from the saved state; return DONE, PAUSED_LIMIT or PAUSED_NODES."""
    words = rows.shape[1]
    nprim = state[ST_NPRIM]
    op = state[ST_OP]
    level = state[ST_LEVEL]
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    found = 0
    cap = out_len.shape[0]
    status = DONE
    nodes = stats[NODES]
    updates = 0
    while True:
        if op == OP_ENTER:
            if max_nodes > 0 and nodes >= max_nodes:
                status = PAUSED_NODES
                break
            nodes += 1
            here = live[level]
            best = -1
            bs = 1 << 62
            ties = 0
            for j in range(nprim):
                if cov[j] != 0:
                    continue
                s = _size(here, rows[j], words)
                if s < bs:
                    best = j
                    bs = s
                    ties = 1
                    if s <= 1 and not seeded:
                        break
                elif s == bs and seeded:
                    ties += 1
                    rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF  # the LCG of dlx._choose
                    if (rng >> 8) % ties == 0:  # reservoir sampling among the ties
                        best = j
            if best < 0:  # every primary item covered: a solution
                stats[SOLUTIONS] += 1
                if found < cap:
                    for k in range(level):
                        out_opts[found, k] = opt_of[lv[k, L_OPT]]
                    out_len[found] = level
                found += 1
                op = OP_LEAVE
                if found >= limit:
                    status = PAUSED_LIMIT
                    break
                continue
            lv[level, L_ITEM] = best
            lv[level, L_OPT] = -1
            op = OP_NEXT
        elif op == OP_NEXT:
            prev = lv[level, L_OPT]
            if prev >= 0:  # undo the option tried last: uncover its items
                for p in range(opt_ptr[prev], opt_ptr[prev + 1]):
                    cov[opt_items[p]] = 0
            here = live[level]
            x = _next_option(here, rows[lv[level, L_ITEM]], prev, words)
            if x < 0:
                op = OP_LEAVE
                continue
            lv[level, L_OPT] = x
            p0 = opt_ptr[x]
            p1 = opt_ptr[x + 1]
            child = live[level + 1]
            for w in range(words):  # the options that clash with x leave
                keep = here[w]
                for p in range(p0, p1):
                    keep &= ~rows[opt_items[p], w]
                child[w] = keep
                updates += popcount(here[w] ^ keep)
            for p in range(p0, p1):
                cov[opt_items[p]] = 1
            ok = True
            for j in range(nprim):  # abandon x if an uncovered primary item has no live option left
                if cov[j] == 0 and not _has_live(child, rows[j], words):
                    ok = False
                    break
            if ok:
                level += 1
                op = OP_ENTER
        else:  # OP_LEAVE
            if level == 0:
                status = DONE
                break
            level -= 1
            op = OP_NEXT
    state[ST_OP] = op
    state[ST_LEVEL] = level
    state[ST_RNG] = rng
    stats[NODES] = nodes
    stats[UPDATES] += updates
    return status
