"""A diagram as HTML: the SVG of a city (what ``render`` draws) and a link to open it.

    from akropolis.diagrams import figure, read_options
    html = figure("C1;m=37@0,1:2", read_options({"kind": "markets"}), site="https://x.org/")

The options are the embed's, with the same names and values (``breakdown``, ``kind``,
``player`` counted from 1) and three of the picture's own (``size``, ``coordinates``,
``last``).  Unlike the embed, which passes over a value it does not know, a diagram refuses
it with a ``DiagramError`` saying which: the author sees it while building the site.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from ..checks import VARIANTS, excerpt, is_int
from ..game import Game
from ..picture import svg
from ..records import CityRecord, RecordError, dump, load

#: The pages a reader continues on: the game (a position) and the score calculator (a city).
GAME_PAGE = "index.html"
CALCULATOR_PAGE = "calculator.html"
DEFAULT_SIZE = 480
#: Each option's values; the first is the default, "" unset.  ``size`` takes any width
#: ``svg.MIN_SIZE`` to ``svg.MAX_SIZE``.
CHOICES: dict[str, tuple[str, ...]] = {
    "breakdown": ("1", "0"),
    "kind": ("", *VARIANTS),
    "player": ("", "1", "2", "3", "4"),
    "coordinates": ("0", "1"),
    "last": ("0", "1"),
}
OPTION_NAMES = (*CHOICES, "size")
YES_OR_NO = frozenset(name for name, values in CHOICES.items() if set(values) == {"0", "1"})


class DiagramError(ValueError):
    """A diagram that cannot be drawn: one line saying why."""


@dataclass(frozen=True, slots=True)
class DiagramOptions:
    """What a diagram shows; every field has its default."""

    breakdown: bool = True  # every district's verdict and the scorepad
    kind: str | None = None  # one kind highlighted ("markets"…)
    player: int | None = None  # a seat from 0; None: the player to move, or the winner
    size: int = DEFAULT_SIZE  # the picture's width in pixels
    coordinates: bool = False  # each hex's q,r written on it
    last: bool = False  # the last tile placed, outlined


def read_options(given: Mapping[str, str | None]) -> DiagramOptions:
    """Options from names and values as a page writes them (``{"player": "2"}``); a name
    without a value (``None`` or "") turns a yes-or-no option on."""
    found: dict[str, object] = {}
    for name, raw in given.items():
        if raw is None and name in OPTION_NAMES and name not in YES_OR_NO:
            raise DiagramError(f"{name} needs a value ({name}=…)")
        value = "1" if raw in (None, "") and name in YES_OR_NO else (raw or "").strip()
        if name == "size":
            if not value.isdigit() or not svg.MIN_SIZE <= int(value) <= svg.MAX_SIZE:
                raise DiagramError(
                    f"size must be a width from {svg.MIN_SIZE} to {svg.MAX_SIZE}, not "
                    f"{excerpt(value)}"
                )
            found["size"] = int(value)
        elif name not in CHOICES:
            raise DiagramError(f"unknown option {excerpt(name)} (known: {', '.join(OPTION_NAMES)})")
        elif value not in CHOICES[name]:
            known = ", ".join(v for v in CHOICES[name] if v)
            raise DiagramError(f"{name} must be one of {known}, not {excerpt(value)}")
        elif name == "player":
            found["player"] = int(value) - 1 if value else None
        elif name == "kind":
            found["kind"] = value or None
        else:
            found[name] = value == "1"
    return DiagramOptions(**found)  # type: ignore[arg-type]


def viewed_player(game: Game, player: int | None) -> int:
    """The seat shown: ``player`` if the game has it, else the player to move, or the (first)
    winner once the game is over."""
    if player is not None and player < game.players:
        return player
    return game.result().winners[0] if game.is_over else game.turn


def picture(
    subject: Game | CityRecord,
    *,
    player: int | None = None,
    explain: bool = False,
    kind: str | None = None,
    size: int = DEFAULT_SIZE,
    coordinates: bool = False,
    last: bool = False,
) -> str:
    """The SVG of a game's city (``player``'s, from 0) or of a city record: what the
    ``render`` command writes, without its final newline."""
    if isinstance(subject, CityRecord):
        if player is not None:
            raise DiagramError("a player is for a game; a city record has one city")
        city, more = subject.build(), {"variants": subject.variants, "stones": subject.stones}
    else:
        city, more = subject, {"player": player}
    try:
        return svg.city(
            city,
            **more,
            size=size,
            explain=explain,
            kind=kind,
            coordinates=coordinates,
            last=last,
        )
    except ValueError as error:
        raise DiagramError(str(error)) from None


def page_link(subject: Game | CityRecord, site: str = "") -> str:
    """Where "Open in Akropolis" goes: the game (a position) or the score calculator (a city),
    under ``site`` (the deployed game's address, ending in ``/``), in checked notation written
    anew from what the engine read, never the page's own text."""
    page = GAME_PAGE if isinstance(subject, Game) else CALCULATOR_PAGE
    return f"{site}{page}#{dump(subject, notation=True, check=True)}"


def figure(text: str, options: DiagramOptions = DiagramOptions(), site: str = "") -> str:
    """The HTML of one diagram: ``<figure class="akropolis-diagram">``, the SVG, and, when the
    deployed game's address ``site`` is given, a link to open the position there."""
    try:
        subject = load(text.strip())
    except RecordError as error:
        raise DiagramError(str(error)) from None
    player = options.player
    if isinstance(subject, Game):
        if player is not None and (not is_int(player) or player >= subject.players):
            raise DiagramError(f"there is no player {player + 1} in this game")
        player = viewed_player(subject, player)
    drawn = picture(
        subject,
        player=player,
        explain=options.breakdown,
        kind=options.kind,
        size=options.size,
        coordinates=options.coordinates,
        last=options.last,
    )
    link = ""
    if site:
        href = html.escape(page_link(subject, site if site.endswith("/") else site + "/"))
        link = f'<figcaption><a href="{href}">Open in Akropolis</a></figcaption>'
    return f'<figure class="akropolis-diagram">{drawn}{link}</figure>'
