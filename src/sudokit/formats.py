"""Parse and print puzzles: the one place for every Sudoku text format.

Formats (``fmt``):
- ``line``: one puzzle per line, N*N cells; blanks ``. 0 - _ *``; text after the puzzle is a comment; lines starting
  with ``#`` are comments; a line ``end`` stops the input (POJ 3074).
- ``grid``: N lines of N characters per puzzle (POJ 2676 / 3076), puzzles optionally separated by blank lines.
- ``ints``: N lines of N whitespace-separated integers, 0 = empty (NOIP style).
Any of them may start with a count line (a lone small integer), which is skipped.
- ``sdm``: SudoCue collection, one 81-character line per puzzle, ``0`` = empty (read like ``line``).
- ``sdk``: SadMan / SudoCue single puzzle, N lines of N characters, ``.`` = empty; ``#A``.. metadata lines are kept
  (``PuzzleFile.meta``) and an optional ``[Puzzle]`` header is skipped.
- ``ss``: Simple Sudoku boxed text (``.3.|4..|...`` rows, ``---+---+---`` rules, optional ``*---*`` frame).
- ``text``: any one-puzzle-per-block text by the Sudopedia clipboard rules: N*N groups of digits make a candidate
  grid (all other characters are layout); otherwise the digits are givens and the blank is the one character that
  occurs exactly N*N - (digits) times (ties: ``0 . X * _ space``). ``ss`` is read this way.
- ``pencilmark``: Sukaku, N*N*N characters per line, N slots per cell: slot i holds symbol i if that candidate is
  present, ``.`` (or ``0``) if it is eliminated.
- ``jigsaw`` lines: N*N givens followed by N*N region labels on one line (forum convention), read by ``line``.
- ``json``: the puzzle description (size, box or regions, givens, candidates, constraints, cages, weights), one
  object or a list of them; see ``puzzle_to_json``.
- ``hdu4069``: HDU 4069 "Squiggly Sudoku": T, then per case 9 lines of 9 integers digit + 16 (wall top)
  + 32 (wall right) + 64 (wall bottom) + 128 (wall left); regions are the wall-bounded components.

Symbols: ``1-9`` for N <= 9. For larger N an alphabet: ``default`` (1-9 then A-Z, a-z), ``letters`` (A-P for 16x16,
the POJ 3076 convention) or ``hex`` (0-F, where 0 is a digit); detected from the characters used when only one
alphabet fits, else the caller must say which.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from .errors import InputError
from .geometry import MAX_N

ALPHABETS = {
    "default": "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+=@",
    "letters": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+=",
    "hex": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+=",
}
BLANKS = ".0-_*"
FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "text", "pencilmark", "json", "hdu4069")
WRITERS = ("line", "grid", "ints", "sdm", "sdk", "ss", "pencilmark", "json")
SUDOPEDIA_BLANKS = "0.X*_ "


@dataclass
class Entry:
    """One puzzle read from a file: its grid (None if unreadable), the line it starts on, why it is unreadable."""

    grid: np.ndarray | None
    line: int
    error: str = ""
    comment: str = ""
    candidates: np.ndarray | None = None  # bool [N*N, N] for pencilmark / candidate grids
    regions: np.ndarray | None = None  # int [N, N] region labels (jigsaw lines, hdu4069, json)
    extras: dict = field(default_factory=dict)  # json: box, constraints, cages, weights


@dataclass
class PuzzleFile:
    """The puzzles of one input and how they were written, so answers can be printed the same way."""

    entries: list[Entry]
    n: int
    fmt: str
    symbols: str
    source: str = "<input>"
    separated: bool = False  # grid/ints blocks separated by blank lines
    notes: list[str] = field(default_factory=list)
    meta: list[str] = field(default_factory=list)  # sdk '#' metadata lines, verbatim

    def describe(self) -> str:
        """One line saying what the reader assumed."""
        return (f"{self.source}: {len(self.entries)} puzzle(s), format {self.fmt}, {self.n}x{self.n}, "
                f"symbols {self.symbols!r}")


def resolve_symbols(name_or_symbols: str | None, n: int) -> str:
    """The N symbols of an alphabet given by name (default, letters, hex) or spelled out."""
    if name_or_symbols is None:
        return ALPHABETS["default"][:n]
    symbols = ALPHABETS.get(name_or_symbols, name_or_symbols)
    if name_or_symbols in ALPHABETS:
        symbols = symbols[:n]
    if len(symbols) != n or len(set(symbols)) != n:
        raise InputError(f"symbols {name_or_symbols!r}: need {n} distinct characters for a {n}x{n} grid")
    if "." in symbols or any(ch.isspace() for ch in symbols):
        raise InputError(f"symbols {name_or_symbols!r}: '.' and spaces are blanks, not symbols")
    return symbols


def read_puzzles(text: str, fmt: str | None = None, symbols: str | None = None, n: int | None = None,
                 source: str = "<input>") -> PuzzleFile:
    """Read every puzzle of a text; the format and alphabet are detected unless given."""
    if fmt is not None and fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is no cell
    fmt = fmt or _detect_whole(text)
    if fmt in _WHOLE_READERS:
        if not text.strip():
            raise InputError(f"{source}: empty input")
        return _check_side(_WHOLE_READERS[fmt](text, symbols, n, source))
    lines = _content_lines(text)
    if not lines:
        raise InputError(f"{source}: empty input")
    if is_count_line(lines[0][1]) and len(lines) > 1 and not _first_row(lines):
        lines = _strip_blank(lines[1:])
    detected = fmt is None
    fmt = fmt or _detect_format(lines, n)
    reader = {"line": _read_lines, "sdm": _read_lines, "grid": _read_grids, "ints": _read_ints,
              "pencilmark": _read_pencil_lines}[fmt]
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


MIN_LINE_SIDE = 4  # grids are 4x4 .. 64x64: a 1x1, 2x2 or 3x3 "Sudoku" is junk no format writes back


def _check_line_side(first: tuple[int, str], n: int | None, source: str) -> None:
    """A detected one-puzzle-per-line file: its first line must spell N*N cells together (N >= 4)."""
    tokens = first[1].split()
    if n is not None or _pencil_side(len(tokens[0])) or _jigsaw_side(len(tokens[0])):
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


def is_count_line(line: str) -> bool:
    """A lone small integer: the 'number of puzzles' line many judge files start with."""
    token = line.strip()
    return token.isdigit() and len(token) <= 6 and len(line.split()) == 1


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
    blocks = _blocks(lines)
    square_blocks = all(len(b) % width == 0 and all(len(t.strip()) == width for _, t in b) for b in blocks)
    side = math.isqrt(width)
    line_width = side * side == width and side >= MIN_LINE_SIDE
    rows = len(blocks[0]) > 1 and all(len(t.strip()) == width for _, t in blocks[0])  # a grid with a row missing
    return "grid" if square_blocks or not line_width and rows else "line"


def _blocks(lines: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Runs of non-blank lines."""
    blocks, cur = [], []
    for k, line in lines:
        if line.strip():
            cur.append((k, line))
        elif cur:
            blocks.append(cur)
            cur = []
    return blocks + ([cur] if cur else [])


