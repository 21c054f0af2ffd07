"""The score calculator end to end: cities rebuilt through the page, by tiles and by hexes,
scored as the engine scores them; links, SVG, saving, offline and phones."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from akropolis import City, CityScore, Kind, Move, final_result, notation, records, score_city
from akropolis.simulate import random_game
from calculator.city import Painter
from calculator.saves import KEPT_PREFIX, SLOT
from common.embedding import HOST_SCRIPT
from tests.browser.site import Site
from tests.browser.test_game_ui import on_canvas, wait_until_ready
from tests.browser.test_offline import offline_state
from tests.browser.test_touch_layouts import PIXEL, assert_layout_fits

pytestmark = pytest.mark.browser

#: A finished game whose first city the tests rebuild (18 tiles, variants on).
GAME = random_game(2, 3, variants=("gardens", "markets"))
CITY = GAME.cities[0]
VARIANTS = ("gardens", "markets")
TITLES = {
    "houses": "Houses",
    "markets": "Markets",
    "barracks": "Barracks",
    "temples": "Temples",
    "gardens": "Gardens",
}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


def open_calculator(page: Page, fragment: str = "") -> None:
    page.goto(page.base + "calculator.html" + fragment)
    wait_until_ready(page)


def state(page: Page) -> dict:
    return json.loads(page.evaluate("akropolisCalculator.state()"))


def screen_of(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    return tuple(json.loads(page.evaluate(f"akropolisCalculator.screenOf({cell[0]}, {cell[1]})")))


def link_of(city: City, stones: int, variants: tuple[str, ...] = VARIANTS) -> str:
    record = records.city_to_record(city, frozenset(variants), stones)
    return "#" + notation.format_city(record, check=True)


def place_through_ui(page: Page, move: Move) -> None:
    """Pick the tile in the catalogue, turn it with R, click its anchor."""
    count = len(state(page)["players"][state(page)["active"]]["placements"])
    tile = page.locator(f"#catalogue [data-tile='{move.tile}']")
    if tile.get_attribute("aria-pressed") != "true":  # a second click puts it back
        tile.click()
    for _ in range((move.rotation - page.evaluate("akropolisCalculator.rotation()")) % 6):
        page.keyboard.press("r")
    x, y = screen_of(page, move.anchor)
    assert on_canvas(page, (x, y)), f"{move.anchor} is off the canvas"
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    page.wait_for_function(
        "(n) => { const s = JSON.parse(akropolisCalculator.state());"
        " return s.players[s.active].placements.length === n; }",
        arg=count + 1,
    )


def paint_through_ui(page: Page, cell: tuple[int, int], kind: Kind, level: int) -> None:
    """Choose the kind and the level in the brush, click the cell."""
    page.click(f"#palette [data-kind='{int(kind)}']")
    for _ in range(20):
        shown = int(page.inner_text("#brush-level"))
        if shown == level:
            break
        page.click(f"#palette [data-level='{shown + (1 if level > shown else -1)}']")
    x, y = screen_of(page, cell)
    assert on_canvas(page, (x, y)), f"{cell} is off the canvas"
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    page.wait_for_function(
        "([q, r, kind, level]) => { const s = JSON.parse(akropolisCalculator.state());"
        " return s.players[s.active].hexes.some(h => h.cell[0] === q && h.cell[1] === r"
        " && h.kind === kind && h.level === level); }",
        arg=[cell[0], cell[1], kind.label, level],
    )


def paint_order(city: City) -> list[tuple[tuple[int, int], Kind, int]]:
    """The city's visible hexes outwards from the plaza, so the painted city stays connected."""
    target = {cell: (kind, level) for cell, kind, level in city.hexes()}
    order, seen, todo = [], {(0, 0)}, [(0, 0)]
    while todo:
        cell = todo.pop(0)
        order.append((cell, *target[cell]))
        for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
            n = (cell[0] + dq, cell[1] + dr)
            if n in target and n not in seen:
                seen.add(n)
                todo.append(n)
    return order


