"""Classic exact-cover problems as generators: N queens (Knuth's secondary diagonals) and pentominoes."""

from __future__ import annotations

from .problem import Problem

# The 12 pentominoes, each as strings of a small grid ('#' = cell), named by Conway's letters.
PENTOMINOES = {
    "F": (".##", "##.", ".#."), "I": ("#####",), "L": ("####", "#..."), "N": ("###.", "..##"),
    "P": ("###", "##."), "T": ("###", ".#.", ".#."), "U": ("#.#", "###"), "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"), "X": (".#.", "###", ".#."), "Y": ("####", ".#.."), "Z": ("##.", ".#.", ".##"),
}


def queens(n: int) -> Problem:
    """N queens: rows and columns primary, the 2(2n-1) diagonals secondary (at most one queen each)."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diags = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)]
    return Problem.from_names(rows + cols, diags, options)


def orientations(shape) -> list[frozenset]:
    """The distinct rotations and reflections of a piece, each normalised to touch row 0 and column 0."""
    cells = {(r, c) for r, row in enumerate(shape) for c, ch in enumerate(row) if ch == "#"}
    found = set()
    for _ in range(2):
        for _ in range(4):
            cells = {(c, -r) for r, c in cells}
            r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
            found.add(frozenset((r - r0, c - c0) for r, c in cells))
        cells = {(r, -c) for r, c in cells}
    return sorted(found, key=sorted)


def pentominoes(rows: int = 6, cols: int = 10, x_in_quarter: bool = False) -> Problem:
    """Pack the 12 pentominoes into a rows x cols box; x_in_quarter keeps X in one quarter (kills symmetry)."""
    cells = [f"{r}.{c}" for r in range(rows) for c in range(cols)]
    options = []
    for name, shape in PENTOMINOES.items():
        for piece in orientations(shape):
            height = 1 + max(r for r, _ in piece)
            width = 1 + max(c for _, c in piece)
            for r in range(rows - height + 1):
                for c in range(cols - width + 1):
                    if name == "X" and x_in_quarter and not (2 * (r + 1) < rows - 1 and 2 * (c + 1) < cols - 1):
                        continue
                    options.append([name] + [f"{r + dr}.{c + dc}" for dr, dc in sorted(piece)])
    return Problem.from_names(list(PENTOMINOES) + cells, (), options)
