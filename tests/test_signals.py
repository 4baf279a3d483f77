"""Signals on real processes, on every solve path: SIGINT and SIGTERM keep the answers found so far, in order, and
leave no process behind; a closed stdout (SIGPIPE) ends quietly with 141.

Each input is a run of quick puzzles and then one that never ends (a count on an empty grid), so the signal
always arrives mid-search, after some answers exist.
"""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
HARD = (ROOT / "examples" / "hardest.txt").read_text().split()[0]
SOLVED = "859612437723854169164379528986147352375268914241593786432981675617425893598736241"  # HARD's answer
EASY = "".join("." if k % 10 == 0 else ch for k, ch in enumerate(SOLVED))  # the diagonal blank: one solution
EMPTY = "." * 81
QUICK = 40  # quick puzzles before the endless one
BOXES = ROOT / "tests" / "data" / "variants" / "boxes.regions"  # jigsaw regions that are the 3x3 boxes
READY_CPU = 0.9  # CPU seconds of the process tree after which the endless search is surely running


def tree(pid: int) -> list[int]:
    """pid and its descendants, from /proc."""
    parent = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += [c for c, pp in parent.items() if pp == p]
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def alive(pid: int) -> bool:
    """True if pid exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.fixture(autouse=True)
def kill_leftovers():
    """A failed test must not leave its sudokit behind."""
    yield
    for proc in Sudokit.started:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    Sudokit.started.clear()


class Sudokit:
    """`python -m sudokit ARGS` with stdout read by a thread as it comes."""

    started: list = []

    def __init__(self, *args):
        self.proc = subprocess.Popen([sys.executable, "-m", "sudokit", *map(str, args)], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.started.append(self.proc)
        self.reader = threading.Thread(target=lambda: self.lines.extend(self.proc.stdout), daemon=True)
        self.reader.start()

    def wait_until_busy(self, answers: int) -> None:
        """Until `answers` lines are out and the tree has burnt READY_CPU seconds (at most 30 s)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if len(self.lines) >= answers and cpu_seconds(tree(self.proc.pid)) >= READY_CPU:
                return
            assert self.proc.poll() is None, self.proc.stderr.read()
            time.sleep(0.05)
        raise AssertionError("the process never got busy")

    def stop(self, signum: int) -> tuple[int, list[str], str, list[int]]:
        """Send signum; (exit code, stdout lines, stderr, processes of the tree still alive 5 s later)."""
        family = tree(self.proc.pid)
        self.proc.send_signal(signum)
        code = self.proc.wait(timeout=30)
        self.reader.join(10)
        err = self.proc.stderr.read()
        deadline = time.monotonic() + 5
        while any(alive(p) for p in family) and time.monotonic() < deadline:
            time.sleep(0.05)
        return code, [x.rstrip("\n") for x in self.lines], err, [p for p in family if alive(p)]


def lines_file(tmp_path, puzzles: list[str]) -> Path:
    """A one-puzzle-per-line file."""
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return path


def grid_file(tmp_path, puzzles: list[str]) -> Path:
    """A file of 9-line grids separated by blank lines."""
    path = tmp_path / "puzzles.grid"
    path.write_text("\n\n".join("\n".join(p[r * 9:(r + 1) * 9] for r in range(9)) for p in puzzles) + "\n")
    return path


# (arguments, file maker, answers expected before the endless puzzle, answers to wait for before signalling)
PATHS = {
    "fast batch, in-process": (["solve", "--count", "--jobs", "1"], lines_file, "1", 0),
    "fast batch, 2 workers": (["solve", "--count", "--jobs", "2"], lines_file, "1", 0),
    "fast per puzzle (--regions)": (["solve", "--count", "--regions", BOXES], lines_file, "1", QUICK),
    "fast per puzzle (--format grid)": (["solve", "--count", "--format", "grid"], grid_file, "1", QUICK),
    "dlx engine": (["solve", "--count", "--engine", "dlx"], lines_file, "1", QUICK),
    "reference engine": (["solve", "--count", "--engine", "reference", "--limit", "10000000"], lines_file, "1",
                         QUICK),
}


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("path", list(PATHS))
def test_interrupt_keeps_answers_in_order_and_leaves_nothing_running(tmp_path, path, signum):
    args, make, answer, wait_for = PATHS[path]
    run = Sudokit(*args, make(tmp_path, [EASY] * QUICK + [EMPTY]))
    run.wait_until_busy(wait_for)
    code, lines, err, left = run.stop(signum)
    assert code == 128 + signum and "Traceback" not in err and "interrupted" in err
    assert not left, f"processes left running: {left}"
    answers = [x for x in lines if x]
    assert wait_for <= len(answers) <= QUICK and answers == [answer] * len(answers)


