"""Knuth's random-probe estimate of a search tree (D. E. Knuth, "Estimating the efficiency of backtrack
programs", Math. Comp. 29, 1975).

A probe walks from the root to a leaf, taking a child chosen uniformly at random at each node. If the nodes on
its way had d0, d1, ... children, then 1 + d0 + d0*d1 + ... is an unbiased estimate of the number of nodes, and
d0*d1*...*dk (when the leaf is a solution, else 0) one of the number of solutions; d0*...*d(k-1) estimates the
nodes at level k (the *profile*, used to choose how deep to cut a search into parts). The mean of many probes
is the estimate; its 95% band is mean +- 1.96 standard errors. The estimator is unbiased but heavy-tailed: on
trees much more lopsided than their probes show, the band can be too narrow; more probes narrow it honestly.

Probes walk the kernel's own tree (``tree.Walker``): with dancing links every child is a node; with dancing
cells an option that would leave a primary item empty is abandoned before it becomes a node, so such a child
counts as a child (of degree d) that is not a node.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..checks import as_int
from ..cover.problem import Problem
from .tree import Walker

Z95 = 1.959964  # two-sided 95% normal quantile
DEFAULT_PROBES = 1000


@dataclass(frozen=True)
class Band:
    """A mean and its 95% band (mean +- 1.96 standard errors, never below 0)."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: np.ndarray) -> "Band":
        """The band of a sample."""
        mean = float(values.mean())
        half = Z95 * float(values.std(ddof=1)) / math.sqrt(len(values)) if len(values) > 1 else math.inf
        return cls(mean, max(0.0, mean - half), mean + half)

    def __contains__(self, value: float) -> bool:
        return self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{_num(self.mean)} (95% band {_num(self.low)} .. {_num(self.high)})"


def _num(x: float) -> str:
    """A count for people: exact below a million, else 3 significant digits."""
    if math.isinf(x):
        return "inf"
    return f"{x:,.0f}" if x < 1e6 else f"{x:.3g}"


@dataclass(frozen=True)
class Estimate:
    """Estimated nodes and solutions of a search tree (with 95% bands), from `probes` random probes; `levels[k]`
    estimates the nodes at level k."""

    probes: int
    nodes: Band
    solutions: Band
    levels: tuple[float, ...]

    def __str__(self) -> str:
        return f"nodes {self.nodes}, solutions {self.solutions}, {self.probes} probes"

    def depth_for(self, parts: int) -> int:
        """The shallowest level expected to hold at least `parts` nodes (the deepest level if none does)."""
        for k, n in enumerate(self.levels):
            if k and n >= parts:
                return k
        return max(1, len(self.levels) - 1)


def probe(walker: Walker, rng: np.random.Generator, levels: list[float]) -> tuple[float, float]:
    """One probe from the root: (node estimate, solution estimate); adds its level weights to `levels`."""
    walker.reset()
    weight, nodes, level = 1.0, 0.0, 0
    while True:
        nodes += weight
        if level == len(levels):
            levels.append(0.0)
        levels[level] += weight
        if walker.enter() is not None:
            return nodes, weight
        if walker.done or walker.level <= level:  # a dead end, or every child abandoned
            return nodes, 0.0
        degree = walker.degree(level)
        pick = int(rng.integers(degree))
        at = walker.index(level)
        while at < pick:
            walker.skip()
            if walker.done or walker.level <= level:
                return nodes, 0.0
            at = walker.index(level)
        if at > pick:  # the child picked was abandoned (dancing cells): a leaf that is not a node
            return nodes, 0.0
        weight *= degree
        level += 1


def estimate(problem: Problem, probes: int = DEFAULT_PROBES, seed: int = 0, algorithm: str = "cells",
             search_seed: int | None = None) -> Estimate:
    """Knuth's estimate of the problem's search tree from `probes` random probes (rng seeded by `seed`)."""
    probes = as_int(probes, "probes", 1)
    rng = np.random.default_rng(as_int(seed, "seed"))
    walker = Walker(problem, algorithm, search_seed)
    nodes, sols, levels = np.zeros(probes), np.zeros(probes), []
    for k in range(probes):
        nodes[k], sols[k] = probe(walker, rng, levels)
    return Estimate(probes, Band.of(nodes), Band.of(sols), tuple(x / probes for x in levels))
