"""Pictures: a Sudoku as SVG (pure Python) and PNG (the `render` extra, resvg).

    from sudokit.render import svg, png
    text = svg(grid, geometry, givens=puzzle, candidates=mask, variant=v, step=step)
"""

from .svg import basic_candidates, scene, svg


def png(svg_text: str, width: int | None = None) -> bytes:
    """PNG bytes of an SVG picture (needs the `render` extra: pip install 'sudokit[render]')."""
    from .raster import to_png

    return to_png(svg_text, width)


__all__ = ["svg", "png", "scene", "basic_candidates"]
