"""Uniqueness, as Sudoku Explainer reasons about it (valid only for a puzzle with one solution and plain houses).

Unique loop: a closed path of cells (4, 6, 8, ...) all holding the same two digits, each step inside a house, that
visits every house it touches exactly twice, once from an odd and once from an even position. If only those two
digits were left the two could be swapped, so the extra candidates of the loop cells must keep a place:
  type 1, one extra cell: the two digits leave it;
  type 2, the extra cells share one extra digit: it leaves every cell that sees them all;
  type 3, two extra cells in a house: their extra digits act as one cell of a naked (or hidden) set;
  type 4, two extra cells in a house where one loop digit has no other place: the other digit leaves both.
Prices: 4.5 (rectangle), 4.6 / 4.7 / 5.0 for loops of 6 / 8 / 10+ cells; type 3 +0.1 per extra set cell.

BUG (bivalue universal grave): when removing a few "BUG values" leaves every empty cell with two candidates and
every digit twice in every house, one of the BUG values is true. Types 1-4 as in SE; 5.6 / 5.7 / 5.7+ / 5.7.

Speed record (issue 9): SE's choice (easiest_unique_loop) ran at ~1 call per puzzle below ER 7 and cost 684 us a call
on captured rating states. Now: steps are _Pending until chosen (explanations only for the winner), type 3 stops at
the sizes whose cheapest step (a hidden set) already costs more than the best so far, and naked-set pools drop cells
whose digits with the extra ones exceed the size (colex order survives removing items), the kernel's out-buffers are
kept per thread: 684 -> 400 -> 328 us a call (.scratch ul.py, same steps: tests/test_logic_fast.py compares the choice
with the minimum over every instance). _is_grave counts places from `where` minus the BUG values: _bug_cells 68 -> 58
us. Left: ~18 loops a call still go through _loop_steps in Python; a kernel for types 1-4 is the next step.
sechains: type 3's hidden sets read each digit's places once and leave out digits in no set (see _type3_hidden):
the 340 calls of SE's walk over the 40 puzzles of ER 5-9.3 of benchmarks/rate.py 31.4 -> 27.7 ms (best of 7).
ulk: the choice is kernels/loops.easiest_loop (which steps exist and their keys, numba), Python builds only the
chosen loop's steps up to the chosen one; kernels/cascade.walk runs it as a screen, so SE's walk comes back to
Python only for the 19 of 349 calls that find a step. The 9 calls of ER < 5: 3.9 -> 0.6 ms; SE's scale on
rate.py's samples (/tmp bench, best of 5) ER < 5 1970 -> 2515/s, 5-9.3 86 -> 90/s.
"""

from __future__ import annotations

from .candidates import Candidates, bits, digits_of
from .notation import cells_text, eliminate_digit, eliminate_mask, result_text
from .subsets import combos
from .table import step


def _walk(state: Candidates, start: int, v1: int, v2: int):
    """Every loop through start of cells holding v1 and v2 (at most two with extras, or extras of one digit),
    as the readable reference of kernels/loops.py."""
    h, cand = state.houses, state.cand
    both = (1 << (v1 - 1)) | (1 << (v2 - 1))
    loop = [start]

    def walk(cell, allowed, extra, last_kind):
        for kind_index, house in enumerate(h.cell_houses[cell][:3]):
            if kind_index == last_kind:
                continue
            for nxt in h.cells[house]:
                if nxt == loop[0] and len(loop) >= 4:
                    yield list(loop)
                elif nxt not in loop and cand[nxt] & both == both:
                    more = extra | (cand[nxt] & ~both)
                    card = cand[nxt].bit_count()
                    if card == 2 or more.bit_count() == 1 or allowed > 0:
                        loop.append(nxt)
                        yield from walk(nxt, allowed - (card > 2), more, kind_index)
                        loop.pop()

    yield from walk(start, 2, 0, -1)


def _valid(state: Candidates, loop: list[int]) -> bool:
    """SE's test: each house is visited at most once from odd and once from even positions, and by both."""
    odd, even = set(), set()
    for i, c in enumerate(loop):
        seen = odd if i % 2 else even
        for house in state.houses.cell_houses[c][:3]:
            if house in seen:
                return False
            seen.add(house)
    return odd == even


