"""The command line: JSON on stdout for good files, exit 2 and one stderr line for bad ones."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from akropolis import Game, cli, notation, records
from akropolis.simulate import random_game

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "akropolis", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ENGINE)},
        check=False,
    )


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    game = random_game(3, 21, variants=("markets", "temples"))
    path = tmp_path_factory.mktemp("cli") / "game.json"
    path.write_text(records.dump(game))
    return path, game


def test_score_prints_every_player_breakdown_and_winners(finished) -> None:
    """`score` gives each player's stones and scorepad, and the winners, as the engine does."""
    path, game = finished
    out = run_cli("score", str(path))
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["winners"] == list(game.result().winners)
    for player, entry in enumerate(report["players"]):
        assert entry["name"] == game.names[player]
        assert entry["stones"] == game.stones[player]
        assert entry["score"] == game.score(player).to_json()
        assert set(entry["score"]) == {
            "houses",
            "markets",
            "barracks",
            "temples",
            "gardens",
            "stones",
            "total",
        }


def test_score_reads_a_city_record_from_stdin() -> None:
    """A city record scores as one player named City; `-` reads stdin."""
    game = random_game(2, 5)
    city = records.city_to_record(game.cities[1], frozenset({"gardens"}), 4)
    out = run_cli("score", "-", stdin=json.dumps(city))
    assert out.returncode == 0, out.stderr
    entry = json.loads(out.stdout)["players"][0]
    assert entry["name"] == "City" and entry["stones"] == 4
    expected = records.read_city(city)
    from akropolis import score_city

    assert entry["score"] == score_city(expected.build(), {"gardens"}, 4).to_json()


def test_score_explain_lists_every_district_verdict(finished) -> None:
    """--explain adds each district hex with its verdict and reason."""
    path, game = finished
    report = json.loads(run_cli("score", "--explain", str(path)).stdout)
    hexes = report["players"][0]["hexes"]
    assert len(hexes) == len(game.score(0).hexes)
    assert all(isinstance(h["reason"], str) and h["reason"] for h in hexes)


def test_moves_lists_the_legal_moves_of_the_player_to_move() -> None:
    """`moves` mid-game: the player to move and each legal move with cost, level, cells, gain."""
    game = random_game(2, 8).replay(10)
    out = run_cli("moves", "-", stdin=json.dumps(records.game_to_record(game)))
    report = json.loads(out.stdout)
    assert report["player"] == game.turn
    assert report["moves"] == [m.to_json() for m in game.legal_moves()]
    first = report["moves"][0]
    assert list(first) == [
        "tile",
        "site_index",
        "cost",
        "anchor",
        "rotation",
        "level",
        "cells",
        "stones_gained",
    ]


def test_state_reports_turn_site_stones_stacks_and_end() -> None:
    """`state` mid-game and at the end."""
    game = random_game(4, 3)
    middle = game.replay(7)
    report = json.loads(run_cli("state", "-", stdin=records.dump(middle)).stdout)
    assert report == {
        "turn": middle.turn,
        "site": list(middle.site),
        "stones": list(middle.stones),
        "stacks_left": middle.stacks_left,
        "game_over": False,
    }
    end = json.loads(run_cli("state", "-", stdin=records.dump(game)).stdout)
    assert end["game_over"] is True and len(end["site"]) == 1 and end["stacks_left"] == 0


def test_notation_is_accepted_as_input() -> None:
    """A file holding compact notation is read like the JSON record."""
    from akropolis import notation

    game = random_game(2, 13).replay(9)
    text = notation.format_game(records.game_to_record(game))
    report = json.loads(run_cli("state", "-", stdin=text).stdout)
    assert report["site"] == list(game.site)


