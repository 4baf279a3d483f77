"""Human-style solving from the outside: the next hint, the whole path, the rating of a puzzle.

    state = candidates(puzzle, geometry)          # the pencilmarks (InputError on clashes or broken marks)
    hint(state)                                   # [Step]: the easiest next step (HoDoKu's order)
    hint(state, "x-wing", every=True)             # every X-Wing in this state
    steps(state)                                  # Path: every step to the solution, HoDoKu score and level
    rate(puzzle, geometry)                        # Rating: SE's ER/EP/ED, HoDoKu level and score, guesses

A puzzle without a unique solution is not rated (NoSolution / NotUnique); techniques that assume uniqueness
(unique rectangles, BUG) are sound only for such puzzles, which is why hints and paths check it too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, NoSolution, NotUnique
from ..geometry import Geometry
from .candidates import Candidates
from .catalogue import BY_ENTRY_SLUG, CATALOGUE, available
from .path import Path, chaining_next, hodoku_next, solve_path
from .step import Step
from .table import BY_SLUG


def candidates(puzzle, geometry: Geometry, marks=None) -> Candidates:
    """The candidate grid of a puzzle (marks: an (N*N, N) bool array of a pencilmark puzzle, or None)."""
    from ..sudoku.grid import as_grid, check_givens

    grid = as_grid(puzzle, geometry)
    check_givens(grid, geometry)
    state = Candidates.from_grid(grid, geometry, marks)
    problem = state.broken()
    if problem:
        raise InputError(f"the pencilmarks contradict themselves: {problem}")
    return state


def solution(state: Candidates, geometry: Geometry, marks=None) -> np.ndarray:
    """The unique solution of a state's puzzle (NoSolution, NotUnique otherwise)."""
    return _solved(state, geometry, marks)[0]


def _solved(state: Candidates, geometry: Geometry, marks=None) -> tuple[np.ndarray, int | None]:
    """The unique solution and, when the proof ran on the fast engine itself, its guesses (else None)."""
    from ..sudoku.fast import solve_checked
    from ..sudoku.variants import Variant

    # a state's values passed their checks when it was made: the fast engine's lean entry, unless marks need DLX,
    # N is past the fast engine's or the geometry is not the state's (solve() below then says what is wrong)
    lean = marks is None and state.n <= 64 and len(state.values) == geometry.ncells
    result = solve_checked(np.array(state.values, np.uint8), geometry) if lean else None
    if result is not None:
        return _unique(result), int(result.guesses)
    mask = state.mask_array() if marks is not None else None
    variant = Variant(geometry)
    result = variant.solve(state.grid(), limit=2, engine_name="fast", candidates=mask)
    return _unique(result), (int(result.guesses) if mask is None and not variant.needs_dlx else None)


def _unique(result) -> np.ndarray:
    """The solution of a search that proved it unique (NoSolution, NotUnique otherwise)."""
    if result.count == 0:
        raise NoSolution("the puzzle has no solution")
    if result.count > 1:
        raise NotUnique("the puzzle has more than one solution")
    return result.solution


def hint(state: Candidates, technique: str | None = None, every: bool = False) -> list[Step]:
    """The next step (HoDoKu's order, SE's chains as the rescue), or the first/every instance of one technique."""
    if technique is not None:
        entry = BY_ENTRY_SLUG.get(technique)
        if entry is None or entry.finder() is None:
            raise InputError(f"unknown technique {technique!r} (see --list-techniques)")
        found = entry.steps(state)
        return list(found) if every else [s for s in [next(iter(found), None)] if s is not None]
    nxt = hodoku_next(state) or chaining_next(state)
    return [nxt] if nxt is not None else []


def steps(state: Candidates, geometry: Geometry, order: str = "hodoku", marks=None,
          max_seconds: float | None = None) -> Path:
    """The whole solve path of a puzzle with one solution (Brute Force finishes what logic cannot)."""
    sol = solution(state, geometry, marks)
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    return solve_path(state, order, sol, deadline)


@dataclass
class Rating:
    """A puzzle's difficulty on both scales, and how the machine found it."""

    er: float
    ep: float
    ed: float
    level: str
    score: int
    hardest: str
    hodoku_hardest: str
    guesses: int
    complete: bool
    seconds: float
    reason: str = ""  # why complete is False: "time limit", or "beyond solver" (SE's techniques ran out)

    def to_json(self) -> dict:
        """The rating as `sudokit rate --json` prints it."""
        return {"er": self.er, "ep": self.ep, "ed": self.ed, "level": self.level, "score": self.score,
                "hardest": self.hardest, "hodoku_hardest": self.hodoku_hardest, "guesses": self.guesses,
                "complete": self.complete, "seconds": round(self.seconds, 4), **(
                    {"reason": self.reason} if self.reason else {})}


def rate(state: Candidates, geometry: Geometry, marks=None, max_seconds: float | None = None,
         hodoku: bool = True, se: bool = True) -> Rating:
    """Rate a puzzle with one solution: SE's ER/EP/ED, HoDoKu's level and score, the fast engine's guesses (a
    scale turned off reads 0 / empty)."""
    from .path import hodoku_rating, rated
    from .rating import SERating, se_rate

    start = time.monotonic()
    deadline = None if max_seconds is None else start + max_seconds
    sol, guesses = _solved(state, geometry, marks)
    memo: dict = {}  # the forcing chains' answers, shared by both walks (forcing.multiple_memo)
    se = se_rate(state, deadline=deadline, memo=memo) if se else SERating(0.0, 0.0, 0.0, "")
    path, walked = hodoku_rating(state, sol, deadline, memo, text=False) if hodoku else (Path(), {})
    score, level = rated(path, walked)
    reason = se.reason
    if se.complete and not path.complete:
        reason = "time limit"
    guesses = _guesses(state, geometry) if guesses is None else guesses
    return Rating(se.er, se.ep, se.ed, level if hodoku else "", score, se.hardest, _hodoku_hardest(path, walked),
                  guesses, se.complete and path.complete, time.monotonic() - start, reason)


def _hodoku_hardest(path: Path, walked: dict) -> str:
    """The name of the technique with the highest HoDoKu score on the path."""
    names = [(BY_SLUG[slug].score, BY_SLUG[slug].name) for slug in walked]
    names += [(s.score, s.technique) for s in path.steps]
    return max(names, default=(0, ""))[1]


def _guesses(state: Candidates, geometry: Geometry) -> int:
    """Machine difficulty: the guesses the fast engine makes proving the puzzle unique."""
    from ..sudoku import engine

    try:
        return int(engine("fast")(state.grid(), geometry, 2).guesses)
    except Exception:  # an engine that cannot take this geometry: machine difficulty unknown
        return -1


def techniques() -> list[dict]:
    """The catalogue as `hint --list-techniques` prints it: name, slug, SE value, HoDoKu score and level."""
    return [{"name": e.technique.name, "slug": e.slug, "se": e.technique.se, "score": e.technique.score,
             "level": e.technique.level} for e in available()]


__all__ = ["Rating", "candidates", "hint", "rate", "solution", "steps", "techniques", "CATALOGUE", "BY_SLUG"]
