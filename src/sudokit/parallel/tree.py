"""The top of an exact-cover search tree, walked by hand: prefixes (the parts of a split search) and probes.

A ``Walker`` moves a paused ``cover.solver.Search`` one node at a time, through the kernels' own resume
protocol and nothing else: a kernel call with ``max_nodes`` = nodes + 1 enters the node it is paused at and
stops before the next one; setting the resume point to "leave this level" and calling with ``max_nodes`` =
nodes moves past the node without entering it (its whole subtree skipped). The kernels are not changed.

A *prefix* of depth d is a node at level d: the options chosen on the way down. Walking the top of the tree and
skipping every node at level d lists them in the search's own order (``Top``); the solutions met above level d
are kept with their place among the prefixes. A *part* is the subtree under one prefix, searched by
``Walker.part()``: a copy of the paused state, re-based so that the prefix node is level 0 (the kernel then stops
when it leaves it), run by the same kernel. The walk itself never runs a subtree, so every process that walks the
same problem the same way reaches every prefix in the same state: a part searched anywhere is exactly that
subtree of the one-process search for dancing links (same nodes, same order of solutions), and the same subtree
of the walk's (history-free) search for dancing cells, whose sets are reordered by the search that ran before.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from ..cover.problem import Problem
from ..cover.solver import Search
from ..errors import InputError

# shared by both kernels (kernels/dlx.py and kernels/cells.py): state slots, resume points, statuses, counters
ST_OP, ST_LEVEL = 0, 1
OP_ENTER, OP_LEAVE = 0, 3
DONE = 0
SOLUTIONS, NODES = 0, 1
EVERY = 1 << 62
BATCH = 4096  # solutions kept per kernel run when a part hands them back


def splittable(algorithm: str) -> str:
    """The algorithm a split search walks and runs: "auto" is cells here (a cut needs the paused kernel's path,
    which the bits kernel does not keep as the walker reads it); "bits" is refused."""
    if algorithm == "bits":
        raise InputError("the bits algorithm does not split across processes; use cells or dlx with --jobs")
    return "cells" if algorithm == "auto" else algorithm


class Walker:
    """A Search moved by hand: enter() the node it is paused at, skip() it, read the path that leads to it."""

    def __init__(self, problem: Problem, algorithm: str = "cells", seed: int | None = None):
        algorithm = splittable(algorithm)
        self.search = Search(problem, seed, 0, algorithm)
        self.dlx = algorithm in ("dlx", "dlx2")
        self.out_opts = np.zeros((1, max(1, problem.n_primary)), np.int32)
        self.out_len = np.zeros(1, np.int32)
        self.done = False
        self.seen = 0  # prefixes met (entered or skipped) at the walk's depth, see Top
        self._root = self._save()

    @property
    def level(self) -> int:
        """The level of the node the walk is paused at (0 = the root)."""
        return int(self.search.state[ST_LEVEL])

    @property
    def nodes(self) -> int:
        """Nodes entered so far."""
        return int(self.search.counters[NODES])

    def enter(self) -> tuple[int, ...] | None:
        """Enter the node the walk is paused at and stop before the next one; the solution it is, if it is one."""
        return self._go(self.nodes + 1)

    def skip(self) -> None:
        """Move past the node the walk is paused at without entering it (its subtree is left out)."""
        self.search.state[ST_OP] = OP_LEAVE
        self._go(self.nodes)

    def _go(self, cap: int) -> tuple[int, ...] | None:
        """One kernel call capped at `cap` nodes; the solution it found, if any."""
        s = self.search
        before = int(s.counters[SOLUTIONS])
        s.max_nodes = max(cap, 1)
        self.done = s._slice(EVERY, self.out_opts, self.out_len) == DONE
        if int(s.counters[SOLUTIONS]) > before:
            return tuple(self.out_opts[0, :self.out_len[0]].tolist())
        return None

    def path(self) -> tuple[int, ...]:
        """The options chosen on the way to the paused node (user's option indices, level 0 first)."""
        lv = self.level
        if self.dlx:
            node_opt, x = self.search.links[4], self.search.x
            return tuple(node_opt[x[:lv]].tolist())
        opt_of, setm, levels = self.search.links[0], self.search.links[4], self.search.levels
        return tuple(int(opt_of[setm[levels[k, 0] + levels[k, 1]]]) for k in range(lv))  # item h's set at h

    def degree(self, level: int) -> int:
        """Options of the item chosen at `level` (a node the walk has entered and is below)."""
        if self.dlx:
            nd, length, x = self.search.links[2], self.search.links[3], self.search.x
            return int(length[nd[4 * x[level] + 2]])
        setm, levels = self.search.links[4], self.search.levels
        return int(setm[levels[level, 0] - 1])  # item h's size, the word before its set

    def index(self, level: int) -> int:
        """Which of those options the walk is under (0-based, in the kernel's order)."""
        if self.dlx:
            nd, x = self.search.links[2], self.search.x
            head, p, k = int(nd[4 * x[level] + 2]), int(x[level]), 0
            while p != head:
                p, k = int(nd[4 * p]), k + 1  # up the item's list to its header
            return k - 1
        return int(self.search.levels[level, 1])

    def part(self, limit: int, keep: int) -> tuple[Search, list[tuple[int, ...]]]:
        """Search the subtree of the paused node (up to `limit` solutions, the first `keep` kept, each with the
        path's options in front) on a copy of the state; the walk itself stays where it is."""
        sub, prefix, found = self._rebased(), self.path() if keep else (), []
        while not sub.finished and int(sub.counters[SOLUTIONS]) < limit:
            left = limit - int(sub.counters[SOLUTIONS])
            keep_now = min(keep - len(found), left, BATCH)
            found.extend(prefix + opts for opts in sub.run(keep_now if keep_now else left, keep_now))
        return sub, found

    def _rebased(self) -> Search:
        """A copy of the paused Search whose level 0 is the paused node; its counters start at zero."""
        s, lv = self.search, self.level
        sub = copy.copy(s)
        mutable = (0, 1, 2, 3) if self.dlx else (2, 4, 5, 7)  # the arrays a search writes (see the kernels)
        sub.links = tuple(a.copy() if k in mutable else a for k, a in enumerate(s.links))
        if self.dlx:
            sub.x = s.x[lv:].copy()
        else:
            sub.levels = s.levels[lv:].copy()
            sub.trail = s.trail  # the part writes past lv[level]'s start only: what the walk needs is untouched
        sub.state = s.state.copy()
        sub.state[ST_LEVEL] = 0
        sub.counters = np.zeros_like(s.counters)
        sub.max_nodes, sub.finished, sub.stopped = 0, False, False
        return sub

    def reset(self) -> None:
        """Back to the root, as built."""
        s = self.search
        links, lv, trail, state = self._root
        for a, b in zip(s.links, links):
            np.copyto(a, b)
        if self.dlx:
            np.copyto(s.x, lv)
        else:
            np.copyto(s.levels, lv)
            s.trail = trail.copy()
        np.copyto(s.state, state)
        s.counters[:] = 0
        self.done, self.seen = False, 0

    def _save(self) -> tuple:
        """The root state (to reset to)."""
        s = self.search
        lv = s.x if self.dlx else s.levels
        trail = None if self.dlx else s.trail.copy()
        return tuple(a.copy() for a in s.links), lv.copy(), trail, s.state.copy()


@dataclass
class Top:
    """The top of a tree cut at `depth`: the prefixes in search order, the solutions met above the cut (each with
    the number of prefixes before it), and the nodes entered on the way."""

    depth: int
    prefixes: list[tuple[int, ...]] = field(default_factory=list)
    solutions: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    nodes: int = 0

    @property
    def parts(self) -> int:
        """Number of prefixes (parts)."""
        return len(self.prefixes)


def advance(walker: Walker, depth: int, until: int, top: Top | None = None) -> bool:
    """Walk to the prefix numbered `until` (or the end); True when the walk is paused there. Prefixes met on the
    way are skipped (and listed in `top`, with the solutions above the cut, when given)."""
    while not walker.done:
        if walker.level >= depth:
            if walker.seen == until:
                return True
            if top is not None:
                top.prefixes.append(walker.path())
            walker.seen += 1
            walker.skip()
        else:
            solution = walker.enter()
            if solution is not None and top is not None:
                top.solutions.append((walker.seen, solution))
    return False


def cut(problem: Problem, depth: int, algorithm: str = "cells", seed: int | None = None) -> Top:
    """The prefixes of depth `depth` of the problem's search, in search order (one kernel call per top node)."""
    walker = Walker(problem, algorithm, seed)
    top = Top(depth)
    advance(walker, depth, -1, top)
    top.nodes = walker.nodes
    return top
