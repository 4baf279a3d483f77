"""Rating speed and agreement: `sudokit rate` against published Sudoku Explainer ratings and against hodoku-py.

    python benchmarks/rate.py                                  # our figures per band
    python benchmarks/rate.py --hodoku-python PYTHON           # hodoku-py side by side (a Python that has it)
    python benchmarks/rate.py --per-band 30 --hardest 2        # sample sizes; 11+ puzzles (slow: minutes)

Puzzles: ../shared/data/rated/se-bank-dev.txt (published SE ratings, see its SOURCES.md) in the bands the human-solving
issue names (ER < 5, 5 <= ER <= 9.3), and the first puzzles of ../shared/data/sudoku/puzzles5_forum_hardest_1905_11+
(all rated 11+ by SE) for --hardest. Times are CPU seconds on one core, kernels compiled beforehand (each band's
neighbouring puzzles are rated first, untimed). hodoku-py (GPL) is never imported here: it runs in its own
interpreter, given with --hodoku-python, on the same puzzles (`pip install hodoku-py` into any other venv).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"

HODOKU_SCRIPT = """
import json, sys, time
from hodoku.api import Solver
solver = Solver()
solver.rate(sys.argv[1].split(",")[0])
out = []
for p in sys.argv[1].split(","):
    t = time.process_time()
    r = solver.rate(p)
    out.append([time.process_time() - t, r.score, r.level.value])
print(json.dumps(out))
"""


def spearman(a, b) -> float:
    """Spearman's rank correlation (average ranks for ties)."""
    def ranks(x):
        x = np.asarray(x, float)
        r = np.empty(len(x))
        r[np.argsort(x, kind="stable")] = np.arange(len(x))
        for v in np.unique(x):
            r[x == v] = r[x == v].mean()
        return r
    if len(a) <= 2 or np.ptp(a) == 0 or np.ptp(b) == 0:  # undefined (the 11+ row's published ratings are all 11)
        return float("nan")
    return float(np.corrcoef(ranks(a), ranks(b))[0, 1])


def bank(path: Path) -> list[tuple[str, float]]:
    """The (puzzle, published ER) pairs of a rated file."""
    return [(p, float(r)) for p, r in (line.split()[:2] for line in path.read_text().splitlines() if line.strip())]


def sample(rows, lo: float, hi: float, per_band: int, shift: int = 0):
    """Up to per_band puzzles with lo <= ER <= hi, spread evenly over the band (shift: the neighbours instead)."""
    chosen = [row for row in rows if lo <= row[1] <= hi]
    step = max(1, len(chosen) // per_band)
    return chosen[shift::step][:per_band]


def ours(puzzles: list[str], scale: str) -> list[tuple[float, float, int]]:
    """(CPU seconds, ER, HoDoKu score) of sudokit's rating of each puzzle, as `sudokit rate --scale SCALE`."""
    from sudokit.geometry import box_geometry
    from sudokit.logic import api

    geometry = box_geometry(3, 3)
    out = []
    for p in puzzles:
        grid = np.array([0 if ch in ".0" else int(ch) for ch in p[:81]])
        t = time.process_time()
        r = api.rate(api.candidates(grid, geometry), geometry, hodoku=scale != "se", se=scale != "hodoku")
        out.append((time.process_time() - t, r.er, r.score))
    return out


def hodoku(python: str, puzzles: list[str]) -> list[tuple[float, int, int]]:
    """(CPU seconds, score, level) of hodoku-py's rating of each puzzle, in its own interpreter."""
    done = subprocess.run([python, "-c", HODOKU_SCRIPT, ",".join(p[:81] for p in puzzles)], capture_output=True,
                          text=True, check=True)
    return [tuple(x) for x in json.loads(done.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bank", type=Path, default=SHARED / "rated" / "se-bank-dev.txt")
    parser.add_argument("--per-band", type=int, default=40)
    parser.add_argument("--hardest", type=int, default=0, help="11+ puzzles to rate too (each takes minutes)")
    parser.add_argument("--hodoku-python", help="a Python interpreter with hodoku-py installed")
    parser.add_argument("--scale", choices=["both", "se", "hodoku"], default="both",
                        help="which scale sudokit computes (as `sudokit rate --scale`)")
    args = parser.parse_args()
    rows = bank(args.bank)
    bands = [("ER < 5", 0.0, 4.99), ("5 <= ER <= 9.3", 5.0, 9.3), ("5 - 7", 5.0, 6.99), ("7 - 8.5", 7.0, 8.49),
             ("8.5 - 9.3", 8.5, 9.3)]
    # warm-up, untimed: three sets of each band's neighbouring puzzles, so that every kernel the timed puzzles reach
    # is compiled or loaded from numba's cache first (a single warm-up puzzle left loads inside the first band's
    # 65 ms; one set of neighbours missed BUG+1's kernel, whose load was 16 of the ER < 5 band's 57 ms)
    ours([p for _, lo, hi in bands[:2] for shift in (1, 2, 3) for p, _ in sample(rows, lo, hi, args.per_band, shift)],
         args.scale)
    print(f"{'band':16} {'n':>4} {'sudokit/s':>10} {'hodoku/s':>9} {'ratio':>7} {'ER rho':>7} {'HoDoKu rho':>10} "
          f"{'in 0.3':>7}")
    for name, lo, hi in bands:
        chosen = sample(rows, lo, hi, args.per_band)
        _report(name, chosen, args)
    if args.hardest:
        path = SHARED / "sudoku" / "puzzles5_forum_hardest_1905_11+"
        lines = [line.split()[0] for line in path.read_text().splitlines() if line and not line.startswith("#")]
        # their own warm-up: 11+ paths reach kernels (SE's chaining rescue) no band above does; without it the first
        # 11+ puzzle loaded or compiled them inside the timing (0.03/s measured, 0.2 s a puzzle warm)
        ours(lines[args.hardest:2 * args.hardest], args.scale)
        _report("ER >= 11 (1905)", [(p, 11.0) for p in lines[:args.hardest]], args)


def _report(name: str, chosen, args) -> None:
    """One band's line: rates, ratio, rank correlations with the published ER, share within 0.3."""
    puzzles = [p for p, _ in chosen]
    published = [r for _, r in chosen]
    mine = ours(puzzles, args.scale)
    rate = len(mine) / sum(t for t, _, _ in mine)
    peer = hodoku(args.hodoku_python, puzzles) if args.hodoku_python else None
    peer_rate = len(peer) / sum(t for t, _, _ in peer) if peer else float("nan")
    within = np.mean([abs(er - r) <= 0.3001 for (_, er, _), r in zip(mine, published)])
    if args.scale == "hodoku":
        within = float("nan")
    rho_peer = spearman([s for _, s, _ in peer], published) if peer else float("nan")
    print(f"{name:16} {len(mine):4d} {rate:10.2f} {peer_rate:9.3f} {rate / peer_rate:7.1f} "
          f"{spearman([er if args.scale != 'hodoku' else s for _, er, s in mine], published):7.4f} {rho_peer:10.4f} "
          f"{within:7.3f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
