"""The page as a static site: loading, failures, sub-paths, touch, other cities, pan and zoom."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from akropolis import Game, records
from build import DIST
from tests.browser.test_game_ui import game_on_page, open_page, screen_of, start_game
from tools.serving import Handler

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    """This module's tests share one booted game page (restarted for each)."""
    return shared_page


def test_a_missing_runtime_file_shows_a_clear_error(own_page: Page) -> None:
    """If a file fails to load, the loading screen says which and the flag is "error"."""
    page = own_page
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(page.base)
    page.wait_for_function("document.documentElement.dataset.akropolis === 'error'")
    text = page.inner_text("#loading-error")
    assert "python_stdlib.zip" in text and "404" in text
    assert page.is_visible("#loading-error")


def test_the_site_works_under_a_sub_path(browser: Browser, tmp_path: Path) -> None:
    """All URLs are relative: the game loads from /some/path/ as on a GitHub Pages project."""
    (tmp_path / "project").symlink_to(DIST, target_is_directory=True)
    handler = functools.partial(Handler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/project/"
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(base)
        page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
        assert requests and all(url.startswith(base) for url in requests)
    finally:
        context.close()
        server.shutdown()


def test_touch_tap_tile_tap_spot_rotate_and_confirm(browser: Browser, base_url: str) -> None:
    """On a touch screen a tap only previews; "Place here" confirms."""
    context = browser.new_context(viewport={"width": 1100, "height": 800}, has_touch=True)
    page = context.new_page()
    page.base = base_url
    try:
        open_page(page)
        start_game(page, ["Ann", "Bob"], (), seed=4)
        game = game_on_page(page)
        move = next(m for m in game.legal_moves() if m.site_index == 0 and m.rotation == 1)
        page.tap("#site [data-site='0']")
        assert "tap a ringed spot" in page.inner_text("#hint")  # not keys, not wheel
        page.tap("#btn-rotate")
        page.tap("#city", position=_canvas_offset(page, move.anchor))
        assert game_on_page(page).ply == 0  # only previewed
        assert page.is_visible("#btn-confirm")
        page.tap("#btn-confirm")
        page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
        game.play(move)
        assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    finally:
        context.close()


def _canvas_offset(page: Page, cell: tuple[int, int]) -> dict[str, float]:
    box = page.locator("#city").bounding_box()
    x, y = screen_of(page, cell)
    return {"x": x - box["x"], "y": y - box["y"]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_and_the_latest_moves_fit_beside_the_city(
    page: Page, tmp_path: Path, players: int
) -> None:
    """On a laptop screen (1280 × 800) the side shows every player and the log's last move
    without scrolling (with 3 or 4 players the city thumbnails are smaller)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page)
    start_game(page, [f"P{n}" for n in range(1, players + 1)], (), seed=6)
    game = Game(players, seed=6)
    for _ in range(6 * players):
        moves = game.legal_moves()
        game.play(moves[len(moves) // 2])
    path = tmp_path / "game.json"
    path.write_text(records.dump(game))
    page.set_input_files("#import-file", str(path))
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    side = page.locator("#side").bounding_box()
    assert page.evaluate("(e => e.scrollHeight <= e.clientHeight)(document.getElementById('side'))")
    for card in page.locator("#players .player").all():
        box = card.bounding_box()
        assert box["y"] + box["height"] <= side["y"] + side["height"]
        thumb = card.locator("svg").bounding_box()
        assert thumb["height"] >= 56  # still a picture of the city
    log = page.locator("#log").bounding_box()
    last = page.locator("#log li").last
    assert last.inner_text().startswith(f"{game.ply}. ")
    box = last.bounding_box()
    assert log["y"] <= box["y"] and box["y"] + box["height"] <= log["y"] + log["height"] + 1
    assert log["y"] + log["height"] <= side["y"] + side["height"]
    assert log["height"] >= 60  # a few moves, not a sliver
    assert not page.is_visible("#city-facts")  # the cards say it here


def test_other_cities_open_from_their_card_and_refuse_placement(page: Page) -> None:
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    page.click("#players [data-player='1']")
    assert page.inner_text("#city-title") == "Bob's city"
    page.click("#site [data-site='0']")  # picking a tile brings your own city back
    assert page.inner_text("#city-title").startswith("Your city")
    page.click("#players [data-player='1']")
    x, y = screen_of(page, (0, 2))
    page.mouse.click(x, y)
    assert page.inner_text("#hint") == "This is Bob's city; it is Ann's turn."
    assert game_on_page(page).ply == 0


def test_drag_pans_and_wheel_zooms_without_playing(page: Page) -> None:
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    before = screen_of(page, (0, 0))
    page.mouse.move(*before)
    page.mouse.down()
    page.mouse.move(before[0] + 80, before[1] + 30, steps=5)
    page.mouse.up()
    after = screen_of(page, (0, 0))
    assert abs(after[0] - before[0] - 80) < 1 and abs(after[1] - before[1] - 30) < 1
    near = screen_of(page, (1, 0))
    page.mouse.move(*after)
    page.mouse.wheel(0, -200)  # no tile in hand: the wheel zooms about the pointer
    zoomed = screen_of(page, (1, 0))
    assert abs(zoomed[0] - after[0]) > abs(near[0] - after[0])
    page.click("#btn-fit")
    assert game_on_page(page).ply == 0


def test_wheel_rotates_the_tile_in_hand(page: Page) -> None:
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    page.click("#site [data-site='0']")
    page.mouse.move(*screen_of(page, (0, 2)))
    page.mouse.wheel(0, 100)
    assert page.evaluate("akropolisApp.rotation()") == 1
    page.keyboard.press("Shift+R")
    page.keyboard.press("Shift+R")
    assert page.evaluate("akropolisApp.rotation()") == 5
    page.keyboard.press("Escape")
    assert page.locator("#site [aria-pressed='true']").count() == 0


def test_picking_a_tile_speaks_the_players_gesture(page: Page) -> None:
    """A clicked tile is explained for mouse and keys; one taken from the keyboard (Tab to it,
    Enter) for the keyboard alone, and the keys then place it."""
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    page.click("#site [data-site='0']")
    assert "click to place it; R, the wheel or ⟳ turns it" in page.inner_text("#hint")
    page.keyboard.press("Escape")
    page.focus("#site [data-site='0']")
    page.keyboard.press("Enter")
    hint = page.inner_text("#hint")
    assert "the arrows move it; R turns it; Enter places it" in hint and "wheel" not in hint
    page.keyboard.press("ArrowDown")
    assert page.inner_text("#hint").endswith("Press Enter to place it.")
    page.keyboard.press("Enter")
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")


def test_number_keys_take_a_site_tile_and_the_keyboard_plays_on(page: Page) -> None:
    """1–6 take the Construction Site's tiles; a tile the player cannot pay for is refused with
    the reason; the same key puts the tile back; Ctrl+1 and keys in a form field do nothing."""
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    game = game_on_page(page)
    page.keyboard.press("3")  # 2 stones: Ann has 1
    assert page.inner_text("#hint") == "That tile costs 2 stones; you have 1."
    assert page.locator("#site [aria-pressed='true']").count() == 0
    page.keyboard.press("2")
    assert page.get_attribute("#site [data-site='1']", "aria-pressed") == "true"
    held = f"Tile {game.site[1]} in hand for 1 stone: N steps through its spots"
    assert page.inner_text("#hint").startswith(held)
    page.keyboard.press("2")  # again: back to the site
    assert page.locator("#site [aria-pressed='true']").count() == 0
    page.keyboard.press("Control+1")
    assert page.locator("#site [aria-pressed='true']").count() == 0
    page.keyboard.press("1")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert game_on_page(page).moves[0].tile == game.site[0]
    page.keyboard.press("1")  # Bob's turn, from the keyboard still
    assert page.get_attribute("#site [data-site='0']", "aria-pressed") == "true"
    page.keyboard.press("Escape")
    page.click("#btn-new")
    page.focus("#your-name")
    page.keyboard.press("2")  # typing a name: no tile taken behind the form
    page.keyboard.press("Escape")
    assert page.locator("#site [aria-pressed='true']").count() == 0
    assert game_on_page(page).ply == 1


def test_keyboard_alone_places_a_tile(page: Page) -> None:
    """Pick with the mouse or Tab, then arrows / W E D S A Q move the ghost, Enter places."""
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=4)
    page.click("#site [data-site='0']")
    page.keyboard.press("ArrowDown")  # the cursor appears on a legal spot
    page.keyboard.press("Enter")
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert page.inner_text("#hint").startswith("Placed tile ")
