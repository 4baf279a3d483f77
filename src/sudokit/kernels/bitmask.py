"""Bitmask Sudoku kernel for any geometry with N <= 64: numba code only.

Representation (one int64 word of candidates per cell; bit d-1 set = digit d still possible)::

    cell c:   bit 63 ............................. bit 1  bit 0
              [ digit 64 | ........................ | digit 2 | digit 1 ]
              full = (1 << N) - 1   (all ones, i.e. -1, when N == 64)

The words are int64, not uint64, on purpose: numba types a mix of uint64 and int64 as float64, and every
operation used here (and, or, xor, not, x & -x, popcount, count-trailing-zeros, left shift) gives the same
bits on int64.  A placed cell keeps its single bit in ``cand`` and has ``placed[c] = 1``.

Search state = (cand[ncells], placed[ncells], nplaced).  The search is an explicit stack, no recursion:

    level k frame:  st_cand[k, :]  st_placed[k, :]  st_np[k]   the state before the guess
                    st_cell[k]     st_rest[k]                  the guessed cell and its digits not tried yet

A node is one call of ``propagate``; its rules, cheapest first, repeated until nothing changes:
  1. naked singles: a queue of newly placed cells; each removes its digit from its peers (CSR peer table,
     so the extra ``pairs`` of a geometry are honoured like units);
  2. hidden singles: per unit, ``once``/``twice`` accumulators give the digits with exactly one place;
     a digit with no place (``once != full``) is a contradiction;
  3. locked candidates (pointing and claiming), only when 1 and 2 are exhausted, at most ``lc_rounds`` sweeps
     per node (then 1 and 2 again): for every pair of units
     A, B sharing >= 2 cells (box/row, box/column, and for jigsaws or diagonals whatever overlaps), a digit of
     A confined to A&B is removed from B\\A, and vice versa.
Then the unplaced cell with the fewest candidates (MRV) is guessed, lowest digit first (``x & -x``); among
bivalue cells the one with the most tightly constrained unplaced peers (at most N // SMALL candidates: 3 on
16x16, none on 9x9; at limit >= 2 a peer with k candidates weighs N // SMALL + 1 - k), then the most unplaced
peers (cuts guesses by 40% on the hard 9x9 sets).  Applying that
tie-break to every tie instead lost its way on large empty grids (64x64: no solution within 200k nodes, against
3.9k nodes with first-cell ties).  When the fewest is 3 (PAIR_KMAX) and the search must see the whole tree
(limit >= 2), a (unit, digit) with exactly 2 places, if any, is branched on instead: "the first place holds d",
then "the second does" (``pair_place``; the frame keeps the second place as its cell and d as its last digit).

ONE kernel (``search``) serves solve / uniqueness / count through ``limit``: it stops at ``limit``
solutions, keeps the first one in the caller's ``out`` buffer, counts nodes and guesses (a guess = a digit
tried while the cell still had other untried digits; the last digit of a cell is forced, not a guess, as in
tdoku), and stops at ``max_nodes`` (0 = no limit) telling the caller so.

Variants tried and why they lost (tdoku sets through this kernel, limit 2, one core, puzzles/s for
17_clue / magictour / 1905_11+ / 1106):
  - no locked candidates:                 35,300 / 5,900 / 1,670 / 963   (guesses 2.8 / 31 / 111 / 194)
  - one sweep per node (kept, default):   48,300 / 9,300 / 1,330 / 858   (guesses 0.6 / 10 / 86 / 139)
  - sweeps to a fixpoint:                 47,000 / 8,400 / 1,210 / 783   (guesses 0.5 / 10 / 85 / 138)
    A sweep reads every cell of every overlapping unit pair (54 pairs x 15 cells on 9x9): it pays on easy and
    medium puzzles and costs on the hardest, so one sweep is the compromise.  On 9x9 the band kernel
    (bitmask9.py) gets the same pruning for a few table lookups and is 3-5x faster than this kernel.
  Figures above are from before the uint64 indices (U below), which made every set 1.3-1.5x faster.
  Issue 15 (the 9x9 kernel's lessons; POJ 3076's four 16x16 puzzles at limit 2, empty grids at limit 1, medians
  of 5-7 passes, one core, shared machine; before -> after):
  - dirty units (kept): hidden singles and locked candidates only on units with a cell changed since they were
    last scanned, the flags saved with each guess (the 9x9 kernel's per-digit snapshots, per unit here):
    POJ 3076 149 -> 172/s, empty 16x16 0.56 -> 0.47 ms, 25x25 3.9 -> 2.9 ms, 36x36 17.4 -> 11.5 ms; 9x9 sets
    unchanged (a placement dirties nearly every unit of a 9x9 grid).  Nodes within 0.1% of before.
  - locked candidates with an early exit once a side's cells cover A&B (kept for sides over LC_EARLY = 12
    cells): empty 36x36 11.5 -> 8.8 ms, 25x25 2.9 -> 2.3 ms.  On every pair it cost POJ 3076 8% (172 -> 158/s)
    and the 9x9 sets 5-7%; tested every 8 cells instead of every cell: no better.  Dropping the "& rest_b"
    filter (letting the removal loop find absent digits) cost 11% on POJ 3076.
  - guess cell as a branch-free minimum of (popcount | placed << 8), then one pass over cells of that size
    (kept; the same cell as before, so the same nodes): empty 36x36 8.8 -> 8.2 ms, 25x25 2.3 -> 2.0 ms, POJ
    3076 and the 9x9 sets unchanged within noise.
  - hidden singles' "done" digits gathered branch-free (m & -placed) instead of an if: no change (rejected).
  - lc_rounds 0 / 1 / 2 / 3 on POJ 3076: 27 / 150 / 139 / 139 per second (1 kept); on an empty 36x36 grid 0
    rounds is 5.5 ms against 8.8 (1,559 nodes against 1,031), but 16x16 puzzles need the sweep.
  Left: on 9x9 this kernel is still 4.0-4.4x slower than bitmask9 (magictour 21k/s against 84k/s); closing
  that needs bitmask9's digit-major layout (a bitboard per digit over the grid, units as masks), not tuning.
  - a digit-major rewrite with one word per (digit, row) (kernels/digits.py on branch `general`, not merged
    since it lost everywhere): 0.55-0.8x of this kernel (POJ 3076 119 against 175/s, empty 36x36 10.8 against
    8.0 ms, magictour 13.0k against 19.9k/s), nodes within 1%; its docstring has the variants.  A placement
    costs O(N) words in either layout, so the gain, if any, needs several rows per word (a band per word where
    br * N <= 64).
  Branching (POJ 3076 at limit 2, nodes of the 4 puzzles; one process alternating old and new, best of 3):
  - a 2-place (unit, digit) when no cell is bivalue: "first place holds d / second place does" (kept, when the
    fewest candidates is 3 and limit >= 2): 174 -> 251/s, nodes 2415+2556+777+7 -> 2415+599+777+7 (the first
    puzzle always has a bivalue cell).  At any kmin: 246-253/s but empty 25x25 1.9 -> 4.9 ms (the scan of every
    unit per node); kmin <= 4 / 6: 251 / 246/s, empty 36x36 8.7 / 9.4 ms.  At limit 1 it does not pay (POJ 3076
    496 -> 512/s, within noise) and it loses the large empty grids, which MRV's lowest-digit-first fills in
    order: empty 49x49 and 64x64 found nothing within 50k nodes (2.0k / 3.9k before), hence limit >= 2.
  - the pair among those with the lowest first cell (a row-major fill like MRV's): 246/s, 3,884 nodes; 64x64
    still lost at limit 1 (rejected).
  - bivalue cell by the most unplaced peers with <= 3 candidates (POJ 3076 limit 2 / limit 1): 461 / 2,860/s
    (nodes 1,784 / 289, from 3,798 / 1,832), but 9x9 via this kernel 13-37% slower (magictour 18.6k -> 14.1k/s,
    1905_11+ 3.1k -> 2.0k/s, nodes up 22-29%) and empty 64x64 at limit 1 lost (50k nodes).  <= 2 candidates:
    408 / 2,205/s, 9x9 still 20-30% slower.
  - kept: tightly constrained peers (<= N // SMALL candidates, SMALL = 5) first, unplaced peers second, and the
    pair branch only where kmin * SMALL <= N (so 9x9 is as before, nodes identical): POJ 3076 limit 2 175 ->
    369/s (nodes 5,755 -> 2,376), limit 1 494 -> 1,889/s (1,852 -> 469 nodes); 9x9 sets within 2%; empty
    16x16 / 25x25 / 36x36 0.40 / 1.89 / 7.45 ms (same as before); empty 49x49 2,007 -> 1,996 nodes, 64x64 3,892
    -> 4,877 nodes at limit 1.
  - kept on top: at limit >= 2 a tight peer with k candidates weighs N // SMALL + 1 - k (bivalue peers 2, on
    16x16): POJ 3076 369 -> 404-416/s (nodes 2,376 -> 1,998); 30 minimal 16x16 puzzles from `generate(30,
    size=16, minimal=True, seed=11)` at limit 2: 167/s (44,008 nodes) before this work, 227/s (29,456) with
    the step above, 254-258/s (24,586) with this one.  At limit 1 it loses (POJ 3076 1,889 -> 1,317/s) and the
    empty 64x64 grid is not filled within 50k nodes, so limit 1 counts tight peers unweighted.
    The pair from the unit with the fewest unplaced cells instead of the first found: 365/s, 2,398 nodes
    (rejected).  SMALL = 4 / 6 (tight = 4 / 2 on 16x16; 6 also turns the pair branch off): 366 / 355/s
    (against 369 for 5, before the weights).  No pair branch at all with the tight peers: 215/s.
    Every 2-place (unit, digit) scored by its two places' weighted tight peers, the best taken: 405/s, 2,004
    nodes, the 30 generated puzzles' nodes unchanged (rejected: the pair branch is rare once bivalue cells are
    chosen well).
    With the weights, SMALL = 4 (tight = 4 on 16x16; but 2 on 9x9, where tight peers cost 20-30%): 427/s, 1,810
    nodes; 30 generated 273/s, 23,304 nodes.  Left: a tight(N) giving 4 on 16x16 and 1 on 9x9, if it holds on
    more than these 34 puzzles.
  - only pairs through the MRV cell (its units, its digits: cheap, local): 171/s, 5,758 nodes (rejected): the
    gain comes from pairs away from the fewest-candidate cell.
  Band per word (issue 15, the recorded next idea, built as a second general layout): kernels/bands.py keeps,
  for each digit, one word per band of r rows for any r x c box shape with 2 <= r, c <= 4 and r*N <= 64 (4x4,
  6x6, 8x8, 9x9, 12x12, 16x16 with 4x4 boxes), with bitmask9's band and stack filters generalised to r x r and
  c x c permutation tables and the geometry as numba literals (one compiled kernel per box shape).  On 9x9 it
  runs 0.78-0.86x of the 9x9 kernel where this one runs 0.21-0.24x, and POJ 3076 at 2.2x this kernel's rate
  (figures in its docstring); sudoku/fast.py sends the box geometries it fits there and everything else (other
  box shapes, 25x25 and up, jigsaws, extra units and pairs) here, so the empty large grids are unchanged.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import U, ctz, popcount


# stats[] slots written by the kernels
NODES, GUESSES, STOPPED = 0, 1, 2
LC_EARLY = 12  # locked candidates: sides longer than this are scanned with an early exit (see propagate)
SMALL = 5  # a cell is tightly constrained when it has at most N / SMALL candidates (3 on 16x16, none on 9x9)
PAIR_KMAX = 3  # branch on a 2-place (unit, digit) only when no cell has fewer candidates than this
STOP_EVERY = 255  # the stop flag is read when (nodes & STOP_EVERY) == 0


@njit(cache=True, error_model="numpy")
def full_mask(n):
    """All N digit bits set."""
    if n >= 64:
        return np.int64(-1)
    return (np.int64(1) << n) - 1


@njit(cache=True, error_model="numpy", inline="always")
def mark(c, cu_ptr, cu_idx, dirty):
    """Cell c changed: its units need hidden singles (bit 1) and locked candidates (bit 2) again."""
    for k in range(cu_ptr[U(c)], cu_ptr[U(c + 1)]):
        dirty[U(cu_idx[U(k)])] = 3


@njit(cache=True, error_model="numpy")
def _drain(cand, placed, queue, qtail, nplaced_arr, peers_ptr, peers_idx, cu_ptr, cu_idx, dirty):
    """Naked singles: pop placed cells off the queue and remove their digit from their peers.

    Returns 0 on contradiction, else 1.  queue[0:qtail] are the cells to process; nplaced_arr[0] is updated.
    """
    qhead = 0
    while qhead < qtail:
        c = queue[U(qhead)]
        qhead += 1
        bit = cand[U(c)]
        for k in range(peers_ptr[U(c)], peers_ptr[U(c + 1)]):
            p = peers_idx[U(k)]
            m = cand[U(p)]
            if m & bit:
                m &= ~bit
                if m == 0:
                    return 0
                cand[U(p)] = m
                mark(p, cu_ptr, cu_idx, dirty)
                if (m & (m - 1)) == 0 and placed[U(p)] == 0:
                    placed[U(p)] = 1
                    nplaced_arr[0] += 1
                    queue[U(qtail)] = p
                    qtail += 1
    return 1


@njit(cache=True, error_model="numpy")
def propagate(cand, placed, queue, qtail, nplaced_arr, n, full, units, peers_ptr, peers_idx,
              lc_ptr, lc_cells, lc_rounds, cu_ptr, cu_idx, dirty, lcnow):
    """Run the rules to a fixpoint. Returns 0 on contradiction, 1 otherwise. queue[0:qtail] = new placements.

    Only units whose cells changed since they were last looked at are scanned (dirty[u] bit 1: hidden singles,
    bit 2: locked candidates of the pairs holding u), as the 9x9 kernel re-processes only changed digits.
    """
    nunits = units.shape[0]
    ncells = cand.shape[0]
    nlc = lc_ptr.shape[0]
    lc_rounds_done = 0
    while True:
        if qtail:
            if _drain(cand, placed, queue, qtail, nplaced_arr, peers_ptr, peers_idx, cu_ptr, cu_idx, dirty) == 0:
                return 0
            qtail = 0
        if nplaced_arr[0] == ncells:
            return 1
        # hidden singles
        for u in range(nunits):
            if (dirty[u] & 1) == 0:
                continue
            dirty[u] &= 2
            once = np.int64(0)
            twice = np.int64(0)
            done = np.int64(0)
            for j in range(n):
                c = units[u, j]
                m = cand[U(c)]
                twice |= once & m
                once |= m
                if placed[U(c)]:
                    done |= m
            if once != full:
                return 0
            uniq = once & ~twice & ~done
            if uniq:
                for j in range(n):
                    c = units[u, j]
                    m = cand[U(c)] & uniq
                    if m:
                        if m & (m - 1):
                            return 0
                        if placed[U(c)] == 0:
                            cand[U(c)] = m
                            mark(c, cu_ptr, cu_idx, dirty)
                            placed[U(c)] = 1
                            nplaced_arr[0] += 1
                            queue[U(qtail)] = c
                            qtail += 1
        if qtail:
            continue
        if lc_rounds_done >= lc_rounds:
            return 1
        lc_rounds_done += 1
        # locked candidates: for each overlapping unit pair, [inter | A\B | B\A] cell lists in lc_cells
        changed = False
        for u in range(nunits):  # the units changed since the last sweep; changes made by this one are for the next
            lcnow[u] = dirty[u] & 2
            dirty[u] &= 1
        for t in range(nlc):
            if (lcnow[U(lc_ptr[t, 4])] | lcnow[U(lc_ptr[t, 5])]) == 0:
                continue
            a0 = lc_ptr[t, 0]
            a1 = lc_ptr[t, 1]
            a2 = lc_ptr[t, 2]
            a3 = lc_ptr[t, 3]
            inter = np.int64(0)
            for k in range(a0, a1):
                c = lc_cells[U(k)]
                if placed[U(c)] == 0:
                    inter |= cand[U(c)]
            if inter == 0:
                continue
            # pointing: digits of A&B confined to it within A -> removed from B\A; claiming: A, B swapped.
            # On big grids (sides of more than LC_EARLY cells) a side's scan stops once its cells cover A&B
            # (nothing can be confined) unless the other side needs it whole: on open grids that is after a
            # few cells instead of N - k (empty 36x36: 11.5 -> 8.8 ms).  On 9x9 and 16x16 the test costs more
            # than it saves (POJ 3076 172 -> 158/s, 9x9 sets 5-7% slower), so those scan whole.
            rest_a = np.int64(0)
            rest_b = np.int64(0)
            if a2 - a1 > LC_EARLY:
                for k in range(a1, a2):
                    rest_a |= cand[U(lc_cells[U(k)])]
                    if (inter & ~rest_a) == 0:
                        break
                if inter & ~rest_a:
                    for k in range(a2, a3):
                        rest_b |= cand[U(lc_cells[U(k)])]
                else:
                    for k in range(a2, a3):
                        rest_b |= cand[U(lc_cells[U(k)])]
                        if (inter & ~rest_b) == 0:
                            break
            else:
                for k in range(a1, a2):
                    rest_a |= cand[U(lc_cells[U(k)])]
                for k in range(a2, a3):
                    rest_b |= cand[U(lc_cells[U(k)])]
            kill_b = inter & ~rest_a & rest_b
            kill_a = inter & ~rest_b & rest_a
            if kill_b:
                for k in range(a2, a3):
                    c = lc_cells[U(k)]
                    m = cand[U(c)]
                    if m & kill_b and placed[U(c)] == 0:
                        m &= ~kill_b
                        if m == 0:
                            return 0
                        cand[U(c)] = m
                        mark(c, cu_ptr, cu_idx, dirty)
                        changed = True
                        if (m & (m - 1)) == 0:
                            placed[U(c)] = 1
                            nplaced_arr[0] += 1
                            queue[U(qtail)] = c
                            qtail += 1
            if kill_a:
                for k in range(a1, a2):
                    c = lc_cells[U(k)]
                    m = cand[U(c)]
                    if m & kill_a and placed[U(c)] == 0:
                        m &= ~kill_a
                        if m == 0:
                            return 0
                        cand[U(c)] = m
                        mark(c, cu_ptr, cu_idx, dirty)
                        changed = True
                        if (m & (m - 1)) == 0:
                            placed[U(c)] = 1
                            nplaced_arr[0] += 1
                            queue[U(qtail)] = c
                            qtail += 1
        if not changed:
            return 1


@njit(cache=True, error_model="numpy")
def pair_place(cand, placed, units, n):
    """A (unit, digit) with exactly 2 places: (c1, c2, bit), or (-1, -1, 0) if none.  Branching there
    ("c1 holds d" / "c2 holds d") is a binary guess where no cell is bivalue."""
    for u in range(units.shape[0]):
        once = np.int64(0)
        twice = np.int64(0)
        thrice = np.int64(0)
        done = np.int64(0)
        for j in range(n):
            c = units[u, j]
            m = cand[U(c)]
            if placed[U(c)]:
                done |= m
            else:
                thrice |= twice & m
                twice |= once & m
                once |= m
        two = twice & ~thrice & ~done
        if two:
            bit = two & -two
            c1 = -1
            for j in range(n):
                c = units[u, j]
                if placed[U(c)] == 0 and cand[U(c)] & bit:
                    if c1 < 0:
                        c1 = c
                    else:
                        return c1, c, bit
    return -1, -1, np.int64(0)


@njit(cache=True, error_model="numpy")
def search(puzzle, n, units, peers_ptr, peers_idx, lc_ptr, lc_cells, lc_rounds, limit, max_nodes,
           out, stats, st_cand, st_placed, st_np, st_cell, st_rest, cand, placed, queue, stop, cu_ptr, cu_idx,
           dirty, lcnow, st_dirty):
    """Count solutions of one puzzle up to ``limit``; the first goes to ``out`` (digits 1..N).

    puzzle: int32/uint8 [ncells] (0 = empty). Work buffers (caller-supplied, reused across puzzles):
    st_cand int64[ncells+1, ncells], st_placed uint8[ncells+1, ncells], st_np/st_cell/st_rest int64[ncells+1],
    cand int64[ncells], placed uint8[ncells], queue int32[ncells]; cu_ptr/cu_idx: the units of each cell (CSR);
    dirty/lcnow uint8[nunits], st_dirty uint8[ncells+1, nunits].
    stats int64[3] <- nodes, guesses, stopped (1 if max_nodes ended the search before it could answer).
    stop int64[1]: another thread sets stop[0] to end the search (seen every STOP_EVERY nodes, as a node limit).
    Returns the count (<= limit).  Givens that clash give 0 solutions (the driver reports clashes itself).
    """
    ncells = n * n
    full = full_mask(n)
    nplaced_arr = np.zeros(1, np.int64)
    tight = n // SMALL
    count = 0
    nodes = 0
    guesses = 0
    stopped = 0
    for c in range(ncells):
        cand[U(c)] = full
        placed[U(c)] = 0
    for u in range(dirty.shape[0]):
        dirty[u] = 3
    qtail = 0
    ok = 1
    for c in range(ncells):
        d = puzzle[c]
        if d > 0:
            bit = np.int64(1) << (d - 1)
            if (cand[U(c)] & bit) == 0 or placed[U(c)]:
                ok = 0
                break
            cand[U(c)] = bit
            placed[U(c)] = 1
            nplaced_arr[0] += 1
            queue[U(qtail)] = c
            qtail += 1
            # remove the digit from the peers now so that a later clashing given is seen
            for k in range(peers_ptr[U(c)], peers_ptr[U(c + 1)]):
                p = peers_idx[U(k)]
                if placed[U(p)] == 0:
                    cand[U(p)] &= ~bit
    if ok:
        # peers were pruned above; re-check emptied / single cells through the normal queue
        for c in range(ncells):
            if placed[U(c)] == 0:
                m = cand[U(c)]
                if m == 0:
                    ok = 0
                    break
                if (m & (m - 1)) == 0:
                    placed[U(c)] = 1
                    nplaced_arr[0] += 1
                    queue[U(qtail)] = c
                    qtail += 1
    level = 0
    if ok:
        while True:
            nodes += 1
            if max_nodes > 0 and nodes > max_nodes or (nodes & STOP_EVERY) == 0 and stop[0] != 0:
                nodes -= 1  # report the nodes actually searched
                stopped = 1
                break
            ok = propagate(cand, placed, queue, qtail, nplaced_arr, n, full, units, peers_ptr, peers_idx,
                           lc_ptr, lc_cells, lc_rounds, cu_ptr, cu_idx, dirty, lcnow)
            qtail = 0
            if ok:
                if nplaced_arr[0] == ncells:
                    count += 1
                    if count == 1:
                        for c in range(ncells):
                            out[c] = ctz(cand[U(c)]) + 1
                    if count >= limit:
                        break
                else:
                    # MRV: the unplaced cell with the fewest candidates; among bivalue cells the one with
                    # the most unplaced peers (not for wider ties: it wanders on large empty grids)
                    # (a branch-free minimum first, then one pass over the cells of that size: the 9x9 kernel's
                    # packed choice; the same cell as one branchy pass)
                    kmin = np.int64(1 << 20)
                    for c in range(ncells):
                        kmin = min(kmin, popcount(cand[U(c)]) | (np.int64(placed[U(c)]) << 8))
                    best = -1
                    c1 = -1
                    c2 = -1
                    pbit = np.int64(0)
                    if kmin == 2:
                        bestkey = np.int64(-1)
                        for c in range(ncells):
                            if placed[U(c)] == 0 and popcount(cand[U(c)]) == 2:
                                deg = 0
                                if tight >= 2:
                                    for j in range(peers_ptr[U(c)], peers_ptr[U(c + 1)]):
                                        p = peers_idx[U(j)]
                                        if placed[U(p)] == 0:
                                            deg += 1
                                            pc = popcount(cand[U(p)])
                                            if pc <= tight:
                                                deg += (tight + 1 - pc if limit >= 2 else 1) << 12
                                else:
                                    for j in range(peers_ptr[U(c)], peers_ptr[U(c + 1)]):
                                        deg += 1 - placed[peers_idx[U(j)]]
                                bestkey = max(bestkey, (np.int64(deg) << 32) | (ncells - c))
                        best = ncells - (bestkey & 0xFFFFFFFF)
                    else:
                        if kmin <= PAIR_KMAX and kmin * SMALL <= n and limit >= 2:
                            c1, c2, pbit = pair_place(cand, placed, units, n)
                        if c1 < 0:
                            for c in range(ncells):
                                if placed[U(c)] == 0 and popcount(cand[U(c)]) == kmin:
                                    best = c
                                    break
                    if best >= 0:
                        m = cand[U(best)]
                        bit = m & -m
                        rest = m ^ bit
                        alt = best
                    else:  # "c1 holds d", then "c2 holds d"
                        best = c1
                        bit = pbit
                        rest = pbit
                        alt = c2
                    for c in range(cand.shape[0]):  # explicit loops: numba's slice copies are slow
                        st_cand[level, c] = cand[U(c)]
                        st_placed[level, c] = placed[U(c)]
                    for u in range(dirty.shape[0]):
                        st_dirty[level, u] = dirty[u]
                    st_np[level] = nplaced_arr[0]
                    st_cell[level] = alt
                    st_rest[level] = rest
                    level += 1
                    guesses += 1
                    cand[U(best)] = bit
                    mark(best, cu_ptr, cu_idx, dirty)
                    placed[U(best)] = 1
                    nplaced_arr[0] += 1
                    queue[0] = best
                    qtail = 1
                    continue
            # backtrack to the newest frame with an untried digit
            if level == 0:
                break
            level -= 1
            for c in range(cand.shape[0]):
                cand[U(c)] = st_cand[level, c]
                placed[U(c)] = st_placed[level, c]
            for u in range(dirty.shape[0]):
                dirty[u] = st_dirty[level, u]
            nplaced_arr[0] = st_np[level]
            best = st_cell[level]
            m = st_rest[level]
            bit = m & -m
            m ^= bit
            if m:
                st_rest[level] = m
                level += 1
                guesses += 1
            cand[U(best)] = bit
            mark(best, cu_ptr, cu_idx, dirty)
            placed[U(best)] = 1
            nplaced_arr[0] += 1
            queue[0] = best
            qtail = 1
    stats[NODES] = nodes
    stats[GUESSES] = guesses
    stats[STOPPED] = stopped
    return count


@njit(cache=True, error_model="numpy")
def has_clash(puzzle, peers_ptr, peers_idx):
    """True if two peer cells hold the same given digit."""
    for c in range(puzzle.shape[0]):
        d = puzzle[c]
        if d > 0:
            for k in range(peers_ptr[U(c)], peers_ptr[U(c + 1)]):
                p = peers_idx[U(k)]
                if p > c and puzzle[p] == d:
                    return True
    return False


# status codes of a batch row
OK, CLASH, BAD_VALUE = 0, 1, 2


@njit(cache=True, inline="always")
def reject(i, code, counts, guesses, nodes, complete, status):
    """Record row i of a batch as not searched (a bad value or clashing givens): no solution, complete."""
    status[i] = code
    counts[i] = 0
    guesses[i] = 0
    nodes[i] = 0
    complete[i] = True


@njit(cache=True)
def screen(i, g, n, peers_ptr, peers_idx, solutions, counts, guesses, nodes, complete, status):
    """Row i of a batch before its search: its solution row cleared; a value outside 0..n or clashing givens is
    recorded as not searched (False), else its status is OK (True)."""
    bad = False
    for c in range(g.shape[0]):
        if g[c] < 0 or g[c] > n:
            bad = True
        solutions[i, c] = 0
    if bad:
        reject(i, BAD_VALUE, counts, guesses, nodes, complete, status)
        return False
    if has_clash(g, peers_ptr, peers_idx):
        reject(i, CLASH, counts, guesses, nodes, complete, status)
        return False
    status[i] = OK
    return True


@njit(cache=True, error_model="numpy", nogil=True)
def search_many(grids, n, units, peers_ptr, peers_idx, lc_ptr, lc_cells, lc_rounds, limit, max_nodes,
                counts, solutions, guesses, nodes, complete, status, stop, cu_ptr, cu_idx):
    """search() over every row of grids [P, ncells]; one numba call, no Python object per puzzle.

    Rows with a value outside 0..N get status BAD_VALUE, rows whose givens clash get CLASH (count 0, complete);
    the rest status OK.  Outputs are caller-supplied arrays of length P (solutions: [P, ncells], 0 = none).
    Returns the rows answered: P, or fewer when stop[0] was set (the GIL is released, so another thread can).
    """
    ncells = n * n
    P = grids.shape[0]
    st_cand = np.empty((ncells + 1, ncells), np.int64)
    st_placed = np.empty((ncells + 1, ncells), np.uint8)
    st_np = np.empty(ncells + 1, np.int64)
    st_cell = np.empty(ncells + 1, np.int64)
    st_rest = np.empty(ncells + 1, np.int64)
    cand = np.empty(ncells, np.int64)
    placed = np.empty(ncells, np.uint8)
    queue = np.empty(ncells, np.int32)
    nunits = units.shape[0]
    dirty = np.empty(nunits, np.uint8)
    lcnow = np.empty(nunits, np.uint8)
    st_dirty = np.empty((ncells + 1, nunits), np.uint8)
    stats = np.zeros(3, np.int64)
    out = np.zeros(ncells, np.int32)
    for i in range(P):
        g = grids[i]
        if not screen(i, g, n, peers_ptr, peers_idx, solutions, counts, guesses, nodes, complete, status):
            continue
        if stop[0] != 0:
            return i
        k = search(g, n, units, peers_ptr, peers_idx, lc_ptr, lc_cells, lc_rounds, limit, max_nodes,
                   out, stats, st_cand, st_placed, st_np, st_cell, st_rest, cand, placed, queue, stop, cu_ptr,
                   cu_idx, dirty, lcnow, st_dirty)
        counts[i] = k
        if k > 0:
            for c in range(ncells):
                solutions[i, c] = out[c]
        guesses[i] = stats[GUESSES]
        nodes[i] = stats[NODES]
        complete[i] = stats[STOPPED] == 0 or k >= limit
    return P
