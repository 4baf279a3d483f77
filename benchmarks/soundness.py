"""The soundness oracle at scale: every elimination and placement checked against the known solution.

    python benchmarks/soundness.py                     # 2,000 puzzles, both paths, every finder every 5th step
    python benchmarks/soundness.py --puzzles 200 --every 1

For each unique puzzle (../shared/data/sudoku/ sets and the rated bank), walk HoDoKu's path and Sudoku
Explainer's path and check each step; along the HoDoKu path, every `--every`-th state also runs every catalogue
finder and checks every instance it yields (not only the ones a path takes). Prints the counts per technique and
every unsound step found (there must be none). Puzzles that need SE's nested chains are skipped (`--max-seconds`).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
SETS = ["sudoku/puzzles2_17_clue", "sudoku/puzzles3_magictour_top1465", "sudoku/puzzles7_serg_benchmark",
        "rated/se-bank-dev.txt", "sudoku/puzzles6_forum_hardest_1106"]


def puzzles(count: int) -> list[str]:
    """Up to count puzzle lines, spread over the sets."""
    out = []
    per = max(1, count // len(SETS))
    for name in SETS:
        path = SHARED / name
        if not path.exists():
            path = ROOT / "tests" / "data" / "sudoku" / (Path(name).name + "_first1000")
        if not path.exists():
            continue
        lines = [ln.split()[0][:81] for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
        out += lines[:: max(1, len(lines) // per)][:per]
    return out[:count]


def check(step, solution, tally, bad, puzzle) -> None:
    """Count a step and record it if it removes a solution digit or places a wrong one."""
    tally[step.slug] += 1
    wrong = [(c, d) for c, d in step.eliminations if solution[c] == d]
    wrong += [(c, d) for c, d in step.placements if solution[c] != d]
    if wrong:
        bad.append((puzzle, step.explanation, wrong))


def main() -> None:
    from sudokit.geometry import box_geometry
    from sudokit.logic.candidates import Candidates
    from sudokit.logic.catalogue import available
    from sudokit.logic.path import brute_force, chaining_next, hodoku_next
    from sudokit.logic.rating import se_next
    from sudokit.sudoku import engine

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--puzzles", type=int, default=2000)
    parser.add_argument("--every", type=int, default=5, help="run every finder on every N-th state (0: never)")
    parser.add_argument("--max-seconds", type=float, default=20.0, help="skip a puzzle's path after this long")
    args = parser.parse_args()
    g = box_geometry(3, 3)
    entries = available()
    taken, listed = collections.Counter(), collections.Counter()
    bad, skipped, start = [], 0, time.time()
    chosen = puzzles(args.puzzles)
    for k, p in enumerate(chosen):
        grid = np.array([0 if ch in ".0" else int(ch) for ch in p])
        result = engine("fast")(grid, g, 2)
        if result.count != 1:
            continue
        solution = result.solution
        deadline = time.monotonic() + args.max_seconds
        for order in ("hodoku", "se"):
            state, steps = Candidates.from_grid(grid, g), 0
            while not state.solved():
                if time.monotonic() > deadline:
                    skipped += 1
                    break
                if order == "hodoku" and args.every and steps % args.every == 0:
                    for entry in entries:
                        for s in entry.steps(state):
                            check(s, solution, listed, bad, p)
                nxt = se_next(state) if order == "se" else (hodoku_next(state) or chaining_next(state))
                nxt = nxt or brute_force(state, solution)
                check(nxt, solution, taken, bad, p)
                state.apply(nxt)
                steps += 1
        if (k + 1) % 100 == 0:
            print(f"{k + 1} puzzles, {sum(taken.values())} path steps, {sum(listed.values())} instances, "
                  f"{len(bad)} unsound, {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"puzzles {len(chosen)}, path steps {sum(taken.values())}, finder instances {sum(listed.values())}, "
          f"skipped paths {skipped}, unsound {len(bad)}")
    for slug in sorted(set(taken) | set(listed)):
        print(f"  {slug:40} taken {taken[slug]:8d}  listed {listed[slug]:8d}")
    for p, text, wrong in bad[:20]:
        print("UNSOUND", p, text, wrong)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
