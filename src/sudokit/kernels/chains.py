"""The hints of Sudoku Explainer's chaining techniques: the best one, ranked as SE ranks them.

Hints are ranked by difficulty (tenths), then complexity (ancestors), then the hint kind's sort key, then discovery
order; the kernels keep only the best one and describe it in `best`:

    best[0] difficulty in tenths   best[1] complexity   best[2] sort key   best[3] kind (K_*)
    best[4] source pid             best[5] target pid   best[6] house (region hints) or mode (loops) or -1
    best[7] number of eliminations, listed as (cell, digit) pairs in elim[0 : best[7]]

Speed record (issue 9; 517 loops/multiple calls captured while rating 12 puzzles of ER 8.5-9.3 and 8 of ER 7-8.5
from the development bank, replayed, best of 3 CPU times; every hint identical to the previous code's):
- loops_best 1.34 -> 0.41 s: per mode, a transitive closure of the static graph (_closure: Tarjan's strongly
  connected components without recursion, then bit sets of what each component reaches, sinks first) lets the
  search skip a cycle search from a potential in no cycle (its component has one member) and a forcing search
  from a potential that cannot reach its opposite. In a state with no static forcing chain (half the calls: the
  cascade goes on to Nishio) that skips every forcing search. _limit/_limit_seeded bisect (their tests are
  monotone in the complexity) instead of stepping through every complexity up to the bound.
- multiple_best (static multiple chains) 0.76 -> 0.70 s: the off run of each candidate is no longer made when
  neither contradiction nor double chains are looked for.
- Tried and dropped (this round): the closure to prune static multiple chains (skip a cell, or a house of a
  region chain, whose runs' reach sets share no potential). Exact, but it never fired: on the 139 static
  multiple calls of the capture below, all 5,020 cells of 3+ candidates had runs whose reach sets intersect
  (a run's reach is most of the grid's potentials), so it only added the closure's cost (0.79 -> 0.84 s).
- multiple_best, static multiple chains 0.79 -> 0.55 s (635 SE chain calls captured while rating 11 puzzles of
  ER 8.5-9.3 and 13 of ER 7-8.5, every hint identical; best of 3 CPU times, shared machine): a static run
  never narrows the grid, so its links are those of the static graph; the graph is built once per call and
  every run (propagate_static, kernels/dynamic.py) follows its edges instead of making each potential's links
  again (_on_to_off/_off_to_on scan the peers and houses per potential). Same records, parents and causes in
  the same order (tests/test_logic_chains.py compares them run by run). In the same replay: loops 0.57 s,
  dynamic multiple 0.38 s (28 calls), Nishio 0.17 s (153 calls), unchanged.
- End to end with the HoDoKu-side work of logic/chains.py and nets.py (`benchmarks/rate.py --per-band 40`, our
  side only, main then this branch back to back on a machine at load 6-8): ER 7-8.5 12.6 -> 13.8 puzzles/s,
  ER 8.5-9.3 2.37 -> 2.80/s; after merging main (grader3), run side by side: 14.0 -> 15.3/s and 2.56 -> 2.93/s
  (about 14x and 15x hodoku-py's 1.09/s and 0.194/s measured last session). Ratings identical on 61 dev-bank puzzles of ER 7-9.2 (er, ep, ed, level, score,
  hardest and every SE step).
- Each on run made once per call (_on_run; 2026-11-23): a run depends only on its start and the grid, yet a
  place's on run was made once as its cell's digit and again in every house where it is not the first place
  (region chains make most runs). multiple_best now keeps each on run in a cache slot of the stores (past the
  2n + 1 working slots; logic/forcing.Stores(cached=True) sizes them to 48 MiB, one per candidate at most, and
  falls back to remaking a run when they are used up) with its contradiction result. Same records, same
  discovery order of hints. On the same 635 captured calls, best of 2 CPU times at load 7: static multiple
  0.55 -> 0.36 s, dynamic multiple 0.37 -> 0.19 s; Nishio unchanged (no region chains, so no run is kept).
  Dynamic off runs are made once each already. A run's records are its own (a dynamic run narrows its grid), so
  the cache holds whole runs, not shared links.
  End to end with the restored propagate (kernels/dynamic.py), `python benchmarks/rate.py --scale se` (our side,
  main then this branch back to back, machine at load 3-7): ER 5-9.3 12.6 -> 24.9 puzzles/s, 8.5-9.3
  2.76 -> 6.89/s, 7-8.5 33.9 -> 37.3/s, 5-7 and < 5 unchanged (232/227, 1010/854: noise); both scales
  (default): 5-9.3 7.82 -> 11.9/s, 8.5-9.3 1.90 -> 3.39/s. Left at 8.5+ (cProfile, 20 puzzles): multiple_best
  40%, cascade.walk 27%, loops_best 16%.
- loops_best: the closure also prunes the searches themselves (2026-11-23, chains5): cycles makes no record for a
  potential that cannot reach the source, forcing none for one that cannot reach the source's opposite (links.py;
  such records lie on no path to what is sought, and the records that remain are found by the same parents in
  the same order, so the hints are the same). Replayed calls, SE rating of the 40 puzzles of ER 5-9.3 of
  benchmarks/rate.py: loops 0.368 -> 0.189 s (239 calls); the 635 calls above: 0.604 -> 0.268 s; every hint
  identical.
- Tried and dropped (chains5): capping the ancestor counts of multiple_best's hints at the most a hint may have
  and still beat the best so far (_limit, per sort key; exact): no gain on the 457 calls of ER 5-9.3
  (0.817 -> 0.848 s, noise) - the runs, not the counting, are the cost there.
- sechains (2026-11-23; the 457 calls met rating the 40 puzzles of ER 5-9.3 of benchmarks/rate.py, replayed, best
  of 5 CPU times, every hint identical, also on 2,009 calls of two other samples of ER 7-9.3): runs append their
  records without the store tuples (kernels/dynamic._add1/_addc): static multiple 0.145 -> 0.071 s, dynamic
  multiple 0.110 -> 0.084 s, Nishio 0.069 -> 0.055 s. Then the hints that compare runs (cell, region, double)
  visit only the records whose potential every run holds (_common: an AND of per-run bit sets, _mark) instead
  of scanning the first run's records twice per house: static 0.071 -> 0.044 s, dynamic 0.084 -> 0.067 s.
- sechains, then: Nishio memoised per digit (_nishio): 0.055 -> 0.018 s (0.242 -> 0.070 s on 438 Nishio calls of
  ER 8.5-9.3); loops_best builds the full static graph once and filters each mode's from it (_graph_of), not
  three or four static_graph calls: 239 loops calls ~0.126 -> ~0.11 s (machine loaded, others +15% meanwhile).
- End to end (sechains, /work/notes/scratch/prof57.py's timing of rate.py's band samples, our side only, best of
  3 CPU times, main then this branch back to back at load ~3.8): ER 5-9.3 50.4 -> 72.1 puzzles/s, 7-8.5
  62.1 -> 72.2/s, 8.5-9.3 12.7 -> 21.2/s; ER < 5 and 5-7 unchanged (1774 / 1824, 465 / 467).
- Tried and dropped (sechains): ending a run once every pending potential is deeper than the best hint allows
  (the off queue's depths never decrease, so the records made are the full run's): exact, but static runs are
  shallower than any bound (504,805 -> 502,350 records over every run of the 92 static calls, even with each
  call's final best as the bound). The per-call buffers of loops_best/multiple_best (1.4 MB) kept in the Stores
  instead of allocated per call: no change (0.1175 vs 0.1181 s on the 239 loops calls).
- Tried and dropped (sechains2; the same 239 loops calls, replayed, best of 7 CPU times, main and the variant
  alternated twice): the search limits kept per mode until best changes (_limit_seeded bisects twice per source)
  and _closure's reach ORs skipped for a component already merged (a stamp per component): 0.0726/0.0731 ->
  0.0721/0.0715 s, noise. Of the 0.072 s, static_graph takes 0.016 and the three closures with _graph_of's
  filtering 0.018 (a loops_best cut down to them, timed on the same calls); the searches (links.py) the rest.
- outer3 (2026-11-24; see kernels/dynamic.py's record): a numba call increfs and decrefs every array of its tuple
  arguments, ~70 pairs for st/sc/geo; _on_run now calls propagate/propagate_static itself (no _run between) and
  multiple_best/_regions look the on-run cache up before calling it: with dynamic.py's changes, the 268 level-0/1
  dynamic calls of the 11+ capture 0.217/0.218 -> 0.176/0.175 s (level 0), 0.121/0.120 -> 0.099/0.099 s (1).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .dynamic import nested_complexity, propagate, propagate_static
from .bits import ctz, popcount
from .links import (BIG, CELL, K_CELL, K_CONTRA_OFF, K_CONTRA_ON, K_CYCLE, K_DOUBLE_OFF, K_DOUBLE_ON, K_FORCING,  # noqa: F401
                    K_REGION, OK, OVERFLOW, _back, _better, _closure, _cycle_removable, _digits, _graph_of, ancestors,
                    cycles, forcing, length_tenths, static_graph)


@njit(cache=True)
def _offer(best, elim, diff, cplx, key, kind, source, target, house, n, cand):
    """Keep a single-target hint (off: the target candidate goes; on: the target cell's other candidates go)."""
    if not _better(best, diff, cplx, key):
        return
    cell = target // 2 // n
    d = target // 2 % n
    k = 0
    if target & 1:
        for v in range(n):
            if v != d and (cand[cell] >> np.uint64(v)) & np.uint64(1):
                elim[k, 0] = cell
                elim[k, 1] = v + 1
                k += 1
        if k == 0:
            return
    else:
        elim[0, 0] = cell
        elim[0, 1] = d + 1
        k = 1
    best[0], best[1], best[2], best[3] = diff, cplx, key, kind
    best[4], best[5], best[6], best[7] = source, target, house, k


@njit(cache=True)
def _worth(target, n, cand):
    """True if a single-target hint removes something (an on target's cell has other candidates)."""
    if not target & 1:
        return True
    cell = target // 2 // n
    return popcount(cand[cell] & ~(np.uint64(1) << np.uint64(target // 2 % n))) > 0


@njit(cache=True)
def _cover(slots, nslots, pid, st, sc, inner):
    """SE's 'retainAll' test: the records of pid in every run slot slots[i] (or -1 where one lacks it); the
    complexity (sum of ancestor counts) when all have it, else -1."""
    pmap = st[6]
    total = 0
    for i in range(nslots):
        r = pmap[slots[i], pid]
        if r < 0:
            return -1
    for i in range(nslots):
        total += ancestors(slots[i], pmap[slots[i], pid], st, sc)
        sc[20][i] = slots[i]
        sc[21][i] = pmap[slots[i], pid]
    return total + _nest(nslots, st, sc, inner)


@njit(cache=True)
def _nest(k, st, sc, inner):
    """The nested chains' complexity over the records listed in sc[20] (slots) / sc[21] (records); 0 unnested."""
    if inner is None:
        return 0
    return nested_complexity(sc[20], sc[21], k, st, sc, sc[19])


@njit(cache=True)
def _nest2(s1, r1, s2, r2, st, sc, inner):
    """The nested chains' complexity over two records."""
    if inner is None:
        return 0
    sc[20][0], sc[21][0], sc[20][1], sc[21][1] = s1, r1, s2, r2
    return _nest(2, st, sc, inner)


@njit(cache=True)
def _on_run(on, fallback, cache, static, graph, dynamic, y, n, cand, geo, st, sc, level, inner, bits):
    """The slot holding the run from on potential `on`, made once per call: a run depends only on its start and
    the grid, so it is kept in a cache slot (past the 2n + 1 working slots) and later uses read it, sc.result
    restored from cache[1] (its callers look the cache up first: a call costs refcounts). When the cache slots
    are used up the run is made into `fallback` as before: over the prebuilt static graph (static multiple chains)
    or with propagate.
    cache = (slot of each potential or -1, [result on, off] of each slot, [cached runs]); bits: see _mark.
    Returns the slot, -1 on overflow."""
    cslot, cres, count = cache
    result = sc[8]
    s = cslot[on]
    if s >= 0:
        result[0], result[1], result[2] = cres[s, 0], cres[s, 1], OK
        return s
    s = fallback
    first = 2 * n + 1
    if first + count[0] < st[0].shape[0]:
        s = first + count[0]
        count[0] += 1
    if static:  # (a _run helper between them cost each run its call's ~70 refcount pairs: outer3)
        propagate_static(s, on, graph[0], graph[1], graph[2], st, sc)
    else:
        propagate(s, on, dynamic, y, n, cand, geo, st, sc, level, inner)
    if result[2] != OK:
        return -1
    if bits.shape[0] > 0:
        _mark(s, st, bits)
    if s >= first:
        cslot[on] = s
        cres[s, 0], cres[s, 1] = result[0], result[1]
    return s


@njit(cache=True)
def _mark(s, st, bits):
    """bits[s] = the set of potentials run slot s holds (those pmap maps to a record of s; not a contradiction's
    last record), one bit a pid."""
    st_pid, nrec, pmap = st[0], st[4], st[6]
    for w in range(bits.shape[1]):
        bits[s, w] = 0
    for r in range(nrec[s]):
        pid = st_pid[s, r]
        if pmap[s, pid] == r:
            bits[s, pid >> 6] |= np.uint64(1) << np.uint64(pid & 63)


@njit(cache=True)
def _common(slots, k, st, bits, common, out):
    """The records of slot slots[0] whose potential every slot slots[0:k] holds, in record order, into out;
    returns how many. One AND of the slots' bit sets (_mark) instead of a scan of the first run's records per
    test: the hint loops then visit only these, in the scan's order, so hints are offered in the same order."""
    st_pid, nrec, pmap = st[0], st[4], st[6]
    s0 = slots[0]
    nw = bits.shape[1]
    count = 0
    for w in range(nw):
        m = bits[s0, w]
        for i in range(1, k):
            m &= bits[slots[i], w]
        common[w] = m
        count += popcount(m)
    if count > 24:  # many: the first run's records in order, each tested against the set
        c = 0
        for r in range(nrec[s0]):
            pid = st_pid[s0, r]
            if (common[pid >> 6] >> np.uint64(pid & 63)) & np.uint64(1) and pmap[s0, pid] == r:
                out[c] = r
                c += 1
        return c
    c = 0  # few: their records, by insertion
    for w in range(nw):
        m = common[w]
        while m:
            r = pmap[s0, w * 64 + ctz(m)]
            m &= m - np.uint64(1)
            j = c
            while j > 0 and out[j - 1] > r:
                out[j] = out[j - 1]
                j -= 1
            out[j] = r
            c += 1
    return c


@njit(cache=True)
def multiple_best(multiple, dynamic, nishio, level, base, n, cand, geo, st, sc, best, elim, bits, memo,
                  inner=None):
    """SE's getMultipleChainsHintList (Nishio, multiple and dynamic forcing chains, level 0): the best hint into
    best/elim. Run slots: d = the on run of digit d of the current cell, N = its off run, N+1.. = the runs from
    the other places of a digit in a house (region chains). bits: a (slots, words) buffer for _mark; memo:
    Nishio's per-digit memo (_nishio). Returns OK or OVERFLOW."""
    if nishio and dynamic and level == 0 and inner is None:
        return _nishio(base, n, cand, geo, st, sc, best, elim, memo)
    st_pid, nrec, pmap = st[0], st[4], st[6]
    result = sc[8]
    vals = np.empty(n, np.int64)
    if nishio:  # only contradictions: no hint compares runs
        bits = bits[:0]
    common = np.empty(bits.shape[1], np.uint64)
    hits = np.empty(st[0].shape[1], np.int64)
    slots = np.empty(n, np.int64)
    on_slots = np.empty(n, np.int64)
    cache = (np.full(2 * cand.shape[0] * n, -1, np.int64), np.empty((st[0].shape[0], 2), np.int64),
             np.zeros(1, np.int64))
    if nishio:  # no region chains: each on run serves once, so none is kept
        cache[2][0] = st[0].shape[0]
    y = not nishio
    best[0] = BIG
    best[7] = 0
    # static multiple chains: every run follows the same static graph, built once (propagate_static)
    static = not dynamic and not nishio
    npid = 2 * cand.shape[0] * n if static else 0
    adj_ptr = np.empty(npid + 1, np.int64)
    adj = np.empty(npid * (4 * n + 8), np.int64)
    adj_cause = np.empty(npid * (4 * n + 8), np.int64)
    if static:
        static_graph(True, True, n, cand, geo, sc, adj_ptr, adj, adj_cause)
    graph = (adj_ptr, adj, adj_cause)
    for cell in range(cand.shape[0]):
        m = cand[cell]
        card = popcount(m)
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        nv = _digits(m, n, vals)
        do_double = card >= 3 and dynamic and not nishio
        do_contra = dynamic or nishio
        for iv in range(nv):
            d = vals[iv]
            on = (cell * n + d) * 2 + 1
            sd = cache[0][on]  # _on_run's cache lookup written out (see _regions)
            if sd >= 0:
                result[0], result[1], result[2] = cache[1][sd, 0], cache[1][sd, 1], OK
            else:
                sd = _on_run(on, d, cache, static, graph, dynamic, y, n, cand, geo, st, sc, level, inner, bits)
                if sd < 0:
                    return OVERFLOW
            on_slots[iv] = sd
            if do_contra and result[0] >= 0:
                c = ancestors(sd, result[0], st, sc) + ancestors(sd, result[1], st, sc) + _nest2(
                    sd, result[0], sd, result[1], st, sc, inner)
                _offer(best, elim, base + length_tenths(c), c, 7, K_CONTRA_OFF, on, on - 1, -1, n, cand)
            if do_contra or do_double:  # the off run serves only these (not static multiple chains)
                propagate(n, on - 1, dynamic, y, n, cand, geo, st, sc, level, inner)
                if result[2] != OK:
                    return OVERFLOW
            if do_contra and result[0] >= 0:
                c = ancestors(n, result[0], st, sc) + ancestors(n, result[1], st, sc) + _nest2(
                    n, result[0], n, result[1], st, sc, inner)
                _offer(best, elim, base + length_tenths(c), c, 7, K_CONTRA_ON, on - 1, on, -1, n, cand)
            if do_double:
                _mark(n, st, bits)
                slots[0], slots[1] = sd, n
                nh = _common(slots, 2, st, bits, common, hits)
                for want in (1, 0):
                    for j in range(nh):
                        r = hits[j]
                        pid = st_pid[sd, r]
                        if pid & 1 != want or not _worth(pid, n, cand):
                            continue
                        r2 = pmap[n, pid]
                        c = ancestors(sd, r, st, sc) + ancestors(n, r2, st, sc) + _nest2(sd, r, n, r2, st, sc,
                                                                                         inner)
                        kind = K_DOUBLE_ON if want else K_DOUBLE_OFF
                        _offer(best, elim, base + length_tenths(c), c, 1, kind, on, pid, -1, n, cand)
            if not nishio:
                if _regions(cell, d, sd, multiple, dynamic, level, base, n, cand, geo, st, sc, best, elim, slots,
                            inner, static, graph, cache, bits, common, hits) != OK:
                    return OVERFLOW
        if not nishio and (card == 2 or (multiple and card > 2)):
            d0 = vals[0]
            s0 = on_slots[0]
            nh = _common(on_slots, nv, st, bits, common, hits)
            for want in (1, 0):
                for j in range(nh):
                    pid = st_pid[s0, hits[j]]
                    if pid & 1 != want or not _worth(pid, n, cand):
                        continue
                    c = _cover(on_slots, nv, pid, st, sc, inner)
                    if c >= 0:
                        _offer(best, elim, base + length_tenths(c), c, 5, K_CELL, (cell * n + d0) * 2 + 1, pid, -1,
                               n, cand)
    return OK


@njit(cache=True)
def _nishio(base, n, cand, geo, st, sc, best, elim, memo):
    """multiple_best's Nishio forcing chains (dynamic contradictions over X links, level 0) with a memo per digit.

    A Nishio run follows one digit: its links (_on_to_off without Y links, _off_to_on's X links), the candidates
    it erases and the hidden parents it records all read that digit's places only, and the cells it starts from
    are the digit's places in cells of two candidates or more. So a digit's own best hint (price, complexity,
    where it was found) depends only on its places and those of them that are a cell's last candidate: memo
    = (keys[d] = those two cell sets, res[d] = [valid, base, tenths (BIG: none), complexity, cell, 0 for the on
    run's contradiction / 1 for the off run's]), a pure cache across calls on this thread's stores, like
    kernels/sestrong.py's. Between two Nishio calls of SE's walk ~3/4 of the digits keep their places.
    SE's order (cells, their digits, the on run then the off run; the first of equal hints wins) makes the best
    hint the least (tenths, complexity, cell, digit, run) over the digits' bests, which is what is combined; its
    eliminations are made from this grid (an on target takes its cell's other candidates)."""
    keys, res = memo
    ncells = cand.shape[0]
    W = keys.shape[2]
    places = np.zeros(W, np.uint64)
    lone = np.zeros(W, np.uint64)
    best[0] = BIG
    best[7] = 0
    top = np.array([BIG, 0, 0, 0, 0], np.int64)  # tenths, complexity, cell, digit, run of the best so far
    for d in range(n):
        bit = np.uint64(1) << np.uint64(d)
        for w in range(W):
            places[w] = 0
            lone[w] = 0
        for c in range(ncells):
            if cand[c] & bit:
                places[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
                if cand[c] == bit:
                    lone[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
        same = res[d, 0] == 1 and res[d, 1] == base
        for w in range(W):
            if keys[d, 0, w] != places[w] or keys[d, 1, w] != lone[w]:
                same = False
        if not same:
            res[d, 0] = 0
            if _nishio_digit(d, base, n, cand, geo, st, sc, res[d]) != OK:
                return OVERFLOW
            for w in range(W):
                keys[d, 0, w] = places[w]
                keys[d, 1, w] = lone[w]
            res[d, 0], res[d, 1] = 1, base
        r = res[d]
        if r[2] < top[0] or (r[2] == top[0] and (r[3] < top[1] or (r[3] == top[1] and r[4] < top[2]))):
            top[0], top[1], top[2], top[3], top[4] = r[2], r[3], r[4], d, r[5]
    if top[0] >= BIG:
        return OK
    on = (top[2] * n + top[3]) * 2 + 1
    if top[4] == 0:
        _offer(best, elim, top[0], top[1], 7, K_CONTRA_OFF, on, on - 1, -1, n, cand)
    else:
        _offer(best, elim, top[0], top[1], 7, K_CONTRA_ON, on - 1, on, -1, n, cand)
    return OK


@njit(cache=True)
def _nishio_digit(d, base, n, cand, geo, st, sc, out):
    """Digit d's best Nishio hint, as multiple_best finds it in its cells (slots d and n, as there), into
    out[2:6] (see _nishio); OK or OVERFLOW."""
    result = sc[8]
    out[2] = BIG
    out[3], out[4], out[5] = 0, 0, 0
    for cell in range(cand.shape[0]):
        m = cand[cell]
        if not (m >> np.uint64(d)) & np.uint64(1) or popcount(m) < 2:
            continue
        on = (cell * n + d) * 2 + 1
        for run in range(2):  # the on run's contradiction (the candidate goes), then the off run's
            s = d if run == 0 else n
            propagate(s, on if run == 0 else on - 1, True, False, n, cand, geo, st, sc, 0, None)
            if result[2] != OK:
                return OVERFLOW
            if result[0] < 0:
                continue
            c = ancestors(s, result[0], st, sc) + ancestors(s, result[1], st, sc)
            diff = base + length_tenths(c)
            if diff < out[2] or (diff == out[2] and c < out[3]):
                out[2], out[3], out[4], out[5] = diff, c, cell, run
    return OK


@njit(cache=True)
def _regions(cell, d, sd, multiple, dynamic, level, base, n, cand, geo, st, sc, best, elim, slots, inner, static,
             graph, cache, bits, common, hits):
    """SE's doRegionChainings for (cell, d) (its on run in slot sd): in each house where cell is the first of the
    digit's places, the potentials every place forces (static: runs over the static graph, see _on_run; each place's
    run made once per call, see _on_run; the potentials all hold listed by _common)."""
    cell_units, unit_cells = geo[0], geo[1]
    st_pid, nrec, pmap = st[0], st[4], st[6]
    cslot = cache[0]
    bit = np.uint64(1) << np.uint64(d)
    y = True
    for j in range(cell_units.shape[1]):
        u = cell_units[cell, j]
        if u < 0:
            break
        count = 0
        first = -1
        for i in range(n):
            c = unit_cells[u, i]
            if cand[c] & bit:
                if first < 0:
                    first = c
                count += 1
        if not (count == 2 or (multiple and count > 2)) or first != cell:
            continue
        ns = 0
        slots[ns] = sd
        ns += 1
        for i in range(n):
            c = unit_cells[u, i]
            if c != cell and cand[c] & bit:
                on = (c * n + d) * 2 + 1
                slot = cslot[on]  # _on_run's cache lookup written out: a call costs ~60 refcount pairs (outer3)
                if slot < 0:
                    slot = _on_run(on, n + ns, cache, static, graph, dynamic, y, n, cand, geo, st, sc, level, inner,
                                   bits)
                    if slot < 0:
                        return OVERFLOW
                slots[ns] = slot
                ns += 1
        nh = _common(slots, ns, st, bits, common, hits)
        for want in (1, 0):
            for j in range(nh):
                pid = st_pid[sd, hits[j]]
                if pid & 1 != want or not _worth(pid, n, cand):
                    continue
                total = 0
                for i in range(ns):
                    total += ancestors(slots[i], pmap[slots[i], pid], st, sc)
                    sc[20][i] = slots[i]
                    sc[21][i] = pmap[slots[i], pid]
                total += _nest(ns, st, sc, inner)
                _offer(best, elim, base + length_tenths(total), total, 6, K_REGION, (cell * n + d) * 2 + 1, pid, u,
                       n, cand)
    return OK


@njit(cache=True)
def _limit(best, base, key):
    """The most potentials a chain of this price base and sort key may have and still beat the best hint."""
    if best[0] >= BIG:
        return 1 << 30
    # _better(best, base + length_tenths(c), c, key) holds for c = 1 .. the answer and fails after it
    # (difficulty and complexity only grow with c): a bisection, not a walk over every c
    lo, hi = 0, 100000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _better(best, base + length_tenths(mid), mid, key):
            lo = mid
        else:
            hi = mid - 1
    return lo


@njit(cache=True)
def _limit_seeded(best, bound, base, key):
    """The most potentials a chain may have and still beat the best hint and not come after `bound` (a hint known
    to exist in this state, so the best one is no worse)."""
    c = _limit(best, base, key)
    if bound[0] >= BIG:
        return c
    lo, hi = 0, c  # _no_later holds for k = 1 .. the answer, then fails (as in _limit)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _no_later(base + length_tenths(mid), mid, key, bound):
            lo = mid
        else:
            hi = mid - 1
    return lo


@njit(cache=True)
def _no_later(diff, cplx, key, bound):
    """True if (difficulty, complexity, key) does not rank after the bound."""
    if diff != bound[0]:
        return diff < bound[0]
    if cplx != bound[1]:
        return cplx < bound[1]
    return key <= bound[2]


@njit(cache=True)
def _seed_bound(seed, n, cand, geo, st, sc, full, work, found, tmpelim, bound):
    """bound = (tenths, complexity, key) of the easiest hint the previous best's source (seed = mode, source pid,
    kind) gives in this state, or BIG: any hint bounds the search, and a close state often keeps the chain.
    full, work: the full static graph and a graph buffer (_graph_of)."""
    bound[0] = BIG
    mode, src, kind = seed[0], seed[1], seed[2]
    if mode < 0 or not (cand[src // 2 // n] >> np.uint64(src // 2 % n)) & np.uint64(1):
        return
    key = 2 if mode == 0 else (3 if mode == 1 else 4)
    adj_ptr, adj, adj_cause = _graph_of(mode, full, work)
    if kind == K_CYCLE:
        nf = cycles(0, src, adj_ptr, adj, adj_cause, st, sc, found)
        for i in range(max(nf, 0)):
            if _cycle_removable(0, found[i], n, cand, geo, st, sc, tmpelim) > 0:
                c = ancestors(0, found[i], st, sc)
                diff = (70 if mode == 2 else 65) + length_tenths(c)
                if _better(bound, diff, c, key):
                    bound[0], bound[1], bound[2] = diff, c, key
        return
    t = forcing(1, src, adj_ptr, adj, adj_cause, st, sc)
    if t >= 0 and _worth(st[0][1, t], n, cand):
        c = ancestors(1, t, st, sc)
        bound[0], bound[1], bound[2] = (70 if mode == 2 else 66) + length_tenths(c), c, key


@njit(cache=True)
def loops_best(n, cand, geo, st, sc, best, elim, tmpelim, found, seed):
    """SE's Forcing Chains & Cycles (level 0, static): X, then Y, then XY cycles and forcing chains; the best hint
    into best/elim (seed: see _seed_bound; (-1, -1, -1) for none). Returns OK or OVERFLOW."""
    best[0] = BIG
    best[7] = 0
    vals = np.empty(n, np.int64)
    npid = 2 * cand.shape[0] * n
    full = (np.empty(npid + 1, np.int64), np.empty(npid * (4 * n + 8), np.int64),
            np.empty(npid * (4 * n + 8), np.int64))
    work = (np.empty(npid + 1, np.int64), np.empty(npid * (4 * n + 8), np.int64),
            np.empty(npid * (4 * n + 8), np.int64))
    static_graph(True, True, n, cand, geo, sc, full[0], full[1], full[2])
    bound = np.zeros(3, np.int64)
    tj = np.empty((8, npid + 1), np.int64)
    reach = np.empty((npid, (npid + 63) // 64), np.uint64)
    _seed_bound(seed, n, cand, geo, st, sc, full, work, found, tmpelim, bound)
    for mode in range(3):
        x = mode != 1
        adj_ptr, adj, adj_cause = _graph_of(mode, full, work)
        _closure(n, cand, adj_ptr, adj, tj, reach)
        key = 2 if mode == 0 else (3 if mode == 1 else 4)
        cyc_base = 70 if mode == 2 else 65
        chain_base = 70 if mode == 2 else 66
        for cell in range(cand.shape[0]):
            m = cand[cell]
            card = popcount(m)
            if card < 2 or (not x and card > 2):
                continue
            nv = _digits(m, n, vals)
            for iv in range(nv):
                on = (cell * n + vals[iv]) * 2 + 1
                nf = 0  # a cycle needs a way back to the source, a forcing chain one to the source's opposite
                if tj[2, tj[1, on]] > 1:
                    nf = cycles(0, on, adj_ptr, adj, adj_cause, st, sc, found,
                                _limit_seeded(best, bound, cyc_base, key), tj)
                if nf < 0:
                    return OVERFLOW
                for i in range(nf):
                    k = _cycle_removable(0, found[i], n, cand, geo, st, sc, tmpelim)
                    if k == 0:
                        continue
                    c = ancestors(0, found[i], st, sc)
                    diff = cyc_base + length_tenths(c)
                    if _better(best, diff, c, key):
                        best[0], best[1], best[2], best[3] = diff, c, key, K_CYCLE
                        best[4], best[5], best[6], best[7] = on, on, mode, k
                        for j in range(k):
                            elim[j, 0] = tmpelim[j, 0]
                            elim[j, 1] = tmpelim[j, 1]
                if not x:
                    continue
                for src in (on, on - 1):
                    if not _back(src, src ^ 1, tj, reach):
                        continue
                    t = forcing(1, src, adj_ptr, adj, adj_cause, st, sc, _limit_seeded(best, bound, chain_base, key),
                                tj, reach)
                    if t == -2:
                        return OVERFLOW
                    if t >= 0:
                        target = st[0][1, t]
                        if _worth(target, n, cand):
                            c = ancestors(1, t, st, sc)
                            _offer(best, elim, chain_base + length_tenths(c), c, key, K_FORCING, src, target, mode,
                                   n, cand)
    return OK
