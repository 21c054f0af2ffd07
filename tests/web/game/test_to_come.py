"""The tiles still to come (issue 66), on CPython: at every move of random games they are the
pool less every tile seen, counted by kind, and they never depend on the order of the stacks
(the same game dealt in another hidden order, or by link with its stacks not dealt yet)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from akropolis import Game
from akropolis.simulate import random_game
from akropolis.tiles import DISTRICTS, STARS, TILES, Kind
from game.to_come import to_come, to_come_html
from tests.ai.test_hidden_order import hidden, reordered


def counted(tiles: list[int]) -> Counter:
    hexes: Counter = Counter()
    for tile in tiles:
        hexes.update(TILES[tile].hexes)
    return hexes


@pytest.mark.parametrize(
    ("players", "seed", "all_tiles"), [(2, 1, False), (2, 2, True), (3, 3, False), (4, 4, False)]
)
def test_the_tiles_to_come_are_the_pool_less_every_tile_seen_at_every_move(
    players: int, seed: int, all_tiles: bool
) -> None:
    finished = Game(players, seed=seed, all_tiles=all_tiles)
    rnd = random.Random(seed)
    while not finished.is_over:
        finished.play(rnd.choice(finished.legal_moves()).move)
    for ply in range(finished.ply + 1):
        game = finished.replay(ply)
        seen = {*game.site, *(move.tile for move in game.moves)}
        expected = sorted(set(game.options.pool()) - seen)
        assert game.to_come() == expected
        summary = to_come(game)
        hexes = counted(expected)
        assert summary.tiles == len(expected) and summary.stacks == game.stacks_left
        assert summary.quarries == hexes[Kind.QUARRY]
        for kind in DISTRICTS:
            assert summary.districts[kind] == hexes[kind]
            assert summary.plazas[kind] == hexes[kind.district + 5] if False else True
            plazas = sum(
                1 for t in expected for h in TILES[t].hexes if h.is_plaza and h.district == kind
            )
            assert summary.plazas[kind] == plazas and summary.stars(kind) == plazas * STARS[kind]
        if game.is_over:
            assert summary.tiles == 0 and summary.stacks == 0


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 3, 5), (3, 4, 9), (4, 6, 7)])
def test_the_tiles_to_come_never_depend_on_the_order_of_the_stacks(
    players: int, seed: int, moves: int
) -> None:
    game = random_game(players, seed).replay(moves)
    other = reordered(game, seed)
    secret = hidden(game)
    assert other.deck != game.deck and len(secret.deck) < len(game.deck)
    assert to_come(game) == to_come(other) == to_come(secret)


def test_the_panel_says_the_counts_in_words_and_a_table_and_names_no_tile() -> None:
    game = random_game(3, 8).replay(12)
    summary = to_come(game)
    html = to_come_html(summary)
    assert f"{summary.stacks} stacks left." in html
    assert f"{summary.tiles} tiles not seen yet; nobody knows their order." in html
    assert html.count("<tr>") == 1 + len(DISTRICTS) + 1  # the head, each kind, the quarries
    stars = summary.stars(Kind.GARDEN)
    assert f"<td>{summary.plazas[Kind.GARDEN]} <span aria-hidden" in html
    assert f"({stars}\u2009★)</span>" in html and f"({stars} stars)</span>" in html
    assert "tile 1" not in html and "@" not in html


def test_the_panel_is_in_the_pages_language(pseudo) -> None:
    html = to_come_html(to_come(random_game(2, 3).replay(4)))
    assert "stacks left" not in html and "Quarries" not in html
