"""Learn to play in Chromium (issue 66): a script that follows the tutorial's instructions plays
it to its end, on a desktop and a phone, in English, French and Polish; every other action is
refused with its reason and changes nothing; it is left and resumed, and the saved game is
never touched."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from akropolis import records
from game.tutorial import NEXT, PICK, STEPS, THEANO
from tests.browser.test_game_ui import game_on_page, open_page, play_some, screen_of

pytestmark = pytest.mark.browser

SLOT = "localStorage.getItem('akropolis.autosave.v1')"


def step_shown(page: Page) -> int:
    """The step the bar says (its number, in any language), from 0."""
    return int(re.search(r"\d+", page.inner_text("#tutorial-count"))[0]) - 1


def moves(page: Page) -> int:
    return len(game_on_page(page).moves)


def tap_or_click(page: Page, selector: str) -> None:
    page.tap(selector) if getattr(page, "phone", False) else page.click(selector)


def follow(page: Page, at: Callable[[Page, int], None] = lambda page, index: None) -> None:
    """Do what each step says: read on (Next), take the tile it names, turn the tile with ⟳
    until its spot is marked on the city, and place it there; until the last step."""
    while (index := step_shown(page)) < len(STEPS) - 1:
        at(page, index)
        step = STEPS[index]
        if step.action == NEXT:
            tap_or_click(page, "#btn-tutorial-next")
        elif step.action == PICK:
            tap_or_click(page, f"#site [data-site='{step.site}']")
        else:
            played = moves(page)
            for _turn in range(6):
                if page.evaluate("JSON.parse(akropolisApp.anchors()).length"):
                    break
                tap_or_click(page, "#btn-rotate")
            [anchor] = page.evaluate("JSON.parse(akropolisApp.anchors())")
            x, y = screen_of(page, tuple(anchor))
            if getattr(page, "phone", False):
                page.touchscreen.tap(x, y)
                page.tap("#btn-confirm")
            else:
                page.mouse.click(x, y)
            page.wait_for_function(  # the learner's move, then Theano's
                f"JSON.parse(akropolisApp.record()).moves.length === {played + 2}"
            )
        page.wait_for_function(f"akropolisTutorialStep() !== {index}")
        if page.is_visible("#end-dialog"):  # the final scores, read: See the cities
            tap_or_click(page, "#btn-close-end")
    at(page, len(STEPS) - 1)


STEP_SHOWN = """() => { window.akropolisTutorialStep = () =>
    Number(document.getElementById("tutorial-count").textContent.match(/\\d+/)[0]) - 1; }"""


def learn(page: Page) -> None:
    """Learn to play, from the first screen."""
    tap_or_click(page, "#btn-learn")
    page.wait_for_selector("#tutorial-bar:not([hidden])")
    page.evaluate(STEP_SHOWN)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "fr", "pl"])
def test_a_script_following_the_instructions_plays_the_tutorial_to_its_end(
    people, language: str, phone: bool
) -> None:
    page = people(phone=phone)
    open_page(page)
    page.select_option("#new-dialog select.language", language)
    page.wait_for_function(f"document.documentElement.lang === '{language}'")
    learn(page)
    follow(page)
    game = game_on_page(page)
    assert game.is_over and game.names[1] == THEANO and game.result().winners == (0,)
    assert page.evaluate(SLOT) is None  # the tutorial's game is never saved
    if page.is_visible("#end-dialog"):
        page.click("#btn-close-end")
    tap_or_click(page, "#btn-tutorial-play")  # the last step: a real game now
    page.wait_for_selector("#new-dialog[open]")
    assert page.is_hidden("#tutorial-bar")
    assert page.evaluate("localStorage.getItem('akropolis.tutorial.v1')") is None


def test_other_actions_are_refused_and_it_is_left_and_resumed_without_touching_the_save(
    page: Page,
) -> None:
    own = play_some(page, 2)
    saved = page.evaluate(SLOT)
    page.click("#btn-rules")
    page.click("#btn-learn-rules")
    page.wait_for_selector("#tutorial-bar:not([hidden])")
    page.evaluate(STEP_SHOWN)
    assert step_shown(page) == 0

    def refused(action: Callable[[], None], reason: str) -> None:
        record = page.evaluate("akropolisApp.record()")
        action()
        page.wait_for_function(
            "reason => document.getElementById('hint').textContent.includes(reason)", arg=reason
        )
        assert page.evaluate("akropolisApp.record()") == record

    refused(lambda: page.click("#site [data-site='0']"), "Read this step, then press Next.")
    page.click("#btn-tutorial-next")
    refused(lambda: page.click("#site [data-site='1']"), "take the tile the instructions name")
    page.click("#site [data-site='0']")
    game = game_on_page(page)
    target = STEPS[2].move
    other = next(
        m
        for m in game.legal_moves()
        if m.site_index == 0 and m.rotation == 0 and m.anchor != target.anchor
    )
    x, y = screen_of(page, other.anchor)
    refused(lambda: page.mouse.click(x, y), "this lesson needs the tile where the picture")

    def leave_at(page: Page, index: int) -> None:
        if index == 3:  # two moves played: Undo would take them back
            refused(lambda: page.click("#btn-undo"), "The tutorial only goes forward")
        if index == 6:
            raise LeftAt(index)

    with pytest.raises(LeftAt):
        follow(page, leave_at)
    page.click("[data-tutorial='leave']")
    page.wait_for_selector("#tutorial-bar", state="hidden")
    assert records.dump(game_on_page(page)) == records.dump(own)  # the own game is back
    assert page.evaluate(SLOT) == saved
    page.click("#btn-rules")
    page.click("#btn-learn-rules")
    page.wait_for_selector("#tutorial-bar:not([hidden])")
    assert step_shown(page) == 6  # resumed where it was left
    assert moves(page) == 4 and page.inner_text("#tutorial-text").startswith("Markets:")
    page.click("[data-tutorial='again']")
    assert step_shown(page) == 0 and moves(page) == 0
    page.click("[data-tutorial='leave']")
    assert page.evaluate(SLOT) == saved


class LeftAt(Exception):
    pass
