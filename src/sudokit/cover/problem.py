"""The exact-cover problem model: named items (primary, secondary) and options, normalised once into arrays.

An *item* is primary (covered exactly once) or secondary (covered at most once). An *option* is a list of items;
a secondary item in an option may carry a *color* (``X:red`` or ``("X", "red")``): options that agree on the
color may share the item (Knuth's Algorithm C). Internally a problem is CSR arrays of 0-based item indices.

Two of Knuth's extensions ride along as optional arrays:
- ``bounds`` (DLX3's multiplicities, Algorithm M): primary item i must be covered between bounds[i, 0] and
  bounds[i, 1] times (1 <= upper, lower <= upper); None means [1, 1] for every primary item;
- ``costs`` (DLX5): a nonnegative integer cost per option; a solution costs the sum of its options', and
  ``cover.cheapest`` finds the cheapest ones. None means no costs (every option costs 0).
Costs and multiplicities together are refused, as Knuth's programs have no solver for the pair.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np

from ..checks import as_int
from ..errors import InputError

MAX_ITEMS = 1 << 20  # ten times Knuth's DLX1 max_cols: a header past it is refused before anything is allocated
MAX_BOUND = 1 << 30  # an item bound fits the kernels' int32 words
MAX_COST = 1 << 40  # an option cost: sums of up to a million options stay far inside int64


@dataclass(frozen=True, eq=False)
class Problem:
    """Items and options in CSR form: option k uses items opt_items[opt_ptr[k]:opt_ptr[k+1]] with opt_colors."""

    n_primary: int
    n_secondary: int
    opt_ptr: np.ndarray
    opt_items: np.ndarray
    opt_colors: np.ndarray
    item_names: tuple[str, ...] = ()
    color_names: tuple[str, ...] = ("",)
    dropped: tuple[int, ...] = field(default=())  # options ignored because they had no primary item
    bounds: np.ndarray | None = None  # int64 [n_primary, 2]: (lower, upper) times each primary item is covered
    costs: np.ndarray | None = None  # int64 [n_options]: each option's cost

    @classmethod
    def from_names(cls, primary, secondary=(), options=(), bounds=None, costs=None) -> "Problem":
        """Build from item names and options given as lists of names (``name`` or ``name:color``).

        bounds: {name: v or (u, v)} for primary items covered u..v times (the rest once), or one entry per
        primary item; costs: one nonnegative integer per option.
        """
        names = [str(x) for x in primary] + [str(x) for x in secondary]
        index = _index_names(names)
        n_primary = len(primary)
        colors: dict[str, int] = {}
        ptr, items, cols = [0], [], []
        for k, option in enumerate(options):
            seen = set()
            for entry in option:
                name, color = _split_color(entry)
                if name not in index:
                    raise InputError(f"option {k + 1}: unknown item name {name!r}")
                i = index[name]
                if i in seen:
                    raise InputError(f"option {k + 1}: item {name!r} appears twice")
                if color and i < n_primary:
                    raise InputError(f"option {k + 1}: primary item {name!r} must be uncolored")
                seen.add(i)
                items.append(i)
                cols.append(colors.setdefault(color, len(colors) + 1) if color else 0)
            ptr.append(len(items))
        color_names = ("",) + tuple(colors)
        if isinstance(bounds, dict):
            bounds = _bounds_by_name(bounds, index, n_primary)
        return cls.from_arrays(n_primary, len(secondary), ptr, items, cols, names, color_names, bounds, costs)

    @classmethod
    def from_arrays(cls, n_primary, n_secondary, opt_ptr, opt_items, opt_colors=None, item_names=(),
                    color_names=("",), bounds=None, costs=None) -> "Problem":
        """Build from CSR arrays of 0-based item indices (the fast path for generated problems).

        bounds: n_primary entries, each v or (u, v); costs: one integer per option (see the module docstring).
        """
        n_primary = as_int(n_primary, "n_primary", 1, MAX_ITEMS)
        n_secondary = as_int(n_secondary, "n_secondary", 0, MAX_ITEMS - n_primary)
        n_items = n_primary + n_secondary
        opt_items = _int_array(opt_items, "opt_items", 0, n_items - 1)
        opt_ptr = _int_array(opt_ptr, "opt_ptr", 0, opt_items.size)
        opt_colors = np.zeros_like(opt_items) if opt_colors is None else _int_array(
            opt_colors, "opt_colors", 0, max(0, len(color_names) - 1))
        _check_csr(opt_ptr, opt_items, opt_colors, n_primary)
        if item_names and len(item_names) != n_items:
            raise InputError(f"{len(item_names)} item names for {n_items} items")
        opt_items, opt_colors = opt_items.astype(np.int32), opt_colors.astype(np.int32)
        n_options = len(opt_ptr) - 1
        owner = np.repeat(np.arange(n_options), np.diff(opt_ptr))
        keep = np.bincount(owner[opt_items < n_primary], minlength=n_options) > 0
        dropped = tuple(np.nonzero(~keep)[0].tolist())
        if dropped:
            warnings.warn(f"{len(dropped)} option(s) ignored (no primary items): first is option {dropped[0] + 1}",
                          stacklevel=3)
        names = tuple(item_names) or tuple(str(i + 1) for i in range(n_items))
        bounds = _as_bounds(bounds, n_primary)
        costs = _as_costs(costs, n_options)
        if bounds is not None and costs is not None:
            raise InputError("costs and multiplicities together are not supported (Knuth's DLX3 or DLX5, not both)")
        return cls(n_primary, n_secondary, opt_ptr, opt_items, opt_colors, names, tuple(color_names), dropped,
                   bounds, costs)

    @classmethod
    def from_matrix(cls, matrix, secondary: int = 0) -> "Problem":
        """Build from a 0/1 matrix: rows are options, columns are items (the last `secondary` columns secondary)."""
        m = np.asarray(matrix)
        if m.ndim != 2:
            raise InputError(f"a cover matrix must be 2-D, got {m.ndim}-D")
        if not np.isin(m, (0, 1)).all():
            raise InputError("a cover matrix holds only 0 and 1")
        rows, cols = np.nonzero(m)
        ptr = np.zeros(m.shape[0] + 1, np.int64)
        ptr[1:] = np.cumsum(np.bincount(rows, minlength=m.shape[0]))
        return cls.from_arrays(m.shape[1] - secondary, secondary, ptr, cols)

    @classmethod
    def parse(cls, text: str, fmt: str | None = None, source: str = "<input>") -> "Problem":
        """A problem from Knuth's .dlx text or a 0/1 matrix ('n m' then n rows); fmt: "dlx" or "matrix"."""
        from . import knuth

        fmt = fmt or knuth.detect(text)
        if fmt not in ("dlx", "matrix"):
            raise InputError(f"format {fmt!r}: dlx or matrix")
        return knuth.read_matrix(text, source) if fmt == "matrix" else knuth.read_dlx(text, source)

    @classmethod
    def read(cls, path: str, fmt: str | None = None) -> "Problem":
        """A problem from a .dlx or matrix file ('-': stdin)."""
        from ..textfile import read_file

        text, name = read_file(path)
        return cls.parse(text, fmt, name)

    def solve(self, **search):
        """The first solution (a Solution: .options, .names(), .stats), or None (cover.solve)."""
        from .solver import solve

        return solve(self, **search)

    def count(self, limit: int | None = None, **search):
        """The number of solutions up to limit, an int carrying .stats (cover.count)."""
        from .solver import count

        return count(self, limit, **search)

    def solutions(self, limit: int | None = None, **search):
        """Every solution up to limit, lazily (cover.solutions)."""
        from .solver import solutions

        return solutions(self, limit, **search)

    def is_unique(self, **search) -> bool:
        """True if there is exactly one solution (cover.is_unique)."""
        from .solver import is_unique

        return is_unique(self, **search)

    def cheapest(self, k: int = 1, **search):
        """The k cheapest solutions, cheapest first (cover.cheapest)."""
        from .solver import cheapest

        return cheapest(self, k, **search)

    def to_dlx(self) -> str:
        """Knuth's .dlx text of the problem."""
        from .knuth import write_dlx

        return write_dlx(self)

    @property
    def n_items(self) -> int:
        """Primary plus secondary items."""
        return self.n_primary + self.n_secondary

    @property
    def n_options(self) -> int:
        """Options as given, dropped ones included (indices stay the user's)."""
        return len(self.opt_ptr) - 1

    @property
    def has_bounds(self) -> bool:
        """True if some primary item is not simply covered once (DLX3's multiplicities)."""
        return self.bounds is not None

    def lower(self) -> np.ndarray:
        """The lower bound of every primary item (all 1 without multiplicities)."""
        return np.ones(self.n_primary, np.int64) if self.bounds is None else self.bounds[:, 0]

    def upper(self) -> np.ndarray:
        """The upper bound of every primary item (all 1 without multiplicities)."""
        return np.ones(self.n_primary, np.int64) if self.bounds is None else self.bounds[:, 1]

    def cost(self, options) -> int:
        """The total cost of a set of option indices (0 without costs)."""
        return 0 if self.costs is None else int(sum(self.costs[k] for k in options))

    def option(self, k: int) -> list[str]:
        """Option k as item names, colors written ``name:color``."""
        lo, hi = self.opt_ptr[k], self.opt_ptr[k + 1]
        return [self.item_names[i] + (f":{self.color_names[c]}" if c else "")
                for i, c in zip(self.opt_items[lo:hi].tolist(), self.opt_colors[lo:hi].tolist())]


