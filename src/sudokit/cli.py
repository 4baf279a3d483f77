"""The `sudokit` command: a thin layer over the library.

Conventions every subcommand keeps:
- answers on stdout, statistics and diagnostics on stderr;
- bad input is one line on stderr (`sudokit: FILE:LINE: what is wrong`), never a traceback, exit 2;
- exit codes: 0 all solved, 1 some problem had no solution (or was not unique where that was asked),
  2 bad input or usage, 3 a node limit stopped a search, 130 interrupted; the worst status of the run wins.
"""

from __future__ import annotations

import sys

import click

from .errors import InputError, SudokitError

EXIT_OK, EXIT_UNSOLVED, EXIT_INPUT, EXIT_LIMIT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def fail(message: str, code: int = EXIT_INPUT) -> None:
    """Print one line to stderr and exit with code."""
    click.echo(f"sudokit: {message}", err=True)
    sys.exit(code)


def read_text(path: str) -> tuple[str, str]:
    """The text of a file (or '-' for stdin) and its display name; binary junk is an InputError."""
    name = "<stdin>" if path == "-" else path
    try:
        data = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    except OSError as exc:
        raise InputError(f"{name}: cannot read: {exc.strerror}") from None
    if b"\0" in data:
        raise InputError(f"{name}: binary data, not a text puzzle file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise InputError(f"{name}: empty input")
    return text.replace("\r\n", "\n").replace("\r", "\n"), name


class Group(click.Group):
    """A click group that turns every SudokitError into one line on stderr and exit 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as exc:
            fail(str(exc), EXIT_INPUT)
        except SudokitError as exc:
            fail(str(exc), EXIT_INPUT)
        except KeyboardInterrupt:
            fail("interrupted", EXIT_INTERRUPTED)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sudokit")
def main():
    """Solve, count and check exact-cover problems and Sudoku of every size and flavour.

    \b
    Examples:
      sudokit solve examples/hardest.txt          solve one puzzle per line
      sudokit solve --count puzzles.txt           number of solutions of each puzzle
      sudokit cover --count examples/queens8.dlx  count exact covers of a Knuth .dlx file
    """
