"""Embed benchmark (Playwright + a headless Chromium).  Reports figures; asserts nothing.

- **Cold start**: ``embed.html#<city>`` opened in a fresh browser context (empty cache), from
  navigation start to its ``akropolis-ready`` mark (the city drawn and explained), next to the
  bare PyScript page ``benchmarks/bare.html`` loading the same Pyodide (target ratio ≤ 1.2).
- **A host page with six embeds** next to the same page with one: the time from the host's
  navigation start until the first embed (the one in view) is ready (target ≤ 1.3×), and the
  page's total memory (target ≤ 2×).  The host is a rules article: the embeds sit between
  paragraphs, one in view at 1280×820, and the host is served from another site than the
  embeds (``localhost`` and ``127.0.0.1``), as a real rules site is.  The worst case, six
  embeds side by side all in view at once, is reported too.

Memory is measured as the operating system sees it: the proportional set size (PSS, from
``/proc/PID/smaps_rollup``) of every renderer process the page's browser context started,
found through CDP ``SystemInfo.getProcessInfo``.  PSS counts each page shared between processes
once (split among them), so the sum is honest across the host's and the embeds' processes; it
includes what JS heap counters miss — Pyodide's WebAssembly memory and compiled code.  It is
read after the first embed is ready and 4 s of quiet (embeds that do start have then started).
Needs Linux's /proc and a Chromium whose processes this user may read.

Times are read inside each page: an embed's mark is moved onto the host's clock with
``performance.timeOrigin``.  Medians of RUNS runs.

Usage: ``python build.py`` then ``.venv/bin/python benchmarks/embed_bench.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))

from build import BROWSER_HELP, find_browser  # noqa: E402
from tools.serving import Handler  # noqa: E402

CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
#: Seconds from the page's navigation start to a mark, once it is there.
MARK = """name => {
  const entry = performance.getEntriesByName(name)[0];
  return entry ? entry.startTime / 1000 : null;
}"""
#: An embed's ready mark on the host's clock (seconds from the host's navigation start).
FRAME_READY = """hostOrigin => {
  const entry = performance.getEntriesByName('akropolis-ready')[0];
  return entry ? (performance.timeOrigin + entry.startTime - hostOrigin) / 1000 : null;
}"""
PARAGRAPH = (
    "<p>Markets score only when no other market touches them; a market plaza doubles them in "
    "the variant. Look at the city below: two markets side by side score nothing.</p>"
)


def serve(root: Path, host: str = "127.0.0.1") -> tuple[str, http.server.ThreadingHTTPServer]:
    handler = functools.partial(Handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://{host}:{server.server_address[1]}/", server


def host_page(folder: Path, name: str, embeds: int, embed_url: str, side_by_side: bool) -> str:
    """A rules article with ``embeds`` frames, between paragraphs or all side by side."""
    frame = (
        f'<iframe src="{embed_url}embed.html?kind=markets#{CITY}" loading="lazy" '
        'title="An Akropolis city" style="border:0;width:{w};height:{h}"></iframe>'
    )
    if side_by_side:
        body = "".join(frame.format(w="32%", h="360px") for _ in range(embeds))
    else:
        body = "".join(PARAGRAPH * 6 + frame.format(w="720px", h="480px") for _ in range(embeds))
    (folder / name).write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">'
        f"<title>Scoring markets</title><h1>Scoring markets</h1>{PARAGRAPH}{body}"
    )
    return name


def renderer_pids(browser: Browser) -> set[int]:
    cdp = browser.new_browser_cdp_session()
    try:
        info = cdp.send("SystemInfo.getProcessInfo")
    finally:
        cdp.detach()
    return {p["id"] for p in info["processInfo"] if p["type"] == "renderer"}


def pss_mb(pids: set[int]) -> float:
    total_kb = 0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        total_kb += next(int(line.split()[1]) for line in text.splitlines() if line[:4] == "Pss:")
    return total_kb / 1024


def cold_start(browser: Browser, url: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    page.goto(url, wait_until="commit")
    seconds = page.wait_for_function(MARK, arg="akropolis-ready", timeout=180_000).json_value()
    context.close()
    return seconds


def embeds_in(page: Page) -> list:
    page.wait_for_function("() => document.querySelectorAll('iframe').length > 0")
    return [frame for frame in page.frames if "embed.html" in frame.url]


def host_visit(browser: Browser, url: str, quiet_ms: int = 4000) -> dict:
    """First embed ready (s from host navigation), embeds booted, renderer PSS (MB)."""
    before = renderer_pids(browser)
    context = browser.new_context(viewport={"width": 1280, "height": 820})
    page = context.new_page()
    page.goto(url)
    origin = page.evaluate("performance.timeOrigin")
    first = None
    while first is None:
        for frame in embeds_in(page):
            try:
                ready = frame.evaluate(FRAME_READY, origin)
            except Exception:  # a frame still loading
                ready = None
            if ready is not None:
                first = ready if first is None else min(first, ready)
        page.wait_for_timeout(50)
    page.wait_for_timeout(quiet_ms)
    booted = sum(
        1
        for frame in embeds_in(page)
        if frame.evaluate("document.documentElement.dataset.akropolis") != "idle"
    )
    memory = pss_mb(renderer_pids(browser) - before)
    context.close()
    return {"first": first, "booted": booted, "memory": memory}


def median_of(runs: list[dict], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    if not (DIST / "embed.html").exists():
        sys.exit("build first: python build.py")
    found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    shutil.copyfile(ROOT / "benchmarks" / "bare.html", DIST / "bare.html")
    embed_url, embed_server = serve(DIST)
    folder = Path(tempfile.mkdtemp(prefix="akropolis-hosts-"))
    host_url, host_server = serve(folder, host="localhost")  # another site than the embeds
    try:
        pages = {
            "one": host_page(folder, "one.html", 1, embed_url, side_by_side=False),
            "six": host_page(folder, "six.html", 6, embed_url, side_by_side=False),
            "grid": host_page(folder, "grid.html", 6, embed_url, side_by_side=True),
        }
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**found.launch_options())
            embed, bare = [], []
            for _ in range(runs):  # interleaved, so that a busy moment weighs on both alike
                embed.append(cold_start(browser, f"{embed_url}embed.html#{CITY}"))
                bare.append(cold_start(browser, f"{embed_url}bare.html"))
            visits = {
                name: [host_visit(browser, host_url + path) for _ in range(runs)]
                for name, path in pages.items()
            }
            browser.close()
    finally:
        (DIST / "bare.html").unlink()
        embed_server.shutdown()
        host_server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    median = statistics.median
    print(f"cold start to ready (s), median of {runs}:")
    ratio = median(embed) / median(bare)
    print(
        f"  embed {median(embed):.2f}   bare PyScript {median(bare):.2f}   ratio {ratio:.2f}"
        "  (target <= 1.2)"
    )
    one_first, one_memory = median_of(visits["one"], "first"), median_of(visits["one"], "memory")
    print("host page (from its navigation start):")
    print(
        f"{'':<28}{'first ready (s)':>16}{'booted':>8}{'memory (MB)':>13}"
        f"{'time x1':>9}{'memory x1':>11}"
    )
    for name, label in (
        ("one", "one embed"),
        ("six", "six embeds, an article"),
        ("grid", "six embeds, all in view"),
    ):
        first, memory = median_of(visits[name], "first"), median_of(visits[name], "memory")
        booted = median_of(visits[name], "booted")
        print(
            f"  {label:<26}{first:>16.2f}{booted:>8.0f}{memory:>13.0f}"
            f"{first / one_first:>9.2f}{memory / one_memory:>11.2f}"
        )
    print("targets: six embeds <= 1.3x the time and <= 2x the memory of one")


if __name__ == "__main__":
    main()
