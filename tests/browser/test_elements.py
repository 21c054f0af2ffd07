"""``<akropolis-city>`` and ``<akropolis-game>`` on another site's page, with the snippet
docs/embedding.md prints: ten elements start one Python (one frame), lazily; each sizes itself;
the options, languages, keyboard, touch and screen-reader words are the embed's; a hostile
attribute gets the error card and runs nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.site import Site

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4.25"
    "@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
GAME = (ROOT / "examples" / "position.txt").read_text(encoding="utf-8").strip()
ELEMENTS = "akropolis-city, akropolis-game"
SETTLED = """() => [...document.querySelectorAll('akropolis-city, akropolis-game')]
  .every((e) => e.dataset.state === 'ready' || e.dataset.state === 'error')"""


def documented_script(site: Site) -> str:
    """The documented ``<script>`` tag, pointed at the test's site instead of YOUR-NAME's."""
    section = DOC[DOC.index("## Elements in any page") :]
    block = re.search(r"```html\n(.*?)```", section, re.DOTALL)[1]
    (tag,) = re.findall(r"<script [^>]*></script>", block)
    return tag.replace("https://YOUR-NAME.github.io/akropolis/", site.url)


@pytest.fixture
def game_site() -> Iterator[Site]:
    """The built site, as its own origin; it sends no CORS header (none is needed)."""
    site = Site(ROOT / "dist")
    yield site
    site.stop()


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Site]:
    site = Site(tmp_path)
    yield site
    site.stop()


def open_host(page: Page, host: Site, game_site: Site, body: str, lang: str = "en") -> None:
    html = (
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:,">'
        f"<title>Rules</title>{documented_script(game_site)}\n<body>{body}</body></html>"
    )
    (host.root / "rules.html").write_text(html, encoding="utf-8")
    page.goto(host.url + "rules.html")


def state(page: Page, selector: str) -> str:
    return page.eval_on_selector(selector, "e => e.dataset.state")


def shadow(page: Page, selector: str, inner: str, script: str):
    """Run ``script`` (``(node) => …``) on ``inner`` inside the element's shadow root."""
    return page.evaluate(
        f"([s, i]) => {{ const node = document.querySelector(s).shadowRoot.querySelector(i);"
        f" return ({script})(node); }}",
        [selector, inner],
    )


def read_through(page: Page) -> None:
    """Scroll every element into view, as a reader going down the page does, and wait until
    each is drawn or refused."""
    for element in page.locator(ELEMENTS).all():
        element.scroll_into_view_if_needed()
    page.wait_for_function(SETTLED, timeout=120_000)


def served(site: Site, name: str) -> int:
    return sum(1 for path, status in site.sent if path.split("?")[0].endswith(name))


def test_ten_elements_on_a_page_start_one_python_when_the_first_nears_the_view(
    page: Page, host: Site, game_site: Site
) -> None:
    elements = "".join(
        f'<akropolis-city notation="{CITY}" kind="{kind}"></akropolis-city>'
        if i % 2
        else f'<akropolis-game notation="{GAME}" player="{1 + i % 4 // 2}"></akropolis-game>'
        for i, kind in enumerate(["markets", "houses", "temples", "gardens", "barracks"] * 2)
    )
    open_host(page, host, game_site, f'<div style="height:3000px">Rules…</div>{elements}')
    page.wait_for_timeout(1500)
    assert len(page.frames) == 1 and served(game_site, "python.zip") == 0  # nothing yet
    assert (
        page.eval_on_selector_all(ELEMENTS, "es => es.map(e => e.dataset.state)") == ["idle"] * 10
    )
    page.evaluate("() => window.scrollTo(0, 2600)")
    page.wait_for_function(
        "() => document.querySelector('akropolis-game').dataset.state === 'ready'",
        timeout=120_000,
    )
    read_through(page)
    states = page.eval_on_selector_all(ELEMENTS, "es => es.map(e => e.dataset.state)")
    assert states == ["ready"] * 10
    (frame,) = page.frames[1:]
    assert frame.url == game_site.url + "elements.html"
    for name in ("python.zip", "elements.zip", "pyodide.asm.wasm"):
        assert served(game_site, name) == 1, name
    assert frame.evaluate("() => performance.getEntriesByName('akropolis-boot').length") == 1
    svgs = page.eval_on_selector_all(
        ELEMENTS, "es => es.map(e => e.shadowRoot.querySelectorAll('.picture svg').length)"
    )
    assert svgs == [1] * 10
    assert page.watch.errors == []


