"""How far a reader may zoom a city view, the one rule the game, calculator and embed share."""

from __future__ import annotations

from akropolis.picture.geometry import Viewport

#: The smallest and the largest scale of a city view (pixels per hex radius).
MIN_SCALE, MAX_SCALE = 6.0, 120.0


def zoomed(view: Viewport, factor: float, x: float, y: float) -> Viewport:
    """``view`` zoomed by ``factor`` about the screen point ``(x, y)``, within the limits."""
    return view.zoomed(factor, x, y, MIN_SCALE, MAX_SCALE)
