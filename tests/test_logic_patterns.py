"""HoDoKu's pattern techniques: finned and sashimi fish, W-Wing, Remote Pair, coloring, uniqueness.

Each technique has a hand-checked instance, built as a pencilmark grid: a *blank* grid (every digit a candidate of every
empty cell) carved so that only the pattern is left; the reasoning behind the exact eliminations is written next to
each one. Then states where the technique must find nothing, and a soundness walk: on real puzzles every elimination
of every step these finders yield must spare the solution's digit.
"""

from pathlib import Path

import numpy as np
import pytest

from sudokit.formats import parse_line_array, read_puzzles
from sudokit.geometry import box_geometry, region_geometry
from sudokit.logic import coloring, finned_fish, uniqueness, w_wing
from sudokit.logic.candidates import Candidates, bits
from sudokit.logic.catalogue import BY_ENTRY_SLUG
from sudokit.logic.path import brute_force
from sudokit.logic.step import Step
from sudokit.sudoku import engine
from sudokit.sudoku.variants import build_variant

G9 = box_geometry(3, 3)
DATA = Path(__file__).parent / "data" / "sudoku"


def cell(name: str, n: int = 9) -> int:
    """r4c3 -> its 0-based cell."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def cells(text: str, n: int = 9) -> list[int]:
    """'r1c1 r4c3' -> cells."""
    return [cell(x, n) for x in text.split()]


def blank(geometry=G9) -> Candidates:
    """Nothing placed: every digit a candidate of every cell."""
    return Candidates.from_grid(np.zeros(geometry.ncells, np.int32), geometry)


def only(state: Candidates, digit: int, text: str) -> None:
    """The digit stays a candidate in the named cells only."""
    keep = set(cells(text, state.n))
    for c in range(state.houses.ncells):
        if c not in keep and state.has(c, digit):
            state.eliminate(c, digit)


def limit(state: Candidates, digit: int, house_cells: str, text: str) -> None:
    """Within the cells of house_cells, the digit stays only in the cells of text."""
    keep = set(cells(text, state.n))
    for c in cells(house_cells, state.n):
        if c not in keep and state.has(c, digit):
            state.eliminate(c, digit)


def row(r: int, n: int = 9) -> str:
    """The cells of row r as text."""
    return " ".join(f"r{r}c{c}" for c in range(1, n + 1))


def col(c: int, n: int = 9) -> str:
    """The cells of column c as text."""
    return " ".join(f"r{r}c{c}" for r in range(1, n + 1))


def box(rows: range, cols: range) -> str:
    """The cells of a box as text."""
    return " ".join(f"r{r}c{c}" for r in rows for c in cols)


def hold(state: Candidates, text: str, digits) -> None:
    """The named cells keep exactly these candidates."""
    for c in cells(text, state.n):
        for d in range(1, state.n + 1):
            if d not in digits and state.has(c, d):
                state.eliminate(c, d)


def texts(steps) -> list[str]:
    """The explanations of steps."""
    return [s.explanation for s in steps]


def elims(text: str, digits) -> list[tuple[int, int]]:
    """'r4c3 r4c4', (3, 4) -> the eliminations of those digits from those cells, sorted."""
    return sorted((c, d) for c in cells(text) for d in digits)


# ---- finned and sashimi fish ----

def fish_rows(digit: int, rows: dict[int, str], geometry=G9) -> Candidates:
    """A blank grid where the digit's places in the given rows are only the given cells (other rows stay full)."""
    st = blank(geometry)
    for r, text in rows.items():
        limit(st, digit, row(r, st.n), text)
    return st


def test_finned_x_wing():
    # 4 in r2 only at c3,c5; in r8 at c3,c5 and the fin r8c6 (box 8). If the fin is false, r2 and r8 put their 4s in
    # c3 and c5, and the other 4s of c3, c5 go; if it is true, box 8 loses its other 4s. Both ways r7c5 and r9c5
    # lose 4 (r1c3 or r5c5, outside box 8, do not). Every other row holds 4 in all nine cells: no other fish.
    st = fish_rows(4, {2: "r2c3 r2c5", 8: "r8c3 r8c5 r8c6"})
    steps = list(finned_fish.finned_fish(st, 2, False))
    assert texts(steps) == ["Finned X-Wing: 4 r2,r8 c3,c5 fr8c6 => r7c5<>4, r9c5<>4"]
    assert steps[0].slug == "finned-x-wing" and steps[0].eliminations == ((cell("r7c5"), 4), (cell("r9c5"), 4))
    assert not list(finned_fish.finned_fish(st, 2, True))


