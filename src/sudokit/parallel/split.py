"""A search split into parts, run on a Runner: exact counts, solutions in search order, early answers.

    from sudokit.parallel import count, solutions, solve, is_unique
    count(problem, jobs=2)                          # an int carrying .stats, equal to cover.count(problem)
    count(problem, executor=client.get_executor(), checkpoint="run.ckpt")
    for sol in solutions(problem, jobs=2): ...      # the order of one process (dancing links; see tree.py)

How: Knuth's estimate (probes.py, a few dozen probes) gives the tree's profile; the cut is made at the
shallowest level expected to hold parts_for(workers) parts: fewer, larger parts for few workers (RAMP x
workers each, MIN_PARTS at least), PARTS_PER_WORKER each from 16 workers on (deeper while the real cut holds under
a quarter of that);
the prefixes there, in search order, are grouped into TASKS_PER_WORKER tasks per worker (MAX_TASKS at most) of
consecutive parts; each task walks the same cut in its worker and searches its parts (work.py). Counts add up; solutions come back
task by task in order, the ones met above the cut in their place; a solve stops every later task as soon as an
earlier one has a solution; a count with a limit stops everything once the limit is reached.

A small tree (under SPLIT_NODES estimated nodes) is not split: it is searched here, in one piece.
With ``checkpoint=PATH`` every finished task of a count is journalled (checkpoint.py); the same call again skips
them and returns the same total.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

import numpy as np

from ..checks import as_int, as_limit, as_seed
from ..cover.problem import Problem
from ..cover.solver import ALGORITHMS, DEFAULT_ALGORITHM, Count, Solution, Stats
from ..errors import InputError
from .checkpoint import Journal, digest
from .probes import estimate
from .executors import Runner, runner as open_runner
from .tasks import completed, in_order
from .tree import Top, cut, splittable
from .work import CoverJob, cover_task

# How many parts for W workers: a part has a fixed cost (~0.3 ms: a copy of the paused search state, two kernel
# calls) and every prefix a share of the serial top (planning, each worker's walk), which weigh most when few
# workers share the search; balance needs the largest parts well under a worker's share 1/W, which weighs most
# when W is large. So RAMP x W parts per worker, PARTS_PER_WORKER at most (reached at 16 workers; from there the
# cut is the one sudokit always made), MIN_PARTS at least. The 6x10 pentominoes on 2 workers: depth 2, 288 parts
# (largest 3.3% of the work), where 256 per worker gave depth 3 and 1,548 parts whose fixed costs came to
# +4-12% on one worker and held 2 workers to ~1.55x (issue 13 asks >= 1.8x, < 5%).
PARTS_PER_WORKER = 256
RAMP = 16
MIN_PARTS = 128
TASKS_PER_WORKER = 64
MAX_TASKS = 1024  # past 16 workers fewer tasks each: one scheduler hands out every task (Dask: ~1-5 ms a task)
SIZING_PROBES = 64
SPLIT_NODES = 20_000  # estimated nodes below which a search is not worth cutting
MAX_DEPTH = 64
JOURNAL_WORKERS = 4  # a journalled search is cut as for at least this many workers, so one process resumes too


@dataclass
class Settings:
    """Where and how a split search runs: the executor (or jobs / a scheduler), the cut, the journal, progress."""

    jobs: int | None = None
    scheduler: str | None = None
    executor: object = None
    checkpoint: str | None = None
    depth: int | None = None
    progress: Callable[[int, int], None] | None = None

    def open(self) -> Runner:
        """The Runner these settings name."""
        return open_runner(self.jobs, self.scheduler, self.executor)


def parts_for(workers: int) -> int:
    """How many parts to aim the cut at for `workers`: RAMP x workers each, PARTS_PER_WORKER each at most,
    MIN_PARTS at least (see the constants)."""
    return max(MIN_PARTS, min(PARTS_PER_WORKER, RAMP * workers) * workers)


def choose_depth(problem: Problem, workers: int, algorithm: str, seed: int | None) -> int:
    """How deep to cut for `workers`: 0 (do not cut) for a small tree, else from the estimated profile."""
    if workers <= 1:
        return 0
    est = estimate(problem, SIZING_PROBES, 0, algorithm, seed)
    if est.nodes.mean < SPLIT_NODES:
        return 0
    return est.depth_for(parts_for(workers))


def plan(problem: Problem, workers: int, algorithm: str, seed: int | None, depth: int | None) -> Top:
    """The cut of the problem's search for `workers` (depth None: chosen by estimate; 0: not cut)."""
    fixed = depth is not None
    depth = choose_depth(problem, workers, algorithm, seed) if depth is None else as_int(depth, "depth", 0, MAX_DEPTH)
    if depth == 0:
        return Top(0)
    top = cut(problem, depth, algorithm, seed)
    while not fixed and 0 < top.parts < parts_for(workers) // 4 and depth < MAX_DEPTH:
        depth += 1  # the estimate was low: one level deeper
        top = cut(problem, depth, algorithm, seed)
    return top


