"""SVG to PNG through resvg (the `render` extra: resvg-py, a Rust wheel with no system libraries).

resvg draws text with the system's fonts; a machine with none would give pictures without digits, so the first
PNG checks that a digit leaves ink and says what to install if it does not.
"""

from __future__ import annotations

import struct
from functools import lru_cache

from ..errors import SudokitError

SIGNATURE = b"\x89PNG\r\n\x1a\n"
PROBE = ('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">'
         '<text x="4" y="20" font-size="20" font-family="{font}">{text}</text></svg>')


def _resvg():
    """The resvg binding, or a one-line error naming the extra."""
    try:
        import resvg_py
    except ImportError:
        raise SudokitError("PNG needs the render extra: pip install 'sudokit[render]'") from None
    return resvg_py


def to_png(svg_text: str, width: int | None = None) -> bytes:
    """PNG bytes of an SVG, at its own pixel size or `width` pixels wide."""
    resvg = _resvg()
    _check_fonts()
    try:
        return bytes(resvg.svg_to_bytes(svg_string=svg_text, width=width))
    except ValueError as exc:
        raise SudokitError(f"PNG: resvg cannot draw this picture: {exc}") from None


@lru_cache(maxsize=1)
def _check_fonts() -> None:
    """Raise if resvg finds no font for our digits (the picture of '8' equals the empty one)."""
    from .svg import FONT

    resvg = _resvg()
    inked, blank = (bytes(resvg.svg_to_bytes(svg_string=PROBE.format(font=FONT, text=t))) for t in ("8", ""))
    if inked == blank:
        raise SudokitError("PNG: no font found to draw digits; install one (e.g. apt install fonts-dejavu-core)")


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header."""
    if data[:8] != SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])
