"""The exact-cover driver: lay a Problem out once for a kernel, then run that kernel in any mode.

    solve(p)            first solution or None        count(p)       number of solutions (a Count, an int)
    solutions(p)        lazy iterator, batch by batch  is_unique(p)   exactly one solution?

    cheapest(p, k)      the k cheapest solutions of a problem with option costs, cheapest first (DLX5)

Each takes ``seed`` (random tie-breaking and option order, Knuth's ``s<seed>``), ``max_nodes`` (0 = none;
reaching it raises LimitReached) and ``algorithm``: "auto" (the default: "bits" for a problem whose options are
long and clash with many others, a polyomino packing, see bits_suits; else "cells"), "bits" (Algorithm X on
bitsets of options, kernels/bitx.py: the pentominoes 0.45x ssxcc against cells' 0.73-0.76x; no colors), "cells"
(Knuth's dancing cells on sparse sets, kernels/cells.py; ~1.2x faster than dlx on the pentominoes, ~3x on hard Sudoku covers, where its early
abandonment pays; figures in that file; MRV's ties go to the most constraining item, see item_ranks),
"cells-first" (the same with ties to the first item, Knuth's SSXCC rule: 13 queens 0.25 s against the
default's 0.14; the pentominoes' trees within 1% of each other), "dlx" (dancing links, kernels/dlx.py, abandoning
an option as soon as it leaves a primary item without options, MRV's ties by degree as "cells") or "dlx2" (the
same kernel exactly as Knuth's DLX2: its node counts, e.g. 909,153 on the pentominoes with X in a quarter). A problem with multiplicities runs on Algorithm M (kernels/mcc.py, dancing links,
DLX3's node counts) whichever is asked. Counters (solutions, nodes, updates) come back on the result as
``stats``; nodes and updates depend on the algorithm.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from ..checks import as_int, as_limit, as_max_nodes, as_seed
from ..errors import InputError, LimitReached
from .problem import Problem

COUNT_ALL = np.iinfo(np.int64).max
ALGORITHMS = ("auto", "cells", "dlx", "cells-first", "dlx2", "bits")
DEFAULT_ALGORITHM = "auto"
COLOR_WORD = 3  # kernels/dlx.py: a node's four words are UP, DOWN, TOP, COLOR
CELLS_HEADER = 4  # words before each item's set in the cells kernel's setm (kernels/cells.py HEADER)
TIES = {"cells": "degree", "cells-first": "first", "dlx": "degree", "dlx2": "first", "bits": "degree"}  # the dancing-cells MRV tie-break of each name (see item_ranks)
SLICE = 1 << 18  # nodes per kernel call: between calls Python sees Ctrl-C / SIGTERM (the search resumes exactly)
MAX_BEST = 100_000  # cheapest(p, k): k at most this (Knuth's DLX5 allows 15,000)
MAX_BITS_BYTES = 1 << 28  # the bits algorithm's rows (items x options / 8 bytes) at most this
MAX_BITS_WORDS = 64  # "auto" picks bits only for problems of at most 64 x 64 options
BITS_RATIO = 2.0  # see bits_suits
MIN_BITS_OPTIONS = 256  # below, every kernel takes microseconds: "auto" keeps cells (and its plain-Python start)
TINY_ENTRIES = 20_000  # a problem this small may start in plain Python (cover/small.py) while numba is not loaded
# The crossover, measured (.venv, 2-core box): plain Python does 1.1 M nodes + removals a second (queens 8-11), and
# importing numba and loading one cached kernel costs 0.7 s of CPU, so a search of up to 750,000 work units is
# cheaper in plain Python. Random probes estimate the work first (1-30 ms); a search estimated larger goes to the
# kernel at once, a smaller one starts in plain Python and, should it outrun the estimate, gives up after the
# same 750,000 (spending at most what loading numba costs: never worse than 2x the right choice in hindsight).
TINY_WORK = 750_000  # nodes + removals: plain Python's share of a search
TINY_BUDGET = TINY_WORK  # nodes + removals plain Python may spend before numba takes over


@dataclass(frozen=True)
class Stats:
    """Knuth's counters: solutions found, search-tree nodes, list updates, color cleansings."""

    solutions: int = 0
    nodes: int = 0
    updates: int = 0
    cleansings: int = 0

    def __str__(self) -> str:
        return (f"{self.solutions} solutions, {self.nodes} nodes, {self.updates} updates, "
                f"{self.cleansings} cleansings")


