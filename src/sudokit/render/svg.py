"""A Sudoku as SVG, written directly: digits, pencilmarks, boxes or regions, every variant, a hint, a heat map.

``svg(grid, geometry, ...)`` checks its input once into a Scene, then stacks layers on a white sheet, each a short
function of (scene, frame) returning SVG text: shading, lines, variant marks, pencilmarks, digits, hint marks, caption.
Styles sit on <g> groups (class names say what a group is, for tests and CSS); the renderers in raster.py
(PNG) and pdfdoc.py (PDF) read this same text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from xml.sax.saxutils import escape, unescape

import numpy as np

from ..errors import InputError
from ..geometry import MAX_N, Geometry, box_geometry, default_box, standard_geometry
from . import hint
from .frame import (CAPTION, COLOURS, MARGIN, TITLE, S, Frame, cell_pixels, digit_spots, num, slot_shape,
                    slot_spots)
from .outline import borders, cage_sides

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
NOTES = {"anti-knight": "anti-knight: cells a knight's move apart differ",
         "anti-king": "anti-king: cells a king's move apart differ",
         "non-consecutive": "non-consecutive: orthogonal neighbours never hold consecutive digits"}
CAPTION_FONT = 0.7 * CAPTION


@dataclass(frozen=True, eq=False)
class Scene:
    """What one picture shows, checked once: every layer reads it, none re-validates."""

    geometry: Geometry
    grid: np.ndarray  # N*N digits, 0 = empty
    given: np.ndarray  # bool N*N: drawn as a given, else in the solved colour
    labels: tuple[str, ...]  # the text of digit d is labels[d - 1] (escaped)
    candidates: np.ndarray | None = None  # bool [N*N, N], drawn in the empty cells
    constraints: tuple[str, ...] = ()
    cages: tuple = ()
    step: object = None  # a sudokit.logic.step.Step
    weights: np.ndarray | None = None
    flips: tuple[tuple[int, int], ...] | None = None
    title: str | None = None

    @property
    def n(self) -> int:
        """The side N."""
        return self.geometry.n


def svg(grid, geometry: Geometry | None = None, *, givens=None, candidates=None, variant=None, step=None,
        weights=None, flips=None, title: str | None = None, size: int | None = None, symbols: str | None = None
        ) -> str:
    """An SVG picture of a grid (N*N digits, 0 = empty); see scene() for the options. size: width in pixels."""
    return to_svg(scene(grid, geometry, givens=givens, candidates=candidates, variant=variant, step=step,
                        weights=weights, flips=flips, title=title, symbols=symbols), size)


def to_svg(sc: "Scene", size: int | None = None) -> str:
    """The SVG document of a scene, `size` pixels wide (default: its natural width)."""
    body, width, height, natural = draw(sc)
    return document(body, width, height, size or natural)


def document(body: str, width: float, height: float, pixels: float) -> str:
    """The <svg> element around a body of width x height user units, `pixels` wide."""
    tall = pixels * height / width
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{round(pixels)}" height="{round(tall)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" font-family="{FONT}">{body}</svg>\n')


def scene(grid, geometry: Geometry | None = None, *, givens=None, candidates=None, variant=None, step=None,
          weights=None, flips=None, title=None, symbols=None) -> Scene:
    """Check and normalise the input of one picture.

    grid: N*N digits (0 = empty); givens: the puzzle, so digits of grid it lacks are drawn as solved (default:
    every digit is a given); candidates: bool [N*N, N] pencilmarks of the empty cells; variant: a Variant
    (diagonals, windows, regions, cages, caption notes); step: a logic Step (drawn with the basic candidates
    if none are given); weights: N*N target weights (heat map, score); flips: (row, col) cells of a binary
    Sudoku, grid then holds 0/1 and every cell is drawn; symbols: the N symbols (default 1-9 A-Z a-z).
    """
    if flips is not None:
        return _binary_scene(grid, geometry, flips, title)
    geometry = geometry or (variant.geometry if variant is not None else _geometry_for(np.asarray(grid).size))
    n = geometry.n
    cells = _digits(grid, n, "grid")
    given = cells > 0 if givens is None else _digits(givens, n, "givens") > 0
    marks = _candidates(candidates, n) if candidates is not None else None
    if step is not None and marks is None:
        marks = basic_candidates(cells, geometry)
    return Scene(geometry, cells, given, _labels(symbols, n), marks, _constraints(variant, geometry),
                 tuple(variant.cages) if variant is not None else (), step,
                 None if weights is None else _weights(weights, n), None, title)


def _geometry_for(size: int) -> Geometry:
    """The standard geometry of a grid of `size` cells."""
    n = math.isqrt(size)
    if n * n != size or not 1 <= n <= MAX_N:
        raise InputError(f"a grid needs N*N cells (N = 1..{MAX_N}), got {size}")
    return standard_geometry(n)


def _digits(values, n: int, what: str) -> np.ndarray:
    """N*N digits 0..N as a flat int array."""
    arr = np.asarray(values)
    if arr.size != n * n or arr.dtype.kind not in "iub":
        raise InputError(f"{what} must be {n * n} integers for a {n}x{n} grid")
    arr = arr.ravel().astype(np.int64)
    if arr.min(initial=0) < 0 or arr.max(initial=0) > n:
        raise InputError(f"{what}: digits must be 0..{n}")
    return arr


def _candidates(mask, n: int) -> np.ndarray:
    """Pencilmarks as bool [N*N, N]."""
    arr = np.asarray(mask, bool)
    if arr.size != n * n * n:
        raise InputError(f"candidates must be {n * n} x {n} booleans")
    return arr.reshape(n * n, n)


def _weights(weights, n: int) -> np.ndarray:
    """Target weights as a flat int array."""
    arr = np.asarray(weights)
    if arr.size != n * n or arr.dtype.kind not in "iu":
        raise InputError(f"weights must be {n * n} integers")
    return arr.ravel().astype(np.int64)


def _labels(symbols: str | None, n: int) -> tuple[str, ...]:
    """The escaped text of each digit."""
    from ..formats import resolve_symbols

    return tuple(escape(ch) for ch in resolve_symbols(symbols, n))


def _constraints(variant, geometry: Geometry) -> tuple[str, ...]:
    """The variant's constraint names; without a variant, those the geometry's name carries (3x3+x+windoku)."""
    from ..sudoku.variants import CONSTRAINTS

    if variant is not None:
        return tuple(variant.constraints)
    return tuple(c for c in geometry.name.split("+")[1:] if c in CONSTRAINTS)


def _binary_scene(grid, geometry, flips, title) -> Scene:
    """A binary Sudoku: 0/1 cells, the flipped ones shown with their new value in the solved colour."""
    arr = np.asarray(grid)
    geometry = geometry or box_geometry(*default_box(math.isqrt(arr.size)))
    n = geometry.n
    cells = _digits(arr, n, "grid")
    if cells.max(initial=0) > 1:
        raise InputError("a binary grid holds 0 and 1 only")
    flipped = np.zeros(n * n, bool)
    for r, c in flips:
        flipped[r * n + c] = True
    return Scene(geometry, (cells ^ flipped) + 1, ~flipped, ("0", "1"), flips=tuple(flips), title=title)


def basic_candidates(grid: np.ndarray, geometry: Geometry) -> np.ndarray:
    """The pencilmarks left in the empty cells once every digit is removed from its peers."""
    n = geometry.n
    mask = np.ones((n * n, n), bool)
    for cell in np.flatnonzero(grid).tolist():
        mask[geometry.peers(cell), grid[cell] - 1] = False
    mask[grid > 0] = False
    return mask


def draw(sc: Scene) -> tuple[str, float, float, float]:
    """The body of the picture, its width and height in user units, and its natural width in pixels."""
    n = sc.n
    slots = slot_shape(n, sc.geometry.box or default_box(n))
    frame = Frame(n, slots, MARGIN + (TITLE if sc.title else 0), MARGIN, bool(sc.cages))
    width = frame.side + 2 * MARGIN
    lines = caption(sc, width - 2 * MARGIN)
    height = frame.top + frame.side + MARGIN + (len(lines) * CAPTION + MARGIN / 2 if lines else 0)
    body = (rect(0, 0, width, height, f' fill="{COLOURS["paper"]}"') + "".join(layer(sc, frame) for layer in LAYERS)
            + _caption_text(lines, frame) + _title(sc, frame))
    pixels = cell_pixels(n, slots, sc.candidates is not None, bool(sc.cages)) * width / S
    return body, width, height, pixels


def group(cls: str, attrs: str, parts: list[str]) -> str:
    """A <g> of the parts with class and attributes, or nothing when there are no parts."""
    return f'<g class="{cls}" {attrs}>{"".join(parts)}</g>' if parts else ""


def rect(x: float, y: float, w: float, h: float, extra: str = "") -> str:
    """A <rect>."""
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{extra}/>'


def line(x1: float, y1: float, x2: float, y2: float) -> str:
    """A <line>."""
    return f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"/>'


def heat(sc: Scene, frame: Frame) -> str:
    """Target weights as cell colours from pale (lightest weight) to orange (heaviest), the weight in a corner."""
    if sc.weights is None:
        return ""
    w = sc.weights
    spread = (w - w.min()) / max(1, w.max() - w.min())
    fills, texts, font = [], [], 0.24 * S
    for cell, t in enumerate(spread.tolist()):
        x, y = frame.corner(cell)
        fills.append(rect(x, y, S, S, f' fill="{_mix(COLOURS["heat_low"], COLOURS["heat_high"], t)}"'))
        texts.append(f'<text x="{num(x + 3)}" y="{num(y + font)}">{w[cell]}</text>')
    return group("heat", 'stroke="none"', fills) + group(
        "weights", f'font-size="{num(font)}" fill="{COLOURS["weight"]}"', texts)


def _mix(a: str, b: str, t: float) -> str:
    """The colour a fraction t of the way from a to b (#rrggbb)."""
    ca, cb = (tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for h in (a, b))
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * t) for x, y in zip(ca, cb))


