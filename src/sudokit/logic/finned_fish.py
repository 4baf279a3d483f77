"""Finned and Sashimi fish (HoDoKu's definitions), for rows or columns as base lines.

A basic fish of size k (X-Wing 2, Swordfish 3, Jellyfish 4) needs every place of a digit in k base lines to lie in k
cover lines of the other kind. A *finned* fish has extra places, the fins, outside the cover lines, all in one box.
Either a fin holds the digit, or the fins are false and the basic fish holds; so the digit leaves every cell of the
cover lines (outside the base lines) that sees every fin. The places of a base line inside the cover lines are its
*body*; a fish with a base line of at most one body cell (the other corners are missing and the fins stand in for
them) is *Sashimi*, any other finned fish plain *Finned*. Digits outer, rows before columns, base lines in order
(HoDoKu's search order).

The search works in line space: for row bases a row's places are a mask of column numbers (and a box's part of a row
the mask of its columns), so a set of base lines is pruned as soon as no box can hold all of its places that lie
outside k cover lines.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

from .candidates import Candidates, Houses, bits
from .notation import cells_text, eliminate_digit, houses_text, result_text
from .table import step

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


@lru_cache(maxsize=16)
def box_parts(houses: Houses, rows: bool) -> tuple[dict[int, int], ...]:
    """For each row (rows=True) or column: the boxes it meets, with the cross-line numbers of their cells there."""
    n, out = houses.n, []
    for line in range(n):
        parts = {}
        for c in houses.cells[line if rows else n + line]:
            parts[houses.box(c)] = parts.get(houses.box(c), 0) | 1 << (c % n if rows else c // n)
        out.append(dict(sorted(parts.items())))
    return tuple(out)


@lru_cache(maxsize=16)
def box_lines(houses: Houses, rows: bool) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each box: the rows (rows=True) or columns that meet it, with the cross-line numbers of the box there."""
    out = {}
    for line, parts in enumerate(box_parts(houses, rows)):
        for box, mask in parts.items():
            out.setdefault(box, []).append((line, mask))
    return {box: tuple(v) for box, v in out.items()}


def places(state: Candidates) -> tuple[list[list[int]], list[list[int]]]:
    """Per digit, the places in each row (as column numbers) and in each column (as row numbers)."""
    n = state.n
    in_rows, in_cols = [[0] * n for _ in range(n + 1)], [[0] * n for _ in range(n + 1)]
    for c, m in enumerate(state.cand):
        r, col = divmod(c, n)
        for b in bits(m):
            in_rows[b + 1][r] |= 1 << col
            in_cols[b + 1][col] |= 1 << r
    return in_rows, in_cols


def finned_fish(state: Candidates, k: int | None = None, sashimi: bool | None = None):
    """Finned (sashimi=False) or Sashimi (True) fish of size k that eliminate something; None: both kinds, or all
    sizes (2-4), in one search."""
    if k is None and sashimi is None:  # the catalogue's call: each digit's fish from the cache
        for d in range(1, state.n + 1):
            yield from digit_fish(state.houses, d, state.where[d])
        return
    for d in range(1, state.n + 1):
        yield from _digit_steps(state, d, (k,) if k else tuple(FISH), sashimi)


@lru_cache(maxsize=8192)
def digit_fish(houses: Houses, d: int, where: int) -> tuple:
    """Every finned and sashimi fish of digit d whose places are the cell set `where`, in finned_fish's order.

    The fish of a digit depend on its places alone, and a solve path changes few digits' places per step: a hard
    path's finned-fish search (16% of a 5-9.3 HoDoKu rating) was mostly repeated on unchanged digits."""
    return tuple(_digit_steps(Candidates.of_digit(houses, d, where), d, tuple(FISH), None))


def _digit_steps(state: Candidates, d: int, sizes, sashimi: bool | None):
    """The fish of one digit: row bases, then column bases, each sorted by size, bases, covers."""
    n = state.n
    tables = _digit_places(state, d)
    for rows in (True, False):
        where = tables[0 if rows else 1]
        if n <= 62:
            found = _fast_found(state.houses, rows, where, sizes, sashimi)
        else:
            found = []
            for meeting in box_lines(state.houses, rows).values():
                for base, must in _box_bases(state, where, meeting, sizes):
                    found += _covers(where, dict(meeting), base, must, sashimi, state.houses.plain)
        for base, covers, kind in sorted(found, key=lambda f: (len(f[0]), f)):
            yield from _fish_step(state, d, [x if rows else n + x for x in base],
                                  [n + x if rows else x for x in bits(covers)], kind)


def _digit_places(state: Candidates, d: int) -> tuple[list[int], list[int]]:
    """places(state)'s rows and columns of digit d alone, from its cell set."""
    n = state.n
    in_rows, in_cols = [0] * n, [0] * n
    for c in bits(state.where[d]):
        r, col = divmod(c, n)
        in_rows[r] |= 1 << col
        in_cols[col] |= 1 << r
    return in_rows, in_cols