def _read_lines(lines, symbols, n, source) -> PuzzleFile:
    """One puzzle per line; text after the first whitespace-free run of N*N cells is a comment."""
    rows = [(k, t) for k, t in lines if t.strip()]
    tokens = [(k, t.split()[0], t[len(t) - len(t.lstrip()) + len(t.split()[0]):].strip()) for k, t in rows]
    first = tokens[0][1]
    if _is_pencilmark(first, n):
        return _read_pencilmarks(tokens, symbols, source)
    jigsaw = n is None and _jigsaw_side(len(first)) or (n if n and len(first) == 2 * n * n else 0)
    if n is None:
        n = jigsaw or _side_from_length(len(first), f"{source}:{tokens[0][0]}")
    cells = [(k, tok[:n * n] if jigsaw else tok, comment) for k, tok, comment in tokens]
    alphabet = _choose_alphabet({c for _, tok, _ in cells for c in tok}, symbols, n, source)
    decode = _decoder(alphabet)
    entries = []
    for (k, tok, comment), (_, full, _) in zip(cells, tokens):
        grid, error = _decode_cells(tok, n, decode)
        entry = Entry(grid, k, error, comment)
        if jigsaw and not error:
            entry.regions, entry.error = _labels_of(full[n * n:], n)
            entry.grid = None if entry.error else grid
        elif _is_label_grid(comment.split()[0] if comment else "", n):  # givens, a space, region labels
            entry.regions, _ = _labels_of(comment.split()[0], n)
            entry.comment = comment[n * n:].strip()
        entries.append(entry)
    return PuzzleFile(entries, n, "jigsaw" if jigsaw else "line", alphabet, source)


