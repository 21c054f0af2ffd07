"""The embed (``embed.html``): a city or game from its link, drawn and explained as the engine
scores it; its options, try it, the replay, the frame's height, hostile links, lazy loading.

The embed runs under a Content-Security-Policy without inline scripts, so waits here pass
functions (Playwright compiles those itself), not strings that it would ``eval`` in the page.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page

from akropolis import Game, notation, records, score_city
from akropolis.picture import scene
from common import explain
from common.tryit import TryIt
from tests.browser.site import Site

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
#: The documentation's example city: houses out of the largest group, markets side by side, a temple
#: not surrounded, gardens without a plaza; the markets variant; 2 stones.
CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
SETTLED = "() => ['ready', 'error'].includes(document.documentElement.dataset.akropolis)"


@pytest.fixture(scope="module")
def finished() -> Game:
    return records.load((ROOT / "examples" / "finished.json").read_text())


def game_text(game: Game) -> str:
    return notation.format_game(records.game_to_record(game))


def open_embed(page: Page, query: str, fragment: str, expect: str = "ready") -> None:
    page.goto(f"{page.base}embed.html{query}#{fragment}")
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == expect


def breakdown(page: Page | Frame) -> dict[str, str]:
    """The scorepad as shown: each row's kind and its visible text (``3 × 3 9``)."""
    rows = page.locator("#breakdown tr[data-kind]")
    return {
        rows.nth(i).get_attribute("data-kind"): " ".join(rows.nth(i).inner_text().split())
        for i in range(rows.count())
    }


def expected_breakdown(score) -> dict[str, str]:
    out = {
        name: f"{name.capitalize()}{' ×2' if name == 'markets' else ''} "
        f"{line.value} × {line.stars} {line.points}"
        for name, line in score.kinds.items()
    }
    return {**out, "stones": f"Stones {score.stones}", "total": f"Total {score.total}"}


def verdicts_shown(page: Page) -> Counter:
    """The explanation's lines: (kind, mark, the line's words) for each district named."""
    items = page.locator("#verdicts li[data-kind]")
    shown: Counter = Counter()
    for i in range(items.count()):
        item = items.nth(i)
        line = item.locator(".why-line")
        key = (item.get_attribute("data-kind"), line.get_attribute("data-mark"))
        shown[(*key, item.inner_text())] += len(line.get_attribute("data-cells").split())
    return shown


