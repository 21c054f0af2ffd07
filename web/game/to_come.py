"""The tiles still to come (issue 66): what a player counting the box knows, never the order.

Pure Python, tested on CPython: from a game in progress, how many stacks remain and, among the
tiles not seen yet (the pool less the Construction Site and every tile placed: the engine's
``Game.to_come``), the plazas of each district kind with their stars, the district hexes of each
kind, and the quarries.  Nothing here reads the order of the stacks, so a game dealt in advance,
the same game with its hidden tiles in another order, and a game by link whose stacks are not
dealt yet all give the same.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from akropolis import Game
from akropolis.picture.markup import escape
from akropolis.tiles import DISTRICTS, KIND_NAMES, PLAZA_OFFSET, STARS, TILES, Kind
from common.i18n import ngettext, pgettext
from common.scorepad import kind_title


@dataclass(frozen=True)
class ToCome:
    """What is still in the stacks, by kind."""

    stacks: int
    tiles: int
    #: Plazas to come of each district kind (each has ``STARS[kind]`` stars).
    plazas: dict[Kind, int]
    #: District hexes to come of each kind (plazas apart).
    districts: dict[Kind, int]
    quarries: int

    def stars(self, kind: Kind) -> int:
        """The stars of the plazas of ``kind`` still to come."""
        return self.plazas[kind] * STARS[kind]


def to_come(game: Game) -> ToCome:
    """What ``game`` still has to turn over."""
    hexes: Counter[Kind] = Counter()
    tiles = game.to_come()
    for tile in tiles:
        hexes.update(TILES[tile].hexes)
    return ToCome(
        stacks=game.stacks_left,
        tiles=len(tiles),
        plazas={kind: hexes[Kind(kind + PLAZA_OFFSET)] for kind in DISTRICTS},
        districts={kind: hexes[kind] for kind in DISTRICTS},
        quarries=hexes[Kind.QUARRY],
    )


def to_come_html(summary: ToCome) -> str:
    """The panel: how many stacks and tiles are left, then a table of the plazas (with their
    stars), district hexes and quarries among them.  Words only, never the order."""
    stacks = ngettext("{count} stack left.", "{count} stacks left.", summary.stacks)
    tiles = ngettext(
        "{count} tile not seen yet; nobody knows their order.",
        "{count} tiles not seen yet; nobody knows their order.",
        summary.tiles,
    )
    head = (
        f'<tr><th scope="col">{escape(pgettext("tiles to come", "District"))}</th>'
        f'<th scope="col">{escape(pgettext("tiles to come", "Plazas"))}</th>'
        f'<th scope="col">{escape(pgettext("tiles to come", "District hexes"))}</th></tr>'
    )
    rows = []
    for kind in DISTRICTS:
        rows.append(
            f'<tr><th scope="row"><span class="dot {KIND_NAMES[kind]}"></span>'
            f"{escape(kind_title(KIND_NAMES[kind]))}</th>"
            f"<td>{summary.plazas[kind]} {_stars(summary.stars(kind))}</td>"
            f"<td>{summary.districts[kind]}</td></tr>"
        )
    rows.append(
        f'<tr><th scope="row"><span class="dot quarries"></span>'
        f"{escape(pgettext('tiles to come', 'Quarries'))}</th>"
        f"<td>—</td><td>{summary.quarries}</td></tr>"
    )
    caption = escape(pgettext("tiles to come", "Among the tiles not seen yet"))
    return (
        f'<p class="site-note">{escape(stacks)} {escape(tiles)}</p>'
        f'<div class="to-come-box"><table class="to-come"><caption>{caption}</caption>'
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def _stars(count: int) -> str:
    """``(5 ★)`` to see, "(5 stars)" to hear."""
    said = ngettext("({count} star)", "({count} stars)", count)
    return (
        f'<span aria-hidden="true">({count}\u2009★)</span>'
        f'<span class="visually-hidden">{escape(said)}</span>'
    )
