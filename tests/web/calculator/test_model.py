"""The score calculator's model, panels and saves: every rule is the engine's, every score is
``score_city``, the winner is ``final_result``, and bad input changes nothing."""

from __future__ import annotations

import pytest

from akropolis import (
    TILES,
    City,
    Game,
    IllegalMoveError,
    Kind,
    final_result,
    notation,
    score_city,
)
from akropolis.records import RecordError
from akropolis.simulate import random_game
from calculator import panels
from calculator.city import (
    BRUSH_LEVELS,
    Builder,
    Painter,
    catalogue,
    starting_hexes,
    tile_shows,
)
from calculator.model import (
    HEXES_MODE,
    MAX_PLAYERS,
    TILES_MODE,
    Calculator,
    Player,
)

ALL_VARIANTS = frozenset({"houses", "markets", "barracks", "temples", "gardens"})


def finished(players: int = 2, seed: int = 3) -> Game:
    return random_game(players, seed, variants=("gardens", "markets"))


def rebuilt(city: City) -> Builder:
    """A builder that placed ``city``'s tiles one by one, as a person does."""
    builder = Builder()
    for move in city.placements:
        taken, _ = builder.pick(move.tile)
        assert taken
        builder.rotation = move.rotation
        placed, text = builder.place(move.anchor)
        assert placed, text
    return builder


def painted(city: City) -> Painter:
    """A painter that painted ``city``'s visible hexes one by one, outwards from the plaza."""
    painter = Painter()
    target = {cell: (kind, level) for cell, kind, level in city.hexes()}
    order, seen = [], {(0, 0)}
    todo = [(0, 0)]
    while todo:
        cell = todo.pop(0)
        order.append(cell)
        for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
            n = (cell[0] + dq, cell[1] + dr)
            if n in target and n not in seen:
                seen.add(n)
                todo.append(n)
    for cell in order:
        kind, level = target[cell]
        painter.choose(kind=kind, level=min(level, BRUSH_LEVELS))
        painter.level = level  # the brush stops at 9; a saved city may go higher
        if painter.hexes.get(cell) != (kind, level):
            done, text = painter.paint(cell)
            assert done, text
    return painter


# --- Tile by tile ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_a_city_rebuilt_tile_by_tile_is_the_engines_city(seed: int) -> None:
    game = finished(3, seed)
    for player in range(3):
        builder = rebuilt(game.cities[player])
        assert builder.placements == tuple(game.cities[player].placements)
        assert sorted(builder.city.hexes()) == sorted(game.cities[player].hexes())


def test_each_placement_is_checked_by_the_engine_and_a_refusal_changes_nothing() -> None:
    builder = Builder()
    builder.pick(25)
    placed, text = builder.place((0, 0))
    assert (placed, text) == (False, "Not here: the tile would overhang an empty space.")
    placed, text = builder.place((9, 9))
    assert text == "Not here: the tile is not adjacent to the city."
    assert builder.placements == () and builder.held == 25
    for anchor in [(0, 2), (2, -1), (5, 5), (0, 0), (1, 0)]:
        for rotation in range(6):
            builder.rotation = rotation
            ghost = builder.ghost(anchor)
            try:
                _, level, stones = City().check(25, anchor, rotation)
            except IllegalMoveError as error:
                assert not ghost.legal and ghost.reason == str(error)
            else:
                assert ghost.legal and (ghost.level, ghost.stones_gained) == (level, stones)


def test_the_ghost_shows_level_and_the_stones_the_quarries_give() -> None:
    builder = Builder()
    builder.pick(24)
    assert builder.place((0, 2)) == (True, "Placed tile 24 on level 1.")
    builder.pick(7)
    builder.rotate(3)
    ghost = builder.ghost((1, 0))
    assert ghost.legal and ghost.level == 2 and ghost.stones_gained == 3
    assert ghost.describe("tap").startswith("Level 2, +3 stones. Tap")
    assert builder.place((1, 0)) == (
        True,
        "Placed tile 7 on level 2 (+3 stones from the quarries it covers).",
    )


