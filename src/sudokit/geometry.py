"""Geometry of a Sudoku grid: cells, units and peers, computed once per shape as int32 arrays.

Vocabulary (after Norvig):
- a *cell* is an index 0 .. N*N-1, row-major (cell = row * N + col);
- a *digit* is 1 .. N (0 means empty in a grid);
- a *unit* is a group of exactly N cells that must hold every digit once (rows, columns, boxes or regions,
  diagonals, windows, ...);
- a *pair* is an extra "these two cells differ" constraint that is not a whole unit (anti-knight, anti-king);
- the *peers* of a cell are the cells that share a unit or a pair with it.

A variant is data: a Geometry with more units or pairs, never another solver.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from .errors import InputError

MAX_N = 64


@dataclass(frozen=True, eq=False)
class Geometry:
    """N, the units (U x N int32 cell indices), the extra difference pairs (E x 2) and derived peer tables."""

    n: int
    units: np.ndarray
    pairs: np.ndarray = field(default_factory=lambda: np.zeros((0, 2), np.int32))
    box: tuple[int, int] | None = None
    name: str = ""

    def __post_init__(self):
        units = np.ascontiguousarray(self.units, dtype=np.int32)
        pairs = np.ascontiguousarray(self.pairs, dtype=np.int32).reshape(-1, 2)
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "pairs", pairs)
        object.__setattr__(self, "_derived", _derive(self.n, units, pairs))

    @property
    def ncells(self) -> int:
        """Number of cells, N*N."""
        return self.n * self.n

    @property
    def cell_units_ptr(self) -> np.ndarray:
        """CSR row pointers: the units of cell c are cell_units_idx[ptr[c]:ptr[c+1]]."""
        return self._derived[0]

    @property
    def cell_units_idx(self) -> np.ndarray:
        """CSR column indices of the cell -> units table."""
        return self._derived[1]

    @property
    def peers_ptr(self) -> np.ndarray:
        """CSR row pointers: the peers of cell c are peers_idx[ptr[c]:ptr[c+1]] (sorted, without c)."""
        return self._derived[2]

    @property
    def peers_idx(self) -> np.ndarray:
        """CSR column indices of the cell -> peers table."""
        return self._derived[3]

    def peers(self, cell: int) -> np.ndarray:
        """The peers of one cell."""
        return self.peers_idx[self.peers_ptr[cell]:self.peers_ptr[cell + 1]]

    def with_constraints(self, units=(), pairs=(), name: str = "") -> "Geometry":
        """A new Geometry with extra units (each N cells) and extra difference pairs."""
        extra_units = np.asarray(units, dtype=np.int32).reshape(-1, self.n)
        extra_pairs = np.asarray(pairs, dtype=np.int32).reshape(-1, 2)
        return Geometry(self.n, np.vstack([self.units, extra_units]), np.vstack([self.pairs, extra_pairs]),
                        self.box, name or self.name)

    def is_standard(self) -> bool:
        """True for plain rows + columns + boxes with no extra constraint."""
        return self.box is not None and len(self.units) == 3 * self.n and len(self.pairs) == 0


def _derive(n: int, units: np.ndarray, pairs: np.ndarray):
    """Cell -> units and cell -> peers tables, as CSR int32 arrays."""
    ncells = n * n
    cu = [[] for _ in range(ncells)]
    for u, cells in enumerate(units.tolist()):
        for c in cells:
            cu[c].append(u)
    adj = np.zeros((ncells, ncells), dtype=bool)
    for cells in units:
        adj[np.ix_(cells, cells)] = True
    if len(pairs):
        adj[pairs[:, 0], pairs[:, 1]] = True
        adj[pairs[:, 1], pairs[:, 0]] = True
    np.fill_diagonal(adj, False)
    cu_ptr = np.zeros(ncells + 1, np.int32)
    cu_ptr[1:] = np.cumsum([len(x) for x in cu])
    cu_idx = np.array([u for x in cu for u in x], dtype=np.int32)
    peers_ptr = np.zeros(ncells + 1, np.int32)
    peers_ptr[1:] = np.cumsum(adj.sum(axis=1))
    peers_idx = np.nonzero(adj)[1].astype(np.int32)
    return cu_ptr, cu_idx, peers_ptr, peers_idx


def rows_and_columns(n: int) -> np.ndarray:
    """The 2N units of rows then columns."""
    grid = np.arange(n * n, dtype=np.int32).reshape(n, n)
    return np.vstack([grid, grid.T])


def box_units(r: int, c: int) -> np.ndarray:
    """The N boxes of r rows x c columns, in reading order."""
    n = r * c
    grid = np.arange(n * n, dtype=np.int32).reshape(n, n)
    return np.array([grid[br:br + r, bc:bc + c].ravel() for br in range(0, n, r) for bc in range(0, n, c)],
                    dtype=np.int32)


@lru_cache(maxsize=None)
def box_geometry(r: int, c: int) -> Geometry:
    """Standard Sudoku geometry with r x c boxes (N = r*c): rows, columns, boxes."""
    if r < 1 or c < 1 or r * c > MAX_N:
        raise InputError(f"box shape {r}x{c} is out of range (1 <= r*c <= {MAX_N})")
    return Geometry(r * c, np.vstack([rows_and_columns(r * c), box_units(r, c)]), box=(r, c), name=f"{r}x{c}")


def default_box(n: int) -> tuple[int, int]:
    """The usual box shape for side N: the most square r x c with r <= c (9 -> 3x3, 6 -> 2x3, 12 -> 3x4)."""
    if n < 1 or n > MAX_N:
        raise InputError(f"size {n} is out of range (1..{MAX_N})")
    r = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    return r, n // r


def standard_geometry(n: int) -> Geometry:
    """Standard geometry for side N with its default box shape."""
    return box_geometry(*default_box(n))


def region_geometry(labels) -> Geometry:
    """Jigsaw geometry: rows, columns and the N regions given as an N x N grid of labels (any hashable values)."""
    labels = np.asarray(labels)
    n = labels.shape[0]
    if labels.ndim != 2 or labels.shape != (n, n):
        raise InputError(f"regions must be an N x N grid of labels, got shape {labels.shape}")
    flat = labels.ravel()
    names, inverse, counts = np.unique(flat, return_inverse=True, return_counts=True)
    if len(names) != n or np.any(counts != n):
        sizes = ", ".join(f"{a}:{b}" for a, b in zip(names.tolist(), counts.tolist()))
        raise InputError(f"regions must be {n} groups of {n} cells each, got {len(names)} groups ({sizes})")
    regions = np.array([np.nonzero(inverse == k)[0] for k in range(n)], dtype=np.int32)
    return Geometry(n, np.vstack([rows_and_columns(n), regions]), name="jigsaw")
