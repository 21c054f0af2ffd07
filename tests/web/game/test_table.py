"""The table's interaction state asks the engine and never changes the game on a refusal."""

from __future__ import annotations

from akropolis import Game, records
from game.table import Table


def fresh() -> Table:
    return Table(Game(2, deck=[25, 10, 19, 7, 1, 2, 3, 4, 5, 6]))


def test_pick_holds_an_affordable_tile_and_refuses_an_expensive_one() -> None:
    table = fresh()
    assert "in hand for free" in table.pick(0)
    assert table.held_tile == 25
    assert table.pick(3) == "That tile costs 3 stones; you have 1."
    assert table.held == 0


def test_picking_speaks_the_players_gesture() -> None:
    """A tile taken by a tap is not explained with keys and the wheel, nor one taken from the
    keyboard with the mouse."""
    clicked, tapped, keyed = (fresh().pick(0, gesture) for gesture in ("click", "tap", "key"))
    assert clicked == (
        "Tile 25 in hand for free: point at a ringed spot to see what it gives, click to place "
        "it; R, the wheel or ⟳ turns it; ✕ or Esc puts it back."
    )
    assert tapped == (
        "Tile 25 in hand for free: tap a ringed spot to see what it gives, then “Place here”; "
        "⟲ ⟳ turn it; ✕ puts it back."
    )
    assert "Enter places" in keyed and "wheel" not in keyed and "tap" not in keyed
    assert "click" not in tapped and "Esc" not in tapped  # touch words on a touch screen
    assert fresh().pick(0) == clicked and fresh().pick(0, "nonsense") == clicked


def test_legal_anchors_are_the_engines_for_tile_and_rotation() -> None:
    table = fresh()
    table.pick(1)
    table.rotate(2)
    expected = sorted(
        m.anchor for m in table.game.legal_moves() if m.tile == 10 and m.rotation == 2
    )
    assert sorted(table.legal_anchors()) == expected and expected


def test_ghost_reports_level_gain_and_reason() -> None:
    table = fresh()
    table.pick(0)
    table.rotation = 0
    ghost = table.ghost((0, 2))
    assert ghost.legal and ghost.level == 1 and ghost.cells == ((0, 2), (0, 1), (1, 1))
    far = table.ghost((9, 9))
    assert not far.legal and far.reason == "the tile is not adjacent to the city"
    assert far.describe() == "Not here: the tile is not adjacent to the city."


def test_illegal_place_changes_nothing() -> None:
    table = fresh()
    before = records.game_to_record(table.game)
    table.pick(0)
    placed, text = table.place((0, 0))
    assert (placed, text) == (False, "Not here: the tile would overhang an empty space.")
    assert records.game_to_record(table.game) == before
    assert table.held == 0


def test_place_plays_the_move_and_empties_the_hand() -> None:
    table = fresh()
    table.pick(0)
    placed, text = table.place((0, 2))
    assert placed and text == "Placed tile 25 on level 1."
    assert table.held is None and table.game.ply == 1 and table.game.turn == 1


def test_undo_takes_back_and_reports() -> None:
    table = fresh()
    assert table.undo() == "Nothing to undo."
    table.pick(0)
    table.place((0, 2))
    assert table.undo() == "Took back tile 25."
    assert table.game.ply == 0 and table.game.site[0] == 25


def test_rotation_wraps_both_ways() -> None:
    table = fresh()
    table.rotate(-1)
    assert table.rotation == 5
    table.rotate(2)
    assert table.rotation == 1


def test_legal_anchors_follow_the_position_after_undo_and_a_different_move() -> None:
    """The table never shows legal spots of a position that is gone."""
    table = fresh()
    table.pick(0)
    table.place((0, 2))
    table.pick(0)
    stale = table.legal_anchors()
    table.undo()
    table.pick(1)
    table.place(_first_anchor(table))
    table.pick(0)
    assert sorted(table.legal_anchors()) == sorted(
        m.anchor for m in table.game.legal_moves() if m.site_index == 0 and m.rotation == 0
    )
    assert table.game.ply == 1 and stale


def _first_anchor(table: Table) -> tuple[int, int]:
    tile = table.held_tile
    return next(m.anchor for m in table.game.legal_moves() if m.tile == tile and m.rotation == 0)


def test_keyboard_cursor_starts_on_a_legal_anchor_and_steps_by_direction() -> None:
    table = fresh()
    table.pick(0)
    table.step(3)
    start = table.hover
    assert start in table.legal_anchors()
    table.step(3)  # south
    table.step(1)  # north-east
    assert table.hover == (start[0] + 1, start[1])
