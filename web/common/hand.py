"""A tile in hand over a city: what the game's table, the embed's try it and the score
calculator share.

Each holds one tile over one ``City`` with a rotation and a pointed cell; where it may go, how
high it lands, the stones it gains and why a spot is refused all come from the engine's
``City``, so the three pages place tiles alike and speak alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import DIRECTIONS, TILES, City, IllegalMoveError, Kind, Move, placement_cells
from akropolis.picture import svg
from akropolis.sentences import N_, Sentence
from common.i18n import _, ngettext, pgettext, translate

Hex = tuple[int, int]

#: Moving the held tile from the keyboard: the arrows, and the six keys around S that form a
#: hexagon (north, north-east, south-east, south, south-west, north-west), to a direction's
#: index.  By physical key (``KeyboardEvent.code``), so that they form the hexagon on every
#: layout: W E D S A Q on QWERTY, Z E D S Q A on AZERTY.
CURSOR_KEYS = {
    "ArrowUp": 0,
    "KeyW": 0,
    "KeyE": 1,
    "ArrowRight": 2,
    "KeyD": 2,
    "ArrowDown": 3,
    "KeyS": 3,
    "KeyA": 4,
    "ArrowLeft": 5,
    "KeyQ": 5,
}


def cursor_direction(event) -> int | None:
    """The direction (0–5 clockwise from north) a key event moves a cursor in: an arrow by its
    key, a letter of the hexagon by its physical key (``CURSOR_KEYS``); None for any other."""
    code = str(getattr(event, "code", "") or "")
    key = str(getattr(event, "key", "") or "")
    if code in CURSOR_KEYS:
        return CURSOR_KEYS[code]
    return CURSOR_KEYS.get(key) if key.startswith("Arrow") else None


#: Each kind of hex as a tile's description names it (``hex_name``).
HEX_NAMES = {
    Kind.QUARRY: N_("quarry"),
    Kind.HOUSE: N_("house"),
    Kind.MARKET: N_("market"),
    Kind.BARRACKS: N_("barracks"),
    Kind.TEMPLE: N_("temple"),
    Kind.GARDEN: N_("garden"),
    Kind.HOUSE_PLAZA: N_("house plaza"),
    Kind.MARKET_PLAZA: N_("market plaza"),
    Kind.BARRACKS_PLAZA: N_("barracks plaza"),
    Kind.TEMPLE_PLAZA: N_("temple plaza"),
    Kind.GARDEN_PLAZA: N_("garden plaza"),
}
#: How to place the held tile, in the words of the player's gesture (``place_hint``).
PLACE_HINTS = {
    "click": N_("Click to place it."),
    "tap": N_("Tap “Place here” to place it, or tap another spot."),
    "key": N_("Press Enter to place it."),
}

#: How to place, turn and put back a tile just taken in hand, in the words of the player's
#: gesture.
HOLD_HINTS = {
    "click": N_(
        "point at a ringed spot to see what it gives, click to place it; R, the wheel or ⟳ "
        "turns it; ✕ or Esc puts it back"
    ),
    "tap": N_(
        "tap a ringed spot to see what it gives, then “Place here”; ⟲ ⟳ turn it; ✕ puts it back"
    ),
    "key": N_(
        "N steps through its spots, best first, the arrows move it; R turns it; Enter places "
        "it; Esc puts it back"
    ),
}


def reading_order(cell: Hex) -> tuple[int, int]:
    """Where a cell comes when the city is read like a page: top row first, then left to
    right (axial cells of flat-topped hexes: the height on screen goes with ``2r + q``)."""
    q, r = cell
    return (2 * r + q, q)


def hold_hint(gesture: str = "click") -> str:
    """How to handle a tile just taken in hand, for a player who clicks, taps or uses keys (a
    ``Sentence``: ``translate`` shows it in the page's language)."""
    hint = HOLD_HINTS.get(gesture, HOLD_HINTS["click"])
    return Sentence(hint)


def place_hint(gesture: str = "click") -> str:
    """How to place the held tile, in the page's language."""
    hint = PLACE_HINTS.get(gesture, PLACE_HINTS["click"])
    return translate(Sentence(hint))


def hex_name(kind: Kind) -> str:
    """``market plaza``, ``quarry``…: a kind of hex in the page's language."""
    return translate(Sentence(HEX_NAMES[Kind(kind)]))


def describe_tile(tile_id: int) -> str:
    """``Tile 12: quarry, market, house`` (hexes clockwise from hex_a)."""
    return _("Tile {tile}: {hexes}", tile=tile_id, hexes=tile_hexes(tile_id))


def tile_hexes(tile_id: int) -> str:
    """A tile's three hexes, clockwise from hex_a: ``quarry, market, house``."""
    first, second, third = (hex_name(kind) for kind in TILES[tile_id].hexes)
    return pgettext(
        "a tile's three hexes",
        "{first}, {second}, {third}",
        first=first,
        second=second,
        third=third,
    )


def tile_picture(tile_id: int, size: int = 64, rotation: int = 0) -> str:
    """A tile's picture (``svg.tile``'s), its title in the page's language."""
    cells = placement_cells((0, 0), rotation)
    hexes = zip(cells, TILES[tile_id].hexes, (1, 1, 1), strict=True)
    return svg.hexes(hexes, size, size, describe_tile(tile_id), dict.fromkeys(cells, 0))


@dataclass(frozen=True, slots=True)
class Ghost:
    """The held tile at a spot: its hexes, whether it may go there, and what it would do."""

    cells: tuple[Hex, Hex, Hex]
    level: int
    legal: bool
    reason: str  # the engine's words (``translate`` shows them in the page's language)
    stones_gained: int
    move: Move

    def describe(self, gesture: str = "click") -> str:
        """One line for the status bar, naming the player's gesture (click, tap or key)."""
        if not self.legal:
            return _("Not here: {reason}.", reason=translate(self.reason))
        hint = place_hint(gesture)
        if not self.stones_gained:
            return _("Level {level}. {hint}", level=self.level, hint=hint)
        return ngettext(
            "Level {level}, +{count} stone. {hint}",
            "Level {level}, +{count} stones. {hint}",
            self.stones_gained,
            level=self.level,
            hint=hint,
        )


def refused_ghost(city: City, move: Move, reason: str) -> Ghost:
    """The ghost of a move that may not be made: shown one level above what it would cover."""
    cells = placement_cells(move.anchor, move.rotation)
    below = [city.top(cell) for cell in cells]
    level = max((top[1] for top in below if top), default=0) + 1
    return Ghost(cells, level, False, reason, 0, move)


class Hand:
    """A tile in hand over a city: its rotation, the pointed cell, keyboard steps, the ghost.

    A subclass says which tile is held (``held_tile``) and over which city (``hand_city``);
    the game's table narrows the ghost further with the game's own check (turn, cost).
    """

    def __init__(self) -> None:
        self.rotation = 0
        self.hover: Hex | None = None

    @property
    def held_tile(self) -> int | None:
        raise NotImplementedError

    def hand_city(self) -> City:
        raise NotImplementedError

    def legal_anchors(self) -> list[Hex]:
        """Where the held tile may go in its current rotation (its first hex's cell)."""
        if self.held_tile is None:
            return []
        rotation = self.rotation
        return [
            anchor
            for spot in self.hand_city().spots()
            for anchor, turned, _cells in spot.orientations
            if turned == rotation
        ]

    def every_anchor(self) -> list[Hex]:
        """Where the held tile's first hex may go in any rotation: what must stay in view
        while it is in hand, so that turning it never sends a spot out of sight."""
        if self.held_tile is None:
            return []
        found = {
            anchor for spot in self.hand_city().spots() for anchor, _turned, _c in spot.orientations
        }
        return sorted(found, key=reading_order)

    def legal_placements(self) -> list[tuple[Hex, int]]:
        """Every legal ``(anchor, rotation)`` of the held tile, in the order the spot keys step
        through them (here top to bottom; a page may order them otherwise)."""
        if self.held_tile is None:
            return []
        found = {
            (anchor, turned)
            for spot in self.hand_city().spots()
            for anchor, turned, _cells in spot.orientations
        }
        return sorted(found, key=lambda item: (reading_order(item[0]), item[1]))

    def step_spot(self, steps: int) -> tuple[int, int] | None:
        """Turn and move the held tile to the next (``steps`` > 0) or previous legal spot;
        ``(index, count)`` of the spot now shown, or None if it fits nowhere."""
        placements = self.legal_placements()
        if not placements:
            return None
        here = (self.hover, self.rotation)
        if here in placements:
            index = (placements.index(here) + steps) % len(placements)
        else:
            index = 0 if steps > 0 else len(placements) - 1
        self.hover, self.rotation = placements[index]
        return index, len(placements)

    def has_any_spot(self) -> bool:
        """Whether the held tile fits anywhere in any rotation."""
        return self.held_tile is not None and bool(self.hand_city().spots())

    def ghost(self, anchor: Hex | None = None) -> Ghost | None:
        """The held tile with its first hex on ``anchor`` (default: the pointed cell): its
        level, the stones its quarries would give, or why it cannot go there."""
        anchor = anchor if anchor is not None else self.hover
        tile = self.held_tile
        if tile is None or anchor is None:
            return None
        move = Move(tile, anchor, self.rotation)
        city = self.hand_city()
        try:
            cells, level, stones = self.check(move)
        except IllegalMoveError as error:
            why = error.args[0] if error.args else ""  # the engine's Sentence, kept as it is
            return refused_ghost(city, move, why if isinstance(why, str) else str(error))
        return Ghost(cells, level, True, "", stones, move)

    def check(self, move: Move) -> tuple[tuple[Hex, Hex, Hex], int, int]:
        """The cells, level and stones gained of ``move``, or IllegalMoveError with why."""
        _, level, stones = self.hand_city().check(move.tile, move.anchor, move.rotation)
        return placement_cells(move.anchor, move.rotation), level, stones

    def ghost_hexes(self, ghost: Ghost) -> list[tuple[Hex, object, int]]:
        """The ghost as visible hexes for the scene."""
        kinds = TILES[ghost.move.tile].hexes
        return [(cell, kind, ghost.level) for cell, kind in zip(ghost.cells, kinds, strict=True)]

    def rotate(self, steps: int = 1) -> None:
        self.rotation = (self.rotation + steps) % 6

    def step(self, direction: int) -> None:
        """Move the keyboard cursor one hex (0–5 clockwise from north); it starts on the first
        legal spot, or the plaza."""
        if self.hover is None:
            anchors = self.legal_anchors()
            self.hover = anchors[0] if anchors else (0, 0)
            return
        dq, dr = DIRECTIONS[direction % 6]
        self.hover = (self.hover[0] + dq, self.hover[1] + dr)
