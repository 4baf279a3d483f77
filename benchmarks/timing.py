"""CPU-time helpers shared by the benchmark scripts (run them as `python benchmarks/NAME.py`)."""

from __future__ import annotations

import time


def cpu(fn) -> tuple[float, object]:
    """CPU seconds of one call of fn, and its result."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def best_of(fn, repeat: int) -> tuple[float, object]:
    """Least CPU seconds over repeat calls of fn, and the last result."""
    runs = [cpu(fn) for _ in range(max(1, repeat))]
    return min(t for t, _ in runs), runs[-1][1]