def test_legal_anchors_are_exactly_where_the_engine_accepts_the_tile() -> None:
    """Every cell near the city, every rotation: marked legal ⇔ ``City.check`` accepts it."""
    builder = rebuilt(finished().cities[0])
    free = next(t for t in sorted(TILES) if t not in builder.used)
    builder.pick(free)
    cells = [h for h, _, _ in builder.city.hexes()]
    qs, rs = [q for q, _ in cells], [r for _, r in cells]
    near = [
        (q, r) for q in range(min(qs) - 2, max(qs) + 3) for r in range(min(rs) - 2, max(rs) + 3)
    ]
    for rotation in range(6):
        builder.rotation = rotation
        accepted = []
        for anchor in near:
            try:
                builder.city.check(free, anchor, rotation)
            except IllegalMoveError:
                continue
            accepted.append(anchor)
        assert sorted(builder.legal_anchors()) == sorted(accepted) and accepted


def test_a_tile_is_used_once_per_city_and_undo_frees_it() -> None:
    builder = Builder()
    builder.pick(24)
    builder.place((0, 2))
    assert builder.used == {24}
    taken, text = builder.pick(24)
    assert not taken and text == "Tile 24 is already in this city: the box holds one of each."
    assert builder.held is None
    assert builder.undo() == "Took back tile 24."
    assert builder.undo() == "No tile to take back."
    assert builder.pick(24)[0]
    assert builder.pick(62) == (False, "There is no tile 62.")


def test_picking_a_tile_speaks_the_players_gesture() -> None:
    builder = Builder()
    taken, tapped = builder.pick(24, "tap")
    assert taken and tapped.endswith(
        "in hand: tap a ringed spot to see what it gives, then “Place here”; ⟲ ⟳ turn it; "
        "✕ puts it back."
    )
    builder.drop()
    assert builder.pick(24)[1].endswith(
        "click to place it; R, the wheel or ⟳ turns it; ✕ or Esc puts it back."
    )


def test_the_catalogue_filters_by_the_kinds_a_tile_shows() -> None:
    assert catalogue() == sorted(TILES)
    temples = catalogue(["temple"])
    assert temples and all(any(k.district == Kind.TEMPLE for k in TILES[t].hexes) for t in temples)
    market_plazas = catalogue(["market", "plaza"])
    assert 2 in market_plazas and 22 in market_plazas  # M* B Q, M* Q Q
    assert all(tile_shows(t, "plaza") and tile_shows(t, "market") for t in market_plazas)
    assert catalogue(["garden", "temple", "barracks"]) == []
    assert catalogue(["castle"]) == sorted(TILES)


# --- Hex by hex --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 4])
def test_a_city_painted_hex_by_hex_scores_as_the_engine_scores_it(seed: int) -> None:
    game = finished(2, seed)
    city = game.cities[1]
    painter = painted(city)
    assert sorted(painter.city().hexes()) == sorted(city.hexes())
    for variants in (frozenset(), ALL_VARIANTS):
        mine, engine = score_city(painter.city(), variants, 2), score_city(city, variants, 2)
        assert (mine.kinds, mine.total) == (engine.kinds, engine.total)


def test_painting_keeps_one_connected_city_and_says_why_not() -> None:
    painter = Painter()
    assert painter.pristine and painter.hexes == starting_hexes()
    assert painter.paint((3, 3)) == (
        False,
        "Not here: a hex must touch the city (a city is one piece: paint next to it).",
    )
    painter.choose(kind=Kind.MARKET, level=2)
    assert painter.paint((0, 1)) == (True, "Painted a market on level 2 at 0,1.")
    assert painter.paint((0, 1)) == (False, "Not here: this hex is already painted like that.")
    painter.choose(kind=Kind.GARDEN)
    assert painter.paint((0, 2))[0]
    painter.choose()  # the eraser
    assert painter.erasing
    assert painter.paint((0, 1)) == (
        False,
        "Not here: erasing it would cut the city in two (erase from the edge).",
    )
    assert painter.paint((7, 7)) == (False, "Not here: there is no hex here to erase.")
    assert painter.paint((0, 2)) == (True, "Erased the hex at 0,2.")
    assert not painter.pristine
    City.from_hexes(painter.visible())  # the engine accepts it: connected


