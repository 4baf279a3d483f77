"""Redraw the example pictures of this folder: python examples/pictures/make.py (needs sudokit[render]).

solved.png   Norvig's first "hardest" puzzle, givens black, solved digits blue
xwing.png    a hint: an X-Wing on 2 (hand-made Step: pattern blue, eliminations struck red, links orange)
killer.png   the CodinGame Killer (tests/data/variants), dashed cages with their sums
jigsaw.png   the first HDU 4069 sample (regions from wall codes), thick region borders
target.png   NOIP 2009 Target Sudoku case 2 and its optimum, weights as a heat map, the score below
"""

from pathlib import Path

import numpy as np

from sudokit.formats import read_cages, read_puzzles
from sudokit.logic.step import Link, Step
from sudokit.render import basic_candidates, png, svg
from sudokit.sudoku.target import best, parse_target, ring_weights
from sudokit.sudoku.variants import build_variant

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "tests" / "data"


def grid(line: str) -> np.ndarray:
    """An 81-character line as a flat array."""
    return np.array([0 if ch in ".0" else int(ch) for ch in line.strip()], np.int32)


def save(name: str, text: str) -> None:
    """Write one PNG and say its size."""
    data = png(text)
    (HERE / name).write_bytes(data)
    print(f"{name}: {len(data) // 1024} KB")


def main() -> None:
    """Draw every picture."""
    plain = build_variant(9, (3, 3))
    hardest = grid((HERE.parent / "hardest.txt").read_text().split()[0])
    save("solved.png", svg(plain.solve(hardest).solution, givens=hardest, title="Norvig's hardest #1"))

    puzzle = grid("..1....8....2..5.....6.........41.3.62....7..........927.8.........3...45........")
    corners = (6, 8, 33, 35)
    step = Step("X-Wing", "x-wing", digits=(2,), cells=corners, pattern=tuple((c, 2) for c in corners),
                eliminations=tuple((r * 9 + c, 2) for r, c in ((2, 6), (5, 6), (7, 6), (8, 6), (2, 8), (8, 8))),
                links=(Link(6, 2, 8, 2, True), Link(33, 2, 35, 2, True), Link(6, 2, 33, 2, False),
                       Link(8, 2, 35, 2, False)),
                explanation="2 in rows 1 and 4 lies in columns 7 and 9 only: remove it from the rest of them")
    save("xwing.png", svg(puzzle, candidates=basic_candidates(puzzle, plain.geometry), step=step, title="X-Wing"))

    cages = read_cages((DATA / "variants" / "killer-codingame-1.cages").read_text(), 9)
    killer = grid((DATA / "variants" / "killer-codingame-1.txt").read_text().split()[0])
    save("killer.png", svg(killer, variant=build_variant(9, (3, 3), cages=cages), title="Killer"))

    entry = read_puzzles((DATA / "hdu4069" / "sample.in").read_text(), fmt="hdu4069").entries[0]
    save("jigsaw.png", svg(entry.grid, variant=build_variant(9, regions=entry.regions), title="Jigsaw"))

    target = parse_target((DATA / "target-sudoku" / "sudoku2.in").read_text())
    save("target.png", svg(best(target).grid, givens=target, weights=ring_weights(9), title="Target Sudoku"))


if __name__ == "__main__":
    main()
