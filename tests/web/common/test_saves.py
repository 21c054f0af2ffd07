"""Saving in the browser, on CPython: the slot, kept games, full storage and two tabs.

``MemoryStore`` stands for ``localStorage``: it can be given a quota (then writes past it fail
as the browser's do) or made unavailable.  Two ``Saves`` on one store are two tabs.
"""

from __future__ import annotations

import itertools

import pytest

from akropolis import Game, records
from akropolis.simulate import random_game
from common.saves import (
    FINISHED,
    FINISHED_KEPT,
    KEPT_PREFIX,
    LEGACY_UNREADABLE,
    OTHER_TAB,
    REPLACED,
    SLOT,
    UNREADABLE,
    BrowserStore,
    Conflict,
    MemoryStore,
    Saves,
    StoreError,
    read_game,
)

POISONED = {
    "format is a list": '{"format": [], "version": 1}',
    "seed of 5000 digits": (
        '{"format": "akropolis-game", "version": 1, "players": [{"name": "A"}, {"name": "B"}],'
        ' "options": {"variants": []}, "seed": ' + "9" * 5000 + ', "moves": []}'
    ),
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "not JSON": "{oops",
    "a city record": records.dumps(
        {"format": "akropolis-city", "version": 1, "variants": [], "stones": 0, "placements": []}
    ),
    "empty": "",
}


def clock():
    """A clock that ticks a second per reading, as ISO times."""
    seconds = itertools.count()
    return lambda: f"2026-11-22T10:{next(seconds) // 60:02d}:{next(seconds) % 60:02d}.000Z"


def tab(store: MemoryStore) -> Saves:
    return Saves(store, clock())


def played(moves: int, seed: int = 3) -> Game:
    """A 2-player game after ``moves`` moves (each the first legal move)."""
    game = Game(2, seed=seed)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def test_a_game_saved_by_version_1_still_loads() -> None:
    """The slot holds a plain game record, as the first version wrote it, and reads back."""
    store = MemoryStore()
    game = random_game(3, 8)
    store.items[SLOT] = records.dump(game)  # version 1's exact bytes
    opening = tab(store).open()
    assert opening.notice == ""
    assert records.game_to_record(opening.game) == records.game_to_record(game)


@pytest.mark.parametrize("name", sorted(POISONED))
def test_an_unreadable_save_is_kept_aside_with_its_reason_and_the_page_starts(name: str) -> None:
    store = MemoryStore()
    store.items[SLOT] = POISONED[name]
    saves = tab(store)
    opening = saves.open()
    assert opening.game is None
    assert "could not be restored" in opening.notice and "Kept games" in opening.notice
    assert SLOT not in store.items  # the slot is free for the new game
    [kept] = saves.kept()
    assert kept.text == POISONED[name] and kept.why == UNREADABLE and kept.reason
    assert saves.save(Game(2, seed=1)).ok


def test_an_autosave_whose_names_look_the_same_is_kept_aside_with_the_reason() -> None:
    """Saved before names had to look different ("Ann" and "ann"): the engine now refuses it,
    and the page keeps it under Kept games, to download, instead of losing it."""
    record = records.game_to_record(played(3))
    record["players"] = [{"name": "Ann"}, {"name": "ann"}]
    text = records.dumps(record)
    store = MemoryStore()
    store.items[SLOT] = text
    saves = tab(store)
    opening = saves.open()
    assert opening.game is None and "Kept games" in opening.notice
    [kept] = saves.kept()
    assert kept.text == text and kept.why == UNREADABLE
    assert kept.reason == "players 1 and 2 have the same name (\u201cAnn\u201d)"


def test_several_unreadable_saves_are_all_kept_with_their_times() -> None:
    store = MemoryStore()
    saves = tab(store)
    for text in ("{bad", "[1]", '{"format": 3}'):
        store.items[SLOT] = text
        saves = Saves(store, saves.clock)
        saves.open()
    kept = saves.kept()
    assert sorted(k.text for k in kept) == sorted(["{bad", "[1]", '{"format": 3}'])
    assert len({k.when for k in kept}) == 3
    assert [k.key for k in kept] == sorted((k.key for k in kept), reverse=True)  # newest first


