"""Solve paths: from a candidate grid, apply the easiest available step until the grid is solved.

Two orders: HoDoKu's (the catalogue order people learn techniques in; the default for hints and step lists) and
Sudoku Explainer's (the order its ratings come from). When the catalogue has nothing left, SE's forcing chains
follow, and last of all a Brute Force step places one digit of the solution, so every path with a unique solution
ends solved. Paths are deterministic.

Speed record (issue 9, round hodpath; HoDoKu's path at ER 5-9.3 is ~55% kernels, the rest Python around them):
hodoku_next walks a plan made once per order; the nice loops' AIC eliminations gather only the eliminated digits'
places; ALS-XY-Wing and Death Blossom draw pending steps like the other ALS finders; ALS walks reuse one scratch;
finders read the path state's own arrays. Main and this round alternated on a loaded machine (best of each):
per finder over the 461 path states of rate.py's ER 0-9.3 HoDoKu samples, ALS-XY-Wing 35.4 -> 31.3 ms, grouped
nice loops 41.1 -> 38.2, XY-Chains 14.9 -> 12.9, Sue de Coq 10.2 -> 8.6, ALS-XZ (with the ALS build) 27.6 ->
25.9 (nice loops and X-Chains unchanged, within noise); hodoku_next over those states 0.348 -> 0.341 s; whole
`rate.py --scale hodoku` ER 5-9.3 91.6 -> 96.8 puzzles/s. Every step of those states and the lead's regression
dump unchanged. What is left is kernel time: the loop scans' BFS (scan_chains ~185 us a full graph, ~285
grouped), the ALS links and scans, the forcing nets.

hod15 (first 8 11+ puzzles, default rate ~3.17 s CPU, warm; /tmp/hod15/phase.py, finders.py): HoDoKu's side 0.48
s: hodoku_next 0.36 (forcing nets 0.083, forcing chains 0.055, grouped nice loops 0.050, nice loops 0.037, X-Chains
0.021 with no hit, ALS build and finders ~0.065, Sue de Coq 0.014), the rescue 0.10 (SE's kernel calls), the numba
walk 0.008. Making the steps a path takes (texts, links) is 8.5 ms in all: left as it is. SE's cheap side:
kernels/cascade.walk 0.138 (walks up to SE's loops ~230 us a call, 331 calls; TUVWXYZ-Wing + ATE ~190 us, 281,
ATE alone 150-250 us, no hit) and its loops 0.085. Tried and dropped there: skipping the walk calls made from a
producer without a kernel (they return at once): 660 calls x 3.2 us = 2 ms, not worth the code.

hod16 (the 205 hodoku_next states of the first 8 11+ puzzles' default ratings, captured: /tmp/hod16/replay.py;
parts.py times the kernels): a rating's path (text=False) makes the chain and forcing chain/net steps it takes lean
(chains.Pending.lean, nets._NetPending.lean: slug, score, eliminations, placements), forcing chains/nets size the
conclusions of a slug only when the path reads one of their keys (the verities' sizes went for nothing where
contradictions exist; a static verity never comes without one) and _Found.smallest reads no key of a lone
instance; chains.Scan.hits makes no kernel call where the X-/XY-Chain scan kept no AIC (~94% of those states;
16.6/8.0 -> 3.0 us): hodoku_next over those states, best of 8, alternated with main (load ~3 on 2 cores)
0.332/0.341/0.332/0.346 -> 0.322/0.311/0.314/0.318 s; the HoDoKu-only ratings of those 8 puzzles
(/tmp/hod16/abhod.py 8 4 hod) 0.487/0.482/0.482 -> 0.476/0.467/0.463 s; rate_levels.py's rate total
2.884/2.918/2.808 -> 2.832/2.843/2.801 s (within the load's noise). Where hodoku_next's time is now (process time over those states): the forcing net scan 58
ms (73 calls) and forcing chain scan 33 (105), the chain finders' scans 48 (622) and graphs 40 (628), the ALS
build 35 (121, 23 of it als_links) and scans 31 (222), the rest Python.
Tried and dropped (hod16): one ALS scan for ALS-XY-Wing and ALS-XY-Chain (kernels/implications.scan_als filling
a table per size range: a BFS's states of 3 ALSes come first whatever its depth, so each table is exact; the
same lists on all 205 states): the wing's depth-3 scan costs little beside the chain's, 0.153 -> 0.142 s over
those states, ~3 ms on the path: not worth a second table and a cached scan. Skipping SE's Nishio in the rescue
(HoDoKu's forcing nets, searched first on the same grid, propagate a superset of Nishio's X links): not exact as
written - nets' propagation skips a placed cell's other digits' house checks (kernels/nets.propagate: an off
potential of a cell emptied by an on is not expanded), so a Nishio hidden single may be one the net misses.
X-Chains searched only in the digits whose places changed since the last state without any (exact: a chain reads
one digit's places, and the masked graph keeps the others' node order; 197 of the 205 states masked, most to one
digit): 12.5 -> 12.2 ms over those states, as the finder is fixed costs (per state, one 9x9 state: X graph 34 us
of which the kernel 27, scan 12, hits 17; the XY graph 15 us of which the kernel 5, its scan 15, hits 8 - mostly
the calls' argument tuples and the copies out of the graph buffers).

hod17 (first 8 11+ puzzles, alternated with main 78b321d; /tmp/hod17/phase.py 8 2, replay.py): forcing nets'
propagation reads a digit's places, a house's cells and a cell's peers as words (kernels/nets: dynamic scans of
the 205 captured hodoku_next states 0.190 -> 0.142 s); Sue de Coq's screen keeps a line-box pair's hit while its
cells are unchanged (kernels/hodoku.sdc_screen: screens of those states 9.1 -> 3.6 ms): hodoku_next over the 205
states, min of 4, 0.332/0.351 -> 0.310/0.311 s; in the ratings 342/374/357 -> 332/326/326 ms. SE's cheap walk:
APE, ATE and the bent wings try only what changed since their last call found nothing (kernels/exclusion.
exclusion_since, wings.best_wing_since): cascade.walk 137/145/138 -> 111/109/108 ms. rate.py --per-band 40
alternated: 5-9.3 56.6/56.6/54.0 -> 59.6/59.0/55.8 puzzles/s, 8.5-9.3 14.8/14.8/14.5 -> 15.9/15.6/15.7, ER < 5
and 5-7 within noise. Tried and dropped: scan_chains' AIC eliminations as a word intersection (the digit's places
among both cells' common peers, not a loop over the start cell's peers): scans of the 205 states x 5 graph kinds
78.4/107.9 -> 78.6/113.4 ms, no gain (the BFS dominates). Then kernels/implications without integer divisions
by a run-time n in its hot loops (csr_unique's packed keys: build_graph over the 205 states x 4 kinds 0.031 ->
0.027 s; _als_bfs's state // n: ALS-XY scans 0.158 -> 0.144 s). The round in all (phase.py 8 2, alternated with
main): hodoku_next 315/326/323 -> 292/292/292 ms, cascade.walk 130/133/133 -> 102/101/101 ms, rate_levels.py's
rate total 2.615/2.586/2.572 -> 2.534/2.541/2.591 s. SE's walk running kernels/se's hidden and naked sets
(producers 2, 4, 6, 8, 9, 11, 14, 16: each house's outcome reads only its cells) over the houses changed since
their last empty call: exact (28,896 checks against se.producer; rate_dump identical), but cascade.walk only
~111 -> ~106 ms (phase.py, alternated), and every other caller of those kernels (rate_basic, walk_order below
ER 9.3) would pay a live-house mask per call: not kept. Gosper's next combination (kernels/se._next_combo,
loops.py) as a shift by the low bit's index instead of a division by it: rate.py's ER 5-9.3 sample (40 puzzles,
/tmp/hod17/er5.py, alternated) 0.529/0.534 -> 0.530/0.530 s, ER < 5 unchanged: not kept.

hod18 (first 8 11+ puzzles, warm, /tmp/hod18/phase.py 8 3, phase2.py): the rating ~2.4-2.5 s CPU, HoDoKu's side
~0.43 (hodoku_next 0.31, the rescue 0.09 of SE's kernels, walk_order 0.008), SE's cheap walk (cascade.walk) ~0.10.
In hodoku_next (kernel CPU s): nets scans static 0.035 (105 calls) and dynamic 0.041 (73), nice loop scans 0.045
(299), graphs 0.036 (628: X 0.010, grouped 0.016), ALS build 0.039 (121; als_links 0.023) and scans 0.026 (222),
Python ~0.06. Kept: kernels/exclusion.exclusion_since's narrower `near` (see there): cascade.walk 104/108 ->
95/100 ms (phase.py, alternated with main). Tried and dropped (scratch copies of the kernels, /tmp/hod18/exp): a
cheap existence test before kernels/nets.reached_contradiction (the reached off places as words per digit, then
each one's cell and houses): static scans of the 205 captured states 73.7 -> 74.5 ms, as the test reads as much as
the pricing (which is 38 of those 74 ms; the BFS 36); the static scan's verity groups are ~5 of the 74; skipping
_house's locked candidates test above 3 places: dynamic scans 157 -> 157 ms; ALS links with a reach filter (the
union of an ALS's xsee rows against the other's cells) 36.5 -> 31.7 ms over the 205 states, ~3 ms on a path, and
as a CSR made in two sequential passes (no strided pair reads): no gain; ATE counting a changed common excluder
only when its candidates lie within the triple's: 47.4 -> 44.2 us a call, not worth it. Found on the way: a static
premise p meets a potential and its opposite exactly when it reaches its own opposite p ^ 1 (the implications are
closed under contraposition: p -> x and p -> -x give x -> -p; checked on 1,858 graphs of captured states), so
reached_contradiction's T_BOTH test could be one read - the cell and house counts are the cost, though: with that
read skipping the T_BOTH tests where it fails, and each count and sum packed in one word (count << 40 + sum),
static scans over the 205 states 90/89/91 -> 83/83/86 ms (1,858 graphs' contradictions, verities and rows the
same; /tmp/hod18/exp/nets_rc2.py), ~3 ms on a rating's path: not worth a change of that kernel's contract.
SE's walk, in-kernel per producer over its 331 stall calls (0 -> 26) in order, one njit loop a producer (no
dispatch; /tmp/hod18/prodk.py): 31 ms in all, StrongLinks(4) 5.4, (3) 4.6, (2) 3.1 (the changed digit searched
again per k: its links could be built once for the three), APE 3.1, the bent wings 2.7 + 1.8 + 1.3, direct
pointing 1.6, every other producer under 1.1; then TUVWXYZ + ATE on the 281 (27 -> 29) calls ~14 ms.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from .candidates import Candidates
from .catalogue import HODOKU_ORDER, Entry, _resolve
from .step import Step
from .table import LEVEL_MAX_SCORE, LEVELS, BY_SLUG, step


class _Found:
    """The steps a finder yields in one state, drawn lazily: entries sharing the finder share what it found. A
    finder may yield pending steps (a slug and make(), see _PENDING): the Step is made only when taken."""

    def __init__(self, iterator, text: bool = True):
        self.iterator, self.steps, self.done, self.text = iterator, [], False, text

    def first(self, slug: str) -> Step | None:
        """The first step of a technique, drawing no further than needed."""
        steps = self.steps
        for i, s in enumerate(steps):
            if s.slug == slug:
                return self._made(i)
        if self.done:
            return None
        for s in self.iterator:  # (a generator over the rest, made per entry, cost ~1/4 of the per-entry overhead)
            steps.append(s)
            if s.slug == slug:
                return self._made(len(steps) - 1)
        self.done = True
        return None

    def smallest(self, slug: str) -> Step | None:
        """The step of a technique with the fewest pattern cells, then the most eliminations (the first of
        equals); a pending step gives its size as .key and only the chosen one is made."""
        if not self.done:
            self.steps.extend(self.iterator)
            self.done = True
        hits = [i for i, s in enumerate(self.steps) if s.slug == slug]
        if len(hits) < 2:  # one instance: its size is not needed (a forcing net's costs a kernel call, see nets)
            return self._made(hits[0]) if hits else None
        best, at = None, -1
        for i in hits:
            s = self.steps[i]
            key = getattr(s, "key", None) or (len(s.cells), -len(s.eliminations))
            if best is None or key < best:
                best, at = key, i
        return self._made(at)

    def _made(self, i: int) -> Step:
        """Step i, made (and kept) if it was pending; text=False: its lean form where it has one (slug, score,
        eliminations and placements: all a rating reads, without explanation, pattern or links)."""
        got = self.steps[i]
        make = getattr(got, "make", None)
        if make is not None:
            lean = None if self.text else getattr(got, "lean", None)
            self.steps[i] = make() if lean is None else lean()
        return self.steps[i]


def hodoku_next(state: Candidates, order: tuple[Entry, ...] = HODOKU_ORDER, text: bool = True) -> Step | None:
    """The next step in HoDoKu's order (catalogue techniques only), or None (text=False: a chain or forcing
    chain/net step without its explanation, pattern and links, as a rating asks; see _Found._made).

    Tried and dropped (grader6): a plan per order made once (entry, key, finder already resolved) instead of
    entry.finder() and the key per entry and step: no gain in an A/B of whole ER < 5 ratings (0.95-0.99 ms both).
    Kept since (hodpath): at ER 5-9.3 a path state visits ~21 entries past the numba walk (9,889 visits over the 461
    hodoku_next calls of rate.py's ER 0-9.3 HoDoKu samples), each an entry.finder() lambda, a key tuple and a
    generator; the plan and _Found.first without a generator are part of the round in the module docstring (not
    timed apart: within the noise of a loaded machine)."""
    found: dict[tuple, _Found] = {}
    for key, opener, slug, shortest in _plan(order, _PENDING):
        got = found.get(key)
        if got is None:
            got = found[key] = _Found(iter(opener(state)), text)
        chosen = got.smallest(slug) if shortest else got.first(slug)
        if chosen is not None:
            return chosen
    return None


def _plan(order: tuple[Entry, ...], pending: dict) -> list[tuple]:
    """(key, opener, slug, shortest) per entry of an order whose finder is part of this build: the opener maps a
    state to the finder's steps (pending ones where `pending` has the finder). Made once per order and pending
    table (this thread's last few)."""
    memo = _PLANS.__dict__.setdefault("plans", {})
    found = memo.get(id(order))
    if found is not None and found[0] is order and found[1] is pending:
        return found[2]
    plan = []
    for entry in order:
        finder = entry.finder()
        if finder is None:
            continue
        key = (entry.module, entry.function, entry.args)
        lazy = pending.get(key)
        opener = finder if lazy is None else _opener(_resolve(*lazy), entry.args)
        plan.append((key, opener, entry.slug, entry.shortest))
    if len(memo) >= 8:
        memo.clear()
    memo[id(order)] = (order, pending, plan)
    return plan


def _opener(fn, args: tuple):
    """fn with the entry's arguments after the state."""
    return fn if not args else (lambda state: fn(state, *args))


_PLANS = threading.local()  # each thread's plans per order (key: id of the order, which the value keeps alive)


# finders whose steps a path draws as pending ones (slug first, Step and explanation made only for the step taken):
# the turbot family's chains (HoDoKu's skyscraper ... empty rectangle entries share one search, and a path takes one
# chain of it; building every chain's explanation cost ~40% of strong_link_steps on rating states)
# and the chains (x/xy-chains, nice loops, AICs, grouped or not) and forcing chains and nets, whose every instance a
# path sizes up to take the smallest: making each one's Step (explanation, links) cost ~10% of a HoDoKu rating at
# ER 5-9.3 for the chains, most of the forcing finders' time (the ALS finders likewise); and
# BUG+1, whose search is skipped where the entry's one slug cannot occur
_PENDING = {("strong_links", "strong_link_steps", (2,)): ("strong_links", "pending_steps"),
            ("chains", "x_chains", ()): ("chains", "pending_x_chains"),
            ("chains", "xy_chains", ()): ("chains", "pending_xy_chains"),
            ("chains", "nice_loops", ()): ("chains", "pending_loops"),
            ("chains", "grouped_nice_loops", ()): ("chains", "pending_grouped_loops"),
            ("nets", "forcing_chains", ()): ("nets", "pending_forcing_chains"),
            ("nets", "forcing_nets", ()): ("nets", "pending_forcing_nets"),
            ("unique_loops", "bug_steps", ()): ("uniqueness", "bug_plus_1_steps"),
            ("als", "als_xz", ()): ("als", "pending_als_xz"),
            ("als", "als_xy_wing", ()): ("als", "pending_als_xy_wing"),
            ("als", "als_xy_chain", ()): ("als", "pending_als_xy_chain"),
            ("als", "death_blossom", ()): ("als", "pending_death_blossom")}


def chaining_next(state: Candidates, memo: dict | None = None, text: bool = True) -> Step | None:
    """SE's forcing chains, easiest family first (the path's rescue when the catalogue is exhausted).

    Called only where HoDoKu's catalogue found nothing, its static forcing chains (logic/nets.py) included, so SE's
    static producers (CHAINING[0] forcing.loops and [2], static cell and region chains) are skipped: their links
    (bivalue cells, bilocal houses, peers) are all in nets' implication graph, whose BFS from every premise (a
    superset of their chains) would have proved each of their conclusions as a contradiction (a premise implying
    its opposite) or a verity (every premise of the pair, cell or house implying it). They cost ~2.3 of the
    rescue's ~14 ms a call on 11+ puzzles and never found a step there. (Nishio, CHAINING[1], is dynamic: nets'
    propagation skips a cell's departed candidates once it is placed, so it is kept.)

    Where the rescue's time goes (hod12: 16 11+ puzzles, 97 calls, ~1/3 of their HoDoKu ratings): Nishio found no
    step (0.03 s in all), dynamic chains found 43 (~2.5 ms a call), their "+" level 28 (~6.3 ms), nothing 26 (the
    first state of every puzzle among them). Not done: skipping Nishio where the dynamic chains find nothing (holds
    if their runs with Y links reach every contradiction of Nishio's X-only runs; not proved, ~0.02 s).

    memo: forcing.multiple_memo's, shared with SE's walk of the same rating (api.rate), which asks some of the
    same questions of the same grids first: on the first 8 11+ puzzles 24 of the rescue's 102 calls, its three
    producers at each puzzle's first rescue state, where they find nothing; HoDoKu's side of those default ratings
    0.624 -> 0.571 s (hod13, /tmp/hod13/abmemo.py 8 0 5: with and without the memo SE's walk filled, alternated).
    Only there: keying the memo on the grid with placed cells' candidates cleared found no further hit (hod15).

    text=False: the step without its explanation (a rating reads only its slug, price and eliminations)."""
    from .forcing import _arrays, multiple_memo
    from .rating import SE_MULTIPLE

    arrays = _arrays(state)
    for i in RESCUE:
        found = multiple_memo(memo, *arrays, text=text, **SE_MULTIPLE[i])
        if found is not None:
            return found
    return None


RESCUE = (0, 2, 3)  # the rescue's producers: SE_MULTIPLE's Nishio, dynamic and dynamic "+" chains (CHAINING[1, 3, 4])


def brute_force(state: Candidates, solution) -> Step:
    """HoDoKu's last resort: place the solution's digit in the first empty cell with the fewest candidates."""
    from .step import cell_name

    cell = min((c for c, v in enumerate(state.values) if not v), key=lambda c: (state.count(c), c))
    d = int(solution[cell])
    return step("brute-force", f"Brute Force: {cell_name(cell, state.n)}={d}", digits=(d,), cells=(cell,),
                placements=((cell, d),))


@dataclass
class Path:
    """A solve path, its HoDoKu score and level, and whether it reached the solution."""

    steps: list[Step] = field(default_factory=list)
    complete: bool = True

    @property
    def score(self) -> int:
        """HoDoKu's score: the sum of the steps' scores."""
        return sum(s.score for s in self.steps)

    @property
    def level(self) -> str:
        """HoDoKu's level: the hardest technique's, raised while the score passes the level's maximum."""
        if not self.steps:
            return "easy"
        i = max(LEVELS.index(BY_SLUG[s.slug].level) for s in self.steps)
        while self.score > LEVEL_MAX_SCORE[LEVELS[i]] and i < len(LEVELS) - 1:
            i += 1
        return LEVELS[i]

    @property
    def hardest(self) -> Step | None:
        """The step with the highest HoDoKu score."""
        return max(self.steps, key=lambda s: s.score, default=None)


def solve_path(state: Candidates, order: str = "hodoku", solution=None, deadline: float | None = None) -> Path:
    """The whole path from a state (not changed); with a solution, Brute Force finishes what logic cannot."""
    from .rating import se_next

    state = state.copy()
    path = Path()
    choose = se_next if order == "se" else (lambda s: hodoku_next(s) or chaining_next(s))
    while not state.solved() and _advance(state, path, choose, solution, deadline):
        pass
    return path


def _advance(state: Candidates, path: Path, choose, solution, deadline: float | None) -> bool:
    """Apply the next step of a path (choose's, else Brute Force given the solution) and record it; False, with
    the path marked incomplete, when time or the techniques ran out."""
    if deadline is not None and time.monotonic() > deadline:
        path.complete = False
        return False
    nxt = choose(state)
    if nxt is None and solution is not None:
        nxt = brute_force(state, solution)
    if nxt is None:
        path.complete = False
        return False
    path.steps.append(nxt)
    state.apply(nxt)
    return True


# the HoDoKu order's prefix that kernels/se.py walks in numba (producer numbers), and each producer's technique
FAST_ORDER = (17, 3, 18, 19, 20, 21, 22, 6, 9, 8, 11, 14, 16, 7, 10, 15)
FAST_SLUGS = {17: "full-house", 3: "naked-single", 18: "hidden-single", 19: "locked-pair", 20: "locked-triple",
              21: "locked-candidates-type-1-pointing", 22: "locked-candidates-type-2-claiming", 6: "naked-pair",
              9: "naked-triple", 8: "hidden-pair", 11: "hidden-triple", 14: "naked-quadruple",
              16: "hidden-quadruple", 7: "x-wing", 10: "swordfish", 15: "jellyfish"}


def hodoku_rating(state: Candidates, solution=None, deadline: float | None = None,
                  memo: dict | None = None, text: bool = True) -> tuple[Path, dict]:
    """HoDoKu's score and level of a puzzle, fast: the first techniques of its path run as one numba walk, the
    rest as in solve_path. Returns the Path of the steps made in Python and the counts of the walked techniques
    (slug -> times); score and level are those of the whole path (see `rated`). memo, text: the rescue's (see
    chaining_next; text=False leaves its steps' explanations empty, as api.rate, which reads none, asks)."""
    from ..kernels.se import walk_order
    from .rating import fast_tables

    if state.n > 32:
        return solve_path(state, "hodoku", solution, deadline), {}
    fast = fast_tables(state.houses)
    order, rest = _fast_order()
    counts = np.zeros(32, np.int64)
    path = Path()

    def choose(s):
        """HoDoKu's catalogue past the walk, then the rescue."""
        return hodoku_next(s, rest, text) or chaining_next(s, memo, text)

    while True:
        values, cand = state.fresh_arrays()  # the walk writes them
        if walk_order(order, state.n, values, cand, fast.geo, fast.scan, fast.kind, counts, fast.out, fast.elim):
            break  # solved: no state to make (_walked cost ~20 us of a singles-only rating's ~130)
        state = _walked(state, values, cand, fast)
        if not _advance(state, path, choose, solution, deadline):
            break
    return path, {FAST_SLUGS[p]: k for p, k in enumerate(counts.tolist()) if k}


@lru_cache(maxsize=1)
def _fast_order() -> tuple:
    """FAST_ORDER as an array and the HoDoKu order's entries after it (made once: ~9 us a rating)."""
    return (np.array(FAST_ORDER, np.int64),
            HODOKU_ORDER[HODOKU_ORDER.index(next(e for e in HODOKU_ORDER if e.slug == "jellyfish")) + 1:])


def _walked(state: Candidates, values, cand, fast) -> Candidates:
    """The state a numba walk left in arrays: Candidates.from_arrays, with `where` from kernels/hodoku.where_words
    (from_arrays' numpy bit planes cost ~20 us of its ~28 a state, twice a rating below ER 5)."""
    from ..kernels.hodoku import where_words

    h = state.houses
    words = fast.buffer("where words", (h.n, (h.ncells + 63) // 64), np.uint64)
    where_words(cand, words)
    raw, step = words.tobytes(), 8 * words.shape[1]
    out = Candidates.__new__(Candidates)
    out.houses, out.values, out.cand = h, values.tolist(), cand.tolist()
    out.givens, out.marked, out._arrays = state.givens, state.marked, (values, cand)  # see Candidates.arrays
    out.where = [0] + [int.from_bytes(raw[i:i + step], "little") for i in range(0, len(raw), step)]
    return out


def rated(path: Path, counts: dict) -> tuple[int, str]:
    """HoDoKu's score and level of a path plus walked techniques."""
    score = path.score + sum(BY_SLUG[slug].score * k for slug, k in counts.items())
    levels = [LEVELS.index(BY_SLUG[s.slug].level) for s in path.steps]
    levels += [LEVELS.index(BY_SLUG[slug].level) for slug in counts]
    i = max(levels, default=0)
    while score > LEVEL_MAX_SCORE[LEVELS[i]] and i < len(LEVELS) - 1:
        i += 1
    return score, LEVELS[i]
