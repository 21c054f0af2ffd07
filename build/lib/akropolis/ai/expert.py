"""The expert level: the hard level's search, looking further and weighing more moves.

Expert runs the same determinized search as hard (``search.py``: the hidden stacks dealt again
for every try, every candidate meeting the same deals, sequential halving sharing the work out)
with a different shape, measured against hard itself (``benchmarks/ai_search_shape.py``):

* each try follows **two more turns** after the candidate before the leaf is judged (with two
  players: the opponent's reply, our next turn, theirs and ours again), so that a plaza set up
  now and the tiles it leaves the opponent are both seen paid off; against the Architect
  only as many as hard (four: its forced reply, our next turn, its reply, our turn again).
  There the same effort buys more tries of four turns than of six, and the policy playing
  them errs more the further it goes: against Metagenes, on the 200 games of ``--seed
  201``, six turns won 183 where four win 188 (the margin 1.2 ± 1.4 points wider, paired
  game by game), and ten won 37 of 48 where six won 42;
* **thirty-two candidates** instead of eight: the one-turn ranking values many placements of
  a tile the same (early in the game most of them), and the tries tell them apart — a
  placement that lets a later tile go on top of two others is worth points a one-turn look
  cannot see (``benchmarks/ai_candidates.py``: the best of the first twelve fell about 2
  points of margin short of the best of 32); sequential halving drops the weak ones after a
  try or two, so the longer list costs little work;
* in each try every seat **weighs what its pick leaves the next player**: the medium level's
  ``deny`` weight times the best the next seat can make of the site left (``Searcher.leaves``),
  so the turns followed are played as strong players play them, not greedily;
* against the Architect, where a new stack is turned over before its forced reply, each
  try's human **does not peek at that stack**: it weighs the reply over ``EXPERT_REFILLS``
  other stacks of the tiles still hidden in the deal, as a player who cannot see it would
  (``Searcher.sites_left``; hard weighs the dealt stack).  Measured on the 200 games of
  ``--seed 201`` against Metagenes: 183 won where 182 were, the margin 1.7 ± 1.1 points
  wider, paired game by game;
* each leaf's estimates get the **learned correction** (``learned.py``): what self-play showed
  the hand-made evaluation misses of the final scores (where a table was fitted for the player
  count; in the solo game only the player's, and only what it misses on average by turns
  left, the Architect being projected exactly by counts);
* against the Architect each leaf is judged by the **chance of winning** from it
  (``solo.win_chance``: the margin, unbiased by that correction, against how far final
  margins stray with as many turns left), not by the margin: a try far ahead counts little
  more than one safely ahead, and a move that risks a loss is weighed by that risk; a try
  that plays the player's last turn is played out to the end (the Architect's picks are
  forced) and judged by who **really wins** (``solo.final_chance``), with the tie-break on
  stones, and by the margin among wins (on the 200 games of ``--seed 201``: 195 won where
  194 were, the margin 3.5 ± 0.5 points wider, paired game by game).

Its default effort is counted in placements judged, like hard's, so it is deterministic for a
seed on any machine; ``budget_ms`` caps the wall time on top.  Against the Architect it judges
twice as many: more tries per candidate tell apart moves whose chances of winning differ by
little (on the 200 games of ``--seed 201`` against Metagenes: 194 won where 190 were).
"""

from __future__ import annotations

from ..game import Game, LegalMove
from ..rng import SplitMix64
from .common import Effort, is_architect
from .learned import COEFFICIENTS, SOLO_COEFFICIENTS
from .search import CANDIDATES, PLIES, SOLO_PLIES, choose_hard
from .weights import MEDIUM

#: Candidate moves weighed (hard: ``search.CANDIDATES``).
EXPERT_CANDIDATES = 4 * CANDIDATES
#: Turns followed after the candidate: two more than hard's, per player count.
EXPERT_PLIES = {players: plies + 2 for players, plies in PLIES.items()}
#: The same against the solo Architect: hard's (following more turns measured worse).
EXPERT_SOLO_PLIES = SOLO_PLIES
#: How much the best tile a pick leaves the next seat counts against it in the tries (the
#: medium level's weight: measured better than twice as much, and than none).
EXPERT_DENY = MEDIUM["deny"]
#: Stacks sampled for the Architect's reply where a new stack comes first (``sites_left``).
EXPERT_REFILLS = 3
#: Placements judged per move by default.
EXPERT_EFFORT = 110_000
#: The same in the solo game: twice as much (above).  Its worst solo position of
#: ``benchmarks/ai_bench.py`` then takes 1.0 s on CPython and 1.6 s in Pyodide.
EXPERT_SOLO_EFFORT = 2 * EXPERT_EFFORT


def choose_expert(game: Game, rng: SplitMix64, effort: Effort) -> LegalMove | None:
    """The expert's move for the player to move in ``game`` (a copy the search may use)."""
    solo = any(is_architect(game, seat) for seat in range(game.players))
    plies = EXPERT_SOLO_PLIES if solo else EXPERT_PLIES[game.players]
    learned = SOLO_COEFFICIENTS if solo else COEFFICIENTS.get(game.players)
    return choose_hard(
        game,
        rng,
        effort,
        candidates=EXPERT_CANDIDATES,
        plies=plies,
        learned=learned,
        deny=EXPERT_DENY,
        refills=EXPERT_REFILLS,
        chance=solo,
    )
