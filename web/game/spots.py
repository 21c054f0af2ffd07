"""The legal spots of the tile in hand, in words, and moves typed in the game's notation.

What a sighted player sees as dots on the canvas, a screen reader says: how many spots the
held tile has, each spot's move in the notation (``18@0,2:0``), its level, the tiles it would
cover, the stones its quarries give and the score the city would have.  A move typed in the
notation is checked by the engine and refused in its words.  Plain Python over ``Game``,
tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import DIRECTIONS, Game, IllegalMoveError, LegalMove, Move
from akropolis.formats import RecordError
from akropolis.hexes import pack
from akropolis.notation import parse_move
from akropolis.picture.markup import escape
from akropolis.scoring import score_city
from common.city_words import tiles_under
from common.hand import place_hint, reading_order
from common.i18n import _, in_a_row, join, ngettext, pgettext, translate


@dataclass(frozen=True, slots=True)
class SpotWords:
    """One legal spot of the tile in hand and what it would do."""

    move: Move
    level: int
    covers: tuple[int, ...]  # the tiles it would cover (0: the starting tile), none on level 1
    stones_gained: int
    total: int  # the player's score after the move
    change: int  # against the score now
    touches: tuple[int, ...] = ()  # the tiles it would sit beside (0: the starting tile)
    contacts: int = 0  # how many of its hexes' sides would touch the city

    @property
    def notation(self) -> str:
        return str(self.move)


def legal_spots(game: Game, site_index: int) -> list[SpotWords]:
    """Every legal spot of the site's tile ``site_index`` for the player to move, best first
    (``best_first``)."""
    if game.is_over or game.is_architect(game.turn):
        return []
    moves = [info for info in game.legal_moves() if info.site_index == site_index]
    city = game.cities[game.turn].copy()
    tiles = tiles_under(city)
    now = game.score(game.turn).total
    spots = [spot_words(game, city, info, tiles, now) for info in moves]
    return best_first(spots, city)


def best_first(spots: list[SpotWords], city) -> list[SpotWords]:
    """The order a player weighs spots in: the most points after the move, then the most
    stones, the higher level, the most sides touching the city (a compact city keeps its
    temples surrounded and its houses together), then the nearest the city's middle; only then
    the top of the city first.  Never a line of spots down one edge because they tie."""
    cells = [cell for cell, _kind, _level in city.hexes()] or [(0, 0)]
    mq = sum(q for q, _r in cells) / len(cells)
    mr = sum(r for _q, r in cells) / len(cells)

    def away(spot: SpotWords) -> float:
        q, r = spot.move.anchor
        dq, dr = q - mq, r - mr
        return (dq * dq + dr * dr + dq * dr) ** 0.5  # hex distance, near enough

    return sorted(
        spots,
        key=lambda spot: (
            -spot.total,
            -spot.stones_gained,
            -spot.level,
            -spot.contacts,
            round(away(spot), 3),
            reading_order(spot.move.anchor),
            spot.move.rotation,
        ),
    )


def spot_words(game: Game, city, info: LegalMove, tiles: dict, now: int) -> SpotWords:
    """What ``info`` would do: play it on a copy of the city, score it, take it back.
    ``tiles`` says which tile each hex of the city belongs to (``city_words.tiles_under``)."""
    placed = set(info.cells)
    covers: tuple[int, ...] = ()
    if info.level > 1:
        covers = tuple(sorted({tiles.get(cell) for cell in info.cells} - {None}))
    beside = [(cell[0] + dq, cell[1] + dr) for cell in info.cells for dq, dr in DIRECTIONS]
    beside = [cell for cell in beside if cell not in placed and cell in tiles]
    touches = tuple(sorted({tiles[cell] for cell in beside} - {None}))
    stones = game.stones[game.turn] - info.cost + info.stones_gained
    city.put(info.move, tuple(pack(*cell) for cell in info.cells), info.level)
    try:
        total = score_city(city, game.variants, stones).total
    finally:
        city.undo()
    return SpotWords(
        info.move, info.level, covers, info.stones_gained, total, total - now, touches, len(beside)
    )


def signed(change: int) -> str:
    """``+3``, ``−2``, ``±0``: a change of score (the minus sign, not a hyphen)."""
    if change > 0:
        return f"+{change}"
    return f"−{-change}" if change < 0 else "±0"


def tile_list(tiles: tuple[int, ...]) -> str:
    """Tiles named in a list of the page's language: "the starting tile and tile 31"."""
    return join(
        [
            pgettext("a tile in a list", "the starting tile")
            if t == 0
            else pgettext("a tile in a list", "tile {tile}", tile=t)
            for t in tiles
        ]
    )


