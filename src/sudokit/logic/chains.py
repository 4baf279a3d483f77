"""HoDoKu's chains: X-Chain, XY-Chain, Nice Loops and AICs, grouped or not.

A chain alternates strong links (one of two candidates is true: the only two places of a digit in a house, or
the only two candidates of a cell) and weak links (not both: two places of a digit that see each other, two
candidates of one cell). Read as implications, "a is false => b is true" along a strong link and "a is true =>
b is false" along a weak one, so a chain is a path in a graph whose vertices are *potentials* (a candidate
assumed on or off) - see kernels/implications.py, which searches that graph breadth-first from every potential.

- X-Chain: one digit, links between cells only; it starts and ends with a strong link, so one of its ends holds
  the digit, which leaves every cell that sees both ends.
- XY-Chain: bivalue cells, strong links inside the cells, weak links between them, both ends on the same digit.
- AIC (Alternating Inference Chain): any links; off(s) => on(e). Type 1 (same digit): the digit leaves the cells
  seeing both ends; type 2 (different digits, the end cells see each other): each end cell loses the other's digit.
- Discontinuous Nice Loop: a chain from a candidate of a cell back into that cell proves the start candidate false
  (two weak links at the start, or a weak and a strong link on different digits) or true (two strong links).
- Continuous Nice Loop: a closed chain; every node is then equivalent to the next, every weak link is really a
  conjugate pair, and the digit of a weak link leaves every cell that sees both its ends (a cell linking two of
  its own candidates keeps only those two).
- Grouped: a group node stands for the 2-3 places of a digit in one box-line intersection (any size for bigger
  boxes); HoDoKu's grouped techniques are those whose chain uses one.

Every finder yields, per candidate the technique can eliminate, the shortest chain that does it (one chain per
elimination set): the cap on what "every instance" means for chains. SE values: the table's base plus SE's length
bonus for the number of nodes (potentials) of the chain.

Speed (issue 9; 1,121 finder calls captured from HoDoKu paths of 24 dev-bank puzzles of ER 7-9.3, replayed with
every step's repr byte-identical, best of 3 CPU times on a shared machine): x/xy chains and (grouped) nice loops
1.35 -> 0.88 s, forcing chains/nets 0.40 -> 0.36 s. build_graph makes its normal nodes and its cell -> node lists
with numpy instead of a Python loop per candidate (bits() was called 300 k times), its edges are deduplicated by
a numba sort (implications.csr_unique) instead of np.unique's hashing, the scan's best tables are read only where
they hold a chain (_hits had looped over all 729 entries of each in Python), and the graph keeps its digit and
cell arrays instead of converting the lists on every path() call. (logic/nets.py: node names are made when a
chain prints them, not for every node up front, and replayed parents are walked as a list.) Tried and dropped:
keeping path()'s BFS parents per start (turning them into lists cost what the repeated BFS saved).

Speed, round 4 (HoDoKu paths): finders draw pending chains (a size and make(), see path._PENDING), so only the
chain a path takes gets its explanation and links; every hit's path comes from one kernels/implications.paths call
(one BFS per start); _valid keeps one running cell set. Tried and dropped: group nodes found by a numpy
intersection x candidate count instead of the Python loop over intersections and digits (0.55 ms a grouped graph
either way on ER 8.5-9.3 path states: the per-group lists cost the same).

Speed, round 5: the whole graph (nodes, groups, edges, cell members) is one kernel call, kernels/implications.
build_graph, into per-thread buffers: 2-4x less per graph (full 73 -> 55 us of kernel + copies, grouped ~490 ->
250 us), ER 5-9.3 HoDoKu ratings 43.7-45.5 -> 57.8-58.5/s. Then: edges deduplicated by a counting sort and strong
links read per (house, digit) group lists (grouped graphs 31 -> 15 ms over 102 states); a loop's closing found from
the start's contrapositive successors (scans 103 -> 75 ms over 857 states); hits checked in numba (valid_chains),
so only the 1 in 7 valid ones become Python lists. Tried and dropped: a common-peer table for AIC eliminations
(scan time unchanged: the BFS dominates), a kernel for _hits (no gain).

Speed, round 6 (issue 9, the 755 chain finder states of rate.py's ER 5-9.3 sample): the graph kernel's strong
links in one call (a call per house and digit passing ~11 arrays cost ~60 ns of reference counting each), the
scan's helpers inlined, and a scan's hits in one kernel call (Scan.hits: scan_chains leaves every start's BFS
parents in a row, chain_hits sorts the tables' entries, walks and checks them): x/xy chains and nice loops
179-184 -> 115-122 ms. The BFS is now ~3/4 of a loop scan. With this round's ALS, Death Blossom and forcing chain
changes, whole ratings of that sample (best of 5, A/B with the round's base): HoDoKu scale 86.4-86.5 -> 101.5-103.0/s,
both scales 43.1-43.7 -> 47.2-47.6/s.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ..kernels import implications as K
from ..kernels.chains import length_tenths
from .candidates import Candidates, Houses, bits
from .step import Link, cell_name
from .table import BY_SLUG, step


# ---------------------------------------------------------------- notation

def compact_cells(cells, n: int) -> str:
    """Cells as HoDoKu writes them: r1c23 for r1c2,r1c3; r13c2 for r1c2,r3c2 (9x9 and smaller)."""
    if isinstance(cells, int) and cells & (cells - 1) == 0 and cells:
        return cell_name(cells.bit_length() - 1, n)  # one cell (most chain nodes)
    rest = sorted(bits(cells) if isinstance(cells, int) else cells)
    if n > 9:
        return ",".join(cell_name(c, n) for c in rest)
    out = []
    while rest:
        first, rest = rest[0], rest[1:]
        rows, cols, keep = [first // n], [first % n], []
        for c in rest:
            if c // n == rows[0] and len(rows) == 1:
                cols.append(c % n)
            elif c % n == cols[0] and len(cols) == 1:
                rows.append(c // n)
            else:
                keep.append(c)
        rest = keep
        out.append("r" + "".join(str(r + 1) for r in rows) + "c" + "".join(str(c + 1) for c in cols))
    return ",".join(out)


def outcome_text(eliminations, placements, n: int) -> str:
    """What a step does, HoDoKu style: r1c2=5, r123c3,r78c2<>5, r4c4<>7."""
    out = [f"{cell_name(c, n)}={d}" for c, d in placements]
    for d in sorted({d for _, d in eliminations}):
        out.append(f"{compact_cells([c for c, dd in eliminations if dd == d], n)}<>{d}")
    return ", ".join(out)


def slash_digits(eliminations) -> str:
    """The digits a step removes, as 1/4/7."""
    return "/".join(str(d) for d in sorted({d for _, d in eliminations}))


# ---------------------------------------------------------------- geometry tables

@lru_cache(maxsize=16)
def geometry_arrays(houses: Houses):
    """(peers_ptr, peers_idx, sees) as the kernels read them."""
    ncells = houses.ncells
    lists = [list(bits(houses.peers[c])) for c in range(ncells)]
    ptr = np.zeros(ncells + 1, np.int64)
    ptr[1:] = np.cumsum([len(x) for x in lists])
    idx = np.array([v for x in lists for v in x], np.int64)
    sees = np.zeros((ncells, ncells), np.bool_)
    for c, x in enumerate(lists):
        sees[c, x] = True
    return ptr, idx, sees


@lru_cache(maxsize=16)
def intersections(houses: Houses) -> tuple[tuple[int, int, int], ...]:
    """Every (line, box, cell set) whose line and box share 2+ cells: where group nodes live."""
    n = houses.n
    out = []
    for line in range(2 * n):
        for box in range(2 * n, 3 * n):
            common = houses.masks[line] & houses.masks[box]
            if common.bit_count() >= 2:
                out.append((line, box, common))
    return tuple(out)


# ---------------------------------------------------------------- the implication graph

@dataclass
class Graph:
    """Nodes (normal candidates first, then group nodes) and the implications between their potentials."""

    n: int
    nnormal: int
    cand_node: np.ndarray     # cell * n + digit - 1 -> normal node or -1
    cand: np.ndarray          # every cell's candidate mask (uint64)
    ptr: np.ndarray
    idx: np.ndarray
    cn_ptr: np.ndarray
    cn_idx: np.ndarray
    digit_arr: np.ndarray     # digit and cell as arrays
    cell_arr: np.ndarray
    g_ptr: np.ndarray         # group node nnormal + g holds cells g_idx[g_ptr[g]:g_ptr[g + 1]]
    g_idx: np.ndarray

    # digit, cell and cells as Python lists are made when first read: 3 in 5 graphs of a path have no hit to read
    # them (making them for every graph was ~8% of the chain finders at ER 5-9.3, grouped graphs most)
    @cached_property
    def digit(self) -> list[int]:
        """node -> digit"""
        return self.digit_arr.tolist()

    @cached_property
    def cell(self) -> list[int]:
        """node -> cell (normal) or -1 (group)"""
        return self.cell_arr.tolist()

    @cached_property
    def cells(self) -> list[int]:
        """node -> cell set"""
        out = [1 << c for c in self.cell[:self.nnormal]]
        if len(self.g_ptr) > 1:  # a group's cells are distinct: the sum of their bits is their union
            at, flat = self.g_ptr.tolist(), [1 << c for c in self.g_idx.tolist()]
            out += [sum(flat[a:b]) for a, b in zip(at, at[1:])]  # (a generator per group: 1.6x the time)
        return out

    @property
    def arrays(self):
        """The graph tuple scan_chains reads."""
        return self.ptr, self.idx, self.digit_arr, self.cell_arr, self.cn_ptr, self.cn_idx, self.cand

    def node_text(self, node: int) -> str:
        """A node's cells: r1c2, or r1c23 for a group."""
        return compact_cells(self.cells[node], self.n)


