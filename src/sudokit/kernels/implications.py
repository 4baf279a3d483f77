"""Breadth-first scans of implication graphs: the search behind HoDoKu's chains (X-Chain, XY-Chain, Nice Loops,
AICs, grouped or not) and its ALS chains (ALS-XY-Wing, ALS-XY-Chain).

Chains. A node is a candidate (cell, digit) or a group node (a digit's places in a box-line intersection); node i
has two potentials, 2i (off: the node is false) and 2i+1 (on: it is true). An edge u -> v of the graph (CSR:
the successors of u are idx[ptr[u] : ptr[u+1]]) is an implication: on -> off along a weak link (the two cannot
both be true), off -> on along a strong link (one of the two is true). Every path alternates, so a path from
off(s) to on(e) is an AIC (s or e is true) and a cycle is a continuous nice loop (every node on it is equivalent to
every other). Normal nodes are 0 .. nnormal-1 and know their cell; `cand` holds every cell's candidate mask (bit d-1) and
`cn_ptr/cn_idx` list the nodes (normal or group) that contain a cell.

`scan_chains` runs one BFS per start potential (shortest paths; in loop mode the nodes of the start cell are
reached but never expanded, and the first link must leave the start cell) and keeps, for every candidate (index
cell * n + d - 1) that some chain eliminates (or places), the shortest such chain as (length, start potential, end
potential):

    aic   off(s) ~> on(e), e in another cell: e's digit leaves cells seeing both (same digit), or s's cell loses e's
          digit and e's cell loses s's digit (different digits, the cells see each other)
    dnl   a discontinuous nice loop back into the start cell: on(s) ~> off(s) or on(s) ~> on(t) removes s;
          off(s) ~> off(t) removes t;  off(s) ~> on(s) places s (kept apart, in `pl`)
    cnl   per start potential, the shortest cycle through it (cnl_to = the potential that closes it)

`path` repeats one BFS so the caller can walk `parent` back from an end potential.

ALS chains. A state a * n + r means "ALS a does not hold digit r+1, so it holds all its other digits"; from it,
every restricted common x != r of ALS a and a neighbour b (all x of both see each other) leads to state (b, x).
`scan_als` starts at (a, z) for every ALS a and digit z whose places in a have common peers holding z (`zb`),
and keeps, per eliminated candidate, the shortest chain of min_als .. max_als ALSes ending in an ALS b (no cell
shared with a) that holds z with z != its entering common: z is in a or in b, so z leaves the cells that see every
z of both. Cell sets are rows of W uint64 words. Kernels never allocate per node; scratch comes from the caller.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bits import ctz, popcount

INF = np.int64(1) << 40


GRAPH_FULL, GRAPH_X, GRAPH_XY = 0, 1, 2


@njit(cache=True)
def _edge(u, v, k, us, vs):
    """Append edge u -> v; returns the new count (-1 once the buffers are full)."""
    if k < 0 or k >= us.shape[0]:
        return -1
    us[k], vs[k] = u, v
    return k + 1


@njit(cache=True)
def _group_has(g, cell, g_ptr, g_idx):
    """True if group node g (index among groups) contains cell."""
    for j in range(g_ptr[g], g_ptr[g + 1]):
        if g_idx[j] == cell:
            return True
    return False


@njit(cache=True)
def _disjoint(g, g2, g_ptr, g_idx):
    """True if group nodes g and g2 share no cell."""
    for j in range(g_ptr[g], g_ptr[g + 1]):
        if _group_has(g2, g_idx[j], g_ptr, g_idx):
            return False
    return True


@njit(cache=True)
def _sees_group(cell, g, g_ptr, g_idx, sees):
    """True if cell sees every cell of group g (and is not one of them)."""
    for j in range(g_ptr[g], g_ptr[g + 1]):
        if not sees[cell, g_idx[j]]:
            return False
    return True


@njit(cache=True, inline="always")
def _sees_all(g2, g, g_ptr, g_idx, sees):
    """True if every cell of group g2 sees every cell of group g."""
    for j in range(g_ptr[g2], g_ptr[g2 + 1]):
        if not _sees_group(g_idx[j], g, g_ptr, g_idx, sees):
            return False
    return True


@njit(cache=True)
def graph_edges(kind, n, cand, nodes, groups, geo, us, vs):
    """The implications of a candidate grid as edge lists (us -> vs); returns their number, or -1 if they do not
    fit. kind: GRAPH_FULL (every link), GRAPH_X (links of one digit between cells), GRAPH_XY (bivalue cells:
    strong links inside them, weak links between them). nodes = (node_digit, node_cell, cand_node, nnormal);
    groups = (g_ptr, g_idx, g_line, g_box): group node nnormal + g, its cells, line and box; geo = (unit_cells,
    peers_ptr, peers_idx, sees)."""
    node_digit, node_cell, cand_node, nnormal = nodes
    g_ptr, g_idx, g_line, g_box = groups
    unit_cells, peers_ptr, peers_idx, sees = geo
    ng = g_line.shape[0]
    hd_ptr, hd_idx = _house_groups(unit_cells.shape[0], n, nnormal, node_digit, g_line, g_box)
    k = 0
    for a in range(nnormal):
        c, d = node_cell[a], node_digit[a]
        for j in range(peers_ptr[c], peers_ptr[c + 1]):
            b = cand_node[peers_idx[j] * n + d - 1]
            if b >= 0:
                k = _edge(2 * a + 1, 2 * b, k, us, vs)
    for g in range(ng):
        a, d = nnormal + g, node_digit[nnormal + g]
        first = g_idx[g_ptr[g]]
        for j in range(peers_ptr[first], peers_ptr[first + 1]):
            q = peers_idx[j]
            b = cand_node[q * n + d - 1]
            if b >= 0 and not _group_has(g, q, g_ptr, g_idx) and _sees_group(q, g, g_ptr, g_idx, sees):
                k = _edge(2 * a + 1, 2 * b, k, us, vs)
                k = _edge(2 * b + 1, 2 * a, k, us, vs)
        for h in (g_line[g], g_box[g]):  # a group (2+ cells) is seen only from its line and box
            for t in range(hd_ptr[h * n + d - 1], hd_ptr[h * n + d]):
                g2 = hd_idx[t]
                if g2 != g and _sees_all(g2, g, g_ptr, g_idx, sees):
                    k = _edge(2 * a + 1, 2 * (nnormal + g2), k, us, vs)
    if kind != GRAPH_XY:
        k = _strong(n, cand, cand_node, nnormal, groups, hd_ptr, hd_idx, unit_cells, k, us, vs)
    if kind == GRAPH_X:
        return k
    for c in range(cand.shape[0]):
        m = cand[c]
        two = popcount(m) == 2
        while m:
            x = ctz(m)
            m &= m - np.uint64(1)
            a = cand_node[c * n + x]
            m2 = cand[c] & ~(np.uint64(1) << np.uint64(x))
            while m2 and a >= 0:
                y = ctz(m2)
                m2 &= m2 - np.uint64(1)
                b = cand_node[c * n + y]
                if b < 0:
                    continue
                if kind == GRAPH_FULL:
                    k = _edge(2 * a + 1, 2 * b, k, us, vs)
                if two:
                    k = _edge(2 * a, 2 * b + 1, k, us, vs)
    return k


@njit(cache=True, inline="always")
def _shift_back(ptr, m):
    """Finish a counting sort's fill, which ran each row pointer ptr[0:m] ahead to its row's end: ptr[i] =
    ptr[i - 1], ptr[0] = 0."""
    for i in range(m, 0, -1):
        ptr[i] = ptr[i - 1]
    ptr[0] = 0


@njit(cache=True)
def csr_unique(us, vs, k, npot, ptr):
    """The edges us[:k] -> vs[:k] as CSR without duplicates, successors ascending: ptr (npot + 1) is filled, the
    successors overwrite vs[:m]; returns m. np.unique's result, without its hashing: a counting sort by source into
    a scratch row, then each row (a handful of successors) by insertion. (Sorting the k keys u * npot + v took 2-3x
    longer: 31.6 -> 14.0 us a full 9x9 graph, 65.4 -> 21.6 grouped, 20.6 -> 9.2 for X-Chains, on the finder states
    of 40 ER 5-9.3 puzzles. Until hod17 the sort packed u * npot + v into us to fill vs in place, three integer
    divisions an edge.)"""
    for u in range(npot + 1):
        ptr[u] = 0
    for i in range(k):
        ptr[us[i] + 1] += 1
    for u in range(npot):
        ptr[u + 1] += ptr[u]
    row = np.empty(k, np.int64)
    for i in range(k):  # ptr[u] runs ahead as row u fills, then is shifted back
        u = us[i]
        row[ptr[u]] = vs[i]
        ptr[u] += 1
    _shift_back(ptr, npot)
    m = 0
    for u in range(npot):
        lo, hi = ptr[u], ptr[u + 1]
        ptr[u] = m
        for i in range(lo + 1, hi):
            x, j = row[i], i - 1
            while j >= lo and row[j] > x:
                row[j + 1] = row[j]
                j -= 1
            row[j + 1] = x
        for i in range(lo, hi):
            if i == lo or row[i] != row[i - 1]:
                vs[m] = row[i]
                m += 1
    ptr[npot] = m
    return m


@njit(cache=True)
def _house_groups(nunits, n, nnormal, node_digit, g_line, g_box):
    """The group nodes of each (house h, digit d), in order: hd_idx[hd_ptr[h * n + d - 1] : ...] (each group is in
    its line and its box; two small arrays a call)."""
    ng = g_line.shape[0]
    hd_ptr = np.zeros(nunits * n + 1, np.int64)
    hd_idx = np.empty(2 * ng, np.int64)
    for g in range(ng):
        d = node_digit[nnormal + g]
        hd_ptr[g_line[g] * n + d] += 1
        hd_ptr[g_box[g] * n + d] += 1
    for i in range(nunits * n):
        hd_ptr[i + 1] += hd_ptr[i]
    for g in range(ng):  # hd_ptr[i] runs ahead as (house, digit) i fills, then is shifted back
        d = node_digit[nnormal + g]
        for h in (g_line[g], g_box[g]):
            hd_idx[hd_ptr[h * n + d - 1]] = g
            hd_ptr[h * n + d - 1] += 1
    _shift_back(hd_ptr, nunits * n)
    return hd_ptr, hd_idx


@njit(cache=True)
def _strong(n, cand, cand_node, nnormal, groups, hd_ptr, hd_idx, unit_cells, k, us, vs):
    """The strong links of every digit d in every house h: two nodes (cells or groups) that together are all its
    places. The groups of (h, d) come from _house_groups (every group was tested against every (h, d): ~2/3 of a
    grouped graph's edges). One call for all (house, digit) pairs: a call per pair, passing ~11 arrays, cost
    ~60 ns of reference counting each, 14 of an X graph's ~34 us (9x9, ER 5-9.3 path states). (Tried: skipping a
    pair of 3+ places without groups before the loops, which find nothing there: X graph builds over the 461 path
    states of rate.py's ER 0-9.3 samples 22.7-23.5 -> 21.7-22.6 us, ~1 us; not kept.)"""
    g_ptr, g_idx, g_line, g_box = groups
    for h in range(unit_cells.shape[0]):
        for d in range(1, n + 1):
            bit = np.uint64(1) << np.uint64(d - 1)
            count = 0
            for i in range(unit_cells.shape[1]):
                if cand[unit_cells[h, i]] & bit:
                    count += 1
            if count < 2:
                continue
            lo, hi = hd_ptr[h * n + d - 1], hd_ptr[h * n + d]
            for i in range(unit_cells.shape[1]):
                y = unit_cells[h, i]
                a = cand_node[y * n + d - 1] if cand[y] & bit else -1
                if a < 0:
                    continue
                for i2 in range(unit_cells.shape[1]):
                    y2 = unit_cells[h, i2]
                    if count == 2 and y2 != y and cand[y2] & bit:
                        b = cand_node[y2 * n + d - 1]
                        if b >= 0:
                            k = _edge(2 * a, 2 * b + 1, k, us, vs)
                for t in range(lo, hi):
                    g = hd_idx[t]
                    if g_ptr[g + 1] - g_ptr[g] == count - 1 and not _group_has(g, y, g_ptr, g_idx):
                        k = _edge(2 * a, 2 * (nnormal + g) + 1, k, us, vs)
                        k = _edge(2 * (nnormal + g), 2 * a + 1, k, us, vs)
            for t in range(lo, hi):
                g = hd_idx[t]
                for t2 in range(lo, hi):
                    g2 = hd_idx[t2]
                    if g2 != g and g_ptr[g + 1] - g_ptr[g] + g_ptr[g2 + 1] - g_ptr[g2] == count and \
                            _disjoint(g, g2, g_ptr, g_idx):
                        k = _edge(2 * (nnormal + g), 2 * (nnormal + g2) + 1, k, us, vs)
    return k


@njit(cache=True)
def _nodes(kind, n, cand, cand_node, node_digit, node_cell):
    """The normal nodes (cell by cell, digits ascending; kind GRAPH_XY: bivalue cells only) into node_digit,
    node_cell and cand_node (cell * n + d - 1 -> node or -1); returns their number."""
    k = 0
    for c in range(cand.shape[0]):
        m = cand[c]
        if kind == GRAPH_XY and popcount(m) != 2:
            m = np.uint64(0)
        for x in range(n):
            if (m >> np.uint64(x)) & np.uint64(1):
                cand_node[c * n + x] = k
                node_digit[k], node_cell[k] = x + 1, c
                k += 1
            else:
                cand_node[c * n + x] = -1
    return k


@njit(cache=True)
def _group_nodes(n, cand, inter, k, node_digit, node_cell, g_ptr, g_idx, g_line, g_box):
    """The group nodes after the k normal ones: per box-line intersection (inter = (line, box, cells padded with -1)
    in order) and digit, its 2+ places; returns their number."""
    i_line, i_box, i_cells = inter
    ng, at = 0, 0
    g_ptr[0] = 0
    for t in range(i_line.shape[0]):
        for d in range(1, n + 1):
            bit = np.uint64(1) << np.uint64(d - 1)
            count = 0
            for j in range(i_cells.shape[1]):
                c = i_cells[t, j]
                if c >= 0 and cand[c] & bit:
                    g_idx[at + count] = c
                    count += 1
            if count < 2:
                continue
            node_digit[k + ng], node_cell[k + ng] = d, -1
            g_line[ng], g_box[ng] = i_line[t], i_box[t]
            at += count
            ng += 1
            g_ptr[ng] = at
    return ng


@njit(cache=True)
def _members(ncells, nnormal, node_cell, ng, g_ptr, g_idx, cn_ptr, cn_idx):
    """The CSR (cn_ptr, cn_idx) of the nodes containing each cell, in node order (a counting sort)."""
    for c in range(ncells + 1):
        cn_ptr[c] = 0
    for a in range(nnormal):
        cn_ptr[node_cell[a] + 1] += 1
    for j in range(g_ptr[ng]):
        cn_ptr[g_idx[j] + 1] += 1
    for c in range(ncells):
        cn_ptr[c + 1] += cn_ptr[c]
    for a in range(nnormal):  # cn_ptr[c] runs ahead as cell c fills, then is shifted back
        c = node_cell[a]
        cn_idx[cn_ptr[c]] = a
        cn_ptr[c] += 1
    for g in range(ng):
        for j in range(g_ptr[g], g_ptr[g + 1]):
            c = g_idx[j]
            cn_idx[cn_ptr[c]] = nnormal + g
            cn_ptr[c] += 1
    _shift_back(cn_ptr, ncells)


@njit(cache=True)
def build_graph(kind, groups, n, cand, inter, geo, out):
    """The whole implication graph of a candidate grid in one call: normal nodes, group nodes (groups: per
    box-line intersection and digit with 2+ places), the implications (graph_edges, deduplicated as csr_unique)
    and the nodes of each cell. out = (node_digit, node_cell, cand_node, g_ptr, g_idx, g_line, g_box, us, vs,
    ptr, cn_ptr, cn_idx), sized by the caller; returns (nnormal, ngroups, nedges), nedges -1 when us/vs are too
    short. The successors are vs[:nedges], ptr[:2 * nodes + 1] their row pointers."""
    node_digit, node_cell, cand_node, g_ptr, g_idx, g_line, g_box, us, vs, ptr, cn_ptr, cn_idx = out
    nnormal = _nodes(kind, n, cand, cand_node, node_digit, node_cell)
    ng = 0
    g_ptr[0] = 0
    if groups:
        ng = _group_nodes(n, cand, inter, nnormal, node_digit, node_cell, g_ptr, g_idx, g_line, g_box)
    _members(cand.shape[0], nnormal, node_cell, ng, g_ptr, g_idx, cn_ptr, cn_idx)
    k = graph_edges(kind, n, cand, (node_digit, node_cell, cand_node, nnormal),
                    (g_ptr, g_idx, g_line[:ng], g_box[:ng]), geo, us, vs)
    if k < 0:
        return nnormal, ng, -1
    return nnormal, ng, csr_unique(us, vs, k, 2 * (nnormal + ng), ptr)


@njit(cache=True, inline="always")
def _mark(cell, value, cn_ptr, cn_idx, term):
    """Set term on both potentials of every node containing cell."""
    for j in range(cn_ptr[cell], cn_ptr[cell + 1]):
        node = cn_idx[j]
        term[2 * node] = value
        term[2 * node + 1] = value


@njit(cache=True, inline="always")
def _bfs(start, loops, ptr, idx, term, dist, parent, queue):
    """BFS from start (dist must be -1 everywhere); returns the number of potentials reached (queue[:k]). In loop
    mode the start's links into its own cell (term) are not taken, nor is any potential of it expanded; the start
    is expanded first, apart, so that the main loop tests neither."""
    dist[start] = 0
    parent[start] = -1
    queue[0] = start
    tail = 1
    for j in range(ptr[start], ptr[start + 1]):
        v = idx[j]
        if dist[v] >= 0 or (loops and term[v]):
            continue
        dist[v] = 1
        parent[v] = start
        queue[tail] = v
        tail += 1
    head = 1
    while head < tail:
        u = queue[head]
        head += 1
        if loops and term[u]:
            continue
        du = dist[u] + 1
        for j in range(ptr[u], ptr[u + 1]):
            v = idx[j]
            if dist[v] < 0:
                dist[v] = du
                parent[v] = u
                queue[tail] = v
                tail += 1
    return tail


@njit(cache=True)
def path(start, loops, ptr, idx, node_cell, cn_ptr, cn_idx, term, dist, parent, queue):
    """One BFS from start with the scan's rules; dist and parent stay filled (reset them with `clear`)."""
    cell = node_cell[start // 2]
    if loops:
        _mark(cell, True, cn_ptr, cn_idx, term)
    k = _bfs(start, loops, ptr, idx, term, dist, parent, queue)
    if loops:
        _mark(cell, False, cn_ptr, cn_idx, term)
    return k


@njit(cache=True, inline="always")
def clear(k, dist, queue):
    """Reset dist after a BFS that reached queue[:k]."""
    for i in range(k):
        dist[queue[i]] = -1


@njit(cache=True, inline="always")
def _keep(length, node, p, v, best_len, best_from, best_to):
    """Keep (p, v) for node when it is strictly shorter than what is kept."""
    if length < best_len[node]:
        best_len[node] = length
        best_from[node] = p
        best_to[node] = v


@njit(cache=True, inline="always")
def _has_edge(u, v, ptr, idx):
    """True if u -> v is an edge."""
    for j in range(ptr[u], ptr[u + 1]):
        if idx[j] == v:
            return True
    return False


@njit(cache=True, inline="always")
def _has(cand, cell, d):
    """True if digit d (1-based) is a candidate of cell."""
    return (cand[cell] >> np.uint64(d - 1)) & np.uint64(1) != 0


@njit(cache=True, inline="always")
def _aic(p, v, length, mixed, n, node_digit, node_cell, cand, peers_ptr, peers_idx, sees, aic):
    """Record the eliminations of the AIC off(s) ~> on(e). (Tried: listing s's peers holding its digit once per
    start, so that this loop skips the others: chains+loops over 755 ER 5-9.3 states 116.4-118.4 -> 121.7-123.1 ms.)"""
    s, e = p // 2, v // 2
    cs, ce = node_cell[s], node_cell[e]
    ds, de = node_digit[s], node_digit[e]
    if ds == de:
        for j in range(peers_ptr[cs], peers_ptr[cs + 1]):
            z = peers_idx[j]
            if z != ce and sees[z, ce] and _has(cand, z, ds):
                _keep(length, z * n + ds - 1, p, v, aic[0], aic[1], aic[2])
    elif mixed and sees[cs, ce]:
        if _has(cand, cs, de):
            _keep(length, cs * n + de - 1, p, v, aic[0], aic[1], aic[2])
        if _has(cand, ce, ds):
            _keep(length, ce * n + ds - 1, p, v, aic[0], aic[1], aic[2])


@njit(cache=True, inline="always")
def _loop_end(p, v, length, n, node_digit, node_cell, ptr, idx, dnl, pl, cnl):
    """Record what a chain from p back into the start cell (at v) proves."""
    if _has_edge(v, p, ptr, idx) and length + 1 < cnl[0][p]:
        cnl[0][p] = length + 1
        cnl[1][p] = v
    s, t = p // 2, v // 2
    ks = node_cell[s] * n + node_digit[s] - 1
    if p & 1:
        if v == p - 1 or (v & 1 and t != s):
            _keep(length, ks, p, v, dnl[0], dnl[1], dnl[2])
    elif v == p + 1:
        _keep(length, ks, p, v, pl[0], pl[1], pl[2])
    elif not v & 1 and t != s:
        _keep(length, node_cell[t] * n + node_digit[t] - 1, p, v, dnl[0], dnl[1], dnl[2])


@njit(cache=True, inline="always")
def _closing(p, k, ptr, idx, term, dist, queue, cnl):
    """Keep the shortest cycle through start p after its BFS (queue[:k]): the first potential u in BFS order, not
    in the start cell, with an edge u -> p. The graph is closed under contraposition (u -> v iff v^1 -> u^1), so
    those u are the w^1 of p^1's successors w; the queue is read only when two of them tie. (Testing every reached
    u for an edge to p was ~15% of a loop scan; writing every reached potential's queue position for the tie, ~3%
    of it.)"""
    best, at, tie = cnl[0][p], -1, False
    for j in range(ptr[p ^ 1], ptr[(p ^ 1) + 1]):
        u = idx[j] ^ 1
        if u == p or dist[u] < 0 or term[u] or dist[u] + 1 < 4:
            continue
        if dist[u] + 1 < best:
            best, at, tie = dist[u] + 1, u, False
        elif dist[u] + 1 == best and u != at:
            tie = True
    if at >= 0 and tie:
        for i in range(k):
            u = queue[i]
            if dist[u] + 1 == best and u != p and not term[u] and _has_edge(p ^ 1, u ^ 1, ptr, idx):
                at = u
                break
    if at >= 0:
        cnl[0][p] = best
        cnl[1][p] = at


@njit(cache=True)
def _reset(aic, dnl, pl, cnl, starts):
    """Empty the best tables (length INF, start and end -1) and the closings of the first `starts` potentials."""
    for t in (aic, dnl, pl):
        for i in range(t[0].shape[0]):
            t[0][i], t[1][i], t[2][i] = INF, -1, -1
    for p in range(starts):
        cnl[0][p], cnl[1][p] = INF, -1


@njit(cache=True)
def scan_chains(loops, mixed, n, nnormal, graph, geo, scratch, aic, dnl, pl, cnl):
    """Every start potential of a normal node: BFS, then record AICs (and in loop mode nice loops).

    graph = (ptr, idx, node_digit, node_cell, cn_ptr, cn_idx, cand); geo = (peers_ptr, peers_idx, sees);
    scratch = (term, dist, parents, queue), term False and dist -1 on entry (and so left): parents[p] is left
    holding start p's BFS parents (read by chain_hits); the tables are reset here; aic, dnl, pl = (len, from, to) per candidate; cnl = (len, to) per potential. Length = number of
    links; chains of fewer than 3 links are not kept."""
    ptr, idx, node_digit, node_cell, cn_ptr, cn_idx, cand = graph
    peers_ptr, peers_idx, sees = geo
    term, dist, parents, queue = scratch
    _reset(aic, dnl, pl, cnl, 2 * nnormal)
    for p in range(2 * nnormal):
        if not loops and p & 1:
            continue
        cell = node_cell[p // 2]
        if loops:
            _mark(cell, True, cn_ptr, cn_idx, term)
        k = _bfs(p, loops, ptr, idx, term, dist, parents[p], queue)
        if loops:
            _closing(p, k, ptr, idx, term, dist, queue, cnl)
        for i in range(1, k):
            v = queue[i]
            e = v // 2
            if dist[v] < 3 or e >= nnormal:
                continue
            if loops and term[v]:
                _loop_end(p, v, dist[v], n, node_digit, node_cell, ptr, idx, dnl, pl, cnl)
            elif not p & 1 and v & 1 and node_cell[e] != cell:
                _aic(p, v, dist[v], mixed, n, node_digit, node_cell, cand, peers_ptr, peers_idx, sees, aic)
        if loops:
            _mark(cell, False, cn_ptr, cn_idx, term)
        clear(k, dist, queue)


@njit(cache=True)
def als_enumerate(unit_cells, cand, max_size, out_unit, out_local, out_digits, stack):
    """Every set of 1 .. max_size empty cells of a house holding one digit more than it has cells: (house, local
    cell mask, digit mask) into the out arrays; returns their number, or -1 when they do not fit."""
    nu, n = unit_cells.shape[0], unit_cells.shape[1]
    k = 0
    for u in range(nu):
        # stack entries: (next local index, local mask, digit mask, size), depth-first
        top = 0
        stack[0, 0], stack[0, 1], stack[0, 2], stack[0, 3] = 0, 0, 0, 0
        while top >= 0:
            i, mask, digits, size = stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3]
            if i >= n:
                top -= 1
                continue
            stack[top, 0] = i + 1
            m = cand[unit_cells[u, i]]
            if m == 0:
                continue
            nd = digits | np.int64(m)
            ns = size + 1
            if popcount(nd) == ns + 1:
                if k >= out_unit.shape[0]:
                    return -1
                out_unit[k], out_local[k], out_digits[k] = u, mask | (np.int64(1) << i), nd
                k += 1
            if ns < max_size:
                top += 1
                stack[top, 0], stack[top, 1], stack[top, 2], stack[top, 3] = i + 1, mask | (np.int64(1) << i), nd, ns
    return k


@njit(cache=True)
def als_first(unit_cells, units, locals_, house_words, keep, row):
    """keep[i]: ALS i (house units[i], local cell mask locals_[i], in als_enumerate's order) is the first of its
    cell set: no earlier house holds all its cells (one that does enumerated the same set before). house_words:
    each house's cells as W words; row: W words of scratch."""
    w = house_words.shape[1]
    for i in range(units.shape[0]):
        u, loc = units[i], locals_[i]
        for j in range(w):
            row[j] = 0
        while loc:
            j = ctz(loc)
            loc &= loc - 1
            c = unit_cells[u, j]
            row[c // 64] |= np.uint64(1) << np.uint64(c % 64)
        first = True
        for h in range(u):
            inside = True
            for j in range(w):
                if row[j] & ~house_words[h, j]:
                    inside = False
                    break
            if inside:
                first = False
                break
        keep[i] = first


@njit(cache=True)
def als_tables(unit_cells, units, locals_, cand, peer_words, where, n, cells, digits, xcells, xsee, zb):
    """Per ALS: its cells and digits, and per digit x the cells of the ALS holding x (xcells), the cells that see
    all of them (xsee) and those of the latter outside the ALS still holding x (zb: where[x] is x's cells); rows
    of W words."""
    na, w = cells.shape[0], cells.shape[1]
    for a in range(na):
        u, loc = units[a], locals_[a]
        for i in range(w):
            cells[a, i] = 0
        for x in range(n):
            for i in range(w):
                xcells[a, x, i] = 0
                xsee[a, x, i] = ~np.uint64(0)
        dm = np.uint64(0)
        while loc:
            j = ctz(loc)
            loc &= loc - 1
            c = unit_cells[u, j]
            cells[a, c // 64] |= np.uint64(1) << np.uint64(c % 64)
            m = cand[c]
            dm |= m
            while m:
                x = ctz(m)
                m &= m - np.uint64(1)
                xcells[a, x, c // 64] |= np.uint64(1) << np.uint64(c % 64)
                for i in range(w):
                    xsee[a, x, i] &= peer_words[c, i]
        digits[a] = dm
        for x in range(n):
            if not (dm >> np.uint64(x)) & np.uint64(1):
                for i in range(w):
                    xsee[a, x, i] = 0
                    zb[a, x, i] = 0
                continue
            for i in range(w):
                zb[a, x, i] = xsee[a, x, i] & where[x, i] & ~cells[a, i]


@njit(cache=True)
def _and_any(a, b, w):
    """True if rows a and b (of w words) share a bit."""
    for i in range(w):
        if a[i] & b[i]:
            return True
    return False


@njit(cache=True)
def _rc(a, b, digits, xcells, xsee, w):
    """The restricted commons of ALSes a and b (no common cell): the digits x of both whose places in b all see
    every place of x in a (a symmetric relation)."""
    common = digits[a] & digits[b]
    rc = np.uint64(0)
    while common:
        x = ctz(common)
        common &= common - np.uint64(1)
        ok = True
        for i in range(w):
            if xcells[b, x, i] & ~xsee[a, x, i]:
                ok = False
                break
        if ok:
            rc |= np.uint64(1) << np.uint64(x)
    return rc


@njit(cache=True)
def als_links(cells, digits, xcells, xsee, n, ptr, nbr, rcs, pair):
    """The restricted commons of every ordered pair of ALSes without a common cell, as CSR (ptr, nbr, rcs = the
    digit mask of the commons); returns the number of links, or -1 when they do not fit in nbr. pair: na x na
    scratch (uint64, uninitialised): the relation is symmetric, so each unordered pair is tested once and read back
    for b < a (testing both orders was ~6% of a rating at ER 8.5-9.3). (Tried: storing each result at pair[b, a] so
    that the reads go along a row, and inlining _and_any / _rc: 14.0 -> 13.4 ms and no change over 64 states, within
    noise; the tests themselves dominate.)"""
    na, w = cells.shape[0], cells.shape[1]
    k = 0
    for a in range(na):
        ptr[a] = k
        for b in range(na):
            if b < a:
                rc = pair[b, a]
            elif b == a or _and_any(cells[a], cells[b], w):
                rc = np.uint64(0)
                pair[a, b] = rc
            else:
                rc = _rc(a, b, digits, xcells, xsee, w)
                pair[a, b] = rc
            if rc:
                if k >= nbr.shape[0]:
                    return -1
                nbr[k] = b
                rcs[k] = rc
                k += 1
    ptr[na] = k
    return k


@njit(cache=True)
def _als_bfs(start, n, max_als, ptr, nbr, rcs, dist, parent, queue, qa):
    """BFS over ALS states from start, at most max_als ALSes deep; returns the number of states reached. qa[i] =
    the ALS of queue[i] (state = ALS * n + digit: kept beside the queue, not divided out, hod17)."""
    dist[start] = 0
    parent[start] = -1
    queue[0] = start
    qa[0] = start // n
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        a = qa[head]
        head += 1
        if dist[u] + 1 >= max_als:
            continue
        r = u - a * n
        for j in range(ptr[a], ptr[a + 1]):
            m = rcs[j] & ~(np.uint64(1) << np.uint64(r))
            b = nbr[j]
            while m:
                x = ctz(m)
                m &= m - np.uint64(1)
                v = b * n + x
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    parent[v] = u
                    queue[tail] = v
                    qa[tail] = b
                    tail += 1
    return tail


@njit(cache=True)
def als_path(start, n, max_als, links, dist, parent, queue):
    """One ALS-state BFS from start (reset dist with `clear` afterwards)."""
    return _als_bfs(start, n, max_als, links[0], links[1], links[2], dist, parent, queue,
                    np.empty(queue.shape[0], np.int64))


@njit(cache=True)
def scan_als(min_als, max_als, n, cells, digits, zb, links, scratch, best):
    """ALS chains of min_als .. max_als ALSes from every (a, z): per eliminated candidate (cell * n + z) the
    shortest as (number of ALSes, start state, end state) in best. (Tried: skipping the starts (a, z) none of whose
    zb[a, z] cells is in another ALS's zb[., z], counted first: the ALS finders over 149 ER 5-9.3 states 62.9-63.5 ->
    62.8-63.9 ms; few starts are skipped.)"""
    ptr, nbr, rcs = links
    dist, parent, queue = scratch
    na, w = cells.shape[0], cells.shape[1]
    qa = np.empty(queue.shape[0], np.int64)
    for a in range(na):
        m = digits[a]
        while m:
            z = ctz(m)
            m &= m - np.uint64(1)
            if not _any(zb[a, z], w):
                continue
            start = a * n + z
            k = _als_bfs(start, n, max_als, ptr, nbr, rcs, dist, parent, queue, qa)
            for i in range(1, k):
                v = queue[i]
                b = qa[i]
                r = v - b * n
                size = dist[v] + 1
                if size < min_als or r == z or not (digits[b] >> np.uint64(z)) & np.uint64(1):
                    continue
                if _and_any(cells[a], cells[b], w):
                    continue
                for i2 in range(w):
                    hit = zb[a, z, i2] & zb[b, z, i2]
                    while hit:
                        c = 64 * i2 + ctz(hit)
                        hit &= hit - np.uint64(1)
                        _keep(size, c * n + z, start, v, best[0], best[1], best[2])
            clear(k, dist, queue)


@njit(cache=True)
def _any(row, w):
    """True if a row of w words has a bit."""
    for i in range(w):
        if row[i]:
            return True
    return False


@njit(cache=True, inline="always")
def _petal_ok(a, stem, x, cell_words, xsee):
    """True if ALS a can be the petal of digit x (0-based) of stem: it holds x, not the stem, and every x of it
    sees the stem, i.e. the stem is in xsee[a, x] (the cells seeing every x of a; no bit when a lacks x). (Testing
    xcells[a, x] against the stem's peers word by word, with a digit test first, was ~3/4 of a Death Blossom search
    on ER 5-9.3 path states, where the search mostly finds nothing.)"""
    if not (xsee[a, x, stem // 64] >> np.uint64(stem % 64)) & np.uint64(1):
        return False
    return not (cell_words[a, stem // 64] >> np.uint64(stem % 64)) & np.uint64(1)


@njit(cache=True)
def blossoms(cand, where, als, budget, scratch, out_stem, out_petals):
    """Death Blossoms: per stem cell, one petal ALS per stem digit (no two petals sharing a cell) such that a digit
    z of every petal, not the stem's, has a place seeing all z of all petals. Depth-first over petal choices, at
    most `budget` choices per stem; hits go to out_stem / out_petals (petal per stem digit, in digit order).
    als = (cell_words, digits, xcells, xsee); scratch = (plist [N, A], pcount [N], pick [N+1], used [N+1, W],
    common [N+1], zsee [N+1, N, W], sdig [N]). Returns the number of hits (at most out_stem's size)."""
    cell_words, digits, xcells, xsee = als
    plist, pcount, pick, used, common, zsee, sdig = scratch
    na, w = cell_words.shape[0], cell_words.shape[1]
    hits = 0
    for stem in range(cand.shape[0]):
        m = cand[stem]
        if popcount(m) < 2:
            continue
        k, ok = 0, True
        while m:
            x = ctz(m)
            m &= m - np.uint64(1)
            sdig[k] = x
            pcount[k] = 0
            for a in range(na):
                if _petal_ok(a, stem, x, cell_words, xsee):
                    plist[k, pcount[k]] = a
                    pcount[k] += 1
            if pcount[k] == 0:
                ok = False
                break
            k += 1
        if not ok:
            continue
        hits = _grow(stem, k, cand[stem], where, als, budget, scratch, out_stem, out_petals, hits)
        if hits >= out_stem.shape[0]:
            return hits
    return hits


@njit(cache=True)
def _grow(stem, k, stem_mask, where, als, budget, scratch, out_stem, out_petals, hits):
    """The depth-first petal search of one stem."""
    cell_words, digits, xcells, xsee = als
    plist, pcount, pick, used, common, zsee, sdig = scratch
    w, n = cell_words.shape[1], where.shape[0]
    for i in range(w):
        used[0, i] = 0
    used[0, stem // 64] |= np.uint64(1) << np.uint64(stem % 64)
    common[0] = ~stem_mask
    for z in range(n):
        for i in range(w):
            zsee[0, z, i] = ~np.uint64(0)
    level = 0
    pick[0] = -1
    steps = 0
    while level >= 0:
        pick[level] += 1
        if pick[level] >= pcount[level] or steps >= budget:
            level -= 1
            continue
        steps += 1
        a = plist[level, pick[level]]
        if _overlaps(cell_words[a], used[level], w):
            continue
        c2 = common[level] & digits[a]
        if not c2:
            continue
        live = False
        mm = c2
        while mm:
            z = ctz(mm)
            mm &= mm - np.uint64(1)
            for i in range(w):
                zsee[level + 1, z, i] = zsee[level, z, i] & xsee[a, z, i]
                if zsee[level + 1, z, i] & where[z, i] & ~used[level, i] & ~cell_words[a, i]:
                    live = True
        if not live:
            continue
        for i in range(w):
            used[level + 1, i] = used[level, i] | cell_words[a, i]
        common[level + 1] = c2
        if level + 1 == k:
            out_stem[hits] = stem
            for j in range(k):
                out_petals[hits, j] = plist[j, pick[j]]
            hits += 1
            if hits >= out_stem.shape[0]:
                return hits
            continue
        level += 1
        pick[level] = -1
    return hits


@njit(cache=True)
def _overlaps(a, b, w):
    """True if word rows a and b share a bit."""
    for i in range(w):
        if a[i] & b[i]:
            return True
    return False


@njit(cache=True)
def paths(starts, ends, loops, ptr, idx, node_cell, cn_ptr, cn_idx, term, dist, parent, queue, at, lens, flat):
    """The BFS path of every hit i (starts[i] ~> ends[i], as `path` walks it) in flat[at[i]:at[i] + lens[i]],
    start first; one BFS per distinct start (its parents serve every end). Returns the potentials written, or -1
    when flat is too small (dist is reset either way)."""
    order = np.argsort(starts, kind="mergesort")
    cur, k, pos = -1, 0, 0
    for t in range(starts.shape[0]):
        i = order[t]
        s = starts[i]
        if s != cur:
            if cur >= 0:
                clear(k, dist, queue)
            k = path(s, loops, ptr, idx, node_cell, cn_ptr, cn_idx, term, dist, parent, queue)
            cur = s
        x, n = ends[i], 1
        while x != s:
            x = parent[x]
            n += 1
        if pos + n > flat.shape[0]:
            clear(k, dist, queue)
            return -1
        at[i], lens[i] = pos, n
        x = ends[i]
        for j in range(n - 1, -1, -1):
            flat[pos + j] = x
            x = parent[x]
        pos += n
    if cur >= 0:
        clear(k, dist, queue)
    return pos


@njit(cache=True)
def _meets(node, nnormal, node_cell, g_ptr, g_idx, mark, stamp):
    """(any, all): whether some / every cell of node has mark == stamp."""
    if node < nnormal:
        return mark[node_cell[node]] == stamp, mark[node_cell[node]] == stamp
    some, every = False, True
    for j in range(g_ptr[node - nnormal], g_ptr[node - nnormal + 1]):
        if mark[g_idx[j]] == stamp:
            some = True
        else:
            every = False
    return some, every


@njit(cache=True)
def _stamp(node, nnormal, node_cell, g_ptr, g_idx, mark, stamp):
    """Set mark = stamp on every cell of node."""
    if node < nnormal:
        mark[node_cell[node]] = stamp
        return
    for j in range(g_ptr[node - nnormal], g_ptr[node - nnormal + 1]):
        mark[g_idx[j]] = stamp


@njit(cache=True)
def valid_chain(pots, lo, n, extra, closing, nnormal, node_cell, g_ptr, g_idx, seen, first, stamp):
    """logic/chains._valid over pots[lo:lo + n] (then extra, when >= 0): the chain never comes back to a cell it
    left (a loop may close into its start node's cells at its last node; a link inside one cell is skipped). seen /
    first: per-cell marks, stamp a value neither holds yet."""
    node = pots[lo] >> 1
    _stamp(node, nnormal, node_cell, g_ptr, g_idx, seen, stamp)
    _stamp(node, nnormal, node_cell, g_ptr, g_idx, first, stamp)
    prev = node_cell[node]
    last = n if extra >= 0 else n - 1
    for i in range(1, last + 1):
        node = (pots[lo + i] if i < n else extra) >> 1
        c = node_cell[node]
        if c >= 0 and c == prev:
            continue
        prev = c
        if _meets(node, nnormal, node_cell, g_ptr, g_idx, seen, stamp)[0]:
            return closing and i == last and _meets(node, nnormal, node_cell, g_ptr, g_idx, first, stamp)[1]
        _stamp(node, nnormal, node_cell, g_ptr, g_idx, seen, stamp)
    return True


@njit(cache=True)
def valid_chains(flat, at, lens, kinds, grouped, nnormal, node_cell, g_ptr, g_idx, seen, first, ok):
    """ok[i] for every hit's path flat[at[i]:at[i] + lens[i]] (kinds[i]: 0 an AIC, 1 a discontinuous loop, 2 a
    continuous one, closed by its start potential again): valid_chain, and when grouped a group node on it (tested
    first). seen / first: per-cell int64 marks, left holding stamps (each call starts below every mark held, so a
    stamp never repeats)."""
    stamp = min(0, seen.min(), first.min()) - 1
    for i in range(at.shape[0]):
        lo, n = at[i], lens[i]
        ok[i] = False
        if grouped:
            has = False
            for j in range(lo, lo + n):
                if flat[j] >= 2 * nnormal:
                    has = True
                    break
            if not has:
                continue
        extra = flat[lo] if kinds[i] == 2 else -1
        ok[i] = valid_chain(flat, lo, n, extra, kinds[i] != 0, nnormal, node_cell, g_ptr, g_idx, seen, first, stamp)
        stamp -= 1


@njit(cache=True)
def _gather(table, group, npot, keys, m):
    """Append the kept (length, start, end) of a best table to keys as sort keys ((length * 4 + group) * npot +
    start) * npot + end; returns the new count."""
    length, start, end = table
    for i in range(start.shape[0]):
        if start[i] >= 0:
            keys[m] = ((length[i] * 4 + group) * npot + start[i]) * npot + end[i]
            m += 1
    return m


@njit(cache=True)
def chain_hits(tables, cnl, nnormal, grouped, parents, graph, marks, keys, out, flat):
    """The valid chains of a scan, shortest first, in one call: the distinct (length, start, end) of the aic, dnl
    and pl tables (tables, in that order, each sorted by length, start, end) and every start's closing cnl (a
    continuous loop) ordered by length (ties in that order), each walked back through parents[start] (the scan's
    BFS), kept when valid_chains keeps it. graph = (node_cell, g_ptr, g_idx); marks = (seen, first) as
    valid_chains; keys: scratch of 3 * table size + cnl size; out = (kind, start, end, at, len) per valid chain
    (kind 0 an AIC, 1 a discontinuous loop, 2 a continuous one), its potentials in flat[at:at + len]. Returns the
    number of valid chains, or -1 when flat is too small. (logic/chains' _hits, sort and valid_paths in Python
    with a BFS per start again cost ~110 us a nice-loop state at ER 5-9.3.)"""
    node_cell, g_ptr, g_idx = graph
    seen, first = marks
    kind, o_start, o_end, at, lens = out
    npot = parents.shape[1]
    m = 0
    for g in range(3):
        m = _gather(tables[g], g, npot, keys, m)
    for p in range(2 * nnormal):
        if cnl[1][p] >= 0:
            keys[m] = ((cnl[0][p] * 4 + 3) * npot + p) * npot + cnl[1][p]
            m += 1
    keys[:m].sort()
    stamp = min(0, seen.min(), first.min()) - 1
    got, pos = 0, 0
    for i in range(m):
        if i > 0 and keys[i] == keys[i - 1]:
            continue
        e, s, g = keys[i] % npot, keys[i] // npot % npot, keys[i] // (npot * npot) % 4
        n, x = 1, e
        while x != s:
            x = parents[s, x]
            n += 1
        if pos + n > flat.shape[0]:
            return -1
        x = e
        for j in range(n - 1, -1, -1):
            flat[pos + j] = x
            x = parents[s, x]
        if grouped:
            has = False
            for j in range(pos, pos + n):
                if flat[j] >= 2 * nnormal:
                    has = True
                    break
            if not has:
                continue
        code = 0 if g == 0 else (2 if g == 3 else 1)
        extra = s if code == 2 else -1
        ok = valid_chain(flat, pos, n, extra, code != 0, nnormal, node_cell, g_ptr, g_idx, seen, first, stamp)
        stamp -= 1
        if ok:
            kind[got], o_start[got], o_end[got], at[got], lens[got] = code, s, e, pos, n
            got += 1
            pos += n
    return got
