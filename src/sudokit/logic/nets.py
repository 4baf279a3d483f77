"""HoDoKu's Forcing Chains and Forcing Nets, Contradiction and Verity.

Assume a candidate true, or false, and follow what it forces (kernels/nets.py):

- Forcing Chain: one implication per step (a weak or strong link of the implication graph of logic.chains,
  group nodes included), so the consequences of an assumption form chains;
- Forcing Net: implications may use several earlier consequences (the last candidate of a cell, the last place
  of a digit in a house, locked candidates after some places went), so they form a net.

Contradiction: the assumption forces a candidate both true and false, empties a cell, or leaves a digit no place
in a house; so it is wrong (an assumed-true candidate goes, an assumed-false one is placed). Verity: every case of
an exhaustive choice - a candidate true or false, each candidate of a cell, each place of a digit in a house -
forces the same thing, which is therefore true.

Every conclusion (a candidate eliminated or placed) reachable this way is yielded once as a contradiction (of its
negation) and once as a verity (by the smallest exhaustive group), where each exists: the cap on "every instance".
(Static implications are closed under contraposition, so a forcing chain verity always comes with a contradiction.) SE values: the table's base
plus SE's length bonus for the number of distinct nodes in the chains (or the nets' ancestors).
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

from ..kernels import nets as K
from ..kernels.hodoku import where_words
from ..kernels.implications import _bfs, clear
from ..kernels.chains import length_tenths
from .candidates import Candidates, Houses, bits
from .chains import build_graph, geometry_arrays, intersections, outcome_text
from .forcing import tables
from .step import Link, cell_name
from .table import BY_SLUG, step


def forcing_chains(state: Candidates):
    """Forcing Chain Contradictions and Verities."""
    yield from _forcing(state, dynamic=False)


def forcing_nets(state: Candidates):
    """Forcing Net Contradictions and Verities."""
    yield from _forcing(state, dynamic=True)


class Run:
    """One scan of every premise of a state, and replays of single premises to explain its conclusions."""

    def __init__(self, state: Candidates, dynamic: bool):
        self.state, self.dynamic = state, dynamic
        self.graph = graph = build_graph(state, "full", groups=not dynamic)
        n, h, k = state.n, state.houses, graph.nnormal
        cell_units, unit_cells = tables(h)[:2]
        peers_ptr, peers_idx = geometry_arrays(h)[:2]
        values, self.cand = state.arrays()  # read only, here and in the kernels
        hw = house_words(h)
        pl = np.zeros((2 * n, hw.shape[1]), np.uint64)  # each digit's places, then propagate's working copy
        if dynamic:
            where_words(self.cand, pl[:n])
        self.geo = (cell_units, unit_cells, peers_ptr, peers_idx, shared_places(h), hw, pl, peer_words(h))
        self.hdone = np.zeros(len(h.cells), np.uint64)
        K.placed_masks(values, unit_cells, self.hdone)
        self.node_digit, self.node_cell = graph.digit_arr, graph.cell_arr
        self.scratch = _scratch(h, 2 * len(graph.digit), k)
        self.rows = np.zeros((2 * k, (2 * k + 63) // 64), np.uint64)
        self.contra = (np.zeros(2 * k, np.int64), np.zeros(2 * k, np.int64))
        self.best = (np.full(2 * k, K.K_NONE, np.int64), np.zeros(2 * k, np.int64), np.zeros(2 * k, np.int64))
        self._replays: dict[int, tuple] = {}
        self._names: dict[int, str] = {}

    def first(self, node: int) -> int:
        """A node's first cell: its cell, or a group's first (lowest: groups list their cells ascending). (A list
        for every node, graph.cells included, made per run was ~1/4 of a forcing chain Run's Python on 11+ states;
        made per step taken, ~1/5 of making its links.)"""
        g = self.graph
        return g.cell[node] if node < g.nnormal else int(g.g_idx[g.g_ptr[node - g.nnormal]])

    def name(self, node: int) -> str:
        """A node as a format string: r1c2{}5 (made when a chain first prints it)."""
        text = self._names.get(node)
        if text is None:
            text = self._names[node] = f"{self.graph.node_text(node)}{{}}{self.graph.digit[node]}"
        return text

    def scan(self) -> None:
        """Run every premise and every group."""
        g = self.graph
        K.scan(self.dynamic, self.state.n, g.nnormal, self.cand, self.hdone,
               (g.ptr, g.idx, self.node_digit, self.node_cell), self.geo, g.cand_node, self.scratch, self.rows,
               self.contra, self.best)

    def replay(self, p: int):
        """(seen/dist, parents) of premise p: for chains dist and parent per potential, for nets the records."""
        if p not in self._replays:
            self._replays[p] = self._replay(p)
        return self._replays[p]

    def _replay(self, p: int):
        g, sc = self.graph, self.scratch
        term, dist, parent, queue, work, wdone, seen, order, par_ptr, par_idx, pbuf, res = sc[:12]
        if not self.dynamic:
            k = _bfs(p, False, g.ptr, g.idx, term, dist, parent, queue)
            out = (dist.copy(), parent.tolist())  # chain() walks the parents in Python
            clear(k, dist, queue)
            return out
        k = K.propagate(p, self.state.n, self.cand, self.hdone, self.geo, g.cand_node, self.node_cell,
                        self.node_digit, work, wdone, seen, order, par_ptr, par_idx, pbuf, res)
        # as lists: chain() and ancestors() read them an element at a time (numpy scalars were ~40% of ancestors)
        out = (seen.tolist(), order[:k].tolist(), par_ptr[:k + 1].tolist(), par_idx[:par_ptr[k]].tolist())
        for i in range(k):
            seen[order[i]] = -1
        return out

    def chain(self, p: int, q: int) -> list[int]:
        """The potentials from premise p to consequence q (for a net: along first parents)."""
        if not self.dynamic:
            dist, parent = self.replay(p)
            out = [q]
            while out[-1] != p:
                out.append(parent[out[-1]])
            return out[::-1]
        seen, order, par_ptr, par_idx = self.replay(p)
        out = [q]
        while out[-1] != p:
            r = seen[out[-1]]
            if par_ptr[r + 1] == par_ptr[r]:
                break  # true before any assumption (a single of the state itself)
            out.append(par_idx[par_ptr[r]])
        return out[::-1]

    def ancestors(self, p: int, q: int) -> set[int]:
        """Every potential q rests on (q included)."""
        if not self.dynamic:
            return set(self.chain(p, q))
        seen, order, par_ptr, par_idx = self.replay(p)
        out, todo = set(), [q]
        while todo:
            x = todo.pop()
            if x in out:
                continue
            out.add(x)
            r = seen[x]
            todo.extend(par_idx[par_ptr[r]:par_ptr[r + 1]])
        return out


def _scratch(houses: Houses, npot: int, k: int) -> tuple:
    """A run's scratch (kernels/nets.scan's, propagate's, _bfs's: each left at rest, seen and dist -1, counts and
    sums 0, by every kernel call) as views of this thread's buffers for the geometry, sized for npot potentials and
    k normal nodes. (Fresh buffers per run: ~20 numpy allocations a run, and memory the scan then met cold.)"""
    memo = _SCRATCH.__dict__.setdefault("buffers", {})
    found = memo.get(id(houses))
    if found is None or found[0] is not houses or len(found[1][1]) < npot:
        n, ncells, nh = houses.n, houses.ncells, len(houses.cells)
        top = max(npot, 2 * n * (ncells + len(intersections(houses))))
        buf = (np.zeros(top, np.bool_), np.full(top, -1, np.int64), np.zeros(top, np.int64), np.zeros(top, np.int64),
               np.zeros(ncells, np.uint64), np.zeros(nh, np.uint64),
               np.full(top, -1, np.int64), np.zeros(top, np.int64), np.zeros(top + 1, np.int64),
               np.zeros(top * (n + 1), np.int64), np.zeros(n + 2, np.int64), np.zeros(3, np.int64),
               np.zeros((top + 63) // 64, np.uint64), np.zeros(n + 2, np.int64),
               np.zeros(ncells + nh * n, np.int64), np.zeros(ncells + nh * n, np.int64), np.zeros(nh * n, np.int64))
        found = memo[id(houses)] = (houses, buf)
    b = found[1]
    n = houses.n
    return (b[0][:npot], b[1][:npot], b[2][:npot], b[3][:npot], b[4], b[5], b[6][:npot], b[7][:npot],
            b[8][:npot + 1], b[9][:npot * (n + 1)], b[10], b[11], b[12][:(2 * k + 63) // 64], *b[13:])


_SCRATCH = threading.local()  # each thread's nets scratch per geometry (key: id of the houses, which it keeps)


@lru_cache(maxsize=16)
def house_words(houses: Houses) -> np.ndarray:
    """hw[h]: house h's cells as words (bit c % 64 of word c // 64; kernels/nets._house)."""
    hw = np.zeros((len(houses.cells), (houses.ncells + 63) // 64), np.uint64)
    for h, cells in enumerate(houses.cells):
        for c in cells:
            hw[h, c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return hw


@lru_cache(maxsize=16)
def peer_words(houses: Houses) -> np.ndarray:
    """pw[c]: cell c's peers as words (kernels/nets.propagate)."""
    pw = np.zeros((houses.ncells, (houses.ncells + 63) // 64), np.uint64)
    for c, m in enumerate(houses.peers):
        for w in range(pw.shape[1]):
            pw[c, w] = (m >> (64 * w)) & ((1 << 64) - 1)
    return pw


@lru_cache(maxsize=16)
def shared_places(houses: Houses) -> np.ndarray:
    """inter[h, h2]: the positions in house h (bit i: houses.cells[h][i]) of the cells it shares with house h2
    (kernels/nets._house's locked candidates test)."""
    inter = np.zeros((len(houses.cells), len(houses.cells)), np.uint64)
    for h, cells in enumerate(houses.cells):
        for i, c in enumerate(cells):
            for h2 in houses.cell_houses[c]:
                inter[h, h2] |= np.uint64(1) << np.uint64(i)
    return inter


def _forcing(state: Candidates, dynamic: bool):
    """Every conclusion of the scan as a step."""
    run = Run(state, dynamic)
    if not run.graph.nnormal:
        return
    run.scan()
    for p in np.flatnonzero(run.contra[0] != K.T_NONE).tolist():
        yield _step(run, p ^ 1, K.K_CONTRA, p)
    kind, src, _ = run.best
    for slot in np.flatnonzero(kind != K.K_NONE).tolist():
        yield _step(run, slot, int(kind[slot]), int(src[slot]))


def pending_forcing_chains(state: Candidates):
    """forcing_chains as pending steps (path._PENDING)."""
    return _pending(state, dynamic=False)


def pending_forcing_nets(state: Candidates):
    """forcing_nets as pending steps (path._PENDING)."""
    return _pending(state, dynamic=True)


def _pending(state: Candidates, dynamic: bool):
    """_forcing's conclusions as Pending steps: a path sizes every one of a slug (pattern cells, eliminations) to
    take the smallest, and making each Step (chain texts, links) was ~90% of the finder on ER 8.5-9.3 paths. The
    sizes of a slug's conclusions are found (one kernel call) only when the path first reads one of their keys:
    a path takes the contradictions where there are any (then the verities' sizes were wasted) and reads no key
    of a slug with one conclusion."""
    run = Run(state, dynamic)
    if not run.graph.nnormal:
        return
    run.scan()
    family = "net" if dynamic else "chain"
    found = [(f"forcing-{family}-contradiction", p ^ 1, K.K_CONTRA, p)
             for p in np.flatnonzero(run.contra[0] != K.T_NONE).tolist()]
    kind, src, _ = run.best
    for slot in np.flatnonzero(kind != K.K_NONE).tolist():
        k, f = int(kind[slot]), int(src[slot])
        found.append((f"forcing-{family}-{'contradiction' if k == K.K_CONTRA else 'verity'}", slot, k, f))
    groups: dict[str, _Sized] = {}
    pending = []  # every group complete before any key can be read
    for entry in found:
        group = groups.get(entry[0])
        if group is None:
            group = groups[entry[0]] = _Sized(run)
        pending.append(_NetPending(entry[0], group, group.add(entry), (run, *entry[1:])))
    yield from pending


class _Sized:
    """The conclusions of one slug of a run, sized together on first demand (_static_sizes / _dynamic_sizes)."""

    def __init__(self, run: Run):
        self.run, self.found, self.sizes = run, [], None

    def add(self, entry: tuple) -> int:
        """Add a (slug, slot, kind, src) conclusion; its index."""
        self.found.append(entry)
        return len(self.found) - 1

    def size(self, i: int) -> tuple[int, int]:
        """Conclusion i's (pattern cells, -eliminations)."""
        if self.sizes is None:
            run = self.run
            self.sizes = (_dynamic_sizes if run.dynamic else _static_sizes)(run, self.found)
        return self.sizes[i]


class _NetPending:
    """A forcing chain or net conclusion before its Step (path._Found): key its size, make() its Step, lean()
    the Step without explanation, pattern and links; _args (run, slot, kind, src) as _step takes them."""

    __slots__ = ("slug", "_group", "_i", "_args")

    def __init__(self, slug: str, group: _Sized, i: int, args: tuple):
        self.slug, self._group, self._i, self._args = slug, group, i, args

    @property
    def key(self) -> tuple[int, int]:
        """(len(step.cells), -len(step.eliminations)) of the Step."""
        return self._group.size(self._i)

    def make(self):
        """The Step."""
        return _step(*self._args)

    def lean(self):
        """The Step with only slug, score, eliminations and placements."""
        run, slot, kind, src = self._args
        node = slot // 2
        cell, digit = run.graph.cell[node], run.graph.digit[node]
        placed = not src & 1 if kind == K.K_CONTRA else bool(slot & 1)
        return step(self.slug, "", eliminations=() if placed else ((cell, digit),),
                    placements=((cell, digit),) if placed else ())


def _entries(run: Run, found) -> tuple:
    """The sizes kernels' input of (slug, slot, kind, src) conclusions: the distinct premises, per conclusion its
    entries (c_ptr), per entry its premise's row and its targets (t_ptr, targets); and per conclusion whether it
    places."""
    rows: dict[int, int] = {}  # premise -> its row
    c_ptr, entry_rows, t_ptr, targets, placed = [0], [], [0], [], []
    for _, slot, kind, src in found:
        premises, tgts, _ = _premises_and_targets(run, slot, kind, src)
        for p, ts in zip(premises, tgts):
            entry_rows.append(rows.setdefault(p, len(rows)))
            targets += ts
            t_ptr.append(len(targets))
        c_ptr.append(len(entry_rows))
        placed.append(not src & 1 if kind == K.K_CONTRA else bool(slot & 1))
    i64 = np.int64
    arrays = (np.array(list(rows), i64), np.array(c_ptr, i64), np.array(entry_rows, i64), np.array(t_ptr, i64),
              np.array(targets, i64))
    return arrays, placed


def _static_sizes(run: Run, found) -> list[tuple[int, int]]:
    """_size of every (slug, slot, kind, src) of a forcing chain run, in one kernel call (kernels/nets.static_sizes:
    one BFS per distinct premise, the chains walked and their cells counted in numba)."""
    g = run.graph
    arrays, placed = _entries(run, found)
    out = np.zeros(len(found), np.int64)
    term, dist, _, queue = run.scratch[:4]
    K.static_sizes(*arrays, (g.ptr, g.idx), (g.cell_arr, g.g_ptr, g.g_idx, g.nnormal),
                   (term, dist, queue, np.zeros(run.state.houses.ncells, np.int64)),
                   np.empty((max(1, len(arrays[0])), len(g.ptr) - 1), np.int64), out)
    return [(cells, 0 if p else -1) for cells, p in zip(out.tolist(), placed)]


def _dynamic_sizes(run: Run, found) -> list[tuple[int, int]]:
    """_size of every (slug, slot, kind, src) of a forcing net run, in one kernel call (kernels/nets.dynamic_sizes)."""
    g = run.graph
    arrays, placed = _entries(run, found)
    out = np.zeros(len(found), np.int64)
    npot = 2 * len(g.digit)
    K.dynamic_sizes(*arrays, run.state.n, run.cand, run.hdone, run.geo, g.cand_node, run.node_cell, run.node_digit,
                    run.scratch[4:12], (np.zeros(run.state.houses.ncells, np.int64), np.zeros(npot, np.int64),
                                        np.zeros(npot, np.int64)), out)
    return [(cells, 0 if p else -1) for cells, p in zip(out.tolist(), placed)]


def _size(run: Run, slot: int, kind: int, src: int) -> tuple[int, int]:
    """(len(step.cells), -len(step.eliminations)) of the step _step would make (the sizes kernels' plain
    reading)."""
    g = run.graph
    premises, targets, _ = _premises_and_targets(run, slot, kind, src)
    nodes = set()  # the nodes of every ancestor (run.ancestors' sets, walked here straight into one set of nodes)
    for p, ts in zip(premises, targets):
        if run.dynamic:
            seen, _, par_ptr, par_idx = run.replay(p)
            done, todo = set(), list(ts)
            while todo:
                x = todo.pop()
                if x not in done:
                    done.add(x)
                    r = seen[x]
                    todo.extend(par_idx[par_ptr[r]:par_ptr[r + 1]])
            nodes.update(x >> 1 for x in done)
            continue
        parent = run.replay(p)[1]
        for x in ts:
            nodes.add(x >> 1)
            while x != p:
                x = parent[x]
                nodes.add(x >> 1)
    cells = 0
    for node in nodes:
        cells |= g.cells[node]
    placed = not src & 1 if kind == K.K_CONTRA else bool(slot & 1)
    return cells.bit_count(), 0 if placed else -1


def _premises_and_targets(run: Run, slot: int, kind: int, src: int):
    """(premises, per premise the potentials to explain, where it happens) of a conclusion."""
    g, state, n = run.graph, run.state, run.state.n
    if kind == K.K_CONTRA:
        t, w = int(run.contra[0][src]), int(run.contra[1][src])
        if t == K.T_BOTH:
            return [src], [[2 * w + 1, 2 * w]], g.node_text(w)
        if t == K.T_CELL:
            return [src], [[2 * int(g.cand_node[w * n + b]) for b in bits(state.cand[w])]], cell_name(w, n)
        h, d = divmod(w, n)
        cells = [c for c in state.houses.cells[h] if state.cand[c] >> d & 1]
        return [src], [[2 * int(g.cand_node[c * n + d]) for c in cells]], state.houses.name(h)
    if kind == K.K_PAIR:
        premises = [2 * src + 1, 2 * src]
    elif kind == K.K_CELL:
        premises = [2 * int(g.cand_node[src * n + b]) + 1 for b in bits(state.cand[src])]
    else:
        h, d = divmod(src, n)
        premises = [2 * int(g.cand_node[c * n + d]) + 1 for c in state.houses.cells[h] if state.cand[c] >> d & 1]
    return premises, [[slot] for _ in premises], ""


def _chain_text(run: Run, pots: list[int]) -> str:
    """A forcing chain as HoDoKu prints it (r1c2=5 r4c2<>5 ...): its ends and the on-potentials between them."""
    nn = run.graph.nnormal
    keep = [p for i, p in enumerate(pots) if i in (0, len(pots) - 1) or p & 1 or p // 2 >= nn]
    return " ".join(run.name(p // 2).format("=" if p & 1 else "<>") for p in keep)


def _step(run: Run, slot: int, kind: int, src: int):
    """The step proving one conclusion."""
    g, n = run.graph, run.state.n
    premises, targets, where = _premises_and_targets(run, slot, kind, src)
    node = slot // 2
    cell, digit = g.cell[node], g.digit[node]
    if kind == K.K_CONTRA:
        placed = not src & 1
    else:
        placed = bool(slot & 1)
    elims = () if placed else ((cell, digit),)
    places = ((cell, digit),) if placed else ()
    chains, nodes, links = [], set(), []
    for p, ts in zip(premises, targets):
        for q in ts:
            pots = run.chain(p, q)
            chains.append(_chain_text(run, pots))
            nodes.update(run.ancestors(p, q) if run.dynamic else pots)  # (a chain's ancestors are its potentials)
            links += [(u, v) for u, v in zip(pots, pots[1:])]
    family = "net" if run.dynamic else "chain"
    slug = f"forcing-{family}-{'contradiction' if kind == K.K_CONTRA else 'verity'}"
    t = BY_SLUG[slug]
    head = f"{t.name} in {where}" if where else t.name
    text = f"{head} => {outcome_text(elims, places, n)} ({'; '.join(chains)})"
    pattern = sorted({(c, g.digit[node]) for node in {pot // 2 for pot in nodes} for c in bits(g.cells[node])})
    cells = list(dict.fromkeys(c for c, _ in pattern))
    links = tuple(Link(run.first(u // 2), g.digit[u // 2], run.first(v // 2), g.digit[v // 2], bool(v & 1))
                  for u, v in dict.fromkeys(links))
    return step(slug, text, digits=(digit,), cells=cells, eliminations=elims, placements=places,
                se=t.se + length_tenths(len(nodes)) / 10, pattern=pattern, links=links)
