"""The pages in French, Polish and the pseudo-language, in a real browser.

The first screen is in the browser's language before Python has loaded; the switch changes the
language, is remembered and brings the game back; a whole game is played in French and in
Polish; the calculator and the embed speak each language; and in the pseudo-language (every
sentence transformed, 40% longer) no visible text, title, label or picture description escapes
translation and nothing overflows, on desktop and on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from playwright.sync_api import Browser, Page

from akropolis import Game, records
from akropolis.rng import SplitMix64
from common.i18n import Translator
from tests.browser.tabs import DESKTOP
from tests.browser.test_embed import CITY, SETTLED
from tests.browser.test_game_ui import (
    choose,
    play_through_ui,
    play_whole_game,
    start_game,
    wait_until_ready,
)
from tests.browser.watching import watched
from tools.translations import ROOT, catalog, compiled

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3}
LOCALES = {"fr": "fr-FR", "pl": "pl-PL"}


@cache
def translator(language: str) -> Translator:
    mos, _ = compiled(ROOT)
    return Translator(language, mos[language])


def said(language: str, message: str) -> str:
    return translator(language).gettext(message)


@pytest.fixture
def tab(browser: Browser, base_url: str) -> Iterator:
    """``tab(locale=None, phone=False)``: a new profile whose browser speaks ``locale``."""
    contexts = []

    def make(locale: str | None = None, phone: bool = False) -> Page:
        options = (
            {**PHONE, "is_mobile": True, "has_touch": True} if phone else {"viewport": DESKTOP}
        )
        context = browser.new_context(**options, **({"locale": locale} if locale else {}))
        contexts.append(context)
        return watched(context.new_page(), base_url)

    yield make
    for context in contexts:
        context.close()


def test_the_catalogs_are_complete() -> None:
    """The browser tests below read the catalogs: every entry must be translated."""
    for language in LOCALES:
        missing = [e.msgid for e in catalog(language) if e.msgid and not all(e.msgstr)]
        assert not missing, f"{language}: {len(missing)} untranslated, e.g. {missing[:3]}"


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_first_screen_speaks_the_browsers_language_before_python(tab, language) -> None:
    page = tab(LOCALES[language])
    page.route("**/python.zip", lambda route: None)  # Python never arrives
    page.goto(page.base)
    page.wait_for_function("document.documentElement.dataset.firstScreen === 'usable'")
    assert page.evaluate("document.documentElement.lang") == language
    assert page.evaluate("'translating' in document.documentElement.dataset") is False
    assert page.inner_text("#quick-ai-title").strip() == said(language, "Play the computer")
    assert page.inner_text("#more-options > summary").strip() == said(language, "More options")
    first = translator(language).gettext("Player {number}", number=1)
    assert page.get_attribute("#your-name", "placeholder") == first  # a placeholder, not a name
    assert page.get_attribute("#seats label:nth-child(1) input", "placeholder") == first
    assert page.input_value("#your-name") == ""
    assert said(language, "Play the computer") != "Play the computer"
    rules = page.inner_html("#rules")
    assert said(language, "Scoring") in rules
    manifest = page.get_attribute('link[rel="manifest"]', "href")
    assert manifest == f"manifest.{language}.webmanifest"
    assert page.request.get(page.base + manifest).json()["lang"] == language


def test_the_switch_is_remembered_and_brings_the_game_back(tab) -> None:
    page = tab("en-US")
    page.goto(page.base)
    wait_until_ready(page)
    start_game(page, ["Ann", "Bob"], seed=3)
    game = records.load(page.evaluate("akropolisApp.record()"))
    play_through_ui(page, choose(page, game, SplitMix64(3)))
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    before = page.evaluate("akropolisApp.record()")
    page.select_option("header select.language", "pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    wait_until_ready(page)
    assert page.is_hidden("#new-dialog")  # the game came back at once
    page.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 1")
    assert page.evaluate("akropolisApp.record()") == before  # records are language-neutral
    assert page.inner_text("#btn-new").strip() == said("pl", "New game")
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.input_value("header select.language") == "pl"


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_a_whole_game_in_the_language(tab, language) -> None:
    page = tab(LOCALES[language])
    game: Game = play_whole_game(page, ["Ann", "Bob"], ("houses", "gardens"), seed=5)
    end = page.inner_text("#end-dialog")
    assert said(language, "Final scores") in end
    assert translator(language).translate(game.result().explanation) in end
    assert "⟦" not in end
    assert page.watch.errors == []


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_calculator_in_the_language(tab, language) -> None:
    page = tab(LOCALES[language])
    page.goto(page.base + "calculator.html")
    page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
    assert page.evaluate("document.documentElement.lang") == language
    text = page.inner_text("body")
    assert said(language, "Score calculator") in text
    assert said(language, "Start over") in text
    assert page.watch.errors == []


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_embed_takes_its_lang_option(tab, language) -> None:
    page = tab("en-US")
    page.goto(f"{page.base}embed.html?lang={language}#{CITY}")
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert page.evaluate("document.documentElement.lang") == language
    text = page.inner_text("body")
    assert said(language, "Open in Akropolis") in text or page.is_hidden("#open")
    english = Translator()
    kinds = [english.pgettext("district kind", k) for k in ("Houses", "Markets", "Temples")]
    assert not any(
        k in text for k in kinds if translator(language).pgettext("district kind", k) != k
    )


#: Texts that are not sentences: names, numbers, symbols, the game's name.
EXEMPT = re.compile(r"Akropolis|Σ|Ann|Bob|Hippodamos|Metagenes|Callicrates|[^\w]|\d|_", re.UNICODE)

ESCAPES = """() => {
  const out = [];
  const visible = (el) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    return el.getClientRects().length > 0;
  };
  const skip = (el) => el.closest('[translate="no"], script, style, svg, canvas, option[lang]');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip(el) || !visible(el) || el.closest('[hidden], dialog:not([open])')) continue;
    // a sentence with words in bold is several text nodes: judge the block that holds them
    let block = el;
    while (block.parentElement && getComputedStyle(block).display === 'inline') {
      block = block.parentElement;
    }
    if (/\\p{L}/u.test(node.data) && !block.textContent.includes('⟦')) out.push(node.data.trim());
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [alt], [placeholder]')) {
    if (skip(el)) continue;
    for (const name of ['title', 'aria-label', 'alt', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && /\\p{L}/u.test(value) && !value.includes('⟦')) out.push(`${name}: ${value}`);
    }
  }
  return out;
}"""

OVERFLOWS = """() => {
  const out = [];
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) out.push('the page scrolls sideways');
  const boxes = 'button, .button, label, h1, h2, h3, legend, th, select';
  for (const el of document.querySelectorAll(boxes)) {
    if (!el.getClientRects().length || el.closest('[hidden], dialog:not([open])')) continue;
    if (el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible') {
      out.push(`${el.tagName.toLowerCase()}#${el.id}: ${el.textContent.trim().slice(0, 40)}`);
    }
    const box = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()}#${el.id}`;
    if (box.right > window.innerWidth + 1) out.push(`off screen: ${name}`);
  }
  return out;
}"""


def escaped(page: Page) -> list[str]:
    return [text for text in page.evaluate(ESCAPES) if EXEMPT.sub("", text.split(": ", 1)[-1])]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("stretch", [0, 40])
def test_no_text_escapes_the_pseudo_language_and_nothing_overflows(tab, phone, stretch) -> None:
    page = tab("en-US", phone=phone)
    page.goto(f"{page.base}?lang=qps&stretch={stretch}")
    wait_until_ready(page)
    assert escaped(page) == [], escaped(page)  # the New game dialog
    assert page.evaluate(OVERFLOWS) == [], page.evaluate(OVERFLOWS)
    page.click("#more-options > summary")  # and what it folds away
    assert escaped(page) == [], escaped(page)
    assert page.evaluate(OVERFLOWS) == [], page.evaluate(OVERFLOWS)
    start_game(page, ["Ann", "Bob"], ("markets",), seed=2)
    game = records.load(page.evaluate("akropolisApp.record()"))
    rng = SplitMix64(2)
    for _ in range(3):
        move = choose(page, game, rng)
        play_through_ui(page, move)
        game.play(move)
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    assert escaped(page) == []
    assert page.evaluate(OVERFLOWS) == [], page.evaluate(OVERFLOWS)
    page.click("#btn-scoring")  # the scoring explained: the marks' key, the explanation
    if phone:
        page.click("#btn-side")
    assert escaped(page) == [], escaped(page)
    assert page.evaluate(OVERFLOWS) == [], page.evaluate(OVERFLOWS)
    if phone:
        page.keyboard.press("Escape")
    page.keyboard.press("?")  # the list of keys
    page.wait_for_selector("#keys-dialog[open]")
    assert escaped(page) == [], escaped(page)
    assert page.evaluate(OVERFLOWS) == [], page.evaluate(OVERFLOWS)
    page.keyboard.press("Escape")
    page.click("#btn-menu" if phone else "#btn-rules")
    if phone:
        page.click("#btn-rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert escaped(page) == []


@pytest.mark.parametrize("path", ["calculator.html", "embed.html"])
def test_the_other_pages_in_the_pseudo_language(tab, path) -> None:
    page = tab("en-US")
    page.goto(f"{page.base}{path}?lang=qps&stretch=40#{CITY}")
    page.wait_for_function(SETTLED, timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert escaped(page) == []


#: What a hostile link may put in the pages' query: the pseudo-language stretched absurdly, and
#: languages that are no language.
HOSTILE_QUERIES = [
    "lang=qps&stretch=1e9",
    "lang=qps&stretch=Infinity",
    "lang=qps&stretch=370",
    "lang=qps&stretch=-5",
    "lang=qps&stretch=NaN",
    "lang=%3Cb%3Ex%3C/b%3E&stretch=40",
    "lang=" + "fr" * 600,
]


@pytest.mark.parametrize("query", HOSTILE_QUERIES)
def test_a_hostile_lang_or_stretch_in_a_link_neither_crashes_nor_hangs_a_page(tab, query) -> None:
    """Each page starts in a bounded time and works: the game starts with its default names
    (a stretched "Player 1" still fits a name), the calculator and the embed show their city."""
    page = tab("en-US")
    page.goto(f"{page.base}?{query}")
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    page.click('#quick [data-quick="people:2"]')
    page.wait_for_selector("#new-dialog", state="hidden")
    names = records.load(page.evaluate("akropolisApp.record()")).names
    assert len(names) == 2 and all(1 <= len(name) <= 40 for name in names)
    for path in ("calculator.html", "embed.html"):
        page.goto(f"{page.base}{path}?{query}#{CITY}")
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.akropolis") in ("ready", "error")
        if path == "calculator.html":
            assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert page.watch.errors == []


@pytest.mark.parametrize("body", [None, "window.akropolisI18n = (;"], ids=["missing", "broken"])
def test_a_missing_or_broken_i18n_js_costs_the_translation_never_the_page(tab, body) -> None:
    """i18n.js answered 404, or with a script that throws: every page starts in English, the
    game plays, no error is shown for nothing done; the language switch is not offered."""
    page = tab("fr-FR")

    def answer(route) -> None:
        if body is None:
            route.fulfill(status=404, body="missing")
        else:
            route.fulfill(body=body, content_type="text/javascript")

    page.route("**/i18n.js", answer)
    page.goto(page.base)
    page.wait_for_function(SETTLED, timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    assert page.is_hidden("#message-dialog")  # nothing went wrong: nothing is said
    assert page.inner_text("#quick-ai-title") == "Play the computer"
    assert page.is_hidden("#new-dialog select.language")
    page.click('#quick [data-quick="ai:easy"]')
    page.wait_for_selector("#new-dialog", state="hidden")
    assert records.load(page.evaluate("akropolisApp.record()")).kinds == ("human", "ai:easy")
    for path in ("calculator.html", "embed.html"):
        page.goto(f"{page.base}{path}#{CITY}")
        page.wait_for_function(SETTLED, timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.akropolis") == "ready", path