def scorepad(page: Page) -> dict[str, list[str]]:
    rows = {}
    for row in page.locator("#scorepad tbody tr").all():
        cells = [" ".join(text.split()) for text in row.locator("td").all_inner_texts()]
        rows[" ".join(row.locator("th").inner_text().split())] = cells
    return rows


def assert_scorepad_shows(page: Page, scores: list[CityScore]) -> None:
    rows = scorepad(page)
    for kind, title in TITLES.items():
        shown = next(value for key, value in rows.items() if key.startswith(title))
        assert shown == [
            f"{s.kinds[kind].value} × {s.kinds[kind].stars} = {s.kinds[kind].points}"
            for s in scores
        ]
    assert rows["Stones"] == [str(s.stones) for s in scores]
    assert rows["Total"] == [str(s.total) for s in scores]


def assert_clean(page: Page) -> None:
    assert page.watch.errors == []
    assert all(url.startswith(page.base) or url.startswith("blob:") for url in page.watch.requests)


# --- Rebuilding cities --------------------------------------------------------------------------


def test_a_city_rebuilt_tile_by_tile_then_by_hexes_scores_as_the_engine(page: Page) -> None:
    """Player 1 by tiles (catalogue, R, click), player 2 the same city painted hex by hex:
    both score exactly as the engine, and they tie on points and stones."""
    open_calculator(page)
    for variant in VARIANTS:
        page.check(f"#variants input[value='{variant}']")
    for move in CITY.placements:
        place_through_ui(page, move)
    saved = state(page)["players"][0]["placements"]
    assert saved == records.city_to_record(CITY, frozenset(), 0)["placements"]
    engine = score_city(CITY, VARIANTS, 0)
    assert_scorepad_shows(page, [engine, score_city(City(), VARIANTS, 0)])
    used = page.locator("#catalogue .cat-tile.used").count()
    assert used == len(CITY.placements)

    page.click("#tabs [data-player='1']")
    page.click("#mode [data-mode='hexes']")
    for cell, kind, level in paint_order(CITY):
        paint_through_ui(page, cell, kind, level)
    painted = state(page)["players"][1]
    assert painted["mode"] == "hexes"
    assert sorted((tuple(h["cell"]), h["kind"], h["level"]) for h in painted["hexes"]) == sorted(
        (cell, kind.label, level) for cell, kind, level in CITY.hexes()
    )
    assert_scorepad_shows(page, [engine, engine])
    result = final_result(["Player 1", "Player 2"], [engine.total] * 2, [0, 0])
    assert page.inner_text("#verdict") == (f"Player 1 and Player 2 win! {result.explanation}.")
    assert_clean(page)


def test_placing_is_checked_and_undo_takes_back(page: Page) -> None:
    open_calculator(page)
    page.click("#catalogue [data-tile='25']")
    x, y = screen_of(page, (0, 0))
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    assert page.inner_text("#hint").startswith("Not here: the tile ")
    assert state(page)["players"][0]["placements"] == []
    place_through_ui(page, Move(25, (0, 2), 0))
    assert page.inner_text("#hint") == "Placed tile 25 on level 1."
    page.click("#catalogue [data-tile='25']", force=True)  # aria-disabled: it says why
    assert page.inner_text("#hint") == (
        "Tile 25 is already in this city: the box holds one of each."
    )
    page.click("#btn-undo")
    assert state(page)["players"][0]["placements"] == []
    assert page.inner_text("#hint") == "Took back tile 25."
    assert page.locator("#catalogue .cat-tile.used").count() == 0


