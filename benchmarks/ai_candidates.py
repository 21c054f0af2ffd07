"""What the expert search loses by the candidates it weighs and by how it shares its work.

For positions of 2-player games (hard against itself, on deals far from those of the tests),
every candidate of the expert's list, ``--candidates`` long, is tried on the same ``--deals``
dealings of the hidden stacks, each try exactly as the expert's search makes it
(``search.Searcher.try_once``: the expert's plies, deny weight and learned correction).  The
mean over the last deals is each candidate's long-run value, the value the search would give it
with unlimited work; the first ``--seen`` deals are what a simulated search may draw on.  Two
figures, in the search's own units (points of margin at the leaves), averaged over positions:

* **the list's cost**: how far the best of the first ``k`` candidates falls below the best of
  all (the medium ranking puts many placements of one tile level, and the tries tell them
  apart: a placement that lets the next tile go on top of two others is worth points that a
  one-turn look cannot see);
* **the search's cost**: how far the candidate that sequential halving picks falls below the
  best, at a given number of tries per move (the expert makes about 100 at its default effort;
  each halving round tries every candidate left at least once), for lists of each length,
  each simulated 20 times with the deals drawn in another order.

    python benchmarks/ai_candidates.py                        # 12 games, 6 positions each
    python benchmarks/ai_candidates.py --games 4 --candidates 48 --jobs 2

Slow (10 to 30 s a position on CPython).  Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game
from akropolis.ai import choose
from akropolis.ai.common import Effort
from akropolis.ai.expert import EXPERT_DENY, EXPERT_PLIES
from akropolis.ai.learned import COEFFICIENTS
from akropolis.ai.medium import ranked
from akropolis.ai.search import Searcher, shortlist
from akropolis.ai.weights import for_game
from akropolis.rng import SplitMix64

#: Deals of the games the positions come from: far from the tests' and the other benchmarks'.
FIRST_DEAL = 30_000
#: The plies of each game at which a position is taken.
PLIES_TAKEN = (1, 5, 9, 13, 17, 21)
#: Tries per move simulated, and the list lengths compared.
BUDGETS = (50, 100, 200)
LENGTHS = (8, 12, 16, 24, 32, 48)
#: Simulated searches per position, each with the deals in another order.
REPEATS = 20


def values(task: tuple[int, int, int]) -> list[list[list[float]]]:
    """For each position of one game: every candidate's leaf value on every deal."""
    number, length, deals = task
    game = Game(2, seed=FIRST_DEAL + number)
    found = []
    while not game.is_over:
        if game.ply in PLIES_TAKEN:
            weights = for_game(game)
            effort = Effort(float("inf"))
            pool = shortlist(ranked(game, weights, effort), length)
            searcher = Searcher(
                game.copy(), weights, effort, EXPERT_PLIES[2], COEFFICIENTS[2], EXPERT_DENY
            )
            rng = SplitMix64(number * 1_000 + game.ply)
            dealt = [rng.next() for _ in range(deals)]
            rows = []
            for entry in pool:
                move = entry.legal()
                row = []
                for deal in dealt:
                    value, revealed = searcher.try_once(move, deal)
                    row.append(value)
                    if not revealed:  # exact: every deal gives the same
                        row = [value] * deals
                        break
                rows.append(row)
            found.append(rows)
        game.play(choose(game, "hard", seed=number * 7 + game.ply).move)
    return found


def halving(rows: list[list[float]], order: list[int], budget: int) -> int:
    """The candidate sequential halving picks with ``budget`` tries (``search.search``'s
    rounds, every try costing the same), drawing deals in ``order``."""
    exact = [len(set(row)) == 1 for row in rows]
    totals = [0.0] * len(rows)
    tries = [0] * len(rows)
    alive = list(range(len(rows)))
    rounds = max(1, (len(rows) - 1).bit_length())
    spent = 0
    for round_ in range(rounds):
        end = budget * (round_ + 1) / rounds
        while True:
            for i in alive:
                if exact[i] and tries[i]:
                    continue
                totals[i] += rows[i][order[tries[i] % len(order)]]
                tries[i] += 1
                spent += 1
            if all(exact[i] for i in alive) or spent >= end:
                break
        alive.sort(key=lambda i: (-totals[i] / tries[i], i))
        if round_ < rounds - 1:
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        if len(alive) == 1:
            break
    return max(alive, key=lambda i: (totals[i] / tries[i], -i))


def report(positions: list[list[list[float]]], seen: int) -> None:
    longest = len(positions[0])
    truths = [[statistics.fmean(row[seen:]) for row in rows] for rows in positions]
    print(f"{len(positions)} positions, {longest} candidates each")
    for k in (*(k for k in LENGTHS if k < longest), longest):
        lost = statistics.fmean(max(truth) - max(truth[:k]) for truth in truths)
        print(f"  the best of the first {k:2d} candidates: {lost:5.2f} below the best")
    shuffler = random.Random(7)
    for budget in BUDGETS:
        for k in (k for k in LENGTHS if k <= longest):
            lost = []
            for rows, truth in zip(positions, truths, strict=True):
                for _ in range(REPEATS):
                    order = list(range(seen))
                    shuffler.shuffle(order)
                    lost.append(max(truth) - truth[halving(rows[:k], order, budget)])
            print(
                f"  {budget:3d} tries over {k:2d} candidates: "
                f"{statistics.fmean(lost):5.2f} below the best"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--candidates", type=int, default=32)
    parser.add_argument("--deals", type=int, default=160)
    parser.add_argument("--seen", type=int, default=60, help="deals the simulated search sees")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if not 0 < args.seen < args.deals:
        parser.error("--seen must be between 0 and --deals")
    started = time.perf_counter()
    tasks = [(number, args.candidates, args.deals) for number in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        positions = [rows for game in pool.map(values, tasks) for rows in game]
    report(positions, args.seen)
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
