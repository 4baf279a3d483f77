"""The exception hierarchy: every failure a user can cause is a SudokitError with a one-line message."""


class SudokitError(Exception):
    """Base class of every error sudokit raises on purpose."""


class InputError(SudokitError, ValueError):
    """The input is malformed: wrong size, unknown symbol, clashing givens, bad item name, ..."""


class NoSolution(SudokitError):
    """The problem has no solution (raised only where a solution is demanded)."""


class NotUnique(SudokitError):
    """The problem has more than one solution where exactly one was demanded."""


class LimitReached(SudokitError):
    """A search stopped at its node limit before it could answer."""
