"""Train the expert's learned correction (``akropolis/ai/learned.py``) by self-play.

Two steps, each reproducible from its seed:

``generate`` plays whole games, every seat the hard level at ``--effort`` work units (less
than its default: the positions only need to be well played, not perfectly), on deals far from
the ones the tests and benchmarks use, and writes one JSON line per position and player: the
player's raw features, stones, share of turns left, the evaluation's estimate of their final
score (``features.Evaluator`` with the weights the search uses) and their real final score.

``fit`` reads those lines, holds out one game in five, and fits by ridge regression what the
estimate misses of the final score, on ``learned.inputs``; with ``--margin``, what it misses of
each player's final margin over the others' mean (the search judges its leaves by margins, and
a correction all players share cancels out of them); it prints the error of the estimate alone
and with the correction, on the games it learned from and on the ones held out, and writes the
coefficients as JSON (paste them into ``learned.COEFFICIENTS``).

    python tools/train_ai.py generate --players 2 --games 200 --seed 1 --jobs 2 --out /tmp/p2.jsonl
    python tools/train_ai.py fit /tmp/p2.jsonl --out /tmp/p2.json      # the table shipped

With ``--architect``, ``generate`` plays the solo game instead (``--level`` on the player's
side) and records the player's rows only; ``fit --turns-only`` fits on the share of turns left
alone, what the estimate misses on average (``learned.SOLO_COEFFICIENTS``):

    python tools/train_ai.py generate --architect metagenes --level expert --effort 40000 \
        --games 300 --seed 3 --out /tmp/solo.jsonl
    python tools/train_ai.py fit /tmp/solo.jsonl --turns-only --out /tmp/solo.json

Standard library only.
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
from akropolis.ai.common import turns_left, unseen_tiles
from akropolis.ai.features import Evaluator, Outlook, total_turns
from akropolis.ai.learned import INPUTS, inputs
from akropolis.ai.measure import measure
from akropolis.ai.weights import for_game
from akropolis.checks import ARCHITECT_LEVELS

#: Deals for training: far from the tests' and the benchmarks' (which start below 30,000).
FIRST_DEAL = 500_000


def rows_of(game: Game) -> list[dict]:
    """Each player's raw features, stones, share of turns left and estimate in ``game``."""
    remaining = [*game.site, *unseen_tiles(game)]
    weights = for_game(game)
    out = []
    for player in range(game.players):
        turns = turns_left(game, player)
        total = total_turns(game, player)
        city = game.cities[player]
        outlook = Outlook(turns, total, remaining)
        estimate = Evaluator(city, game.variants, outlook, weights)
        f = measure(city.height, city.kind, city.frontier, game.variants)
        out.append(
            {
                "player": player,
                "f": f,
                "stones": game.stones[player],
                "fraction": turns / total if total else 0.0,
                "estimate": round(estimate.value_of(f, game.stones[player]), 3),
            }
        )
    return out


def play(task: tuple[int, int, int, str, str | None]) -> list[dict]:
    """One self-play game: a row per position and player, with the player's final score.
    Against an Architect (``architect``: its level), a row per position for the player only,
    on their turns (the Architect's turns are forced and its score is projected by counts)."""
    players, deal, effort, level, architect = task
    kinds = [f"ai:{level}", f"architect:{architect}"] if architect else None
    game = Game(players, seed=deal, kinds=kinds)
    positions = []
    while not game.is_over:
        if architect and game.turn:
            game.play(game.forced_move())
            continue
        rows = rows_of(game)
        positions.append(rows[:1] if architect else rows)
        game.play(choose(game, level, seed=deal + game.ply, effort=effort).move)
    finals = [score.total for score in game.scores()]
    out = []
    for ply, rows in enumerate(positions):
        for row in rows:
            out.append({**row, "game": deal, "ply": ply, "final": finals[row["player"]]})
    return out


