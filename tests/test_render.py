"""Pictures: the SVG is well-formed and holds what was asked (counted element by element on small hand-checked
cases), cage outlines close, a hint's eliminations are struck, PNG and PDF bytes decode, `sudokit render` end to end.
"""

import zlib
from collections import Counter
from xml.etree import ElementTree

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.cli import main
from sudokit.errors import InputError
from sudokit.geometry import box_geometry, region_geometry
from sudokit.logic.step import Link, Step
from sudokit.render import basic_candidates, pdf, png, svg
from sudokit.render.frame import Frame, S, slot_shape
from sudokit.render.outline import cage_sides
from sudokit.render.raster import SIGNATURE, png_size
from sudokit.sudoku.variants import build_variant

NS = "{http://www.w3.org/2000/svg}"
HARDEST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
XWING = "..1....8....2..5.....6.........41.3.62....7..........927.8.........3...45........"
JIGSAW = ["AAAB", "ACBB", "CCDB", "CDDD"]  # 5 vertical + 5 horizontal border runs, counted by hand


def grid(text: str) -> np.ndarray:
    """A line of digits and dots as a flat array."""
    return np.array([0 if ch in ".0" else int(ch) for ch in text], np.int32)


def parse(text: str):
    """The SVG's root element (raises if the XML is malformed)."""
    return ElementTree.fromstring(text)


def group(root, cls: str):
    """The <g> of a class, or None."""
    return next((g for g in root.iter(NS + "g") if g.get("class") == cls), None)


def children(root, cls: str, tag: str) -> list:
    """The elements of one tag inside the group of a class (none if there is no such group)."""
    g = group(root, cls)
    return [] if g is None else list(g.iter(NS + tag))


def texts(root, cls: str) -> list[str]:
    """The texts inside the group of a class."""
    return [t.text for t in children(root, cls, "text")]


def caption(root) -> str:
    """The caption's lines joined by spaces."""
    return " ".join(texts(root, "caption"))


# ---- SVG ----

def test_givens_and_solved_digits_are_told_apart():
    puzzle = grid(HARDEST)
    solution = build_variant(9, (3, 3)).solve(puzzle).solution
    root = parse(svg(solution, givens=puzzle))
    given = texts(root, "given")
    solved = texts(root, "solved")
    assert sorted(given) == sorted(str(d) for d in puzzle if d)
    assert len(given) + len(solved) == 81
    assert group(root, "given").get("fill") != group(root, "solved").get("fill")


def test_digit_sits_in_its_cell():
    root = parse(svg(grid(HARDEST)))
    first = children(root, "given", "text")[0]  # r1c1 holds 4
    frame = Frame(9, (3, 3))
    x, y = frame.corner(0)
    assert first.text == "4" and float(first.get("x")) == x + S / 2 and y < float(first.get("y")) < y + S


@pytest.mark.parametrize("box, lines", [((3, 3), 4), ((2, 3), 2 + 1), ((3, 2), 1 + 2), ((4, 4), 6), ((5, 5), 8)])
def test_box_lines_are_thick(box, lines):
    n = box[0] * box[1]
    root = parse(svg(np.zeros(n * n, int), box_geometry(*box)))
    thick = children(root, "thick", "line")
    assert len(thick) == lines
    assert all(float(t.get("x1")) == float(t.get("x2")) or float(t.get("y1")) == float(t.get("y2")) for t in thick)
    assert len([r for r in root.iter(NS + "rect") if r.get("class") == "border"]) == 1


def test_jigsaw_regions_by_thick_borders():
    labels = np.array([list(row) for row in JIGSAW])
    root = parse(svg(np.zeros(16, int), region_geometry(labels)))
    lines = children(root, "thick", "line")
    vertical = [t for t in lines if t.get("x1") == t.get("x2")]
    assert len(lines) == 10 and len(vertical) == 5


def test_every_run_of_a_jigsaw_border_separates_two_regions():
    labels = np.array([list(row) for row in JIGSAW])
    root = parse(svg(np.zeros(16, int), region_geometry(labels)))
    frame = Frame(4, (2, 2))
    for t in children(root, "thick", "line"):
        x1, y1, x2, y2 = ((float(t.get(k)) - frame.left) / S for k in ("x1", "y1", "x2", "y2"))
        if x1 == x2:  # vertical: the cells left and right of it differ on every row it spans
            assert all(labels[r, int(x1) - 1] != labels[r, int(x1)] for r in range(int(y1), int(y2)))
        else:
            assert all(labels[int(y1) - 1, c] != labels[int(y1), c] for c in range(int(x1), int(x2)))


