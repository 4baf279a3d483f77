"""Target Sudoku (NOIP 2009 "靶形数独"): the judge data, and exhaustive search on small instances."""

from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.errors import InputError
from sudokit.geometry import box_geometry, standard_geometry
from sudokit.sudoku.grid import is_solution
from sudokit.sudoku.target import best, parse_target, ring_scores, ring_weights

DATA = Path(__file__).parent / "data" / "target-sudoku"
CASES = [DATA / f"sudoku{i}.in" for i in range(1, 21)] + sorted((DATA / "samples").glob("*.in"))
# completions per case, from SOURCES.md
COUNTS = {"sudoku1": 0, "sudoku2": 576, "sudoku6": 111, "sudoku12": 368, "sample1": 3, "sample2": 85}
G4 = box_geometry(2, 2)


def expected(path: Path) -> int:
    """The judge answer next to a .in file."""
    return int(path.with_suffix(".out").read_text())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_judge_cases(path):
    text = path.read_text()
    res = best(text)
    assert res.complete
    assert res.answer == expected(path)
    if res.score is not None:
        puzzle = parse_target(text)
        assert is_solution(res.grid, puzzle, standard_geometry(9))
        assert int((res.grid * ring_weights(9)).sum()) == res.score


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_exhaustive_mode_counts_and_agrees(name):
    path = DATA / f"{name}.in" if name.startswith("sudoku") else DATA / "samples" / f"{name}.in"
    res = best(path.read_text(), exhaustive=True)
    assert res.completions == COUNTS[name]
    assert res.answer == expected(path)


def test_ring_weights_are_the_judge_rule():
    w = ring_weights(9).reshape(9, 9)
    r, c = np.indices((9, 9))
    assert np.array_equal(w, 6 + np.minimum(np.minimum(r, c), np.minimum(8 - r, 8 - c)))
    assert ring_weights(4).reshape(4, 4).tolist() == [[1, 1, 1, 1], [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1]]


@lru_cache(maxsize=None)
def all_4x4() -> np.ndarray:
    """Every completed 4x4 Sudoku (288 grids), by plain enumeration."""
    rows = [p for p in __import__("itertools").permutations(range(1, 5))]
    grids = []

    def extend(prefix):
        if len(prefix) == 4:
            grids.append(np.array(prefix).ravel())
            return
        for row in rows:
            grid = np.array(prefix + [row])
            if all(len(set(grid[:, j])) == len(grid) for j in range(4)) and _boxes_ok(grid):
                extend(prefix + [row])

    extend([])
    return np.array(grids, dtype=np.int32)


def _boxes_ok(grid: np.ndarray) -> bool:
    """No repeated digit in the 2x2 boxes of the rows filled so far."""
    for br in range(0, len(grid), 2):
        for bc in (0, 2):
            box = grid[br:br + 2, bc:bc + 2].ravel()
            if len(set(box.tolist())) != len(box):
                return False
    return True


def brute(puzzle: np.ndarray, weights: np.ndarray, geometry=G4, minimize=False):
    """Best score over every completion of a 4x4 puzzle in the geometry, or None."""
    grids = all_4x4()
    fits = grids[np.all((puzzle == 0) | (grids == puzzle), axis=1)]
    fits = [g for g in fits if is_solution(g, puzzle, geometry)]
    if not fits:
        return None
    scores = [int((g * weights).sum()) for g in fits]
    return min(scores) if minimize else max(scores)


def test_all_4x4_has_288_grids():
    assert len(all_4x4()) == 288


puzzles_4x4 = st.tuples(st.integers(0, 287), st.lists(st.booleans(), min_size=16, max_size=16),
                        st.lists(st.integers(-5, 9), min_size=16, max_size=16), st.booleans())


