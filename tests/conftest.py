"""Shared test helpers: where the judge data lives, and small puzzle makers."""

import faulthandler
import multiprocessing
import os
import signal
import time
from pathlib import Path

import numpy as np
import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture
def data():
    """The folder of judge files copied into the repo (see each SOURCES.md)."""
    return DATA


def random_puzzle(rng: np.random.Generator, geometry, keep: float) -> np.ndarray:
    """A random full grid (a shuffled solution of the empty grid) with a fraction `keep` of its cells kept."""
    from sudokit.sudoku.exact import solve

    seed_grid = np.zeros(geometry.ncells, np.int32)
    first = rng.permutation(geometry.n) + 1
    seed_grid[:geometry.n] = first if geometry.box else 0
    full = solve(seed_grid, geometry).solution
    perm = np.concatenate([[0], rng.permutation(geometry.n) + 1])
    full = perm[full]
    mask = rng.random(geometry.ncells) < keep
    return np.where(mask, full, 0).astype(np.int32)


# ---- leaks fail fast: a test that leaves a process behind fails, a hung test or exit dumps stacks and ends ----

TEST_SECONDS = 600  # one test past this is hung: dump every thread's stack and exit (exit code 1)
EXIT_SECONDS = 120  # the interpreter still alive this long after the last test is hung at exit


def child_pids() -> list[int]:
    """Live (not zombie) child processes of this process, from /proc (empty where /proc is missing)."""
    me, out = os.getpid(), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


@pytest.fixture(autouse=True)
def no_leaks():
    """Each test within TEST_SECONDS, and no child process alive after it (a leaked pool worker fails it)."""
    faulthandler.dump_traceback_later(TEST_SECONDS, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()
    multiprocessing.active_children()  # reaps finished ones
    deadline = time.monotonic() + 5
    while child_pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    leaked = child_pids()
    for pid in leaked:
        os.kill(pid, signal.SIGKILL)
    assert not leaked, f"child processes left running: {leaked}"


def pytest_sessionfinish(session, exitstatus):
    """If the interpreter has not exited EXIT_SECONDS after the session, dump the stacks and exit: never hang CI."""
    faulthandler.dump_traceback_later(EXIT_SECONDS, exit=True)