def windows(sc: Scene, frame: Frame) -> str:
    """Windoku windows shaded grey."""
    if "windoku" not in sc.constraints or sc.geometry.box is None:
        return ""
    from ..sudoku.variants import windows as window_units

    r, c = sc.geometry.box
    parts = [rect(*frame.corner(int(w.min())), c * S, r * S) for w in window_units(sc.geometry.box)]
    return group("windows", f'fill="{COLOURS["window"]}"', parts)


def flipped(sc: Scene, frame: Frame) -> str:
    """A binary Sudoku: the ones shaded pale (parities show at a glance), the flipped cells orange."""
    if sc.flips is None:
        return ""
    ones = [rect(*frame.corner(cell), S, S) for cell in np.flatnonzero(sc.grid == 2).tolist()]
    flips = [rect(*frame.corner(r * sc.n + c), S, S) for r, c in sc.flips]
    return group("ones", f'fill="{COLOURS["one"]}"', ones) + group("flips", f'fill="{COLOURS["flip"]}"', flips)


def thin_lines(sc: Scene, frame: Frame) -> str:
    """Every cell border, as one path."""
    d = "".join(f"M{num(frame.left)} {num(frame.top + k * S)}h{frame.side}"
                f"M{num(frame.left + k * S)} {num(frame.top)}v{frame.side}" for k in range(1, sc.n))
    return f'<path class="thin" d="{d}" stroke="{COLOURS["thin"]}" stroke-width="1.5" fill="none"/>'


