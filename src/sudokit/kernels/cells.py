"""Dancing Cells: Knuth's Algorithm C (exact cover with colors) on sparse sets, over flat uint32 arrays.

Same contract as kernels/dlx.py: one resumable kernel `search`, the whole search state in caller arrays, run
until `limit` more solutions (PAUSED_LIMIT), exhaustion (DONE) or `max_nodes` nodes (PAUSED_NODES); the first
`len(out_len)` solutions of the call go to `out_opts` as the user's option indices, in the order chosen.

Layout (a *node* is an entry of the problem's CSR arrays; cover/solver.py `build_cells` makes every array). An
item is named by h, the place in setm where its set starts, with its header in the four words before it (Knuth's
SSXCC layout: one array, the size beside the set); the items' h grow with their number (primaries first), so
"h < nprim" (state[ST_NPRIM] = h of the first secondary item) says primary and MRV's ties go to the lowest item.
span, nd and setm are uint16 when every place fits (half the footprint; numba compiles the kernel for each
width), so every value read from them is cast to uint32 at once and the arithmetic stays unsigned 32-bit:

    nd[2z], nd[2z+1]         item (h) of node z, z's place in setm (absolute)
    span[2z], span[2z+1]     first node and end of z's option;  opt_of[z] its option, col[z] its color (0 none)
    setm[h-4 .. h)           item h's header: place in `item`, place in `prim`, stamp (see below), size of its set
    setm[h .. h+size)        the active options of item h, as nodes (a sparse set: nd[2z+1] says where z sits)
    hs[k]                    h of the k-th item (fixed: the dense snapshot's order)
    item[0 .. active)        the active items (a sparse set: setm[h-4] says where h sits)
    prim[0 .. pactive)       the active primary items, for the MRV scan (setm[h-3] says where h sits)
    lv[level]                chosen item, index in its set of the option being tried, `active` after
                             choosing, start of the level's trail, `pactive` after choosing
    trail                    (item, size) pairs, for undo: a stack, newest last

A node in search (Knuth's SSXC): choose the active primary item i with fewest options (MRV; ties to the lowest
item index, or at random if seeded; none left = a solution), deactivate it, put its set back in option order
(unseeded: a stable order, so options are tried as dancing links tries them), and remove the other nodes of each
of its options from the sets of the active items, then make the sizes restorable (below). Trying option x:
deactivate x's other items that are still active, then, for each of them, j, hide the options in j's set
(all of them if x uses j uncolored, only those with another color or none if x gives j color c) by removing
their other nodes from the sets of the items that were active before x. A secondary item already inactive
was made so by an earlier option with the same color (an option with another color or none would have been
hidden then), so it needs nothing. x is abandoned as soon as an active primary item would lose its last
option. Undo = restore `active` and the saved sizes (a sparse set forgets nothing when its size shrinks).
A forced choice (size 1) saves nothing: leaving it, the parent's restore covers it. (x is in no set it could
be hidden from twice: choosing i already removed the other nodes of all of i's options.)

Saving sizes, three ways by the number of items (state[ST_SNAP], SNAPSHOT_ITEMS by default):
- few in all (n <= SNAPSHOT_ITEMS) and at least half of them active: a dense snapshot, every item's size in item
  order (n words, no item ids), copied out once per level and back before each option;
- few active: a snapshot, (item, size) of every active item pushed once per level and copied back before each option;
- many: lazily, each level's options get a fresh stamp (a clock in state), and an item is pushed the first time
  one of them shrinks its set (its stamp differs); undo pops the level's pushes newest first. On a 36x36 Sudoku
  (5,184 items) the snapshot copied every item at every node: 0.20 s for the empty grid against 0.02 s now.
The trail needs at most twice the sum over levels of the active items; the kernel pauses with PAUSED_TRAIL
before a node that might not fit, and the driver grows the array and resumes.

Measured after those two changes (stable order; snapshot up to 256 items, lazy above), CPU seconds, min of 5
alternating runs on the loaded 2-core box, against the kernel before them: 12 queens 0.077 (was 0.066; 251,295
nodes against 230,214: the ties now go to the first item, as ssxcc's 251,387), 13 queens 0.286 (0.246), quarter
pentominoes 1.44 (1.78); empty 36x36 Sudoku, first solution, 5,972 nodes (none within 2M before).
Then MRV over a sparse set of the active primary items only (queens: 1/3 of the items), and nd[2z+1] as z's
absolute place in setm (a removal adds no base): quarter pentominoes 1.48 -> 1.42, 13 queens 0.28 (unchanged
within noise); .scratch A/B, min of 3 alternating runs.
Where the removals go (quarter pentominoes): 4.5M when a level hides its item's options, 127M in the 302,519
options that lead to a node, 140M in the 606,676 that are abandoned (12 queens: 0.4M of 4.7M). Hiding the
deactivated items' sets smallest first (failures found before the long hides; the outcome does not depend on the
order) cut the removals to 240M but won only 4% there and lost 8% on 13 queens (the ordering costs per option);
the largest set alone moved last: 252M removals, slower on both. Neither kept.

Measured (quarter pentominoes: 6x10, X in one quarter, 2339 solutions, 303661 nodes, 273M removals; CPU
seconds, time.process_time, variants alternated in one process on a loaded 2-core box; min of 6-10 runs):
    xcover 2.71 (its dancing cells, same tree: 301499 nodes, 271M removals), dlx 3.95, first version here 2.02
    (separate item/loc/size/pos/base arrays, node -> option -> opt_ptr lookups).  Variants, each line one
    alternating run, so only the figures on a line compare:
    first 2.70 | per-node option span (start, end) and two loops around the node instead of a z != y test 2.23
    first 2.07 | Knuth-style spacer nodes (scan to the spacer both ways, no option lookup) 2.51: lost
    first 2.88 | trail = a copy of the whole size array per level (contiguous, but n words) 3.08: lost
    first 2.70 | span without the two loops 2.85 | span + two loops 2.23: kept
    span 2.51  | + (item, loc) interleaved per node 2.26: kept
    span 2.38  | + (item, loc, start, end) per node 2.41 | (item, loc) 2.25 | (item, loc) + (start, end) 2.11: kept
    that 1.92  | + (pos, size) per item 1.80 | + (pos, size, base, -) per item 1.77: kept
    that 2.02  | the same with the inner loops as inline helpers (this file) 2.01
    this 1.72  | every array uint16 (the problem fits; half the cache footprint) 2.05: lost
The same kernel on the same problem varies by up to 1.3x from one run to the next, in one process, with
where numpy happens to place the arrays (1.70 vs 2.25 s for two placements that alternate); shifting the
arrays' offsets within a 4 KiB page did not give a placement that stays fast, so compare several runs.
`python benchmarks/cover.py --peers xcover --rounds 3` (best of 3, engines taking turns, loaded box):
    queens12             cells 0.07   dlx 0.20  (2.72x)   xcover 0.18  (2.55x)
    pentominoes-quarter  cells 1.72   dlx 4.01  (2.34x)   xcover 2.31  (1.35x)
    pentominoes-6x10     cells 8.86   dlx 15.87 (1.79x)   xcover 9.50  (1.07x)
and Sudoku through exact-cover (sudoku/exact.py encoding, count up to 2, build included): the 11 puzzles of
examples/hardest.txt x 20: cells 0.08 s, dlx 0.45 s; the empty grid to 20000 solutions: cells 0.06, dlx 0.12.
So cells is the default of cover/solver.py; dlx stays for Knuth's node counts.

Issue 14's target (<= 0.7x ssxcc on pentominoes and queens 12-16) is not reached: 0.84-0.93x ssxcc before this
round. A profile (perf annotate of the kernel compiled ahead of time with numba.pycc, so that it has symbols;
13 queens) puts ~45% in the removals of the options tried, ~11% in hiding the chosen item's options, ~11% in
the snapshot (save and restore), ~10% in the MRV scan. Tried this round (.scratch A/B, best of 3 alternating,
same nodes in every case):
    secondary items' sets never shrink (an option is live iff it is still in the set of its first primary
    item, the options' primaries first; only primaries in the snapshot): 12 queens 4.66M -> 2.15M updates
    but 10-18% slower on queens (the scans of the full secondary sets cost more than the removals saved),
    pentominoes (no secondary items) unchanged: not kept
    _nrt=False (which gained dlx 25%): no change, no reference counts in these loops
    a copy of _hide_nodes without the stamp logic for snapshot levels (fewer live registers): no change
    error_model="numpy" and the size passed to _remove: 8% slower on 13 queens
    every level in lazy (stamp) mode instead of snapshots up to 256 items: 13 queens 0.30 -> 0.37 s
    a level whose last option failed or returned leaves without restoring its sizes (its parent's restore
    covers them, as for a forced choice): 13 queens 0.278 -> 0.272, pentominoes unchanged: kept
    trying an option in a separate (not inlined) njit function, fewer live values in each: 5% slower on queens
    (and the snapshot's worth: restoring it twice costs 6% more on 13 queens, so a contiguous copy of sizes
    kept by position, which would need exact undo of the item swaps, could win a few % at most: not tried)

Next round (issue 14; .scratch A/B, variants in one process, engines alternating, best of 2-3, each comparison
repeated in a second process with the order reversed; the same kernel twice differs by up to 10% on the
pentominoes with the arrays' placement, so only the queens' few % are certain). Before it: 12 queens 0.054 s,
13 queens 0.276, quarter pentominoes 1.25-1.58 (ssxcc 0.067, 0.34, 1.54 as whole processes).
    a static order of each option's items, made once by cover/solver.py cells_entries: its primary items by
    their number of options, fewest first, then its secondary items as given. Trying an option hides its items'
    sets in that order, so a dead end tends to show before the long hide of a piece's ~300 options: quarter
    pentominoes 272M -> 255M removals, 1.52 -> 1.39 s; 6x10 1,095M -> 1,020M, 6.10 -> 5.45 s (nodes 302,520 ->
    302,543: the MRV ties at size 1 follow the active list's order); n queens (rows and columns of one size)
    and empty Sudoku grids keep their order and counts: kept
    the same order over all items, secondary ones by size too: the same on the pentominoes, 13 queens 0.276 ->
    0.296 with fewer removals (22.9M against 23.3M): not kept.  Largest set first: 264M, slower on both
    nd and setm as uint16 (the problem fits; half their footprint): 13 queens 0.271 -> 0.285, pentominoes
    1.39 -> 1.64: lost, as all-uint16 did before
    the dense snapshot above (every item's size by item, a strided copy without the item ids, for n <= 256):
    12 queens 0.054 -> 0.049-0.050, 13 queens 0.270-0.278 -> 0.250-0.253 (queens: 70-80 items, the snapshot
    was ~15% of the time); pentominoes, where at depth few of the 72 items are active, 0-8% slower within the
    noise, so a level uses it only with at least half of the items active: pentominoes within noise: kept
    sizes in an array of their own (contiguous, copied as a block): 13 queens 0.245 (a further 2%), but the
    pentominoes ~8% slower (one more base pointer live in the removal loop): not kept
    the unseeded MRV scan as the minimum of one 64-bit key, size << 32 | item (one compare instead of the
    size test and the tie test): 12 queens 0.049 -> 0.046, 13 queens 0.251 -> 0.236-0.239, pentominoes no
    loss (1.46 -> 1.36 and 1.36 -> 1.13 in two processes); same nodes and removals: kept
Where the time goes now (perf annotate of the kernel built ahead of time with numba.pycc): quarter pentominoes
~80% in the removal loops, most of it stalled on two accesses, the load of setm[e] and the store to nd[2w+1]
(~180 KB of hot arrays against a 32 KB L1: L2 latency); 13 queens ~37% the removals of options tried, ~10%
hiding the chosen item's options, ~10% the MRV scan, the rest the snapshot and the deactivations. So 0.7x ssxcc
on the pentominoes needs fewer removals, not cheaper ones. Why dlx beats this kernel on queens (0.63-0.65x ssxcc
against 0.72-0.73x after this round, 0.77-0.87x before): per node, not per update: cells does fewer of both
(251,296 nodes and 4.66M removals on 12 queens against dlx's 327,813 and 4.99M; ssxcc 251,387 nodes, 5.8M
updates, 81M mems) but pays ~180 ns a node (was ~215) for the MRV scan, the snapshot and the level bookkeeping,
where dlx's undo is its updates replayed backwards (~125 ns a node). After this round, `benchmarks/cover.py
--knuth DIR --peers none --rounds 2`: queens 12-15 cells 0.72-0.73x ssxcc (dlx 0.64-0.65x), quarter
pentominoes 0.9x, 6x10 0.85x.

Round 4 (issue 14; .scratch/abv.py A/B in one process, best of 3; 12 queens / quarter pentominoes):
    hide the options of x's k-th item only from the sets of the items active before it (those x deactivated
    earlier are done with): the same 254,849,991 removals, since an option holding an earlier item of x left the
    later items' sets when that item was hidden: no change, not kept
    a first pass that only counts (no node moves; per item a counter stamped per try) whether x would leave an
    active primary item empty, the real removals only when it would not: removals 255M -> 132M, same nodes, but
    1.21 -> 2.68 s (the counting pass is as dear per node as a removal: its skip test for options already
    counted and its stamps branch unpredictably) and 12 queens 0.046 -> 0.065: lost
    the same test only for the active primary items with at most 1, 2, 3 options (do all their options clash
    with x?): 255M -> 254M / 251M / 246M removals, the dead ends come from larger sets; 1.26 -> 1.35 / 1.33 /
    1.22 s, 12 queens 0.046 -> 0.054-0.068: lost
    MRV ties by degree (cover/solver.py item_ranks: the builder numbers the primary items by how many options
    their options clash with, so "ties to the lowest item" prefers the most constraining one; no kernel change):
    seeded runs showed the tie-break is worth 20-28% of the nodes on queens (180-202k against 251k on 12) and
    nothing on the pentominoes (+-0.5%). 12 queens 251,296 -> 172,276 nodes (4.66M -> 2.66M removals), 0.047 ->
    0.029 s; 13 queens 1,278,920 -> 856,694, 0.245 -> 0.144; 14 queens 6,787,690 -> 4,469,958, 1.27 -> 0.75;
    quarter pentominoes 302,543 -> 301,446, 1.24 -> 1.21 (noise). Kept as the default; algorithm="cells-first"
    keeps ties to the first item (the tree above, ssxcc's but for its forced stack) and its tested counts.
    _hide_nodes not inlined (fewer live values in the loop around it): within noise (pq 1.39 -> 1.29, then 1.28
    -> 1.33 in a second process), not kept
    a copy of _hide_nodes without the trail (_hide_snap) for the levels that saved a snapshot (sid 0), chosen at
    the call: the removal loop loses the stamp test and keeps setm's base in a register (~24 instructions a
    removal against ~30, two of them reloads of spilled values): 6x10 pentominoes 5.00 -> 4.48 s, quarter
    1.28 -> 1.15 and 1.11 -> 1.09, 13 queens 0.141 -> 0.140 (two processes, engines alternating): kept
    one loop over a hidden option's whole span, its own node skipped by the position test (bound = the hidden
    item's own place, the first experiment above shows nothing else changes): the same removals, but quarter
    pentominoes 1.09 -> 1.50, 13 queens 0.139 -> 0.159: lost (the two loops stay)
    one loop round the option from y + 1 (a fixed count, the wrap as a select): loses the fewest-first order of
    the option's items (254.1M -> 254.8M removals) and 1.17 -> 1.32 s, 13 queens 0.141 -> 0.159: lost
    _hide_snap counting the skipped nodes instead of the removed ones (one add fewer a removal on the
    pentominoes): 1.20 -> 1.35 s, 13 queens 0.141 -> 0.162 (LLVM lays the loop out worse): lost
    a third copy for problems without secondary items (every other node of a hidden option is then in an item
    active before the hide, so the position is read only for the rare dead end): 1.13 -> 1.20 s, 13 queens
    0.141 -> 0.149: lost (each copy at the call sites costs the loops around them registers)
    software prefetch (an llvm.prefetch intrinsic) of the span and nodes of the option two ahead in the set
    being hidden: 1.19 -> 1.37 s, 13 queens 0.139 -> 0.148: lost (the removals are not waiting on those lines)
Round 5 (issue 14; .scratch/abv2.py, variants in one process, best of 3): span as offsets from the node (start =
z - span[2z], end = z + span[2z+1]) in uint8 (a quarter of its 97 KB on the pentominoes), uint16 or uint32:
quarter pentominoes 1.14 -> 1.35 / 1.36 / 1.35 s, 13 queens 0.143 -> 0.154-0.156: lost even at the same width
(the two adds cost the removal loops registers; the span's lines are not what the removals wait on). perf on the
kernel built ahead of time shows the same two stalls as before: the load of setm[e] and the store to nd[2w+1],
with two spilled values reloaded per removal. Knuth's SSXCC does the same moves per removal (its sizes sit
beside each set, our `it` stays in L1 anyway) and has no trick left that this kernel lacks but its force
stack, which only spares the MRV scan at forced levels (a few % of the time here).
After round 4, `benchmarks/cover.py --knuth DIR --peers none --rounds 2` (loaded box, two runs): queens 12-15
cells 0.40-0.53x ssxcc (cells-first, the same tree as ssxcc: 0.68-0.84x; dlx 0.60-0.64x), quarter pentominoes
0.74-0.88x, 6x10 0.74-0.77x (was 0.91x and 0.86x; cells 1.12-1.14 and 4.48-4.57 s, ssxcc 1.29-1.51 and
5.81-6.15 s).
Round 6 (issue 14; /tmp A/B: the kernel files side by side in one process, alternating, kernel CPU s, best of 3).
Counters first: the quarter pentominoes try 904,817 options, which hide 50.4M options, 254M removals (5.0 a
hidden option); ~0.9 s all in, ~3.5 ns a removal.
    the end of each deactivated item's set read once when trying an option (hiding its options leaves that set
    alone) instead of its size at every option hidden: quarter pentominoes 0.927 -> 0.882 and 1.002 -> 0.974,
    6x10 3.933 -> 3.738, 14 queens 0.744 -> 0.721, 13 queens 0.122 either way: kept
    one loop of fixed length over a hidden option's whole span, its own node swapped (a select, not a branch)
    for a dummy node in an extra item of size 2 whose removal is a no-op, so the loop's exit is predictable (6
    nodes on the pentominoes): same counts, but 0.949 -> 0.969, 13 queens 0.121 -> 0.135: lost
    the item that killed the last option tried at a level remembered (a sixth word per level), and the next
    option first checked against it (does every option of that item hold an item x deactivates?), skipped
    without a removal if so: 206,888 of ~600,000 dead ends caught, removals 254M -> 207M, same nodes; but
    0.904 -> 0.896, 0.918 -> 0.897, 0.967 -> 0.944 (the scans cost nearly what they save: a dead end's removals
    are the cheap ones), and the update counts cover/small.py mirrors would change: not kept. Only when that
    item has at most 3 options: 28,760 caught, 0.944 -> 1.062: lost
    the arrays in one 2 MiB transparent huge page (mmap + MADV_HUGEPAGE; the box's THP is madvise-only): 0.918
    against 0.914, 13 queens 0.123 against 0.122: the TLB is not what the removals wait on
    the dense snapshot at every level when n <= 256 (not only with half the items active): 0.901 against 0.900,
    13 queens 0.120 against 0.118; Search(snapshot=0) (lazy stamps at every level) 0.859 -> 1.026, 40: 0.88
The reference moved more than the kernel: Knuth's ssxcc.w (its Dec 2023 text, with the forced-move stack;
302,444 nodes and 256.7M updates on the quarter pentominoes, 251,387 nodes on 12 queens, as before), gcc -O3
(-O2 the same), measures 0.98-1.15 s / 4.13-4.29 s on the pentominoes this round against last round's 1.57-1.61 /
6.14-6.42 s on the same box under another load; cells 0.88-1.15 / 3.67-3.79 s against 1.10-1.11 / 4.38-4.50.
After round 6, the same command as before (`--rounds 2`, queens 12-15 and both pentominoes; 16 queens once with
--rounds 1): queens 12-16 cells 0.46 / 0.43 / 0.43 / 0.42 / 0.35x ssxcc (cells-first 0.60-0.72x; dlx 0.32-0.42x),
quarter pentominoes 0.90x (cells 0.88 s, ssxcc 0.98), 6x10 0.86x (3.67 s, ssxcc 4.29); the same command before
this round's change, an hour earlier: 1.00x (1.15 / 1.15 s) and 0.92x (3.79 / 4.13 s). So 0.7x on the pentominoes
is not met against this ssxcc: it needs ~25% fewer removals or ~25% cheaper ones, and the two tried above that
cut removals (the remembered dead item; round 4's counting pass) paid as much as they saved.
Round 7 (.scratch A/B, kernels side by side in one process, best of 3, then the order reversed). Counters: ssxcc
v1 on the quarter pentominoes 302,444 nodes, 256.7M updates, 2.47G mems, 0.99 s; cells 301,446 nodes, 254.1M
removals: the same work, so only layout or a different algorithm is left.
    Knuth's layout (each item's header just before its set in setm, an item named by where its set starts: no
    `it` array, no base load, no j*4): quarter pentominoes 0.845 -> 0.801, 6x10 3.39 -> 3.22, 13 queens 0.118 ->
    0.107, and the same the other way round; same nodes and removals: kept
    lazy sets (hiding an option only takes it out of a sparse set of live options and lowers its items' sizes,
    L1-only; a set drops its dead options when it is scanned, undone with the level): same nodes, but 502M
    compaction moves against 254M removals (a scan meets again every option hidden above it since the
    last compaction, which the level's undo forgets): quarter pentominoes 0.90 -> 1.94 s: lost
    a probe before the removals at snapshot levels (x's items' sets walked once, each option marked, only the
    real sizes lowered, L1 only, until a dead end; then the snapshot restored and, if none, the removals as
    now): same nodes, but 0.82 -> 1.22 s, 13 queens 0.111 -> 0.155: lost (a probe costs a successful option
    nearly what a removal does, as round 4's counting pass)
    every item's header on a 64-byte line (setm 64-byte aligned, each h - 4 a multiple of 16 words): 0.805 ->
    0.804, 13 queens 0.108 either way: no change, not kept
    no position test in _hide_snap for a problem without colors (a live option's items are then all active
    before the hide; the place read only when a size is 1), as a compile-time constant: 0.801 -> 0.804 and
    0.814 -> 0.814, 13 queens 0.112 / 0.108 either way: the test costs nothing (the removals wait on memory)
    span, nd and setm as uint16 when every place fits (build_cells; numba compiles a second kernel), each load
    cast to uint32 at once so that the arithmetic stays unsigned 32-bit (rounds 1 and 3 lost with uint16 for
    want of those casts); stamps wrap at 0xFFFF: quarter pentominoes 0.80 -> 0.75 and 0.81 -> 0.75 (reversed),
    6x10 3.25 -> 3.01, 13 queens 0.109 -> 0.108: kept (the hot arrays 245 -> 122 KB on the pentominoes)
    then span per option (start, end by opt_of[z]: 8 KB instead of 49 KB on the 6x10, one more dependent load
    per hidden option): quarter pentominoes 0.761 -> 0.832 and 0.757 -> 0.843, 13 queens 0.108 -> 0.113: lost
After round 7, `benchmarks/cover.py --knuth DIR --peers none --rounds 2` (queens 12-15, both pentominoes):
queens 12-15 cells 0.38-0.40x ssxcc, quarter pentominoes 0.78x (0.75 s, ssxcc 0.97), 6x10 0.78x (3.09 s, ssxcc
3.96); before the round 0.87x / 0.88x (0.87 / 3.47 s). 0.7x still wants ~10% more.
"""

