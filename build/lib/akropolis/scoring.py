"""Scoring a city: each district kind's value × stars, with the reason for every hex.

Only top hexes exist (covered hexes are gone).  The city's frontier is the set of empty cells
next to it; on a hex grid each empty region's frontier cells are connected, so the region
outside the city is exactly the frontier component holding the frontier cell with the least
``q``, and every other frontier component is a lake.  That makes the edge and lake tests a
walk over the frontier instead of a flood over a bounding box.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .checks import check_int, check_variants
from .city import City
from .hexes import OFFSETS, Hex, unpack
from .reasons import DISTRICT_SENTENCES
from .sentences import Plural, Sentence
from .tiles import DISTRICTS, KIND_NAMES, PLAZA_OFFSET, STARS, Kind

#: House groups of this value or more are doubled in the houses variant.
HOUSE_VARIANT_THRESHOLD = 10


@dataclass(frozen=True, slots=True)
class KindScore:
    """One line of the scorepad: counting districts' value × the kind's plaza stars."""

    value: int
    stars: int
    points: int

    def to_json(self) -> dict[str, int]:
        return {"value": self.value, "stars": self.stars, "points": self.points}


@dataclass(frozen=True, slots=True)
class HexScore:
    """Why one district hex scores or not.  ``value`` is what it adds (level, doubled or not)."""

    cell: Hex
    kind: str
    level: int
    counts: bool
    value: int
    doubled: bool
    points: int
    reason: Sentence


@dataclass(frozen=True, slots=True)
class CityScore:
    """A city's full breakdown: per-kind lines, stones, total and every district's verdict.

    ``quarries`` is None except for the Architect Metagenes of the solo game, who scores its
    visible quarries (``architect.score_architect``): value = quarries, stars = points each.
    """

    kinds: dict[str, KindScore]
    stones: int
    total: int
    hexes: tuple[HexScore, ...]
    quarries: KindScore | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {name: line.to_json() for name, line in self.kinds.items()}
        if self.quarries is not None:
            out["quarries"] = self.quarries.to_json()
        out["stones"] = self.stones
        out["total"] = self.total
        return out


def flood(start: int, region: set[int]) -> set[int]:
    """The cells of ``region`` edge-connected to ``start`` (``start`` included), packed.

    A hot path of the scoring and of the AI's measurements: the six offsets are unrolled.
    """
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


def outside_and_lakes(city: City) -> tuple[set[int], set[int]]:
    """The frontier cells outside the city, and those in lakes (enclosed empty regions)."""
    frontier = city.frontier
    outside = flood(min(frontier), frontier)
    return outside, frontier - outside


def _largest_house_group(houses: list[int], height: dict[int, int]) -> set[int]:
    """The house group with most hexes, ties going to the higher value."""
    unseen = set(houses)
    best: set[int] = set()
    best_key = (0, 0)
    while unseen:
        group = flood(next(iter(unseen)), unseen)
        unseen -= group
        key = (len(group), sum(height[c] for c in group))
        if key > best_key:
            best, best_key = group, key
    return best


def score_city(city: City, variants: Iterable[str] = (), stones: int = 0) -> CityScore:
    """Score ``city`` with the given variants; ``stones`` are the owner's stones left."""
    variants = check_variants(variants)
    check_int(stones, "stones", 0, 1 << 62)
    height, kind = city.height, city.kind
    stars = dict.fromkeys(DISTRICTS, 0)
    cells: dict[Kind, list[int]] = {k: [] for k in DISTRICTS}
    for cell, k in kind.items():
        if k > PLAZA_OFFSET:
            district = Kind(k - PLAZA_OFFSET)
            stars[district] += STARS[district]
        elif k:
            cells[k].append(cell)

    verdicts: list[tuple[int, Kind, bool, bool, str]] = []  # cell, kind, counts, doubled, code
    add = verdicts.append

    houses = cells[Kind.HOUSE]
    group = _largest_house_group(houses, height)
    group_doubled = (
        "houses" in variants and sum(height[c] for c in group) >= HOUSE_VARIANT_THRESHOLD
    )
    for cell in houses:
        if cell in group:
            add((cell, Kind.HOUSE, True, group_doubled, "largest-group"))
        else:
            add((cell, Kind.HOUSE, False, False, "not-largest-group"))

    market_variant = "markets" in variants
    for cell in cells[Kind.MARKET]:
        near = [kind.get(cell + d) for d in OFFSETS]
        if Kind.MARKET in near:
            add((cell, Kind.MARKET, False, False, "next-to-market"))
        else:
            doubled = market_variant and Kind.MARKET_PLAZA in near
            add((cell, Kind.MARKET, True, doubled, "alone"))

    barracks, gardens = cells[Kind.BARRACKS], cells[Kind.GARDEN]
    if barracks or (gardens and "gardens" in variants):
        outside, lakes = outside_and_lakes(city)
    else:
        outside, lakes = set(), set()
    barracks_variant = "barracks" in variants
    for cell in barracks:
        edge = sum(1 for d in OFFSETS if cell + d in outside)
        if edge:
            doubled = barracks_variant and edge in (3, 4)
            add((cell, Kind.BARRACKS, True, doubled, "edge"))
        else:
            add((cell, Kind.BARRACKS, False, False, "not-edge"))

    temple_variant = "temples" in variants
    for cell in cells[Kind.TEMPLE]:
        if all(cell + d in height for d in OFFSETS):
            doubled = temple_variant and height[cell] >= 2
            add((cell, Kind.TEMPLE, True, doubled, "surrounded"))
        else:
            add((cell, Kind.TEMPLE, False, False, "not-surrounded"))

    garden_variant = "gardens" in variants
    for cell in gardens:
        doubled = garden_variant and any(cell + d in lakes for d in OFFSETS)
        add((cell, Kind.GARDEN, True, doubled, "always"))

    return _tally(verdicts, height, stars, stones)


