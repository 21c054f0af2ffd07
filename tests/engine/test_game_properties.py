"""Properties over many random seeded games, checked against the slow reference in reference.py."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from akropolis import City, Game, IllegalMoveError, Move, placement_cells, records, score_city
from akropolis.checks import VARIANTS
from akropolis.hexes import rotate
from akropolis.rng import SplitMix64
from tests.engine.reference import brute_legal_placements, brute_score, plain

SETUPS = [(2, False), (3, False), (4, False), (2, True), (3, True)]
setups = st.sampled_from(SETUPS)
seeds = st.integers(0, 2**64 - 1)
variant_sets = st.sets(st.sampled_from(VARIANTS))
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random(game: Game, rng: SplitMix64, until: int | None = None):
    """Play random legal moves, yielding (legal move chosen, game) after each."""
    while not game.is_over and (until is None or game.ply < until):
        moves = game.legal_moves()
        move = moves[rng.below(len(moves))]
        game.play(move)
        yield move


def snapshot(game: Game) -> tuple:
    return (
        records.game_to_record(game),
        game.site,
        game.stones,
        game.turn,
        game.chief,
        game.round,
        game.stacks_left,
        [plain(c) for c in game.cities],
        [set(c.frontier) for c in game.cities],
    )


@SETTINGS
@given(setup=setups, seed=seeds, variants=variant_sets)
def test_game_ends_after_every_tile_but_one_is_played_once(setup, seed, variants) -> None:
    players, all_tiles = setup
    game = Game(players, seed=seed, variants=variants, all_tiles=all_tiles)
    list(play_random(game, SplitMix64(seed)))
    played = [m.tile for m in game.moves]
    assert len(played) == len(game.deck) - 1 == len(set(played))
    assert set(played) | set(game.site) == set(game.deck)
    rounds = 12 if not all_tiles else {2: 20, 3: 15}[players]
    assert game.round == rounds and game.ply == rounds * (players + 1)
    assert sum(len(c.placements) for c in game.cities) == game.ply


@SETTINGS
@given(setup=setups, seed=seeds)
def test_stones_never_negative_and_add_up(setup, seed) -> None:
    players, all_tiles = setup
    game = Game(players, seed=seed, all_tiles=all_tiles)
    expected = [seat + 1 for seat in range(players)]
    rng = SplitMix64(seed)
    while not game.is_over:
        player = game.turn
        moves = game.legal_moves()
        assert all(m.cost <= game.stones[player] for m in moves)
        move = moves[rng.below(len(moves))]
        game.play(move)
        expected[player] += move.stones_gained - move.cost
        assert list(game.stones) == expected and min(game.stones) >= 0


@SETTINGS
@given(setup=setups, seed=seeds, variants=variant_sets, stop=st.integers(0, 60))
def test_incremental_scores_equal_scores_from_scratch_and_brute_force(setup, seed, variants, stop):
    players, all_tiles = setup
    game = Game(players, seed=seed, variants=variants, all_tiles=all_tiles)
    list(play_random(game, SplitMix64(seed), until=stop))
    for player, city in enumerate(game.cities):
        live = game.score(player).to_json()
        scratch = score_city(City.from_placements(city.placements), variants, game.stones[player])
        assert scratch.to_json() == live
        assert brute_score(plain(city), variants, game.stones[player]) == live


@SETTINGS
@given(setup=setups, seed=seeds, variants=variant_sets, stop=st.integers(0, 60))
def test_record_replay_record_is_identical(setup, seed, variants, stop) -> None:
    players, all_tiles = setup
    game = Game(players, seed=seed, variants=variants, all_tiles=all_tiles)
    list(play_random(game, SplitMix64(seed), until=stop))
    record = records.game_to_record(game)
    assert records.game_to_record(records.load(records.dumps(record))) == record
    assert records.game_to_record(game.replay()) == record
    half = game.ply // 2
    assert records.game_to_record(game.replay(half))["moves"] == record["moves"][:half]


@settings(max_examples=10, deadline=None)
@given(setup=setups, seed=seeds)
def test_undo_restores_the_exact_previous_state(setup, seed) -> None:
    """After every move, undo gives back the exact state and legal moves; then all the way back."""
    players, all_tiles = setup
    game = Game(players, seed=seed, all_tiles=all_tiles)
    history = [(snapshot(game), sorted(game.legal_moves()))]
    for move in play_random(game, SplitMix64(seed)):
        after = snapshot(game)
        game.undo()
        assert (snapshot(game), sorted(game.legal_moves())) == history[-1]
        game.play(move)
        assert snapshot(game) == after
        history.append((after, sorted(game.legal_moves())))
    while game.ply:
        game.undo()
        history.pop()
        assert (snapshot(game), sorted(game.legal_moves())) == history[-1]


@SETTINGS
@given(
    seed=seeds,
    variants=variant_sets,
    turn=st.integers(0, 5),
    dq=st.integers(-9, 9),
    dr=st.integers(-9, 9),
)
def test_rotating_or_translating_a_city_changes_no_score(seed, variants, turn, dq, dr) -> None:
    game = Game(2, seed=seed, variants=variants)
    list(play_random(game, SplitMix64(seed), until=20))
    hexes = list(game.cities[0].hexes())
    moved = City.from_hexes([(add(rotate(h, turn), (dq, dr)), k, lv) for h, k, lv in hexes])
    assert (
        score_city(moved, variants, 3).to_json()
        == score_city(game.cities[0], variants, 3).to_json()
    )


def add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return a[0] + b[0], a[1] + b[1]


@settings(max_examples=12, deadline=None)
@given(setup=setups, seed=seeds, stop=st.integers(0, 50))
def test_legal_moves_equal_the_brute_force_generator(setup, seed, stop) -> None:
    """No illegal move is listed, no legal one missed, none listed twice."""
    players, all_tiles = setup
    game = Game(players, seed=seed, all_tiles=all_tiles)
    list(play_random(game, SplitMix64(seed), until=stop))
    if game.is_over:
        return
    city = plain(game.cities[game.turn])
    moves = game.legal_moves()
    for index in game.affordable():
        tile = game.site[index]
        listed = {}
        for m in (m for m in moves if m.tile == tile):
            assert m.cells == placement_cells(m.anchor, m.rotation) and m.cost == index
            key = frozenset(zip(m.cells, [k.label for k in _hexes(tile)], strict=True))
            assert key not in listed
            listed[key] = (m.level, m.stones_gained)
        assert listed == brute_legal_placements(city, tile)
    assert {m.site_index for m in moves} == set(game.affordable())


def _hexes(tile: int):
    from akropolis import TILES

    return TILES[tile].hexes


@settings(max_examples=12, deadline=None)
@given(
    seed=seeds,
    stop=st.integers(0, 30),
    probes=st.lists(
        st.tuples(st.integers(-6, 6), st.integers(-6, 6), st.integers(0, 5)),
        min_size=20,
        max_size=40,
    ),
)
def test_check_accepts_exactly_the_legal_moves(seed, stop, probes) -> None:
    """Random anchors and rotations: accepted iff brute force says legal; refusals change nothing"""
    game = Game(3, seed=seed)
    list(play_random(game, SplitMix64(seed), until=stop))
    tile = game.site[0]
    legal = brute_legal_placements(plain(game.cities[game.turn]), tile)
    before = snapshot(game)
    kinds = [k.label for k in _hexes(tile)]
    for q, r, k in probes:
        key = frozenset(zip(placement_cells((q, r), k), kinds, strict=True))
        if key in legal:
            assert game.check(Move(tile, (q, r), k)).level == legal[key][0]
        else:
            with pytest.raises(IllegalMoveError):
                game.play(Move(tile, (q, r), k))
        assert snapshot(game) == before
