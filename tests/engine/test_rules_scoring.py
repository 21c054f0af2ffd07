"""docs/rules.md, "Scoring" and "Variants": one test per rule, mostly on hand-drawn cities.

Drawn cities use the codes of ``helpers.draw``: ``H`` a level-1 house, ``T2`` a level-2 temple,
``M*`` a market plaza, ``Q`` a quarry.  Each variant is checked both off and on.
"""

from __future__ import annotations

import pytest

from akropolis import Game, Placement, score_city
from akropolis.checks import VARIANTS
from tests.engine.helpers import built, draw, first_move, points, ring, verdict


def two_player_game(deck: list[int], site_indexes: list[int]) -> Game:
    """A 2-player game on a short deck, each turn taking a tile by site index onto level 1."""
    game = Game(2, deck=deck)
    for index in site_indexes:
        game.play(first_move(game, site_index=index))
    assert game.is_over
    return game


# --- Scoring ----------------------------------------------------------------------------------


def test_only_top_hex_scores() -> None:
    """Covered hexes are gone: a house covered by a quarry no longer counts."""
    city = built((19, (0, 1), 3))  # Q (0,1), H (0,2), H (-1,2)
    assert points(city, "houses") == (2, 1, 2)
    city.place(Placement(26, (0, 1), 4))  # M (0,1) level 2, Q on (-1,2), Q on (-1,1)
    assert points(city, "houses") == (1, 1, 1)
    assert points(city, "markets") == (2, 0, 0)


def test_points_are_value_times_stars() -> None:
    """Two counting level-1 markets (value 2) × two market plazas (4 stars) = 8."""
    city = draw({(0, 0): "M", (1, 0): "Q", (2, 0): "M", (1, 1): "M*", (2, 1): "M*"})
    assert points(city, "markets") == (2, 4, 8)


def test_stars_are_cumulative() -> None:
    """Two garden plazas give 3 + 3 stars; the house plaza adds nothing to gardens."""
    city = draw({(0, 0): "G", (1, 0): "G*", (2, 0): "Q", (3, 0): "G*", (4, 0): "H*"})
    assert points(city, "gardens") == (1, 6, 6)
    assert points(city, "houses") == (0, 1, 0)


def test_no_plaza_means_zero_for_that_kind() -> None:
    """A surrounded temple meets its condition but scores 0 without a temple plaza."""
    city = draw({(0, 0): "T", **ring(1), (2, 0): "Q", (3, 0): "B"})
    assert points(city, "temples") == (1, 0, 0)
    assert points(city, "barracks") == (1, 0, 0)
    assert verdict(city, (0, 0)).points == 0
    assert verdict(city, (0, 0)).reason == (
        "surrounded on all six sides; but no temple plaza in the city"
    )


def test_district_value_is_its_level() -> None:
    """Gardens on levels 3 and 2 are worth 5; with 3 stars, 15."""
    city = draw({(0, 0): "G3", (1, 0): "G2", (2, 0): "G*"})
    assert points(city, "gardens") == (5, 3, 15)
    assert [verdict(city, cell).value for cell in ((0, 0), (1, 0))] == [3, 2]


def test_plazas_score_nothing_whatever_level() -> None:
    """A plaza on level 4 gives the same 1 star and no points of its own."""
    low = score_city(draw({(0, 0): "H*", (1, 0): "H"}))
    high = score_city(draw({(0, 0): "H*4", (1, 0): "H"}))
    assert low.total == high.total == 1
    assert low.kinds == high.kinds
    assert [h.cell for h in high.hexes] == [(1, 0)]  # only districts are scored


def test_one_point_per_stone() -> None:
    city = draw({(0, 0): "H*", (1, 0): "H"})
    assert score_city(city, stones=7).stones == 7
    assert score_city(city, stones=7).total == 1 + 7


def test_total_is_every_kind_plus_stones() -> None:
    """houses 2 × 1 + markets 1 × 2 + gardens 1 × 3 + 4 stones = 11."""
    codes = ["H*", "H", "H", "M", "M*", "G*", "G"]
    city = draw({(q, 0): code for q, code in enumerate(codes)})
    assert score_city(city, stones=4).total == 2 + 2 + 3 + 4


