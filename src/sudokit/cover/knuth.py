"""Text formats for exact cover: Knuth's ``.dlx`` (DLX1/2/3/5) and the plain 0/1 matrix (Luogu P4929).

.dlx: the first real line names the primary items, then ``|``, then the secondary items; every later line is one
option (item names, ``name:c`` for a colored secondary item); lines starting with ``|`` are comments; blank lines
are skipped. An option with no primary item is dropped with a warning, as Knuth's programs do.
DLX3's multiplicities: ``u:v|name`` (or ``v|name``, u = v) in the item line makes a primary item covered u..v
times. DLX5's costs: ``|n`` entries on an option line (summed) give the option a cost. Both are read and written.

Matrix: a first line ``n m``, then n rows of m values 0/1. Solutions are printed as 1-based row numbers.
"""

from __future__ import annotations

import re
import warnings

import numpy as np

from ..errors import InputError
from .problem import Problem

_KNUTH_NAME = re.compile(r"^[!-~]{1,8}$")  # 1-8 non-blank printable ASCII characters
_BOUND = re.compile(r"^(?:(\d+):)?(\d+)\|(.*)$")  # DLX3: u:v|name or v|name


def detect(text: str) -> str:
    """'matrix' if the text starts with a line of two integers, else 'dlx'."""
    for line in text.splitlines():
        if line.strip():
            return "matrix" if re.fullmatch(r"\s*\d+\s+\d+\s*", line) else "dlx"
    raise InputError("empty input")


def read_dlx(text: str, source: str = "<input>") -> Problem:
    """Parse Knuth's .dlx text into a Problem; errors name the source and line."""
    lines = [(k + 1, ln.strip()) for k, ln in enumerate(text.splitlines())]
    lines = [(k, ln) for k, ln in lines if ln and not ln.startswith("|")]
    if not lines:
        raise InputError(f"{source}: no item line")
    head_no, head = lines[0]
    primary, secondary, bounds = _read_items(head, f"{source}:{head_no}")
    names = primary + secondary
    index = {name: k for k, name in enumerate(names)}
    colors: dict[str, int] = {}
    ptr, items, cols, costs = [0], [], [], []
    priced = False
    for line_no, line in lines[1:]:
        where = f"{source}:{line_no}"
        seen = set()
        cost = 0
        for token in line.split():
            if token.startswith("|"):  # DLX5: an option's cost, several are summed
                if not token[1:].isdigit() or not token[1:].isascii():
                    raise InputError(f"{where}: option cost should be a decimal number, got {token!r}")
                cost += int(token[1:])
                priced = True
                continue
            name, _, color = token.partition(":")
            if name not in index:
                raise InputError(f"{where}: unknown item name {name!r}")
            i = index[name]
            if i in seen:
                raise InputError(f"{where}: item {name!r} appears twice in this option")
            if color and i < len(primary):
                raise InputError(f"{where}: primary item {name!r} must be uncolored")
            if ":" in token and not color:
                raise InputError(f"{where}: empty color in {token!r}")
            seen.add(i)
            items.append(i)
            cols.append(colors.setdefault(color, len(colors) + 1) if color else 0)
        ptr.append(len(items))
        costs.append(cost)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # re-issued below with line numbers
        try:
            problem = Problem.from_arrays(len(primary), len(secondary), ptr, items, cols, names,
                                          ("",) + tuple(colors), bounds, costs if priced else None)
        except InputError as exc:
            raise InputError(f"{source}: {exc}") from None
    for k in problem.dropped:
        warnings.warn(f"{source}:{lines[1 + k][0]}: option ignored (no primary items): {lines[1 + k][1]}",
                      stacklevel=2)
    return problem


def _read_items(line: str, where: str) -> tuple[list[str], list[str], list | None]:
    """Primary and secondary item names from the first line, and the primary items' (u, v) bounds if any.

    As in DLX3, a ``|`` that starts a word (or stands alone) separates primary from secondary items; one inside a
    primary word ends a bound prefix ``u:v|`` or ``v|``.
    """
    primary: list[str] = []
    secondary: list[str] = []
    bounds: list[tuple[int, int]] = []
    in_secondary = False
    for word in line.split():
        if word.startswith("|"):
            if in_secondary:
                raise InputError(f"{where}: item name line contains | twice")
            in_secondary, word = True, word[1:]
            if not word:
                continue
        if in_secondary:
            if ":" in word or "|" in word:
                raise InputError(f"{where}: illegal character in secondary item name {word!r}")
            secondary.append(word)
            continue
        name, bound = _bounded_name(word, where)
        primary.append(name)
        bounds.append(bound)
    seen = set()
    for name in primary + secondary:
        if name in seen:
            raise InputError(f"{where}: duplicate item name {name!r}")
        seen.add(name)
    if not primary:
        raise InputError(f"{where}: no primary items")
    return primary, secondary, (bounds if any(b != (1, 1) for b in bounds) else None)


