"""An embed link, read and written: options in its query, a city or game in its fragment.

``embed.html?kind=markets&player=2#C1;v=m;st=2;m=…`` — the fragment is a city (``C1;…``) or a
game (``A1;…``) in notation; each option comes from an allow-list and falls back to its
default for a value it does not know.  A link is *refused* (``LinkError``, shown as the error
card) when it is not plainly one of ours: a fragment over the notation limit (checked before
anything else is read), notation the engine refuses, a query over ``MAX_QUERY_LENGTH``, or any
parameter whose name or value holds anything but letters, digits and ``-._~`` (markup,
``javascript:``, spaces, quotes) or is longer than allowed.  Nothing from the link is ever
echoed as markup: the page only compares it with the allow-lists and hands it to the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from akropolis import Game, diagrams, notation, records
from akropolis.checks import MAX_NOTATION_LENGTH, VARIANTS
from akropolis.records import CityRecord, RecordError
from akropolis.tiles import TILES
from common.i18n import _, explain, number
from common.languages import LANGUAGES

#: A query longer than this is refused whole (every option together needs about 90).
MAX_QUERY_LENGTH = 400
#: Values of our options: short, plain words and numbers ("interactive" is the longest).
_OPTION_VALUE = re.compile(r"[A-Za-z0-9_-]{0,12}")
#: Names and values of parameters we do not use (a tracker's ``utm_source=x``): ignored if plain.
_OTHER_PARAMETER = re.compile(r"[A-Za-z0-9._~-]{0,64}")

#: Each option's values as a link writes them; the first is the default ("" means unset).
ALLOWED: dict[str, tuple[str, ...]] = {
    "breakdown": ("1", "0"),
    "kind": ("", *VARIANTS),
    "player": ("", "1", "2", "3", "4"),
    "mode": ("static", "interactive"),
    "theme": ("light", "dark"),
    "lang": ("", *LANGUAGES),  # read by i18n.js before Python: listed so it is checked here too
    "tile": ("", *(str(tile) for tile in sorted(TILES))),
}


class LinkError(ValueError):
    """A link the embed refuses; the message is one short line for the error card."""


@dataclass(frozen=True, slots=True)
class EmbedOptions:
    """What the link asks to show; every field has its default."""

    breakdown: bool = True
    kind: str | None = None  # one kind to highlight ("markets"…)
    player: int | None = None  # a seat from 0; None: the player to move, or the winner
    mode: str = "static"  # "interactive": pan and zoom
    theme: str = "light"
    tile: int | None = None  # "try it": the tile the reader may place

    @property
    def interactive(self) -> bool:
        return self.mode == "interactive"


@dataclass(frozen=True, slots=True)
class EmbedLink:
    """A link read: its options and its subject (a game, or a city record)."""

    options: EmbedOptions
    subject: Game | CityRecord


# --- Reading -----------------------------------------------------------------------------------


def read_link(search: str, fragment: str) -> EmbedLink:
    """The options and subject of a link (``location.search`` and ``location.hash``)."""
    text = read_fragment(fragment)  # the length first, before anything is parsed
    options = parse_query(search)
    return EmbedLink(options, read_subject(text))


def read_fragment(fragment: str) -> str:
    """The notation in a link's fragment, refused unread when longer than notation may be."""
    text = fragment.removeprefix("#") if isinstance(fragment, str) else ""
    if len(text) > MAX_NOTATION_LENGTH:
        raise LinkError(
            _(
                "This link is too long to hold a city or a game ({length} characters; "
                "at most {limit}).",
                length=number(len(text)),
                limit=number(MAX_NOTATION_LENGTH),
            )
        )
    if not text.strip():
        raise LinkError(_("This link shows nothing: a city (C1;…) or a game (A1;…) goes after #."))
    return text


def read_subject(text: str) -> Game | CityRecord:
    """The game or city a fragment holds, checked by the engine."""
    body = notation.from_link(text)  # whole fragments percent-encoded by a site are decoded
    if body is None:
        raise LinkError(_("This link does not hold an Akropolis city (C1;…) or game (A1;…)."))
    try:
        return records.load(body)
    except RecordError as error:
        why = _("This link's city or game cannot be read: {reason}.", reason=explain(error))
        raise LinkError(why) from None


def parse_query(search: str) -> EmbedOptions:
    """The options of a query (``?kind=markets&player=2``); the first of a repeated one wins."""
    query = search.removeprefix("?") if isinstance(search, str) else ""
    if len(query) > MAX_QUERY_LENGTH:
        raise LinkError(
            _("This link's options are too long ({length} characters).", length=number(len(query)))
        )
    given: dict[str, str] = {}
    for part in query.split("&"):
        if not part:
            continue
        raw_name, _equals, raw_value = part.partition("=")
        name, value = _decoded(raw_name), _decoded(raw_value)
        if name in ALLOWED:
            if not _OPTION_VALUE.fullmatch(value):
                raise LinkError(
                    _("This link's option {name} has a value that is not allowed.", name=repr(name))
                )
            given.setdefault(name, value)
        elif not (_OTHER_PARAMETER.fullmatch(name) and _OTHER_PARAMETER.fullmatch(value)):
            raise LinkError(_("This link's options hold characters that are not allowed."))
    chosen = {
        name: given[name] if given.get(name) in values else values[0]
        for name, values in ALLOWED.items()
    }
    return EmbedOptions(
        breakdown=chosen["breakdown"] == "1",
        kind=chosen["kind"] or None,
        player=int(chosen["player"]) - 1 if chosen["player"] else None,
        mode=chosen["mode"],
        theme=chosen["theme"],
        tile=int(chosen["tile"]) if chosen["tile"] else None,
    )


def _decoded(text: str) -> str:
    try:
        return notation.percent_decode(text)
    except UnicodeError:
        raise LinkError(_("This link's options are not valid text.")) from None


def viewed_player(game: Game, options: EmbedOptions) -> int:
    """The seat to show: the link's ``player`` if the game has it, else the player to move,
    or the (first) winner once the game is over (as a documentation site's diagram)."""
    return diagrams.viewed_player(game, options.player)


# --- Writing -----------------------------------------------------------------------------------


def full_page_link(subject: Game | CityRecord) -> str:
    """Where "Open in Akropolis" goes: the full page at this position, with checked notation
    (written anew from what the engine read, never the link's own text)."""
    return diagrams.page_link(subject)
