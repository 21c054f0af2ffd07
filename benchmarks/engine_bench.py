"""Engine benchmark: the hot paths on a late 4-player position.  Reports figures; asserts nothing.

Runs unchanged on CPython and inside Pyodide (``benchmarks/run.py`` does both).  Prints one
JSON object: median milliseconds over repeated runs for

- ``legal_moves_cold``: every legal move of the player to move, city spots recomputed;
- ``legal_moves_warm``: the same with the city's spots cached (the UI's repeated ask);
- ``score``: scoring that player's city with all five variants and the full breakdown;
- ``random_game_4p``: one complete random 4-player game, legal moves generated every turn.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable

from akropolis import Game, score_city
from akropolis.checks import VARIANTS
from akropolis.picture import svg
from akropolis.rng import SplitMix64
from akropolis.simulate import random_game


def thrifty_game(seed: int, until_ply: int) -> Game:
    """A 4-player game where everyone takes the move that nets most stones (ties at random).

    Random play spends every stone, so its late positions can afford one tile; this policy
    keeps stones, giving the worst case the benchmark wants: the whole site affordable.
    """
    game = Game(4, variants=VARIANTS, seed=seed)
    rng = SplitMix64(seed)
    while game.ply < until_ply and not game.is_over:
        moves = game.legal_moves()
        best = max(m.stones_gained - m.cost for m in moves)
        choice = [m for m in moves if m.stones_gained - m.cost == best]
        game.play(choice[rng.below(len(choice))])
    return game


def late_position() -> Game:
    """The first thrifty position (seeds from 0, plies 52–59) with a full site, all
    affordable, and a city of 38+ cells for the player to move."""
    for seed in range(500):
        full = thrifty_game(seed, 59)
        for ply in range(52, 60):
            game = full.replay(ply)
            city = game.cities[game.turn]
            full_site = len(game.site) == game.options.site_size
            if full_site and len(city) >= 38 and len(game.affordable()) == len(game.site):
                return game
    raise RuntimeError("no late position found")


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 4)


def run(repeat: int = 200) -> dict[str, object]:
    game = late_position()
    city = game.cities[game.turn]

    def cold() -> object:
        city._spots = None  # force the spot search, as after a placement
        return game.legal_moves()

    seeds = iter(range(10**6))
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "position": {
            "ply": game.ply,
            "city_cells": len(city),
            "site": len(game.site),
            "legal_moves": len(game.legal_moves()),
        },
        "legal_moves_cold_ms": median_ms(cold, repeat),
        "legal_moves_warm_ms": median_ms(game.legal_moves, repeat),
        "score_ms": median_ms(lambda: score_city(city, VARIANTS, 3), repeat * 5),
        "random_game_4p_ms": median_ms(lambda: random_game(4, next(seeds)), max(repeat // 10, 5)),
        "svg_explained_ms": median_ms(
            lambda: svg.city(game, player=game.turn, explain=True), max(repeat // 4, 20)
        ),
    }


if __name__ == "__main__":
    print(json.dumps(run()))
