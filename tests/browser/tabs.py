"""Tabs that a test module's browser tests share, and what each test sees in them.

Booting the game (Pyodide and the page's Python) is most of a browser test's time, so the tests
of a module that only drive the page share one tab (``SharedTab``) and start each from the
page's ``akropolisApp.restart()``: a fresh controller over emptied storage, as on a first visit
(``first_visit``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.watching import Watch, watched

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results"
#: The desktop size a page opens at.
DESKTOP = {"width": 1280, "height": 820}
#: A phone held upright, touch only: a browser context's options.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def screenshot_if_failed(page: Page, request: pytest.FixtureRequest) -> bool:
    """Save a failing test's screenshot in ``test-results/``; whether it failed."""
    if not getattr(request.node, "failed_call", False):
        return False
    RESULTS.mkdir(exist_ok=True)
    # A crashed tab has nothing to show; the failure is reported anyway.
    with contextlib.suppress(Exception):
        page.screenshot(path=str(RESULTS / f"{request.node.name}.png"))
    return True


class SharedTab:
    """A tab a test module's tests share, in its own browser profile; a new tab when a test
    closed it.  ``viewport`` is the size each test starts at."""

    def __init__(self, context: BrowserContext, base_url: str, viewport: dict) -> None:
        self.context = context
        self.base_url = base_url
        self.viewport = viewport
        self.page: Page | None = None

    def get(self) -> Page:
        if self.page is None or self.page.is_closed():
            page = watched(self.context.new_page(), self.base_url)
            page.restarted = False

            def navigated(frame) -> None:
                if frame == page.main_frame:
                    page.restarted = False

            page.on("framenavigated", navigated)
            self.page = page
        return self.page


#: What a new visit would not find: the storage, a test's hooks, focus, scroll and dialogs.
FORGET = """() => {
  localStorage.clear();
  sessionStorage.clear();
  delete window.akropolisTest;
  if (document.activeElement) document.activeElement.blur();
  window.scrollTo(0, 0);
}"""
#: A page of the test server's origin that asks for nothing (not even a favicon).
BLANK = '<!doctype html><title>blank</title><link rel="icon" href="data:,">'


def first_visit(tab: SharedTab) -> Page:
    """``tab``'s page as on a first visit to the game: restarted through the page's
    ``akropolisApp.restart()`` (a fresh controller, the storage emptied) when the game is
    loaded there, instead of booting Python again, which is most of a browser test's time;
    otherwise the origin's storage is emptied and ``open_page`` will load the game."""
    base_url = tab.base_url
    try:
        page, ready = tab.get(), False
        page.set_viewport_size(tab.viewport)
        ready = page.url == base_url and page.evaluate(
            "document.documentElement.dataset.akropolis === 'ready' && 'akropolisApp' in window"
        )
    except PlaywrightError:  # the last test closed the tab, which is closing still
        tab.page = None
        page = tab.get()
    page.watch = Watch()
    page.restarted = False
    if ready:
        page.evaluate(FORGET)
        page.restarted = bool(page.evaluate("akropolisApp.restart()"))
    else:
        blank = base_url + "blank-for-tests.html"
        page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
        page.goto(blank)
        page.evaluate(FORGET)
        page.unroute(blank)
        page.watch = Watch()
    return page


def after_shared_test(page: Page, request: pytest.FixtureRequest) -> None:
    if screenshot_if_failed(page, request) and not page.is_closed():
        page.goto("about:blank")  # the next test boots afresh
