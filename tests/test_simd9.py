"""The two 9x9 kernels (kernels.simd9, SIMD; kernels.bitmask9, its scalar fallback): the one picked at start-up
is the one the CPU supports, and each agrees with the general kernel and DLX on judge data at limits 1, 2, many,
with the node limit honoured.  Where the CPU lacks simd9's instructions its tests are skipped (compiling it
there would fail), and bitmask9 is what runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sudokit.geometry import box_geometry
from sudokit.kernels import bitmask9, simd9
from sudokit.formats import parse_line_array
from sudokit.sudoku import fast
from sudokit.sudoku.grid import is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
G9 = box_geometry(3, 3)
KERNELS = [pytest.param(simd9, id="simd9", marks=pytest.mark.skipif(not simd9.supported(),
                                                                    reason="the CPU lacks AVX2/BMI2")),
           pytest.param(bitmask9, id="bitmask9")]


def load(name: str, k: int) -> np.ndarray:
    grids, _, bad = parse_line_array((DATA / name).read_bytes(), 9)
    assert len(bad) == 0
    return np.ascontiguousarray(grids[:k], dtype=np.uint8)


def run(module, grids, limit, max_nodes=0) -> fast.BatchResult:
    """The module's batch kernel on grids, straight (no driver in between)."""
    res = fast.empty_batch(len(grids), 81)
    done = module.solve_many9(grids, limit, max_nodes, res.counts, res.solutions, res.guesses, res.nodes,
                              res.complete, res.status, np.zeros(1, np.int32))
    assert done == len(grids)
    return res


def test_start_up_picks_the_kernel_the_cpu_supports():
    import llvmlite.binding as llvm

    flags = {f[1:] for f in llvm.get_host_cpu_features().flatten().split(",") if f.startswith("+")}
    has = {"avx2", "bmi2"} <= flags and llvm.get_host_cpu_name() not in ("znver1", "znver2")
    assert simd9.supported() == has
    assert fast._nine() is (simd9 if has else bitmask9)


def test_supported_reads_the_features():
    assert simd9.supported("+avx2,+bmi2,+popcnt", "znver3")
    assert simd9.supported("+sse4.2,+avx2,+bmi2", "skylake")
    assert not simd9.supported("-avx2,+bmi2", "skylake")
    assert not simd9.supported("+avx2,-bmi2", "haswell")
    assert not simd9.supported("+avx2,+bmi2", "znver2")  # microcoded PEXT: the scalar kernel is faster there
    assert not simd9.supported("", "generic")  # NUMBA_CPU_NAME=generic: portable code, no AVX2 or BMI2


def test_generic_cpu_target_falls_back_to_the_scalar_kernel():
    code = "from sudokit.sudoku import fast; print(fast._nine().__name__)"
    env = dict(os.environ, NUMBA_CPU_NAME="generic")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "sudokit.kernels.bitmask9"


@pytest.mark.parametrize("module", KERNELS)
@pytest.mark.parametrize("name,k", [("puzzles2_17_clue_first1000", 300), ("puzzles3_magictour_top1465_first1000", 200),
                                    ("puzzles5_forum_hardest_1905_11+_first1000", 100),
                                    ("puzzles6_forum_hardest_1106", 100)])
def test_agrees_with_the_general_kernel(module, name, k):
    grids = load(name, k)
    general = fast.solve_many(grids, G9, limit=2, kernel="general")
    for limit in (1, 2):
        res = run(module, grids, limit)
        assert (res.counts == 1).all() and res.complete.all() and (res.status == fast.OK).all()
        np.testing.assert_array_equal(res.solutions, general.solutions)  # unique puzzles: one answer
        assert (res.nodes >= 1).all() and (res.guesses >= 0).all()


@pytest.mark.parametrize("module", KERNELS)
def test_counts_against_exact_cover(module):
    grids = load("puzzles7_serg_benchmark_first1000", 25)
    from sudokit.sudoku import exact

    res = run(module, grids, 30)
    for i in range(len(grids)):
        want = exact.solve(grids[i], G9, limit=30)
        assert res.counts[i] == want.count >= 2, i
        assert is_solution(res.solutions[i], grids[i], G9)
    empty = run(module, np.zeros((1, 81), np.uint8), 1000)
    assert empty.counts[0] == 1000 and empty.complete[0]


@pytest.mark.parametrize("module", KERNELS)
def test_node_limit_and_bad_rows(module):
    hard = load("puzzles6_forum_hardest_1106", 20)
    full = run(module, hard, 2)
    res = run(module, hard, 2, max_nodes=5)
    stopped = full.nodes > 5
    assert stopped.any() and (res.nodes <= 5).all()
    assert not res.complete[stopped].any() and res.complete[~stopped].all()
    np.testing.assert_array_equal(res.counts[~stopped], full.counts[~stopped])
    bad = np.zeros((3, 81), np.uint8)
    bad[0, :2] = 4  # two 4s in a row
    bad[1, 0] = 10
    res = run(module, bad, 2)
    assert list(res.status) == [fast.CLASH, fast.BAD_VALUE, fast.OK]
    assert list(res.counts) == [0, 0, 2]


@pytest.mark.skipif(not simd9.supported(), reason="the CPU lacks AVX2/BMI2")
def test_vector_scans_match_their_python_twins():
    from numba import njit

    @njit
    def scans(S):
        return simd9.naked_scan(S), simd9.bivalue_scan(S), simd9.changed_words(S, simd9.SNAP), \
            simd9.pext(S[0], simd9.MINI)

    rng = np.random.default_rng(7)
    seen = 0
    for _ in range(200):
        S = rng.integers(0, 1 << 27, simd9.STATE9).astype(np.int64)
        S[simd9.SNAP:simd9.SNAP + 27] = np.where(rng.random(27) < 0.7, S[:27], S[simd9.SNAP:simd9.SNAP + 27])
        twin = S.copy()
        naked, biv, changed, p = scans(S)
        assert naked == simd9._naked_scan_py(twin)
        assert (S == twin).all()  # the same digit planes written, nothing else touched
        planes = S[simd9.PLANES:simd9.PLANES + 16].reshape(4, 4)
        for b in range(3):  # a naked single's digit read from the planes is its one digit
            for pos in range(27):
                digits = [d for d in range(9) if (S[3 * d + b] & S[27 + b]) >> pos & 1]
                if len(digits) == 1:
                    seen += 1
                    assert sum((int(planes[k, b]) >> pos & 1) << k for k in range(4)) == digits[0]
        assert biv == simd9._bivalue_scan_py(S)
        assert changed == simd9._changed_words_py(S, simd9.SNAP)
        assert p == simd9._pext_py(S[0], simd9.MINI)
    assert seen > 100
