"""Ratings as a generator needs them: on one scale only, and stopped as soon as the answer is out of the band.

A generator rates many candidates that miss the band; the answer it needs is "below", "inside (and the value)"
or "above". ``se_capped`` walks Sudoku Explainer's path exactly as ``logic.rating.se_rate`` does (the same
producers, in the same order, the same numba walk) but stops at the first step priced above the band, and never
runs a producer whose every step would be priced above it (the nested chains that take minutes). ``level_capped``
walks HoDoKu's path as ``logic.path.hodoku_rating`` does and stops at the first step whose level is above the
target. Both stop on the same steps on every machine: a generator's output depends on its seed, never on the
machine's speed (a walk that passes --max-seconds ends the search with a report instead).

The puzzle a generator prints is rated again by the grader itself (``verify``): these shortcuts only decide
where to search.

Not done, on purpose: stopping an extreme-level walk at its first extreme step. The level is then proved, but the
score printed with the puzzle needs the whole path, so `Search.rating` would re-rate every accepted puzzle from
the start (20 of 190 walks for 20 extreme puzzles end inside; the rest end below, where the score orders the
climb): it would add work, not save it. Below the top level a walk already stops at the first step above it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

# The lowest price each of logic.rating.SE_PRODUCERS can give a step (SE 1.2.1 / SukakuExplainer prices, see
# ../shared/docs/ratings.md). Where a family's lowest price is not certain the previous floor is kept: a floor
# only lets the walk skip producers, so a low floor costs time, never a wrong answer.
SE_FLOORS = (1.0, 1.7, 2.0, 2.3, 2.5, 2.6, 3.0, 3.2, 3.4, 3.6, 3.8, 4.0, 4.0, 4.2, 4.4, 4.5, 5.0, 5.2, 5.4, 5.4,
             5.4, 5.6, 5.6, 5.6, 6.2, 6.2, 6.5, 6.5, 7.5, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 10.5, 11.0)
ABOVE, INSIDE, BELOW = 1, 0, -1


@dataclass
class Verdict:
    """Where a candidate stands against a band: side (ABOVE, INSIDE, BELOW), and its value when known."""

    side: int
    value: float  # ER, level index + score / 10^5, or guesses; a lower bound when side is ABOVE
    detail: dict


def arrays_of(grid, geometry):
    """(houses, values int64, candidate masks uint64) of a puzzle, as the rating kernels take them: the
    Candidates object of logic/ is built only when a walk needs the Python finders."""
    from ..logic.candidates import houses_of

    values = np.asarray(grid, np.int64).ravel()
    bits = np.where(values > 0, np.left_shift(np.uint64(1), np.maximum(values - 1, 0).astype(np.uint64)),
                    np.uint64(0)).astype(np.uint64)
    ptr, idx = geometry.peers_ptr, geometry.peers_idx
    seen = np.bitwise_or.reduceat(bits[idx], ptr[:-1]) if len(idx) else np.zeros_like(bits)
    full = np.uint64((1 << geometry.n) - 1)
    cand = np.where(values == 0, full & ~seen, np.uint64(0)).astype(np.uint64)
    return houses_of(geometry), values.copy(), cand


def _state(houses, values, cand, givens):
    """A Candidates state from arrays."""
    from ..logic.candidates import Candidates

    return Candidates.from_arrays(houses, values, cand, givens)


class OutOfTime(Exception):
    """A capped walk passed the search's deadline (the search then reports what it reached)."""


def _check_time(deadline: float | None) -> None:
    """Raise OutOfTime once the deadline has passed."""
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime


def se_capped(grid, geometry, lo: float, hi: float, deadline: float | None = None) -> Verdict:
    """SE's ER of a puzzle (and EP, ED, the hardest technique when inside), or ABOVE as soon as a step is priced
    above hi. Walks as logic.rating.se_rate does: kernels/cascade.walk for the producers that have kernels, the
    others in Python (OutOfTime when the deadline passes between steps)."""
    from ..logic.rating import SE_PRODUCERS

    if len(SE_FLOORS) != len(SE_PRODUCERS):  # pragma: no cover - the grader's table changed under us
        raise RuntimeError("generate.rate.SE_FLOORS does not match logic.rating.SE_PRODUCERS")
    houses, values, cand = arrays_of(grid, geometry)
    if houses.n > 21:
        return _se_capped_python(houses, values, cand, lo, hi, deadline)
    return _se_capped_cascade(houses, values, cand, lo, hi, deadline)


