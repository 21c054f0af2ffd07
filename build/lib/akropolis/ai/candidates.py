"""Every placement of a tile in a city, in the packed form the evaluation reads, and back.

``layouts(city)`` lists the city's legal spots with the packed cells of the three ways to lay a
tile on each (hex_a on each cell in turn, the others following clockwise), in the same order as
``Spot.orientations`` and ``Game.legal_moves`` (a tile whose three hexes are alike has one way).
``legal_move`` turns a chosen (site index, spot, way) into the engine's ``LegalMove``.
"""

from __future__ import annotations

from ..city import City, Spot
from ..game import LegalMove
from ..hexes import triangle_cells
from ..tiles import TILES

Layout = tuple[Spot, tuple[tuple[int, int, int], ...]]


def layouts(city: City) -> list[Layout]:
    """The city's legal spots, each with the packed cells of its three orientations."""
    out = []
    for spot in city.spots():
        a, b, c = triangle_cells(spot.triangle)
        out.append((spot, ((a, b, c), (b, c, a), (c, a, b))))
    return out


def ways(tile: int) -> int:
    """How many distinct orientations a tile has on a spot (1 if its hexes are alike)."""
    return 1 if TILES[tile].uniform else 3


def legal_move(tile: int, index: int, spot: Spot, way: int) -> LegalMove:
    """The ``LegalMove`` laying ``tile`` (site ``index``) on ``spot`` in orientation ``way``."""
    anchor, rotation, cells = spot.orientations[way]
    return LegalMove(tile, anchor, rotation, index, index, spot.level, cells, spot.stones)