def spot_sentence(spot: SpotWords) -> str:
    """What a spot gives, in words: the tile, its level, the tiles it sits on or beside, the
    stones its quarries give, the score after (and the change)."""
    values = {"tile": spot.move.tile, "total": spot.total, "change": signed(spot.change)}
    if not spot.covers:
        return _(
            "Tile {tile} on level 1, next to {tiles}: score {total} ({change}).",
            tiles=tile_list(spot.touches),
            **values,
        )
    if not spot.stones_gained:
        return _(
            "Tile {tile} on level {level}, over {tiles}: score {total} ({change}).",
            level=spot.level,
            tiles=tile_list(spot.covers),
            **values,
        )
    return ngettext(
        "Tile {tile} on level {level}, over {tiles}, +{count} stone: score {total} ({change}).",
        "Tile {tile} on level {level}, over {tiles}, +{count} stones: score {total} ({change}).",
        spot.stones_gained,
        level=spot.level,
        tiles=tile_list(spot.covers),
        **values,
    )


def preview_sentence(spot: SpotWords, gesture: str) -> str:
    """The tile in hand shown at a legal spot: what it gives, then how to place it in the
    words of the player's gesture (click, tap or key) — the same for mouse, touch and keys."""
    return in_a_row([spot_sentence(spot), place_hint(gesture)])


def step_sentence(spot: SpotWords, index: int, count: int) -> str:
    """The spot N stepped to: ``Spot 3 of 27: tile 18 on level 2, …``."""
    return _(
        "Spot {index} of {count}: {spot} Press Enter to place it.",
        index=index + 1,
        count=count,
        spot=spot_sentence(spot),
    )


def hint_sentence(spot: SpotWords, gesture: str) -> str:
    """The Hint's move in words (which tile, where, what it gives) and how to play it, in the
    words of the player's gesture."""
    words = spot_sentence(spot)
    if gesture == "tap":
        return _(
            "The computer's choice: {spot} Tap “Place here” to play it, or ✕ to put it back.",
            spot=words,
        )
    if gesture == "key":
        return _(
            "The computer's choice: {spot} Press Enter to play it, or Esc to put it back.",
            spot=words,
        )
    return _(
        "The computer's choice: {spot} Click “Place here” to play it, or ✕ to put it back.",
        spot=words,
    )


def spots_html(spots: list[SpotWords]) -> str:
    """The spots as a list of buttons: each places its move (``data-move``)."""
    if not spots:
        return ""
    items = "".join(
        f'<li><button type="button" data-move="{escape(spot.notation)}">'
        f"{escape(notation_line(spot))}</button></li>"
        for spot in spots
    )
    return f'<ol class="spots">{items}</ol>'


def notation_line(spot: SpotWords) -> str:
    """A spot in the list of "Play by notation": its move, then what it gives."""
    return pgettext(
        "a move in the notation, then what it gives",
        "{move}: {spot}",
        move=spot.notation,
        spot=spot_sentence(spot),
    )


def spots_heading(tile: int, count: int) -> str:
    """Above the list: how many spots the tile in hand has."""
    if not count:
        return _("Tile {tile} fits nowhere in your city.", tile=tile)
    return ngettext(
        "Tile {tile} has {count} legal spot, best score first:",
        "Tile {tile} has {count} legal spots, best score first:",
        count,
        tile=tile,
    )


def typed_move(game: Game, text: str) -> Move | str:
    """A move typed in the notation, checked by the engine for the player to move: the move,
    or the sentence that refuses it (in the page's language)."""
    text = text.strip()
    if not text:
        return _("Type a move like 18@0,2:0: the tile, the cell of its first hex, the turn.")
    try:
        move = parse_move(text)
        game.check(move)
    except (RecordError, IllegalMoveError) as error:
        why = error.args[0] if error.args else str(error)
        return _("Not played: {reason}.", reason=translate(why))
    return move


def score_sentence(name: str, total: int, change: int) -> str:
    """After a move: ``Ann's score: 41 (+17).``"""
    return _("{name}'s score: {total} ({change}).", name=name, total=total, change=signed(change))
