""" "Try it": one tile in a city, legal exactly where the engine says, scored by the engine."""

from __future__ import annotations

from akropolis import City, Move, records, score_city
from common.tryit import TryIt

CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)


def fresh(tile: int = 18) -> TryIt:
    record = records.load(CITY)
    return TryIt(record.build(), record.variants, record.stones, tile)


def engine_anchors(city: City, tile: int, rotation: int) -> set:
    """Every anchor the engine's City.check accepts for the tile in that rotation, near it."""
    cells = [h for h, _, _ in city.hexes()]
    near = {(q + dq, r + dr) for q, r in cells for dq in range(-3, 4) for dr in range(-3, 4)}
    found = set()
    for anchor in near:
        try:
            city.check(tile, anchor, rotation)
        except ValueError:
            continue
        found.add(anchor)
    return found


def test_legal_anchors_are_exactly_the_engines_for_every_rotation() -> None:
    tryit = fresh()
    for rotation in range(6):
        tryit.rotation = rotation
        assert set(tryit.legal_anchors()) == engine_anchors(tryit.city, 18, rotation)
    assert tryit.legal_anchors()


def test_the_ghost_says_level_stones_or_why_not() -> None:
    tryit = fresh()
    anchor = tryit.legal_anchors()[0]
    ghost = tryit.ghost(anchor)
    assert ghost.legal and ghost.move == Move(18, anchor, 0)
    far = tryit.ghost((30, 30))
    assert not far.legal and far.reason == "the tile is not adjacent to the city"
    assert far.describe() == "Not here: the tile is not adjacent to the city."
    assert tryit.ghost(None) is None  # nothing under the pointer


def test_placing_scores_with_the_stones_gained_and_undo_restores() -> None:
    record = records.load(CITY)
    base = record.build()
    tryit = fresh()
    before = score_city(base, record.variants, record.stones)
    assert tryit.score() == before == tryit.before
    quarry_spots = []
    for rotation in range(6):
        tryit.rotation = rotation
        gains = [(a, rotation) for a in tryit.legal_anchors() if tryit.ghost(a).stones_gained]
        quarry_spots += gains
    anchor, rotation = quarry_spots[0]
    tryit.rotation = rotation
    ghost = tryit.ghost(anchor)
    placed, text = tryit.place(anchor)
    assert placed and not tryit.holding and tryit.legal_anchors() == []
    expected_city = base.copy()
    expected_city.place(Move(18, anchor, rotation))
    expected = score_city(expected_city, record.variants, record.stones + ghost.stones_gained)
    assert tryit.score() == expected
    assert text.startswith(f"Tile 18 on level {ghost.level}, +{ghost.stones_gained} stone")
    assert f"{before.total} → {expected.total} points ({expected.total - before.total:+d})" in text
    assert tryit.place(anchor) == (False, "The tile is already placed: Undo takes it back.")
    assert tryit.undo() == "Tile 18 is back in hand."
    assert tryit.holding and tryit.score() == before
    assert sorted(tryit.city.hexes()) == sorted(base.hexes())
    assert tryit.undo() == "Nothing to undo."


def test_an_illegal_spot_changes_nothing() -> None:
    tryit = fresh()
    placed, text = tryit.place((0, 0))
    assert not placed and text.startswith("Not here: ")
    assert tryit.holding and tryit.score() == tryit.before


def test_the_city_given_is_never_changed() -> None:
    record = records.load(CITY)
    city = record.build()
    before = sorted(city.hexes())
    tryit = TryIt(city, record.variants, record.stones, 18)
    tryit.place(tryit.legal_anchors()[0])
    assert sorted(city.hexes()) == before


def test_keyboard_cursor_starts_on_a_legal_spot_and_moves_by_hexes() -> None:
    tryit = fresh()
    tryit.step(0)
    assert tryit.hover == tryit.legal_anchors()[0]
    start = tryit.hover
    tryit.step(2)
    assert tryit.hover == (start[0] + 1, start[1])
    tryit.rotate(-1)
    assert tryit.rotation == 5
