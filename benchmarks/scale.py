"""Split searches on 1 and 2 local workers against the plain one-process search, side by side in one run.

    python benchmarks/scale.py                     # 6x6 grids (28,200,960) and the 6x10 pentominoes (9356)
    python benchmarks/scale.py --only pentominoes --rounds 3
    python benchmarks/scale.py --dask              # also a Dask LocalCluster of 2 workers, and its cost per task
    python benchmarks/scale.py --paper             # the pentominoes on 2..128 workers, on paper (see paper())

For each workload, in turn within each round (so a change of load hits them alike; the best of --rounds kept):
    one      the plain search in this process (cover.count / the fast engine on the empty grid)
    split-1  the split search run in this process, cut as for 2 workers: the cost of splitting (estimate, cut,
             walking the top, copying the state per part) with no parallelism
    split-2  the same cut on a LocalPool of 2 processes (pool start and kernel loading included)
Wall seconds and CPU seconds (this process + its workers) are printed, and the ratios the issue asks for:
speed-up = one / split-2 (wall), split overhead = split-1 / one - 1, per-core speed = CPU(one) / CPU(split-2)
(1.0 = each worker runs as fast as one process does alone). Every count is checked against the known answer.
On a shared machine the wall figures move with the other users' load; the CPU figures much less. So each
parallel run also reports its workers' CPU seconds one by one and "on idle cores": this process's CPU plus the
busiest worker's, about the wall time the run takes when each process has a core of its own (what the same run
gives on dedicated machines); the speed-up "on idle cores" is the one process's CPU over that.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

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


def children() -> dict[int, float]:
    """CPU seconds so far of each live child process of this one (from /proc)."""
    tick, out = os.sysconf("SC_CLK_TCK"), {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and fields[0] != "Z":
            out[int(stat.parent.name)] = (int(fields[11]) + int(fields[12])) / tick
    return out


def self_cpu() -> float:
    """CPU seconds of this process alone."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def run_variant(fn, variant: str):
    """One variant of a workload: (count, wall, cpu, workers' CPU seconds, this process's CPU seconds).
    Workers' CPU is read from /proc (a LocalPool, just before it stops) or from the Dask workers themselves."""
    me = self_cpu()
    if variant == "one":
        got, wall, cpu = timed(lambda: fn("one"))
        return got, wall, cpu, [cpu], cpu
    if variant == "split-1":
        got, wall, cpu = timed(lambda: fn(Runner(None, 2)))
        return got, wall, cpu, [cpu], cpu
    if variant == "split-2":
        before, per = set(children()), []

        def two():
            with runner(2) as run:
                got = fn(run)
                per.extend(c for pid, c in children().items() if pid not in before)
            return got
        got, wall, cpu = timed(two)
        return got, wall, cpu, per, self_cpu() - me
    from distributed import Client, LocalCluster

    # a cluster of its own, started and stopped untimed (a client's event loop would load the other runs)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=50) as cluster, Client(cluster) as client:
        client.run(warm)
        start = client.run(time.process_time)
        me = self_cpu()
        with runner(executor=client.get_executor()) as run:
            got, wall, cpu = timed(lambda: fn(run))
        mine = self_cpu() - me
        end = client.run(time.process_time)
    per = [end[w] - start[w] for w in end if w in start]
    return got, wall, cpu + sum(per), per, mine


def warm() -> None:
    """Load the kernels in a worker (as a LocalPool worker's first task does, but untimed here)."""
    fast.warm_up(G6)
    cover_count(pentominoes(3, 10))


