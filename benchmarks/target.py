"""Target Sudoku (NOIP 2009) benchmark: branch and bound against exhaustive enumeration, on the 20 judge cases.

    python benchmarks/target.py               # kernel, in-process and whole-command times, and the baselines
    python benchmarks/target.py --no-c        # skip the C baseline (needs a C compiler)
    python benchmarks/target.py --cli 0       # skip the whole-command (subprocess) timing

What is timed (CPU seconds, time.process_time, best of --repeat, JIT warm-up done and reported apart):
- kernel: ``sudokit.sudoku.target.run`` on prepared problems (search only: the probe, the root tuning and the
  proven search), summed over the 20 cases;
- in-process: ``best(text)`` from the file's text (parse, checks, tables, search);
- whole command: wall time of ``sudokit target FILE`` as a subprocess (Python start-up, imports, numba cache
  load), on the first --cli cases;
- exhaustive (same kernel, bound off): visits every completion, i.e. the classic judge solution in numba;
- C: the classic exhaustive solution (bitmask DFS with fewest-candidates cell choice, every completion scored)
  compiled with cc -O2 from the source below, timed inside the C program.  The brief quotes 0.3-0.45 s for
  such a C++ enumeration over the 20 cases on this machine.
Every answer is checked against the judge's .out file.  Run it on an idle machine: a loaded 2-core box
doubles every figure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import best_of
from sudokit.sudoku import target

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "target-sudoku"

C_SOURCE = r"""
#include <stdio.h>
#include <time.h>
static int g[81], rowm[9], colm[9], boxm[9], best, cnt;
static inline int W(int c) { int r = c / 9, k = c % 9, a = r < 8 - r ? r : 8 - r, b = k < 8 - k ? k : 8 - k;
                            return 6 + (a < b ? a : b); }
static void dfs(int left, int score) {
    if (!left) { cnt++; if (score > best) best = score; return; }
    int bc = -1, bm = 0, bn = 10;
    for (int c = 0; c < 81; c++) if (!g[c]) {
        int r = c / 9, k = c % 9, m = 511 & ~(rowm[r] | colm[k] | boxm[r / 3 * 3 + k / 3]);
        int n = __builtin_popcount(m);
        if (n < bn) { bn = n; bc = c; bm = m; if (!n) return; }
    }
    int r = bc / 9, k = bc % 9, b = r / 3 * 3 + k / 3;
    for (int m = bm; m; m &= m - 1) {
        int bit = m & -m, d = __builtin_ctz(m) + 1;
        g[bc] = d; rowm[r] |= bit; colm[k] |= bit; boxm[b] |= bit;
        dfs(left - 1, score + d * W(bc));
        g[bc] = 0; rowm[r] ^= bit; colm[k] ^= bit; boxm[b] ^= bit;
    }
}
int main(int argc, char **argv) {
    double total = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "r"); int left = 0, score = 0, bad = 0;
        for (int j = 0; j < 9; j++) rowm[j] = colm[j] = boxm[j] = 0;
        for (int c = 0; c < 81; c++) {
            if (fscanf(f, "%d", &g[c]) != 1) return 2;
            int r = c / 9, k = c % 9, bit = 1 << (g[c] - 1);
            if (!g[c]) { left++; continue; }
            if ((rowm[r] | colm[k] | boxm[r / 3 * 3 + k / 3]) & bit) bad = 1;
            rowm[r] |= bit; colm[k] |= bit; boxm[r / 3 * 3 + k / 3] |= bit; score += g[c] * W(c);
        }
        fclose(f);
        clock_t t0 = clock(); best = -1; cnt = 0;
        if (!bad) dfs(left, score);
        total += (double)(clock() - t0) / CLOCKS_PER_SEC;
        printf("%d %d\n", cnt ? best : -1, cnt);
    }
    printf("%.6f\n", total);
    return 0;
}
"""


def cases() -> list[Path]:
    """The 20 judge inputs, in order."""
    return [DATA / f"sudoku{i}.in" for i in range(1, 21)]


def expected(path: Path) -> int:
    """The judge's answer."""
    return int(path.with_suffix(".out").read_text())