def unfinished(ranges: list[tuple[int, int]], done: dict, parts: int) -> list[tuple[int, int]]:
    """The ranges less the prefixes journalled as done (keys 'a-b'; a previous run may have grouped them otherwise)."""
    left = np.ones(parts + 1, bool)
    for key in done:
        a, b = (int(x) for x in key.split("-"))
        left[a:b] = False
    out = []
    for a, b in ranges:
        k = a
        while k < b:
            while k < b and not left[k]:
                k += 1
            start = k
            while k < b and left[k]:
                k += 1
            if k > start:
                out.append((start, k))
    return out


def tasks_for(workers: int) -> int:
    """How many tasks to make for `workers`: TASKS_PER_WORKER each, but no more than MAX_TASKS (or 4 each) in all,
    so that a large cluster's scheduler does not become the bottleneck (benchmarks/scale.py --paper)."""
    return min(TASKS_PER_WORKER * workers, max(MAX_TASKS, 4 * workers))


def task_ranges(top: Top, tasks: int) -> list[tuple[int, int]]:
    """Consecutive prefix ranges, about `tasks` of them, none holding a solution met above the cut inside it."""
    n = top.parts
    if n == 0:
        return []
    bounds = {round(n * k / tasks) for k in range(tasks + 1)} | {p for p, _ in top.solutions if p <= n}
    edges = sorted(b for b in bounds if 0 <= b <= n)
    return [(a, b) for a, b in zip(edges, edges[1:]) if b > a]


class SplitSearch:
    """One problem's search, cut and run on a Runner (see the module docstring)."""

    def __init__(self, problem: Problem, runner: Runner, algorithm: str = DEFAULT_ALGORITHM, seed: int | None = None,
                 depth: int | None = None, progress: Callable[[int, int], None] | None = None):
        if algorithm not in ALGORITHMS:
            raise InputError(f"unknown exact-cover algorithm {algorithm!r} (choose from {', '.join(ALGORITHMS)})")
        if not isinstance(problem, Problem):
            raise InputError(f"expected a Problem, got {type(problem).__name__}")
        algorithm = splittable(algorithm)
        self.problem, self.runner, self.algorithm, self.seed = problem, runner, algorithm, as_seed(seed)
        self.progress = progress
        self.digest = digest(problem.opt_ptr, problem.opt_items, problem.opt_colors, problem.n_primary,
                             problem.n_secondary, problem.dropped, algorithm, self.seed)
        self._depth = depth
        self._top: Top | None = None

    def top(self, depth: int | None = None, workers: int | None = None) -> Top:
        """The cut (made once), for the runner's workers (or `workers`)."""
        if self._top is None or (depth is not None and depth != self._top.depth):
            self._top = plan(self.problem, workers or self.runner.workers, self.algorithm, self.seed,
                             self._depth if depth is None else depth)
        return self._top

    def _calls(self, top: Top, ranges, limit: int, keep: int) -> list[tuple]:
        """The task calls of the ranges."""
        job = CoverJob.of(self.problem, self.digest, self.algorithm, self.seed, top.depth)
        return [(cover_task, job, a, b, limit, keep) for a, b in ranges]

    def _whole(self, limit: int, keep: int) -> tuple[int, int, list]:
        """The uncut search, here: (count, nodes, kept solutions)."""
        from ..cover.solver import Search

        from .tree import BATCH

        search, found = Search(self.problem, self.seed, 0, self.algorithm), []
        while not search.finished and int(search.counters[0]) < limit:
            left = limit - int(search.counters[0])
            keep_now = min(keep - len(found), left, BATCH)
            found.extend(search.run(keep_now if keep_now else left, keep_now))
        return int(search.counters[0]), int(search.counters[1]), found

    def count(self, limit: int | None = None, journal: Journal | None = None) -> Count:
        """The number of solutions, capped at limit, as one process counts them."""
        limit = as_limit(limit)
        journal = journal or Journal(None)
        job = f"{self.digest}-count-{limit}"
        done = journal.done(job)
        depth = next(iter(done.values()))["depth"] if done else None
        top = self.top(depth, max(self.runner.workers, JOURNAL_WORKERS) if journal.path else None)
        if top.depth == 0:
            total, nodes, _ = self._whole(limit, 0)
            return Count(min(total, limit), Stats(min(total, limit), nodes))
        total = len(top.solutions) + sum(r["count"] for r in done.values())
        nodes = top.nodes + sum(r["nodes"] for r in done.values())
        ranges = unfinished(task_ranges(top, tasks_for(self.runner.workers)), done, top.parts)
        finished = top.parts - sum(b - a for a, b in ranges)
        self._report(finished, top.parts)
        results = completed(self.runner, self._calls(top, ranges, limit, 0), lambda k: total < limit)
        for k, res in results:
            a, b = ranges[k]
            total += res.count
            nodes += res.nodes
            if res.end == b:
                journal.add(job, f"{a}-{b}", {"depth": top.depth, "parts": top.parts, "count": res.count,
                                              "nodes": res.nodes})
            finished += b - a
            self._report(finished, top.parts)
            if total >= limit:
                results.close()
                break
        return Count(min(total, limit), Stats(min(total, limit), nodes))

    def solutions(self, limit: int | None = None) -> Iterator[tuple[int, ...]]:
        """Every solution (up to limit) as option tuples, in the order of the cut's search."""
        limit = as_limit(limit)
        top = self.top()
        if top.depth == 0:
            yield from self._lazy(limit)
            return
        ranges = task_ranges(top, tasks_for(self.runner.workers))
        above = iter(top.solutions)
        pending = next(above, None)
        out, first_hit = 0, [len(ranges)]

        def wanted(k: int) -> bool:
            return k <= first_hit[0]

        results = completed(self.runner, self._calls(top, ranges, limit, limit), wanted)
        for k, res in in_order(_watch(results, first_hit, limit)):
            while pending is not None and pending[0] <= ranges[k][0]:
                yield pending[1]
                out += 1
                pending = next(above, None)
                if out >= limit:
                    return
            for sol in res.solutions:
                yield sol
                out += 1
                if out >= limit:
                    results.close()
                    return
            self._report(ranges[k][1], top.parts)
        while pending is not None and out < limit:
            yield pending[1]
            out += 1
            pending = next(above, None)

    def _lazy(self, limit: int) -> Iterator[tuple[int, ...]]:
        """The uncut search's solutions, a batch at a time."""
        from ..cover.solver import solutions

        for sol in solutions(self.problem, limit, self.seed, algorithm=self.algorithm):
            yield sol.options

    def _report(self, done: int, total: int) -> None:
        if self.progress:
            self.progress(done, total)


