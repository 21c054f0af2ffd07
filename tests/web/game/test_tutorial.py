"""Learn to play, on CPython: every step's action played through the table and the engine,
what each step's sentences claim checked against the engine's scores, and every other action
refused with its reason, the game unchanged."""

from __future__ import annotations

import pytest

from akropolis import Game, records
from game.table import Table
from game.tutorial import (
    DECK,
    NEXT,
    NO_UNDO,
    PICK,
    PLACE,
    READ_FIRST,
    STEPS,
    THEANO,
    THEANOS_TURN,
    WRONG_SPOT,
    WRONG_TILE,
    WRONG_TURN,
    Tutorial,
    resumable,
    tutorial_game,
)


def start(step: int = 0) -> tuple[Tutorial, Table]:
    tutorial = Tutorial(step)
    table = Table(tutorial.position("Ann"))
    table.guard = tutorial
    return tutorial, table


def do(tutorial: Tutorial, table: Table) -> None:
    """The step's own action, as the learner does it through the table."""
    step = tutorial.current
    if step.action == NEXT:
        assert tutorial.next() or tutorial.last
    elif step.action == PICK:
        table.pick(step.site)
        assert table.held == step.site
    else:
        table.rotation = step.move.rotation
        placed, text = table.place(step.move.anchor)
        assert placed, text
        assert table.pick(0) == THEANOS_TURN and table.held is None  # her reply comes first
        table.play(tutorial.reply)  # Theano's reply, as the page plays it


def test_the_whole_tutorial_plays_through_the_engine_to_the_final_scores() -> None:
    tutorial, table = start()
    game = table.game
    seen = {}
    while not tutorial.last:
        index = tutorial.step
        before = game.score(0)
        stones = game.stones[0]
        do(tutorial, table)
        seen[index] = (before, stones, game.score(0), game.stones[0])
    assert game.is_over and game.ply == 12 and len(DECK) == 13
    assert game.names == ("Ann", THEANO)
    # what the sentences claim
    placed = [i for i, step in enumerate(STEPS) if step.action == PLACE]
    first, second, market, garden, houses, temple = placed
    assert STEPS[first - 1].site == 0 and STEPS[second - 1].site == 1  # free, then 1 stone
    _before, had, after, has = seen[second]
    assert has == had - 1 + 3  # paid one stone, three quarries covered
    assert after.kinds["houses"].points == 2 and after.kinds["markets"].points == 2
    assert after.kinds["gardens"].points == 0  # no garden plaza yet
    assert seen[market][2].kinds["markets"].to_json() == {"value": 2, "stars": 2, "points": 4}
    assert seen[garden][2].kinds["gardens"].points == 6
    assert seen[houses][2].kinds["houses"].value == 3
    final = game.score(0)
    assert seen[temple][3] == seen[temple][1] + 3 and final.kinds["temples"].points == 4
    assert final.kinds["barracks"].points == 2  # on the edge, with the barracks plaza
    lone = [v.cell for v in final.hexes if v.kind == "house" and not v.counts]
    assert lone == [(0, -2)]  # the house on its own does not count
    assert game.result().winners == (0,)


def test_every_other_action_is_refused_with_its_reason_and_changes_nothing() -> None:
    tutorial, table = start()
    game = table.game
    while not tutorial.last:
        step, index = tutorial.current, tutorial.step
        record = records.dump(game)
        assert table.undo() == NO_UNDO
        if step.action == NEXT:
            said = table.pick(0)
            assert said == (READ_FIRST if not game.is_over else "The game is over.")
            assert table.held is None
        elif step.action == PICK:
            for other in range(len(game.site)):
                if other != step.site and other in game.affordable():
                    assert table.pick(other) == WRONG_TILE and table.held is None
        else:
            held = table.held
            for legal in game.legal_moves():
                if legal.site_index != held or legal.move == step.move:
                    continue
                table.rotation = legal.rotation
                placed, text = table.place(legal.anchor)
                cells = set(game.check(step.move).cells)
                assert not placed
                assert text == (WRONG_TURN if set(legal.cells) == cells else WRONG_SPOT)
            assert table.held == held
        assert records.dump(game) == record and tutorial.step == index
        do(tutorial, table)


def test_the_tile_in_hand_is_turned_as_it_must_lie_after_the_first_lesson() -> None:
    tutorial, table = start()
    tutorial.next()
    table.pick(0)
    assert table.rotation == 0 and table.legal_anchors() == []  # the first: turn it yourself
    table.rotation = STEPS[2].move.rotation
    assert table.legal_anchors() == [STEPS[2].move.anchor]  # only the lesson's spot is marked
    do(tutorial, table)
    table.pick(STEPS[3].site)
    assert table.rotation == STEPS[4].move.rotation


@pytest.mark.parametrize("step", range(len(STEPS)))
def test_a_tutorial_left_at_any_step_resumes_at_the_same_position(step: int) -> None:
    tutorial, table = start()
    while tutorial.step < resumable(step):
        do(tutorial, table)
    resumed = Tutorial(step)
    assert resumed.step == resumable(step) and resumed.current.action != PLACE
    assert records.dump(resumed.position("Ann")) == records.dump(table.game)


def test_the_deal_holds_only_the_lessons_tiles() -> None:
    game = tutorial_game("Ann")
    assert game.site == DECK[:4] and isinstance(game, Game)
    assert all(step.action in (NEXT, PICK, PLACE) for step in STEPS)
