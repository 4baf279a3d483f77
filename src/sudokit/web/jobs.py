"""The work behind each endpoint, run in a worker process: a checked request dict in, a JSON-ready dict out.

Every function here goes through the front door (Sudoku, TargetSudoku, BinarySudoku, the logic api, the renderer)
and returns plain Python values (no numpy scalars). What the library refuses raises its own errors (InputError,
NoSolution, NotUnique, LimitReached); the app turns them into 4xx answers.
"""

from __future__ import annotations

import importlib
import inspect
import math
from types import ModuleType

from ..errors import InputError, LimitReached
from .spec import BadRequest

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


# ---- reading the puzzle of a request ----

def load(spec: dict, kind=None):
    """The Sudoku (or kind, e.g. TargetSudoku) a request's puzzle fields describe."""
    from ..puzzle import Sudoku

    kind = kind or Sudoku
    raw = spec["puzzle"]
    n = _side(raw, spec)
    variant = {"box": spec.get("box"), "variants": tuple(spec.get("variants", ())),
               "regions": _regions(spec.get("regions"), n), "cages": _cages(spec.get("cages"), n),
               "candidates": _marks(spec.get("candidates"), n)}
    if variant["regions"] is not None:
        variant["box"] = None
    if isinstance(raw, str):
        return kind.parse(raw, fmt=spec.get("format"), symbols=spec.get("symbols"), **variant)
    if kind is Sudoku:
        return Sudoku(raw, symbols=spec.get("symbols"), **variant)
    return kind(raw, **variant)


def _side(raw, spec: dict) -> int:
    """N of the request's puzzle (text is read once to learn it)."""
    if not isinstance(raw, str):
        return math.isqrt(len(raw))
    from ..formats import read_puzzles

    return read_puzzles(raw, fmt=spec.get("format"), symbols=spec.get("symbols"), source="puzzle").n


def _regions(value, n: int):
    """Jigsaw region labels (N x N) from regions-file text or a list of N*N labels."""
    if value is None:
        return None
    import numpy as np

    from ..formats import read_regions

    if isinstance(value, str):
        return read_regions(value, n, "regions")
    if len(value) != n * n:
        raise InputError(f"regions must be {n * n} labels for a {n}x{n} grid, got {len(value)}")
    return np.array(value, np.int64).reshape(n, n)


def _cages(value, n: int) -> list:
    """Killer cages as (sum, 0-based cells) from cage-file text or [{"sum", "cells"}]."""
    from ..formats import parse_cell, read_cages

    if not value:
        return []
    if isinstance(value, str):
        return read_cages(value, n, "cages")
    out = []
    for cage in value:
        cells = []
        for c in cage["cells"]:
            if isinstance(c, str):
                cells.append(parse_cell(c, n))
            elif 0 <= c < n * n:
                cells.append(c)
            else:
                raise InputError(f"cage cell {c} is outside the {n}x{n} grid (cells are 0..{n * n - 1})")
        out.append((cage["sum"], tuple(cells)))
    return out


def _marks(value, n: int):
    """Pencilmarks (bool N*N x N) from N*N bitmasks (bit d-1 set: digit d is a candidate)."""
    if value is None:
        return None
    import numpy as np

    if len(value) != n * n:
        raise InputError(f"candidates must be {n * n} bitmasks, got {len(value)}")
    if any(m >> n for m in value):
        raise InputError(f"a candidate bitmask of a {n}x{n} grid is below 2**{n}")
    return np.array([[m >> d & 1 for d in range(n)] for m in value], bool)


def _current(spec: dict, puzzle) -> list[int]:
    """The grid a request is at (its 'grid': the givens plus the digits entered), checked against the givens."""
    grid = spec.get("grid")
    givens = puzzle.grid.tolist()
    if grid is None:
        return givens
    if len(grid) != len(givens):
        raise InputError(f"grid has {len(grid)} cells; the puzzle has {len(givens)}")
    if max(grid, default=0) > puzzle.n:
        raise InputError(f"grid digits are 0..{puzzle.n}")
    changed = [c for c, (g, v) in enumerate(zip(givens, grid)) if g and g != v]
    if changed:
        raise InputError(f"grid changes the given at {_name(changed[0], puzzle.n)}")
    return list(grid)


