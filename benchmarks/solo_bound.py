"""How low can Callicrates be held?  The least it can score in a deal, whatever the human does.

The Architect's score depends only on the tiles it takes and its stones (``architect.py``:
its districts × V × its plaza stars, where it places them never matters), and what it takes
is forced by the site and its stones.  So for one deal, with the order of the stacks known
(perfect information, which only helps the human), every sequence of the human's picks can be
followed to the end, and the least final score the Architect can be held to is found exactly,
by a search over the human's picks with the positions it meets remembered.  The human gains a
stone every turn (about twice what a good player gains by covering quarries; at most
``STONES_KEPT`` are kept, more than the dearest tile costs), what they pay still goes to the
Architect, and their own city is ignored: a human who only ever denies.

    python benchmarks/solo_bound.py                 # 10 deals, seeds 1000-1009
    python benchmarks/solo_bound.py --deals 3 --architect metagenes

Prints, per deal, the least score and how many positions the search met, then the mean.
Slow (half a minute to a few minutes per deal, a few GB of memory).  Asserts nothing: a
figure for the strength targets (``ai_strength.py``), not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game
from akropolis.architect import ARCHITECTS, architect_choice
from akropolis.tiles import STARS, TILES, Kind

#: Per tile: the districts (index 0–4: house … garden), stars (5–9) and quarries (10) it adds.
ADDS: dict[int, tuple[int, ...]] = {}
for _number, _tile in TILES.items():
    _adds = [0] * 11
    for _kind in _tile.hexes:
        if _kind.is_plaza:
            _adds[5 + _kind - Kind.HOUSE_PLAZA] += STARS[Kind(_kind - Kind.HOUSE_PLAZA + 1)]
        elif _kind is Kind.QUARRY:
            _adds[10] += 1
        else:
            _adds[_kind - 1] += 1
    ADDS[_number] = tuple(_adds)
#: The stones the human gains per turn, and the most they keep (the dearest tile costs 3).
STONES_PER_TURN = 1
STONES_KEPT = 6
#: The Architect's starting tile: a house plaza and three quarries.
START = (0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3)


def score(counts: tuple[int, ...], stones: int, value: int, quarry_points: int) -> int:
    """The Architect's score without variants (``architect.score_architect``)."""
    districts = sum(counts[k] * counts[5 + k] for k in range(5))
    return value * districts + quarry_points * counts[10] + stones


def least_score(seed: int, architect: str = "callicrates") -> tuple[int, int]:
    """The least final score the Architect can be held to in the deal of ``seed``, and the
    number of positions the search met."""
    level = ARCHITECTS[architect]
    deck = Game(2, seed=seed, kinds=["human", level.kind]).deck
    size = len(deck)
    memo: dict[tuple, int] = {}

    def refill(site: list[int], following: int) -> int:
        if len(site) == 1 and following < size:
            site.extend(deck[following : following + 3])
            following += 3
        return following

    def over(site: list[int], following: int) -> bool:
        return len(site) <= 1 and following >= size

    def best(
        following: int, site: tuple[int, ...], stones: int, mine: int, counts: tuple[int, ...]
    ) -> int:
        """The human to move with ``mine`` stones: the least the Architect (``stones``) ends
        with from here."""
        key = (following, site, stones, mine, counts)
        found = memo.get(key)
        if found is not None:
            return found
        least = 1 << 30
        for index in range(min(len(site), mine + 1)):
            left = list(site[:index] + site[index + 1 :])
            kept = min(mine - index + STONES_PER_TURN, STONES_KEPT)
            purse = stones + index  # what the human pays goes to the Architect
            after = refill(left, following)
            if over(left, after):
                least = min(least, score(counts, purse, level.value, level.quarry_points))
                continue
            pick = architect_choice(left, purse)
            added = ADDS[left.pop(pick)]
            grown = tuple(c + a for c, a in zip(counts, added, strict=True))
            purse -= pick
            after = refill(left, after)
            if over(left, after):
                total = score(grown, purse, level.value, level.quarry_points)
            else:
                total = best(after, tuple(left), purse, kept, grown)
            least = min(least, total)
        memo[key] = least
        return least

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    return best(4, tuple(deck[:4]), 2, 1, START), len(memo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1000, help="the first deal's seed")
    parser.add_argument("--architect", default="callicrates", choices=sorted(ARCHITECTS))
    args = parser.parse_args()
    scores = []
    for seed in range(args.seed, args.seed + args.deals):
        started = time.perf_counter()
        least, positions = least_score(seed, args.architect)
        scores.append(least)
        elapsed = time.perf_counter() - started
        print(f"deal {seed}: at least {least} points ({positions:,} positions, {elapsed:.0f} s)")
    print(f"mean {statistics.fmean(scores):.1f}, lowest {min(scores)}, highest {max(scores)}")


if __name__ == "__main__":
    main()
