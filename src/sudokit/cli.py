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

import functools
import os
import sys

import click

from .checks import INT64_MAX
from .errors import InputError, SudokitError
from .interrupt import exit_status, signals_raise

INPUT_FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "text", "pencilmark", "json", "hdu4069")
OUTPUT_FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "pencilmark", "json")

EXIT_OK, EXIT_UNSOLVED, EXIT_INPUT, EXIT_LIMIT = 0, 1, 2, 3
EXIT_PIPE = 128 + 13  # stdout closed early: the status of a program SIGPIPE ends
COUNT = click.IntRange(0, INT64_MAX)  # counts and caps reach the kernels as int64


def fail(message: str, code: int = EXIT_INPUT) -> None:
    """Print one line to stderr and exit with code."""
    click.echo(f"sudokit: {message}", err=True)
    sys.exit(code)


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2: a bare `sudokit` shows the help


class Group(click.Group):
    """A click group whose every failure is one line on stderr: bad input or usage exit 2, an interrupt
    128 + its signal (SIGTERM and SIGHUP are caught as Ctrl-C is), a closed stdout ends quietly with 141."""

    def main(self, args=None, prog_name=None, **extra):
        """Run the command line; every way out is a one-line message and a documented exit code."""
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
        """Invoke the subcommand, turning its SudokitErrors, interrupts and broken pipes into exits."""
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


def variant_options(command):
    """The variant flags as one click decorator; the command receives them as one `variant` (VariantFlags)."""
    flags = [
        click.option("--x", "v_x", is_flag=True, help="X-Sudoku: both main diagonals hold every digit once."),
        click.option("--windoku", "v_windoku", is_flag=True,
                     help="Windoku: extra windows, the boxes shifted one cell in (3x3: the four classic windows)."),
        click.option("--anti-knight", "v_anti_knight", is_flag=True,
                     help="Cells a knight's move apart hold different digits."),
        click.option("--anti-king", "v_anti_king", is_flag=True,
                     help="Cells a king's move apart (diagonal neighbours too) hold different digits."),
        click.option("--non-consecutive", "v_non_consecutive", is_flag=True,
                     help="Orthogonal neighbours never hold consecutive digits (dlx engine)."),
        click.option("--regions", "v_regions", metavar="FILE",
                     help="Jigsaw: N lines of N region labels (characters, or whitespace-separated names)."),
        click.option("--cages", "v_cages", metavar="FILE",
                     help="Killer: one cage per line 'SUM r1c1 r1c2 ...' ('#' comments); cages hold distinct "
                          "digits and may not overlap (dlx engine)."),
    ]

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        from .sudoku.variants import CONSTRAINTS, VariantFlags

        names = [name for name in CONSTRAINTS if kwargs.pop("v_" + name.replace("-", "_"))]
        kwargs["variant"] = VariantFlags(tuple(names), kwargs.pop("v_regions"), kwargs.pop("v_cages"))
        return command(*args, **kwargs)

    for flag in reversed(flags):
        wrapper = flag(wrapper)
    return wrapper



def split_options(command=None, progress: bool = True):
    """--scheduler, --checkpoint, --estimate, --probes (and --progress), shared by solve and cover."""
    if command is None:
        return functools.partial(split_options, progress=progress)
    options = [
        click.option("--scheduler", metavar="ADDRESS", help="Run the parts on a Dask cluster (tcp://HOST:8786, "
                     "a scheduler file, or 'local' for a LocalCluster of --jobs processes); needs pip install "
                     "'sudokit[dask]'."),
        click.option("--checkpoint", metavar="FILE", help="Journal finished parts (of a count or a batch) to FILE; "
                     "the same command run again resumes from it."),
        click.option("--estimate", is_flag=True, help="Print Knuth's random-probe estimate of the search's nodes "
                     "and solutions (95% band) instead of searching."),
        click.option("--probes", type=click.IntRange(min=2), default=1000, show_default=True,
                     help="Random probes of --estimate."),
        click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is "
                     "a terminal)."),
    ][:None if progress else -1]
    for option in reversed(options):
        command = option(command)
    return command


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


def run() -> None:
    """The `sudokit` console script: main(), then out without the interpreter's teardown. (`python -m sudokit`
    runs main() and exits as Python does, so that a caller wrapping it in-process keeps control.)

    Freeing numba's compiled code and every module's objects at exit cost ~0.15 s of CPU after a kernel ran
    (`sudokit cover --count` on 12 queens: 0.76 -> 0.61 s), ~16 ms without numba (Knuth's DLX1 example: 0.19 ->
    0.17 s). By then the answers are written; stdout and stderr are flushed and the atexit handlers run (they
    cost nothing); it is skipped while another thread or a child process lives, or for an exit that is not a
    plain code. (main() itself stays an ordinary click group, which is what tests invoke in-process.)
    """
    try:
        main()
    except SystemExit as exc:
        code = exc.code
        if (code is None or isinstance(code, int)) and _alone():
            _quick_exit(code or 0)
        raise


