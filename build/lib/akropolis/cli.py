"""The command line: ``python -m akropolis score|moves|state|result|render FILE`` and ``simulate``;
``ai FILE`` and ``tournament`` for the computer opponents (``akropolis.ai.command``).

Output is JSON on stdout (``render``: an SVG picture).  Nothing ever ends in a traceback: a bad
file or a bad argument exits with status 2 and one line on stderr saying what is wrong and
where; an output that cannot be written (closed, full, a pipe whose reader left) exits with
status 1 and one line; Ctrl-C exits with status 130 quietly.  FILE may be ``-`` for stdin and
may hold a JSON record or its notation.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .ai import command as ai_command
from .checks import (
    MAX_RECORD_BYTES,
    VARIANTS,
    check_int,
    check_variants,
    cut_message,
    excerpt,
    parse_seed,
    parse_whole_number,
)
from .diagrams import DiagramError, picture
from .game import Game
from .picture import svg
from .records import CityRecord, RecordError, load
from .rng import SEED_LIMIT
from .scoring import score_city
from .simulate import MAX_GAMES, simulate

#: Set this environment variable to see the traceback of an internal error.
DEBUG_VARIABLE = "AKROPOLIS_DEBUG"


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


class OutputError(Exception):
    """The output could not be written: reported in one line, exit status 1."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors instead of a usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see --help)")

    def print_help(self, file: Any = None) -> None:
        """Help on stdout like any output: if it cannot be written, that is an OutputError."""
        if file is not None:
            super().print_help(file)
        else:
            _write(self.format_help())


def _read_input(path: str) -> bytes:
    """The bytes of FILE or stdin, never more than a record may hold plus one."""
    try:
        if path == "-":
            data = _read_stdin()
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        where = "standard input" if path == "-" else excerpt(path, 60)
        raise RecordError(f"cannot read {where}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            f"the file is too large to be a record (records are at most "
            f"{MAX_RECORD_BYTES / 1e6:g} MB)"
        )
    return data


def _read_stdin() -> bytes:
    """Standard input's bytes, or the UTF-8 of its text when it has no byte buffer (a
    ``StringIO`` put in its place, as a test or a notebook does)."""
    stream = sys.stdin
    if stream is None:
        raise RecordError("cannot read standard input: it is closed")
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        return binary.read(MAX_RECORD_BYTES + 1)
    text = stream.read(MAX_RECORD_BYTES + 1)
    if isinstance(text, bytes):
        return text
    # A lone surrogate passes as bytes that are not UTF-8, which the reader refuses as such.
    return text.encode("utf-8", "surrogatepass")


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


def result_report(game: Game) -> dict[str, Any]:
    """The ``result`` output: winners, totals, stones and why (the solo rule with an Architect)."""
    result = game.result()
    return {
        "winners": list(result.winners),
        "totals": list(result.totals),
        "stones": list(game.stones),
        "why": result.explanation,
    }


def _game_only(subject: Game | CityRecord, command: str) -> Game:
    if not isinstance(subject, Game):
        raise RecordError(f"'{command}' needs a game record, not a city record")
    return subject


def _seed_argument(text: str) -> int:
    try:
        return parse_seed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _players_argument(text: str) -> int:
    """2, 3 or 4 in ASCII digits (``int`` would take ``٢``, `` 2`` and ``0_2``)."""
    try:
        return check_int(parse_whole_number(text, "--players"), "--players", 2, 4)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be 2, 3 or 4, not {excerpt(text)}") from None


def _player_argument(text: str) -> int:
    try:
        return check_int(parse_whole_number(text, "--player"), "--player", 0, 3)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be 0 to 3, not {excerpt(text)}") from None


def _size_argument(text: str) -> int:
    try:
        return check_int(parse_whole_number(text, "--size"), "--size", svg.MIN_SIZE, svg.MAX_SIZE)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a width from {svg.MIN_SIZE} to {svg.MAX_SIZE} pixels, not {excerpt(text)}"
        ) from None


def _games_argument(text: str) -> int:
    try:
        return check_int(parse_whole_number(text, "--games"), "--games", 1, MAX_GAMES)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_GAMES}") from None


def _variants_argument(text: str) -> frozenset[str]:
    try:
        return check_variants([name for name in text.split(",") if name])
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m akropolis", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="final or current scores of a game or city record")
    score.add_argument("file", help="record file, or - for stdin")
    score.add_argument("--explain", action="store_true", help="add every district's verdict")
    for name, text in (
        ("moves", "legal moves of the player to move"),
        ("state", "game state"),
        ("result", "winners, totals, stones and why (now, or at the end of the game)"),
    ):
        commands.add_parser(name, help=text).add_argument("file", help="game record, or -")
    render = commands.add_parser("render", help="an SVG picture of a city (to stdout)")
    render.add_argument("file", help="game or city record or notation, or -")
    render.add_argument("--player", type=_player_argument, help="whose city, from 0 (a game)")
    render.add_argument("--explain", action="store_true", help="mark why each district scores")
    render.add_argument("--kind", choices=VARIANTS, help="highlight one kind of district")
    render.add_argument("--size", type=_size_argument, default=480, help="width in pixels")
    render.add_argument("--coordinates", action="store_true", help="write each hex's q,r")
    render.add_argument("--last", action="store_true", help="mark the last tile placed")
    sim = commands.add_parser("simulate", help="play random legal games and time them")
    sim.add_argument("--players", type=_players_argument, default=2, help="2, 3 or 4")
    sim.add_argument("--games", type=_games_argument, default=10, help=f"1 to {MAX_GAMES}")
    sim.add_argument("--seed", type=_seed_argument, default=0, help="0 to 2**64 - 1")
    sim.add_argument(
        "--variants",
        type=_variants_argument,
        default=frozenset(),
        help=f"comma-separated: {','.join(VARIANTS)}",
    )
    ai_command.add_commands(commands, _players_argument, _seed_argument, _variants_argument)
    return parser


