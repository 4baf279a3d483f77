"""Puzzle generation at a chosen difficulty, any size and variant; canonical forms of 9x9 puzzles.

    from sudokit import generate
    [p] = generate(rating=(7.0, 8.0), seed=1)       # a 9x9 puzzle rated ER 7.0-8.0 by Sudoku Explainer's rules
    p.sudoku.solve(), p.rating["er"], p.seed          # a Sudoku, its rating, the seed that makes it again
    generate(5, size=16, symmetry="rot180")           # five 16x16 puzzles with a symmetric pattern of givens
    generate(level="hard", minimal=True)              # HoDoKu's level, every given needed

    from sudokit.generate import canon, dedupe
    canon(grids)                                      # minlex forms under the 3,359,232 transformations

Every puzzle is proved unique before it is returned. Modules: request (the checked request), dig (grids, givens
removal), search (the climb toward a target), rate (ratings cut short for the search), kinds (plain, jigsaw,
Killer), regions, cages, symmetry, run (a run in order on a pool), minlex (canonical forms; not named canon, which
would shadow the canon function once imported), instances (target and binary Sudoku instances).
"""

from __future__ import annotations

import secrets
import sys
import types
from dataclasses import dataclass

import numpy as np

from ..errors import LimitReached
from .request import Request, check, parse_range
from .search import Made

__all__ = ["Generated", "Made", "Request", "canon", "dedupe", "generate", "make_request", "puzzles"]


@dataclass
class Generated:
    """A generated puzzle: the Sudoku, its solution, its rating on the scales asked for, and how to make it again."""

    sudoku: object
    solution: np.ndarray
    rating: dict
    seed: int
    index: int
    seconds: float

    def __str__(self) -> str:
        from ..formats import format_grid

        return format_grid(self.sudoku.grid, self.sudoku.n, "line", self.sudoku.symbols)


def make_request(size: int | None = None, box=None, variants=(), jigsaw: bool = False, killer: bool = False,
                 symmetry: str = "none", minimal: bool = False, rating=None, level: str | None = None,
                 givens: int | None = None, guesses=None, max_seconds: float = 60.0, seed: int | None = None
                 ) -> Request:
    """A checked Request from plain values (rating and guesses: (low, high), one value, or 'LOW-HIGH')."""
    from ..sudoku.variants import CONSTRAINTS, _constraint_names
    from ..errors import InputError

    names = tuple(c for c in CONSTRAINTS if c in set(_constraint_names(variants)))
    unknown = sorted(set(_constraint_names(variants)) - set(CONSTRAINTS))
    if unknown:
        raise InputError(f"unknown variant {unknown[0]!r} (known: {', '.join(CONSTRAINTS)})")
    box = _box(box)
    size = size if size is not None else box[0] * box[1] if box else 9
    return check(Request(int(size), box, names, bool(jigsaw), bool(killer), symmetry, bool(minimal),
                         _range(rating, "rating", float), level, None if givens is None else int(givens),
                         _range(guesses, "guesses", int), float(max_seconds),
                         secrets.randbits(63) if seed is None else int(seed)))


def _range(value, name: str, cast):
    """(low, high) from a pair, one number or 'LOW-HIGH'."""
    if value is None:
        return None
    if isinstance(value, str):
        return parse_range(value, name, cast)
    if isinstance(value, (tuple, list)):
        lo, hi = value
        return parse_range(f"{cast(lo)}-{cast(hi)}", name, cast)
    return parse_range(str(cast(value)), name, cast)


def _box(box):
    """(rows, columns) from a pair or 'RxC'."""
    if box is None:
        return None
    from ..errors import InputError

    try:
        parts = box.lower().split("x") if isinstance(box, str) else box
        r, c = (int(v) for v in parts)
    except (TypeError, ValueError):
        raise InputError(f"box {box!r}: expected RxC, e.g. 3x3 or 2x3") from None
    return r, c


def puzzles(req: Request, count: int = 1, jobs: int = 1, **where):
    """Every result of a run in order: Made objects, status 'ok' or 'time limit' (see generate.run; where:
    scheduler=, executor=, checkpoint=)."""
    from .run import run

    return run(req, count, jobs, **where)


def generate(count: int = 1, jobs: int = 1, *, scheduler: str | None = None, executor=None,
             checkpoint: str | None = None, **request) -> list[Generated]:
    """`count` puzzles as `sudokit generate` makes them (keywords as make_request), on `jobs` processes, a Dask
    scheduler or any executor, journalled to `checkpoint`; LimitReached names the first puzzle --max-seconds
    stopped, and how close it came."""
    req = make_request(**request)
    out = []
    for made in puzzles(req, count, jobs, scheduler=scheduler, executor=executor, checkpoint=checkpoint):
        if made.status != "ok":
            raise LimitReached(f"puzzle {made.index + 1}: nothing met the request in {req.max_seconds:g} s "
                               f"({made.note})")
        out.append(Generated(as_sudoku(req, made), made.solution.astype(np.int32), made.rating, req.seed,
                             made.index, made.seconds))
    return out


def as_sudoku(req: Request, made: Made):
    """The Sudoku object of a generated puzzle (its variant, regions and cages attached)."""
    from ..puzzle import Sudoku

    return Sudoku(made.puzzle.astype(np.int32), box=None if made.regions is not None else req.shape(),
                  variants=req.constraints, regions=made.regions, cages=made.cages)


def canon(grids, **kwargs):
    """Minlex canonical forms of 9x9 puzzles or grids (see generate.minlex)."""
    from .minlex import canon as _canon

    return _canon(grids, **kwargs)


def dedupe(grids):
    """The indices of the first puzzle of each equivalence class (see generate.minlex)."""
    from .minlex import dedupe as _dedupe

    return _dedupe(grids)


class _CallableModule(types.ModuleType):
    """sudokit.generate is both this package and its function: `sudokit.generate(...)` works whichever one an
    import bound to the name first."""

    def __call__(self, *args, **kwargs):
        return generate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