# --- Houses -----------------------------------------------------------------------------------


def test_houses_only_largest_group_counts() -> None:
    """Three level-1 houses beat two level-3 houses: largest means most hexes."""
    small_high = {(4, 0): "H3", (4, 1): "H3", (5, 0): "H*"}
    city = draw({(0, 0): "H", (1, 0): "H", (2, 0): "H", (3, 0): "Q", **small_high})
    assert points(city, "houses") == (3, 1, 3)
    assert verdict(city, (4, 0)).reason == "not in the largest group of houses"


@pytest.mark.parametrize(("left", "right", "value"), [("H", "H3", 4), ("H3", "H", 4)])
def test_houses_equal_groups_take_the_higher_value(left, right, value) -> None:
    """Two groups of two houses: the one worth more counts, whichever is met first."""
    city = draw({(0, 0): "H", (1, 0): left, (2, 0): "Q", (3, 0): "H", (3, 1): right, (4, 0): "H*"})
    assert points(city, "houses") == (value, 1, value)


def test_houses_adjacency_ignores_levels() -> None:
    """Houses on levels 1, 3 and 1 side by side are one group worth 5."""
    city = draw({(0, 0): "H", (1, 0): "H3", (2, 0): "H", (3, 0): "H*"})
    assert points(city, "houses") == (5, 1, 5)


def test_rulebook_worked_example_scores_27() -> None:
    """Largest group: 5 houses on level 1 and 2 on level 2 = 9; 3 house stars: 27."""
    group = {(0, 0): "H", (1, 0): "H", (2, 0): "H", (3, 0): "H", (4, 0): "H"}
    group |= {(0, 1): "H2", (1, 1): "H2"}
    other = {(0, 2): "Q", (0, 3): "Q", (0, 4): "H", (1, 4): "H"}
    plazas = {(5, 0): "Q", (6, 0): "H*", (6, 1): "H*", (6, 2): "H*"}
    assert points(draw(group | other | plazas), "houses") == (9, 3, 27)


# --- Markets, barracks, temples, gardens ------------------------------------------------------


def test_markets_count_only_when_no_neighbour_is_a_market() -> None:
    """Two touching markets both fail; a market beside a market plaza still counts."""
    city = draw({(0, 0): "M", (1, 0): "M", (2, 0): "Q", (3, 0): "M", (4, 0): "M*"})
    assert points(city, "markets") == (1, 2, 2)
    assert verdict(city, (0, 0)).reason == verdict(city, (1, 0)).reason == "next to another market"
    assert verdict(city, (3, 0)).reason == "no market next to it"


def test_barracks_count_on_the_outer_edge() -> None:
    """A barracks with an empty outside neighbour counts; one hemmed in on all sides does not."""
    city = draw({(0, 0): "B", **ring(1), (1, 0): "B", (-1, 0): "B*"})
    assert verdict(city, (1, 0)).counts
    assert verdict(city, (0, 0)).reason == "not on the edge of the city"
    assert points(city, "barracks") == (1, 2, 2)


def test_barracks_next_only_to_a_lake_is_not_on_the_edge() -> None:
    """Our reading: an enclosed hole (a lake) is not the edge of the city."""
    city = draw({**ring(1), **ring(2), (1, -1): "B", (2, 0): "B", (0, 2): "B*"})  # lake at (0,0)
    assert verdict(city, (1, -1)).reason == "not on the edge of the city"
    assert verdict(city, (2, 0)).reason == "on the edge of the city"
    assert points(city, "barracks") == (1, 2, 2)


def test_temples_surrounded_at_any_level() -> None:
    """A temple counts when all six neighbours are built, whatever their levels."""
    cells = {**ring(1), (1, 0): "Q3", (-1, 0): "H2", (0, 0): "T2", (2, 0): "Q", (3, 0): "T"}
    city = draw({**cells, (0, 2): "Q", (0, 3): "T*"})
    assert verdict(city, (0, 0)).counts
    assert verdict(city, (3, 0)).reason == "not surrounded on all six sides"
    assert points(city, "temples") == (2, 2, 4)


