"""Colours and symbols of the hex kinds: the game's own colours, plus a shape per kind so a
city reads in greyscale too.  Symbols are polygons in hex-radius units around the centre.
"""

from __future__ import annotations

import math

from ..tiles import STARS, Kind

#: Fill colour of each district kind (plazas use the same colour) and of quarries.
FILL: dict[Kind, str] = {
    Kind.QUARRY: "#9a9a94",
    Kind.HOUSE: "#3f7fd0",
    Kind.MARKET: "#e8b923",
    Kind.BARRACKS: "#c8412f",
    Kind.TEMPLE: "#8a55b8",
    Kind.GARDEN: "#4f9e3a",
}
#: Darker shade for the sides of raised hexes and outlines.
SHADE: dict[Kind, str] = {
    Kind.QUARRY: "#5e5e59",
    Kind.HOUSE: "#24508a",
    Kind.MARKET: "#9c7a0e",
    Kind.BARRACKS: "#7e2419",
    Kind.TEMPLE: "#553274",
    Kind.GARDEN: "#2f6322",
}
#: Symbol ink: light on dark fills, dark on the yellow market.
INK: dict[Kind, str] = {
    Kind.QUARRY: "#f4f3ee",
    Kind.HOUSE: "#f4f3ee",
    Kind.MARKET: "#3b2f06",
    Kind.BARRACKS: "#f4f3ee",
    Kind.TEMPLE: "#f4f3ee",
    Kind.GARDEN: "#f4f3ee",
}
STAR_INK = "#fff6c8"


def base_kind(kind: Kind) -> Kind:
    """The colour family of a hex: a plaza shares its district's colour."""
    return kind.district


def fill(kind: Kind) -> str:
    return FILL[base_kind(kind)]


def shade(kind: Kind) -> str:
    return SHADE[base_kind(kind)]


def ink(kind: Kind) -> str:
    return INK[base_kind(kind)]


def circle(cx: float, cy: float, radius: float, sides: int = 14) -> list[tuple[float, float]]:
    """A circle as a polygon of ``sides`` sides."""
    return [
        (
            cx + radius * math.cos(2 * math.pi * i / sides),
            cy + radius * math.sin(2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]


def star(
    cx: float, cy: float, outer: float, inner_ratio: float = 0.45
) -> list[tuple[float, float]]:
    """A five-pointed star, point up."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * inner_ratio
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def symbol(kind: Kind, sides: int = 14) -> list[list[tuple[float, float]]]:
    """The symbol of a kind: polygons in hex-radius units around the centre (its round parts
    drawn with ``sides`` sides: more for a large picture such as the app's icon)."""
    shapes = {
        # A house: walls and a pitched roof.
        Kind.HOUSE: [[(-0.3, 0.3), (-0.3, -0.05), (0.0, -0.32), (0.3, -0.05), (0.3, 0.3)]],
        # A market: a coin.
        Kind.MARKET: [circle(0.0, 0.0, 0.27, sides)],
        # Barracks: a shield.
        Kind.BARRACKS: [[(-0.27, -0.3), (0.27, -0.3), (0.27, 0.02), (0.0, 0.34), (-0.27, 0.02)]],
        # A temple: pediment and three columns on a base.
        Kind.TEMPLE: [
            [(-0.34, -0.14), (0.0, -0.34), (0.34, -0.14)],
            [(-0.28, -0.1), (-0.18, -0.1), (-0.18, 0.22), (-0.28, 0.22)],
            [(-0.05, -0.1), (0.05, -0.1), (0.05, 0.22), (-0.05, 0.22)],
            [(0.18, -0.1), (0.28, -0.1), (0.28, 0.22), (0.18, 0.22)],
            [(-0.34, 0.24), (0.34, 0.24), (0.34, 0.32), (-0.34, 0.32)],
        ],
        # A garden: a round tree crown on a trunk.
        Kind.GARDEN: [
            circle(0.0, -0.08, 0.22, sides),
            [(-0.05, 0.1), (0.05, 0.1), (0.05, 0.34), (-0.05, 0.34)],
        ],
        # A quarry: three cut stones.
        Kind.QUARRY: [
            [(-0.3, 0.3), (-0.02, 0.3), (-0.02, 0.08), (-0.3, 0.08)],
            [(0.02, 0.3), (0.3, 0.3), (0.3, 0.08), (0.02, 0.08)],
            [(-0.15, 0.04), (0.15, 0.04), (0.15, -0.18), (-0.15, -0.18)],
        ],
    }
    return shapes[kind.district]


#: Each district kind's and the quarry's symbol, as the page draws it.
SYMBOLS: dict[Kind, list[list[tuple[float, float]]]] = {kind: symbol(kind) for kind in FILL}


def plaza_stars(kind: Kind) -> list[list[tuple[float, float]]]:
    """The stars drawn on a plaza (1 to 3, in a row), unit hex radius."""
    count = STARS[kind.district]
    size = 0.24 if count < 3 else 0.2
    step = size * 1.9
    start = -step * (count - 1) / 2
    return [star(start + i * step, 0.0, size) for i in range(count)]
