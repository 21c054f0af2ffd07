"""RULES.md "Scoring" and "Variants": one test per rule, on hand-drawn cities."""

from __future__ import annotations

import pytest

from akropolis import City, Game, Kind, Move, Placement, score_city
from akropolis.scoring import VARIANTS

H, M, B, T, G, Q = Kind.HOUSE, Kind.MARKET, Kind.BARRACKS, Kind.TEMPLE, Kind.GARDEN, Kind.QUARRY
HP, MP, BP, TP, GP = (
    Kind.HOUSE_PLAZA,
    Kind.MARKET_PLAZA,
    Kind.BARRACKS_PLAZA,
    Kind.TEMPLE_PLAZA,
    Kind.GARDEN_PLAZA,
)


def ring(radius: int) -> list[tuple[int, int]]:
    """The cells at exactly ``radius`` from the origin."""
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) == radius
    ]


def draw(cells: dict[tuple[int, int], Kind], levels: dict[tuple[int, int], int] | None = None):
    levels = levels or {}
    return City.from_hexes([(h, k, levels.get(h, 1)) for h, k in cells.items()])


def points(city: City, kind: str, variants=()) -> tuple[int, int, int]:
    line = score_city(city, variants).kinds[kind]
    return line.value, line.stars, line.points


def verdict(city: City, cell: tuple[int, int], variants=()):
    return next(h for h in score_city(city, variants).hexes if h.cell == cell)


def test_points_are_value_times_stars() -> None:
    city = draw({(0, 0): M, (1, 0): Q, (2, 0): M, (1, 1): MP, (2, 1): MP})
    assert points(city, "markets") == (2, 4, 8)


def test_stars_are_cumulative() -> None:
    city = draw({(0, 0): G, (1, 0): GP, (2, 0): Q, (3, 0): GP, (4, 0): Q, (5, 0): HP})
    assert points(city, "gardens") == (1, 6, 6)
    assert points(city, "houses") == (0, 1, 0)


def test_no_plaza_means_zero_for_that_kind() -> None:
    city = draw({(0, 0): T, **{h: Q for h in ring(1)}, (2, 0): Q, (3, 0): B})
    assert points(city, "temples") == (1, 0, 0)
    assert points(city, "barracks") == (1, 0, 0)
    assert "no temple plaza" in verdict(city, (0, 0)).reason


def test_district_value_is_its_level() -> None:
    city = draw({(0, 0): G, (1, 0): G, (2, 0): GP}, {(0, 0): 3, (1, 0): 2})
    assert points(city, "gardens") == (5, 3, 15)


def test_plazas_score_nothing_whatever_level() -> None:
    low = draw({(0, 0): HP, (1, 0): H})
    high = draw({(0, 0): HP, (1, 0): H}, {(0, 0): 4})
    assert score_city(low).total == score_city(high).total == 1


def test_one_point_per_stone() -> None:
    city = draw({(0, 0): HP})
    assert score_city(city, stones=7).total == 7
    assert score_city(city, stones=7).stones == 7


def test_only_top_hex_scores() -> None:
    """Covered hexes are gone: a house covered by a quarry no longer counts."""
    city = City.from_placements([Placement(19, (0, 1), 3)])  # Q(0,1), H(0,2), H(-1,2)
    assert points(city, "houses") == (2, 1, 2)
    city.place(Placement(26, (0, 1), 4))  # M on (0,1) level 2, Q on (-1,2), Q on (-1,1)
    assert points(city, "houses") == (1, 1, 1)
    assert points(city, "markets") == (2, 0, 0)


def test_houses_only_largest_group_counts() -> None:
    line = {(q, 0): Q for q in range(3, 8)}
    city = draw({**line, (0, 0): H, (1, 0): H, (2, 0): H, (5, 0): H, (5, 1): H, (8, 0): HP})
    assert points(city, "houses") == (3, 1, 3)
    assert not verdict(city, (5, 0)).counts
    assert verdict(city, (5, 0)).reason == "not in the largest group of houses"


def test_houses_equal_groups_take_the_higher_value() -> None:
    line = {(q, 0): Q for q in range(2, 8)}
    city = draw({**line, (0, 0): H, (1, 0): H, (5, 0): H, (5, 1): H, (8, 0): HP}, {(5, 1): 3})
    assert points(city, "houses") == (4, 1, 4)
    assert verdict(city, (5, 0)).counts and not verdict(city, (0, 0)).counts


