"""The pictures of the game page the docs show, made from a fixed game in a real browser.

    python tools/screenshots.py            # writes docs/images/game-desktop.png and game-phone.png

It serves the built ``dist/`` (``python build.py`` first), opens the game page in headless
Chromium (the browser ``build.py`` finds for the tests), loads a game played by the engine from
a fixed seed, and photographs it: on a desktop, a tile in hand with its legal spots and the
ghost saying what it gives; on a phone, the scoring explained.  The same game gives the same
pictures, so they are made again whenever the page changes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "engine")]

from akropolis import Game, ai, records  # noqa: E402

IMAGES = ROOT / "docs" / "images"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def sample_game(moves: int = 12) -> Game:
    """A game of Ana against the computer at medium, each side played by the medium AI from
    fixed seeds: the same position every time."""
    game = Game(2, seed=20261205, names=["Ana", "Computer"], kinds=["human", "ai:medium"])
    for ply in range(moves):
        game.play(ai.choose(game, "medium", seed=ply).move)
    return game


def best_move(game: Game, site_index: int):
    """Where, and turned how, the site's tile gives the most points (a ``LegalMove``)."""

    def total(move) -> int:
        after = game.copy()
        after.play(move.move)
        return after.score(game.turn).total

    return max((m for m in game.legal_moves() if m.site_index == site_index), key=total)


def photograph(page, game: Game, path: Path, phone: bool) -> None:
    """Load ``game`` and take the picture of the page as the docs describe it."""
    page.add_init_script("localStorage.setItem('akropolis.offline.ready', '1')")  # said before
    page.goto(page.base)
    page.wait_for_function("document.documentElement.dataset.akropolis === 'ready'")
    page.evaluate("text => akropolisApp.load(text)", records.dump(game))
    page.wait_for_selector("#new-dialog", state="hidden")
    page.evaluate("() => { window.akropolisTest = {speed: 1000}; }")
    if phone:
        page.tap("#btn-scoring")
    else:  # the tile costing a stone, turned and pointed at its best spot
        page.click("#site [data-site='1']")
        page.wait_for_function("!akropolisApp.gliding()")
        best = best_move(game, 1)
        for _turn in range(best.rotation):
            page.keyboard.press("r")
        x, y = json.loads(
            page.evaluate(f"akropolisApp.screenOf({best.anchor[0]}, {best.anchor[1]})")
        )
        page.mouse.move(x, y)
    page.wait_for_function("!akropolisApp.gliding()")
    page.wait_for_timeout(300)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))


def take(folder: Path = IMAGES, base_url: str | None = None, browser=None) -> list[Path]:
    """Photograph the game page on a desktop and a phone into ``folder``; the files written.
    ``base_url``: a server of the built site (default: ``dist/`` served here); ``browser``: a
    Playwright browser to use (default: the one ``build.py`` finds, launched here)."""
    from build import DIST, find_browser
    from tools.serving import serve_in_background

    server = None
    if base_url is None:
        base_url, server = serve_in_background(DIST)
    try:
        if browser is not None:
            return photograph_all(browser, folder, base_url)
        from playwright.sync_api import sync_playwright

        found = find_browser()
        if found is None:
            raise SystemExit("no browser: run `python build.py test` once, which installs one")
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(**found.launch_options())
            try:
                return photograph_all(launched, folder, base_url)
            finally:
                launched.close()
    finally:
        if server is not None:
            server.shutdown()


def photograph_all(browser, folder: Path, base_url: str) -> list[Path]:
    """The pictures, on a desktop and on a phone, with ``browser``."""
    game = sample_game()
    written = []
    for name, options, phone in (("desktop", DESKTOP, False), ("phone", PHONE, True)):
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            page.base = base_url
            path = folder / f"game-{name}.png"
            photograph(page, game, path, phone)
            written.append(path)
        finally:
            context.close()
    return written


if __name__ == "__main__":
    for path in take():
        print(f"wrote {path.relative_to(ROOT)}")