def test_the_last_hex_stays_and_undo_restores_each_stroke() -> None:
    painter = Painter([((0, 0), Kind.TEMPLE, 3)])
    painter.choose()
    assert painter.paint((0, 0)) == (False, "Not here: a city keeps at least one hex.")
    painter.choose(kind=Kind.HOUSE, level=1)
    painter.paint((0, 1))
    painter.choose(kind=Kind.QUARRY)
    painter.paint((0, 0))
    assert painter.hexes == {(0, 0): (Kind.QUARRY, 1), (0, 1): (Kind.HOUSE, 1)}
    assert painter.undo() == "Took back the change at 0,0."
    assert painter.undo() == "Took back the change at 0,1."
    assert painter.hexes == {(0, 0): (Kind.TEMPLE, 3)}
    assert painter.undo() == "Nothing to take back."


def test_brush_levels_stay_within_1_and_9() -> None:
    painter = Painter()
    painter.choose(level=0)
    assert painter.level == 1
    painter.choose(level=99)
    assert painter.level == BRUSH_LEVELS == 9
    with pytest.raises(ValueError, match="do not form one connected city"):
        Painter([((0, 0), Kind.HOUSE, 1), ((5, 5), Kind.HOUSE, 1)])


# --- The table: players, scores and the winner ------------------------------------------------


def calculator_of(game: Game) -> Calculator:
    players = [
        Player(name, stones, builder=rebuilt(city))
        for name, stones, city in zip(game.names, game.stones, game.cities, strict=True)
    ]
    return Calculator(players, game.variants)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 7)])
def test_scores_and_winner_are_the_engines(players: int, seed: int) -> None:
    game = finished(players, seed)
    calc = calculator_of(game)
    assert calc.scores() == game.scores()
    assert calc.result() == game.result()


def test_the_tie_break_is_most_stones_as_the_engine_says() -> None:
    game = finished(2, 3)
    calc = calculator_of(game)
    scores = calc.scores()
    a, b = (s.total - s.stones for s in scores)
    high, low = (0, 1) if a >= b else (1, 0)
    calc.set_stones(high, 0)
    calc.set_stones(low, abs(a - b) + 0)
    names = [p.name for p in calc.players]
    result = calc.result()
    totals = [s.total for s in calc.scores()]
    assert totals[0] == totals[1]
    expected = final_result(names, totals, [p.stones for p in calc.players])
    assert result == expected
    if a != b:
        assert result.winners == (low,)
        assert result.explanation.endswith(f"{names[low]} has more stones ({abs(a - b)})")


