"""End-to-end: the game played without a pointer (issue 27).

One whole game against the computer with keys only (1–6 take a tile, N steps through its legal
spots, Enter places), another through the move field and the city in words only (no pointer,
nothing read from the canvas); the focus is asserted after each dialog and move.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from akropolis import Game, records
from common.city_words import hex_words

from .test_game_ui import game_on_page, open_page

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    """This module's tests share one booted game page (restarted for each)."""
    return shared_page


def focused(page: Page) -> str:
    """The focused element: its id, else its tag and data attributes."""
    return page.evaluate(
        "() => { const e = document.activeElement; if (!e) return '';"
        " return e.id || (e.tagName + JSON.stringify(Object.assign({}, e.dataset))); }"
    )


def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    """Press Tab until ``selector`` has the focus (as a keyboard user would)."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; the focus is on {focused(page)}")


def start_against_the_computer(page: Page) -> None:
    """The first screen's "You vs computer", chosen with Tab and Enter."""
    open_page(page)
    page.evaluate("() => { window.akropolisTest = {speed: 40}; }")
    # Everything the polite live region says, in order (a screen reader hears each once).
    page.evaluate(
        "() => { window.said = []; new MutationObserver(() => window.said.push("
        "document.getElementById('hint').textContent)).observe("
        "document.getElementById('hint'), {childList: true, characterData: true, subtree: true}); }"
    )
    page.wait_for_selector("#new-dialog[open]")
    # The first screen opens on the quick game last chosen (medium by default): Enter starts it.
    assert page.evaluate("document.activeElement.dataset.quick") == "ai:medium"
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-dialog", state="hidden")
    page.wait_for_function("() => document.activeElement?.id === 'city'", timeout=3000)


def wait_for_my_turn(page: Page) -> Game:
    """The computer has moved and its tile has landed: the person's turn (or the end)."""
    page.wait_for_function(
        "() => !akropolisApp.thinking() && akropolisApp.landing() === '[]'"
        " && (JSON.parse(akropolisApp.record()).moves.length % 2 === 0"
        " || document.querySelector('#end-dialog[open]') !== null)",
        timeout=60_000,
    )
    return game_on_page(page)


def test_a_whole_game_against_the_computer_by_keyboard_only(page: Page) -> None:
    start_against_the_computer(page)
    game = wait_for_my_turn(page)
    while not game.is_over:
        page.keyboard.press("1")  # the free tile
        assert focused(page) == "city"
        page.keyboard.press("n")
        hint = page.inner_text("#hint")
        assert hint.startswith("Spot 1 of ") and "Press Enter to place it." in hint
        page.keyboard.press("Shift+N")
        page.keyboard.press("n")  # back to the best spot
        assert page.inner_text("#hint") == hint
        page.keyboard.press("Enter")
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length > {game.ply}")
        game = wait_for_my_turn(page)
        said = page.evaluate("() => window.said.splice(0)")
        mine = [line for line in said if line.startswith("Placed tile ")]
        assert len(mine) == 1 and "Player 1's score: " in mine[0], said
        if game.ply % 2 == 0:  # the computer moved too: said once, with its score
            theirs = [line for line in said if line.startswith("Computer placed tile ")]
            assert len(theirs) == 1 and "Computer's score: " in theirs[0], said
        if not game.is_over:
            assert focused(page) == "city", said  # the focus stays where the player is
    page.wait_for_selector("#end-dialog[open]")
    assert focused(page) == "end-title"
    page.keyboard.press("Escape")
    page.wait_for_selector("#end-dialog", state="hidden")
    assert focused(page) == "city"
    assert records.dump(game) == records.dump(game_on_page(page))
    assert page.watch.errors == []