def test_the_version_1_unreadable_slot_joins_the_kept_games() -> None:
    store = MemoryStore()
    store.items[LEGACY_UNREADABLE] = "{old"
    saves = tab(store)
    saves.open()
    assert LEGACY_UNREADABLE not in store.items
    assert [k.text for k in saves.kept()] == ["{old"]


def test_an_unreadable_save_that_cannot_be_kept_aside_is_never_overwritten() -> None:
    """Storage too full to copy it: it stays in the slot, saving waits until it is dealt with."""
    store = MemoryStore(quota=len(SLOT) + 5000)
    store.items[SLOT] = "{" + "x" * 4000
    saves = tab(store)
    opening = saves.open()
    assert opening.game is None and "too full" in opening.notice
    result = saves.save(Game(2, seed=1))
    assert result.status == "blocked" and "download or delete" in result.message
    assert store.items[SLOT] == "{" + "x" * 4000
    [entry] = saves.kept()  # listed, so it can be downloaded or deleted
    assert entry.key == SLOT and entry.text == store.items[SLOT]
    saves.forget(SLOT)
    assert saves.save(Game(2, seed=1)).ok


def test_storage_full_is_reported_honestly_and_the_game_goes_on() -> None:
    game = played(2)
    store = MemoryStore(quota=len(SLOT) + len(records.dump(game)) + 10)
    saves = tab(store)
    assert saves.save(game).ok
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    result = saves.save(game)  # the record grew past the quota
    assert result.status == "full"
    assert result.message == (
        "Could not save: browser storage is full — export your game to keep it."
    )
    assert read_game(store.items[SLOT]).ply == 2  # the last good save is intact
    store.quota = None  # space was freed
    assert saves.save(game).ok
    assert read_game(store.items[SLOT]).ply == 4


def test_storage_full_with_no_save_at_all_does_not_stop_the_start() -> None:
    store = MemoryStore(quota=0)
    saves = tab(store)
    assert saves.open().game is None
    assert saves.save(Game(2, seed=1)).status == "full"


def test_storage_that_is_not_available_is_reported() -> None:
    store = MemoryStore()
    store.available = False
    saves = tab(store)
    opening = saves.open()
    assert opening.game is None and "does not let the page store games" in opening.notice
    assert saves.save(Game(2, seed=1)).status == "unavailable"


def test_a_replaced_unfinished_game_is_kept_aside() -> None:
    store = MemoryStore()
    saves = tab(store)
    old = played(3)
    saves.save(old)
    new = Game(2, seed=9)
    assert saves.replace(new, old).ok
    [kept] = saves.kept()
    assert kept.why == REPLACED and records.game_to_record(read_game(kept.text)) == (
        records.game_to_record(old)
    )
    assert saves.replace(Game(2, seed=10), new).ok  # a game with no move is not worth keeping
    assert len(saves.kept()) == 1


