"""The tiles still to come (issue 66), in Chromium: the panel counts what the engine counts, it
follows every move, and a game by link shows the same counts on every device."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from akropolis import Game
from akropolis.rng import SplitMix64
from akropolis.tiles import DISTRICTS
from game.to_come import to_come
from tests.browser.test_fair_links import move_and_send
from tests.browser.test_game_ui import choose, game_on_page, open_page, play_some, play_through_ui
from tests.browser.test_play_by_link import join_round, open_link, start_by_link
from tests.browser.test_share import assert_clean

pytestmark = pytest.mark.browser


def shown(page: Page) -> tuple[str, list[list[str]]]:
    page.wait_for_selector("#to-come table")
    line = page.inner_text("#to-come p")
    rows = [
        [cell.strip() for cell in row.locator("th, td").all_text_contents()]
        for row in page.locator("#to-come tbody tr").all()
    ]
    return line, rows


def expected(game: Game) -> tuple[str, list[list[str]]]:
    summary = to_come(game)
    line = (
        f"{summary.stacks} stacks left. "
        f"{summary.tiles} tiles not seen yet; nobody knows their order."
    )
    names = ["Houses", "Markets", "Barracks", "Temples", "Gardens"]
    rows = [
        [
            name,
            f"{summary.plazas[kind]} ({summary.stars(kind)}\u2009★)"
            f"({summary.stars(kind)} star{'' if summary.stars(kind) == 1 else 's'})",
            str(summary.districts[kind]),
        ]
        for name, kind in zip(names, DISTRICTS, strict=True)
    ]
    rows.append(["Quarries", "—", str(summary.quarries)])
    return line, rows


def test_the_panel_counts_what_is_left_and_follows_every_move(page: Page) -> None:
    game = play_some(page, 3)
    assert page.inner_html("#to-come") == ""  # counted only once opened
    page.click("#to-come-box summary")
    assert shown(page) == expected(game)
    move = choose(page, game, SplitMix64(9))
    play_through_ui(page, move)
    game.play(move)
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    assert shown(page) == expected(game_on_page(page)) == expected(game)
    assert_clean(page)


def test_a_game_by_link_shows_the_same_counts_on_every_device(people) -> None:
    """Its stacks are not even dealt yet: the counts are the pool less the tiles seen."""
    ann, bob = people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    game, link = move_and_send(ann, SplitMix64(4))
    open_link(bob, link, 1)
    for page in (ann, bob):
        page.click("#to-come-box summary")
        assert shown(page) == expected(game)
