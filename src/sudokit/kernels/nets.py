"""Forcing chains and forcing nets in numba: what every candidate, assumed true or false, implies.

Premises are the potentials of the candidates: 2i (candidate i off) and 2i+1 (on), for the normal nodes
0 .. K-1 of logic.chains' implication graph (candidate i is `node_cell[i]`, digit `node_digit[i]`). A premise's
*consequences* are found either

- statically (forcing chains): a BFS over the implication graph, each step one weak or strong link, so every
  consequence follows from one earlier one (group nodes included); or
- dynamically (forcing nets): the premise is applied to a working copy of the candidates and every consequence
  is applied too; a candidate goes off when a placed peer or another candidate of its cell is on, or when the
  other places of its digit in a house lie inside a second house that a peer of it shares (locked candidates);
  a candidate goes on as the last of its cell or the last place of its digit in a house. A consequence may thus
  rest on several earlier ones (its *parents*).

Records: a run writes the potentials it reaches into order[0:k] (seen[pot] = record or -1) and, dynamically, the
parents of record r (as potentials) into par_idx[par_ptr[r] : par_ptr[r+1]]; statically parent[pot] is the one
predecessor. A premise is false when its consequences contradict: a potential and its opposite (T_BOTH, witness
the node), a cell left without candidates (T_CELL, the cell), a house left without a place for an unplaced digit
(T_HOUSE, house * n + digit - 1). A consequence is true (verity) when every premise of an exhaustive group
implies it: a candidate on and off, every candidate of a cell on, every place of a digit in a house on.

`scan` runs every premise, keeps each one's consequences as a row of bits and its (cheapest) contradiction, then
ANDs the rows of every group. Per conclusion (slot 2i: candidate i is false, 2i+1: it is true) it keeps the
smallest group that proves it as a verity: best_kind = K_PAIR (best_src = the candidate), K_CELL (the cell) or
K_HOUSE (house * n + digit - 1). (Static implications are closed under contraposition, so every static verity is
also the contradiction of its negation; both are reported, as HoDoKu reports both.)

Speed (hod17): _house and _gone read each digit's places as words (pl[n + d], kept beside work) and each house's
cells as words, not loops over the house's cells against work: dynamic scans of the 205 hodoku_next states of
the first 8 11+ puzzles' ratings (/tmp/hod17/scancmp.py, best of 5, alternated with main) 0.190/0.183 ->
0.170/0.161 s; then a placed cell's peers that hold the digit as pl[n + d] & pw[c], not a loop over its peers
testing work: 0.190/0.190 -> 0.142/0.143 s. The same contradictions, verities, rows and replays.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount
from .implications import _bfs, clear

T_NONE, T_BOTH, T_CELL, T_HOUSE = 0, 1, 2, 3
K_NONE, K_CONTRA, K_PAIR, K_CELL, K_HOUSE = -1, 0, 1, 2, 3


# ---------------------------------------------------------------- dynamic propagation

@njit(cache=True)
def _imply(pot, nparents, pbuf, seen, order, par_ptr, par_idx, k):
    """Record pot (parents pbuf[:nparents]) unless known; returns the new record count, or -(count) - 1 when pot's
    opposite is known (pot is recorded all the same)."""
    if seen[pot] >= 0:
        return k
    seen[pot] = k
    order[k] = pot
    start = par_ptr[k]
    for i in range(nparents):
        par_idx[start + i] = pbuf[i]
    par_ptr[k + 1] = start + nparents
    k += 1
    if seen[pot ^ 1] >= 0:
        return -k - 1
    return k


@njit(cache=True)
def propagate(p, n, cand, hdone, geo, cand_node, node_cell, node_digit, work, wdone, seen, order, par_ptr,
              par_idx, pbuf, result):
    """Apply premise p and everything it forces; returns the number of records. result = (type, witness).

    geo = (cell_units, unit_cells, peers_ptr, peers_idx, inter, hw, pl, pw): hw[h] house h's cells as words, pl[d]
    (d < n) digit d's places in cand as words and pl[n + d] their working copy (see _house), pw[c] cell c's peers
    as words (peers_ptr, peers_idx and inter are no longer read);
    hdone[h] = the digits placed in house h (a mask); work, wdone are scratch copies of cand and hdone. A cell placed by the premise has
    no candidate left in work (one left without any ends the run as a contradiction), which is how it is told.
    (It was told by a copy of the placed digits per cell, written per premise: ~10% of a forcing net scan.)
    (Tried: leaving them at rest and restoring only the records' cells and houses after the search instead of the
    copies: propagation alone on 211 captured 11+ states 0.165 -> 0.183 s; the copies are cheap sequential writes.)"""
    cell_units, unit_cells, peers_ptr, peers_idx, inter, hw, pl, pw = geo
    ncells = cand.shape[0]
    for c in range(ncells):
        work[c] = cand[c]
    for h in range(hdone.shape[0]):
        wdone[h] = hdone[h]
    for d in range(n):
        for w in range(pl.shape[1]):
            pl[n + d, w] = pl[d, w]
    result[0], result[1] = T_NONE, 0
    par_ptr[0] = 0
    k = _imply(p, 0, pbuf, seen, order, par_ptr, par_idx, 0)
    head = 0
    while head < k:
        pot = order[head]
        head += 1
        node = pot // 2
        c, d = node_cell[node], node_digit[node] - 1
        bit = np.uint64(1) << np.uint64(d)
        if pot & 1:
            if work[c] == 0:
                continue  # placed already (by another digit: then pot's opposite was recorded, a contradiction)
            pbuf[0] = pot
            m = work[c] & ~bit
            _unplace(pl, n, c, work[c])
            work[c] = np.uint64(0)
            while m:
                e = ctz(m)
                m &= m - np.uint64(1)
                k = _imply(2 * cand_node[c * n + e], 1, pbuf, seen, order, par_ptr, par_idx, k)
                if k < 0:
                    result[0], result[1] = T_BOTH, cand_node[c * n + e]
                    return -k - 1
            for w in range(pw.shape[1]):  # the peers with d left, by increasing cell (as peers_idx lists them)
                pm = pl[n + d, w] & pw[c, w]
                while pm:
                    q = w * 64 + ctz(pm)
                    pm &= pm - np.uint64(1)
                    k = _imply(2 * cand_node[q * n + d], 1, pbuf, seen, order, par_ptr, par_idx, k)
                    if k < 0:
                        result[0], result[1] = T_BOTH, cand_node[q * n + d]
                        return -k - 1
            for j in range(cell_units.shape[1]):
                h = cell_units[c, j]
                if h >= 0:
                    wdone[h] |= bit
            continue
        if not work[c] & bit:
            continue
        work[c] &= ~bit
        pl[n + d, c >> 6] &= ~(np.uint64(1) << np.uint64(c & 63))
        if work[c] == 0:
            result[0], result[1] = T_CELL, c
            return k
        if popcount(work[c]) == 1:
            k = _naked(c, n, cand, work, cand_node, pbuf, seen, order, par_ptr, par_idx, k)
            if k < 0:
                result[0], result[1] = T_BOTH, cand_node[c * n + ctz(work[c])]
                return -k - 1
        for j in range(cell_units.shape[1]):
            h = cell_units[c, j]
            if h < 0 or wdone[h] & bit:
                continue
            k, t, w = _house(h, d, n, cell_units, hw, pl, cand_node, pbuf, seen, order, par_ptr, par_idx, k)
            if t != T_NONE:
                result[0], result[1] = t, w
                return k
    return k


@njit(cache=True)
def _naked(c, n, cand, work, cand_node, pbuf, seen, order, par_ptr, par_idx, k):
    """The last candidate of cell c goes on, its parents the other candidates going off."""
    e = ctz(work[c])
    m = cand[c] & ~(np.uint64(1) << np.uint64(e))
    np_ = 0
    while m:
        x = ctz(m)
        m &= m - np.uint64(1)
        pbuf[np_] = 2 * cand_node[c * n + x]
        np_ += 1
    return _imply(2 * cand_node[c * n + e] + 1, np_, pbuf, seen, order, par_ptr, par_idx, k)


@njit(cache=True, inline="always")
def _unplace(pl, n, c, m):
    """Take cell c out of the working places of the digits in mask m."""
    while m:
        pl[n + ctz(m), c >> 6] &= ~(np.uint64(1) << np.uint64(c & 63))
        m &= m - np.uint64(1)


@njit(cache=True)
def _house(h, d, n, cell_units, hw, pl, cand_node, pbuf, seen, order, par_ptr, par_idx, k):
    """After a place of digit d left house h: contradiction, hidden single or locked candidates.
    Returns (k, type, witness). Reads the places as words (pl[n + d] & hw[h]: a house's cells are in reading order,
    so its first place is the lowest bit and the words list them in the order of its cells)."""
    count, first = 0, -1
    for w in range(hw.shape[1]):
        m = pl[n + d, w] & hw[h, w]
        count += popcount(m)
        if first < 0 and m:
            first = w * 64 + ctz(m)
    if count == 0:
        return k, T_HOUSE, h * n + d
    if count == 1:
        np_ = _gone(h, d, n, -1, hw, pl, cand_node, pbuf)
        k = _imply(2 * cand_node[first * n + d] + 1, np_, pbuf, seen, order, par_ptr, par_idx, k)
        if k < 0:
            return -k - 1, T_BOTH, cand_node[first * n + d]
        return k, T_NONE, 0
    for j in range(cell_units.shape[1]):
        h2 = cell_units[first, j]
        if h2 < 0 or h2 == h:
            continue
        inside = True
        for w in range(hw.shape[1]):
            if pl[n + d, w] & hw[h, w] & ~hw[h2, w]:
                inside = False  # not every place left in h lies in h2
        if not inside:
            continue
        np_ = _gone(h, d, n, h2, hw, pl, cand_node, pbuf)
        for w in range(hw.shape[1]):
            m = pl[n + d, w] & hw[h2, w] & ~hw[h, w]
            while m:
                z = w * 64 + ctz(m)
                m &= m - np.uint64(1)
                k = _imply(2 * cand_node[z * n + d], np_, pbuf, seen, order, par_ptr, par_idx, k)
                if k < 0:
                    return -k - 1, T_BOTH, cand_node[z * n + d]
    return k, T_NONE, 0


# (Tried: the same tests as loops over a house's cells, _in_unit per cell over its houses: the locked candidates
# check read ~80 cells for each off potential, about half of a forcing net scan on 11+ states. Then (until hod17)
# loops over the house's cells against work, with inter[h, h2] as position masks.)


@njit(cache=True)
def _gone(h, d, n, h2, hw, pl, cand_node, pbuf):
    """The off potentials of the places of d in house h that are gone (outside house h2 when h2 >= 0) into pbuf,
    by increasing cell; returns their number."""
    k = 0
    for w in range(hw.shape[1]):
        m = pl[d, w] & ~pl[n + d, w] & hw[h, w]
        if h2 >= 0:
            m &= ~hw[h2, w]
        while m:
            y = w * 64 + ctz(m)
            m &= m - np.uint64(1)
            pbuf[k] = 2 * cand_node[y * n + d]
            k += 1
    return k


# ---------------------------------------------------------------- static contradictions

@njit(cache=True)
def reached_contradiction(n, nnormal, cand, hdone, cell_units, node_cell, node_digit, places, zero, dist, queue, k,
                          counts, sums, out):
    """The cheapest contradiction among a BFS's consequences, found from the potentials it reached (queue[:k])
    alone: out = (type, witness, cost as the summed distances), a T_BOTH where both of a node's are reached, a
    T_CELL or T_HOUSE once as many of its candidates are reached off as it has (places[h * n + d]: the places of
    digit d in house h; zero: the first h * n + d whose digit is unplaced in h and has no place there, else -1),
    the cheapest by (cost, type, witness) in the scan order of a plain reading of every node, cell and house
    (tests/test_logic_nets.py keeps that reading as the reference). counts, sums: per cell then per
    ncells + h * n + d, zero on entry and left zero. (The plain reading made ~3000 reads for ~22 potentials
    reached on 11+ states, 2/3 of a forcing chain scan.)"""
    out[0], out[1], out[2] = T_NONE, 0, np.int64(1) << 40
    if zero >= 0:
        out[0], out[1], out[2] = T_HOUSE, zero, 0
    ncells = cand.shape[0]
    for i in range(k):
        u = queue[i]
        x, du = u >> 1, dist[u]
        if u & 1:
            if dist[u ^ 1] >= 0:
                _cheaper(out, T_BOTH, x, du + dist[u ^ 1])
            continue
        if x >= nnormal:
            continue
        c, d = node_cell[x], node_digit[x] - 1
        counts[c] += 1
        sums[c] += du
        if counts[c] == popcount(cand[c]):
            _cheaper(out, T_CELL, c, sums[c])
        bit = np.uint64(1) << np.uint64(d)
        for j in range(cell_units.shape[1]):
            h = cell_units[c, j]
            if h < 0 or hdone[h] & bit:
                continue
            s = ncells + h * n + d
            counts[s] += 1
            sums[s] += du
            if counts[s] == places[h * n + d]:
                _cheaper(out, T_HOUSE, h * n + d, sums[s])
    for i in range(k):
        u = queue[i]
        if u & 1 or u >> 1 >= nnormal:
            continue
        c = node_cell[u >> 1]
        counts[c], sums[c] = 0, 0
        for j in range(cell_units.shape[1]):
            h = cell_units[c, j]
            if h >= 0:
                s = ncells + h * n + node_digit[u >> 1] - 1
                counts[s], sums[s] = 0, 0


@njit(cache=True, inline="always")
def _cheaper(out, t, w, cost):
    """Keep contradiction (t, w, cost) when it is cheaper than out's, or as cheap and first in scan order."""
    if cost < out[2] or (cost == out[2] and (t < out[0] or (t == out[0] and w < out[1]))):
        out[0], out[1], out[2] = t, w, cost


