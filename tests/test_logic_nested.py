"""SE's nested chains' own searches (kernels/dynamic.py `_inner_loops`, `_inner_multiple`): the fast kernels give
the hint lists of a plain driver of the first implementation (one static graph per mode, a cycle and a forcing
search from every potential, static runs made link by link), hint by hint: rating, complexity, sort key,
removables and rule parents, in the same order."""

from __future__ import annotations

import numpy as np

from conftest import random_puzzle
from sudokit.geometry import box_geometry
from sudokit.kernels import dynamic as D
from sudokit.kernels.links import (CELL, _back, _closure, _cycle_removable, ancestors, cycles,
                                   forcing as forcing_search, forcing_sets, length_tenths, place_counts, static_graph,
                                   static_graph_xy)
from sudokit.logic import forcing
from sudokit.logic.candidates import Candidates
from sudokit.sudoku.variants import diagonals, offset_pairs

G9 = box_geometry(3, 3)


def _digits(m: int, n: int) -> list[int]:
    return [v for v in range(n) if m >> v & 1]


def _hints(inner) -> list:
    """The nested hints of the last search: (tenths, complexity, key, removables, rule parents) in order."""
    hk, hrem_ptr, hrem, hpar_ptr, hpar, hcount = inner[2], inner[3], inner[4], inner[5], inner[6], inner[7]
    return [(hk[h, :3].tolist(), hrem[hrem_ptr[h]:hrem_ptr[h + 1]].tolist(), hpar[hpar_ptr[h]:hpar_ptr[h + 1]].tolist())
            for h in range(hcount[0])]


def _start(inner) -> None:
    inner[7][:2] = 0  # (inner[7][D.GRAPH_FLAG] kept)


def _ref_loops(n, source, grid, geo, inner) -> None:
    """The first _inner_loops: static_graph per mode, cycles and forcing from every potential, unpruned."""
    st2, sc2 = inner[0], inner[1]
    adj_ptr, adj, adj_cause, found, tmpelim = inner[8], inner[9], inner[10], inner[11], inner[12]
    hpar_ptr = inner[5]
    for mode in range(3):
        y, x = mode >= 1, mode != 1
        key = 2 if mode == 0 else (3 if mode == 1 else 4)
        cyc_base = 70 if mode == 2 else 65
        chain_base = 70 if mode == 2 else 66
        static_graph(y, x, n, grid, geo, sc2, adj_ptr, adj, adj_cause)
        for cell in range(grid.shape[0]):
            m = int(grid[cell])
            card = bin(m).count("1")
            if card < 2 or (not x and card > 2):
                continue
            for d in _digits(m, n):
                on = (cell * n + d) * 2 + 1
                nf = cycles(0, on, adj_ptr, adj, adj_cause, st2, sc2, found)
                for i in range(max(nf, 0)):
                    k = _cycle_removable(0, found[i], n, grid, geo, st2, sc2, tmpelim)
                    if k == 0:
                        continue
                    c = ancestors(0, found[i], st2, sc2)
                    h = D._new_hint(inner, cyc_base + length_tenths(c), c, key)
                    for j in range(k):
                        D._add_removable(inner, h, (tmpelim[j, 0] * n + tmpelim[j, 1] - 1) * 2)
                    D._rule_parents(inner, h, 0, found[i], -1, True, n, source, grid, geo)
                    if hpar_ptr[h + 1] > hpar_ptr[h]:
                        D._commit(inner, h)
                if not x:
                    continue
                for src in (on, on - 1):
                    t = forcing_search(1, src, adj_ptr, adj, adj_cause, st2, sc2)
                    if t < 0:
                        continue
                    c = ancestors(1, t, st2, sc2)
                    h = D._new_hint(inner, chain_base + length_tenths(c), c, key)
                    if not D._target_removables(inner, h, st2[0][1, t], n, grid):
                        continue
                    D._rule_parents(inner, h, 1, t, -1, False, n, source, grid, geo)
                    if hpar_ptr[h + 1] > hpar_ptr[h]:
                        D._commit(inner, h)


def _ref_common(inner, slots, first, roots, key, base, n, source, grid, geo) -> None:
    """The hints of potentials every run of `slots` holds (first run's records in order, on ones first)."""
    st_pid, nrec, pmap = inner[0][0], inner[0][4], inner[0][6]
    for want in (1, 0):
        for r in range(nrec[first]):
            pid = int(st_pid[first, r])
            if pid & 1 != want or pmap[first, pid] != r or any(pmap[s, pid] < 0 for s in slots):
                continue
            total = sum(ancestors(s, pmap[s, pid], inner[0], inner[1]) for s in slots)
            h = D._new_hint(inner, base + length_tenths(total), total, key)
            if not D._target_removables(inner, h, pid, n, grid):
                continue
            for s in slots:
                D._rule_parents(inner, h, s, pmap[s, pid], roots, False, n, source, grid, geo)
            if inner[5][h + 1] > inner[5][h]:
                D._commit(inner, h)