def killer():
    """A 4x4 Killer with a single-cell cage, a domino and an L tromino."""
    return build_variant(4, (2, 2), cages=[(3, (0,)), (7, (1, 2)), (6, (5, 9, 10))])


def test_cages_dashed_with_sums():
    root = parse(svg(np.zeros(16, int), variant=killer()))
    paths = children(root, "cages", "path")
    assert len(paths) == 3 and group(root, "cages").get("stroke-dasharray")
    sides = [p.get("d").count("M") for p in paths]
    assert sides == [4, 6, 8]  # perimeter edges of a monomino, a domino, an L tromino
    assert texts(root, "sums") == ["3", "7", "6"]


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 24), min_size=1, max_size=12))
def test_cage_outline_is_closed(cells):
    """Every end of every side meets another end: the dashed outline has no loose ends, whatever the shape."""
    ends = Counter()
    for r1, c1, r2, c2 in cage_sides(sorted(cells), 5):
        ends[(round(r1, 6), round(c1, 6))] += 1
        ends[(round(r2, 6), round(c2, 6))] += 1
    assert all(v % 2 == 0 for v in ends.values())


def test_x_diagonals_and_windoku_windows():
    v = build_variant(9, (3, 3), constraints=("x", "windoku"))
    root = parse(svg(np.zeros(81, int), variant=v))
    assert len(children(root, "diagonals", "line")) == 2
    assert len(children(root, "windows", "rect")) == 4


def test_constraints_read_from_a_geometry_name():
    v = build_variant(9, (3, 3), constraints=("x",))
    assert len(children(parse(svg(np.zeros(81, int), v.geometry)), "diagonals", "line")) == 2


def test_rules_not_drawn_are_named_in_the_caption():
    v = build_variant(9, (3, 3), constraints=("anti-knight", "anti-king", "non-consecutive"))
    text = caption(parse(svg(np.zeros(81, int), variant=v)))
    assert "anti-knight" in text and "anti-king" in text and "non-consecutive" in text


def test_pencilmarks_in_their_slots():
    puzzle = grid(HARDEST)
    marks = basic_candidates(puzzle, box_geometry(3, 3))
    root = parse(svg(puzzle, candidates=marks))
    assert len(texts(root, "candidates")) == int(marks.sum())
    frame = Frame(9, (3, 3))
    cell = 1  # r1c2: its candidates sit inside its square, each digit in its own slot
    x, y = frame.corner(cell)
    inside = [t for t in children(root, "candidates", "text") if x < float(t.get("x")) < x + S
              and y < float(t.get("y")) < y + S]
    assert sorted(t.text for t in inside) == [str(d + 1) for d in np.flatnonzero(marks[cell])]
    assert len({(t.get("x"), t.get("y")) for t in inside}) == len(inside)


def test_slot_layout_follows_the_box():
    assert slot_shape(9, (3, 3)) == (3, 3) and slot_shape(6, (2, 3)) == (2, 3) and slot_shape(25, (5, 5)) == (5, 5)
    assert slot_shape(7, None) == (3, 3) and slot_shape(8, (2, 4)) == (2, 4) and slot_shape(10, (1, 10)) == (3, 4)


def xwing() -> Step:
    """A hand-made X-Wing on 2 (rows 1 and 4, columns 7 and 9) in XWING, with its chain drawn."""
    corners = (6, 8, 33, 35)
    elims = tuple((r * 9 + c, 2) for r, c in ((2, 6), (5, 6), (7, 6), (8, 6), (2, 8), (8, 8)))
    return Step("X-Wing", "x-wing", digits=(2,), cells=corners, eliminations=elims,
                pattern=tuple((c, 2) for c in corners),
                links=(Link(6, 2, 8, 2, True), Link(33, 2, 35, 2, True), Link(6, 2, 33, 2, False)))


