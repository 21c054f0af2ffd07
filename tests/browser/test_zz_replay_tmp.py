from __future__ import annotations

import pytest
from playwright.sync_api import Page

from akropolis import records
from akropolis.simulate import random_game
from tests.browser.test_game_ui import open_page, start_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_shots(page: Page, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_page(page)
    start_game(page, ["Cy", "Di"], (), seed=99)
    game = random_game(3, 7, variants=("houses", "markets"))
    game.names = ("Ann", "Bob", "Cleo")
    page.evaluate("t => akropolisApp.load(t)", records.dump(game))
    page.wait_for_selector("#end-dialog[open]")
    page.screenshot(path=f"/tmp/shots/end-{size[0]}.png")
    page.click("#btn-replay-end")
    page.wait_for_selector("#replay-dialog[open]")
    page.wait_for_timeout(500)
    page.screenshot(path=f"/tmp/shots/replay-{size[0]}.png")
    for _ in range(10):
        page.keyboard.press("ArrowLeft")
    page.click("#replay-players [data-player='1']")
    page.wait_for_timeout(300)
    page.screenshot(path=f"/tmp/shots/replay-back-{size[0]}.png", full_page=True)
    page.locator("#replay-summary").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/shots/replay-summary-{size[0]}.png")
