"""The ``ai`` and ``tournament`` commands: their argument checks and their reports.

``cli.py`` only wires them in; the checks raise ``argparse.ArgumentTypeError`` (one-line usage
errors, exit 2) and the reports raise ``ValueError`` subclasses the command line reports alike.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..checks import ARCHITECT_KINDS, check_int, excerpt, parse_whole_number
from ..game import Game
from . import LEVELS, MAX_BUDGET_MS, YARDSTICKS, choose
from .tournament import MAX_GAMES, MAX_JOBS, check_levels, tournament

#: Levels the ``ai`` command plays (the yardsticks too).
PLAYERS: tuple[str, ...] = (*LEVELS, *YARDSTICKS)


def level_argument(text: str) -> str:
    if text not in PLAYERS:
        raise argparse.ArgumentTypeError(
            f"must be one of {', '.join(PLAYERS)}, not {excerpt(text)}"
        )
    return text


def budget_argument(text: str) -> int:
    try:
        return check_int(parse_whole_number(text, "--budget-ms"), "--budget-ms", 1, MAX_BUDGET_MS)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of milliseconds from 1 to {MAX_BUDGET_MS}, not {excerpt(text)}"
        ) from None


def games_argument(text: str) -> int:
    try:
        return check_int(parse_whole_number(text, "--games"), "--games", 1, MAX_GAMES)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_GAMES}") from None


def jobs_argument(text: str) -> int:
    try:
        return check_int(parse_whole_number(text, "--jobs"), "--jobs", 1, MAX_JOBS)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_JOBS}") from None


def levels_argument(text: str) -> list[str]:
    levels = text.split(",")
    known = (*PLAYERS, *ARCHITECT_KINDS)
    for level in levels:
        if level not in known:
            raise argparse.ArgumentTypeError(
                f"unknown level {excerpt(level)} (known: {', '.join(known)})"
            )
    if len(set(levels)) != len(levels):
        raise argparse.ArgumentTypeError("a level is listed twice")
    return levels


def add_commands(commands: Any, players: Any, seed: Any, variants: Any) -> None:
    """Add ``ai`` and ``tournament`` to the command line's subparsers (``players``, ``seed``
    and ``variants`` are the shared argument checks of cli.py)."""
    ai = commands.add_parser("ai", help="the move the computer would play for the player to move")
    ai.add_argument("file", help="game record or notation, or -")
    ai.add_argument("--level", type=level_argument, required=True, help="|".join(PLAYERS))
    ai.add_argument("--seed", type=seed, default=0, help="0 to 2**64 - 1")
    ai.add_argument("--budget-ms", type=budget_argument, help="a cap on thinking time")
    play = commands.add_parser("tournament", help="seeded games between computer levels")
    play.add_argument("--players", type=players, default=2, help="2, 3 or 4")
    play.add_argument("--games", type=games_argument, default=20, help=f"1 to {MAX_GAMES}")
    play.add_argument(
        "--levels", type=levels_argument, required=True, help="comma-separated, seats rotated"
    )
    play.add_argument("--seed", type=seed, default=0, help="0 to 2**64 - 1")
    play.add_argument("--jobs", type=jobs_argument, default=1, help="worker processes")
    play.add_argument("--variants", type=variants, default=frozenset(), help="comma-separated")


def ai_report(game: Game, args: argparse.Namespace) -> dict[str, Any]:
    """The move as a game record writes it: ``{"tile", "anchor", "rotation"}``.

    Raises ``ValueError`` (the game is over) for the command line to report."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to play")
    move = choose(game, args.level, args.seed, args.budget_ms)
    return {"tile": move.tile, "anchor": list(move.anchor), "rotation": move.rotation}


def tournament_report(args: argparse.Namespace) -> dict[str, Any]:
    """Raises ``ValueError`` for levels that cannot play together."""
    levels = check_levels(args.levels, args.players)
    return tournament(args.players, args.games, levels, args.seed, args.jobs, args.variants)
