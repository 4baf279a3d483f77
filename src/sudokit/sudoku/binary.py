"""Binary Sudoku (USACO 2011 November Gold, "bsudoku"): flip the fewest cells of a 0/1 grid so that every row,
every column and every box holds an even number of ones.

Two exact engines (see kernels/binary.py): ``"default"``, a dynamic programme over the boxes whose state is
only the number of rows / columns still to fix (about 0.1 ms for 9x9, mostly Python; under 1 ms for 25x25), and
``"ida"``, iterative deepening A* on single flips with the bound max(odd rows, odd columns, odd boxes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..checks import as_max_nodes
from ..errors import InputError
from ..interrupt import stop_flag, stoppable
from ..geometry import Geometry, box_geometry, default_box
from ..kernels import binary as kb

ENGINES = ("default", "ida")
MAX_DP_ENTRIES = 1 << 25


@dataclass
class BinaryResult:
    """The minimum number of flips, one optimal list of (row, col) cells (0-based), and the work done."""

    flips: int
    cells: list[tuple[int, int]] = field(default_factory=list)
    nodes: int = 0
    engine: str = "default"
    complete: bool = True  # False when max_nodes stopped the IDA* search (flips is then -1)


def parse_binary(text: str, box: tuple[int, int] | None = None) -> np.ndarray:
    """An N x N 0/1 grid from N lines of N characters '0'/'1' (blank lines ignored)."""
    rows = [(i + 1, line.strip()) for i, line in enumerate(text.splitlines()) if line.strip()]
    if not rows:
        raise InputError("empty input")
    n = box[0] * box[1] if box else len(rows[0][1])
    if len(rows) != n:
        raise InputError(f"expected {n} lines of {n} characters 0/1, got {len(rows)} lines")
    for lineno, line in rows:
        if len(line) != n:
            raise InputError(f"line {lineno}: expected {n} characters 0/1, got {len(line)}")
        bad = next((ch for ch in line if ch not in "01"), None)
        if bad is not None:
            raise InputError(f"line {lineno}: {bad!r} is not 0 or 1")
    return np.array([[int(ch) for ch in line] for _, line in rows], dtype=np.int8)


def as_binary(grid, box: tuple[int, int] | None = None) -> tuple[np.ndarray, tuple[int, int]]:
    """The grid as an N x N int8 array of 0/1 and its box shape (given, or the default for N)."""
    if isinstance(grid, str):
        grid = parse_binary(grid, box)
    arr = np.asarray(grid)
    if arr.dtype.kind not in "iub":
        raise InputError("a binary grid holds integers 0/1")
    n = box[0] * box[1] if box else int(round(arr.size ** 0.5))
    if arr.size != n * n or n == 0:
        raise InputError(f"a {n}x{n} grid needs {n * n} cells, got {arr.size}")
    if np.any((arr != 0) & (arr != 1)):
        raise InputError("binary cells must be 0 or 1")
    return arr.reshape(n, n).astype(np.int8), (box or default_box(n))


def _box_of(geometry_or_box) -> tuple[int, int] | None:
    """The box shape of a Geometry, an (r, c) tuple or None."""
    if geometry_or_box is None:
        return None
    if isinstance(geometry_or_box, Geometry):
        if not geometry_or_box.is_standard():
            raise InputError("binary sudoku needs a plain rows/columns/boxes geometry")
        return geometry_or_box.box
    r, c = geometry_or_box
    box_geometry(int(r), int(c))  # range check
    return int(r), int(c)


def min_flips(grid, geometry_or_box=None, engine: str = "default", max_nodes: int = 0) -> BinaryResult:
    """The fewest cells to flip so every row, column and box has an even number of ones (exact).

    grid: N x N (or flat) 0/1 values, or text; geometry_or_box: a box Geometry, (r, c), or None for the
    default box of N. engine: "default" (block DP) or "ida" (IDA*, max_nodes 0 = no limit).
    """
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r} (choose from {', '.join(ENGINES)})")
    arr, (r, c) = as_binary(grid, _box_of(geometry_or_box))
    if engine == "ida":
        return _ida(arr, r, c, as_max_nodes(max_nodes))
    return _dp(arr, r, c)


def parities(arr: np.ndarray, r: int, c: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row, column and box (bands x stacks) parities of a 0/1 grid with r x c boxes."""
    n = r * c
    rows = arr.sum(axis=1) % 2
    cols = arr.sum(axis=0) % 2
    boxes = arr.reshape(n // r, r, n // c, c).sum(axis=(1, 3)) % 2
    return rows.astype(np.int64), cols.astype(np.int64), boxes.astype(np.int64)


def _dp_states(r: int, c: int) -> int:
    """Number of DP states for r x c boxes (r stacks of c columns, values stored by halves)."""
    return (r // 2 + 1) * (c // 2 + 1) ** r


def _dp(arr: np.ndarray, r: int, c: int) -> BinaryResult:
    """The block DP engine, on the orientation with fewer states."""
    if _dp_states(c, r) < _dp_states(r, c):
        res = _dp(np.ascontiguousarray(arr.T), c, r)
        res.cells = sorted((j, i) for i, j in res.cells)
        return res
    n = r * c
    rows, cols, boxes = parities(arr, r, c)
    nb, ns = boxes.shape
    row_odd = rows.reshape(nb, r).sum(axis=1)
    col_odd = cols.reshape(ns, c).sum(axis=1)
    states = _dp_states(r, c)
    if states * (nb * ns + 1) > MAX_DP_ENTRIES:
        raise InputError(f"{r}x{c} boxes are too large for the default block DP engine; use the ida engine")
    rho_par = (row_odd[:, None] + np.cumsum(boxes, axis=1) - boxes) % 2
    gam_par = (col_odd[None, :] + np.cumsum(boxes, axis=0) - boxes) % 2
    dp = np.empty((nb * ns + 1, states), np.int32)
    best = int(kb.block_dp(row_odd, col_odd, boxes, rho_par, gam_par, r, c, dp))
    plan = np.zeros((nb * ns, 4), np.int64)
    kb.block_plan(row_odd, boxes, rho_par, gam_par, r, c, dp, plan)
    out = np.zeros((n * n, 2), np.int64)
    count = kb.block_cells(rows, cols, plan, r, c, np.zeros(ns, np.int64), out)
    assert count == best
    cells = sorted(zip(out[:count, 0].tolist(), out[:count, 1].tolist()))
    return BinaryResult(best, cells, nodes=nb * ns, engine="default")


def _ida(arr: np.ndarray, r: int, c: int, max_nodes: int) -> BinaryResult:
    """The IDA* engine."""
    geo = box_geometry(r, c)
    n = geo.n
    units = geo.units
    cell_units = geo.cell_units_idx.reshape(geo.ncells, 3)
    flat = arr.ravel().astype(np.int64)
    par = (flat[units].sum(axis=1) % 2).astype(np.int64)
    limit = geo.ncells
    flipped = np.zeros(geo.ncells, np.int64)
    st = [np.zeros(limit + 2, np.int64) for _ in range(3)]
    out = np.zeros(limit + 1, np.int64)
    best, nodes = stoppable(kb.ida, units, cell_units, par, limit, int(max_nodes), flipped, st[0], st[1], st[2], out,
                            stop=stop_flag())
    if best < 0:
        return BinaryResult(-1, [], int(nodes), "ida", complete=False)
    cells = sorted((int(x) // n, int(x) % n) for x in out[:best])
    return BinaryResult(int(best), cells, int(nodes), "ida")


def apply_flips(arr, cells) -> np.ndarray:
    """A copy of the grid with the given (row, col) cells flipped."""
    out = np.array(arr, dtype=np.int8, copy=True)
    for i, j in cells:
        out[i, j] ^= 1
    return out


def is_even(arr, r: int, c: int) -> bool:
    """True if every row, column and box of the 0/1 grid holds an even number of ones."""
    rows, cols, boxes = parities(np.asarray(arr), r, c)
    return not (rows.any() or cols.any() or boxes.any())