def test_sashimi_x_wing():
    # r2: 4 at c3,c5; r8: 4 at c3 and r8c4, no r8c5 (a missing corner). Fin r8c4 (box 8): if false, r8=c3 so r2=c5,
    # and c5 loses its other 4s; if true, box 8 does: r7c5, r9c5 go. The same pattern read with r2c5 as the fin
    # (box 2) and covers c3,c4: if r2c5 is false, r2=c3, r8=c4 and c4 loses its 4s; if true, box 2 does: r1c4, r3c4.
    st = fish_rows(4, {2: "r2c3 r2c5", 8: "r8c3 r8c4"})
    assert texts(finned_fish.finned_fish(st, 2, True)) == [
        "Sashimi X-Wing: 4 r2,r8 c3,c4 fr2c5 => r1c4<>4, r3c4<>4",
        "Sashimi X-Wing: 4 r2,r8 c3,c5 fr8c4 => r7c5<>4, r9c5<>4"]
    assert not list(finned_fish.finned_fish(st, 2, False))


def test_finned_swordfish():
    # 7 in r1 at c1,c5; r5 at c5,c9; r9 at c1,c9 and the fin r9c8 (box 9). Without the fin the three rows fill
    # c1,c5,c9; with it box 9 loses its other 7s: r7c9 and r8c9 lose 7 both ways.
    st = fish_rows(7, {1: "r1c1 r1c5", 5: "r5c5 r5c9", 9: "r9c1 r9c8 r9c9"})
    assert texts(finned_fish.finned_fish(st, 3, False)) == [
        "Finned Swordfish: 7 r1,r5,r9 c1,c5,c9 fr9c8 => r7c9<>7, r8c9<>7"]


def test_sashimi_swordfish():
    # As the finned one without r9c9. Fin r9c8: if false, r9=c1, r1=c5, r5=c9, so c9 loses its other 7s (r7c9, r8c9,
    # which box 9 loses if the fin is true). Fin r5c9 (box 6) with covers c1,c5,c8: if false, r5=c5, r1=c1, r9=c8,
    # so c8 loses its other 7s; if true box 6 does: r4c8, r6c8.
    st = fish_rows(7, {1: "r1c1 r1c5", 5: "r5c5 r5c9", 9: "r9c1 r9c8"})
    assert texts(finned_fish.finned_fish(st, 3, True)) == [
        "Sashimi Swordfish: 7 r1,r5,r9 c1,c5,c8 fr5c9 => r4c8<>7, r6c8<>7",
        "Sashimi Swordfish: 7 r1,r5,r9 c1,c5,c9 fr9c8 => r7c9<>7, r8c9<>7"]


def test_finned_jellyfish():
    # 7 in r1 at c2,c4; r3 at c4,c6; r5 at c6,c8; r7 at c2,c8 and the fin r7c9 (box 9): covers c2,c4,c6,c8, so c8's
    # other 7s in box 9 (r8c8, r9c8) go either way. (Read with fins r1c4, r3c4 the same rows make a sashimi fish.)
    st = fish_rows(7, {1: "r1c2 r1c4", 3: "r3c4 r3c6", 5: "r5c6 r5c8", 7: "r7c2 r7c8 r7c9"})
    assert texts(finned_fish.finned_fish(st, 4, False)) == [
        "Finned Jellyfish: 7 r1,r3,r5,r7 c2,c4,c6,c8 fr7c9 => r8c8<>7, r9c8<>7"]


