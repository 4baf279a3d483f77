"""Split searches (parallel/): the cut partitions the tree, counts and orders equal one process, early answers,
Knuth's estimate, checkpoints and lost workers; on local processes (LocalPool) and in-process runners."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from sudokit import parallel
from sudokit.cover import solver
from sudokit.cover.puzzles import pentominoes, queens
from sudokit.geometry import box_geometry
from sudokit.parallel import sudoku as psudoku
from sudokit.parallel.checkpoint import Journal
from sudokit.parallel.probes import estimate
from sudokit.parallel.executors import Runner, runner
from sudokit.parallel.split import MIN_PARTS, PARTS_PER_WORKER, RAMP, SplitSearch, parts_for, plan
from sudokit.parallel.tree import cut
from sudokit.sudoku import fast
from sudokit.sudoku.grid import is_solution

from conftest import child_pids

ROOT = Path(__file__).parent.parent
QUEENS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352}
# a 9x9 puzzle with several solutions: hardest.txt's first answer with 40 cells blanked
SOLVED = "859612437723854169164379528986147352375268914241593786432981675617425893598736241"
SEVERAL = "".join("." if (k * 7) % 81 < 40 else ch for k, ch in enumerate(SOLVED))


def here(workers: int = 2) -> Runner:
    """A runner that runs every task in this process but plans for `workers` (the cut is the same)."""
    return Runner(None, workers)


@pytest.mark.parametrize("algorithm", ["dlx", "cells"])
@pytest.mark.parametrize("depth", [1, 2, 3, 5])
def test_the_cut_partitions_the_tree(algorithm, depth):
    p = queens(8)
    top = cut(p, depth, algorithm)
    split = SplitSearch(p, here(), algorithm, depth=depth)
    total = split.count()
    assert total == 92 and len(set(top.prefixes)) == top.parts
    if algorithm == "dlx":  # dancing links: the parts are the one-process subtrees, node for node
        assert total.stats.nodes == solver.count(p, algorithm="dlx").stats.nodes


@pytest.mark.parametrize("algorithm", ["dlx", "cells"])
@pytest.mark.parametrize("n", sorted(QUEENS))
def test_split_counts_equal_one_process(algorithm, n):
    for depth in (1, 2, 4):
        assert SplitSearch(queens(n), here(), algorithm, depth=depth).count() == QUEENS[n]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_dlx_solutions_come_in_one_process_order(depth):
    p = queens(8)
    one = [s.options for s in solver.solutions(p, algorithm="dlx")]
    assert list(SplitSearch(p, here(), "dlx", depth=depth).solutions()) == one
    assert list(SplitSearch(p, here(), "dlx", depth=depth).solutions(5)) == one[:5]


@pytest.mark.parametrize("algorithm", ["dlx", "cells"])
def test_first_solution_uniqueness_and_limits(algorithm):
    p = queens(8)
    first = solver.solve(p, algorithm="dlx").options
    split = SplitSearch(p, here(), algorithm, depth=2)
    got = next(split.solutions(1))
    assert sorted(got) == sorted(set(got)) and len(got) == 8
    if algorithm == "dlx":
        assert got == first
    assert SplitSearch(p, here(), algorithm, depth=2).count(10) == 10
    assert SplitSearch(queens(4), here(), algorithm, depth=1).count(2) == 2
    assert SplitSearch(queens(3), here(), algorithm, depth=1).count() == 0


def test_seeded_split_counts_are_exact():
    p = queens(8)
    assert SplitSearch(p, here(), "cells", seed=7, depth=2).count() == 92
    assert SplitSearch(p, here(), "dlx", seed=7, depth=2).count() == 92


def test_pentominoes_quarter_on_two_local_processes():
    p = pentominoes(6, 10, x_in_quarter=True)
    assert parallel.count(p, jobs=2) == 2339
    assert not child_pids()


def test_solve_stops_later_parts_and_unique():
    p = pentominoes(6, 10, x_in_quarter=True)
    one = solver.solve(p, algorithm="dlx").options
    t = time.perf_counter()
    sol = parallel.solve(p, jobs=2, algorithm="dlx", depth=2)
    assert sol.options == one and time.perf_counter() - t < 60
    assert parallel.is_unique(p, jobs=2, depth=2) is False
    assert parallel.count(p, 100, jobs=2, depth=3) == 100


def test_small_trees_are_not_cut():
    split = SplitSearch(queens(6), here(8), "cells")
    assert split.top().depth == 0 and split.count() == 4


def test_few_workers_get_fewer_larger_parts():
    """The cut aims at fewer parts per worker for few workers (each part has a fixed cost), PARTS_PER_WORKER each
    for many (balance), MIN_PARTS at least, and the real cut never holds fewer than a quarter of the aim."""
    aims = [parts_for(w) for w in (1, 2, 4, 8, 16, 32, 128)]
    assert aims[0] == aims[1] == MIN_PARTS and aims == sorted(aims)
    assert [a // w for a, w in zip(aims[2:], (4, 8, 16, 32, 128))] == [64, 128, 256, 256, 256] == \
        [min(PARTS_PER_WORKER, RAMP * w) for w in (4, 8, 16, 32, 128)]
    p = pentominoes(6, 10)
    assert plan(p, 1, "cells", None, None).depth == 0
    two, eight = plan(p, 2, "cells", None, None), plan(p, 8, "cells", None, None)
    assert 0 < two.depth < eight.depth and two.parts < eight.parts
    assert two.parts >= parts_for(2) // 4 and eight.parts >= parts_for(8) // 4


def test_estimate_band_holds_the_known_tree_sizes():
    """Knuth's estimate: on trees whose size we know (dancing links), the probes' band holds nodes and solutions."""
    for p in (queens(8), queens(9), pentominoes(3, 10)):
        truth = solver.count(p, algorithm="dlx")
        hits = 0
        for seed in range(5):
            est = estimate(p, 2000, seed, "dlx")
            hits += truth.stats.nodes in est.nodes and int(truth) in est.solutions
        assert hits >= 4, (p.n_primary, truth.stats, est)  # a 95% band misses now and then, rarely twice


def test_estimate_of_6x6_sudoku_grids():
    from sudokit.sudoku.exact import encode

    problem, _ = encode(np.zeros(36, np.int32), box_geometry(2, 3))
    est = estimate(problem, 1000, 0, "dlx")
    assert 28_200_960 in est.solutions and est.solutions.high < 2 * 28_200_960


def test_sudoku_split_counts():
    g = box_geometry(2, 3)
    row = np.zeros(36, np.int32)
    row[:6] = np.arange(1, 7)
    with runner(2) as run:
        res = psudoku.count(row, g, None, run, depth=6)
        assert res.count == 39168  # x 720 relabellings = 28,200,960 grids (the full count: benchmarks/scale.py)
        several = np.array([0 if c == "." else int(c) for c in SEVERAL], np.int32)
        one = fast.solve(several, box_geometry(3, 3), limit=1 << 40)
        assert one.count > 1
        got = psudoku.count(several, box_geometry(3, 3), None, run, depth=3)
        assert got.count == one.count
        dlx = psudoku.count(several, box_geometry(3, 3), None, run, depth=3, engine="dlx")
        assert dlx.count == one.count
    assert not child_pids()


def test_checkpoint_resumes_with_the_same_total(tmp_path):
    p = pentominoes(6, 10, x_in_quarter=True)
    path = str(tmp_path / "run.ckpt")
    calls = []

    def stop_after_some(done, total):
        calls.append(done)
        if len(calls) == 20:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        parallel.count(p, jobs=2, checkpoint=path, progress=stop_after_some)
    journalled = len(Journal(path).records)
    assert journalled >= 19
    seen = []
    # resumed in one process, whose tasks group the parts otherwise: the journalled parts are still skipped
    assert parallel.count(p, jobs=1, checkpoint=path, progress=lambda d, t: seen.append((d, t))) == 2339
    assert seen[0][0] > 0  # the resumed run started with the journalled parts done
    assert parallel.count(p, jobs=2, checkpoint=path) == 2339  # everything journalled: nothing to run
    assert not child_pids()


def first_row(givens: int) -> np.ndarray:
    """The empty 6x6 grid with its first `givens` cells 1, 2, ...: 28,200,960 / (6!/(6-givens)!) grids complete it."""
    row = np.zeros(36, np.int32)
    row[:givens] = np.arange(1, givens + 1)
    return row


def test_sudoku_split_solve_and_uniqueness_stop_early():
    g9 = box_geometry(3, 3)
    several = np.array([0 if c == "." else int(c) for c in SEVERAL], np.int32)
    with runner(2) as run:
        one = psudoku.count(several, g9, 1, run, depth=3)
        assert one.count == 1 and is_solution(one.solution, several, g9)
        two = psudoku.count(several, g9, 2, run, depth=3, engine="dlx")
        assert two.count == 2 and is_solution(two.solution, several, g9)
    assert not child_pids()


def test_sudoku_count_interrupted_then_resumed_from_the_checkpoint(tmp_path):
    """A split Sudoku count stopped part-way resumes from its journal, on another runner, to the same total."""
    g6, grid, path = box_geometry(2, 3), first_row(3), str(tmp_path / "grids.ckpt")
    calls = []

    def stop_after_some(done, total):
        calls.append(done)
        if len(calls) == 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt), Journal(path) as journal, runner(2) as run:
        psudoku.count(grid, g6, None, run, journal=journal, progress=stop_after_some)
    assert not child_pids()
    journalled = len(Journal(path).records)
    assert journalled >= 10
    seen = []
    with Journal(path) as journal:
        res = psudoku.count(grid, g6, None, here(1), journal=journal, progress=lambda d, t: seen.append(d))
    assert res.count == 28_200_960 // 120 and seen[0] > 0
    assert is_solution(res.solution, grid, g6)
    with Journal(path) as journal:  # everything journalled: the same answer with nothing run
        again = psudoku.count(grid, g6, None, here(1), journal=journal, progress=lambda d, t: seen.append(d))
    assert again.count == res.count and np.array_equal(again.solution, res.solution)


def test_a_checkpoint_that_is_not_one_is_refused(tmp_path):
    from sudokit.errors import InputError

    other = tmp_path / "puzzles.txt"
    other.write_text(SEVERAL + "\n")
    with pytest.raises(InputError, match="not a sudokit checkpoint"):
        Journal(str(other))
    assert other.read_text() == SEVERAL + "\n"  # left as it was
    run = sudokit("cover", "--count", "--checkpoint", other, ROOT / "examples" / "queens8.dlx")
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.count("\n") == 1


def test_a_killed_worker_does_not_change_the_count():
    p = pentominoes(6, 10, x_in_quarter=True)
    killed = []

    def kill_one(done, total):
        if done and not killed:
            pid = child_pids()[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    assert parallel.count(p, jobs=2, progress=kill_one) == 2339 and killed
    assert not child_pids()


# ---- the command line ----

def sudokit(*args, **kw):
    return subprocess.run([sys.executable, "-m", "sudokit", *map(str, args)], capture_output=True, text=True, **kw)


def test_cli_cover_jobs_count_all_and_estimate(tmp_path):
    q = tmp_path / "q8.dlx"
    q.write_text(queens(8).to_dlx())
    one = sudokit("cover", "--all", "--algorithm", "dlx", q)
    split = sudokit("cover", "--all", "--algorithm", "dlx", "--jobs", "2", q)
    assert split.returncode == 0 and split.stdout == one.stdout
    assert sudokit("cover", "--count", "-j", "2", ROOT / "examples" / "queens8.dlx").stdout == "92\n"
    est = sudokit("cover", "--estimate", "--probes", "200", q)
    assert est.returncode == 0 and est.stdout.startswith("nodes ") and "solutions" in est.stdout
    bad = sudokit("cover", "--count", "-j", "2", "--max-nodes", "10", q)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    for knuth in ("knuth-dlx3.dlx", "knuth-dlx5.dlx"):  # multiplicities, costs: not split (one line, exit 2)
        bad = sudokit("cover", "--count", "-j", "2", ROOT / "examples" / knuth)
        assert bad.returncode == 2 and "plain exact cover" in bad.stderr and "Traceback" not in bad.stderr


def test_cli_solve_split_count_all_and_estimate(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(SEVERAL + "\n")
    one = sudokit("solve", "--count", f).stdout
    assert sudokit("solve", "--count", "--jobs", "2", f).stdout == one
    all_one = sudokit("solve", "--all", "--limit", "50", f).stdout
    assert sudokit("solve", "--all", "--limit", "50", "--jobs", "2", f).stdout == all_one
    est = sudokit("solve", "--count", "--estimate", f)
    assert est.returncode == 0 and est.stdout.count("\n") == 1 and "95% band" in est.stdout


def test_cli_interrupt_then_resume_from_the_checkpoint(tmp_path):
    ckpt, quarter = tmp_path / "p.ckpt", tmp_path / "quarter.dlx"
    quarter.write_text(pentominoes(6, 10, x_in_quarter=True).to_dlx())
    args = [sys.executable, "-m", "sudokit", "cover", "--count", "-j", "2", "--checkpoint", ckpt, quarter]
    proc = subprocess.Popen(list(map(str, args)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not ckpt.exists() or ckpt.read_text().count("\n") < 4):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "resume" in err and out == ""
    done = ckpt.read_text().count("\n") - 1
    assert done >= 3
    again = sudokit("cover", "--count", "-j", "2", "--checkpoint", ckpt, quarter, timeout=600)
    assert again.returncode == 0 and again.stdout == "2339\n"


def test_cli_solve_count_interrupted_then_resumed(tmp_path):
    """solve --count on 2 processes, Ctrl-C once some parts are journalled, the same command again: the exact total."""
    ckpt, grid = tmp_path / "g.ckpt", tmp_path / "two.txt"
    grid.write_text("12" + "." * 34 + "\n")  # 28,200,960 / 30 grids
    args = [sys.executable, "-m", "sudokit", "solve", "--count", "-j", "2", "--checkpoint", ckpt, grid]
    proc = subprocess.Popen(list(map(str, args)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not ckpt.exists() or ckpt.read_text().count("\n") < 4):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if proc.returncode == 0:  # the count finished before the interrupt landed: nothing to resume
        assert out == "940032\n"
    else:
        assert proc.returncode == 130 and "resumes from" in err and "Traceback" not in err and out == ""
    assert ckpt.read_text().count("\n") >= 4
    again = sudokit("solve", "--count", "-j", "2", "--checkpoint", ckpt, grid, timeout=600)
    assert again.returncode == 0 and again.stdout == "940032\n", again.stderr


def test_cli_batches_stream_in_order_on_processes_and_resume(tmp_path):
    rows = (ROOT / "examples" / "hardest.txt").read_text().split() * 30
    f = tmp_path / "many.txt"
    f.write_text("\n".join(rows) + "\n")
    one = sudokit("solve", "--jobs", "1", f).stdout
    assert sudokit("solve", "--jobs", "2", f).stdout == one
    ckpt = tmp_path / "b.ckpt"
    assert sudokit("solve", "--jobs", "2", "--checkpoint", ckpt, f).stdout == one
    assert ckpt.read_text().count("\n") > 1
    assert sudokit("solve", "--jobs", "2", "--checkpoint", ckpt, f).stdout == one  # all from the journal


def easy_puzzles(k: int) -> list[str]:
    """k distinct quick puzzles: SOLVED with a different set of cells blanked."""
    return ["".join("." if (c * (j + 2)) % 9 == j % 9 else ch for c, ch in enumerate(SOLVED)) for j in range(k)]


def test_cli_rate_in_blocks_on_processes_and_from_a_checkpoint(tmp_path):
    f = tmp_path / "easy.txt"
    f.write_text("\n".join(easy_puzzles(6)) + "\n")
    one = sudokit("rate", "--json", f)
    assert one.returncode == 0 and one.stdout.count("\n") == 6
    strip = lambda out: [line.split('"seconds"')[0] for line in out.splitlines()]  # noqa: E731 - times differ
    assert strip(sudokit("rate", "--json", "-j", "2", f).stdout) == strip(one.stdout)
    ckpt = tmp_path / "r.ckpt"
    first = sudokit("rate", "--json", "--checkpoint", ckpt, f).stdout
    assert strip(first) == strip(one.stdout) and ckpt.read_text().count("\n") > 1
    assert sudokit("rate", "--json", "--checkpoint", ckpt, f).stdout == first  # from the journal, word for word


@pytest.mark.skipif(not os.environ.get("SUDOKIT_SLOW"), reason="about a minute of CPU: SUDOKIT_SLOW=1 (and "
                    "benchmarks/scale.py) run it")
def test_all_6x6_grids_on_two_processes():
    with runner(2) as run:
        assert psudokit_count_empty(run) == 28_200_960


def psudokit_count_empty(run) -> int:
    return psudoku.count(np.zeros(36, np.int32), box_geometry(2, 3), None, run).count