@settings(max_examples=120, deadline=None)
@given(puzzles_4x4)
def test_4x4_matches_exhaustive(case):
    index, keep, weights, minimize = case
    solution = all_4x4()[index]
    puzzle = np.where(keep, solution, 0).astype(np.int32)
    w = np.array(weights, dtype=np.int64)
    res = best(puzzle, G4, weights=w, minimize=minimize)
    assert res.score == brute(puzzle, w, minimize=minimize)
    assert is_solution(res.grid, puzzle, G4)
    assert int((res.grid * w).sum()) == res.score


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 287), st.integers(0, 287), st.lists(st.booleans(), min_size=16, max_size=16))
def test_4x4_mixed_givens_may_have_no_completion(i, j, pick):
    a, b = all_4x4()[i], all_4x4()[j]
    puzzle = np.where(pick, a, b).astype(np.int32)
    puzzle[::3] = 0
    w = ring_weights(4)
    if any(puzzle[x] == puzzle[y] != 0 for x in range(16) for y in G4.peers(x)):
        with pytest.raises(InputError):
            best(puzzle, G4)
        return
    assert best(puzzle, G4).score == brute(puzzle, w)


@pytest.mark.parametrize("variant", ["diagonals", "anti-king"])
def test_4x4_variants_honour_units_and_pairs(variant):
    if variant == "diagonals":
        geo = G4.with_constraints(units=[[0, 5, 10, 15], [3, 6, 9, 12]])
    else:
        pairs = [(r * 4 + c, (r + 1) * 4 + c + dc) for r in range(3) for c in range(4) for dc in (-1, 1)
                 if 0 <= c + dc < 4]
        geo = G4.with_constraints(pairs=pairs)
    rng = np.random.default_rng(4)
    w = rng.integers(-3, 10, 16)
    empty = np.zeros(16, np.int32)
    res = best(empty, geo, weights=w)
    assert res.score == brute(empty, w, geo)
    if res.score is not None:
        assert is_solution(res.grid, empty, geo)


def test_minimize_is_the_lowest_score():
    text = (DATA / "samples" / "sample2.in").read_text()
    low = best(text, minimize=True)
    high = best(text)
    assert low.score < high.score
    assert low.score == -best(text, weights=-ring_weights(9)).score


def test_node_limit_reports_incomplete():
    res = best((DATA / "sudoku20.in").read_text(), max_nodes=5)
    assert not res.complete


def test_node_limit_after_the_probe_keeps_the_best_found():
    path = DATA / "sudoku17.in"
    res = best(path.read_text(), max_nodes=150)
    assert not res.complete and res.score is not None and res.score <= expected(path)
    assert is_solution(res.grid, parse_target(path.read_text()), standard_geometry(9))
    assert res.nodes <= 152


def test_floor_looks_only_above_it():
    text = (DATA / "sudoku2.in").read_text()
    assert best(text, floor=2859).score is None
    assert best(text, floor=2858).score == 2859


def test_no_completion_is_none_and_minus_one():
    res = best((DATA / "sudoku1.in").read_text())
    assert res.score is None and res.grid is None and res.answer == -1 and res.complete


def test_one_line_format_and_ring_scores():
    text = (DATA / "samples" / "sample1.in").read_text()
    line = "".join(text.split())
    assert np.array_equal(parse_target(line), parse_target(text))
    assert np.array_equal(parse_target(line.replace("0", ".")), parse_target(text))
    res = best(line)
    assert res.answer == 2829
    rings = ring_scores(res.grid, ring_weights(9), 9)
    assert [k for k, _ in rings] == [0, 1, 2, 3, 4]
    assert sum(s for _, s in rings) == 2829


def test_16x16_runs_with_default_weights():
    geo = standard_geometry(16)
    rng = np.random.default_rng(16)
    from sudokit.sudoku.reference import solve

    full = solve(np.zeros(256, np.int32), geo).solution
    puzzle = np.where(rng.random(256) < 0.6, full, 0).astype(np.int32)
    res = best(puzzle, geo, max_nodes=200_000)
    assert res.complete and res.score >= int((full * ring_weights(16)).sum())
    assert is_solution(res.grid, puzzle, geo)


