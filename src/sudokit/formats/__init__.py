"""Parse and print puzzles: every Sudoku text format, a module per family.

Modules: reader (read_puzzles: detection, dispatch, junk), lines (one puzzle per line, jigsaw lines, the batch
parser), pencil (Sukaku), grids (grid, ints, sdk), sudopedia (text, ss), jsondoc (json), judges (hdu4069), cages
(regions and cage files), writers (every output format, answers in their input's layout), symbols (alphabets),
model (Entry, PuzzleFile). Every name below is importable from ``sudokit.formats``.

Formats (``fmt``):
- ``line``: one puzzle per line, N*N cells; blanks ``. 0 - _ *``; text after the puzzle is a comment; lines starting
  with ``#`` are comments; a line ``end`` stops the input (POJ 3074).
- ``grid``: N lines of N characters per puzzle (POJ 2676 / 3076), puzzles optionally separated by blank lines.
- ``ints``: N lines of N whitespace-separated integers, 0 = empty (NOIP style).
Any of them may start with a count line (a lone small integer), which is skipped.
- ``sdm``: SudoCue collection, one 81-character line per puzzle, ``0`` = empty (read like ``line``).
- ``sdk``: SadMan / SudoCue single puzzle, N lines of N characters, ``.`` = empty; ``#A``.. metadata lines are kept
  (``PuzzleFile.meta``) and an optional ``[Puzzle]`` header is skipped.
- ``ss``: Simple Sudoku boxed text (``.3.|4..|...`` rows, ``---+---+---`` rules, optional ``*---*`` frame).
- ``text``: any one-puzzle-per-block text by the Sudopedia clipboard rules: N*N groups of digits make a candidate
  grid (all other characters are layout); otherwise the digits are givens and the blank is the one character that
  occurs exactly N*N - (digits) times (ties: ``0 . X * _ space``). ``ss`` is read this way.
- ``pencilmark``: Sukaku, N*N*N characters per line, N slots per cell: slot i holds symbol i if that candidate is
  present, ``.`` (or ``0``) if it is eliminated.
- ``jigsaw`` lines: N*N givens followed by N*N region labels on one line (forum convention), read by ``line``.
- ``json``: the puzzle description (size, box or regions, givens, candidates, constraints, cages, weights), one
  object or a list of them; see ``puzzle_to_json``.
- ``hdu4069``: HDU 4069 "Squiggly Sudoku": T, then per case 9 lines of 9 integers digit + 16 (wall top)
  + 32 (wall right) + 64 (wall bottom) + 128 (wall left); regions are the wall-bounded components.

Symbols: ``1-9`` for N <= 9. For larger N an alphabet: ``default`` (1-9 then A-Z, a-z), ``letters`` (A-P for 16x16,
the POJ 3076 convention) or ``hex`` (0-F, where 0 is a digit); detected from the characters used when only one
alphabet fits, else the caller must say which.
"""

from .cages import cell_name, check_cages, format_cages, format_regions, parse_cell, read_cages, read_regions
from .jsondoc import puzzle_to_json
from .judges import format_hdu4069, regions_from_walls
from .lines import EMPTY_CHARS, format_lines, is_count_line, line_error, parse_line_array, symbol_table
from .model import MIN_LINE_SIDE, Entry, PuzzleFile
from .reader import FORMATS, JUNK, read_file, read_puzzles
from .sudopedia import SUDOPEDIA_BLANKS
from .symbols import ALPHABETS, BLANKS, resolve_symbols
from .writers import (WRITERS, block_separator, candidates_of, format_candidates, format_entry, format_grid, givens_of,
                      join_blocks, write_puzzles)

__all__ = ["ALPHABETS", "BLANKS", "EMPTY_CHARS", "FORMATS", "JUNK", "MIN_LINE_SIDE", "SUDOPEDIA_BLANKS", "WRITERS",
           "Entry", "PuzzleFile", "block_separator", "candidates_of", "cell_name", "check_cages", "format_cages",
           "format_candidates", "format_entry", "format_grid", "format_hdu4069", "format_lines", "format_regions",
           "givens_of", "is_count_line", "join_blocks", "line_error", "parse_cell", "parse_line_array",
           "puzzle_to_json", "read_cages", "read_file", "read_puzzles", "read_regions", "regions_from_walls", "resolve_symbols",
           "symbol_table", "write_puzzles"]
