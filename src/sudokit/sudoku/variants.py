"""Sudoku variants as data: extra units, difference pairs, regions, cages, non-consecutive edges, candidates.

- X-Sudoku: both main diagonals are units.
- Windoku: the boxes shifted to leave one row / column between them and the border (for 3x3 boxes the four
  classic windows; for r x c boxes every r x c window at rows 1, r+2, 2r+3, ... and columns 1, c+2, ... that fits).
- anti-knight, anti-king: difference pairs between cells a knight's / king's move apart.
- non-consecutive: orthogonal neighbours may not hold consecutive digits (exact-cover items, so the DLX engine).
- jigsaw: rows, columns and N regions from a label grid.
- Killer: cages (sum, cells) with distinct digits (exact-cover digit-set options, so the DLX engine).
- pencilmark (Sukaku): a candidate mask restricts the (cell, digit) options (the DLX engine).

Units and pairs go to every engine (the fast engine honours any geometry); cages, non-consecutive edges and
candidates need the exact-cover encoding, so a puzzle that has them is routed to the DLX engine.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from ..checks import as_int
from ..errors import InputError
from ..geometry import MAX_N, Geometry, box_geometry, region_geometry
from .grid import SolveResult, is_solution

CONSTRAINTS = ("x", "windoku", "anti-knight", "anti-king", "non-consecutive")
KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))
KING = ((1, 1), (1, -1))  # orthogonal king moves share a row or column already


def diagonals(n: int) -> np.ndarray:
    """The two main diagonals as units."""
    k = np.arange(n)
    return np.array([k * n + k, k * n + (n - 1 - k)], np.int32)


def windows(box: tuple[int, int] | None) -> np.ndarray:
    """The Windoku windows for r x c boxes: r x c blocks one row/column in from each other and the border."""
    if box is None:
        raise InputError("--windoku needs a box shape, not jigsaw regions")
    r, c = box
    n = r * c
    tops, lefts = range(1, n - r + 1, r + 1), range(1, n - c + 1, c + 1)
    out = [[(top + i) * n + left + j for i in range(r) for j in range(c)] for top in tops for left in lefts]
    if not out:
        raise InputError(f"--windoku: no {r}x{c} window fits inside a {n}x{n} grid with a one-cell margin")
    return np.array(out, np.int32)


def offset_pairs(n: int, moves) -> np.ndarray:
    """Every pair of cells (a < b) one of the moves (dr, dc) apart, both on the grid."""
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    out.append(sorted((r * n + c, rr * n + cc)))
    return np.array(out, np.int32).reshape(-1, 2)


def orthogonal_edges(n: int) -> np.ndarray:
    """Every pair of orthogonally adjacent cells."""
    return offset_pairs(n, ((0, 1), (1, 0)))


def _new_pairs(geometry: Geometry, pairs: np.ndarray) -> np.ndarray:
    """The pairs that are not already peers in the geometry."""
    keep = [not np.isin(b, geometry.peers(a)) for a, b in pairs.tolist()]
    return pairs[np.array(keep, bool)] if len(pairs) else pairs


@dataclass(frozen=True, eq=False)
class Variant:
    """One puzzle kind: the Geometry (units and pairs) plus the constraints only exact cover can express."""

    geometry: Geometry
    constraints: tuple[str, ...] = ()
    cages: tuple[tuple[int, tuple[int, ...]], ...] = ()
    nonconsecutive: np.ndarray | None = None

    @property
    def needs_dlx(self) -> bool:
        """True when cages or non-consecutive edges make the fast and reference engines unfit."""
        return bool(self.cages) or self.nonconsecutive is not None

    def exact_kwargs(self, candidates=None) -> dict:
        """The keyword arguments of exact.encode / exact.solve for this variant."""
        return {"candidates": candidates, "cages": self.cages, "nonconsecutive": self.nonconsecutive}

    def solver(self, engine_name: str = "dlx", candidates=None):
        """A solve function with the engine signature: the named engine, or DLX when the constraints need it."""
        from . import engine

        if engine_name == "dlx" or self.needs_dlx or candidates is not None:
            from . import exact

            return functools.partial(exact.solve, **self.exact_kwargs(candidates))
        return engine(engine_name)

    def solve(self, puzzle, limit: int = 1, max_nodes: int = 0, engine_name: str = "dlx", candidates=None
              ) -> SolveResult:
        """Solve (limit 1), prove uniqueness (2) or count (more) a puzzle of this variant."""
        return self.solver(engine_name, candidates)(puzzle, self.geometry, limit, max_nodes)

    def check(self, solution, puzzle, candidates=None) -> bool:
        """True if solution keeps the givens and obeys every unit, pair, cage, edge and candidate."""
        sol = np.asarray(solution).ravel()
        if not is_solution(sol, puzzle, self.geometry):
            return False
        n = self.geometry.n
        if candidates is not None and not np.asarray(candidates).reshape(-1, n)[np.arange(sol.size), sol - 1].all():
            return False
        for total, cells in self.cages:
            digits = sol[list(cells)]
            if digits.sum() != total or len(set(digits.tolist())) != len(cells):
                return False
        edges = self.nonconsecutive
        return edges is None or not np.any(np.abs(sol[edges[:, 0]] - sol[edges[:, 1]]) == 1)


def build_variant(n: int, box: tuple[int, int] | None = None, regions=None, constraints=(), cages=()) -> Variant:
    """A Variant from plain data: side N, box shape or region labels, constraint names, cages (sum, cells).

    constraints: names (a tuple, or one name or a comma-separated string such as "x,anti-knight"); cages: (sum,
    0-based cells) pairs, checked as a cage file is (no overlap, reachable sums).
    """
    from ..formats import check_cages

    n = as_int(n, "n", 1, MAX_N)
    constraints = _constraint_names(constraints)
    cages = check_cages(cages, n)
    unknown = sorted(set(constraints) - set(CONSTRAINTS))
    if unknown:
        raise InputError(f"unknown constraint {unknown[0]!r} (known: {', '.join(CONSTRAINTS)})")
    if regions is not None:
        labels = np.asarray(regions)
        if labels.size != n * n:
            raise InputError(f"regions must be {n} x {n} labels, got {labels.size}")
        base = region_geometry(labels.reshape(n, n))
    else:
        base = box_geometry(*_box(box)) if box else _standard(n)
        if base.n != n:
            raise InputError(f"a {box[0]}x{box[1]} box makes a {base.n}x{base.n} grid, not {n}x{n}")
    units = []
    if "x" in constraints:
        units.append(diagonals(n))
    if "windoku" in constraints:
        units.append(windows(base.box))
    order = tuple(c for c in CONSTRAINTS if c in constraints)
    name = "+".join(([base.name] if base.name else []) + list(order))
    geometry = base.with_constraints(units=np.vstack(units), name=name) if units else base
    moves = (KNIGHT if "anti-knight" in constraints else ()) + (KING if "anti-king" in constraints else ())
    if moves:
        geometry = geometry.with_constraints(pairs=_new_pairs(geometry, offset_pairs(n, moves)), name=name)
    edges = orthogonal_edges(n) if "non-consecutive" in constraints else None
    return Variant(geometry, order, tuple((int(s), tuple(int(c) for c in cells)) for s, cells in cages), edges)


def _box(box) -> tuple[int, int]:
    """A box shape (rows, columns) of two ints."""
    try:
        r, c = box
        return as_int(r, "box rows", 1, MAX_N), as_int(c, "box columns", 1, MAX_N)
    except (TypeError, ValueError):
        raise InputError(f"box must be (rows, columns), got {box!r}") from None


def _constraint_names(constraints) -> tuple[str, ...]:
    """Constraint names as a tuple: one string is one name (or several, comma-separated), not its letters."""
    if isinstance(constraints, str):
        return tuple(name.strip() for name in constraints.split(",") if name.strip())
    try:
        names = tuple(constraints)
    except TypeError:
        raise InputError("constraints must be names such as ('x', 'anti-knight')") from None
    if not all(isinstance(name, str) for name in names):
        raise InputError("constraints must be names such as ('x', 'anti-knight')")
    return names


def _standard(n: int) -> Geometry:
    """The standard geometry of side N."""
    from ..geometry import standard_geometry

    return standard_geometry(n)


# ---- the variant flags of a command line (solve, target, convert), as data ----

@dataclass(frozen=True)
class VariantFlags:
    """The values of the variant flags of one command line."""

    constraints: tuple[str, ...] = ()
    regions_file: str | None = None
    cages_file: str | None = None

    @property
    def active(self) -> bool:
        """True if any variant flag was given."""
        return bool(self.constraints or self.regions_file or self.cages_file)

    def plan(self, n: int, base: Geometry | None = None, engine_name: str = "dlx") -> "Plan":
        """Read the regions and cages files for side N and fix the variant every puzzle starts from."""
        regions = cages = None
        if self.regions_file:
            from ..formats import read_regions

            regions = read_regions(_read_file(self.regions_file), n, self.regions_file)
        if self.cages_file:
            from ..formats import read_cages

            cages = read_cages(_read_file(self.cages_file), n, self.cages_file)
            if not cages:
                raise InputError(f"{self.cages_file}: no cages (one per line: SUM r1c1 r1c2 ...)")
        return Plan(n, base.box if base is not None else None, regions, self.constraints, cages or [], engine_name)


    def annotate(self, pf) -> None:
        """Write the flags into every puzzle's own data (for `convert --to json`)."""
        plan = self.plan(pf.n)
        for entry in pf.entries:
            extras = entry.extras
            extras["constraints"] = tuple(c for c in CONSTRAINTS if c in set(self.constraints) | set(
                extras.get("constraints", ())))
            extras["cages"] = extras.get("cages") or plan.cages
            if plan.regions is not None and entry.regions is None:
                entry.regions = plan.regions


