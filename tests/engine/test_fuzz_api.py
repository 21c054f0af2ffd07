"""Fuzzing the Python API: ``Game(...)``, ``CityRecord(...)``, ``city_to_record``, ``play``,
``check`` and ``undo`` take any values.  They give a game or city that round-trips, or raise
ValueError (IllegalMoveError for moves) with one short line; a refused move changes nothing.

Promises 4–6 of the fuzz suite; the example counts are the constants below.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from akropolis import TILES, City, Game, IllegalMoveError, LegalMove, Move, records
from akropolis.checks import PLAYER_KINDS, VARIANTS, is_int
from akropolis.hexes import COORD_LIMIT, placement_cells
from akropolis.records import CityRecord
from tests.engine.fuzzing import (
    anything,
    assert_round_trips,
    assert_short_message,
    cities,
    fuzz_settings,
    games,
    ints,
    mostly,
    name_lists,
    odd_text,
    seeds,
    stones,
    valid_names,
    weighted,
)
from tests.engine.helpers import game_state

GAME_EXAMPLES = 1500
CITY_TO_RECORD_EXAMPLES = 500
CITY_RECORD_EXAMPLES = 500
PLAY_EXAMPLES = 600
UNDO_EXAMPLES = 100


# --- Strategies: arguments, each valid or anything --------------------------------------------

valid_variants = st.one_of(
    st.sets(st.sampled_from(VARIANTS)),
    st.frozensets(st.sampled_from(VARIANTS)),
    st.lists(st.sampled_from(VARIANTS), max_size=6),  # sometimes a variant twice
)
variant_args = mostly(valid_variants, st.lists(st.sampled_from(VARIANTS) | anything) | anything)
valid_decks = st.one_of(
    st.lists(st.integers(1, 37), unique=True, min_size=1, max_size=37),
    st.permutations(range(1, 62)).map(lambda tiles: tiles[:30]),
)
bad_decks = st.one_of(
    st.lists(st.integers(0, 62) | ints, min_size=1, max_size=8),
    st.lists(st.integers(1, 61) | anything, max_size=4).map(tuple),
    anything,
)
some_names = name_lists(2, 4)
bad_names = st.lists(valid_names | odd_text | anything, min_size=1, max_size=5) | anything
some_kinds = st.lists(st.sampled_from([None, *PLAYER_KINDS]), min_size=2, max_size=4)
bad_kinds = st.lists(st.sampled_from([None, "Human", "ai"]) | anything, max_size=5) | anything
game_args = st.fixed_dictionaries(
    {},
    optional={
        "variants": variant_args,
        "all_tiles": mostly(st.booleans(), anything),
        "seed": mostly(st.none() | seeds, anything),
        "deck": mostly(st.none() | valid_decks, bad_decks),
        "names": mostly(st.none() | some_names, bad_names),
        "kinds": mostly(st.none() | some_kinds, bad_kinds),
    },
)
drawn_cities = cities().map(lambda city: City.from_hexes(list(city.hexes())))
city_args = weighted((4, cities()), (1, st.builds(City)), (2, drawn_cities), (1, anything))
stone_args = mostly(stones, anything)


near_anchors = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
tile_field = mostly(st.integers(0, 62), anything)
anchor_field = mostly(near_anchors | near_anchors.map(list), st.tuples(ints, ints) | anything)
rotation_field = mostly(st.integers(-1, 6), anything)
placement_values = st.one_of(
    st.builds(Move, tile_field, anchor_field, rotation_field),
    st.builds(SimpleNamespace, tile=tile_field, anchor=anchor_field, rotation=rotation_field),
    st.fixed_dictionaries({"tile": tile_field, "anchor": anchor_field, "rotation": rotation_field}),
    st.tuples(tile_field, anchor_field, rotation_field),
    st.tuples(tile_field, anchor_field, rotation_field, *([anything] * 5)).map(LegalMove._make),
    anything,
)
real_placements = cities().map(lambda city: list(city.placements))
placement_args = mostly(
    real_placements | real_placements.map(tuple),
    st.one_of(
        st.tuples(real_placements, st.integers(0, 30), placement_values).map(
            lambda t: [*t[0][: t[1]], t[2], *t[0][t[1] :]]  # one bad placement among real ones
        ),
        st.lists(placement_values, max_size=4),
        anything,
    ),
)


@st.composite
def slightly_wrong(draw: st.DrawFn, game: Game) -> Any:
    """A legal move of ``game`` (if any) with one field or its type a little off — or not."""
    legal = game.legal_moves()
    if not legal:
        return draw(placement_values)
    move = draw(st.sampled_from(legal))
    tile, anchor, rotation = move.tile, move.anchor, move.rotation
    (q, r) = anchor
    field = draw(st.sampled_from(["tile", "anchor", "rotation", "extras", "none", "none"]))
    if field == "tile":
        tile = draw(
            st.sampled_from([tile + 1, tile - 1, -tile, float(tile), str(tile), True, tile + 61])
            | st.sampled_from(game.site)
        )
    elif field == "anchor":
        anchor = draw(
            st.sampled_from([(q + 1, r), (q, r - 1), (q - 1, r + 1), (r, q), [q, r], (q, r, 0)])
            | st.sampled_from([(q,), (float(q), r), (q, True), (str(q), r), (q, r + 2**64)])
            | st.sampled_from([(q + COORD_LIMIT, r), (-COORD_LIMIT - 1, r)])
        )
    elif field == "rotation":
        rotation = draw(
            st.sampled_from([rotation + 1, (rotation + 3) % 6, rotation + 6, -1, 6, 1.0, True, "0"])
        )
    elif field == "extras":  # a LegalMove whose other fields lie: play trusts only the placement
        return move._replace(site_index=draw(anything), cost=draw(anything), level=-1)
    wrap = draw(st.sampled_from(["Move", "LegalMove", "namespace", "tuple", "dict"]))
    if wrap == "Move":
        return Move(tile, anchor, rotation)
    if wrap == "LegalMove":
        return move._replace(tile=tile, anchor=anchor, rotation=rotation)
    if wrap == "namespace":
        return SimpleNamespace(tile=tile, anchor=anchor, rotation=rotation)
    if wrap == "tuple":
        return (tile, anchor, rotation)
    return {"tile": tile, "anchor": anchor, "rotation": rotation}


def player_args(game: Game) -> st.SearchStrategy:
    return weighted((2, st.none()), (1, st.just(game.turn)), (1, st.integers(-1, 4)), (1, anything))


def is_legal(game: Game, value: Any, player: Any) -> bool:
    """The oracle: the value names a legal placement for the player to move (``tile``,
    ``anchor``, ``rotation`` of exact types), by the cells and kinds it would cover."""
    if player is not None and not (is_int(player) and player == game.turn):
        return False
    try:
        tile, anchor, rotation = value.tile, value.anchor, value.rotation
    except AttributeError:
        return False
    if not (is_int(tile) and tile in TILES and is_int(rotation) and 0 <= rotation <= 5):
        return False
    if not (isinstance(anchor, (list, tuple)) and len(anchor) == 2):
        return False
    if not all(is_int(c) and abs(c) <= COORD_LIMIT for c in anchor):
        return False

    def covers(tile: int, anchor: Any, rotation: int) -> tuple:
        cells = placement_cells(tuple(anchor), rotation)
        return tile, frozenset(zip(cells, TILES[tile].hexes, strict=True))

    legal = {covers(m.tile, m.anchor, m.rotation) for m in game.legal_moves()}
    return covers(tile, anchor, rotation) in legal


# --- Properties -------------------------------------------------------------------------------


@fuzz_settings(GAME_EXAMPLES)
@given(players=mostly(st.integers(2, 4), anything), kwargs=game_args)
def test_game_takes_any_arguments(players: Any, kwargs: dict[str, Any]) -> None:
    """``Game(...)`` with any arguments: ValueError with a short line, or a game that says what
    it was given and round-trips through JSON and notation."""
    try:
        game = Game(players, **kwargs)
    except ValueError as error:
        assert_short_message(error)
        event("refused")
        return
    event("accepted")
    assert game.players == players
    if isinstance(kwargs.get("names"), (list, tuple)):
        assert list(game.names) == list(kwargs["names"])
    if kwargs.get("seed") is not None:
        assert game.seed == kwargs["seed"]
    if kwargs.get("deck") is not None:
        assert list(game.deck) == list(kwargs["deck"])
    assert_round_trips(game)


@fuzz_settings(CITY_TO_RECORD_EXAMPLES)
@given(city=city_args, variants=variant_args, stones=stone_args)
def test_city_to_record_takes_any_arguments(city: Any, variants: Any, stones: Any) -> None:
    """``city_to_record`` with any arguments: ValueError with a short line, or the record of
    exactly that city, which round-trips."""
    try:
        record = records.city_to_record(city, variants, stones)
    except ValueError as error:
        assert_short_message(error)
        event("refused")
        return
    event("accepted")
    again = records.read_city(record)
    assert sorted(again.build().hexes()) == sorted(city.hexes())
    assert again.stones == stones
    assert assert_round_trips(again) == record


@fuzz_settings(CITY_RECORD_EXAMPLES)
@given(variants=variant_args, stones=stone_args, placements=placement_args)
def test_city_record_takes_any_arguments(variants: Any, stones: Any, placements: Any) -> None:
    """``CityRecord(...)`` and its ``build()`` with any arguments: ValueError with a short line,
    or a city that round-trips."""
    try:
        city = CityRecord(variants, stones, placements)
        city.build()
    except ValueError as error:
        assert_short_message(error)
        event("refused")
        return
    event("accepted")
    assert_round_trips(city)


@fuzz_settings(PLAY_EXAMPLES)
@given(game=games(), data=st.data())
def test_play_and_check_refuse_anything_illegal_and_change_nothing(
    game: Game, data: st.DataObject
) -> None:
    """``check`` and ``play`` with any value and player: an illegal one raises IllegalMoveError
    (one short line) and leaves the game exactly as it was; a legal one is played (and undone)."""
    values = mostly(slightly_wrong(game), placement_values | anything)
    probes = st.lists(st.tuples(values, player_args(game)), min_size=1, max_size=6)
    for value, player in data.draw(probes):
        before = game_state(game)
        if is_legal(game, value, player):
            event("legal")
            info = game.check(value, player)
            assert game_state(game) == before
            assert info.move == (value.tile, tuple(value.anchor), value.rotation)
            assert game.play(value, player) == info
            assert game.moves[-1] == info.move
            game.undo()
        else:
            for attempt in (game.check, game.play):
                with pytest.raises(IllegalMoveError) as refused:
                    attempt(value, player)
                assert_short_message(refused.value)
        assert game_state(game) == before


@fuzz_settings(UNDO_EXAMPLES)
@given(game=games())
def test_undo_with_nothing_to_undo_is_refused(game: Game) -> None:
    """``undo`` on a new game (and after undoing every move) raises IllegalMoveError."""
    new = game.fresh()
    before = game_state(new)
    with pytest.raises(IllegalMoveError) as refused:
        new.undo()
    assert_short_message(refused.value)
    assert game_state(new) == before
    while game.ply:
        game.undo()
    undone = game_state(game)
    with pytest.raises(IllegalMoveError):
        game.undo()
    assert game_state(game) == undone == game_state(game.fresh())