def _se_capped_cascade(houses, values, cand, lo: float, hi: float, deadline) -> Verdict:
    """se_capped through the grader's own walk (logic.rating.cascade, grids up to 21x21 as se_rate), left as soon
    as the band is left."""
    from ..logic.rating import cascade

    cap = int(round(hi * 10))
    last = _last_useful(hi)
    givens = sum(1 << int(c) for c in np.flatnonzero(values))
    stats, hardest = np.zeros(6, np.int64), ""
    for event, what, stats, hardest in cascade(houses, values, cand, givens):
        if event == "step":
            if int(round(what.se * 10)) > cap:
                return Verdict(ABOVE, round(what.se, 1), {})
            continue
        if stats[0] > cap:
            return Verdict(ABOVE, stats[0] / 10, {})
        if what < 0:
            break
        if what >= last:  # every producer from here on prices its steps above the band
            return Verdict(ABOVE, max(stats[0] / 10, SE_FLOORS[what] if what < len(SE_FLOORS) else 20.0), {})
        _check_time(deadline)
    return _inside_or_below(stats, lo, hardest)


def _inside_or_below(stats, lo: float, hardest: str) -> Verdict:
    """The verdict of a capped SE walk that reached the solution."""
    er = float(stats[0] / 10)
    return Verdict(INSIDE if er >= lo - 1e-9 else BELOW, er,
                   {"er": er, "ep": float(stats[1] / 10), "ed": float(stats[2] / 10), "hardest": hardest})


def _se_capped_python(houses, values, cand, lo: float, hi: float, deadline) -> Verdict:
    """se_capped for grids above 21x21: the basic kernels, then SE's producers one at a time in Python."""
    from ..kernels.se import rate_basic
    from ..logic.rating import BASIC, SE_PRODUCERS, _count, fast_tables, se_next

    cap = int(round(hi * 10))
    givens = sum(1 << int(c) for c in np.flatnonzero(values))
    fast = fast_tables(houses) if houses.n <= 32 else None
    producers = fast.producers if fast is not None else SE_PRODUCERS
    last = _last_useful(hi)
    stats = np.zeros(4, np.int64)
    state, hardest = None, ""
    while True:
        if fast is not None:
            if state is not None:
                values, cand = np.array(state.values, np.int64), np.array(state.cand, np.uint64)
            solved = rate_basic(BASIC, houses.n, values, cand, fast.geo, fast.scan, fast.kind, stats, fast.out,
                                fast.elim)
            if stats[0] > cap:
                return Verdict(ABOVE, stats[0] / 10, {})
            if solved:
                break
            state = _state(houses, values, cand, givens)
        elif state is None:
            state = _state(houses, values, cand, givens)
        if state.solved():
            break
        _check_time(deadline)
        step = se_next(state, BASIC if fast is not None else 0, producers[:last])
        if step is None:
            return Verdict(ABOVE, max(stats[0] / 10, SE_FLOORS[last - 1] if last < len(SE_FLOORS) else 20.0), {})
        if int(round(step.se * 10)) > cap:
            return Verdict(ABOVE, round(step.se, 1), {})
        if _count(step, stats):
            hardest = step.technique
        state.apply(step)
    return _inside_or_below(stats, lo, hardest)


def _last_useful(hi: float) -> int:
    """How many producers can matter under a cap: the rest can only give steps priced above hi."""
    last = len(SE_FLOORS)
    while last > 1 and min(SE_FLOORS[last - 1:]) > hi + 1e-9:
        last -= 1
    return last


