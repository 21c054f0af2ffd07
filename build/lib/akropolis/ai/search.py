"""The hard level: a search over the next turns on top of the medium evaluation.

1. The medium ranking gives the candidates: the best placement of every tile it can take, then
   the next best moves, ``CANDIDATES`` in all.
2. Each candidate is tried in many *determinized* games: the tiles nobody has seen are dealt
   again in a random order (``common.determinized``), so the search never knows more than the
   player; every candidate meets the same deals (common random numbers). In each, the candidate
   is played, then every seat plays by the policy — the move the evaluation likes best (with
   ``deny``, less that share of the best the next seat can make of the site it leaves),
   Architect seats their forced move, and against the Architect the human's move best once its
   projection after its forced reply is taken off — until ``PLIES`` turns later, for the
   opponents' replies, our next turn and theirs. The leaf is judged by the evaluation: our
   estimate minus the opponents' (the mean of the best and the average), the seat to move
   credited with its best move; with ``chance``, against the Architect, by the chance of
   winning from that margin (``solo.win_chance``), and a try that has played our last turn
   goes on through the Architect's forced picks to the end: it is worth the real outcome
   (``solo.final_chance``), won or lost, not a chance.
3. Sequential halving shares the effort out: all candidates get the same number of deals, the
   worse half is dropped, and so on, so the effort goes to the moves that might be best.  Each
   round of halving tries every candidate left at least once, even if the ranking has already
   spent the work units (only a deadline cuts a search short).  A
   candidate whose tries never reveal a hidden tile is exact after one try and costs no more.

The policy's work is cached: a seat's best placement of a tile depends only on its city, so
``(seat, its moves since the root, tile)`` is judged once for all deals.  Effort is counted in
placements judged, so the result is the same on any machine; ``budget_ms`` may cut it short.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..architect import architect_choice
from ..city import Spot
from ..game import Game, LegalMove
from ..rng import SplitMix64
from ..tiles import TILES
from .candidates import layouts, legal_move, ways
from .common import Effort, determinized, is_architect, turns_left, unseen_tiles
from .features import Evaluator, Outlook, Trial, total_turns
from .learned import correction
from .measure import measure
from .medium import Scored, ranked
from .solo import Counts, Projection, final_chance, win_chance
from .trials import Base
from .weights import for_game

#: How many candidate moves are searched.
CANDIDATES = 8
#: Turns played after the candidate before the leaf is judged (per player count).
PLIES = {2: 2, 3: 3, 4: 4}
#: The same against the Architect: its replies are forced and cheap to follow, so the search
#: sees two more turns of its own (measured: 14% more points against Callicrates than 2 plies).
SOLO_PLIES = 4
#: In the solo game easy and medium search too, with less than hard: (candidates, work units,
#: plies).  A one-move look misjudges the race for plazas with the Architect; a try or two per
#: candidate through its forced reply and the player's next turn is enough to beat Hippodamos.
SOLO_LOOKAHEAD = {"easy": (4, 1_500, 2), "medium": (8, 5_000, SOLO_PLIES)}
#: Placements judged per move by default (the hard level's effort).
EFFORT = 75_000
#: Work units charged for each try beyond the placements it judges (copying, playing).
TRY_COST = 30


class Placed(NamedTuple):
    """A seat's best placement of a tile on its city: its value (stones it holds left out,
    the quarries it covers counted in) and where."""

    value: float
    spot: Spot
    way: int


class Searcher:
    """The search from one position for the player to move."""

    def __init__(
        self,
        game: Game,
        weights: Mapping[str, float],
        effort: Effort,
        plies: int | None = None,
        learned: Sequence[float] | None = None,
        deny: float = 0.0,
        refills: int = 0,
        chance: bool = False,
    ) -> None:
        self.root = game
        self.learned = learned
        self.deny = deny
        self.refills = refills
        self.chance = chance
        self.me = game.turn
        self.weights = weights
        self.effort = effort
        self.architects = [is_architect(game, p) for p in range(game.players)]
        if plies is None:
            plies = SOLO_PLIES if any(self.architects) else PLIES[game.players]
        self.plies = plies
        self.remaining = [*game.site, *unseen_tiles(game)]
        self.turns = [turns_left(game, p) for p in range(game.players)]
        self.totals = [total_turns(game, p) for p in range(game.players)]
        self._coefficients: dict[tuple[int, int], Evaluator] = {}
        self._layouts: dict[tuple[int, tuple], list] = {}
        self._bases: dict[tuple[int, tuple], Base] = {}
        self._placed: dict[tuple[int, tuple, int], Placed] = {}
        self._features: dict[tuple[int, tuple], list[int]] = {}
        self.projection = Projection(game, self.remaining) if any(self.architects) else None
        self._architect_counts: dict[tuple, Counts] = {}
        if self.projection is not None:
            self._architect_counts[()] = Counts.of_city(game.cities[1].kind.values())

    # --- The evaluation, by seat and turns left ------------------------------------------

    def _model(self, player: int, turns: int, game: Game) -> Evaluator:
        key = (player, turns)
        cached = self._coefficients.get(key)
        if cached is None:
            outlook = Outlook(turns, self.totals[player], self.remaining)
            cached = Evaluator(game.cities[player], game.variants, outlook, self.weights)
            self._coefficients[key] = cached
        return cached

    def stone_value(self, player: int, turns: int, game: Game) -> float:
        return self._model(player, turns, game).stone_value

    def evaluator(self, player: int, turns: int, game: Game, key: tuple) -> Evaluator:
        """An evaluator of ``player``'s city in ``game`` with ``turns`` placements to come
        (``key``: their moves since the root; the city measured once per key serves all)."""
        cached = self._model(player, turns, game)
        evaluator = Evaluator.__new__(Evaluator)
        base = self._bases.get((player, key))
        Trial.__init__(evaluator, game.cities[player], game.variants, base)
        if base is None:
            self._bases[(player, key)] = evaluator.base()
        evaluator.outlook = cached.outlook
        evaluator.coefficients = cached.coefficients
        evaluator.stone_value = cached.stone_value
        return evaluator

    def placed(self, game: Game, player: int, key: tuple, tile: int) -> Placed:
        """``player``'s best placement of ``tile`` on their city now (``key``: their moves
        since the root), judged once and cached."""
        entry = self._placed.get((player, key, tile))
        if entry is not None:
            return entry
        spots = self._layouts.get((player, key))
        if spots is None:
            spots = self._layouts[(player, key)] = layouts(game.cities[player])
        turns = max(self.turns[player] - len(key) - 1, 0)
        evaluator = self.evaluator(player, turns, game, key)
        stone = evaluator.stone_value
        trial_features, value_of = evaluator.trial_features, evaluator.value_of
        kinds = TILES[tile].hexes
        count = ways(tile)
        best = None
        best_value = float("-inf")
        for spot, cells in spots:
            gained = stone * spot.stones
            for way in range(count):
                value = value_of(trial_features(cells[way], kinds, spot.level), 0) + gained
                if value > best_value:
                    best_value, best = value, (spot, way)
        self.effort.spend(len(spots) * count)
        entry = Placed(best_value, *best) if best else Placed(best_value, None, 0)
        self._placed[(player, key, tile)] = entry
        return entry

    def standing(self, game: Game, player: int, key: tuple, gone: list[int]) -> float:
        """``player``'s estimate in ``game`` as it stands (``gone``: the tiles taken since
        the root, by anyone)."""
        if self.architects[player]:
            counts = Counts.of_city(game.cities[player].kind.values())
            turns = turns_left(game, player)
            return self.projection.value(counts, game.stones[player], turns, gone)
        features = self._features.get((player, key))
        if features is None:
            city = game.cities[player]
            features = measure(city.height, city.kind, city.frontier, game.variants)
            self._features[(player, key)] = features
            self.effort.spend(1)
        turns = max(self.turns[player] - len(key), 0)
        return self._model(player, turns, game).value_of(features, game.stones[player])

    def learned_part(self, game: Game, player: int, key: tuple) -> float:
        """What the learned correction adds to ``player``'s estimate at a leaf (0 without one,
        and for the Architect, whose projection is exact by counts)."""
        if self.learned is None or self.architects[player]:
            return 0.0
        total = self.totals[player]
        fraction = max(self.turns[player] - len(key), 0) / total if total else 0.0
        features = self._features[(player, key)]  # measured by ``standing`` just before
        return correction(features, game.stones[player], fraction, self.learned)

    # --- The policy ------------------------------------------------------------------------

    def policy(self, game: Game, keys: list[tuple]) -> tuple[LegalMove, float]:
        """The move of the seat to move, and its value (their estimate after it).

        Against the Architect the move is chosen by its value minus the Architect's projection
        once it has made its forced reply (``denial``); with ``deny``, by its value minus what
        it leaves the next seat (``leaves``).  The value returned is the seat's own estimate."""
        player = game.turn
        if self.architects[player]:
            return game.forced_move(), 0.0
        key = keys[player]
        stones = game.stones[player]
        site = game.site
        turns = max(self.turns[player] - len(key) - 1, 0)
        stone = self.stone_value(player, turns, game)
        if self.projection is not None:
            denial = self.denial(game, keys)
        elif self.deny:
            denial = self.leaves(game, keys)
        else:
            denial = None
        best, best_value, best_index, best_choice = None, float("-inf"), 0, float("-inf")
        for index in range(min(len(site), stones + 1)):
            entry = self.placed(game, player, key, site[index])
            if entry.spot is None:
                continue
            value = entry.value + stone * (stones - index)
            choice = value if denial is None else value - denial[index]
            if choice > best_choice:
                best, best_value, best_index, best_choice = entry, value, index, choice
        if best is None:  # no spot at all (cannot happen in a real city): any legal move
            return game.legal_moves()[0], float("-inf")
        return legal_move(site[best_index], best_index, best.spot, best.way), best_value

    def denial(self, game: Game, keys: list[tuple]) -> list[float]:
        """For each site index the human may take: the Architect's projection once it has
        made its forced reply, averaged over the sites ``sites_left`` gives."""
        seat = 1
        counts = self.architect_counts(keys[seat])
        turns = max(self.turns[seat] - len(keys[seat]) - 1, 0)
        stones = game.stones[seat]
        site = game.site
        gone = [move.tile for key in keys for move in key]
        out = []
        for index in range(min(len(site), game.stones[game.turn] + 1)):
            if self.turns[seat] - len(keys[seat]) <= 0:
                out.append(self.projection.value(counts, stones + index, 0, gone))
                continue
            purse = stones + index
            values = []
            for left in self.sites_left(game, index):
                if not left:
                    values.append(self.projection.value(counts, purse, 0, gone))
                    continue
                pick = architect_choice(left, purse)
                tile = left[pick]
                values.append(
                    self.projection.value(
                        counts.plus(tile), purse - pick, turns, (*gone, site[index], tile)
                    )
                )
            out.append(sum(values) / len(values))
        return out

    def sites_left(self, game: Game, index: int) -> list[list[int]]:
        """The sites the Architect may choose from once the human takes ``index``: one, or,
        where a new stack is turned over first, with ``refills``, that many stacks of the tiles
        still hidden in this deal other than the next one (the human cannot know which comes;
        without ``refills``, or with no other stack left, the dealt one)."""
        left = site_left(game, index)
        if len(left) <= 1 or not self.refills or len(game.site) != 2:
            return [left]
        size = game.options.stack_size
        start = game.revealed + size
        hidden = game.deck[start:]
        samples = [
            [left[0], *hidden[k * size : (k + 1) * size]]
            for k in range(min(self.refills, len(hidden) // size))
        ]
        return samples or [left]

    def leaves(self, game: Game, keys: list[tuple]) -> list[float] | None:
        """For each site index the seat to move may take: ``deny`` times the next seat's
        estimate after their best pick from the site it leaves (the new stack added if one
        tile is left), the stones kept counted in; None if they have no turn left."""
        following = (game.turn + 1) % game.players
        key = keys[following]
        turns = self.turns[following] - len(key)
        site = game.site
        if turns <= 0 or len(site) < 2:
            return None
        stone = self.stone_value(following, turns - 1, game)
        purse = game.stones[following]
        deny = self.deny
        out = []
        for index in range(min(len(site), game.stones[game.turn] + 1)):
            left = site_left(game, index)
            best = float("-inf")
            for j, tile in enumerate(left[: purse + 1]):
                value = self.placed(game, following, key, tile).value + stone * (purse - j)
                if value > best:
                    best = value
            out.append(deny * best if best > float("-inf") else 0.0)
        return out

    def architect_counts(self, key: tuple) -> Counts:
        """The Architect's counts once it has placed the tiles of ``key`` (its moves since the
        root; where they go never matters)."""
        counts = self._architect_counts.get(key)
        if counts is None:
            counts = self.architect_counts(key[:-1]).plus(key[-1].tile)
            self._architect_counts[key] = counts
        return counts

    # --- Tries -----------------------------------------------------------------------------

    def try_once(self, move: LegalMove, deal: int) -> tuple[float, bool]:
        """One try of ``move`` in the game dealt by ``deal``: the leaf's value for us, and
        whether a hidden tile was revealed on the way (else every deal gives the same)."""
        root = self.root
        game = determinized(root, SplitMix64(deal))
        self.effort.spend(TRY_COST)
        players = game.players
        keys: list[tuple] = [()] * players
        game.play_unchecked(move)
        keys[self.me] = (move.move,)
        stacks = game.stacks_left
        solo = self.chance and self.projection is not None
        played = 0
        while not game.is_over:
            # ``plies`` turns; against the Architect, once our last turn is played, to the end
            if played >= self.plies and not (solo and self.turns[self.me] <= len(keys[self.me])):
                break
            player = game.turn
            chosen, _ = self.policy(game, keys)
            game.play_unchecked(chosen)
            keys[player] = (*keys[player], chosen.move)
            played += 1
        revealed = game.stacks_left != stacks or root.stacks_left != stacks
        gone = [move.tile for key in keys for move in key] if self.projection else []
        values = [self.standing(game, p, keys[p], gone) for p in range(players)]
        if solo and game.is_over:  # the estimates are the final totals
            return final_chance(values, game.stones), revealed  # (we are seat 1)
        if not game.is_over and not self.architects[game.turn]:
            _, best = self.policy(game, keys)
            if best > float("-inf"):
                values[game.turn] = max(values[game.turn], best)
        if self.learned is not None:
            values = [v + self.learned_part(game, p, keys[p]) for p, v in enumerate(values)]
        mine = values[self.me]
        others = [values[p] for p in range(players) if p != self.me]
        margin = mine - (max(others) + sum(others) / len(others)) / 2
        if solo:
            turns = self.turns[self.me] - len(keys[self.me])
            return 100 * win_chance(margin, turns), revealed
        return margin, revealed


def site_left(game: Game, index: int) -> list[int]:
    """The site the next seat chooses from once the seat to move takes ``index``: the tiles
    left, and the next stack after a last one (known in a dealt game)."""
    site = game.site
    left = [*site[:index], *site[index + 1 :]]
    if len(left) == 1:
        left.extend(game.deck[game.revealed : game.revealed + game.options.stack_size])
    return left


def shortlist(scored: list[Scored], count: int) -> list[Scored]:
    """The best placement of each tile, then the next best moves, ``count`` in all."""
    chosen: list[Scored] = []
    tiles: set[int] = set()
    for entry in scored:
        if entry.tile not in tiles:
            tiles.add(entry.tile)
            chosen.append(entry)
    chosen = chosen[:count]
    for entry in scored:
        if len(chosen) >= count:
            break
        if entry not in chosen:
            chosen.append(entry)
    return chosen


def search(
    game: Game,
    rng: SplitMix64,
    effort: Effort,
    weights: Mapping[str, float] | None = None,
    candidates: int = CANDIDATES,
    plies: int | None = None,
    learned: Sequence[float] | None = None,
    deny: float = 0.0,
    refills: int = 0,
    chance: bool = False,
) -> Scored | None:
    """The candidate the search prefers (see the module's docstring); ``learned``: the
    coefficients of a learned correction added to the estimates at the leaves
    (``learned.py``); ``deny``: how much what a pick leaves the next seat counts against it
    in the tries (``Searcher.leaves``); ``refills``: how many stacks the human's look at the
    Architect's reply samples where a new stack comes first (``Searcher.sites_left``);
    ``chance``: against the Architect, each leaf is judged by the chance of winning from it, in
    percent (``solo.win_chance``), instead of by the margin."""
    weights = weights or for_game(game)
    scored = ranked(game, weights, effort)
    if len(scored) <= 1 or effort.out_of_time:
        return scored[0] if scored else None
    pool = shortlist(scored, candidates)
    searcher = Searcher(game, weights, effort, plies, learned, deny, refills, chance)
    moves = [entry.legal() for entry in pool]
    totals = [0.0] * len(pool)
    tries = [0] * len(pool)
    exact = [False] * len(pool)
    deals = [rng.next() for _ in range(64)]
    alive = list(range(len(pool)))
    phases = max(1, (len(pool) - 1).bit_length())
    start = effort.spent
    budget = effort.units - start
    for phase in range(phases):
        phase_end = start + budget * (phase + 1) / phases
        while True:
            for i in alive:
                if exact[i] and tries[i]:
                    continue
                while len(deals) <= tries[i]:
                    deals.append(rng.next())
                value, revealed = searcher.try_once(moves[i], deals[tries[i]])
                totals[i] += value
                tries[i] += 1
                exact[i] = not revealed
                if effort.out_of_time:
                    break
            if effort.out_of_time or all(exact[i] for i in alive):
                break
            if effort.spent >= phase_end:
                break
        if effort.out_of_time:
            break
        alive.sort(key=lambda i: (-totals[i] / tries[i], i))
        if phase < phases - 1:
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        if len(alive) == 1:
            break
    best = max(alive, key=lambda i: (totals[i] / tries[i] if tries[i] else float("-inf"), -i))
    return pool[best]


def choose_hard(
    game: Game,
    rng: SplitMix64,
    effort: Effort,
    weights: Mapping[str, float] | None = None,
    candidates: int = CANDIDATES,
    plies: int | None = None,
    learned: Sequence[float] | None = None,
    deny: float = 0.0,
    refills: int = 0,
    chance: bool = False,
) -> LegalMove | None:
    best = search(game, rng, effort, weights, candidates, plies, learned, deny, refills, chance)
    return None if best is None else best.legal()


def solo_chooser(level: str) -> tuple[Callable[[Game, SplitMix64, Effort], LegalMove | None], int]:
    """Easy's or medium's way of choosing in the solo game, and its work units."""
    candidates, units, plies = SOLO_LOOKAHEAD[level]

    def choose_solo(game: Game, rng: SplitMix64, effort: Effort) -> LegalMove | None:
        return choose_hard(game, rng, effort, candidates=candidates, plies=plies)

    return choose_solo, units
