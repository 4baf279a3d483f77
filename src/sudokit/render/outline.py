"""Outlines in cell units: the thick borders between boxes or regions, and the inset outline of a Killer cage.

Coordinates here are (row, col) in cells from the grid's top-left corner; the Frame turns them into user units.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..geometry import Geometry

CAGE_INSET = 0.1  # a cage's dashed outline runs this far (in cells) inside its cells' borders


def runs(mask) -> list[tuple[int, int]]:
    """The maximal runs of True in a 1-d boolean sequence, as (start, end) with end exclusive."""
    out, start = [], None
    for i, on in enumerate(list(mask) + [False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            out.append((start, i))
            start = None
    return out


def partition_labels(geometry: Geometry) -> np.ndarray | None:
    """Each cell's box or region (N x N), from the third block of N units; None if that block is no partition."""
    n = geometry.n
    block = geometry.units[2 * n:3 * n]
    if len(block) != n or not np.array_equal(np.sort(block.ravel()), np.arange(n * n)):
        return None
    labels = np.empty(n * n, np.int32)
    labels[block] = np.arange(n, dtype=np.int32)[:, None]
    return labels.reshape(n, n)


@lru_cache(maxsize=64)
def borders(geometry: Geometry) -> tuple[tuple[float, float, float, float], ...]:
    """The inner thick lines (row1, col1, row2, col2): every run of edges between different boxes or regions."""
    labels = partition_labels(geometry)
    if labels is None:
        return ()
    n = geometry.n
    across = labels[:, 1:] != labels[:, :-1]  # [row, col]: an edge right of cell (row, col)
    down = labels[1:, :] != labels[:-1, :]  # [row, col]: an edge below cell (row, col)
    out = [(a, c + 1, b, c + 1) for c in range(n - 1) for a, b in runs(across[:, c])]
    out += [(r + 1, a, r + 1, b) for r in range(n - 1) for a, b in runs(down[r, :])]
    return tuple(out)


def cage_sides(cells, n: int, inset: float = CAGE_INSET) -> list[tuple[float, float, float, float]]:
    """The inset outline of a cage as segments (row1, col1, row2, col2), one per cell side facing outside.

    A side's ends stop short of the corner (convex corner), run to the cell's edge (the outline goes straight
    on into the next cell) or overshoot by the inset (concave corner), so the segments meet.
    """
    inside = {divmod(int(c), n) for c in cells}
    out = []
    for r, c in sorted(inside):
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            if (r + dr, c + dc) not in inside:
                out.append(_side(r, c, dr, dc, inside, inset))
    return out


def _side(r: int, c: int, dr: int, dc: int, inside: set, inset: float) -> tuple[float, float, float, float]:
    """One side of cell (r, c) facing outwards along (dr, dc), inset, with its two ends fitted."""
    tr, tc = abs(dc), abs(dr)  # along the side
    mid_r, mid_c = r + 0.5 + (0.5 - inset) * dr, c + 0.5 + (0.5 - inset) * dc
    ends = []
    for s in (-1, 1):
        beside = (r + s * tr, c + s * tc) in inside
        diagonal = (r + s * tr + dr, c + s * tc + dc) in inside
        reach = 0.5 - inset if not beside else 0.5 if not diagonal else 0.5 + inset
        ends.append((mid_r + s * reach * tr, mid_c + s * reach * tc))
    return ends[0] + ends[1]
