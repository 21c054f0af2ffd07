""" "Try it": one tile to place in a city, and the score before and after.

A city plus one tile, not a game: no Construction Site, no turn, no cost.  Legality, levels,
stones and the reason a spot is refused all come from the engine's ``City``; the ghost is the
game table's ``Ghost``, so the embed speaks as the game does.  The city given is never changed:
the tile goes into a copy, and undo takes it back exactly.
"""

from __future__ import annotations

from akropolis import TILES, City, Move, score_city
from akropolis.scoring import CityScore
from common.hand import Hand
from common.i18n import _, ngettext, translate

Hex = tuple[int, int]


class TryIt(Hand):
    """The reader's hand: one tile, its rotation, where it points, and whether it is placed."""

    def __init__(self, city: City, variants: frozenset[str], stones: int, tile: int) -> None:
        super().__init__()
        self.tile = TILES[tile]
        self.variants = variants
        self.stones = stones
        self.city = city.copy()
        self.before = score_city(city, variants, stones)
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

    @property
    def held_tile(self) -> int | None:
        return self.tile.id if self.holding else None

    def hand_city(self) -> City:
        return self.city

    # --- Actions -----------------------------------------------------------------------------

    def place(self, anchor: Hex | None = None) -> tuple[bool, str]:
        """Place the tile with its first hex on ``anchor``; (placed, a line saying what it did)."""
        ghost = self.ghost(anchor)
        if ghost is None:
            return False, _("The tile is already placed: Undo takes it back.")
        if not ghost.legal:
            return False, _("Not here: {reason}.", reason=translate(ghost.reason))
        level, self.gained = self.city.place(ghost.move)
        self.placed = ghost.move
        self.hover = None
        before, after = self.before.total, self.score().total
        points = ngettext(
            "{before} → {count} point ({change})",
            "{before} → {count} points ({change})",
            after,
            before=before,
            change=f"{after - before:+d}",
        )
        if not self.gained:
            return True, _(
                "Tile {tile} on level {level}: {points}.",
                tile=self.tile.id,
                level=level,
                points=points,
            )
        return True, ngettext(
            "Tile {tile} on level {level}, +{count} stone: {points}.",
            "Tile {tile} on level {level}, +{count} stones: {points}.",
            self.gained,
            tile=self.tile.id,
            level=level,
            points=points,
        )

    def undo(self) -> str:
        """Take the tile back into hand."""
        if self.placed is None:
            return _("Nothing to undo.")
        self.city.undo()
        self.placed = None
        self.gained = 0
        return _("Tile {tile} is back in hand.", tile=self.tile.id)
