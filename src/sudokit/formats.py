"""Parse and print puzzles: the one place for every Sudoku text format.

Formats (``fmt``):
- ``line``: one puzzle per line, N*N cells; blanks ``. 0 - _ *``; text after the puzzle is a comment; lines starting
  with ``#`` are comments; a line ``end`` stops the input (POJ 3074).
- ``grid``: N lines of N characters per puzzle (POJ 2676 / 3076), puzzles optionally separated by blank lines.
- ``ints``: N lines of N whitespace-separated integers, 0 = empty (NOIP style).
Any of them may start with a count line (a lone small integer), which is skipped.

Symbols: ``1-9`` for N <= 9. For larger N an alphabet: ``default`` (1-9 then A-Z, a-z), ``letters`` (A-P for 16x16,
the POJ 3076 convention) or ``hex`` (0-F, where 0 is a digit); detected from the characters used when only one
alphabet fits, else the caller must say which.
"""

from __future__ import annotations

import math
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
FORMATS = ("line", "grid", "ints")


@dataclass
class Entry:
    """One puzzle read from a file: its grid (None if unreadable), the line it starts on, why it is unreadable."""

    grid: np.ndarray | None
    line: int
    error: str = ""
    comment: str = ""


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
    return symbols


def read_puzzles(text: str, fmt: str | None = None, symbols: str | None = None, n: int | None = None,
                 source: str = "<input>") -> PuzzleFile:
    """Read every puzzle of a text; the format and alphabet are detected unless given."""
    lines = _content_lines(text)
    if not lines:
        raise InputError(f"{source}: empty input")
    if _is_count_line(lines[0][1]) and len(lines) > 1:
        lines = lines[1:]
    fmt = fmt or _detect_format(lines, n)
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    reader = {"line": _read_lines, "grid": _read_grids, "ints": _read_ints}[fmt]
    return reader(lines, symbols, n, source)


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


def _is_count_line(line: str) -> bool:
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
    if width > MAX_N or width < 4:
        return "line"
    blocks = _blocks(lines)
    square_blocks = all(len(b) % width == 0 and all(len(t.strip()) == width for _, t in b) for b in blocks)
    return "grid" if square_blocks else "line"


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
    if n is None:
        n = _side_from_length(len(tokens[0][1]), f"{source}:{tokens[0][0]}")
    alphabet = _choose_alphabet({c for _, tok, _ in tokens for c in tok}, symbols, n, source)
    decode = _decoder(alphabet)
    entries = []
    for k, tok, comment in tokens:
        grid, error = _decode_cells(tok, n, decode)
        entries.append(Entry(grid, k, error, comment))
    return PuzzleFile(entries, n, "line", alphabet, source)


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


def format_grid(grid, n: int, fmt: str = "line", symbols: str | None = None) -> str:
    """A grid as text in a format (no final newline); 0 prints as '.' (or '0' in ints)."""
    grid = np.asarray(grid).ravel()
    if fmt == "ints":
        return "\n".join(" ".join(str(v) for v in grid[r * n:(r + 1) * n].tolist()) for r in range(n))
    alphabet = "." + (symbols or ALPHABETS["default"][:n])
    cells = "".join(alphabet[v] for v in grid.tolist())
    if fmt == "grid":
        return "\n".join(cells[r * n:(r + 1) * n] for r in range(n))
    return cells


def format_entry(grid, pf: PuzzleFile) -> str:
    """A solution printed in the layout of the file its puzzle came from."""
    return format_grid(grid, pf.n, pf.fmt, pf.symbols)


def join_blocks(blocks: list[str], pf: PuzzleFile) -> str:
    """Answers joined as the input was: a line per line, grid blocks separated by a blank line if the input was."""
    sep = "\n\n" if pf.fmt != "line" and pf.separated else "\n"
    return sep.join(blocks) + "\n" if blocks else ""
