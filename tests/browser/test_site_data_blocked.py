"""A browser that keeps no site data (Chromium's "Don't allow sites to save data"): every page
starts and plays (PyScript's IndexedDB store lives in memory: web/browser/no_storage.mjs), and
the game says once that nothing can be kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from build import CHROMIUM_ARGS, find_browser
from tests.browser.test_calculator import open_calculator, state
from tests.browser.test_embed import CITY, open_embed
from tests.browser.test_game_ui import game_on_page, open_page, play_through_ui, quick
from tests.browser.test_opponents import wait_for_moves

pytestmark = pytest.mark.browser

#: Chromium's profile setting behind "Don't allow sites to save data on your device".
BLOCKED = {"profile": {"default_content_setting_values": {"cookies": 2}}}


@pytest.fixture
def blocked(browser: Browser, base_url: str, tmp_path: Path) -> Iterator[Page]:
    """A tab in a Chromium profile that blocks site data."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(BLOCKED))
    options = find_browser().launch_options()
    options["args"] = list(CHROMIUM_ARGS)
    context: BrowserContext = browser.browser_type.launch_persistent_context(
        str(profile), **options, viewport={"width": 1280, "height": 820}
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.base = base_url
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


def test_the_profile_really_blocks_site_data(blocked: Page) -> None:
    blocked.goto(blocked.base + "embed.html")
    kept = blocked.evaluate(
        "() => { try { localStorage.setItem('x', '1'); return true; } catch { return false; } }"
    )
    assert kept is False


def test_the_game_starts_plays_and_says_once_that_nothing_is_kept(blocked: Page) -> None:
    open_page(blocked)
    dialog = blocked.locator("#message-dialog")
    assert "does not let the page store games" in dialog.inner_text()
    dialog.locator("button").first.click()
    blocked.click(quick("people:2"))
    blocked.wait_for_selector("#new-dialog", state="hidden")
    for count in (1, 2):
        game = game_on_page(blocked)
        play_through_ui(blocked, game.legal_moves()[0])
        wait_for_moves(blocked, count)
    assert blocked.locator("#message-dialog[open]").count() == 0  # said once, not per move
    assert blocked.is_visible("#save-status")  # the status line says the game is not saved
    assert blocked.errors == []


def test_the_calculator_and_the_embed_start(blocked: Page) -> None:
    open_calculator(blocked)
    assert state(blocked) is not None
    open_embed(blocked, "", CITY)
    assert blocked.inner_text("#total").strip() != ""
    assert blocked.errors == []
