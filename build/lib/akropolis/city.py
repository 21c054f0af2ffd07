"""A player's city: the stacked hexes, the placement rules and the legal spots for a tile.

The city keeps, for every built cell, the level, kind and piece (which placed tile) of its top
hex, plus the *frontier*: the empty cells edge-adjacent to the city.  Level-1 spots are found
from the frontier and higher spots from the built cells, so the search never scans a box.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .checks import (
    MAX_LEVEL,
    check_anchor,
    check_int,
    check_placement,
    check_rotation,
    check_tile,
    excerpt,
    is_int,
    reason_of,
)
from .hexes import (
    OFFSETS,
    TRIANGLE_SHAPES,
    TRIANGLES_AROUND,
    Hex,
    connected,
    pack,
    packed_placement_cells,
    placement_cells,
    unpack,
)
from .sentences import Sentence
from .tiles import STARTING_TILE, TILES, Kind


class IllegalMoveError(ValueError):
    """A move that breaks a rule; the message says which, and nothing was changed."""


class Placement(NamedTuple):
    """A tile put into a city: ``hex_a`` on ``anchor``, the others clockwise from ``rotation``.

    In a game this is also the whole move: the tile id says which Construction Site tile is
    taken, so ``Move`` is the same type.
    """

    tile: int
    anchor: Hex
    rotation: int

    def __str__(self) -> str:
        return f"{self.tile}@{self.anchor[0]},{self.anchor[1]}:{self.rotation}"


Move = Placement


class Spot(NamedTuple):
    """A triangle of cells where a tile may legally go, whichever tile it is.

    ``orientations`` are the three ``(anchor, rotation, cells)`` ways to lay a tile on it
    (``cells`` are the cells of hex_a, hex_b, hex_c); ``stones`` is the quarries it covers.
    """

    triangle: int
    level: int
    stones: int
    orientations: tuple[tuple[Hex, int, tuple[Hex, Hex, Hex]], ...]


class _Undo(NamedTuple):
    cells: tuple[int, int, int]
    previous: tuple[tuple[int, Kind, int] | None, ...]
    frontier_added: tuple[int, ...]
    frontier_removed: tuple[int, ...]


_STARTING_PIECE = 0
_KIND_VALUES = frozenset(int(kind) for kind in Kind)
A_LEVEL = Sentence("a level")


class City:
    """One player's city.  Mutable, with exact undo; the game owns one per player."""

    __slots__ = ("_history", "_spots", "frontier", "height", "kind", "piece", "placements")

    def __init__(self) -> None:
        self.height: dict[int, int] = {}
        self.kind: dict[int, Kind] = {}
        self.piece: dict[int, int] = {}
        for (q, r), kind in STARTING_TILE:
            cell = pack(q, r)
            self.height[cell] = 1
            self.kind[cell] = kind
            self.piece[cell] = _STARTING_PIECE
        self.frontier: set[int] = {
            cell + d for cell in self.height for d in OFFSETS if cell + d not in self.height
        }
        self.placements: list[Placement] = []
        self._history: list[_Undo] = []
        self._spots: list[Spot] | None = None

    @classmethod
    def from_placements(cls, placements: list[Placement]) -> City:
        """Build a city from scratch; each placement must be legal when it is made."""
        if not isinstance(placements, (list, tuple)):
            raise IllegalMoveError(
                Sentence("placements must be a list, not {value}", value=excerpt(placements))
            )
        city = cls()
        for index, placement in enumerate(placements):
            try:
                city.place(placement)
            except IllegalMoveError as error:
                raise IllegalMoveError(
                    Sentence(
                        "placement {number}: {reason}", number=index + 1, reason=reason_of(error)
                    )
                ) from None
        return city

    @classmethod
    def from_hexes(cls, hexes: Iterable[tuple[Hex, Kind, int]]) -> City:
        """A city drawn hex by hex as ``((q, r), kind, level)``, for scoring puzzles and tests.

        It replaces the starting tile, records no placements (so nothing to undo) and gives
        every hex its own piece.  Scoring only needs the visible hexes, so it scores exactly.
        The hexes must be edge-connected, as every real city is (scoring relies on it).
        """
        city = cls()
        city.height, city.kind, city.piece = {}, {}, {}
        if isinstance(hexes, (str, bytes)) or not isinstance(hexes, Iterable):
            raise ValueError(
                Sentence(
                    "hexes must be a list of ((q, r), kind, level), not {value}",
                    value=excerpt(hexes),
                )
            )
        for number, item in enumerate(hexes):
            if not isinstance(item, (list, tuple)) or len(item) != 3:
                raise ValueError(
                    Sentence(
                        "a hex must be ((q, r), kind, level), not {value}", value=excerpt(item)
                    )
                )
            where, kind, level = item
            if not isinstance(kind, Kind) and not (is_int(kind) and kind in _KIND_VALUES):
                raise ValueError(
                    Sentence("a hex kind must be a Kind, not {value}", value=excerpt(kind))
                )
            q, r = check_anchor(where)
            check_int(level, A_LEVEL, 1, MAX_LEVEL)
            cell = pack(q, r)
            if cell in city.height:
                raise ValueError(Sentence("the cell {cell} is drawn twice", cell=str((q, r))))
            # Negative pieces never meet the starting tile (0) or later placements (1, 2, …).
            city.height[cell], city.kind[cell], city.piece[cell] = level, Kind(kind), -1 - number
        if not city.height:
            raise ValueError(Sentence("a city needs at least one hex"))
        if not connected(city.height):
            raise ValueError(Sentence("the hexes do not form one connected city"))
        city.frontier = {
            cell + d for cell in city.height for d in OFFSETS if cell + d not in city.height
        }
        return city

    def copy(self) -> City:
        other = City.__new__(City)
        other.height = dict(self.height)
        other.kind = dict(self.kind)
        other.piece = dict(self.piece)
        other.frontier = set(self.frontier)
        other.placements = list(self.placements)
        other._history = list(self._history)
        other._spots = self._spots
        return other

    # --- Reading -----------------------------------------------------------------------------

    def top(self, h: Hex) -> tuple[Kind, int] | None:
        """The kind and level of the visible hex at ``h``, or None if the cell is empty."""
        cell = pack(*h)
        if cell not in self.height:
            return None
        return self.kind[cell], self.height[cell]

    def hexes(self) -> Iterator[tuple[Hex, Kind, int]]:
        """Every visible hex as ``((q, r), kind, level)``."""
        kind, height = self.kind, self.height
        for cell in height:
            yield unpack(cell), kind[cell], height[cell]

    def pieces(self) -> dict[Hex, int]:
        """Which placed tile each visible hex belongs to, by cell: 0 for the starting tile, ``n``
        for the ``n``-th placement, a negative number of its own for each hex of a city drawn hex
        by hex (``from_hexes``).  Pictures draw tile boundaries where neighbours differ."""
        return {unpack(cell): number for cell, number in self.piece.items()}

    def last_cells(self) -> tuple[Hex, ...]:
        """The cells of the last tile placed (hex_a, hex_b, hex_c), or ``()`` before any."""
        if not self.placements:
            return ()
        last = self.placements[-1]
        return placement_cells(last.anchor, last.rotation)

    def __len__(self) -> int:
        return len(self.height)

    # --- Rules -------------------------------------------------------------------------------

    def check(self, tile: int, anchor: Hex, rotation: int) -> tuple[tuple[int, int, int], int, int]:
        """Check a placement: its packed cells, level and stones gained, or IllegalMoveError."""
        try:
            check_tile(tile), check_rotation(rotation)
            q, r = check_anchor(anchor)
        except ValueError as error:
            raise IllegalMoveError(reason_of(error)) from None
        cells = packed_placement_cells(pack(q, r), rotation)
        height = self.height
        levels = [height.get(c, 0) for c in cells]
        if levels == [0, 0, 0]:
            if not any(c in self.frontier for c in cells):
                raise IllegalMoveError(Sentence("the tile is not adjacent to the city"))
            return cells, 1, 0
        if 0 in levels:
            raise IllegalMoveError(Sentence("the tile would overhang an empty space"))
        if not levels[0] == levels[1] == levels[2]:
            raise IllegalMoveError(
                Sentence("the tile is not flat: the hexes below are at different levels")
            )
        piece = self.piece
        if piece[cells[0]] == piece[cells[1]] == piece[cells[2]]:
            raise IllegalMoveError(
                Sentence("the tile would cover a single tile (it must cover two or more)")
            )
        stones = sum(1 for c in cells if self.kind[c] is Kind.QUARRY)
        return cells, levels[0] + 1, stones

    def place(self, placement: Placement) -> tuple[int, int]:
        """Add a tile after checking it; returns ``(level, stones gained)``."""
        tile, anchor, rotation = checked_placement(placement)
        cells, level, stones = self.check(tile, anchor, rotation)
        self.put(Placement(tile, anchor, rotation), cells, level)
        return level, stones

    def put(self, placement: Placement, cells: tuple[int, int, int], level: int) -> None:
        """Add a tile already known to be legal there (``cells`` packed, as ``check`` gives
        them, and ``level``), without checking it again: for the search, whose moves come
        from the legal spots."""
        tile = placement.tile
        height, kind, piece = self.height, self.kind, self.piece
        previous = tuple((height[c], kind[c], piece[c]) if c in height else None for c in cells)
        number = len(self.placements) + 1
        for cell, hex_kind in zip(cells, TILES[tile].hexes, strict=True):
            height[cell] = level
            kind[cell] = hex_kind
            piece[cell] = number
        added: list[int] = []
        removed: tuple[int, ...] = ()
        if level == 1:
            frontier = self.frontier
            removed = tuple(c for c in cells if c in frontier)
            frontier.difference_update(removed)
            for cell in cells:
                for d in OFFSETS:
                    n = cell + d
                    if n not in height and n not in frontier:
                        frontier.add(n)
                        added.append(n)
        self.placements.append(placement)
        self._history.append(_Undo(cells, previous, tuple(added), removed))
        self._spots = None

    def undo(self) -> Placement:
        """Remove the last tile placed, restoring the city exactly."""
        if not self._history:
            raise IllegalMoveError(Sentence("there is no placement to undo"))
        undo = self._history.pop()
        height, kind, piece = self.height, self.kind, self.piece
        for cell, before in zip(undo.cells, undo.previous, strict=True):
            if before is None:
                del height[cell], kind[cell], piece[cell]
            else:
                height[cell], kind[cell], piece[cell] = before
        self.frontier.difference_update(undo.frontier_added)
        self.frontier.update(undo.frontier_removed)
        self._spots = None
        return self.placements.pop()

    # --- Legal spots (the hot path) ----------------------------------------------------------

    def spots(self) -> list[Spot]:
        """Every triangle where a tile may legally go now (cached until the city changes)."""
        if self._spots is None:
            self._spots = self._find_spots()
        return self._spots

    def _find_spots(self) -> list[Spot]:
        height, piece, kind = self.height, self.piece, self.kind
        found: list[tuple[int, int, int]] = []
        seen: set[int] = set()
        shapes = TRIANGLE_SHAPES
        for cell in self.frontier:
            for offset in TRIANGLES_AROUND:
                triangle = 2 * cell + offset
                if triangle in seen:
                    continue
                seen.add(triangle)
                base = triangle >> 1
                _, o1, o2 = shapes[triangle & 1][0]
                if base not in height and base + o1 not in height and base + o2 not in height:
                    found.append((triangle, 1, 0))
        quarry = Kind.QUARRY
        for cell, level in height.items():
            for t in (0, 1):
                _, o1, o2 = shapes[t][0]
                c1, c2 = cell + o1, cell + o2
                if height.get(c1) != level or height.get(c2) != level:
                    continue
                p = piece[cell]
                if p == piece[c1] == piece[c2]:
                    continue
                stones = (kind[cell] is quarry) + (kind[c1] is quarry) + (kind[c2] is quarry)
                found.append((2 * cell + t, level + 1, stones))
        found.sort()  # a pure function of the position, whatever history built it
        return [Spot(tri, level, stones, _orientations(tri)) for tri, level, stones in found]


def checked_placement(move: object) -> Placement:
    """``move`` (a Move, Placement or LegalMove) with every field checked, or IllegalMoveError."""
    try:
        return Placement(*check_placement(move))
    except ValueError as error:
        raise IllegalMoveError(reason_of(error)) from None


def _orientations(triangle: int) -> tuple[tuple[Hex, int, tuple[Hex, Hex, Hex]], ...]:
    base, t = triangle >> 1, triangle & 1
    (_, o1, o2), (k0, k1, k2) = TRIANGLE_SHAPES[t]
    a, b, c = unpack(base), unpack(base + o1), unpack(base + o2)
    return ((a, k0, (a, b, c)), (b, k1, (b, c, a)), (c, k2, (c, a, b)))
