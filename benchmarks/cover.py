"""Time sudokit's exact-cover engines beside Knuth's C programs and PyPI peers, side by side in one run.

    python benchmarks/cover.py                         # sudokit + every PyPI peer that is installed
    python benchmarks/cover.py --knuth ~/knuth         # + Knuth's dlx1/dlx2/dlx3/dlx5/ssxcc/ssmcc found there
    python benchmarks/cover.py --peers none --rounds 3 --problems queens12,queens13

Problems: n queens (diagonals secondary; all solutions), the 6x10 pentominoes (all 9356 solutions) and the same
with X in one quarter (2339); with multiplicities (DLX3): the 8x8 queen domination, 5 queens attacking or
holding every square (each square an item 1..5 times: 4860 ways) and 3x12 domino tilings with a piece count
(2131); with costs (DLX5): n queens where a queen on (r, c) costs (3r + 5c + rc) mod 11, the cheapest placement.

sudokit's time is CPU seconds (time.process_time) of the solve with the kernels already compiled and loaded:
building the kernel's arrays and the search, count() or cheapest(), best of --rounds rounds in which the engines
take turns. Knuth's programs are timed as whole processes (the children's CPU time, reading the .dlx file
included), run on the very file sudokit.cover.write_dlx makes of the problem; the binaries are looked up by name
in --knuth DIR and skipped when absent (build them yourself from Knuth's CWEB sources; they are not part of
sudokit). Each ratio is sudokit's time over the reference peer of that family: ssxcc (else dlx2/dlx1) for
plain and colored problems, dlx3 for multiplicities, dlx5 for costs. Every engine's count (or optimum) is
checked against the known answer.

Start-up is reported apart: the whole `sudokit cover --count` command on Knuth's DLX1 example, 10 and 12 queens
(a fresh process: interpreter, imports, reading, solving), beside the same files through ssxcc, in CPU seconds
of the child process (wall seconds beside them: on a busy machine those are mostly waiting for a core).

The floor, measured (issue 14; CPU seconds, min of 7 fresh processes taking turns, .scratch/startup.py, 2-core
box shared with other jobs): python -c pass 0.014 (-S 0.011), import click 0.054, import numpy 0.135, numpy +
click 0.146, numpy + sudokit.cli 0.172, `sudokit --help` 0.075, import numpy + numba 0.377; in one process,
loading the first cached kernel adds 0.19-0.24 s (numba's target context: every lowering registry) before the
solve itself (12 queens 0.047). ssxcc: Knuth's DLX1 example 0.0015, 10 queens 0.0046, 12 queens 0.065. So
"within 2x of ssxcc, start-up included" is out of reach for CPython here: 2x ssxcc is 0.003 s on the example
(the bare interpreter takes 0.011-0.014), 0.009 on 10 queens, 0.13 on 12 queens, where importing numpy alone
takes 0.135 and the 251,296 nodes + 4.66M removals cost 5.0 s in plain Python (cover/small.py, ~1M a second)
against ~0.4 s of numba import and kernel load. Cut this round: the puzzle formats no longer imported to read
the file (sudokit.textfile; ~0.02 s) and the console script leaves without the interpreter's teardown
(cli.run; 0.15 s after a kernel ran). `sudokit cover --count`: DLX1 example 0.21 -> 0.18 s, 10 queens 0.46 ->
0.43, 12 queens 0.84 -> 0.66 (ssxcc 0.0015, 0.0046, 0.065).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from timing import cpu
from sudokit.cover import Problem, count, write_dlx
from sudokit.cover.puzzles import pentominoes, queens
from sudokit.cover.solver import bits_suits, cheapest

ROOT = Path(__file__).resolve().parent.parent


def priced_queens(n: int) -> Problem:
    """n queens where a queen on (r, c) costs (3r + 5c + rc) mod 11."""
    q = queens(n)
    costs = [(3 * r + 5 * c + r * c) % 11 for r in range(n) for c in range(n)]
    return Problem.from_arrays(q.n_primary, q.n_secondary, q.opt_ptr, q.opt_items, item_names=q.item_names,
                               costs=costs)


def queen_domination(n: int, k: int) -> Problem:
    """k queens attacking or holding every square of an n x n board (every square an item covered 1..k times)."""
    squares = [(r, c) for r in range(n) for c in range(n)]
    names = [f"{r}.{c}" for r, c in squares]
    options = [["Q"] + [f"{a}.{b}" for a, b in squares if a == r or b == c or a - b == r - c or a + b == r + c]
               for r, c in squares]
    return Problem.from_names(["Q"] + names, (), options, bounds={"Q": k, **{x: (1, k) for x in names}})


def dominoes(rows: int, cols: int) -> Problem:
    """Tilings of a rows x cols board with exactly rows*cols/2 dominoes (a piece item D with that multiplicity)."""
    cells = [f"{r}.{c}" for r in range(rows) for c in range(cols)]
    options = [["D", f"{r}.{c}", f"{r}.{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [["D", f"{r}.{c}", f"{r + 1}.{c}"] for r in range(rows - 1) for c in range(cols)]
    return Problem.from_names(["D"] + cells, (), options, bounds={"D": rows * cols // 2})


# name: (builder, expected count, or expected optimum for a problem with costs)
PROBLEMS = {
    "queens12": (lambda: queens(12), 14200),
    "queens13": (lambda: queens(13), 73712),
    "queens14": (lambda: queens(14), 365596),
    "queens15": (lambda: queens(15), 2279184),
    "queens16": (lambda: queens(16), 14772512),
    "pentominoes-quarter": (lambda: pentominoes(6, 10, x_in_quarter=True), 2339),
    "pentominoes-6x10": (lambda: pentominoes(6, 10), 9356),
    "domination8": (lambda: queen_domination(8, 5), 4860),
    "dominoes3x12": (lambda: dominoes(3, 12), 2131),
    "priced-queens16": (lambda: priced_queens(16), 28),
    "priced-queens20": (lambda: priced_queens(20), 35),
}
DEFAULT = "queens12,queens13,pentominoes-quarter,pentominoes-6x10,domination8,dominoes3x12,priced-queens20"
KNUTH = ("ssxcc", "dlx1", "dlx2", "dlx3", "ssmcc", "dlx5")


def family(problem: Problem) -> str:
    """'costs', 'bounds', 'colors' (secondary items) or 'plain': which of Knuth's programs can read it."""
    if problem.costs is not None:
        return "costs"
    if problem.has_bounds:
        return "bounds"
    return "colors" if problem.n_secondary else "plain"