import numpy as np
from numba import njit

# state[] slots
ST_OP, ST_LEVEL, ST_RNG, ST_SEEDED, ST_ACTIVE, ST_NPRIM, ST_TOP, ST_SID, ST_CLOCK, ST_SNAP, ST_PACTIVE = range(11)
STATE_WORDS = 11
SNAPSHOT_ITEMS = 256  # a level with at most this many active items saves them all; above, only those it changes
# resume points: enter a level, try the current option, undo it and take the next, leave the level
OP_ENTER, OP_TRY, OP_RETRY, OP_LEAVE = 0, 1, 2, 3
# return status (PAUSED_TRAIL: grow `trail` and call again)
DONE, PAUSED_LIMIT, PAUSED_NODES, PAUSED_TRAIL = 0, 1, 2, 3
# stats[] slots
SOLUTIONS, NODES, UPDATES, CLEANSINGS = 0, 1, 2, 3
# lv[level, ...] slots
L_ITEM, L_INDEX, L_ACTIVE, L_TRAIL, L_PACTIVE = 0, 1, 2, 3, 4
LEVEL_WORDS = 5

# unsigned constants keep every index unsigned (numba then skips the negative-index wraparound test)
Z = np.uint32(0)
O = np.uint32(1)
TWO = np.uint32(2)
NONE = np.uint32(0xFFFFFFFF)
# an item is the place h in setm where its set starts; its four header words sit just before: setm[h - POS] its
# place in `item`, setm[h - PPOS] its place in `prim` (primary items), setm[h - STAMP], setm[h - SIZE] its set's size
POS, PPOS, STAMP, SIZE = np.uint32(4), np.uint32(3), np.uint32(2), np.uint32(1)
HEADER = 4  # words
STAMPS = np.uint32(0xFFFF)  # stamps wrap here, so that they fit a uint16 setm