def test_two_players_with_names_stones_and_the_winner(page: Page) -> None:
    """Two cities from one finished game, names and stones typed: the engine's winner."""
    open_calculator(page, link_of(GAME.cities[0], GAME.stones[0]))
    page.goto(page.base + "calculator.html" + link_of(GAME.cities[1], GAME.stones[1]))
    page.wait_for_function(  # the second city joins as a new player; the empty one stays
        "JSON.parse(akropolisCalculator.state()).players.length === 3"
    )
    assert page.inner_text("#hint").startswith("Opened the shared city as Player 3.")
    page.click("#tabs [data-player='1']")
    page.click("#btn-remove-player")  # an empty city goes without asking
    for index, name in enumerate(["Ann", "Bob"]):
        page.click(f"#tabs [data-player='{index}']")
        page.fill("#player-name", name)
        page.fill("#player-stones", str(GAME.stones[index]))
        page.keyboard.press("Enter")
    game = GAME
    expected = final_result(["Ann", "Bob"], [s.total for s in game.scores()], list(game.stones))
    assert_scorepad_shows(page, game.scores())
    winner = " and ".join(["Ann", "Bob"][p] for p in expected.winners)
    assert page.inner_text("#verdict").startswith(f"{winner} win")
    assert expected.explanation in page.inner_text("#verdict")
    # The tie-break: the loser's stones raised until the totals tie, then one more.
    loser = 1 - expected.winners[0]
    gap = abs(game.scores()[0].total - game.scores()[1].total)
    page.click(f"#tabs [data-player='{loser}']")
    page.fill("#player-stones", str(game.stones[loser] + gap))
    page.keyboard.press("Enter")
    names = ["Ann", "Bob"]
    stones = list(game.stones)
    stones[loser] += gap
    totals = [s.total - s.stones + stones[i] for i, s in enumerate(game.scores())]
    tie = final_result(names, totals, stones)
    assert page.inner_text("#verdict").endswith(f"{tie.explanation}.")
    assert_clean(page)


def alpha_at(page: Page, cell: tuple[int, int]) -> int:
    """How opaque the city's canvas is at the centre of ``cell`` (0: nothing drawn there)."""
    return page.evaluate(PIXEL, list(screen_of(page, cell)))[3]


def test_while_painting_the_empty_cells_where_a_hex_may_go_are_outlined(page: Page) -> None:
    """The ring of empty cells next to the city shows (a pale hex, dashed) while a kind is on
    the brush; the eraser has nowhere new to go, and hides it; painting moves the ring out."""
    open_calculator(page)
    ring = Painter().frontier()
    beyond = [(q, r) for q, r in ((0, 3), (3, -1), (-2, 3), (2, -3)) if (q, r) not in ring]
    assert all(alpha_at(page, cell) == 0 for cell in ring)  # by tiles, no tile in hand
    page.click("#mode [data-mode='hexes']")
    for cell in ring:
        assert on_canvas(page, screen_of(page, cell)), f"{cell} is off the canvas"
        assert alpha_at(page, cell) > 0, f"{cell}, where a hex may be painted, is not shown"
    assert all(alpha_at(page, c) == 0 for c in beyond if on_canvas(page, screen_of(page, c)))
    page.click("#palette [data-kind='erase']")
    assert all(alpha_at(page, cell) == 0 for cell in ring)
    paint_through_ui(page, (0, 1), Kind.HOUSE, 1)
    new_ring = set(Painter([*Painter().visible(), ((0, 1), Kind.HOUSE, 1)]).frontier())
    assert (0, 2) in new_ring and (0, 2) not in ring
    for cell in new_ring:
        assert alpha_at(page, cell) > 0, f"{cell}, where a hex may now be painted, is not shown"


def test_one_city_built_wins_nothing_until_a_second_one_is(page: Page) -> None:
    """An empty seat (the starting tile alone) takes no part in the result."""
    open_calculator(page)
    move = Move(25, (0, 2), 0)
    place_through_ui(page, move)
    total = score_city(City.from_placements([move]), (), 0).total
    assert page.inner_text("#verdict") == (
        f"Player 1: {total} point{'s' if total != 1 else ''}. "
        "No winner until a second city is rebuilt."
    )
    assert page.locator("#tabs .crown").count() == 0
    page.click("#tabs [data-player='1']")
    place_through_ui(page, move)
    assert page.inner_text("#verdict").startswith("Player 1 and Player 2 win! ")
    assert page.locator("#tabs .crown").count() == 2


# --- Sharing ------------------------------------------------------------------------------------


