"""The AI's tooling: tournaments and their statistics, and the ``ai`` and ``tournament``
commands of the command line (one line for bad input, JSON out, the same results with jobs)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from akropolis import Game, cli, records
from akropolis.ai import choose
from akropolis.ai.tournament import seating, tournament, wilson
from tests.ai.test_levels import ALL, ENGINE, position


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(7.5, 10)  # shared victories count as fractions
    assert 0.4 < low < 0.75 < high < 1.0


def test_seats_are_rotated() -> None:
    assert [seating(["a", "b"], 2, i) for i in range(2)] == [["a", "b"], ["b", "a"]]
    assert [seating(["a", "b", "c"], 4, i) for i in range(3)] == [
        ["a", "b", "c", "a"],
        ["b", "c", "a", "b"],
        ["c", "a", "b", "c"],
    ]


def test_tournament_reports_every_level() -> None:
    report = tournament(2, 4, ["greedy", "random"], seed=7)
    levels = report["levels"]
    assert set(levels) == {"greedy", "random"}
    assert levels["greedy"]["seats"] == levels["random"]["seats"] == 4
    wins = levels["greedy"]["wins"] + levels["random"]["wins"]
    assert wins == pytest.approx(4)
    for entry in levels.values():
        low, high = entry["ci95"]
        assert low <= entry["win_rate"] <= high
        assert entry["think_ms"]["max"] >= entry["think_ms"]["mean"] >= 0
    assert levels["greedy"]["mean_score"] > levels["random"]["mean_score"]
    again = tournament(2, 4, ["greedy", "random"], seed=7)["levels"]
    assert _without_times(again) == _without_times(levels)


def _without_times(levels: dict) -> dict:
    return {name: {k: v for k, v in e.items() if k != "think_ms"} for name, e in levels.items()}


# --- The command line ---------------------------------------------------------------------------


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = cli.main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Game]:
    game = position(3, 19, ("gardens",), 12)
    path = tmp_path_factory.mktemp("ai") / "game.json"
    path.write_text(records.dump(game))
    return path, game


@pytest.mark.parametrize("level", ALL)
def test_cli_ai_prints_the_move_as_a_record_writes_it(capsys, record_file, level) -> None:
    path, game = record_file
    args = ["ai", str(path), "--level", level, "--seed", "4"]
    if level == "hard":
        args += ["--budget-ms", "300"]
    status, out, err = run_main(capsys, *args)
    assert status == 0, err
    move = json.loads(out)
    assert list(move) == ["tile", "anchor", "rotation"]
    assert game.check(_move(move))  # legal (raises IllegalMoveError if not)
    if level != "hard":
        expected = choose(game, level, 4)
        assert (move["tile"], tuple(move["anchor"]), move["rotation"]) == tuple(expected.move)


def _move(data: dict):
    from akropolis import Move

    return Move(data["tile"], tuple(data["anchor"]), data["rotation"])


def test_cli_ai_reads_notation_from_stdin() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "akropolis", "ai", "-", "--level", "medium"],
        input="A1;p=2;v=hg;s=42;m=32@0,2:0\n",
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ENGINE)},
        check=False,
    )
    assert out.returncode == 0, out.stderr
    move = _move(json.loads(out.stdout))
    game = records.load("A1;p=2;v=hg;s=42;m=32@0,2:0")
    game.check(move)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ai", "examples/finished.json", "--level", "easy"], "the game is over"),
        (["ai", "examples/city.json", "--level", "easy"], "'ai' needs a game record"),
        (["ai", "examples/game.json", "--level", "master"], "argument --level"),
        (["ai", "examples/game.json"], "--level"),
        (["ai", "examples/game.json", "--level", "easy", "--seed", "-1"], "argument --seed"),
        (["ai", "examples/game.json", "--level", "easy", "--budget-ms", "0"], "--budget-ms"),
        (["ai", "examples/game.json", "--level", "easy", "--budget-ms", "1e3"], "--budget-ms"),
        (["ai", "missing.json", "--level", "easy"], "cannot read"),
        (["tournament", "--levels", "hard,hard"], "listed twice"),
        (["tournament", "--levels", "hard,master"], "unknown level"),
        (["tournament", "--levels", "easy", "--games", "0"], "--games"),
        (["tournament", "--levels", "easy", "--jobs", "0"], "--jobs"),
        (["tournament", "--levels", "easy", "--players", "5"], "--players"),
        (["tournament", "--levels", "easy", "--variants", "roads"], "unknown variant"),
        (["tournament"], "--levels"),
        (["tournament", "--players", "3", "--levels", "easy,architect:hippodamos"], "solo"),
        (["tournament", "--levels", "easy", "--seed", str(2**64 - 1), "--games", "2"], "seed"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(capsys, monkeypatch, args, message) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    status, out, err = run_main(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("akropolis: ") and err.count("\n") == 1 and message in err


CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.parametrize(
    "path",
    sorted(
        p for folder in ("hostile", "valid") for p in (CORPUS / folder).iterdir() if p.is_file()
    ),
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_cli_ai_on_the_corpus_prints_a_move_or_one_line(capsys, path: Path) -> None:
    """Hostile files are refused in one line (exit 2); a game with a move to play gets one."""
    status, out, err = run_main(capsys, "ai", str(path), "--level", "easy")
    assert status in (0, 2), err
    if status == 0:
        assert err == "" and set(json.loads(out)) == {"tile", "anchor", "rotation"}
    else:
        assert out == "" and err.startswith("akropolis: ") and err.count("\n") == 1


def test_cli_ai_on_the_architects_turn_prints_its_forced_move(capsys, tmp_path) -> None:
    game = Game(2, seed=8, kinds=["human", "architect:metagenes"])
    game.play(choose(game, "medium"))
    path = tmp_path / "solo.json"
    path.write_text(records.dump(game))
    forced = game.legal_moves()[0]
    for level in ALL:
        status, out, err = run_main(capsys, "ai", str(path), "--level", level)
        assert status == 0, err
        assert json.loads(out) == {
            "tile": forced.tile,
            "anchor": list(forced.anchor),
            "rotation": forced.rotation,
        }


def test_cli_tournament_against_the_architect(capsys) -> None:
    args = ["tournament", "--games", "2", "--levels", "greedy,architect:hippodamos"]
    status, out, err = run_main(capsys, *args)
    assert status == 0, err
    levels = json.loads(out)["levels"]
    assert levels["greedy"]["seats"] == levels["architect:hippodamos"]["seats"] == 2


def test_cli_tournament_prints_json(capsys) -> None:
    status, out, err = run_main(
        capsys, "tournament", "--games", "2", "--levels", "greedy,random", "--seed", "3"
    )
    assert status == 0, err
    report = json.loads(out)
    assert report["games"] == 2 and set(report["levels"]) == {"greedy", "random"}
    assert "Wilson" in report["interval"]
    for entry in report["levels"].values():
        assert set(entry) == {
            "seats",
            "wins",
            "win_rate",
            "ci95",
            "mean_score",
            "median_score",
            "think_ms",
        }


def test_cli_tournament_with_jobs_gives_the_same_results(capsys) -> None:
    args = ["tournament", "--games", "2", "--levels", "greedy,random", "--seed", "3"]
    _, one, _ = run_main(capsys, *args)
    status, two, err = run_main(capsys, *args, "--jobs", "2")
    assert status == 0, err
    levels = json.loads(one)["levels"]
    assert _without_times(json.loads(two)["levels"]) == _without_times(levels)
