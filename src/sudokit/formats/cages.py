"""Jigsaw regions files and Killer cage files (SUM r1c1 r1c2 ...), and cages given as data."""

from __future__ import annotations

import re

import numpy as np

from ..errors import InputError


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