def finished(seed: int) -> Game:
    game = Game(2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def test_finished_games_are_kept_for_their_replay_the_latest_ten() -> None:
    store = MemoryStore()
    saves = tab(store)
    unfinished = played(3)
    saves.replace(unfinished, None)
    games = [finished(seed) for seed in range(FINISHED_KEPT + 3)]
    previous = unfinished
    for game in games:
        assert saves.replace(game, previous).ok
        previous = game
    kept = saves.kept()
    done = [k for k in kept if k.why == FINISHED]
    assert (
        len(done) == FINISHED_KEPT and str(done[0].label) == "a finished game, kept for its replay"
    )
    # the newest first, the oldest gone; the unfinished game is never dropped for them
    expected = [records.dump(game) for game in reversed(games[-FINISHED_KEPT - 1 : -1])]
    assert [k.text for k in done] == expected
    assert [k.why for k in kept].count(REPLACED) == 1


def test_a_replaced_game_that_cannot_be_kept_is_not_overwritten() -> None:
    old = played(3)
    store = MemoryStore(quota=len(SLOT) + len(records.dump(old)) + 10)
    saves = tab(store)
    assert saves.save(old).ok
    assert saves.replace(Game(2, seed=9), old).status == "full"
    assert store.items[SLOT] == records.dump(old)


def test_two_tabs_never_overwrite_each_other_silently() -> None:
    """Tab B, still at the older position, plays: it gets a conflict, nothing is written."""
    store = MemoryStore()
    a, b = tab(store), tab(store)
    start = played(1)
    a.save(start)
    b.open()
    game_a, game_b = played(1), played(1)
    game_a.play(game_a.legal_moves()[0])
    assert a.save(game_a).ok
    game_b.play(game_b.legal_moves()[-1])
    conflict = b.save(game_b)
    assert isinstance(conflict, Conflict)
    assert records.game_to_record(conflict.game) == records.game_to_record(game_a)
    assert store.items[SLOT] == records.dump(game_a)  # A's move is still saved


def test_keeping_this_tabs_game_keeps_the_other_aside() -> None:
    store = MemoryStore()
    a, b = tab(store), tab(store)
    a.save(played(1))
    b.open()
    game_a, game_b = played(2), played(1)
    game_b.play(game_b.legal_moves()[-1])
    a.save(game_a)
    conflict = b.save(game_b)
    assert b.overwrite(game_b, conflict.text).ok
    assert store.items[SLOT] == records.dump(game_b)
    [kept] = b.kept()
    assert kept.why == OTHER_TAB and kept.text == records.dump(game_a)
    assert isinstance(a.save(game_a), Conflict)  # and A is asked in turn, not overwritten


def test_switching_to_the_other_tabs_game_keeps_this_one_aside() -> None:
    store = MemoryStore()
    a, b = tab(store), tab(store)
    a.save(played(1))
    b.open()
    game_a, game_b = played(2), played(1)
    game_b.play(game_b.legal_moves()[-1])
    a.save(game_a)
    conflict = b.save(game_b)
    assert b.adopt(game_b, conflict.text).ok
    assert store.items[SLOT] == records.dump(game_a)
    [kept] = b.kept()
    assert kept.why == OTHER_TAB and kept.text == records.dump(game_b)
    game_a.play(game_a.legal_moves()[0])
    assert b.save(game_a).ok  # B now follows the slot


def test_a_tab_with_nothing_unsaved_can_follow_another() -> None:
    store = MemoryStore()
    a, b = tab(store), tab(store)
    game = played(1)
    a.save(game)
    b_game = b.open().game
    assert b.in_sync(b_game)
    game.play(game.legal_moves()[0])
    a.save(game)
    assert b.changed_elsewhere() == records.dump(game)
    assert a.changed_elsewhere() is None


def test_a_tab_with_an_unsaved_move_is_not_in_sync() -> None:
    game = played(1)
    store = MemoryStore(quota=len(SLOT) + len(records.dump(game)) + 5)
    saves = tab(store)
    saves.save(game)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert saves.save(game).status == "full"
    assert not saves.in_sync(game)


class FakeStorage:
    """The parts of the Web Storage API that BrowserStore uses, with a quota."""

    def __init__(self, quota: int) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        if sum(map(len, self.data.values())) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
        self.data[key] = value

    def removeItem(self, key):
        self.data.pop(key, None)

    def key(self, index):
        return list(self.data)[index]

    @property
    def length(self):
        return len(self.data)


def test_browser_store_turns_quota_errors_into_full() -> None:
    storage = FakeStorage(quota=10)
    store = BrowserStore(lambda: storage)
    store.set("a", "12345")
    assert store.get("a") == "12345" and store.names() == ["a"]
    with pytest.raises(StoreError) as caught:
        store.set("b", "x" * 20)
    assert caught.value.full


def test_browser_store_reports_storage_that_cannot_be_reached() -> None:
    def denied():
        raise RuntimeError("SecurityError: access is denied")

    store = BrowserStore(denied)
    with pytest.raises(StoreError) as caught:
        store.get(SLOT)
    assert not caught.value.full
    assert Saves(store, clock()).open().game is None


def test_kept_entries_not_written_by_us_are_listed_as_they_are() -> None:
    store = MemoryStore()
    store.items[KEPT_PREFIX + "odd"] = "just some text"
    [kept] = tab(store).kept()
    assert kept.text == "just some text" and not kept.playable


def test_the_choice_between_two_tabs_names_each_games_last_move() -> None:
    from common.saves import describe_last_move

    game = Game(2, seed=3, names=["Ann", "Bob"])
    move = game.legal_moves()[0]
    game.play(move)
    text = describe_last_move(game)
    assert text == (
        f"Ann vs Bob: move 2, Bob to play; last move: Ann, tile {move.tile} at {move.anchor}"
    )
