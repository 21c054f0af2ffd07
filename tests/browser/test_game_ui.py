"""End-to-end: whole games played through the page like a person, in headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from akropolis import Game, LegalMove, records
from akropolis.rng import SplitMix64

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    """This module's tests share one booted game page (restarted for each)."""
    return shared_page


def open_page(page: Page) -> None:
    """The game page, ready, as on a first visit: loaded now, or restarted by ``shared_page``
    for this test."""
    if getattr(page, "restarted", False):
        page.restarted = False
        return
    page.goto(page.base)
    wait_until_ready(page)


def wait_until_ready(page: Page) -> None:
    """Python has loaded and the game is interactive (the page is not navigated again)."""
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.akropolis)", timeout=90_000
    )
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"


def quick(kind: str) -> str:
    """The first screen's button of a quick game: "ai:easy", "people:3", "solo:metagenes"…"""
    return f'#quick [data-quick="{kind}"]'


def more_options(page: Page) -> None:
    """Open the New game dialog (a first visit opens it) at More options."""
    if not page.is_visible("#new-dialog"):
        page.click("#btn-new")
    if not page.evaluate("document.getElementById('more-options').open"):
        page.click("#more-options > summary")


def start_game(
    page: Page, names: list[str], variants: tuple[str, ...] = (), seed: int | None = 1
) -> None:
    """Fill the New game dialog's More options (opened on a first visit) and start."""
    more_options(page)
    for _ in range(len(names) - 2):
        page.click("#btn-add-seat")
    for index, name in enumerate(names):
        page.fill(f"#seats label:nth-child({index + 1}) input", name)
    for variant in variants:
        page.check(f"#variant-box input[value='{variant}']")
    page.fill("#seed", "" if seed is None else str(seed))
    page.click("#btn-start")
    page.wait_for_selector("#new-dialog", state="hidden")


def game_on_page(page: Page) -> Game:
    return records.load(page.evaluate("akropolisApp.record()"))


