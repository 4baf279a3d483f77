"""Every rating as JSON lines, to compare two trees byte for byte after a speed change (ratings must not move).

    python benchmarks/rate_dump.py OUT                 # the rated bank, the first 24 puzzles of the 11+ set
    python benchmarks/rate_dump.py OUT --hardest 60 --paths-every 20
    cmp OUT OTHER_TREES_OUT

One line per puzzle: its `sudokit rate --json` object without the seconds; every `--paths-every`-th puzzle also
carries SE's step path (the walk that keeps its steps, not the rating's fast walk) and HoDoKu's, each step as
[technique, SE value, HoDoKu score, eliminations, placements]. Puzzles: ../shared/data/rated/se-bank-dev.txt, then
the first `--hardest` of ../shared/data/sudoku/puzzles5_forum_hardest_1905_11+. A few minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"


def lines(path: Path) -> list[str]:
    """The puzzles (first field) of a puzzle file."""
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def step_row(step) -> list:
    """A step as the dump writes it."""
    return [step.technique, step.se, step.score, sorted(step.eliminations), sorted(step.placements)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--hardest", type=int, default=24)
    parser.add_argument("--paths-every", type=int, default=40)
    args = parser.parse_args()
    from sudokit.geometry import box_geometry
    from sudokit.logic import api
    from sudokit.logic.rating import se_rate

    geometry = box_geometry(3, 3)
    chosen = lines(SHARED / "rated" / "se-bank-dev.txt")
    chosen += lines(SHARED / "sudoku" / "puzzles5_forum_hardest_1905_11+")[:args.hardest]
    with args.out.open("w") as out:
        for i, p in enumerate(chosen):
            state = api.candidates(np.array([0 if ch in ".0" else int(ch) for ch in p[:81]]), geometry)
            rating = api.rate(state, geometry).to_json()
            rating.pop("seconds")
            row = {"p": p, "rate": rating}
            if i % args.paths_every == 0:
                row["se_steps"] = [step_row(s) for s in se_rate(state, keep_steps=True).steps]
                row["hod_steps"] = [step_row(s) for s in api.steps(state, geometry).steps]
            out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    sys.exit(main())
