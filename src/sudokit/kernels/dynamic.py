"""Sudoku Explainer's doChaining: one implication run, dynamic or not, with SE's advanced and nested rules.

`propagate` runs the implications of one assumption into a run slot (see kernels/links.py for the stores):
every pending on potential first, then one off potential, until nothing moves. At level >= 1, when nothing moves,
SE's advanced rules look at the narrowed grid (kernels/advanced.py); at level >= 2 (SE 9.5 and up) and when
`inner` is given, so do SE's own chaining techniques, nested:

    level 2   forcing chains and cycles (static)            SE "Dynamic Forcing Chains (+ Forcing Chains)"
    level 3   ... and multiple forcing chains (static)      "(+ Multiple Forcing Chains)"
    level 4   dynamic forcing chains (at nesting level L)   "(+ Dynamic Forcing Chains)"

A nested rule finds every hint its technique sees on the narrowed grid (`_inner_*`), each with its removable
candidates, its complexity and its "rule parents": the candidates the outer run erased that its chains relied on
(SE's ChainingHint.getRuleParents). The hints are sorted as SE sorts them and their removables become new off
potentials of the outer run, with those parents and a nested-chain number whose complexity adds to every outer
hint built on it.

Nesting without recursion: the runs a nested rule makes go through `propagate_inner`, a second compiled copy of
the same Python function (`_propagate`), so no compiled function calls itself. (One dispatcher specialized for
inner=None and inner=tuple, calling itself through the nested rules, compiles but crashes when numba loads it
from its cache.)

Speed record (issue 9): the 'meet the opposite or queue the new potential' step stays written out in each of
propagate's and propagate_static's four places. Three tidy-ups folded it into helpers taking the store tuples
(_reach, _begin, _follow); on 139 captured static multiple chain calls that cost 0.55 -> 2.0 s CPU (28 dynamic
multiple calls 0.37 -> 0.84 s, 153 Nishio calls 0.15 -> 0.33 s), and inline='always' on the helpers won back only
a quarter of it (1.5 s). Passing st/sc (tuples of ~30 arrays) to a function called per link is what costs; keep
such helpers off the per-link path.
The nested-hint memo (`_rule`, below): of 9800 nested searches in the 16 level>=2 calls of two 11+ puzzles
(lines[1:3]), 6% (level 2) and 4% (level 3) meet a grid already searched in the same call, 15% and 47% one
searched in an earlier call of the puzzle (7588 distinct). Replaying those calls (alternated, best of 2, loaded
box): level 2 7.17 -> 6.43 s, level 3 3.74 -> 2.86 s; the default rate of lines[3:5] 13.5 -> 10.4 s.

outer (2026-11-24; the replay of advanced.py's record, level 0 / 1 / 2 / 3 s, main 8eb7c65 -> this, alternated,
best of 3): _advance, _nested, the memo's _find/_recall/_whole, _emit and links' _on_to_off, _off_to_on, _add,
reset_slot inline="always" (with advanced.py's gating): 0.270 / 0.211 / 1.175 / 0.705 -> 0.220 / 0.137 / 1.108
/ 0.687 s; lev11.py 8 0 (second run in one process, alternated twice): level 0 0.664/0.648 -> 0.573/0.500 s,
level 1 0.566/0.538 -> 0.404/0.351 s, level 2 2.63/2.50 -> 2.56/2.34 s, level 3 noise. Left: ~21% of the level-1
replay's samples are NRT_incref/NRT_decref; the return addresses on the sampled stacks put 61% of them in
propagate, 16% in chains._on_run, 7% in _advanced. inline="always" keeps the refcounts of an inlined function's
array arguments (the disassembly shows three increfs and decrefs around each inlined _addc in the on -> off
loop), so the record appends written out in propagate, or helpers passing fewer arrays, are the lead. On the
level-2 replay the nested kind-0 searches are ~60% of the samples; the outer runs' _advanced ~8%, _rule 1.3%.

outer2 (2026-11-24; the 268 dynamic level-0/1 multiple_of calls met rating 11+ lines[0:3], replayed, best of 5
CPU s, alternated twice with main 6601863 on a quiet box; every best/elim identical, and the level-2/3 replay
--check too): a run keeps its place masks from quiet point to quiet point (advanced.begin_places: the real
grid's masks, remade only when the grid or houses change; erase_places adds each off processed since the last
quiet point) instead of _places rescanning every house at each; Locking skips a crossing whose first house lost
no place of the digit; propagate writes out its record appends (_addc went) and links._on_to_off/_off_to_on:
the optimised IR had 8 NRT_incref/decref pairs of the inlined helpers' array arguments per record, now none.
Level 0 0.210/0.212 -> 0.192/0.189 s, level 1 0.128/0.128 -> 0.111/0.109 s; lev11b.py 8 0 (alternated twice,
load 4 -> 1): level 0 0.517/0.492 -> 0.493/0.434 s, level 1 0.371/0.347 -> 0.329/0.300 s, levels 2-3 noise
(their outer runs are a small share). Tried, no change: _on_to_off/_off_to_on as non-inlined calls; _advance
not inlined (per quiet point it still increfs st's, sc's and geo's ~57 arrays). Left: perf (a /tmp/perf-PID.map
from the .nbc files' symbol names and the engine's addresses) puts _advanced at ~25% of the level-1 replay
(Locking 14%), propagate ~19%, NRT refcounts ~19%, the Python side ~10%.
outer3 (2026-11-24; the same 268 level-0/1 calls, replay01 best of 5 CPU s, alternated twice with main b9fa771;
every best/elim identical): the level-0 replay spent ~21% of its samples in NRT_incref/decref. The optimised IR of
propagate increfs every array of its st/sc/geo arguments at entry and decrefs them at each exit (~70 pairs a
run, not pruned), and each non-inlined call with those tuples pays as many again. Now fewer such calls and
arguments: _advance (inlined, ~57 pairs a quiet point) written out here over propagate's locals; links.reset_slot
and the first record's _store_add written out (a call with st and sc per run); begin_places/erase_places take
arrays, not sc[22] or a row view; chains._on_run calls propagate itself (chains._run went) and its callers look
the run cache up before calling it. Level 0 0.217/0.218 -> 0.176/0.175 s, level 1 0.121/0.120 -> 0.099/0.099 s
(final, load ~7). lev11c.py 8 0 (warm second run; main, this, main, this; load 5-7): level 0 0.445/0.444 ->
0.365/0.340 s, level 1 0.301/0.302 -> 0.258/0.249 s, static multiple 0.221/0.226 -> 0.182/0.162 s, level 2
1.205/1.194 -> 1.202/1.124 s, level 3 0.671/0.664 -> 0.667/0.639 s; all 3.16/3.14 -> 3.00/2.81 s. dump11.py and
dump.py 60 byte-identical to s26/base11.jsonl and s23/base.jsonl.
Tried, no change: propagate with one exit (break, not return): the IR still decrefs the 46 argument arrays on
five exit paths (numba's pruning keeps them). Left: those 46 pairs a run (a propagate taking arrays, not
tuples, would drop them, but propagate_inner's callers pass the same tuples); _advanced's Locking loop.
outer4 (2026-11-24; the 147 level-0/1 calls of rating 11+ lines[0:3], replay best of 5 CPU s, alternated twice
with main 1a2aeab, load ~4.7): why propagate keeps its 46 entry increfs. Small kernels (numba 0.68.1, NRT_incref
calls counted in the optimised IR): a function with 4 array arguments, or a tuple of them, loops and three
returns has none left after LLVM's refprune, as a tuple or as arrays alike; one non-inlined call passing two of
the arrays anywhere in the body, or one np.zeros, and the arguments keep their incref/decref pairs (a call
passing only scalars does not). So a propagate taking arrays instead of tuples would keep them (its body calls
_advanced, begin_places, erase_places, advanced_untracked). Tried: those four gone from the body (_advanced,
begin_places, erase_places inline="always"; advanced_untracked's rescan replaced by OVERFLOW, the stores' masks
sized for every house): no call left but LLVM intrinsics, yet the IR still has the 46 entry increfs (88 in all,
301 -> 779 blocks), perf still ~10% NRT_incref/decref, and the replay lost: level 0 0.1425/0.1423 ->
0.1516/0.1477 s, level 1 0.0996/0.1006 -> 0.1025/0.1027 s (every best/elim identical, levels 0-3). Reverted.
What else blocks refprune's fanout there is not known. Ruled out (propagate's optimised IR, fresh cache): its
size (llvmlite's refprune subgraph_limit 1000 -> 10^6: the same 46 on main, 83 on the variant); raise paths
(main's IR returns status 1 from 6 exits without decrefs, the ZeroDivisionError of `// n`/`% n`; the variant
with error_model="numpy" has none, still 83); in small kernels, helpers inlined in a loop, while/for with
returns inside, nested tuple arguments, `// m` by an argument: all pruned to 0. Left: LLVM sinks the exits' last
decref into the merged return block through a phi of pointers (seen in the variant), which refprune may not
match; a propagate written without inlined array helpers could be compared.
outer5 (2026-11-25): SE's advanced rules at a quiet point try only the houses that changed since each rule's
last whole scan, and Locking only their crossings (see advanced.py's record): level 1 of the replay
0.1002/0.1024 -> 0.0914/0.0895 s; propagate passes the crossings table (sc[22]) to begin_places/_advanced.

prop2 (2026-11-25; the 172 dynamic calls of rating 11+ lines[0:3], replayed, best of 5 CPU s, alternated twice with
main 78b321d; every best/elim identical): perf over propagate's object code put ~30% of its level-0 samples in the
off step's scan of a found on's hidden parents (a house's erased places), made for every on found, though the
append loop then skipped the ons the run already held. Such an on (one that meets nothing) is now dropped before
the scan: level 0 0.151/0.141 -> 0.129/0.131 s, level 1 0.092/0.091 -> 0.088/0.088 s, level 2 0.408/0.405 ->
0.395/0.394 s. And propagate passes _advanced the six geo arrays it reads, not geo: a tuple argument passed on
whole is increfed whole at entry (geo's 12 arrays every run, at every level). Tried, lost: the hidden parents
listed in the house's first scan (a store and a test per cell, written, then kept or not): level 0 back to
~0.144 s. The off step's house scans and append loop (branchy, ~35% of its samples) are what is left.
prop3 (2026-11-25; the same calls, alternated with main c13a169): links._cell_parents (inline, arrays) fills the
cell case's hidden parents for both _off_to_on and here (review D1): neutral (level 0 0.1431/0.1291 -> 0.1308/
0.1325 s). Not landed (branch prop3, c46f768): both steps recording each potential as its scan finds it (no
tmp/causes round trip, no mark, no dup test): replay level 0 0.1242/0.1245/0.1239 -> 0.1169/0.1186/0.1197 s, level
1 -1%, but rate_levels.py's total did not move (2.335/2.334/2.331 -> 2.393/2.335/2.292 s) and it wrote the
17-line record block five times over in this function (an inlined array helper per record adds refcount pairs):
not worth five copies. Folding them into one helper that is free of refcounts (check the IR) would make it land.
prop4 (2026-11-25): no such helper found. NRT_incref calls in propagate's optimised IR (inner=None; this 40,
prop3's five copies 37): the block as an @njit(inline="always") helper taking the arrays (returns the queue's
new tail, -1 to stop) 94, 11 incref/decref pairs around each inlined record on the hot path; as a plain @njit
helper 37, but a call passing 12 arrays (~100 arguments) per record; as a closure over propagate's own arrays
47, the 10 extra only on its exits, and the cap03 replay (111 level-0 / 36 level-1 calls, best of 7-9,
alternated 5x with main cd7f5e6 at load ~5, every best/elim identical, rate_dump.py byte-identical) gave level 0
0.1261/0.1274/0.1250/0.1307/0.1298 -> 0.1220/0.1224/0.1207/0.1296/0.1344 s, level 1 -1%, rate_levels.py level 0
0.326/0.321/0.322/0.331/0.329 -> 0.315/0.335/0.322/0.327/0.322 s (the rate total noise). But numba 0.68.1
compiled that closure version wrongly: a level-1 run whose stores fill at an ADVANCED record returned status OK,
not OVERFLOW: the optimised IR has no store of `result[2] = OVERFLOW` on the advanced records' overflow path (a
print beside it brings it back; run as Python it is right; a closure writing no result, its stops handled by a
helper, loses it too): tests/test_logic_chains.py::test_propagate_records_fit_or_overflow. Not landed.
Tried too, no clear gain (on top of the closure): each house's places of the digit as a bit mask (geo[12] =
each cell's position in its houses; made from work at its first use in a run, stamped with the run's number,
kept up at each erase; the scans read bits, the off step tests for one bit left): level 0 0.1323/0.1213/0.1145/
0.1243/0.1274 s in the same rounds, level 1 -1%, every best/elim identical: a first use scans the whole house
(no early break) and few masks are read often in a run.

inner = (st2, sc2, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, adj_ptr, adj, adj_cause, found, tmpelim, order,
         nest_limit)
    st2/sc2            stores and scratch of the nested runs
    hk[h]              (tenths, complexity, sort key, discovery order) of nested hint h
    hrem/hpar          its removable candidates and rule parents (off pids), CSR by hrem_ptr/hpar_ptr
    hcount             [hints, truncated flag, graph flag (GRAPH_FLAG: 1 = kind 1 may follow, _search tries
                       _bits_no_search before _inner_loops and tells kind 1 whether the static graph was made;
                       logic/forcing._multiple_run sets 0 for a level-2 call: _inner_loops tries it itself)]
    adj*, found, tmpelim, order   scratch of the static graph, cycles and sorting
    nest_limit         the nested dynamic chains' own level (level 4)
  + (ones, mkey, mhint, phk, prem_ptr, prem, ppar_ptr, ppar, mstat): the memo of nested hints (`_rule`)
    ones               every candidate of every cell: the `source` of a memo entry's search
    mkey[row]          [rule code, grid words...]; code 0 = empty row (code: 1 loops, 2 multiple, 3 + nest_limit
                       dynamic); no rows = no memo
    mhint[row]         (first pool hint, hints) of the entry
    phk, prem*, ppar*  the pool: each hint's (tenths, complexity, sort key), removables and parents, CSR
    mstat              [lookups, hits, searches not kept, rows used, pool hints used, clears]
  + (loops_order,): _inner_loops' tables (inner[LOOPS_ORDER]), made once per geometry by logic/forcing._loops_order
    loops_order        (pe_ptr, pe_cell, pe_cause, ucnt, pm, seg_ptr, seg_cause, seg_mask, hmask) for
                       links.static_graph_xy: each cell's peers in link order with the house each is first met in
                       (CSR; links.peer_order), cut in runs of rising cells as cell bit sets (links.peer_segments),
                       each house's cells (bit set), and per call scratch: per house and digit the place count, per
                       digit the places (bit set)
  + on_runs = (cslot, cres, count) at ON_RUNS (25): the on-run cache of one nested multiple chains search
    (_inner_on_run), its runs kept in st2's cache slots (logic/forcing.Stores(cached=True): past the 2n + 1
    working slots)
    cslot[pid]         the cache slot holding the run from on potential pid, or -1
    cres[slot]         [result on, off] of that run (its contradiction, sc2.result[0:2])
    count              [cache slots used]; _clear_on_runs empties it at the start of each search
  + loops_work = (kids, todo, ranges) at LOOPS_WORK (26): _inner_loops' buffers, rewritten by each search
    kids[row]          for each component of the full static graph with several members, the bit set (over
                       links._closure's nodes) of the off potentials its on potentials link to (_cycle_sides)
    todo[i]            on << 4 | TODO_* flags: the on potentials searched from, in order (_loops_todo)
    ranges[2, pid]     the end of each potential's CELL links and its mode-1 links (_cell_ends, _mode_ranges)
  + multi_reach = (tj, reach) at MULTI_REACH (27): the closure of the static graph (links._closure's tj and reach,
    sized for every potential; _closure_buffers views reach as (nodes, words) of the grid), made by _inner_loops
    and static nested multiple chains: a group (a cell's candidates, a house's places) whose on runs share no
    potential has no chain, and its runs are not made (_meets)
  + loops_cert = (sidx, cnode, slist, rr, wb, rw, tb, amask, nmask, km, sbuf) at LOOPS_CERT (28): _no_search's
    buffers, rewritten by each _inner_loops search (at most STRONG_MAX strong offs, words = bits over the grid's
    candidates); km = [k candidates, m strong offs (-1: too many)]; nmask (a bit per candidate cell * n + digit),
    sbuf: _s_targets' forcing filter; _bits_sets writes sidx too (the other sets over T: views of multi_reach)
    sidx[off pid]      its row among the strong offs (an off with links), or -1; slist[row] = the off pid
    cnode[cand]        the candidate's bit (cell * n + digit -> its rank among the present candidates)
    rr[0/1, row]       the strong offs it links to through one on / reaches (itself included), a bit per row
    wb/rw/tb[row]      the offs its ons link to / the same over rr[1] / its ons (candidate bits)
    amask[cand]        the strong offs the on potential links to (bits per row)
  + multi_cert = (sidx, cnode, slist, rr, wb, tb, roff, amask, acc, mcount, pset) at MULTI_CERT (29):
    _static_multiple's reach sets from the place bit sets (_bits_reach, _groups_meet; no static graph), rewritten
    by each kind-1 search: sidx[cand] its row among the strong offs or -1, cnode as in loops_cert, slist[row] its
    candidate, rr[0/1, row] its partners (the ons the off links to) / the rows it reaches in S (itself
    included), roff[row] the offs reached from the strong off (L over the partners of rr[1]), amask[cand] the
    strong offs its on links to (bits per row), acc a candidate set (words), mcount [kind-1 searches, strong-off
    sets made, searches ended by _groups_meet, words of a set], pset[cand] the offs the on potential reaches (at
    most 16 words each: wider grids use the closure; the offs decide whether reach sets meet, see _groups_meet),
    which _static_multiple's group scan then reads instead of the closure (_sets_meet); wb, tb unused

The memo: a nested rule's hints depend on the narrowed grid alone, except that `source` (the outer grid) picks
each hint's rule parents (source & ~grid in the chain's cell or house) and drops a hint with none. So `_rule`
searches once per (rule, grid) with source = every candidate, keeps the hints with all their possible parents,
and each use keeps the parents the real source has, in order, dropping a hint left with none: the same hints,
in the same order, with the same parents as a search with that source. A search that dropped anything (hint
cap, removables or parents buffer full) is not kept and runs again with the real source. The table is cleared
when 3/4 full or when the pool is full; it is a cache: any content gives the same result.
"""

from __future__ import annotations

import types

import numpy as np
from numba import njit

from .advanced import _advanced, advanced_untracked, begin_places, erase_places
from .bits import ctz, popcount
from .links import (ADVANCED, CELL, NONE, OK, OVERFLOW, _add, _add1, _back, _cell_parents, _closure, _cycle_removable,
                    _digits, _store_add, ancestor_walk, ancestors, cycles, forcing, length_tenths,
                    forcing_sets, other_place, place_counts, reset_slot, static_graph_xy)

LOOPS_ORDER = 24  # inner[LOOPS_ORDER]: _inner_loops' tables for static_graph_xy (see the module docstring)

ON_RUNS = 25  # inner[ON_RUNS]: the on-run cache of one nested search (_inner_on_run)