def _csr(lists):
    """Row pointers and indices of a list of lists."""
    ptr = np.zeros(len(lists) + 1, np.int64)
    ptr[1:] = np.cumsum([len(x) for x in lists])
    idx = np.array([v for x in lists for v in x], np.int64)
    return ptr, idx


def build_graph(state: Candidates, kind: str = "full", groups: bool = False) -> Graph:
    """The implication graph: kind 'x' (one digit at a time), 'xy' (bivalue cells) or 'full'; groups adds group
    nodes (the places of a digit in a box-line intersection, when there are 2+). Graphs are read-only: the last few
    built on this thread are kept, since a path's nice loops and forcing nets read the same full graph of a state,
    and its grouped nice loops and forcing chains the same grouped one."""
    # (Tried: the X graph as the full graph's edges between cells, filtered by a kernel, the full graph then built
    # at the X-Chains and found again by the nice loops: x/xy chains + loops over the 755 captured ER 5-9.3 states
    # 117.0-123.5 -> 117.6-121.9 ms, within noise: the filter, its arrays and a Graph cost most of what it saved.)
    key = (id(state.houses), kind, groups, tuple(state.cand))
    memo = _GRAPHS.__dict__.setdefault("graphs", {})
    found = memo.get(key)
    if found is not None and found[0] is state.houses:
        return found[1]
    if len(memo) >= 4:
        memo.clear()
    graph = _build_graph(state, kind, groups)
    memo[key] = (state.houses, graph)
    return graph


