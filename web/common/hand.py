"""A tile in hand over a city: what the game's table, the embed's try it and the score
calculator share.

Each holds one tile over one ``City`` with a rotation and a pointed cell; where it may go, how
high it lands, the stones it gains and why a spot is refused all come from the engine's
``City``, so the three pages place tiles alike and speak alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import DIRECTIONS, TILES, City, IllegalMoveError, Move, placement_cells

Hex = tuple[int, int]

#: Moving the held tile from the keyboard: the arrows, and the classic hex keys W E D S A Q
#: (north, north-east, south-east, south, south-west, north-west), to a direction's index.
CURSOR_KEYS = {
    "ArrowUp": 0,
    "w": 0,
    "e": 1,
    "ArrowRight": 2,
    "d": 2,
    "ArrowDown": 3,
    "s": 3,
    "a": 4,
    "ArrowLeft": 5,
    "q": 5,
}

#: How to place the held tile, in the words of the player's gesture.
PLACE_HINTS = {
    "click": "Click to place.",
    "tap": "Tap “Place here” to place it, or tap another spot.",
    "key": "Press Enter to place.",
    "hint": "The computer's choice: “Place here” (or Enter) plays it, ✕ puts it back, or pick"
    " another spot.",
}

#: How to turn and put back a tile just taken in hand, in the words of the player's gesture.
HOLD_HINTS = {
    "click": "rotate with R, the wheel or ⟳; ✕ or Esc puts it back",
    "tap": "tap a spot, turn it with ⟲ ⟳; ✕ puts it back",
    "key": "the arrows move it, R rotates, Enter places; Esc puts it back",
}


def hold_hint(gesture: str = "click") -> str:
    """How to handle a tile just taken in hand, for a player who clicks, taps or uses keys."""
    return HOLD_HINTS.get(gesture, HOLD_HINTS["click"])


@dataclass(frozen=True, slots=True)
class Ghost:
    """The held tile at a spot: its hexes, whether it may go there, and what it would do."""

    cells: tuple[Hex, Hex, Hex]
    level: int
    legal: bool
    reason: str
    stones_gained: int
    move: Move

    def describe(self, gesture: str = "click") -> str:
        """One line for the status bar, naming the player's gesture (click, tap or key)."""
        if not self.legal:
            return f"Not here: {self.reason}."
        gain = (
            f", +{self.stones_gained} stone{'s' if self.stones_gained != 1 else ''}"
            if self.stones_gained
            else ""
        )
        return f"Level {self.level}{gain}. {PLACE_HINTS.get(gesture, PLACE_HINTS['click'])}"


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
            return refused_ghost(city, move, str(error))
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
