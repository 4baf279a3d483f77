"""The page in headless Chromium, used as a person uses it: keys, clicks, paste and drop; assertions on what it
shows. Each test's screenshots are kept in tests/artifacts/."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from .webtools import HARD, HARD_SOLUTION

DATA = Path(__file__).resolve().parent.parent / "data"


def board(page) -> str:
    """The digits the board shows, row by row ('.' for an empty cell)."""
    return page.eval_on_selector_all(
        "#board .cell", "cells => cells.map(c => c.querySelector('.v') ? c.querySelector('.v').textContent : '.')"
                        ".join('')")


def status(page) -> str:
    """The status line."""
    return page.inner_text("#status")


def wait_status(page, text: str) -> None:
    """Wait until the status line starts with text."""
    page.wait_for_function("t => document.getElementById('status').textContent.startsWith(t)", arg=text)


def load_example(page) -> None:
    """Press Example and wait for the puzzle and its picture."""
    page.click("#example")
    wait_status(page, "Loaded a 9x9 puzzle")
    page.wait_for_selector("#picture svg")


def test_enter_a_puzzle_with_the_keyboard_and_solve_it(page_at):
    page = page_at(1280)
    page.click("#board .cell >> nth=0")
    page.keyboard.type(HARD)
    assert board(page) == HARD
    assert page.eval_on_selector_all("#board .cell.given", "cells => cells.length") == 17
    page.click("#solve")
    wait_status(page, "Solved.")
    assert board(page) == HARD_SOLUTION
    assert "the only solution" in page.inner_text("#result")
    assert page.eval_on_selector_all("#board .cell.solved", "cells => cells.length") == 81 - 17
    assert page.eval_on_selector("#picture svg", "svg => svg.getAttribute('viewBox') !== null")


def test_pencilmarks_undo_and_redo(page_at):
    page = page_at(1280)
    load_example(page)
    page.click("#board .cell >> nth=1")  # r1c2, empty
    page.keyboard.press("Shift+Digit1")
    page.keyboard.press("p")
    page.keyboard.press("2")
    page.keyboard.press("p")
    marks = "#board .cell >> nth=1 >> .marks"
    assert page.inner_text(marks).split() == ["1", "2"]
    page.keyboard.press("7")
    assert board(page)[1] == "7"
    page.keyboard.press("Control+z")
    assert board(page)[1] == "." and page.inner_text(marks).split() == ["1", "2"]
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert page.locator(marks).count() == 0 and board(page) == HARD
    page.keyboard.press("Control+y")
    assert page.inner_text(marks).split() == ["1"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("9")
    assert board(page)[2] == "9"
    page.keyboard.press("Backspace")
    assert board(page)[2] == "."
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("5")  # r1c1 is a given
    assert board(page)[0] == "4" and "given" in status(page)


def test_hints_one_at_a_time_then_the_whole_path(page_at):
    page = page_at(1280)
    load_example(page)
    page.click("#hint")
    page.wait_for_selector("#hint-text")
    assert page.inner_text("#hint-text").startswith("Hidden Single: r6c2=4")
    assert page.locator("#picture svg g.cells").count() == 1  # the renderer's highlight of the hint
    assert page.get_attribute("#board .cell >> nth=46", "class").split().count("hinted") == 1
    page.click("#apply-hint")
    assert board(page)[46] == "4"
    seen, placed = ["Hidden Single: r6c2=4 (only place for 4 in b4)"], 1
    for _ in range(6):  # eliminations too: the next hint starts from what the last one removed
        page.click("#hint")
        page.wait_for_function("seen => !seen.includes((document.getElementById('hint-text') || {}).textContent)",
                               arg=seen)
        seen.append(page.inner_text("#hint-text"))
        placed += "<>" not in seen[-1]
        page.click("#apply-hint")
    assert any("<>" in text for text in seen) and board(page).count(".") == 64 - placed
    page.click("#steps")
    page.wait_for_selector("#steps-list li.current")
    total = page.locator("#steps-list li").count()
    assert total > 20 and page.inner_text("#step-pos") == f"Step 1 of {total}"
    first = page.inner_html("#picture")
    page.click("#step-next")
    page.wait_for_function("t => document.getElementById('step-pos').textContent === t", arg=f"Step 2 of {total}")
    page.wait_for_function("old => document.getElementById('picture').innerHTML !== old", arg=first)
    assert page.locator("#picture svg g.cells").count() == 1
    page.click("#steps-list li >> nth=-1")
    page.wait_for_function("t => document.getElementById('step-pos').textContent === t",
                           arg=f"Step {total} of {total}")
    assert page.is_disabled("#step-next")
    page.click("#rate")
    # the steps' own summary may sit in #result until the rating replaces it: wait for the rating itself
    page.wait_for_function("() => ((document.querySelector('#result .big') || {}).textContent || '').startsWith('ER')")
    assert page.inner_text("#result .big").startswith("ER 2.6")


def test_generate_or_see_it_unavailable(page_at):
    page = page_at(1280)
    page.click("#gen-panel summary")
    if importlib.util.find_spec("sudokit.generate") is None:
        assert page.is_disabled("#generate")
        assert "not in this version" in page.inner_text("#gen-note")
        assert page.get_attribute("#gen-panel", "data-available") == "false"
        return
    page.select_option("#gen-level", "easy")
    page.click("#generate")
    page.wait_for_selector("#generated")
    assert 17 <= page.eval_on_selector_all("#board .cell.given", "c => c.length") < 81


def test_target_mode_heat_map_score_and_optimum(page_at):
    page = page_at(1280)
    page.fill("#puzzle-text", (DATA / "target-sudoku" / "sudoku2.in").read_text())
    page.click("#load")
    wait_status(page, "Loaded a 9x9 puzzle")
    page.click("#tab-target")
    assert page.get_attribute("#tab-target", "aria-selected") == "true"
    assert page.locator("#board .cell .weight").count() == 81
    assert page.inner_text("#board .cell >> nth=40 >> .weight") == "10"  # the centre of the rings rule
    assert page.inner_text("#score-line").startswith("Score so far: ")
    assert page.is_hidden("#solve") and page.is_visible("#target-best")
    page.click("#target-best")
    page.wait_for_selector("#optimum")
    want = (DATA / "target-sudoku" / "sudoku2.out").read_text().strip()
    assert page.inner_text("#optimum") == f"Optimum (highest) score: {want}"
    assert page.locator("#picture svg .weights").count() == 1
    page.click("#target-fill")
    assert page.inner_text("#score-line") == f"Score: {want} \u00b7 optimum {want}"


def test_binary_mode_flips(page_at):
    grid = "".join((DATA / "binary-sudoku" / "sample.in").read_text().split())
    page = page_at(1280, path=f"#m=binary&bin={grid}&b=3x3")
    assert page.get_attribute("#tab-binary", "aria-selected") == "true"
    assert page.eval_on_selector_all("#board .cell.one", "c => c.length") == grid.count("1")
    page.click("#binary-flips")
    page.wait_for_selector("#flips")
    want = int((DATA / "binary-sudoku" / "sample.out").read_text())
    assert page.inner_text("#flips") == f"{want} flips"
    page.click("#binary-apply")
    assert page.inner_text("#score-line") == "Every row, column and box is even."
    page.click("#undo")
    # sample.in by hand: r5 holds three 1s; c3, c6 and c7 one each; boxes 1, 3 and 5 (the centre's five) odd
    assert page.inner_text("#score-line") == "Odd: 1 row, 3 columns, 3 boxes."
    page.click("#board .cell >> nth=0")
    assert page.get_attribute("#board .cell >> nth=0", "class").split().count("one") == 1


def test_share_link_holds_the_puzzle_and_the_progress(page_at):
    page = page_at(1280)
    load_example(page)
    page.click("#board .cell >> nth=1")
    page.keyboard.press("1")
    page.click("#share")
    url = page.input_value("#share-url")
    assert "#p=4.....8.5.3" in url and "g=41" in url
    other = page_at(375, path=url.split("/", 3)[3])
    wait_status(other, "Opened a shared 9x9 puzzle")
    assert board(other) == "41" + HARD[2:]
    assert other.eval_on_selector_all("#board .cell.given", "c => c.length") == 17


def test_paste_and_drop_any_format(page_at):
    page = page_at(1280)
    grid = "\n".join(" ".join("0" if ch == "." else ch for ch in HARD[r * 9:(r + 1) * 9]) for r in range(9))
    page.dispatch_event("body", "paste", {})  # nothing on the clipboard: nothing happens
    page.evaluate("""text => {
        const data = new DataTransfer(); data.setData('text/plain', text);
        document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
    }""", grid)
    wait_status(page, "Loaded a 9x9 puzzle with 17 givens")
    assert board(page) == HARD
    doc = {"size": 9, "box": [3, 3], "givens": [[0] * 9] * 9, "constraints": ["x"]}
    page.evaluate("""text => {
        const data = new DataTransfer(); data.items.add(new File([text], 'x.json', {type: 'application/json'}));
        document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true}));
    }""", json.dumps(doc))
    wait_status(page, "Loaded a 9x9 puzzle with 0 givens")
    assert page.is_checked("#var-x") and page.locator("#board .cell.diag").count() == 17
    page.click("#solve")
    wait_status(page, "Solved.")
    solved = board(page)
    assert len({solved[i * 10] for i in range(9)}) == 9 and len({solved[8 * (i + 1)] for i in range(9)}) == 9


def test_killer_cages_and_jigsaw_regions(page_at):
    page = page_at(1280)
    page.click("#shapes summary")
    page.fill("#cages-text", (DATA / "variants" / "killer-codingame-1.cages").read_text())
    page.click("#apply-shapes")
    wait_status(page, "Regions and cages applied.")
    assert page.locator("#board .cell .sum").count() > 20
    page.click("#solve")
    wait_status(page, "Solved.")
    assert board(page) == "568913427197254683342687915851726349473891256926345871219538764734162598685479132"
    page.fill("#cages-text", "")
    page.fill("#regions-text", "\n".join("".join("ABCDEFGHI"[(r + c) % 9] for c in range(9)) for r in range(9)))
    page.click("#apply-shapes")
    wait_status(page, "Regions and cages applied.")
    assert page.input_value("#box") == ""  # regions, no box shape


@pytest.mark.parametrize("width, height", [(375, 812), (1280, 900)])
def test_usable_on_a_phone_and_a_desktop(page_at, width, height):
    page = page_at(width, height)
    load_example(page)
    page.click("#hint")
    page.wait_for_selector("#hint-text")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sticks out sideways
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and abs(box["width"] - box["height"]) < 2
    assert box["width"] >= min(width - 40, 500)  # the grid takes the room it has
    cell = page.locator("#board .cell >> nth=0").bounding_box()
    assert cell["width"] >= 36  # a finger-sized cell even on a phone
    for selector in ("#solve", "#hint", "#steps", "#rate", "#keypad button >> nth=8", "#undo"):
        target = page.locator(selector).bounding_box()
        assert target["height"] >= 32 and 0 <= target["x"] and target["x"] + target["width"] <= width, selector
    font = page.eval_on_selector("#board .cell >> nth=0", "c => parseFloat(getComputedStyle(c).fontSize)")
    assert font >= 18
    page.locator("#picture").scroll_into_view_if_needed()
    picture = page.locator("#picture svg").bounding_box()
    assert picture["width"] <= width
