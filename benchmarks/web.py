"""`sudokit serve` benchmark: start-up, /api/solve latency on hard 9x9 puzzles, and concurrent throughput.

    python benchmarks/web.py                      # 2 workers, 200 sequential solves, 100 and 500 concurrent
    python benchmarks/web.py --workers 1 --concurrent 100

What is timed (wall seconds, a real server on 127.0.0.1 started as `python -m sudokit serve --port 0`):
- start-up: from launching the command to the page's first byte, and to every worker warm (kernels loaded);
- latency: one /api/solve at a time (keep-alive connection) over the first --sequential puzzles of the forum's
  hardest set, median and 95th percentile, beside the same solves in this process (`Sudoku(p).solve()`): their
  ratio is what HTTP, JSON and the worker hop cost;
- concurrency: N requests posted at once on N connections; requests per second, the slowest answer.
Every answer is checked (status solved, unique, the solution fits the givens). Run it on an idle machine.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import httpx

from sudokit import Sudoku

HARDEST = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku" / "puzzles5_forum_hardest_1905_11+_first1000"


def puzzles(count: int) -> list[str]:
    """The first `count` puzzles of the forum's hardest set."""
    lines = [line.split()[0] for line in HARDEST.read_text().splitlines() if line and not line.startswith("#")]
    return (lines * (count // len(lines) + 1))[:count]


def start(workers: int) -> tuple[subprocess.Popen, str, float, float]:
    """The server, its URL, seconds to the page's first byte and to every worker warm."""
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0", "--workers", str(workers)],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    url = re.search(r"http://\S+/", proc.stderr.readline()).group(0)
    page = ready = None
    while ready is None:
        try:
            with urllib.request.urlopen(url + ("api/info" if page else ""), timeout=5) as response:
                body = response.read()
            if page is None:
                page = time.perf_counter() - began
            elif b'"ready":%d' % workers in body.replace(b" ", b""):
                ready = time.perf_counter() - began
        except OSError:
            pass
        time.sleep(0.005 if page is None else 0.05)
    return proc, url, page, ready


def check(puzzle: str, got: dict) -> None:
    """The answer is a unique solution that fits the puzzle."""
    assert got["status"] == "solved" and got["unique"] is True, got
    assert Sudoku(puzzle).check(got["solution"]), puzzle


def sequential(url: str, batch: list[str]) -> list[float]:
    """Seconds of each request, one at a time."""
    out = []
    with httpx.Client(base_url=url, timeout=60) as client:
        client.post("/api/solve", json={"puzzle": batch[0]})
        for p in batch:
            t = time.perf_counter()
            response = client.post("/api/solve", json={"puzzle": p})
            out.append(time.perf_counter() - t)
            check(p, response.json())
    return out


async def concurrent(url: str, batch: list[str]) -> tuple[float, float]:
    """Wall seconds for the batch posted at once, and the slowest single answer."""
    limits = httpx.Limits(max_connections=len(batch), max_keepalive_connections=len(batch))
    async with httpx.AsyncClient(base_url=url, timeout=300, limits=limits) as client:
        async def one(p):
            t = time.perf_counter()
            response = await client.post("/api/solve", json={"puzzle": p})
            check(p, response.json())
            return time.perf_counter() - t

        t = time.perf_counter()
        each = await asyncio.gather(*(one(p) for p in batch))
        return time.perf_counter() - t, max(each)


def in_process(batch: list[str]) -> list[float]:
    """Seconds of each solve in this process (the library alone)."""
    Sudoku(batch[0]).solve()
    out = []
    for p in batch:
        t = time.perf_counter()
        Sudoku(p).solve()
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sequential", type=int, default=200)
    ap.add_argument("--concurrent", type=int, nargs="*", default=[100, 500])
    args = ap.parse_args()
    proc, url, page, ready = start(args.workers)
    try:
        print(f"start-up: page answered in {page:.2f} s, {args.workers} workers warm in {ready:.2f} s")
        batch = puzzles(args.sequential)
        served, local = sequential(url, batch), in_process(batch)
        ms = lambda xs, q: 1000 * statistics.quantiles(xs, n=20)[q]  # noqa: E731
        print(f"/api/solve, {len(batch)} hard 9x9 one at a time: median {1000 * statistics.median(served):.2f} ms, "
              f"p95 {ms(served, 18):.2f} ms; in-process median {1000 * statistics.median(local):.2f} ms "
              f"(served/in-process {statistics.median(served) / statistics.median(local):.1f}x)")
        for n in args.concurrent:
            wall, slowest = asyncio.run(concurrent(url, puzzles(n)))
            print(f"{n} concurrent: all correct in {wall:.2f} s ({n / wall:.0f} requests/s), slowest {slowest:.2f} s")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(30)


if __name__ == "__main__":
    main()
