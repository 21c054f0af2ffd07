"""Sentences in the visit's language (common/i18n.py): gettext over a compiled catalog, whole
sentences with named placeholders, the language's plural forms, contexts, lists joined by the
language's own patterns, and English whenever a catalog is missing, unreadable or wrong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.i18n import Translator
from tools.po import compile_mo, read_po

FRENCH = r"""msgid ""
msgstr ""
"Language: fr\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

msgid "{name} places a tile."
msgstr "{name} pose une tuile."

msgid "{count} stone left"
msgid_plural "{count} stones left"
msgstr[0] "{count} Pierre restante"
msgstr[1] "{count} Pierres restantes"

msgctxt "district kind"
msgid "Markets"
msgstr "Marchés"

msgctxt "list of two"
msgid "{first} and {second}"
msgstr "{first} et {second}"

msgctxt "list, going on"
msgid "{start}, {next}"
msgstr "{start}, {next}"

msgctxt "list, its end"
msgid "{start} and {last}"
msgstr "{start} et {last}"

msgid "{name} wins."
msgstr "{nom} gagne."
"""


@pytest.fixture
def french() -> Translator:
    return Translator("fr", compile_mo(read_po(FRENCH)))


def test_a_whole_sentence_is_translated_then_filled(french: Translator) -> None:
    assert french.gettext("{name} places a tile.", name="Ann") == "Ann pose une tuile."


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, "0 Pierre restante"),
        (1, "1 Pierre restante"),
        (2, "2 Pierres restantes"),
        (5, "5 Pierres restantes"),
        (22, "22 Pierres restantes"),
    ],
)
def test_french_counts_zero_and_one_as_singular(french: Translator, count, expected) -> None:
    assert french.ngettext("{count} stone left", "{count} stones left", count) == expected


def test_a_context_tells_one_english_word_apart(french: Translator) -> None:
    assert french.pgettext("district kind", "Markets") == "Marchés"
    assert french.pgettext("variant", "Markets") == "Markets"  # not in this catalog


@pytest.mark.parametrize(
    ("names", "english", "in_french"),
    [
        ([], "", ""),
        (["Ann"], "Ann", "Ann"),
        (["Ann", "Bob"], "Ann and Bob", "Ann et Bob"),
        (["Ann", "Bob", "Cy", "Di"], "Ann, Bob, Cy and Di", "Ann, Bob, Cy et Di"),
    ],
)
def test_lists_are_joined_by_the_languages_own_patterns(french, names, english, in_french) -> None:
    assert Translator().join(names) == english
    assert french.join(names) == in_french


def test_a_translation_with_other_placeholders_falls_back_to_english(french) -> None:
    assert french.gettext("{name} wins.", name="Ann") == "Ann wins."


def test_english_needs_no_catalog_and_an_unreadable_one_is_english() -> None:
    english = Translator()
    assert english.ngettext("{count} stone left", "{count} stones left", 1) == "1 stone left"
    broken = Translator("fr", b"\xde\x12\x04\x95 not a catalog")
    assert broken.fallback
    assert broken.gettext("{name} places a tile.", name="Ann") == "Ann places a tile."


@given(st.binary(max_size=200), st.sampled_from([b"", b"\xde\x12\x04\x95", b"\x95\x04\x12\xde"]))
def test_any_bytes_as_a_catalog_give_sentences_never_an_error(body: bytes, magic: bytes) -> None:
    translator = Translator("fr", magic + body)
    assert isinstance(translator.gettext("{name} places a tile.", name="Ann"), str)
    assert isinstance(translator.ngettext("{count} stone left", "{count} stones left", 3), str)


def test_a_catalog_naming_an_unknown_charset_is_english() -> None:
    text = FRENCH.replace("charset=UTF-8", "charset=no-such-codec")
    broken = Translator("fr", compile_mo(read_po(text)))
    assert broken.fallback
    assert broken.gettext("{name} places a tile.", name="Ann") == "Ann places a tile."
