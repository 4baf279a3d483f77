"""The pictures of a puzzle file: a Scene per puzzle (and per solution), then SVG, PNG or PDF bytes and file names.

`sudokit render` is this module and a little printing: drawings() checks and (with --solution) solves each
puzzle, files() turns the drawings into one output per picture (SVG, PNG) or one PDF, paths() names them.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass

from ..errors import InputError
from .svg import Scene, basic_candidates, draw, scene, to_svg

FORMATS = ("svg", "png", "pdf")


@dataclass
class Drawing:
    """One puzzle of a file: its scene, the solved scene (with --solution), or why there is no picture."""

    number: int  # 1-based position in the file
    line: int
    puzzle: Scene | None
    solved: Scene | None = None
    error: str = ""  # unreadable or clashing givens: no picture
    status: str = ""  # with --solution: the solver's status ('solved', 'no solution', ...)


def drawings(pf, plan, base, solution: bool = False, candidates: bool = False) -> list[Drawing]:
    """A Drawing per puzzle of a PuzzleFile, under the variant plan (sudoku.variants.Plan) and base geometry."""
    return [_drawing(k, entry, pf, plan, base, solution, candidates) for k, entry in enumerate(pf.entries, 1)]


def _drawing(k: int, entry, pf, plan, base, solution: bool, candidates: bool) -> Drawing:
    """The scenes of one puzzle: its variant, pencilmarks (its own, or the basic ones if asked), its solution."""
    geometry, solve, _ = plan.for_entry(entry, base)
    error = _error(entry, geometry)
    if error:
        return Drawing(k, entry.line, None, error=error)
    marks = entry.candidates
    if marks is None and candidates:
        marks = basic_candidates(entry.grid, geometry)
    common = {"variant": plan.variant(entry), "symbols": pf.symbols, "weights": entry.extras.get("weights")}
    puzzle = scene(entry.grid, geometry, candidates=marks, **common)
    if not solution:
        return Drawing(k, entry.line, puzzle)
    result = solve(entry.grid, geometry, 1, 0)
    solved = scene(result.solution, geometry, givens=entry.grid, **common) if result.count else None
    return Drawing(k, entry.line, puzzle, solved, status=result.status)


def _error(entry, geometry) -> str:
    """Why a puzzle cannot be drawn (unreadable, clashing givens), or ''."""
    from ..sudoku.grid import check_givens

    try:
        if entry.error:
            raise InputError(entry.error)
        check_givens(entry.grid, geometry)
    except InputError as exc:
        return str(exc)
    return ""


def files(found: list[Drawing], to: str, per_page: int = 1, width: int | None = None) -> list[str | bytes]:
    """One SVG text or PNG per picture (the solved one where there is one), or a single PDF of print sheets."""
    good = [d for d in found if d.puzzle is not None]
    if to == "pdf":
        return [sheets(good, per_page)]
    svgs = [to_svg(d.solved or d.puzzle, width) for d in good]
    if to == "svg":
        return svgs
    from . import png

    return [png(text) for text in svgs]


def sheets(found: list[Drawing], per_page: int) -> bytes:
    """A PDF of the puzzles, per_page to an A4 page, then their solutions on pages of their own."""
    from .pdfdoc import to_pdf
    from .sheet import pages

    puzzles = [_titled(d.puzzle, f"Puzzle {d.number}") for d in found]
    solutions = [_titled(d.solved, f"Solution {d.number}") for d in found if d.solved is not None]
    return to_pdf(pages(puzzles, per_page) + (pages(solutions, per_page) if solutions else []))


def _titled(sc: Scene, title: str) -> tuple[str, float, float]:
    """The body, width and height of a scene drawn with a title."""
    return draw(dataclasses.replace(sc, title=title))[:3]


def format_of(out: str | None) -> str:
    """The format an output name asks for by its extension (.png, .pdf), else svg."""
    ext = os.path.splitext(out or "")[1].lower().lstrip(".")
    return ext if ext in FORMATS else "svg"


def paths(out: str | None, numbers: list[int], to: str, source: str) -> list[str | None]:
    """Where each output goes (numbers: the puzzles' places in the file, one per output); None is stdout.

    One output: OUT itself (a directory gets <source stem>.<ext>), or stdout without -o. Several (one SVG or
    PNG per puzzle): OUT holds '{n}', replaced by the puzzle's number in the file (zero-padded), or OUT is a
    directory (existing, or ending in '/', created) that gets <stem>-<n>.<ext>.
    """
    stem = "puzzle" if source.startswith("<") else os.path.splitext(os.path.basename(source))[0]
    if out is None:
        if len(numbers) > 1:
            raise InputError(f"{len(numbers)} pictures: give -o with '{{n}}' (e.g. -o pics/p{{n}}.{to}) "
                             "or a directory")
        return [None]
    is_dir = os.path.isdir(out) or out.endswith(("/", os.sep))
    width = len(str(max(numbers)))
    if len(numbers) == 1 and not is_dir:
        return [out.replace("{n}", str(numbers[0]))]
    if "{n}" in out:
        return [out.replace("{n}", str(k).zfill(width)) for k in numbers]
    if is_dir:
        return [os.path.join(out, f"{stem}-{str(k).zfill(width)}.{to}" if len(numbers) > 1 else f"{stem}.{to}")
                for k in numbers]
    raise InputError(f"-o {out}: {len(numbers)} pictures need a pattern with '{{n}}' or a directory")


def save(path: str, data: str | bytes) -> None:
    """Write one output, creating its directory; an unwritable path is an InputError."""
    try:
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data.encode() if isinstance(data, str) else data)
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror}") from None
