"""Sudoku Explainer's rating path in one numba call: every producer that has a kernel, in SE's order.

`walk` applies SE's producers (logic/rating.SE_PRODUCERS; the ones with kernels are listed in NATIVE) from
`start`, one step at a time, each time taking the first producer that applies and starting again from producer 0,
until the grid is solved (returns -1) or the next producer to try has no kernel (returns its index: the caller
runs it in Python, then calls walk again from 0 if it found a step, or from index + 1 if not). One call replaces
the twenty or so calls a hard step made before, each of which paid numba's argument unboxing (tens of us).

stats = [er, ep, ed, steps, producer behind er, its strong-link suffix] (prices in tenths), updated as SE's
getDifficulty does (see kernels/se.rate_basic); the last two name the hardest technique.
tabs = (cell_houses, peers words, unit_words, sees, then sestrong.memo_buffers: memo keys, results, cells and its
scratch (tabs[4:14]), then [plain houses] (tabs[14]) and kernels/loops.bug_cells' out-buffers (cells, masks),
then APE's, ATE's and the bent wings' last grid and outcome (tabs[17]: rows 0, 1, then k - 1 for a wing of
k cells; kernels/exclusion.exclusion_since, wings.best_wing_since)):
the extra tables of kernels/strong, wings, exclusion, loops and the strong-link memo of kernels/sestrong.py.

Speed (chains5, 2026-11-23; `python benchmarks/rate.py --hodoku-python /work/peers/venv/bin/python --scale se`,
machine at load 2-4): ER < 5 961/s (52.8x hodoku-py's 18.2/s), ER 5-9.3 36.4/s (47.5x; was 27.0/s, 35.9x),
7-8.5 59.7/s, 8.5-9.3 9.23/s; both scales (default) 473/s (26.0x) and 19.1/s (24.8x; was 24.9x / 20.3x). From:
the per-digit strong-link memo (sestrong.py), ATE's pruned evaluation (exclusion.py), the closure-pruned cycle
and forcing searches of loops_best (links.py), BUG in numba (loops.bug_cells).
sewalk3 (2026-11-24): what the walk's producers cost, each timed in-kernel on the states the walk tries it on
(rate.py's samples, both scales, 40 puzzles; ms a sample, us a call): at ER 5-7 (walk ~32 ms of ~83 ms CPU)
unique-loop screen 3.8 (44), StrongLinks(3) 3.4 (51), StrongLinks(2) 3.4 (20), direct pointing 3.2 (6.5), hidden
single 2.1 (0.8 x 2,551), WXYZ 1.9 (34); at ER 5-9.3 (walk ~138 of ~730 ms) ATE 21.5 (205), StrongLinks(3) 16
(49; 23 with a warm memo), StrongLinks(2) 10, loop screen 10 (29), StrongLinks(4) 8, the bent wings 7.6, 7.1, 6.1
and 1.1, direct pointing 5.1, APE 5.0 (20). Cut here: the loop screen (loops.loop_step), bent wings' eliminations
(wings.py), ATE's third cell and APE as masks (exclusion.py). Whole walk, process time in cascade.walk over the
sample, best of 3, main 09de295 vs sewalk3 alternated (load 7-9): ER 5-7 34.3 / 36.0 -> 31.7 / 30.9 ms, ER 5-9.3
153 / 169 -> 131 / 134 ms (/tmp/sewalk3/walktime.py). Not cut: StrongLinks' per-digit search is kernels/strong.py.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .exclusion import exclusion_since
from .loops import bug_cells, loop_step
from .se import _left, apply_counted, empties, producer
from .sestrong import best_chain_memo
from .wings import best_wing_since

# SE producer index -> how its kernel is reached: 0 basic (kernels/se producer id in SE_KERNEL), 1 strong links,
# 2 bent wing, 3 aligned exclusion, 4 unique loops, 5 BUG (4 and 5 are screens: Python builds the step when the
# kernel finds one); -1 none (Python)
KIND = np.array([0] * 12 + [1, 0, 0, 4, 0, 0, 0, 1, 2, 5, 1, 2, 3, 2, -1, 2, 3] + [-1] * 16, np.int64)
ARG = np.array(list(range(12)) + [2, 12, 13, 0, 14, 15, 16, 3, 3, 0, 4, 4, 2, 5, 0, 6, 3] + [0] * 16, np.int64)


@njit(cache=True)
def _try(p, n, values, cand, geo, scan, kind, tabs, out, elim, best, cells, empty):
    """Run SE producer p's kernel; True with the step in out/elim if it applies (empty: kernels/se.empties)."""
    k = KIND[p]
    a = ARG[p]
    if k == 0:
        return producer(a, n, values, cand, geo, scan, kind, out, elim, empty)
    if k == 1:
        if not best_chain_memo(a, n, cand, geo[1], geo[9], kind, tabs[0], tabs[1], tabs[2], geo[10], tabs[4],
                               tabs[5], tabs[6], tabs[7], tabs[8], tabs[9], tabs[10], tabs[11], tabs[12], tabs[13],
                               best, elim):
            return False
        out[0], out[1], out[2], out[3], out[4] = p, best[0], -1, 0, best[1]
        return True
    if k == 2:
        if not best_wing_since(a, n, cand, geo[1], geo[9], tabs[3], tabs[1], tabs[17][a - 1], best, elim):
            return False
        out[0], out[1], out[2], out[3], out[4] = p, best[0], -1, 0, best[1]
        return True
    e = exclusion_since(a, cand, geo[4], geo[5], tabs[3], tabs[17][a - 2], cells, elim)
    if e == 0:
        return False
    out[0], out[1], out[2], out[3], out[4] = p, 62 if a == 2 else 75, -1, 0, e
    return True


@njit(cache=True)
def walk(start, n, values, cand, geo, scan, kind, tabs, stats, out, elim):
    """Walk SE's path from producer `start` (see the module docstring); -1 when solved, else the index of the
    first producer without a kernel that the path reaches."""
    best = np.zeros(5, np.int64)
    cells = np.zeros(3, np.int64)
    empty = empties(n, geo[1], values)
    left = _left(values)
    p = start
    while left:
        if p >= KIND.shape[0] or KIND[p] < 0:
            return p
        if KIND[p] == 4:
            # SE's unique loops: Python builds the step (its text and eliminations) only when there is one (19 of
            # the 349 calls on rate.py's ER < 5 and 5-9.3 samples); the others cost a Python round trip each
            # the screen asks only whether a loop gives a step (kernels/loops.loop_step, each loop once a direction)
            if tabs[14][0] and loop_step(n, values, cand, geo[0], geo[1], tabs[3], geo[4], geo[5], best):
                return p
            p += 1
            continue
        if KIND[p] == 5:
            # BUG: Python makes the step (or finds none) only when SE's BUG cells exist (10 of the 282 calls on
            # rate.py's ER 5-9.3 sample)
            if tabs[14][0] and bug_cells(n, values, cand, geo[1], tabs[1], tabs[15], tabs[16]):
                return p
            p += 1
            continue
        if not _try(p, n, values, cand, geo, scan, kind, tabs, out, elim, best, cells, empty):
            p += 1
            continue
        left -= apply_counted(n, values, cand, geo, out, elim, empty)
        if out[1] > stats[0]:
            stats[0] = out[1]
            stats[4] = p
            stats[5] = best[4] if KIND[p] == 1 else 0
        if stats[1] == 0:
            if stats[2] == 0:
                stats[2] = stats[0]
            if out[2] >= 0:
                stats[1] = stats[0]
        stats[3] += 1
        p = 0
    return -1
