"""Helpers of the web app's tests: puzzles, a `sudokit serve` process, a server with other limits in a thread."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from conftest import child_pids  # noqa: F401 - tests/conftest.py's, for tests/web/conftest.py

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
READY_SECONDS = 900  # a fresh install compiles every kernel in the workers' warm-up: minutes on a busy machine
TEST_SECONDS = 600
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
CHROMIUM = (os.environ.get("SUDOKIT_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
            or "/usr/bin/chromium")
# where a missing browser fails the browser tests instead of skipping them: .ci/run sets it, CI services set CI
BROWSER_REQUIRED = any(os.environ.get(name, "").lower() not in ("", "0", "false", "no")
                       for name in ("SUDOKIT_REQUIRE_BROWSER", "CI"))
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


# ---- servers ----

def get_json(url: str, timeout: float = 10.0) -> dict:
    """GET a JSON document."""
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


def wait_ready(url: str, workers: int, seconds: float = READY_SECONDS, alive=lambda: True) -> None:
    """Wait until every worker of the server at url has warmed up."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert alive(), "the server stopped while starting"
        try:
            if get_json(url + "api/info")["workers"]["ready"] >= workers:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the server at {url} was not ready within {seconds} s")


@contextmanager
def served(workers: int = 2, *options: str):
    """A `sudokit serve` with these options, its workers warm, stopped with Ctrl-C at the end."""
    server = Served(workers, *options)
    try:
        wait_ready(server.url, workers, alive=lambda: server.proc.poll() is None)
        yield server
    finally:
        server.stop()


class Served:
    """A `sudokit serve` process: its URL, and what it wrote on stderr."""

    def __init__(self, workers: int = 2, *options: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0", "--workers",
                                      str(workers), *options], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     text=True)
        self.started = time.monotonic()
        self.first_line = self.proc.stderr.readline()
        match = re.search(r"http://\S+/", self.first_line)
        assert match, f"sudokit serve printed {self.first_line!r}"
        self.url = match.group(0)
        self.lines: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        for line in self.proc.stderr:
            self.lines.append(line)

    def stop(self) -> int:
        """Ctrl-C, as a person stops it; the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode
