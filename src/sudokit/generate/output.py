"""Generated puzzles as text: any writer format (`--to`), or one JSON object per puzzle (`--json`)."""

from __future__ import annotations

import json

import numpy as np

from ..errors import InputError
from .request import Request
from .search import Made


def entry_of(req: Request, made: Made, grid=None):
    """A formats Entry for a generated puzzle (or for grid, e.g. its solution), its variant in the extras."""
    from ..formats import Entry

    extras = {"constraints": req.constraints, "cages": list(made.cages)}
    if made.regions is None and req.box is not None:
        extras["box"] = req.box
    values = made.puzzle if grid is None else grid
    return Entry(np.asarray(values, np.int32), made.index + 1, regions=made.regions, extras=extras)


def check_format(req: Request, to: str) -> None:
    """Refuse up front a format that cannot hold what the request makes."""
    from ..formats import WRITERS

    if to not in WRITERS:
        raise InputError(f"unknown output format {to!r} (known: {', '.join(WRITERS)})")
    if req.killer and to != "json":
        raise InputError("Killer cages are written only by --to json (or --json)")
    if req.jigsaw and to not in ("line", "json"):
        raise InputError(f"--to {to} cannot hold jigsaw regions; use --to line or --to json")
    if to in ("sdm", "ss") and req.n > 9:
        raise InputError(f"--to {to} holds grids up to 9x9; use line, grid or json")


def text(req: Request, made: Made, to: str, symbols: str) -> str:
    """One generated puzzle in a writer format, without a final newline (constraints are the user's flags: they
    are written only where the format can hold them, in json)."""
    from ..formats import PuzzleFile, puzzle_to_json, write_puzzles
    from ..formats.jsondoc import dump_json

    entry = entry_of(req, made)
    if to == "json":
        return dump_json(puzzle_to_json(entry, req.n))
    entry.extras = {k: v for k, v in entry.extras.items() if k == "box"}
    return write_puzzles(PuzzleFile([entry], req.n, "line", symbols), to, req.box).rstrip("\n")


def json_object(req: Request, made: Made, symbols: str) -> dict:
    """The --json object of a puzzle: its description, the solution, the rating, the seed and index."""
    from ..formats import format_grid, puzzle_to_json

    doc = {"puzzle": format_grid(made.puzzle, req.n, "line", symbols)}
    doc.update({k: v for k, v in puzzle_to_json(entry_of(req, made), req.n).items() if k != "givens"})
    doc.update(solution=format_grid(made.solution, req.n, "line", symbols), rating=made.rating, seed=req.seed,
               index=made.index, seconds=round(made.seconds, 4))
    return doc


def json_line(req: Request, made: Made, symbols: str) -> str:
    """The --json line of a puzzle."""
    return json.dumps(json_object(req, made, symbols))
