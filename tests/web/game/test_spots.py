"""The game in words: the tile in hand's legal spots, moves typed in the notation, the N key's
steps, the city as a table and the tiles' concise names (issue 27's screen-reader view)."""

from __future__ import annotations

import random

from akropolis import TILES, Game, Kind, Move
from akropolis.scoring import score_city
from common.city_words import city_table_html, hex_words, tile_contents, tile_name
from game.spots import (
    legal_spots,
    notation_line,
    score_sentence,
    signed,
    spot_sentence,
    tile_list,
    typed_move,
)
from game.table import Table


def played(moves: int, seed: int = 5) -> Game:
    game = Game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()).move)
    return game


def test_legal_spots_are_every_legal_move_of_the_tile_with_its_true_score() -> None:
    game = played(20)
    for index in game.affordable():
        spots = legal_spots(game, index)
        expected = {str(m.move) for m in game.legal_moves() if m.site_index == index}
        assert {spot.notation for spot in spots} == expected
        assert [s.total for s in spots] == sorted((s.total for s in spots), reverse=True)
        for spot in spots[:5]:
            after = game.copy()
            after.play(spot.move)
            assert spot.total == after.score(game.turn).total
            assert spot.change == spot.total - game.score(game.turn).total


def test_a_spot_says_the_tiles_it_covers_and_only_on_a_higher_level() -> None:
    game = played(24)
    spots = [s for i in game.affordable() for s in legal_spots(game, i)]
    high = [s for s in spots if s.level > 1]
    assert high and all(len(s.covers) >= 2 for s in high)  # a raised tile covers two tiles
    assert all(s.covers == () for s in spots if s.level == 1)
    line = spot_sentence(high[0])
    assert line.startswith(f"Tile {high[0].move.tile} on level {high[0].level}, over ")
    assert "@" not in line  # the words a person reads, not the notation
    ground = next(s for s in spots if s.level == 1)
    assert spot_sentence(ground).startswith(f"Tile {ground.move.tile} on level 1, next to ")
    assert notation_line(ground).startswith(f"{ground.notation}: Tile ")


def test_a_spot_names_the_tiles_it_sits_beside_or_on() -> None:
    game = Game(2, deck=[25, 10, 19, 7, 1, 2, 3, 4, 5, 6])
    first = legal_spots(game, 0)
    assert {s.touches for s in first} == {(0,)}  # only the starting tile is there
    assert all("next to the starting tile:" in spot_sentence(s) for s in first)
    assert tile_list((0, 31)) == "the starting tile and tile 31"
    assert tile_list((4, 9, 31)) == "tile 4, tile 9 and tile 31"


def test_n_orders_spots_by_what_they_give_then_by_a_compact_city_never_by_position() -> None:
    """Spots that give as much are ordered by how many sides they touch the city with, then by
    how near its middle they are: five N + Enter turns do not build a line down one edge."""
    for seed in range(6):
        game = played(10 + seed, seed=seed)
        spots = legal_spots(game, 0)
        keys = [(-s.total, -s.stones_gained, -s.level, -s.contacts) for s in spots]
        assert keys == sorted(keys)
        best = spots[0]
        tied = [
            s
            for s in spots
            if (s.total, s.stones_gained, s.level) == (best.total, best.stones_gained, best.level)
        ]
        assert best.contacts == max(s.contacts for s in tied)
    table = Table(Game(2, seed=7))
    for _turn in range(10):  # N then Enter, five turns each
        table.pick(0)
        table.step_spot(1)
        assert table.place()[0]
    cells = [cell for cell, _kind, _level in table.game.cities[0].hexes()]
    columns = {q for q, _r in cells}
    rows = [2 * r + q for q, r in cells]  # top to bottom on screen
    assert max(rows) - min(rows) <= 2 * len(columns)  # a compact city, not a tall line


def test_legal_spots_leave_the_game_unchanged() -> None:
    game = played(16)
    before = (game.ply, [sorted(c.hexes()) for c in game.cities], game.stones)
    legal_spots(game, 0)
    assert before == (game.ply, [sorted(c.hexes()) for c in game.cities], game.stones)


