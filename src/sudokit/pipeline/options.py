"""What a solve run is asked (Options), what it found (Tally), and how one answer reads on stdout."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..checks import INT64_MAX, as_int
from ..errors import InputError
from ..sudoku.variants import VariantFlags

MODES = ("solve", "count", "all")
ENGINES = ("fast", "dlx", "reference")
# the status of a puzzle -> the exit code it stands for (the worst of a run wins)
CODES = {"solved": 0, "no solution": 1, "multiple solutions": 1, "invalid": 2, "node limit": 3, "limit": 3}
EVERY = 1 << 62  # "no cap" for counts and --all


@dataclass(frozen=True)
class Options:
    """The options of a solve run: what to find (mode, limit), how (engine, max_nodes, jobs), how to read.

    mode: "solve" (a solution), "count" (the number of solutions up to limit) or "all" (every solution up to
    limit); unique: a second solution makes the puzzle 'multiple solutions' (exit 1); limit: None or 0 = no cap;
    max_nodes: 0 = no cap, per puzzle;
    jobs: processes for the batch path (0: all cores from 5000 puzzles on), and, from 2 on, for the parts of a
    split search (a puzzle not answered within 200,000 nodes); scheduler: a Dask scheduler address ('local': a
    LocalCluster) to run them on instead; checkpoint: a journal file of finished blocks and parts (resumed when
    it exists); estimate: print Knuth's estimate of each puzzle's exact-cover search (probes random probes)
    instead of solving;
    json: one JSON object per puzzle; fmt, symbols, box: how to read (None: detect / the default box);
    variant: the variant flags (VariantFlags).
    """

    mode: str = "solve"
    unique: bool = False
    limit: int | None = None
    engine: str = "fast"
    max_nodes: int = 0
    jobs: int = 0
    json: bool = False
    fmt: str | None = None
    symbols: str | None = None
    box: str | tuple[int, int] | None = None
    variant: VariantFlags = field(default_factory=VariantFlags)
    scheduler: str | None = None
    checkpoint: str | None = None
    estimate: bool = False
    probes: int = 1000

    def __post_init__(self):
        if self.mode not in MODES:
            raise InputError(f"mode {self.mode!r}: one of {', '.join(MODES)}")
        if self.engine not in ENGINES:
            raise InputError(f"engine {self.engine!r}: one of {', '.join(ENGINES)}")
        if self.mode == "all" and (self.json or self.unique):
            raise InputError("--all prints every solution: it does not combine with --count, --unique or --json")
        as_int(self.max_nodes, "max_nodes")
        as_int(self.jobs, "jobs")
        as_int(self.limit or 0, "limit")
        as_int(self.probes, "probes", 2)

    @property
    def split(self) -> bool:
        """True when a long search may be split into parts (--jobs 2+, a scheduler or a checkpoint; no node cap)."""
        return not self.max_nodes and bool(self.jobs >= 2 or self.scheduler or self.checkpoint)

    @property
    def search_limit(self) -> int:
        """The limit handed to an engine: 1 to solve, 2 to prove uniqueness, the cap to count or list."""
        if self.mode == "solve":
            return 2 if self.unique else 1
        return self.limit or EVERY


@dataclass
class Tally:
    """What a run found: puzzles by status, the worst exit code, counters, and the interrupt that ended it."""

    code: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    nodes: int = 0
    guesses: int = 0
    interrupted: KeyboardInterrupt | None = None

    def note(self, status: str, times: int = 1) -> None:
        """Count an outcome (times of it); keep the highest exit code."""
        self.statuses[status] = self.statuses.get(status, 0) + times
        self.code = max(self.code, CODES[status])

    @property
    def puzzles(self) -> int:
        """Puzzles answered."""
        return sum(self.statuses.values())

    def summary(self, seconds: float, engine: str) -> str:
        """The --stats line: puzzles by status, rate, guesses per puzzle, nodes."""
        tally = ", ".join(f"{v} {k}" for k, v in sorted(self.statuses.items()))
        rate = self.puzzles / seconds if seconds > 0 else 0.0
        return (f"{self.puzzles} puzzles ({tally}); {seconds:.3f} s, {rate:,.0f} puzzles/s, "
                f"{self.guesses / max(1, self.puzzles):.2f} guesses/puzzle, {self.nodes} nodes, engine {engine}")


def outcome(count: int, complete: bool, unique: bool) -> str:
    """The status word of one search result."""
    if not complete:
        return "node limit"
    if count == 0:
        return "no solution"
    if unique and count > 1:
        return "multiple solutions"
    return "solved"


def answer_text(status: str, count: int, solution_text: str, options: Options) -> str:
    """What stands in a puzzle's place on stdout: the solution, the count, or the status word."""
    if options.mode == "count":
        return status if status == "node limit" else str(count)  # a partial count is never printed as final
    return solution_text if status == "solved" else status


def record(line: int, puzzle: str, status: str, count: int, solution: str | None, guesses: int, nodes: int) -> str:
    """One puzzle's --json object."""
    return json.dumps({"line": line, "puzzle": puzzle, "status": status, "count": count, "solution": solution,
                       "guesses": guesses, "nodes": nodes})


def parse_box(box, n: int):
    """The Geometry for side N: the box shape if given ("RxC" or (r, c), checked against N), else the default."""
    from ..geometry import box_geometry, standard_geometry

    if box is None:
        return standard_geometry(n)
    label = f"--box {box}" if isinstance(box, str) else f"box {box!r}"
    try:
        r, c = (int(v) for v in (box.lower().split("x") if isinstance(box, str) else box))
    except (TypeError, ValueError):
        raise InputError(f"{label}: expected RxC, e.g. 3x3 or 2x3") from None
    if r * c != n:
        raise InputError(f"{label}: {r}x{c} boxes make a {r * c}x{r * c} grid, but the puzzles are {n}x{n}")
    return box_geometry(r, c)
