"""Games played by link on this device, on CPython: every state a slot can be in, a slot never
overwritten unseen, the seats, the list under Kept games, and old finished games cleaned up
only when the player says so (asked once).  ``MemoryStore`` stands for ``localStorage``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from akropolis import Game, records
from akropolis.simulate import random_game
from common.saves import (
    FOUND_IN_LINK_SLOT,
    KEPT_PREFIX,
    REPLACED_BY_LINK,
    SLOT,
    MemoryStore,
    Saves,
)
from game import panels
from game.link_games import (
    ACTIVE_KEY,
    ANOTHER,
    COMPUTERS,
    EMPTY,
    INDEX_KEY,
    LINK_PREFIX,
    NEWER,
    OLD_AFTER_DAYS,
    READY,
    SEAT_PREFIX,
    UNREADABLE,
    LinkGames,
    cleanup_question,
    read_slot,
)
from game.share import WATCHING, game_id

DAY_ONE = "2026-03-01T12:00:00.000Z"
LATER = {  # days after DAY_ONE
    29: "2026-03-30T12:00:00.000Z",
    31: "2026-04-01T12:00:00.000Z",
}


def played(moves: int, seed: int = 5, names: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    game = Game(len(names), seed=seed, names=names)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def same(a: Game, b: Game) -> bool:
    return records.game_to_record(a) == records.game_to_record(b)


class Clock:
    """A clock the test sets; each reading is the time set."""

    def __init__(self, when: str = DAY_ONE) -> None:
        self.when = when

    def __call__(self) -> str:
        return self.when


def device(store: MemoryStore | None = None, clock: Clock | None = None) -> LinkGames:
    store = store if store is not None else MemoryStore()
    clock = clock or Clock()
    return LinkGames(store, clock, Saves(store, clock))


def kept(store: MemoryStore) -> list[tuple[str, str]]:
    """What was kept aside: (why, text) of each entry."""
    found = []
    for key, value in sorted(store.items.items()):
        if key.startswith(KEPT_PREFIX):
            why, _when, _reason, text = value.split("\n", 3)
            found.append((why, text))
    return found


def newer(game: Game) -> str:
    record = records.game_to_record(game)
    record["version"] = 2
    return json.dumps(record)


# --- What a slot holds -------------------------------------------------------------------------


def test_every_state_a_slot_can_be_in() -> None:
    game = played(3)
    gid = game_id(game)
    other = played(0, seed=9, names=("Cy", "Di"))
    robots = Game(2, seed=5, names=("Ann", "Robot"), kinds=("human", "ai:hard"))
    solo = Game(2, seed=5, names=("Ann", "Callicrates"), kinds=(None, "architect:callicrates"))
    assert read_slot(gid, None).state == EMPTY
    ready = read_slot(gid, records.dump(game))
    assert ready.state == READY and same(ready.game, game)
    states = {
        "{oops": UNREADABLE,
        "": UNREADABLE,
        "[" * 100_000: UNREADABLE,
        '{"format": "akropolis-game", "version": 1}': UNREADABLE,
        newer(game): NEWER,
        records.dump(other): ANOTHER,
        records.dump(robots): COMPUTERS,
        records.dump(solo): COMPUTERS,
    }
    for text, state in states.items():
        found = read_slot(gid, text)
        assert found.state == state, text[:40]
        assert found.text == text and found.held.startswith(("This", "The"))
    assert read_slot(gid, records.dump(other)).reason == "Cy vs Di: move 1, Cy to play"
    assert "could not be read (" in read_slot(gid, "{oops").held


# --- Never overwritten unseen --------------------------------------------------------------------


def test_a_slot_is_overwritten_silently_only_by_its_own_game_played_further() -> None:
    store = MemoryStore()
    games = device(store)
    game = played(2)
    gid = game_id(game)
    assert games.save(game).ok and games.load(gid) is not None
    game.play(game.legal_moves()[0])
    stored = games.save(game)
    assert stored.ok and stored.kept is None and not stored.notice
    assert same(games.load(gid), game) and kept(store) == []
    earlier = game.replay(2)  # this tab takes its own move back: its own text, overwritten
    assert games.save(earlier).ok and kept(store) == []


@pytest.mark.parametrize(
    "holds",
    ["unreadable", "newer", "another game", "computers", "changed in another tab"],
)
def test_whatever_else_the_slot_holds_is_kept_aside_first_and_said(holds: str) -> None:
    store = MemoryStore()
    game = played(4)
    gid = game_id(game)
    other_tab = played(4)
    other_tab.play(other_tab.legal_moves()[0])
    texts = {
        "unreadable": '{"format": "akropolis-game", "vers',
        "newer": newer(game),
        "another game": records.dump(played(0, seed=9, names=("Cy", "Di"))),
        "computers": records.dump(
            Game(2, seed=5, names=("Ann", "Robot"), kinds=("human", "ai:easy"))
        ),
        "changed in another tab": records.dump(other_tab),
    }
    text = texts[holds]
    store.set(LINK_PREFIX + gid, text)
    stored = device(store).save(game.replay(3))
    assert stored.ok and stored.kept is not None
    assert stored.notice.endswith(
        "It is kept under Kept games, where you can download it, and this game is saved in its "
        "place."
    )
    why = REPLACED_BY_LINK if holds == "changed in another tab" else FOUND_IN_LINK_SLOT
    assert kept(store) == [(why, text)]
    assert store.get(LINK_PREFIX + gid) == records.dump(game.replay(3))


def test_a_slot_that_cannot_be_kept_aside_is_not_overwritten() -> None:
    store = MemoryStore(quota=4_000)
    game = played(2)
    gid = game_id(game)
    store.set(LINK_PREFIX + gid, "x" * 3_000)
    stored = device(store).save(game)
    assert not stored.ok and stored.kept is None
    assert "too full to keep it aside, so it stays as it is" in stored.notice
    assert store.get(LINK_PREFIX + gid) == "x" * 3_000


def test_a_copy_replaced_by_the_players_choice_is_kept_aside() -> None:
    store = MemoryStore()
    games = device(store)
    game = played(5)
    gid = game_id(game)
    games.save(game)
    other = game.replay(4)
    other.play(next(m for m in other.legal_moves() if m.move != game.moves[4]))
    stored = games.replace(other, games.slot(gid))
    assert stored.ok and kept(store) == [(REPLACED_BY_LINK, records.dump(game))]
    assert same(games.load(gid), other)


# --- Seats -------------------------------------------------------------------------------------


def test_link_games_have_their_own_slots_and_seats() -> None:
    store = MemoryStore()
    store.set(SLOT, "the player's own game")
    games = device(store)
    game = played(6)
    gid = game_id(game)
    assert games.load(gid) is None and games.seat(gid) is None
    assert games.save(game).ok
    assert store.get(SLOT) == "the player's own game"
    assert store.get(LINK_PREFIX + gid) == records.dump(game)
    assert same(games.load(gid), game)
    assert games.choose_seat(gid, 1) and games.seat(gid) == 1
    assert games.choose_seat(gid, WATCHING) and games.seat(gid) == WATCHING
    for bad in ("7", "-2", "1.0", "", "x", "١"):
        store.set(SEAT_PREFIX + gid, bad)
        assert games.seat(gid) is None
    games.forget(gid)
    assert games.load(gid) is None and store.get(SLOT) == "the player's own game"
    assert store.get(SEAT_PREFIX + gid) is None and gid not in store.get(INDEX_KEY)


def test_link_games_when_storage_fails() -> None:
    store = MemoryStore(quota=50)
    games = device(store)
    game = played(3)
    assert games.save(game).ok is False and games.load(game_id(game)) is None
    store.available = False
    assert games.seat("x") is None and games.choose_seat("x", 0) is False
    assert games.ids() == [] and games.listed() == [] and games.old_finished(DAY_ONE) == []
    games.forget("x")  # no error
    games.upkeep()


# --- Listed under Kept games, and cleaned up when old ---------------------------------------------


def test_every_game_by_link_is_listed_with_its_seat_readable_or_not() -> None:
    store = MemoryStore()
    clock = Clock()
    games = device(store, clock)
    going_on, finished = played(3), random_game(2, 21)
    games.save(finished)
    games.choose_seat(game_id(finished), 0)
    clock.when = LATER[29]
    games.save(going_on)
    games.choose_seat(game_id(going_on), WATCHING)
    store.set(LINK_PREFIX + "0123456789abcdef", "{broken")
    store.set(ACTIVE_KEY, "a tab's key, not a slot")  # it shares the prefix: never listed
    listed = games.listed()
    assert [entry.gid for entry in listed] == [
        game_id(going_on),
        game_id(finished),
        "0123456789abcdef",
    ]
    now, over, broken = listed
    assert now.summary == "Ann vs Bob: move 4, Bob to play" and now.role == "You watch this game."
    assert now.used == LATER[29] and over.used == DAY_ONE and broken.used == ""
    assert over.role == "You play Player 1." and over.resumable
    assert broken.summary.startswith("unreadable: ") and not broken.resumable
    assert games.ids() == sorted(entry.gid for entry in listed)
    html = panels.link_games_html([(now, "today", True), (broken, "", False)])
    assert html.count("<li>") == 2
    assert 'aria-label="Download Ann vs Bob: move 4, Bob to play"' in html
    assert "It is on screen now." in html
    assert html.count('data-link-game="delete"') == 1  # not the game on screen
    assert html.count('data-link-game="resume"') == 0  # not on screen, nor unreadable


def test_old_finished_games_are_offered_for_cleanup_until_the_player_keeps_them() -> None:
    store = MemoryStore()
    clock = Clock()
    games = device(store, clock)
    finished, another, going_on = random_game(2, 21), random_game(3, 8), played(3)
    for game in (finished, another, going_on):
        games.save(game)
        games.choose_seat(game_id(game), 1)
    assert games.old_finished(LATER[29]) == []  # not old yet
    old = games.old_finished(LATER[31])
    assert old == sorted([game_id(finished), game_id(another)])  # never the unfinished one
    assert games.old_finished(LATER[31], on_screen=game_id(another)) == [game_id(finished)]
    games.keep_old([game_id(another)])
    assert games.old_finished(LATER[31]) == [game_id(finished)]  # the answer is remembered
    games.clean([game_id(finished)])
    assert games.old_finished(LATER[31]) == []
    assert store.get(LINK_PREFIX + game_id(finished)) is None
    assert store.get(SEAT_PREFIX + game_id(finished)) is None
    assert store.get(LINK_PREFIX + game_id(another)) is not None
    clock.when = LATER[31]
    games.touch(game_id(going_on))  # opened again: its age starts again
    assert [e.used for e in games.listed() if e.gid == game_id(going_on)] == [LATER[31]]


def test_the_cleanup_reads_each_game_itself_and_never_trusts_a_note_that_it_is_over() -> None:
    """A note that says "over" (written by an earlier page, or by hand) for a game still going
    on, or for a slot that cannot be read, offers nothing and deletes nothing; a game that was
    played on after it was offered is not deleted."""
    store = MemoryStore()
    games = device(store, Clock())
    going_on, finished = played(3), random_game(2, 21)
    for game in (going_on, finished):
        games.save(game)
    broken = "0123456789abcdef"
    store.set(LINK_PREFIX + broken, "{not a record")
    index = json.loads(store.get(INDEX_KEY))
    for gid in (game_id(going_on), broken):
        index[gid] = {"used": DAY_ONE, "over": True}
    index[game_id(finished)]["over"] = False  # a note that is wrong the other way
    store.set(INDEX_KEY, json.dumps(index))
    assert games.old_finished(LATER[31]) == [game_id(finished)]  # read, not noted
    games.clean([game_id(going_on), broken])  # even if asked to: each is read again
    assert store.get(LINK_PREFIX + game_id(going_on)) is not None
    assert store.get(LINK_PREFIX + broken) == "{not a record"
    # Offered while finished, then replaced by a copy still going on (another tab's undo).
    offered = games.old_finished(LATER[31])
    store.set(LINK_PREFIX + game_id(finished), records.dump(finished.replay(finished.ply - 1)))
    games.clean(offered)
    assert store.get(LINK_PREFIX + game_id(finished)) is not None


def test_games_saved_before_their_use_was_noted_count_their_age_from_now() -> None:
    store = MemoryStore()
    finished = random_game(2, 21)
    store.set(LINK_PREFIX + game_id(finished), records.dump(finished))  # an earlier version's
    store.set(INDEX_KEY, "{not json")  # and a note that cannot be read: ages start again
    clock = Clock(LATER[31])
    games = device(store, clock)
    games.upkeep()
    assert games.old_finished(LATER[31]) == []
    far = "2026-05-03T12:00:00.000Z"
    assert games.old_finished(far) == [game_id(finished)]


def test_the_cleanup_question_says_how_many_in_whole_sentences() -> None:
    title, body = cleanup_question(1)
    assert title == "An old game played by link"
    assert body.startswith(
        f"One finished game played by link has not been opened on this device for more than "
        f"{OLD_AFTER_DAYS} days."
    )
    title, body = cleanup_question(3)
    assert title == "Old games played by link" and body.startswith("3 finished games")
    assert "you will not be asked about them again" in body


def test_the_readme_states_when_a_finished_game_by_link_is_old() -> None:
    readme = (Path(__file__).resolve().parents[3] / "docs" / "players.md").read_text("utf-8")
    assert f"for {OLD_AFTER_DAYS} days (`link_games.OLD_AFTER_DAYS`)" in " ".join(readme.split())