@pytest.mark.parametrize("text, message", [
    ("1 2 3\n", "lines"),
    ("0 " * 8 + "\n" + ("0 " * 9 + "\n") * 8, "lines of 8"),
    (("0 " * 9 + "\n") * 8 + "0 " * 8 + "\n", "integers"),
    (("0 " * 9 + "\n") * 8 + "0 0 0 0 a 0 0 0 0\n", "not a digit"),
    (("0 " * 9 + "\n") * 8 + "0 0 0 0 10 0 0 0 0\n", "not a digit"),
    (("0 " * 9 + "\n") * 8 + "0 0 0 0 -1 0 0 0 0\n", "not a digit"),
    (("0 0 0 0 0 0 0 0 0\n") * 8, "lines"),
    ("x" * 81, "not a digit"),
    ("0" * 80, "N\\*N"),
    ("", "empty"),
])
def test_bad_text(text, message):
    with pytest.raises(InputError, match=message):
        best(text)


def test_clashing_givens_and_bad_weights():
    puzzle = np.zeros(81, np.int32)
    puzzle[0] = puzzle[8] = 5
    with pytest.raises(InputError, match="clashes"):
        best(puzzle)
    with pytest.raises(InputError, match="weights"):
        best(np.zeros(81, np.int32), weights=np.ones(80, np.int64))
    with pytest.raises(InputError):
        best(np.zeros(80, np.int32))


def cli(*args, stdin=None):
    """Run `sudokit ARGS` in-process; (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    from sudokit.cli import main

    res = CliRunner().invoke(main, list(map(str, args)), input=stdin)
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_cli_judge_output_is_byte_exact(path):
    code, out, _ = cli("target", path)
    assert out == path.with_suffix(".out").read_text()
    assert code == (1 if expected(path) == -1 else 0)


def test_cli_subprocess_and_stdin():
    import subprocess
    import sys

    path = DATA / "samples" / "sample2.in"
    run = subprocess.run([sys.executable, "-m", "sudokit", "target", "-"], input=path.read_bytes(),
                         capture_output=True)
    assert (run.returncode, run.stdout, run.stderr) == (0, b"2852\n", b"")
    line = "".join(path.read_text().split())
    assert cli("target", stdin=line + "\n")[:2] == (0, "2852\n")


def test_cli_show_explain_min_and_weights(tmp_path):
    path = DATA / "samples" / "sample2.in"
    code, out, _ = cli("target", "--show", "--explain", path)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "2852" and len(lines) == 1 + 9 + 5
    grid = np.array([[int(x) for x in row.split()] for row in lines[1:10]]).ravel()
    assert is_solution(grid, parse_target(path.read_text()), standard_geometry(9))
    assert lines[10] == f"ring 0: {ring_scores(grid, ring_weights(9), 9)[0][1]} (weight 6)"
    assert sum(int(x.split()[2]) for x in lines[10:]) == 2852
    assert cli("target", "--min", path)[1] == "2842\n"
    weights = tmp_path / "w.txt"
    weights.write_text("\n".join(" ".join(["1"] * 9) for _ in range(9)) + "\n")
    assert cli("target", "--weights", weights, path)[1] == "405\n"


def test_cli_other_sizes_and_limits():
    puzzle = all_4x4()[0].copy()
    puzzle[[0, 5, 10, 15]] = 0
    text = "\n".join(" ".join(map(str, row)) for row in puzzle.reshape(4, 4)) + "\n"
    want = brute(puzzle, ring_weights(4))
    assert cli("target", "--box", "2x2", stdin=text)[:2] == (0, f"{want}\n")
    code, out, err = cli("target", "--max-nodes", 3, DATA / "sudoku20.in")
    assert (code, out) == (3, "node limit\n") and "node limit" in err


@pytest.mark.parametrize("text, message", [
    ("5 0 0 0 0 0 0 0 5\n" + "0 0 0 0 0 0 0 0 0\n" * 8, "clashes"),
    ("0 0 0 0 0 0 0 0 0\n" * 8, "rows"),
    ("0 0 0 0 0 0 0 0 10\n" + "0 0 0 0 0 0 0 0 0\n" * 8, "not a number"),
])
def test_cli_bad_input_is_one_line_exit_2(text, message):
    code, out, err = cli("target", stdin=text)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1
