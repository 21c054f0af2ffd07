"""The command line when its surroundings fail: closed or full output, a broken pipe, a raw
stdout taking part of a write, Ctrl-C, bad command lines, out of memory and our own bugs.
Each still ends with a known status and at most one short line on stderr, never a traceback;
most can only be checked with real processes.
"""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from akropolis import cli, records
from akropolis.simulate import random_game
from tests.engine.cli_run import (
    CORPUS,
    Outcome,
    assert_clean,
    assert_one_line,
    env,
    run_main,
    run_real,
    run_shell,
)

# --- Failures of the environment ---------------------------------------------------------------


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game whose `moves` report is large (~200 KB, more than a pipe holds)."""
    game = random_game(2, 3).replay(33)
    path = tmp_path_factory.mktemp("env") / "game.json"
    path.write_text(records.dump(game), encoding="utf-8")
    return path


def test_closed_stdin_is_a_reading_error() -> None:
    outcome = run_shell("AKROPOLIS score - <&-")
    assert_clean(outcome, statuses=(2,))
    assert "cannot read standard input" in outcome.err


def test_closed_stdout_is_an_output_error(game_file: Path) -> None:
    outcome = run_shell(f"AKROPOLIS score {shlex.quote(str(game_file))} >&-")
    assert_clean(outcome, statuses=(1,))
    assert "cannot write the output" in outcome.err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_disk_is_an_output_error(game_file: Path) -> None:
    outcome = run_shell(f"AKROPOLIS moves {shlex.quote(str(game_file))} >/dev/full")
    assert_clean(outcome, statuses=(1,))
    assert "No space left on device" in outcome.err


def test_closed_stderr_still_gives_the_status() -> None:
    """With nowhere to say why, a bad file still exits 2 (and does not crash on stderr)."""
    bad = shlex.quote(str(CORPUS / "hostile" / "empty.json"))
    outcome = run_shell(f"AKROPOLIS score {bad} 2>&-; echo $?")
    assert outcome == Outcome(0, "2\n", "")


#: Both ways Python may run: with a buffered stdout, and raw (``python -u``, PYTHONUNBUFFERED).
BUFFERING = pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])


@BUFFERING
def test_pipe_closed_before_the_output_is_an_output_error(
    game_file: Path, unbuffered: bool
) -> None:
    """The reader is gone before anything is written: exit 1, one line, no traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "akropolis", "moves", str(game_file)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(unbuffered),
    )
    process.stdout.close()
    err = process.stderr.read().decode("utf-8", "replace")
    assert process.wait(timeout=60) == 1
    assert_one_line(err)
    assert "the pipe was closed by its reader" in err


@BUFFERING
def test_pipe_closed_midway_by_head_is_an_output_error(
    game_file: Path, tmp_path: Path, unbuffered: bool
) -> None:
    """``moves FILE | head -c 10``: the program's own status (saved to a file) is 1.

    Unbuffered, stdout is a raw file whose write may take only part of the report (here the
    64 KB the pipe held): the rest was dropped and the program exited 0 as if all was written.
    """
    status = tmp_path / "status"
    game, saved = shlex.quote(str(game_file)), shlex.quote(str(status))
    script = f"(AKROPOLIS moves {game}; echo $? >{saved}) | head -c 10"
    outcome = run_shell(script, unbuffered=unbuffered)
    assert outcome.out == '{"player":'
    assert status.read_text() == "1\n"
    assert_one_line(outcome.err)
    assert "the pipe was closed by its reader" in outcome.err


