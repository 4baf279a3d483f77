"""Canonical forms of 9x9 puzzles and solution grids: the minlex representative under the 3,359,232 transformations
that keep a Sudoku valid (kernels/canon.py), with the number of automorphisms; and dedupe, the first puzzle of
each equivalence class."""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..interrupt import stop_flag, stoppable

CAPS = (1 << 12, 1 << 16, 1 << 20)  # state capacities tried in turn (the empty grid needs 15,552 at the last row)


def canon(grids, automorphisms: bool = False):
    """The minlex forms of 9x9 grids (an [P, 81] array of 0..9, 0 = blank); with automorphisms=True also the count
    of transformations mapping each puzzle onto itself (1 for most puzzles)."""
    from ..kernels.canon import OVERFLOW

    grids = _as_grids(grids)
    out = np.zeros_like(grids)
    autos = np.full(len(grids), OVERFLOW, np.int64)
    todo = np.arange(len(grids))
    for cap in CAPS:
        if not len(todo):
            break
        sub_out, sub_autos = np.zeros((len(todo), 81), np.uint8), np.zeros(len(todo), np.int64)
        done = _run(grids[todo], sub_out, sub_autos, cap)
        out[todo[:done]] = sub_out[:done]
        autos[todo[:done]] = sub_autos[:done]
        if done < len(todo):
            raise KeyboardInterrupt
        todo = todo[sub_autos == OVERFLOW]
    if len(todo):  # pragma: no cover - beyond the largest capacity: no 9x9 puzzle needs it
        raise InputError("a puzzle has too many symmetries to canonicalize")
    return (out, autos) if automorphisms else out


def _run(grids, out, autos, cap: int) -> int:
    """One kernel call over a batch at one capacity, stoppable by Ctrl-C; the rows done."""
    from ..kernels.canon import buffers, canon_many

    return stoppable(canon_many, grids, out, autos, cap, buffers(cap), buffers(cap), stop=stop_flag())


def _as_grids(grids) -> np.ndarray:
    """[P, 81] uint8 values 0..9 from an array, a list of grids or of 81-character strings."""
    if isinstance(grids, str):
        grids = [grids]
    if len(grids) and isinstance(grids[0], str):
        grids = [[0 if ch in ".0" else int(ch) for ch in g] for g in grids]
    arr = np.asarray(grids)
    if arr.ndim == 1:
        arr = arr.reshape(1, -1)
    if arr.ndim != 2 or arr.shape[1] != 81 or arr.dtype.kind not in "iu" or arr.size and (arr.min() < 0 or
                                                                                          arr.max() > 9):
        raise InputError("canonical forms are for 9x9 grids: 81 values 0..9 each")
    return np.ascontiguousarray(arr, np.uint8)


def dedupe(grids) -> np.ndarray:
    """The indices of the first grid of each equivalence class, in input order."""
    forms = canon(grids)
    _, first = np.unique(forms, axis=0, return_index=True)
    return np.sort(first)
