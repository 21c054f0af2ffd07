"""The languages the product speaks, and which one a visit uses.

The order of choice (issue 26): the embed's ``lang=`` option; otherwise the language the player
chose on a page, remembered; otherwise the first of the browser's languages that the product
speaks (``fr-CA`` is French); otherwise English.  Pure Python: the pages pass in what they read
from the URL, storage and ``navigator.languages``.
"""

from __future__ import annotations

from collections.abc import Iterable

#: The product's languages, English first (the source language of every catalog).
LANGUAGES: tuple[str, ...] = ("en", "fr", "pl")
#: The source language: what is shown when nothing else is asked for or known.
SOURCE = "en"
#: Each language's name in itself, for the language switch (never translated).
NATIVE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "pl": "Polski"}


def spoken(tag: object) -> str | None:
    """The product's language for a BCP 47 tag (``"fr-CA"`` → ``"fr"``), or None."""
    if not isinstance(tag, str):
        return None
    primary = tag.strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else None


def choose(
    requested: object = None, remembered: object = None, browser: Iterable[object] = ()
) -> str:
    """The language of a visit: ``requested`` (the embed's ``lang=``), else ``remembered`` (the
    player's choice), else the first of the ``browser``'s languages spoken here, else English.
    Anything unknown or malformed is passed over, never an error."""
    for tag in (requested, remembered, *browser):
        language = spoken(tag)
        if language is not None:
            return language
    return SOURCE