def level_capped(grid, geometry, solution, target: str, deadline: float | None = None) -> Verdict:
    """HoDoKu's level of a puzzle against a target level: ABOVE at the first step past it, else the level and
    score at the end of the path (the top level too: the score is part of the rating printed). Walks as
    logic.path.hodoku_rating does, with only the techniques of the target level or below (HoDoKu takes the first
    technique in its order that applies, so when none of those applies the path's next step is above the target);
    OutOfTime when the deadline passes between steps."""
    from ..kernels.se import walk_order
    from ..logic.path import Path, brute_force, chaining_next, hodoku_next, rated
    from ..logic.rating import fast_tables
    from ..logic.table import LEVELS

    want = LEVELS.index(target)
    top = want == len(LEVELS) - 1
    order, rest, slugs = _level_orders(want)
    houses, values, cand = arrays_of(grid, geometry)
    givens = sum(1 << int(c) for c in np.flatnonzero(values))
    fast = fast_tables(houses)
    counts = np.zeros(32, np.int64)
    path = Path()
    state = None
    while True:
        if state is not None:
            values, cand = np.array(state.values, np.int64), np.array(state.cand, np.uint64)
        solved = walk_order(order, houses.n, values, cand, fast.geo, fast.scan, fast.kind, counts, fast.out,
                            fast.elim)
        score, level = rated(path, {slugs[p]: int(k) for p, k in enumerate(counts) if k})
        have = LEVELS.index(level)
        if have > want or solved:
            return _level_verdict(have, want, score, solved)
        if rest is None:  # the kernel's techniques above the target come next
            return Verdict(ABOVE, want + 1, {})
        _check_time(deadline)
        state = _state(houses, values, cand, givens)
        nxt = hodoku_next(state, rest, text=False)  # lean steps: the verdict reads their slugs and scores only
        if nxt is None and not top:
            return Verdict(ABOVE, want + 1, {})  # only techniques above the target are left
        nxt = nxt or chaining_next(state, text=False) or brute_force(state, solution)
        path.steps.append(nxt)
        state.apply(nxt)


def _level_orders(want: int):
    """(kernel order, Python techniques or None, kernel slugs) of a level walk capped at level index want: the
    prefixes of HoDoKu's order (the kernel's and the Python rest) that end at its last technique of level
    <= want."""
    from ..logic.catalogue import HODOKU_ORDER
    from ..logic.path import FAST_ORDER, FAST_SLUGS
    from ..logic.table import BY_SLUG, LEVELS

    def low(slug):
        return LEVELS.index(BY_SLUG[slug].level) <= want

    k = max((i + 1 for i, p in enumerate(FAST_ORDER) if low(FAST_SLUGS[p])), default=0)
    order = np.array(FAST_ORDER[:k], np.int64)
    if k < len(FAST_ORDER):
        return order, None, FAST_SLUGS
    rest = HODOKU_ORDER[HODOKU_ORDER.index(next(e for e in HODOKU_ORDER if e.slug == "jellyfish")) + 1:]
    if want < len(LEVELS) - 1:
        rest = rest[:max((i + 1 for i, e in enumerate(rest) if low(e.slug)), default=0)]
    return order, rest, FAST_SLUGS


def _level_verdict(have: int, want: int, score: int, solved: bool) -> Verdict:
    """The verdict of a level walk that ended (the level and score are known when it reached the solution)."""
    from ..logic.table import LEVELS

    side = ABOVE if have > want else BELOW if have < want else INSIDE
    return Verdict(side, have + score / 1e5, {"level": LEVELS[have], "score": int(score)} if solved else {})


def guesses_of(puzzle, geometry) -> int:
    """Machine difficulty: the guesses the fast engine makes proving the puzzle unique (as `sudokit rate`)."""
    from ..sudoku import engine

    return int(engine("fast")(puzzle, geometry, 2).guesses)


def verify(puzzle, geometry, scale: str, max_seconds: float | None = None) -> dict:
    """The grader's own rating of a generated puzzle on one scale ("se", "level" or "both"), as JSON fields."""
    from ..logic import api
    from ..logic.path import hodoku_rating, rated
    from ..logic.rating import se_rate

    start = time.monotonic()
    deadline = None if max_seconds is None else start + max_seconds
    state = api.candidates(puzzle, geometry)
    out: dict = {}
    complete = True
    memo: dict = {}  # the forcing chains' answers, shared by both walks (forcing.multiple_memo, as api.rate)
    if scale in ("se", "both"):
        se = se_rate(state, deadline=deadline, memo=memo)
        out.update(er=float(se.er), ep=float(se.ep), ed=float(se.ed), hardest=se.hardest)
        complete = se.complete
    if scale in ("level", "both"):
        sol = api.solution(state, geometry)
        path, walked = hodoku_rating(state, sol, deadline, memo, text=False)  # (as api.rate: read by `rated` only)
        score, level = rated(path, walked)
        out.update(level=level, score=int(score))
        complete = complete and path.complete
    out["complete"] = complete
    return out
