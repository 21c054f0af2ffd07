"""End-to-end: the score calculator and the embed without a pointer (issue 27): painting hex by
hex from the keyboard, one Tab stop for the catalogue, the brushes and the tabs, and each
city in words for a screen reader."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from akropolis import Kind, records
from tests.browser.test_embed import CITY, SETTLED
from tests.browser.test_keyboard import focused

pytestmark = pytest.mark.browser


def ready(page: Page, path: str) -> None:
    page.goto(page.base + path)
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("() => document.documentElement.dataset.akropolis") == "ready"


def state(page: Page) -> dict:
    return json.loads(page.evaluate("akropolisCalculator.state()"))


def stops(page: Page, group: str) -> int:
    """How many of a group's buttons Tab stops at."""
    return page.locator(f"{group}[tabindex='0']").count()


def test_the_calculator_paints_hex_by_hex_from_the_keyboard(own_page: Page) -> None:
    page = own_page
    ready(page, "calculator.html")
    page.focus("#mode [data-mode='hexes']")
    page.keyboard.press("Enter")
    assert state(page)["players"][0]["mode"] == "hexes"
    assert stops(page, "#palette .swatch") == 1
    page.focus("#palette .swatch[tabindex='0']")
    assert page.get_attribute("#palette .swatch[tabindex='0']", "data-kind") == str(int(Kind.HOUSE))
    page.keyboard.press("ArrowRight")
    market = f'BUTTON{{"kind":"{int(Kind.MARKET)}"}}'
    assert focused(page) == market
    page.keyboard.press("Enter")  # the market brush
    page.focus("#city")
    page.keyboard.press("ArrowDown")  # the brush appears on the plaza
    assert page.inner_text("#hint") == (
        "At 0,0: house plaza, level 1. Press Enter to paint it: market, level 1."
    )
    page.keyboard.press("s")  # one hex south
    assert page.inner_text("#hint") == ("At 0,1: no hex. Press Enter to paint it: market, level 1.")
    page.keyboard.press("Enter")
    assert page.inner_text("#hint") == "Painted a market on level 1 at 0,1."
    hexes = state(page)["players"][0]["hexes"]
    assert {"cell": [0, 1], "kind": Kind.MARKET.label, "level": 1} in hexes
    assert focused(page) == "city"
    page.keyboard.press("s")
    page.keyboard.press("s")  # two hexes away from the city: refused, nothing painted
    assert page.inner_text("#hint").startswith("At 0,3: no hex. Not here: ")
    page.keyboard.press("Enter")
    assert len(state(page)["players"][0]["hexes"]) == len(hexes)


def test_the_calculators_catalogue_and_tabs_are_one_tab_stop_each(own_page: Page) -> None:
    page = own_page
    ready(page, "calculator.html")
    assert stops(page, "#catalogue [data-tile]") == 1
    page.focus("#catalogue [data-tile][tabindex='0']")
    assert focused(page).startswith('BUTTON{"tile":"1"')
    page.keyboard.press("ArrowRight")
    assert focused(page).startswith('BUTTON{"tile":"2"')
    page.keyboard.press("End")
    assert focused(page).startswith('BUTTON{"tile":"61"')
    page.keyboard.press("ArrowUp")  # the row above, as the grid shows it
    above = page.evaluate("() => Number(document.activeElement.dataset.tile)")
    assert 1 < above < 61
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # takes tile 1 in hand
    assert page.get_attribute("#catalogue [data-tile='1']", "aria-pressed") == "true"
    page.focus("#tabs [data-action='add-player']")
    page.keyboard.press("Enter")
    assert stops(page, "#tabs [role=tab]") == 1
    page.focus("#tabs [role=tab][tabindex='0']")  # the player just added
    page.keyboard.press("Home")
    assert focused(page) == "tab-0"
    page.keyboard.press("ArrowRight")
    assert focused(page) == "tab-1"
    page.keyboard.press("Enter")  # shows that player's city
    assert page.get_attribute("#tab-1", "aria-selected") == "true"
    assert focused(page) == "tab-1"


def test_the_calculator_and_the_embed_say_their_city_in_words(own_page: Page) -> None:
    page = own_page
    city = records.load(CITY)
    visible = len(city.build())
    ready(page, "calculator.html#" + CITY)
    page.focus("#words-box summary")
    page.keyboard.press("Enter")
    # the table is written when the box's toggle event arrives, a task later
    expect(page.locator("#city-words tbody tr")).to_have_count(visible)
    assert page.inner_text("#city-words caption").endswith(", hex by hex, top row first.")
    page.goto("about:blank")
    ready(page, "embed.html#" + CITY)
    rows = page.locator("#city-words tbody tr")
    assert rows.count() == visible  # read by a screen reader, not shown
    assert not page.is_visible("#city-words caption") or page.evaluate(
        "() => document.getElementById('city-words').getBoundingClientRect().width <= 1"
    )
    first = rows.nth(0).locator("td").all_inner_texts()
    assert len(first) == 4 and first[3]  # kind, level, tile, and what it scores