@dataclass(frozen=True)
class Solution:
    """One exact cover: the chosen option indices (in the order chosen) and the counters so far."""

    options: tuple[int, ...]
    problem: Problem
    stats: Stats

    @property
    def cost(self) -> int:
        """The sum of the chosen options' costs (0 for a problem without costs)."""
        return self.problem.cost(self.options)

    def names(self) -> list[list[str]]:
        """The chosen options as lists of item names."""
        return [self.problem.option(k) for k in self.options]


class Count(int):
    """An int that also carries the search counters."""

    stats: Stats

    def __new__(cls, value: int, stats: Stats):
        obj = super().__new__(cls, value)
        obj.stats = stats
        return obj


def numba_loaded() -> bool:
    """True once numba is imported (then a kernel costs nothing to start)."""
    return "numba" in sys.modules


class Search:
    """A paused Algorithm C search over one problem: every call resumes where the last one stopped.

    Start-up (plain_start=True, what `sudokit cover` asks for): importing numba and loading the compiled kernels
    costs more than solving a small problem, so while numba is not loaded an unseeded dancing-cells search of a
    small problem (at most TINY_ENTRIES option entries, and Knuth's probes estimate at most TINY_WORK nodes +
    removals) starts in plain Python (cover/small.py, the same moves as the kernel); past TINY_BUDGET it is
    handed to the kernel, which skips the solutions already returned. Either way the solutions, their order and
    the counters are the kernel's. (Off by default: a program solving many problems wants the kernel at once.)
    """

    def __init__(self, problem: Problem, seed: int | None = None, max_nodes: int = 0,
                 algorithm: str = DEFAULT_ALGORITHM, snapshot: int = 256, plain_start: bool = False):
        if algorithm not in ALGORITHMS:
            raise InputError(f"unknown exact-cover algorithm {algorithm!r} (choose from {', '.join(ALGORITHMS)})")
        if not isinstance(problem, Problem):
            raise InputError(f"expected a Problem, got {type(problem).__name__}")
        seed = as_seed(seed)
        tiny = plain_start and _tiny_fits(problem, seed, algorithm)
        if algorithm == "auto":
            algorithm = "bits" if bits_suits(problem) and not tiny else "cells"
        self.problem = problem
        self.algorithm = algorithm
        self.kernel = ("mcc" if problem.has_bounds else "cells" if algorithm.startswith("cells") else
                       "bits" if algorithm == "bits" else "dlx")
        self.max_nodes = as_max_nodes(max_nodes)
        self.state = np.zeros(11, np.int64)
        self.width = max(1, problem.n_primary)  # options in a solution, at most
        if self.kernel == "mcc":
            self.links = build_links(problem, seed) + build_bounds(problem)
            levels = max_levels(problem)
            self.width = levels
            self.x = np.zeros(levels + 1, np.int32)
            self.ft = np.zeros(levels + 1, np.int32)
        elif self.kernel == "dlx":
            self.links = narrow_links(build_links(problem, seed, ties=TIES[algorithm]))
            self.x = np.zeros(problem.n_primary + 1, np.int32)
            self.state[4] = algorithm == "dlx"  # abandon a dead option at once; "dlx2" is Knuth's DLX2, node for node
            self.state[5] = problem.n_primary
        elif self.kernel == "bits":
            self.links = build_bits(problem, seed, ties=TIES[algorithm])
            words = self.links[0].shape[1]
            self.live = np.zeros((problem.n_primary + 2, words), np.uint64)
            self.live[0] = self.links[4]
            self.at = np.zeros((problem.n_primary + 2, words), np.int64)
            self.at[0] = np.arange(words)
            self.links = self.links[:4]
            self.cov = np.zeros(problem.n_items, np.uint8)
            self.levels = np.zeros((problem.n_primary + 2, 3), np.int64)
            self.levels[0, 2] = words  # the root's words: all of them
            self.state[4] = problem.n_primary
            self.state[5] = -1  # no MRV item handed over yet
        else:
            self.links = build_cells(problem, seed, ties=TIES[algorithm])
            self.levels = np.zeros((problem.n_primary + 2, 5), np.uint32)
            n = problem.n_items
            # room for a few levels' (item, size) pairs; the kernel pauses for more when a level might not fit
            self.trail = np.zeros(min(4 * n * (problem.n_primary + 1), 1 << 16) + 4 * n + 4, np.uint32)
            self.state[4] = n  # every item active
            self.state[5] = cells_first_secondary(self.links)
            self.state[9] = snapshot
            self.state[10] = problem.n_primary  # every primary item active
        if seed is not None:
            self.state[2] = (int(seed) & 0x7FFFFFFF) or 1
            self.state[3] = 1
        self.counters = np.zeros(4, np.int64)
        self.finished = False  # the search space is exhausted
        self.stopped = False  # the last run paused at the node limit
        self.tiny = None
        self.returned = 0  # solutions the plain-Python start has found so far
        if tiny and self.kernel == "cells":
            from .small import Tiny

            self.tiny = Tiny(problem, TIES[algorithm])

    @property
    def stats(self) -> Stats:
        """The counters so far."""
        return Stats(*self.counters.tolist())

    def run(self, limit: int, keep: int) -> list[tuple[int, ...]]:
        """Find up to `limit` more solutions and return the first `keep` of them; `stopped` says if max_nodes hit.

        The kernel runs in slices of SLICE nodes, so an interrupt between two slices leaves a search that resumes.
        """
        limit = as_limit(limit)
        keep = as_int(keep, "keep", 0, limit)
        if self.finished:
            return []
        if self.tiny is not None:
            got = self.tiny.run(limit, keep, self.max_nodes, TINY_BUDGET)
            if got is not None:
                return self._tiny_done(*got)
            self.tiny = None  # over budget: the kernel starts afresh and skips what was already returned
            self.counters[:] = 0
            if self.returned:
                self._run_kernel(self.returned, 0)
        return self._run_kernel(limit, keep)

    def _tiny_done(self, status: int, found: list) -> list[tuple[int, ...]]:
        """Take over the plain-Python search's counters and status."""
        from .small import DONE, PAUSED_NODES

        tiny = self.tiny
        self.returned = tiny.solutions
        self.counters[:] = (tiny.solutions, tiny.nodes, tiny.updates, tiny.cleansings)
        self.finished = status == DONE
        self.stopped = status == PAUSED_NODES
        return found

    def _run_kernel(self, limit: int, keep: int) -> list[tuple[int, ...]]:
        """Run the kernel in slices until `limit` more solutions, the end, or max_nodes."""
        from ..kernels import dlx

        out_opts = np.zeros((keep, self.width), np.int32)
        out_len = np.zeros(keep, np.int32)
        before = int(self.counters[0])
        while True:
            got = int(self.counters[0]) - before
            status = self._slice(limit - got, out_opts[got:], out_len[got:])
            if status != dlx.PAUSED_NODES or (self.max_nodes and self.counters[dlx.NODES] >= self.max_nodes):
                break
        found = int(self.counters[0]) - before
        self.finished = status == dlx.DONE
        self.stopped = status == dlx.PAUSED_NODES
        return [tuple(out_opts[k, :out_len[k]].tolist()) for k in range(min(found, keep))]

    def _slice(self, limit: int, out_opts: np.ndarray, out_len: np.ndarray) -> int:
        """One kernel call of at most SLICE nodes (fewer at max_nodes); the kernel's status."""
        from ..kernels import cells, dlx

        cap = int(self.counters[dlx.NODES]) + SLICE
        cap = min(cap, self.max_nodes) if self.max_nodes else cap
        if self.kernel == "mcc":
            from ..kernels import mcc

            with np.errstate(over="ignore"):  # as for dlx below
                return mcc.search(*dlx.unsigned(self.links[:5]), *self.links[5:], self.x.view(np.uint32),
                                  self.ft.view(np.uint32), self.state, limit, cap, out_opts, out_len, self.counters)
        if self.kernel == "bits":
            from ..kernels import bitx

            return bitx.search(*self.links, self.live, self.at, self.cov, self.levels, self.state, limit, cap, out_opts,
                               out_len, self.counters)
        if self.kernel == "dlx":
            with np.errstate(over="ignore"):  # with NUMBA_DISABLE_JIT=1 the kernel's uint32 wraps warn, by design
                return dlx.search(*dlx.unsigned(self.links), self.x.view(np.uint32), self.state, limit, cap, out_opts,
                                  out_len, self.counters)
        while True:
            start = int(self.counters[0])
            status = cells.search(*self.links, self.levels, self.trail, self.state, limit, cap, out_opts, out_len,
                                  self.counters)
            if status != cells.PAUSED_TRAIL:
                return status
            got = int(self.counters[0]) - start
            limit, out_opts, out_len = limit - got, out_opts[got:], out_len[got:]
            self.trail = np.concatenate([self.trail, np.zeros_like(self.trail)])

    def check_limit(self) -> None:
        """Raise LimitReached if the last run stopped at the node limit."""
        if self.stopped:
            raise LimitReached(f"node limit {self.max_nodes} reached after {self.counters[0]} solution(s)")


