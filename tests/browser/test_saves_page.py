"""Saves in the browser: poisoned saves, full storage, two tabs, old saves, huge imports.

The promise: the page always starts; an unreadable save is kept aside and the player is told
once; a save that fails says so and play goes on; two tabs never overwrite each other silently.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from akropolis import Game, records
from akropolis.simulate import random_game
from tests.browser.test_game_ui import (
    game_on_page,
    open_page,
    play_some,
    play_through_ui,
    start_game,
    wait_until_ready,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    """This module's tests share one booted game page (restarted for each)."""
    return shared_page


SLOT = "akropolis.autosave.v1"
POISONED = {
    "format-is-a-list": '{"format": [], "version": 1}',
    "seed-of-5000-digits": json.dumps(
        {
            "format": "akropolis-game",
            "version": 1,
            "players": [{"name": "A"}, {"name": "B"}],
            "options": {"variants": []},
            "moves": [],
        }
    )[:-1]
    + ', "seed": '
    + "9" * 5000
    + "}",
    "deep-nesting": "[" * 100_000 + "]" * 100_000,
    "city-record": json.dumps(
        {"format": "akropolis-city", "version": 1, "variants": [], "stones": 0, "placements": []}
    ),
    "names-of-control-characters": json.dumps(
        {
            "format": "akropolis-game",
            "version": 1,
            "players": [{"name": "\u200b"}, {"name": "\x1b[31m"}],
            "options": {"variants": []},
            "seed": 1,
            "moves": [],
        }
    ),
}
REASONS = {
    "format-is-a-list": "format must be 'akropolis-game', not []",
    "seed-of-5000-digits": "a number has more than 20 digits",
    "deep-nesting": "nested more than 10 deep",
    "city-record": "it holds a city record, not a game",
    "names-of-control-characters": "must not contain control or invisible characters",
}
#: Fills localStorage to the last character; returns the keys it used.
FILL_STORAGE = """() => {
  const keys = [];
  for (let size = 1 << 20; size >= 1; size >>= 1) {
    const text = 'x'.repeat(size);
    for (;;) {
      const key = 'filler.' + keys.length;
      try { localStorage.setItem(key, text); keys.push(key); } catch (e) { break; }
    }
  }
  return keys;
}"""


