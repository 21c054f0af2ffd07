"""docs/rules.md, "The pieces", "Coordinates" and "A turn" steps 2–3: one test per rule, named
after it.

Cities here are built by legal placements from the starting tile: plaza H* at (0, 0), quarries
at (0, -1), (1, 0) and (-1, 1).
"""

from __future__ import annotations

import csv
import math
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
    Tile,
    placement_cells,
)
from akropolis.hexes import pack
from akropolis.rng import SplitMix64
from tests.engine.helpers import built, city_state, draw, first_move

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "tiles.csv"

NOT_ADJACENT = "the tile is not adjacent to the city"
OVERHANG = "the tile would overhang an empty space"
NOT_FLAT = "the tile is not flat: the hexes below are at different levels"
SINGLE_TILE = "the tile would cover a single tile (it must cover two or more)"


def pixel(h: tuple[int, int]) -> tuple[float, float]:
    """Centre of a flat-topped hex on screen (y grows downwards)."""
    return 1.5 * h[0], math.sqrt(3) * (h[1] + h[0] / 2)


def clockwise(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> bool:
    """True if a → b → c turns clockwise on screen."""
    (ax, ay), (bx, by), (cx, cy) = pixel(a), pixel(b), pixel(c)
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0


def refusal(city: City, tile: int, anchor: tuple[int, int], rotation: int) -> str:
    """The message of the IllegalMoveError that ``city`` raises for this placement."""
    with pytest.raises(IllegalMoveError) as caught:
        city.check(tile, anchor, rotation)
    return str(caught.value)


def two_tiles_east() -> City:
    """Start tile, 7 (G Q Q) on (1,-1) (1,-2) (2,-2), 22 (M* Q Q) on (1,-3) (2,-4) (2,-3)."""
    return built((7, (1, -1), 0), (22, (1, -3), 1))


# --- Components -------------------------------------------------------------------------------


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference is beside the repo")
def test_tiles_match_the_reference_table() -> None:
    """tiles.csv: 61 tiles, their min_players and their hexes hex_a, hex_b, hex_c in order."""
    with REFERENCE.open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(TILES) == 61
    for row in rows:
        tile = TILES[int(row["id"])]
        assert tile.min_players == int(row["min_players"])
        assert [k.label for k in tile.hexes] == [row["hex_a"], row["hex_b"], row["hex_c"]]


def test_tile_counts_37_for_2_players_49_for_3_all_61_for_4() -> None:
    """A tile is used with at least min_players players."""
    counts = [sum(1 for t in TILES.values() if t.min_players <= n) for n in (2, 3, 4)]
    assert counts == [37, 49, 61]


def test_each_tile_is_three_hexes_forming_a_triangle() -> None:
    """Every hex of a placed tile touches the other two."""
    for rotation in range(6):
        a, b, c = placement_cells((3, -2), rotation)
        for x, y in ((a, b), (b, c), (c, a)):
            assert (y[0] - x[0], y[1] - x[1]) in DIRECTIONS


def test_hex_kinds_are_quarry_five_districts_and_one_plaza_per_district() -> None:
    districts = ["house", "market", "barracks", "temple", "garden"]
    expected = ["quarry", *districts, *(f"{d}-plaza" for d in districts)]
    assert sorted(k.label for k in Kind) == sorted(expected)


def test_plaza_stars_house_1_market_2_barracks_2_temple_2_garden_3() -> None:
    assert {k.label: s for k, s in STARS.items()} == {
        "house": 1,
        "market": 2,
        "barracks": 2,
        "temple": 2,
        "garden": 3,
    }


def test_tiles_are_listed_clockwise_and_never_flipped() -> None:
    """hex_a → hex_b → hex_c turn clockwise in every rotation; the mirror layout never occurs."""
    assert all(clockwise(*placement_cells((0, 0), k)) for k in range(6))
    game = Game(2, deck=[1, 2, 3, 4])  # tile 1: house, barracks, temple
    layouts: dict[frozenset, set] = {}
    for move in game.legal_moves():
        if move.tile == 1:
            assert clockwise(*move.cells)
            layouts.setdefault(frozenset(move.cells), set()).add(move.cells)
    # on each triangle: 3 rotations of H-B-T, not 6 (the flipped H-T-B would add 3 more)
    assert {len(ways) for ways in layouts.values()} == {3}


def test_starting_tile_counts_as_one_tile_for_covers_two_tiles_rule() -> None:
    """Its four hexes are one tile: covering two of them and one hex of tile 7 is legal."""
    city = two_tiles_east()
    assert len({city.piece[pack(*cell)] for cell, _ in STARTING_TILE}) == 1
    # plaza (0,0) + quarry (0,-1) of the starting tile, garden (1,-1) of tile 7
    assert city.place(Placement(30, (0, 0), 0)) == (2, 1)


def test_stone_reserve_is_unlimited() -> None:
    """Gains are never capped by the 40 cubes: the stones in play pass 40 and still add up."""
    game = Game(4, seed=23)  # a deal where thrifty play ends with 48 stones in play
    chooser = SplitMix64(23)
    spent = gained = 0
    while not game.is_over:
        moves = game.legal_moves()
        best = max(m.stones_gained - m.cost for m in moves)
        thrifty = [m for m in moves if m.stones_gained - m.cost == best]
        move = thrifty[chooser.below(len(thrifty))]  # the move netting most stones
        spent, gained = spent + move.cost, gained + move.stones_gained
        game.play(move)
    assert sum(game.stones) == 1 + 2 + 3 + 4 - spent + gained
    assert sum(game.stones) > 40


# --- Coordinates ------------------------------------------------------------------------------


def test_coordinates_starting_tile_plaza_at_origin_quarries_n_se_sw() -> None:
    assert STARTING_TILE == (
        ((0, 0), Kind.HOUSE_PLAZA),
        ((0, -1), Kind.QUARRY),
        ((1, 0), Kind.QUARRY),
        ((-1, 1), Kind.QUARRY),
    )
    assert sorted(City().hexes()) == [
        ((-1, 1), Kind.QUARRY, 1),
        ((0, -1), Kind.QUARRY, 1),
        ((0, 0), Kind.HOUSE_PLAZA, 1),
        ((1, 0), Kind.QUARRY, 1),
    ]
    # north, south-east and south-west of the plaza
    assert [DIRECTIONS[k] for k in (0, 2, 4)] == [(0, -1), (1, 0), (-1, 1)]


def test_directions_clockwise_from_north() -> None:
    """D = N, NE, SE, S, SW, NW: each a sixth of a turn clockwise from the one before."""
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    angles = [math.degrees(math.atan2(y, x)) for x, y in map(pixel, DIRECTIONS)]
    assert [round(a) % 360 for a in angles] == [270, 330, 30, 90, 150, 210]


def test_placement_anchor_rotation_convention() -> None:
    """hex_a on the anchor, hex_b on anchor + D[k], hex_c on anchor + D[(k + 1) % 6]."""
    assert placement_cells((2, -1), 0) == ((2, -1), (2, -2), (3, -2))
    assert placement_cells((2, -1), 5) == ((2, -1), (1, -1), (2, -2))
    city = built((1, (0, 1), 3))  # house, barracks, temple
    assert city.top((0, 1)) == (Kind.HOUSE, 1)
    assert city.top((0, 2)) == (Kind.BARRACKS, 1)
    assert city.top((-1, 2)) == (Kind.TEMPLE, 1)


def test_equivalent_anchor_rotation_pairs_are_one_physical_placement(monkeypatch) -> None:
    """(A, k), (A + D[k], k + 2), (A + D[k+1], k + 4) cover one triangle; alike hexes: one move."""
    pairs = [((0, 1), 2), ((1, 1), 4), ((0, 2), 0)]
    assert len({frozenset(placement_cells(a, k)) for a, k in pairs}) == 1
    # A real tile has unlike hexes: the three pairs are three different layouts, all listed.
    layouts = {repr(sorted(built((1, a, k)).hexes())) for a, k in pairs}
    assert len(layouts) == 3
    game = Game(2, deck=[1, 2, 3, 4])
    spots = len(game.cities[0].spots())
    assert sum(1 for m in game.legal_moves() if m.tile == 1) == 3 * spots
    # No real tile has three alike hexes, so a made-up one shows the pairs becoming one move.
    monkeypatch.setitem(TILES, 1, Tile(1, 2, (Kind.GARDEN, Kind.GARDEN, Kind.GARDEN)))
    assert len({repr(sorted(built((1, a, k)).hexes())) for a, k in pairs}) == 1
    assert sum(1 for m in game.legal_moves() if m.tile == 1) == spots


def test_level_is_one_plus_level_below() -> None:
    """A hex on the table is level 1; a tile on level-n hexes is level n + 1."""
    city = two_tiles_east()
    assert city.top((1, -1)) == (Kind.GARDEN, 1)
    assert city.place(Placement(26, (0, 0), 0)) == (2, 1)  # over plaza, quarry, garden
    assert city.top((0, 0)) == (Kind.MARKET, 2)
    assert city.place(Placement(3, (1, -2), 1)) == (2, 3)  # over three level-1 quarries
    assert city.place(Placement(1, (0, -1), 1)) == (3, 3)  # over three level-2 quarries
    assert city.top((0, -1)) == (Kind.HOUSE, 3)


# --- A turn, step 2: adding the tile to the city ----------------------------------------------


def test_tile_may_be_added_in_any_rotation() -> None:
    """All six rotations of a tile have legal placements, on level 1 and on top."""
    game = Game(2, deck=[1, 2, 3, 4])
    game.play(Placement(1, (1, -1), 0))  # H (1,-1), B (1,-2), T (2,-2)
    game.play(first_move(game))
    rotations = {(m.level, m.rotation) for m in game.legal_moves() if m.tile == 3}
    assert rotations == {(level, k) for level in (1, 2) for k in range(6)}


def test_level_one_needs_edge_adjacency() -> None:
    """On the table a tile must share an edge with the city; one cell apart is refused."""
    city = City()
    assert city.check(1, (0, 2), 0)[1:] == (1, 0)  # (0,1) touches the plaza
    # (0,3) (0,2) (1,2): one empty cell away from the city
    assert refusal(city, 1, (0, 3), 0) == NOT_ADJACENT


def test_level_one_needs_three_empty_cells() -> None:
    """A tile half on the table and half on the city is refused as an overhang."""
    assert refusal(City(), 1, (1, 1), 5) == OVERHANG  # (1,1) and (0,1) empty, (1,0) built


def test_higher_level_no_overhang() -> None:
    """On top, all three cells must be built: two built and one empty is refused."""
    # (1,0) and (1,-1) built, (2,-1) empty
    assert refusal(two_tiles_east(), 1, (1, 0), 0) == OVERHANG


def test_higher_level_must_be_flat() -> None:
    """On top, the three hexes below must be at one level: a slope is refused."""
    city = two_tiles_east()
    city.place(Placement(26, (0, 0), 0))  # (0,0), (0,-1), (1,-1) now level 2
    assert refusal(city, 1, (1, -1), 3) == NOT_FLAT  # (1,-1) level 2, (1,0) level 1, (0,0) level 2


def test_higher_level_must_cover_two_tiles() -> None:
    """Covering exactly one tile's three hexes is refused; two tiles' hexes are fine."""
    city = two_tiles_east()
    assert refusal(city, 1, (1, -1), 0) == SINGLE_TILE  # exactly tile 7's three hexes
    assert city.check(1, (1, -2), 1)[1:] == (2, 3)  # two of tile 7, one of tile 22


def test_covered_hexes_are_gone_only_the_top_hex_is_visible() -> None:
    city = built((19, (0, 1), 3))  # Q (0,1), H (0,2), H (-1,2)
    city.place(Placement(26, (0, 1), 4))  # M on (0,1), Q on (-1,2), Q on (-1,1)
    assert city.top((-1, 2)) == (Kind.QUARRY, 2)
    assert city.top((0, 2)) == (Kind.HOUSE, 1)
    assert len(city) == 7  # four starting cells and three new ones


def test_refused_placement_leaves_the_city_exactly_as_it_was() -> None:
    city = two_tiles_east()
    before = city_state(city)
    for tile, anchor, rotation in [(1, (9, 9), 0), (1, (1, 0), 0), (1, (1, -1), 0)]:
        with pytest.raises(IllegalMoveError):
            city.place(Placement(tile, anchor, rotation))
        assert city_state(city) == before


def test_placements_after_a_failed_one_name_their_position() -> None:
    with pytest.raises(IllegalMoveError, match=f"^placement 2: {NOT_ADJACENT}$"):
        built((7, (1, -1), 0), (1, (5, 5), 0))


def test_drawn_hexes_are_other_tiles_than_a_tile_placed_later() -> None:
    """Covering two hexes of a placed tile and one drawn hex covers two tiles."""
    city = draw({(0, 0): "Q", (1, 0): "Q", (0, 1): "Q"})
    city.place(Placement(7, (2, 0), 3))  # G (2,0), Q (2,1), Q (1,1)
    assert city.check(1, (1, 0), 2)[1:] == (2, 2)  # drawn (1,0) + placed (2,0), (1,1)


# --- A turn, step 3: stones from quarries -----------------------------------------------------


@pytest.mark.parametrize(
    ("anchor", "rotation", "stones"),
    [
        ((0, 2), 0, 0),  # on the table
        ((0, 0), 0, 1),  # plaza, quarry (0,-1), garden
        ((0, -1), 1, 2),  # quarries (0,-1) and (1,-2), garden (1,-1)
        ((1, -2), 1, 3),  # quarries (1,-2), (2,-3), (2,-2)
    ],
)
def test_covering_quarry_gains_stone(anchor, rotation, stones) -> None:
    """One stone from the reserve per quarry the new tile covers: 0, 1, 2 or 3."""
    game = Game(2, deck=[7, 26, 22, 1, 30, 2, 3])
    game.play(Placement(7, (1, -1), 0))
    game.play(first_move(game))
    game.play(Placement(22, (1, -3), 1))
    game.play(first_move(game))
    assert game.stones[0] == 1 and game.site[0] == 30
    info = game.play(Placement(30, anchor, rotation))  # T Q Q, free (first in the site)
    assert info.stones_gained == stones
    assert game.stones[0] == 1 + stones
