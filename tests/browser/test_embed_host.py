"""The documentation's host snippet (docs/embedding.md), run as written on another site's
page: each embed frame, a plain one and one sandboxed with ``sandbox="allow-scripts"`` (whose
messages come from the origin "null"), gets the height it asks for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.site import Site
from tests.browser.test_embed import CITY, SETTLED

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
EMBEDDING = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")


def readme_host_script() -> str:
    """The ``<script>`` of the documented embed snippet, exactly as docs/embedding.md prints it."""
    section = EMBEDDING[EMBEDDING.index("## The embed in a frame") :]
    block = re.search(r"```html\n(.*?)```", section, re.DOTALL).group(1)
    scripts = re.findall(r"<script>.*?</script>", block, re.DOTALL)
    assert len(scripts) == 1, "the documented embed snippet has one script"
    return scripts[0]


@pytest.fixture
def embeds() -> Iterator[Site]:
    """The built site on a host that answers like GitHub Pages (any origin may read its files):
    a sandboxed frame has an opaque origin, so its module scripts and Python load only so."""
    site = Site(ROOT / "dist", headers={"Access-Control-Allow-Origin": "*"})
    yield site
    site.stop()


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Site]:
    site = Site(tmp_path)
    yield site
    site.stop()


def test_the_readme_snippet_resizes_a_plain_and_a_sandboxed_embed(
    page: Page, embeds: Site, host: Site
) -> None:
    source = f"{embeds.url}embed.html#{CITY}"
    frames = (
        f'<iframe id="plain" src="{source}" height="120" style="border:0;width:600px"></iframe>\n'
        f'<iframe id="sandboxed" src="{source}" sandbox="allow-scripts" height="120" '
        'style="border:0;width:600px"></iframe>\n'
    )
    page_html = f"<!doctype html><title>Rules</title>\n{frames}{readme_host_script()}\n"
    (host.root / "rules.html").write_text(page_html, encoding="utf-8")
    page.goto(host.url + "rules.html")
    for frame in page.frames[1:]:
        frame.wait_for_function(SETTLED, timeout=120_000)
        assert frame.evaluate("() => document.documentElement.dataset.akropolis") == "ready"
    sandboxed = next(f for f in page.frames[1:] if f.evaluate("() => self.origin") == "null")
    assert sandboxed is not None
    for name in ("plain", "sandboxed"):
        page.wait_for_function(
            "(name) => document.getElementById(name).style.height !== ''", arg=name
        )
        height = page.evaluate("(name) => document.getElementById(name).offsetHeight", name)
        assert 200 < height <= 1600, f"{name}: {height}px"
