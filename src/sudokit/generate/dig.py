"""Random solution grids and givens removal for one variant, on the fastest engine the variant allows.

``Digger(variant, symmetry)``: ``grid(rng)`` a random solution grid, ``dig(puzzle, rng, floor)`` removes givens
orbit by orbit while the puzzle stays unique, ``count(puzzle)`` its solutions up to 2, ``removable(puzzle)`` a given
that could go alone (-1: minimal), ``minimal_batch(seeds, strict)`` whole minimal puzzles in one kernel call
(plain 9x9). Plain 9x9 runs on the band kernel, units and pairs on the general bitmask kernel, cages and
non-consecutive edges on Dancing Links (a Python loop over exact-cover searches: slower, still exact).
"""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from ..interrupt import stop_flag, stoppable
from .symmetry import orbits

FILL_NODES = 20_000  # nodes a random fill may take before it starts again with other random choices
FILL_TRIES = 200
# nodes a uniqueness check may take while digging, by side: past it the given stays (a kept given never breaks
# uniqueness). Large grids near their last givens have checks that run for minutes; a capped check costs a few
# givens instead. 0 = no cap (every check answered: the puzzle is minimal).
DIG_NODES = {16: 2_000, 20: 300}  # measured on 25x25: cap 300 -> 3 s a puzzle, 1000 -> 7 s, 3000 -> 14 s, the
#                                    same ~270 givens


def seed64(rng: np.random.Generator) -> np.ndarray:
    """A fresh xorshift64 state (uint64[1], never 0) drawn from a numpy Generator."""
    return np.array([int(rng.integers(1, 2 ** 63)) | 1], np.uint64)


