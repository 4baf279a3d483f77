"""The `sudokit` command: a thin layer over the library.

Conventions every subcommand keeps:
- answers on stdout, statistics and diagnostics on stderr;
- bad input is one line on stderr (`sudokit: FILE:LINE: what is wrong`), never a traceback, exit 2;
- exit codes: 0 all solved, 1 some problem had no solution (or was not unique where that was asked),
  2 bad input or usage, 3 a node limit stopped a search, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM),
  129 hung up (SIGHUP), 141 stdout closed early (as SIGPIPE would); the worst status of the run wins.
  An interrupt writes the answers found so far, in order; a closed stdout ends quietly.
"""

from __future__ import annotations

import os
import sys

import click
import numpy as np

from .checks import INT64_MAX
from .errors import InputError, SudokitError
from .interrupt import exit_status, signals_raise
from .sudoku.variants import variant_options

INPUT_FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "text", "pencilmark", "json", "hdu4069")
OUTPUT_FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "pencilmark", "json")

EXIT_OK, EXIT_UNSOLVED, EXIT_INPUT, EXIT_LIMIT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_PIPE = 128 + 13  # stdout closed early: the status of a program SIGPIPE ends
SMALL_BATCH = 5000  # below this many puzzles --jobs 0 solves in-process
COUNT = click.IntRange(0, INT64_MAX)  # counts and caps reach the kernels as int64


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
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is no cell
    if not text.strip():
        raise InputError(f"{name}: empty input")
    return text.replace("\r\n", "\n").replace("\r", "\n"), name


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2: a bare `sudokit` shows the help


class Group(click.Group):
    """A click group whose every failure is one line on stderr: bad input or usage exit 2, an interrupt
    128 + its signal (SIGTERM and SIGHUP are caught as Ctrl-C is), a closed stdout ends quietly with 141."""

    def main(self, args=None, prog_name=None, **extra):
        extra.pop("standalone_mode", None)
        try:
            with signals_raise():
                code = super().main(args, prog_name, standalone_mode=False, **extra)
        except _NO_ARGS as exc:
            click.echo(exc.ctx.get_help(), err=True)
            code = EXIT_INPUT
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "sudokit"
            fail(f"{exc.format_message()} (see '{where} --help')", EXIT_INPUT)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.Abort as exc:
            fail("interrupted", exit_status(exc.__context__ or KeyboardInterrupt()))
        sys.exit(code if isinstance(code, int) else EXIT_OK)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SudokitError as exc:
            fail(str(exc), EXIT_INPUT)
        except KeyboardInterrupt as exc:
            fail("interrupted", exit_status(exc))
        except BrokenPipeError:  # caught here, before click turns it into exit 1
            quiet_stdout()
            sys.exit(EXIT_PIPE)


PIPE_BUF = 4096  # a pipe write this small is all or nothing; a bigger one cut short by the reader leaving was
#                 seen to end the process with exit 0 and half the answers, no error raised


def emit(text: str) -> None:
    """text on stdout in pieces a pipe takes whole, flushed: a reader gone away is a BrokenPipeError here."""
    sys.stdout.flush()
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    data = text.encode("utf-8")
    for k in range(0, len(data), PIPE_BUF):
        out.write(data[k:k + PIPE_BUF])
        out.flush()


