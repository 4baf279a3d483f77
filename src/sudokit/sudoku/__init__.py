"""Sudoku of any size: grids, the reference solver, the exact-cover and fast engines, target and binary Sudoku.

Every engine has one signature: ``solve(puzzle, geometry, limit=1, max_nodes=0) -> SolveResult``.
"""

from __future__ import annotations

from importlib import import_module

from .grid import SolveResult, check_givens, is_solution

ENGINES = {"fast": "fast", "dlx": "exact", "reference": "reference"}


def engine(name: str):
    """The solve function of an engine by name ('fast', 'dlx', 'reference'), imported on first use."""
    if name not in ENGINES:
        raise ValueError(f"unknown engine {name!r} (known: {', '.join(ENGINES)})")
    return import_module(f".{ENGINES[name]}", __name__).solve


__all__ = ["ENGINES", "engine", "SolveResult", "check_givens", "is_solution"]
