"""The solo game: the Architect's rules (its choice, its fixed spot, its scoring, the result).

docs/rules.md, "The solo game" (the game of the publisher-licensed online edition): a 2-player
game whose second seat is the Architect, which takes tiles by a fixed rule, lays them in a fixed
spot on level 1 and scores by its own rule.

A game is solo when seat 2 (index 1) of a 2-player game has the kind ``architect:hippodamos``,
``architect:metagenes`` or ``architect:callicrates``; ``Game`` then asks this module for the
Architect's one legal move, its score and the result.  Everything here is a pure function of
the position.

**The Architect's fixed spot** (docs/rules.md, "The Architect's fixed spot").  Among the
level-1 placements of its city (three empty cells, at least one next to the city), the Architect
takes the one whose three cells have the smallest sum of hex distances to (0, 0), the centre of
its starting tile; ties go to the smallest rotation, then the smallest ``q`` of the anchor, then
the smallest ``r``.  (A placement's three orientations on the same cells tie on distance; the
smallest rotation picks one of them, and the anchor then picks among the cells.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .checks import ARCHITECT_KINDS, ARCHITECT_LEVELS, check_int, check_variants, excerpt
from .city import City
from .hexes import STRIDE, TRIANGLE_SHAPES, TRIANGLES_AROUND, Hex, unpack
from .reasons import ARCHITECT_REASONS
from .scoring import HOUSE_VARIANT_THRESHOLD, CityScore, HexScore, KindScore, Result
from .sentences import N_, Sentence
from .tiles import DISTRICTS, KIND_NAMES, PLAZA_OFFSET, STARS, TILES, Kind

__all__ = [
    "ARCHITECTS",
    "ARCHITECT_KINDS",
    "MARKETS_PER_PLAZA",
    "PLAZA_TILES",
    "QUARRY_POINTS",
    "Architect",
    "architect_choice",
    "architect_of",
    "architect_spot",
    "choice_reason",
    "is_architect",
    "score_architect",
    "solo_result",
]

#: Metagenes: points per visible quarry in its city.
QUARRY_POINTS = 2
#: Markets variant, for the Architect: at most this many markets doubled per market-plaza hex.
MARKETS_PER_PLAZA = 3
_HALF = STRIDE // 2


@dataclass(frozen=True, slots=True)
class Architect:
    """One level of the Architect: its name and how it scores.

    ``value`` is V, what each visible district is worth before stars; ``quarry_points`` is
    what each visible quarry adds (Metagenes); ``temples_doubled`` says whether the temples
    variant doubles its temples (Callicrates only).
    """

    level: str  # "hippodamos", as in the kind
    name: str  # "Hippodamos", to show
    difficulty: str  # "easy", "medium" or "hard"
    value: int
    quarry_points: int
    temples_doubled: bool

    @property
    def kind(self) -> str:
        """The player kind naming this level: ``architect:hippodamos``."""
        return f"architect:{self.level}"


#: Each level's name as a sentence of the catalogs, so that a front end shows it in its own
#: language (the rulebooks' spellings of these Greek architects: Métagénès, Kallikrates).
NAMES = {
    "hippodamos": N_("Hippodamos"),
    "metagenes": N_("Metagenes"),
    "callicrates": N_("Callicrates"),
}

#: The three levels by name, easiest first (the order of ``checks.ARCHITECT_LEVELS``).
ARCHITECTS: dict[str, Architect] = {
    "hippodamos": Architect("hippodamos", "Hippodamos", "easy", 1, 0, False),
    "metagenes": Architect("metagenes", "Metagenes", "medium", 1, QUARRY_POINTS, False),
    "callicrates": Architect("callicrates", "Callicrates", "hard", 2, 0, True),
}
assert tuple(ARCHITECTS) == ARCHITECT_LEVELS == tuple(NAMES)
assert all(NAMES[key] == architect.name for key, architect in ARCHITECTS.items())
_BY_KIND = {architect.kind: architect for architect in ARCHITECTS.values()}
assert tuple(_BY_KIND) == ARCHITECT_KINDS


def architect_of(kind: object) -> Architect | None:
    """The Architect a player kind names (``architect:metagenes``), or None for any other."""
    return _BY_KIND.get(kind) if isinstance(kind, str) else None


def is_architect(kind: object) -> bool:
    """True if the player kind is one of the Architect's."""
    return isinstance(kind, str) and kind in _BY_KIND


def _level(level: object) -> Architect:
    """An Architect given as itself, its level name or its kind."""
    if isinstance(level, Architect):
        return level
    if isinstance(level, str):
        found = ARCHITECTS.get(level) or _BY_KIND.get(level)
        if found is not None:
            return found
    raise ValueError(
        Sentence(
            "unknown Illustrious Architect {value} (known: {known})",
            value=excerpt(level),
            known=", ".join(ARCHITECTS),
        )
    )


# --- Its choice --------------------------------------------------------------------------------

