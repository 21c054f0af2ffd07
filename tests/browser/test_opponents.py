"""Computer opponents in the game page: whole games against the AI worker and the Architect,
the page answering while the computer thinks, Undo, the Hint, phones, a worker that fails.

The tests use the page's test hooks (``window.akropolisTest``, see
``web/game/browser/opponents.py``): ``speed`` makes the animations quicker, ``aiDelayMs``
keeps the worker busy longer on each answer (a slow computer).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from akropolis import Game, ai, placement_cells, records
from akropolis.rng import SplitMix64
from game.opponents import ai_seed
from tests.browser.site import Site, copy_of_dist
from tests.browser.test_game_ui import (
    assert_scorepad_is_the_engines,
    choose,
    game_on_page,
    more_options,
    open_page,
    play_through_ui,
    quick,
    screen_of,
    wait_until_ready,
)
from tests.browser.test_offline import offline_state
from tests.browser.test_touch_layouts import DEVICES, assert_layout_fits

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    """This module's tests share one booted game page (restarted for each)."""
    return shared_page


def hooks(page: Page, **values: float) -> None:
    page.evaluate("values => { window.akropolisTest = values; }", values)


def start_against(
    page: Page, kinds: list[str], seed: int, names: list[str] | None = None, solo: str = ""
) -> None:
    """Fill the New game form's More options with these seats (or a solo game) and start."""
    more_options(page)
    for _ in range(len(kinds) - 2):
        page.click("#btn-add-seat")
    for index, kind in enumerate(kinds):
        row = f"#seats label:nth-child({index + 1})"
        page.select_option(f"{row} select", kind)
        if names:
            page.fill(f"{row} input", names[index])
    page.select_option("#solo", solo)
    page.fill("#seed", str(seed))
    page.click("#btn-start")
    page.wait_for_selector("#new-dialog", state="hidden")


def moves_on_page(page: Page) -> int:
    return len(json.loads(page.evaluate("akropolisApp.record()"))["moves"])


def wait_for_moves(page: Page, count: int, timeout: float = 60_000) -> None:
    """Wait until the game on the page has ``count`` moves or more (a quick computer may have
    answered already: the callers check the record itself)."""
    page.wait_for_function(
        f"JSON.parse(akropolisApp.record()).moves.length >= {count}", timeout=timeout
    )


def wait_for_exactly(page: Page, count: int) -> None:
    """Wait until the game on the page has exactly ``count`` moves (after an Undo)."""
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {count}")


def wait_for_person(page: Page, game: Game) -> None:
    """Wait until the computers have played up to a person's turn, as the engine expects."""
    while not game.is_over and game.kinds[game.turn] != "human":
        if game.is_architect(game.turn):
            expected = game.forced_move()
        else:
            level = game.kinds[game.turn].removeprefix("ai:")
            expected = ai.choose(game, level, seed=ai_seed(game))  # the worker's AI, same seed
        game.play(expected.move)
        wait_for_moves(page, game.ply)
        assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    page.wait_for_function("akropolisApp.landing() === '[]'")


def play_to_the_end(page: Page, game: Game, rng: SplitMix64) -> None:
    """The person plays through the page, the computers as the engine expects, to the end."""
    while not game.is_over:
        move = choose(page, game, rng)
        play_through_ui(page, move)
        game.play(move)
        wait_for_moves(page, game.ply)
        wait_for_person(page, game)
    page.wait_for_selector("#end-dialog[open]")


