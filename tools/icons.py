"""The installable app's icons and web app manifest, drawn for the game: standard library only.

The icon is a small Akropolis city seen the way the page draws cities: flat-topped hexes with
dark edges, and a tile raised a level above the others, its sides showing, on top of which a
house plaza carries its star.  It is designed once as vector shapes (``design``), rasterised
to PNG by a small anti-aliasing polygon rasteriser (exact per-pixel area coverage, the
accumulation method of font rasterisers) and a zlib + struct PNG encoder, and written as SVG
for the favicon.

``build.py`` calls ``write_icons(DIST / "icons")`` and writes ``manifest_json()`` to
``DIST / "manifest.webmanifest"``.  ``python -m tools.icons DIR`` writes the icons to DIR.
"""

from __future__ import annotations

import json
import math
import struct
import sys
import zlib
from collections.abc import Iterable, Sequence
from itertools import accumulate
from pathlib import Path

Point = tuple[float, float]
Polygon = list[Point]
#: One paint operation: the union of some polygons, in one colour and opacity.
Layer = tuple[list[Polygon], str, float]

# --- Colours: the page's (web/style.css), the hexes' (engine/akropolis/picture/palette.py) ---
# Copied, not imported, so build.py needs nothing but the standard library; tests/test_icons.py
# checks that they still match their sources.

#: ``--paper``: the page's background (and the loading screen's): the splash screen colour.
PAPER = "#f6f1e4"
#: ``--panel``: the header bar across the top of the game: the title bar colour.
PANEL = "#fffdf6"
#: ``--line``: the page's hairlines.
LINE = "#d8cdb6"
#: ``--ink`` and the scene's ``EDGE_INK``: hex outlines.
EDGE_INK = "#2b2620"
#: The plaza stars' ink.
STAR_INK = "#fff6c8"
FILL = {
    "quarry": "#9a9a94",
    "house": "#3f7fd0",
    "market": "#e8b923",
    "barracks": "#c8412f",
    "temple": "#8a55b8",
    "garden": "#4f9e3a",
}
SHADE = {
    "quarry": "#5e5e59",
    "house": "#24508a",
    "market": "#9c7a0e",
    "barracks": "#7e2419",
    "temple": "#553274",
    "garden": "#2f6322",
}
INK = {kind: "#3b2f06" if kind == "market" else "#f4f3ee" for kind in FILL}

# --- The design -------------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)
#: The city is seen a little from the front, as on the table: hexes' depth is foreshortened.
TILT = 0.8
#: The city: ``(q, r, kind, level)`` in the engine's flat-topped axial coordinates.  Seven
#: hexes on the ground (a flower) and one tile raised onto three of them: a house plaza with its
#: star, a house and a quarry.  The hexes under the raised tile are listed too: their sides show.
CITY: tuple[tuple[int, int, str, int], ...] = (
    (0, 0, "quarry", 1),
    (1, -1, "quarry", 1),
    (1, 0, "garden", 1),
    (0, -1, "temple", 1),
    (-1, 0, "garden", 1),
    (-1, 1, "market", 1),
    (0, 1, "barracks", 1),
    (0, 0, "house-plaza", 2),
    (1, -1, "quarry", 2),
    (1, 0, "house", 2),
)
#: Thickness of a tile, and the width of the hexes' dark edges (world units: hex radius 1).
THICKNESS = 0.36
EDGE = 0.085
#: Extra edge width per level above the first, as the page draws raised hexes.
RAISED_EDGE = 0.025
#: How much the hexes a level below the top are toned towards their shade.
GROUND_TONE = 0.16
#: How far the ground's shadow falls (right, down) and how far it spreads.
SHADOW_OFFSET = (0.16, 0.2)
SHADOW_SPREAD, SHADOW_STEPS, SHADOW_ALPHA = 0.14, 5, 0.05
#: Symbols drawn on plain district hexes, as in palette.SYMBOLS (unit hex radius, centre 0, 0),
#: enlarged by SYMBOL_SCALE so they read on an icon.
SYMBOL_SCALE = 1.25


def _circle(cx: float, cy: float, radius: float, points: int = 20) -> Polygon:
    return [
        (
            cx + radius * math.cos(2 * math.pi * i / points),
            cy + radius * math.sin(2 * math.pi * i / points),
        )
        for i in range(points)
    ]