def _jigsaw_side(length: int) -> int:
    """N if a line of this length is N*N givens plus N*N region labels, else 0."""
    side = math.isqrt(length // 2)
    return side if length % 2 == 0 and 2 * side * side == length and 2 <= side <= MAX_N else 0


def _labels_of(text: str, n: int) -> tuple[np.ndarray | None, str]:
    """N*N region labels (any characters) as an int [N, N] grid, or the reason they are not."""
    if len(text) != n * n:
        return None, f"expected {n * n} region labels, found {len(text)}"
    _, inverse = np.unique(np.array(list(text)), return_inverse=True)
    return inverse.reshape(n, n).astype(np.int32), ""


def _is_label_grid(token: str, n: int) -> bool:
    """True for N*N characters holding exactly N labels N times each (a jigsaw region string)."""
    return len(token) == n * n and n > 1 and sorted(Counter(token).values()) == [n] * n


def _pencil_side(length: int) -> int:
    """N if length is N*N*N (N >= 4), else 0."""
    side = round(length ** (1 / 3))
    return side if side >= 4 and side ** 3 == length else 0


def _is_pencilmark(token: str, n: int | None) -> bool:
    """True for N*N*N characters where every slot i of a cell is symbol i or a blank (Sukaku)."""
    side = _pencil_side(len(token))
    if not side or (n is not None and n != side) or side > 9:
        return False
    if side == 9 and set(token) <= set("0123456789."):  # 729 digits and dots: never a 27x27 line in practice
        return True
    return all(ch in ".0" or ch == str(k % side + 1) for k, ch in enumerate(token))


def _read_pencil_lines(lines, symbols, n, source) -> PuzzleFile:
    """Sukaku lines (format forced): the first token of every non-blank line."""
    tokens = [(k, t.split()[0], " ".join(t.split()[1:])) for k, t in lines if t.strip()]
    if not _pencil_side(len(tokens[0][1])):
        raise InputError(f"{source}:{tokens[0][0]}: a pencilmark line has N*N*N characters (729 for 9x9)")
    return _read_pencilmarks(tokens, symbols, source)


def _read_pencilmarks(tokens, symbols, source) -> PuzzleFile:
    """Sukaku lines: N*N cells of N slots, slot i = symbol i (candidate present) or '.'/'0'."""
    n = _pencil_side(len(tokens[0][1]))
    alphabet = resolve_symbols(symbols, n)
    entries = []
    for k, tok, comment in tokens:
        mask, error = _decode_pencilmark(tok, n, alphabet)
        entries.append(Entry(None if error else np.zeros(n * n, np.int32), k, error, comment, mask))
    return PuzzleFile(entries, n, "pencilmark", alphabet, source)


def _decode_pencilmark(token: str, n: int, alphabet: str) -> tuple[np.ndarray | None, str]:
    """A bool [N*N, N] candidate mask from N*N*N slots, or the reason it is not one."""
    if len(token) != n ** 3:
        return None, f"a {n}x{n} pencilmark line needs {n ** 3} characters, found {len(token)}"
    slots = np.array(list(token)).reshape(n * n, n)
    want = np.array(list(alphabet))
    present = slots == want
    bad = ~present & ~np.isin(slots, list(".0"))
    if bad.any():
        cell, slot = (int(v) for v in np.argwhere(bad)[0])
        return None, (f"pencilmark r{cell // n + 1}c{cell % n + 1}: slot {slot + 1} must be "
                      f"{alphabet[slot]!r} or '.', found {str(slots[cell, slot])!r}")
    empty = np.flatnonzero(~present.any(axis=1))
    if len(empty):
        return None, f"pencilmark r{empty[0] // n + 1}c{empty[0] % n + 1} has no candidate left"
    return present, ""


def _read_grids(lines, symbols, n, source) -> PuzzleFile:
    """Blocks of N lines of N characters."""
    blocks = _blocks(lines)
    n = n or len(blocks[0][0][1].strip())
    alphabet = _choose_alphabet({c for b in blocks for _, t in b for c in t.strip()}, symbols, n, source)
    decode = _decoder(alphabet)
    entries = []
    for block in blocks:
        for start in range(0, len(block), n):
            part = block[start:start + n]
            text = "".join(t.strip() for _, t in part)
            grid, error = _decode_cells(text, n, decode)
            if len(part) != n:
                grid, error = None, f"expected {n} rows, found {len(part)}"
            elif any(len(t.strip()) != n for _, t in part):
                bad = next(k for k, t in part if len(t.strip()) != n)
                grid, error = None, f"line {bad}: expected {n} characters"
            entries.append(Entry(grid, part[0][0], error))
    return PuzzleFile(entries, n, "grid", alphabet, source, separated=len(blocks) > 1)


def _read_ints(lines, symbols, n, source) -> PuzzleFile:
    """Blocks of N rows of N integers, 0 = empty."""
    rows = [(k, t.split()) for k, t in lines if t.strip()]
    n = n or len(rows[0][1])
    if n > MAX_N:
        raise InputError(f"{source}:{rows[0][0]}: {n} numbers on a row; at most {MAX_N} supported")
    entries = []
    for start in range(0, len(rows), n):
        part = rows[start:start + n]
        entries.append(_decode_int_rows(part, n))
    separated = len(_blocks(lines)) > 1
    return PuzzleFile(entries, n, "ints", resolve_symbols(symbols if symbols else None, n), source, separated)


def _decode_int_rows(part, n: int) -> Entry:
    """One puzzle from N rows of integers."""
    line = part[0][0]
    if len(part) != n:
        return Entry(None, line, f"expected {n} rows, found {len(part)}")
    for k, tokens in part:
        if len(tokens) != n:
            return Entry(None, line, f"line {k}: expected {n} numbers, found {len(tokens)}")
        bad = [t for t in tokens if not t.isdigit() or int(t) > n]
        if bad:
            return Entry(None, line, f"line {k}: {bad[0]!r} is not a number 0..{n}")
    return Entry(np.array([int(t) for _, tokens in part for t in tokens], np.int32), line)


def _side_from_length(length: int, where: str) -> int:
    """N from a line of N*N cells."""
    side = math.isqrt(length)
    if side * side != length or not 1 <= side <= MAX_N:
        raise InputError(f"{where}: a puzzle line has {length} cells, not a square number up to {MAX_N}^2")
    return side


def _choose_alphabet(used: set[str], symbols: str | None, n: int, source: str) -> str:
    """The symbols: as given, else the one alphabet that covers every character used."""
    if symbols:
        return resolve_symbols(symbols, n)
    if n <= 9:
        return ALPHABETS["default"][:n]
    fits = [name for name, alpha in ALPHABETS.items() if used <= set(_decoder(alpha[:n]))]
    if "0" in used and used & set(BLANKS) - {"0"}:  # '0' beside another blank mark is a digit (hex)
        fits = [name for name in fits if "0" in ALPHABETS[name][:n]]
    if len(fits) == 1:
        return ALPHABETS[fits[0]][:n]
    if not fits:
        raise InputError(f"{source}: characters {''.join(sorted(used))!r} fit no known {n}x{n} alphabet; "
                         "give --symbols")
    raise InputError(f"{source}: ambiguous symbols for {n}x{n} (could be {' or '.join(fits)}); give --symbols")


def _decoder(alphabet: str) -> dict[str, int]:
    """Character -> value (0 for blanks that are not symbols)."""
    table = {ch: 0 for ch in BLANKS if ch not in alphabet}
    table.update({ch: k + 1 for k, ch in enumerate(alphabet)})
    return table


def _decode_cells(text: str, n: int, decode: dict[str, int]) -> tuple[np.ndarray | None, str]:
    """A grid from N*N characters, or the reason it is not one."""
    if len(text) != n * n:
        return None, f"expected {n * n} cells, found {len(text)}"
    try:
        return np.array([decode[ch] for ch in text], np.int32), ""
    except KeyError as exc:
        return None, f"unknown symbol {exc.args[0]!r}"


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
        docs = [_dump_json(puzzle_to_json(e, pf.n)) for e in good]
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


# ---- whole-text readers: sdk, Sudopedia text / ss, json, hdu4069 ----

def _read_sdk(text: str, symbols, n, source) -> PuzzleFile:
    """A .sdk file: '#' metadata lines (kept), an optional [Puzzle] header, then N lines of N characters."""
    meta, body = [], []
    for k, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        line = raw.strip()
        if line.startswith("#"):
            meta.append(line)
        elif line and line != "[Puzzle]":
            body.append((k, line))
    if not body:
        raise InputError(f"{source}: no puzzle rows after the metadata")
    pf = _read_grids(body, symbols, n, source)
    pf.fmt, pf.meta = "sdk", meta
    return pf


def _read_text(text: str, symbols, n, source) -> PuzzleFile:
    """Blocks of text (separated by blank lines), each one puzzle by the Sudopedia clipboard rules."""
    lines = [(k, raw) for k, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1)]
    blocks, cur = [], []  # only empty lines separate puzzles: a row of nine spaces is a row of blanks
    for k, t in lines:
        if t:
            cur += [] if t.lstrip().startswith("#") else [(k, t)]
        elif cur:
            blocks, cur = blocks + [cur], []
    blocks += [cur] if cur else []
    if not blocks:
        raise InputError(f"{source}: empty input")
    entries, side = [], n
    for block in blocks:
        entry, got = _sudopedia("\n".join(t for _, t in block), side, block[0][0])
        side = side or got
        entries.append(entry)
    if side is None:
        raise InputError(f"{source}:{entries[0].line}: {entries[0].error}")
    fmt = "ss" if "|" in text else "text"
    return PuzzleFile(entries, side, fmt, resolve_symbols(symbols, side), source, separated=len(blocks) > 1)


