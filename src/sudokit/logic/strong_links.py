"""Single-digit chains of strong links (SukakuExplainer's "strong-linked fishes"): k houses in each of which the
digit has two places or two groups of places (one of them holds it), chained end to start by houses the ends share.
One end or the other holds the digit, so it leaves every cell that sees both ends. k = 2 is the turbot family
(Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle when a box's places make a cross), k = 3, 4 the
3- and 4-strong-linked fishes. SE prices: 4.0 / 5.4 / 5.8 for parallel lines, +0.1 with a box or crossing lines,
+0.2 with both, +0.3 when a link is grouped.

Speed record (issue 9): _fast_chains allocated ~1 MB of fresh out-buffers a call (page faults on every write); they
are kept per geometry and thread now (rating._Fast.chain_buffers): strong_link_steps(state, 2) 367 -> 296 us a call
on HoDoKu path states, of which every_chain itself is ~155 us. The rest is building each chain's Step and text; a
path that takes one chain still builds every chain before the slug it wants (lazy steps through path._Found are the
next idea). Since then: a path's chains are pending (slug first, Step made when taken), and a digit's chains, which
read only its own places, are kept per (digit, places) for the geometry and thread (_memo; about half the digits of
a HoDoKu path state keep places an earlier state had), so kernels/strong.every_chain_digits runs for the others
only: the turbot family's entries 48.6 -> 41.8 us a state at ER 5-7 (in-process A/B, process time, best of 15,
with the kernel bound on _Memo); converting every kept chain to Python objects at once made it a wash (48 us), so
rows stay kernel lists and arrays.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from .candidates import Candidates, bits
from .notation import cells_text, eliminate_digit, houses_text, result_text
from .step import Step
from .table import BY_SLUG, step

BASE = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6}


def _segments(state: Candidates, house: int, pos: int) -> list[tuple[int, int]]:
    """The ways pos (3 to 6 places of a digit in a house) splits into two groups of which one holds the digit."""
    h, n = state.houses, state.n
    out = []
    lines = [h.masks[x] for x in range(2 * n)]
    if h.kinds[house] == "box":
        rows = [m for m in lines[:n] if m & pos]
        cols = [m for m in lines[n:] if m & pos]
        for group in (rows, cols):
            if len(group) == 2:
                out.append((pos & group[0], pos & group[1]))
        for r in (m for m in lines[:n] if m & h.masks[house]):
            for c in (m for m in lines[n:] if m & h.masks[house]):
                heart = r & c
                if pos & heart or pos & ~(r | c):
                    continue
                if pos & r and pos & c and (pos & r, pos & c) not in out:
                    out.append((pos & r, pos & c))
    else:
        boxes = [h.masks[b] & pos for b in range(2 * n, 3 * n) if h.masks[b] & pos]
        if len(boxes) == 2:
            out.append((boxes[0], boxes[1]))
    return out


def links(state: Candidates, d: int) -> list[tuple[int, int, int, bool]]:
    """Every oriented strong link of digit d: (house, start group, end group, grouped)."""
    out = []
    for house in range(3 * state.n):
        pos = state.positions(house, d)
        count = pos.bit_count()
        if count == 2:
            a, b = list(bits(pos))
            pairs, grouped = [(1 << a, 1 << b)], False
        elif 3 <= count <= 6:
            pairs, grouped = _segments(state, house, pos), True
        else:
            continue
        for a, b in pairs:
            out += [(house, a, b, grouped), (house, b, a, grouped)]
    return out


def _house_sets(state: Candidates) -> list[int]:
    """For each cell, the set of its row, column and box as a bitset over house numbers."""
    return [sum(1 << x for x in hs[:3]) for hs in state.houses.cell_houses]


def _houses_of(group: int, cell_sets: list[int]) -> int:
    """The rows, columns and boxes that hold every cell of a group (a bitset over house numbers)."""
    out = -1
    for c in bits(group):
        out &= cell_sets[c]
    return out


def _price(state: Candidates, k: int, chain) -> float:
    """SE's price of a chain of k strong links."""
    kinds = {state.houses.kinds[link[0]] for link in chain}
    if any(link[3] for link in chain):
        return BASE[k] + 0.3
    block = "box" in kinds
    mixed = "row" in kinds and "column" in kinds
    return BASE[k] + (0.2 if block and mixed else 0.1 if block or mixed else 0.0)


