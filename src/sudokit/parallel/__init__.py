"""Parallel work: split searches and batches across processes and Dask clusters, with checkpoints.

    pool.py        LocalPool, the project's own Executor (its workers stop at once)
    executors.py   Runner: this process, a LocalPool, a Dask cluster or any Executor given
    tree.py        the top of a search tree walked by hand: prefixes (parts) and the subtree of one
    probes.py      Knuth's random-probe estimate of a search tree
    split.py       an exact-cover search split into parts: count, solutions, solve, is_unique
    sudoku.py      a Sudoku count split into sub-grids for the fast engine
    tasks.py       tasks on a Runner: in flight, as completed or in order, lost workers replaced
    batch.py       big files as partitions, results streamed back in input order
    checkpoint.py  the journal of finished tasks a restarted run resumes from
    work.py        what workers run

Everything here is imported on first use (Dask only for a scheduler).
"""

from importlib import import_module

_HOMES = {
    "LocalPool": ".pool", "usable_cores": ".pool", "Runner": ".executors", "runner": ".executors",
    "estimate": ".probes", "Estimate": ".probes", "count": ".split", "solutions": ".split", "solve": ".split",
    "is_unique": ".split", "SplitSearch": ".split", "Journal": ".checkpoint",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    """Import a name from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module 'sudokit.parallel' has no attribute {name!r}")
    value = getattr(import_module(_HOMES[name], __name__), name)
    globals()[name] = value
    return value
