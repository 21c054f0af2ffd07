"""Python starts from the build's memory snapshot (``web/browser/start_python.mjs``) when this
browser holds it: never downloaded by a first visit, which starts Python afresh; then on every
page and in the AI worker from the offline copy, and in the embed from the HTTP cache; a
snapshot that cannot be restored is set aside and Python starts afresh; every start has a random
state of its own."""

from __future__ import annotations

import gzip

import pytest
from playwright.sync_api import Page

from tests.browser.tabs import BLANK
from tests.browser.test_calculator import open_calculator
from tests.browser.test_embed import CITY, game_text, open_embed
from tests.browser.test_game_ui import game_on_page, open_page, play_through_ui
from tests.browser.test_opponents import start_against, wait_for_moves

pytestmark = pytest.mark.browser

#: The snapshot's URL, as each page and the AI worker ask for it.
SNAPSHOT = "**/runtime/pyodide/snapshot.gz"
#: How Python started in this page (``{snapshot, unpacked, ms}``), as start_python.mjs leaves it.
HOW = "globalThis.akropolisPython"


#: Whether the snapshot is kept unpacked (waiting up to a minute for it).
UNPACKED_KEPT = """async () => {
  const { UNPACKED, UNPACKED_KEY } = await import('./start_python.mjs');
  for (let i = 0; i < 120; i++) {
    if (await caches.match(UNPACKED_KEY, { cacheName: UNPACKED })) return true;
    await new Promise(r => setTimeout(r, 500));
  }
  return false;
}"""


def offline_copy_ready(page: Page) -> None:
    page.wait_for_function(
        "localStorage.getItem('akropolis.offline.ready') && !!navigator.serviceWorker.controller",
        timeout=120_000,
    )


def test_a_first_visit_never_waits_for_the_snapshot_and_later_starts_restore_it(
    page: Page,
) -> None:
    received = []
    page.on("response", lambda r: received.append(r.url) if "snapshot.gz" in r.url else None)
    open_page(page)
    assert page.evaluate(HOW)["snapshot"] is False  # a first visit: Python started afresh
    assert received == []  # and the snapshot was not downloaded for it
    offline_copy_ready(page)  # the offline copy brought it, for the next start
    assert page.evaluate(UNPACKED_KEPT)  # and it was unpacked in the background

    page.reload()
    open_page(page)
    assert page.evaluate(HOW)["snapshot"] is True
    assert page.evaluate(HOW)["unpacked"] is True  # read as it was kept, not unpacked again
    start_against(page, ["human", "ai:easy"], seed=4)
    game = game_on_page(page)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    wait_for_moves(page, 2)  # the computer answered: its worker started Python
    assert page.watch.errors == []

    open_calculator(page)
    assert page.evaluate(HOW)["snapshot"] is True


def test_the_embed_keeps_the_snapshot_for_its_next_start(
    page: Page,
) -> None:
    open_embed(page, "", CITY)  # the embed registers no offline worker
    assert page.evaluate(HOW)["snapshot"] is False
    kept = page.evaluate(
        """async () => {
          const { KEY } = await import('./start_python.mjs');
          for (let i = 0; i < 120; i++) {
            if (await caches.match(KEY)) return true;
            await new Promise(r => setTimeout(r, 500));
          }
          return false;
        }"""
    )
    assert kept
    open_embed(page, "?kind=markets", CITY)  # another page load, not a jump within this one
    assert page.evaluate(HOW)["snapshot"] is True


#: Two starts in one tab of the site: how each started, and the first number Python's
#: ``random`` gives after it.
START_TWICE = """async () => {
  const { loadPyodide, keepSnapshot } = await import('./start_python.mjs');
  await keepSnapshot();  // as the embed keeps it for its next start
  const starts = [];
  for (let i = 0; i < 2; i++) {
    const python = await loadPyodide();
    starts.push([globalThis.akropolisPython.snapshot,
                 python.runPython('import random\\nrandom.random()')]);
  }
  return starts;
}"""


def blank_page_of_the_site(page: Page) -> None:
    blank = page.base + "blank-for-tests.html"
    page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(blank)


def test_each_start_from_the_snapshot_has_its_own_random_numbers(page: Page) -> None:
    blank_page_of_the_site(page)
    (first, one), (second, other) = page.evaluate(START_TWICE)
    assert first is True and second is True
    assert one != other


