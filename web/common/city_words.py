"""The city in words, for a player who does not see the canvas (or would rather read).

A screen reader cannot look at a picture of hexes, so every page can also say its city: each
visible hex with its cell (the notation's ``Q,R``), kind, level, the tile it belongs to and
whether it scores and why (the engine's verdict, ``akropolis.scoring``), as a table with a
caption and headers; and a tile's concise name for buttons ("Tile 33: house plaza, 2
quarries").  Plain Python over the engine's values, tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import TILES, City, Kind
from akropolis.picture.markup import escape
from akropolis.scoring import CityScore
from akropolis.tiles import STARS
from common.hand import hex_name, reading_order
from common.i18n import _, join, ngettext, translate

Hex = tuple[int, int]


def cell_name(cell: Hex) -> str:
    """A cell as the notation writes it (``0,2``), the same in every language."""
    return f"{cell[0]},{cell[1]}"


def counted_hexes(kind: Kind, count: int) -> str:
    """``2 quarries``, ``3 houses``: several hexes of one kind on a tile (plazas come alone)."""
    if count == 1:
        return hex_name(kind)
    if kind is Kind.QUARRY:
        return ngettext("{count} quarry", "{count} quarries", count)
    if kind is Kind.HOUSE:
        return ngettext("{count} house", "{count} houses", count)
    if kind is Kind.MARKET:
        return ngettext("{count} market", "{count} markets", count)
    if kind is Kind.BARRACKS:
        return ngettext("{count} barracks", "{count} barracks", count)
    if kind is Kind.TEMPLE:
        return ngettext("{count} temple", "{count} temples", count)
    return ngettext("{count} garden", "{count} gardens", count)


def tile_contents(tile_id: int) -> str:
    """A tile's hexes in a few words, like kinds counted together: ``house plaza, 2
    quarries`` (the order of the tile: hex_a first)."""
    kinds = TILES[tile_id].hexes
    seen = list(dict.fromkeys(kinds))
    return join([counted_hexes(kind, kinds.count(kind)) for kind in seen])


def tile_name(tile_id: int, cost: int | None = None) -> str:
    """A tile's concise name for a screen reader: ``Tile 33: house plaza, 2 quarries``, with
    its price when it is on a Construction Site (``… — free``, ``… — 2 stones``)."""
    contents = tile_contents(tile_id)
    if cost is None:
        return _("Tile {tile}: {hexes}", tile=tile_id, hexes=contents)
    if not cost:
        return _("Tile {tile}: {hexes} — free", tile=tile_id, hexes=contents)
    return ngettext(
        "Tile {tile}: {hexes} — {count} stone",
        "Tile {tile}: {hexes} — {count} stones",
        cost,
        tile=tile_id,
        hexes=contents,
    )


def tiles_under(city: City) -> dict[Hex, int | None]:
    """The tile each visible hex belongs to, by cell (``City.pieces``): 0 for the starting
    tile, None for a hex drawn alone (the calculator's by hexes)."""
    tiles = {number: placement.tile for number, placement in enumerate(city.placements, 1)}
    tiles[0] = 0
    return {cell: tiles.get(piece) for cell, piece in city.pieces().items()}


@dataclass(frozen=True, slots=True)
class HexWords:
    """One visible hex in words: the row of the city's table."""

    cell: str
    kind: str
    level: int
    tile: str
    scoring: str


def plaza_words(kind: Kind) -> str:
    """What a plaza does, in a sentence: it multiplies its kind's districts by its stars."""
    stars = STARS[kind.district]
    if kind is Kind.HOUSE_PLAZA:
        return ngettext(
            "Counts {count} star for houses.", "Counts {count} stars for houses.", stars
        )
    if kind is Kind.MARKET_PLAZA:
        return ngettext(
            "Counts {count} star for markets.", "Counts {count} stars for markets.", stars
        )
    if kind is Kind.BARRACKS_PLAZA:
        return ngettext(
            "Counts {count} star for barracks.", "Counts {count} stars for barracks.", stars
        )
    if kind is Kind.TEMPLE_PLAZA:
        return ngettext(
            "Counts {count} star for temples.", "Counts {count} stars for temples.", stars
        )
    return ngettext("Counts {count} star for gardens.", "Counts {count} stars for gardens.", stars)


def hex_words(city: City, score: CityScore | None) -> list[HexWords]:
    """Every visible hex of ``city``, top row first and left to right within a row (reading
    order), each with why it scores or not when ``score`` (its breakdown) is given."""
    verdicts = {verdict.cell: verdict for verdict in score.hexes} if score else {}
    tiles = tiles_under(city)
    rows = []
    for cell, kind, level in sorted(city.hexes(), key=lambda item: reading_order(item[0])):
        tile = tiles[cell]
        if tile is None:
            tile_text = "—"
        elif tile == 0:
            tile_text = _("starting tile")
        else:
            tile_text = str(tile)
        if kind is Kind.QUARRY:
            scoring = _("A quarry scores nothing.")
        elif kind.is_plaza:
            scoring = plaza_words(kind)
        elif cell in verdicts:
            verdict = verdicts[cell]
            reason = translate(verdict.reason)
            if verdict.points:
                scoring = ngettext(
                    "Scores {count} point: {reason}.",
                    "Scores {count} points: {reason}.",
                    verdict.points,
                    reason=reason,
                )
            else:
                scoring = _("Scores nothing: {reason}.", reason=reason)
        else:
            scoring = ""
        rows.append(HexWords(cell_name(cell), hex_name(kind), level, tile_text, scoring))
    return rows


def city_table_html(city: City, score: CityScore | None, caption: str) -> str:
    """The city as a table a screen reader can walk: a caption, column headers, a row per
    visible hex (``hex_words``)."""
    heads = (_("Cell"), _("Hex"), _("Level"), _("Tile"), _("Scoring"))
    head = "".join(f'<th scope="col">{escape(text)}</th>' for text in heads)
    rows = "".join(
        f'<tr><th scope="row">{escape(row.cell)}</th><td>{escape(row.kind)}</td>'
        f"<td>{row.level}</td><td>{escape(row.tile)}</td><td>{escape(row.scoring)}</td></tr>"
        for row in hex_words(city, score)
    )
    return (
        f'<table class="city-words"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )
