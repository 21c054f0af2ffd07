"""The daily deal on CPython: the date gives the deal and the Architect, every result is kept
per day with a streak across days (the clock is a parameter: mocked here), and the shared
result is made of the result alone, never of the deal."""

from __future__ import annotations

import json
import re
from datetime import date, timedelta

import pytest

from akropolis import Game, records
from common.saves import MemoryStore
from game.daily import (
    DAYS_KEY,
    GAMES_KEPT,
    Days,
    Result,
    architect_of,
    daily_game,
    is_daily,
    parse_day,
    result_of,
    seed_of,
    share_text,
    utc_day,
)

DAY = date(2026, 12, 6)  # a Sunday
NAMES = ("Ann", "Metagenes")


def finished(day: date, pick: int = 0) -> Game:
    game = daily_game(day, ("Ann", architect_of(day).title()))
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[pick % len(moves)])
    return game


def test_one_date_one_deal_and_two_dates_two_deals() -> None:
    assert daily_game(DAY, NAMES).deck == daily_game(DAY, ("Bob", "X")).deck
    days = [DAY + timedelta(days=n) for n in range(366)]
    decks = {daily_game(day, NAMES).deck for day in days}
    assert len(decks) == len(days)
    # pinned: the same in Pyodide (tests/pyodide) and in every version of the page
    assert seed_of(date(2026, 12, 6)) == DAILY_SEED


DAILY_SEED = int.from_bytes(
    __import__("hashlib").sha256(b"akropolis daily deal 2026-12-06").digest()[:8], "big"
)


def test_the_architect_changes_with_the_day_of_the_week() -> None:
    week = [architect_of(DAY + timedelta(days=n)) for n in range(1, 8)]  # Monday to Sunday
    assert week == [
        "hippodamos",
        "hippodamos",
        "metagenes",
        "metagenes",
        "callicrates",
        "callicrates",
        "metagenes",
    ]
    game = daily_game(DAY, NAMES)
    assert game.kinds == ("human", "architect:metagenes") and not game.variants
    assert is_daily(game, DAY) and not is_daily(game, DAY + timedelta(days=1))
    assert not is_daily(Game(2, seed=seed_of(DAY)), DAY)  # the deal, but not against the Architect


def test_the_day_is_utc_and_links_are_checked() -> None:
    late_evening_in_new_york = 1_796_605_200_000  # 2026-12-07 01:00 UTC
    assert utc_day(late_evening_in_new_york) == date(2026, 12, 7)
    assert parse_day("2026-12-06") == DAY
    for text in ("2026-13-01", "06-12-2026", "2026-12-6", "x" * 10, None, 20261206, "2026-12-06 "):
        assert parse_day(text) is None


def test_results_are_kept_per_day_and_the_first_one_counts() -> None:
    store = MemoryStore()
    days = Days(store)
    days.start(DAY)
    assert Days(store).playing == "2026-12-06"
    game = finished(DAY)
    kept = days.finish(result_of(game, DAY, DAY, records.dump(game)))
    assert kept.score == game.score(0).total and kept.architect == game.score(1).total
    assert kept.kinds == {kind: line.points for kind, line in game.score(0).kinds.items()}
    again = finished(DAY, pick=3)
    assert days.finish(result_of(again, DAY, DAY, records.dump(again))) == kept
    reread = Days(store)
    assert reread.results == {"2026-12-06": kept} and reread.playing is None
    assert records.load(reread.results["2026-12-06"].record).moves == game.moves
    reread.set_expert("2026-12-06", 77)
    assert Days(store).results["2026-12-06"].expert == 77


def played(days: Days, day: date, today: date) -> None:
    days.finish(Result(day.isoformat(), 40, 30, {"houses": 10}, day == today, "{}"))


def test_the_streak_counts_days_in_a_row_played_on_their_day() -> None:
    days = Days(MemoryStore())
    assert days.streak(DAY) == 0
    for n in range(3):  # Thursday, Friday, Saturday, each on its own day
        day = DAY - timedelta(days=3 - n)
        played(days, day, day)
    assert days.streak(DAY) == 3  # today not played yet: the streak still stands
    played(days, DAY, DAY)
    assert days.streak(DAY) == 4
    assert days.streak(DAY + timedelta(days=1)) == 4
    assert days.streak(DAY + timedelta(days=2)) == 0  # a day missed
    late = DAY + timedelta(days=1)
    played(days, late, late + timedelta(days=1))  # played the day after: kept, not counted
    assert days.streak(late + timedelta(days=1)) == 0
    assert days.results[late.isoformat()].on_time is False


def test_only_the_latest_games_are_kept_for_a_replay() -> None:
    days = Days(MemoryStore())
    for n in range(GAMES_KEPT + 5):
        day = DAY + timedelta(days=n)
        played(days, day, day)
    with_games = [day for day, result in days.results.items() if result.record]
    assert len(days.results) == GAMES_KEPT + 5 and len(with_games) == GAMES_KEPT
    assert min(with_games) == (DAY + timedelta(days=5)).isoformat()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"days": {"2026-12-06": {"day": "2026-12-06"}}}',
        '{"days": {"2026-12-06": {"day": "2026-12-06", "score": "9", "architect": 1,'
        ' "kinds": {}, "on_time": true}}}',
        '{"days": {"2026-12-07": {"day": "2026-12-06", "score": 9, "architect": 1,'
        ' "kinds": {}, "on_time": true}}}',
        '{"days": {"2026-12-06": {"day": "2026-12-06", "score": 9, "architect": 1,'
        ' "kinds": {"quarries": 3}, "on_time": true}}}',
    ],
)
def test_stored_days_that_cannot_be_read_are_never_overwritten(text: str) -> None:
    store = MemoryStore()
    store.set(DAYS_KEY, text)
    days = Days(store)
    assert days.trouble and days.results == {}
    days.start(DAY)
    played(days, DAY, DAY)
    assert store.get(DAYS_KEY) == text  # the player's days are left for them to recover
    assert days.streak(DAY) == 1  # the game goes on in memory


def test_the_shared_result_tells_nothing_of_the_deal() -> None:
    game = finished(DAY)
    result = result_of(game, DAY, DAY, records.dump(game))
    link = "https://example.org/akropolis/?daily=2026-12-06"
    text = share_text(result, ("Ann", "Metagenes"), 3, link)
    assert text.splitlines()[0] == "Akropolis daily deal, 2026-12-06"
    assert text.splitlines()[-1] == link and "3 days in a row" in text
    # made of the result alone: another deal with the same result shares the same text
    other = Result("2026-12-06", result.score, result.architect, dict(result.kinds), True)
    assert share_text(other, ("Ann", "Metagenes"), 3, link) == text
    numbers = {int(n) for n in re.findall(r"\d+", text.replace(link, ""))}
    allowed = {2026, 12, 6, 3, result.score, result.architect, *result.kinds.values()}
    assert numbers <= allowed
    assert str(seed_of(DAY)) not in text and json.dumps(game.moves[0].tile) + "@" not in text


def test_a_storage_that_refuses_everything_keeps_the_days_in_memory_quietly() -> None:
    store = MemoryStore()
    store.available = False
    days = Days(store)
    assert days.trouble is None  # the page already says once that nothing is kept
    played(days, DAY, DAY)
    assert days.streak(DAY) == 1 and not days.save()
