"""Sudoku variants as data: HDU 4069, jigsaw, X, Windoku, anti-knight/king, non-consecutive, Killer, pencilmark.

Puzzles marked "constructed here" were made for these tests (a random solution of the variant, givens removed while
the DLX engine still found exactly one solution); each is checked below for uniqueness by the DLX and fast engines
and, where the variant is only units and pairs, by the reference solver. Constraints the fast and reference engines
cannot express (cages, non-consecutive, candidates) are cross-checked against a brute-force oracle on 6x6 grids.
"""

import numpy as np
import pytest

from sudokit.errors import InputError
from sudokit.formats import candidates_of, read_cages, read_puzzles, read_regions
from sudokit.geometry import region_geometry
from sudokit.sudoku import exact, fast, reference
from sudokit.sudoku.variants import build_variant, diagonals, solve_hdu4069, windows

from conftest import random_puzzle


def grid_of(text: str) -> np.ndarray:
    """An 81-character line as a grid."""
    return np.array([0 if ch in ".0" else int(ch) for ch in text], np.int32)


def line_of(grid) -> str:
    """A solved grid as a line of digits."""
    return "".join(map(str, np.asarray(grid).tolist()))


# ---- HDU 4069 (problem-statement sample, see tests/data/hdu4069/SOURCES.md) ----

@pytest.mark.parametrize("engine", ["dlx", "fast", "reference"])
def test_hdu4069_sample_byte_for_byte(data, engine):
    pf = read_puzzles((data / "hdu4069" / "sample.in").read_text(), fmt="hdu4069")
    out, statuses = solve_hdu4069(pf, engine)
    assert out == (data / "hdu4069" / "sample.out").read_text()
    assert statuses == ["solved", "no solution", "multiple"]


def test_hdu4069_regions_are_the_wall_components(data):
    pf = read_puzzles((data / "hdu4069" / "sample.in").read_text(), fmt="hdu4069")
    labels = pf.entries[0].regions
    assert sorted(np.bincount(labels.ravel()).tolist()) == [9] * 9
    assert labels[0, 0] == labels[3, 1] and labels[0, 0] != labels[0, 3]


# ---- constructed and published puzzles with a known unique answer ----

# (constraints, puzzle, answer): constructed here (see the module docstring), 9x9 with 3x3 boxes; 30 givens each
# (a minimal puzzle plus answer cells added back) so the pure-Python reference solver stays quick
UNITS_AND_PAIRS = [
    (("x",), "..4.96.12.2..1.4.5.1..5.68..52.3......3.....4.98.7....28..4......93..54.....6.8..",
     "534896712826713495917452683152634978763289154498571236281945367679328541345167829"),
    (("windoku",), "....1..8..........9.....1.5...4......92.5.314.34.29.7..56..1.3..79..5..128.7..95.",
     "743516289125948763968372145617483592892657314534129678456291837379865421281734956"),
    (("anti-knight",), "78..2..1.5....4...2.....493....5..498.27...51.....9.7.......9..92.8..1.4.7...28.5",
     "784923516539164782261587493617358249892746351345219678458631927926875134173492865"),
    (("anti-king",), "...29..4.1.6..47..4..7..3.5...6.2.....2....13...1...5.65.9...8....8.3..6.9..672.1",
     "735296148186354729429718365518632974962475813347189652653921487271843596894567231"),
    (("x", "anti-knight"), "...7.1.567.....1..1526..83..1...26.3..4..67.......7.12......5.....925...3....4.78",
     "948731256736258149152649837517492683284316795693587412469873521871925364325164978"),
]


@pytest.mark.parametrize("constraints,puzzle,answer", UNITS_AND_PAIRS, ids=lambda v: "+".join(v) if
                         isinstance(v, tuple) else None)
def test_unit_and_pair_variants_unique_on_every_engine(constraints, puzzle, answer):
    variant = build_variant(9, (3, 3), constraints=constraints)
    grid = grid_of(puzzle)
    for solve in (exact.solve, fast.solve, reference.solve):
        result = solve(grid, variant.geometry, limit=2)
        assert result.count == 1 and line_of(result.solution) == answer
    assert variant.check(grid_of(answer), grid)


