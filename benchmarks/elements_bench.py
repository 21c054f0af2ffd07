"""Ten diagrams on one page: ``<akropolis-city>`` elements against embed frames (Playwright + a
headless Chromium).  Reports figures; asserts nothing.

A rules article on another site (``localhost``, the game on ``127.0.0.1``) holds ten cities,
all in view at 1280×820 (two rows of five), as:

- **ten elements**, with the documented script tag: one hidden frame, one Python;
- **ten iframes** of ``embed.html`` (the embed's own snippet): a Python each, started one
  after another;
- **one iframe**, alone: the yardstick.

For each: the seconds from the host's navigation start until every city is drawn, the most the
host page's main thread was blocked at once (its longest task), and the memory of every
renderer process the page started (PSS, as ``embed_bench.py`` measures it), 4 s after the last
city.  Medians of RUNS runs, each in a fresh browser profile (empty caches).

Targets (issue 67): ten elements drawn no later than one iframe alone; their memory that of one
Python (about one iframe's).

Usage: ``python build.py`` then ``.venv/bin/python benchmarks/elements_bench.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.embed_bench import CITY, DIST, pss_mb, renderer_pids, serve  # noqa: E402
from build import BROWSER_HELP, find_browser  # noqa: E402

COUNT = 10
KINDS = ["markets", "houses", "temples", "gardens", "barracks"]
#: Until every city of the page is drawn: the elements' states, or each frame's own state.
ALL_DRAWN = """(kind) => {
  if (kind === 'elements') {
    const all = [...document.querySelectorAll('akropolis-city')];
    return all.length > 0 && all.every((e) => e.dataset.state === 'ready') && performance.now();
  }
  return false;
}"""
#: The host page's longest task so far, in milliseconds (long tasks reach observers only).
WATCH_TASKS = """window.akropolisLongest = 0;
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) {
    window.akropolisLongest = Math.max(window.akropolisLongest, task.duration);
  }
}).observe({type: 'longtask', buffered: true});"""
LONGEST_TASK = "() => window.akropolisLongest"


def page_of(folder: Path, kind: str, count: int, site: str) -> str:
    cell = "display:inline-block;width:19%;vertical-align:top;margin:0 0.5% 4px 0"
    if kind == "elements":
        items = [
            f'<akropolis-city style="{cell};margin-top:0" notation="{CITY}" '
            f'kind="{KINDS[i % 5]}" breakdown="0"></akropolis-city>'
            for i in range(count)
        ]
        head = f'<script src="{site}akropolis-elements.js" defer></script>'
    else:
        items = [
            f'<iframe src="{site}embed.html?kind={KINDS[i % 5]}&breakdown=0#{CITY}" '
            f'title="An Akropolis city" style="{cell};border:0;height:330px"></iframe>'
            for i in range(count)
        ]
        head = ""
    name = f"{kind}-{count}.html"
    (folder / name).write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"<title>Scoring markets</title>{head}<h1>Scoring markets</h1>{''.join(items)}"
    )
    return name


def frames_drawn(page) -> float | None:
    """Seconds from the host's start until every embed frame is ready, or None."""
    origin = page.evaluate("performance.timeOrigin")
    latest = 0.0
    frames = [frame for frame in page.frames if "embed.html" in frame.url]
    if not frames:
        return None
    for frame in frames:
        try:
            mark = frame.evaluate(
                """(origin) => { const e = performance.getEntriesByName('akropolis-ready')[0];
                return e ? (performance.timeOrigin + e.startTime - origin) / 1000 : null; }""",
                origin,
            )
        except Exception:  # still loading
            return None
        if mark is None:
            return None
        latest = max(latest, mark)
    return latest


def visit(browser: Browser, url: str, kind: str) -> dict:
    before = renderer_pids(browser)
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    context.add_init_script(WATCH_TASKS)
    page = context.new_page()
    page.goto(url)
    drawn = None
    for _ in range(3600):
        if kind == "elements":
            now = page.evaluate(ALL_DRAWN, kind)
            drawn = now / 1000 if now else None
        else:
            drawn = frames_drawn(page)
        if drawn is not None:
            break
        page.wait_for_timeout(50)
    page.wait_for_timeout(4000)
    blocked = page.evaluate(LONGEST_TASK)
    python = None  # when the elements' Python was ready, on the host's clock
    if kind == "elements" and len(page.frames) > 1:
        python = page.frames[1].evaluate(
            """(origin) => { const e = performance.getEntriesByName('akropolis-ready')[0];
            return e ? (performance.timeOrigin + e.startTime - origin) / 1000 : null; }""",
            page.evaluate("performance.timeOrigin"),
        )
    pythons = sum(1 for frame in page.frames if frame != page.main_frame)
    memory = pss_mb(renderer_pids(browser) - before)
    context.close()
    return {
        "drawn": drawn,
        "blocked": blocked,
        "memory": memory,
        "frames": pythons,
        "python": python,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (DIST / "akropolis-elements.js").exists():
        sys.exit("dist/ is not built: run `python build.py` first")
    found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    site, site_server = serve(DIST, "127.0.0.1")
    with tempfile.TemporaryDirectory() as folder:
        host, host_server = serve(Path(folder), "localhost")
        cases = {
            "ten elements": page_of(Path(folder), "elements", COUNT, site),
            "ten iframes": page_of(Path(folder), "iframes", COUNT, site),
            "one iframe": page_of(Path(folder), "iframes", 1, site),
        }
        results: dict[str, list[dict]] = {name: [] for name in cases}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**found.launch_options())
            for _ in range(args.runs):
                for name, page_name in cases.items():
                    kind = "elements" if "elements" in name else "iframes"
                    results[name].append(visit(browser, host + page_name, kind))
            browser.close()
        host_server.shutdown()
    site_server.shutdown()
    print(f"{'':<16}{'all drawn (s)':>14}{'longest task (ms)':>19}{'memory (MB)':>13}{'frames':>8}")
    for name, runs in results.items():
        print(f"  {name}, each run: " + ", ".join(f"{run['drawn']:.2f} s" for run in runs))
        if runs[0]["python"] is not None:
            ready = ", ".join(f"{run['python']:.2f} s" for run in runs)
            print(f"  {name}, their Python ready at: {ready}")
    for name, runs in results.items():
        median = {
            key: statistics.median(run[key] for run in runs) for key in runs[0] if key != "python"
        }
        print(
            f"{name:<16}{median['drawn']:>14.2f}{median['blocked']:>19.0f}"
            f"{median['memory']:>13.0f}{median['frames']:>8.0f}"
        )
    print("targets: ten elements drawn no later than one iframe, with about its memory")


if __name__ == "__main__":
    main()
