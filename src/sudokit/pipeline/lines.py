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


SPLIT_LINES = 16  # a split run with at most this many puzzles splits each search instead of batching them


def few_lines(text: str) -> bool:
    """True if the text holds at most SPLIT_LINES non-blank lines."""
    return sum(1 for line in text.splitlines() if line.strip()) <= SPLIT_LINES


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
    """Solve a one-line-per-puzzle file in blocks on the run's Runner; hand run.write each block's answer lines, in
    input order, as soon as the blocks before it are answered too."""
    from ..sudoku.fast import _tables

    options, lf = run.options, parse_lines(text, source, n)
    geometry = parse_box(options.box, n)
    _tables(geometry)  # a geometry the engine cannot take fails here, before any worker starts
    ngood = int(lf.good.sum())
    answered = 0
    try:
        with run.runner(options.jobs or (1 if ngood < SMALL_BATCH else 0), ngood) as runner:
            for r0, r1 in _solved_blocks(run, lf, geometry, runner):
                answered = r1
    except KeyboardInterrupt as exc:
        run.interrupted(exc, answered, len(lf.grids))


def _solved_blocks(run, lf: LineFile, geometry, runner):
    """Solve the file's blocks of rows on the runner; write each block's answers in order; yield its rows."""
    from ..parallel.batch import ordered
    from ..parallel.checkpoint import digest
    from ..parallel.work import solve_block
    from ..sudoku.batch import default_chunk_size

    options, good = run.options, lf.good
    size = default_chunk_size(len(lf.grids), 16 if run.journal.path else runner.workers)
    rows = [(r, min(r + size, len(lf.grids))) for r in range(0, len(lf.grids), size)]
    blocks = [(lf.grids[a:b][good[a:b]], geometry, options.search_limit, options.max_nodes) for a, b in rows]
    job = digest(lf.grids, lf.bad, geometry.units, geometry.pairs, options.search_limit, options.max_nodes, size)
    ncells = geometry.ncells
    for k, res in ordered(runner, solve_block, blocks, journal=run.journal, job=job, encode=_encode,
                          decode=lambda r: _decode(r, ncells), progress=run.progress,
                          sizes=[len(b[0]) for b in blocks]):
        a, b = rows[k]
        run.write("".join(line + "\n" for line in _answers(run, lf, res, a, b, geometry)))
        yield a, b


def _encode(res) -> dict:
    """A block's BatchResult as JSON for the journal."""
    from ..parallel.batch import pack

    return {name: pack(getattr(res, name)) for name in ("counts", "solutions", "guesses", "nodes", "complete",
                                                        "status")}


def _decode(rec: dict, ncells: int):
    """The BatchResult _encode wrote."""
    from ..parallel.batch import unpack
    from ..sudoku.fast import BatchResult

    p = len(unpack(rec["counts"], np.int64, -1))
    return BatchResult(unpack(rec["counts"], np.int64, p), unpack(rec["solutions"], np.int32, (p, ncells)),
                       unpack(rec["guesses"], np.int64, p), unpack(rec["nodes"], np.int64, p),
                       unpack(rec["complete"], bool, p), unpack(rec["status"], np.int8, p))


def _answers(run, lf: LineFile, res, start: int, stop: int, geometry) -> list[str]:
    """The answer lines of rows start..stop-1 (res holds their good rows); the tally and the diagnostics."""
    options, good = run.options, lf.good[start:stop]
    solved_text = format_lines(res.solutions, lf.n)
    puzzle_text = format_lines(lf.grids[start:stop], lf.n) if options.json else None
    status = _statuses(run, res, len(res))
    k_of = np.cumsum(good) - 1  # row -> its index among the block's good rows
    out = []
    for i in range(stop - start):
        row = start + i
        k, line = int(k_of[i]), int(lf.lines[row])
        word = status[k] if good[i] else "invalid"
        if word == "invalid":
            out.append(run.invalid(f"{lf.source}:{line}", line, lf.reason(row, geometry)))
            continue
        if word == "node limit":
            run.warn(f"{lf.source}:{line}: node limit {options.max_nodes} reached")
        count = int(res.counts[k])
        if options.json:
            out.append(record(line, puzzle_text[i], word, count, solved_text[k] if count else None,
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
