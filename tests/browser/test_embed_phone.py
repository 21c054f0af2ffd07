"""The embed on a phone and on a desktop: where the replay's controls sit, and the words a
reader is told first (a touch screen taps, a mouse points)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.tabs import PHONE
from tests.browser.test_embed import CITY, game_text, open_embed
from tests.browser.test_embed_host import ROOT

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.base = base_url
    yield page
    context.close()


def finished_game() -> str:
    from akropolis import records

    return game_text(records.load((ROOT / "examples" / "finished.json").read_text()))


def boxes(page: Page, *ids: str) -> list[dict]:
    return [page.locator(f"#{name}").bounding_box() for name in ids]


def test_on_a_phone_the_replay_controls_sit_right_under_the_city(phone: Page) -> None:
    """Not under the scorepad: the step buttons, the slider and the chart follow the city
    (after its one line of explanation), on the first screen, and the score comes after."""
    open_embed(phone, "", finished_game())
    stage, why, replay, side = boxes(phone, "stage", "why", "replay", "side")
    under_city = stage["y"] + stage["height"]
    assert replay["y"] - under_city <= why["height"] + 2, "something sits between city and replay"
    assert side["y"] >= replay["y"] + replay["height"] - 1, "the score is not under the replay"
    for step in ("first", "back", "forward", "last"):
        button = phone.locator(f"[data-step='{step}']").bounding_box()
        assert button["y"] + button["height"] <= PHONE["viewport"]["height"], step
    chart = phone.locator("#chart").bounding_box()
    assert chart["y"] < side["y"]
    phone.tap("[data-step='back']")
    assert phone.input_value("#ply") == str(int(phone.get_attribute("#ply", "max")) - 1)
    widths = phone.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1]


def test_on_a_desktop_the_score_stands_beside_the_city_and_the_replay_under_both(
    page: Page,
) -> None:
    open_embed(page, "", finished_game())
    stage, side, replay = boxes(page, "stage", "side", "replay")
    assert side["x"] >= stage["x"] + stage["width"] - 1 and abs(side["y"] - stage["y"]) <= 1
    assert abs(side["height"] - stage["height"]) <= 1
    assert replay["y"] >= stage["y"] + stage["height"]
    assert replay["width"] >= stage["width"] + side["width"] - 2  # the whole width


def test_a_touch_screen_is_told_to_tap_and_a_mouse_to_point(phone: Page, page: Page) -> None:
    open_embed(phone, "", CITY)
    assert phone.inner_text("#why") == "Tap a district to see why it counts or not."
    phone.goto("about:blank")
    open_embed(phone, "?tile=18", CITY)
    assert phone.inner_text("#why") == (
        "Tap a spot to see the tile there, then “Place here” to place it."
    )
    open_embed(page, "", CITY)
    assert page.inner_text("#why") == "Point at a district to see why it counts or not."
    page.goto("about:blank")
    open_embed(page, "?tile=18", CITY)
    assert page.inner_text("#why") == "Point at a spot to see the tile there; click to place it."