def _name(cell: int, n: int) -> str:
    """r<row>c<col>, 1-based."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def _masks(rows) -> list[int]:
    """N*N bitmasks of a bool (N*N, N) pencilmark array."""
    return [sum(1 << d for d, on in enumerate(row) if on) for row in rows.tolist()]


# ---- describing a puzzle ----

def _labels(puzzle) -> list[int]:
    """Region labels of every cell (the box units of a plain grid, the regions of a jigsaw)."""
    if puzzle.regions is not None:
        import numpy as np

        return np.unique(puzzle.regions.ravel(), return_inverse=True)[1].astype(int).tolist()
    n, units = puzzle.n, puzzle.geometry.units
    labels = [0] * (n * n)
    for k, unit in enumerate(units[2 * n:3 * n].tolist()):
        for c in unit:
            labels[c] = k
    return labels


def parse(spec: dict) -> dict:
    """The puzzle a text holds (the first, if it holds several), described for the page."""
    from ..formats import PuzzleFile, read_puzzles, write_puzzles

    raw = spec["puzzle"]
    total = 1
    if isinstance(raw, str):
        pf = read_puzzles(raw, fmt=spec.get("format"), symbols=spec.get("symbols"), source="puzzle")
        total = len(pf.entries)
        first = pf.entries[0]
        if first.error:
            raise InputError(f"line {first.line}: {first.error}")
        if total > 1:  # the first puzzle, with its own variant data, through the JSON writer that keeps it all
            one = PuzzleFile([first], pf.n, pf.fmt, pf.symbols, pf.source)
            spec = dict(spec, puzzle=write_puzzles(one, "json", None), format="json")
    puzzle = load(spec)
    out = describe(puzzle)
    out.update(puzzles=total, line=_line(puzzle))
    weights = _own_weights(spec, puzzle)
    if weights is not None:
        out["weights"] = weights
    return out


def _line(puzzle) -> str | None:
    """The puzzle as one line, or None where a line cannot hold it (over 36 symbols, variants, cages, regions)."""
    if puzzle.n > 36:
        return None
    try:
        return puzzle.to_string("line")
    except InputError:
        return None


def describe(puzzle) -> dict:
    """What the page draws a puzzle from: side, box or regions, symbols, givens, marks, variants, cages."""
    out = {"n": puzzle.n, "box": list(puzzle.box) if puzzle.box else None,
           "regions": None if puzzle.box else _labels(puzzle), "symbols": puzzle.symbols,
           "grid": puzzle.grid.tolist(), "givens": puzzle.givens,
           "candidates": None if puzzle.candidates is None else _masks(puzzle.candidates),
           "variants": list(puzzle.constraints),
           "cages": [{"sum": int(s), "cells": [int(c) for c in cells]} for s, cells in puzzle.cages]}
    out["units"] = _labels(puzzle)
    return out


def _own_weights(spec: dict, puzzle) -> list[int] | None:
    """The target weights a JSON puzzle carries, if any."""
    raw = spec["puzzle"]
    if not isinstance(raw, str) or not raw.lstrip().startswith(("{", "[")):
        return None
    import json

    doc = json.loads(puzzle.to_json())
    weights = doc.get("weights")
    return [int(v) for row in weights for v in row] if weights else None


# ---- the endpoints ----

def solve(spec: dict, mode: str, limit: int, max_nodes: int, picture: bool) -> dict:
    """Solve (with the number of solutions up to 2: unique or not), or count up to limit."""
    puzzle = load(spec)
    if mode == "count":
        found = puzzle.count(limit, max_nodes=max_nodes)
        return {"status": "counted", "count": int(found), "limit": limit, "capped": int(found) >= limit,
                "stats": _stats(found.stats)}
    found = puzzle.count(2, max_nodes=max_nodes)
    out = {"status": "no solution", "solution": None, "grid": None, "count": int(found), "unique": int(found) == 1,
           "stats": _stats(found.stats)}
    if found:
        sol = puzzle.solve(max_nodes=max_nodes)
        out.update(status="solved", solution=sol.to_string("line"), grid=sol.grid.tolist())
        if picture:
            out["svg"] = puzzle.to_svg(sol)
    return out


def _stats(stats) -> dict:
    """A search's counters."""
    return {"nodes": int(stats.nodes), "guesses": int(stats.guesses), "seconds": round(float(stats.seconds), 6),
            "engine": stats.engine}


def _solution(puzzle):
    """(geometry, the puzzle's candidate state, its unique solution) for human-style solving."""
    from ..logic import api

    if puzzle.variant.needs_dlx:
        raise InputError("hints, paths and ratings take unit and pair variants, not cages or non-consecutive")
    state = api.candidates(puzzle.grid, puzzle.geometry, puzzle.candidates)
    return state, api.solution(state, puzzle.geometry, puzzle.candidates)


