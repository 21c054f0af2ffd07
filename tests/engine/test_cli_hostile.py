"""Hostile input never breaks the command line: exit 0 or 2, one short stderr line, no traceback.

The corpus (``tests/corpus``, see its README) holds small bad files, one per reported problem or
class of problems; the large cases are generated here, so nothing big is committed.  The bulk
runs in-process (``cli.main`` with ``capsys``: a subprocess costs ~0.1 s), and a sample runs as
real subprocesses and must give the same result.  The failures of the environment (closed or
full output, a broken pipe, Ctrl-C) are in ``test_cli_failures.py``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from akropolis import Game, notation, records
from akropolis.checks import MAX_MESSAGE_LENGTH, MAX_RECORD_BYTES
from akropolis.simulate import random_game
from tests.engine.cli_run import (
    CORPUS,
    assert_clean,
    assert_one_line,
    run_main,
    run_real,
)

HOSTILE = sorted(p for p in (CORPUS / "hostile").iterdir() if p.is_file())
VALID = sorted(p for p in (CORPUS / "valid").iterdir() if p.is_file())
COMMANDS = (("score",), ("score", "--explain"), ("moves",), ("state",), ("result",))

#: Hostile-looking files that are valid games: accepted (exit 0) by every command.
ACCEPTED = frozenset(
    {
        "bom-then-valid-record.json",
        "bom-then-valid-notation.txt",
        "notation-after-blank-lines.txt",
        "brackets-inside-a-name.json",
        "deck-with-one-tile.json",
        "name-with-zero-width-joiner-emoji.json",
        "seed-negative-zero.json",
    }
)

#: Seconds one in-process run may take, even on the largest input (they take milliseconds).
TIME_BUDGET = 5.0


def _ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


# --- The committed corpus ----------------------------------------------------------------------


def test_corpus_has_many_small_files() -> None:
    """The corpus is worth running (50+ cases) and stays small enough to commit (< 20 KB each)."""
    assert len(HOSTILE) >= 50
    assert all(p.stat().st_size < 20_000 for p in HOSTILE + VALID)
    names = {p.name for p in HOSTILE}
    assert names >= ACCEPTED, ACCEPTED - names


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("path", HOSTILE, ids=_ids(HOSTILE))
def test_hostile_file_is_refused_cleanly(
    capsys: pytest.CaptureFixture[str], path: Path, command: tuple[str, ...]
) -> None:
    """Each hostile file, each command: exit 2 with one line (0 for the valid odd ones)."""
    started = time.perf_counter()
    outcome = run_main(capsys, *command, str(path))
    assert time.perf_counter() - started < TIME_BUDGET
    assert_clean(outcome)
    assert outcome.status == (0 if path.name in ACCEPTED else 2), outcome.err


REASONS = {
    "format-is-a-list.json": "format must be 'akropolis-game', not ['akropolis-game']",
    "format-is-an-object.json": "format must be 'akropolis-game', not {",
    "seed-5000-digits.json": "a number has more than 20 digits",
    "seed-4301-digits.json": "a number has more than 20 digits",
    "anchor-5000-digits.json": "a number has more than 20 digits",
    "duplicate-keys.json": "the key 'seed' appears twice in one object",
    "kind-null.json": "players[0]: unknown kind None",
    "seed-null.json": "the seed must be a whole number from 0 to 2**64 - 1, not None",
    "nan-seed.json": "NaN is not a number in JSON",
    "name-only-zero-width-space.json": "invisible characters (U+200B)",
    "name-with-nul.json": "invisible characters (U+0000)",
    "name-with-escape-sequence.json": "invisible characters (U+001B)",
    "name-rtl-override.json": "invisible characters (U+202E)",
    "lone-surrogate-name.json": "invisible characters (U+D800)",
    "name-only-zero-width-joiner.json": "needs at least one visible character",
    "name-only-hangul-fillers.json": "players[0]: the name needs at least one visible character",
    "name-only-hangul-choseong-jungseong-fillers.json": "needs at least one visible character",
    "name-only-halfwidth-hangul-filler.json": "needs at least one visible character",
    "name-only-braille-blank.json": "needs at least one visible character",
    "name-only-blank-looking-mix.json": "needs at least one visible character",
    "notation-name-hangul-filler.txt": "needs at least one visible character",
    "names-the-same.json": "players 1 and 2 have the same name (\u201cAnn\u201d)",
    "names-differ-only-in-case.json": "players 1 and 2 have the same name",
    "names-fullwidth-look-the-same.json": "players 1 and 2 have the same name",
    "names-differ-only-in-invisible-characters.json": "players 1 and 2 have the same name",
    "notation-names-look-the-same.txt": "players 1 and 3 have the same name (\u201cAnn\u201d)",
    "city-same-tile-five-times.json": "placement 2: tile 12 is already in this city (the box",
    "notation-city-same-tile-five-times.txt": "placement 2: tile 12 is already in this city",
    "notation-arabic-digit.txt": "p must be a whole number",
    "notation-fullwidth-digit-seed.txt": "the seed must be a whole number",
    "notation-bad-percent.txt": "is not percent-encoded UTF-8",
    "not-utf8.json": "the file is not UTF-8 text",
    "utf16.json": "the file is not UTF-8 text",
    "empty.json": "the file is empty",
    "whitespace-only.json": "the file is empty",
    "version-true.json": "unsupported version True",
    "version-2.json": "made by a newer version of the program",
    "float-anchor.json": "anchor q must be a whole number, not -2.0",
    "bool-rotation.json": "the rotation must be a whole number, not True",
    "deck-duplicates.json": "deck position 2: tile 36 appears twice",
    "unknown-key.json": "unknown key 'comment'",
    "city-record-with-bad-stones.json": "stones must be from 0 to 10000, not -1",
    "illegal-move.json": "move 2: the tile is not adjacent to the city",
    "move-after-game-over.json": "move 37: the game is over",
    "truncated-record.json": "not valid JSON",
    "deep-nesting-11.json": "nested more than 10 deep",
    "deep-nesting-objects-11.json": "nested more than 10 deep",
    "unclosed-string-escaped-quotes.json": "Unterminated string starting at line 1 column 12",
    "raw-tab-in-string.json": "Invalid control character at line 4",
    "architect-at-seat-1.json": "kind for seat 1: the Illustrious Architect (architect:metagenes)",
    "architect-in-3-player-game.json": "can only play seat 2 of a 2-player game",
    "architect-with-all-tiles.json": "uses the 2-player tiles (no all-tiles option)",
    "architect-kind-capitalised.json": "players[1]: unknown kind 'architect:Hippodamos'",
    "architect-takes-another-tile.json": (
        "move 4: the Illustrious Architect must take tile 33: the cheapest"
    ),
    "architect-not-in-its-spot.json": (
        "move 4: the Illustrious Architect must place tile 33 as 33@0,2:0"
    ),
    "architect-on-level-2.json": (
        "move 4: the Illustrious Architect must place tile 33 as 33@0,2:0"
    ),
    "notation-architect-not-in-its-spot.txt": "move 4: the Illustrious Architect must place",
    "notation-architect-at-seat-1.txt": "seat 1: the Illustrious Architect (architect:hippodamos)",
}


@pytest.mark.parametrize(("name", "reason"), REASONS.items(), ids=list(REASONS))
def test_refused_for_the_right_reason(
    capsys: pytest.CaptureFixture[str], name: str, reason: str
) -> None:
    """The reported cases are refused by the check meant for them, not by an accident."""
    outcome = run_main(capsys, "score", str(CORPUS / "hostile" / name))
    assert outcome.status == 2
    assert reason in outcome.err


def _utf8(paths: list[Path]) -> list[Path]:
    """The files that are UTF-8 text (the others can only be read as bytes)."""
    out = []
    for path in paths:
        try:
            path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        out.append(path)
    return out


TEXT_FILES = _utf8(HOSTILE + VALID)


@pytest.mark.parametrize("path", TEXT_FILES, ids=_ids(TEXT_FILES))
def test_a_file_reads_as_its_text_does(path: Path) -> None:
    """``load(bytes)`` (the CLI) and ``load(str)`` (the API) accept and refuse alike.

    A notation file after blank lines was refused as bad JSON when read as bytes, though its
    text loaded; after a byte-order mark it was refused both ways, unlike JSON.
    """
    data = path.read_bytes()
    text = data.decode("utf-8")

    def outcome(given: str | bytes) -> tuple[str, str]:
        try:
            return "read", type(records.load(given)).__name__
        except records.RecordError as error:
            return "refused", str(error)

    assert outcome(data) == outcome(text)


def test_deck_of_one_tile_is_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    """One tile: it starts the site, no stack is left, so the game is over before any move."""
    path = str(CORPUS / "hostile" / "deck-with-one-tile.json")
    state = json.loads(run_main(capsys, "state", path).out)
    assert state == {
        "turn": 0,
        "site": [36],
        "stones": [1, 2],
        "stacks_left": 0,
        "game_over": True,
    }
    assert json.loads(run_main(capsys, "moves", path).out) == {"player": 0, "moves": []}


# --- Old saves still load ------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("path", VALID, ids=_ids(VALID))
def test_valid_files_keep_loading(
    capsys: pytest.CaptureFixture[str], path: Path, command: tuple[str, ...]
) -> None:
    """Version 1 games and cities score with exit 0; a city is refused by moves and state."""
    outcome = run_main(capsys, *command, str(path))
    is_city = path.name.startswith("city-")
    if is_city and command[0] in ("moves", "state", "result"):
        assert outcome.status == 2
        assert outcome.err == f"akropolis: '{command[0]}' needs a game record, not a city record\n"
        return
    assert_clean(outcome, statuses=(0,))
    if command[0] == "score":
        report = json.loads(outcome.out)
        assert len(report["players"]) == (
            1 if is_city else len(records.load(path.read_bytes()).names)
        )


def test_valid_files_include_a_game_and_a_city_as_version_1_writes_them() -> None:
    """The guarantee covers both record kinds, in the program's own layout (and notation)."""
    loaded = {p.name: records.load(p.read_bytes()) for p in VALID}
    assert any(isinstance(s, records.CityRecord) for s in loaded.values())
    games = [p for p in VALID if p.suffix == ".json" and isinstance(loaded[p.name], Game)]
    assert games and all(json.loads(p.read_text())["version"] == 1 for p in games)
    assert any(p.suffix == ".txt" for p in VALID)


