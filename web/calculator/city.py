"""Rebuilding one city of a real table for the score calculator: the tile catalogue, a city
built tile by tile (``Builder``: the engine's placement rules, each tile once, undo) and one
painted hex by hex (``Painter``: kind and level of each visible hex, always one connected city)
when the tiles are not known.

Plain Python over the engine, tested on CPython; ``calculator`` puts the cities at a table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from akropolis import DIRECTIONS, STARTING_TILE, TILES, City, Kind, Move
from akropolis.checks import excerpt, is_int
from akropolis.hexes import connected, pack
from akropolis.sentences import N_, Sentence
from common.hand import Hand, hex_name, hold_hint, tile_hexes
from common.i18n import _, ngettext, pgettext, translate

Hex = tuple[int, int]
VisibleHex = tuple[Hex, Kind, int]

#: Levels the painter's brush offers (a real city rarely passes 5; the engine allows 64).
BRUSH_LEVELS = 9
#: The kinds a catalogue filter can ask a tile to show.
FILTERS: tuple[str, ...] = ("quarry", "house", "market", "barracks", "temple", "garden", "plaza")

#: What the brush says of each kind: painted (``{level}``, ``{cell}``), then how to paint it
#: with a click and with a tap (``{level}``).
BRUSH_WORDS = {
    Kind.QUARRY: (
        N_("Painted a quarry on level {level} at {cell}."),
        N_("Click to paint a quarry on level {level}."),
        N_("Tap to paint a quarry on level {level}."),
    ),
    Kind.HOUSE: (
        N_("Painted a house on level {level} at {cell}."),
        N_("Click to paint a house on level {level}."),
        N_("Tap to paint a house on level {level}."),
    ),
    Kind.MARKET: (
        N_("Painted a market on level {level} at {cell}."),
        N_("Click to paint a market on level {level}."),
        N_("Tap to paint a market on level {level}."),
    ),
    Kind.BARRACKS: (
        N_("Painted a barracks on level {level} at {cell}."),
        N_("Click to paint a barracks on level {level}."),
        N_("Tap to paint a barracks on level {level}."),
    ),
    Kind.TEMPLE: (
        N_("Painted a temple on level {level} at {cell}."),
        N_("Click to paint a temple on level {level}."),
        N_("Tap to paint a temple on level {level}."),
    ),
    Kind.GARDEN: (
        N_("Painted a garden on level {level} at {cell}."),
        N_("Click to paint a garden on level {level}."),
        N_("Tap to paint a garden on level {level}."),
    ),
    Kind.HOUSE_PLAZA: (
        N_("Painted a house plaza on level {level} at {cell}."),
        N_("Click to paint a house plaza on level {level}."),
        N_("Tap to paint a house plaza on level {level}."),
    ),
    Kind.MARKET_PLAZA: (
        N_("Painted a market plaza on level {level} at {cell}."),
        N_("Click to paint a market plaza on level {level}."),
        N_("Tap to paint a market plaza on level {level}."),
    ),
    Kind.BARRACKS_PLAZA: (
        N_("Painted a barracks plaza on level {level} at {cell}."),
        N_("Click to paint a barracks plaza on level {level}."),
        N_("Tap to paint a barracks plaza on level {level}."),
    ),
    Kind.TEMPLE_PLAZA: (
        N_("Painted a temple plaza on level {level} at {cell}."),
        N_("Click to paint a temple plaza on level {level}."),
        N_("Tap to paint a temple plaza on level {level}."),
    ),
    Kind.GARDEN_PLAZA: (
        N_("Painted a garden plaza on level {level} at {cell}."),
        N_("Click to paint a garden plaza on level {level}."),
        N_("Tap to paint a garden plaza on level {level}."),
    ),
}


# --- The catalogue -----------------------------------------------------------------------------


def tile_shows(tile_id: int, wanted: str) -> bool:
    """Whether a tile shows ``wanted`` (a ``FILTERS`` name): a kind, its plaza, or any plaza."""
    hexes = TILES[tile_id].hexes
    if wanted == "plaza":
        return any(kind.is_plaza for kind in hexes)
    return any(kind.district.label == wanted for kind in hexes)


def catalogue(wanted: Iterable[str] = ()) -> list[int]:
    """The tile ids that show every kind in ``wanted`` (all 61 when nothing is asked)."""
    wanted = [name for name in wanted if name in FILTERS]
    return [tile for tile in sorted(TILES) if all(tile_shows(tile, name) for name in wanted)]


# --- Tile by tile ------------------------------------------------------------------------------


class Builder(Hand):
    """A city rebuilt tile by tile, as it was built: each placement is checked by the engine
    (a physical city obeys the rules), each tile is used once (a box holds one of each)."""

    def __init__(self, placements: Iterable[Move] = ()) -> None:
        super().__init__()
        self.city = City.from_placements(list(placements))  # IllegalMoveError says which
        self.held: int | None = None  # the tile id in hand

    @property
    def placements(self) -> tuple[Move, ...]:
        return tuple(self.city.placements)

    @property
    def used(self) -> frozenset[int]:
        return frozenset(p.tile for p in self.city.placements)

    @property
    def held_tile(self) -> int | None:
        return self.held

    def hand_city(self) -> City:
        return self.city

    # --- Actions -----------------------------------------------------------------------------

    def pick(self, tile_id: int, gesture: str = "click") -> tuple[bool, str]:
        """Take a tile from the catalogue in hand; returns (taken, status line) in the words of
        the player's gesture (click, tap or key)."""
        if not is_int(tile_id) or tile_id not in TILES:
            return False, _("There is no tile {tile}.", tile=excerpt(tile_id))
        if tile_id in self.used:
            return False, _(
                "Tile {tile} is already in this city: the box holds one of each.", tile=tile_id
            )
        self.held = tile_id
        values = {
            "tile": tile_id,
            "hexes": tile_hexes(tile_id),
            "hint": translate(hold_hint(gesture)),
        }
        if self.has_any_spot():
            return True, _("Tile {tile}: {hexes} in hand: {hint}.", **values)
        return True, _(
            "Tile {tile}: {hexes} in hand: {hint}. It fits nowhere in this city.", **values
        )

    def drop(self) -> None:
        self.held = None
        self.hover = None

    def place(self, anchor: Hex | None = None) -> tuple[bool, str]:
        """Place the tile in hand with hex_a on ``anchor``; returns (placed, status line)."""
        ghost = self.ghost(anchor)
        if ghost is None:
            return False, _("Pick a tile from the catalogue first.")
        if not ghost.legal:
            return False, _("Not here: {reason}.", reason=translate(ghost.reason))
        self.city.place(ghost.move)
        self.drop()
        tile, level, stones = ghost.move.tile, ghost.level, ghost.stones_gained
        if not stones:
            return True, _("Placed tile {tile} on level {level}.", tile=tile, level=level)
        return True, ngettext(
            "Placed tile {tile} on level {level} (+{count} stone from the quarries it covers).",
            "Placed tile {tile} on level {level} (+{count} stones from the quarries it covers).",
            stones,
            tile=tile,
            level=level,
        )

    def undo(self) -> str:
        if not self.city.placements:
            return _("No tile to take back.")
        move = self.city.undo()
        self.drop()
        return _("Took back tile {tile}.", tile=move.tile)