def _state(spec: dict, puzzle, solution, current):
    """The candidate grid the player is at: the digits entered, less the eliminations already made (earlier
    hints' 'eliminated' [cell, digit] pairs; one that would remove the solution's digit is ignored)."""
    from ..logic import api

    state = api.candidates(current, puzzle.geometry, puzzle.candidates)
    n = puzzle.n
    for cell, digit in spec.get("eliminated", ()):
        if not (0 <= cell < n * n and 1 <= digit <= n):
            raise InputError(f"eliminated: [{cell}, {digit}] is not a cell 0..{n * n - 1} and a digit 1..{n}")
        if not state.values[cell] and state.has(cell, digit) and int(solution[cell]) != digit:
            state.eliminate(cell, digit)
    return state


def hint(spec: dict, technique: str | None) -> dict:
    """The next step from the grid the player is at, its picture; or the cells that are wrong."""
    from ..logic import api

    puzzle = load(spec)
    _, solution = _solution(puzzle)
    current = _current(spec, puzzle)
    wrong = [c for c, v in enumerate(current) if v and v != int(solution[c])]
    if wrong:
        return {"status": "mistakes", "cells": [_name(c, puzzle.n) for c in wrong], "indexes": wrong,
                "svg": picture(puzzle, current)}
    state = _state(spec, puzzle, solution, current)
    if state.solved():
        return {"status": "solved", "svg": picture(puzzle, current)}
    found = api.hint(state, technique)
    if not found:
        return {"status": "none", "svg": picture(puzzle, current, marks=state.mask_array())}
    step = found[0]
    return {"status": "hint", **entry(step, state, puzzle.n),
            "svg": picture(puzzle, current, marks=state.mask_array(), step=step)}


def entry(step, state, n: int) -> dict:
    """A step as the page gets it: the CLI's JSON, what the picture needs, and the state before it."""
    return {"step": step.to_json(n), "draw": wire(step), "before": {"grid": list(state.values),
                                                                    "candidates": list(state.cand)}}


def wire(step) -> dict:
    """The parts of a Step a picture draws (0-based cells), to send back to /api/render."""
    return {"technique": step.technique, "slug": step.slug, "digits": list(step.digits), "cells": list(step.cells),
            "eliminations": [list(e) for e in step.eliminations], "placements": [list(p) for p in step.placements],
            "pattern": [list(p) for p in step.pattern],
            "links": [[k.cell1, k.digit1, k.cell2, k.digit2, k.strong] for k in step.links],
            "explanation": step.explanation}


def unwire(data: dict, n: int):
    """A Step from wire() form, every cell and digit checked to be on the grid."""
    from ..logic.step import Link, Step

    if not isinstance(data, dict):
        raise InputError("step must be an object as /api/hint returns it under 'draw'")

    def cell(v):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n * n:
            raise InputError(f"step: cell {v!r} is not 0..{n * n - 1}")
        return v

    def digit(v):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
            raise InputError(f"step: digit {v!r} is not 1..{n}")
        return v

    def pairs(name):
        items = data.get(name, [])
        if not isinstance(items, list) or not all(isinstance(p, list) and len(p) == 2 for p in items):
            raise InputError(f"step: {name} must be [cell, digit] pairs")
        return tuple((cell(c), digit(d)) for c, d in items)

    links = data.get("links", [])
    if not isinstance(links, list) or not all(isinstance(k, list) and len(k) == 5 for k in links):
        raise InputError("step: links must be [cell, digit, cell, digit, strong] lists")
    text_of = data.get("explanation", "")
    return Step(str(data.get("technique", ""))[:200], str(data.get("slug", ""))[:80],
                tuple(digit(d) for d in _list(data, "digits")), tuple(cell(c) for c in _list(data, "cells")),
                pairs("eliminations"), pairs("placements"), str(text_of)[:2000], 0.0, 0, pairs("pattern"),
                tuple(Link(cell(a), digit(b), cell(c), digit(d), bool(s)) for a, b, c, d, s in links))


def _list(data: dict, name: str) -> list:
    """A list field of a wire step."""
    value = data.get(name, [])
    if not isinstance(value, list):
        raise InputError(f"step: {name} must be a list")
    return value


def picture(puzzle, grid, marks=None, step=None, weights=None, width=None) -> str:
    """The library's SVG of a grid over the puzzle's givens."""
    from ..render import svg

    return svg(grid, puzzle.geometry, givens=puzzle.grid, candidates=marks, variant=puzzle.variant, step=step,
               weights=weights, size=width, symbols=puzzle.symbols if puzzle.n > 9 else None)