# --- Large inputs, generated --------------------------------------------------------------------


def _short_record(**extra: object) -> str:
    """A game record after four moves, with ``extra`` keys (unknown ones, to be refused)."""
    record = records.game_to_record(random_game(2, 7).replay(4))
    return records.dumps({**record, **extra})


def _record_with_key(size: int) -> str:
    """A short game record with one unknown key of ``size`` characters."""
    return _short_record(**{"k" * size: 1})


BIG = {
    # 100,000 nested arrays or objects: refused before the parser recurses into them.
    "brackets-100000": lambda: "[" * 100_000 + "]" * 100_000,
    "objects-100000": lambda: '{"a":' * 100_000 + "1" + "}" * 100_000,
    "unclosed-brackets-900000": lambda: "[" * 900_000,
    # Just under the size limit: parsed, then refused for the key, quoting a short excerpt.
    "unknown-key-1mb": lambda: _record_with_key(MAX_RECORD_BYTES - 1000),
    "unknown-key-over-1mb": lambda: _record_with_key(MAX_RECORD_BYTES),
    "notation-token-5mb": lambda: "A1;p=2;s=7;m=" + "9" * 5_000_000,
    "notation-token-1mb": lambda: "A1;p=2;s=7;m=" + "9" * (MAX_RECORD_BYTES - 100),
    "integer-900000-digits": lambda: '{"format": "akropolis-game", "seed": ' + "7" * 900_000 + "}",
    "float-900000-digits": lambda: '{"seed": 7.' + "0" * 900_000 + "}",
    "moves-300000-numbers": lambda: '{"moves": [' + ",".join(["1"] * 300_000) + "]}",
    "string-of-150000-escapes": lambda: '{"format": "' + "\\u0000" * 150_000 + '"}',
    # Valid: a record after nearly a megabyte of blank space.
    "spaces-then-record": lambda: " " * 990_000 + _short_record(),
}


