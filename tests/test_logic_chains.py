"""HoDoKu's chains, ALS techniques, Sue de Coq and forcing chains/nets (logic/chains.py, als.py, sue_de_coq.py,
nets.py): hand-checked instances, states where they must find nothing, cross-checks, any-N runs and soundness
along solve paths (every elimination and placement checked against the known solution).

Hand-checked states are pencilmark grids, 81 tokens in reading order (a one-digit token is a placed digit); they
are mid-solve states of puzzles in tests/data/sudoku (magictour top 1465) unless noted. Each test spells out why
its eliminations hold.
"""

from __future__ import annotations

import numpy as np
import pytest

from conftest import DATA, random_puzzle
from sudokit.geometry import box_geometry, region_geometry
from sudokit.logic import als, chains, nets, sue_de_coq
from sudokit.logic.candidates import Candidates
from sudokit.logic.catalogue import HODOKU_ORDER
from sudokit.logic.path import hodoku_next
from sudokit.sudoku import engine
from sudokit.sudoku.variants import diagonals

G9 = box_geometry(3, 3)
FINDERS = (chains.x_chains, chains.xy_chains, chains.nice_loops, chains.grouped_nice_loops, als.als_xz,
           als.als_xy_wing, als.als_xy_chain, als.death_blossom, sue_de_coq.sue_de_coq, nets.forcing_chains,
           nets.forcing_nets)


def state_from(text: str, geometry=G9) -> Candidates:
    """A candidate grid from N*N tokens: the candidates of each cell, a single digit being a placed one."""
    tokens = text.split()
    n = geometry.n
    grid, marks = np.zeros(n * n, np.int32), np.zeros((n * n, n), bool)
    for c, tok in enumerate(tokens):
        if len(tok) == 1:
            grid[c] = int(tok)
        for ch in tok:
            marks[c, int(ch) - 1] = True
    return Candidates.from_grid(grid, geometry, marks)


