"""Running the command line in tests: in this process (``run_main``) or as a real process
(``run_real``, ``run_shell``), and the promise every run keeps (``assert_clean``)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from akropolis import cli
from akropolis.checks import MAX_MESSAGE_LENGTH

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
CORPUS = ROOT / "tests" / "corpus"


class Outcome(NamedTuple):
    status: int
    out: str
    err: str


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> Outcome:
    """``cli.main(args)`` in this process, with what it printed."""
    capsys.readouterr()
    status = cli.main(list(args))
    captured = capsys.readouterr()
    return Outcome(status, captured.out, captured.err)


def env(unbuffered: bool | None = None) -> dict[str, str]:
    """This environment for the program (``unbuffered``: force PYTHONUNBUFFERED on or off)."""
    env = {k: v for k, v in os.environ.items() if k != cli.DEBUG_VARIABLE}
    if unbuffered is not None:
        env.pop("PYTHONUNBUFFERED", None)
        if unbuffered:
            env["PYTHONUNBUFFERED"] = "1"
    return {**env, "PYTHONPATH": str(ENGINE)}


def _decoded(process: subprocess.CompletedProcess[bytes]) -> Outcome:
    out, err = (stream.decode("utf-8", "replace") for stream in (process.stdout, process.stderr))
    return Outcome(process.returncode, out, err)


def run_real(*args: str, stdin: bytes | None = None, timeout: float = 60) -> Outcome:
    """``python -m akropolis ARGS`` as a real process."""
    process = subprocess.run(
        [sys.executable, "-m", "akropolis", *args],
        input=stdin,
        capture_output=True,
        env=env(),
        timeout=timeout,
        check=False,
    )
    return _decoded(process)


def run_shell(script: str, timeout: float = 60, unbuffered: bool | None = None) -> Outcome:
    """A ``sh -c`` script; ``AKROPOLIS`` in it is the command that runs the program."""
    command = f"{shlex.quote(sys.executable)} -m akropolis"
    process = subprocess.run(
        ["sh", "-c", script.replace("AKROPOLIS", command)],
        capture_output=True,
        env=env(unbuffered),
        timeout=timeout,
        check=False,
    )
    return _decoded(process)


def assert_one_line(err: str) -> None:
    """One line ``akropolis: …`` of at most 200 characters, nothing that drives a terminal."""
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err[:300]!r}"
    line = err[:-1]
    assert line.startswith("akropolis: "), line
    assert len(line) <= MAX_MESSAGE_LENGTH, f"{len(line)} characters: {line[:300]!r}"
    assert len(line.splitlines()) == 1, line
    hidden = [c for c in line if not c.isprintable()]
    assert not hidden, f"control or invisible characters in {line!r}"


def assert_clean(outcome: Outcome, statuses: tuple[int, ...] = (0, 2)) -> None:
    """The CLI promise: a known status, no traceback, one short line or nothing on stderr."""
    status, out, err = outcome
    assert status in statuses, f"status {status}: {err[:300]!r}"
    assert "Traceback" not in out and "Traceback" not in err
    if status == 0:
        assert err == ""
        json.loads(out)
    else:
        assert out == "", f"status {status} but stdout has {out[:100]!r}"
        assert_one_line(err)
