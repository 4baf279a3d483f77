"""`sudokit serve` as a command: the address it prints, the page before the workers are warm, the exit codes,
a taken port as a one-line error, and a CLI that does not load the web app until asked."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from .webtools import HARD, Served, get_json, wait_ready


def fetch(url: str) -> bytes:
    """GET a URL, retried until the server answers (10 s at most)."""
    deadline = time.monotonic() + 10
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.read()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_serves_the_page_then_stops_on_a_signal(sig, code):
    server = Served(1)
    try:
        assert server.first_line.startswith("sudokit: serving on http://127.0.0.1:")
        page = fetch(server.url)
        assert b"<title>sudokit</title>" in page and b"/static/app.js" in page
        assert fetch(server.url + "static/style.css").startswith(b"/*")
        wait_ready(server.url, 1, alive=lambda: server.proc.poll() is None)
        request = urllib.request.Request(server.url + "api/solve", data=f'{{"puzzle": "{HARD}"}}'.encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            assert b'"status":"solved"' in response.read()
    finally:
        server.proc.send_signal(sig)
        assert server.proc.wait(30) == code


def test_a_taken_port_is_a_one_line_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "sudokit", "serve", "--port", str(port)], capture_output=True,
                             text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert run.stderr.startswith(f"sudokit: cannot listen on 127.0.0.1:{port}:")


def test_bad_options_exit_2():
    run = subprocess.run([sys.executable, "-m", "sudokit", "serve", "--port", "70000"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 2 and "--port" in run.stderr


def test_help_and_a_cold_cli_without_the_web_app():
    run = subprocess.run([sys.executable, "-m", "sudokit", "serve", "--help"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0 and "/api/" in run.stdout and "--max-seconds" in run.stdout
    probe = "import sys, sudokit.cli; print(sorted(m for m in ('starlette', 'uvicorn', 'numpy') if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert loaded.stdout.strip() == "[]"


def test_info_before_and_after_warm_up():
    server = Served(1)
    try:
        fetch(server.url)
        first = get_json(server.url + "api/info")
        assert first["workers"]["count"] == 1 and first["workers"]["ready"] in (0, 1)
        wait_ready(server.url, 1, alive=lambda: server.proc.poll() is None)
        assert get_json(server.url + "api/info")["workers"]["ready"] == 1
    finally:
        assert server.stop() == 130