def test_a_share_link_opens_the_same_city_and_the_svg_is_well_formed(
    page: Page, browser: Browser, base_url: str, tmp_path: Path
) -> None:
    open_calculator(page, link_of(CITY, 2))
    page.click("#btn-share")
    link = page.input_value("#share-link")
    assert link.startswith(page.base + "calculator.html#C1;c=")
    embed = page.input_value("#share-embed")
    assert (
        embed.startswith(f'<iframe src="{page.base}embed.html#C1;c=') and 'loading="lazy"' in embed
    )
    assert embed.endswith("</iframe>\n" + HOST_SCRIPT)  # the game's snippet and the documentation's
    with page.expect_download() as download:
        page.click("#btn-svg")
    path = tmp_path / "city.svg"
    download.value.save_as(path)
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    total = score_city(CITY, VARIANTS, 2).total
    assert root.find("{http://www.w3.org/2000/svg}title").text == f"City: {total} points"

    other = browser.new_context(viewport={"width": 1280, "height": 820})
    try:
        fresh = other.new_page()
        fresh.base = base_url
        fresh.goto(link)
        wait_until_ready(fresh)
        opened = state(fresh)
        assert opened["players"][0]["placements"] == state(page)["players"][0]["placements"]
        assert set(opened["variants"]) == set(VARIANTS) and opened["players"][0]["stones"] == 2
        assert "#" not in fresh.url  # opened once: a reload shows the saved calculator
        assert_scorepad_shows(
            fresh, [score_city(CITY, VARIANTS, 2), score_city(City(), VARIANTS, 0)]
        )
    finally:
        other.close()


def test_a_painted_city_is_shared_by_link_too(page: Page, browser: Browser, base_url: str) -> None:
    painted = City.from_hexes(list(CITY.hexes()))
    open_calculator(page, link_of(painted, 1))
    assert state(page)["players"][0]["mode"] == "hexes"
    page.click("#btn-share")
    link = page.input_value("#share-link")
    assert ";h=" in link
    context = browser.new_context()
    try:
        fresh = context.new_page()
        fresh.base = base_url
        fresh.goto(link)
        wait_until_ready(fresh)
        assert state(fresh)["players"][0]["hexes"] == state(page)["players"][0]["hexes"]
        assert scorepad(fresh)["Total"][0] == str(score_city(CITY, VARIANTS, 1).total)
    finally:
        context.close()


@pytest.mark.parametrize(
    "fragment",
    [
        "#C1;c=000000;st=1;m=24@0,2:0",
        "#C1;st=1;m=24@9,9:0",
        "#C1;st=1;h=0,0:h1.9,9:Q1",
        "#%3Cimg%20src=x%20onerror=alert(1)%3E",
        "#A1;p=2;s=1;m=",
        "#C1;" + "9" * 12_000,
    ],
)
def test_a_hostile_link_says_why_and_changes_nothing(page: Page, fragment: str) -> None:
    open_calculator(page, link_of(CITY, 0))
    before = state(page)
    page.goto(page.base + "calculator.html" + fragment)
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    assert page.inner_text("#message").startswith("This link cannot be opened: ")
    assert page.inner_text("#message").endswith("Your cities are as they were.")
    assert state(page) == before
    assert page.watch.errors == []


# --- Saving, offline ----------------------------------------------------------------------------


def test_reload_keeps_the_calculator(page: Page) -> None:
    open_calculator(page)
    for move in CITY.placements[:3]:
        place_through_ui(page, move)
    page.click("[data-action='add-player']")
    page.fill("#player-name", "Cy")
    page.click("#mode [data-mode='hexes']")
    paint_through_ui(page, (0, 1), Kind.TEMPLE, 2)
    page.check("#variants input[value='temples']")
    before = state(page)
    page.reload()
    wait_until_ready(page)
    assert state(page) == before
    assert page.inner_text("#tab-2 .tab-name") == "Cy"
    assert page.is_checked("#variants input[value='temples']")


def test_a_corrupt_save_is_kept_aside_and_the_page_starts(page: Page) -> None:
    open_calculator(page)
    page.evaluate(f"localStorage.setItem('{SLOT}', '{{\"format\": \"akropolis-calculator\"')")
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    assert page.inner_text("#message").startswith("Your saved cities could not be restored (")
    assert page.locator("#message-actions button").inner_text() == "Download it"
    kept = page.evaluate(f"Object.keys(localStorage).filter(k => k.startsWith('{KEPT_PREFIX}'))")
    assert len(kept) == 1
    assert state(page)["players"][0]["name"] == "Player 1"
    assert page.watch.errors == []


