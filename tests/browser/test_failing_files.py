"""A host that fails the game's files one at a time: each file a first visit asks for is
answered 404, 500, cut short (the whole length announced, half the body sent) or trickling in.
The game starts without an optional file (and plays); a file it cannot run without stops it with
an error screen that names the file and offers Try again, which works once the file is back.
A slow file only makes the start slower."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from build import DIST
from tests.browser.site import Site
from tests.browser.test_embed import CITY, SETTLED
from tests.browser.test_game_ui import game_on_page, play_through_ui, quick
from tests.browser.test_opponents import wait_for_moves

pytestmark = pytest.mark.browser

#: PyScript's chunks (their names carry a hash): required, and named as PyScript's.
PYSCRIPT_CHUNKS = sorted(
    f"runtime/pyscript/{path.name}" for path in (DIST / "runtime" / "pyscript").glob("*-*.js")
)
#: The files the game cannot start without.
REQUIRED = [
    "painter.js",
    "start.js",
    "words.mjs",
    "start_python.mjs",
    "python.zip",
    "game.zip",
    "runtime/pyodide/pyodide.mjs",
    "runtime/pyodide/pyodide.asm.mjs",
    "runtime/pyodide/pyodide.asm.wasm",
    "runtime/pyodide/python_stdlib.zip",
    "runtime/pyodide/pyodide-lock.json",
    "runtime/pyscript/core.js",
    *PYSCRIPT_CHUNKS,
]
#: The files it starts without (and says so on the console).
OPTIONAL = [
    "i18n.js",
    "loader.js",
    "no_storage.mjs",
    "watch_fetch.mjs",
    "offline.js",
    "style.css",
    "game.css",
    "icons/favicon.svg",
    "runtime/sizes.json",
    "runtime/pyscript/core.css",
]
STATE = "document.documentElement.dataset.akropolis"


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    served = Site(DIST)
    yield served
    served.stop()


@pytest.fixture
def tab(browser: Browser, site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    context.route("**/sw.js", lambda route: route.abort())  # each visit a first visit
    page = context.new_page()
    yield page
    site.failing.clear()
    context.close()


def settle(page: Page) -> str:
    page.wait_for_function(f"['ready', 'error'].includes({STATE})", timeout=60_000)
    return page.evaluate(STATE)


def test_the_lists_hold_every_file_a_first_visit_asks_for(tab: Page, site: Site) -> None:
    site.sent.clear()
    tab.goto(site.url)
    assert settle(tab) == "ready"
    asked = {path.split("?")[0].lstrip("/") for path, _ in site.sent} - {""}
    assert asked == set(REQUIRED) | set(OPTIONAL)


@pytest.mark.parametrize("mode", ["404", "500", "truncated"])
@pytest.mark.parametrize("name", REQUIRED)
def test_a_required_file_stops_the_start_naming_it_and_try_again_works(
    tab: Page, site: Site, name: str, mode: str
) -> None:
    site.failing[name] = mode
    tab.goto(site.url)
    assert settle(tab) == "error"
    said = tab.inner_text("#loading-error") if tab.is_visible("#loading-error") else ""
    said += tab.inner_text("#start-status")
    shown = name if name not in PYSCRIPT_CHUNKS else "runtime/pyscript/"
    assert shown in said
    assert "Traceback" not in said
    site.failing.clear()  # the host has the file again
    on_top = "#btn-start-retry" if tab.is_visible("#btn-start-retry") else "#btn-retry"
    tab.click(on_top)
    tab.wait_for_function(f"{STATE} !== 'error'")
    assert settle(tab) == "ready"


@pytest.mark.parametrize("mode", ["404", "500", "truncated"])
@pytest.mark.parametrize("name", OPTIONAL)
def test_the_game_starts_and_plays_without_an_optional_file(
    tab: Page, site: Site, name: str, mode: str
) -> None:
    site.failing[name] = mode
    tab.goto(site.url)
    assert settle(tab) == "ready"
    tab.click(quick("people:2"))
    tab.wait_for_selector("#new-dialog", state="hidden")
    play_through_ui(tab, game_on_page(tab).legal_moves()[0])
    wait_for_moves(tab, 1)


@pytest.mark.parametrize("name", REQUIRED + OPTIONAL)
def test_a_file_that_trickles_in_only_slows_the_start(tab: Page, site: Site, name: str) -> None:
    site.failing[name] = "slow"
    tab.goto(site.url)
    assert settle(tab) == "ready"


#: The files the embed cannot show a city without, once its own script runs.
EMBED_REQUIRED = [
    "python.zip",
    "embed.zip",
    "start_python.mjs",
    "runtime/pyodide/pyodide.asm.wasm",
    "runtime/pyodide/python_stdlib.zip",
]


def settle_embed(page: Page) -> str:
    """As settle(), in the embed (whose policy runs no JavaScript given as a string)."""
    page.wait_for_function(SETTLED, timeout=60_000)
    return page.evaluate(STATE)


@pytest.mark.parametrize("mode", ["404", "truncated"])
@pytest.mark.parametrize("name", EMBED_REQUIRED)
def test_the_embed_says_a_file_failed_and_try_again_shows_the_city(
    tab: Page, site: Site, name: str, mode: str
) -> None:
    site.failing[name] = mode
    tab.goto(f"{site.url}embed.html#{CITY}")
    assert settle_embed(tab) == "error"
    assert "Check your connection, then try again." in tab.inner_text("#error")
    assert "Traceback" not in tab.inner_text("body")
    site.failing.clear()  # the host has the file again
    tab.get_by_role("button", name="Try again").click()
    tab.wait_for_function(f"() => {STATE} !== 'error'")
    assert settle_embed(tab) == "ready"
    assert tab.is_hidden("#error")


def test_a_link_that_shows_nothing_offers_no_try_again(tab: Page, site: Site) -> None:
    tab.goto(f"{site.url}embed.html#")
    assert settle_embed(tab) == "error"
    assert tab.is_hidden("#retry")  # loading again would show nothing again
