"""The legal spots of the tile in hand, in words, and moves typed in the game's notation.

What a sighted player sees as dots on the canvas, a screen reader says: how many spots the
held tile has, each spot's move in the notation (``18@0,2:0``), its level, the tiles it would
cover, the stones its quarries give and the score the city would have.  A move typed in the
notation is checked by the engine and refused in its words.  Plain Python over ``Game``,
tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import Game, IllegalMoveError, LegalMove, Move
from akropolis.formats import RecordError
from akropolis.hexes import pack
from akropolis.notation import parse_move
from akropolis.picture.markup import escape
from akropolis.scoring import score_city
from common.city_words import tiles_under
from common.hand import reading_order
from common.i18n import _, join, ngettext, translate


@dataclass(frozen=True, slots=True)
class SpotWords:
    """One legal spot of the tile in hand and what it would do."""

    move: Move
    level: int
    covers: tuple[int, ...]  # the tiles it would cover (0: the starting tile), none on level 1
    stones_gained: int
    total: int  # the player's score after the move
    change: int  # against the score now

    @property
    def notation(self) -> str:
        return str(self.move)


def legal_spots(game: Game, site_index: int) -> list[SpotWords]:
    """Every legal spot of the site's tile ``site_index`` for the player to move, the best
    score first (then top to bottom): what a player would weigh."""
    if game.is_over or game.is_architect(game.turn):
        return []
    player = game.turn
    moves = [info for info in game.legal_moves() if info.site_index == site_index]
    city = game.cities[player].copy()
    tiles = tiles_under(city)
    now = game.score(player).total
    out = []
    for info in moves:
        covers = tuple(
            sorted({tiles.get(cell) for cell in info.cells} - {None}) if info.level > 1 else ()
        )
        out.append(spot_words(game, city, info, covers, now))
    out.sort(key=lambda spot: (-spot.total, reading_order(spot.move.anchor), spot.move.rotation))
    return out


def spot_words(game: Game, city, info: LegalMove, covers: tuple[int, ...], now: int) -> SpotWords:
    """Play ``info`` on a copy of the city, score it, take it back."""
    stones = game.stones[game.turn] - info.cost + info.stones_gained
    city.put(info.move, tuple(pack(*cell) for cell in info.cells), info.level)
    try:
        total = score_city(city, game.variants, stones).total
    finally:
        city.undo()
    return SpotWords(info.move, info.level, covers, info.stones_gained, total, total - now)


def signed(change: int) -> str:
    """``+3``, ``−2``, ``±0``: a change of score (the minus sign, not a hyphen)."""
    if change > 0:
        return f"+{change}"
    return f"−{-change}" if change < 0 else "±0"


def spot_sentence(spot: SpotWords) -> str:
    """One spot in a sentence: its move, level, what it covers, stones, the score after."""
    values = {"move": spot.notation, "total": spot.total, "change": signed(spot.change)}
    covers = join([_("the starting tile") if t == 0 else str(t) for t in spot.covers])
    gained = spot.stones_gained
    if not spot.covers and not gained:
        return _("{move}: on the ground; score {total} ({change}).", **values)
    if not spot.covers:
        return ngettext(
            "{move}: on the ground, +{count} stone; score {total} ({change}).",
            "{move}: on the ground, +{count} stones; score {total} ({change}).",
            gained,
            **values,
        )
    if not gained:
        return _(
            "{move}: level {level}, over tiles {tiles}; score {total} ({change}).",
            level=spot.level,
            tiles=covers,
            **values,
        )
    return ngettext(
        "{move}: level {level}, over tiles {tiles}, +{count} stone; score {total} ({change}).",
        "{move}: level {level}, over tiles {tiles}, +{count} stones; score {total} ({change}).",
        gained,
        level=spot.level,
        tiles=covers,
        **values,
    )


def step_sentence(spot: SpotWords, index: int, count: int) -> str:
    """The spot a key stepped to: ``Spot 3 of 27: 18@0,2:0: level 2, …``."""
    return _(
        "Spot {index} of {count}. {spot} Press Enter to place.",
        index=index + 1,
        count=count,
        spot=spot_sentence(spot),
    )


def hint_sentence(spot: SpotWords) -> str:
    """The Hint's move in words: where it goes, how it is turned, what it would score."""
    return _(
        "The computer's choice: {spot} “Place here” (or Enter) plays it, ✕ puts it back.",
        spot=spot_sentence(spot),
    )


def spots_html(spots: list[SpotWords]) -> str:
    """The spots as a list of buttons: each places its move (``data-move``)."""
    if not spots:
        return ""
    items = "".join(
        f'<li><button type="button" data-move="{escape(spot.notation)}">'
        f"{escape(spot_sentence(spot))}</button></li>"
        for spot in spots
    )
    return f'<ol class="spots">{items}</ol>'


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