def from_centre(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    """A hex's place from the city canvas's centre: the status and hint lines may rewrap while
    the computer thinks, and a canvas that changes size keeps its centre, not its corner."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    x, y = screen_of(page, cell)
    box = page.locator("#city").bounding_box()
    return x - box["x"] - box["width"] / 2, y - box["y"] - box["height"] / 2


def test_a_whole_game_against_the_easy_computer(page: Page) -> None:
    open_page(page)
    assert page.evaluate("window.crossOriginIsolated") is False  # as on GitHub Pages
    hooks(page, speed=40)
    start_against(page, ["human", "ai:easy"], seed=3, names=["Ann", "Hal"])
    game = game_on_page(page)
    assert game.kinds == ("human", "ai:easy")
    play_to_the_end(page, game, SplitMix64(3))
    assert game.ply == 36
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    assert_scorepad_is_the_engines(page, game)
    log = page.inner_text("#log")
    assert log.count("Hal: tile") == 18
    assert "Computer · easy" in page.inner_text("#players")
    assert page.watch.errors == []
    assert all(u.startswith(page.base) or u.startswith("blob:") for u in page.watch.requests)


def test_the_page_answers_while_the_computer_thinks(page: Page) -> None:
    """The worker is kept busy 6 s: pans, zooms and looking at cities all happen meanwhile."""
    open_page(page)
    start_against(page, ["human", "ai:easy"], seed=5)
    game = game_on_page(page)
    wait_for_person(page, game)
    hooks(page, aiDelayMs=6000)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    page.wait_for_function("akropolisApp.thinking() === 1")
    assert "is thinking" in page.inner_text("#status")
    assert "Thinking" in page.inner_text("#players [data-player='1']")
    started = time.monotonic()
    page.click("#players [data-player='0']")  # look at the person's city
    assert page.evaluate("akropolisApp.viewed()") == 0
    before = from_centre(page, (0, 0))
    box = page.locator("#city").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=4)
    page.mouse.up()
    after = from_centre(page, (0, 0))
    assert (round(after[0] - before[0]), round(after[1] - before[1])) == (60, 30)
    timings = page.evaluate(
        """([x, y]) => {
            const canvas = document.getElementById('city');
            const out = [];
            for (let i = 0; i < 20; i++) {
              const t = performance.now();
              canvas.dispatchEvent(new PointerEvent('pointermove',
                {clientX: x + i, clientY: y, pointerType: 'mouse', pointerId: 1, bubbles: true}));
              out.push(performance.now() - t);
            }
            return out;
        }""",
        [x, y],
    )
    assert max(timings) < 50
    assert time.monotonic() - started < 4  # all of it while the worker was still busy
    assert page.evaluate("akropolisApp.thinking()") == 1
    assert moves_on_page(page) == 1
    wait_for_moves(page, 2, timeout=30_000)
    assert page.evaluate("akropolisApp.viewed()") == 0  # the view stayed on the chosen city
    assert "Computer placed tile" in page.inner_text("#hint")
    assert "Placed tile" in page.inner_text("#players [data-player='1']")


def test_the_computers_move_flies_in_and_its_spot_glows(page: Page) -> None:
    open_page(page)
    start_against(page, ["ai:easy", "human"], seed=6)  # the computer starts
    page.wait_for_function("akropolisApp.landing() !== '[]'", timeout=60_000)
    seat, cells = json.loads(page.evaluate("akropolisApp.landing()"))
    assert seat == 0 and page.evaluate("akropolisApp.viewed()") == 0
    assert page.locator("#site .site-tile.leaving").count() == 1 or moves_on_page(page) == 1
    wait_for_moves(page, 1)
    game = game_on_page(page)
    first = game.moves[0]
    assert [list(c) for c in placement_cells(first.anchor, first.rotation)] == cells
    page.wait_for_function("akropolisApp.landing() === '[]'")
    assert page.evaluate("akropolisApp.viewed()") == 1  # then the person's city, their turn


def test_a_solo_game_against_the_architect_to_the_end_screen(page: Page) -> None:
    open_page(page)
    hooks(page, speed=40)
    start_against(page, ["human", "human"], seed=8, names=["Ann", "Bob"], solo="metagenes")
    game = game_on_page(page)
    assert game.names == ("Ann", "Metagenes")
    assert game.kinds == ("human", "architect:metagenes")
    assert "Illustrious Architect · medium" in page.inner_text("#players [data-player='1']")
    page.click("#site [data-site='1']")  # held: the tile it then takes is marked
    marked = page.locator("#site .architect-next")
    assert marked.get_attribute("data-site") == str(game.architect_reply(1))
    assert "Metagenes next" in marked.inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#site .architect-next").count() == 0
    play_to_the_end(page, game, SplitMix64(8))
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    said = page.inner_text("#hint")  # the Architect made the last move: the line says so
    assert said.startswith(f"Metagenes placed tile {game.moves[-1].tile} ")
    assert "Game over: " in said
    assert "building" not in said
    assert page.inner_text("#city-title") == "Ann's city"  # the view came back to the person's
    card = page.inner_text("#players [data-player='1']")
    assert re.search(r"Placed tile \d+ on level 1: the (cheapest|first) tile", card), card
    assert_scorepad_is_the_engines(page, game)
    quarries = game.scores()[1].quarries
    row = page.locator("#scorepad tr", has_text="Quarries").inner_text()
    assert f"{quarries.value} × {quarries.stars} = {quarries.points}" in row
    assert (
        "Metagenes (the Illustrious Architect, medium) scores by the solo rules"
        in page.inner_text("#scorepad")
    )
    page.click("#btn-close-end")
    page.click("#players [data-player='1']")  # its city, like any player's
    assert page.inner_text("#city-title") == "Metagenes's city"
    assert page.get_attribute("#city", "aria-label") == "Metagenes's city"
    assert page.watch.errors == []


def test_undo_takes_back_to_the_persons_turn(page: Page) -> None:
    open_page(page)
    hooks(page, speed=40)
    start_against(page, ["human", "ai:easy"], seed=9)
    game = game_on_page(page)
    for _ in range(2):
        move = game.legal_moves()[0]
        play_through_ui(page, move)
        game.play(move)
        wait_for_moves(page, game.ply)
        wait_for_person(page, game)
    assert game.ply == 4
    page.click("#btn-undo")  # the person's second move and the computer's answer
    wait_for_exactly(page, 2)
    assert "Took back 2 moves" in page.inner_text("#hint")
    game.undo()
    game.undo()
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    hooks(page, speed=40, aiDelayMs=3000)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    page.wait_for_function("akropolisApp.thinking() === 1")
    page.click("#btn-undo")  # while the computer thinks: its move never lands
    wait_for_exactly(page, 2)
    page.wait_for_timeout(3500)
    assert moves_on_page(page) == 2 and page.evaluate("akropolisApp.thinking()") is None
    assert page.locator("#site .site-tile:not(.disabled)").count() > 0
    assert page.is_enabled("#btn-hint")


def test_reload_keeps_the_computer_seats_and_the_computer_plays_on(page: Page) -> None:
    open_page(page)
    hooks(page, aiDelayMs=5000)
    start_against(page, ["human", "ai:medium"], seed=10)
    game = game_on_page(page)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    game.play(move)
    wait_for_moves(page, 1)
    page.reload()
    open_page(page)
    assert game_on_page(page).kinds == ("human", "ai:medium")
    wait_for_person(page, game)  # the computer moves after the reload, as it would have


def test_the_hint_shows_the_medium_computers_move_to_place_or_dismiss(page: Page) -> None:
    open_page(page)
    start_against(page, ["human", "human"], seed=12)  # a hint needs no computer seat
    game = game_on_page(page)
    expected = ai.choose(game, "medium", seed=ai_seed(game))
    page.click("#btn-hint")
    page.wait_for_selector("#btn-confirm:not([hidden])", timeout=60_000)
    assert page.get_attribute("#site .site-tile.held", "data-site") == str(expected.site_index)
    assert page.evaluate("akropolisApp.rotation()") == expected.rotation
    assert "The computer's choice" in page.inner_text("#hint")
    assert page.is_hidden("#btn-hint")
    page.click("#btn-cancel")  # dismissed: nothing held, nothing played
    assert page.locator("#site .site-tile.held").count() == 0 and moves_on_page(page) == 0
    page.click("#btn-hint")
    page.wait_for_selector("#btn-confirm:not([hidden])")
    page.keyboard.press("Enter")  # placed as suggested, as "Place here" would
    wait_for_moves(page, 1)
    game.play(expected.move)
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)


def test_hints_from_the_expert_when_the_form_says_so_and_remembered(page: Page) -> None:
    open_page(page)
    more_options(page)
    page.select_option("#hint-level", "expert")
    start_against(page, ["human", "ai:expert"], seed=14)
    game = game_on_page(page)
    assert game.kinds == ("human", "ai:expert")
    expected = ai.choose(game, "expert", seed=ai_seed(game))
    title = page.get_attribute("#btn-hint", "title")
    assert title == "Show the move the computer would make (expert)"
    page.click("#btn-hint")
    page.wait_for_selector("#btn-confirm:not([hidden])", timeout=60_000)
    assert page.get_attribute("#site .site-tile.held", "data-site") == str(expected.site_index)
    assert page.evaluate("akropolisApp.rotation()") == expected.rotation
    page.click("#btn-confirm")
    wait_for_moves(page, 2)  # the expert computer answers with a legal move
    after = game_on_page(page)
    assert after.moves[0] == expected.move and after.ply == 2
    page.reload()  # the game resumes, hints still from the expert: this device remembers
    wait_until_ready(page)
    assert game_on_page(page).ply == 2
    assert page.get_attribute("#btn-hint", "title").endswith("(expert)")
    page.click("#btn-new")
    more_options(page)  # remembered open, as the player left it
    assert page.input_value("#hint-level") == "expert"
    page.select_option("#hint-level", "medium")
    page.click("#btn-cancel-new")
    page.click("#site .site-tile >> nth=0")  # a refresh: the Hint button says where hints come from
    assert page.get_attribute("#btn-hint", "title").endswith("(medium)")


def assert_says_paused(page: Page) -> None:
    """Paused, no computer is said to be thinking: the header says the game waits."""
    status = page.inner_text("#status")
    assert "to play (paused)" in status and "thinking" not in status
    assert page.locator("#players .player.thinking").count() == 0


def test_a_game_of_computers_only_pauses_and_steps_back(page: Page) -> None:
    open_page(page)
    hooks(page, speed=40)
    start_against(page, ["ai:easy", "ai:easy"], seed=13)
    assert page.is_visible("#btn-pause") and page.is_hidden("#btn-hint")
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length >= 3", timeout=60_000)
    page.click("#btn-pause")
    assert page.inner_text("#btn-pause") == "Go on"
    page.wait_for_timeout(600)
    paused_at = moves_on_page(page)
    page.wait_for_timeout(1500)
    assert moves_on_page(page) == paused_at  # nothing lands while paused
    assert_says_paused(page)
    page.click("#btn-undo")
    wait_for_exactly(page, paused_at - 1)
    page.wait_for_timeout(1000)
    assert moves_on_page(page) == paused_at - 1 and "Paused" in page.inner_text("#hint")
    assert_says_paused(page)
    page.click("#btn-pause")
    wait_for_moves(page, paused_at + 1)


def test_the_form_keeps_computers_and_play_by_link_apart(page: Page) -> None:
    open_page(page)  # a first visit: the form is open
    more_options(page)
    name = "#seats label:nth-child(2) input"
    page.select_option("#seats label:nth-child(2) select", "ai:hard")
    assert page.get_attribute(name, "placeholder") == "Computer" and page.input_value(name) == ""
    assert page.is_disabled("#by-link")
    page.select_option("#seats label:nth-child(2) select", "human")
    assert page.get_attribute(name, "placeholder") == "Player 2" and page.input_value(name) == ""
    page.check("#by-link")
    assert page.is_disabled("#seats label:nth-child(1) select")
    assert page.is_disabled("#solo")
    page.uncheck("#by-link")
    page.select_option("#solo", "callicrates")
    assert page.is_hidden("#seats label:nth-child(2)") and page.is_disabled("#btn-add-seat")
    assert page.is_disabled("#by-link")
    page.select_option("#solo", "")
    assert page.is_visible("#seats label:nth-child(2)")
    page.click(quick("ai:medium"))  # one click: you against the computer at medium
    page.wait_for_selector("#new-dialog", state="hidden")
    assert game_on_page(page).kinds == ("human", "ai:medium")
    assert game_on_page(page).names == ("Player 1", "Computer")


def test_a_worker_that_cannot_start_is_told_and_the_game_stays(
    own_page: Page, tmp_path: Path
) -> None:
    """A deployment whose worker script is broken (served as such: a browser's request
    routing does not reliably reach a worker's own requests)."""
    page = own_page
    site = Site(copy_of_dist(tmp_path / "site"))
    (site.root / "ai_worker.py").write_text("raise RuntimeError('no computer today')\n")
    page.base = site.url
    try:
        open_page(page)
        start_against(page, ["ai:easy", "human"], seed=14)
        the_failure_is_told(page)
    finally:
        site.stop()


def test_a_missing_worker_is_told_at_once_with_its_reason(own_page: Page, tmp_path: Path) -> None:
    """A deployment without the worker's script: the page says so within seconds (not after
    the two minutes a worker that never starts would take), naming the file."""
    page = own_page
    site = Site(copy_of_dist(tmp_path / "site"))
    (site.root / "ai_worker.py").unlink()
    page.base = site.url
    try:
        open_page(page)
        started = time.monotonic()
        start_against(page, ["ai:easy", "human"], seed=14)
        page.wait_for_selector("#message-dialog[open]", timeout=15_000)
        assert time.monotonic() - started < 15
        assert "ai_worker.py could not be loaded (HTTP 404)" in page.inner_text("#message")
        page.watch.errors[:] = [
            e for e in page.watch.errors if "ai_worker.py" not in e and "Failed to load" not in e
        ]
        the_failure_is_told(page)
    finally:
        site.stop()


def the_failure_is_told(page: Page) -> None:
    page.wait_for_selector("#message-dialog[open]", timeout=60_000)
    assert "The computer players could not start" in page.inner_text("#message")
    assert moves_on_page(page) == 0
    assert "cannot move" in page.inner_text("#hint")
    page.click("#message-dialog form button")  # OK
    assert page.evaluate("akropolisApp.thinking()") is None
    page.click("#btn-new")  # the page goes on working; the form kept its last choices
    more_options(page)
    assert page.input_value("#seats label:nth-child(1) select") == "ai:easy"
    page.select_option("#seats label:nth-child(1) select", "human")
    page.click("#btn-start")
    page.wait_for_selector("#new-dialog", state="hidden")
    assert moves_on_page(page) == 0 and game_on_page(page).kinds == ("human", "human")


def test_phone_layout_against_the_computer(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**DEVICES["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.base = base_url
    try:
        open_page(page)
        assert_layout_fits(page)
        hooks(page, speed=40, aiDelayMs=1500)
        page.tap(quick("ai:medium"))
        page.wait_for_selector("#new-dialog", state="hidden")
        assert page.is_visible("#btn-hint")
        assert_layout_fits(page)
        page.tap("#btn-hint")
        page.wait_for_selector("#btn-confirm:not([hidden])", timeout=60_000)
        assert_layout_fits(page)
        page.tap("#btn-confirm")
        page.wait_for_function("akropolisApp.thinking() === 1")
        assert_layout_fits(page)  # thinking: the card and status say so, nothing overflows
        wait_for_moves(page, 2)
        page.wait_for_function("akropolisApp.landing() === '[]'")
        assert_layout_fits(page)
        # the cards are folded away: the city shown says its stones and score
        game = game_on_page(page)
        stones, total = game.stones[0], game.score(0).total
        facts = f"◆ {stones} stone{'s' * (stones != 1)} · {total} point{'s' * (total != 1)}"
        assert page.inner_text("#city-facts") == facts
        assert page.is_visible("#city-facts")
        page.tap("#btn-side")
        assert "Computer · medium" in page.inner_text("#players")
    finally:
        context.close()


def test_the_computer_plays_offline_and_under_a_sub_path(browser: Browser, tmp_path: Path) -> None:
    """The worker's own downloads (its script, the runtime, python.zip) come from the offline
    copy: after one visit, with the server gone, a game against the computer still plays."""
    site = Site(copy_of_dist(tmp_path / "site"), prefix="akropolis")
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    page.base = site.url
    try:
        open_page(page)
        offline_state(page)
        site.stop()
        context.set_offline(True)
        page.reload()
        open_page(page)
        hooks(page, speed=40)
        start_against(page, ["ai:easy", "human"], seed=15)
        game = game_on_page(page)
        wait_for_person(page, game)
        assert game.ply == 1
    finally:
        context.close()
        site.stop()
