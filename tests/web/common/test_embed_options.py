"""Embed links: every option from its allow-list with its default, hostile links refused."""

from __future__ import annotations

import pytest

from akropolis import Game, notation, records
from akropolis.checks import MAX_NOTATION_LENGTH, VARIANTS
from akropolis.records import CityRecord
from common.embed_options import (
    ALLOWED,
    MAX_QUERY_LENGTH,
    EmbedOptions,
    LinkError,
    full_page_link,
    parse_query,
    read_fragment,
    read_link,
    viewed_player,
)

CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
GAME = "A1;p=2;v=hg;s=42;m=32@0,2:0.6@1,-2:2"


def test_no_options_means_every_default() -> None:
    assert parse_query("") == EmbedOptions()
    assert parse_query("?") == EmbedOptions(True, None, None, "static", "light", None)


@pytest.mark.parametrize(
    ("query", "field", "value"),
    [
        ("breakdown=0", "breakdown", False),
        ("breakdown=1", "breakdown", True),
        *[(f"kind={kind}", "kind", kind) for kind in VARIANTS],
        ("player=1", "player", 0),
        ("player=4", "player", 3),
        ("mode=interactive", "mode", "interactive"),
        ("mode=static", "mode", "static"),
        ("theme=dark", "theme", "dark"),
        ("theme=light", "theme", "light"),
        ("tile=1", "tile", 1),
        ("tile=61", "tile", 61),
    ],
)
def test_each_option_takes_each_allowed_value(query: str, field: str, value: object) -> None:
    assert getattr(parse_query("?" + query), field) == value


@pytest.mark.parametrize(
    "query",
    [
        "breakdown=yes", "breakdown=", "kind=castles", "kind=Markets", "player=0", "player=5",
        "player=-1", "player=99", "mode=dynamic", "theme=blue", "tile=0", "tile=62", "tile=07",
        "kind", "player=999999999999",
    ],
)  # fmt: skip
def test_an_unknown_value_falls_back_to_the_default(query: str) -> None:
    assert parse_query("?" + query) == EmbedOptions()


def test_options_combine_the_first_of_a_repeated_one_wins_and_others_are_ignored() -> None:
    options = parse_query(
        "?theme=dark&kind=markets&kind=temples&player=2&mode=interactive&tile=18&breakdown=0"
        "&utm_source=newsletter&fbclid=Iw-AR3.x_y~z"
    )
    assert options == EmbedOptions(False, "markets", 1, "interactive", "dark", 18)
    assert options.interactive


def test_the_allow_lists_are_the_documented_ones() -> None:
    assert set(ALLOWED) == {"breakdown", "kind", "player", "mode", "theme", "lang", "tile"}
    assert ALLOWED["kind"][1:] == VARIANTS
    assert ALLOWED["lang"] == ("", "en", "fr", "pl")  # the page's language: i18n.js reads it


HOSTILE_VALUES = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "javascript:alert(1)",
    "javascript%3Aalert(1)",
    "dark%00",
    "dark%20",
    "a+b",
    "1" * 40,
    "%FF%FE",
]


@pytest.mark.parametrize("name", sorted(ALLOWED))
@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_markup_or_script_in_any_option_refuses_the_link(name: str, value: str) -> None:
    with pytest.raises(LinkError, match=r"not allowed|not valid text"):
        parse_query(f"?{name}={value}")


@pytest.mark.parametrize("value", HOSTILE_VALUES[:6])
def test_markup_in_an_unknown_parameter_refuses_the_link_too(value: str) -> None:
    with pytest.raises(LinkError):
        parse_query(f"?x={value}")
    with pytest.raises(LinkError):
        parse_query(f"?{value}=1")


def test_a_huge_query_is_refused_unread() -> None:
    with pytest.raises(LinkError, match="too long"):
        parse_query("?theme=dark&" + "a=1&" * MAX_QUERY_LENGTH)


def test_a_fragment_over_the_notation_limit_is_refused_before_parsing(monkeypatch) -> None:
    def never(_text: str) -> None:
        raise AssertionError("parsed a fragment over the limit")

    monkeypatch.setattr(notation, "parse", never)
    monkeypatch.setattr(notation, "looks_like_notation", never)
    with pytest.raises(LinkError, match="too long"):
        read_link("", "#C1;m=" + "1" * (100 * 1024))
    with pytest.raises(LinkError, match="too long"):
        read_link("?theme=<script>", "#" + "x" * (MAX_NOTATION_LENGTH + 1))
    assert read_fragment("#" + "x" * MAX_NOTATION_LENGTH) == "x" * MAX_NOTATION_LENGTH


@pytest.mark.parametrize(
    "fragment",
    [
        "", "#", "#   ", "#javascript:alert(1)", "#<script>alert(1)</script>",
        "#%3Cscript%3E", "#C1;m=99@0,2:0", "#C1;m=24@999999999999999999999,0:0",
        "#A1;p=2;s=999999999999999999999999", "#A1;p=9", "#A1;p=2;s=1;m=18@0,2:0",
        "#C2;m=", "#C1;c=000000;m=", "#" + "A1;" * 3000,
    ],
)  # fmt: skip
def test_bad_notation_is_refused_with_a_short_reason(fragment: str) -> None:
    with pytest.raises(LinkError) as caught:
        read_link("", fragment)
    assert len(str(caught.value)) <= 300 and "\n" not in str(caught.value)


def test_a_city_and_a_game_are_read_by_the_engine() -> None:
    city = read_link("?kind=markets", "#" + CITY)
    assert isinstance(city.subject, CityRecord) and city.options.kind == "markets"
    assert city.subject == records.load(CITY)
    game = read_link("", "#" + GAME)
    assert isinstance(game.subject, Game) and game.subject.ply == 2


def test_a_fragment_percent_encoded_whole_is_read_too() -> None:
    encoded = CITY.replace(";", "%3B").replace("=", "%3D")
    assert read_link("", "#" + encoded).subject == records.load(CITY)


def test_names_keep_their_own_percent_encoding() -> None:
    game = records.load("A1;p=2;n=Ann%20B|Z%C3%A9;s=1;m=")
    link = read_link("", "#" + notation.format_game(records.game_to_record(game)))
    assert link.subject.names == ("Ann B", "Zé")


def test_the_viewed_player_is_the_links_or_the_player_to_move_or_the_winner() -> None:
    game = records.load(GAME)
    assert viewed_player(game, EmbedOptions(player=1)) == 1
    assert viewed_player(game, EmbedOptions(player=3)) == game.turn  # no fourth seat: default
    assert viewed_player(game, EmbedOptions()) == game.turn == 0
    finished = records.load(
        (__import__("pathlib").Path(__file__).parents[3] / "examples/finished.json").read_text()
    )
    assert viewed_player(finished, EmbedOptions()) == finished.result().winners[0]


def test_the_full_page_link_is_checked_notation_written_anew() -> None:
    game = records.load(GAME)
    link = full_page_link(game)
    assert link.startswith("index.html#A1;c=")
    text = link.split("#", 1)[1]
    assert text == notation.format_game(records.game_to_record(game), check=True)
    assert records.game_to_record(records.load(text)) == records.game_to_record(game)
    city = full_page_link(records.load(CITY))
    assert city.startswith("calculator.html#C1;c=")
    assert records.load(city.split("#", 1)[1]) == records.load(CITY)
