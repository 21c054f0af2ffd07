"""The engine runs unchanged in the pinned Pyodide and plays exactly as on CPython."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

SEEDED_GAMES = """
from akropolis.simulate import fingerprint
print(fingerprint(4, 2024, variants=("houses", "markets", "barracks", "temples", "gardens")))
print(fingerprint(2, 7, all_tiles=True))
print(fingerprint(3, 99, variants=("gardens",)))
print(fingerprint(3, 5, all_tiles=True, variants=("barracks", "temples")))
"""


def run_on_cpython(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ENGINE)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return out.stdout


def test_pyodide_is_python_3_14(run_in_pyodide) -> None:
    """The pinned runtime is the Python the engine must support besides 3.11."""
    version = run_in_pyodide("import sys; print(sys.version_info[:2], sys.platform)")
    assert version.strip() == "(3, 14) emscripten"


def test_seeded_games_are_identical_on_cpython_and_pyodide(run_in_pyodide) -> None:
    """Same seeds, same records, same final scores and winners, move for move."""
    expected = run_on_cpython(SEEDED_GAMES)
    actual = run_in_pyodide(SEEDED_GAMES)
    assert actual == expected
    games = [json.loads(line) for line in expected.splitlines()]
    assert [len(g["record"]["moves"]) for g in games] == [60, 60, 48, 60]
    assert all(len(g["scores"]) == len(g["record"]["players"]) for g in games)


def test_every_level_chooses_the_same_moves_on_cpython_and_pyodide(run_in_pyodide) -> None:
    """Effort is counted in work, never in time: each level, expert's learned correction
    included, picks the same move in both Pythons (2, 3 and 4 players and solo)."""
    code = """
from akropolis import Game
from akropolis.ai import LEVELS, choose
from akropolis.simulate import random_game
games = [random_game(p, 40 + p).replay(9 + 4 * p) for p in (2, 3, 4)]
solo = Game(2, seed=8, kinds=["human", "architect:callicrates"])
for _ in range(8):
    solo.play(solo.legal_moves()[0])
for game in (*games, solo):
    for level in LEVELS:
        print(level, choose(game, level, seed=5, effort=6000).move)
"""
    expected = run_on_cpython(code)
    assert run_in_pyodide(code) == expected
    assert len(expected.splitlines()) == 16 and "expert" in expected


def test_records_and_cli_report_match_in_pyodide(run_in_pyodide) -> None:
    """Reading a record, the CLI's score report and notation give the same text in both."""
    code = """
import json
from akropolis import notation, records
from akropolis.cli import score_report, moves_report
from akropolis.simulate import random_game
game = random_game(2, 31, variants=("markets",))
text = records.dump(game)
again = records.load(text)
print(json.dumps(score_report(again, explain=True), sort_keys=True))
print(json.dumps(moves_report(again.replay(17)), sort_keys=True))
print(notation.format_game(records.game_to_record(again)))
"""
    assert run_in_pyodide(code) == run_on_cpython(code)


def test_hostile_records_are_refused_alike_in_pyodide(run_in_pyodide) -> None:
    """Deep nesting, huge numbers, odd names: the same one-line refusals, no stack overflow."""
    code = r"""
from akropolis import Game, notation, records
from akropolis.records import RecordError
HEAD = '{"format": "akropolis-game", "version": 1, "options": {"variants": []}, "moves": [], '
cases = [
    "[" * 100_000 + "]" * 100_000,
    "[" * 100_000,
    '{"a": ' * 50_000 + "1" + "}" * 50_000,
    '{"format": [], "version": 1}',
    HEAD + '"players": [{"name": "A"}, {"name": "B"}], "seed": ' + "9" * 5000 + "}",
    HEAD + '"players": [{"name": "\\u200b"}, {"name": "B"}], "seed": 1}',
    HEAD + '"players": [{"name": "A\\u202eB"}, {"name": "B"}], "seed": 1}',
    HEAD + '"players": [{"name": "\\ud800"}, {"name": "B"}], "seed": 1}',
    HEAD + '"players": [{"name": "\U0001FAE8 Zoë"}, {"name": "B"}], "seed": 1}',
    '{"format": "akropolis-game", "format": "akropolis-game"}',
    "A1;p=\u0662;s=1;m=",
    "A1;p=2;s=1;m=" + "1" * 20_000,
    "\ufeffA1;p=2;s=42;m=32@0,2:0",
    "\u00e9" * 600_000,
]
for text in cases:
    try:
        print("ok", ascii(records.game_to_record(records.load(text))["players"]))
    except RecordError as error:
        print("refused", ascii(str(error)))
for names in (["\u200b", "B"], ["A", "B\x00"], ["\U0001FAE8", "B"]):
    try:
        print("ok", ascii(Game(2, seed=1, names=names).names))
    except ValueError as error:
        print("refused", ascii(str(error)))
"""
    expected = run_on_cpython(code)
    assert run_in_pyodide(code) == expected
    assert expected.count("refused") >= 12


#: Each block of 4,096 code points of the planes that hold characters (the others are unassigned
#: or private use throughout): the hash of every character's verdict as a name and its key.
NAME_VERDICTS = r"""
import hashlib
from akropolis import names
for block in [*range(0x00, 0x40), 0xE0]:
    digest = hashlib.sha256()
    for code in range(block * 0x1000, block * 0x1000 + 0x1000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        verdict = f"{names.is_refused(char):d}{names.draws_ink(char):d}{names.look_alike_key(char)}"
        digest.update(f"{code:x}{verdict}\n".encode("utf-8", "surrogatepass"))
    print(f"U+{block * 0x1000:05X} {digest.hexdigest()[:16]}")
"""


def test_names_are_judged_alike_on_cpython_and_pyodide(run_in_pyodide) -> None:
    """Refused, visible and the look-alike key of every character agree, though Pyodide's
    Python knows Unicode 16.0 and CPython 3.11 Unicode 14.0 (``akropolis.names``)."""
    expected = run_on_cpython(NAME_VERDICTS)
    assert len(expected.splitlines()) == 65
    assert run_in_pyodide(NAME_VERDICTS) == expected
