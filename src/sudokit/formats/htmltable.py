"""A puzzle as an HTML table, for notebooks: thick lines between boxes or jigsaw regions, givens in bold,
pencilmarks small; a solution's digits over the givens in another colour."""

from __future__ import annotations

import html

import numpy as np

STYLE = ("border-collapse:collapse;font-family:sans-serif;text-align:center;table-layout:fixed;"
         "line-height:1.1")


def html_grid(puzzle, grid=None) -> str:
    """The table of a Sudoku (grid: other digits drawn over its givens)."""
    n, symbols = puzzle.n, puzzle.symbols
    shown = puzzle.grid if grid is None else np.asarray(grid).ravel()
    labels = _labels(puzzle)
    size = max(14, 28 - n // 2)
    rows = []
    for r in range(n):
        cells = [_cell(puzzle, r, c, shown, labels, symbols, size) for c in range(n)]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f'<table style="{STYLE}">' + "".join(rows) + "</table>"


def _labels(puzzle) -> np.ndarray:
    """The region (or box) of each cell, N x N, for the thick lines."""
    n = puzzle.n
    if puzzle.regions is not None:
        return np.asarray(puzzle.regions).reshape(n, n)
    r, c = puzzle.box or (1, n)
    rows, cols = np.indices((n, n))
    return (rows // r) * (n // c) + cols // c


def _cell(puzzle, r: int, c: int, shown, labels, symbols: str, size: int) -> str:
    """One td: its borders, its digit (bold if given) or its pencilmarks."""
    n, k = puzzle.n, r * puzzle.n + c
    edges = [(r == 0 or labels[r - 1, c] != labels[r, c]), (c == n - 1 or labels[r, c + 1] != labels[r, c]),
             (r == n - 1 or labels[r + 1, c] != labels[r, c]), (c == 0 or labels[r, c - 1] != labels[r, c])]
    border = ";".join(f"border-{side}:{'2px' if thick else '1px'} solid {'#222' if thick else '#bbb'}"
                      for side, thick in zip(("top", "right", "bottom", "left"), edges))
    style = f"{border};width:{size}px;height:{size}px;padding:0;font-size:{size * 0.6:.0f}px"
    value = int(shown[k])
    if value:
        given = puzzle.grid[k] != 0
        colour = "#000" if given else "#1f5fbf"
        text = f'<span style="font-weight:{700 if given else 400};color:{colour}">{html.escape(symbols[value - 1])}</span>'
    elif puzzle.candidates is not None:
        marks = "".join(symbols[d] for d in np.flatnonzero(puzzle.candidates[k]))
        text = f'<span style="font-size:{size * 0.3:.0f}px;color:#666">{html.escape(marks)}</span>'
    else:
        text = ""
    return f'<td style="{style}">{text}</td>'
