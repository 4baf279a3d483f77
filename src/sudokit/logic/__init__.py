"""Human-style solving: the candidate grid, the technique catalogue, solve paths, hints and ratings."""

from .step import Link, Step

__all__ = ["Link", "Step"]