def _watch(results, first_hit: list, limit: int):
    """Pass results on, noting the first task that reached the limit on its own (no later task is needed)."""
    for k, res in results:
        if len(res.solutions) >= limit and k < first_hit[0]:
            first_hit[0] = k
        yield k, res


# ---- the front of the module: one call per question, opening and closing the runner ----

def _run(problem, algorithm, seed, settings: Settings, call):
    """Open the runner, run call(SplitSearch), close the runner (at once if interrupted)."""
    with settings.open() as run:
        return call(SplitSearch(problem, run, algorithm, seed, settings.depth, settings.progress))


def count(problem: Problem, limit: int | None = None, *, algorithm: str = DEFAULT_ALGORITHM, seed: int | None = None,
          **settings) -> Count:
    """The number of solutions (capped at limit) of a split search; settings: jobs, scheduler, executor,
    checkpoint, depth, progress (see Settings)."""
    s = Settings(**settings)
    with Journal(s.checkpoint) as journal:
        return _run(problem, algorithm, seed, s, lambda split: split.count(limit, journal))


def solutions(problem: Problem, limit: int | None = None, *, algorithm: str = DEFAULT_ALGORITHM,
              seed: int | None = None, **settings) -> Iterator[Solution]:
    """Every solution (up to limit), in the search's order, from a split search."""
    s = Settings(**settings)
    if s.checkpoint:
        raise InputError("a checkpoint journals counts and batches, not lists of solutions")
    with s.open() as run:
        split = SplitSearch(problem, run, algorithm, seed, s.depth, s.progress)
        for opts in split.solutions(limit):
            yield Solution(opts, problem, Stats())


def solve(problem: Problem, *, algorithm: str = DEFAULT_ALGORITHM, seed: int | None = None, **settings):
    """The first solution in the search's order (None if none); later parts stop once it is known."""
    return next(solutions(problem, 1, algorithm=algorithm, seed=seed, **settings), None)


def is_unique(problem: Problem, *, algorithm: str = DEFAULT_ALGORITHM, seed: int | None = None, **settings) -> bool:
    """True if the problem has exactly one solution (everything stops at the second)."""
    return count(problem, 2, algorithm=algorithm, seed=seed, **settings) == 1
