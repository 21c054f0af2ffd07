"""The AI worker: a PyScript worker that chooses the computer's moves off the page's thread.

Started by ``game.browser.opponents`` (``create_named_worker``) with the page's own runtime and
``python.zip``, ``game.zip`` and ``ai.zip``.  It exports plain functions of text and numbers:
the page sends the game record (JSON text) and gets the chosen move back as JSON text
(``game.opponents.reply_json``).  It never touches the page (no ``window``/``document``), which
is what lets it run without cross-origin isolation.
"""

import json
import sys
import time

from akropolis import ai, records
from game.opponents import reply_json

#: The longest the computer may think, in ms: its effort is counted in work units, so a fast
#: machine never reaches this; on a slow phone it stops the hard search in time with the best
#: move found so far (the worst position of hard or expert takes about 1.6 s in Pyodide on a
#: 2-core laptop: the expert's in the solo game; its Hints there take 1.6 to 2.1 s in this
#: worker, ``benchmarks/ai_page_bench.py --solo``).
THINK_CAP_MS = 2_800


def hello() -> str:
    """Called once after the start: proves the worker's Python, engine and AI are there."""
    return json.dumps({"python": sys.version.split()[0], "levels": list(ai.LEVELS)})


def choose(record_text: str, level: str, seed: int, delay_ms: float = 0) -> str:
    """The move ``level`` chooses in the game of ``record_text``, as JSON text.

    ``delay_ms`` is a test hook: the worker stays busy that much longer, like a slow AI.
    """
    started = time.perf_counter()
    game = records.load(record_text)
    move = ai.choose(game, level, seed=int(seed), budget_ms=THINK_CAP_MS)
    end = started + float(delay_ms) / 1000
    while time.perf_counter() < end:
        pass
    return reply_json(move, (time.perf_counter() - started) * 1000)


def memory() -> str:
    """The worker's WebAssembly memory, in bytes (for benchmarks), as JSON text."""
    try:
        import pyodide_js

        size = int(pyodide_js._module.HEAPU8.length)
    except Exception:
        size = None
    return json.dumps({"wasm_bytes": size})


__export__ = ["choose", "hello", "memory"]
