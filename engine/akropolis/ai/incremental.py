"""Measuring a placement by the few cells it changes: the evaluation's hot path.

``features.measure`` reads a whole city.  A placement changes only its three cells, and with
them what their neighbours count for: a market's neighbours, a temple's empty sides, a
barracks' sides on the outside, a garden's lake.  ``Base`` measures a city once; ``Base.after``
then gives the features of the city with one tile tried on it — exactly what ``measure`` gives
for the city after the placement — by taking off and adding back only the shares of the three
cells and the nine around them, and by merging the house groups the new houses touch.

Everything about a spot that does not depend on the tile (the cells around it, which of them
are built, outside or in a lake once it is built, the house groups next to it) is worked out
once per spot and kept for every tile and orientation tried there.  Two cases are measured in
full instead: a level-1 placement that might cut the empty cells around it in two (it might
enclose a lake, which changes the outside far away), and one that covers a house with another
kind (it might split a house group).

Why the nine cells are enough on level 1: the cells that become frontier were next to no built
cell before (else they were frontier already), so no district already in the city is next to
one; the outside loses the three cells and gains those (or, filling part of a lake, stays as it
was), and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable

from ..hexes import OFFSETS, STRIDE

#: Kind numbers (``tiles.Kind``) as plain ints.
QUARRY, HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN = range(6)
MARKET_PLAZA = 7
STARS = (0, 1, 2, 2, 2, 3)
HOUSE_THRESHOLD = 10
#: Feature indexes (``features``): values 1–5, stars 6–10, then these.
HOUSE_OTHER, MARKET_CROWDED, BARRACKS_INNER, QUARRIES = 11, 12, 13, 17
FEATURES = 18

# The sum of a triangle's three packed cells names it: the two shapes' sums differ by a
# multiple of 3 only if 2 * STRIDE - 1 is one (it is not), and one shape's differ by 3 a base.
assert (2 * STRIDE - 1) % 3

Measure = Callable[..., list[int]]


class _Spot:
    """What a tile laid on three cells changes, whatever the tile (see ``Base._spot``)."""

    __slots__ = (
        "covered_houses",
        "delta",
        "edge",
        "empty",
        "fallback",
        "groups",
        "lake",
        "level",
        "near_market",
        "near_plaza",
        "old_height",
        "ring_markets",
        "was_house",
    )


class Base:
    """A city measured once, ready to measure placements tried on it (see the module).

    It keeps its own copy of the city, so the city may change afterwards.  ``measure``, the
    whole-city measurement (``features.measure``; passed in to avoid an import cycle), gives
    the features of the city and serves the cases measured in full.
    """

    __slots__ = (
        "_barracks_doubling",
        "_best_groups",
        "_garden_lakes",
        "_group",
        "_groups",
        "_house_doubling",
        "_house_total",
        "_market_doubling",
        "_measure",
        "_outside",
        "_spots",
        "_temple_doubling",
        "features",
        "frontier",
        "height",
        "kind",
        "variants",
    )

    def __init__(self, height, kind, frontier, variants, measure: Measure) -> None:
        self.height: dict[int, int] = dict(height)
        self.kind: dict[int, int] = {cell: int(k) for cell, k in kind.items()}
        self.frontier: set[int] = set(frontier)
        self.variants = variants
        self._measure = measure
        self.features: list[int] = measure(self.height, self.kind, self.frontier, variants)
        self._outside: set[int] | None = None
        self._spots: dict[int, _Spot] = {}
        self._market_doubling = "markets" in variants
        self._barracks_doubling = "barracks" in variants
        self._temple_doubling = "temples" in variants
        self._garden_lakes = "gardens" in variants
        self._house_doubling = "houses" in variants
        self._number_house_groups()

    def outside(self) -> set[int]:
        """The frontier cells outside the city (flooded once, as ``measure`` floods)."""
        if self._outside is None:
            from .features import _flood

            self._outside = _flood(min(self.frontier), self.frontier)
        return self._outside

    def _number_house_groups(self) -> None:
        """Each house's group; each group's (size, value); the groups best first; the value
        of all houses."""
        height, kind = self.height, self.kind
        group: dict[int, int] = {}
        groups: list[tuple[int, int]] = []
        total = 0
        for cell, k in kind.items():
            if k != HOUSE or cell in group:
                continue
            number = len(groups)
            group[cell] = number
            todo = [cell]
            size = value = 0
            while todo:
                c = todo.pop()
                size += 1
                value += height[c]
                for d in OFFSETS:
                    n = c + d
                    if n not in group and kind.get(n) == HOUSE:
                        group[n] = number
                        todo.append(n)
            groups.append((size, value))
            total += value
        self._group = group
        self._groups = groups
        self._best_groups = sorted(range(len(groups)), key=groups.__getitem__, reverse=True)
        self._house_total = total

    # --- A spot, whatever the tile ---------------------------------------------------------

    def _spot(self, cells: tuple[int, int, int], level: int) -> _Spot:
        from .features import may_split

        spot = _Spot()
        spot.level = level
        height, kind, frontier = self.height, self.kind, self.frontier
        spot.fallback = level == 1 and may_split(cells, height)
        if spot.fallback:
            return spot
        inside = set(cells)
        ring = {c + d for c in cells for d in OFFSETS} - inside
        outside = self.outside()

        # The state once the three cells are built (the same for every tile).
        if level == 1:
            added = {n for n in ring if n not in height and n not in frontier}
            in_lake = any(c in frontier and c not in outside for c in cells)
            if in_lake:  # the lake shrinks; the outside is as it was; new frontier is lake

                def outside_after(n: int) -> bool:
                    return n in outside

            else:

                def outside_after(n: int) -> bool:
                    return (n in outside and n not in inside) or n in added

            def built_after(n: int) -> bool:
                return n in height or n in inside

            def frontier_after(n: int) -> bool:
                return (n in frontier and n not in inside) or n in added

        else:

            def outside_after(n: int) -> bool:
                return n in outside

            def built_after(n: int) -> bool:
                return n in height

            def frontier_after(n: int) -> bool:
                return n in frontier

        def lake_after(n: int) -> bool:
            return frontier_after(n) and not outside_after(n)

        def lake_before(n: int) -> bool:
            return n in frontier and n not in outside

        # Take off the shares of every built cell among the twelve (markets of the ring are
        # added back per tile; the rest of the ring once, here).
        delta = [0] * FEATURES
        for cell in (*cells, *ring):
            k = kind.get(cell)
            if k is None:
                continue
            self._share(
                delta,
                -1,
                cell,
                k,
                height[cell],
                kind.get,
                height.__contains__,
                outside.__contains__,
                lake_before,
            )
        ring_markets = []
        for cell in ring:
            k = kind.get(cell)
            if k is None:
                continue
            if k == MARKET:
                others = [kind.get(cell + d) for d in OFFSETS if cell + d not in inside]
                ring_markets.append(
                    (
                        height[cell],
                        MARKET in others,
                        MARKET_PLAZA in others,
                        tuple(c for c in cells if c - cell in OFFSETS),
                    )
                )
            else:
                self._share(
                    delta,
                    1,
                    cell,
                    k,
                    height[cell],
                    kind.get,
                    built_after,
                    outside_after,
                    lake_after,
                )
        spot.delta = [(i, v) for i, v in enumerate(delta) if v]
        spot.ring_markets = ring_markets

        # Each of the three cells, once built.
        spot.empty, spot.edge, spot.lake = {}, {}, {}
        spot.near_market, spot.near_plaza, spot.groups = {}, {}, {}
        spot.old_height, spot.was_house = {}, {}
        group = self._group
        for cell in cells:
            around = [cell + d for d in OFFSETS]
            spot.empty[cell] = sum(1 for n in around if not built_after(n))
            spot.edge[cell] = sum(1 for n in around if outside_after(n))
            spot.lake[cell] = any(lake_after(n) for n in around)
            outer = [kind.get(n) for n in around if n not in inside]
            spot.near_market[cell] = MARKET in outer
            spot.near_plaza[cell] = MARKET_PLAZA in outer
            spot.groups[cell] = {group[n] for n in around if n in group and n not in inside}
            spot.old_height[cell] = height.get(cell, 0)
            spot.was_house[cell] = kind.get(cell) == HOUSE
            if spot.was_house[cell]:
                spot.groups[cell].add(group[cell])
        spot.covered_houses = [c for c in cells if spot.was_house[c]]
        return spot

    def _share(self, f, sign, cell, k, h, kind_of, built, outside, lake) -> None:
        """Add ``sign`` times what one visible hex other than a house counts for: ``k`` at
        level ``h`` on ``cell``, its neighbours' kinds, being built, outside or in a lake
        read by the functions given."""
        if k > 5:
            f[k] += sign * STARS[k - 5]
        elif k == QUARRY:
            f[QUARRIES] += sign
        elif k == MARKET:
            near = [kind_of(cell + d) for d in OFFSETS]
            if MARKET in near:
                f[MARKET_CROWDED] += sign * h
            elif self._market_doubling and MARKET_PLAZA in near:
                f[MARKET] += sign * 2 * h
            else:
                f[MARKET] += sign * h
        elif k == TEMPLE:
            empty = sum(1 for d in OFFSETS if not built(cell + d))
            worth = 2 * h if self._temple_doubling and h >= 2 else h
            f[TEMPLE if not empty else 13 + min(empty, 3)] += sign * worth
        elif k == BARRACKS:
            edge = sum(1 for d in OFFSETS if outside(cell + d))
            if not edge:
                f[BARRACKS_INNER] += sign * h
            elif self._barracks_doubling and (edge == 3 or edge == 4):
                f[BARRACKS] += sign * 2 * h
            else:
                f[BARRACKS] += sign * h
        elif k == GARDEN:
            if self._garden_lakes and any(lake(cell + d) for d in OFFSETS):
                f[GARDEN] += sign * 2 * h
            else:
                f[GARDEN] += sign * h

    # --- A tile tried on a spot ------------------------------------------------------------

    def after(self, cells: tuple[int, int, int], kinds: tuple, level: int) -> list[int]:
        """The features of the city with ``kinds`` laid on the packed ``cells`` at ``level``
        (a legal placement), equal to ``measure`` of the city after it."""
        c0, c1, c2 = cells
        key = c0 + c1 + c2
        spot = self._spots.get(key)
        if spot is None:
            spot = self._spots[key] = self._spot(cells, level)
        if spot.fallback:
            return self._measured(cells, kinds, level)
        k0, k1, k2 = kinds
        if spot.covered_houses and any(
            k != HOUSE for c, k in ((c0, k0), (c1, k1), (c2, k2)) if spot.was_house[c]
        ):
            return self._measured(cells, kinds, level)
        f = list(self.features)
        for i, v in spot.delta:
            f[i] += v
        if spot.ring_markets:
            new = {c0: k0, c1: k1, c2: k2}
            doubling = self._market_doubling
            for h, crowded, plaza, adjacent in spot.ring_markets:
                near = [new[c] for c in adjacent]
                if crowded or MARKET in near:
                    f[MARKET_CROWDED] += h
                elif doubling and (plaza or MARKET_PLAZA in near):
                    f[MARKET] += 2 * h
                else:
                    f[MARKET] += h
        houses = None
        for cell, k in ((c0, k0), (c1, k1), (c2, k2)):
            if k == HOUSE:
                if houses is None:
                    houses = [cell]
                else:
                    houses.append(cell)
            elif k > 5:
                f[k] += STARS[k - 5]
            elif k == QUARRY:
                f[QUARRIES] += 1
            elif k == MARKET:
                if spot.near_market[cell] or (k0 == MARKET) + (k1 == MARKET) + (k2 == MARKET) > 1:
                    f[MARKET_CROWDED] += level
                elif self._market_doubling and (
                    spot.near_plaza[cell] or MARKET_PLAZA in (k0, k1, k2)
                ):
                    f[MARKET] += 2 * level
                else:
                    f[MARKET] += level
            elif k == TEMPLE:
                empty = spot.empty[cell]
                worth = 2 * level if self._temple_doubling and level >= 2 else level
                f[TEMPLE if not empty else 13 + min(empty, 3)] += worth
            elif k == BARRACKS:
                edge = spot.edge[cell]
                if not edge:
                    f[BARRACKS_INNER] += level
                elif self._barracks_doubling and (edge == 3 or edge == 4):
                    f[BARRACKS] += 2 * level
                else:
                    f[BARRACKS] += level
            elif self._garden_lakes and spot.lake[cell]:
                f[GARDEN] += 2 * level
            else:
                f[GARDEN] += level
        if houses is not None:
            self._merge_houses(f, spot, houses, level)
        return f

    def _merge_houses(self, f: list[int], spot: _Spot, houses: list[int], level: int) -> None:
        """The house features once ``houses`` (cells of the tile, at ``level``) are laid:
        they join every group they touch (a covered house stays a house here)."""
        groups = self._groups
        touched: set[int] = set()
        size = value = 0
        for cell in houses:
            touched |= spot.groups[cell]
            if spot.was_house[cell]:
                value += level - spot.old_height[cell]
            else:
                size += 1
                value += level
        total = self._house_total + value
        for g in touched:
            s, v = groups[g]
            size += s
            value += v
        best_size, best_value = size, value
        for g in self._best_groups:
            if g not in touched:
                s, v = groups[g]
                if s > best_size or (s == best_size and v > best_value):
                    best_size, best_value = s, v
                break
        f[HOUSE_OTHER] = total - best_value
        if best_value >= HOUSE_THRESHOLD and self._house_doubling:
            best_value *= 2
        f[HOUSE] = best_value

    def _measured(self, cells: tuple[int, int, int], kinds: tuple, level: int) -> list[int]:
        """The features of the city after the placement, measured in full."""
        height, kind = self.height, self.kind
        if level == 1:
            frontier = set(self.frontier)
            frontier.difference_update(cells)
            for cell in cells:
                for d in OFFSETS:
                    n = cell + d
                    if n not in height and n not in cells:
                        frontier.add(n)
            saved = None
        else:
            frontier = self.frontier
            saved = [(height[c], kind[c]) for c in cells]
        for cell, k in zip(cells, kinds, strict=True):
            height[cell] = level
            kind[cell] = int(k)
        try:
            return self._measure(height, kind, frontier, self.variants)
        finally:
            if saved is None:
                for cell in cells:
                    del height[cell], kind[cell]
            else:
                for cell, (h, k) in zip(cells, saved, strict=True):
                    height[cell] = h
                    kind[cell] = k
