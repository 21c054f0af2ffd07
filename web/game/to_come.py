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
from akropolis.tiles import DISTRICTS, PLAZA_OFFSET, STARS, TILES, Kind


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
