"""The components: hex kinds, plaza stars, the 61 City tiles and the starting tile.

The tile table is transcribed from the project's reference ``tiles.csv`` (ids are ours and
public: records and notation use them).  Hexes are listed clockwise as ``hex_a hex_b hex_c``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .sentences import Sentence


class Kind(IntEnum):
    """What a hex is.  A plaza's value is its district's value plus ``PLAZA_OFFSET``."""

    QUARRY = 0
    HOUSE = 1
    MARKET = 2
    BARRACKS = 3
    TEMPLE = 4
    GARDEN = 5
    HOUSE_PLAZA = 6
    MARKET_PLAZA = 7
    BARRACKS_PLAZA = 8
    TEMPLE_PLAZA = 9
    GARDEN_PLAZA = 10

    @property
    def label(self) -> str:
        """The public name used in tiles.csv and records: ``house``, ``market-plaza``, …"""
        return _LABELS[self]

    @property
    def is_plaza(self) -> bool:
        return self >= PLAZA_OFFSET + 1

    @property
    def is_district(self) -> bool:
        return Kind.HOUSE <= self <= Kind.GARDEN

    @property
    def district(self) -> Kind:
        """The district kind of a plaza (or the district itself)."""
        return Kind(self - PLAZA_OFFSET) if self.is_plaza else self

    @classmethod
    def from_label(cls, label: str) -> Kind:
        try:
            return _BY_LABEL[label]
        except KeyError:
            raise ValueError(Sentence("unknown hex kind {label}", label=repr(label))) from None


PLAZA_OFFSET = 5
DISTRICTS: tuple[Kind, ...] = (Kind.HOUSE, Kind.MARKET, Kind.BARRACKS, Kind.TEMPLE, Kind.GARDEN)
#: District kinds by their public plural name (score breakdowns, variants).
KIND_NAMES: dict[Kind, str] = {
    Kind.HOUSE: "houses",
    Kind.MARKET: "markets",
    Kind.BARRACKS: "barracks",
    Kind.TEMPLE: "temples",
    Kind.GARDEN: "gardens",
}
#: Stars on one plaza of each district kind.
STARS: dict[Kind, int] = {
    Kind.HOUSE: 1,
    Kind.MARKET: 2,
    Kind.BARRACKS: 2,
    Kind.TEMPLE: 2,
    Kind.GARDEN: 3,
}

_LABELS: dict[Kind, str] = {
    Kind.QUARRY: "quarry",
    Kind.HOUSE: "house",
    Kind.MARKET: "market",
    Kind.BARRACKS: "barracks",
    Kind.TEMPLE: "temple",
    Kind.GARDEN: "garden",
}
_LABELS.update({Kind(k + PLAZA_OFFSET): f"{_LABELS[k]}-plaza" for k in DISTRICTS})
_BY_LABEL = {label: kind for kind, label in _LABELS.items()}

#: One-letter codes for compact text; a plaza is the letter followed by ``*``.
LETTERS: dict[Kind, str] = {
    Kind.QUARRY: "Q",
    Kind.HOUSE: "H",
    Kind.MARKET: "M",
    Kind.BARRACKS: "B",
    Kind.TEMPLE: "T",
    Kind.GARDEN: "G",
}


class Tile(NamedTuple):
    """A City tile: three hexes forming a triangle, listed clockwise."""

    id: int
    min_players: int
    hexes: tuple[Kind, Kind, Kind]

    @property
    def uniform(self) -> bool:
        """True if all three hexes are alike (then its three orientations on a spot coincide)."""
        return self.hexes[0] == self.hexes[1] == self.hexes[2]

    def __str__(self) -> str:
        return f"{self.id} ({' '.join(k.label for k in self.hexes)})"


def _parse_hex(code: str) -> Kind:
    base = next(k for k, letter in LETTERS.items() if letter == code[0])
    return Kind(base + PLAZA_OFFSET) if code.endswith("*") else base


_TABLE = """
 1 2 H B T|  2 2 M* B Q|  3 2 Q H B|  4 2 B* H Q|  5 2 B* Q Q|  6 2 B* H T|  7 2 G Q Q
 8 2 Q B M|  9 2 Q T M| 10 2 Q M B| 11 2 G* Q H| 12 2 Q M H| 13 2 G* H Q| 14 2 Q T B
15 2 H G M| 16 2 B* M H| 17 2 M* H G| 18 2 H* M B| 19 2 Q H H| 20 2 H G B| 21 2 M* T H
22 2 M* Q Q| 23 2 T* Q Q| 24 2 G* Q Q| 25 2 Q M G| 26 2 M Q Q| 27 2 Q B M| 28 2 H* Q Q
29 2 T* H Q| 30 2 T Q Q| 31 2 T* Q H| 32 2 H* G Q| 33 2 H* Q Q| 34 2 T* H B| 35 2 H T M
36 2 Q M T| 37 2 H* Q Q| 38 3 H M B| 39 3 Q T H| 40 3 Q B G| 41 3 Q H H| 42 3 Q H M
43 3 T* Q Q| 44 3 H Q Q| 45 3 Q M H| 46 3 H* T M| 47 3 G* H B| 48 3 B* Q H| 49 3 M* Q Q
50 4 B Q Q| 51 4 B* Q Q| 52 4 H* Q M| 53 4 G* M H| 54 4 M* Q T| 55 4 Q H T| 56 4 T* H M
57 4 Q G H| 58 4 Q H H| 59 4 Q B H| 60 4 Q H B| 61 4 Q H M
"""


def _parse_table(text: str) -> dict[int, Tile]:
    tiles: dict[int, Tile] = {}
    for entry in text.replace("\n", "|").split("|"):
        if entry.strip():
            tid, players, a, b, c = entry.split()
            hexes = (_parse_hex(a), _parse_hex(b), _parse_hex(c))
            tiles[int(tid)] = Tile(int(tid), int(players), hexes)
    return tiles


#: All 61 City tiles by id.
TILES: dict[int, Tile] = _parse_table(_TABLE)

#: The starting tile: a house plaza at (0, 0) with quarries N, SE and SW of it.
STARTING_TILE: tuple[tuple[tuple[int, int], Kind], ...] = (
    ((0, 0), Kind.HOUSE_PLAZA),
    ((0, -1), Kind.QUARRY),
    ((1, 0), Kind.QUARRY),
    ((-1, 1), Kind.QUARRY),
)


def tile_pool(players: int, all_tiles: bool = False) -> list[int]:
    """The ids of the tiles used in a game, in id order."""
    if all_tiles:
        return sorted(TILES)
    return [t.id for t in TILES.values() if t.min_players <= players]