def test_non_consecutive_constructed_puzzle():
    # constructed here; unique by the DLX engine, and the answer is checked cell by cell below
    puzzle = grid_of(".......4..........2.......3.....................7.9.2..................7.7.......")
    answer = "791358246538624719264971583917246358642583971385719624853197462426835197179462835"
    variant = build_variant(9, (3, 3), constraints=("non-consecutive",))
    assert variant.needs_dlx
    result = variant.solve(puzzle, limit=2, engine_name="fast")  # routed to DLX
    assert result.count == 1 and line_of(result.solution) == answer
    sol = grid_of(answer).reshape(9, 9)
    assert np.all(np.abs(np.diff(sol, axis=0)) != 1) and np.all(np.abs(np.diff(sol, axis=1)) != 1)
    assert variant.check(sol, puzzle)


# CodinGame "Killer Sudoku Solver", first test case (https://www.codingame.com/training/medium/killer-sudoku-solver,
# as quoted in public solutions' tests): givens, a cage-letter map, the sums, and the expected answer.
KILLER_ROWS = """56..1..2. aabbccdde
..72..68. afghhiide
..2.87.15 jfggklmme
......3.9 jjgnklopp
.7....2.. qqgnooorr
9.634.8.. stuuvwwxx
2.9..8... stuuvvwyz
..41.2... sAuuByyyz
.8.4...3. CADDBEEFF""".split("\n")
KILLER_SUMS = ("a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 n=15 o=15 p=13 q=11 r=11 s=18 t=3 "
               "u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 C=6 D=9 E=10 F=5")
KILLER_ANSWER = "568913427197254683342687915851726349473891256926345871219538764734162598685479132"


def killer_cages():
    """The CodinGame cages as (sum, cells)."""
    labels = "".join(row.split()[1] for row in KILLER_ROWS)
    sums = dict(item.split("=") for item in KILLER_SUMS.split())
    return [(int(sums[k]), tuple(i for i, ch in enumerate(labels) if ch == k)) for k in sums]


def test_killer_codingame_case_1():
    givens = grid_of("".join(row.split()[0] for row in KILLER_ROWS))
    variant = build_variant(9, (3, 3), cages=killer_cages())
    result = variant.solve(givens, limit=2)
    assert result.count == 1 and line_of(result.solution) == KILLER_ANSWER
    assert variant.check(result.solution, givens)
    blank = variant.solve(np.zeros(81, np.int32), limit=2)  # the cages alone already fix the grid
    assert blank.count == 1 and line_of(blank.solution) == KILLER_ANSWER


def test_killer_cage_file_round_trip():
    from sudokit.formats import format_cages

    cages = killer_cages()
    assert read_cages(format_cages(cages, 9), 9) == cages


# constructed here: POJ 2676 puzzle 4 (tests/data/poj2676) has 2 solutions; eliminating 5 at r1c7 leaves one
PENCILMARK_ANSWER = "671298453832645791954731682128569347769483215345172968493857126287916534516324879"


def test_pencilmark_elimination_makes_a_two_solution_puzzle_unique(data):
    pf = read_puzzles((data / "poj2676" / "2676.in").read_text())
    grid = pf.entries[3].grid
    variant = build_variant(9, (3, 3))
    assert variant.solve(grid, limit=5).count == 2
    mask = candidates_of(grid, 9)
    mask[6, 4] = False  # r1c7 may not be 5 (the other solution has 5 there)
    result = variant.solve(np.zeros(81, np.int32), limit=5, candidates=mask, engine_name="fast")
    assert result.count == 1 and line_of(result.solution) == PENCILMARK_ANSWER
    assert variant.check(result.solution, grid, mask)


def test_jigsaw_forum_line_from_hdu_regions(data):
    pf = read_puzzles((data / "hdu4069" / "sample.in").read_text(), fmt="hdu4069")
    entry = pf.entries[0]
    labels = "".join("ABCDEFGHI"[v] for v in entry.regions.ravel())
    line = "".join(str(v) if v else "." for v in entry.grid) + labels
    jig = read_puzzles(line + "\n")
    assert jig.fmt == "jigsaw" and np.array_equal(jig.entries[0].regions, entry.regions)
    geometry = region_geometry(jig.entries[0].regions)
    answer = "".join((data / "hdu4069" / "sample.out").read_text().split("\n")[1:10])
    for solve in (exact.solve, fast.solve, reference.solve):
        result = solve(jig.entries[0].grid, geometry, limit=2)
        assert result.count == 1 and line_of(result.solution) == answer


# ---- engines agree on counts ----

@pytest.mark.parametrize("box,constraints", [((2, 2), ("x",)), ((2, 3), ("x",)), ((3, 3), ("windoku",)),
                                             ((2, 3), ("windoku",)), ((2, 3), ("anti-king",)),
                                             ((2, 3), ("anti-knight",)), ((3, 3), ("x", "anti-king")),
                                             ((2, 4), ("windoku", "x"))])
