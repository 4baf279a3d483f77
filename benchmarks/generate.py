"""Generation speed and accuracy: puzzles per second per HoDoKu level and SE band, hit rate when re-rated by the
grader (`sudokit rate`), minimal puzzles/s with no target, 16x16 and 25x25 medians, canon puzzles/s; side by side
with hodoku-py's generator and qqwing.

    python benchmarks/generate.py                              # our figures
    python benchmarks/generate.py --hodoku-python PYTHON       # hodoku-py side by side (a Python that has it)
    python benchmarks/generate.py --per-level 5 --budget 60    # puzzles per level, seconds per level and peer

One core, kernels compiled beforehand (one warm-up puzzle per target, untimed). hodoku-py (GPL) is never imported
here: it runs in its own interpreter (`pip install hodoku-py` into any other venv), `Generator().generate(level)`
as its API offers, symmetric as its default. qqwing runs if the `qqwing` program is on PATH (Debian's package:
`apt-get install qqwing`); its levels are its own (simple, easy, intermediate, expert), so its output is also
rated here on both scales to show where they fall. Times are wall-clock seconds on the project's shared 2-core
machine: several runs vary by 10-30%.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "sudoku"
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
BANDS = ((1.0, 1.2), (1.3, 1.5), (1.6, 2.5), (2.6, 6.0), (6.1, 7.0), (7.0, 8.0), (8.0, 9.0))

HODOKU_SCRIPT = """
import json, sys, time
from hodoku.api import Generator
from hodoku.core.types import DifficultyType
level, budget, want = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
gen = Generator()
start = time.perf_counter()
made = []
while time.perf_counter() - start < budget and len(made) < want:
    try:
        made.append(gen.generate(DifficultyType[level.upper()], max_tries=50))
    except RuntimeError:
        pass
print(json.dumps({"seconds": time.perf_counter() - start, "puzzles": made}))
"""


def ours(kwargs: dict, count: int, budget: float) -> tuple[list, float, int]:
    """(puzzles made, seconds, puzzles asked) for one request, at most budget seconds in all."""
    from sudokit.generate import make_request, puzzles

    list(puzzles(make_request(seed=999, max_seconds=budget, **kwargs), 1))  # warm-up, untimed
    req = make_request(seed=1, max_seconds=budget, **kwargs)
    start, made = time.perf_counter(), []
    for m in puzzles(req, count):
        if m.status == "ok":
            made.append(m.puzzle)
        if time.perf_counter() - start > budget:
            break
    return made, time.perf_counter() - start, count


def rerate(grids) -> list:
    """The grader's rating of each puzzle, as `sudokit rate` gives it (both scales)."""
    from sudokit.geometry import box_geometry
    from sudokit.logic import api

    g = box_geometry(3, 3)
    return [api.rate(api.candidates(np.asarray(p, np.int32), g), g, max_seconds=120) for p in grids]


def hodoku(python: str, level: str, budget: float, want: int) -> tuple[int, float]:
    """(puzzles, seconds) hodoku-py's generator made at a level within the budget."""
    try:
        out = subprocess.run([python, "-c", HODOKU_SCRIPT, level, str(budget), str(want)], capture_output=True,
                             text=True, timeout=budget * 3 + 120)
        doc = json.loads(out.stdout)
        return len(doc["puzzles"]), doc["seconds"]
    except (subprocess.TimeoutExpired, json.JSONDecodeError, OSError):
        return 0, budget


