"""A bounded load test on 127.0.0.1: 100 concurrent solve requests of hard 9x9 puzzles, every answer correct."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from sudokit import Sudoku

HARDEST = Path(__file__).resolve().parent.parent / "data" / "sudoku" / "puzzles5_forum_hardest_1905_11+_first1000"
REQUESTS = 100


def hard_puzzles(count: int) -> list[str]:
    """The first `count` puzzles of the forum's hardest set (each an 81-character line)."""
    lines = [line.split()[0] for line in HARDEST.read_text().splitlines() if line and not line.startswith("#")]
    return lines[:count]


async def solve_all(url: str, puzzles: list[str]) -> list[httpx.Response]:
    """Every puzzle posted at once, on as many connections."""
    limits = httpx.Limits(max_connections=len(puzzles), max_keepalive_connections=len(puzzles))
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        return await asyncio.gather(*(client.post("/api/solve", json={"puzzle": p}) for p in puzzles))


def test_100_concurrent_hard_solves_all_correct(server):
    puzzles = hard_puzzles(REQUESTS)
    assert len(puzzles) == REQUESTS
    started = time.perf_counter()
    # a thread of its own: Playwright's sync API (the browser tests) keeps an event loop on this one
    with ThreadPoolExecutor(1) as thread:
        responses = thread.submit(lambda: asyncio.run(asyncio.wait_for(solve_all(server.url, puzzles), 300))).result()
    seconds = time.perf_counter() - started
    assert [r.status_code for r in responses] == [200] * REQUESTS
    for puzzle, response in zip(puzzles, responses):
        got = response.json()
        assert got["status"] == "solved" and got["unique"] is True
        assert got["solution"] == Sudoku(puzzle).solve(engine="dlx").to_string("line")
        assert Sudoku(puzzle).check(got["solution"])
    print(f"{REQUESTS} concurrent hard solves answered in {seconds:.2f} s")
