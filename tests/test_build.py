"""build.py's browser for the tests: ``find_browser()`` prefers the executable AKROPOLIS_BROWSER
names, then Debian's chromium if it really runs (not Ubuntu's snap stub), then Playwright's own;
``ensure_browser()`` installs what is missing.  No real browser is needed: the candidates are
small scripts, and Playwright's answer is faked."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import build

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the fake browsers are sh scripts")

CHROMIUM = 'echo "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)"'
#: Ubuntu's chromium package: a stub that asks for the snap, failing or not.
SNAP_STUB_FAILING = (
    "echo \"Command '/usr/bin/chromium' requires the chromium snap to be installed.\" >&2\nexit 1"
)
SNAP_STUB_SUCCEEDING = 'echo "Please install the chromium snap: snap install chromium"'


def script(path: Path, body: str) -> Path:
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A machine with no browser: set one up with the returned helpers."""
    monkeypatch.delenv(build.BROWSER_VARIABLE, raising=False)
    monkeypatch.setattr(build, "DEBIAN_CHROMIUM", str(tmp_path / "usr-bin-chromium"))
    playwright: list[str | None] = [None]
    monkeypatch.setattr(build, "playwright_chromium", lambda: playwright[0])

    class Machine:
        def debian(self, body: str = CHROMIUM) -> str:
            return str(script(Path(build.DEBIAN_CHROMIUM), body))

        def playwright(self) -> str:
            playwright[0] = str(script(tmp_path / "ms-playwright-chrome", CHROMIUM))
            return playwright[0]

        def named(self, value: str) -> None:
            monkeypatch.setenv(build.BROWSER_VARIABLE, value)

        def own(self, name: str = "my-chromium") -> str:
            return str(script(tmp_path / name, CHROMIUM))

    return Machine()


def test_the_variable_wins_over_debian_and_playwright(machine) -> None:
    machine.debian()
    machine.playwright()
    own = machine.own()
    machine.named(own)
    assert build.find_browser() == build.Browser("AKROPOLIS_BROWSER", own)


def test_the_variable_may_name_a_command_on_the_path(machine, monkeypatch) -> None:
    own = machine.own("chromium-of-mine")
    monkeypatch.setenv("PATH", f"{Path(own).parent}{os.pathsep}{os.environ['PATH']}")
    machine.named("chromium-of-mine")
    assert build.find_browser() == build.Browser("AKROPOLIS_BROWSER", own)


def test_the_variable_naming_no_executable_is_an_error(machine, tmp_path) -> None:
    machine.debian()
    machine.named(str(tmp_path / "no-such-browser"))
    with pytest.raises(FileNotFoundError, match="AKROPOLIS_BROWSER"):
        build.find_browser()
    not_executable = tmp_path / "not-executable"
    not_executable.write_text("")
    machine.named(str(not_executable))
    with pytest.raises(FileNotFoundError, match="names no executable"):
        build.find_browser()


def test_an_empty_variable_is_unset(machine) -> None:
    debian = machine.debian()
    machine.named("  ")
    assert build.find_browser() == build.Browser("debian", debian)


def test_debian_chromium_that_runs_comes_before_playwright(machine) -> None:
    debian = machine.debian()
    machine.playwright()
    assert build.find_browser() == build.Browser("debian", debian)


def test_no_debian_chromium_then_playwright(machine) -> None:
    own = machine.playwright()
    assert build.find_browser() == build.Browser("playwright", own)


@pytest.mark.parametrize(
    "body",
    [SNAP_STUB_FAILING, SNAP_STUB_SUCCEEDING, "exit 1", "true", "exec sleep 60"],
    ids=["snap-stub-failing", "snap-stub-printing", "failing", "silent", "hanging"],
)
def test_debian_path_that_does_not_really_run_is_skipped(machine, monkeypatch, body) -> None:
    real_run = build.subprocess.run

    def quick(*args, **kwargs):  # the hanging one times out in a second, not fifteen
        return real_run(*args, **{**kwargs, "timeout": min(kwargs.get("timeout", 1), 1)})

    monkeypatch.setattr(build.subprocess, "run", quick)
    machine.debian(body)
    assert build.find_browser() is None
    own = machine.playwright()
    assert build.find_browser() == build.Browser("playwright", own)


