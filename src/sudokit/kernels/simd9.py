"""9x9 kernel with its scans in SIMD registers: bitmask9's band bitboards, LLVM vector code via numba intrinsics.

The state, rules, guess choice and contract are bitmask9's (read its docstring first); what changes is how the
per-round scans run.  The 27 digit words S[3d + b] sit in one array, so a digit's 3 band words are one unaligned
<4 x i64> load (an AVX2 ymm register; lane 3 is the next word, masked off):
  * naked_scan: once/twice accumulation over the 9 digits for the 3 bands at once (9 vector loads, VPAND/VPOR/
    VPANDN), the cells with one digit left and the empty-cell contradiction in one pass; it also writes 4 bit
    planes of the cells' digits (S[PLANES ..], 4 vector stores), so a naked single's digit is 4 loads, not 9;
  * changed_words: the 27 words against their snapshots, 4 at a time (VPXOR, VPCMPEQQ, VMOVMSKPD), which gives
    the digits to re-process as bits 3d of a 27-bit mask (no per-digit compare and branch);
  * bivalue_scan: once/twice/thrice for the guess choice, the same way;
  * pattern_pext: a band word's 9-bit minirow pattern by one PEXT (BMI2) of w | w >> 1 | w >> 2 instead of three
    table lookups.
Everything else (band and stack filters, hidden singles, placement, the explicit guess stack) is bitmask9's scalar
code; the guess save/restore copies were already vectorised by LLVM (VMOVUPS on ymm).

Chosen at start-up (sudoku/fast.py) when ``supported()``: the CPU numba compiles for has AVX2 and BMI2 and is not
an AMD Zen 1/2 (PEXT is microcoded there, about 18 cycles).  Elsewhere bitmask9 runs: the same answers; the
node and guess counts differ slightly (all bands' naked singles are found before any is placed: 140.01
against 140.00 guesses a puzzle on 1106).  With NUMBA_DISABLE_JIT=1 the intrinsics are plain Python functions on
the same words (tests/test_nojit.py).  inspect_asm (x86-64, znver3, a fresh NUMBA_CACHE_DIR): propagate9 is
699 instructions, about 90 of them on ymm registers: vmovdqu (22 loads), vpand (17), vpor (17), vpandn,
vpxor (4), vpcmpeqq (7), vmovmskpd (5) / vmovmskps, vpackssdw, vpermq, vpblendd, vextracti128 and vmovq (lane
extraction), and 6 pext in the band filter; pick9 has bivalue_scan's vmovdqu/vpand/vpor.

Side by side with tdoku (its tb_clang driver, limit 2, one core, mean over whole passes for 10 s, same minutes;
benchmarks/sudoku.py's docstring has the command and the runs): 17_clue / magictour / 1905_11+ / 1106 at
x1.30-1.35 / x1.02-1.05 / x0.98-1.00 / x0.98-1.00 of tdoku's rate, where bitmask9 was at x1.21 / x0.98 / x0.90 /
x0.89.  So the hard sets reach parity, not the margin the issue asks for: tdoku needs 21-26% fewer guesses there
(61.7 / 110.4 against 83.6 / 140.0 a puzzle; its triad propagation) and spends about 25% more time a guess.
Session 3 (the digit planes, column singles' band from the folds, one branch for a digit's hidden singles; same
nodes and solutions): x1.03-1.05 / x1.03-1.04 / x1.08-1.10 / x1.35-1.40 of tdoku's rate on 1106 / 1905_11+ /
magictour / 17_clue (the session 3 record below and benchmarks/sudoku.py's docstring).

Tried and not merged (branch speed3, kept as the record): tdoku's two guess-cutting ideas, hidden triads at every
stall (vector counters over minirows and minicolumns) plus branching on a digit's band/stack configuration.  The
guesses drop to tdoku's (magictour / 1905_11+ / 1106: 9.05 / 61.6 / 116.0 a puzzle against 10.05 / 83.6 / 140.0;
tdoku 8.94 / 61.7 / 110.4), but a node costs ~20% more (the triads' removals trigger more propagation).  On a quiet
machine, in-process A/B alternating with tb_clang (limit 2, 5 s passes): 17_clue x1.29-1.33 against x1.33,
magictour x0.93-0.97 against x1.03-1.05, 1905_11+ x1.07-1.09 against x0.94-0.99, 1106 x0.91-0.95 against
x0.98-0.99 of tdoku.  Only 1905_11+ gains, so the cell guess stays; at limit 1 the branch did gain (1106 21.6k/s
with 53.6 guesses against tdoku's 18.2k/s).  Triads alone cut 4-5% of the guesses and cost 10%; configuration
branching alone guesses more (157.9 on 1106).  Next: a cheaper propagate9 round, which counts on every set.

Variants measured (A/B in one process, whole passes, CPU time, limit 2; magictour / 1106 / 1905_11+ puzzles/s,
bitmask9 beside; the machine is shared, so only same-minute ratios count):
  - naked_scan + changed_words: +4.4% / +4.0% over bitmask9 (89.3k vs 85.5k, 9.63k vs 9.27k).
  - + bivalue_scan in pick9: within noise (+2.9% / +3.4% in that run); kept, one scan style.
  - + pattern by PEXT: +2.7% over the above (1106 10.03k vs 9.75k); in total +6% / +8% / +8% over bitmask9
    (92.4k vs 87.0k, 10.05k vs 9.33k, 15.7k vs 14.6k).  The same PEXT alone on bitmask9, together with PEXT/PDEP
    in the stack filter, gave nothing (-4% / -0.4%): the stack filter by PEXT/PDEP is 1% slower, rejected.
  - the row and box hidden singles of a digit's 3 bands behind one branch a digit (6 bits a band in one mask)
    instead of one branch a band: +0.4-0.8% (1106 10.15k vs 10.11k), within the noise but never slower; kept.
  - rejected, each slower: place() computing digit d's 3 new words from loads made before any store (to avoid
    store-to-load forwarding): 4-5% slower (the read-modify-write form is cheap on this CPU); the second band
    filter run unconditionally (no branch on whether the stack filter removed cells): 5% slower (that branch is
    well predicted); dropping the tests made redundant by the stack filter (a zero band word or an empty column
    leaves a stack pattern with no permutation) and one branch for the three stack lookups: no change.
  - the column hidden singles in the same loop as the row/box ones (one mask, one branch a digit): 5% slower.
  - ending propagate9 after a round that placed nothing and whose filters removed nothing (the round after it
    would find nothing: the same nodes exactly), instead of after a round with no dirty digit: 1-3% slower,
    the bookkeeping costs more than the cheap vector round it saves.
  - pick9's column peers in the other two bands by one POPCNT of a 54-bit word (2 popcounts a bivalue cell
    instead of 5): same guesses, +-1% (neutral over two runs), not kept.  Branch hints (llvm.expect through an
    intrinsic) on the contradiction tests: LLVM rejected the call ("Invalid user of intrinsic"), not pursued.
  - where the time goes (perf samples mapped onto the disassembled kernel, 1106, limit 2): propagate9 86%,
    search9 7%, pick9 6%; inside propagate9 the band and stack filters 33%, row/box hidden-single tests 20%,
    placements 29% (hidden 17%, naked 12%), naked_scan 11%, changed_words 9%.  Per node on 1106: 2.5 rounds,
    5.5 digit passes, 8 placements.
  - hidden singles of a digit's 3 bands in one vector (rows and boxes with one cell by lane compares, columns by
    lane ORs, one branch per digit instead of one per band): 3-7% slower than the scalar code (lane inserts
    and extracts on a latency-bound path), rejected.
  Session 3 (issue 15's last target; A/B in one process against main's simd9 as .scratch copy, whole passes, CPU
  time, limit 2, 4-5 s a side; 1106 / magictour / 1905_11+; nodes and guesses identical unless said):
  - a naked single's digit from 4 bit planes (bit k of the digit, OR over the band's digit words of the
    unsolved cells, 13 more vector ORs and 4 stores in naked_scan) instead of gathering one bit from each of the 9
    digit words; then one test that the digit is still there: with the next item +3.1% / +3.6% / +2.9%
    (10,413 vs 10,097/s, 97.4k vs 94.0k, 16.38k vs 15.91k); kept.
  - a column hidden single's band read from the bands' column folds (bits of bands 1 and 2 in one word) instead
    of a loop over the bands that breaks at the first hit: alone +1.6% / +1.8% / +1.9% (one run; +-0.5% in an
    earlier one); kept.
  - the stack filter with the 3 bands' column folds in one word F, each stack's 9-bit pattern by one multiply
    ((F >> 3k & 0x1C0E07) * 0x1041 >> 12: no carries) and a table giving COMPLEX already spread to F's layout:
    fewer instructions (about 25 of 60), no change (+0.5% / -0.2%): the filter is latency-bound, not
    throughput-bound; not kept.
  - place() clearing d's column in the 3 bands by one <4 x i64> read-modify-write (S[3d .. 3d+3], lane 3 kept):
    6% slower (1106 9,747 vs 10,331/s, magictour 90.5k vs 96.9k): a vector load over words just stored one by
    one is not forwarded from the store buffer; rejected.
  - one branch on "d has a row, box or column hidden single" before the two placement loops (each loop's own
    test is then taken far more often): +2.1% / +1.9% / +2.3%, then +1.5% / -1.9% / +2.2%, then magictour +2.3%,
    1106 +0.6% (runs at load 4-5); kept.  The same guard over the naked-singles loops of the 3 bands: -0.9% /
    -1.0% / +0.4%, not kept.  The contradiction tests of a digit pass merged (3 word tests as one OR, the 3
    stack-pattern tests as one flag tested after the loop): same as without (-0.8% / +0.6% / +0.1%, then +0.7%
    and +0.1%); not kept.  The hidden-single scan reading the filtered words from locals instead of S just stored:
    no change (LLVM forwards them already).
  - the row/box singles at 8 bits a band (b = j >> 3) and their unit masks from a table of 6 (no division by 6,
    no select): 3-7% slower (1106 9,943 / 9,580 against 10,236 / 10,289/s), rejected.
  - the digits to re-process tracked by the placements (place returning the digits the cell held, plus d;
    no snapshots, no changed_words, no snapshot stores in a pass or on backtrack): 7-12% slower (1106 9,566 /
    9,594 against 10,366 / 10,239/s, magictour 83.6k / 84.3k against 95.0k / 96.4k) and 139.87 guesses against
    140.01 (its own digit is always marked, so extra passes; the gather of the cell's digits costs in every
    placement); rejected.
  - naked singles placed without clearing the cell from the other digits (it has none): +1.7% / -1.0% on 1106,
    +3.2% / -0.6% on magictour, then 1905_11+ +1.4% / -0.9% and magictour -0.4% / -0.1%: noise, as in bitmask9;
    not kept.
  - the guess stack's rows padded to 32 words and 64-byte aligned (S already is: numba's allocator): 1106
    +0.3% / +3.4% / -0.7% / +0.9%, magictour -0.7% / +0.8%, 1905_11+ -1.2% / +0.1%: noise, not kept.
  - the dirty digits taken from the highest down (63 - clz) instead of the lowest up: 3-5% slower (1106 9,907 /
    9,947 against 10,235 / 10,384/s, magictour 93.0k / 93.1k against 97.2k / 98.2k), same nodes; rejected.
  - beside tdoku with the first two kept items (.scratch/tri/side.sh: tb_clang FILE 2 5 alternating with 5 s A/B
    passes, load 3-5 from the other helpers), 1106 / 1905_11+ / magictour / 17_clue: x1.03-1.05 / x1.03-1.04 /
    x1.09-1.10 / x1.40 of tdoku's rate, where main's simd9 measured x0.99-1.01 / x0.99 / x1.05-1.06 / x1.34 in the
    same minutes.  Again at the end of the session with all three kept items: x1.05-1.06 / x1.01-1.05 /
    x1.09-1.10 / x1.40-1.43 (1106 10,441 / 10,423 against tdoku 9,819-9,947; 1905_11+ 15,985 / 16,608 against
    15,676-15,963), main's simd9 x0.94-0.99 / x0.97-0.98 / x1.04-1.06 / x1.35.
  search9 and the batch loop are copies of bitmask9's over this module's propagate9 and pick9: numba does not
  cache a function that takes another jitted function as an argument (measured: recompiled on every start), nor
  a closure made by a factory over them (measured: a new cache entry compiled on every start, no cache hits), and
  the CLI's cold start matters more than the ~100 lines of search loop and batch loop written twice.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from .bitmask import OK, STOP_EVERY, reject
from .bits import U, ctz, popcount
from .bitmask9 import (BOXONE, COLM, COMPLEX, KEEP, PEER, ROW9, SAVED, SHRINK, SNAP, STATE, COLREP, check_givens,
                       place, start9, tables, write9)

MINI = np.int64(0x1249249)  # bit 9r + 3k for r, k < 3: a minirow's first cell; also bit 3d of a 27-bit digit mask
PLANES = 64  # S[64 + 4k + b] (b < 3): bit k of the digit of band b's unsolved cells, OR over their digits; exact
#              for a cell with one digit left (naked_scan writes them: a naked single's digit in 4 loads, not 9)
STATE9 = 80  # this kernel's state: bitmask9's 64 words and the 4 planes of 4 words


def supported(features: str | None = None, cpu: str | None = None) -> bool:
    """True when the CPU numba compiles for has what this kernel needs (AVX2, BMI2, a fast PEXT)."""
    if cpu is None:  # numba's own choice: NUMBA_CPU_NAME, else the host
        import llvmlite.binding as llvm

        cpu = config.CPU_NAME if config.CPU_NAME is not None else llvm.get_host_cpu_name()
    if features is None:  # NUMBA_CPU_FEATURES ("" for NUMBA_CPU_NAME=generic), else the host's
        from numba.core.codegen import get_host_cpu_features

        features = config.CPU_FEATURES if config.CPU_FEATURES is not None else get_host_cpu_features()
    flags = {f[1:] for f in features.split(",") if f.startswith("+")}
    return {"avx2", "bmi2"} <= flags and cpu not in ("znver1", "znver2")


def _bmi2(name):
    @intrinsic
    def op(typingctx, x, m):
        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.x86.bmi." + name + ".64")
            a = context.cast(builder, args[0], signature.args[0], types.int64)
            b = context.cast(builder, args[1], signature.args[1], types.int64)
            return builder.call(fn, [a, b])
        return types.int64(x, m), codegen
    return op


pext = _bmi2("pext")  # one PEXT instruction (BMI2)


# ---- LLVM vector intrinsics over the state array: <4 x i64> lanes (one AVX2 ymm register) ----

I64 = ir.IntType(64)
V4 = ir.VectorType(I64, 4)


def _data(context, builder, aryty, ary):
    """The int64* data pointer of a numba array argument."""
    return context.make_array(aryty)(context, builder, ary).data


def _load4(builder, ptr, i):
    """<4 x i64> from ptr[i .. i+3] (an unaligned vector load: VMOVDQU)."""
    p = builder.gep(ptr, [ir.Constant(I64, i)])
    return builder.load(builder.bitcast(p, V4.as_pointer()), align=8)


def _lane(builder, v, k):
    return builder.extract_element(v, ir.Constant(ir.IntType(32), k))


def _or_lanes(builder, v, n):
    """OR of lanes 0..n-1 of v."""
    acc = _lane(builder, v, 0)
    for k in range(1, n):
        acc = builder.or_(acc, _lane(builder, v, k))
    return acc


@intrinsic
def naked_scan(typingctx, S):
    """Per band, the unsolved cells with one digit left, and the unsolved cells with none (OR over the bands).

    Returns (single0, single1, single2, empty) and writes the digit bit planes S[PLANES + 4k .. +3].  The 9 digit
    words of the 3 bands are loaded as <4 x i64> vectors S[3d .. 3d+3] (lane 3 is the next digit's band 0, masked
    by the unsolved vector's lane 3 = 0)."""
    if not isinstance(S, types.Array):
        return None
    ret = types.UniTuple(types.int64, 4)

    def codegen(context, builder, signature, args):
        ptr = _data(context, builder, signature.args[0], args[0])
        keep3 = ir.Constant(V4, [ir.Constant(I64, -1)] * 3 + [ir.Constant(I64, 0)])
        uns = builder.and_(_load4(builder, ptr, 27), keep3)
        once = ir.Constant(V4, [ir.Constant(I64, 0)] * 4)
        twice = once
        for d in range(9):
            m = builder.and_(_load4(builder, ptr, 3 * d), uns)
            twice = builder.or_(twice, builder.and_(once, m))
            once = builder.or_(once, m)
        ones = ir.Constant(V4, [ir.Constant(I64, -1)] * 4)
        single = builder.and_(once, builder.xor(twice, ones))
        for k in range(4):  # bit plane k of the digit of each cell (exact where the cell has one digit)
            p = None
            for d in range(9):
                if (d >> k) & 1:
                    m = builder.and_(_load4(builder, ptr, 3 * d), uns)
                    p = m if p is None else builder.or_(p, m)
            q = builder.gep(ptr, [ir.Constant(I64, PLANES + 4 * k)])
            builder.store(p, builder.bitcast(q, V4.as_pointer()), align=8)
        empty = _or_lanes(builder, builder.and_(uns, builder.xor(once, ones)), 3)
        vals = [_lane(builder, single, 0), _lane(builder, single, 1), _lane(builder, single, 2), empty]
        return context.make_tuple(builder, signature.return_type, vals)

    return ret(S), codegen


@intrinsic
def bivalue_scan(typingctx, S):
    """Per band, the unsolved cells with exactly two digits left: (two0, two1, two2), the bands in one vector."""
    if not isinstance(S, types.Array):
        return None

    def codegen(context, builder, signature, args):
        ptr = _data(context, builder, signature.args[0], args[0])
        keep3 = ir.Constant(V4, [ir.Constant(I64, -1)] * 3 + [ir.Constant(I64, 0)])
        uns = builder.and_(_load4(builder, ptr, 27), keep3)
        once = ir.Constant(V4, [ir.Constant(I64, 0)] * 4)
        twice = once
        thrice = once
        for d in range(9):
            m = builder.and_(_load4(builder, ptr, 3 * d), uns)
            thrice = builder.or_(thrice, builder.and_(twice, m))
            twice = builder.or_(twice, builder.and_(once, m))
            once = builder.or_(once, m)
        two = builder.and_(twice, builder.xor(thrice, ir.Constant(V4, [ir.Constant(I64, -1)] * 4)))
        vals = [_lane(builder, two, k) for k in range(3)]
        return context.make_tuple(builder, signature.return_type, vals)

    return types.UniTuple(types.int64, 3)(S), codegen


@intrinsic
def changed_words(typingctx, S, snap):
    """Bit j (j < 27) set when S[j] != S[snap + j]: 7 vector XORs, compares against zero and VMOVMSKPD."""
    if not isinstance(S, types.Array):
        return None

    def codegen(context, builder, signature, args):
        ptr = _data(context, builder, signature.args[0], args[0])
        off = context.cast(builder, args[1], signature.args[1], types.int64)
        zero = ir.Constant(V4, [ir.Constant(I64, 0)] * 4)
        acc = ir.Constant(I64, 0)
        for k in range(7):
            a = _load4(builder, ptr, 4 * k)
            p = builder.gep(ptr, [builder.add(off, ir.Constant(I64, 4 * k))])
            b = builder.load(builder.bitcast(p, V4.as_pointer()), align=8)
            ne = builder.icmp_unsigned("!=", builder.xor(a, b), zero)
            bits = builder.zext(builder.bitcast(ne, ir.IntType(4)), I64)
            acc = builder.or_(acc, builder.shl(bits, ir.Constant(I64, 4 * k)))
        return builder.and_(acc, ir.Constant(I64, 0x7FFFFFF))

    return types.int64(S, snap), codegen


_M64 = (1 << 64) - 1


def _pext_py(x, m):
    """PEXT on the int64 bit patterns: the bits of x under m, packed to the low end."""
    x, m = int(x) & _M64, int(m) & _M64
    out, k = 0, 0
    while m:
        low = m & -m
        if x & low:
            out |= 1 << k
        k += 1
        m ^= low
    return np.int64(out)


def _counts_py(S):
    """Per band: (once, twice, thrice) over the 9 digits of the unsolved cells."""
    rows = []
    for b in range(3):
        uns = int(S[27 + b])
        once = twice = thrice = 0
        for d in range(9):
            m = int(S[3 * d + b]) & uns
            thrice |= twice & m
            twice |= once & m
            once |= m
        rows.append((uns, once, twice, thrice))
    return rows


def _naked_scan_py(S):
    for k in range(4):
        for b in range(4):  # lane 3 is masked off (0), as in the vector code
            S[PLANES + 4 * k + b] = 0 if b == 3 else np.int64(
                np.bitwise_or.reduce([int(S[3 * d + b]) & int(S[27 + b]) for d in range(9) if d >> k & 1]))
    rows = _counts_py(S)
    empty = 0
    for uns, once, _, _ in rows:
        empty |= uns & ~once
    return tuple(np.int64(once & ~twice) for _, once, twice, _ in rows) + (np.int64(empty),)


def _bivalue_scan_py(S):
    return tuple(np.int64(twice & ~thrice) for _, _, twice, thrice in _counts_py(S))


def _changed_words_py(S, snap):
    return np.int64(sum(1 << j for j in range(27) if S[j] != S[snap + j]))


if config.DISABLE_JIT:  # pragma: no cover - exercised by tests/test_nojit.py in a subprocess
    pext, naked_scan, bivalue_scan, changed_words = _pext_py, _naked_scan_py, _bivalue_scan_py, _changed_words_py


@njit(cache=True, inline="always", error_model="numpy")
def pattern_pext(w, T):
    """The 9-bit minirow pattern of a band word (bit 3r + k: minirow (r, k) not empty), by one PEXT."""
    return pext(w | (w >> 1) | (w >> 2), MINI)


@njit(cache=True, error_model="numpy")
def propagate9(S, T):
    """bitmask9.propagate9 with the naked-single scan and the changed-digit mask in vector registers and the
    minirow patterns by PEXT. Returns 0 on contradiction, 1 otherwise (solved when S[30] == 81).

    A digit is processed only if one of its 3 words differs from its snapshot S[SNAP + 3d .. 3d+2] (its words
    as the band and stack filters left them), as JCZSolve does: the rules for d depend only on d's words (a cell
    placed with another digit leaves d's words unchanged only if d was not possible there).
    """
    while True:
        placed = False
        # naked singles: one vector pass over the 3 bands
        s0, s1, s2, empty = naked_scan(S)
        if empty:
            return 0
        for b in range(3):
            single = s0 if b == 0 else (s1 if b == 1 else s2)
            while single:
                bit = single & -single
                single ^= bit
                pos = ctz(bit)
                d = (((S[PLANES + b] >> pos) & 1) | (((S[PLANES + 4 + b] >> pos) & 1) << 1)
                     | (((S[PLANES + 8 + b] >> pos) & 1) << 2) | (((S[PLANES + 12 + b] >> pos) & 1) << 3))
                if (S[3 * d + b] & bit) == 0:
                    return 0
                place(S, d, b, bit, pos, T)
                placed = True
        if S[30] == 81:
            return 1
        # per digit: band filter, then hidden singles in rows, boxes and columns
        # the digits to process this round: bit 3d when one of d's words differs from its snapshot
        ch = changed_words(S, SNAP)
        todo = (ch | (ch >> 1) | (ch >> 2)) & MINI
        dirty = todo != 0
        while todo:
            i = ctz(todo)
            todo &= todo - 1
            d = i // 3
            w0 = S[i]
            w1 = S[i + 1]
            w2 = S[i + 2]
            # band (row) filter, on locals
            w0 &= T[U(KEEP + pattern_pext(w0, T))]
            w1 &= T[U(KEEP + pattern_pext(w1, T))]
            w2 &= T[U(KEEP + pattern_pext(w2, T))]
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
                w0 &= T[U(KEEP + pattern_pext(w0, T))]
                w1 &= T[U(KEEP + pattern_pext(w1, T))]
                w2 &= T[U(KEEP + pattern_pext(w2, T))]
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
            c_band = np.int64(0)  # bit c: the column's last cell is in band 1 (bit c) or 2 (bit 9 + c)
            rb = np.int64(0)  # 6 bits a band: rows (bits 0-2) and boxes (3-5) with one cell left
            for b in range(3):
                u = S[i + b] & S[27 + b]
                r0 = u & ROW9
                r1 = (u >> 9) & ROW9
                r2 = u >> 18
                o = r0 | r1 | r2
                t = (r0 & r1) | (r0 & r2) | (r1 & r2)
                c_twice |= t | (c_once & o)
                c_once |= o
                if b > 0:
                    c_band |= o << (9 * (b - 1))
                rs = (np.int64(popcount(r0) == 1) | (np.int64(popcount(r1) == 1) << 1)
                      | (np.int64(popcount(r2) == 1) << 2))
                rb |= (rs | ((T[U(BOXONE + o)] & ~T[U(SHRINK + t)]) << 3)) << (6 * b)
            cs = c_once & ~c_twice
            if (rb | cs) == 0:  # one branch for all of d's hidden singles, usually not taken (+2%)
                continue
            while rb:
                j = ctz(rb)
                rb &= rb - 1
                b = j // 6
                k = j - 6 * b
                mask = ROW9 << (9 * k) if k < 3 else np.int64(0x1C0E07) << (3 * (k - 3))
                bit = S[i + b] & S[27 + b] & mask
                if bit:
                    place(S, d, b, bit, ctz(bit), T)
            while cs:
                c = ctz(cs)
                cs &= cs - 1
                b = ((c_band >> c) & 1) | (((c_band >> (9 + c)) & 1) << 1)
                bit = S[i + b] & S[27 + b] & T[U(COLM + c)]
                if bit:
                    place(S, d, b, bit, ctz(bit), T)
        if not dirty and not placed:
            return 1


@njit(cache=True, error_model="numpy")
def pick9(S, T):
    """bitmask9.pick9 with the bivalue cells found in vector registers: the guess cell as (band, bit).

    Among bivalue cells the one with most unsolved peers wins, ties going to the last one: the maximum of
    (peers << 8) | (27 * band + position), taken without a data-dependent branch (+1-3% over an if).
    The column peers in other bands are the column's unsolved cells in all bands minus those in its own band.
    """
    u0 = S[27]
    u1 = S[28]
    u2 = S[29]
    best = np.int64(-1)
    t0, t1, t2 = bivalue_scan(S)
    for b in range(3):
        uns = S[27 + b]
        two = t0 if b == 0 else (t1 if b == 1 else t2)
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
def search9(puzzle, limit, max_nodes, out, stats, st, st_b, st_bit, st_rest, S, T, stop):
    """bitmask9.search9 over this module's propagate9 and pick9 (the same contract, counts and buffers).

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
    S = np.empty(STATE9, np.int64)
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
    """Python entry: the SIMD batch kernel (same arguments and outputs as bitmask9.solve_many9)."""
    T = tables()
    return _many9(grids, limit, max_nodes, counts, solutions, guesses, nodes, complete, status, T, stop)
