"""A Sudoku count split into parts: the exact-cover search's prefixes become sub-grids for the fast engine.

A prefix of the puzzle's exact-cover search (sudoku/exact.py encoding, dancing links) is a set of (cell, digit)
choices; the solutions under it are exactly the solutions of the puzzle with those cells filled in. So the cut
is made on the cover (split.plan, sized by Knuth's estimate) and each part is a sub-grid the fast engine counts,
a block of sub-grids per task in one numba call (work.grids_task). Variants the fast engine cannot take (cages,
non-consecutive, pencilmarks) are split on the cover itself (split.SplitSearch with dancing links).

    count(puzzle, geometry, limit, runner)          -> SolveResult (count, first solution, nodes, guesses)
    solutions(puzzle, geometry, limit, runner)      -> grids in the order of one process (dancing links)
"""

from __future__ import annotations

from typing import Callable, Iterator

import numpy as np

from ..checks import as_limit
from ..geometry import Geometry
from ..sudoku.grid import SolveResult
from .checkpoint import Journal, digest
from .executors import Runner
from .split import JOURNAL_WORKERS, SplitSearch, plan, task_ranges, tasks_for, unfinished
from .tasks import completed
from .work import grids_task

ALGORITHM = "dlx2"  # the Sudoku covers' kernel (sudoku/exact.py): its lists keep (cell, digit) order; Knuth's DLX2 rule,
# as before issue 14's round 5 (dlx's degree ranking costs a 9x9 cover's build more than it saves: 0.196 -> 0.224 s)


def _cover(puzzle, geometry: Geometry, extra: dict | None):
    """The exact-cover problem of the puzzle and its (cell, digit) table."""
    from ..sudoku.exact import encode

    return encode(np.asarray(puzzle, np.int32).ravel(), geometry, **(extra or {}))


def _needs_cover(extra: dict | None) -> bool:
    """True when the variant data (cages, edges, pencilmarks) rule out the fast engine."""
    extra = extra or {}
    return bool(extra.get("cages")) or extra.get("nonconsecutive") is not None or extra.get("candidates") is not None


def count(puzzle, geometry: Geometry, limit: int | None, runner: Runner, *, engine: str = "fast",
          extra: dict | None = None, journal: Journal | None = None, depth: int | None = None,
          progress: Callable[[int, int], None] | None = None) -> SolveResult:
    """The number of solutions (capped at limit) of a split search, the first solution in order, the counters."""
    from ..sudoku.exact import decode

    limit = as_limit(limit)
    problem, cell_digit = _cover(puzzle, geometry, extra)
    if engine != "fast" or _needs_cover(extra):
        split = SplitSearch(problem, runner, ALGORITHM, None, depth, progress)
        n = split.count(limit, journal)
        first = next(split.solutions(1), None) if n else None
        grid = decode(first, cell_digit, geometry.ncells) if first is not None else None
        return SolveResult(int(n), grid, n.stats.nodes)
    return _fast_count(np.asarray(puzzle, np.int32).ravel(), geometry, limit, runner, problem, cell_digit,
                       journal or Journal(None), depth, progress)


def _fast_count(grid, geometry, limit, runner, problem, cell_digit, journal, depth, progress) -> SolveResult:
    """The fast engine over the sub-grids of the cut."""
    from ..sudoku.exact import decode
    from ..sudoku.fast import solve_many

    job = digest(grid, geometry.units, geometry.pairs, "fast-count", limit)
    done = journal.done(job)
    workers = max(runner.workers, JOURNAL_WORKERS) if journal.path else runner.workers
    top = plan(problem, workers, ALGORITHM, None, next(iter(done.values()))["depth"] if done else depth)
    if top.depth == 0:
        res = solve_many(grid.reshape(1, -1), geometry, limit=limit).result(0)
        return SolveResult(res.count, res.solution, res.nodes, res.guesses)
    grids = np.repeat(grid[None, :], top.parts, axis=0).astype(np.uint8)
    for k, path in enumerate(top.prefixes):
        cells = cell_digit[list(path)]
        grids[k, cells[:, 0]] = cells[:, 1]
    ranges = unfinished(task_ranges(top, tasks_for(runner.workers)), done, top.parts)
    total = len(top.solutions) + sum(r["count"] for r in done.values())
    nodes = sum(r["nodes"] for r in done.values())
    guesses = sum(r["guesses"] for r in done.values())
    firsts = {int(key.split("-")[0]): np.array(r["first"], np.int32) for key, r in done.items() if r["first"]}
    finished = top.parts - sum(b - a for a, b in ranges)
    if progress:
        progress(finished, top.parts)
    calls = [(grids_task, a, grids[a:b], geometry, limit) for a, b in ranges]
    results = completed(runner, calls, lambda k: total < limit)
    for k, res in results:
        a, b = ranges[k]
        total, nodes, guesses = total + res.count, nodes + res.nodes, guesses + res.guesses
        first = res.solutions[0].astype(np.int32) if res.solutions else None
        if first is not None:
            firsts[a] = first
        if res.end == b:
            journal.add(job, f"{a}-{b}", {"depth": top.depth, "count": res.count, "nodes": res.nodes,
                                          "guesses": res.guesses, "first": None if first is None else first.tolist()})
        finished += b - a
        if progress:
            progress(finished, top.parts)
        if total >= limit:
            results.close()
            break
    solution = _first(top, firsts, cell_digit, grid, geometry, decode)
    return SolveResult(min(total, limit), solution, nodes, guesses)


def _first(top, firsts: dict, cell_digit, grid, geometry, decode) -> np.ndarray | None:
    """The first solution in the cut's order: a solution above the cut, or the first task that found one."""
    above = top.solutions[0] if top.solutions else None
    task = min(firsts) if firsts else None
    if above is not None and (task is None or above[0] <= task):
        return np.where(grid > 0, grid, decode(above[1], cell_digit, geometry.ncells)).astype(np.int32)
    return None if task is None else firsts[task]


def solutions(puzzle, geometry: Geometry, limit: int | None, runner: Runner, *, extra: dict | None = None,
              depth: int | None = None, progress=None) -> Iterator[np.ndarray]:
    """Every solution (up to limit) as a grid, in the order of one process's exact-cover search."""
    from ..sudoku.exact import decode

    problem, cell_digit = _cover(puzzle, geometry, extra)
    split = SplitSearch(problem, runner, ALGORITHM, None, depth, progress)
    for opts in split.solutions(limit):
        yield decode(opts, cell_digit, geometry.ncells)
