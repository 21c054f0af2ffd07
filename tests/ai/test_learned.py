"""The expert's learned correction (``akropolis.ai.learned``) and its trainer (tools/train_ai.py):
it vanishes when no turn is left, it reaches the search's leaves and nothing else, and the
trainer gives the same numbers again from the same seed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from akropolis import Game
from akropolis.ai import choose, expert
from akropolis.ai.common import Effort, generator, turns_left
from akropolis.ai.learned import COEFFICIENTS, INPUTS, SOLO_COEFFICIENTS, correction, inputs
from akropolis.ai.search import choose_hard
from akropolis.simulate import random_game
from tools.train_ai import samples

ROOT = Path(__file__).resolve().parents[2]
F = [0, 3, 2, 0, 1, 4, 1, 1, 0, 2, 1, 2, 0, 1, 1, 0, 0, 2]


def test_the_correction_has_one_number_per_input_and_a_table_per_player_count() -> None:
    assert len(inputs(F, 3, 0.5)) == INPUTS
    for players, table in COEFFICIENTS.items():
        assert players in (2, 3, 4) and len(table) == INPUTS


def test_with_no_turn_left_the_estimate_is_left_exactly_the_score() -> None:
    ones = [1.0] * INPUTS
    assert correction(F, 3, 0.0, ones) == 0.0
    assert correction(F, 3, 0.5, ones) != 0.0
    assert all(x == 0 for x in inputs(F, 5, 0.0))


def test_the_correction_is_linear_in_its_inputs() -> None:
    coefficients = [0.1 * (i % 7 - 3) for i in range(INPUTS)]
    x = inputs(F, 2, 0.4)
    assert correction(F, 2, 0.4, coefficients) == pytest.approx(
        sum(c * v for c, v in zip(coefficients, x, strict=True))
    )


def hard_with(game: Game, learned) -> object:
    rng = generator(3, game, 0x5E)
    return choose_hard(game.copy(), rng, Effort(4000), candidates=6, plies=4, learned=learned)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_zero_correction_changes_no_move_and_a_strong_one_reaches_the_leaves(seed) -> None:
    played = random_game(2, seed)
    game = played.replay(played.ply // 3)
    plain = hard_with(game, None)
    assert hard_with(game, [0.0] * INPUTS) == plain
    # Stones made worth 1,000 points each while turns are left: judging its leaves with that,
    # the search never loses stones, and nets at least as many as without it.
    stones_first = [0.0] * INPUTS
    stones_first[15] = 1000.0  # stones × φ
    move = hard_with(game, stones_first)
    net = move.stones_gained - move.cost
    assert net >= 0 and net >= plain.stones_gained - plain.cost


def test_a_strong_correction_changes_some_moves() -> None:
    stones_first = [0.0] * INPUTS
    stones_first[15] = 1000.0
    games = [random_game(2, seed).replay(10 + seed) for seed in range(1, 9)]
    assert any(hard_with(game, stones_first) != hard_with(game, None) for game in games)


def test_the_expert_uses_the_table_for_its_player_count(monkeypatch) -> None:
    game = random_game(2, 5).replay(12)
    seen = []
    real = expert.choose_hard

    def spy(*args, **kwargs):
        seen.append((kwargs.get("learned"), kwargs.get("chance")))
        return real(*args, **kwargs)

    monkeypatch.setattr(expert, "choose_hard", spy)
    choose(game, "expert", seed=1, effort=1500)
    assert seen == [(COEFFICIENTS.get(2), False)]
    solo = Game(2, seed=3, kinds=["human", "architect:metagenes"])
    choose(solo, "expert", seed=1, effort=1500)
    assert seen[-1] == (SOLO_COEFFICIENTS, True)


def test_the_solo_table_corrects_by_turns_left_alone() -> None:
    other = [1, 0, 2, 1, 0, 3, 0, 1, 1, 0, 2, 0, 1, 0, 0, 1, 1, 4]
    assert len(SOLO_COEFFICIENTS) == INPUTS
    for fraction in (0.1, 0.5, 1.0):
        mine = correction(F, 3, fraction, SOLO_COEFFICIENTS)
        assert mine == pytest.approx(correction(other, 0, fraction, SOLO_COEFFICIENTS))
        assert mine > 0  # the estimate leaves the turns to come out: it falls short
    assert correction(F, 3, 0.0, SOLO_COEFFICIENTS) == 0.0


def test_the_trainer_is_reproducible_from_its_seed(tmp_path) -> None:
    tool = [sys.executable, str(ROOT / "tools" / "train_ai.py")]
    outputs = []
    for run in ("a", "b"):
        data, fitted = tmp_path / f"{run}.jsonl", tmp_path / f"{run}.json"
        args = ["generate", "--games", "2", "--effort", "300", "--jobs", "1", "--seed", "7"]
        subprocess.run([*tool, *args, "--out", str(data)], check=True, capture_output=True)
        report = subprocess.run(
            [*tool, "fit", str(data), "--out", str(fitted)], check=True, capture_output=True
        )
        margin = tmp_path / f"{run}-margin.json"
        by_margin = subprocess.run(
            [*tool, "fit", str(data), "--margin", "--out", str(margin)],
            check=True,
            capture_output=True,
        )
        outputs.append((data.read_text(), fitted.read_text(), margin.read_text()))
    assert outputs[0] == outputs[1]
    assert json.loads(by_margin.stdout)["fitted"] == "margin"
    assert len(json.loads(outputs[0][2])) == INPUTS and outputs[0][2] != outputs[0][1]
    rows = [json.loads(line) for line in outputs[0][0].splitlines()]
    assert {row["player"] for row in rows} == {0, 1} and all("final" in row for row in rows)
    assert len(json.loads(outputs[0][1])) == INPUTS
    assert json.loads(report.stdout)["games"] == 2


def _row(player: int, f: list[int], estimate: float, final: int, fraction: float = 0.5) -> dict:
    return {"player": player, "f": f, "stones": player + 1, "fraction": fraction,
            "estimate": estimate, "game": 1, "ply": 4, "final": final}  # fmt: skip


def test_the_margin_fit_weighs_each_player_against_the_others_mean() -> None:
    other = [1, 0, 2, 1, 0, 3, 0, 1, 1, 0, 2, 0, 1, 0, 0, 1, 1, 4]
    third = [2] * 18
    two = [_row(0, F, 40.0, 100), _row(1, other, 50.0, 90)]
    by_score = samples(two, margin=False)
    assert by_score[0] == (inputs(F, 1, 0.5), 60.0) and by_score[1][1] == 40.0
    (x0, miss0), (x1, miss1) = samples(two, margin=True)
    expected = [a - b for a, b in zip(inputs(F, 1, 0.5), inputs(other, 2, 0.5), strict=True)]
    assert x0 == pytest.approx(expected) and miss0 == 20.0  # (100 - 40) - (90 - 50)
    assert x1 == pytest.approx([-x for x in expected]) and miss1 == -20.0
    three = [*two, _row(2, third, 30.0, 110)]
    x0, miss0 = samples(three, margin=True)[0]
    mean = [(a + b) / 2 for a, b in zip(inputs(other, 2, 0.5), inputs(third, 3, 0.5), strict=True)]
    assert x0 == pytest.approx([a - b for a, b in zip(inputs(F, 1, 0.5), mean, strict=True)])
    assert miss0 == 60.0 - (40.0 + 80.0) / 2


def test_the_trainer_records_only_the_player_against_an_architect(tmp_path) -> None:
    data, fitted = tmp_path / "solo.jsonl", tmp_path / "solo.json"
    tool = [sys.executable, str(ROOT / "tools" / "train_ai.py")]
    args = ["--games", "2", "--effort", "300", "--jobs", "1", "--seed", "7"]
    generate = [*tool, "generate", *args, "--architect", "metagenes", "--out", str(data)]
    subprocess.run(generate, check=True, capture_output=True)
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    assert {row["player"] for row in rows} == {0}
    for deal in {row["game"] for row in rows}:
        game = Game(2, seed=deal, kinds=["ai:hard", "architect:metagenes"])
        played = [row for row in rows if row["game"] == deal]
        assert len(played) == turns_left(game, 0)  # one row before each of the player's turns
        fractions = [row["fraction"] for row in played]
        assert fractions == sorted(fractions, reverse=True) and len(set(fractions)) == len(played)
        assert len({row["final"] for row in played}) == 1
    fit = [*tool, "fit", str(data), "--turns-only", "--out", str(fitted)]
    report = subprocess.run(fit, check=True, capture_output=True)
    assert json.loads(report.stdout)["inputs"] == "turns left"
    table = json.loads(fitted.read_text())
    assert len(table) == INPUTS and not any(table[:-2]) and all(table[-2:])
