"""A city holds each tile at most once: the box has one of each.

Placed five times, tile 12 makes a legal city by the placement rules alone, so only this rule
stops it; the calculator, the embed and the command line all read cities through the engine.
"""

from __future__ import annotations

import pytest

from akropolis import City, Move, notation, records
from akropolis.records import CityRecord, RecordError

#: Tile 12 five times, each placement legal when made.
FIVE_TIMES = [
    Move(12, (-3, 1), 1),
    Move(12, (-5, 1), 1),
    Move(12, (-6, 0), 1),
    Move(12, (-6, -2), 1),
    Move(12, (-6, -4), 1),
]
MESSAGE = "placement 2: tile 12 is already in this city (the box holds one of each)"


def _record(placements: list[Move]) -> dict:
    return {
        "format": records.CITY_FORMAT,
        "version": records.VERSION,
        "variants": [],
        "stones": 0,
        "placements": [
            {"tile": p.tile, "anchor": list(p.anchor), "rotation": p.rotation} for p in placements
        ],
    }


def test_the_same_tile_five_times_is_legal_by_the_placement_rules_alone() -> None:
    """The city itself can be built: the rule under test is what refuses it."""
    assert len(City.from_placements(FIVE_TIMES).placements) == 5


def test_a_city_record_with_the_same_tile_twice_is_refused_by_the_reader() -> None:
    with pytest.raises(RecordError) as caught:
        records.read_city(_record(FIVE_TIMES))
    assert str(caught.value) == MESSAGE
    with pytest.raises(RecordError, match="placement 2: tile 12 is already in this city"):
        records.load(records.dumps(_record(FIVE_TIMES[:2])))


def test_city_notation_with_the_same_tile_twice_is_refused() -> None:
    text = notation.format_city(_record(FIVE_TIMES), check=True)
    with pytest.raises(RecordError) as caught:
        records.load(text)
    assert str(caught.value) == MESSAGE


def test_the_api_refuses_a_city_record_with_the_same_tile_twice() -> None:
    with pytest.raises(ValueError, match="placement 3: tile 12 is already in this city"):
        CityRecord(frozenset(), 0, (Move(7, (0, 2), 0), *FIVE_TIMES[:1], FIVE_TIMES[1]))
    with pytest.raises(ValueError, match="tile 12 is already in this city"):
        records.city_to_record(City.from_placements(FIVE_TIMES), frozenset(), 0)


def test_a_city_of_different_tiles_still_reads() -> None:
    record = _record([FIVE_TIMES[0], Move(7, (-5, 1), 1)])
    assert len(records.read_city(record).placements) == 2


def test_a_placement_whose_tile_is_not_a_number_is_refused_not_crashed() -> None:
    """Found by the API fuzzing: a tile that cannot be counted (a list) reaches the once-only
    check; it must be refused with the tile check's words, never a TypeError."""
    record = CityRecord(frozenset(), 0, [Move([], (0, 1), 0), FIVE_TIMES[0]])
    with pytest.raises(ValueError, match="placement 1: the tile must be a tile number"):
        record.build()
