"""Keeping what matters in a city view: fitting into what nothing covers, telling when cells
have left it, and the glide between two views."""

from __future__ import annotations

from akropolis.picture.geometry import Viewport, hex_to_world
from common.framing import NO_INSETS, between, clear, ease, fit_within, framed, shows, strips

CELLS = [(q, r) for q in range(-6, 7) for r in (-1, 0, 1)]  # a wide city


def test_a_fit_keeps_every_cell_out_of_what_covers_the_canvas() -> None:
    insets = (60.0, 0.0, 40.0, 0.0)  # a label over the top, a bar over the bottom
    view = fit_within(CELLS, 390, 600, insets, margin=2.6)
    assert shows(view, CELLS, 390, 600, insets)
    for cell in CELLS:
        _x, y = view.to_screen(*hex_to_world(cell))
        assert 60 < y < 600 - 40
    # the same fit without the insets would put the top row under the label
    bare = fit_within(CELLS, 390, 200, NO_INSETS, margin=0.1)
    assert not shows(bare, CELLS, 390, 200, (60.0, 0.0, 0.0, 0.0))


def test_cells_gone_out_of_view_are_noticed() -> None:
    view = fit_within(CELLS, 800, 600, NO_INSETS, margin=2.6)
    assert shows(view, CELLS, 800, 600, NO_INSETS)
    assert not shows(view.panned(300, 0), CELLS, 800, 600, NO_INSETS)
    assert not shows(view, [*CELLS, (30, 0)], 800, 600, NO_INSETS)
    assert not shows(view, CELLS, 500, 600, NO_INSETS)  # the canvas shrank: the ends are cut


def test_a_glide_goes_from_one_view_to_the_other_as_one_camera_move() -> None:
    start, end = Viewport(20, 10, 10), Viewport(40, -200, 50)
    assert between(start, end, 0, 800, 600) == start
    assert between(start, end, 1, 800, 600) == end
    middle = between(start, end, 0.5, 800, 600)
    (ax, ay), (bx, by) = start.to_world(400, 300), end.to_world(400, 300)
    mx, my = middle.to_world(400, 300)
    assert abs(mx - (ax + bx) / 2) < 1e-9 and abs(my - (ay + by) / 2) < 1e-9
    scales = [between(start, end, t / 10, 800, 600).scale for t in range(11)]
    assert scales == sorted(scales)  # always zooming in, never back and forth
    assert abs(scales[5] - (20 * 40) ** 0.5) < 1e-9  # evenly, as a zoom does
    assert ease(0) == 0 and ease(1) == 1 and ease(0.5) == 0.5 and ease(2) == 1


LABEL, BUTTON = (8.0, 6.0, 140.0, 60.0), (300.0, 5.0, 385.0, 50.0)  # on a phone's city


def test_a_fit_uses_the_whole_canvas_when_nothing_covers_a_cell() -> None:
    small = [(0, 0), (1, 0), (0, 1), (-1, 1)]
    view = framed(small, 390, 600, [LABEL, BUTTON], margin=2.6)
    assert view == fit_within(small, 390, 600, NO_INSETS, 2.6)  # the labels sit beside it
    assert clear(view, small, [LABEL, BUTTON])


def test_a_fit_leaves_out_the_strip_a_label_takes_when_it_would_cover_a_cell() -> None:
    wide = CELLS + [(q, -6) for q in range(-6, 7)]  # the top row reaches the corners
    whole = fit_within(wide, 390, 300, NO_INSETS, 1.0)
    assert not clear(whole, wide, [LABEL, BUTTON])
    view = framed(wide, 390, 300, [LABEL, BUTTON], margin=1.0)
    assert clear(view, wide, [LABEL, BUTTON]) and shows(view, wide, 390, 300, NO_INSETS)
    assert strips([LABEL, BUTTON], 390, 300) == (64.0, 0.0, 0.0, 0.0)
    assert strips([(0.0, 280.0, 390.0, 300.0)], 390, 300) == (0.0, 0.0, 24.0, 0.0)
    assert strips([(-50.0, 0.0, -10.0, 40.0)], 390, 300) == NO_INSETS  # beside the canvas
