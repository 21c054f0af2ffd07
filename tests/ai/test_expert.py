"""The expert level (``akropolis.ai.expert``): the hard search, deeper and wider, in every kind
of game the engine plays, and a level the records, the schema and the command line know."""

from __future__ import annotations

import json

import pytest

import akropolis.ai
from akropolis import Game, records
from akropolis.ai import LEVELS, choose, search
from akropolis.ai.common import Effort, determinized, turns_left
from akropolis.ai.expert import (
    EXPERT_CANDIDATES,
    EXPERT_DENY,
    EXPERT_EFFORT,
    EXPERT_PLIES,
    EXPERT_REFILLS,
    EXPERT_SOLO_EFFORT,
    EXPERT_SOLO_PLIES,
)
from akropolis.ai.search import EFFORT, Searcher
from akropolis.ai.solo import final_chance, win_chance
from akropolis.ai.weights import for_game
from akropolis.checks import AI_KINDS, ARCHITECT_LEVELS, VARIANTS
from akropolis.rng import SplitMix64
from akropolis.simulate import random_game

SMALL = 1500


def midgame(players: int, seed: int, **options) -> Game:
    played = random_game(players, seed, **options)
    return played.replay(played.ply // 2)


def shape_of(monkeypatch, game: Game, level: str) -> tuple[int, int]:
    """(candidates weighed, turns followed) by ``level``'s search in ``game``."""
    seen = []
    real = search.Searcher

    class Spy(real):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            seen.append(self.plies)

    counted = []
    shortlist = search.shortlist

    def counting(scored, count):
        counted.append(count)
        return shortlist(scored, count)

    monkeypatch.setattr(search, "Searcher", Spy)
    monkeypatch.setattr(search, "shortlist", counting)
    choose(game, level, seed=1, effort=SMALL)
    return counted[-1], seen[-1]


def test_expert_is_the_fourth_and_strongest_level() -> None:
    assert LEVELS[-1] == "expert" and "ai:expert" in AI_KINDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_looks_two_turns_further_than_hard_over_more_moves(monkeypatch, players) -> None:
    game = midgame(players, 5 + players)
    hard = shape_of(monkeypatch, game, "hard")
    expert = shape_of(monkeypatch, game, "expert")
    assert expert == (EXPERT_CANDIDATES, EXPERT_PLIES[players])
    assert expert[0] > hard[0] and expert[1] == hard[1] + 2


def test_expert_follows_as_many_turns_as_hard_in_the_solo_game(monkeypatch) -> None:
    game = Game(2, seed=9, kinds=["human", "architect:callicrates"])
    for _ in range(6):
        game.play(choose(game, "medium", seed=game.ply).move)
    expert = shape_of(monkeypatch, game, "expert")
    assert expert == (EXPERT_CANDIDATES, EXPERT_SOLO_PLIES)
    assert EXPERT_SOLO_PLIES == search.SOLO_PLIES == shape_of(monkeypatch, game, "hard")[1]


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"all_tiles": True}),
        (3, {"all_tiles": True}),
        (4, {"variants": VARIANTS}),
        (3, {"variants": ("markets", "temples")}),
    ],
)
def test_expert_plays_every_seat_count_variant_and_the_all_tiles_option(players, options) -> None:
    game = Game(players, seed=31, **options)
    while not game.is_over:
        level = "expert" if game.turn == 0 else "greedy"
        game.play(choose(game, level, seed=game.ply, effort=SMALL))
    assert game.is_over


@pytest.mark.parametrize("architect", ARCHITECT_LEVELS)
def test_expert_is_the_persons_side_of_a_solo_game(architect) -> None:
    """Asked for the person's move (a Hint) in a solo game, expert gives a legal one, and on
    the Architect's turn its forced move."""
    game = Game(2, seed=4, kinds=["human", f"architect:{architect}"])
    while not game.is_over:
        move = choose(game, "expert", seed=game.ply, effort=SMALL)
        if game.turn == 1:
            assert move == game.forced_move()
        game.play(move)