def _int_array(values, name: str, lo: int, hi: int) -> np.ndarray:
    """A 1-D int64 array of integers lo..hi, or an InputError naming it."""
    try:
        arr = np.asarray(values)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a 1-D array of integers") from None
    if arr.size == 0:
        arr = arr.astype(np.int64)
    if arr.ndim != 1 or arr.dtype.kind not in "iu":
        raise InputError(f"{name} must be a 1-D array of integers, got {arr.dtype} of shape {arr.shape}")
    if arr.size and (arr.min() < lo or arr.max() > hi):
        raise InputError(f"{name} holds values outside {lo}..{hi}")
    return arr.astype(np.int64)


def _check_csr(opt_ptr: np.ndarray, opt_items: np.ndarray, opt_colors: np.ndarray, n_primary: int) -> None:
    """opt_ptr runs from 0 to len(opt_items) without going back; no option repeats an item or colors a primary."""
    if len(opt_ptr) == 0 or opt_ptr[0] != 0 or opt_ptr[-1] != len(opt_items) or np.any(np.diff(opt_ptr) < 0):
        raise InputError(f"opt_ptr must rise from 0 to len(opt_items) = {len(opt_items)}")
    if len(opt_colors) != len(opt_items):
        raise InputError("opt_colors must have one color per entry of opt_items")
    owner = np.repeat(np.arange(len(opt_ptr) - 1), np.diff(opt_ptr))
    width = int(opt_items.max(initial=0)) + 1
    key = np.sort(owner * width + opt_items)
    dup = np.flatnonzero(np.diff(key) == 0)
    if len(dup):
        raise InputError(f"option {int(key[dup[0]] // width) + 1} uses item {int(key[dup[0]] % width)} twice")
    colored = np.flatnonzero((opt_colors != 0) & (opt_items < n_primary))
    if len(colored):
        raise InputError(f"option {int(owner[colored[0]]) + 1}: primary item {int(opt_items[colored[0]])} must be "
                         "uncolored")


