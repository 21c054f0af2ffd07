"""Play anywhere: the service worker makes the site work offline, offers updates, and works
from a sub-path; the first screen works before Python has loaded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from akropolis import records
from tests.browser.site import Site, copy_of_dist
from tests.browser.test_game_ui import (
    game_on_page,
    open_page,
    play_some,
    play_through_ui,
    wait_until_ready,
)

pytestmark = pytest.mark.browser

#: Resolves once the worker controls the page: its scope, its cache (named after the scope),
#: how many files the cache holds (by content), and the builds whose file lists it keeps.
OFFLINE_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  while (!navigator.serviceWorker.controller) await new Promise(r => setTimeout(r, 50));
  const name = `akropolis:${registration.scope}`;
  const urls = (await (await caches.open(name)).keys()).map(r => r.url);
  return {scope: registration.scope, script: worker.scriptURL, cache: name,
          caches: await caches.keys(),
          files: urls.filter(u => u.includes('?sha256=')).length,
          builds: urls.filter(u => u.includes('/__akropolis__/build/'))
                      .map(u => u.split('/').pop())};
}"""


def offline_state(page: Page) -> dict:
    """``OFFLINE_READY``'s state, once the worker controls the page (a test fails, not hangs,
    when it never does)."""
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=90_000)
    return page.evaluate(OFFLINE_READY)


def wait_for_builds(page: Page, builds: list[str]) -> dict:
    """The offline state, once the worker keeps exactly these builds."""
    page.wait_for_function(
        f"({OFFLINE_READY})().then(s => JSON.stringify(s.builds.sort()) === "
        f"JSON.stringify({sorted(builds)!r}))",
        polling=250,
    )
    return offline_state(page)


