"""Fuzzing every command: hypothesis strategies of hostile inputs, and the checks every run must pass.

Shared by tests/test_fuzz.py (a short run in CI) and benchmarks/fuzz.py (>= 10,000 cases per command).
An input is a valid puzzle file mutated (characters replaced, deleted, inserted, lines doubled or dropped, a count
line, blank lines, CRLF, tabs, a byte-order mark, non-ASCII), or random text; flags are drawn per command. Every
run must: raise nothing but SystemExit, print no traceback, exit with a documented code, and when it exits 0,
print answers that are right (each solution checked against its puzzle, each cover checked as a cover, ...).
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import numpy as np
from click.testing import CliRunner
from hypothesis import strategies as st

from sudokit.cli import main

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
EXIT_CODES = {0, 1, 2, 3}  # in-process: no signal arrives, stdout stays open
NODES = st.integers(1, 20_000)  # every search is capped: a fuzz case must end quickly

HARD = (ROOT / "examples" / "hardest.txt").read_text().split()[:3]
FOUR = ["1234341221434321", "1..4....2..3...1", "................", "12..34.........."]
SIXTEEN = "".join((DATA / "poj3076" / "a.in").read_text().split())[:256]
GRID = "\n".join(HARD[0][r * 9:(r + 1) * 9] for r in range(9))
INTS = "\n".join(" ".join("0" if ch == "." else ch for ch in HARD[1][r * 9:(r + 1) * 9]) for r in range(9))
SEEDS = {
    "solve": [HARD[0], "\n".join(HARD), "\n".join(FOUR), GRID, GRID + "\n\n" + GRID, INTS, SIXTEEN,
              "1\n" + HARD[2], (DATA / "hdu4069" / "sample.in").read_text(),
              json.dumps({"size": 4, "givens": FOUR[1], "constraints": ["x"]}), "." * 81, "." * 16],
    "cover": [(ROOT / "examples" / "queens8.dlx").read_text(), "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n",
              (DATA / "exact-cover-p4929" / "unofficial" / "1.in").read_text(), "2 2\n1 0\n0 1\n", "A B\nA\nB\nA B\n",
              "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
              "A B C\nA |3\nB |2\nA B |4\nC |1\nB C |1\nA C |2 |1\n"],
    "target": [(DATA / "target-sudoku" / "sudoku2.in").read_text(), INTS, "\n".join(FOUR[1:3])],
    "binary": [(DATA / "binary-sudoku" / "sample.in").read_text(), "0000\n0110\n0110\n0000\n", "01\n10\n"],
}
SEEDS["convert"] = SEEDS["solve"]
JUNK = "0123456789.-_*#|+:ABCDEFGPQabc xX\t\n\r\x00é\U0001F600\ufeff{}[],\"'"


@st.composite
def mutated(draw, command: str) -> str:
    """A seed input of the command, mutated a few times, or random text."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(alphabet=JUNK, max_size=300))
    text = draw(st.sampled_from(SEEDS[command]))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2, 4]))):  # half the cases unmutated: answers to check
        text = draw(_mutation(text))
    return text


@st.composite
def _mutation(draw, text: str) -> str:
    """One edit of the text."""
    kind = draw(st.integers(0, 8))
    k = draw(st.integers(0, max(0, len(text) - 1)))
    char = draw(st.sampled_from(JUNK))
    lines = text.split("\n")
    row = draw(st.integers(0, max(0, len(lines) - 1)))
    if kind == 0:
        return text[:k] + char + text[k + 1:]
    if kind == 1:
        return text[:k] + text[k + 1:]
    if kind == 2:
        return text[:k] + char + text[k:]
    if kind == 3:
        return "\n".join(lines[:row + 1] + lines[row:])
    if kind == 4:
        return "\n".join(lines[:row] + lines[row + 1:])
    if kind == 5:
        return f"{draw(st.integers(0, 99))}\n" + draw(st.sampled_from(["", " \n", "\n\n"])) + text
    if kind == 6:
        return text.replace("\n", draw(st.sampled_from(["\r\n", "\n\n", "\t\n", " \n"])))
    if kind == 7:
        return "\ufeff" + text
    return text * draw(st.integers(1, 3))


def _flags(draw, options: dict) -> list[str]:
    """Some of the options: name -> strategy of its value (None for a flag)."""
    out = []
    for name, values in options.items():
        if draw(st.integers(0, 5)) == 0:
            out += [name] if values is None else [name, str(draw(values))]
    return out


