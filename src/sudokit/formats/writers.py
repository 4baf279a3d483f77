"""Writing puzzles and answers: every output format, and answers in the layout their input had."""

from __future__ import annotations

import math

import numpy as np

from ..errors import InputError
from .cages import format_regions
from .jsondoc import dump_json, puzzle_to_json
from .model import Entry, PuzzleFile
from .symbols import ALPHABETS

WRITERS = ("line", "grid", "ints", "sdm", "sdk", "ss", "pencilmark", "json")


def format_grid(grid, n: int, fmt: str = "line", symbols: str | None = None, box: tuple[int, int] | None = None
                ) -> str:
    """A grid as text in a format (no final newline); 0 prints as '.' ('0' in ints and sdm)."""
    grid = np.asarray(grid).ravel()
    if fmt == "ints":
        return "\n".join(" ".join(str(v) for v in grid[r * n:(r + 1) * n].tolist()) for r in range(n))
    if fmt == "pencilmark":
        return format_candidates(candidates_of(grid, n), n, symbols)
    alphabet = ("0" if fmt == "sdm" else ".") + (symbols or ALPHABETS["default"][:n])
    cells = "".join(alphabet[v] for v in grid.tolist())
    rows = [cells[r * n:(r + 1) * n] for r in range(n)]
    if fmt in ("grid", "sdk", "hdu4069"):
        return "\n".join(rows)
    if fmt == "ss":
        return _boxed(rows, box or _default_box(n))
    return cells


def _default_box(n: int) -> tuple[int, int]:
    """The most square r x c box shape for side N (as geometry.default_box)."""
    r = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return r, n // r


def _boxed(rows: list[str], box: tuple[int, int]) -> str:
    """Simple Sudoku layout: '|' between box columns, '---+---+---' between bands."""
    r, c = box
    n = len(rows)
    rule = "+".join("-" * c for _ in range(n // c))
    out = []
    for k, row in enumerate(rows):
        if k and k % r == 0:
            out.append(rule)
        out.append("|".join(row[j:j + c] for j in range(0, n, c)))
    return "\n".join(out)


def candidates_of(grid, n: int) -> np.ndarray:
    """The candidate mask [N*N, N] of a grid: a given keeps its own digit, an empty cell every digit."""
    grid = np.asarray(grid, dtype=np.int64).ravel()
    mask = np.ones((n * n, n), bool)
    given = np.flatnonzero(grid)
    mask[given] = False
    mask[given, grid[given] - 1] = True
    return mask


def format_candidates(mask, n: int, symbols: str | None = None) -> str:
    """A candidate mask as a Sukaku line: N slots per cell, symbol i if present, '.' if eliminated."""
    mask = np.asarray(mask, bool).reshape(n * n, n)
    alphabet = np.array(list(symbols or ALPHABETS["default"][:n]))
    return "".join(np.where(mask, alphabet[None, :], ".").ravel().tolist())


def givens_of(entry: Entry, n: int) -> np.ndarray:
    """The grid of an entry; a candidate grid only if every cell is a single digit or fully open (lossless)."""
    if entry.candidates is None:
        return entry.grid
    mask = np.asarray(entry.candidates).reshape(n * n, n)
    sizes = mask.sum(axis=1)
    if np.any((sizes != 1) & (sizes != n)):
        raise InputError("this puzzle has pencilmarks; write it --to pencilmark or --to json")
    return np.where(sizes == 1, mask.argmax(axis=1) + 1, entry.grid).astype(np.int32)


def write_puzzles(pf: PuzzleFile, to: str, box: tuple[int, int] | None = None) -> str:
    """Every readable puzzle of a file in another format (the text of `sudokit convert`)."""
    if to not in WRITERS:
        raise InputError(f"unknown output format {to!r} (known: {', '.join(WRITERS)})")
    good = [e for e in pf.entries if not e.error]
    if to in ("sdm", "ss") and pf.n > 9:
        raise InputError(f"--to {to} holds grids up to 9x9 (digits, '0' or '.' blank); use grid, line or json")
    if to == "json":
        docs = [dump_json(puzzle_to_json(e, pf.n)) for e in good]
        return (docs[0] if len(docs) == 1 else "[\n" + ",\n".join(docs) + "\n]") + "\n"
    lost = [name for name, has in (("regions", any(e.regions is not None for e in good)),
                                   ("constraints or cages", any(e.extras.get("constraints") or e.extras.get("cages")


                                                                for e in good))) if has]
    if lost and not (to == "line" and lost == ["regions"]):
        raise InputError(f"--to {to} cannot hold the puzzles' {lost[0]}; use --to json"
                         + (" (or line for jigsaw)" if lost == ["regions"] else ""))
    blocks = [_write_one(e, pf, to, box) for e in good]
    sep = "\n" if to in ("line", "sdm", "pencilmark") else "\n\n"
    head = "".join(m + "\n" for m in pf.meta) if to == "sdk" else ""
    return head + sep.join(blocks) + ("\n" if blocks else "")


def _write_one(entry: Entry, pf: PuzzleFile, to: str, box) -> str:
    """One puzzle in a writer's format."""
    if to == "pencilmark":
        mask = entry.candidates if entry.candidates is not None else candidates_of(entry.grid, pf.n)
        return format_candidates(mask, pf.n, pf.symbols)
    text = format_grid(givens_of(entry, pf.n), pf.n, to, pf.symbols, box)
    if entry.regions is not None:
        text += format_regions(entry.regions, pf.n).replace("\n", "")
    return text


def format_entry(grid, pf: PuzzleFile) -> str:
    """A solution printed in the layout of the file its puzzle came from (a line for pencilmark, jigsaw, json)."""
    fmt = {"pencilmark": "line", "jigsaw": "line", "json": "line", "text": "grid"}.get(pf.fmt, pf.fmt)
    return format_grid(grid, pf.n, fmt, pf.symbols)


def block_separator(pf: PuzzleFile) -> str:
    """What stands between two answers: a newline, or a blank line between grid blocks if the input had them."""
    return "\n\n" if pf.fmt != "line" and pf.separated else "\n"


def join_blocks(blocks: list[str], pf: PuzzleFile) -> str:
    """Answers joined as the input was: a line per line, grid blocks separated by a blank line if the input was."""
    return block_separator(pf).join(blocks) + "\n" if blocks else ""