def dask_task_cost(tasks: int = 400) -> float:
    """Seconds of scheduler overhead per task: the wall time of `tasks` empty tasks on a LocalCluster of 2 worker
    processes, all submitted at once, per task."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=50) as cluster, Client(cluster) as client:
        ex = client.get_executor()
        list(ex.map(int, range(20)))
        t = time.perf_counter()
        futures = [ex.submit(int, k) for k in range(20, 20 + tasks)]
        for f in futures:
            f.result()
        return (time.perf_counter() - t) / tasks


def paper(workers: list[int], task_seconds: float) -> None:
    """The pentominoes on W workers, on paper: the cut the split makes for W, each task's nodes measured here (one
    process), task time = nodes x this machine's seconds per node + the scheduler's cost per task; tasks handed
    in order to the first free worker, and never faster than one scheduler hands them out (tasks x cost per task);
    the plan (estimate and cut, here) and one worker's walk of the top come first. Prints the parts, the largest
    part's and task's share of the work, and the speed-up that schedule gives."""
    import heapq

    from sudokit.parallel.split import plan, task_ranges, tasks_for
    from sudokit.parallel.work import CoverJob, cover_task

    problem = pentominoes(6, 10)
    found, wall, _ = timed(lambda: cover_count(problem))
    per_node = wall / found.stats.nodes
    print(f"paper: pentominoes one process {wall:.2f} s, {found.stats.nodes} nodes; "
          f"{task_seconds * 1e3:.2f} ms per task")
    for w in workers:
        top, plan_s, _ = timed(lambda: plan(problem, w, "cells", None, None))
        ranges = task_ranges(top, tasks_for(w))
        job = CoverJob.of(problem, f"paper-{w}", "cells", None, top.depth)
        parts = np.array([cover_task(job, k, k + 1, 1 << 62, 0).nodes for k in range(top.parts)], float)
        nodes = np.array([parts[a:b].sum() for a, b in ranges])
        _, walk_s, _ = timed(lambda: SplitSearch(problem, Runner(None, 1), "cells", depth=top.depth).top())
        free = [0.0] * w
        for n in nodes:
            heapq.heappush(free, heapq.heappop(free) + n * per_node + task_seconds)
        span = plan_s + walk_s + max(max(free), len(ranges) * task_seconds)  # one scheduler hands out every task
        print(f"paper: {w:4d} workers  depth {top.depth}  {top.parts:6d} parts  {len(ranges):5d} tasks  largest part "
              f"{parts.max() / parts.sum() * 100:4.1f}%  largest task {nodes.max() / nodes.sum() * 100:4.1f}%  "
              f"plan+walk {plan_s + walk_s:5.2f} s  -> {span:6.2f} s, speed-up {wall / span:6.1f}x "
              f"({wall / span / w * 100:3.0f}% of {w})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=sorted(WORKLOADS), action="append")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--dask", action="store_true", help="also a Dask LocalCluster of 2 workers")
    ap.add_argument("--paper", type=int, nargs="*", metavar="W", help="only the scaling on paper to W workers "
                    "(default 2 8 32 128; the per-task cost is Dask's, measured here)")
    args = ap.parse_args()
    if args.paper is not None:
        fast.warm_up(G6)
        cover_count(pentominoes(3, 10))
        paper(args.paper or [2, 8, 32, 128], dask_task_cost())
        return
    fast.warm_up(G6)
    cover_count(pentominoes(3, 10))
    variants = ["one", "split-1", "split-2"] + (["dask-2"] if args.dask else [])
    if args.dask:
        print(f"dask: {dask_task_cost() * 1e3:.2f} ms of scheduler overhead per task (400 empty tasks, "
              "LocalCluster of 2 processes)")
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for name in args.only or list(WORKLOADS):
        fn, want = WORKLOADS[name]
        best: dict = {}
        for _ in range(args.rounds):
            for v in variants:
                got, wall, cpu, per, mine = run_variant(fn, v)
                assert got == want, (name, v, got)
                # on dedicated cores a run takes about its own serial CPU plus its busiest worker's
                ideal = max(per) + (mine if v in ("split-2", "dask-2") else 0.0)
                row = (wall, cpu, ideal, per)
                old = best.get(v)
                best[v] = row if old is None else tuple(min(a, b) for a, b in zip(row[:3], old[:3])) + (per,)
        for v in variants:
            wall, cpu, ideal, per = best[v]
            workers = " + ".join(f"{c:.2f}" for c in per) if len(per) > 1 else ""
            print(f"{name:12s} {v:8s} wall {wall:7.2f} s   cpu {cpu:7.2f} s   on idle cores ~{ideal:6.2f} s"
                  + (f"   (workers {workers} s)" if workers else ""))
        one, s1, s2 = best["one"], best["split-1"], best["split-2"]
        print(f"{name:12s} 2 workers vs 1: speed-up {one[0] / s2[0]:.2f}x wall, {one[2] / s2[2]:.2f}x on idle cores "
              f"(from CPU); split overhead on one worker {(s1[0] / one[0] - 1) * 100:+.1f}% wall "
              f"{(s1[1] / one[1] - 1) * 100:+.1f}% cpu; per-core speed {one[1] / s2[1]:.2f}")
        if "dask-2" in best:
            d = best["dask-2"]
            print(f"{name:12s} dask 2 workers: speed-up {one[0] / d[0]:.2f}x wall, {one[2] / d[2]:.2f}x on idle "
                  f"cores (from CPU); per-core speed {one[1] / d[1]:.2f}")
        sys.stdout.flush()
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
