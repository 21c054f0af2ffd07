"""Browser benchmark: the game page while the computer thinks.  Figures, no assertions.

A 2-player game against ``ai:hard`` (``--level expert``: ``ai:expert``) is loaded at a
mid-game position with the computer to move; while its worker thinks, pointer moves sweep the
city on screen (each one hit-tests and repaints the overlay, as a hover does) and every
animation frame's gap is recorded.  With ``--solo``, a solo game against Metagenes is loaded
instead, the New game form's hint level set to ``--level``, and the player asks for a Hint on
each of their turns: the worker then searches with the level's solo effort (the expert's is
twice its 2-player one).  Reported:

- the time to handle a pointer move while the AI thinks (median and worst; target ≤ 50 ms);
- the longest gap between two frames meanwhile (the page keeps drawing);
- the worker's start (from the game on screen to its first answer possible) and each move's
  thinking time, as the worker measured it;
- the worker's WebAssembly memory (Pyodide's heap; the JavaScript heap of a worker is not
  measurable without cross-origin isolation).

Usage: ``python build.py`` then
``.venv/bin/python benchmarks/ai_page_bench.py [--turns N] [--level hard|expert] [--solo]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from akropolis import Game, ai, records  # noqa: E402
from build import BROWSER_HELP, DIST, find_browser  # noqa: E402
from tools.serving import serve_in_background  # noqa: E402

#: Pointer moves over the city, and the frame gaps, until the computer has moved (with
#: ``asked`` a count of answers: until the worker has answered more than that, for a Hint).
SWEEP = """async ([points, asked]) => {
  const canvas = document.getElementById('city');
  const handled = [], gaps = [];
  let last = performance.now(), i = 0;
  const busy = () => asked == null ? akropolisApp.thinking() != null  // (None: undefined)
    : JSON.parse(akropolisApp.aiStats()).think_ms.length <= asked;
  const frame = (t) => { gaps.push(t - last); last = t; };
  const frames = (t) => {
    frame(t);
    if (busy()) requestAnimationFrame(frames);
  };
  requestAnimationFrame(frames);
  while (busy()) {
    const [x, y] = points[i++ % points.length];
    const t = performance.now();
    canvas.dispatchEvent(new PointerEvent('pointermove',
      {clientX: x, clientY: y, pointerType: 'mouse', pointerId: 1, bubbles: true}));
    handled.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  return {handled, gaps};
}"""


def position(seed: int = 21, ply: int = 17, level: str = "hard", solo: bool = False) -> Game:
    """A mid-game position against the computer at ``level``, the computer to move (seat 2);
    with ``solo``, against Metagenes, the player to move (seat 1)."""
    second, name = ("architect:metagenes", "Metagenes") if solo else (f"ai:{level}", "Computer")
    game = Game(2, seed=seed, kinds=["human", second], names=["You", name])
    for _ in range(ply - 1 if solo else ply):  # (solo: one ply fewer, the player to move)
        game.play(ai.choose(game, "easy", seed=game.ply))
    assert game.turn == (0 if solo else 1)
    return game


def open_game(page: Page, url: str, game: Game) -> None:
    """The game page at ``url``, started, its New game form closed, ``game`` loaded."""
    page.goto(url)
    ready = "document.documentElement.dataset.akropolis === 'ready'"
    page.wait_for_function(ready, timeout=180_000)
    page.evaluate("document.getElementById('new-dialog').close()")
    page.evaluate("text => akropolisApp.load(text)", records.dump(game))


def figures(page: Page, handled: list[float], gaps: list[float]) -> dict:
    """The sweeps' figures with the worker's statistics and memory."""
    stats = json.loads(page.evaluate("akropolisApp.aiStats()"))
    memory = json.loads(page.evaluate("async () => await akropolisApp.aiMemory()"))
    return {"handled": handled, "gaps": gaps, "stats": stats, "memory": memory}


def run_solo(page: Page, url: str, turns: int, level: str) -> dict:
    """Hints from ``level`` asked for on ``turns`` of the player's turns in a solo game, the
    pointer swept over the city meanwhile (``run``'s figures)."""
    game = position(solo=True)
    open_game(page, url, game)
    page.evaluate(f"document.getElementById('hint-level').value = '{level}'")
    handled, gaps = [], []
    for turn in range(turns):
        asked = len(json.loads(page.evaluate("akropolisApp.aiStats()"))["think_ms"])
        page.click("#btn-hint")
        sweep = page.evaluate(SWEEP, [city_points(page, game, seat=0), asked])
        handled += sweep["handled"]
        gaps += sweep["gaps"][1:]
        game = records.load(_with(game, game.legal_moves()[0]))  # the player's move,
        if game.is_over or turn == turns - 1:
            break
        game.play(game.forced_move().move)  # then the Architect's
        page.evaluate("text => akropolisApp.load(text)", records.dump(game))
    return figures(page, handled, gaps)


def city_points(page: Page, game: Game, seat: int = 1) -> list[list[float]]:
    cells = [h for h, _, _ in game.cities[seat].hexes()]
    return [json.loads(page.evaluate(f"akropolisApp.screenOf({q}, {r})")) for q, r in cells]


def run(page: Page, url: str, turns: int, level: str = "hard") -> dict:
    game = position(level=level)
    open_game(page, url, game)
    handled, gaps = [], []
    for turn in range(turns):
        page.wait_for_function("akropolisApp.thinking() === 1", timeout=60_000)
        sweep = page.evaluate(SWEEP, [city_points(page, game), None])
        handled += sweep["handled"]
        gaps += sweep["gaps"][1:]
        page.wait_for_function("akropolisApp.landing() === '[]'", timeout=60_000)
        game = records.load(page.evaluate("akropolisApp.record()"))  # the computer's move in
        if game.is_over or turn == turns - 1:
            break
        move = game.legal_moves()[0]  # the person's move, then the computer thinks again
        page.evaluate("text => akropolisApp.load(text)", _with(game, move))
    return figures(page, handled, gaps)


def _with(game: Game, move) -> str:
    after = game.copy()
    after.play(move.move)
    return records.dump(after)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3, help="computer moves measured")
    parser.add_argument("--level", default="hard", choices=("hard", "expert"))
    parser.add_argument("--solo", action="store_true", help="hints in a solo game instead")
    args = parser.parse_args()
    turns, level = args.turns, args.level
    if args.solo and level != "expert":  # Hints come from medium or expert only
        parser.error("--solo measures Hints, which the page offers from expert: --level expert")
    if not (DIST / "index.html").exists():
        sys.exit("build first: python build.py")
    found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    url, server = serve_in_background(DIST)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**found.launch_options())
            page = browser.new_page(viewport={"width": 1280, "height": 820})
            figures = (run_solo if args.solo else run)(page, url, turns, level)
            browser.close()
    finally:
        server.shutdown()
    handled, gaps = figures["handled"], figures["gaps"]
    stats, memory = figures["stats"], figures["memory"]
    think = stats["think_ms"]
    print(f"pointer moves handled while the {level} AI thinks: {len(handled)}")
    print(
        f"pointer move: {statistics.median(handled):.2f} ms median, "
        f"{max(handled):.2f} ms worst (target <= 50 ms)"
    )
    ordered = sorted(gaps)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(
        f"frames meanwhile: {len(gaps)}, gap {p95:.0f} ms at the 95th percentile, "
        f"worst {max(gaps):.0f} ms"
    )
    print(f"worker start: {stats['boot_ms']} ms")
    thinking = ", ".join(f"{t:.0f}" for t in think)
    print(f"{level} AI thinking per move (in the worker): {thinking} ms")
    wasm = memory.get("wasm_bytes")
    print(f"worker WebAssembly memory: {wasm / 1e6:.1f} MB" if wasm else "worker memory: n/a")


if __name__ == "__main__":
    main()
