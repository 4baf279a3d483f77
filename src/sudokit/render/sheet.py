"""Print sheets: pictures laid out 1, 2, 4 or 6 to an A4 page, as page SVGs (pdfdoc.py turns them into a PDF)."""

from __future__ import annotations

from ..errors import InputError
from .frame import num

A4 = (595.0, 842.0)  # points
PAGE_MARGIN = 36.0  # half an inch
GAP = 18.0
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # per page: (columns, rows)


def pages(pictures: list[tuple[str, float, float]], per_page: int = 1) -> list[str]:
    """Page SVGs holding the pictures (body, width, height in user units) in reading order, each scaled to fit."""
    if per_page not in LAYOUTS:
        raise InputError(f"--per-page {per_page}: choose one of {', '.join(map(str, LAYOUTS))}")
    return [page(pictures[k:k + per_page], per_page) for k in range(0, len(pictures), per_page)]


def page(pictures: list[tuple[str, float, float]], per_page: int) -> str:
    """One A4 page of up to per_page pictures, each centred in its slot."""
    cols, rows = LAYOUTS[per_page]
    width, height = A4
    slot_w = (width - 2 * PAGE_MARGIN - (cols - 1) * GAP) / cols
    slot_h = (height - 2 * PAGE_MARGIN - (rows - 1) * GAP) / rows
    parts = [f'<rect width="100%" height="100%" fill="#ffffff"/>']
    for k, (body, w, h) in enumerate(pictures):
        row, col = divmod(k, cols)
        scale = min(slot_w / w, slot_h / h)
        x = PAGE_MARGIN + col * (slot_w + GAP) + (slot_w - w * scale) / 2
        y = PAGE_MARGIN + row * (slot_h + GAP) + (slot_h - h * scale) / 2
        parts.append(f'<g transform="translate({num(x)} {num(y)}) scale({scale:.5g})">{body}</g>')
    from .svg import FONT

    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" font-family="{FONT}">{"".join(parts)}</svg>\n')
