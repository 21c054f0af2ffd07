"""Play by link against a hostile tester: links that forge a move for this device's own seat,
whatever a game's slot holds on this device, links whose seats are computers, and the games by
link piling up (listed under Kept games; old finished ones offered for clean-up, once).

Each person is a separate browser profile (the ``people`` fixture).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Page

from akropolis import Game, records
from akropolis.simulate import random_game
from game.share import checked_notation, game_id
from tests.browser.test_game_ui import game_on_page, open_page, play_some, wait_until_ready
from tests.browser.test_play_by_link import open_link, who
from tests.browser.test_saves_page import kept_texts
from tests.browser.test_share import assert_clean, same

pytestmark = pytest.mark.browser

LINK, SEAT = "akropolis.link.", "akropolis.seat."
#: The day the games below are played, and a day more than 30 days later.
FIRST_DAY = datetime(2026, 3, 1, 12, tzinfo=UTC)
MONTH_LATER = FIRST_DAY + timedelta(days=31)


def play_link(page: Page, game: Game) -> str:
    return f"{page.base}index.html#play/{checked_notation(game)}"


def stored(page: Page, key: str) -> str | None:
    return page.evaluate("key => localStorage.getItem(key)", key)


def store(page: Page, key: str, text: str) -> None:
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])


def played(moves: int, seed: int = 12, names: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    game = Game(len(names), seed=seed, names=names)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def record_text(game: Game) -> str:
    return records.dump(game)


def close_message(page: Page) -> None:
    page.click("#message-dialog form button:text('OK')")
    page.wait_for_selector("#message-dialog", state="hidden")


# --- A link may only add the other seats' moves ------------------------------------------------


def test_a_link_adding_a_move_for_this_devices_own_seat_is_asked_about_and_replaces_nothing(
    people,
) -> None:
    ann = people()
    open_page(ann)
    mine = played(1)  # Ann's move: Bob's turn
    open_link(ann, play_link(ann, mine), 1)
    who(ann, "Ann")
    key = LINK + game_id(mine)
    copy = stored(ann, key)
    assert same(records.load(copy), mine)
    forged = mine.replay()
    forged.play(forged.legal_moves()[0])  # Bob's move, then one for Ann that she never made
    forged.play(forged.legal_moves()[0])
    link = play_link(ann, forged)
    for answer in ("Go on with my copy", "Use this link instead"):
        ann.goto(link)
        ann.wait_for_selector("#link-dialog[open]")
        assert ann.inner_text("#link-title") == "This link holds a move you did not send"
        body = ann.inner_text("#link-body")
        assert "for your seat, Ann, and this device never sent it" in body
        assert "Ann placed tile" in body and "Nothing is replaced unless you choose to" in body
        assert stored(ann, key) == copy  # nothing replaced while asked
        assert ann.evaluate("location.hash") != ""  # the link is not lost meanwhile
        if answer.startswith("Go on"):
            ann.reload()  # asked again: the link was still in the address
            wait_until_ready(ann)
            ann.wait_for_selector("#link-dialog[open]")
            assert ann.inner_text("#link-title") == "This link holds a move you did not send"
        ann.click(f"#link-actions button:text-is('{answer}')")
        ann.wait_for_selector("#link-dialog", state="hidden")
        assert ann.evaluate("location.hash") == ""
        if answer.startswith("Go on"):
            assert same(game_on_page(ann), mine) and stored(ann, key) == copy
            assert kept_texts(ann) == []
            assert ann.inner_text("#link-turn") == "It is Bob's turn: send the link to Bob."
    assert same(game_on_page(ann), forged) and same(records.load(stored(ann, key)), forged)
    assert kept_texts(ann) == [copy]  # the copy replaced, kept aside
    honest = forged.replay()
    honest.play(honest.legal_moves()[0])  # Bob's move only: taken as before, without a question
    open_link(ann, play_link(ann, honest), honest.ply)
    assert not ann.is_visible("#link-dialog")
    assert same(records.load(stored(ann, key)), honest)
    assert_clean(ann)


# --- Whatever a game's slot holds ----------------------------------------------------------------


def _newer(game: Game) -> str:
    record = records.game_to_record(game)
    record["version"] = 2
    return json.dumps(record)


SLOT_HOLDS = {
    "another game": (
        lambda game: record_text(played(0, seed=77, names=("Cy", "Di"))),
        "held another game (Cy vs Di: move 1, Cy to play)",
    ),
    "an unreadable text": (
        lambda game: '{"format": "akropolis-game", "vers',
        "could not be read (",
    ),
    "a newer version's record": (
        _newer,
        "was saved by a newer version of the page, which this one cannot read",
    ),
    "a game with computer seats": (
        lambda game: record_text(
            Game(2, seed=5, names=("Ann", "Computer"), kinds=("human", "ai:medium"))
        ),
        "held a game with computer players (Ann vs Computer: move 1, Ann to play)",
    ),
}


@pytest.mark.parametrize("holds", sorted(SLOT_HOLDS))
def test_whatever_the_games_slot_holds_the_page_starts_the_link_opens_and_it_is_kept_aside(
    page: Page, holds: str
) -> None:
    open_page(page)
    game = played(2)
    content, said = SLOT_HOLDS[holds]
    text = content(game)
    key = LINK + game_id(game)
    store(page, key, text)
    page.goto(play_link(page, game))  # a new load: index.html, not the folder
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    message = page.inner_text("#message")
    assert said in message
    assert message.endswith(
        "It is kept under Kept games, where you can download it, and this game is saved in "
        "its place."
    )
    assert kept_texts(page) == [text]
    close_message(page)
    who(page, "Bob")  # asked once the message has been read
    assert same(game_on_page(page), game)
    assert stored(page, key) == record_text(game)
    assert page.evaluate("location.hash") == ""
    assert page.watch.errors == []


# --- Computers and the Architect play no game by link ---------------------------------------------


@pytest.mark.parametrize("kind", ["ai:easy", "architect:metagenes"])
def test_a_play_link_with_a_computer_seat_is_refused_and_the_game_stays(
    page: Page, kind: str
) -> None:
    own = play_some(page, 2, seed=3)
    game = Game(2, seed=8, names=("Ann", "Robot"), kinds=("human", kind))
    game.play(game.legal_moves()[0])
    page.goto(play_link(page, game))
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    message = page.inner_text("#message")
    assert message.startswith("This link cannot be played: Robot (seat 2) is ")
    assert "a game by link is for people only. Your game is as it was" in message
    assert same(game_on_page(page), own) and page.is_hidden("#link-bar")
    assert stored(page, LINK + game_id(game)) is None
    page.click("#message-actions button:text('Look at the position')")
    page.wait_for_selector("#link-dialog[open]")
    assert page.inner_text("#link-title") == "Open this position"
    page.click("#link-actions button:text-is('Keep my game')")
    assert same(game_on_page(page), own) and page.is_hidden("#link-bar")
    assert page.watch.errors == []


# --- Games by link do not pile up ----------------------------------------------------------------


def link_items(page: Page) -> list[str]:
    page.click("#btn-kept")
    page.wait_for_selector("#kept-dialog[open]")
    return page.locator("#kept-links li").all_inner_texts()


def test_games_by_link_are_listed_under_kept_games_and_old_finished_ones_offered_once(
    people,
) -> None:
    keeper, cleaner = people(), people()
    finished = random_game(2, 21)
    going_on = played(3, seed=4)
    for person in (keeper, cleaner):
        person.clock.set_fixed_time(FIRST_DAY)
        open_page(person)
        open_link(person, play_link(person, finished), finished.ply)
        who(person, "Player 2")
        person.click("#btn-close-end")
        open_link(person, play_link(person, going_on), going_on.ply)
        who(person, "Bob")
    items = link_items(keeper)
    assert len(items) == 2
    [now] = [item for item in items if item.startswith("Ann vs Bob: move 4, Bob to play")]
    [old] = [item for item in items if item.startswith("Player 1 vs Player 2: finished after")]
    assert "You play Bob." in now and "It is on screen now." in now
    assert "You play Player 2." in old and "Last opened here: " in old
    on_screen = keeper.locator("#kept-links li", has_text="Ann vs Bob")
    assert on_screen.locator("button:text('Delete')").count() == 0  # not the game on screen
    keeper.click("#kept-dialog form button:text('Close')")
    for person, answer in ((keeper, "Keep it"), (cleaner, "Delete it")):
        person.clock.set_fixed_time(MONTH_LATER)
        person.reload()  # back to the game by link the tab showed
        wait_until_ready(person)
        person.wait_for_selector("#choice-dialog[open]")
        assert person.inner_text("#choice-title") == "An old game played by link"
        assert person.inner_text("#choice-body").startswith(
            "One finished game played by link has not been opened on this device for more "
            "than 30 days."
        )
        person.click(f"#choice-actions button:text-is('{answer}')")
        person.reload()
        wait_until_ready(person)
        assert not person.is_visible("#choice-dialog")  # asked once
        assert same(game_on_page(person), going_on)
    gid = game_id(finished)
    assert stored(keeper, LINK + gid) is not None and stored(keeper, SEAT + gid) == "1"
    assert stored(cleaner, LINK + gid) is None and stored(cleaner, SEAT + gid) is None
    assert len(link_items(cleaner)) == 1
    assert len(link_items(keeper)) == 2
    keeper.locator("#kept-links li", has_text="Player 1 vs Player 2").locator(
        "button:text('Delete')"
    ).click()
    assert keeper.locator("#kept-links li").count() == 1
    assert stored(keeper, LINK + gid) is None and stored(keeper, SEAT + gid) is None
    assert keeper.inner_text("#btn-kept") == "Kept games (1)"
    assert_clean(keeper)
    assert_clean(cleaner)
