"""Browser benchmark (Playwright + a headless Chromium).  Reports figures; asserts nothing.

- time from navigation to the first playable frame (``data-akropolis="ready"``) of the game,
  cold (empty cache) and warm (reload), next to a bare PyScript page loading the same Pyodide
  (``benchmarks/bare.html``); the ratio game / bare is the figure we track (target ≤ 1.2);
- time to handle a pointer move over a 40-cell city with a tile in hand (hit-test, legality,
  overlay and repaint on the cached city layer), target ≤ 8 ms.

Usage: ``python build.py`` then ``.venv/bin/python benchmarks/web_bench.py`` (serves dist/ itself).
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from engine_bench import late_position  # noqa: E402

from akropolis import records  # noqa: E402
from build import BROWSER_HELP, find_browser, serve_in_background  # noqa: E402

READY = "document.documentElement.dataset.akropolis === 'ready'"
RUNS = 5


def load_times(browser: Browser, url: str) -> tuple[float, float]:
    """Median seconds to ready: cold (fresh context each run) and warm (reload in context)."""
    cold, warm = [], []
    for _ in range(RUNS):
        context = browser.new_context()
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_function(READY, timeout=120_000)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        page.reload()
        page.wait_for_function(READY, timeout=120_000)
        warm.append(time.perf_counter() - start)
        context.close()
    return statistics.median(cold), statistics.median(warm)


def redraw_ms(browser: Browser, url: str) -> tuple[float, int]:
    """Median milliseconds per pointer move over a 40-cell city, tile in hand."""
    game = late_position()
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.evaluate("document.getElementById('new-dialog').close()")
    page.evaluate("text => akropolisApp.load(text)", records.dumps(records.game_to_record(game)))
    page.click("#site [data-site='0']")
    cells = [h for h, _, _ in game.cities[game.turn].hexes()]
    points = [json.loads(page.evaluate(f"akropolisApp.screenOf({q}, {r})")) for q, r in cells]
    timings = page.evaluate(
        """points => {
            const canvas = document.getElementById('city');
            const out = [];
            for (let round = 0; round < 5; round++) {
              for (const [x, y] of points) {
                const t = performance.now();
                canvas.dispatchEvent(new PointerEvent('pointermove',
                  {clientX: x, clientY: y, pointerType: 'mouse', pointerId: 1, bubbles: true}));
                out.push(performance.now() - t);
              }
            }
            return out;
        }""",
        points,
    )
    context.close()
    return statistics.median(timings), len(cells)


def main() -> None:
    if not (DIST / "index.html").exists():
        sys.exit("build first: python build.py")
    shutil.copyfile(ROOT / "benchmarks" / "bare.html", DIST / "bare.html")
    found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    base, _server = serve_in_background()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**found.launch_options())
        game_cold, game_warm = load_times(browser, base)
        bare_cold, bare_warm = load_times(browser, base + "bare.html")
        redraw, cells = redraw_ms(browser, base)
        browser.close()
    (DIST / "bare.html").unlink()
    print(f"{'first playable frame':<24}{'game':>9}{'bare':>9}{'ratio':>8}  (target ratio <= 1.2)")
    print(f"{'cold cache (s)':<24}{game_cold:>9.2f}{bare_cold:>9.2f}{game_cold / bare_cold:>8.2f}")
    print(f"{'warm cache (s)':<24}{game_warm:>9.2f}{bare_warm:>9.2f}{game_warm / bare_warm:>8.2f}")
    print(f"pointer-move redraw over a {cells}-cell city: {redraw:.2f} ms median (target <= 8 ms)")


if __name__ == "__main__":
    main()
