"""Browser benchmark (Playwright + a headless Chromium).  Reports figures; asserts nothing.

Times are read inside the page, from navigation start to its ``akropolis-ready`` mark, set
when it becomes playable — for the game and for a bare PyScript page loading the same
Pyodide (``benchmarks/bare.html``).  Bytes are counted by the server itself, so the offline
worker's downloads are included.  Medians of RUNS runs.

- first usable screen (the New game form working) on a 4×-throttled CPU, cold (target ≤ 1.5 s);
- first visit, cold: time to playable and bytes, next to the bare page (ratio target ≤ 1.2),
  and the bytes until the offline copy is complete;
- second visit, served by the service worker, next to the bare page from the HTTP cache in the
  same run (target ratio ≤ 1.0);
- reload with the network off (served by the worker);
- a pointer move over a 40-cell city with a tile in hand (target ≤ 8 ms).

Usage: ``python build.py`` then ``.venv/bin/python benchmarks/web_bench.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import http.server
import json
import shutil
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from engine_bench import late_position  # noqa: E402

from akropolis import records  # noqa: E402
from build import BROWSER_HELP, find_browser  # noqa: E402
from tools.serving import Handler  # noqa: E402

#: Seconds from navigation start to a mark the page sets (``akropolis-ready`` when playable,
#: ``akropolis-first-screen`` when the New game form works), once it is there.
MARK = """name => {
  const entry = performance.getEntriesByName(name)[0];
  return entry ? entry.startTime / 1000 : null;
}"""
OFFLINE_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise(r => setTimeout(r, 50));
  return registration.active.scriptURL;
}"""


class CountingServer:
    """A built site (dist/ unless told) on a free port, counting the bytes it sends (``handler``:
    how it answers, the static files as they are unless told)."""

    def __init__(self, root: Path = DIST, handler: type[Handler] = Handler) -> None:
        self.sent = 0
        server = self

        class Counting(handler):
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, directory=str(root), **kwargs)

            def setup(self) -> None:
                super().setup()
                raw = self.wfile

                class Meter:
                    def write(self, data: bytes) -> int:
                        server.sent += len(data)
                        return raw.write(data)

                    def __getattr__(self, name: str):
                        return getattr(raw, name)

                self.wfile = Meter()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counting)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"


def fresh(browser: Browser, throttle: float = 1) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    if throttle != 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return context, page


def mark(page: Page, name: str) -> float:
    """Wait for the page's mark ``name``; seconds from navigation start to it."""
    handle = page.wait_for_function(MARK, arg=name, timeout=180_000)
    return handle.json_value()


def ready_at(page: Page) -> float:
    return mark(page, "akropolis-ready")


def first_screen(browser: Browser, url: str, runs: int) -> float:
    """Seconds from navigation to a usable first screen, cold, CPU throttled 4×."""
    times = []
    for _ in range(runs):
        context, page = fresh(browser, throttle=4)
        page.goto(url, wait_until="commit")
        times.append(mark(page, "akropolis-first-screen"))
        context.close()
    return statistics.median(times)


def visits(browser: Browser, server: CountingServer, url: str, runs: int, game: bool) -> dict:
    """First visit (time, bytes), bytes once offline-ready, second visit, offline reload."""
    first, second, offline, first_bytes, offline_bytes = [], [], [], [], []
    for _ in range(runs):
        context, page = fresh(browser)
        server.sent = 0
        page.goto(url)
        first.append(ready_at(page))
        first_bytes.append(server.sent)
        if game:
            page.evaluate(OFFLINE_READY)
            page.wait_for_timeout(500)
            offline_bytes.append(server.sent)
        page.reload()
        second.append(ready_at(page))
        if game:
            context.set_offline(True)
            page.reload()
            offline.append(ready_at(page))
        context.close()
    median = statistics.median
    return {
        "first": median(first),
        "first_mb": median(first_bytes) / 1e6,
        "offline_mb": median(offline_bytes) / 1e6 if offline_bytes else None,
        "second": median(second),
        "offline": median(offline) if offline else None,
    }


def redraw_ms(browser: Browser, url: str) -> tuple[float, int]:
    """Median milliseconds per pointer move over a 40-cell city, tile in hand."""
    game = late_position()
    context, page = fresh(browser)
    page.goto(url)
    ready_at(page)
    page.evaluate("document.getElementById('new-dialog').close()")
    page.evaluate("text => akropolisApp.load(text)", records.dump(game))
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    if not (DIST / "index.html").exists():
        sys.exit("build first: python build.py")
    shutil.copyfile(ROOT / "benchmarks" / "bare.html", DIST / "bare.html")
    found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    server = CountingServer()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**found.launch_options())
            usable = first_screen(browser, server.url, runs)
            game = visits(browser, server, server.url, runs, game=True)
            bare = visits(browser, server, server.url + "bare.html", runs, game=False)
            redraw, cells = redraw_ms(browser, server.url)
            browser.close()
    finally:
        (DIST / "bare.html").unlink()
    print(f"first usable screen, 4x-throttled CPU, cold: {usable:.2f} s (target <= 1.5 s)")
    print(f"{'':<34}{'game':>8}{'bare':>8}{'ratio':>8}")
    for label, key, target in (
        ("first visit, cold (s)", "first", "<= 1.2"),
        ("second visit (s): worker vs cache", "second", "<= 1.0"),
    ):
        ratio = game[key] / bare[key]
        print(f"{label:<34}{game[key]:>8.2f}{bare[key]:>8.2f}{ratio:>8.2f}  (target {target})")
    print(f"{'first visit (MB until ready)':<34}{game['first_mb']:>8.2f}{bare['first_mb']:>8.2f}")
    print(f"first visit with the offline copy complete: {game['offline_mb']:.2f} MB")
    print(f"reload with the network off: {game['offline']:.2f} s to playable")
    print(f"pointer-move redraw over a {cells}-cell city: {redraw:.2f} ms median (target <= 8 ms)")


if __name__ == "__main__":
    main()
