"""9x9-only fast path: digit-oriented band bitboards (after JCZSolve / tdoku's ideas), numba code only.

Layout.  For each digit d (0..8) and band b (0..2) one 27-bit word F[3d+b] = the cells of band b where d is
still possible (a placed cell keeps its bit in its own digit's board)::

    band b = rows 3b..3b+2                      F[3d+b], bit index = 9*r + c   (r = row in band, c = column)

        col  0 1 2 | 3 4 5 | 6 7 8              bit 26 ........................................ bit 0
    r=0      0 1 2 | 3 4 5 | 6 7 8              [ row 2: c8..c0 | row 1: c8..c0 | row 0: c8..c0 ]
    r=1      9 ... |  ...  | ...17               <-- 9 bits --> <-- 9 bits -->  <-- 9 bits -->
    r=2     18 ... |  ...  | ...26
             box 0   box 1   box 2              cell index in the grid = 27*b + 9*r + c

    "minirow" (r, k) = the 3 bits of row r inside box k (mask 0b111 << (9r + 3k)).

    S[0:27]  F[3d+b]          S[27:30] unsolved cells of each band          S[30] number of placed cells
    S[32:59] snapshot of F[3d+b] when digit d was last processed (only changed digits are re-processed)

The state is 64 int64 words; a guess saves S[0:31] (248 bytes) in the stack buffer ``st[level]``.

Rules, all vectorised over a band word (no per-cell loop except placing):
  * band filter (JCZSolve's "shrink/complex" tables): per digit and band, the 9-bit minirow presence
    pattern s (bit 3r+k = minirow (r, k) not empty) must contain a permutation (each row of the band gets the
    digit in exactly one box, each box in exactly one row).  COMPLEX[s] = union of the permutations inside s
    (0 = contradiction); the word keeps only minirows in it.  This is locked candidates (pointing and claiming
    on rows) plus box/row exclusion of the band's placed digits, for 4 table lookups.
  * stack filter: the same rule on the 9-bit pattern (band, column-in-stack) of each stack, built from the
    column folds (w | w >> 9 | w >> 18) of the three bands: locked candidates on columns.
  * hidden singles on rows, columns and boxes of u = F & unsolved: a row with one bit; a column with one bit
    over the 9 rows (once/twice folding of the three 9-bit rows of each band); a box whose 3-bit field of
    (row0|row1|row2) has one bit while (pairwise ANDs) is empty there (table BOXONE).
  * a column of F with no bit for some digit = contradiction (rows and boxes are caught by COMPLEX).
  * naked singles per band: once/twice accumulation of the 9 digit words; a cell in none = contradiction.
Guess: the bivalue cell (once/twice/thrice over digits) with the most unsolved peers, else the cell with
fewest digits; lowest digit first.  Same contract as kernels.bitmask.search: limit (1 solve, 2 uniqueness,
k count), first solution to ``out``, nodes and guesses counted, max_nodes honoured.

Variants tried (tdoku sets, limit 2, one core; guesses are exact, rates are noisy on this shared machine):
  - all 9 digits processed every round, no snapshot: about 2x the time per node of the snapshot version.
  - no stack (column) filter: magictour 29.5 guesses/puzzle instead of 18.8 and 12% slower.
  - naked singles after the per-digit pass instead of before: about 5% slower.
  - re-running a digit until its own words settle before moving to the next digit: 5-11% slower.
  - leaving propagate9 as soon as a per-digit pass modified nothing (instead of after a pass that finds no
    dirty digit): 4-6% slower, the extra word comparisons cost more than the pass they save.
  - place() as a call instead of inlined: 17-20% slower (A/B in one process); propagate9 inlined into
    search9: 3-6% slower; the lookup tables as global constants instead of arguments: no gain (1-2% slower).
  - guess scores adding bivalue peers to unsolved peers (weights 2:1, 1:1, 1:2, 0:1): within 2% of nodes at
    best, up to 38% more nodes at worst; unsolved peers alone kept.
  - skipping the band filter on words it left unchanged: no measurable gain; filtering the digit's three
    words in locals and storing them once instead: 6-10% faster (kept).
  - guess cell (guesses/puzzle magictour / 1905_11+ / 1106): first bivalue cell 18.8 / 145 / 286; last one
    16.5 / 131 / 236; in the band with most unsolved cells 14.4 / 120 / 232; most unsolved peers (kept)
    10.0 / 84 / 140, 1.5x faster on the hard sets; peers weighted by the cell's digits 11.8 / 85 / 137, slower.
  Session 2 (1905_11+ first 8000, limit 2, A/B in one process; kept ones are in the code):
  - snapshot taken after the band and stack filters, band filter re-run when the stack filter removed cells
    (kept): +8% (7,104 -> 7,765/s); snapshot after the filters without the re-run: +4%, 2% more nodes.
  - saving 31 words per guess and keeping the deeper branch's stale snapshots: more nodes, 4% slower (the
    kept version rebuilds the snapshots from the restored words instead).
  - row/box hidden singles only in bands whose word changed: 7% slower; skipping the naked-singles scan when
    nothing changed since the last one: 6% slower; an empty-cell check after each digit pass (to fail
    sooner): 7% slower; branch-free single flags from a table: 3-6% slower.  Branches that are usually
    predicted cost less here than the work they would save.
  - naked/hidden triads (a minirow's 3 digits, as in tdoku) before each guess: 2-8% fewer guesses, 10-15%
    slower.  tdoku-style branching on a digit's band configuration (6 permutations) instead of a cell:
    87 / 154 / 14.4 guesses (1905_11+ / 1106 / magictour), slower.
  - kept: branch-free digit gathers, a branch-free mask of changed digits per round (+7%), one branch for a
    band's row and box singles, place() without the b2 != b test, pick9 as a maximum of packed keys, explicit
    copy loops (+8%), 31 saved words.  Each was a mispredicted branch or numba overhead, not arithmetic.
  - rejected: placing naked singles without clearing the other digits (nothing to clear; no gain), int32
    state, LLVM's SLP vectorizer (NUMBA_SLP_VECTORIZE=1: 8% slower), inlining propagate9 or pick9 (no
    change), scanning naked singles only after the digits settle (same), one loop for the naked scan and the
    changed-digit mask (4% slower), leaving a round as soon as a digit pass placed a cell (1% slower).
  - guess choice, measured again (helper study): ties broken by eliminations (min over the two digits of the
    peers that lose it) 5% fewer nodes but 3% slower; bivalue cells and bilocal digits scored together 8-20%
    fewer nodes, 2x slower to pick; probing both branches of the 2-3 best cells 2-3x fewer tree nodes but
    11-25% more propagations.  Time follows propagations, not tree nodes.
  Issue 15, before SIMD: the starting point measured.  inspect_asm of this kernel (x86-64 with AVX2,
  BMI2 and POPCNT, a fresh NUMBA_CACHE_DIR since cached code cannot be inspected): propagate9 is 770 scalar
  instructions with 8 vector ones (no vector arithmetic); LLVM vectorises only the guess save/restore copies in
  search9 (vmovups on ymm).  Side by side with tdoku (clang -O3 -march=native, limit 2, one core) this kernel is
  near or above tdoku on the easy sets and 0.7-0.8x on the hardest (benchmarks/sudoku.py's docstring), so the
  gap a vector kernel must close is on the hard sets, where tdoku's triad propagation needs fewer guesses.
  Issue 15, SIMD: kernels/simd9.py is this kernel with its per-round scans in vector registers and PEXT in the
  band filter (+6-9% on the hard sets); fast.py picks it at start-up where the CPU has AVX2 and BMI2 and keeps
  this module as the fallback.  Their shared pieces live here (tables, place, start9, write9, check_givens).
"""

