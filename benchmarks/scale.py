"""Split searches on 1 and 2 local workers against the plain one-process search, side by side in one run.

    python benchmarks/scale.py                     # 6x6 grids (28,200,960) and the 6x10 pentominoes (9356)
    python benchmarks/scale.py --only pentominoes --rounds 3
    python benchmarks/scale.py --dask              # also a Dask LocalCluster of 2 workers, and its cost per task

For each workload, in turn within each round (so a change of load hits them alike; the best of --rounds kept):
    one      the plain search in this process (cover.count / the fast engine on the empty grid)
    split-1  the split search run in this process, cut as for 2 workers: the cost of splitting (estimate, cut,
             walking the top, copying the state per part) with no parallelism
    split-2  the same cut on a LocalPool of 2 processes (pool start and kernel loading included)
Wall seconds and CPU seconds (this process + its reaped workers) are printed, and the ratios the issue asks
for: speed-up = one / split-2 (wall), split overhead = split-1 / one - 1, per-core speed = CPU(one) / CPU(split-2)
(1.0 = each worker runs as fast as one process does alone). Every count is checked against the known answer.
On a shared machine the wall figures move with the other users' load; the CPU figures much less.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

import numpy as np

from sudokit.cover import count as cover_count
from sudokit.cover.puzzles import pentominoes
from sudokit.geometry import box_geometry
from sudokit.parallel import sudoku as psudoku
from sudokit.parallel.executors import Runner, runner
from sudokit.parallel.split import SplitSearch
from sudokit.sudoku import fast


def cpu_now() -> float:
    """CPU seconds of this process and of its reaped children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn):
    """(result, wall seconds, CPU seconds) of fn()."""
    c, t = cpu_now(), time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t, cpu_now() - c


EMPTY6 = np.zeros(36, np.int32)
G6 = box_geometry(2, 3)


def grids(where) -> int:
    """All 6x6 grids: 'one' = the fast engine on the empty grid; else the split count on the Runner."""
    if where == "one":
        return fast.solve(EMPTY6, G6, limit=1 << 62).count
    return psudoku.count(EMPTY6, G6, None, where).count


def pentos(where) -> int:
    """The 6x10 pentominoes, dancing cells."""
    problem = pentominoes(6, 10)
    if where == "one":
        return int(cover_count(problem))
    return int(SplitSearch(problem, where, "cells").count())


WORKLOADS = {"grids6x6": (grids, 28_200_960), "pentominoes": (pentos, 9356)}


def run_variant(fn, variant: str, dask_client=None):
    """One variant of a workload: (count, wall, cpu)."""
    if variant == "one":
        return timed(lambda: fn("one"))
    if variant == "split-1":
        return timed(lambda: fn(Runner(None, 2)))
    if variant == "split-2":
        def two():
            with runner(2) as run:
                return fn(run)
        return timed(two)
    with runner(executor=dask_client.get_executor()) as run:
        return timed(lambda: fn(run))


def dask_task_cost(client, tasks: int = 400) -> float:
    """Seconds of scheduler overhead per task: the wall time of `tasks` empty tasks on the cluster, per task."""
    ex = client.get_executor()
    list(ex.map(int, range(20)))
    t = time.perf_counter()
    futures = [ex.submit(int, k) for k in range(20, 20 + tasks)]
    for f in futures:
        f.result()
    return (time.perf_counter() - t) / tasks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=sorted(WORKLOADS), action="append")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--dask", action="store_true", help="also a Dask LocalCluster of 2 workers")
    args = ap.parse_args()
    fast.warm_up(G6)
    cover_count(pentominoes(3, 10))
    client = cluster = None
    variants = ["one", "split-1", "split-2"]
    if args.dask:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=50)
        client = Client(cluster)
        variants.append("dask-2")
        print(f"dask: {dask_task_cost(client) * 1e3:.2f} ms of scheduler overhead per task (400 empty tasks, "
              "LocalCluster of 2 processes)")
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for name in args.only or list(WORKLOADS):
        fn, want = WORKLOADS[name]
        best: dict = {}
        for _ in range(args.rounds):
            for v in variants:
                got, wall, cpu = run_variant(fn, v, client)
                assert got == want, (name, v, got)
                old = best.get(v)
                best[v] = (min(wall, old[0]), min(cpu, old[1])) if old else (wall, cpu)
        for v in variants:
            print(f"{name:12s} {v:8s} wall {best[v][0]:7.2f} s   cpu {best[v][1]:7.2f} s")
        one, s1, s2 = best["one"], best["split-1"], best["split-2"]
        print(f"{name:12s} speed-up 2 workers {one[0] / s2[0]:.2f}x (wall), split overhead on one worker "
              f"{(s1[0] / one[0] - 1) * 100:+.1f}% (wall) {(s1[1] / one[1] - 1) * 100:+.1f}% (cpu), per-core speed "
              f"{one[1] / s2[1]:.2f}")
        sys.stdout.flush()
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    if client is not None:
        client.close()
        cluster.close()


if __name__ == "__main__":
    main()
