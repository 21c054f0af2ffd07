"""docs/rules.md, "The Architect's score" and "Who wins the solo game": one test per clause.

Drawn cities use the codes of ``helpers.draw`` (``H`` a house, ``M*`` a market plaza, ``Q`` a
quarry, ``H3`` a house on level 3).
"""

from __future__ import annotations

from akropolis import (
    City,
    score_city,
)
from akropolis.architect import (
    score_architect,
    solo_result,
)
from akropolis.checks import ARCHITECT_KINDS, VARIANTS
from akropolis.rng import SplitMix64
from tests.engine.helpers import draw, ring
from tests.engine.test_architect import (
    CALLICRATES,
    HIPPODAMOS,
    METAGENES,
    line,
    row,
    scored,
    solo,
)

# --- Its score ---------------------------------------------------------------------------------


def test_every_district_counts_for_the_architect() -> None:
    """Houses outside the largest group, markets side by side, a barracks off the edge, a
    temple not surrounded: all count for the Architect, none of them for a human."""
    city = row("H*", "H", "Q", "H", "M", "M", "M*", "T", "T*", "G", "G*")
    human = score_city(city)
    assert [human.kinds[k].points for k in VARIANTS] == [1, 0, 0, 0, 3]
    score = scored(city, HIPPODAMOS)
    assert [(score.kinds[k].value, score.kinds[k].points) for k in VARIANTS] == [
        (2, 2),
        (2, 4),
        (0, 0),
        (1, 2),
        (1, 3),
    ]
    assert all(h.counts for h in score.hexes) and len(score.hexes) == 6
    assert {h.reason for h in score.hexes} == {
        "counts: the Illustrious Architect scores every district"
    }
    hidden = draw({(0, 0): "B", **ring(1), (2, 0): "B*"})  # not on the edge
    assert score_city(hidden).kinds["barracks"].points == 0
    assert line(hidden, HIPPODAMOS, "barracks") == (1, 2, 2)


def test_a_district_is_worth_v_whatever_its_level() -> None:
    """ "number of visible districts of that kind × V": the level does not count."""
    city = row("H*", "H3", "H2", "H")
    assert line(city, HIPPODAMOS, "houses") == (3, 1, 3)
    assert line(city, CALLICRATES, "houses") == (6, 1, 6)
    assert [h.value for h in scored(city, CALLICRATES).hexes] == [2, 2, 2]


def test_no_plaza_means_zero_for_the_architect_too() -> None:
    city = row("H*", "T", "T")
    assert line(city, CALLICRATES, "temples") == (4, 0, 0)
    assert scored(city, HIPPODAMOS).hexes[0].reason == (
        "counts: the Illustrious Architect scores every district; but no temple plaza in the city"
    )


def test_one_point_per_stone() -> None:
    assert scored(City(), HIPPODAMOS, stones=4).total == 4
    assert scored(City(), HIPPODAMOS, stones=4).stones == 4


def test_metagenes_scores_2_per_visible_quarry() -> None:
    """Its starting tile's three quarries are worth 6; a covered quarry is gone."""
    start = scored(City(), METAGENES, stones=1)
    assert start.quarries is not None and start.quarries.to_json() == {
        "value": 3,
        "stars": 2,
        "points": 6,
    }
    assert start.total == 6 + 1
    assert start.to_json()["quarries"] == {"value": 3, "stars": 2, "points": 6}
    city = row("H*", "Q2", "Q", "H")
    assert scored(city, METAGENES).quarries.points == 4
    assert scored(city, METAGENES).total == 4 + 1  # and a house
    for other in (HIPPODAMOS, CALLICRATES):
        assert scored(City(), other).quarries is None
        assert "quarries" not in scored(City(), other).to_json()


def test_callicrates_values_double() -> None:
    """V = 2 at Callicrates, 1 at Hippodamos and Metagenes."""
    city = row("H*", "H", "Q", "H", "M", "M", "M*", "T", "T*", "G", "G*")
    easy, medium, hard = (scored(city, kind) for kind in ARCHITECT_KINDS)
    for kind in VARIANTS:
        assert hard.kinds[kind].value == 2 * easy.kinds[kind].value == 2 * medium.kinds[kind].value
    assert hard.total == 2 * easy.total == 2 * (medium.total - medium.quarries.points)
    assert hard.hexes[0].reason == (
        "counts: the Illustrious Architect scores every district, 2 each at Callicrates"
    )


def test_variant_barracks_and_gardens_doubled() -> None:
    city = row("B", "B*", "B", "G", "G*")
    assert line(city, HIPPODAMOS, "barracks") == (2, 2, 4)
    assert line(city, HIPPODAMOS, "barracks", ("barracks",)) == (4, 2, 8)
    assert line(city, CALLICRATES, "barracks", ("barracks",)) == (8, 2, 16)
    assert line(city, HIPPODAMOS, "gardens", ("gardens",)) == (2, 3, 6)
    assert line(city, HIPPODAMOS, "gardens", ("barracks",)) == (1, 3, 3)
    verdicts = scored(city, HIPPODAMOS, ("barracks", "gardens")).hexes
    assert all(h.doubled for h in verdicts)
    assert verdicts[0].reason == (
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious "
        "Architect's barracks always are"
    )


