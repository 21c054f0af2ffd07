"""The evaluation of a position for one player: the score now plus what the city can become.

``measure.py`` reads a city into raw features: each district kind's plaza stars and counting
value, what could still count, the visible quarries.

``Outlook`` is what the rest of the game holds for the player: how many tiles they will still
place and, per kind, the plazas and districts among the tiles not yet played (which tiles, not
their order: that is public).  ``Evaluator.value`` turns features and outlook into one number,
an estimate of the final score: per kind, (value + potential + expected future value) × (stars
+ expected future stars), plus the stones with what they can still buy.  The weights come from
self-play (``weights.py``, ``tools/tune_ai.py``).

``Evaluator.trial`` scores a placement without playing it (``trials.Base``: only the cells
the placement changes are read again) — the hot path of every level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..city import City
from ..game import Game
from ..tiles import TILES
from .common import remaining_plays, turns_left, unseen_tiles
from .measure import BARRACKS_INNER, HOUSE_OTHER, MARKET_CROWDED, QUARRIES, STARS, measure
from .trials import Base


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
    plays = game.tile_count - 1
    return 0 if player >= plays else (plays - player - 1) // game.players + 1


class Trial:
    """Measures a city as it is, or with one placement tried on it (``trials.Base``:
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
            self._base = Base(city.height, city.kind, city.frontier, self.variants)
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