@njit(cache=True, inline="always")
def _remove(z, j, setm, nd):
    """Take node z out of item j's set: swap it with the last node of the set and shrink the set."""
    s = np.uint32(setm[j - SIZE]) - O
    e = j + s
    l = np.uint32(nd[z + z + O])
    w = np.uint32(setm[e])
    setm[l] = w
    nd[w + w + O] = l
    setm[e] = z
    nd[z + z + O] = e
    setm[j - SIZE] = s


@njit(cache=True, inline="always")
def _deactivate(j, item, setm, active):
    """Swap item j to the end of the active items; return the new count."""
    a = active - O
    p = np.uint32(setm[j - POS])
    last = item[a]
    item[p] = last
    setm[last - POS] = p
    item[a] = j
    setm[j - POS] = a
    return a


@njit(cache=True, inline="always")
def _deactivate_primary(j, prim, setm, pactive):
    """Swap primary item j to the end of the active primaries (prim[0 .. nprim), places at setm[j - PPOS])."""
    a = pactive - O
    p = np.uint32(setm[j - PPOS])
    last = prim[a]
    prim[p] = last
    setm[last - PPOS] = p
    prim[a] = j
    setm[j - PPOS] = a
    return a


@njit(cache=True, inline="always")
def _hide_nodes(z, ze, start, active, nprim, setm, nd, trail, top, sid):
    """Remove nodes z..ze-1 from the sets of the items active before `start` fell to `active`; an item touched
    for the first time since stamp `sid` has its size pushed on the trail first.

    Returns (r, top): r the number removed, or -1 - r (the r removals left in place) as soon as an item still
    active and primary would lose its last option; top the new end of the trail.
    """
    removed = 0
    while z < ze:
        j = np.uint32(nd[z + z])
        pj = np.uint32(setm[j - POS])
        if pj < start:
            size = np.uint32(setm[j - SIZE])
            if size == O and pj < active and j < nprim:
                return -1 - removed, top
            if sid != Z and np.uint32(setm[j - STAMP]) != sid:
                setm[j - STAMP] = sid
                trail[top] = j
                trail[top + O] = size
                top += TWO
            _remove(z, j, setm, nd)
            removed += 1
        z += O
    return removed, top


