"""What to draw, as plain data: display lists that the canvas painter and the SVG writer share.

A display list is a list of JSON-ready commands:

- ``["poly", [x0, y0, x1, y1, ...], fill, stroke, line_width, alpha]`` (fill/stroke may be null)
- ``["line", [x0, y0, x1, y1, ...], stroke, line_width, alpha, dash]``: an open polyline with
  round ends and joins (a closed one repeats its first point); ``dash``, optional, is
  ``[on, off]`` lengths
- ``["text", x, y, text, size_px, colour, align, weight]`` (align: "center", "start" or "end";
  weight: "bold" or "normal"; both optional, centred bold by default)
- ``["dot", x, y, radius, fill, stroke, line_width]``
- ``["group", title, [commands]]``: commands with a title (a tooltip in SVG)

``painter.js`` executes them on a canvas, ``svg`` writes them as SVG.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

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


#: Edge ``i`` of a hex (from corner ``i`` to corner ``i + 1``) faces the neighbour at offset
#: ``NEIGHBOURS[i]``.
NEIGHBOURS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: The white under the last tile's dashed outline.
LAST_UNDER_INK = "#fffdf6"


def tile_width(view: Viewport, level: int) -> float:
    """The width of a tile's edge: thicker a level up, as the physical stacks stand out."""
    return round(max(1.4, view.scale * (0.07 + 0.015 * (level - 1))), 1)


def _hex_commands(
    view: Viewport,
    h: Hex,
    kind: Kind,
    level: int,
    alpha: float = 1.0,
    outline: str | None = None,
    alone: bool = False,
) -> list[Command]:
    """One hex: its raised side (the slabs of the stack below it), top face with a faint edge
    (``outline`` instead, if given; a tile's dark edge if ``alone``), its symbol (on a plaza,
    small above its stars), its level.  Tiles' edges are drawn by ``_edges``."""
    cx, cy = view.hex_center(h, level)
    top = corners((cx, cy), view.scale)
    out: list[Command] = []
    if level > 1:
        slab = LIFT * view.scale
        side = top[0:4] + [(x, y + slab * (level - 1)) for x, y in reversed(top[0:4])]
        out.append(["poly", _flat(side), palette.shade(kind), EDGE_INK, 1, alpha])
        for step in range(1, level - 1):  # the seams between the stacked tiles
            seam = [(x, y + slab * step) for x, y in top[0:4]]
            out.append(["line", _flat(seam), EDGE_INK, 1, alpha * 0.8])
    seam_width = round(max(0.6, view.scale * 0.025), 1)
    if outline:
        stroke, width = outline, 2.0
    elif alone:
        stroke, width = EDGE_INK, tile_width(view, level)
    else:
        stroke, width = palette.shade(kind), seam_width
    out.append(["poly", _flat(top), palette.fill(kind), stroke, width, alpha])
    shapes = palette.PLAZAS[kind] if kind.is_plaza else palette.SYMBOLS[kind]
    ink = palette.ink(kind)
    for shape in shapes:
        points = [(cx + x * view.scale, cy + y * view.scale) for x, y in shape]
        out.append(["poly", _flat(points), ink, None, 0, alpha])
    return out + level_badge(view, h, level)


def level_badge(view: Viewport, h: Hex, level: int) -> list[Command]:
    """A raised hex's level number, inside its face, clear of its edges (no neighbour hides
    it); nothing on the ground or when hexes are too small to read it."""
    if level <= 1 or view.scale < 14:
        return []
    cx, cy = view.hex_center(h, level)
    bx, by = round(cx + 0.47 * view.scale, 1), round(cy - 0.42 * view.scale, 1)
    return [
        ["dot", bx, by, round(0.21 * view.scale, 1), "#fffdf6", EDGE_INK, 1],
        ["text", bx, by, str(level), round(0.29 * view.scale), EDGE_INK],
    ]


def draw_order(hexes: Iterable[VisibleHex]) -> list[VisibleHex]:
    """Lower levels first, then top to bottom, so raised hexes and their sides overlap right."""
    return sorted(hexes, key=lambda item: (item[2], hex_to_world(item[0])[1], item[0][0]))


def _edges(
    view: Viewport, h: Hex, level: int, apart: Callable[[Hex], bool], alpha: float
) -> list[Command]:
    """The edges of hex ``h`` where ``apart(neighbour)``: tile boundaries, as runs of lines."""
    flags = [apart((h[0] + dq, h[1] + dr)) for dq, dr in NEIGHBOURS]
    if not any(flags):
        return []
    top = corners(view.hex_center(h, level), view.scale)
    start = 0 if all(flags) else next(i for i in range(6) if flags[i] and not flags[i - 1])
    out: list[Command] = []
    run: list[tuple[float, float]] = []
    for step in range(6):
        i = (start + step) % 6
        if flags[i]:
            run = run or [top[i]]
            run.append(top[(i + 1) % 6])
        if run and (not flags[i] or step == 5):
            out.append(["line", _flat(run), EDGE_INK, tile_width(view, level), alpha])
            run = []
    return out


