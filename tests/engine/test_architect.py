"""docs/rules.md, "The solo game": one test per clause, then properties.

The Architect plays seat 2 (index 1) of a 2-player game whose kind is ``architect:<level>``.
Drawn cities use the codes of ``helpers.draw`` (``H`` a house, ``M*`` a market plaza, ``Q`` a
quarry, ``H3`` a house on level 3).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from akropolis import (
    PLAYER_KINDS,
    City,
    Game,
    IllegalMoveError,
    Move,
    cli,
    notation,
    placement_cells,
    records,
)
from akropolis.architect import (
    ARCHITECTS,
    architect_choice,
    architect_of,
    architect_spot,
    score_architect,
)
from akropolis.checks import ARCHITECT_KINDS, VARIANTS
from akropolis.hexes import distance
from akropolis.picture import svg
from akropolis.rng import SplitMix64
from akropolis.tiles import TILES
from tests.engine.helpers import assert_refused, draw, game_state

LEVELS = tuple(ARCHITECTS)
HIPPODAMOS, METAGENES, CALLICRATES = ARCHITECT_KINDS
#: Tiles of the 2-player pool without a plaza hex, and with one.
PLAIN = [1, 3, 7, 8, 9, 10, 12, 14, 15, 19, 20, 25, 26, 27, 30, 35, 36]
WITH_PLAZA = [2, 4, 5, 6, 11, 13, 16, 17, 18, 21, 22, 23, 24, 28, 29, 31, 32, 33, 34, 37]


def solo(deck: list[int] | None = None, kind: str = HIPPODAMOS, **options) -> Game:
    """A solo game: the human at seat 1, the Architect ``kind`` at seat 2."""
    if deck is None:
        options.setdefault("seed", 1)
    return Game(2, deck=deck, kinds=["human", kind], **options)


def take(game: Game, site_index: int) -> None:
    """The human takes the tile at ``site_index`` onto level 1 (the first such placement)."""
    move = next(m for m in game.legal_moves() if m.site_index == site_index and m.level == 1)
    game.play(move)


def architect_plays(game: Game) -> None:
    (move,) = game.legal_moves()
    game.play(move)


def scored(city: City, kind: str, variants: tuple[str, ...] = (), stones: int = 0):
    return score_architect(city, variants, stones, kind)


def line(city: City, kind: str, name: str, variants: tuple[str, ...] = ()) -> tuple[int, int, int]:
    """``(value, stars, points)`` of one line of the Architect's scorepad."""
    score = scored(city, kind, variants).kinds[name]
    return score.value, score.stars, score.points


def row(*codes: str) -> City:
    """A city drawn as a row of hexes (0, 0), (1, 0), (2, 0)… (each next to the one before)."""
    return draw({(q, 0): code for q, code in enumerate(codes)})


# --- Seats and setup -------------------------------------------------------------------------


def test_player_kinds_name_the_three_architects() -> None:
    assert PLAYER_KINDS == (
        "human",
        "ai:easy",
        "ai:medium",
        "ai:hard",
        "ai:expert",
        "architect:hippodamos",
        "architect:metagenes",
        "architect:callicrates",
    )
    assert [(a.name, a.difficulty, a.kind) for a in ARCHITECTS.values()] == [
        ("Hippodamos", "easy", HIPPODAMOS),
        ("Metagenes", "medium", METAGENES),
        ("Callicrates", "hard", CALLICRATES),
    ]
    assert architect_of(METAGENES) is ARCHITECTS["metagenes"]
    assert architect_of("human") is architect_of(None) is None


def test_the_architect_is_seat_2_of_a_2_player_game_only() -> None:
    """The human is seat 1 and starts; an Architect anywhere else is refused with the reason."""
    game = solo()
    assert game.architect is ARCHITECTS["hippodamos"] and game.turn == 0
    assert game.is_architect(1) and not game.is_architect(0)
    assert Game(2, seed=1).architect is None
    with pytest.raises(
        ValueError, match=r"^kind for seat 1: the Illustrious Architect \(architect:metagenes"
    ):
        Game(2, seed=1, kinds=[METAGENES, "human"])
    with pytest.raises(ValueError, match="can only play seat 2 of a 2-player game"):
        Game(3, seed=1, kinds=[None, HIPPODAMOS, None])
    with pytest.raises(ValueError, match="can only play seat 2 of a 2-player game"):
        Game(2, seed=1, kinds=[CALLICRATES, CALLICRATES])


