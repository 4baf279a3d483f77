"""Blocks of N lines: grid (N characters a row), ints (N numbers a row) and .sdk (with its metadata)."""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..geometry import MAX_N
from .model import Entry, PuzzleFile
from .symbols import choose_alphabet, decode_cells, decoder, resolve_symbols


def blocks_of(lines: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Runs of non-blank lines."""
    blocks, cur = [], []
    for k, line in lines:
        if line.strip():
            cur.append((k, line))
        elif cur:
            blocks.append(cur)
            cur = []
    return blocks + ([cur] if cur else [])


def read_grids(lines, symbols, n, source) -> PuzzleFile:
    """Blocks of N lines of N characters."""
    blocks = blocks_of(lines)
    n = n or len(blocks[0][0][1].strip())
    alphabet = choose_alphabet({c for b in blocks for _, t in b for c in t.strip()}, symbols, n, source)
    decode = decoder(alphabet)
    entries = []
    for block in blocks:
        for start in range(0, len(block), n):
            part = block[start:start + n]
            text = "".join(t.strip() for _, t in part)
            grid, error = decode_cells(text, n, decode)
            if len(part) != n:
                grid, error = None, f"expected {n} rows, found {len(part)}"
            elif any(len(t.strip()) != n for _, t in part):
                bad = next(k for k, t in part if len(t.strip()) != n)
                grid, error = None, f"line {bad}: expected {n} characters"
            entries.append(Entry(grid, part[0][0], error))
    return PuzzleFile(entries, n, "grid", alphabet, source, separated=len(blocks) > 1)


def read_ints(lines, symbols, n, source) -> PuzzleFile:
    """Blocks of N rows of N integers, 0 = empty."""
    rows = [(k, t.split()) for k, t in lines if t.strip()]
    n = n or len(rows[0][1])
    if n > MAX_N:
        raise InputError(f"{source}:{rows[0][0]}: {n} numbers on a row; at most {MAX_N} supported")
    entries = []
    for start in range(0, len(rows), n):
        part = rows[start:start + n]
        entries.append(_decode_int_rows(part, n))
    separated = len(blocks_of(lines)) > 1
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


def read_sdk(text: str, symbols, n, source) -> PuzzleFile:
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
    pf = read_grids(body, symbols, n, source)
    pf.fmt, pf.meta = "sdk", meta
    return pf