#: The tiles with at least one plaza hex.
PLAZA_TILES: frozenset[int] = frozenset(
    tile.id for tile in TILES.values() if any(kind.is_plaza for kind in tile.hexes)
)


def architect_choice(site: Sequence[int], stones: int) -> int:
    """The site index the Architect takes.

    docs/rules.md, "The Architect's choice": the cheapest tile of the site that has a plaza hex,
    if it can pay for it, else the first tile.  The tile at index ``i`` costs ``i`` stones, so
    the cheapest plaza tile is the first one.
    """
    for index, tile in enumerate(site):
        if tile in PLAZA_TILES:
            return index if index <= stones else 0
    return 0


def choice_reason(site: Sequence[int], stones: int) -> Sentence:
    """Why the Architect takes the tile ``architect_choice`` names, in words."""
    for index, tile in enumerate(site):
        if tile in PLAZA_TILES:
            if index <= stones:
                return Sentence("the cheapest tile with a plaza, which it can afford")
            return Sentence(
                "the first tile, as it cannot afford the cheapest tile with a plaza "
                "(tile {tile} costs {cost} and it has {stones})",
                tile=tile,
                cost=index,
                stones=stones,
            )
    return Sentence("the first tile, as no tile in the site has a plaza")


# --- Its spot ----------------------------------------------------------------------------------


def architect_spot(city: City) -> tuple[Hex, int, tuple[Hex, Hex, Hex]]:
    """The Architect's fixed spot in ``city``: ``(anchor, rotation, cells)`` on level 1.

    The level-1 placement whose three cells have the smallest sum of hex distances to (0, 0),
    ties going to the smallest rotation, then the smallest ``q``, then the smallest ``r`` of
    the anchor (see the module's docstring).  ``cells`` are those of hex_a, hex_b, hex_c.
    """
    key = frozenset(city.height)
    found = _SPOTS.get(key)
    if found is None:
        if len(_SPOTS) >= _SPOTS_KEPT:
            _SPOTS.clear()
        found = _SPOTS[key] = _find_spot(city)
    return found


#: The spots found so far, by the cells of the city (the Architect's n-th spot is the same in
#: every solo game, as its spot depends only on the cells it has built).
_SPOTS: dict[frozenset[int], tuple[Hex, int, tuple[Hex, Hex, Hex]]] = {}
_SPOTS_KEPT = 256


def _find_spot(city: City) -> tuple[Hex, int, tuple[Hex, Hex, Hex]]:
    height = city.height
    twice = _TWICE_DISTANCE
    best = (1 << 62, 0, 0)
    best_cells = None
    seen: set[int] = set()
    for cell in city.frontier:
        for offset in TRIANGLES_AROUND:
            triangle = 2 * cell + offset
            if triangle in seen:
                continue
            seen.add(triangle)
            base, shape = triangle >> 1, triangle & 1
            o1, o2 = _SHAPE_OFFSETS[shape]
            b, c = base + o1, base + o2
            if base in height or b in height or c in height:
                continue
            total = 0
            for packed in (base, b, c):
                far = twice.get(packed)
                if far is None:
                    q = (packed + _HALF) // STRIDE
                    r = packed - q * STRIDE
                    far = twice[packed] = abs(q) + abs(r) + abs(q + r)
                total += far
            # Of the triangle's three orientations, the one with the smallest rotation has
            # hex_a on its third cell and rotation equal to its shape (see hexes.TRIANGLE_SHAPES);
            # packed cells order like (q, r).  Distances are doubled, to spare a division.
            if total <= best[0]:
                key = (total, shape, c)
                if key < best:
                    best, best_cells = key, (c, base, b)
    assert best_cells is not None, "a city always has level-1 spots"
    a, b, c = (unpack(packed) for packed in best_cells)
    return a, best[1], (a, b, c)


#: Twice the hex distance from (0, 0) of each packed cell met so far (a cache).
_TWICE_DISTANCE: dict[int, int] = {}
_SHAPE_OFFSETS = tuple(offsets[1:] for offsets, _ in TRIANGLE_SHAPES)


# --- Its score ---------------------------------------------------------------------------------


