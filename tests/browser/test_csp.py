"""Every page runs under a Content-Security-Policy as strict as it allows (``<meta
http-equiv>`` in ``index.html``, ``calculator.html`` and ``embed.html``): a whole flow on each
page reports no violation and logs no error, and a script injected into the page, or a request
to another origin, is blocked.

Violations are collected by a ``securitypolicyviolation`` listener added before any script of
the page runs.  The embed allows no ``eval``, so the calls into it pass functions (Playwright
compiles those itself), never strings it would evaluate in the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from akropolis import notation, records
from akropolis.rng import SplitMix64
from common.tryit import TryIt
from tests.browser.site import Site
from tests.browser.test_calculator import CITY as CALCULATOR_CITY
from tests.browser.test_calculator import open_calculator, place_through_ui
from tests.browser.test_embed import CITY, open_embed, screen_of
from tests.browser.test_game_ui import choose, game_on_page, open_page, play_through_ui
from tests.browser.test_opponents import hooks, start_against, wait_for_moves, wait_for_person

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"

#: Added before the page's own scripts: every violation the page reports, as plain data.
LISTEN = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push({directive: event.effectiveDirective, blocked: event.blockedURI,
                             source: event.sourceFile, line: event.lineNumber});
});
"""


def violations(page: Page) -> list[dict]:
    return page.evaluate("() => window.cspViolations")


def policy(page_name: str) -> dict[str, list[str]]:
    """The policy a built page states, directive by directive."""
    html = (DIST / page_name).read_text()
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert match, f"{page_name} has no Content-Security-Policy"
    directives = [part.split() for part in match.group(1).split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


@pytest.fixture
def listened(page: Page) -> Page:
    page.add_init_script(LISTEN)
    return page


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[Site]:
    """Another origin, which would log any request that reached it."""
    (tmp_path / "x.png").write_bytes(b"")
    (tmp_path / "x.js").write_text("window.pwned = 1;")
    site = Site(tmp_path)
    yield site
    site.stop()


def assert_nothing_injected_runs(page: Page, elsewhere: Site) -> None:
    """An inline script, a script, an image and a fetch from another origin: all blocked."""
    before = len(violations(page))
    other = elsewhere.url.replace("127.0.0.1", "localhost")
    page.evaluate(
        """(other) => {
            const inline = document.createElement("script");
            inline.textContent = "window.pwned = 1";
            document.body.append(inline);
            const script = document.createElement("script");
            script.src = other + "x.js";
            document.body.append(script);
            const image = new Image();
            image.src = other + "x.png";
            fetch(other + "x.png").catch(() => {});
        }""",
        other,
    )
    page.wait_for_function("(n) => window.cspViolations.length >= n + 4", arg=before)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.pwned") is None
    blocked = {(v["directive"], v["blocked"]) for v in violations(page)[before:]}
    assert ("script-src-elem", "inline") in blocked
    assert ("script-src-elem", other + "x.js") in blocked
    assert ("img-src", other + "x.png") in blocked
    assert ("connect-src", other + "x.png") in blocked
    assert elsewhere.sent == []  # nothing ever reached the other origin


@pytest.mark.parametrize("name", ["index.html", "calculator.html", "embed.html"])
def test_every_page_states_a_policy_without_inline_script_or_other_origins(name: str) -> None:
    """No 'unsafe-inline', no host, no scheme but blob: where a page shows or runs blob: URLs;
    'unsafe-eval' only where PyScript needs it (see the pages' comments and docs/hosting.md)."""
    stated = policy(name)
    assert stated["default-src"] == ["'none'"]
    assert stated["base-uri"] == ["'none'"] and stated["form-action"] == ["'none'"]
    for directive, sources in stated.items():
        for source in sources:
            assert source in ("'self'", "'none'", "blob:") or source.endswith("-eval'"), (
                f"{name}: {directive} {source}"
            )
    assert ("'unsafe-eval'" in stated["script-src"]) == (name != "embed.html")


def test_the_game_page_runs_a_whole_flow_without_a_violation(
    listened: Page, elsewhere: Site
) -> None:
    """A game against a computer (its worker), a move each, the Share dialog with a city's
    picture, the Hint, the offline worker: no violation, no error."""
    page = listened
    open_page(page)
    hooks(page, speed=40)
    start_against(page, ["human", "ai:easy"], seed=3, names=["Ann", "Hal"])
    game = game_on_page(page)
    move = choose(page, game, SplitMix64(3))
    play_through_ui(page, move)
    game.play(move)
    wait_for_moves(page, 1)
    wait_for_person(page, game)  # the computer moved, from its worker
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    page.click("#btn-share")
    page.wait_for_function(
        "() => { const image = document.querySelector('#share-svg img');"
        " return image && image.complete && image.naturalWidth > 0; }"
    )
    assert page.get_attribute("#share-svg img", "src").startswith("blob:")
    page.click("#share-dialog form[method='dialog'] button")
    page.click("#btn-hint")
    page.wait_for_selector("#btn-confirm:not([hidden])", timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert violations(page) == []
    assert page.watch.errors == []
    assert_nothing_injected_runs(page, elsewhere)


def test_the_calculator_runs_a_whole_flow_without_a_violation(
    listened: Page, elsewhere: Site
) -> None:
    """A tile placed, the city shared (link, embed snippet, picture): no violation, no error."""
    page = listened
    open_calculator(page)
    place_through_ui(page, CALCULATOR_CITY.placements[0])
    page.click("#btn-share")
    page.wait_for_selector("#share-dialog[open]")
    assert page.input_value("#share-link").startswith(page.base + "calculator.html#C1;c=")
    with page.expect_download():
        page.click("#btn-svg")
    assert violations(page) == []
    assert page.watch.errors == []
    assert_nothing_injected_runs(page, elsewhere)


def test_the_embed_runs_try_it_and_a_replay_without_a_violation(
    listened: Page, elsewhere: Site
) -> None:
    """No 'unsafe-eval' at all: Python boots, draws, tries a tile and replays a game."""
    page = listened
    open_embed(page, "?tile=18", CITY)
    record = records.load(CITY)
    model = TryIt(record.build(), record.variants, record.stones, 18)
    page.click("[data-try='rotate']")
    model.rotate(1)
    anchor = model.legal_anchors()[0]
    page.mouse.click(*screen_of(page, anchor))
    model.place(anchor)
    assert page.inner_text("#total") == f"{model.score().total} points"
    page.click("[data-try='undo']")
    assert page.inner_text("#total") == f"{model.before.total} points"
    game = records.load((ROOT / "examples" / "finished.json").read_text())
    open_embed(page, "", notation.format_game(records.game_to_record(game)))
    page.click("[data-step='first']")
    page.click("[data-step='forward']")
    page.wait_for_function("() => document.querySelector('#ply').value === '1'")
    assert violations(page) == []
    assert page.watch.errors == []
    assert_nothing_injected_runs(page, elsewhere)