@njit(cache=True, inline="always")
def _hide_snap(z, ze, start, active, nprim, setm, nd):
    """_hide_nodes for a level whose sizes are in a snapshot (nothing to push): the removal count, or -1 - r."""
    removed = 0
    while z < ze:
        j = np.uint32(nd[z + z])
        pj = np.uint32(setm[j - POS])
        if pj < start:
            if np.uint32(setm[j - SIZE]) == O and pj < active and j < nprim:
                return -1 - removed
            _remove(z, j, setm, nd)
            removed += 1
        z += O
    return removed


@njit(cache=True, inline="always")
def _next_stamp(sid, setm, item, n):
    """A stamp no item carries yet; at the wrap every stamp is cleared (an item pushed twice is harmless)."""
    sid += O
    if sid == STAMPS:
        for j in range(n):
            setm[item[j] - STAMP] = Z
        sid = O
    return sid


@njit(cache=True, inline="always")
def _sort_set(b, size, setm, nd):
    """Put the nodes setm[b .. b+size) back in option order (insertion sort; the swaps of _remove permute them)."""
    t = b + O
    e = b + size
    while t < e:
        z = np.uint32(setm[t])
        u = t
        while u > b and np.uint32(setm[u - O]) > z:
            w = np.uint32(setm[u - O])
            setm[u] = w
            nd[w + w + O] = u
            u -= O
        setm[u] = z
        nd[z + z + O] = u
        t += O