def screen_of(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a cell is on the page, once the view has settled (it glides to what must be seen)."""
    page.wait_for_function("!akropolisApp.gliding()")
    return tuple(json.loads(page.evaluate(f"akropolisApp.screenOf({cell[0]}, {cell[1]})")))


def on_canvas(page: Page, point: tuple[float, float]) -> bool:
    box = page.locator("#city").bounding_box()
    x, y = point
    return (
        box["x"] + 10 < x < box["x"] + box["width"] - 10
        and box["y"] + 10 < y < box["y"] + box["height"] - 10
    )


def play_through_ui(page: Page, move: LegalMove) -> None:
    """Pick the tile in the site, rotate with R, click the anchor cell."""
    page.click(f"#site [data-site='{move.site_index}']")
    steps = (move.rotation - page.evaluate("akropolisApp.rotation()")) % 6
    for _ in range(steps):
        page.keyboard.press("r")
    x, y = screen_of(page, move.anchor)
    page.mouse.move(x, y)
    page.mouse.click(x, y)


def choose(page: Page, game: Game, rng: SplitMix64) -> LegalMove:
    """A random legal move whose anchor is visible on the canvas (as a person would pick)."""
    moves = game.legal_moves()
    for _ in range(50):
        move = moves[rng.below(len(moves))]
        if on_canvas(page, screen_of(page, move.anchor)):
            return move
    raise AssertionError("no legal move is visible on the canvas")


def scorepad_rows(page: Page) -> dict[str, list[str]]:
    rows = {}
    for row in page.locator("#scorepad tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        rows[row.locator("th").inner_text()] = [c.strip() for c in cells]
    return rows


def play_whole_game(page: Page, names: list[str], variants: tuple[str, ...], seed: int) -> Game:
    open_page(page)
    start_game(page, names, variants, seed)
    rng = SplitMix64(seed)
    expected = game_on_page(page)
    assert expected.players == len(names) and expected.variants == set(variants)
    while not expected.is_over:
        move = choose(page, expected, rng)
        play_through_ui(page, move)
        expected.play(move)
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {expected.ply}")
    page.wait_for_selector("#end-dialog[open]")
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(expected)
    return expected


def assert_scorepad_is_the_engines(page: Page, game: Game) -> None:
    rows = scorepad_rows(page)
    scores = game.scores()
    titles = {
        "houses": "Houses",
        "markets": "Markets",
        "barracks": "Barracks",
        "temples": "Temples",
        "gardens": "Gardens",
    }
    for kind, title in titles.items():
        assert rows[title] == [
            f"{s.kinds[kind].value} × {s.kinds[kind].stars} = {s.kinds[kind].points}"
            for s in scores
        ]
    assert rows["Stones"] == [str(s.stones) for s in scores]
    assert rows["Total"] == [str(s.total) for s in scores]
    verdict = page.inner_text(".verdict")
    assert " and ".join(game.names[p] for p in game.result().winners) in verdict


def assert_clean(page: Page) -> None:
    assert page.watch.errors == []
    assert all(url.startswith(page.base) or url.startswith("blob:") for url in page.watch.requests)


def test_two_player_game_through_the_ui_to_the_scorepad(page: Page) -> None:
    game = play_whole_game(page, ["Ann", "Bob"], (), seed=3)
    assert game.ply == 36
    assert_scorepad_is_the_engines(page, game)
    result = game.result()
    over = f"wins with {result.totals[result.winners[0]]} points."
    assert page.inner_text("#hint").startswith(f"Placed tile {game.moves[-1].tile} ")
    assert page.inner_text("#hint").endswith(f"Game over: {game.names[result.winners[0]]} {over}")
    winner = game.names[result.winners[0]]
    assert page.inner_text("#status").replace("\n", " ") == f"Game over · {winner} wins"
    page.click("#btn-close-end")  # to look at the cities: the line still says who won
    assert page.is_hidden("#btn-hint")
    page.click("#players [data-player='0']")
    assert page.inner_text("#hint").startswith("Game over:")
    assert page.inner_text("#city-title") == "Ann's city"
    assert not page.is_visible("#end-dialog")  # looking at a city does not reopen the scores
    page.click("#btn-scores")
    page.wait_for_selector("#end-dialog[open]")
    page.keyboard.press("Escape")
    page.click("#players [data-player='1']")
    assert page.inner_text("#city-title") == "Bob's city"
    assert not page.is_visible("#end-dialog")
    assert_clean(page)


def test_four_player_game_with_variants_through_the_ui_to_the_scorepad(page: Page) -> None:
    variants = ("houses", "markets", "barracks", "temples", "gardens")
    game = play_whole_game(page, ["Ann", "Bob", "Cy", "Di"], variants, seed=11)
    assert game.ply == 60
    assert_scorepad_is_the_engines(page, game)
    assert_clean(page)


def play_some(page: Page, count: int, seed: int = 5) -> Game:
    open_page(page)
    start_game(page, ["Ann", "Bob"], ("gardens",), seed)
    rng = SplitMix64(seed)
    game = game_on_page(page)
    for _ in range(count):
        move = choose(page, game, rng)
        play_through_ui(page, move)
        game.play(move)
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    return game


def test_reload_mid_game_resumes_the_same_position(page: Page) -> None:
    game = play_some(page, 5)
    page.reload()
    open_page(page)
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    assert "Welcome back" in page.inner_text("#hint")


def test_undo_takes_back_the_last_move(page: Page) -> None:
    game = play_some(page, 3)
    page.click("#btn-undo")
    game.undo()
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    assert page.locator("#log li").count() == 2


def test_export_then_import_reproduces_the_game(page: Page, tmp_path: Path) -> None:
    game = play_some(page, 4)
    with page.expect_download() as download:
        page.click("#btn-export")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    assert records.game_to_record(records.load(path.read_bytes())) == records.game_to_record(game)
    start_game(page, ["Cy", "Di"], (), seed=99)  # a different game, then import the file
    page.set_input_files("#import-file", str(path))
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)


def test_illegal_placement_is_refused_with_its_reason(page: Page) -> None:
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=8)
    before = page.evaluate("akropolisApp.record()")
    page.click("#site [data-site='0']")
    x, y = screen_of(page, (0, 0))  # hex_a on the plaza: overhangs or covers one tile
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    hint = page.inner_text("#hint")
    assert hint.startswith("Not here: the tile ")
    assert page.evaluate("akropolisApp.record()") == before
    far = screen_of(page, (2, -3))
    page.mouse.click(*far)
    assert page.inner_text("#hint") == "Not here: the tile is not adjacent to the city."
    assert page.evaluate("akropolisApp.record()") == before


def test_unaffordable_tile_is_disabled(page: Page) -> None:
    open_page(page)
    start_game(page, ["Ann", "Bob"], (), seed=8)
    assert page.locator("#site [data-site='2']").is_disabled()
    assert page.locator("#site [data-site='1']").is_enabled()


def test_a_finished_game_imported_opens_on_its_final_scores(page: Page, tmp_path: Path) -> None:
    open_page(page)
    start_game(page, ["Cy", "Di"], (), seed=99)
    game = Game(2, seed=5, names=["Ann", "Bob"])
    while not game.is_over:
        game.play(game.legal_moves()[0])
    path = tmp_path / "finished.json"
    path.write_text(records.dump(game))
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#end-dialog[open]")
    assert_scorepad_is_the_engines(page, game)
    winner = game.names[game.result().winners[0]]
    assert page.inner_text("#hint").startswith(f"Imported a game at move 36. Game over: {winner}")


def test_corrupt_import_is_refused_with_a_message(page: Page, tmp_path: Path) -> None:
    game = play_some(page, 2)
    bad = tmp_path / "bad.json"
    record = records.game_to_record(game)
    record["moves"][1]["rotation"] = 9
    bad.write_text(json.dumps(record))
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#message-dialog[open]")
    assert page.inner_text("#message") == (
        "This file cannot be imported: move 2: the rotation must be from 0 to 5, not 9."
    )
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
