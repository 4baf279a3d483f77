"""A hint on the picture: a logic Step's cells highlighted, its pattern and placements coloured, its eliminations
struck, its chain links drawn as curves between candidate slots (strong solid, weak dashed)."""

from __future__ import annotations

import math

from .frame import COLOURS, S, Frame, num


def highlights(sc, frame: Frame) -> str:
    """The step's cells, shaded yellow."""
    if sc.step is None or not sc.step.cells:
        return ""
    parts = []
    for cell in sorted(set(sc.step.cells)):
        x, y = frame.corner(cell)
        parts.append(f'<rect x="{num(x)}" y="{num(y)}" width="{S}" height="{S}"/>')
    return f'<g class="cells" fill="{COLOURS["highlight"]}">{"".join(parts)}</g>'


def _radius(frame: Frame) -> float:
    """Radius of the disc behind a candidate."""
    return 0.45 * min(frame.slot_size)


def discs(sc, frame: Frame) -> str:
    """Coloured discs behind the pattern's candidates (blue), placements (green) and eliminations (red)."""
    if sc.step is None:
        return ""
    step, r = sc.step, num(_radius(frame))
    out = []
    for cls, marks in (("pattern", step.pattern), ("place", step.placements), ("elim", step.eliminations)):
        parts = [f'<circle cx="{num(x)}" cy="{num(y)}" r="{r}"/>' for x, y in
                 (frame.slot_centre(cell, digit) for cell, digit in sorted(set(marks)))]
        if parts:
            out.append(f'<g class="{cls}" fill="{COLOURS[cls]}">{"".join(parts)}</g>')
    return "".join(out)


def strikes(sc, frame: Frame) -> str:
    """A red line through every eliminated candidate."""
    if sc.step is None or not sc.step.eliminations:
        return ""
    h = 0.7 * _radius(frame)
    parts = [f'<line x1="{num(x - h)}" y1="{num(y + h)}" x2="{num(x + h)}" y2="{num(y - h)}"/>' for x, y in
             (frame.slot_centre(cell, digit) for cell, digit in sorted(set(sc.step.eliminations)))]
    return f'<g class="strike" stroke="{COLOURS["strike"]}" stroke-width="{num(h / 3 + 0.5)}">{"".join(parts)}</g>'


def links(sc, frame: Frame) -> str:
    """The chain's links as bowed curves between candidate slots: strong solid, weak dashed."""
    if sc.step is None or not sc.step.links:
        return ""
    r = _radius(frame)
    strong = [_curve(frame, link, r) for link in sc.step.links if link.strong]
    weak = [_curve(frame, link, r) for link in sc.step.links if not link.strong]
    attrs = f'fill="none" stroke="{COLOURS["link"]}" stroke-width="2"'
    out = f'<g class="strong" {attrs}>{"".join(strong)}</g>' if strong else ""
    return out + (f'<g class="weak" {attrs} stroke-dasharray="6 4">{"".join(weak)}</g>' if weak else "")


def _curve(frame: Frame, link, r: float) -> str:
    """A quadratic curve from one candidate's disc edge to the other's, bowed to the left of its direction."""
    (x1, y1), (x2, y2) = frame.slot_centre(link.cell1, link.digit1), frame.slot_centre(link.cell2, link.digit2)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bow = 0.15 * length
    cx, cy = (x1 + x2) / 2 + uy * bow, (y1 + y2) / 2 - ux * bow
    a = _towards(x1, y1, cx, cy, r)
    b = _towards(x2, y2, cx, cy, r)
    return f'<path d="M{num(a[0])} {num(a[1])}Q{num(cx)} {num(cy)} {num(b[0])} {num(b[1])}"/>'


def _towards(x: float, y: float, tx: float, ty: float, r: float) -> tuple[float, float]:
    """The point r from (x, y) in the direction of (tx, ty)."""
    d = math.hypot(tx - x, ty - y) or 1.0
    return x + (tx - x) * r / d, y + (ty - y) * r / d


def describe(step, n: int, symbols: str) -> str:
    """One line for the caption: the technique, then its explanation or what it places and removes."""
    from ..logic.step import cell_name

    if step.explanation:  # the catalogue's explanations already open with the technique's name
        head = "" if step.explanation.startswith(step.technique) else f"{step.technique}: "
        return head + step.explanation
    done = [f"{cell_name(c, n)}={symbols[d - 1]}" for c, d in step.placements]
    done += [f"{cell_name(c, n)}<>{symbols[d - 1]}" for c, d in step.eliminations]
    return f"{step.technique}: {', '.join(done)}" if done else step.technique