def quiet_stdout() -> None:
    """After a broken pipe: send what stdout still holds to /dev/null, so exiting prints no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests capture stdout)
        pass


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
        return status if status == "node limit" else str(count)  # a partial count is never printed as final
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

    text = re.split(r"(?m)^[ \t]*end[ \t]*$", text, maxsplit=1)[0]
    data = text.encode()
    grids, lines, bad = _skip_count_line(data, *parse_line_array(data, n))
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
    if batch.interrupted is not None:
        interrupted(batch.interrupted, stop, len(grids), run)
    return out


def _skip_count_line(data: bytes, grids, lines, bad):
    """Drop a first line holding only the number of puzzles, as the line reader does."""
    from .formats import is_count_line

    if len(grids) < 2 or not len(bad) or bad[0] != 0:
        return grids, lines, bad
    first = data.split(b"\n", int(lines[0]))[int(lines[0]) - 1].decode("utf-8", "replace")
    if not is_count_line(first):
        return grids, lines, bad
    return grids[1:], lines[1:], bad[1:] - 1


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


def _all_solutions(grid, geometry, limit, max_nodes, pf, run, where, extra=None):
    """Every solution (up to limit), through the Dancing Links iterator."""
    from .cover.solver import solutions
    from .errors import LimitReached
    from .formats import format_entry
    from .sudoku.exact import ALGORITHM, decode, encode

    problem, cell_digit = encode(grid, geometry, **(extra or {}))
    found = 0
    try:
        for sol in solutions(problem, limit or None, max_nodes=max_nodes, algorithm=ALGORITHM):
            found += 1
            yield format_entry(decode(sol.options, cell_digit, geometry.ncells), pf)
    except LimitReached as exc:
        click.echo(f"sudokit: {where}: {exc}", err=True)
        run.note("limit", EXIT_LIMIT)
        return
    run.note("solved" if found else "no solution", EXIT_OK if found else EXIT_UNSOLVED)
    if not found:
        yield "no solution"


@main.command()
@click.argument("file", default="-")
@click.option("--count", "count", is_flag=True, help="Print the number of solutions of each puzzle (capped by --limit).")
@click.option("--unique", is_flag=True, help="Solve, and report 'multiple solutions' (exit 1) unless unique.")
@click.option("--all", "all_", is_flag=True, help="Print every solution (up to --limit).")
@click.option("--limit", type=COUNT, default=0, help="Cap for --count and --all (0 = none).")
@click.option("--box", metavar="RxC", help="Box shape, e.g. 2x3 for 6x6 (default: the most square shape).")
@click.option("--symbols", metavar="ABC", help="Alphabet: default, letters (A-P), hex (0-F), or the N symbols.")
@click.option("--format", "fmt", type=click.Choice(INPUT_FORMATS), help="Input format (default: detect).")
@click.option("--engine", type=click.Choice(["fast", "dlx", "reference"]), default="fast", show_default=True,
              help="Search engine (cages, non-consecutive and pencilmarks always use dlx).")
@click.option("--jobs", "-j", type=COUNT, default=0,
              help="Processes for one-line files with the fast engine (0 = all cores from 5000 puzzles on).")
@click.option("--json", "json_", is_flag=True, help="One JSON object per puzzle: line, puzzle, status, count, "
              "solution, guesses, nodes.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a "
              "terminal).")
@click.option("--max-nodes", type=COUNT, default=0, help="Stop a search after this many nodes "
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

    from .formats import block_separator, read_puzzles
    from .sudoku import engine as get_engine

    if all_ and (count or unique or json_):
        raise click.UsageError("--all prints every solution: it does not combine with --count, --unique or --json")
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
        emit("\n".join(answers) + ("\n" if answers else ""))
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
    out = Blocks("\n" if count or json_ else block_separator(pf), always=count or json_)
    done = 0
    try:
        for entry in pf.entries:
            geo, entry_solver, extra = plan.for_entry(entry, geometry)
            for block in _solve_entry(entry, pf, geo, entry_solver or solver, solve_limit, max_nodes, run, args,
                                      extra):
                out.write(block)
            done += 1
    except KeyboardInterrupt as exc:
        interrupted(exc, done, len(pf.entries), run)
    finally:
        out.close()
    for note in plan.notes:
        click.echo(f"sudokit: note: {note}", err=True)
    _summary(stats, run, time.perf_counter() - start, engine)
    sys.exit(run.code)


class Blocks:
    """Answer blocks written to stdout as they come, each ended by its newline and flushed (a reader sees every
    answer while the next puzzle is searched); sep (a newline or a blank line) between them."""

    def __init__(self, sep: str, always: bool = False):
        self.sep, self.always, self.written = sep, always, 0

    def write(self, block: str) -> None:
        """One more block."""
        emit((self.sep[:-1] if self.written else "") + block + "\n")
        self.written += 1

    def close(self) -> None:
        """After the last block: an empty answer list still prints one empty line when always."""
        if not self.written and self.always:
            click.echo("")


def interrupted(exc: KeyboardInterrupt, done: int, total: int, run: Run) -> None:
    """Report an interrupt after `done` of `total` puzzles; the run exits with 128 + the signal."""
    click.echo(f"sudokit: interrupted: {done} of {total} puzzles answered", err=True)
    run.code = max(run.code, exit_status(exc))


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
    from .sudoku.variants import hdu4069_cases

    statuses, run = [], Run()
    try:
        for block, status in hdu4069_cases(pf, engine, max_nodes, variant):
            click.echo(block)
            statuses.append(status)
    except KeyboardInterrupt as exc:
        interrupted(exc, len(statuses), len(pf.entries), run)
    code = EXIT_INPUT if "invalid" in statuses else EXIT_OK if set(statuses) == {"solved"} else EXIT_UNSOLVED
    sys.exit(max(code, run.code))


@main.command()
@click.argument("file", default="-")
@click.option("--count", "count", is_flag=True, help="Print the number of solutions alone.")
@click.option("--all", "all_", is_flag=True, help="Print every solution (up to --limit).")
@click.option("--limit", type=COUNT, default=0, help="Cap for --count and --all (0 = none).")
@click.option("--seed", type=COUNT, help="Randomise option order and MRV ties (Knuth's s<seed>), 0 or more.")
@click.option("--max-nodes", type=COUNT, default=0, help="Stop after this many nodes (exit 3).")
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

    if count and all_:
        raise click.UsageError("--count prints the number of solutions alone: it does not combine with --all")
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
    try:
        _cover_answers(search, problem, fmt, count, cap if all_ or count else 1)
    except KeyboardInterrupt as exc:
        fail(f"{name}: interrupted after {search.stats.solutions} solution(s), {search.stats.nodes} nodes",
             exit_status(exc))
    if stats:
        click.echo(f"Altogether {search.stats}.", err=True)
    if search.stopped:
        fail(f"{name}: node limit {max_nodes} reached after {search.stats.solutions} solution(s)", EXIT_LIMIT)
    sys.exit(EXIT_OK if search.stats.solutions else EXIT_UNSOLVED)


def _cover_answers(search, problem, fmt: str, count: bool, wanted: int) -> None:
    """Print the count (or 'node limit' when the search stopped short), or each solution as it is found."""
    from .cover import knuth

    if count:
        search.run(wanted, 0)
        click.echo("node limit" if search.stopped else str(search.stats.solutions))
        return
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
@click.option("--max-nodes", type=COUNT, default=0, help="Stop a search after this many nodes "
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
    from .formats import read_puzzles
    from .sudoku import target as tg

    text, name = read_text(file)
    pf = read_puzzles(text, source=name)
    geometry = parse_box(box, pf.n)
    plan = variant.plan(pf.n, geometry)
    weights = _read_weights(weights_file, pf.n) if weights_file else None
    shown = weights if weights is not None else tg.ring_weights(pf.n)
    run = Run()
    try:
        for done, entry in enumerate(pf.entries):
            _target_entry(entry, pf, plan, weights, shown, minimize, max_nodes, show, explain, run)
    except KeyboardInterrupt as exc:
        interrupted(exc, done, len(pf.entries), run)
    sys.exit(run.code)


def _read_weights(path: str, n: int):
    """The --weights file as N*N integers; its errors name the file."""
    from .sudoku import target as tg

    text, name = read_text(path)
    return tg.parse_weights(text, n, name)


def _target_entry(entry, pf, plan, weights, shown, minimize, max_nodes, show, explain, run) -> None:
    """Print one puzzle's answer (and --show / --explain), noting its exit code in run."""
    from .formats import format_entry
    from .sudoku import target as tg

    where = f"{pf.source}:{entry.line}"
    if entry.error:
        raise InputError(f"{where}: {entry.error}")
    try:
        res = tg.best(entry.grid, plan.geometry_only(entry), weights=entry.extras.get("weights", weights),
                      minimize=minimize, max_nodes=max_nodes)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None
    if not res.complete:
        found = f"; best found so far {res.score}" if res.score is not None else ""
        click.echo(f"sudokit: {where}: node limit {max_nodes} reached{found}", err=True)
        click.echo("node limit")
        run.note("node limit", EXIT_LIMIT)
        return
    click.echo(str(res.answer))
    run.note("solved" if res.score is not None else "no solution", EXIT_OK if res.score is not None else EXIT_UNSOLVED)
    if show and res.grid is not None:
        click.echo(format_entry(res.grid, pf))
    if explain and res.grid is not None:
        click.echo(_explain_rings(res.grid, shown, pf.n))


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
@click.option("--max-nodes", type=COUNT, default=0, help="Stop IDA* after this many nodes (exit 3).")
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