def screen_of(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    return tuple(json.loads(page.evaluate(f"akropolisEmbed.screenOf({cell[0]}, {cell[1]})")))


def painted(page: Page) -> int:
    """How many pixels of the city canvas are painted (a blank canvas has none)."""
    return page.evaluate(
        """() => {
            const c = document.getElementById('city');
            const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let i = 3; i < data.length; i += 4) if (data[i]) n++;
            return n;
        }"""
    )


def only_own_origin(page: Page) -> None:
    assert page.watch.requests and all(url.startswith(page.base) for url in page.watch.requests)
    assert page.watch.errors == []


# --- A city, explained ------------------------------------------------------------------------


def test_a_known_city_renders_with_the_engines_breakdown_and_verdicts(page: Page) -> None:
    open_embed(page, "", CITY)
    record = records.load(CITY)
    score = score_city(record.build(), record.variants, record.stones)
    assert breakdown(page) == expected_breakdown(score)
    shown = verdicts_shown(page)
    expected = Counter((explain.PLURALS[v.kind], explain.mark_of(v)) for v in score.hexes)
    counted: Counter = Counter()
    for (kind, mark, _text), number in shown.items():
        counted[(kind, mark)] += number
    assert counted == expected
    words = " ".join(text for _, _, text in shown)
    for verdict in score.hexes:
        assert str(verdict.reason) in words
    assert "next to another market" in words and "not surrounded on all six sides" in words
    assert page.inner_text("#title") == "City" and page.inner_text("#total") == "33 points"
    assert painted(page) > 10_000 and page.is_hidden("#placeholder")
    href = page.get_attribute("#open", "href")
    assert href == "calculator.html#" + notation.format_city(
        records.city_to_record(record.build(), record.variants, record.stones), check=True
    )
    assert page.get_attribute("#open", "target") == "_blank"
    # A district pointed at says why, in the engine's words.
    miss = next(v for v in score.hexes if v.reason == "next to another market")
    page.mouse.click(*screen_of(page, miss.cell))
    title = scene.verdict_title(miss)
    assert page.inner_text("#why") == title[0].upper() + title[1:] + "."
    only_own_origin(page)


def test_options_change_what_they_should(page: Page, finished: Game) -> None:
    open_embed(page, "?breakdown=0&theme=dark", CITY)
    assert page.is_hidden("#side") and page.locator("#verdicts li").count() == 0
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    dark = page.evaluate("getComputedStyle(document.getElementById('embed')).backgroundColor")
    assert dark == "rgb(33, 30, 26)"
    open_embed(page, "?kind=markets", CITY)
    assert page.get_attribute("#breakdown tr.chosen", "data-kind") == "markets"
    assert {k for k, _, _ in verdicts_shown(page)} == {"markets"}
    light = page.evaluate("getComputedStyle(document.getElementById('embed')).backgroundColor")
    assert light == "rgb(255, 253, 248)" and page.is_hidden("#zoom") and page.is_hidden("#tryit")
    # player: from 1; by default the winner of a finished game.
    winner = finished.result().winners[0]
    for query, player in (("", winner), ("?player=1", 0), ("?player=2", 1), ("?player=9", winner)):
        open_embed(page, query, game_text(finished))
        assert page.inner_text("#title") == f"{finished.names[player]}'s city"
        assert breakdown(page)["total"] == f"Total {finished.score(player).total}"
    assert page.is_visible("#players") and page.is_visible("#replay")
    only_own_origin(page)


def test_static_mode_leaves_the_wheel_to_the_page_and_interactive_pans_and_zooms(
    page: Page,
) -> None:
    wheel = """() => {
        const event = new WheelEvent('wheel', {deltaY: 100, bubbles: true, cancelable: true});
        document.getElementById('city').dispatchEvent(event);
        return event.defaultPrevented;
    }"""
    open_embed(page, "", CITY)
    before = screen_of(page, (0, 0))
    x, y = before
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    assert screen_of(page, (0, 0)) == before  # static: a drag does not pan
    assert page.evaluate(wheel) is False
    open_embed(page, "?mode=interactive", CITY)
    assert page.is_visible("#zoom") and page.evaluate(wheel) is False  # plain wheel: the page's
    x, y = before = screen_of(page, (0, 0))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    assert screen_of(page, (0, 0)) == pytest.approx((x + 80, y + 40), abs=1.5)

    def spacing() -> float:
        return screen_of(page, (0, 2))[1] - screen_of(page, (0, 0))[1]

    zoomed_out = spacing()
    page.click("[data-zoom='in']")
    assert spacing() == pytest.approx(zoomed_out * 1.25, rel=0.01)
    assert page.evaluate(wheel.replace("deltaY: 100,", "deltaY: 100, ctrlKey: true,")) is True
    only_own_origin(page)


# --- Try it ------------------------------------------------------------------------------------


def test_try_it_places_the_tile_and_the_score_changes_and_undo_restores(page: Page) -> None:
    open_embed(page, "?tile=18", CITY)
    record = records.load(CITY)
    model = TryIt(record.build(), record.variants, record.stones, 18)
    before = model.before.total
    assert page.is_visible("#tryit") and page.inner_text("#total") == f"{before} points"
    for _ in range(2):
        page.click("[data-try='rotate']")
    model.rotate(2)
    assert page.evaluate("akropolisEmbed.rotation()") == 2
    anchor = max(model.legal_anchors(), key=lambda a: _gain(model, a))
    x, y = screen_of(page, anchor)
    page.mouse.move(x, y)
    assert page.locator("#why.good").count() == 1  # the ghost says it fits
    page.mouse.click(x, y)
    model.place(anchor)
    after = model.score().total
    assert after != before
    assert page.inner_text("#total") == f"{after} points"
    assert breakdown(page)["total"] == f"Total {after} {after - before:+d}"
    assert page.inner_text("#why").endswith(f"{before} → {after} points ({after - before:+d}).")
    page.click("[data-try='undo']")
    assert page.inner_text("#total") == f"{before} points"
    assert breakdown(page)["total"] == f"Total {before}"
    model.undo()
    refused = next(h for h, _, _ in model.city.hexes() if not model.ghost(h).legal)
    page.mouse.click(*screen_of(page, refused))  # refused with the engine's reason
    assert page.inner_text("#why") == f"Not here: {model.ghost(refused).reason}."
    assert page.inner_text("#total") == f"{before} points"
    only_own_origin(page)


def _gain(model: TryIt, anchor: tuple[int, int]) -> int:
    model.place(anchor)
    gain = model.score().total - model.before.total
    model.undo()
    return abs(gain)


# --- Replay ------------------------------------------------------------------------------------


def shown_position(page: Page) -> dict:
    """The position the embed shows, read from its "Open in Akropolis" link."""
    href = page.get_attribute("#open", "href")
    assert href.startswith("index.html#A1;c=")
    return records.game_to_record(records.load(href.split("#", 1)[1]))


def test_the_replay_steps_match_the_record(page: Page, finished: Game) -> None:
    open_embed(page, "", game_text(finished))
    last = finished.ply
    viewed = finished.result().winners[0]

    def at(ply: int) -> None:
        position = finished.replay(ply)
        assert shown_position(page) == records.game_to_record(position)
        assert page.input_value("#ply") == str(ply)
        assert breakdown(page)["total"].split()[1] == str(position.score(viewed).total)

    at(last)
    page.click("[data-step='back']")
    at(last - 1)
    page.click("[data-step='first']")
    at(0)
    assert page.inner_text("#caption") == f"Start of the game · {last} moves"
    page.click("[data-step='forward']")
    at(1)
    page.click("[data-step='last']")
    at(last)
    page.focus("#city")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    at(last - 3)
    page.keyboard.press("ArrowRight")
    at(last - 2)
    page.keyboard.press("Home")
    at(0)
    page.keyboard.press("End")
    at(last)
    page.eval_on_selector(
        "#ply", "el => { el.value = '12'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    at(12)
    page.focus("#ply")
    page.keyboard.press("ArrowRight")  # the slider's own keys
    at(13)
    # Every player's city: the tabs.
    page.click("#players [data-player='0']")
    assert page.inner_text("#title") == f"{finished.names[0]}'s city"
    assert breakdown(page)["total"] == f"Total {finished.replay(13).score(0).total}"
    # The chart: one line per player, each point the engine's score after that ply.
    lines = page.locator("#chart polyline")
    assert lines.count() == finished.players
    for player in range(finished.players):
        scores = page.get_attribute(f"#chart polyline[data-player='{player}']", "data-scores")
        engine = [finished.replay(n).score(player).total for n in range(last + 1)]
        assert [int(s) for s in scores.split()] == engine
    box = page.locator("#chart svg").bounding_box()
    page.mouse.click(box["x"] + box["width"] - 8, box["y"] + box["height"] / 2)
    assert page.input_value("#ply") == str(last)  # a click on the chart goes there
    only_own_origin(page)


# --- The frame: height, phone, hostile links, lazy loading -------------------------------------

HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Rules</title></head><body>
<h1>Scoring markets</h1><div id="above" style="height:{above}px"></div>
{frames}
<script>
window.heights = [];
addEventListener("message", (event) => {{ window.heights.push(event.data); }});
</script></body></html>"""


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Site]:
    site = Site(tmp_path)
    yield site
    site.stop()


def host_page(host: Site, base: str, above: int, srcs: list[str], lazy: bool = False) -> str:
    frames = "\n".join(
        f'<iframe src="{base}embed.html{src}" width="600" height="420" '
        f'{"loading=lazy " if lazy else ""}style="border:0;display:block;margin-bottom:40px">'
        "</iframe>"
        for src in srcs
    )
    (host.root / "host.html").write_text(HOST.format(above=above, frames=frames))
    return host.url + "host.html"


def embed_frame(page: Page) -> Frame:
    page.wait_for_function("() => document.querySelector('iframe') !== null")
    for _ in range(100):
        frames = [f for f in page.frames if "embed.html" in f.url]
        if frames:
            return frames[0]
        page.wait_for_timeout(50)
    raise AssertionError("no embed frame")


def test_the_frame_tells_its_height_as_a_number_and_nothing_else(page: Page, host: Site) -> None:
    page.goto(host_page(host, page.base, 0, [f"?tile=5#{CITY}"]))
    frame = embed_frame(page)
    frame.wait_for_function(SETTLED, timeout=90_000)
    page.wait_for_timeout(300)
    heights = page.evaluate("window.heights")
    assert heights, "the embed never told its height"
    for message in heights:
        assert set(message) == {"akropolisHeight"}
        assert isinstance(message["akropolisHeight"], int) and message["akropolisHeight"] > 200
    assert page.evaluate("document.title") == "Rules"  # the host page is untouched


@pytest.mark.parametrize("query", ["", "?tile=18&mode=interactive&theme=dark"])
def test_a_phone_sized_frame_never_scrolls_sideways(browser: Browser, base_url: str, query) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.base = base_url
    try:
        for fragment in (CITY, records.load((ROOT / "examples/finished.json").read_text())):
            text = fragment if isinstance(fragment, str) else game_text(fragment)
            open_embed(page, query, text)
            widths = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
            )
            assert widths[0] <= widths[1]
    finally:
        context.close()


SCRIPT = "<script>window.pwned=1</script>"
IMAGE = '"><img src=x onerror="window.pwned=1">'
HOSTILE = [
    ("", "C1;m=99@0,2:0"),
    ("", "C1;m=24@0,2:0.24@99999999999999999999999,0:0"),
    ("", "A1;p=2;s=184467440737095516150000;m="),
    ("", "C1;m=" + "24@0,2:0." * 12_000),  # over 100 KB
    ("", "javascript:alert(1)"),
    ("", SCRIPT),
    ("", ""),
    ("?tile=javascript:alert(1)", CITY),
    ("?player=99999999999999999999999999", CITY),
    *[(f"?{name}={SCRIPT}", CITY) for name in ("breakdown", "kind", "player")],
    *[(f"?{name}={IMAGE}", CITY) for name in ("mode", "theme", "tile")],
    (f"?{IMAGE}=1", CITY),
]


@pytest.mark.parametrize(("query", "fragment"), HOSTILE)
def test_a_hostile_link_shows_the_error_card_and_runs_nothing(
    page: Page, query: str, fragment: str
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_embed(page, query, fragment, expect="error")
    assert page.is_visible("#error") and page.inner_text("#error-text")
    assert page.is_hidden("#city") and page.is_hidden("#body")
    assert page.evaluate("window.pwned") is None
    assert page.locator("img, iframe, object, embed").count() == 0
    assert dialogs == [] and page.locator("dialog").count() == 0
    only_own_origin(page)
    if len(fragment) > 10_000:  # refused before any parsing: Python never even started
        assert "too long" in page.inner_text("#error-text")
        assert not any("pyodide" in url for url in page.watch.requests)


def test_a_city_with_the_same_tile_five_times_shows_the_error_card(page: Page) -> None:
    """The box holds one tile 12: the engine refuses the city, so no "Open in Akropolis" leads
    to a refusal in the calculator."""
    open_embed(page, "", "C1;st=0;m=12@-3,1:1.12@-5,1:1.12@-6,0:1.12@-6,-2:1.12@-6,-4:1", "error")
    assert page.inner_text("#error-text") == (
        "This link's city or game cannot be read: placement 2: tile 12 is already in this city "
        "(the box holds one of each)."
    )
    assert page.is_hidden("#city") and page.is_hidden("#open")


def test_an_embed_far_below_the_fold_waits_until_it_is_scrolled_to(page: Page, host: Site) -> None:
    page.goto(host_page(host, page.base, 4000, [f"#{CITY}"]))
    frame = embed_frame(page)
    frame.wait_for_function("() => document.documentElement.dataset.akropolis === 'idle'")
    page.wait_for_timeout(1500)
    assert not any("pyodide.asm.wasm" in url for url in page.watch.requests)
    assert frame.is_visible("#placeholder")
    page.locator("iframe").scroll_into_view_if_needed()
    frame.wait_for_function(SETTLED, timeout=90_000)
    assert frame.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert any("pyodide.asm.wasm" in url for url in page.watch.requests)
    assert page.watch.errors == []


def test_an_embed_on_another_sites_page_loads_without_storage(page: Page, host: Site) -> None:
    """A rules site is another site than the embed's: there a browser may refuse the frame any
    storage (third-party storage blocked, as this Chromium does); the embed needs none (it
    starts Pyodide itself, without PyScript's IndexedDB cache) and shows the city."""
    url = host_page(host, page.base, 0, [f"#{CITY}"]).replace("127.0.0.1", "localhost")
    page.goto(url)
    frame = embed_frame(page)
    frame.wait_for_function(SETTLED, timeout=90_000)
    assert frame.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert frame.inner_text("#total") == "33 points"
    assert page.watch.errors == []


BOOT_AND_READY = """() => {
  const at = (name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? performance.timeOrigin + entry.startTime : null;
  };
  return [at('akropolis-boot'), at('akropolis-ready')];
}"""


def test_embeds_in_view_on_another_site_boot_one_after_another(page: Page, host: Site) -> None:
    """Without Web Locks (a frame refused storage has none) the embeds of a page still take
    turns, asking each other: each starts Python only once the one before is ready."""
    srcs = [f"#{CITY}", f"?kind=houses#{CITY}", f"?kind=temples#{CITY}"]
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.goto(host_page(host, page.base, 0, srcs).replace("127.0.0.1", "localhost"))
    page.wait_for_function("() => document.querySelectorAll('iframe').length === 3")
    page.wait_for_timeout(500)
    frames = [f for f in page.frames if "embed.html" in f.url]
    assert len(frames) == 3
    for frame in frames:
        frame.wait_for_function(SETTLED, timeout=180_000)
        assert frame.evaluate("document.documentElement.dataset.akropolis") == "ready"
    spans = sorted(frame.evaluate(BOOT_AND_READY) for frame in frames)
    for (before, ready), (boot, _) in itertools.pairwise(spans):
        # The next one started once the one before was ready, or once it had waited its turn's
        # limit (BOOT_TURN_MS in embed.js: 20 s, reached only on a very busy machine).
        assert boot >= ready - 5 or boot >= before + 19_000
    assert page.watch.errors == []


def test_without_intersection_observer_a_click_starts_it(page: Page) -> None:
    page.add_init_script("delete window.IntersectionObserver")
    page.goto(f"{page.base}embed.html#{CITY}")
    page.wait_for_selector("#show", state="visible")
    page.wait_for_timeout(1000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "idle"
    assert not any("pyodide.asm.wasm" in url for url in page.watch.requests)
    page.click("#show")
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert re.fullmatch(r"\d+ points", page.inner_text("#total"))