def test_sashimi_jellyfish():
    # r7 without c8, three ways to read it (a fin false forces a chain around the rows; a fin true clears its box):
    # fin r7c9 false -> r7=c2, r1=c4, r3=c6, r5=c8: r8c8, r9c8 (c8, box 9) lose 7;
    # fin r5c8 false -> r5=c6, r3=c4, r1=c2, r7=c9: r4c9, r6c9 (c9, box 6) lose 7;
    # fins r1c4, r3c4 false -> r1=c2, r7=c9, r3=c6, r5=c8: r2c6 (c6, box 2) loses 7.
    st = fish_rows(7, {1: "r1c2 r1c4", 3: "r3c4 r3c6", 5: "r5c6 r5c8", 7: "r7c2 r7c9"})
    assert texts(finned_fish.finned_fish(st, 4, True)) == [
        "Sashimi Jellyfish: 7 r1,r3,r5,r7 c2,c4,c6,c8 fr7c9 => r8c8<>7, r9c8<>7",
        "Sashimi Jellyfish: 7 r1,r3,r5,r7 c2,c4,c6,c9 fr5c8 => r4c9<>7, r6c9<>7",
        "Sashimi Jellyfish: 7 r1,r3,r5,r7 c2,c6,c8,c9 fr1c4 fr3c4 => r2c6<>7"]


def test_finned_fish_in_columns_and_on_6x6():
    # The finned X-Wing of test_finned_x_wing turned a quarter: columns as base lines.
    st = blank()
    limit(st, 4, col(2), "r3c2 r5c2")
    limit(st, 4, col(8), "r3c8 r5c8 r6c8")
    assert texts(finned_fish.finned_fish(st, 2, False)) == [
        "Finned X-Wing: 4 c2,c8 r3,r5 fr6c8 => r5c7<>4, r5c9<>4"]
    # 6x6, boxes of 2 rows x 3 columns: 2 in r1 at c1,c4; r4 at c1,c4 and the fin r4c5 (box r3-4 c4-6): r3c4 loses 2.
    g6 = box_geometry(2, 3)
    st = fish_rows(2, {1: "r1c1 r1c4", 4: "r4c1 r4c4 r4c5"}, g6)
    assert texts(finned_fish.finned_fish(st, 2, False)) == ["Finned X-Wing: 2 r1,r4 c1,c4 fr4c5 => r3c4<>2"]


def test_fins_in_two_boxes_make_no_fish():
    # r8's extra 4s r8c6 (box 8) and r8c9 (box 9): no cell sees both fins, so no finned or sashimi fish of any size.
    st = fish_rows(4, {2: "r2c3 r2c5", 8: "r8c3 r8c5 r8c6 r8c9"})
    for k in (2, 3, 4):
        assert not list(finned_fish.finned_fish(st, k))
    assert not list(finned_fish.finned_fish(blank(), 2))


def test_finned_fish_one_search_is_all_six():
    # Without size or kind, one search yields what the six catalogue entries yield between them.
    grids, _, _ = parse_line_array((DATA / "puzzles3_magictour_top1465_first1000").read_bytes(), 9)
    states = [fish_rows(7, {1: "r1c2 r1c4", 3: "r3c4 r3c6", 5: "r5c6 r5c8", 7: "r7c2 r7c8 r7c9"})]
    states += [Candidates.from_grid(g, G9) for g in grids[:3]]
    for st in states:
        six = [s for k in (2, 3, 4) for kind in (False, True) for s in finned_fish.finned_fish(st, k, kind)]
        assert sorted(texts(finned_fish.finned_fish(st))) == sorted(texts(six))
        assert sorted(texts(finned_fish.finned_fish(st, 3))) == sorted(t for t in texts(six) if "Swordfish" in t)
    assert len(six) > 0


# ---- W-Wing and Remote Pair ----

def test_w_wing():
    # r1c1 and r5c5 hold only 1,2; 2 in r3 only at r3c1 (sees r1c1) and r3c5 (sees r5c5). If neither wing were 1
    # both would be 2, and r3 would have no 2 left; so one wing is 1 and r1c5 (seeing both) loses 1. (r5c1 sees both
    # wings too but holds no 1 here.)
    st = blank()
    hold(st, "r1c1 r5c5", (1, 2))
    limit(st, 2, row(3), "r3c1 r3c5")
    st.eliminate(cell("r5c1"), 1)
    steps = list(w_wing.w_wings(st))
    assert texts(steps) == ["W-Wing: 1/2 in r1c1,r5c5 connected by 2 in r3 => r1c5<>1"]
    assert steps[0].slug == "w-wing" and steps[0].eliminations == ((cell("r1c5"), 1),)
    assert {(link.cell1, link.cell2, link.strong) for link in steps[0].links} >= {
        (cell("r3c1"), cell("r3c5"), True), (cell("r1c1"), cell("r3c1"), False)}


