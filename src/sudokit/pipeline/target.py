"""TargetRun: one `target` run over a text: the best weighted completion of each puzzle, proved, in input order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import InputError
from ..formats import format_entry, read_puzzles
from ..sudoku.variants import VariantFlags
from .options import Tally, parse_box


@dataclass(frozen=True)
class TargetOptions:
    """weights: N*N integers, or weights_file: a file of N lines of N (neither: the rings rule); minimize: the
    lowest score; max_nodes: 0 = no cap; show / explain: also an optimal grid / each ring's score; box and
    variant as for solve."""

    weights: np.ndarray | None = None
    weights_file: str | None = None
    minimize: bool = False
    max_nodes: int = 0
    show: bool = False
    explain: bool = False
    box: str | tuple[int, int] | None = None
    variant: VariantFlags = VariantFlags()


class TargetRun:
    """Read a text and write each puzzle's proved best score (-1: no completion, 'node limit': stopped), as it
    comes; an interrupt ends the run early with ``tally.interrupted`` set (the scores so far are written)."""

    def __init__(self, options: TargetOptions, write: Callable[[str], None], warn: Callable[[str], None]):
        self.options, self.write, self.warn = options, write, warn
        self.tally = Tally()

    def run(self, text: str, source: str = "<input>") -> Tally:
        """Answer every puzzle of text; the tally."""
        pf = read_puzzles(text, source=source)
        plan = self.options.variant.plan(pf.n, parse_box(self.options.box, pf.n))
        weights = self._weights(pf.n)
        done = 0
        try:
            for done, entry in enumerate(pf.entries):
                self._entry(entry, pf, plan, weights)
        except KeyboardInterrupt as exc:
            self.warn(f"interrupted: {done} of {len(pf.entries)} puzzles answered")
            self.tally.interrupted = exc
        return self.tally

    def _weights(self, n: int):
        """The weights of every puzzle: given, read from the weights file (its errors name it), or None."""
        from ..formats.reader import read_file
        from ..sudoku.target import parse_weights

        if self.options.weights_file is None:
            return self.options.weights
        text, name = read_file(self.options.weights_file)
        return parse_weights(text, n, name)

    def _entry(self, entry, pf, plan, default_weights) -> None:
        """Write one puzzle's answer (and the grid, the rings); an unreadable puzzle ends the run (InputError)."""
        from ..sudoku import target as tg

        opts, where = self.options, f"{pf.source}:{entry.line}"
        if entry.error:
            raise InputError(f"{where}: {entry.error}")
        weights = entry.extras.get("weights", default_weights)
        try:
            res = tg.best(entry.grid, plan.geometry_only(entry), weights=weights, minimize=opts.minimize,
                          max_nodes=opts.max_nodes)
        except InputError as exc:
            raise InputError(f"{where}: {exc}") from None
        if not res.complete:
            found = f"; best found so far {res.score}" if res.score is not None else ""
            self.warn(f"{where}: node limit {opts.max_nodes} reached{found}")
            self.write("node limit\n")
            self.tally.note("node limit")
            return
        self.write(f"{res.answer}\n")
        self.tally.note("solved" if res.score is not None else "no solution")
        if opts.show and res.grid is not None:
            self.write(format_entry(res.grid, pf) + "\n")
        if opts.explain and res.grid is not None:
            shown = weights if weights is not None else tg.ring_weights(pf.n)
            self.write(explain_rings(res.grid, shown, pf.n) + "\n")


def explain_rings(grid, weights, n: int) -> str:
    """One line per ring: its score, and its weight when every cell of the ring has the same one."""
    from ..sudoku.target import ring_scores, rings

    ring = rings(n)
    lines = []
    for k, score in ring_scores(grid, weights, n):
        w = np.unique(np.asarray(weights).ravel()[ring == k])
        lines.append(f"ring {k}: {score}" + (f" (weight {w[0]})" if len(w) == 1 else ""))
    return "\n".join(lines)