def time_c(paths: list[Path]) -> tuple[float, list[tuple[int, int]]] | None:
    """Compile and run the C enumeration; (search seconds, [(answer, completions)]) or None without cc."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "t.c"), os.path.join(tmp, "t")
        Path(src).write_text(C_SOURCE)
        subprocess.run([cc, "-O2", "-march=native", "-o", exe, src], check=True)
        lines = subprocess.run([exe, *map(str, paths)], check=True, capture_output=True, text=True).stdout.split("\n")
    rows = [tuple(map(int, line.split())) for line in lines[:len(paths)]]
    return float(lines[len(paths)]), rows


def time_cli(paths: list[Path]) -> float:
    """Wall seconds of `sudokit target FILE` per file (answers checked)."""
    exe = shutil.which("sudokit")
    cmd = [exe] if exe else [sys.executable, "-c", "from sudokit.cli import main; main()"]
    total = 0.0
    for path in paths:
        start = time.perf_counter()
        out = subprocess.run([*cmd, "target", str(path)], capture_output=True, text=True)
        total += time.perf_counter() - start
        assert out.stdout == f"{expected(path)}\n", (path, out.stdout, out.stderr)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-c", action="store_true", help="skip the C baseline")
    ap.add_argument("--cli", type=int, default=3, help="cases timed as a whole command (0: none)")
    args = ap.parse_args()
    paths = cases()
    texts = [p.read_text() for p in paths]

    start = time.perf_counter()
    target.best(texts[19])
    target.run(target.prepare(texts[19]), exhaustive=True)
    print(f"JIT warm-up (compile or cache load): {time.perf_counter() - start:.2f} s")

    problems = [target.prepare(t) for t in texts]
    kernel, results = best_of(lambda: [target.run(p) for p in problems], args.repeat)
    whole, _ = best_of(lambda: [target.best(t) for t in texts], args.repeat)
    exhaustive, full = best_of(lambda: [target.run(p, exhaustive=True) for p in problems], 1)
    c = None if args.no_c else time_c(paths)

    print(f"{'case':>8} {'answer':>6} {'B&B nodes':>9} {'cut':>6} {'exh. nodes':>10} {'completions':>11}")
    for path, res, ex in zip(paths, results, full):
        assert res.answer == ex.answer == expected(path) and res.complete, path
        print(f"{path.stem:>8} {res.answer:>6} {res.nodes:>9} {res.cuts:>6} {ex.nodes:>10} {ex.completions:>11}")
    if c is not None:
        assert [a for a, _ in c[1]] == [expected(p) for p in paths]
        assert [n for _, n in c[1]] == [r.completions for r in full]
    print(f"\nall 20 judge cases, CPU seconds (best of {args.repeat}):")
    print(f"  branch and bound, kernel only      {kernel:8.4f} s   ({sum(r.nodes for r in results)} nodes)")
    print(f"  branch and bound, best(text)       {whole:8.4f} s")
    print(f"  exhaustive, same kernel, no bound  {exhaustive:8.4f} s   ({sum(r.nodes for r in full)} nodes)")
    if c is not None:
        print(f"  exhaustive, C (cc -O2)             {c[0]:8.4f} s   (brief: C++ 0.3-0.45 s)")
        print(f"  speed-up of the kernel over C: {c[0] / kernel:.1f}x, over the numba enumeration: "
              f"{exhaustive / kernel:.1f}x")
    if args.cli:
        wall = time_cli(paths[:args.cli])
        print(f"  whole command `sudokit target FILE`: {wall / args.cli:.3f} s wall per case "
              f"(first {args.cli} cases; mostly Python start-up and imports)")


if __name__ == "__main__":
    main()
