"""Exact play in the last round (``akropolis.ai.endgame``): once nothing is hidden, the rest of
the game is solved, and the engine agrees with every figure the solver predicts."""

from __future__ import annotations

import pytest

from akropolis import Game
from akropolis.ai import choose
from akropolis.ai.common import unseen_tiles
from akropolis.ai.endgame import best_placements, rank, solvable, solve
from akropolis.rng import SplitMix64
from akropolis.simulate import random_game

CASES = [(2, 1), (2, 7), (3, 2), (4, 3), (2, 11, ("gardens", "markets"))]


def last_round(players: int, seed: int, variants: tuple[str, ...] = ()) -> Game:
    """A random game rewound to the first position whose rest is known."""
    played = random_game(players, seed, variants=variants)
    for ply in range(played.ply + 1):
        game = played.replay(ply)
        if solvable(game):
            return game
    raise AssertionError("a game always ends with a known last round")


@pytest.mark.parametrize("case", CASES)
def test_the_last_round_is_solvable_and_nothing_earlier_is(case) -> None:
    game = last_round(*case)
    assert not unseen_tiles(game) and game.ply > 0
    assert not solvable(game.replay(game.ply - 1))
    assert not solvable(Game(2, seed=1))


@pytest.mark.parametrize("case", CASES)
def test_the_best_placement_of_each_tile_is_the_engines_best(case) -> None:
    """For the player to move, each affordable tile's best placement matches trying every
    legal move in the engine: the highest total, then the most stones."""
    game = last_round(*case)
    player = game.turn
    best = best_placements(game, player, list(game.site))
    for index in game.affordable():
        tile = game.site[index]
        tried = []
        for info in game.legal_moves():
            if info.site_index != index:
                continue
            after = game.copy()
            after.play(info.move)
            tried.append((after.score(player).total, after.stones[player]))
        found = best[tile]
        stones = game.stones[player] - index + found.gained
        assert (found.points + stones, stones) == max(tried)


@pytest.mark.parametrize("case", CASES)
def test_playing_the_solution_ends_exactly_as_predicted(case) -> None:
    game = last_round(*case)
    predicted = solve(game)
    while not game.is_over:
        outcome = solve(game)
        assert outcome.totals == predicted.totals  # the plan holds at every turn
        game.play(outcome.move.move)
    assert tuple(s.total for s in game.scores()) == predicted.totals
    assert game.stones == predicted.stones


@pytest.mark.parametrize("case", CASES[:3])
def test_no_other_move_ends_better_for_the_player_to_move(case) -> None:
    """Against every tile choice and a sample of placements: playing it, then the others as
    the solver says, never ends better for the mover than the solver's move."""
    game = last_round(*case)
    player = game.turn
    solved = solve(game)
    target = rank(solved.totals, solved.stones, player)
    moves = game.legal_moves()
    rng = SplitMix64(case[1])
    sample = {m.site_index: m for m in moves}  # one move of every tile it can take
    sample.update({i: moves[rng.below(len(moves))] for i in range(100, 130)})
    for info in sample.values():
        after = game.copy()
        after.play(info.move)
        while not after.is_over:
            after.play(solve(after).move.move)
        totals = tuple(s.total for s in after.scores())
        assert rank(totals, after.stones, player) <= target, info


def test_a_sole_win_ranks_above_a_shared_one_above_a_loss() -> None:
    assert rank((50, 40), (1, 1), 0) > rank((50, 50), (1, 1), 0) > rank((40, 50), (1, 1), 0)
    assert rank((50, 50), (2, 1), 0) > rank((50, 50), (1, 1), 0)  # the stones break the tie
    assert rank((60, 40), (0, 0), 0) > rank((50, 40), (0, 0), 0)  # then the margin


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("case", CASES)
def test_the_searching_levels_play_the_last_round_as_well_as_the_exact_solution(
    case, level
) -> None:
    """The hard and expert searches are exact once nothing is hidden: their last-round move
    ends as well for them as the solver's (the others then playing the solution)."""
    game = last_round(*case)
    player = game.turn
    solved = solve(game)
    after = game.copy()
    after.play(choose(after, level, seed=case[1], effort=20_000).move)
    while not after.is_over:
        after.play(solve(after).move.move)
    totals = tuple(s.total for s in after.scores())
    assert rank(totals, after.stones, player) == rank(solved.totals, solved.stones, player)