def diagonals(sc: Scene, frame: Frame) -> str:
    """The two main diagonals of an X-Sudoku."""
    if "x" not in sc.constraints:
        return ""
    a, b = frame.point(0, 0), frame.point(sc.n, sc.n)
    parts = [line(a[0], a[1], b[0], b[1]), line(a[0], b[1], b[0], a[1])]
    return group("diagonals", f'stroke="{COLOURS["diagonal"]}" stroke-width="4"', parts)


def cages(sc: Scene, frame: Frame) -> str:
    """Killer cages: a dashed inset outline each, the sum in the corner of its top-left cell."""
    if not sc.cages:
        return ""
    paths, sums, font = [], [], 0.26 * S
    for total, cells in sc.cages:
        d = "".join(f"M{num(a[0])} {num(a[1])}L{num(b[0])} {num(b[1])}" for a, b in
                    ((frame.point(r1, c1), frame.point(r2, c2)) for r1, c1, r2, c2 in cage_sides(cells, sc.n)))
        paths.append(f'<path d="{d}"/>')
        x, y = frame.corner(min(cells))
        text = str(total)
        sums.append(rect(x + 2, y + 2, 0.62 * font * len(text) + 4, font + 1, f' fill="{COLOURS["paper"]}"') +
                    f'<text x="{num(x + 4)}" y="{num(y + 1 + font)}">{text}</text>')
    return (group("cages", f'fill="none" stroke="{COLOURS["cage"]}" stroke-width="1.5" stroke-dasharray="5 4"',
                  paths) + group("sums", f'font-size="{num(font)}" fill="{COLOURS["cage"]}"', sums))


def thick_lines(sc: Scene, frame: Frame) -> str:
    """Box or region borders, thick, and the outer border."""
    parts = [line(*frame.point(r1, c1), *frame.point(r2, c2)) for r1, c1, r2, c2 in borders(sc.geometry)]
    inner = group("thick", f'stroke="{COLOURS["thick"]}" stroke-width="4" stroke-linecap="square"', parts)
    return inner + rect(frame.left, frame.top, frame.side, frame.side,
                        f' class="border" fill="none" stroke="{COLOURS["thick"]}" stroke-width="5"')


