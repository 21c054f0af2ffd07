""""Try it": one tile to place in a city, and the score before and after.

A city plus one tile, not a game: no Construction Site, no turn, no cost.  Legality, levels,
stones and the reason a spot is refused all come from the engine's ``City``; the ghost is the
game table's ``Ghost``, so the embed speaks as the game does.  The city given is never changed:
the tile goes into a copy, and undo takes it back exactly.
"""

from __future__ import annotations

from akropolis import DIRECTIONS, TILES, City, IllegalMoveError, Move, placement_cells, score_city
from akropolis.scoring import CityScore

from .table import Ghost

Hex = tuple[int, int]


class TryIt:
    """The reader's hand: one tile, its rotation, where it points, and whether it is placed."""

    def __init__(self, city: City, variants: frozenset[str], stones: int, tile: int) -> None:
        self.tile = TILES[tile]
        self.variants = variants
        self.stones = stones
        self.city = city.copy()
        self.before = score_city(city, variants, stones)
        self.rotation = 0
        self.hover: Hex | None = None
        self.placed: Move | None = None
        self.gained = 0

    # --- Questions ---------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """Whether the tile is still in hand (not yet placed)."""
        return self.placed is None

    def score(self) -> CityScore:
        """The city's score now: with the tile once placed (and the stones it gained)."""
        return score_city(self.city, self.variants, self.stones + self.gained)

    def legal_anchors(self) -> list[Hex]:
        """Where the tile may go in its current rotation (its first hex's cell)."""
        if not self.holding:
            return []
        count = 1 if self.tile.uniform else 3
        return [
            anchor
            for spot in self.city.spots()
            for anchor, rotation, _ in spot.orientations[:count]
            if rotation == self.rotation
        ]

    def ghost(self, anchor: Hex | None = None) -> Ghost | None:
        """The tile with its first hex on ``anchor`` (default: where the pointer is)."""
        anchor = anchor if anchor is not None else self.hover
        if not self.holding or anchor is None:
            return None
        move = Move(self.tile.id, anchor, self.rotation)
        cells = placement_cells(anchor, self.rotation)
        try:
            _, level, stones = self.city.check(self.tile.id, anchor, self.rotation)
        except IllegalMoveError as error:
            below = [self.city.top(cell) for cell in cells]
            level = max((top[1] for top in below if top), default=0) + 1
            return Ghost(cells, level, False, str(error), 0, move)
        return Ghost(cells, level, True, "", stones, move)

    def ghost_hexes(self, ghost: Ghost) -> list[tuple[Hex, object, int]]:
        """The ghost as visible hexes for the scene."""
        kinds = self.tile.hexes
        return [(cell, kind, ghost.level) for cell, kind in zip(ghost.cells, kinds, strict=True)]

    # --- Actions -----------------------------------------------------------------------------

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

    def place(self, anchor: Hex | None = None) -> tuple[bool, str]:
        """Place the tile with its first hex on ``anchor``; (placed, a line saying what it did)."""
        ghost = self.ghost(anchor)
        if ghost is None:
            return False, "The tile is already placed: Undo takes it back."
        if not ghost.legal:
            return False, f"Not here: {ghost.reason}."
        level, self.gained = self.city.place(ghost.move)
        self.placed = ghost.move
        self.hover = None
        before, after = self.before.total, self.score().total
        gain = f", +{self.gained} stone{'s' if self.gained != 1 else ''}" if self.gained else ""
        return True, (
            f"Tile {self.tile.id} on level {level}{gain}: {before} → {after} points "
            f"({after - before:+d})."
        )

    def undo(self) -> str:
        """Take the tile back into hand."""
        if self.placed is None:
            return "Nothing to undo."
        self.city.undo()
        self.placed = None
        self.gained = 0
        return f"Tile {self.tile.id} is back in hand."
