"""read_puzzles: detect the format of a text, hand it to its reader, and refuse junk early."""

from __future__ import annotations

import math
import re

from ..errors import InputError
from ..textfile import read_file  # re-exported: formats.read_file
from ..geometry import MAX_N
from .grids import blocks_of, read_grids, read_ints, read_sdk
from .jsondoc import read_json
from .judges import read_hdu4069
from .lines import is_count_line, jigsaw_side, read_lines
from .model import Entry, MIN_LINE_SIDE, PuzzleFile
from .pencil import pencil_side, read_pencil_lines
from .sudopedia import read_text

FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "text", "pencilmark", "json", "hdu4069")


def read_puzzles(text: str, fmt: str | None = None, symbols: str | None = None, n: int | None = None,
                 source: str = "<input>") -> PuzzleFile:
    """Read every puzzle of a text; the format and alphabet are detected unless given."""
    if fmt is not None and fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is no cell
    fmt = fmt or _detect_whole(text)
    if fmt in _WHOLE_READERS:
        if not text or text.isspace():  # not text.strip(): no copy of a big file
            raise InputError(f"{source}: empty input")
        return _check_side(_WHOLE_READERS[fmt](text, symbols, n, source))
    lines = _content_lines(text)
    if not lines:
        raise InputError(f"{source}: empty input")
    if is_count_line(lines[0][1]) and len(lines) > 1 and not _first_row(lines):
        lines = _strip_blank(lines[1:])
    detected = fmt is None
    fmt = fmt or _detect_format(lines, n)
    reader = {"line": read_lines, "sdm": read_lines, "grid": read_grids, "ints": read_ints,
              "pencilmark": read_pencil_lines}[fmt]
    if detected and fmt == "line":
        _check_line_side(lines[0], n, source)
    pf = _check_side(reader(lines, symbols, n, source))
    pf.fmt = "sdm" if fmt == "sdm" else pf.fmt
    _stop_on_junk(pf.entries, source)
    return pf


def _check_side(pf: PuzzleFile) -> PuzzleFile:
    """The file, if its grids are 4x4 .. 64x64 (smaller ones are no Sudoku a format can write back)."""
    if not MIN_LINE_SIDE <= pf.n <= MAX_N:
        raise InputError(f"{pf.source}: {pf.n}x{pf.n} grids; sudokit reads {MIN_LINE_SIDE}x{MIN_LINE_SIDE} .. "
                         f"{MAX_N}x{MAX_N}")
    return pf


JUNK = 20  # this many unreadable puzzles at the start of a file, and not one readable: it is not a puzzle file


def _stop_on_junk(entries: list[Entry], source: str) -> None:
    """One error for a file whose first JUNK puzzles are all unreadable, instead of one per line of junk."""
    head = entries[:JUNK]
    if len(head) == JUNK and all(e.error for e in head):
        raise InputError(f"{source}:{head[0].line}: {head[0].error} (and the {JUNK - 1} puzzles after it: "
                         "not a puzzle file?)")


def _check_line_side(first: tuple[int, str], n: int | None, source: str) -> None:
    """A detected one-puzzle-per-line file: its first line must spell N*N cells together (N >= 4)."""
    tokens = first[1].split()
    if n is not None or pencil_side(len(tokens[0])) or jigsaw_side(len(tokens[0])):
        return
    side = math.isqrt(len(tokens[0]))
    if side * side == len(tokens[0]) and MIN_LINE_SIDE <= side <= MAX_N:
        return
    joined = math.isqrt(len("".join(tokens)))
    where = f"{source}:{first[0]}"
    if len(tokens) > 1 and joined * joined == len("".join(tokens)) and MIN_LINE_SIDE <= joined <= MAX_N:
        raise InputError(f"{where}: the cells of a puzzle line are written together; this line holds "
                         f"{len(tokens)} cells separated by spaces or tabs")
    raise InputError(f"{where}: a puzzle line has {_cells(len(tokens[0]))}, not a square number N*N for N = "
                     f"{MIN_LINE_SIDE}..{MAX_N}")


def _cells(k: int) -> str:
    """'1 cell', '5 cells'."""
    return f"{k} cell" + ("" if k == 1 else "s")


def _first_row(lines: list[tuple[int, str]]) -> bool:
    """True when a lone number starts a grid: the next line is a row as wide (4x4 '1234' then '3412')."""
    rest = _strip_blank(lines[1:])
    return bool(rest) and lines[1][1].strip() != "" and len(rest[0][1].strip()) == len(lines[0][1].strip())


def _strip_blank(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines without the blank ones at the start."""
    while lines and not lines[0][1].strip():
        lines = lines[1:]
    return lines


def _detect_whole(text: str) -> str | None:
    """json, sdk (metadata or [Puzzle] header) or ss (boxed with '|'), else None for the line-based readers."""
    stripped = text.lstrip()
    if stripped.startswith("{") or (stripped.startswith("[") and stripped[1:].lstrip().startswith("{")):
        return "json"
    lines = [line.strip() for line in stripped.splitlines() if line.strip()]
    if not lines:
        return None
    body = [line for line in lines if not line.startswith("#")]
    if lines[0] == "[Puzzle]" or (re.match(r"#[ADCBSLU]", lines[0]) and body and len(body[0]) <= 9):
        return "sdk"
    if any(re.fullmatch(r"[*|]?-{2,}(\+-{2,})+[*|]?|\*-+\*", line) for line in lines) and any(
            "|" in line for line in lines):
        return "ss"
    return None


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) pairs without CR, '#' comments, leading/trailing blank lines; stop at 'end'."""
    out = []
    for k, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n")):
        line = raw.rstrip()
        if line.strip() == "end":
            break
        if line.startswith("#"):
            continue
        out.append((k + 1, line))
    while out and not out[-1][1].strip():
        out.pop()
    while out and not out[0][1].strip():
        out.pop(0)
    return out


def _detect_format(lines: list[tuple[int, str]], n: int | None) -> str:
    """'ints' for rows of numbers, 'grid' for blocks of N lines of N characters, else 'line'."""
    first = lines[0][1].split()
    if len(first) > 1 and all(t.isdigit() for t in first):
        return "ints"
    width = len(first[0])
    if n is not None:
        return "grid" if width == n else "line"
    if width > MAX_N or width < MIN_LINE_SIDE:
        return "line"
    blocks = blocks_of(lines)
    square_blocks = all(len(b) % width == 0 and all(len(t.strip()) == width for _, t in b) for b in blocks)
    side = math.isqrt(width)
    line_width = side * side == width and side >= MIN_LINE_SIDE
    rows = len(blocks[0]) > 1 and all(len(t.strip()) == width for _, t in blocks[0])  # a grid with a row missing
    return "grid" if square_blocks or not line_width and rows else "line"


_WHOLE_READERS = {"sdk": read_sdk, "ss": read_text, "text": read_text, "json": read_json,
                  "hdu4069": read_hdu4069}