def test_ctrl_c_exits_130_quietly() -> None:
    """SIGINT in a long simulation: status 130, nothing on stderr, no half output."""
    process = subprocess.Popen(
        [sys.executable, "-m", "akropolis", "simulate", "--games", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(),
        preexec_fn=as_at_a_terminal,
    )
    wait_until_running(process.pid)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert (process.returncode, out, err) == (130, b"", b"")


def as_at_a_terminal() -> None:
    """Ctrl-C as a program started at a terminal gets it: tests started in the background
    (``&`` in a shell without job control) ignore SIGINT, and so would the program."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_until_running(pid: int, cpu_seconds: float = 0.5, timeout: float = 60) -> None:
    """Until process ``pid`` has computed ``cpu_seconds`` (Python's start and the imports take
    about a tenth of that): on a loaded machine a fixed sleep may end before the program has
    even started, when Ctrl-C is Python's own to report.  Without /proc: one second."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(1)
        return
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / ticks >= cpu_seconds:
            return
        time.sleep(0.05)


class _Trickle(io.RawIOBase):
    """A raw stdout taking at most ``step`` bytes per write (``None``: full, would block)."""

    def __init__(self, step: int | None) -> None:
        self.step, self.data = step, bytearray()

    def writable(self) -> bool:
        return True

    def write(self, chunk: bytes) -> int | None:
        if self.step is None:
            return None
        self.data += bytes(chunk[: self.step])
        return min(len(chunk), self.step)


def test_output_taken_a_part_at_a_time_is_written_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game_file: Path
) -> None:
    """A raw stdout may accept only part of each write: the rest must still follow."""
    expected = json.dumps(cli.moves_report(records.load(game_file.read_bytes()))) + "\n"
    raw = _Trickle(1000)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="utf-8"))
    assert cli.main(["moves", str(game_file)]) == 0
    assert raw.data.decode("utf-8") == expected


def test_output_that_would_block_is_an_output_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game_file: Path
) -> None:
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(_Trickle(None), encoding="utf-8"))
    assert cli.main(["moves", str(game_file)]) == 1
    err = capsys.readouterr().err
    assert_one_line(err)
    assert err.startswith("akropolis: cannot write the output: ")


def test_a_directory_as_file_is_a_reading_error(tmp_path: Path) -> None:
    outcome = run_real("score", str(tmp_path))
    assert_clean(outcome, statuses=(2,))
    assert outcome.err.endswith(": Is a directory\n")


def test_a_long_missing_path_is_quoted_short_and_the_reason_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A path of thousands of characters must not push the reason out of the 200."""
    outcome = run_main(capsys, "score", str(tmp_path / ("x" * 3000)))
    assert_clean(outcome, statuses=(2,))
    assert outcome.err.startswith("akropolis: cannot read '")
    assert outcome.err.endswith(": File name too long\n")


def test_control_characters_in_arguments_are_shown_escaped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file name or argument holding a terminal escape cannot drive the user's terminal."""
    outcome = run_main(capsys, "score", "a\x1b]0;owned\x07b")
    assert_clean(outcome, statuses=(2,))
    assert "\\x1b]0;owned\\x07b" in outcome.err
    outcome = run_main(capsys, "score", "x.json", "\x1b[31mred\u202e")
    assert_clean(outcome, statuses=(2,))
    assert "\\x1b[31mred\\u202e" in outcome.err


# --- Usage errors and help ----------------------------------------------------------------------

USAGE_ERRORS = {
    "unknown command": ["frobnicate"],
    "no command": [],
    "missing file": ["score"],
    "extra argument": ["state", "a.json", "b.json"],
    "players 7": ["simulate", "--players", "7"],
    "players arabic digit": ["simulate", "--players", "\u0662", "--games", "1"],
    "players underscore": ["simulate", "--players", "0_2", "--games", "1"],
    "players 5000 digits": ["simulate", "--players", "2" * 5000],
    "games 0": ["simulate", "--games", "0"],
    "games 10**6": ["simulate", "--games", str(10**6)],
    "games fullwidth digit": ["simulate", "--games", "\uff13"],
    "seed -1": ["simulate", "--seed", "-1"],
    "seed 5000 digits": ["simulate", "--seed", "7" * 5000],
    "seed past the last": ["simulate", "--seed", "18446744073709551615", "--games", "2"],
    "unknown variant": ["simulate", "--variants", "castles"],
    "variant twice": ["simulate", "--variants", "houses,houses"],
    "unknown option": ["score", "--frobnicate", "a.json"],
}


