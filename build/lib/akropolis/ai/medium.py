"""The medium level: a real evaluation of the position, one move deep.

Every legal move is judged by ``features.Evaluator`` — the score it leads to plus what the city
can still become — minus ``deny`` times what the site it leaves is worth to the next player:
their best gain, by the same evaluation of *their* city, from the tiles they could afford.  In
a solo game the Architect's projected score once it has taken its next tile (forced, so known)
and the stones the move pays it counts against the move instead (``solo.py``); there the
ranking only gives the candidates of a short search (``search.SOLO_LOOKAHEAD``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..city import Spot
from ..game import Game, LegalMove
from ..rng import SplitMix64
from ..tiles import TILES
from .candidates import layouts, legal_move, ways
from .common import Effort, is_architect, turns_left, unseen_tiles
from .features import Evaluator, Outlook, total_turns
from .solo import architect_seat, next_pick_values, sites_left
from .weights import for_game


class Scored(NamedTuple):
    """A candidate move with its value (higher is better) and how to rebuild it."""

    value: float
    index: int
    tile: int
    spot: Spot
    way: int

    def legal(self) -> LegalMove:
        return legal_move(self.tile, self.index, self.spot, self.way)


def tile_gains(
    game: Game, player: int, tiles: list[int], weights: Mapping[str, float], effort: Effort
) -> tuple[dict[int, float], float]:
    """For ``player``'s next turn: each tile's best gain in their evaluation (the stones it
    costs left out), and what one stone is worth to them."""
    remaining = [*game.site, *unseen_tiles(game)]
    turns = max(turns_left(game, player) - 1, 0)
    outlook = Outlook(turns, total_turns(game, player), remaining)
    city = game.cities[player]
    evaluator = Evaluator(city, game.variants, outlook, weights)
    stones = game.stones[player]
    base = evaluator.value(stones)
    spots = layouts(city)
    gains: dict[int, float] = {}
    trial = evaluator.trial
    for tile in tiles:
        if tile in gains:
            continue
        kinds = TILES[tile].hexes
        count = ways(tile)
        best = float("-inf")
        for spot, cells in spots:
            left = stones + spot.stones
            for way in range(count):
                value = trial(cells[way], kinds, spot.level, left)
                if value > best:
                    best = value
            effort.spend(count)
        gains[tile] = best - base
    return gains, evaluator.stone_value


def denial(
    game: Game, weights: Mapping[str, float], effort: Effort
) -> tuple[list[float], list[list[int] | None]]:
    """For each site index the player to move may take: the value, to the next player, of the
    site left behind (0 when the next seat is the Architect, whose moves are forced), and the
    site that player's best pick leaves after them (None if a new stack comes first)."""
    site = game.site
    taken = range(len(game.affordable()))
    following = (game.turn + 1) % game.players
    if is_architect(game, following) or len(site) < 2:
        return [0.0 for _ in taken], [None for _ in taken]
    purse = game.stones[following]
    gains, stone = tile_gains(game, following, list(site[: purse + 2]), weights, effort)
    refills = game.stacks_left > 0
    typical = sum(gains.values()) / len(gains)
    values: list[float] = []
    lefts: list[list[int] | None] = []
    for index in taken:
        left = list(site[:index] + site[index + 1 :])
        if len(left) == 1 and refills:  # a new stack comes: the last tile or an unknown one
            values.append(max(gains.get(left[0], typical), typical))
            lefts.append(None)
            continue
        best, pick = float("-inf"), 0
        for j, tile in enumerate(left[: purse + 1]):
            if gains[tile] - j * stone > best:
                best, pick = gains[tile] - j * stone, j
        values.append(best)
        del left[pick]
        lefts.append(None if len(left) <= 1 and refills else left)
    return values, lefts


def _next_turn_values(
    game: Game, weights: Mapping[str, float], effort: Effort, lefts: list[list[int] | None]
) -> list[float]:
    """Two players: for each site index the player may take, the best gain of their next turn
    from the site the other player's pick (``lefts``) will leave them (the usual gain when a
    new stack comes in between)."""
    player = game.turn
    tiles = sorted({tile for left in lefts if left for tile in left})
    gains, stone = tile_gains(game, player, tiles or list(game.site), weights, effort)
    typical = sum(gains.values()) / len(gains) if gains else 0.0
    stones = game.stones[player]
    out = []
    for index, left in enumerate(lefts):
        if not left:
            out.append(typical)
            continue
        purse = max(stones - index, 0)
        out.append(max(gains[t] - j * stone for j, t in enumerate(left[: purse + 1])))
    return out


def ranked(
    game: Game,
    weights: Mapping[str, float],
    effort: Effort,
    deny: bool = True,
    solo: bool = True,
) -> list[Scored]:
    """Every legal move of the player to move with its value, best first (ties in the engine's
    move order).  Stops early, with what it has judged, if ``effort`` runs out of time.

    ``deny``: weigh what the site left is worth to the next player (and, with 2 players, what
    their pick leaves for the next turn); ``solo``: weigh what the Architect gets.
    """
    player = game.turn
    city = game.cities[player]
    evaluator = Evaluator(city, game.variants, Outlook.of(game, player), weights)
    stones = game.stones[player]
    site = game.site
    weight = weights["deny"]
    penalty, lefts = denial(game, weights, effort) if deny else (None, None)
    architect = None
    if solo and architect_seat(game) is not None and player != architect_seat(game):
        # Solo: what the Architect will score, given the tile it takes next and the stones
        # this move pays it, counts fully against the move.
        architect = next_pick_values(game, SplitMix64(game.ply))
        lefts = sites_left(game)
    ahead = None
    if deny and weights.get("ahead") and game.players == 2 and lefts:
        ahead = _next_turn_values(game, weights, effort, lefts)
    spots = layouts(city)
    trial = evaluator.trial
    out: list[Scored] = []
    append = out.append
    for index in game.affordable():
        tile = site[index]
        kinds = TILES[tile].hexes
        count = ways(tile)
        cut = weight * penalty[index] if penalty else 0.0
        if architect:
            cut += weights.get("architect", 1.0) * architect[index]
        if ahead:
            cut -= weights["ahead"] * ahead[index]
        for spot, cells in spots:
            left = stones - index + spot.stones
            level = spot.level
            for way in range(count):
                append(Scored(trial(cells[way], kinds, level, left) - cut, index, tile, spot, way))
            effort.spend(count)
        if effort.out_of_time:
            break
    out.sort(key=lambda s: -s.value)  # stable: equal values keep the engine's order
    return out


def pick(scored: list[Scored], rng: SplitMix64) -> Scored | None:
    """The best of ``scored`` (sorted best first), ties broken by ``rng``."""
    if not scored:
        return None
    best = scored[0].value
    tied = 1
    while tied < len(scored) and scored[tied].value == best:
        tied += 1
    return scored[rng.below(tied)]


def choose_medium(
    game: Game, rng: SplitMix64, effort: Effort, weights: Mapping[str, float] | None = None
) -> LegalMove | None:
    best = pick(ranked(game, weights or for_game(game), effort), rng)
    return None if best is None else best.legal()