def test_houses_adjacency_ignores_levels() -> None:
    city = draw({(0, 0): H, (1, 0): H, (2, 0): H, (3, 0): Q, (4, 0): HP}, {(1, 0): 3})
    assert points(city, "houses") == (5, 1, 5)


def test_rulebook_worked_example_scores_27() -> None:
    """Largest group: 5 houses on level 1 and 2 on level 2 = 9; 3 house stars: 27."""
    group = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (0, 1), (1, 1)]
    cells = {h: H for h in group} | {(0, 2): Q, (0, 3): Q, (0, 4): H, (1, 4): H}
    cells |= {(5, 0): Q, (6, 0): HP, (6, 1): HP, (6, 2): HP}
    city = draw(cells, {(0, 1): 2, (1, 1): 2})
    assert points(city, "houses") == (9, 3, 27)


def test_markets_isolated_market_counts_adjacent_markets_do_not() -> None:
    city = draw({(0, 0): M, (1, 0): M, (2, 0): Q, (3, 0): Q, (4, 0): M, (5, 0): Q, (6, 0): MP})
    assert points(city, "markets") == (1, 2, 2)
    assert verdict(city, (0, 0)).reason == "next to another market"
    assert verdict(city, (4, 0)).reason == "no market next to it"


def test_barracks_count_on_the_outer_edge() -> None:
    cells = {(0, 0): BP, **{h: Q for h in ring(1)}}
    cells[(1, 0)] = B
    city = draw(cells)
    assert points(city, "barracks") == (1, 2, 2)


def test_barracks_next_only_to_a_lake_is_not_on_the_edge() -> None:
    """Our reading: an enclosed hole (lake) is not the edge of the city."""
    cells = {h: Q for h in ring(1) + ring(2)}  # the origin is a lake
    cells[(1, -1)] = B  # its only empty neighbour is the lake
    cells[(2, 0)] = B  # on the outer edge
    cells[(0, 2)] = BP
    city = draw(cells)
    assert not verdict(city, (1, -1)).counts
    assert verdict(city, (1, -1)).reason == "not on the edge of the city"
    assert verdict(city, (2, 0)).counts
    assert points(city, "barracks") == (1, 2, 2)


def test_temples_surrounded_on_all_sides_at_any_level() -> None:
    cells = {(0, 0): T, **{h: Q for h in ring(1)}, (2, 0): Q, (3, 0): T, (0, 2): Q, (0, 3): TP}
    city = draw(cells, {(0, 0): 2, (1, 0): 3})
    assert verdict(city, (0, 0)).counts
    assert not verdict(city, (3, 0)).counts
    assert points(city, "temples") == (2, 2, 4)


def test_gardens_always_count() -> None:
    city = draw({(0, 0): G, (1, 0): Q, (2, 0): GP, (3, 0): Q, (4, 0): G}, {(4, 0): 2})
    assert points(city, "gardens") == (3, 3, 9)


# --- Variants ---------------------------------------------------------------------------------


def test_variant_houses_group_of_value_10_or_more_doubled_only_when_on() -> None:
    row = [(q, 0) for q in range(10)]
    city = draw({**{h: H for h in row}, (0, 1): HP})
    assert points(city, "houses") == (10, 1, 10)
    assert points(city, "houses", {"houses"}) == (20, 1, 20)
    nine = draw({**{h: H for h in row[:9]}, (0, 1): HP})
    assert points(nine, "houses", {"houses"}) == (9, 1, 9)


def test_variant_markets_next_to_market_plaza_doubled_only_when_on() -> None:
    line = {(q, 0): Q for q in range(2, 5)}
    city = draw({**line, (0, 0): M, (1, 0): MP, (5, 0): M, (6, -1): M})
    assert points(city, "markets") == (1, 2, 2)
    assert points(city, "markets", {"markets"}) == (2, 2, 4)
    # a market next to another market does not count, plaza or not
    assert not verdict(city, (5, 0), {"markets"}).counts


