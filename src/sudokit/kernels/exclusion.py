"""Aligned exclusion (Sudoku Explainer's APE and ATE) in numba: the first instance in SE's scan order.

Cell sets are rows of a uint64 word matrix (cell c is bit c % 64 of word c // 64). Base cells have 2+ candidates
and no unsolved peer with a single candidate; a base cell's excluders are its peers with 2..k candidates. For k
cells with at least two common excluders, every combination of their candidates is tried: it is impossible if two
cells that see each other get the same digit or if it takes every candidate of a common excluder.

Speed: bits are walked with ctz and the then generic _evaluate's scratch comes from the caller (it runs for every
pair or triple with two common excluders, and allocated five arrays each time): ATE on hard states (SE path
steps priced 6.5+ of the dev bank's 7-9.3 puzzles) went from ~1.0 ms to ~0.46 ms a call, APE from ~80 us to ~23 us.
Measured inside SE's walk on the 40 puzzles of ER 5-9.3 of benchmarks/rate.py (ATE: 105 calls, 3 hits, the
costliest producer of the walk), ATE 1187 -> 407 us a call: _evaluate stops with 0 once every candidate of the
cells is allowed (what it allows is a union, so nothing later can remove a digit from it: 1187 -> 776); a pair
whose cells have fewer than two common excluders is skipped before its third cells are listed (a triple's common
excluders are among the pair's), the third cells are listed from bit sets (not deduplicated one by one), and
triples run _evaluate3: three loops that skip a digit pair two cells that see each other cannot share before the
third cell is tried, and skip a branch that could only allow digits already allowed (776 -> 407). Same first
exclusion and eliminations (checked against the previous kernel on 8,736 states, 3,095 with an exclusion).
_evaluate3 keeps only the excluders whose candidates lie within the three cells' (no other can be taken whole) and
returns 0 at once when none is left and the cells do not all see each other (then every choice extends): on the
105 ATE states of SE's walk at ER 5-9.3 (+ ER < 5) of rate.py, 410 -> 200 us a call, same results (checksummed).
_evaluate3's third cell is one mask a digit pair, not a loop: the digits that complete (b0, b1) are its candidates
less the ones it cannot share and, per excluder, the one digit that would take it whole (all when it is within b0,
b1): on the 105 ATE states of SE's walk at ER 5-9.3 of rate.py (sewalk3), 200 -> 145 us a call, same first
exclusions on all 21,146 states of the walk at ER 5-7 and 5-9.3. What is left is mostly the listing: with
_evaluate3 cut to its excluder scan the call is still 89 us (7,400 third cells a state, 1,700 with 2+ excluders).
Tried and lost (sewalk3): listing only the third cells that see two of the pair's common excluders (a bit set per
pair from peer words) - the set costs about what the 5,700 skipped third cells did (interleaved A/B: no gain).
APE runs _evaluate2, the same mask walk for two cells (the generic k-cell _evaluate, with its digit tables and
odometer, is gone): on the walk's 245 APE states at ER 5-9.3 of rate.py, interleaved A/B best of 9 under load,
40 -> 11 us a call; same first exclusions on all 21,146 captured walk states (4,623 with one).
hod15: ATE evaluates each triple once: a third cell whose triple an earlier pair already listed (its cells' rows
and excluder bits tell) is skipped, as that visit gave nothing (the outcome does not depend on the cells' order),
and when a pair cell is an excluder of the other, the third cells before it (all met before) are not listed. On
1,653 walk states (the first 8 11+ puzzles' and 150 se-bank-dev puzzles' of ER 6.5+; /tmp/hod15/verify.py) the
same first exclusions (373 hits with APE); ATE a call over them, process time, 7 alternated rounds (min): 100 ->
88 us (skip) -> 83 us (and the listing cut) (/tmp/hod15/tate.py).
hod17: SE's walk calls exclusion_since, which keeps each k's last grid and whether it had none: then only the
pairs and triples a changed cell can reach are tried (a cell in them, or whose base state or excluders a changed
peer alters, or a changed common excluder); on 11+ puzzles a walk's ATE call follows one forcing-chain step, ~1
changed cell (227 of 281). ATE over the walk's 281 calls on the first 8 11+ puzzles, in order, process time
(/tmp/hod17/atet.py) 117 -> 78 us a call (18 of it the bases and pair loop, which a grid without change costs);
the walk's kernel time in those ratings (phase.py, alternated with main) 147/166/139 -> 133/142/127 ms. Same
answers (incl. cells and eliminations) as first_exclusion on 2,265 walk states in order and 40,000 pairs of
(any earlier grid, state) (/tmp/hod17/verify.py). Listing the third cells of a pair with a changed common excluder
only among that excluder's peers: no further gain (78 -> 77 us), kept as the rule is the same.
hod18: a changed cell's peers join `near` (every pair or triple with them tried) only when it becomes or stops
being a single (their base state); becoming an excluder (4 -> 3 candidates for ATE) only adds it as a common
excluder, which `changed` already catches, and an excluder dropped only allows more choices. ATE over the walk's
281 calls (as above, /tmp/hod18/exp/tate.py, 7 alternated rounds, min) 77.5 -> 46.7 us, APE 9.1 -> 8.5; same
answers as first_exclusion on the 2,265 walk states in order and 80,000 pairs of (any earlier grid, state)
(/tmp/hod18/exp/verify.py 40000: 84,530 checks, 7,085 hits, 0 diffs).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount


@njit(cache=True)
def _bases(k, cand, peers_ptr, peers_idx, base, excl):
    """Fill base[] (cells) and excl[i] (word set of excluders of base i); return the number of base cells."""
    nb = 0
    for c in range(cand.shape[0]):
        if popcount(cand[c]) < 2:
            continue
        single = False
        for w in range(excl.shape[1]):
            excl[nb, w] = 0
        any_ex = False
        for i in range(peers_ptr[c], peers_ptr[c + 1]):
            p = peers_idx[i]
            pc = popcount(cand[p])
            if pc == 1:
                single = True
            elif 2 <= pc <= k:
                excl[nb, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
                any_ex = True
        if not single and any_ex:
            base[nb] = c
            nb += 1
    return nb


@njit(cache=True)
def _evaluate2(cells, cand, sees, common, out):
    """Aligned pair exclusion on two cells with these common excluders (eliminations into out, returns their
    number), one loop: the second cell's digits that complete b0 are its candidates less b0 (when the cells see
    each other) and, per excluder within the cells' digits, the one digit that would take it whole (all of them
    when it is within b0); stops with 0 once every candidate is allowed."""
    c0, c1 = cells[0], cells[1]
    m0, m1 = cand[c0], cand[c1]
    s01 = sees[c0, c1]
    union = m0 | m1
    one = np.uint64(1)
    a0 = np.uint64(0)
    a1 = np.uint64(0)
    x0 = m0
    while x0:
        b0 = x0 & (~x0 + one)
        x0 &= x0 - one
        free = m1 & ~b0 if s01 else m1
        for w in range(common.shape[0]):
            m = common[w]
            while m and free:
                x = cand[w * 64 + ctz(m)]
                m &= m - one
                if x & ~union:
                    continue  # never taken whole
                y = x & ~b0
                if y == 0:
                    free = y
                elif y & (y - one) == 0:
                    free &= ~y
        if free:
            a0 |= b0
            a1 |= free
            if a0 == m0 and a1 == m1:
                return 0
    n = _emit(c0, m0 & ~a0, out, 0)
    return _emit(c1, m1 & ~a1, out, n)


@njit(cache=True)
def _evaluate3(cells, cand, sees, common, out, ex):
    """Aligned triple exclusion (as _evaluate2) written as three loops: a digit pair two cells cannot share is
    skipped before the third cell's digits are tried, and a branch that can only allow digits already allowed is
    not walked (what is allowed is a union over the combinations, so the order and the skipped ones do not change
    it); stops with 0 as soon as every candidate is allowed."""
    c0, c1, c2 = cells[0], cells[1], cells[2]
    m0, m1, m2 = cand[c0], cand[c1], cand[c2]
    s01, s02, s12 = sees[c0, c1], sees[c0, c2], sees[c1, c2]
    union = m0 | m1 | m2
    nw = common.shape[0]
    ne = 0
    for w in range(nw):
        m = common[w]
        while m:
            x = cand[w * 64 + ctz(m)]  # an excluder's candidates: only one within the cells' can take them all
            if x & ~union == 0:
                ex[ne] = x
                ne += 1
            m &= m - np.uint64(1)
    if ne == 0 and not (s01 and s02 and s12):
        return 0  # with 2+ candidates a cell, any choice in one cell extends past one or two "differs" constraints
    a0 = np.uint64(0)
    a1 = np.uint64(0)
    a2 = np.uint64(0)
    one = np.uint64(1)
    x0 = m0
    while x0:
        b0 = x0 & (~x0 + one)
        x0 &= x0 - one
        x1 = m1
        while x1:
            b1 = x1 & (~x1 + one)
            x1 &= x1 - one
            if b0 == b1 and s01:
                continue
            free = m2  # the third cell's digits that complete a valid choice with b0, b1
            if s02:
                free &= ~b0
            if s12:
                free &= ~b1
            if free == 0 or (b0 & a0 and b1 & a1 and (free & ~a2) == 0):
                continue  # nothing it could allow is not allowed already
            u = b0 | b1
            for e in range(ne):
                y = np.uint64(ex[e]) & ~u  # the excluder is taken whole when the third digit is y (y = 0: always)
                if y == 0:
                    free = y
                    break
                if y & (y - one) == 0:
                    free &= ~y
            if free:
                a0 |= b0
                a1 |= b1
                a2 |= free
                if a0 == m0 and a1 == m1 and a2 == m2:
                    return 0
    n = 0
    n = _emit(cells[0], m0 & ~a0, out, n)
    n = _emit(cells[1], m1 & ~a1, out, n)
    return _emit(cells[2], m2 & ~a2, out, n)


@njit(cache=True)
def first_exclusion(k, cand, peers_ptr, peers_idx, sees, cells_out, out):
    """The first aligned pair (k=2) or triple (k=3) exclusion in SE's order: its cells in cells_out and its
    eliminations (cell, digit) in out; returns the number of eliminations (0: none)."""
    every = np.full((cand.shape[0] + 63) // 64, ~np.uint64(0))
    return _first(k, cand, peers_ptr, peers_idx, sees, every, every, every, cells_out, out)


@njit(cache=True)
def exclusion_since(k, cand, peers_ptr, peers_idx, sees, last, cells_out, out):
    """first_exclusion, given `last`: the grid of this k's previous call (last[:ncells]) and whether that call
    found none (last[ncells] == 1); then only the pairs or triples that a change can reach are tried (see _first).
    `last` is updated to this call's grid and outcome."""
    ncells = cand.shape[0]
    nw = (ncells + 63) // 64
    near = np.zeros(nw, np.uint64)
    changed = np.zeros(nw, np.uint64)
    reach = np.zeros(nw, np.uint64)
    if last[ncells] != 1:
        near[:] = ~np.uint64(0)
        changed[:] = ~np.uint64(0)
        reach[:] = ~np.uint64(0)
    else:
        for c in range(ncells):
            if cand[c] == last[c]:
                continue
            changed[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
            near[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
            reach[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
            # its peers' base state changes only when it becomes or stops being a single; becoming or stopping
            # being an excluder only adds or drops it as a common excluder of its peers' pairs and triples: an
            # added one is in `changed`, and a dropped one only allows more choices (no exclusion where none was)
            r0, r1 = _role(k, last[c]), _role(k, cand[c])
            role = r0 != r1 and (r0 == 1 or r1 == 1)
            for i in range(peers_ptr[c], peers_ptr[c + 1]):
                p = peers_idx[i]
                reach[p >> 6] |= np.uint64(1) << np.uint64(p & 63)
                if role:
                    near[p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    e = _first(k, cand, peers_ptr, peers_idx, sees, near, changed, reach, cells_out, out)
    for c in range(ncells):
        last[c] = cand[c]
    last[ncells] = 1 if e == 0 else 0
    return e


@njit(cache=True, inline="always")
def _role(k, m):
    """What a cell's candidates m make it to its peers: 1 a single (no base among them), 2 an excluder, else 0."""
    pc = popcount(m)
    return 1 if pc == 1 else (2 if 2 <= pc <= k else 0)


@njit(cache=True)
def _first(k, cand, peers_ptr, peers_idx, sees, near, changed, reach, cells_out, out):
    """first_exclusion over the pairs or triples with a cell in `near` or a common excluder in `changed` (cell bit
    sets; reach: near and the peers of changed, where such an excluder's bases are): exclusion_since knows the others give none, as a pair's or triple's outcome reads only its cells' base
    state and excluders (which a cell's change alters only for its peers, and only when it becomes or stops being a
    single or an excluder), its cells' and its common excluders' candidates."""
    ncells = cand.shape[0]
    nw = (ncells + 63) // 64
    base = np.empty(ncells, np.int64)
    excl = np.zeros((ncells, nw), np.uint64)
    nb = _bases(k, cand, peers_ptr, peers_idx, base, excl)
    inbase = np.zeros(nw, np.uint64)
    row_of = np.full(ncells, -1, np.int64)
    for i in range(nb):
        inbase[base[i] >> 6] |= np.uint64(1) << np.uint64(base[i] & 63)
        row_of[base[i]] = i
    common = np.zeros(nw, np.uint64)
    cells = np.zeros(3, np.int64)
    tail = np.empty(ncells, np.int64)
    e12 = np.zeros(nw, np.uint64)
    first = np.zeros(nw, np.uint64)
    ex = np.empty(64 * nw, np.int64)  # _evaluate3's scratch
    for n2 in range(1, nb):
        for n1 in range(n2):
            cells[0] = base[n1]
            cells[1] = base[n2]
            wide = _has1(near, cells[0]) or _has1(near, cells[1])  # every third cell is tried
            if k == 2:
                count = 0
                touched = wide
                for w in range(nw):
                    common[w] = excl[n1, w] & excl[n2, w]
                    count += popcount(common[w])
                    touched = touched or common[w] & changed[w] != 0
                if count >= 2 and touched:
                    n = _evaluate2(cells, cand, sees, common, out)
                    if n:
                        cells_out[0], cells_out[1] = cells[0], cells[1]
                        return n
                continue
            count = 0
            touched = False  # a common excluder of the pair (so maybe of a triple) changed
            for w in range(nw):
                e12[w] = excl[n1, w] & excl[n2, w]
                count += popcount(e12[w])
                touched = touched or e12[w] & changed[w] != 0
            if count < 2:  # a triple's common excluders are among the pair's: none can have two
                continue
            thirds = reach if touched else near  # unless wide: a triple's excluder in changed has its bases in reach
            # third cells before base[n2] (base[n1]) were all met before when it is an excluder of base[n1]
            # (base[n2]): the checks below would skip each, so they are not listed
            lo = cells[1] + 1 if _has(excl, n1, cells[1]) else (cells[0] + 1 if _has(excl, n2, cells[0]) else 0)
            nt = 0  # the base cells among the excluders of n1, then those of n2 not already met (cell order each)
            for w in range(nw):
                m1 = excl[n1, w] & inbase[w] & ~_pair_bits(cells[0], cells[1], w) & _from(lo, w)
                if not wide:
                    m1 &= thirds[w]
                first[w] = m1
                while m1:
                    tail[nt] = w * 64 + ctz(m1)
                    nt += 1
                    m1 &= m1 - np.uint64(1)
            for w in range(nw):
                m2 = excl[n2, w] & inbase[w] & ~_pair_bits(cells[0], cells[1], w) & ~first[w] & _from(lo, w)
                if not wide:
                    m2 &= thirds[w]
                while m2:
                    tail[nt] = w * 64 + ctz(m2)
                    nt += 1
                    m2 &= m2 - np.uint64(1)
            for t in range(nt):
                r = row_of[tail[t]]
                if r < n2 and (_has(excl, n1, cells[1]) or _has(excl, r, cells[1])):
                    continue  # met before as pair (n1, r) or (r, n1) and third cell base[n2]: it gave nothing
                if r < n1 and (_has(excl, r, cells[0]) or _has(excl, n2, cells[0])):
                    continue  # met before as pair (r, n2) and third cell base[n1]
                count = 0
                touched = _has1(near, cells[0]) or _has1(near, cells[1]) or _has1(near, tail[t])
                for w in range(nw):
                    common[w] = e12[w] & excl[r, w]
                    count += popcount(common[w])
                    touched = touched or common[w] & changed[w] != 0
                if count < 2 or not touched:
                    continue
                cells[2] = tail[t]
                n = _evaluate3(cells, cand, sees, common, out, ex)
                if n:
                    cells_out[0], cells_out[1], cells_out[2] = cells[0], cells[1], cells[2]
                    return n
    return 0


@njit(cache=True, inline="always")
def _has(excl, row, c):
    """Whether cell c is an excluder of base row `row`."""
    return (excl[row, c >> 6] >> np.uint64(c & 63)) & np.uint64(1) != 0


@njit(cache=True, inline="always")
def _has1(words, c):
    """Whether cell c is in a cell bit set."""
    return (words[c >> 6] >> np.uint64(c & 63)) & np.uint64(1) != 0


@njit(cache=True, inline="always")
def _from(lo, w):
    """The bits of cells lo and after that fall in word w of a cell bitset."""
    if lo <= w * 64:
        return ~np.uint64(0)
    if lo >= w * 64 + 64:
        return np.uint64(0)
    return ~((np.uint64(1) << np.uint64(lo - w * 64)) - np.uint64(1))


@njit(cache=True, inline="always")
def _pair_bits(c0, c1, w):
    """The bits of cells c0 and c1 that fall in word w of a cell bitset."""
    bits = np.uint64(0)
    if c0 >> 6 == w:
        bits |= np.uint64(1) << np.uint64(c0 & 63)
    if c1 >> 6 == w:
        bits |= np.uint64(1) << np.uint64(c1 & 63)
    return bits


@njit(cache=True, inline="always")
def _emit(cell, gone, out, n):
    """Write (cell, digit) for each digit in mask `gone` at out[n:]; return the new n."""
    while gone:
        out[n, 0] = cell
        out[n, 1] = ctz(gone) + 1
        n += 1
        gone &= gone - np.uint64(1)
    return n
