"""Time sudokit's exact-cover engine against peers from PyPI on classic problems, side by side in one run.

    python benchmarks/cover.py                 # both sudokit kernels + every peer that is installed
    python benchmarks/cover.py --peers none    # sudokit only (cells and dlx)
    python benchmarks/cover.py --rounds 3      # engines alternated 3 times, best of each reported

Problems: 12 queens (14200 solutions, diagonals secondary), the 6x10 pentominoes (all 9356 solutions) and the
same with the X piece kept in one quarter (2339). sudokit runs both kernels: cells (Knuth's dancing cells, the
default) and dlx (dancing links). Times are CPU seconds (time.process_time) of the search, the best of --rounds
rounds in which the engines take turns (so a change of load hits them alike); the ratio is against
sudokit-cells. JIT compilation is a separate warm-up, reported on its own line. Peers (optional installs):
xcover (numba, Knuth's dancing cells), exact-cover (C extension), dlx-cython (Cython). Every engine's count is
checked against the known answer. Run it on an idle machine: a loaded 2-core box doubles every figure.
"""

from __future__ import annotations

import argparse

import numpy as np

from timing import cpu
from sudokit.cover import count
from sudokit.cover.puzzles import pentominoes, queens

PROBLEMS = {
    "queens12": (lambda: queens(12), 14200),
    "pentominoes-quarter": (lambda: pentominoes(6, 10, x_in_quarter=True), 2339),
    "pentominoes-6x10": (lambda: pentominoes(6, 10), 9356),
}


def as_lists(problem):
    """Options as lists of item indices (primary items first)."""
    return [problem.opt_items[problem.opt_ptr[k]:problem.opt_ptr[k + 1]].tolist() for k in range(problem.n_options)]


def as_matrix(problem) -> np.ndarray:
    """The 0/1 matrix of a problem without secondary items."""
    m = np.zeros((problem.n_options, problem.n_items), dtype=bool)
    for k, items in enumerate(as_lists(problem)):
        m[k, items] = True
    return m


def peer_runners():
    """The installed peers, each as name -> function(problem) -> solution count (None if it can't)."""
    runners = {}
    try:
        from xcover.dancing_cells import algorithm_c

        def run_xcover(p):
            opts = np.asarray(p.opt_items, dtype=np.uint32)
            ptr = np.asarray(p.opt_ptr, dtype=np.uint32)
            gen = algorithm_c(opts, ptr, np.zeros(len(opts), np.uint32), np.uint32(p.n_items),
                              np.uint32(p.n_secondary))
            return sum(1 for _ in gen)
        runners["xcover"] = run_xcover
    except ImportError:
        pass
    try:
        import exact_cover

        def run_exact_cover(p):
            return None if p.n_secondary else int(exact_cover.get_solution_count(as_matrix(p)))
        runners["exact-cover"] = run_exact_cover
    except ImportError:
        pass
    try:
        from dlxsolver import DLXSolver

        def run_dlx_cython(p):
            return None if p.n_secondary else len(DLXSolver(as_matrix(p).astype(np.int32)).solve())
        runners["dlx-cython"] = run_dlx_cython
    except ImportError:
        pass
    return runners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", default=",".join(PROBLEMS), help="comma-separated subset")
    parser.add_argument("--peers", default="all", help="'all', 'none' or a comma-separated subset")
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=1,
                        help="times every engine runs, taking turns")
    args = parser.parse_args()
    runners = {"sudokit-cells": lambda p: int(count(p, algorithm="cells")),
               "sudokit-dlx": lambda p: int(count(p, algorithm="dlx"))}
    peers = peer_runners()
    if args.peers != "none":
        wanted = peers if args.peers == "all" else {k: peers[k] for k in args.peers.split(",") if k in peers}
        runners.update(wanted)
    warm, _ = cpu(lambda: [fn(queens(5)) for fn in runners.values()])
    print(f"warm-up (JIT compile / load of every engine on 5 queens): {warm:.2f} s")
    print(f"{'problem':22} {'engine':14} {'solutions':>10} {'cpu s':>8} {'vs cells':>9}")
    for name in args.problems.split(","):
        build, expected = PROBLEMS[name]
        problem = build()
        times: dict[str, list[float]] = {engine: [] for engine in runners}
        results = {}
        for _ in range(args.rounds):
            for engine, fn in runners.items():
                seconds, results[engine] = cpu(lambda: fn(problem))
                times[engine].append(seconds)
        base = min(times["sudokit-cells"])
        for engine in runners:
            result, best = results[engine], min(times[engine])
            if result is None:
                print(f"{name:22} {engine:14} {'n/a':>10}")
                continue
            status = "" if result == expected else f"  WRONG (expected {expected})"
            print(f"{name:22} {engine:14} {result:>10} {best:8.2f} {best / base:8.2f}x{status}", flush=True)


if __name__ == "__main__":
    main()
