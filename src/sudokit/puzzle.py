"""The front door for one puzzle: Sudoku (any size, any variant), TargetSudoku and BinarySudoku.

    from sudokit import Sudoku
    s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    s.solve()                      # a Solution: .grid, .stats (nodes, guesses, seconds, engine), str() = the grid
    s.count(limit=10), s.is_unique(), s.check(grid), s.to_string("ss"), s.to_json()

A Sudoku is read once (text in any format `sudokit solve` reads, or N*N digits, or N rows of N) and checked
once: a wrong size, a digit out of range or clashing givens raise InputError at construction. Variants come as
data: ``variants`` names ("x", "windoku", "anti-knight", "anti-king", "non-consecutive"), ``regions`` (N x N
labels), ``cages`` ((sum, 0-based cells) pairs), ``candidates`` (a pencilmark mask); a puzzle's own (JSON,
jigsaw line, pencilmark line) are merged with them. The engine is picked as the CLI picks it (DLX where cages,
non-consecutive edges or pencilmarks need exact cover).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from .cover.solver import Count  # the number of solutions, an int that also carries the stats
from .errors import InputError, LimitReached, NoSolution

ENGINE = "fast"


@dataclass(frozen=True)
class Stats:
    """What a search cost: nodes visited, guesses made, seconds taken, the engine that ran."""

    nodes: int = 0
    guesses: int = 0
    seconds: float = 0.0
    engine: str = ""


@dataclass(frozen=True)
class Solution:
    """A solved grid (N*N digits, row-major) of a puzzle, and what finding it cost."""

    grid: np.ndarray
    puzzle: "Sudoku"
    stats: Stats

    def to_string(self, fmt: str = "grid") -> str:
        """The grid in a text format: line, grid, ints, sdm, sdk, ss, pencilmark, json."""
        from .formats import WRITERS, format_grid

        if fmt == "json":
            return self.puzzle.with_grid(self.grid).to_json()
        if fmt not in WRITERS:
            raise InputError(f"unknown format {fmt!r} (known: {', '.join(WRITERS)})")
        return format_grid(self.grid, self.puzzle.n, fmt, self.puzzle.symbols, self.puzzle.box)

    def __str__(self) -> str:
        return self.to_string("grid")

    def _repr_html_(self) -> str:
        """The solution as a notebook shows it: a table over the givens."""
        return self.puzzle.html(self.grid)




class Sudoku:
    """One puzzle of any size and variant: solve it, count it, check a grid against it, write it."""

    def __init__(self, puzzle, box=None, symbols: str | None = None, variants=(), regions=None, cages=(),
                 candidates=None):
        pf = _read_one(puzzle, symbols) if isinstance(puzzle, str) else _file_of_grid(puzzle, symbols)
        self._setup(pf.entries[0], pf, box, variants, regions, cages, candidates)

    @classmethod
    def parse(cls, text: str, fmt: str | None = None, symbols: str | None = None, **variant) -> "Sudoku":
        """The one puzzle of a text in any format `sudokit solve` reads (fmt: force one)."""
        obj = cls.__new__(cls)
        pf = _read_one(text, symbols, fmt)
        obj._setup(pf.entries[0], pf, **_variant_args(variant))
        return obj

    @classmethod
    def read(cls, path: str, fmt: str | None = None, symbols: str | None = None, **variant) -> list["Sudoku"]:
        """Every puzzle of a file ('-': stdin); an unreadable one is an InputError naming its line."""
        from .formats import read_file, read_puzzles

        text, name = read_file(path)
        pf = read_puzzles(text, fmt=fmt, symbols=symbols, source=name)
        out = []
        for entry in pf.entries:
            if entry.error:
                raise InputError(f"{name}:{entry.line}: {entry.error}")
            obj = cls.__new__(cls)
            obj._setup(entry, pf, **_variant_args(variant))
            out.append(obj)
        return out

    def _setup(self, entry, pf, box=None, variants=(), regions=None, cages=(), candidates=None) -> None:
        """Merge the puzzle's own variant data with the arguments, build the variant, check the givens."""
        from .sudoku.exact import as_candidates
        from .sudoku.grid import as_grid, check_givens
        from .sudoku.variants import _constraint_names, build_variant

        extras = entry.extras
        regions = entry.regions if regions is None else regions
        box = tuple(_box(box)) if box is not None else (tuple(extras["box"]) if "box" in extras else None)
        names = tuple(sorted(set(_constraint_names(variants)) | set(extras.get("constraints", ()))))
        self.variant = build_variant(pf.n, None if regions is not None else box, regions, names,
                                     cages or extras.get("cages") or ())
        self.n = pf.n
        self.grid = as_grid(entry.grid, self.variant.geometry)
        self.grid.flags.writeable = False
        check_givens(self.grid, self.variant.geometry)
        mask = entry.candidates if candidates is None else candidates
        self.candidates = as_candidates(mask, self.variant.geometry)
        self.regions = None if regions is None else np.asarray(regions).reshape(self.n, self.n)
        self._file = pf
        self._entry = entry

    # ---- what it is ----

    @property
    def geometry(self):
        """The units and difference pairs (a Geometry)."""
        return self.variant.geometry

    @property
    def box(self) -> tuple[int, int] | None:
        """The box shape (None for jigsaw regions)."""
        return self.geometry.box

    @property
    def symbols(self) -> str:
        """The N symbols its digits are written with."""
        return self._file.symbols

    @property
    def constraints(self) -> tuple[str, ...]:
        """The variant constraints by name."""
        return self.variant.constraints

    @property
    def cages(self) -> tuple:
        """Killer cages as (sum, 0-based cells)."""
        return self.variant.cages

    @property
    def givens(self) -> int:
        """The number of given digits."""
        return int(np.count_nonzero(self.grid))

    # ---- searching ----

    def solve(self, engine: str = ENGINE, max_nodes: int = 0) -> Solution:
        """A solution; NoSolution if there is none, LimitReached if max_nodes stopped the search first."""
        result, stats = self._search(1, engine, max_nodes)
        if result.count:
            return Solution(_frozen(result.solution), self, stats)
        if not result.complete:
            raise LimitReached(f"node limit {max_nodes} reached before a solution was found")
        raise NoSolution("this puzzle has no solution")

    def count(self, limit: int | None = None, engine: str = ENGINE, max_nodes: int = 0) -> Count:
        """The number of solutions, at most limit (None: all); LimitReached if max_nodes stopped the count."""
        result, stats = self._search(limit, engine, max_nodes)
        if not result.complete:
            raise LimitReached(f"node limit {max_nodes} reached after {result.count} solution(s)")
        return Count(result.count, stats)

    def is_unique(self, engine: str = ENGINE, max_nodes: int = 0) -> bool:
        """True if the puzzle has exactly one solution (the search stops at the second)."""
        return self.count(2, engine, max_nodes) == 1

    def solutions(self, limit: int | None = None, max_nodes: int = 0) -> Iterator[Solution]:
        """Every solution (at most limit), one at a time, as exact cover finds them (lazily)."""
        from .cover.solver import solutions
        from .sudoku.exact import ALGORITHM, decode, encode

        problem, cell_digit = encode(self.grid, self.geometry, **self.variant.exact_kwargs(self.candidates))
        start = time.perf_counter()
        for sol in solutions(problem, limit, max_nodes=max_nodes, algorithm=ALGORITHM):
            stats = Stats(sol.stats.nodes, 0, time.perf_counter() - start, "dlx")
            yield Solution(_frozen(decode(sol.options, cell_digit, self.geometry.ncells)), self, stats)

    def _search(self, limit, engine: str, max_nodes: int):
        """(SolveResult, Stats) of one search through the engine the variant allows."""
        from .checks import as_limit

        if engine not in ("fast", "dlx", "reference"):
            raise InputError(f"engine {engine!r}: one of fast, dlx, reference")
        solve = self.variant.solver(engine, self.candidates)
        used = "dlx" if engine != "dlx" and (self.variant.needs_dlx or self.candidates is not None) else engine
        start = time.perf_counter()
        result = solve(self.grid, self.geometry, as_limit(limit), max_nodes)
        return result, Stats(result.nodes, result.guesses, time.perf_counter() - start, used)

    def check(self, grid) -> bool:
        """True if grid (digits, text, or a Solution) is complete, keeps the givens and obeys every rule."""
        if isinstance(grid, Solution):
            grid = grid.grid
        if isinstance(grid, str):
            grid = Sudoku(grid, symbols=self.symbols).grid
        values = np.asarray(grid)
        if values.size != self.geometry.ncells or values.dtype.kind not in "iu":
            return False
        return self.variant.check(values.ravel(), self.grid, self.candidates)

    # ---- writing ----

    def with_grid(self, grid) -> "Sudoku":
        """The same puzzle (layout, symbols, variant) holding other digits, unchecked (for writing answers)."""
        obj = Sudoku.__new__(Sudoku)
        obj.__dict__.update(self.__dict__)
        obj.grid, obj.candidates = _frozen(grid), None
        return obj

    def to_string(self, fmt: str = "line") -> str:
        """The puzzle in a text format: line, grid, ints, sdm, sdk, ss, pencilmark, json (no final newline)."""
        from .formats import write_puzzles

        try:
            return write_puzzles(self._as_file(), fmt, self.box).rstrip("\n")
        except InputError as exc:  # the writers speak the CLI's language (--to json)
            raise InputError(str(exc).replace("--to ", "format ")) from None

    def to_json(self) -> str:
        """The JSON description (size, box or regions, givens, candidates, constraints, cages)."""
        return self.to_string("json")

    def _as_file(self):
        """A one-puzzle PuzzleFile carrying this puzzle's variant, for the writers."""
        from dataclasses import replace

        from .formats import PuzzleFile

        extras = dict(self._entry.extras, constraints=self.constraints, cages=list(self.cages))
        if self.box is not None:
            extras["box"] = self.box
        entry = replace(self._entry, grid=np.array(self.grid), candidates=self.candidates, regions=self.regions,
                        extras=extras, error="")
        return PuzzleFile([entry], self.n, self._file.fmt, self.symbols, self._file.source)

    def __str__(self) -> str:
        return self.to_string("grid")

    def __repr__(self) -> str:
        return f"Sudoku({self.to_string('line')!r})" if self.n <= 9 else f"<Sudoku {self.n}x{self.n}>"

    def html(self, grid=None) -> str:
        """An HTML table of the puzzle (or of grid over its givens): thick lines between boxes or regions."""
        from .formats.htmltable import html_grid

        return html_grid(self, grid)

    def _repr_html_(self) -> str:
        """The puzzle as a notebook shows it: a table."""
        return self.html()

    def to_svg(self, grid=None, step=None, candidates: bool = False, size: int | None = None) -> str:
        """An SVG picture of the puzzle: grid (a solution) drawn over the givens, a hint's step highlighted, the
        pencilmarks with candidates=True."""
        from .render import svg

        marks = None
        if candidates or step is not None:
            marks = self.candidates if self.candidates is not None else self._logic_state().mask_array()
        grid = getattr(grid, "grid", grid)  # a Solution draws as its grid
        shown = np.asarray(grid).ravel() if grid is not None else self.grid
        return svg(shown, self.geometry, givens=self.grid, candidates=marks, variant=self.variant, step=step,
                   size=size, symbols=self.symbols if self.n > 9 else None)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows."""
        return self.to_svg()

    # ---- human-style solving (sudokit.logic) ----

    def _logic_state(self):
        """The candidate grid of the puzzle (its pencilmarks if it has them)."""
        from .logic import api

        if self.variant.needs_dlx:
            raise InputError("human-style solving handles unit and pair variants, not cages or non-consecutive")
        return api.candidates(self.grid, self.geometry, self.candidates)

    def hint(self, technique: str | None = None, every: bool = False) -> list:
        """The next step a person would take ([Step]; every=True with a technique: all its instances)."""
        from .logic import api

        state = self._logic_state()
        api.solution(state, self.geometry, self.candidates)
        return api.hint(state, technique, every)

    def canonical(self) -> "Sudoku":
        """The minlex canonical form of a plain 9x9 puzzle (equal for every puzzle equivalent to it)."""
        from .generate.minlex import canon

        if self.n != 9 or self.box != (3, 3) or self.constraints or self.cages or self.candidates is not None:
            raise InputError("canonical forms are for plain 9x9 puzzles (no variants, regions or pencilmarks)")
        return Sudoku(canon(self.grid.reshape(1, 81).astype(np.int64))[0].astype(np.int32))

    def steps(self, order: str = "hodoku", max_seconds: float | None = None):
        """The whole solve path (logic.path.Path: .steps, .score, .level)."""
        from .logic import api

        return api.steps(self._logic_state(), self.geometry, order, self.candidates, max_seconds)

    def rate(self, max_seconds: float | None = None):
        """The difficulty: SE's ER/EP/ED, HoDoKu's level and score, the fast engine's guesses (logic.api.Rating)."""
        from .logic import api

        return api.rate(self._logic_state(), self.geometry, self.candidates, max_seconds)