def _sudopedia(body: str, n: int | None, line: int) -> tuple[Entry, int | None]:
    """One puzzle from a block of text: a candidate grid (N*N digit groups) or givens with a detected blank."""
    groups = re.findall(r"[0-9]+", body)
    side = math.isqrt(len(groups))
    if (len(groups) > 1 and side * side == len(groups) and MIN_LINE_SIDE <= side <= 9 and n in (None, side)
            and all("0" not in g and max(g) <= str(side) for g in groups)):
        mask = np.zeros((side * side, side), bool)
        for cell, g in enumerate(groups):
            mask[cell, [int(ch) - 1 for ch in g]] = True
        return Entry(np.zeros(side * side, np.int32), line, candidates=mask), side
    counts = Counter(ch for ch in body if ch != "\n")
    digits = sum(counts[d] for d in "123456789")
    order = [ch for ch in SUDOPEDIA_BLANKS if ch in counts] + sorted(set(counts) - set(SUDOPEDIA_BLANKS) - set(
        "123456789"))
    for blank in order + [""]:
        total = digits + (counts[blank] if blank else 0)
        side = math.isqrt(total)
        if side * side == total and MIN_LINE_SIDE <= side <= 9 and n in (None, side) and not any(
                counts[str(d)] for d in range(side + 1, 10)):
            cells = [ch for ch in body if ch in "123456789" or (blank and ch == blank)]
            grid = np.array([0 if ch == blank else int(ch) for ch in cells], np.int32)
            return Entry(grid, line), side
    return Entry(None, line, f"cannot tell the blank: no character occurs N*N - {digits} times "
                             f"for a square grid up to 9x9"), None