def chains(state: Candidates, d: int, k: int):
    """Every chain of k oriented strong links of digit d with distinct houses and disjoint groups, consecutive
    links joined by a house that holds the end of one and the start of the next."""
    all_links = links(state, d)
    cell_sets = _house_sets(state)
    starts = [_houses_of(link[1], cell_sets) for link in all_links]
    ends = [_houses_of(link[2], cell_sets) for link in all_links]
    nexts = [[j for j, b in enumerate(all_links) if ends[i] & starts[j] and not a[2] & b[1] and a[0] != b[0]]
             for i, a in enumerate(all_links)]

    def extend(chain, used, houses):
        if len(chain) == k:
            yield [all_links[i] for i in chain]
            return
        for j in nexts[chain[-1]]:
            link = all_links[j]
            if not (link[1] | link[2]) & used and not houses >> link[0] & 1:
                yield from extend(chain + [j], used | link[1] | link[2], houses | 1 << link[0])

    for i, first in enumerate(all_links):
        yield from extend([i], first[1] | first[2], 1 << first[0])


def _share(state: Candidates, group: int) -> int:
    """SE's house joining the two groups of a weak link: the column, else the row, else the box holding it all."""
    h, n = state.houses, state.n
    for kinds in (range(n, 2 * n), range(n), range(2 * n, 3 * n)):
        for x in kinds:
            if group & ~h.masks[x] == 0:
                return x
    return -1


def line_name(types: list[int]) -> str:
    """SE's canonical name of a chain's link houses (0 box, 1 row, 2 column): rows and columns may swap."""
    orig = "".join(map(str, types))
    plain = "".join("1" if t == 2 else str(t) for t in types)
    swapped = "".join({1: "2", 2: "1"}.get(t, str(t)) for t in types)
    reverse = swapped[::-1]
    reverse = min(reverse, swapped)
    return min(orig, reverse) if 1 in types else plain


def suffix(state: Candidates, chain) -> str:
    """SE's suffix of a chain: its grouped links, then its canonical line name (read the lesser way)."""
    types = [{"box": 0, "row": 1, "column": 2}[state.houses.kinds[link[0]]] for link in chain]
    if "".join(map(str, types)) > "".join(map(str, types[::-1])):
        types = types[::-1]
    return f"{sum(1 for link in chain if link[3])}{line_name(types)}"


def _eliminations(state: Candidates, chain, d: int) -> tuple[list, int]:
    """SE's eliminations of a chain (or, when its ends share a house, of the loop it closes) and their count
    as SE counts them (a candidate removed twice by a loop counts twice)."""
    h = state.houses
    start, end = chain[0][1], chain[-1][2]
    houses = 0
    for link in chain:
        houses |= h.masks[link[0]]
    ring = not start & end and _share(state, start | end) >= 0
    if not ring:
        shares = 0
        for a, b in zip(chain, chain[1:]):
            shares |= h.masks[_share(state, a[2] | b[1])]
        elim = eliminate_digit(state, h.common_peers(start | end) & ~houses & ~shares, d)
        return elim, len(elim)
    elim = eliminate_digit(state, h.common_peers(start | end) & ~houses, d)
    count = len(elim)
    for a, b in zip(chain, chain[1:]):
        more = eliminate_digit(state, h.common_peers(a[2] | b[1]) & ~houses, d)
        count += len(more)
        elim += more
    return sorted(set(elim)), count


def strong_link_fish(state: Candidates, k: int, fast: bool = True):
    """Chains of k strong links that eliminate, each priced as SE prices it, with SE's elimination count and
    suffix (unsorted; the numba search of kernels/strong.py when fast, else the Python walk - same order)."""
    if fast and 3 * state.n <= 64:
        yield from _fast_chains(state, k)
        return
    for d in range(1, state.n + 1):
        for chain in chains(state, d, k):
            elim, count = _eliminations(state, chain, d)
            if elim:
                yield _chain_step(state, k, chain, d, elim), count, suffix(state, chain)


