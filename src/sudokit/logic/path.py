"""Solve paths: from a candidate grid, apply the easiest available step until the grid is solved.

Two orders: HoDoKu's (the catalogue order people learn techniques in; the default for hints and step lists) and
Sudoku Explainer's (the order its ratings come from). When the catalogue has nothing left, SE's forcing chains
follow, and last of all a Brute Force step places one digit of the solution, so every path with a unique solution
ends solved. Paths are deterministic.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .candidates import Candidates
from .catalogue import HODOKU_ORDER, Entry
from .step import Step
from .table import LEVEL_MAX_SCORE, LEVELS, BY_SLUG, step


def _pick(entry: Entry, steps: list[Step]) -> Step | None:
    """The instance a path takes: the first, or for chains the one with the fewest pattern cells."""
    mine = [s for s in steps if s.slug == entry.slug]
    if not mine:
        return None
    return min(mine, key=lambda s: (len(s.cells), -len(s.eliminations))) if entry.shortest else mine[0]


def hodoku_next(state: Candidates, order: tuple[Entry, ...] = HODOKU_ORDER) -> Step | None:
    """The next step in HoDoKu's order (catalogue techniques only), or None."""
    found: dict[tuple, list[Step]] = {}
    for entry in order:
        finder = entry.finder()
        if finder is None:
            continue
        key = (entry.module, entry.function, entry.args)
        if key not in found:
            found[key] = list(finder(state))
        chosen = _pick(entry, found[key])
        if chosen is not None:
            return chosen
    return None


def chaining_next(state: Candidates) -> Step | None:
    """SE's forcing chains, easiest family first (the path's rescue when the catalogue is exhausted)."""
    from .rating import CHAINING

    for producer in CHAINING:
        found = producer(state)
        if found is not None:
            return found
    return None


def brute_force(state: Candidates, solution) -> Step:
    """HoDoKu's last resort: place the solution's digit in the first empty cell with the fewest candidates."""
    from .step import cell_name

    cell = min((c for c, v in enumerate(state.values) if not v), key=lambda c: (state.count(c), c))
    d = int(solution[cell])
    return step("brute-force", f"Brute Force: {cell_name(cell, state.n)}={d}", digits=(d,), cells=(cell,),
                placements=((cell, d),))


@dataclass
class Path:
    """A solve path, its HoDoKu score and level, and whether it reached the solution."""

    steps: list[Step] = field(default_factory=list)
    complete: bool = True

    @property
    def score(self) -> int:
        """HoDoKu's score: the sum of the steps' scores."""
        return sum(s.score for s in self.steps)

    @property
    def level(self) -> str:
        """HoDoKu's level: the hardest technique's, raised while the score passes the level's maximum."""
        if not self.steps:
            return "easy"
        i = max(LEVELS.index(BY_SLUG[s.slug].level) for s in self.steps)
        while self.score > LEVEL_MAX_SCORE[LEVELS[i]] and i < len(LEVELS) - 1:
            i += 1
        return LEVELS[i]

    @property
    def hardest(self) -> Step | None:
        """The step with the highest HoDoKu score."""
        return max(self.steps, key=lambda s: s.score, default=None)


def solve_path(state: Candidates, order: str = "hodoku", solution=None, deadline: float | None = None) -> Path:
    """The whole path from a state (not changed); with a solution, Brute Force finishes what logic cannot."""
    from .rating import se_next

    state = state.copy()
    path = Path()
    while not state.solved():
        if deadline is not None and time.monotonic() > deadline:
            path.complete = False
            break
        nxt = se_next(state) if order == "se" else (hodoku_next(state) or chaining_next(state))
        if nxt is None and solution is not None:
            nxt = brute_force(state, solution)
        if nxt is None:
            path.complete = False
            break
        path.steps.append(nxt)
        state.apply(nxt)
    return path