def star(cx: float, cy: float, outer: float, inner_ratio: float = 0.45) -> Polygon:
    """A five-pointed star, point up."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * inner_ratio
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


SYMBOLS: dict[str, list[Polygon]] = {
    "house": [[(-0.3, 0.3), (-0.3, -0.05), (0.0, -0.32), (0.3, -0.05), (0.3, 0.3)]],
    "market": [_circle(0.0, 0.0, 0.27)],
    "barracks": [[(-0.27, -0.3), (0.27, -0.3), (0.27, 0.02), (0.0, 0.34), (-0.27, 0.02)]],
    "temple": [
        [(-0.34, -0.14), (0.0, -0.34), (0.34, -0.14)],
        [(-0.28, -0.1), (-0.18, -0.1), (-0.18, 0.22), (-0.28, 0.22)],
        [(-0.05, -0.1), (0.05, -0.1), (0.05, 0.22), (-0.05, 0.22)],
        [(0.18, -0.1), (0.28, -0.1), (0.28, 0.22), (0.18, 0.22)],
        [(-0.34, 0.24), (0.34, 0.24), (0.34, 0.32), (-0.34, 0.32)],
    ],
    "garden": [_circle(0.0, -0.08, 0.22), [(-0.05, 0.1), (0.05, 0.1), (0.05, 0.34), (-0.05, 0.34)]],
    "quarry": [
        [(-0.3, 0.3), (-0.02, 0.3), (-0.02, 0.08), (-0.3, 0.08)],
        [(0.02, 0.3), (0.3, 0.3), (0.3, 0.08), (0.02, 0.08)],
        [(-0.15, 0.04), (0.15, 0.04), (0.15, -0.18), (-0.15, -0.18)],
    ],
}


def hex_center(q: int, r: int) -> Point:
    """Centre of a hex as ``akropolis.picture.geometry.hex_to_world`` puts it, seen tilted."""
    return 1.5 * q, SQRT3 * (r + q / 2) * TILT


def hex_corners(cx: float, cy: float, radius: float = 1.0) -> Polygon:
    """Corners of a flat-topped hex, seen tilted: right, lower right, lower left, left, …"""
    return [
        (cx + radius * math.cos(math.pi / 3 * i), cy + radius * math.sin(math.pi / 3 * i) * TILT)
        for i in range(6)
    ]


def on_face(shape: Iterable[Point], cx: float, cy: float, scale: float = 1.0) -> Polygon:
    """A shape drawn on a hex face centred at ``(cx, cy)`` (unit: hex radius), seen tilted."""
    return [(cx + x * scale, cy + y * scale * TILT) for x, y in shape]


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    ca, cb = rgb(a), rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _signed_area(poly: Sequence[Point]) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True)
    )


def offset(poly: Sequence[Point], distances: float | Sequence[float]) -> Polygon:
    """A convex polygon with each edge moved outwards by its distance (inwards if negative).

    Edge ``i`` runs from vertex ``i`` to vertex ``i + 1``; corners stay sharp (mitred).
    """
    n = len(poly)
    ds = [distances] * n if isinstance(distances, int | float) else list(distances)
    sign = 1.0 if _signed_area(poly) > 0 else -1.0  # y down: positive area is clockwise
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        nx, ny = sign * (y1 - y0) / length, -sign * (x1 - x0) / length  # outward normal
        lines.append((nx, ny, nx * x0 + ny * y0 + ds[i]))
    out = []
    for i in range(n):
        a1, b1, c1 = lines[i - 1]
        a2, b2, c2 = lines[i]
        det = a1 * b2 - a2 * b1
        out.append(((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det))
    return out


def clip(poly: Sequence[Point], window: Sequence[Point]) -> Polygon:
    """``poly`` cut to the convex polygon ``window`` (Sutherland–Hodgman)."""
    sign = 1.0 if _signed_area(window) > 0 else -1.0
    out = list(poly)
    for i in range(len(window)):
        (ax, ay), (bx, by) = window[i], window[(i + 1) % len(window)]

        def side(p: Point, ax: float = ax, ay: float = ay, bx: float = bx, by: float = by) -> float:
            return sign * ((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax))

        source, out = out, []
        for j, p in enumerate(source):
            prev = source[j - 1]
            sp, sq = side(p), side(prev)
            if (sp >= 0) != (sq >= 0):
                t = sq / (sq - sp)
                out.append((prev[0] + (p[0] - prev[0]) * t, prev[1] + (p[1] - prev[1]) * t))
            if sp >= 0:
                out.append(p)
        if not out:
            break
    return out


def _hex_layers(cx: float, cy: float, kind: str, level: int, top_level: int) -> list[Layer]:
    """One hex whose top face is centred at ``(cx, cy)``: its sides, its face, its symbol.

    Hexes below the top level are toned down a little and edged a little thinner, so the
    raised tile stands out at small sizes too.
    """
    district = kind.removesuffix("-plaza")
    fill, shade = FILL[district], SHADE[district]
    depth = top_level - level
    if depth:
        fill = mix(fill, shade, GROUND_TONE * depth)
    top = hex_corners(cx, cy, 1.0)
    down = [(x, y + THICKNESS) for x, y in top]
    half = (EDGE + RAISED_EDGE * (level - 1)) / 2
    # The three sides that show below the face, lit from the upper left; dark edges between.
    hull = [top[0], down[0], down[1], down[2], down[3], top[3]]
    sides = [
        (offset([top[0], top[1], down[1], down[0]], [0, -half / 2, -half, -half]), "right"),
        (offset([top[1], top[2], down[2], down[1]], [0, -half / 2, -half, -half / 2]), "bottom"),
        (offset([top[2], top[3], down[3], down[2]], [0, -half, -half, -half / 2]), "left"),
    ]
    side_colour = {
        "left": mix(shade, fill, 0.3),
        "bottom": shade,
        "right": mix(shade, EDGE_INK, 0.3),
    }
    layers: list[Layer] = [([offset(hull, half)], EDGE_INK, 1.0)]
    layers += [([poly], side_colour[name], 1.0) for poly, name in sides]
    layers.append(([offset(top, half)], EDGE_INK, 1.0))
    layers.append(([offset(top, -half)], fill, 1.0))
    if kind.endswith("-plaza"):
        layers.append(([on_face(star(0.0, 0.04, 0.6, 0.46), cx, cy)], STAR_INK, 1.0))
    else:
        shapes = [on_face(shape, cx, cy, SYMBOL_SCALE) for shape in SYMBOLS[district]]
        layers.append((shapes, INK[district], 1.0))
    return layers


def city_layers() -> list[Layer]:
    """The city in world units, back to front: shadow, ground, shadow on it, raised tile."""
    lift = {level: THICKNESS * (level - 1) for _, _, _, level in CITY}
    hexes = sorted(CITY, key=lambda h: (h[3], hex_center(h[0], h[1])[1], h[0]))
    sx, sy = SHADOW_OFFSET
    ground = [hex_center(q, r) for q, r, _, level in hexes if level == 1]
    layers: list[Layer] = []
    # The ground's soft shadow on the paper: faint layers, each a little tighter than the last.
    for step in range(SHADOW_STEPS):
        grow = SHADOW_SPREAD * (1 - 2 * step / (SHADOW_STEPS - 1))
        shadow = [offset(_slab(x + sx, y + sy), grow) for x, y in ground]
        layers.append((shadow, EDGE_INK, SHADOW_ALPHA))
    for level in sorted(set(lift)):
        if level > 1:
            # The shadow a raised tile casts on the faces below it.
            below = [
                hex_corners(*_lifted(q, r, lv, lift), 1.0)
                for q, r, _, lv in hexes
                if lv == level - 1
            ]
            casts = [
                hex_corners(x + sx * 2, y + sy * 2 + THICKNESS, 1.0)
                for x, y in (_lifted(q, r, lv, lift) for q, r, _, lv in hexes if lv == level)
            ]
            pieces = [clip(cast, face) for cast in casts for face in below]
            layers.append(([p for p in pieces if len(p) >= 3], EDGE_INK, 0.22))
        for q, r, kind, lv in hexes:
            if lv == level:
                layers += _hex_layers(*_lifted(q, r, lv, lift), kind, lv, max(lift))
    return layers


def _slab(cx: float, cy: float) -> Polygon:
    """The outline of a hex tile seen from above, face and sides: what casts a shadow."""
    upper, lower = hex_corners(cx, cy, 1.0), hex_corners(cx, cy + THICKNESS, 1.0)
    return [*lower[:4], *upper[3:], upper[0]]


def _lifted(q: int, r: int, level: int, lift: dict[int, float]) -> Point:
    x, y = hex_center(q, r)
    return x, y - lift[level]


def _bounds(layers: Iterable[Layer]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for polys, _, _ in layers:
        for poly in polys:
            xs += [x for x, _ in poly]
            ys += [y for _, y in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _rounded_square(x0: float, y0: float, x1: float, y1: float, radius: float) -> Polygon:
    points = []
    corners = (
        (x1 - radius, y1 - radius),
        (x0 + radius, y1 - radius),
        (x0 + radius, y0 + radius),
        (x1 - radius, y0 + radius),
    )
    for k, (cx, cy) in enumerate(corners):
        for i in range(17):
            angle = math.pi / 2 * (k + i / 16)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


#: The icon variants: ``any`` (a rounded paper square, transparent corners: the 192 and 512
#: icons and the favicon), ``maskable`` (full-bleed paper, the city inside the safe zone) and
#: ``apple`` (full-bleed and opaque: iOS rounds the corners itself).
VARIANTS = ("any", "maskable", "apple")
#: Safe zone of a maskable icon: a centred circle of radius 2/5 of the icon's size (W3C
#: Web Application Manifest, "icon masks").  The city keeps inside ``MASKABLE_RADIUS``.
SAFE_ZONE = 0.4
MASKABLE_RADIUS = 0.36


def design(variant: str = "any") -> list[Layer]:
    """The icon in a 1 × 1 square (y down), back to front."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown icon variant {variant!r}")
    city = city_layers()
    solid = [layer for layer in city if layer[2] == 1.0]
    x0, y0, x1, y1 = _bounds(solid)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if variant == "maskable":
        reach = max(
            math.hypot(x - cx, y - cy) for polys, _, _ in city for poly in polys for x, y in poly
        )
        scale = MASKABLE_RADIUS / reach
    else:
        scale = (0.78 if variant == "any" else 0.74) / max(x1 - x0, y1 - y0)

    def place(poly: Polygon) -> Polygon:
        return [(0.5 + (x - cx) * scale, 0.5 + (y - cy) * scale) for x, y in poly]

    if variant == "any":
        border = 0.012
        plate = [
            ([_rounded_square(0, 0, 1, 1, 0.2)], LINE, 1.0),
            ([_rounded_square(border, border, 1 - border, 1 - border, 0.2 - border)], PAPER, 1.0),
        ]
    else:
        plate = [([[(0, 0), (1, 0), (1, 1), (0, 1)]], PAPER, 1.0)]
    return plate + [([place(p) for p in polys], colour, alpha) for polys, colour, alpha in city]