def _chain_step(state: Candidates, k: int, chain, d: int, elim):
    """The Step of a chain of k strong links of digit d."""
    n, h = state.n, state.houses
    slug = {2: None, 3: "3-strong-linked-fish", 4: "4-strong-linked-fish"}.get(k)
    name_slug = slug or _turbot_slug(state, chain)
    cells = [c for link in chain for c in (*bits(link[1]), *bits(link[2]))]
    groups = " - ".join(f"{cells_text(link[1], n)}={cells_text(link[2], n)}" for link in chain)
    text = (f"{_title(name_slug)}: {d} in {houses_text(h, [x[0] for x in chain])} ({groups}) => "
            f"{result_text(elim, (), n)}")
    return step(name_slug, text, digits=(d,), cells=cells, eliminations=elim, se=_price(state, k, chain),
                pattern=[(c, d) for c in cells])


def _fast_chains(state: Candidates, k: int):
    """strong_link_fish through kernels/strong.every_chain: the chains, then Steps only for those."""
    from .rating import fast_tables

    fast = fast_tables(state.houses)
    # the kernel writes every row it reports before it is read, and the rows become lists before the first yield:
    # one set of buffers per geometry and thread serves every call (fresh ones, ~1 MB, cost page faults each time)
    count, (info, ga, gb, elims) = _every(fast, k, state)
    rows, starts, ends = info[:count].tolist(), ga[:count].tolist(), gb[:count].tolist()  # Python ints at once
    pairs = elims[:rows[-1][4] + rows[-1][5]].tolist() if count else []
    for row, ga_i, gb_i in zip(rows, starts, ends):
        d, _, total, sfx, e0, e = row[:6]
        chain = [(row[6 + 2 * j], _set(ga_i[j]), _set(gb_i[j]), bool(row[7 + 2 * j])) for j in range(k)]
        elim = [(c, dd) for c, dd in pairs[e0:e0 + e]]
        yield _chain_step(state, k, chain, d, sorted(elim)), total, str(sfx).zfill(k + 1)


class Pending:
    """A chain of strong links before its Step (and explanation) is made: a solve path looks for the first chain
    of one slug and keeps the others for later entries, most of which it never takes."""

    __slots__ = ("slug", "_make")

    def __init__(self, slug: str, make):
        self.slug, self._make = slug, make

    def make(self) -> Step:
        """The Step."""
        return self._make()


def pending_steps(state: Candidates, k: int):
    """strong_link_steps as Pending chains (slug known, Step made on demand), for the solve path (path._PENDING)."""
    if not 3 * state.n <= 64 or k != 2:
        for found in strong_link_steps(state, k):
            yield Pending(found.slug, lambda found=found: found)
        return
    for row in _turbot_rows(state):
        yield Pending(row[0], lambda row=row: _memo_step(state, row))


MEMO_MAX = 1 << 14  # (digit, places) keys kept per geometry and thread before the memo starts afresh


class _Memo:
    """The two-link chains of one digit by (digit, its places) for one geometry and thread (_turbot_rows), with
    the kernel and its tables at hand (two imports inside _fill cost ~2-4 us a call)."""

    def __init__(self, houses):
        from ..kernels.strong import every_chain_digits
        from .rating import fast_tables

        self.rows, self.fast, self.kernel = {}, fast_tables(houses), every_chain_digits


@lru_cache(maxsize=16)
def _memo(houses, thread: int) -> _Memo:
    """_Memo of a geometry, cached by geometry and thread."""
    return _Memo(houses)


def _turbot_rows(state: Candidates) -> list[tuple]:
    """Every chain of two strong links that eliminates, in kernels/strong's order, as (slug, kernel row as a list,
    start groups, end groups, eliminations; the last three arrays shared by the rows of one kernel call): a digit's
    chains read only its own places, so they are kept per (digit, places) and the kernel runs only for the digits
    not seen yet (about half of a HoDoKu path state's digits keep the places they had in an earlier state)."""
    memo = _memo(state.houses, threading.get_ident())
    if len(memo.rows) > MEMO_MAX:  # start afresh before deciding what is missing (clearing inside _fill lost the
        memo.rows.clear()           # rows of the digits it did not fill: a KeyError ~1,300 puzzles into a batch)
    rows, keys = memo.rows, list(enumerate(state.where))[1:]
    missing = 0
    for key in keys:
        if key not in rows:
            missing |= 1 << (key[0] - 1)
    if missing:
        _fill(state, memo, missing)
    out = []
    for key in keys:
        out += rows[key]
    return out