def render_report(subject: Game | CityRecord, args: argparse.Namespace) -> str:
    """The ``render`` output: the SVG document, ending in a newline (the same picture a
    documentation site's diagram holds: ``akropolis.diagrams.picture``)."""
    if args.player is not None and not isinstance(subject, Game):
        raise RecordError("--player is for a game; a city record has one city")
    try:
        return (
            picture(
                subject,
                player=args.player,
                explain=args.explain,
                kind=args.kind,
                size=args.size,
                coordinates=args.coordinates,
                last=args.last,
            )
            + "\n"
        )
    except DiagramError as error:
        raise RecordError(str(error)) from None


def _report(args: argparse.Namespace) -> dict[str, Any] | str:
    if args.command == "tournament":
        if args.seed + args.games > SEED_LIMIT:
            raise UsageError("--seed plus --games goes past the largest seed, 2**64 - 1")
        try:
            return ai_command.tournament_report(args)
        except ValueError as error:
            raise UsageError(str(error)) from None
    if args.command == "simulate":
        if args.seed + args.games > SEED_LIMIT:
            raise UsageError("--seed plus --games goes past the largest seed, 2**64 - 1")
        return simulate(args.players, args.games, args.seed, args.variants)
    subject = load(_read_input(args.file))
    if args.command == "render":
        return render_report(subject, args)
    if args.command == "score":
        return score_report(subject, args.explain)
    if args.command == "moves":
        return moves_report(_game_only(subject, "moves"))
    if args.command == "result":
        return result_report(_game_only(subject, "result"))
    if args.command == "ai":
        try:
            return ai_command.ai_report(_game_only(subject, "ai"), args)
        except RecordError:
            raise
        except ValueError as error:
            raise RecordError(str(error)) from None
    return state_report(_game_only(subject, "state"))


def _write(text: str) -> None:
    """Write the output as UTF-8 whatever the locale (through stdout's byte buffer), or as
    text to a stdout that has none (``redirect_stdout(StringIO())``, a notebook, IDLE);
    OutputError if it cannot be written."""
    stream = sys.stdout
    if stream is None:
        raise OutputError("cannot write the output: standard output is closed")
    try:
        stream.flush()
        binary = getattr(stream, "buffer", None)
        if binary is None:
            stream.write(text)
            stream.flush()
            return
        data = memoryview(text.encode("utf-8"))
        while data:  # unbuffered (python -u), stdout is raw: a write may take only a part
            written = binary.write(data)
            if not written:  # a non-blocking stdout that is full
                raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
            data = data[written:]
        binary.flush()
    except UnicodeEncodeError:  # a text stdout whose encoding lacks some of the characters
        raise OutputError(
            "cannot write the output: standard output cannot show all of its characters"
        ) from None
    except ValueError:  # a text stdout that was closed ("I/O operation on closed file")
        raise OutputError("cannot write the output: standard output is closed") from None
    except BrokenPipeError:
        _silence_stdout()
        raise OutputError("cannot write the output: the pipe was closed by its reader") from None
    except OSError as error:
        _silence_stdout()
        reason = error.strerror or type(error).__name__
        raise OutputError(f"cannot write the output: {reason}") from None


def _silence_stdout() -> None:
    """Point stdout at the null device, so the interpreter's final flush cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _say(message: str) -> None:
    """One line on stderr (if there is a stderr to write to)."""
    if sys.stderr is None:
        return
    # Control and invisible characters (a terminal escape in a file name) are shown escaped.
    text = " ".join(f"akropolis: {message}".split())
    text = "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)
    try:
        sys.stderr.write(cut_message(text) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status: 0 done, 1 failed, 2 bad input, 130 Ctrl-C."""
    try:
        args = _parser().parse_args(argv)
        report = _report(args)
        _write(report if isinstance(report, str) else json.dumps(report, ensure_ascii=False) + "\n")
        return 0
    except KeyboardInterrupt:
        return 130
    except (UsageError, RecordError) as error:
        _say(str(error))
        return 2
    except OutputError as error:
        _say(str(error))
        return 1
    except MemoryError:
        _say("out of memory")
        return 1
    except Exception as error:  # a bug of ours: still one line, unless debugging
        if os.environ.get(DEBUG_VARIABLE):
            raise
        _say(f"internal error ({type(error).__name__}: {error}); please report it")
        return 1
