"""The JSON API through an HTTP client against the real server: answers checked against the library and the judge
data, every bad request a 4xx JSON error, every search bounded, slow requests not blocking fast ones."""

from __future__ import annotations

import importlib.util
import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from .webtools import HARD, HARD_SOLUTION, served

from sudokit import Sudoku

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def api(server):
    """post(path, body) -> httpx.Response, against the session's server."""
    with httpx.Client(base_url=server.url, timeout=120) as client:
        yield lambda path, body=None, **kw: client.post("/api/" + path, json=body, **kw)


def ok(response) -> dict:
    """The JSON of a 200 answer."""
    assert response.status_code == 200, response.text
    return response.json()


def refused(response, status: int, words: str = "") -> dict:
    """A JSON error answer with this status (and these words in its message)."""
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert isinstance(body["error"], str) and words in body["error"], body
    return body


# ---- solving ----

def test_solve_a_hard_puzzle(api):
    got = ok(api("solve", {"puzzle": HARD}))
    assert got["status"] == "solved" and got["solution"] == HARD_SOLUTION
    assert got["unique"] is True and got["count"] == 1 and got["stats"]["engine"] == "fast"
    assert Sudoku(HARD).check(got["solution"]) and got["grid"] == [int(ch) for ch in HARD_SOLUTION]


def test_solve_takes_digits_a_grid_text_and_a_picture(api):
    digits = [0 if ch == "." else int(ch) for ch in HARD]
    assert ok(api("solve", {"puzzle": digits}))["solution"] == HARD_SOLUTION
    rows = [digits[r * 9:(r + 1) * 9] for r in range(9)]
    assert ok(api("solve", {"puzzle": rows}))["solution"] == HARD_SOLUTION
    text = "\n".join(HARD[r * 9:(r + 1) * 9] for r in range(9))
    got = ok(api("solve", {"puzzle": text, "picture": True}))
    assert got["solution"] == HARD_SOLUTION and got["svg"].startswith("<svg")


def test_solve_judge_files(api):
    text = (DATA / "poj3074" / "3074.in").read_text().splitlines()[0]
    want = (DATA / "poj3074" / "3074.out").read_text().splitlines()[0]
    assert ok(api("solve", {"puzzle": text}))["solution"] == want
    grid16 = (DATA / "poj3076" / "a.in").read_text().replace("\r\n", "\n").split("\n\n")[0]
    got = ok(api("solve", {"puzzle": grid16, "symbols": "letters"}))
    assert got["status"] == "solved" and Sudoku(grid16, symbols="letters").check(got["grid"])


def test_count_and_uniqueness(api):
    assert ok(api("solve", {"puzzle": "." * 16, "mode": "count"}))["count"] == 288
    capped = ok(api("solve", {"puzzle": "." * 16, "mode": "count", "limit": 10}))
    assert capped["count"] == 10 and capped["capped"] is True
    several = ok(api("solve", {"puzzle": "." * 16}))
    assert several["status"] == "solved" and several["unique"] is False and several["count"] == 2
    none = ok(api("solve", {"puzzle": "12.." + "..3." + "...." + "...."}))
    assert none["status"] == "no solution" and none["solution"] is None and none["count"] == 0


def test_variants_box_shapes_jigsaw_and_killer(api):
    six = ok(api("solve", {"puzzle": "." * 36, "box": "3x2"}))
    assert Sudoku("." * 36, box=(3, 2)).check(six["grid"]) and not Sudoku("." * 36, box=(2, 3)).check(six["grid"])
    x = ok(api("solve", {"puzzle": "." * 81, "variants": ["x", "anti-knight"]}))
    assert Sudoku("." * 81, variants=("x", "anti-knight")).check(x["grid"])
    regions = (DATA / "variants" / "boxes.regions").read_text()
    assert ok(api("solve", {"puzzle": HARD, "regions": regions}))["solution"] == HARD_SOLUTION
    cages = (DATA / "variants" / "killer-codingame-1.cages").read_text()
    killer = ok(api("solve", {"puzzle": "." * 81, "cages": cages}))
    assert killer["solution"] == "568913427197254683342687915851726349473891256926345871219538764734162598685479132"
    assert killer["unique"] is True and killer["stats"]["engine"] == "dlx"
    as_data = ok(api("solve", {"puzzle": "." * 81, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}))
    assert sorted(as_data["grid"][:2]) == [1, 2]