def test_step_eliminations_are_struck():
    step = xwing()
    root = parse(svg(grid(XWING), step=step))
    strikes = children(root, "strike", "line")
    assert len(strikes) == len(step.eliminations)
    frame = Frame(9, (3, 3))
    for line, (cell, digit) in zip(strikes, sorted(step.eliminations)):
        cx, cy = frame.slot_centre(cell, digit)
        mx = (float(line.get("x1")) + float(line.get("x2"))) / 2
        my = (float(line.get("y1")) + float(line.get("y2"))) / 2
        assert abs(mx - cx) < 1e-6 and abs(my - cy) < 1e-6
    assert texts(root, "eliminated") == ["2"] * len(step.eliminations)
    assert "2" not in [t.text for t in children(root, "candidates", "text")
                       if (float(t.get("x")), float(t.get("y"))) in {frame.slot_centre(c, d) for c, d in
                                                                      step.eliminations}]


def test_step_pattern_cells_and_links():
    step = xwing()
    root = parse(svg(grid(XWING), step=step))
    assert len(children(root, "cells", "rect")) == 4
    assert len(children(root, "pattern", "circle")) == 4
    assert len(children(root, "elim", "circle")) == 6
    assert len(children(root, "strong", "path")) == 2 and len(children(root, "weak", "path")) == 1
    assert group(root, "weak").get("stroke-dasharray") and not group(root, "strong").get("stroke-dasharray")
    assert caption(root).startswith("X-Wing: r3c7<>2")


def test_step_placements_coloured():
    step = Step("Naked Single", "naked-single", cells=(0,), placements=((0, 3),))
    root = parse(svg(grid("." + "4....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"),
                     step=step))
    assert len(children(root, "place", "circle")) == 1 and "r1c1=3" in caption(root)


def test_step_caption_names_the_technique_once():
    step = Step("Skyscraper", "skyscraper", explanation="Skyscraper: 4 in c4,c7 => r5c9<>4")
    assert caption(parse(svg(grid(XWING), step=step))) == "Skyscraper: 4 in c4,c7 => r5c9<>4"
    step = Step("X-Wing", "x-wing", explanation="2 in rows 1 and 4")
    assert caption(parse(svg(grid(XWING), step=step))) == "X-Wing: 2 in rows 1 and 4"


def test_step_caption_speaks_the_alphabet():
    step = Step("Hidden Single", "hidden-single", placements=((17, 11),))
    root = parse(svg(np.zeros(256, int), box_geometry(4, 4), step=step, symbols="letters"))
    assert caption(root) == "Hidden Single: r2c2=K"


def test_catalogue_steps_drawn(data):
    """Every step of a hard puzzle's solve path: drawn, its cells shaded and its eliminations struck (once the
    catalogue is in this build)."""
    path_module = pytest.importorskip("sudokit.logic.path")
    from sudokit.logic.candidates import Candidates

    geometry = box_geometry(3, 3)
    text = (data / "sudoku" / "puzzles3_magictour_top1465_first1000").read_text()
    line = next(ln for ln in text.split() if len(ln) == 81)
    state = Candidates.from_grid(grid(line), geometry)
    steps = path_module.solve_path(state).steps
    for step in steps:
        root = parse(svg(state.grid(), givens=grid(line), candidates=state.mask_array(), step=step))
        assert len(children(root, "strike", "line")) == len(set(step.eliminations))
        assert len(children(root, "cells", "rect")) == len(set(step.cells))
        assert caption(root).startswith(step.technique)
        state.apply(step)
    assert len({s.slug for s in steps}) > 3


def test_target_weights_heat_map_and_score():
    from sudokit.sudoku.target import best, parse_target, ring_weights

    data = __import__("pathlib").Path(__file__).parent / "data" / "target-sudoku"
    puzzle = parse_target((data / "sudoku2.in").read_text())
    res = best(puzzle)
    root = parse(svg(res.grid, givens=puzzle, weights=ring_weights(9)))
    assert len(children(root, "heat", "rect")) == 81
    fills = {r.get("fill") for r in children(root, "heat", "rect")}
    assert len(fills) == 5  # five rings, five colours
    assert f"score {int((data / 'sudoku2.out').read_text())}" in caption(root)


def test_binary_flips_marked():
    from sudokit.sudoku.binary import apply_flips, min_flips, parse_binary

    data = __import__("pathlib").Path(__file__).parent / "data" / "binary-sudoku"
    cells = parse_binary((data / "sample.in").read_text())
    res = min_flips(cells)
    root = parse(svg(cells, flips=res.cells))
    assert len(children(root, "flips", "rect")) == res.flips
    assert len(children(root, "ones", "rect")) == int(apply_flips(cells, res.cells).sum())
    assert len(texts(root, "solved")) == res.flips and len(texts(root, "given")) == 81 - res.flips
    assert caption(root).startswith(f"{res.flips} flips")


