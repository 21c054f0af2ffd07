"""The sentences of the pages' HTML and JavaScript (tools/page_text.py), found as i18n.js
translates them: texts, readable attributes, whole elements, and nothing that is not a
sentence."""

from __future__ import annotations

import pytest

from tools.catalogs import ExtractionError
from tools.page_text import extract_html, extract_js, normalize


def sentences(html: str) -> list[str]:
    return [message.msgid for message in extract_html(html, "page.html")]


def test_texts_and_readable_attributes_of_the_body_are_sentences() -> None:
    found = sentences(
        '<html><head><title>The game</title><meta name="description" content="Play  it.">'
        '</head><body><button title="Start a game" aria-label="Start">Start\n  now</button>'
        '<img alt="A city"><input placeholder="random"></body></html>'
    )
    assert found == [
        "The game",
        "Play it.",
        "Start a game",
        "Start",
        "Start now",
        "A city",
        "random",
    ]


def test_what_is_not_a_sentence_is_left_out() -> None:
    found = sentences(
        "<body><p>× 2</p><p>42</p><script>t = 'Hidden';</script><style>p{}</style>"
        '<h1 translate="no">Akropolis</h1><p translate="no"><b>Name</b> <i title="Tip">x</i></p>'
        "<svg><text>Label</text></svg></body>"
    )
    assert found == []


def test_an_element_marked_whole_is_one_sentence_in_the_browsers_serialization() -> None:
    found = sentences(
        '<body><span data-i18n-html><b class="k">Play by link</b>, each   player &amp; '
        "their <kbd>R</kbd> key</span></body>"
    )
    assert found == ['<b class="k">Play by link</b>, each player &amp; their <kbd>R</kbd> key']


def test_words_beside_an_inline_element_are_a_sentence_in_pieces() -> None:
    with pytest.raises(ExtractionError, match=r"page.html:1: a <p> holds words beside"):
        sentences("<body><p>Press <kbd>R</kbd> to rotate</p></body>")


def test_a_label_around_a_control_is_a_whole_sentence() -> None:
    assert sentences('<body><label>Seed <input type="text"></label></body>') == ["Seed"]


def test_places_are_kept() -> None:
    messages = extract_html("<body>\n<p>One</p>\n<p>Two</p></body>", "a.html")
    assert [m.references for m in messages] == [["a.html:2"], ["a.html:3"]]


def test_javascript_sentences_are_the_literals_of_t_and_tn() -> None:
    source = (
        'const a = t("Loading the game… {percent}", { percent });\n'
        'x.textContent = tn("{count} move played", "{count} moves played", n);\n'
        'const b = t("Say \\"hi\\"");\n'
        "const c = t(variable);\n"
        'const d = notT("no");\n'
    )
    found = extract_js(source, "a.js")
    assert [(m.msgid, m.msgid_plural) for m in found] == [
        ("Loading the game… {percent}", None),
        ("{count} move played", "{count} moves played"),
        ('Say "hi"', None),
    ]
    assert [m.references for m in found] == [["a.js:1"], ["a.js:2"], ["a.js:3"]]


def test_normalize_collapses_whitespace() -> None:
    assert normalize("  a\n\t b  ") == "a b"
