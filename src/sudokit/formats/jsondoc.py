"""The JSON puzzle description: size, box or regions, givens, candidates, constraints, cages, weights, meta."""

from __future__ import annotations

import json

import numpy as np

from ..errors import InputError
from ..geometry import MAX_N
from .cages import cell_name, read_cages
from .model import Entry, PuzzleFile
from .symbols import BLANKS, resolve_symbols


def read_json(text: str, symbols, n, source) -> PuzzleFile:
    """Puzzle descriptions in JSON: one object or a list of objects (see puzzle_to_json)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}:{exc.lineno}: bad JSON: {exc.msg}") from None
    docs = data if isinstance(data, list) else [data]
    if not docs or not all(isinstance(d, dict) for d in docs):
        raise InputError(f"{source}: expected a JSON object or a list of objects")
    entries = [_entry_from_json(doc, k + 1, source) for k, doc in enumerate(docs)]
    sides = {doc["size"] for doc in docs}
    if len(sides) != 1:
        raise InputError(f"{source}: puzzles of different sizes {sorted(sides)} in one file")
    side = sides.pop()
    return PuzzleFile(entries, side, "json", resolve_symbols(symbols, side), source)


def _entry_from_json(doc: dict, k: int, source: str) -> Entry:
    """One Entry (grid, candidates, regions, extras) from a puzzle object."""
    where = f"{source}: puzzle {k}"
    n = doc.get("size")
    if not _is_int(n) or not 1 <= n <= MAX_N:
        raise InputError(f"{where}: 'size' must be an integer 1..{MAX_N}")
    grid = _json_grid(doc.get("givens", [[0] * n] * n), n, f"{where}: givens")
    if grid.max(initial=0) > n or grid.min(initial=0) < 0:
        raise InputError(f"{where}: givens must be 0..{n}")
    entry = Entry(grid, k, extras=_json_extras(doc, n, where))
    if "candidates" in doc:
        entry.candidates = _json_candidates(doc["candidates"], n, where)
    if "regions" in doc:
        entry.regions = _json_grid(doc["regions"], n, f"{where}: regions", labels=True).reshape(n, n)
    return entry


def _json_candidates(cand, n: int, where: str) -> np.ndarray:
    """N rows of N lists of digits as a bool [N*N, N] mask."""
    if not (isinstance(cand, list) and len(cand) == n and all(isinstance(r, list) and len(r) == n for r in cand)):
        raise InputError(f"{where}: candidates must be {n} rows of {n} lists of digits")
    mask = np.zeros((n * n, n), bool)
    for cell, digits in enumerate(d for row in cand for d in row):
        if not isinstance(digits, list) or not digits or any(not _is_int(v) or not 1 <= v <= n
                                                              for v in digits):
            raise InputError(f"{where}: candidates of r{cell // n + 1}c{cell % n + 1} must be digits 1..{n}")
        mask[cell, [v - 1 for v in digits]] = True
    return mask


def _json_extras(doc: dict, n: int, where: str) -> dict:
    """The box, constraints, cages, weights and meta of a puzzle object."""
    extras: dict = {}
    if "box" in doc:
        box = doc["box"]
        if not (isinstance(box, list) and len(box) == 2 and all(_is_int(v) for v in box)):
            raise InputError(f"{where}: 'box' must be [rows, columns]")
        extras["box"] = tuple(box)
    constraints = doc.get("constraints", [])
    if not isinstance(constraints, list) or not all(isinstance(c, str) for c in constraints):
        raise InputError(f"{where}: 'constraints' must be a list of names")
    extras["constraints"] = tuple(constraints)
    cages = doc.get("cages", [])
    if not isinstance(cages, list) or not all(isinstance(c, dict) for c in cages):
        raise InputError(f"{where}: 'cages' must be a list of {{\"sum\": S, \"cells\": [\"r1c1\", ...]}}")
    text = "\n".join(f"{c.get('sum', '?')} {' '.join(map(str, c.get('cells', [])))}" for c in cages)
    extras["cages"] = read_cages(text, n, where) if cages else []
    if "weights" in doc:
        extras["weights"] = _json_grid(doc["weights"], n, f"{where}: weights", signed=True)
    if "meta" in doc:
        extras["meta"] = [str(m) for m in doc["meta"]]
    return extras


def _json_grid(value, n: int, where: str, labels: bool = False, signed: bool = False) -> np.ndarray:
    """N rows of N integers (or, for labels / N <= 9 givens, N strings of N characters) as a flat int array."""
    if isinstance(value, str):
        value = [value[r * n:(r + 1) * n] for r in range(n)] if len(value) == n * n else [value]
    if not isinstance(value, list) or len(value) != n:
        raise InputError(f"{where}: expected {n} rows")
    out = []
    for r, row in enumerate(value):
        if isinstance(row, str):
            row = list(row) if labels else [0 if ch in BLANKS else ch for ch in row]
        if not isinstance(row, list) or len(row) != n:
            raise InputError(f"{where}: row {r + 1} must hold {n} values")
        out.extend(row)
    if labels:
        _, inverse = np.unique(np.array([str(v) for v in out]), return_inverse=True)
        return inverse.astype(np.int32)
    if not all(_is_int(v) or isinstance(v, str) and v.isdigit() and v.isascii() for v in out):
        raise InputError(f"{where}: values must be integers")
    values = [int(v) for v in out]
    if any(abs(v) >= 1 << 62 for v in values):
        raise InputError(f"{where}: values must be integers below 2**62 in size")
    arr = np.array(values, np.int64)
    return arr if signed else arr.astype(np.int32)


def _is_int(value) -> bool:
    """True for a JSON integer (a Python int that is not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def puzzle_to_json(entry: Entry, n: int) -> dict:
    """The JSON description of one puzzle (every field read_puzzles(fmt='json') understands)."""
    doc: dict = {"size": n}
    if "box" in entry.extras:
        doc["box"] = list(entry.extras["box"])
    if entry.regions is not None:
        doc["regions"] = np.asarray(entry.regions).reshape(n, n).tolist()
    doc["givens"] = np.asarray(entry.grid).reshape(n, n).tolist()
    if entry.candidates is not None:
        mask = np.asarray(entry.candidates).reshape(n * n, n)
        doc["candidates"] = [[(np.flatnonzero(mask[r * n + c]) + 1).tolist() for c in range(n)] for r in range(n)]
    if entry.extras.get("constraints"):
        doc["constraints"] = list(entry.extras["constraints"])
    if entry.extras.get("cages"):
        doc["cages"] = [{"sum": s, "cells": [cell_name(c, n) for c in cells]} for s, cells in entry.extras["cages"]]
    if entry.extras.get("weights") is not None:
        doc["weights"] = np.asarray(entry.extras["weights"]).reshape(n, n).tolist()
    if entry.extras.get("meta"):
        doc["meta"] = list(entry.extras["meta"])
    return doc


def dump_json(doc: dict) -> str:
    """A puzzle object as JSON with one grid row (or cage) per line."""
    fields = []
    for key, value in doc.items():
        if isinstance(value, list) and value and isinstance(value[0], (list, dict)):
            rows = ",\n".join("  " + json.dumps(v, separators=(", ", ": ")) for v in value)
            fields.append(f' "{key}": [\n{rows}\n ]')
        else:
            fields.append(f' "{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(fields) + "\n}"
