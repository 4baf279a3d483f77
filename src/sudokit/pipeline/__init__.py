"""The pipeline of a `solve` run, one place for the CLI, Python and (later) the web app: read a text, plan the
variants, pick the path and the engine, solve, and hand over each answer in input order as it comes.

    from sudokit.pipeline import Options, SolveRun
    answers = []
    tally = SolveRun(Options(mode="count", limit=100), write=answers.append).run(text, "puzzles.txt")
    tally.code, tally.statuses      # 0 all solved .. 3 a node limit; puzzles by status

Two paths: a file of one puzzle per line (N <= 9), the fast engine and no variant goes to the batch path
(lines.py: one array, sudoku.batch.solve_batch on the cores); anything else is read by formats.read_puzzles and
solved one puzzle at a time (run.py; the variant plan picks DLX where cages, non-consecutive or pencilmarks need
it). An answer is written in the input's own layout (a line for a line, a grid block for a grid block), or as a
count, a status word, a JSON object, an HDU 4069 'Case k:' block.
"""

from .options import CODES, Options, Tally, parse_box
from .run import SolveRun

__all__ = ["CODES", "Options", "SolveRun", "Tally", "parse_box"]
