"""The French and Polish catalogs themselves: complete, faithful to their source sentences,
typeset as each language is, and with the right plural forms."""

from __future__ import annotations

import re
from functools import cache

import pytest

from common.i18n import Translator
from tools.page_text import normalize
from tools.po import Entry, compile_mo
from tools.translations import PLURAL_FORMS, TRANSLATED, catalog, first_screen

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
MARKUP = re.compile(r"<[^>]+>|&[a-z#0-9]+;")
NARROW = "\u202f"


@cache
def entries(language: str) -> tuple[Entry, ...]:
    return tuple(entry for entry in catalog(language) if entry.msgid)


def where(entry: Entry) -> str:
    return f"{entry.msgid!r} ({entry.references[0] if entry.references else '?'})"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str) -> None:
    missing = [where(e) for e in entries(language) if not all(e.msgstr) or "fuzzy" in e.flags]
    assert not missing, f"{len(missing)} missing, e.g. {missing[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_entries_have_the_languages_number_of_forms(language: str) -> None:
    forms = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    wrong = [where(e) for e in entries(language) if e.msgid_plural and len(e.msgstr) != forms]
    assert not wrong


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_and_markup_are_those_of_the_source(language: str) -> None:
    wrong = []
    for entry in entries(language):
        for text in entry.msgstr:
            if not text:
                continue
            source = entry.msgid if entry.msgid_plural is None else entry.msgid_plural
            wanted, found = set(PLACEHOLDER.findall(source)), set(PLACEHOLDER.findall(text))
            if entry.msgid_plural is not None and text is not entry.msgstr[-1]:
                found |= {"{count}"} & wanted  # a singular form may say "one" for {count}
            if found != wanted:
                wrong.append(f"placeholders: {where(entry)}: {text!r}")
            if sorted(MARKUP.findall(text)) != sorted(MARKUP.findall(source)):
                wrong.append(f"markup: {where(entry)}: {text!r}")
    assert not wrong, "\n".join(wrong[:10])


def test_french_has_a_narrow_no_break_space_before_high_punctuation_and_inside_quotes() -> None:
    wrong = []
    for entry in entries("fr"):
        for text in entry.msgstr:
            bare = MARKUP.sub("", PLACEHOLDER.sub("x", text))
            bare = re.sub(r"https?://\S+|C1;\S*|A1;\S*|\(C1;…\)|\(A1;…\)", "", bare)
            if re.search(r"(?<=[^\s\u202f])[:;!?](?=\s|$)", bare) and not re.search(r"\d:\d", bare):
                wrong.append(f"no space before high punctuation: {text!r}")
            if re.search(r"[ \u00a0][:;!?]", bare):
                wrong.append(f"a wide space before high punctuation: {text!r}")
            if "«" in bare and not re.search("«" + NARROW, bare):
                wrong.append(f"no narrow space inside «: {text!r}")
            if '"' in bare:
                wrong.append(f"straight quotes: {text!r}")
    assert not wrong, "\n".join(wrong[:10])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_first_screens_sentences_are_written_as_the_browser_reads_them(language) -> None:
    """i18n.js looks a page's texts up with their whitespace collapsed."""
    for msgid in first_screen(list(entries(language))):
        assert msgid == normalize(msgid), msgid


COUNTS = (0, 1, 2, 5, 12, 22, 112)
EXPECTED = {
    "fr": [
        "0 Pierre",
        "1 Pierre",
        "2 Pierres",
        "5 Pierres",
        "12 Pierres",
        "22 Pierres",
        "112 Pierres",
    ],
    "pl": [
        "0 kamieni",
        "1 kamień",
        "2 kamienie",
        "5 kamieni",
        "12 kamieni",
        "22 kamienie",
        "112 kamieni",
    ],
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_plurals_of_stones_in_each_language(language: str) -> None:
    from akropolis.sentences import stone_count

    translator = Translator(language, compile_mo(list(catalog(language))))
    shown = [translator.translate(stone_count(count)).lower() for count in COUNTS]
    assert shown == [text.lower() for text in EXPECTED[language]]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("count", COUNTS)
def test_every_plural_renders_for_each_count(language: str, count: int) -> None:
    translator = Translator(language, compile_mo(list(catalog(language))))
    for entry in entries(language):
        if entry.msgid_plural:
            values = {name[1:-1]: "x" for name in PLACEHOLDER.findall(entry.msgid_plural)}
            values.pop("count", None)
            text = translator.ngettext(entry.msgid, entry.msgid_plural, count, **values)
            if count >= 2 and "{count}" in entry.msgid_plural:  # singular forms may say "one"
                assert str(count) in text, where(entry)


def test_a_city_picture_speaks_the_language_it_is_given() -> None:
    """The downloaded picture of a city: its scorepad, key and every district's tooltip."""
    from akropolis import Game
    from akropolis.picture import scene, svg
    from akropolis.picture.markup import escape

    game = Game(2, seed=7, variants=("markets",))
    for _ in range(8):
        game.play(game.legal_moves()[0])
    french = Translator("fr", compile_mo(list(catalog("fr"))))
    english = svg.city(game, player=0, explain=True)
    picture = svg.city(game, player=0, explain=True, say=french.translate)
    assert "Houses" in english and "Habitations" not in english
    assert "Habitations" in picture and "Marchés (variante)" in picture
    assert "Pierres" in picture and "ne compte pas" in picture and "Houses" not in picture
    for verdict in game.score(0).hexes:
        assert escape(french.translate(scene.verdict_title(verdict))) in picture
