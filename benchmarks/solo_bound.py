"""How winnable is a solo deal?  The least Callicrates can score in it whatever the human does,
and what a player who knows the stack order reaches.

The Architect's score depends only on the tiles it takes and its stones (``architect.py``:
its districts × V × its plaza stars, where it places them never matters), and what it takes
is forced by the site and its stones.  So for one deal, with the order of the stacks known
(perfect information, which only helps the human), every sequence of the human's picks can be
followed to the end, and the least final score the Architect can be held to is found exactly,
by a search over the human's picks with the positions it meets remembered.  The human gains a
stone every turn (about twice what a good player gains by covering quarries; at most
``STONES_KEPT`` are kept, more than the dearest tile costs), what they pay still goes to the
Architect, and their own city is ignored: a human who only ever denies.

With ``--beam W`` it also plays each deal as a *clairvoyant* human: a beam search over the
whole game, the stack order known, that keeps the ``W`` positions the hard level's evaluation
likes best (its estimate of the human's city minus its projection of the Architect's score)
and tries from each the hard level's candidate moves (``search.shortlist``).  The best
finished game is a margin that a player who knows the future can reach in that deal.

With ``--expert`` it also plays each deal as the expert level would if it knew the stack order:
its searches play every try on the real deal instead of dealing the hidden stacks again (the
one change: ``search.determinized`` returns the game as it is).  What it loses then, it loses
by its choices, not by what it could not know.  Its tries then all play the same deal, so more
effort changes nothing; ``--candidates N`` and ``--plies N`` change its shape instead (``--plies
40`` follows every try to the end).  ``--no-bound`` skips the least score (the slow part).

    python benchmarks/solo_bound.py                 # 10 deals, seeds 1000-1009
    python benchmarks/solo_bound.py --deals 3 --architect metagenes
    python benchmarks/solo_bound.py --beam 30       # and the clairvoyant human's game
    python benchmarks/solo_bound.py --no-bound --expert --architect metagenes --seed 201
    python benchmarks/solo_bound.py --no-bound --expert --candidates 64 --plies 40 --seed 401

Prints, per deal, the least score and how many positions the search met (and the clairvoyant
game's scores, the expert's game), then the means.  Slow (half a minute to a few minutes per
deal, a few GB of memory).  Asserts nothing: a figure for the strength targets
(``ai_strength.py``), not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game
from akropolis.ai import choose, expert, search
from akropolis.ai.common import Effort
from akropolis.ai.medium import ranked
from akropolis.ai.search import CANDIDATES, Searcher, shortlist
from akropolis.ai.weights import for_game
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


def _forced(game: Game) -> Game:
    """``game`` once the Architect has made its forced moves, if it is to move."""
    while not game.is_over and game.is_architect(game.turn):
        game.play_unchecked(game.forced_move())
    return game


def _judged(game: Game) -> float:
    """The hard level's view of a position: the human's estimate minus the Architect's
    projection; for a finished game, the true margin."""
    if game.is_over:
        human, architect = (score.total for score in game.scores())
        return human - architect
    searcher = Searcher(game, for_game(game), Effort(1 << 60))
    return searcher.standing(game, 0, (), []) - searcher.standing(game, 1, (), [])


def clairvoyant(seed: int, width: int, architect: str = "callicrates") -> tuple[int, int]:
    """The human's and the Architect's scores in the best game a beam search of ``width``
    finds in the deal of ``seed``, the stack order known."""
    level = ARCHITECTS[architect]
    beam = [(0.0, _forced(Game(2, seed=seed, kinds=["human", level.kind])))]
    while not all(game.is_over for _, game in beam):
        grown = []
        for value, game in beam:
            if game.is_over:
                grown.append((value, game))
                continue
            for entry in shortlist(ranked(game, for_game(game), Effort(1 << 60)), CANDIDATES):
                child = game.copy()
                child.play_unchecked(entry.legal())
                grown.append((_judged(_forced(child)), child))
        grown.sort(key=lambda pair: -pair[0])
        beam = grown[:width]
    best = max(beam, key=lambda pair: pair[0])[1]
    human, architect_score = (score.total for score in best.scores())
    return human, architect_score


def clairvoyant_expert(
    seed: int, architect: str = "callicrates", candidates: int = 0, plies: int = 0
) -> tuple[int, int, bool]:
    """The expert's and the Architect's scores when the expert plays the deal of ``seed``
    knowing the stack order, and whether the expert won; ``candidates`` and ``plies``, if
    given, replace the expert's candidate moves and the turns each try follows."""
    level = ARCHITECTS[architect]
    game = Game(2, seed=seed, kinds=["human", level.kind])
    shape = {
        "EXPERT_CANDIDATES": candidates or expert.EXPERT_CANDIDATES,
        "EXPERT_SOLO_PLIES": plies or expert.EXPERT_SOLO_PLIES,
    }
    with (
        mock.patch.object(search, "determinized", lambda game, rng: game.copy()),
        mock.patch.multiple(expert, **shape),
    ):
        while not game.is_over:
            game.play(choose(game, "expert", seed))
    result = game.result()
    human, architect_score = result.totals
    return human, architect_score, result.winners == (0,)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1000, help="the first deal's seed")
    parser.add_argument("--architect", default="callicrates", choices=sorted(ARCHITECTS))
    parser.add_argument(
        "--beam", type=int, default=0, help="also play each deal clairvoyantly, this beam wide"
    )
    parser.add_argument(
        "--expert", action="store_true", help="also play each deal as the expert knowing the order"
    )
    parser.add_argument(
        "--candidates", type=int, default=0, help="with --expert: candidate moves weighed"
    )
    parser.add_argument(
        "--plies", type=int, default=0, help="with --expert: turns each try follows (40: all)"
    )
    parser.add_argument("--no-bound", action="store_true", help="skip the least score")
    args = parser.parse_args()
    if args.no_bound and args.beam <= 0 and not args.expert:
        parser.error("--no-bound leaves nothing to do: add --beam W or --expert")
    if (args.candidates or args.plies) and not args.expert:
        parser.error("--candidates and --plies shape the expert's game: add --expert")
    if args.candidates < 0 or args.plies < 0:
        parser.error("--candidates and --plies cannot be negative (0: the expert's own)")
    scores, margins, expert_won = [], [], []
    for seed in range(args.seed, args.seed + args.deals):
        parts = []
        if not args.no_bound:
            started = time.perf_counter()
            least, positions = least_score(seed, args.architect)
            scores.append(least)
            elapsed = time.perf_counter() - started
            parts.append(f"at least {least} points ({positions:,} positions, {elapsed:.0f} s)")
        if args.beam > 0:
            started = time.perf_counter()
            human, architect = clairvoyant(seed, args.beam, args.architect)
            elapsed = time.perf_counter() - started
            margin = human - architect
            margins.append(margin)
            parts.append(f"clairvoyant: {human} to {architect} ({margin:+d}, {elapsed:.0f} s)")
        if args.expert:
            started = time.perf_counter()
            human, architect, won = clairvoyant_expert(
                seed, args.architect, args.candidates, args.plies
            )
            elapsed = time.perf_counter() - started
            expert_won.append(won)
            outcome = "won" if won else "lost"
            parts.append(
                f"expert knowing the order: {human} to {architect}, {outcome} ({elapsed:.0f} s)"
            )
        print(f"deal {seed}: " + "; ".join(parts), flush=True)
    if scores:
        print(f"mean {statistics.fmean(scores):.1f}, lowest {min(scores)}, highest {max(scores)}")
    if margins:
        won = sum(margin > 0 for margin in margins)
        mean = statistics.fmean(margins)
        print(f"clairvoyant: mean margin {mean:+.1f}, ahead on points in {won} of {len(margins)}")
    if expert_won:
        print(f"expert knowing the order: won {sum(expert_won)} of {len(expert_won)}")


if __name__ == "__main__":
    main()
