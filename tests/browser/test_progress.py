"""On a slow network the first screen says how long is still to wait, from the bytes left and
the rate so far (web/browser/loader.js), in the player's language, and the page then starts."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
#: Every text the first screen's status line showed, in order (repeats dropped).
WATCH = """
window.said = [];
document.addEventListener('DOMContentLoaded', () => {
  const status = document.getElementById('start-status');
  new MutationObserver(() => {
    const text = status.textContent;
    if (text && window.said[window.said.length - 1] !== text) window.said.push(text);
  }).observe(status, {childList: true, characterData: true, subtree: true});
});
"""


@pytest.fixture
def slow_phone(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(**PHONE, locale="fr-FR")
    context.route("**/sw.js", lambda route: route.abort())
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 40,
            "downloadThroughput": 1_500_000,
            "uploadThroughput": 200_000,
        },
    )
    page.base = base_url
    yield page
    context.close()


def test_a_slow_first_visit_says_the_time_left_then_starts(slow_phone: Page) -> None:
    page = slow_phone
    page.add_init_script(WATCH)
    page.goto(page.base, wait_until="commit")
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.akropolis)", timeout=120_000
    )
    assert page.evaluate("document.documentElement.dataset.akropolis") == "ready"
    said = page.evaluate("window.said")
    left = [text for text in said if re.search(r"encore environ \d+ (s|min)", text)]
    assert len(left) >= 2, said  # in French, and updated as the bytes come
    seconds = [int(m.group(1)) for text in left if (m := re.search(r"(\d+) s$", text))]
    assert all(value % 5 == 0 for value in seconds)  # rounded: no flicker of single seconds
    assert "encore" not in page.inner_text("#start-status")  # the estimate gave way to the start
