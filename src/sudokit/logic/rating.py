"""Ratings on the two scales people use.

Sudoku Explainer (SE): solve with SE's techniques in SE's fixed order, one step at a time, each time taking the
first technique that applies (for the techniques SE sorts - chains, loops, strong links, wings - the easiest of
its instances); ER is the hardest step of the path, EP the hardest before the first placement, ED the first step.
HoDoKu: the sum of the scores of the steps of HoDoKu's solve path, and the level of its hardest technique raised
while the score passes the level's maximum.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
import threading
from functools import lru_cache

import numpy as np

from . import exclusion, fish, forcing, intersections, singles, strong_links, subsets, unique_loops, wings
from .candidates import Candidates
from .step import Step


def _first(gen):
    """The first step of a finder, or None."""
    return next(iter(gen), None)


def _easiest(gen):
    """The easiest step of a finder as SE's sorted producers choose: lowest price, then most eliminations."""
    best = None
    for s in gen:
        if best is None or (s.se, -len(s.eliminations)) < (best.se, -len(best.eliminations)):
            best = s
    return best


# SE's Nishio, multiple and dynamic forcing chain producers, in SE's order (forcing.multiple's arguments)
SE_MULTIPLE = (dict(nishio=True, dynamic=True), dict(multiple=True), dict(multiple=True, dynamic=True),
               dict(multiple=True, dynamic=True, level=1), dict(multiple=True, dynamic=True, level=2),
               dict(multiple=True, dynamic=True, level=3), dict(multiple=True, dynamic=True, level=4, nest_limit=0),
               dict(multiple=True, dynamic=True, level=4, nest_limit=1))

SE_PRODUCERS = (
    lambda s: _first(singles.hidden_singles(s, full=True)),
    lambda s: _first(intersections.direct_locked_candidates(s)),
    lambda s: _first(subsets.direct_hidden_subsets(s, 2)),
    lambda s: _first(singles.naked_singles(s)),
    lambda s: _first(subsets.direct_hidden_subsets(s, 3)),
    lambda s: _first(intersections.locked_candidates(s)),
    lambda s: _first(subsets.naked_subsets(s, 2)),
    lambda s: _first(fish.basic_fish(s, 2)),
    lambda s: _first(subsets.hidden_subsets(s, 2)),
    lambda s: _first(subsets.naked_subsets(s, 3)),
    lambda s: _first(fish.basic_fish(s, 3)),
    lambda s: _first(subsets.hidden_subsets(s, 3)),
    lambda s: strong_links.easiest_strong_link_fish(s, 2),
    lambda s: _first(wings.xy_wings(s)),
    lambda s: _first(wings.xy_wings(s, xyz=True)),
    unique_loops.easiest_unique_loop,
    lambda s: _first(subsets.naked_subsets(s, 4)),
    lambda s: _first(fish.basic_fish(s, 4)),
    lambda s: _first(subsets.hidden_subsets(s, 4)),
    lambda s: strong_links.easiest_strong_link_fish(s, 3),
    lambda s: _easiest(wings.bent_wings(s, 3)),
    unique_loops.bug,
    lambda s: strong_links.easiest_strong_link_fish(s, 4),
    lambda s: _easiest(wings.bent_wings(s, 4)),
    lambda s: exclusion.first_aligned_exclusion(s, 2),
    lambda s: _easiest(wings.bent_wings(s, 5)),
    forcing.loops,
    lambda s: _easiest(wings.bent_wings(s, 6)),
    lambda s: exclusion.first_aligned_exclusion(s, 3),
    *(lambda s, kw=kw: forcing.multiple(s, **kw) for kw in SE_MULTIPLE),
)

# SE's chaining producers alone: the rescue of the HoDoKu path
CHAINING = (
    forcing.loops,
    lambda s: forcing.multiple(s, nishio=True, dynamic=True),
    lambda s: forcing.multiple(s, multiple=True),
    lambda s: forcing.multiple(s, multiple=True, dynamic=True),
    lambda s: forcing.multiple(s, multiple=True, dynamic=True, level=1),
)


