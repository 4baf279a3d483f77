"""Forcing chains as Sudoku Explainer builds them: implications between candidates, propagated breadth-first.

A *potential* is a candidate assumed on or off, numbered

    pid = (cell * N + d) * 2 + on        d = digit - 1, on = 1 (the cell holds d) or 0 (it does not)

and an implication run starts from one potential and records every potential it forces, each with its parents
(the potentials that forced it), in flat per-run *stores* (a run slot s owns row s of every store array):

    rec_pid[s, r]            the potential of record r
    rec_p0[s, r], rec_pn[s, r]   its parents are par[s, rec_p0 : rec_p0 + rec_pn] (record indices of the same run)
    pmap[s, pid]             the record holding pid in the run's on/off sets, or -1
    nrec[s], npar[s]         records and parent slots used

Links (SE's rules): on -> off: the other candidates of the cell (Y links, when enabled) and the digit in the
cell's houses (box, row, column, extras, then extra difference pairs); off -> on: the last candidate of a bivalue
cell (Y) and the other place of a digit with two places in a house (X). In *dynamic* runs every processed off
potential is erased from a working copy of the candidates, so later links see the narrower grid and record the
erased candidates as extra ("hidden") parents. Sudoku Explainer's queue orders are kept exactly (see `propagate`,
`forcing`, `cycles`), because a chain's length - the number of its distinct ancestors - sets its rating.

Hints are ranked as SE ranks them: difficulty (tenths), then complexity (ancestors), then the hint kind's sort key,
then discovery order; the kernels keep only the best one and describe it in `best`:

    best[0] difficulty in tenths   best[1] complexity   best[2] sort key   best[3] kind (K_*)
    best[4] source pid             best[5] target pid   best[6] house (region hints) or -1
    best[7] number of eliminations, listed as (cell, digit) pairs in elim[0 : best[7]]

The kernels never allocate per node: stores and queues come from the caller (`Stores`); a status of OVERFLOW
asks the caller for bigger stores.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount
from .hodoku import where_words

OK, OVERFLOW = 0, 1
# hint kinds
K_CYCLE, K_FORCING, K_CONTRA_OFF, K_CONTRA_ON, K_DOUBLE_ON, K_DOUBLE_OFF, K_CELL, K_REGION = range(8)
BIG = np.int64(1) << 60
# why a potential holds (a record's cause): a house number, or one of these
NONE, CELL, ADVANCED = -1, -2, -3




@njit(cache=True)
def length_tenths(complexity):
    """SE's length bonus in tenths: +1 each time complexity - 2 passes 4, 6, 8, 12, 16, 24, 32, 48, ..."""
    added = 0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


@njit(cache=True)
def _reset(s, rec_pid, nrec, npar, pmap):
    """Empty run slot s (clearing only the map entries it used)."""
    for r in range(nrec[s]):
        pmap[s, rec_pid[s, r]] = -1
    nrec[s] = 0
    npar[s] = 0


@njit(cache=True, inline="always")
def reset_slot(s, st):
    """Empty run slot s and its table of nested chains. dynamic._propagate has this written out (refcounts): change
    both."""
    _reset(s, st[0], st[4], st[5], st[6])
    st[10][s] = 0


@njit(cache=True, inline="always")
def _add(s, pid, parents, nparents, rec_pid, rec_p0, rec_pn, par, nrec, npar):
    """Append a record with the given parent records; -1 when the slot is full."""
    r = nrec[s]
    if r >= rec_pid.shape[1] or npar[s] + nparents > par.shape[1]:
        return -1
    rec_pid[s, r] = pid
    rec_p0[s, r] = npar[s]
    rec_pn[s, r] = nparents
    for i in range(nparents):
        par[s, npar[s] + i] = parents[i]
    npar[s] += nparents
    nrec[s] = r + 1
    return r