def test_parse_describes_the_first_puzzle_of_a_file(api):
    got = ok(api("parse", {"puzzle": (DATA.parent.parent / "examples" / "hardest.txt").read_text()}))
    assert got["puzzles"] == 11 and got["n"] == 9 and got["box"] == [3, 3] and got["givens"] == 22
    assert got["units"][:10] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 0]
    jigsaw = ok(api("parse", {"puzzle": HARD, "regions": (DATA / "variants" / "boxes.regions").read_text()}))
    assert jigsaw["box"] is None and jigsaw["regions"][:4] == [0, 0, 0, 1]
    assert got["line"] == (DATA.parent.parent / "examples" / "hardest.txt").read_text().split()[0]
    # a line cannot hold cages or variants: the description comes without one
    killer = ok(api("parse", {"puzzle": [0] * 81, "cages": [{"sum": 3, "cells": [0, 1]}], "variants": ["x"]}))
    assert killer["line"] is None and killer["cages"] == [{"sum": 3, "cells": [0, 1]}] and killer["variants"] == ["x"]


# ---- human-style solving ----

def test_hint_from_the_grid_the_player_is_at(api):
    first = ok(api("hint", {"puzzle": HARD}))
    assert first["status"] == "hint" and first["step"]["explanation"].startswith("Hidden Single: r6c2=4")
    assert first["draw"]["placements"] == [[46, 4]] and 'class="cells"' in first["svg"]
    grid = [0 if ch == "." else int(ch) for ch in HARD]
    grid[46] = 4
    second = ok(api("hint", {"puzzle": HARD, "grid": grid}))
    assert second["status"] == "hint" and second["step"] != first["step"]
    grid[0 + 1] = 2  # r1c2 holds 1 in the solution
    wrong = ok(api("hint", {"puzzle": HARD, "grid": grid}))
    assert wrong["status"] == "mistakes" and wrong["cells"] == ["r1c2"]
    done = ok(api("hint", {"puzzle": HARD, "grid": [int(ch) for ch in HARD_SOLUTION]}))
    assert done["status"] == "solved"


def test_hints_start_from_the_eliminations_already_made(api):
    grid, eliminated, seen = [0 if ch == "." else int(ch) for ch in HARD], [], []
    while not any(not h["draw"]["placements"] for h in seen):  # until a hint that only eliminates
        hint = ok(api("hint", {"puzzle": HARD, "grid": grid, "eliminated": eliminated}))
        assert hint["status"] == "hint" and hint["step"] not in [h["step"] for h in seen] and len(seen) < 40
        seen.append(hint)
        for cell, digit in hint["draw"]["placements"]:
            grid[cell] = digit
        eliminated += hint["draw"]["eliminations"]
    assert all(HARD_SOLUTION[c] != str(d) for c, d in eliminated)
    after = ok(api("hint", {"puzzle": HARD, "grid": grid, "eliminated": eliminated}))
    assert after["step"] != seen[-1]["step"]  # the elimination is not offered again
    before = eliminated[:-len(seen[-1]["draw"]["eliminations"])]
    again = ok(api("hint", {"puzzle": HARD, "grid": grid, "eliminated": before}))
    assert again["step"] == seen[-1]["step"]  # without it, it is
    path = ok(api("steps", {"puzzle": HARD, "grid": grid, "eliminated": eliminated}))
    assert path["complete"] and path["steps"][0]["step"] == after["step"]
    # an elimination that would remove the solution's digit is no elimination: r6c2 is still 4
    wrong = ok(api("hint", {"puzzle": HARD, "eliminated": [[46, 4]]}))
    assert wrong["step"]["explanation"].startswith("Hidden Single: r6c2=4")