def valid_loops(state: Candidates, fast: bool = True):
    """(loop cells, v1, v2) of every valid loop, in the walk's order (numba when fast, else the Python walk)."""
    if fast and state.n <= 32:
        import numpy as np

        from ..kernels.loops import unique_loops as kernel
        from .forcing import tables

        from .rating import fast_tables

        geo, fast = tables(state.houses), fast_tables(state.houses)
        # buffers kept per thread (a fresh 2.6 MB one cost page faults on every call); the kernel writes the rows it
        # reports, and they are copied out before the first yield, so a nested call cannot overwrite them
        cells = fast.buffer("loop cells", (4096, state.houses.ncells), np.int64)
        lengths = fast.buffer("loop lengths", (4096,), np.int64)
        digits = fast.buffer("loop digits", (4096, 2), np.int64)
        k = kernel(state.n, np.array(state.cand, np.uint64), geo[0], geo[1], cells, lengths, digits)
        found = [(cells[i, :lengths[i]].tolist(), *digits[i].tolist()) for i in range(k)]
        yield from found
        return
    for start in range(state.houses.ncells):
        if state.cand[start].bit_count() == 2:
            v1, v2 = digits_of(state.cand[start])
            for loop in _walk(state, start, v1, v2):
                if _valid(state, loop):
                    yield loop, v1, v2


def _loop_price(size: int) -> float:
    """SE's price of a unique loop of size cells."""
    return 4.5 + (0.5 if size >= 10 else 0.2 if size >= 8 else 0.1 if size >= 6 else 0.0)


def unique_loops(state: Candidates):
    """Unique rectangle / loop steps of types 1-4 (every one; SE takes the cheapest)."""
    seen = set()
    for kind, found in typed_unique_loops(state):
        key = (found.slug, found.cells, found.eliminations)
        if key not in seen:
            seen.add(key)
            yield found


def typed_unique_loops(state: Candidates):
    """(type, step) for every unique rectangle / loop step, in SE's order."""
    if not state.houses.plain:
        return
    for loop, v1, v2 in valid_loops(state):
        yield from _loop_steps(state, loop, v1, v2)


class _Loop:
    """What the steps of one loop share: its cells, digits, price and names."""

    def __init__(self, state: Candidates, loop, v1, v2, lazy: bool = False):
        self.n = state.n
        self.cells, self.v1, self.v2 = loop, v1, v2
        self.both = (1 << (v1 - 1)) | (1 << (v2 - 1))
        self.price = _loop_price(len(loop))
        self.lazy = lazy

    def step(self, kind: int, what, elim, se: float, digits=None):
        """A step of this loop of type kind (what: a function giving the explanation's tail); lazily a _Pending."""
        pending = _Pending(self, kind, what, elim, round(se, 1), digits)
        return kind, (pending if self.lazy else pending.make())


class _Pending:
    """A unique loop step before its Step and explanation are made: easiest_unique_loop weighs hundreds of them
    and keeps one, and the text (cell names, elimination lists) cost more than the search (2.5x on ER < 5)."""

    __slots__ = ("loop", "kind", "what", "elim", "se", "digits")

    def __init__(self, loop: _Loop, kind: int, what, elim, se: float, digits):
        self.loop, self.kind, self.what, self.elim, self.se, self.digits = loop, kind, what, elim, se, digits

    def make(self):
        """The Step."""
        lp, kind = self.loop, self.kind
        size = len(lp.cells)
        name = "Unique Rectangle" if size == 4 else f"Unique Loop ({size} cells)"
        slug = "uniqueness-test-{}" if size == 4 else "unique-loop"
        where = f"{cells_text(lp.cells, lp.n)} on {lp.v1},{lp.v2}"
        return step(slug.format(kind), f"{name} type {kind}: {where}{self.what()}", se=self.se,
                    digits=self.digits or (lp.v1, lp.v2), cells=lp.cells, eliminations=self.elim)