def _frozen(grid) -> np.ndarray:
    """A read-only flat int32 copy of a grid."""
    out = np.array(grid, np.int32).ravel()
    out.flags.writeable = False
    return out


def _read_one(text: str, symbols: str | None, fmt: str | None = None):
    """The PuzzleFile of a text holding exactly one readable puzzle."""
    from .formats import read_puzzles

    pf = read_puzzles(text, fmt=fmt, symbols=symbols, source="<puzzle>")
    if len(pf.entries) != 1:
        raise InputError(f"the text holds {len(pf.entries)} puzzles; Sudoku.read reads a file of several")
    if pf.entries[0].error:
        raise InputError(pf.entries[0].error)
    return pf


def _file_of_grid(values, symbols: str | None):
    """The one-puzzle PuzzleFile of N*N digits given flat or as N rows."""
    from .formats import Entry, PuzzleFile, resolve_symbols

    try:
        grid = np.asarray(values)
    except (TypeError, ValueError):
        raise InputError("a puzzle is text, or N*N digits (flat or N rows of N)") from None
    n = math.isqrt(grid.size)
    if n * n != grid.size or not 1 <= n <= 64 or grid.ndim not in (1, 2):
        raise InputError(f"a puzzle of {grid.size} cells is not N*N digits for N = 1..64")
    return PuzzleFile([Entry(grid.ravel(), 1)], n, "line", resolve_symbols(symbols, n))


