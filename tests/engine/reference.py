"""Slow, obviously-correct reference implementations of the rules, written from docs/rules.md.

They share nothing with the engine but the public coordinate convention and the tile table:
plain dicts of ``(q, r) -> (kind label, level, piece)``, bounding-box scans and floods.
"""

from __future__ import annotations

from collections.abc import Iterable

from akropolis import TILES, City
from akropolis.hexes import pack

D = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
STARS = {"house": 1, "market": 2, "barracks": 2, "temple": 2, "garden": 3}
PLURAL = {
    "house": "houses",
    "market": "markets",
    "barracks": "barracks",
    "temple": "temples",
    "garden": "gardens",
}

Plain = dict[tuple[int, int], tuple[str, int, int]]


def plain(city: City) -> Plain:
    """The visible hexes of an engine city as a plain dict (piece ids from the city)."""
    return {h: (kind.label, level, city.piece[pack(*h)]) for h, kind, level in city.hexes()}


def near(h: tuple[int, int]) -> list[tuple[int, int]]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in D]


def brute_legal_placements(city: Plain, tile: int) -> dict[frozenset, tuple[int, int]]:
    """Every physical placement of ``tile``: {frozenset((cell, hex kind)): (level, stones)}."""
    qs = [q for q, _ in city]
    rs = [r for _, r in city]
    found: dict[frozenset, tuple[int, int]] = {}
    for q in range(min(qs) - 3, max(qs) + 4):
        for r in range(min(rs) - 3, max(rs) + 4):
            for k in range(6):
                cells = [
                    (q, r),
                    (q + D[k][0], r + D[k][1]),
                    (q + D[(k + 1) % 6][0], r + D[(k + 1) % 6][1]),
                ]
                below = [city.get(c) for c in cells]
                if all(b is None for b in below):
                    touching = any(n in city for c in cells for n in near(c))
                    if not touching:
                        continue
                    level, stones = 1, 0
                elif any(b is None for b in below):
                    continue
                else:
                    if len({b[1] for b in below}) != 1 or len({b[2] for b in below}) < 2:
                        continue
                    level = below[0][1] + 1
                    stones = sum(1 for b in below if b[0] == "quarry")
                kinds = [k_.label for k_ in TILES[tile].hexes]
                found[frozenset(zip(cells, kinds, strict=True))] = (level, stones)
    return found


def _outside(city: Plain) -> set[tuple[int, int]]:
    """Empty cells connected to beyond the bounding box (flood from the box's border)."""
    qs = [q for q, _ in city]
    rs = [r for _, r in city]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    todo = [(q0, r0)]
    seen = {(q0, r0)}
    while todo:
        h = todo.pop()
        for n in near(h):
            if q0 <= n[0] <= q1 and r0 <= n[1] <= r1 and n not in city and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def brute_score(city: Plain, variants: Iterable[str], stones: int) -> dict[str, object]:
    """Per-kind value, stars and points plus stones and total, computed naively."""
    variants = set(variants)
    outside = _outside(city)
    stars = dict.fromkeys(STARS, 0)
    for kind, _, _ in city.values():
        if kind.endswith("-plaza"):
            stars[kind[:-6]] += STARS[kind[:-6]]
    value = dict.fromkeys(STARS, 0)

    houses = {h for h, (kind, _, _) in city.items() if kind == "house"}
    groups = []
    left = set(houses)
    while left:
        group = {left.pop()}
        grew = True
        while grew:
            grew = False
            for h in list(group):
                for n in near(h):
                    if n in left:
                        left.discard(n)
                        group.add(n)
                        grew = True
        groups.append(group)
    if groups:
        best = max(groups, key=lambda g: (len(g), sum(city[h][1] for h in g)))
        total = sum(city[h][1] for h in best)
        value["house"] = total * 2 if "houses" in variants and total >= 10 else total

    for h, (kind, level, _) in city.items():
        around = [city.get(n) for n in near(h)]
        if kind == "market" and not any(a and a[0] == "market" for a in around):
            doubled = "markets" in variants and any(a and a[0] == "market-plaza" for a in around)
            value["market"] += level * (2 if doubled else 1)
        elif kind == "barracks":
            empty_outside = sum(1 for n in near(h) if n in outside)
            if empty_outside:
                doubled = "barracks" in variants and empty_outside in (3, 4)
                value["barracks"] += level * (2 if doubled else 1)
        elif kind == "temple" and all(a is not None for a in around):
            doubled = "temples" in variants and level >= 2
            value["temple"] += level * (2 if doubled else 1)
        elif kind == "garden":
            lake = any(n not in city and n not in outside for n in near(h))
            doubled = "gardens" in variants and lake
            value["garden"] += level * (2 if doubled else 1)

    out: dict[str, object] = {
        PLURAL[k]: {"value": value[k], "stars": stars[k], "points": value[k] * stars[k]}
        for k in STARS
    }
    out["stones"] = stones
    out["total"] = sum(value[k] * stars[k] for k in STARS) + stones
    return out