def _tiny_fits(problem: Problem, seed, algorithm: str) -> bool:
    """May a dancing-cells search of problem start in plain Python (small, unseeded, numba not yet loaded, and
    Knuth's probes estimate at most TINY_WORK nodes + removals)?"""
    if (algorithm not in ("auto", "cells", "cells-first") or seed is not None or problem.has_bounds
            or len(problem.opt_items) > TINY_ENTRIES or numba_loaded()):
        return False
    from .small import estimate_work

    return estimate_work(problem, cap=TINY_WORK) <= TINY_WORK


def bits_suits(problem: Problem) -> bool:
    """Does the default ("auto") run problem on the bits kernel rather than cells? When an option tried would cost
    cells at least BITS_RATIO times as many removals as bits spends on a node: the options' mean clash (the other
    options sharing one of their primary items) times their mean length less one, against the primary items
    times the words of an option set. Uncolored problems of MIN_BITS_OPTIONS options to MAX_BITS_WORDS words only.

    Measured (kernel CPU s, cells -> bits, one process, loaded box): the pentominoes (ratio 2.4-2.7) quarter
    0.82 -> 0.37, 6x10 3.09 -> 1.48, 5x12 1.95 -> 0.93, 4x15 0.72 -> 0.33, 3x20 0.030 -> 0.011; below the line
    12 Langford pairs (0.67) 0.29 -> 0.46, 10 and 14 queens (1.35, 0.70) 0.001 -> 0.001 and 0.58 -> 0.77, the 11
    hardest Sudoku covers x 20 (0.03) 0.048 -> 0.091, the empty 9x9 to 20,000 solutions (0.02) 0.016 -> 0.068.
    """
    if (problem.has_bounds or problem.costs is not None or problem.opt_colors.any()
            or problem.n_options < MIN_BITS_OPTIONS):
        return False
    words = (problem.n_options + 63) // 64
    if words > MAX_BITS_WORDS:
        return False
    ptr = np.asarray(problem.opt_ptr, np.int64)
    itm = np.asarray(problem.opt_items, np.int64)
    owner = np.repeat(np.arange(problem.n_options), np.diff(ptr))
    primary = itm < problem.n_primary
    size = np.bincount(itm[primary], minlength=problem.n_primary)
    clash = np.bincount(owner[primary], size[itm[primary]] - 1, problem.n_options).mean()
    return clash * (np.diff(ptr).mean() - 1) >= BITS_RATIO * problem.n_primary * words


