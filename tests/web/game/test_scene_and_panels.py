"""Scene display lists and panel HTML: what is drawn follows the game state."""

from __future__ import annotations

import json
import re

import pytest

from akropolis import Game, Kind, records
from akropolis.game import Result
from akropolis.picture import scene, svg
from akropolis.picture.geometry import Viewport
from akropolis.scoring import score_city
from akropolis.simulate import random_game
from game import panels
from game.newgame import NewGameForm, SetupError

VIEW = Viewport(30, 400, 300)


def test_city_layer_draws_each_visible_hex_once_with_its_colour() -> None:
    game = random_game(2, 3).replay(10)
    hexes = list(game.cities[0].hexes())
    layer = scene.city_layer(hexes, VIEW)
    json.dumps(layer)  # the painter receives JSON
    faces = [c for c in layer if c[0] == "poly" and c[2] in scene.palette.FILL.values()]
    assert len(faces) == len(hexes)


def test_raised_hexes_get_a_side_and_a_level_badge() -> None:
    hexes = [((0, 0), Kind.HOUSE, 1), ((1, 0), Kind.TEMPLE, 3)]
    layer = scene.city_layer(hexes, VIEW)
    sides = [c for c in layer if c[0] == "poly" and c[2] == scene.palette.shade(Kind.TEMPLE)]
    badges = [c for c in layer if c[0] == "text"]
    assert len(sides) == 1 and [b[3] for b in badges] == ["3"]


def test_draw_order_puts_higher_levels_last() -> None:
    order = scene.draw_order(
        [((0, 1), Kind.HOUSE, 2), ((0, 0), Kind.HOUSE, 1), ((0, 5), Kind.GARDEN, 1)]
    )
    assert [h for h, _, _ in order] == [(0, 0), (0, 5), (0, 1)]


def test_overlay_marks_anchors_and_outlines_the_ghost_by_legality() -> None:
    ghost = [((0, 2), Kind.QUARRY, 1), ((0, 1), Kind.MARKET, 1), ((1, 1), Kind.GARDEN, 1)]
    legal = scene.overlay(VIEW, anchors=[(0, 2), (3, 3)], ghost=ghost, legal=True)
    assert sum(1 for c in legal if c[0] == "dot") == 2
    assert any(c[0] == "poly" and c[3] == scene.LEGAL_INK for c in legal)
    illegal = scene.overlay(VIEW, ghost=ghost, legal=False)
    assert any(c[0] == "poly" and c[3] == scene.ILLEGAL_INK for c in illegal)
    assert not any(c[0] == "poly" and c[3] == scene.LEGAL_INK for c in illegal)


def test_glow_and_dim_mark_scoring_hexes() -> None:
    hexes = [((0, 0), Kind.HOUSE, 1), ((1, 0), Kind.MARKET, 1)]
    layer = scene.city_layer(hexes, VIEW, glow=frozenset({(0, 0)}), dim=frozenset({(1, 0)}))
    assert any(c[0] == "poly" and c[3] == scene.GLOW_INK for c in layer)
    assert any(c[0] == "poly" and c[5] == 0.35 for c in layer)


def test_site_disables_unaffordable_tiles() -> None:
    game = Game(2, seed=1)
    html = panels.site_html(game, held=None)
    assert html.count("<button") == 4
    assert html.count('class="site-tile disabled"') == 2  # 1 stone: only tiles 0 and 1
    assert 'data-site="0"' in html and "free" in html and "2 stones" in html


def test_solo_site_marks_the_tile_the_architect_takes_next_while_a_tile_is_held() -> None:
    game = Game(2, seed=7, kinds=["human", "architect:callicrates"], names=["Ann", "Callicrates"])
    assert "architect-next" not in panels.site_html(game, held=None)
    for held in game.affordable():
        html = panels.site_html(game, held=held)
        reply = game.architect_reply(held)
        assert reply is not None and html.count("architect-next") == 1
        button = html.split(f'data-site="{reply}"')[0].rsplit("<button", 1)[1]
        assert "architect-next" in button
        tile = game.site[held]
        assert f"Callicrates takes it next if you keep tile {tile}" in html
        assert html.count("Callicrates next") == 1
    ordinary = Game(2, seed=7)
    assert "architect-next" not in panels.site_html(ordinary, held=0)
    assert 'title="Tile ' in panels.site_html(ordinary, held=None)
    four = Game(4, seed=7)
    html = panels.site_html(four, held=None)  # a site of 6: keys 1 to 6, as the page listens
    assert [f'aria-keyshortcuts="{n}"' in html for n in range(1, 8)] == [True] * 6 + [False]
    assert f"Tile {four.site[5]}, costs 5 stones (key 6)" in html
    assert "costs free" not in panels.site_html(ordinary, held=None)