@njit(cache=True)
def search(opt_of, span, nd, col, setm, item, hs, prim, lv, trail, state, limit, max_nodes, out_opts, out_len,
           stats):
    """Run Algorithm C on sparse sets from the saved state; return DONE, PAUSED_LIMIT, PAUSED_NODES or PAUSED_TRAIL."""
    n = np.uint32(item.shape[0])
    nprim = np.uint32(state[ST_NPRIM])  # the first secondary item (items are places in setm, in item order)
    op = state[ST_OP]
    level = np.uint32(state[ST_LEVEL])
    active = np.uint32(state[ST_ACTIVE])
    pactive = np.uint32(state[ST_PACTIVE])
    rng = state[ST_RNG]
    seeded = state[ST_SEEDED] != 0
    tcap = np.uint32(trail.shape[0])
    top = np.uint32(state[ST_TOP])
    sid = np.uint32(state[ST_SID])
    clock = np.uint32(state[ST_CLOCK])
    snap = np.uint32(state[ST_SNAP])
    dense = n if n <= snap else Z  # few items in all: a level with half of them active copies every size
    found = 0
    cap = out_len.shape[0]
    status = DONE
    nodes = stats[NODES]
    updates = 0
    cleansings = 0
    while True:
        if op == OP_ENTER:
            if max_nodes > 0 and nodes >= max_nodes:
                status = PAUSED_NODES
                break
            if top + TWO * TWO * active + dense > tcap:
                status = PAUSED_TRAIL
                break
            nodes += 1
            # MRV over the active primary items: with a seed every tie must be seen (reservoir sampling); without
            # one the first item with at most one option can end the scan, so the two cases are separate loops
            best = NONE
            bs = NONE
            a = Z
            if seeded:
                ties = 0
                while a < pactive:
                    i = prim[a]
                    s = np.uint32(setm[i - SIZE])
                    if s < bs:
                        best = i
                        bs = s
                        ties = 1
                        if s == Z:
                            break
                    elif s == bs:
                        ties += 1
                        rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF  # the LCG of dlx._choose
                        if (rng >> 8) % ties == 0:  # reservoir sampling among the ties
                            best = i
                    a += O
            else:
                bk = np.uint64(0xFFFFFFFFFFFFFFFF)
                while a < pactive:
                    i = prim[a]
                    s = np.uint32(setm[i - SIZE])
                    key = (np.uint64(s) << np.uint64(32)) | np.uint64(i)  # size, then item: ties to the first item
                    if key < bk:
                        bk = key
                        if s <= O:
                            break
                    a += O
                if bk != np.uint64(0xFFFFFFFFFFFFFFFF):
                    best = np.uint32(bk & np.uint64(0xFFFFFFFF))
                    bs = np.uint32(bk >> np.uint64(32))
            if best == NONE:  # no active primary item: a solution
                stats[SOLUTIONS] += 1
                if found < cap:
                    for k in range(level):
                        ck = lv[k, L_ITEM]
                        out_opts[found, k] = opt_of[setm[ck + lv[k, L_INDEX]]]
                    out_len[found] = level
                found += 1
                op = OP_LEAVE
                if found >= limit:
                    status = PAUSED_LIMIT
                    break
                continue
            if bs == Z:
                op = OP_LEAVE
                continue
            i = best
            active = _deactivate(i, item, setm, active)
            pactive = _deactivate_primary(i, prim, setm, pactive)
            b = i
            if not seeded and bs > O:
                _sort_set(b, bs, setm, nd)
            t = Z
            while t < bs:  # hide every option of i from the active items (none can fail: i covers them)
                y = np.uint32(setm[b + t])
                if sid == Z:
                    updates += _hide_snap(np.uint32(span[y + y]), y, active, Z, nprim, setm, nd)
                    updates += _hide_snap(y + O, np.uint32(span[y + y + O]), active, Z, nprim, setm, nd)
                else:
                    r, top = _hide_nodes(np.uint32(span[y + y]), y, active, Z, nprim, setm, nd, trail, top, sid)
                    updates += r
                    r, top = _hide_nodes(y + O, np.uint32(span[y + y + O]), active, Z, nprim, setm, nd, trail, top, sid)
                    updates += r
                t += O
            lv[level, L_ACTIVE] = active
            lv[level, L_PACTIVE] = pactive
            lv[level, L_ITEM] = i
            lv[level, L_INDEX] = Z
            lv[level, L_TRAIL] = top
            if bs > O:
                if dense != Z and active + active >= n:  # every item's size: a strided copy, no item ids
                    a = Z
                    while a < n:
                        trail[top + a] = setm[hs[a] - SIZE]
                        a += O
                    top += n
                    sid = Z
                elif active <= snap:  # few items: save them all, the options tried here push nothing
                    a = Z
                    while a < active:
                        j = item[a]
                        trail[top] = j
                        trail[top + O] = np.uint32(setm[j - SIZE])
                        top += TWO
                        a += O
                    sid = Z
                else:  # a fresh stamp: what the options tried here change is pushed, to be restored
                    clock = _next_stamp(clock, setm, item, n)
                    sid = clock
            op = OP_TRY
        elif op == OP_TRY:
            i = lv[level, L_ITEM]
            k = lv[level, L_INDEX]
            if k >= np.uint32(setm[i - SIZE]):
                op = OP_LEAVE
                continue
            x = np.uint32(setm[i + k])
            start = active
            z0 = np.uint32(span[x + x])
            ze = np.uint32(span[x + x + O])
            z = z0
            while z < ze:  # deactivate x's other items
                j = np.uint32(nd[z + z])
                if z != x and np.uint32(setm[j - POS]) < active:
                    active = _deactivate(j, item, setm, active)
                    if j < nprim:
                        pactive = _deactivate_primary(j, prim, setm, pactive)
                z += O
            ok = True
            zz = z0
            while zz < ze and ok:
                jj = np.uint32(nd[zz + zz])
                if zz != x and np.uint32(setm[jj - POS]) < start:  # an item x has just made inactive: hide its options
                    c = col[zz]
                    b = jj
                    te = b + np.uint32(setm[jj - SIZE])  # the end of jj's set, read once: hiding its options leaves it
                    t = b                         # alone (an option holds jj once, and its jj node is skipped)
                    while t < te:
                        y = np.uint32(setm[t])
                        t += O
                        if c != Z and col[y] == c:
                            cleansings += 1  # same color: the option stays
                            continue
                        if sid == Z:
                            r = _hide_snap(np.uint32(span[y + y]), y, start, active, nprim, setm, nd)
                            if r >= 0:
                                updates += r
                                r = _hide_snap(y + O, np.uint32(span[y + y + O]), start, active, nprim, setm, nd)
                        else:
                            r, top = _hide_nodes(np.uint32(span[y + y]), y, start, active, nprim, setm, nd, trail,
                                                 top, sid)
                            if r >= 0:
                                updates += r
                                r, top = _hide_nodes(y + O, np.uint32(span[y + y + O]), start, active, nprim, setm, nd,
                                                     trail, top, sid)
                        if r < 0:
                            updates += -1 - r
                            ok = False
                            break
                        updates += r
                zz += O
            if ok:
                level += O
                op = OP_ENTER
            elif np.uint32(setm[i - SIZE]) == O:  # forced: nothing saved here, the parent restores
                op = OP_LEAVE
            else:
                op = OP_RETRY
        elif op == OP_RETRY:
            i = lv[level, L_ITEM]
            if lv[level, L_INDEX] + O >= np.uint32(setm[i - SIZE]):  # no option left (i's size is what it was): the
                op = OP_LEAVE                                  # parent's restore covers this level's changes
                continue
            active = lv[level, L_ACTIVE]
            pactive = lv[level, L_PACTIVE]
            t = lv[level, L_TRAIL]
            if dense != Z and active + active >= n:  # every item's size (an inactive one kept its size)
                a = Z
                while a < n:
                    setm[hs[a] - SIZE] = trail[t + a]
                    a += O
                top = t + n
                sid = Z
            elif active <= snap:  # restore the level's snapshot (and drop what deeper levels left above it)
                top = t + TWO * active
                while t < top:
                    setm[trail[t] - SIZE] = trail[t + O]
                    t += TWO
                sid = Z
            else:
                while top > t:  # newest first, so an item pushed twice ends with its oldest size
                    top -= TWO
                    setm[trail[top] - SIZE] = trail[top + O]
                clock = _next_stamp(clock, setm, item, n)
                sid = clock
            lv[level, L_INDEX] += O
            op = OP_TRY
        else:  # OP_LEAVE
            if level == Z:
                status = DONE
                break
            level -= O
            op = OP_RETRY
    state[ST_OP] = op
    state[ST_LEVEL] = level
    state[ST_ACTIVE] = active
    state[ST_PACTIVE] = pactive
    state[ST_TOP] = top
    state[ST_SID] = sid
    state[ST_CLOCK] = clock
    state[ST_RNG] = rng
    stats[NODES] = nodes
    stats[UPDATES] += updates
    stats[CLEANSINGS] += cleansings
    return status