@dataclass
class Plan:
    """How the puzzles of one file are solved: the flags' variant, merged with each puzzle's own data."""

    n: int
    box: tuple[int, int] | None
    regions: np.ndarray | None
    constraints: tuple[str, ...]
    cages: list
    engine_name: str
    notes: list[str] = field(default_factory=list)
    _cache: dict = field(default_factory=dict)

    def variant(self, entry=None) -> Variant:
        """The Variant of one puzzle: its own regions, box, constraints and cages (json, jigsaw, hdu4069) win."""
        extras = entry.extras if entry is not None else {}
        regions = entry.regions if entry is not None and entry.regions is not None else self.regions
        box = tuple(extras.get("box", ())) or self.box
        constraints = tuple(sorted(set(self.constraints) | set(extras.get("constraints", ()))))
        cages = extras.get("cages") or self.cages
        key = (None if regions is None else np.asarray(regions).tobytes(), box, constraints, repr(cages))
        if key not in self._cache:
            self._cache[key] = build_variant(self.n, box, regions, constraints, cages)
        return self._cache[key]

    def geometry_only(self, entry=None) -> Geometry:
        """The Geometry of one puzzle for engines that take units and pairs alone (target); else InputError."""
        variant = self.variant(entry)
        if variant.needs_dlx or (entry is not None and entry.candidates is not None):
            raise InputError("this command takes units and pairs (--x, --windoku, --anti-knight, --anti-king, "
                             "--regions), not cages, non-consecutive or pencilmarks")
        return variant.geometry

    def for_entry(self, entry, base: Geometry):
        """(geometry, solve function, exact kwargs) for one puzzle; a bad variant becomes the entry's error."""
        if entry.error:
            return base, None, {}
        try:
            variant = self.variant(entry)
        except InputError as exc:
            entry.error = str(exc)
            return base, None, {}
        if self.engine_name != "dlx" and (variant.needs_dlx or entry.candidates is not None):
            what = "cages" if variant.cages else "non-consecutive" if variant.needs_dlx else "pencilmarks"
            note = f"{what} need the exact-cover encoding: using the dlx engine, not {self.engine_name}"
            if note not in self.notes:
                self.notes.append(note)
        return variant.geometry, variant.solver(self.engine_name, entry.candidates), variant.exact_kwargs(
            entry.candidates)


