"""Playing the solo game: the Architect's projected final score and what each pick gives it.

The Architect scores by counts (``architect.score_architect``): per kind, its districts × V
(doubled by the variants its level allows) × its plaza stars, plus its stones (and Metagenes'
quarries).  Where its tiles go never matters, so a tile's worth to it is just the hexes it adds.
``Projection`` estimates its final score from its counts now and what its turns left should
bring: the districts of an average tile still to come, its stones (each worth more than its
point while turns are left: stones buy plaza tiles further along the site), and its share of
the plaza tiles still to come (it always takes the cheapest tile with a plaza it can afford, so
it gets most of those the human leaves), kind by kind. Every plaza tile the human takes is one
fewer for it, which is how denying it plazas pays. With no turn left the projection is exactly
its score.

``next_pick_value`` is what the medium level weighs for each tile it could take: the
Architect's projection once it has made its next pick from the site left behind (its pick is
forced, so it is known; after a refill, averaged over dealings of the unseen tiles).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..architect import architect_choice, person_wins
from ..game import Game
from ..rng import SplitMix64
from ..tiles import TILES
from .common import turns_left, unseen_tiles
from .measure import BARRACKS, GARDEN, HOUSE, HOUSE_THRESHOLD, MARKET, STARS, TEMPLE

#: The most of its turns on which the Architect is expected to take a plaza.
PLAZA_RATE = 0.8
#: The share of the plaza tiles still to come that the Architect is expected to take.
PLAZA_SHARE = 0.6
#: What a stone held with turns to come is worth to the Architect beyond its point, per unit of
#: its V: it buys plaza tiles further along the site, whose stars multiply districts worth V.
#: Hard's mean margin against Callicrates (V = 2), 24 seeded games, by the worth per stone:
#: 0 → −17.3, 4 → −13.2, 8 → −10.9, 15 → −15.6; 24 more: 0 → −29.8, 8 → −24.7.  Expert
#: against Metagenes (V = 1), the 100 games of seed 101: 8 → 86% won, margin +25.2; 4 → 94%,
#: +30.6.
STONE_EXTRA = 4.0
#: Turns over which that extra worth fades out.
STONE_TURNS = 4
#: Markets doubled per market-plaza hex (markets variant, ``architect.MARKETS_PER_PLAZA``).
MARKETS_PER_PLAZA = 3
#: Dealings of the unseen tiles averaged when the site is refilled before its pick.
REFILL_SAMPLES = 12
#: How far the final margin over the Architect strays from its estimate (its standard
#: deviation) with ``t`` turns left: ``MARGIN_SPREAD`` × √t, at most ``MARGIN_SPREAD_MOST``.
#: Measured on 80 games of hard against Metagenes (deals 600,000 on): what the margin's
#: estimate at each of the player's turns missed of the final margin, 6.5 points with one turn
#: left, 9.5 with two, 12.3 with four, 17.4 with eight, 19 to 20 from ten turns on.
MARGIN_SPREAD = 6.5
MARGIN_SPREAD_MOST = 20.0


class Counts:
    """What the Architect's score depends on: districts and stars per kind, market-plaza
    hexes and visible quarries."""

    __slots__ = ("districts", "market_plazas", "quarries", "stars")

    def __init__(self, districts: list[int], stars: list[int], market_plazas: int, quarries: int):
        self.districts = districts
        self.stars = stars
        self.market_plazas = market_plazas
        self.quarries = quarries

    @classmethod
    def of_city(cls, kinds) -> Counts:
        return cls([0] * 6, [0] * 6, 0, 0).adding(kinds)

    def plus(self, tile: int) -> Counts:
        """The counts once ``tile`` is added (on level 1, covering nothing)."""
        return self.adding(TILES[tile].hexes)

    def adding(self, kinds) -> Counts:
        """The counts with these visible hexes added."""
        districts, stars = list(self.districts), list(self.stars)
        plazas, quarries = self.market_plazas, self.quarries
        for k in kinds:
            if k > 5:
                stars[k - 5] += STARS[k - 5]
                plazas += k == 7
            elif k:
                districts[k] += 1
            else:
                quarries += 1
        return Counts(districts, stars, plazas, quarries)


def _plaza_kind(tile: int) -> int:
    """The kind (1–5) of the tile's plaza, 0 if it has none (no tile has two)."""
    plazas = [k - 5 for k in TILES[tile].hexes if k > 5]
    return plazas[0] if plazas else 0


#: For each tile number, the kind of its plaza, 0 for none.
PLAZA_KIND = {tile: _plaza_kind(tile) for tile in TILES}


