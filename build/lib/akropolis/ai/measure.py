"""Measuring a city: the raw features the evaluation reads, for a city or a placement tried on it.

``measure`` reads a city's visible hexes into raw features in one pass: each district kind's
plaza stars and counting value (variants applied, exactly as ``score_city`` counts them), and
the value that could still count — houses outside the largest group, markets crowded by
markets, barracks shut in, temples by how many empty sides are left — and the visible quarries.
``trials.Base`` measures a placement tried on a city without measuring the whole city again.
"""

from __future__ import annotations

import math

from ..hexes import OFFSETS, TRIANGLE_SHAPES, pack, unpack
from ..scoring import HOUSE_VARIANT_THRESHOLD, flood
from ..tiles import DISTRICTS, PLAZA_OFFSET, Kind
from ..tiles import STARS as _STARS

# The city is read in its packed view (``City.height``, ``City.kind``, ``City.frontier``: cells
# as packed ints, kinds as ``Kind`` numbers); the hot loops use the numbers as plain ints.
QUARRY, HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN = (int(k) for k in (Kind.QUARRY, *DISTRICTS))
MARKET_PLAZA = int(Kind.MARKET_PLAZA)
#: Stars of one plaza, by district number (index 0, the quarry, unused): ``tiles.STARS``.
STARS = (0, *(_STARS[k] for k in DISTRICTS))
HOUSE_THRESHOLD = HOUSE_VARIANT_THRESHOLD
assert tuple(Kind(k) for k in range(1, 6)) == DISTRICTS and PLAZA_OFFSET == 5  # the loops' layout

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
            outside = flood(min(frontier), frontier)
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