def test_simulate_reports_results_and_timings() -> None:
    """`simulate` plays K full games and reports each result and timing."""
    out = run_cli("simulate", "--players", "3", "--games", "2", "--seed", "5")
    report = json.loads(out.stdout)
    assert report["games"] == 2 and len(report["results"]) == 2
    assert all(r["moves"] == 48 for r in report["results"])
    assert report["results"][0]["totals"] == list(random_game(3, 5).result().totals)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "akropolis: not valid JSON"),
        ('{"format": "akropolis-game", "version": 2}', "akropolis: unsupported version 2"),
        ('{"format": "chess"}', "akropolis: format must be 'akropolis-game'"),
        ("[1, 2]", "akropolis: the record must be a JSON object"),
    ],
)
def test_bad_file_exits_2_with_one_line(tmp_path: Path, content: str, message: str) -> None:
    """A bad file: exit status 2, one line on stderr, nothing on stdout, no traceback."""
    path = tmp_path / "bad.json"
    path.write_text(content)
    out = run_cli("score", str(path))
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith(message)
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_illegal_move_in_file_names_the_move(tmp_path: Path) -> None:
    """An illegal move is reported with its number and the rule it breaks."""
    game = random_game(2, 4)
    record = records.game_to_record(game)
    site_after_six = game.replay(6).site
    absent = next(t for t in game.deck if t not in site_after_six)
    record["moves"][6]["tile"] = absent
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    out = run_cli("moves", str(path))
    assert out.returncode == 2
    assert out.stderr == f"akropolis: move 7: tile {absent} is not in the construction site\n"


def test_missing_file_and_wrong_record_kind(tmp_path: Path) -> None:
    """Unreadable paths and a city record given to `moves` are clear errors."""
    out = run_cli("state", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and "cannot read" in out.stderr
    city = records.city_to_record(random_game(2, 1).cities[0], frozenset(), 0)
    out = run_cli("moves", "-", stdin=json.dumps(city))
    assert out.returncode == 2
    assert out.stderr == "akropolis: 'moves' needs a game record, not a city record\n"


@pytest.mark.parametrize("command", ["score", "render"])
def test_a_city_with_the_same_tile_five_times_is_refused_by_the_command_line(command: str) -> None:
    """The box holds one of each tile: exit 2 and the engine's one line, nothing on stdout."""
    text = "C1;st=0;m=12@-3,1:1.12@-5,1:1.12@-6,0:1.12@-6,-2:1.12@-6,-4:1"
    out = run_cli(command, "-", stdin=text)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == (
        "akropolis: placement 2: tile 12 is already in this city (the box holds one of each)\n"
    )


# --- Streams without a byte buffer (captured output, a notebook, IDLE) ----------------------------


def test_main_writes_its_json_to_a_text_stdout_without_a_byte_buffer(finished) -> None:
    """Under ``redirect_stdout(StringIO())`` the report is written as text, exit 0.

    ``_write`` wrote through ``sys.stdout.buffer``, which a ``StringIO`` lacks: every command
    answered "internal error" when its output was captured this way.
    """
    path, game = finished
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        status = cli.main(["score", str(path)])
    assert status == 0
    assert json.loads(output.getvalue()) == cli.score_report(game)


def test_main_reads_dash_from_a_text_stdin_without_a_byte_buffer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``sys.stdin = StringIO(...)`` serves ``-`` like a real stdin (here notation, "Zoë" too)."""
    game = Game(2, seed=13, names=["Zoë", "سارا"])
    for _ in range(3):
        game.play(game.legal_moves()[0])
    text = notation.format_game(records.game_to_record(game))
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        status = cli.main(["state", "-"])
    assert status == 0
    assert json.loads(output.getvalue()) == cli.state_report(game)


def test_a_closed_text_stdout_is_an_output_error(
    finished, capsys: pytest.CaptureFixture[str]
) -> None:
    """A text stdout that was closed: exit 1 and one line, not an internal error."""
    path, _ = finished
    output = io.StringIO()
    output.close()
    with contextlib.redirect_stdout(output):
        status = cli.main(["score", str(path)])
    assert status == 1
    expected = "akropolis: cannot write the output: standard output is closed\n"
    assert capsys.readouterr().err == expected