class Projection:
    """The Architect's projected final score in one game, by its counts, stones and turns,
    and the plaza tiles still to come."""

    __slots__ = ("architect", "districts", "pool", "variants")

    def __init__(self, game: Game, remaining: list[int]) -> None:
        self.architect = game.architect
        self.variants = game.variants
        districts = [0.0] * 6
        pool = [0] * 6
        for tile in remaining:
            pool[PLAZA_KIND[tile]] += 1
            for k in TILES[tile].hexes:
                if 0 < k <= 5:
                    districts[k] += 1
        count = max(len(remaining), 1)
        #: Expected districts of each kind per turn.
        self.districts = [d / count for d in districts]
        #: Plaza tiles of each kind among the tiles still to come (index 0: tiles without).
        self.pool = pool

    def plazas(self, turns: int, gone: Iterable[int] = ()) -> list[float]:
        """The stars of each kind the Architect should still get in ``turns`` turns, once the
        tiles ``gone`` have left the tiles still to come."""
        pool = self.pool
        if gone:
            pool = list(pool)
            for tile in gone:
                pool[PLAZA_KIND[tile]] -= 1
        left = sum(pool) - pool[0]
        if not left or not turns:
            return [0.0] * 6
        share = min(PLAZA_RATE * turns, PLAZA_SHARE * left) / left
        return [share * STARS[k] * pool[k] if k else 0.0 for k in range(6)]

    def worth(self, kind: int, count: float, market_plazas: float) -> float:
        """What ``count`` districts of ``kind`` are worth before stars."""
        architect, variants = self.architect, self.variants
        value = architect.value * count
        if kind == HOUSE:
            if "houses" in variants and value >= HOUSE_THRESHOLD:
                return 2 * value
        elif kind == MARKET:
            if "markets" in variants:
                return value + architect.value * min(count, MARKETS_PER_PLAZA * market_plazas)
        elif kind in (BARRACKS, GARDEN):
            if ("barracks" if kind == BARRACKS else "gardens") in variants:
                return 2 * value
        elif kind == TEMPLE and "temples" in variants and architect.temples_doubled:
            return 2 * value
        return value

    def value(self, counts: Counts, stones: int, turns: int, gone: Iterable[int] = ()) -> float:
        """The projected final score with ``turns`` tiles still to take, once the tiles
        ``gone`` (taken by anyone since the projection was made) have left the pool."""
        worth = 1.0 + STONE_EXTRA * self.architect.value * min(turns, STONE_TURNS) / STONE_TURNS
        total = stones * worth + self.architect.quarry_points * counts.quarries
        coming = self.plazas(turns, gone)
        plazas = counts.market_plazas + coming[MARKET] / STARS[MARKET]
        for k in (1, 2, 3, 4, 5):
            count = counts.districts[k] + turns * self.districts[k]
            stars = counts.stars[k] + coming[k]
            total += self.worth(k, count, plazas) * stars
        return total


def win_chance(margin: float, turns: int) -> float:
    """The chance of beating the Architect from an estimated ``margin`` with ``turns`` of the
    player's turns left: the normal law's, with the spread measured (``MARGIN_SPREAD``)."""
    spread = min(MARGIN_SPREAD_MOST, MARGIN_SPREAD * math.sqrt(max(turns, 0.25)))
    return 0.5 * math.erfc(-margin / (spread * math.sqrt(2)))


def final_chance(totals: Sequence[float], stones: Sequence[int]) -> float:
    """What the end of a game against the Architect is worth to the person, from both seats'
    final ``totals`` (estimates, rounded) and ``stones``: 100 for a win
    (``architect.person_wins``), 0 for a loss, plus a hundredth of the margin, so that of two
    wins the wider ranks first, and of two losses the narrower."""
    points = [round(total) for total in totals]
    return (100.0 if person_wins(points, stones) else 0.0) + (points[0] - points[1]) / 100


def architect_seat(game: Game) -> int | None:
    """The Architect's seat in a solo game, else None."""
    return 1 if getattr(game, "architect", None) is not None else None


def next_pick_values(game: Game, rng: SplitMix64) -> list[float]:
    """For each site index the human may take now: the Architect's projection once it has
    made its next pick from the site left (its stones including those the human pays)."""
    seat = 1
    remaining = [*game.site, *unseen_tiles(game)]
    projection = Projection(game, remaining)
    counts = Counts.of_city(game.cities[seat].kind.values())
    stones = game.stones[seat]
    turns = turns_left(game, seat)
    unseen = unseen_tiles(game)
    site = game.site
    refills = game.stacks_left > 0
    stack = game.options.stack_size
    out = []
    for index in range(len(game.affordable())):
        purse = stones + index
        left = list(site[:index] + site[index + 1 :])
        if len(left) == 1 and refills:  # a new stack comes first: average over dealings
            total = 0.0
            for _ in range(REFILL_SAMPLES):
                dealt = left + rng.shuffled(unseen)[:stack]
                total += _after_pick(projection, counts, dealt, purse, turns, site[index])
            out.append(total / REFILL_SAMPLES)
        elif not left or turns == 0:
            out.append(projection.value(counts, purse, 0))
        else:
            out.append(_after_pick(projection, counts, left, purse, turns, site[index]))
    return out


def sites_left(game: Game) -> list[list[int] | None]:
    """For each site index the human may take now: the site they will choose from next, once
    the Architect has taken its forced pick (None when a new stack comes in between)."""
    site = game.site
    refills = game.stacks_left > 0
    out: list[list[int] | None] = []
    for index in range(len(game.affordable())):
        pick = game.architect_reply(index)
        if pick is None:
            out.append(None)
            continue
        left = [tile for i, tile in enumerate(site) if i != index and i != pick]
        out.append(None if len(left) <= 1 and refills else left)
    return out


def _after_pick(
    projection: Projection, counts: Counts, site: list[int], stones: int, turns: int, taken: int
) -> float:
    """The projection once the human has taken ``taken`` and the Architect its pick."""
    pick = architect_choice(site, stones)
    tile = site[pick]
    return projection.value(counts.plus(tile), stones - pick, turns - 1, (taken, tile))
