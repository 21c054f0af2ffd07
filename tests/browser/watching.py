"""What a page does in a test: its console errors, failed responses and requests."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page


@dataclass
class Watch:
    """What a page did: console errors and requested URLs."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


def watched(page: Page, base_url: str) -> Page:
    """``page`` with a ``watch`` (console errors, failed responses, requests) that a fixture may
    replace for each test, and its ``base`` URL."""
    page.watch = Watch()
    page.on("console", lambda m: page.watch.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: page.watch.errors.append(str(error)))
    page.on("request", lambda r: page.watch.requests.append(r.url))
    page.on(
        "response",
        lambda r: page.watch.errors.append(f"HTTP {r.status} {r.url}") if r.status >= 400 else None,
    )
    page.base = base_url
    return page