def _loop_steps(state: Candidates, loop, v1, v2, beat=None, lazy: bool = False):
    """The steps a valid loop gives, as SE makes them: type 1, or type 2, or types 3 then type 4. With beat (a
    one-item list holding the (price, type) to beat, or None), type 3 is skipped when it cannot beat it: its steps
    cost at least the loop's price. Lazy: _Pending steps (see _Pending.make)."""
    n, cand = state.n, state.cand
    lp = _Loop(state, loop, v1, v2, lazy)
    extras = [c for c in loop if cand[c].bit_count() > 2]
    if len(extras) == 1:
        elim = [(extras[0], v1), (extras[0], v2)]
        yield lp.step(1, lambda: f" => {result_text(elim, (), n)}", elim, lp.price)
        return
    extra_mask = 0
    for c in extras:
        extra_mask |= cand[c] & ~lp.both
    if len(extras) > 2 or (len(extras) == 2 and extra_mask.bit_count() == 1):
        yield from _type2(state, lp, extras, extra_mask)
    if len(extras) == 2:
        if extra_mask.bit_count() >= 2 and (not beat or beat[0] is None or (lp.price, 3) < beat[0]):
            yield from _type3(state, lp, *extras, extra_mask, beat)
        yield from _type4(state, lp, *extras)


def _type2(state: Candidates, lp: _Loop, extras, extra_mask):
    """Type 2: the extra cells share one extra digit, which leaves every cell that sees them all."""
    z = extra_mask.bit_length()
    elim = eliminate_digit(state, state.houses.common_peers(sum(1 << c for c in extras)), z)
    if elim:
        yield lp.step(2, lambda: f", extra {z} => {result_text(elim, (), state.n)}", elim, lp.price,
                      (lp.v1, lp.v2, z))


def _shared(state: Candidates, a: int, b: int) -> list[int]:
    """The box, row and column (in that order) holding both cells."""
    return [x for x in state.houses.cell_houses[a][:3] if x in state.houses.cell_houses[b][:3]]


def _type3(state: Candidates, lp: _Loop, a: int, b: int, extra: int, beat=None):
    """Type 3, in SE's order: set sizes 2..7, each house of a and b, a naked set (a's extra digits as one of its
    cells) then a hidden set (the loop digits and others, without b). With beat (as _loop_steps), the sizes stop
    where even a hidden set, the cheaper, would cost more than the price to beat."""
    h, values = state.houses, state.values
    shared = [(house, sum(1 for c in h.cells[house] if not values[c])) for house in _shared(state, a, b)]
    for degree in range(2, 8):
        if beat and beat[0] is not None and round(lp.price + (degree - 2) * 0.1, 1) > beat[0][0]:
            return
        for house, empty in shared:
            if 2 * degree <= empty and degree >= extra.bit_count():
                yield from _type3_naked(state, lp, a, b, extra, house, degree)
            if 2 * degree < empty:
                yield from _type3_hidden(state, lp, a, b, extra, house, degree)


def _type3_naked(state: Candidates, lp: _Loop, a, b, extra, house, degree):
    """Naked sets of `degree` cells of the house: a (as its extra digits) and degree - 1 others, not b (SE walks
    all degree-subsets of the house with a and without b; leaving a out keeps their order, and cells with fewer
    than two candidates never make a naked set)."""
    n, h, cand = state.n, state.houses, state.cand
    # cells whose candidates with a's extra digits exceed `degree` never belong to a set: leaving them out keeps
    # the order of the sets that remain (colex order survives removing items)
    pool = [c for c in h.cells[house] if c not in (a, b) and 2 <= cand[c].bit_count()
            and (cand[c] | extra).bit_count() <= degree]
    for others in combos(degree - 1, pool):
        union = extra & cand[a] & cand[b]
        for c in others:
            union |= cand[c]
        tuple_union = extra
        for c in others:
            tuple_union |= cand[c]
        if union.bit_count() != degree or tuple_union.bit_count() != degree:
            continue
        elim = _naked_victims(state, [*others, a, b], tuple_union)
        if elim:
            def text(others=others, tuple_union=tuple_union, elim=elim):
                return (f", naked set {','.join(map(str, digits_of(tuple_union)))} with {cells_text(others, n)} => "
                        f"{result_text(elim, (), n)}")
            yield lp.step(3, text, elim, lp.price + (degree - 1) * 0.1, digits_of(tuple_union))


def _naked_victims(state: Candidates, cells, digits: int):
    """SE's generalised naked-set eliminations: each digit leaves the cells that see all set cells holding it."""
    out = []
    for d in digits_of(digits):
        holders = sum(1 << c for c in cells if state.has(c, d))
        out += eliminate_digit(state, state.houses.common_peers(holders), d)
    return sorted(set(out))