def _fill(state: Candidates, memo: _Memo, digits: int) -> None:
    """Run kernels/strong.every_chain_digits for a mask of digits and keep each digit's rows in the memo."""
    fast = memo.fast
    info, ga, gb, elims = fast.chain_buffers(2)
    count = memo.kernel(2, fast.n, digits, state.arrays()[1], fast.geo[1], fast.geo[9], fast.kind, fast.cell_houses,
                        fast.peers, fast.unit_words, fast.geo[10], *fast.chain_scratch(2), info, ga, gb, elims)
    got = {d + 1: [] for d in bits(digits)}
    if count:
        rows = info[:count].tolist()
        ga, gb = ga[:count].copy(), gb[:count].copy()
        elims = elims[:rows[-1][4] + rows[-1][5]].copy()
        kinds = state.houses.kinds
        for i, row in enumerate(rows):  # _turbot_slug inline (a list per row cost ~1/4 of the finder)
            a, b = kinds[row[6]], kinds[row[8]]
            slug = "empty-rectangle" if row[7] or row[9] else "turbot-fish" if a == "box" or b == "box" else \
                "skyscraper" if a == b else "2-string-kite"
            got[row[0]].append((slug, row, ga[i], gb[i], elims))
    where = state.where
    for d, found in got.items():
        memo.rows[d, where[d]] = found


def _memo_step(state: Candidates, found: tuple) -> Step:
    """The Step of one of _turbot_rows' chains."""
    _, row, ga_i, gb_i, elims = found
    e0, e = row[4], row[5]
    chain = [(row[6 + 2 * j], _set(ga_i[j].tolist()), _set(gb_i[j].tolist()), bool(row[7 + 2 * j]))
             for j in range(2)]
    return _chain_step(state, 2, chain, row[0], sorted((c, dd) for c, dd in elims[e0:e0 + e].tolist()))


def _every(fast, k: int, state: Candidates):
    """kernels/strong.every_chain_with into this thread's buffers (fast.chain_buffers), with its scratch and the
    geometry's house table kept on the tables too (every_chain made both each call: ~20 us of ~130); returns
    (count, buffers)."""
    from ..kernels.strong import every_chain_with

    out = fast.chain_buffers(k)
    return every_chain_with(k, fast.n, state.arrays()[1], fast.geo[1], fast.geo[9], fast.kind,
                            fast.cell_houses, fast.peers, fast.unit_words, fast.geo[10], *fast.chain_scratch(k),
                            *out), out


def _set(words) -> int:
    """A cell set from its uint64 words (a list of ints or an array row)."""
    return sum(int(w) << (64 * i) for i, w in enumerate(words))


def _turbot_slug(state: Candidates, chain) -> str:
    """HoDoKu's name of a two-link chain: Skyscraper, 2-String Kite, Turbot Fish or Empty Rectangle."""
    kinds = [state.houses.kinds[link[0]] for link in chain]
    if any(link[3] for link in chain):
        return "empty-rectangle"
    if "box" in kinds:
        return "turbot-fish"
    return "skyscraper" if kinds[0] == kinds[1] else "2-string-kite"


def _title(slug: str) -> str:
    """The table name of a slug."""
    return BY_SLUG[slug].name


def strong_link_steps(state: Candidates, k: int):
    """Every chain of k strong links that eliminates, as a Step (the catalogue's finder)."""
    for found, _, _ in strong_link_fish(state, k):
        yield found


def easiest_strong_link_fish(state: Candidates, k: int):
    """SE's StrongLinks(k) choice: the lowest price, then the most eliminations, then the least suffix."""
    best = None
    for found, count, name in strong_link_fish(state, k):
        if best is None or (found.se, -count, name) < best[0]:
            best = ((found.se, -count, name), found)
    return best[1] if best else None
