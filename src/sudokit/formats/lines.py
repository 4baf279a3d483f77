"""One puzzle per line (line, sdm, jigsaw lines), and the batch path's vectorised parser of such files."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from ..errors import InputError
from ..geometry import MAX_N
from .model import Entry, PuzzleFile
from .pencil import is_pencilmark, read_pencilmarks
from .symbols import choose_alphabet, decode_cells, decoder

def is_count_line(line: str) -> bool:
    """A lone small integer: the 'number of puzzles' line many judge files start with."""
    token = line.strip()
    return token.isdigit() and len(token) <= 6 and len(line.split()) == 1


def read_lines(lines, symbols, n, source) -> PuzzleFile:
    """One puzzle per line; text after the first whitespace-free run of N*N cells is a comment."""
    rows = [(k, t) for k, t in lines if t.strip()]
    tokens = [(k, t.split()[0], t[len(t) - len(t.lstrip()) + len(t.split()[0]):].strip()) for k, t in rows]
    first = tokens[0][1]
    if is_pencilmark(first, n):
        return read_pencilmarks(tokens, symbols, source)
    jigsaw = n is None and jigsaw_side(len(first)) or (n if n and len(first) == 2 * n * n else 0)
    if n is None:
        n = jigsaw or _side_from_length(len(first), f"{source}:{tokens[0][0]}")
    cells = [(k, tok[:n * n] if jigsaw else tok, comment) for k, tok, comment in tokens]
    alphabet = choose_alphabet({c for _, tok, _ in cells for c in tok}, symbols, n, source)
    decode = decoder(alphabet)
    entries = []
    for (k, tok, comment), (_, full, _) in zip(cells, tokens):
        grid, error = decode_cells(tok, n, decode)
        entry = Entry(grid, k, error, comment)
        if jigsaw and not error:
            entry.regions, entry.error = _labels_of(full[n * n:], n)
            entry.grid = None if entry.error else grid
        elif _is_label_grid(comment.split()[0] if comment else "", n):  # givens, a space, region labels
            entry.regions, _ = _labels_of(comment.split()[0], n)
            entry.comment = comment[n * n:].strip()
        entries.append(entry)
    return PuzzleFile(entries, n, "jigsaw" if jigsaw else "line", alphabet, source)


def jigsaw_side(length: int) -> int:
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


def _side_from_length(length: int, where: str) -> int:
    """N from a line of N*N cells."""
    side = math.isqrt(length)
    if side * side != length or not 1 <= side <= MAX_N:
        raise InputError(f"{where}: a puzzle line has {length} cells, not a square number up to {MAX_N}^2")
    return side


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


def parse_line_array(data: bytes, n: int):
    """Parse a file of one puzzle per line into one array, in one pass over the bytes (kernels/text.py).

    Reads exactly what the line reader reads: blank lines and lines starting with '#' are skipped; a puzzle is
    the first whitespace-free run of N*N cells ('.', '0', '-', '_', '*' = empty; '1'..'9' for N <= 9, 'A'.. for
    N > 9); anything after it, past whitespace, is a comment. LF or CRLF. Lines that start with whitespace or
    hold non-ASCII bytes are decoded one by one in Python (rare); the rest in bulk.
    Returns (grids uint8 [P, N*N], line_numbers int64 [P] (1-based), bad_rows int64 [k]): bad_rows are the
    indices into grids of lines whose first run is not N*N valid cells (their grid row is all 0); use
    ``line_error`` for the line reader's message. Never raises on bad lines.
    """
    from ..kernels.text import ROW_BAD, ROW_ODD, byte_classes, parse_rows

    ncells = n * n
    lut = symbol_table(n)
    buf = np.frombuffer(data, dtype=np.uint8)
    cap = data.count(b"\n") + 1
    grids = np.empty((cap, ncells), np.uint8)
    line_no = np.empty(cap, np.int64)
    flags = np.empty(cap, np.int8)
    rows = parse_rows(buf, lut, byte_classes(), ncells, grids, line_no, flags)
    grids, line_no, flags = grids[:rows], line_no[:rows], flags[:rows]
    if rows < cap // 2:  # do not keep a mostly empty buffer alive
        grids, line_no = grids.copy(), line_no.copy()
    bad = flags == ROW_BAD
    starts = None
    for row in np.flatnonzero(flags == ROW_ODD).tolist():
        if starts is None:
            starts = np.concatenate([[0], np.flatnonzero(buf == 10) + 1])
        k = int(line_no[row]) - 1
        end = int(starts[k + 1]) - 1 if k + 1 < len(starts) else len(data)
        grids[row], bad[row] = _decode_line(data[starts[k]:end], n, lut)
    return grids, line_no, np.flatnonzero(bad).astype(np.int64)


def _decode_line(raw: bytes, n: int, lut: np.ndarray) -> tuple[np.ndarray, bool]:
    """One line's first run of cells through the byte table: (cells, is_bad)."""
    if line_error(raw, n):
        return np.zeros(n * n, np.uint8), True
    token = raw.decode("utf-8", "replace").split()[0].encode()
    return lut[np.frombuffer(token, np.uint8)], False


def line_error(line: bytes | str, n: int) -> str:
    """Why one puzzle line is invalid ('' if it is fine), in the line reader's words (decode_cells)."""
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
    text = alphabet[grids]  # no int64 copy of the grids first: it cost as much as the lookup
    return [row.tobytes().decode() for row in text]
