"""A first game as a newcomer plays it, on a desktop and on a phone (touch): a quick start from
the first screen, the name typed is the name, nothing saved before a game starts, the view that
follows the game and keeps every legal spot in sight, placements that say what they give, the
scoring explained where one plays, the phone's status line whole and in touch words, and the
keys ("?", N's order, H)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from akropolis import Game, records
from game.share import checked_notation
from tests.browser.tabs import DESKTOP, PHONE, after_shared_test, first_visit
from tests.browser.test_game_ui import game_on_page, open_page, quick, screen_of

pytestmark = pytest.mark.browser

DEVICES = {"desktop": {"viewport": DESKTOP}, "phone": PHONE}
#: Every visible element whose box holds a page point, but the city's canvas and what holds it.
COVERED = """([x, y]) => {
  const canvas = document.getElementById('city');
  const box = canvas.getBoundingClientRect();
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return ['outside'];
  const over = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el === canvas || el.contains(canvas) || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) {
      over.push(el.id || el.tagName);
    }
  }
  return over;
}"""
TOUCH_WORDS = ("click", "Click", "Enter", "Esc", "the wheel")


@pytest.fixture(params=sorted(DEVICES))
def device(request: pytest.FixtureRequest, shared_tabs) -> Iterator[Page]:
    """The game page as on a first visit, on a desktop and on a phone (touch)."""
    name = request.param
    page = first_visit(shared_tabs(name, **DEVICES[name]))
    page.phone = name == "phone"
    yield page
    after_shared_test(page, request)


def press(page: Page, selector: str) -> None:
    """A finger's tap on a phone, a click on a desktop."""
    if page.phone:
        page.tap(selector)
    else:
        page.click(selector)


def settled(page: Page) -> None:
    """The computers have moved, their tiles have landed and the view has settled."""
    page.wait_for_function(
        "!akropolisApp.thinking() && akropolisApp.landing() === '[]' && !akropolisApp.gliding()",
        timeout=60_000,
    )


def hint_text(page: Page) -> str:
    return page.inner_text("#hint")


def wide_game(turns: int = 8) -> Game:
    """Ann builds a long, thin city (eight turns spreading out left and right), Bo a compact one."""
    game = Game(2, seed=3, names=["Ann", "Bo"])
    while game.ply < 2 * turns:
        moves = game.legal_moves()
        if game.turn == 0:
            best = max(moves, key=lambda m: (max(abs(c[0]) for c in m.cells), -m.cost))
        else:
            best = min(moves, key=lambda m: (m.cost, m.level))
        game.play(best.move)
    return game


def load(page: Page, game: Game) -> None:
    """Open a game as Import does (from the first screen too)."""
    assert page.evaluate("text => akropolisApp.load(text)", records.dump(game))
    page.wait_for_selector("#new-dialog", state="hidden")  # a game on screen: no first screen


# --- The first screen --------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_a_computer_game_at_any_level_is_one_tap_from_a_fresh_visit(device: Page, level) -> None:
    page = device
    open_page(page)
    assert page.is_visible("#new-dialog") and page.is_hidden("#btn-cancel-new")
    press(page, quick(f"ai:{level}"))  # the first and only tap
    page.wait_for_selector("#new-dialog", state="hidden")
    game = game_on_page(page)
    assert game.kinds == ("human", f"ai:{level}") and game.names == ("Player 1", "Computer")


def test_the_name_typed_is_the_name_and_enter_starts_no_game(device: Page) -> None:
    page = device
    open_page(page)
    page.fill("#your-name", "Kai")
    page.keyboard.press("Enter")  # no game: the focus goes to the game the button would start
    assert page.is_visible("#new-dialog")
    assert page.evaluate("document.activeElement.dataset.quick") == "ai:medium"
    assert page.evaluate("localStorage.getItem('akropolis.autosave.v1')") is None
    page.keyboard.press("Enter")  # now the person chose it
    page.wait_for_selector("#new-dialog", state="hidden")
    assert game_on_page(page).names == ("Kai", "Computer")


