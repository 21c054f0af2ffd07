"""The escape finder the translation tests rely on finds what escapes, and only that."""

from __future__ import annotations

from tests.web.words import untranslated


def test_words_outside_the_translated_sentences_are_found() -> None:
    html = '<p>⟦Ságé⟧ Leftover</p><button aria-label="Stray ⟦ók⟧" title="⟦ýés⟧">⟦á⟧</button>'
    assert untranslated(html) == {"Leftover", "Stray"}


def test_names_pictures_and_notation_are_not_words_to_translate() -> None:
    html = "<b>Ann</b> ⟦pláýéd⟧ <code>18@0,2:0 tile</code><svg><title>City</title></svg>"
    assert untranslated(html, {"Ann"}, pictures=True) == set()
    assert untranslated(html, {"Ann"}) == {"tile"}
