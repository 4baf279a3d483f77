"""The HoDoKu path's rescue (logic/path.chaining_next): SE's chaining producers where HoDoKu's catalogue found
nothing. It skips SE's static producers as subsumed by HoDoKu's static forcing chains (logic/nets.py); these tests
check the subsumption against the producers themselves."""

from __future__ import annotations

import numpy as np
from conftest import DATA
from sudokit.geometry import box_geometry
from sudokit.logic import nets
from sudokit.logic.candidates import Candidates
from sudokit.logic.path import brute_force, chaining_next, hodoku_next
from sudokit.logic.rating import CHAINING, se_next
from sudokit.sudoku import engine

G9 = box_geometry(3, 3)


def _lines(name: str, start: int, count: int) -> list[str]:
    """Puzzles start .. start + count - 1 of a data file."""
    lines = [x.strip() for x in (DATA / "sudoku" / name).read_text().splitlines()]
    return [x for x in lines if x and not x.startswith("#")][start:start + count]


def _state(line: str) -> Candidates:
    """A 9x9 puzzle line as a candidate grid."""
    return Candidates.from_grid(np.array([0 if ch in ".0" else int(ch) for ch in line[:81]], np.int32), G9)


def _conclusions(steps) -> set:
    """Every (cell, digit, placed) the steps prove."""
    out = set()
    for s in steps:
        out |= {(c, d, False) for c, d in s.eliminations} | {(c, d, True) for c, d in s.placements}
    return out


# the slugs of the rescue's steps (forcing.MULTI_SLUG's nishio and dynamic ones, and level 1's)
_RESCUE_SLUGS = {"nishio-forcing-chain", "dynamic-contradiction-forcing-chain", "dynamic-double-forcing-chain",
                 "dynamic-cell-forcing-chains", "dynamic-region-forcing-chains", "forcing-net-verity",
                 "forcing-net-contradiction"}


def _every_producer(state: Candidates):
    """chaining_next as it was: every CHAINING producer in order."""
    for producer in CHAINING:
        found = producer(state)
        if found is not None:
            return found
    return None


def test_rescue_is_every_producer_where_the_catalogue_is_exhausted():
    # along HoDoKu paths of SE 11+ puzzles (Brute Force placing the solution's digit when the rescue has none),
    # the rescue's step is the one every producer in order gives, and the skipped static ones find nothing there
    checked = found = 0
    for line in _lines("puzzles5_forum_hardest_1905_11+_first1000", 0, 3):
        st = _state(line)
        solution = engine("fast")(np.array(st.values, np.int32), G9, 2).solution
        while not st.solved():
            nxt = hodoku_next(st)
            if nxt is None:
                nxt = chaining_next(st)
                assert nxt == _every_producer(st)
                assert CHAINING[0](st) is None and CHAINING[2](st) is None
                checked += 1
                found += nxt is not None
            st.apply(nxt or brute_force(st, solution))
    assert checked and found


def test_static_producers_are_subsumed_by_hodoku_forcing_chains():
    # wherever SE's forcing.loops or static cell/region chains find a step (along SE paths of magictour puzzles),
    # HoDoKu's static forcing chains prove each of its eliminations and placements
    checked = 0
    for line in _lines("puzzles3_magictour_top1465_first1000", 0, 1):
        st = _state(line)
        while not st.solved():
            for s in (CHAINING[0](st), CHAINING[2](st)):
                if s is not None:
                    assert _conclusions([s]) <= _conclusions(nets.forcing_chains(st))
                    checked += 1
            nxt = se_next(st)
            if nxt is None:
                break
            st.apply(nxt)
    assert checked >= 100


class _Counted(dict):
    """A memo that counts its hits."""

    hits = 0

    def get(self, key, default=None):
        found = super().get(key, default)
        self.hits += found is not None
        return found


def test_memo_shared_by_both_walks_gives_the_same_ratings_and_steps():
    # a default rating's SE walk and HoDoKu path share forcing.multiple_memo's answers (api.rate): with one memo
    # the rating and every HoDoKu step are those of walks without it, and the path's rescue hits SE's answers
    from sudokit.logic.path import hodoku_rating
    from sudokit.logic.rating import se_rate

    hits = 0
    for line in _lines("puzzles5_forum_hardest_1905_11+_first1000", 0, 2):
        st = _state(line)
        solution = engine("fast")(np.array(st.values, np.int32), G9, 2).solution
        memo = _Counted()
        assert se_rate(st, memo=memo) == se_rate(st)
        assert memo and not memo.hits
        assert hodoku_rating(st, solution, memo=memo) == hodoku_rating(st, solution)
        hits += memo.hits
    assert hits