@st.composite
def solve_case(draw):
    """(input, arguments) for `sudokit solve`."""
    args = ["solve", "--max-nodes", str(draw(NODES))]
    mode = draw(st.sampled_from(["", "--count", "--unique", "--all", "--json"]))
    args += [mode] if mode else []
    args += ["--limit", str(draw(st.integers(1, 5)))] if mode in ("--count", "--all") else []
    args += _flags(draw, {"--engine": st.sampled_from(["fast", "dlx", "reference"]),
                          "--format": st.sampled_from(["line", "grid", "ints", "sdm", "sdk", "ss", "text",
                                                       "pencilmark", "json", "hdu4069"]),
                          "--symbols": st.sampled_from(["default", "letters", "hex", "ABCD", "12"]),
                          "--box": st.sampled_from(["2x2", "3x3", "2x3", "4x4", "x", "0x9"]),
                          "--x": None, "--windoku": None, "--anti-knight": None, "--non-consecutive": None})
    if "--engine" in args and "reference" in args:
        args += ["--max-nodes", "2000"]  # the reference engine is plain Python
    return draw(mutated("solve")), args


@st.composite
def cover_case(draw):
    """(input, arguments) for `sudokit cover`."""
    args = ["cover", "--max-nodes", str(draw(NODES))]
    mode = draw(st.sampled_from(["", "--count", "--all"]))
    args += [mode] if mode else []
    args += ["--limit", str(draw(st.integers(1, 5)))] if mode else []
    args += _flags(draw, {"--seed": st.integers(0, 2 ** 40), "--algorithm": st.sampled_from(["cells", "dlx"]),
                          "--format": st.sampled_from(["dlx", "matrix"]), "--stats": None})
    return draw(mutated("cover")), args


@st.composite
def convert_case(draw):
    """(input, arguments) for `sudokit convert`."""
    to = draw(st.sampled_from(["line", "grid", "ints", "sdm", "sdk", "ss", "pencilmark", "json"]))
    args = ["convert", "--to", to] + _flags(draw, {"--format": st.sampled_from(["line", "grid", "ints", "text"]),
                                                   "--x": None})
    return draw(mutated("convert")), args


@st.composite
def target_case(draw):
    """(input, arguments) for `sudokit target`."""
    args = ["target", "--max-nodes", str(draw(NODES))] + _flags(draw, {"--min": None, "--show": None,
                                                                       "--explain": None, "--x": None})
    return draw(mutated("target")), args


@st.composite
def binary_case(draw):
    """(input, arguments) for `sudokit binary`."""
    args = ["binary"] + _flags(draw, {"--show": None, "--box": st.sampled_from(["2x2", "3x3", "1x2", "2x1"])})
    if draw(st.booleans()):
        args += ["--engine", "ida", "--max-nodes", str(draw(NODES))]
    return draw(mutated("binary")), args


CASES = {"solve": solve_case, "cover": cover_case, "convert": convert_case, "target": target_case,
         "binary": binary_case}


def run_case(text: str, args: list[str]) -> tuple[int, str, str]:
    """Run one case in-process and check what every run must satisfy; (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, args, input=text.encode("utf-8", "surrogatepass"))
    err = result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, text, result.exception)
    assert "Traceback" not in err, (args, text, err)
    assert result.exit_code in EXIT_CODES, (args, text, result.exit_code, err)
    if result.exit_code in (2, 3):  # bad input and node limits say so on stderr (exit 1 is an answer)
        assert err.strip(), (args, text, "a failure must say why on stderr")
    return result.exit_code, result.stdout, err


def check_answers(command: str, text: str, args: list[str], out: str) -> None:
    """After exit 0: the answers are right (the input read as the CLI reads it: no BOM, LF line ends)."""
    CHECKS[command](text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n"), args, out)


def _check_solve(text: str, args: list[str], out: str) -> None:
    """Every printed solution keeps its puzzle's givens and obeys the variant; counts are positive."""
    from sudokit.formats import read_puzzles
    from sudokit.sudoku.variants import build_variant

    if "--count" in args:
        assert all(x.isdigit() and int(x) >= 1 for x in out.split()), out
        return
    if "--json" in args:
        objs = [json.loads(x) for x in out.splitlines()]
        assert objs and all(o["status"] == "solved" and o["solution"] for o in objs), out
        return
    fmt = _value(args, "--format")
    pf = read_puzzles(text, fmt=fmt, symbols=_value(args, "--symbols"))
    if pf.fmt not in ("line", "sdm") or "--all" in args or any(e.regions is not None for e in pf.entries):
        assert out.strip(), "exit 0 with nothing printed"
        return
    answers = out.split()
    assert len(answers) == len(pf.entries), (answers, len(pf.entries))
    constraints = tuple(c for c in ("x", "windoku", "anti-knight", "non-consecutive") if f"--{c}" in args)
    box = tuple(int(v) for v in _value(args, "--box").split("x")) if _value(args, "--box") else None
    variant = build_variant(pf.n, box, constraints=constraints)
    decode = {ch: k + 1 for k, ch in enumerate(pf.symbols)}
    for entry, answer in zip(pf.entries, answers):
        grid = np.array([decode[ch] for ch in answer])
        assert variant.check(grid, entry.grid, entry.candidates), (entry.grid, answer)


