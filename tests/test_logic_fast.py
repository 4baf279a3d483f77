"""Per-step fast paths of the rating against their readable references: the numpy bookkeeping of candidates.py
against its Python loops, and the pruned, lazy unique-loop choice against the minimum over every instance."""

import numpy as np
import pytest

from sudokit.geometry import box_geometry
from sudokit.logic import candidates as cmod
from sudokit.logic import unique_loops
from sudokit.logic.candidates import Candidates, houses_of

from test_logic_kernels import GEOMETRY, path_states


def _slow(monkeypatch):
    """Turn the numpy tables off: every Candidates operation takes its Python loop."""
    monkeypatch.setattr(cmod, "_bulk", lambda houses: None)


def _where(state: Candidates) -> list[int]:
    """where built bit by bit from cand."""
    out = [0] * (state.n + 1)
    for c, m in enumerate(state.cand):
        for d in range(state.n):
            if m >> d & 1:
                out[d + 1] |= 1 << c
    return out


def test_where_and_from_arrays_match_the_python_loops():
    for state in path_states()[::3]:
        again = Candidates(state.houses, list(state.values), list(state.cand), state.givens)
        assert again.where == _where(state) == state.where
        arrays = Candidates.from_arrays(state.houses, np.array(state.values, np.int64),
                                        np.array(state.cand, np.uint64), state.givens)
        assert (arrays.values, arrays.cand, arrays.where, arrays.givens) == (state.values, state.cand, state.where,
                                                                              state.givens)
        assert all(type(x) is int for x in arrays.values + arrays.cand)


@pytest.mark.parametrize("geometry", [box_geometry(3, 3), box_geometry(2, 3), box_geometry(4, 4)])
def test_from_grid_matches_the_python_loops(geometry, monkeypatch):
    rng = np.random.default_rng(7)
    grids = []
    for _ in range(20):
        grid = np.zeros(geometry.ncells, np.int32)
        for c in rng.permutation(geometry.ncells)[:geometry.ncells // 3]:
            seen = {int(grid[p]) for p in geometry.peers(int(c))}
            free = [d for d in range(1, geometry.n + 1) if d not in seen]
            grid[c] = free[0] if free else 0
        grids.append(grid)
    fast = [Candidates.from_grid(g, geometry) for g in grids]
    _slow(monkeypatch)
    slow = [Candidates.from_grid(g, geometry) for g in grids]
    for a, b in zip(fast, slow):
        assert (a.values, a.cand, a.where, a.givens, a.marked) == (b.values, b.cand, b.where, b.givens, b.marked)


def test_broken_matches_the_python_loops(monkeypatch):
    rng = np.random.default_rng(3)
    states = []
    for state in path_states()[::9]:
        states.append(state)
        for _ in range(3):  # knock out candidates until something may break
            s = state.copy()
            for c in rng.integers(0, 81, 6).tolist():
                if s.cand[c]:
                    s.eliminate(c, s.cand[c].bit_length())
            states.append(s)
    fast = [s.broken() for s in states]
    _slow(monkeypatch)
    slow = [s.broken() for s in states]
    assert fast == slow
    assert any(fast) and not all(fast)


def _easiest_reference(state: Candidates):
    """SE's unique loop choice over every instance: lowest price, then lowest type, then first found."""
    best = None
    for kind, found in unique_loops.typed_unique_loops(state):
        if best is None or (found.se, kind) < best[0]:
            best = ((found.se, kind), found)
    return best[1] if best else None


def test_easiest_unique_loop_matches_the_minimum_over_every_instance():
    found = 0
    for state in path_states():
        fast, ref = unique_loops.easiest_unique_loop(state), _easiest_reference(state)
        assert fast == ref
        found += fast is not None
    assert found > 3
