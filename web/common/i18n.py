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

import gettext as _gettext
import io
import re
import struct

from akropolis.sentences import Sentence
from common.languages import SOURCE

#: The test language (``?lang=qps``): every sentence visibly transformed, ``stretch`` percent
#: longer, so that a browser test finds any text that escapes translation or overflows.
PSEUDO = "qps"
#: The most the pseudo-language lengthens a sentence, in percent (``i18n.js`` clamps the same).
MAX_STRETCH = 100
_ACCENTS = str.maketrans("aeiouAEIOUcn", "áéíóúÁÉÍÓÚçñ")
_KEPT = re.compile(r"(\{[a-z_]+\}|<[^>]*>|&[a-z#0-9]+;)")


def clamp_stretch(value: object) -> int:
    """A stretch as the pseudo-language uses it: a whole number from 0 to ``MAX_STRETCH``
    (anything else, from a link or a script: 0)."""
    try:
        number = round(float(value))
    except (TypeError, ValueError, OverflowError):
        return 0
    return min(max(number, 0), MAX_STRETCH)


def pseudo(text: str, stretch: int = 0) -> str:
    """``text`` in the pseudo-language (as ``i18n.js`` makes it): accented letters in brackets,
    placeholders and markup kept, ``stretch`` percent longer (in words of ``~``)."""
    stretch = clamp_stretch(stretch)
    parts = _KEPT.split(text)
    body = "".join(part if i % 2 else part.translate(_ACCENTS) for i, part in enumerate(parts))
    extra = -(-len(text) * stretch // 100)
    return f"⟦{body}{('~~~~ ' * extra)[:extra]}⟧"  # words, as longer text would wrap


class _Pseudo(_gettext.NullTranslations):
    def __init__(self, stretch: int) -> None:
        super().__init__()
        self.stretch = clamp_stretch(stretch)

    def gettext(self, message: str) -> str:
        return pseudo(message, self.stretch)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2, self.stretch)

    def pgettext(self, context: str, message: str) -> str:
        if context.endswith("separator"):  # numbers stay numbers
            return message
        return pseudo(message, self.stretch)


class Translator:
    """The sentences of one language, from the bytes of its compiled ``.mo`` catalog (None:
    the English source)."""

    def __init__(
        self, language: str = SOURCE, catalog: bytes | None = None, stretch: int = 0
    ) -> None:
        self.language = language
        self.fallback = False
        translations: _gettext.NullTranslations = _gettext.NullTranslations()
        if language == PSEUDO:
            translations = _Pseudo(stretch)
        elif catalog is not None:
            try:
                translations = _gettext.GNUTranslations(io.BytesIO(catalog))
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

    def translate(self, value: object) -> str:
        """``value`` in this language when it is an engine ``Sentence`` (``common.i18n``'s
        ``translate``); a tuple is a list of names; anything else is shown as it is."""
        if isinstance(value, tuple):
            return self.join([self.translate(item) for item in value])
        if not isinstance(value, Sentence):
            return str(value)
        values = {key: self.translate(item) for key, item in value.values.items()}
        if value.plural is not None and value.count is not None:
            chosen = self._translations.ngettext(value.template, value.plural, value.count)
            fallback = value.template if value.count == 1 else value.plural
            return _fill(chosen, fallback, {"count": value.count, **values})
        return _fill(self._translations.gettext(value.template), value.template, values)

    def number(self, value: float, digits: int = 0) -> str:
        """``value`` written as this language writes numbers (``1,234.5``, ``1 234,5``): the
        separators are entries of its catalog."""
        text = f"{abs(value):,.{digits}f}"
        point = self.pgettext("decimal separator", ".")
        group = self.pgettext("thousands separator", ",")
        text = text.replace(",", "\0").replace(".", point).replace("\0", group)
        return f"-{text}" if value < 0 and text.strip("0.,\u202f\u00a0 ") else text

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


#: The page's language: set once at start by ``use`` (a switch reloads the page), English until
#: then, and in the tests on CPython unless a test chooses another.
_current = Translator()


def use(translator: Translator) -> None:
    """Make ``translator`` the page's language for every sentence shown from now on."""
    global _current
    _current = translator


def current() -> Translator:
    """The page's translator."""
    return _current


def _(message: str, /, **values: object) -> str:
    """``message`` in the page's language (``Translator.gettext``)."""
    return _current.gettext(message, **values)


def ngettext(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The page's form of a sentence with a count (``Translator.ngettext``)."""
    return _current.ngettext(singular, plural, count, **values)


def pgettext(context: str, message: str, /, **values: object) -> str:
    """``message`` in ``context`` in the page's language (``Translator.pgettext``)."""
    return _current.pgettext(context, message, **values)


def join(items: list[str]) -> str:
    """``items`` as one list in the page's language (``Translator.join``)."""
    return _current.join(items)


def in_a_row(sentences: list[str]) -> str:
    """Whole sentences said one after the other, with the language's own spacing."""
    text = sentences[0]
    for then in sentences[1:]:
        text = pgettext("two sentences in a row", "{first} {then}", first=text, then=then)
    return text


def translate(value: object) -> str:
    """An engine ``Sentence`` (a refusal, a reason, a result) in the page's language, its values
    translated too, a tuple of names joined by the language's rules; any other value as text."""
    return _current.translate(value)


def number(value: float, digits: int = 0) -> str:
    """``value`` as the page's language writes numbers (``Translator.number``)."""
    return _current.number(value, digits)


def explain(error: BaseException) -> str:
    """Why the engine refused something (its error's ``Sentence``), in the page's language;
    an error without one (not the engine's) as its text."""
    return _current.translate(error.args[0]) if error.args else str(error)


def _fill(sentence: str, source: str, values: dict[str, object]) -> str:
    """``sentence`` with its placeholders filled; a translation whose placeholders do not
    match (a catalog error the tests catch) falls back to the English ``source``."""
    try:
        return sentence.format(**values)
    except (KeyError, IndexError, ValueError):
        return source.format(**values)