def max_levels(problem: Problem) -> int:
    """The deepest an Algorithm M search can go: every level lowers some bound by one, and uses an option or
    ends an item (a null move)."""
    return int(min(problem.upper().sum(), problem.n_options + problem.n_primary)) + 1


def narrow_links(links: tuple) -> tuple:
    """The dlx kernel's links with nd as uint16 (every spacer's TOP 0) when every word fits: quarter pentominoes
    1.15 -> 0.95 s (half the footprint of the array its updates wander in). Colors must stay below 0xFFFF, the
    kernel's purified mark."""
    llink, rlink, nd, length, node_opt = links
    if nd[COLOR_WORD::4].max(initial=0) >= 0xFFFF:
        raise InputError("the dlx algorithm takes at most 65534 colors (the cells algorithm takes any number)")
    if len(nd) // 4 >= 1 << 16:  # a node index would not fit
        return links
    narrow = nd.copy()
    top = narrow[2::4]
    top[top < 0] = 0  # a spacer: TOP 0 (the kernel tests x - 1 >= 2^31 - 1)
    return llink, rlink, narrow.astype(np.uint16), length, node_opt


def build_bounds(problem: Problem) -> tuple:
    """Algorithm M's per-item words (bound = upper, slack = upper - lower; 1-based like the headers) and the
    number of primary items."""
    bound = np.zeros(problem.n_items + 2, np.int32)
    slack = np.zeros(problem.n_items + 2, np.int32)
    bound[1:problem.n_primary + 1] = problem.upper()
    slack[1:problem.n_primary + 1] = problem.upper() - problem.lower()
    return bound, slack, problem.n_primary