def se_next(state: Candidates, start: int = 0, producers=SE_PRODUCERS) -> Step | None:
    """The step Sudoku Explainer takes next (trying its producers from `start`), or None when they are exhausted."""
    for producer in producers[start:]:
        found = producer(state)
        if found is not None:
            return found
    return None


LOOPS = 26  # SE_PRODUCERS[LOOPS] is forcing.loops
MULTIPLE = 29  # SE_PRODUCERS[MULTIPLE + i] is forcing.multiple with SE_MULTIPLE[i]
BASIC = 12  # SE_PRODUCERS[:BASIC] (singles to hidden triples) also exist as the numba kernels of kernels/se.py


def fast_tables(houses) -> "_Fast":
    """The kernels' tables of a geometry, built once per thread (every call writes their scratch buffers, so
    threads of one executor must not share them)."""
    return _fast_tables(houses, threading.get_ident())


@lru_cache(maxsize=16)
def _fast_tables(houses, thread: int) -> "_Fast":
    """fast_tables, cached by geometry and thread."""
    return _Fast(houses)


class _Fast:
    """The kernels' view of a geometry for `se_rate`: SE's tables and scratch (any geometry with N <= 32)."""

    def __init__(self, h):
        from .forcing import tables

        state = Candidates(h, [0] * h.ncells, [0] * h.ncells)
        self.n, self.houses = h.n, h
        self.geo = tables(h)
        self.scan = np.array(singles.scan_order(state), np.int64)
        self.kind = np.array([("row", "column", "box", "extra").index(k) for k in h.kinds], np.int64)
        self.out = np.zeros(5, np.int64)
        self.elim = np.zeros((h.ncells * h.n, 2), np.int64)
        words = (h.ncells + 63) // 64
        self.peers = np.zeros((h.ncells, words), np.uint64)
        for c, m in enumerate(h.peers):
            for w in range(words):
                self.peers[c, w] = (m >> (64 * w)) & ((1 << 64) - 1)
        self.cell_houses = np.array([sum(1 << x for x in hs[:3]) for hs in h.cell_houses], np.uint64)
        self.unit_words = np.zeros((len(h.cells), words), np.uint64)
        for u, m in enumerate(h.masks):
            for w in range(words):
                self.unit_words[u, w] = (m >> (64 * w)) & ((1 << 64) - 1)
        self.producers = tuple(self.producer(_KERNEL_PRODUCERS[i]) if i in _KERNEL_PRODUCERS else
                               self.strong(_STRONG[i]) if i in _STRONG and 3 * h.n <= 64 else
                               self.wing(_WINGS[i]) if i in _WINGS else p
                               for i, p in enumerate(SE_PRODUCERS))
        self.sees = np.zeros((h.ncells, h.ncells), np.bool_)
        for c in range(h.ncells):
            self.sees[c, self.geo[5][self.geo[4][c]:self.geo[4][c + 1]]] = True
        self.tabs = (self.cell_houses, self.peers, self.unit_words, self.sees)
        from ..kernels.sestrong import memo_buffers
        # the SE walk's tables (kernels/cascade.walk): tabs, then the strong-link memo of kernels/sestrong.py
        self.buffers: dict = {}
        # then whether loops and BUG apply, kernels/loops.bug_cells' out-buffers (unique_loops._bug_cells_fast's own)
        loops = (np.array([h.plain], np.bool_), self.buffer("bug cells", (h.ncells,), np.int64),
                 self.buffer("bug masks", (h.ncells,), np.uint64))
        # and APE's, ATE's and the bent wings' last grid and whether it had none (kernels/exclusion.exclusion_since,
        # wings.best_wing_since): none yet
        last = np.zeros((6, h.ncells + 1), np.uint64)
        self.se_tabs = self.tabs + memo_buffers(h.n, h.ncells, words) + loops + (last,)

    def chain_buffers(self, k: int) -> tuple:
        """kernels/strong.every_chain's out-buffers for chains of k links (info, start groups, end groups,
        eliminations), made on first use and reused by every call on this thread."""
        found = self.buffers.get(k)
        if found is None:
            cap, words = 4096, self.peers.shape[1]
            found = self.buffers[k] = (np.empty((cap, 6 + 2 * k), np.int64), np.empty((cap, k, words), np.uint64),
                                       np.empty((cap, k, words), np.uint64), np.empty((cap * 8, 2), np.int64))
        return found

    def chain_scratch(self, k: int) -> tuple:
        """kernels/strong.chain_scratch for chains of up to k links, made on first use and kept for this thread."""
        from ..kernels.strong import chain_scratch

        found = self.buffers.get(("strong scratch", k))
        if found is None:
            found = self.buffers[("strong scratch", k)] = chain_scratch(self.n, self.peers.shape[0],
                                                                        self.peers.shape[1], k)
        return found

    def buffer(self, name: str, shape: tuple, dtype) -> np.ndarray:
        """A kernel's out-buffer kept on this thread's tables (contents undefined): for callers that copy what they
        read out of it before anything else can call the same kernel."""
        found = self.buffers.get(name)
        if found is None:
            found = self.buffers[name] = np.empty(shape, dtype)
        return found

    def wing(self, k: int):
        """SE's bent wing of k set cells through kernels/wings.py, as a function of a state."""
        from ..kernels.wings import best_wing

        def find(state: Candidates):
            best = np.zeros(2, np.int64)
            if not best_wing(k, self.n, np.array(state.cand, np.uint64), self.geo[1], self.geo[9], self.sees,
                             self.peers, best, self.elim):
                return None
            elim = tuple((int(c), int(d)) for c, d in self.elim[:best[1]])
            return Step(f"Bent wing {k}", "", (), (), elim, (), "", best[0] / 10)

        return find

    def strong(self, k: int):
        """SE's StrongLinks(k) through kernels/strong.py, as a function of a state (the geometry's house table
        and this thread's chain scratch instead of best_chain's, made per call)."""
        from ..kernels.strong import best_chain_with

        def find(state: Candidates):
            best = np.zeros(5, np.int64)
            if not best_chain_with(k, self.n, np.array(state.cand, np.uint64), self.geo[1], self.geo[9], self.kind,
                                   self.cell_houses, self.peers, self.unit_words, self.geo[10],
                                   *self.chain_scratch(k), best, self.elim):
                return None
            elim = tuple((int(c), int(d)) for c, d in self.elim[:best[1]])
            return Step(f"{k} Strong Links", "", (int(best[2]),), (), elim, (), "", best[0] / 10)

        return find

    def producer(self, index: int):
        """SE producer `index` of kernels/se.py as a function of a state: the step it finds, or None."""
        from ..kernels.se import first_hint

        def find(state: Candidates):
            values = np.array(state.values, np.int64)
            cand = np.array(state.cand, np.uint64)
            if not first_hint(index, index + 1, self.n, values, cand, self.geo, self.scan, self.kind, self.out,
                              self.elim):
                return None
            elim = [(int(c), int(d)) for c, d in self.elim[:self.out[4]]]
            place = ((int(self.out[2]), int(self.out[3]) + 1),) if self.out[2] >= 0 else ()
            return Step(_KERNEL_NAMES[index], "", (), (), tuple(elim), place, "", self.out[1] / 10)

        return find

    def walk(self, state: Candidates, stats: np.ndarray) -> Candidates:
        """Apply SE's basic producers as far as they go; the state after them."""
        from ..kernels.se import rate_basic

        values = np.array(state.values, np.int64)
        cand = np.array(state.cand, np.uint64)
        rate_basic(BASIC, self.n, values, cand, self.geo, self.scan, self.kind, stats, self.out, self.elim)
        return Candidates.from_arrays(self.houses, values, cand, state.givens, state.marked)


