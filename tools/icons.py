"""The installable app's icons and web app manifest, drawn for the game: standard library only.

The icon is a small Akropolis city seen the way the page draws cities: flat-topped hexes with
dark edges, and a tile raised a level above the others, its sides showing, on top of which a
house plaza carries its star, in the colours and symbols of ``akropolis.picture.palette``.
It is designed once as vector shapes (``design``), rasterised to PNG by ``tools/raster.py``
and written as SVG for the favicon.

``build.py`` calls ``write_icons(DIST / "icons")`` and writes ``manifest_json()`` to
``DIST / "manifest.webmanifest"``.  ``python -m tools.icons DIR`` writes the icons to DIR.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from akropolis.picture import palette, scene
from akropolis.sentences import N_
from tools.raster import Canvas, rgb, signed_area

Point = tuple[float, float]
Polygon = list[Point]
#: One paint operation: the union of some polygons, in one colour and opacity.
Layer = tuple[list[Polygon], str, float]

# --- Colours: the page's (web/browser/style.css, checked by tests/test_icons.py), the hexes' ---

#: ``--paper``: the page's background (and the loading screen's): the splash screen colour.
PAPER = "#f6f1e4"
#: ``--panel``: the header bar across the top of the game: the title bar colour.
PANEL = "#fffdf6"
#: ``--line``: the page's hairlines.
LINE = "#d8cdb6"
#: ``--ink`` and the scene's ``EDGE_INK``: hex outlines.
EDGE_INK = scene.EDGE_INK
#: The plaza stars' ink, and each kind's fill, shade and symbol ink, by label ("house").
STAR_INK = palette.STAR_INK
FILL = {kind.label: colour for kind, colour in palette.FILL.items()}
SHADE = {kind.label: colour for kind, colour in palette.SHADE.items()}
INK = {kind.label: colour for kind, colour in palette.INK.items()}

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


star = palette.star
#: The page's symbols, their round parts with more sides at an icon's size.
SYMBOLS: dict[str, list[Polygon]] = {kind.label: palette.symbol(kind, 20) for kind in palette.FILL}


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


def offset(poly: Sequence[Point], distances: float | Sequence[float]) -> Polygon:
    """A convex polygon with each edge moved outwards by its distance (inwards if negative).

    Edge ``i`` runs from vertex ``i`` to vertex ``i + 1``; corners stay sharp (mitred).
    """
    n = len(poly)
    ds = [distances] * n if isinstance(distances, int | float) else list(distances)
    sign = 1.0 if signed_area(poly) > 0 else -1.0  # y down: positive area is clockwise
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
    sign = 1.0 if signed_area(window) > 0 else -1.0
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


def render(size: int, variant: str = "any") -> Canvas:
    """The icon drawn on a ``size`` × ``size`` canvas."""
    canvas = Canvas(size, size)
    for polys, colour, alpha in design(variant):
        canvas.fill([[(x * size, y * size) for x, y in poly] for poly in polys], colour, alpha)
    return canvas


# --- SVG --------------------------------------------------------------------------------------


def svg(variant: str = "any", size: int = 512) -> str:
    """The icon as SVG: one path per layer (its polygons' union: non-zero fill)."""
    paths = []
    for polys, colour, alpha in design(variant):
        d = " ".join(
            "M" + " ".join(f"{x * size:.1f},{y * size:.1f}" for x, y in poly) + "Z"
            for poly in (p if signed_area(p) > 0 else p[::-1] for p in polys)
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


#: The manifest's description, a sentence of the catalogs (``tools/site.py`` writes one
#: manifest per language).
DESCRIPTION = N_(
    "The tile-laying game of Greek city building for 2 to 4 players: raise districts and "
    "plazas, hex by hex, to build the grandest city."
)


def manifest_json(language: str = "en", description: str = DESCRIPTION) -> str:
    """The web app manifest (``manifest.webmanifest``, next to index.html), in ``language``
    with its ``description``."""
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
        "description": description,
        "lang": language,
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
