"""Binary Sudoku (USACO 2011 Nov Gold "bsudoku"): both engines against the judge data and brute force."""

from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.errors import InputError
from sudokit.geometry import box_geometry
from sudokit.sudoku.binary import apply_flips, is_even, min_flips, parities, parse_binary

DATA = Path(__file__).parent / "data" / "binary-sudoku"
CASES = [DATA / "sample.in"] + sorted((DATA / "unofficial").glob("*.in"), key=lambda p: int(p.stem))
ENGINES = ["default", "ida"]


def expected(path: Path) -> int:
    """The judge answer next to a .in file."""
    return int(path.with_suffix(".out").read_text())


def check(grid, res, box, want=None):
    """The result is a flip list of the claimed size that makes the grid even."""
    arr = np.asarray(grid).reshape(box[0] * box[1], -1)
    assert res.complete
    assert len(res.cells) == res.flips == len(set(res.cells))
    assert is_even(apply_flips(arr, res.cells), *box)
    if want is not None:
        assert res.flips == want


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_judge_cases(path, engine):
    text = path.read_text()
    check(parse_binary(text), min_flips(text, engine=engine), (3, 3), expected(path))


def test_sample_is_official_and_answer_three():
    assert len(CASES) == 14
    assert min_flips((DATA / "sample.in").read_text()).flips == 3


@lru_cache(maxsize=None)
def brute_table(r: int, c: int) -> dict:
    """Minimum flips for every parity signature, over all 2^(N*N) flip sets (N*N <= 16)."""
    geo = box_geometry(r, c)
    sets = np.arange(1 << geo.ncells, dtype=np.int64)
    bits = (sets[:, None] >> np.arange(geo.ncells)) & 1
    sig = np.zeros(len(sets), np.int64)
    for u, cells in enumerate(geo.units):
        sig |= (bits[:, cells].sum(axis=1) % 2) << u
    weight = bits.sum(axis=1)
    best = {}
    for s, w in zip(sig.tolist(), weight.tolist()):
        if w < best.get(s, 99):
            best[s] = w
    return best


def brute(arr: np.ndarray, r: int, c: int) -> int:
    """Minimum flips by lookup in the brute-force table."""
    geo = box_geometry(r, c)
    flat = arr.ravel()
    sig = sum(int(flat[cells].sum() % 2) << u for u, cells in enumerate(geo.units))
    return brute_table(r, c)[sig]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, (1 << 16) - 1))
def test_4x4_matches_brute_force(bits):
    arr = ((bits >> np.arange(16)) & 1).astype(np.int8).reshape(4, 4)
    want = brute(arr, 2, 2)
    for engine in ENGINES:
        check(arr, min_flips(arr, (2, 2), engine=engine), (2, 2), want)