def test_each_element_sizes_itself_to_its_width(page: Page, host: Site, game_site: Site) -> None:
    body = "".join(
        f'<div style="width:{width}px"><akropolis-city id="w{width}" notation="{CITY}">'
        "</akropolis-city></div>"
        for width in (320, 720, 1000)
    )
    page.set_viewport_size({"width": 1100, "height": 900})
    open_host(page, host, game_site, body)
    read_through(page)
    for width, wide in ((320, False), (720, True), (1000, True)):
        box = page.locator(f"#w{width}").bounding_box()
        assert box["width"] == min(width, 760)
        picture = shadow(page, f"#w{width}", ".picture svg", "n => n.getBoundingClientRect()")
        side = shadow(page, f"#w{width}", ".side", "n => n.getBoundingClientRect()")
        assert picture["height"] > 150 and picture["width"] > 0
        if wide:  # the explanation beside the city
            assert side["left"] >= picture["right"] - 1
        else:  # under it
            assert picture["width"] == pytest.approx(box["width"] - 2, abs=1)
            assert side["top"] >= picture["bottom"] - 1
        assert box["height"] >= picture["height"]


def test_options_and_languages_are_the_embeds(page: Page, host: Site, game_site: Site) -> None:
    body = (
        f'<akropolis-city id="kind" notation="{CITY}" kind="markets"></akropolis-city>'
        f'<akropolis-city id="plain" notation="{CITY}" breakdown="0"></akropolis-city>'
        f'<akropolis-game id="second" notation="{GAME}" player="2" theme="dark"></akropolis-game>'
        f'<akropolis-city id="fr" lang="fr">{CITY}</akropolis-city>'
        '<section lang="pl-PL">'
        f'<akropolis-city id="pl" notation="{CITY}"></akropolis-city></section>'
    )
    open_host(page, host, game_site, body)
    read_through(page)
    chosen = shadow(page, "#kind", "tr.chosen", "n => n.dataset.kind")
    assert chosen == "markets"
    assert shadow(page, "#plain", ".side", "n => n.hidden") is True
    pressed = shadow(page, "#second", "[aria-pressed='true']", "n => n.dataset.player")
    assert pressed == "1"  # the second seat, counted from 0 inside
    assert state(page, "#second") == "ready"
    assert page.eval_on_selector("#second", "e => e.dataset.theme") == "dark"
    assert shadow(page, "#fr", ".title", "n => n.textContent") == "Cité"
    assert shadow(page, "#pl", ".title", "n => n.textContent") == "Miasto"
    assert shadow(page, "#fr", ".open", "n => n.href").startswith(
        game_site.url + "calculator.html#C1;c="
    )
    label = page.eval_on_selector("#kind", "e => e.getAttribute('aria-label')")
    assert label == "City: 33 points"
    rows = shadow(page, "#kind", ".words table", "n => n.querySelectorAll('tbody tr').length")
    assert rows > 20  # the city in words, hex by hex, for screen readers


def test_keyboard_steps_the_replay_and_places_the_tile(
    page: Page, host: Site, game_site: Site
) -> None:
    body = (
        f'<akropolis-game id="game" notation="{GAME}"></akropolis-game>'
        f'<akropolis-city id="try" notation="{CITY}" tile="12"></akropolis-city>'
    )
    open_host(page, host, game_site, body)
    read_through(page)
    caption = lambda: shadow(page, "#game", ".caption", "n => n.textContent")  # noqa: E731
    assert caption().startswith("Move 2 of 2")
    page.locator("#game").locator("[data-step='previous']").focus()
    page.keyboard.press("Home")
    page.wait_for_function(
        "() => document.querySelector('#game').shadowRoot.querySelector('.caption')"
        ".textContent.startsWith('Start of the game')"
    )
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('#game').shadowRoot.querySelector('.caption')"
        ".textContent.startsWith('Move 1 of 2')"
    )
    # A line of the explanation, reached by Tab, outlines its districts on the city.
    page.locator("#try").locator(".why-line").first.focus()
    outlined = shadow(page, "#try", ".overlay", "n => n.querySelectorAll('polygon').length")
    assert outlined >= 1
    # The tile: the first spot has the focus stop; arrows move along the spots, Enter places.
    spots = shadow(page, "#try", ".spots", "n => n.querySelectorAll('circle').length")
    assert spots > 10
    page.locator("#try").locator("[data-spot='0']").focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate(
        "() => document.querySelector('#try').shadowRoot.activeElement.dataset.spot"
    )
    assert focused == "1"
    said = shadow(page, "#try", ".why", "n => n.textContent")
    assert said.startswith("Level ")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('#try').shadowRoot.querySelector('.why')"
        ".textContent.startsWith('Tile 12 on level')"
    )
    assert shadow(page, "#try", "[data-try='undo']", "n => n.disabled") is False
    page.locator("#try").locator("[data-try='undo']").click()
    page.wait_for_function(
        "() => document.querySelector('#try').shadowRoot.querySelector('.why')"
        ".textContent === 'Tile 12 is back in hand.'"
    )


