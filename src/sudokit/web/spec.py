"""What a request may say, checked in the server process before any work is queued (plain Python, no numpy).

Every endpoint takes a JSON object. ``puzzle_fields`` checks the fields that describe a puzzle (``puzzle``,
``format``, ``symbols``, ``box``, ``variants``, ``regions``, ``cages``, ``candidates``, ``grid``); each endpoint
adds its own. Types and sizes are checked here; what the values mean (a clash, a cage that cannot sum) is the
library's to say, in the worker. Anything wrong is a BadRequest: HTTP 400 with a one-line message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_N = 64  # the library's largest side
VARIANTS = ("x", "windoku", "anti-knight", "anti-king", "non-consecutive")
FORMATS = ("line", "grid", "ints", "sdm", "sdk", "ss", "text", "pencilmark", "json", "hdu4069")
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal", "full")
PUZZLE_FIELDS = ("puzzle", "format", "symbols", "box", "variants", "regions", "cages", "candidates", "grid")


class BadRequest(Exception):
    """A request the server will not run: HTTP `status` (400 unless said) with a one-line message."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Limits:
    """How much one request may take: a body's bytes, a search's nodes and seconds, a count's solutions."""

    body_bytes: int = 256 * 1024
    max_nodes: int = 20_000_000
    seconds: float = 10.0  # the work's own time limit (paths, ratings, generation stop there with what they have)
    grace: float = 5.0  # past seconds + grace the worker running a request is killed and replaced
    max_count: int = 100_000
    queue: int = 1000  # requests waiting for a worker before the server answers 503
    queue_seconds: float = 60.0  # how long a request may wait for a worker


def only(body: dict, allowed: tuple[str, ...]) -> None:
    """Refuse fields the endpoint does not know (a typo should not be silently ignored)."""
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} (this endpoint takes: {', '.join(allowed)})")


def integer(value, name: str, lo: int, hi: int) -> int:
    """An int in lo..hi (bools and floats refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{name} must be an integer, got {type_name(value)}")
    if not lo <= value <= hi:
        raise BadRequest(f"{name} must be {lo}..{hi}, got {value}")
    return value


def number(value, name: str, lo: float, hi: float) -> float:
    """A number in lo..hi."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise BadRequest(f"{name} must be a number, got {type_name(value)}")
    if not lo <= value <= hi:
        raise BadRequest(f"{name} must be {lo}..{hi}, got {value}")
    return float(value)


def text(value, name: str, limit: int) -> str:
    """A string of at most limit characters."""
    if not isinstance(value, str):
        raise BadRequest(f"{name} must be a string, got {type_name(value)}")
    if len(value) > limit:
        raise BadRequest(f"{name} is longer than {limit} characters")
    return value


def choice(value, name: str, options: tuple[str, ...]) -> str:
    """One of the named options."""
    if value not in options:
        raise BadRequest(f"{name} {value!r}: one of {', '.join(options)}")
    return value


def flag(value, name: str) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise BadRequest(f"{name} must be true or false, got {type_name(value)}")
    return value


def type_name(value) -> str:
    """The JSON name of a value's type, for messages."""
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)


def int_list(value, name: str, lo: int, hi: int, limit: int = MAX_N ** 4) -> list[int]:
    """A flat list of ints in lo..hi, or a list of rows of them (flattened)."""
    if not isinstance(value, list):
        raise BadRequest(f"{name} must be a list of integers, got {type_name(value)}")
    flat = [v for row in value for v in row] if value and all(isinstance(r, list) for r in value) else value
    if len(flat) > limit:
        raise BadRequest(f"{name} has more than {limit} values")
    for v in flat:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise BadRequest(f"{name} must hold integers {lo}..{hi}, found {v!r}")
    return flat


def square(values: list, name: str) -> int:
    """The side N of N*N values."""
    n = int(len(values) ** 0.5 + 0.5)
    if n * n != len(values) or not 1 <= n <= MAX_N:
        raise BadRequest(f"{name} must hold N*N values for N = 1..{MAX_N}, got {len(values)}")
    return n


