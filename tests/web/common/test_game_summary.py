"""The summary under a replay: every number is the engine's (points per kind per player, the
stones spent and gained, the largest gains), for finished games, games in progress and solo
games against an Architect."""

from __future__ import annotations

import re

import pytest

from akropolis import Game
from akropolis.simulate import random_game
from common.game_summary import GAINS_SHOWN, summarize, summary_html
from common.replay import score_history


def by_hand(game: Game) -> tuple[list[int], list[int], list[tuple[int, int, int, int]]]:
    """The same numbers, counted independently: stones from each player's stones before and
    after their moves, gains from the engine's scores of replayed positions."""
    spent, gained, gains = [0] * game.players, [0] * game.players, []
    for ply in range(1, game.ply + 1):
        before, after = game.replay(ply - 1), game.replay(ply)
        player = before.turn
        legal = before.check(game.moves[ply - 1])
        spent[player] += legal.cost
        gained[player] += legal.stones_gained
        points = after.score(player).total - before.score(player).total
        gains.append((-points, ply, player, game.moves[ply - 1].tile))
    return spent, gained, sorted(gains)


METAGENES = "architect:metagenes"  # who scores his quarries
GAMES = [
    random_game(2, 11),
    random_game(3, 12, variants=("houses", "markets", "barracks", "temples", "gardens")),
    random_game(4, 13, variants=("gardens",)),
    random_game(2, 14).replay(17),  # in progress
]


@pytest.mark.parametrize("game", GAMES, ids=["2p", "3p-variants", "4p", "in-progress"])
def test_the_summary_is_the_engines(game: Game) -> None:
    summary = summarize(game, score_history(game))
    spent, gained, gains = by_hand(game)
    assert list(summary.spent) == spent and list(summary.gained) == gained
    # the stones each player has: those they began with, plus gained, less spent
    start = game.fresh().stones
    assert [start[p] + gained[p] - spent[p] for p in range(game.players)] == list(game.stones)
    best = [(-g.points, g.move, g.player, g.tile) for g in summary.gains]
    assert best == [gain for gain in gains[:GAINS_SHOWN] if gain[0] < 0]
    html = summary_html(game, summary)
    for gain in summary.gains:
        name = game.names[gain.player]
        text = f"Move {gain.move} · {name}: tile {gain.tile}, +{gain.points} point"
        assert text in html
        assert f'data-ply="{gain.move}"' in html


def test_the_table_holds_each_players_points_by_kind_and_stones() -> None:
    game = GAMES[1]
    summary = summarize(game, score_history(game))
    html = summary_html(game, summary)
    rows = re.findall(r'<tr[^>]*><th scope="row">(.*?)</th>(.*?)</tr>', html)
    cells = {head: re.findall(r"<b>(\d+)</b>|<td>(\d+)</td>", rest) for head, rest in rows}
    values = {head: [int(a or b) for a, b in found] for head, found in cells.items()}
    scores = game.scores()
    for kind, title in (("houses", "Houses"), ("temples", "Temples"), ("gardens", "Gardens")):
        assert values[title] == [score.kinds[kind].points for score in scores]
    assert values["Stones spent"] == list(summary.spent)
    assert values["Stones gained"] == list(summary.gained)
    assert "Final scores" in html


def test_a_solo_game_counts_the_architects_stones_and_quarries() -> None:
    game = Game(2, names=["Ann", "Metagenes"], seed=5, kinds=["human", METAGENES])
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    summary = summarize(game, score_history(game))
    spent, gained, _gains = by_hand(game)
    assert list(summary.spent) == spent and list(summary.gained) == gained
    assert "Quarries" in summary_html(game, summary)


def test_names_are_escaped() -> None:
    game = random_game(2, 15)
    game.names = ("<b>Ann</b>", "Bob & co")
    html = summary_html(game, summarize(game, score_history(game)))
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html