def _as_bounds(bounds, n_primary: int) -> np.ndarray | None:
    """Bounds as int64 [n_primary, 2] (v alone means u = v); None when every item is [1, 1]."""
    if bounds is None:
        return None
    try:
        rows = [(b, b) if np.ndim(b) == 0 else tuple(b) for b in bounds]
        arr = np.array(rows, dtype=object)
    except (TypeError, ValueError):
        raise InputError("bounds: one v or (u, v) per primary item") from None
    if arr.shape != (n_primary, 2):
        raise InputError(f"bounds: one v or (u, v) for each of the {n_primary} primary items")
    lo = [as_int(u, "lower bound", 0, MAX_BOUND) for u, _ in rows]
    hi = [as_int(v, "upper bound", 1, MAX_BOUND) for _, v in rows]
    for k, (u, v) in enumerate(zip(lo, hi)):
        if u > v:
            raise InputError(f"primary item {k + 1}: lower bound {u} exceeds upper bound {v}")
    out = np.array([lo, hi], np.int64).T.reshape(n_primary, 2)
    return None if (out == 1).all() else out


def _bounds_by_name(bounds: dict, index: dict[str, int], n_primary: int) -> list:
    """{name: v or (u, v)} as one entry per primary item ([1, 1] where not named)."""
    out: list = [1] * n_primary
    for name, b in bounds.items():
        k = index.get(str(name), n_primary)
        if k >= n_primary:
            raise InputError(f"bounds: {name!r} is not a primary item")
        out[k] = b
    return out


def _as_costs(costs, n_options: int) -> np.ndarray | None:
    """Costs as int64 [n_options], each 0 .. MAX_COST."""
    if costs is None:
        return None
    if isinstance(costs, (str, bytes)) or np.ndim(costs) != 1 or len(costs) != n_options:
        raise InputError(f"costs: one integer per option ({n_options})")
    return np.array([as_int(c, "cost", 0, MAX_COST) for c in costs], np.int64)


def _index_names(names: list[str]) -> dict[str, int]:
    """Map names to indices; a duplicate or malformed name is an InputError."""
    index: dict[str, int] = {}
    for k, name in enumerate(names):
        if not name or any(ch.isspace() for ch in name) or ":" in name or "|" in name:
            raise InputError(f"illegal item name {name!r}")
        if name in index:
            raise InputError(f"duplicate item name {name!r}")
        index[name] = k
    return index


def _split_color(entry) -> tuple[str, str]:
    """('X', 'c') from 'X:c' or ('X', 'c'); ('X', '') from 'X'."""
    if isinstance(entry, tuple):
        return str(entry[0]), str(entry[1])
    name, _, color = str(entry).partition(":")
    return name, color
