"""Tune the computer players' evaluation weights (``akropolis/ai/weights.py``) by self-play.

SPSA (simultaneous perturbation stochastic approximation): each iteration nudges every weight
at once by ±c (a random sign each), plays the two weight sets against each other with the
medium level on ``--games`` deals, each deal from both seats, and moves the weights along the
score difference it measured.  The score difference, not the win, is the signal: it is far
less noisy, and the levels are judged on it too.  Deterministic for a given ``--seed``.

    python tools/tune_ai.py --iterations 150 --games 10 --seed 1 --out /tmp/tuned.json
    python tools/tune_ai.py --check /tmp/tuned.json --games 100    # tuned against current
    python tools/tune_ai.py --solo hippodamos --iterations 100 --out /tmp/solo.json

``--check`` plays the weights in the file against those in weights.py (medium level, paired
deals) and prints the win rate (Wilson 95% interval) and mean scores.  ``--solo LEVEL`` tunes
the solo weights instead: each weight set plays the same deals against the Architect, and the
signal is the difference of their margins (own score minus the Architect's); with ``--check``
it compares the two sets' wins against the Architect.  Paste weights that win into
``engine/akropolis/ai/weights.py`` (``MEDIUM``, or ``SOLO``).  Standard library only; one
process (``--jobs`` to use more).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game
from akropolis.ai.common import Effort, generator
from akropolis.ai.medium import choose_medium
from akropolis.ai.tournament import wilson
from akropolis.ai.weights import MEDIUM, SOLO
from akropolis.rng import SplitMix64

#: Perturbation size per weight (SPSA's c), about a tenth of a plausible range.
SCALES: dict[str, float] = {
    "star": 0.1,
    "value": 0.15,
    "house_other": 0.1,
    "market_crowded": 0.05,
    "barracks_inner": 0.05,
    "temple1": 0.1,
    "temple2": 0.1,
    "temple3": 0.08,
    "quarry": 0.1,
    "stone": 0.2,
    "deny": 0.08,
    "architect": 0.1,
    "ahead": 0.1,
}
#: Limits no weight leaves.
BOUNDS = (-1.0, 4.0)


def play(
    weights: tuple[dict, dict], players: int, deal: int, variants: tuple, solo: str = ""
) -> list[int]:
    """One game: seat s plays ``weights[s % 2]`` (solo: seat 2 is the Architect); the final
    totals."""
    kinds = ["human", f"architect:{solo}"] if solo else None
    game = Game(players, variants=variants, seed=deal, kinds=kinds)
    while not game.is_over:
        if solo and game.turn == 1:
            game.play(game.legal_moves()[0])
            continue
        rng = generator(deal, game, 0x7E)
        move = choose_medium(game.copy(), rng, Effort(float("inf")), weights[game.turn % 2])
        game.play(move)
    return [score.total for score in game.scores()]


def _match(task: tuple) -> float:
    """Score difference (first weights minus second) over both seatings of one deal; solo:
    the difference of the two sets' margins over the Architect on the deal."""
    first, second, players, deal, variants, solo = task
    if solo:
        a = play((first, first), 2, deal, variants, solo)
        b = play((second, second), 2, deal, variants, solo)
        return (a[0] - a[1]) - (b[0] - b[1])
    a = play((first, second), players, deal, variants)
    b = play((second, first), players, deal, variants)
    mine = [a[s] for s in range(players) if s % 2 == 0] + [b[s] for s in range(players) if s % 2]
    theirs = [a[s] for s in range(players) if s % 2] + [b[s] for s in range(players) if s % 2 == 0]
    return statistics.fmean(mine) - statistics.fmean(theirs)


def matches(first: dict, second: dict, deals: list[int], args: argparse.Namespace) -> list[float]:
    variants = tuple(args.variants.split(",")) if args.variants else ()
    tasks = [(first, second, args.players, deal, variants, args.solo) for deal in deals]
    if args.jobs == 1:
        return [_match(task) for task in tasks]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        return list(pool.map(_match, tasks))