def _read_json(text: str, symbols, n, source) -> PuzzleFile:
    """Puzzle descriptions in JSON: one object or a list of objects (see puzzle_to_json)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}: bad JSON: {exc.msg}") from None
    docs = data if isinstance(data, list) else [data]
    if not docs or not all(isinstance(d, dict) for d in docs):
        raise InputError(f"{source}: expected a JSON object or a list of objects")
    entries = [_entry_from_json(doc, k + 1, source) for k, doc in enumerate(docs)]
    sides = {doc["size"] for doc in docs}
    if len(sides) != 1:
        raise InputError(f"{source}: puzzles of different sizes {sorted(sides)} in one file")
    side = sides.pop()
    return PuzzleFile(entries, side, "json", resolve_symbols(symbols, side), source)


def _entry_from_json(doc: dict, k: int, source: str) -> Entry:
    """One Entry (grid, candidates, regions, extras) from a puzzle object."""
    where = f"{source}: puzzle {k}"
    n = doc.get("size")
    if not _is_int(n) or not 1 <= n <= MAX_N:
        raise InputError(f"{where}: 'size' must be an integer 1..{MAX_N}")
    grid = _json_grid(doc.get("givens", [[0] * n] * n), n, f"{where}: givens")
    if grid.max(initial=0) > n or grid.min(initial=0) < 0:
        raise InputError(f"{where}: givens must be 0..{n}")
    entry = Entry(grid, k, extras=_json_extras(doc, n, where))
    if "candidates" in doc:
        entry.candidates = _json_candidates(doc["candidates"], n, where)
    if "regions" in doc:
        entry.regions = _json_grid(doc["regions"], n, f"{where}: regions", labels=True).reshape(n, n)
    return entry


def _json_candidates(cand, n: int, where: str) -> np.ndarray:
    """N rows of N lists of digits as a bool [N*N, N] mask."""
    if not (isinstance(cand, list) and len(cand) == n and all(isinstance(r, list) and len(r) == n for r in cand)):
        raise InputError(f"{where}: candidates must be {n} rows of {n} lists of digits")
    mask = np.zeros((n * n, n), bool)
    for cell, digits in enumerate(d for row in cand for d in row):
        if not isinstance(digits, list) or not digits or any(not _is_int(v) or not 1 <= v <= n
                                                              for v in digits):
            raise InputError(f"{where}: candidates of r{cell // n + 1}c{cell % n + 1} must be digits 1..{n}")
        mask[cell, [v - 1 for v in digits]] = True
    return mask


def _json_extras(doc: dict, n: int, where: str) -> dict:
    """The box, constraints, cages, weights and meta of a puzzle object."""
    extras: dict = {}
    if "box" in doc:
        box = doc["box"]
        if not (isinstance(box, list) and len(box) == 2 and all(_is_int(v) for v in box)):
            raise InputError(f"{where}: 'box' must be [rows, columns]")
        extras["box"] = tuple(box)
    constraints = doc.get("constraints", [])
    if not isinstance(constraints, list) or not all(isinstance(c, str) for c in constraints):
        raise InputError(f"{where}: 'constraints' must be a list of names")
    extras["constraints"] = tuple(constraints)
    cages = doc.get("cages", [])
    if not isinstance(cages, list) or not all(isinstance(c, dict) for c in cages):
        raise InputError(f"{where}: 'cages' must be a list of {{\"sum\": S, \"cells\": [\"r1c1\", ...]}}")
    text = "\n".join(f"{c.get('sum', '?')} {' '.join(map(str, c.get('cells', [])))}" for c in cages)
    extras["cages"] = read_cages(text, n, where) if cages else []
    if "weights" in doc:
        extras["weights"] = _json_grid(doc["weights"], n, f"{where}: weights", signed=True)
    if "meta" in doc:
        extras["meta"] = [str(m) for m in doc["meta"]]
    return extras


def _json_grid(value, n: int, where: str, labels: bool = False, signed: bool = False) -> np.ndarray:
    """N rows of N integers (or, for labels / N <= 9 givens, N strings of N characters) as a flat int array."""
    if isinstance(value, str):
        value = [value[r * n:(r + 1) * n] for r in range(n)] if len(value) == n * n else [value]
    if not isinstance(value, list) or len(value) != n:
        raise InputError(f"{where}: expected {n} rows")
    out = []
    for r, row in enumerate(value):
        if isinstance(row, str):
            row = list(row) if labels else [0 if ch in BLANKS else ch for ch in row]
        if not isinstance(row, list) or len(row) != n:
            raise InputError(f"{where}: row {r + 1} must hold {n} values")
        out.extend(row)
    if labels:
        _, inverse = np.unique(np.array([str(v) for v in out]), return_inverse=True)
        return inverse.astype(np.int32)
    if not all(_is_int(v) or isinstance(v, str) and v.isdigit() and v.isascii() for v in out):
        raise InputError(f"{where}: values must be integers")
    values = [int(v) for v in out]
    if any(abs(v) >= 1 << 62 for v in values):
        raise InputError(f"{where}: values must be integers below 2**62 in size")
    arr = np.array(values, np.int64)
    return arr if signed else arr.astype(np.int32)


def _is_int(value) -> bool:
    """True for a JSON integer (a Python int that is not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def puzzle_to_json(entry: Entry, n: int) -> dict:
    """The JSON description of one puzzle (every field read_puzzles(fmt='json') understands)."""
    doc: dict = {"size": n}
    if "box" in entry.extras:
        doc["box"] = list(entry.extras["box"])
    if entry.regions is not None:
        doc["regions"] = np.asarray(entry.regions).reshape(n, n).tolist()
    doc["givens"] = np.asarray(entry.grid).reshape(n, n).tolist()
    if entry.candidates is not None:
        mask = np.asarray(entry.candidates).reshape(n * n, n)
        doc["candidates"] = [[(np.flatnonzero(mask[r * n + c]) + 1).tolist() for c in range(n)] for r in range(n)]
    if entry.extras.get("constraints"):
        doc["constraints"] = list(entry.extras["constraints"])
    if entry.extras.get("cages"):
        doc["cages"] = [{"sum": s, "cells": [cell_name(c, n) for c in cells]} for s, cells in entry.extras["cages"]]
    if entry.extras.get("weights") is not None:
        doc["weights"] = np.asarray(entry.extras["weights"]).reshape(n, n).tolist()
    if entry.extras.get("meta"):
        doc["meta"] = list(entry.extras["meta"])
    return doc


def _dump_json(doc: dict) -> str:
    """A puzzle object as JSON with one grid row (or cage) per line."""
    fields = []
    for key, value in doc.items():
        if isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            rows = ",\n".join("  " + json.dumps(v, separators=(", ", ": ")) for v in value)
            fields.append(f' "{key}": [\n{rows}\n ]')
        else:
            fields.append(f' "{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(fields) + "\n}"


def _read_hdu4069(text: str, symbols, n, source) -> PuzzleFile:
    """HDU 4069: T, then per case 9 lines of 9 integers digit + 16/32/64/128 walls (top/right/bottom/left)."""
    tokens = [(k, tok) for k, raw in enumerate(text.split("\n"), 1) for tok in raw.split()]
    if not tokens or not tokens[0][1].isdigit():
        raise InputError(f"{source}: hdu4069 input starts with the number of cases")
    cases, values = int(tokens[0][1]), tokens[1:]
    if len(values) != 81 * cases:
        raise InputError(f"{source}: {cases} case(s) need {81 * cases} numbers, found {len(values)}")
    bad = next(((k, t) for k, t in values if not t.isdigit() or int(t) > 255 or int(t) % 16 > 9), None)
    if bad:
        raise InputError(f"{source}:{bad[0]}: {bad[1]!r} is not digit 0..9 plus wall bits 16/32/64/128")
    entries = []
    for case in range(cases):
        part = values[81 * case:81 * (case + 1)]
        cells = np.array([int(t) for _, t in part], np.int32)
        labels = regions_from_walls(cells >> 4, 9)
        entry = Entry(cells & 15, part[0][0], regions=labels)
        sizes = np.bincount(labels.ravel())
        if len(sizes) != 9 or np.any(sizes != 9):
            entry.grid, entry.error = None, f"walls make {len(sizes)} regions of sizes {sizes.tolist()}, not 9 of 9"
        entries.append(entry)
    return PuzzleFile(entries, 9, "hdu4069", resolve_symbols(symbols, 9), source)


def regions_from_walls(walls: np.ndarray, n: int) -> np.ndarray:
    """Region labels [N, N] of the wall-bounded components; walls per cell: 1 top, 2 right, 4 bottom, 8 left."""
    walls = np.asarray(walls).reshape(n, n)
    labels = -np.ones((n, n), np.int32)
    steps = ((-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2))
    count = 0
    for start in range(n * n):
        if labels.flat[start] >= 0:
            continue
        labels.flat[start] = count
        stack = [divmod(start, n)]
        while stack:
            r, c = stack.pop()
            for dr, dc, mine, theirs in steps:
                rr, cc = r + dr, c + dc
                if (0 <= rr < n and 0 <= cc < n and labels[rr, cc] < 0 and not walls[r, c] & mine
                        and not walls[rr, cc] & theirs):
                    labels[rr, cc] = count
                    stack.append((rr, cc))
        count += 1
    return labels


def format_hdu4069(case: int, status: str, grid=None) -> str:
    """One HDU 4069 answer: 'Case k:' then the 9 rows, 'No solution' or 'Multiple Solutions'."""
    if status == "solved":
        return f"Case {case}:\n" + format_grid(grid, 9, "grid")
    return f"Case {case}:\n" + ("No solution" if status == "no solution" else "Multiple Solutions")


_WHOLE_READERS = {"sdk": _read_sdk, "ss": _read_text, "text": _read_text, "json": _read_json,
                  "hdu4069": _read_hdu4069}


# ---- regions and cages files ----

def read_regions(text: str, n: int | None = None, source: str = "<regions>") -> np.ndarray:
    """An N x N grid of region labels: N lines of N characters, or of N whitespace-separated labels."""
    rows = [(k, line.strip()) for k, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1)
            if line.strip() and not line.strip().startswith("#")]
    if not rows:
        raise InputError(f"{source}: no region rows")
    split = [line.split() if len(line.split()) > 1 else list(line) for _, line in rows]
    side = n or len(split[0])
    if len(rows) != side:
        raise InputError(f"{source}: expected {side} rows of region labels, found {len(rows)}")
    for (k, _), labels in zip(rows, split):
        if len(labels) != side:
            raise InputError(f"{source}:{k}: expected {side} region labels, found {len(labels)}")
    _, inverse = np.unique(np.array([v for row in split for v in row]), return_inverse=True)
    return inverse.reshape(side, side).astype(np.int32)


def format_regions(labels, n: int) -> str:
    """Region labels as N lines of N characters (A, B, ... for N <= 52), else whitespace-separated numbers."""
    labels = np.asarray(labels).reshape(n, n)
    _, inverse = np.unique(labels, return_inverse=True)
    inverse = inverse.reshape(n, n)
    if n <= 52:
        names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        return "\n".join("".join(names[v] for v in row) for row in inverse.tolist())
    return "\n".join(" ".join(str(v + 1) for v in row) for row in inverse.tolist())


def parse_cell(name: str, n: int) -> int:
    """The index of a cell written r<row>c<col> (1-based, e.g. r1c1, R10C12)."""
    m = re.fullmatch(r"[rR](\d+)[cC](\d+)", name)
    if not m:
        raise InputError(f"cell {name!r}: expected r<row>c<column>, e.g. r1c1")
    r, c = int(m.group(1)), int(m.group(2))
    if not (1 <= r <= n and 1 <= c <= n):
        raise InputError(f"cell {name!r} is outside the {n}x{n} grid")
    return (r - 1) * n + (c - 1)


def cell_name(cell: int, n: int) -> str:
    """The r<row>c<col> name of a cell index."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def read_cages(text: str, n: int, source: str = "<cages>") -> list[tuple[int, tuple[int, ...]]]:
    """Killer cages, one per line: SUM CELL CELL ... (cells r1c1 .. rNcN); '#' lines are comments.

    Each cage holds distinct digits; cages may not overlap; a sum no set of distinct digits can reach is an error.
    """
    cages, owner = [], {}
    for k, raw in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        tokens = raw.split("#", 1)[0].replace(",", " ").replace("=", " ").split()
        if not tokens:
            continue
        where = f"{source}:{k}"
        if not tokens[0].isdigit() or len(tokens) < 2:
            raise InputError(f"{where}: a cage line is SUM CELL CELL ..., e.g. '15 r1c1 r1c2 r2c1'")
        total = int(tokens[0])
        try:
            cells = tuple(parse_cell(t, n) for t in tokens[1:])
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None
        _check_cage(total, cells, n, where, owner, f"the cage of line {k}")
        cages.append((total, cells))
    return cages


def check_cages(cages, n: int, source: str = "cages") -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Cages given as data, (sum, cells) with 0-based cells, checked as a cage file is; as a tuple of tuples."""
    out, owner = [], {}
    for k, cage in enumerate(cages, 1):
        where = f"{source}: cage {k}"
        try:
            total, cells = cage
            cells = tuple(cells)
        except (TypeError, ValueError):
            raise InputError(f"{where}: a cage is (sum, cells), e.g. (15, (0, 1, 9))") from None
        if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in (total, *cells)):
            raise InputError(f"{where}: the sum and the cells are integers")
        cells = tuple(int(c) for c in cells)
        bad = next((c for c in cells if not 0 <= c < n * n), None)
        if bad is not None:
            raise InputError(f"{where}: cell {bad} is outside the {n}x{n} grid (cells are 0..{n * n - 1})")
        _check_cage(int(total), cells, n, where, owner, f"cage {k}")
        out.append((int(total), cells))
    return tuple(out)


