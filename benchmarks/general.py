"""The general engine beyond 9x9: POJ 3076's 16x16 puzzles and empty 16x16..36x36 grids (16x16 on the band kernel,
kernels/bands.py; 25x25 and 36x36 on the cell masks, kernels/bitmask.py).

    python benchmarks/general.py               # POJ 3076 (tests/data/poj3076) at limit 2 and 1, empty grids
    python benchmarks/general.py --repeat 5    # best of 5 passes

Times are CPU seconds (time.process_time, best of --repeat, one core, JIT warm-up excluded) of one
``solve_many(kernel="general")`` call; every solution is checked against its puzzle (and POJ's against a.out).
Issue 15's targets: POJ 3076 >= 3x its rate then (56-86/s), empty 25x25 and 36x36 under 10 ms.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from timing import best_of
from sudokit.geometry import box_geometry
from sudokit.sudoku import fast
from sudokit.sudoku.grid import is_solution

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "poj3076"


def letters(text: str) -> np.ndarray:
    """POJ 3076 blocks of 16 rows (A-P, '-' empty) as flat grids [P, 256]."""
    rows = [r.strip() for r in text.replace("\r", "").split("\n") if r.strip()]
    blocks = ["".join(rows[i:i + 16]) for i in range(0, len(rows), 16)]
    return np.array([[0 if ch == "-" else ord(ch) - 64 for ch in b] for b in blocks], np.uint8)


def poj(repeat: int, copies: int) -> None:
    """The four judge puzzles, `copies` times each, at limit 2 and 1."""
    g = box_geometry(4, 4)
    puzzles, answers = letters((DATA / "a.in").read_text()), letters((DATA / "a.out").read_text())
    grids = np.repeat(puzzles, copies, axis=0)
    for limit in (2, 1):
        fast.solve_many(puzzles[:1], g, limit, kernel="general")
        secs, res = best_of(lambda: fast.solve_many(grids, g, limit, kernel="general"), repeat)
        assert (res.counts >= 1).all() and all(is_solution(s, p, g) for s, p in zip(res.solutions, grids))
        if limit == 2:
            assert (res.counts == 1).all() and (res.solutions == np.repeat(answers, copies, axis=0)).all()
        nodes = res.nodes[::copies].tolist()
        print(f"POJ 3076 limit {limit}: {len(grids) / secs:,.0f} puzzles/s  nodes {nodes} (sum {sum(nodes):,})")


def empty(repeat: int) -> None:
    """Empty grids at limit 1: the generator's and the web app's large sizes."""
    for r, c in ((4, 4), (5, 5), (6, 6)):
        g = box_geometry(r, c)
        grid = np.zeros((1, g.ncells), np.uint8)
        fast.solve_many(grid, g, 1, kernel="general")
        secs, res = best_of(lambda: fast.solve_many(grid, g, 1, kernel="general"), repeat)
        assert res.counts[0] == 1 and is_solution(res.solutions[0], grid[0], g)
        print(f"empty {g.n}x{g.n}: {secs * 1e3:.2f} ms  nodes {res.nodes[0]:,}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="passes; the best is reported (default 3)")
    ap.add_argument("--copies", type=int, default=5, help="copies of each POJ puzzle per pass (default 5)")
    args = ap.parse_args()
    poj(args.repeat, args.copies)
    empty(args.repeat)


if __name__ == "__main__":
    main()
