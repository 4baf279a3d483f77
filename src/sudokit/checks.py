"""The checks every front door shares: counts and limits as plain ints that fit the kernels' int64.

One place says what a limit, a node cap or a seed may be, so every engine and command reads them the same way:
``limit`` (solutions to look for) is None for all or an int >= 1; ``max_nodes`` is 0 for no cap or a positive
int; a ``seed`` is None or an int 0 .. 2**63-1. Anything else (a negative, a float, a bool, a number past int64)
is an InputError naming the parameter.
"""

from __future__ import annotations

import numbers

from .errors import InputError

INT64_MAX = (1 << 63) - 1


def as_int(value, name: str, lo: int = 0, hi: int = INT64_MAX) -> int:
    """value as a Python int in lo..hi; bools, floats and strings are an InputError naming the parameter."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InputError(f"{name} must be an integer, got {value!r}")
    value = int(value)
    if not lo <= value <= hi:
        raise InputError(f"{name} must be {lo}..{hi}, got {value}")
    return value


def as_limit(limit, name: str = "limit") -> int:
    """A solution limit: None means every solution (INT64_MAX), else an int >= 1."""
    return INT64_MAX if limit is None else as_int(limit, name, 1)


def as_max_nodes(max_nodes) -> int:
    """A node cap: 0 or None means none, else a positive int that fits int64."""
    return 0 if max_nodes is None else as_int(max_nodes, "max_nodes")


def as_seed(seed) -> int | None:
    """A random seed: None, or an int 0 .. 2**63-1."""
    return None if seed is None else as_int(seed, "seed")