def test_steps_refuse_wrong_digits(api):
    grid = [0 if ch == "." else int(ch) for ch in HARD]
    grid[1] = 2  # r1c2 holds 1 in the solution
    refused(api("steps", {"puzzle": HARD, "grid": grid}), 400, "wrong digits at r1c2")


def test_hint_refuses_what_has_no_single_answer(api):
    refused(api("hint", {"puzzle": "." * 81}), 422, "more than one solution")
    refused(api("hint", {"puzzle": HARD, "grid": [5] + [0] * 80}), 400, "changes the given at r1c1")
    refused(api("hint", {"puzzle": HARD, "cages": [{"sum": 10, "cells": [1, 2]}]}), 400, "cages")


def test_steps_walk_to_the_solution(api):
    got = ok(api("steps", {"puzzle": HARD}))
    assert got["complete"] and got["level"] == "medium" and len(got["steps"]) > 20
    grid = [0 if ch == "." else int(ch) for ch in HARD]
    for entry in got["steps"]:
        assert entry["before"]["grid"] == grid  # each step comes with the state it starts from
        for cell, digit in entry["draw"]["placements"]:
            grid[cell] = digit
    assert "".join(map(str, grid)) == HARD_SOLUTION


def test_rate(api):
    got = ok(api("rate", {"puzzle": HARD}))
    assert (got["er"], got["level"], got["complete"]) == (2.6, "medium", True)
    assert json.loads(json.dumps(got)) == got


# ---- pictures ----

def test_render_a_step_sent_back(api):
    hint = ok(api("hint", {"puzzle": HARD}))
    picture = ok(api("render", {"puzzle": HARD, "grid": hint["before"]["grid"],
                                "marks": hint["before"]["candidates"], "step": hint["draw"]}))["svg"]
    assert picture.startswith("<svg") and 'class="cells"' in picture and 'class="place"' in picture
    plain = ok(api("render", {"puzzle": HARD, "solution": True, "width": 300}))["svg"]
    assert 'width="300"' in plain
    refused(api("render", {"puzzle": HARD, "step": {"cells": [81]}}), 400, "cell 81")
    refused(api("render", {"puzzle": HARD, "step": {"placements": [[0, 10]]}}), 400, "digit 10")


def test_render_png(api):
    response = api("render", {"puzzle": HARD, "to": "png", "width": 200})
    if importlib.util.find_spec("resvg_py") is None:
        refused(response, 501, "render extra")
    else:
        assert response.status_code == 200 and response.content[:8] == b"\x89PNG\r\n\x1a\n"


# ---- target, binary, generation ----

@pytest.mark.parametrize("case", [2, 3])
def test_target_judge_cases(api, case):
    puzzle = (DATA / "target-sudoku" / f"sudoku{case}.in").read_text()
    got = ok(api("target", {"puzzle": puzzle}))
    assert got["status"] == "optimal" and got["score"] == int((DATA / "target-sudoku" / f"sudoku{case}.out").read_text())
    assert sum(w * d for w, d in zip(got["weights"], got["grid"])) == got["score"]
    assert 'class="weights"' in got["svg"] and Sudoku(puzzle).check(got["grid"])


def test_target_impossible_and_own_weights(api):
    puzzle = (DATA / "target-sudoku" / "sudoku1.in").read_text()
    assert ok(api("target", {"puzzle": puzzle}))["status"] == "no solution"  # the judge's -1
    ones = ok(api("target", {"puzzle": HARD, "weights": [1] * 81}))
    assert ones["score"] == 405 and ones["weights"] == [1] * 81
    low = ok(api("target", {"puzzle": HARD, "weights": "\n".join(" ".join(["2"] * 9) for _ in range(9)),
                            "minimize": True}))
    assert low["score"] == 810
    refused(api("target", {"puzzle": HARD, "weights": [1] * 80}), 400, "81 integers")


