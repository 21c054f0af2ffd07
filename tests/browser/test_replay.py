"""Your own games replayed on the game page (issue 66), in Chromium: the same cities, scores,
captions and chart as the embed for the same record at every move, the summary the engine's,
offered at the end, from Kept games and from the menu; the game itself never changes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from akropolis import Game, records
from akropolis.simulate import random_game
from common.replay import Replay, score_history
from tests.browser.test_embed import game_text, open_embed
from tests.browser.test_game_ui import game_on_page, open_page, play_some, start_game
from tests.browser.test_share import assert_clean

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    return shared_page


def finished_game() -> Game:
    game = random_game(3, 21, variants=("houses", "markets"))
    game.names = ("Ann", "Bob", "Cleo")
    return game


def load(page: Page, game: Game) -> None:
    open_page(page)
    start_game(page, ["Cy", "Di"], (), seed=99)
    page.evaluate("text => akropolisApp.load(text)", records.dump(game))


def tabs(page: Page, where: str) -> list[int]:
    """The players' tabs' scores, in seat order."""
    return [int(text) for text in page.locator(f"{where} [data-player] b").all_inner_texts()]


def scorepad(page: Page, where: str) -> list[str]:
    rows = page.locator(f"{where} tr[data-kind]")
    return [" ".join(text.split()) for text in rows.all_inner_texts()]


def test_the_replay_is_the_embeds_at_every_move(page: Page) -> None:
    game = finished_game()
    history = score_history(game)
    load(page, game)
    page.wait_for_selector("#end-dialog[open]")
    page.click("#btn-replay-end")
    page.wait_for_selector("#replay-dialog[open]")
    assert page.is_hidden("#end-dialog")
    embed = page.context.new_page()
    embed.base = page.base
    open_embed(embed, "", game_text(game))
    replay = Replay(game)
    # The chart: the same lines, each point the engine's score after that move.
    for player in range(game.players):
        line = f"polyline[data-player='{player}']"
        ours = page.get_attribute(f"#replay-bar .replay-chart {line}", "data-scores")
        assert ours == embed.get_attribute(f"#chart {line}", "data-scores")
        assert [int(s) for s in ours.split()] == [totals[player] for totals in history]
    page.focus("#replay-bar [data-step='last']")
    embed.focus("#city")
    for ply in range(game.ply, -1, -1):
        replay.seek(ply)
        caption = page.inner_text("#replay-bar .replay-caption")
        assert caption == embed.inner_text("#caption") == replay.caption()
        assert tabs(page, "#replay-players") == tabs(embed, "#players") == list(history[ply])
        assert page.input_value("#replay-bar .replay-ply") == str(ply)
        if ply % 9 == 0:  # every player's city, scored as the embed scores it
            for player in range(game.players):
                page.click(f"#replay-players [data-player='{player}']")
                embed.click(f"#players [data-player='{player}']")
                assert scorepad(page, "#replay-breakdown") == scorepad(embed, "#breakdown")
            page.focus("#replay-bar [data-step='back']")
            embed.focus("#city")
        page.keyboard.press("ArrowLeft")
        embed.keyboard.press("ArrowLeft")
    assert page.inner_text("#replay-bar .replay-caption").startswith("Start of the game")
    embed.close()
    assert_clean(page)


def test_the_summary_is_the_engines_and_its_gains_go_to_their_move(page: Page) -> None:
    game = finished_game()
    load(page, game)
    page.click("#btn-replay-end")
    rows = {
        row.locator("th").inner_text(): [int(t) for t in row.locator("td").all_inner_texts()]
        for row in page.locator("#replay-summary tr.stones-used").all()
    }
    spent, gained = [0] * 3, [0] * 3
    position = game.fresh()
    for move in game.moves:
        player, info = position.turn, position.play(move)
        spent[player] += info.cost
        gained[player] += info.stones_gained
    assert rows == {"Stones spent": spent, "Stones gained": gained}
    totals = page.locator("#replay-summary tr", has_text="Total").first.locator("td")
    assert [int(t.split()[-1]) for t in totals.all_inner_texts()] == list(game.result().totals)
    first = page.locator("#replay-summary .gains button").first
    number = int(first.get_attribute("data-ply"))
    first.click()
    assert page.input_value("#replay-bar .replay-ply") == str(number)
    mover = game.replay(number - 1).turn
    pressed = page.get_attribute(f"#replay-players [data-player='{mover}']", "aria-pressed")
    assert pressed == "true"  # the city of the player who made it


def test_replaying_changes_nothing_and_the_menu_replays_a_game_in_progress(page: Page) -> None:
    game = play_some(page, 4)
    saved = page.evaluate("localStorage.getItem('akropolis.autosave.v1')")
    page.click("#btn-replay")
    page.wait_for_selector("#replay-dialog[open]")
    assert page.inner_text("#replay-bar .replay-caption").startswith("Move 4 of 4")
    page.keyboard.press("Home")
    assert page.inner_text("#replay-bar .replay-caption") == "Start of the game · 4 moves"
    page.keyboard.press("ArrowRight")
    page.click("#replay-players [data-player='1']")
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-dialog", state="hidden")
    assert records.dump(game_on_page(page)) == records.dump(game)
    assert page.evaluate("localStorage.getItem('akropolis.autosave.v1')") == saved
    assert page.inner_text("#hint").startswith("Ann: pick a tile") or page.is_enabled("#btn-undo")


def test_a_new_game_keeps_the_finished_one_for_its_replay(page: Page) -> None:
    game = finished_game()
    load(page, game)
    page.wait_for_selector("#end-dialog[open]")
    page.click("#btn-again")  # the New game form: a new game
    page.click("#new-dialog [data-quick='people:2']")
    page.wait_for_selector("#new-dialog", state="hidden")
    page.wait_for_function("!document.getElementById('btn-kept').hidden")
    page.click("#btn-kept")
    entry = page.locator("#kept-list li", has_text="a finished game, kept for its replay")
    entry.locator("[data-kept-action='replay']").click()
    page.wait_for_selector("#replay-dialog[open]")
    assert page.inner_text("#replay-game") == f"Ann vs Bob vs Cleo: finished after {game.ply} moves"
    page.click("#replay-dialog form button")  # Close: back to the list
    assert page.is_visible("#kept-dialog")


def test_a_phone_replays_by_touch(people) -> None:
    phone = people(phone=True)
    open_page(phone)
    game = finished_game()
    phone.click("#new-dialog [data-quick='people:2']")
    phone.evaluate("text => akropolisApp.load(text)", records.dump(game))
    phone.wait_for_selector("#end-dialog[open]")
    phone.tap("#btn-replay-end")
    phone.wait_for_selector("#replay-dialog[open]")
    phone.tap("#replay-bar [data-step='back']")
    assert phone.input_value("#replay-bar .replay-ply") == str(game.ply - 1)
    phone.tap("#replay-players [data-player='2']")
    box = phone.locator("#replay-city").bounding_box()
    assert box["width"] >= 350 and box["height"] >= 300  # the city fills a phone's width
    size = phone.viewport_size
    assert phone.evaluate("document.documentElement.scrollWidth") <= size["width"]
