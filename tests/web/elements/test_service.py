"""The elements' Python: what one element shows (``Diagram.view``), checked against the engine,
and the requests of a page's elements (``Service.handle``), whatever they hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import common.i18n as i18n
from akropolis import TILES, records, score_city
from akropolis.picture import palette
from akropolis.scoring import score_city as score
from common import explain
from common.i18n import Translator
from common.tryit import TryIt
from elements.diagram import Diagram
from elements.service import MAX_ELEMENTS, MAX_REQUEST, Service
from tools import translations

ROOT = Path(__file__).resolve().parents[3]
CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4.25"
    "@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
GAME = (ROOT / "examples" / "game.json").read_text(encoding="utf-8")
SITE = "https://rules.example/akropolis/"


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.use(Translator())


def catalogs(language: str) -> bytes | None:
    return translations.compiled()[0].get(language)


def ask(service: Service, **request) -> dict:
    return json.loads(service.handle(json.dumps(request)))


def test_a_city_is_drawn_and_explained_as_the_engine_scores_it() -> None:
    record = records.load(CITY)
    city = record.build()
    scored = score_city(city, record.variants, record.stones)
    view = Diagram("?kind=markets", CITY, game=False, site=SITE).view()
    assert view["svg"].startswith("<svg ") and "<title>City: 33 points</title>" in view["svg"]
    assert view["total"] == "33 points" == f"{scored.total} points"
    assert set(view["outlines"]) == {f"{q},{r}" for (q, r), _, _ in city.hexes()}
    assert set(view["why"]) == {f"{v.cell[0]},{v.cell[1]}" for v in scored.hexes}
    assert 'class="kind chosen" data-kind="markets"' in view["scorepad"]
    markets = explain.groups(scored.hexes, "markets")
    assert view["lines"].count("<li") == len(markets) and 'data-kind="houses"' not in view["lines"]
    assert view["words"].count("<tr>") == len(list(city.hexes())) + 1  # and the header row
    assert view["open"].startswith(SITE + "calculator.html#C1;c=")
    assert list(records.load(view["open"].split("#", 1)[1]).build().hexes()) == list(city.hexes())
    assert view["replay"] is None and view["tryit"] is None


def test_without_breakdown_there_is_no_scorepad_and_no_verdict_marks() -> None:
    view = Diagram("?breakdown=0", CITY, game=False).view()
    assert view["scorepad"] == "" and view["lines"] == ""
    assert "✓" not in view["svg"]


def test_a_game_steps_through_its_moves_and_its_players() -> None:
    game = records.load(GAME)
    diagram = Diagram("?player=2", records.dump(game, notation=True), game=True, site=SITE)
    view = diagram.view()
    assert view["replay"]["ply"] == view["replay"]["last"] == len(game.moves)
    assert [p["viewed"] for p in view["replay"]["players"]] == [False, True]
    assert view["title"] == f"{game.names[1]}'s city"
    diagram.act("seek", 0)
    start = diagram.view()["replay"]
    assert start["ply"] == 0 and start["caption"].startswith("Start of the game")
    assert [p["total"] for p in start["players"]] == [
        game.fresh().score(seat).total for seat in range(game.players)
    ]
    diagram.act("player", 0)
    assert diagram.view()["title"] == f"{game.names[0]}'s city"
    diagram.act("player", 99)  # clamped to the last seat
    assert diagram.view()["replay"]["players"][-1]["viewed"]
    assert view["open"].startswith(SITE + "index.html#A1;c=")


def test_a_tile_is_tried_placed_and_taken_back_exactly() -> None:
    diagram = Diagram("?tile=12", CITY, game=False)
    before = diagram.view()
    record = records.load(CITY)
    hand = TryIt(record.build(), record.variants, record.stones, 12)
    assert [s["anchor"] for s in before["tryit"]["spots"]] == [
        f"{q},{r}" for q, r in hand.legal_anchors()
    ]
    colours = sorted(palette.fill(kind) for kind in TILES[12].hexes)
    for spot in before["tryit"]["spots"]:  # the ghost: the tile's three hexes in their colours
        assert sorted(hexagon["fill"] for hexagon in spot["ghost"]) == colours
    diagram.act("rotate", 1)
    hand.rotate(1)
    turned = diagram.view()["tryit"]["spots"]
    assert [s["anchor"] for s in turned] == [f"{q},{r}" for q, r in hand.legal_anchors()]
    said = diagram.act("place", turned[0]["anchor"])
    placed = diagram.view()
    assert said.startswith("Tile 12 on level") and placed["tryit"]["spots"] == []
    assert placed["tryit"]["holding"] is False
    assert diagram.act("place", turned[0]["anchor"]) == (
        "The tile is already placed: Undo takes it back."
    )
    assert diagram.act("undo", None) == "Tile 12 is back in hand."
    diagram.act("rotate", -1)
    assert diagram.view()["svg"] == before["svg"]
    assert score(record.build(), record.variants, record.stones).total == 33


def test_the_service_answers_each_element_by_its_key_in_its_language() -> None:
    service = Service(SITE, catalogs)
    city = ask(service, key="a", op="open", query="", notation=CITY, lang="fr")
    played = records.dump(records.load(GAME), notation=True)
    game = ask(service, key="b", op="open", query="", notation=played, game=True, lang="pl")
    assert city["ok"] and city["view"]["title"] == "Cité"
    assert game["ok"] and game["view"]["labels"]["next"] != "Next move"
    stepped = ask(service, key="b", op="act", action="seek", value=0, lang="en")
    assert stepped["view"]["replay"]["ply"] == 0
    assert stepped["view"]["labels"]["next"] == "Next move"
    assert ask(service, key="a", op="close") == {"ok": True}
    assert not ask(service, key="a", op="act", action="seek", value=1)["ok"]


@pytest.mark.parametrize(
    ("request_text", "words"),
    [
        ("not json", "Something went wrong"),
        ("[1, 2]", "This request cannot be read."),
        ("x" * (MAX_REQUEST + 1), "This request is too long."),
        ('{"key": "k", "op": "explode"}', "This request cannot be read."),
        ('{"key": "k", "op": "act", "action": "seek", "value": 1}', "cannot be read"),
        ('{"key": "k", "op": "open", "query": "?kind=<b>", "notation": "C1;m="}', "not allowed"),
        ('{"key": "k", "op": "open", "query": "", "notation": "<script>"}', "does not hold"),
        (
            '{"key": "k", "op": "open", "game": true, "query": "", "notation": "C1;m="}',
            "not a city",
        ),
        ('{"key": "k", "op": "open", "query": "", "notation": "' + "C" * 10001 + '"}', "too long"),
    ],
)
def test_whatever_a_request_holds_the_answer_is_one_sentence(request_text, words) -> None:
    answer = json.loads(Service().handle(request_text))
    assert answer["ok"] is False and words in answer["error"]
    assert "Traceback" not in answer["error"] and "\n" not in answer["error"]


def test_a_page_keeps_at_most_its_latest_elements() -> None:
    service = Service()
    for key in range(MAX_ELEMENTS + 5):
        assert ask(service, key=str(key), op="open", query="?breakdown=0", notation=CITY)["ok"]
    assert len(service.diagrams) == MAX_ELEMENTS
    assert "0" not in service.diagrams and str(MAX_ELEMENTS + 4) in service.diagrams