def qqwing(level: str, count: int) -> tuple[list, float]:
    """(puzzles, seconds) of `qqwing --generate count --difficulty level`."""
    start = time.perf_counter()
    out = subprocess.run(["qqwing", "--generate", str(count), "--difficulty", level, "--one-line"],
                         capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    lines = [line.strip() for line in out.stdout.splitlines() if len(line.strip()) == 81]
    return [[0 if ch == "." else int(ch) for ch in line] for line in lines], seconds


def rate_of(made: int, seconds: float) -> float:
    """Puzzles per second."""
    return made / seconds if seconds > 0 else 0.0


def levels_table(args) -> dict:
    """Per HoDoKu level: our rate and hit rate, hodoku-py's rate, the ratio."""
    print(f"\nHoDoKu levels ({args.per_level} puzzles a level, re-rated by the grader)")
    print(f"{'level':9} {'ours/s':>9} {'hit':>7} {'hodoku-py/s':>12} {'ratio':>8}")
    out = {}
    for level in LEVELS:
        made, seconds, _ = ours({"level": level}, args.per_level, args.budget)
        hits = sum(r.level == level for r in rerate(made))
        mine = rate_of(len(made), seconds)
        theirs = None
        if args.hodoku_python:
            k, s = hodoku(args.hodoku_python, level, args.budget, args.per_level)
            theirs = rate_of(k, s)
        ratio = f"{mine / theirs:8.0f}x" if theirs else ("     n/a" if theirs is None else "   (inf)")
        print(f"{level:9} {mine:9.2f} {hits:3}/{len(made):<3} {theirs if theirs is not None else '':>12.4} {ratio}"
              if theirs is not None else f"{level:9} {mine:9.2f} {hits:3}/{len(made):<3} {'':>12} {ratio}")
        out[level] = (mine, hits, len(made), theirs)
    return out


def bands_table(args) -> None:
    """Per SE band: our rate and hit rate."""
    print(f"\nSudoku Explainer bands ({args.per_level} puzzles a band, re-rated by the grader)")
    print(f"{'band':9} {'ours/s':>9} {'s/puzzle':>9} {'hit':>7}")
    for lo, hi in BANDS:
        made, seconds, _ = ours({"rating": (lo, hi)}, args.per_level, args.budget)
        hits = sum(lo - 1e-9 <= r.er <= hi + 1e-9 for r in rerate(made))
        print(f"{lo:.1f}-{hi:.1f}  {rate_of(len(made), seconds):9.2f} {seconds / max(1, len(made)):9.3f} "
              f"{hits:3}/{len(made):<3}")


def qqwing_table(args) -> None:
    """qqwing's levels: its rate, ours at the HoDoKu level its puzzles mostly rate as."""
    if not shutil.which("qqwing"):
        print("\nqqwing: not on PATH (apt-get install qqwing), skipped")
        return
    print(f"\nqqwing (C++), {args.qqwing_count} puzzles a level; its puzzles rated by the grader")
    print(f"{'qqwing level':14} {'qqwing/s':>9} {'HoDoKu levels of its output':30} {'ours/s at that level':>20}")
    for level in ("simple", "easy", "intermediate", "expert"):
        grids, seconds = qqwing(level, args.qqwing_count)
        ratings = rerate(grids[:20])
        counts = {lv: sum(r.level == lv for r in ratings) for lv in LEVELS}
        common = max(counts, key=counts.get)
        made, mine_s, _ = ours({"level": common}, args.per_level, args.budget)
        shown = ", ".join(f"{lv} {k}" for lv, k in counts.items() if k)
        print(f"{level:14} {rate_of(len(grids), seconds):9.1f} {shown:30} {rate_of(len(made), mine_s):20.2f}")


def sizes_table(args) -> None:
    """Minimal 9x9 puzzles/s with no target; 16x16 and 25x25 medians."""
    from sudokit.generate import make_request, puzzles

    list(puzzles(make_request(seed=5), 10))
    start = time.perf_counter()
    made = list(puzzles(make_request(seed=6), args.plain))
    seconds = time.perf_counter() - start
    givens = np.mean([np.count_nonzero(m.puzzle) for m in made])
    print(f"\nno target: {len(made)} minimal 9x9 puzzles in {seconds:.2f} s: {len(made) / seconds:,.0f}/s, "
          f"{givens:.1f} givens on average")
    start = time.perf_counter()
    made = list(puzzles(make_request(seed=6, symmetry="rot180", minimal=True), args.plain // 20))
    seconds = time.perf_counter() - start
    print(f"rot180, strictly minimal: {len(made) / seconds:,.0f}/s")
    for n, k in ((16, args.big), (25, max(3, args.big // 3))):
        list(puzzles(make_request(seed=99, size=n), 1))
        times = []
        for i in range(k):
            start = time.perf_counter()
            list(puzzles(make_request(seed=i, size=n), 1))
            times.append(time.perf_counter() - start)
        print(f"{n}x{n}: median {np.median(times):.2f} s, max {max(times):.2f} s over {k} puzzles")


def canon_table() -> None:
    """Canonical forms per second on the shipped benchmark sets."""
    from sudokit.generate.canon import canon

    for name in ("puzzles2_17_clue_first1000", "puzzles3_magictour_top1465_first1000",
                 "puzzles7_serg_benchmark_first1000"):
        lines = [line.strip()[:81] for line in (DATA / name).read_text().splitlines()
                 if len(line.strip()) >= 81 and not line.startswith("#")]
        grids = np.array([[0 if ch in ".0" else int(ch) for ch in line] for line in lines], np.uint8)
        canon(grids[:10])
        start = time.perf_counter()
        canon(grids)
        seconds = time.perf_counter() - start
        print(f"canon {name}: {len(grids) / seconds:,.0f} puzzles/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hodoku-python", help="A Python interpreter that has hodoku-py installed.")
    parser.add_argument("--per-level", type=int, default=10, help="Puzzles per level / band.")
    parser.add_argument("--budget", type=float, default=60.0, help="Seconds per level for each generator.")
    parser.add_argument("--plain", type=int, default=4000, help="Puzzles for the no-target rate.")
    parser.add_argument("--big", type=int, default=9, help="16x16 puzzles for the median (25x25: a third).")
    parser.add_argument("--qqwing-count", type=int, default=200, help="Puzzles per qqwing level.")
    parser.add_argument("--only", choices=("sizes", "canon", "levels", "bands", "qqwing"), action="append",
                        help="Run only these tables.")
    args = parser.parse_args()
    only = set(args.only or ("sizes", "canon", "levels", "bands", "qqwing"))
    if "sizes" in only:
        sizes_table(args)
    if "canon" in only:
        canon_table()
    if "levels" in only:
        levels_table(args)
    if "bands" in only:
        bands_table(args)
    if "qqwing" in only:
        qqwing_table(args)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
