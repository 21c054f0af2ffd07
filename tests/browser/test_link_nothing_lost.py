"""Nothing by link is lost (issue 65): a move not sent yet stays unsent across a reload and a
language switch; a link this device cannot keep stays in the address, and leaving asks; two tabs
on one game by link follow its slot and never make two moves for one turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from akropolis.rng import SplitMix64
from tests.browser.test_fair_links import move_and_send
from tests.browser.test_game_ui import (
    choose,
    game_on_page,
    open_page,
    play_through_ui,
    wait_until_ready,
)
from tests.browser.test_play_by_link import join_round, mirror, open_link, start_by_link
from tests.browser.test_saves_page import FILL_STORAGE, two_tabs
from tests.browser.test_share import assert_clean

pytestmark = pytest.mark.browser

LEAVING = """() => {
  const event = new Event('beforeunload', {cancelable: true});
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


def test_an_unsent_move_stays_unsent_across_a_reload_and_a_language_switch(people) -> None:
    ann, bob = people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    game = mirror(ann)
    play_through_ui(ann, choose(ann, game, SplitMix64(1)))
    ann.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert ann.inner_text("#link-turn") == "Now send your move to Bob."
    assert ann.evaluate(LEAVING) is True  # leaving asks first
    ann.reload()
    wait_until_ready(ann)
    ann.wait_for_selector("#link-bar:not([hidden])")
    ann.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert ann.inner_text("#link-turn") == "Now send your move to Bob."
    assert ann.is_enabled("#btn-undo") and ann.inner_text("#btn-send") == "Send your move"
    ann.select_option("header select.language", "fr")
    ann.wait_for_function("document.documentElement.lang === 'fr'")
    ann.wait_for_selector("#link-bar:not([hidden])")
    ann.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert ann.inner_text("#link-turn") == "Envoyez maintenant votre coup à Bob."
    assert ann.is_enabled("#btn-undo")
    assert_clean(ann)


def test_a_link_this_device_cannot_keep_stays_in_the_address(people) -> None:
    ann, bob = people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    game, link = move_and_send(ann, SplitMix64(2))
    open_page(bob)
    assert bob.evaluate(FILL_STORAGE)
    open_link(bob, link, 1)
    assert "Not kept on this device" in bob.inner_text("#link-last")
    assert bob.evaluate("location.hash").startswith("#play/")  # not lost on a reload
    assert bob.evaluate(LEAVING) is True
    bob.reload()
    wait_until_ready(bob)
    bob.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert bob.inner_text("#link-turn") == "Your turn, Bob."
    assert game_on_page(bob).moves == game.moves


def test_two_tabs_on_one_game_by_link_never_move_twice_for_one_turn(
    browser: Browser, base_url: str, people
) -> None:
    bob = people()
    context, ann, ann_again = two_tabs(browser, base_url, block_events_in_b=True)
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        for page in (ann, ann_again):
            page.phone = False
        open_page(ann)
        start_by_link(ann, ["Ann", "Bob"])
        link = join_round([ann, bob], ["Ann", "Bob"])
        ann_again.goto(link)  # the same game in a second tab (its events asleep)
        wait_until_ready(ann_again)
        ann_again.wait_for_selector("#link-bar:not([hidden])")
        assert ann_again.inner_text("#link-turn") == "Your turn, Ann."
        game = mirror(ann)
        play_through_ui(ann, choose(ann, game, SplitMix64(3)))
        ann.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
        # The second tab, waking, would move for the same turn: it follows the first instead.
        ann_again.click("#site [data-site='0']")
        ann_again.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
        assert "changed in another tab" in ann_again.inner_text("#hint")
        assert ann_again.locator("#site [aria-pressed='true']").count() == 0
        assert ann_again.inner_text("#link-turn") == "Now send your move to Bob."
        assert game_on_page(ann_again).moves == game_on_page(ann).moves
    finally:
        context.close()
