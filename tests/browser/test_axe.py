"""axe-core on every screen of the three pages, desktop and phone: no critical and no serious
violation (issue 27).

axe (``axe-playwright-python``, which bundles ``axe.min.js``) is injected with Playwright's
``page.evaluate``, which the pages' Content-Security-Policy does not govern (it runs through the
browser's debugging protocol, not as a page script), so no ``bypass_csp`` is needed. Waits pass
functions, never strings the page would have to ``eval``.

Each test walks through its page's screens in one tab and audits each; it fails at the end with
every serious or critical violation of every screen (its rule, impact, elements and summary).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from akropolis import Game, notation, records
from tests.browser.tabs import after_shared_test, first_visit
from tests.browser.test_game_ui import open_page, start_game
from tests.browser.test_opponents import hooks, start_against
from tests.browser.test_touch_layouts import DEVICES

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 820}, "accept_downloads": True},
    "phone": {**DEVICES["phone"], "is_mobile": True, "has_touch": True},
}
#: The documentation's example city (as in test_embed).
CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
FAILING = ("critical", "serious")
IMPACTS = ("critical", "serious", "moderate", "minor")
SETTLED = "() => ['ready', 'error'].includes(document.documentElement.dataset.akropolis)"
AXE = Axe()
#: The computer has moved and its spot no longer glows.
LANDED = """() => JSON.parse(akropolisApp.record()).moves.length >= 1
    && akropolisApp.thinking() == null && akropolisApp.landing() === '[]'"""


class Audit:
    """The violations found on each screen of one page at one size."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.counts: dict[str, dict[str, int]] = {}
        self.failures: list[str] = []

    def __call__(self, screen: str) -> None:
        self.page.wait_for_timeout(150)  # let a dialog's or a sheet's layout settle
        violations = AXE.run(self.page).response["violations"]
        counts = dict.fromkeys(IMPACTS, 0)
        nodes = dict.fromkeys(IMPACTS, 0)
        for violation in violations:
            counts[violation["impact"]] += 1
            nodes[violation["impact"]] += len(violation["nodes"])
            if violation["impact"] in FAILING:
                self.failures.append(self.said(screen, violation))
        self.counts[screen] = counts
        said = " ".join(f"{k}={counts[k]}({nodes[k]})" for k in IMPACTS)
        rules = ", ".join(f"{v['id']} ({v['impact']})" for v in violations)
        print(f"axe {self.name} / {screen}: {said}; {rules}")  # rules (elements) by impact

    def said(self, screen: str, violation: dict) -> str:
        """A violation: its rule and impact, then its elements grouped by what is wrong."""
        where: dict[str, list[str]] = {}
        for node in violation["nodes"]:
            summary = " ".join(node.get("failureSummary", "").split())
            where.setdefault(summary, []).append(" ".join(map(str, node["target"])))
        lines = [f"{self.name} / {screen}: {violation['id']} ({violation['impact']})"]
        for summary, targets in where.items():
            more = f" and {len(targets) - 5} more" if len(targets) > 5 else ""
            lines.append(f"    {', '.join(targets[:5])}{more}: {summary}")
        return "\n".join(lines)

    def check(self) -> None:
        assert self.failures == [], "\n".join(self.failures)


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, shared_tabs) -> Iterator[Page]:
    """A tab at each size, the game page as on a first visit (other pages load over it)."""
    name = request.param
    page = first_visit(shared_tabs(name, **SIZES[name]))
    page.size = name
    yield page
    after_shared_test(page, request)


def press(page: Page, selector: str) -> None:
    """Click a button of the header's menu, opening the menu first on a phone."""
    if not page.is_visible(selector) and page.is_visible("#btn-menu"):
        page.click("#btn-menu")
    page.click(selector)


