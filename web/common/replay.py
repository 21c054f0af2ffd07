"""A recorded game stepped through: the position at any move, and every score along the way.

The position is one working ``Game`` moved by ``play`` and ``undo`` (exact in the engine), so a
step costs one move and a jump costs the moves between, never a replay from the start.  Scores
are computed once, playing the game forward: a move changes only its player's city and stones,
so after each move only that player is scored again (in a solo game, the stones a player pays
go to the Architect: then both are).
"""

from __future__ import annotations

from akropolis import Game
from common.i18n import _, ngettext

#: Scores per ply: ``history[n][p]`` is player ``p``'s total after ``n`` moves.
ScoreHistory = list[tuple[int, ...]]


def score_history(game: Game) -> ScoreHistory:
    """Each player's total after every ply of ``game``, from the start (ply 0) to its end."""
    position = game.fresh()
    totals = [position.score(player).total for player in range(game.players)]
    history: ScoreHistory = [tuple(totals)]
    for move in game.moves:
        mover = position.turn
        info = position.play(move)
        totals[mover] = position.score(mover).total
        if info.cost and position.architect is not None:  # the Architect got the stones paid
            totals = [position.score(player).total for player in range(position.players)]
        history.append(tuple(totals))
    return history


class Replay:
    """A game's moves and a position among them; starts at the last move (the link's position)."""

    def __init__(self, game: Game) -> None:
        self.moves = game.moves
        self.names = game.names
        self.history = score_history(game)
        self.game = game.fresh()
        self.seek(self.last)

    @property
    def last(self) -> int:
        """The number of moves: the last step."""
        return len(self.moves)

    @property
    def ply(self) -> int:
        return self.game.ply

    def seek(self, ply: int) -> Game:
        """Go to the position after ``ply`` moves (clamped to the game); the position."""
        ply = min(max(int(ply), 0), self.last)
        while self.game.ply < ply:
            self.game.play(self.moves[self.game.ply])
        while self.game.ply > ply:
            self.game.undo()
        return self.game

    def step(self, delta: int) -> Game:
        return self.seek(self.ply + delta)

    def caption(self) -> str:
        """What the step shows, in words: the move just played, or the start."""
        if self.ply == 0:
            return ngettext(
                "Start of the game · {count} move", "Start of the game · {count} moves", self.last
            )
        move = self.moves[self.ply - 1]
        self.game.undo()  # who played it, and what it did, as the engine says
        player = self.game.turn
        info = self.game.play(move)
        values = {
            "move": self.ply,
            "last": self.last,
            "name": self.names[player],
            "tile": move.tile,
            "level": info.level,
            "cost": info.cost,
            "gain": info.stones_gained,
        }
        if info.cost and info.stones_gained:
            return _(
                "Move {move} of {last} · {name}: tile {tile} on level {level}, paid {cost}◆, "
                "+{gain}◆",
                **values,
            )
        if info.cost:
            return _(
                "Move {move} of {last} · {name}: tile {tile} on level {level}, paid {cost}◆",
                **values,
            )
        if info.stones_gained:
            return _(
                "Move {move} of {last} · {name}: tile {tile} on level {level}, +{gain}◆", **values
            )
        return _("Move {move} of {last} · {name}: tile {tile} on level {level}", **values)