def _type3_hidden(state: Candidates, lp: _Loop, a, b, extra, house, degree):
    """Hidden sets: the loop digits and degree - 2 others fit exactly `degree` cells of the house without b.
    Each digit's places are read once; digits without a place, or whose places with the loop digits' exceed
    `degree`, are in no set and are left out of the choices (colex order survives removing items)."""
    n = state.n
    out = ~(1 << b)
    base = state.positions(house, lp.v1) & out
    other = state.positions(house, lp.v2) & out
    if not base or not other:
        return
    base |= other
    if base.bit_count() > degree:
        return  # every set holds the loop digits: none has `degree` cells
    pos = {}
    for d in range(1, n + 1) if degree > 2 else ():
        if d not in (lp.v1, lp.v2) and not extra >> (d - 1) & 1:
            p = state.positions(house, d) & out
            if p and (p | base).bit_count() <= degree:
                pos[d] = p
    others = list(pos)
    if degree - 2 > len(others):
        return
    for chosen in combos(degree - 2, others) if degree > 2 else [[]]:
        ds = [*chosen, lp.v1, lp.v2]
        union = base
        for d in chosen:
            union |= pos[d]
        if union.bit_count() != degree:
            continue
        keep = sum(1 << (d - 1) for d in ds)
        elim = eliminate_mask(state, union & ~(1 << a), ~keep)
        if elim:
            def text(ds=ds, union=union, elim=elim):
                return (f", hidden set {','.join(map(str, sorted(ds)))} in {cells_text(union, n)} => "
                        f"{result_text(elim, (), n)}")
            # SE prices the hidden cells other than the loop's own: degree - 2 of them past the first
            yield lp.step(3, text, elim, lp.price + (degree - 2) * 0.1, sorted(ds))


def _type4(state: Candidates, lp: _Loop, a: int, b: int):
    """Type 4: a loop digit with no other place in a house of a and b (v1 first): the other digit leaves both."""
    houses = _shared(state, a, b)
    for lock, rem in ((lp.v1, lp.v2), (lp.v2, lp.v1)):
        for house in houses:
            if state.positions(house, lock) & ~((1 << a) | (1 << b)) == 0:
                elim = [(a, rem), (b, rem)]
                def text(lock=lock, house=house, elim=elim):
                    return f", {lock} locked in {state.houses.name(house)} => {result_text(elim, (), state.n)}"
                yield lp.step(4, text, elim, lp.price)
                return


def easiest_unique_loop(state: Candidates, fast: bool = True):
    """SE's UniqueLoops choice: the lowest price, then the lowest type, then the first found (kernels/loops.
    easiest_loop picks the loop and the step's key when fast, Python builds only that step; else the search below,
    its readable reference)."""
    if not state.houses.plain:
        return None
    if fast and state.n <= 32:
        return _easiest_fast(state)
    best = None
    beat = [None]  # best's key, which _loop_steps reads to skip type 3 searches that cannot win (~half the time)
    for loop, v1, v2 in valid_loops(state):
        if best is not None and _loop_price(len(loop)) > best[0][0]:
            continue  # every step of a loop costs at least the loop's price: this one cannot win
        for kind, found in _loop_steps(state, loop, v1, v2, beat, lazy=True):
            if best is None or (found.se, kind) < best[0]:
                best = ((found.se, kind), found)
                beat[0] = best[0]
        if best[0] == (_loop_price(4), 1) if best else False:
            break  # the cheapest price and the lowest type: nothing found later can beat it
    return best[1].make() if best else None