def _box(box) -> tuple[int, int]:
    """A box shape from (r, c) or 'RxC'."""
    if isinstance(box, str):
        try:
            return tuple(int(v) for v in box.lower().split("x"))
        except ValueError:
            raise InputError(f"box {box!r}: expected RxC, e.g. 3x3 or 2x3") from None
    return box


def _variant_args(variant: dict) -> dict:
    """The keyword arguments parse() and read() pass on: box, variants, regions, cages, candidates."""
    known = {"box", "variants", "regions", "cages", "candidates"}
    unknown = sorted(set(variant) - known)
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
    return variant


class TargetSudoku(Sudoku):
    """A Target Sudoku (NOIP 2009): the completion with the highest (minimize: lowest) weighted digit sum.

    weights: N x N integers (default: a JSON puzzle's own, else the rings rule, N-3 on the outer ring and one
    more per ring inward). Units and pairs only (x, windoku, anti-knight, anti-king, regions): no cages.
    """

    def __init__(self, puzzle, weights=None, minimize: bool = False, **variant):
        super().__init__(puzzle, **_variant_args(variant))
        self.set_weights(weights, minimize)

    def _setup(self, entry, pf, *args, **kwargs) -> None:
        """As a Sudoku, then refuse what a target cannot take and start from the puzzle's own weights."""
        super()._setup(entry, pf, *args, **kwargs)
        if self.variant.needs_dlx or self.candidates is not None:
            raise InputError("a target takes units and pairs (x, windoku, anti-knight, anti-king, regions), not "
                             "cages, non-consecutive or pencilmarks")
        self.set_weights(entry.extras.get("weights"), False)

    def set_weights(self, weights=None, minimize: bool = False) -> None:
        """Score with these weights (None: the puzzle's own or the rings rule), lowest first if minimize."""
        from .sudoku.target import as_weights

        if weights is not None or not hasattr(self, "weights"):
            self.weights = as_weights(weights, self.geometry)
        self.minimize = bool(minimize)

    def best(self, max_nodes: int = 0):
        """The proved best completion: a TargetResult (.score, None if no completion; .grid; .complete)."""
        from .sudoku.target import best

        return best(self.grid, self.geometry, self.weights, self.minimize, max_nodes)

    def score(self, grid) -> int:
        """The weighted digit sum of a grid (digits, or a Solution)."""
        values = np.asarray(grid.grid if isinstance(grid, Solution) else grid, np.int64).ravel()
        return int((values * self.weights).sum())