@njit(cache=True, inline="always")
def _on_to_off(pid, y, n, work, cell_units, unit_cells, pair_ptr, pair_idx, mark, out, causes):
    """The off potentials an on potential forces, in SE's order; returns their number (pids in out, and in causes
    why: CELL for the cell's other candidates, the house for its other places, NONE for an extra pair).
    dynamic._propagate has this body written out (an inlined call costs it refcounts per record): change both."""
    cell = pid // 2 // n
    d = pid // 2 % n
    k = 0
    if y:
        m = work[cell]
        for v in range(n):
            if v != d and (m >> np.uint64(v)) & np.uint64(1):
                out[k] = (cell * n + v) * 2
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
                out[k] = (c * n + d) * 2
                causes[k] = u
                k += 1
                mark[c] = True
    for i in range(pair_ptr[cell], pair_ptr[cell + 1]):
        c = pair_idx[i]
        if not mark[c] and work[c] & bit:
            out[k] = (c * n + d) * 2
            causes[k] = NONE
            k += 1
            mark[c] = True
    mark[cell] = False
    for i in range(k):
        mark[out[i] // 2 // n] = False
    return k


@njit(cache=True, inline="always")
def _cell_parents(cell, n, gone, hid, hid_n, k):
    """hid[k, 0 : hid_n[k]] = the off pids of the cell's candidates in gone (the ones the run erased: the hidden
    parents of the cell's last candidate); shared by _off_to_on and dynamic._propagate."""
    h = 0
    for v in range(n):
        if (gone >> np.uint64(v)) & np.uint64(1):
            hid[k, h] = (cell * n + v) * 2
            h += 1
    hid_n[k] = h


@njit(cache=True, inline="always")
def _off_to_on(pid, y, x, n, work, source, cell_units, unit_cells, out, hid_n, hid, causes):
    """The on potentials an off potential forces (SE's order, duplicates dropped); hidden parents of on i are the
    off pids hid[i, 0 : hid_n[i]] (candidates the dynamic run erased that made the link); causes[i] = CELL (the
    cell's last candidate) or the house where it is the last place. dynamic._propagate has this body written out
    (x=True; an inlined call costs it refcounts per record), but for _cell_parents: change both."""
    cell = pid // 2 // n
    d = pid // 2 % n
    k = 0
    if y:
        m = work[cell]
        if popcount(m) == 2:
            other = m & ~(np.uint64(1) << np.uint64(d))
            v = 0
            while not (other >> np.uint64(v)) & np.uint64(1):
                v += 1
            out[k] = (cell * n + v) * 2 + 1
            causes[k] = CELL
            _cell_parents(cell, n, source[cell] & ~m, hid, hid_n, k)
            k += 1
    if not x:
        return k
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
        dup = False
        for i in range(k):
            if out[i] == on:
                dup = True
        if dup:
            continue
        out[k] = on
        causes[k] = u
        h = 0
        for i in range(n):
            c = unit_cells[u, i]
            if (source[c] & bit) and not (work[c] & bit):
                hid[k, h] = (c * n + d) * 2
                h += 1
        hid_n[k] = h
        k += 1
    return k


@njit(cache=True)
def _store_add(s, pid, nparents, st, sc, cause=NONE):
    """Append a record whose parents are sc.parents[:nparents], with its cause; -1 when the slot is full.
    dynamic._propagate has its first record's append written out (refcounts): change both."""
    r = _add(s, pid, sc[7], nparents, st[0], st[1], st[2], st[3], st[4], st[5])
    if r >= 0:
        st[7][s, r] = cause
        st[8][s, r] = -1
    return r


@njit(cache=True, inline="always")
def _add1(s, pid, parent, why, rec_pid, rec_p0, rec_pn, par, nrec, npar, cause, nest):
    """_store_add(s, pid, 1, ...) with parent record `parent` and cause `why`, over the store arrays: passing the
    store and scratch tuples (~30 arrays) on every link is what costs (see the module docstring); this form took
    static multiple chains' runs from 97 to 19 ms (every run of the 92 static multiple calls met rating the
    40 puzzles of ER 5-9.3 of benchmarks/rate.py, best of 5; every record the same)."""
    r = nrec[s]
    if r >= rec_pid.shape[1] or npar[s] + 1 > par.shape[1]:
        return -1
    rec_pid[s, r] = pid
    rec_p0[s, r] = npar[s]
    rec_pn[s, r] = 1
    par[s, npar[s]] = parent
    npar[s] += 1
    nrec[s] = r + 1
    cause[s, r] = why
    nest[s, r] = -1
    return r


@njit(cache=True)
def ancestors(s, r, st, sc):
    """SE's ancestor count of record r: the distinct potentials among r and all that forced it, walked
    breadth-first (the first record met stands for its potential, as in SE's Potential.getAncestorCount)."""
    return ancestor_count(s, r, st[0], st[1], st[2], st[3], sc[9], sc[10], sc[11])


@njit(cache=True, inline="always")
def ancestor_count(s, r, st_pid, st_p0, st_pn, st_par, stamp, tick, q):
    """ancestors over the store arrays, for a caller that holds them, not the tuples (see _add1)."""
    return ancestor_walk(s, r, st_pid, st_p0, st_pn, st_par, stamp, tick, q)


@njit(cache=True, inline="always")
def ancestor_walk(s, r, st_pid, st_p0, st_pn, st_par, stamp, tick, q):
    """SE's ancestor walk of record r of slot s, breadth-first: q[0:count] = the first record met of each distinct
    potential among r and all that forced it, in the order met; returns count. (The kept records overwrite the
    queue's consumed head: one walk for the ancestor count, the rule parents and the nested complexity.)"""
    tick[0] += 1
    t = tick[0]
    head, tail, count = 0, 1, 0
    q[0] = r
    while head < tail:
        x = q[head]
        head += 1
        pid = st_pid[s, x]
        if stamp[pid] == t:
            continue
        stamp[pid] = t
        q[count] = x
        count += 1
        p0 = st_p0[s, x]
        for i in range(st_pn[s, x]):
            if tail < q.shape[0]:
                q[tail] = st_par[s, p0 + i]
                tail += 1
    return count


@njit(cache=True)
def _mark_path(s, r, st_pid, st_p0, st_pn, st_par, stamp, tick):
    """Stamp the potentials of record r's strict first-parent ancestors (SE's isParent test, for all of r's
    children at once); returns the stamp. Takes arrays, not the store tuples (see _add1)."""
    tick[0] += 1
    t = tick[0]
    x = r
    while st_pn[s, x] > 0:
        x = st_par[s, st_p0[s, x]]
        stamp[st_pid[s, x]] = t
    return t


@njit(cache=True)
def _is_ancestor(s, r, pid, st):
    """SE's isParent: pid is a strict first-parent ancestor of record r."""
    st_pid, st_p0, st_pn, st_par = st[0], st[1], st[2], st[3]
    x = r
    while st_pn[s, x] > 0:
        x = st_par[s, st_p0[s, x]]
        if st_pid[s, x] == pid:
            return True
    return False


@njit(cache=True)
def cycles(s, source, adj_ptr, adj, adj_cause, st, sc, found, limit=1 << 30, tj=None, adj_end=None):
    """SE's doCycles from an on potential: every on, then every off, alternately; offs are not merged, so every
    path is kept; found[] gets the records that lead back to the source after at least 4 steps. Returns how many,
    or -1 on overflow. Records deeper than `limit` links are not made: a chain's length is at least its depth, so
    a caller that only wants chains of at most `limit` potentials loses nothing (levels above it are unchanged).
    With the static graph's closure (tj: _closure) no record is made for a potential that cannot reach the
    source: it lies on no path back, so the records found, their order and their chains are unchanged (only
    records that lead nowhere are left out). A potential met is reached from the source, so it reaches it back
    exactly when it is in the source's component (tj[1]; no reach set is read). With adj_end, p's
    links are adj[adj_ptr[p]:adj_end[p]] (a mode's graph as ranges of the full one's lists: dynamic._mode_ranges),
    else CSR."""
    st_pid, st_p0, st_pn, st_par, nrec, npar, pmap = st[0], st[1], st[2], st[3], st[4], st[5], st[6]
    qon, qoff, parents = sc[1], sc[2], sc[7]
    depth, stamp, tick = sc[17], sc[9], sc[10]
    _reset(s, st_pid, nrec, npar, pmap)  # reset_slot and _store_add over the arrays (see _add1)
    st[10][s] = 0
    home = -1  # the source's component
    if tj is not None:
        home = tj[1, source]
    r0 = _add(s, source, parents, 0, st_pid, st_p0, st_pn, st_par, nrec, npar)
    st[7][s, r0] = NONE
    st[8][s, r0] = -1
    pmap[s, source] = r0
    depth[r0] = 0
    hon, ton, hoff, toff = 0, 1, 0, 0
    qon[0] = r0
    nfound = 0
    length = 0
    while hon < ton or hoff < toff:
        length += 1
        while hon < ton:
            r = qon[hon]
            hon += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            t = _mark_path(s, r, st_pid, st_p0, st_pn, st_par, stamp, tick)
            for i in range(adj_ptr[p], adj_ptr[p + 1] if adj_end is None else adj_end[p]):
                e = adj[i]
                if stamp[e] == t:
                    continue
                if tj is not None and tj[1, e] != home:
                    continue
                parents[0] = r
                xr = _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                if xr < 0 or toff >= qoff.shape[0]:
                    return -1
                depth[xr] = depth[r] + 1
                pmap[s, e] = xr
                qoff[toff] = xr
                toff += 1
        length += 1
        while hoff < toff:
            r = qoff[hoff]
            hoff += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1] if adj_end is None else adj_end[p]):
                e = adj[i]
                parents[0] = r
                if length >= 4 and e == source:
                    xr = _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                    if xr < 0 or nfound >= found.shape[0]:
                        return -1
                    found[nfound] = xr
                    nfound += 1
                if pmap[s, e] < 0:
                    if tj is not None and tj[1, e] != home:
                        continue
                    xr = _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                    if xr < 0 or ton >= qon.shape[0]:
                        return -1
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qon[ton] = xr
                    ton += 1
    return nfound