def _distance(a: int, b: int) -> int:
    (aq, ar), (bq, br) = unpack(a), unpack(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def score_architect(
    city: City, variants: Iterable[str] = (), stones: int = 0, level: object = "hippodamos"
) -> CityScore:
    """Score the Architect's ``city``; ``level`` is an ``Architect``, its level or its kind.

    docs/rules.md, "The Architect's score": per district kind, (its visible districts of that
    kind × V) × (its plaza stars of that kind), every district counting wherever it is; V is 1
    for Hippodamos and Metagenes, 2 for Callicrates; Metagenes adds 2 points per visible quarry;
    then 1 point per stone.  With the variants its barracks and gardens are doubled, its houses
    when their value (after V) is 10 or more, its temples at Callicrates only, and at most 3
    markets per market-plaza hex (M markets and P market-plaza hexes: V × (M + min(M, 3P))).

    A doubled district is worth 2 × V.  Which markets are the doubled ones does not change the
    score; the verdicts mark those nearest a market plaza (then by ``q``, then ``r``).  Metagenes'
    quarries are the ``quarries`` line of the score (value: visible quarries, stars: 2).
    """
    architect = _level(level)
    variants = check_variants(variants)
    check_int(stones, "stones", 0, 1 << 62)
    value = architect.value
    height, kind = city.height, city.kind
    stars = dict.fromkeys(DISTRICTS, 0)
    cells: dict[Kind, list[int]] = {k: [] for k in DISTRICTS}
    plazas: list[int] = []
    quarries = 0
    for cell, k in kind.items():
        if k > PLAZA_OFFSET:
            stars[Kind(k - PLAZA_OFFSET)] += STARS[Kind(k - PLAZA_OFFSET)]
            if k == Kind.MARKET_PLAZA:
                plazas.append(cell)
        elif k:
            cells[k].append(cell)
        else:
            quarries += 1

    doubled: set[int] = set()
    houses = cells[Kind.HOUSE]
    if "houses" in variants and len(houses) * value >= HOUSE_VARIANT_THRESHOLD:
        doubled.update(houses)
    markets = cells[Kind.MARKET]
    capped = False
    if "markets" in variants and markets:
        count = min(len(markets), MARKETS_PER_PLAZA * len(plazas))
        capped = count < len(markets)
        if plazas:
            nearest = sorted(
                markets, key=lambda c: (min(_distance(c, p) for p in plazas), unpack(c))
            )
            doubled.update(nearest[:count])
    for variant, k in (("barracks", Kind.BARRACKS), ("gardens", Kind.GARDEN)):
        if variant in variants:
            doubled.update(cells[k])
    if "temples" in variants and architect.temples_doubled:
        doubled.update(cells[Kind.TEMPLE])

    valued = value != 1
    totals = dict.fromkeys(DISTRICTS, 0)
    hexes: list[HexScore] = []
    for k in DISTRICTS:
        for cell in cells[k]:
            is_doubled = cell in doubled
            worth = 2 * value if is_doubled else value
            totals[k] += worth
            how = "doubled" if is_doubled else "capped" if k is Kind.MARKET and capped else ""
            reason = Sentence(
                ARCHITECT_REASONS[k.label, valued, how, not stars[k]],
                value=value,
                name=Sentence(NAMES[architect.level]),
                limit=MARKETS_PER_PLAZA,
            )
            points = worth * stars[k]
            level = height[cell]
            hexes.append(
                HexScore(unpack(cell), k.label, level, True, worth, is_doubled, points, reason)
            )
    kinds = {KIND_NAMES[k]: KindScore(totals[k], stars[k], totals[k] * stars[k]) for k in DISTRICTS}
    line = None
    if architect.quarry_points:
        line = KindScore(quarries, architect.quarry_points, quarries * architect.quarry_points)
    total = sum(s.points for s in kinds.values()) + (line.points if line else 0) + stones
    return CityScore(kinds, stones, total, tuple(hexes), line)


# --- The result --------------------------------------------------------------------------------


def person_wins(totals: Sequence[int], stones: Sequence[int]) -> bool:
    """Whether seat 1 (the person) beats seat 2 (the Architect) with these final totals and
    stones: docs/rules.md, "Who wins the solo game": with more points, or with as many points
    and strictly more stones."""
    return totals[0] > totals[1] or (totals[0] == totals[1] and stones[0] > stones[1])


def solo_result(names: Sequence[str], totals: Sequence[int], stones: Sequence[int]) -> Result:
    """Who wins the solo game: seat 1 (the human) against seat 2 (the Architect).

    docs/rules.md, "Who wins the solo game": the person wins with more points, or with as many
    points and strictly more stones; anything else is the Architect's win.
    """
    if len(names) != 2 or len(totals) != 2 or len(stones) != 2:
        raise ValueError("a solo result needs two names, two totals and two stone counts")
    human, architect = names
    left = tuple(stones)
    won = person_wins(totals, stones)
    if totals[0] != totals[1]:
        winner = 0 if won else 1
        why = Sentence("{name} has the most points", name=names[winner])
        return Result((winner,), tuple(totals), why, (), left)
    if won:
        why = Sentence(
            "{name} and {architect} tie on {points} points; {name} has more stones ({stones})",
            name=human,
            architect=architect,
            points=totals[0],
            stones=stones[0],
        )
        return Result((0,), tuple(totals), why, (0, 1), left)
    why = Sentence(
        "{name} and {architect} tie on {points} points; the Illustrious Architect wins ties "
        "unless you have strictly more stones ({stones} against {architect_stones})",
        name=human,
        architect=architect,
        points=totals[0],
        stones=stones[0],
        architect_stones=stones[1],
    )
    return Result((1,), tuple(totals), why, (0, 1), left)
