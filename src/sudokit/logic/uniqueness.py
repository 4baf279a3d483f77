"""Uniqueness (HoDoKu's Uniqueness Tests 1-6, Hidden Rectangle, Avoidable Rectangle types 1 and 2).

A rectangle of four cells in two rows, two columns and exactly two boxes (each box holding one side of it) must never
end up holding only two digits a and b: swapping them would give a second solution. The arguments hold only for a
puzzle with one solution and plain houses (rows, columns, boxes or jigsaw regions), so every finder yields nothing
unless `houses.plain`. Unique rectangles (four empty cells with a and b, at least one holding only them):
  Test 1: three cells hold only a, b: the fourth loses a and b.
  Test 2: two cells of one side have one extra digit z, the same: one of them is z; z leaves the cells seeing both.
  Test 5: as test 2 with the two extra cells diagonal, or three extra cells.
  Test 3: two extra cells in a house act as one cell holding their extra digits; with k-1 other cells of the house
          (holding neither a nor b) they make a naked set of k digits, which leave the rest of the house.
  Test 4: two extra cells of one side, and a has no place seeing both but them (HoDoKu's test, stricter than one
          house): both lose b.
  Test 6: two diagonal extra cells, and a has no other place in the rectangle's two rows and two columns: the extra
          cells lose a (a there would force a into the opposite corner too, and b into the other two).
  Hidden Rectangle: one bivalue corner (or two, diagonal); if a has no other place in the row and the column of the
          opposite corner, that corner loses b.
As in HoDoKu, a rectangle's cells need only *allow* a and b (no placed peer holds them): a candidate removed by an
earlier step does not save a rectangle, since a solution with the pattern would still have its twin.
Avoidable rectangles use solved cells that were not givens (a swap would still fit the givens): with a and b already
alternating in the solved corners,
  type 1: three corners solved: the fourth loses the digit that would complete the pattern;
  type 2: two corners solved, the other two hold their pattern digit and one extra digit z, the same: z leaves
          the cells that see both.
As in HoDoKu, two solved corners share a box, and an open corner holds two candidates (in type 1 too).

Speed (issue 9): up to N = 32 the rectangles of unique_rectangles come from one numba pass (kernels/rectangles.py,
same rectangles in the same order; unique_rectangles_python is the readable reference), and a numba screen says
whether avoidable_rectangles has any step before the Python search runs (tests/test_logic_fast.py compares both).
Then: the rectangles' screen (kernels/rectangles.ur_screen) runs Tests 1-6 and the Hidden Rectangle test in numba
and hands Python only the rectangles with a step: uniqueness_tests 34 -> 14 us and hidden_rectangles 24 -> 14 us a
HoDoKu path state at ER 5-7; the avoidable screen reads solved cells' rectangles only and the givens once per
puzzle: 22 -> 8 us.
"""

from __future__ import annotations

import threading
from functools import lru_cache

import numpy as np

from .candidates import Candidates, bits, digits_of
from .notation import cells_text, eliminate_digit, eliminate_mask, result_text
from .table import step

UT3_DIGITS = 8  # the largest naked set of a Test 3 (all a 9x9 house allows), to bound the search on big grids


def good_rectangle(state: Candidates, w: int, x: int, y: int, z: int) -> bool:
    """True if w,x (one line) and y,z (the parallel one, y under w) span two boxes, a box per side."""
    box = state.houses.box
    return box(w) == box(x) and box(y) == box(z) and box(w) != box(y) or \
        box(w) == box(y) and box(x) == box(z) and box(w) != box(x)


