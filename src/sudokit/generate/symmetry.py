"""Symmetries of the pattern of givens: each is a group of cell maps, and its orbits are the cells that go together."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..errors import InputError

SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal", "full")


def _maps(n: int, name: str) -> list[np.ndarray]:
    """The generators of a symmetry as cell permutations of an N x N grid."""
    r, c = np.divmod(np.arange(n * n), n)
    rot180 = (n - 1 - r) * n + (n - 1 - c)
    rot90 = c * n + (n - 1 - r)
    mirror = r * n + (n - 1 - c)
    diagonal = c * n + r
    return {"none": [], "rot180": [rot180], "rot90": [rot90], "mirror": [mirror], "diagonal": [diagonal],
            "full": [rot90, mirror]}[name]


@lru_cache(maxsize=None)
def orbits(n: int, name: str) -> tuple[np.ndarray, np.ndarray]:
    """The orbits of a symmetry as CSR int64 arrays (ptr, cells), each orbit's cells sorted."""
    if name not in SYMMETRIES:
        raise InputError(f"unknown symmetry {name!r} (known: {', '.join(SYMMETRIES)})")
    label = np.arange(n * n)
    maps = _maps(n, name)
    changed = True
    while changed:  # each cell takes the smallest label of its images until nothing changes
        changed = False
        for m in maps:
            low = np.minimum(label, label[m])
            low = np.minimum(low, low[np.argsort(m)])
            if np.any(low != label):
                label, changed = low, True
    groups = [np.flatnonzero(label == k) for k in np.unique(label)]
    ptr = np.cumsum([0] + [len(g) for g in groups]).astype(np.int64)
    return ptr, np.concatenate(groups).astype(np.int64)


def is_symmetric(puzzle, n: int, name: str) -> bool:
    """True if the givens of a puzzle (0 = empty) form a pattern the symmetry maps onto itself."""
    given = np.asarray(puzzle).ravel() != 0
    return all(np.array_equal(given, given[m]) for m in _maps(n, name))


def reachable(n: int, name: str, k: int) -> bool:
    """True if some union of whole orbits of a symmetry has exactly k cells (a symmetric pattern of k givens)."""
    ptr, _ = orbits(n, name)
    sums = np.zeros(n * n + 1, np.bool_)
    sums[0] = True
    for size in np.diff(ptr).tolist():
        sums[size:] |= sums[:-size].copy()
    return bool(sums[k]) if 0 <= k <= n * n else False
