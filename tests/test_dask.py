"""Split searches and batches on Dask: a real LocalCluster of worker processes (counts and orders equal one
process, a worker killed mid-count changes nothing), and `dask scheduler` with two `dask worker` processes on
127.0.0.1 driven by the command line."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from sudokit import parallel  # noqa: E402
from sudokit.cover import solver  # noqa: E402
from sudokit.cover.puzzles import pentominoes, queens  # noqa: E402
from sudokit.geometry import box_geometry  # noqa: E402
from sudokit.parallel import sudoku as psudoku  # noqa: E402
from sudokit.parallel.executors import runner  # noqa: E402
from sudokit.sudoku import fast  # noqa: E402

from test_parallel import QUEENS, SEVERAL, easy_puzzles  # noqa: E402

ROOT = Path(__file__).parent.parent
BIN = Path(sys.executable).parent


def stop_resource_tracker() -> None:
    """The multiprocessing resource tracker Dask's spawned workers start outlives them: stop it (the suite fails a
    test that leaves a child process running)."""
    from multiprocessing import resource_tracker

    tracker = resource_tracker._resource_tracker
    if getattr(tracker, "_pid", None) is not None:
        tracker._stop()


@pytest.fixture
def cluster():
    """A LocalCluster of two single-threaded worker processes and its client; everything stopped after."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=50) as lc, Client(lc) as client:
        yield client
    stop_resource_tracker()


def test_local_cluster_counts_orders_and_batches_equal_one_process(cluster):
    ex = cluster.get_executor()
    p = pentominoes(6, 10, x_in_quarter=True)
    assert parallel.count(p, executor=ex) == 2339
    for n, want in QUEENS.items():
        if n >= 7:  # trees this small are searched in one piece unless a depth is given
            assert parallel.count(queens(n), executor=ex, depth=2) == want
    q = queens(8)
    one = [s.options for s in solver.solutions(q, algorithm="dlx")]
    assert [s.options for s in parallel.solutions(q, executor=ex, algorithm="dlx", depth=2)] == one
    with runner(executor=ex) as run:
        assert run.workers == 2
        row = np.zeros(36, np.int32)
        row[:6] = np.arange(1, 7)
        assert psudoku.count(row, box_geometry(2, 3), None, run).count == 39168
        several = np.array([0 if c == "." else int(c) for c in SEVERAL], np.int32)
        want = fast.solve(several, box_geometry(3, 3), limit=1 << 40).count
        assert psudoku.count(several, box_geometry(3, 3), None, run, depth=3).count == want
    from sudokit.generate import generate

    alone = [g.sudoku.to_string("line") for g in generate(3, level="easy", seed=3)]
    assert [g.sudoku.to_string("line") for g in generate(3, level="easy", seed=3, executor=ex)] == alone


def test_a_dask_worker_killed_mid_count_changes_nothing(cluster):
    pids = list(cluster.run(os.getpid).values())
    killed = []

    def kill_one(done, total):
        if done and not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    p = pentominoes(6, 10, x_in_quarter=True)
    assert parallel.count(p, executor=cluster.get_executor(), progress=kill_one) == 2339 and killed


def _start(*args) -> subprocess.Popen:
    return subprocess.Popen([str(BIN / "dask"), *map(str, args)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def _stop(procs) -> None:
    for proc in reversed(procs):
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in reversed(procs):
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_dask_scheduler_and_two_workers_from_the_command_line(tmp_path):
    info = tmp_path / "scheduler.json"
    procs = [_start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", info)]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        for _ in range(2):
            procs.append(_start("worker", address, "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                                "--host", "127.0.0.1"))
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        run = subprocess.run([sys.executable, "-m", "sudokit", "cover", "--count", "--scheduler", address,
                              ROOT / "examples" / "pentominoes.dlx"], capture_output=True, text=True, timeout=600)
        assert run.returncode == 0 and run.stdout == "9356\n", run.stderr  # the 6x10 pentominoes, every placement
        grids = tmp_path / "row.txt"
        grids.write_text("123456" + "." * 30 + "\n")  # x 720 relabellings = 28,200,960 (test_all_6x6_grids...)
        run = subprocess.run([sys.executable, "-m", "sudokit", "solve", "--count", "--scheduler", info, grids],
                             capture_output=True, text=True, timeout=600)  # the scheduler named by its file
        assert run.returncode == 0 and run.stdout == "39168\n", run.stderr
        rows = (ROOT / "examples" / "hardest.txt").read_text().split() * 20
        many = tmp_path / "many.txt"
        many.write_text("\n".join(rows) + "\n")
        one = subprocess.run([sys.executable, "-m", "sudokit", "solve", many], capture_output=True, text=True)
        run = subprocess.run([sys.executable, "-m", "sudokit", "solve", "--scheduler", address, many],
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0 and run.stdout == one.stdout, run.stderr
        easy = tmp_path / "easy.txt"
        easy.write_text("\n".join(easy_puzzles(4)) + "\n")
        one = subprocess.run([sys.executable, "-m", "sudokit", "rate", easy], capture_output=True, text=True)
        run = subprocess.run([sys.executable, "-m", "sudokit", "rate", "--scheduler", address, easy],
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0 and run.stdout == one.stdout, run.stderr
    finally:
        _stop(procs)
    stop_resource_tracker()


def test_scheduler_local_from_the_command_line():
    run = subprocess.run([sys.executable, "-m", "sudokit", "cover", "--count", "--scheduler", "local", "-j", "2",
                          ROOT / "examples" / "queens8.dlx"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and run.stdout == "92\n", run.stderr


def test_unreachable_scheduler_is_one_line(tmp_path):
    from sudokit.errors import InputError

    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    for where in ("tcp://127.0.0.1:9", "127.0.0.1:9", str(tmp_path / "none.json"), str(bad)):
        with pytest.raises(InputError, match="--scheduler "):
            runner(scheduler=where)
    run = subprocess.run([sys.executable, "-m", "sudokit", "cover", "--count", "--scheduler", "127.0.0.1:9",
                          ROOT / "examples" / "queens8.dlx"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stderr.count("\n") == 1
    assert "--scheduler 127.0.0.1:9: cannot reach" in run.stderr and run.stdout == ""
