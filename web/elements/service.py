"""The one Python of a page's Akropolis elements: requests in, descriptions out, as JSON text.

``elements.js`` (the hidden frame every element of a page shares) hands each message of the
host page's elements to ``Service.handle`` and posts its answer back.  A request names its
element (``key``), its language and what it wants: ``open`` (the notation and options),
``act`` (a step of the replay, a player, a turn of the tile, a spot, Undo) or
``close`` (the element left the page).  The answer is ``{"ok": true, "view": …}`` or
``{"ok": false, "error": "one sentence"}``: whatever a request holds, it never raises.
Pure Python, tested on CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common.i18n import Translator, _, explain, use
from common.languages import LANGUAGES, SOURCE
from elements.diagram import Diagram

#: A request longer than this is refused unread (notation is at most 10,000 characters).
MAX_REQUEST = 12_000
#: The elements one page may keep open at once (the oldest are forgotten beyond it).
MAX_ELEMENTS = 200
ACTIONS = frozenset({"seek", "player", "rotate", "place", "undo"})
GESTURES = frozenset({"click", "tap"})


def read_catalog(language: str, folder: Path = Path("locale")) -> bytes | None:
    """A language's compiled catalog from the Python bundle (``locale/fr.mo``), if any."""
    try:
        return (folder / f"{language}.mo").read_bytes()
    except OSError:
        return None


class Service:
    """Every element of one page, by key."""

    def __init__(self, site: str = "", catalog: Callable[[str], bytes | None] = read_catalog):
        self.site = site
        self.catalog = catalog
        self.diagrams: dict[str, Diagram] = {}
        self.translators: dict[str, Translator] = {}

    def handle(self, text: str) -> str:
        """One request's answer (both JSON text)."""
        try:
            answer = self.answer(text)
        except Exception as error:  # a bug of ours: one sentence, never a traceback
            print(f"akropolis: {type(error).__name__}: {error}")
            answer = {
                "ok": False,
                "error": _(
                    "Something went wrong while drawing this city. Reload the page to try again."
                ),
            }
        return json.dumps(answer, ensure_ascii=False)

    def speak(self, language: object) -> None:
        language = language if language in LANGUAGES else SOURCE
        if language not in self.translators:
            catalog = None if language == SOURCE else self.catalog(language)
            self.translators[language] = Translator(language, catalog)
        use(self.translators[language])

    def answer(self, text: str) -> dict[str, Any]:
        if not isinstance(text, str) or len(text) > MAX_REQUEST:
            return {"ok": False, "error": _("This request is too long.")}
        request = json.loads(text)
        if not isinstance(request, dict):
            return {"ok": False, "error": _("This request cannot be read.")}
        self.speak(request.get("lang"))
        key, op = str(request.get("key", ""))[:40], request.get("op")
        gesture = request.get("gesture") if request.get("gesture") in GESTURES else "click"
        if op == "close":
            self.diagrams.pop(key, None)
            return {"ok": True}
        try:
            if op == "open":
                diagram = Diagram(
                    str(request.get("query", "")),
                    str(request.get("notation", "")),
                    bool(request.get("game")),
                    self.site,
                )
                self.diagrams.pop(key, None)
                self.diagrams[key] = diagram
                while len(self.diagrams) > MAX_ELEMENTS:
                    self.diagrams.pop(next(iter(self.diagrams)))
                return {"ok": True, "view": diagram.view(gesture)}
            diagram = self.diagrams.get(key)
            if op != "act" or diagram is None or request.get("action") not in ACTIONS:
                return {"ok": False, "error": _("This request cannot be read.")}
            said = diagram.act(request["action"], request.get("value"))
            return {"ok": True, "view": diagram.view(gesture), "said": said}
        except ValueError as error:  # LinkError included: the element's error card
            return {"ok": False, "error": explain(error)}