def test_w_wing_needs_a_bridge():
    # The strong link's end r3c7 sees neither wing: no W-Wing.
    st = blank()
    hold(st, "r1c1 r5c5", (1, 2))
    limit(st, 2, row(3), "r3c1 r3c7")
    assert not list(w_wing.w_wings(st))


def test_remote_pair():
    # r1c1, r1c5, r6c5, r6c9 hold only 3,8, each seeing the next: they alternate, so r1c1 and r6c9 hold one 3 and
    # one 8, and r1c9 and r6c1, which see both, lose 3 and 8.
    st = blank()
    hold(st, "r1c1 r1c5 r6c5 r6c9", (3, 8))
    steps = list(w_wing.remote_pairs(st))
    assert texts(steps) == ["Remote Pair: 3/8 r1c1 -3- r1c5 -8- r6c5 -3- r6c9 => r1c9<>3, r1c9<>8, r6c1<>3, "
                            "r6c1<>8"]
    assert steps[0].cells == tuple(cells("r1c1 r1c5 r6c5 r6c9"))


def test_remote_pair_needs_four_cells():
    st = blank()
    hold(st, "r1c1 r1c5 r6c5", (3, 8))
    assert not list(w_wing.remote_pairs(st))


# ---- coloring ----

def test_simple_colors_trap():
    # 5 has two places in r1 (c1,c5), c5 (r1,r7) and r7 (c5,c2): colors r1c1,r7c5 / r1c5,r7c2, one of them true.
    # r2c2, r3c2 see r1c1 (box 1) and r7c2 (column 2); r8c1, r9c1 see r1c1 (column 1) and r7c2 (box 7): they lose 5
    # whichever color is true. (No cell outside the cluster sees r7c5 and r1c5, or r7c5 and r7c2.)
    st = blank()
    limit(st, 5, row(1), "r1c1 r1c5")
    limit(st, 5, col(5), "r1c5 r7c5")
    limit(st, 5, row(7), "r7c5 r7c2")
    steps = list(coloring.simple_colors(st))
    assert texts(steps) == [
        "Simple Colors Trap: 5 (r1c1,r7c5) / (r1c5,r7c2) => r2c2<>5, r3c2<>5, r8c1<>5, r9c1<>5"]
    assert steps[0].slug == "simple-colors" and len(steps[0].links) == 3


def test_simple_colors_wrap():
    # Add a conjugate pair in c2 (r3c2, r7c2): r3c2 takes r1c1's color, and both are in box 1, so that color is
    # false: r1c1, r3c2, r7c5 lose 5. The trap still works too: r3c4, r3c6 see r3c2 (row 3) and r1c5 (box 2), r8c1,
    # r9c1 still see r1c1 and r7c2 (r2c2 has lost its 5 to the new pair).
    st = blank()
    limit(st, 5, row(1), "r1c1 r1c5")
    limit(st, 5, col(5), "r1c5 r7c5")
    limit(st, 5, row(7), "r7c5 r7c2")
    limit(st, 5, col(2), "r3c2 r7c2")
    assert texts(coloring.simple_colors(st)) == [
        "Simple Colors Wrap: 5 (r1c1,r3c2,r7c5) / (r1c5,r7c2) => r1c1<>5, r3c2<>5, r7c5<>5",
        "Simple Colors Trap: 5 (r1c1,r3c2,r7c5) / (r1c5,r7c2) => r3c4<>5, r3c6<>5, r8c1<>5, r9c1<>5"]


def test_simple_colors_without_victims():
    st = blank()
    limit(st, 5, row(1), "r1c1 r1c5")
    assert not list(coloring.simple_colors(st))
    assert not list(coloring.multi_colors(st))


def test_multi_colors_type_1():
    # Clusters of 6: A = r1c1 / r1c5 (row 1), B = r2c2 / r8c2 (column 2). r1c1 sees r2c2, so they are not both
    # true: r1c5 or r8c2 is. r8c5 sees both and loses 6.
    st = blank()
    limit(st, 6, row(1), "r1c1 r1c5")
    limit(st, 6, col(2), "r2c2 r8c2")
    steps = list(coloring.multi_colors(st))
    assert texts(steps) == ["Multi Colors 1: 6 (r1c1) / (r1c5), (r2c2) / (r8c2) => r8c5<>6"]
    assert steps[0].slug == "multi-colors"
    assert not list(coloring.simple_colors(st))


