"""Diagrams for documentation sites: their options, their picture (``render``'s, byte for byte)
and their link, and what they refuse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from akropolis import Game, records
from akropolis.diagrams import (
    DiagramError,
    DiagramOptions,
    figure,
    page_link,
    read_options,
    viewed_player,
)
from akropolis.records import CityRecord
from tests.engine.cli_run import run_main

ROOT = Path(__file__).resolve().parents[2]
CITY = (ROOT / "examples" / "city.json").read_text(encoding="utf-8")
GAME = (ROOT / "examples" / "game.json").read_text(encoding="utf-8")
FINISHED = (ROOT / "examples" / "finished.json").read_text(encoding="utf-8")
SVG = re.compile(r"<svg .*?</svg>", re.S)


def test_the_defaults_are_the_embeds() -> None:
    assert read_options({}) == DiagramOptions(breakdown=True, size=480)
    assert DiagramOptions().kind is None and DiagramOptions().player is None


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"breakdown": "0"}, DiagramOptions(breakdown=False)),
        ({"kind": "markets"}, DiagramOptions(kind="markets")),
        ({"kind": ""}, DiagramOptions()),
        ({"player": "3"}, DiagramOptions(player=2)),  # counted from 1, as in the embed
        ({"size": "64"}, DiagramOptions(size=64)),
        ({"size": " 4096 "}, DiagramOptions(size=4096)),
        ({"coordinates": None, "last": ""}, DiagramOptions(coordinates=True, last=True)),
        ({"coordinates": "0", "last": "1"}, DiagramOptions(last=True)),
    ],
)
def test_options_are_read_as_the_embed_writes_them(given, expected) -> None:
    assert read_options(given) == expected


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"theme": "dark"}, "unknown option 'theme' (known: breakdown, kind, player,"),
        ({"kind": "market"}, "kind must be one of houses, markets,"),
        ({"player": "0"}, "player must be one of 1, 2, 3, 4, not '0'"),
        ({"player": None}, "player needs a value (player=…)"),
        ({"breakdown": "yes"}, "breakdown must be one of 1, 0, not 'yes'"),
        ({"size": "63"}, "size must be a width from 64 to 4096, not '63'"),
        ({"size": "1e3"}, "size must be a width from 64 to 4096"),
        ({"kind": "<script>"}, "not '<script>'"),
    ],
)
def test_an_option_not_known_is_refused_saying_which(given, message: str) -> None:
    with pytest.raises(DiagramError) as caught:
        read_options(given)
    assert message in str(caught.value)


def render(capsys: pytest.CaptureFixture[str], text: str, *args: str, tmp: Path) -> str:
    """What ``python -m akropolis render`` writes, without its final newline."""
    source = tmp / "subject.txt"
    source.write_text(text, encoding="utf-8")
    outcome = run_main(capsys, "render", str(source), *args)
    assert outcome.status == 0, outcome.err
    return outcome.out.removesuffix("\n")


@pytest.mark.parametrize(
    ("subject", "options", "args"),
    [
        (CITY, {}, ["--explain"]),
        (CITY, {"breakdown": "0", "size": "200"}, ["--size", "200"]),
        (
            CITY,
            {"kind": "markets", "coordinates": None},
            ["--explain", "--kind", "markets", "--coordinates"],
        ),
        (GAME, {"player": "2", "last": "1"}, ["--explain", "--player", "1", "--last"]),
        (GAME, {"breakdown": "0"}, ["--player", str(records.load(GAME).turn)]),
    ],
)
def test_the_picture_is_the_one_render_draws(capsys, tmp_path, subject, options, args) -> None:
    html = figure(subject, read_options(options))
    assert html.startswith('<figure class="akropolis-diagram"><svg ')
    assert SVG.findall(html) == [render(capsys, subject, *args, tmp=tmp_path)]


def test_a_finished_game_shows_the_winner_as_the_embed_does(capsys, tmp_path) -> None:
    game = records.load(FINISHED)
    winner = game.result().winners[0]
    assert viewed_player(game, None) == winner and viewed_player(game, 7) == winner
    expected = render(capsys, FINISHED, "--explain", "--player", str(winner), tmp=tmp_path)
    assert SVG.findall(figure(FINISHED)) == [expected]


def test_the_link_opens_the_same_position_in_the_game_or_the_calculator() -> None:
    for text, page in ((GAME, "index.html"), (CITY, "calculator.html")):
        html = figure(text, site="https://rules.example/akropolis")
        href = re.search(r'<figcaption><a href="([^"]+)">Open in Akropolis</a>', html)[1]
        prefix = f"https://rules.example/akropolis/{page}#"
        assert href.startswith(prefix)
        opened = records.load(href.removeprefix(prefix))
        assert records.dump(opened) == records.dump(records.load(text))
        assert href == page_link(records.load(text), "https://rules.example/akropolis/")
    assert "<figcaption" not in figure(CITY)  # no site: no link


def test_notation_and_records_alike_and_spaces_around() -> None:
    city = records.load(CITY)
    assert isinstance(city, CityRecord)
    as_notation = records.dump(city, notation=True)
    assert figure(f"\n  {as_notation}  \n") == figure(CITY)


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        ("C1;m=99@0,0:0", {}, "tile"),
        ("<script>alert(1)</script>", {}, ""),
        ("", {}, ""),
        (GAME, {"player": "4"}, "there is no player 4 in this game"),
        (CITY, {"player": "1"}, "a player is for a game; a city record has one city"),
    ],
)
def test_what_cannot_be_drawn_is_a_diagram_error(text: str, options, message: str) -> None:
    with pytest.raises(DiagramError) as caught:
        figure(text, read_options(options))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_names_are_written_as_text_never_as_markup() -> None:
    game = Game(2, seed=3, names=["</svg><script>x()</script>", "B&B"])
    html = figure(records.dump(game, notation=True), site='https://x.example/"><b>')
    assert "<script" not in html and "<b>" not in html
    assert "&lt;/svg&gt;&lt;script&gt;" in html
