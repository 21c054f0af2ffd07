"""Exact play in the last round, when every tile still to come is on the Construction Site.

Once the last stack is revealed nothing is hidden any more, and each player has at most one
turn left.  A player's placement then changes nothing for the others (cities are separate, and
the stones a player pays go to the reserve): it only makes their own final score.  So the
whole rest of the game is the order in which the tiles are taken:

1. for every player still to move and every tile they could take, their best placement of it
   — the highest final score, then the most stones (the tie-break) — found by playing each
   legal placement on the city and scoring it exactly (``best_placements``);
2. a search over the picks alone (at most 5 tiles for 4 players: 120 orders), each player in
   turn taking the tile that gives *them* the best result, the players after them doing the
   same (``solve``).

A player's result ranks a sole win above a shared one above a loss, then the margin over the
best other player, then their own total: what a strong player wants in the last round.  The
solo game (the Architect's forced moves and its own scoring) is not solved here.

It is the exact yardstick of the last round: the tests hold the levels to it (the hard search,
exact once nothing is hidden, already ends every sampled last round as well as this does).
"""

from __future__ import annotations

from typing import NamedTuple

from ..city import City
from ..game import Game, LegalMove
from ..hexes import pack
from ..scoring import score_city
from ..tiles import TILES
from .common import remaining_plays, unseen_tiles


class Best(NamedTuple):
    """A player's best placement of one tile: the city's points after it (stones not
    counted), the stones its quarries give, and the move (its site index still to be set)."""

    points: int
    gained: int
    move: LegalMove


class Outcome(NamedTuple):
    """The end of the game if each player plays as ``solve`` says: every player's final total
    and stones, and the first mover's move."""

    totals: tuple[int, ...]
    stones: tuple[int, ...]
    move: LegalMove | None


def solvable(game: Game) -> bool:
    """Whether the rest of ``game`` is known and short enough to solve exactly: nothing is
    hidden, each player has at most one turn left, and no seat is the solo Architect."""
    if game.is_over or game.architect is not None or unseen_tiles(game):
        return False
    return remaining_plays(game) <= game.players


def placement_points(city: City, info: LegalMove, variants) -> int:
    """The city's points (stones left aside) once ``info`` is placed: played, scored, undone."""
    city.put(info.move, tuple(pack(*cell) for cell in info.cells), info.level)
    try:
        return score_city(city, variants, 0).total
    finally:
        city.undo()


def best_placements(game: Game, player: int, tiles: list[int]) -> dict[int, Best]:
    """``player``'s best placement of each of ``tiles`` in their city as it is now."""
    city = game.cities[player].copy()
    spots = city.spots()
    variants = game.variants
    best: dict[int, Best] = {}
    for tile in tiles:
        options = _placements(tile, spots)
        for info in options:
            points = placement_points(city, info, variants)
            key = (points + info.stones_gained, info.stones_gained)
            held = best.get(tile)
            if held is None or key > (held.points + held.gained, held.gained):
                best[tile] = Best(points, info.stones_gained, info)
    return best


def _placements(tile: int, spots) -> list[LegalMove]:
    """Every distinct placement of ``tile`` on the city's legal spots (site index 0 for now)."""
    count = 1 if TILES[tile].uniform else 3
    new = tuple.__new__
    return [
        new(LegalMove, (tile, anchor, rotation, 0, 0, spot.level, cells, spot.stones))
        for spot in spots
        for anchor, rotation, cells in spot.orientations[:count]
    ]


def rank(totals: tuple[int, ...], stones: tuple[int, ...], player: int) -> tuple:
    """How much ``player`` likes this end: a sole win, then a shared one, then a loss; then the
    margin over the best other player; then their own total."""
    best = max(totals)
    leaders = [p for p, total in enumerate(totals) if total == best]
    most = max(stones[p] for p in leaders)
    winners = [p for p in leaders if stones[p] == most]
    share = 1.0 / len(winners) if player in winners else 0.0
    others = max((t for p, t in enumerate(totals) if p != player), default=0)
    return (share, totals[player] - others, totals[player])


def solve(game: Game) -> Outcome:
    """The exact end of a ``solvable`` game: each player in turn takes the tile best for them
    (knowing the others after them will do the same) and places it as well as it can go."""
    players = game.players
    order = [(game.turn + i) % players for i in range(remaining_plays(game))]
    site = tuple(game.site)
    bests = {p: best_placements(game, p, list(site)) for p in set(order)}
    start_totals = [game.score(p).total for p in range(players)]
    start_stones = list(game.stones)

    def search(step: int, site: tuple[int, ...], totals: list[int], stones: list[int]) -> Outcome:
        if step == len(order):
            return Outcome(tuple(totals), tuple(stones), None)
        player = order[step]
        best_outcome: Outcome | None = None
        best_rank = None
        for index in range(min(len(site), stones[player] + 1)):
            tile = site[index]
            found = bests[player].get(tile)
            if found is None:  # the tile fits nowhere: it cannot be taken
                continue
            left = stones[player] - index + found.gained
            now_totals = totals.copy()
            now_stones = stones.copy()
            now_totals[player] = found.points + left
            now_stones[player] = left
            end = search(step + 1, site[:index] + site[index + 1 :], now_totals, now_stones)
            score = rank(end.totals, end.stones, player)
            if best_rank is None or score > best_rank:
                move = found.move._replace(site_index=index, cost=index)
                best_outcome, best_rank = Outcome(end.totals, end.stones, move), score
        if best_outcome is None:  # no tile fits anywhere: the game cannot go on this way
            return Outcome(tuple(totals), tuple(stones), None)
        return best_outcome

    return search(0, site, start_totals, start_stones)
