"""The batch path of a solve run: a file of one 9x9-or-smaller puzzle per line, parsed into one array and solved
by the fast engine over the whole batch (on all cores from SMALL_BATCH puzzles on), answered in input order."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..errors import InputError
from ..formats import format_lines, is_count_line, line_error, parse_line_array, read_puzzles
from .options import Options, outcome, parse_box, record

SMALL_BATCH = 5000  # below this many puzzles jobs=0 solves in-process: each worker loads the kernels (~0.5 s)


def fast_line_side(text: str, options: Options, source: str) -> int | None:
    """N if the run can take the batch path (one puzzle per line of digits, N <= 9, fast engine, no variant)."""
    if (options.fmt not in (None, "line") or options.symbols or options.engine != "fast" or options.mode == "all"
            or options.variant.active):
        return None
    try:
        head = read_puzzles("\n".join(text.split("\n", 100)[:100]), fmt=options.fmt, source=source)
    except InputError:
        return None
    return head.n if head.fmt == "line" and head.n <= 9 else None


@dataclass
class LineFile:
    """A line file parsed for the batch path: its rows, their line numbers, which rows are readable."""

    source: str
    n: int
    data: bytes
    grids: np.ndarray
    lines: np.ndarray
    bad: np.ndarray

    @cached_property
    def good(self) -> np.ndarray:
        """bool per row: readable."""
        good = np.ones(len(self.grids), bool)
        good[self.bad] = False
        return good

    @cached_property
    def raw(self) -> list[bytes]:
        """The lines of the file (for the message of an unreadable one)."""
        return self.data.split(b"\n")

    def reason(self, row: int, geometry) -> str:
        """Why row is invalid, in the words of the one-puzzle path."""
        if not self.good[row]:
            return line_error(self.raw[self.lines[row] - 1], self.n)
        return _clash(self.grids[row], geometry)


def parse_lines(text: str, source: str, n: int) -> LineFile:
    """The rows of a line file up to a line 'end', a first count line dropped."""
    text = re.split(r"(?m)^[ \t]*end[ \t]*$", text, maxsplit=1)[0]
    data = text.encode()
    grids, lines, bad = _skip_count_line(data, *parse_line_array(data, n))
    if len(grids) == 0:
        raise InputError(f"{source}: no puzzles")
    return LineFile(source, n, data, grids, lines, bad)


def solve_lines(run, text: str, source: str, n: int) -> None:
    """Solve a one-line-per-puzzle file as one array; hand run.write every answer line, in input order."""
    from ..sudoku.batch import solve_batch

    options, lf = run.options, parse_lines(text, source, n)
    good = lf.good
    jobs = options.jobs or (1 if good.sum() < SMALL_BATCH else None)
    geometry = parse_box(options.box, n)
    batch = solve_batch(lf.grids[good], geometry, limit=options.search_limit, max_nodes=options.max_nodes,
                        jobs=jobs, progress=run.progress)
    stop = _answered_rows(good, batch.done)
    run.write("".join(line + "\n" for line in _answers(run, lf, batch.result, stop, geometry)))
    if batch.interrupted is not None:
        run.interrupted(batch.interrupted, stop, len(lf.grids))


def _answers(run, lf: LineFile, res, stop: int, geometry) -> list[str]:
    """The answer lines of the first `stop` rows; the tally and the diagnostics on the way."""
    options, good = run.options, lf.good
    solved_text = format_lines(res.solutions, lf.n)
    puzzle_text = format_lines(lf.grids, lf.n) if options.json else None
    status = _statuses(run, res, int(good[:stop].sum()))
    k_of = np.cumsum(good) - 1  # row -> its index among the good rows
    out = []
    for row in range(stop):
        k, line = int(k_of[row]), int(lf.lines[row])
        word = status[k] if good[row] else "invalid"
        if word == "invalid":
            out.append(run.invalid(f"{lf.source}:{line}", line, lf.reason(row, geometry)))
            continue
        if word == "node limit":
            run.warn(f"{lf.source}:{line}: node limit {options.max_nodes} reached")
        count = int(res.counts[k])
        if options.json:
            out.append(record(line, puzzle_text[row], word, count, solved_text[k] if count else None,
                              int(res.guesses[k]), int(res.nodes[k])))
        elif word == "solved" and options.mode != "count":
            out.append(solved_text[k])
        else:
            out.append(word if word == "node limit" or options.mode != "count" else str(count))
    return out


def _statuses(run, res, ngood: int) -> list[str]:
    """The status word of each answered good row, tallied; one outcome() call per distinct (count, complete)
    pair, not per puzzle (the per-row loop took 3x the kernel's time on the 17-clue set)."""
    from ..sudoku.fast import CLASH

    keys = res.counts[:ngood].astype(np.int64) * 2 + res.complete[:ngood]
    pairs, which = np.unique(keys, return_inverse=True)
    words = [outcome(int(key) // 2, bool(key % 2), run.options.unique) for key in pairs]
    status = [words[i] for i in which.tolist()]
    clash = res.status[:ngood] == CLASH
    for i in np.flatnonzero(clash).tolist():
        status[i] = "invalid"  # tallied when its answer is written
    for i, word in enumerate(words):
        m = int(((which == i) & ~clash).sum())
        if m:
            run.tally.note(word, m)
    run.tally.nodes += int(res.nodes[:ngood].sum())
    run.tally.guesses += int(res.guesses[:ngood].sum())
    return status


def _skip_count_line(data: bytes, grids, lines, bad):
    """Drop a first line holding only the number of puzzles, as the line reader does."""
    if len(grids) < 2 or not len(bad) or bad[0] != 0:
        return grids, lines, bad
    first = data.split(b"\n", int(lines[0]))[int(lines[0]) - 1].decode("utf-8", "replace")
    if not is_count_line(first):
        return grids, lines, bad
    return grids[1:], lines[1:], bad[1:] - 1


def _clash(grid, geometry) -> str:
    """The clash a row's givens hold, in the words of the one-puzzle path."""
    from ..sudoku.grid import check_givens

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
