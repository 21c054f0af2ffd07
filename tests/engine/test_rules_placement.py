"""RULES.md, components, coordinates and "A turn" step 2–3: one test per rule, named after it."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from akropolis import (
    DIRECTIONS,
    STARS,
    STARTING_TILE,
    TILES,
    City,
    Game,
    IllegalMoveError,
    Kind,
    Placement,
    placement_cells,
    records,
)
from akropolis.hexes import pack

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "tiles.csv"


def stacked_city() -> City:
    """Start tile, tile 7 (G Q Q) north-east of it, tile 22 (M* Q Q) beyond (all level 1)."""
    return City.from_placements([Placement(7, (1, -1), 0), Placement(22, (1, -3), 1)])


def state(city: City) -> tuple:
    return (
        dict(city.height),
        dict(city.kind),
        dict(city.piece),
        set(city.frontier),
        list(city.placements),
    )


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is beside the repo")
def test_tiles_match_the_reference_table_hexes_clockwise() -> None:
    """The 61 tiles, player counts and clockwise hexes are transcribed exactly."""
    with REFERENCE.open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(TILES) == 61
    for row in rows:
        tile = TILES[int(row["id"])]
        assert tile.min_players == int(row["min_players"])
        assert [k.label for k in tile.hexes] == [row["hex_a"], row["hex_b"], row["hex_c"]]


def test_tiles_are_listed_clockwise_and_never_flipped() -> None:
    """hex_b follows hex_a clockwise and hex_c follows hex_b, in every rotation."""
    for rotation in range(6):
        a, b, c = placement_cells((0, 0), rotation)

        # Clockwise on screen (y down) means a positive cross product of (b - a) × (c - a)
        # in the flat-top pixel plane.
        def pixel(h: tuple[int, int]) -> tuple[float, float]:
            return 1.5 * h[0], 3**0.5 * (h[1] + h[0] / 2)

        (ax, ay), (bx, by), (cx, cy) = pixel(a), pixel(b), pixel(c)
        assert (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0


def test_tile_counts_per_player_count() -> None:
    """37 tiles for 2 players, 49 for 3, all 61 for 4."""
    assert [sum(1 for t in TILES.values() if t.min_players <= n) for n in (2, 3, 4)] == [37, 49, 61]


def test_plaza_stars() -> None:
    """House 1, market 2, barracks 2, temple 2, garden 3."""
    assert {k.label: s for k, s in STARS.items()} == {
        "house": 1,
        "market": 2,
        "barracks": 2,
        "temple": 2,
        "garden": 3,
    }


def test_coordinates_starting_tile_plaza_at_origin_quarries_n_se_sw() -> None:
    assert STARTING_TILE == (
        ((0, 0), Kind.HOUSE_PLAZA),
        ((0, -1), Kind.QUARRY),
        ((1, 0), Kind.QUARRY),
        ((-1, 1), Kind.QUARRY),
    )
    city = City()
    assert sorted(city.hexes()) == [
        ((-1, 1), Kind.QUARRY, 1),
        ((0, -1), Kind.QUARRY, 1),
        ((0, 0), Kind.HOUSE_PLAZA, 1),
        ((1, 0), Kind.QUARRY, 1),
    ]


def test_directions_clockwise_from_north() -> None:
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def test_placement_anchor_rotation_convention() -> None:
    """hex_a on the anchor, hex_b on anchor + D[k], hex_c on anchor + D[(k + 1) % 6]."""
    assert placement_cells((2, -1), 0) == ((2, -1), (2, -2), (3, -2))
    assert placement_cells((2, -1), 5) == ((2, -1), (1, -1), (2, -2))
    city = City()
    city.place(Placement(1, (0, 1), 3))  # house, barracks, temple
    assert city.top((0, 1)) == (Kind.HOUSE, 1)
    assert city.top((0, 2)) == (Kind.BARRACKS, 1)
    assert city.top((-1, 2)) == (Kind.TEMPLE, 1)


def test_equivalent_anchor_rotation_pairs_are_one_physical_placement() -> None:
    """Legal moves list each physical placement (cells → hexes) of a tile once."""
    game = Game(2, seed=3)
    seen = set()
    for move in game.legal_moves():
        key = (move.tile, frozenset(zip(move.cells, TILES[move.tile].hexes, strict=True)))
        assert key not in seen
        seen.add(key)
    # The three ways onto one triangle put different hexes on its cells, so all three count.
    spot = game.cities[0].spots()[0]
    mappings = {
        frozenset(zip(cells, TILES[game.site[0]].hexes, strict=True))
        for _, _, cells in spot.orientations
    }
    assert len(mappings) == 3


def test_level_is_one_plus_level_below() -> None:
    """A tile on level-n hexes is at level n + 1 (and its districts are worth n + 1)."""
    city = stacked_city()
    assert city.place(Placement(26, (0, 0), 0)) == (2, 1)  # over plaza, quarry, garden
    assert city.top((0, 0)) == (Kind.MARKET, 2)
    assert city.place(Placement(3, (1, -2), 1)) == (2, 3)  # over three quarries of two tiles
    assert city.place(Placement(1, (0, -1), 1)) == (3, 3)  # over three level-2 quarries
    assert city.top((0, -1)) == (Kind.HOUSE, 3)


def test_starting_tile_counts_as_one_tile_for_covers_two_tiles_rule() -> None:
    """All four starting hexes are one piece; covering two of them plus another tile is legal."""
    city = stacked_city()
    assert len({city.piece[pack(*h)] for h, _ in STARTING_TILE}) == 1
    _, level, _ = city.check(30, (0, 0), 0)  # plaza + quarry of the start, garden of tile 7
    assert level == 2


def test_level_one_needs_edge_adjacency() -> None:
    city = City()
    city.check(1, (0, 2), 0)  # (0, 1) touches the plaza
    with pytest.raises(IllegalMoveError, match=r"^the tile is not adjacent to the city$"):
        city.check(1, (0, 3), 0)  # cells (0,3), (0,2), (1,2): a gap away


def test_higher_level_no_overhang() -> None:
    city = stacked_city()
    with pytest.raises(IllegalMoveError, match=r"^the tile would overhang an empty space$"):
        city.check(1, (1, 0), 0)  # (1,0) and (1,-1) built, (2,-1) empty


def test_higher_level_must_be_flat() -> None:
    city = stacked_city()
    city.place(Placement(26, (0, 0), 0))  # (0,0), (0,-1), (1,-1) now level 2
    with pytest.raises(IllegalMoveError, match=r"^the tile is not flat"):
        city.check(1, (1, -1), 3)  # (1,-1) L2, (1,0) L1, (0,0) L2


def test_higher_level_must_cover_two_tiles() -> None:
    city = stacked_city()
    with pytest.raises(IllegalMoveError, match="cover a single tile"):
        city.check(1, (1, -1), 0)  # exactly tile 7's three hexes


@pytest.mark.parametrize(
    ("anchor", "rotation", "stones"),
    [((0, 2), 0, 0), ((0, 0), 0, 1), ((0, -1), 1, 2), ((1, -2), 1, 3)],
)
def test_covering_quarry_gains_stone(anchor, rotation, stones) -> None:
    """One stone per quarry covered: 0 on the ground, 1, 2 or 3 on top."""
    game = Game(2, deck=[30, 1, 2, 3, 4, 5, 6])
    game.cities[0].place(Placement(7, (1, -1), 0))
    game.cities[0].place(Placement(22, (1, -3), 1))
    before = game.stones[0]
    info = game.play(Placement(30, anchor, rotation))
    assert info.stones_gained == stones
    assert game.stones[0] == before + stones


def test_stone_reserve_is_unlimited() -> None:
    """Gains are never capped by the 40 cubes: totals can pass 40 and still add up."""
    game = Game(4, seed=3)
    spent = gained = 0
    while not game.is_over:
        moves = game.legal_moves()
        move = max(moves, key=lambda m: (m.stones_gained - m.cost, -m.site_index))
        spent, gained = spent + move.cost, gained + move.stones_gained
        game.play(move)
    assert sum(game.stones) == 10 - spent + gained
    assert sum(game.stones) > 40


def test_only_top_hex_is_visible_after_covering() -> None:
    city = City.from_placements([Placement(19, (0, 1), 3)])  # Q(0,1), H(0,2), H(-1,2)
    city.place(Placement(26, (0, 1), 4))  # M on (0,1), Q on (-1,2), Q on (-1,1)
    assert city.top((-1, 2)) == (Kind.QUARRY, 2)
    assert city.top((0, 2)) == (Kind.HOUSE, 1)
    assert len(city) == 7


def test_rejected_placement_leaves_the_city_exactly_as_it_was() -> None:
    city = stacked_city()
    before = state(city)
    for tile, anchor, rotation in [(1, (9, 9), 0), (1, (1, 0), 0), (1, (1, -1), 0)]:
        with pytest.raises(IllegalMoveError):
            city.place(Placement(tile, anchor, rotation))
        assert state(city) == before


def test_city_record_with_an_illegal_placement_names_it() -> None:
    record = {
        "format": "akropolis-city",
        "version": 1,
        "variants": [],
        "stones": 0,
        "placements": [
            {"tile": 7, "anchor": [1, -1], "rotation": 0},
            {"tile": 1, "anchor": [1, -1], "rotation": 0},
        ],
    }
    with pytest.raises(records.RecordError, match=r"^placement 2: the tile would cover a single"):
        records.read_city(record)
