"""What to draw, as plain data: display lists that the canvas painter and the SVG writer share.

A display list is a list of JSON-ready commands:

- ``["poly", [x0, y0, x1, y1, ...], fill, stroke, line_width, alpha]`` (fill/stroke may be null)
- ``["text", x, y, text, size_px, colour, align, weight]`` (align: "center", "start" or "end";
  weight: "bold" or "normal"; both optional, centred bold by default)
- ``["dot", x, y, radius, fill, stroke, line_width]``
- ``["group", title, [commands]]``: commands with a title (a tooltip in SVG)

``painter.js`` executes them on a canvas, ``svg`` writes them as SVG.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..sentences import N_, Plural, Sentence
from ..tiles import Kind
from . import palette
from .geometry import LIFT, Viewport, corners, hex_to_world

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


# --- The scoring explained ------------------------------------------------------------------

COUNTS_INK = "#1f9e5a"
MISSES_INK = "#d0342c"
DOUBLED_INK = "#e0a800"
BADGE_INK = "#fffdf6"


def _check(cx: float, cy: float, r: float) -> list[float]:
    return _flat(
        [
            (cx - 0.55 * r, cy),
            (cx - 0.2 * r, cy + 0.35 * r),
            (cx + 0.55 * r, cy - 0.4 * r),
            (cx + 0.4 * r, cy - 0.55 * r),
            (cx - 0.2 * r, cy + 0.05 * r),
            (cx - 0.4 * r, cy - 0.15 * r),
        ]
    )


def _cross(cx: float, cy: float, r: float) -> list[list[float]]:
    w, e = 0.16 * r, 0.55 * r
    bar = [(-e, -e + w), (-e + w, -e), (e, e - w), (e - w, e)]
    other = [(x, -y) for x, y in bar]
    return [_flat((cx + x, cy + y) for x, y in shape) for shape in (bar, other)]


def verdict_badge(view: Viewport, h: Hex, level: int, counts: bool, doubled: bool) -> list:
    """A small round mark at a hex's top left: ✓ counts, ✗ does not, ×2 counts double."""
    cx, cy = view.hex_center(h, level)
    bx, by = round(cx - 0.52 * view.scale, 1), round(cy - 0.5 * view.scale, 1)
    r = round(max(0.24 * view.scale, 5.0), 1)
    if doubled:
        return [
            ["dot", bx, by, r, DOUBLED_INK, EDGE_INK, 1],
            ["text", bx, by, "×2", round(r * 1.05, 1), EDGE_INK],
        ]
    if counts:
        return [
            ["dot", bx, by, r, COUNTS_INK, BADGE_INK, 1],
            ["poly", _check(bx, by, r), BADGE_INK, None, 0, 1],
        ]
    crosses = [["poly", shape, BADGE_INK, None, 0, 1] for shape in _cross(bx, by, r)]
    return [["dot", bx, by, r, MISSES_INK, BADGE_INK, 1], *crosses]


#: A district's verdict in words, one whole sentence per kind (``HexScore.kind``).
_VERDICT_TITLES = {
    "house": N_("house at {cell}, level {level}: {reason} ({points})"),
    "market": N_("market at {cell}, level {level}: {reason} ({points})"),
    "barracks": N_("barracks at {cell}, level {level}: {reason} ({points})"),
    "temple": N_("temple at {cell}, level {level}: {reason} ({points})"),
    "garden": N_("garden at {cell}, level {level}: {reason} ({points})"),
}


def verdict_title(verdict) -> Sentence:
    """A district's verdict in words (a ``HexScore``): the tooltip of its badge, and the line a
    page shows for it, so that every medium explains a city alike."""
    q, r = verdict.cell
    return Sentence(
        _VERDICT_TITLES[verdict.kind],
        cell=f"{q},{r}",
        level=verdict.level,
        reason=verdict.reason,
        points=Plural("{count} point", "{count} points", verdict.points),
    )


def explained_city(
    hexes: Iterable[VisibleHex],
    verdicts: Iterable,
    view: Viewport,
    *,
    highlight: str | None = None,
    coordinates: bool = False,
    say: Callable[[object], str] = str,
) -> list[Command]:
    """The city with every district's verdict (``HexScore``s): a badge and its reason as title.

    Districts that do not count are faded; with ``highlight`` (a kind's plural name, like
    "markets") every other kind is faded instead, so one kind's scoring stands out.  ``say``
    writes the engine's sentences (English by default; a page passes its translation).
    """
    by_cell = {v.cell: v for v in verdicts}
    hexes = list(hexes)
    faded = set()
    for h, kind, _ in hexes:
        verdict = by_cell.get(h)
        if highlight is not None:
            if KIND_PLURALS.get(kind.district) != highlight:
                faded.add(h)
        elif verdict is not None and not verdict.counts:
            faded.add(h)
    out = city_layer(hexes, view, dim=frozenset(faded))
    for h, _kind, level in draw_order(hexes):
        verdict = by_cell.get(h)
        if verdict is None or (highlight is not None and h in faded):
            continue
        badge = verdict_badge(view, h, level, verdict.counts, verdict.doubled)
        out.append(["group", say(verdict_title(verdict)), badge])
    if coordinates:
        for h, _, level in hexes:
            cx, cy = view.hex_center(h, level)
            size = round(max(0.2 * view.scale, 6), 1)
            out.append(
                [
                    "text",
                    round(cx, 1),
                    round(cy + 0.62 * view.scale, 1),
                    f"{h[0]},{h[1]}",
                    size,
                    EDGE_INK,
                ]
            )
    return out


#: Plural kind names (as scores and variants use them) of each district kind.
KIND_PLURALS = {
    Kind.HOUSE: "houses",
    Kind.MARKET: "markets",
    Kind.BARRACKS: "barracks",
    Kind.TEMPLE: "temples",
    Kind.GARDEN: "gardens",
}