# --- Rasterising ------------------------------------------------------------------------------


class Canvas:
    """An RGBA image (8 bits per channel, not premultiplied) that polygons are painted on."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(width * height * 4)

    def fill(self, polygons: Sequence[Sequence[Point]], colour: str, alpha: float = 1.0) -> None:
        """Paint the union of ``polygons`` (pixel units), anti-aliased by exact area coverage."""
        polys = [list(p) for p in polygons if len(p) >= 3]
        if not polys:
            return
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        left, top = max(0, math.floor(min(xs))), max(0, math.floor(min(ys)))
        right = min(self.width, math.ceil(max(xs)))
        bottom = min(self.height, math.ceil(max(ys)))
        if right <= left or bottom <= top:
            return
        # Coverage is accumulated over the polygons' whole box (they may poke out of the canvas),
        # but only painted where it meets the canvas.
        ox, oy = math.floor(min(xs)), math.floor(min(ys))
        w = math.ceil(max(xs)) - ox + 2
        h = math.ceil(max(ys)) - oy
        acc = [0.0] * (w * h)
        for poly in polys:
            # Same orientation for every polygon, so overlaps add up (and are clamped): a union.
            if _signed_area(poly) < 0:
                poly.reverse()
            shifted = [(x - ox, y - oy) for x, y in poly]
            for p0, p1 in zip(shifted, [*shifted[1:], shifted[0]], strict=True):
                _accumulate_edge(acc, w, h, p0, p1)
        paint = _Paint(self.pixels, colour, alpha)
        for y in range(top, bottom):
            start = (y - oy) * w
            base = y * self.width * 4
            run = -1  # where the current run of fully covered pixels began
            for x, cover in enumerate(accumulate(acc[start : start + w]), ox):
                if cover < 0:
                    cover = -cover
                if cover > 0.998:
                    if run < 0:
                        run = x
                    continue
                if run >= 0:
                    paint.span(base, max(run, left), min(x, right))
                    run = -1
                if cover > 0.002 and left <= x < right:
                    paint.blend(base + 4 * x, cover * alpha)
            if run >= 0:
                paint.span(base, max(run, left), min(ox + w, right))

    def png(self, *, opaque: bool = False) -> bytes:
        """The image as PNG: RGBA, or RGB when ``opaque`` (every pixel must then be opaque)."""
        if opaque:
            if any(a != 255 for a in self.pixels[3::4]):
                raise ValueError("an opaque icon has transparent pixels")
            data = bytearray(self.width * self.height * 3)
            for channel in range(3):
                data[channel::3] = self.pixels[channel::4]
            return encode_png(self.width, self.height, bytes(data), channels=3)
        return encode_png(self.width, self.height, bytes(self.pixels), channels=4)


class _Paint:
    """Paints one colour at one opacity over a canvas's pixels ("source over")."""

    def __init__(self, pixels: bytearray, colour: str, alpha: float) -> None:
        self.pixels, self.alpha = pixels, alpha
        self.r, self.g, self.b = rgb(colour)
        self.solid = bytes((self.r, self.g, self.b, 255)) if alpha >= 1.0 else None
        self.cache: dict[bytes, bytes] = {}  # under a translucent colour: pixel → result

    def span(self, base: int, x0: int, x1: int) -> None:
        """Pixels ``x0`` to ``x1`` (excluded) of the row at ``base``, wholly covered."""
        if x1 <= x0:
            return
        px = self.pixels
        if self.solid:
            px[base + 4 * x0 : base + 4 * x1] = self.solid * (x1 - x0)
            return
        start, end = base + 4 * x0, base + 4 * x1
        first = bytes(px[start : start + 4])
        if px[start:end] == first * (x1 - x0):  # one colour underneath: blend it once
            self.blend(start, self.alpha)
            px[start:end] = bytes(px[start : start + 4]) * (x1 - x0)
            return
        cache = self.cache
        for i in range(start, end, 4):
            under = bytes(px[i : i + 4])
            over = cache.get(under)
            if over is None:
                self.blend(i, self.alpha)
                cache[under] = bytes(px[i : i + 4])
            else:
                px[i : i + 4] = over

    def blend(self, i: int, k: float) -> None:
        """Pixel ``i`` (byte offset) covered ``k`` (0 to 1, opacity included)."""
        px = self.pixels
        if k > 1.0:
            k = 1.0
        under = px[i + 3] / 255
        out = k + under * (1 - k)
        keep = under * (1 - k) / out
        r, g, b = self.r, self.g, self.b
        px[i] = int(r + (px[i] - r) * keep + 0.5)
        px[i + 1] = int(g + (px[i + 1] - g) * keep + 0.5)
        px[i + 2] = int(b + (px[i + 2] - b) * keep + 0.5)
        px[i + 3] = int(out * 255 + 0.5)


