"""Random legal games: for the ``simulate`` command, property tests and cross-runtime checks."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable

from .checks import check_int, check_seed
from .game import Game
from .records import game_to_record
from .rng import SEED_LIMIT, SplitMix64

#: The most games one ``simulate`` runs (about 20 minutes of play on a laptop).
MAX_GAMES = 100_000


def random_game(
    players: int, seed: int, *, variants: Iterable[str] = (), all_tiles: bool = False
) -> Game:
    """Deal from ``seed`` and play uniformly random legal moves (chosen with the same seed)."""
    game = Game(players, variants=variants, all_tiles=all_tiles, seed=seed)
    chooser = SplitMix64(seed ^ 0x5EED)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[chooser.below(len(moves))])
    return game


def fingerprint(
    players: int, seed: int, *, variants: Iterable[str] = (), all_tiles: bool = False
) -> str:
    """A random game's record and final scores as canonical JSON: equal runtimes, equal text."""
    game = random_game(players, seed, variants=variants, all_tiles=all_tiles)
    scores = [score.to_json() for score in game.scores()]
    payload = {"record": game_to_record(game), "scores": scores, "winners": game.result().winners}
    return json.dumps(payload, sort_keys=True, separators=(",", ":"))


def simulate(players: int, games: int, seed: int, variants: Iterable[str] = ()) -> dict:
    """Play ``games`` random games; results and timings for the command line."""
    check_int(games, "games", 1, MAX_GAMES)
    check_seed(seed)
    if seed + games > SEED_LIMIT:
        raise ValueError("the seed plus the number of games goes past the largest seed")
    variants = tuple(variants)
    results = []
    started = time.perf_counter()
    for index in range(games):
        t0 = time.perf_counter()
        game = random_game(players, seed + index, variants=variants)
        elapsed = time.perf_counter() - t0
        result = game.result()
        results.append(
            {
                "seed": seed + index,
                "moves": game.ply,
                "totals": list(result.totals),
                "winners": list(result.winners),
                "ms": round(elapsed * 1000, 2),
            }
        )
    total = time.perf_counter() - started
    return {
        "players": players,
        "games": games,
        "results": results,
        "total_ms": round(total * 1000, 1),
        "mean_ms": round(total * 1000 / max(games, 1), 2),
    }
