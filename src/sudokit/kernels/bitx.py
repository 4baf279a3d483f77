"""Algorithm X on bitsets: the live options as one bit each, an item's options as a bit row; no links move.

Same contract as kernels/cells.py and kernels/dlx.py: one resumable kernel `search`, the whole search state in
caller arrays, run until `limit` more solutions (PAUSED_LIMIT), exhaustion (DONE) or `max_nodes` nodes
(PAUSED_NODES); the first `len(out_len)` solutions of the call go to `out_opts` as the user's option indices.
Exact cover with primary and (uncolored) secondary items; cover/solver.py `build_bits` makes every array.

Layout (W = words per option set, options numbered in the order they are tried; items by the MRV tie rank):

    rows[j, 0 .. W)        item j's options: bit o of word o >> 6 is option o        (uint64, n_items x W)
    opt_ptr, opt_items     option o's items: opt_items[opt_ptr[o] .. opt_ptr[o + 1])   (CSR)
    opt_of[o]              option o's index in the user's problem
    live[level, 0 .. c)    the level's live options, its nonzero words only (c = lv[level, L_WORDS]) ...
    at[level, 0 .. c)      ... and which word each is (ascending); level 0: every word, every option
    cov[j]                 1 while item j is covered by an option of the current partial solution
    lv[level]              the level's item, the option it is trying (-1 before the first), its word count

           word 0                       word 1
    bit    63 ................ 1 0      63 ................ 1 0
    live   option 63 ...  option 0      option 127 ... option 64

A node (counted as cells counts one: a partial solution no primary item has ruled out): choose the uncovered
primary item with fewest live options (MRV: popcount of live & row; ties to the lowest rank, or at random if
seeded), then try its live options in order. Trying x: live' = live & ~(rows of x's items), cover x's items, and
count every uncovered primary item's live options: x is abandoned, not a node, as soon as one has none; else the
counts are the child's MRV (state[ST_PRE] hands its choice over; a seeded search draws its ties at the node).
Undo = uncover x's items (live is per level, so nothing else moves). Counters: nodes; updates = options hidden
(live bits cleared by the options tried).

Why a second Algorithm X: the sparse-set removals of cells (~3 ns each, waiting on L2) are the whole cost of
the pentominoes (254M removals on the quarter board), while here trying an option is 6 x W word ANDs and a node
W popcounts per primary item, all in L1 and L2 streams: quarter pentominoes 0.81 -> 0.49 s, 6x10 3.4 -> 1.9 s
(/tmp prototype, same process, loaded box). It loses where options are few and short (13 queens 0.12 -> 0.16 s:
cells does ~27 removals a node there) and where the words are many (an N x N Sudoku: W = N^3 / 64), so
cover/solver.py picks it only for problems that look like the pentominoes (see bits_suits).
Then (/tmp A/B, kernels side by side in one process, best of 2-3, same nodes and updates): a level keeps only its
nonzero words (deep levels have few live options): quarter pentominoes 0.484 -> 0.461 -> 0.399 and 6x10 1.90 ->
1.59, but 13 queens (W = 3) 0.178 -> 0.192; and the dead-end test merged with the child's MRV (one popcount pass
per try instead of an early-exit test per try plus a pass per node): quarter pentominoes 0.477 -> 0.323, 13
queens 0.183 -> 0.138: both kept. (Before the merge, the dead-end test stopped at an item's first live word and
the node's MRV at its first item of size 1.)
"""

import numpy as np
from numba import njit

from .bits import ctz, popcount

# state[] slots
ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED, ST_NPRIM, ST_PRE = range(6)
STATE_WORDS = 6
OP_ENTER, OP_NEXT, OP_LEAVE = 0, 1, 2
DONE, PAUSED_LIMIT, PAUSED_NODES = 0, 1, 2  # as kernels/dlx.py
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
L_ITEM, L_OPT, L_WORDS = 0, 1, 2
LEVEL_WORDS = 3

ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _size(here, at, c, row):
    """Live options of one item: the popcount of live & row over the level's c nonzero words."""
    s = 0
    for k in range(c):
        s += popcount(here[k] & row[at[k]])
    return s


@njit(cache=True, inline="always")
def _next_option(here, at, c, row, prev):
    """The first live option of a row after option prev, or -1."""
    o = prev + 1
    w0 = o >> 6
    for k in range(c):
        w = at[k]
        if w < w0:
            continue
        m = here[k] & row[w]
        if w == w0:
            m &= ~((ONE << np.uint64(o & 63)) - ONE)
        if m != 0:
            return (w << 6) + ctz(m)
    return -1


@njit(cache=True)
def search(rows, opt_ptr, opt_items, opt_of, live, at, cov, lv, state, limit, max_nodes, out_opts, out_len, stats):
    """Run Algorithm X on bitsets from the saved state; return DONE, PAUSED_LIMIT or PAUSED_NODES."""
    nprim = state[ST_NPRIM]
    op = state[ST_OP]
    level = state[ST_LEVEL]
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    pre = state[ST_PRE]  # the MRV item of the node about to be entered, as its parent's try counted (-1: none)
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
            best = pre
            pre = -1
            if best < 0 or seeded:
                here = live[level]
                hat = at[level]
                c = lv[level, L_WORDS]
                best = -1
                bs = 1 << 62
                ties = 0
                for j in range(nprim):
                    if cov[j] != 0:
                        continue
                    s = _size(here, hat, c, rows[j])
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
            hat = at[level]
            hc = lv[level, L_WORDS]
            x = _next_option(here, hat, hc, rows[lv[level, L_ITEM]], prev)
            if x < 0:
                op = OP_LEAVE
                continue
            lv[level, L_OPT] = x
            p0 = opt_ptr[x]
            p1 = opt_ptr[x + 1]
            child = live[level + 1]
            cat = at[level + 1]
            c = 0
            for k in range(hc):  # the options that clash with x leave; the child keeps its nonzero words
                w = hat[k]
                keep = here[k]
                for p in range(p0, p1):
                    keep &= ~rows[opt_items[p], w]
                updates += popcount(here[k] ^ keep)
                if keep != 0:
                    child[c] = keep
                    cat[c] = w
                    c += 1
            lv[level + 1, L_WORDS] = c
            for p in range(p0, p1):
                cov[opt_items[p]] = 1
            best = -1
            bs = 1 << 62
            for j in range(nprim):  # the child's MRV; x is abandoned if an uncovered primary item has no option
                if cov[j] != 0:
                    continue
                s = _size(child, cat, c, rows[j])
                if s < bs:
                    best = j
                    bs = s
                    if s == 0:
                        break
            if bs != 0:
                level += 1
                pre = best
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
    state[ST_PRE] = pre
    stats[NODES] = nodes
    stats[UPDATES] += updates
    return status
