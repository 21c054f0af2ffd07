"""Keeping what matters in a city view: the fit inside the part of the canvas that nothing
covers, whether some cells have left it, and the glide from one view to another.

The city view (``browser.city_view``) measures the canvas and what covers it (a label floating
over the city, say) as rectangles in the canvas's pixels; a fit keeps every cell clear of them,
using the whole canvas when it can, else the part between the *insets* they take at its top and
bottom (``(top, right, bottom, left)`` pixels).  Pure geometry over the engine's ``Viewport``,
tested on CPython.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from akropolis.picture.geometry import Viewport, fit, hex_to_world

Hex = tuple[int, int]
Insets = tuple[float, float, float, float]
Rect = tuple[float, float, float, float]
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


def clear(view: Viewport, cells: Iterable[Hex], rects: Iterable[Rect]) -> bool:
    """Whether no cell's centre is under (or near) what covers the canvas: ``rects``, each
    ``(left, top, right, bottom)`` in the canvas's pixels."""
    edge = max(view.scale * EDGE, MIN_EDGE)
    rects = list(rects)
    for cell in cells:
        x, y = view.to_screen(*hex_to_world(cell))
        for left, top, right, bottom in rects:
            if left - edge <= x <= right + edge and top - edge <= y <= bottom + edge:
                return False
    return True


def strips(rects: Iterable[Rect], width: float, height: float) -> Insets:
    """What covers the canvas as the strips it takes at its top and bottom edges (a label in a
    top corner takes the whole top strip: a fit within them is clear of it)."""
    top = bottom = 0.0
    for left, upper, right, lower in rects:
        if lower <= 0 or upper >= height or right <= 0 or left >= width:
            continue  # beside the canvas, not over it
        if (upper + lower) / 2 < height / 2:
            top = max(top, lower + 4)
        else:
            bottom = max(bottom, height - upper + 4)
    return (top, 0.0, bottom, 0.0)


def framed(
    cells: list[Hex], width: float, height: float, rects: list[Rect], margin: float
) -> Viewport:
    """The view of ``cells`` in the canvas: the whole canvas when nothing that covers it falls
    on a cell (a small city between the labels), else the part left under the covered strips."""
    whole = fit_within(cells, width, height, NO_INSETS, margin)
    if clear(whole, cells, rects):
        return whole
    return fit_within(cells, width, height, strips(rects, width, height), margin)


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
