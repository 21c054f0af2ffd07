"""What the file formats share: their names, their version, the reader's one error and its
checks of a record's header and of the shape of its JSON data.

``notation`` (text ↔ record data) and ``records`` (record data ↔ ``Game`` / ``CityRecord``)
both build on this module, so neither needs the other's internals and the import order is
simply formats → notation → records.
"""

from __future__ import annotations

from typing import Any

from .checks import cut_message, excerpt, is_int, reason_of
from .sentences import Sentence

__all__ = [
    "CITY_FORMAT",
    "CITY_HEADER",
    "GAME_FORMAT",
    "GAME_HEADER",
    "READABLE_VERSIONS",
    "VERSION",
    "RecordError",
    "check_header",
    "expect_int",
    "expect_list",
    "expect_object",
    "reported",
]

#: The ``format`` of a JSON game record and of a JSON city record.
GAME_FORMAT = "akropolis-game"
CITY_FORMAT = "akropolis-city"
#: The record version this program writes; ``READABLE_VERSIONS`` are those it still reads.
VERSION = 1
READABLE_VERSIONS = (1,)
#: The headers of game and city notation (``A1;…``, ``C1;…``): a letter and the version.
GAME_HEADER = f"A{VERSION}"
CITY_HEADER = f"C{VERSION}"


class RecordError(ValueError):
    """A record that cannot be read; the message is one short line for the person who gave it."""

    def __init__(self, message: str) -> None:
        super().__init__(cut_message(message))


def reported(check: Any, where: str, *args: Any) -> Any:
    """Run a shared check, reporting its failure as a RecordError at ``where`` (if any): a
    sentence ``where: reason`` that keeps the check's own as its value."""
    try:
        return check(*args)
    except ValueError as error:
        reason = reason_of(error)
        if where:
            reason = Sentence("{where}: {reason}", where=where, reason=reason)
        raise RecordError(reason) from None


def expect_object(value: Any, where: str, required: set[str], optional: set[str]) -> dict:
    """``value`` if it is a JSON object with the ``required`` keys and no key not ``optional``."""
    if not isinstance(value, dict):
        raise RecordError(
            Sentence(
                "{where} must be a JSON object, not {value}", where=where, value=excerpt(value)
            )
        )
    for key in value:
        if key not in required and key not in optional:
            raise RecordError(Sentence("{where}: unknown key {key}", where=where, key=excerpt(key)))
    for key in sorted(required):
        if key not in value:
            raise RecordError(Sentence("{where}: missing key {key}", where=where, key=repr(key)))
    return value


def expect_int(value: Any, where: str, low: int, high: int) -> int:
    """As ``checks.check_int``, with the same sentences (``where`` is their ``what``)."""
    if not is_int(value):
        raise RecordError(
            Sentence("{what} must be a whole number, not {value}", what=where, value=excerpt(value))
        )
    if not low <= value <= high:
        raise RecordError(
            Sentence(
                "{what} must be from {low} to {high}, not {value}",
                what=where,
                low=low,
                high=high,
                value=excerpt(value),
            )
        )
    return value


def expect_list(value: Any, where: str) -> list:
    """``value`` if it is a JSON array."""
    if not isinstance(value, list):
        raise RecordError(
            Sentence("{where} must be a JSON array, not {value}", where=where, value=excerpt(value))
        )
    return value


def check_header(data: Any, expected: str) -> None:
    """A record of the ``expected`` format, in a version this program reads."""
    if not isinstance(data, dict):
        raise RecordError(
            Sentence("the record must be a JSON object, not {value}", value=excerpt(data))
        )
    fmt = data.get("format")
    if fmt != expected:
        if fmt == GAME_FORMAT:
            raise RecordError(Sentence("this is a game record, not a city record"))
        if fmt == CITY_FORMAT:
            raise RecordError(Sentence("this is a city record, not a game record"))
        raise RecordError(
            Sentence(
                "format must be {expected}, not {value}",
                expected=repr(expected),
                value=excerpt(fmt),
            )
        )
    version = data.get("version")
    if not is_int(version) or version not in READABLE_VERSIONS:
        if is_int(version) and version > VERSION:
            raise RecordError(
                Sentence(
                    "unsupported version {value}, made by a newer version of the program "
                    "(this program reads version {version})",
                    value=excerpt(version),
                    version=VERSION,
                )
            )
        raise RecordError(
            Sentence(
                "unsupported version {value} (this program reads version {version})",
                value=excerpt(version),
                version=VERSION,
            )
        )
