"""Phones and tablets: pick, tap, place with the thumb; the city is drawn at every step.

Drawing is checked on the canvas's pixels, not only on state: the starting plaza and each
placed hex must show their colour wherever the layout moves the canvas to.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from akropolis import TILES, Kind, LegalMove, records
from akropolis.picture.palette import fill
from tests.browser.tabs import after_shared_test, first_visit
from tests.browser.test_game_ui import game_on_page, open_page, screen_of, start_game

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3},
    "tablet-portrait": {"viewport": {"width": 820, "height": 1180}, "device_scale_factor": 2},
    "tablet-landscape": {"viewport": {"width": 1180, "height": 820}, "device_scale_factor": 2},
}
#: Colour of a cell's hex, a little off its centre (the symbols sit on the centre).
PIXEL = """([x, y]) => {
  const canvas = document.getElementById('city');
  const box = canvas.getBoundingClientRect();
  const ratio = canvas.width / box.width;
  const px = Math.round((x - box.left) * ratio), py = Math.round((y - box.top) * ratio);
  return Array.from(canvas.getContext('2d').getImageData(px, py, 1, 1).data);
}"""


@pytest.fixture(params=sorted(DEVICES))
def device(request: pytest.FixtureRequest, shared_tabs) -> Iterator[Page]:
    """The game page on each device, as on a first visit: one tab per device for the module
    (see ``first_visit``)."""
    name = request.param
    page = first_visit(shared_tabs(name, **DEVICES[name], is_mobile=True, has_touch=True))
    page.device = name
    yield page
    after_shared_test(page, request)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def shows(page: Page, cell: tuple[int, int], colour: str) -> bool:
    """Whether the canvas shows ``colour`` (within shading) just off the centre of ``cell``."""
    x, y = screen_of(page, cell)
    scale = page.evaluate("akropolisApp.scale()")
    r, g, b, _ = page.evaluate(PIXEL, [x - 0.45 * scale, y + 0.3 * scale])
    er, eg, eb = rgb(colour)
    return abs(r - er) + abs(g - eg) + abs(b - eb) < 90


def assert_layout_fits(page: Page) -> None:
    """No sideways scrolling, and every visible control is at least 44 px each way."""
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.body.scrollWidth") <= width
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, .button, .site-tile')]
              .filter(e => e.offsetParent && getComputedStyle(e).visibility !== 'hidden')
              .map(e => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
              .filter(([, r]) => r.width < 44 || r.height < 44)
              .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == []


def visible_move(page: Page, moves: list[LegalMove]) -> LegalMove:
    box = page.locator("#city").bounding_box()
    for move in moves:
        x, y = screen_of(page, move.anchor)
        inside_x = box["x"] + 30 < x < box["x"] + box["width"] - 30
        if inside_x and box["y"] + 30 < y < box["y"] + box["height"] - 30:
            return move
    raise AssertionError("no legal spot is visible")


def test_pick_tap_and_place_with_the_city_drawn_at_every_step(device: Page) -> None:
    page = device
    open_page(page)
    assert_layout_fits(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    plaza = fill(Kind.HOUSE_PLAZA)
    assert shows(page, (0, 0), plaza)
    assert_layout_fits(page)
    game = game_on_page(page)
    for _ in range(3):  # three turns, each player's city fitted as their turn starts
        move = visible_move(page, [m for m in game.legal_moves() if m.rotation == 0])
        page.tap(f"#site [data-site='{move.site_index}']")
        assert shows(page, (0, 0), plaza), "picking a tile lost the city"
        page.tap("#city", position=_on_canvas(page, move.anchor))
        page.wait_for_selector("#btn-confirm:not([hidden])")
        assert shows(page, (0, 0), plaza), "the Place here button lost the city"
        hexes = TILES[move.tile].hexes
        assert shows(page, move.cells[0], fill(hexes[0])), "the ghost is not where it was tapped"
        assert "Tap “Place here”" in page.inner_text("#hint")
        assert_layout_fits(page)
        page.tap("#btn-confirm")
        game.play(move)
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
        assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
        assert shows(page, (0, 0), plaza), "placing lost the city"
        assert_layout_fits(page)


def test_the_header_says_whose_turn_it_is_in_full(device: Page) -> None:
    """Whose turn, the round and the stacks left are read whole, not cut short (on narrow
    screens the round goes on a second line and the title gives up its room)."""
    page = device
    open_page(page)
    start_game(page, ["Player 1", "Player 2"], (), seed=4)
    status = page.inner_text("#status")
    assert "Player 1 to play" in status and "Round 1 · 11 stacks left" in status
    cut = page.evaluate(
        """() => [document.getElementById('status'), ...document.querySelectorAll('#status *')]
              .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className || e.id)"""
    )
    assert cut == []


def test_the_city_says_whose_it_is(device: Page) -> None:
    """Every layout names the city on screen; on narrow screens the name floats on the city's
    corner and taps go through it to the city."""
    page = device
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    assert page.is_visible("#city-title") and page.inner_text("#city-title") == "Your city — Ann"
    if page.is_visible("#btn-side"):
        page.tap("#btn-side")
    page.tap("#players [data-player='1']")
    assert page.is_visible("#city-title") and page.inner_text("#city-title") == "Bob's city"
    if page.viewport_size["width"] <= 900:
        title = page.locator("#city-title").bounding_box()
        city = page.locator("#city").bounding_box()
        for start, size in (("x", "width"), ("y", "height")):
            assert city[start] <= title[start]
            assert title[start] + title[size] <= city[start] + city[size]
        centre = (title["x"] + title["width"] / 2, title["y"] + title["height"] / 2)
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", centre) == "city"


def _on_canvas(page: Page, cell: tuple[int, int]) -> dict[str, float]:
    box = page.locator("#city").bounding_box()
    x, y = screen_of(page, cell)
    return {"x": x - box["x"], "y": y - box["y"]}


def test_turning_the_device_redraws_the_city(device: Page) -> None:
    page = device
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    page.tap("#site [data-site='0']")
    size = page.viewport_size
    page.set_viewport_size({"width": size["height"], "height": size["width"]})
    page.wait_for_timeout(200)
    assert shows(page, (0, 0), fill(Kind.HOUSE_PLAZA))
    assert_layout_fits(page)
    page.set_viewport_size(size)
    page.wait_for_timeout(200)
    assert shows(page, (0, 0), fill(Kind.HOUSE_PLAZA))


def test_a_phone_held_sideways_puts_the_site_beside_the_city(
    browser: Browser, base_url: str
) -> None:
    """Sideways there is no height to spare under the city: the Construction Site becomes a
    column at its left, every tile of a 4-player site reachable, and the city keeps over half
    the screen's height."""
    sideways = {"width": 844, "height": 390}
    context = browser.new_context(
        viewport=sideways, device_scale_factor=3, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.base = base_url
    try:
        open_page(page)
        start_game(page, ["Ann", "Bob", "Cleo", "Dion"], (), seed=4)
        site = page.locator("#site-panel").bounding_box()
        city = page.locator("#city").bounding_box()
        assert site["x"] + site["width"] <= city["x"] + 1
        assert city["height"] >= sideways["height"] / 2
        assert shows(page, (0, 0), fill(Kind.HOUSE_PLAZA))
        assert_layout_fits(page)
        last = page.locator("#site [data-site]").last
        last.scroll_into_view_if_needed()
        box = last.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= sideways["height"]
        page.tap("#site [data-site='0']")
        assert page.locator("#site [aria-pressed='true']").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["upright", "sideways"])