@njit(cache=True)
def _back(a, b, tj, reach):
    """True if potential a reaches potential b in the static graph (see _closure)."""
    nb = tj[0, b]
    return nb >= 0 and (reach[tj[1, a], nb >> 6] >> np.uint64(nb & 63)) & np.uint64(1) != 0


@njit(cache=True)
def forcing(s, source, adj_ptr, adj, adj_cause, st, sc, limit=1 << 30, tj=None, reach=None, adj_end=None):
    """SE's doForcingChains from one potential (static links, every on then every off, alternately): the record
    that reaches the source's opposite (a forcing chain), -1 if none, -2 on overflow. Records deeper than `limit`
    links are not expanded (see `cycles`). With the static graph's closure (tj, reach) no record is made for a
    potential that cannot reach the opposite: the others are found by the same parents in the same order, so the
    first chain to the opposite is the same. adj_end: as in `cycles`. forcing_sets: the same search with that
    filter read off the sets over the strong offs."""
    st_pid, st_p0, st_pn, st_par, nrec, npar, pmap = st[0], st[1], st[2], st[3], st[4], st[5], st[6]
    qon, qoff, parents = sc[1], sc[2], sc[7]
    depth = sc[17]
    _reset(s, st_pid, nrec, npar, pmap)  # reset_slot and _store_add over the arrays (see _add1)
    st[10][s] = 0
    r0 = _add(s, source, parents, 0, st_pid, st_p0, st_pn, st_par, nrec, npar)
    st[7][s, r0] = NONE
    st[8][s, r0] = -1
    pmap[s, source] = r0
    depth[r0] = 0
    hon, ton, hoff, toff = 0, 0, 0, 0
    if source & 1:
        qon[0] = r0
        ton = 1
    else:
        qoff[0] = r0
        toff = 1
    opposite = source ^ 1
    while hon < ton or hoff < toff:
        while hon < ton:
            r = qon[hon]
            hon += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1] if adj_end is None else adj_end[p]):
                e = adj[i]
                parents[0] = r
                if e == opposite:
                    # the first chain to the opposite is the one SE keeps; nothing later changes it
                    if nrec[s] >= st_pid.shape[1]:
                        return -2
                    return _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                xr = -1
                if pmap[s, e] < 0:
                    if tj is not None and not _back(e, opposite, tj, reach):
                        continue
                    if xr < 0:
                        xr = _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                    if xr < 0:
                        return -2
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qoff[toff] = xr
                    toff += 1
        while hoff < toff:
            r = qoff[hoff]
            hoff += 1
            if depth[r] >= limit:
                continue
            p = st_pid[s, r]
            for i in range(adj_ptr[p], adj_ptr[p + 1] if adj_end is None else adj_end[p]):
                e = adj[i]
                parents[0] = r
                if e == opposite:
                    # the first chain to the opposite is the one SE keeps; nothing later changes it
                    if nrec[s] >= st_pid.shape[1]:
                        return -2
                    return _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                xr = -1
                if pmap[s, e] < 0:
                    if tj is not None and not _back(e, opposite, tj, reach):
                        continue
                    if xr < 0:
                        xr = _add1(s, e, r, adj_cause[i], st[0], st[1], st[2], st[3], st[4], st[5], st[7], st[8])
                    if xr < 0:
                        return -2
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qon[ton] = xr
                    ton += 1
    return -1