def test_binary_judge_sample(api):
    got = ok(api("binary", {"grid": (DATA / "binary-sudoku" / "sample.in").read_text()}))
    assert got["flips"] == int((DATA / "binary-sudoku" / "sample.out").read_text()) == len(got["cells"])
    assert got["svg"].startswith("<svg") and got["even"] is False
    refused(api("binary", {"grid": [0, 1, 2, 0]}), 400, "0..1")


def test_generate_is_501_until_the_generator_lands_then_unique(api):
    response = api("generate", {"size": 9, "level": "easy", "seed": 7})
    if importlib.util.find_spec("sudokit.generate") is None:
        refused(response, 501, "not in this version")
        return
    got = ok(response)
    puzzle = Sudoku(got["grid"])
    assert got["n"] == 9 and 17 <= puzzle.givens < 81 and puzzle.is_unique(engine="dlx")
    assert puzzle.is_unique(engine="fast")


# ---- bad requests: 4xx JSON, never a 500 ----

@pytest.mark.parametrize("path, body, status, words", [
    ("solve", b"not json", 400, "not JSON"),
    ("solve", b"[1, 2]", 400, "JSON object"),
    ("solve", b"", 400, "JSON object"),
    ("solve", b"[" * 100_000 + b"]" * 100_000, 400, "not JSON"),
    ("solve", {}, 400, "missing field 'puzzle'"),
    ("solve", {"puzzle": HARD, "bogus": 1}, 400, "unknown field 'bogus'"),
    ("solve", {"puzzle": "junk"}, 400, "square"),
    ("solve", {"puzzle": "   "}, 400, "empty"),
    ("solve", {"puzzle": 12}, 400, "list of integers"),
    ("solve", {"puzzle": [1, 2, 3]}, 400, "N*N"),
    ("solve", {"puzzle": [[1, 2], [3, "x"]]}, 400, "integers"),
    ("solve", {"puzzle": "11" + "." * 79}, 400, "clashes"),
    ("solve", {"puzzle": HARD, "variants": ["sideways"]}, 400, "unknown variant"),
    ("solve", {"puzzle": HARD, "box": "2x3"}, 400, "6x6"),
    ("solve", {"puzzle": HARD, "box": "three"}, 400, "RxC"),
    ("solve", {"puzzle": HARD, "mode": "all"}, 400, "mode"),
    ("solve", {"puzzle": HARD, "mode": "count", "limit": 0}, 400, "limit"),
    ("solve", {"puzzle": HARD, "mode": "count", "limit": 10 ** 30}, 400, "limit"),
    ("solve", {"puzzle": HARD, "limit": True}, 400, "integer"),
    ("solve", {"puzzle": HARD, "format": "xml"}, 400, "format"),
    ("solve", {"puzzle": HARD, "regions": "AB\nAB"}, 400, "region"),
    ("solve", {"puzzle": HARD, "cages": "99 r1c1 r1c2"}, 400, ""),
    ("solve", {"puzzle": HARD, "cages": [{"sum": 3, "cells": ["r10c1"]}]}, 400, "outside"),
    ("solve", {"puzzle": HARD, "cages": [{"sum": 3}]}, 400, "cage"),
    ("solve", {"puzzle": HARD, "candidates": [1] * 80}, 400, "81 bitmasks"),
    ("hint", {"puzzle": HARD, "grid": [0] * 80}, 400, "N*N"),
    ("steps", {"puzzle": HARD, "order": "random"}, 400, "order"),
    ("hint", {"puzzle": HARD, "eliminated": [1, 2]}, 400, "[cell, digit] pairs"),
    ("hint", {"puzzle": HARD, "eliminated": "r1c2"}, 400, "[cell, digit] pairs"),
    ("hint", {"puzzle": HARD, "eliminated": [[81, 1]]}, 400, "not a cell 0..80"),
    ("steps", {"puzzle": HARD, "eliminated": [[0, 10]]}, 400, "digit"),
    ("render", {"puzzle": HARD, "width": 10}, 400, "width"),
    ("render", {"puzzle": HARD, "step": "x-wing"}, 400, "step"),
    ("generate", {"size": 7, "box": "3x3"}, 400, "box"),
    ("generate", {"level": "impossible"}, 400, "level"),
    ("generate", {"rating": "hard"}, 400, "rating"),
    ("generate", {"rating": "9-2"}, 400, "MIN first"),
    ("binary", {}, 400, "missing field 'grid'"),
    ("binary", {"grid": "012\n000\n000"}, 400, ""),
])
def test_bad_requests_get_4xx_json(api, path, body, status, words):
    response = api(path, content=body) if isinstance(body, bytes) else api(path, body)
    refused(response, status, words)


