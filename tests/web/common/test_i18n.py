"""Sentences in the visit's language (common/i18n.py): gettext over a compiled catalog, whole
sentences with named placeholders, the language's plural forms, contexts, lists joined by the
language's own patterns, and English whenever a catalog is missing, unreadable or wrong."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import common.i18n as i18n
from akropolis import Game, IllegalMoveError
from akropolis.scoring import final_result
from common.i18n import Translator, clamp_stretch, pseudo
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

msgid "cannot afford tile {tile}: it costs {cost} and {name} has {stones}"
msgstr "impossible de payer la tuile {tile} : elle coûte {cost} et {name} a {stones}"

msgid "{count} stone"
msgid_plural "{count} stones"
msgstr[0] "{count} Pierre"
msgstr[1] "{count} Pierres"

msgid "{names} tie on {points} points; {name} has more stones ({stones})"
msgstr "égalité à {points} points entre {names} ; {name} a plus de Pierres ({stones})"

msgctxt "decimal separator"
msgid "."
msgstr ","

msgctxt "thousands separator"
msgid ","
msgstr " "
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


def test_an_engine_refusal_is_translated_with_its_values(french: Translator) -> None:
    game = Game(players=2, seed=1)  # seat 1 has 1 stone: the third tile costs 2
    move = game.legal_moves()[0].move._replace(tile=game.site[2])
    with pytest.raises(IllegalMoveError) as raised:
        game.check(move)
    assert str(raised.value).startswith(f"cannot afford tile {game.site[2]}: it costs 2 stones")
    said = french.translate(raised.value.args[0])
    assert said == (
        f"impossible de payer la tuile {game.site[2]} : elle coûte 2 Pierres et "
        f"{game.names[0]} a 1 Pierre"
    )


def test_a_result_names_the_tied_players_in_the_languages_list(french: Translator) -> None:
    result = final_result(["Ann", "Bob", "Cy"], [40, 40, 40], [3, 2, 3])
    assert result.tied == (0, 1, 2) and result.stones == (3, 2, 3)
    assert result.winners == (0, 2)
    assert result.explanation == "Ann and Cy tie on 40 points and 3 stones: a shared victory"
    said = french.translate(final_result(["Ann", "Bob"], [40, 40], [3, 2]).explanation)
    assert said == "égalité à 40 points entre Ann et Bob ; Ann a plus de Pierres (3)"


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 Pierre"), (1, "1 Pierre"), (2, "2 Pierres")]
)
def test_an_engine_plural_takes_the_languages_form(french: Translator, count, expected) -> None:
    from akropolis.sentences import stone_count

    assert french.translate(stone_count(count)) == expected


def test_numbers_use_the_languages_separators(french: Translator) -> None:
    assert Translator().number(1234.5, 1) == "1,234.5"
    assert french.number(1234.5, 1) == "1\u202f234,5"
    assert french.number(-3) == "-3"


def test_the_pseudo_language_transforms_every_sentence_but_not_its_values() -> None:
    pseudo_language = Translator("qps", stretch=40)
    shown = pseudo_language.gettext("Tile {tile} costs {cost}", tile=12, cost="Ann")
    assert shown.startswith("⟦Tílé 12 çósts Ann") and shown.endswith("~~~~ ~~~~ ⟧")
    assert pseudo("<b>Hint</b> &amp; go") == "⟦<b>Híñt</b> &amp; gó⟧"
    assert pseudo_language.number(1234) == "1,234"


def test_the_page_translator_is_used_by_the_module_functions(french: Translator) -> None:
    before = i18n.current()
    try:
        i18n.use(french)
        assert i18n._("{name} places a tile.", name="Ann") == "Ann pose une tuile."
        assert i18n.join(["Ann", "Bob"]) == "Ann et Bob"
        assert (
            i18n.explain(ValueError(final_result(["A"], [1], [0]).explanation))
            == "A has the most points"
        )
    finally:
        i18n.use(before)


def test_a_links_stretch_is_clamped_to_a_sensible_length() -> None:
    """``?lang=qps&stretch=…`` comes from a link: a huge, infinite, negative or absurd value
    is clamped (0 to 100 percent), never a crash, a hang or a name too long to play with."""
    assert [clamp_stretch(v) for v in (40, "40", 40.4, -5, 370, 1e9)] == [40, 40, 40, 0, 100, 100]
    for absurd in (float("inf"), float("-inf"), float("nan"), "Infinity?", None, object()):
        assert clamp_stretch(absurd) == 0
    longest = Translator("qps", stretch=10**9).gettext("Player {number}", number=1)
    # the sentence twice as long at most: a default name still fits a name's 40 characters
    assert len(longest) <= len("Player 1") + len("Player {number}") + 2 <= 40
    assert len(pseudo("Player 1", float("inf"))) == len("⟦Pláyér 1⟧")