def _check_cage(total: int, cells: tuple[int, ...], n: int, where: str, owner: dict, name: str) -> None:
    """One cage: at least one cell, no cell twice, a sum distinct digits can make, no cell in an earlier cage."""
    size = len(cells)
    if not size:
        raise InputError(f"{where}: a cage needs at least one cell")
    if len(set(cells)) != size:
        raise InputError(f"{where}: a cell appears twice in one cage")
    if size > n or not size * (size + 1) // 2 <= total <= size * (2 * n - size + 1) // 2:
        raise InputError(f"{where}: {size} distinct digits 1..{n} cannot sum to {total}")
    for c in cells:
        if c in owner:
            raise InputError(f"{where}: {cell_name(c, n)} is already in {owner[c]}")
        owner[c] = name


def format_cages(cages, n: int) -> str:
    """Cages in the cage-file format, one 'SUM r1c1 r1c2 ...' line each."""
    return "\n".join(f"{total} " + " ".join(cell_name(c, n) for c in cells) for total, cells in cages)


# ---- the batch path: one-puzzle-per-line files parsed into one array, vectorised over the bytes ----

EMPTY_CHARS = b".0-_*"  # the blanks of the line reader (BLANKS)


def symbol_table(n: int) -> np.ndarray:
    """Byte -> cell value (0 = empty, 255 = invalid). N <= 9: digits 1..N; N > 9: letters A.. = 1.. (any case)."""
    lut = np.full(256, 255, np.uint8)
    for ch in EMPTY_CHARS:
        lut[ch] = 0
    if n <= 9:
        for d in range(1, n + 1):
            lut[ord(str(d))] = d
    else:
        if n > 26:
            raise InputError(f"one-line files hold N <= 26 (letters A..Z), not {n}")
        for d in range(1, n + 1):
            lut[ord("A") + d - 1] = d
            lut[ord("a") + d - 1] = d
    return lut


