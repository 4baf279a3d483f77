"""The kinds of puzzle a search starts from: plain or unit/pair variants, jigsaw (fresh regions each start) and
Killer (fresh cages each start). A kind's ``start(rng)`` gives (digger, puzzle, solution): a random solution grid
and a unique puzzle dug from it; ``extras()`` the regions and cages of the last start."""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from .dig import Digger
from .request import Request


def kind_of(req: Request):
    """The kind object of a request."""
    return Killer(req) if req.killer else Jigsaw(req) if req.jigsaw else Plain(req)


class Plain:
    """A fixed geometry: the box shape and the unit/pair/non-consecutive constraints."""

    def __init__(self, req: Request):
        from ..sudoku.variants import build_variant

        self.req = req
        self.digger = Digger(build_variant(req.n, req.shape(), None, req.constraints), req.symmetry)
        self.needs_dlx = self.digger.kind == "dlx"

    def start(self, rng):
        """A random grid dug to a unique puzzle (down to --givens when asked)."""
        grid = self.digger.grid(rng)
        puzzle = grid.copy()
        self.digger.dig(puzzle, rng, self.req.givens or 0, exact=self.req.minimal)
        return self.digger, puzzle, grid

    def extras(self):
        """(regions, cages) of the puzzles of this kind."""
        return None, ()


class Jigsaw(Plain):
    """Jigsaw: every start draws new connected regions (and starts again when they admit no grid)."""

    def __init__(self, req: Request):
        self.req = req
        self.needs_dlx = "non-consecutive" in req.constraints
        self.regions = None

    def start(self, rng):
        """New regions, a grid for them, a unique puzzle; None when the regions admit no grid soon enough."""
        from ..sudoku.variants import build_variant
        from .regions import random_regions

        regions = random_regions(self.req.n, self.req.shape(), rng)
        variant = build_variant(self.req.n, None, regions, self.req.constraints)
        digger = Digger(variant, self.req.symmetry)
        try:
            grid = digger.grid(rng, tries=4)
        except InputError:
            return None
        self.regions = regions
        puzzle = grid.copy()
        digger.dig(puzzle, rng, self.req.givens or 0, exact=self.req.minimal)
        return digger, puzzle, grid

    def extras(self):
        return self.regions, ()


class Killer:
    """Killer: a grid, random cages of distinct digits over it, givens dug under the cages (or none, the cages
    split until they alone make the solution unique)."""

    def __init__(self, req: Request):
        from ..sudoku.variants import build_variant

        self.req = req
        self.base = build_variant(req.n, req.shape(), None, req.constraints)
        self.grids = Digger(self.base, "none")
        self.needs_dlx = True
        self.cages: tuple = ()

    def start(self, rng):
        """A grid, cages for it, and givens removed (or cages split) until the puzzle is unique."""
        from ..sudoku.variants import Variant
        from .cages import random_cages, unique_cages

        grid = self.grids.grid(rng)
        cages = random_cages(grid, self.req.n, rng)
        if self.req.givens == 0:
            cages = unique_cages(grid, self.base, cages, rng)
        variant = Variant(self.base.geometry, self.base.constraints, cages, self.base.nonconsecutive)
        digger = Digger(variant, self.req.symmetry)
        self.cages = cages
        puzzle = grid.copy()
        if self.req.givens == 0:
            puzzle[:] = 0
        else:
            digger.dig(puzzle, rng, self.req.givens or 0, exact=self.req.minimal)
        return digger, puzzle, grid

    def extras(self):
        return None, self.cages