def test_two_notices_at_start_are_both_seen_in_order_each_with_its_own_buttons(
    page: Page,
) -> None:
    """An unreadable save and a bad link at once: the link's notice waits for the first."""
    corrupt = '{"format": "akropolis-calculator"'
    open_calculator(page)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SLOT, corrupt])
    page.goto("about:blank")
    open_calculator(page, "#C1;c=000000;st=1;m=24@0,2:0")  # a new load, with a damaged link
    page.wait_for_selector("#message-dialog[open]")
    assert page.inner_text("#message").startswith("Your saved cities could not be restored (")
    with page.expect_download() as download:
        page.click("#message-actions button:text('Download it')")
    assert Path(download.value.path()).read_text() == corrupt
    page.wait_for_function(
        "document.querySelector('#message').textContent.startsWith('This link cannot be opened')"
    )
    assert page.is_visible("#message-dialog")
    assert page.locator("#message-actions button").count() == 0  # its own buttons: OK alone
    assert page.evaluate("document.activeElement.textContent") == "OK"
    page.keyboard.press("Escape")
    page.wait_for_selector("#message-dialog", state="hidden")
    assert state(page)["players"][0]["name"] == "Player 1"
    assert page.watch.errors == []


def test_after_one_visit_the_calculator_works_offline(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.base = site.url
    open_calculator(page)
    place_through_ui(page, CITY.placements[0])
    cache = offline_state(page)
    assert cache["scope"] == site.url
    before = state(page)
    site.stop()
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert state(page) == before
    place_through_ui(page, CITY.placements[1])


# --- Phones -------------------------------------------------------------------------------------


def test_on_a_phone_tap_a_tile_tap_a_spot_place_here(browser: Browser, base_url: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.base = base_url
        open_calculator(page)
        assert_layout_fits(page)
        page.tap("#catalogue [data-tile='25']")
        assert "in hand: tap a ringed spot to see what it gives" in page.inner_text("#hint")
        assert_layout_fits(page)
        page.locator("#city").scroll_into_view_if_needed()
        box = page.locator("#city").bounding_box()
        x, y = screen_of(page, (0, 2))
        page.tap("#city", position={"x": x - box["x"], "y": y - box["y"]})
        assert state(page)["players"][0]["placements"] == []  # only previewed
        assert page.is_visible("#btn-confirm")
        page.tap("#btn-confirm")
        page.wait_for_function(
            "JSON.parse(akropolisCalculator.state()).players[0].placements.length === 1"
        )
        page.tap("#mode [data-mode='hexes']")
        assert_layout_fits(page)
        page.tap("#btn-share")
        assert_layout_fits(page)
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "fr", "pl"])
def test_on_a_phone_every_kind_and_the_eraser_show_at_once(
    browser: Browser, base_url: str, language: str
) -> None:
    """No sideways strip: the eleven kinds and the eraser all on screen together, each a 44 px
    target whose words are whole, in every language."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.base = base_url
        open_calculator(page, f"?lang={language}")
        page.tap("#mode [data-mode='hexes']")
        width = page.viewport_size["width"]
        strip = page.locator("#palette .swatches")
        assert strip.evaluate("e => e.scrollWidth <= e.clientWidth")
        swatches = page.locator("#palette .swatch")
        assert swatches.count() == 12
        for i in range(swatches.count()):
            swatch = swatches.nth(i)
            box = swatch.bounding_box()
            name = swatch.inner_text()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{name} is off screen"
            assert box["width"] >= 44 and box["height"] >= 44, name
            clipped = swatch.evaluate(
                """e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
                    || [...e.children].some(c => {
                      const r = c.getBoundingClientRect(), b = e.getBoundingClientRect();
                      return r.left < b.left || r.right > b.right || r.bottom > b.bottom; })"""
            )
            assert not clipped, f"{name!r} is cut"
        assert_layout_fits(page)
        page.tap("#palette [data-kind='erase']")
        assert page.get_attribute("#palette [data-kind='erase']", "aria-pressed") == "true"
    finally:
        context.close()