@pytest.mark.parametrize("box", [(1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (4, 1)])
def test_thin_boxes_match_brute_force(box):
    n = box[0] * box[1]
    rng = np.random.default_rng(n)
    for _ in range(20):
        arr = rng.integers(0, 2, (n, n)).astype(np.int8)
        for engine in ENGINES:
            check(arr, min_flips(arr, box, engine=engine), box, brute(arr, *box))


@pytest.mark.parametrize("box", [(2, 3), (3, 2), (3, 3), (2, 4)])
def test_engines_agree_on_random_grids(box):
    n = box[0] * box[1]
    rng = np.random.default_rng(7 * n)
    for density in (0.1, 0.5, 0.9):
        arr = (rng.random((n, n)) < density).astype(np.int8)
        a = min_flips(arr, box)
        b = min_flips(arr, box, engine="ida")
        check(arr, a, box, b.flips)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_16x16_engines_agree(seed):
    rng = np.random.default_rng(seed)
    arr = (rng.random((16, 16)) < 0.5).astype(np.int8)
    a = min_flips(arr, (4, 4))
    b = min_flips(arr, (4, 4), engine="ida", max_nodes=5_000_000)
    check(arr, b, (4, 4), a.flips)
    check(arr, a, (4, 4))


def test_25x25_is_exact_and_valid():
    rng = np.random.default_rng(25)
    arr = (rng.random((25, 25)) < 0.5).astype(np.int8)
    res = min_flips(arr, box_geometry(5, 5))
    check(arr, res, (5, 5))
    rows, cols, boxes = parities(arr, 5, 5)
    assert res.flips >= max(rows.sum(), cols.sum(), boxes.sum())


def test_lower_bound_is_met_on_all_ones():
    res = min_flips(np.ones((9, 9), np.int8))
    assert res.flips == 9


def test_ida_node_limit_reports_incomplete():
    rng = np.random.default_rng(1)
    arr = (rng.random((16, 16)) < 0.5).astype(np.int8)
    res = min_flips(arr, (4, 4), engine="ida", max_nodes=3)
    assert not res.complete and res.flips == -1


@pytest.mark.parametrize("text, message", [
    ("0101\n", "lines"),
    ("000000000\n" * 8 + "00000000\n", "characters"),
    ("000000000\n" * 8 + "000020000\n", "not 0 or 1"),
    ("000000000\n" * 8 + "0000x0000\n", "not 0 or 1"),
    ("", "empty"),
    ("000000000\n" * 10, "lines"),
])
def test_bad_text(text, message):
    with pytest.raises(InputError, match=message):
        min_flips(text)


def test_bad_arrays_and_options():
    with pytest.raises(InputError):
        min_flips(np.full((9, 9), 2))
    with pytest.raises(InputError):
        min_flips(np.zeros((9, 8), np.int8))
    with pytest.raises(InputError):
        min_flips(np.zeros((9, 9), np.int8), (2, 2))
    with pytest.raises(InputError, match="engine"):
        min_flips(np.zeros((9, 9), np.int8), engine="ilp")
    with pytest.raises(InputError):
        min_flips(np.zeros((9, 9), float))


def cli(*args, stdin=None):
    """Run `sudokit ARGS` in-process; (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    from sudokit.cli import main

    res = CliRunner().invoke(main, list(map(str, args)), input=stdin)
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_cli_judge_output_is_byte_exact(path, engine):
    code, out, _ = cli("binary", "--engine", engine, path)
    assert (code, out) == (0, path.with_suffix(".out").read_text())


def test_cli_subprocess_stdin():
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "sudokit", "binary"], input=(DATA / "sample.in").read_bytes(),
                         capture_output=True)
    assert (run.returncode, run.stdout, run.stderr) == (0, b"3\n", b"")


def test_cli_show_marks_the_flips():
    text = (DATA / "sample.in").read_text()
    code, out, _ = cli("binary", "--show", stdin=text)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "3" and len(lines) == 2 + 9
    cells = [(int(t[1:t.index("c")]) - 1, int(t[t.index("c") + 1:]) - 1) for t in lines[1].split()]
    grid = parse_binary(text)
    assert is_even(apply_flips(grid, cells), 3, 3)
    marked = np.array([list(row) for row in lines[2:]])
    assert sorted(zip(*np.nonzero(marked == "*"))) == sorted(cells)


def test_cli_16x16_and_ida_limit():
    rng = np.random.default_rng(3)
    arr = (rng.random((16, 16)) < 0.5).astype(np.int8)
    text = "\n".join("".join(map(str, row)) for row in arr) + "\n"
    want = min_flips(arr, (4, 4)).flips
    assert cli("binary", "--box", "4x4", stdin=text)[:2] == (0, f"{want}\n")
    assert cli("binary", stdin=text)[:2] == (0, f"{want}\n")
    code, out, err = cli("binary", "--engine", "ida", "--max-nodes", 2, stdin=text)
    assert (code, out) == (3, "") and "node limit" in err


@pytest.mark.parametrize("args, text, message", [
    ([], "000000000\n" * 8 + "000020000\n", "not 0 or 1"),
    ([], "000000000\n" * 8, "lines"),
    (["--box", "4x4"], "000000000\n" * 9, "16 lines"),
    (["--box", "4y4"], "000000000\n" * 9, "RxC"),
    ([], "", "empty"),
])
def test_cli_bad_input_is_one_line_exit_2(args, text, message):
    code, out, err = cli("binary", *args, stdin=text)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1