# --- Hex by hex --------------------------------------------------------------------------------


def starting_hexes() -> dict[Hex, tuple[Kind, int]]:
    """The starting tile, where every city begins (and a painted one too)."""
    return {cell: (kind, 1) for cell, kind in STARTING_TILE}


#: The starting tile's visible hexes: a city holding none but these is not built yet.
STARTING_HEXES: frozenset[VisibleHex] = frozenset(
    (cell, kind, level) for cell, (kind, level) in starting_hexes().items()
)


def _neighbours(cell: Hex) -> list[Hex]:
    return [(cell[0] + dq, cell[1] + dr) for dq, dr in DIRECTIONS]


@dataclass(frozen=True, slots=True)
class Stroke:
    """What the brush would do on a cell: allowed or why not, in one line (the page's
    language)."""

    cell: Hex
    allowed: bool
    reason: str


class Painter:
    """A city painted hex by hex, when its tiles are not known: the kind and level of each
    visible hex.  It is always one connected city (``City.from_hexes`` scores only that), so a
    hex is painted next to the city and erased only if the rest stays in one piece."""

    def __init__(self, hexes: Iterable[VisibleHex] | None = None) -> None:
        if hexes is None:
            self.hexes = starting_hexes()
        else:
            city = City.from_hexes(list(hexes))  # ValueError says what is wrong
            self.hexes = {cell: (kind, level) for cell, kind, level in city.hexes()}
        self.kind = Kind.HOUSE
        self.level = 1
        self.erasing = False
        self.hover: Hex | None = None
        self._history: list[tuple[Hex, tuple[Kind, int] | None]] = []
        self._city: City | None = None

    @property
    def pristine(self) -> bool:
        """Still the starting tile, untouched."""
        return self.hexes == starting_hexes()

    def visible(self) -> list[VisibleHex]:
        return [(cell, kind, level) for cell, (kind, level) in self.hexes.items()]

    def city(self) -> City:
        """The painted city as the engine sees it (rebuilt after each change)."""
        if self._city is None:
            self._city = City.from_hexes(self.visible())
        return self._city

    def frontier(self) -> list[Hex]:
        """The empty cells next to the city: where a new hex may be painted."""
        return sorted({n for cell in self.hexes for n in _neighbours(cell) if n not in self.hexes})

    # --- The brush ---------------------------------------------------------------------------

    def choose(self, kind: Kind | None = None, level: int | None = None) -> None:
        """Set the brush (a kind, or the eraser when ``kind`` is None and no level is given)."""
        if kind is not None:
            self.kind, self.erasing = Kind(kind), False
        if level is not None:
            self.level = min(max(int(level), 1), BRUSH_LEVELS)
            self.erasing = False
        if kind is None and level is None:
            self.erasing = True

    def stroke(self, cell: Hex) -> Stroke:
        """Whether the brush may touch ``cell``, and why not."""
        if self.erasing:
            if cell not in self.hexes:
                return Stroke(cell, False, _("there is no hex here to erase"))
            if len(self.hexes) == 1:
                return Stroke(cell, False, _("a city keeps at least one hex"))
            if not connected(pack(*other) for other in self.hexes if other != cell):
                return Stroke(
                    cell, False, _("erasing it would cut the city in two (erase from the edge)")
                )
            return Stroke(cell, True, "")
        if cell in self.hexes:
            if self.hexes[cell] == (self.kind, self.level):
                return Stroke(cell, False, _("this hex is already painted like that"))
            return Stroke(cell, True, "")
        if not any(n in self.hexes for n in _neighbours(cell)):
            return Stroke(
                cell,
                False,
                _("a hex must touch the city (a city is one piece: paint next to it)"),
            )
        return Stroke(cell, True, "")

    def hint(self, cell: Hex, gesture: str = "click") -> tuple[bool, str]:
        """What the brush would do on ``cell``, for a player who clicks or taps: (allowed,
        status line)."""
        stroke = self.stroke(cell)
        where = f"{cell[0]},{cell[1]}"
        top = self.hexes.get(cell)
        if gesture == "key":  # a player who may not see the city: what is there now
            if top is None:
                here = _("At {cell}: no hex.", cell=where)
            else:
                here = _(
                    "At {cell}: {hex}, level {level}.",
                    cell=where,
                    hex=hex_name(top[0]),
                    level=top[1],
                )
            if not stroke.allowed:
                then = _("Not here: {reason}.", reason=stroke.reason)
            elif self.erasing:
                then = _("Press Enter to erase it.")
            else:
                then = _(
                    "Press Enter to paint it: {hex}, level {level}.",
                    hex=hex_name(self.kind),
                    level=self.level,
                )
            return stroke.allowed, pgettext(
                "two sentences in a row", "{first} {then}", first=here, then=then
            )
        if not stroke.allowed:
            return False, _("Not here: {reason}.", reason=stroke.reason)
        tap = gesture == "tap"
        if self.erasing:
            return True, _("Tap to erase this hex.") if tap else _("Click to erase this hex.")
        _painted, click, tapped = BRUSH_WORDS[self.kind]
        how = tapped if tap else click
        return True, translate(Sentence(how, level=self.level))

    def paint(self, cell: Hex) -> tuple[bool, str]:
        """Paint (or erase) ``cell`` with the brush; returns (done, status line)."""
        stroke = self.stroke(cell)
        if not stroke.allowed:
            return False, _("Not here: {reason}.", reason=stroke.reason)
        self._history.append((cell, self.hexes.get(cell)))
        self._city = None
        where = f"{cell[0]},{cell[1]}"
        if self.erasing:
            del self.hexes[cell]
            return True, _("Erased the hex at {cell}.", cell=where)
        self.hexes[cell] = (self.kind, self.level)
        painted = BRUSH_WORDS[self.kind][0]
        return True, translate(Sentence(painted, level=self.level, cell=where))

    def undo(self) -> str:
        if not self._history:
            return _("Nothing to take back.")
        cell, before = self._history.pop()
        self._city = None
        if before is None:
            del self.hexes[cell]
        else:
            self.hexes[cell] = before
        return _("Took back the change at {cell}.", cell=f"{cell[0]},{cell[1]}")

    def replace(self, hexes: Iterable[VisibleHex]) -> None:
        """Start again from ``hexes`` (a built city's visible hexes, say); no undo past it."""
        city = City.from_hexes(list(hexes))
        self.hexes = {cell: (kind, level) for cell, kind, level in city.hexes()}
        self._history.clear()
        self._city = None
