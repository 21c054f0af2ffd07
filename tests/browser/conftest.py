"""Browser fixtures: dist/ served on a free local port, a Chromium driven by Playwright.

The browser is the one build.py's ``find_browser()`` finds: the executable AKROPOLIS_BROWSER
names, Debian's chromium, or Playwright's own (``python build.py test`` installs one if none).

A browser test whose tab crashes ("Target crashed": the renderer process died, which a loaded
CI machine does now and then) runs once more; any other failure is a failure.

Every page records console errors and every request, so tests can assert that a whole game
logs no error and asks nothing outside its origin.  A failing test saves a screenshot in
``test-results/``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from build import BROWSER_HELP, find_browser, serve_in_background
from tests.browser.site import Site, copy_of_dist
from tests.browser.watching import Watch, watched

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
RESULTS = ROOT / "test-results"


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python build.py test`, which builds it")
    url, server = serve_in_background()
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    found = find_browser()
    if found is None:
        pytest.fail(BROWSER_HELP)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**found.launch_options())
        yield browser
        browser.close()


#: A test is run again once when its browser tab crashed, and for nothing else.
CRASHED = pytest.mark.flaky(reruns=1, only_rerun=["Target crashed"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(CRASHED)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.failed_call = report.failed


#: The desktop size every page fixture opens at.
DESKTOP = {"width": 1280, "height": 820}


def screenshot_if_failed(page: Page, request: pytest.FixtureRequest) -> bool:
    """Save a failing test's screenshot in ``test-results/``; whether it failed."""
    if not getattr(request.node, "failed_call", False):
        return False
    RESULTS.mkdir(exist_ok=True)
    # A crashed tab has nothing to show; the failure is reported anyway.
    with contextlib.suppress(Exception):
        page.screenshot(path=str(RESULTS / f"{request.node.name}.png"))
    return True


@pytest.fixture
def own_page(browser: Browser, base_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A new browser profile and tab for this test alone (nothing loaded yet)."""
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page = watched(context.new_page(), base_url)
    yield page
    screenshot_if_failed(page, request)
    context.close()


@pytest.fixture
def page(own_page: Page) -> Page:
    """The tab a test drives: its own (``own_page``), unless its module shares one
    (``shared_page``) by defining ``page`` over it."""
    return own_page


class _Tab:
    """A test module's shared tab: a new one when a test closed it."""

    def __init__(self, context: BrowserContext, base_url: str) -> None:
        self.context = context
        self.base_url = base_url
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


@pytest.fixture(scope="module")
def _module_tab(browser: Browser, base_url: str) -> Iterator[_Tab]:
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    yield _Tab(context, base_url)
    context.close()


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


@pytest.fixture
def shared_page(_module_tab: _Tab, base_url: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The game page as on a first visit, booted once for the test module: each test after the
    first starts from the page's ``akropolisApp.restart()`` (a fresh controller, the storage
    emptied) instead of booting Python again, which is most of a browser test's time.
    ``open_page`` then only checks the page is ready.  For tests that drive the page: a test
    that routes requests, adds init scripts or opens another site takes ``own_page``.
    """
    try:
        page, ready = _module_tab.get(), False
        page.set_viewport_size(DESKTOP)
        ready = page.url == base_url and page.evaluate(
            "document.documentElement.dataset.akropolis === 'ready' && 'akropolisApp' in window"
        )
    except PlaywrightError:  # the last test closed the tab, which is closing still
        _module_tab.page = None
        page = _module_tab.get()
    page.watch = Watch()
    page.restarted = False
    if ready:
        page.evaluate(FORGET)
        page.restarted = bool(page.evaluate("akropolisApp.restart()"))
    else:  # the test will load the page: first empty the origin's storage, from a blank page
        blank = base_url + "blank-for-tests.html"
        page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
        page.goto(blank)
        page.evaluate(FORGET)
        page.unroute(blank)
        page.watch = Watch()
    yield page
    if screenshot_if_failed(page, request) and not page.is_closed():
        page.goto("about:blank")  # the next test boots afresh


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """A copy of dist/ served on its own port, which a test may stop (to go offline)."""
    served = Site(copy_of_dist(tmp_path / "site"))
    yield served
    served.stop()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile at desktop size."""
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    yield context
    context.close()


@pytest.fixture
def people(browser: Browser, base_url: str) -> Iterator:
    """``person(phone=False)`` makes one more person: their own browser profile and page, with
    a clipboard the page may use (for play by link: each person on their own device)."""
    from tests.browser.test_touch_layouts import DEVICES

    contexts = []

    def person(phone: bool = False) -> Page:
        options = (
            {**DEVICES["phone"], "is_mobile": True, "has_touch": True}
            if phone
            else {"viewport": {"width": 1280, "height": 820}, "accept_downloads": True}
        )
        context = browser.new_context(**options)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        contexts.append(context)
        page = watched(context.new_page(), base_url)
        page.phone = phone
        return page

    yield person
    for context in contexts:
        context.close()