def test_variant_houses_doubled_from_10() -> None:
    """Its house value (after V) of 10 or more is doubled: 10 houses, or 5 at Callicrates."""
    nine, ten = row("H*", *["H"] * 9), row("H*", *["H"] * 10)
    assert line(nine, HIPPODAMOS, "houses", ("houses",)) == (9, 1, 9)
    assert line(ten, HIPPODAMOS, "houses", ("houses",)) == (20, 1, 20)
    assert line(ten, HIPPODAMOS, "houses") == (10, 1, 10)
    assert line(row("H*", *["H"] * 4), CALLICRATES, "houses", ("houses",)) == (8, 1, 8)
    assert line(row("H*", *["H"] * 5), CALLICRATES, "houses", ("houses",)) == (20, 1, 20)
    split = row("H*", *["H"] * 5, "Q", *["H"] * 5)  # two groups: every house counts
    assert line(split, HIPPODAMOS, "houses", ("houses",)) == (20, 1, 20)


def test_variant_temples_doubled_at_callicrates_only() -> None:
    city = row("T", "T*", "T")
    assert line(city, HIPPODAMOS, "temples", ("temples",)) == (2, 2, 4)
    assert line(city, METAGENES, "temples", ("temples",)) == (2, 2, 4)
    assert line(city, CALLICRATES, "temples", ("temples",)) == (8, 2, 16)
    assert line(city, CALLICRATES, "temples") == (4, 2, 8)


def test_variant_markets_doubled_at_most_3_per_market_plaza() -> None:
    """value = V × (M + min(M, 3P)): 5 markets and 1 market plaza make 8, 2 plazas make 10."""
    one = row("M*", "M", "Q", "M", "Q", "M", "Q", "M", "Q", "M")
    two = row("M*", "M", "Q", "M", "Q", "M", "Q", "M", "Q", "M", "M*")
    none = row("H*", "M", "Q", "M")
    assert line(one, HIPPODAMOS, "markets", ("markets",)) == (8, 2, 16)
    assert line(two, HIPPODAMOS, "markets", ("markets",)) == (10, 4, 40)
    assert line(one, CALLICRATES, "markets", ("markets",)) == (16, 2, 32)
    assert line(none, HIPPODAMOS, "markets", ("markets",)) == (2, 0, 0)
    assert line(one, HIPPODAMOS, "markets") == (5, 2, 10)
    verdicts = scored(one, HIPPODAMOS, ("markets",)).hexes
    doubled = sorted(h.cell for h in verdicts if h.doubled)
    assert doubled == [(1, 0), (3, 0), (5, 0)]  # those nearest the plaza
    assert [h.value for h in verdicts] == [2, 2, 2, 1, 1]
    assert verdicts[-1].reason == (
        "counts: the Illustrious Architect scores every district; not doubled: at most 3 per "
        "market plaza"
    )


def test_game_scores_the_architects_seat_by_its_rules() -> None:
    for kind in ARCHITECT_KINDS:
        game = solo(seed=9, kind=kind, variants=VARIANTS)
        rng = SplitMix64(9)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        human, architect = game.scores()
        assert human == score_city(game.cities[0], VARIANTS, game.stones[0])
        assert architect == score_architect(game.cities[1], VARIANTS, game.stones[1], kind)
        assert game.score(1) == architect


# --- The result --------------------------------------------------------------------------------


def test_the_architect_wins_ties_unless_the_human_has_strictly_more_stones() -> None:
    names = ("Ada", "Hippodamos")
    assert solo_result(names, (40, 39), (0, 5)).winners == (0,)
    assert solo_result(names, (39, 40), (5, 0)).winners == (1,)
    assert solo_result(names, (40, 40), (3, 2)) == (
        (0,),
        (40, 40),
        "Ada and Hippodamos tie on 40 points; Ada has more stones (3)",
        (0, 1),
        (3, 2),
    )
    for stones in ((2, 2), (1, 2)):
        result = solo_result(names, (40, 40), stones)
        assert result.winners == (1,)
        assert result.explanation == (
            "Ada and Hippodamos tie on 40 points; the Illustrious Architect wins ties unless you "
            f"have strictly more stones ({stones[0]} against {stones[1]})"
        )


def test_a_solo_game_ends_with_the_solo_result() -> None:
    game = solo(seed=2, kind=METAGENES)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    totals = tuple(s.total for s in game.scores())
    assert game.result() == solo_result(game.names, totals, game.stones)
