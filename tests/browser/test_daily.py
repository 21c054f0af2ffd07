"""The daily deal in Chromium (issue 66), with the clock fixed: the first screen offers the
day's deal against the day's Architect, the game is the date's deal, its result is kept with the
streak, shared without a tile of the deal, replayed, and the expert's score on the same deal
computed in the worker; links to a day's deal open it only once its day has come."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest
from playwright.sync_api import Page

from akropolis import Game, records
from game.daily import DAYS_KEY, Result, daily_game, result_of, share_text
from tests.browser.test_game_ui import game_on_page, open_page, play_through_ui, wait_until_ready

pytestmark = pytest.mark.browser

SUNDAY = datetime(2026, 12, 6, 10, tzinfo=UTC)
DAY = SUNDAY.date()


def play_deal(page: Page) -> Game:
    """Play the game on screen to its end through the page (the Architect plays itself)."""
    while True:
        game = game_on_page(page)
        if game.is_over:
            return game
        if game.turn == 0:
            play_through_ui(page, game.legal_moves()[0])
        page.wait_for_function(
            f"JSON.parse(akropolisApp.record()).moves.length > {game.ply}", timeout=20_000
        )


def days(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{DAYS_KEY}')"))


def test_the_days_deal_is_played_kept_shared_replayed_and_the_expert_scores_it(people) -> None:
    page = people()
    page.clock.set_fixed_time(SUNDAY)
    open_page(page)
    line = page.inner_text("#daily-line")
    assert line == "Today: one solo game against Metagenes, the same deal for every player."
    page.fill("#your-name", "Ann")
    page.click("#btn-daily")
    page.wait_for_selector("#new-dialog", state="hidden")
    game = game_on_page(page)
    assert game.deck == daily_game(DAY, ("Ann", "Metagenes")).deck
    assert game.names == ("Ann", "Metagenes") and game.kinds == ("human", "architect:metagenes")
    assert page.inner_text("#hint").startswith("The daily deal of 2026-12-06: you play against")
    game = play_deal(page)
    page.wait_for_selector("#end-dialog[open] #daily-end:not([hidden])")
    stored = days(page)["days"]["2026-12-06"]
    expected = result_of(game, DAY, DAY, records.dump(game))
    assert stored["score"] == expected.score and stored["on_time"] is True
    assert stored["kinds"] == expected.kinds and records.load(stored["record"]).moves == game.moves
    text = page.inner_text("#daily-share-text")
    link = f"{page.base}#daily=2026-12-06"
    assert text == share_text(expected, ("Ann", "Metagenes"), 1, link)
    page.click("#btn-end-daily-share")
    assert page.evaluate("navigator.clipboard.readText()") == text
    # The expert plays the same deal in the worker; its score is kept with the day.
    page.wait_for_function(
        "document.getElementById('daily-expert').textContent.startsWith('The expert scored')",
        timeout=240_000,
    )
    expert = days(page)["days"]["2026-12-06"]["expert"]
    assert page.inner_text("#daily-expert") == f"The expert scored {expert} on the same deal."
    # The first screen now says it is done, and offers the day's replay.
    page.click("#btn-again")
    assert page.inner_text("#daily-line").startswith(
        f"Today's deal is done: you scored {expected.score}, Metagenes {expected.architect}; "
        f"the expert scored {expert} on the same deal."
    )
    assert page.is_hidden("#btn-daily")
    page.click("#btn-daily-replay")
    page.wait_for_selector("#replay-dialog[open]")
    assert page.inner_text("#replay-game").startswith("Ann vs Metagenes: finished after")


def stored_days(*results: Result) -> str:
    from dataclasses import asdict

    return json.dumps({"version": 1, "days": {r.day: asdict(r) for r in results}})


def test_the_streak_follows_the_days_and_links_open_only_days_that_have_come(people) -> None:
    page = people(phone=True)
    page.clock.set_fixed_time(SUNDAY)
    past = [DAY - timedelta(days=n) for n in (3, 2, 1)]
    kept = stored_days(*(Result(d.isoformat(), 50, 40, {"houses": 9}, True) for d in past))
    page.add_init_script(f"localStorage.setItem('{DAYS_KEY}', {json.dumps(kept)})")
    open_page(page)
    assert page.inner_text("#daily-line").endswith("3 days in a row.")
    page.clock.set_fixed_time(SUNDAY + timedelta(days=2))  # Tuesday: Monday was missed
    page.reload()
    wait_until_ready(page)
    line = page.inner_text("#daily-line")
    assert line == "Today: one solo game against Hippodamos, the same deal for every player."
    for fragment, said in (
        ("#daily=2026-12-09", "The daily deal of 2026-12-09 is not open yet: come back that day."),
        ("#daily=2026-02-30", "This link to a daily deal does not name a day it can read."),
        ("#daily=2026-12-04", "You have played the daily deal of 2026-12-04: you scored 50"),
    ):
        page.goto(f"{page.base}{fragment}")
        wait_until_ready(page)
        page.wait_for_selector("#message-dialog[open]")
        assert page.inner_text("#message").startswith(said)
        assert page.evaluate("location.hash") == ""  # handled: a reload does not open it again
        page.click("#message-dialog form button")  # OK
        page.wait_for_selector("#message-dialog", state="hidden")
    page.goto(f"{page.base}#daily=2026-12-07")  # Monday's deal, played a day late
    wait_until_ready(page)
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves !== undefined")
    game = game_on_page(page)
    assert game.deck == daily_game(date(2026, 12, 7), ("x", "y")).deck
    assert game.kinds[1] == "architect:hippodamos"
