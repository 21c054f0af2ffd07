"""A game in a few numbers, under its replay: points per kind per player, the largest gains and
the stones each player spent and gained.

``summarize`` reads them off the engine (the game replayed from its start, and the scores after
every move that ``common.replay.score_history`` already has); ``summary_html`` lays them out.
Pure, tested on CPython: every number is the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import Game
from akropolis.picture.markup import escape
from common.i18n import _, ngettext
from common.replay import ScoreHistory
from common.scorepad import corner_cell, score_rows

#: How many of the largest gains the summary lists.
GAINS_SHOWN = 3


@dataclass(frozen=True)
class Gain:
    """A move and the points it gave its player (their total after it, less before)."""

    move: int  # the move's number, from 1
    player: int
    tile: int
    points: int


@dataclass(frozen=True)
class Summary:
    """Each player's stones spent (paid for tiles) and gained (from quarries covered), and the
    moves that gave the most points, largest first (the earlier first among equals)."""

    spent: tuple[int, ...]
    gained: tuple[int, ...]
    gains: tuple[Gain, ...]


def summarize(game: Game, history: ScoreHistory) -> Summary:
    """The summary of ``game`` from its start to its last move; ``history`` is its scores after
    every move (``score_history(game)``)."""
    spent = [0] * game.players
    gained = [0] * game.players
    gains = []
    position = game.fresh()
    for number, move in enumerate(game.moves, start=1):
        player = position.turn
        info = position.play(move)
        spent[player] += info.cost
        gained[player] += info.stones_gained
        points = history[number][player] - history[number - 1][player]
        gains.append(Gain(number, player, move.tile, points))
    gains.sort(key=lambda gain: (-gain.points, gain.move))
    best = tuple(gain for gain in gains[:GAINS_SHOWN] if gain.points > 0)
    return Summary(tuple(spent), tuple(gained), best)


def summary_html(game: Game, summary: Summary) -> str:
    """The summary: the scorepad after the last move with the stones spent and gained under
    it, then the largest gains in words."""
    scores = game.scores()
    winners = set(game.result().winners) if game.is_over else set()
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in game.names)
    rows = score_rows(scores, winners)
    for label, values in (
        (_("Stones spent"), summary.spent),
        (_("Stones gained"), summary.gained),
    ):
        cells = "".join(f"<td>{value}</td>" for value in values)
        rows.append(f'<tr class="stones-used"><th scope="row">{escape(label)}</th>{cells}</tr>')
    caption = _("Points by kind after the last move") if not game.is_over else _("Final scores")
    table = (
        f'<table class="scorepad"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{corner_cell()}{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    if not summary.gains:
        return table
    items = "".join(
        f'<li><button type="button" data-ply="{gain.move}">{escape(gain_sentence(game, gain))}'
        "</button></li>"
        for gain in summary.gains
    )
    title = escape(_("Largest gains"))
    return f'{table}<h3>{title}</h3><ol class="gains">{items}</ol>'


def gain_sentence(game: Game, gain: Gain) -> str:
    """ "Move 12 · Ann: tile 34, +9 points" (a button that goes to that move)."""
    return ngettext(
        "Move {move} · {name}: tile {tile}, +{count} point",
        "Move {move} · {name}: tile {tile}, +{count} points",
        gain.points,
        move=gain.move,
        name=game.names[gain.player],
        tile=gain.tile,
    )