def test_player_names_are_escaped() -> None:
    game = Game(2, seed=1, names=["<b>Eve</b>", "Bob & Co"])
    html = panels.players_html(game, viewed=0, show_scores=True)
    assert "&lt;b&gt;Eve&lt;/b&gt;" in html and "Bob &amp; Co" in html and "<b>Eve" not in html


def test_scorepad_matches_engine_scores_and_names_the_winner() -> None:
    game = random_game(3, 12, variants=("gardens",))
    html = panels.scorepad_html(game)
    for score in game.scores():
        assert f"<b>{score.total}</b>" in html
    winner = game.names[game.result().winners[0]]
    assert f"{winner} wins!" in html or " win!" in html


def test_the_hint_line_says_who_won_once_the_game_is_over() -> None:
    game = random_game(3, 12, variants=("gardens",))
    result = game.result()
    winner = game.names[result.winners[0]]
    line = panels.game_over_line(game)
    assert line == f"Game over: {winner} wins with {result.totals[result.winners[0]]} points."
    assert f"<b>{winner} wins!</b>" in panels.scorepad_html(game)
    assert panels.status_html(game) == (
        f'Game over<span class="round"><span class="sep"> · </span>{winner} wins</span>'
    )


def test_winners_sharing_the_victory_are_all_named() -> None:
    class Tied:
        names = ("Ann", "Bob", "Cy")

        def result(self) -> Result:
            return Result((0, 2), (90, 80, 90), "equal points and stones: a shared victory")

    assert panels.winners_win(Tied()) == "Ann and Cy win"
    assert panels.game_over_line(Tied()) == "Game over: Ann and Cy win with 90 points."


def test_the_folded_cards_facts_give_the_viewed_citys_stones_and_score() -> None:
    game = Game(2, seed=5, names=["Ann", "Bob"], kinds=["human", "architect:callicrates"])
    assert panels.city_facts(game, 0, show_scores=True) == "◆ 1 stone · 1 point"
    assert panels.city_facts(game, 1, show_scores=True) == "◆ 2 stones · 2 points"
    while not game.is_over:
        game.play(game.legal_moves()[0])
    for player in (0, 1):  # the Architect's by the solo rules, as on its card
        stones, total = game.stones[player], game.score(player).total
        facts = panels.city_facts(game, player, show_scores=True)
        assert facts.startswith(f"◆ {stones} stone") and f" · {total} point" in facts
        assert panels.city_facts(game, player, show_scores=False) == facts.split(" · ")[0]
    assert game.score(1).total != score_city(game.cities[1], (), game.stones[1]).total


def test_log_lists_every_move() -> None:
    game = random_game(2, 4).replay(7)
    html = panels.log_html(game)
    assert html.count("<li>") == 7 and str(game.moves[-1]) in html


def test_new_game_form_defaults_start_a_two_player_game() -> None:
    game = NewGameForm().create()
    assert game.players == 2 and game.names == ("Player 1", "Player 2") and not game.variants


def test_new_game_form_checks_its_values() -> None:
    form = NewGameForm()
    form.read({"names": ["A", "A"], "variants": [], "all_tiles": False, "seed": ""})
    try:
        form.create()
    except SetupError as error:
        assert "different name" in str(error)
    else:
        raise AssertionError("duplicate names accepted")
    form.read(
        {"names": ["A", "B", "C", "D"], "variants": ["gardens"], "all_tiles": True, "seed": "x"}
    )
    for problem in ("All tiles is for 2 or 3 players", "The seed must be a whole number"):
        try:
            form.create()
        except SetupError as error:
            assert problem in str(error)
            form.all_tiles = False
        else:
            raise AssertionError(problem)
    form.seed = "42"
    game = form.create()
    assert game.players == 4 and game.seed == 42 and game.variants == {"gardens"}


@pytest.mark.parametrize(
    ("names", "seed", "problem"),
    [
        (["\u200b", "B"], "", "The name of player 1 must not contain control or invisible"),
        (["A", "B\x00"], "", "The name of player 2 must not contain control or invisible"),
        (["\x1b[31mA", "B"], "", "The name of player 1 must not contain control or invisible"),
        (["A\u202eB", "C"], "", "The name of player 1 must not contain control or invisible"),
        (["A" * 41, "B"], "", "The name of player 1 must have 1 to 40 characters"),
        (["A", "B"], "²", "The seed must be a whole number from 0 to 18446744073709551615"),
        (["A", "B"], "٢", "The seed must be a whole number"),
        (["A", "B"], "18446744073709551616", "The seed must be a whole number"),
        (["A", "B"], "-1", "The seed must be a whole number"),
    ],
)
def test_new_game_form_refuses_what_the_record_reader_refuses(
    names: list[str], seed: str, problem: str
) -> None:
    """The form uses the engine's checks: what it starts can be saved and read back."""
    form = NewGameForm()
    form.read({"names": names, "variants": [], "all_tiles": False, "seed": seed})
    with pytest.raises(SetupError, match=re.escape(problem)):
        form.create()