def _shadow(view: Viewport, h: Hex, level: int) -> Command:
    """What a raised hex casts on the level below: its outline, further off the higher it is."""
    cx, cy = view.hex_center(h, level)
    depth = LIFT * (level - 1) * view.scale
    dx, dy = 0.09 * (level - 1) * view.scale, 0.11 * (level - 1) * view.scale
    top = corners((cx + dx, cy + dy), view.scale)
    outline = top[3:] + [top[0]] + [(x, y + depth) for x, y in top[0:4]]
    return ["poly", _flat(outline), EDGE_INK, None, 0, 0.24]


def tile_outline(
    view: Viewport, cells: Iterable[Hex], levels: dict[Hex, int], inset: float
) -> list[list[float]]:
    """The outline of some hexes together (a tile), ``inset`` (in hex radii) inside them: a
    flat list of points per closed loop, the first point repeated at the end (hexes on
    different levels give open runs, on their edges)."""
    cells = [h for h in cells if h in levels]
    ends: dict[tuple[float, float], tuple[float, float]] = {}
    for h in cells:
        top = corners(view.hex_center(h, levels[h]), view.scale)
        for i, (dq, dr) in enumerate(NEIGHBOURS):
            if (h[0] + dq, h[1] + dr) not in cells:
                a, b = top[i], top[(i + 1) % 6]
                ends[(round(a[0], 1), round(a[1], 1))] = (round(b[0], 1), round(b[1], 1))
    loops = []
    while ends:
        point = next(iter(ends))
        loop = [point]
        while loop[-1] in ends:
            loop.append(ends.pop(loop[-1]))
        if loop[-1] == loop[0] and len(loop) > 3:
            loop = _inset(loop[:-1], inset * view.scale)
            loop.append(loop[0])
        loops.append(_flat(loop))
    return loops


def _inset(loop: list[tuple[float, float]], distance: float) -> list[tuple[float, float]]:
    """A loop of points (clockwise on screen) moved ``distance`` inwards, corners mitred."""
    out = []
    count = len(loop)
    for i in range(count):
        (x0, y0), (x1, y1), (x2, y2) = loop[i - 1], loop[i], loop[(i + 1) % count]
        normals = []
        for ax, ay, bx, by in ((x0, y0, x1, y1), (x1, y1, x2, y2)):
            length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1.0
            normals.append((-(by - ay) / length, (bx - ax) / length))
        (nx, ny), (mx, my) = normals
        scale = distance / max(1 + nx * mx + ny * my, 0.2)
        out.append((x1 + (nx + mx) * scale, y1 + (ny + my) * scale))
    return out


def last_mark(view: Viewport, cells: Iterable[Hex], levels: dict[Hex, int]) -> list[Command]:
    """The last tile placed: a dashed dark outline on white just inside its edge (a pattern,
    not a colour, so that it reads in greyscale too), its level numbers above it."""
    cells = [h for h in cells if h in levels]
    out: list[Command] = []
    under, width = round(max(3.0, view.scale * 0.15), 1), round(max(1.5, view.scale * 0.075), 1)
    dash = [round(max(3.0, view.scale * 0.22), 1), round(max(2.0, view.scale * 0.14), 1)]
    for loop in tile_outline(view, cells, levels, 0.16):
        out.append(["line", loop, LAST_UNDER_INK, under, 1])
        out.append(["line", loop, EDGE_INK, width, 1, dash])
    for h in cells:
        out.extend(level_badge(view, h, levels[h]))
    return out


def _tiles(
    hexes: list[VisibleHex],
    view: Viewport,
    pieces: Mapping[Hex, int] | None,
    alpha: Callable[[Hex], float],
    outline_ink: Callable[[Hex], str | None],
) -> list[Command]:
    """Hexes drawn as tiles: level by level, each raised level's shadow first, then each hex
    and the edges it shares with another tile, another level or nothing.  Without ``pieces``
    each hex is a tile of its own: its face carries the dark edge."""
    levels = {h: level for h, _, level in hexes}
    alone = pieces is None
    pieces = pieces or {}
    out: list[Command] = []
    ordered = draw_order(hexes)
    for index, (h, kind, level) in enumerate(ordered):
        if level > 1 and (index == 0 or ordered[index - 1][2] != level):
            out.extend(_shadow(view, g, lv) for g, _, lv in ordered[index:] if lv == level)
        out.extend(_hex_commands(view, h, kind, level, alpha(h), outline_ink(h), alone))
        if alone:
            continue
        piece = pieces.get(h, h)

        def apart(n: Hex, piece=piece, level=level) -> bool:
            return levels.get(n) != level or pieces.get(n, n) != piece

        out.extend(_edges(view, h, level, apart, alpha(h)))
    return out


