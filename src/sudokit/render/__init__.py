"""Pictures: a Sudoku as SVG (pure Python).

    from sudokit.render import svg
    text = svg(grid, geometry, givens=puzzle, candidates=mask, variant=v, step=step)
"""

from .svg import basic_candidates, scene, svg

__all__ = ["svg", "scene", "basic_candidates"]
