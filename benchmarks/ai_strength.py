"""The computer opponents' strength figures: the tournaments behind the targets, side by side.

Each line is one ``python -m akropolis tournament`` run (2 players, seats rotated, seeded), and
the figure it is judged on.  Long: with the default 200 games, a few hours on two cores.

    python benchmarks/ai_strength.py                  # every tournament, 200 games each
    python benchmarks/ai_strength.py --games 40       # a quick look
    python benchmarks/ai_strength.py --only solo      # the lines whose name has "solo"
    python benchmarks/ai_strength.py --dry-run        # print the commands only

Prints one line per tournament as it ends, then a JSON summary.  Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis.ai.tournament import tournament

#: (name, levels, the level judged, the figure, the target)
SUITE: tuple[tuple[str, tuple[str, ...], str, str, float], ...] = (
    ("hard-vs-medium", ("hard", "medium"), "hard", "win_rate", 0.65),
    ("medium-vs-easy", ("medium", "easy"), "medium", "win_rate", 0.75),
    ("medium-vs-greedy", ("medium", "greedy"), "medium", "win_rate", 0.65),
    ("hard-vs-greedy", ("hard", "greedy"), "hard", "win_rate", 0.85),
    ("hard-vs-greedy-points", ("hard", "greedy"), "hard", "mean_score", 135),
    ("greedy-self-play", ("greedy",), "greedy", "mean_score", 116),
    ("solo-easy-vs-hippodamos", ("easy", "architect:hippodamos"), "easy", "win_rate", 0.9),
    ("solo-medium-vs-hippodamos", ("medium", "architect:hippodamos"), "medium", "win_rate", 0.9),
    ("solo-hard-vs-hippodamos", ("hard", "architect:hippodamos"), "hard", "win_rate", 0.9),
    ("solo-hard-vs-callicrates", ("hard", "architect:callicrates"), "hard", "win_rate", 0.8),
)


def command(levels: tuple[str, ...], games: int, seed: int, jobs: int) -> str:
    return (
        f"python -m akropolis tournament --players 2 --games {games} "
        f"--levels {','.join(levels)} --seed {seed} --jobs {jobs}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run the lines whose name contains this")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    summary = {}
    done: dict[tuple[str, ...], dict] = {}
    for name, levels, level, figure, target in SUITE:
        if args.only not in name:
            continue
        if args.dry_run:
            if levels not in done:
                done[levels] = {}
                print(command(levels, args.games, args.seed, args.jobs))
            continue
        started = time.perf_counter()
        if levels not in done:
            done[levels] = tournament(2, args.games, levels, args.seed, args.jobs)
        entry = done[levels]["levels"][level]
        value = entry[figure]
        summary[name] = {
            "figure": figure,
            "value": value,
            "target": target,
            "met": value >= target,
            "ci95": entry["ci95"],
            "mean_score": entry["mean_score"],
            "think_ms": entry["think_ms"],
        }
        print(
            f"{name:<28}{figure:>11} {value:>8}  target {target:<6}"
            f" {'met' if value >= target else 'NOT met'}  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    if not args.dry_run:
        print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