def test_records_carry_an_expert_seat_and_older_records_still_load() -> None:
    game = Game(2, seed=3, kinds=["human", "ai:expert"])
    game.play(choose(game, "expert", seed=1, effort=SMALL))
    text = records.dump(game)
    again = records.load(text)
    assert again.kinds == ("human", "ai:expert") and again.moves == game.moves
    older = json.loads(text)
    older["players"][1]["kind"] = "ai:hard"
    assert records.load(json.dumps(older)).kinds[1] == "ai:hard"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_the_expert_tries_weigh_what_each_pick_leaves_the_next_player(players, seed) -> None:
    """In the expert's tries a seat's pick counts against it ``deny`` times the next seat's
    estimate after their best pick from the site it leaves: the same as playing the pick and
    asking the next seat's best move."""
    played = random_game(players, seed)
    game = played.replay(played.ply // 3)
    dealt = determinized(game, SplitMix64(seed))
    weights = for_game(dealt)
    searcher = Searcher(dealt, weights, Effort(1e9), deny=EXPERT_DENY)
    greedy = Searcher(dealt, weights, Effort(1e9))
    keys = [()] * players
    leaves = searcher.leaves(dealt, keys)
    assert leaves is not None and len(leaves) == len(dealt.affordable())
    following = (dealt.turn + 1) % players
    for index, expected in enumerate(leaves):
        after = dealt.copy()
        move = next(m for m in after.legal_moves() if m.site_index == index)
        after.play(move)
        moved = [(move.move,) if p == dealt.turn else () for p in range(players)]
        assert after.turn == following
        _, best = greedy.policy(after, moved)
        assert expected == pytest.approx(EXPERT_DENY * best)


def searcher_setting(monkeypatch, game: Game, name: str) -> dict[str, object]:
    """The searcher's attribute ``name`` when hard and expert choose a move in ``game``."""
    seen = {}
    real = search.Searcher

    class Spy(real):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            seen[level] = getattr(self, name)

    monkeypatch.setattr(search, "Searcher", Spy)
    for level in ("hard", "expert"):
        choose(game, level, seed=1, effort=SMALL)
    return seen


def test_only_the_expert_weighs_in_its_tries_what_a_pick_leaves(monkeypatch) -> None:
    seen = searcher_setting(monkeypatch, midgame(2, 12), "deny")
    assert seen == {"hard": 0.0, "expert": EXPERT_DENY}


def solo_before_a_refill(seed: int) -> Game:
    """A solo game against Metagenes with the human to move and two tiles on the site, so
    that whatever they take, a new stack is turned over before the Architect's reply."""
    game = Game(2, seed=seed, kinds=["human", "architect:metagenes"])
    while not (game.turn == 0 and len(game.site) == 2 and game.stacks_left > 4):
        game.play(choose(game, "greedy", seed=game.ply))
    return game


def with_next_stack_swapped(game: Game, later: int) -> Game:
    """``game`` with its next hidden stack swapped for the one ``later`` stacks after it."""
    size = game.options.stack_size
    start = game.revealed
    beyond = start + later * size
    deck = list(game.deck)
    deck[start : start + size], deck[beyond : beyond + size] = (
        deck[beyond : beyond + size],
        deck[start : start + size],
    )
    swapped = game.copy()
    swapped.deck = tuple(deck)
    return swapped


def test_the_expert_tries_do_not_peek_at_the_stack_turned_over_before_the_architects_reply() -> (
    None
):
    """Where the human's pick leaves one tile, a new stack comes before the Architect's
    forced reply: the expert's look weighs that reply over other hidden stacks, so it is the
    same whichever stack the deal turns over next; hard's weighs the one dealt."""
    hard_saw = []
    for seed in range(4):
        dealt = determinized(solo_before_a_refill(seed), SplitMix64(seed))
        swapped = with_next_stack_swapped(dealt, EXPERT_REFILLS + 1)
        assert swapped.deck != dealt.deck
        weights = for_game(dealt)

        def denial(game: Game, refills: int, weights=weights) -> list[float]:
            searcher = Searcher(game, weights, Effort(1e9), refills=refills)
            return searcher.denial(game, [(), ()])

        assert denial(dealt, EXPERT_REFILLS) == denial(swapped, EXPERT_REFILLS)
        hard_saw.append(denial(dealt, 0) != denial(swapped, 0))
        sites = Searcher(dealt, weights, Effort(1e9), refills=EXPERT_REFILLS).sites_left(dealt, 0)
        assert len(sites) == EXPERT_REFILLS
        size = dealt.options.stack_size
        assert all(site[0] == dealt.site[1] and len(site) == size + 1 for site in sites)
    assert any(hard_saw)


def test_only_the_expert_samples_the_stack_before_the_architects_reply(monkeypatch) -> None:
    seen = searcher_setting(monkeypatch, solo_before_a_refill(1), "refills")
    assert seen == {"hard": 0, "expert": EXPERT_REFILLS}


def test_only_the_expert_judges_its_solo_leaves_by_the_chance_of_winning(monkeypatch) -> None:
    seen = searcher_setting(monkeypatch, solo_before_a_refill(2), "chance")
    assert seen == {"hard": False, "expert": True}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_solo_leaf_judged_by_chance_is_the_chance_of_its_margin(seed) -> None:
    game = solo_before_a_refill(seed)
    weights = for_game(game)
    move = game.legal_moves()[0]
    deal = SplitMix64(seed).next()
    margin, revealed = Searcher(game, weights, Effort(1e9), plies=4).try_once(move, deal)
    chance = Searcher(game, weights, Effort(1e9), plies=4, chance=True).try_once(move, deal)
    turns = turns_left(game, 0) - 3  # the move, then two more of the player's turns
    assert chance == (100 * win_chance(margin, turns), revealed)
    assert 0 < chance[0] < 100


def solo_last_turn(seed: int) -> Game:
    """A solo game against Metagenes at the human's last turn (only the Architect's last
    pick comes after it)."""
    game = Game(2, seed=seed, kinds=["human", "architect:metagenes"])
    while not (game.turn == 0 and turns_left(game, 0) == 1):
        game.play(choose(game, "greedy", seed=game.ply))
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_a_solo_try_that_reaches_the_end_is_judged_by_who_wins(seed) -> None:
    """Once the player's last turn is played in a try, the Architect's forced picks are
    played out and the try is worth the game's real outcome: 100 for a win, 0 for a loss,
    plus a hundredth of the final margin (``solo.final_chance``), never a chance of a
    margin that is already known."""
    game = solo_last_turn(seed)
    weights = for_game(game)
    for move in game.legal_moves()[::7]:
        value, revealed = Searcher(game, weights, Effort(1e9), chance=True).try_once(move, 3)
        played = game.copy()
        played.play(move)
        played.play(played.forced_move())
        assert played.is_over and not revealed
        totals = [score.total for score in played.scores()]
        assert value == final_chance(totals, played.stones)
        # Hard judges the same try by the estimated margin, still with a turn to come.
        margin, _ = Searcher(game, weights, Effort(1e9)).try_once(move, 3)
        assert value != margin


def test_the_end_of_a_solo_game_is_won_by_more_points_or_as_many_and_more_stones() -> None:
    """``final_chance`` follows the solo rule (docs/rules.md, "Who wins the solo game")."""
    assert final_chance([120, 110], [0, 5]) == 100 + 10 / 100
    assert final_chance([110, 120], [9, 0]) == -10 / 100
    assert final_chance([115, 115], [3, 2]) == 100
    assert final_chance([115, 115], [2, 2]) == 0
    assert final_chance([115, 115], [1, 2]) == 0
    assert final_chance([114.99999999, 115], [3, 2]) == 100  # estimates are floats


def test_the_chance_is_judged_only_against_the_architect() -> None:
    game = midgame(2, 4)
    weights = for_game(game)
    move = game.legal_moves()[0]
    plain = Searcher(game, weights, Effort(1e9)).try_once(move, 5)
    assert Searcher(game, weights, Effort(1e9), chance=True).try_once(move, 5) == plain


def test_the_chance_of_winning_grows_with_the_margin_and_firms_up_as_turns_run_out() -> None:
    assert win_chance(0.0, 9) == pytest.approx(0.5)
    assert win_chance(10.0, 5) + win_chance(-10.0, 5) == pytest.approx(1.0)
    margins = [-40, -10, -1, 0, 1, 10, 40]
    for turns in (0, 1, 4, 12):
        chances = [win_chance(m, turns) for m in margins]
        assert chances == sorted(chances) and len(set(chances)) == len(chances)
        assert all(0.0 <= c <= 1.0 for c in chances)
    ahead = [win_chance(10.0, turns) for turns in (18, 12, 8, 4, 2, 1, 0)]
    assert ahead == sorted(ahead) and ahead[-1] > 0.99 and ahead[0] < 0.75
    # From ten turns on the margin strays about as far whatever the turns (MARGIN_SPREAD_MOST).
    assert win_chance(10.0, 12) == win_chance(10.0, 18)


def default_units(monkeypatch, game: Game, level: str) -> float:
    """The work units ``level`` is given by default for the move to play in ``game``."""
    seen = []
    real = akropolis.ai.Effort

    class Spy(real):
        def __init__(self, units, budget_ms=None) -> None:
            super().__init__(units, budget_ms)
            seen.append(units)

    monkeypatch.setattr(akropolis.ai, "Effort", Spy)
    choose(game, level, seed=1, budget_ms=1)  # the budget ends the search at once
    return seen[-1]


def test_the_expert_judges_twice_its_placements_in_the_solo_game(monkeypatch) -> None:
    """Against the Architect (where more tries tell close chances of winning apart) the
    expert's default effort is twice its effort with 2 to 4 players; hard's is the same in
    both."""
    solo = Game(2, seed=4, kinds=["human", f"architect:{ARCHITECT_LEVELS[1]}"])
    table = Game(2, seed=4)
    assert default_units(monkeypatch, solo, "expert") == EXPERT_SOLO_EFFORT == 2 * EXPERT_EFFORT
    assert default_units(monkeypatch, table, "expert") == EXPERT_EFFORT
    assert default_units(monkeypatch, solo, "hard") == default_units(monkeypatch, table, "hard")
    assert default_units(monkeypatch, table, "hard") == EFFORT