def build_links(problem: Problem, seed: int | None = None, entry_key=None,
                ties: str = "first") -> tuple[np.ndarray, ...]:
    """The dancing-links arrays of problem (see kernels/dlx.py for the layout); seed shuffles each item's list,
    entry_key (one number per CSR entry) orders each list by it, stably (DLX5's lists sorted by cost); with
    ties="degree" the active list holds the primary items by item_ranks (MRV's ties, to the leftmost, then go
    to the most constraining item), with "first" in the problem's order (Knuth's)."""
    n = problem.n_items
    keep = np.ones(problem.n_options, bool)
    keep[list(problem.dropped)] = False
    lengths = np.diff(problem.opt_ptr)
    lengths[~keep] = 0
    opts = np.nonzero(keep)[0]
    nnz = int(lengths.sum())
    entry_opt = np.repeat(np.arange(problem.n_options), lengths)
    entry_src = np.concatenate([np.arange(problem.opt_ptr[k], problem.opt_ptr[k + 1]) for k in opts]) \
        if len(opts) else np.zeros(0, np.int64)
    items = problem.opt_items[entry_src].astype(np.int64) + 1
    # option k (the j-th kept one) starts after j+1 spacers; its entries follow the earlier kept entries
    rank = np.cumsum(keep) - 1
    nodes = n + 2 + rank[entry_opt] + np.arange(nnz)
    size = n + 2 + len(opts) + nnz
    top = np.zeros(size, np.int32)
    ulink = np.zeros(size, np.int32)
    dlink = np.zeros(size, np.int32)
    color = np.zeros(size, np.int32)
    node_opt = np.full(size, -1, np.int32)
    top[1:n + 1] = np.arange(1, n + 1)
    top[nodes] = items
    color[nodes] = problem.opt_colors[entry_src]
    node_opt[nodes] = entry_opt
    _link_spacers(top, ulink, dlink, n, opts, lengths, rank)
    _link_columns(ulink, dlink, nodes, items, n, seed, None if entry_key is None else entry_key[entry_src])
    length = np.zeros(n + 2, np.int32)
    length[1:n + 1] = np.bincount(items, minlength=n + 1)[1:]
    first = None
    if ties == "degree" and problem.n_primary > 1:
        itm = np.asarray(problem.opt_items, np.int64)
        owner = np.repeat(np.arange(problem.n_options), np.diff(np.asarray(problem.opt_ptr, np.int64)))
        rank = item_ranks(problem, itm, owner, np.bincount(itm, minlength=n))
        if rank is not None:
            first = np.argsort(rank[:problem.n_primary]) + 1
    llink, rlink = _item_lists(problem.n_primary, n, first)
    nd = np.ascontiguousarray(np.stack([ulink, dlink, top, color], axis=1).ravel())
    return llink, rlink, nd, length, node_opt


def item_ranks(problem: Problem, itm: np.ndarray, owner: np.ndarray, size: np.ndarray) -> np.ndarray | None:
    """The cells kernel's number for each item: the primary items by degree, highest first (stably), then the
    secondary items as given. An item's degree is the sum, over its options, of the sizes of their other items
    (how many options its options clash with, counted with multiplicity), so MRV's ties (the lowest number wins)
    go to the most constraining item, the textbook MRV + degree rule.

    n queens: the middle rows and columns first (their diagonals are longest): 12 queens 251,296 -> 172,276 nodes,
    13 queens 1,278,920 -> 856,694; pentominoes, whose ties are few, 302,543 -> 301,446; an empty Sudoku grid (all
    degrees equal) keeps its order (None: no item moves).
    """
    npr = problem.n_primary
    if problem.dropped:
        kept = np.ones(problem.n_options, bool)
        kept[list(problem.dropped)] = False
        kept = kept[owner]
        itm, owner = itm[kept], owner[kept]
        size = np.bincount(itm, minlength=problem.n_items)
    reach = np.bincount(owner, size[itm], problem.n_options)  # per option: the sizes of its items
    degree = np.bincount(itm, reach[owner], problem.n_items)[:npr] - size[:npr] * size[:npr]
    order = np.argsort(-degree, kind="stable")  # rank -> item
    if (order[1:] > order[:-1]).all():
        return None
    rank = np.arange(problem.n_items)
    rank[order] = rank[:npr]
    return rank


def cells_entries(problem: Problem, ties: str = "degree") -> tuple[np.ndarray, np.ndarray]:
    """The items and colors of the CSR entries in the order the cells kernel (and cover/small.py) visits them:
    within each option its primary items by their number of options, fewest first (stably), then its secondary
    items as given. With ties="degree" the items are renumbered by item_ranks (MRV ties to the most constraining
    item); with "first" they keep the problem's numbers (ties to the first item, as Knuth's SSXCC).

    Trying an option hides the sets of its items in this order, so a dead end (an item left without options)
    tends to show before the long hide of a big set (a pentomino's piece item, ~300 options, after its cells'
    dozens): quarter pentominoes 272M -> 255M removals, 8-10% faster; n queens (rows and columns all of one
    size, diagonals secondary) and empty Sudoku grids keep their order. A static order costs nothing per node
    (ordering each option's sets by their current sizes cut removals to 240M but cost more than it saved).
    """
    ptr = np.asarray(problem.opt_ptr, np.int64)
    itm = np.asarray(problem.opt_items, np.int64)
    colors = np.asarray(problem.opt_colors, np.int64)
    owner = np.repeat(np.arange(len(ptr) - 1), np.diff(ptr))
    size = np.bincount(itm, minlength=problem.n_items)
    key = np.where(itm < problem.n_primary, size[itm], np.iinfo(np.int64).max)
    order = np.lexsort((np.arange(len(itm)), key, owner))
    rank = item_ranks(problem, itm, owner, size) if ties == "degree" else None
    if rank is not None:
        itm = rank[itm]
    return itm[order], colors[order]