def rectangles(state: Candidates, w: int, x: int):
    """The other sides (y, z) of rectangles on the side w,x (a row or column pair), y under w and z under x."""
    n = state.n
    same_row = w // n == x // n
    for line in range(n):
        if line == (w // n if same_row else w % n):
            continue
        y, z = (line * n + w % n, line * n + x % n) if same_row else (w // n * n + line, x // n * n + line)
        if good_rectangle(state, w, x, y, z):
            yield y, z


def side_partners(state: Candidates, cell: int) -> list[int]:
    """The cells of cell's box that share its row or column."""
    h, n = state.houses, state.n
    return [c for c in h.cells[h.box(cell)] if c != cell and (c // n == cell // n or c % n == cell % n)]


def allowed(state: Candidates) -> list[int]:
    """Per cell, the digits no placed peer holds (0 for a filled cell): HoDoKu's test for rectangle cells, which
    keeps a rectangle whose cells lost a candidate to earlier steps (any solution with the pattern still has a twin).
    A pencilmark puzzle's own marks may forbid the twin, so there only the candidates count."""
    if state.marked:
        return list(state.cand)
    h, full = state.houses, (1 << state.n) - 1
    if h.plain:  # peers are the cell's three houses: a mask of placed digits per house, not a pass per placed cell
        values = state.values
        placed = [0] * len(h.cells)
        for u, cells in enumerate(h.cells):
            for c in cells:
                placed[u] |= 1 << values[c] >> 1
        return [0 if v else full & ~(placed[a] | placed[b] | placed[c])
                for v, (a, b, c) in zip(values, h.cell_houses)]
    out = [0 if v else full for v in state.values]
    for c, v in enumerate(state.values):
        if v:
            for p in bits(h.peers[c]):
                out[p] &= ~(1 << (v - 1))
    return out


@lru_cache(maxsize=16)
def _shapes(houses) -> tuple:
    """Per cell w: (x, the (y, z) of each rectangle on side w,x) for each side partner x - geometry alone, so once
    per geometry (the generator's HoDoKu paths rebuilt them 21,000 times in 10 extreme puzzles)."""
    state = Candidates(houses, [0] * houses.ncells, [0] * houses.ncells)
    return tuple(tuple((x, tuple(rectangles(state, w, x))) for x in side_partners(state, w))
                 for w in range(houses.ncells))


class _Tables:
    """The kernels' view of a geometry: every rectangle in the finders' order, each cell's houses, peers as a
    matrix, scratch (one set per thread), and the screens (an import inside a finder cost ~1-2 us a call)."""

    def __init__(self, h):
        from ..kernels.rectangles import avoidable_any, ur_screen

        self.ur_screen, self.avoidable_any = ur_screen, avoidable_any
        shapes = _shapes(h)
        self.rects = np.array([(w, x, y, z) for w in range(h.ncells) for x, others in shapes[w] for y, z in others],
                              np.int64).reshape(-1, 4)
        from .chains import _unit_cells, geometry_arrays
        from .forcing import tables

        self.cell_units, self.sees = tables(h)[0], geometry_arrays(h)[2]  # the geometry's, shared (read only)
        self.placed = np.zeros(len(h.cells), np.uint64)
        self.free = np.zeros(h.ncells, np.uint64)
        self.out = np.zeros((len(self.rects), 6), np.int64)
        self.wptr = np.searchsorted(self.rects[:, 0], np.arange(h.ncells + 1)).astype(np.int64)  # cell w's rects
        self.unit_cells, self.flags = _unit_cells(h), np.zeros(len(self.rects), np.int64)
        self.pool = np.zeros(h.n, np.int64)
        self.screened = (None, [])  # the last screened state's cand array (kept by Candidates.arrays) and rows
        self.given_set, self.given = -1, np.zeros(h.ncells, np.uint8)  # the givens of the last state screened


@lru_cache(maxsize=16)
def _tables(houses, thread: int) -> _Tables:
    """_Tables of a geometry, cached by geometry and thread (the kernels write the scratch)."""
    return _Tables(houses)


def unique_rectangles(state: Candidates):
    """Every rectangle of four empty cells allowing a and b, one of them holding only a and b: (w, x, y, z, a, b)."""
    if not state.houses.plain:
        return
    if state.n > 32:
        yield from unique_rectangles_python(state)
        return
    from ..kernels.rectangles import unique_rectangles as kernel

    t = _tables(state.houses, threading.get_ident())
    k = kernel(state.n, state.marked, *state.arrays(), t.rects,
               t.cell_units, t.placed, t.free, t.out)
    yield from map(tuple, t.out[:k].tolist())  # a copy, made before the first yield: a second search may reuse out


def unique_rectangles_python(state: Candidates):
    """unique_rectangles in Python: the reference of the numba pass (and its route above N = 32)."""
    if not state.houses.plain:
        return
    free, seen = allowed(state), set()
    shapes = _shapes(state.houses)
    for w in range(state.houses.ncells):
        m = state.cand[w]
        if m.bit_count() != 2:
            continue
        for x, others in shapes[w]:
            if free[x] & m != m:
                continue
            for y, z in others:
                key = frozenset((w, x, y, z))
                if free[y] & m == m and free[z] & m == m and key not in seen:
                    seen.add(key)
                    yield (w, x, y, z, *digits_of(m))


def screened_rectangles(state: Candidates, bit: int):
    """unique_rectangles with a step of uniqueness_tests (bit 1) or hidden_rectangles (bit 2): up to N = 32
    kernels/rectangles.ur_screen says which rectangles have one, so Python makes only their steps (it ran every
    test on each of ~5 rectangles of a HoDoKu path state, ~25 us, and few have a step); else all of them."""
    if not state.houses.plain:
        return
    if state.n > 32:
        yield from unique_rectangles_python(state)
        return
    t = _tables(state.houses, threading.get_ident())
    values, cand = state.arrays()
    if t.screened[0] is not cand:  # a path asks for both finders on one state: its kept arrays name it
        k = t.ur_screen(state.n, state.marked, values, cand, t.rects, t.cell_units, t.unit_cells, t.sees, t.placed,
                        t.free, t.out, t.flags, t.pool)
        t.screened = (cand, [(tuple(r), f) for r, f in zip(t.out[:k].tolist(), t.flags[:k].tolist())])
    yield from [r for r, f in t.screened[1] if f & bit]  # a copy: a second search may screen another state


def uniqueness_tests(state: Candidates):
    """Uniqueness Test 1-6 steps, rectangle by rectangle."""
    cand = state.cand
    for w, x, y, z, a, b in screened_rectangles(state, 1):
        rect = (w, x, y, z)
        both = 1 << (a - 1) | 1 << (b - 1)
        extra = [c for c in rect if cand[c] & ~both]
        k = len(extra)  # each test's own guard on len(extra), asked once: 5 generators a rectangle cost ~1/3 here
        if k == 1:
            yield from _ut1(state, rect, a, b, extra)
        elif k == 2:
            yield from _ut2(state, rect, a, b, extra)
            yield from _ut3(state, rect, a, b, extra)
            if _aligned(state, *extra):
                yield from _ut4(state, rect, a, b, extra)
            else:
                yield from _ut6(state, rect, a, b, extra)
        elif k == 3:
            yield from _ut2(state, rect, a, b, extra)


def _ur_step(state: Candidates, kind: int, rect, a: int, b: int, elim, note: str = ""):
    """A Uniqueness Test step."""
    n = state.n
    cells = sorted(rect)
    text = f"Uniqueness Test {kind}: {a}/{b} in {cells_text(cells, n)}{note} => {result_text(elim, (), n)}"
    return step(f"uniqueness-test-{kind}", text, digits=(a, b), cells=cells, eliminations=elim,
                pattern=[(c, d) for c in cells for d in (a, b) if state.has(c, d)])


def _aligned(state: Candidates, c1: int, c2: int) -> bool:
    """True if two cells share a row or a column."""
    n = state.n
    return c1 // n == c2 // n or c1 % n == c2 % n


def _ut1(state: Candidates, rect, a, b, extra):
    """Test 1: one cell with extra digits loses a and b."""
    if len(extra) != 1:  # (its eliminations were listed for every rectangle first: ~1/4 of uniqueness_tests)
        return
    elim = eliminate_mask(state, 1 << extra[0], 1 << (a - 1) | 1 << (b - 1))
    if elim:
        yield _ur_step(state, 1, rect, a, b, elim)


def _ut2(state: Candidates, rect, a, b, extra):
    """Tests 2 and 5: the extra cells share exactly one extra digit z, which leaves the cells seeing them all."""
    if len(extra) not in (2, 3):
        return
    both = 1 << (a - 1) | 1 << (b - 1)
    more = 0
    for c in extra:
        more |= state.cand[c] & ~both
    if more.bit_count() == 1:
        z = more.bit_length()
        cellset = sum(1 << c for c in extra)
        elim = eliminate_digit(state, state.houses.common_peers(cellset) & ~sum(1 << c for c in rect), z)
        kind = 2 if len(extra) == 2 and _aligned(state, *extra) else 5
        if elim:
            yield _ur_step(state, kind, rect, a, b, elim, f" (extra {z})")


def _shared_houses(state: Candidates, cells) -> list[int]:
    """The rows, columns and boxes that hold all of cells (rows and columns first)."""
    h = state.houses
    first = h.cell_houses[cells[0]][:3]
    common = [x for x in first if all(x in h.cell_houses[c][:3] for c in cells)]
    return sorted(common, key=lambda x: h.kinds[x] == "box")


def _ut3(state: Candidates, rect, a, b, extra):
    """Test 3: the two extra cells as one pseudo cell of a naked set in a house they share."""
    if len(extra) != 2:
        return
    both = 1 << (a - 1) | 1 << (b - 1)
    pseudo = (state.cand[extra[0]] | state.cand[extra[1]]) & ~both
    for house in _shared_houses(state, extra):
        pool = [c for c in state.houses.cells[house] if state.cand[c] and not state.cand[c] & both and c not in rect]
        groups = []
        _naked_groups(state.cand, pool, 0, [], pseudo, groups)
        for group in groups:
            yield from _ut3_set(state, rect, a, b, extra, house, group, pseudo)


def _naked_groups(cand, pool, start, group, union, out):
    """Collect the groups of pool cells (in order) that make a naked set with the pseudo cell: k cells, k+1 digits."""
    for i in range(start, len(pool)):
        grown = union | cand[pool[i]]
        if grown.bit_count() > UT3_DIGITS:
            continue
        group.append(pool[i])
        if grown.bit_count() == len(group) + 1:
            out.append(tuple(group))
        _naked_groups(cand, pool, i + 1, group, grown, out)
        group.pop()


def _ut3_set(state: Candidates, rect, a, b, extra, house, group, pseudo):
    """The Test 3 step of one naked set (pseudo cell + group), if it eliminates (a set in a line that lies in one
    box clears the box too)."""
    h, n = state.houses, state.n
    union = pseudo
    for c in group:
        union |= state.cand[c]
    members = sum(1 << c for c in (*extra, *group))
    if h.kinds[house] == "box" and any(members & ~h.masks[x] == 0 for x in h.cell_houses[extra[0]][1:3]):
        return  # the same set in a row or column was reported there
    area = h.masks[house]
    box = h.box(extra[0])
    if h.kinds[house] != "box" and members & ~h.masks[box] == 0:
        area |= h.masks[box]
    elim = eliminate_mask(state, area & ~members, union)
    if elim:
        note = f" (naked set {','.join(map(str, digits_of(union)))} in {cells_text(members, n)})"
        yield _ur_step(state, 3, rect, a, b, elim, note)


def _ut4(state: Candidates, rect, a, b, extra):
    """Test 4: one UR digit has no place seeing both extra cells but them: the other digit leaves both."""
    if len(extra) != 2 or not _aligned(state, *extra):
        return
    pair = 1 << extra[0] | 1 << extra[1]
    near = state.houses.common_peers(pair)
    for lock, gone in ((a, b), (b, a)):
        elim = eliminate_digit(state, pair, gone)
        if not state.where[lock] & near and state.where[lock] & pair and elim:
            yield _ur_step(state, 4, rect, a, b, elim, f" ({lock} only in {cells_text(pair, state.n)})")
            return


def _ut6(state: Candidates, rect, a, b, extra):
    """Test 6: diagonal extra cells, one UR digit found in the rectangle's rows and columns only in the rectangle."""
    if len(extra) != 2 or _aligned(state, *extra):
        return
    h = state.houses
    lines = 0
    for c in extra:
        lines |= h.masks[h.row(c)] | h.masks[h.col(c)]
    lines &= ~sum(1 << c for c in rect)
    for d in (a, b):
        elim = eliminate_digit(state, sum(1 << c for c in extra), d)
        if not state.where[d] & lines and elim:
            yield _ur_step(state, 6, rect, a, b, elim, f" ({d} only in the rectangle)")
            return


def hidden_rectangles(state: Candidates):
    """Hidden Rectangle steps: from a bivalue corner, a UR digit locked in the opposite corner's row and column."""
    for w, x, y, z, a, b in screened_rectangles(state, 2):
        rect = (w, x, y, z)
        both = 1 << (a - 1) | 1 << (b - 1)
        two = [c for c in rect if not state.cand[c] & ~both]
        if len(two) == 1 or len(two) == 2 and not _aligned(state, *two):
            for corner in two:
                yield from _hr_steps(state, rect, corner, a, b)


def _hr_steps(state: Candidates, rect, corner: int, a: int, b: int):
    """The corner's opposite cell loses b when a has no place in its row and column outside the rectangle."""
    h, n = state.houses, state.n
    far = next(c for c in rect if c // n != corner // n and c % n != corner % n)
    lines = (h.masks[h.row(far)] | h.masks[h.col(far)]) & ~sum(1 << c for c in rect)
    for lock, gone in ((a, b), (b, a)):
        if not state.where[lock] & lines and state.has(far, gone):
            cells = sorted(rect)
            text = f"Hidden Rectangle: {a}/{b} in {cells_text(cells, n)} => {result_text([(far, gone)], (), n)}"
            yield step("hidden-rectangle", text, digits=(a, b), cells=cells, eliminations=[(far, gone)],
                       pattern=[(c, d) for c in cells for d in (a, b) if state.has(c, d)])


def avoidable_rectangles(state: Candidates):
    """Avoidable Rectangle type 1 and 2 steps (not on pencilmark puzzles, whose marks may forbid the twin)."""
    if not state.houses.plain or state.marked or state.n <= 32 and not _may_avoid(state):
        return iter(())
    return avoidable_rectangles_python(state)


def avoidable_rectangles_python(state: Candidates):
    """avoidable_rectangles without the numba screen (its reference)."""
    if not state.houses.plain or state.marked:
        return
    seen = set()
    for w, x, y, z in _solved_sides(state):
        key = frozenset((w, x, y, z))
        if key not in seen:
            seen.add(key)
            yield from _ar_steps(state, w, x, y, z)


def _may_avoid(state: Candidates) -> bool:
    """The numba screen of kernels/rectangles.py: False if avoidable_rectangles has no step."""
    t, ncells = _tables(state.houses, threading.get_ident()), state.houses.ncells
    if t.given_set != state.givens:  # one puzzle's states share their givens: unpacked once
        t.given[:] = np.unpackbits(np.frombuffer(state.givens.to_bytes((ncells + 7) // 8, "little"), np.uint8),
                                   bitorder="little")[:ncells]
        t.given_set = state.givens
    return t.avoidable_any(*state.arrays(), t.given, t.sees, t.rects, t.wptr)


def _free(state: Candidates, cell: int) -> bool:
    """True if a cell was solved on the way, not given."""
    return bool(state.values[cell]) and not state.givens >> cell & 1


def _solved_sides(state: Candidates):
    """Rectangles (w, x, y, z) whose side w,x (in one box) is two solved non-given cells holding different digits."""
    values = state.values
    shapes = _shapes(state.houses)
    for w in range(state.houses.ncells):
        if not _free(state, w):
            continue
        for x, others in shapes[w]:
            if _free(state, x) and values[x] != values[w]:
                for y, z in others:
                    yield w, x, y, z


def _ar_steps(state: Candidates, w, x, y, z):
    """The Avoidable Rectangle step of w,x solved (a, b) and y under w, z under x (which would complete b, a)."""
    n, a, b = state.n, state.values[w], state.values[x]
    want = {y: b, z: a}
    open_ = _ar_open(state, want)
    found = _ar_type1(state, open_, want) or _ar_type2(state, open_, want) if open_ else None
    if found:
        kind, elim = found
        rect = sorted((w, x, y, z))
        text = f"Avoidable Rectangle Type {kind}: {a}/{b} in {cells_text(rect, n)} => {result_text(elim, (), n)}"
        yield step(f"avoidable-rectangle-type-{kind}", text, digits=(a, b), cells=rect, eliminations=elim,
                   pattern=[(c, want[c]) for c in open_])


def _ar_open(state: Candidates, want: dict[int, int]) -> list[int] | None:
    """The open far corners (two candidates, one the digit that completes the pattern), or None if a far corner is
    a given, holds another digit or lacks the completing digit."""
    open_ = []
    for c, d in want.items():
        if state.values[c]:
            if state.values[c] != d or not _free(state, c):
                return None
        elif state.has(c, d) and state.count(c) == 2:
            open_.append(c)
        else:
            return None
    return open_


def _ar_type1(state: Candidates, open_, want):
    """Type 1: one open corner loses the completing digit."""
    return (1, [(open_[0], want[open_[0]])]) if len(open_) == 1 else None


def _ar_type2(state: Candidates, open_, want):
    """Type 2: two open corners whose other candidate is the same z: z leaves the cells seeing both."""
    others = {state.cand[c] & ~(1 << (want[c] - 1)) for c in open_}
    if len(open_) != 2 or len(others) != 1:
        return None
    z = others.pop().bit_length()
    elim = eliminate_digit(state, state.houses.common_peers(1 << open_[0] | 1 << open_[1]), z)
    return (2, elim) if elim else None


def bug_plus_1_steps(state: Candidates):
    """unique_loops.bug_steps for HoDoKu's BUG+1 entry (path._PENDING), which takes only a bug-plus-1 step: that
    needs every empty cell but one bivalue (its BUG values are one cell's; without them every empty cell is
    bivalue), so a state with two other empty cells yields nothing here without the search (~5% of a HoDoKu
    rating below ER 5). Tried and dropped: the count in numba, 1.5 -> 1.4 us a path state (the loop mostly stops
    early, at the second such cell; the entry's ~5 us is the path's machinery)."""
    from .unique_loops import bug_steps

    odd = 0
    for v, m in zip(state.values, state.cand):
        if not v and m.bit_count() != 2:
            odd += 1
            if odd > 1:
                return iter(())
    return bug_steps(state)
