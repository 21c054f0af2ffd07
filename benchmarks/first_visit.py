"""First and later visits on a slow phone (Playwright + a headless Chromium).  Reports figures;
asserts nothing.

Each page of a build — the game, the calculator, the embed — is opened as a phone (390×844,
touch, device pixel ratio 3) with the CPU slowed 4× and the network throttled through the
DevTools protocol, next to a bare PyScript page loading the same Pyodide and drawing nothing
(``benchmarks/bare.html``) in the same run.  Files are served gzip-compressed where GitHub Pages
compresses them (text, JavaScript, JSON, WebAssembly; never a zip or a .gz).

- **first visit**: a fresh profile, from navigation start to the page's ``akropolis-ready``
  mark (the game playable, the calculator and the embed drawn), and the bytes the server sent
  until then;
- **later visit**: the same profile a little later (the HTTP cache, and the offline copy once
  the offline worker has it, with Python's snapshot kept unpacked), the same mark.

The targets (issue 64): a first visit in at most 0.85× the bare page's time at 1.6 Mb/s and
0.9× at 9 Mb/s, at most the bare page's bytes plus 10%; a later visit in at most 40% of the
first.  Medians of RUNS runs.

Usage: ``python build.py`` then
``.venv/bin/python benchmarks/first_visit.py [--runs N] [--network slow|fast] [--page game ...]
[--dist FOLDER]`` (``--dist`` measures another build, for before/after figures).
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import ClassVar

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from web_bench import CountingServer  # noqa: E402

from build import BROWSER_HELP, PYODIDE_FILES, STDLIB, find_browser  # noqa: E402
from tools.serving import Handler  # noqa: E402

#: name → (download bits per second, round-trip latency in ms)
NETWORKS = {"slow": (1.6e6, 150), "fast": (9e6, 60)}
CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)
PAGES = {
    "bare": "bare.html",
    "game": "",
    "calculator": "calculator.html",
    "embed": f"embed.html#{CITY}",
}
#: Seconds from navigation start to the page's ready mark, once it is there.
READY = """() => {
  if (document.documentElement.dataset.akropolis === 'error') return -1;
  const entry = performance.getEntriesByName('akropolis-ready')[0];
  return entry ? entry.startTime / 1000 : null;
}"""
#: What GitHub Pages sends compressed (by type); a zip or a .gz is sent as it is.
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".py", ".webmanifest", ".svg")
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


class Gzipped(Handler):
    """Static files gzip-compressed where a real host would compress them, kept 10 minutes in
    the browser's cache as GitHub Pages says."""

    packed: ClassVar[dict[str, bytes]] = {}

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and path.is_file() and path.suffix in COMPRESSED):
            super().do_GET()
            return
        if str(path) not in self.packed:
            self.packed[str(path)] = gzip.compress(path.read_bytes(), compresslevel=6)
        body = self.packed[str(path)]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()


def throttle(context, page, network: str) -> None:
    bits, latency = NETWORKS[network]
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency,
            "downloadThroughput": bits / 8,
            "uploadThroughput": bits / 8 / 4,
        },
    )


def ready(page) -> float:
    seconds = page.wait_for_function(READY, timeout=400_000, polling=100).json_value()
    if seconds < 0:
        raise SystemExit(f"{page.url} did not start: {page.inner_text('body')[:300]}")
    return seconds


def visit(browser: Browser, server: CountingServer, path: str, network: str, keeps: bool) -> dict:
    """A first visit in a fresh profile, then a later one in the same profile."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        throttle(context, page, network)
        server.sent = 0
        page.goto(server.url + path, wait_until="commit")
        first = ready(page)
        sent = server.sent
        # Then Python's snapshot is kept for the next start, by the offline copy or the embed's,
        # and unpacked in the background.
        page.wait_for_timeout(2000)
        if keeps:
            page.evaluate(
                """async () => {
                  const { KEY, UNPACKED, UNPACKED_KEY } = await import('./start_python.mjs');
                  // An older build (--dist) keeps it packed, or with its offline copy only.
                  const kept = UNPACKED
                    ? async () => !!(await caches.match(UNPACKED_KEY, { cacheName: UNPACKED }))
                    : KEY ? async () => !!(await caches.match(KEY))
                    : async () => !navigator.serviceWorker || !navigator.serviceWorker.controller
                      || !!localStorage.getItem('akropolis.offline.ready');
                  for (let i = 0; i < 600 && !(await kept()); i++) {
                    await new Promise(r => setTimeout(r, 500));
                  }
                }"""
            )
        page.close()
        page = context.new_page()
        throttle(context, page, network)
        page.goto(server.url + path, wait_until="commit")
        later = ready(page)
        how = page.evaluate("() => globalThis.akropolisPython || {}")
        snapshot = "unpacked" if how.get("unpacked") else how.get("snapshot")
        return {"first": first, "mb": sent / 1e6, "later": later, "snapshot": snapshot}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--network", choices=sorted(NETWORKS), action="append")
    parser.add_argument("--page", choices=sorted(PAGES), action="append")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    networks = args.network or ["slow", "fast"]
    pages = ["bare", *[p for p in (args.page or ["game", "calculator", "embed"]) if p != "bare"]]
    if not (args.dist / "index.html").exists():
        sys.exit(f"no build in {args.dist}: python build.py")
    found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        shutil.copytree(args.dist, site)
        # The bare page runs Pyodide as it comes (its whole standard library), not the site's.
        stock = site / "stock"
        stock.mkdir()
        for name in (*PYODIDE_FILES, STDLIB):
            shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, stock / name)
        bare = (ROOT / "benchmarks" / "bare.html").read_text()
        (site / "bare.html").write_text(bare.replace("runtime/pyodide/", "stock/"))
        server = CountingServer(site, Gzipped)
        results: dict[tuple[str, str], list[dict]] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**found.launch_options())
            for network in networks:
                for _ in range(args.runs):
                    for name in pages:  # interleaved, so that a slow spell hits every page
                        result = visit(browser, server, PAGES[name], network, name != "bare")
                        results.setdefault((network, name), []).append(result)
                        print(network, name, result, flush=True)
            browser.close()
    print()
    print(
        f"{'network':<8}{'page':<12}{'first s':>9}{'× bare':>8}{'MB':>7}{'× bare':>8}"
        f"{'later s':>9}{'/ first':>9}"
    )
    for network in networks:
        bare = results[(network, "bare")]
        bare_first = statistics.median(r["first"] for r in bare)
        bare_mb = statistics.median(r["mb"] for r in bare)
        for name in pages:
            runs = results[(network, name)]
            first = statistics.median(r["first"] for r in runs)
            mb = statistics.median(r["mb"] for r in runs)
            later = statistics.median(r["later"] for r in runs)
            print(
                f"{network:<8}{name:<12}{first:>9.1f}{first / bare_first:>8.2f}{mb:>7.2f}"
                f"{mb / bare_mb:>8.2f}{later:>9.1f}{later / first:>9.2f}"
            )


if __name__ == "__main__":
    main()
