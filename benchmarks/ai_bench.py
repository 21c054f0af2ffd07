"""Computer opponents' think time per move, by level, over seeded positions.  Asserts nothing.

Positions: 2, 3 and 4 players and solo against Callicrates, with every variant, early, mid and
late in the game, each the position of its stage where the player to move has the most legal
moves (games played by a thrifty policy that keeps its stones, so the whole site is affordable:
the worst case).

    python benchmarks/ai_bench.py            # CPython: a table
    python benchmarks/ai_bench.py --json     # CPython: JSON
    python benchmarks/ai_bench.py --pyodide  # the same inside the pinned Pyodide (Node)

Targets per move (median and worst) on a 2-core machine, Pyodide: easy 0.3 s, medium 1 s,
hard and expert 3 s; CPython about half: easy 0.15 s, medium 0.5 s, hard and expert 1.5 s.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

if "__file__" in globals():  # on CPython, from anywhere (inside Pyodide the harness sets it)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game
from akropolis.ai import LEVELS, YARDSTICKS, choose
from akropolis.checks import VARIANTS
from akropolis.rng import SplitMix64

TARGETS_CPYTHON_MS = {"easy": 150, "medium": 500, "hard": 1500, "expert": 1500}
TARGETS_PYODIDE_MS = {"easy": 300, "medium": 1000, "hard": 3000, "expert": 3000}
STAGES = ("early", "mid", "late")


def thrifty_game(players: int, seed: int, kinds: list[str] | None = None) -> Game:
    """A whole game where everyone takes the move that nets most stones (ties at random)."""
    game = Game(players, variants=VARIANTS, seed=seed, kinds=kinds)
    rng = SplitMix64(seed)
    while not game.is_over:
        moves = game.legal_moves()
        best = max(m.stones_gained - m.cost for m in moves)
        choice = [m for m in moves if m.stones_gained - m.cost == best]
        game.play(choice[rng.below(len(choice))])
    return game


#: The solo game, against the Architect whose forced replies the levels search through.
SOLO = ["human", "architect:callicrates"]


def positions(seed: int = 1) -> list[tuple[str, Game]]:
    """For 2–4 players and solo, and each stage, the position with the most legal moves (in
    solo, for the player)."""
    out = []
    for players in (2, 3, 4, "solo"):
        if players == "solo":
            full = thrifty_game(2, seed + 5, SOLO)
        else:
            full = thrifty_game(players, seed + players)
        plies = full.ply
        bounds = {
            "early": (0, plies // 5),
            "mid": (2 * plies // 5, 3 * plies // 5),
            "late": (4 * plies // 5, plies),
        }
        for stage in STAGES:
            low, high = bounds[stage]
            best, count = None, -1
            for ply in range(low, high):
                game = full.replay(ply)
                if players == "solo" and game.turn:
                    continue
                moves = len(game.legal_moves())
                if moves > count:
                    best, count = game, moves
            name = players if players == "solo" else f"{players}p"
            out.append((f"{name}-{stage}", best))
    return out


def run(levels: tuple[str, ...] = (*LEVELS, *YARDSTICKS)) -> dict:
    cases = positions()
    times: dict[str, list[float]] = {level: [] for level in levels}
    detail = []
    for name, game in cases:
        row = {"position": name, "ply": game.ply, "legal_moves": len(game.legal_moves())}
        for level in levels:
            started = time.perf_counter()
            choose(game, level, seed=1)
            elapsed = (time.perf_counter() - started) * 1000
            times[level].append(elapsed)
            row[level] = round(elapsed, 1)
        detail.append(row)
    summary = {
        level: {
            "median_ms": round(statistics.median(values), 1),
            "worst_ms": round(max(values), 1),
        }
        for level, values in times.items()
    }
    return {"python": sys.version.split()[0], "levels": summary, "positions": detail}


def on_pyodide() -> dict:
    root = Path(__file__).resolve().parent.parent
    source = Path(__file__).read_text().replace('if __name__ == "__main__":', "if False:")
    source += "\nprint(json.dumps(run()))\n"
    out = subprocess.run(
        ["node", str(root / "tests" / "pyodide" / "run_python.mjs")],
        input=source.encode(),
        check=True,
        capture_output=True,
        cwd=root,
        env={**os.environ},
    )
    return json.loads(out.stdout.decode().strip().splitlines()[-1])


def table(report: dict, targets: dict[str, int]) -> str:
    lines = [f"Python {report['python']}"]
    header = f"{'position':<12}{'ply':>5}{'moves':>7}"
    levels = list(report["levels"])
    header += "".join(f"{level:>10}" for level in levels)
    lines.append(header + "   (ms per move)")
    for row in report["positions"]:
        line = f"{row['position']:<12}{row['ply']:>5}{row['legal_moves']:>7}"
        lines.append(line + "".join(f"{row[level]:>10.1f}" for level in levels))
    for figure in ("median_ms", "worst_ms"):
        line = f"{figure:<24}" + "".join(
            f"{report['levels'][level][figure]:>10.1f}" for level in levels
        )
        lines.append(line)
    lines.append(f"{'target':<24}" + "".join(f"{targets.get(lv, ''):>10}" for lv in levels))
    return "\n".join(lines)


if __name__ == "__main__":
    if "--pyodide" in sys.argv:
        result = on_pyodide()
        targets = TARGETS_PYODIDE_MS
    else:
        result = run()
        targets = TARGETS_CPYTHON_MS
    print(json.dumps(result) if "--json" in sys.argv else table(result, targets))
