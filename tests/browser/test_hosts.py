"""The offline worker on hosts that behave unlike ``python -m http.server``.

Each test serves the built site from a test server that behaves like the host in question
(``tests/browser/site.py``): "pretty URLs" that redirect ``/index.html`` to ``/`` (Cloudflare
Pages, Netlify), a site with pages of its own beside the game, two deployments on one origin
(GitHub Pages project sites), a new deployment while two tabs are open, and a browser that gives
the site little storage (set through the DevTools protocol).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from akropolis import Game, notation, records
from akropolis.simulate import random_game
from build import find_browser
from game.share import checked_notation, play_link
from tests.browser.site import Site, copy_of_dist
from tests.browser.test_game_ui import game_on_page, play_through_ui, wait_until_ready
from tests.browser.test_offline import (
    build_of,
    files_in_build,
    new_page,
    offline_state,
    wait_for_builds,
)
from tests.browser.test_opponents import start_against

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 820}}
SETTLED = "() => ['ready', 'error'].includes(document.documentElement.dataset.akropolis)"


def visit(context: BrowserContext, url: str) -> Page:
    page = new_page(context, url)
    page.goto(url)
    wait_until_ready(page)
    return page


def settled(page: Page, url: str) -> str:
    """Open ``url`` and wait until its page is ready (or failed): its state."""
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=90_000)
    return page.evaluate("document.documentElement.dataset.akropolis")


def a_game(moves: int) -> Game:
    game = Game(2, names=["Ann", "Bob"], seed=11)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def a_city_link() -> str:
    city = random_game(2, 3, variants=("gardens",)).cities[0]
    return notation.format_city(records.city_to_record(city, frozenset({"gardens"}), 2), check=True)


# --- Pretty URLs -------------------------------------------------------------------------------


def test_every_link_opens_on_a_host_with_pretty_urls_online_and_offline(
    browser: Browser, tmp_path: Path
) -> None:
    """The host answers /index.html with a 308 to /, /calculator.html to /calculator: the
    worker never stores or serves those redirects, so every link the game makes opens, with
    the network and without."""
    site = Site(copy_of_dist(tmp_path / "site"), pretty=True)
    context = browser.new_context(**DESKTOP)
    try:
        page = visit(context, site.url)
        offline_state(page)
        assert ("/index.html", 308) in site.sent or ("/calculator.html", 308) in site.sent
        game = a_game(2)
        city = a_city_link()
        for online in (True, False):
            if not online:
                site.stop()
                context.set_offline(True)
            page.goto(play_link(site.url, game))  # index.html#play/A1;…
            wait_until_ready(page)
            page.wait_for_selector("#link-dialog[open]")
            assert page.inner_text("#link-title") == "Who are you?"
            assert records.game_to_record(game_on_page(page)) == records.game_to_record(game)
            assert settled(page, f"{site.url}calculator.html#{city}") == "ready"
            calculator = json.loads(page.evaluate("akropolisCalculator.state()"))
            assert calculator["players"][0]["stones"] == 2
            assert settled(page, f"{site.url}embed.html#{checked_notation(game)}") == "ready"
            assert page.is_visible("#city")  # the city drawn
            # The host's own address of a page: the host's answer online, the copy offline.
            assert settled(page, f"{site.url}calculator") == "ready"
        stored = page.evaluate(
            """async () => {
              const cache = await caches.open(`akropolis:${location.origin}/`);
              const out = [];
              for (const request of await cache.keys()) {
                const response = await cache.match(request);
                out.push([request.url, response.redirected, response.status]);
              }
              return out;
            }"""
        )
        assert stored and all(not redirected and status == 200 for _, redirected, status in stored)
        assert page.watch.errors == []
    finally:
        context.close()
        site.stop()


# --- Other pages beside the game ---------------------------------------------------------------


def test_the_sites_other_pages_stay_its_own(browser: Browser, tmp_path: Path) -> None:
    """The game at the root of a site with its own rules page and blog: after a visit to the
    game, those pages (and one the site adds later) are still the site's, never the game's,
    online or off; the game's own pages still open offline."""
    root = copy_of_dist(tmp_path / "site")
    (root / "rules.html").write_text("<!doctype html><title>Our house rules</title><p>Rules.")
    (root / "blog").mkdir()
    (root / "blog" / "post.html").write_text("<!doctype html><title>A blog post</title><p>Hi.")
    site = Site(root)
    context = browser.new_context(**DESKTOP)
    try:
        page = visit(context, site.url)
        offline_state(page)
        page.goto(site.url + "rules.html")
        assert page.title() == "Our house rules"
        page.goto(site.url + "blog/post.html")
        assert page.title() == "A blog post"
        (root / "news.html").write_text("<!doctype html><title>News</title><p>New page.")
        page.goto(site.url + "news.html")  # a page the site adds after the visit
        assert page.title() == "News"
        site.stop()
        context.set_offline(True)
        titles = {
            "rules.html": "Our house rules",
            "blog/post.html": "A blog post",
            "news.html": "News",
        }
        for other, title in titles.items():
            # The browser's own answer (its offline page, or its HTTP cache), never the game.
            # From a blank page, so that the wait below is for this page's error, not the last.
            page.goto("about:blank")
            try:
                page.goto(site.url + other)
            except PlaywrightError:
                page.wait_for_url("chrome-error://**")
            else:
                assert page.title() == title
        page.goto(site.url + "index.html")
        wait_until_ready(page)
    finally:
        context.close()
        site.stop()