def _alone() -> bool:
    """No other thread and no child process is alive (their shutdown must not be skipped)."""
    import threading

    if threading.active_count() > 1:
        return False
    mp = sys.modules.get("multiprocessing")
    return mp is None or not mp.active_children()


def _quick_exit(code: int) -> None:
    """Flush, run the atexit handlers and leave at once (os._exit); a flush that fails leaves it to Python."""
    import atexit

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    atexit._run_exitfuncs()
    os._exit(code)


class Progress:
    """A rich progress bar on stderr behind a progress(done, total) callback, shown from the first call on."""

    def __init__(self, enabled: bool, label: str = "solving"):
        self.enabled, self.bar, self.task, self.label = enabled, None, None, label

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.__enter__()
            self.task = self.bar.add_task("solve", total=None)
        self.bar.update(self.task, completed=done, total=total)

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> bool:
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


def warn(message: str) -> None:
    """One diagnostic line on stderr."""
    click.echo(f"sudokit: {message}", err=True)


def read_file(path: str) -> tuple[str, str]:
    """The text of an input file (or '-' for stdin) and its name (textfile.read_file, imported when needed)."""
    from .textfile import read_file as read

    return read(path)


def parse_box(box: str | None, n: int):
    """The Geometry of a --box RxC option for side N (pipeline.parse_box, imported when needed)."""
    from .pipeline.options import parse_box as parse

    return parse(box, n)


def final_code(tally) -> int:
    """The exit code of a run: its worst status, or 128 + the signal that interrupted it."""
    return tally.code if tally.interrupted is None else max(tally.code, exit_status(tally.interrupted))


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
              help="Processes for one-line files with the fast engine (0 = all cores from 5000 puzzles on); "
                   "from 2 on, a long search (a few puzzles) is split into parts run on that many processes.")
@click.option("--json", "json_", is_flag=True, help="One JSON object per puzzle: line, puzzle, status, count, "
              "solution, guesses, nodes.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a "
              "terminal).")
@click.option("--max-nodes", type=COUNT, default=0, help="Stop a search after this many nodes "
              "(exit 3).")
