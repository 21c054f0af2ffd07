"""The evaluation's fast path measures a placement by the cells it changes: it must give exactly
the features of the whole city measured after the placement, in every case (lakes made, lakes
filled, house groups merged and split, every variant), and leave the city as it was."""

from __future__ import annotations

import pytest

from akropolis import Game
from akropolis.ai.features import Trial
from akropolis.ai.measure import measure
from akropolis.ai.trials import Base
from akropolis.checks import VARIANTS
from akropolis.city import City, Placement
from akropolis.hexes import pack
from akropolis.rng import SplitMix64
from akropolis.tiles import TILES, Kind


def measured_after(game: Game, move) -> list[int]:
    """The features of the mover's city once ``move`` is played, measured in full."""
    player = game.turn
    game.play(move)
    city = game.cities[player]
    features = measure(city.height, city.kind, city.frontier, game.variants)
    game.undo()
    return features


def tried(city: City, variants, move) -> list[int]:
    cells = tuple(pack(*cell) for cell in move.cells)
    return Trial(city, frozenset(variants)).trial_features(
        cells, TILES[move.tile].hexes, move.level
    )


@pytest.mark.parametrize("subset", range(32))
def test_a_tried_placement_measures_as_the_whole_city_after_it(subset: int) -> None:
    """Every subset of the variants, a whole game each, many placements tried per turn (half
    of the turns built upwards, to cover and merge and split)."""
    variants = [v for i, v in enumerate(VARIANTS) if subset >> i & 1]
    game = Game(2 + subset % 3, variants=variants, seed=subset)
    rng = SplitMix64(subset)
    while not game.is_over:
        player = game.turn
        trial = Trial(game.cities[player], game.variants)
        moves = game.legal_moves()
        for move in moves[:: max(1, len(moves) // 12)]:
            cells = tuple(pack(*cell) for cell in move.cells)
            got = trial.trial_features(cells, TILES[move.tile].hexes, move.level)
            assert got == measured_after(game, move), (subset, game.ply, move)
        upward = [m for m in moves if m.level > 1]
        pool = upward if upward and rng.below(2) else moves
        game.play(pool[rng.below(len(pool))])


def ring_city() -> City:
    """A city drawn hex by hex: a ring of houses and barracks round one empty cell (a lake),
    with a temple, a market and a garden on the ring, and a gap left in the ring at (2, -2)."""
    ring = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    kinds = [Kind.HOUSE, Kind.BARRACKS, Kind.TEMPLE, Kind.MARKET, Kind.GARDEN, Kind.HOUSE]
    hexes = [((q, r), kind, 1) for (q, r), kind in zip(ring, kinds, strict=True)]
    hexes += [((2, -1), Kind.HOUSE, 1), ((2, 0), Kind.HOUSE_PLAZA, 1), ((-2, 1), Kind.QUARRY, 1)]
    return City.from_hexes(hexes)


def walled_city() -> City:
    """A wall of every kind round a lake of 19 cells, most of them next to no built cell."""
    cycle = [Kind.BARRACKS, Kind.GARDEN, Kind.HOUSE, Kind.TEMPLE, Kind.MARKET, Kind.QUARRY]
    wall = [
        (q, r) for q in range(-3, 4) for r in range(-3, 4) if max(abs(q), abs(r), abs(q + r)) == 3
    ]
    hexes = [(cell, cycle[i % len(cycle)], 1) for i, cell in enumerate(wall)]
    return City.from_hexes(
        [*hexes, ((4, -2), Kind.GARDEN_PLAZA, 1), ((3, -4), Kind.MARKET_PLAZA, 1)]
    )


@pytest.mark.parametrize("variants", [(), VARIANTS])
@pytest.mark.parametrize("make", [ring_city, walled_city])
def test_lakes_made_filled_and_left_measure_exactly(variants, make) -> None:
    """Every level-1 placement of several tiles on a city with a lake: filling it (the cells it
    leaves next to the tile are lake, not outside), closing another one, building beside."""
    city = make()
    trial = Trial(city, frozenset(variants))
    before = (dict(city.height), dict(city.kind), set(city.frontier))
    for spot in city.spots():
        for tile in (1, 6, 17, 20, 26, 34, 11, 16):
            for anchor, rotation, cells in spot.orientations:
                packed = tuple(pack(*cell) for cell in cells)
                got = trial.trial_features(packed, TILES[tile].hexes, spot.level)
                city.place(Placement(tile, anchor, rotation))
                want = measure(city.height, city.kind, city.frontier, frozenset(variants))
                city.undo()
                assert got == want, (tile, anchor, rotation)
    assert (city.height, city.kind, city.frontier) == before


def test_covering_houses_merges_and_splits_groups_exactly() -> None:
    """A line of houses covered in its middle by a tile of houses (the groups stay joined)
    and by a tile without houses (the line is cut in two)."""
    game = Game(2, seed=5, variants=("houses",))
    rng = SplitMix64(5)
    checked = 0
    while not game.is_over and checked < 200:
        moves = game.legal_moves()
        city = game.cities[game.turn]
        covering = [
            m
            for m in moves
            if m.level > 1 and any(city.kind[pack(*c)] is Kind.HOUSE for c in m.cells)
        ]
        for move in covering:
            assert tried(city, game.variants, move) == measured_after(game, move)
            checked += 1
        game.play(moves[rng.below(len(moves))])
    assert checked > 20


def test_the_measured_city_is_a_copy() -> None:
    """A Base keeps its own copy: the city may change afterwards without misleading it."""
    game = Game(2, seed=3)
    city = game.cities[0]
    base = Base(city.height, city.kind, city.frontier, game.variants)
    move = game.legal_moves()[0]
    cells = tuple(pack(*cell) for cell in move.cells)
    first = base.after(cells, TILES[move.tile].hexes, move.level)
    game.play(move)
    assert base.after(cells, TILES[move.tile].hexes, move.level) == first
    assert base.features != measure(city.height, city.kind, city.frontier, game.variants)


def test_playing_unchecked_is_playing() -> None:
    """The search's fast path leaves the game exactly as ``play`` does, undo included."""
    for kinds in (None, ["human", "architect:callicrates"]):
        checked, unchecked = Game(2, seed=8, kinds=kinds), Game(2, seed=8, kinds=kinds)
        rng = SplitMix64(8)
        while not checked.is_over:
            moves = checked.legal_moves()
            move = moves[rng.below(len(moves))]
            checked.play(move)
            unchecked.play_unchecked(move)
            for a, b in zip(checked.cities, unchecked.cities, strict=True):
                assert (a.height, a.kind, a.piece, a.frontier) == (
                    b.height,
                    b.kind,
                    b.piece,
                    b.frontier,
                )
                assert a.placements == b.placements
            assert (checked.site, checked.stones, checked.moves, checked.turn) == (
                unchecked.site,
                unchecked.stones,
                unchecked.moves,
                unchecked.turn,
            )
        unchecked.undo()
        checked.undo()
        assert unchecked.site == checked.site and unchecked.stones == checked.stones
