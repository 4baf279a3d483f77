"""Band bitboard kernel for box geometries (r x c boxes, 2 <= r, c <= 4, r * N <= 64): numba code only.

The 9x9 kernel's design (kernels/bitmask9.py) with the layout computed from the geometry at start: for each
digit d and band b (the r rows of a row of boxes) one int64 word F[d, b] = the cells of band b where d is
still possible (a placed cell keeps its bit in its own digit's board)::

    band b = rows r*b .. r*b + r-1, bit index = N*y + x (y = row in band, x = column)
    cell index in the grid = r*N*b + N*y + x        (row-major: bands in order, rows in a band in order)

    9x9 (3x3 boxes): 3 bands of 27 bits      12x12 (3x4): 4 bands of 36 bits     16x16 (4x4): 4 bands of 64
    6x6 (2x3): 3 bands of 12 bits            4x4 (2x2): 2 bands of 8 bits        8x8 (4x2): 2 bands of 32 ...

    S[d*nb + b]           F[d, b]                         (N*nb words, nb = c bands)
    S[UNS + b]            unsolved cells of band b        S[UNS + nb]: number of placed cells
    S[SNAP + d*nb + b]    F[d, b] when digit d was last processed (only changed digits are processed again)

A guess saves S[0:UNS + nb + 1]; the snapshots are rebuilt from the restored words (a guess is taken at a
fixpoint, where every snapshot equals its words).  Lookup tables, built once per box shape (``tables``):

    T16: SHRINK[2^N]  row bits -> the r boxes of the row it meets        ONE[2^N]  boxes where it has one bit
         CROW[2^(r*r)]  union of the r x r permutation matrices inside a (row, box) pattern (0: none)
         CSTK[2^(c*c)]  the same for a stack's (band, column-in-stack) pattern
    T64: PEER[r*N]  same row or box within the band     COLM[r*N]  the column within the band
         KEEP[2^(r*r)]  CROW[s] as a band mask (0: contradiction)

Rules per changed digit, word operations on its nb band words (no per-cell loop except placing):
  * band filter: the (row, box) presence pattern of each band must contain a permutation (each row of the band
    holds d in one box, each box in one row); the word keeps the minirows of the union of those permutations
    (locked candidates on rows, pointing and claiming, plus the band's placed digits);
  * stack filter: the same on (band, column) patterns of each stack: locked candidates on columns;
  * hidden singles in rows, boxes and columns; a column without d is a contradiction.
Naked singles band by band (once/twice over the N digit words).  Guess: a bivalue cell chosen as
kernels/bitmask.py chooses (most unplaced peers; for N >= 10 tightly constrained peers first, weighted at limit
>= 2), lowest cell on ties, else the first cell with fewest candidates; lowest digit first.  No 2-place
(unit, digit) branch (the cell-mask kernel takes it where 3 * SMALL <= N, i.e. 16x16): on POJ 3076 this kernel
is 2.2x faster without it (below).  sudoku/fast.py sends every box geometry this kernel fits here.  Same contract as kernels.bitmask.search: limit, first solution
to ``out``, nodes and guesses, max_nodes and the stop flag, explicit stack, caller-supplied buffers.

Compilation: search_many asks numba for N, r and c as literals (``numba.literally``), so each box shape gets its
own machine code with every loop bound, shift and offset constant, as bitmask9's 9s and 3s are; numba's cache
keeps one entry per shape.  The price: the first use of a box shape compiles for about 18 s on this machine
(then ~1 s to load from the cache, against ~0.85 s for the cell-mask kernel), and a call through the numba
dispatcher re-types the function every time (9 ms a call), so ``run_many`` calls the compiled entry point.

Variants (issue 15; 9x9 through this kernel, magictour (1,465) / the first 3,000 of forum_hardest_1905_11+, limit
2, one core, one process alternating old and new, 3 passes each, puzzles/s as min-max; in the same kind of run
the cell-mask kernel did 20.8-21.0k / 3.2-3.3k and the 9x9 kernel 90-91k / 16.0-16.1k; nodes on magictour 31,827
here against 32,221 for the cell masks, on the first 2,000 of 1905_11+ 329,251 against 331,417):
  - N, r, c as run-time values (the first version): 34-37k / 6.2-6.6k, 1.75-2.0x the cell masks.
  - the band filter's mask in one KEEP[2^(r*r)] lookup instead of CROW then r EXPR lookups: 29-36k / 5.9-6.3k
    against 34-36k / 6.2-6.5k, within the noise (kept: fewer dependent loads once the bounds are constants).
  - N, r, c hard-coded to 9, 3, 3 in propagate, place and pick (a measurement, not general): 62.0-62.3k /
    11.4-11.5k: the run-time loop bounds cost 1.8x, not the tables.
  - N, r, c as numba literals, called through the dispatcher: 7.7-21.2k / 10.7-11.2k (9 ms of re-typing per
    call); through the compiled entry point (kept): 68-72k / 13.8k, 0.78x / 0.86x of the 9x9 kernel.
  16x16 (POJ 3076's 4 puzzles x3, one process alternating with the cell masks, 2 passes): limit 2 857-873/s
  against 393-394/s (nodes 663+1,720+873+29 against 667+417+885+29: no pair branch, more nodes, still 2.2x),
  limit 1 4.7-5.2k/s against 1.7-1.8k/s; the empty 16x16 grid 0.46 ms against 0.45 (178 nodes both).  So the
  driver's limit went from N <= 12 to every shape that fits (16x16 with 4x4 boxes included).  The 30 minimal
  16x16 puzzles of ``generate(30, size=16, minimal=True, seed=11)`` at limit 2 (same kind of run): 810-851/s
  against 240-254/s, 23,696 nodes against 24,586.  benchmarks/general.py through the driver: POJ 3076 845/s at
  limit 2 and 5,559/s at limit 1 (was 403 / 1,854), empty 16x16 0.38 ms.
"""

