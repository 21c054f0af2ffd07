"""Browser fixtures: dist/ served on a free local port, a Chromium driven by Playwright.

The browser is the one build.py's ``find_browser()`` finds: the executable AKROPOLIS_BROWSER
names, Debian's chromium, or Playwright's own (``python build.py test`` installs one if none).

A browser test whose tab crashes ("Target crashed": the renderer process died, which a loaded
CI machine does now and then) runs once more; any other failure is a failure.

Every page records console errors and every request, so tests can assert that a whole game
logs no error and asks nothing outside its origin.  A failing test saves a screenshot in
``test-results/``.

``page`` is a tab of the test's own; a module whose tests only drive the game page shares one
booted tab instead (``shared_page``, see ``tabs.py``), which saves booting Python per test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from build import BROWSER_HELP, find_browser
from tests.browser.site import Site, copy_of_dist
from tests.browser.tabs import (
    DESKTOP,
    SharedTab,
    after_shared_test,
    first_visit,
    screenshot_if_failed,
)
from tests.browser.watching import watched
from tools.serving import serve_in_background

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python build.py test`, which builds it")
    url, server = serve_in_background(DIST)
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


@pytest.fixture(scope="module")
def shared_tabs(browser: Browser, base_url: str) -> Iterator:
    """``shared_tabs(name, **context_options)``: the module's shared tab of that name, made
    with those options the first time."""
    tabs: dict[str, SharedTab] = {}

    def tab(name: str, **options) -> SharedTab:
        if name not in tabs:
            context = browser.new_context(**options)
            tabs[name] = SharedTab(context, base_url, options.get("viewport", DESKTOP))
        return tabs[name]

    yield tab
    for shared in tabs.values():
        shared.context.close()


@pytest.fixture
def shared_page(shared_tabs, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The game page as on a first visit (``first_visit``), in a desktop tab the test module
    shares.  For tests that drive the page: a test that routes requests, adds init scripts or
    opens another site takes ``own_page``."""
    page = first_visit(shared_tabs("desktop", viewport=DESKTOP, accept_downloads=True))
    yield page
    after_shared_test(page, request)


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
