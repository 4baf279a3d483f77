"""The `sudokit` command: a thin layer over the library.

Conventions every subcommand keeps:
- answers on stdout, statistics and diagnostics on stderr;
- bad input is one line on stderr (`sudokit: FILE:LINE: what is wrong`), never a traceback, exit 2;
- exit codes: 0 all solved, 1 some problem had no solution (or was not unique where that was asked),
  2 bad input or usage, 3 a node limit stopped a search, 130 interrupted; the worst status of the run wins.
"""

from __future__ import annotations

import sys

import click
import numpy as np

from .errors import InputError, SudokitError
from .sudoku.variants import variant_options

INPUT_FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "text", "pencilmark", "json", "hdu4069")
OUTPUT_FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "pencilmark", "json")

EXIT_OK, EXIT_UNSOLVED, EXIT_INPUT, EXIT_LIMIT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
SMALL_BATCH = 5000  # below this many puzzles --jobs 0 solves in-process


def fail(message: str, code: int = EXIT_INPUT) -> None:
    """Print one line to stderr and exit with code."""
    click.echo(f"sudokit: {message}", err=True)
    sys.exit(code)


def read_text(path: str) -> tuple[str, str]:
    """The text of a file (or '-' for stdin) and its display name; binary junk is an InputError."""
    name = "<stdin>" if path == "-" else path
    try:
        data = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {exc.strerror}") from None
    if b"\0" in data:
        raise InputError(f"{name}: binary data, not a text puzzle file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise InputError(f"{name}: empty input")
    return text.replace("\r\n", "\n").replace("\r", "\n"), name


class Group(click.Group):
    """A click group that turns every SudokitError into one line on stderr and exit 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as exc:
            fail(str(exc), EXIT_INPUT)
        except SudokitError as exc:
            fail(str(exc), EXIT_INPUT)
        except KeyboardInterrupt:
            fail("interrupted", EXIT_INTERRUPTED)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sudokit")
def main():
    """Solve, count and check exact-cover problems and Sudoku of every size and flavour.

    \b
    Examples:
      sudokit solve examples/hardest.txt          solve one puzzle per line
      sudokit solve --count puzzles.txt           number of solutions of each puzzle
      sudokit cover --count examples/queens8.dlx  count exact covers of a Knuth .dlx file
    """


def parse_box(box: str | None, n: int):
    """The Geometry for side N: --box RxC if given (checked against N), else the default box shape."""
    from .geometry import box_geometry, standard_geometry

    if box is None:
        return standard_geometry(n)
    try:
        r, c = (int(v) for v in box.lower().split("x"))
    except ValueError:
        raise InputError(f"--box {box!r}: expected RxC, e.g. 3x3 or 2x3") from None
    if r * c != n:
        raise InputError(f"--box {box}: {r}x{c} boxes make a {r * c}x{r * c} grid, but the puzzles are {n}x{n}")
    return box_geometry(r, c)


class Run:
    """The worst exit status of a run, and its tallies for --stats."""

    def __init__(self):
        self.code = EXIT_OK
        self.tally: dict[str, int] = {}
        self.nodes = 0
        self.guesses = 0

    def note(self, status: str, code: int) -> None:
        """Count one outcome; keep the highest exit code."""
        self.tally[status] = self.tally.get(status, 0) + 1
        self.code = max(self.code, code)


def outcome(count: int, complete: bool, unique: bool) -> tuple[str, int]:
    """The status word and exit code of one search result."""
    if not complete:
        return "node limit", EXIT_LIMIT
    if count == 0:
        return "no solution", EXIT_UNSOLVED
    if unique and count > 1:
        return "multiple solutions", EXIT_UNSOLVED
    return "solved", EXIT_OK


def answer(status: str, count: int, solution_text: str, args) -> str:
    """What stands in a puzzle's place on stdout: the solution, the count, or the status word."""
    if args["json"]:
        return ""
    if args["count"]:
        return str(count)
    return solution_text if status == "solved" else status


def record(line: int, puzzle: str, status: str, count: int, solution: str | None, guesses: int, nodes: int):
    """One puzzle's --json object."""
    import json

    return json.dumps({"line": line, "puzzle": puzzle, "status": status, "count": count, "solution": solution,
                       "guesses": guesses, "nodes": nodes})


def _solve_entry(entry, pf, geometry, solve, limit, max_nodes, run, args, extra=None) -> list[str]:
    """The answer blocks printed for one puzzle."""
    from .formats import format_entry, format_grid
    from .sudoku.grid import check_givens

    where = f"{pf.source}:{entry.line}"
    try:
        if entry.error:
            raise InputError(entry.error)
        check_givens(entry.grid, geometry)
    except InputError as exc:
        click.echo(f"sudokit: {where}: {exc}", err=True)
        run.note("invalid", EXIT_INPUT)
        if args["json"]:
            return [record(entry.line, "", f"invalid: {exc}", 0, None, 0, 0)]
        return [f"invalid: {exc}"]
    if args["all"]:
        return _all_solutions(entry.grid, geometry, args["limit"], max_nodes, pf, run, where, extra)
    result = solve(entry.grid, geometry, limit, max_nodes)
    run.nodes += result.nodes
    run.guesses += result.guesses
    status, code = outcome(result.count, result.complete, args["unique"])
    if status == "node limit":
        click.echo(f"sudokit: {where}: node limit {max_nodes} reached", err=True)
    run.note(status, code)
    text = format_entry(result.solution, pf) if result.count else ""
    if args["json"]:
        line = format_grid(entry.grid, pf.n, "line", pf.symbols)
        solution = format_grid(result.solution, pf.n, "line", pf.symbols) if result.count else None
        return [record(entry.line, line, status, result.count, solution, result.guesses, result.nodes)]
    return [answer(status, result.count, text, args)]


def _fast_line_side(text: str, fmt, symbols, name) -> int | None:
    """N if the input is a one-puzzle-per-line file of digits (N <= 9) the batch path can parse, else None."""
    from .formats import read_puzzles

    if fmt not in (None, "line") or symbols:
        return None
    try:
        head = read_puzzles("\n".join(text.split("\n", 100)[:100]), fmt=fmt, source=name)
    except InputError:
        return None
    return head.n if head.fmt == "line" and head.n <= 9 else None


def _solve_lines_fast(text, name, n, geometry, limit, max_nodes, jobs, show_progress, run, args) -> list[str]:
    """Solve a one-line-per-puzzle file as one array on all cores; the answers in input order."""
    import re

    from .formats import format_lines, line_error, parse_line_array
    from .sudoku.batch import solve_batch
    from .sudoku.fast import CLASH

    text = re.split(r"(?m)^end[ \t]*$", text, maxsplit=1)[0]
    data = text.encode()
    grids, lines, bad = parse_line_array(data, n)
    if len(grids) == 0:
        raise InputError(f"{name}: no puzzles")
    good = np.ones(len(grids), bool)
    good[bad] = False
    if not jobs:  # all cores pay off only past a few thousand puzzles: each worker loads the kernels (~0.5 s)
        jobs = 1 if good.sum() < SMALL_BATCH else None
    with _progress(show_progress) as callback:
        batch = solve_batch(grids[good], geometry, limit=limit, max_nodes=max_nodes, jobs=jobs, progress=callback)
    res = batch.result
    solved_text = format_lines(res.solutions, n)
    puzzle_text = format_lines(grids, n) if args["json"] else None
    raw_lines = data.split(b"\n") if len(bad) else None
    stop = _answered_rows(good, batch.done)
    ngood = int(good[:stop].sum())
    # one outcome() call per distinct (count, complete) pair, not per puzzle: Python work per row is kept to
    # building its output line (the per-row loop took 3x the kernel's time on the 17-clue set)
    keys = res.counts[:ngood].astype(np.int64) * 2 + res.complete[:ngood]
    pairs, which = np.unique(keys, return_inverse=True)
    outcomes = [outcome(int(key) // 2, bool(key % 2), args["unique"]) for key in pairs]
    status = [outcomes[i][0] for i in which.tolist()]
    clash = res.status[:ngood] == CLASH
    for i in np.flatnonzero(clash).tolist():
        status[i] = "invalid"
    for i, (word, code) in enumerate(outcomes):
        m = int(((which == i) & ~clash).sum())
        if m:
            run.tally[word] = run.tally.get(word, 0) + m
            run.code = max(run.code, code)
    run.nodes += int(res.nodes[:ngood].sum())
    run.guesses += int(res.guesses[:ngood].sum())
    k_of = np.cumsum(good) - 1  # row -> its index among the good rows
    out = []
    for row in range(stop):
        k = int(k_of[row])
        word = status[k] if good[row] else "invalid"
        if word == "invalid":
            reason = line_error(raw_lines[lines[row] - 1], n) if not good[row] else _clash(grids[row], geometry)
            click.echo(f"sudokit: {name}:{lines[row]}: {reason}", err=True)
            run.note("invalid", EXIT_INPUT)
            out.append(record(int(lines[row]), "", f"invalid: {reason}", 0, None, 0, 0) if args["json"]
                       else f"invalid: {reason}")
            continue
        if word == "node limit":
            click.echo(f"sudokit: {name}:{lines[row]}: node limit {max_nodes} reached", err=True)
        if args["json"]:
            count = int(res.counts[k])
            out.append(record(int(lines[row]), puzzle_text[row], word, count, solved_text[k] if count else None,
                              int(res.guesses[k]), int(res.nodes[k])))
        elif word == "solved" and not args["count"]:
            out.append(solved_text[k])
        else:
            out.append(answer(word, int(res.counts[k]), solved_text[k], args))
    if stop < len(grids):
        click.echo(f"sudokit: interrupted: {ngood} of {len(res)} puzzles answered", err=True)
        run.code = max(run.code, EXIT_INTERRUPTED)
    return out


def _clash(grid, geometry) -> str:
    """The clash a row's givens hold, in the words of the one-puzzle path."""
    from .sudoku.grid import check_givens

    try:
        check_givens(grid, geometry)
    except InputError as exc:
        return str(exc)
    return "givens clash"


def _answered_rows(good, done) -> int:
    """How many leading rows have an answer: all, or up to the first good row an interrupt left unsolved."""
    row_done = np.ones(len(good), bool)
    row_done[good] = done
    missing = np.flatnonzero(~row_done)
    return int(missing[0]) if len(missing) else len(good)


class _progress:
    """A rich progress bar on stderr as a progress(done, total) callback, or None when it is off."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.bar = None

    def __enter__(self):
        if not self.enabled:
            return None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(TextColumn("solving"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), transient=True)
        self.bar.__enter__()
        task = self.bar.add_task("solve", total=None)
        return lambda done, total: self.bar.update(task, completed=done, total=total)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


def _all_solutions(grid, geometry, limit, max_nodes, pf, run, where, extra=None) -> list[str]:
    """Every solution (up to limit), through the Dancing Links iterator."""
    from .cover.solver import solutions
    from .errors import LimitReached
    from .formats import format_entry
    from .sudoku.exact import ALGORITHM, decode, encode

    problem, cell_digit = encode(grid, geometry, **(extra or {}))
    blocks = []
    try:
        for sol in solutions(problem, limit or None, max_nodes=max_nodes, algorithm=ALGORITHM):
            blocks.append(format_entry(decode(sol.options, cell_digit, geometry.ncells), pf))
    except LimitReached as exc:
        click.echo(f"sudokit: {where}: {exc}", err=True)
        run.note("limit", EXIT_LIMIT)
        return blocks
    run.note("solved" if blocks else "no solution", EXIT_OK if blocks else EXIT_UNSOLVED)
    return blocks or ["no solution"]


@main.command()
@click.argument("file", default="-")
@click.option("--count", "count", is_flag=True, help="Print the number of solutions of each puzzle (capped by --limit).")
@click.option("--unique", is_flag=True, help="Solve, and report 'multiple solutions' (exit 1) unless unique.")
@click.option("--all", "all_", is_flag=True, help="Print every solution (up to --limit).")
@click.option("--limit", type=click.IntRange(min=0), default=0, help="Cap for --count and --all (0 = none).")
@click.option("--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: the most square shape).")
@click.option("--symbols", metavar="ABC", help="Alphabet: default, letters (A-P), hex (0-F), or the N symbols.")
@click.option("--format", "fmt", type=click.Choice(INPUT_FORMATS), help="Input format (default: detect).")
@click.option("--engine", type=click.Choice(["fast", "dlx", "reference"]), default="fast", show_default=True,
              help="Search engine (cages, non-consecutive and pencilmarks always use dlx).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0,
              help="Processes for one-line files with the fast engine (0 = all cores from 5000 puzzles on).")
@click.option("--json", "json_", is_flag=True, help="One JSON object per puzzle: line, puzzle, status, count, "
              "solution, guesses, nodes.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a "
              "terminal).")
@click.option("--max-nodes", type=click.IntRange(min=0), default=0, help="Stop a search after this many nodes "
              "(exit 3).")
@click.option("--stats", is_flag=True, help="Print a summary to stderr.")
@click.option("-v", "--verbose", is_flag=True, help="Say which format and alphabet were assumed (stderr).")
@variant_options
def solve(file, count, unique, all_, limit, box, symbols, fmt, engine, jobs, json_, progress, max_nodes, stats,
          verbose, variant):
    """Solve the Sudoku puzzles in FILE (or stdin), printing answers in the input's own layout.

    \b
    Input formats (detected, or forced with --format):
      line   one puzzle per line, N*N cells, '.' '0' '-' '_' blank; text after it is a comment
      grid   N lines of N characters per puzzle (POJ 2676/3076 style), blank lines between puzzles
      ints   N lines of N numbers per puzzle, 0 = blank (NOIP style)
      sdm    one puzzle per line, 0 = blank;  sdk  N lines of N, '#' metadata lines
      ss     Simple Sudoku boxed text ('|' and '---+---+---');  text  any layout (Sudopedia rules)
      pencilmark  729 characters per line, 9 slots per cell (Sukaku); jigsaw: 81 givens + 81 region labels
      json   puzzle descriptions (sudokit convert --to json);  hdu4069  HDU 4069 walls (Case k: output)
    A first line holding only the number of puzzles is skipped; a line 'end' ends the input.

    \b
    Variants combine: --x --windoku --anti-knight --anti-king --non-consecutive,
    --regions FILE (N lines of N labels), --cages FILE (one cage per line: SUM r1c1 r1c2 ...).

    \b
    In place of an answer: 'no solution', 'multiple solutions' (with --unique), 'invalid: REASON',
    'node limit'. A one-puzzle-per-line file of 9x9 (or smaller) puzzles with the fast engine is solved as
    one array on all cores (--jobs); Ctrl-C writes the answers found so far, in order, and exits 130.
    Exit codes: 0 all solved, 1 some puzzle unsolved or not unique, 2 bad input, 3 node limit, 130 interrupted.

    \b
    Examples:
      sudokit solve examples/hardest.txt
      sudokit solve --count --limit 1000 puzzles.txt
      sudokit solve --symbols letters poj3076.txt
      sudokit solve --x --anti-knight puzzles.txt
      sudokit solve --cages killer.txt --count empty.txt
      sudokit solve --format hdu4069 squiggly.in
    """
    import time

    from .formats import join_blocks, read_puzzles
    from .sudoku import engine as get_engine

    text, name = read_text(file)
    cap = limit if limit else (1 << 62)
    solve_limit = cap if count else (2 if unique else 1)
    args = {"count": count, "unique": unique, "all": all_, "limit": limit, "json": json_}
    show_progress = sys.stderr.isatty() if progress is None else progress
    run = Run()
    start = time.perf_counter()
    side = _fast_line_side(text, fmt, symbols, name) if engine == "fast" and not all_ and not variant.active else None
    if side:
        geometry = parse_box(box, side)
        if verbose:
            click.echo(f"sudokit: {name}: one puzzle per line, {side}x{side}, fast batch path", err=True)
        answers = _solve_lines_fast(text, name, side, geometry, solve_limit, max_nodes, jobs, show_progress, run,
                                    args)
        click.echo("\n".join(answers) + ("\n" if answers else ""), nl=False)
        _summary(stats, run, time.perf_counter() - start, engine)
        sys.exit(run.code)
    pf = read_puzzles(text, fmt=fmt, symbols=symbols, source=name)
    if verbose:
        click.echo(f"sudokit: {pf.describe()}", err=True)
    geometry = parse_box(box, pf.n)
    if pf.fmt == "hdu4069":
        _solve_hdu4069(pf, engine, max_nodes, variant)
    plan = variant.plan(pf.n, geometry, engine)
    solver = get_engine(engine)
    blocks = []
    for entry in pf.entries:
        geo, entry_solver, extra = plan.for_entry(entry, geometry)
        blocks.extend(_solve_entry(entry, pf, geo, entry_solver or solver, solve_limit, max_nodes, run, args, extra))
    for note in plan.notes:
        click.echo(f"sudokit: note: {note}", err=True)
    if count or json_:
        click.echo("\n".join(blocks))
    else:
        click.echo(join_blocks(blocks, pf), nl=False)
    _summary(stats, run, time.perf_counter() - start, engine)
    sys.exit(run.code)


def _summary(stats: bool, run: Run, seconds: float, engine: str) -> None:
    """The --stats line on stderr: puzzles by status, rate, guesses per puzzle."""
    if not stats:
        return
    puzzles = sum(run.tally.values())
    tally = ", ".join(f"{v} {k}" for k, v in sorted(run.tally.items()))
    rate = puzzles / seconds if seconds > 0 else 0.0
    click.echo(f"sudokit: {puzzles} puzzles ({tally}); {seconds:.3f} s, {rate:,.0f} puzzles/s, "
               f"{run.guesses / max(1, puzzles):.2f} guesses/puzzle, {run.nodes} nodes, engine {engine}", err=True)


def _solve_hdu4069(pf, engine, max_nodes, variant) -> None:
    """Answer an HDU 4069 file ('Case k:' blocks) and exit: 0 all unique, 1 otherwise, 2 bad case."""
    from .sudoku.variants import solve_hdu4069

    text, statuses = solve_hdu4069(pf, engine, max_nodes, variant)
    click.echo(text, nl=False)
    sys.exit(EXIT_INPUT if "invalid" in statuses else EXIT_OK if set(statuses) == {"solved"} else EXIT_UNSOLVED)


@main.command()
@click.argument("file", default="-")
@click.option("--count", "count", is_flag=True, help="Print the number of solutions alone.")
@click.option("--all", "all_", is_flag=True, help="Print every solution (up to --limit).")
@click.option("--limit", type=click.IntRange(min=0), default=0, help="Cap for --count and --all (0 = none).")
@click.option("--seed", type=int, help="Randomise option order and MRV ties (Knuth's s<seed>).")
@click.option("--max-nodes", type=click.IntRange(min=0), default=0, help="Stop after this many nodes (exit 3).")
@click.option("--format", "fmt", type=click.Choice(["dlx", "matrix"]), help="Input format (default: detect).")
@click.option("--stats", is_flag=True, help="Print Knuth's counters to stderr.")
@click.option("--algorithm", type=click.Choice(["cells", "dlx"]), default="cells", show_default=True,
              help="Dancing cells (faster) or dancing links (Knuth's node counts).")
def cover(file, count, all_, limit, seed, max_nodes, fmt, stats, algorithm):
    """Solve the exact-cover problem in FILE (or stdin): Knuth's .dlx format or a 0/1 matrix.

    \b
    .dlx: first line 'primary items | secondary items', then one option per line
          (item names; 'name:c' gives a secondary item a color); lines starting with '|' are comments.
    matrix: first line 'n m', then n rows of m values 0/1 (Luogu P4929); prints the chosen rows
          (1-based) or 'No Solution!'.
    Exit codes: 0 solved, 1 no solution, 2 bad input, 3 node limit.

    \b
    Examples:
      sudokit cover examples/knuth-dlx2.dlx
      sudokit cover --count examples/pentominoes.dlx
    """
    import warnings

    from .cover import knuth
    from .cover.solver import Search

    text, name = read_text(file)
    fmt = fmt or knuth.detect(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        problem = knuth.read_matrix(text, name) if fmt == "matrix" else knuth.read_dlx(text, name)
    for w in caught:
        click.echo(f"sudokit: warning: {w.message}", err=True)
    if stats:
        nnz = int(problem.opt_ptr[-1])
        click.echo(f"({problem.n_options} options, {problem.n_primary}+{problem.n_secondary} items, "
                   f"{nnz} entries successfully read)", err=True)
    search = Search(problem, seed, max_nodes, algorithm)
    cap = limit if limit else (1 << 62)
    if count:
        search.run(cap, 0)
        click.echo(str(search.stats.solutions))
    else:
        wanted = cap if all_ else 1
        number = 0
        while wanted > 0 and not search.finished and not search.stopped:
            batch = search.run(min(wanted, 1024), min(wanted, 1024))
            wanted -= len(batch)
            for opts in batch:
                number += 1
                click.echo(knuth.format_matrix_solution(opts) if fmt == "matrix"
                           else knuth.format_dlx_solution(problem, opts, number))
        if number == 0 and not search.stopped:
            click.echo("No Solution!" if fmt == "matrix" else "no solution")
    if stats:
        click.echo(f"Altogether {search.stats}.", err=True)
    if search.stopped:
        fail(f"{name}: node limit {max_nodes} reached after {search.stats.solutions} solution(s)", EXIT_LIMIT)
    sys.exit(EXIT_OK if search.stats.solutions else EXIT_UNSOLVED)


@main.command()
@click.argument("file", default="-")
@click.option("--to", "to", type=click.Choice(OUTPUT_FORMATS), required=True, help="Output format.")
@click.option("--format", "fmt", type=click.Choice(INPUT_FORMATS), help="Input format (default: detect).")
@click.option("--symbols", metavar="ABC", help="Alphabet: default, letters (A-P), hex (0-F), or the N symbols.")
@click.option("--box", metavar="RxC", help="Box shape of the ss layout (default: the most square shape).")
@variant_options
def convert(file, to, fmt, symbols, box, variant):
    """Convert the puzzles in FILE (or stdin) to another format, printed on stdout.

    \b
    Formats: line, grid, ints, sdm, sdk, ss, pencilmark, json (and, to read, text and hdu4069).
    Regions, constraints and cages survive only in json (regions also in a jigsaw line);
    pencilmarks only in pencilmark and json. The variant flags are written into --to json.
    Unreadable puzzles are reported on stderr and skipped (exit 2).

    \b
    Examples:
      sudokit convert --to ss examples/hardest.txt
      sudokit convert --to json --x --cages killer.txt puzzle.sdk
    """
    from .formats import read_puzzles, write_puzzles

    text, name = read_text(file)
    pf = read_puzzles(text, fmt=fmt, symbols=symbols, source=name)
    variant.annotate(pf)
    for entry in pf.entries:
        if entry.error:
            click.echo(f"sudokit: {name}:{entry.line}: {entry.error}", err=True)
    click.echo(write_puzzles(pf, to, parse_box(box, pf.n).box if box else None), nl=False)
    sys.exit(EXIT_INPUT if any(e.error for e in pf.entries) else EXIT_OK)


@main.command()
@click.argument("file", default="-")
@click.option("--show", is_flag=True, help="Also print an optimal grid, in the input's layout.")
@click.option("--explain", is_flag=True, help="Also print the score of each ring, outer ring first.")
@click.option("--weights", "weights_file", metavar="FILE", help="Cell weights: N lines of N integers "
              "(default: the rings rule, N-3 on the outer ring, +1 per ring inward; 6..10 for 9x9).")
@click.option("--min", "minimize", is_flag=True, help="Find the lowest score instead of the highest.")
@click.option("--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: the most square shape).")
@click.option("--max-nodes", type=click.IntRange(min=0), default=0, help="Stop a search after this many nodes "
              "(prints 'node limit', exit 3).")
@variant_options
def target(file, show, explain, weights_file, minimize, box, max_nodes, variant):
    """Target Sudoku (NOIP 2009): the highest weighted sum of digits over all completions of FILE (or stdin).

    \b
    Input: the judge format, N lines of N space-separated integers (0 = empty), or any format `solve` reads
    (an 81-character line, a grid, ...); one answer line per puzzle.  Score = sum of digit x cell weight.
    Prints the proven optimum, or -1 when the puzzle has no completion (exit 1).
    Exit codes: 0 solved, 1 no completion, 2 bad input (clashing givens too), 3 node limit.

    \b
    Examples:
      sudokit target sudoku1.in
      sudokit target --show --explain sudoku2.in
      sudokit target --min --weights weights.txt puzzle.txt
    """
    from .formats import format_entry, read_puzzles
    from .sudoku import target as tg

    text, name = read_text(file)
    pf = read_puzzles(text, source=name)
    geometry = parse_box(box, pf.n)
    plan = variant.plan(pf.n, geometry)
    weights = tg.parse_weights(read_text(weights_file)[0], pf.n) if weights_file else None
    shown = weights if weights is not None else tg.ring_weights(pf.n)
    code = EXIT_OK
    for entry in pf.entries:
        if entry.error:
            raise InputError(f"{name}:{entry.line}: {entry.error}")
        try:
            res = tg.best(entry.grid, plan.geometry_only(entry), weights=entry.extras.get("weights", weights),
                          minimize=minimize,
                          max_nodes=max_nodes)
        except InputError as exc:
            raise InputError(f"{name}:{entry.line}: {exc}") from None
        if not res.complete:
            found = f"; best found so far {res.score}" if res.score is not None else ""
            click.echo(f"sudokit: {name}:{entry.line}: node limit {max_nodes} reached{found}", err=True)
            click.echo("node limit")
            code = max(code, EXIT_LIMIT)
            continue
        click.echo(str(res.answer))
        code = max(code, EXIT_OK if res.score is not None else EXIT_UNSOLVED)
        if show and res.grid is not None:
            click.echo(format_entry(res.grid, pf))
        if explain and res.grid is not None:
            click.echo(_explain_rings(res.grid, shown, pf.n))
    sys.exit(code)


def _explain_rings(grid, weights, n: int) -> str:
    """One line per ring: its score, and its weight when every cell of the ring has the same one."""
    import numpy as np

    from .sudoku.target import ring_scores, rings

    ring = rings(n)
    lines = []
    for k, score in ring_scores(grid, weights, n):
        w = np.unique(np.asarray(weights).ravel()[ring == k])
        lines.append(f"ring {k}: {score}" + (f" (weight {w[0]})" if len(w) == 1 else ""))
    return "\n".join(lines)


@main.command()
@click.argument("file", default="-")
@click.option("--box", metavar="RxC", help="Box shape for other sizes, e.g. 4x4 for 16x16 (default 3x3).")
@click.option("--show", is_flag=True, help="Also print the cells to flip (rRcC) and the even grid, flips as *.")
@click.option("--engine", type=click.Choice(["default", "ida"]), default="default", show_default=True,
              help="default: exact DP over the boxes; ida: IDA* on single flips.")
@click.option("--max-nodes", type=click.IntRange(min=0), default=0, help="Stop IDA* after this many nodes (exit 3).")
def binary(file, box, show, engine, max_nodes):
    """Binary Sudoku (USACO 2011 Nov): fewest cells to flip so every row, column and box has an even number of 1s.

    \b
    Input: FILE (or stdin), N lines of N characters 0/1 (9 lines of 9 for the judge; --box for other sizes).
    Prints the minimum number of flips.
    Exit codes: 0 solved, 2 bad input, 3 node limit (ida).

    \b
    Examples:
      sudokit binary bsudoku.in
      sudokit binary --show --box 4x4 grid16.txt
    """
    from .sudoku import binary as bn

    text, name = read_text(file)
    shape = parse_box(box, _box_side(box)).box if box else None
    try:
        grid = bn.parse_binary(text, shape)
        res = bn.min_flips(grid, shape, engine=engine, max_nodes=max_nodes)
    except InputError as exc:
        raise InputError(f"{name}: {exc}") from None
    if not res.complete:
        fail(f"{name}: node limit {max_nodes} reached", EXIT_LIMIT)
    click.echo(str(res.flips))
    if show:
        click.echo(" ".join(f"r{r + 1}c{c + 1}" for r, c in res.cells) or "(none)")
        marked = bn.apply_flips(grid, []).astype(str)
        for r, c in res.cells:
            marked[r, c] = "*"
        click.echo("\n".join("".join(row) for row in marked))
    sys.exit(EXIT_OK)


def _box_side(box: str) -> int:
    """N = R*C of a --box RxC option (0 when malformed: parse_box then says what is wrong)."""
    try:
        r, c = (int(v) for v in box.lower().split("x"))
    except ValueError:
        return 0
    return r * c


@main.command()
@click.argument("file", default="-")
@click.option("--to", "to", type=click.Choice(["svg", "png", "pdf"]), help="Picture format (default: the -o "
              "file's extension, else svg; png needs the extra: pip install 'sudokit[render]').")
@click.option("-o", "--output", "out", metavar="OUT", help="Output file; for several pictures a pattern with {n} "
              "(the puzzle's number) or a directory. Default: stdout (one picture).")
@click.option("--per-page", type=click.Choice(["1", "2", "4", "6"]), default="1", show_default=True,
              help="PDF: puzzles per A4 page (solutions follow on their own pages).")
@click.option("--solution", is_flag=True, help="Solve: svg/png show the solved digits in blue; pdf adds solution "
              "pages.")
@click.option("--candidates", is_flag=True, help="Pencilmarks in the empty cells (the digits no peer holds).")
@click.option("--width", type=click.IntRange(min=16), help="SVG/PNG width in pixels (default: legible for N).")
@click.option("--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: the most square shape).")
@click.option("--symbols", metavar="ABC", help="Alphabet: default, letters (A-P), hex (0-F), or the N symbols.")
@click.option("--format", "fmt", type=click.Choice(INPUT_FORMATS), help="Input format (default: detect).")
@variant_options
def render(file, to, out, per_page, solution, candidates, width, box, symbols, fmt, variant):
    """Draw the puzzles in FILE (or stdin) as SVG, PNG or a PDF of print sheets.

    \b
    One SVG or PNG per puzzle: -o OUT names it; with several puzzles OUT is a pattern holding {n}
    (pics/p{n}.png) or a directory (pics/ gets <file>-1.png, <file>-2.png, ...). A PDF holds every puzzle.
    Variants (the flags of `solve`) are drawn: diagonals, windows, regions, cages; the rules that cannot be
    drawn are named under the grid. Exit codes: 0 done, 1 some puzzle has no solution (--solution),
    2 bad input (unreadable puzzles are reported and skipped).

    \b
    Examples:
      sudokit render examples/hardest.txt --to pdf --per-page 6 --solution -o hardest.pdf
      sudokit render --to png --candidates -o 'pics/p{n}.png' examples/hardest.txt
      sudokit render --cages killer.cages empty.txt -o killer.svg
    """
    from .formats import read_puzzles
    from .render import batch

    to = to or batch.format_of(out)
    text, name = read_text(file)
    pf = read_puzzles(text, fmt=fmt, symbols=symbols, source=name)
    base = parse_box(box, pf.n)
    found = batch.drawings(pf, variant.plan(pf.n, base), base, solution, candidates)
    code = EXIT_OK
    for d in found:
        if d.error or d.status not in ("", "solved"):
            click.echo(f"sudokit: {name}:{d.line}: {d.error or d.status}", err=True)
            code = max(code, EXIT_INPUT if d.error else EXIT_UNSOLVED)
    numbers = [d.number for d in found if d.puzzle is not None]
    if not numbers:
        fail(f"{name}: no puzzle to draw")
    targets = batch.paths(out, [1] if to == "pdf" else numbers, to, name)
    if targets == [None] and to != "svg" and sys.stdout.isatty():
        fail(f"{to.upper()} is binary: give -o FILE or redirect stdout")
    for path, data in zip(targets, batch.files(found, to, int(per_page), width)):
        if path is None:
            click.echo(data, nl=False)
        else:
            batch.save(path, data)
    sys.exit(code)


# ---- human-style solving: hint, steps, rate ----

LOGIC_EXIT = {"ok": EXIT_OK, "no solution": EXIT_UNSOLVED, "multiple solutions": EXIT_UNSOLVED,
              "invalid": EXIT_INPUT, "time limit": EXIT_LIMIT, "beyond solver": EXIT_LIMIT}


def logic_input(command):
    """The input options hint, steps and rate share with solve."""
    options = [
        click.argument("file", default="-"),
        click.option("--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: the most square shape)."),
        click.option("--symbols", metavar="ABC", help="Alphabet: default, letters (A-P), hex (0-F), or the N symbols."),
        click.option("--format", "fmt", type=click.Choice(INPUT_FORMATS), help="Input format (default: detect)."),
        click.option("--json", "json_", is_flag=True, help="One JSON object per puzzle, one per line."),
    ]
    for option in reversed(options):
        command = option(command)
    return variant_options(command)


def _logic_items(file, box, symbols, fmt, variant):
    """The puzzles of FILE as logic items, and the file's display name."""
    from .formats import read_puzzles
    from .logic.batch import prepare

    text, name = read_text(file)
    pf = read_puzzles(text, fmt=fmt, symbols=symbols, source=name)
    geometry = parse_box(box, pf.n)
    return prepare(pf, geometry, variant.plan(pf.n, geometry)), name


def _logic_run(task, items, name, options, jobs, progress, json_, show) -> None:
    """Run a task over the items, print each result as it comes (in input order), exit with the worst code."""
    import json

    from .logic.batch import run

    code = EXIT_OK
    done = []
    show_progress = (sys.stderr.isatty() if progress is None else progress) and len(items) > 1
    try:
        with _progress(show_progress) as bar:
            callback = (lambda k: bar(k, len(items))) if bar else None
            for result in run(task, items, options, _jobs(jobs, len(items)), callback):
                done.append(result)
                status = result["status"]
                code = max(code, LOGIC_EXIT[status])
                if status not in ("ok", "time limit", "beyond solver"):
                    click.echo(f"sudokit: {name}:{result['line']}: {result['message']}", err=True)
                click.echo(json.dumps(result_json(result)) if json_ else show(result))
    except KeyboardInterrupt:
        click.echo(f"sudokit: interrupted after {len(done)} of {len(items)} puzzles", err=True)
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(code)


def _jobs(jobs: int, count: int) -> int:
    """Worker processes: 1 by default, never more than the cores or the puzzles."""
    import os

    return max(1, min(jobs or 1, os.cpu_count() or 1, count))


def result_json(result: dict) -> dict:
    """The --json object of one result: puzzle, status, steps and rating fields as the docs list them."""
    out = {"puzzle": result["puzzle"], "line": result["line"], "status": result["status"]}
    if "message" in result:
        out["message"] = result["message"]
    if "steps" in result:
        out["steps"] = result["steps"]
    out.update(result.get("rating", {}))
    return out


def _rating_text(r: dict) -> str:
    """A rating on one line: ER/EP/ED, HoDoKu level and score, hardest technique."""
    return f"{r['er']:.1f}/{r['ep']:.1f}/{r['ed']:.1f} {r['level']} {r['score']} {r['hardest']}"


def _problem(result: dict) -> str | None:
    """What stands in a puzzle's place when it could not be handled."""
    if result["status"] in ("ok", "time limit", "beyond solver"):
        return None
    return "invalid" if result["status"] == "invalid" else result["status"]


@main.command()
@logic_input
@click.option("--technique", metavar="SLUG", help="Only this technique (its slug, see --list-techniques).")
@click.option("--all", "every", is_flag=True, help="With --technique: every instance, not just the first.")
@click.option("--list-techniques", is_flag=True, help="Print the catalogue: name, slug, SE value, HoDoKu score.")
def hint(file, box, symbols, fmt, json_, variant, technique, every, list_techniques):
    """The next step a person would take in each puzzle (or pencilmark grid) of FILE.

    \b
    One line per step: the technique, its pattern and what it removes or places, in the usual notation
    (r4c3<>7 removes 7 from row 4 column 3, r1c2=5 places 5). With --technique SLUG --all, every instance of
    that technique in the given state (nothing, exit 0, when there is none). --json: one object per puzzle,
    {"puzzle": ..., "steps": [{"technique", "slug", "digits", "cells", "eliminations", "placements",
    "explanation", "se", "score"}]}, cells 1-based r<row>c<col>.
    Exit codes: 0 done, 1 a puzzle without exactly one solution, 2 bad input or unknown technique.

    \b
    Examples:
      sudokit hint examples/hardest.txt
      sudokit hint --technique x-wing --all puzzle.txt
      sudokit hint --list-techniques --json
    """
    if list_techniques:
        _list_techniques(json_)
        return
    from .logic.catalogue import BY_ENTRY_SLUG

    if technique is not None and (technique not in BY_ENTRY_SLUG or BY_ENTRY_SLUG[technique].finder() is None):
        fail(f"unknown technique {technique!r} (sudokit hint --list-techniques lists them)")
    if every and technique is None:
        fail("--all needs --technique SLUG")
    items, name = _logic_items(file, box, symbols, fmt, variant)
    options = {"technique": technique, "every": every}
    _logic_run("hint", items, name, options, 1, False, json_,
               lambda r: _problem(r) or "\n".join(r["text"]) or "no step")


def _list_techniques(json_: bool) -> None:
    """Print the catalogue, one technique a line (or JSON)."""
    import json

    from .logic.api import techniques

    for t in techniques():
        click.echo(json.dumps(t) if json_ else f"{t['name']}\t{t['slug']}\t{t['se']:.1f}\t{t['score']}")


@main.command()
@logic_input
@click.option("--order", type=click.Choice(["hodoku", "se"]), default="hodoku", show_default=True,
              help="Whose order of techniques the path follows (HoDoKu's, or Sudoku Explainer's).")
@click.option("--max-seconds", type=click.FloatRange(min=0.001), help="Stop one puzzle after this long (exit 3).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, help="Worker processes (capped at cores).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: on a terminal).")
def steps(file, box, symbols, fmt, json_, variant, order, max_seconds, jobs, progress):
    """The whole solve path of each puzzle of FILE, one step a line, then its rating.

    \b
    The path applies the easiest available step until the grid is solved (HoDoKu's order by default; SE's
    forcing chains when the catalogue runs out, a Brute Force step as the very last resort). The last line of
    each puzzle is its rating (see `sudokit rate`); puzzles are separated by a blank line.
    Exit codes: 0 done, 1 a puzzle without exactly one solution, 2 bad input, 3 --max-seconds hit, 130 Ctrl-C.
    """
    items, name = _logic_items(file, box, symbols, fmt, variant)
    options = {"order": order, "max_seconds": max_seconds}

    def show(r):
        problem = _problem(r)
        if problem:
            return problem + "\n"
        lines = [f"{k + 1}. {text}" for k, text in enumerate(r["text"])]
        return "\n".join(lines + [f"rating {_rating_text(r['rating'])}", ""])

    _logic_run("steps", items, name, options, jobs, progress, json_, show)


@main.command()
@logic_input
@click.option("--max-seconds", type=click.FloatRange(min=0.001), help="Stop one puzzle after this long (exit 3).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, help="Worker processes (capped at cores).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: on a terminal).")
def rate(file, box, symbols, fmt, json_, variant, max_seconds, jobs, progress):
    """Rate each puzzle of FILE on the scales people use: Sudoku Explainer's and HoDoKu's.

    \b
    One line per puzzle: ER/EP/ED (Sudoku Explainer: the hardest step, the hardest before the first
    placement, the first step), HoDoKu's level (easy, medium, hard, unfair, extreme) and score, and the technique
    behind ER. --json adds the HoDoKu hardest technique, the fast engine's guesses (machine difficulty) and
    the seconds taken: fields er, ep, ed, level, score, hardest, hodoku_hardest, guesses, complete, seconds.
    A puzzle without exactly one solution is not rated ('no solution' / 'multiple solutions', exit 1).
    Exit codes: 0 done, 1 not unique, 2 bad input, 3 --max-seconds hit (the rating so far is printed), 130 Ctrl-C.

    \b
    Examples:
      sudokit rate examples/hardest.txt
      sudokit rate --json --jobs 2 puzzles.txt
    """
    items, name = _logic_items(file, box, symbols, fmt, variant)
    options = {"max_seconds": max_seconds}
    _logic_run("rate", items, name, options, jobs, progress, json_,
               lambda r: _problem(r) or _rating_text(r["rating"]))
