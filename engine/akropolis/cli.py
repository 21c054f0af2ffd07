"""The command line: ``python -m akropolis score|moves|state FILE`` and ``simulate``.

Output is JSON on stdout.  A bad file exits with status 2 and one line on stderr saying what is
wrong and where; no traceback ever reaches the user.  FILE may be ``-`` for stdin and may hold
a JSON record or its compact notation.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from . import notation
from .game import Game
from .records import CityRecord, RecordError, parse_json, read_any
from .scoring import VARIANTS, score_city
from .simulate import simulate


def _load(path: str) -> Game | CityRecord:
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    text = data.lstrip()
    if text[:3] in (b"A1;", b"C1;"):
        try:
            return read_any(notation.parse(text.decode("utf-8")))
        except UnicodeDecodeError:
            raise RecordError("the file is not UTF-8 text") from None
    return read_any(parse_json(data))


def _score_entry(name: str, stones: int, score: Any, explain: bool) -> dict[str, Any]:
    entry = {"name": name, "stones": stones, "score": score.to_json()}
    if explain:
        entry["hexes"] = [
            {
                "cell": list(h.cell),
                "kind": h.kind,
                "level": h.level,
                "counts": h.counts,
                "value": h.value,
                "doubled": h.doubled,
                "points": h.points,
                "reason": h.reason,
            }
            for h in score.hexes
        ]
    return entry


def score_report(subject: Game | CityRecord, explain: bool = False) -> dict[str, Any]:
    """The ``score`` output for a game (every player) or a city record (one "City")."""
    if isinstance(subject, CityRecord):
        score = score_city(subject.build(), subject.variants, subject.stones)
        return {"players": [_score_entry("City", subject.stones, score, explain)], "winners": [0]}
    players = [
        _score_entry(subject.names[p], subject.stones[p], subject.score(p), explain)
        for p in range(subject.players)
    ]
    return {"players": players, "winners": list(subject.result().winners)}


def state_report(game: Game) -> dict[str, Any]:
    return {
        "turn": game.turn,
        "site": list(game.site),
        "stones": list(game.stones),
        "stacks_left": game.stacks_left,
        "game_over": game.is_over,
    }


def moves_report(game: Game) -> dict[str, Any]:
    return {"player": game.turn, "moves": [move.to_json() for move in game.legal_moves()]}


def _game_only(subject: Game | CityRecord, command: str) -> Game:
    if not isinstance(subject, Game):
        raise RecordError(f"'{command}' needs a game record, not a city record")
    return subject


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m akropolis", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="final or current scores of a game or city record")
    score.add_argument("file", help="record file, or - for stdin")
    score.add_argument("--explain", action="store_true", help="add every district's verdict")
    for name, text in (("moves", "legal moves of the player to move"), ("state", "game state")):
        commands.add_parser(name, help=text).add_argument("file", help="game record, or -")
    sim = commands.add_parser("simulate", help="play random legal games and time them")
    sim.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--variants", default="", help=f"comma-separated: {','.join(VARIANTS)}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            variants = [v for v in args.variants.split(",") if v]
            if args.games < 0 or args.seed < 0:
                raise RecordError("--games and --seed must not be negative")
            report = simulate(args.players, args.games, args.seed, variants)
        else:
            subject = _load(args.file)
            if args.command == "score":
                report = score_report(subject, args.explain)
            elif args.command == "moves":
                report = moves_report(_game_only(subject, "moves"))
            else:
                report = state_report(_game_only(subject, "state"))
    except (RecordError, ValueError) as error:
        print(f"akropolis: {error}", file=sys.stderr)
        return 2
    try:
        sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error of ours
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's final flush quiet
    return 0