def steps(spec: dict, order: str, max_seconds: float) -> dict:
    """The whole path from the grid the player is at, each step with the state before it."""
    from ..logic import api

    puzzle = load(spec)
    _, solution = _solution(puzzle)
    current = _current(spec, puzzle)
    wrong = [_name(c, puzzle.n) for c, v in enumerate(current) if v and v != int(solution[c])]
    if wrong:
        raise InputError(f"the grid has wrong digits at {', '.join(wrong[:5])}: the path starts from the givens "
                         "and correct entries")
    state = _state(spec, puzzle, solution, current)
    path = api.steps(state, puzzle.geometry, order, puzzle.candidates, max_seconds)
    out, walk = [], state.copy()
    for step in path.steps:
        out.append(entry(step, walk, puzzle.n))
        walk.apply(step)
    return {"status": "complete" if path.complete else "time limit", "complete": path.complete, "steps": out,
            "level": path.level, "score": int(path.score), "order": order}


def rate(spec: dict, max_seconds: float) -> dict:
    """Both difficulty scales of the puzzle (its givens)."""
    puzzle = load(spec)
    _solution(puzzle)
    rating = puzzle.rate(max_seconds=max_seconds).to_json()
    return {k: (float(v) if k in ("er", "ep", "ed") else v) for k, v in rating.items()}


def render(spec: dict, options: dict) -> dict:
    """A picture of the puzzle: a grid over its givens, pencilmarks, a step, a solution, target weights."""
    puzzle = load(spec)
    grid = _current(spec, puzzle)
    if options.get("solution"):
        grid = puzzle.solve(max_nodes=options["max_nodes"]).grid.tolist()
    marks = options.get("marks")
    if marks is True:
        from ..render import basic_candidates
        import numpy as np

        marks = basic_candidates(np.array(grid, np.int64), puzzle.geometry)
    elif marks is not None:
        marks = _marks(marks, puzzle.n)
    step = unwire(options["step"], puzzle.n) if options.get("step") is not None else None
    weights = _weights(options.get("weights"), puzzle) if options.get("weights") is not None else None
    text = picture(puzzle, grid, marks=marks if marks is not False else None, step=step, weights=weights,
                   width=options.get("width"))
    if options.get("to") == "png":
        from ..render import png

        try:
            return {"png": png(text, options.get("width"))}
        except ImportError:
            raise BadRequest("PNG needs the render extra: pip install 'sudokit[render]'", 501) from None
    return {"svg": text}


def _weights(value, puzzle):
    """Target weights from a list or text (N lines of N integers), checked."""
    from ..sudoku.target import as_weights, parse_weights

    if isinstance(value, str):
        value = parse_weights(value, puzzle.n, "weights")
    return as_weights(value, puzzle.geometry)


def target(spec: dict, weights, minimize: bool, max_nodes: int) -> dict:
    """The proved best completion of a target puzzle, its score, the weights and their heat map."""
    from ..puzzle import TargetSudoku

    puzzle = load(spec, TargetSudoku)
    puzzle.set_weights(_weights(weights, puzzle) if weights is not None else None, minimize)
    best = puzzle.best(max_nodes)
    if not best.complete:
        raise LimitReached(f"node limit {max_nodes} reached before the optimum was proved")
    current = _current(spec, puzzle)
    w = puzzle.weights.tolist()
    out = {"weights": w, "minimize": minimize, "score": None, "grid": None, "solution": None,
           "current": sum(a * b for a, b in zip(current, w)), "nodes": int(best.nodes)}
    if best.score is None:
        out.update(status="no solution", svg=picture(puzzle, current, weights=w))
        return out
    grid = best.grid.tolist()
    out.update(status="optimal", score=int(best.score), grid=grid,
               solution=puzzle.with_grid(best.grid).to_string("line") if puzzle.n <= 36 else None,
               svg=picture(puzzle, grid, weights=w), heat=picture(puzzle, current, weights=w))
    return out