from __future__ import annotations

import itertools

import numpy as np
from numba import literally, njit

from .bitmask import GUESSES, NODES, SMALL, STOP_EVERY, STOPPED, screen
from .bits import U, ctz, popcount


def fits(r: int, c: int) -> bool:
    """True when this kernel handles r x c boxes: a band of r rows in one word, tables of 2^(r*r), 2^(c*c)."""
    return 2 <= r <= 4 and 2 <= c <= 4 and r * r * c <= 64


def _perm_union(k: int) -> np.ndarray:
    """[2^(k*k)]: the union of the k x k permutation matrices (bit k*i + j) contained in each pattern."""
    perms = [sum(1 << (k * i + p[i]) for i in range(k)) for p in itertools.permutations(range(k))]
    s = np.arange(1 << (k * k), dtype=np.int64)
    out = np.zeros(1 << (k * k), np.int64)
    for p in perms:
        out |= np.where((s & p) == p, p, 0)
    return out.astype(np.uint16)


def tables(r: int, c: int) -> tuple[np.ndarray, np.ndarray]:
    """(T16, T64) for r x c boxes; offsets as in layout()."""
    n = r * c
    x = np.arange(1 << n, dtype=np.int64)
    shrink = np.zeros(1 << n, np.int64)
    one = np.zeros(1 << n, np.int64)
    for k in range(r):
        f = (x >> (c * k)) & ((1 << c) - 1)
        shrink |= np.where(f != 0, 1 << k, 0)
        one |= np.where((f != 0) & ((f & (f - 1)) == 0), 1 << k, 0)
    t16 = np.concatenate((shrink.astype(np.uint16), one.astype(np.uint16), _perm_union(r), _perm_union(c)))
    peer = np.zeros(r * n, np.int64)
    colm = np.zeros(r * n, np.int64)
    for pos in range(r * n):
        y, xx = divmod(pos, n)
        for q in range(r * n):
            y2, x2 = divmod(q, n)
            if q != pos and (y2 == y or x2 // c == xx // c):
                peer[pos] |= np.int64(1 << q) if q < 63 else np.int64(-(1 << 63))
            if x2 == xx:
                colm[pos] |= np.int64(1 << q) if q < 63 else np.int64(-(1 << 63))
    crow = _perm_union(r).astype(np.int64)
    keep = np.zeros(1 << (r * r), np.int64)  # KEEP[s]: the minirows of CROW[s] as a band mask
    for y in range(r):
        for k in range(r):
            v = ((1 << c) - 1) << (c * k + n * y)
            v = np.int64(v - (1 << 64) if v >= 1 << 63 else v)  # the int64 bit pattern (bit 63 on 16x16)
            keep |= np.where(crow >> (r * y + k) & 1, v, np.int64(0))
    return t16, np.concatenate((peer, colm, keep))


@njit(cache=True, error_model="numpy", inline="always")
def band_full(r, n):
    """All r*N bits of a band (-1 when r*N == 64)."""
    if r * n >= 64:
        return np.int64(-1)
    return (np.int64(1) << (r * n)) - 1


@njit(cache=True, error_model="numpy", inline="always")
def place(S, d, b, bit, pos, n, nb, uns, T64, colm_at):
    """Digit d at band b, bit (= 1 << pos): the cell leaves every other digit, its peers leave d."""
    S[uns + b] &= ~bit
    S[uns + nb] += 1
    for e in range(n):
        S[e * nb + b] &= ~bit
    cm = ~T64[U(colm_at + pos)]
    i = d * nb
    for b2 in range(nb):  # the column everywhere, then the row and box in b, then the cell back (no branch)
        S[i + b2] &= cm
    S[i + b] = (S[i + b] & ~T64[U(pos)]) | bit


@njit(cache=True, error_model="numpy")
def propagate(S, T16, T64, n, r, c, tmp):
    """Apply the rules to a fixpoint. 0 on contradiction, else 1 (solved when S[UNS + nb] == N*N)."""
    nb = c
    uns = n * nb
    snap = uns + nb + 1
    ncells = n * n
    rowm = (np.int64(1) << n) - 1
    bcm = (np.int64(1) << c) - 1
    one_at = 1 << n
    crow_at = 2 << n
    cstk_at = crow_at + (1 << (r * r))
    colm_at = r * n
    keep_at = 2 * r * n
    rowrep = np.int64(0)
    for y in range(r):
        rowrep |= np.int64(1) << (n * y)
    while True:
        placed = False
        # naked singles, band by band
        for b in range(nb):
            un = S[uns + b]
            if un == 0:
                continue
            once = np.int64(0)
            twice = np.int64(0)
            for d in range(n):
                m = S[d * nb + b] & un
                twice |= once & m
                once |= m
            if un & ~once:
                return 0
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                pos = ctz(bit)
                digits = np.int64(0)  # 0 (emptied by a placement of this loop) or the cell's one digit
                for d in range(n):
                    digits |= ((S[d * nb + b] >> pos) & 1) << d
                if digits == 0:
                    return 0
                place(S, ctz(digits), b, bit, pos, n, nb, uns, T64, colm_at)
                placed = True
        if S[uns + nb] == ncells:
            return 1
        todo = np.int64(0)  # digits changed since they were last processed, gathered without branches
        for d in range(n):
            i = d * nb
            x = np.int64(0)
            for b in range(nb):
                x |= S[i + b] ^ S[snap + i + b]
            todo |= np.int64(x != 0) << d
        dirty = todo != 0
        while todo:
            d = ctz(todo)
            todo &= todo - 1
            i = d * nb
            # band filter on each band word, then the column folds
            cols = np.int64(0)
            for b in range(nb):
                w = S[i + b]
                s = np.int64(0)
                for y in range(r):
                    s |= np.int64(T16[U((w >> (n * y)) & rowm)]) << (r * y)
                w &= T64[U(keep_at + s)]
                if w == 0:
                    return 0
                tmp[b] = w
                f = np.int64(0)
                for y in range(r):
                    f |= w >> (n * y)
                f &= rowm
                tmp[nb + b] = f
                cols |= f
            if cols != rowm:
                return 0
            # stack filter: the permutation rule on each stack's (band, column-in-stack) pattern
            for b in range(nb):
                tmp[2 * nb + b] = 0
            for k in range(r):
                sh = c * k
                sv = np.int64(0)
                for b in range(nb):
                    sv |= ((tmp[nb + b] >> sh) & bcm) << (c * b)
                a = np.int64(T16[U(cstk_at + sv)])
                if a == 0:
                    return 0
                for b in range(nb):
                    tmp[2 * nb + b] |= ((a >> (c * b)) & bcm) << sh
            cut = np.int64(0)
            for b in range(nb):
                m = tmp[2 * nb + b] * rowrep
                cut |= tmp[b] & ~m
                tmp[b] &= m
            if cut:  # the stack filter removed cells: the band filter once more
                for b in range(nb):
                    w = tmp[b]
                    s = np.int64(0)
                    for y in range(r):
                        s |= np.int64(T16[U((w >> (n * y)) & rowm)]) << (r * y)
                    w &= T64[U(keep_at + s)]
                    if w == 0:
                        return 0
                    tmp[b] = w
            for b in range(nb):
                S[i + b] = tmp[b]
                S[snap + i + b] = tmp[b]
            # hidden singles: rows and boxes band by band, columns over the bands
            c_once = np.int64(0)
            c_twice = np.int64(0)
            for b in range(nb):
                u = S[i + b] & S[uns + b]
                o = np.int64(0)
                t = np.int64(0)
                rs = np.int64(0)
                for y in range(r):
                    x = (u >> (n * y)) & rowm
                    t |= o & x
                    o |= x
                    rs |= np.int64(popcount(x) == 1) << y
                c_twice |= t | (c_once & o)
                c_once |= o
                bx = np.int64(T16[U(one_at + o)]) & ~np.int64(T16[U(t)])
                if rs | bx:
                    while rs:
                        y = ctz(rs)
                        rs &= rs - 1
                        bit = u & (rowm << (n * y))
                        if S[i + b] & S[uns + b] & bit:
                            place(S, d, b, bit, ctz(bit), n, nb, uns, T64, colm_at)
                    while bx:
                        k = ctz(bx)
                        bx &= bx - 1
                        bit = u & ((bcm << (c * k)) * rowrep)
                        if S[i + b] & S[uns + b] & bit:
                            place(S, d, b, bit, ctz(bit), n, nb, uns, T64, colm_at)
            cs = c_once & ~c_twice
            while cs:
                x = ctz(cs)
                cs &= cs - 1
                cm = rowrep << x
                for b in range(nb):
                    bit = S[i + b] & S[uns + b] & cm
                    if bit:
                        if (bit & (bit - 1)) == 0:
                            place(S, d, b, bit, ctz(bit), n, nb, uns, T64, colm_at)
                        break
        if not dirty and not placed:
            return 1


@njit(cache=True, error_model="numpy")
def pick(S, T64, n, r, c, limit, tmp):
    """The guess cell as (band, bit): a bivalue cell scored as kernels/bitmask.py scores them (unplaced peers;
    for N >= 10 peers with <= N // SMALL digits first), lowest cell on ties; else the first fewest-digit cell."""
    nb = c
    uns = n * nb
    colm_at = r * n
    tight = n // SMALL
    band_cells = r * n
    # per band: cells with exactly 2 and exactly 3 digits (tmp[0:nb], tmp[nb:2nb])
    anyb = np.int64(0)
    for b in range(nb):
        un = S[uns + b]
        o1 = np.int64(0)
        o2 = np.int64(0)
        o3 = np.int64(0)
        o4 = np.int64(0)
        for d in range(n):
            m = S[d * nb + b] & un
            o4 |= o3 & m
            o3 |= o2 & m
            o2 |= o1 & m
            o1 |= m
        tmp[b] = o2 & ~o3
        tmp[nb + b] = o3 & ~o4
        anyb |= tmp[b]
    if anyb:
        w2 = np.int64(1) if tight >= 2 else np.int64(0)
        w3 = np.int64(0)
        if tight >= 3:
            w3 = np.int64(1)
            if limit >= 2:
                w2 = np.int64(2)
        best = np.int64(-1)
        for b in range(nb):
            two = tmp[b]
            while two:
                pos = ctz(two)
                two &= two - 1
                cm = T64[U(colm_at + pos)]
                pm = T64[U(pos)]
                k = popcount(pm & S[uns + b]) - popcount(cm & S[uns + b])
                t = w2 * popcount(pm & tmp[b]) + w3 * popcount(pm & tmp[nb + b])
                t -= w2 * popcount(cm & tmp[b]) + w3 * popcount(cm & tmp[nb + b])
                for b2 in range(nb):
                    k += popcount(cm & S[uns + b2])
                    t += w2 * popcount(cm & tmp[b2]) + w3 * popcount(cm & tmp[nb + b2])
                if tight >= 2:
                    k += t << 12
                best = max(best, (k << 32) | (n * n - (band_cells * b + pos)))
        at = n * n - (best & 0xFFFFFFFF)
        b = at // band_cells
        return b, np.int64(1) << (at - band_cells * b)
    best_b = -1
    best_bit = np.int64(0)
    best_n = n + 1
    for b in range(nb):
        un = S[uns + b]
        while un:
            bit = un & -un
            un ^= bit
            pos = ctz(bit)
            k = 0
            for d in range(n):
                k += (S[d * nb + b] >> pos) & 1
            if k < best_n:
                best_n = k
                best_b = b
                best_bit = bit
    return best_b, best_bit


@njit(cache=True, error_model="numpy")
def start(puzzle, S, T64, n, r, c):
    """S = the empty grid with the givens placed (int [N*N], 0 = empty). 0 if two givens clash, else 1."""
    nb = c
    uns = n * nb
    snap = uns + nb + 1
    full = band_full(r, n)
    for i in range(n * nb):
        S[i] = full
        S[snap + i] = 0  # every digit differs from its snapshot: all are processed first
    for b in range(nb):
        S[uns + b] = full
    S[uns + nb] = 0
    band_cells = r * n
    for cell in range(n * n):
        v = puzzle[cell]
        if v > 0:
            d = v - 1
            b = cell // band_cells
            pos = cell - band_cells * b
            bit = np.int64(1) << pos
            if (S[d * nb + b] & S[uns + b] & bit) == 0:
                return 0
            place(S, d, b, bit, pos, n, nb, uns, T64, r * n)
    return 1


@njit(cache=True, error_model="numpy")
def write(S, out, n, r, c):
    """The solved grid in S as digits 1..N into out [N*N]."""
    nb = c
    for d in range(n):
        for b in range(nb):
            w = S[d * nb + b]
            while w:
                out[r * n * b + ctz(w)] = d + 1
                w &= w - 1


@njit(cache=True, error_model="numpy")
def search(puzzle, n, r, c, T16, T64, limit, max_nodes, out, stats, st, st_b, st_bit, st_rest, S, tmp, stop):
    """Count solutions of one puzzle (int [N*N], 0 = empty) up to limit; the first goes to out (digits 1..N).

    Work buffers: st int64[N*N + 1, N*c + c + 1], st_b/st_bit/st_rest int64[N*N + 1], S int64[2*N*c + c + 1],
    tmp int64[3*c].  stats <- nodes, guesses, stopped.  Returns the count.  Clashing givens give 0.
    """
    nb = c
    uns = n * nb
    snap = uns + nb + 1
    saved = uns + nb + 1
    ncells = n * n
    ok = start(puzzle, S, T64, n, r, c)
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
            ok = propagate(S, T16, T64, n, r, c, tmp)
            if ok:
                if S[uns + nb] == ncells:
                    count += 1
                    if count == 1:
                        write(S, out, n, r, c)
                    if count >= limit:
                        break
                else:
                    b, bit = pick(S, T64, n, r, c, limit, tmp)
                    pos = ctz(bit)
                    digits = np.int64(0)
                    for d in range(n):
                        digits |= ((S[d * nb + b] >> pos) & 1) << d
                    first = digits & -digits
                    for j in range(saved):  # explicit loops: numba's slice copies are slow
                        st[level, j] = S[j]
                    st_b[level] = b
                    st_bit[level] = bit
                    st_rest[level] = digits ^ first
                    level += 1
                    guesses += 1
                    place(S, ctz(first), b, bit, pos, n, nb, uns, T64, r * n)
                    continue
            if level == 0:
                break
            level -= 1
            for j in range(uns):
                w = st[level, j]
                S[j] = w
                S[snap + j] = w
            for j in range(uns, saved):
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
            if S[d * nb + b] & S[uns + b] & bit:
                place(S, d, b, bit, ctz(bit), n, nb, uns, T64, r * n)
    stats[NODES] = nodes
    stats[GUESSES] = guesses
    stats[STOPPED] = stopped
    return count


@njit(cache=True, error_model="numpy", nogil=True)
def search_many(grids, n, r, c, T16, T64, limit, max_nodes, counts, solutions, guesses, nodes, complete, status,
                stop, peers_ptr, peers_idx):
    """search() over every row of grids [P, N*N], as kernels.bitmask.search_many (statuses, stop flag, outputs)."""
    ncells = n * n
    P = grids.shape[0]
    nb = c
    saved = n * nb + nb + 1
    st = np.empty((ncells + 1, saved), np.int64)
    st_b = np.empty(ncells + 1, np.int64)
    st_bit = np.empty(ncells + 1, np.int64)
    st_rest = np.empty(ncells + 1, np.int64)
    S = np.empty(2 * n * nb + nb + 1, np.int64)
    tmp = np.empty(3 * nb, np.int64)
    stats = np.zeros(3, np.int64)
    out = np.zeros(ncells, np.int32)
    for i in range(P):
        g = grids[i]
        if not screen(i, g, n, peers_ptr, peers_idx, solutions, counts, guesses, nodes, complete, status):
            continue
        if stop[0] != 0:
            return i
        k = search(g, literally(n), literally(r), literally(c), T16, T64, limit, max_nodes, out, stats, st, st_b,
                   st_bit, st_rest, S, tmp, stop)
        counts[i] = k
        if k > 0:
            for cell in range(ncells):
                solutions[i, cell] = out[cell]
        guesses[i] = stats[GUESSES]
        nodes[i] = stats[NODES]
        complete[i] = stats[STOPPED] == 0 or k >= limit
    return P


_ENTRY: dict = {}


def run_many(*args):
    """search_many(*args) through its compiled entry point for (grids' type, N, r, c).

    search_many asks numba for N, r and c as literals, so each box shape gets code with its loop bounds and
    shifts as constants (1.8x faster on 9x9 than the same code over run-time values); a call through the
    dispatcher would re-type the function every time (9 ms), so the entry point is looked up once and kept.
    """
    import numba

    key = tuple(numba.types.literal(int(v)) if 1 <= i <= 3 else numba.typeof(v) for i, v in enumerate(args))
    fn = _ENTRY.get(key)
    if fn is not None:
        return fn(*args)
    got = search_many(*args)
    for sig, cres in getattr(search_many, "overloads", {}).items():
        if tuple(sig) == key:
            _ENTRY[key] = cres.entry_point
    return got
