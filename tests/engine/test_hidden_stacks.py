"""A game whose stacks are turned over one at a time (``Game(hidden=True)``, for games played by
link: docs/fair-links.md): it waits for each stack when it is due, takes only a stack that
fits, plays exactly like the same deal dealt in advance, undoes across a refill, and its record
holds only the tiles seen and no seed."""

from __future__ import annotations

import random

import pytest

from akropolis import Game, fair, records
from akropolis.city import IllegalMoveError
from akropolis.records import RecordError

GAME_ID = b"\x00" * fair.ID_BYTES


def fair_deck(players: int, rng: random.Random, all_tiles: bool = False) -> list[int]:
    """A whole deck as the protocol deals it: the opening site, then each stack, drawn from
    the tiles not yet dealt by the players' values."""
    options = Game(players, seed=1, all_tiles=all_tiles).options
    remaining = set(options.pool())
    deck: list[int] = []
    draw = 1
    while remaining:
        size = options.site_size if draw == 1 else options.stack_size
        values = [rng.randbytes(fair.VALUE_BYTES) for _ in range(players)]
        tiles = fair.draw_tiles(remaining, size, fair.draw_seed(GAME_ID, draw, values))
        deck.extend(tiles)
        remaining -= set(tiles)
        draw += 1
    return deck


@pytest.mark.parametrize(("players", "all_tiles"), [(2, False), (3, True), (4, False)])
def test_a_hidden_deal_plays_as_the_same_deal_dealt_in_advance(players: int, all_tiles: bool):
    rng = random.Random(players)
    deck = fair_deck(players, rng, all_tiles)
    site = Game(players, seed=1).options.site_size
    hidden = Game(players, all_tiles=all_tiles, deck=deck[:site], hidden=True)
    dealt = Game(players, all_tiles=all_tiles, deck=deck)
    turned = site
    while not dealt.is_over:
        assert not hidden.is_over
        if hidden.awaiting_stack:
            assert hidden.legal_moves() == []
            with pytest.raises(IllegalMoveError):
                hidden.play(dealt.legal_moves()[0].move)
            stack = deck[turned : turned + hidden.options.stack_size]
            hidden.turn_over(stack)
            turned += len(stack)
        assert hidden.site == dealt.site and hidden.stones == dealt.stones
        assert hidden.stacks_left == dealt.stacks_left
        assert hidden.deck == tuple(deck[:turned])  # only what was turned over
        move = rng.choice(dealt.legal_moves()).move
        dealt.play(move)
        hidden.play(move)
    assert hidden.is_over and not hidden.awaiting_stack
    assert [hidden.score(p).total for p in range(players)] == [
        dealt.score(p).total for p in range(players)
    ]
    # Its record: the tiles seen, no seed; it replays exactly.
    record = records.game_to_record(hidden)
    assert record["options"]["hidden_stacks"] is True and "seed" not in record
    again = records.load(records.dump(hidden))
    assert again.hidden and again.moves == hidden.moves and again.is_over


def first_refill(players: int = 2) -> tuple[Game, list[int]]:
    deck = fair_deck(players, random.Random(9))
    game = Game(players, deck=deck[: players + 2], hidden=True)
    while not game.awaiting_stack:
        game.play(game.legal_moves()[0].move)
    return game, deck


def test_a_stack_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    game, deck = first_refill()
    before = records.dump(game)
    stack = deck[4:7]
    for bad in (stack[:2], [*stack, deck[8]], [deck[0], *stack[1:]], [99, *stack[1:]], "1,2,3"):
        with pytest.raises(ValueError):
            game.turn_over(bad)
        assert records.dump(game) == before and game.awaiting_stack
    game.turn_over(stack)
    with pytest.raises(IllegalMoveError):
        game.turn_over(deck[7:10])  # none is due now
    fresh = Game(2, deck=deck[:4], hidden=True)
    with pytest.raises(IllegalMoveError):
        fresh.turn_over(deck[4:7])


def test_undo_across_a_refill_is_exact_and_the_stack_stays_seen() -> None:
    game, deck = first_refill()
    waiting = records.dump(game)
    last = game.undo()  # the move that made the stack due
    assert not game.awaiting_stack and len(game.site) == 2
    game.play(last)
    assert game.awaiting_stack and records.dump(game) == waiting
    game.turn_over(deck[4:7])
    turned = records.dump(game)
    game.undo()
    assert len(game.site) == 2 and game.deck == tuple(deck[:7])  # seen is seen
    game.play(last)  # the stack comes again, from the tiles already seen
    assert not game.awaiting_stack and records.dump(game) == turned
    assert game.fresh().hidden and game.replay().site == game.site


def test_a_record_with_hidden_stacks_and_a_seed_or_no_opening_is_refused() -> None:
    game, _ = first_refill()
    record = records.game_to_record(game)
    assert records.read_game(record).awaiting_stack  # waiting for its stack, as it was
    with pytest.raises(RecordError):
        records.read_game({**record, "seed": 5})
    short = {**record, "deck": record["deck"][:3], "moves": []}
    with pytest.raises(RecordError):
        records.read_game(short)
    with pytest.raises(ValueError):
        Game(2, hidden=True)  # a hidden deal starts from its opening site