def test_dlx_and_fast_counts_agree(box, constraints):
    rng = np.random.default_rng(len(constraints) * 31 + box[0] * 7 + box[1])
    variant = build_variant(box[0] * box[1], box, constraints=constraints)
    g = variant.geometry
    for _ in range(8):
        puzzle = random_puzzle(rng, g, 0.35 if g.n < 9 else 0.45)
        d = exact.solve(puzzle, g, limit=30)
        f = fast.solve(puzzle, g, limit=30)
        assert d.count == f.count >= 1
        assert variant.check(d.solution, puzzle) and variant.check(f.solution, puzzle)


def test_jigsaw_counts_agree_with_reference(data):
    pf = read_puzzles((data / "hdu4069" / "sample.in").read_text(), fmt="hdu4069")
    g = region_geometry(pf.entries[0].regions)
    rng = np.random.default_rng(5)
    for _ in range(6):
        puzzle = random_puzzle(rng, g, 0.4)
        counts = {solve(puzzle, g, limit=30).count for solve in (exact.solve, fast.solve, reference.solve)}
        assert len(counts) == 1 and counts.pop() >= 1


# ---- cages, non-consecutive and candidates against a brute-force oracle (6x6) ----

def brute_count(puzzle, variant, candidates=None, limit=100) -> int:
    """Count solutions by plain backtracking over the cells in order, every constraint checked directly."""
    g = variant.geometry
    n, cells = g.n, g.ncells
    peers = [set(g.peers(c).tolist()) for c in range(cells)]
    near = [set() for _ in range(cells)]
    for a, b in (variant.nonconsecutive if variant.nonconsecutive is not None else []):
        near[a].add(b)
        near[b].add(a)
    cage_of = {c: (total, cage) for total, cage in variant.cages for c in cage}
    grid = [0] * cells
    fixed = np.asarray(puzzle).tolist()
    count = 0

    def fits(c, d):
        if fixed[c] and fixed[c] != d or candidates is not None and not candidates[c, d - 1]:
            return False
        if any(grid[p] == d for p in peers[c]) or any(grid[p] and abs(grid[p] - d) == 1 for p in near[c]):
            return False
        if c in cage_of:
            total, cage = cage_of[c]
            vals = [grid[x] for x in cage if grid[x]] + [d]
            if len(set(vals)) != len(vals) or sum(vals) > total or (len(vals) == len(cage) and sum(vals) != total):
                return False
        return True

    def rec(c):
        nonlocal count
        if c == cells:
            count += 1
            return
        for d in range(1, n + 1):
            if fits(c, d):
                grid[c] = d
                rec(c + 1)
                grid[c] = 0
                if count >= limit:
                    return

    rec(0)
    return count


def random_cages(rng, solution, n):
    """A random partition of the grid into cages of 1..3 orthogonally connected cells, sums from solution."""
    owner = -np.ones(n * n, int)
    cages = []
    for start in rng.permutation(n * n).tolist():
        if owner[start] >= 0:
            continue
        cage = [start]
        owner[start] = len(cages)
        for _ in range(int(rng.integers(0, 3))):
            c = cage[-1]
            nbrs = [x for x in (c - n, c + n, c - 1 if c % n else -1, c + 1 if (c + 1) % n else -1)
                    if 0 <= x < n * n and owner[x] < 0 and solution[x] not in solution[cage]]
            if not nbrs:
                break
            nxt = nbrs[int(rng.integers(len(nbrs)))]
            owner[nxt] = len(cages)
            cage.append(nxt)
        cages.append((int(solution[cage].sum()), tuple(cage)))
    return cages


def test_killer_counts_match_oracle():
    rng = np.random.default_rng(11)
    plain = build_variant(6, (2, 3))
    for _ in range(6):
        solution = random_puzzle(rng, plain.geometry, 1.0)
        cages = random_cages(rng, solution, 6)
        cages = [c for c in cages if rng.random() < 0.5]  # a partial Killer: more solutions to count
        variant = build_variant(6, (2, 3), cages=cages)
        puzzle = np.where(rng.random(36) < 0.15, solution, 0)
        got = variant.solve(puzzle, limit=100)
        assert got.count == brute_count(puzzle, variant) >= 1
        assert variant.check(got.solution, puzzle)


def test_non_consecutive_counts_match_oracle():
    variant = build_variant(6, (2, 3), constraints=("non-consecutive",))
    assert variant.solve(np.zeros(36, np.int32), limit=100).count == brute_count(np.zeros(36), variant) == 48
    rng = np.random.default_rng(3)
    first = variant.solve(np.zeros(36, np.int32)).solution
    for _ in range(5):
        puzzle = np.where(rng.random(36) < 0.1, first, 0)
        assert variant.solve(puzzle, limit=100).count == brute_count(puzzle, variant) >= 1