@dataclass
class SERating:
    """Sudoku Explainer's three numbers and the path behind them."""

    er: float
    ep: float
    ed: float
    hardest: str
    steps: list[Step] = field(default_factory=list)
    complete: bool = True
    reason: str = ""  # why complete is False: "time limit" (er is the hardest step so far) or "beyond solver"


def se_rate(state: Candidates, keep_steps: bool = False, deadline: float | None = None,
            memo: dict | None = None) -> SERating:
    """ER/EP/ED of a puzzle (complete=False when time runs out: er is the hardest step so far, a lower bound; or
    when SE's techniques cannot finish it: er 20.0 as SE reports it).

    Unless the steps are kept, the producers that have kernels run as one numba walk (kernels/cascade.py) between
    the Python ones, and the forcing chains' answers go through `memo` (forcing.multiple_memo) when given."""
    if not keep_steps and state.n <= 21:
        return _cascade_rate(state, deadline, memo)
    fast = None if keep_steps or state.n > 32 else fast_tables(state.houses)
    stats = np.zeros(4, np.int64)  # er, ep, ed (tenths), steps, as SE's getDifficulty tracks them
    hardest = ""
    steps = []
    state = state.copy()
    while not state.solved():
        if deadline is not None and time.monotonic() > deadline:
            return SERating(stats[0] / 10, stats[1] / 10, stats[2] / 10, hardest, steps, False, "time limit")
        if fast is not None:
            before = stats[0]
            state = fast.walk(state, stats)
            if stats[0] > before:
                hardest = _BASIC_NAMES.get(int(stats[0]), hardest)
            if state.solved():
                break
        step = se_next(state, BASIC, fast.producers) if fast is not None else se_next(state)
        if step is None:
            return SERating(20.0, stats[1] / 10, stats[2] / 10, hardest, steps, False, "beyond solver")
        _count(step, stats)
        if stats[0] == int(round(step.se * 10)):
            hardest = step.technique if stats[0] > 0 else hardest
        state.apply(step)
        if keep_steps:
            steps.append(step)
    return SERating(stats[0] / 10, stats[1] / 10, stats[2] / 10, hardest, steps)


