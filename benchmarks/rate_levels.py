"""Where the rating's time goes on 11+ puzzles: CPU seconds per kind of SE forcing-chain search.

    python benchmarks/rate_levels.py                  # the first 8 puzzles of the 11+ set, rated twice
    python benchmarks/rate_levels.py --count 4 --skip 8 --rounds 3

Rates puzzles of ../shared/data/sudoku/puzzles5_forum_hardest_1905_11+ (both scales, as `sudokit rate`) `--rounds`
times in one process and prints the last round: the calls and CPU seconds of each kind of forcing-chain kernel run
(dynamic levels 0-3, static multiple, Nishio, forcing chains and cycles) and the whole rating. The first round
compiles or loads the kernels and fills the caches a long batch has warm; run two trees alternately (A, B, A, B)
to compare them: the machine's load moves these figures more than most changes do.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
HARDEST = ROOT.parent / "shared" / "data" / "sudoku" / "puzzles5_forum_hardest_1905_11+"


def kind(multiple: bool, dynamic: bool, nishio: bool, level: int) -> str:
    """The name of a forcing-chain search."""
    return "nishio" if nishio else f"level {level}" if dynamic else "static multiple"


def timed(acc: dict, name, fn):
    """fn, adding its calls and CPU seconds to acc[name(*args)]."""
    def wrapper(*args, **kwargs):
        start = time.process_time()
        out = fn(*args, **kwargs)
        entry = acc[name(*args)]
        entry[0] += 1
        entry[1] += time.process_time() - start
        return out
    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    from sudokit.geometry import box_geometry
    from sudokit.logic import api, forcing

    lines = [line.split()[0] for line in HARDEST.read_text().splitlines() if line and not line.startswith("#")]
    chosen = lines[args.skip:args.skip + args.count]
    geometry = box_geometry(3, 3)
    acc: dict = defaultdict(lambda: [0, 0.0])
    forcing._multiple_run = timed(acc, lambda h, v, c, m, d, n, lv, nl: kind(m, d, n, lv), forcing._multiple_run)
    forcing.loops_of = timed(acc, lambda *a: "loops", forcing.loops_of)
    for _ in range(args.rounds):
        acc.clear()
        total = 0.0
        for p in chosen:
            state = api.candidates(np.array([0 if ch in ".0" else int(ch) for ch in p[:81]]), geometry)
            start = time.process_time()
            api.rate(state, geometry)
            total += time.process_time() - start
    print(f"{'search':16} {'calls':>6} {'CPU s':>8}")
    for name in sorted(acc):
        print(f"{name:16} {acc[name][0]:6d} {acc[name][1]:8.3f}")
    print(f"{'rating':16} {len(chosen):6d} {total:8.3f}  ({len(chosen) / total:.2f} puzzles/s)")


if __name__ == "__main__":
    sys.exit(main())