def test_two_player_setup_and_tiles() -> None:
    """37 tiles, 11 stacks of 3, a site of 4; the human has 1 stone, the Architect 2."""
    game = solo(seed=5)
    assert len(game.deck) == 37 and len(game.site) == 4 and game.stacks_left == 11
    assert game.stones == (1, 2)
    assert sorted(game.cities[1].hexes()) == sorted(City().hexes())  # a starting tile too
    with pytest.raises(ValueError, match="uses the 2-player tiles"):
        solo(seed=5, all_tiles=True)


# --- Stones ------------------------------------------------------------------------------------


def test_stones_the_human_pays_go_to_the_architect() -> None:
    game = solo([1, 3, 7, 8, 9, 10, 12])
    take(game, 1)  # tile 3 costs 1 stone
    assert game.stones == (0, 3)


def test_the_architect_pays_its_own_costs_to_the_reserve() -> None:
    """Site [3, 7, 33] after the human's free move: the Architect pays 2 for tile 33."""
    game = solo([1, 3, 7, 33, 9, 10, 12])
    take(game, 0)
    assert game.stones == (1, 2)
    architect_plays(game)
    assert game.moves[-1].tile == 33
    assert game.stones == (1, 0)  # the human gets nothing


def test_it_never_gains_stones() -> None:
    """Its stones only change by what the human pays it and what it pays; never by quarries,
    though the human's own quarries still pay the human."""
    for seed in range(6):
        game = solo(seed=seed, kind=ARCHITECT_KINDS[seed % 3], variants=VARIANTS)
        rng = SplitMix64(seed)
        while not game.is_over:
            before = game.stones
            moves = game.legal_moves()
            move = moves[rng.below(len(moves))]
            game.play(move)
            if game.turn == 0:  # the Architect just played
                assert move.stones_gained == 0 and move.level == 1
                assert game.stones == (before[0], before[1] - move.cost)
            else:
                human = before[0] - move.cost + move.stones_gained
                assert game.stones == (human, before[1] + move.cost)


# --- Its choice ------------------------------------------------------------------------------


def test_the_architect_takes_the_cheapest_plaza_tile_it_can_afford() -> None:
    """Site [3, 7, 33, 24] less the human's tile: the first plaza tile, 33, at cost 2."""
    game = solo([1, 3, 7, 33, 24, 10, 12])
    take(game, 0)
    assert game.site == (3, 7, 33)
    (forced,) = game.legal_moves()
    assert (forced.tile, forced.site_index, forced.cost, forced.level) == (33, 2, 2, 1)
    assert architect_choice([3, 24, 33], 0) == 0  # 24 is the cheapest, and too dear
    assert architect_choice([24, 33], 0) == 0
    assert architect_choice([3, 7, 24, 33], 2) == 2


def test_without_an_affordable_plaza_tile_it_takes_the_first() -> None:
    """No plaza tile in the site, or the cheapest one costs more than it has: the first tile."""
    game = solo([1, 3, 7, 8, 9, 10, 12])
    take(game, 0)
    assert game.legal_moves()[0].tile == 3  # no plaza in [3, 7, 8]
    # Round 2: the Architect (1 stone after paying for 33) faces [7, 8, 9, 24]; 24 costs 3.
    game = solo([1, 3, 33, 7, 8, 9, 24, 10, 12, 14])
    take(game, 0)
    architect_plays(game)
    assert game.moves[-1].tile == 33 and game.stones == (1, 1)
    take(game, 0)
    assert game.site == (7, 8, 9, 24) and game.turn == 1
    (forced,) = game.legal_moves()
    assert (forced.tile, forced.cost) == (7, 0)
    assert architect_choice([7, 8, 9, 24], 3) == 3


# --- Its spot ----------------------------------------------------------------------------------


def brute_spot(city: City) -> tuple[tuple[int, int], int]:
    """The documented spot, by trying every anchor and rotation around the city: the level-1
    placement with the smallest sum of distances to (0, 0), then rotation, then q, then r."""
    cells = [h for h, _, _ in city.hexes()]
    qs, rs = [q for q, _ in cells], [r for _, r in cells]
    best = None
    for q in range(min(qs) - 2, max(qs) + 3):
        for r in range(min(rs) - 2, max(rs) + 3):
            for rotation in range(6):
                try:
                    _, level, _ = city.check(1, (q, r), rotation)
                except IllegalMoveError:
                    continue
                if level != 1:
                    continue
                total = sum(distance(c, (0, 0)) for c in placement_cells((q, r), rotation))
                key = (total, rotation, q, r)
                best = key if best is None or key < best else best
    assert best is not None
    return (best[2], best[3]), best[1]