def binary(grid, box, max_nodes: int) -> dict:
    """The fewest flips that make every row, column and box of a 0/1 grid even, and its picture."""
    from ..puzzle import BinarySudoku
    from ..render import svg

    puzzle = BinarySudoku(grid, tuple(box) if box else None)
    best = puzzle.min_flips(max_nodes=max_nodes)
    if not best.complete:
        raise LimitReached(f"node limit {max_nodes} reached")
    cells = [[int(r), int(c)] for r, c in best.cells]
    flat = puzzle.grid.ravel()
    return {"status": "solved", "flips": int(best.flips), "cells": cells, "n": int(puzzle.grid.shape[0]),
            "box": list(puzzle.box), "even": puzzle.is_even(), "grid": flat.tolist(),
            "svg": svg(flat, None, flips=[tuple(c) for c in cells])}


# ---- generation (issue 10: sudokit.generate, called through whatever interface it lands with) ----

def generator():
    """sudokit.generate's function, or None while the generator is not part of the library."""
    import sudokit

    try:
        found = getattr(sudokit, "generate")
    except (AttributeError, ImportError):
        try:
            found = importlib.import_module("sudokit.generate")
        except ModuleNotFoundError as exc:
            if exc.name in ("sudokit.generate", "sudokit"):
                return None
            raise
    if isinstance(found, ModuleType):
        found = getattr(found, "generate", None)
    return found if callable(found) else None


def generate(options: dict, max_seconds: float) -> dict:
    """One generated puzzle, as the page loads it (and what the generator says about it)."""
    fn = generator()
    if fn is None:
        raise BadRequest("puzzle generation is not in this version of sudokit yet (issue 10)", 501)
    kwargs = {k: v for k, v in options.items() if v not in (None, [], "")}
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in kwargs.items()}
    kwargs["max_seconds"] = max_seconds
    params = inspect.signature(fn).parameters
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        unknown = sorted(set(kwargs) - set(params) - {"max_seconds"})
        if unknown:
            raise BadRequest(f"this generator does not take {unknown[0]!r}", 400)
        kwargs = {k: v for k, v in kwargs.items() if k in params}
    made = _first(fn(**kwargs))
    puzzle = next((getattr(made, a) for a in ("sudoku", "puzzle") if getattr(made, a, None) is not None), made)
    if isinstance(puzzle, str):
        from ..puzzle import Sudoku

        puzzle = Sudoku(puzzle, box=options.get("box"), variants=tuple(options.get("variants") or ()))
    out = describe(puzzle)
    out.update(status="generated", line=_line(puzzle))
    for name in ("seed", "rating", "level", "er", "seconds"):
        value = getattr(made, name, None)
        if isinstance(value, (int, float, str, dict)) and not isinstance(value, bool):
            out[name] = value
        elif hasattr(value, "to_json"):
            out[name] = value.to_json()
    if isinstance(out.get("rating"), dict) and "level" not in out and isinstance(out["rating"].get("level"), str):
        out["level"] = out["rating"]["level"]
    return _plain(out)


def _first(result):
    """The first puzzle of what a generator returned (one, a list, or an iterator of them)."""
    if isinstance(result, (list, tuple)):
        if not result:
            raise LimitReached("the generator found no puzzle within its time limit")
        return result[0]
    if inspect.isgenerator(result) or type(result).__name__.endswith("Iterator"):
        return next(iter(result))
    return result


def _plain(value):
    """JSON-ready: numpy scalars and arrays as Python values."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


# ---- a worker's first minutes ----

def warm() -> str:
    """Load every kernel the endpoints use (numba's disk cache, or a compile on a fresh install): the first
    request then runs at full speed."""
    from ..logic import api
    from ..puzzle import BinarySudoku, Sudoku, TargetSudoku

    hard = Sudoku(HARD)
    hard.solve(), hard.count(2), hard.rate(max_seconds=30)
    state = api.candidates(hard.grid, hard.geometry)
    api.steps(state, hard.geometry, "hodoku", None, 30)
    hard.to_svg(candidates=True, step=hard.hint()[0])
    Sudoku("." * 256).solve()
    Sudoku("." * 81, cages=[(4, (0, 1))], variants=("non-consecutive",)).count(1)
    TargetSudoku("." * 16).best()
    BinarySudoku([0] * 80 + [1]).min_flips()
    _warm_generator()
    return "warm"


def _warm_generator() -> None:
    """The generator's kernels (a level and an SE range each load their own), once it is in the library."""
    from ..errors import SudokitError

    fn = generator()
    if fn is None:
        return
    for target in ({"level": "easy"}, {"rating": (3.0, 5.0)}):
        try:
            fn(seed=1, max_seconds=60, **target)
        except SudokitError:  # nothing found in time: the kernels are loaded all the same
            pass


def ping() -> str:
    """A worker's answer to 'are you there'."""
    return "ok"
