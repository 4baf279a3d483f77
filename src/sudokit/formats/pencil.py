"""Pencilmark (Sukaku) lines: N*N*N characters, slot i of a cell holds symbol i or a blank."""

from __future__ import annotations

import numpy as np

from ..errors import InputError
from .model import Entry, PuzzleFile
from .symbols import resolve_symbols


def pencil_side(length: int) -> int:
    """N if length is N*N*N (N >= 4), else 0."""
    side = round(length ** (1 / 3))
    return side if side >= 4 and side ** 3 == length else 0


def is_pencilmark(token: str, n: int | None) -> bool:
    """True for N*N*N characters where every slot i of a cell is symbol i or a blank (Sukaku)."""
    side = pencil_side(len(token))
    if not side or (n is not None and n != side) or side > 9:
        return False
    if side == 9 and set(token) <= set("0123456789."):  # 729 digits and dots: never a 27x27 line in practice
        return True
    return all(ch in ".0" or ch == str(k % side + 1) for k, ch in enumerate(token))


def read_pencil_lines(lines, symbols, n, source) -> PuzzleFile:
    """Sukaku lines (format forced): the first token of every non-blank line."""
    tokens = [(k, t.split()[0], " ".join(t.split()[1:])) for k, t in lines if t.strip()]
    if not pencil_side(len(tokens[0][1])):
        raise InputError(f"{source}:{tokens[0][0]}: a pencilmark line has N*N*N characters (729 for 9x9)")
    return read_pencilmarks(tokens, symbols, source)


def read_pencilmarks(tokens, symbols, source) -> PuzzleFile:
    """Sukaku lines: N*N cells of N slots, slot i = symbol i (candidate present) or '.'/'0'."""
    n = pencil_side(len(tokens[0][1]))
    alphabet = resolve_symbols(symbols, n)
    entries = []
    for k, tok, comment in tokens:
        mask, error = _decode_pencilmark(tok, n, alphabet)
        entries.append(Entry(None if error else np.zeros(n * n, np.int32), k, error, comment, mask))
    return PuzzleFile(entries, n, "pencilmark", alphabet, source)


def _decode_pencilmark(token: str, n: int, alphabet: str) -> tuple[np.ndarray | None, str]:
    """A bool [N*N, N] candidate mask from N*N*N slots, or the reason it is not one."""
    if len(token) != n ** 3:
        return None, f"a {n}x{n} pencilmark line needs {n ** 3} characters, found {len(token)}"
    slots = np.array(list(token)).reshape(n * n, n)
    want = np.array(list(alphabet))
    present = slots == want
    bad = ~present & ~np.isin(slots, list(".0"))
    if bad.any():
        cell, slot = (int(v) for v in np.argwhere(bad)[0])
        return None, (f"pencilmark r{cell // n + 1}c{cell % n + 1}: slot {slot + 1} must be "
                      f"{alphabet[slot]!r} or '.', found {str(slots[cell, slot])!r}")
    empty = np.flatnonzero(~present.any(axis=1))
    if len(empty):
        return None, f"pencilmark r{empty[0] // n + 1}c{empty[0] % n + 1} has no candidate left"
    return present, ""