def test_candidate_counts_match_oracle():
    rng = np.random.default_rng(8)
    variant = build_variant(6, (2, 3))
    for _ in range(6):
        solution = random_puzzle(rng, variant.geometry, 1.0)
        mask = rng.random((36, 6)) < 0.6
        mask[np.arange(36), solution - 1] = True  # keep the solution possible
        zero = np.zeros(36, np.int32)
        got = variant.solve(zero, limit=100, candidates=mask)
        assert got.count == brute_count(zero, variant, mask) >= 1
        assert variant.check(got.solution, zero, mask)


def test_everything_at_once_matches_oracle():
    rng = np.random.default_rng(21)
    base = build_variant(6, (2, 3), constraints=("x",))
    solution = base.solve(np.zeros(36, np.int32)).solution
    cages = [c for c in random_cages(rng, solution, 6) if len(c[1]) > 1][:4]
    variant = build_variant(6, (2, 3), constraints=("x", "anti-king"), cages=cages)
    mask = np.ones((36, 6), bool)
    mask[:6] = candidates_of(np.zeros(36), 6)[:6] & (rng.random((6, 6)) < 0.8)
    mask[np.arange(6), solution[:6] - 1] = True
    zero = np.zeros(36, np.int32)
    assert variant.solve(zero, limit=200, candidates=mask).count == brute_count(zero, variant, mask, 200)


# ---- shapes and clear errors ----

def test_windows_and_diagonals_shapes():
    assert windows((3, 3)).tolist()[0] == [10, 11, 12, 19, 20, 21, 28, 29, 30]
    assert len(windows((3, 3))) == 4 and len(windows((2, 3))) == 2 and len(windows((2, 2))) == 1
    assert diagonals(4).tolist() == [[0, 5, 10, 15], [3, 6, 9, 12]]