def test_only_cities_built_beyond_the_starting_tile_take_part_in_the_result() -> None:
    """One city built against an empty seat wins nothing: the scorepad says its total; the
    result comes with a second city, and names its winners by their seats at the table."""
    game = finished(2, 3)
    calc = Calculator([Player("Ann", 3, builder=rebuilt(game.cities[0])), Player("Bob")])
    assert calc.taking_part() == [0] and calc.result() is None
    scores = calc.scores()
    html = panels.scorepad_html(calc, scores, calc.result(scores))
    total = scores[0].total
    assert f"<b>Ann: {total} points. No winner until a second city is rebuilt.</b>" in html
    assert "win" not in html.replace("No winner", "")
    assert "crown" not in panels.tabs_html(calc, scores, None)

    bob = calc.players[1]
    bob.mode = HEXES_MODE  # a painter still on the starting tile is no more built
    assert not bob.built and calc.result() is None
    bob.painter.choose()  # the eraser: a city rubbed down to fewer hexes is not built either
    edge = next(cell for cell in bob.painter.hexes if cell != (0, 0))
    assert bob.painter.paint(edge)[0] and not bob.built and calc.result() is None
    bob.painter.undo()
    bob.painter.choose(kind=Kind.TEMPLE_PLAZA)  # repainting a starting hex builds the city
    assert bob.painter.paint((0, 0))[0] and bob.built
    assert calc.taking_part() == [0, 1]
    scores = calc.scores()
    result = calc.result(scores)
    assert result == final_result(["Ann", "Bob"], [s.total for s in scores], [3, 0])
    assert "wins!" in panels.scorepad_html(calc, scores, result)


def test_the_winner_among_the_cities_built_is_named_by_their_seat() -> None:
    game = finished(2, 3)
    cities = [rebuilt(city) for city in game.cities]
    calc = Calculator(
        [Player("Ann", 0, builder=cities[0]), Player("Cy"), Player("Bob", 0, builder=cities[1])]
    )
    assert calc.taking_part() == [0, 2]
    scores = calc.scores()
    result = calc.result(scores)
    engine = final_result(["Ann", "Bob"], [scores[0].total, scores[2].total], [0, 0])
    assert result.winners == tuple((0, 2)[w] for w in engine.winners)
    assert result.explanation == engine.explanation
    assert result.totals == tuple(s.total for s in scores)
    solo = Calculator([Player("Ann", 0, builder=cities[0])])
    html = panels.scorepad_html(solo, solo.scores(), solo.result())
    assert f"<b>Ann: {scores[0].total} points.</b>" in html
    assert "Rebuild" in panels.scorepad_html(
        Calculator([Player("Ann")]), [score_city(City(), (), 0)], None
    )


def test_players_one_to_four_with_names_and_stones() -> None:
    calc = Calculator()
    assert [p.name for p in calc.players] == ["Player 1", "Player 2"]
    assert calc.taking_part() == [] and calc.result() is None
    assert calc.add_player() == "Added Player 3: build their city."
    assert calc.add_player() == "Added Player 4: build their city."
    assert calc.add_player() == "At most 4 players: Akropolis is for 1 to 4 cities."
    assert len(calc.players) == MAX_PLAYERS and calc.active == 3
    assert calc.remove_player(1) == "Removed Player 2 and their city."
    assert calc.active == 2
    for _ in range(2):
        calc.remove_player(0)
    assert calc.remove_player(0) == "The calculator keeps at least one city."
    assert calc.rename(0, "  Zoë  ") is None and calc.current.name == "Zoë"
    assert calc.rename(0, "\u200b").startswith("That name cannot be used:")
    assert calc.rename(0, "A" * 41).startswith("That name cannot be used:")
    assert calc.current.name == "Zoë"
    assert calc.set_stones(0, "12") is None and calc.current.stones == 12
    for bad in ("-1", "1.5", "x", "10001", "٣", 10_001, True, None):
        assert calc.set_stones(0, bad) == "Stones left must be a whole number from 0 to 10,000."
    assert calc.current.stones == 12


def test_switching_to_hexes_starts_from_the_tiles_placed() -> None:
    calc = Calculator()
    calc.current.builder.pick(24)
    calc.current.builder.place((0, 2))
    said = calc.set_mode(HEXES_MODE)
    assert said.startswith("By hexes: started from the 1 tile placed.")
    assert sorted(calc.current.painter.visible()) == sorted(calc.current.builder.city.hexes())
    assert calc.current.mode == HEXES_MODE and calc.set_mode(HEXES_MODE) == ""
    calc.current.painter.choose(kind=Kind.GARDEN)
    assert calc.current.painter.paint((0, 3))[0]
    calc.set_mode(TILES_MODE)
    calc.set_mode(HEXES_MODE)  # not pristine any more: the painting is kept
    assert calc.current.painter.hexes[(0, 3)] == (Kind.GARDEN, 1)