def build_cells(problem: Problem, seed: int | None = None, ties: str = "degree") -> tuple[np.ndarray, ...]:
    """The dancing-cells arrays of problem (see kernels/cells.py for the layout); seed shuffles each item's set;
    ties as for cells_entries.

    Returns opt_of, span, nd, col, setm, item, hs, prim: uint32, C-contiguous, but span, nd and setm uint16 when
    every place in setm fits (numba compiles the kernel for each width): half the footprint of the arrays the
    removals wander in. Nodes are the problem's CSR entries; a dropped option keeps its nodes but is in no
    item's set. Item k is named by hs[k], where its set starts in setm, after its header (kernels/cells.py:
    place in item, place in prim, stamp, size).
    """
    u = np.uint32
    n = problem.n_items
    ptr = np.asarray(problem.opt_ptr, np.int64)
    itm, colors = cells_entries(problem, ties)
    owner = np.repeat(np.arange(problem.n_options), np.diff(ptr))
    keep = np.ones(problem.n_options, bool)
    keep[list(problem.dropped)] = False
    nodes = np.nonzero(keep[owner])[0]
    key = np.random.default_rng(seed).random(len(nodes)) if seed is not None else nodes
    members = nodes[np.lexsort((key, itm[nodes]))]  # grouped by item, in option order (or shuffled)
    size = np.bincount(itm[nodes], minlength=n)
    hs = np.cumsum(size) - size + CELLS_HEADER * np.arange(1, n + 1)  # each set after its header
    setm = np.zeros(len(members) + CELLS_HEADER * n, np.int64)
    places = np.arange(len(members)) + CELLS_HEADER * (itm[members] + 1)
    setm[places] = members
    setm[hs - 4], setm[hs - 3], setm[hs - 1] = np.arange(n), np.arange(n), size  # place in item / prim, size
    loc = np.zeros(len(itm), np.int64)
    loc[members] = places  # absolute places: a removal needs no base to move a node
    nd = np.stack([hs[itm], loc], axis=1).ravel()
    span = np.stack([ptr[owner], ptr[owner + 1]], axis=1).ravel()
    narrow = np.uint16 if len(setm) + CELLS_HEADER < 1 << 16 and len(itm) < 1 << 16 else u  # nodes < places
    return tuple(np.ascontiguousarray(a, dtype=narrow if k in (1, 2, 4) else u)
                 for k, a in enumerate((owner, span, nd, colors, setm, hs, hs, hs[:problem.n_primary])))


