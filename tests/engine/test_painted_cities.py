"""Cities drawn hex by hex in records and notation (the score calculator's painted cities), and
the winner rule shared by games and the calculator."""

from __future__ import annotations

import copy
import json
from importlib import resources

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from referencing import Registry, Resource

from akropolis import City, Kind, final_result, notation, records, score_city
from akropolis.records import CityRecord, RecordError
from akropolis.simulate import random_game


def _schema(name: str) -> dict:
    return json.loads(resources.files("akropolis").joinpath(f"schemas/{name}").read_text())


GAME_SCHEMA, CITY_SCHEMA = _schema("game.schema.json"), _schema("city.schema.json")
REGISTRY = Registry().with_resources(
    [(s["$id"], Resource.from_contents(s)) for s in (GAME_SCHEMA, CITY_SCHEMA)]
)


def schema_errors(record: object) -> list[str]:
    validator = jsonschema.Draft202012Validator(CITY_SCHEMA, registry=REGISTRY)
    return [error.message for error in validator.iter_errors(record)]


def painted(seed: int = 4, player: int = 0) -> City:
    """A real city's visible hexes, drawn hex by hex."""
    return City.from_hexes(list(random_game(2, seed).cities[player].hexes()))


def test_a_painted_city_is_written_with_its_hexes_sorted_and_no_placements() -> None:
    city = painted()
    record = records.city_to_record(city, frozenset({"gardens"}), 3)
    assert record["placements"] == []
    cells = [tuple(h["cell"]) for h in record["hexes"]]
    assert cells == sorted(cells) and len(cells) == len(city)
    assert schema_errors(record) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_record_and_notation_round_trip_both_ways(seed: int) -> None:
    """City → record → notation → record → city scores exactly as the original."""
    city = painted(seed, 1)
    variants = frozenset({"houses", "barracks", "gardens"})
    record = records.city_to_record(city, variants, 5)
    text = notation.format_city(record)
    assert ";h=" in text and ";m=" not in text
    assert notation.parse_city(text) == record
    assert notation.format_city(notation.parse_city(text)) == text
    loaded = records.load(text)
    assert isinstance(loaded, CityRecord)
    assert records.city_to_record(loaded.build(), loaded.variants, loaded.stones) == record
    assert records.load(records.dumps(record)) == loaded
    again, first = score_city(loaded.build(), variants, 5), score_city(city, variants, 5)
    assert (again.kinds, again.total) == (first.kinds, first.total)
    assert set(again.hexes) == set(first.hexes)
    checked = notation.format_city(record, check=True)
    assert records.load(checked) == loaded


