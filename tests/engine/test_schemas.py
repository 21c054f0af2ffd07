"""The shipped JSON Schemas describe exactly the records the engine writes and reads."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources

import jsonschema
import pytest
from referencing import Registry, Resource

from akropolis import records
from akropolis.checks import VARIANTS, check_name
from akropolis.records import PLAYER_KINDS, RecordError
from akropolis.simulate import random_game


def _schema(name: str) -> dict:
    return json.loads(resources.files("akropolis").joinpath(f"schemas/{name}").read_text())


GAME_SCHEMA, CITY_SCHEMA = _schema("game.schema.json"), _schema("city.schema.json")
REGISTRY = Registry().with_resources(
    [(s["$id"], Resource.from_contents(s)) for s in (GAME_SCHEMA, CITY_SCHEMA)]
)


def schema_errors(schema: dict, record: object) -> list[str]:
    validator = jsonschema.Draft202012Validator(schema, registry=REGISTRY)
    return [error.message for error in validator.iter_errors(record)]


def test_schemas_are_valid_draft_2020_12() -> None:
    for schema in (GAME_SCHEMA, CITY_SCHEMA):
        jsonschema.Draft202012Validator.check_schema(schema)


def test_schema_enums_match_the_engine() -> None:
    """Variants and player kinds listed in the schema are the engine's."""
    options = GAME_SCHEMA["properties"]["options"]["properties"]
    assert options["variants"]["items"]["enum"] == list(VARIANTS)
    player = GAME_SCHEMA["properties"]["players"]["items"]["properties"]
    assert player["kind"]["enum"] == list(PLAYER_KINDS)


@pytest.mark.parametrize(
    ("players", "seed", "all_tiles"), [(2, 1, False), (3, 2, True), (4, 3, False)]
)
def test_written_records_validate(players: int, seed: int, all_tiles: bool) -> None:
    """Every record the engine writes is valid against its schema."""
    game = random_game(players, seed, variants=VARIANTS[:players], all_tiles=all_tiles)
    assert schema_errors(GAME_SCHEMA, records.game_to_record(game)) == []
    city = records.city_to_record(game.cities[0], game.variants, game.stones[0])
    assert schema_errors(CITY_SCHEMA, city) == []


def _mutations(record: dict) -> list[tuple[str, dict]]:
    """Structural damage both the schema and the reader must refuse."""
    out = []

    def variant(name: str, change) -> None:
        damaged = copy.deepcopy(record)
        change(damaged)
        out.append((name, damaged))

    variant("unknown top key", lambda r: r.update(extra=1))
    variant("no moves", lambda r: r.pop("moves"))
    variant("no seed nor deck", lambda r: (r.pop("seed"), r.pop("deck")))
    variant("bad version", lambda r: r.update(version=2))
    variant("one player", lambda r: r.update(players=r["players"][:1]))
    variant("nameless player", lambda r: r["players"][0].pop("name"))
    variant("blank name", lambda r: r["players"][0].update(name=" "))
    variant("unknown kind", lambda r: r["players"][0].update(kind="robot"))
    variant("unknown variant", lambda r: r["options"].update(variants=["castles"]))
    variant("twice a variant", lambda r: r["options"].update(variants=["houses", "houses"]))
    variant("all_tiles string", lambda r: r["options"].update(all_tiles="yes"))
    variant("negative seed", lambda r: r.update(seed=-1))
    variant("tile 62 in deck", lambda r: r["deck"].__setitem__(0, 62))
    variant("repeated deck tile", lambda r: r["deck"].__setitem__(1, r["deck"][0]))
    variant("rotation 6", lambda r: r["moves"][0].update(rotation=6))
    variant("anchor of three", lambda r: r["moves"][0].update(anchor=[0, 1, 2]))
    variant("float tile", lambda r: r["moves"][0].update(tile=1.5))
    variant("bool rotation", lambda r: r["moves"][0].update(rotation=True))
    variant("extra move key", lambda r: r["moves"][0].update(player=0))
    variant("null kind", lambda r: r["players"][0].update(kind=None))
    variant("null seed", lambda r: r.update(seed=None))
    variant("null deck", lambda r: r.update(deck=None))
    variant("null variants", lambda r: r["options"].update(variants=None))
    variant("zero-width name", lambda r: r["players"][0].update(name="\u200b"))
    variant("NUL in a name", lambda r: r["players"][0].update(name="Ann\x00"))
    variant("escape in a name", lambda r: r["players"][0].update(name="\x1b[31mAnn"))
    variant("right-to-left override", lambda r: r["players"][0].update(name="Ann\u202e"))
    variant("line separator", lambda r: r["players"][0].update(name="A\u2028B"))
    variant("name of Hangul fillers", lambda r: r["players"][0].update(name="\u3164\u3164"))
    variant("name of blank Braille", lambda r: r["players"][0].update(name="\u2800"))
    variant("name of variation selectors", lambda r: r["players"][0].update(name="\ufe0f\u034f"))
    variant("41-character name", lambda r: r["players"][0].update(name="A" * 41))
    variant("seed of 2**64", lambda r: r.update(seed=2**64))
    variant("anchor beyond 400", lambda r: r["moves"][0].update(anchor=[401, 0]))
    return out


MUTATIONS = _mutations(records.game_to_record(random_game(2, 9).replay(4)))


@pytest.mark.parametrize(("name", "damaged"), MUTATIONS, ids=[name for name, _ in MUTATIONS])
def test_schema_and_reader_refuse_the_same_damage(name: str, damaged: dict) -> None:
    """Each structural mutation is refused by the schema and by the reader (with a message)."""
    assert schema_errors(GAME_SCHEMA, damaged), name
    with pytest.raises(RecordError):
        records.read_game(damaged)


def test_the_name_pattern_refuses_exactly_the_characters_the_reader_refuses() -> None:
    """Every character of the Basic Multilingual Plane (but surrogates): same verdict in both."""
    name_schema = GAME_SCHEMA["properties"]["players"]["items"]["properties"]["name"]
    pattern = re.compile(name_schema["pattern"])
    differ = []
    for code in range(0x10000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        name = "A" + chr(code)
        try:
            check_name(name)
            accepted = True
        except ValueError:
            accepted = False
        if accepted != bool(pattern.search(name)):
            differ.append(f"U+{code:04X}")
    assert differ == []
    assert not pattern.search(" \u200d ") and pattern.search("Zoë \U0001f469\u200d\U0001f467")
