"""The search for one puzzle that meets a request: dig a random grid to a unique puzzle, then climb toward the
difficulty asked for.

A start is a random solution grid with its givens removed in random order while the puzzle stays unique (down to
--givens when asked). It is judged against the targets (guesses, SE band, HoDoKu level, each answering below /
inside / above):
- above: givens of the solution are put back, one orbit at a time, until it is not above (unless --minimal or
  --givens forbid adding givens);
- below: a hill-climb over neighbours (one orbit of givens out, another in, unique, dug again unless --givens
  fixes the count); a neighbour that is not easier replaces the current puzzle; after CLIMB_STEPS neighbours
  without reaching the band the search starts again from a new grid.
The closest candidate is kept, so a search that runs out of --max-seconds reports what it reached. A puzzle is
accepted only after the checks that make the promise: unique (again), symmetric, minimal when asked, the givens
count, and the grader's own rating inside the band.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from .rate import ABOVE, BELOW, INSIDE, OutOfTime, Verdict, guesses_of, level_capped, se_capped, verify
from .request import LEVELS, Request

CLIMB_STEPS = 40  # neighbours tried from one start before a new grid
ADD_STEPS = 81  # givens put back at most to come down into the band
COME_DOWN = 1.5  # a start further above the band than this (ER points, levels) is dropped: a new one is cheaper


@dataclass
class Made:
    """One generated puzzle (or the closest one reached, status 'time limit'), with what it took."""

    index: int
    status: str  # "ok" or "time limit"
    puzzle: np.ndarray | None
    solution: np.ndarray | None
    rating: dict = field(default_factory=dict)
    regions: np.ndarray | None = None
    cages: tuple = ()
    attempts: int = 0
    seconds: float = 0.0
    note: str = ""  # for a time limit: how close the search came


class Judge:
    """A request's difficulty targets as one verdict per puzzle (the first target missed decides)."""

    def __init__(self, req: Request, geometry, deadline: float | None = None):
        self.req, self.geometry, self.deadline = req, geometry, deadline

    def __call__(self, puzzle: np.ndarray, solution: np.ndarray) -> Verdict:
        req = self.req
        if req.guesses is not None:
            g = guesses_of(puzzle, self.geometry)
            lo, hi = req.guesses
            if not lo <= g <= hi:
                return Verdict(ABOVE if g > hi else BELOW, g, {"guesses": g})
        if req.rating is None and req.level is None:
            return Verdict(INSIDE, 0.0, {})
        known: dict = {}
        if req.rating is not None:
            v = se_capped(puzzle, self.geometry, *req.rating, deadline=self.deadline)
            if v.side != INSIDE:
                return v
            known.update(v.detail)
        if req.level is not None:
            v = level_capped(puzzle, self.geometry, solution, req.level, self.deadline)
            v.detail.update(known)
            return v
        return Verdict(INSIDE, 0.0, known)

    def distance(self, v: Verdict) -> float:
        """How far a verdict is from the band (0 inside), in the scale's own units."""
        req = self.req
        if v.side == INSIDE:
            return 0.0
        lo, hi = (req.guesses if req.guesses is not None and "guesses" in v.detail else
                  req.rating if req.rating is not None and req.level is None else
                  (LEVELS.index(req.level), LEVELS.index(req.level) + 0.99999) if req.level else (0, 0))
        return (lo - v.value) if v.side == BELOW else (v.value - hi)