def test_a_typed_move_is_checked_by_the_engine_and_refused_in_its_words() -> None:
    game = Game(2, deck=[25, 10, 19, 7, 1, 2, 3, 4, 5, 6])
    legal = next(m for m in game.legal_moves() if m.tile == 25)
    assert typed_move(game, f"  {legal.move}  ") == legal.move
    assert typed_move(game, "nonsense").startswith("Not played: 'nonsense' is not a move")
    assert typed_move(game, "61@0,2:0") == ("Not played: tile 61 is not in the construction site.")
    assert "cannot afford tile 7" in typed_move(game, "7@0,2:0")
    assert typed_move(game, "25@0,0:0").startswith("Not played: ")  # on the starting tile
    assert typed_move(game, "").startswith("Type a move like 18@0,2:0")


def test_the_table_plays_a_typed_move_and_refuses_without_changing_the_game() -> None:
    table = Table(Game(2, deck=[25, 10, 19, 7, 1, 2, 3, 4, 5, 6]))
    assert table.play_typed(Move(1, (0, 2), 0)) == (
        False,
        "Tile 1 is not in the Construction Site.",
    )
    assert table.game.ply == 0
    legal = next(m for m in table.game.legal_moves() if m.tile == 10)
    placed, text = table.play_typed(legal.move)
    assert placed and text.startswith("Placed tile 10 on level 1")
    assert table.game.moves == (legal.move,) and table.held is None


def test_n_steps_through_every_legal_spot_best_first_and_wraps_around() -> None:
    table = Table(played(12))
    table.pick(0)
    spots = table.spots()
    seen = []
    for _ in spots:
        index, count = table.step_spot(1)
        assert count == len(spots)
        seen.append((table.hover, table.rotation))
        assert table.spot_at(table.hover) == spots[index]
        assert table.ghost().legal
    assert seen == [(s.move.anchor, s.move.rotation) for s in spots]
    assert table.step_spot(1) == (0, len(spots))  # round again
    assert table.step_spot(-1) == (len(spots) - 1, len(spots))


def test_the_hands_spot_steps_cover_every_rotation_of_every_spot() -> None:
    table = Table(played(6))
    table.pick(0)
    everything = {(m.anchor, m.rotation) for m in table.game.legal_moves() if m.site_index == 0}
    from common.hand import Hand

    assert set(Hand.legal_placements(table)) >= everything


def test_score_changes_are_signed_with_a_true_minus() -> None:
    assert (signed(3), signed(-2), signed(0)) == ("+3", "−2", "±0")
    assert score_sentence("Ann", 41, 17) == "Ann's score: 41 (+17)."


def test_tile_names_count_kinds_together_and_say_the_price() -> None:
    two = next(t for t in range(1, 62) if TILES[t].hexes.count(Kind.QUARRY) == 2)
    kinds = TILES[two].hexes
    other = next(k for k in kinds if k is not Kind.QUARRY)
    assert "2 quarries" in tile_contents(two) and tile_contents(two).count("quarr") == 1
    assert tile_name(two, 0) == f"Tile {two}: {tile_contents(two)} — free"
    assert tile_name(two, 1).endswith("— 1 stone") and tile_name(two, 3).endswith("— 3 stones")
    assert tile_name(two) == f"Tile {two}: {tile_contents(two)}"
    assert other.name.lower().replace("_", " ") in tile_contents(two)


def test_the_city_in_words_has_every_visible_hex_with_its_tile_and_verdict() -> None:
    game = played(20)
    city = game.cities[0]
    score = score_city(city, game.variants, game.stones[0])
    rows = hex_words(city, score)
    assert len(rows) == len(city)
    assert {row.cell for row in rows} == {f"{q},{r}" for (q, r), _k, _l in city.hexes()}
    by_cell = {row.cell: row for row in rows}
    for verdict in score.hexes:
        row = by_cell[f"{verdict.cell[0]},{verdict.cell[1]}"]
        assert str(verdict.reason) in row.scoring
        assert row.scoring.startswith("Scores nothing" if not verdict.points else "Scores ")
    last = city.placements[-1]
    assert any(row.tile == str(last.tile) for row in rows)
    assert any(row.tile == "starting tile" for row in rows) or len(city.placements) > 5
    html = city_table_html(city, score, "Ann's city")
    assert html.count("<tr>") == len(rows) + 1 and "<caption>Ann&#x27;s city</caption>" in html
    assert html.count('scope="col"') == 5 and html.count('scope="row"') == len(rows)


def test_the_city_in_words_reads_top_row_first() -> None:
    rows = hex_words(played(10).cities[0], None)
    heights = [2 * int(r.cell.split(",")[1]) + int(r.cell.split(",")[0]) for r in rows]
    assert heights == sorted(heights)