def test_its_tiles_go_on_level_1_in_the_documented_spot() -> None:
    """On the starting tile: cells (-2, 1), (-2, 0), (-1, 0), distances 2 + 2 + 1 = 5, the
    smallest sum; rotation 0 breaks the tie with the other spots at 5."""
    assert architect_spot(City()) == ((-2, 1), 0, ((-2, 1), (-2, 0), (-1, 0)))
    game = solo([1, 3, 7, 8, 9, 10, 12])
    take(game, 0)
    (forced,) = game.legal_moves()
    assert (forced.anchor, forced.rotation, forced.level) == ((-2, 1), 0, 1)
    architect_plays(game)
    assert game.cities[1].top((-2, 1)) == (TILES[3].hexes[0], 1)
    for _ in range(12):  # the spot of every later turn is the brute-force one too
        if game.is_over:
            break
        if game.turn == 1:
            (forced,) = game.legal_moves()
            assert (forced.anchor, forced.rotation) == brute_spot(game.cities[1])
            assert forced.cells == placement_cells(forced.anchor, forced.rotation)
        game.play(game.legal_moves()[0])


def test_never_on_top_of_anything_even_where_the_rules_would_allow_it() -> None:
    """A level-2 spot in its city is there for a human, never for the Architect."""
    game = solo(seed=3)
    while game.turn != 1 or not any(s.level == 2 for s in game.cities[1].spots()):
        game.play(game.legal_moves()[0])
    spot = next(s for s in game.cities[1].spots() if s.level == 2)
    anchor, rotation, _ = spot.orientations[0]
    (forced,) = game.legal_moves()
    assert_refused(
        game,
        Move(forced.tile, anchor, rotation),
        f"the Illustrious Architect must place tile {forced.tile} as {forced.move}: on level 1, "
        f"in its fixed spot nearest its starting tile",
    )


def test_forced_move_is_its_one_legal_move() -> None:
    game = solo(seed=4)
    assert game.forced_move() is None
    take(game, 0)
    assert game.legal_moves() == [game.forced_move()]


# --- Refusals ----------------------------------------------------------------------------------


def test_the_reader_refuses_a_non_forced_architect_move() -> None:
    """The API, the record reader and the notation parser refuse any other move, saying what
    the Architect's rules force; the game is left as it was."""
    game = solo([1, 3, 7, 33, 24, 10, 12])
    take(game, 0)
    why = (
        "the Illustrious Architect must take tile 33: the cheapest tile with a plaza, which it "
        "can afford"
    )
    assert_refused(game, Move(7, (-2, 1), 0), why)  # its spot, another tile
    assert_refused(game, Move(7, (-2, 1), 0), why, player=1)
    spot = (
        "the Illustrious Architect must place tile 33 as 33@-2,1:0: on level 1, in its fixed spot"
    )
    assert_refused(game, Move(33, (0, 1), 3), f"{spot} nearest its starting tile")
    record = records.game_to_record(game)
    record["moves"].append({"tile": 33, "anchor": [0, 1], "rotation": 3})
    for text in (records.dumps(record), notation.format_game(record)):
        with pytest.raises(records.RecordError, match=rf"^move 2: {spot}"):
            records.load(text)
    record["moves"][-1] = {"tile": 33, "anchor": [-2, 1], "rotation": 0}
    assert records.load(notation.format_game(record)).moves[-1] == Move(33, (-2, 1), 0)


def test_the_human_plays_by_the_ordinary_rules() -> None:
    game = solo(seed=8)
    plain = Game(2, deck=game.deck)
    assert game.legal_moves() == plain.legal_moves()


# --- Undo and replay ---------------------------------------------------------------------------


def test_undo_is_exact_in_a_solo_game() -> None:
    """Every move undone restores everything, the stones the human paid the Architect too."""
    game = solo(seed=12, kind=CALLICRATES, variants=VARIANTS)
    rng = SplitMix64(12)
    states = []
    while not game.is_over:
        states.append(game_state(game))
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    assert game.ply == 36
    while states:
        game.undo()
        assert game_state(game) == states.pop()


def test_whole_solo_games_replay_exactly_through_records_and_notation() -> None:
    for index, kind in enumerate(ARCHITECT_KINDS):
        game = solo(seed=20 + index, kind=kind, variants=VARIANTS[index:])
        rng = SplitMix64(index)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        record = records.game_to_record(game)
        assert record["players"][1] == {"name": "Player 2", "kind": kind}
        text = notation.format_game(record, check=True)
        assert f"k=human|architect%3A{kind.split(':')[1]}" in text
        for loaded in (records.load(records.dumps(record)), records.load(text)):
            assert isinstance(loaded, Game) and loaded.architect is game.architect
            assert records.game_to_record(loaded) == record
            assert loaded.stones == game.stones and loaded.scores() == game.scores()
            assert loaded.result() == game.result()


