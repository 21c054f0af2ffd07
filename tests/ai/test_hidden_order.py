"""Computer opponents never read the order of the stacks: at every level, a position and the
same position with the tiles still face down in another order give the same move (the same
seed for the computer's own dice).  What is public is the same; only the hidden order differs."""

from __future__ import annotations

import pytest

from akropolis import Game
from akropolis.ai import LEVELS, choose
from akropolis.rng import SplitMix64
from akropolis.simulate import random_game


def reordered(game: Game, seed: int) -> Game:
    """The same setup, moves and tiles seen, with the tiles not yet seen dealt in another
    order."""
    seen = game.revealed
    hidden = list(game.deck[seen:])
    other = SplitMix64(seed).shuffled(hidden)
    if other == hidden:
        other = hidden[1:] + hidden[:1]
    copy = Game(
        game.players,
        variants=game.variants,
        all_tiles=game.options.all_tiles,
        deck=[*game.deck[:seen], *other],
        names=game.names,
        kinds=game.kinds,
    )
    for move in game.moves:
        copy.play(move)
    return copy


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 3, 5), (2, 8, 2), (3, 4, 9), (4, 6, 7)])
def test_the_computer_plays_the_same_whatever_order_the_hidden_tiles_are_in(
    level: str, players: int, seed: int, moves: int
) -> None:
    game = random_game(players, seed).replay(moves)
    assert game.stacks_left >= 2  # at least two stacks still face down
    other = reordered(game, seed)
    assert other.deck != game.deck and other.site == game.site
    assert (
        choose(game, level, seed=1, effort=20_000).move
        == choose(other, level, seed=1, effort=20_000).move
    )


def hidden(game: Game) -> Game:
    """The same game as a game by link holds it: only the tiles turned over so far."""
    copy = Game(
        game.players,
        variants=game.variants,
        all_tiles=game.options.all_tiles,
        deck=game.deck[: game.revealed],
        names=game.names,
        kinds=game.kinds,
        hidden=True,
    )
    for move in game.moves:
        copy.play(move)
    return copy


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 5, 4), (3, 2, 10), (4, 9, 3)])
def test_the_computer_plays_a_hidden_deal_as_it_plays_the_dealt_one(
    level: str, players: int, seed: int, moves: int
) -> None:
    game = random_game(players, seed).replay(moves)
    secret = hidden(game)
    assert secret.hidden and len(secret.deck) < len(game.deck) and secret.site == game.site
    assert (
        choose(game, level, seed=1, effort=20_000).move
        == choose(secret, level, seed=1, effort=20_000).move
    )
