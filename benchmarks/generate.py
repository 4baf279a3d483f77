"""Generation speed and accuracy: puzzles per second per HoDoKu level and SE band, hit rate when re-rated by the
grader (`sudokit rate`), minimal puzzles/s with no target, 16x16 and 25x25 medians, canon puzzles/s; side by side
with hodoku-py's generator and qqwing.

    python benchmarks/generate.py                              # our figures
    python benchmarks/generate.py --hodoku-python PYTHON       # hodoku-py side by side (a Python that has it)
    python benchmarks/generate.py --per-level 5 --budget 60    # puzzles per level, seconds per level and peer

One core, kernels compiled beforehand (three warm-up puzzles per target, untimed). hodoku-py (GPL) is never imported
here: it runs in its own interpreter (`pip install hodoku-py` into any other venv), `Generator().generate(level)`
as its API offers, symmetric as its default. qqwing runs if the `qqwing` program is on PATH (Debian's package:
`apt-get install qqwing`); its levels are its own (simple, easy, intermediate, expert), so its output is also
rated here on both scales to show where they fall. Rates are puzzles per CPU-second of the generating process
(the machine is shared: wall-clock rates moved 2-3x with other work, CPU time far less); "wall" columns give
wall-clock for reference.
"""

from __future__ import annotations

import argparse
import json
import resource
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
start, cpu = time.perf_counter(), time.process_time()
made = []
while time.perf_counter() - start < budget and len(made) < want:
    try:
        made.append(gen.generate(DifficultyType[level.upper()], max_tries=50))
    except RuntimeError:
        pass
