"""Compact notation: move, game and city texts round-trip with the records and reject junk."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from akropolis import Placement, notation, records
from akropolis.checks import VARIANTS
from akropolis.records import RecordError
from akropolis.simulate import random_game

placements = st.builds(
    Placement,
    st.integers(1, 61),
    st.tuples(st.integers(-400, 400), st.integers(-400, 400)),
    st.integers(0, 5),
)


@given(placements)
def test_move_notation_round_trips(placement: Placement) -> None:
    """parse_move(format_move(p)) == p for every placement in range."""
    assert notation.parse_move(notation.format_move(placement)) == placement


def test_move_notation_example() -> None:
    """The documentation's example move."""
    assert notation.format_move(Placement(18, (0, 2), 0)) == "18@0,2:0"
    assert notation.parse_move("12@1,-2:4") == Placement(12, (1, -2), 4)


@pytest.mark.parametrize("text", ["", "18", "18@0,2", "18@0;2:0", "x@0,2:0", "18@0,2:9x"])
def test_bad_move_notation_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match="is not a move"):
        notation.parse_move(text)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**64 - 1),
    variants=st.sets(st.sampled_from(VARIANTS)),
    ply=st.integers(0, 36),
)
def test_game_notation_round_trips(players: int, seed: int, variants: set[str], ply: int) -> None:
    """Game → notation → game gives the same record; notation → record → notation is stable."""
    game = random_game(players, seed, variants=variants).replay(ply)
    record = records.game_to_record(game)
    text = notation.format_game(record)
    again = records.read_game(notation.parse_game(text))
    assert records.game_to_record(again) == record
    assert notation.format_game(notation.parse_game(text)) == text


def test_game_notation_keeps_names_kinds_and_an_explicit_deck() -> None:
    """Names with separators survive; a deck that no seed dealt is written out."""
    from akropolis import Game

    game = Game(
        2, deck=[5, 1, 2, 3, 4, 6, 7], names=["Zoë; the|best", "Bob=2"], kinds=[None, "human"]
    )
    game.play(game.legal_moves()[0])
    record = records.game_to_record(game)
    text = notation.format_game(record)
    assert ";d=5.1.2.3.4.6.7;" in text
    assert records.game_to_record(records.read_game(notation.parse_game(text))) == record


def test_game_notation_is_short_enough_for_a_url() -> None:
    """A whole 4-player game fits comfortably in a URL (under 1000 characters)."""
    text = notation.format_game(records.game_to_record(random_game(4, 77)))
    assert len(text) < 1000
    assert all(c.isalnum() or c in ";=.@,:-|%" for c in text)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    variants=st.sets(st.sampled_from(VARIANTS)),
    stones=st.integers(0, 30),
)
def test_city_notation_round_trips(seed: int, variants: set[str], stones: int) -> None:
    """City record → notation → city record is identical."""
    game = random_game(2, seed)
    record = records.city_to_record(game.cities[0], frozenset(variants), stones)
    text = notation.format_city(record)
    assert notation.parse_city(text) == record
    assert notation.parse(text) == record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B1;p=2", "notation must start with 'A1'"),
        ("A1;p=5;s=1;m=", "p must be 2, 3 or 4"),
        ("A1;s=1;m=", "needs p="),
        ("A1;p=2;s=1;q=3;m=", "unknown notation field"),
        ("A1;p=2;s=1;s=2;m=", "appears twice"),
        ("A1;p=2;v=hx;s=1;m=", "unknown variant letter 'x'"),
        ("A1;p=2;s=1;m=18@0,2:0.bad", "move 2: 'bad' is not a move"),
        ("A1;p=2;s=-1;m=", "s: the seed must be a whole number"),
        ("A1;p=2;n=Ann;s=1;m=", "n lists 1 names for 2 players"),
    ],
)
def test_bad_game_notation_is_refused_with_its_reason(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        notation.parse_game(text)


def test_illegal_move_in_notation_is_reported_by_the_record_reader() -> None:
    """Notation goes through the same checks as JSON: an illegal move names its number."""
    game = random_game(2, 3)
    first = game.moves[0]
    text = f"A1;p=2;s=3;m={notation.format_move(first)}.{notation.format_move(first)}"
    with pytest.raises(RecordError, match=r"^move 2: tile \d+ is not in the construction site$"):
        records.read_game(notation.parse_game(text))


@settings(max_examples=500)
@given(st.text())
def test_percent_encoding_is_urllibs_without_its_import(text: str) -> None:
    """The notation's own percent-encoding writes and reads exactly what urllib.parse does."""
    from urllib.parse import quote, unquote

    try:
        expected = quote(text, safe="")
    except UnicodeEncodeError:  # lone surrogates cannot be UTF-8 either way
        with pytest.raises(UnicodeError):
            notation.percent_encode(text)
        return
    assert notation.percent_encode(text) == expected
    assert notation.percent_decode(expected) == unquote(expected, errors="strict") == text


@pytest.mark.parametrize("text", ["%FF", "%C3", "a%E2%82", "%zz%41", "100%", "%%41"])
def test_percent_decoding_refuses_what_urllib_refuses(text: str) -> None:
    from urllib.parse import unquote

    try:
        expected = unquote(text, errors="strict")
    except UnicodeDecodeError:
        with pytest.raises(UnicodeError):
            notation.percent_decode(text)
    else:
        assert notation.percent_decode(text) == expected


def test_a_checked_text_reads_as_the_same_record() -> None:
    game = random_game(3, 5, variants=("markets",))
    record = records.game_to_record(game)
    text = notation.format_game(record, check=True)
    assert text.startswith("A1;c=") and text.split(";")[1] != "p=3"
    assert notation.parse(text) == notation.parse(notation.format_game(record))
    city = records.city_to_record(game.cities[2], game.variants, 4)
    assert notation.parse(notation.format_city(city, check=True)) == notation.parse_city(
        notation.format_city(city)
    )


@pytest.mark.parametrize("damage", ["cut", "typo", "swap", "check"])
def test_a_damaged_checked_text_is_refused(damage: str) -> None:
    """A link cut short or mistyped is refused, not read as another position."""
    text = notation.format_game(records.game_to_record(random_game(2, 8).replay(12)), check=True)
    if damage == "cut":
        text = text[:-7]
    elif damage == "typo":
        text = text.replace("@0,", "@1,", 1) if "@0," in text else text[:-1] + "9"
    elif damage == "swap":
        moves = text.split("m=")[1].split(".")
        moves[0], moves[1] = moves[1], moves[0]
        text = text.split("m=")[0] + "m=" + ".".join(moves)
    else:
        text = text.replace(";c=", ";c=0", 1)
    with pytest.raises(RecordError, match="does not match its check"):
        notation.parse(text)
