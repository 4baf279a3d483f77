"""Human-style solving over a file of puzzles: read, plan each puzzle's variant, run hint / steps / rate, in order.

`prepare` turns the entries of a puzzle file into Items (grid, geometry, pencilmarks, or why the puzzle cannot be
used); `run` yields one result dict per item, in input order, in this process or on a process pool, calling
`progress(done)` as results arrive. A result is {"status": "ok" | "invalid" | "no solution" |
"multiple solutions" | "time limit", ...}; what the task found is under "steps" and "rating".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import InputError, NoSolution, NotUnique, SudokitError

EXIT = {"ok": 0, "no solution": 1, "multiple solutions": 1, "invalid": 2, "time limit": 3, "beyond solver": 3}


@dataclass
class Item:
    """One puzzle ready for the logic package, or the reason it is not."""

    line: int
    puzzle: str
    grid: np.ndarray | None = None
    geometry: object = None
    marks: np.ndarray | None = None
    error: str = ""


def prepare(pf, geometry, plan) -> list[Item]:
    """Items for the entries of a puzzle file, with each entry's own variant merged into the command's."""
    from ..formats import format_grid

    out = []
    for entry in pf.entries:
        text = format_grid(entry.grid, pf.n, "line", pf.symbols) if entry.grid is not None else ""
        if entry.error:
            out.append(Item(entry.line, text, error=entry.error))
            continue
        try:
            geo, solver, extra = plan.for_entry(entry, geometry)
            if entry.error:
                raise InputError(entry.error)
            if extra.get("cages") or extra.get("nonconsecutive") is not None:
                raise InputError("human-style solving handles unit and pair variants (X, windoku, jigsaw, "
                                 "anti-knight, anti-king), not cages or non-consecutive edges")
            out.append(Item(entry.line, text, entry.grid, geo, entry.candidates))
        except SudokitError as exc:
            out.append(Item(entry.line, text, error=str(exc)))
    return out


def work(task: str, item: Item, options: dict) -> dict:
    """Run one task on one item; never raises for a bad puzzle (the result says what is wrong)."""
    from . import api

    base = {"line": item.line, "puzzle": item.puzzle}
    if item.error:
        return {**base, "status": "invalid", "message": item.error}
    try:
        state = api.candidates(item.grid, item.geometry, item.marks)
        n = state.n
        if task == "hint":
            api.solution(state, item.geometry, item.marks)
            found = api.hint(state, options.get("technique"), options.get("every", False))
            return {**base, "status": "ok", "steps": [s.to_json(n) for s in found],
                    "text": [s.explanation for s in found]}
        if task == "steps":
            path = api.steps(state, item.geometry, options.get("order", "hodoku"), item.marks,
                             options.get("max_seconds"))
            rating = api.rate(state, item.geometry, item.marks, options.get("max_seconds"))
            status = _status(rating) if path.complete else "time limit"
            return {**base, "status": status, "steps": [s.to_json(n) for s in path.steps],
                    "text": [s.explanation for s in path.steps], "rating": rating.to_json()}
        scale = options.get("scale", "both")
        rating = api.rate(state, item.geometry, item.marks, options.get("max_seconds"), hodoku=scale != "se",
                          se=scale != "hodoku")
        return {**base, "status": _status(rating), "rating": _scaled(rating.to_json(), scale)}
    except NoSolution:
        return {**base, "status": "no solution", "message": "no solution"}
    except NotUnique:
        return {**base, "status": "multiple solutions", "message": "more than one solution"}
    except InputError as exc:
        return {**base, "status": "invalid", "message": str(exc)}


OFF_FIELDS = {"se": ("level", "score", "hodoku_hardest"), "hodoku": ("er", "ep", "ed", "hardest")}


def _scaled(rating: dict, scale: str) -> dict:
    """A rating's fields, those of a scale not computed (--scale) set to None rather than a made-up 0."""
    return {**rating, **{field: None for field in OFF_FIELDS.get(scale, ())}}


def _status(rating) -> str:
    """A rating's status: ok, time limit, or beyond solver (SE's techniques ran out: the ER is a lower bound)."""
    return "ok" if rating.complete else rating.reason or "time limit"


def run(task: str, items: list[Item], options: dict, jobs: int = 1, progress=None, *, scheduler=None, executor=None,
        checkpoint=None):
    """Yield the result of every item, in input order: in this process, or in blocks on `jobs` processes, a Dask
    scheduler or an executor (parallel/batch.py), with finished blocks journalled to `checkpoint`."""
    if jobs <= 1 and not scheduler and executor is None and not checkpoint or len(items) < 2 and not checkpoint:
        for k, item in enumerate(items):
            yield work(task, item, options)
            if progress:
                progress(k + 1)
        return
    from ..parallel.batch import ordered
    from ..parallel.checkpoint import Journal, digest
    from ..parallel.executors import runner

    with Journal(checkpoint) as journal, runner(jobs, scheduler, executor) as where:
        size = max(1, min(BLOCK, -(-len(items) // (8 * (16 if checkpoint else where.workers)))))
        blocks = [(task, items[a:a + size], options) for a in range(0, len(items), size)]
        job = digest(task, sorted(options.items()), [(i.line, i.puzzle, i.error) for i in items],
                     [None if i.marks is None else i.marks.tobytes() for i in items], size)
        for _, results in ordered(where, work_block, blocks, journal=journal, job=job,
                                  progress=progress and (lambda done, total: progress(done)),
                                  sizes=[len(b[1]) for b in blocks]):
            yield from results


BLOCK = 32  # puzzles per task at most


def work_block(task: str, items: list[Item], options: dict) -> list[dict]:
    """work() over a block of items (one task on a worker)."""
    return [work(task, item, options) for item in items]