def candidates(sc: Scene, frame: Frame) -> str:
    """Pencilmarks in their slots; the step's eliminations in red (struck by hint.strikes)."""
    if sc.candidates is None:
        return ""
    struck = set(sc.step.eliminations) if sc.step is not None else set()
    mask = sc.candidates & (sc.grid == 0)[:, None]
    spots, n, labels = slot_spots(frame), sc.n, sc.labels
    plain, red = [], []
    for cell, k in zip(*(a.tolist() for a in np.nonzero(mask))):
        if (cell, k + 1) not in struck:
            x, y = spots[cell * n + k]
            plain.append(f'<text x="{x}" y="{y}">{labels[k]}</text>')
    for cell, digit in sorted(struck):
        x, y = spots[cell * n + digit - 1]
        red.append(f'<text x="{x}" y="{y}">{labels[digit - 1]}</text>')
    attrs = f'font-size="{num(frame.candidate_font)}" text-anchor="middle"'
    return (group("candidates", f'{attrs} fill="{COLOURS["candidate"]}"', plain) +
            group("eliminated", f'{attrs} fill="{COLOURS["strike"]}"', red))


def digits(sc: Scene, frame: Frame) -> str:
    """The digits: givens in black, solved ones in blue."""
    spots, labels, given = digit_spots(frame), sc.labels, sc.given.tolist()
    parts = ([], [])
    for cell, d in enumerate(sc.grid.tolist()):
        if d:
            x, y = spots[cell]
            parts[given[cell]].append(f'<text x="{x}" y="{y}">{labels[d - 1]}</text>')
    attrs = f'font-size="{num(frame.digit_font)}" text-anchor="middle"'
    return (group("given", f'{attrs} fill="{COLOURS["given"]}"', parts[1]) +
            group("solved", f'{attrs} fill="{COLOURS["solved"]}"', parts[0]))


def caption(sc: Scene, width: float) -> list[str]:
    """The caption's lines: rules not drawn (anti-knight, ...), the target score, the flips, the step."""
    notes = [NOTES[c] for c in sc.constraints if c in NOTES]
    if sc.weights is not None:
        notes.append(_score(sc))
    if sc.flips is not None:
        notes.append(f"{len(sc.flips)} flip{'s' * (len(sc.flips) != 1)}: " +
                     (" ".join(f"r{r + 1}c{c + 1}" for r, c in sc.flips) or "none"))
    if sc.step is not None:
        notes.append(hint.describe(sc.step, sc.n, [unescape(label) for label in sc.labels]))
    chars = max(12, int(width / (0.55 * CAPTION_FONT)))
    return [piece for note in notes for piece in _wrap(note, chars)]


def _score(sc: Scene) -> str:
    """The target score of a full grid, or of the filled cells so far."""
    total = int((sc.grid * sc.weights).sum())
    if sc.grid.all():
        return f"score {total} (sum of digit x weight)"
    return f"weights {sc.weights.min()}..{sc.weights.max()}; filled cells score {total}"


def _wrap(text: str, chars: int) -> list[str]:
    """Words packed into lines of at most `chars` characters."""
    out = [""]
    for word in text.split():
        if out[-1] and len(out[-1]) + 1 + len(word) > chars:
            out.append("")
        out[-1] = f"{out[-1]} {word}" if out[-1] else word
    return out


def _caption_text(lines: list[str], frame: Frame) -> str:
    """The caption under the grid, left-aligned."""
    y0 = frame.top + frame.side + MARGIN / 2 + CAPTION_FONT
    parts = [f'<text x="{num(frame.left)}" y="{num(y0 + k * CAPTION)}">{escape(t)}</text>'
             for k, t in enumerate(lines)]
    return group("caption", f'font-size="{num(CAPTION_FONT)}" fill="{COLOURS["caption"]}"', parts)


def _title(sc: Scene, frame: Frame) -> str:
    """The title above the grid, centred."""
    if not sc.title:
        return ""
    x, y = frame.left + frame.side / 2, frame.top - TITLE * 0.3
    return (f'<text class="title" x="{num(x)}" y="{num(y)}" font-size="{num(TITLE * 0.65)}" text-anchor="middle" '
            f'fill="{COLOURS["given"]}">{escape(sc.title)}</text>')


LAYERS = (heat, windows, hint.highlights, flipped, thin_lines, diagonals, cages, thick_lines,
          hint.discs, candidates, digits, hint.strikes, hint.links)
