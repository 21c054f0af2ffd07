"""Share: a link to the position (opened elsewhere as a new game, only if accepted), a city's
SVG, the embed snippet and the notation; damaged and hostile links refused, the game untouched.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from akropolis import Game, records
from akropolis.picture import svg
from common.embedding import HOST_SCRIPT
from game.share import checked_notation, embed_snippet, position_link
from tests.browser.test_game_ui import game_on_page, open_page, play_some, wait_until_ready
from tests.browser.test_saves_page import SLOT, kept_texts
from tests.browser.watching import watched

pytestmark = pytest.mark.browser


@pytest.fixture
def page(shared_page: Page) -> Page:
    """This module's tests share one booted game page (restarted for each)."""
    return shared_page


#: Makes the Clipboard API refuse, as a browser without the permission does.
REFUSE_CLIPBOARD = """
Object.defineProperty(navigator, 'clipboard', {value: {
  writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
  readText: () => Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError')),
}});
"""


@pytest.fixture
def other(browser: Browser, base_url: str) -> Iterator[Page]:
    """A second person: another browser profile, with a clipboard the page may use."""
    context = browser.new_context(viewport={"width": 1280, "height": 820}, accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    yield watched(context.new_page(), base_url)
    context.close()


def allow_clipboard(page: Page) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])


