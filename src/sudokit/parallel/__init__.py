"""Parallel work: executors that run parts of a search (a local process pool that owns its workers)."""

from .pool import LocalPool, usable_cores

__all__ = ["LocalPool", "usable_cores"]