_GRAPHS = threading.local()  # each thread's last graphs (key: geometry, kind, groups, candidates)


def _build_graph(state: Candidates, kind: str, groups: bool) -> Graph:
    """build_graph without the memo: one kernel call (kernels/implications.build_graph) into this thread's buffers,
    whose used parts are copied out. (Its numpy and Python original cost 2-4x more: ~25 small numpy calls a graph
    and a Python loop over intersections and digits for the groups; tests/test_logic_chains._plain_graph is it.)"""
    n, h = state.n, state.houses
    cand = state.arrays()[1]  # read-only here and in the scans (a path state's own array: no conversion)
    out = _buffers(h)
    while True:
        nnormal, ng, m = K.build_graph(KINDS[kind], groups, n, cand, _inter_arrays(h), _geo(h), out)
        if m >= 0:
            break
        out = _buffers(h, 4 * len(out[7]))
    node_digit, node_cell, cand_node, g_ptr, g_idx, _, _, _, vs, ptr, cn_ptr, cn_idx = out
    nodes = nnormal + ng
    return Graph(n, nnormal, cand_node.copy(), cand, ptr[:2 * nodes + 1].copy(), vs[:m].copy(), cn_ptr.copy(),
                 cn_idx[:cn_ptr[-1]].copy(), node_digit[:nodes].copy(), node_cell[:nodes].copy(),
                 g_ptr[:ng + 1].copy(), g_idx[:g_ptr[ng]].copy())


_SCRATCH = threading.local()  # each thread's build_graph buffers per geometry


