"""What a user asks the generator for, checked up front: impossible requests are one clear InputError here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError
from .symmetry import SYMMETRIES, reachable

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
MIN_N, MAX_N = 4, 25
ER_MIN, ER_MAX = 1.0, 11.9  # no puzzle is known to rate above 11.9 on SE's scale
# the fewest givens a plain puzzle of these box shapes can have (known results); other shapes: N - 1
MIN_GIVENS = {(2, 2): 4, (2, 3): 8, (3, 2): 8, (3, 3): 17}
# rules a relabelling of the digits keeps: with them two digits absent from the givens could swap (N - 1 bound)
RELABEL_FREE = ("non-consecutive",)


@dataclass(frozen=True)
class Request:
    """One generation run: the kind of puzzle, its targets, the budget, the seed (see `sudokit generate --help`)."""

    n: int = 9
    box: tuple[int, int] | None = None
    constraints: tuple[str, ...] = ()
    jigsaw: bool = False
    killer: bool = False
    symmetry: str = "none"
    minimal: bool = False
    rating: tuple[float, float] | None = None
    level: str | None = None
    givens: int | None = None
    guesses: tuple[int, int] | None = None
    max_seconds: float = 60.0
    seed: int = 0

    @property
    def targeted(self) -> bool:
        """True when a difficulty or givens target steers the search."""
        return any(t is not None for t in (self.rating, self.level, self.givens, self.guesses))

    @property
    def fast_path(self) -> bool:
        """True for requests the batch kernel answers whole: plain 9x9, no target."""
        return (self.n == 9 and self.box in (None, (3, 3)) and not (self.constraints or self.jigsaw or self.killer)
                and not self.targeted)

    def shape(self) -> tuple[int, int]:
        """The box shape (rows, columns)."""
        from ..geometry import default_box

        return self.box or default_box(self.n)


def parse_range(text: str, name: str, cast=float) -> tuple:
    """'7.0-8.0' or '7.5' as (low, high)."""
    m = re.fullmatch(r"\s*([0-9.]+)\s*(?:-\s*([0-9.]+)\s*)?", str(text))
    try:
        lo = cast(m.group(1))
        hi = cast(m.group(2)) if m.group(2) else lo
    except (AttributeError, ValueError):
        raise InputError(f"--{name} {text!r}: expected LOW-HIGH or one value, e.g. 7.0-8.0") from None
    if lo > hi:
        raise InputError(f"--{name} {text!r}: the low end is above the high end")
    return lo, hi


def check(req: Request) -> Request:
    """The request, or an InputError saying what makes it impossible."""
    if not MIN_N <= req.n <= MAX_N:
        raise InputError(f"--size {req.n}: the generator makes {MIN_N}x{MIN_N} to {MAX_N}x{MAX_N} grids")
    if req.box is not None and req.box[0] * req.box[1] != req.n:
        r, c = req.box
        raise InputError(f"--box {r}x{c} makes a {r * c}x{r * c} grid, not {req.n}x{req.n}")
    if req.symmetry not in SYMMETRIES:
        raise InputError(f"--symmetry {req.symmetry!r}: one of {', '.join(SYMMETRIES)}")
    if req.level is not None and req.level not in LEVELS:
        raise InputError(f"--level {req.level!r}: one of {', '.join(LEVELS)}")
    if req.max_seconds <= 0:
        raise InputError("--max-seconds must be above 0")
    _check_difficulty(req)
    _check_givens(req)
    return req


def _check_difficulty(req: Request) -> None:
    """Ratings exist for what the human-style grader reads, within the range puzzles are known to reach."""
    rated = req.rating is not None or req.level is not None
    if rated and (req.killer or "non-consecutive" in req.constraints):
        raise InputError("--rating and --level rate with human-style techniques: not for Killer or "
                         "non-consecutive puzzles")
    if req.rating is not None:
        lo, hi = req.rating
        if hi < ER_MIN or lo > ER_MAX:
            raise InputError(f"--rating {lo}-{hi}: Sudoku Explainer ratings run from {ER_MIN} to {ER_MAX} "
                             f"(the hardest known puzzles)")
    if req.guesses is not None and req.guesses[0] < 0:
        raise InputError("--guesses counts guesses: 0 or more")
    if req.killer and req.guesses is not None:
        raise InputError("--guesses measures the fast engine, which does not take Killer cages")


def _check_givens(req: Request) -> None:
    """--givens within what a puzzle of this kind can have."""
    k = req.givens
    if k is None:
        return
    cells = req.n * req.n
    if k > cells:
        raise InputError(f"--givens {k}: a {req.n}x{req.n} grid has {cells} cells")
    if not reachable(req.n, req.symmetry, k):
        raise InputError(f"--givens {k}: no pattern symmetric under {req.symmetry} has {k} of the {cells} cells "
                         f"(its orbits have {_orbit_sizes(req.n, req.symmetry)} cells)")
    if req.killer:
        return
    plain = not (req.constraints or req.jigsaw)
    low = MIN_GIVENS.get(req.shape(), req.n - 1) if plain else req.n - 1
    if any(c in RELABEL_FREE for c in req.constraints):
        low = 0
    if k < low:
        why = "the known minimum" if plain and req.shape() in MIN_GIVENS else "two digits missing from the givens " \
              "could swap"
        raise InputError(f"--givens {k}: no {req.n}x{req.n} puzzle of this kind with fewer than {low} givens has "
                         f"one solution ({why})")


def _orbit_sizes(n: int, symmetry: str) -> str:
    """The sizes of a symmetry's orbits, in words ('1, 4 and 8')."""
    import numpy as np

    from .symmetry import orbits

    sizes = sorted(set(np.diff(orbits(n, symmetry)[0]).tolist()))
    return ", ".join(map(str, sizes[:-1])) + (" and " if len(sizes) > 1 else "") + str(sizes[-1])
