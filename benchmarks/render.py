"""Pictures benchmark: SVGs per second of 9x9 puzzles, and the time of PNGs and a PDF up to 25x25.

    python benchmarks/render.py                 # 1000 puzzles of each set, PNG sizes 9x9 .. 25x25
    python benchmarks/render.py --puzzles 200   # fewer

What is timed (CPU seconds, time.process_time, best of --repeat):
- SVG: ``render.svg(grid)`` from a flat array of givens, per puzzle, over the first --puzzles of each 9x9 set
  (``../shared/data/sudoku`` when it is there, else ``tests/data/sudoku``), then the same with a solution
  (givens black, solved digits blue) and with the basic pencilmarks; the goal is 1,000 plain SVGs/s on one core;
- PNG: SVG text plus resvg's raster of one 9x9, 16x16 and 25x25 (half the cells given), with and without
  pencilmarks; the goal is a 25x25 PNG in under 0.5 s;
- PDF: a sheet of --puzzles puzzles, 6 to a page, then their solutions.
Every SVG is parsed back once (well-formed XML, the givens' count) before the clock starts.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from xml.etree import ElementTree

import numpy as np

from timing import best_of
from sudokit.geometry import box_geometry
from sudokit.render import basic_candidates, png, svg
from sudokit.render.batch import Drawing, sheets
from sudokit.render.svg import scene
from sudokit.sudoku.variants import build_variant

ROOT = Path(__file__).resolve().parent.parent
SETS = ("puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106")


def puzzle_sets(limit: int) -> list[tuple[str, list[np.ndarray]]]:
    """The first `limit` puzzles of each 9x9 set, as flat int arrays."""
    shared = ROOT.parent / "shared" / "data" / "sudoku"
    folder = shared if shared.is_dir() else ROOT / "tests" / "data" / "sudoku"
    out = []
    for name in SETS:
        path = next(iter(sorted(folder.glob(name + "*"))), None)
        if path is None:
            continue
        lines = [ln.split()[0] for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
        lines = [ln for ln in lines if len(ln) == 81][:limit]
        out.append((path.name, [np.array([0 if ch in ".0" else int(ch) for ch in ln], np.int32) for ln in lines]))
    return out


def check(grids: list[np.ndarray]) -> None:
    """Every SVG parses and holds one text per given."""
    for g in grids:
        root = ElementTree.fromstring(svg(g))
        assert len([t for t in root.iter("{http://www.w3.org/2000/svg}text")]) == np.count_nonzero(g)


def svg_rates(limit: int, repeat: int) -> None:
    """SVGs per second, plain, with solutions and with pencilmarks."""
    geometry = box_geometry(3, 3)
    solver = build_variant(9, (3, 3))
    for name, grids in puzzle_sets(limit):
        check(grids)
        solved = [solver.solve(g, engine_name="fast").solution for g in grids]
        marks = [basic_candidates(g, geometry) for g in grids]
        plain, _ = best_of(lambda: [svg(g, geometry) for g in grids], repeat)
        both, _ = best_of(lambda: [svg(s, geometry, givens=g) for s, g in zip(solved, grids)], repeat)
        pencil, _ = best_of(lambda: [svg(g, geometry, candidates=m) for g, m in zip(grids, marks)], repeat)
        k = len(grids)
        print(f"{name:<40} {k:5d} puzzles: {k / plain:8,.0f} SVG/s plain, {k / both:8,.0f} with solution, "
              f"{k / pencil:7,.0f} with pencilmarks (goal 1,000 plain)")


def half_given(r: int, c: int) -> tuple[np.ndarray, object]:
    """A solved grid of r x c boxes with about half its cells kept, and its geometry."""
    variant = build_variant(r * c, (r, c))
    full = variant.solve(np.zeros((r * c) ** 2, np.int32), engine_name="fast").solution
    keep = np.random.default_rng(r * c).random(full.size) < 0.5
    return np.where(keep, full, 0), variant.geometry


def png_times(repeat: int) -> None:
    """SVG + PNG seconds for 9x9, 16x16 and 25x25, plain and with pencilmarks."""
    png(svg(np.zeros(16, np.int32)))  # resvg's font scan and the font check, once
    for r, c in ((3, 3), (4, 4), (5, 5)):
        g, geometry = half_given(r, c)
        marks = basic_candidates(g, geometry)
        t_plain, data = best_of(lambda: png(svg(g, geometry)), repeat)
        t_marks, data_m = best_of(lambda: png(svg(g, geometry, candidates=marks)), repeat)
        goal = " (goal < 0.5 s)" if r * c == 25 else ""
        print(f"PNG {r * c}x{r * c}: {t_plain:.3f} s ({len(data) // 1024} KB){goal}, with pencilmarks "
              f"{t_marks:.3f} s ({len(data_m) // 1024} KB)")


def pdf_time(limit: int, repeat: int) -> None:
    """A PDF of print sheets: limit puzzles 6 to a page, then their solutions."""
    _, grids = puzzle_sets(limit)[0]
    solver = build_variant(9, (3, 3))
    found = [Drawing(k, k, scene(g), scene(solver.solve(g, engine_name="fast").solution, givens=g))
             for k, g in enumerate(grids, 1)]
    t, data = best_of(lambda: sheets(found, 6), repeat)
    pages = data.count(b"/Type /Page ")
    print(f"PDF of {len(grids)} puzzles + solutions, 6 per page: {t:.3f} s, {pages} pages, {len(data) // 1024} KB")


def main() -> None:
    """Run every measurement."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=1000, help="puzzles per 9x9 set")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    svg_rates(args.puzzles, args.repeat)
    png_times(args.repeat)
    pdf_time(args.puzzles, 1)


if __name__ == "__main__":
    main()
