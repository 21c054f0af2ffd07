"""Hex geometry: the public axial convention and the packed cells the hot paths use.

Public coordinates are flat-topped axial ``(q, r)`` pairs (docs/rules.md, "Coordinates").
Inside the engine a cell is one int, ``q * STRIDE + r``, so that neighbours are a single
addition and dict/set look-ups hash a small int instead of a tuple.  Every public function
that takes or returns coordinates uses ``(q, r)`` tuples; ``pack``/``unpack`` convert.
"""

from __future__ import annotations

from collections.abc import Iterable

Hex = tuple[int, int]

#: The six directions, clockwise from north: N, NE, SE, S, SW, NW.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

#: Packed cells support |r| < STRIDE // 2; a city of 61 tiles spans far less.
STRIDE = 1024
_HALF = STRIDE // 2
#: Largest coordinate magnitude the engine accepts (records are checked against it).
COORD_LIMIT = 400

#: DIRECTIONS as packed-cell offsets.
OFFSETS: tuple[int, ...] = tuple(dq * STRIDE + dr for dq, dr in DIRECTIONS)


def pack(q: int, r: int) -> int:
    """The packed cell of ``(q, r)``."""
    return q * STRIDE + r


def unpack(cell: int) -> Hex:
    """The ``(q, r)`` pair of a packed cell."""
    q = (cell + _HALF) // STRIDE
    return q, cell - q * STRIDE


def neighbours(cell: int) -> tuple[int, ...]:
    """The six packed neighbours of a packed cell, clockwise from north."""
    return tuple(cell + d for d in OFFSETS)


def connected(cells: Iterable[int]) -> bool:
    """Whether the packed cells form one edge-connected piece (none: False), as every city
    must: the engine's cities drawn hex by hex and the calculator's brush ask it alike."""
    region = set(cells)
    if not region:
        return False
    start = next(iter(region))
    reached, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        for d in OFFSETS:
            if cell + d in region and cell + d not in reached:
                reached.add(cell + d)
                todo.append(cell + d)
    return len(reached) == len(region)


def add(h: Hex, d: Hex) -> Hex:
    """The sum of two axial vectors."""
    return h[0] + d[0], h[1] + d[1]


def placement_cells(anchor: Hex, rotation: int) -> tuple[Hex, Hex, Hex]:
    """The cells of ``hex_a``, ``hex_b``, ``hex_c`` for a tile at ``anchor`` with ``rotation``."""
    q, r = anchor
    dq1, dr1 = DIRECTIONS[rotation % 6]
    dq2, dr2 = DIRECTIONS[(rotation + 1) % 6]
    return (q, r), (q + dq1, r + dr1), (q + dq2, r + dr2)


def packed_placement_cells(anchor: int, rotation: int) -> tuple[int, int, int]:
    """``placement_cells`` on packed cells."""
    return anchor, anchor + OFFSETS[rotation], anchor + OFFSETS[(rotation + 1) % 6]


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Rotate ``h`` about the origin by ``steps`` sixth-turns clockwise."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, r


def distance(a: Hex, b: Hex) -> int:
    """Hex distance between two cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# --- Triangles -------------------------------------------------------------------------------
# Every tile covers a triangle: three mutually adjacent cells.  A triangle has a canonical
# name ``cell * 2 + t``: ``t = 0`` is {cell, cell+SE, cell+S}, ``t = 1`` is {cell, cell+S, cell+SW}.
# Each triangle can be entered from any of its three cells, giving the three (anchor, rotation)
# orientations of a tile on it (hex_a on each cell in turn, the rest following clockwise).

_SE, _S, _SW = OFFSETS[2], OFFSETS[3], OFFSETS[4]

#: For each canonical type: its cells relative to the base, and the rotation used with each
#: cell as anchor (so that hex_b, hex_c follow clockwise).
TRIANGLE_SHAPES: tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...] = (
    ((0, _SE, _S), (2, 4, 0)),
    ((0, _S, _SW), (3, 5, 1)),
)

#: The canonical triangle of ``T(cell, k)`` = {cell, cell+D[k], cell+D[k+1]}: (base offset, type).
_CANONICAL_OF_ROTATION: tuple[tuple[int, int], ...] = (
    (OFFSETS[0], 0),
    (OFFSETS[1], 1),
    (0, 0),
    (0, 1),
    (OFFSETS[5], 0),
    (OFFSETS[0], 1),
)

#: Offsets (relative to a cell) of the canonical names of the six triangles containing it.
TRIANGLES_AROUND: tuple[int, ...] = tuple(2 * base + t for base, t in _CANONICAL_OF_ROTATION)


def triangle_of(anchor: int, rotation: int) -> int:
    """The canonical triangle covered by a tile at packed ``anchor`` with ``rotation``."""
    base, t = _CANONICAL_OF_ROTATION[rotation % 6]
    return 2 * (anchor + base) + t


def triangle_cells(triangle: int) -> tuple[int, int, int]:
    """The three packed cells of a canonical triangle, clockwise."""
    base, t = triangle >> 1, triangle & 1
    o0, o1, o2 = TRIANGLE_SHAPES[t][0]
    return base + o0, base + o1, base + o2


def triangle_orientations(triangle: int) -> tuple[tuple[int, int], ...]:
    """The three ``(packed anchor, rotation)`` pairs that put a tile on ``triangle``."""
    cells = triangle_cells(triangle)
    return tuple(zip(cells, TRIANGLE_SHAPES[triangle & 1][1], strict=True))


def bounding_box(cells: Iterable[Hex]) -> tuple[int, int, int, int]:
    """``(min_q, min_r, max_q, max_r)`` of some cells."""
    qs, rs = zip(*cells, strict=True)
    return min(qs), min(rs), max(qs), max(rs)