def close_dialog(page: Page, dialog: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{dialog}", state="hidden")


def restart(page: Page) -> None:
    page.evaluate("() => { localStorage.clear(); delete window.akropolisTest; }")
    assert page.evaluate("() => akropolisApp.restart()")


def finished_game() -> str:
    return (ROOT / "examples" / "finished.json").read_text()


def test_the_game_page(sized: Page) -> None:
    page = sized
    audit = Audit(page, f"game, {page.size}")
    open_page(page)
    audit("new game")
    start_game(page, ["Ann", "Bob"], (), seed=4)
    page.click("#site [data-site='0']")
    audit("a tile in hand")
    if page.is_visible("#btn-side"):
        page.click("#btn-side")
    page.click("#words-play summary")
    page.click("#words-box summary")
    page.wait_for_selector("#spots-words [data-move]")
    page.wait_for_selector("#city-words tbody tr")
    audit("play in words: the spots and the city as text")
    page.click("#words-play summary")  # closed again
    if page.is_visible("#side .close-side"):
        page.click("#side .close-side")
    page.keyboard.press("Escape")
    press(page, "#btn-rules")
    page.wait_for_selector("#rules-dialog[open]")
    audit("rules")
    close_dialog(page, "#rules-dialog")
    press(page, "#btn-share")
    page.wait_for_selector("#share-dialog[open]")
    audit("share")
    close_dialog(page, "#share-dialog")
    if page.is_visible("#btn-side"):
        page.click("#btn-side")
        audit("players sheet")
        page.click("#side .close-side")
    # An unfinished game replaced by a new one is kept aside.
    game = Game(2, seed=7, names=["Cy", "Di"])
    for _ in range(3):
        game.play(game.legal_moves()[0])
    assert page.evaluate("(text) => akropolisApp.load(text)", records.dump(game))
    press(page, "#btn-new")
    start_game(page, ["Ann", "Bob"], (), seed=5)
    press(page, "#btn-kept")
    page.wait_for_selector("#kept-dialog[open]")
    audit("kept games")
    close_dialog(page, "#kept-dialog")
    assert not page.evaluate("() => akropolisApp.load('not a game')")
    page.wait_for_selector("#message-dialog[open]")
    audit("message")
    close_dialog(page, "#message-dialog")
    assert page.evaluate("(text) => akropolisApp.load(text)", finished_game())
    page.wait_for_selector("#end-dialog[open]")
    audit("final scores")
    page.click("#btn-close-end")
    page.wait_for_selector("#end-dialog", state="hidden")
    audit("cities after the game")
    restart(page)
    hooks(page, speed=40)
    start_against(page, ["ai:medium", "human"], seed=3)
    page.wait_for_function(LANDED)
    audit("after a computer's move")
    restart(page)
    hooks(page, aiDelayMs=60_000)
    start_against(page, ["ai:easy", "human"], seed=3)
    page.wait_for_function("() => akropolisApp.thinking() === 0")
    audit("a computer thinking")
    restart(page)  # the computer stops thinking
    audit.check()


def open_embed(page: Page, query: str, fragment: str) -> None:
    page.goto("about:blank")  # a new fragment alone would not load the embed again
    page.goto(f"{page.base}embed.html{query}#{fragment}")
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("() => document.documentElement.dataset.akropolis") == "ready"


def test_the_embed(sized: Page) -> None:
    page = sized
    audit = Audit(page, f"embed, {page.size}")
    open_embed(page, "", CITY)
    audit("a city with its breakdown")
    text = notation.format_game(records.game_to_record(records.load(finished_game())))
    open_embed(page, "", text)
    page.click("#replay button >> nth=0")
    audit("replay")
    open_embed(page, "?tile=18", CITY)
    page.click("[data-try='rotate']")
    audit("try it")
    open_embed(page, "?theme=dark&tile=18", CITY)
    audit("dark theme")
    audit.check()


def test_the_calculator(sized: Page) -> None:
    page = sized
    audit = Audit(page, f"calculator, {page.size}")
    page.goto(page.base + "calculator.html#" + CITY)
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("() => document.documentElement.dataset.akropolis") == "ready"
    state = json.loads(page.evaluate("() => akropolisCalculator.state()"))
    assert state["players"][0]["placements"]
    audit("by tiles")
    page.click("#words-box summary")
    page.wait_for_selector("#city-words tbody tr")
    audit("the city in words")
    page.click("#mode [data-mode='hexes']")
    audit("by hexes")
    audit.check()
