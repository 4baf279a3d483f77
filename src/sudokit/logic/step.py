"""A Step: one deduction a person can make, the unit every technique finder yields.

Cells are 0-based indices (row * N + col) inside the library; `to_json` writes them the way people read them,
1-based `r<row>c<col>`. A step removes candidates (eliminations) and/or fills cells (placements); the pattern
(cells, digits, the highlighted candidates and the chain links between them) is what a picture of the hint shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def cell_name(cell: int, n: int) -> str:
    """A 0-based cell as people write it: r<row>c<col>, 1-based."""
    return cell_names(n)[cell]


def cell_names(n: int) -> tuple[str, ...]:
    """Every cell's name of an N x N grid, by cell."""
    names = _NAMES.get(n)
    if names is None:
        names = _NAMES[n] = tuple(f"r{c // n + 1}c{c % n + 1}" for c in range(n * n))
    return names


# every cell's name per N, built on first use: step explanations name cells ~10^5 times a second while rating, and
# the table read is 2x faster than formatting (a cache of constant strings, not state: the same N gives the same
# table)
_NAMES: dict[int, tuple[str, ...]] = {}


@dataclass(frozen=True)
class Link:
    """A link of a chain drawn between two candidates: strong (one of them is true) or weak (not both)."""

    cell1: int
    digit1: int
    cell2: int
    digit2: int
    strong: bool


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, its pattern, what it removes or places, and its price on both scales."""

    technique: str
    slug: str
    digits: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    placements: tuple[tuple[int, int], ...] = ()
    explanation: str = ""
    se: float = 0.0
    score: int = 0
    pattern: tuple[tuple[int, int], ...] = ()  # candidates (cell, digit) that make the pattern, for pictures
    links: tuple[Link, ...] = field(default=(), compare=False)

    def to_json(self, n: int) -> dict:
        """The step as the CLI's --json prints it (cells 1-based r<row>c<col>)."""
        return {"technique": self.technique, "slug": self.slug, "digits": list(self.digits),
                "cells": [cell_name(c, n) for c in self.cells],
                "eliminations": [[cell_name(c, n), d] for c, d in self.eliminations],
                "placements": [[cell_name(c, n), d] for c, d in self.placements],
                "explanation": self.explanation, "se": self.se, "score": self.score}
