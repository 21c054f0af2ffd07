"""The easy level: sensible but short-sighted.

It looks only at the score right after its move, like the greedy yardstick, but blurs it with
a random nudge of up to ``NOISE`` points per move, so it often settles for a move a little
worse than the best — and never looks ahead, at what the stones will buy or at what it leaves
to the next player.  (In the solo game it searches instead, shallowly: see
``search.SOLO_LOOKAHEAD``.)
"""

from __future__ import annotations

from ..game import Game, LegalMove
from ..rng import SplitMix64
from .common import Effort
from .yardsticks import immediate_scores

#: The largest random nudge, in points, added to each move's immediate score.
NOISE = 6.0
_SCALE = NOISE / (1 << 64)


def choose_easy(game: Game, rng: SplitMix64, effort: Effort) -> LegalMove | None:
    best_move, best = None, float("-inf")
    for score, move in immediate_scores(game, effort):
        value = score + rng.next() * _SCALE
        if value > best:
            best_move, best = move, value
    return best_move