def test_tiles_in_other_cities_are_named() -> None:
    calc = Calculator()
    calc.current.builder.pick(24)
    calc.current.builder.place((0, 2))
    calc.select(1)
    assert calc.used_elsewhere() == {24: "Player 1"}
    assert calc.current.builder.pick(24)[0]  # another box's tile, or a mistake: allowed


# --- Sharing ----------------------------------------------------------------------------------


def test_a_shared_city_opens_as_the_same_city_tiles_and_hexes() -> None:
    game = finished(2, 3)
    calc = calculator_of(game)
    text = calc.share_text(0)
    assert text.startswith("C1;c=") and ";m=" in text
    fresh = Calculator()
    said = fresh.open_shared(text)
    assert said.startswith("Opened the shared city as Player 1.")
    assert fresh.current.builder.placements == calc.players[0].builder.placements
    assert fresh.variants == game.variants and fresh.current.stones == game.stones[0]
    assert fresh.scores()[0] == game.score(0)
    calc.set_mode(HEXES_MODE)
    calc.current.painter.choose(kind=Kind.TEMPLE, level=3)
    calc.current.painter.paint(next(iter(calc.current.painter.hexes)))
    painted_text = calc.share_text(0)
    assert ";h=" in painted_text
    other = Calculator()
    other.open_shared(painted_text)
    assert other.current.mode == HEXES_MODE
    assert other.current.painter.hexes == calc.current.painter.hexes
    assert other.scores()[0].total == calc.scores()[0].total


def test_a_shared_city_joins_a_table_in_progress_once() -> None:
    game = finished(2, 3)
    text = calculator_of(game).share_text(1)
    calc = Calculator()
    calc.rename(0, "Ann")
    said = calc.open_shared(text)
    assert said.startswith("Opened the shared city as Player 3.")
    assert len(calc.players) == 3 and calc.active == 2
    calc.select(0)
    assert calc.open_shared(text) == "This city is already here: Player 3's."
    assert calc.active == 2 and len(calc.players) == 3
    calc.add_player()
    before = calc.dumps()
    other = calculator_of(finished(2, 4)).share_text(0)
    with pytest.raises(RecordError, match="already holds 4 cities"):
        calc.open_shared(other)
    assert calc.dumps() == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "A1;p=2;s=1;m=",
        "C1;c=000000;st=1;m=24@0,2:0",
        "C1;st=1;m=24@0,2:0.24@0,4:0",
        "C1;st=1;m=24@9,9:0",
        "C1;st=-1;m=",
        "C1;st=1;h=0,0:h1.9,9:Q1",
        "C1;st=1;m=%ZZ",
        "C1;st=1;m=%C3%28",
        "C1;" + "x" * 20_000,
        "<script>alert(1)</script>",
        None,
        42,
    ],
)
def test_a_hostile_link_is_refused_and_changes_nothing(text: object) -> None:
    calc = calculator_of(finished(2, 3))
    before = calc.dumps()
    with pytest.raises(RecordError):
        calc.open_shared(text)
    assert calc.dumps() == before


def test_a_percent_encoded_link_opens() -> None:
    text = calculator_of(finished(2, 3)).share_text(0)
    calc = Calculator()
    calc.open_shared(notation.percent_encode(text))
    assert not calc.current.empty


def test_open_shared_takes_the_variants_of_the_link() -> None:
    calc = Calculator()
    calc.set_variants(["houses"])
    said = calc.open_shared("C1;v=g;st=3;m=24@0,2:0.7@1,0:3")
    assert said == ("Opened the shared city as Player 1. Variants set as in the link: gardens.")
    assert calc.variants == {"gardens"}
