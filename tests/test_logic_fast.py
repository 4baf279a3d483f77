"""Per-step fast paths of the rating against their readable references: the numpy bookkeeping of candidates.py
against its Python loops, and the pruned, lazy unique-loop choice against the minimum over every instance."""

import numpy as np
import pytest

from sudokit.geometry import box_geometry
from sudokit.logic import candidates as cmod
from sudokit.logic import unique_loops
from sudokit.logic.candidates import Candidates, houses_of

from test_logic_kernels import GEOMETRY, path_states


def _slow(monkeypatch):
    """Turn the numpy tables off: every Candidates operation takes its Python loop."""
    monkeypatch.setattr(cmod, "_bulk", lambda houses: None)


def _where(state: Candidates) -> list[int]:
    """where built bit by bit from cand."""
    out = [0] * (state.n + 1)
    for c, m in enumerate(state.cand):
        for d in range(state.n):
            if m >> d & 1:
                out[d + 1] |= 1 << c
    return out


def test_where_and_from_arrays_match_the_python_loops():
    for state in path_states()[::3]:
        again = Candidates(state.houses, list(state.values), list(state.cand), state.givens)
        assert again.where == _where(state) == state.where
        arrays = Candidates.from_arrays(state.houses, np.array(state.values, np.int64),
                                        np.array(state.cand, np.uint64), state.givens)
        assert (arrays.values, arrays.cand, arrays.where, arrays.givens) == (state.values, state.cand, state.where,
                                                                              state.givens)
        assert all(type(x) is int for x in arrays.values + arrays.cand)