def test_multi_colors_type_2():
    # A = r1c1,r8c4 / r1c4 (row 1, column 4), B = r2c2 / r8c2 (column 2). A's first color sees r2c2 (from r1c1) and
    # r8c2 (from r8c4), one of which is true: that color is false and r1c1, r8c4 lose 6. Type 1 reads the same
    # clusters: r1c1 sees r2c2, so r1c4 or r8c2 is true (r8c4 sees both); r8c4 sees r8c2, so r1c4 or r2c2 is true
    # (r1c1, r2c5, r2c6 see both).
    st = blank()
    limit(st, 6, row(1), "r1c1 r1c4")
    limit(st, 6, col(4), "r1c4 r8c4")
    limit(st, 6, col(2), "r2c2 r8c2")
    assert texts(coloring.multi_colors(st)) == [
        "Multi Colors 2: 6 (r1c1,r8c4) / (r1c4), (r2c2) / (r8c2) => r1c1<>6, r8c4<>6",
        "Multi Colors 1: 6 (r1c1,r8c4) / (r1c4), (r2c2) / (r8c2) => r1c1<>6, r2c5<>6, r2c6<>6, r8c4<>6"]


# ---- uniqueness ----

def rectangle(extra: dict[str, tuple] = ()) -> Candidates:
    """A blank grid with r1c1, r1c2, r4c1, r4c2 (boxes 1 and 4) holding 1,2, or 1,2 and the given extras."""
    st = blank()
    extra = dict(extra)
    for name in ("r1c1", "r1c2", "r4c1", "r4c2"):
        hold(st, name, (1, 2, *extra.get(name, ())))
    return st


def test_uniqueness_test_1():
    # r1c1, r1c2, r4c1 hold only 1,2: r4c2 = 1 or 2 would leave a swappable 1/2 rectangle.
    st = blank()
    hold(st, "r1c1 r1c2 r4c1", (1, 2))
    steps = list(uniqueness.uniqueness_tests(st))
    assert texts(steps) == ["Uniqueness Test 1: 1/2 in r1c1,r1c2,r4c1,r4c2 => r4c2<>1, r4c2<>2"]
    assert steps[0].slug == "uniqueness-test-1"


def test_uniqueness_test_2():
    # r4c1 and r4c2 hold 1,2,5: one of them is 5 (else the rectangle is deadly), so the rest of r4 and of box 4 lose 5.
    st = rectangle({"r4c1": (5,), "r4c2": (5,)})
    steps = list(uniqueness.uniqueness_tests(st))
    want = elims("r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9 r5c1 r5c2 r5c3 r6c1 r6c2 r6c3", (5,))
    assert [(s.slug, list(s.eliminations)) for s in steps] == [("uniqueness-test-2", want)]
    assert steps[0].explanation.startswith("Uniqueness Test 2: 1/2 in r1c1,r1c2,r4c1,r4c2 (extra 5) => r4c3<>5")


def test_uniqueness_test_3():
    # r4c1 (1,2,3) and r4c2 (1,2,4): one of them is 3 or 4, a pseudo cell 3,4; with r4c5 (3,4) a naked pair in r4,
    # so the rest of r4 loses 3 and 4.
    st = rectangle({"r4c1": (3,), "r4c2": (4,)})
    hold(st, "r4c5", (3, 4))
    steps = list(uniqueness.uniqueness_tests(st))
    assert [(s.slug, list(s.eliminations)) for s in steps] == [
        ("uniqueness-test-3", elims("r4c3 r4c4 r4c6 r4c7 r4c8 r4c9", (3, 4)))]
    assert "(naked set 3,4 in r4c1,r4c2,r4c5)" in steps[0].explanation