def _accumulate_edge(acc: list[float], w: int, h: int, p0: Point, p1: Point) -> None:
    """Add one edge's signed area contributions to the accumulation buffer (as font-rs does):
    a running sum along each row then gives each pixel's exact coverage."""
    (x0, y0), (x1, y1) = p0, p1
    if abs(y0 - y1) < 1e-12:
        return
    if y0 < y1:
        direction = 1.0
    else:
        direction = -1.0
        x0, y0, x1, y1 = x1, y1, x0, y0
    dxdy = (x1 - x0) / (y1 - y0)
    x = x0
    for y in range(max(0, int(y0)), min(h, math.ceil(y1))):
        line = y * w
        dy = min(y + 1.0, y1) - max(float(y), y0)
        xnext = x + dxdy * dy
        d = dy * direction
        a, b = (x, xnext) if x < xnext else (xnext, x)
        a_floor = math.floor(a)
        ai = int(a_floor)
        b_ceil = math.ceil(b)
        bi = int(b_ceil)
        if bi <= ai + 1:
            xmf = 0.5 * (x + xnext) - a_floor
            acc[line + ai] += d - d * xmf
            acc[line + ai + 1] += d * xmf
        else:
            s = 1.0 / (b - a)
            af = a - a_floor
            a0 = 0.5 * s * (1.0 - af) * (1.0 - af)
            bf = b - b_ceil + 1.0
            am = 0.5 * s * bf * bf
            acc[line + ai] += d * a0
            if bi == ai + 2:
                acc[line + ai + 1] += d * (1.0 - a0 - am)
            else:
                a1 = s * (1.5 - af)
                acc[line + ai + 1] += d * (a1 - a0)
                step = d * s
                for xi in range(ai + 2, bi - 1):
                    acc[line + xi] += step
                a2 = a1 + (bi - ai - 3) * s
                acc[line + bi - 1] += d * (1.0 - a2 - am)
            acc[line + bi] += d * am
        x = xnext