@given(
    st.lists(st.tuples(st.sampled_from(list(Kind)), st.integers(1, 64)), min_size=1, max_size=30)
)
def test_any_row_of_hexes_round_trips(kinds: list[tuple[Kind, int]]) -> None:
    """Every kind and level survives the notation (a row of hexes is always connected)."""
    hexes = [((q, -q // 2), kind, level) for q, (kind, level) in enumerate(kinds)]
    city = City.from_hexes(hexes)
    text = notation.format_city(records.city_to_record(city, frozenset(), 0))
    assert sorted(records.load(text).build().hexes()) == sorted(hexes)


def test_the_hex_letters_are_the_tile_tables_with_plazas_in_lower_case() -> None:
    assert notation.HEX_LETTERS[Kind.QUARRY] == "Q"
    assert notation.HEX_LETTERS[Kind.MARKET] == "M"
    assert notation.HEX_LETTERS[Kind.MARKET_PLAZA] == "m"
    assert len(set(notation.HEX_LETTERS.values())) == len(Kind)


def test_a_built_city_still_writes_its_placements() -> None:
    game = random_game(2, 6)
    record = records.city_to_record(game.cities[0], frozenset(), 1)
    assert "hexes" not in record and record["placements"]
    assert ";m=" in notation.format_city(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C1;h=", "hexes: a city drawn hex by hex needs at least one hex"),
        ("C1;h=0,0:X1", "hex 1: '0,0:X1' is not a hex (expected Q,R:KL, like 0,2:m1)"),
        ("C1;h=0,0:h1.0,0", "hex 2: '0,0' is not a hex (expected Q,R:KL, like 0,2:m1)"),
        ("C1;h=0,0:h1.5,5:Q1", "the hexes do not form one connected city"),
        ("C1;h=0,0:h1.0,0:Q1", "the cell (0, 0) is drawn twice"),
        ("C1;h=0,0:h0", "hex 1: level must be from 1 to 64, not 0"),
        ("C1;h=0,0:h65", "hex 1: level must be from 1 to 64, not 65"),
        ("C1;h=0,401:h1", "hex 1: cell: anchor r must be from -400 to 400, not 401"),
        ("C1;m=24@0,2:0;h=0,0:h1", "a city record has placements or hexes, not both"),
        ("C1;h=0,0:h1;h=0,0:h1", "notation field 'h' appears twice"),
    ],
)
def test_bad_hexes_in_notation_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        records.load(text)
    assert str(caught.value) == message


def _damaged() -> list[tuple[str, dict]]:
    record = records.city_to_record(painted(), frozenset(), 2)
    out = []

    def variant(name: str, change) -> None:
        damaged = copy.deepcopy(record)
        change(damaged)
        out.append((name, damaged))

    variant("empty hexes", lambda r: r.update(hexes=[]))
    variant(
        "hexes and placements",
        lambda r: r.update(placements=[{"tile": 24, "anchor": [0, 2], "rotation": 0}]),
    )
    variant("unknown kind", lambda r: r["hexes"][0].update(kind="castle"))
    variant("kind as a number", lambda r: r["hexes"][0].update(kind=3))
    variant("level 0", lambda r: r["hexes"][0].update(level=0))
    variant("level 65", lambda r: r["hexes"][0].update(level=65))
    variant("level as text", lambda r: r["hexes"][0].update(level="2"))
    variant("cell of three", lambda r: r["hexes"][0].update(cell=[0, 1, 2]))
    variant("cell beyond 400", lambda r: r["hexes"][0].update(cell=[401, 0]))
    variant("extra key", lambda r: r["hexes"][0].update(colour="red"))
    variant("missing level", lambda r: r["hexes"][0].pop("level"))
    variant("hexes not a list", lambda r: r.update(hexes={"cell": [0, 0]}))
    return out


DAMAGED = _damaged()


@pytest.mark.parametrize(("name", "damaged"), DAMAGED, ids=[name for name, _ in DAMAGED])
def test_schema_and_reader_refuse_the_same_damage(name: str, damaged: dict) -> None:
    assert schema_errors(damaged), name
    with pytest.raises(RecordError):
        records.read_city(damaged)


def test_the_reader_alone_refuses_what_the_schema_cannot_say() -> None:
    """Connectivity and repeated cells are checked by the reader."""
    record = records.city_to_record(painted(), frozenset(), 2)
    far = copy.deepcopy(record)
    far["hexes"].append({"cell": [300, 300], "kind": "garden", "level": 1})
    twice = copy.deepcopy(record)
    twice["hexes"].append(dict(twice["hexes"][0]))
    for damaged, message in (
        (far, "the hexes do not form one connected city"),
        (twice, "is drawn twice"),
    ):
        with pytest.raises(RecordError, match=message):
            records.read_city(damaged)


def test_city_record_refuses_placements_and_hexes_together() -> None:
    hexes = (((0, 0), Kind.HOUSE_PLAZA, 1),)
    with pytest.raises(ValueError, match="not both"):
        CityRecord(frozenset(), 0, (records.Placement(24, (0, 2), 0),), hexes)
    assert CityRecord(frozenset(), 0, (), hexes).build().top((0, 0)) == (Kind.HOUSE_PLAZA, 1)


# --- The winner rule, shared ------------------------------------------------------------------


def test_final_result_is_what_a_game_decides() -> None:
    for seed in range(6):
        game = random_game(3, seed)
        totals = [s.total for s in game.scores()]
        assert final_result(game.names, totals, game.stones) == game.result()


def test_final_result_wording_and_tie_breaks() -> None:
    names = ["Ann", "Bob", "Cy"]
    assert final_result(names, [30, 28, 12], [0, 4, 1]).explanation == "Ann has the most points"
    tie = final_result(names, [30, 30, 12], [1, 2, 5])
    assert tie.winners == (1,)
    assert tie.explanation == "Ann and Bob tie on 30 points; Bob has more stones (2)"
    shared = final_result(names, [30, 30, 30], [1, 1, 0])
    assert shared.winners == (0, 1)
    assert shared.explanation == "Ann and Bob tie on 30 points and 1 stone: a shared victory"
    assert final_result(["Solo"], [7], [2]).winners == (0,)
    with pytest.raises(ValueError):
        final_result(names, [1, 2], [0, 0, 0])
