"""Fixtures of the web app's tests: a real `sudokit serve` on 127.0.0.1 and headless Chromium (helpers: webtools.py).

The web tests' server and browser are child processes that live across them (package scope: stopped before any other
test runs), so this folder's leak check allows the children that were alive before a test started; anything a test
starts and leaves running still fails it.
Screenshots go to tests/artifacts/ (git-ignored), kept after the run.
"""

from __future__ import annotations

import faulthandler
import importlib.util
import multiprocessing
import os
import re
import signal
import time

import pytest
from .webtools import ARTIFACTS, BROWSER_REQUIRED, CHROMIUM, CHROMIUM_ARGS, TEST_SECONDS, child_pids, served


@pytest.fixture(autouse=True)
def no_leaks():
    """Each test within TEST_SECONDS, and no child process it started alive after it."""
    before = set(child_pids())
    faulthandler.dump_traceback_later(TEST_SECONDS, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()
    multiprocessing.active_children()
    deadline = time.monotonic() + 5
    while set(child_pids()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    leaked = sorted(set(child_pids()) - before)
    for pid in leaked:
        os.kill(pid, signal.SIGKILL)
    assert not leaked, f"child processes left running: {leaked}"


@pytest.fixture(scope="package")
def server():
    """One `sudokit serve --port 0 --workers 2` for the web tests, its workers warm (stopped when they end, so the
    other tests' leak checks never see it)."""
    with served(2) as server:
        yield server


# ---- the browser ----

@pytest.fixture(scope="package")
def browser():
    """Headless Chromium (the OS's: browser downloads are not reachable here), driven by Playwright.

    Without Chromium or Playwright the browser tests skip, saying so, except where SUDOKIT_REQUIRE_BROWSER or CI is
    set (.ci/run installs Chromium with apt-get and sets it): there a missing browser fails them."""
    missing = None
    if not os.access(CHROMIUM, os.X_OK):
        missing = (f"no Chromium at {CHROMIUM}: apt-get install -y chromium (.ci/run does), or set SUDOKIT_CHROMIUM "
                   "to a Chromium executable")
    elif importlib.util.find_spec("playwright") is None:
        missing = "Playwright is not installed: pip install '.[test]'"
    if missing:
        if BROWSER_REQUIRED:
            pytest.fail(f"browser tests cannot run: {missing}", pytrace=False)
        pytest.skip(f"browser tests skipped: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page_at(browser, server, request):
    """page_at(width, height=900): a fresh page of the app, ready; a screenshot is kept when the test ends."""
    ARTIFACTS.mkdir(exist_ok=True)
    pages = []

    def open_page(width: int = 1280, height: int = 900, path: str = ""):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.goto(server.url + path)
        page.wait_for_selector("body[data-ready=true]")
        pages.append((page, context, width))
        return page

    yield open_page
    for k, (page, context, width) in enumerate(pages):
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{k}-{width}px.png"), full_page=True)
        errors = page.errors
        context.close()
        assert not errors, f"the page raised: {errors}"