def _count(step: Step, stats: np.ndarray) -> bool:
    """Update [er, ep, ed, ...] (tenths) for a step as SE's getDifficulty does; True if it raised er."""
    tenths = int(round(step.se * 10))
    raised = tenths > stats[0]
    if raised:
        stats[0] = tenths
    if stats[1] == 0:
        if stats[2] == 0:
            stats[2] = stats[0]
        if step.placements:
            stats[1] = stats[0]
    return raised


def _cascade_rate(state: Candidates, deadline: float | None, memo: dict | None = None) -> SERating:
    """se_rate through kernels/cascade.walk: Python runs only the producers without kernels."""
    if deadline is not None and time.monotonic() > deadline:
        return SERating(0.0, 0.0, 0.0, "", [], False, "time limit")
    for event, p, stats, hardest in cascade(state.houses, np.array(state.values, np.int64),
                                            np.array(state.cand, np.uint64), state.givens, state.marked, memo):
        if event != "walked":
            continue
        if p < 0:
            return SERating(stats[0] / 10, stats[1] / 10, stats[2] / 10, hardest, [])
        if p >= len(SE_PRODUCERS):
            return SERating(20.0, stats[1] / 10, stats[2] / 10, hardest, [], False, "beyond solver")
        if deadline is not None and time.monotonic() > deadline:
            return SERating(stats[0] / 10, stats[1] / 10, stats[2] / 10, hardest, [], False, "time limit")


