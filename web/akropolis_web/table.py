"""The game table's interaction state: which tile is held, its rotation, where the pointer is.

``Table`` wraps one ``Game`` and answers the UI's questions (what is legal, what the ghost
looks like, why a spot is refused) by asking the engine; it never re-implements a rule.
Everything is plain Python, so the whole interaction is tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import DIRECTIONS, TILES, Game, IllegalMoveError, LegalMove, Move, placement_cells

Hex = tuple[int, int]


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


#: How to place the held tile, in the words of the player's gesture.
PLACE_HINTS = {
    "click": "Click to place.",
    "tap": "Tap “Place here” to place it, or tap another spot.",
    "key": "Press Enter to place.",
    "hint": "The computer's choice: “Place here” plays it, ✕ puts it back, or pick another spot.",
}


class Table:
    """One game plus the current player's hand: held tile, rotation, hovered spot."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.held: int | None = None  # site index of the tile in hand
        self.rotation = 0
        self.hover: Hex | None = None
        self._legal: list[LegalMove] | None = None  # for this position; cleared on every change

    # --- Questions ---------------------------------------------------------------------------

    def legal_moves(self) -> list[LegalMove]:
        """The engine's legal moves for this position (asked once per position)."""
        if self._legal is None:
            self._legal = self.game.legal_moves()
        return self._legal

    @property
    def held_tile(self) -> int | None:
        return None if self.held is None else self.game.site[self.held]

    def legal_anchors(self) -> list[Hex]:
        """Anchors where the held tile may go with the current rotation."""
        tile = self.held_tile
        if tile is None:
            return []
        return [
            m.anchor for m in self.legal_moves() if m.tile == tile and m.rotation == self.rotation
        ]

    def has_any_spot(self) -> bool:
        """Whether the held tile fits anywhere in any rotation."""
        tile = self.held_tile
        return any(m.tile == tile for m in self.legal_moves())

    def ghost(self, anchor: Hex | None = None) -> Ghost | None:
        """The held tile with hex_a on ``anchor`` (default: the hovered cell)."""
        anchor = anchor if anchor is not None else self.hover
        tile = self.held_tile
        if tile is None or anchor is None:
            return None
        move = Move(tile, anchor, self.rotation)
        cells = placement_cells(anchor, self.rotation)
        try:
            info = self.game.check(move)
        except IllegalMoveError as error:
            level = max((self._level(c) for c in cells), default=0) + 1
            return Ghost(cells, level, False, str(error), 0, move)
        return Ghost(cells, info.level, True, "", info.stones_gained, move)

    def ghost_hexes(self, ghost: Ghost) -> list[tuple[Hex, object, int]]:
        """The ghost as visible hexes for the scene."""
        kinds = TILES[ghost.move.tile].hexes
        return [(cell, kind, ghost.level) for cell, kind in zip(ghost.cells, kinds, strict=True)]

    def _level(self, h: Hex) -> int:
        top = self.game.cities[self.game.turn].top(h)
        return top[1] if top else 0

    # --- Actions -----------------------------------------------------------------------------

    def pick(self, site_index: int) -> str:
        """Take the tile at ``site_index`` in hand; returns a status line."""
        game = self.game
        if game.is_over:
            return "The game is over."
        if not 0 <= site_index < len(game.site):
            return "There is no such tile in the Construction Site."
        if site_index not in game.affordable():
            have = game.stones[game.turn]
            return f"That tile costs {site_index} stones; you have {have}."
        self.held = site_index
        tile = TILES[game.site[site_index]]
        where = "" if self.has_any_spot() else " It fits nowhere in your city."
        cost = (
            f" for {site_index} stone{'s' if site_index != 1 else ''}"
            if site_index
            else " for free"
        )
        controls = "rotate with R, the wheel or ⟳; ✕ or Esc puts it back"
        return f"Tile {tile.id} in hand{cost}: {controls}.{where}"

    def drop(self) -> None:
        """Put the held tile back."""
        self.held = None
        self.hover = None

    def step(self, direction: int) -> None:
        """Move the keyboard cursor one hex (direction 0–5 clockwise from north); it starts on
        the first legal anchor of the held tile, or the plaza."""
        if self.hover is None:
            anchors = self.legal_anchors()
            self.hover = anchors[0] if anchors else (0, 0)
            return
        dq, dr = DIRECTIONS[direction % 6]
        self.hover = (self.hover[0] + dq, self.hover[1] + dr)

    def rotate(self, steps: int = 1) -> None:
        self.rotation = (self.rotation + steps) % 6

    def place(self, anchor: Hex | None = None) -> tuple[bool, str]:
        """Place the held tile with hex_a on ``anchor``; returns (placed, status line)."""
        ghost = self.ghost(anchor)
        if ghost is None:
            return False, "Pick a tile from the Construction Site first."
        if not ghost.legal:
            return False, f"Not here: {ghost.reason}."
        info = self.game.play(ghost.move)
        self._legal = None
        self.drop()
        gained = (
            f" and gained {info.stones_gained} stone{'s' if info.stones_gained != 1 else ''}"
            if info.stones_gained
            else ""
        )
        return True, f"Placed tile {info.tile} on level {info.level}{gained}."

    def play(self, move: Move) -> LegalMove:
        """Play a move chosen elsewhere (a computer's, checked by the caller); what it did."""
        info = self.game.play(move)
        self._legal = None
        self.drop()
        return info

    def suggest(self, move: LegalMove) -> None:
        """Take a suggested move's tile in hand, turned as suggested (the Hint); the caller
        shows it at its anchor."""
        self.held = move.site_index
        self.rotation = move.rotation
        self.hover = None

    def undo(self, count: int = 1) -> str:
        """Take back the last ``count`` moves (a person's move and the computers' after it)."""
        if not self.game.ply or count < 1:
            return "Nothing to undo."
        tiles = [self.game.undo().tile for _ in range(min(count, self.game.ply))]
        self._legal = None
        self.drop()
        if len(tiles) == 1:
            return f"Took back tile {tiles[0]}."
        listed = ", ".join(str(tile) for tile in reversed(tiles))
        return f"Took back {len(tiles)} moves (tiles {listed}): your turn again."
