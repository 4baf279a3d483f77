"""SolveRun: one `solve` run over a text, one puzzle at a time or, for plain line files, as one batch."""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from typing import Callable

from ..errors import InputError, LimitReached
from ..formats import block_separator, format_entry, format_grid, read_puzzles
from .options import Options, Tally, answer_text, outcome, parse_box, record

SPLIT_TRY = 200_000  # nodes a puzzle gets in one piece before a split run cuts its search into parts


class Blocks:
    """Answer blocks handed to write as they come, each with its newline; sep (a newline or a blank line)
    between them; `always`: an empty answer list still writes one empty line (the count and JSON layouts)."""

    def __init__(self, write: Callable[[str], None], sep: str, always: bool = False):
        self.out, self.sep, self.always, self.written = write, sep, always, 0

    def write(self, block: str) -> None:
        """One more block."""
        self.out((self.sep[:-1] if self.written else "") + block + "\n")
        self.written += 1

    def close(self) -> None:
        """After the last block."""
        if not self.written and self.always:
            self.out("\n")


class SolveRun:
    """Read a text, plan the variants, pick the path and the engine, solve, and hand each answer block (in the
    input's own layout) to write and each diagnostic line to warn, in input order, as soon as it exists.

    progress(done, total) is called as puzzles are answered. Ctrl-C, SIGTERM or SIGHUP end the run early: the
    answers found so far are written, and ``tally.interrupted`` holds the interrupt (run() returns normally).
    Unreadable input as a whole raises InputError; an unreadable puzzle is answered 'invalid: REASON'.
    """

    def __init__(self, options: Options | None = None, write: Callable[[str], None] | None = None,
                 warn: Callable[[str], None] | None = None, progress: Callable[[int, int], None] | None = None,
                 verbose: bool = False, executor=None):
        self.options = options or Options()
        self.write = write or (lambda text: None)
        self.warn = warn or (lambda message: None)
        self.progress = progress
        self.verbose = verbose
        self.executor = executor  # any concurrent.futures.Executor for the blocks and parts (else jobs/scheduler)
        self.tally = Tally()
        self.journal = None
        self._split = None  # the Runner of split searches, opened by the first puzzle that needs it
        self._splitting = None  # the ExitStack that holds it, while _puzzles runs a split run

    def run(self, text: str, source: str = "<input>") -> Tally:
        """Answer every puzzle of text (source names it in messages); the tally."""
        from ..parallel.checkpoint import Journal

        with Journal(self.options.checkpoint) as self.journal:
            return self._run(text, source)

    @contextmanager
    def runner(self, jobs: int, tasks: int | None = None):
        """The Runner of this run's blocks or parts: the executor given, the scheduler, or `jobs` local processes
        (0 = every core; never more than the cores or `tasks`)."""
        from ..parallel.executors import runner
        from ..sudoku.batch import worker_count

        if self.executor is None and not self.options.scheduler:
            jobs = worker_count(jobs or None, tasks if tasks is not None else 1 << 30)
        run = runner(jobs, self.options.scheduler, self.executor)
        try:
            yield run
        except BaseException:
            run.close(abort=True)
            raise
        run.close(abort=self.tally.interrupted is not None)  # an interrupt caught on the way stops the workers now

    def _run(self, text: str, source: str) -> Tally:
        """run() with the journal open."""
        from .lines import fast_line_side, few_lines, solve_lines

        if self.options.estimate:
            self._estimates(text, source)
            return self.tally
        side = fast_line_side(text, self.options, source)
        if side and not (self.options.split and few_lines(text)):
            if self.verbose:
                self.warn(f"{source}: one puzzle per line, {side}x{side}, fast batch path")
            solve_lines(self, text, source, side)
            return self.tally
        options = self.options
        pf = read_puzzles(text, fmt=options.fmt, symbols=options.symbols, source=source)
        if self.verbose:
            self.warn(pf.describe())
        geometry = parse_box(options.box, pf.n)
        if pf.fmt == "hdu4069":
            self._hdu4069(pf)
        elif options.split:
            try:
                with ExitStack() as self._splitting:
                    self._puzzles(pf, geometry)
            finally:
                self._split = self._splitting = None
        else:
            self._puzzles(pf, geometry)
        return self.tally

    def _estimates(self, text: str, source: str) -> None:
        """One line per puzzle: Knuth's estimate of its exact-cover search (nodes and solutions, 95% bands)."""
        from ..parallel.probes import estimate
        from ..sudoku.exact import encode
        from ..sudoku.grid import check_givens

        pf = read_puzzles(text, fmt=self.options.fmt, symbols=self.options.symbols, source=source)
        geometry = parse_box(self.options.box, pf.n)
        plan = self.options.variant.plan(pf.n, geometry, "dlx")
        for entry in pf.entries:
            geo, _, extra = plan.for_entry(entry, geometry)
            try:
                if entry.error:
                    raise InputError(entry.error)
                check_givens(entry.grid, geo)
            except InputError as exc:
                self.write(self.invalid(f"{pf.source}:{entry.line}", entry.line, str(exc)) + "\n")
                continue
            self.write(f"{estimate(encode(entry.grid, geo, **extra)[0], self.options.probes, 0, 'dlx')}\n")
            self.tally.note("solved")

    def interrupted(self, exc: KeyboardInterrupt, done: int, total: int) -> None:
        """Note an interrupt after `done` of `total` puzzles."""
        again = f"; the same command again resumes from {self.options.checkpoint}" if self.options.checkpoint else ""
        self.warn(f"interrupted: {done} of {total} puzzles answered{again}")
        self.tally.interrupted = exc

    def _puzzles(self, pf, geometry) -> None:
        """Solve the puzzles of a file one at a time, writing each answer as it comes."""
        from ..sudoku import engine

        options = self.options
        plan = options.variant.plan(pf.n, geometry, options.engine)
        solver = engine(options.engine)
        plain = options.mode == "count" or options.json
        out = Blocks(self.write, "\n" if plain else block_separator(pf), always=plain)
        done = 0
        try:
            for entry in pf.entries:
                geo, entry_solver, extra = plan.for_entry(entry, geometry)
                for block in self._entry(entry, pf, geo, entry_solver or solver, extra):
                    out.write(block)
                done += 1
                if self.progress:
                    self.progress(done, len(pf.entries))
        except KeyboardInterrupt as exc:
            out.always = False  # an answer list cut short is not an empty one: nothing stands in for it
            self.interrupted(exc, done, len(pf.entries))
        finally:
            out.close()
        for note in plan.notes:
            self.warn(f"note: {note}")

    def _entry(self, entry, pf, geometry, solve, extra):
        """The answer blocks of one puzzle (several with mode 'all')."""
        from ..sudoku.grid import check_givens

        where = f"{pf.source}:{entry.line}"
        try:
            if entry.error:
                raise InputError(entry.error)
            check_givens(entry.grid, geometry)
        except InputError as exc:
            yield self.invalid(where, entry.line, str(exc))
            return
        if self.options.mode == "all":
            yield from self._all(entry.grid, geometry, pf, where, extra)
            return
        yield self._one(entry, pf, geometry, solve, where, extra)

    def invalid(self, where: str, line: int, reason: str) -> str:
        """The block of an unreadable puzzle (its reason also on warn)."""
        self.warn(f"{where}: {reason}")
        self.tally.note("invalid")
        return record(line, "", f"invalid: {reason}", 0, None, 0, 0) if self.options.json else f"invalid: {reason}"

    def _one(self, entry, pf, geometry, solve, where: str, extra=None) -> str:
        """Search one puzzle and say what stands in its place."""
        options = self.options
        result = self._search(entry.grid, geometry, solve, extra)
        self.tally.nodes += result.nodes
        self.tally.guesses += result.guesses
        status = outcome(result.count, result.complete, options.unique)
        if status == "node limit":
            self.warn(f"{where}: node limit {options.max_nodes} reached")
        self.tally.note(status)
        if options.json:
            line = format_grid(entry.grid, pf.n, "line", pf.symbols)
            solution = format_grid(result.solution, pf.n, "line", pf.symbols) if result.count else None
            return record(entry.line, line, status, result.count, solution, result.guesses, result.nodes)
        text = format_entry(result.solution, pf) if result.count else ""
        return answer_text(status, result.count, text, options)

    def _parts_runner(self):
        """The Runner of split searches, opened the first time a puzzle needs one (closed when the run ends)."""
        if self._split is None:
            self._split = self._splitting.enter_context(self.runner(self.options.jobs))
        return self._split

    def _search(self, grid, geometry, solve, extra):
        """The engine's answer; in a split run, a puzzle not answered within SPLIT_TRY nodes is split into parts
        (a solve or --unique stops every part once the answer is known, a count adds them all up)."""
        options = self.options
        if self._splitting is None:
            return solve(grid, geometry, options.search_limit, options.max_nodes)
        quick = solve(grid, geometry, options.search_limit, SPLIT_TRY)
        if quick.complete:
            return quick
        from ..parallel.sudoku import count

        engine = "fast" if options.engine == "fast" else "dlx"
        return count(grid, geometry, options.search_limit, self._parts_runner(), engine=engine, extra=extra,
                     journal=self.journal)

    def _all(self, grid, geometry, pf, where: str, extra):
        """Every solution (up to the limit), each as it is found, through the Dancing Links iterator."""
        from ..cover.solver import solutions
        from ..sudoku.exact import ALGORITHM, decode, encode

        problem, cell_digit = encode(grid, geometry, **(extra or {}))
        found = 0
        if self._splitting is not None:
            from ..parallel.sudoku import solutions as split_solutions

            grids = split_solutions(grid, geometry, self.options.limit or None, self._parts_runner(), extra=extra)
        else:
            grids = (decode(sol.options, cell_digit, geometry.ncells) for sol in solutions(
                problem, self.options.limit or None, max_nodes=self.options.max_nodes, algorithm=ALGORITHM))
        try:
            for solved in grids:
                found += 1
                yield format_entry(solved, pf)
        except LimitReached as exc:
            self.warn(f"{where}: {exc}")
            self.tally.note("limit")
            return
        self.tally.note("solved" if found else "no solution")
        if not found:
            yield "no solution"

    def _hdu4069(self, pf) -> None:
        """An HDU 4069 file: 'Case k:' blocks; exit 0 all unique, 1 otherwise (none too), 2 a bad case."""
        from ..sudoku.variants import hdu4069_cases

        if self.options.mode != "solve" or self.options.json:
            raise InputError(f"{pf.source}: HDU 4069 answers are 'Case k:' blocks; --count, --all and --json do "
                             "not apply")
        statuses: list[str] = []
        try:
            for block, status in hdu4069_cases(pf, self.options.engine, self.options.max_nodes, self.options.variant):
                self.write(block + "\n")
                statuses.append(status)
                self.tally.statuses[status] = self.tally.statuses.get(status, 0) + 1
        except KeyboardInterrupt as exc:
            self.interrupted(exc, len(statuses), len(pf.entries))
        code = 2 if "invalid" in statuses else 0 if set(statuses) == {"solved"} else 1
        self.tally.code = max(self.tally.code, code)