def _buffers(houses: Houses, edges: int = 0) -> tuple:
    """This thread's build_graph out buffers for a geometry (edges: at least that many edge slots)."""
    memo = _SCRATCH.__dict__.setdefault("buffers", {})
    found = memo.get(id(houses))
    if found is not None and found[0] is houses and len(found[1][7]) >= edges:
        return found[1]
    ncells, n = houses.ncells, houses.n
    line, _, cells = _inter_arrays(houses)
    nodes = ncells * n + len(line) * n
    members = ncells * n + len(line) * n * cells.shape[1]
    edges = max(edges, 64 * (nodes + 1))
    i64 = np.int64
    out = (np.zeros(nodes, i64), np.zeros(nodes, i64), np.zeros(ncells * n, i64), np.zeros(len(line) * n + 1, i64),
           np.zeros(max(1, len(line) * n * cells.shape[1]), i64), np.zeros(len(line) * n, i64),
           np.zeros(len(line) * n, i64), np.zeros(edges, i64), np.zeros(edges, i64), np.zeros(2 * nodes + 1, i64),
           np.zeros(ncells + 1, i64), np.zeros(members, i64))
    memo[id(houses)] = (houses, out)
    return out


@lru_cache(maxsize=16)
def _inter_arrays(houses: Houses) -> tuple:
    """intersections() as the kernel reads them: (line, box, cells padded with -1), in order."""
    found = intersections(houses)
    width = max([c.bit_count() for _, _, c in found], default=1)
    cells = np.full((len(found), width), -1, np.int64)
    for t, (_, _, common) in enumerate(found):
        got = list(bits(common))
        cells[t, :len(got)] = got
    return (np.array([x[0] for x in found], np.int64), np.array([x[1] for x in found], np.int64), cells)


@lru_cache(maxsize=16)
def _geo(houses: Houses) -> tuple:
    """(unit_cells, peers_ptr, peers_idx, sees) as graph_edges reads them."""
    return (_unit_cells(houses), *geometry_arrays(houses))


KINDS = {"full": K.GRAPH_FULL, "x": K.GRAPH_X, "xy": K.GRAPH_XY}


@lru_cache(maxsize=16)
def _unit_cells(houses: Houses) -> np.ndarray:
    """The cells of every house, as graph_edges reads them."""
    return np.array(houses.cells, np.int64)


# ---------------------------------------------------------------- running the scan

@dataclass
class Scan:
    """A graph, the scan's best chains, and the scratch to walk them."""

    graph: Graph
    loops: bool
    aic: tuple
    dnl: tuple
    pl: tuple
    cnl: tuple
    scratch: tuple
    parents: np.ndarray       # parents[p]: the BFS parents of start p (scan_chains leaves them)

    def path(self, start: int, end: int) -> list[int]:
        """The potentials of the BFS path from start to end."""
        g = self.graph
        term, dist, parent, queue = self.scratch
        k = K.path(start, self.loops, g.ptr, g.idx, g.cell_arr, g.cn_ptr, g.cn_idx, term, dist, parent, queue)
        out = [end]
        while out[-1] != start:
            out.append(int(parent[out[-1]]))
        K.clear(k, dist, queue)
        return out[::-1]

    def valid_paths(self, hits, kinds, grouped: bool) -> list[tuple[int, list[int]]]:
        """(i, path) of the hits whose chain _valid accepts (kinds[i]: 0 an AIC, 1 a discontinuous loop, 2 a
        continuous one, closed by its start again; grouped: only chains with a group node), in one BFS per start
        and one check kernel (kernels/implications.valid_chains; a Python list and _valid per hit cost ~6% of a
        rating at ER 5-9.3, where 1 hit in 7 passes)."""
        if not hits:
            return []
        flat, at, lens = self._flat(hits)
        g = self.graph
        ok = np.zeros(len(hits), np.bool_)
        seen, first = _marks(len(g.cn_ptr) - 1)
        K.valid_chains(flat, at, lens, np.array(kinds, np.int64), grouped, g.nnormal, g.cell_arr, g.g_ptr, g.g_idx,
                       seen, first, ok)
        keep = np.flatnonzero(ok).tolist()
        if not keep:
            return []
        flat_list, at_list, lens_list = flat.tolist(), at.tolist(), lens.tolist()
        return [(i, flat_list[at_list[i]:at_list[i] + lens_list[i]]) for i in keep]

    def _flat(self, hits):
        """(flat, at, lens) of kernels/implications.paths over hits."""
        g = self.graph
        term, dist, parent, queue = self.scratch
        starts = np.array([h[0] for h in hits], np.int64)
        ends = np.array([h[1] for h in hits], np.int64)
        at, lens = np.zeros(len(hits), np.int64), np.zeros(len(hits), np.int64)
        cap = 16 * len(hits)
        while True:
            flat = np.zeros(cap, np.int64)
            k = K.paths(starts, ends, self.loops, g.ptr, g.idx, g.cell_arr, g.cn_ptr, g.cn_idx, term, dist, parent,
                        queue, at, lens, flat)
            if k >= 0:
                return flat[:k], at, lens
            cap *= 4

    def hits(self, grouped: bool) -> list[tuple[int, int, int, list[int]]]:
        """(kind, start, end, potentials) of the scan's valid chains in the order the finders take them (kind 0 an
        AIC, 1 a discontinuous loop, 2 a continuous one, whose potentials stop before its start comes again;
        grouped: only chains with a group node): _hits of the aic, dnl and pl tables and the closing cnl, sorted by
        length, then valid_paths, in one kernel call (kernels/implications.chain_hits) walking the scan's parents."""
        if not self.loops and self.aic[1].max() < 0:
            return []  # no AIC kept, and no loop searched: X- and XY-Chains on ~94% of 11+ path states (hod16)
        g = self.graph
        keys, out, flat = _hit_buffers(3 * len(self.aic[0]) + len(self.cnl[0]), 0)
        while True:
            k = K.chain_hits((self.aic, self.dnl, self.pl), self.cnl, g.nnormal, grouped, self.parents,
                             (g.cell_arr, g.g_ptr, g.g_idx), _marks(len(g.cn_ptr) - 1), keys, out, flat)
            if k >= 0:
                break
            keys, out, flat = _hit_buffers(len(keys), 4 * len(flat))
        if not k:
            return []
        kinds, starts, ends, at, lens = (a[:k].tolist() for a in out)
        pots = flat[:at[-1] + lens[-1]].tolist()
        return [(kinds[i], starts[i], ends[i], pots[at[i]:at[i] + lens[i]]) for i in range(k)]

    def paths(self, hits) -> list[list[int]]:
        """path(start, end) of every (start, end) in hits, in one kernel call (kernels/implications.paths: one BFS
        per start; a call per hit cost more in dispatch and list building than its BFS)."""
        if not hits:
            return []
        flat, at, lens = self._flat(hits)
        flat = flat.tolist()
        return [flat[a:a + n] for a, n in zip(at.tolist(), lens.tolist())]