@click.option("--stats", is_flag=True, help="Print a summary to stderr.")
@click.option("-v", "--verbose", is_flag=True, help="Say which format and alphabet were assumed (stderr).")
@split_options(progress=False)
@variant_options
def solve(file, count, unique, all_, limit, box, symbols, fmt, engine, jobs, json_, progress, max_nodes, stats,
          verbose, scheduler, checkpoint, estimate, probes, variant):
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
    Parallel: a file of many one-line puzzles is solved in blocks on --jobs processes or a Dask cluster
    (--scheduler ADDRESS, 'local' for a LocalCluster), answers streamed back in input order. With --jobs 2+
    (or --scheduler), a file of a few puzzles has each long search split into parts (exact counts; --all in the
    order of one process; a solve or --unique stops every part once the answer is known). --checkpoint FILE
    journals finished blocks and parts: the same command again resumes. --estimate prints Knuth's estimate of
    each puzzle's exact-cover search (nodes of that search, and solutions, with 95% bands) instead of solving.

    \b
    Examples:
      sudokit solve examples/hardest.txt
      sudokit solve --count --limit 1000 puzzles.txt
      sudokit solve --symbols letters poj3076.txt
      sudokit solve --x --anti-knight puzzles.txt
      sudokit solve --cages killer.txt --count empty.txt
      sudokit solve --format hdu4069 squiggly.in
      sudokit solve --count --jobs 2 --checkpoint grids.ckpt empty6x6.txt
      sudokit solve --count --estimate empty6x6.txt
    """
    import time

    from .pipeline import Options, SolveRun

    if all_ and (count or unique or json_):
        raise click.UsageError("--all prints every solution: it does not combine with --count, --unique or --json")
    options = Options(mode="all" if all_ else "count" if count else "solve", unique=unique, limit=limit or None,
                      engine=engine, max_nodes=max_nodes, jobs=jobs, json=json_, fmt=fmt, symbols=symbols, box=box,
                      variant=variant, scheduler=scheduler, checkpoint=checkpoint, estimate=estimate, probes=probes)
    text, name = read_file(file)
    start = time.perf_counter()
    with Progress(sys.stderr.isatty() if progress is None else progress) as bar:
        tally = SolveRun(options, write=emit, warn=warn, progress=bar, verbose=verbose).run(text, name)
    if stats:
        warn(tally.summary(time.perf_counter() - start, engine))
    sys.exit(final_code(tally))


@main.command()
@click.argument("file", default="-")
@click.option("--count", "count", is_flag=True, help="Print the number of solutions alone (all of them, costs or not).")
@click.option("--all", "all_", is_flag=True, help="Print every solution (up to --limit).")
@click.option("--best", type=click.IntRange(1, 100_000), metavar="K",
              help="The K cheapest solutions, cheapest first (options with costs '|n'; default 1 then).")
@click.option("--limit", type=COUNT, default=0, help="Cap for --count and --all (0 = none).")
@click.option("--seed", type=COUNT, help="Randomise option order and MRV ties (Knuth's s<seed>), 0 or more.")
@click.option("--max-nodes", type=COUNT, default=0, help="Stop after this many nodes (exit 3).")
@click.option("--format", "fmt", type=click.Choice(["dlx", "matrix"]), help="Input format (default: detect).")
@click.option("--to", "to", type=click.Choice(["dlx"]),
              help="Write the problem in Knuth's .dlx format instead of solving it (bounds and costs kept).")
@click.option("--stats", is_flag=True, help="Print Knuth's counters to stderr.")
@click.option("--algorithm", type=click.Choice(["auto", "cells", "dlx", "cells-first", "dlx2", "bits"]),
              default="auto", show_default=True,
              help="auto: bits for problems with long options that clash with many others (polyomino packings), "
                   "else cells. cells: dancing cells (MRV ties to the most constraining item); dlx: dancing links "
                   "(abandoning an option that leaves an item without options); cells-first: dancing cells with "
                   "ties to the first item (Knuth's SSXCC's tree); dlx2: dancing links exactly as Knuth's DLX2 (its "
                   "node counts); bits: Algorithm X on bitsets of options (no colors, no --jobs). --stats names the "
                   "one used. Multiplicities always run Algorithm M on dancing links (DLX3), costs DLX5's branch "
                   "and bound.")
@click.option("--jobs", "-j", type=COUNT, default=1, show_default=True,
              help="Split the search into parts run on this many local processes (0 = every core).")
@split_options
def cover(file, count, all_, best, limit, seed, max_nodes, fmt, to, stats, algorithm, jobs, scheduler, checkpoint,
          estimate, probes, progress):
    """Solve the exact-cover problem in FILE (or stdin): Knuth's .dlx format or a 0/1 matrix.

    \b
    .dlx: first line 'primary items | secondary items', then one option per line
          (item names; 'name:c' gives a secondary item a color); lines starting with '|' are comments.
          'u:v|name' in the first line: primary item covered u to v times ('v|name': exactly v; DLX3).
          '|n' on an option line: the option costs n (several are summed); the cheapest solution is
          printed, '--best K' the K cheapest (DLX5), each as 'N: (total cost $c)'.
    matrix: first line 'n m', then n rows of m values 0/1 (Luogu P4929); prints the chosen rows
          (1-based) or 'No Solution!'.
    Exit codes: 0 solved, 1 no solution, 2 bad input, 3 node limit.

    Start-up: loading numba and a compiled kernel costs ~0.7 s of CPU, more than solving a small problem, so a
    problem whose search Knuth's random probes put at under 750,000 nodes + removals (about 10 queens; the
    probes take 1-30 ms) is solved in plain Python without importing numba. The crossover was measured:
    plain Python does ~1.1 M of those a second. Should it run past that, numba takes over. (Multiplicities
    and costs always run on the numba kernels.)

    \b
    Parallel: --jobs N or --scheduler ADDRESS split the search into parts (many more than workers, sized by
    Knuth's estimate) run on local processes or a Dask cluster; counts are exact, --all keeps the order of
    the cut's search (the order of one process with --algorithm dlx), a solve stops every later part once it
    has its answer. --checkpoint FILE journals finished parts of a --count: the same command again resumes.
    --estimate prints Knuth's estimate of the nodes and solutions (95% band) instead of searching.

    \b
    Examples:
      sudokit cover examples/knuth-dlx2.dlx
      sudokit cover --count examples/pentominoes.dlx
      sudokit cover examples/knuth-dlx3.dlx          # multiplicities: C covered 2 or 3 times
      sudokit cover --best 3 examples/knuth-dlx5.dlx # the three cheapest covers
      sudokit cover --to dlx problem.txt             # a 0/1 matrix written as .dlx
      sudokit cover --count --jobs 2 --checkpoint pento.ckpt examples/pentominoes.dlx
      sudokit cover --count --scheduler tcp://10.0.0.5:8786 big.dlx
      sudokit cover --estimate --probes 10000 examples/pentominoes.dlx
    """
    import warnings

    from .cover import knuth
    from .cover.solver import Search

    if count and all_:
        raise click.UsageError("--count prints the number of solutions alone: it does not combine with --all")
    if best and (count or all_):
        raise click.UsageError("--best prints the K cheapest solutions: it does not combine with --count or --all")
    text, name = read_file(file)
    fmt = fmt or knuth.detect(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        problem = knuth.read_matrix(text, name) if fmt == "matrix" else knuth.read_dlx(text, name)
    for w in caught:
        click.echo(f"sudokit: warning: {w.message}", err=True)
    if to:
        emit(knuth.write_dlx(problem))
        sys.exit(EXIT_OK)
    if best and problem.costs is None:
        raise click.UsageError(f"--best needs option costs ('|n' on option lines), and {name} has none")
    if stats:
        kept = problem.n_options - len(problem.dropped)
        nnz = int(problem.opt_ptr[-1]) - sum(int(problem.opt_ptr[k + 1] - problem.opt_ptr[k]) for k in problem.dropped)
        click.echo(f"({kept} options, {problem.n_primary}+{problem.n_secondary} items, {nnz + kept} entries "
                   "successfully read)", err=True)  # Knuth counts a spacer per option among the entries
    if estimate or jobs != 1 or scheduler or checkpoint:
        _cover_parallel(problem, name, fmt, count, all_, limit, seed, algorithm, stats, max_nodes, estimate, probes,
                        dict(jobs=jobs, scheduler=scheduler, checkpoint=checkpoint), progress)
    if problem.costs is not None and not (count or all_):
        sys.exit(_cover_cheapest(problem, best or 1, seed, max_nodes, stats, name))
    search = Search(problem, seed, max_nodes, algorithm, plain_start=True)  # a small problem skips loading numba
    cap = limit if limit else (1 << 62)
    try:
        _cover_answers(search, problem, fmt, count, cap if all_ or count else 1)
    except KeyboardInterrupt as exc:
        fail(f"{name}: interrupted after {search.stats.solutions} solution(s), {search.stats.nodes} nodes",
             exit_status(exc))
    if stats:
        click.echo(f"Altogether {search.stats} ({search.algorithm}).", err=True)
    if search.stopped:
        fail(f"{name}: node limit {max_nodes} reached after {search.stats.solutions} solution(s)", EXIT_LIMIT)
    sys.exit(EXIT_OK if search.stats.solutions else EXIT_UNSOLVED)


def _cover_parallel(problem, name, fmt, count, all_, limit, seed, algorithm, stats, max_nodes, estimate, probes,
                    where: dict, progress) -> None:
    """--estimate, or a split search; refuses what a split cannot take (a node cap, multiplicities, costs); exits."""
    if problem.has_bounds or problem.costs is not None:
        raise click.UsageError("--estimate, --jobs, --scheduler and --checkpoint take plain exact cover (no "
                               "multiplicities, no costs)")
    if estimate:
        _print_estimate(problem, probes, seed, algorithm)
        sys.exit(EXIT_OK)
    if max_nodes:
        raise click.UsageError("--max-nodes caps one search: it does not combine with --jobs, --scheduler or "
                               "--checkpoint")
    _cover_split(problem, name, fmt, count, all_, limit, seed, algorithm, stats, where, progress)


def _print_estimate(problem, probes: int, seed, algorithm: str) -> None:
    """Knuth's estimate of the search on stdout, one line."""
    from .parallel.probes import estimate

    click.echo(str(estimate(problem, probes, seed or 0, algorithm, seed)))


def _cover_split(problem, name, fmt, count, all_, limit, seed, algorithm, stats, where: dict, progress) -> None:
    """cover on a split search: the count, every solution in order, or the first; exits."""
    from . import parallel
    from .cover import knuth

    number = 0
    show = sys.stderr.isatty() if progress is None else progress
    try:
        with Progress(show) as bar:
            if count:
                found = parallel.count(problem, limit or None, algorithm=algorithm, seed=seed, progress=bar, **where)
                number = int(found)
            else:
                for sol in parallel.solutions(problem, (limit or None) if all_ else 1, algorithm=algorithm,
                                              seed=seed, progress=bar, **where):
                    number += 1
                    emit((knuth.format_matrix_solution(sol.options) if fmt == "matrix"
                          else knuth.format_dlx_solution(problem, sol.options, number)) + "\n")
    except KeyboardInterrupt as exc:
        again = f"; run the same command again to resume from {where['checkpoint']}" if where["checkpoint"] else ""
        fail(f"{name}: interrupted{again}", exit_status(exc))
    if count:
        emit(f"{number}\n")
        if stats:
            click.echo(f"Altogether {number} solutions, {found.stats.nodes} nodes.", err=True)
    elif number == 0:
        emit("No Solution!\n" if fmt == "matrix" else "no solution\n")
    sys.exit(EXIT_OK if number else EXIT_UNSOLVED)


def _cover_cheapest(problem, k: int, seed, max_nodes: int, stats: bool, name: str) -> int:
    """Print the k cheapest solutions (DLX5's layout), cheapest first; the exit code."""
    from .cover import knuth
    from .cover.solver import cheapest
    from .errors import LimitReached

    try:
        found = cheapest(problem, k, max_nodes, seed)
    except LimitReached:
        fail(f"{name}: node limit {max_nodes} reached before the cheapest solutions were proved", EXIT_LIMIT)
    except KeyboardInterrupt as exc:
        fail(f"{name}: interrupted", exit_status(exc))
    for number, sol in enumerate(found, 1):
        click.echo(knuth.format_dlx_solution(problem, sol.options, number))
    if not found:
        click.echo("no solution")
        return EXIT_UNSOLVED
    if stats:
        click.echo(f"Altogether {found[0].stats}.", err=True)
        costs = [sol.cost for sol in found]
        click.echo(f"The optimum cost is ${costs[0]}" if k == 1 else
                   "The optimum costs are: " + " ".join(f"${c}" for c in costs), err=True)
    return EXIT_OK


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

    text, name = read_file(file)
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
    from .pipeline.target import TargetOptions, TargetRun

    text, name = read_file(file)
    options = TargetOptions(None, weights_file, minimize, max_nodes, show, explain, box, variant)
    sys.exit(final_code(TargetRun(options, write=emit, warn=warn).run(text, name)))


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

    text, name = read_file(file)
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
    text, name = read_file(file)
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
            _emit_bytes(data)
        else:
            batch.save(path, data)
    sys.exit(code)


def _emit_bytes(data) -> None:
    """A picture on stdout: text through emit, bytes (PNG, PDF) straight to the binary stream."""
    if isinstance(data, str):
        emit(data)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()


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

    text, name = read_file(file)
    pf = read_puzzles(text, fmt=fmt, symbols=symbols, source=name)
    geometry = parse_box(box, pf.n)
    return prepare(pf, geometry, variant.plan(pf.n, geometry)), name


def _logic_run(task, items, name, options, jobs, progress, json_, show, where=None) -> None:
    """Run a task over the items, print each result as it comes (in input order), exit with the worst code; an
    interrupt keeps what was printed and exits 128 + its signal."""
    import json

    from .logic.batch import run

    code = EXIT_OK
    done = 0
    show_progress = (sys.stderr.isatty() if progress is None else progress) and len(items) > 1
    try:
        with Progress(show_progress) as bar:
            for result in run(task, items, options, _jobs(jobs, len(items), (where or {}).get("scheduler")),
                              lambda k: bar(k, len(items)), **(where or {})):
                done += 1
                status = result["status"]
                code = max(code, LOGIC_EXIT[status])
                if status not in ("ok", "time limit", "beyond solver"):
                    warn(f"{name}:{result['line']}: {result['message']}")
                emit((json.dumps(result_json(result)) if json_ else show(result)) + "\n")
    except KeyboardInterrupt:
        ckpt = (where or {}).get("checkpoint")
        warn(f"interrupted after {done} of {len(items)} puzzles" + (f"; the same command again resumes from {ckpt}"
                                                                   if ckpt else ""))
        raise
    sys.exit(code)


def _jobs(jobs: int, count: int, scheduler: str | None = None) -> int:
    """Worker processes: 1 by default, never more than the usable cores or the puzzles (a scheduler: as asked)."""
    from .parallel.pool import usable_cores

    if scheduler:
        return jobs
    return max(1, min(jobs or 1, usable_cores(), count))


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
    """A rating on one line: ER/EP/ED, HoDoKu level and score, hardest technique (a cut-short rating says so)."""
    bound = ">=" if r.get("reason") == "time limit" else ""
    note = f" ({r['reason']})" if r.get("reason") else ""
    se = "-/-/-" if r["er"] is None else f"{r['er']:.1f}/{r['ep']:.1f}/{r['ed']:.1f}"
    level, score = ("-", "-") if r["level"] is None else (r["level"], r["score"])
    return f"{bound}{se} {level} {score} {r['hardest'] if r['hardest'] is not None else '-'}{note}"


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
@click.option("--scale", type=click.Choice(["both", "se", "hodoku"]), default="both", show_default=True,
              help="Which scale to compute (one alone is faster).")
@click.option("--max-seconds", type=click.FloatRange(min=0.001), help="Stop one puzzle after this long (exit 3).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, help="Worker processes (capped at cores).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: on a terminal).")
@click.option("--scheduler", metavar="ADDRESS", help="Rate in blocks on a Dask cluster (tcp://HOST:8786, a scheduler "
              "file, or 'local' for a LocalCluster of --jobs processes); needs pip install 'sudokit[dask]'.")
@click.option("--checkpoint", metavar="FILE", help="Journal finished blocks to FILE; the same command again resumes.")
def rate(file, box, symbols, fmt, json_, variant, scale, max_seconds, jobs, progress, scheduler, checkpoint):
    """Rate each puzzle of FILE on the scales people use: Sudoku Explainer's and HoDoKu's.

    \b
    One line per puzzle: ER/EP/ED (Sudoku Explainer: the hardest step, the hardest before the first
    placement, the first step), HoDoKu's level (easy, medium, hard, unfair, extreme) and score, and the technique
    behind ER. --json adds the HoDoKu hardest technique, the fast engine's guesses (machine difficulty) and
    the seconds taken: fields er, ep, ed, level, score, hardest, hodoku_hardest, guesses, complete, seconds.
    A puzzle without exactly one solution is not rated ('no solution' / 'multiple solutions', exit 1).
    --scale se or hodoku computes one scale alone (faster); the other's fields read '-' (null in --json).
    Exit codes: 0 done, 1 not unique, 2 bad input, 3 --max-seconds hit (the rating so far is printed), 130 Ctrl-C.
    --jobs N (local processes) or --scheduler ADDRESS (Dask) rate the file in blocks, answers in input order;
    --checkpoint FILE journals finished blocks so the same command run again resumes.

    \b
    Examples:
      sudokit rate examples/hardest.txt
      sudokit rate --json --jobs 2 puzzles.txt
      sudokit rate --scheduler tcp://10.0.0.5:8786 --checkpoint big.ckpt big.txt
    """
    items, name = _logic_items(file, box, symbols, fmt, variant)
    options = {"max_seconds": max_seconds, "scale": scale}
    _logic_run("rate", items, name, options, jobs, progress, json_,
               lambda r: _problem(r) or _rating_text(r["rating"]), {"scheduler": scheduler, "checkpoint": checkpoint})


# ---- generation: generate, canon ----

def generate_options(command):
    """The kind, target and run options of `generate`."""
    options = [
        click.option("-n", "--count", type=click.IntRange(min=1), default=1, show_default=True,
                     help="How many puzzles (or instances)."),
        click.option("--size", type=click.IntRange(min=1), help="Side N, 4..25 (default 9, or the --box product)."),
        click.option("--box", metavar="RxC", help="Box shape, e.g. 3x4 for 12x12 (default: the most square)."),
        click.option("--x", "v_x", is_flag=True, help="X-Sudoku: both main diagonals hold every digit once."),
        click.option("--windoku", "v_windoku", is_flag=True, help="Windoku: the extra windows."),
        click.option("--anti-knight", "v_anti_knight", is_flag=True, help="A knight's move apart, digits differ."),
        click.option("--anti-king", "v_anti_king", is_flag=True, help="A king's move apart, digits differ."),
        click.option("--non-consecutive", "v_non_consecutive", is_flag=True,
                     help="Orthogonal neighbours never consecutive (dlx engine: slower)."),
        click.option("--jigsaw", is_flag=True, help="Fresh connected regions for every puzzle, in place of boxes."),
        click.option("--killer", is_flag=True, help="Killer: generated cages (--givens 0: cages alone)."),
        click.option("--symmetry", type=click.Choice(["none", "rot180", "rot90", "mirror", "diagonal", "full"]),
                     default="none", show_default=True, help="Symmetry of the pattern of givens."),
        click.option("--minimal", is_flag=True, help="Every given needed: removing any one gives several "
                     "solutions."),
        click.option("--rating", metavar="LO-HI", help="Sudoku Explainer rating (ER) band, e.g. 7.0-8.0."),
        click.option("--level", type=click.Choice(["easy", "medium", "hard", "unfair", "extreme"]),
                     help="HoDoKu level."),
        click.option("--givens", type=click.IntRange(min=0), help="Exactly this many givens."),
        click.option("--guesses", metavar="MIN-MAX", help="Machine difficulty: the fast engine's guesses."),
        click.option("--max-seconds", type=click.FloatRange(min=0.001), default=60.0, show_default=True,
                     help="Search time per puzzle; what was not reached is reported (exit 3)."),
        click.option("--seed", type=COUNT, help="Seed: the same seed gives the same puzzles, on any --jobs "
                     "(default: a random one, in --json and --stats)."),
        click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, help="Worker processes (capped at "
                     "the cores)."),
        click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: on a "
                     "terminal)."),
        click.option("--scheduler", metavar="ADDRESS", help="Generate on a Dask cluster (tcp://HOST:8786, a "
                     "scheduler file, or 'local' for a LocalCluster of --jobs processes); needs "
                     "pip install 'sudokit[dask]'."),
        click.option("--checkpoint", metavar="FILE", help="Journal finished puzzles to FILE; the same command "
                     "(same --seed) run again resumes."),
        click.option("--to", "to", type=click.Choice(OUTPUT_FORMATS), help="Output format (default line; json "
                     "for Killer)."),
        click.option("--json", "json_", is_flag=True, help="One JSON object a line: puzzle, variant, solution, "
                     "rating, seed, index."),
        click.option("--symbols", metavar="ABC", help="Alphabet above 9x9: default (1-9A-Z), letters, hex."),
        click.option("--stats", is_flag=True, help="A summary on stderr: puzzles/s, givens, seed."),
        click.option("--target", "target_", is_flag=True, help="Target Sudoku instances (NOIP layout) with the "
                     "proved optimum."),
        click.option("--binary", "binary_", is_flag=True, help="Binary Sudoku grids with the fewest flips."),
        click.option("-o", "--output", "out_dir", metavar="DIR", help="--target/--binary: write judge pairs "
                     "DIR/1.in, DIR/1.out, ..."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@main.command()
@generate_options
def generate(count, size, box, v_x, v_windoku, v_anti_knight, v_anti_king, v_non_consecutive, jigsaw, killer,
             symmetry, minimal, rating, level, givens, guesses, max_seconds, seed, jobs, progress, scheduler,
             checkpoint, to, json_, symbols, stats, target_, binary_, out_dir):
    """Generate puzzles with exactly one solution (proved), at a chosen difficulty, size and variant.

    \b
    Targets (combine freely): --rating LO-HI (Sudoku Explainer ER), --level (HoDoKu), --givens K (exactly),
    --guesses MIN-MAX (machine difficulty). The search climbs toward them (givens taken out and put back,
    re-rated); a puzzle it cannot reach within --max-seconds is reported on stderr with the closest it came,
    never replaced by another (exit 3). Requests no puzzle can meet (--givens 5, --rating 12-13, a --box that
    does not make --size) are refused up front (exit 2).
    One puzzle a line by default; --to any writer format; --json adds the solution, rating and seed.
    --target and --binary make instances of the other two problems: the judge's input, then its answer.
    Exit codes: 0 all made, 2 bad request, 3 some puzzle not reached in --max-seconds, 130 interrupted
    (the puzzles made so far are kept).

    \b
    Examples:
      sudokit generate -n 10 --minimal --symmetry rot180
      sudokit generate --rating 7.0-8.0 --json
      sudokit generate --level hard -n 5 --seed 1 --jobs 2
      sudokit generate --size 16 --givens 120
      sudokit generate --jigsaw --x;  sudokit generate --killer --givens 0
      sudokit generate --target -o cases/;  sudokit generate --binary --size 16
    """
    import secrets

    from .generate import make_request

    if checkpoint and seed is None:
        raise click.UsageError("--checkpoint needs --seed: a resumed run must make the same puzzles")
    if (scheduler or checkpoint) and (target_ or binary_):
        raise click.UsageError("--scheduler and --checkpoint are for puzzles, not --target or --binary instances")
    seed = secrets.randbits(63) if seed is None else seed
    size = size or (_box_side(box) if box else 9)
    if target_ and binary_:
        raise click.UsageError("--target and --binary make different instances: choose one")
    if target_ or binary_:
        _instances(target_, count, size, box, givens, seed, json_, out_dir)
        return
    if out_dir:
        raise click.UsageError("-o writes judge pairs of --target or --binary; puzzles go to stdout")
    names = [name for name, on in (("x", v_x), ("windoku", v_windoku), ("anti-knight", v_anti_knight),
                                   ("anti-king", v_anti_king), ("non-consecutive", v_non_consecutive)) if on]
    req = make_request(size, box, names, jigsaw, killer, symmetry, minimal, rating, level, givens, guesses,
                       max_seconds, seed)
    _generate_run(req, count, jobs, progress, to or ("json" if killer else "line"), json_, symbols, stats,
                  {"scheduler": scheduler, "checkpoint": checkpoint})


def _generate_run(req, count, jobs, progress, to, json_, symbols, stats, where=None) -> None:
    """Print each puzzle of a run as it comes, in order; exit 0, 3 (a puzzle not reached) or 128 + a signal."""
    import time

    from .formats import resolve_symbols
    from .generate import output, puzzles

    output.check_format(req, to)
    alphabet = resolve_symbols(symbols, req.n)
    code, done, givens, start = EXIT_OK, 0, 0, time.perf_counter()
    many = to == "json" and not json_ and count > 1
    show = (sys.stderr.isatty() if progress is None else progress) and count > 1
    try:
        with Progress(show, "generating") as bar:
            bar(0, count)  # shown from the start: a hard target can take a while for its first puzzle
            where = where or {}
            for made in puzzles(req, count, _jobs(jobs, count, where.get("scheduler")), **where):
                done += 1
                bar(done, count)
                if made.status != "ok":
                    warn(f"puzzle {made.index + 1}: nothing met the request in {req.max_seconds:g} s ({made.note})")
                    code = EXIT_LIMIT
                    continue
                givens += int((made.puzzle != 0).sum())
                piece = output.json_line(req, made, alphabet) if json_ else output.text(req, made, to, alphabet)
                emit(("[\n" if many and done == 1 else ",\n" if many else "") + piece + "\n")
    except KeyboardInterrupt:
        resume = f"; the same command resumes from {where['checkpoint']}" if where and where.get("checkpoint") else ""
        warn(f"interrupted after {done} of {count} puzzles{resume}")
        raise
    finally:
        if many and done:
            emit("]\n")
    if stats:
        seconds = time.perf_counter() - start
        warn(f"{done} puzzles in {seconds:.2f} s ({done / max(seconds, 1e-9):.1f}/s), "
             f"{givens / max(done, 1):.1f} givens on average, seed {req.seed}")
    sys.exit(code)


def _instances(target_: bool, count: int, size: int, box, givens, seed: int, json_: bool, out_dir) -> None:
    """--target / --binary: each instance's judge input then its answer (or judge pairs in out_dir)."""
    import json
    from pathlib import Path

    from .formats import format_grid
    from .generate.instances import binary_instance, target_instance

    shape = parse_box(box, size).box if box else None
    for k in range(count):
        inst = (target_instance(seed, k, size, shape, givens) if target_ else binary_instance(seed, k, size, shape))
        body = format_grid(inst.grid, size, "ints") if target_ else "\n".join(
            "".join(map(str, inst.grid[r * size:(r + 1) * size].tolist())) for r in range(size))
        if out_dir:
            Path(out_dir).mkdir(parents=True, exist_ok=True)
            (Path(out_dir) / f"{k + 1}.in").write_text(body + "\n")
            (Path(out_dir) / f"{k + 1}.out").write_text(f"{inst.answer}\n")
        elif json_:
            emit(json.dumps({"puzzle": body.split("\n"), "optimum" if target_ else "flips": inst.answer,
                             "seed": seed, "index": k}) + "\n")
        else:
            emit(("\n" if k else "") + body + "\n" + f"{inst.answer}\n")
    sys.exit(EXIT_OK)


@main.command()
@click.argument("file", default="-")
@click.option("--dedupe", is_flag=True, help="Keep only the first puzzle of each class (printed as it was read).")
@click.option("--json", "json_", is_flag=True, help="One JSON object a line: line, puzzle, canon, automorphisms.")
@click.option("--format", "fmt", type=click.Choice(INPUT_FORMATS), help="Input format (default: detect).")
def canon(file, dedupe, json_, fmt):
    """Canonical (minlex) form of each 9x9 puzzle or solution grid of FILE (or stdin).

    \b
    Two puzzles are the same puzzle in disguise when a transformation that keeps every Sudoku valid maps one
    onto the other: transposition, band and stack order, row order in a band, column order in a stack, and a
    relabelling of the digits (3,359,232 cell maps). The canonical form is the smallest of all the images
    (blanks first, digits relabelled in order of appearance): equal forms, same class. --dedupe prints the
    first puzzle of each class as it was read; --json adds the number of automorphisms (the transformations
    that map the puzzle onto itself). Unreadable puzzles are reported and skipped (exit 2).

    \b
    Examples:
      sudokit canon puzzles.txt
      sudokit canon --dedupe collection.txt > unique.txt
    """
    import json

    from .formats import format_grid
    from .generate.minlex import canon as canonical

    grids, lines, texts, code = _canon_input(file, fmt)
    forms, autos = canonical(grids, automorphisms=True)
    seen: set = set()
    out = []
    for k, form in enumerate(forms):
        key = form.tobytes()
        if dedupe and key in seen:
            continue
        seen.add(key)
        text = format_grid(form, 9, "line")
        out.append(json.dumps({"line": int(lines[k]), "puzzle": texts[k], "canon": text,
                               "automorphisms": int(autos[k])}) if json_ else texts[k] if dedupe else text)
        if len(out) >= 4096:
            emit("\n".join(out) + "\n")
            out = []
    if out:
        emit("\n".join(out) + "\n")
    sys.exit(code)


def _canon_input(file, fmt):
    """The 9x9 grids of a file as one array, their line numbers and texts, and the exit code so far (2 when some
    puzzle could not be read; each is reported)."""
    import numpy as np

    from .formats import format_grid, parse_line_array, read_puzzles

    text, name = read_file(file)
    if fmt in (None, "line"):
        grids, lines, bad = parse_line_array(text.encode("utf-8"), 9)
        if len(grids) and not len(bad):
            return grids, lines, [format_grid(g, 9, "line") for g in grids], EXIT_OK
    pf = read_puzzles(text, fmt=fmt, source=name)
    if pf.n != 9:
        fail(f"{name}: canonical forms are for 9x9 puzzles, not {pf.n}x{pf.n}")
    good, code = [], EXIT_OK
    for entry in pf.entries:
        problem = entry.error or ("jigsaw regions have other transformations" if entry.regions is not None else
                                  "pencilmarks are not canonicalized" if entry.candidates is not None else "")
        if problem:
            warn(f"{name}:{entry.line}: {problem}")
            code = EXIT_INPUT
        else:
            good.append(entry)
    grids = np.array([e.grid for e in good], np.uint8).reshape(-1, 81)
    return grids, [e.line for e in good], [format_grid(e.grid, 9, "line") for e in good], code


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every "
              "interface; only loopback is safe on a shared network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="TCP port (0: any free port, printed).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
@click.option("--workers", type=click.IntRange(1, 64), help="Worker processes for the searches (default: the "
              "cores, at most 4).")
@click.option("--max-seconds", type=click.FloatRange(0.1, 86400), default=10.0, show_default=True,
              help="Time limit of one request (paths, ratings and generation stop there; a search still running "
              "5 s later has its worker replaced).")
@click.option("--max-nodes", type=click.IntRange(1, INT64_MAX), default=20_000_000, show_default=True,
              help="Node limit of one search.")
def serve(host, port, open_browser, workers, max_seconds, max_nodes):
    """Serve the local web app: a page and a JSON API over everything sudokit does.

    \b
    The page (http://127.0.0.1:8000/ by default) takes a puzzle typed, pasted or dropped in any format `solve`
    reads; solves, counts and proves uniqueness; gives hints with pictures and the whole solve path; rates;
    generates; plays target and binary Sudoku; keyboard entry with pencilmarks, undo and share links.
    The JSON API under /api/ (solve, hint, steps, rate, generate, render, target, binary, parse, info) is the one
    the page uses. Every search runs in a worker process with node and time limits. Needs the web extra:
    pip install 'sudokit[web]'. Ctrl-C stops the server (exit 130).

    \b
    Examples:
      sudokit serve --open
      sudokit serve --port 0            # any free port
      curl -s localhost:8000/api/solve -d '{"puzzle": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}'
    """
    try:
        from .web.server import serve as run
        from .web.spec import Limits
    except ImportError as exc:
        fail(f"the web app needs the web extra: pip install 'sudokit[web]' (missing: {exc.name})")
    from .parallel.pool import usable_cores

    limits = Limits(seconds=max_seconds, max_nodes=max_nodes)
    run(host, port, open_browser, workers or max(1, min(4, usable_cores())), limits,
        lambda line: click.echo(line, err=True))
