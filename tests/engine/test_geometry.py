"""Screen geometry: hex ↔ pixel round trips, hit-testing, zoom and fit."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from akropolis import DIRECTIONS
from akropolis.picture.geometry import (
    FIT_SCALE,
    Viewport,
    corners,
    fit,
    hex_to_world,
    world_to_hex,
)
from common.zoom import MAX_SCALE, MIN_SCALE, zoomed

coords = st.tuples(st.integers(-60, 60), st.integers(-60, 60))


@given(coords)
def test_every_hex_centre_maps_back_to_its_hex(h: tuple[int, int]) -> None:
    assert world_to_hex(*hex_to_world(h)) == h


@given(coords, st.floats(0, 0.84), st.floats(0, 2 * math.pi))
def test_points_inside_a_hex_hit_that_hex(h: tuple[int, int], radius: float, angle: float) -> None:
    """Any point within the inscribed circle (radius √3/2) of a hex hits it."""
    x, y = hex_to_world(h)
    assert world_to_hex(x + radius * math.cos(angle), y + radius * math.sin(angle)) == h


def test_directions_point_the_way_they_are_named() -> None:
    """N is straight up on screen, S straight down, NE up-right, SW down-left."""
    names = {}
    for name, d in zip(("N", "NE", "SE", "S", "SW", "NW"), DIRECTIONS, strict=True):
        names[name] = hex_to_world(d)
    assert names["N"][0] == 0 and names["N"][1] < 0
    assert names["S"][0] == 0 and names["S"][1] > 0
    assert names["NE"][0] > 0 > names["NE"][1]
    assert names["SW"][0] < 0 < names["SW"][1]
    for x, y in names.values():
        assert math.isclose(math.hypot(x, y), math.sqrt(3))


def test_neighbouring_hexes_share_an_edge() -> None:
    """Two corners of a hex coincide with two corners of its neighbour."""
    mine = {(round(x, 6), round(y, 6)) for x, y in corners(hex_to_world((0, 0)), 1)}
    theirs = {(round(x, 6), round(y, 6)) for x, y in corners(hex_to_world((1, 0)), 1)}
    assert len(mine & theirs) == 2


@given(coords, st.floats(10, 100), st.floats(-500, 500), st.floats(-500, 500))
def test_viewport_hit_testing_inverts_drawing(h, scale, ox, oy) -> None:
    view = Viewport(scale, ox, oy)
    assert view.hex_at(*view.to_screen(*hex_to_world(h))) == h


def test_zoom_keeps_the_point_under_the_pointer() -> None:
    view = Viewport(30, 100, 50)
    before = view.to_world(400, 300)
    after = view.zoomed(1.7, 400, 300)
    assert after.scale == 51
    assert all(math.isclose(a, b) for a, b in zip(after.to_world(400, 300), before, strict=True))


def test_zoom_is_clamped() -> None:
    assert Viewport(30).zoomed(100, 0, 0, 6, 120).scale == 120
    assert Viewport(30).zoomed(0.001, 0, 0, 6, 120).scale == 6
    assert zoomed(Viewport(30), 100, 0, 0).scale == MAX_SCALE
    assert zoomed(Viewport(30), 0.001, 0, 0).scale == MIN_SCALE


def test_fit_shows_every_cell_inside_the_canvas() -> None:
    cells = [(q, r) for q in range(-6, 7) for r in range(-3, 5)]
    view = fit(cells, 800, 500)
    for h in cells:
        x, y = view.to_screen(*hex_to_world(h))
        assert view.scale <= x <= 800 - view.scale and view.scale <= y <= 500 - view.scale


def test_fit_does_not_blow_up_a_small_city() -> None:
    assert fit([(0, 0)], 2000, 2000).scale == FIT_SCALE