def test_oversized_bodies_wrong_methods_and_routes(server, api):
    refused(api("solve", {"puzzle": "." * 300_000}), 413, "over")
    with httpx.Client(base_url=server.url) as client:
        streamed = client.post("/api/solve", content=iter([b"{" + b" " * 200_000, b" " * 200_000 + b"}"]))
        refused(streamed, 413, "over")
        refused(client.get("/api/solve"), 405)
        refused(client.post("/api/nothing", json={}), 404)
        refused(client.get("/static/missing.js"), 404)
        assert client.get("/").status_code == 200 and "sudokit" in client.get("/").text
        assert client.get("/static/app.js").status_code == 200
        refused(client.get("/", headers={"Host": "attacker.example"}), 400)


def test_info(server):
    info = httpx.get(server.url + "api/info").json()
    assert info["generate"] == (importlib.util.find_spec("sudokit.generate") is not None)
    assert info["workers"]["count"] == 2 and "x" in info["variants"] and "json" in info["formats"]


# ---- bounds: nodes, time, a slow request beside fast ones ----

def client_of(url: str):
    """post(path, body) against a server at url."""
    client = httpx.Client(base_url=url, timeout=120)
    return client, lambda path, body: client.post("/api/" + path, json=body)


def test_node_limit():
    with served(1, "--max-nodes", "100") as server:
        client, post = client_of(server.url)
        with client:
            refused(post("solve", {"puzzle": "." * 81, "mode": "count", "limit": 1000}), 422, "node limit")
            refused(post("target", {"puzzle": "." * 81}), 422, "node limit")
            assert ok(post("solve", {"puzzle": HARD}))["solution"] == HARD_SOLUTION


@pytest.fixture(scope="module")
def tight():
    """A server whose requests may take 1 s (their workers are killed 5 s later), with 2 workers."""
    with served(2, "--max-seconds", "1") as server:
        client, post = client_of(server.url)
        with client:
            yield post


def test_time_limit_replaces_the_worker_and_the_server_goes_on(tight):
    started = time.monotonic()
    body = refused(tight("target", {"puzzle": "." * 81}), 422, "time limit")  # branch and bound on an empty grid
    assert body["status"] == "time limit" and time.monotonic() - started < 30
    assert ok(tight("solve", {"puzzle": HARD}))["solution"] == HARD_SOLUTION


def test_a_slow_request_does_not_block_fast_ones(tight):
    slow: dict = {}
    thread = threading.Thread(target=lambda: slow.setdefault("r", tight("target", {"puzzle": "." * 81})))
    thread.start()
    time.sleep(0.3)  # the slow one holds a worker now
    fast = [ok(tight("solve", {"puzzle": HARD}))["solution"] for _ in range(20)]
    answered_while_slow_ran = thread.is_alive()
    thread.join(60)
    assert fast == [HARD_SOLUTION] * 20 and answered_while_slow_ran
    refused(slow["r"], 422, "time limit")
