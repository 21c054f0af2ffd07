"""The evaluation of a position for one player: the score now plus what the city can become.

``measure`` reads a city's visible hexes into raw features in one pass: each district kind's
plaza stars and counting value (variants applied, exactly as ``score_city`` counts them), and
the value that could still count — houses outside the largest group, markets crowded by
markets, barracks shut in, temples by how many empty sides are left — and the visible quarries.

``Outlook`` is what the rest of the game holds for the player: how many tiles they will still
place and, per kind, the plazas and districts among the tiles not yet played (which tiles, not
their order: that is public).  ``Evaluator.value`` turns features and outlook into one number,
an estimate of the final score: per kind, (value + potential + expected future value) × (stars
+ expected future stars), plus the stones with what they can still buy.  The weights come from
self-play (``weights.py``, ``tools/tune_ai.py``).

``Evaluator.trial`` scores a placement without playing it: it writes the three hexes into the
city, measures, and restores the city exactly — the hot path of every level.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from ..city import City
from ..game import Game
from ..hexes import OFFSETS, TRIANGLE_SHAPES, pack, unpack
from ..tiles import TILES
from .common import remaining_plays, turns_left, unseen_tiles
from .incremental import Base

#: Kind numbers (``tiles.Kind``) as plain ints, for the hot loops.
QUARRY, HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN = range(6)
MARKET_PLAZA = 7
#: Stars of one plaza, by district number (index 0 unused).
STARS = (0, 1, 2, 2, 2, 3)
HOUSE_THRESHOLD = 10

#: Raw feature indexes: values V1..V5 at 1..5, stars S1..S5 at 6..10, then potentials.
HOUSE_OTHER, MARKET_CROWDED, BARRACKS_INNER = 11, 12, 13
TEMPLE_OPEN = (14, 15, 16)  # temples with 1, 2, 3+ empty sides
QUARRIES = 17
FEATURES = 18


def _ring(shape: tuple[int, int, int]) -> tuple[int, ...]:
    """The nine cells around a triangle (offsets from its base), in order round it, so that
    each is next to the one before (found from the hexes' centres, so any packing works)."""
    base = pack(50, 50)
    cells = [base + o for o in shape]
    around = {c + d for c in cells for d in OFFSETS} - set(cells)

    def centre(cell: int) -> tuple[float, float]:
        q, r = unpack(cell)
        return 1.5 * q, math.sqrt(3) * (r + q / 2)

    cx = sum(centre(c)[0] for c in cells) / 3
    cy = sum(centre(c)[1] for c in cells) / 3
    ring = sorted(around, key=lambda c: math.atan2(centre(c)[1] - cy, centre(c)[0] - cx))
    assert len(ring) == 9 and all(ring[i] - ring[i - 1] in OFFSETS for i in range(9))
    return tuple(c - base for c in ring)


#: The rings of the two canonical triangle shapes (``hexes.TRIANGLE_SHAPES``).
_RINGS = tuple(_ring(offsets) for offsets, _ in TRIANGLE_SHAPES)
_S = TRIANGLE_SHAPES[0][0][2]  # the offset of the southern neighbour


def may_split(cells: tuple[int, int, int], height: dict[int, int]) -> bool:
    """Whether filling three empty ``cells`` might cut an empty region in two (creating a
    lake): only if the empty cells around them form two or more separate runs."""
    s0, s1, _ = sorted(cells)
    ring = _RINGS[0] if s1 - s0 == _S else _RINGS[1]
    base = s0 if s1 - s0 == _S else s1
    empty = [base + o not in height for o in ring]
    return sum(1 for i in range(9) if empty[i] and not empty[i - 1]) > 1


def _flood(start: int, region: set[int]) -> set[int]:
    found = {start}
    todo = [start]
    pop, push, add = todo.pop, todo.append, found.add
    d0, d1, d2, d3, d4, d5 = OFFSETS
    while todo:
        c = pop()
        for n in (c + d0, c + d1, c + d2, c + d3, c + d4, c + d5):
            if n in region and n not in found:
                add(n)
                push(n)
    return found


def measure(
    height: dict[int, int],
    kind: dict[int, int],
    frontier: set[int],
    variants: frozenset[str],
    outside: set[int] | None = None,
) -> list[int]:
    """The raw features of a city (see the module's docstring); ``outside`` may be given when
    the caller knows the frontier cells outside the city (else it is flooded if needed)."""
    f = [0] * FEATURES
    houses: list[int] = []
    markets: list[int] = []
    barracks: list[int] = []
    temples: list[int] = []
    gardens: list[int] = []
    lists = (None, houses, markets, barracks, temples, gardens)
    quarries = 0
    for cell, k in kind.items():
        if k > 5:
            f[k] += STARS[k - 5]  # plaza of district k-5: stars at index k (6..10)
        elif k:
            lists[k].append(cell)
        else:
            quarries += 1
    f[QUARRIES] = quarries
    d0, d1, d2, d3, d4, d5 = OFFSETS

    if houses:
        unseen = set(houses)
        best_size = best_value = total = 0
        while unseen:
            start = unseen.pop()
            todo = [start]
            size, value = 1, height[start]
            while todo:
                c = todo.pop()
                for n in (c + d0, c + d1, c + d2, c + d3, c + d4, c + d5):
                    if n in unseen:
                        unseen.remove(n)
                        todo.append(n)
                        size += 1
                        value += height[n]
            total += value
            if size > best_size or (size == best_size and value > best_value):
                best_size, best_value = size, value
        f[HOUSE_OTHER] = total - best_value
        if best_value >= HOUSE_THRESHOLD and "houses" in variants:
            best_value *= 2
        f[HOUSE] = best_value

    if markets:
        doubling = "markets" in variants
        value = crowded = 0
        get = kind.get
        for c in markets:
            near = (get(c + d0), get(c + d1), get(c + d2), get(c + d3), get(c + d4), get(c + d5))
            if MARKET in near:
                crowded += height[c]
            elif doubling and MARKET_PLAZA in near:
                value += 2 * height[c]
            else:
                value += height[c]
        f[MARKET] = value
        f[MARKET_CROWDED] = crowded

    garden_lakes = gardens and "gardens" in variants
    if barracks or garden_lakes:
        if outside is None:
            outside = _flood(min(frontier), frontier)
        if barracks:
            doubling = "barracks" in variants
            value = inner = 0
            for c in barracks:
                edge = (
                    (c + d0 in outside)
                    + (c + d1 in outside)
                    + (c + d2 in outside)
                    + (c + d3 in outside)
                    + (c + d4 in outside)
                    + (c + d5 in outside)
                )
                if not edge:
                    inner += height[c]
                elif doubling and (edge == 3 or edge == 4):
                    value += 2 * height[c]
                else:
                    value += height[c]
            f[BARRACKS] = value
            f[BARRACKS_INNER] = inner
        if garden_lakes:
            value = 0
            for c in gardens:
                lake = False
                for n in (c + d0, c + d1, c + d2, c + d3, c + d4, c + d5):
                    if n in frontier and n not in outside:
                        lake = True
                        break
                value += 2 * height[c] if lake else height[c]
            f[GARDEN] = value
    if gardens and not garden_lakes:
        f[GARDEN] = sum(height[c] for c in gardens)

    if temples:
        doubling = "temples" in variants
        value = 0
        t1 = t2 = t3 = 0
        for c in temples:
            empty = (
                (c + d0 not in height)
                + (c + d1 not in height)
                + (c + d2 not in height)
                + (c + d3 not in height)
                + (c + d4 not in height)
                + (c + d5 not in height)
            )
            level = height[c]
            worth = 2 * level if doubling and level >= 2 else level
            if not empty:
                value += worth
            elif empty == 1:
                t1 += worth
            elif empty == 2:
                t2 += worth
            else:
                t3 += worth
        f[TEMPLE] = value
        f[TEMPLE_OPEN[0]], f[TEMPLE_OPEN[1]], f[TEMPLE_OPEN[2]] = t1, t2, t3
    return f


def score_of(features: list[int], stones: int) -> int:
    """The score the features give now (equal to ``score_city(...).total``)."""
    return sum(features[k] * features[k + 5] for k in range(1, 6)) + stones


class Outlook:
    """What is left of the game for one player after the position being judged.

    ``turns`` is how many more tiles the player will place; ``fraction`` that as a share of a
    whole game's; ``plazas[k]`` and ``districts[k]`` the plaza and district hexes of kind k
    per tile among the tiles still to be played (site and stacks).
    """

    __slots__ = ("districts", "fraction", "plazas", "turns")

    def __init__(self, turns: int, total_turns: int, remaining: Iterable[int]) -> None:
        self.turns = turns
        self.fraction = turns / total_turns if total_turns else 0.0
        plazas = [0.0] * 6
        districts = [0.0] * 6
        count = 0
        for tile in remaining:
            count += 1
            for k in TILES[tile].hexes:
                if k > 5:
                    plazas[k - 5] += 1
                elif k:
                    districts[k] += 1
        if count:
            plazas = [p / count for p in plazas]
            districts = [d / count for d in districts]
        self.plazas = plazas
        self.districts = districts

    @classmethod
    def of(cls, game: Game, player: int, after_move: bool = True) -> Outlook:
        """The player's outlook in ``game``; ``after_move``: once the player to move has
        moved (their turn then no longer counts as still to come)."""
        plays = remaining_plays(game)
        turns = turns_left(game, player, plays)
        if after_move and player == game.turn and turns:
            turns -= 1
        total = total_turns(game, player)
        return cls(turns, total, [*game.site, *unseen_tiles(game)])


def total_turns(game: Game, player: int) -> int:
    """How many tiles ``player`` places in the whole game."""
    plays = len(game.deck) - 1
    return 0 if player >= plays else (plays - player - 1) // game.players + 1


class Trial:
    """Measures a city as it is, or with one placement tried on it (``incremental.Base``:
    only the cells the placement changes are read again)."""

    __slots__ = ("_base", "city", "variants")

    def __init__(self, city: City, variants: frozenset[str], base: Base | None = None) -> None:
        self.city = city
        self.variants = variants
        self._base = base

    def base(self) -> Base:
        """The city measured once, for the placements tried on it (made on first use)."""
        if self._base is None:
            city = self.city
            self._base = Base(city.height, city.kind, city.frontier, self.variants, measure)
        return self._base

    def features(self) -> list[int]:
        city = self.city
        return measure(city.height, city.kind, city.frontier, self.variants)

    def trial_features(self, cells: tuple[int, int, int], kinds: tuple, level: int) -> list[int]:
        """The raw features of the city with a tile's ``kinds`` on packed ``cells`` at
        ``level`` (a legal placement); the city is left as it was."""
        base = self._base or self.base()
        return base.after(cells, kinds, level)


class Evaluator(Trial):
    """Estimates one player's final score from their city, stones and outlook."""

    __slots__ = ("coefficients", "outlook", "stone_value")

    def __init__(
        self, city: City, variants: frozenset[str], outlook: Outlook, weights: Mapping[str, float]
    ) -> None:
        super().__init__(city, variants)
        self.outlook = outlook
        self.coefficients = _coefficients(outlook, weights)
        self.stone_value = self.coefficients[-1]

    def value_of(self, f: list[int], stones: int) -> float:
        """The estimate for raw features ``f`` and ``stones``."""
        fs, fv, pot, quarry, stone = self.coefficients
        total = stone * stones + quarry * f[QUARRIES]
        potential = (
            0.0,
            pot[0] * f[HOUSE_OTHER],
            pot[1] * f[MARKET_CROWDED],
            pot[2] * f[BARRACKS_INNER],
            pot[3] * f[14] + pot[4] * f[15] + pot[5] * f[16],
            0.0,
        )
        for k in (1, 2, 3, 4, 5):
            v = f[k] + potential[k] + fv[k]
            total += v * (f[k + 5] + fs[k]) - fv[k] * fs[k]
        return total

    def value(self, stones: int) -> float:
        return self.value_of(self.features(), stones)

    def trial(self, cells: tuple[int, int, int], kinds: tuple, level: int, stones: int) -> float:
        """The estimate after a placement (see ``trial_features``) with ``stones`` left."""
        return self.value_of(self.trial_features(cells, kinds, level), stones)


def _coefficients(outlook: Outlook, w: Mapping[str, float]) -> tuple:
    """Per-kind expected future stars and values and the other multipliers, for ``value_of``."""
    turns = outlook.turns
    fs = [w["star"] * STARS[k] * turns * outlook.plazas[k] for k in range(6)]
    fv = [w["value"] * turns * outlook.districts[k] for k in range(6)]
    soon = min(1.0, turns / 2)
    pot = (
        w["house_other"] * soon,
        w["market_crowded"] * soon,
        w["barracks_inner"] * soon,
        w["temple1"] * soon,
        w["temple2"] * soon,
        w["temple3"] * soon,
    )
    quarry = w["quarry"] * outlook.fraction
    stone = 1.0 + w["stone"] * outlook.fraction
    return fs, fv, pot, quarry, stone