def _ref_regions(dynamic, level, base, cell, d, n, source, grid, geo, inner) -> None:
    """The region chains from (cell, d), its run in slot d: in each house where cell is the digit's first place,
    every other place's run made again into slots n + 1... and the common potentials offered."""
    st2, sc2 = inner[0], inner[1]
    cell_units, unit_cells = geo[0], geo[1]
    for u in cell_units[cell]:
        if u < 0:
            break
        places = [int(c) for c in unit_cells[u] if int(grid[c]) >> d & 1]
        if len(places) < 2 or places[0] != cell:
            continue
        slots = [d]
        for c in places[1:]:
            D.propagate_inner(n + len(slots), (c * n + d) * 2 + 1, dynamic, True, n, grid, geo, st2, sc2, level)
            slots.append(n + len(slots))
        _ref_common(inner, slots, d, int(u), 6, base, n, source, grid, geo)


def _ref_multiple(n, source, grid, geo, inner) -> None:
    """The first static _inner_multiple: every run made link by link (propagate_inner), every house's places
    run again."""
    st2, sc2 = inner[0], inner[1]
    for cell in range(grid.shape[0]):
        m = int(grid[cell])
        vals = _digits(m, n)
        if len(vals) <= 2:
            continue
        for d in vals:
            D.propagate_inner(d, (cell * n + d) * 2 + 1, False, True, n, grid, geo, st2, sc2, 0)
            _ref_regions(False, 0, 80, cell, d, n, source, grid, geo, inner)
        _ref_common(inner, vals, vals[0], CELL, 5, 80, n, source, grid, geo)


def _ref_dynamic(level, n, source, grid, geo, inner) -> None:
    """The first dynamic _inner_multiple: every run made again where it is used (the on run of each digit into
    its slot, the off run into slot n, each place's run of a house into n + 1...)."""
    st2, sc2 = inner[0], inner[1]
    st_pid, nrec, pmap, result = st2[0], st2[4], st2[6], sc2[8]
    base = 85 + 5 * level
    for cell in range(grid.shape[0]):
        m = int(grid[cell])
        vals = _digits(m, n)
        if len(vals) < 2:
            continue
        for d in vals:
            on = (cell * n + d) * 2 + 1
            D.propagate_inner(d, on, True, True, n, grid, geo, st2, sc2, level)
            if result[0] >= 0:
                D._binary(inner, d, result[0], d, result[1], on - 1, base, 7, n, source, grid, geo)
            D.propagate_inner(n, on - 1, True, True, n, grid, geo, st2, sc2, level)
            if result[0] >= 0:
                D._binary(inner, n, result[0], n, result[1], on, base, 7, n, source, grid, geo)
            if len(vals) >= 3:
                for want in (1, 0):
                    for r in range(nrec[d]):
                        pid = int(st_pid[d, r])
                        if pid & 1 == want and pmap[d, pid] == r and pmap[n, pid] >= 0:
                            D._binary(inner, d, r, n, pmap[n, pid], pid, base, 1, n, source, grid, geo)
            _ref_regions(True, level, base, cell, d, n, source, grid, geo, inner)
        _ref_common(inner, vals, vals[0], CELL, 5, base, n, source, grid, geo)


def _few_cache_slots(inner, k: int):
    """inner with only k on-run cache slots (the rest of the runs fall back to the working slots)."""
    cslot, cres, count = inner[D.ON_RUNS]
    cslot[:] = -1
    count[0] = 0
    keep = 2 * 9 + 1 + k
    return (tuple(a[:keep] for a in inner[0]), *inner[1:D.ON_RUNS], (cslot, cres[:keep], count),
            *inner[D.ON_RUNS + 1:])


