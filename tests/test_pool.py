"""The local process pool (parallel/pool.py): an Executor that owns its workers and stops them at once."""

import os
import signal
import threading
import time
from concurrent.futures import CancelledError, wait
from concurrent.futures.process import BrokenProcessPool

import numpy as np
import pytest

from sudokit.geometry import box_geometry
from sudokit.parallel import LocalPool
from sudokit.sudoku import batch

from conftest import child_pids


def square(x):
    return x * x


def fail(x):
    raise ValueError(f"bad {x}")


def forever(_):
    while True:
        time.sleep(0.01)


def die(_):
    os._exit(7)


def test_results_in_order_and_exceptions_travel():
    with LocalPool(2) as pool:
        assert list(pool.map(square, range(20))) == [x * x for x in range(20)]
        with pytest.raises(ValueError, match="bad 3"):
            pool.submit(fail, 3).result()
        assert pool.submit(square, 5).result() == 25  # a failed call leaves the worker usable
    assert not child_pids()
    with pytest.raises(RuntimeError):
        pool.submit(square, 1)


def test_terminate_stops_running_calls_and_reaps_every_worker():
    pool = LocalPool(2)
    running = [pool.submit(forever, k) for k in range(2)]
    queued = pool.submit(square, 3)
    time.sleep(0.3)
    start = time.monotonic()
    pool.terminate()
    assert time.monotonic() - start < 5
    assert all(isinstance(f.exception(), BrokenProcessPool) for f in running)
    with pytest.raises(CancelledError):
        queued.result()
    assert not child_pids()


def test_a_dead_worker_breaks_the_pool_instead_of_hanging_it():
    pool = LocalPool(2)
    futures = [pool.submit(die, 0)] + [pool.submit(square, k) for k in range(4)]
    done, _ = wait(futures, timeout=20)
    assert len(done) == len(futures)
    assert isinstance(futures[0].exception(), BrokenProcessPool)
    pool.terminate()
    assert not child_pids()


@pytest.mark.parametrize("jobs", [1, 2])
def test_batch_interrupt_stops_at_once_and_leaves_no_worker_behind(jobs):
    grids = np.zeros((40, 81), np.uint8)  # empty grids counted to 10**12: every chunk would run for hours
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    run = batch.solve_batch(grids, box_geometry(3, 3), limit=10 ** 12, jobs=jobs, chunk_size=10)
    timer.join()
    assert run.interrupted is not None and not run.done.any()
    assert time.monotonic() - start < 10
    assert not child_pids()


def test_jobs_are_capped_by_cores_and_chunks():
    assert batch.worker_count(1000, 200) <= (os.cpu_count() or 1)
    assert batch.worker_count(1000, 1) == 1
    assert batch.worker_count(None, 3) >= 1
    g4 = box_geometry(2, 2)
    run = batch.solve_batch(np.zeros((3, 16), np.uint8), g4, jobs=1000, chunk_size=16)
    assert run.jobs == 1 and run.done.all()  # one chunk: one worker, however many were asked for
    assert not child_pids()


def test_an_unpicklable_call_fails_alone_and_a_killed_idle_worker_breaks_the_pool():
    pool = LocalPool(1)
    with pytest.raises(Exception):
        pool.submit(lambda x: x, 1).result(timeout=20)  # a lambda cannot travel to the worker
    assert pool.submit(square, 4).result(timeout=20) == 16
    os.kill(pool._procs[0].pid, signal.SIGKILL)  # the worker dies while idle
    pool._procs[0].join(10)
    with pytest.raises(BrokenProcessPool):
        pool.submit(square, 2).result(timeout=20)
    pool.terminate()
    assert not child_pids()
