"""Ratings on the two scales people use.

Sudoku Explainer (SE): solve with SE's techniques in SE's fixed order, one step at a time, each time taking the
first technique that applies (for the techniques SE sorts - chains, loops, strong links, wings - the easiest of
its instances); ER is the hardest step of the path, EP the hardest before the first placement, ED the first step.
HoDoKu: the sum of the scores of the steps of HoDoKu's solve path, and the level of its hardest technique raised
while the score passes the level's maximum.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import exclusion, fish, forcing, intersections, singles, strong_links, subsets, unique_loops, wings
from .candidates import Candidates
from .step import Step


def _first(gen):
    """The first step of a finder, or None."""
    return next(iter(gen), None)


def _easiest(gen):
    """The easiest step of a finder (SE's sorted producers), or None."""
    best = None
    for s in gen:
        if best is None or s.se < best.se:
            best = s
    return best


SE_PRODUCERS = (
    lambda s: _first(singles.hidden_singles(s, full=True)),
    lambda s: _first(intersections.direct_locked_candidates(s)),
    lambda s: _first(subsets.direct_hidden_subsets(s, 2)),
    lambda s: _first(singles.naked_singles(s)),
    lambda s: _first(subsets.direct_hidden_subsets(s, 3)),
    lambda s: _first(intersections.locked_candidates(s)),
    lambda s: _first(subsets.naked_subsets(s, 2)),
    lambda s: _first(fish.basic_fish(s, 2)),
    lambda s: _first(subsets.hidden_subsets(s, 2)),
    lambda s: _first(subsets.naked_subsets(s, 3)),
    lambda s: _first(fish.basic_fish(s, 3)),
    lambda s: _first(subsets.hidden_subsets(s, 3)),
    lambda s: strong_links.easiest_strong_link_fish(s, 2),
    lambda s: _first(wings.xy_wings(s)),
    lambda s: _first(wings.xy_wings(s, xyz=True)),
    unique_loops.easiest_unique_loop,
    lambda s: _first(subsets.naked_subsets(s, 4)),
    lambda s: _first(fish.basic_fish(s, 4)),
    lambda s: _first(subsets.hidden_subsets(s, 4)),
    lambda s: strong_links.easiest_strong_link_fish(s, 3),
    lambda s: _easiest(wings.bent_wings(s, 3)),
    unique_loops.bug,
    lambda s: strong_links.easiest_strong_link_fish(s, 4),
    lambda s: _easiest(wings.bent_wings(s, 4)),
    lambda s: exclusion.first_aligned_exclusion(s, 2),
    lambda s: _easiest(wings.bent_wings(s, 5)),
    forcing.loops,
    lambda s: _easiest(wings.bent_wings(s, 6)),
    lambda s: exclusion.first_aligned_exclusion(s, 3),
    lambda s: forcing.multiple(s, nishio=True, dynamic=True),
    lambda s: forcing.multiple(s, multiple=True),
    lambda s: forcing.multiple(s, multiple=True, dynamic=True),
    lambda s: forcing.multiple(s, multiple=True, dynamic=True, level=1),
)

# SE's chaining producers alone: the rescue of the HoDoKu path
CHAINING = (
    forcing.loops,
    lambda s: forcing.multiple(s, nishio=True, dynamic=True),
    lambda s: forcing.multiple(s, multiple=True),
    lambda s: forcing.multiple(s, multiple=True, dynamic=True),
    lambda s: forcing.multiple(s, multiple=True, dynamic=True, level=1),
)


def se_next(state: Candidates) -> Step | None:
    """The step Sudoku Explainer takes next, or None when its techniques are exhausted."""
    for producer in SE_PRODUCERS:
        found = producer(state)
        if found is not None:
            return found
    return None


@dataclass
class SERating:
    """Sudoku Explainer's three numbers and the path behind them."""

    er: float
    ep: float
    ed: float
    hardest: str
    steps: list[Step] = field(default_factory=list)
    complete: bool = True


def se_rate(state: Candidates, keep_steps: bool = False, deadline: float | None = None) -> SERating:
    """ER/EP/ED of a puzzle (20.0 and complete=False when SE's techniques cannot finish it or time runs out)."""
    state = state.copy()
    er = ep = ed = 0.0
    hardest = ""
    steps = []
    while not state.solved():
        if deadline is not None and time.monotonic() > deadline:
            return SERating(20.0, ep, ed, "time limit", steps, False)
        step = se_next(state)
        if step is None:
            return SERating(20.0, ep, ed, "beyond solver", steps, False)
        if step.se > er:
            er, hardest = step.se, step.technique
        state.apply(step)
        if keep_steps:
            steps.append(step)
        if ep == 0.0:
            if ed == 0.0:
                ed = er
            if step.placements:
                ep = er
    return SERating(er, ep, ed, hardest, steps)
