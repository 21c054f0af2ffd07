"""The city drawn as tiles: dark edges between tiles and faint ones inside a tile, levels in
relief, the last tile placed marked without colour, and plazas told apart by shape."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from akropolis import City, Game, Kind, Placement, placement_cells
from akropolis.picture import palette, scene, svg
from akropolis.picture.geometry import Viewport, corners

VIEW = Viewport(30, 400, 300)
SVG = "{http://www.w3.org/2000/svg}"


def dark_lines(commands: list) -> list[list[float]]:
    return [c[1] for c in commands if c[0] == "line" and c[2] == scene.EDGE_INK and len(c) < 6]


def on_a_line(point: tuple[float, float], lines: list[list[float]], tolerance=0.6) -> bool:
    """Whether ``point`` lies on a segment of one of ``lines`` (flat point lists)."""
    px, py = point
    for flat in lines:
        for i in range(0, len(flat) - 2, 2):
            ax, ay, bx, by = flat[i : i + 4]
            length = math.hypot(bx - ax, by - ay)
            t = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / (length * length)
            if (
                0 <= t <= 1
                and math.hypot(ax + t * (bx - ax) - px, ay + t * (by - ay) - py) < tolerance
            ):
                return True
    return False


def edge_middle(a, b, level: int = 1) -> tuple[float, float]:
    """The middle of the edge hexes ``a`` and ``b`` share, on screen at ``level``."""
    (ax, ay), (bx, by) = VIEW.hex_center(a, level), VIEW.hex_center(b, level)
    return (ax + bx) / 2, (ay + by) / 2


def inside(point, flat: list[float]) -> bool:
    """Even-odd rule: whether ``point`` is inside the closed loop ``flat``."""
    px, py = point
    xs, ys = flat[0::2], flat[1::2]
    hit = False
    for i in range(len(xs) - 1):
        (x0, y0), (x1, y1) = (xs[i], ys[i]), (xs[i + 1], ys[i + 1])
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


TWO_TILES = [
    ((0, 0), Kind.HOUSE, 1),
    ((1, 0), Kind.QUARRY, 1),
    ((0, 1), Kind.MARKET, 1),
    ((1, 1), Kind.GARDEN, 1),
]
PIECES = {(0, 0): 1, (1, 0): 1, (0, 1): 2, (1, 1): 2}


def test_tiles_are_edged_dark_where_they_meet_and_faintly_inside() -> None:
    layer = scene.city_layer(TWO_TILES, VIEW, pieces=PIECES)
    lines = dark_lines(layer)
    assert on_a_line(edge_middle((0, 0), (0, 1)), lines)  # tile 1 meets tile 2
    assert on_a_line(edge_middle((1, 0), (1, 1)), lines)
    assert not on_a_line(edge_middle((0, 0), (1, 0)), lines)  # inside tile 1
    assert not on_a_line(edge_middle((0, 1), (1, 1)), lines)  # inside tile 2
    assert on_a_line(edge_middle((0, 0), (-1, 0)), lines)  # the city's outline
    # Inside a tile the faces meet on a thin line in their own shade.
    faces = [c for c in layer if c[0] == "poly" and c[2] in palette.FILL.values()]
    assert len(faces) == 4
    shades = {palette.fill(kind): palette.shade(kind) for _, kind, _ in TWO_TILES}
    assert all(f[3] == shades[f[2]] for f in faces)
    assert max(f[4] for f in faces) < min(c[3] for c in layer if c[0] == "line")


def test_hexes_on_different_levels_are_edged_even_in_one_piece() -> None:
    hexes = [((0, 0), Kind.HOUSE, 1), ((0, 1), Kind.MARKET, 2)]
    lines = dark_lines(scene.city_layer(hexes, VIEW, pieces={(0, 0): 3, (0, 1): 3}))
    assert on_a_line(edge_middle((0, 0), (0, 1), 2), lines)


def test_without_pieces_every_hex_is_edged_as_a_tile_of_its_own() -> None:
    layer = scene.city_layer(TWO_TILES, VIEW)
    faces = [c for c in layer if c[0] == "poly" and c[2] in palette.FILL.values()]
    assert len(faces) == 4 and all(f[3] == scene.EDGE_INK for f in faces)
    drawn = scene.city_layer(
        TWO_TILES, VIEW, pieces={h: -i for i, (h, _, _) in enumerate(TWO_TILES)}
    )
    assert on_a_line(edge_middle((0, 0), (1, 0)), dark_lines(drawn))


def relief(level: int) -> dict:
    """What sets a hex at ``level`` off: its shadow's offset, its side's height, its seams."""
    layer = scene.city_layer([((0, 0), Kind.TEMPLE, 1), ((5, 0), Kind.TEMPLE, level)], VIEW)
    shadows = [c for c in layer if c[0] == "poly" and c[2] == scene.EDGE_INK and c[5] < 1]
    sides = [c for c in layer if c[0] == "poly" and c[2] == palette.shade(Kind.TEMPLE)]
    seams = [c for c in layer if c[0] == "line"]
    cx, cy = VIEW.hex_center((5, 0), level)
    return {
        "shadow": max((max(s[1][0::2]) - cx for s in shadows), default=0.0),
        "side": max((max(s[1][1::2]) - cy for s in sides), default=0.0),
        "seams": len(seams),
        "badges": [c[3] for c in layer if c[0] == "text"],
    }


def test_each_level_up_stands_out_more_and_keeps_its_number() -> None:
    one, two, three, four = (relief(level) for level in (1, 2, 3, 4))
    assert one["shadow"] == 0 and one["side"] == 0 and one["badges"] == []
    assert 0 < two["shadow"] < three["shadow"] < four["shadow"]
    assert 0 < two["side"] < three["side"] < four["side"]
    assert (two["seams"], three["seams"], four["seams"]) == (0, 1, 2)  # the stacked tiles
    assert (two["badges"], three["badges"], four["badges"]) == (["2"], ["3"], ["4"])


def test_the_last_tile_placed_is_outlined_dashed_around_its_three_hexes() -> None:
    city = City()
    city.place(Placement(18, (0, 2), 0))
    hexes, cells = list(city.hexes()), city.last_cells()
    assert cells == placement_cells((0, 2), 0)
    layer = scene.city_layer(hexes, VIEW, pieces=city.pieces(), last=cells)
    dashed = [c for c in layer if c[0] == "line" and len(c) > 5 and c[5]]
    assert len(dashed) == 1 and dashed[0][2] == scene.EDGE_INK  # dark on a white line
    loop = dashed[0][1]
    assert loop[:2] == loop[-2:]
    for h, _, level in hexes:
        assert inside(VIEW.hex_center(h, level), loop) == (h in cells)
    assert not any(len(c) > 5 and c[0] == "line" for c in scene.city_layer(hexes, VIEW))


def test_the_svg_city_marks_the_last_move_and_draws_tiles() -> None:
    game = Game(2, seed=5)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    plain, marked = svg.city(game, player=0), svg.city(game, player=0, last=True)
    assert "stroke-dasharray" not in plain and marked.count("stroke-dasharray") == 1
    assert svg.city(game, player=0, last=game.cities[0].last_cells()) == marked
    lines = ET.fromstring(marked).findall(f".//{SVG}polyline")
    assert lines and all(p.get("fill") == "none" and p.get("stroke") for p in lines)


def test_city_pieces_say_which_placement_each_visible_hex_belongs_to() -> None:
    city = City()
    assert set(city.pieces().values()) == {0} and city.last_cells() == ()
    city.place(Placement(18, (0, 2), 0))
    city.place(Placement(5, (2, 1), 1))
    pieces = city.pieces()
    assert {h for h, p in pieces.items() if p == 2} == set(city.last_cells())
    assert {h for h, p in pieces.items() if p == 1} == set(placement_cells((0, 2), 0))
    drawn = City.from_hexes([((0, 0), Kind.HOUSE, 1), ((1, 0), Kind.HOUSE, 1)])
    assert sorted(drawn.pieces().values()) == [-2, -1] and drawn.last_cells() == ()


def outline_of(shapes) -> list[tuple[float, float]]:
    return sorted((round(x, 2), round(y, 2)) for shape in shapes for x, y in shape)


def test_each_plaza_kind_differs_in_shape_not_only_in_colour() -> None:
    plazas = [k for k in Kind if k.is_plaza]
    pictures = [outline_of(palette.PLAZAS[k]) for k in plazas]
    assert len({tuple(p) for p in pictures}) == len(plazas)
    for kind in plazas:
        stars = len(palette.PLAZAS[kind]) - len(palette.SYMBOLS[kind.district])
        assert (
            stars
            == {"house": 1, "market": 2, "barracks": 2, "temple": 2, "garden": 3}[
                kind.district.label
            ]
        )
        # The small symbol sits above the stars, both inside the hex.
        ys = [y for shape in palette.PLAZAS[kind] for _, y in shape]
        xs = [x for shape in palette.PLAZAS[kind] for x, _ in shape]
        assert max(map(abs, xs)) < 0.75 and max(map(abs, ys)) < 0.75
    # On the canvas too: the polygons drawn on each plaza differ from kind to kind.
    drawn = []
    for kind in plazas:
        layer = scene.city_layer([((0, 0), kind, 1)], VIEW)
        marks = [c for c in layer if c[0] == "poly" and c[3] is None]
        drawn.append(tuple(len(c[1]) for c in marks))
    assert len(set(drawn)) == len(plazas)


def test_the_held_tile_is_drawn_as_one_tile() -> None:
    ghost = [((0, 2), Kind.QUARRY, 1), ((0, 1), Kind.MARKET, 1), ((1, 1), Kind.GARDEN, 1)]
    layer = scene.overlay(VIEW, ghost=ghost)
    assert not on_a_line(edge_middle((0, 2), (0, 1)), dark_lines(layer))
    outlines = [c for c in layer if c[0] == "poly" and c[2] is None and c[3] == scene.LEGAL_INK]
    assert len(outlines) == 1 and len(outlines[0][1]) == 24  # one outline of 12 corners


def test_corners_of_a_hex_are_where_the_tile_edges_run() -> None:
    """The edge facing each neighbour is between the corners ``NEIGHBOURS`` says."""
    for i, (dq, dr) in enumerate(scene.NEIGHBOURS):
        top = corners(VIEW.hex_center((0, 0)), VIEW.scale)
        a, b = top[i], top[(i + 1) % 6]
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert math.dist(middle, edge_middle((0, 0), (dq, dr))) < 1e-6


def test_open_cells_are_pale_hexes_with_a_dashed_edge_inside_their_place() -> None:
    """Where a hex may be painted: each empty cell a faint face and a dashed outline (a
    pattern, not a colour alone), a little inside the cell so it never touches the city."""
    cells = [(0, 2), (-1, 1)]
    commands = scene.open_cells(VIEW, cells)
    faces = [c for c in commands if c[0] == "poly"]
    edges = [c for c in commands if c[0] == "line"]
    assert len(faces) == len(edges) == len(cells)
    for cell, face, edge in zip(cells, faces, edges, strict=True):
        cx, cy = VIEW.hex_center(cell, 1)
        points = list(zip(face[1][::2], face[1][1::2], strict=True))
        assert len(points) == 6 and face[2] == scene.OPEN_FILL and face[5] < 1
        for x, y in points:
            assert 0.85 * VIEW.scale < math.hypot(x - cx, y - cy) < 0.95 * VIEW.scale
        assert edge[2] == scene.OPEN_INK and len(edge) == 6 and len(edge[5]) == 2  # dashed
        assert edge[1][:2] == edge[1][-2:]  # closed
    assert scene.open_cells(VIEW, []) == []
