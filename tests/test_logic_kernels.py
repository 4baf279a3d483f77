"""The rating's fast paths give what the readable finders give: numba screens and kernels against the Python
reference, digit caches against the uncached search, on every state of the HoDoKu paths of rated puzzles."""

from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from sudokit.geometry import box_geometry
from sudokit.logic import als, coloring, finned_fish, strong_links, uniqueness
from sudokit.logic.api import candidates, solution
from sudokit.logic.candidates import Candidates
from sudokit.logic.path import solve_path
from sudokit.logic.rating import SE_PRODUCERS, fast_tables

DATA = Path(__file__).parent / "data" / "logic" / "se_local.txt"
GEOMETRY = box_geometry(3, 3)


@lru_cache(maxsize=1)
def path_states() -> tuple:
    """The states before every step of the HoDoKu paths of a spread of rated puzzles (ER 2.5 to 9+)."""
    rows = [line.split() for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
    rows.sort(key=lambda r: float(r[1].split("/")[0]))
    chosen = rows[::max(1, len(rows) // 14)][:14]
    out = []
    for row in chosen:
        grid = np.array([0 if ch in ".0" else int(ch) for ch in row[0][:81]])
        state = candidates(grid, GEOMETRY)
        path = solve_path(state, "hodoku", solution(state, GEOMETRY))
        for step in path.steps:
            out.append(state.copy())
            state.apply(step)
    return tuple(out)


def test_enough_states():
    """The fixture reaches hard states, not only singles."""
    states = path_states()
    assert len(states) > 300
    assert any(len(als.alses(s)) > 50 for s in states[::10])


def test_als_xz_screen_matches_every_pair():
    """kernels/hodoku.xz_hits keeps exactly the ALS pairs whose ALS-XZ eliminates."""
    checked = 0
    for state in path_states()[::7]:
        t = als.alses(state)
        fast, slow = als._xz_steps(t, fast=True), als._xz_steps(t, fast=False)
        assert fast == slow
        checked += len(slow)
    assert checked > 0


def test_finned_fish_cache_matches_search():
    """The per-digit cache of finned fish gives the uncached search's steps, in order."""
    found = 0
    for state in path_states()[::2]:
        cached = list(finned_fish.finned_fish(state))
        direct = [s for d in range(1, 10) for s in finned_fish._digit_steps(state, d, (2, 3, 4), None)]
        assert cached == direct
        found += len(direct)
    assert found > 0


def test_coloring_cache_matches_search():
    """Simple and multi colors through the per-digit cache equal the finders run on the full state."""
    found = 0
    for state in path_states()[::2]:
        for finder, cached in ((coloring._simple_colors, coloring.simple_colors),
                               (coloring._multi_colors, coloring.multi_colors)):
            direct = [s for d in range(1, 10) for s in finder(state, d)]
            assert list(cached(state)) == direct
            found += len(direct)
    assert found > 0


def test_allowed_matches_placed_peers():
    """uniqueness.allowed's per-house masks equal the digits no placed peer holds."""
    for state in path_states()[::5]:
        h, expect = state.houses, [0 if v else 511 for v in state.values]
        for c, v in enumerate(state.values):
            if v:
                for p in range(81):
                    if h.peers[c] >> p & 1:
                        expect[p] &= ~(1 << (v - 1))
        assert uniqueness.allowed(state) == expect


def test_strong_link_kernel_matches_python_walk():
    """kernels/strong.every_chain gives the Python walk's chains (steps, SE counts, suffixes) in order."""
    found = 0
    for state in path_states()[::8]:
        for k in (2, 3):
            fast = list(strong_links.strong_link_fish(state, k, fast=True))
            slow = list(strong_links.strong_link_fish(state, k, fast=False))
            assert fast == slow
            found += len(slow)
    assert found > 0


@pytest.mark.parametrize("k", (2, 3, 4))
def test_strong_link_memo_matches_best_chain(k):
    """kernels/sestrong.best_chain_memo (per-digit memo, kept across states as the SE walk keeps it) gives
    kernels/strong.best_chain's best chain and eliminations on every path state, and so does a fresh memo."""
    from sudokit.kernels.sestrong import best_chain_memo, memo_buffers
    from sudokit.kernels.strong import best_chain

    fast = fast_tables(path_states()[0].houses)
    geo, tabs = fast.geo, fast.se_tabs
    kept = memo_buffers(9, 81, 2)
    hits = 0
    for i, state in enumerate(path_states()):
        cand = np.array(state.cand, np.uint64)
        want, want_elim = np.zeros(5, np.int64), np.zeros((729, 2), np.int64)
        found = best_chain(k, 9, cand, geo[1], geo[9], fast.kind, tabs[0], tabs[1], tabs[2], want, want_elim)
        memos = [kept] + ([memo_buffers(9, 81, 2)] if i % 7 == 0 else [])
        for memo in memos:
            got, got_elim = np.zeros(5, np.int64), np.zeros((729, 2), np.int64)
            assert best_chain_memo(k, 9, cand, geo[1], geo[9], fast.kind, tabs[0], tabs[1], tabs[2], geo[10],
                                   *memo, got, got_elim) == found
            if found:
                assert got.tolist() == want.tolist()
                assert got_elim[:got[1]].tolist() == want_elim[:want[1]].tolist()
        hits += found
    assert hits > 10


@pytest.mark.parametrize("k", (2, 3))
def test_fast_strong_producer_matches_best_chain(k):
    """_Fast.strong (kept scratch, the geometry's house table) steps as kernels/strong.best_chain finds on every
    path state, called twice per state so that a reused scratch cannot leak into the next search."""
    from sudokit.kernels.strong import best_chain

    fast = fast_tables(path_states()[0].houses)
    find = fast.strong(k)
    hits = 0
    for state in path_states():
        want, want_elim = np.zeros(5, np.int64), np.zeros((729, 2), np.int64)
        found = best_chain(k, 9, np.array(state.cand, np.uint64), fast.geo[1], fast.geo[9], fast.kind,
                           fast.cell_houses, fast.peers, fast.unit_words, want, want_elim)
        for _ in range(2):
            step = find(state)
            assert (step is not None) == found
            if found:
                assert step.eliminations == tuple((int(c), int(d)) for c, d in want_elim[:want[1]])
                assert step.se == want[0] / 10 and step.digits == (int(want[2]),)
        hits += found
    assert hits > 10


def test_bug_kernel_matches_python():
    """kernels/loops.bug_cells finds _bug_cells' BUG cells (in its order) and values on every path state, and on
    the same states stripped towards a grave (each cell cut to two candidates, some to three)."""
    from sudokit.logic import unique_loops

    rng = np.random.default_rng(5)
    hits = total = 0
    for state in path_states():
        cand = np.array(state.cand, np.uint64)
        stripped = cand.copy()
        for c in range(81):
            keep = 3 if rng.random() < 0.05 else 2
            while bin(int(stripped[c])).count("1") > keep:
                stripped[c] &= stripped[c] - np.uint64(1)
        for grid in (cand, stripped):
            s = Candidates.from_arrays(state.houses, np.array(state.values, np.int64), grid, 0, False)
            want = unique_loops._bug_cells(s)
            got = unique_loops._bug_cells_fast(s)
            assert got == want and (want is None or list(got) == list(want))
            hits += want is not None
            total += 1
    assert total > 600 and hits > 0


def test_strong_link_kernel_with_kept_scratch_matches_fresh():
    """every_chain_with / best_chain_with on one reused scratch and the geometry's `shares` table give what
    every_chain / best_chain give with their own per call (the house table is the same too)."""
    from sudokit.kernels import strong

    fast = fast_tables(path_states()[0].houses)
    n, w = fast.n, fast.peers.shape[1]
    assert np.array_equal(strong._shares(n, fast.geo[1], fast.geo[9]), fast.geo[10][:3 * n, :3 * n])
    tabs = (fast.geo[1], fast.geo[9], fast.kind, fast.cell_houses, fast.peers, fast.unit_words)
    found = 0
    for k in (2, 3, 4):
        scratch = strong.chain_scratch(n, fast.peers.shape[0], w, k)
        for state in path_states()[::6]:
            cand = np.array(state.cand, np.uint64)
            outs = []
            for kept in (False, True):
                info, elims = np.zeros((512, 6 + 2 * k), np.int64), np.zeros((4096, 2), np.int64)
                ga, gb = np.zeros((512, k, w), np.uint64), np.zeros((512, k, w), np.uint64)
                best, elim = np.zeros(5, np.int64), np.zeros((fast.peers.shape[0] * n, 2), np.int64)
                if kept:
                    count = strong.every_chain_with(k, n, cand, *tabs, fast.geo[10], *scratch, info, ga, gb, elims)
                    hit = strong.best_chain_with(k, n, cand, *tabs, fast.geo[10], *scratch, best, elim)
                else:
                    count = strong.every_chain(k, n, cand, *tabs, info, ga, gb, elims)
                    hit = strong.best_chain(k, n, cand, *tabs, best, elim)
                used = info[count - 1, 4] + info[count - 1, 5] if count else 0
                outs.append((count, info[:count].tolist(), ga[:count].tolist(), gb[:count].tolist(),
                             elims[:used].tolist(), hit, best.tolist() if hit else None,
                             elim[:best[1]].tolist() if hit else None))
            assert outs[0] == outs[1]
            found += outs[0][0]
    assert found > 0


@pytest.mark.parametrize("p", range(17))
def test_se_basic_kernels_match_python(p):
    """kernels/se's producers 0-16 take the Python producer's first step (same eliminations, placement, price);
    the fish (7, 10, 15), searched digit by digit in numba, on every path state."""
    from sudokit.kernels.se import first_hint

    fast = fast_tables(path_states()[0].houses)
    hits = 0
    for state in path_states()[::1 if p in (7, 10, 15) else 2]:
        want = SE_PRODUCERS[{12: 13, 13: 14, 14: 16, 15: 17, 16: 18}.get(p, p)](state)  # SE's list has more
        found = first_hint(p, p + 1, 9, np.array(state.values, np.int64), np.array(state.cand, np.uint64), fast.geo,
                           fast.scan, fast.kind, fast.out, fast.elim)
        assert found == (want is not None)
        if found:
            elim = sorted((int(c), int(d)) for c, d in fast.elim[:fast.out[4]])
            place = ((int(fast.out[2]), int(fast.out[3]) + 1),) if fast.out[2] >= 0 else ()
            assert elim == sorted(want.eliminations)
            assert place == tuple(want.placements)
            assert fast.out[1] == round(want.se * 10)
            hits += 1
    assert hits > 0 or p in (3, 11, 16)  # no hidden quad on these paths (no false one either)


def test_of_digit_keeps_only_that_digit():
    """Candidates.of_digit: the digit's places, nothing else."""
    state = path_states()[40]
    one = Candidates.of_digit(state.houses, 4, state.where[4])
    assert one.where[4] == state.where[4]
    assert all(one.where[d] == 0 for d in range(1, 10) if d != 4)


def test_sue_de_coq_cache_matches_search():
    """Sue de Coq through the per-(line, box) cache equals _intersection run on the full state."""
    from sudokit.logic import sue_de_coq as sdc

    found = 0
    for state in path_states()[::3]:
        h, empty = state.houses, state.empty_cells()
        for line in range(18):
            for box in range(18, 27):
                inter = h.masks[line] & h.masks[box] & empty
                line_rest, box_rest = h.masks[line] & empty & ~inter, h.masks[box] & empty & ~inter
                if inter.bit_count() < 2 or not line_rest or not box_rest:
                    continue
                direct = list(sdc._intersection(state, line, box, inter, line_rest, box_rest))
                assert list(sdc._cached(state, line, box)) == direct
                found += len(direct)
    assert found > 0


def test_easiest_unique_loop_matches_full_search():
    """SE's unique-loop choice with its pruning (loop prices, type 3 skipped when it cannot win) equals the lowest
    (price, type) over every step of every valid loop, first found on ties."""
    from sudokit.logic import unique_loops as ul

    found = 0
    for state in path_states()[::2]:
        best = None
        for loop, v1, v2 in ul.valid_loops(state):
            for kind, step in ul._loop_steps(state, loop, v1, v2):
                if best is None or (step.se, kind) < best[0]:
                    best = ((step.se, kind), step)
        assert ul.easiest_unique_loop(state) == (best[1] if best else None)
        found += best is not None
    assert found > 0


@pytest.mark.parametrize("k", [2, 3])
def test_aligned_exclusion_kernel_matches_python(k):
    """kernels/exclusion.first_exclusion finds the Python finder's first aligned pair / triple exclusion."""
    from sudokit.logic import exclusion

    finder = exclusion.aligned_pair_exclusion if k == 2 else exclusion.aligned_triple_exclusion
    hits = 0
    for state in path_states()[::6 if k == 2 else 12]:
        want = next(iter(finder(state)), None)
        got = exclusion.first_aligned_exclusion(state, k)
        assert (want is None) == (got is None)
        if want is not None:
            assert sorted(got.eliminations) == sorted(want.eliminations) and got.cells == want.cells
            hits += 1
    assert hits > 0


@pytest.mark.parametrize("k", [2, 3])
def test_exclusion_since_matches_first_exclusion(k):
    """kernels/exclusion.exclusion_since, which tries only what changed since its last grid, finds what
    first_exclusion finds: along the paths and from unrelated earlier grids (last found none, one, or is unset)."""
    from sudokit.kernels.exclusion import exclusion_since, first_exclusion

    states = path_states()
    fast = fast_tables(states[0].houses)
    ptr, idx, sees = fast.geo[4], fast.geo[5], fast.tabs[3]

    def run(fn, cand, *last):
        cells, out = np.zeros(3, np.int64), np.zeros((cand.shape[0] * 9, 2), np.int64)
        count = fn(k, cand, ptr, idx, sees, *last, cells, out)
        return count, cells.tolist() if count else [], out[:count].tolist()

    rng = np.random.default_rng(k)
    last, hits = np.zeros(states[0].houses.ncells + 1, np.uint64), 0
    for i, state in enumerate(states):
        cand = np.array(state.cand, np.uint64)
        want = run(first_exclusion, cand)
        assert run(exclusion_since, cand, last) == want
        hits += want[0] > 0
        other = np.zeros_like(last)
        run(exclusion_since, np.array(states[rng.integers(len(states))].cand, np.uint64), other)
        assert run(exclusion_since, cand, other) == want
    assert hits > 0


@pytest.mark.parametrize("k", [2, 3])
def test_exclusion_since_after_a_cell_becomes_an_excluder(k):
    """exclusion_since after one elimination that makes a cell an excluder (k + 1 -> k candidates), the change its
    peers' pairs and triples see only as a new common excluder: it finds what first_exclusion finds."""
    from sudokit.kernels.exclusion import exclusion_since, first_exclusion

    states = path_states()
    fast = fast_tables(states[0].houses)
    ptr, idx, sees = fast.geo[4], fast.geo[5], fast.tabs[3]
    n = states[0].n

    def run(fn, cand, *last):
        cells, out = np.zeros(3, np.int64), np.zeros((cand.shape[0] * 9, 2), np.int64)
        count = fn(k, cand, ptr, idx, sees, *last, cells, out)
        return count, cells.tolist() if count else [], out[:count].tolist()

    rng = np.random.default_rng(10 + k)
    checks = hits = 0
    for state in states[::3]:
        cand = np.array(state.cand, np.uint64)
        cells = [c for c in range(len(cand)) if bin(int(cand[c])).count("1") == k]
        for c in rng.permutation(cells)[:4].tolist():
            free = [d for d in range(n) if not int(cand[c]) >> d & 1]
            before = cand.copy()
            before[c] |= np.uint64(1) << np.uint64(free[rng.integers(len(free))])
            last = np.zeros(len(cand) + 1, np.uint64)
            if run(exclusion_since, before, last)[0]:
                continue  # last found one: the next call tries everything
            want = run(first_exclusion, cand)
            assert run(exclusion_since, cand, last) == want
            checks += 1
            hits += want[0] > 0
    assert checks > 0 and hits > 0


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_best_wing_since_matches_best_wing(k):
    """kernels/wings.best_wing_since, which tries only the wings with a changed cell when every candidate was in its
    last grid, finds what best_wing finds: along the paths and from grids a few steps back."""
    from sudokit.kernels.wings import best_wing, best_wing_since

    states = path_states()
    fast = fast_tables(states[0].houses)
    n, tabs = states[0].n, (fast.geo[1], fast.geo[9], fast.tabs[3], fast.tabs[1])

    def run(fn, cand, *last):
        best, elim = np.zeros(5, np.int64), np.zeros((cand.shape[0] * n, 2), np.int64)
        found = fn(k, n, cand, *tabs, *last, best, elim)
        return found, best[:2].tolist() if found else [], elim[:best[1]].tolist() if found else []

    last, hits = np.zeros(states[0].houses.ncells + 1, np.uint64), 0
    for i, state in enumerate(states):
        cand = np.array(state.cand, np.uint64)
        want = run(best_wing, cand)
        assert run(best_wing_since, cand, last) == want
        hits += want[0]
        other = np.zeros_like(last)
        run(best_wing_since, np.array(states[max(0, i - 1 - i % 4)].cand, np.uint64), other)
        assert run(best_wing_since, cand, other) == want
    assert hits > 0 or k == 6


def test_walked_state_matches_from_arrays():
    """path._walked (where from kernels/hodoku.where_words) builds the state Candidates.from_arrays builds."""
    from sudokit.logic.path import _walked

    fast = fast_tables(path_states()[0].houses)
    for state in path_states()[::3]:
        values, cand = np.array(state.values, np.int64), np.array(state.cand, np.uint64)
        mine = _walked(state, values, cand, fast)
        theirs = Candidates.from_arrays(state.houses, values, cand, state.givens, state.marked)
        assert (mine.values, mine.cand, mine.where, mine.givens, mine.marked) == (
            theirs.values, theirs.cand, theirs.where, theirs.givens, theirs.marked)
        assert mine.where == state.where
