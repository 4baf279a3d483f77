"""Chains, ALS techniques, Sue de Coq and forcing chains/nets: soundness and speed along solve paths.

Usage (from the repo root, with the project installed):

    python benchmarks/chains.py                          # 300 puzzles of each 9x9 set, every hard state
    python benchmarks/chains.py --sets 17_clue --max 1000
    python benchmarks/chains.py --every 3                # check every 3rd hard state only
    python benchmarks/chains.py --sets magictour --max 30 --peer /work/peers/venv/lib/python3.11/site-packages

--peer: also time hodoku-py (GPL; a benchmark peer only, never imported by sudokit; give the site-packages folder
it is installed in unless it imports as is) on the same hard states, finding every instance of the same
techniques (SudokuStepFinder.find_all per HoDoKu solution type), and print each finder's time ratio.

Each puzzle is walked along a path of basic steps (singles, locked candidates, subsets) and the techniques of
logic/sue_de_coq.py, chains.py, als.py and nets.py (a Brute Force placement when all fail). At every state where
the basic steps run out (a "hard" state) every finder runs and every step it yields is checked against the
solution (an elimination of the solution's digit or a wrong placement is UNSOUND). The report gives, per finder,
the mean and worst time per hard state in ms (CPU time of this process, one core; the machine is shared) and the
steps found; per set, the mean time of all finders together per hard state. Data: ../shared/data/sudoku when it is
there, else tests/data/sudoku (first 1000 lines of each set). The JIT warm-up is done before timing.

Measured 2026-11-23 on this machine (2 shared cores), ``python benchmarks/chains.py --max 300`` (data from
../shared): 1,200 puzzles, 18,072 hard states, 1.9 million steps checked, 0 unsound. All eleven finders together,
ms per hard state, mean / worst:

    17_clue      31 states   45.1 /  84.3       1905_11+   7479 states   42.4 / 251.6
    magictour  2413 states   48.2 / 261.6       1106       8149 states   41.4 / 289.8

    per finder on 1905_11+ (mean / worst ms): sue_de_coq 1.3 / 3.6, x_chains 0.9 / 2.3, xy_chains 0.4 / 5.8,
    nice_loops 2.4 / 77, grouped_nice_loops 3.2 / 52, als_xz 4.5 / 37, als_xy_wing 0.7 / 8.3, als_xy_chain
    2.3 / 78, death_blossom 1.2 / 16, forcing_chains 8.0 / 87, forcing_nets 17.7 / 122

Against hodoku-py 1.0 (find_all of the same solution types on the same states; ``--sets magictour --max 12
--every 4 --peer ...``, 17 states), sudokit's time ratio: Sue de Coq x20, X-Chain x69, XY-Chain x69, nice loops
x155, grouped x172, ALS-XZ x14, ALS-XY-Wing x215, ALS-XY-Chain x48, Death Blossom x53, forcing chains x76, forcing
nets x168.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from sudokit.geometry import box_geometry
from sudokit.logic import als, chains, nets, sue_de_coq
from sudokit.logic.candidates import Candidates
from sudokit.logic.catalogue import HODOKU_ORDER
from sudokit.logic.path import hodoku_next
from sudokit.sudoku import engine

G9 = box_geometry(3, 3)
FINDERS = (sue_de_coq.sue_de_coq, chains.x_chains, chains.xy_chains, chains.nice_loops, chains.grouped_nice_loops,
           als.als_xz, als.als_xy_wing, als.als_xy_chain, als.death_blossom, nets.forcing_chains, nets.forcing_nets)
BASIC = tuple(e for e in HODOKU_ORDER if e.module in ("singles", "intersections", "subsets"))
ORDER = BASIC + tuple(e for e in HODOKU_ORDER if e.module in ("sue_de_coq", "chains", "als", "nets"))
SETS = ("puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106")


def data_dir() -> Path:
    """../shared/data/sudoku if present, else the repo's test excerpts."""
    root = Path(__file__).resolve().parent.parent
    shared = root.parent / "shared" / "data" / "sudoku"
    return shared if shared.is_dir() else root / "tests" / "data" / "sudoku"


def puzzles(name: str, limit: int) -> list[np.ndarray]:
    """The first puzzles of a set (the full file, or its first-1000 excerpt)."""
    folder = data_dir()
    path = next((p for p in sorted(folder.iterdir()) if p.name.startswith(name)), None)
    if path is None:
        return []
    lines = [x.strip() for x in path.read_text().splitlines()]
    lines = [x for x in lines if x and not x.startswith("#")][:limit]
    return [np.array([0 if ch in ".0" else int(ch) for ch in x[:81]], np.int32) for x in lines]


# HoDoKu's solution types per finder, for the peer comparison
PEER_TYPES = {
    "sue_de_coq": ("SUE_DE_COQ",), "x_chains": ("X_CHAIN",), "xy_chains": ("XY_CHAIN",),
    "nice_loops": ("CONTINUOUS_NICE_LOOP", "DISCONTINUOUS_NICE_LOOP", "AIC"),
    "grouped_nice_loops": ("GROUPED_CONTINUOUS_NICE_LOOP", "GROUPED_DISCONTINUOUS_NICE_LOOP", "GROUPED_AIC"),
    "als_xz": ("ALS_XZ",), "als_xy_wing": ("ALS_XY_WING",), "als_xy_chain": ("ALS_XY_CHAIN",),
    "death_blossom": ("DEATH_BLOSSOM",), "forcing_chains": ("FORCING_CHAIN_CONTRADICTION", "FORCING_CHAIN_VERITY"),
    "forcing_nets": ("FORCING_NET_CONTRADICTION", "FORCING_NET_VERITY"),
}