def _easiest_fast(state: Candidates):
    """easiest_unique_loop through kernels/loops.easiest_loop: the loop and (price, type) of SE's choice; the
    first step of that loop with that key is the one the search above keeps (no earlier step is cheaper)."""
    import numpy as np

    from ..kernels.loops import easiest_loop
    from .forcing import tables
    from .rating import fast_tables

    geo, fast = tables(state.houses), fast_tables(state.houses)
    cells = fast.buffer("loop cells", (4096, state.houses.ncells), np.int64)
    lengths = fast.buffer("loop lengths", (4096,), np.int64)
    digits = fast.buffer("loop digits", (4096, 2), np.int64)
    best = np.zeros(3, np.int64)
    if not easiest_loop(state.n, np.array(state.values, np.int64), np.array(state.cand, np.uint64), geo[0], geo[1],
                        fast.sees, geo[4], geo[5], cells, lengths, digits, best):
        return None
    i, key = int(best[0]), (int(best[1]), int(best[2]))
    loop, (v1, v2) = cells[i, :lengths[i]].tolist(), digits[i].tolist()
    for kind, found in _loop_steps(state, loop, v1, v2, lazy=True):
        if (int(round(found.se * 10)), kind) == key:
            return found.make()
    raise AssertionError("kernels/loops.easiest_loop chose a step the loop does not give")


def bug(state: Candidates, fast: bool = True):
    """The BUG step (types 1-4), or None; the BUG cells and values found as SE (with lkSudoku's fix) finds them
    (kernels/loops.bug_cells when fast, else _bug_cells, its readable reference)."""
    if not state.houses.plain:
        return None
    found = _bug_cells_fast(state) if fast and state.n <= 32 else _bug_cells(state)
    return _bug_step(state, found) if found else None


def _bug_cells_fast(state: Candidates) -> dict[int, int] | None:
    """_bug_cells through kernels/loops.bug_cells (~0.5 ms of Python a call in SE's walk at ER 5-9.3)."""
    import numpy as np

    from ..kernels.loops import bug_cells
    from .forcing import tables
    from .rating import fast_tables

    geo, fast = tables(state.houses), fast_tables(state.houses)
    cells = fast.buffer("bug cells", (state.houses.ncells,), np.int64)
    masks = fast.buffer("bug masks", (state.houses.ncells,), np.uint64)
    k = bug_cells(state.n, np.array(state.values, np.int64), np.array(state.cand, np.uint64), geo[1], fast.peers,
                  cells, masks)
    return {int(cells[i]): int(masks[i]) for i in range(k)} or None


def _bug_cells(state: Candidates) -> dict[int, int] | None:
    """SE's BUG cells and their BUG values (a candidate mask each), or None when the grid is no BUG."""
    n, cand = state.n, state.cand
    bug_values: dict[int, int] = {}
    rest = list(cand)
    common = None
    extra_cells, only, one_value = None, 0, True
    fat_cells = 0  # the cells with 3+ candidates, once (not a count per house, digit and place)
    for c, m in enumerate(cand):
        if m.bit_count() >= 3:
            fat_cells |= 1 << c
    masks, where = state.houses.masks, state.where
    for house in [*range(2 * n, 3 * n), *range(n), *range(n, 2 * n)]:
        for d in range(1, n + 1):
            pos = where[d] & masks[house]
            if pos.bit_count() in (0, 2):
                continue
            if not pos & fat_cells:
                return None
            fat = list(bits(pos & fat_cells))
            if extra_cells is None:
                extra_cells, only = list(fat), d
            elif one_value:
                if only == d:
                    extra_cells += [c for c in fat if c not in extra_cells]
                else:
                    one_value = False
            if len(fat) == 1:
                common = _add_bug(state, bug_values, rest, fat[0], d, common)
                if common is False:
                    return None
    if one_value and extra_cells and len(extra_cells) > len(bug_values):
        for c in extra_cells:
            if c not in bug_values:
                common = _add_bug(state, bug_values, rest, c, only, common)
                if common is False:
                    return None
    return bug_values if bug_values and _is_grave(state, rest) else None


def _add_bug(state, bug_values, rest, cell, d, common):
    """Record BUG value d of cell; the cells seeing every BUG cell, or False when SE gives up (no common cell
    for several cells with several values)."""
    bug_values[cell] = bug_values.get(cell, 0) | 1 << (d - 1)
    rest[cell] &= ~(1 << (d - 1))
    common = state.houses.peers[cell] if common is None else common & state.houses.peers[cell]
    for c in bug_values:
        common &= ~(1 << c)
    allv = 0
    for m in bug_values.values():
        allv |= m
    if len(bug_values) > 1 and allv.bit_count() > 1 and not common:
        return False
    return common