@pytest.mark.parametrize(
    "body",
    [b"\x1f\x8b not gzip at all", gzip.compress(b"not a snapshot" * 1000), b"raw junk" * 100],
    ids=["broken-gzip", "not-a-snapshot", "not-compressed"],
)
def test_a_snapshot_that_cannot_be_restored_is_set_aside_and_python_starts_afresh(
    page: Page, body: bytes
) -> None:
    blank_page_of_the_site(page)
    page.evaluate(
        """async bytes => {
          const { KEY } = await import('./start_python.mjs');
          const cache = await caches.open('akropolis-snapshot:test');
          await cache.put(KEY, new Response(new Uint8Array(bytes)));
        }""",
        list(body),
    )
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    open_page(page)
    assert page.evaluate(HOW)["snapshot"] is False
    assert any("Python starts without its snapshot" in text for text in warnings)
    start_against(page, ["human", "human"], seed=2)
    game = game_on_page(page)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    wait_for_moves(page, 1)
    game.play(move)
    assert game_text(game_on_page(page)) == game_text(game)


def test_an_unpacked_snapshot_that_cannot_be_restored_is_dropped_and_python_starts_afresh(
    page: Page,
) -> None:
    blank_page_of_the_site(page)
    page.evaluate(
        """async () => {
          const { UNPACKED, UNPACKED_KEY } = await import('./start_python.mjs');
          const junk = new Response('raw junk'.repeat(99));
          await (await caches.open(UNPACKED)).put(UNPACKED_KEY, junk);
        }"""
    )
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    open_page(page)
    assert page.evaluate(HOW) | {"ms": 0} == {"snapshot": False, "unpacked": False, "ms": 0}
    assert any("Python starts without its snapshot" in text for text in warnings)
    dropped = """async () => {
      const { UNPACKED } = await import('./start_python.mjs');
      for (let i = 0; i < 50 && (await caches.keys()).includes(UNPACKED); i++) {
        await new Promise(r => setTimeout(r, 200));
      }
      return !(await caches.keys()).includes(UNPACKED);
    }"""
    assert page.evaluate(dropped)  # the next start unpacks the offline copy's
    start_against(page, ["human", "human"], seed=2)
    game = game_on_page(page)
    play_through_ui(page, game.legal_moves()[0])
    wait_for_moves(page, 1)


def test_the_snapshot_is_kept_unpacked_only_where_storage_has_room(page: Page) -> None:
    """30 MB more is asked only of a browser that has room to spare: a device nearly full keeps
    the packed copy only (and each start unpacks it)."""
    blank_page_of_the_site(page)
    kept = page.evaluate(
        """async () => {
          const python = await import('./start_python.mjs');
          const { UNPACKED, UNPACKED_KEY } = python;
          navigator.storage.estimate = async () => ({ quota: 150e6, usage: 40e6 });
          await python.keepSnapshot();  // the packed copy, as the embed keeps it
          const nearlyFull = !!(await caches.match(UNPACKED_KEY, { cacheName: UNPACKED }));
          navigator.storage.estimate = async () => ({ quota: 4e9, usage: 40e6 });
          await python.keepUnpackedSnapshot();
          const roomy = !!(await caches.match(UNPACKED_KEY, { cacheName: UNPACKED }));
          return [nearlyFull, roomy];
        }"""
    )
    assert kept == [False, True]


@pytest.mark.parametrize("status", [404, 500])
def test_a_snapshot_the_host_fails_to_give_never_stops_the_page(page: Page, status: int) -> None:
    """A host that answers the snapshot with an error (a size rule, a skipped ``.gz``, a
    proxy): the page starts without it, its first screen works, and a game plays."""
    page.context.route(SNAPSHOT, lambda route: route.fulfill(status=status, body="no"))
    open_page(page)
    assert page.evaluate(HOW)["snapshot"] is False
    assert page.is_hidden("#loading-error") and page.inner_text("#start-status") == ""
    assert page.is_enabled('#quick [data-quick="people:2"]')
    page.click('#quick [data-quick="people:2"]')
    page.wait_for_selector("#new-dialog", state="hidden")
    game = game_on_page(page)
    move = game.legal_moves()[0]
    play_through_ui(page, move)
    wait_for_moves(page, 1)
    refused = ("snapshot.gz", "Failed to load resource")  # the browser's own words for it
    assert [e for e in page.watch.errors if not any(part in e for part in refused)] == []