@pytest.mark.parametrize("geometry", [box_geometry(3, 3), box_geometry(2, 3), box_geometry(4, 4)])
def test_from_grid_matches_the_python_loops(geometry, monkeypatch):
    rng = np.random.default_rng(7)
    grids = []
    for _ in range(20):
        grid = np.zeros(geometry.ncells, np.int32)
        for c in rng.permutation(geometry.ncells)[:geometry.ncells // 3]:
            seen = {int(grid[p]) for p in geometry.peers(int(c))}
            free = [d for d in range(1, geometry.n + 1) if d not in seen]
            grid[c] = free[0] if free else 0
        grids.append(grid)
    fast = [Candidates.from_grid(g, geometry) for g in grids]
    _slow(monkeypatch)
    slow = [Candidates.from_grid(g, geometry) for g in grids]
    for a, b in zip(fast, slow):
        assert (a.values, a.cand, a.where, a.givens, a.marked) == (b.values, b.cand, b.where, b.givens, b.marked)


def test_broken_matches_the_python_loops(monkeypatch):
    rng = np.random.default_rng(3)
    states = []
    for state in path_states()[::9]:
        states.append(state)
        for _ in range(3):  # knock out candidates until something may break
            s = state.copy()
            for c in rng.integers(0, 81, 6).tolist():
                if s.cand[c]:
                    s.eliminate(c, s.cand[c].bit_length())
            states.append(s)
    fast = [s.broken() for s in states]
    _slow(monkeypatch)
    slow = [s.broken() for s in states]
    assert fast == slow
    assert any(fast) and not all(fast)


def _easiest_reference(state: Candidates):
    """SE's unique loop choice over every instance: lowest price, then lowest type, then first found."""
    best = None
    for kind, found in unique_loops.typed_unique_loops(state):
        if best is None or (found.se, kind) < best[0]:
            best = ((found.se, kind), found)
    return best[1] if best else None


def test_easiest_unique_loop_matches_the_minimum_over_every_instance():
    found = 0
    for state in path_states():
        fast, ref = unique_loops.easiest_unique_loop(state), _easiest_reference(state)
        assert fast == ref
        found += fast is not None
    assert found > 3


def _se_states(rows: int = 12) -> list:
    """The states SE's walk hands its unique-loop producer (every call, found or not) on a spread of rated
    puzzles, captured by wrapping the producer."""
    from sudokit.logic import api, rating
    from test_logic_kernels import DATA

    lines = [line.split() for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
    lines.sort(key=lambda r: float(r[1].split("/")[0]))
    seen = []
    wrapped = lambda s: seen.append(s.copy()) or unique_loops.easiest_unique_loop(s)
    producers = tuple(wrapped if p is unique_loops.easiest_unique_loop else p for p in rating.SE_PRODUCERS)
    for row in lines[::max(1, len(lines) // rows)][:rows]:
        state = api.candidates(np.array([0 if ch in ".0" else int(ch) for ch in row[0][:81]]), GEOMETRY)
        while not state.solved():
            found = rating.se_next(state, 0, producers)
            if found is None:
                break
            state.apply(found)
    return seen


def _knocked(states, seed: int, per: int = 2) -> list:
    """Each state and `per` copies with a few random candidates removed (new loops, extras, broken grids)."""
    rng = np.random.default_rng(seed)
    out = []
    for state in states:
        out.append(state)
        for _ in range(per):
            s = state.copy()
            for c in rng.integers(0, s.houses.ncells, 4).tolist():
                if s.cand[c].bit_count() > 2:
                    s.eliminate(c, int(rng.choice(list(unique_loops.digits_of(s.cand[c])))))
            out.append(s)
    return out


def test_unique_loop_kernel_matches_the_python_search():
    """kernels/loops.easiest_loop (SE's choice of loop and key; Python builds only that step) gives the Step the
    Python search gives, on the states SE's walk reaches and on random variations of them and of HoDoKu's."""
    states = _knocked(_se_states(), 5) + _knocked(path_states()[::3], 7, 1)
    kinds = set()
    for state in states:
        fast, ref = unique_loops.easiest_unique_loop(state), unique_loops.easiest_unique_loop(state, fast=False)
        assert fast == ref
        if ref is not None:
            kinds.add(ref.slug)
    assert len(states) > 500 and len(kinds) >= 4, kinds


def test_loop_step_screen_says_whether_the_python_search_finds_a_step():
    """kernels/loops.loop_step (cascade.walk's screen: each loop from its lowest bivalue cell only) is 1 exactly
    when the Python search finds a unique loop step, on SE-walk states and random variations of them."""
    from sudokit.kernels.loops import loop_step
    from sudokit.logic import rating

    states, hits = _knocked(_se_states(), 5, 4) + _knocked(path_states()[::3], 7, 1), 0
    fast = rating.fast_tables(states[0].houses)
    geo, sees = fast.geo, fast.tabs[3]
    for state in states:
        found = loop_step(state.n, np.array(state.values, np.int64), np.array(state.cand, np.uint64), geo[0], geo[1],
                          sees, geo[4], geo[5], np.zeros(5, np.int64))
        ref = unique_loops.easiest_unique_loop(state, fast=False)
        assert found == (ref is not None)
        hits += found
    assert len(states) > 500 and hits > 10, (len(states), hits)


def test_loop_kernel_finds_the_python_walks_loops_in_order():
    """kernels/loops.unique_loops (each house's places of the pair read as masks) lists the loops the Python walk
    (_walk, _valid) lists, in the same order, on SE-walk states and random variations of them."""
    total = 0
    for state in _knocked(_se_states(6), 11, 1):
        fast = list(unique_loops.valid_loops(state))
        assert fast == list(unique_loops.valid_loops(state, fast=False))
        total += len(fast)
    assert total > 100


def test_cascade_screens_unique_loops_and_bug_like_python():
    """kernels/cascade.walk hands SE's unique-loop producer only the states where it finds a step, and its BUG
    producer only the states with BUG cells; the ratings stay those of the Python walk (se_rate with keep_steps runs
    every producer in Python)."""
    from sudokit.logic import api, rating
    from test_logic_kernels import DATA

    lines = [line.split() for line in DATA.read_text().splitlines() if line and not line.startswith("#")]
    loops, bugs = [], []
    wrap_loop = lambda s: loops.append(unique_loops.easiest_unique_loop(s)) or loops[-1]
    wrap_bug = lambda s: bugs.append(unique_loops._bug_cells(s)) or unique_loops.bug(s)
    swap = {unique_loops.easiest_unique_loop: wrap_loop, unique_loops.bug: wrap_bug}
    old = rating.SE_PRODUCERS
    rating.SE_PRODUCERS = tuple(swap.get(p, p) for p in old)
    try:
        for row in lines[::max(1, len(lines) // 24)][:24]:
            state = api.candidates(np.array([0 if ch in ".0" else int(ch) for ch in row[0][:81]]), GEOMETRY)
            fast, slow = rating.se_rate(state), rating.se_rate(state, keep_steps=True)
            assert (fast.er, fast.ep, fast.ed, fast.hardest) == (slow.er, slow.ep, slow.ed, slow.hardest)
    finally:
        rating.SE_PRODUCERS = old
    assert loops and all(found is not None for found in loops)
    assert bugs and all(found is not None for found in bugs)


def _xy_wings_reference(state: Candidates, xyz: bool):
    """XY/XYZ-Wings testing every peer of every pivot (the finder before it kept a set of bivalue cells)."""
    from sudokit.logic.candidates import bits
    from sudokit.logic.notation import eliminate_digit

    h, cand = state.houses, state.cand
    for pivot in range(h.ncells):
        pm = cand[pivot]
        if pm.bit_count() != (3 if xyz else 2):
            continue
        wings = [c for c in bits(h.peers[pivot]) if cand[c].bit_count() == 2]
        for a in wings:
            if (pm & ~cand[a]).bit_count() != 1:
                continue
            for b in wings:
                union, common = pm | cand[a] | cand[b], pm & cand[a] & cand[b]
                if b == a or union.bit_count() != 3 or common.bit_count() != (1 if xyz else 0):
                    continue
                victims = h.peers[a] & h.peers[b] & ~(1 << pivot) & (h.peers[pivot] if xyz else -1)
                elim = eliminate_digit(state, victims, (cand[a] & cand[b]).bit_length())
                if elim:
                    yield (pivot, a, b), elim


@pytest.mark.parametrize("xyz", [False, True])
def test_xy_wings_match_every_peer_search(xyz):
    from sudokit.logic import wings

    total = 0
    for state in path_states():
        fast = [(s.cells, list(s.eliminations)) for s in wings.xy_wings(state, xyz)]
        assert fast == list(_xy_wings_reference(state, xyz))
        total += len(fast)
    assert total > 0


def _w_wings_reference(state: Candidates):
    """W-Wings testing every pair of bivalue cells (the finder before it grouped them by their digits)."""
    from sudokit.logic import w_wing
    from sudokit.logic.candidates import digits_of
    from sudokit.logic.notation import eliminate_digit

    h, cand = state.houses, state.cand
    pairs = [c for c in range(h.ncells) if cand[c].bit_count() == 2]
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            if cand[b] != cand[a]:
                continue
            for x, y in w_wing._orders(digits_of(cand[a])):
                elim = eliminate_digit(state, h.common_peers(1 << a | 1 << b), x)
                bridge = w_wing._bridge(state, a, b, w_wing._strong_links(state, y)) if elim else None
                if bridge:
                    yield w_wing._w_step(state, a, b, x, y, bridge, elim)


def test_w_wings_and_remote_pairs_match_every_pair_search():
    from sudokit.logic import w_wing

    wings = chains = 0
    for state in path_states():
        cand = state.cand
        found = list(w_wing.w_wings(state))
        assert found == list(_w_wings_reference(state))
        wings += len(found)
        slow = [c for start in range(81) if cand[start].bit_count() == 2 and cand.count(cand[start]) >= 4
                for c in w_wing._extend(state, [start], cand[start])]  # same=-1: every peer is tested
        assert list(w_wing._pair_chains(state)) == slow
        chains += len(slow)
    assert wings > 0 and chains > 0


def _random_states(rng, geometry, count: int, pair_share: float):
    """Candidate grids of random masks, many of them bivalue (a share of them one common pair): not Sudoku
    states, but every finder reads them and the kernels must agree with the readable finders on them."""
    h = houses_of(geometry)
    n = h.n
    for _ in range(count):
        pair = sum(1 << int(d) for d in rng.choice(n, 2, replace=False))
        cand = []
        for _c in range(h.ncells):
            k = int(rng.choice([0, 2, 2, 3, n]))
            mask = 0 if k == 0 else sum(1 << int(d) for d in rng.choice(n, k, replace=False))
            cand.append(pair if rng.random() < pair_share else mask)
        yield Candidates(h, [0 if m else 1 for m in cand], cand)


GEOMETRIES = [box_geometry(2, 2), box_geometry(2, 3), box_geometry(3, 3), box_geometry(3, 4), box_geometry(4, 4)]


@pytest.mark.parametrize("geometry", GEOMETRIES)
def test_w_wing_kernel_matches_the_python_finder(geometry):
    from sudokit.logic import w_wing

    rng = np.random.default_rng(11)
    states = list(_random_states(rng, geometry, 60, 0.05))
    if geometry.n == 9:
        states += list(path_states())
    found = 0
    for state in states:
        fast = list(w_wing.w_wings(state))
        assert fast == list(w_wing.w_wings_python(state))
        found += len(fast)
    assert found > 20


@pytest.mark.parametrize("geometry", GEOMETRIES)
def test_remote_pair_screen_matches_the_chains(geometry):
    """kernels/wwing.remote_pair_any says yes exactly when some chain of _pair_chains eliminates."""
    from sudokit.logic import w_wing

    rng = np.random.default_rng(13)
    states = [s for share in (0.03, 0.06, 0.12) for s in _random_states(rng, geometry, 30, share)]
    if geometry.n == 9:
        states += list(path_states())
    verdicts = []
    for state in states:
        chains = any(w_wing._rp_eliminations(state, chain) for chain in w_wing._pair_chains(state))
        assert w_wing._may_pair(state) == chains
        verdicts.append(chains)
    assert any(verdicts) and not all(verdicts)


def _solved_states(rng, geometry, count: int):
    """Random grids with solved cells (half of them givens) and random, often bivalue, candidates elsewhere; every
    fifth a pencilmark puzzle."""
    h = houses_of(geometry)
    n = h.n
    for i in range(count):
        values = [int(rng.integers(1, n + 1)) if rng.random() < 0.5 else 0 for _ in range(h.ncells)]
        cand = [0 if v else sum(1 << int(d) for d in rng.choice(n, int(rng.choice([2, 2, 3, n])), replace=False))
                for v in values]
        givens = sum(1 << c for c, v in enumerate(values) if v and rng.random() < 0.5)
        yield Candidates(h, values, cand, givens, marked=i % 5 == 4)


@pytest.mark.parametrize("geometry", GEOMETRIES)
def test_rectangle_kernels_match_the_python_finders(geometry):
    """kernels/rectangles: the same unique rectangles in the same order; the avoidable screen says yes exactly when
    the Python search finds a step."""
    from sudokit.logic import uniqueness

    rng = np.random.default_rng(17)
    states = list(_solved_states(rng, geometry, 80))
    if geometry.n == 9:
        states += list(path_states())
    rectangles, verdicts = 0, []
    for state in states:
        fast = list(uniqueness.unique_rectangles(state))
        assert fast == list(uniqueness.unique_rectangles_python(state))
        rectangles += len(fast)
        some = any(True for _ in uniqueness.avoidable_rectangles_python(state))
        assert bool(list(uniqueness.avoidable_rectangles(state))) == some
        if not state.marked:
            assert uniqueness._may_avoid(state) == some
        verdicts.append(some)
    assert rectangles > 0 and any(verdicts) and not all(verdicts)


def _tests_reference(state: Candidates):
    """uniqueness_tests without the numba screen: every test on every rectangle of the Python search."""
    from sudokit.logic import uniqueness as u

    for w, x, y, z, a, b in u.unique_rectangles_python(state):
        rect, both = (w, x, y, z), 1 << (a - 1) | 1 << (b - 1)
        extra = [c for c in rect if state.cand[c] & ~both]
        for test in (u._ut1, u._ut2, u._ut3, u._ut4, u._ut6):
            yield from test(state, rect, a, b, extra)


def _hidden_reference(state: Candidates):
    """hidden_rectangles without the numba screen."""
    from sudokit.logic import uniqueness as u

    for w, x, y, z, a, b in u.unique_rectangles_python(state):
        rect, both = (w, x, y, z), 1 << (a - 1) | 1 << (b - 1)
        two = [c for c in rect if not state.cand[c] & ~both]
        if len(two) == 1 or len(two) == 2 and not u._aligned(state, *two):
            for corner in two:
                yield from u._hr_steps(state, rect, corner, a, b)


@pytest.mark.parametrize("geometry", GEOMETRIES)
def test_rectangle_screen_keeps_every_uniqueness_step(geometry):
    """kernels/rectangles.ur_screen: uniqueness_tests and hidden_rectangles give the steps of the unscreened
    search (every test on every rectangle), in order."""
    from sudokit.logic import uniqueness

    rng = np.random.default_rng(23)
    states = list(_solved_states(rng, geometry, 80))
    if geometry.n == 9:
        states += list(path_states())
    tests = hidden = 0
    for state in states:
        fast = list(uniqueness.uniqueness_tests(state))
        assert fast == list(_tests_reference(state))
        more = list(uniqueness.hidden_rectangles(state))
        assert more == list(_hidden_reference(state))
        tests, hidden = tests + len(fast), hidden + len(more)
    if geometry.n == 9:
        assert tests > 10 and hidden > 10


def _grave_reference(state: Candidates, rest) -> bool:
    """_is_grave counting each house's places of each digit cell by cell."""
    if any(v == 0 and m.bit_count() != 2 for v, m in zip(state.values, rest)):
        return False
    return all(sum(1 for c in cells if rest[c] >> (d - 1) & 1) in (0, 2)
               for cells in state.houses.cells[:27] for d in range(1, 10))


def test_bug_grave_test_matches_counting_cell_by_cell():
    rng = np.random.default_rng(5)
    graves = 0
    for state in path_states():
        rests = [list(state.cand)]
        found = unique_loops._bug_cells(state)
        if found:  # the grave SE found, and the same grave with one BUG value kept
            rests.append([m & ~found.get(c, 0) for c, m in enumerate(state.cand)])
            rests.append([m & ~(found.get(c, 0) if c != min(found) else 0) for c, m in enumerate(state.cand)])
        fat = [c for c, m in enumerate(state.cand) if m.bit_count() > 2]
        if fat:  # trim fat cells at random down to two candidates
            rest = list(state.cand)
            for c in rng.permutation(fat).tolist():
                while rest[c].bit_count() > 2:
                    rest[c] &= rest[c] - 1
            rests.append(rest)
        for rest in rests:
            assert unique_loops._is_grave(state, rest) == _grave_reference(state, rest)
            graves += _grave_reference(state, rest)
    assert graves > 0


def test_pending_strong_link_chains_make_the_finder_steps_in_order():
    from sudokit.logic import strong_links

    total = 0
    for state in path_states():
        pending = list(strong_links.pending_steps(state, 2))
        steps = list(strong_links.strong_link_steps(state, 2))
        assert [p.slug for p in pending] == [s.slug for s in steps]
        assert [p.make() for p in pending] == steps
        total += len(steps)
    assert total > 20


def test_turbot_memo_starting_afresh_keeps_every_digit(monkeypatch):
    """The two-link chain memo clears itself when full: a clear must not lose the rows of the digits it kept
    (the memo cleared inside _fill, after deciding what was missing: a KeyError ~1,300 puzzles into a batch)."""
    from sudokit.logic import strong_links

    monkeypatch.setattr(strong_links, "MEMO_MAX", 3)  # full after one state's digits: clears on the next call
    total = 0
    for state in path_states():
        pending = list(strong_links.pending_steps(state, 2))
        assert [p.make() for p in pending] == list(strong_links.strong_link_steps(state, 2))
        total += len(pending)
    assert total > 20


def test_hodoku_next_with_pending_steps_takes_the_same_step(monkeypatch):
    from sudokit.logic import path

    states = path_states()
    fast = [path.hodoku_next(s) for s in states]
    monkeypatch.setattr(path, "_PENDING", {})
    slow = [path.hodoku_next(s) for s in states]
    assert fast == slow
    assert sum(s is not None and s.slug in ("skyscraper", "2-string-kite", "turbot-fish", "empty-rectangle")
               for s in fast) > 0


@pytest.mark.parametrize("finder, pending", [
    ("chains.x_chains", "chains.pending_x_chains"),
    ("chains.xy_chains", "chains.pending_xy_chains"),
    ("chains.nice_loops", "chains.pending_loops"),
    ("chains.grouped_nice_loops", "chains.pending_grouped_loops"),
    ("nets.forcing_chains", "nets.pending_forcing_chains"),
    ("nets.forcing_nets", "nets.pending_forcing_nets"),
    ("als.als_xz", "als.pending_als_xz"),
    ("als.als_xy_wing", "als.pending_als_xy_wing"),
    ("als.als_xy_chain", "als.pending_als_xy_chain"),
    ("als.death_blossom", "als.pending_death_blossom"),
])
def test_pending_chains_and_forcing_make_the_finder_steps_with_their_sizes(finder, pending):
    """A path's pending chains give the finder's steps, in order, and each one's size before it is made."""
    from importlib import import_module

    def resolve(name):
        mod, fn = name.split(".")
        return getattr(import_module(f"sudokit.logic.{mod}"), fn)

    total = 0
    for state in path_states()[::7]:
        steps = list(resolve(finder)(state))
        lazy = list(resolve(pending)(state))
        assert [p.slug for p in lazy] == [s.slug for s in steps]
        assert [p.key for p in lazy] == [(len(s.cells), -len(s.eliminations)) for s in steps]
        assert [p.make() for p in lazy] == steps
        # a rating's path makes them lean (path._Found._made, text=False): what a rating reads is the same
        lean = [p.lean() if hasattr(p, "lean") else p.make() for p in lazy]
        assert [_rated_fields(s) for s in lean] == [_rated_fields(s) for s in steps]
        assert all(not s.explanation for s in lean if finder.startswith(("chains", "nets")))
        total += len(steps)
    assert total > 0


def _rated_fields(s) -> tuple:
    """The fields of a step a rating reads."""
    return s.technique, s.slug, s.score, s.eliminations, s.placements


def test_sue_de_coq_screen_keeps_every_pair_that_holds_one():
    """kernels/hodoku.sdc_screen never drops a line-box pair where the Python search finds a Sue de Coq."""
    from sudokit.logic import sue_de_coq as sdc

    kept = found = 0
    for state in path_states()[::2]:
        h = state.houses
        pairs = sdc._meeting(h)
        hits = sdc._screen(state, pairs)
        empty = state.empty_cells()
        for (line, box), hit in zip(pairs, hits):
            inter = h.masks[line] & h.masks[box] & empty
            line_rest, box_rest = h.masks[line] & empty & ~inter, h.masks[box] & empty & ~inter
            if inter.bit_count() < 2 or not line_rest or not box_rest:
                continue
            steps = list(sdc._intersection(state, line, box, inter, line_rest, box_rest))
            assert hit or not steps
            kept += hit
            found += bool(steps)
    assert found > 0 and kept >= found


def test_sue_de_coq_screen_memo_matches_a_fresh_screen():
    """sue_de_coq._screen (which screens again only the pairs whose line or box changed since this thread's last
    call) gives a fresh screen's hits, along the paths and in a shuffled order."""
    from sudokit.kernels.hodoku import sdc_screen
    from sudokit.logic import sue_de_coq as sdc

    states = path_states()
    order = list(range(len(states))) + np.random.default_rng(3).permutation(len(states)).tolist()
    for i in order:
        state = states[i]
        h = state.houses
        pairs = sdc._meeting(h)
        t = sdc._tables(h)
        fresh = np.zeros(len(pairs), np.int64)
        values, cand = state.arrays()
        sdc_screen(cand.view(np.int64), values, *t, fresh, np.full((2, h.ncells), -1, np.int64))
        assert sdc._screen(state, pairs) == fresh.tolist()


def test_sue_de_coq_part_kernel_matches_the_python_parts():
    """kernels/hodoku.sdc_parts gives _parts' (line part, box part) pairs in _parts' order."""
    from itertools import combinations

    from sudokit.logic import sue_de_coq as sdc

    pairs_seen = 0
    for state in path_states()[::5]:
        h = state.houses
        empty = state.empty_cells()
        for line, box in sdc._meeting(h):
            inter = h.masks[line] & h.masks[box] & empty
            line_rest, box_rest = h.masks[line] & empty & ~inter, h.masks[box] & empty & ~inter
            if inter.bit_count() < 2 or not line_rest or not box_rest:
                continue
            lc, bc = list(sdc.bits(line_rest)), list(sdc.bits(box_rest))
            line_c = np.array([state.cand[c] for c in lc], np.int64)
            box_c = np.array([state.cand[c] for c in bc], np.int64)
            line_sets, box_sets = sdc._subsets(state, line_rest), sdc._subsets(state, box_rest)
            for size in (2, 3):
                for group in combinations(list(sdc.bits(inter)), size):
                    vc = 0
                    for c in group:
                        vc |= state.cand[c]
                    if vc.bit_count() - size < 2:
                        continue
                    slow = list(sdc._parts(vc, size, line_sets, box_sets))
                    assert sdc._fast_parts(state, vc, size, lc, bc, line_c, box_c) == slow
                    pairs_seen += len(slow)
    assert pairs_seen > 0


@pytest.mark.parametrize("sizes, sashimi", [((2, 3, 4), None), ((2,), True), ((3,), False), ((4,), None)])
def test_finned_fish_kernel_finds_the_python_search_fish(sizes, sashimi):
    """kernels/hodoku.finned_rows finds what _box_bases and _covers find (as a multiset: the finder sorts them)."""
    from sudokit.logic import finned_fish as ff

    total = 0
    for state in path_states()[::4]:
        for d in range(1, 10):
            tables = ff._digit_places(state, d)
            assert tables == (ff.places(state)[0][d], ff.places(state)[1][d])
            for rows in (True, False):
                where = tables[0 if rows else 1]
                slow = []
                for meeting in ff.box_lines(state.houses, rows).values():
                    for base, must in ff._box_bases(state, where, meeting, sizes):
                        slow += ff._covers(where, dict(meeting), base, must, sashimi, state.houses.plain)
                fast = ff._fast_found(state.houses, rows, where, sizes, sashimi)
                assert sorted(fast) == sorted(slow)
                total += len(slow)
    assert total > 0


def test_bug_plus_1_screen_keeps_every_bug_plus_1():
    """The HoDoKu path's BUG+1 finder yields every bug-plus-1 step bug_steps yields, and skips only states where
    more than one empty cell is not bivalue."""
    from sudokit.logic import unique_loops, uniqueness

    skipped = found = 0
    for state in path_states():
        want = [s for s in unique_loops.bug_steps(state) if s.slug == "bug-plus-1"]
        got = [s for s in uniqueness.bug_plus_1_steps(state) if s.slug == "bug-plus-1"]
        assert got == want
        skipped += not list(uniqueness.bug_plus_1_steps(state))
        found += len(got)
    assert skipped > 0 and found > 0


def test_state_arrays_follow_the_lists():
    """Candidates.arrays: the lists as numpy arrays, kept while the state is unchanged, remade after eliminate and
    place; fresh_arrays gives copies a kernel may write."""
    checked = 0
    for state in path_states()[::25]:
        s = state.copy()
        values, cand = s.arrays()
        assert values.tolist() == s.values and cand.tolist() == s.cand and s.arrays()[1] is cand
        v2, c2 = s.fresh_arrays()
        assert c2 is not cand and c2.tolist() == s.cand and v2.tolist() == s.values
        empty = [c for c, m in enumerate(s.cand) if m.bit_count() >= 2]
        if not empty:
            continue
        cell = empty[0]
        s.eliminate(cell, (s.cand[cell] & -s.cand[cell]).bit_length())
        assert s.arrays()[1].tolist() == s.cand
        s.place(cell, s.cand[cell].bit_length())
        values, cand = s.arrays()
        assert values.tolist() == s.values and cand.tolist() == s.cand
        assert state.arrays()[1].tolist() == state.cand  # the original kept its own
        checked += 1
    assert checked > 5