class Digger:
    """Grids and givens removal for one variant and one symmetry (see the module docstring)."""

    def __init__(self, variant, symmetry: str = "none"):
        from ..sudoku.fast import _tables, _use_nine

        self.variant = variant
        self.geometry = g = variant.geometry
        self.n = g.n
        self.kind = "dlx" if variant.needs_dlx else "nine" if _use_nine(g) else "general"
        self.orbit_ptr, self.orbit_cells = orbits(g.n, symmetry)
        self.norbits = len(self.orbit_ptr) - 1
        self.orbit_size = np.diff(self.orbit_ptr)
        self.orbit_of = np.empty(g.ncells, np.int64)  # cell -> its orbit
        self.orbit_of[self.orbit_cells] = np.repeat(np.arange(self.norbits), self.orbit_size)
        self.stop = stop_flag()
        if self.kind != "dlx":
            self.tables = _tables(g)
            self._general_buffers()
        if self.kind == "nine":
            from ..kernels.bitmask9 import SAVED, STATE, tables

            self.T = tables()
            self.w9 = np.zeros(3 * 82 + 84 + 64, np.int64)
            self.st9 = np.empty((82, SAVED), np.int64)
            self.S = np.empty(STATE, np.int64)

    def _general_buffers(self) -> None:
        """The general kernel's work arrays, allocated once."""
        nc = self.geometry.ncells
        self.buf = (np.zeros(nc, np.int32), np.zeros(3, np.int64), np.empty((nc + 1, nc), np.int64),
                    np.empty((nc + 1, nc), np.uint8), np.empty(nc + 1, np.int64), np.empty(nc + 1, np.int64),
                    np.empty(nc + 1, np.int64), np.empty(nc, np.int64), np.empty(nc, np.uint8),
                    np.empty(nc, np.int32))
        self.saved = np.zeros(8, np.uint8)
        nu = len(self.geometry.units)
        self.ubuf = (np.zeros(nu, np.uint8), np.zeros(nu, np.uint8), np.zeros((nc + 1, nu), np.uint8))

    def _call(self, kernel, *args, stop):
        """A kernel call: in this thread for grids up to 12x12 (a millisecond: a thread's start costs more), else
        where Ctrl-C can stop it (interrupt.stoppable)."""
        if self.geometry.ncells <= 144:
            return kernel(*args, stop)
        return stoppable(kernel, *args, stop=stop)

    # ---- grids ----

    def grid(self, rng: np.random.Generator, tries: int = FILL_TRIES) -> np.ndarray:
        """A random solution grid (uint8, N*N digits); InputError if the variant has none (or none was found in
        `tries` random searches)."""
        if self.kind == "dlx":
            return self._grid_dlx(rng, tries)
        from ..kernels.generate import FILLED, NO_GRID, random_fill

        out = np.zeros(self.geometry.ncells, np.uint8)
        units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx = self.tables
        b = self.buf
        for _ in range(tries):
            got = self._call(random_fill, self.n, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx, self.ubuf[0],
                             self.ubuf[1], seed64(rng), FILL_NODES, out, b[2], b[3], b[4], b[5], b[6], b[7], b[8],
                             b[9], stop=self.stop)
            if got == FILLED:
                return out
            if got == NO_GRID:
                break
        raise InputError(f"no {self.n}x{self.n} grid obeys {self._name()}")

    def _grid_dlx(self, rng: np.random.Generator, tries: int) -> np.ndarray:
        """A random solution grid through Dancing Links with a random option order (cages, non-consecutive)."""
        from ..cover.solver import Search
        from ..sudoku.exact import ALGORITHM, decode, encode

        problem, cell_digit = encode(np.zeros(self.geometry.ncells, np.int32), self.geometry,
                                     **self.variant.exact_kwargs())
        for _ in range(tries):
            search = Search(problem, seed=int(rng.integers(0, 2 ** 62)), max_nodes=FILL_NODES * 10,
                            algorithm=ALGORITHM)
            found = search.run(1, 1)
            if found:
                return decode(found[0], cell_digit, self.geometry.ncells).astype(np.uint8)
            if not search.stopped:
                break
        raise InputError(f"no {self.n}x{self.n} grid obeys {self._name()}")

    def _name(self) -> str:
        """The variant's rules in words, for errors."""
        return " + ".join(self.variant.constraints) or self.geometry.name or "these rules"

    # ---- uniqueness ----

    def count(self, puzzle: np.ndarray, limit: int = 2) -> int:
        """Solutions of a puzzle (uint8 N*N) up to limit."""
        if self.kind == "nine":
            from ..kernels.generate import count9

            return int(count9(puzzle, limit, 0, self.w9, self.st9, self.S, self.T, self.stop))
        if self.kind == "general":
            from ..kernels.generate import count_general

            units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx = self.tables
            return int(self._call(count_general, puzzle, self.n, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx,
                                  limit, 0, *self.buf, *self.ubuf, stop=self.stop))
        return self.variant.solve(puzzle.astype(np.int32), limit=limit).count

    def given_orbits(self, puzzle: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(orbits whose cells are all givens, orbits with no given), each ascending."""
        held = np.bincount(self.orbit_of[puzzle != 0], minlength=self.norbits)
        return np.flatnonzero(held == self.orbit_size), np.flatnonzero(held == 0)

    def order(self, rng: np.random.Generator) -> np.ndarray:
        """The orbits in a random order."""
        return rng.permutation(self.norbits).astype(np.int64)

    def dig(self, puzzle: np.ndarray, rng: np.random.Generator, floor: int = 0, order=None, exact: bool = False
            ) -> int:
        """Remove orbits of givens in random order while the puzzle stays unique and keeps >= floor givens;
        returns the givens left. In place. Above 12x12 a check stops at DIG_NODES (the given stays) unless exact."""
        order = self.order(rng) if order is None else np.asarray(order, np.int64)
        cap = 0 if exact else max(((k, v) for k, v in DIG_NODES.items() if self.n >= k), default=(0, 0))[1]
        if self.kind == "nine":
            from ..kernels.generate import dig9

            left = self._call(dig9, puzzle, self.orbit_ptr, self.orbit_cells, order, len(order), floor, 0, self.w9,
                             self.st9, self.S, self.T, stop=self.stop)
        elif self.kind == "general":
            from ..kernels.generate import dig_general

            units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx = self.tables
            left = self._call(dig_general, puzzle, self.n, units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx,
                              self.orbit_ptr, self.orbit_cells, order, len(order), floor, cap, self.saved,
                              *self.buf, *self.ubuf, stop=self.stop)
        else:
            left = self._dig_python(puzzle, order, floor)
        return int(left)

    def _dig_python(self, puzzle: np.ndarray, order: np.ndarray, floor: int) -> int:
        """dig through any engine's count (the exact-cover variants)."""
        givens = int(np.count_nonzero(puzzle))
        for o in order.tolist():
            cells = self.orbit_cells[self.orbit_ptr[o]:self.orbit_ptr[o + 1]]
            cells = cells[puzzle[cells] != 0]
            if len(cells) == 0 or givens - len(cells) < floor:
                continue
            kept = puzzle[cells].copy()
            puzzle[cells] = 0
            if self.count(puzzle) == 1:
                givens -= len(cells)
            else:
                puzzle[cells] = kept
        return givens

    def removable(self, puzzle: np.ndarray) -> int:
        """A given whose removal alone leaves the puzzle unique, or -1 when the puzzle is minimal."""
        for c in np.flatnonzero(puzzle).tolist():
            v = puzzle[c]
            puzzle[c] = 0
            k = self.count(puzzle)
            puzzle[c] = v
            if k == 1:
                return c
        return -1

    def minimal_batch(self, seeds: np.ndarray, strict: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(puzzles, solutions, grids drawn) for each seed, in one kernel call (plain 9x9 only)."""
        from ..kernels.generate import minimal_batch9

        p = len(seeds)
        puzzles, solutions, tries = np.zeros((p, 81), np.uint8), np.zeros((p, 81), np.uint8), np.zeros(p, np.int64)
        units, pp, pi, lc_ptr, lc_cells, cu_ptr, cu_idx = self.tables
        done = self._call(minimal_batch9, np.asarray(seeds, np.uint64), self.orbit_ptr, self.orbit_cells,
                          bool(strict and self.orbit_ptr[-1] > self.norbits), units, pp, pi, lc_ptr, lc_cells,
                          cu_ptr, cu_idx, puzzles, solutions, tries, self.T, stop=self.stop)
        return puzzles[:done], solutions[:done], tries[:done]