def cascade(houses, values: np.ndarray, cand: np.ndarray, givens: int = 0, marked: bool = False,
            memo: dict | None = None):
    """SE's walk over flat arrays, as events for a driver (se_rate, the generator's capped rating), which stops
    it by leaving the loop. ("walked", p, stats, hardest) after each kernel walk: p < 0 solved, p >=
    len(SE_PRODUCERS) beyond SE's techniques, else producer p (no kernel) runs next in Python; ("step", step,
    stats, hardest) before such a step is applied. stats (tenths): er, ep, ed, steps, producer behind er, its
    strong-link suffix; values and cand are the walk's own copies. memo: forcing.multiple_memo's, or None."""
    from ..kernels.cascade import walk

    fast = fast_tables(houses)
    stats = np.zeros(6, np.int64)
    hardest, p, seed = "", 0, None
    while True:
        before = stats[0]
        p = walk(p, houses.n, values, cand, fast.geo, fast.scan, fast.kind, fast.se_tabs, stats, fast.out, fast.elim)
        if stats[0] > before:
            hardest = _walked_name(int(stats[4]), int(stats[0]), int(stats[5]))
        yield "walked", p, stats, hardest
        if p < 0 or p >= len(SE_PRODUCERS):
            return
        if p == LOOPS or p >= MULTIPLE:  # chains: on the arrays, their steps without text, eliminations only
            if p == LOOPS:
                step = forcing.loops_of(houses, values, cand, seed, text=False)
                seed = forcing.seed_of(houses)
            else:
                step = forcing.multiple_memo(memo, houses, values, cand, text=False, **SE_MULTIPLE[p - MULTIPLE])
            current = None
        else:
            current = Candidates.from_arrays(houses, values, cand, givens, marked)
            step = SE_PRODUCERS[p](current)
        if step is None:
            p += 1
            continue
        yield "step", step, stats, hardest
        if _count(step, stats):
            hardest = step.technique
        if current is None:
            for c, d in step.eliminations:
                cand[c] &= ~np.uint64(1 << (d - 1))
        else:
            current.apply(step)
            values, cand = np.array(current.values, np.int64), np.array(current.cand, np.uint64)
        p = 0


_WALKED = {1: None, 2: "Direct Hidden Pair", 3: "Naked Single", 4: "Direct Hidden Triple", 5: None,
           6: "Naked Pair", 7: "X-Wing", 8: "Hidden Pair", 9: "Naked Triple", 10: "Swordfish", 11: "Hidden Triple",
           13: "XY-Wing", 14: "XYZ-Wing", 16: "Naked Quadruple", 17: "Jellyfish", 18: "Hidden Quadruple",
           19: "3 Strong-Linked Fish", 20: "WXYZ-Wing", 22: "4 Strong-Linked Fish", 23: "VWXYZ-Wing",
           24: "Aligned Pair Exclusion", 25: "UVWXYZ-Wing", 27: "TUVWXYZ-Wing", 28: "Aligned Triple Exclusion"}


def _walked_name(producer: int, tenths: int, suffix: int) -> str:
    """The name of the technique a walked step used (producer, price and strong-link suffix tell)."""
    if producer in (0, 1, 5):
        return _BASIC_NAMES[tenths]
    if producer == 12:
        digits = str(suffix).zfill(3)
        if digits[0] != "0":
            return "Empty Rectangle"
        return "Turbot Fish" if "0" in digits[1:] else ("Skyscraper" if digits[1:] == "11" else "2-String Kite")
    return _WALKED[producer]


# SE_PRODUCERS positions that kernels/se.py producers 12.. replace in the fast walk
_KERNEL_PRODUCERS = {13: 12, 14: 13, 16: 14, 17: 15, 18: 16}
_KERNEL_NAMES = {12: "XY-Wing", 13: "XYZ-Wing", 14: "Naked Quadruple", 15: "Jellyfish", 16: "Hidden Quadruple"}
_STRONG = {12: 2, 19: 3, 22: 4}
_WINGS = {20: 3, 23: 4, 25: 5, 27: 6}

# the name of the technique behind each price the basic producers set
_BASIC_NAMES = {10: "Full House", 12: "Hidden Single", 15: "Hidden Single", 17: "Direct Pointing",
                19: "Direct Claiming", 20: "Direct Hidden Pair", 23: "Naked Single", 25: "Direct Hidden Triple",
                26: "Locked Candidates Type 1 (Pointing)", 28: "Locked Candidates Type 2 (Claiming)",
                30: "Naked Pair", 32: "X-Wing", 34: "Hidden Pair", 36: "Naked Triple", 38: "Swordfish",
                40: "Hidden Triple"}