class BinarySudoku:
    """A Binary Sudoku (USACO 2011): a 0/1 grid and the fewest cells to flip so every row, column and box is even."""

    def __init__(self, grid, box: tuple[int, int] | None = None):
        from .sudoku.binary import as_binary

        self.grid, self.box = as_binary(grid, tuple(_box(box)) if box is not None else None)
        self.grid.flags.writeable = False

    @classmethod
    def read(cls, path: str, box: tuple[int, int] | None = None) -> "BinarySudoku":
        """The grid of a file (N lines of N characters 0/1)."""
        from .formats import read_file

        text, name = read_file(path)
        try:
            return cls(text, box)
        except InputError as exc:
            raise InputError(f"{name}: {exc}") from None

    def min_flips(self, engine: str = "default", max_nodes: int = 0):
        """The fewest flips: a BinaryResult (.flips, .cells (row, col) 0-based, .complete)."""
        from .sudoku.binary import min_flips

        return min_flips(self.grid, self.box, engine, max_nodes)

    def is_even(self) -> bool:
        """True if every row, column and box holds an even number of ones."""
        from .sudoku.binary import is_even

        return is_even(self.grid, *self.box)

    def flip(self, cells) -> "BinarySudoku":
        """A new grid with the (row, col) cells flipped."""
        from .sudoku.binary import apply_flips

        return BinarySudoku(apply_flips(self.grid, cells), self.box)

    def to_string(self) -> str:
        """N lines of N characters 0/1."""
        return "\n".join("".join(map(str, row)) for row in self.grid.tolist())

    def __str__(self) -> str:
        return self.to_string()