@pytest.mark.parametrize("other", ["Ann", "ann", "Ann \u200d", "\uff21\uff4e\uff4e", " ANN "])
def test_the_form_refuses_two_players_whose_names_look_the_same(other: str) -> None:
    """The engine's rule (case, width, invisible characters and spaces set aside), in the form's
    own sentence naming both seats; it refused only names equal once trimmed."""
    form = NewGameForm()
    form.read({"names": ["Bob", "Ann", other], "variants": [], "seed": ""})
    with pytest.raises(SetupError) as caught:
        form.create()
    assert str(caught.value) == (
        "Players 2 and 3 have the same name (\u201cAnn\u201d): give each player a different name."
    )


@pytest.mark.parametrize("blank", ["\u3164", "\u115f\u1160", "\uffa0", "\u2800\u2800"])
def test_the_form_refuses_a_name_of_hangul_fillers_or_blank_braille_as_blank(blank: str) -> None:
    form = NewGameForm()
    form.read({"names": ["Ann", blank], "variants": [], "seed": ""})
    with pytest.raises(SetupError) as caught:
        form.create()
    assert str(caught.value) == "The name of player 2 needs at least one visible character."


def test_a_game_the_form_starts_reads_back_from_its_record() -> None:
    form = NewGameForm()
    largest = "18446744073709551615"
    form.read({"names": ["Zoë 👩‍👩‍👧", "  Bob  "], "variants": ["houses"], "seed": largest})
    game = form.create()
    assert game.names == ("Zoë 👩‍👩‍👧", "Bob")
    again = records.load(records.dump(game))
    assert records.game_to_record(again) == records.game_to_record(game)


def test_new_game_form_has_four_seats_and_shows_as_many_as_players() -> None:
    """The page shows or hides seats (before Python has loaded too): all four are there."""
    html = NewGameForm().seats_html()
    assert html.count("<label") == 4 and html.count("<label hidden>") == 2
    # the names are placeholders: what a person types is the name
    assert 'value="" placeholder="Player 4"' in html and html.count("Chief Architect") == 1
    assert re.search(
        r'<span class="seat"><span>Seat 1</span> <span class="chief" title="Chief Architect', html
    )


def test_city_thumbnail_fits_a_whole_late_city() -> None:
    """Every point of a 60-move city's thumbnail lies inside its 150 × 110 picture."""
    game = random_game(2, 6)
    picture = svg.hexes(list(game.cities[0].hexes()), 150, 110, "city")
    numbers = [
        float(n)
        for pair in re.findall(r'points="([^"]+)"', picture)
        for n in re.split(r"[ ,]", pair)
    ]
    xs, ys = numbers[0::2], numbers[1::2]
    assert min(xs) >= 0 and max(xs) <= 150 and min(ys) >= 0 and max(ys) <= 110


def test_markup_escape_matches_the_standard_library() -> None:
    import html

    from akropolis.picture.markup import escape

    for text in ["a & b", "<script>'x'</script>", 'say "hi"', "plain", "Zoë|%;="]:
        assert escape(text) == html.escape(text)


def test_metagenes_card_shows_its_quarries_column() -> None:
    """Every column the Illustrious Architect scores is on its card: Metagenes' quarries."""
    game = Game(2, seed=4, kinds=["human", "architect:metagenes"])
    html = panels.players_html(game, 0, True)
    quarries = game.scores()[1].quarries
    assert quarries is not None and quarries.points == 6  # its starting tile's three quarries
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", html.split("</tr>")[0])
    assert heads == ["H", "M", "B", "T", "G", "Q", "◆", "Σ"]
    second = html.split('data-player="1"')[1]
    cells = re.findall(r"<td>(?:<b>)?([^<]*)", second.split("</table>")[0])
    assert cells[5] == "6" and int(cells[-1]) == game.scores()[1].total
    assert "—" in html.split('data-player="1"')[0]  # the person scores no quarries
    plain = panels.players_html(Game(2, seed=4), 0, True)
    assert '"Quarries"' not in plain  # no column where nobody scores quarries


def test_an_empty_name_is_the_seats_default_by_its_kind() -> None:
    form = NewGameForm()
    form.read({"names": ["", ""], "kinds": ["human", "ai:hard"]})
    assert form.create().names == ("Player 1", "Computer")
    form.read({"names": ["Kai", "", ""], "kinds": ["ai:easy", "human", "ai:hard"]})
    assert form.create().names == ("Kai", "Player 2", "Computer 3")
    form.read({"names": [" "], "solo": "metagenes"})
    assert form.create().names == ("Player 1", "Metagenes")
