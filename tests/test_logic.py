"""Human-style solving: technique instances, what a technique must not find, soundness against solutions, the
Sudoku Explainer rating against SukakuExplainer's own, the fast rating path against the readable one, the API."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from sudokit.errors import InputError, NotUnique
from sudokit.geometry import box_geometry
from sudokit.logic import api
from sudokit.logic.candidates import Candidates, houses_of
from sudokit.logic.catalogue import BY_ENTRY_SLUG
from sudokit.logic.path import hodoku_next
from sudokit.logic.rating import SE_PRODUCERS, se_next, se_rate
from sudokit.sudoku import engine

DATA = Path(__file__).parent / "data"
G9 = box_geometry(3, 3)
INSTANCES = json.loads((DATA / "logic" / "instances.json").read_text())


def grid_of(line: str) -> np.ndarray:
    """A puzzle line as a flat grid."""
    return np.array([0 if ch in ".0" else int(ch) for ch in line[:81]])


def state_of(instance: dict) -> Candidates:
    """The candidate grid an instance was taken from."""
    values = [int(ch) for ch in instance["values"]]
    cand = [sum(1 << (d - 1) for d in range(1, 10) if instance["cand"][9 * c + d - 1] != ".") for c in range(81)]
    return Candidates(houses_of(G9), values, cand, sum(1 << c for c, v in enumerate(grid_of(instance["puzzle"])) if v))


def producer_index(slug: str, state: Candidates) -> int:
    """The position of the SE producer that yields the instance's step."""
    for i, producer in enumerate(SE_PRODUCERS):
        found = producer(state)
        if found is not None:
            return i
    raise AssertionError(f"no producer finds {slug}")


@pytest.mark.parametrize("slug", sorted(INSTANCES))
def test_instance_found_as_sukaku_explainer_takes_it(slug):
    """SE's path takes this step here: same technique, eliminations and placements as recorded."""
    inst = INSTANCES[slug]
    step = se_next(state_of(inst))
    assert step is not None and step.slug == slug
    assert sorted(map(list, step.eliminations)) == sorted(inst["elim"])
    assert sorted(map(list, step.placements)) == sorted(inst["place"])
    assert step.se == inst["se"]


@pytest.mark.parametrize("slug", sorted(INSTANCES))
def test_earlier_techniques_find_nothing_there(slug):
    """Every SE producer before the one that fired finds nothing in that state (each technique's negative case)."""
    state = state_of(INSTANCES[slug])
    first = producer_index(slug, state)
    assert all(SE_PRODUCERS[i](state) is None for i in range(first))


@pytest.mark.parametrize("slug", sorted(INSTANCES))
def test_instance_is_sound(slug):
    """The instance removes no digit of the solution and places only solution digits."""
    inst = INSTANCES[slug]
    solution = engine("fast")(grid_of(inst["puzzle"]), G9, 2).solution
    assert all(solution[c] != d for c, d in inst["elim"])
    assert all(solution[c] == d for c, d in inst["place"])


# the catalogue's uniqueness tests are HoDoKu's (logic/uniqueness.py); SE's rectangles are unique loops of 4 cells
SAME_FINDER = sorted(s for s in INSTANCES if s in BY_ENTRY_SLUG and BY_ENTRY_SLUG[s].finder()
                     and BY_ENTRY_SLUG[s].module != "uniqueness")


@pytest.mark.parametrize("slug", SAME_FINDER)
def test_catalogue_finder_yields_the_instance(slug):
    """The catalogue's finder (`hint --technique SLUG --all`) lists the instance among everything it sees."""
    inst = INSTANCES[slug]
    found = api.hint(state_of(inst), slug, every=True)
    assert any(sorted(map(list, s.eliminations)) == sorted(inst["elim"]) and
               sorted(map(list, s.placements)) == sorted(inst["place"]) for s in found)
    assert all(s.slug == slug for s in found)


def test_x_wing_by_hand():
    """A textbook X-Wing: 7 only in r5 and r8 of columns 3 and 7, so 7 leaves the rest of rows 5 and 8."""
    inst = INSTANCES["x-wing"]
    state = state_of(inst)
    for col in (2, 6):
        places = [r for r in range(9) if state.has(9 * r + col, 7)]
        assert places == [4, 7]
    expected = sorted([9 * r + c, 7] for r in (4, 7) for c in range(9) if c not in (2, 6) and state.has(9 * r + c, 7))
    assert sorted(inst["elim"]) == expected


def test_xy_wing_by_hand():
    """XY-Wing: pivot r1c1 {2,7}... pincers r2c3 and r9c1 share 6; 6 leaves the cells that see both pincers."""
    state = state_of(INSTANCES["xy-wing"])
    pivot, a, b = 0, 9 + 2, 72
    masks = [state.cand[c] for c in (pivot, a, b)]
    assert all(m.bit_count() == 2 for m in masks)
    z = (state.cand[a] & state.cand[b]).bit_length()
    assert z == 6 and not state.has(pivot, 6)
    seen_by_both = [c for c in range(81) if c not in (pivot, a, b) and state.houses.sees(c, a)
                    and state.houses.sees(c, b) and state.has(c, 6)]
    assert sorted([c, 6] for c in seen_by_both) == sorted(INSTANCES["xy-wing"]["elim"])


def test_empty_state_finds_nothing():
    """A solved grid has nothing left for any technique."""
    solution = engine("fast")(grid_of(INSTANCES["x-wing"]["puzzle"]), G9, 1).solution
    state = Candidates.from_grid(solution, G9)
    assert se_next(state) is None and hodoku_next(state) is None