def tune(args: argparse.Namespace) -> dict[str, float]:
    theta = dict(SOLO if args.solo else MEDIUM)
    if args.start:
        theta.update(json.loads(Path(args.start).read_text()))
    rng = SplitMix64(args.seed)
    deal = args.seed * 1_000_003
    started = time.perf_counter()
    for k in range(1, args.iterations + 1):
        c_k = 1 / k**0.101  # the usual SPSA decay of the perturbation
        a_k = args.rate / (k + 10) ** 0.602
        signs = {name: 1 if rng.below(2) else -1 for name in SCALES if name in theta}
        plus = {n: v + c_k * SCALES.get(n, 0) * signs.get(n, 0) for n, v in theta.items()}
        minus = {n: v - c_k * SCALES.get(n, 0) * signs.get(n, 0) for n, v in theta.items()}
        deals = list(range(deal, deal + args.games))
        deal += args.games
        difference = statistics.fmean(matches(plus, minus, deals, args))
        for name, sign in signs.items():
            scale = SCALES[name]
            step = a_k * difference * sign * scale / (2 * c_k)
            theta[name] = min(max(theta[name] + step, BOUNDS[0]), BOUNDS[1])
        elapsed = time.perf_counter() - started
        print(
            f"{k:4d}  diff {difference:+7.2f}  {elapsed:7.0f}s  "
            + " ".join(f"{n}={v:.3f}" for n, v in theta.items()),
            flush=True,
        )
        if args.out:
            Path(args.out).write_text(json.dumps(theta, indent=1) + "\n")
    return theta


def check_solo(args: argparse.Namespace) -> None:
    tuned = {**SOLO, **json.loads(Path(args.check).read_text())}
    variants = tuple(args.variants.split(",")) if args.variants else ()
    deals = list(range(args.seed * 7919, args.seed * 7919 + args.games))
    report = {"games": len(deals)}
    for name, weights in (("tuned", tuned), ("current", SOLO)):
        results = [play((weights, weights), 2, deal, variants, args.solo) for deal in deals]
        wins = sum(1 for a, b in results if a > b)  # ties in points: see the solo rule
        low, high = wilson(wins, len(results))
        report[name] = {
            "win_rate": round(wins / len(results), 4),
            "ci95_wilson": [round(low, 4), round(high, 4)],
            "mean": round(statistics.fmean(a for a, _ in results), 2),
            "architect_mean": round(statistics.fmean(b for _, b in results), 2),
        }
    print(json.dumps(report))


def check(args: argparse.Namespace) -> None:
    if args.solo:
        check_solo(args)
        return
    tuned = {**MEDIUM, **json.loads(Path(args.check).read_text())}
    deals = list(range(args.seed * 7919, args.seed * 7919 + args.games))
    variants = tuple(args.variants.split(",")) if args.variants else ()
    wins = 0.0
    scores: tuple[list[int], list[int]] = ([], [])
    tasks = []
    for deal in deals:
        tasks.append(((tuned, MEDIUM), args.players, deal, variants))
        tasks.append(((MEDIUM, tuned), args.players, deal, variants))
    if args.jobs == 1:
        results = [play(*task) for task in tasks]
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(_play_task, tasks))
    for number, totals in enumerate(results):
        tuned_seats = [s for s in range(args.players) if (s + number) % 2 == 0]
        best = max(totals)
        winners = [s for s in range(args.players) if totals[s] == best]
        wins += sum(1 for s in winners if s in tuned_seats) / len(winners)
        for s in range(args.players):
            scores[0 if s in tuned_seats else 1].append(totals[s])
    n = len(results)
    low, high = wilson(wins, n)
    print(
        json.dumps(
            {
                "games": n,
                "tuned_win_rate": round(wins / n, 4),
                "ci95_wilson": [round(low, 4), round(high, 4)],
                "tuned_mean": round(statistics.fmean(scores[0]), 2),
                "current_mean": round(statistics.fmean(scores[1]), 2),
            }
        )
    )


def _play_task(task: tuple) -> list[int]:
    return play(*task)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--games", type=int, default=10, help="deals per iteration (or check)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="", help="comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.5, help="SPSA's step size a")
    parser.add_argument("--start", help="a JSON file of weights to start from")
    parser.add_argument("--out", help="write the weights here after every iteration")
    parser.add_argument("--check", help="play the weights in this JSON file against weights.py")
    parser.add_argument("--solo", default="", help="tune against this Architect (solo weights)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.check:
        check(args)
    else:
        print(json.dumps(tune(args), indent=1))


if __name__ == "__main__":
    main()