@pytest.mark.parametrize("args", USAGE_ERRORS.values(), ids=list(USAGE_ERRORS))
def test_usage_error_is_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """Bad command lines, including numbers in other scripts' digits: exit 2, one line."""
    outcome = run_main(capsys, *args)
    assert_clean(outcome, statuses=(2,))
    assert "7777777777" * 3 not in outcome.err and "2222222222" * 3 not in outcome.err


def test_usage_error_in_a_real_process() -> None:
    outcome = run_real("simulate", "--players", "7")
    assert outcome == Outcome(
        2, "", "akropolis: argument --players: must be 2, 3 or 4, not '7' (see --help)\n"
    )


@pytest.mark.parametrize("args", [["--help"], ["score", "--help"], ["simulate", "-h"]])
def test_help_prints_usage_and_exits_0(args: list[str]) -> None:
    outcome = run_real(*args)
    assert outcome.status == 0 and outcome.err == ""
    assert outcome.out.startswith("usage: python -m akropolis")


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_help_that_cannot_be_written_is_an_output_error(redirect: str) -> None:
    """Help is output too: lost help is not a silent success (argparse swallows the error)."""
    if redirect == ">/dev/full" and not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    outcome = run_shell(f"AKROPOLIS --help {redirect}")
    assert_clean(outcome, statuses=(1,))
    assert "cannot write the output" in outcome.err


# --- Out of memory, internal errors, Ctrl-C in-process --------------------------------------------


@pytest.fixture
def no_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cli.DEBUG_VARIABLE, raising=False)


def _raiser(error: BaseException):
    def fail(*args: object, **kwargs: object) -> None:
        raise error

    return fail


@pytest.mark.usefixtures("no_debug")
@pytest.mark.parametrize(
    ("target", "args"),
    [
        ("load", ["score", "FILE"]),
        ("score_report", ["score", "--explain", "FILE"]),
        ("moves_report", ["moves", "FILE"]),
        ("simulate", ["simulate", "--games", "1"]),
    ],
)
def test_out_of_memory_is_one_line_with_status_1(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    target: str,
    args: list[str],
) -> None:
    monkeypatch.setattr(cli, target, _raiser(MemoryError()))
    path = str(CORPUS / "valid" / "game-v1-2p-finished.json")
    outcome = run_main(capsys, *(path if a == "FILE" else a for a in args))
    assert outcome == Outcome(1, "", "akropolis: out of memory\n")


@pytest.mark.usefixtures("no_debug")
@pytest.mark.parametrize(
    "error",
    [
        TypeError("unsupported operand\n" + "x" * 5000),
        KeyError("\x1b[2J"),
        RecursionError("maximum recursion depth exceeded"),
        AttributeError(""),
    ],
    ids=["long-multiline", "escape", "recursion", "empty"],
)
def test_internal_error_is_one_line_with_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    """A bug of ours: status 1, one short line naming the error, never a traceback."""
    monkeypatch.setattr(cli, "score_report", _raiser(error))
    outcome = run_main(capsys, "score", str(CORPUS / "valid" / "city-v1.json"))
    assert_clean(outcome, statuses=(1,))
    assert outcome.err.startswith(f"akropolis: internal error ({type(error).__name__}")


def test_ctrl_c_in_process_is_quiet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "simulate", _raiser(KeyboardInterrupt()))
    assert run_main(capsys, "simulate") == Outcome(130, "", "")


@pytest.mark.parametrize(
    "char", ["\x00", "\x1b", "\x7f", "\x85", "\u200b", "\u202e", "\ufeff", "\ud800", "\U000e0001"]
)
def test_stderr_line_escapes_every_invisible_character(
    capsys: pytest.CaptureFixture[str], char: str
) -> None:
    """Whatever a message quotes (a path, an argument, an error), stderr gets it escaped."""
    cli._say(f"before {char} after")
    err = capsys.readouterr().err
    assert_one_line(err)
    assert err.startswith("akropolis: before ") and err.endswith(" after\n")
