"""Screen geometry for the hex cities: hex ↔ pixel, hit-testing, corners and the viewport.

World units: a hex of circumradius 1 with the engine's flat-topped axial coordinates.  A
``Viewport`` maps world to canvas pixels (scale, then offset) and back; levels are drawn
lifted by ``LIFT`` world units per level so stacks read as 3-D without hiding the grid.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Hex = tuple[int, int]
SQRT3 = math.sqrt(3.0)
#: Vertical lift of each level above the first, in world units (hex radius 1).
LIFT = 0.14
#: Corner directions of a flat-topped hex (0°, 60°, … measured clockwise on screen).
_CORNERS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


def hex_to_world(h: Hex) -> tuple[float, float]:
    """Centre of hex ``h`` in world units (y grows downwards, north is up)."""
    q, r = h
    return 1.5 * q, SQRT3 * (r + q / 2)


def world_to_hex(x: float, y: float) -> Hex:
    """The hex containing the world point ``(x, y)`` (cube rounding)."""
    q = x / 1.5
    r = y / SQRT3 - q / 2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def corners(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex around ``center``."""
    cx, cy = center
    return [(cx + radius * dx, cy + radius * dy) for dx, dy in _CORNERS]


@dataclass(frozen=True, slots=True)
class Viewport:
    """World → screen: ``screen = world * scale + offset``."""

    scale: float = 30.0
    offset_x: float = 0.0
    offset_y: float = 0.0

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale + self.offset_x, y * self.scale + self.offset_y

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.offset_x) / self.scale, (sy - self.offset_y) / self.scale

    def hex_center(self, h: Hex, level: int = 1) -> tuple[float, float]:
        """Screen centre of hex ``h`` drawn at ``level`` (lifted)."""
        x, y = hex_to_world(h)
        return self.to_screen(x, y - LIFT * (level - 1))

    def hex_at(self, sx: float, sy: float) -> Hex:
        """The grid hex under a screen point (the unlifted grid: what the pointer means)."""
        return world_to_hex(*self.to_world(sx, sy))

    def panned(self, dx: float, dy: float) -> Viewport:
        return Viewport(self.scale, self.offset_x + dx, self.offset_y + dy)

    def zoomed(
        self, factor: float, sx: float, sy: float, lowest: float = 0.0, highest: float = math.inf
    ) -> Viewport:
        """Zoom by ``factor`` keeping the screen point ``(sx, sy)`` fixed, the scale kept from
        ``lowest`` to ``highest``."""
        scale = min(max(self.scale * factor, lowest), highest)
        wx, wy = self.to_world(sx, sy)
        return Viewport(scale, sx - wx * scale, sy - wy * scale)


#: The scales ``fit`` picks from: the smallest by default, and the largest, so that a small city
#: is not drawn huge.
MIN_FIT_SCALE, FIT_SCALE = 6.0, 46.0


def fit(
    cells: Iterable[Hex],
    width: float,
    height: float,
    margin: float = 1.6,
    min_scale: float = MIN_FIT_SCALE,
) -> Viewport:
    """The viewport that shows all ``cells`` (plus ``margin`` hexes) centred in the canvas."""
    points = [hex_to_world(h) for h in cells] or [(0.0, 0.0)]
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    min_x, max_x = min(xs) - margin, max(xs) + margin
    min_y, max_y = min(ys) - margin, max(ys) + margin
    scale = min(width / (max_x - min_x), height / (max_y - min_y))
    scale = min(max(scale, min_scale), FIT_SCALE)
    cx, cy = (min_x + max_x) / 2, (min_y + max_y) / 2
    return Viewport(scale, width / 2 - cx * scale, height / 2 - cy * scale)