def scan(state: Candidates, graph: Graph, loops: bool, mixed: bool) -> Scan:
    """Run scan_chains over a graph."""
    npot = 2 * len(graph.digit_arr)
    aic, dnl, pl, cnl, scratch = _scan_buffers(state.houses.ncells * state.n, npot)
    parents = _parents(npot)
    K.scan_chains(loops, mixed, state.n, graph.nnormal, graph.arrays, geometry_arrays(state.houses),
                  (scratch[0], scratch[1], parents, scratch[3]), aic, dnl, pl, cnl)
    return Scan(graph, loops, aic, dnl, pl, cnl, scratch, parents)


def _scan_buffers(keys: int, npot: int) -> tuple:
    """This thread's scan_chains tables and scratch for a geometry of `keys` candidates, with room for npot
    potentials: (aic, dnl, pl, cnl, (term, dist, parent, queue)). The kernel resets the tables and leaves
    term False and dist -1, so they are kept; the finders read a scan's hits before they yield, so the next scan
    may overwrite them. (One np.full block and 15 views a scan had cost ~10 us: ~5% of the chain finders.)"""
    memo = _SCRATCH.__dict__.setdefault("scan", {})
    found = memo.get(keys)
    if found is not None and len(found[3][0]) >= npot:
        return found
    cap = max(npot, 1024)
    block = np.full(9 * keys + 5 * cap, -1, np.int64)
    rows = [block[i * keys:(i + 1) * keys] for i in range(9)]
    rows += [block[9 * keys + i * cap:9 * keys + (i + 1) * cap] for i in range(5)]
    found = memo[keys] = (tuple(rows[0:3]), tuple(rows[3:6]), tuple(rows[6:9]), tuple(rows[9:11]),
                          (np.zeros(cap, np.bool_), *rows[11:14]))
    return found


def _parents(npot: int) -> np.ndarray:
    """This thread's npot x npot parent rows for scan_chains (a view of one kept buffer: the finders read a scan's
    hits before they yield, so the next scan may overwrite them)."""
    memo = _SCRATCH.__dict__
    buf = memo.get("parents")
    if buf is None or len(buf) < npot * npot:
        buf = memo["parents"] = np.empty(max(npot * npot, 512 * 512), np.int64)
    return buf[:npot * npot].reshape(npot, npot)