def new_page(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    page.base = base
    page.watch = type("Watch", (), {"errors": [], "requests": []})()
    page.on("console", lambda m: page.watch.errors.append(m.text) if m.type == "error" else None)
    return page


def files_in_build(root: Path) -> int:
    return sum(1 for p in root.rglob("*") if p.is_file() and p.name not in ("sw.js", ".nojekyll"))


def changed_files(old: Path, new: Path) -> set[str]:
    """The files of deployment ``new`` that differ from ``old``'s (the worker aside)."""
    return {
        path.relative_to(new).as_posix()
        for path in new.rglob("*")
        if path.is_file()
        and path.name not in ("sw.js", ".nojekyll")
        and (old / path.relative_to(new)).read_bytes() != path.read_bytes()
    }


def build_of(root: Path) -> str:
    """The build hash a deployment's pages carry."""
    found = re.search(r'data-build="([0-9a-f]+)"', (root / "index.html").read_text())
    return found.group(1) if found else ""


def test_after_one_visit_the_game_plays_offline(context: BrowserContext, site: Site) -> None:
    """Visit once, the network goes (the server stops), reload: ready, and a move plays."""
    page = new_page(context, site.url)
    game = play_some(page, 2)
    state = offline_state(page)
    assert state["scope"] == site.url
    assert state["files"] == files_in_build(site.root)
    assert state["builds"] == [build_of(site.root)]
    site.stop()
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    game.play(move)
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    assert page.watch.errors == []


def test_offline_play_ready_is_said_once_and_quietly(context: BrowserContext, site: Site) -> None:
    """Once the offline copy is in place the page says so, once: a status note with no button,
    which goes by itself; a later visit says nothing."""
    page = new_page(context, site.url)
    open_page(page)
    page.wait_for_selector("#offline-ready", timeout=90_000)
    note = page.locator("#offline-ready")
    assert note.inner_text() == "Offline play is ready: this game now plays without a network."
    assert note.get_attribute("role") == "status" and note.locator("button").count() == 0
    assert page.is_hidden("#update-banner")
    page.wait_for_selector("#offline-ready", state="detached", timeout=20_000)
    page.reload()
    wait_until_ready(page)
    offline_state(page)
    page.wait_for_timeout(1500)
    assert page.locator("#offline-ready").count() == 0  # said once


def test_cached_responses_keep_their_headers(context: BrowserContext, site: Site) -> None:
    """The wasm comes back from the cache as application/wasm (streaming compilation needs it)."""
    page = new_page(context, site.url)
    open_page(page)
    offline_state(page)
    site.stop()
    kinds = page.evaluate(
        """async () => {
          const out = {};
          for (const f of ['runtime/pyodide/pyodide.asm.wasm', 'runtime/pyodide/pyodide.mjs',
                           'python.zip', 'index.html'])
            out[f] = (await fetch(f)).headers.get('content-type');
          return out;
        }"""
    )
    assert kinds["runtime/pyodide/pyodide.asm.wasm"] == "application/wasm"
    assert kinds["runtime/pyodide/pyodide.mjs"] == "text/javascript"
    assert kinds["index.html"].startswith("text/html")


def test_a_new_version_is_offered_and_never_forced(
    context: BrowserContext, site: Site, tmp_path: Path
) -> None:
    page = new_page(context, site.url)
    game = play_some(page, 3)
    first = offline_state(page)["caches"]
    page.evaluate("window.stillTheSamePage = true")
    old = site.root
    site.root = copy_of_dist(tmp_path / "next", marker="next")  # a new deployment
    site.sent.clear()
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    downloaded = {path for path, status in site.sent if status == 200}
    # Only what changed is downloaded (the pages carry the build's hash); the rest is shared.
    assert downloaded == {"/sw.js"} | {f"/{name}" for name in changed_files(old, site.root)}
    assert "A new version of the game is ready" in page.inner_text("#update-banner")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.stillTheSamePage") is True  # offered, not forced
    move = game.legal_moves()[0]  # and the game goes on meanwhile
    play_through_ui(page, move)
    game.play(move)
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    page.click("#btn-update-later")  # not now: the banner goes, the page stays
    assert page.is_hidden("#update-banner")
    assert page.evaluate("window.stillTheSamePage") is True
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.reload()  # the next visit offers it again
    wait_until_ready(page)
    page.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    with page.expect_navigation():
        page.click("#btn-update")
    wait_until_ready(page)
    assert page.evaluate("document.body.dataset.buildMark") == "next"
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
    # One cache for the deployment, its files shared by builds; once no tab runs the old build,
    # its list and the files only it had are gone.
    now = wait_for_builds(page, [build_of(site.root)])
    assert now["caches"] == first and now["files"] == files_in_build(site.root)


def test_a_file_that_does_not_match_the_build_is_never_cached(
    context: BrowserContext, tmp_path: Path
) -> None:
    """A half-deployed or altered file makes the install fail: no offline copy mixes builds."""
    root = copy_of_dist(tmp_path / "site")
    (root / "style.css").write_text((root / "style.css").read_text() + "\n/* altered */\n")
    site = Site(root)
    try:
        page = new_page(context, site.url)
        open_page(page)
        page.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
        assert page.inner_text("#update-text") == (
            "Offline play is not available yet: the site's copy of style.css does not match "
            "this version of the game (the site may be partly updated). It is tried again on "
            "your next visit."
        )
        state = page.evaluate(
            """async () => ({
              controlled: !!navigator.serviceWorker.controller,
              caches: await caches.keys(),
            })"""
        )
        assert state == {"controlled": False, "caches": []}  # nothing half-done is left
        assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    finally:
        site.stop()


def test_the_worker_and_its_scope_follow_a_sub_path(browser: Browser, tmp_path: Path) -> None:
    """On a Pages project site (/project/) the worker registers there and serves it offline."""
    site = Site(copy_of_dist(tmp_path / "site"), prefix="project")
    context = browser.new_context()
    try:
        page = new_page(context, site.url)
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        open_page(page)
        state = offline_state(page)
        assert state["scope"] == site.url and state["script"] == site.url + "sw.js"
        assert all(url.startswith(site.url) for url in requests)
        site.stop()
        page.reload()
        wait_until_ready(page)
    finally:
        context.close()
        site.stop()


def first_screen_while_loading(context: BrowserContext, site: Site):
    """The page opened with Python held back: the first screen is up, the game not yet; set
    the returned event to let Python load."""
    release = site.hold("pyodide.asm.wasm")
    page = new_page(context, site.url)
    page.goto(site.url)
    page.wait_for_selector("#new-dialog[open]")
    return page, release


def test_the_first_screen_works_before_python_has_loaded(
    context: BrowserContext, site: Site
) -> None:
    """Choices made while Python loads are kept; the game starts with them once it is ready."""
    page, release = first_screen_while_loading(context, site)
    assert page.evaluate("document.documentElement.dataset.akropolis") == "loading"
    page.click("#more-options > summary")
    page.click("#btn-add-seat")
    for index, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#seats label:nth-child({index + 1}) input", name)
    page.check("#variant-box input[value='gardens']")
    page.fill("#seed", "77")
    page.click("#btn-start-rules")  # the rules are there too
    assert "How to play Akropolis" in page.inner_text("#rules")
    page.keyboard.press("Escape")
    page.click("#btn-start")
    assert "starts as soon as it has loaded" in page.inner_text("#start-status")
    release.set()
    wait_until_ready(page)
    page.wait_for_selector("#new-dialog", state="hidden")
    game = game_on_page(page)
    assert game.names == ("Ann", "Bob", "Cy") and game.variants == {"gardens"}
    assert game.seed == 77 and game.ply == 0


def test_the_first_screen_stops_saying_loading_once_the_game_has_loaded(
    context: BrowserContext, site: Site
) -> None:
    page, release = first_screen_while_loading(context, site)
    page.wait_for_function("document.getElementById('start-status').textContent.includes('%')")
    release.set()
    wait_until_ready(page)
    assert page.inner_text("#start-status") == ""  # the form is ready: no stale progress
    assert page.is_visible("#new-dialog") and page.is_enabled('#quick [data-quick="ai:medium"]')


def test_resume_is_offered_on_the_first_screen_when_a_save_exists(
    context: BrowserContext, site: Site
) -> None:
    page = new_page(context, site.url)
    game = play_some(page, 2)
    page.evaluate(  # so that Python's loading is held by the server, not served from a cache
        """async () => {
          for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
          for (const name of await caches.keys()) await caches.delete(name);
        }"""
    )
    context.new_cdp_session(page).send("Network.setCacheDisabled", {"cacheDisabled": True})
    release = site.hold("pyodide.asm.wasm")
    page.reload()
    page.wait_for_selector("#new-dialog[open]")
    assert page.is_visible("#btn-resume")
    assert page.inner_text("#resume-summary") == "Ann vs Bob: 2 moves played"
    page.click("#btn-resume")
    release.set()
    wait_until_ready(page)
    page.wait_for_selector("#new-dialog", state="hidden")
    assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
