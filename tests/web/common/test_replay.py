"""The replay model and the score chart: every step is the engine's position, every point of
the chart the engine's score."""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET

import pytest

from akropolis import Game, records
from akropolis.rng import SplitMix64
from akropolis.simulate import random_game
from common import score_chart
from common.replay import Replay, score_history


@pytest.fixture(scope="module")
def finished() -> Game:
    return random_game(4, 7, variants=("houses", "markets", "temples"))


def engine_scores(game: Game) -> list[tuple[int, ...]]:
    return [tuple(s.total for s in game.replay(n).scores()) for n in range(game.ply + 1)]


def test_score_history_equals_the_engines_scores_after_every_ply(finished: Game) -> None:
    assert score_history(finished) == engine_scores(finished)
    short = random_game(2, 3).replay(9)
    assert score_history(short) == engine_scores(short)
    assert score_history(Game(3, seed=1)) == [(1, 2, 3)]  # no move: the starting stones


def test_score_history_is_fast(finished: Game) -> None:
    start = time.perf_counter()
    score_history(finished)
    assert time.perf_counter() - start < 0.5  # about 5 ms; replaying every ply would be ~50×


def test_replay_starts_at_the_links_position_and_never_changes_the_game(finished: Game) -> None:
    before = records.game_to_record(finished)
    replay = Replay(finished)
    assert replay.ply == replay.last == finished.ply
    assert records.game_to_record(replay.game) == before
    replay.seek(3)
    assert records.game_to_record(finished) == before


def test_every_step_is_the_engines_replay(finished: Game) -> None:
    replay = Replay(finished)
    for ply in [0, 1, 17, 5, 6, 5, finished.ply, finished.ply - 1, 0, 30]:
        position = replay.seek(ply)
        assert records.game_to_record(position) == records.game_to_record(finished.replay(ply))
        assert position.turn == finished.replay(ply).turn
    replay.seek(10)
    assert replay.step(1).ply == 11 and replay.step(-2).ply == 9


def test_seek_is_clamped(finished: Game) -> None:
    replay = Replay(finished)
    assert replay.seek(-5).ply == 0
    assert replay.seek(10_000).ply == finished.ply
    assert replay.step(1).ply == finished.ply


def test_the_caption_says_the_move_as_the_engine_played_it() -> None:
    game = records.load("A1;p=2;v=hg;s=42;m=32@0,2:0.6@1,-2:2")
    replay = Replay(game)
    assert replay.caption() == "Move 2 of 2 · Player 2: tile 6 on level 1"
    replay.seek(0)
    assert replay.caption() == "Start of the game · 2 moves"
    replay.seek(1)
    assert replay.caption().startswith("Move 1 of 2 · Player 1: tile 32 on level 1")
    assert replay.ply == 1  # asking for the caption leaves the position as it was


# --- The chart ---------------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_the_chart_draws_each_players_engine_scores(finished: Game) -> None:
    history = score_history(finished)
    text = score_chart.chart_svg(history, 12, 600, 120)
    root = ET.fromstring(text.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))
    lines = [e for e in root.iter(f"{SVG}polyline")]
    assert len(lines) == finished.players
    for line in lines:
        player = int(line.get("data-player"))
        scores = [int(s) for s in line.get("data-scores").split()]
        assert scores == [totals[player] for totals in engine_scores(finished)]
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        assert len(points) == finished.ply + 1
        assert points == score_chart.points(history, player, 600, 120)


def test_chart_points_are_the_scores_scaled(finished: Game) -> None:
    history = score_history(finished)
    top = score_chart.scale(history)
    assert top % 10 == 0 and top >= max(max(t) for t in history)
    inner = 120 - score_chart.PAD_TOP - score_chart.PAD_BOTTOM
    for player in range(finished.players):
        line = score_chart.points(history, player, 600, 120)
        for (_, y), totals in zip(line, history, strict=True):
            score = (1 - (y - score_chart.PAD_TOP) / inner) * top
            assert score == pytest.approx(totals[player], abs=0.15)


def test_the_marker_and_dots_follow_the_step(finished: Game) -> None:
    history = score_history(finished)
    at_5 = score_chart.chart_svg(history, 5, 600, 120)
    x5 = score_chart.points(history, 0, 600, 120)[5][0]
    assert f'<line class="now" x1="{x5:g}"' in at_5
    assert len(re.findall(r'<circle class="dot', at_5)) == finished.players


def test_a_click_on_the_chart_finds_its_ply() -> None:
    width = 600
    left, right = score_chart.PAD_LEFT, width - score_chart.PAD_RIGHT
    assert score_chart.ply_at(left, 36, width) == 0
    assert score_chart.ply_at(right, 36, width) == 36
    assert score_chart.ply_at((left + right) / 2, 36, width) == 18
    assert score_chart.ply_at(-50, 36, width) == 0 and score_chart.ply_at(9999, 36, width) == 36


def test_the_chart_of_a_game_with_no_move_is_still_a_chart() -> None:
    text = score_chart.chart_svg(score_history(Game(2, seed=1)), 0, 300, 100)
    assert text.startswith("<svg") and text.count("<polyline") == 2


def test_a_solo_games_score_history_counts_the_stones_paid_to_the_architect() -> None:
    game = Game(2, seed=11, kinds=["human", "architect:metagenes"])
    rng = SplitMix64(11)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))].move)
    history = score_history(game)
    position = game.fresh()
    for ply, move in enumerate(game.moves, start=1):
        position.play(move)
        assert history[ply] == tuple(s.total for s in position.scores())