def _read_file(path: str) -> str:
    """The text of a regions or cages file; a missing or binary file is an InputError."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None


def solve_hdu4069(pf, engine_name: str = "dlx", max_nodes: int = 0, flags: VariantFlags | None = None
                  ) -> tuple[str, list[str]]:
    """The HDU 4069 output of a file read with fmt='hdu4069', and each case's status; clashing givens: no solution."""
    cases = list(hdu4069_cases(pf, engine_name, max_nodes, flags))
    return "".join(block + "\n" for block, _ in cases), [status for _, status in cases]


def hdu4069_cases(pf, engine_name: str = "dlx", max_nodes: int = 0, flags: VariantFlags | None = None):
    """(answer block, status) for each case of a file read with fmt='hdu4069', one at a time."""
    from ..formats import format_hdu4069
    from .grid import clashes

    plan = (flags or VariantFlags()).plan(pf.n, None, engine_name)
    for k, entry in enumerate(pf.entries, 1):
        geometry, solve, _ = plan.for_entry(entry, None)
        if entry.error:
            yield f"Case {k}:\ninvalid: {entry.error}", "invalid"
            continue
        clash = bool(clashes(entry.grid, geometry))
        result = None if clash else solve(entry.grid, geometry, 2, max_nodes)
        status = "no solution" if clash else result.status
        yield format_hdu4069(k, status, None if clash else result.solution), status