def kept_texts(page: Page) -> list[str]:
    """The texts kept aside, as stored (after the why / when / reason header lines)."""
    return page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith('akropolis.kept.'))
             .map(k => localStorage.getItem(k).split('\\n').slice(3).join('\\n'))"""
    )


def put_in_slot(page: Page, text: str) -> None:
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SLOT, text])


def reload(page: Page) -> None:
    """Reload the page and wait until it is ready (no second navigation: ``open_page`` would
    load it again, and that load could miss what the first one had already done)."""
    page.reload()
    wait_until_ready(page)


@pytest.mark.parametrize("name", sorted(POISONED))
def test_a_poisoned_save_is_kept_aside_and_the_page_starts(page: Page, name: str) -> None:
    open_page(page)
    put_in_slot(page, POISONED[name])
    reload(page)
    message = page.inner_text("#message")
    assert message.startswith("Your saved game could not be restored (")
    assert REASONS[name] in message and "kept aside" in message
    assert kept_texts(page) == [POISONED[name]]
    assert page.is_visible("#btn-kept") and page.inner_text("#btn-kept") == "Kept games (1)"
    with page.expect_download() as download:
        page.click("#message-actions button:text('Download it')")
    assert Path(download.value.path()).read_text() == POISONED[name]
    reload(page)  # told once: the next start is clean
    assert not page.is_visible("#message-dialog")
    assert kept_texts(page) == [POISONED[name]]


def test_every_unreadable_save_is_kept_with_its_time(page: Page) -> None:
    open_page(page)
    for name in ("format-is-a-list", "deep-nesting"):
        put_in_slot(page, POISONED[name])
        reload(page)
    expected = [POISONED["format-is-a-list"], POISONED["deep-nesting"]]
    assert sorted(kept_texts(page)) == sorted(expected)
    page.click("#message-dialog button:text('OK')")
    assert page.is_hidden("#btn-cancel-new")  # no game of one's own yet: the first screen stays
    page.click("#btn-kept-new")  # where the kept games are reached from it
    items = page.locator("#kept-list li")
    assert items.count() == 2
    assert all("could not be restored" in text for text in items.all_inner_texts())
    items.first.locator("button:text('Delete')").click()
    assert page.locator("#kept-list li").count() == 1
    assert len(kept_texts(page)) == 1


@pytest.mark.parametrize("name", ["format-is-a-list", "seed-of-5000-digits", "deep-nesting"])
def test_poisoned_text_through_the_api_and_import_is_refused_with_its_reason(
    page: Page, name: str, tmp_path: Path
) -> None:
    game = play_some(page, 1)
    assert page.evaluate("text => akropolisApp.load(text)", POISONED[name]) is False
    assert page.inner_text("#message").startswith("This file cannot be imported: ")
    assert REASONS[name] in page.inner_text("#message")
    page.click("#message-dialog button:text('OK')")
    path = tmp_path / f"{name}.json"
    path.write_text(POISONED[name])
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#message-dialog[open]")
    assert REASONS[name] in page.inner_text("#message")
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    assert page.watch.errors == []


def test_the_api_load_refuses_what_is_not_text(page: Page) -> None:
    open_page(page)
    for value in ("42", "null", "({format: 'akropolis-game'})", "['A1;p=2']"):
        assert page.evaluate(f"akropolisApp.load({value})") is False
    assert page.watch.errors == []


def test_a_50_mb_import_is_refused_at_once(page: Page, tmp_path: Path) -> None:
    game = play_some(page, 1)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(50_000_000)
    started = time.perf_counter()
    page.set_input_files("#import-file", str(huge))
    page.wait_for_selector("#message-dialog[open]")
    assert "too large to be a game record (50.0 MB" in page.inner_text("#message")
    assert time.perf_counter() - started < 10  # refused from its size, not after reading it
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)


def test_a_save_from_version_1_still_loads(page: Page) -> None:
    open_page(page)
    game = random_game(2, 4)
    for _ in range(game.ply - 10):
        game.undo()
    put_in_slot(page, records.dump(game))
    reload(page)
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)


def test_storage_full_says_so_and_loses_no_move(page: Page, tmp_path: Path) -> None:
    game = play_some(page, 2)
    fillers = page.evaluate(FILL_STORAGE)
    assert fillers
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    game.play(move)
    page.wait_for_selector("#save-status:not([hidden])")
    assert page.inner_text("#save-status-text") == (
        "Could not save: browser storage is full — export your game to keep it."
    )
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    with page.expect_download() as download:
        page.click("#save-status button:text('Export')")
    exported = records.load(Path(download.value.path()).read_bytes())
    assert records.game_to_record(exported) == records.game_to_record(game)
    page.evaluate("keys => keys.forEach(k => localStorage.removeItem(k))", fillers)
    page.click("#save-status button:text('Try again')")
    page.wait_for_selector("#save-status", state="hidden")
    reload(page)
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)


LEAVING = """() => {
  const event = new Event('beforeunload', {cancelable: true});
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


def test_leaving_with_an_unsaved_move_asks_first(page: Page) -> None:
    game = play_some(page, 1)
    assert page.evaluate(LEAVING) is False  # saved: leave freely
    fillers = page.evaluate(FILL_STORAGE)
    play_through_ui(page, game.legal_moves()[0])
    page.wait_for_selector("#save-status:not([hidden])")
    assert page.evaluate(LEAVING) is True
    page.evaluate("keys => keys.forEach(k => localStorage.removeItem(k))", fillers)
    page.click("#save-status button:text('Try again')")
    page.wait_for_selector("#save-status", state="hidden")
    assert page.evaluate(LEAVING) is False
    page.evaluate(FILL_STORAGE)
    game = game_on_page(page)
    play_through_ui(page, game.legal_moves()[0])
    page.wait_for_selector("#save-status:not([hidden])")
    with page.expect_event("dialog") as asked:
        page.close(run_before_unload=True)
    assert asked.value.type == "beforeunload"
    asked.value.accept()


def test_storage_full_with_no_save_still_starts(page: Page) -> None:
    open_page(page)
    page.evaluate("localStorage.clear()")
    page.evaluate(FILL_STORAGE)
    reload(page)
    assert page.is_hidden("#save-status")  # nothing to save before a game starts
    start_game(page, ["Ann", "Bob"], (), seed=2)
    assert game_on_page(page).names == ("Ann", "Bob")
    status = page.inner_text("#save-status-text")
    assert status.startswith("Could not save: browser storage is full")


def two_tabs(browser: Browser, base: str, block_events_in_b: bool = False):
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    a, b = context.new_page(), context.new_page()
    if block_events_in_b:  # as if B was asleep when A saved (a frozen or discarded tab)
        b.add_init_script(
            "window.addEventListener('storage', e => e.stopImmediatePropagation(), true);"
            "document.addEventListener('visibilitychange',"
            " e => e.stopImmediatePropagation(), true);"
        )
    for page in (a, b):
        page.base = base
        page.watch = type("Watch", (), {"errors": [], "requests": []})()
    return context, a, b


def test_a_second_tab_follows_the_first_when_it_has_nothing_unsaved(
    browser: Browser, base_url: str
) -> None:
    context, a, b = two_tabs(browser, base_url)
    try:
        game = play_some(a, 2)
        open_page(b)
        move = game.legal_moves()[0]
        play_through_ui(a, move)
        game.play(move)
        b.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
        assert records.game_to_record(game_on_page(b)) == records.game_to_record(game)
        assert "changed in another tab" in b.inner_text("#hint")
        start_game(a, ["Cy", "Di"], (), seed=7)  # A's unfinished game is kept: B's count shows it
        b.wait_for_selector("#btn-kept:text('Kept games (1)')")
    finally:
        context.close()


@pytest.mark.parametrize("choice", ["Keep this tab's game", "Switch to the other tab's game"])
def test_two_tabs_playing_the_same_position_never_lose_a_move(
    browser: Browser, base_url: str, choice: str
) -> None:
    """A plays; B, asleep meanwhile, plays another move there: B asks, and keeps both."""
    context, a, b = two_tabs(browser, base_url, block_events_in_b=True)
    try:
        game = play_some(a, 2)
        open_page(b)
        game_a = game.replay()
        move_a = game_a.legal_moves()[0]
        play_through_ui(a, move_a)
        game_a.play(move_a)
        a.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game_a.ply}")
        game_b = game.replay()
        move_b = next(
            m for m in game_b.legal_moves() if m.move != move_a.move and m.site_index == 0
        )
        play_through_ui(b, move_b)
        game_b.play(move_b)
        b.wait_for_selector("#choice-dialog[open]")
        assert "also played in another tab" in b.inner_text("#choice-title")
        body = b.inner_text("#choice-body")
        assert f"move {game_b.ply + 1}" in body
        saved = records.load(b.evaluate(f"localStorage.getItem('{SLOT}')"))
        assert records.game_to_record(saved) == records.game_to_record(game_a)  # not replaced
        b.click(f'#choice-dialog button:text("{choice}")')
        kept = [records.game_to_record(records.load(t)) for t in kept_texts(b)]
        slot = records.game_to_record(records.load(b.evaluate(f"localStorage.getItem('{SLOT}')")))
        both = [records.game_to_record(game_a), records.game_to_record(game_b)]
        if choice.startswith("Keep"):
            assert slot == both[1] and kept == [both[0]]
            assert records.game_to_record(game_on_page(b)) == both[1]
        else:
            assert slot == both[0] and kept == [both[1]]
            assert records.game_to_record(game_on_page(b)) == both[0]
    finally:
        context.close()


