"""What to draw, as plain data: display lists for the canvas and SVG for small pictures.

A display list is a list of JSON-ready commands the thin painter (``painter.js``) executes:

- ``["poly", [x0, y0, x1, y1, ...], fill, stroke, line_width, alpha]`` (fill/stroke may be null)
- ``["text", x, y, text, size_px, colour]`` (centred, bold)
- ``["dot", x, y, radius, fill, stroke, line_width]``

Nothing here touches the browser, so the scene is tested on CPython.
"""

from __future__ import annotations

from collections.abc import Iterable

from akropolis import Kind

from . import palette
from .geometry import LIFT, Viewport, corners, hex_to_world
from .markup import escape

Hex = tuple[int, int]
VisibleHex = tuple[Hex, Kind, int]
Command = list
GRID_INK = "#c9c0ab"
EDGE_INK = "#2b2620"
GLOW_INK = "#ffd34d"
LEGAL_INK = "#1f9e5a"
ILLEGAL_INK = "#d0342c"


def _flat(points: Iterable[tuple[float, float]]) -> list[float]:
    out: list[float] = []
    for x, y in points:
        out.append(round(x, 1))
        out.append(round(y, 1))
    return out


def _hex_commands(
    view: Viewport, h: Hex, kind: Kind, level: int, alpha: float = 1.0, outline: str | None = None
) -> list[Command]:
    """One hex: its raised side (above level 1), top face, symbol or stars, level badge."""
    radius = view.scale * 0.97
    cx, cy = view.hex_center(h, level)
    top = corners((cx, cy), radius)
    out: list[Command] = []
    if level > 1:
        depth = LIFT * (level - 1) * view.scale
        side = top[0:4] + [(x, y + depth) for x, y in reversed(top[0:4])]
        out.append(["poly", _flat(side), palette.shade(kind), EDGE_INK, 1, alpha])
    width = 1 + 0.6 * (level - 1)
    out.append(["poly", _flat(top), palette.fill(kind), outline or EDGE_INK, width, alpha])
    if kind.is_plaza:
        shapes = palette.plaza_stars(kind)
        ink = palette.STAR_INK
    else:
        shapes = palette.SYMBOLS[kind]
        ink = palette.ink(kind)
    for shape in shapes:
        points = [(cx + x * view.scale, cy + y * view.scale) for x, y in shape]
        out.append(["poly", _flat(points), ink, None, 0, alpha])
    if level > 1 and view.scale >= 14:
        bx, by = cx + 0.55 * view.scale, cy - 0.5 * view.scale
        out.append(
            ["dot", round(bx, 1), round(by, 1), round(0.22 * view.scale, 1), "#fffdf6", EDGE_INK, 1]
        )
        out.append(
            ["text", round(bx, 1), round(by, 1), str(level), round(0.3 * view.scale), EDGE_INK]
        )
    return out


def draw_order(hexes: Iterable[VisibleHex]) -> list[VisibleHex]:
    """Lower levels first, then top to bottom, so raised hexes and their sides overlap right."""
    return sorted(hexes, key=lambda item: (item[2], hex_to_world(item[0])[1], item[0][0]))


def city_layer(
    hexes: Iterable[VisibleHex],
    view: Viewport,
    *,
    glow: frozenset[Hex] = frozenset(),
    dim: frozenset[Hex] = frozenset(),
) -> list[Command]:
    """The static picture of a city: every visible hex; ``glow`` outlines, ``dim`` fades."""
    out: list[Command] = []
    for h, kind, level in draw_order(hexes):
        alpha = 0.35 if h in dim else 1.0
        out.extend(_hex_commands(view, h, kind, level, alpha, GLOW_INK if h in glow else None))
    for h, _, level in hexes if glow else ():
        if h in glow:
            cx, cy = view.hex_center(h, level)
            ring = corners((cx, cy), view.scale * 0.86)
            out.append(["poly", _flat(ring), None, GLOW_INK, max(2, view.scale * 0.1), 1])
    return out


def overlay(
    view: Viewport,
    *,
    anchors: Iterable[Hex] = (),
    ghost: Iterable[VisibleHex] = (),
    legal: bool = True,
) -> list[Command]:
    """What changes with the pointer: legal-anchor markers and the ghost of the held tile."""
    out: list[Command] = []
    for h in anchors:
        x, y = view.to_screen(*hex_to_world(h))
        out.append(
            [
                "dot",
                round(x, 1),
                round(y, 1),
                round(view.scale * 0.18, 1),
                "#ffffffb0",
                LEGAL_INK,
                2,
            ]
        )
    ghost = list(ghost)
    for h, kind, level in draw_order(ghost):
        out.extend(_hex_commands(view, h, kind, level, 0.72, LEGAL_INK if legal else ILLEGAL_INK))
    for h, _, level in ghost:
        cx, cy = view.hex_center(h, level)
        ring = corners((cx, cy), view.scale * 0.93)
        ink = LEGAL_INK if legal else ILLEGAL_INK
        out.append(["poly", _flat(ring), None, ink, max(2.5, view.scale * 0.09), 1])
    return out


# --- SVG for the Construction Site tiles and city thumbnails -----------------------------------


def _svg_hex(h: Hex, kind: Kind, level: int, scale: float, ox: float, oy: float) -> str:
    x, y = hex_to_world(h)
    cx, cy = x * scale + ox, (y - LIFT * (level - 1)) * scale + oy
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in corners((cx, cy), scale * 0.97))
    parts = [
        f'<polygon points="{points}" fill="{palette.fill(kind)}" stroke="{EDGE_INK}" '
        f'stroke-width="{0.6 + 0.5 * (level - 1):.1f}"/>'
    ]
    shapes = palette.plaza_stars(kind) if kind.is_plaza else palette.SYMBOLS[kind]
    colour = palette.STAR_INK if kind.is_plaza else palette.ink(kind)
    for shape in shapes:
        pts = " ".join(f"{cx + sx * scale:.1f},{cy + sy * scale:.1f}" for sx, sy in shape)
        parts.append(f'<polygon points="{pts}" fill="{colour}"/>')
    return "".join(parts)


def svg(hexes: Iterable[VisibleHex], width: int, height: int, label: str = "") -> str:
    """A small picture of some hexes (a tile, a city), fitted into ``width`` × ``height``."""
    from .geometry import fit

    items = draw_order(hexes)
    view = fit([h for h, _, _ in items], width, height, margin=1.1, min_scale=1.0)
    body = "".join(
        _svg_hex(h, k, lv, view.scale, view.offset_x, view.offset_y) for h, k, lv in items
    )
    title = f"<title>{escape(label)}</title>" if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img">{title}{body}</svg>'
    )