def test_letters_and_big_grids():
    n = 16
    root = parse(svg(np.arange(n * n) % n + 1, box_geometry(4, 4), symbols="letters"))
    assert set(texts(root, "given")) == set("ABCDEFGHIJKLMNOP")
    root = parse(svg(np.zeros(64 * 64, int), candidates=np.ones((64 * 64, 64), bool)))
    assert len(texts(root, "candidates")) == 64 ** 3 and int(root.get("width")) <= 4100


def test_title_and_size():
    root = parse(svg(grid(HARDEST), title="a <b> & c", size=300))
    assert root.get("width") == "300"
    assert next(t for t in root.iter(NS + "text") if t.get("class") == "title").text == "a <b> & c"


@pytest.mark.parametrize("kwargs", [{"grid": np.zeros(80, int)}, {"grid": np.full(81, 10)},
                                    {"grid": np.zeros(81, int), "weights": np.zeros(80, int)},
                                    {"grid": np.zeros(81, int), "candidates": np.ones((81, 8), bool)},
                                    {"grid": np.zeros(81, int), "symbols": "ABC"}])
def test_bad_input_is_an_input_error(kwargs):
    with pytest.raises(InputError):
        svg(**kwargs)


# ---- PNG, PDF ----

def png_pixels(data: bytes) -> bytes:
    """The inflated image data of a PNG (its IDAT chunks joined)."""
    pos, idat = 8, b""
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        if data[pos + 4:pos + 8] == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(idat)


def test_png_bytes_decode_to_the_svg_size():
    text = svg(grid(HARDEST))
    root = parse(text)
    data = png(text)
    width, height = png_size(data)
    assert data.startswith(SIGNATURE) and (width, height) == (int(root.get("width")), int(root.get("height")))
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[data[25]]  # IHDR colour type (8-bit depth: data[24] == 8)
    assert data[24] == 8 and len(png_pixels(data)) == height * (1 + width * channels)  # rows and filter bytes
    assert png_size(png(text, 200))[0] == 200


def test_png_without_fonts_is_an_error_not_a_blank_picture(monkeypatch):
    from sudokit.errors import SudokitError
    from sudokit.render import raster

    class Blind:
        """A resvg that draws nothing: every picture the same bytes."""

        @staticmethod
        def svg_to_bytes(**kwargs):
            return SIGNATURE

    raster._check_fonts.cache_clear()
    monkeypatch.setattr(raster, "_resvg", lambda: Blind)
    try:
        with pytest.raises(SudokitError, match="no font"):
            png(svg(grid(HARDEST)))
    finally:
        raster._check_fonts.cache_clear()


def pdf_pages(data: bytes) -> int:
    """Number of page objects in a PDF."""
    return data.count(b"/Type /Page ")


def pdf_streams(data: bytes) -> list[str]:
    """The decompressed content streams of a PDF."""
    out, pos = [], 0
    while (start := data.find(b">>\nstream\n", pos)) >= 0:
        end = data.find(b"\nendstream", start)
        out.append(zlib.decompress(data[start + 10:end]).decode("latin-1"))
        pos = end + 1
    return out


def test_pdf_pages_hold_the_digits():
    from sudokit.render.sheet import pages
    from sudokit.render.svg import draw, scene

    pictures = [draw(scene(grid(HARDEST), title=f"Puzzle {k}"))[:3] for k in range(1, 6)]
    data = pdf(pages(pictures, 4))
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF") and pdf_pages(data) == 2
    streams = pdf_streams(data)
    assert streams[0].count("(4) Tj") == 4 * 3 and "(Puzzle 5) Tj" in streams[1]


def test_pdf_xref_offsets_point_at_objects():
    data = pdf([svg(grid(HARDEST))])
    xref = int(data.rsplit(b"startxref\n", 1)[1].split()[0])
    rows = data[xref:].split(b"\n")[3:]
    for k, row in enumerate(rows[:5], 1):
        offset = int(row.split()[0])
        assert data[offset:].startswith(f"{k} 0 obj".encode())


def test_pdf_draws_every_shape():
    step = xwing()
    v = build_variant(9, (3, 3), constraints=("x",), cages=[(10, (0, 1))])
    stream = pdf_streams(pdf([svg(grid(XWING), variant=v, step=step, title="t")]))[0]
    assert " c " in stream and " re " in stream and "[5 4] 0 d" in stream and "Tj" in stream


