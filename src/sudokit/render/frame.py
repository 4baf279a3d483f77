"""Where things go on a picture: one cell is S user units, every coordinate is computed here.

A Frame knows the side N, the candidate slot layout (rows x columns of small digits in a cell) and the grid's
top-left corner; the pixel size of a picture is chosen here too, so N from 4 to 64 stays legible.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

S = 60  # one cell, in user units
MARGIN = 12  # around the grid, in user units
TITLE = 40  # height of the title band (font TITLE * 0.65)
CAPTION = 28  # height of one caption line (font CAPTION * 0.7)
MAX_PIXELS = 4000  # the natural width of a picture stays below this
DIGIT = 0.6 * S  # font size of a cell's digit
BASELINE = 0.36  # a digit's baseline sits this many font sizes below the centre it is drawn at

COLOURS = {
    "paper": "#ffffff", "given": "#111111", "solved": "#1c57c9", "candidate": "#5a5a5a", "thin": "#9a9a9a",
    "thick": "#111111", "diagonal": "#b9c6d6", "window": "#e2e2e2", "cage": "#3c3c3c", "caption": "#333333",
    "highlight": "#fff0a8", "pattern": "#a9cdfb", "place": "#8fdc8f", "elim": "#ffb3b3", "strike": "#c62828",
    "link": "#e8590c", "flip": "#ffc98b", "one": "#dde6f3", "heat_low": "#fff8e7", "heat_high": "#f08c00", "weight": "#7a5a2a",
}


def num(v: float) -> str:
    """A coordinate as short SVG text: integers bare, else two decimals at most."""
    return "%g" % round(v, 2)


def slot_shape(n: int, box: tuple[int, int] | None) -> tuple[int, int]:
    """Rows x columns of candidate slots in a cell: the box shape when it is not too thin, else near-square."""
    if box is not None and box[0] * box[1] == n and box[0] <= box[1] <= 2 * box[0]:
        return box
    cols = math.ceil(math.sqrt(n))
    return math.ceil(n / cols), cols


def cell_pixels(n: int, slots: tuple[int, int], candidates: bool, cages: bool = False) -> float:
    """Natural size of one cell in pixels: 40 for 9x9 to 16x16, larger below, smaller above; more room for the
    16-pixel slots of pencilmarks and for cage sums."""
    want = max(40, 64 - 3 * n) if n <= 16 else max(30, 40 - (n - 16) // 2)
    if candidates:
        want = max(want, 16 * max(slots) / (0.64 if cages else 1))  # cages leave the slots 0.64 of a cell
    if cages:
        want = max(want, 52)
    return min(want, MAX_PIXELS / n)


@dataclass(frozen=True)
class Frame:
    """The grid's place on the picture and the slot layout of its candidates."""

    n: int
    slots: tuple[int, int]
    top: float = MARGIN
    left: float = MARGIN
    cages: bool = False  # digits smaller and lower, clear of the cage sums in the corners

    @property
    def side(self) -> float:
        """Width of the grid in user units."""
        return self.n * S

    @property
    def slot_area(self) -> tuple[float, float, float, float]:
        """The part of a cell the candidate slots share (left, top, width, height): with cages, inside the dashed
        outline and below the sum."""
        return (0.12 * S, 0.24 * S, 0.76 * S, 0.64 * S) if self.cages else (0.0, 0.0, S, S)

    @property
    def slot_size(self) -> tuple[float, float]:
        """Width and height of one candidate slot."""
        _, _, w, h = self.slot_area
        return w / self.slots[1], h / self.slots[0]

    def corner(self, cell: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        r, c = divmod(cell, self.n)
        return self.left + c * S, self.top + r * S

    def point(self, row: float, col: float) -> tuple[float, float]:
        """A point given in cell units from the grid's corner (row down, col across)."""
        return self.left + col * S, self.top + row * S

    def slot_centre(self, cell: int, digit: int) -> tuple[float, float]:
        """Centre of digit's candidate slot in a cell."""
        x, y = self.corner(cell)
        left, top, _, _ = self.slot_area
        w, h = self.slot_size
        i, j = divmod(digit - 1, self.slots[1])
        return x + left + (j + 0.5) * w, y + top + (i + 0.5) * h

    @property
    def digit_font(self) -> float:
        """Font size of a cell's digit."""
        return 0.84 * DIGIT if self.cages else DIGIT

    @property
    def candidate_font(self) -> float:
        """Font size of a pencilmark: most of its slot's shorter side."""
        return 0.8 * min(self.slot_size)


@lru_cache(maxsize=256)
def digit_spots(frame: Frame) -> tuple[tuple[str, str], ...]:
    """Where each cell's digit is written (x centre, baseline y) as SVG number strings (cached)."""
    drop = BASELINE * frame.digit_font + S / 2 + (0.06 * S if frame.cages else 0)
    return tuple((num(x + S / 2), num(y + drop)) for x, y in map(frame.corner, range(frame.n * frame.n)))


@lru_cache(maxsize=256)
def slot_spots(frame: Frame) -> tuple[tuple[str, str], ...]:
    """Where each candidate is written (x centre, baseline y), flat index cell * N + digit - 1 (cached)."""
    n, drop = frame.n, BASELINE * frame.candidate_font
    return tuple((num(x), num(y + drop)) for cell in range(n * n)
                 for x, y in (frame.slot_centre(cell, d) for d in range(1, n + 1)))