def _is_grave(state: Candidates, rest) -> bool:
    """True if, without the BUG values, every empty cell is bivalue and every digit has 0 or 2 places a house."""
    n, h = state.n, state.houses
    if any(v == 0 and m.bit_count() != 2 for v, m in zip(state.values, rest)):
        return False
    where = state.where[:]  # rest differs from cand only at the BUG cells: their digits' places, as cell sets
    for c, m in enumerate(rest):
        for b in bits(state.cand[c] & ~m):
            where[b + 1] &= ~(1 << c)
    for mask in h.masks[:3 * n]:
        for d in range(1, n + 1):
            if (where[d] & mask).bit_count() not in (0, 2):
                return False
    return True


def _bug_step(state: Candidates, bug_values: dict[int, int]):
    """The BUG step for the cells that hold BUG values (SE's order: type 1, type 2, type 4, type 3)."""
    n, h, cand = state.n, state.houses, state.cand
    cells = list(bug_values)
    allv = 0
    for m in bug_values.values():
        allv |= m
    if len(cells) == 1:
        c = cells[0]
        elim = [(c, d) for d in digits_of(cand[c] & ~allv)]
        if elim:
            return step("bug-plus-1", f"BUG+1: {cells_text(cells, n)} must be {','.join(map(str, digits_of(allv)))}"
                        f" => {result_text(elim, (), n)}", digits=digits_of(allv), cells=cells, eliminations=elim)
        return None
    common = h.common_peers(sum(1 << c for c in cells))
    if allv.bit_count() == 1:
        z = allv.bit_length()
        elim = eliminate_digit(state, common, z)
        if elim:
            return step("bug-type-2", f"BUG type 2: {cells_text(cells, n)} on {z} => {result_text(elim, (), n)}",
                        digits=(z,), cells=cells, eliminations=elim)
        return _bug4(state, cells, bug_values, allv) if len(cells) == 2 else None
    if not common:
        return None
    found = _bug4(state, cells, bug_values, allv) if len(cells) == 2 else None
    return found or _bug3(state, cells, allv, common)


def _shared_houses(state: Candidates, cells) -> list[int]:
    """The houses (box, row, column order) that hold every one of cells."""
    first = state.houses.cell_houses[cells[0]][:3]
    return [x for x in first if all(x in state.houses.cell_houses[c][:3] for c in cells)]


def _bug4(state: Candidates, cells, bug_values, allv):
    """BUG type 4: two BUG cells in a house with one shared non-BUG digit; their other non-BUG digits go."""
    n, h, cand = state.n, state.houses, state.cand
    a, b = cells
    shared = cand[a] & cand[b] & ~allv
    if shared.bit_count() != 1:
        return None
    for house in _shared_houses(state, cells):
        elim = [(c, d) for c in (a, b) for d in digits_of(cand[c] & ~bug_values[c] & ~shared)]
        if elim:
            d = shared.bit_length()
            return step("bug-type-4", f"BUG type 4: {cells_text(cells, n)}, {d} in {h.name(house)} => "
                        f"{result_text(elim, (), n)}", digits=(d,), cells=cells, eliminations=elim)
    return None


def _bug3(state: Candidates, cells, allv, common):
    """BUG type 3: the BUG values act as one cell of a naked set with other cells of the BUG cells' house."""
    n, h, cand = state.n, state.houses, state.cand
    for degree in range(2, 7):
        for house in _shared_houses(state, cells):
            others = [c for c in bits(common & h.masks[house])]
            if len(others) < degree:
                continue
            for group in combos(degree - 1, others):
                union = 0
                for c in group:
                    union |= cand[c]
                if union.bit_count() != degree or any(cand[c].bit_count() < 2 for c in group) or allv & ~union:
                    continue
                rest = common & h.masks[house] & ~sum(1 << c for c in group)
                elim = eliminate_mask(state, rest, union)
                if elim:
                    text = (f"BUG type 3: {cells_text(cells, n)} with naked set {','.join(map(str, digits_of(union)))}"
                            f" in {cells_text(group, n)} => {result_text(elim, (), n)}")
                    return step("bug-type-3", text, digits=digits_of(union), cells=cells, eliminations=elim,
                                se=5.7 + (degree - 1) * 0.1)
    return None


def bug_steps(state: Candidates):
    """The BUG step as a finder (at most one instance)."""
    found = bug(state)
    if found is not None:
        yield found
