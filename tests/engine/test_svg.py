"""SVG pictures of cities: well-formed, every hex drawn, the scoring explained as the engine
scores it, and the same display list the page's canvas draws."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from akropolis import Game, notation, records, score_city
from akropolis.picture import palette, scene, svg
from akropolis.simulate import random_game

ENGINE = Path(__file__).resolve().parents[2] / "engine"
NS = {"s": "http://www.w3.org/2000/svg"}
FACE_FILLS = set(palette.FILL.values())


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def faces(root: ET.Element) -> list[ET.Element]:
    """Hex top faces: six-cornered polygons in a kind's colour, outlined."""
    return [
        p
        for p in root.iter("{http://www.w3.org/2000/svg}polygon")
        if p.get("fill") in FACE_FILLS and len(p.get("points").split()) == 6 and p.get("stroke")
    ]


@pytest.fixture(scope="module")
def finished() -> Game:
    return random_game(2, 11, variants=("houses", "gardens", "barracks"))


def test_a_city_picture_draws_every_visible_hex_once(finished: Game) -> None:
    for player in range(2):
        root = parse(svg.city(finished, player=player))
        assert len(faces(root)) == len(finished.cities[player])
        total = finished.score(player).total
        assert root.find("s:title", NS).text == f"{finished.names[player]}'s city: {total} points"


def test_explain_gives_every_district_its_engine_verdict(finished: Game) -> None:
    """One titled group per district: the engine's reason, and the badge of its verdict."""
    score = finished.score(0)
    root = parse(svg.city(finished, player=0, explain=True))
    groups = {g.find("s:title", NS).text: g for g in root.findall(".//s:g", NS)}
    assert len(groups) == len(score.hexes)
    for verdict in score.hexes:
        q, r = verdict.cell
        [(title, group)] = [
            (t, g) for t, g in groups.items() if t.startswith(f"{verdict.kind} at {q},{r}, ")
        ]
        assert verdict.reason in title
        if verdict.doubled:
            expected = scene.DOUBLED_INK
        else:
            expected = scene.COUNTS_INK if verdict.counts else scene.MISSES_INK
        assert group.find("s:circle", NS).get("fill") == expected


def test_the_legend_is_the_scorepad(finished: Game) -> None:
    score = finished.score(1)
    texts = [
        t.text
        for t in parse(svg.city(finished, player=1, explain=True)).iter(
            "{http://www.w3.org/2000/svg}text"
        )
    ]
    for line in score.kinds.values():
        assert f"{line.value} × {line.stars} = {line.points}" in texts
    assert str(score.total) in texts and "Total" in texts
    assert "Houses (variant)" in texts and "Markets" in texts


def test_highlighting_a_kind_fades_every_other_kind(finished: Game) -> None:
    root = parse(svg.city(finished, player=0, kind="gardens"))
    for face in faces(root):
        garden = face.get("fill") == palette.FILL[palette.base_kind(palette.Kind.GARDEN)]
        assert (face.get("opacity") is None) == garden


def test_coordinates_are_written_on_each_hex(finished: Game) -> None:
    texts = {
        t.text
        for t in parse(svg.city(finished, coordinates=True)).iter(
            "{http://www.w3.org/2000/svg}text"
        )
    }
    assert {f"{q},{r}" for (q, r), _, _ in finished.cities[0].hexes()} <= texts


def test_pictures_are_pure_functions_of_the_state(finished: Game) -> None:
    again = records.load(records.dump(finished))
    assert svg.city(again, explain=True) == svg.city(finished, explain=True)
    record = records.read_city(records.city_to_record(finished.cities[1], finished.variants, 3))
    assert parse(svg.city(record.build(), explain=True)) is not None
    city = finished.cities[1]
    built = svg.city(record.build(), variants=record.variants, stones=record.stones)
    assert svg.city(city, variants=finished.variants, stones=3) == built


def test_names_are_escaped_in_pictures() -> None:
    game = Game(2, seed=1, names=["<b>&Ann</b>", "Bob"])
    text = svg.city(game)
    assert "<b>" not in text and "&lt;b&gt;&amp;Ann&lt;/b&gt;" in text
    parse(text)


def test_a_tile_picture_has_its_three_hexes() -> None:
    root = parse(svg.tile(18, size=64))
    assert len(faces(root)) == 3
    assert root.find("s:title", NS).text == "Tile 18: house-plaza, market, barracks"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda g: svg.city(g, size=10), "size must be from 64 to 4096"),
        (lambda g: svg.city(g, kind="castles"), "unknown kind 'castles'"),
        (lambda g: svg.city(g, player=5), "there is no player 5"),
        (lambda g: svg.city("A1;p=2"), "a picture needs a Game"),
        (lambda g: svg.tile(62), "there is no tile 62"),
    ],
)
def test_bad_picture_arguments_are_refused(finished: Game, call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(finished)


def run_render(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "akropolis", "render", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ENGINE)},
        check=False,
    )


def test_render_writes_a_well_formed_picture_of_the_city(finished: Game, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(records.dump(finished))
    out = run_render(str(path), "--player", "1", "--explain", "--size", "640")
    assert out.returncode == 0 and out.stderr == ""
    root = parse(out.stdout)
    assert root.get("width") == "640"
    assert len(faces(root)) == len(finished.cities[1])
    assert out.stdout == svg.city(finished, player=1, explain=True, size=640) + "\n"


def test_render_reads_notation_and_city_records(finished: Game) -> None:
    text = notation.format_game(records.game_to_record(finished.replay(10)))
    out = run_render("-", "--kind", "markets", stdin=text)
    assert out.returncode == 0
    parse(out.stdout)
    city = records.city_to_record(finished.cities[0], finished.variants, 2)
    out = run_render("-", "--coordinates", stdin=notation.format_city(city))
    assert out.returncode == 0 and len(faces(parse(out.stdout))) == len(finished.cities[0])


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["-"], "{bad", "akropolis: not valid JSON"),
        (["-", "--player", "3"], None, "akropolis: there is no player 3 in this game"),
        (["-", "--size", "9"], None, "akropolis: argument --size: must be a width from 64"),
        (["-", "--kind", "castles"], None, "akropolis: argument --kind: invalid choice"),
        (["-", "--player", "0"], "C1;st=1;m=", "akropolis: --player is for a game"),
    ],
)
def test_render_refuses_bad_input_in_one_line(args, stdin, message: str) -> None:
    stdin = stdin if stdin is not None else "A1;p=2;s=42;m=32@0,2:0"
    out = run_render(*args, stdin=stdin)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(message) and out.stderr.count("\n") == 1


def test_scores_in_pictures_follow_the_engine_for_a_drawn_city() -> None:
    from tests.engine.helpers import draw

    city = draw({(0, 0): "M*", (1, 0): "M", (0, 1): "M", (2, -1): "H"})
    score = score_city(city, {"markets"}, 0)
    root = parse(svg.city(city, variants={"markets"}, explain=True))
    assert root.find("s:title", NS).text == f"City: {score.total} points"
