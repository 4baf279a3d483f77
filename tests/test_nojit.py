"""NUMBA_DISABLE_JIT=1 (the README's debugging advice): every kernel runs as plain Python and answers the same.

Each command runs in a subprocess with the JIT off, on inputs small enough for interpreted kernels, and its
stdout is compared with the judge's answer (or the JIT run's)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
HARDEST = (ROOT / "examples" / "hardest.txt").read_text().splitlines()[:2]


def sudokit(*args, stdin=None, jit=False):
    """Run the CLI in a subprocess, the JIT off unless jit; return (exit code, stdout, stderr)."""
    env = dict(os.environ)
    env.pop("NUMBA_DISABLE_JIT", None)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    out = subprocess.run([sys.executable, "-m", "sudokit", *args], input=stdin, capture_output=True, text=True,
                         env=env, timeout=600)
    return out.returncode, out.stdout, out.stderr


CASES = {
    "fast 9x9 batch (bitmask9)": (["solve"], "\n".join(HARDEST) + "\n"),
    "fast general kernel (--x, 6x6)": (["solve", "--x", "--count"], "1" + "." * 35 + "\n"),
    "fast forced format, per puzzle": (["solve", "--format", "line", "--count", "--limit", "3"], "." * 15 + "1\n"),
    "dlx engine (dancing links)": (["solve", "--engine", "dlx"], HARDEST[0] + "\n"),
    "cover (plain-Python start)": (["cover", "--count", str(ROOT / "examples" / "queens8.dlx")], None),
    "cover (dancing cells kernel)": (["cover", "--count", "--seed", "3", str(ROOT / "examples" / "queens8.dlx")],
                                     None),
    "cover multiplicities (Algorithm M)": (["cover", "--all", str(ROOT / "examples" / "knuth-dlx3.dlx")], None),
    "cover costs (DLX5)": (["cover", "--best", "3", str(ROOT / "examples" / "knuth-dlx5.dlx")], None),
    "cover --algorithm dlx": (["cover", "--count", "--algorithm", "dlx", str(ROOT / "examples" / "queens8.dlx")],
                              None),
    "cover --algorithm bits": (["cover", "--all", "--algorithm", "bits", str(ROOT / "examples" / "queens8.dlx")],
                               None),
    "target": (["target", str(DATA / "target-sudoku" / "sudoku2.in")], None),
    "binary dp": (["binary", str(DATA / "binary-sudoku" / "sample.in")], None),
    "binary ida": (["binary", "--engine", "ida", str(DATA / "binary-sudoku" / "sample.in")], None),
    # SE's walk (kernels/cascade) through a unique rectangle type 1, a loop of 6 and a type 3 (kernels/loops)
    "rate --scale se, unique loops": (["rate", "--scale", "se"], "9.7....43.....2........57.25.3.2..8.8.......1.9.."
                                      "8.3.62.91........4.....18....6.4\n...2.7...9.......8.3.....9....689............"
                                      ".783.425...........21.3.74.5...6...3\n"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_jit_off_answers_like_jit_on(name):
    args, stdin = CASES[name]
    code, out, err = sudokit(*args, stdin=stdin)
    assert "Traceback" not in err and code == 0, err
    want = sudokit(*args, stdin=stdin, jit=True)
    assert (code, out) == want[:2]