class Search:
    """The search for the puzzle of one index of a request (see the module docstring)."""

    def __init__(self, req: Request, index: int, kind):
        self.req, self.index, self.kind = req, index, kind
        self.rng = np.random.default_rng([req.seed, index])
        self.best: tuple | None = None  # (distance, puzzle, solution, verdict, kind state)
        self.attempts = 0

    def run(self) -> Made:
        """Search until a puzzle meets the request or --max-seconds pass."""
        start = time.monotonic()
        self.deadline = start + self.req.max_seconds
        while True:
            self.attempts += 1
            try:
                found = self.attempt()
            except OutOfTime:  # a rating walk passed --max-seconds
                return self.timed_out(start)
            if found is not None:
                return self.made("ok", *found, start)
            if time.monotonic() > self.deadline:
                return self.timed_out(start)

    def attempt(self):
        """One start: a fresh puzzle of the kind, then the climb; (puzzle, solution, rating) or None."""
        start = self.kind.start(self.rng)
        if start is None:
            return None
        digger, puzzle, solution = start
        judge = Judge(self.req, digger.geometry, self.deadline)
        verdict = judge(puzzle, solution)
        self.keep(judge, verdict, puzzle, solution)
        if verdict.side == ABOVE:
            puzzle, verdict = self.come_down(digger, judge, puzzle, solution, verdict)
        if verdict.side == BELOW:
            puzzle, verdict = self.climb(digger, judge, puzzle, solution, verdict)
        if verdict.side != INSIDE:
            return None
        return self.accept(digger, puzzle, solution, verdict)

    def come_down(self, digger, judge, puzzle, solution, verdict):
        """Put givens back (one orbit at a time) until the puzzle is no longer above the band."""
        if self.req.minimal or self.req.givens is not None or judge.distance(verdict) > COME_DOWN:
            return puzzle, verdict
        puzzle = puzzle.copy()
        for _ in range(ADD_STEPS):
            if verdict.side != ABOVE or time.monotonic() > self.deadline:
                break
            empty = digger.given_orbits(puzzle)[1]
            if not len(empty):
                break
            cells = self.orbit(digger, empty[self.rng.integers(len(empty))])
            puzzle[cells] = solution[cells]
            verdict = judge(puzzle, solution)
            self.keep(judge, verdict, puzzle, solution)
        return puzzle, verdict

    def climb(self, digger, judge, puzzle, solution, verdict):
        """Hill-climb from a puzzle below the band over its neighbours (see the module docstring)."""
        for _ in range(CLIMB_STEPS):
            if time.monotonic() > self.deadline:
                break
            nxt = self.neighbour(digger, puzzle, solution)
            if nxt is None:
                continue
            v = judge(nxt, solution)
            self.keep(judge, v, nxt, solution)
            if v.side == ABOVE:
                nxt, v = self.come_down(digger, judge, nxt, solution, v)
            if v.side == INSIDE:
                return nxt, v
            if v.side == BELOW and v.value >= verdict.value:
                puzzle, verdict = nxt, v
        return puzzle, verdict

    def neighbour(self, digger, puzzle, solution):
        """One orbit of givens out, another of the same size in; unique, and dug again unless the count is fixed."""
        full, empty = digger.given_orbits(puzzle)
        if not len(full) or not len(empty):
            return None
        out = full[self.rng.integers(len(full))]
        same = empty[digger.orbit_size[empty] == digger.orbit_size[out]]
        if not len(same):
            return None
        into = same[self.rng.integers(len(same))]
        nxt = puzzle.copy()
        nxt[self.orbit(digger, out)] = 0
        cells = self.orbit(digger, into)
        nxt[cells] = solution[cells]
        if digger.count(nxt) != 1:
            return None
        if self.req.givens is None:
            digger.dig(nxt, self.rng, exact=self.req.minimal)
        return nxt

    @staticmethod
    def orbit(digger, o: int) -> np.ndarray:
        """The cells of orbit o."""
        return digger.orbit_cells[digger.orbit_ptr[o]:digger.orbit_ptr[o + 1]]

    def keep(self, judge: Judge, verdict: Verdict, puzzle, solution) -> None:
        """Remember the closest candidate so far (for the report when time runs out)."""
        d = judge.distance(verdict)
        if self.req.givens is not None:
            d += abs(int(np.count_nonzero(puzzle)) - self.req.givens)
        if self.best is None or d < self.best[0]:
            self.best = (d, puzzle.copy(), solution.copy(), verdict, self.kind.extras())

    def accept(self, digger, puzzle, solution, verdict):
        """(puzzle, solution, rating) if the puzzle keeps every promise, else None."""
        req = self.req
        if req.givens is not None and int(np.count_nonzero(puzzle)) != req.givens:
            return None
        if digger.count(puzzle) != 1:  # pragma: no cover - the digging kept it unique
            return None
        if req.minimal and digger.removable(puzzle) >= 0:
            return None
        rating = self.rating(digger, puzzle, verdict.detail)
        if rating is None:
            return None
        return puzzle, solution, rating

    def rating(self, digger, puzzle, known: dict) -> dict | None:
        """The rating on the scales asked for: the judge's when its walk reached the solution (the grader's own
        steps, in the grader's order), else the grader's (None if it falls outside the band)."""
        req = self.req
        out: dict = {"givens": int(np.count_nonzero(puzzle))}
        if not self.kind.needs_dlx:
            out["guesses"] = guesses_of(puzzle, digger.geometry)
        scale = "both" if req.rating is not None and req.level is not None else \
            "se" if req.rating is not None else "level" if req.level is not None else None
        if scale is None:
            return out
        if (req.rating is None or "er" in known) and (req.level is None or "level" in known):
            out.update(known)
            out["complete"] = True
            return out
        got = verify(puzzle, digger.geometry, scale, max(1.0, self.deadline - time.monotonic()))
        out.update(got)
        if not got["complete"]:  # cut short: the rating is only a lower bound, the band is not proved
            return None
        if req.rating is not None and not req.rating[0] - 1e-9 <= got["er"] <= req.rating[1] + 1e-9:
            return None
        if req.level is not None and got["level"] != req.level:
            return None
        return out

    def made(self, status: str, puzzle, solution, rating, start: float) -> Made:
        """The result of a successful search."""
        regions, cages = self.kind.extras()
        return Made(self.index, status, puzzle, solution, rating, regions, cages, self.attempts,
                    time.monotonic() - start)

    def timed_out(self, start: float) -> Made:
        """The result of a search --max-seconds stopped: nothing printed, the closest candidate described."""
        note = "not one candidate was rated to the end in that time: allow more --max-seconds"
        if self.best is not None:
            _, puzzle, _, verdict, _ = self.best
            note = describe(self.req, puzzle, verdict)
        return Made(self.index, "time limit", None, None, {}, attempts=self.attempts,
                    seconds=time.monotonic() - start, note=note)


def describe(req: Request, puzzle, verdict: Verdict) -> str:
    """The closest candidate of a search in words."""
    givens = int(np.count_nonzero(puzzle))
    if "guesses" in verdict.detail:
        what = f"{verdict.detail['guesses']} guesses"
    elif req.rating is not None and (req.level is None or isinstance(verdict.value, float) and verdict.value > 5):
        what = f"ER {'above ' if verdict.side == ABOVE else ''}{verdict.value:.1f}"
    elif req.level is not None:
        what = f"level {LEVELS[min(int(verdict.value), len(LEVELS) - 1)]}"
    else:
        what = "the band"
    return f"closest: {what}, {givens} givens"