@pytest.mark.parametrize("call,match", [
    (lambda: windows((1, 4)), "no 1x4 window"),
    (lambda: build_variant(6, regions=np.arange(36).reshape(6, 6) // 6, constraints=("windoku",)), "box shape"),
    (lambda: build_variant(9, (3, 3), constraints=("zigzag",)), "unknown constraint"),
    (lambda: build_variant(9, regions=np.zeros((9, 9), int)), "9 groups of 9"),
    (lambda: read_regions("AAB\nABB\n"), "expected 3 rows"),
    (lambda: read_regions("AAB\nAB\nBBA\n"), "expected 3 region labels"),
    (lambda: read_cages("10 r1c1 r1c2\n5 r1c2\n", 9), "already in the cage of line 1"),
    (lambda: read_cages("10 r1c1 r1c1\n", 9), "twice"),
    (lambda: read_cages("100 r1c1 r1c2\n", 9), "cannot sum to 100"),
    (lambda: read_cages("10 r0c1 r1c2\n", 9), "outside the 9x9 grid"),
    (lambda: read_cages("10 a1 b2\n", 9), "expected r<row>c<column>"),
    (lambda: read_cages("ten r1c1\n", 9), "SUM CELL CELL"),
])
def test_clear_errors(call, match):
    with pytest.raises(InputError, match=match):
        call()


# ---- the command line ----

def run(*args, input=None):
    """Invoke the CLI in-process; return (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    from sudokit.cli import main

    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("engine", ["dlx", "fast"])
def test_cli_hdu4069_byte_for_byte(data, engine):
    code, out, _ = run("solve", "--format", "hdu4069", "--engine", engine, str(data / "hdu4069" / "sample.in"))
    assert out == (data / "hdu4069" / "sample.out").read_text() and code == 1  # cases 2 and 3 are not unique


def test_cli_flags_combine_and_engines_agree():
    constraints, puzzle, answer = UNITS_AND_PAIRS[4]
    for engine in ("dlx", "fast", "reference"):
        code, out, _ = run("solve", "--x", "--anti-knight", "--unique", "--engine", engine, input=puzzle + "\n")
        assert code == 0 and out == answer + "\n"
    code, out, _ = run("solve", "--count", "--limit", "5", input=puzzle + "\n")
    assert out.split() == ["5"]  # without the flags the puzzle has many solutions


def test_cli_killer_with_fast_engine_routes_to_dlx(data):
    code, out, err = run("solve", "--cages", str(data / "variants" / "killer-codingame-1.cages"), "--unique",
                         "--engine", "fast", str(data / "variants" / "killer-codingame-1.txt"))
    assert code == 0 and out.split() == [KILLER_ANSWER] * 2
    assert "using the dlx engine" in err


def test_cli_non_consecutive_count_and_all():
    code, out, _ = run("solve", "--non-consecutive", "--box", "2x3", "--count", input="." * 36 + "\n")
    assert code == 0 and out.split() == ["48"]
    code, out, _ = run("solve", "--non-consecutive", "--box", "2x3", "--all", "--limit", "3", input="." * 36 + "\n")
    assert code == 0 and len(out.split()) == 3


def test_cli_pencilmark_and_regions_file(tmp_path, data):
    pf = read_puzzles((data / "poj2676" / "2676.in").read_text())
    mask = candidates_of(pf.entries[3].grid, 9)
    mask[6, 4] = False
    from sudokit.formats import format_candidates, format_regions

    code, out, _ = run("solve", "--unique", input=format_candidates(mask, 9) + "\n")
    assert code == 0 and out == PENCILMARK_ANSWER + "\n"
    hdu = read_puzzles((data / "hdu4069" / "sample.in").read_text(), fmt="hdu4069").entries[0]
    regions = tmp_path / "regions.txt"
    regions.write_text(format_regions(hdu.regions, 9) + "\n")
    line = "".join(str(v) if v else "." for v in hdu.grid)
    code, out, _ = run("solve", "--regions", str(regions), "--unique", input=line + "\n")
    assert code == 0 and out.strip() == "".join((data / "hdu4069" / "sample.out").read_text().split("\n")[1:10])


@pytest.mark.parametrize("args,text,match", [
    (["--cages", "missing.cages"], "." * 81, "missing.cages: cannot read"),
    (["--windoku", "--box", "1x4"], "." * 16, "no 1x4 window"),
    ([], "." * 81 + "AB" * 40 + "C", "9 groups of 9"),
])
def test_cli_errors_are_one_line(args, text, match):
    code, out, err = run("solve", *args, input=text + "\n")
    assert code == 2 and match in err and "Traceback" not in err + out


def test_cli_bad_cage_file_is_one_line(tmp_path):
    cages = tmp_path / "bad.cages"
    cages.write_text("10 r1c1 r1c2\n7 r1c2 r1c3\n")
    code, _, err = run("solve", "--cages", str(cages), input="." * 81 + "\n")
    assert code == 2 and err.count("\n") == 1 and "bad.cages:2: r1c2 is already in the cage of line 1" in err


def test_cli_convert_round_trip_with_variant_flags(tmp_path, data):
    code, ss, _ = run("convert", "--to", "ss", input=UNITS_AND_PAIRS[0][1] + "\n")
    assert code == 0 and "---+---+---" in ss
    code, js, _ = run("convert", "--to", "json", "--x", "--cages", str(data / "variants" / "killer-codingame-1.cages"),
                      input=ss)
    assert code == 0 and '"constraints": ["x"]' in js and '"cages"' in js
    code, back, _ = run("convert", "--to", "line", input=js)
    assert code == 2 and "use --to json" in _
    code, out, _ = run("solve", "--count", "--limit", "3", input=js)
    assert code == 1 and out.split() == ["0"]  # the X puzzle and the Killer cages contradict each other
    code, line, _ = run("convert", "--to", "line", input=ss)
    assert code == 0 and line == UNITS_AND_PAIRS[0][1] + "\n"


def test_cli_target_takes_unit_and_pair_variants(data):
    from sudokit.sudoku.target import ring_weights

    constraints, puzzle, answer = UNITS_AND_PAIRS[0]  # unique as X-Sudoku: the best score is its answer's score
    score = int((grid_of(answer) * ring_weights(9).ravel()).sum())
    code, out, _ = run("target", "--x", input=puzzle + "\n")
    assert code == 0 and out.split() == [str(score)]
    code, _, err = run("target", "--cages", str(data / "variants" / "killer-codingame-1.cages"), input=puzzle + "\n")
    assert code == 2 and "not cages" in err


def test_cli_target_reads_constraints_and_weights_from_json():
    import json

    constraints, puzzle, answer = UNITS_AND_PAIRS[0]
    weights = (np.arange(81) % 7 + 1).reshape(9, 9)
    doc = {"size": 9, "givens": puzzle, "constraints": ["x"], "weights": weights.tolist()}
    code, out, _ = run("target", input=json.dumps(doc))
    assert code == 0 and out.split() == [str(int((grid_of(answer) * weights.ravel()).sum()))]
