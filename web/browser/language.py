"""The page's language in Python: the one ``i18n.js`` chose before the page was painted.

``i18n.js`` decides (the embed's ``lang=``, the player's remembered choice, the browser's
languages, English) and translates the first screen; here Python takes the same choice and the
language's compiled catalog, which the build put in the Python bundle (``locale/fr.mo``), so
that everything Python shows afterwards is in the same language.  A catalog that is missing or
cannot be read leaves the page in English (``Translator.fallback``), never an error.
"""

from __future__ import annotations

from pathlib import Path

from js import window

from common.i18n import Translator, clamp_stretch, use
from common.languages import SOURCE


def start_language() -> str:
    """Make the language ``i18n.js`` chose the page's, and say which it is."""
    chosen = getattr(window, "akropolisI18n", None)
    language = str(getattr(chosen, "language", SOURCE) or SOURCE)
    stretch = clamp_stretch(getattr(chosen, "stretch", 0))
    catalog = None
    path = Path("locale") / f"{language}.mo"
    if language != SOURCE and path.is_file():
        try:
            catalog = path.read_bytes()
        except OSError:
            catalog = None
    use(Translator(language, catalog, stretch=stretch))
    return language