LOOPS_WORK = 26  # inner[LOOPS_WORK]: _inner_loops' buffers (_cycle_sides, _loops_todo)
TODO_CYCLE, TODO_ON, TODO_OFF, TODO_Y = 1, 2, 4, 8  # _loops_todo's flags: a cycle search, forcing from on / off,
# the cell is bivalue (mode 1's cycles start there only)
MULTI_REACH = 27  # inner[MULTI_REACH]: the static graph's closure of static nested multiple chains (_inner_multiple)
LOOPS_CERT = 28  # inner[LOOPS_CERT]: _no_search's buffers (the strong-link graph of _inner_loops' certificate)
STRONG_MAX = 64  # _no_search's strong off potentials at most (one word a set); more: no certificate
MULTI_CERT = 29  # inner[MULTI_CERT]: _static_multiple's reach sets from the strong offs (_bits_reach, _groups_meet)
GRAPH_FLAG = 2  # inner[7][GRAPH_FLAG] (after hcount's two): 0 lets _inner_loops skip the static graph (see there)


def _propagate(s, start, dynamic, y, n, cand, geo, st, sc, level=0, inner=None):
    """SE's doChaining from one potential into run slot s: every on first, then one off, until nothing moves.

    geo = the kernels' geometry tables; st = the stores; sc = scratch (see logic/forcing.Stores).
    Afterwards sc.result[0], sc.result[1] = the on and off records that contradict each other (or -1) and
    sc.result[2] = status."""
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    cross, group_end, set_units, member, cross_in = geo[6], geo[7], geo[8], geo[9], geo[11]  # (not geo whole:
    # a tuple argument passed on is increfed whole at entry, 12 pairs a run; these are 5)
    st_pid, rec_p0, rec_pn, par, nrec, npar, pmap, cause, nest = st[0], st[1], st[2], st[3], st[4], st[5], st[6], \
        st[7], st[8]
    nnest = st[10]
    work, qon, qoff, mark, tmp, hid_n, hid, result = sc[0], sc[1], sc[2], sc[3], sc[4], sc[5], sc[6], sc[8]
    causes = sc[18]
    placed, adv, adv_par, adv_parents, fresh = sc[12], sc[13], sc[14], sc[15], sc[16]  # SE's advanced rules' buffers
    track_key, track_cells, track_base, track_places, track_made, track_dirty, track_cross = sc[22]
    for r in range(nrec[s]):  # links.reset_slot and _store_add(s, start, 0, st, sc) written out: their tuple
        pmap[s, st_pid[s, r]] = -1  # arguments cost ~50 refcount pairs per run (outer3)
    npar[s] = 0
    nnest[s] = 0
    result[0] = -1
    result[1] = -1
    result[2] = OK
    for c in range(work.shape[0]):
        work[c] = cand[c]
    st_pid[s, 0], rec_p0[s, 0], rec_pn[s, 0], cause[s, 0], nest[s, 0] = start, 0, 0, NONE, -1
    nrec[s] = 1
    r0 = 0
    pmap[s, start] = r0
    hon, ton, hoff, toff = 0, 0, 0, 0
    if start & 1:
        qon[ton] = r0
        ton += 1
    else:
        qoff[toff] = r0
        toff += 1
    tracked = -1  # the run's place masks (sc[22]): -1 not started, 0 houses too many, 1 kept up to qoff[:erased]
    erased = 0
    lost = np.uint64(0)
    while True:
        if hon < ton:
            r = qon[hon]
            hon += 1
            p = st_pid[s, r]
            cell = p // 2 // n
            d = p // 2 % n
            k = 0  # links._on_to_off written out (see the speed record): the cell's other candidates (Y links),
            if y:  # the digit's other places in the cell's houses, then in its extra pairs
                m = work[cell]
                for v in range(n):
                    if v != d and (m >> np.uint64(v)) & np.uint64(1):
                        tmp[k] = (cell * n + v) * 2
                        causes[k] = CELL
                        k += 1
            bit = np.uint64(1) << np.uint64(d)
            mark[cell] = True
            for j in range(cell_units.shape[1]):
                u = cell_units[cell, j]
                if u < 0:
                    break
                for i in range(n):
                    c = unit_cells[u, i]
                    if not mark[c] and work[c] & bit:
                        tmp[k] = (c * n + d) * 2
                        causes[k] = u
                        k += 1
                        mark[c] = True
            for i in range(pair_ptr[cell], pair_ptr[cell + 1]):
                c = pair_idx[i]
                if not mark[c] and work[c] & bit:
                    tmp[k] = (c * n + d) * 2
                    causes[k] = NONE
                    k += 1
                    mark[c] = True
            mark[cell] = False
            for i in range(k):
                mark[tmp[i] // 2 // n] = False
            for i in range(k):
                e = tmp[i]
                meet = pmap[s, e + 1] >= 0
                if not meet and pmap[s, e] >= 0:
                    continue
                x = nrec[s]  # the record (e, parent r, causes[i]), written out (see the speed record)
                if x >= st_pid.shape[1] or npar[s] + 1 > par.shape[1]:
                    result[2] = OVERFLOW
                    return
                st_pid[s, x], rec_p0[s, x], rec_pn[s, x], par[s, npar[s]] = e, npar[s], 1, r
                npar[s] += 1
                nrec[s] = x + 1
                cause[s, x], nest[s, x] = causes[i], -1
                if meet:
                    result[0] = pmap[s, e + 1]
                    result[1] = x
                    return
                pmap[s, e] = x
                qoff[toff] = x
                toff += 1
            continue
        if hoff < toff:
            r = qoff[hoff]
            hoff += 1
            p = st_pid[s, r]
            cell = p // 2 // n
            d = p // 2 % n
            k = 0  # links._off_to_on(p, y, True, ...) written out: the cell's last candidate (Y), then the digit's
            if y:  # last place in each house, each with the candidates the run erased that made it (hid)
                m = work[cell]
                if popcount(m) == 2:
                    rest = m & ~(np.uint64(1) << np.uint64(d))
                    v = 0
                    while not (rest >> np.uint64(v)) & np.uint64(1):
                        v += 1
                    on = (cell * n + v) * 2 + 1
                    if pmap[s, on - 1] >= 0 or pmap[s, on] < 0:  # (a known on, no contradiction: no record)
                        tmp[k] = on
                        causes[k] = CELL
                        _cell_parents(cell, n, cand[cell] & ~m, hid, hid_n, k)
                        k += 1
            bit = np.uint64(1) << np.uint64(d)
            for j in range(cell_units.shape[1]):
                u = cell_units[cell, j]
                if u < 0:
                    break
                other = -1
                for i in range(n):
                    c = unit_cells[u, i]
                    if c != cell and work[c] & bit:
                        if other >= 0:
                            other = -1
                            break
                        other = c
                if other < 0:
                    continue
                on = (other * n + d) * 2 + 1
                if pmap[s, on] >= 0 and pmap[s, on - 1] < 0:  # a known on that meets nothing: the append loop
                    continue  # skips it (its hidden parents' scan was ~30% of propagate's samples: prop2)
                dup = False
                for i in range(k):
                    if tmp[i] == on:
                        dup = True
                if dup:
                    continue
                tmp[k] = on
                causes[k] = u
                h = 0
                for i in range(n):
                    c = unit_cells[u, i]
                    if (cand[c] & bit) and not (work[c] & bit):
                        hid[k, h] = (c * n + d) * 2
                        h += 1
                hid_n[k] = h
                k += 1
            if dynamic:
                work[p // 2 // n] &= ~(np.uint64(1) << np.uint64(p // 2 % n))
            for i in range(k):
                e = tmp[i]
                meet = pmap[s, e - 1] >= 0
                if not meet and pmap[s, e] >= 0:
                    continue
                x = nrec[s]  # the record (e, parents r and the hidden ones, causes[i])
                q = npar[s]
                if x >= st_pid.shape[1] or q + 1 + hid_n[i] > par.shape[1]:
                    result[2] = OVERFLOW
                    return
                st_pid[s, x], rec_p0[s, x], rec_pn[s, x], par[s, q] = e, q, 1 + hid_n[i], r
                for h in range(hid_n[i]):
                    par[s, q + 1 + h] = pmap[s, hid[i, h]]
                npar[s] = q + 1 + hid_n[i]
                nrec[s] = x + 1
                cause[s, x], nest[s, x] = causes[i], -1
                if meet:
                    result[0] = x
                    result[1] = pmap[s, e - 1]
                    return
                pmap[s, e] = x
                qon[ton] = x
                ton += 1
            continue
        if level == 0:
            return
        if tracked < 0:
            tracked = 1 if begin_places(n, cand, unit_cells, cross, track_key, track_cells, track_base,
                                        track_places, track_made, track_dirty, track_cross) else 0
        if tracked == 1 and dynamic:  # the offs processed since the last quiet point erased their candidates
            lost |= erase_places(st_pid, s, qoff, erased, hoff, n, cand, cell_units, unit_cells, track_places,
                                 track_dirty)
            erased = hoff
        if tracked == 1:  # SE's advanced rules; _advance's recording written out (see the speed record: outer3)
            fired = _advanced(n, cand, work, unit_cells, cross, group_end, set_units, member, cross_in, placed,
                              track_places, lost, track_dirty, track_cross, adv, adv_par)
        else:
            fired = advanced_untracked(n, cand, work, unit_cells, cross, group_end, set_units, member, cross_in,
                                       placed, adv, adv_par)
        added = 0
        for i in range(fired):
            e = adv[i, 0]
            if pmap[s, e] >= 0:
                continue
            np_ = 0
            for j in range(adv[i, 1], adv[i, 2]):
                x = pmap[s, adv_par[j]]
                if x >= 0:
                    adv_parents[np_] = x
                    np_ += 1
            x = nrec[s]  # the record (e, parents adv_parents[:np_], ADVANCED)
            q = npar[s]
            if x >= st_pid.shape[1] or q + np_ > par.shape[1]:
                added = -1
                break
            st_pid[s, x], rec_p0[s, x], rec_pn[s, x] = e, q, np_
            for j in range(np_):
                par[s, q + j] = adv_parents[j]
            npar[s] = q + np_
            nrec[s] = x + 1
            cause[s, x], nest[s, x] = ADVANCED, -1
            pmap[s, e] = x
            fresh[added] = x
            added += 1
        if inner is not None:
            if fired == 0 and level >= 2:
                added = _nested(s, level, n, cand, work, geo, st, sc, inner)
        if added < 0:
            result[2] = OVERFLOW
            return
        if added == 0:
            return
        for i in range(added):
            qoff[toff] = fresh[i]
            toff += 1


@njit(cache=True, inline="always")
def propagate_static(s, start, adj_ptr, adj, adj_cause, st, sc):
    """propagate(s, start, dynamic=False, y=True, level=0) over the static graph built once by
    links.static_graph(True, True, ...): the same records in the same order (a static run never narrows the grid,
    so every potential's links are the graph's edges, in the same order, with no hidden parents), without making
    the links of every potential again. Records are appended by _add1 over the store arrays, not _store_add over
    the store tuples (see _add1)."""
    rec_pid, rec_p0, rec_pn, par, nrec, npar, pmap, cause, nest = st[0], st[1], st[2], st[3], st[4], st[5], st[6], \
        st[7], st[8]
    qon, qoff, result = sc[1], sc[2], sc[8]
    reset_slot(s, st)
    result[0] = -1
    result[1] = -1
    result[2] = OK
    r0 = _store_add(s, start, 0, st, sc)
    pmap[s, start] = r0
    hon, ton, hoff, toff = 0, 0, 0, 0
    if start & 1:
        qon[ton] = r0
        ton += 1
    else:
        qoff[toff] = r0
        toff += 1
    while True:
        if hon < ton:
            r = qon[hon]
            hon += 1
            on = True
        elif hoff < toff:
            r = qoff[hoff]
            hoff += 1
            on = False
        else:
            return
        p = rec_pid[s, r]
        for i in range(adj_ptr[p], adj_ptr[p + 1]):
            e = adj[i]
            opp = e + 1 if on else e - 1
            if pmap[s, opp] >= 0:
                x = _add1(s, e, r, adj_cause[i], rec_pid, rec_p0, rec_pn, par, nrec, npar, cause, nest)
                if x < 0:
                    result[2] = OVERFLOW
                    return
                # the on record first, then the off one
                result[0] = pmap[s, opp] if on else x
                result[1] = x if on else pmap[s, opp]
                return
            if pmap[s, e] < 0:
                x = _add1(s, e, r, adj_cause[i], rec_pid, rec_p0, rec_pn, par, nrec, npar, cause, nest)
                if x < 0:
                    result[2] = OVERFLOW
                    return
                pmap[s, e] = x
                if on:
                    qoff[toff] = x
                    toff += 1
                else:
                    qon[ton] = x
                    ton += 1


def _copy(fn, name: str):
    """A second function object with fn's code under another name (numba caches it separately)."""
    out = types.FunctionType(fn.__code__, fn.__globals__, name, fn.__defaults__, fn.__closure__)
    out.__qualname__ = name
    out.__doc__ = fn.__doc__
    return out


propagate = njit(cache=True)(_copy(_propagate, "propagate"))
propagate_inner = njit(cache=True)(_copy(_propagate, "propagate_inner"))


# ---- nested rules (level >= 2) ----

@njit(cache=True, inline="always")
def _nested(s, level, n, source, grid, geo, st, sc, inner):
    """SE's nested rule of a level on the narrowed grid: its hints' removables become offs of slot s (new ones
    listed in sc[16]); returns how many are new, or -1 on overflow."""
    hcount = inner[7]
    if level < 4:
        _rules(level >= 3, n, source, grid, geo, inner)
    else:
        _rule(2, inner[14], n, source, grid, geo, inner, 0)
    if hcount[0] == 0:
        return 0
    return _emit(s, n, st, sc, inner)


@njit(cache=True)
def _search(kind, nest_limit, n, source, grid, geo, inner, ready=0):
    """One nested rule's hints on the narrowed grid into the hint buffers (kind 0: forcing chains and cycles, 1:
    multiple forcing chains, 2: dynamic forcing chains at nest_limit). ready (kind 1): 1 = the place counts of
    this grid are made (inner[LOOPS_ORDER]), 2 = its static graph too (inner[8..10]). Returns what the search
    left of the grid, the same way (kind 1 after kind 0 reads it). With inner[7][GRAPH_FLAG] = 1 (kind 1 may
    follow) kind 0 tries _bits_no_search first here: a certified grid ends before the graph, and kind 1 makes
    the graph only if one of its groups meets."""
    hcount = inner[7]
    hcount[0] = 0
    hcount[1] = 0
    if kind == 0:
        if hcount[GRAPH_FLAG]:  # (0: _inner_loops makes the same test, and nothing reads the graph after it)
            return _bits_first(n, source, grid, geo, inner)
        _inner_loops(n, source, grid, geo, inner)
        return 2
    if kind == 1:  # (not through _inner_multiple: each call passing `inner` increfs its ~100 arrays)
        return _static_multiple(n, source, grid, geo, inner, ready)
    _inner_multiple(True, nest_limit, n, source, grid, geo, inner)
    return 0


@njit(cache=True)
def _bits_first(n, source, grid, geo, inner):
    """Kind 0 when kind 1 may follow: _bits_no_search, then _inner_loops if it certifies nothing; returns what is
    left of the grid as _search does (1: place counts, 2: the static graph too). (Its own function: the same
    lines in _search made level 2, which never takes them, ~2% slower in rate_levels.py, 6 of 6 pairs.)"""
    order = inner[LOOPS_ORDER]
    place_counts(n, grid, order)
    if _bits_no_search(n, grid, geo, order, inner[MULTI_REACH]):
        return 1
    _inner_loops(n, source, grid, geo, inner)
    return 2


# Memo record (kind1c, 2026-11-24): lev11b-style, 8 puzzles of 11+ rated twice in one process (second run, memo
# kept as in real use), main 6601863: level 2, 50 calls, 26150 lookups, 3612 hits (13.8%), 5 clears (~once a
# puzzle, at 3/4 of 8192 rows: a level-2 call stores ~450 rows); level 3, 12 calls, 14531 lookups, 6349 hits
# (43.7%), no clear. In level 3, kind 0 hits 5740 of 7889 (73%: the level-2 call before it searched those
# grids); kind 1 hits 609 of 6642 and searches 6033 grids, 1698 of them (28%) right after a kind-0 search of
# the same grid (GRAPH_OF: its graph and closure are reused), 4335 after a kind-0 hit (nothing built).
# - MEMO_ROWS 8192 (16 MB a thread: keys 5.4, pool 10.9) -> 16384 (33 MB): hits 3612/6349 -> 3695/6515; 32768
#   (65 MB): 3743/6977, no clear in level 3: ~760 more hits of ~0.07 ms, ~2% of level 2 + 3; not taken.
# - _find's hash and compare (81 words) and _recall's parent filter (~56 bit tests) are ~0.5 us a lookup, 40681
#   lookups: ~20 ms of the 8 puzzles' 3.6 s; not worth a change.
@njit(cache=True)
def _rule(kind, nest_limit, n, source, grid, geo, inner, ready):
    """_search through the memo: the hints of (kind, nest_limit, grid) found with every erased candidate as a
    parent are kept, and each use keeps the parents `source` had (SE's hints with their rule parents). Returns
    what _search left of the grid (0 when the memo had the hints; see _search, as `ready`: kind 1 reuses it).
    (Levels 2 and 3 go through _rules, the same steps for kinds 0 and 1 in one call.)"""
    hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount = inner[2], inner[3], inner[4], inner[5], inner[6], inner[7]
    mkey, mhint, phk, prem_ptr, prem, ppar_ptr, ppar, mstat = inner[16], inner[17], inner[18], inner[19], \
        inner[20], inner[21], inner[22], inner[23]
    if mkey.shape[0] == 0:
        return _search(kind, nest_limit, n, source, grid, geo, inner, ready)
    code = np.uint64(kind + nest_limit + 1)
    slot = _find(code, grid, mkey)
    mstat[0] += 1
    if mkey[slot, 0] == code:
        mstat[1] += 1
        _recall(slot, n, source, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mhint, phk, prem_ptr, prem, ppar_ptr,
                ppar)
        return 0
    made = _search(kind, nest_limit, n, inner[15], grid, geo, inner, ready)
    if _whole(n, grid.shape[0], hrem_ptr, hrem, hpar_ptr, hpar, hcount):
        slot = _store(slot, code, grid, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mkey, mhint, phk, prem_ptr,
                      prem, ppar_ptr, ppar, mstat)
        if slot >= 0:
            _recall(slot, n, source, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mhint, phk, prem_ptr, prem,
                    ppar_ptr, ppar)
            return made
    mstat[2] += 1
    _search(kind, nest_limit, n, source, grid, geo, inner, made)  # what the first search made
    return made


# lvl3e (2026-11-25): a non-inlined call passing `inner` (101 arrays) costs ~1 us (each array increfed at entry,
# decrefed at exit). Levels 2 and 3 made up to 6 a quiet point (_rule(0) and _rule(1), each with _search and
# _store); _rules makes both lookups and searches in one call, the memo's helpers (_find, _recall, _whole,
# _store) take arrays, and _find hashes in four lanes. Replay of the 62 level-2/3 calls rating 11+ lines[0:8]
# (memo cleared each pass, best of 4 CPU s), alternated 3 times with main cd7f5e6 (load ~4): level 2
# 0.692/0.695/0.702 -> 0.647/0.667/0.657 s, level 3 0.353/0.355/0.356 -> 0.323/0.336/0.329 s (--check identical).
# rate_levels.py alternated 3 times with main (load ~1.5): level 2 0.688/0.683/0.685 -> 0.634/0.629/0.630 s, level 3
# 0.355/0.349/0.353 -> 0.320/0.322/0.323 s, rate total 2.332/2.266/2.315 -> 2.179/2.211/2.198 s. (The four-lane
# hash alone, on 40000 lookups of 81-word grids in an 8192-row table of 6000: 0.20 -> 0.12 us a lookup, ~3 ms of
# the 8 puzzles' ~40000.)
# - No gain measured (rate_levels.py, three trees alternated 3 times, every level and the total within noise of
#   this): _rules inline="always" (into _nested: propagate's quiet points make no call passing `inner`; level 2
#   0.646/0.658/0.622 vs 0.634/0.660/0.633 s); _static_multiple's body and _bits_first inlined into _rules (a
#   kind-1 search and a level-3 kind-0 miss without their call: level 3 0.342/0.325/0.337 vs 0.321/0.337/0.325
#   s). Both exact (replay --check identical).
@njit(cache=True)
def _rules(both, n, source, grid, geo, inner):
    """Levels 2 and 3's nested rules through the memo, in one call: kind 0 (forcing chains and cycles), then, with
    `both` and no kind-0 hint, kind 1 (multiple forcing chains) on what kind 0 left of the grid (`ready`), each
    as _rule(kind, 0, ...) would: a non-inlined call passing `inner` increfs and decrefs its 101 arrays, and
    _rule(0), _rule(1), their _search and _store calls were up to 6 a quiet point; the memo's helpers take
    arrays."""
    hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount = inner[2], inner[3], inner[4], inner[5], inner[6], inner[7]
    ones, mkey, mhint, phk, prem_ptr, prem, ppar_ptr, ppar, mstat = inner[15], inner[16], inner[17], inner[18], \
        inner[19], inner[20], inner[21], inner[22], inner[23]
    memo = mkey.shape[0] > 0
    kind = 0
    ready = 0
    while True:
        code = np.uint64(kind + 1)
        slot = -1
        made = 0
        if memo:
            slot = _find(code, grid, mkey)
            mstat[0] += 1
        if memo and mkey[slot, 0] == code:
            mstat[1] += 1
            _recall(slot, n, source, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mhint, phk, prem_ptr, prem,
                    ppar_ptr, ppar)
        else:
            src = ones if memo else source
            for attempt in range(2):  # (one call site of each search: as _rule's two _search calls)
                hcount[0] = 0
                hcount[1] = 0
                if kind == 1:
                    got = _static_multiple(n, src, grid, geo, inner, ready)
                elif hcount[GRAPH_FLAG]:
                    got = _bits_first(n, src, grid, geo, inner)
                else:
                    _inner_loops(n, src, grid, geo, inner)
                    got = 2
                if attempt == 1 or not memo:
                    if attempt == 0:
                        made = got
                    break
                made = got
                if _whole(n, grid.shape[0], hrem_ptr, hrem, hpar_ptr, hpar, hcount):
                    slot = _store(slot, code, grid, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mkey, mhint, phk,
                                  prem_ptr, prem, ppar_ptr, ppar, mstat)
                    if slot >= 0:
                        _recall(slot, n, source, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mhint, phk, prem_ptr,
                                prem, ppar_ptr, ppar)
                        break
                mstat[2] += 1
                src = source
                ready = made  # what the first search made
        if kind == 1 or not both or hcount[0] != 0:
            return
        kind = 1
        ready = made


@njit(cache=True, inline="always")
def _find(code, grid, mkey):
    """The memo row holding (code, grid), or the empty row where it would go (open addressing, linear probing,
    full-key compare). The hash runs four lanes of the grid's words (one chain of 81 multiplies was ~0.2 us)."""
    rows = mkey.shape[0]
    mul, mix = np.uint64(0x100000001B3), np.uint64(29)
    h0 = code * np.uint64(0x9E3779B97F4A7C15)
    h1, h2, h3 = h0 ^ np.uint64(0x243F6A8885A308D3), h0 ^ np.uint64(0x13198A2E03707344), h0 ^ np.uint64(1)
    c = 0
    while c + 4 <= grid.shape[0]:
        h0 = (h0 ^ grid[c]) * mul
        h1 = (h1 ^ grid[c + 1]) * mul
        h2 = (h2 ^ grid[c + 2]) * mul
        h3 = (h3 ^ grid[c + 3]) * mul
        h0 ^= h0 >> mix
        h1 ^= h1 >> mix
        h2 ^= h2 >> mix
        h3 ^= h3 >> mix
        c += 4
    while c < grid.shape[0]:
        h0 = (h0 ^ grid[c]) * mul
        h0 ^= h0 >> mix
        c += 1
    h = ((h0 * mul ^ h1) * mul ^ h2) * mul ^ h3
    h ^= h >> mix
    i = np.int64(h % np.uint64(rows))
    while mkey[i, 0] != 0:
        if mkey[i, 0] == code:
            same = True
            for c in range(grid.shape[0]):
                if mkey[i, 1 + c] != grid[c]:
                    same = False
                    break
            if same:
                return i
        i = i + 1 if i + 1 < rows else 0
    return i


@njit(cache=True, inline="always")
def _whole(n, ncells, hrem_ptr, hrem, hpar_ptr, hpar, hcount):
    """True if the last _search dropped nothing (no hint over the cap, every removable and parent stored): only
    then is it worth keeping."""
    h = hcount[0]
    most = ncells * n  # a hint's removables or distinct parents, at most
    return hcount[1] == 0 and hrem_ptr[h] + most <= hrem.shape[0] and hpar_ptr[h] + most <= hpar.shape[0]


@njit(cache=True)
def _store(slot, code, grid, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mkey, mhint, phk, prem_ptr, prem, ppar_ptr,
           ppar, mstat):
    """Keep the hint buffers (inner[2..7]) as the memo's entry (code, grid) in row `slot` (the memo: inner[16..23]),
    clearing the memo first when a table or the pool is full; returns the row (moved if cleared), or -1 if the
    entry is larger than the pool."""
    h = hcount[0]
    nrem, npar = hrem_ptr[h], hpar_ptr[h]
    if h > phk.shape[0] or nrem > prem.shape[0] or npar > ppar.shape[0]:
        return -1
    p = mstat[4]
    if 4 * (mstat[3] + 1) > 3 * mkey.shape[0] or p + h > phk.shape[0] or prem_ptr[p] + nrem > prem.shape[0] \
            or ppar_ptr[p] + npar > ppar.shape[0]:
        for i in range(mkey.shape[0]):
            mkey[i, 0] = 0
        mstat[3] = 0
        mstat[4] = 0
        mstat[5] += 1
        p = 0
        slot = _find(code, grid, mkey)
    mkey[slot, 0] = code
    for c in range(grid.shape[0]):
        mkey[slot, 1 + c] = grid[c]
    mhint[slot, 0] = p
    mhint[slot, 1] = h
    r0, q0 = prem_ptr[p], ppar_ptr[p]
    for i in range(h):
        phk[p + i, 0], phk[p + i, 1], phk[p + i, 2] = hk[i, 0], hk[i, 1], hk[i, 2]
        prem_ptr[p + i + 1] = r0 + hrem_ptr[i + 1]
        ppar_ptr[p + i + 1] = q0 + hpar_ptr[i + 1]
    for j in range(nrem):
        prem[r0 + j] = hrem[j]
    for j in range(npar):
        ppar[q0 + j] = hpar[j]
    mstat[3] += 1
    mstat[4] = p + h
    return slot


@njit(cache=True, inline="always")
def _recall(slot, n, source, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, mhint, phk, prem_ptr, prem, ppar_ptr, ppar):
    """The memo's hints of row `slot` into the hint buffers, each with only the parents `source` has (erased
    candidates of the outer grid); a hint left with none is dropped, as _rule_parents' callers drop it."""
    h = 0
    for i in range(mhint[slot, 0], mhint[slot, 0] + mhint[slot, 1]):
        q = hpar_ptr[h]
        for j in range(ppar_ptr[i], ppar_ptr[i + 1]):
            pid = ppar[j]
            if (source[pid // 2 // n] >> np.uint64(pid // 2 % n)) & np.uint64(1):
                hpar[q] = pid
                q += 1
        if q == hpar_ptr[h]:
            continue
        hpar_ptr[h + 1] = q
        r = hrem_ptr[h]
        for j in range(prem_ptr[i], prem_ptr[i + 1]):
            hrem[r] = prem[j]
            r += 1
        hrem_ptr[h + 1] = r
        hk[h, 0], hk[h, 1], hk[h, 2], hk[h, 3] = phk[i, 0], phk[i, 1], phk[i, 2], h
        h += 1
    hcount[0] = h
    hcount[1] = 0


@njit(cache=True, inline="always")
def _emit(s, n, st, sc, inner):
    """Turn the nested hints, sorted as SE sorts them, into off potentials of slot s with their parents and
    nested-chain numbers; returns how many offs are new (listed in sc[16]), or -1 on overflow."""
    hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount, order = inner[2], inner[3], inner[4], inner[5], inner[6], inner[7], \
        inner[13]
    pmap, nest_cplx, nest_n = st[6], st[9], st[10]
    parents, fresh = sc[15], sc[16]
    h = hcount[0]
    for i in range(h):
        order[i] = i
    _sort_hints(order, h, hk)
    new = 0
    for oi in range(h):
        i = order[oi]
        nid = -1
        np_ = 0
        for j in range(hpar_ptr[i], hpar_ptr[i + 1]):
            r = pmap[s, hpar[j]]
            if r >= 0 and np_ < parents.shape[0]:
                parents[np_] = r
                np_ += 1
        for j in range(hrem_ptr[i], hrem_ptr[i + 1]):
            e = hrem[j]
            if pmap[s, e] >= 0:
                continue
            if nid < 0:
                if nest_n[s] >= nest_cplx.shape[1]:
                    return -1
                nid = nest_n[s]
                nest_cplx[s, nid] = hk[i, 1]
                nest_n[s] += 1
            x = _add(s, e, parents, np_, st[0], st[1], st[2], st[3], st[4], st[5])
            if x < 0 or new >= fresh.shape[0]:
                return -1
            st[7][s, x] = ADVANCED
            st[8][s, x] = nid
            pmap[s, e] = x
            fresh[new] = x
            new += 1
    return new


@njit(cache=True)
def _sort_hints(order, h, hk):
    """Stable insertion sort of hint indices by (tenths, complexity, sort key), as SE's Collections.sort."""
    for i in range(1, h):
        x = order[i]
        j = i - 1
        while j >= 0 and _before(hk, x, order[j]):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x


@njit(cache=True)
def _before(hk, a, b):
    """True if nested hint a sorts strictly before hint b."""
    for f in range(3):
        if hk[a, f] != hk[b, f]:
            return hk[a, f] < hk[b, f]
    return False


@njit(cache=True)
def _new_hint(inner, tenths, cplx, key):
    """Start a nested hint; returns its index, or -1 when the buffers are full (the rest is dropped)."""
    return _new_hint_at(inner[2], inner[3], inner[5], inner[7], tenths, cplx, key)


@njit(cache=True, inline="always")
def _new_hint_at(hk, hrem_ptr, hpar_ptr, hcount, tenths, cplx, key):
    """_new_hint over the hint arrays (a caller holding them passes no `inner`: each call passing it increfs its
    ~60 arrays)."""
    h = hcount[0]
    if h + 1 >= hk.shape[0]:
        hcount[1] = 1
        return -1
    hk[h, 0], hk[h, 1], hk[h, 2], hk[h, 3] = tenths, cplx, key, h
    hrem_ptr[h + 1] = hrem_ptr[h]
    hpar_ptr[h + 1] = hpar_ptr[h]
    return h


@njit(cache=True)
def _commit(inner, h):
    """Finish hint h (its removables and parents are in place)."""
    inner[7][0] = h + 1


@njit(cache=True)
def _add_removable(inner, h, pid):
    """Add a removable candidate (an off pid) to hint h."""
    _put(inner[3], inner[4], h, pid)


@njit(cache=True)
def _target_removables(inner, h, target, n, grid):
    """The removables of a single-target hint (off: the candidate; on: the cell's other candidates); False if
    none (the hint is not worth it)."""
    return _target_at(inner[3], inner[4], h, target, n, grid)


@njit(cache=True, inline="always")
def _target_at(hrem_ptr, hrem, h, target, n, grid):
    """_target_removables over the removables' arrays."""
    cell = target // 2 // n
    d = target // 2 % n
    if not target & 1:
        _put(hrem_ptr, hrem, h, target)
        return True
    found = False
    for v in range(n):
        if v != d and (grid[cell] >> np.uint64(v)) & np.uint64(1):
            _put(hrem_ptr, hrem, h, (cell * n + v) * 2)
            found = True
    return found


@njit(cache=True, inline="always")
def _length_at(hk, hcount, h, base, cplx):
    """Commit hint h (made by _new_hint_at before its chain was walked) with its length: SE's base + the length
    modifier of cplx ancestors."""
    hk[h, 0], hk[h, 1] = base + length_tenths(cplx), cplx
    hcount[0] = h + 1


@njit(cache=True)
def _rule_parents(inner, h, slot, r, root_cause, both, n, source, grid, geo):
    """SE's collectRuleParents for the chain ending at record r of nested slot `slot`: for every potential the
    chain used that holds because a cell or house ran out of options (an on potential, or with `both` an off one
    too, as a cycle's reversed chain makes them), the candidates the outer run erased there."""
    st2, sc2 = inner[0], inner[1]
    _chain_parents(h, slot, r, root_cause, both, n, source, grid, geo[1], st2[0], st2[1], st2[2], st2[3], st2[7],
                   sc2[9], sc2[10], sc2[11], inner[5], inner[6])


# Speed record of the nested rules' own searches (issue 9, innerfast, 2026-11-24). Capture: the 25 multiple_of calls
# of level >= 2 met rating 11+ puzzles 0-2 of puzzles5_forum_hardest_1905_11+ (22 of level 2, 3 of level 3),
# replayed (CPU time, one run each, machine at load 3-5), every best hint and elimination identical:
# - _inner_loops builds the full static graph once and filters each mode's from it (links._graph_of), and each
#   mode's closure (links._closure) skips a cycle search from a potential in a one-member component and a forcing
#   search from one that cannot reach its opposite, and prunes what the searches record (links.cycles/forcing with
#   tj, reach; exact: see there): level 2 11.14 -> 3.32 s (506 -> 151 ms a call), level 3 5.70 -> 4.56 s.
# - Static nested multiple chains (level 3) follow the static graph built once per call (propagate_static, as
#   chains.multiple_best does) instead of making every potential's links in every run: the 3 level-3 calls
#   4.56 -> 2.25 s (1.90 -> 0.75 s a call).
# - Not tried for lack of room: an on-run cache as chains._on_run (a place's on run is made again in every house
#   where it is not the first place). The inner stores have 2n + 1 slots; a cache store made per nested call (a
#   slot per candidate, its pmap row set to -1) would allocate and clear megabytes per ~1 ms call, so it needs
#   slots kept in `inner`, whose layout helper nestmemo owns. _rule_parents/ancestors not measured yet.
# - Both, A/B alternated against main 09de295 (best of 2, load ~4): the 25 replayed calls, level 2 10.96 -> 3.35 s,
#   level 3 5.71 -> 2.00 s; end to end, the default rating (both scales) of 11+ puzzles 1 and 2 (/tmp e2e script
#   as benchmarks/rate.ours): 5.88 + 5.58 = 11.46 -> 2.20 + 2.24 = 4.44 s CPU.
# innerloops (2026-11-24): one search timed by phase (a copy of _inner_loops stopping after each, over the 1478
# grids the first 3 level-2 calls of the capture above search, same process, best of 5 CPU, machine loaded) was
# 0.19 ms: static_graph 0.052, per-call allocations 0.002, _graph_of 0.015, the three closures 0.083, cycles
# ~0.037, forcing, ancestors and _rule_parents ~0.01. Now 0.073 ms, every hint identical on those grids:
# - links.static_graph_xy: each cell's peers in link order made once per geometry (inner[LOOPS_ORDER]) and the
#   places of each house and digit counted once per call, not every house scanned per potential: 0.052 -> 0.012.
# - One closure, the full graph's, also prunes the X and Y searches (a mode's graph is a subgraph, so what cannot
#   reach a potential in the full graph cannot in the mode's; the searches skip less, exactly): the X closure
#   (25 us) cost more than the searches it spared, the Y one (3 us once only bivalue cells were closed) as much
#   (0.0904 vs 0.0892 ms). Its reach sets are made as each component pops, a target already in the set skipped
#   (_closure), and Tarjan keeps its frame in locals: closures 0.083 -> ~0.024.
# - cycles/forcing start a slot and walk isParent paths over the store arrays, not the st/sc tuples (reset_slot,
#   _store_add, _mark_path per search and per on record): cycles 0.037 -> 0.019.
# - Tried, no gain: cycles taking the store arrays one by one from _inner_loops instead of st2/sc2 (0.0741 vs
#   0.0737 ms). Not moved into `inner`: the per-call np.empty buffers (work, tj, reach) cost 0.002 ms.
# - Left: the cycle searches (0.019 ms, from nearly every on potential: the full graph is one big component),
#   the closure (~0.024), _graph_of's X and Y copies (~0.009: each potential's X or Y edges are a contiguous
#   part of its full list, CELL links first, but the searches take CSR graphs), static_graph_xy (0.012).
#   _inner_multiple builds its static graph with static_graph_xy too (the same edges; since the final review).
# - A/B against main b346a03, alternated twice, machine at load 6-9: replay11 of the 25 captured calls (best of 2)
#   level 2 2.40/2.71 -> 1.20/1.20 s, level 3 1.48/1.69 -> 1.49/1.51 s (its misses are kind 1); lev11.py 4 0
#   (default rating, 4 puzzles of 11+) 7.44/6.97 -> 5.40/5.20 s, its 29 level-2 calls 3.55/3.23 -> 1.56/1.47 s.
# kind0 (2026-11-24): fewer nested kind-0 searches. Bench: the 10477 distinct grids of the nested kind-0 searches met
# replaying cap11_0_3.pkl (its memo keys), each searched with source = every candidate, every hint identical to
# main 8eb7c65 (also with a thinned source). 8367 of them (80%) keep no hint; of 17542 hints kept, 15821 are
# forcing chains (mode 2 forcing finds a chain from every potential the closure lets through), 1721 cycles, from
# 782490 cycle searches (343602 X, 95286 Y, 343602 XY) that found 47708 cycles, 1721 with a removable.
# - _may_remove (exact, see there) lets through 4426 of the 343602 on potentials in a component of several
#   members (avg. size 3: the full graph is ~364 components, 27 of several members, for 402 potentials and
#   2069 links): cycle searches 0.093 -> 0.073 ms a search (best of 5, load ~2; test_logic_nested checks it
#   against unpruned cycle searches of every mode).
# - _loops_todo lists the searches first, so a mode whose list is empty neither copies its graph nor loops:
#   -> 0.0605 ms. _closure adds a sink's bit, not its set, when merging reach sets: -> 0.059 ms.
# - Now (stubbed variants): static_graph_xy 0.015, Tarjan 0.010, reach sets 0.013, _cycle_sides 0.003,
#   _loops_todo 0.006, the searches and hints (the 20% of grids with hints) 0.010 ms.
# - Tried, no gain: a kids row for every component (0.0586 vs 0.0588 ms); static_graph_xy counting places by
#   set bits (ctz) (0.0623 vs 0.0615); the per-call np.empty buffers (work, tj, reach) kept in `inner`
#   (0.0612/0.0623 vs 0.0630/0.0610: noise). A second interval label (GRAIL: min post-order number reached) to
#   skip the closure's reach sets when no potential can reach its opposite: it lets through 399105 of 838012
#   sources (2188 reach), useless.
# - Left: the reach sets serve only the forcing filter and pruning now (for a cycle search, a potential reached
#   from the source reaches it back exactly when it is in the source's component); sets over on potentials only
#   (a sink off potential adds nothing; an on source reaches its off through an on that links to it) would
#   halve them: a stub of that closure (queries left out) took Tarjan + reach sets 0.0256 -> 0.0215 ms, before
#   the costlier queries and a forcing search pruned by them; not done.
# - dump11.py and dump.py 60 byte-identical to s26/base11.jsonl and s23/base.jsonl.
# - replay11.py cap11_0_3.pkl 3, alternated twice with main 8eb7c65 (load ~3): level 2 1.184/1.191 ->
#   0.831/0.829 s, level 3 0.762/0.829 -> 0.789/0.784 s (its cost is kind 1), identical.
# kind0c (2026-11-24). Bench: the same 10477 grids (source = every candidate, best of 5 CPU, every hint, removable
# and parent identical to main 6601863). 80% of them list no search (_loops_todo's k0 = 0), yet each paid the
# static graph 0.012, Tarjan and reach sets ~0.023 and _cycle_sides + _loops_todo ~0.009 ms to learn it.
# - _no_search: an exact certificate on the graph of the strong offs only (~33 a grid, one word a set; Warshall
#   closure; see its docstring): True on 79.7% of the grids (of 79.9% with no search), 0.008 ms after the
#   static graph; _inner_loops returns there. 0.0533 -> 0.0373 ms a search. test_logic_nested checks it never
#   says True when _loops_todo lists a search (every geometry), and says it on most grids without.
# - Tried, no gain: _no_search making only the links it needs (the strong offs', their ons', from the place
#   counts) instead of after the whole static graph (0.0389/0.0391 vs 0.0387/0.0380 ms alternated: making the
#   links one potential at a time costs what the graph's other ~1800 edges did, and the 20% pay the counts twice).
# - replay11.py cap11_0_3.pkl 2, main 6601863 / this / main (quiet-ish box): level 2 0.736 / 0.586 / 0.712 s, level 3
#   0.173 / 0.160 / 0.154 s, identical. Dumps byte-identical. Left: the 20% with searches still make Tarjan and
#   the reach sets (~0.023 ms); _no_search's S closure answers every _back query (a per-target row in tj).
# kind0d (2026-11-24). Bench: kind0c's 10477 grids, and the 2123 of them _no_search lets through (searched grids),
# best of 5 CPU, every hint, removable and parent identical to main b9fa771. A searched grid was 0.0955 ms: static
# graph 0.014, _no_search 0.008, closure 0.026, _cycle_sides + _loops_todo 0.008, mode 0 0.014, mode 1 0.003,
# mode 2 0.027 (forcing searches ~0.011 + their hints ~0.012, of which _rule_parents 0.007; cycles ~0.011).
# - Each mode's graph is read as ranges of the full graph's lists (_cell_ends, _mode_ranges; cycles/forcing take
#   adj_end) instead of _graph_of's copies (5.7 us mode 0, 5.0 us mode 1): modes 0 + 1 0.0164 -> 0.0082 ms.
#   (With the sink change below the bench gave searched grids 0.0955 -> 0.0875 ms, all 0.0380 -> 0.0358 ms.)
# - Tried, lost end to end: links._closure leaving sink offs out of Tarjan (comp -1, _back and _may_remove reading
#   it): closure 0.0256 -> 0.0235 ms on the bench, but replay11 cap11_0_3.pkl 5, alternated with main b9fa771,
#   level 2 0.564/0.553 (main) -> 0.586/0.573 s; without it 0.555/0.550 vs 0.556 s (ranges alone: par). Reverted.
# - Tried, no gain: _add_parent deduplicating by a stamp instead of scanning the hint's ~30 parents (0.0862 vs
#   0.0865 ms, one process, alternated); the hint helpers (_new_hint ... _rule_parents) inline="always" so `inner`
#   is not passed per call (0.0897 vs 0.0885 ms, ~1%).
# - Left: the closure (~0.023) and static graph (0.014); mode 2's forcing searches and hints (~0.023 together).
# nest2 (2026-11-24). Bench: kind0c's 10477 grids (source = every candidate, best of 3-5 CPU, every hint, removable
# and parent identical to main 4d352ff): 0.0401 ms a search (the 2123 searched grids 0.1017 ms).
# - links.static_graph_xy from bit sets (each cell's peers as runs of rising cells, ANDed with the digit's places;
#   place counts by popcount): 0.0143 -> 0.0090 ms; cycles keeps a potential by its component (it is reached
#   from the source, so it reaches it back iff it shares its component), not a reach set; ranges kept in
#   loops_work: all 0.0401 -> 0.0336 ms, searched 0.1017 -> 0.0883 ms.
# - When _no_search says False with S made (at most STRONG_MAX strong offs), S answers every reach query exactly:
#   _loops_todo's flags (the tests _no_search makes) and links.forcing's filter (_s_targets: an off reaches the
#   opposite iff it is strong and its closure meets the rows whose targets hold it; an on iff it links to it or
#   a strong off it links to does), so _closure makes the components only (sets=False; cycles and _may_remove
#   read no more): all 0.0336 -> 0.0289 ms, searched 0.0883 -> 0.0766 ms (the closure's reach sets were ~0.013).
#   _strong_graph/_no_search iterate set bits and Warshall reads row t once a round (~1 us of their ~8.5).
# - replay cap03 (the 22 level-2 and 3 level-3 calls of 11+ lines[0:3], memo emptied per round, 3rd round),
#   alternated twice with main dbb173e (kernels of 4d352ff): level 2 0.525/0.538 -> 0.451/0.441 s, level 3
#   0.133/0.139 -> 0.127/0.124 s, identical; lev.py 8 0 alternated twice: level 2 1.094/1.128 -> 0.921/0.923 s,
#   level 3 0.563/0.578 -> 0.520/0.516 s, rate total 3.140/3.220 -> 2.903/2.899 s. Dump byte-identical.
# - Tried, no gain: _rule_parents returning the ancestor count so each hint walks its chain once (ancestors
#   went; the walk skipped for a forcing hint without removables): bench 0.0295 vs 0.0289 ms, replay level 2
#   0.442/0.448 vs 0.440/0.437 s (alternated). Not kept.
# - Left: the 80% of grids _no_search ends pay the graph (0.009) and S (~0.0075): S could be made from the bit
#   sets (pm, peer runs) without the graph; the searched grids' Tarjan (~0.010) and mode searches + hints (~0.04).
# nest2b (2026-11-25). Bench: the same 10477 grids (bench.py, best of 5 CPU, every hint, removable and parent
# identical to main 6dd3de6): 0.0291 ms a search.
# - _bits_no_search: _no_search's answer (tested equal) from the place bit sets before any graph: the strong offs
#   T from the place counts, every set a word over T (partners, the rows an on links to, S and its closure), the
#   reach tests one-word ANDs; only the cycle test makes candidate sets (per digit, per row of T it needs). In a
#   level-2 call (no nested kind 1 follows: logic/forcing._multiple_run clears inner[7][GRAPH_FLAG]) a grid it
#   certifies ends before static_graph_xy: 0.0291 -> 0.0254 ms a search; level 3 keeps the old path (kind 1 reads
#   the graph: ready), 0.0286 ms. Phases (certified grids): place counts 0.6 us, T 1.0, partners 1.2, S 0.7,
#   reach tests 1.4, cycle test 2.9 (24 rows of T a grid on a cycle of S); on searched grids it says False in
#   ~4.5 us, then the graph and _no_search as before.
# - Lost: the certificate's buffers as a new tuple in `inner` (8 arrays, with each cell's peer set in the
#   loops_order tables): rate_levels, alternated twice with main, level 2 0.904/0.913 -> 0.864/0.865 s but level 3
#   0.439/0.443 -> 0.479/0.472 s, the same kernels: every call passing `inner` (propagate, _rule, the hint helpers)
#   increfs each array of it. Now views of inner[MULTI_REACH] (free at that point) and a flag in hcount: no new
#   array. No gain: the cycle test's sets shared by the rows of one closure (same rr[2]; 0.0080 vs 0.0079 ms).
# - replay cap03 (the level-2/3 calls of 11+ lines[0:3], 4 rounds), alternated twice with main 6dd3de6: level 2
#   0.439/0.441 -> 0.420/0.419 s, level 3 0.108/0.108 -> 0.110/0.110 s, identical; rate_levels.py alternated
#   twice: level 2 0.920/0.918 -> 0.885/0.871 s, level 3 0.451/0.448 -> 0.472/0.462 s (untouched level 0 and
#   static multiple also +0.01..0.03 s in those runs). rate_dump byte-identical to s32/base.jsonl.
# - Left: the cycle test (2.9 of its ~7 us); the searched 20% pay it (~4.5 us) and then _no_search on the graph:
#   _loops_todo and links.forcing's filter could read its one-word sets over T instead (_no_search, _s_targets
#   gone from _inner_loops); level 3 (kind 1 reads the graph) could use it if _static_multiple made the graph
#   itself when inner[7][GRAPH_FLAG] says _inner_loops did not.
# lvl2c (2026-11-25). Bench: the same 10477 grids and the 2123 searched ones (bench.py, source = every candidate,
# best of 5 CPU, every hint, removable and parent identical to main 78b321d). Searched grids were 0.0814 ms:
# _bits_no_search 0.007, static graph 0.009, _no_search 0.006, Tarjan 0.012, _cycle_sides + _loops_todo 0.009,
# _cell_ends 0.003, the modes 0.035 (cycles 0.005, forcing 0.011, cycle removables 0.002, hints 0.015).
# - The searched grids of a level-2 call read _bits_no_search's sets over T (_bits_sets: am, pr, rr and sidx)
#   where they read _no_search's graph S (_no_search went from that path): _loops_todo's flags and links.forcing's
#   filter (_s_targets, nmask a bit per candidate, no cnode). Level 3 keeps graph + _no_search (it pays the
#   graph anyway: bits + graph lost there, 0.0288 -> 0.0316 ms) and _cert_sets turns S into the same sets.
# - _t_components: the components _inner_loops reads (cycles' home test, _cycle_sides, _may_remove) from those
#   sets instead of Tarjan (links._closure, kept when there are more than STRONG_MAX strong offs): every path of
#   two links runs through offs in T, so a component is an SCC of S with the ons between (exact; the test
#   compares the partitions). _cell_ends over the grid's potentials only.
#   Searched grids 0.0814 -> 0.0638 ms, all 10477 0.0248 -> 0.0218 ms (level 3's path 0.0288 -> 0.0261 ms).
#   Phases now: bits 0.007, graph 0.009, sets 0.0006, components 0.003, _cycle_sides 0.003, _loops_todo 0.005,
#   _cell_ends 0.002, modes 0.034 (hints 0.015 of it).
# - _bits_no_search's cycle test from a one-word pair table over T (pp, see there) instead of the candidate sets
#   per digit of _w_union (18 words a row; _w_union went): all 10477 grids 0.0218 -> 0.0203 ms (certified and
#   searched grids alike pay it), every hint identical, and it agrees with _no_search on all 10477.
# - Tried, no gain: _may_remove inline="always" (0.0638 vs 0.0632 ms).
# - Both, alternated twice with main 78b321d (wt-merge; load ~3-3.7): replay cap03 (4 rounds, --check identical)
#   level 2 0.419/0.414 -> 0.366/0.371 s, level 3 noise; rate_levels.py level 2 0.871/0.854 -> 0.747/0.748 s,
#   rate total 2.808/2.738 -> 2.615/2.676 s (again: level 2 0.941/0.984 -> 0.830/0.853 s, total 3.190/3.292 ->
#   3.078/3.087 s); level 3 noise. rate_dump.py byte-identical to s32/base.jsonl.
# - Left (searched grids, phases above, under load): the modes' hints ~0.015 ms (forcing hints ~0.005 without
#   _rule_parents, which adds ~0.004; the cycles' _cycle_removable over every cycle found ~0.002 and their hints),
#   the forcing searches ~0.011, the static graph 0.009; on the certified 80% _bits_no_search (~0.005).
# lvl2d (2026-11-25). rate_levels' level 2 (8 puzzles, 2nd round) makes 22538 kind-0 searches (26150 memo lookups,
# 3612 hits); at the bench's costs (~20% searched at 0.063 ms, the rest ~0.0088 ms) that is ~0.29 + 0.16 s of its
# ~0.75 s, the outer dynamic runs and the memo the rest. Bench: the same 10477 grids and 2123 searched (bench.py,
# best of 7, alternated with main c13a169, every hint, removable and parent identical, GRAPH_FLAG 0 and 1).
# Searched grids were 0.0628 ms: bits 0.007, graph 0.010, sets 0.001, components 0.0026, _cycle_sides 0.003,
# _loops_todo 0.0045, _cell_ends 0.0016, cycle searches 0.006, forcing searches 0.011, cycle removables + hints
# ~0.018. A searched grid makes 5.1 cycle searches finding 3.1 cycles (0.81 remove something), 11.9 forcing
# searches finding 7.5 chains.
# - The hints made over the arrays (_new_hint_at, _target_at, _put, _chain_parents, _length_at), not
#   through _new_hint/_add_removable/_target_removables/_rule_parents/_commit taking `inner` (~60 arrays increfed
#   per call, ~35 calls a searched grid; their inline="always" try kept those refcounts); a cycle found goes to
#   links._cycle_removable only if _cycle_may (exact, bit sets) says it can remove something (1.1 of 3.1 a grid);
#   _cell_ends counts the CELL links instead of scanning them; _loops_todo skips _may_remove for an off outside T.
#   Searched 0.0628/0.0627 -> 0.0568/0.0569 ms, all 0.0197 -> 0.0185 ms. rate_levels.py alternated twice with
#   main (load ~4.5-5): level 2 0.746/0.738 -> 0.710/0.722 s, level 3 0.399/0.394 -> 0.389/0.391 s, rating
#   2.515/2.459 -> 2.450/2.441 s. rate_dump.py byte-identical to s32/base.jsonl.
# - _loops_todo and _cycle_sides walk a cell's candidates by their bits, not every digit: searched 0.0579/0.0575
#   -> 0.0555/0.0547 ms (alternated, src copies of this and the change before).
# - Both, rate_levels.py alternated 4 times with main c13a169 (load ~3.2-3.6): level 2 0.731/0.730/0.736/0.734 ->
#   0.715/0.688/0.684/0.707 s, level 3 0.397/0.385/0.392/0.389 -> 0.392/0.374/0.376/0.387 s, rating
#   2.482/2.398/2.435/2.413 -> 2.463/2.319/2.319/2.415 s. rate_dump.py byte-identical to s32/base.jsonl.
# - Tried, no gain: mode 0's own reach sets over T (_x_sets: X links keep each digit apart, so am and pr masked by
#   the digit's rows, Warshall within a digit) to skip the mode-0 forcing searches that cannot reach the opposite
#   (5.95 -> 2.47 a grid) and the cycle searches from an off on no cycle of S0: searched 0.0586/0.0585 vs
#   0.0589/0.0581 ms (the skipped searches were cheap; the sets cost as much). _warshall branch-free (rows ORed
#   with a mask, vectorizable): all grids 0.0184/0.0184 vs 0.0183/0.0183 ms.
# - Lost on the contract: links.static_graph_xy over a cell's candidates only, an absent potential's pointers left
#   unwritten (nothing reads them): searched 0.0577 -> 0.0560 ms, but test_static_graph_xy_is_static_graph
#   compares the whole CSR; not kept.
# - Left: the hints (~0.010: two walks of each chain, parents deduplicated by a scan), the forcing searches (0.011),
#   the static graph (0.010); on the certified 80%, _bits_no_search (~0.007).
# lvl2e (2026-11-25). Bench: the same 10477 grids and 2123 searched (bench.py, every hint, removable and parent
# identical, GRAPH_FLAG 0 and 1). Of the 2123 searched grids 13 keep no hint (source = every candidate): a
# stronger "no hint" certificate has nothing left to win. Phases of a searched grid (us, load ~4): place counts
# 0.7, _bits_no_search 6.8, static graph + _bits_sets 10.6, _t_components 2.9, _cycle_sides 2.0, _loops_todo 3.4,
# _cell_ends 0.8, cycle searches 5.3, forcing searches 10.8, _cycle_may/_cycle_removable 0.7, hints 9.4 (the
# _chain_parents walks). A certified grid: place counts 0.6, _bits_no_search 5.8 (T 0.8, partners and am 1.6,
# S 0.4, rr[2] 0.3, reach tests 1.5, cycle test 1.3), the call ~0.6-1.4.
# - The mode searches' forcing runs links.forcing_sets (inlined, over the store arrays; `forcing` passed st2/sc2,
#   ~40 arrays increfed per call, ~12 calls a searched grid) with _s_targets inlined; _inner_loops is an inlined
#   front (place counts, _bits_no_search) to _loops_search, so the certified ~80% of level-2 grids pay no call
#   passing `inner` (~100 arrays). Searched grids (alternated with main cd7f5e6) 0.0539/0.0548 -> 0.0520/0.0530
#   ms, all 0.0179 -> 0.0174 ms; rate_levels.py alternated 3x (load ~4.7): level 2 0.694/0.701/0.707 ->
#   0.678/0.675/0.680 s, level 3 noise, rating 2.384/2.440/2.441 -> 2.374/2.419/2.472 s (noise). Dump identical.
#   Again on the final tree (load ~3): level 2 0.692/0.695/0.702 -> 0.651/0.663/0.659 s, level 3 0.363/0.361/0.364
#   -> 0.355/0.359/0.358 s, rating 2.359/2.351/2.378 -> 2.279/2.328/2.308 s.
# - Tried, no gain (harness copies of _loops_search, searched grids, same process): cycles over the store arrays
#   inlined (53.9 vs 51.9 us: slower); links._mark_path inlined into cycles (52.94 vs 52.93 us);
#   static_graph_xy walking a cell's candidates by bits and filling the absent ones' pointers (9.82 vs 9.56 us);
#   _bits_no_search over arrays instead of geo/order (6.44 vs 6.44 us); _loops_search inlined too (the whole
#   search in _search: 54.17 vs 51.76 us a searched grid).
# - Left: the hints (_chain_parents, ~1.1 us a hint), the forcing searches (~0.9 us each), the static graph (the
#   ons' ~2000 links; the searches read few of them: lists made on demand would need the mode ranges and the
#   kind-1 reuse (ready=2, level 3) reworked); _cycle_sides could read a one-word pair table over T (as
#   _bits_no_search's pp) instead of the links (~2 us).
@njit(cache=True, inline="always")
def _inner_loops(n, source, grid, geo, inner):
    """Every forcing chain and cycle (SE's Chaining(false, false, false)) on the narrowed grid, as nested hints;
    a hint whose chains used no erased candidate is dropped (SE: the rule exists without the chain). The static
    graph is built once (static_graph_xy) and each mode's read as ranges of its lists (_mode_ranges);
    the full graph's closure and _cycle_sides skip the searches that provably find nothing in every mode (a
    mode's graph is a subgraph of the full one; see the speed record above), and _bits_no_search ends it before
    the closure when they would skip them all (before the static graph when inner[7][GRAPH_FLAG] = 0: no kind 1
    follows); when it made its sets (_bits_sets), they answer the reach queries (_loops_todo, _s_targets) and the
    closure makes the components only."""
    order = inner[LOOPS_ORDER]
    place_counts(n, grid, order)
    if not inner[7][GRAPH_FLAG] and _bits_no_search(n, grid, geo, order, inner[MULTI_REACH]):
        return
    _loops_search(n, source, grid, geo, inner)


@njit(cache=True)
def _loops_search(n, source, grid, geo, inner):
    """_inner_loops past its place counts (inner[LOOPS_ORDER]) and, at GRAPH_FLAG 0, past _bits_no_search's False:
    the static graph, the reach sets, the searches and their hints. (Its own function, _inner_loops inlined into
    its callers: the ~80% of level-2 grids _bits_no_search certifies no longer pay a call passing `inner`, whose
    ~100 arrays it increfs and decrefs: lvl2e.)"""
    st2, sc2 = inner[0], inner[1]
    f_ptr, f_adj, f_cause, found, tmpelim = inner[8], inner[9], inner[10], inner[11], inner[12]
    kids, todo, ranges = inner[LOOPS_WORK]
    hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount = inner[2], inner[3], inner[4], inner[5], inner[6], inner[7]
    st_pid, st_p0, st_pn, st_par, cause = st2[0], st2[1], st2[2], st2[3], st2[7]
    stamp, tick, q = sc2[9], sc2[10], sc2[11]
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    order = inner[LOOPS_ORDER]
    cert = inner[LOOPS_CERT]
    sidx, nmask, sbuf = cert[0], cert[8], cert[10]
    if not inner[7][GRAPH_FLAG]:  # (_bits_no_search said False: _inner_loops)
        static_graph_xy(n, grid, geo, order, f_ptr, f_adj, f_cause, True)
        m, am, pr, rr = _bits_sets(n, grid, order, inner[MULTI_REACH], sidx)
    else:  # kind 1 may follow on this grid (a level >= 3 call): it takes the graph, so the certificate on it
        static_graph_xy(n, grid, geo, order, f_ptr, f_adj, f_cause, True)  # is cheaper (nest2c)
        if _no_search(n, grid, f_ptr, f_adj, cert):
            return
        m, am, pr, rr = _cert_sets(n, grid, f_ptr, f_adj, cert, inner[MULTI_REACH])
    strong = m >= 0
    tj, reach = _closure_buffers(n, grid, inner)  # (strong: no reach set made, am, pr and rr stay)
    if strong:
        nc = _t_components(m, n, grid, sidx, am, rr, tj)
    else:
        nc = _closure(n, grid, f_ptr, f_adj, tj, reach, True)
    _cycle_sides(n, grid, f_ptr, f_adj, tj, nc, kids, reach.shape[1])
    k0, modes = _loops_todo(n, grid, tj, reach, kids, todo, sidx, am, rr, strong)
    if modes & 3:  # ranges (_mode_ranges): the end of each list's CELL links, mode 1's ends
        _cell_ends(n, grid, f_ptr, f_cause, ranges)
    for mode in range(3):
        if not (modes >> mode) & 1:
            continue
        x = mode != 1
        key = 2 if mode == 0 else (3 if mode == 1 else 4)
        cyc_base = 70 if mode == 2 else 65
        chain_base = 70 if mode == 2 else 66
        lo, hi = _mode_ranges(mode, f_ptr, f_cause, ranges)
        for it in range(k0):
            on, f = todo[it] >> 4, todo[it] & 15
            if not x and not f & TODO_Y:
                continue
            nf = 0
            if f & TODO_CYCLE:
                nf = cycles(0, on, lo, f_adj, f_cause, st2, sc2, found, 1 << 30, tj, hi)
            for i in range(max(nf, 0)):
                if not _cycle_may(0, found[i], n, st_pid, st_p0, st_pn, st_par, cell_units, pair_ptr, pair_idx,
                                  order[8], order[4], nmask):
                    continue
                k = _cycle_removable(0, found[i], n, grid, geo, st2, sc2, tmpelim)
                if k == 0:
                    continue
                h = _new_hint_at(hk, hrem_ptr, hpar_ptr, hcount, 0, 0, key)  # (length: at the commit)
                if h < 0:
                    return
                for j in range(k):
                    _put(hrem_ptr, hrem, h, (tmpelim[j, 0] * n + tmpelim[j, 1] - 1) * 2)
                c = _chain_parents(h, 0, found[i], -1, True, n, source, grid, unit_cells, st_pid, st_p0, st_pn,
                                   st_par, cause, stamp, tick, q, hpar_ptr, hpar)
                if hpar_ptr[h + 1] > hpar_ptr[h]:
                    _length_at(hk, hcount, h, cyc_base, c)
            if not x:
                continue
            for src in (on, on - 1):
                if not f & (TODO_ON if src & 1 else TODO_OFF):
                    continue
                if strong:
                    _s_targets(src, f_ptr, f_adj, sidx, am, pr, rr, nmask, sbuf)
                    t = forcing_sets(1, src, lo, f_adj, f_cause, hi, st_pid, st_p0, st_pn, st_par, st2[4], st2[5],
                                     st2[6], cause, st2[8], st2[10], sc2[1], sc2[2], sc2[7], sc2[17], sidx, rr, am,
                                     nmask, sbuf)
                else:
                    t = forcing(1, src, lo, f_adj, f_cause, st2, sc2, 1 << 30, tj, reach, hi)
                if t < 0:
                    continue
                target = st_pid[1, t]
                h = _new_hint_at(hk, hrem_ptr, hpar_ptr, hcount, 0, 0, key)
                if h < 0:
                    return
                if not _target_at(hrem_ptr, hrem, h, target, n, grid):
                    continue
                c = _chain_parents(h, 1, t, -1, False, n, source, grid, unit_cells, st_pid, st_p0, st_pn, st_par,
                                   cause, stamp, tick, q, hpar_ptr, hpar)
                if hpar_ptr[h + 1] > hpar_ptr[h]:
                    _length_at(hk, hcount, h, chain_base, c)


@njit(cache=True)
def _cycle_may(s, r, n, st_pid, st_p0, st_pn, st_par, cell_units, pair_ptr, pair_idx, hmask, pm, buf):
    """False when links._cycle_removable finds nothing on the cycle ending at record r (exact: it removes q when q,
    of digit d and off the cycle's cells, is a peer of an on node and of an off node of d; a peer shares a house
    or is a pair peer, so per digit of both sides: the union of those houses and pairs of the on nodes, of the
    off nodes, d's places (pm, place_counts') and not the cycle's cells meet). buf: 3 words of cell sets."""
    w = pm.shape[1]
    if buf.shape[0] < 3 * w:
        return True
    one = np.uint64(1)
    for j in range(3 * w):
        buf[j] = 0
    don, doff = np.uint64(0), np.uint64(0)
    x = r
    while st_pn[s, x] > 0:  # the cycle's cells into buf[2w:], the digits of its on / off nodes
        pid = st_pid[s, x]
        cell = pid // 2 // n
        buf[2 * w + (cell >> 6)] |= one << np.uint64(cell & 63)
        if pid & 1:
            don |= one << np.uint64(pid // 2 % n)
        else:
            doff |= one << np.uint64(pid // 2 % n)
        x = st_par[s, st_p0[s, x]]
    dm = don & doff
    while dm:
        d = ctz(dm)
        dm &= dm - one
        for j in range(2 * w):
            buf[j] = 0
        x = r
        while st_pn[s, x] > 0:
            pid = st_pid[s, x]
            if pid // 2 % n == d:
                cell = pid // 2 // n
                b = 0 if pid & 1 else w
                for jj in range(cell_units.shape[1]):
                    u = cell_units[cell, jj]
                    if u < 0:
                        break
                    for j in range(w):
                        buf[b + j] |= hmask[u, j]
                for i in range(pair_ptr[cell], pair_ptr[cell + 1]):
                    c = pair_idx[i]
                    buf[b + (c >> 6)] |= one << np.uint64(c & 63)
            x = st_par[s, st_p0[s, x]]
        for j in range(w):
            if buf[j] & buf[w + j] & pm[d, j] & ~buf[2 * w + j]:
                return True
    return False


@njit(cache=True)
def _cell_ends(n, grid, f_ptr, f_cause, ranges):
    """ranges[0, p] = the end of potential p's CELL links (first in its list: static_graph_xy), ranges[1, p] =
    the end of its links in mode 1 (an on keeps all, an off its CELL links only), for the grid's potentials (the
    searches reach no other). static_graph_xy makes an off's one CELL link iff its cell is bivalue and an on's
    to each other candidate of its cell, so they are counted, not scanned (f_cause: unread; scanning for the
    first other cause cost ~1.6 us a searched grid)."""
    for cell in range(grid.shape[0]):
        g = grid[cell]
        k = popcount(g)
        while g:
            q = (cell * n + ctz(g)) * 2
            g &= g - np.uint64(1)
            e = f_ptr[q] + (1 if k == 2 else 0)
            ranges[0, q] = e
            ranges[1, q] = e
            ranges[0, q + 1] = f_ptr[q + 1] + k - 1
            ranges[1, q + 1] = f_ptr[q + 2]


@njit(cache=True, inline="always")
def _mode_ranges(mode, f_ptr, f_cause, ranges):
    """A loops mode's graph as (start, end) of each potential's links in the full graph's lists: what
    links._graph_of copies out (mode 0 drops the CELL links, mode 1 an off's house links; both are the start or
    the end of a list), without the copy."""
    if mode == 0:
        return ranges[0], f_ptr[1:]
    if mode == 1:
        return f_ptr, ranges[1]
    return f_ptr, f_ptr[1:]


@njit(cache=True, inline="always")
def _closure_buffers(n, grid, inner):
    """links._closure's tj and reach for grid in inner[MULTI_REACH]: reach viewed as (nodes, words of a node
    set), the shape _inner_loops' helpers read the word count from, so kind 1 can reuse what kind 0 made."""
    tj, flat = inner[MULTI_REACH]
    nn = 2 * _present(n, grid)
    rows, w = max(nn, 1), (nn + 63) // 64
    return tj, flat.reshape(flat.size)[:rows * w].reshape((rows, w))


@njit(cache=True)
def _loops_todo(n, grid, tj, reach, kids, todo, sidx, am, rr, strong):
    """The on potentials _inner_loops searches from, in its order (cell, then digit): todo[i] = on << 4 | flags
    (TODO_*): a cycle search if _may_remove, a forcing search from on / off if it reaches its opposite (strong:
    read off _bits_no_search's sets over the strong offs T (_bits_sets: sidx, am, rr), as its docstring says,
    else the closure's reach sets). Returns (how many, a bit per mode that has a search to make: 0 and 2 any, 1
    a cycle from a bivalue cell)."""
    one = np.uint64(1)
    k = 0
    modes = 0
    w = reach.shape[1]  # the words of a node set
    for cell in range(grid.shape[0]):
        m = grid[cell]
        card = popcount(m)
        if card < 2:
            continue
        while m:
            on = (cell * n + ctz(m)) * 2 + 1
            m &= m - one
            f = 0  # (strong: an off outside T has no links, alone in its component: no cycle)
            if (not strong or sidx[on - 1] >= 0) and _may_remove(on, tj, kids, w):
                f |= TODO_CYCLE
                if card == 2:
                    f |= TODO_Y
                    modes |= 2
            if not strong:
                if _back(on, on - 1, tj, reach):
                    f |= TODO_ON
                if _back(on - 1, on, tj, reach):
                    f |= TODO_OFF
            else:  # on reaches off on iff A = rr[2] over am[on] meets am[on]; off on reaches on iff rr[2] of its
                a = am[on >> 1]  # row holds it
                acc = np.uint64(0)
                r = a
                while r:
                    acc |= rr[2, ctz(r)]
                    r &= r - one
                if acc & a:
                    f |= TODO_ON
                so = sidx[on - 1]
                if so >= 0 and (rr[2, so] >> np.uint64(so)) & one:
                    f |= TODO_OFF
            if f:
                todo[k] = on << 4 | f
                k += 1
                modes |= 5
    return k, modes


@njit(cache=True)
def _strong_graph(n, grid, f_ptr, f_adj, sidx, cnode, slist, rr, wb, tb, amask):
    """The graph S of the strong off potentials (an off with links) that _no_search reads: cnode
    numbers the present candidates, sidx / slist map a strong off to its row and back, rr[0] / rr[1] a row's
    successors in S / reflexive closure (Warshall, one word a set), wb / tb the offs / ons its ons link to / it
    links to (bits over cnode), amask[candidate] the rows its on links to. Returns (k candidates, m rows), m = -1
    when there are more than STRONG_MAX strong offs (nothing past cnode made)."""
    k, m = 0, 0
    one = np.uint64(1)
    for cell in range(grid.shape[0]):
        g = grid[cell]
        while g:
            ci = cell * n + ctz(g)
            g &= g - one
            cnode[ci] = k
            k += 1
            sidx[2 * ci] = -1
            amask[ci] = 0
            if f_ptr[2 * ci + 1] > f_ptr[2 * ci]:
                if m == STRONG_MAX:
                    return k, -1
                sidx[2 * ci] = m
                slist[m] = 2 * ci
                m += 1
    w = (k + 63) // 64
    for i in range(m):  # successors in S, wb (the offs its ons link to), tb (its ons)
        for j in range(w):
            wb[i, j] = 0
            tb[i, j] = 0
        o = slist[i]
        e = np.uint64(0)
        for a in range(f_ptr[o], f_ptr[o + 1]):
            q = f_adj[a]
            b = cnode[q >> 1]
            tb[i, b >> 6] |= one << np.uint64(b & 63)
            for c in range(f_ptr[q], f_ptr[q + 1]):
                x = f_adj[c]
                b = cnode[x >> 1]
                wb[i, b >> 6] |= one << np.uint64(b & 63)
                if sidx[x] >= 0:
                    e |= one << np.uint64(sidx[x])
        rr[0, i] = e  # its successors
        for a in range(f_ptr[o + 1], f_ptr[o + 2]):  # on p links to o iff on o links to off p (contrapositive)
            amask[f_adj[a] >> 1] |= one << np.uint64(i)
    for i in range(m):
        rr[1, i] = rr[0, i] | (one << np.uint64(i))
    _warshall(rr, m)  # rr[1] = the reflexive closure R
    return k, m


@njit(cache=True, inline="always")
def _two_places(cell, d, cell_units, ucnt):
    """True if digit d has two places (ucnt: place_counts') in one of the cell's houses."""
    for jj in range(cell_units.shape[1]):
        u = cell_units[cell, jj]
        if u < 0:
            return False
        if ucnt[u, d] == 2:
            return True
    return False


@njit(cache=True, inline="always")
def _strong_rows(n, grid, cell_units, ucnt, crow, rcand, am):
    """The strong offs T (a candidate of a bivalue cell or with a house of two places; ucnt: place_counts') as
    rows in cell, digit order: crow[candidate] = its row or -1, rcand[row] = its candidate, am[candidate] = 0
    (_bits_no_search's and _bits_reach's first pass); returns m = |T|, or -1 if more than STRONG_MAX."""
    one = np.uint64(1)
    m = 0
    for cell in range(grid.shape[0]):
        g = grid[cell]
        two = popcount(g) == 2
        while g:
            d = ctz(g)
            g &= g - one
            ci = cell * n + d
            am[ci] = 0
            crow[ci] = -1
            if two or _two_places(cell, d, cell_units, ucnt):
                if m == STRONG_MAX:
                    return -1
                crow[ci] = m
                rcand[m] = ci
                m += 1
    return m


@njit(cache=True, inline="always")
def _partners(n, grid, cell_units, ucnt, hmask, pm, crow, ci, cw):
    """The rows (crow: a candidate's row among the strong offs T) of the ons that off ci links to: the cell's
    other candidate if bivalue, the digit's other place in each house where it has two."""
    one = np.uint64(1)
    cell, d = ci // n, ci % n
    g = grid[cell]
    e = np.uint64(0)
    if popcount(g) == 2:
        e |= one << np.uint64(crow[cell * n + ctz(g & ~(one << np.uint64(d)))])
    for jj in range(cell_units.shape[1]):
        u = cell_units[cell, jj]
        if u < 0:
            break
        if ucnt[u, d] == 2:
            e |= one << np.uint64(crow[other_place(hmask, pm, u, d, cell, cw) * n + d])
    return e


@njit(cache=True, inline="always")
def _warshall(rr, m):
    """rr[1, :m] (one-word sets over rows) becomes its transitive closure in place (row t changes in round t only
    by OR-ing itself, so it is read once a round)."""
    one = np.uint64(1)
    for t in range(m):
        bt, rt = one << np.uint64(t), rr[1, t]
        for i in range(m):
            if rr[1, i] & bt:
                rr[1, i] |= rt


@njit(cache=True, inline="always")
def _or_rows(words, r):
    """The OR of words[t] over the bits t of r."""
    q = np.uint64(0)
    while r:
        q |= words[ctz(r)]
        r &= r - np.uint64(1)
    return q


@njit(cache=True, inline="always")
def _or_rows_at(words, rows, r):
    """The OR of words[rows[t]] over the bits t of r."""
    q = np.uint64(0)
    while r:
        q |= words[rows[ctz(r)]]
        r &= r - np.uint64(1)
    return q


@njit(cache=True, inline="always")
def _on_cycle(rr, i):
    """True if strong off i lies on a cycle of S: the closure (rr[1]) of one of its successors (rr[0]) holds it."""
    one = np.uint64(1)
    r = rr[0, i]
    while r:
        t = ctz(r)
        r &= r - one
        if (rr[1, t] >> np.uint64(i)) & one:
            return True
    return False


@njit(cache=True)
def _no_search(n, grid, f_ptr, f_adj, cert):
    """True if _loops_todo would list no search (exact: a sufficient condition), from the graph S of the strong
    off potentials alone (an off with links; every path of two links or more runs on -> strong off -> on ...):
    s -> s2 when an on target of s links to s2. With R(s) its closure, wb[s] / tb[s] the offs / ons its ons
    link to / it links to (bits over present candidates), and the strong offs p links to read off on(s)'s links
    (the graph is its own contrapositive, see _may_remove), an on p of a cell of 2+ candidates has
      p reaches off p  iff  off p is in wb of some s in A(p) = union of R over p's strong offs;
      off p reaches p  iff  off p is strong and p is in tb of some s in R(off p);
      _may_remove(p) only if off p is strong and on a cycle of S (its component has several members), and the
      offs p or an on it reaches link to (p's targets, wb over A(p)) meet those the ons reached from off p link
      to (wb over R(off p)): kids of the two components are subsets of these.
    False when there are more than STRONG_MAX strong offs. The same tests are exact reachability (p reaches off p,
    off p reaches p): _loops_todo and _s_targets read them in place of the closure's reach sets."""
    sidx, cnode, slist, rr, wb, rw, tb, amask, nmask, km, sbuf = cert  # rr[0] / rr[1]: successors / closure in S
    ncells = grid.shape[0]
    k, m = _strong_graph(n, grid, f_ptr, f_adj, sidx, cnode, slist, rr, wb, tb, amask)
    km[0], km[1] = k, m  # (m >= 0: S, rw and cyc hold for _loops_todo and _s_targets when this says False)
    if m < 0:
        return False
    if m == 0:
        return True  # no path of two links, no cycle
    w = (k + 63) // 64
    one = np.uint64(1)
    cyc = np.uint64(0)  # the strong offs on a cycle of S: a successor's closure holds them
    for i in range(m):
        for j in range(w):
            rw[i, j] = 0
        r = rr[1, i]
        while r:  # rw[s] = wb over R(s)
            t = ctz(r)
            r &= r - one
            for j in range(w):
                rw[i, j] |= wb[t, j]
        if _on_cycle(rr, i):
            cyc |= one << np.uint64(i)
    for cell in range(ncells):
        g = grid[cell]
        if popcount(g) < 2:
            continue
        while g:
            p = (cell * n + ctz(g)) * 2 + 1
            g &= g - one
            bo = cnode[p >> 1]
            word, hit = bo >> 6, one << np.uint64(bo & 63)
            a = amask[p >> 1]  # the strong offs p links to (never to off p: _on_to_off skips its cell)
            r = a
            while r:
                t = ctz(r)
                r &= r - one
                if rw[t, word] & hit:
                    return False
            so = sidx[p - 1]
            if so < 0:
                continue
            r = rr[1, so]
            while r:
                t = ctz(r)
                r &= r - one
                if tb[t, word] & hit:
                    return False
            if (cyc >> np.uint64(so)) & one and _sides_meet(p, a, so, w, f_ptr, f_adj, cnode, rw):
                return False
    return True


@njit(cache=True)
def _bits_no_search(n, grid, geo, order, scratch):
    """_no_search's answer from the place bit sets (order: links.place_counts' pm and ucnt, the peer runs),
    without the static graph. The strong offs T (a candidate of a bivalue cell or with a house of two places; at
    most STRONG_MAX, else False) are the rows; sets over T are one word: pr[t] = t's partners (the ons off t
    links to: in T, strong links go both ways), am[c] = the rows whose on links to off c (W(o): the cell's other
    candidates and the digit's peers, as static_graph_xy; W is symmetric), S's successors rr[0, t] = am over
    pr[t], rr[1] the reflexive closure, rr[2, t] = pr over rr[1, t]. With A = rr[2] over am[p], _no_search's tests
    read: p reaches off p iff A meets am[p] (a partner seen by p); off p reaches p iff p is in T and rr[2, p]
    holds p; the cycle test (p in T on a cycle of S: the offs the ons of rr[2, p] link to meet those p or the ons
    of A link to) reads the one-word pair table pp[t] = the rows q with W(q) meeting W(t) (am over W(t); W is
    symmetric, so pp is): it fails when pp over rr[2, p] meets A or p. Its buffers are views of `scratch` (the
    closure's tj and reach, inner[MULTI_REACH], free before _inner_loops makes its closure): False if too small.
    Speed record: see _inner_loops (nest2b)."""
    cell_units = geo[0]
    ucnt, pm, seg_ptr, seg_mask, hmask = order[3], order[4], order[5], order[7], order[8]
    tj, flat = scratch
    K = grid.shape[0] * n
    nw = n * pm.shape[1]
    if tj.size < K + STRONG_MAX or flat.size < K + 4 * STRONG_MAX + STRONG_MAX * nw + 1:
        return False
    ib, ub = tj.reshape(tj.size), flat.reshape(flat.size)
    mslot = K + 4 * STRONG_MAX + STRONG_MAX * nw  # ub[mslot] = 1 + m once the sets over T are whole (_bits_sets)
    ub[mslot] = 0
    crow, rcand = ib[:K], ib[K:K + STRONG_MAX]
    am, pr = ub[:K], ub[K:K + STRONG_MAX]
    rr = ub[K + STRONG_MAX:K + 4 * STRONG_MAX].reshape((3, STRONG_MAX))
    ncells = grid.shape[0]
    w = pm.shape[1]
    one = np.uint64(1)
    m = _strong_rows(n, grid, cell_units, ucnt, crow, rcand, am)
    if m < 0:
        return False
    if m == 0:
        return True  # no path of two links, no cycle
    for i in range(m):  # partners, and am from each row's on links
        ci = rcand[i]
        cell, d = ci // n, ci % n
        g = grid[cell]
        bit = one << np.uint64(d)
        pr[i] = _partners(n, grid, cell_units, ucnt, hmask, pm, crow, ci, w)
        b = one << np.uint64(i)
        r = g & ~bit
        while r:
            am[cell * n + ctz(r)] |= b
            r &= r - one
        for sg in range(seg_ptr[cell], seg_ptr[cell + 1]):
            for j in range(w):
                x = seg_mask[sg, j] & pm[d, j]
                while x:
                    am[(j * 64 + ctz(x)) * n + d] |= b
                    x &= x - one
    for i in range(m):
        e = _or_rows_at(am, rcand, pr[i])
        rr[0, i] = e
        rr[1, i] = e | (one << np.uint64(i))
    _warshall(rr, m)
    cyc = np.uint64(0)  # the rows on a cycle of S
    for i in range(m):
        q = _or_rows(pr, rr[1, i])
        rr[2, i] = q
        if _on_cycle(rr, i):
            cyc |= one << np.uint64(i)
    ub[mslot] = m + 1
    for cell in range(ncells):  # the reach tests
        g = grid[cell]
        if popcount(g) < 2:
            continue
        while g:
            ci = cell * n + ctz(g)
            g &= g - one
            a = am[ci]
            acc = np.uint64(0)
            r = a
            while r:
                acc |= rr[2, ctz(r)]
                r &= r - one
            if acc & a:
                return False
            so = crow[ci]
            if so >= 0 and (rr[2, so] >> np.uint64(so)) & one:
                return False
    pp = ub[K + 4 * STRONG_MAX:K + 5 * STRONG_MAX]  # pp[t] = the rows q whose W(q) meets W(t): am over W(t)
    for i in range(m):
        ci = rcand[i]
        cell, d = ci // n, ci % n
        e = np.uint64(0)
        r = grid[cell] & ~(one << np.uint64(d))
        while r:  # its cell's other candidates, ...
            e |= am[cell * n + ctz(r)]
            r &= r - one
        for sg in range(seg_ptr[cell], seg_ptr[cell + 1]):  # ... the digit's peers
            for j in range(w):
                x = seg_mask[sg, j] & pm[d, j]
                while x:
                    e |= am[(j * 64 + ctz(x)) * n + d]
                    x &= x - one
        pp[i] = e
    c = cyc
    while c:  # the cycle tests, over p in T on a cycle of S: the offs the ons of rr[2, so] link to meet those p
        so = ctz(c)  # links to (so in pp over rr[2, so]) or those of the ons of A = rr[2] over am[p]
        c &= c - one
        ci = rcand[so]
        if popcount(grid[ci // n]) < 2:
            continue
        pu = np.uint64(0)
        r = rr[2, so]
        while r:
            pu |= pp[ctz(r)]
            r &= r - one
        acc = one << np.uint64(so)
        a = am[ci]
        while a:
            acc |= rr[2, ctz(a)]
            a &= a - one
        if pu & acc:
            return False
    return True


@njit(cache=True)
def _bits_sets(n, grid, order, scratch, sidx):
    """After _bits_no_search said False: (m, am, pr, rr), its sets over the strong offs T (views of `scratch`),
    m = the rows of T if it made them (at most STRONG_MAX), else -1, and sidx[off pid] = its row in T or -1
    (the row numbers it kept in scratch's tj, which links._closure then overwrites). Its tests hold as exact
    reachability: an on p reaches off p iff rr[2] over am[p] meets am[p]; off p reaches p iff rr[2] of its row
    holds it; and for links.forcing_sets' filter (_s_targets) an off x reaches the opposite of a source iff x is
    in T and rr[1] of its row meets the rows whose partners link to that opposite."""
    pm = order[4]
    tj, flat = scratch
    K = grid.shape[0] * n
    nw = n * pm.shape[1]
    ub = flat.reshape(flat.size)
    am, pr = ub[:K], ub[K:K + STRONG_MAX]
    rr = ub[K + STRONG_MAX:K + 4 * STRONG_MAX].reshape((3, STRONG_MAX))
    made = K + 4 * STRONG_MAX + STRONG_MAX * nw
    if tj.size < K + STRONG_MAX or flat.size < made + 1 or ub[made] == 0:
        return -1, am, pr, rr
    crow = tj.reshape(tj.size)[:K]
    for cell in range(grid.shape[0]):
        g = grid[cell]
        while g:
            ci = cell * n + ctz(g)
            g &= g - np.uint64(1)
            sidx[2 * ci] = crow[ci]
    return int(ub[made]) - 1, am, pr, rr


@njit(cache=True)
def _cert_sets(n, grid, f_ptr, f_adj, cert, scratch):
    """_bits_sets' (m, am, pr, rr) from _no_search's graph S (it said False): the same rows (T in cell, digit
    order: an off has links iff it is in T), am = its amask, pr[i] = the rows of the ons row i links to, rr[1] its
    closure, rr[2] = pr over rr[1]; pr and rr in the views _bits_sets returns."""
    sidx, slist, rr0, amask, km = cert[0], cert[2], cert[3], cert[7], cert[9]
    tj, flat = scratch
    K = grid.shape[0] * n
    ub = flat.reshape(flat.size)
    pr = ub[K:K + STRONG_MAX]
    rr = ub[K + STRONG_MAX:K + 4 * STRONG_MAX].reshape((3, STRONG_MAX))
    m = km[1]
    if m < 0 or flat.size < K + 4 * STRONG_MAX:
        return -1, amask, pr, rr
    one = np.uint64(1)
    for i in range(m):
        o = slist[i]
        e = np.uint64(0)
        for a in range(f_ptr[o], f_ptr[o + 1]):
            e |= one << np.uint64(sidx[f_adj[a] - 1])
        pr[i] = e
        rr[1, i] = rr0[1, i]
    for i in range(m):
        q = _or_rows(pr, rr[1, i])
        rr[2, i] = q
    return m, amask, pr, rr


@njit(cache=True)
def _t_components(m, n, grid, sidx, am, rr, tj):
    """links._closure(sets=False)'s node numbers (tj[0]) and strongly connected components as _inner_loops reads
    them (tj[1] a label, tj[2] its size), from the sets over T (_bits_sets) instead of Tarjan: every path of two
    links runs through offs in T, so off t's component is {off s: s in rr[1, t], t in rr[1, s]} with the ons q
    (in T) such that off t reaches on q (q in rr[2, t]) and q links to off t (t in am[q]); every other potential
    is alone in its component, and those share one label (the cycle searches start from components of several
    members only, _may_remove). Returns the number of labels."""
    node, comp, size, cid = tj[0], tj[1], tj[2], tj[4]
    one = np.uint64(1)
    nt = 0
    for t in range(m):  # cid[t] = the label of off t: its component's lowest row's, new when it is t
        r = rr[1, t]
        lo = t
        while r:
            s = ctz(r)
            r &= r - one
            if (rr[1, s] >> np.uint64(t)) & one:
                lo = s
                break
        if lo == t:
            cid[t] = nt
            size[nt] = 0
            nt += 1
        else:
            cid[t] = cid[lo]
    size[nt] = 1
    nn = 0
    for cell in range(grid.shape[0]):
        g = grid[cell]
        while g:
            ci = cell * n + ctz(g)
            g &= g - one
            p = 2 * ci
            node[p], node[p + 1] = nn, nn + 1
            nn += 2
            comp[p], comp[p + 1] = nt, nt
            j = sidx[p]
            if j < 0:
                continue
            comp[p] = cid[j]
            size[cid[j]] += 1
            a = am[ci]
            while a:
                t = ctz(a)
                a &= a - one
                if (rr[2, t] >> np.uint64(j)) & one:
                    comp[p + 1] = cid[t]
                    size[cid[t]] += 1
                    break
    return nt + 1


@njit(cache=True)
def _sides_meet(p, a, so, w, f_ptr, f_adj, cnode, rw):
    """_no_search's cycle test: the offs on p links to or reaches through the strong offs a (a set) meet rw[so]."""
    one = np.uint64(1)
    for c in range(f_ptr[p], f_ptr[p + 1]):
        b = cnode[f_adj[c] >> 1]
        if rw[so, b >> 6] & (one << np.uint64(b & 63)):
            return True
    while a:
        t = ctz(a)
        a &= a - one
        for j in range(w):
            if rw[t, j] & rw[so, j]:
                return True
    return False


@njit(cache=True, inline="always")
def _s_targets(src, f_ptr, f_adj, sidx, am, pr, rr, nmask, sbuf):
    """links.forcing_sets' filter from src over _bits_no_search's sets (_bits_sets): sbuf[0] = the rows of T whose
    partners link to the opposite (on src: pr over am[src]; off src: its row's partners), sbuf[1] = 1 if an on
    may link to the opposite itself (it is an off: the ons that do are the candidates of the offs on src links
    to, into nmask, a bit per candidate cell * n + digit). (Inlined: lvl2e, see links.forcing_sets.)"""
    one = np.uint64(1)
    tr = np.uint64(0)
    if src & 1:
        for j in range(nmask.shape[0]):
            nmask[j] = 0
        for c in range(f_ptr[src], f_ptr[src + 1]):
            b = f_adj[c] >> 1
            nmask[b >> 6] |= one << np.uint64(b & 63)
        a = am[src >> 1]
        while a:
            tr |= pr[ctz(a)]
            a &= a - one
    elif sidx[src] >= 0:
        tr = pr[sidx[src]]
    sbuf[0] = tr
    sbuf[1] = src & 1


@njit(cache=True)
def _present(n, grid):
    """The number of candidates of a grid."""
    k = 0
    for cell in range(grid.shape[0]):
        k += popcount(grid[cell])
    return k


@njit(cache=True)
def _cycle_sides(n, grid, f_ptr, f_adj, tj, nc, kids, w):
    """For _may_remove: tj[3, c] = a row of kids for each component c of the full graph with several members
    (else -1; Tarjan's scratch row, free after _closure), and kids[that row] = the bit set (over _closure's
    nodes, w words) of the off potentials its on potentials link to."""
    row = tj[3]
    nb = 0
    for c in range(nc):
        row[c] = -1
        if tj[2, c] > 1:
            row[c] = nb
            nb += 1
    for r in range(nb):
        for j in range(w):
            kids[r, j] = 0
    if nb == 0:
        return
    for cell in range(grid.shape[0]):
        m = grid[cell]
        while m:
            p = (cell * n + ctz(m)) * 2 + 1
            m &= m - np.uint64(1)
            r = row[tj[1, p]]
            if r < 0:
                continue
            for i in range(f_ptr[p], f_ptr[p + 1]):
                b = tj[0, f_adj[i]]
                kids[r, b >> 6] |= np.uint64(1) << np.uint64(b & 63)


@njit(cache=True)
def _may_remove(on, tj, kids, w):
    """False when no cycle through `on` (in any mode's graph) has a candidate to remove, so its cycle search can
    be skipped: _cycle_removable removes q when q sees an on node A and an off node B of the cycle, of q's digit.
    The cycle lies in on's component C of the full graph, and the full graph is its own contrapositive (u -> v
    iff not v -> not u: weak and strong links both go both ways), so the cycle read backwards with every node
    negated runs through off(on) and on(B), in off(on)'s component C'. Then on(A) in C and on(B) in C' both link
    to off(q): q is in kids of C and of C'. A component of one member holds no cycle."""
    r, r2 = tj[3, tj[1, on]], tj[3, tj[1, on - 1]]
    if r < 0 or r2 < 0:
        return False
    for j in range(w):
        if kids[r, j] & kids[r2, j]:
            return True
    return False


# Speed record of the nested multiple chains (issue 9, innermulti, 2026-11-24). Bench: the 1550 grids of the nested
# kind-1 searches (static multiple chains) met replaying the 3 level-3 calls of cap11_0_3.pkl, each searched with
# source = every candidate (as the memo does), best of 5 CPU s, alternated with main b346a03, every hint, removable
# and parent identical:
# - Each on run made once per search (_inner_on_run, cache slots in st2 past the 2n + 1 working ones, as
#   chains._on_run): 627 runs a search -> 202. Alone it gained nothing (1.39 -> 1.66 s, noise): the call that
#   looked the cache up passed the store tuples, and a numba call increfs/decrefs every array of every tuple
#   argument (~1 us for st2 + sc2), more than a static run costs. With the lookup written in the callers and
#   _inner_on_run, _inner_run, _inner_regions and propagate_static inline="always": 1.29 -> 0.71 s a pass.
#   What remains (stubbed variants): the runs ~0.5 s, the static graph 0.08 s, the hint loops ~0.1 s;
#   _rule_parents/_add_parent nothing measurable (stubbed: 1.39 vs 1.42 s; a search keeps ~1.7 hints).
# - replay11.py cap11_0_3.pkl 2 (best of 2, main then this, load ~5): level 3 1.495 -> 0.975 s, level 2 2.48 ->
#   2.54 s (noise), identical; lev11.py 4 0: 6.68 -> 5.28 s, its level-3 calls 2.79 -> 1.58 s.
# - Left: skipping the static graph kind 0 just built on the same grid (0.08 of 0.71 s); the hint loops as
#   chains._common (bit sets, ~0.1 s); freeing cache slots whose runs are used up, to keep the runs' memory hot.
# kind1 (2026-11-24). Bench: the 385 distinct grids of the nested kind-1 searches met replaying the first level-3
# call of cap11_0_3.pkl (captured with NUMBA_DISABLE_JIT, a Python _rule recording them), each searched with
# source = every candidate, best of 7 CPU: 0.432 ms a search (every hint, removable and parent identical, and on
# 384 grids of the third call: 0.617 -> 0.084 ms):
# - Static runs meet no contradiction there (0 of 51518 runs, 261 grids of both calls): a run from p is p's
#   closure in the static graph, ~21 potentials, and 0.6% of the groups (161 of 26731 cells and houses) have a
#   potential every member's run reaches. _static_multiple computes the closure (links._closure, 0.024 ms) and
#   makes the runs of a group only when its members' reach sets meet (_meets, exact: a run is a subset of its
#   reach set): 202 runs a search -> 3.5; 0.432 -> 0.19 ms.
# - The rest was the region scan written in _inner_regions (inline): each call took ~15 arrays out of `inner`
#   and its store tuples (an incref/decref each), ~1 us per (cell, digit). The static scan now reads arrays
#   taken once, and the inner tuple is passed only for a group that meets (_common_hints): 0.19 -> 0.087 ms
#   (static graph 0.014, closure 0.024, scan 0.016, call 0.006, runs and hints the rest).
# - A/B against main 8eb7c65, alternated twice, machine at load ~7: replay11 cap11_0_3.pkl 2, level 3
#   0.758/0.634 -> 0.228/0.203 s, level 2 1.116/1.115 -> 1.341/1.180 s (untouched: noise); lev11.py 4 0
#   4.13/3.49 -> 2.85/2.97 s, its 6 level-3 calls 1.622/1.241 -> 0.425/0.452 s. Dumps byte-identical.
# - Left: the static graph kind 0 has just built on the same grid (0.014 ms, needs a flag from _nested) and the
#   closure it made (0.024 ms, in _inner_loops' own buffers).
# kind1c (2026-11-24): in level 3, kind 1 searches right after a kind-0 search of the same grid (a kind-0 memo miss:
# 1698 of the 6033 kind-1 searches rating 8 puzzles of 11+, see the memo record above _rule) take its static graph
# (inner[8..10]) and closure (now in inner[MULTI_REACH], _closure_buffers) instead of making them (GRAPH_OF, set
# by _nested): ~0.038 of their 0.087 ms. The other 4335 follow a kind-0 memo hit and make both.
# - A/B against main 6601863, alternated, load 5-6: replay11 cap11_0_3.pkl 3, level 3 0.174/0.178 -> 0.165/0.164
#   s, level 2 0.749/0.780 -> 0.774/0.780 s (noise), identical; lev11b.py 8 0, its 12 level-3 calls
#   0.780/0.676/0.699 -> 0.662/0.648/0.651 s (8 puzzles 4.15/3.51/3.84 -> 3.74/3.67/3.62 s: noise).
# - Left: the kind-1 searches after a kind-0 hit (~0.38 of level 3's ~0.65 s): graph + closure are ~45% of each.
# kind1d (2026-11-24): rating 8 puzzles of 11+ (lev11c.py 8 0 with counters, second run), 6033 kind-1 searches:
# 6010 make their own graph (GRAPH_OF reuse needs kind 0's closure, which _no_search now mostly skips), and in
# 4645 (77%) no group's reach sets meet (no run, no hint). Phases on the 1550 grids of k1bench (the kind-1 grids
# of cap11_0_3's level-3 replay): static graph 0.014 ms, closure 0.020, the group scan 0.020 (0.013 of it the
# (cell, digit, house) loop with _first_places, not the ANDs).
# - _groups_meet: the reach set of each on from the strong offs' graph S (_strong_reach, as _no_search: 0.005 ms)
#   and p's own links, then one pass over houses (static_graph_xy's place counts) and cells: exact (tested equal
#   to _meets over the closure); when no group meets the search ends before the closure and scan. k1bench (best
#   of 5, alternated twice with main b9fa771, load ~6): 0.0943/0.0971 -> 0.0843/0.0861 ms a search, identical.
# - Tried, lost: the group test over S sets made per member inside the closure's scan (no closure at all):
#   0.095 -> 0.108 ms (each member's set made again in each of its groups, an inlined call with 10 arrays).
# - A/B with main b9fa771, alternated twice, load ~8: replay11 cap11_0_3.pkl 3, level 3 0.178/0.163 -> 0.150/0.150
#   s (level 2 noise), identical; lev11c.py 8 0, its 12 level-3 calls 0.697/0.659 -> 0.611/0.609 s (8 puzzles
#   3.29/3.07 -> 3.08/3.01 s). dump11.py and dump.py 60 byte-identical.
# - Left: the 23% with a meeting group pay the S sets and then the closure (use pset in the scan instead); the
#   graph (0.014 ms) is still made by every search; pset could be made lazily (only the groups' members).
# nest3 (2026-11-24): GRAPH_OF went (kind 1 reused kind 0's graph and closure 23 times in 6033 searches: _no_search
# mostly ends kind 0 before its closure); the later indices moved down by one. The searches
# where a group meets (22% of k1bench's grids: 1550 distinct kind-1 grids of rating 11+ lines[0:3], captured from
# main's memo rows) made the closure after _groups_meet's sets: the scan now reads those sets (pset, _sets_meet;
# exact, tested group by group against _meets over the closure), the closure only when there are too many strong
# offs. k1bench (best of 5, alternated with main 1a2aeab twice, load ~4): 0.0599/0.0587 -> 0.0523/0.0534 ms a
# search, every hint, removable and parent identical.
# - _groups_meet goes on past the first meeting group and marks the cells whose groups meet (a house group's first
#   place, a cell group's cell); the scan skips every other cell (it found nothing there), so its (cell, digit,
#   house) loop with _first_places runs on a few cells only. And kind 1 takes the static graph kind 0 has just
#   made on the same grid (a kind-0 memo miss, 28% of kind-1 searches: _rule's `built` -> ready; the test checks
#   _inner_loops leaves the grid's static_graph_xy in inner[8..10]). k1bench (no reuse there), alternated twice
#   with main: 0.0589/0.0568 -> 0.0478/0.0488 ms a search, identical. replay of the level-2/3 and static multiple
#   calls of 11+ lines[0:3] (memo cleared each pass, best of 3), alternated twice: level 3 0.141/0.138 ->
#   0.124/0.121 s, level 2 noise, --check identical. lev.py 8 0, alternated twice (load ~5): level 3 0.568/0.582
#   -> 0.502/0.523 s, rate total 3.138/3.245 -> 3.083/3.116 s. dump.py 24 byte-identical to s31/base.jsonl.
# - Left: the 78% of kind-1 searches that end at _groups_meet pay the static graph (0.014 ms, skipped only after a
#   kind-0 miss), _strong_graph + _strong_reach (~0.005) and every candidate's pset; pset made lazily (only the
#   members a group's running AND reaches before it empties) is untried.
# nest3b (2026-11-25). Phases on k1bench's 1550 grids (best of 5): static graph 0.0075 ms, _strong_reach 0.0035,
# _groups_meet 0.015 (pset 0.007, the group passes 0.005); on the 341 grids where a group meets, the scan 0.003,
# the runs 0.012 and _common_hints 0.023 ms a grid.
# - pset holds the offs an on reaches only (the offs decide, see _groups_meet; _strong_reach drops ron): half the
#   words to build and AND. k1bench alternated twice with main 6dd3de6: 0.0390/0.0397 -> 0.0380/0.0368 ms.
# - _static_multiple calls _common_hints_of over arrays taken once (kind1e, above it): k1bench 0.0368 -> 0.0343 ms.
# - Both, alternated twice with main: replay of the level-2/3 and static multiple calls of 11+ lines[0:3] (best of
#   5, --check identical) level 3 0.107/0.109 -> 0.097/0.102 s; rate_levels.py level 3 0.458/0.450 ->
#   0.411/0.439 s (rate total noise: 2.856/2.854 -> 2.755/2.958 s, load ~3). rate_dump.py byte-identical.
# - perf on k1bench then: _groups_meet 33%, static_graph_xy 23%, NRT_incref/decref 15%, _strong_graph 8%. Fewer
#   tuple arguments: _search calls _static_multiple itself (not through _inner_multiple: one call passing `inner`,
#   ~100 arrays, less), _groups_meet takes unit_cells, not geo: k1bench 0.0343 -> 0.0332 ms. All three, alternated
#   twice with main 6dd3de6 (load 3-5): k1bench 0.0381/0.0387 -> 0.0329/0.0328 ms; replay level 3 0.108/0.109 ->
#   0.096/0.096 s (--check identical); rate_levels.py level 3 0.461/0.459 -> 0.409/0.411 s, rate total
#   2.966/2.911 -> 2.859/2.871 s. rate_dump.py byte-identical.
# - Tried, lost: a lazy pset (made when a group first reads it): 98% of the candidates' sets are read anyway
#   (312166 of 317259), and the stamp test made _groups_meet slower (0.0264 -> 0.0280 ms with the phases before).
#   pset rows built in four local words (w <= 4, no read-modify-write of pset per link): 0.0227 -> 0.0234 ms.
# - Left: _groups_meet (its pset build ~0.005 ms, ~10 links a candidate; the group passes ~0.005) and the static
#   graph of the searches after a kind-0 memo hit (72%); _strong_graph is _no_search's too (kind 0 may have made
#   it on this grid in loops_cert: reuse untried).
# nest2c (2026-11-25, branch nest2c b8d1647, not merged): that reuse (multi_cert's S arrays shared with
# loops_cert's, _strong_reach skipping _strong_graph when ready) and _closure_buffers only on the closure path:
# exact (replay --check, rate_dump.py identical), but alternated with merge32 the replay's level 3 went
# 0.095-0.100 -> 0.093-0.101 s and rate_levels.py's 0.408/0.410 -> 0.418/0.404 s: no gain measured (expected ~4 ms
# of 0.41 s), so not taken. Level 3's kind 0 through _bits_no_search would lose as things stand: kind 1 follows
# every kind-0 search without hints and reads the static graph, so a certified grid pays the graph anyway; it pays
# only with kind 1's sets made from the bit sets too (pset from the peer runs and place masks, no graph).
# lvl3c (2026-11-25): that, both. _bits_reach makes kind 1's sets (pset, roff, amask, cnode) from the place bit
# sets as _bits_no_search makes S (partners from the place counts, L(p) from the peer runs), and _static_multiple
# makes the static graph only when a group meets (22% of k1bench's grids); at level 3 (GRAPH_FLAG 1) _search
# tries _bits_no_search before _inner_loops (_bits_first), and _rule/_search return what they left of the grid
# (ready 0/1/2: nothing, the place counts, the graph too) for kind 1. Exact: pset tested equal to the static
# graph's reach (breadth first); replay --check and rate_dump.py identical.
# - k1bench (1550 kind-1 grids, best of 5; load ~4), alternated twice with main 78b321d: 0.0335/0.0337 ->
#   0.0295/0.0312 ms a search. replay of the level-2/3 calls of 11+ lines[0:3] (6 passes, best): level 3
#   0.099/0.100 -> 0.094/0.089 s. rate_levels.py, 7 pairs alternated with main (load 2-4): level 3 0.401-0.422
#   (mean 0.411) -> 0.386-0.414 (mean 0.397) s, level 2 0.849 -> 0.848, rate total 2.680 -> 2.678 s (noise).
# - Lost: the same lines written in _search (not in _bits_first): level 2, which never runs them, 0.859-0.871 ->
#   0.877-0.910 s in 6 of 6 pairs (level 3 0.420 -> 0.404); moved out, level 2 back to main's.
# - Phases on k1bench's grids (us a grid): place counts 0.6, _bits_reach 11.2 (m ~31 strong offs, |R| ~2.2, ~204
#   candidates, amask ~1.1 rows: the per-candidate L(p) and T passes, not roff), _groups_meet 5.0; the search
#   29.9 (the graph 7.3 when made). Tried, no gain: each link once, both ways (the cell's later peers as one
#   mask, pset rows zeroed first): _bits_reach 11.76 -> 11.55 us, k1bench 0.0320 ms either way (exact). Left:
#   _bits_reach's per-candidate passes (~54 ns a candidate) and _groups_meet's passes.
# lvl3d (2026-11-25): _strong_rows (review D2: the strong-row pass of _bits_no_search and _bits_reach, once).
# _bits_reach's L(p) pass: the cell's peers OR-ed from its peer runs once a cell (wb[0], unused till then), not
# each candidate's runs, and its cell's other candidates as the cell's range of cnode bits (one or two words
# stored, not a bit and a cnode read each); _groups_meet reads a house group's places after the first from hmask &
# pm, not a scan of the house's cells. Prototype on k1bench's 1550 grids (best of 7, us a grid): place counts +
# _bits_reach 12.1 -> 10.5, _groups_meet ~5.3 -> ~4.7 (exact: sets and marks equal). Alternated with main c13a169
# (load ~5): k1bench 0.0316/0.0311 -> 0.0276/0.0276 ms (--check identical); replay cap03 level 3 0.091/0.092 ->
# 0.086/0.087 s (--check identical); rate_levels.py level 3 0.387/0.393/0.391 -> 0.365/0.371/0.373 s.
# - Lost/wrong: the peers as the union of the cell's houses (hmask): wrong with extra difference pairs (their
#   peers are in no house; tests' offset_pairs geometry). No gain: the peer loop unswitched on t >= 0 (10.46 vs
#   10.47 us). Lost: each pset row's words written once (range word, own bit cleared, else 0: a select per word)
#   instead of zeroed then stored: 10.4 -> 11.7 us.
# - _common_hints_of takes each chain's length from _chain_parents' walk (it returns the count) instead of an
#   ancestor_count walk before it (each common potential walked twice per slot -> once), and writes a hint's key
#   only when it commits it: with the above, alternated with main c13a169 (load ~3): k1bench 0.0307/0.0302 ->
#   0.0272/0.0272 ms (no change of its own seen on k1bench), replay cap03 level 3 0.090/0.090 -> 0.084/0.086 s,
#   rate_levels.py level 3 0.383/0.387/0.398 -> 0.359/0.366/0.365 s, rate total 2.380/2.376/2.509 ->
#   2.365/2.405/2.387 s.
@njit(cache=True)
def _inner_multiple(dynamic, level, n, source, grid, geo, inner, ready=0):
    """Every multiple forcing chain (cell and region; static, SE's Chaining(true, false, false)) or, dynamic, every
    dynamic forcing chain (contradiction, double, cell, region; at `level`) on the narrowed grid, as nested
    hints (SE's getMultipleChainsHintList, every hint kept). Static: _static_multiple. Each on run is made once
    per search (_inner_on_run). ready: as _search's (static only)."""
    st2, sc2 = inner[0], inner[1]
    graph = (inner[8], inner[9], inner[10])
    if not dynamic:  # kind 1 (level 0)
        _static_multiple(n, source, grid, geo, inner, ready)
        return
    _clear_on_runs(n, st2, inner[ON_RUNS])
    cslot, cres = inner[ON_RUNS][0], inner[ON_RUNS][1]
    st_pid, nrec, pmap = st2[0], st2[4], st2[6]
    result = sc2[8]
    base = 85 + 5 * level
    vals = np.empty(n, np.int64)
    on_slots = np.empty(n, np.int64)
    for cell in range(grid.shape[0]):
        m = grid[cell]
        card = popcount(m)
        if card < 2:
            continue
        nv = _digits(m, n, vals)
        for iv in range(nv):
            d = vals[iv]
            on = (cell * n + d) * 2 + 1
            sd = cslot[on]  # the cache looked up here: a call passing the store tuples costs more than a run
            if sd >= 0:
                result[0], result[1] = cres[sd, 0], cres[sd, 1]
            else:
                sd = _inner_on_run(on, d, True, level, n, grid, geo, st2, sc2, graph, inner[ON_RUNS])
            on_slots[iv] = sd
            if result[0] >= 0:
                _binary(inner, sd, result[0], sd, result[1], on - 1, base, 7, n, source, grid, geo)
            propagate_inner(n, on - 1, True, True, n, grid, geo, st2, sc2, level)
            if result[0] >= 0:
                _binary(inner, n, result[0], n, result[1], on, base, 7, n, source, grid, geo)
            if card >= 3:
                for want in (1, 0):
                    for r in range(nrec[sd]):
                        pid = st_pid[sd, r]
                        if pid & 1 != want or pmap[sd, pid] != r or pmap[n, pid] < 0:
                            continue
                        _binary(inner, sd, r, n, pmap[n, pid], pid, base, 1, n, source, grid, geo)
            _inner_regions(level, cell, d, sd, n, source, grid, geo, inner, base, graph)
        if not _common_hints(inner, on_slots, nv, CELL, 5, base, n, source, grid, geo):
            return


@njit(cache=True)
def _static_multiple(n, source, grid, geo, inner, ready):
    """_inner_multiple's static search (level 0): a group (a cell's candidates, a house's places) is searched only
    when its members' reach sets in the static graph meet (_sets_meet: _groups_meet's sets, made from the place
    bit sets by _bits_reach, or the closure's when there are too many strong offs), and only in the cells
    _groups_meet marks; its runs are made then (_inner_on_run). ready: 1 = the grid's place counts are made
    (inner[LOOPS_ORDER]), 2 = its static graph too (inner[8..10]: kind 0 made them); the graph is made only when
    a group meets. Returns 2 if the graph is in inner[8..10] after, else 1."""
    st2, sc2 = inner[0], inner[1]
    graph = (inner[8], inner[9], inner[10])
    tj, reach = _closure_buffers(n, grid, inner)
    cell_units, unit_cells = geo[0], geo[1]
    cslot = inner[ON_RUNS][0]
    st_pid, st_p0, st_pn, st_par, cause, nrec, pmap = st2[0], st2[1], st2[2], st2[3], st2[7], st2[4], st2[6]
    stamp, tick, q = sc2[9], sc2[10], sc2[11]
    hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount = inner[2], inner[3], inner[4], inner[5], inner[6], inner[7]
    order = inner[LOOPS_ORDER]
    mcount = inner[MULTI_CERT][9]
    mcount[0] += 1
    pset = inner[MULTI_CERT][10]
    if ready == 0:
        place_counts(n, grid, order)
    strong = _bits_reach(n, grid, cell_units, order, inner[MULTI_CERT])
    mcount[1] += strong
    mark = np.empty(grid.shape[0], np.bool_)  # strong: the cells with a group that meets (_groups_meet)
    w = 0
    if strong:  # the groups meet over pset (_groups_meet's sets), not the closure
        if not _groups_meet(n, grid, unit_cells, order[3], order[8], order[4], inner[MULTI_CERT], mark):
            mcount[2] += 1
            return max(ready, 1)
        w = mcount[3]  # words of a pset row (offs)
    if ready < 2:
        static_graph_xy(n, grid, geo, order, graph[0], graph[1], graph[2], True)  # = static_graph(True, True)
    if not strong:
        _closure(n, grid, graph[0], graph[1], tj, reach)
        w = reach.shape[1]  # words of the reach sets
    _clear_on_runs(n, st2, inner[ON_RUNS])
    vals = np.empty(n, np.int64)
    on_slots = np.empty(n, np.int64)
    comps = np.empty(n, np.int64)
    ons = np.empty(n, np.int64)
    slots = np.empty(n, np.int64)
    for cell in range(grid.shape[0]):
        m = grid[cell]
        if popcount(m) <= 2 or (strong and not mark[cell]):
            continue
        nv = _digits(m, n, vals)
        for iv in range(nv):
            d = vals[iv]
            on = (cell * n + d) * 2 + 1
            sd = -1
            for j in range(cell_units.shape[1]):
                u = cell_units[cell, j]
                if u < 0:
                    break
                k = _first_places(cell, d, u, n, grid, unit_cells, ons)
                if k < 2:
                    continue
                if not _sets_meet(strong, pset, reach, tj, ons, comps, k, w):
                    continue
                if sd < 0:
                    sd = cslot[on]
                    if sd < 0:
                        sd = _inner_on_run(on, d, False, 0, n, grid, geo, st2, sc2, graph, inner[ON_RUNS])
                slots[0] = sd
                ns = 1
                for i in range(n):
                    c = unit_cells[u, i]
                    if c != cell and (grid[c] >> np.uint64(d)) & np.uint64(1):
                        on2 = (c * n + d) * 2 + 1
                        slots[ns] = cslot[on2]
                        if slots[ns] < 0:
                            slots[ns] = _inner_on_run(on2, n + ns, False, 0, n, grid, geo, st2, sc2, graph,
                                                      inner[ON_RUNS])
                        ns += 1
                if not _common_hints_of(slots, ns, u, 6, 80, n, source, grid, unit_cells, st_pid, st_p0, st_pn,
                                        st_par, cause, nrec, pmap, stamp, tick, q, hk, hrem_ptr, hrem, hpar_ptr,
                                        hpar, hcount):
                    return 2
        for iv in range(nv):
            ons[iv] = (cell * n + vals[iv]) * 2 + 1
        if not _sets_meet(strong, pset, reach, tj, ons, comps, nv, w):
            continue
        for iv in range(nv):
            on = (cell * n + vals[iv]) * 2 + 1
            on_slots[iv] = cslot[on]
            if on_slots[iv] < 0:
                on_slots[iv] = _inner_on_run(on, vals[iv], False, 0, n, grid, geo, st2, sc2, graph, inner[ON_RUNS])
        if not _common_hints_of(on_slots, nv, CELL, 5, 80, n, source, grid, unit_cells, st_pid, st_p0, st_pn, st_par,
                                cause, nrec, pmap, stamp, tick, q, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount):
            return 2
    return 2


@njit(cache=True, inline="always")
def _first_places(cell, d, u, n, grid, unit_cells, ons):
    """The number of places of digit d in house u if cell is the first (their on potentials into ons), else 0."""
    bit = np.uint64(1) << np.uint64(d)
    k = 0
    for i in range(n):
        c = unit_cells[u, i]
        if grid[c] & bit:
            if k == 0 and c != cell:
                return 0
            ons[k] = (c * n + d) * 2 + 1
            k += 1
    return k


@njit(cache=True, inline="always")
def _sets_meet(strong, pset, reach, tj, ons, comps, k, w):
    """True if the reach sets of on potentials ons[:k] share a potential: their pset rows (the offs they reach, w
    words; strong: _groups_meet made them) or their components' closure sets (_meets)."""
    if not strong:
        for i in range(k):
            comps[i] = tj[1, ons[i]]
        return _meets(reach, comps, k, w)
    for j in range(w):
        x = pset[ons[0] >> 1, j]
        for i in range(1, k):
            x &= pset[ons[i] >> 1, j]
        if x:
            return True
    return False


@njit(cache=True, inline="always")
def _meets(reach, comps, k, w):
    """True if the reach sets (links._closure, w words) of components comps[:k] share a potential. A static run
    from p reaches a subset of p's reach set (all of it unless it stops at a contradiction), so runs whose sets
    do not meet have no common potential: the group has no multiple forcing chain."""
    for j in range(w):
        x = reach[comps[0], j]
        for i in range(1, k):
            x &= reach[comps[i], j]
        if x:
            return True
    return False


@njit(cache=True)
def _bits_reach(n, grid, cell_units, order, cert):
    """_groups_meet's sets from the place bit sets (order: place_counts' pm and ucnt, the peer runs), without the
    static graph: pset[candidate] = the offs (bits over the present candidates, cnode) its on potential reaches in
    the static graph. An on p links to the offs L(p) (its cell's other candidates, the digit's peers); of those,
    the strong offs T (a candidate of a bivalue cell or of a house with two places, as _bits_no_search; rows of
    one-word sets, amask[p] = the rows in L(p)) link on to their partners pr[t] (rr[0]), whose links reach more
    strong offs: S (t -> the rows in L(pr[t])) and its reflexive closure R (rr[1], Warshall); so p reaches L(p)
    and roff[t] = L over the partners of R(t), for t in amask[p]. False when there are more than STRONG_MAX strong
    offs or pset is too narrow (nothing usable made); mcount[3] = the words of a set. (wb[0]: the cell's peers.)"""
    sidx, cnode, slist, rr, wb, tb, roff, amask, acc, mcount, pset = cert
    crow, rcand, pr = sidx, slist, rr[0]  # a candidate's row in T or -1, a row's candidate, a row's partners
    ucnt, pm, seg_ptr, seg_mask, hmask = order[3], order[4], order[5], order[7], order[8]
    cw = pm.shape[1]
    one = np.uint64(1)
    m = _strong_rows(n, grid, cell_units, ucnt, crow, rcand, amask)
    if m < 0:
        return False
    k = 0
    for cell in range(grid.shape[0]):  # cnode (its own pass: D2, see _strong_rows)
        g = grid[cell]
        while g:
            cnode[cell * n + ctz(g)] = k
            k += 1
            g &= g - one
    w = (k + 63) // 64
    if w > pset.shape[1]:
        return False
    mcount[3] = w
    pk = wb[0]  # the cell's peers (cell bits: the OR of its peer runs, once a cell, not once a candidate)
    kb = 0  # the cell's first candidate bit: its candidates are bits kb .. kb + pc - 1 (cnode)
    for cell in range(grid.shape[0]):  # L(p) of every present candidate, and amask
        g = grid[cell]
        if g == 0:
            continue
        pc = popcount(g)
        for j in range(cw):
            pk[j] = 0
        for sg in range(seg_ptr[cell], seg_ptr[cell + 1]):
            for j in range(cw):
                pk[j] |= seg_mask[sg, j]
        j0, j1 = kb >> 6, (kb + pc - 1) >> 6  # the cell's candidate bits as one or two words
        if j0 == j1:
            lo0, lo1 = ((one << np.uint64(pc)) - one) << np.uint64(kb & 63), np.uint64(0)
        else:
            lo0, lo1 = ~np.uint64(0) << np.uint64(kb & 63), (one << np.uint64((kb + pc) & 63)) - one
        r0 = g
        b = kb
        while r0:
            d = ctz(r0)
            r0 &= r0 - one
            ci = cell * n + d
            for j in range(w):
                pset[ci, j] = 0
            pset[ci, j0] = lo0  # its cell's other candidates
            if j1 != j0:
                pset[ci, j1] = lo1
            pset[ci, b >> 6] &= ~(one << np.uint64(b & 63))
            b += 1
            t = crow[ci]
            if t >= 0:
                r = g & ~(one << np.uint64(d))
                while r:  # (links go both ways: on c2 links to off ci)
                    amask[cell * n + ctz(r)] |= one << np.uint64(t)
                    r &= r - one
            for j in range(cw):  # the digit's peers
                x = pk[j] & pm[d, j]
                while x:
                    c2 = (j * 64 + ctz(x)) * n + d
                    x &= x - one
                    bb = cnode[c2]
                    pset[ci, bb >> 6] |= one << np.uint64(bb & 63)
                    if t >= 0:
                        amask[c2] |= one << np.uint64(t)
        kb += pc
    for i in range(m):  # partners
        pr[i] = _partners(n, grid, cell_units, ucnt, hmask, pm, crow, rcand[i], cw)
    for i in range(m):  # S's successors, then R
        rr[1, i] = _or_rows_at(amask, rcand, pr[i]) | (one << np.uint64(i))
    _warshall(rr, m)
    for i in range(m):  # roff: L over the partners of R(i)
        q = _or_rows(pr, rr[1, i])
        for j in range(w):
            roff[i, j] = 0
        while q:
            c2 = rcand[ctz(q)]
            q &= q - one
            for j in range(w):
                roff[i, j] |= pset[c2, j]
    for cell in range(grid.shape[0]):  # pset = L(p) and roff over amask[p]
        g = grid[cell]
        while g:
            ci = cell * n + ctz(g)
            g &= g - one
            a = amask[ci]
            while a:
                t = ctz(a)
                a &= a - one
                for j in range(w):
                    pset[ci, j] |= roff[t, j]
    return True


@njit(cache=True, inline="always")
def _meet(acc, pset, ci, first, w):
    """A group's running intersection: acc = pset[ci] for its first member, else acc &= pset[ci]; returns the OR
    of acc's words after an AND (0 for the first member)."""
    x = np.uint64(0)
    if first:
        for j in range(w):
            acc[j] = pset[ci, j]
        return x
    for j in range(w):
        acc[j] &= pset[ci, j]
        x |= acc[j]
    return x


@njit(cache=True)
def _groups_meet(n, grid, unit_cells, ucnt, hmask, pm, cert, mark):
    """True if some group _static_multiple searches (a cell of 3+ candidates, a house's places of a digit whose
    first place's cell has 3+) has on potentials whose reach sets share a potential (exact: as _meets over the
    closure); mark[cell] = True for the cell of each such cell group and the first place of each such house
    group (the cells whose groups _static_multiple's scan searches). pset[p's candidate] = the offs p reaches
    (_bits_reach). The offs alone decide: an on x that every member reaches has its offs L(x) in every member's
    set, and L(x) is never empty (a member links to another member's off, an on target of off t to t). ucnt:
    place_counts' counts, hmask and pm; unit_cells: geo[1] (not geo: each of its ~30 arrays costs a refcount pair
    a call). A house group's first place is its first in unit_cells' order, its other places read from the bit
    sets (the intersection's order does not matter)."""
    sidx, cnode, slist, rr, wb, tb, roff, amask, acc, mcount, pset = cert
    w = mcount[3]
    cw = pm.shape[1]
    one = np.uint64(1)
    for cell in range(grid.shape[0]):
        mark[cell] = False
    met = False
    for u in range(unit_cells.shape[0]):
        for d in range(n):
            if ucnt[u, d] < 2:
                continue
            bit = one << np.uint64(d)
            first = -1
            for i in range(n):
                c = unit_cells[u, i]
                if grid[c] & bit:
                    first = c
                    break
            if popcount(grid[first]) <= 2:
                continue
            _meet(acc, pset, first * n + d, True, w)
            x = one
            for j in range(cw):
                y = hmask[u, j] & pm[d, j]
                if j == first >> 6:
                    y &= ~(one << np.uint64(first & 63))
                while y and x:
                    c = j * 64 + ctz(y)
                    y &= y - one
                    x = _meet(acc, pset, c * n + d, False, w)
            if x:
                mark[first] = True
                met = True
    for cell in range(grid.shape[0]):
        g = grid[cell]
        if popcount(g) <= 2:
            continue
        k = 0
        x = np.uint64(0)
        for v in range(n):
            if not (g >> np.uint64(v)) & one:
                continue
            x = _meet(acc, pset, cell * n + v, k == 0, w)
            if k > 0 and x == 0:
                break
            k += 1
        if x:
            mark[cell] = True
            met = True
    return met


@njit(cache=True, inline="always")
def _common_hints(inner, slots, ns, roots, key, base, n, source, grid, geo):
    """_common_hints_of over the arrays of `inner`, st2 and sc2 (for the dynamic searches; _static_multiple takes
    them once and calls _common_hints_of itself)."""
    st2, sc2 = inner[0], inner[1]
    return _common_hints_of(slots, ns, roots, key, base, n, source, grid, geo[1], st2[0], st2[1], st2[2], st2[3],
                            st2[7], st2[4], st2[6], sc2[9], sc2[10], sc2[11], inner[2], inner[3], inner[4], inner[5],
                            inner[6], inner[7])


# kind1e (2026-11-25): _common_hints took the inner tuple and called ancestors (st2, sc2), _new_hint,
# _target_removables, _rule_parents and _commit (inner) per common potential: each non-inlined call increfs and
# decrefs every array of those tuples. _common_hints_of takes arrays and writes those helpers out (inlined, over
# arrays). On the 341 kind-1 grids of k1bench where a group meets (best of 5): its share 0.0227 -> 0.0135 ms a
# grid (the same with _common_hints_of inline="always": 0.0138; with the non-inlined _add_parent of then: 0.0150).
@njit(cache=True)
def _common_hints_of(slots, ns, roots, key, base, n, source, grid, unit_cells, st_pid, st_p0, st_pn, st_par, cause,
                     nrec, pmap, stamp, tick, q, hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount):
    """The hints of the potentials every run of slots[:ns] holds (the first run's records in order, on ones
    first; rule parents by `roots`: CELL or the house); False when the hint buffers are full. As _new_hint,
    _target_removables, _rule_parents and _commit would make them, over arrays (nested stores st2: st_pid..cause,
    nrec, pmap; scratch sc2: stamp, tick, q; the hint buffers inner[2..7])."""
    s0 = slots[0]
    for want in (1, 0):
        for r in range(nrec[s0]):
            pid = st_pid[s0, r]
            if pid & 1 != want or pmap[s0, pid] != r:
                continue
            total = 0
            for i in range(ns):
                if pmap[slots[i], pid] < 0:
                    total = -1
                    break
            if total < 0:
                continue
            h = _new_hint_at(hk, hrem_ptr, hpar_ptr, hcount, 0, 0, key)  # (length: at the commit)
            if h < 0:
                return False
            if not _target_at(hrem_ptr, hrem, h, pid, n, grid):
                continue
            for i in range(ns):  # the rule parents, and the chains' length from the same walks
                total += _chain_parents(h, slots[i], pmap[slots[i], pid], roots, False, n, source, grid, unit_cells,
                                        st_pid, st_p0, st_pn, st_par, cause, stamp, tick, q, hpar_ptr, hpar)
            if hpar_ptr[h + 1] > hpar_ptr[h]:
                _length_at(hk, hcount, h, base, total)
    return True


@njit(cache=True, inline="always")
def _put(ptr, buf, h, pid):
    """Append pid to entry h of a CSR buffer (ptr, buf) if there is room (_add_removable over arrays)."""
    k = ptr[h + 1]
    if k < buf.shape[0]:
        buf[k] = pid
        ptr[h + 1] = k + 1


@njit(cache=True, inline="always")
def _chain_parents(h, s, r, root_cause, both, n, source, grid, unit_cells, st_pid, st_p0, st_pn, st_par, cause,
                   stamp, tick, q, hpar_ptr, hpar):
    """_rule_parents over arrays: hint h's rule parents from the chain ending at record r of slot s; returns the
    chain's ancestor count (its walk's, as links.ancestor_count)."""
    k = ancestor_walk(s, r, st_pid, st_p0, st_pn, st_par, stamp, tick, q)
    for j in range(k):
        x = q[j]
        pid = st_pid[s, x]
        c = cause[s, x] if st_pn[s, x] > 0 else root_cause
        if (pid & 1 or both) and c != -1 and c != ADVANCED:
            cell = pid // 2 // n
            d = pid // 2 % n
            if c == CELL:
                gone = source[cell] & ~grid[cell]
                for v in range(n):
                    if (gone >> np.uint64(v)) & np.uint64(1):
                        _put_parent(hpar_ptr, hpar, h, (cell * n + v) * 2)
            else:
                bit = np.uint64(1) << np.uint64(d)
                for i in range(n):
                    cc = unit_cells[c, i]
                    if (source[cc] & bit) and not (grid[cc] & bit):
                        _put_parent(hpar_ptr, hpar, h, (cc * n + d) * 2)
    return k


@njit(cache=True, inline="always")
def _put_parent(hpar_ptr, hpar, h, pid):
    """Add a rule parent to hint h unless it is there already."""
    for j in range(hpar_ptr[h], hpar_ptr[h + 1]):
        if hpar[j] == pid:
            return
    _put(hpar_ptr, hpar, h, pid)


@njit(cache=True, inline="always")
def _inner_run(s, start, dynamic, level, n, grid, geo, st2, sc2, graph):
    """A nested run into slot s: a static one (level 0) over the static graph `graph`, else propagate_inner."""
    if not dynamic and level == 0:
        propagate_static(s, start, graph[0], graph[1], graph[2], st2, sc2)
    else:
        propagate_inner(s, start, dynamic, True, n, grid, geo, st2, sc2, level)


@njit(cache=True)
def _clear_on_runs(n, st2, on_runs):
    """Forget the runs the on-run cache kept for the last search (each cached slot's first record is its start)."""
    cslot, count = on_runs[0], on_runs[2]
    first = 2 * n + 1
    for s in range(first, first + count[0]):
        cslot[st2[0][s, 0]] = -1
    count[0] = 0


@njit(cache=True, inline="always")
def _inner_on_run(on, fallback, dynamic, level, n, grid, geo, st2, sc2, graph, on_runs):
    """The slot holding the nested run from on potential `on`, made once per search as kernels/chains._on_run
    does for outer calls: a run depends only on its start and the grid, so it is kept in a cache slot of the
    inner stores (past the 2n + 1 working slots) and later uses read it, sc2.result restored; when the cache
    slots are used up it is made into `fallback` as before. on_runs = inner[ON_RUNS].
    Its lookup repeats chains._on_run's on purpose: one shared helper (links.cached_slot returning (slot, kept),
    inline, and a keep_run) cost the 3 level-3 calls of cap11_0_3 0.72 -> 0.85 s (replayed alternately, twice)."""
    cslot, cres, count = on_runs
    result = sc2[8]
    s = cslot[on]
    if s >= 0:
        result[0], result[1], result[2] = cres[s, 0], cres[s, 1], OK
        return s
    s = fallback
    first = 2 * n + 1
    if first + count[0] < st2[0].shape[0]:
        s = first + count[0]
        count[0] += 1
    _inner_run(s, on, dynamic, level, n, grid, geo, st2, sc2, graph)
    if s >= first:
        cslot[on] = s
        cres[s, 0], cres[s, 1] = result[0], result[1]
    return s


@njit(cache=True)
def _binary(inner, s1, r1, s2, r2, target, base, key, n, source, grid, geo):
    """A nested contradiction (key 7) or double (key 1) forcing chain: chains r1 (slot s1) and r2 (slot s2)."""
    st2, sc2 = inner[0], inner[1]
    c = ancestors(s1, r1, st2, sc2) + ancestors(s2, r2, st2, sc2)
    h = _new_hint(inner, base + length_tenths(c), c, key)
    if h < 0 or not _target_removables(inner, h, target, n, grid):
        return
    _rule_parents(inner, h, s1, r1, -1, False, n, source, grid, geo)
    _rule_parents(inner, h, s2, r2, -1, False, n, source, grid, geo)
    if inner[5][h + 1] > inner[5][h]:
        _commit(inner, h)


@njit(cache=True, inline="always")
def _inner_regions(level, cell, d, sd, n, source, grid, geo, inner, base, graph):
    """Nested dynamic region forcing chains from (cell, d) (its on run in slot sd): houses where cell is the first
    of the digit's places (each place's run made once per search, _inner_on_run; static: _static_multiple)."""
    st2, sc2 = inner[0], inner[1]
    cell_units, unit_cells = geo[0], geo[1]
    cslot, cres = inner[ON_RUNS][0], inner[ON_RUNS][1]
    bit = np.uint64(1) << np.uint64(d)
    slots = np.empty(n, np.int64)
    for j in range(cell_units.shape[1]):
        u = cell_units[cell, j]
        if u < 0:
            break
        count = 0
        first = -1
        for i in range(n):
            c = unit_cells[u, i]
            if grid[c] & bit:
                if first < 0:
                    first = c
                count += 1
        if count < 2 or first != cell:
            continue
        ns = 1
        slots[0] = sd
        for i in range(n):
            c = unit_cells[u, i]
            if c != cell and grid[c] & bit:
                on = (c * n + d) * 2 + 1
                slots[ns] = cslot[on]  # (looked up here, as in _inner_multiple)
                if slots[ns] < 0:
                    slots[ns] = _inner_on_run(on, n + ns, True, level, n, grid, geo, st2, sc2, graph,
                                              inner[ON_RUNS])
                else:
                    sc2[8][0], sc2[8][1], sc2[8][2] = cres[slots[ns], 0], cres[slots[ns], 1], OK
                ns += 1
        if not _common_hints(inner, slots, ns, u, 6, base, n, source, grid, geo):
            return


@njit(cache=True)
def nested_complexity(slots, recs, k, st, sc, seen):
    """SE's getNestedComplexity: the complexity of every distinct nested chain among the ancestors of the given
    records (slot slots[i], record recs[i]). seen[] is a scratch stamp over (slot, nested chain) pairs."""
    st_pid, st_p0, st_pn, st_par, nest, nest_cplx = st[0], st[1], st[2], st[3], st[8], st[9]
    stamp, tick, q = sc[9], sc[10], sc[11]
    tick[0] += 1
    t = tick[0]
    total = 0
    width = nest_cplx.shape[1]
    for i in range(k):
        s = slots[i]
        for j in range(ancestor_walk(s, recs[i], st_pid, st_p0, st_pn, st_par, stamp, tick, q)):
            nid = nest[s, q[j]]
            if nid >= 0 and seen[s * width + nid] != t:
                seen[s * width + nid] = t
                total += nest_cplx[s, nid]
    return total