def spearman(a, b) -> float:
    """Spearman's rank correlation (average ranks for ties)."""
    def ranks(x):
        x = np.asarray(x, float)
        order = np.argsort(x, kind="stable")
        r = np.empty(len(x))
        r[order] = np.arange(len(x))
        for v in np.unique(x):
            r[x == v] = r[x == v].mean()
        return r
    return float(np.corrcoef(ranks(a), ranks(b))[0, 1])


def _rated():
    rows = []
    for line in (DATA / "logic" / "se_local.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            puzzle, local, published = line.split()
            rows.append((puzzle, tuple(float(x) for x in local.split("/")), float(published)))
    return rows


def test_ratings_equal_sukaku_explainer_and_track_the_published_ones():
    """ER/EP/ED equal SukakuExplainer's on the sample; rank correlation with the published ERs above 0.99."""
    rows = _rated()
    ours = [se_rate(Candidates.from_grid(grid_of(p), G9)) for p, _, _ in rows]
    mismatched = [(p, local, (r.er, r.ep, r.ed)) for (p, local, _), r in zip(rows, ours) if (r.er, r.ep, r.ed) != local]
    assert not mismatched
    assert spearman([r.er for r in ours], [pub for _, _, pub in rows]) > 0.99


def test_fast_rating_path_equals_the_readable_one():
    """The numba producers take the same steps as the Python finders (same ER/EP/ED on every sampled puzzle)."""
    for puzzle, _, _ in _rated()[::4]:
        state = Candidates.from_grid(grid_of(puzzle), G9)
        fast, slow = se_rate(state), se_rate(state, keep_steps=True)
        assert (fast.er, fast.ep, fast.ed) == (slow.er, slow.ep, slow.ed), puzzle


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_paths_are_sound(order):
    """Every elimination and placement of every step of both paths agrees with the solution."""
    from sudokit.logic.path import solve_path

    for puzzle, _, _ in _rated()[::3]:
        grid = grid_of(puzzle)
        solution = engine("fast")(grid, G9, 2).solution
        state = Candidates.from_grid(grid, G9)
        path = solve_path(state, order, solution)
        assert path.complete
        for step in path.steps:
            assert all(solution[c] != d for c, d in step.eliminations), step.explanation
            assert all(solution[c] == d for c, d in step.placements), step.explanation


def test_rate_api_and_hodoku_level():
    """rate() gives both scales; an easy puzzle is easy on both, a hard one hard on both."""
    easy = api.rate(api.candidates(grid_of(_rated()[0][0]), G9), G9)
    hard = api.rate(api.candidates(grid_of(_rated()[-1][0]), G9), G9)
    assert easy.er < 3 and easy.level in ("easy", "medium") and easy.complete
    assert hard.er >= 9 and hard.level == "extreme" and hard.score > easy.score
    assert hard.to_json()["hardest"] == hard.hardest


def test_api_refuses_what_it_cannot_rate():
    """Clashing givens and contradictory pencilmarks are input errors; several solutions are not rated."""
    grid = grid_of(_rated()[0][0])
    clash = grid.copy()
    clash[1] = clash[0] = 5
    with pytest.raises(InputError):
        api.candidates(clash, G9)
    marks = np.ones((81, 9), bool)
    marks[0, :] = False
    with pytest.raises(InputError, match="contradict"):
        api.candidates(np.zeros(81, int), G9, marks)
    with pytest.raises(NotUnique):
        api.rate(api.candidates(np.zeros(81, int), G9), G9)


def test_techniques_listed_with_both_prices():
    """Every catalogue entry has a name, a slug, an SE value and a HoDoKu score."""
    listed = api.techniques()
    assert {"full-house", "x-wing", "xy-wing", "unique-loop", "wxyz-wing"} <= {t["slug"] for t in listed}
    assert all(t["se"] > 0 and t["score"] > 0 and t["slug"] == t["slug"].lower() for t in listed)


def test_other_geometries():
    """Singles, subsets and chains work on 6x6 and with X-Sudoku units; the path ends solved and sound."""
    from sudokit.logic.path import solve_path
    from sudokit.sudoku.variants import build_variant

    for geometry in (box_geometry(2, 3), build_variant(9, (3, 3), constraints=("x",)).geometry):
        n = geometry.n
        solution = engine("fast")(np.zeros(n * n, int), geometry, 1).solution
        grid = solution.copy()
        rng = np.random.default_rng(n)
        for cell in rng.permutation(n * n)[: n * n // 2]:
            trial = grid.copy()
            trial[cell] = 0
            if engine("fast")(trial, geometry, 2).count == 1:
                grid = trial
        path = solve_path(Candidates.from_grid(grid, geometry), "hodoku", solution)
        assert path.complete
        assert all(solution[c] != d for s in path.steps for c, d in s.eliminations)


def test_ratings_on_threads_equal_one_thread():
    """Executors may be thread pools: the kernels' scratch buffers are per thread, so ratings cannot mix."""
    from concurrent.futures import ThreadPoolExecutor

    from sudokit import Sudoku

    rows = [line.split() for line in (DATA / "logic" / "se_local.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    rows = sorted(rows, key=lambda r: -float(r[1].split("/")[0]))[:6] + rows[:6]  # the hardest (chains) and some easy

    def rated(row):
        r = Sudoku(row[0]).rate()
        return f"{r.er:.1f}/{r.ep:.1f}/{r.ed:.1f}", r.level, r.score

    alone = [rated(row) for row in rows]
    assert [a[0] for a in alone] == [row[1] for row in rows]
    with ThreadPoolExecutor(3) as pool:
        assert list(pool.map(rated, rows)) == alone