def test_rating_path_without_text_differs_only_in_the_lean_steps():
    # api.rate's HoDoKu path (text=False) makes the rescue's steps without explanations, and the catalogue's chains
    # and forcing chains/nets lean (no explanation, pattern, links; the table's SE value): every field a rating
    # reads of every step (all fields of the other steps), the walked counts and the rating are the path's with text
    from dataclasses import replace

    from sudokit.logic import api
    from sudokit.logic.path import hodoku_rating, rated

    blank = made_lean = 0
    for line in _lines("puzzles5_forum_hardest_1905_11+_first1000", 0, 2):
        st = _state(line)
        solution = engine("fast")(np.array(st.values, np.int32), G9, 2).solution
        (lean, walked), (full, walked_full) = hodoku_rating(st, solution, text=False), hodoku_rating(st, solution)
        assert walked == walked_full and lean.complete == full.complete and len(lean.steps) == len(full.steps)
        for a, b in zip(lean.steps, full.steps):
            if b.slug in _RESCUE_SLUGS and b.explanation and a == replace(b, explanation=""):
                blank += 1
            elif a != b:
                assert b.slug in _LEAN_SLUGS and not a.explanation and b.explanation
                assert (a.technique, a.slug, a.score, a.eliminations, a.placements) == \
                    (b.technique, b.slug, b.score, b.eliminations, b.placements)
                made_lean += 1
        rating = api.rate(st, G9)
        assert rated(lean, walked) == rated(full, walked) == (rating.score, rating.level)
    assert blank and made_lean


# the catalogue's slugs whose steps a rating's path makes lean (chains.Pending.lean, nets._NetPending.lean)
_LEAN_SLUGS = {"x-chain", "xy-chain", "continuous-nice-loop", "discontinuous-nice-loop", "aic",
               "grouped-continuous-nice-loop", "grouped-discontinuous-nice-loop", "grouped-aic",
               "forcing-chain-contradiction", "forcing-chain-verity", "forcing-net-contradiction", "forcing-net-verity"}


def test_memo_makes_the_steps_multiple_of_makes_with_or_without_text():
    # a kept answer gives the Step of a fresh kernel run, its text included when asked for after a text-free call
    # (at the rescue's states of a HoDoKu path, for the rescue's producers and SE's static multiple chains)
    from sudokit.logic import forcing
    from sudokit.logic.rating import SE_MULTIPLE

    st = _state(_lines("puzzles5_forum_hardest_1905_11+_first1000", 0, 1)[0])
    solution = engine("fast")(np.array(st.values, np.int32), G9, 2).solution
    found = rescues = 0
    while not st.solved() and rescues < 4:
        nxt = hodoku_next(st)
        if nxt is None:
            rescues += 1
            memo = {}
            for kw in SE_MULTIPLE[:4]:
                for text in (False, True, False):
                    got = forcing.multiple_memo(memo, *forcing._arrays(st), text=text, **kw)
                    assert got == forcing.multiple_of(*forcing._arrays(st), text=text, **kw)
                    found += got is not None and bool(got.explanation) == text
            assert len(memo) == 4
            nxt = chaining_next(st, memo)
            assert nxt == chaining_next(st)
        st.apply(nxt or brute_force(st, solution))
    assert found


def test_grader_on_both_scales_shares_the_memo_and_rates_as_each_scale_alone():
    # generate/rate.verify on both scales passes one memo to both walks (as api.rate does): its fields are those
    # of each scale rated alone, and api.rate's
    from sudokit.generate.rate import verify
    from sudokit.logic import api

    line = _lines("puzzles5_forum_hardest_1905_11+_first1000", 1, 1)[0]
    puzzle = np.array([0 if ch in ".0" else int(ch) for ch in line[:81]], np.int32)
    both = verify(puzzle, G9, "both")
    assert both == {**verify(puzzle, G9, "se"), **verify(puzzle, G9, "level")}
    r = api.rate(api.candidates(puzzle, G9), G9)
    assert (both["er"], both["level"], both["score"], both["complete"]) == (r.er, r.level, r.score, r.complete)
