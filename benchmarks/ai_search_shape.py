"""How the hard search's shape changes its strength: variants of it against hard itself.

The measurements behind the expert level.  Each variant keeps hard's effort (work units, so
roughly its think time) unless ``--effort`` says otherwise, and changes how deep each try
looks (``plies``: turns played after the candidate before the leaf is judged; hard uses 2 with
2 players) and how many candidate moves it weighs (hard: 8), with ``--learned`` a learned
correction at the leaves.  Two players, seats alternated, fresh deals; the figure is the
variant's share of wins against hard (a shared win counts half) with Wilson's 95% interval,
and both mean scores.  Asserts nothing.

    python benchmarks/ai_search_shape.py                      # every variant, 40 games each
    python benchmarks/ai_search_shape.py --games 200 --only 4x12
    python benchmarks/ai_search_shape.py --jobs 2 --json
    python benchmarks/ai_search_shape.py --only 4x12 --effort 150000   # twice hard's effort
    python benchmarks/ai_search_shape.py --only 4x12 --learned p2.json  # tools/train_ai.py fit
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game
from akropolis.ai import choose
from akropolis.ai.common import Effort, generator
from akropolis.ai.search import CANDIDATES, EFFORT, PLIES, choose_hard
from akropolis.ai.tournament import wilson

#: name: (plies, candidates); "2x8" is hard itself (a control: about 50% expected).
VARIANTS = {
    "2x8": (PLIES[2], CANDIDATES),
    "4x8": (4, 8),
    "6x8": (6, 8),
    "4x12": (4, 12),
    "4x16": (4, 16),
    "6x12": (6, 12),
}
#: Deals for these games: far from the seeds the tests and the other benchmarks use.
FIRST_DEAL = 20_000
#: The hard level's salt (``akropolis.ai``), so that "2x8" plays exactly as hard.
HARD_SALT = 0x4A


def play(task: tuple[str, int, int, tuple | None]) -> tuple[float, int, int]:
    """One game of the variant against hard: (the variant's win share, its total, hard's)."""
    name, number, effort, learned = task
    plies, candidates = VARIANTS[name]
    game = Game(2, seed=FIRST_DEAL + number)
    variant = number % 2  # seats alternate
    while not game.is_over:
        seed = number * 7 + game.ply
        if game.turn == variant:
            rng = generator(seed, game, HARD_SALT)
            move = choose_hard(
                game, rng, Effort(effort), candidates=candidates, plies=plies, learned=learned
            )
        else:
            move = choose(game, "hard", seed=seed)
        game.play(move.move)
    winners = game.result().winners
    totals = [score.total for score in game.scores()]
    share = 1.0 / len(winners) if variant in winners else 0.0
    return share, totals[variant], totals[1 - variant]


def measure(
    name: str, games: int, jobs: int, effort: int = EFFORT, learned: tuple | None = None
) -> dict:
    started = time.perf_counter()
    tasks = [(name, number, effort, learned) for number in range(games)]
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(play, tasks))
    wins = sum(result[0] for result in results)
    low, high = wilson(wins, games)
    plies, candidates = VARIANTS[name]
    return {
        "variant": name,
        "plies": plies,
        "candidates": candidates,
        "effort": effort,
        "learned": learned is not None,
        "games": games,
        "win_rate": round(wins / games, 3),
        "interval": [round(low, 3), round(high, 3)],
        "mean_score": round(sum(result[1] for result in results) / games, 1),
        "hard_mean_score": round(sum(result[2] for result in results) / games, 1),
        "seconds": round(time.perf_counter() - started),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="the variants whose name has this text")
    parser.add_argument(
        "--effort", type=int, default=EFFORT, help="the variants' work units (hard keeps its own)"
    )
    parser.add_argument(
        "--learned", help="a JSON file of learned coefficients (tools/train_ai.py fit) to use"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    lines = []
    for name in VARIANTS:
        if args.only and args.only not in name:
            continue
        learned = tuple(json.loads(Path(args.learned).read_text())) if args.learned else None
        line = measure(name, args.games, args.jobs, args.effort, learned)
        lines.append(line)
        if not args.json:
            low, high = line["interval"]
            print(
                f"{name:>5}: {line['win_rate']:.1%} of {line['games']} against hard "
                f"[{low:.1%}, {high:.1%}], {line['mean_score']} to {line['hard_mean_score']} "
                f"points, {line['seconds']} s",
                flush=True,
            )
    if args.json:
        print(json.dumps(lines, indent=2))


if __name__ == "__main__":
    main()
