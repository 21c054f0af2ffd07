"""Colours and symbols of the hex kinds: the game's own colours, plus a shape per kind so a
city reads in greyscale too.  Symbols are polygons in hex-radius units around the centre.

The hues are the game's (quarry grey, houses blue, markets yellow, barracks red, temples purple,
gardens green); their lightness is spread so that the six kinds stay apart for colour-blind
players: from dark to light temple, barracks, house, garden, quarry, market, about 10 L* apart,
so that red and green, blue and purple, differ in lightness where their hues merge.
``tests/engine/test_palette.py`` checks it under simulated protanopia, deuteranopia and
achromatopsia, and the symbols' contrast on their fills.
"""

from __future__ import annotations

import math

from ..tiles import STARS, Kind

#: Fill colour of each district kind (plazas use the same colour) and of quarries.
FILL: dict[Kind, str] = {
    Kind.QUARRY: "#bbbdb8",
    Kind.HOUSE: "#4584d3",
    Kind.MARKET: "#fed538",
    Kind.BARRACKS: "#bc3d29",
    Kind.TEMPLE: "#6d3895",
    Kind.GARDEN: "#6fb15f",
}
#: Darker shade for the sides of raised hexes and outlines.
SHADE: dict[Kind, str] = {
    Kind.QUARRY: "#747572",
    Kind.HOUSE: "#2b5283",
    Kind.MARKET: "#9d8423",
    Kind.BARRACKS: "#752619",
    Kind.TEMPLE: "#44235c",
    Kind.GARDEN: "#456e3b",
}
#: Symbol ink: light on the darker fills, dark on the lighter ones (at least 3:1 on each).
LIGHT_INK, DARK_INK = "#f8f6f0", "#2b2620"
INK: dict[Kind, str] = {
    Kind.QUARRY: DARK_INK,
    Kind.HOUSE: LIGHT_INK,
    Kind.MARKET: DARK_INK,
    Kind.BARRACKS: LIGHT_INK,
    Kind.TEMPLE: LIGHT_INK,
    Kind.GARDEN: DARK_INK,
}
#: The plaza stars' gold, on the fills dark enough for it (3:1 or more).
STAR_INK = "#fff6c8"
#: A plaza's ink (its symbol and stars): gold on dark fills, the kind's dark ink on light ones.
STAR_INKS: dict[Kind, str] = {
    kind: STAR_INK if ink == LIGHT_INK else DARK_INK for kind, ink in INK.items()
}


def base_kind(kind: Kind) -> Kind:
    """The colour family of a hex: a plaza shares its district's colour."""
    return kind.district


def fill(kind: Kind) -> str:
    return FILL[base_kind(kind)]


def shade(kind: Kind) -> str:
    return SHADE[base_kind(kind)]


def ink(kind: Kind) -> str:
    """The ink of a hex's symbol: its plaza ink on a plaza."""
    return (STAR_INKS if kind.is_plaza else INK)[base_kind(kind)]


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


#: Where a plaza draws its kind's symbol (shrunk, above) and its row of stars (below).
PLAZA_SYMBOL_SCALE, PLAZA_SYMBOL_Y, PLAZA_STARS_Y = 0.62, -0.3, 0.27


def plaza(kind: Kind, sides: int = 14) -> list[list[tuple[float, float]]]:
    """A plaza's picture, unit hex radius: its kind's symbol, small, above its row of stars, so
    that plazas of different kinds differ in shape, not only in colour."""
    scale, dy = PLAZA_SYMBOL_SCALE, PLAZA_SYMBOL_Y
    shapes = [[(x * scale, y * scale + dy) for x, y in shape] for shape in symbol(kind, sides)]
    stars = [[(x, y + PLAZA_STARS_Y) for x, y in shape] for shape in plaza_stars(kind)]
    return shapes + stars


#: Each plaza kind's picture, as the page draws it.
PLAZAS: dict[Kind, list[list[tuple[float, float]]]] = {
    kind: plaza(kind) for kind in Kind if kind.is_plaza
}