def test_uniqueness_test_4():
    # In r4 and box 4, 1 is only in r4c1, r4c2 (1,2,7 and 1,2,8): one of them is 1, so neither can be 2.
    st = rectangle({"r4c1": (7,), "r4c2": (8,)})
    limit(st, 1, row(4) + " " + box(range(4, 7), range(1, 4)), "r4c1 r4c2")
    assert texts(uniqueness.uniqueness_tests(st)) == [
        "Uniqueness Test 4: 1/2 in r1c1,r1c2,r4c1,r4c2 (1 only in r4c1,r4c2) => r4c1<>2, r4c2<>2"]


def test_uniqueness_test_4_as_hodoku_wants_both_houses():
    # 1 is locked in r4 but box 4 still has r5c3: HoDoKu asks that no cell seeing both extra cells holds 1.
    st = rectangle({"r4c1": (7,), "r4c2": (8,)})
    limit(st, 1, row(4) + " " + box(range(4, 7), range(1, 4)), "r4c1 r4c2 r5c3")
    assert not list(uniqueness.uniqueness_tests(st))


def test_uniqueness_test_5():
    # Diagonal r1c2, r4c1 hold 1,2,5: one is 5; the cells seeing both (r2c1, r3c1 in box 1; r5c2, r6c2 in box 4)
    # lose 5.
    st = rectangle({"r1c2": (5,), "r4c1": (5,)})
    assert [(s.slug, list(s.eliminations)) for s in uniqueness.uniqueness_tests(st)] == [
        ("uniqueness-test-5", elims("r2c1 r3c1 r5c2 r6c2", (5,)))]


def test_uniqueness_test_6():
    # Bivalue r1c1, r4c2; r1c2 (1,2,7), r4c1 (1,2,8); 1 in rows 1,4 and columns 1,2 only in the rectangle. A 1 in
    # r1c2 would put 1 in r4c1 too (rows/columns), and 2 in r1c1, r4c2: deadly. So r1c2, r4c1 lose 1.
    st = rectangle({"r1c2": (7,), "r4c1": (8,)})
    limit(st, 1, " ".join([row(1), row(4), col(1), col(2)]), "r1c1 r1c2 r4c1 r4c2")
    assert texts(uniqueness.uniqueness_tests(st)) == [
        "Uniqueness Test 6: 1/2 in r1c1,r1c2,r4c1,r4c2 (1 only in the rectangle) => r1c2<>1, r4c1<>1"]


def test_hidden_rectangle():
    # Only r1c1 holds just 1,2. In r4 and c2 (the opposite corner's lines) 1 is only in the rectangle. If r4c2 were 2,
    # r4's 1 would be r4c1 and c2's 1 r1c2, so r1c1 = 2: a deadly 2/1/1/2 rectangle. So r4c2 loses 2.
    st = rectangle({"r1c2": (3,), "r4c1": (4,), "r4c2": (5,)})
    limit(st, 1, row(4) + " " + col(2), "r1c2 r4c1 r4c2")
    steps = list(uniqueness.hidden_rectangles(st))
    assert texts(steps) == ["Hidden Rectangle: 1/2 in r1c1,r1c2,r4c1,r4c2 => r4c2<>2"]
    assert steps[0].slug == "hidden-rectangle"
    st = rectangle({"r1c2": (3,), "r4c1": (4,), "r4c2": (5,)})
    limit(st, 1, row(4) + " " + col(2), "r1c2 r4c1 r4c2 r4c7")  # r4 keeps another 1: nothing
    assert not list(uniqueness.hidden_rectangles(st))


def solved(grid_cells: dict[str, int], givens: str = "") -> Candidates:
    """A grid with these cells filled, none of them a given unless named in givens."""
    grid = np.zeros(81, np.int32)
    for name, v in grid_cells.items():
        grid[cell(name)] = v
    st = Candidates.from_grid(grid, G9)
    st.givens = sum(1 << c for c in cells(givens))
    return st


def test_avoidable_rectangle_type_1():
    # r1c1 = 9, r1c2 = 7, r4c1 = 7 were solved, not given: r4c2 = 9 would close a 9/7 rectangle of non-givens that
    # could be swapped. So r4c2 (3,9) loses 9.
    st = solved({"r1c1": 9, "r1c2": 7, "r4c1": 7})
    hold(st, "r4c2", (3, 9))
    steps = list(uniqueness.avoidable_rectangles(st))
    assert texts(steps) == ["Avoidable Rectangle Type 1: 9/7 in r1c1,r1c2,r4c1,r4c2 => r4c2<>9"]
    assert steps[0].slug == "avoidable-rectangle-type-1"
    st.givens = 1 << cell("r4c1")  # a given in the rectangle: no swap
    assert not list(uniqueness.avoidable_rectangles(st))