def test_all_solutions_path_keeps_what_it_printed(tmp_path):
    run = Sudokit("solve", "--all", "--engine", "dlx", lines_file(tmp_path, [EMPTY]))
    run.wait_until_busy(100)
    code, lines, err, left = run.stop(signal.SIGINT)
    assert code == 130 and not left and "Traceback" not in err
    assert len(lines) >= 100 and all(len(x) == 81 for x in lines)  # every line written is a whole solution


def test_sighup_is_caught_like_ctrl_c(tmp_path):
    run = Sudokit("solve", "--count", "--engine", "dlx", lines_file(tmp_path, [EASY] * QUICK + [EMPTY]))
    run.wait_until_busy(QUICK)
    code, lines, err, left = run.stop(signal.SIGHUP)
    assert code == 129 and lines == ["1"] * QUICK and not left and "interrupted" in err


@pytest.mark.parametrize("args", [["cover", "--count", "--algorithm", "dlx", ROOT / "examples" / "pentominoes.dlx"],
                                  ["target", "--max-nodes", "0"]])
def test_other_commands_stop_on_sigterm(tmp_path, args):
    if args[0] == "target":
        args = args + [lines_file(tmp_path, [EMPTY])]  # an empty grid's best score takes ages to prove
    run = Sudokit(*args)
    run.wait_until_busy(0)
    code, lines, err, left = run.stop(signal.SIGTERM)
    assert code == 143 and not left and "Traceback" not in err and "interrupted" in err


# ---- SIGPIPE: the reader goes away ----

PIPE_CASES = {
    "fast batch, 2 workers": ["solve", "--jobs", "2"],
    "fast batch, in-process": ["solve"],
    "dlx engine": ["solve", "--engine", "dlx"],
    "reference engine": ["solve", "--engine", "reference"],
    "fast per puzzle (--regions)": ["solve", "--regions", BOXES],
    "all solutions": ["solve", "--all", "--engine", "dlx"],
    "cover --all": ["cover", "--all"],
}


@pytest.mark.parametrize("case", list(PIPE_CASES))
def test_closed_stdout_ends_quietly(tmp_path, case):
    args = PIPE_CASES[case]
    if args[0] == "cover":
        target = ROOT / "examples" / "pentominoes.dlx"
    elif "--all" in args:
        target = lines_file(tmp_path, [EMPTY])
    else:
        target = lines_file(tmp_path, [HARD] * 3000)
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", *args, str(target)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    family = tree(proc.pid)
    code = proc.wait(timeout=60)
    err = proc.stderr.read().decode()
    assert first and code == 141 and err == "", (code, err)
    time.sleep(0.2)
    assert not [p for p in family if alive(p)]


def test_hdu4069_path_keeps_its_cases_in_order(tmp_path):
    sample = (ROOT / "tests" / "data" / "hdu4069" / "sample.in").read_text().split("\n", 1)[1]
    path = tmp_path / "many.in"
    path.write_text("3000\n" + "\n".join([sample.strip()] * 1000) + "\n")  # the 3 sample cases, 1000 times
    run = Sudokit("solve", "--format", "hdu4069", path)
    run.wait_until_busy(20)
    code, lines, err, left = run.stop(signal.SIGINT)
    assert code == 130 and not left and "interrupted" in err and "Traceback" not in err
    cases = [x for x in lines if x.startswith("Case ")]
    assert cases == [f"Case {k}:" for k in range(1, len(cases) + 1)] and 0 < len(cases) < 3000