class Tally:
    """Times, step counts and unsound steps per finder (and the peer's times on the same states)."""

    def __init__(self, peer=None):
        self.times = defaultdict(list)
        self.peer_times = defaultdict(list)
        self.steps = Counter()
        self.unsound = []
        self.states = 0
        self.peer = peer

    def run(self, state: Candidates, solution) -> None:
        """Every finder on one hard state, timed and checked."""
        self.states += 1
        for finder in FINDERS:
            t = time.process_time()
            found = list(finder(state))
            self.times[finder.__name__].append(time.process_time() - t)
            for s in found:
                self.steps[s.slug] += 1
                if any(solution[c] == d for c, d in s.eliminations) or any(solution[c] != d for c, d in s.placements):
                    self.unsound.append(s.explanation)
        if self.peer is not None:
            self.run_peer(state)

    def run_peer(self, state: Candidates) -> None:
        """hodoku-py's find_all for the same techniques on the same candidates."""
        grid_cls, finder_cls, types = self.peer
        for name, kinds in PEER_TYPES.items():
            grid = grid_cls()
            grid.set_sudoku("".join(str(v) if v else "." for v in state.values))
            for c in range(81):
                for d in range(1, 10):
                    if not state.values[c] and grid.candidates[c] >> (d - 1) & 1 and not state.cand[c] >> (d - 1) & 1:
                        grid.del_candidate(c, d)
            t = time.process_time()
            for kind in kinds:
                finder_cls(grid).find_all(getattr(types, kind))
            self.peer_times[name].append(time.process_time() - t)


def walk(grid: np.ndarray, tally: Tally, every: int, counter: list[int]) -> None:
    """One solve path, feeding every `every`-th hard state to the tally."""
    solution = engine("fast")(grid, G9, 2).solution
    state = Candidates.from_grid(grid, G9)
    while not state.solved():
        s = hodoku_next(state, BASIC)
        if s is None:
            counter[0] += 1
            if counter[0] % every == 0:
                tally.run(state, solution)
            s = hodoku_next(state, ORDER)
        if s is None:
            cell = min((c for c in range(81) if not state.values[c]), key=lambda c: (state.count(c), c))
            state.place(cell, int(solution[cell]))
        else:
            state.apply(s)


def report(name: str, tally: Tally, seconds: float, count: int) -> None:
    """Print one set's figures."""
    total = [sum(x) for x in zip(*tally.times.values())] if tally.times else [0.0]
    print(f"{name}: {count} puzzles, {tally.states} hard states, {seconds:.1f} s; all finders "
          f"{1000 * np.mean(total):.1f} ms mean / {1000 * max(total):.1f} ms worst per hard state; "
          f"UNSOUND steps: {len(tally.unsound)}")
    for fname, times in tally.times.items():
        line = f"    {fname:20s} {1000 * np.mean(times):7.2f} ms mean {1000 * max(times):8.1f} ms worst"
        if tally.peer_times.get(fname):
            peer = np.mean(tally.peer_times[fname])
            line += f"   hodoku-py {1000 * peer:9.1f} ms mean: x{peer / max(np.mean(times), 1e-9):,.0f}"
        print(line)
    print("    steps found: " + ", ".join(f"{k} {v}" for k, v in tally.steps.most_common()))
    for text in tally.unsound[:10]:
        print("    UNSOUND:", text)


def load_peer(path: str):
    """(Grid, SudokuStepFinder, SolutionType) of hodoku-py, from the given site-packages folder if needed."""
    if path:
        sys.path.append(path)
    from hodoku.core.grid import Grid
    from hodoku.core.types import SolutionType
    from hodoku.solver.step_finder import SudokuStepFinder
    return Grid, SudokuStepFinder, SolutionType


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", nargs="*", default=None, help="substrings of the set names (default: all)")
    ap.add_argument("--max", type=int, default=300, help="puzzles per set")
    ap.add_argument("--every", type=int, default=1, help="check every k-th hard state")
    ap.add_argument("--peer", nargs="?", const="", default=None, metavar="SITE_PACKAGES",
                    help="also time hodoku-py on the same states (optionally: the folder it is installed in)")
    args = ap.parse_args(argv)
    peer = load_peer(args.peer) if args.peer is not None else None
    warm = Candidates.from_grid(puzzles(SETS[1], 1)[0], G9)
    t = time.process_time()
    for finder in FINDERS:
        list(finder(warm))
    print(f"JIT warm-up (compile or cache load): {time.process_time() - t:.1f} s", file=sys.stderr)
    unsound = 0
    for name in SETS:
        if args.sets and not any(s in name for s in args.sets):
            continue
        grids = puzzles(name, args.max)
        tally, t = Tally(peer), time.process_time()
        counter = [0]
        for grid in grids:
            walk(grid, tally, args.every, counter)
        report(name, tally, time.process_time() - t, len(grids))
        unsound += len(tally.unsound)
    return 1 if unsound else 0


if __name__ == "__main__":
    sys.exit(main())