def cell(name: str, n: int = 9) -> int:
    """r4c3 -> its 0-based cell index."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def elims(*pairs) -> tuple:
    """Eliminations ('r4c3', 7), ... as the sorted (cell, digit) tuple a Step holds."""
    return tuple(sorted((cell(name), d) for name, d in pairs))


def instance(finder, state, slug: str, explanation: str):
    """The step of a finder with this slug and explanation (fails listing what was found)."""
    found = [s for s in finder(state) if s.slug == slug]
    for s in found:
        if s.explanation == explanation:
            return s
    raise AssertionError("not found; got:\n" + "\n".join(s.explanation for s in found))


# ---------------------------------------------------------------- hand-checked instances

def test_x_chain():
    # Digit 9: r1c4=r1c2 (the only 9s of row 1), r1c2-r9c2 (column 2), r9c2=r9c9 (row 9), r9c9-r5c9 (column 9),
    # r5c9=r5c5 (row 5). So r1c4 or r5c5 is 9, and r2c5, r3c5 (box 2, column 5) and r6c4 (box 5, column 4) are not.
    st = state_from("58 459 458 69 2 46 3 7 1 3 2 67 8 479 1 469 569 4569 49 1 67 5 479 3 2469 28 2468 7 48 9 1 6 458 "
                    "24 23 2345 45 46 3 2 459 47 8 1 4679 1 4568 2 349 38 45789 4679 569 45679 489 3 1 467 89 2 5 69 "
                    "679 6 579 58 37 1 89 279 4 2378 2 79 48 3467 35 456 1 38 36789")
    s = instance(chains.x_chains, st, "x-chain",
                 "X-Chain: 9 r1c4 =9= r1c2 -9- r9c2 =9= r9c9 -9- r5c9 =9= r5c5 => r23c5,r6c4<>9")
    assert s.eliminations == elims(("r2c5", 9), ("r3c5", 9), ("r6c4", 9))
    assert s.se == 6.6 and s.digits == (9,) and len(s.links) == 5
    assert [lk.strong for lk in s.links] == [True, False, True, False, True]


XY_STATE = ("8 1 9 4 26 26 3 7 5 246 3 246 7 5 1 24 8 9 5 24 7 8 3 9 246 16 12 19 7 8 5 4 3 19 2 6 3 24 124 6 9 27 "
            "17 5 8 269 5 26 1 27 8 79 4 3 17 6 3 2 17 5 8 9 4 1247 9 124 3 8 467 5 16 127 1247 8 5 9 167 467 26 3 "
            "127")


def test_xy_chain():
    # Bivalue cells r4c1 {19} - r4c7 {19} - r5c7 {17} - r5c6 {27} - r6c5 {27} - r7c5 {17}: if r4c1 is not 1 it is
    # 9, so r4c7 is 1, r5c7 7, r5c6 2, r6c5 7 and r7c5 1. Either end holds 1: r7c1 sees both and loses it.
    s = instance(chains.xy_chains, state_from(XY_STATE), "xy-chain",
                 "XY-Chain: 1 1- r4c1 -9- r4c7 -1- r5c7 -7- r5c6 -2- r6c5 -7- r7c5 -1 => r7c1<>1")
    assert s.eliminations == elims(("r7c1", 1))
    assert s.se == 7.3  # 7.0 + SE's bonus for 12 nodes


def test_xy_chains_find_every_xy_wing():
    # XY-Wing: pivot r2c1 {27} (HoDoKu's example xy01), pincers r1c3 {57} and r1c6 {25}: a 3-cell XY-Chain.
    st = state_from("8 145 57 3 6 25 9 147 12 27 45 9 47 1 25 8 6 3 127 6 3 47 8 9 24 147 5 9 2 4 6 7 3 1 5 8 "
                    "3 8 6 9 5 1 7 2 4 5 7 1 8 2 4 3 9 6 4 3 2 1 9 6 5 8 7 6 9 8 5 3 7 24 14 12 17 15 57 2 4 8 6 3 9")
    found = {e for s in chains.xy_chains(st) for e in s.eliminations}
    assert elims(("r2c6", 2))[0] in found


def test_continuous_nice_loop():
    # r8c3=1 or r5c3=1 (the 1s of column 3); r5c3 {124}: 1 or 4 with r5c2 (the 4s of row 5); r5c2 {24} -4- r3c2
    # {24} -2- r3c9 {12} -1- r3c8 {16} =1= r8c8 (the 1s of column 8) -1- r8c3: a closed loop, so each weak link
    # is a conjugate pair: r5c3 is 1 or 4 (loses 2), row 3's 2 is in r3c2 or r3c9 (r3c7 loses 2), row 8's 1 is in
    # r8c8 or r8c3 (r8c9 loses 1).
    st = state_from("8 1 9 4 26 26 3 7 5 246 3 246 7 5 1 24 8 9 5 24 7 8 3 9 246 16 12 19 7 8 5 4 3 19 2 6 3 24 "
                    "124 6 9 27 17 5 8 269 5 26 1 27 8 79 4 3 7 6 3 2 1 5 8 9 4 24 9 124 3 8 467 5 16 127 124 8 5 9 "
                    "67 467 26 3 127")
    s = instance(chains.nice_loops, st, "continuous-nice-loop",
                 "Continuous Nice Loop: 1/2 r8c3 =1= r5c3 =4= r5c2 -4- r3c2 -2- r3c9 -1- r3c8 =1= r8c8 -1- r8c3 "
                 "=> r8c9<>1, r3c7,r5c3<>2")
    assert s.eliminations == elims(("r8c9", 1), ("r3c7", 2), ("r5c3", 2))


def test_discontinuous_nice_loop():
    # Suppose r3c5=3: r1c6 is not 3, so r1c1 is (the 3s of row 1); r1c1 is then not 5, so r5c1 is (column 1);
    # r5c8 is not 5, so r2c8 is (column 8); r2c8 is not 3, so r3c8 is (column 8) - and r3c5 is not 3. So r3c5<>3.
    st = state_from("3569 5689 68 79 2 379 69 4 1 39 7 24 489 1 6 289 235 259 369 1 24 5 348 3489 2689 2367 2679 2 "
                    "356 7 49 56 1 3469 8 4569 156 568 168 3 4568 2489 7 256 49 4 3568 9 278 5678 278 236 1 256 79 "
                    "249 5 6 478 2478 1 29 3 8 26 3 1 9 5 246 267 2467 1679 2469 16 247 347 2347 5 69 8")
    s = instance(chains.nice_loops, st, "discontinuous-nice-loop",
                 "Discontinuous Nice Loop: 3 r3c5 -3- r1c6 =3= r1c1 =5= r5c1 -5- r5c8 =5= r2c8 =3= r3c8 -3- r3c5 "
                 "=> r3c5<>3")
    assert s.eliminations == elims(("r3c5", 3))


def test_aic_type_2():
    # If r2c9 is not 1, r2c7 is (row 2); then r7c7 {14} is 4, so r5c7 is not, so r5c9 is (the 4s of row 5).
    # So r2c9=1 or r5c9=4; both in column 9, hence r2c9 cannot be 4. Six nodes: no length bonus.
    st = state_from("356 4 79 3578 1 367 2 368 35689 2356 2568 268 35 2456 9 145 7 13456 2356 1 79 3578 24567 2346 "
                    "4589 3468 345689 125 2579 12 4 3 57 6 28 2789 8 2367 36 179 679 16 47 5 24 456 5679 46 2 8 567 "
                    "179 13 1379 7 236 5 139 249 8 14 1246 1246 124 28 1248 6 2457 1247 3 9 1578 9 2368 12346 1357 "
                    "2457 1234 14578 12468 145678")
    s = instance(chains.nice_loops, st, "aic",
                 "AIC: 4 1- r2c9 =1= r2c7 -1- r7c7 -4- r5c7 =4= r5c9 -4 => r2c9<>4")
    assert s.eliminations == elims(("r2c9", 4)) and s.se == 7.0


def test_aic_hodoku_example():
    # HoDoKu's example aic101 (hodoku.sourceforge.net/en/show_example.php?file=aic101): r1c2 {35} is 5 or 3; if 3,
    # r1c4 is not, so r3c4 is (column 4), so not 9, so r7c4 is (column 4), so not 2, so r7c2 is (row 7), so r8c3
    # {25} is 5. Either r1c2 or r8c3 is 5: r123c3 and r78c2 see both.
    st = state_from("2 35 345 34578 1458 14578 58 6 9 9 8 456 45 2 456 1 3 7 7 1 356 3589 5689 568 58 2 4 "
                    "18 23 9 478 468 4678 36 5 12 18 4 23 58 568 9 36 7 12 5 6 7 1 3 2 9 4 8 "
                    "6 257 1 2459 459 45 47 8 3 3 257 25 2458 1458 1458 47 9 6 4 9 8 6 7 3 2 1 5")
    want = elims(("r1c3", 5), ("r2c3", 5), ("r3c3", 5), ("r7c2", 5), ("r8c2", 5))
    found = {e for s in chains.nice_loops(st) if s.slug == "aic" for e in s.eliminations}
    assert set(want) <= found


GROUPED = ("4 569 1268 5789 3 18 259 267 25679 1237 359 12 6 127 4579 8 35 3459 23678 3569 268 459 278 45789 3459 "
           "267 1 1236 346 1246 378 5 13678 23 9 278 123 8 59 349 17 3479 6 127 257 136 7 59 2 168 3689 345 18 3458 "
           "68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 29 9 12 7 35 4 35 12 68 68")


def test_grouped_discontinuous_nice_loop():
    # Suppose r4c4=3: r4c7 {23} is 2, so neither r4c1 nor r4c3 (the group r4c13) is 2, so r5c1 is (box 4), so r5c1
    # is not 3, so row 5's 3 is in the group r5c46 - which sees r4c4. So r4c4<>3.
    s = instance(chains.grouped_nice_loops, state_from(GROUPED), "grouped-discontinuous-nice-loop",
                 "Grouped Discontinuous Nice Loop: 3 r4c4 -3- r4c7 -2- r4c13 =2= r5c1 =3= r5c46 -3- r4c4 => r4c4<>3")
    assert s.eliminations == elims(("r4c4", 3)) and s.se == 7.1


def test_grouped_aic():
    # If r2c8 {35} is not 3, r7c8 is (column 8), so r7c9 is 5 (row 7), so the group r56c9 is not, so r6c7 is
    # (box 6), so not 4, so r3c7 is 4 (column 7). r2c8=3 or r3c7=4, and the cells see each other: r3c7<>3.
    s = instance(chains.grouped_nice_loops, state_from(GROUPED), "grouped-aic",
                 "Grouped AIC: 3 3- r2c8 =3= r7c8 =5= r7c9 -5- r56c9 =5= r6c7 =4= r3c7 -4 => r3c7<>3")
    assert s.eliminations == elims(("r3c7", 3))


def test_grouped_continuous_nice_loop():
    # r5c6 -9- r5c9 (the 9s of row 5) {24569: 9 or 4} =4= r4c79 (box 6's other 4s) -4- r4c4 {49} -9- r5c6 (box 5):
    # a closed loop. r5c9 is 4 or 9; row 4's 4 is in r4c4 or r4c79 (r4c5, r4c6 lose it); box 5's 9 is in r4c4 or
    # r5c6 (r4c6 loses it).  (A state of puzzle 21 of the magictour file.)
    st = state_from("3569 5689 68 79 2 1379 369 4 15679 359 7 24 489 1348 6 2389 1235 1259 369 1 24 5 3478 34789 "
                    "23689 2367 2679 2 356 7 49 1456 149 3469 8 14569 156 568 168 3 4568 2489 7 256 24569 4 3568 9 "
                    "278 15678 1278 236 12356 1256 79 249 5 6 478 2478 1 29 3 8 26 3 1 9 5 246 267 2467 1679 2469 16 "
                    "247 347 2347 5 269 8")
    s = instance(chains.grouped_nice_loops, st, "grouped-continuous-nice-loop",
                 "Grouped Continuous Nice Loop: 2/4/5/6/9 r5c6 =9= r5c9 =4= r4c79 -4- r4c4 -9- r5c6 => r5c9<>2, "
                 "r4c56<>4, r5c9<>5, r5c9<>6, r4c6<>9")
    assert s.eliminations == elims(("r5c9", 2), ("r5c9", 5), ("r5c9", 6), ("r4c5", 4), ("r4c6", 4), ("r4c6", 9))


ALS_STATE = ("4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 127 14579 8 2357 234579 23678 3569 268 45789 278 "
             "45789 23459 23567 1 1236 346 1246 378 5 13678 23 9 2378 123 8 59 3479 17 13479 6 12357 2357 136 7 59 2 "
             "168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 29 9 12 7 35 4 35 12 68 68")


def test_als_xz():
    # A = r4c456 {3579} (3 cells), B = r5c4789 {14579} (4 cells). 9 is a restricted common: all 9s of both (r4c456,
    # r5c4) see each other, so one ALS lacks 9 and is locked. Either way 7 is in A or B: r5c6 sees r4c4, r4c6 and
    # r5c4, r5c7, r5c8, r5c9, every 7 of both.
    st = state_from("7 126 8 459 4569 4569 3 1456 1259 469 36 3469 2 34569 1 4679 45678 5789 5 1236 123469 78 3469 "
                    "78 12469 146 129 189 4 1579 3579 59 3579 178 2 6 3 1267 12679 479 8 24679 147 1457 157 268 "
                    "25678 2567 1 2456 24567 478 9 3 128 9 12357 6 125 2358 127 1378 4 12468 12368 12346 3489 7 "
                    "23489 5 1368 1289 12468 1235678 1234567 34589 12459 234589 12679 13678 12789")
    s = instance(als.als_xz, st, "als-xz", "ALS-XZ: A=r4c456 {3579}, B=r5c4789 {14579}, X=9, Z=7 => r5c6<>7")
    assert s.eliminations == elims(("r5c6", 7))


def test_als_xz_doubly_linked():
    # A = r6c4 {28}, B = r569c6 {2478}; 2 and 8 are both restricted commons (every 2 and 8 of A and B sees the
    # others, box 5 and row 6). Four cells then need four different digits out of {2,4,7,8}: 4 and 7 are in B, and
    # r7c6 sees B's 4s (r5c6, r9c6) and 7s (r6c6, r9c6) in column 6.  (A state of puzzle 21 of the magictour file.)
    st = state_from("59 5689 68 7 2 3 69 4 1 39 7 24 48 1 6 89 35 25 36 1 24 5 48 9 268 367 267 2 356 7 9 56 1 346 "
                    "8 456 156 68 168 3 456 24 7 256 9 4 356 9 28 567 278 236 1 256 79 249 5 6 478 2478 1 29 3 8 26 "
                    "3 1 9 5 246 67 467 1679 246 16 24 3 47 5 69 8")
    s = instance(als.als_xz, st, "als-xz", "ALS-XZ: A=r6c4 {28}, B=r569c6 {2478}, X=2,8, Z=4,7 => r7c6<>4, r7c6<>7")
    assert s.eliminations == elims(("r7c6", 4), ("r7c6", 7))


def test_als_xy_wing():
    # A = r1c24789 {256789}, C = r48c4 {378}, B = r4c7 {23}; RCs 8 (A-C, column 4) and 3 (C-B, row 4). Were 2 in
    # neither A nor B, B would be 3 and A would hold 8, leaving C without 3 and 8. So 2 is in A (r1c789) or B (r4c7):
    # r3c7 sees them all.
    s = instance(als.als_xy_wing, state_from(ALS_STATE), "als-xy-wing",
                 "ALS-XY-Wing: A=r1c24789 {256789}, B=r4c7 {23}, C=r48c4 {378}, X,Y=8,3, Z=2 => r3c7<>2")
    assert s.eliminations == elims(("r3c7", 2))


def test_als_xy_chain():
    # r1c24789 {256789} -8- r48c4 {378} -3- r1489c7 {12359} -5- r2c1358 {12357}: without 2 the first ALS holds 8,
    # so the second lacks 8 and holds 3, the third lacks 3 and holds 5, the last lacks 5 and holds 2. So 2 is in the
    # first (r1c789) or the last (r2c1358): r2c9 sees every one of them.
    s = instance(als.als_xy_chain, state_from(ALS_STATE), "als-xy-chain",
                 "ALS-XY-Chain: 2- r1c24789 {256789} -8- r48c4 {378} -3- r1489c7 {12359} -5- r2c1358 {12357} -2 "
                 "=> r2c9<>2")
    assert s.eliminations == elims(("r2c9", 2))


def test_death_blossom():
    # Stem r4c7 {78}. Petal for 7: r7c57 {167} (its only 7, r7c7, sees the stem); petal for 8: r4c1 {18}. If the
    # stem is 7, r7c57 holds 1 and 6; if 8, r4c1 is 1. r7c1 sees r7c5, r7c7 and r4c1, so it cannot be 1.
    st = state_from("7 1 8 29 25 259 3 46 46 9 235 235 6 4 1 25 78 78 4 25 6 78 3 78 259 15 19 18 6 17 34 9 34 78 2 "
                    "5 3 257 9 27 8 2567 167 1467 1467 258 24578 2457 1 256 2567 678 9 3 168 9 1347 5 16 3468 167 "
                    "13678 2 12568 2358 1235 2389 7 23689 4 13568 1689 12568 234578 123457 23489 126 234689 59 "
                    "135678 16789")
    s = instance(als.death_blossom, st, "death-blossom",
                 "Death Blossom: r4c7, -7- r7c57 {167}, -8- r4c1 {18} => r7c1<>1")
    assert s.eliminations == elims(("r7c1", 1))


def test_sue_de_coq():
    # C = r123c8 {124569} (3 cells, 6 digits); in column 8, r4c8 {12}; in box 3, r2c7 {469} and r2c9 {569}. Six
    # cells, six digits, no digit in both side sets: 1 and 2 are in column 8's part, 4, 5, 6, 9 in box 3's part.
    # So r6c8, r8c8, r9c8 lose 1 (and r6c8 2); r1c7 loses 4 and r3c9 loses 5.
    st = state_from("6 57 9 234 2345 2345 1347 1245 8 23 58 23 7 458 1 469 4569 569 4 578 1 69 2358 69 37 25 2357 "
                    "157 9 8 123 6 2357 17 12 4 157 2 46 1489 1457 45789 16789 3 1679 17 3 46 12489 1247 2479 5 "
                    "12689 12679 239 1 23 5 34 3468 34689 7 369 8 46 57 12346 9 23467 1346 1456 1356 39 46 57 13468 "
                    "1347 34678 2 145689 13569")
    s = instance(sue_de_coq.sue_de_coq, st, "sue-de-coq",
                 "Sue de Coq: r123c8 - {124569} (r4c8 - {12}, r2c79 - {4569}) => r689c8<>1, r6c8<>2, r1c7<>4, "
                 "r3c9<>5")
    assert s.eliminations == elims(("r6c8", 1), ("r8c8", 1), ("r9c8", 1), ("r6c8", 2), ("r1c7", 4), ("r3c9", 5))


def test_forcing_chain_contradiction():
    # r3c7=3 removes 3 from r2c8 {35} (box 3); it also removes r3c7's 4, so r6c7 is 4 (column 7), so not 5, so
    # column 7's 5 is in r1c7 or r3c7 (a group in box 3), which r2c8 sees: r2c8 has no candidate left.
    s = instance(nets.forcing_chains, state_from(GROUPED), "forcing-chain-contradiction",
                 "Forcing Chain Contradiction in r2c8 => r3c7<>3 (r3c7=3 r2c8<>3; r3c7=3 r6c7=4 r13c7=5 r2c8<>5)")
    assert s.eliminations == elims(("r3c7", 3)) and not s.placements


def test_forcing_chain_verity():
    # HoDoKu's example fcv03 (hodoku.sourceforge.net/en/show_example.php?file=fcv03): row 4's 1 is in r4c4, r4c6
    # or r4c7. r4c4=1: r8c4=6, so r6c8=6 (column 8), so r1c8=3, so r1c7=4. r4c6=1: r4c7=3 (the 3s of row 4), so
    # r1c7=4. r4c7=1: r5c8=5 (box 6), so r1c8=3, so r1c7=4. In every case r1c7=4.
    st = state_from("2 7 1 8 9 6 34 35 45 9 4 3 5 2 7 6 8 1 8 5 6 3 1 4 7 9 2 4 8 79 1679 567 1359 139 2 567 6 3 279 "
                    "12479 4578 1259 1489 15 4578 5 1 279 24679 4678 239 3489 36 4678 3 9 5 1246 46 12 18 7 68 7 2 4 "
                    "16 3 8 5 16 9 1 6 8 79 57 59 2 4 3")
    s = instance(nets.forcing_chains, st, "forcing-chain-verity",
                 "Forcing Chain Verity => r1c7=4 (r4c4=1 r8c4=6 r6c8=6 r1c8=3 r1c7=4; r4c6=1 r4c7=3 r1c7=4; "
                 "r4c7=1 r5c8=5 r1c8=3 r1c7=4)")
    assert s.placements == ((cell("r1c7"), 4),) and not s.eliminations


def test_forcing_net_contradiction():
    # r9c5=4 takes 4 from r9c3 (row 9), leaving r1c3 as column 3's only 4; it also takes 4 from r2c5 and r3c5
    # (column 5), so box 2's 4 lies in row 1 (r1c4, r1c6) and r1c3 loses it. Two implications meet in one (locked
    # candidates): a net. (A longer forcing chain reaches the same conclusion.)
    st = state_from("34589 459 458 469 249 469 2349 7 1 349 2 67 8 479 1 3469 3569 34569 49 1 67 5 2479 3 2469 2689 "
                    "24689 7 458 9 1 6 458 234 235 2345 45 456 3 2 459 4579 8 1 45679 1 4568 2 349 34589 45789 4679 "
                    "569 45679 489 3 1 4679 489 2 5 689 6789 6 579 58 379 1 589 2379 4 23789 2 4579 458 34679 34589 "
                    "45689 1 3689 36789")
    s = instance(nets.forcing_nets, st, "forcing-net-contradiction",
                 "Forcing Net Contradiction in r1c3 => r9c5<>4 (r9c5=4 r1c3=4; r9c5=4 r1c3<>4)")
    assert s.eliminations == elims(("r9c5", 4)) and s.se == 9.0


def test_forcing_net_verity():
    # Cell r7c7 {167}. 7: r4c7 {78} is 8. 1: r7c5 {16} is 6, so r7c1 {168} is 8, so r4c1 {18} is not and r4c7 is
    # row 4's 8. 6: r7c5 is 1, so r7c1 is 8 again. Every case gives r4c7=8; a cell needing two removed candidates
    # (r7c1) makes it a net.
    st = state_from("7 1 8 29 25 259 3 46 46 9 235 235 6 4 1 25 78 78 4 25 6 78 3 78 259 15 19 18 6 17 34 9 34 78 2 "
                    "5 3 257 9 27 8 2567 167 1467 1467 258 24578 2457 1 256 2567 678 9 3 168 9 1347 5 16 3468 167 "
                    "13678 2 12568 2358 1235 2389 7 23689 4 13568 1689 12568 234578 123457 23489 126 234689 59 "
                    "135678 16789")
    s = instance(nets.forcing_nets, st, "forcing-net-verity",
                 "Forcing Net Verity => r4c7=8 (r7c7=1 r7c1=8 r4c7=8; r7c7=6 r7c5=1 r7c1=8 r4c7=8; r7c7=7 r4c7=8)")
    assert s.placements == ((cell("r4c7"), 8),)


# ---------------------------------------------------------------- states where nothing may be found

OPEN = " ".join(["123456789"] * 81)


@pytest.mark.parametrize("finder", FINDERS, ids=lambda f: f.__name__)
def test_nothing_on_an_open_grid(finder):
    # Every cell holds every digit: no strong link, no bivalue cell, no ALS, nothing an assumption could force
    # beyond its own peers.
    assert list(finder(state_from(OPEN))) == []


@pytest.mark.parametrize("finder", FINDERS[:-2], ids=lambda f: f.__name__)
def test_nothing_on_singles_only(finder):
    # A solution with four blanks in different rows, columns and boxes: each is a naked single, so there is no
    # bivalue cell, no house with two places for a digit, no ALS. (Forcing chains would prove the singles.)
    line = _lines("puzzles3_magictour_top1465_first1000", 1)[0]
    grid = engine("fast")(_grid(line), G9, 2).solution.copy()
    for name in ("r1c1", "r4c5", "r7c9", "r5c3"):
        grid[cell(name)] = 0
    assert list(finder(Candidates.from_grid(grid, G9))) == []


def test_forcing_finds_nothing_on_a_very_hard_start():
    # The first of the forum's hardest puzzles (SE 11+) after basic steps: no single assumption leads anywhere
    # within forcing chains or nets (it needs nested chains).
    line = _lines("puzzles6_forum_hardest_1106", 1)[0]
    st = Candidates.from_grid(_grid(line), G9)
    basic = tuple(e for e in HODOKU_ORDER if e.module in ("singles", "intersections", "subsets"))
    while (s := hodoku_next(st, basic)) is not None:
        st.apply(s)
    assert list(nets.forcing_chains(st)) == [] and list(nets.forcing_nets(st)) == []


# ---------------------------------------------------------------- cross-checks and other sizes

def test_x_chains_cover_turbot_fish_family():
    # Skyscrapers, 2-String Kites and Turbot Fish are X-Chains of three links; every elimination they make on these
    # states must come out of x_chains too.
    from sudokit.logic import strong_links
    checked = 0
    for st in _first_stuck_states("puzzles3_magictour_top1465_first1000", 8):
        turbot = {e for s in strong_links.strong_link_steps(st, 2) if len(s.cells) == 4 for e in s.eliminations}
        x = {e for s in chains.x_chains(st) for e in s.eliminations}
        assert turbot <= x
        checked += len(turbot)
    assert checked


@pytest.mark.parametrize("shape,count,states,keep", [((2, 2), 4, 6, 0.4), ((2, 3), 3, 6, 0.45),
                                                     ((4, 4), 1, 2, 0.55)])
def test_other_sizes_sound(shape, count, states, keep):
    _walk_sizes(np.random.default_rng(7), box_geometry(*shape), count, states, keep)


def test_variants_sound():
    from sudokit.formats import read_puzzles
    hdu = read_puzzles((DATA / "hdu4069" / "sample.in").read_text(), fmt="hdu4069").entries[0]
    rng = np.random.default_rng(11)
    for geometry in (G9.with_constraints(units=diagonals(9)), region_geometry(hdu.regions)):
        _walk_sizes(rng, geometry, 1, 4, keep=0.4)


def _walk_sizes(rng, geometry, count, states, keep):
    """Random puzzles of a geometry: every step of every finder on the first states of a path (placing the full
    grid's digit in a fewest-candidates cell each time) must agree with the full grid."""
    for _ in range(count):
        full = random_puzzle(rng, geometry, 1.0)
        puzzle = np.where(rng.random(geometry.ncells) < keep, full, 0).astype(np.int32)
        st = Candidates.from_grid(puzzle, geometry)
        for _ in range(states):
            if st.solved():
                break
            for finder in FINDERS:
                _assert_sound(finder(st), full)
            empty = [c for c in range(geometry.ncells) if not st.values[c]]
            c = min(empty, key=lambda c: (st.count(c), c))
            st.place(c, int(full[c]))


# ---------------------------------------------------------------- soundness along solve paths

MINE = ("sue_de_coq", "chains", "als", "nets")
BASIC = tuple(e for e in HODOKU_ORDER if e.module in ("singles", "intersections", "subsets"))
ORDER = BASIC + tuple(e for e in HODOKU_ORDER if e.module in MINE)


def _lines(name: str, count: int) -> list[str]:
    """The first puzzles of a data file."""
    lines = [x.strip() for x in (DATA / "sudoku" / name).read_text().splitlines()]
    return [x for x in lines if x and not x.startswith("#")][:count]


def _grid(line: str) -> np.ndarray:
    """A 9x9 puzzle line as a flat grid."""
    return np.array([0 if ch in ".0" else int(ch) for ch in line[:81]], np.int32)


def _first_stuck_states(name: str, count: int):
    """Per puzzle, the first state where basic techniques (singles, locked candidates, subsets) run out."""
    for line in _lines(name, count):
        st = Candidates.from_grid(_grid(line), G9)
        while (s := hodoku_next(st, BASIC)) is not None:
            st.apply(s)
        if not st.solved():
            yield st


def _assert_sound(steps, solution) -> int:
    """Every elimination and placement of the steps agrees with the solution; returns how many steps."""
    k = 0
    for s in steps:
        k += 1
        for c, d in s.eliminations:
            assert solution[c] != d, s.explanation
        for c, d in s.placements:
            assert solution[c] == d, s.explanation
    return k


@pytest.mark.parametrize("name,count,every", [("puzzles2_17_clue_first1000", 200, 1),
                                              ("puzzles3_magictour_top1465_first1000", 30, 3),
                                              ("puzzles5_forum_hardest_1905_11+_first1000", 4, 4)])
def test_sound_along_paths(name, count, every):
    # Paths of singles, locked candidates, subsets and this module's techniques (Brute Force when all fail). At every
    # `every`-th state where the basic techniques run out, every instance of every finder is checked (not just the
    # step the path takes); the path's own steps are checked at every state.
    checked = 0
    k = 0
    for line in _lines(name, count):
        grid = _grid(line)
        sol = engine("fast")(grid, G9, 2).solution
        st = Candidates.from_grid(grid, G9)
        while not st.solved():
            s = hodoku_next(st, BASIC)
            if s is None:
                k += 1
                if k % every == 0:
                    for finder in FINDERS:
                        checked += _assert_sound(finder(st), sol)
                s = hodoku_next(st, ORDER)
                if s is not None:
                    checked += _assert_sound([s], sol)
            if s is None:
                c = min((c for c in range(81) if not st.values[c]), key=lambda c: (st.count(c), c))
                st.place(c, int(sol[c]))
            else:
                st.apply(s)
    assert checked > 50


# ---------------------------------------------------------------- the graph's fast construction

def _plain_graph(state: Candidates, kind: str, groups: bool):
    """build_graph's nodes, edges and cell members computed the plain way (Python loops, np.unique)."""
    from sudokit.kernels import implications as K
    from sudokit.logic.candidates import bits

    n, h = state.n, state.houses
    digit, cells, cell = [], [], []
    cand_node = np.full(h.ncells * n, -1, np.int64)
    for c in range(h.ncells):
        if kind == "xy" and state.cand[c].bit_count() != 2:
            continue
        for b in bits(state.cand[c]):
            cand_node[c * n + b] = len(digit)
            digit.append(b + 1)
            cells.append(1 << c)
            cell.append(c)
    nnormal = len(digit)
    g_line, g_box, g_cells = [], [], []
    for line, box, common in chains.intersections(h) if groups else ():
        for d in range(1, n + 1):
            g = state.where[d] & common
            if g.bit_count() >= 2:
                digit.append(d), cells.append(g), cell.append(-1), g_line.append(line), g_box.append(box)
                g_cells.append(list(bits(g)))
    g_ptr, g_idx = chains._csr(g_cells)
    us, vs = np.zeros(64 * (len(digit) + 1), np.int64), np.zeros(64 * (len(digit) + 1), np.int64)
    k = K.graph_edges(chains.KINDS[kind], n, np.array(state.cand, np.uint64),
                      (np.array(digit, np.int64), np.array(cell, np.int64), cand_node, nnormal),
                      (g_ptr, g_idx, np.array(g_line, np.int64), np.array(g_box, np.int64)),
                      (np.array(h.cells, np.int64), *chains.geometry_arrays(h)), us, vs)
    npot = 2 * len(digit)
    keys = np.unique(us[:k] * npot + vs[:k])
    ptr = np.zeros(npot + 1, np.int64)
    ptr[1:] = np.cumsum(np.bincount(keys // npot, minlength=npot))
    members = [[] for _ in range(h.ncells)]
    for node, cs in enumerate(cells):
        for c in bits(cs):
            members[c].append(node)
    cn_ptr, cn_idx = chains._csr(members)
    return digit, cells, cell, nnormal, cand_node, ptr, keys % npot, cn_ptr, cn_idx


@pytest.mark.parametrize("shape", [(3, 3), (2, 3), (4, 4)])
@pytest.mark.parametrize("kind,groups", [("full", False), ("full", True), ("x", False), ("xy", False)])
def test_build_graph_matches_the_plain_construction(kind, groups, shape):
    rng = np.random.default_rng(7)
    geometry = box_geometry(*shape)
    for keep in (0.25, 0.35, 0.5):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        g = chains.build_graph(st, kind, groups)
        digit, cells, cell, nnormal, cand_node, ptr, idx, cn_ptr, cn_idx = _plain_graph(st, kind, groups)
        assert (g.digit, g.cells, g.cell, g.nnormal) == (digit, cells, cell, nnormal)
        assert g.digit_arr.tolist() == digit and g.cell_arr.tolist() == cell
        for mine, plain in ((g.cand_node, cand_node), (g.ptr, ptr), (g.idx, idx), (g.cn_ptr, cn_ptr),
                            (g.cn_idx, cn_idx)):
            assert mine.dtype == np.int64 and mine.tolist() == plain.tolist()


def test_csr_unique_is_np_unique():
    from sudokit.kernels.implications import csr_unique

    rng = np.random.default_rng(3)
    for npot, k in ((1, 0), (6, 40), (50, 400), (300, 2000)):
        us, vs = rng.integers(0, npot, 2 * k + 1), rng.integers(0, npot, 2 * k + 1)
        keys = np.unique(us[:k] * npot + vs[:k])
        ptr = np.zeros(npot + 1, np.int64)
        m = csr_unique(us.astype(np.int64), vs2 := vs.astype(np.int64), k, npot, ptr)
        assert vs2[:m].tolist() == (keys % npot).tolist()
        assert ptr.tolist() == [0] + np.cumsum(np.bincount(keys // npot, minlength=npot)).tolist()


# ---------------------------------------------------------------- SE's static runs over a prebuilt graph

def _run_records(s: int, st) -> tuple:
    """A run slot's records: (pid, parents, cause) of each, and the pid -> record map."""
    pid, p0, pn, par, nrec, cause, pmap = st[0], st[1], st[2], st[3], st[4], st[7], st[6]
    return ([(int(pid[s, r]), par[s, p0[s, r]:p0[s, r] + pn[s, r]].tolist(), int(cause[s, r]))
             for r in range(nrec[s])], pmap[s].tolist())


def test_propagate_static_is_propagate():
    """Static multiple chains' runs over the graph built once: the same records as propagate's."""
    from sudokit.kernels.dynamic import propagate, propagate_static
    from sudokit.kernels.links import static_graph
    from sudokit.logic import forcing

    rng = np.random.default_rng(11)
    for keep in (0.3, 0.4):
        st = Candidates.from_grid(random_puzzle(rng, G9, keep), G9)
        n, cand, geo, S = 9, np.array(st.cand, np.uint64), forcing.tables(st.houses), forcing.stores(st.houses)
        S.sc[12][:] = np.bincount(np.array(st.values, np.int64), minlength=n + 1)[1:]
        npid = 2 * 81 * n
        adj_ptr, adj, cause = np.empty(npid + 1, np.int64), np.empty(npid * 44, np.int64), np.empty(npid * 44,
                                                                                                   np.int64)
        static_graph(True, True, n, cand, geo, S.sc, adj_ptr, adj, cause)
        starts = [(c * n + d) * 2 + on for c in range(81) for d in range(n) if cand[c] >> d & 1 for on in (0, 1)]
        assert len(starts) > 100
        for start in starts[::3]:
            propagate(0, start, False, True, n, cand, geo, S.st, S.sc)
            want = _run_records(0, S.st), S.sc[8].tolist()
            propagate_static(1, start, adj_ptr, adj, cause, S.st, S.sc)
            got = _run_records(1, S.st), S.sc[8].tolist()
            assert got == want


def test_propagate_records_fit_or_overflow():
    """propagate's records (each written as its step finds it, kernels/dynamic's `record`): stores one record
    short report OVERFLOW, stores of exactly the run's records and parents give the same records and result as
    ample ones (dynamic or not, levels 0 and 1)."""
    from sudokit.kernels.dynamic import propagate
    from sudokit.kernels.links import OVERFLOW
    from sudokit.logic import forcing

    st = Candidates.from_grid(random_puzzle(np.random.default_rng(5), G9, 0.3), G9)
    n, cand, geo = 9, np.array(st.cand, np.uint64), forcing.tables(st.houses)
    placed = np.bincount(np.array(st.values, np.int64), minlength=n + 1)[1:]
    big = forcing.Stores(n, 81, 2 * 81 * n + 8, 8 * 81 * n + 64)
    starts = [(c * n + d) * 2 + on for c in range(81) for d in range(n) if cand[c] >> d & 1 for on in (0, 1)]
    runs = 0
    for level in (0, 1):
        for dynamic in (False, True):
            for start in starts[::7]:
                big.sc[12][:] = placed
                propagate(0, start, dynamic, True, n, cand, geo, big.st, big.sc, level)
                want = _run_records(0, big.st), big.sc[8].tolist()
                records = len(want[0][0])
                parents = sum(len(p) for _, p, _ in want[0][0])
                if records < 3:
                    continue
                exact = forcing.Stores(n, 81, records, parents)
                exact.sc[12][:] = placed
                propagate(0, start, dynamic, True, n, cand, geo, exact.st, exact.sc, level)
                assert (_run_records(0, exact.st)[0], exact.sc[8].tolist()) == (want[0][0], want[1])
                short = forcing.Stores(n, 81, records - 1, parents)
                short.sc[12][:] = placed
                propagate(0, start, dynamic, True, n, cand, geo, short.st, short.sc, level)
                assert short.sc[8][2] == OVERFLOW
                runs += 1
    assert runs > 50


def test_nishio_memo_changes_no_hint(monkeypatch):
    """Nishio's per-digit memo (kernels/chains._nishio), kept warm along walks of states of two geometries of one
    size (classic and X-sudoku, interleaved), gives the hint a fresh memo gives at every state."""
    from sudokit.logic import forcing

    geometries = (G9, G9.with_constraints(units=diagonals(9)))
    states = [Candidates.from_grid(random_puzzle(np.random.default_rng(seed), g, 0.3), g)
              for seed in (3, 4) for g in geometries]
    found = 0
    for _ in range(6):
        for i, st in enumerate(states):
            if st is None:
                continue
            warm = forcing.multiple(st, nishio=True, dynamic=True)
            with monkeypatch.context() as m:  # a fresh memo for this call only
                m.setattr(forcing, "nishio_memo", lambda houses: forcing._nishio_memo.__wrapped__(houses, 0))
                cold = forcing.multiple(st, nishio=True, dynamic=True)
            assert (warm is None) == (cold is None)
            if warm is None:
                states[i] = None
                continue
            assert (warm.technique, warm.eliminations, warm.explanation, warm.se) == \
                (cold.technique, cold.eliminations, cold.explanation, cold.se)
            found += 1
            st.apply(warm)
    assert found >= 6


def test_multiple_chains_run_cache_changes_no_hint(monkeypatch):
    """multiple_best keeps each on run of a call in a cache slot; with no cache slots, or too few for every run
    (the rest remade as before), the best static and dynamic multiple chain is the same."""
    from sudokit.logic import forcing

    def hints():
        out = []
        for keep in (0.3, 0.35):
            st = Candidates.from_grid(random_puzzle(np.random.default_rng(5), G9, keep), G9)
            for kw in (dict(multiple=True), dict(multiple=True, dynamic=True)):
                step = forcing.multiple(st, **kw)
                out.append(None if step is None else (step.technique, step.eliminations, step.explanation))
        return out

    monkeypatch.setattr(forcing, "_STORES", {})
    cached = hints()
    assert any(h is not None for h in cached)
    slots = forcing.stores(Candidates.from_grid(np.zeros(81, np.int64), G9).houses).st[0].shape[0]
    assert slots > 2 * 9 + 1 + 100
    for budget in (0, 6 * 8 * 16000):  # none; 5 runs of 9x9 (a slot takes some 137 kB)
        monkeypatch.setattr(forcing, "CACHE_BYTES", budget)
        monkeypatch.setattr(forcing, "_STORES", {})
        assert hints() == cached


@pytest.mark.parametrize("kind,groups", [("full", False), ("full", True), ("x", False), ("xy", False)])
def test_graph_is_closed_under_contraposition(kind, groups):
    # scan_chains' _closing finds the potentials with an edge into p as the w^1 of p^1's successors w
    rng = np.random.default_rng(11)
    for geometry, keep in ((G9, 0.3), (G9, 0.4), (box_geometry(2, 3), 0.3), (box_geometry(4, 4), 0.5)):
        g = chains.build_graph(Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry), kind, groups)
        ptr, idx = g.ptr.tolist(), g.idx.tolist()
        edges = {(u, v) for u in range(len(ptr) - 1) for v in idx[ptr[u]:ptr[u + 1]]}
        assert edges and all((v ^ 1, u ^ 1) in edges for u, v in edges)


def test_scan_closing_is_the_first_reached_predecessor():
    # _closing against the plain rule: the first potential in BFS order, outside the start cell, with an edge to p
    # and a cycle of 4+ links
    from sudokit.kernels import implications as K

    rng = np.random.default_rng(5)
    checked = 0
    for keep in (0.25, 0.3, 0.35):
        st = Candidates.from_grid(random_puzzle(rng, G9, keep), G9)
        g = chains.build_graph(st, "full", True)
        npot = 2 * len(g.digit)
        term, dist, parent, queue = (np.zeros(npot, bool), *(np.full(npot, -1, np.int64) for _ in range(3)))
        for p in range(2 * g.nnormal):
            K._mark(g.cell[p // 2], True, g.cn_ptr, g.cn_idx, term)
            k = K._bfs(p, True, g.ptr, g.idx, term, dist, parent, queue)
            want = next((int(u) for u in queue[1:k] if not term[u] and p in g.idx[g.ptr[u]:g.ptr[u + 1]]
                         and dist[u] >= 3), -1)
            cnl = (np.full(npot, K.INF, np.int64), np.full(npot, -1, np.int64))
            K._closing(p, k, g.ptr, g.idx, term, dist, queue, cnl)
            assert cnl[1][p] == want and cnl[0][p] == (dist[want] + 1 if want >= 0 else K.INF)
            checked += want >= 0
            K._mark(g.cell[p // 2], False, g.cn_ptr, g.cn_idx, term)
            K.clear(k, dist, queue)
    assert checked


def test_valid_paths_is_valid():
    # Scan.valid_paths (kernels/implications.valid_chains) keeps exactly the hits _valid accepts, grouped ones only
    # with a group node, on every table entry of loop and chain scans
    rng = np.random.default_rng(13)
    checked = 0
    for geometry, keep in ((G9, 0.25), (G9, 0.3), (G9, 0.35), (box_geometry(2, 3), 0.3), (box_geometry(4, 4), 0.5)):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        for kind, grouped in (("full", False), ("full", True), ("xy", False)):
            g = chains.build_graph(st, kind, grouped)
            loops = kind == "full"
            run = chains.scan(st, g, loops, loops)
            found = [(p, v, 0) for _, p, v in chains._hits(run.aic)]
            found += [(p, v, 1) for table in (run.dnl, run.pl) for _, p, v in chains._hits(table)]
            found += [(p, int(run.cnl[1][p]), 2) for p in range(2 * g.nnormal) if run.cnl[1][p] >= 0]
            hits, kinds = [(p, v) for p, v, _ in found], [k for _, _, k in found]
            want = []
            for i, ((p, v, k), pots) in enumerate(zip(found, run.paths(hits))):
                pots = pots + [p] if k == 2 else pots
                if (not grouped or max(pots) >= 2 * g.nnormal) and chains._valid(g, pots, closing=k != 0):
                    want.append((i, pots[:-1] if k == 2 else pots))
            assert run.valid_paths(hits, kinds, grouped) == want
            checked += len(want)
    assert checked



def test_scan_hits_are_the_python_pipeline():
    # Scan.hits (kernels/implications.chain_hits: the scan's parents walked, sorted and checked in one call) against
    # the Python pipeline it replaced: _hits of the aic, dnl and pl tables and the closings, stably sorted by length,
    # each hit's BFS path (Scan.paths) and Scan.valid_paths
    rng = np.random.default_rng(17)
    checked = 0
    for geometry, keep in ((G9, 0.25), (G9, 0.3), (G9, 0.35), (box_geometry(2, 3), 0.3), (box_geometry(4, 4), 0.5)):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        for kind, grouped in (("full", False), ("full", True), ("x", False), ("xy", False)):
            g = chains.build_graph(st, kind, grouped)
            loops = kind == "full"
            run = chains.scan(st, g, loops, loops)
            found = [(ln, 0, p, v) for ln, p, v in chains._hits(run.aic)]
            found += [(ln, 1, p, v) for table in (run.dnl, run.pl) for ln, p, v in chains._hits(table)]
            found += [(int(run.cnl[0][p]), 2, p, int(run.cnl[1][p])) for p in range(2 * g.nnormal)
                      if run.cnl[1][p] >= 0]
            found.sort(key=lambda x: x[0])
            valid = run.valid_paths([(p, v) for _, _, p, v in found], [k for _, k, _, _ in found], grouped)
            want = [(found[i][1], found[i][2], found[i][3], pots) for i, pots in valid]
            assert run.hits(grouped) == want
            checked += len(want)
    assert checked


def test_als_links_are_the_plain_restricted_commons():
    # kernels/implications.als_links (each unordered pair tested once) against the definition over every ordered
    # pair: no common cell, and a digit x of both whose places in one ALS all see its places in the other
    from sudokit.logic.candidates import bits

    rng = np.random.default_rng(19)
    checked = 0
    for geometry, keep in ((G9, 0.4), (G9, 0.45), (box_geometry(2, 3), 0.3)):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        t, peers = als.alses(st), st.houses.peers
        ptr, nbr, rcs = t.links
        for a in range(len(t)):
            want = []
            for b in range(len(t)):
                if b == a or t.cells[a] & t.cells[b]:
                    continue
                rc = 0
                for x in range(geometry.n):
                    xa, xb = t.cells[a] & st.where[x + 1], t.cells[b] & st.where[x + 1]
                    if xa and xb and all(peers[p] >> q & 1 for p in bits(xa) for q in bits(xb)):
                        rc |= 1 << x
                if rc:
                    want.append((b, rc))
            assert list(zip(nbr[ptr[a]:ptr[a + 1]].tolist(), rcs[ptr[a]:ptr[a + 1]].tolist())) == want
            checked += len(want)
    assert checked


def test_forcing_chain_sizes_are_their_steps():
    # nets._static_sizes (kernels/nets.static_sizes) gives every pending forcing chain the size of the step it
    # makes (pattern cells, eliminations), as the Python _size does
    rng = np.random.default_rng(23)
    checked = 0
    for geometry, keep in ((G9, 0.25), (G9, 0.3), (box_geometry(2, 3), 0.3), (box_geometry(4, 4), 0.5)):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        for pending in nets.pending_forcing_chains(st):
            step = pending.make()
            run, slot, kind, src = pending._args
            assert pending.key == (len(step.cells), -len(step.eliminations)) == nets._size(run, slot, kind, src)
            checked += 1
    assert checked


def test_blossom_petal_test_is_the_definition():
    # kernels/implications._petal_ok (one bit of xsee) against the definition: ALS a holds x, not the stem, and
    # every x of it sees the stem
    from sudokit.kernels import implications as K
    from sudokit.logic.candidates import bits

    rng = np.random.default_rng(29)
    checked = 0
    for geometry, keep in ((G9, 0.3), (box_geometry(2, 3), 0.3)):
        st = Candidates.from_grid(random_puzzle(rng, geometry, keep), geometry)
        t, peers = als.alses(st), st.houses.peers
        for a in range(len(t)):
            for x in range(st.n):
                xs = t.zcells(a, x + 1)
                for stem in range(st.houses.ncells):
                    want = bool(t.digits[a] >> x & 1) and not t.cells[a] >> stem & 1 and \
                        all(peers[stem] >> c & 1 for c in bits(xs))
                    assert K._petal_ok(a, stem, x, t.cell_words, t.xsee) == want
                    checked += want
    assert checked


NESTED_STATES = (  # two states of 11+ puzzles' SE walks that take nested chains: (values, candidate masks, level)
    ("980700600750040000003008070800009050030200100000400006070004030000800400000010002",
     "0 0 11 0 22 23 0 11 29 0 0 35 293 0 39 390 387 389 41 43 0 305 306 0 274 0 281 0 43 107 37 100 0 70 0 76 48 0 "
     "344 0 240 112 0 392 456 19 259 339 0 212 85 454 386 0 51 0 435 304 306 0 400 0 401 55 289 307 0 374 118 0 289 "
     "337 28 264 432 308 0 116 464 416 0", 2),
    ("980700600705000090043000007800200006007010020000004800300900060000050300000001009",
     "0 0 3 0 14 22 0 29 31 0 35 0 173 174 166 11 0 143 35 0 0 177 418 434 19 145 0 0 277 265 0 324 340 345 93 0 56 "
     "308 0 180 0 436 280 0 28 51 311 291 52 356 0 0 85 21 0 83 139 0 202 194 91 0 155 43 355 427 168 0 226 0 201 139 "
     "58 114 170 172 238 0 90 216 0", 3),
)


def test_nested_hint_memo_changes_no_hint(monkeypatch):
    """The memo of nested hints (kernels/dynamic._rule), cold, warm, or so small that it clears and skips entries,
    gives the nested forcing chain that no memo gives (levels 2 and 3)."""
    from sudokit.logic import forcing

    houses = Candidates.from_grid(np.zeros(81, np.int64), G9).houses

    def hint(values, cand, level, rows):
        monkeypatch.setattr(forcing, "MEMO_ROWS", rows)
        step = forcing.multiple_of(houses, values, cand, True, True, False, level)
        stat = forcing.inner_stores(houses)[23].copy() if rows else None  # mstat
        return (step.technique, step.eliminations, step.explanation, step.se), stat

    for text, masks, level in NESTED_STATES:
        values = np.array([int(ch) for ch in text], np.int64)
        cand = np.array([int(x) for x in masks.split()], np.uint64)
        want, _ = hint(values, cand, level, 0)
        assert want[3] >= 10
        tiny, stat = hint(values, cand, level, 4)  # a pool of 16 hints: cleared often, large entries not kept
        assert tiny == want and stat[5] > 0 and stat[2] > 0
        forcing._memo.cache_clear()
        cold, stat = hint(values, cand, level, 8192)
        assert cold == want and stat[3] > 0
        warm, again = hint(values, cand, level, 8192)
        assert warm == want and again[1] - stat[1] == again[0] - stat[0]  # every search of the second call is kept
    diagonal = Candidates.from_grid(np.zeros(81, np.int64), G9.with_constraints(units=diagonals(9))).houses
    assert forcing.inner_stores(diagonal)[16] is not forcing.inner_stores(houses)[16]  # one memo per geometry