from __future__ import annotations

import numpy as np
from numba import njit


from .bitmask import BAD_VALUE, CLASH, OK, STOP_EVERY, reject
from .bits import U, ctz, popcount

BAND = np.int64(0x7FFFFFF)
ROW9 = np.int64(0x1FF)
SNAP = 32  # S[32:59]: the digit words as they were when each digit was last processed
STATE = 64  # words of working state S
SAVED = 31  # words a guess saves: S[0:31].  A guess is made at a fixpoint, where every snapshot equals its
#             digit's words, so a backtrack restores the snapshots from the words (+1.5-2.4% over saving all 64)
COLREP = np.int64(0x40201)  # 1 | 1 << 9 | 1 << 18: a 9-bit column set copied to the 3 rows of a band
# Offsets of the tables packed in T (see make_tables).  One array instead of six frees five registers in the
# inner loops, and indices go through U (kernels/bits.py): no negative-index wraparound code.
# Both measured together: +8% on forum_hardest_1905_11+ (6,150 -> 6,630 puzzles/s, limit 2, one core).
SHRINK, COMPLEX, KEEP, BOXONE, PEER, COLM = 0, 512, 1024, 1536, 2048, 2075


def make_tables():
    """All lookup tables packed in one int64 array T; table X starts at offset X (SHRINK, COMPLEX, ...)."""
    shrink = np.zeros(512, np.int64)
    boxone = np.zeros(512, np.int64)
    for x in range(512):
        for k in range(3):
            f = (x >> (3 * k)) & 7
            if f:
                shrink[x] |= 1 << k
            if f in (1, 2, 4):
                boxone[x] |= 1 << k
    perms = []
    import itertools

    for p in itertools.permutations(range(3)):
        perms.append(sum(1 << (3 * r + p[r]) for r in range(3)))
    complex_ = np.zeros(512, np.int64)
    expand = np.zeros(512, np.int64)
    for s in range(512):
        m = 0
        for p in perms:
            if p & s == p:
                m |= p
        complex_[s] = m
        e = 0
        for r in range(3):
            for k in range(3):
                if s >> (3 * r + k) & 1:
                    e |= 7 << (9 * r + 3 * k)
        expand[s] = e
    # within-band peers (same row or same box, not the cell) and column mask, per band position 0..26
    peer = np.zeros(27, np.int64)
    colm = np.zeros(27, np.int64)  # column mask of band position p (p % 9 for p < 9 is the column)
    for p in range(27):
        c = p % 9
        colm[p] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18))
    for pos in range(27):
        r, c = divmod(pos, 9)
        m = 0
        for q in range(27):
            r2, c2 = divmod(q, 9)
            if q != pos and (r2 == r or c2 // 3 == c // 3):
                m |= 1 << q
        peer[pos] = m
    keep = expand[complex_]  # KEEP[s] = EXPAND[COMPLEX[s]]: one dependent load less per band word (+1%)
    return np.concatenate((shrink, complex_, keep, boxone, peer, colm))


_TABLES = None


def tables():
    """The lookup tables, built once on first use (not at import)."""
    global _TABLES
    if _TABLES is None:
        _TABLES = make_tables()
    return _TABLES


@njit(cache=True, inline="always", error_model="numpy")
def pattern(w, T):
    """The 9-bit minirow pattern of a band word: bit 3r + k set when minirow (r, k) is not empty."""
    return T[U(SHRINK + (w & ROW9))] | (T[U(SHRINK + ((w >> 9) & ROW9))] << 3) | (T[U(SHRINK + (w >> 18))] << 6)


@njit(cache=True, inline="always", error_model="numpy")
def place(S, d, b, bit, pos, T):
    """Put digit d at band b, bit (= 1 << pos): remove the cell from the other digits, its peers from d."""
    S[27 + b] &= ~bit
    S[30] += 1
    for e in range(9):
        S[3 * e + b] &= ~bit
    cm = ~T[U(COLM + pos)]
    for b2 in range(3):  # the column in every band, then the row and box in b (which hold the column's
        S[3 * d + b2] &= cm  # cells in b), and the cell itself back: no branch on b2 != b (+3%)
    i = 3 * d + b
    S[i] = (S[i] & ~T[U(PEER + pos)]) | bit


@njit(cache=True, error_model="numpy")
def propagate9(S, T):
    """Apply the rules to a fixpoint. Returns 0 on contradiction, 1 otherwise (solved when S[30] == 81).

    A digit is processed only if one of its 3 words differs from its snapshot S[SNAP + 3d .. 3d+2] (its words
    as the band and stack filters left them), as JCZSolve does: the rules for d depend only on d's words (a cell
    placed with another digit leaves d's words unchanged only if d was not possible there).
    """
    while True:
        placed = False
        # naked singles, band by band
        for b in range(3):
            uns = S[27 + b]
            if uns == 0:
                continue
            once = np.int64(0)
            twice = np.int64(0)
            for d in range(9):
                m = S[3 * d + b] & uns
                twice |= once & m
                once |= m
            if uns & ~once:
                return 0
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                pos = ctz(bit)
                digits = np.int64(0)  # 0 or the cell's one digit: a branch-free gather beats a search loop by 4%
                for d in range(9):
                    digits |= ((S[3 * d + b] >> pos) & 1) << d
                if digits == 0:
                    return 0
                place(S, ctz(digits), b, bit, pos, T)
                placed = True
        if S[30] == 81:
            return 1
        # per digit: band filter, then hidden singles in rows, boxes and columns
        # the digits to process this round, as a mask computed without branches (a compare-and-skip per digit
        # mispredicted often: +7%); digits changed during the round wait for the next one
        todo = np.int64(0)
        for d in range(9):
            i = 3 * d
            x = (S[i] ^ S[SNAP + i]) | (S[i + 1] ^ S[SNAP + i + 1]) | (S[i + 2] ^ S[SNAP + i + 2])
            todo |= np.int64(x != 0) << d
        dirty = todo != 0
        while todo:
            d = ctz(todo)
            todo &= todo - 1
            i = 3 * d
            w0 = S[i]
            w1 = S[i + 1]
            w2 = S[i + 2]
            # band (row) filter, on locals
            w0 &= T[U(KEEP + pattern(w0, T))]
            w1 &= T[U(KEEP + pattern(w1, T))]
            w2 &= T[U(KEEP + pattern(w2, T))]
            if w0 == 0 or w1 == 0 or w2 == 0:
                return 0
            # stack filter: the same permutation rule on (column in stack, band) minicolumns
            f0 = (w0 | (w0 >> 9) | (w0 >> 18)) & ROW9
            f1 = (w1 | (w1 >> 9) | (w1 >> 18)) & ROW9
            f2 = (w2 | (w2 >> 9) | (w2 >> 18)) & ROW9
            if (f0 | f1 | f2) != ROW9:
                return 0
            k0 = np.int64(0)
            k1 = np.int64(0)
            k2 = np.int64(0)
            for k in range(3):
                sh = 3 * k
                sv = ((f0 >> sh) & 7) | (((f1 >> sh) & 7) << 3) | (((f2 >> sh) & 7) << 6)
                a = T[U(COMPLEX + sv)]
                if a == 0:
                    return 0
                k0 |= (a & 7) << sh
                k1 |= ((a >> 3) & 7) << sh
                k2 |= ((a >> 6) & 7) << sh
            m0 = k0 * COLREP
            m1 = k1 * COLREP
            m2 = k2 * COLREP
            if (w0 & ~m0) | (w1 & ~m1) | (w2 & ~m2):  # the stack filter removed cells: band filter once more
                w0 &= m0
                w1 &= m1
                w2 &= m2
                w0 &= T[U(KEEP + pattern(w0, T))]
                w1 &= T[U(KEEP + pattern(w1, T))]
                w2 &= T[U(KEEP + pattern(w2, T))]
                if w0 == 0 or w1 == 0 or w2 == 0:
                    return 0
            S[i] = w0
            S[i + 1] = w1
            S[i + 2] = w2
            # the snapshot is the filtered words: a digit is processed again only when a placement (its own
            # hidden singles included) or another digit changes its words
            S[SNAP + i] = w0
            S[SNAP + i + 1] = w1
            S[SNAP + i + 2] = w2
            c_once = np.int64(0)
            c_twice = np.int64(0)
            for b in range(3):
                u = S[i + b] & S[27 + b]
                r0 = u & ROW9
                r1 = (u >> 9) & ROW9
                r2 = u >> 18
                o = r0 | r1 | r2
                t = (r0 & r1) | (r0 & r2) | (r1 & r2)
                c_twice |= t | (c_once & o)
                c_once |= o
                # rows and boxes with exactly one cell: one branch, usually not taken (+2-3% over a branch per row
                # and per box, and over skipping bands where d has no unsolved cell)
                rs = (np.int64(popcount(r0) == 1) | (np.int64(popcount(r1) == 1) << 1)
                      | (np.int64(popcount(r2) == 1) << 2))
                bx = T[U(BOXONE + o)] & ~T[U(SHRINK + t)]
                if rs | bx:
                    while rs:
                        r = ctz(rs)
                        rs &= rs - 1
                        bit = u & (ROW9 << (9 * r))
                        if S[i + b] & S[27 + b] & bit:
                            place(S, d, b, bit, ctz(bit), T)
                    while bx:
                        k = ctz(bx)
                        bx &= bx - 1
                        bit = u & (np.int64(0x1C0E07) << (3 * k))
                        if S[i + b] & S[27 + b] & bit:
                            place(S, d, b, bit, ctz(bit), T)
            cs = c_once & ~c_twice
            while cs:
                c = ctz(cs)
                cs &= cs - 1
                cm = T[U(COLM + c)]
                for b in range(3):
                    bit = S[3 * d + b] & S[27 + b] & cm
                    if bit:
                        if (bit & (bit - 1)) == 0:
                            place(S, d, b, bit, ctz(bit), T)
                        break
        if not dirty and not placed:
            return 1


@njit(cache=True, error_model="numpy")
def pick9(S, T):
    """The guess cell as (band, bit): a bivalue cell if any, else the unsolved cell with fewest digits.

    Among bivalue cells the one with most unsolved peers wins, ties going to the last one: the maximum of
    (peers << 8) | (27 * band + position), taken without a data-dependent branch (+1-3% over an if).
    The column peers in other bands are the column's unsolved cells in all bands minus those in its own band.
    """
    u0 = S[27]
    u1 = S[28]
    u2 = S[29]
    best = np.int64(-1)
    for b in range(3):
        uns = S[27 + b]
        once = np.int64(0)
        twice = np.int64(0)
        thrice = np.int64(0)
        for d in range(9):
            m = S[3 * d + b] & uns
            thrice |= twice & m
            twice |= once & m
            once |= m
        two = twice & ~thrice
        while two:
            pos = ctz(two)
            two &= two - 1
            cm = T[U(COLM + pos)]
            k = (popcount(T[U(PEER + pos)] & uns) + popcount(cm & u0) + popcount(cm & u1) + popcount(cm & u2)
                 - popcount(cm & uns))
            best = max(best, (k << 8) | (27 * b + pos))
    pick_b = -1
    pick_bit = np.int64(0)
    if best >= 0:
        at = best & 255
        pick_b = at // 27
        pick_bit = np.int64(1) << (at - 27 * pick_b)
    if pick_b >= 0:
        return pick_b, pick_bit
    best_b = -1
    best_bit = np.int64(0)
    best_n = 10
    for b in range(3):
        uns = S[27 + b]
        while uns:
            bit = uns & -uns
            uns ^= bit
            pos = ctz(bit)
            k = 0
            for d in range(9):
                k += (S[3 * d + b] >> pos) & 1
            if k < best_n:
                best_n = k
                best_b = b
                best_bit = bit
    return best_b, best_bit


@njit(cache=True, error_model="numpy")
def start9(puzzle, S, T):
    """Set S to the empty grid, then place the givens (uint8 [81], 0 = empty). 0 if two givens clash, else 1."""
    for i in range(27):
        S[i] = BAND
    for b in range(3):
        S[27 + b] = BAND
    S[30] = 0
    for i in range(27):
        S[SNAP + i] = -1
    for c in range(81):
        v = puzzle[c]
        if v > 0:
            d = v - 1
            b = c // 27
            pos = c - 27 * b
            bit = np.int64(1) << pos
            if (S[3 * d + b] & S[27 + b] & bit) == 0:
                return 0
            place(S, d, b, bit, pos, T)
    return 1


@njit(cache=True, error_model="numpy")
def write9(S, out):
    """The solved grid in S as digits 1..9 into out [81]."""
    for d in range(9):
        for b in range(3):
            w = S[3 * d + b]
            while w:
                out[27 * b + ctz(w)] = d + 1
                w &= w - 1


@njit(cache=True, error_model="numpy")
def check_givens(g, seen):
    """OK, BAD_VALUE (a value outside 0..9) or CLASH (a digit twice in a row, column or box); seen: int64 [27]."""
    for c in range(81):
        if g[c] < 0 or g[c] > 9:
            return BAD_VALUE
    for k in range(27):
        seen[k] = 0
    for c in range(81):
        v = g[c]
        if v > 0:
            bit = np.int64(1) << (v - 1)
            r = c // 9
            col = c % 9
            bx = (r // 3) * 3 + col // 3
            if (seen[r] | seen[9 + col] | seen[18 + bx]) & bit:
                return CLASH
            seen[r] |= bit
            seen[9 + col] |= bit
            seen[18 + bx] |= bit
    return OK


@njit(cache=True, error_model="numpy")
def search9(puzzle, limit, max_nodes, out, stats, st, st_b, st_bit, st_rest, S, T, stop):
    """Count solutions of one 9x9 puzzle (uint8/int [81], 0 = empty) up to limit; first to out.

    Work buffers: st int64[82, SAVED], st_b/st_bit/st_rest int64[82], S int64[STATE]. stats <- nodes, guesses,
    stopped. Returns the count. Clashing givens give 0.
    """
    ok = start9(puzzle, S, T)
    count = 0
    nodes = 0
    guesses = 0
    stopped = 0
    level = 0
    if ok:
        while True:
            nodes += 1
            if max_nodes > 0 and nodes > max_nodes or (nodes & STOP_EVERY) == 0 and stop[0] != 0:
                nodes -= 1  # report the nodes actually searched
                stopped = 1
                break
            ok = propagate9(S, T)
            if ok:
                if S[30] == 81:
                    count += 1
                    if count == 1:
                        write9(S, out)
                    if count >= limit:
                        break
                else:
                    b, bit = pick9(S, T)
                    pos = ctz(bit)
                    digits = np.int64(0)
                    for d in range(9):
                        digits |= ((S[3 * d + b] >> pos) & 1) << d
                    first = digits & -digits
                    for j in range(SAVED):  # explicit loops: numba's slice copy cost 7% of the run
                        st[level, j] = S[j]
                    st_b[level] = b
                    st_bit[level] = bit
                    st_rest[level] = digits ^ first
                    level += 1
                    guesses += 1
                    place(S, ctz(first), b, bit, pos, T)
                    continue
            if level == 0:
                break
            level -= 1
            for j in range(27):
                w = st[level, j]
                S[j] = w
                S[SNAP + j] = w
            for j in range(27, SAVED):
                S[j] = st[level, j]
            b = st_b[level]
            bit = st_bit[level]
            m = st_rest[level]
            first = m & -m
            m ^= first
            if m:
                st_rest[level] = m
                level += 1
                guesses += 1
            d = ctz(first)
            if S[3 * d + b] & S[27 + b] & bit:
                place(S, d, b, bit, ctz(bit), T)
    stats[0] = nodes
    stats[1] = guesses
    stats[2] = stopped
    return count


@njit(cache=True, error_model="numpy", nogil=True)
def _many9(grids, limit, max_nodes, counts, solutions, guesses, nodes, complete, status, T, stop):
    P = grids.shape[0]
    st = np.empty((82, SAVED), np.int64)
    st_b = np.empty(82, np.int64)
    st_bit = np.empty(82, np.int64)
    st_rest = np.empty(82, np.int64)
    S = np.empty(STATE, np.int64)
    stats = np.zeros(3, np.int64)
    out = np.zeros(81, np.int32)
    seen = np.zeros(27, np.int64)
    for i in range(P):
        g = grids[i]
        for c in range(81):
            solutions[i, c] = 0
        code = check_givens(g, seen)
        if code != OK:
            reject(i, code, counts, guesses, nodes, complete, status)
            continue
        status[i] = OK
        if stop[0] != 0:
            return i
        k = search9(g, limit, max_nodes, out, stats, st, st_b, st_bit, st_rest, S, T, stop)
        counts[i] = k
        if k > 0:
            for c in range(81):
                solutions[i, c] = out[c]
        nodes[i] = stats[0]
        guesses[i] = stats[1]
        complete[i] = stats[2] == 0 or k >= limit
    return P


def solve_many9(grids, limit, max_nodes, counts, solutions, guesses, nodes, complete, status, stop):
    """Python entry: the batch kernel with the lookup tables (same outputs and stop flag as bitmask.search_many)."""
    T = tables()
    return _many9(grids, limit, max_nodes, counts, solutions, guesses, nodes, complete, status, T, stop)
