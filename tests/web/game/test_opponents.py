"""Computer opponents, the pure part: seats, Undo back to a person, the AI's seed and replies,
the worker's functions on CPython, the animation's frames, the form, the panels."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from akropolis import PLAYER_KINDS, TILES, Game, Move, ai, records
from akropolis.checks import ARCHITECT_LEVELS
from akropolis.picture.geometry import Viewport
from game import opponents, panels
from game.animation import FLIGHT_MS, GLOW_MS, START_SCALE, MoveAnimation, ease
from game.newgame import NewGameForm, SetupError
from game.opponents import (
    ReplyError,
    ai_seed,
    architect_note,
    describe_move,
    read_reply,
    reply_json,
    seat_label,
    setup_kinds,
    turn_note,
    undo_count,
)
from game.spots import hint_sentence
from game.table import Table

WORKER = Path(__file__).resolve().parents[3] / "web" / "game" / "ai_worker.py"
VIEW = Viewport(30, 400, 300)


def play(game: Game, count: int) -> Game:
    for _ in range(count):
        game.play(game.legal_moves()[0])
    return game


def load_worker():
    spec = importlib.util.spec_from_file_location("ai_worker", WORKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- Seats -----------------------------------------------------------------------------------


def test_the_choices_are_the_engines_kinds_and_levels() -> None:
    assert opponents.LEVELS == ai.LEVELS
    assert tuple(opponents.ARCHITECTS) == ARCHITECT_LEVELS
    assert {kind for kind, _ in opponents.SEAT_CHOICES} <= set(PLAYER_KINDS)
    assert opponents.ARCHITECTS["metagenes"] == ("Metagenes", "medium")


def test_seat_kinds_and_labels() -> None:
    game = Game(3, seed=1, kinds=[None, "ai:easy", "human"])
    assert [opponents.kind_of(game, seat) for seat in range(3)] == ["human", "ai:easy", "human"]
    assert opponents.computer_seats(game) == [1]
    assert opponents.needs_worker(game) and not opponents.all_computers(game)
    assert opponents.human_to_move(game) and not opponents.computer_to_move(game)
    assert seat_label("ai:hard") == "Computer · hard"
    assert seat_label("ai:expert") == "Computer · expert"
    assert seat_label("architect:callicrates") == "Illustrious Architect · hard"
    assert seat_label("human") == seat_label(None) == ""
    assert opponents.ai_level("architect:metagenes") is None
    assert opponents.architect("architect:metagenes") == "metagenes"


def test_a_solo_game_needs_no_worker_its_architects_moves_are_forced() -> None:
    game = Game(2, seed=4, kinds=["human", "architect:hippodamos"])
    assert not opponents.needs_worker(game)
    play(game, 1)
    assert opponents.computer_to_move(game) and len(game.legal_moves()) == 1


def test_the_view_follows_the_person_to_play_and_at_the_end_the_first_persons_city() -> None:
    game = Game(3, seed=2, kinds=["ai:easy", "human", "human"])
    assert opponents.persons_city(game) is None  # a computer plays: no change
    play(game, 1)
    assert opponents.persons_city(game) == 1
    while not game.is_over:
        play(game, 1)
    assert opponents.persons_city(game) == 1  # the first person's city, whoever moved last
    solo = play(Game(2, seed=4, kinds=["human", "architect:callicrates"]), 36)
    assert solo.is_over and opponents.persons_city(solo) == 0  # not the Architect's
    watched = play(Game(2, seed=4, kinds=["ai:easy", "ai:hard"]), 36)
    assert watched.is_over and opponents.persons_city(watched) is None


# --- Undo ------------------------------------------------------------------------------------


def test_undo_goes_back_to_the_persons_last_turn() -> None:
    game = Game(2, seed=2, kinds=["human", "ai:easy"])
    assert undo_count(game) == 0
    play(game, 1)  # the person moved; the computer is thinking
    assert undo_count(game) == 1
    play(game, 1)  # and the computer answered
    assert undo_count(game) == 2
    for _ in range(undo_count(game)):
        game.undo()
    assert game.ply == 0 and game.turn == 0


def test_undo_with_the_computer_first_and_several_computers() -> None:
    game = Game(3, seed=2, kinds=["ai:medium", "human", "ai:hard"])
    play(game, 1)  # only the computer has moved: nothing of the person's to take back
    assert undo_count(game) == 0
    play(game, 3)  # person, computer, computer
    assert undo_count(game) == 3
    play(game, 2)  # the person again, then a computer
    assert undo_count(game) == 2


def test_undo_takes_one_move_without_computers_or_with_computers_only() -> None:
    assert undo_count(play(Game(2, seed=2), 3)) == 1
    assert undo_count(play(Game(2, seed=2, kinds=["ai:easy", "ai:hard"]), 3)) == 1


def test_table_undo_takes_back_several_moves_and_says_so() -> None:
    game = play(Game(2, seed=2, kinds=["human", "ai:easy"]), 4)
    table = Table(game)
    text = table.undo(2)
    assert game.ply == 2 and re.fullmatch(r"Took back 2 moves \(tiles \d+, \d+\): .*", text)
    assert table.undo(1).startswith("Took back tile ")
    assert table.undo(0) == "Nothing to undo."


# --- The AI's seed, the worker, its replies --------------------------------------------------


def test_the_ai_seed_depends_on_the_game_and_the_move_number() -> None:
    game = Game(2, seed=7, kinds=["human", "ai:easy"])
    first = ai_seed(game)
    assert first == ai_seed(Game(2, seed=7)) and 0 <= first < 2**32
    play(game, 1)
    assert ai_seed(game) != first
    assert ai_seed(Game(2, deck=list(game.deck), kinds=["human", "ai:easy"])) >= 0
    ai.choose(game, "easy", seed=ai_seed(game))  # a seed the AI accepts


def test_the_worker_chooses_as_the_engine_does() -> None:
    worker = load_worker()
    assert set(worker.__export__) == {"choose", "hello", "memory"}
    assert json.loads(worker.hello())["levels"] == ["easy", "medium", "hard", "expert"]
    game = play(Game(2, seed=11, kinds=["human", "ai:medium"]), 1)
    text = records.dump(game)
    reply = worker.choose(text, "medium", ai_seed(game), 0)
    info, ms = read_reply(reply, game)
    assert info == ai.choose(game, "medium", seed=ai_seed(game)) and ms >= 0
    assert json.loads(worker.memory()) == {"wasm_bytes": None}  # measurable only in Pyodide


def test_the_worker_stops_thinking_at_its_cap_with_a_legal_move(monkeypatch) -> None:
    """On a slow phone the hard search is cut short at ``THINK_CAP_MS``: a move all the same."""
    worker = load_worker()
    worker.THINK_CAP_MS = 1
    budgets = []
    engines = ai.choose
    monkeypatch.setattr(
        ai, "choose", lambda *a, **k: budgets.append(k["budget_ms"]) or engines(*a, **k)
    )
    game = play(Game(2, seed=12, kinds=["human", "architect:callicrates"]), 2)
    text = records.dump(game)
    info, _ = read_reply(worker.choose(text, "hard", ai_seed(game), 0), game)
    assert info in game.legal_moves() and budgets == [1]
    monkeypatch.setattr(ai, "choose", engines)
    worker.THINK_CAP_MS = 60_000  # a fast machine never reaches it: the engine's own choice
    info, _ = read_reply(worker.choose(text, "hard", ai_seed(game), 0), game)
    assert info == ai.choose(game, "hard", seed=ai_seed(game))


def test_the_workers_test_delay_keeps_it_busy() -> None:
    worker = load_worker()
    game = play(Game(2, seed=11, kinds=["human", "ai:easy"]), 1)
    reply = json.loads(worker.choose(records.dump(game), "easy", 1, 60))
    assert reply["ms"] >= 60


def test_replies_are_read_and_checked_against_the_position() -> None:
    game = Game(2, seed=5, kinds=["ai:easy", "human"])
    move = game.legal_moves()[3]
    info, ms = read_reply(reply_json(move, 12.34), game)
    assert info == move and ms == 12.3
    for bad in ("", "[]", '{"tile": 1}', "not json", None):
        with pytest.raises(ReplyError, match="could not be read"):
            read_reply(bad, game)
    wrong = json.dumps({"tile": move.tile, "anchor": [9, 9], "rotation": 0})
    with pytest.raises(ReplyError, match="not legal: "):
        read_reply(wrong, game)


def test_what_a_computer_did_in_words() -> None:
    game = Game(2, seed=5)
    info = game.check(Move(game.site[1], game.legal_moves()[-1].anchor, 0))
    assert describe_move("Hal", info).startswith(f"Hal placed tile {info.tile} for 1 stone on ")


# --- The animation ---------------------------------------------------------------------------


def animation(start=(-50.0, 500.0)) -> MoveAnimation:
    move = Game(2, seed=5).legal_moves()[0]
    kinds = TILES[move.tile].hexes
    hexes = tuple((cell, kind, move.level) for cell, kind in zip(move.cells, kinds, strict=True))
    return MoveAnimation(hexes, start)


def test_the_tile_leaves_the_site_and_lands_on_its_spot() -> None:
    move = animation()
    (x, y), size = move.position(VIEW, 0)
    assert (x, y) == (-50.0, 500.0) and size == START_SCALE
    (x, y), size = move.position(VIEW, FLIGHT_MS)
    assert (round(x, 6), round(y, 6)) == tuple(round(v, 6) for v in move.landing(VIEW))
    assert size == 1
    (_, my), _ = move.position(VIEW, FLIGHT_MS / 2)
    straight = 500 + (move.landing(VIEW)[1] - 500) * ease(0.5)
    assert my < straight  # it arcs above the straight path
    assert ease(-1) == 0 and ease(2) == 1 and ease(0.5) > 0.5


def test_frames_are_the_flying_tile_then_a_fading_glow_then_nothing() -> None:
    move = animation()
    flying = move.frame(VIEW, 100)
    faces = [c for c in flying if c[0] == "poly" and c[3] == "#2b2620"]
    assert len(faces) >= 3 and json.dumps(flying)
    early, late = move.frame(VIEW, FLIGHT_MS + 10), move.frame(VIEW, FLIGHT_MS + GLOW_MS - 50)
    assert len(early) == len(late) == 3  # a ring around each landed hex
    assert all(ring[3] == "#ffd34d" for ring in early) and early[0][5] > late[0][5]
    assert move.frame(VIEW, FLIGHT_MS + GLOW_MS) == []
    assert MoveAnimation.done(FLIGHT_MS + GLOW_MS) and not MoveAnimation.done(FLIGHT_MS)
    dropped = MoveAnimation(move.hexes, None)  # no site tile on screen: it drops from above
    (_, y0), _ = dropped.position(VIEW, 0)
    assert y0 < dropped.landing(VIEW)[1]


# --- The New game form -----------------------------------------------------------------------


def test_the_form_makes_seats_computers() -> None:
    form = NewGameForm()
    form.read({"names": ["Ann", "Hal"], "kinds": ["human", "ai:hard"], "seed": "3"})
    game = form.create()
    assert game.kinds == ("human", "ai:hard") and game.names == ("Ann", "Hal")
    again = records.load(records.dump(game))
    assert again.kinds == game.kinds  # saved, resumed and shared games keep their computers
    form.read({"names": ["A", "B", "C"], "kinds": ["ai:easy", "bogus"]})
    assert form.create().kinds == ("ai:easy", "human", "human")


def test_the_form_starts_a_solo_game_against_the_architect() -> None:
    form = NewGameForm()
    form.read({"names": ["Ann"], "kinds": ["human"], "solo": "metagenes", "seed": "9"})
    game = form.create()
    assert game.names == ("Ann", "Metagenes")
    assert game.kinds == ("human", "architect:metagenes") and game.turn == 0
    form.read({"names": ["Metagenes"], "solo": "metagenes"})
    with pytest.raises(SetupError, match="different name"):
        form.create()
    form.read({"names": ["Ann"], "solo": "metagenes", "all_tiles": True})
    with pytest.raises(SetupError, match="two-player tiles"):
        form.create()
    form.read({"names": ["Ann"], "solo": "zeus"})
    with pytest.raises(SetupError, match="Choose an Illustrious Architect"):
        form.create()


def test_play_by_link_is_for_people_only() -> None:
    form = NewGameForm()
    form.read({"names": ["Ann", "Hal"], "kinds": ["human", "ai:easy"], "by_link": True})
    with pytest.raises(SetupError, match="Play by link is for people only"):
        form.create()
    form.read({"names": ["Ann"], "solo": "hippodamos", "by_link": True})
    with pytest.raises(SetupError, match="Play by link is for people only"):
        form.create()
    form.read({"names": ["Ann", "Bob"], "kinds": ["human", "human"], "by_link": True})
    assert form.create().kinds == ("human", "human")
    assert setup_kinds([], "", False, 2) == ("human", "human")


def test_the_form_html_offers_each_seat_and_the_architects() -> None:
    form = NewGameForm()
    seats = form.seats_html()
    assert seats.count("<select") == 4 and seats.count('value="ai:medium"') == 4
    assert seats.count('value="ai:expert"') == 4
    assert seats.count("<label") == 4 and 'aria-label="Who plays seat 3"' in seats
    solo = form.solo_html()
    assert 'id="solo"' in solo and "Callicrates (hard)" in solo and '<option value="">' in solo


def test_hints_come_from_medium_unless_the_form_chose_expert() -> None:
    assert opponents.hint_level("expert") == "expert"
    for stored in (None, "", "hard", "ai:expert", 3, "Expert"):
        assert opponents.hint_level(stored) == opponents.HINT_LEVEL == "medium"
    assert set(opponents.HINT_LEVELS) <= set(ai.LEVELS)
    assert opponents.hint_title("expert") == "Show the move the computer would make (expert)"
    assert opponents.hint_title("nonsense") == "Show the move the computer would make (medium)"
    page = (WORKER.parent / "index.html").read_text()
    menu = re.search(r'<select id="hint-level">(.*?)</select>', page).group(1)
    assert re.findall(r'<option value="(\w+)">', menu) == list(opponents.HINT_LEVELS)


# --- Panels ----------------------------------------------------------------------------------


def test_player_cards_say_who_plays_and_what_the_computer_does() -> None:
    game = Game(2, seed=1, kinds=["human", "ai:easy"], names=["Ann", "Hal"])
    html = panels.players_html(game, 0, True, {}, thinking=1)
    assert "Computer · easy" in html and "Thinking" in html and 'class="player thinking' in html
    html = panels.players_html(game, 0, True, {1: "Placed tile 5 on level 1"})
    assert "Placed tile 5 on level 1" in html and "Thinking" not in html
    play(game, 1)
    assert "<b>Hal</b> is thinking…" in panels.status_html(game, thinking=True)
    assert "<b>Hal</b> to play (paused)" in panels.status_html(game, paused=True)
    assert "<b>Hal</b> to play<" in panels.status_html(game)


def test_the_architects_card_says_why_the_solo_rules_made_it_take_its_tile() -> None:
    game = Game(2, seed=1, kinds=["human", "architect:callicrates"], names=["Ann", "Callicrates"])
    seen = set()
    while not game.is_over:
        if game.is_architect(game.turn):
            forced = game.forced_move()
            note = turn_note(game, forced)
            assert note.startswith(f"Placed tile {forced.tile} on level 1: ")
            plaza_at = [i for i, t in enumerate(game.site) if any(k > 5 for k in TILES[t].hexes)]
            if plaza_at and plaza_at[0] <= game.stones[1]:
                assert forced.site_index == plaza_at[0]
                assert note.endswith("the cheapest tile with a plaza, which it can afford")
                seen.add("plaza")
            elif plaza_at:
                assert forced.site_index == 0
                assert f"tile {game.site[plaza_at[0]]} costs {plaza_at[0]}" in note
                assert f"it has {game.stones[1]})" in note
                seen.add("too dear")
            else:
                assert forced.site_index == 0 and note.endswith("no tile in the site has a plaza")
                seen.add("no plaza")
            game.play(forced.move)
        else:
            game.play(game.legal_moves()[-1].move)
    assert seen == {"plaza", "too dear", "no plaza"}
    person = Game(2, seed=1, kinds=["human", "ai:easy"])
    move = person.legal_moves()[0]
    assert turn_note(person, move) == f"Placed tile {move.tile} on level {move.level}"


def test_the_architect_builds_by_rule_and_is_never_said_to_think() -> None:
    game = Game(2, seed=1, kinds=["human", "architect:callicrates"], names=["Ann", "Callicrates"])
    play(game, 1)
    html = panels.players_html(game, 0, True, {}, thinking=1)
    assert "Building" in html and "Thinking" not in html
    status = panels.status_html(game, thinking=True)
    assert "<b>Callicrates</b> is building…" in status and "thinking" not in status


def test_the_scorepad_explains_the_architects_score() -> None:
    game = Game(2, seed=6, kinds=["human", "architect:metagenes"], names=["Ann", "Metagenes"])
    while not game.is_over:
        game.play(game.legal_moves()[0])
    html = panels.scorepad_html(game)
    quarries = game.scores()[1].quarries
    assert f"{quarries.value} × {quarries.stars} =</span> <b>{quarries.points}</b>" in html
    assert "Metagenes (the Illustrious Architect, medium) scores by the solo rules" in html
    assert "2 points per visible quarry" in architect_note(game)
    totals = re.search(r'<tr class="total">(.*?)</tr>', html).group(1)
    assert [int(t) for t in re.findall(r"<b>(\d+)</b>", totals)] == [s.total for s in game.scores()]
    assert architect_note(Game(2, seed=6)) == ""


def test_table_plays_a_computers_move_and_holds_a_hint() -> None:
    game = Game(2, seed=3, kinds=["human", "ai:easy"])
    table = Table(game)
    move = game.legal_moves()[5]
    table.suggest(move)
    assert (table.held, table.rotation) == (move.site_index, move.rotation)
    ghost = table.ghost(move.anchor)
    spot = table.preview(ghost)
    assert ghost.legal and spot.move == move.move
    tapped, keyed = hint_sentence(spot, "tap"), hint_sentence(spot, "key")
    assert tapped.startswith(f"The computer's choice: Tile {move.tile} on level {move.level}")
    assert "Tap “Place here”" in tapped and "Enter" not in tapped and "Enter" in keyed
    assert "@" not in tapped  # in words, not the notation
    chosen = ai.choose(game, "easy", seed=1)
    info = table.play(chosen.move)
    assert info == chosen and game.ply == 1 and table.held is None
