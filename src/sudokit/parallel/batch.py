"""Big files as partitions: one call per block of puzzles on a Runner, results streamed back in input order.

    for k, result in ordered(runner, fn, blocks, progress=bar, sizes=[len(b) for b in blocks]):
        write(result)                      # block k's answers, as soon as blocks 0..k are all back

With a journal (checkpoint.py) and a job digest, each finished block is journalled (``encode(result)`` must
be JSON) and a run started again takes the journalled blocks from the file (``decode``) instead of running them:
the answers come out the same, in the same order. ``solve`` (pipeline/lines.py), ``rate`` (logic/batch.py) and,
once it exists, ``generate`` run their batches through here.
"""

from __future__ import annotations

import base64
from typing import Callable, Iterator

import numpy as np

from .checkpoint import Journal
from .executors import Runner
from .tasks import completed, in_order


def ordered(runner: Runner, fn, blocks: list[tuple], *, journal: Journal | None = None, job: str = "",
            encode: Callable = lambda r: r, decode: Callable = lambda r: r,
            progress: Callable[[int, int], None] | None = None, sizes: list[int] | None = None
            ) -> Iterator[tuple[int, object]]:
    """Yield (k, fn(*blocks[k])) for every block, in order; journalled blocks come from the journal."""
    sizes = sizes or [1] * len(blocks)
    total = sum(sizes)
    if journal is None or journal.path is None or not job:
        journal = None  # nothing to resume from or write to: skip encoding every block (a third of a fast solve)
    done = journal.done(job) if journal is not None else {}
    todo = [k for k in range(len(blocks)) if str(k) not in done]
    finished = sum(sizes[k] for k in range(len(blocks)) if str(k) in done)
    if progress:
        progress(finished, total)

    def fresh():
        """The blocks to run, as they finish (journalled at once, progress told)."""
        nonlocal finished
        for i, result in completed(runner, [(fn, *blocks[k]) for k in todo]):
            k = todo[i]
            if journal is not None:
                journal.add(job, str(k), {"result": encode(result)})
            finished += sizes[k]
            if progress:
                progress(finished, total)
            yield i, result

    ran = in_order(fresh())
    for k in range(len(blocks)):
        if str(k) in done:
            yield k, decode(done[str(k)]["result"])
        else:
            yield k, next(ran)[1]


def pack(array: np.ndarray) -> str:
    """A numpy array as text for a journal (base64 of its bytes; dtype and shape are the reader's to know)."""
    return base64.b64encode(np.ascontiguousarray(array).tobytes()).decode("ascii")


def unpack(text: str, dtype, shape) -> np.ndarray:
    """The array `pack` wrote."""
    return np.frombuffer(base64.b64decode(text), dtype=dtype).reshape(shape).copy()