def parse_line_array(data: bytes, n: int, chunk_lines: int = 65536):
    """Parse a file of one puzzle per line into one array, vectorised over the bytes.

    Reads exactly what the line reader reads: blank lines and lines starting with '#' are skipped; a puzzle is
    the first whitespace-free run of N*N cells ('.', '0', '-', '_', '*' = empty; '1'..'9' for N <= 9, 'A'.. for
    N > 9); anything after it, past whitespace, is a comment. LF or CRLF. Lines that start with whitespace or
    hold non-ASCII bytes are decoded one by one in Python (rare); the rest in bulk.
    Returns (grids uint8 [P, N*N], line_numbers int64 [P] (1-based), bad_rows int64 [k]): bad_rows are the
    indices into grids of lines whose first run is not N*N valid cells (their grid row is all 0); use
    ``line_error`` for the line reader's message. Never raises on bad lines.
    """
    ncells = n * n
    lut = symbol_table(n)
    buf = np.frombuffer(data, dtype=np.uint8)
    if len(buf) == 0:
        return np.zeros((0, ncells), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64)
    if buf[-1] != 10:
        buf = np.concatenate([buf, np.array([10], np.uint8)])
    ends = np.flatnonzero(buf == 10)
    starts = np.concatenate([[0], ends[:-1] + 1]).astype(ends.dtype)
    line_no = np.arange(1, len(ends) + 1, dtype=np.int64)
    space = (buf == 32) | (buf == 9) | (buf == 13) | (buf == 10) | (buf == 11) | (buf == 12)
    csum = np.concatenate([[0], np.cumsum(~space, dtype=np.int64)])
    nonblank = (csum[ends] - csum[starts]) > 0
    keep = nonblank & (buf[starts] != ord("#"))
    starts, ends, line_no = starts[keep], ends[keep], line_no[keep]
    grids = np.zeros((len(starts), ncells), np.uint8)
    # leading whitespace, non-ASCII (which str.split may treat as whitespace) or \x1c-\x1f: decoded in Python
    odd = np.concatenate([[0], np.cumsum((buf >= 128) | ((buf >= 28) & (buf <= 31)), dtype=np.int64)])
    lead = space[starts] | (odd[ends] > odd[starts])
    # the run of cells ends exactly at N*N: the line ends there or whitespace follows
    fits = (ends - starts >= ncells) & ~lead & space[np.minimum(starts + ncells, len(buf) - 1)]
    bad = ~fits
    offs = np.arange(ncells, dtype=np.int64)
    good_idx = np.flatnonzero(fits)
    for lo in range(0, len(good_idx), chunk_lines):
        rows = good_idx[lo:lo + chunk_lines]
        vals = lut[buf[starts[rows, None] + offs]]
        badrow = (vals == 255).any(axis=1)
        vals[badrow] = 0
        grids[rows] = vals
        bad[rows[badrow]] = True
    for row in np.flatnonzero(lead).tolist():
        grids[row], bad[row] = _decode_line(data[starts[row]:ends[row]], n, lut)
    return grids, line_no, np.flatnonzero(bad).astype(np.int64)