def test_a_game_never_started_is_neither_saved_nor_resumed(device: Page) -> None:
    page = device
    open_page(page)
    assert page.evaluate("localStorage.getItem('akropolis.autosave.v1')") is None
    page.reload()
    page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
    assert page.is_visible("#new-dialog") and page.is_hidden("#resume-box")
    assert "Welcome back" not in hint_text(page)
    assert page.is_hidden("#btn-cancel-new")  # a first visit has nothing to go back to
    press(page, quick("people:2"))
    page.wait_for_selector("#new-dialog", state="hidden")
    assert page.evaluate("localStorage.getItem('akropolis.autosave.v1')") is not None


def test_more_options_are_remembered_and_a_solo_game_is_one_tap(device: Page) -> None:
    page = device
    open_page(page)
    press(page, "#more-options > summary")
    page.check("#variant-box input[value='gardens']")
    press(page, quick("solo:callicrates"))
    page.wait_for_selector("#new-dialog", state="hidden")
    game = game_on_page(page)
    assert game.kinds == ("human", "architect:callicrates") and game.variants == {"gardens"}
    assert game.names[1] == "Callicrates"
    page.reload()
    page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
    if page.phone:
        press(page, "#btn-menu")
    press(page, "#btn-new")
    assert page.is_checked("#variant-box input[value='gardens']")  # remembered on this device
    assert page.get_attribute(quick("solo:callicrates"), "class") == "primary"  # and the choice


# --- The view follows the game -----------------------------------------------------------------


def test_after_the_computer_moves_the_view_shows_the_movers_city(device: Page) -> None:
    page = device
    open_page(page)
    # quick animations; the computer thinks long enough for a glance at its city meanwhile
    page.evaluate("() => { window.akropolisTest = {speed: 40, aiDelayMs: 600}; }")
    press(page, quick("ai:easy"))
    page.wait_for_selector("#new-dialog", state="hidden")
    for turn in range(3):
        press(page, "#site [data-site='0']")
        page.keyboard.press("n")
        page.keyboard.press("Enter")
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length >= {2 * turn + 1}")
        if turn == 1:  # a glance at the computer's city while it thinks: the check and the
            # click in one task, so that the computer's move cannot land between them
            page.wait_for_function(
                "() => akropolisApp.thinking() === 1"
                " && (document.querySelector('#players [data-player=\"1\"]').click(), true)"
            )
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length >= {2 * turn + 2}")
        settled(page)
        assert page.evaluate("akropolisApp.viewed()") == 0
        assert page.inner_text("#city-title") == "Your city — Player 1"
        assert page.is_hidden("#btn-back-city")
    # the computer's last tile is marked in its card's city
    assert page.locator("#players [data-player='1'] svg [stroke-dasharray]").count() > 0
    # a glance at another city on one's turn, and the way back
    page.evaluate("document.querySelector('#players [data-player=\"1\"]').click()")
    assert page.is_visible("#btn-back-city")
    press(page, "#btn-back-city")
    assert page.evaluate("akropolisApp.viewed()") == 0 and page.is_hidden("#btn-back-city")


def test_every_legal_spot_of_a_wide_city_is_in_view_under_nothing(device: Page) -> None:
    """After eight turns of a city spread wide, every legal spot of the tile in hand, in every
    rotation, is on the canvas and under no other element (a label, the status line…)."""
    page = device
    open_page(page)
    load(page, wide_game(8))
    press(page, "#site [data-site='0']")
    for _rotation in range(6):
        anchors = json.loads(page.evaluate("akropolisApp.anchors()"))
        assert anchors
        for cell in anchors:
            x, y = screen_of(page, tuple(cell))
            assert page.evaluate(COVERED, [x, y]) == [], cell
        press(page, "#btn-rotate")
    if page.phone:
        press(page, "#btn-menu")
    press(page, "#btn-undo")  # back a move: the city changes; the spots still in view
    press(page, "#site [data-site='0']")
    for cell in json.loads(page.evaluate("akropolisApp.anchors()")):
        assert page.evaluate(COVERED, list(screen_of(page, tuple(cell)))) == [], cell


