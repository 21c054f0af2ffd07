"""Run the engine benchmark on CPython and on Pyodide-in-Node and print the figures side by side.

Usage: ``python benchmarks/run.py`` (after ``python build.py test`` has installed node_modules).
Figures, not pass/fail: the targets are in benchmarks/README.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "engine_bench.py"
HARNESS = ROOT / "tests" / "pyodide" / "run_python.mjs"
FIGURES = (
    "legal_moves_cold_ms",
    "legal_moves_warm_ms",
    "score_ms",
    "random_game_4p_ms",
    "svg_explained_ms",
)
TARGETS = {
    "legal_moves_cold_ms": 1.5,
    "score_ms": 0.1,
    "random_game_4p_ms": 100,
    "svg_explained_ms": 5,
}


def on_cpython() -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    out = subprocess.run([sys.executable, str(BENCH)], env=env, check=True, capture_output=True)
    return json.loads(out.stdout)


def on_pyodide() -> dict:
    source = BENCH.read_text().replace('if __name__ == "__main__":', "if True:")
    out = subprocess.run(
        ["node", str(HARNESS)], input=source.encode(), check=True, capture_output=True, cwd=ROOT
    )
    return json.loads(out.stdout.decode().strip().splitlines()[-1])


def main() -> None:
    cpython, pyodide = on_cpython(), on_pyodide()
    print(f"position: {cpython['position']}")
    print(
        f"{'figure':<22}{'CPython ' + cpython['python']:>18}{'Pyodide ' + pyodide['python']:>18}"
        f"{'ratio':>8}{'target':>10}"
    )
    for name in FIGURES:
        a, b = cpython[name], pyodide[name]
        target = TARGETS.get(name)
        print(f"{name:<22}{a:>18.3f}{b:>18.3f}{b / a:>8.2f}{target if target else '':>10}")


if __name__ == "__main__":
    main()