def test_a_new_game_keeps_the_unfinished_one_aside(page: Page) -> None:
    game = play_some(page, 3)
    start_game(page, ["Cy", "Di"], (), seed=99)
    [kept] = kept_texts(page)
    assert records.game_to_record(records.load(kept)) == records.game_to_record(game)
    assert "Kept games (1)" in page.inner_text("#btn-kept")
    page.click("#btn-kept")
    page.click("#kept-list button:text('Resume')")
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    assert isinstance(game_on_page(page), Game)


def test_two_notices_at_start_are_both_seen_in_order_each_with_its_own_buttons(page: Page) -> None:
    """An unreadable save and a bad link at once: the second waits for the first."""
    open_page(page)
    put_in_slot(page, POISONED["format-is-a-list"])
    page.goto(page.base + "index.html#play/A1;c=000000;p=2;s=1")  # a link that fails its check
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    assert page.inner_text("#message").startswith("Your saved game could not be restored (")
    with page.expect_download() as download:
        page.click("#message-actions button:text('Download it')")
    assert Path(download.value.path()).read_text() == POISONED["format-is-a-list"]
    page.wait_for_function(
        "document.querySelector('#message').textContent.startsWith('This link cannot be opened')"
    )
    assert page.is_visible("#message-dialog")
    assert "does not match its check" in page.inner_text("#message")
    assert page.locator("#message-actions button").count() == 0  # its own buttons: OK alone
    assert page.evaluate("document.activeElement.textContent") == "OK"
    assert not page.is_visible("#new-dialog")  # the New game form waits for the notices
    page.keyboard.press("Escape")
    page.wait_for_selector("#message-dialog", state="hidden")
    page.wait_for_selector("#new-dialog[open]")  # a first visit, after all
    assert page.watch.errors == []
