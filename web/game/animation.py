"""A computer's move, animated so a person can follow it: the tile leaves the Construction Site,
flies to its spot in the city and lands, and the spot glows a moment.

Frames are display lists (``akropolis.picture.scene``) and a pure function of the time since the
move began, so the timing and the path are tested on CPython; the page's glue only asks for the
frame of the moment and paints it on the city's overlay.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis.picture import scene
from akropolis.picture.geometry import Viewport, corners
from common.zoom import zoomed

Hex = tuple[int, int]
Point = tuple[float, float]

#: The flight from the site to the spot; the game changes when the tile lands.
FLIGHT_MS = 650.0
#: How long the landing spot glows afterwards.
GLOW_MS = 1200.0
#: The least time a computer seems to think, so that a person sees whose turn it is.
THINK_MS = 450.0
#: Size of the tile as it leaves the site, relative to its size in the city.
START_SCALE = 0.55
#: How high the path arcs, as a share of its length.
ARC = 0.18


def ease(t: float) -> float:
    """Fast start, soft landing (cubic ease-out), clamped to 0–1."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


@dataclass(frozen=True, slots=True)
class MoveAnimation:
    """One placed tile: its hexes where they land, and the canvas point it leaves from (the
    tile in the Construction Site, possibly outside the canvas; None: it drops from above)."""

    hexes: tuple[tuple[Hex, object, int], ...]
    start: Point | None = None

    @property
    def cells(self) -> tuple[Hex, ...]:
        return tuple(cell for cell, _, _ in self.hexes)

    def landing(self, view: Viewport) -> Point:
        """Screen centre of the tile where it lands."""
        points = [view.hex_center(cell, level) for cell, _, level in self.hexes]
        return (
            sum(x for x, _ in points) / len(points),
            sum(y for _, y in points) / len(points),
        )

    def position(self, view: Viewport, elapsed_ms: float) -> tuple[Point, float]:
        """Where the tile's centre is and how large it is (1: its size in the city)."""
        lx, ly = self.landing(view)
        sx, sy = self.start if self.start is not None else (lx, ly - 4 * view.scale)
        t = ease(elapsed_ms / FLIGHT_MS)
        length = ((lx - sx) ** 2 + (ly - sy) ** 2) ** 0.5
        lift = ARC * length * 4 * t * (1 - t)  # a parabola: 0 at both ends
        x = sx + (lx - sx) * t
        y = sy + (ly - sy) * t - lift
        return (x, y), START_SCALE + (1 - START_SCALE) * t

    def frame(self, view: Viewport, elapsed_ms: float) -> list:
        """The overlay at ``elapsed_ms`` since the move began: the flying tile, then the glow
        around the spot, then nothing."""
        if elapsed_ms < FLIGHT_MS:
            return self.flight(view, elapsed_ms)
        return self.glow(view, elapsed_ms - FLIGHT_MS)

    def flight(self, view: Viewport, elapsed_ms: float) -> list:
        (x, y), size = self.position(view, elapsed_ms)
        lx, ly = self.landing(view)
        moved = zoomed(view, size, lx, ly).panned(x - lx, y - ly)
        return scene.city_layer(list(self.hexes), moved)

    def glow(self, view: Viewport, since_landing_ms: float) -> list:
        """Rings around the landed hexes, fading (and widening a little) as time passes."""
        if since_landing_ms >= GLOW_MS:
            return []
        t = max(since_landing_ms, 0.0) / GLOW_MS
        alpha = round(1 - t * t, 3)
        width = round(max(3.0, view.scale * 0.14) * (1 - 0.5 * t), 1)
        out = []
        for cell, _, level in self.hexes:
            ring = corners(view.hex_center(cell, level), view.scale * (0.9 + 0.12 * t))
            flat = [round(v, 1) for point in ring for v in point]
            out.append(["poly", flat, None, scene.GLOW_INK, width, alpha])
        return out

    @staticmethod
    def done(elapsed_ms: float) -> bool:
        return elapsed_ms >= FLIGHT_MS + GLOW_MS
