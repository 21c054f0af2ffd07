"""The yardsticks the levels are measured against: greedy and random.

``greedy`` plays the move with the best score right after it (points plus stones, exactly as
``score_city`` counts them), ties broken by the seed; ``random`` plays a uniformly random legal
move.  Neither looks at anything hidden.
"""

from __future__ import annotations

from ..game import Game, LegalMove
from ..rng import SplitMix64
from ..tiles import TILES
from .candidates import layouts, legal_move, ways
from .common import Effort
from .features import Trial
from .measure import score_of


def immediate_scores(game: Game, effort: Effort) -> list[tuple[int, LegalMove]]:
    """Every legal move of the player to move with the score right after it (stopping early,
    with the moves scored so far, if ``effort`` runs out of time)."""
    player = game.turn
    trial = Trial(game.cities[player], game.variants)
    stones = game.stones[player]
    spots = layouts(game.cities[player])
    site = game.site
    out: list[tuple[int, LegalMove]] = []
    for index in game.affordable():
        tile = site[index]
        kinds = TILES[tile].hexes
        count = ways(tile)
        for spot, cells in spots:
            left = stones - index + spot.stones
            for way in range(count):
                features = trial.trial_features(cells[way], kinds, spot.level)
                out.append((score_of(features, left), legal_move(tile, index, spot, way)))
            effort.spend(count)
            if effort.out_of_time:
                return out
    return out


def greedy(game: Game, rng: SplitMix64, effort: Effort) -> LegalMove | None:
    scored = immediate_scores(game, effort)
    if not scored:
        return None
    best = max(score for score, _ in scored)
    tied = [move for score, move in scored if score == best]
    return tied[rng.below(len(tied))]


def random_move(game: Game, rng: SplitMix64, effort: Effort) -> LegalMove | None:
    moves = game.legal_moves()
    return moves[rng.below(len(moves))] if moves else None