@njit(cache=True)
def house_places(n, cand, hdone, unit_cells, places):
    """places[h * n + d] = the places of digit d in house h; returns the first h * n + d of an unplaced digit with
    none (a contradiction before any premise), else -1."""
    zero = -1
    for h in range(unit_cells.shape[0]):
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            m = 0
            for i in range(unit_cells.shape[1]):
                if cand[unit_cells[h, i]] & bit:
                    m += 1
            places[h * n + d] = m
            if m == 0 and not hdone[h] & bit and zero < 0:
                zero = h * n + d
    return zero


@njit(cache=True)
def placed_masks(values, unit_cells, out):
    """out[h] = the digits placed in house h, as a mask (values[c]: cell c's digit, 0 when empty). (Python per
    house was ~5% of a forcing chain Run's set-up on 11+ states.)"""
    for h in range(unit_cells.shape[0]):
        m = np.uint64(0)
        for i in range(unit_cells.shape[1]):
            v = values[unit_cells[h, i]]
            if v:
                m |= np.uint64(1) << np.uint64(v - 1)
        out[h] = m


# ---------------------------------------------------------------- the scan

@njit(cache=True)
def _row(rows, p, order, k, limit):
    """Set row p's bits for the potentials order[:k] below limit."""
    for i in range(rows.shape[1]):
        rows[p, i] = 0
    for i in range(k):
        pot = order[i]
        if pot < limit:
            rows[p, pot // 64] |= np.uint64(1) << np.uint64(pot % 64)


@njit(cache=True)
def _offer(best, slot, kind, src, size):
    """Keep (kind, src, size) for a verity when its group is smaller than the kept one."""
    if best[0][slot] == K_NONE or size < best[2][slot]:
        best[0][slot], best[1][slot], best[2][slot] = kind, src, size


@njit(cache=True)
def _group(rows, members, m, acc, best, kind, src):
    """AND the rows of a group's premises; every potential left is a conclusion."""
    w = rows.shape[1]
    for i in range(w):
        acc[i] = rows[members[0], i]
    for j in range(1, m):
        for i in range(w):
            acc[i] &= rows[members[j], i]
    for i in range(w):
        bitsleft = acc[i]
        while bitsleft:
            b = ctz(bitsleft)
            bitsleft &= bitsleft - np.uint64(1)
            _offer(best, 64 * i + b, kind, src, m)


@njit(cache=True)
def scan(dynamic, n, nnormal, cand, hdone, graph, geo, cand_node, scratch, rows, contra, best):
    """Every premise, then every group. graph = (ptr, idx, node_digit, node_cell); geo as propagate's;
    contra[0][p], contra[1][p] = the type and witness of premise p's contradiction."""
    ptr, idx, node_digit, node_cell = graph
    cell_units, unit_cells = geo[:2]
    term, dist, parent, queue, work, wdone, seen, order, par_ptr, par_idx, pbuf, res, acc, members = scratch[:14]
    counts, sums, places = scratch[14:]
    limit = 2 * nnormal
    zero = -1 if dynamic else house_places(n, cand, hdone, unit_cells, places)
    for p in range(limit):
        if dynamic:
            k = propagate(p, n, cand, hdone, geo, cand_node, node_cell, node_digit, work, wdone, seen, order,
                          par_ptr, par_idx, pbuf, res)
            _row(rows, p, order, k, limit)
            for i in range(k):
                seen[order[i]] = -1
            t, w = res[0], res[1]
        else:
            k = _bfs(p, False, ptr, idx, term, dist, parent, queue)
            _row(rows, p, queue, k, limit)
            reached_contradiction(n, nnormal, cand, hdone, cell_units, node_cell, node_digit, places, zero, dist,
                                  queue, k, counts, sums, res)
            for i in range(k):
                dist[queue[i]] = -1
            t, w = res[0], res[1]
        contra[0][p], contra[1][p] = t, w
    for x in range(nnormal):
        members[0], members[1] = 2 * x + 1, 2 * x
        _group(rows, members, 2, acc, best, K_PAIR, x)
    for c in range(cand.shape[0]):
        m = cand[c]
        if popcount(m) < 2:
            continue
        j = 0
        while m:
            e = ctz(m)
            m &= m - np.uint64(1)
            members[j] = 2 * cand_node[c * n + e] + 1
            j += 1
        _group(rows, members, j, acc, best, K_CELL, c)
    for h in range(unit_cells.shape[0]):
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            j = 0
            for i in range(unit_cells.shape[1]):
                y = unit_cells[h, i]
                if cand[y] & bit:
                    members[j] = 2 * cand_node[y * n + d] + 1
                    j += 1
            if j >= 2:
                _group(rows, members, j, acc, best, K_HOUSE, h * n + d)


@njit(cache=True)
def static_sizes(premises, c_ptr, rows, t_ptr, targets, graph, nodes, scratch, parents, out):
    """Forcing chains' sizes: out[i] = the number of cells on the chains of conclusion i, whose premises are entries
    c_ptr[i] .. c_ptr[i + 1] - 1; entry j is premise premises[rows[j]] and its targets are targets[t_ptr[j] :
    t_ptr[j + 1]], each explained by the BFS path (as _bfs, no loop rules) from the premise. One BFS per distinct
    premise, its parents kept in parents[row]. graph = (ptr, idx); nodes = (node_cell, g_ptr, g_idx, nnormal);
    scratch = (term, dist, queue, mark): mark per cell, left holding stamps below every earlier one. (Walking the
    chains in Python, a BFS and a parents list per premise, was ~1/4 of the forcing chain finder at ER 5-9.3.)"""
    ptr, idx = graph
    node_cell, g_ptr, g_idx, nnormal = nodes
    term, dist, queue, mark = scratch
    for r in range(premises.shape[0]):
        k = _bfs(premises[r], False, ptr, idx, term, dist, parents[r], queue)
        clear(k, dist, queue)
    stamp = min(0, mark.min()) - 1
    for i in range(c_ptr.shape[0] - 1):
        count = 0
        for j in range(c_ptr[i], c_ptr[i + 1]):
            p, parent = premises[rows[j]], parents[rows[j]]
            for t in range(t_ptr[j], t_ptr[j + 1]):
                x = targets[t]
                while True:
                    count += _stamp_cells(x >> 1, node_cell, g_ptr, g_idx, nnormal, mark, stamp)
                    if x == p:
                        break
                    x = parent[x]
        out[i] = count
        stamp -= 1


@njit(cache=True, inline="always")
def _stamp_cells(node, node_cell, g_ptr, g_idx, nnormal, mark, stamp):
    """Stamp the cells of a node; returns how many were not stamped yet."""
    if node < nnormal:
        c = node_cell[node]
        if mark[c] == stamp:
            return 0
        mark[c] = stamp
        return 1
    new = 0
    for j in range(g_ptr[node - nnormal], g_ptr[node - nnormal + 1]):
        c = g_idx[j]
        if mark[c] != stamp:
            mark[c] = stamp
            new += 1
    return new


@njit(cache=True)
def dynamic_sizes(premises, c_ptr, rows, t_ptr, targets, n, cand, hdone, geo, cand_node, node_cell, node_digit,
                  scratch, marks, out):
    """Forcing nets' sizes: out[i] = the number of cells of the potentials that the targets of conclusion i rest
    on (entries as static_sizes'), each entry's premise propagated again (~2 us) and its records' parents walked.
    scratch = propagate's (work, wdone, seen, order, par_ptr, par_idx, pbuf, res); marks = (a stamp per
    cell, a stamp per potential, a stack of potentials), zero on entry. (logic/nets._size walked them in Python over
    replays made into lists: ~1/3 of the forcing net finder on 11+ states.)"""
    work, wdone, seen, order, par_ptr, par_idx, pbuf, res = scratch
    cell_mark, pot_mark, stack = marks
    pstamp = 0
    for i in range(c_ptr.shape[0] - 1):
        count = 0
        for j in range(c_ptr[i], c_ptr[i + 1]):
            k = propagate(premises[rows[j]], n, cand, hdone, geo, cand_node, node_cell, node_digit, work, wdone,
                          seen, order, par_ptr, par_idx, pbuf, res)
            pstamp += 1
            top = 0
            for t in range(t_ptr[j], t_ptr[j + 1]):
                if pot_mark[targets[t]] != pstamp:
                    pot_mark[targets[t]] = pstamp
                    stack[top] = targets[t]
                    top += 1
            while top:
                top -= 1
                x = stack[top]
                c = node_cell[x >> 1]
                if cell_mark[c] != i + 1:
                    cell_mark[c] = i + 1
                    count += 1
                r = seen[x]
                if r < 0:
                    continue  # not recorded: no parents (as _size's lists read it)
                for q in range(par_ptr[r], par_ptr[r + 1]):
                    y = par_idx[q]
                    if pot_mark[y] != pstamp:
                        pot_mark[y] = pstamp
                        stack[top] = y
                        top += 1
            for q in range(k):
                seen[order[q]] = -1
        out[i] = count