PROGRAMS = {"plain": ("ssxcc", "dlx2", "dlx1"), "colors": ("ssxcc", "dlx2"), "bounds": ("dlx3", "ssmcc"),
            "costs": ("dlx5",)}


def sudokit_runners(problem: Problem) -> dict:
    """The sudokit engines that can solve the problem: name -> function() -> count (or optimum)."""
    kind = family(problem)
    if kind == "costs":
        return {"sudokit-dlx5": lambda: cheapest(problem, 1)[0].cost}
    if kind == "bounds":
        return {"sudokit-mcc": lambda: int(count(problem))}
    runners = {"sudokit-cells": lambda: int(count(problem, algorithm="cells")),
               "sudokit-cells-first": lambda: int(count(problem, algorithm="cells-first")),
               "sudokit-dlx": lambda: int(count(problem, algorithm="dlx")),
               "sudokit-dlx2": lambda: int(count(problem, algorithm="dlx2"))}
    if not problem.opt_colors.any():  # the bits kernel takes no colors; `auto` is the default's pick of the two
        runners["sudokit-bits"] = lambda: int(count(problem, algorithm="bits"))
        runners[f"sudokit-auto({'bits' if bits_suits(problem) else 'cells'})"] = lambda: int(count(problem))
    return runners


def knuth_runner(binary: Path, path: Path):
    """A function() -> (whole-process CPU seconds, count or optimum) for one of Knuth's programs on a file."""
    def run():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(path, "rb") as stdin:
            done = subprocess.run([str(binary)], stdin=stdin, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        optimum = re.search(r"optimum cost is \$(\d+)", done.stderr)
        total = re.search(r"Altogether (\d+) solution", done.stderr)
        result = int(optimum.group(1)) if optimum else int(total.group(1)) if total else None
        return seconds, result
    return run


def as_matrix(problem) -> np.ndarray:
    """The 0/1 matrix of a problem without secondary items."""
    m = np.zeros((problem.n_options, problem.n_items), dtype=bool)
    for k in range(problem.n_options):
        m[k, problem.opt_items[problem.opt_ptr[k]:problem.opt_ptr[k + 1]]] = True
    return m


def peer_runners():
    """The installed PyPI peers, each as name -> function(problem) -> solution count (None if it can't)."""
    runners = {}
    try:
        from xcover.dancing_cells import algorithm_c

        def run_xcover(p):
            if p.has_bounds or p.costs is not None:
                return None
            gen = algorithm_c(np.asarray(p.opt_items, dtype=np.uint32), np.asarray(p.opt_ptr, dtype=np.uint32),
                              np.zeros(len(p.opt_items), np.uint32), np.uint32(p.n_items), np.uint32(p.n_secondary))
            return sum(1 for _ in gen)
        runners["xcover"] = run_xcover
    except ImportError:
        pass
    try:
        import exact_cover

        def run_exact_cover(p):
            plain = not (p.n_secondary or p.has_bounds or p.costs is not None)
            return int(exact_cover.get_solution_count(as_matrix(p))) if plain else None
        runners["exact-cover"] = run_exact_cover
    except ImportError:
        pass
    return runners


def startup(knuth: Path | None, rounds: int) -> None:
    """Whole commands on small problems: sudokit cover --count against ssxcc, fresh processes, best of rounds.

    CPU seconds of the child (user + system) decide the ratio: on a shared machine a process's wall time is
    mostly waiting for a core. Wall seconds are printed beside them.
    """
    with tempfile.TemporaryDirectory() as tmp:
        files = {"knuth-dlx1": ROOT / "examples" / "knuth-dlx1.dlx"}
        for n in (10, 12):  # 10 queens: below the plain-Python crossover (cover/solver.py TINY_WORK); 12: above
            files[f"queens{n}"] = Path(tmp) / f"queens{n}.dlx"
            files[f"queens{n}"].write_text(write_dlx(queens(n)))
        ssxcc = knuth / "ssxcc" if knuth and (knuth / "ssxcc").exists() else None
        script = Path(sys.executable).parent / "sudokit"  # the console script a user runs (cli.run)
        command = [str(script)] if script.exists() else [sys.executable, "-m", "sudokit"]
        for name, path in files.items():
            runs = [_process([*command, "cover", "--count", str(path)]) for _ in range(rounds)]
            ours, wall = min(runs)
            line = f"start-up  {name:20} sudokit cover --count {ours:6.3f} s cpu ({wall:6.3f} wall)"
            if ssxcc:
                theirs, twall = min(_process([str(ssxcc)], path) for _ in range(rounds))
                line += f"   ssxcc {theirs:6.3f} s cpu ({twall:6.3f} wall)   ({ours / max(theirs, 1e-3):.1f}x cpu)"
            print(line, flush=True)


def _process(command: list[str], stdin: Path | None = None) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as handle:
        subprocess.run(command, stdin=handle, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", default=DEFAULT, help=f"comma-separated subset of {', '.join(PROBLEMS)}")
    parser.add_argument("--peers", default="all", help="PyPI peers: 'all', 'none' or a comma-separated subset")
    parser.add_argument("--knuth", metavar="DIR", help="a directory holding Knuth's binaries (" + ", ".join(KNUTH)
                        + "); those found are run on the same files")
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=1,
                        help="times every engine runs, taking turns")
    parser.add_argument("--no-startup", action="store_true", help="skip the whole-command start-up lines")
    args = parser.parse_args()
    knuth = Path(args.knuth).expanduser() if args.knuth else None
    found = [b for b in KNUTH if knuth and (knuth / b).is_file() and os.access(knuth / b, os.X_OK)]
    peers = peer_runners() if args.peers != "none" else {}
    if args.peers not in ("all", "none"):
        peers = {k: v for k, v in peers.items() if k in args.peers.split(",")}
    print(f"Knuth's programs: {', '.join(found) if found else 'none (--knuth DIR)'};  PyPI peers: "
          f"{', '.join(peers) if peers else 'none installed'}")
    warm, _ = cpu(lambda: [fn() for p in (queens(5), queen_domination(4, 2), priced_queens(5))
                           for fn in sudokit_runners(p).values()])
    print(f"warm-up (JIT compile / load of every sudokit kernel): {warm:.2f} s")
    if not args.no_startup:
        startup(knuth, max(1, args.rounds))
    print(f"{'problem':20} {'engine':19} {'answer':>10} {'cpu s':>8} {'ratio':>7}  (sudokit / reference peer)")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.problems.split(","):
            build, expected = PROBLEMS[name]
            problem = build()
            path = Path(tmp) / f"{name}.dlx"
            path.write_text(write_dlx(problem))
            _compare(name, problem, path, expected, found, knuth, peers, args.rounds)


def _compare(name, problem, path, expected, found, knuth, peers, rounds) -> None:
    """Time every engine that can solve one problem, taking turns; print a line each with its ratio."""
    engines = {k: (lambda fn=fn: cpu(fn)) for k, fn in sudokit_runners(problem).items()}
    programs = [b for b in PROGRAMS[family(problem)] if b in found]
    engines.update({b: knuth_runner(knuth / b, path) for b in programs})
    engines.update({k: (lambda fn=fn: cpu(lambda: fn(problem))) for k, fn in peers.items()})
    times: dict[str, list[float]] = {k: [] for k in engines}
    results = {}
    for _ in range(max(1, rounds)):
        for engine, run in engines.items():
            seconds, results[engine] = run()
            times[engine].append(seconds)
    reference = programs[0] if programs else None
    for engine in engines:
        result, best = results[engine], min(times[engine])
        if result is None:
            continue
        ratio = "" if reference is None or engine.startswith(("ssxcc", "dlx", "ssmcc")) else \
            f"{best / max(min(times[reference]), 1e-4):6.2f}x {reference}"
        status = "" if result == expected else f"  WRONG (expected {expected})"
        print(f"{name:20} {engine:19} {result:>10} {best:8.2f} {ratio}{status}", flush=True)


if __name__ == "__main__":
    main()
