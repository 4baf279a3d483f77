"""The batch path of a solve run: a file of one 9x9-or-smaller puzzle per line, parsed into one array and solved
by the fast engine in blocks (on all cores from SMALL_BATCH puzzles on, or on a Dask cluster, journalled with a
checkpoint), each block's answers written in input order as soon as the blocks before it are."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..errors import InputError
from ..formats import format_lines, is_count_line, line_error, parse_line_array, read_puzzles
from .options import Options, outcome, parse_box, record

HEAD = 30  # lines read by the one-puzzle reader to tell a line file (100 took 1 ms: 0.7 us a magictour puzzle)
SMALL_BATCH = 5000  # below this many puzzles jobs=0 solves in-process: each worker loads the kernels (~0.5 s)


def fast_line_side(text: str, options: Options, source: str) -> int | None:
    """N if the run can take the batch path (one puzzle per line of digits, N <= 9, fast engine, no variant)."""
    if (options.fmt not in (None, "line") or options.symbols or options.engine != "fast" or options.mode == "all"
            or options.variant.active):
        return None
    try:
        head = read_puzzles("\n".join(text.split("\n", HEAD)[:HEAD]), fmt=options.fmt, source=source)
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
    if _may_hold_end(text):
        text = re.split(r"(?m)^[ \t]*end[ \t]*$", text, maxsplit=1)[0]
    data = text.encode()
    grids, lines, bad = _skip_count_line(data, *parse_line_array(data, n))
    if len(grids) == 0:
        raise InputError(f"{source}: no puzzles")
    return LineFile(source, n, data, grids, lines, bad)


def _may_hold_end(text: str, tries: int = 64) -> bool:
    """False if text surely holds no 'end': a search for 'e' (one character: memchr) at a time, since the
    regular expression cost 2 us a puzzle and even `"end" in text` 0.3 us (a 3-character needle skips little)."""
    i = text.find("e")
    for _ in range(tries):
        if i < 0:
            return False
        if text.startswith("end", i):
            return True
        i = text.find("e", i + 1)
    return i >= 0 and "end" in text


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
    from ..sudoku.batch import IN_PROCESS_CHUNK, default_chunk_size

    options, good = run.options, lf.good
    if runner.local and not run.journal.path:
        size = IN_PROCESS_CHUNK  # few calls in one process (sudoku/batch.py measured it)
    else:
        size = default_chunk_size(len(lf.grids), 16 if run.journal.path else runner.workers)
    rows = [(r, min(r + size, len(lf.grids))) for r in range(0, len(lf.grids), size)]
    blocks = [(lf.grids[a:b][good[a:b]], geometry, options.search_limit, options.max_nodes) for a, b in rows]
    job = digest(lf.grids, lf.bad, geometry.units, geometry.pairs, options.search_limit, options.max_nodes,
                 size) if run.journal.path else ""
    ncells = geometry.ncells
    for k, res in ordered(runner, solve_block, blocks, journal=run.journal, job=job, encode=_encode,
                          decode=lambda r: _decode(r, ncells), progress=run.progress,
                          sizes=[len(b[0]) for b in blocks]):
        a, b = rows[k]
        run.write(_answers(run, lf, res, a, b, geometry))
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


def _answers(run, lf: LineFile, res, start: int, stop: int, geometry) -> str:
    """The answer text of rows start..stop-1 (res holds their good rows), one line each; the tally and the
    diagnostics on the way.

    Every row's answer is a solution line or one of a few texts (a status word, a count, an 'invalid: REASON'),
    so the text is written by one numba pass (kernels/text.format_rows) over a table of those texts; Python
    only touches the rows that say something on stderr.  (A Python loop over the rows cost more than the
    kernel on easy sets: 17-clue, 3.4 us a puzzle against the kernel's 3.2.)
    """
    from ..kernels.text import format_rows

    options, good, rows = run.options, lf.good[start:stop], stop - start
    if options.json:
        return "".join(line + "\n" for line in _json_answers(run, lf, res, start, stop, geometry))
    ngood = int(good.sum())
    words, which, pairs = _statuses(run, res, ngood)
    counting = options.mode == "count"
    texts = [w if w == "node limit" else str(int(key) // 2) if counting else None if w == "solved" else w
             for w, key in zip(words, pairs.tolist())]
    pair_kind = np.array([-1 if t is None else i for i, t in enumerate(texts)], np.int64)
    texts = [t or "" for t in texts]
    good_rows = np.flatnonzero(good)
    kind = np.full(rows, -3, np.int64)
    src = np.zeros(rows, np.int64)
    kind[good_rows] = np.where(which >= 0, pair_kind[np.maximum(which, 0)], -2)
    src[good_rows] = np.arange(ngood)
    limit_words = [i for i, w in enumerate(words) if w == "node limit"]
    loud = np.flatnonzero((kind == -2) | ~good | np.isin(kind, limit_words))
    for i in loud.tolist():
        row = start + i
        line = int(lf.lines[row])
        if kind[i] == -2 or not good[i]:
            texts.append(run.invalid(f"{lf.source}:{line}", line, lf.reason(row, geometry)))
            kind[i] = len(texts) - 1
        else:
            run.warn(f"{lf.source}:{line}: node limit {options.max_nodes} reached")
    encoded = [t.encode() for t in texts]
    word_ptr = np.zeros(len(encoded) + 1, np.int64)
    word_ptr[1:] = np.cumsum([len(b) for b in encoded])
    words_buf = np.frombuffer(b"".join(encoded) or b"\0", np.uint8)
    lengths = np.diff(word_ptr)
    size = int(np.where(kind < 0, lf.n * lf.n, lengths[np.maximum(kind, 0)]).sum()) + rows
    out = np.empty(size, np.uint8)
    used = format_rows(res.solutions, src, kind, _alphabet(lf.n), words_buf, word_ptr, out)
    return str(out[:used], "utf-8")  # decoded from the buffer itself: no bytes copy first


def _alphabet(n: int) -> np.ndarray:
    """Cell value -> byte of the one-line alphabet (as format_lines)."""
    return np.frombuffer(("." + ("123456789" if n <= 9 else "ABCDEFGHIJKLMNOPQRSTUVWXYZ")[:n]).encode(), np.uint8)


def _json_answers(run, lf: LineFile, res, start: int, stop: int, geometry) -> list[str]:
    """The JSON records of rows start..stop-1 (one Python object per row: --json is not the hot path)."""
    options, good = run.options, lf.good[start:stop]
    solved_text = format_lines(res.solutions, lf.n)
    puzzle_text = format_lines(lf.grids[start:stop], lf.n)
    words, which, _ = _statuses(run, res, int(good.sum()))
    k_of = np.cumsum(good) - 1  # row -> its index among the block's good rows
    out = []
    for i in range(stop - start):
        row = start + i
        k, line = int(k_of[i]), int(lf.lines[row])
        word = words[which[k]] if good[i] and which[k] >= 0 else "invalid"
        if word == "invalid":
            out.append(run.invalid(f"{lf.source}:{line}", line, lf.reason(row, geometry)))
            continue
        if word == "node limit":
            run.warn(f"{lf.source}:{line}: node limit {options.max_nodes} reached")
        count = int(res.counts[k])
        out.append(record(line, puzzle_text[i], word, count, solved_text[k] if count else None,
                          int(res.guesses[k]), int(res.nodes[k])))
    return out


def _statuses(run, res, ngood: int) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The status words met, per answered good row the index of its word (-1: givens clash, 'invalid'), and
    the (count * 2 + complete) key of each word;
    tallied (the clashes when their answer is written).  One outcome() call per distinct (count, complete)
    pair, not per puzzle (the per-row loop took 3x the kernel's time on the 17-clue set)."""
    from ..sudoku.fast import CLASH

    keys = res.counts[:ngood].astype(np.int64) * 2 + res.complete[:ngood]
    pairs, which = np.unique(keys, return_inverse=True)
    which = which.reshape(-1).astype(np.int64)
    words = [outcome(int(key) // 2, bool(key % 2), run.options.unique) for key in pairs]
    clash = res.status[:ngood] == CLASH
    which[clash] = -1
    tally = np.bincount(which[~clash], minlength=len(words))
    for i, word in enumerate(words):
        if tally[i]:
            run.tally.note(word, int(tally[i]))
    run.tally.nodes += int(res.nodes[:ngood].sum())
    run.tally.guesses += int(res.guesses[:ngood].sum())
    return words, which, pairs


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