def _check_cover(text: str, args: list[str], out: str) -> None:
    """Every printed solution is an exact cover of the problem read back from the input."""
    from sudokit.cover import knuth

    if "--count" in args:
        assert out.strip().isdigit() and int(out) >= 1, out
        return
    fmt = _value(args, "--format") or knuth.detect(text)
    problem = knuth.read_matrix(text) if fmt == "matrix" else knuth.read_dlx(text)
    blocks = _cover_blocks(out, fmt, problem)
    assert blocks
    for options in blocks:
        _assert_cover(problem, options)


def _cover_blocks(out: str, fmt: str, problem) -> list[list[int]]:
    """The chosen option indices of each printed solution (a DLX5 header 'N: (total cost $c)' too)."""
    if fmt == "matrix":
        return [[int(v) - 1 for v in line.split()] for line in out.splitlines()]
    index = {tuple(problem.option(k)): k for k in range(problem.n_options)}
    blocks = []
    for line in out.splitlines():
        if re.fullmatch(r"\d+:( \(total cost \$\d+\))?", line):
            blocks.append([])
        else:
            words = line.split()
            if problem.costs is not None:
                assert words[-1].startswith("$"), line
                words = words[:-1]
            blocks[-1].append(index[tuple(words)])
    return blocks


def _assert_cover(problem, options: list[int]) -> None:
    """Each primary item covered within its bounds (once without), each secondary at most once per color."""
    seen: dict[int, int] = {}
    times = [0] * problem.n_primary
    for k in options:
        lo, hi = problem.opt_ptr[k], problem.opt_ptr[k + 1]
        for item, color in zip(problem.opt_items[lo:hi].tolist(), problem.opt_colors[lo:hi].tolist()):
            if item < problem.n_primary:
                times[item] += 1
            elif item in seen:
                assert color and seen[item] == color, (options, item)
            seen[item] = color
    lower, upper = problem.lower().tolist(), problem.upper().tolist()
    assert all(lo <= t <= hi for t, lo, hi in zip(times, lower, upper)), (options, times)


def _check_convert(text: str, args: list[str], out: str) -> None:
    """The output reads back to the same number of puzzles (json and pencilmark keep the most)."""
    from sudokit.formats import read_puzzles

    to = _value(args, "--to")
    pf = read_puzzles(text, fmt=_value(args, "--format"), symbols=_value(args, "--symbols"))
    again = read_puzzles(out, fmt=to, symbols=pf.symbols)  # every writer's format has its reader
    assert len(again.entries) == len([e for e in pf.entries if not e.error])
    assert not any(e.error for e in again.entries)


def _check_target(text: str, args: list[str], out: str) -> None:
    """Each answer is a score (an integer); with --show the grid that follows is complete."""
    lines = out.splitlines()
    assert lines and lines[0].lstrip("-").isdigit(), out


def _check_binary(text: str, args: list[str], out: str) -> None:
    """The answer is a flip count; with --show, flipping the listed cells makes every unit even."""
    from sudokit.sudoku.binary import apply_flips, as_binary, is_even

    lines = out.splitlines()
    flips = int(lines[0])
    if "--show" not in args:
        return
    cells = [] if lines[1] == "(none)" else [tuple(int(v) - 1 for v in c[1:].split("c")) for c in lines[1].split()]
    assert len(cells) == flips
    box = tuple(int(v) for v in _value(args, "--box").split("x")) if _value(args, "--box") else None
    grid, (r, c) = as_binary(text, box)
    assert is_even(apply_flips(grid, cells), r, c)


CHECKS = {"solve": _check_solve, "cover": _check_cover, "convert": _check_convert, "target": _check_target,
          "binary": _check_binary}


def _value(args: list[str], name: str) -> str | None:
    """The value of an option in args (the last one), or None."""
    found = [args[k + 1] for k, a in enumerate(args[:-1]) if a == name]
    return found[-1] if found else None