def build_bits(problem: Problem, seed: int | None = None, ties: str = "degree") -> tuple[np.ndarray, ...]:
    """The bitset arrays of problem (see kernels/bitx.py): rows, opt_ptr, opt_items, opt_of and the root's live
    options. Items are numbered as cells numbers them (ties as for item_ranks); options keep the problem's order
    (a seed shuffles it); dropped options are left out. Colors are refused: an option's bit cannot say which color
    it gives an item."""
    if problem.opt_colors.any():
        raise InputError("the bits algorithm takes no colors (the cells algorithm does)")
    ptr = np.asarray(problem.opt_ptr, np.int64)
    itm = np.asarray(problem.opt_items, np.int64)
    owner = np.repeat(np.arange(problem.n_options), np.diff(ptr))
    size = np.bincount(itm, minlength=problem.n_items)
    rank = item_ranks(problem, itm, owner, size) if ties == "degree" else None
    if rank is not None:
        itm = rank[itm]
    keep = np.ones(problem.n_options, bool)
    keep[list(problem.dropped)] = False
    opt_of = np.nonzero(keep)[0]
    if seed is not None:
        opt_of = opt_of[np.random.default_rng(seed).permutation(len(opt_of))]
    words = max(1, (len(opt_of) + 63) // 64)
    if problem.n_items * words * 8 > MAX_BITS_BYTES:
        raise InputError(f"too large for the bits algorithm ({problem.n_items} items x {len(opt_of)} options); "
                         "use cells")
    lengths = np.diff(ptr)[opt_of]
    opt_ptr = np.concatenate([[0], np.cumsum(lengths)])
    kernel_opt = np.repeat(np.arange(len(opt_of)), lengths)
    opt_items = itm[np.repeat(ptr[opt_of], lengths) + np.arange(opt_ptr[-1]) - opt_ptr[kernel_opt]]
    rows = np.zeros((problem.n_items, words), np.uint64)
    np.bitwise_or.at(rows, (opt_items, kernel_opt >> 6), _bit(kernel_opt))
    live = np.zeros(words, np.uint64)
    np.bitwise_or.at(live, np.arange(len(opt_of)) >> 6, _bit(np.arange(len(opt_of))))
    return rows, opt_ptr.astype(np.int64), opt_items.astype(np.int32), opt_of.astype(np.int32), live


def _bit(k: np.ndarray) -> np.ndarray:
    """1 << (k mod 64) as uint64 words."""
    return np.left_shift(np.uint64(1), (k & 63).astype(np.uint64))


def cells_first_secondary(links: tuple) -> int:
    """The kernel's name (h) of the first secondary item, or past every item if there is none (state[ST_NPRIM])."""
    setm, hs, prim = links[4], links[6], links[7]
    return int(hs[len(prim)]) if len(prim) < len(hs) else len(setm) + CELLS_HEADER


def _link_spacers(top, ulink, dlink, n, opts, lengths, rank) -> None:
    """Spacer before kept option j: top = -j, ulink = first node of option j-1, dlink = last node of option j."""
    starts = n + 2 + rank[opts] + np.concatenate([[0], np.cumsum(lengths[opts])[:-1]]).astype(np.int64) \
        if len(opts) else np.zeros(0, np.int64)
    spacers = starts - 1
    ends = starts + lengths[opts] - 1
    top[spacers] = -np.arange(len(opts))
    dlink[spacers] = ends
    ulink[spacers[1:]] = starts[:-1]
    last = n + 1 + len(opts) + int(lengths[opts].sum()) if len(opts) else n + 1
    top[last] = -len(opts)
    ulink[last] = starts[-1] if len(opts) else 0


def _link_columns(ulink, dlink, nodes, items, n, seed, first_key=None) -> None:
    """Circular vertical lists: each item header, then its nodes in option order (or shuffled), by first_key first."""
    key = np.random.default_rng(seed).random(len(nodes)) if seed is not None else nodes
    order = np.lexsort((key, items) if first_key is None else (key, first_key, items))
    s_nodes, s_items = nodes[order], items[order]
    prev = np.empty_like(s_nodes)
    prev[1:] = s_nodes[:-1]
    first = np.ones(len(s_nodes), bool)
    first[1:] = s_items[1:] != s_items[:-1]
    prev[first] = s_items[first]
    ulink[s_nodes] = prev
    dlink[prev] = s_nodes
    last = np.ones(len(s_nodes), bool)
    last[:-1] = first[1:]
    dlink[s_nodes[last]] = s_items[last]
    ulink[s_items[last]] = s_nodes[last]
    empty = np.setdiff1d(np.arange(1, n + 1), s_items)
    ulink[empty] = empty
    dlink[empty] = empty


def _item_lists(n_primary: int, n: int, first=None) -> tuple[np.ndarray, np.ndarray]:
    """Primary items 1..n_primary on the list headed by 0 (in the order `first` gives, 1-based, if given);
    secondary ones on the list headed by n+1."""
    llink = np.zeros(n + 2, np.int32)
    rlink = np.zeros(n + 2, np.int32)
    for head, lo, hi in ((0, 1, n_primary), (n + 1, n_primary + 1, n)):
        ring = [head] + (list(range(lo, hi + 1)) if head or first is None else [int(i) for i in first])
        for a, b in zip(ring, ring[1:] + ring[:1]):
            rlink[a], llink[b] = b, a
    return llink, rlink


def net_costs(problem: Problem) -> tuple[np.ndarray, int]:
    """DLX5's taxes: every primary item in turn gives up the cheapest (net) cost of its options, which every
    option holding it pays less. Returns the net cost of each option and the total tax."""
    cost = problem.costs.astype(np.int64).copy()
    keep = np.ones(problem.n_options, bool)
    keep[list(problem.dropped)] = False
    owner = np.repeat(np.arange(problem.n_options), np.diff(problem.opt_ptr))
    entries = np.flatnonzero(keep[owner] & (problem.opt_items < problem.n_primary))
    order = entries[np.argsort(problem.opt_items[entries], kind="stable")]
    bounds = np.searchsorted(problem.opt_items[order], np.arange(problem.n_primary + 1))
    tax = 0
    for i in range(problem.n_primary):
        opts = owner[order[bounds[i]:bounds[i + 1]]]
        if len(opts):
            m = int(cost[opts].min())
            if m:
                cost[opts] -= m
                tax += m
    return cost, tax


def cheapest(problem: Problem, k: int = 1, max_nodes: int = 0, seed: int | None = None) -> list[Solution]:
    """The k cheapest solutions (fewer if there are fewer), cheapest first, found by DLX5's branch and bound.

    A problem without costs has every solution at cost 0: the first k found are returned. `seed` shuffles ties
    between options of equal cost. Each Solution has .cost; .stats counts the improving solutions the search met.
    """
    from ..kernels import costs as kc
    from ..kernels import dlx

    k = as_int(k, "k", 1, MAX_BEST)
    seed = as_seed(seed)
    if k * max(1, problem.n_primary) > 1 << 26:
        raise InputError(f"the {k} best solutions of {problem.n_primary} primary items would not fit in 256 MB")
    if problem.has_bounds:
        raise InputError("cheapest needs option costs, and costs with multiplicities are not supported")
    if problem.costs is None:
        return [Solution(s.options, problem, s.stats) for s in solutions(problem, k, seed, max_nodes)]
    net, _ = net_costs(problem)
    owner = np.repeat(np.arange(problem.n_options), np.diff(problem.opt_ptr))
    links = build_links(problem, seed, net[owner])
    node_cost = np.zeros(len(links[4]), np.int64)
    node_cost[links[4] >= 0] = net[links[4][links[4] >= 0]]
    prim = np.bincount(owner[problem.opt_items < problem.n_primary], minlength=problem.n_options)
    zmax = int(prim.max(initial=0))
    depth = problem.n_primary + 1
    x, part, th0, th = (np.zeros(depth, np.int32), np.zeros(depth, np.int64), np.zeros(depth, np.int64),
                        np.zeros(depth, np.int64))
    state = np.zeros(6, np.int64)
    state[kc.ST_CUTOFF] = kc.INFCOST
    out_opts = np.zeros((k, max(1, problem.n_primary)), np.int32)
    out_len = np.zeros(k, np.int32)
    out_cost = np.zeros(k, np.int64)
    counters = np.zeros(4, np.int64)
    max_nodes = as_max_nodes(max_nodes)
    while True:
        cap = int(counters[kc.NODES]) + SLICE
        cap = min(cap, max_nodes) if max_nodes else cap
        with np.errstate(over="ignore"):  # the kernel's uint32 wraps, with NUMBA_DISABLE_JIT=1
            status = kc.search(*dlx.unsigned(links), node_cost, zmax, x.view(np.uint32), part, th0, th, state, cap,
                               out_opts, out_len, out_cost, counters)
        if status == kc.DONE or (max_nodes and counters[kc.NODES] >= max_nodes):
            break
    stats = Stats(*counters.tolist())
    if status != kc.DONE:
        raise LimitReached(f"node limit {max_nodes} reached before the cheapest solutions were proved")
    rows = sorted(range(int(state[kc.ST_FILLED])), key=lambda r: (int(out_cost[r]), r))
    return [Solution(tuple(out_opts[r, :out_len[r]].tolist()), problem, stats) for r in rows]


def solutions(problem: Problem, limit: int | None = None, seed: int | None = None, max_nodes: int = 0,
              batch: int = 256, algorithm: str = DEFAULT_ALGORITHM) -> Iterator[Solution]:
    """Lazily yield solutions (at most `limit`), asking the kernel for a batch at a time."""
    search = Search(problem, seed, max_nodes, algorithm)
    left = as_limit(limit)
    batch = as_int(batch, "batch", 1)
    while left > 0 and not search.finished:
        for opts in search.run(min(batch, left), min(batch, left)):
            left -= 1
            yield Solution(opts, problem, search.stats)
        search.check_limit()


def solve(problem: Problem, seed: int | None = None, max_nodes: int = 0,
          algorithm: str = DEFAULT_ALGORITHM) -> Solution | None:
    """The first solution, or None if there is none."""
    return next(solutions(problem, 1, seed, max_nodes, algorithm=algorithm), None)


def count(problem: Problem, limit: int | None = None, seed: int | None = None, max_nodes: int = 0,
          algorithm: str = DEFAULT_ALGORITHM) -> Count:
    """The number of solutions (capped at limit), without a Python call per solution."""
    search = Search(problem, seed, max_nodes, algorithm)
    search.run(as_limit(limit), 0)
    search.check_limit()
    return Count(int(search.counters[0]), search.stats)


def is_unique(problem: Problem, seed: int | None = None, max_nodes: int = 0,
              algorithm: str = DEFAULT_ALGORITHM) -> bool:
    """True if the problem has exactly one solution (the search stops at the second)."""
    return count(problem, 2, seed, max_nodes, algorithm) == 1
