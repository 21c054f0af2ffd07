"""Seeded tournaments between levels: who wins, by how much, and how long each one thinks.

Game ``i`` deals from ``seed + i // L`` (``L`` levels) and seats the levels rotated by
``i % L`` (seat ``s`` gets ``levels[(i + s) % L]``), so every deal is played from every seat
by every level.  A seat's win counts 1, a shared victory ``1 / winners``; the win rate's 95%
interval is Wilson's score interval over the seats played.  With an Architect among the levels
(``architect:…``, solo: two players), it always plays seat 2 and the other level seat 1.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor

from ..checks import ARCHITECT_KINDS, check_int, check_seed
from ..game import Game
from ..rng import MASK, SEED_LIMIT, SplitMix64
from . import LEVELS, YARDSTICKS, choose

#: The most games one tournament plays.
MAX_GAMES = 100_000
#: The most worker processes.
MAX_JOBS = 64
#: z for a 95% interval.
_Z = 1.959963984540054


def wilson(wins: float, n: int, z: float = _Z) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``wins / n`` (``wins`` may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def seating(levels: Sequence[str], players: int, game: int) -> list[str]:
    """Who plays each seat in game number ``game``."""
    architects = [level for level in levels if level in ARCHITECT_KINDS]
    if architects:
        others = [level for level in levels if level not in ARCHITECT_KINDS]
        pairs = [(o, a) for a in architects for o in others]
        return list(pairs[game % len(pairs)])
    count = len(levels)
    return [levels[(game + seat) % count] for seat in range(players)]


def ai_seed(seed: int, game: int, seat: int) -> int:
    return SplitMix64((seed ^ (game * 0x9E3779B97F4A7C15) ^ (seat << 56)) & MASK).next()


def play_one(
    players: int,
    seats: Sequence[str],
    deal_seed: int,
    seed: int,
    number: int,
    variants: Iterable[str] = (),
) -> dict:
    """Play one game with ``seats``; its totals, winners and each seat's think times (ms)."""
    kinds = [_kind(level) for level in seats]
    game = Game(players, variants=tuple(variants), seed=deal_seed, kinds=kinds)
    think: list[list[float]] = [[] for _ in range(players)]
    seeds = [ai_seed(seed, number, seat) for seat in range(players)]
    while not game.is_over:
        seat = game.turn
        level = seats[seat]
        started = time.perf_counter()
        if level in ARCHITECT_KINDS:
            move = game.legal_moves()[0]
        else:
            move = choose(game, level, seeds[seat])
        think[seat].append((time.perf_counter() - started) * 1000)
        game.play(move)
    result = game.result()
    return {
        "seats": list(seats),
        "totals": list(result.totals),
        "winners": list(result.winners),
        "think_ms": think,
    }


def _kind(level: str) -> str | None:
    """The player kind recorded for a seat (none for a yardstick)."""
    if level in ARCHITECT_KINDS:
        return level
    return f"ai:{level}" if level in LEVELS else None


def _summary(levels: Sequence[str], games: list[dict]) -> dict:
    out: dict[str, dict] = {}
    for level in dict.fromkeys(levels):
        wins = 0.0
        seats = 0
        scores: list[int] = []
        think: list[float] = []
        for record in games:
            for seat, who in enumerate(record["seats"]):
                if who != level:
                    continue
                seats += 1
                scores.append(record["totals"][seat])
                if seat in record["winners"]:
                    wins += 1 / len(record["winners"])
                think.extend(record["think_ms"][seat])
        low, high = wilson(wins, seats)
        out[level] = {
            "seats": seats,
            "wins": round(wins, 3),
            "win_rate": round(wins / seats, 4) if seats else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.fmean(scores), 2) if scores else 0.0,
            "median_score": statistics.median(scores) if scores else 0,
            "think_ms": {
                "mean": round(statistics.fmean(think), 2) if think else 0.0,
                "max": round(max(think), 2) if think else 0.0,
            },
        }
    return out


def tournament(
    players: int,
    games: int,
    levels: Sequence[str],
    seed: int = 0,
    jobs: int = 1,
    variants: Iterable[str] = (),
) -> dict:
    """Play ``games`` seeded games among ``levels`` (see the module's docstring)."""
    check_int(games, "games", 1, MAX_GAMES)
    check_int(jobs, "jobs", 1, MAX_JOBS)
    check_seed(seed)
    levels = check_levels(levels, players)
    if seed + games > SEED_LIMIT:
        raise ValueError("the seed plus the number of games goes past the largest seed")
    variants = tuple(sorted(variants))
    count = len(levels)
    tasks = [
        (players, seating(levels, players, i), seed + i // count, seed, i, variants)
        for i in range(games)
    ]
    started = time.perf_counter()
    if jobs == 1:
        played = [play_one(*task) for task in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            played = list(pool.map(_play_task, tasks, chunksize=1))
    elapsed = time.perf_counter() - started
    return {
        "players": players,
        "games": games,
        "seed": seed,
        "variants": list(variants),
        "levels": _summary(levels, played),
        "interval": "Wilson score interval, 95%; a shared victory counts 1/winners",
        "shared_victories": sum(1 for g in played if len(g["winners"]) > 1),
        "seconds": round(elapsed, 1),
    }


def _play_task(task: tuple) -> dict:
    return play_one(*task)


def check_levels(levels: Sequence[str], players: int) -> list[str]:
    """The tournament's levels: known, at least one, each at most once; an Architect only in a
    2-player tournament with other levels."""
    levels = list(levels)
    known = (*LEVELS, *YARDSTICKS, *ARCHITECT_KINDS)
    if not levels:
        raise ValueError("give at least one level")
    for level in levels:
        if level not in known:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(known)})")
    if len(set(levels)) != len(levels):
        raise ValueError("a level is listed twice")
    architects = [level for level in levels if level in ARCHITECT_KINDS]
    if architects and (players != 2 or len(architects) == len(levels)):
        raise ValueError("the Architect plays solo games: 2 players, with another level")
    return levels