def _decode_line(raw: bytes, n: int, lut: np.ndarray) -> tuple[np.ndarray, bool]:
    """One line's first run of cells through the byte table: (cells, is_bad)."""
    if line_error(raw, n):
        return np.zeros(n * n, np.uint8), True
    token = raw.decode("utf-8", "replace").split()[0].encode()
    return lut[np.frombuffer(token, np.uint8)], False


def line_error(line: bytes | str, n: int) -> str:
    """Why one puzzle line is invalid ('' if it is fine), in the line reader's words (_decode_cells)."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", "replace")
    tokens = line.split()
    token = tokens[0] if tokens else ""
    if len(token) != n * n:
        return f"expected {n * n} cells, found {len(token)}"
    lut = symbol_table(n)
    bad = next((ch for ch in token if ord(ch) > 127 or lut[ord(ch)] == 255), None)
    return f"unknown symbol {bad!r}" if bad is not None else ""


def format_lines(grids, n: int, empty: str = ".") -> list[str]:
    """Grids [P, N*N] as one-line strings in the parser's alphabet (digits for N <= 9, letters A.. above)."""
    grids = np.asarray(grids).reshape(-1, n * n)
    alphabet = np.frombuffer((empty + ("123456789" if n <= 9 else "ABCDEFGHIJKLMNOPQRSTUVWXYZ")[:n]).encode(),
                             np.uint8)
    text = alphabet[grids.astype(np.int64)]
    return [row.tobytes().decode() for row in text]