def test_the_first_screens_games_are_in_reach_of_the_thumb(
    browser: Browser, base_url: str, size: tuple[int, int]
) -> None:
    """Upright, every quick game of the first screen shows without scrolling; sideways the
    dialog scrolls to them; none is cut at the sides, and each is big enough for a thumb."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.base = base_url
    try:
        open_page(page)
        page.wait_for_selector("#new-dialog[open]")
        buttons = page.locator("#quick [data-quick]")
        assert buttons.count() == 13  # Learn to play, the levels, tables, Architects, daily, link
        for index in range(buttons.count()):
            button = buttons.nth(index)
            if width < height:
                box = button.bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= height, index
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, index
            assert box["width"] >= 44 and box["height"] >= 44, index
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_the_end_screen_opens_at_its_top_on_a_short_screen(browser: Browser, base_url: str) -> None:
    """Sideways the final scores need scrolling: they open at their title, not scrolled down to
    the buttons; one Tab reaches Play again."""
    context = browser.new_context(
        viewport={"width": 844, "height": 390},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.base = base_url
    try:
        open_page(page)
        start_game(page, ["Ann", "Bob"], (), seed=4)
        page.set_input_files("#import-file", str(ROOT / "examples" / "finished.json"))
        page.wait_for_selector("#end-dialog[open]")
        dialog = page.locator("#end-dialog")
        assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # it does scroll
        assert dialog.evaluate("d => d.scrollTop") == 0
        assert page.evaluate("document.activeElement.id") == "end-title"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "btn-again"
    finally:
        context.close()


def test_the_phone_folds_the_menu_and_the_players(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**DEVICES["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.base = base_url
    try:
        open_page(page)
        start_game(page, ["Ann", "Bob"], (), seed=4)
        assert not page.is_visible("#btn-rules") and not page.is_visible("#players")
        assert page.is_visible("#site") and page.is_visible("#btn-fit")
        page.tap("#btn-menu")
        page.tap("#btn-rules")
        assert page.is_visible("#rules-dialog")
        page.keyboard.press("Escape")
        assert not page.is_visible("#btn-rules")  # the menu closed behind the action
        page.tap("#btn-side")
        assert page.is_visible("#side") and page.is_visible("#players")
        page.tap("#players [data-player='1']")
        assert not page.is_visible("#players")  # back to the city, now Bob's
        assert page.evaluate("akropolisApp.viewed()") == 1
    finally:
        context.close()


def test_a_layout_change_while_holding_a_tile_keeps_city_and_ghost_in_place(device: Page) -> None:
    """The canvas shrinks under the player's thumb (here: the save-failure line appears)."""
    page = device
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    game = game_on_page(page)
    move = visible_move(page, [m for m in game.legal_moves() if m.rotation == 0])
    page.tap(f"#site [data-site='{move.site_index}']")
    before = page.locator("#city").bounding_box()
    page.evaluate(
        """() => {
          document.getElementById('save-status-text').textContent =
            'Could not save: browser storage is full — export your game to keep it.';
          document.getElementById('save-status').hidden = false;
        }"""
    )
    page.wait_for_timeout(100)
    assert page.locator("#city").bounding_box() != before  # the layout did change
    page.tap("#city", position=_on_canvas(page, move.anchor))
    page.wait_for_selector("#btn-confirm:not([hidden])")
    assert shows(page, (0, 0), fill(Kind.HOUSE_PLAZA)), "the city vanished"
    assert shows(page, move.cells[0], fill(TILES[move.tile].hexes[0])), "the ghost moved"
    page.tap("#btn-confirm")
    game.play(move)
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
