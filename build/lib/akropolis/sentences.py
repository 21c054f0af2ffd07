"""The engine's sentences: English text that still knows its template and its values.

Every message a person may read (a refusal, a reason a district scores or not, why a player
won, what is wrong with a record) is a ``Sentence``: a ``str`` holding the English text, as the
command line and ``str(error)`` show it, that also keeps the ``template`` it was filled from and
its ``values``.  A front end in another language translates the template (one whole sentence of
its catalogs, found there by reading the engine's source for ``Sentence(...)`` and
``Plural(...)`` calls with literal templates) and fills it with the values, themselves
translated when they are sentences, and joined by the language's own rules when they are a
tuple of names.  The engine stays English, standard library only, and never knows.
"""

from __future__ import annotations

from collections.abc import Mapping


class Sentence(str):
    """English text filled from ``template`` with named ``values`` (``{name}`` placeholders).

    ``plural`` is the template's plural form when the sentence depends on a count (``Plural``):
    the English text uses ``template`` for a count of 1 and ``plural`` otherwise, as gettext's
    ``ngettext`` does.  A value may be a number, text, another sentence, or a tuple of names
    (English joins them with " and ").
    """

    template: str
    plural: str | None
    count: int | None
    values: Mapping[str, object]

    def __new__(cls, template: str, /, **values: object) -> Sentence:
        return _make(cls, template, None, None, values)

    def __reduce__(self) -> tuple[object, ...]:  # pickle and copy keep the template
        return (_rebuild, (self.template, self.plural, self.count, dict(self.values)))


def Plural(singular: str, plural: str, count: int, /, **values: object) -> Sentence:
    """A sentence that depends on ``count`` (given to it as ``{count}``): ``singular`` when
    the count is 1, ``plural`` otherwise, in English; a catalog has the language's own forms."""
    return _make(Sentence, singular, plural, count, values)


def _make(
    cls: type[Sentence],
    template: str,
    plural: str | None,
    count: int | None,
    values: Mapping[str, object],
) -> Sentence:
    shown = template if plural is None or count == 1 else plural
    filled = {"count": count, **values} if plural is not None else dict(values)
    text = shown.format(**{key: english(value) for key, value in filled.items()})
    sentence = str.__new__(cls, text)
    sentence.template, sentence.plural, sentence.count = template, plural, count
    sentence.values = dict(values)
    return sentence


def _rebuild(
    template: str, plural: str | None, count: int | None, values: dict[str, object]
) -> Sentence:
    return _make(Sentence, template, plural, count, values)


def english(value: object) -> str:
    """A sentence's value as the English text shows it: a tuple of names joined with "and"."""
    if isinstance(value, tuple):
        return " and ".join(str(item) for item in value)
    return str(value)


def stone_count(count: int) -> Sentence:
    """``1 stone``, ``3 stones``: a count of stones, to be a value of another sentence."""
    return Plural("{count} stone", "{count} stones", count)


def N_(text: str) -> str:
    """Mark ``text`` as a sentence of the catalogs kept in a table (gettext's ``N_``): it is
    made a ``Sentence`` where it is used."""
    return text
