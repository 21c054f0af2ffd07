"""One rule for players' names, the same through the API, a record and notation.

A name needs a character that draws ink, and no two names of a game may look the same to a
person: play by link asks "Who are you?", and two seats both called "Ann" (or "Ann" and "ann",
or "Ann" and "Ann" with an invisible joiner) cannot be told apart.
"""

from __future__ import annotations

import copy

import pytest

from akropolis import Game, notation, records
from akropolis.checks import check_distinct_names, check_name
from akropolis.names import draws_ink, first_look_alike, look_alike_key
from akropolis.records import RecordError

#: The three ways into the engine that take names.
WAYS = ("api", "record", "notation")

#: A seeded game whose names the tests replace.
_RECORD = records.game_to_record(Game(2, seed=7))


def open_game(way: str, names: list[str]) -> Game:
    """A game with these ``names`` through ``way``; ValueError (RecordError) if refused."""
    if way == "api":
        return Game(len(names), seed=7, names=names)
    record = copy.deepcopy(_RECORD)
    record["players"] = [{"name": name} for name in names]
    if way == "record":
        return records.load(records.dumps(record))
    return records.load(notation.format_game(record, check=True))


def refusal(way: str, names: list[str]) -> str:
    with pytest.raises(ValueError) as caught:
        open_game(way, names)
    if way != "api":
        assert isinstance(caught.value, RecordError)
    return str(caught.value)


# --- A name needs a character that draws ink -----------------------------------------------------

HANGUL_FILLERS = {
    "hangul filler": "\u3164",
    "three hangul fillers": "\u3164\u3164\u3164",
    "choseong and jungseong fillers": "\u115f\u1160",
    "halfwidth hangul filler": "\uffa0",
}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("name", HANGUL_FILLERS.values(), ids=list(HANGUL_FILLERS))
def test_a_name_of_hangul_fillers_is_refused_as_blank(way: str, name: str) -> None:
    """Hangul fillers are letters to the character database, but a person sees a blank."""
    assert "needs at least one visible character" in refusal(way, [name, "Bob"])


BLANK_LOOKING = {
    "braille blank": "\u2800",
    "braille blanks and spaces": "\u2800 \u2800",
    "null notehead": "\U0001d159",
    "variation selectors": "\ufe0f\ufe0e",
    "combining grapheme joiner": "\u034f",
    "khmer inherent vowels": "\u17b4\u17b5",
    "mongolian free variation selector": "\u180b",
    "a filler, a space, a joiner": "\u3164 \u200d",
    "an unassigned ignorable": "\ufff0",
    "combining acute accents": "\u0301\u0301",
}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("name", BLANK_LOOKING.values(), ids=list(BLANK_LOOKING))
def test_a_name_that_looks_blank_is_refused(way: str, name: str) -> None:
    """Blank Braille, default-ignorable characters and combining marks alone draw no ink."""
    assert "needs at least one visible character" in refusal(way, ["Ann", name])


SHOWN = {
    "emoji with a variation selector": "\u2764\ufe0f",
    "family emoji with joiners": "\U0001f469\u200d\U0001f469\u200d\U0001f467",
    "letters around blank braille": "Ann\u2800Lee",
    "korean syllables": "\ud55c\uae00",
    "a letter with a combining accent": "e\u0301",
    "a character newer than unicode 14": "\U0001fae8",
}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("name", SHOWN.values(), ids=list(SHOWN))
def test_a_name_with_a_character_that_draws_ink_is_accepted(way: str, name: str) -> None:
    """Invisible helpers beside visible characters are fine: emoji and scripts need them."""
    assert open_game(way, [name, "Bob"]).names == (name, "Bob")


def test_control_and_invisible_format_characters_are_still_refused_anywhere() -> None:
    """What was refused before stays refused, even beside visible characters."""
    for char in ("\x00", "\x1b", "\u200b", "\u202e", "\u2028", "\ufeff", "\U000e0041"):
        with pytest.raises(ValueError, match="control or invisible characters"):
            check_name(f"Ann{char}")


# --- No two names look the same ------------------------------------------------------------------

LOOK_THE_SAME = {
    "identical": "Ann",
    "other case": "ann",
    "trailing space and joiner": "Ann \u200d",
    "fullwidth": "\uff21\uff4e\uff4e",
    "leading and doubled spaces": "  Ann",
    "a hangul filler after": "Ann\u3164",
    "a variation selector inside": "A\ufe0fnn",
    "capitals": "ANN",
}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("other", LOOK_THE_SAME.values(), ids=list(LOOK_THE_SAME))
def test_two_players_whose_names_look_the_same_are_refused(way: str, other: str) -> None:
    """The message names both seats, from 1, and the first seat's name."""
    assert refusal(way, ["Ann", other]) == "players 1 and 2 have the same name (\u201cAnn\u201d)"


@pytest.mark.parametrize("way", WAYS)
def test_the_first_two_seats_whose_names_clash_are_named(way: str) -> None:
    assert refusal(way, ["Bob", "Ann", "Cy", "ann"]) == (
        "players 2 and 4 have the same name (\u201cAnn\u201d)"
    )


DIFFERENT = [
    ("Ann", "Anne"),
    ("Zoë", "Zoe"),
    ("Ann Lee", "AnnLee"),
    ("Player 1", "Player 10"),
    ("\U0001f469", "\U0001f468"),
]


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("names", DIFFERENT, ids=[" vs ".join(pair) for pair in DIFFERENT])
def test_names_a_person_can_tell_apart_are_accepted(way: str, names: tuple[str, str]) -> None:
    assert open_game(way, list(names)).names == names


def test_the_look_alike_key_folds_width_case_ignorables_and_spaces() -> None:
    assert {look_alike_key(name) for name in LOOK_THE_SAME.values()} == {"ann"}
    assert look_alike_key(" Ann \u2800  Lee ") == "ann lee"
    assert first_look_alike(["A", "B", "C"]) is None
    assert first_look_alike(["A", "B", "b", "a"]) == (1, 2)


def test_check_distinct_names_is_the_rule_games_use() -> None:
    """The one function the calculator and the form call is the one ``Game`` applies."""
    with pytest.raises(ValueError) as direct:
        check_distinct_names(["Bob", "bob"])
    with pytest.raises(ValueError) as through_game:
        Game(2, names=["Bob", "bob"])
    assert str(direct.value) == str(through_game.value)


def test_characters_newer_than_unicode_14_count_as_visible_and_are_kept_by_the_key() -> None:
    """On CPython 3.11 they are unassigned; every Python judges them so (see tests/pyodide)."""
    for char in ("\U0001fae8", "\U00010efc", "\U00013439", "\U0001ccd6"):
        assert draws_ink(char)
        assert check_name(char) == char
        assert look_alike_key(char) == char


@pytest.mark.parametrize("way", WAYS)
def test_a_tower_of_combining_marks_is_refused_and_real_accents_are_not(way: str) -> None:
    """A letter with 39 marks paints far over the page around the name; Vietnamese (two marks),
    Devanagari (three signs) and a few marks spread over a name are every script's own."""
    assert "39 marks on one character" in refusal(way, ["Ann", "Z" + "\u0301" * 39])
    assert "5 marks on one character" in refusal(way, ["Ann", "Ze" + "\u0308" * 5])
    for name in (
        "Nguy\u1ec5n",
        "Vie\u0323\u0302t",
        "\u0915\u094d\u0937\u093f",
        "e\u0301\u0301\u0301\u0301",
    ):
        assert open_game(way, [name, "Bob"]).names == (name, "Bob")
