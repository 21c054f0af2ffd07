"""The protocol of hidden stacks (akropolis.fair, docs/fair-links.md): chains check and cannot be
run forwards, values do not travel between games or seats, the schedule makes the chooser of a
refilled site the last to reveal and after its own move before, and the draws deal every tile as
often as a shuffled box does."""

from __future__ import annotations

import random

import pytest

from akropolis import Game, fair

GAME = bytes(range(fair.ID_BYTES))
OTHER_GAME = bytes(range(1, fair.ID_BYTES + 1))


def keys(players: int, rng: random.Random) -> list[bytes]:
    return [rng.randbytes(fair.VALUE_BYTES) for _ in range(players)]


def test_a_chain_checks_value_by_value_and_never_in_another_game_or_seat() -> None:
    values = fair.chain(GAME, 1, b"k" * 16, 12)
    commitment = values[0]
    assert len(values) == 13 and values[12] == b"k" * 16
    for draw in range(1, 13):
        assert fair.checks(GAME, 1, commitment, values[draw], draw)
        assert fair.step(GAME, 1, values[draw]) == values[draw - 1]
        assert not fair.checks(GAME, 2, commitment, values[draw], draw)  # another seat
        assert not fair.checks(OTHER_GAME, 1, commitment, values[draw], draw)  # another game
        assert not fair.checks(GAME, 1, commitment, values[draw], draw + 1)  # another draw
    changed = bytes([values[5][0] ^ 1]) + values[5][1:]
    assert not fair.checks(GAME, 1, commitment, changed, 5)
    assert fair.value_for(GAME, 1, values[9], 9, 4) == values[4]
    with pytest.raises(ValueError):
        fair.value_for(GAME, 1, values[4], 4, 5)  # a later value never follows from an earlier


@pytest.mark.parametrize("bad", [b"", b"short", b"x" * 17, "x" * 16])
def test_values_of_the_wrong_size_or_kind_are_refused(bad) -> None:
    with pytest.raises(ValueError):
        fair.step(GAME, 0, bad)
    with pytest.raises(ValueError):
        fair.draw_seed(GAME, 2, [bad])
    assert not fair.checks(GAME, 0, b"c" * 16, bad, 1)


def stacks_of(players: int, all_tiles: bool = False) -> int:
    options = Game(players, seed=1, all_tiles=all_tiles).options
    return (len(options.pool()) - options.site_size) // options.stack_size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_chooser_reveals_last_and_the_others_only_after_its_move_before(
    players: int,
) -> None:
    options = Game(players, seed=1).options
    total = fair.draws(players, stacks_of(players))
    for draw in range(2, total + 1):
        after = fair.refill_after(players, draw)
        # The site is refilled when one tile is left: after every players + 1 moves.
        assert options.site_size - (after + 1 - (draw - 2) * options.stack_size) == 1
        chooser = fair.chooser(players, draw)
        assert chooser == (after + 1) % players
        assert fair.reveal_ply(players, draw, chooser) == after + 1
        previous = after + 1 - players  # the chooser's move before
        others = sorted(
            fair.reveal_ply(players, draw, seat) for seat in range(players) if seat != chooser
        )
        assert others == list(range(previous + 1, after + 1))
        for seat in range(players):
            assert fair.reveal_ply(players, draw, seat) % players == seat  # in its own move


def public_values(players: int, chains: list[tuple[bytes, ...]], ply: int) -> dict[int, int]:
    """The latest draw each seat's value is public for, once plies 0..ply are sent (the
    opening's values of seats 1.. come with the invitation)."""
    latest = {seat: (1 if seat else 0) for seat in range(players)}
    if ply >= 0:
        latest[0] = 1
    total = len(chains[0]) - 1
    for draw in range(2, total + 1):
        for seat in range(players):
            if fair.reveal_ply(players, draw, seat) <= ply:
                latest[seat] = max(latest[seat], draw)
    return latest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_curious_player_cannot_compute_a_stack_before_it_is_turned_over(players: int) -> None:
    """At every point of a game, with every value sent so far and their own whole chain, a
    player other than the chooser lacks the chooser's value for every stack not yet turned
    over (values only follow downwards, from later draws to earlier ones)."""
    rng = random.Random(64)
    total = fair.draws(players, stacks_of(players))
    chains = [fair.chain(GAME, seat, key, total) for seat, key in enumerate(keys(players, rng))]
    last_ply = fair.refill_after(players, total) + 1
    for ply in range(-1, last_ply + 1):
        latest = public_values(players, chains, ply)
        for draw in range(2, total + 1):
            turned_over = fair.refill_after(players, draw) < ply
            chooser = fair.chooser(players, draw)
            if turned_over and fair.reveal_ply(players, draw, chooser) <= ply:
                # Everyone can check the stack once the chooser's move is sent.
                assert all(latest[seat] >= draw for seat in range(players))
                continue
            assert latest[chooser] < draw  # nobody else holds it, nor can derive it
            # The chooser itself knows the stack only after sending its move before.
            if all(latest[seat] >= draw for seat in range(players) if seat != chooser):
                assert ply >= fair.refill_after(players, draw)


def test_the_draws_deal_every_tile_as_often_as_a_shuffled_box() -> None:
    """Chi-square over many simulated two-player deals: the tiles of the third stack (drawn
    from what the opening and two stacks left) are every tile of the pool equally often."""
    options = Game(2, seed=1).options
    pool = options.pool()
    rng = random.Random(7)
    counts = dict.fromkeys(pool, 0)
    games = 3000
    for _ in range(games):
        values = [[rng.randbytes(16) for _ in range(2)] for _ in range(4)]
        remaining = set(pool)
        for draw, size in enumerate(
            (options.site_size, options.stack_size, options.stack_size, options.stack_size), 1
        ):
            seed = fair.draw_seed(GAME, draw, values[draw - 1])
            tiles = fair.draw_tiles(remaining, size, seed)
            assert len(set(tiles)) == size and set(tiles) <= remaining
            remaining -= set(tiles)
        for tile in tiles:
            counts[tile] += 1
    expected = games * options.stack_size / len(pool)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    # 36 degrees of freedom: the 0.999 quantile is 67.98.
    assert chi2 < 67.98, chi2


def test_a_draw_is_its_values_and_nothing_else() -> None:
    values = [b"a" * 16, b"b" * 16]
    seed = fair.draw_seed(GAME, 3, values)
    assert seed == fair.draw_seed(GAME, 3, list(values))
    assert seed != fair.draw_seed(GAME, 4, values)  # another draw
    assert seed != fair.draw_seed(OTHER_GAME, 3, values)  # another game
    assert seed != fair.draw_seed(GAME, 3, values[::-1])  # seats swapped
    tiles = fair.draw_tiles(range(1, 38), 3, seed)
    assert tiles == fair.draw_tiles(reversed(range(1, 38)), 3, seed)  # the order given is moot


def test_a_key_is_fresh_every_time() -> None:
    assert len({fair.new_key() for _ in range(50)}) == 50
    assert len(fair.new_game_id()) == fair.ID_BYTES
