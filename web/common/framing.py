"""Keeping what matters in a city view: the fit inside the part of the canvas that nothing
covers, whether some cells have left it, and the glide from one view to another.

The city view (``browser.city_view``) measures the canvas and what covers it (a label floating
over the city, say) as *insets*: ``(top, right, bottom, left)`` pixels at the canvas's edges
where nothing the player must see may be drawn.  Pure geometry over the engine's ``Viewport``,
tested on CPython.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from akropolis.picture.geometry import Viewport, fit, hex_to_world

Hex = tuple[int, int]
Insets = tuple[float, float, float, float]
NO_INSETS: Insets = (0.0, 0.0, 0.0, 0.0)
#: How close to the free area's edge a required cell's centre may come, in hex radii (a legal
#: spot's ring is 0.18 of a radius: it stays whole, with room to tap it).
EDGE = 0.55
#: The least room kept, in pixels, however small the hexes are drawn.
MIN_EDGE = 8.0
#: The smallest free area fitted into, in pixels (a canvas nearly all covered still draws).
MIN_AREA = 50.0


def free_size(width: float, height: float, insets: Insets) -> tuple[float, float]:
    """The width and height of the canvas's part that nothing covers."""
    top, right, bottom, left = insets
    return max(width - left - right, MIN_AREA), max(height - top - bottom, MIN_AREA)


def fit_within(
    cells: Iterable[Hex], width: float, height: float, insets: Insets, margin: float
) -> Viewport:
    """The viewport showing every cell of ``cells`` (and ``margin`` hexes around them) centred
    in the canvas's free area."""
    free_width, free_height = free_size(width, height, insets)
    top, _right, _bottom, left = insets
    return fit(list(cells), free_width, free_height, margin=margin).panned(left, top)


def shows(
    view: Viewport, cells: Iterable[Hex], width: float, height: float, insets: Insets
) -> bool:
    """Whether every cell's centre is inside the free area, clear of its edges."""
    top, right, bottom, left = insets
    edge = max(view.scale * EDGE, MIN_EDGE)
    for cell in cells:
        x, y = view.to_screen(*hex_to_world(cell))
        if not (
            left + edge <= x <= width - right - edge and top + edge <= y <= height - bottom - edge
        ):
            return False
    return True


def between(start: Viewport, end: Viewport, t: float, width: float, height: float) -> Viewport:
    """The view a share ``t`` (0 to 1) of the way from ``start`` to ``end``: the world point
    at the canvas's centre moves in a straight line, the scale grows or shrinks evenly (as a
    zoom does), so that the glide looks like one steady camera move."""
    t = min(max(t, 0.0), 1.0)
    if t in (0.0, 1.0):
        return start if t == 0.0 else end
    cx, cy = width / 2, height / 2
    ax, ay = start.to_world(cx, cy)
    bx, by = end.to_world(cx, cy)
    scale = math.exp(math.log(start.scale) * (1 - t) + math.log(end.scale) * t)
    wx, wy = ax + (bx - ax) * t, ay + (by - ay) * t
    return Viewport(scale, cx - wx * scale, cy - wy * scale)


def ease(t: float) -> float:
    """Smooth start and stop (cubic ease-in-out), clamped to 0–1."""
    t = min(max(t, 0.0), 1.0)
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2
