"""sudokit canon: minlex forms invariant under every validity-preserving transformation, never above any image,
automorphisms counted, the 17-clue set in distinct classes, and the command's output and errors."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from click.testing import CliRunner

from sudokit.cli import main
from sudokit.generate.minlex import canon, dedupe

DATA = Path(__file__).parent / "data" / "sudoku"


def load(name: str, k: int | None = None) -> np.ndarray:
    """The first k puzzles of a data file as a [P, 81] array."""
    lines = [line.strip()[:81] for line in (DATA / name).read_text().splitlines()
             if len(line.strip()) >= 81 and not line.startswith("#")]
    return np.array([[0 if ch in ".0" else int(ch) for ch in line] for line in lines[:k]], np.uint8)


def transform(g: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random image of a grid: transposition, bands, rows in bands, stacks, columns in stacks, relabelling."""
    g = g.reshape(9, 9)
    if rng.random() < 0.5:
        g = g.T
    rows = np.concatenate([3 * b + rng.permutation(3) for b in rng.permutation(3)])
    cols = np.concatenate([3 * b + rng.permutation(3) for b in rng.permutation(3)])
    labels = np.concatenate([[0], rng.permutation(9) + 1])
    return labels[g[rows][:, cols]].ravel().astype(np.uint8)


def relabel(g: np.ndarray) -> np.ndarray:
    """Digits renamed in order of first appearance (what minlex compares)."""
    names, out = {}, g.copy()
    for i, v in enumerate(g.tolist()):
        if v:
            names.setdefault(v, len(names) + 1)
            out[i] = names[v]
    return out


def test_invariant_under_random_transformations():
    rng = np.random.default_rng(0)
    puzzles = load("puzzles3_magictour_top1465_first1000", 200)
    forms = canon(puzzles)
    images = np.array([transform(p, rng) for p in puzzles])
    assert np.array_equal(canon(images), forms)
    assert np.array_equal(canon(forms), forms)  # a canonical form is its own


def test_form_is_an_image_and_below_every_image():
    rng = np.random.default_rng(1)
    for p in load("puzzles7_serg_benchmark_first1000", 5):
        form = canon(p)[0]
        assert np.count_nonzero(form) == np.count_nonzero(p)
        assert sorted(np.bincount(form, minlength=10)[1:]) == sorted(np.bincount(p, minlength=10)[1:])
        for _ in range(300):
            image = relabel(transform(p, rng))
            assert tuple(form.tolist()) <= tuple(image.tolist())


def test_solution_grids_too():
    from sudokit.geometry import box_geometry
    from sudokit.sudoku.fast import solve_many

    rng = np.random.default_rng(2)
    grids = solve_many(load("puzzles2_17_clue_first1000", 3), box_geometry(3, 3)).solutions.astype(np.uint8)
    forms = canon(grids)
    assert all(f[:9].tolist() == list(range(1, 10)) for f in forms)
    assert np.array_equal(canon(np.array([transform(g, rng) for g in grids])), forms)


def test_17_clue_set_has_no_two_puzzles_in_one_class():
    puzzles = load("puzzles2_17_clue_first1000")
    forms, autos = canon(puzzles, automorphisms=True)
    assert len({f.tobytes() for f in forms}) == len(puzzles)
    assert len(dedupe(puzzles)) == len(puzzles)
    assert autos.min() >= 1


def test_automorphisms():
    _, autos = canon(np.zeros((1, 81), np.uint8), automorphisms=True)
    assert autos[0] == 3_359_232  # every cell map fixes the empty grid
    one = np.zeros((1, 81), np.uint8)
    one[0, 0] = 1
    # maps fixing r1c1: transpose or not x the other 2 bands, rows, stacks, columns: 2 * 2 * 2*6 * 2 * 2*6
    # maps fixing r1c1: transposition (2) x per axis: the other two bands (2), the other rows of band 1 (2), the
    # rows inside the other bands (6 * 6)
    assert canon(one, automorphisms=True)[1][0] == 2 * (2 * 2 * 36) ** 2
    rng = np.random.default_rng(3)
    p = load("puzzles2_17_clue_first1000", 1)[0]
    doubled = np.array([p, transform(p, rng), transform(p, rng)])
    assert dedupe(doubled).tolist() == [0]


def test_canon_command(tmp_path):
    rng = np.random.default_rng(4)
    puzzles = load("puzzles2_17_clue_first1000", 3)
    lines = ["".join(str(v) if v else "." for v in g) for g in
             [puzzles[0], transform(puzzles[0], rng), puzzles[1], puzzles[2], transform(puzzles[2], rng)]]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    runner = CliRunner()
    out = runner.invoke(main, ["canon", str(path)])
    assert out.exit_code == 0 and len(out.output.split()) == 5
    forms = out.output.split()
    assert forms[0] == forms[1] and forms[3] == forms[4] and forms[0] != forms[2]
    kept = runner.invoke(main, ["canon", "--dedupe", str(path)])
    assert kept.output.split() == [lines[0], lines[2], lines[3]]
    doc = json.loads(runner.invoke(main, ["canon", "--json", str(path)]).output.splitlines()[0])
    assert doc["canon"] == forms[0] and doc["automorphisms"] >= 1 and doc["puzzle"] == lines[0]


def test_canon_refuses_other_sizes_in_one_line():
    result = CliRunner().invoke(main, ["canon", "-"], input="1234" * 4 + "\n")
    assert result.exit_code == 2 and "9x9" in result.stderr and result.stderr.count("\n") == 1


def test_front_door_canon_stays_a_function_after_the_module_loads():
    import sudokit
    import sudokit.generate
    import sudokit.generate.minlex  # noqa: F401 - importing the module must not shadow the function

    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    first = sudokit.generate.canon([line])
    again = sudokit.canon([line])
    assert callable(sudokit.generate.canon) and np.array_equal(first, again) and first.shape == (1, 81)


def test_sudoku_canonical_is_the_same_for_equivalent_puzzles_and_refuses_other_sizes():
    import numpy as np

    from sudokit import Sudoku
    from sudokit.errors import InputError

    line = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    puzzle = Sudoku(line)
    grid = puzzle.grid.reshape(9, 9)
    relabel = np.array([0, 3, 1, 2, 9, 8, 7, 6, 5, 4], np.int32)
    moved = relabel[grid.T[[3, 4, 5, 0, 1, 2, 6, 7, 8]]]  # transposed, a band swap, digits relabelled
    form = puzzle.canonical()
    assert form.to_string("line") == Sudoku(moved).canonical().to_string("line")
    assert form.givens == puzzle.givens and form.count(limit=2) == 1
    cli = CliRunner().invoke(main, ["canon", "-"], input=line + "\n")
    assert cli.exit_code == 0 and cli.output.split()[0].replace("0", ".") == form.to_string("line")
    try:
        Sudoku("." * 256).canonical()
    except InputError:
        pass
    else:
        raise AssertionError("a 16x16 puzzle has no 9x9 canonical form")