def box_shape(value) -> list[int] | None:
    """A box shape from 'RxC' or [r, c]."""
    if value is None:
        return None
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d{1,2})\s*[xX*]\s*(\d{1,2})\s*", value)
        if not m:
            raise BadRequest(f"box {value!r}: expected RxC, e.g. 3x3 or 2x3")
        value = [int(m.group(1)), int(m.group(2))]
    if not isinstance(value, list) or len(value) != 2:
        raise BadRequest("box must be 'RxC' or [rows, columns]")
    r, c = (integer(v, "box", 1, MAX_N) for v in value)
    if r * c > MAX_N:
        raise BadRequest(f"a {r}x{c} box makes a {r * c}x{r * c} grid; the largest is {MAX_N}x{MAX_N}")
    return [r, c]


def variant_names(value) -> list[str]:
    """Variant names from a list or a comma-separated string; unknown names refused."""
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadRequest("variants must be a list of names, e.g. [\"x\", \"anti-knight\"]")
    for v in value:
        if v not in VARIANTS:
            raise BadRequest(f"unknown variant {v[:40]!r} (known: {', '.join(VARIANTS)}; jigsaw: regions, "
                             "killer: cages)")
    return sorted(set(value))


def cage_list(value, limit: int) -> list | str:
    """Cages as cage-file text, or [{"sum": 15, "cells": ["r1c1", ...] or 0-based indices}, ...]."""
    if isinstance(value, str):
        return text(value, "cages", limit)
    if not isinstance(value, list):
        raise BadRequest("cages must be cage-file text or a list of {\"sum\", \"cells\"}")
    out = []
    for cage in value:
        if not isinstance(cage, dict) or set(cage) != {"sum", "cells"}:
            raise BadRequest("each cage is {\"sum\": 15, \"cells\": [\"r1c1\", \"r1c2\"]}")
        total = integer(cage["sum"], "cage sum", 1, MAX_N * MAX_N * MAX_N)
        cells = cage["cells"]
        if not isinstance(cells, list) or not cells or len(cells) > MAX_N * MAX_N:
            raise BadRequest("a cage's cells are a non-empty list")
        for c in cells:
            if isinstance(c, bool) or not isinstance(c, (str, int)) or (isinstance(c, str) and len(c) > 12):
                raise BadRequest("a cage cell is 'r<row>c<col>' or a 0-based index")
        out.append({"sum": total, "cells": list(cells)})
    return out


def puzzle_fields(body: dict, limits: Limits, required: bool = True) -> dict:
    """The puzzle a request describes, its types checked: a plain dict for the worker."""
    if "puzzle" not in body:
        if required:
            raise BadRequest("missing field 'puzzle': the puzzle as text in any format, or N*N digits")
        return {}
    raw = body["puzzle"]
    out: dict = {}
    if isinstance(raw, str):
        out["puzzle"] = text(raw, "puzzle", limits.body_bytes)
        if not raw.strip():
            raise BadRequest("the puzzle is empty")
    else:
        out["puzzle"] = int_list(raw, "puzzle", 0, MAX_N)
        square(out["puzzle"], "puzzle")
    if body.get("format") is not None:
        out["format"] = choice(body["format"], "format", FORMATS)
    if body.get("symbols") is not None:
        out["symbols"] = text(body["symbols"], "symbols", 64)
    out["box"] = box_shape(body.get("box"))
    out["variants"] = variant_names(body.get("variants") or [])
    if body.get("regions") is not None:
        regions = body["regions"]
        out["regions"] = text(regions, "regions", limits.body_bytes) if isinstance(regions, str) else int_list(
            regions, "regions", -(1 << 31), (1 << 31) - 1)
    if body.get("cages"):
        out["cages"] = cage_list(body["cages"], limits.body_bytes)
    if body.get("candidates") is not None:
        out["candidates"] = int_list(body["candidates"], "candidates", 0, (1 << MAX_N) - 1)
    if body.get("grid") is not None:
        out["grid"] = int_list(body["grid"], "grid", 0, MAX_N)
        square(out["grid"], "grid")
    return out


def rating_range(value) -> list[float] | None:
    """An SE range from '7.0-8.0', [7.0, 8.0] or one number (that rating exactly)."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?", value)
        if not m:
            raise BadRequest(f"rating {value[:40]!r}: expected MIN-MAX, e.g. 7.0-8.0")
        lo, hi = float(m.group(1)), float(m.group(2) or m.group(1))
    elif isinstance(value, list) and len(value) == 2:
        lo, hi = (number(v, "rating", 0, 20) for v in value)
    else:
        lo = hi = number(value, "rating", 0, 20)
    if not 0 <= lo <= hi <= 20:
        raise BadRequest(f"rating {lo}-{hi}: a range MIN-MAX within 0..20, MIN first")
    return [lo, hi]