print(json.dumps({"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu, "puzzles": made}))
"""


def ours(kwargs: dict, count: int, budget: float) -> tuple[list, float, float]:
    """(puzzles made, wall seconds, CPU seconds) for one request, at most budget wall seconds in all."""
    from sudokit.generate import make_request, puzzles

    list(puzzles(make_request(seed=999, max_seconds=budget, **kwargs), 3))  # warm-up (kernels loaded), untimed
    req = make_request(seed=1, max_seconds=budget, **kwargs)
    start, cpu, made = time.perf_counter(), time.process_time(), []
    for m in puzzles(req, count):
        if m.status == "ok":
            made.append(m.puzzle)
        if time.perf_counter() - start > budget:
            break
    return made, time.perf_counter() - start, time.process_time() - cpu


def rerate(grids) -> list:
    """The grader's rating of each puzzle, as `sudokit rate` gives it (both scales)."""
    from sudokit.geometry import box_geometry
    from sudokit.logic import api

    g = box_geometry(3, 3)
    return [api.rate(api.candidates(np.asarray(p, np.int32), g), g, max_seconds=120) for p in grids]


def hodoku(python: str, level: str, budget: float, want: int) -> tuple[int, float]:
    """(puzzles, CPU seconds) hodoku-py's generator made at a level within the budget (wall seconds)."""
    try:
        out = subprocess.run([python, "-c", HODOKU_SCRIPT, level, str(budget), str(want)], capture_output=True,
                             text=True, timeout=budget * 3 + 120)
        doc = json.loads(out.stdout)
        return len(doc["puzzles"]), doc["cpu"]
    except (subprocess.TimeoutExpired, json.JSONDecodeError, OSError):
        return 0, budget


def qqwing(level: str, count: int) -> tuple[list, float]:
    """(puzzles, CPU seconds) of `qqwing --generate count --difficulty level`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["qqwing", "--generate", str(count), "--difficulty", level, "--one-line"],
                         capture_output=True, text=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    lines = [line.strip() for line in out.stdout.splitlines() if len(line.strip()) == 81]
    return [[0 if ch == "." else int(ch) for ch in line] for line in lines], seconds


def rate_of(made: int, seconds: float) -> float:
    """Puzzles per second."""
    return made / seconds if seconds > 0 else 0.0


def levels_table(args) -> dict:
    """Per HoDoKu level: our rate and hit rate, hodoku-py's rate, the ratio."""
    print(f"\nHoDoKu levels ({args.per_level} puzzles a level, re-rated by the grader; rates per CPU-second)")
    print(f"{'level':9} {'ours/s':>9} {'wall/s':>8} {'hit':>7} {'hodoku-py/s':>12} {'ratio':>8}")
    out = {}
    for level in LEVELS:
        made, wall, cpu = ours({"level": level}, args.per_level, args.budget)
        hits = sum(r.level == level for r in rerate(made))
        mine = rate_of(len(made), cpu)
        theirs, shown, ratio = None, "", "     n/a"
        if args.hodoku_python:
            k, s = hodoku(args.hodoku_python, level, args.budget, args.per_level)
            theirs = rate_of(k, s)
            shown = f"{theirs:.3g} ({k})"
            ratio = f"{mine / theirs:7.0f}x" if theirs else "   (inf)"
        print(f"{level:9} {mine:9.2f} {rate_of(len(made), wall):8.2f} {hits:3}/{len(made):<3} {shown:>12} {ratio}")
        out[level] = (mine, hits, len(made), theirs)
    return out


def bands_table(args) -> None:
    """Per SE band: our rate and hit rate."""
    print(f"\nSudoku Explainer bands ({args.per_level} puzzles a band, re-rated by the grader; CPU time)")
    print(f"{'band':9} {'ours/s':>9} {'s/puzzle':>9} {'wall/s':>8} {'hit':>7}")
    for lo, hi in BANDS:
        made, wall, cpu = ours({"rating": (lo, hi)}, args.per_level, args.budget)
        hits = sum(lo - 1e-9 <= r.er <= hi + 1e-9 for r in rerate(made))
        print(f"{lo:.1f}-{hi:.1f}  {rate_of(len(made), cpu):9.2f} {cpu / max(1, len(made)):9.3f} "
              f"{rate_of(len(made), wall):8.2f} {hits:3}/{len(made):<3}")


def qqwing_table(args) -> None:
    """qqwing's levels: its rate, ours at the HoDoKu level its puzzles mostly rate as."""
    if not shutil.which("qqwing"):
        print("\nqqwing: not on PATH (apt-get install qqwing), skipped")
        return
    print(f"\nqqwing (C++), {args.qqwing_count} puzzles a level; 20 of its puzzles rated by the grader (CPU time)")
    print(f"{'qqwing level':14} {'qqwing/s':>9} {'HoDoKu levels of its output':30} {'ours/s at that level':>20}")
    for level in ("simple", "easy", "intermediate", "expert"):
        grids, seconds = qqwing(level, args.qqwing_count)
        ratings = rerate(grids[:20])
        counts = {lv: sum(r.level == lv for r in ratings) for lv in LEVELS}
        common = max(counts, key=counts.get)
        made, _, mine_s = ours({"level": common}, args.per_level, args.budget)
        shown = ", ".join(f"{lv} {k}" for lv, k in counts.items() if k)
        print(f"{level:14} {rate_of(len(grids), seconds):9.1f} {shown:30} {rate_of(len(made), mine_s):20.2f}")


def timed(req, count: int) -> tuple[list, float, float]:
    """(results, wall seconds, CPU seconds) of a run in this process."""
    from sudokit.generate import puzzles

    start, cpu = time.perf_counter(), time.process_time()
    made = list(puzzles(req, count))
    return made, time.perf_counter() - start, time.process_time() - cpu


def sizes_table(args) -> None:
    """Minimal 9x9 puzzles/s with no target; 16x16 and 25x25 medians."""
    from sudokit.generate import make_request, puzzles

    list(puzzles(make_request(seed=5), 10))
    made, wall, cpu = timed(make_request(seed=6), args.plain)
    givens = np.mean([np.count_nonzero(m.puzzle) for m in made])
    print(f"\nno target: {len(made)} minimal 9x9 puzzles in {cpu:.2f} CPU s: {len(made) / cpu:,.0f}/s "
          f"(wall {len(made) / wall:,.0f}/s), {givens:.1f} givens on average")
    made, wall, cpu = timed(make_request(seed=6, symmetry="rot180", minimal=True), args.plain // 20)
    print(f"rot180, strictly minimal: {len(made) / cpu:,.0f}/s (wall {len(made) / wall:,.0f}/s)")
    for n, k in ((16, args.big), (25, max(3, args.big // 3))):
        list(puzzles(make_request(seed=99, size=n), 1))
        cpus, walls = [], []
        for i in range(k):
            _, wall, cpu = timed(make_request(seed=i, size=n), 1)
            cpus.append(cpu)
            walls.append(wall)
        print(f"{n}x{n}: median {np.median(cpus):.2f} CPU s (wall {np.median(walls):.2f} s), max {max(cpus):.2f} s "
              f"over {k} puzzles")


def canon_table() -> None:
    """Canonical forms per second on the shipped benchmark sets."""
    from sudokit.generate.minlex import canon

    for name in ("puzzles2_17_clue_first1000", "puzzles3_magictour_top1465_first1000",
                 "puzzles7_serg_benchmark_first1000"):
        lines = [line.strip()[:81] for line in (DATA / name).read_text().splitlines()
                 if len(line.strip()) >= 81 and not line.startswith("#")]
        grids = np.array([[0 if ch in ".0" else int(ch) for ch in line] for line in lines], np.uint8)
        canon(grids[:10])
        start, cpu = time.perf_counter(), time.process_time()
        canon(grids)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"canon {name}: {len(grids) / cpu:,.0f} puzzles/s (wall {len(grids) / seconds:,.0f}/s)")


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
