"""Coloring (HoDoKu's Simple Colors and Multi-Colors): one digit, its conjugate pairs, two colors.

A conjugate pair is a house where the digit has exactly two places: one of them holds it. Following conjugate pairs
from cell to cell and alternating two colors splits a cluster of cells into two colors, one of which is all true and
the other all false.
  Simple Colors Wrap: two cells of one color see each other, so that color is false: the digit leaves all its cells.
  Simple Colors Trap: a cell outside the cluster that sees both colors loses the digit.
Two clusters A (colors a1, a2) and B (b1, b2) of the same digit:
  Multi-Colors 1: a cell of a1 sees a cell of b1, so a2 or b2 is true: the digit leaves every cell seeing both.
  Multi-Colors 2: the cells of a1 see cells of both b1 and b2, so a1 is false: the digit leaves all of a1.
Clusters are found digit by digit, from the lowest cell (HoDoKu's order); houses include a variant's extra units.
"""

from __future__ import annotations

from functools import lru_cache

from .candidates import Candidates, bits
from .notation import cells_text, eliminate_digit, result_text
from .step import Link
from .table import step


def clusters(state: Candidates, d: int) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """The clusters of digit d as (color 1 cells, color 2 cells, conjugate links), each with both colors."""
    h, partner = state.houses, {}
    for house in range(len(h.cells)):
        pos = state.positions(house, d)
        if pos.bit_count() == 2:
            a, b = bits(pos)
            partner.setdefault(a, set()).add(b)
            partner.setdefault(b, set()).add(a)
    out, seen = [], set()
    for start in sorted(partner):
        if start not in seen:
            out.append(_paint(partner, start, seen))
    return out


def _paint(partner: dict, start: int, seen: set) -> tuple[int, int, list[tuple[int, int]]]:
    """Two-color the cluster of start (breadth first); the links are the conjugate pairs used."""
    colors, edges, todo = [0, 0], [], [(start, 0)]
    seen.add(start)
    while todo:
        cell, color = todo.pop(0)
        colors[color] |= 1 << cell
        for other in sorted(partner[cell]):
            if other not in seen:
                seen.add(other)
                edges.append((cell, other))
                todo.append((other, 1 - color))
    return colors[0], colors[1], edges


def seen_by(state: Candidates, cells: int) -> int:
    """The cells that see at least one of cells."""
    out = 0
    for c in bits(cells):
        out |= state.houses.peers[c]
    return out


def _clashes(state: Candidates, color: int) -> bool:
    """True if two cells of a color see each other."""
    return any(state.houses.peers[c] & color for c in bits(color))


def simple_colors(state: Candidates):
    """Simple Colors Wrap and Trap steps, cluster by cluster (wrap first), each elimination set once."""
    for d in range(1, state.n + 1):
        yield from _cached(state, d, _simple_colors)


def _cached(state: Candidates, d: int, finder) -> tuple:
    """A single-digit finder's steps for digit d, computed once per (geometry, places of d): coloring reads only
    the digit's places, and a solve path changes few digits' places per step."""
    return _digit_steps(finder, state.houses, d, state.where[d])


@lru_cache(maxsize=8192)
def _digit_steps(finder, houses, d: int, where: int) -> tuple:
    """finder's steps on the state holding only digit d, at the places `where`."""
    return tuple(finder(Candidates.of_digit(houses, d, where), d))


def _simple_colors(state: Candidates, d: int):
    """Simple Colors steps of digit d."""
    done = set()
    for c1, c2, edges in clusters(state, d):
        wrong = sum(color for color in (c1, c2) if _clashes(state, color))
        trap = seen_by(state, c1) & seen_by(state, c2) & ~(c1 | c2)
        for name, cellset in (("Simple Colors Wrap", wrong), ("Simple Colors Trap", trap)):
            elim = eliminate_digit(state, cellset, d)
            if elim and (d, tuple(elim)) not in done:
                done.add((d, tuple(elim)))
                yield _color_step(state, "simple-colors", name, d, [(c1, c2)], [edges], elim)


def multi_colors(state: Candidates):
    """Multi-Colors type 2 then type 1 steps for every ordered pair of clusters, each elimination set once."""
    for d in range(1, state.n + 1):
        yield from _cached(state, d, _multi_colors)


def _multi_colors(state: Candidates, d: int):
    """Multi-Colors steps of digit d."""
    done = set()
    found = clusters(state, d)
    for i, (a1, a2, ea) in enumerate(found):
        for j, (b1, b2, eb) in enumerate(found):
            if i == j:
                continue
            for name, elim in (("Multi Colors 2", _mc2(state, d, a1, a2, b1, b2)),
                               ("Multi Colors 1", _mc1(state, d, a1, a2, b1, b2))):
                key = (d, tuple(elim))
                if elim and key not in done:
                    done.add(key)
                    yield _color_step(state, "multi-colors", name, d, [(a1, a2), (b1, b2)], [ea, eb], elim)


def _mc2(state: Candidates, d: int, a1: int, a2: int, b1: int, b2: int):
    """Type 2: a color of A whose cells see both colors of B is false."""
    wrong = 0
    for color in (a1, a2):
        near = seen_by(state, color)
        if near & b1 and near & b2:
            wrong |= color
    return eliminate_digit(state, wrong, d)


def _mc1(state: Candidates, d: int, a1: int, a2: int, b1: int, b2: int):
    """Type 1: when x of A sees y of B, one of their partners is true: cells seeing both partners lose d."""
    victims = 0
    for x, px in ((a1, a2), (a2, a1)):
        for y, py in ((b1, b2), (b2, b1)):
            if seen_by(state, x) & y:
                victims |= seen_by(state, px) & seen_by(state, py) & ~(px | py)
    return eliminate_digit(state, victims, d)


def _color_step(state: Candidates, slug: str, name: str, d: int, pairs, edge_lists, elim):
    """A coloring step: the colored cells as (c1) / (c2) per cluster."""
    n = state.n
    groups = ", ".join(f"({cells_text(c1, n)}) / ({cells_text(c2, n)})" for c1, c2 in pairs)
    cells = [c for c1, c2 in pairs for c in (*bits(c1), *bits(c2))]
    links = [Link(a, d, b, d, True) for edges in edge_lists for a, b in edges]
    return step(slug, f"{name}: {d} {groups} => {result_text(elim, (), n)}", digits=(d,), cells=cells,
                eliminations=elim, pattern=[(c, d) for c in cells], links=links)
