"""HoDoKu's forcing chains and nets kernels (kernels/nets.py) against their plain readings."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from conftest import random_puzzle
from sudokit.geometry import box_geometry
from sudokit.kernels import nets as K
from sudokit.kernels.bits import ctz
from sudokit.kernels.implications import _bfs, clear
from sudokit.logic import nets
from sudokit.logic.candidates import Candidates


def _states(geometry, keep: float, count: int, seed: int):
    """Random puzzles' candidate grids, and the same with one digit's places in one house taken (a contradiction
    before any premise)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        yield st
        for h, cells in enumerate(st.houses.cells):
            open_digits = [d for d in range(st.n) if any(st.cand[c] >> d & 1 for c in cells)]
            if open_digits:
                d = open_digits[len(open_digits) // 2]
                cand = [m & ~(1 << d) if c in cells else m for c, m in enumerate(st.cand)]
                yield Candidates(st.houses, list(st.values), cand)
                break


@njit
def _plain_contradiction(n, nnodes, cand, hdone, unit_cells, cand_node, dist, out):
    """The cheapest contradiction among the consequences of a BFS (dist >= 0: reached) over nnodes nodes (group
    nodes included): out = (type, witness, cost as the summed distances). The plain reading of every node, cell and
    house that kernels/nets.reached_contradiction must equal (compiled here: the test calls it per premise)."""
    out[0], out[1], out[2] = K.T_NONE, 0, np.int64(1) << 40
    for x in range(nnodes):
        if dist[2 * x] >= 0 and dist[2 * x + 1] >= 0 and dist[2 * x] + dist[2 * x + 1] < out[2]:
            out[0], out[1], out[2] = K.T_BOTH, x, dist[2 * x] + dist[2 * x + 1]
    for c in range(cand.shape[0]):
        m = cand[c]
        if m == 0:
            continue
        cost = 0
        while m:
            e = ctz(m)
            m &= m - np.uint64(1)
            v = dist[2 * cand_node[c * n + e]]
            if v < 0:
                cost = -1
                break
            cost += v
        if cost >= 0 and cost < out[2]:
            out[0], out[1], out[2] = K.T_CELL, c, cost
    for h in range(unit_cells.shape[0]):
        for d in range(n):
            bit = np.uint64(1) << np.uint64(d)
            if hdone[h] & bit:
                continue
            cost = 0
            for i in range(unit_cells.shape[1]):
                y = unit_cells[h, i]
                if cand[y] & bit:
                    v = dist[2 * cand_node[y * n + d]]
                    if v < 0:
                        cost = -1
                        break
                    cost += v
            if cost >= 0 and cost < out[2]:
                out[0], out[1], out[2] = K.T_HOUSE, h * n + d, cost


@pytest.mark.parametrize("geometry, keep, seed", [(box_geometry(3, 3), 0.25, 1), (box_geometry(3, 3), 0.3, 2),
                                                  (box_geometry(2, 3), 0.3, 3), (box_geometry(4, 4), 0.5, 4)])
def test_reached_contradiction_is_the_plain_one(geometry, keep, seed):
    # the scan's contradiction of each static premise, found from the potentials reached alone, is the one of
    # _plain_contradiction's reading of every node, cell and house (type, witness and cost)
    checked = 0
    for st in _states(geometry, keep, 3, seed):
        run = nets.Run(st, False)
        g, n = run.graph, st.n
        term, dist, parent, queue = run.scratch[:4]
        counts, sums, places = run.scratch[14:]
        cell_units, unit_cells = run.geo[:2]
        zero = K.house_places(n, run.cand, run.hdone, unit_cells, places)
        want, got = np.zeros(3, np.int64), np.zeros(3, np.int64)
        for p in range(2 * g.nnormal):
            k = _bfs(p, False, g.ptr, g.idx, term, dist, parent, queue)
            _plain_contradiction(n, (len(g.ptr) - 1) // 2, run.cand, run.hdone, unit_cells, g.cand_node, dist, want)
            K.reached_contradiction(n, g.nnormal, run.cand, run.hdone, cell_units, g.cell_arr, g.digit_arr, places,
                                    zero, dist, queue, k, counts, sums, got)
            assert got.tolist() == want.tolist()
            checked += want[0] != K.T_NONE
            clear(k, dist, queue)
        assert not counts.any() and not sums.any()
    assert checked


@pytest.mark.parametrize("geometry", [box_geometry(3, 3), box_geometry(2, 3), box_geometry(4, 4), "diagonal", "jigsaw"])
def test_shared_places_is_house_membership(geometry):
    # kernels/nets._house's locked candidates test reads inter[h, h2] bit i as "cell i of house h is in house h2"
    if geometry == "diagonal":
        from sudokit.sudoku.variants import diagonals
        geometry = box_geometry(3, 3).with_constraints(units=diagonals(9))
    elif geometry == "jigsaw":
        from conftest import DATA
        from sudokit.formats import read_puzzles
        from sudokit.geometry import region_geometry
        geometry = region_geometry(read_puzzles((DATA / "hdu4069" / "sample.in").read_text(),
                                                fmt="hdu4069").entries[0].regions)
    houses = Candidates.from_grid(np.zeros(geometry.ncells, np.int32), geometry).houses
    inter = nets.shared_places(houses)
    for h, cells in enumerate(houses.cells):
        for h2, cells2 in enumerate(houses.cells):
            assert [int(inter[h, h2]) >> i & 1 for i in range(len(cells))] == [c in cells2 for c in cells]
    # and _house's words: each house's cells as bits, which list them in the house's order (reading order)
    hw = nets.house_words(houses)
    for h, cells in enumerate(houses.cells):
        assert list(cells) == sorted(cells)
        assert [c for c in range(houses.ncells) if int(hw[h, c >> 6]) >> (c & 63) & 1] == list(cells)


@pytest.mark.parametrize("geometry, keep, seed", [(box_geometry(3, 3), 0.3, 5), (box_geometry(2, 3), 0.4, 6),
                                                  (box_geometry(4, 4), 0.5, 7), ("diagonal", 0.3, 8)])
def test_placed_masks_are_each_house_placed_digits(geometry, keep, seed):
    # kernels/nets.placed_masks (a Run's hdone) against the plain reading of every house's placed digits
    from sudokit.logic.forcing import tables
    if geometry == "diagonal":
        from sudokit.sudoku.variants import diagonals
        geometry = box_geometry(3, 3).with_constraints(units=diagonals(9))
    rng = np.random.default_rng(seed)
    for _ in range(5):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        out = np.zeros(len(st.houses.cells), np.uint64)
        K.placed_masks(st.arrays()[0], tables(st.houses)[1], out)
        plain = [sum(1 << st.values[c] - 1 for c in cells if st.values[c]) for cells in st.houses.cells]
        assert out.tolist() == plain and any(plain)


def test_run_first_is_each_node_lowest_cell():
    # nets.Run.first (the cell a step's links name for a node) is the lowest cell of the node's cell set, group
    # nodes included
    rng = np.random.default_rng(31)
    groups = 0
    for geometry, keep in ((box_geometry(3, 3), 0.25), (box_geometry(2, 3), 0.3), (box_geometry(4, 4), 0.5)):
        for _ in range(3):
            run = nets.Run(Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry), False)
            g = run.graph
            assert [run.first(x) for x in range(len(g.digit))] == [(cs & -cs).bit_length() - 1 for cs in g.cells]
            groups += len(g.digit) - g.nnormal
    assert groups > 20


def test_forcing_net_sizes_are_their_steps():
    # nets._dynamic_sizes (kernels/nets.dynamic_sizes) gives every pending forcing net the size of the step it
    # makes (pattern cells, eliminations), as the Python _size does
    rng = np.random.default_rng(29)
    checked = 0
    for geometry, keep in ((box_geometry(3, 3), 0.25), (box_geometry(3, 3), 0.3), (box_geometry(2, 3), 0.3),
                           (box_geometry(4, 4), 0.5)):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        for pending in nets.pending_forcing_nets(st):
            run, slot, kind, src = pending._args
            assert pending.key == nets._size(run, slot, kind, src)
            if checked % 7 == 0:
                step = pending.make()
                assert pending.key == (len(step.cells), -len(step.eliminations))
            checked += 1
    assert checked > 50