def _hit_buffers(nkeys: int, nflat: int) -> tuple:
    """This thread's chain_hits buffers: keys (nkeys), out (5 x nkeys), flat (at least nflat)."""
    memo = _SCRATCH.__dict__
    found = memo.get("hits")
    if found is None or len(found[0]) < nkeys or len(found[2]) < nflat:
        nk = max(nkeys, len(found[0]) if found else 0)
        found = memo["hits"] = (np.empty(nk, np.int64), tuple(np.empty(nk, np.int64) for _ in range(5)),
                                np.empty(max(nflat, 4096, len(found[2]) if found else 0), np.int64))
    return found


def _marks(ncells: int) -> tuple[np.ndarray, np.ndarray]:
    """This thread's per-cell marks for valid_chains (seen, first), kept: its stamps never repeat."""
    memo = _SCRATCH.__dict__.setdefault("marks", {})
    if ncells not in memo:
        memo[ncells] = (np.zeros(ncells, np.int64), np.zeros(ncells, np.int64))
    return memo[ncells]


def _hits(table) -> list[tuple[int, int, int]]:
    """The distinct (length, start, end) kept in a best table, shortest first."""
    length, start, end = table
    keep = np.flatnonzero(start >= 0)
    found = {}
    for ln, f, t in zip(length[keep].tolist(), start[keep].tolist(), end[keep].tolist()):
        found[f, t] = ln  # a later entry wins, as it always did
    # (Tried: a kernel doing the dedupe and sort into out arrays: no gain, scan + hits 68-70 vs 71-72 ms on the 295
    # nice-loop states of 40 ER 5-9.3 puzzles; its three buffers, dispatch and tolists cost what the dict did.)
    return sorted((ln, f, t) for (f, t), ln in found.items())


def _valid(graph: Graph, pots: list[int], closing: bool) -> bool:
    """(The reference of kernels/implications.valid_chains, which the finders call through Scan.valid_paths.)
    True if a chain never comes back to a cell it left (a loop may close into its start cell) and never uses
    overlapping places of one digit twice.

    One running cell set does it: a node (a link inside a cell skipped) may not meet the cells of the nodes before
    it, unless it closes a loop inside the start node's cells; the places of one digit are among those cells, so
    their test is implied. (A list of runs and a digit -> places dict, tested by any(), was ~40% of the nice loop
    search on hard paths.)"""
    cell, cells = graph.cell, graph.cells
    node = pots[0] >> 1
    first = seen = cells[node]
    prev = cell[node]
    last = len(pots) - 1
    for i in range(1, last + 1):
        node = pots[i] >> 1
        c = cell[node]
        if c >= 0 and c == prev:
            continue
        prev = c
        cs = cells[node]
        if cs & seen:
            return closing and i == last and cs & first == cs
        seen |= cs
    return True


def _see_both(state: Candidates, graph: Graph, a: int, b: int, d: int) -> int:
    """The cells holding d that see every cell of nodes a and b (outside them)."""
    if a < graph.nnormal and b < graph.nnormal:  # two cells (every AIC): common_peers without its loop
        ca, cb = graph.cell[a], graph.cell[b]
        peers = state.houses.peers
        return peers[ca] & peers[cb] & ~(1 << ca | 1 << cb) & state.where[d]
    both = graph.cells[a] | graph.cells[b]
    return state.houses.common_peers(both) & state.where[d]


def _aic_eliminations(state, graph, pots: list[int], mixed: bool) -> list[tuple[int, int]]:
    """What the chain 's or e' removes (never a candidate of the chain itself). (A dict of every digit's places
    along the chain, built for every hit, was ~1/4 of the nice loop finder in Python: only the eliminated digits'
    places are gathered now, and only when something is eliminated.)"""
    s, e = pots[0] >> 1, pots[-1] >> 1
    digit = graph.digit
    ds, de = digit[s], digit[e]
    if ds == de:
        hit = _see_both(state, graph, s, e, ds)
        if not hit:
            return []
        cells = graph.cells
        for p in pots:
            if digit[p >> 1] == ds:
                hit &= ~cells[p >> 1]
        return [(c, ds) for c in bits(hit)]
    cs, ce = graph.cell[s], graph.cell[e]
    if not mixed or not state.houses.sees(cs, ce):
        return []
    out = sorted(x for x in ((cs, de), (ce, ds)) if state.has(*x))
    if not out:
        return out
    mine = {de: 0, ds: 0}  # the chain's places of the two digits
    cells = graph.cells
    for p in pots:
        d = digit[p >> 1]
        if d == ds or d == de:
            mine[d] |= cells[p >> 1]
    return [x for x in out if not mine[x[1]] >> x[0] & 1]


