"""The reference solver: plain backtracking in pure Python, no numba, kept readable on purpose.

Every fast engine is tested against it. It picks the empty cell with the fewest candidates (MRV) and tries
its digits in increasing order, so its first solution is the lexicographically smallest one along that order.
"""

from __future__ import annotations

import numpy as np

from ..geometry import Geometry
from .grid import SolveResult, prepare


def candidates(grid: list[int], cell: int, peers: list[list[int]], n: int) -> list[int]:
    """Digits that no peer of cell holds."""
    used = {grid[p] for p in peers[cell]}
    return [d for d in range(1, n + 1) if d not in used]


def solve(puzzle, geometry: Geometry, limit: int = 1, max_nodes: int = 0) -> SolveResult:
    """Count solutions up to limit by backtracking; keep the first one."""
    puzzle, limit, max_nodes = prepare(puzzle, geometry, limit, max_nodes)
    peers = [geometry.peers(c).tolist() for c in range(geometry.ncells)]
    grid = puzzle.tolist()
    state = {"count": 0, "first": None, "nodes": 0, "guesses": 0, "stopped": False}

    def search() -> None:
        state["nodes"] += 1
        if max_nodes and state["nodes"] > max_nodes:
            state["stopped"] = True
            return
        empty = [c for c in range(len(grid)) if grid[c] == 0]
        if not empty:
            state["count"] += 1
            state["first"] = state["first"] or list(grid)
            return
        options = {c: candidates(grid, c, peers, geometry.n) for c in empty}
        cell = min(empty, key=lambda c: len(options[c]))
        state["guesses"] += max(0, len(options[cell]) - 1)
        for d in options[cell]:
            grid[cell] = d
            search()
            grid[cell] = 0
            if state["count"] >= limit or state["stopped"]:
                return

    search()
    first = np.array(state["first"], dtype=np.int32) if state["first"] else None
    complete = not state["stopped"] or state["count"] >= limit
    return SolveResult(state["count"], first, state["nodes"], state["guesses"], complete)