@pytest.fixture(scope="module")
def big_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("big")
    files = {}
    for name, make in BIG.items():
        files[name] = folder / name
        files[name].write_text(make(), encoding="utf-8")
    sparse = folder / "sparse-50mb"
    with sparse.open("wb") as handle:
        handle.truncate(50_000_000)  # 50 MB of zeros that take no disk space
    files["sparse-50mb"] = sparse
    return files


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("name", [*BIG, "sparse-50mb"])
def test_large_input_is_refused_quickly_in_one_line(
    capsys: pytest.CaptureFixture[str],
    big_files: dict[str, Path],
    name: str,
    command: tuple[str, ...],
) -> None:
    """Huge or deeply nested files: a quick refusal (the limits come before any real work)."""
    started = time.perf_counter()
    outcome = run_main(capsys, *command, str(big_files[name]))
    assert time.perf_counter() - started < TIME_BUDGET
    assert_clean(outcome)
    expected = 0 if name == "spaces-then-record" else 2
    assert outcome.status == expected, outcome.err


@pytest.mark.parametrize("name", ["unknown-key-1mb", "notation-token-5mb", "notation-token-1mb"])
def test_message_quotes_only_a_short_excerpt(
    capsys: pytest.CaptureFixture[str], big_files: dict[str, Path], name: str
) -> None:
    """A megabyte key or token is quoted as a cut excerpt, never whole."""
    err = run_main(capsys, "score", str(big_files[name])).err
    assert_one_line(err)
    assert "k" * 30 not in err and "9" * 30 not in err