def _loop_eliminations(state, graph, pots: list[int]) -> list[tuple[int, int]]:
    """What a continuous nice loop removes: every weak link is a conjugate pair."""
    loop_cells = 0
    for p in pots:
        loop_cells |= graph.cells[p // 2]
    out = set()
    for u, v in zip(pots, pots[1:]):
        if not u & 1 or v & 1:
            continue
        a, b = u // 2, v // 2
        if graph.digit[a] == graph.digit[b]:
            d = graph.digit[a]
            out.update((c, d) for c in bits(_see_both(state, graph, a, b, d) & ~loop_cells))
        else:
            c = graph.cell[a]
            keep = (1 << graph.digit[a] - 1) | (1 << graph.digit[b] - 1)
            out.update((c, x + 1) for x in bits(state.cand[c] & ~keep))
    return sorted(out)


def _dnl_eliminations(state, graph, p: int, v: int) -> list[tuple[int, int]]:
    """What a discontinuous nice loop from p back into the start cell (at v) removes: the start candidate, the
    candidate it returns to, or (two strong links on one candidate) every other candidate of the cell."""
    s, t = p // 2, v // 2
    cell = graph.cell[s]
    if p & 1:
        return [(cell, graph.digit[s])]
    if v == p + 1:
        return [(cell, x + 1) for x in bits(state.cand[cell]) if x + 1 != graph.digit[s]]
    return [(cell, graph.digit[t])]


# ---------------------------------------------------------------- steps

def chain_text(graph: Graph, pots: list[int], ends: bool) -> str:
    """The chain in Eureka notation: r1c2 -3- r1c4 =3= r3c4 ...; ends adds HoDoKu's AIC ends (5- ... -5)."""
    parts, prev = [], None
    for i, p in enumerate(pots):
        node = p // 2
        c = graph.cell[node]
        if c >= 0 and c == prev:
            continue
        prev = c
        name = graph.node_text(node)
        mark = "=" if p & 1 else "-"
        parts.append(name if i == 0 else f"{mark}{graph.digit[node]}{mark} {name}")
    text = " ".join(parts)
    if ends:
        text = f"{graph.digit[pots[0] // 2]}- {text} -{graph.digit[pots[-1] // 2]}"
    return text


def _first_cell(cells: int) -> int:
    """The lowest cell of a cell set."""
    return (cells & -cells).bit_length() - 1


def chain_links(graph: Graph, pots: list[int]) -> tuple[Link, ...]:
    """The links of a chain for pictures (a group node is drawn at its first cell)."""
    out = []
    for u, v in zip(pots, pots[1:]):
        a, b = u // 2, v // 2
        ca, cb = _first_cell(graph.cells[a]), _first_cell(graph.cells[b])
        out.append(Link(ca, graph.digit[a], cb, graph.digit[b], bool(v & 1)))
    return tuple(out)


def chain_step(state: Candidates, slug: str, graph: Graph, pots: list[int], elims, ends: bool, placements=()):
    """A chain step: explanation, cells in chain order, pattern, links and SE's price."""
    n = state.n
    cells, pattern = [], []
    for p in pots:
        node = p // 2
        for c in bits(graph.cells[node]):
            if c not in cells:
                cells.append(c)
            if (c, graph.digit[node]) not in pattern:
                pattern.append((c, graph.digit[node]))
    t = BY_SLUG[slug]
    text = f"{t.name}: {slash_digits(elims)} {chain_text(graph, pots, ends)} => {outcome_text(elims, placements, n)}"
    digits = sorted({graph.digit[p // 2] for p in pots})
    return step(slug, text, digits=digits, cells=cells, eliminations=elims, placements=placements,
                se=t.se + length_tenths(len(pots)) / 10, pattern=pattern, links=chain_links(graph, pots))


def _chains(state: Candidates, kind: str, slug: str, ends: bool):
    """X- or XY-Chains: per eliminated candidate the shortest chain, one step per elimination set."""
    for graph, pots, elims in _chain_hits(state, kind):
        yield chain_step(state, slug, graph, pots, elims, ends)


def _chain_hits(state: Candidates, kind: str):
    """The (graph, potentials, eliminations) of _chains' steps, in order."""
    graph = build_graph(state, kind)
    if not graph.nnormal:
        return
    run = scan(state, graph, loops=False, mixed=False)
    seen = set()
    for _, _, _, pots in run.hits(False):
        elims = _aic_eliminations(state, graph, pots, mixed=False)
        key = tuple(elims)
        if elims and key not in seen:
            seen.add(key)
            yield graph, pots, elims


def x_chains(state: Candidates):
    """X-Chains: one digit, strong links at both ends; the digit leaves every cell that sees both ends."""
    yield from _chains(state, "x", "x-chain", False)


def xy_chains(state: Candidates):
    """XY-Chains: bivalue cells linked by a common digit, both ends on the digit they remove."""
    yield from _chains(state, "xy", "xy-chain", True)


def nice_loops(state: Candidates):
    """Continuous and discontinuous nice loops and AICs (no group nodes)."""
    yield from _loops(state, grouped=False)


def grouped_nice_loops(state: Candidates):
    """Grouped continuous and discontinuous nice loops and AICs: chains that use at least one group node."""
    yield from _loops(state, grouped=True)


def _loops(state: Candidates, grouped: bool):
    """The nice loops and AICs of a state (only chains with a group node when grouped)."""
    for slug, graph, pots, elims in _loop_hits(state, grouped):
        yield chain_step(state, slug, graph, pots, elims, ends=slug.endswith("aic"))


def _loop_hits(state: Candidates, grouped: bool):
    """The (slug, graph, potentials, eliminations) of _loops' steps, in order: per valid hit of the scan (a
    continuous loop's potentials closed by its start again), its eliminations, the first hit of each elimination
    set. (A _loop_hit call and a slug made per hit were ~10% of the finder's Python.)"""
    graph = build_graph(state, "full", groups=grouped)
    if not graph.nnormal:
        return
    run = scan(state, graph, loops=True, mixed=True)
    slugs = _GROUPED_SLUGS if grouped else _KIND_NAMES
    seen = set()
    for code, p, v, pots in run.hits(grouped):
        if code == 0:
            elims = _aic_eliminations(state, graph, pots, mixed=True)
        elif code == 2:
            pots.append(p)
            elims = _loop_eliminations(state, graph, pots)
        else:
            elims = _dnl_eliminations(state, graph, p, v)
        if elims:
            key = tuple(elims)
            if key not in seen:
                seen.add(key)
                yield slugs[code], graph, pots, elims


_KIND_CODES = {"aic": 0, "discontinuous-nice-loop": 1, "continuous-nice-loop": 2}  # valid_chains' kinds
_KIND_NAMES = {v: k for k, v in _KIND_CODES.items()}
_GROUPED_SLUGS = {v: "grouped-" + k for k, v in _KIND_CODES.items()}


# ---------------------------------------------------------------- pending steps for solve paths

class Pending:
    """A chain before its Step (explanation, links) is made: a solve path compares every chain of a slug by its
    size (pattern cells, then eliminations) and makes only the one it takes (path._Found)."""

    __slots__ = ("slug", "key", "_args", "_make")

    def __init__(self, slug: str, key: tuple, args: tuple, make=None):
        self.slug, self.key, self._args, self._make = slug, key, args, make or chain_step

    def make(self):
        """The Step."""
        return self._make(*self._args)

    def lean(self):
        """The Step without explanation, pattern and links (a rating's path reads slug, score, eliminations and
        placements: ~2/3 of making a chain step went to the rest on 11+ paths)."""
        if self._make is not chain_step:
            return self.make()
        return step(self.slug, "", eliminations=self._args[4])


def _pending(state: Candidates, slug: str, graph: Graph, pots: list[int], elims, ends: bool) -> Pending:
    """A Pending chain whose key is (len(step.cells), -len(step.eliminations)) of the step it makes."""
    cells, nodes = 0, graph.cells
    for p in pots:
        cells |= nodes[p >> 1]
    return Pending(slug, (cells.bit_count(), -len(elims)), (state, slug, graph, pots, elims, ends))


def pending_chains(state: Candidates, kind: str, slug: str, ends: bool):
    """x_chains / xy_chains as Pending chains (path._PENDING)."""
    for graph, pots, elims in _chain_hits(state, kind):
        yield _pending(state, slug, graph, pots, elims, ends)


def pending_x_chains(state: Candidates):
    """x_chains as Pending chains."""
    return pending_chains(state, "x", "x-chain", False)


def pending_xy_chains(state: Candidates):
    """xy_chains as Pending chains."""
    return pending_chains(state, "xy", "xy-chain", True)


def pending_loops(state: Candidates, grouped: bool = False):
    """nice_loops (grouped_nice_loops when grouped) as Pending chains."""
    for slug, graph, pots, elims in _loop_hits(state, grouped):
        yield _pending(state, slug, graph, pots, elims, slug.endswith("aic"))


def pending_grouped_loops(state: Candidates):
    """grouped_nice_loops as Pending chains."""
    return pending_loops(state, True)
