"""Finding words that escape translation in the HTML the pages' Python builds.

With the pseudo-language on (the ``pseudo`` fixture of ``tests/web/conftest.py``) every
translated sentence reads ``⟦…⟧``; whatever English word is left outside is a sentence that
never went through the catalogs.
"""

from __future__ import annotations

import re


def untranslated(html: str, known: set[str] = frozenset(), *, pictures: bool = False) -> set[str]:
    """The words of ``html`` outside every translated sentence (``⟦…⟧``) and its markup, the
    words of its ``title`` and ``aria-label`` attributes included, less the ``known`` ones (the
    players' names: data, never translated).  ``pictures``: leave out ``<svg>`` (the engine's
    pictures, translated by their own tests) and ``<code>`` (move notation)."""
    if pictures:
        html = re.sub(r"<svg.*?</svg>|<code>.*?</code>", " ", html, flags=re.S)
    said = " ".join(re.findall(r'(?:title|aria-label)="([^"]*)"', html))
    text = re.sub(r"<title>.*?</title>", " ", html) + " " + said
    text = re.sub(r"<[^>]*>", " ", text)
    while "⟦" in text:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        assert shorter != text, text
        text = shorter
    return set(re.findall(r"[A-Za-z]{2,}", text)) - set(known)
