"""Reduced motion (issue 27): for a person whose system asks for less motion
(``prefers-reduced-motion: reduce``) nothing on the game page moves: the computer's tile is in
its place at once (no flight, no glow: no animation frame painted) and no CSS transition or
animation runs (the thinking dots, the site tile leaving); without the preference they do.

What is observed: the frames the page's computer-move animation painted
(``akropolisApp.aiStats().frames``) and, every few milliseconds while the computer moves,
``document.getAnimations()`` (CSS transitions and animations).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.browser.test_game_ui import on_canvas, open_page, screen_of
from tests.browser.test_opponents import hooks, start_against

pytestmark = pytest.mark.browser

#: Watch the page's CSS animations: the most that ran at once since the watch began.
WATCH = """() => {
  window.mostAnimations = 0;
  clearInterval(window.animationWatch);
  window.animationWatch = setInterval(() => {
    window.mostAnimations = Math.max(window.mostAnimations, document.getAnimations().length);
  }, 10);
}"""
#: The computer has played its first move and its spot is no longer shown as new.
LANDED = """() => JSON.parse(akropolisApp.record()).moves.length >= 1
    && akropolisApp.thinking() == null && akropolisApp.landing() === '[]'"""


@pytest.fixture
def page(shared_page: Page) -> Iterator[Page]:
    """This module's tests share one booted game page; each sets the motion it prefers."""
    yield shared_page
    shared_page.emulate_media(reduced_motion="no-preference")
    shared_page.evaluate("() => clearInterval(window.animationWatch)")


def computer_moves(page: Page, motion: str) -> tuple[int, int]:
    """With ``motion`` preferred, let the computer (seat 1) play its first move: the animation
    frames painted, and the most CSS animations that ran at once meanwhile."""
    open_page(page)
    page.emulate_media(reduced_motion=motion)
    reduced = page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert reduced == (motion == "reduce")
    hooks(page, aiDelayMs=400)  # the thinking dots show a while
    before = json.loads(page.evaluate("() => akropolisApp.aiStats()"))["frames"]
    page.evaluate(WATCH)
    start_against(page, ["ai:easy", "human"], seed=3)
    page.wait_for_function(LANDED, timeout=60_000)
    frames = json.loads(page.evaluate("() => akropolisApp.aiStats()"))["frames"] - before
    return frames, page.evaluate("() => window.mostAnimations")


def test_with_reduced_motion_nothing_moves_and_the_computers_move_is_there_at_once(
    page: Page,
) -> None:
    frames, animations = computer_moves(page, "reduce")
    assert frames == 0
    assert animations == 0
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert page.evaluate("() => akropolisApp.viewed()") == 1  # the person's city, after
    assert page.locator("#log li").count() == 1


def test_without_the_preference_the_move_flies_and_the_page_animates(page: Page) -> None:
    frames, animations = computer_moves(page, "no-preference")
    assert frames > 10  # 650 ms of flight and 1.2 s of glow, at up to 60 frames a second
    assert animations > 0


def view_moves_to_the_spots(page: Page, motion: str) -> int:
    """With ``motion`` preferred, zoom into a city, then take a tile: the view goes back out
    to show its every spot; the frames its glide painted."""
    open_page(page)
    page.emulate_media(reduced_motion=motion)
    start_against(page, ["human", "human"], seed=3)
    box = page.locator("#city").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _step in range(12):
        page.mouse.wheel(0, -100)  # zoom in, far: the spots of a tile go out of view
    before = page.evaluate("() => akropolisApp.glideFrames()")
    page.click("#site [data-site='0']")
    page.wait_for_function("() => !akropolisApp.gliding()")
    for cell in json.loads(page.evaluate("() => akropolisApp.anchors()")):
        assert on_canvas(page, screen_of(page, tuple(cell))), cell
    return page.evaluate("() => akropolisApp.glideFrames()") - before


def test_with_reduced_motion_the_view_jumps_to_the_spots(page: Page) -> None:
    assert view_moves_to_the_spots(page, "reduce") == 0


def test_without_the_preference_the_view_glides_to_the_spots(page: Page) -> None:
    assert view_moves_to_the_spots(page, "no-preference") > 3