# ---- the command ----

def run(*args, input=None):
    """Invoke the CLI in-process; (exit code, stdout bytes, stderr)."""
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout_bytes, result.stderr


def test_cli_svg_to_stdout():
    code, out, err = run("render", input=HARDEST + "\n")
    root = parse(out.decode())
    assert code == 0 and err == "" and len(texts(root, "given")) == 17


def test_cli_png_files_by_pattern_and_directory(tmp_path):
    two = f"{HARDEST}\n{XWING}\n"
    code, _, err = run("render", "--to", "png", "-o", str(tmp_path / "p{n}.png"), input=two)
    assert code == 0 and err == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p1.png", "p2.png"]
    assert (tmp_path / "p1.png").read_bytes().startswith(SIGNATURE)
    source = tmp_path / "set.txt"
    source.write_text(two)
    code, _, _ = run("render", str(source), "--solution", "-o", str(tmp_path / "out") + "/")
    assert code == 0 and sorted(p.name for p in (tmp_path / "out").iterdir()) == ["set-1.svg", "set-2.svg"]
    assert len(texts(parse((tmp_path / "out" / "set-1.svg").read_text()), "solved")) == 81 - 17


def test_cli_pdf_sheets_with_solutions(tmp_path):
    puzzles = "\n".join([HARDEST, XWING, HARDEST]) + "\n"
    out = tmp_path / "s.pdf"  # --to pdf from the extension
    code, _, _ = run("render", "--per-page", "2", "--solution", "-o", str(out), input=puzzles)
    data = out.read_bytes()
    assert code == 0 and data.startswith(b"%PDF") and pdf_pages(data) == 4  # 2 pages of puzzles, 2 of solutions


def test_cli_variants_drawn(tmp_path, data):
    cages = data / "variants" / "killer-codingame-1.cages"
    code, out, _ = run("render", "--cages", str(cages), "--x", "--anti-knight", input="." * 81 + "\n")
    root = parse(out.decode())
    assert code == 0 and len(children(root, "cages", "path")) == 32
    assert len(children(root, "diagonals", "line")) == 2 and "anti-knight" in caption(root)


def test_cli_candidates_flag():
    code, out, _ = run("render", "--candidates", input=HARDEST + "\n")
    marks = basic_candidates(grid(HARDEST), box_geometry(3, 3))
    assert code == 0 and len(texts(parse(out.decode()), "candidates")) == int(marks.sum())


def test_cli_several_pictures_need_an_output():
    code, out, err = run("render", input=f"{HARDEST}\n{XWING}\n")
    assert code == 2 and out == b"" and err.count("\n") == 1 and "{n}" in err


def test_cli_bad_puzzle_is_reported_and_skipped(tmp_path):
    clash = "44" + HARDEST[2:]
    code, _, err = run("render", "-o", str(tmp_path / "p{n}.svg"), input=f"{HARDEST}\n{clash}\n{XWING}\n")
    assert code == 2 and err.count("\n") == 1 and "<stdin>:2" in err and "clashes" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p1.svg", "p3.svg"]


def test_cli_no_solution_exit_1():
    unsolvable = ".23456789" + "1........" + "." * 63  # r1c1 must be 1, but column 1 already holds it
    code, out, err = run("render", "--solution", input=unsolvable + "\n")
    assert code == 1 and "no solution" in err and err.count("\n") == 1
    assert len(texts(parse(out.decode()), "solved")) == 0


@pytest.mark.parametrize("args, words", [(["--per-page", "3"], "per-page"), (["--to", "gif"], "gif"),
                                         (["--box", "2x2"], "--box"), (["missing-file.txt"], "cannot read")])
def test_cli_usage_errors(args, words):
    code, out, err = run("render", *args, input=HARDEST + "\n")
    assert code == 2 and out == b"" and words in err


def test_cli_garbage_input():
    code, out, err = run("render", input="hello world\n")
    assert code == 2 and out == b"" and err.startswith("sudokit: ") and err.count("\n") == 1


def test_png_without_the_extra_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(__import__("sys").modules, "resvg_py", None)  # import resvg_py now fails
    code, out, err = run("render", "--to", "png", "-o", str(tmp_path / "p.png"), input=HARDEST + "\n")
    assert code == 2 and "sudokit[render]" in err and err.count("\n") == 1 and not list(tmp_path.iterdir())