def render(size: int, variant: str = "any") -> Canvas:
    """The icon drawn on a ``size`` × ``size`` canvas."""
    canvas = Canvas(size, size)
    for polys, colour, alpha in design(variant):
        canvas.fill([[(x * size, y * size) for x, y in poly] for poly in polys], colour, alpha)
    return canvas


# --- PNG and SVG ------------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def encode_png(width: int, height: int, data: bytes, channels: int = 4) -> bytes:
    """8-bit RGB (3 channels) or RGBA (4) pixels, row by row, as a PNG file."""
    stride = width * channels
    if len(data) != stride * height:
        raise ValueError("pixel data does not match the size")
    colour_type = {3: 2, 4: 6}[channels]
    raw = b"".join(b"\x00" + data[y * stride : (y + 1) * stride] for y in range(height))
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)),
            _chunk(b"IDAT", zlib.compress(raw, 9)),
            _chunk(b"IEND", b""),
        )
    )


def svg(variant: str = "any", size: int = 512) -> str:
    """The icon as SVG: one path per layer (its polygons' union: non-zero fill)."""
    paths = []
    for polys, colour, alpha in design(variant):
        d = " ".join(
            "M" + " ".join(f"{x * size:.1f},{y * size:.1f}" for x, y in poly) + "Z"
            for poly in (p if _signed_area(p) > 0 else p[::-1] for p in polys)
            if len(poly) >= 3
        )
        if d:
            opacity = "" if alpha >= 1 else f' fill-opacity="{alpha:g}"'
            paths.append(f'<path fill="{colour}"{opacity} d="{d}"/>')
    body = "\n".join(paths)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">\n'
        f"<title>Akropolis</title>\n{body}\n</svg>\n"
    )


