"""What the file formats share: their names, their version and the reader's one error.

``notation`` (text ↔ record data) and ``records`` (record data ↔ ``Game`` / ``CityRecord``)
both build on this module, so neither needs the other's internals and the import order is
simply formats → notation → records.
"""

from __future__ import annotations

from .checks import cut_message

__all__ = [
    "CITY_FORMAT",
    "CITY_HEADER",
    "GAME_FORMAT",
    "GAME_HEADER",
    "READABLE_VERSIONS",
    "VERSION",
    "RecordError",
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
