"""Sentences in the visit's language: Python's own ``gettext`` over a compiled catalog.

Every string a person reads is one whole sentence of the catalogs, with named placeholders
filled after translation (``gettext("{name} places a tile.", name=...)``), plurals chosen by
the language's own rule (``ngettext``: Polish has three forms), and a context where one English
word has several translations (``pgettext("district kind", "Markets")``).  The methods bear
gettext's own names, so that any standard extractor (xgettext, Babel) finds the sentences.
Lists of names are joined by the language's own patterns (``join``), never by English grammar
in code.

A language without a catalog, or a catalog that cannot be read, shows the English source
sentences: never an error.
"""

from __future__ import annotations

import gettext
import io
import struct

from common.languages import SOURCE


class Translator:
    """The sentences of one language, from the bytes of its compiled ``.mo`` catalog (None:
    the English source)."""

    def __init__(self, language: str = SOURCE, catalog: bytes | None = None) -> None:
        self.language = language
        self.fallback = False
        translations: gettext.NullTranslations = gettext.NullTranslations()
        if catalog is not None:
            try:
                translations = gettext.GNUTranslations(io.BytesIO(catalog))
            except (OSError, ValueError, LookupError, SyntaxError, struct.error):
                self.fallback = True  # an unreadable catalog: English, said by ``fallback``
        self._translations = translations

    def gettext(self, message: str, /, **values: object) -> str:
        """``message`` in this language, its ``{placeholders}`` filled with ``values``."""
        return _fill(self._translations.gettext(message), message, values)

    def ngettext(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """The form of ``singular`` / ``plural`` this language uses for ``count`` (also given
        to the sentence as ``{count}``)."""
        chosen = self._translations.ngettext(singular, plural, count)
        return _fill(chosen, singular if count == 1 else plural, {"count": count, **values})

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        """``message`` as this language says it in ``context`` (a word with several
        translations: "Markets" the district kind, "Markets" the variant)."""
        return _fill(self._translations.pgettext(context, message), message, values)

    def join(self, items: list[str]) -> str:
        """``items`` as one list in this language: "Ann, Bob and Cy", "Ann, Bob et Cy"."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        if len(items) == 2:
            return self.pgettext(
                "list of two", "{first} and {second}", first=items[0], second=items[1]
            )
        joined = items[0]
        for item in items[1:-1]:
            joined = self.pgettext("list, going on", "{start}, {next}", start=joined, next=item)
        return self.pgettext("list, its end", "{start} and {last}", start=joined, last=items[-1])


def _fill(sentence: str, source: str, values: dict[str, object]) -> str:
    """``sentence`` with its placeholders filled; a translation whose placeholders do not
    match (a catalog error the tests catch) falls back to the English ``source``."""
    try:
        return sentence.format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)
