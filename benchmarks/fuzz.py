"""Long fuzzing run: >= 10,000 hostile inputs per command through the CLI in-process (tests/fuzzing.py).

Usage (from the repo root, with the project and its test extras installed):

    python benchmarks/fuzz.py                       # 10,000 cases per command, every command
    python benchmarks/fuzz.py --cases 500 solve     # a quick look at one command
    python benchmarks/fuzz.py --seed 7              # another stream of cases

Every case must raise nothing but SystemExit, print no traceback, exit with a documented code (0-3) and, when
it exits 0, print right answers. The script prints, per command, the cases run, the exit codes seen and the
time taken; it stops at the first failure with the shrunk failing case (hypothesis) and exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

import fuzzing  # noqa: E402


def fuzz(command: str, cases: int, rng_seed: int) -> Counter:
    """Run `cases` cases of one command; the exit codes seen (raises on the first failure)."""
    codes: Counter = Counter()

    @seed(rng_seed)
    @settings(max_examples=cases, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=fuzzing.CASES[command]())
    def one(case):
        codes[fuzzing.fuzz_one(command, case)] += 1

    one()
    return codes


def main() -> int:
    """Fuzz the commands asked for and print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("commands", nargs="*", default=list(fuzzing.CASES), help="commands (default: all)")
    ap.add_argument("--cases", type=int, default=10_000, help="cases per command (default 10,000)")
    ap.add_argument("--seed", type=int, default=0, help="random seed of the case stream")
    args = ap.parse_args()
    print(f"{'command':<8} {'cases':>7} {'seconds':>8}  exit codes")
    for command in args.commands:
        start = time.perf_counter()
        try:
            codes = fuzz(command, args.cases, args.seed)
        except Exception:  # noqa: BLE001 - report the failing case and stop
            print(f"{command}: FAILED", file=sys.stderr)
            traceback.print_exc()
            return 1
        spent = time.perf_counter() - start
        seen = ", ".join(f"{code}: {k}" for code, k in sorted(codes.items()))
        print(f"{command:<8} {sum(codes.values()):>7} {spent:>8.1f}  {seen}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