# --- Two deployments on one origin -------------------------------------------------------------


def test_two_deployments_on_one_origin_keep_their_own_offline_copy(
    browser: Browser, tmp_path: Path
) -> None:
    """NAME.github.io/akropolis/ and NAME.github.io/akropolis-beta/: each keeps its own
    offline copy, and after a browser restart both open with no network."""
    stable = copy_of_dist(tmp_path / "stable")
    beta = copy_of_dist(tmp_path / "beta", marker="beta")
    site = Site(mounts={"akropolis": stable, "akropolis-beta": beta})
    profile = tmp_path / "profile"
    options = {**find_browser().launch_options(), **DESKTOP}
    urls = {"akropolis": site.url_of("akropolis"), "akropolis-beta": site.url_of("akropolis-beta")}
    context = browser.browser_type.launch_persistent_context(str(profile), **options)
    try:
        for url in urls.values():
            page = visit(context, url)
            page.wait_for_function("!!navigator.serviceWorker.controller", timeout=90_000)
    finally:
        context.close()
    site.stop()
    context = browser.browser_type.launch_persistent_context(str(profile), **options)
    try:
        context.set_offline(True)
        for name, url in urls.items():
            page = visit(context, url)
            mark = page.evaluate("document.body.dataset.buildMark || ''")
            assert mark == ("beta" if name == "akropolis-beta" else "")
            state = offline_state(page)
            root = beta if name == "akropolis-beta" else stable
            assert state["scope"] == url and state["cache"] == f"akropolis:{url}"
            assert state["builds"] == [build_of(root)] and state["files"] == files_in_build(root)
        caches = page.evaluate("caches.keys()")
        # Each deployment's offline copy, and Python's snapshot kept unpacked by its own pages.
        unpacked = "akropolis-snapshot-unpacked:"
        assert sorted(name for name in caches if not name.startswith(unpacked)) == sorted(
            f"akropolis:{url}" for url in urls.values()
        )
        assert {name for name in caches if name.startswith(unpacked)} <= {
            f"{unpacked}{url}runtime/pyodide/snapshot.gz" for url in urls.values()
        }
    finally:
        context.close()


def test_only_this_deployments_earlier_caches_are_deleted(
    context: BrowserContext, site: Site
) -> None:
    """Earlier versions of the worker kept one cache per build (akropolis-<hash>) and a staging
    copy, with no scope in their names: the worker deletes those holding its own files only."""
    (site.root / "blank.html").write_text("<!doctype html><title>Blank</title>")
    page = new_page(context, site.url)
    page.goto(site.url + "blank.html")
    elsewhere = site.url + "elsewhere/"
    page.evaluate(
        """async ([mine, other]) => {
          const put = async (name, url, text) =>
            (await caches.open(name)).put(url, new Response(text));
          await put('akropolis-1111111111111111', other, 'theirs');
          await put('akropolis-1111111111111111', other + 'index.html', 'theirs');
          await put('akropolis-2222222222222222', mine, 'ours');
          await put('akropolis-2222222222222222', mine + 'index.html', 'ours');
          await put('akropolis-staging', mine + 'python.zip', 'ours');
          await put('akropolis-staging', other + 'python.zip', 'theirs');
        }""",
        [site.url, elsewhere],
    )
    page.goto(site.url)
    wait_until_ready(page)
    state = offline_state(page)
    assert state["files"] == files_in_build(site.root) - 1  # blank.html is not the game's
    assert sorted(state["caches"]) == sorted(
        ["akropolis-1111111111111111", "akropolis-staging", f"akropolis:{site.url}"]
    )
    staged = page.evaluate(
        "async () => (await (await caches.open('akropolis-staging')).keys()).map(r => r.url)"
    )
    assert staged == [elsewhere + "python.zip"]


# --- An update between two tabs ----------------------------------------------------------------