def test_nothing_found(machine) -> None:
    assert build.find_browser() is None


def test_playwright_chromium_only_if_its_file_exists(monkeypatch, tmp_path) -> None:
    """Playwright names where its Chromium would be; it counts only if that file is there."""
    chrome = tmp_path / "chrome"
    monkeypatch.setattr(build, "_PLAYWRIGHT_CHROMIUM", f"print({str(chrome)!r})")
    assert build.playwright_chromium() is None
    chrome.write_text("")
    assert build.playwright_chromium() == str(chrome)
    monkeypatch.setattr(build, "_PLAYWRIGHT_CHROMIUM", "raise SystemExit(1)")
    assert build.playwright_chromium() is None


def test_launch_options() -> None:
    """A found executable is launched as such; Playwright's own the default way."""
    for source in ("AKROPOLIS_BROWSER", "debian"):
        options = build.Browser(source, "/x/chromium").launch_options()
        assert options["executable_path"] == "/x/chromium"
        assert options["headless"] is True and "--no-sandbox" in options["args"]
    options = build.Browser("playwright", "/x/chrome").launch_options()
    assert "executable_path" not in options and options["args"] == list(build.CHROMIUM_ARGS)


# --- ensure_browser ----------------------------------------------------------------------------


@pytest.fixture
def installs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The commands ensure_browser runs (recorded, never run)."""
    ran: list[str] = []
    monkeypatch.setattr(
        build, "run", lambda *command, **kwargs: ran.append(" ".join(map(str, command)))
    )
    return ran


def finds(monkeypatch: pytest.MonkeyPatch, *answers: build.Browser | None) -> None:
    """find_browser answers these, in turn."""
    queue = list(answers)
    monkeypatch.setattr(build, "find_browser", lambda: queue.pop(0))


def test_ensure_browser_installs_nothing_when_one_is_found(monkeypatch, installs) -> None:
    found = build.Browser("debian", "/usr/bin/chromium")
    finds(monkeypatch, found)
    assert build.ensure_browser() == found
    assert installs == []


def test_ensure_browser_on_debian_installs_debians_chromium(monkeypatch, installs) -> None:
    found = build.Browser("debian", "/usr/bin/chromium")
    finds(monkeypatch, None, found)
    monkeypatch.setattr(build, "is_debian", lambda: True)
    assert build.ensure_browser() == found
    assert [command.split("apt-get ")[-1] for command in installs] == [
        "update -q",
        "install -y -q chromium",
    ]


def test_ensure_browser_falls_back_to_playwrights_own(monkeypatch, installs) -> None:
    found = build.Browser("playwright", "/root/.cache/ms-playwright/chrome")
    finds(monkeypatch, None, None, found)
    monkeypatch.setattr(build, "is_debian", lambda: True)
    assert build.ensure_browser() == found
    assert installs[-1].endswith("-m playwright install --with-deps chromium")
    assert len(installs) == 3


def test_ensure_browser_elsewhere_goes_straight_to_playwright(monkeypatch, installs) -> None:
    finds(monkeypatch, None, build.Browser("playwright", "/chrome"))
    monkeypatch.setattr(build, "is_debian", lambda: False)
    build.ensure_browser()
    assert len(installs) == 1 and "playwright install --with-deps chromium" in installs[0]


def test_ensure_browser_fails_with_one_clear_message(monkeypatch) -> None:
    def failing(*command, **kwargs):
        raise build.subprocess.CalledProcessError(1, command)

    monkeypatch.setattr(build, "run", failing)
    monkeypatch.setattr(build, "is_debian", lambda: True)
    finds(monkeypatch, None, None, None)
    with pytest.raises(SystemExit) as stopped:
        build.ensure_browser()
    assert stopped.value.code == build.BROWSER_HELP
    assert "AKROPOLIS_BROWSER" in build.BROWSER_HELP and "apt-get install chromium" in (
        build.BROWSER_HELP
    )
    assert "playwright install --with-deps chromium" in build.BROWSER_HELP


def test_ensure_browser_reports_a_bad_variable(monkeypatch) -> None:
    def bad():
        raise FileNotFoundError("AKROPOLIS_BROWSER='/nope' names no executable file")

    monkeypatch.setattr(build, "find_browser", bad)
    with pytest.raises(SystemExit, match="names no executable"):
        build.ensure_browser()


# --- build.py test: the two halves side by side ---------------------------------------------


class _Finished:
    def __init__(self, returncode: int) -> None:
        self.returncode = returncode


@pytest.mark.parametrize(
    ("built_code", "pure_code", "expected"), [(0, 0, 0), (1, 0, 1), (0, 2, 2), (3, 4, 3)]
)
def test_the_suite_runs_in_two_halves_and_fails_with_either(
    monkeypatch, capsys, built_code: int, pure_code: int, expected: int
) -> None:
    """``python build.py test`` without arguments runs the tests that need the build in one
    pytest and all the others in a second one beside it; either failing fails the run."""
    commands: list[list[str]] = []

    class Pure:
        def __init__(self, command, stdout, **_options) -> None:
            commands.append(command)
            stdout.write("pure half's report\n")

        def wait(self) -> int:
            return pure_code

    def run(command, **_options):
        commands.append(command)
        return _Finished(built_code)

    monkeypatch.setattr(build.subprocess, "Popen", Pure)
    monkeypatch.setattr(build.subprocess, "run", run)
    monkeypatch.setattr(build.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert build.run_halves(Path("python"), None) == expected
    pure, built = commands
    assert built[-len(build.NEEDS_BUILD) :] == list(build.NEEDS_BUILD)
    assert built[3 : -len(build.NEEDS_BUILD)] == build.BUILT_WORKERS  # one module a worker
    assert pure == ["nice", "-n", "10", "python", "-m", "pytest"] + [
        f"--ignore={path}" for path in build.NEEDS_BUILD
    ]  # at a lower priority than the browser's half
    assert "pure half's report" in capsys.readouterr().out


def test_without_nice_the_pure_half_runs_at_the_usual_priority(monkeypatch) -> None:
    commands: list[list[str]] = []

    class Pure:
        def __init__(self, command, **_options) -> None:
            commands.append(command)

        def wait(self) -> int:
            return 0

    monkeypatch.setattr(build.subprocess, "Popen", Pure)
    monkeypatch.setattr(build.subprocess, "run", lambda command, **_options: _Finished(0))
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    assert build.run_halves(Path("python"), None) == 0
    assert commands[0][:3] == ["python", "-m", "pytest"]


@pytest.mark.parametrize(("cores", "halves"), [(1, False), (2, True), (4, True), (None, False)])
def test_the_halves_run_side_by_side_only_with_two_cores_or_more(
    monkeypatch, cores, halves: bool
) -> None:
    """One core runs every test in one pytest; more run the two halves side by side; tests
    asked for by name always run in one pytest."""
    calls = []
    monkeypatch.setattr(build, "ensure_venv", lambda: None)
    monkeypatch.setattr(build, "build", lambda: None)
    monkeypatch.setattr(build, "ensure_browser", lambda: None)
    monkeypatch.setattr(build.os, "cpu_count", lambda: cores)
    monkeypatch.setattr(build, "lint_and_test", lambda args, **kw: calls.append((args, kw)) or 0)
    assert build.test([]) == 0
    assert calls == [([], {"halves": True} if halves else {})]
    calls.clear()
    build.test(["-k", "notation"])
    assert calls == [(["-k", "notation"], {})]