def test_avoidable_rectangle_type_2():
    # r1c1 = 9, r1c2 = 7 solved; r4c1 (5,7), r4c2 (5,9): without a 5 they close the rectangle, so one of them is 5
    # and the cells seeing both (rest of r4 and box 4) lose 5.
    st = solved({"r1c1": 9, "r1c2": 7})
    hold(st, "r4c1", (5, 7))
    hold(st, "r4c2", (5, 9))
    steps = list(uniqueness.avoidable_rectangles(st))
    want = elims("r4c3 r4c4 r4c5 r4c6 r4c7 r4c8 r4c9 r5c1 r5c2 r5c3 r6c1 r6c2 r6c3", (5,))
    assert [(s.slug, list(s.eliminations)) for s in steps] == [("avoidable-rectangle-type-2", want)]


def test_uniqueness_needs_plain_houses():
    # The Test 1 pattern on an X-Sudoku: a diagonal breaks the swap argument, so nothing.
    st = Candidates.from_grid(np.zeros(81, np.int32), build_variant(9, (3, 3), constraints=("x",)).geometry)
    hold(st, "r1c1 r1c2 r4c1", (1, 2))
    assert not list(uniqueness.uniqueness_tests(st))
    assert not list(uniqueness.hidden_rectangles(st))
    assert not list(uniqueness.uniqueness_tests(blank()))


# ---- the catalogue reaches every finder ----

SLUGS = ["finned-x-wing", "sashimi-x-wing", "finned-swordfish", "sashimi-swordfish", "finned-jellyfish",
         "sashimi-jellyfish", "w-wing", "remote-pair", "simple-colors", "multi-colors", "uniqueness-test-1",
         "uniqueness-test-2", "uniqueness-test-3", "uniqueness-test-4", "uniqueness-test-5", "uniqueness-test-6",
         "hidden-rectangle", "avoidable-rectangle-type-1", "avoidable-rectangle-type-2"]


@pytest.mark.parametrize("slug", SLUGS)
def test_catalogue_entries_resolve(slug):
    assert BY_ENTRY_SLUG[slug].finder() is not None


def test_catalogue_passes_the_finned_fish_arguments():
    st = fish_rows(4, {2: "r2c3 r2c5", 8: "r8c3 r8c4"})
    assert [s.slug for s in BY_ENTRY_SLUG["sashimi-x-wing"].steps(st)] == ["sashimi-x-wing"] * 2
    assert not list(BY_ENTRY_SLUG["finned-x-wing"].steps(st))


# ---- soundness: every elimination spares the solution ----

def patterns(state: Candidates, unique: bool = True) -> list[Step]:
    """Every step of this module's finders in a state (uniqueness only for a puzzle with one solution)."""
    found = list(finned_fish.finned_fish(state))  # every size, both kinds
    found += [*w_wing.w_wings(state), *w_wing.remote_pairs(state), *coloring.simple_colors(state),
              *coloring.multi_colors(state)]
    if unique:
        found += [*uniqueness.uniqueness_tests(state), *uniqueness.hidden_rectangles(state),
                  *uniqueness.avoidable_rectangles(state)]
    return found


def crossing_pairs(state: Candidates) -> list[tuple[int, int]]:
    """Pairs of houses (a, b) sharing two cells or more, neither inside the other: where candidates get locked."""
    masks = state.houses.masks
    return [(a, b) for a in range(len(masks)) for b in range(len(masks))
            if (masks[a] & masks[b]).bit_count() >= 2 and masks[a] & ~masks[b] and masks[b] & ~masks[a]]