def test_gardens_always_count() -> None:
    """Gardens count wherever they are: hemmed in, on the edge, on level 2."""
    city = draw({(0, 0): "G", **ring(1), (1, 0): "G*", (2, 0): "G2", (-2, 0): "G"})
    assert points(city, "gardens") == (1 + 2 + 1, 3, 12)


# --- Winner -----------------------------------------------------------------------------------


def test_winner_has_the_highest_total() -> None:
    """Tile 19 (Q H H): 2 + 1 stone = 3 beats tile 26 (M Q Q): 0 + 2 stones."""
    result = two_player_game([19, 26, 7], [0, 0]).result()
    assert result.totals == (3, 2) and result.winners == (0,)
    assert result.explanation == "Player 1 has the most points"


def test_tie_broken_by_most_stones() -> None:
    """Tile 3 (Q H B): 1 + 1 stone ties tile 26: 0 + 2 stones; more stones wins."""
    result = two_player_game([3, 26, 7], [0, 0]).result()
    assert result.totals == (2, 2) and result.winners == (1,)
    assert result.explanation == (
        "Player 1 and Player 2 tie on 2 points; Player 2 has more stones (2)"
    )


def test_still_tied_is_a_shared_victory() -> None:
    """Both on 2 points and 1 stone: both win."""
    result = two_player_game([3, 7, 12], [0, 1]).result()
    assert result.totals == (2, 2) and result.winners == (0, 1)
    assert result.explanation.startswith("Player 1 and Player 2 tie on 2 points and 1 stone")
    assert result.explanation.endswith(": a shared victory")


# --- Variants ---------------------------------------------------------------------------------


def test_variant_houses_group_of_value_10_or_more_is_doubled_only_when_on() -> None:
    """10 houses: 10 off, 20 on; 9 houses stay 9; 5 houses on level 2 are worth 10 too."""
    ten = draw({**{(q, 0): "H" for q in range(10)}, (0, 1): "H*"})
    nine = draw({**{(q, 0): "H" for q in range(9)}, (0, 1): "H*"})
    five_high = draw({**{(q, 0): "H2" for q in range(5)}, (0, 1): "H*"})
    assert points(ten, "houses") == (10, 1, 10)
    assert points(ten, "houses", ("houses",)) == (20, 1, 20)
    assert points(nine, "houses", ("houses",)) == (9, 1, 9)
    assert points(five_high, "houses", ("houses",)) == (20, 1, 20)


def test_variant_houses_a_group_that_does_not_count_is_not_doubled() -> None:
    """Largest group: 4 houses worth 4; the 3 houses on level 4 (worth 12) do not count."""
    big = {(q, 0): "H" for q in range(4)}
    high = {(5, 0): "H4", (6, 0): "H4", (7, 0): "H4"}
    city = draw({**big, (4, 0): "Q", **high, (0, 1): "H*"})
    assert points(city, "houses", ("houses",)) == (4, 1, 4)
    assert not verdict(city, (6, 0), ("houses",)).doubled


def test_variant_markets_next_to_a_market_plaza_doubled_only_when_on() -> None:
    """Counting markets: one beside a plaza (doubled when on), one not; touching ones: 0."""
    city = draw(
        {(0, 0): "M", (1, 0): "M*", (2, 0): "Q", (3, 0): "M", (4, 0): "Q"}
        | {(5, 0): "M", (6, 0): "M*", (6, -1): "M"}
    )
    assert points(city, "markets") == (2, 4, 8)
    assert points(city, "markets", ("markets",)) == (3, 4, 12)
    assert verdict(city, (0, 0), ("markets",)).reason == (
        "no market next to it; doubled: next to a market plaza"
    )
    assert not verdict(city, (0, 0)).doubled
    assert not verdict(city, (3, 0), ("markets",)).doubled
    assert verdict(city, (5, 0), ("markets",)).value == 0  # beside a plaza, but not isolated


def test_variant_barracks_3_or_4_empty_outside_neighbours_doubled_only_when_on() -> None:
    """On a row of quarries: barracks with 4, 2 and 3 empty neighbours; 4 and 3 are doubled."""
    row = {(q, 0): "Q" for q in range(11)}
    barracks = {(2, -1): "B", (5, -1): "Q", (6, -1): "B", (7, -1): "Q", (9, -1): "B"}
    city = draw({**row, **barracks, (10, -1): "Q", (0, 1): "B*"})
    assert points(city, "barracks") == (3, 2, 6)
    on = score_city(city, ("barracks",))
    assert {h.cell for h in on.hexes if h.doubled} == {(2, -1), (9, -1)}
    assert on.kinds["barracks"].value == 2 + 1 + 2