def _narrowed(seed: int, keep: float, count: int):
    """(source, narrowed grid) pairs: a random state and the grids dynamic runs from some of its potentials leave."""
    st = Candidates.from_grid(random_puzzle(np.random.default_rng(seed), G9, keep), G9)
    n, cand, geo, S = 9, np.array(st.cand, np.uint64), forcing.tables(st.houses), forcing.stores(st.houses)
    starts = [(c * n + d) * 2 + 1 for c in range(81) for d in range(n) if int(cand[c]) >> d & 1]
    out = []
    for start in starts[::max(1, len(starts) // count)][:count]:
        D.propagate(0, start, True, True, n, cand, geo, S.st, S.sc)
        if S.sc[8][0] < 0:
            out.append((st.houses, cand, S.sc[0].copy()))
    return out


def test_inner_searches_match_the_plain_driver():
    """_inner_loops (one graph, closures) and static _inner_multiple (runs over the graph) against the plain
    driver of the first implementation, on narrowed grids of random states: the same hints in the same order."""
    seen = {"loops": 0, "multiple": 0}
    for seed, keep in ((5, 0.3), (6, 0.35), (7, 0.3)):
        for houses, source, grid in _narrowed(seed, keep, 12):
            geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
            for name, fast, ref in (("loops", D._inner_loops, _ref_loops),
                                    ("multiple", lambda *a: D._inner_multiple(False, 0, *a), _ref_multiple)):
                _start(inner)
                ref(9, source, grid, geo, inner)
                want = _hints(inner)
                for need in (1, 0):  # need 0: _inner_loops may end at _bits_no_search, before the static graph
                    inner[7][D.GRAPH_FLAG] = need
                    _start(inner)
                    fast(9, source, grid, geo, inner)
                    inner[7][D.GRAPH_FLAG] = 1
                    assert _hints(inner) == want
                seen[name] += len(want)
    assert seen["loops"] > 20 and seen["multiple"] > 5, seen


def test_inner_multiple_on_run_cache_matches_the_plain_driver():
    """Each on run made once per search (_inner_on_run): dynamic nested multiple chains (level 4's search, at
    nesting levels 0 and 1) give the hints of the plain driver that makes every run where it is used, and so do
    static and dynamic ones when the cache has only 3 slots (the other runs fall back to the working slots)."""
    seen = 0
    for seed, keep in ((5, 0.3), (8, 0.35)):
        for houses, source, grid in _narrowed(seed, keep, 4):
            geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
            for level in (0, 1):
                _start(inner)
                _ref_dynamic(level, 9, source, grid, geo, inner)
                want = _hints(inner)
                for fast in (inner, _few_cache_slots(inner, 3)):
                    _start(inner)
                    D._inner_multiple(True, level, 9, source, grid, geo, fast)
                    assert _hints(inner) == want
                seen += len(want)
            _start(inner)
            _ref_multiple(9, source, grid, geo, inner)
            want = _hints(inner)
            _start(inner)
            D._inner_multiple(False, 0, 9, source, grid, geo, _few_cache_slots(inner, 3))
            assert _hints(inner) == want
            _few_cache_slots(inner, 0)  # the full inner again from an empty cache
    assert seen > 20, seen


def _thinned(rng, geometry, keep: float, count: int):
    """Candidate grids of random states of a geometry, some candidates dropped at random (bivalue cells, two-place
    houses and singles of every kind), each cell keeping one at least."""
    out = []
    for _ in range(count):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        cand = np.array(st.cand, np.uint64)
        for c in range(len(cand)):
            digits = _digits(int(cand[c]), geometry.n)
            drop = [d for d in digits[1:] if rng.random() < 0.3]
            cand[c] = np.uint64(int(cand[c]) & ~sum(1 << d for d in drop))
        out.append((st.houses, cand))
    return out


GEOMETRIES = (G9, box_geometry(2, 3), G9.with_constraints(units=diagonals(9), pairs=offset_pairs(9, ((1, 2), (2, 1)))))


def test_static_graph_xy_is_static_graph():
    """static_graph_xy (peers in link order per geometry, house place counts) makes static_graph(True, True)'s
    edges, causes and order, with extra houses and extra difference pairs too."""
    rng = np.random.default_rng(11)
    for geometry in GEOMETRIES:
        for houses, cand in _thinned(rng, geometry, 0.3, 4):
            n, npid = houses.n, 2 * houses.ncells * houses.n
            geo, inner, sc = forcing.tables(houses), forcing.inner_stores(houses), forcing.stores(houses).sc
            want = [np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                    np.zeros(npid * (4 * n + 8), np.int64)]
            got = [np.zeros_like(a) for a in want]
            static_graph(True, True, n, cand, geo, sc, *want)
            static_graph_xy(n, cand, geo, inner[D.LOOPS_ORDER], *got)
            k = want[0][npid]
            assert k > 0 and got[0].tolist() == want[0].tolist()
            assert got[1][:k].tolist() == want[1][:k].tolist() and got[2][:k].tolist() == want[2][:k].tolist()


def test_closure_is_reachability():
    """_closure: _back(a, b) says whether a reaches b (a path of one edge or more, or a == b) and a potential's
    component has other members exactly when it lies on a cycle, against a search from every potential."""
    rng = np.random.default_rng(12)
    for geometry in (G9, box_geometry(2, 3)):
        for houses, cand in _thinned(rng, geometry, 0.35, 3):
            n, npid = houses.n, 2 * houses.ncells * houses.n
            geo, sc = forcing.tables(houses), forcing.stores(houses).sc
            ptr, adj, cause = (np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                               np.zeros(npid * (4 * n + 8), np.int64))
            static_graph(True, True, n, cand, geo, sc, ptr, adj, cause)
            tj, reach = np.zeros((8, npid + 1), np.int64), np.zeros((npid, (npid + 63) // 64), np.uint64)
            _closure(n, cand, ptr, adj, tj, reach)
            present = [p for p in range(npid) if int(cand[p // 2 // n]) >> (p // 2 % n) & 1]
            for a in present:
                seen, todo = set(), [a]
                while todo:
                    for e in adj[ptr[todo[-1]]:ptr[todo.pop() + 1]].tolist():
                        if e not in seen:
                            seen.add(e)
                            todo.append(e)
                assert (tj[2, tj[1, a]] > 1) == (a in seen)
                seen.add(a)
                assert [b for b in present if _back(a, b, tj, reach)] == [b for b in present if b in seen]


def test_mode_ranges_are_the_graphs_of_each_mode():
    """_inner_loops' mode graphs as ranges of the full graph's lists (_cell_ends, _mode_ranges, read by
    cycles/forcing through adj_end) hold the links, causes and order static_graph(y, x) makes for each mode, for
    every potential of the grid (the searches reach no other)."""
    rng = np.random.default_rng(15)
    grids = [(h, c) for g in GEOMETRIES for h, c in _thinned(rng, g, 0.3, 2)]
    for houses, cand in grids:
        n, npid = houses.n, 2 * houses.ncells * houses.n
        geo, inner, sc = forcing.tables(houses), forcing.inner_stores(houses), forcing.stores(houses).sc
        ptr, adj, cause = inner[8], inner[9], inner[10]
        static_graph_xy(n, cand, geo, inner[D.LOOPS_ORDER], ptr, adj, cause)
        ranges = np.zeros((2, npid), np.int64)
        D._cell_ends(n, cand, ptr, cause, ranges)
        for mode, (y, x) in enumerate(((False, True), (True, False), (True, True))):
            g = [np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                 np.zeros(npid * (4 * n + 8), np.int64)]
            static_graph(y, x, n, cand, geo, sc, *g)
            lo, hi = D._mode_ranges(mode, ptr, cause, ranges)
            assert g[0][npid] > 0
            for p in range(npid):
                if not int(cand[p // 2 // n]) >> (p // 2 % n) & 1:
                    continue
                assert adj[lo[p]:hi[p]].tolist() == g[1][g[0][p]:g[0][p + 1]].tolist(), (mode, p)
                assert cause[lo[p]:hi[p]].tolist() == g[2][g[0][p]:g[0][p + 1]].tolist(), (mode, p)


def _cycle_grids(seed):
    """Thinned grids of every geometry and narrowed ones (extra houses and pairs), each with its run tables:
    (n, npid, cand, geo, inner, sc)."""
    rng = np.random.default_rng(seed)
    grids = [(h, c) for g in GEOMETRIES for h, c in _thinned(rng, g, 0.3, 3)]
    grids += [(h, grid) for s in (5, 6) for h, _, grid in _narrowed(s, 0.3, 4)]
    for houses, cand in grids:
        yield (houses.n, 2 * houses.ncells * houses.n, cand, forcing.tables(houses), forcing.inner_stores(houses),
               forcing.stores(houses).sc)


def test_may_remove_keeps_every_cycle_with_removables():
    """_may_remove (the cycle-search certificate of _inner_loops) says True for every on potential from which a
    cycle search of any mode's graph (unpruned) finds a cycle with candidates to remove, with extra houses and
    extra difference pairs too; and it does skip searches."""
    kept = skipped = 0
    for n, npid, cand, geo, inner, sc in _cycle_grids(13):
        st2, sc2, found, tmpelim = inner[0], inner[1], inner[11], inner[12]
        kids = inner[D.LOOPS_WORK][0]
        full = [np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                np.zeros(npid * (4 * n + 8), np.int64)]
        static_graph(True, True, n, cand, geo, sc, *full)
        nn = 2 * sum(bin(int(m)).count("1") for m in cand)
        tj, reach = np.zeros((8, npid + 1), np.int64), np.zeros((nn, (nn + 63) // 64), np.uint64)
        nc = _closure(n, cand, full[0], full[1], tj, reach)
        D._cycle_sides(n, cand, full[0], full[1], tj, nc, kids, reach.shape[1])
        graphs = []
        for y, x in ((False, True), (True, False), (True, True)):
            g = [np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                 np.zeros(npid * (4 * n + 8), np.int64)]
            static_graph(y, x, n, cand, geo, sc, *g)
            graphs.append(g)
        for on in range(1, npid, 2):
            if not int(cand[on // 2 // n]) >> (on // 2 % n) & 1:
                continue
            removes = False
            for g in graphs:
                nf = cycles(0, on, *g, st2, sc2, found)
                assert nf >= 0
                removes |= any(_cycle_removable(0, found[i], n, cand, geo, st2, sc2, tmpelim) > 0 for i in range(nf))
            may = D._may_remove(on, tj, kids, reach.shape[1])
            assert may or not removes, on
            kept += removes
            skipped += not may
    assert kept > 100 and skipped > 1000, (kept, skipped)


def test_cycle_may_is_true_for_every_cycle_with_removables():
    """_cycle_may (_inner_loops' bit-set pre-test before _cycle_removable) is True for every cycle found (every
    mode's graph, unpruned) that has candidates to remove, with extra houses and extra difference pairs too; and it
    does skip cycles."""
    kept = skipped = 0
    for n, npid, cand, geo, inner, sc in _cycle_grids(16):
        st2, sc2, found, tmpelim = inner[0], inner[1], inner[11], inner[12]
        order = inner[D.LOOPS_ORDER]
        place_counts(n, cand, order)
        buf = np.zeros(3 * order[4].shape[1], np.uint64)
        for y, x in ((False, True), (True, False), (True, True)):
            g = [np.zeros(npid + 1, np.int64), np.zeros(npid * (4 * n + 8), np.int64),
                 np.zeros(npid * (4 * n + 8), np.int64)]
            static_graph(y, x, n, cand, geo, sc, *g)
            for on in range(1, npid, 2):
                if not int(cand[on // 2 // n]) >> (on // 2 % n) & 1:
                    continue
                nf = cycles(0, on, *g, st2, sc2, found)
                assert nf >= 0
                for i in range(nf):
                    may = D._cycle_may(0, found[i], n, st2[0], st2[1], st2[2], st2[3], geo[0], geo[2], geo[3],
                                       order[8], order[4], buf)
                    removes = _cycle_removable(0, found[i], n, cand, geo, st2, sc2, tmpelim) > 0
                    assert may or not removes, (on, i)
                    kept += removes
                    skipped += not may
    assert kept > 500 and skipped > 50, (kept, skipped)


def test_no_search_certifies_only_grids_without_searches():
    """_no_search (_inner_loops' certificate over the strong offs) is True only on grids where _loops_todo lists no
    search (every geometry, extra houses and pairs; thinned, sparse and narrowed grids), and it is True on most of
    those, strong links or not."""
    rng = np.random.default_rng(14)
    none = certified = strong = 0
    grids = [(h, c) for g in GEOMETRIES for h, c in _thinned(rng, g, 0.3, 3)]
    for geometry in GEOMETRIES:
        for keep in (0.2, 0.25):
            for _ in range(4):
                st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
                grids.append((st.houses, np.array(st.cand, np.uint64)))
    grids += [(h, grid) for seed in (5, 6, 7) for h, _, grid in _narrowed(seed, 0.2, 6)]
    for houses, cand in grids:
        n, npid = houses.n, 2 * houses.ncells * houses.n
        geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
        kids, todo = inner[D.LOOPS_WORK][:2]
        ptr, adj, cause = inner[8], inner[9], inner[10]
        static_graph_xy(n, cand, geo, inner[D.LOOPS_ORDER], ptr, adj, cause)
        nn = 2 * sum(bin(int(m)).count("1") for m in cand)
        tj, reach = np.zeros((8, npid + 1), np.int64), np.zeros((nn, (nn + 63) // 64), np.uint64)
        nc = _closure(n, cand, ptr, adj, tj, reach)
        D._cycle_sides(n, cand, ptr, adj, tj, nc, kids, reach.shape[1])
        cert = inner[D.LOOPS_CERT]
        k, _ = D._loops_todo(n, cand, tj, reach, kids, todo, cert[0], cert[7], cert[3], False)
        cert = D._no_search(n, cand, ptr, adj, inner[D.LOOPS_CERT])
        assert k == 0 or not cert
        none += k == 0
        certified += cert
        strong += cert and any(ptr[p + 1] > ptr[p] for p in range(0, npid, 2))
    assert strong > 3 and 10 * certified >= 8 * none, (strong, certified, none, len(grids))



def test_bits_no_search_is_no_search():
    """_bits_no_search (the certificate from the place bit sets, before the static graph) says what _no_search
    says on the graph (every geometry, extra houses and pairs; thinned, sparse and narrowed grids); the peer runs
    it reads hold no cell itself; a level-2 call leaves the graph flag set."""
    rng = np.random.default_rng(18)
    grids = [(h, c) for g in GEOMETRIES for h, c in _thinned(rng, g, 0.3, 6)]
    for geometry in GEOMETRIES:
        for keep in (0.2, 0.25, 0.3):
            for _ in range(4):
                st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
                grids.append((st.houses, np.array(st.cand, np.uint64)))
    grids += [(h, grid) for seed in (5, 6, 7) for h, _, grid in _narrowed(seed, 0.2, 6)]
    said = {True: 0, False: 0}
    for houses, cand in grids:
        n = houses.n
        geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
        order = inner[D.LOOPS_ORDER]
        seg_ptr, seg_mask = order[5], order[7]
        assert not any(int(seg_mask[s, c >> 6]) >> (c & 63) & 1 for c in range(houses.ncells)
                       for s in range(seg_ptr[c], seg_ptr[c + 1]))
        place_counts(n, cand, order)
        got = D._bits_no_search(n, cand, geo, order, inner[D.MULTI_REACH])
        static_graph_xy(n, cand, geo, order, inner[8], inner[9], inner[10], True)
        want = D._no_search(n, cand, inner[8], inner[9], inner[D.LOOPS_CERT])
        assert got == want
        said[want] += 1
    assert said[True] > 10 and said[False] > 10, said
    houses, cand = grids[0]
    forcing.multiple_of(houses, np.zeros(houses.ncells, np.int64), cand, level=2)
    assert forcing.inner_stores(houses)[7][D.GRAPH_FLAG] == 1


def test_strong_sets_answer_reach_queries():
    """When _bits_no_search lets a grid through with its sets over the strong offs made (_bits_sets; _cert_sets
    makes the same from _no_search's graph S), they answer _inner_loops' reach queries exactly: _loops_todo(strong
    =True) lists the searches the closure's reach sets list, links.forcing_sets filtered by them (_s_targets) finds
    the chain the closure-filtered and the unfiltered searches find, from every potential, and _t_components
    gives Tarjan's components (links._closure) (every geometry, extra houses and pairs)."""
    rng = np.random.default_rng(16)
    grids = [(h, c) for g in GEOMETRIES for h, c in _thinned(rng, g, 0.3, 4)]
    grids += [(h, grid) for seed in (5, 6) for h, _, grid in _narrowed(seed, 0.2, 6)]
    checked = chains = 0
    for houses, cand in grids:
        n, npid = houses.n, 2 * houses.ncells * houses.n
        geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
        kids, todo = inner[D.LOOPS_WORK][:2]
        st2, sc2, cert = inner[0], inner[1], inner[D.LOOPS_CERT]
        ptr, adj, cause = inner[8], inner[9], inner[10]
        order = inner[D.LOOPS_ORDER]
        place_counts(n, cand, order)
        if D._bits_no_search(n, cand, geo, order, inner[D.MULTI_REACH]):
            continue
        static_graph_xy(n, cand, geo, order, ptr, adj, cause, True)
        sidx = cert[0]
        m, am, pr, rr = D._bits_sets(n, cand, order, inner[D.MULTI_REACH], sidx)
        if m < 0:
            continue
        sets = (sidx.copy(), am.copy(), pr[:m].copy(), rr[1:, :m].copy())
        assert not D._no_search(n, cand, ptr, adj, cert)
        m2, am2, pr2, rr2 = D._cert_sets(n, cand, ptr, adj, cert, inner[D.MULTI_REACH])
        assert m2 == m and np.array_equal(pr2[:m], sets[2]) and np.array_equal(rr2[1:, :m], sets[3])
        for ci in range(houses.ncells * n):
            if int(cand[ci // n]) >> (ci % n) & 1:
                assert sidx[2 * ci] == sets[0][2 * ci] and am2[ci] == sets[1][ci]
        nn = 2 * sum(bin(int(m)).count("1") for m in cand)
        tj, reach = np.zeros((8, npid + 1), np.int64), np.zeros((nn, (nn + 63) // 64), np.uint64)
        nc = _closure(n, cand, ptr, adj, tj, reach)
        tj2 = np.zeros_like(tj)
        nc2 = D._t_components(m, n, cand, sidx, am2, rr2, tj2)
        label = {}
        for p in range(npid):
            if not int(cand[p // 2 // n]) >> (p // 2 % n) & 1:
                continue
            assert tj2[0, p] == tj[0, p] and 0 <= tj2[1, p] < nc2
            big = tj[2, tj[1, p]] > 1
            assert (tj2[2, tj2[1, p]] > 1) == big, p
            if big:
                assert label.setdefault(tj[1, p], tj2[1, p]) == tj2[1, p]
                assert tj2[2, tj2[1, p]] == tj[2, tj[1, p]]
        assert len(set(label.values())) == len(label)
        D._cycle_sides(n, cand, ptr, adj, tj, nc, kids, reach.shape[1])
        k, modes = D._loops_todo(n, cand, tj, reach, kids, todo, sidx, am2, rr2, False)
        want = todo[:k].tolist()
        assert D._loops_todo(n, cand, tj, reach, kids, todo, sidx, am2, rr2, True) == (k, modes)
        assert todo[:k].tolist() == want
        checked += 1
        for src in range(npid):
            if not int(cand[src // 2 // n]) >> (src // 2 % n) & 1 or ptr[src + 1] == ptr[src]:
                continue
            got = []
            for how in range(3):
                if how == 0:
                    t = forcing_search(1, src, ptr, adj, cause, st2, sc2)
                elif how == 1:
                    t = forcing_search(1, src, ptr, adj, cause, st2, sc2, 1 << 30, tj, reach)
                else:
                    D._s_targets(src, ptr, adj, sidx, am2, pr2, rr2, cert[8], cert[10])
                    t = forcing_sets(1, src, ptr, adj, cause, ptr[1:], st2[0], st2[1], st2[2], st2[3], st2[4],
                                     st2[5], st2[6], st2[7], st2[8], st2[10], sc2[1], sc2[2], sc2[7], sc2[17], sidx,
                                     rr2, am2, cert[8], cert[10])
                got.append((int(st2[0][1, t]), ancestors(1, t, st2, sc2)) if t >= 0 else t)
            assert got[0] == got[1] == got[2], (src, got)
            chains += got[0] != -1
    assert checked > 5 and chains > 20, (checked, chains)

def test_static_multiple_skips_only_groups_without_chains():
    """Static _inner_multiple makes a group's runs only when its members' reach sets meet (_static_multiple,
    _meets): on thinned grids of every geometry (many static runs stop at a contradiction) and narrowed grids of
    random states, it gives the plain driver's hints, from fewer runs than the driver starts."""
    seen, contradictions, made, driver = 0, 0, 0, 0
    for houses, source, grid, geo, inner, want in _multiple_cases(13, 4, (9, 0.3, 12)):
        n = houses.n
        _start(inner)
        D._inner_multiple(False, 0, n, source, grid, geo, inner)
        assert _hints(inner) == want
        seen += len(want)
        runs, first = int(inner[D.ON_RUNS][2][0]), 2 * n + 1
        contradictions += int((inner[D.ON_RUNS][1][first:first + runs, 0] >= 0).sum())
        made += runs
        driver += len(_driver_starts(n, grid, houses))
    assert seen > 100 and contradictions > 100 and made < 0.9 * driver, (seen, contradictions, made, driver)


def test_groups_meet_is_the_closures_meets():
    """_groups_meet over _bits_reach's sets (the strong offs' graph, from the bit sets) says whether _meets over the closure's reach
    sets is True for some group _static_multiple searches (a cell of 3+ candidates, a house's places of a digit
    whose first place's cell has 3+), on every geometry (extra houses and pairs; thinned and narrowed grids), and
    both answers occur; it marks the cells whose groups meet (a house group's first place), and when one does,
    _sets_meet over its pset rows answers each group as _meets does."""
    rng = np.random.default_rng(21)
    grids = [(h, c) for g in GEOMETRIES for keep in (0.1, 0.3, 0.45, 0.55) for h, c in _thinned(rng, g, keep, 4)]
    grids += [(h, grid) for seed in (5, 6, 7) for keep in (0.3, 0.45) for h, _, grid in _narrowed(seed, keep, 6)]
    answers, group_meets = [], 0
    for houses, cand in grids:
        n, npid = houses.n, 2 * houses.ncells * houses.n
        geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
        ptr, adj = inner[8], inner[9]
        static_graph_xy(n, cand, geo, inner[D.LOOPS_ORDER], ptr, adj, inner[10])
        nn = 2 * sum(bin(int(m)).count("1") for m in cand)
        tj, reach = np.zeros((8, npid + 1), np.int64), np.zeros((nn, (nn + 63) // 64), np.uint64)
        _closure(n, cand, ptr, adj, tj, reach)
        if not D._bits_reach(n, cand, geo[0], inner[D.LOOPS_ORDER], inner[D.MULTI_CERT]):
            continue
        groups = [[c * n + d for d in _digits(int(cand[c]), n)] for c in range(houses.ncells)
                  if bin(int(cand[c])).count("1") > 2]
        for u in range(len(houses.cells)):
            for d in range(n):
                places = [c * n + d for c in houses.cells[u] if int(cand[c]) >> d & 1]
                if len(places) >= 2 and bin(int(cand[places[0] // n])).count("1") > 2:
                    groups.append(places)
        meets = [D._meets(reach, np.array([tj[1, 2 * ci + 1] for ci in g], np.int64), len(g), reach.shape[1])
                 for g in groups]
        mark = np.zeros(houses.ncells, np.bool_)
        order = inner[D.LOOPS_ORDER]
        got = D._groups_meet(n, cand, geo[1], order[3], order[8], order[4], inner[D.MULTI_CERT], mark)
        assert got == any(meets)
        assert set(np.nonzero(mark)[0]) == {g[0] // n for g, m in zip(groups, meets) if m}
        answers.append(got)
        if got:  # pset is whole then: _static_multiple's scan reads it, group by group (_sets_meet)
            pset, w2 = inner[D.MULTI_CERT][10], int(inner[D.MULTI_CERT][9][3])
            comps = np.zeros(n, np.int64)
            for g, m in zip(groups, meets):
                ons = np.array([2 * ci + 1 for ci in g], np.int64)
                assert D._sets_meet(True, pset, reach, tj, ons, comps, len(g), w2) == m
                assert D._sets_meet(False, pset, reach, tj, ons, comps, len(g), reach.shape[1]) == m
                group_meets += m
    assert len(answers) > 40 and 10 < sum(answers) <= len(answers) - 3, (len(answers), sum(answers))
    assert group_meets > 20, group_meets


def _multiple_cases(seed: int, per_geometry: int, narrowed: tuple):
    """(houses, source, grid, geo, inner, the plain driver's static multiple chain hints) on thinned grids of every
    geometry (source: every candidate) and narrowed grids of random states (_narrowed(*narrowed))."""
    rng = np.random.default_rng(seed)
    cases = [(h, np.full(h.ncells, (1 << h.n) - 1, np.uint64), g) for geometry in GEOMETRIES
             for h, g in _thinned(rng, geometry, 0.3, per_geometry)]
    for houses, source, grid in cases + _narrowed(*narrowed):
        geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
        _start(inner)
        _ref_multiple(houses.n, source, grid, geo, inner)
        yield houses, source, grid, geo, inner, _hints(inner)


def _driver_starts(n, grid, houses) -> set:
    """The on potentials the plain driver runs from: each candidate of a cell of 3 or more, and the other places
    of each house where such a candidate is the digit's first place."""
    out = set()
    for cell in range(houses.ncells):
        digits = _digits(int(grid[cell]), n)
        if len(digits) <= 2:
            continue
        for d in digits:
            out.add((cell * n + d) * 2 + 1)
            for u in houses.cell_houses[cell]:
                places = [c for c in houses.cells[u] if int(grid[c]) >> d & 1]
                if len(places) >= 2 and places[0] == cell:
                    out.update((c * n + d) * 2 + 1 for c in places)
    return out


def test_static_multiple_after_inner_loops_on_the_same_grid():
    """_nested's kind 1 right after kind 0 searched the same grid (a kind-0 memo miss) takes the static graph
    _inner_loops left in inner[8..10] (ready=2: it is the grid's static_graph_xy, place counts included) and
    makes its own sets over _inner_loops' leftovers in the shared buffers; it gives the hints of a search on
    fresh buffers (the plain driver's), also when _inner_loops made its closure, and so do ready=1 (the place
    counts only) and ready=0."""
    seen = closed = 0
    for houses, source, grid, geo, inner, want in _multiple_cases(17, 3, (10, 0.3, 8)):
        n, npid = houses.n, 2 * houses.ncells * houses.n
        _start(inner)
        D._inner_loops(n, source, grid, geo, inner)
        ptr, adj, cause = inner[8], inner[9], inner[10]
        left = (ptr[:npid + 1].copy(), adj[:ptr[npid]].copy(), cause[:ptr[npid]].copy(),
                inner[D.LOOPS_ORDER][3].copy())
        fresh = (np.zeros_like(ptr), np.zeros_like(adj), np.zeros_like(cause))
        static_graph_xy(n, grid, geo, inner[D.LOOPS_ORDER], *fresh)
        assert np.array_equal(left[0], fresh[0][:npid + 1]) and np.array_equal(left[1], fresh[1][:ptr[npid]])
        assert np.array_equal(left[2], fresh[2][:ptr[npid]]) and np.array_equal(left[3], inner[D.LOOPS_ORDER][3])
        closed += int(not D._no_search(n, grid, ptr, adj, inner[D.LOOPS_CERT]))
        for ready in (2, 1, 0):
            _start(inner)
            D._inner_multiple(False, 0, n, source, grid, geo, inner, ready)
            assert _hints(inner) == want
        seen += len(want)
    assert seen > 20, seen
    assert closed > 5, closed


def test_bits_reach_is_the_static_graphs_reach():
    """_bits_reach's pset row of each present candidate is the set of off potentials its on potential reaches in
    the static graph (breadth first over static_graph_xy), over cnode's numbering, on every geometry."""
    rng = np.random.default_rng(23)
    grids = [(h, c) for g in GEOMETRIES for keep in (0.1, 0.3, 0.55) for h, c in _thinned(rng, g, keep, 3)]
    grids += [(h, grid) for seed in (5, 6) for h, _, grid in _narrowed(seed, 0.3, 5)]
    made = 0
    for houses, cand in grids:
        n, npid = houses.n, 2 * houses.ncells * houses.n
        geo, inner = forcing.tables(houses), forcing.inner_stores(houses)
        ptr, adj = inner[8], inner[9]
        static_graph_xy(n, cand, geo, inner[D.LOOPS_ORDER], ptr, adj, inner[10])
        cert = inner[D.MULTI_CERT]
        if not D._bits_reach(n, cand, geo[0], inner[D.LOOPS_ORDER], cert):
            continue
        cnode, pset, w = cert[1], cert[10], int(cert[9][3])
        for ci in range(houses.ncells * n):
            if not int(cand[ci // n]) >> (ci % n) & 1:
                continue
            seen, todo = {2 * ci + 1}, [2 * ci + 1]
            while todo:
                p = todo.pop()
                for q in adj[ptr[p]:ptr[p + 1]]:
                    if int(q) not in seen:
                        seen.add(int(q))
                        todo.append(int(q))
            want = sum(1 << int(cnode[q >> 1]) for q in seen if not q & 1)
            assert sum(int(pset[ci, j]) << (64 * j) for j in range(w)) == want, (ci, houses.n)
        made += 1
    assert made > 20, made


def test_search_kind0_then_kind1_as_in_level3():
    """At level 3 (inner[7][GRAPH_FLAG] = 1) _search's kind 0 tries _bits_no_search first (_bits_first) and says
    what it left of the grid (1: the place counts only, 2: the static graph too); kind 1 given that (as _nested
    gives it) finds the plain drivers' hints, both answers occur, and a certified grid has no kind-0 hint."""
    left = {1: 0, 2: 0}
    cases = [c for seed in (11, 12, 13) for c in _multiple_cases(19, 2 if seed == 11 else 0, (seed, 0.45, 12))]
    for houses, source, grid, geo, inner, want in cases:
        n = houses.n
        _start(inner)
        _ref_loops(n, source, grid, geo, inner)
        want0 = _hints(inner)
        assert inner[7][D.GRAPH_FLAG] == 1
        made = D._search(0, 0, n, source, grid, geo, inner)
        assert _hints(inner) == want0 and made in (1, 2)
        assert made == 2 or not want0
        left[made] += 1
        D._search(1, 0, n, source, grid, geo, inner, made)
        assert _hints(inner) == want
    assert left[1] >= 4 and left[2] > 3, left


def _rule_pair(both, n, source, grid, geo, inner) -> list:
    """_nested's steps before _rules: _rule(0, ...), then (level 3: both) with no kind-0 hint _rule(1, ...)."""
    _start(inner)
    made = D._rule(0, 0, n, source, grid, geo, inner, 0)
    if both and inner[7][0] == 0:
        D._rule(1, 0, n, source, grid, geo, inner, made)
    return _hints(inner)


def test_rules_as_rule_kind0_then_kind1():
    """_rules (levels 2 and 3's nested rules in one call) gives the hints _rule(0) and then, at level 3 with no
    kind-0 hint, _rule(1) give without a memo: with no memo, and with one on misses and on hits (the same grid
    again, with another outer source: other rule parents)."""
    seen = {0: 0, 1: 0}
    for seed, keep in ((21, 0.35), (22, 0.45)):
        for houses, source, grid in _narrowed(seed, keep, 10):
            n, geo = houses.n, forcing.tables(houses)
            plain, memo = forcing.inner_stores(houses, memo=0), forcing.inner_stores(houses)
            other = np.where(np.arange(houses.ncells) % 2 == 0, source, grid)  # fewer erased candidates
            try:
                for both in (False, True):
                    plain[7][D.GRAPH_FLAG] = both
                    memo[16][:, 0] = 0  # the memo emptied: misses, then hits
                    memo[23][3:5] = 0
                    for src in (source, other, source):
                        want = _rule_pair(both, n, src, grid, geo, plain)
                        for inner in (plain, memo):
                            _start(inner)
                            D._rules(both, n, src, grid, geo, inner)
                            assert _hints(inner) == want
                        seen[int(both)] += len(want)
            finally:
                plain[7][D.GRAPH_FLAG] = 1
    assert seen[0] > 5 and seen[1] > seen[0], seen
