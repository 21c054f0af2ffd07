"""What every computer player shares: the effort meter, seeded randomness and public knowledge.

Effort is counted in *work units* (placements evaluated), never in wall time, so that the same
game, level and seed always give the same move; ``budget_ms`` only adds a wall-time cap.  The
players see what a person at the table sees: the cities, the stones, the Construction Site and
*which* tiles are still in the stacks, never their order (``unseen_tiles`` is sorted, and
``determinized`` deals them again at random).
"""

from __future__ import annotations

import time

from ..game import Game
from ..rng import MASK, SplitMix64

#: Work units are checked against the wall clock every this many units.
_CLOCK_EVERY = 256


class Effort:
    """A budget of work units, with an optional wall-time cap (``budget_ms``).

    ``spend(n)`` counts work; ``exhausted`` says whether to stop (units spent, or past the
    deadline).  The units make the result deterministic; the deadline only cuts a search short.
    """

    __slots__ = ("_next_check", "deadline", "out_of_time", "spent", "units")

    def __init__(self, units: float, budget_ms: int | None = None) -> None:
        self.units = units
        self.spent = 0
        self.deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
        self.out_of_time = False
        self._next_check = _CLOCK_EVERY

    def spend(self, units: int = 1) -> None:
        self.spent += units
        if self.deadline is not None and self.spent >= self._next_check:
            self._next_check = self.spent + _CLOCK_EVERY
            self.out_of_time = time.perf_counter() >= self.deadline

    def late(self) -> bool:
        """True once past the deadline (checks the clock now)."""
        if self.deadline is not None and not self.out_of_time:
            self.out_of_time = time.perf_counter() >= self.deadline
        return self.out_of_time

    @property
    def exhausted(self) -> bool:
        return self.out_of_time or self.spent >= self.units


def generator(seed: int, game: Game, salt: int) -> SplitMix64:
    """A generator for one decision: the seed, the position's ply and the level's salt mixed."""
    mixer = SplitMix64((seed * 0x9E3779B97F4A7C15 + game.ply * 0xD1B54A32D192ED03 + salt) & MASK)
    return SplitMix64(mixer.next())


def is_architect(game: Game, seat: int) -> bool:
    """True if the Architect of the solo game plays ``seat`` (its moves are forced)."""
    kind = game.kinds[seat]
    return isinstance(kind, str) and kind.startswith("architect:")


def unseen_tiles(game: Game) -> list[int]:
    """The tiles still in the stacks, in id order (their order is hidden)."""
    return game.to_come()


def remaining_plays(game: Game) -> int:
    """Turns left in the game: every tile still to come but the very last one is played."""
    if game.is_over:
        return 0
    return len(game.site) + len(unseen_tiles(game)) - 1


def turns_left(game: Game, player: int, plays: int | None = None) -> int:
    """How many more tiles ``player`` will place (the turn to move included)."""
    if plays is None:
        plays = remaining_plays(game)
    first = (player - game.turn) % game.players  # plies until the player's next turn
    return 0 if first >= plays else (plays - first - 1) // game.players + 1


def determinized(game: Game, rng: SplitMix64) -> Game:
    """A copy of ``game`` whose hidden stacks are dealt again at random from the unseen tiles.

    Everything public is kept; only the order of the tiles nobody has seen changes, so a search
    on the copy knows no more than the player does.
    """
    unseen = unseen_tiles(game)
    copy = game.copy()
    if unseen:
        revealed = game.revealed
        copy.deck = tuple(game.deck[:revealed]) + tuple(rng.shuffled(unseen))
    return copy