def _tally(
    verdicts: list[tuple[int, Kind, bool, bool, str]],
    height: dict[int, int],
    stars: dict[Kind, int],
    stones: int,
) -> CityScore:
    values = dict.fromkeys(DISTRICTS, 0)
    hexes: list[HexScore] = []
    for cell, k, counts, doubled, code in verdicts:
        level = height[cell]
        value = (2 * level if doubled else level) if counts else 0
        values[k] += value
        reason = DISTRICT_SENTENCES[code, doubled, counts and not stars[k]]
        points = value * stars[k]
        hexes.append(HexScore(unpack(cell), k.label, level, counts, value, doubled, points, reason))
    kinds = {KIND_NAMES[k]: KindScore(values[k], stars[k], values[k] * stars[k]) for k in DISTRICTS}
    total = sum(line.points for line in kinds.values()) + stones
    return CityScore(kinds, stones, total, tuple(hexes))


# --- The result -------------------------------------------------------------------------------


class Result(NamedTuple):
    """Who won and how the tie-break decided it.

    ``explanation`` is a ``Sentence``; ``tied`` the seats level on the best total (empty when
    one player has the most points) and ``stones`` every seat's stones, so that a front end can
    say the same in other words.
    """

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    explanation: Sentence
    tied: tuple[int, ...] = ()
    stones: tuple[int, ...] = ()


def final_result(names: Sequence[str], totals: Sequence[int], stones: Sequence[int]) -> Result:
    """Who wins with these final totals and stones left: highest total, then most stones, else
    a shared victory.

    A pure function of the scorepad, so that a game and the score calculator (cities built at a
    real table) decide, and say why, in the same words.
    """
    count = len(names)
    if not count or len(totals) != count or len(stones) != count:
        raise ValueError("a result needs one name, one total and one stone count per player")
    best = max(totals)
    leaders = tuple(p for p in range(count) if totals[p] == best)
    left = tuple(stones)
    if len(leaders) == 1:
        why = Sentence("{name} has the most points", name=names[leaders[0]])
        return Result(leaders, tuple(totals), why, (), left)
    most = max(stones[p] for p in leaders)
    winners = tuple(p for p in leaders if stones[p] == most)
    tied = tuple(names[p] for p in leaders)
    if len(winners) == 1:
        why = Sentence(
            "{names} tie on {points} points; {name} has more stones ({stones})",
            names=tied,
            points=best,
            name=names[winners[0]],
            stones=most,
        )
    else:
        why = Plural(
            "{names} tie on {points} points and {count} stone: a shared victory",
            "{names} tie on {points} points and {count} stones: a shared victory",
            most,
            names=tuple(names[p] for p in winners),
            points=best,
        )
    return Result(winners, tuple(totals), why, leaders, left)