def generate(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    first = FIRST_DEAL + args.seed * 10_000
    players = 2 if args.architect else args.players
    tasks = [
        (players, first + i, args.effort, args.level, args.architect) for i in range(args.games)
    ]
    with open(args.out, "w") as out, ProcessPoolExecutor(args.jobs) as pool:
        for done, rows in enumerate(pool.map(play, tasks), 1):
            out.writelines(json.dumps(row) + "\n" for row in rows)
            if done % 20 == 0:
                print(f"{done} games, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"{args.games} games in {time.perf_counter() - started:.0f} s")


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a symmetric positive definite system (Gaussian elimination, pivoting)."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                row, top = a[r], a[col]
                for c in range(col, n + 1):
                    row[c] -= factor * top[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def samples(rows: list[dict], margin: bool) -> list[tuple[list[float], float]]:
    """Each row's inputs and what the estimate missed of its final score; with ``margin``,
    of the player's final margin over the others' mean instead, each input less the others'
    mean (the search judges its leaves by such margins)."""
    own = [(inputs(row["f"], row["stones"], row["fraction"]), row["final"] - row["estimate"])
           for row in rows]  # fmt: skip
    if not margin:
        return own
    positions: dict[tuple[int, int], list[int]] = {}
    for index, row in enumerate(rows):
        positions.setdefault((row["game"], row["ply"]), []).append(index)
    out = []
    for seats in positions.values():
        others = len(seats) - 1
        total_x = [sum(column) for column in zip(*(own[i][0] for i in seats), strict=True)]
        total_miss = sum(own[i][1] for i in seats)
        for i in seats:
            x, miss = own[i]
            spread = [xi - (t - xi) / others for xi, t in zip(x, total_x, strict=True)]
            out.append((spread, miss - (total_miss - miss) / others))
    return out


def fit(args: argparse.Namespace) -> None:
    started = time.perf_counter()
    rows = [json.loads(line) for line in Path(args.data).read_text().splitlines()]
    train = samples([row for row in rows if row["game"] % 5], args.margin)
    held = samples([row for row in rows if not row["game"] % 5], args.margin)
    if args.turns_only:  # the features left out: only φ and φ² (the last two inputs) count
        train = [([0.0] * (INPUTS - 2) + x[-2:], miss) for x, miss in train]
    n = INPUTS
    gram = [[0.0] * n for _ in range(n)]
    target = [0.0] * n
    for x, miss in train:
        for i, xi in enumerate(x):
            if xi:
                target[i] += xi * miss
                line = gram[i]
                for j in range(i, n):
                    line[j] += xi * x[j]
    for i in range(n):
        for j in range(i):
            gram[i][j] = gram[j][i]
        gram[i][i] += args.ridge * len(train) / 1000
    coefficients = solve(gram, target)

    def errors(part: list[tuple[list[float], float]]) -> tuple[float, float]:
        alone = with_it = 0.0
        for x, miss in part:
            alone += miss**2
            with_it += (miss - sum(c * xi for c, xi in zip(coefficients, x, strict=True))) ** 2
        return (alone / len(part)) ** 0.5, (with_it / len(part)) ** 0.5

    report = {
        "rows": len(rows),
        "games": len({row["game"] for row in rows}),
        "fitted": "margin" if args.margin else "score",
        "inputs": "turns left" if args.turns_only else "all",
        "rmse_train": [round(e, 2) for e in errors(train)],
        "rmse_held_out": [round(e, 2) for e in errors(held)],
        "seconds": round(time.perf_counter() - started),
    }
    print(json.dumps(report))
    Path(args.out).write_text(json.dumps([round(c, 5) for c in coefficients]) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate", help="play self-play games and record positions")
    gen.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    gen.add_argument("--games", type=int, default=300)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--effort", type=int, default=20_000)
    gen.add_argument("--level", default="hard", choices=("hard", "expert"))
    gen.add_argument(
        "--architect",
        choices=ARCHITECT_LEVELS,
        help="play the solo game against this Architect (the player's rows only)",
    )
    gen.add_argument("--jobs", type=int, default=2)
    gen.add_argument("--out", required=True)
    learn = commands.add_parser("fit", help="fit the correction to recorded positions")
    learn.add_argument("data")
    learn.add_argument("--ridge", type=float, default=1.0)
    learn.add_argument(
        "--margin", action="store_true", help="fit what it misses of the margin over the others"
    )
    learn.add_argument(
        "--turns-only",
        action="store_true",
        help="fit on the share of turns left alone (φ and φ²): what the estimate misses on average",
    )
    learn.add_argument("--out", required=True)
    args = parser.parse_args()
    generate(args) if args.command == "generate" else fit(args)


if __name__ == "__main__":
    main()