def _bounded_name(word: str, where: str) -> tuple[str, tuple[int, int]]:
    """('C', (2, 3)) from '2:3|C', ('C', (2, 2)) from '2|C', ('C', (1, 1)) from 'C', as DLX3 reads them."""
    if "|" not in word:
        if ":" in word:
            raise InputError(f"{where}: illegal character ':' in item name {word!r}")
        return word, (1, 1)
    m = _BOUND.match(word)
    if not m or not m.group(3) or ":" in m.group(3) or "|" in m.group(3):
        raise InputError(f"{where}: bad bound prefix in {word!r} (write u:v|name or v|name, u and v decimal)")
    upper = int(m.group(2))
    lower = upper if m.group(1) is None else int(m.group(1))
    if upper == 0:
        raise InputError(f"{where}: upper bound is zero in {word!r}")
    if lower > upper:
        raise InputError(f"{where}: lower bound exceeds upper bound in {word!r}")
    return m.group(3), (lower, upper)


def write_dlx(problem: Problem) -> str:
    """Knuth-readable .dlx text; names that DLX1 would reject are replaced by short codes listed in comments."""
    names = list(problem.item_names)
    rename = not all(_KNUTH_NAME.match(x) and ":" not in x and "|" not in x for x in names)
    lines = []
    if rename:
        names = [f"i{k + 1}" for k in range(problem.n_items)]
        lines += [f"| {new} = {old}" for new, old in zip(names, problem.item_names)]
    colors = list(problem.color_names)
    if any(len(c) != 1 for c in colors[1:]):
        alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        if len(colors) - 1 > len(alphabet):
            raise InputError(f"{len(colors) - 1} colors: Knuth's format allows one character per color")
        lines += [f"| color {alphabet[k]} = {c}" for k, c in enumerate(colors[1:])]
        colors = [""] + list(alphabet[:len(colors) - 1])
    heads = [_bound_prefix(u, v) + name for name, u, v in
             zip(names, problem.lower().tolist(), problem.upper().tolist())]
    head = " ".join(heads)
    if problem.n_secondary:
        head += " | " + " ".join(names[problem.n_primary:])
    lines.append(head)
    for k in range(problem.n_options):
        lo, hi = problem.opt_ptr[k], problem.opt_ptr[k + 1]
        entries = [names[i] + (f":{colors[c]}" if c else "")
                   for i, c in zip(problem.opt_items[lo:hi].tolist(), problem.opt_colors[lo:hi].tolist())]
        if problem.costs is not None:
            entries.append(f"|{int(problem.costs[k])}")
        lines.append(" ".join(entries))  # a dropped option stays, so re-reading keeps the numbering
    return "\n".join(lines) + "\n"


def _bound_prefix(lower: int, upper: int) -> str:
    """DLX3's prefix for bounds [lower, upper]: '' for [1, 1], 'v|' when equal, 'u:v|' otherwise."""
    if lower == upper == 1:
        return ""
    return f"{upper}|" if lower == upper else f"{lower}:{upper}|"


def read_matrix(text: str, source: str = "<input>") -> Problem:
    """Parse the P4929 matrix format (``n m`` then n rows of m 0/1 values) into a Problem."""
    rows = [(k + 1, ln.split()) for k, ln in enumerate(text.splitlines()) if ln.strip()]
    if not rows:
        raise InputError(f"{source}: empty input")
    line_no, head = rows[0]
    if len(head) != 2 or not all(t.isdigit() for t in head):
        raise InputError(f"{source}:{line_no}: expected 'n m' (rows and columns)")
    n, m = int(head[0]), int(head[1])
    if len(rows) - 1 != n:
        raise InputError(f"{source}: header says {n} rows, found {len(rows) - 1}")
    if n == 0 or m == 0:
        raise InputError(f"{source}:{line_no}: a cover matrix needs at least one row and one column")
    for line_no, tokens in rows[1:]:  # every row is checked against the header before the matrix is allocated
        if len(tokens) != m:
            raise InputError(f"{source}:{line_no}: expected {m} values, found {len(tokens)}")
        if any(t not in ("0", "1") for t in tokens):
            raise InputError(f"{source}:{line_no}: values must be 0 or 1")
    matrix = np.array([[t == "1" for t in tokens] for _, tokens in rows[1:]], np.int8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an all-zero row is simply never chosen
        return Problem.from_matrix(matrix)


def format_matrix_solution(options) -> str:
    """1-based row numbers, ascending, as the P4929 judge expects."""
    return " ".join(str(k + 1) for k in sorted(options))


def format_dlx_solution(problem: Problem, options, number: int) -> str:
    """A solution as Knuth prints it: a line ``N:`` (DLX5: ``N: (total cost $c)``) then one line per option
    (with a cost, `` $c`` after it)."""
    if problem.costs is None:
        return "\n".join([f"{number}:"] + [" " + " ".join(problem.option(k)) for k in options])
    head = f"{number}: (total cost ${problem.cost(options)})"
    return "\n".join([head] + [f" {' '.join(problem.option(k))} ${int(problem.costs[k])}" for k in options])