def test_a_phone_taps_a_spot_then_place_here(browser, host: Site, game_site: Site) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    open_host(page, host, game_site, f'<akropolis-city id="try" notation="{CITY}" tile="12">')
    read_through(page)
    assert shadow(page, "#try", ".why", "n => n.textContent").startswith("Tap a spot")
    page.locator("#try").locator("[data-spot='0']").tap()
    place = page.locator("#try").locator("[data-try='place']")
    assert place.is_visible() and place.bounding_box()["height"] >= 44
    place.tap()
    page.wait_for_function(
        "() => document.querySelector('#try').shadowRoot.querySelector('.why')"
        ".textContent.startsWith('Tile 12 on level')"
    )
    box = page.locator("#try").bounding_box()
    assert box["width"] <= 390
    context.close()


def test_a_hostile_attribute_gets_the_error_card_and_runs_nothing(
    page: Page, host: Site, game_site: Site
) -> None:
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    attack = "&lt;img src=x onerror=&quot;window.hacked=1&quot;&gt;"
    body = (
        f'<akropolis-city id="kind" notation="{CITY}" kind="{attack}"></akropolis-city>'
        f'<akropolis-city id="notation" notation="{attack}"></akropolis-city>'
        f'<akropolis-city id="long" notation="C1;m={"1@0,1:0." * 1500}"></akropolis-city>'
        f'<akropolis-city id="lang" notation="{CITY}" lang="{attack}"></akropolis-city>'
        f'<akropolis-game id="city" notation="{CITY}"></akropolis-game>'
        f'<akropolis-city id="empty"></akropolis-city>'
    )
    open_host(page, host, game_site, body)
    read_through(page)
    expected = {
        "kind": "This link's option 'kind' has a value that is not allowed.",
        "notation": "does not hold an Akropolis city",
        "long": "This link is too long to hold a city or a game",
        "lang": "This link's option 'lang' has a value that is not allowed.",
        "city": "An akropolis-game element shows a game (A1;…), not a city.",
        "empty": "This link shows nothing",
    }
    for name, words in expected.items():
        assert state(page, f"#{name}") == "error", name
        assert words in shadow(page, f"#{name}", ".error p", "n => n.textContent"), name
        assert shadow(page, f"#{name}", ".error strong", "n => n.textContent") == (
            "This city cannot be shown."
        )
        assert shadow(page, f"#{name}", ".card", "n => n.querySelectorAll('img').length") == 0
    assert page.evaluate("() => window.hacked") is None
    assert dialogs == []


def test_a_host_with_a_strict_policy_allows_only_the_script_and_the_frame(
    page: Page, host: Site, game_site: Site
) -> None:
    """The documented policy: the game's origin in ``script-src`` and ``frame-src``, nothing
    else (no inline style, no other origin): the elements draw without a single violation."""
    origin = game_site.url.rstrip("/")
    policy = (
        f"default-src 'none'; script-src {origin}; frame-src {origin}; style-src 'self'; "
        "img-src data:"
    )
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security" in m.text else 0)
    html = (
        f'<!doctype html><html lang="en"><meta http-equiv="Content-Security-Policy" '
        f'content="{policy}"><meta charset="utf-8"><title>Rules</title>'
        f"{documented_script(game_site)}<body>"
        f'<akropolis-game id="game" notation="{GAME}" tile="12"></akropolis-game>'
        f'<akropolis-city id="city" notation="{CITY}" kind="markets"></akropolis-city></body>'
    )
    (host.root / "strict.html").write_text(html, encoding="utf-8")
    page.goto(host.url + "strict.html")
    read_through(page)
    assert state(page, "#game") == state(page, "#city") == "ready"
    page.locator("#game").locator("[data-spot='0']").hover()
    assert shadow(page, "#game", ".overlay", "n => n.querySelectorAll('polygon').length") == 3
    colour = shadow(page, "#city", ".bar", "n => getComputedStyle(n).borderBottomStyle")
    assert colour == "solid"  # the elements' styles apply
    assert violations == []