def test_unknown_key_of_a_megabyte_is_named_in_the_message(
    capsys: pytest.CaptureFixture[str], big_files: dict[str, Path]
) -> None:
    """Under the size limit the record is read, and the refusal says which check failed."""
    err = run_main(capsys, "score", str(big_files["unknown-key-1mb"])).err
    assert err.startswith("akropolis: the record: unknown key 'kkk")


def test_notation_token_of_5mb_given_as_text_is_refused_in_one_line() -> None:
    """The API (text, no file-size limit in the way) refuses it by the notation length limit."""
    with pytest.raises(records.RecordError) as caught:
        records.load("A1;p=2;s=7;m=" + "9" * 5_000_000)
    assert "too long" in str(caught.value) and len(str(caught.value)) <= MAX_MESSAGE_LENGTH
    with pytest.raises(records.RecordError):
        notation.parse_move("9" * 5_000_000)


def test_unclosed_string_of_escaped_quotes_is_refused_quickly(tmp_path: Path) -> None:
    """A megabyte of ``\\"`` with no closing quote once took time quadratic in its length.

    The nesting check strips strings with a regular expression, which rescanned the rest of
    the text from every quote (about 40 minutes for 1 MB).  A real process, so that a
    regression fails on the timeout instead of hanging the test run.
    """
    path = tmp_path / "quotes.json"
    path.write_text('{"format": "' + '\\"' * (MAX_RECORD_BYTES // 2 - 10))
    outcome = run_real("score", str(path), timeout=30)
    assert_clean(outcome)
    assert "Unterminated string" in outcome.err


# --- The same through a real process ------------------------------------------------------------

SAMPLE = [
    "format-is-a-list.json",
    "seed-5000-digits.json",
    "duplicate-keys.json",
    "name-rtl-override.json",
    "lone-surrogate-name.json",
    "notation-arabic-digit.txt",
    "not-utf8.json",
    "deep-nesting-11.json",
    "move-after-game-over.json",
    "bom-then-valid-record.json",
]


@pytest.mark.parametrize("name", SAMPLE)
def test_real_process_gives_what_main_gives(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """In-process results stand for real runs: same status, same stdout, same stderr."""
    path = str(CORPUS / "hostile" / name)
    real = run_real("score", path)
    assert_clean(real)
    assert real == run_main(capsys, "score", path)


def test_real_process_reads_a_huge_stdin_and_refuses_it() -> None:
    """5 MB on stdin: read only up to the limit, refused in one line."""
    outcome = run_real("score", "-", stdin=b"A1;p=2;s=7;m=" + b"9" * 5_000_000)
    assert_clean(outcome)
    assert "too large" in outcome.err
