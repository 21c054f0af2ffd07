"""Akropolis, the tile-laying game: a rules-exact engine in pure Python.

The public values are small and immutable (``Tile``, ``Move``/``Placement``, ``LegalMove``,
``CityScore``); ``Game`` is the one mutable object, with ``legal_moves``, ``play`` and ``undo``.
"""

from .architect import ARCHITECTS, Architect, score_architect
from .checks import PLAYER_KINDS, VARIANTS
from .city import City, IllegalMoveError, Move, Placement, Spot
from .game import Game, LegalMove, Options, Result, deal, final_result
from .hexes import DIRECTIONS, Hex, placement_cells
from .scoring import CityScore, HexScore, KindScore, score_city
from .tiles import STARS, STARTING_TILE, TILES, Kind, Tile, tile_pool

__version__ = "0.1.0"

__all__ = [
    "ARCHITECTS",
    "DIRECTIONS",
    "PLAYER_KINDS",
    "STARS",
    "STARTING_TILE",
    "TILES",
    "VARIANTS",
    "Architect",
    "City",
    "CityScore",
    "Game",
    "Hex",
    "HexScore",
    "IllegalMoveError",
    "Kind",
    "KindScore",
    "LegalMove",
    "Move",
    "Options",
    "Placement",
    "Result",
    "Spot",
    "Tile",
    "__version__",
    "deal",
    "final_result",
    "placement_cells",
    "score_architect",
    "score_city",
    "tile_pool",
]