# --- The command line and pictures -------------------------------------------------------------


def finished(kind: str = METAGENES, seed: int = 31) -> Game:
    game = solo(seed=seed, kind=kind, variants=VARIANTS)
    rng = SplitMix64(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    return game


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    capsys.readouterr()
    assert cli.main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_result_and_score_follow_the_solo_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = finished()
    path = tmp_path / "solo.json"
    path.write_text(records.dump(game), encoding="utf-8")
    result = game.result()
    assert run_cli(capsys, "result", str(path)) == {
        "winners": list(result.winners),
        "totals": list(result.totals),
        "stones": list(game.stones),
        "why": result.explanation,
    }
    report = run_cli(capsys, "score", str(path), "--explain")
    assert report["winners"] == list(result.winners)
    architect = report["players"][1]
    assert architect["score"] == game.score(1).to_json()
    assert architect["score"]["quarries"]["stars"] == 2
    assert all(h["counts"] for h in architect["hexes"])
    assert run_cli(capsys, "moves", str(path)) == {"player": 0, "moves": []}


def test_cli_result_of_an_ordinary_game(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    report = run_cli(capsys, "result", str(root / "examples" / "finished.json"))
    game = records.load((root / "examples" / "finished.json").read_bytes())
    assert report["winners"] == list(game.result().winners)
    assert report["why"] == game.result().explanation


def test_the_explained_picture_of_the_architects_city() -> None:
    """The SVG scores the Architect's city by its rules, Metagenes' quarries included."""
    game = finished()
    picture = svg.city(game, player=1, explain=True)
    assert f"Player 2&#x27;s city: {game.score(1).total} points" in picture
    assert (
        "Quarries" in picture
        and "counts: the Illustrious Architect scores every district" in picture
    )
    assert "Quarries" not in svg.city(game, player=0, explain=True)


# --- Properties --------------------------------------------------------------------------------


def expected_choice(site: tuple[int, ...], stones: int) -> int:
    """docs/rules.md, "The Architect's choice", written plainly: the first plaza tile if
    affordable, else the first."""
    plaza = [i for i, tile in enumerate(site) if any(k.is_plaza for k in TILES[tile].hexes)]
    return plaza[0] if plaza and plaza[0] <= stones else 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(ARCHITECT_KINDS),
    seed=st.integers(0, 2**64 - 1),
    variants=st.sets(st.sampled_from(VARIANTS)),
)
def test_every_architect_move_is_the_forced_one_on_level_1(
    kind: str, seed: int, variants: set[str]
) -> None:
    """Random solo games at every level: on each of its turns the Architect has exactly one
    legal move, the tile docs/rules.md names on the documented spot, on level 1, for no stones."""
    game = solo(seed=seed, kind=kind, variants=variants)
    rng = SplitMix64(seed)
    while not game.is_over:
        moves = game.legal_moves()
        if game.turn == 1:
            (move,) = moves
            assert move.site_index == expected_choice(game.site, game.stones[1])
            assert move.tile == game.site[move.site_index] and move.cost == move.site_index
            assert (move.anchor, move.rotation) == brute_spot(game.cities[1])
            assert move.level == 1 and move.stones_gained == 0
        game.play(moves[rng.below(len(moves))])
    assert all(level == 1 for _, _, level in game.cities[1].hexes())
    assert len(game.cities[1]) == 4 + 3 * 18  # 18 tiles, none covering another


@pytest.mark.parametrize("seed", range(12))
def test_its_reply_to_each_pick_is_known_before_the_human_picks(seed: int) -> None:
    """Its choice is forced, so ``architect_reply(i)`` names, in today's site, the tile it will
    take if the human takes site ``i`` (None when a new stack is dealt first): checked against
    the game played on, for every affordable pick, in random solo games."""
    game = solo(seed=seed, kind=CALLICRATES if seed % 2 else HIPPODAMOS)
    rng = SplitMix64(seed)
    replies = dealt = 0
    while not game.is_over:
        moves = game.legal_moves()
        if game.turn == 0:
            for index in game.affordable():
                reply, site, revealed = game.architect_reply(index), game.site, game.revealed
                game.play(next(m for m in moves if m.site_index == index))
                if game.is_over:
                    assert reply is None
                elif game.revealed > revealed:  # a new stack came before its pick
                    assert reply is None
                    dealt += 1
                else:
                    assert reply is not None and reply != index
                    assert game.forced_move().tile == site[reply]
                    replies += 1
                game.undo()
        game.play(moves[rng.below(len(moves))])
    assert replies >= 10 and dealt > 0
    assert Game(2, seed=seed).architect_reply(0) is None  # no Architect, no reply