@njit(cache=True, inline="always")
def forcing_sets(s, source, adj_ptr, adj, adj_cause, adj_end, st_pid, st_p0, st_pn, st_par, nrec, npar, pmap, cause,
                 nest, nnest, qon, qoff, parents, depth, sidx, rr, amask, nmask, sbuf):
    """`forcing` (no depth limit, a mode's ranges adj_ptr..adj_end) over the store arrays, filtered by the sets over
    the strong offs (dynamic._s_targets, exact there): an off x reaches the opposite iff x is strong and its
    closure rr[1, sidx[x]] meets the rows sbuf[0] whose targets hold it; an on q iff it links to it (sbuf[1] and
    q's candidate in nmask: the offs the source links to) or a strong off q links to (amask) does. Inlined into
    dynamic._loops_search: `forcing` with the st/sc tuples increfed their ~40 arrays per call, ~12 calls a
    searched grid (lvl2e: searched grids 0.0539/0.0548 -> 0.0520/0.0530 ms alternated, with the inlined
    front of _inner_loops and _s_targets inlined). Its on and off steps are one loop over `side` (lead, review:
    the two written out repeated 12 lines; rate_levels.py level 2 0.594/0.590/0.586 -> 0.596/0.591/0.593 s
    alternated, noise)."""
    _reset(s, st_pid, nrec, npar, pmap)
    nnest[s] = 0
    r0 = _add(s, source, parents, 0, st_pid, st_p0, st_pn, st_par, nrec, npar)
    cause[s, r0] = NONE
    nest[s, r0] = -1
    pmap[s, source] = r0
    depth[r0] = 0
    hon, ton, hoff, toff = 0, 0, 0, 0
    if source & 1:
        qon[0] = r0
        ton = 1
    else:
        qoff[0] = r0
        toff = 1
    opposite = source ^ 1
    trows, direct = sbuf[0], sbuf[1] != 0
    one = np.uint64(1)
    while hon < ton or hoff < toff:
        for side in range(2):  # every on (side 0: the offs it forces go to qoff), then every off (side 1)
            qin, qout = (qon, qoff) if side == 0 else (qoff, qon)
            hd, tl, to = (hon, ton, toff) if side == 0 else (hoff, toff, ton)
            while hd < tl:
                r = qin[hd]
                hd += 1
                p = st_pid[s, r]
                for i in range(adj_ptr[p], adj_end[p]):
                    e = adj[i]
                    parents[0] = r
                    if e == opposite:
                        if nrec[s] >= st_pid.shape[1]:
                            return -2
                        return _add1(s, e, r, adj_cause[i], st_pid, st_p0, st_pn, st_par, nrec, npar, cause, nest)
                    if pmap[s, e] >= 0:
                        continue
                    if side == 0:  # an off: strong, its closure meets the target rows
                        x = sidx[e]
                        ok = x >= 0 and rr[1, x] & trows != 0
                    else:  # an on: the source links to it, or a strong off it links to reaches a target row
                        b = e >> 1
                        ok = direct and (nmask[b >> 6] >> np.uint64(b & 63)) & one != 0
                        a = amask[b]
                        while a and not ok:
                            ok = rr[1, ctz(a)] & trows != 0
                            a &= a - one
                    if not ok:
                        continue
                    xr = _add1(s, e, r, adj_cause[i], st_pid, st_p0, st_pn, st_par, nrec, npar, cause, nest)
                    if xr < 0:
                        return -2
                    depth[xr] = depth[r] + 1
                    pmap[s, e] = xr
                    qout[to] = xr
                    to += 1
            if side == 0:
                hon, toff = hd, to
            else:
                hoff, ton = hd, to
    return -1


