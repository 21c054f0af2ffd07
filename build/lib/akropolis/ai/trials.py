"""Trying tiles on a city measured once: ``Base``, the hot path of every level.

A placement changes only its three cells, and with them what their neighbours count for: a
market's neighbours, a temple's empty sides, a barracks' sides on the outside, a garden's lake.
``Base`` measures a city once (``measure.measure``); ``Base.after`` then gives the features of
the city with one tile tried on it — exactly what ``measure`` gives for the city after the
placement — by taking off and adding back only the shares of the three cells and the nine
around them, and by merging the house groups the new houses touch.

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

from ..hexes import OFFSETS, STRIDE
from ..scoring import flood
from .measure import (
    BARRACKS,
    BARRACKS_INNER,
    FEATURES,
    GARDEN,
    HOUSE,
    HOUSE_OTHER,
    HOUSE_THRESHOLD,
    MARKET,
    MARKET_CROWDED,
    MARKET_PLAZA,
    QUARRIES,
    QUARRY,
    STARS,
    TEMPLE,
    may_split,
    measure,
)

# The sum of a triangle's three packed cells names it: the two shapes' sums differ by a
# multiple of 3 only if 2 * STRIDE - 1 is one (it is not), and one shape's differ by 3 a base.
assert (2 * STRIDE - 1) % 3


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
    whole-city measurement, gives the features of the city and serves the cases measured in
    full.
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
        "_outside",
        "_spots",
        "_temple_doubling",
        "features",
        "frontier",
        "height",
        "kind",
        "variants",
    )

    def __init__(self, height, kind, frontier, variants) -> None:
        self.height: dict[int, int] = dict(height)
        self.kind: dict[int, int] = {cell: int(k) for cell, k in kind.items()}
        self.frontier: set[int] = set(frontier)
        self.variants = variants
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
            self._outside = flood(min(self.frontier), self.frontier)
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
        spot = _Spot()
        spot.level = level
        height, kind, frontier = self.height, self.kind, self.frontier
        spot.fallback = level == 1 and may_split(cells, height)
        if spot.fallback:
            return spot
        outside = self.outside()
        inside = set(cells)
        ring = {c + d for c in cells for d in OFFSETS}
        ring -= inside
        # Once the cells are built, an empty cell off them is outside if it was, or if it
        # is new frontier (unless the tile went into a lake: then new frontier is lake too);
        # it is frontier if it was or is new frontier.
        added: set[int] = set()
        new_outside: set[int] = added
        if level == 1:
            added = {n for n in ring if n not in height and n not in frontier}
            lake = any(c in frontier and c not in outside for c in cells)
            new_outside = set() if lake else added

        # What the ring's districts count for changes with the cells' being built (temples'
        # empty sides, barracks' outside sides, gardens' lakes) and with their kinds
        # (markets: added back tile by tile).  Plazas, quarries and houses: unchanged here.
        delta = [0] * FEATURES
        ring_markets = []
        for x in ring:
            k = kind.get(x)
            if k is None or k in (HOUSE, QUARRY) or k > 5:
                continue
            h = height[x]
            around = [x + d for d in OFFSETS]
            if k == MARKET:
                self._share(delta, -1, x, k, h)
                others = [kind.get(n) for n in around if n not in inside]
                adjacent = tuple(c for c in cells if c in around)
                ring_markets.append((h, MARKET in others, MARKET_PLAZA in others, adjacent))
            elif level > 1:
                continue  # built cells stay built: nothing else changes around them
            elif k == TEMPLE:
                before = sum(1 for n in around if n not in height)
                after = before - sum(1 for n in around if n in inside)
                worth = 2 * h if self._temple_doubling and h >= 2 else h
                delta[TEMPLE if not before else 13 + min(before, 3)] -= worth
                delta[TEMPLE if not after else 13 + min(after, 3)] += worth
            elif k == BARRACKS:
                self._share(delta, -1, x, k, h)
                edge = sum(
                    1 for n in around if n not in inside and (n in outside or n in new_outside)
                )
                self._barracks(delta, edge, h)
            elif self._garden_lakes:  # a garden
                self._share(delta, -1, x, k, h)
                lake = any(
                    n not in inside
                    and (n in frontier or n in added)
                    and not (n in outside or n in new_outside)
                    for n in around
                )
                delta[GARDEN] += 2 * h if lake else h
        # What the covered hexes counted for goes (houses: see _merge_houses).
        if level > 1:
            for x in cells:
                k = kind[x]
                if k != HOUSE:
                    self._share(delta, -1, x, k, height[x])
        spot.delta = [(i, v) for i, v in enumerate(delta) if v]
        spot.ring_markets = ring_markets

        # Each of the three cells, once built: its empty sides, sides outside, whether it is
        # by a lake, by a market or market plaza off the tile, the house groups it touches.
        spot.empty, spot.edge, spot.lake = {}, {}, {}
        spot.near_market, spot.near_plaza, spot.groups = {}, {}, {}
        spot.old_height, spot.was_house = {}, {}
        group = self._group
        for cell in cells:
            empty = edge = 0
            lake = market = plaza = False
            groups: set[int] = set()
            for d in OFFSETS:
                n = cell + d
                if n in inside:
                    continue
                k = kind.get(n)
                if k is None:
                    empty += 1
                    if n in outside or n in new_outside:
                        edge += 1
                    elif n in frontier or n in added:
                        lake = True
                elif k == MARKET:
                    market = True
                elif k == MARKET_PLAZA:
                    plaza = True
                elif k == HOUSE:
                    groups.add(group[n])
            was_house = kind.get(cell) == HOUSE
            if was_house:
                groups.add(group[cell])
            spot.empty[cell], spot.edge[cell], spot.lake[cell] = empty, edge, lake
            spot.near_market[cell], spot.near_plaza[cell] = market, plaza
            spot.groups[cell] = groups
            spot.old_height[cell] = height.get(cell, 0)
            spot.was_house[cell] = was_house
        spot.covered_houses = [c for c in cells if spot.was_house[c]]
        return spot

    def _share(self, f: list[int], sign: int, cell: int, k: int, h: int) -> None:
        """Add ``sign`` times what one visible hex other than a house counts for in the city
        as it is: ``k`` at level ``h`` on ``cell``."""
        if k > 5:
            f[k] += sign * STARS[k - 5]
            return
        if k == QUARRY:
            f[QUARRIES] += sign
            return
        around = [cell + d for d in OFFSETS]
        if k == MARKET:
            near = [self.kind.get(n) for n in around]
            if MARKET in near:
                f[MARKET_CROWDED] += sign * h
            elif self._market_doubling and MARKET_PLAZA in near:
                f[MARKET] += sign * 2 * h
            else:
                f[MARKET] += sign * h
        elif k == TEMPLE:
            height = self.height
            empty = sum(1 for n in around if n not in height)
            worth = 2 * h if self._temple_doubling and h >= 2 else h
            f[TEMPLE if not empty else 13 + min(empty, 3)] += sign * worth
        elif k == BARRACKS:
            outside = self.outside()
            edge = sum(1 for n in around if n in outside)
            self._barracks(f, edge, sign * h)
        elif k == GARDEN:
            frontier, outside = self.frontier, self.outside()
            lake = self._garden_lakes and any(n in frontier and n not in outside for n in around)
            f[GARDEN] += sign * 2 * h if lake else sign * h

    def _barracks(self, f: list[int], edge: int, h: int) -> None:
        """Add a barracks at level ``h`` (negative: take it off) with ``edge`` sides outside."""
        if not edge:
            f[BARRACKS_INNER] += h
        elif self._barracks_doubling and (edge == 3 or edge == 4):
            f[BARRACKS] += 2 * h
        else:
            f[BARRACKS] += h

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
                self._barracks(f, spot.edge[cell], level)
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
            return measure(height, kind, frontier, self.variants)
        finally:
            if saved is None:
                for cell in cells:
                    del height[cell], kind[cell]
            else:
                for cell, (h, k) in zip(cells, saved, strict=True):
                    height[cell] = h
                    kind[cell] = k
