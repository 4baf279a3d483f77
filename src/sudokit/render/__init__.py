"""Pictures: a Sudoku as SVG (pure Python), PNG (the `render` extra, resvg) and PDF (pure Python, vector).

    from sudokit.render import svg, png, pdf
    text = svg(grid, geometry, givens=puzzle, candidates=mask, variant=v, step=step)
"""

from .svg import basic_candidates, scene, svg


def png(svg_text: str, width: int | None = None) -> bytes:
    """PNG bytes of an SVG picture (needs the `render` extra: pip install 'sudokit[render]')."""
    from .raster import to_png

    return to_png(svg_text, width)


def pdf(pages: list[str]) -> bytes:
    """A PDF of SVG pages (pure Python, vector)."""
    from .pdfdoc import to_pdf

    return to_pdf(pages)


__all__ = ["svg", "png", "pdf", "scene", "basic_candidates"]