def test_variant_barracks_3_or_4_empty_outside_neighbours_doubled_only_when_on() -> None:
    # On a line of quarries: (2,-1) has 4 empty neighbours, (6,-1) 2 and (9,-1) 3.
    cells = {(q, 0): Q for q in range(11)}
    cells |= {(2, -1): B, (6, -1): B, (5, -1): Q, (7, -1): Q, (9, -1): B, (10, -1): Q}
    cells[(0, 1)] = BP
    city = draw(cells)
    assert points(city, "barracks") == (3, 2, 6)
    with_variant = score_city(city, {"barracks"})
    doubled = {h.cell for h in with_variant.hexes if h.doubled}
    assert doubled == {(2, -1), (9, -1)}
    assert with_variant.kinds["barracks"].value == 2 + 1 + 2


def test_variant_temples_on_level_2_or_higher_doubled_only_when_on() -> None:
    around_five = {(5 + q, r): Q for q, r in ring(1)}
    cells = {(0, 0): T, **{h: Q for h in ring(1)}, (2, 0): Q, (3, 0): Q, **around_five, (5, 0): T}
    cells |= {(0, 2): Q, (0, 3): TP}
    city = draw(cells, {(0, 0): 2})
    assert points(city, "temples") == (3, 2, 6)
    assert points(city, "temples", {"temples"}) == (5, 2, 10)


def test_variant_gardens_next_to_a_lake_doubled_only_when_on() -> None:
    cells = {h: Q for h in ring(1)}  # the origin is a lake
    cells[(1, 0)] = G
    cells[(4, 0)] = G  # next to the outside only
    cells[(2, 0)] = GP
    cells[(3, 0)] = Q
    city = draw(cells)
    assert points(city, "gardens") == (2, 3, 6)
    assert points(city, "gardens", {"gardens"}) == (3, 3, 9)
    assert (
        verdict(city, (1, 0), {"gardens"}).reason == "gardens always count; doubled: next to a lake"
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_changes_only_its_own_kind(variant: str) -> None:
    cells = {h: Q for h in ring(1)}
    cells.update(
        {
            (1, 0): G,
            (2, 0): GP,
            (0, 1): M,
            (-1, 1): MP,
            (0, -1): B,
            (3, 0): BP,
            (-1, 0): T,
            (4, 0): TP,
        }
    )
    cells.update({(q, 4): H for q in range(10)} | {(0, 2): Q, (0, 3): Q})
    city = draw(cells, {(-1, 0): 2})
    plain, varied = score_city(city), score_city(city, {variant})
    for kind in VARIANTS:
        if kind != variant:
            assert plain.kinds[kind] == varied.kinds[kind]


# --- Winner -----------------------------------------------------------------------------------


def two_turn_game(deck: list[int], picks: list[int]) -> Game:
    game = Game(2, deck=deck)
    for index in picks:
        game.play(next(m for m in game.legal_moves() if m.site_index == index and m.level == 1))
    assert game.is_over
    return game


def test_winner_has_the_highest_total() -> None:
    game = two_turn_game([19, 26, 7], [0, 0])  # Q H H: 2 points + 1 stone; M Q Q: 0 + 2
    assert [s.total for s in game.scores()] == [3, 2]
    assert game.result().winners == (0,)
    assert game.result().explanation == "Player 1 has the most points"


def test_tie_broken_by_most_stones() -> None:
    game = two_turn_game([3, 26, 7], [0, 0])  # 1 house + 1 stone vs 0 + 2 stones
    result = game.result()
    assert result.totals == (2, 2) and result.winners == (1,)
    assert (
        result.explanation == "Player 1 and Player 2 tie on 2 points; Player 2 has more stones (2)"
    )


def test_still_tied_is_a_shared_victory() -> None:
    game = two_turn_game([3, 7, 12], [0, 1])  # each: 1 house + 1 stone
    result = game.result()
    assert result.totals == (2, 2) and result.winners == (0, 1)
    assert "shared victory" in result.explanation


def test_playing_the_same_move_twice_is_refused() -> None:
    game = Game(2, deck=[19, 26, 7])
    game.play(Move(19, (0, 2), 0))
    with pytest.raises(ValueError, match="not in the construction site"):
        game.play(Move(19, (0, 2), 0))


def test_a_drawn_city_must_be_connected() -> None:
    """Every real city is one connected piece; drawn cities must be too (scoring relies on it)."""
    with pytest.raises(ValueError, match=r"^the hexes do not form one connected city$"):
        draw({(0, 0): H, (2, 0): H})