@njit(cache=True)
def _cycle_removable(s, r, n, cand, geo, st, sc, out):
    """SE's cycle eliminations: candidates (not on the cycle's cells) that see an on node and an off node of
    their own digit on the cycle; returns how many, listed in out."""
    peers_ptr, peers_idx = geo[4], geo[5]
    st_pid, st_p0, st_pn, st_par = st[0], st[1], st[2], st[3]
    stamp, tick = sc[9], sc[10]
    ncells = cand.shape[0]
    tick[0] += 3
    t = tick[0]
    # stamp[cell] = t marks a cycle cell; stamp[ncells + cand] = t - 1 / t - 2 marks seen by on / off nodes
    x = r
    while st_pn[s, x] > 0:
        stamp[st_pid[s, x] // 2 // n] = t
        x = st_par[s, st_p0[s, x]]
    base = ncells
    k = 0
    for side in (1, 0):
        x = r
        while st_pn[s, x] > 0:
            pid = st_pid[s, x]
            if pid & 1 == side:
                cell = pid // 2 // n
                d = pid // 2 % n
                bit = np.uint64(1) << np.uint64(d)
                for i in range(peers_ptr[cell], peers_ptr[cell + 1]):
                    c = peers_idx[i]
                    if stamp[c] == t or not cand[c] & bit:
                        continue
                    slot = base + c * n + d
                    if side == 1:
                        stamp[slot] = t - 1
                    elif stamp[slot] == t - 1:
                        stamp[slot] = t - 2
                        out[k, 0] = c
                        out[k, 1] = d + 1
                        k += 1
            x = st_par[s, st_p0[s, x]]
    return k


@njit(cache=True)
def static_graph(y, x, n, cand, geo, sc, adj_ptr, adj, adj_cause):
    """Every static link of the grid, in SE's emission order: the children of potential p are
    adj[adj_ptr[p] : adj_ptr[p + 1]] (on -> off with Y links if y; off -> on with Y links if y, X links if x)."""
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    mark, tmp, hid_n, hid, causes = sc[3], sc[4], sc[5], sc[6], sc[18]
    ncells = cand.shape[0]
    k = 0
    for p in range(2 * ncells * n):
        adj_ptr[p] = k
        cell = p // 2 // n
        if not (cand[cell] >> np.uint64(p // 2 % n)) & np.uint64(1):
            continue
        if p & 1:
            m = _on_to_off(p, y, n, cand, cell_units, unit_cells, pair_ptr, pair_idx, mark, tmp, causes)
        else:
            m = _off_to_on(p, y, x, n, cand, cand, cell_units, unit_cells, tmp, hid_n, hid, causes)
        for i in range(m):
            adj[k] = tmp[i]
            adj_cause[k] = causes[i]
            k += 1
    adj_ptr[2 * ncells * n] = k


@njit(cache=True)
def peer_order(n, geo, sc, pe_ptr, pe_cell, pe_cause):
    """Every cell's peers in _on_to_off's order (its houses' cells in cell_units order, each once, then its extra
    pairs), with the cause of each (the house where first met, or NONE): CSR by pe_ptr. The order depends on the
    geometry only, so _on_to_off on a grid of every candidate makes it (the digit's test passes everywhere)."""
    cell_units, unit_cells, pair_ptr, pair_idx = geo[0], geo[1], geo[2], geo[3]
    mark, tmp, causes = sc[3], sc[4], sc[18]
    ncells = cell_units.shape[0]
    every = np.empty(ncells, np.uint64)
    for c in range(ncells):
        every[c] = (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    k = 0
    for cell in range(ncells):
        pe_ptr[cell] = k
        m = _on_to_off(cell * n * 2 + 1, False, n, every, cell_units, unit_cells, pair_ptr, pair_idx, mark, tmp,
                       causes)
        for i in range(m):
            pe_cell[k] = tmp[i] // 2 // n
            pe_cause[k] = causes[i]
            k += 1
    pe_ptr[ncells] = k


@njit(cache=True)
def static_graph_xy(n, cand, geo, order, adj_ptr, adj, adj_cause, counted=False):
    """static_graph(True, True, ...) made faster: the same edges, causes and order. An on potential's offs are
    its cell's other candidates, then its peers holding the digit in _on_to_off's order: peer_segments' runs of
    peers (one cause, rising cells) as cell bit sets, ANDed with the digit's places (pm, made per call); an off
    potential's ons are the last candidate of a bivalue cell, then the other place of the digit in each of the
    cell's houses with two places (ucnt[u, d]: the places of d in house u, counted per call from the house bit
    sets hmask; _groups_meet reads them too), a repeat of an earlier target dropped as _off_to_on drops it.
    order = (pe_ptr, pe_cell, pe_cause, ucnt, pm, seg_ptr, seg_cause, seg_mask, hmask): forcing._loops_order.
    Speed record (nest2, 2026-11-24): over the 10477 nested kind-0 grids of 11+ lines[0:3] (sgx.py, best of 4)
    0.0143 -> 0.0090 ms a grid, edges identical; it scanned each cell's 20 peers and counted places cell by cell.
    counted: pm and ucnt already hold cand's (place_counts)."""
    cell_units = geo[0]
    ucnt, pm, seg_ptr, seg_cause, seg_mask, hmask = order[3], order[4], order[5], order[6], order[7], order[8]
    ncells = cand.shape[0]
    w = pm.shape[1]
    one = np.uint64(1)
    if not counted:
        place_counts(n, cand, order)
    k = 0
    for cell in range(ncells):
        m = cand[cell]
        two = popcount(m) == 2
        for d in range(n):
            p = (cell * n + d) * 2
            bit = one << np.uint64(d)
            if not m & bit:
                adj_ptr[p] = k
                adj_ptr[p + 1] = k
                continue
            adj_ptr[p] = k  # off: the bivalue cell's other candidate, then each house's other place
            k0 = k
            if two:
                adj[k] = (cell * n + ctz(m & ~bit)) * 2 + 1
                adj_cause[k] = CELL
                k += 1
            for jj in range(cell_units.shape[1]):
                u = cell_units[cell, jj]
                if u < 0:
                    break
                if ucnt[u, d] != 2:
                    continue
                on = (other_place(hmask, pm, u, d, cell, w) * n + d) * 2 + 1
                dup = False
                for i in range(k0, k):
                    if adj[i] == on:
                        dup = True
                if dup:
                    continue
                adj[k] = on
                adj_cause[k] = u
                k += 1
            adj_ptr[p + 1] = k  # on: the cell's other candidates, then the peers with the digit
            r = m & ~bit
            while r:
                adj[k] = (cell * n + ctz(r)) * 2
                adj_cause[k] = CELL
                k += 1
                r &= r - one
            for s in range(seg_ptr[cell], seg_ptr[cell + 1]):
                cause = seg_cause[s]
                for j in range(w):
                    b = seg_mask[s, j] & pm[d, j]
                    while b:
                        adj[k] = ((j * 64 + ctz(b)) * n + d) * 2
                        adj_cause[k] = cause
                        k += 1
                        b &= b - one
    adj_ptr[2 * ncells * n] = k


@njit(cache=True, inline="always")
def other_place(hmask, pm, u, d, cell, w):
    """The cell of house u's other place of digit d than `cell`, u holding two (place_counts' bit sets)."""
    o = 0
    for j in range(w):
        x = hmask[u, j] & pm[d, j]
        if j == cell >> 6:
            x &= ~(np.uint64(1) << np.uint64(cell & 63))
        if x:
            o = j * 64 + ctz(x)
    return o


@njit(cache=True)
def place_counts(n, cand, order):
    """static_graph_xy's per-call tables (order = forcing._loops_order): pm[d] the places of digit d (cell bit
    sets), ucnt[u, d] the places of d in house u."""
    ucnt, pm, hmask = order[3], order[4], order[8]
    w = pm.shape[1]
    where_words(cand, pm)
    for u in range(hmask.shape[0]):
        for d in range(n):
            t = 0
            for j in range(w):
                t += popcount(hmask[u, j] & pm[d, j])
            ucnt[u, d] = t


def peer_segments(ncells, pe_ptr, pe_cell, pe_cause):
    """static_graph_xy's peer runs (plain Python, once per geometry): each cell's peers of peer_order cut into
    maximal runs of one cause and rising cell numbers, so a run's cells in bit order are its cells in link
    order. Returns (seg_ptr: CSR by cell, seg_cause, seg_mask: a cell bit set per run)."""
    w = (ncells + 63) // 64
    ptr, causes, masks = [0], [], []
    for c in range(ncells):
        last, last_cause = -1, None
        for i in range(pe_ptr[c], pe_ptr[c + 1]):
            cc, cause = int(pe_cell[i]), int(pe_cause[i])
            if cause != last_cause or cc <= last:
                causes.append(cause)
                masks.append([0] * w)
            masks[-1][cc >> 6] |= 1 << (cc & 63)
            last, last_cause = cc, cause
        ptr.append(len(causes))
    return (np.array(ptr, np.int64), np.array(causes, np.int64),
            np.array(masks, np.uint64).reshape(len(causes), w))


@njit(cache=True)
def _graph_of(mode, full, work):
    """The static graph of a loops mode (0: X links, 1: Y links, 2: both) from the full one (static_graph(True,
    True), which is mode 2's), filtered into `work`: static_graph(y, x) makes the same edges in the same order
    less those it leaves out - a potential's links within its cell (cause CELL) without Y links, an off
    potential's house links without X links. (_off_to_on drops a house link that repeats an earlier target, but a
    Y link's target is another digit of the cell and an X link's the digit in another cell: leaving one kind
    out never brings back a dropped repeat.) Three static_graph calls a loops call (and the seed's) -> one."""
    if mode == 2:
        return full
    f_ptr, f_adj, f_cause = full
    ptr, adj, cause = work
    npid = f_ptr.shape[0] - 1
    k = 0
    for p in range(npid):
        ptr[p] = k
        for i in range(f_ptr[p], f_ptr[p + 1]):
            c = f_cause[i]
            if c == CELL:
                if mode == 0:
                    continue
            elif mode == 1 and not p & 1:
                continue
            adj[k] = f_adj[i]
            cause[k] = c
            k += 1
    ptr[npid] = k
    return work


@njit(cache=True)
def _closure(n, cand, adj_ptr, adj, tj, reach, sets=True):
    """Who reaches whom in the static graph. tj rows (set for present potentials only): 0 node (the bit of a
    potential in the reach sets), 1 comp (strongly connected component: Tarjan without recursion, components
    numbered sinks first), 2 size of a component, 3-7 scratch. reach[c] = the bit set over nodes of every
    potential component c reaches, its own members included, made when c is complete (every component its edges
    lead to is complete by then: sinks first); a target already in the set is skipped, its own set being a
    subset, and a sink (an off potential without strong links, most of them) adds its bit, not its set.
    sets=False: the components only (no reach set made). Returns the number of components."""
    node, comp, size, index, low, stack, cs_v, cs_e = tj[0], tj[1], tj[2], tj[3], tj[4], tj[5], tj[6], tj[7]
    npid = 2 * cand.shape[0] * n
    for p in range(npid):
        index[p] = -2  # absent
    nn = 0
    for cell in range(cand.shape[0]):
        m = cand[cell]
        for v in range(n):
            if (m >> np.uint64(v)) & np.uint64(1):
                p = (cell * n + v) * 2
                comp[p] = comp[p + 1] = -1
                index[p] = index[p + 1] = -1
                node[p], node[p + 1] = nn, nn + 1
                nn += 2
    w = (nn + 63) // 64
    nc, top, order = 0, 0, 0
    for root in range(npid):
        if index[root] != -1:
            continue
        index[root] = low[root] = order
        order += 1
        stack[top] = root
        top += 1
        v, e, ncs = root, adj_ptr[root], 0
        while True:  # v's edges from e on, its low in lv; cs_v/cs_e: the frames below (vertex, next edge)
            lv = low[v]
            down = False
            while e < adj_ptr[v + 1]:
                u = adj[e]
                e += 1
                if index[u] < 0:
                    low[v] = lv
                    cs_v[ncs], cs_e[ncs] = v, e
                    ncs += 1
                    index[u] = low[u] = order
                    order += 1
                    stack[top] = u
                    top += 1
                    v, e = u, adj_ptr[u]
                    down = True
                    break
                if index[u] < lv and comp[u] < 0:
                    lv = index[u]
            if down:
                continue
            low[v] = lv
            if lv == index[v] and not sets:  # v roots component nc: pop it
                end = top
                while True:
                    top -= 1
                    x = stack[top]
                    comp[x] = nc
                    if x == v:
                        break
                size[nc] = end - top
                nc += 1
            elif lv == index[v]:  # v roots component nc: pop it, then make its reach set
                for j in range(w):
                    reach[nc, j] = 0
                end = top
                while True:
                    top -= 1
                    x = stack[top]
                    comp[x] = nc
                    reach[nc, node[x] >> 6] |= np.uint64(1) << np.uint64(node[x] & 63)
                    if x == v:
                        break
                size[nc] = end - top
                for q in range(top, end):  # the members, still in stack[top:end]
                    x = stack[q]
                    for i in range(adj_ptr[x], adj_ptr[x + 1]):
                        u = adj[i]
                        b = node[u]
                        if (reach[nc, b >> 6] >> np.uint64(b & 63)) & np.uint64(1):
                            continue  # the target's component is nc or merged already
                        if adj_ptr[u] == adj_ptr[u + 1]:  # a sink reaches itself only: its bit, not its set
                            reach[nc, b >> 6] |= np.uint64(1) << np.uint64(b & 63)
                            continue
                        c2 = comp[u]
                        for j in range(w):
                            reach[nc, j] |= reach[c2, j]
                nc += 1
            if ncs == 0:
                break
            ncs -= 1
            v, e = cs_v[ncs], cs_e[ncs]
            if lv < low[v]:
                low[v] = lv
    return nc


@njit(cache=True)
def _digits(m, n, out):
    """The digit indices of a candidate mask into out; returns how many."""
    k = 0
    for v in range(n):
        if (m >> np.uint64(v)) & np.uint64(1):
            out[k] = v
            k += 1
    return k


@njit(cache=True)
def _better(best, diff, cplx, key):
    """True if (difficulty, complexity, sort key) ranks strictly before the best hint so far."""
    if diff != best[0]:
        return diff < best[0]
    if cplx != best[1]:
        return cplx < best[1]
    return key < best[2]