def clipboard(page: Page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


def same(a: Game, b: Game) -> bool:
    return records.game_to_record(a) == records.game_to_record(b)


def assert_clean(page: Page) -> None:
    assert page.watch.errors == []
    assert all(url.startswith(page.base) or url.startswith("blob:") for url in page.watch.requests)


def open_share(page: Page) -> None:
    page.click("#btn-share")
    page.wait_for_selector("#share-dialog[open]")


def copy(page: Page, field: str) -> str:
    """Click a Copy button of the Share dialog: it says so, and the clipboard holds the field."""
    button = page.locator(f"#share-dialog button[data-copy='{field}']")
    button.click()
    page.wait_for_function(
        f"document.querySelector(\"#share-dialog button[data-copy='{field}']\").dataset.copied"
    )
    assert button.inner_text() == "Copied ✓"
    text = clipboard(page)
    assert text == page.input_value(f"#{field}")
    return text


# --- A link to the position ---------------------------------------------------------------------


@pytest.mark.parametrize("answer", ["Continue from here as a new game", "Keep my game"])
def test_a_shared_position_opens_elsewhere_as_a_new_game_only_if_accepted(
    page: Page, other: Page, answer: str
) -> None:
    allow_clipboard(page)
    shared = play_some(page, 6, seed=5)
    open_share(page)
    link = copy(page, "share-link")
    assert link == position_link(page.url, shared)
    assert link.startswith(page.base + "index.html#A1;c=")

    mine = play_some(other, 3, seed=21)  # the other person has a game of their own
    saved = other.evaluate(f"localStorage.getItem('{SLOT}')")
    other.goto(link)
    other.wait_for_selector("#link-dialog[open]")
    assert other.inner_text("#link-title") == "Open this position"
    body = other.inner_text("#link-body")
    assert body.startswith("Ann vs Bob, 6 moves played, Ann to play.")
    assert "kept under Kept games" in body
    assert other.locator("#link-preview img").count() == 2
    assert other.evaluate("location.hash") != ""  # kept until answered: a reload asks again
    assert same(game_on_page(other), mine)  # nothing happens before the player answers
    other.click(f"#link-actions button:text-is('{answer}')")
    assert other.evaluate("location.hash") == ""  # answered: a reload does not ask again
    if answer.startswith("Continue"):
        assert same(game_on_page(other), shared)
        assert other.evaluate(f"localStorage.getItem('{SLOT}')") != saved
        assert [records.load(t).ply for t in kept_texts(other)] == [mine.ply]
        assert other.inner_text("#btn-kept") == "Kept games (1)"
        assert "shared position" in other.inner_text("#hint")
    else:
        assert same(game_on_page(other), mine)
        assert other.evaluate(f"localStorage.getItem('{SLOT}')") == saved
        assert kept_texts(other) == []
    other.reload()
    wait_until_ready(other)
    assert not other.is_visible("#link-dialog")
    assert_clean(other)


def test_a_page_opened_with_a_link_asks_instead_of_resuming(browser: Browser, base_url) -> None:
    """The first screen does not auto-resume over a link: Python asks once it has loaded."""
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    try:
        page = watched(context.new_page(), base_url)
        mine = play_some(page, 2, seed=8)
        shared = Game(2, seed=9, names=("Cy", "Di"))
        shared.play(shared.legal_moves()[3])
        fresh = watched(context.new_page(), base_url)
        fresh.goto(base_url + "index.html#" + checked_notation(shared))
        assert fresh.is_visible("#loading-link") or fresh.evaluate(
            "document.documentElement.dataset.akropolis === 'ready'"
        )
        wait_until_ready(fresh)
        fresh.wait_for_selector("#link-dialog[open]")
        assert not fresh.is_visible("#new-dialog")
        assert same(game_on_page(fresh), mine)  # the saved game, behind the question
        fresh.click("#link-actions button:text-is('Keep my game')")
        assert same(game_on_page(fresh), mine)
        assert_clean(fresh)
    finally:
        context.close()


def test_a_first_visit_with_a_link_that_is_declined_shows_the_first_screen(
    page: Page,
) -> None:
    shared = Game(3, seed=4, names=("Ann", "Bob", "Cy"))
    page.goto(page.base + "#" + checked_notation(shared))
    wait_until_ready(page)
    page.wait_for_selector("#link-dialog[open]")
    assert page.inner_text("#link-actions button:nth-child(2)") == "Not now"
    page.click("#link-actions button:text-is('Not now')")
    page.wait_for_selector("#new-dialog[open]")
    page.goto(page.base + "#" + checked_notation(shared))  # the same link again, now accepted
    page.click("#link-actions button:text-is('Continue from here as a new game')")
    assert same(game_on_page(page), shared)
    assert kept_texts(page) == []
    assert_clean(page)


# --- The city as SVG, the snippet and the notation ----------------------------------------------


@pytest.mark.parametrize(("player", "explain"), [(0, True), (1, False)])
def test_a_city_downloads_as_svg(page: Page, tmp_path: Path, player: int, explain: bool) -> None:
    game = play_some(page, 8, seed=6)
    open_share(page)
    page.select_option("#share-player", str(player))
    if not explain:
        page.uncheck("#share-explain")
    preview = page.locator("#share-svg img")
    assert preview.get_attribute("alt") == f"{game.names[player]}'s city"
    assert preview.get_attribute("src").startswith("blob:")
    page.wait_for_function(  # the picture decodes: the blob is a valid SVG image
        "(() => { const i = document.querySelector('#share-svg img');"
        " return i.complete && i.naturalWidth > 0; })()"
    )
    with page.expect_download() as download:
        page.click("#share-dialog button[data-share='svg']")
    name = download.value.suggested_filename
    suffix = "-explained" if explain else ""
    assert name == f"akropolis-{game.names[player].lower()}-move8{suffix}.svg"
    path = tmp_path / name
    download.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert text == svg.city(game, player=player, explain=explain, size=640)
    root = ElementTree.fromstring(text)  # well-formed
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    assert root.find(f"{ns}title").text.startswith(f"{game.names[player]}'s city: ")
    cells = list(game.cities[player].hexes())
    polygons = root.findall(f".//{ns}polygon")
    assert len(polygons) > len(cells)  # every cell's top face, at least
    if explain:
        titles = [g.find(f"{ns}title").text for g in root.iter(f"{ns}g")]
        verdicts = game.score(player).hexes
        assert len(titles) == len(verdicts)
        for verdict in verdicts:
            assert any(f"at {verdict.cell[0]},{verdict.cell[1]}," in t for t in titles)
    assert page.watch.errors == []


def test_the_embed_snippet_and_the_notation(page: Page) -> None:
    allow_clipboard(page)
    game = play_some(page, 5, seed=7)
    open_share(page)
    snippet = copy(page, "share-embed")
    assert snippet == embed_snippet(page.url, game)
    assert snippet.startswith(f'<iframe src="{page.base}embed.html#A1;c=')
    assert 'title="Akropolis: Ann vs Bob, 5 moves played, Bob to play"' in snippet
    assert snippet.endswith("</iframe>\n" + HOST_SCRIPT)  # the documentation's, word for word
    text = copy(page, "share-notation")
    assert text == checked_notation(game)
    assert same(records.load(text), game)
    page.wait_for_timeout(2800)  # the "Copied" state passes
    assert page.inner_text("#share-dialog button[data-copy='share-notation']") == "Copy"
    assert_clean(page)


def test_a_refused_copy_leaves_the_text_selected_to_copy_by_hand(own_page: Page) -> None:
    page = own_page
    page.add_init_script(REFUSE_CLIPBOARD)
    play_some(page, 2, seed=7)
    open_share(page)
    page.click("#share-dialog button[data-copy='share-link']")
    page.wait_for_selector("#share-note:not([hidden])")
    assert "copy it yourself" in page.inner_text("#share-note")
    selected = page.evaluate(
        """() => { const f = document.activeElement;
                   return [f.id, f.value.slice(f.selectionStart, f.selectionEnd)]; }"""
    )
    assert selected == ["share-link", page.input_value("#share-link")]
    assert page.inner_text("#share-dialog button[data-copy='share-link']") == "Copy"
    assert page.watch.errors == []


# --- Damaged and hostile links ------------------------------------------------------------------


def _damaged() -> dict[str, tuple[str, str]]:
    game = Game(2, seed=3, names=("Ann", "Bob"))
    for _ in range(4):
        game.play(game.legal_moves()[0])
    text = checked_notation(game)
    return {
        "cut-short": (text[:-5], "does not match its check: it was cut short or changed"),
        "mistyped": (text.replace("n=Ann", "n=Anm"), "does not match its check"),
        "script": ("<script>window.pwned=1</script>", "does not hold a game"),
        "image-off-origin": (
            '<img src="http://evil.example/x.png" onerror="window.pwned=1">',
            "does not hold a game",
        ),
        "script-in-a-name": (
            "A1;p=2;n=%3Cimg%20src%3Dhttp%3A%2F%2Fevil.example%2Fx%20onerror%3Dpwned%3D1%3E|B;"
            "s=1;m=99@0,0:0",
            "the name must have 1 to 40 characters",
        ),
        "a-city": ("C1;st=0;m=", "holds a city, not a game"),
        "100-kB": ("A1;" + "x" * 100_000, "too long to hold a game (100,003 characters"),
    }


DAMAGED = _damaged()


def only_the_pages_own_inline_script(page: Page) -> bool:
    """No script was injected: the one inline script is the page's Python entry point."""
    inline = page.locator("script:not([src])")
    return inline.count() == 1 and inline.first.text_content().split() == [
        "from",
        "browser.language",
        "import",
        "start_language",
        "from",
        "game.browser.page",
        "import",
        "main",
        "start_language()",
        "main()",
    ]


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_or_hostile_link_is_refused_and_the_game_stays(page: Page, name: str) -> None:
    text, reason = DAMAGED[name]
    game = play_some(page, 3, seed=4)
    saved = page.evaluate(f"localStorage.getItem('{SLOT}')")
    page.goto(page.base + "#" + text)  # the page is open: the link arrives as a hash change
    page.wait_for_selector("#message-dialog[open]")
    message = page.inner_text("#message")
    assert message.startswith("This link cannot be opened: ")
    assert reason in message and message.endswith("Your game is as it was.")
    assert len(message) < 300
    assert same(game_on_page(page), game)
    assert page.evaluate(f"localStorage.getItem('{SLOT}')") == saved
    assert page.evaluate("location.hash") == ""
    assert page.evaluate("window.pwned") is None
    assert page.locator("img[src*='evil']").count() == 0
    assert only_the_pages_own_inline_script(page)
    assert kept_texts(page) == []
    assert_clean(page)


def test_a_page_loaded_with_a_hostile_link_starts_and_refuses_it(page: Page) -> None:
    game = play_some(page, 2, seed=4)
    text, reason = DAMAGED["image-off-origin"]
    page.goto("about:blank")
    page.goto(page.base + "index.html#" + text)
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    assert reason in page.inner_text("#message")
    assert same(game_on_page(page), game)
    assert page.evaluate("window.pwned") is None
    assert not page.is_visible("#new-dialog")
    assert_clean(page)


def test_a_link_damaged_on_a_first_visit_leaves_the_first_screen(page: Page) -> None:
    text, reason = DAMAGED["cut-short"]
    page.goto(page.base + "#" + text)
    wait_until_ready(page)
    page.wait_for_selector("#message-dialog[open]")
    assert reason in page.inner_text("#message")
    page.click("#message-dialog button:text('OK')")
    # The New game form, as on any first visit, once the message's close event has run.
    page.wait_for_selector("#new-dialog[open]", timeout=5000)
    open_page(page)
    assert_clean(page)


def test_a_valid_link_with_markup_in_its_names_shows_them_as_text(page: Page) -> None:
    names = ("<img src=x onerror=pwned=1>", "<b>Bob</b>")
    shared = Game(2, seed=12, names=names)
    shared.play(shared.legal_moves()[0])
    page.goto(page.base + "#" + checked_notation(shared))
    wait_until_ready(page)
    page.wait_for_selector("#link-dialog[open]")
    assert page.inner_text("#link-body").startswith(f"{names[0]} vs {names[1]}, 1 move played")
    assert names[0] in page.inner_text("#link-preview")
    page.click("#link-actions button:text-is('Continue from here as a new game')")
    assert same(game_on_page(page), shared)
    assert page.inner_text("#players [data-player='0'] .name").startswith(names[0])
    assert page.locator("img[src='x'], #app b:text-is('Bob')").count() == 0
    assert page.evaluate("window.pwned") is None
    assert_clean(page)
