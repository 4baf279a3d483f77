"""Alphabets: the symbols of each size, named or spelled out, detected from the characters a file uses."""

from __future__ import annotations

import numpy as np

from ..errors import InputError

ALPHABETS = {
    "default": "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+=@",
    "letters": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+=",
    "hex": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+=",
}
SPELLS = {"default": 64, "letters": 26, "hex": 16}  # the largest N each alphabet is detected for (A-Z, 0-F)
BLANKS = ".0-_*"


def resolve_symbols(name_or_symbols: str | None, n: int) -> str:
    """The N symbols of an alphabet given by name (default, letters, hex) or spelled out."""
    if name_or_symbols is None:
        return ALPHABETS["default"][:n]
    symbols = ALPHABETS.get(name_or_symbols, name_or_symbols)
    if name_or_symbols in ALPHABETS:
        symbols = symbols[:n]
    if len(symbols) != n or len(set(symbols)) != n:
        raise InputError(f"symbols {name_or_symbols!r}: need {n} distinct characters for a {n}x{n} grid")
    if "." in symbols or any(ch.isspace() for ch in symbols):
        raise InputError(f"symbols {name_or_symbols!r}: '.' and spaces are blanks, not symbols")
    return symbols


def choose_alphabet(used: set[str], symbols: str | None, n: int, source: str) -> str:
    """The symbols: as given, else the one alphabet long enough for N that covers every character used.

    A grid with no symbol at all (every cell blank) takes the default alphabet; '0' beside another blank mark is
    a digit (hex).
    """
    if symbols:
        return resolve_symbols(symbols, n)
    zero_digit = "0" in used and bool(used & set(BLANKS) - {"0"})
    if n <= 9 or (used <= set(BLANKS) and not zero_digit):
        return ALPHABETS["default"][:n]
    fits = [name for name, alpha in ALPHABETS.items() if n <= SPELLS[name] and used <= set(decoder(alpha[:n]))]
    if zero_digit:
        fits = [name for name in fits if "0" in ALPHABETS[name][:n]]
    if len(fits) == 1:
        return ALPHABETS[fits[0]][:n]
    if not fits:
        raise InputError(f"{source}: characters {''.join(sorted(used))!r} fit no known {n}x{n} alphabet; "
                         "give --symbols")
    raise InputError(f"{source}: ambiguous symbols for {n}x{n} (could be {' or '.join(fits)}); give --symbols")


def decoder(alphabet: str) -> dict[str, int]:
    """Character -> value (0 for blanks that are not symbols)."""
    table = {ch: 0 for ch in BLANKS if ch not in alphabet}
    table.update({ch: k + 1 for k, ch in enumerate(alphabet)})
    return table


def decode_cells(text: str, n: int, decode: dict[str, int]) -> tuple[np.ndarray | None, str]:
    """A grid from N*N characters, or the reason it is not one."""
    if len(text) != n * n:
        return None, f"expected {n * n} cells, found {len(text)}"
    try:
        return np.array([decode[ch] for ch in text], np.int32), ""
    except KeyError as exc:
        return None, f"unknown symbol {exc.args[0]!r}"