def test_keys_act_on_what_has_the_focus(page: Page) -> None:
    """Enter on "Rules" opens the rules (it does not place the tile in hand); Esc closes them
    with the focus back on "Rules"; arrows rove along the site; Import is a button."""
    start_against_the_computer(page)
    wait_for_my_turn(page)
    page.keyboard.press("2")
    page.keyboard.press("n")
    page.focus("#btn-rules")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules-dialog[open]")
    assert json.loads(page.evaluate("akropolisApp.record()"))["moves"] == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog", state="hidden")
    assert focused(page) == "btn-rules"
    page.keyboard.press("Escape")  # the tile goes back
    tiles = page.locator("#site [data-site]")
    assert [tiles.nth(i).get_attribute("tabindex") for i in range(tiles.count())].count("0") == 1
    page.focus("#site [data-site='0']")
    page.keyboard.press("ArrowDown")
    assert focused(page).startswith('BUTTON{"site":"1"')
    page.keyboard.press("End")  # the last tile the player can pay for
    last = page.locator("#site [data-site]:not([disabled])").count() - 1
    assert last >= 1 and focused(page).startswith(f'BUTTON{{"site":"{last}"')
    label = page.get_attribute("#site [data-site='0']", "aria-label")
    assert label.startswith("Tile ") and label.endswith("— free")
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # takes the tile: the focus goes to the city
    assert focused(page) == "city"
    with page.expect_file_chooser() as chooser:
        page.focus("#btn-import")
        page.keyboard.press("Enter")
    assert chooser.value is not None
    card = "#players [data-player='1']"
    page.focus(card)
    page.keyboard.press("Enter")  # a card rebuilt by the refresh keeps the focus
    assert focused(page).startswith('BUTTON{"player":"1"')
    assert page.get_attribute(card, "aria-current") == "true"
    assert page.get_attribute(card, "aria-label").startswith("Computer: ")


def test_a_whole_game_through_the_move_field_and_the_words(page: Page) -> None:
    """No pointer and no canvas: the city in words, the spots as buttons, typed moves."""
    start_against_the_computer(page)
    page.focus("#words-play summary")
    page.keyboard.press("Enter")  # opens "Play in words"
    page.keyboard.press("Tab")
    assert focused(page) == "move-text"
    page.focus("#words-box summary")
    page.keyboard.press("Enter")  # opens "The city in words"
    game = wait_for_my_turn(page)
    page.focus("#move-text")
    page.keyboard.type("99@0,0:0")
    page.keyboard.press("Enter")
    assert page.inner_text("#move-error").startswith("Not played: ")
    assert focused(page) == "move-text" and game_on_page(page).ply == 0
    page.fill("#move-text", "")
    typed = True
    while not game.is_over:
        # the table is written on the box's toggle event, which fires after the key: wait
        rows = page.locator("#city-words tbody tr")
        expect(rows).to_have_count(len(hex_words(game.cities[0], None)))
        page.focus("#site [data-site='0']")  # the free tile, from the site's buttons
        page.keyboard.press("Enter")
        first = page.locator("#spots-words [data-move]").first
        move = first.get_attribute("data-move")
        assert first.inner_text().startswith(f"{move}: ")
        legal = {str(m.move) for m in game.legal_moves() if m.site_index == 0}
        assert move in legal and page.locator("#spots-words [data-move]").count() == len(legal)
        if typed:
            page.focus("#move-text")
            page.keyboard.type(move)
            page.keyboard.press("Enter")
        else:
            first.focus()
            page.keyboard.press("Enter")
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length > {game.ply}")
        assert str(game_on_page(page).moves[game.ply]) == move
        # the focus stays in the field, unless the game has ended meanwhile (the computer's
        # last reply can come at once) and the final scores took it
        focus = focused(page)
        assert focus == "move-text" or (focus == "end-title" and game_on_page(page).is_over)
        assert page.input_value("#move-text") == ""
        typed = not typed
        game = wait_for_my_turn(page)
    assert page.watch.errors == []


def test_phone_sheets_close_with_escape_and_take_the_focus(browser, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=3, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(base_url)
        page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
        page.focus('#quick [data-quick="ai:medium"]')
        page.keyboard.press("Enter")
        page.wait_for_selector("#new-dialog", state="hidden")
        page.focus("#btn-menu")
        page.keyboard.press("Enter")
        assert page.get_attribute("#btn-menu", "aria-expanded") == "true"
        assert focused(page) == "btn-new"
        page.keyboard.press("Escape")
        assert page.get_attribute("#btn-menu", "aria-expanded") == "false"
        assert focused(page) == "btn-menu"
        page.focus("#btn-side")
        page.keyboard.press("Enter")
        assert page.evaluate("document.querySelector('#side').contains(document.activeElement)")
        page.keyboard.press("Escape")
        assert focused(page) == "btn-side"
    finally:
        context.close()