def test_variant_barracks_lake_cells_are_not_outside_cells() -> None:
    """2 outside neighbours and 1 lake cell: three empty cells, but not doubled."""
    city = draw({**ring(1), (1, 0): "B", (2, 0): "Q", (-2, 1): "B*"})  # lake at (0,0)
    assert verdict(city, (1, 0), ("barracks",)).counts
    assert not verdict(city, (1, 0), ("barracks",)).doubled
    assert points(city, "barracks", ("barracks",)) == (1, 2, 2)


def test_variant_barracks_not_on_the_edge_is_not_doubled() -> None:
    """A barracks beside the lake only still scores nothing with the variant on."""
    city = draw({**ring(1), **ring(2), (1, -1): "B", (0, 2): "B*"})
    assert points(city, "barracks", ("barracks",)) == (0, 2, 0)


def test_variant_temples_on_level_2_or_higher_doubled_only_when_on() -> None:
    """Surrounded temples on levels 2 and 1 (worth 3); on: 4 + 1; an open level-3 temple: 0."""
    cells = {**ring(1), (0, 0): "T2", **ring(1, centre=(3, 0)), (3, 0): "T", (5, -1): "T3"}
    city = draw({**cells, (0, 2): "T*"})
    assert points(city, "temples") == (3, 2, 6)
    assert points(city, "temples", ("temples",)) == (5, 2, 10)
    assert verdict(city, (0, 0), ("temples",)).reason == (
        "surrounded on all six sides; doubled: on level 2 or higher"
    )
    assert verdict(city, (5, -1), ("temples",)).value == 0


def test_variant_gardens_next_to_a_lake_doubled_only_when_on() -> None:
    """A garden on the lake shore is doubled when on; one away from it is not."""
    city = draw({**ring(1), (1, 0): "G", (2, 0): "G*", (3, 0): "Q", (4, 0): "G"})
    assert points(city, "gardens") == (2, 3, 6)
    assert points(city, "gardens", ("gardens",)) == (3, 3, 9)
    assert verdict(city, (1, 0), ("gardens",)).reason == (
        "gardens always count; doubled: next to a lake"
    )
    assert not verdict(city, (4, 0), ("gardens",)).doubled


def test_variant_gardens_a_lake_can_be_several_cells() -> None:
    """A two-cell hole at (0,0) and (1,0) is one lake; a garden beside (1,0) is doubled."""
    hole = {(0, 0), (1, 0)}
    shore = {(q + dq, r + dr) for q, r in hole for dq, dr in ring(1)} - hole
    city = draw({**{cell: "Q" for cell in shore}, (2, 0): "G", (3, 0): "G*"})
    assert points(city, "gardens") == (1, 3, 3)
    assert points(city, "gardens", ("gardens",)) == (2, 3, 6)


def test_variant_still_needs_a_plaza() -> None:
    """A doubled district is still worth nothing without a plaza of its kind."""
    city = draw({**ring(1), (1, 0): "G", (2, 0): "H*"})
    assert points(city, "gardens", ("gardens",)) == (2, 0, 0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_changes_only_its_own_kind(variant: str) -> None:
    """With one variant on, every other kind's line is as without variants."""
    cells = {**ring(1), (1, 0): "G", (2, 0): "G*", (0, 1): "M", (-1, 1): "M*", (0, -1): "B"}
    cells |= {(3, 0): "B*", **ring(1, centre=(5, 0)), (5, 0): "T2", (7, 0): "T*"}
    cells |= {(0, 2): "Q", (0, 3): "Q", **{(q, 4): "H" for q in range(10)}}
    plain, varied = score_city(draw(cells)), score_city(draw(cells), (variant,))
    assert plain.kinds[variant] != varied.kinds[variant]
    for kind in VARIANTS:
        if kind != variant:
            assert plain.kinds[kind] == varied.kinds[kind]