def forced(state: Candidates, pairs: list) -> Step | None:
    """The walk's cheap progress: every naked and hidden single at once; failing those, every elimination of locked
    candidates (a digit whose places in house a all lie in house b leaves the rest of b)."""
    place = {c: m.bit_length() for c, m in enumerate(state.cand) if m and m & (m - 1) == 0}
    masks, where = state.houses.masks, state.where
    for mask in masks:
        for d in range(1, state.n + 1):
            pos = where[d] & mask
            if pos and pos & (pos - 1) == 0:
                place[pos.bit_length() - 1] = d
    if place:
        return Step("singles", "singles", placements=tuple(sorted(place.items())))
    gone = set()
    for a, b in pairs:
        for d in range(1, state.n + 1):
            pos = where[d] & masks[a]
            if pos and not pos & ~masks[b]:
                gone.update((c, d) for c in bits(where[d] & masks[b] & ~masks[a]))
    return Step("locked", "locked", eliminations=tuple(sorted(gone))) if gone else None


def walk(grid, geometry, solution, unique: bool = True, every: bool = False):
    """Solve with singles and locked candidates; where they stop (or at every state), check every pattern step
    against the solution; where they stop, make all the pattern steps' eliminations (or, with none, place a solution
    digit). Returns the slugs of the steps seen and the explanations of the wrong ones (an elimination of the
    solution's digit, or of a digit that is no candidate)."""
    state, seen, wrong = Candidates.from_grid(grid, geometry), [], []
    pairs = crossing_pairs(state)
    while not state.solved():
        nxt = forced(state, pairs)
        if nxt is None or every:
            found = patterns(state, unique)
            seen += [s.slug for s in found]
            wrong += [s.explanation for s in found for c, d in s.eliminations
                      if solution[c] == d or not state.has(c, d)]
            elim = tuple(sorted({e for s in found for e in s.eliminations}))
            if nxt is None:
                nxt = Step("patterns", "patterns", eliminations=elim) if elim else brute_force(state, solution)
        state.apply(nxt)
    return seen, wrong


SOUNDNESS = [("puzzles2_17_clue_first1000", 100), ("puzzles3_magictour_top1465_first1000", 50),
             ("puzzles5_forum_hardest_1905_11+_first1000", 25), ("puzzles6_forum_hardest_1106", 15)]


@pytest.mark.parametrize("name,count", SOUNDNESS)
def test_soundness_on_unique_puzzles(name, count):
    grids, _, _ = parse_line_array((DATA / name).read_bytes(), 9)
    solve, seen = engine("fast"), []
    for grid in grids[:count]:
        result = solve(grid, G9, 2)
        assert result.count == 1
        found, wrong = walk(grid, G9, result.solution)
        assert wrong == []
        seen += found
    assert len(seen) > count // 5  # the walk does reach these techniques


def test_soundness_on_other_geometries():
    # Minimal puzzles made here (a random solution, givens removed while it stays the only one) on 6x6, a jigsaw (the
    # HDU 4069 sample's regions) and 12x12 with 3x4 boxes, uniqueness included; X-Sudoku puzzles with several
    # solutions (uniqueness left out: any solution's digits must survive the other finders). Checked at every state.
    pf = read_puzzles((DATA.parent / "hdu4069" / "sample.in").read_text(), fmt="hdu4069")
    x_sudoku = build_variant(9, (3, 3), constraints=("x",)).geometry
    cases = [(box_geometry(2, 3), True, 20), (region_geometry(pf.entries[0].regions), True, 4),
             (box_geometry(3, 4), True, 1), (x_sudoku, False, 4)]
    rng = np.random.default_rng(7)
    for geometry, unique, count in cases:
        slugs = set()
        for _ in range(count):
            grid, solution = puzzle(rng, geometry, unique)
            found, wrong = walk(grid, geometry, solution, unique, every=True)
            assert wrong == []
            slugs.update(found)
        assert {"simple-colors", "multi-colors", "w-wing", "sashimi-x-wing", "finned-x-wing"} <= slugs
        assert any(slug.startswith("uniqueness-test") for slug in slugs) == unique


def puzzle(rng, geometry, unique: bool):
    """A random puzzle and its solution: minimal (givens removed while the solution stays the only one), or with
    unique=False a random quarter of the solution's cells."""
    from conftest import random_puzzle

    solution = random_puzzle(rng, geometry, 1.0)
    if not unique:
        return np.where(rng.random(geometry.ncells) < 0.25, solution, 0).astype(np.int32), solution
    grid, solve = solution.copy(), engine("fast")
    for c in rng.permutation(geometry.ncells):
        grid[c] = 0
        if solve(grid, geometry, 2).count > 1:
            grid[c] = solution[c]
    return grid, solution
