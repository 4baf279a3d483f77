"""sudokit: exact cover and Sudoku of every size and flavour, from Python and from the shell.

    from sudokit import Sudoku
    puzzle = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    solution = puzzle.solve()             # print(solution): the grid; solution.stats: nodes, guesses, seconds
    puzzle.check(solution)                # True

The front door: Sudoku (any size, any variant), TargetSudoku, BinarySudoku (sudokit.puzzle), Problem (exact
cover, sudokit.cover), generate and canon (puzzles at a chosen difficulty, minlex forms: sudokit.generate), the errors (SudokitError > InputError, NoSolution, NotUnique, LimitReached), and the
pipeline of a whole file (sudokit.pipeline: Options, SolveRun). Every name is imported on first use, so
``import sudokit`` loads nothing heavy (no numpy, no numba).
"""

from importlib import import_module

_HOMES = {
    "Sudoku": ".puzzle", "TargetSudoku": ".puzzle", "BinarySudoku": ".puzzle", "Solution": ".puzzle",
    "Stats": ".puzzle", "Count": ".puzzle", "Problem": ".cover.problem", "Options": ".pipeline",
    "SolveRun": ".pipeline", "SudokitError": ".errors", "InputError": ".errors", "NoSolution": ".errors",
    "NotUnique": ".errors", "LimitReached": ".errors", "generate": ".generate", "canon": ".generate",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    """Import a front-door name from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
    value = getattr(import_module(_HOMES[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