def fuzz_one(command: str, case: tuple[str, list[str]]) -> int:
    """Run and check one case of a command; its exit code."""
    text, args = case
    code, out, _ = run_case(text, args)
    if code == 0:
        check_answers(command, text, args, out)
    return code


# ---- the API: every call returns a right answer or raises a SudokitError, nothing else ----

VALUES = st.one_of(st.integers(-2, 12), st.sampled_from([2 ** 40, 2 ** 70, 1.5, 3.0, "x", None, True]))
LIMITS = st.sampled_from([0, 1, 2, 3, 5, -1, 2 ** 63, 2 ** 70, 2.0, "2", None])
CAPS = st.sampled_from([0, 1, 100, 5000, -1, 2 ** 64, None, 1.5])


@st.composite
def api_case(draw):
    """(engine name, box shape, puzzle, limit, max_nodes): a call of engine(name)(puzzle, geometry, ...)."""
    box = draw(st.sampled_from([(2, 2), (2, 3), (3, 3)]))
    n = box[0] * box[1]
    size = draw(st.sampled_from([n * n, n * n, n * n, n * n - 1, n * n + 1, 81]))
    base = draw(st.lists(st.integers(0, n), min_size=size, max_size=size))
    puzzle = [v if draw(st.integers(0, 30)) else draw(VALUES) for v in base]
    puzzle = [v if draw(st.integers(0, 2)) else 0 for v in puzzle]  # blanks: searches with many solutions
    return draw(st.sampled_from(["fast", "dlx", "reference"])), box, puzzle, draw(LIMITS), draw(CAPS)


def api_one(case) -> str:
    """Call one engine; check the answer or that the refusal is a SudokitError. The outcome's name."""
    from sudokit.errors import SudokitError
    from sudokit.geometry import box_geometry
    from sudokit.sudoku import engine
    from sudokit.sudoku.grid import is_solution

    name, box, puzzle, limit, max_nodes = case
    if limit is None or (isinstance(limit, int) and limit > 5):
        max_nodes = 2000  # an unbounded count must still end
    geometry = box_geometry(*box)
    try:
        result = engine(name)(puzzle, geometry, limit=limit, max_nodes=max_nodes)
    except SudokitError:
        return "refused"
    assert result.count == 0 or is_solution(result.solution, np.asarray(puzzle), geometry), case
    assert result.count <= (limit if isinstance(limit, int) else 1 << 63)
    if result.complete and name != "reference":
        again = engine("dlx" if name == "fast" else "fast")(puzzle, geometry, limit=limit, max_nodes=0)
        assert again.count == result.count, (case, again.count, result.count)
    return "answered"


@st.composite
def cover_api_case(draw):
    """Random CSR arrays for Problem.from_arrays, and count() arguments."""
    n_primary, n_secondary = draw(st.integers(-1, 6)), draw(st.integers(-1, 3))
    items = draw(st.lists(st.integers(-1, 9), max_size=20))
    cuts = sorted(draw(st.lists(st.integers(0, len(items)), max_size=8)))
    ptr = [0] + cuts + [len(items)] if draw(st.integers(0, 9)) else draw(st.lists(st.integers(-2, 25), max_size=6))
    return n_primary, n_secondary, ptr, items, draw(LIMITS), draw(st.sampled_from([None, 0, 7, -1, 2 ** 64]))


def cover_api_one(case) -> str:
    """Build and count one problem; a count must match brute force over the option subsets."""
    from itertools import combinations

    from sudokit.cover import Problem, count
    from sudokit.errors import SudokitError

    n_primary, n_secondary, ptr, items, limit, seed = case
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # options without a primary item are dropped with a warning
            problem = Problem.from_arrays(n_primary, n_secondary, ptr, items)
        got = count(problem, limit=limit, seed=seed)
    except SudokitError:
        return "refused"
    options = [set(problem.opt_items[problem.opt_ptr[k]:problem.opt_ptr[k + 1]].tolist())
               for k in range(problem.n_options) if k not in problem.dropped]
    exact = sum(1 for r in range(len(options) + 1) for pick in combinations(options, r)
                if _covers(pick, problem.n_primary))
    assert got == min(exact, limit if isinstance(limit, int) else exact), (case, got, exact)
    return "answered"


def _covers(options, n_primary: int) -> bool:
    """True if the option sets cover each primary item once and each secondary at most once."""
    seen = [i for option in options for i in option]
    return len(seen) == len(set(seen)) and set(range(n_primary)) <= set(seen)