# --- The files --------------------------------------------------------------------------------

#: File name → (size, variant, opaque, manifest purpose or None when not in the manifest).
ICONS: dict[str, tuple[int, str, bool, str | None]] = {
    "icon-192.png": (192, "any", False, "any"),
    "icon-512.png": (512, "any", False, "any"),
    "icon-maskable-512.png": (512, "maskable", True, "maskable"),
    "apple-touch-icon.png": (180, "apple", True, None),
}
FAVICON = "favicon.svg"
#: Where build.py puts the icons, relative to the manifest (and to index.html).
ICON_DIR = "icons"


def write_icons(directory: Path) -> list[str]:
    """Draw every icon into ``directory`` (made if need be); the names of the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, (size, variant, opaque, _) in ICONS.items():
        (directory / name).write_bytes(render(size, variant).png(opaque=opaque))
    (directory / FAVICON).write_text(svg("any"), encoding="utf-8")
    return [*ICONS, FAVICON]


def manifest_json() -> str:
    """The web app manifest (``manifest.webmanifest``, next to index.html)."""
    icons = [
        {
            "src": f"{ICON_DIR}/{name}",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for name, (size, _, _, purpose) in ICONS.items()
        if purpose
    ]
    manifest = {
        "name": "Akropolis",
        "short_name": "Akropolis",
        "description": "The tile-laying game of Greek city building for 2 to 4 players: "
        "raise districts and plazas, hex by hex, to build the grandest city.",
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": PANEL,
        "background_color": PAPER,
        "icons": icons,
    }
    return json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "icons")
    for written in write_icons(target):
        print(target / written)