#: What a page's AI worker would be given: python.zip, fetched as the worker fetches it (its
#: first request names the page's build), from a worker of the page's own.
WORKER_SEES = """async (build) => {
  const code = `onmessage = async (e) => {
    await fetch(e.data.runtime);
    const bytes = await (await fetch(e.data.zip)).arrayBuffer();
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    postMessage([...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, '0')).join(''));
  };`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], {type: 'text/javascript'})));
  const base = new URL('.', location.href).href;
  return await new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.postMessage({runtime: base + 'start_python.mjs?build=' + build,
                        zip: base + 'python.zip'});
  });
}"""


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_an_update_accepted_in_one_tab_leaves_the_other_on_its_own_files(
    context: BrowserContext, site: Site, tmp_path: Path
) -> None:
    """Two tabs; a new deployment; the first tab accepts it.  The second is told, and keeps
    running its own build: its page, its AI worker's script and python.zip stay those of the
    build it opened with, until it reloads; then the old build's files are deleted."""
    old = site.root
    first = visit(context, site.url)
    first.click('#quick [data-quick="people:2"]')  # a game on screen; the second tab resumes it
    second = visit(context, site.url)
    offline_state(first)
    old_build = build_of(old)
    site.root = copy_of_dist(tmp_path / "next", marker="next")
    new_build = build_of(site.root)
    first.bring_to_front()
    first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    first.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    with first.expect_navigation():
        first.click("#btn-update")
    wait_until_ready(first)
    assert first.evaluate("document.body.dataset.buildMark") == "next"
    told = (
        "A new version of the game was installed from another tab. This tab keeps its version "
        "until you reload it."
    )
    second.wait_for_function(
        f"document.getElementById('update-text').textContent === {json.dumps(told)}"
        " && !document.getElementById('update-banner').hidden",
        timeout=30_000,
    )
    # The second tab still runs its own build: its files, and its AI worker's.
    assert second.evaluate(WORKER_SEES, old_build) == sha256_of(old / "python.zip")
    assert (
        second.evaluate("fetch('ai_worker.py').then(r => r.text())")
        == (old / "ai_worker.py").read_text()
    )
    with second.expect_console_message(
        lambda message: "AI worker ready" in message.text, timeout=90_000
    ) as ready:
        start_against(second, ["human", "ai:easy"], seed=15)
        play_through_ui(second, game_on_page(second).legal_moves()[0])
    second.wait_for_function("JSON.parse(akropolisApp.record()).moves.length === 2", timeout=90_000)
    assert "Python 3." in ready.value.text and "next" not in ready.value.text
    assert first.evaluate(WORKER_SEES, new_build) == sha256_of(site.root / "python.zip")
    # Reloading the second tab brings it the new build; no tab runs the old one any more.
    with second.expect_navigation():
        second.click("#btn-update")
    wait_until_ready(second)
    assert second.evaluate("document.body.dataset.buildMark") == "next"
    state = wait_for_builds(second, [new_build])
    assert state["files"] == files_in_build(site.root)


# --- A small storage quota ---------------------------------------------------------------------


def with_quota(context: BrowserContext, site: Site, megabytes: float) -> Page:
    page = new_page(context, site.url)
    origin = site.origin.rstrip("/")
    quota = int(megabytes * 1e6)
    context.new_cdp_session(page).send(
        "Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": quota}
    )
    return page


def build_bytes(root: Path) -> int:
    """The bytes of a deployment's files that its offline copy holds."""
    return sum(
        p.stat().st_size
        for p in root.rglob("*")
        if p.is_file() and p.name not in ("sw.js", ".nojekyll")
    )


def test_a_quota_that_holds_one_copy_is_enough(context: BrowserContext, site: Site) -> None:
    """The offline copy is stored once: no staging copy beside it."""
    page = with_quota(context, site, build_bytes(site.root) / 1e6 + 3)
    page.goto(site.url)
    wait_until_ready(page)
    state = offline_state(page)
    assert state["files"] == files_in_build(site.root)
    assert page.is_hidden("#update-banner")


def test_too_small_a_quota_is_said_once_and_leaves_nothing_behind(
    context: BrowserContext, site: Site
) -> None:
    page = with_quota(context, site, 8)
    page.goto(site.url)
    wait_until_ready(page)
    page.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    text = page.inner_text("#update-text")
    match = re.fullmatch(
        r"Offline play is not available: this browser does not let the site store the (\d+) MB "
        r"the game needs\. The game plays on while you are online\.",
        text,
    )
    assert match, text
    assert int(match.group(1)) == round((build_bytes(site.root) + 1e6) / 1e6)
    assert page.is_hidden("#btn-update")
    state = page.evaluate(
        "async () => ({controlled: !!navigator.serviceWorker.controller,"
        " caches: await caches.keys()})"
    )
    assert state == {"controlled": False, "caches": []}
    page.click('#quick [data-quick="people:2"]')  # the game plays on
    page.click("#btn-update-later")  # OK: not told again for the same reason
    assert page.is_hidden("#update-banner")
    page.reload()
    wait_until_ready(page)
    page.wait_for_timeout(2000)
    assert page.is_hidden("#update-banner")
    assert page.evaluate("caches.keys()") == []