def city_layer(
    hexes: Iterable[VisibleHex],
    view: Viewport,
    *,
    glow: frozenset[Hex] = frozenset(),
    dim: frozenset[Hex] = frozenset(),
    pieces: Mapping[Hex, int] | None = None,
    last: Iterable[Hex] = (),
) -> list[Command]:
    """The static picture of a city: every visible hex; ``glow`` outlines, ``dim`` fades.

    ``pieces`` says which tile each hex belongs to (``City.pieces()``): tiles are edged dark,
    the hexes of one tile only faintly; without it every hex is edged as a tile of its own.
    ``last`` (``City.last_cells()``) marks the last tile placed with a dashed outline.
    """
    hexes = list(hexes)
    out = _tiles(
        hexes,
        view,
        pieces,
        lambda h: 0.35 if h in dim else 1.0,
        lambda h: GLOW_INK if h in glow else None,
    )
    if last:
        out.extend(last_mark(view, last, {h: level for h, _, level in hexes}))
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
    one_tile = dict.fromkeys((h for h, _, _ in ghost), 0)
    out.extend(_tiles(ghost, view, one_tile, lambda h: 0.72, lambda h: None))
    ink = LEGAL_INK if legal else ILLEGAL_INK
    for loop in tile_outline(view, one_tile, {h: lv for h, _, lv in ghost}, 0.05):
        out.append(["poly", loop[:-2], None, ink, round(max(2.5, view.scale * 0.09), 1), 1])
    return out


#: The empty cells where something may go: a pale face with a dashed edge (a pattern, not a
#: colour alone; the edge 3:1 or more on the board's background).
OPEN_FILL = "#fffdf6"
OPEN_INK = "#7a6c55"


def open_cells(view: Viewport, cells: Iterable[Hex]) -> list[Command]:
    """Empty cells where a hex may be painted (or a tile go): each a faint hex on the ground,
    a little inside its place, with a dashed outline.  Drawn under the city."""
    out: list[Command] = []
    width = round(max(1.2, view.scale * 0.05), 1)
    dash = [round(max(3.0, view.scale * 0.16), 1), round(max(2.5, view.scale * 0.12), 1)]
    for h in cells:
        ring = corners(view.hex_center(h, 1), view.scale * 0.9)
        out.append(["poly", _flat(ring), OPEN_FILL, None, 0, 0.55])
        out.append(["line", _flat([*ring, ring[0]]), OPEN_INK, width, 0.9, dash])
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


def _star(cx: float, cy: float, r: float) -> list[float]:
    """A five-pointed star's outline around ``(cx, cy)``, its points ``r`` out."""
    points = []
    for i in range(10):
        angle = math.pi * (i / 5 - 0.5)
        radius = r if i % 2 == 0 else r * 0.45
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return _flat(points)


def verdict_badge(
    view: Viewport, h: Hex, level: int, counts: bool, doubled: bool, starless: bool = False
) -> list:
    """A small round mark at a hex's top left: ✓ counts, ✗ does not, ×2 counts double, and an
    empty star (☆) for a district that meets its condition but scores 0, its city having no
    plaza of its kind (each a shape of its own, not only a colour)."""
    cx, cy = view.hex_center(h, level)
    bx, by = round(cx - 0.52 * view.scale, 1), round(cy - 0.5 * view.scale, 1)
    r = round(max(0.24 * view.scale, 5.0), 1)
    if counts and starless:
        return [
            ["dot", bx, by, r, BADGE_INK, EDGE_INK, 1],
            [
                "poly",
                _star(bx, by + 0.05 * r, r * 0.72),
                None,
                EDGE_INK,
                round(max(1.0, r * 0.14), 1),
                1,
            ],
        ]
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
    pieces: Mapping[Hex, int] | None = None,
    last: Iterable[Hex] = (),
) -> list[Command]:
    """The city with every district's verdict (``HexScore``s): a badge and its reason as title.

    Districts that do not count are faded; with ``highlight`` (a kind's plural name, like
    "markets") every other kind is faded instead, so one kind's scoring stands out.  ``say``
    writes the engine's sentences (English by default; a page passes its translation).
    ``pieces`` and ``last`` draw the tiles and the last one placed, as ``city_layer`` does.
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
    out = city_layer(hexes, view, dim=frozenset(faded), pieces=pieces, last=last)
    for h, _kind, level in draw_order(hexes):
        verdict = by_cell.get(h)
        if verdict is None or (highlight is not None and h in faded):
            continue
        starless = verdict.counts and not verdict.points  # no plaza of its kind: 0 points
        badge = verdict_badge(view, h, level, verdict.counts, verdict.doubled, starless)
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