def _fast_found(houses: Houses, rows: bool, where: list[int], sizes, sashimi: bool | None) -> list:
    """The (base, covers, sashimi) of every fish of one digit and base kind, as _box_bases and _covers find them,
    through kernels/hodoku.finned_rows (their Python search was ~3/4 of the finder on ER 8.5-9.3 paths)."""
    from ..kernels.hodoku import finned_rows

    box_ptr, box_line, box_mask = _box_csr(houses, rows)
    size_mask = sum(1 << k for k in sizes)
    out = _ROWS[0]
    while (k := finned_rows(np.array(where, np.int64), box_ptr, box_line, box_mask, size_mask, max(sizes),
                            -1 if sashimi is None else int(sashimi), houses.plain, out)) < 0:
        out = _ROWS[0] = np.zeros((2 * len(out), 3), np.int64)
    return [(tuple(bits(base)), covers, bool(kind)) for base, covers, kind in out[:k].tolist()]


_ROWS = [np.zeros((256, 3), np.int64)]  # finned_rows' out rows, grown on demand (scratch, not state)


@lru_cache(maxsize=16)
def _box_csr(houses: Houses, rows: bool):
    """box_lines as CSR arrays (box pointers; each entry's line and the box's cross-line numbers there)."""
    meetings = list(box_lines(houses, rows).values())
    ptr = np.zeros(len(meetings) + 1, np.int64)
    ptr[1:] = np.cumsum([len(m) for m in meetings])
    lines = np.array([line for m in meetings for line, _ in m], np.int64)
    masks = np.array([mask for m in meetings for _, mask in m], np.int64)
    return ptr, lines, masks


def _box_bases(state: Candidates, where: list[int], meeting, sizes) -> list:
    """The base line sets (of the given sizes k) whose places outside the box lie in k lines, with those lines: some
    of the lines with places in the box (where fins are), and other lines whose places all lie in the covers. With
    plain houses a victim is in the box too, on a line that is not a base line: not all the box's lines are bases."""
    inside = {line: where[line] & mask for line, mask in meeting if where[line] & mask}
    plain, top = state.houses.plain, max(sizes)
    if not inside or plain and (len(inside) < 2 or _union(inside.values()).bit_count() < 2):
        return []  # with plain houses a fin and a victim need the box's places in two rows and two columns
    others = [x for x, w in enumerate(where) if w and x not in inside and w.bit_count() <= top]
    out = []
    for size in range(1, min(len(inside) - plain, top) + 1):
        for group in combinations(sorted(inside), size):
            must = _union(where[x] & ~inside[x] for x in group)
            if must.bit_count() <= top:
                _bases(where, others, sizes, top, 0, list(group), must, out)
    return out


def _union(masks) -> int:
    """The union of masks."""
    out = 0
    for m in masks:
        out |= m
    return out


def _bases(where, lines, sizes, top, start, chosen, must, out):
    """Collect the base sets: chosen plus lines (in order) whose places all lie in the covers, k lines in k covers."""
    if len(chosen) in sizes and must.bit_count() <= len(chosen):
        out.append((tuple(sorted(chosen)), must))
    if len(chosen) == top:
        return
    for i in range(start, len(lines)):
        grown = must | where[lines[i]]
        if grown.bit_count() <= top:
            chosen.append(lines[i])
            _bases(where, lines, sizes, top, i + 1, chosen, grown, out)
            chosen.pop()


def _covers(where, box_part: dict[int, int], base, must, sashimi: bool | None, plain: bool) -> list:
    """(base, covers, sashimi) of the fish with fins in the box: the forced covers plus some of the box's lines.
    With plain houses the victims are the box's places in cover lines outside the base lines: none, no fish."""
    k, out = len(base), []
    inside = 0
    for line in base:
        inside |= where[line] & box_part.get(line, 0)
    if (inside | must).bit_count() <= k:
        return out  # no fin
    others = 0
    for line, part in box_part.items():
        if line not in base:
            others |= where[line] & part
    for extra in combinations(list(bits(inside & ~must)), k - must.bit_count()):
        covers = must | sum(1 << x for x in extra)
        bodies = [(where[line] & covers).bit_count() for line in base]
        kind = min(bodies) <= 1
        if (sashimi is None or kind == sashimi) and (others & covers or not plain):
            out.append((base, covers, kind))
    return out


def _fish_step(state: Candidates, d: int, base, covers, sashimi: bool):
    """The step of one finned fish (base lines, cover lines, as houses), if it eliminates."""
    h, n = state.houses, state.n
    cells = 0
    for x in base:
        cells |= state.positions(x, d)
    cover_cells = sum(h.masks[x] for x in covers)
    fins = cells & ~cover_cells
    elim = eliminate_digit(state, h.common_peers(fins) & cover_cells & ~cells, d)
    if elim:
        kind = "Sashimi" if sashimi else "Finned"
        name = f"{kind} {FISH[len(base)]}"
        fin_text = " ".join(f"f{cells_text([c], n)}" for c in bits(fins))
        text = f"{name}: {d} {houses_text(h, base)} {houses_text(h, covers)} {fin_text} => {result_text(elim, (), n)}"
        yield step(f"{kind.lower()}-{FISH[len(base)].lower()}", text, digits=(d,), cells=list(bits(cells)),
                   eliminations=elim, pattern=[(c, d) for c in bits(cells)])