def test_a_phone_turned_sideways_keeps_every_spot_in_view(browser, base_url: str) -> None:
    """A phone turned with a tile in hand: the view follows the new shape of the canvas."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.base, page.phone = base_url, True
    try:
        open_page(page)
        load(page, wide_game(8))
        press(page, "#site [data-site='0']")
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_timeout(200)  # the canvas's new size observed
        anchors = json.loads(page.evaluate("akropolisApp.anchors()"))
        for cell in anchors:
            assert page.evaluate(COVERED, list(screen_of(page, tuple(cell)))) == [], cell
        scale = page.evaluate("akropolisApp.scale()")
        page.set_viewport_size({"width": 390, "height": 844})  # and back upright
        page.wait_for_timeout(200)
        for cell in anchors:
            assert page.evaluate(COVERED, list(screen_of(page, tuple(cell)))) == [], cell
        assert scale > 4  # sideways, the city is not drawn a speck
    finally:
        context.close()


# --- Every placement previews what it gives ----------------------------------------------------


def test_the_ghost_says_what_the_placement_gives(device: Page) -> None:
    page = device
    open_page(page)
    press(page, quick("people:2"))
    page.wait_for_selector("#new-dialog", state="hidden")
    press(page, "#site [data-site='0']")
    held = hint_text(page)
    if page.phone:
        assert "tap a ringed spot" in held and not any(w in held for w in TOUCH_WORDS)
    else:
        assert "point at a ringed spot" in held and "click to place it" in held
    anchor = json.loads(page.evaluate("akropolisApp.anchors()"))[0]
    x, y = screen_of(page, tuple(anchor))
    if page.phone:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.move(x, y)
    said = hint_text(page)
    game = game_on_page(page)
    tile = game.site[0]
    assert said.startswith(f"Tile {tile} on level 1, next to the starting tile: score ")
    assert "(" in said and ")" in said and "@" not in said  # the score after, and its change
    if page.phone:
        assert "Tap “Place here”" in said and not any(w in said for w in TOUCH_WORDS)
    else:
        assert said.endswith("Click to place it.")


def test_the_phone_status_line_shows_its_whole_text_in_touch_words_after_hint(shared_tabs):
    page = first_visit(shared_tabs("phone", **PHONE))
    page.phone = True
    open_page(page)
    press(page, quick("ai:easy"))
    page.wait_for_selector("#new-dialog", state="hidden")
    press(page, "#btn-hint")
    page.wait_for_selector("#btn-confirm:not([hidden])", timeout=60_000)
    said = hint_text(page)
    assert said.startswith("The computer's choice: Tile ") and "@" not in said
    assert "Tap “Place here” to play it, or ✕ to put it back." in said
    assert not any(word in said for word in TOUCH_WORDS)
    box = page.evaluate(
        "(() => { const h = document.getElementById('hint');"
        " return [h.scrollHeight, h.clientHeight]; })()"
    )
    assert box[0] <= box[1] + 1  # nothing cut off


# --- The scoring explained ---------------------------------------------------------------------


def test_a_districts_reason_by_hover_tap_and_focus(device: Page) -> None:
    page = device
    open_page(page)
    game = wide_game(6)
    load(page, game)
    press(page, "#btn-scoring")
    assert page.get_attribute("#btn-scoring", "aria-pressed") == "true"
    assert page.is_visible("#marks") and "☆" in page.inner_text("#marks")
    verdict = next(v for v in game.score(0).hexes if v.counts)
    x, y = screen_of(page, verdict.cell)
    if page.phone:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.move(x, y)
    kind = verdict.kind.capitalize()
    assert hint_text(page).startswith(f"{kind} at {verdict.cell[0]},{verdict.cell[1]}, level ")
    assert str(verdict.reason) in hint_text(page)
    # by keyboard: the explanation's lines are buttons; each outlines its districts
    if page.phone:
        press(page, "#btn-side")
    page.evaluate("document.getElementById('scoring-box').open = true")
    line = page.locator("#explanation .why-line").first
    line.focus()
    cells = line.get_attribute("data-cells")
    assert cells and verdict_reason_in(page, line)
    assert page.evaluate("document.activeElement.classList.contains('why-line')")


def verdict_reason_in(page: Page, line) -> bool:
    """A line of the explanation says how many districts, their verdict and why."""
    text = line.inner_text()
    return any(words in text for words in (" count", " do not count", " does not count", " score"))


def test_the_end_of_the_game_explains_every_city_by_itself(device: Page) -> None:
    page = device
    open_page(page)
    finished = Game(2, seed=11, names=["Ann", "Bo"])
    while not finished.is_over:
        finished.play(finished.legal_moves()[0].move)
    load(page, finished)
    page.wait_for_selector("#end-dialog[open]")
    press(page, "#btn-close-end")
    assert page.is_visible("#marks") and page.is_disabled("#btn-scoring")
    assert page.evaluate("document.getElementById('scoring-box').open")
    assert page.locator("#explanation .why-kind").count() >= 5


# --- Keys --------------------------------------------------------------------------------------


def test_keys_n_orders_spots_by_what_they_give_and_question_mark_lists_the_keys(shared_tabs):
    page = first_visit(shared_tabs("desktop", viewport=DESKTOP))
    page.phone = False
    open_page(page)
    page.keyboard.press("Enter")  # the quick game the first screen offers first
    page.wait_for_selector("#new-dialog", state="hidden")
    page.keyboard.press("1")
    page.keyboard.press("n")
    first = hint_text(page)
    assert first.startswith("Spot 1 of ") and first.endswith("Press Enter to place it.")
    game = game_on_page(page)
    totals = []
    for move in game.legal_moves():
        if move.site_index == 0:
            after = game.copy()
            after.play(move.move)
            totals.append(after.score(0).total)
    best = max(totals)
    assert f"score {best} " in first  # the best spot comes first
    page.keyboard.press("?")
    page.wait_for_selector("#keys-dialog[open]")
    keys = page.inner_text("#keys-list")
    for key in ("N", "Enter", "Esc", "H", "?"):
        assert key in keys
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")  # the tile back
    page.focus("#log")
    page.keyboard.press("2")  # a digit in the log takes no tile
    assert page.locator("#site [aria-pressed='true']").count() == 0
    page.keyboard.press("t")
    assert page.evaluate("document.activeElement.dataset.site") == "0"
    page.keyboard.press("c")
    assert page.evaluate("document.activeElement.id") == "city"
    # the page's first Tab stops: the way to the city, the Construction Site and the keys
    stops = page.evaluate("[...document.querySelectorAll('#skip button')].map(b => b.dataset.skip)")
    assert stops == ["city", "site", "keys"]
    assert page.evaluate("[...document.querySelectorAll('#app button')][0].dataset.skip") == "city"
    page.focus("#skip [data-skip='site']")
    assert page.is_visible("#skip [data-skip='site']")  # shown while it has the focus
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.site") == "0"


# --- Play by link --------------------------------------------------------------------------------


def test_a_link_on_a_first_visit_offers_no_way_back_to_a_game_never_made(device: Page) -> None:
    """A recipient's first visit: "Back to my game" would drop them into a game nobody chose."""
    page = device
    game = Game(2, seed=5, names=["Ann", "Bob"])
    game.play(game.legal_moves()[0].move)
    page.goto(f"{page.base}index.html#play/{checked_notation(game)}")
    page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
    page.wait_for_selector("#link-dialog[open]")
    press(page, "#link-actions button:text-is('I am Bob')")
    page.wait_for_selector("#link-bar:not([hidden])")
    assert page.is_hidden("#btn-back")
    assert page.inner_text("#link-turn").startswith("Your turn, Bob")
