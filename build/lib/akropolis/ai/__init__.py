"""Computer opponents: four levels and two yardsticks, pure Python, deterministic by seed.

``choose(game, level, seed, budget_ms)`` gives the move the computer would play for the player
to move.  Levels: ``easy`` (the best immediate score, blurred by chance), ``medium`` (a real
evaluation of the position and of what the move leaves to the next player), ``hard`` (a search
over the next turns on top of that evaluation, the hidden stacks dealt again many times),
``expert`` (the same search, two turns deeper, over more candidate moves, with a correction
learned by self-play at its leaves).
Yardsticks: ``greedy`` (the best score right after the move) and ``random``.  In the solo game
easy and medium search too, shallowly (``search.SOLO_LOOKAHEAD``): the Architect's forced
replies make looking ahead cheap, and a one-move look loses the race for plazas to it.

Each level's effort is counted in work units, so the same game, level and seed always give the
same move; ``budget_ms`` caps the wall time on top (the best move found so far is returned).
The game is never changed: the levels work on copies.
"""

from __future__ import annotations

from collections.abc import Callable

from ..checks import AI_LEVELS, check_int, check_seed, excerpt
from ..game import Game, LegalMove
from ..rng import SplitMix64
from .common import Effort, generator, is_architect
from .easy import choose_easy
from .expert import EXPERT_EFFORT, EXPERT_SOLO_EFFORT, choose_expert
from .medium import choose_medium
from .search import EFFORT, SOLO_LOOKAHEAD, choose_hard, solo_chooser
from .yardsticks import greedy, random_move

LEVELS: tuple[str, ...] = AI_LEVELS
YARDSTICKS: tuple[str, ...] = ("greedy", "random")
#: The largest ``budget_ms`` accepted (a minute).
MAX_BUDGET_MS = 60_000
#: The largest ``effort`` accepted (work units).
MAX_EFFORT = 100_000_000

Chooser = Callable[[Game, SplitMix64, Effort], LegalMove | None]


#: Per level: how it chooses, its salt for the seed, and its default effort in work units.
_PLAYERS: dict[str, tuple[Chooser, int, float]] = {
    "easy": (choose_easy, 0xE, float("inf")),  # the keys: LEVELS, then YARDSTICKS
    "medium": (choose_medium, 0x3D, float("inf")),
    "hard": (choose_hard, 0x4A, EFFORT),
    "expert": (choose_expert, 0x5E, EXPERT_EFFORT),
    "greedy": (greedy, 0x6, float("inf")),
    "random": (random_move, 0x7, float("inf")),
}

assert tuple(_PLAYERS) == (*LEVELS, *YARDSTICKS)


def check_level(level: object) -> str:
    if not isinstance(level, str) or level not in _PLAYERS:
        known = ", ".join((*LEVELS, *YARDSTICKS))
        raise ValueError(f"unknown level {excerpt(level)} (known: {known})")
    return level


def choose(
    game: Game,
    level: str,
    seed: int = 0,
    budget_ms: int | None = None,
    *,
    effort: int | None = None,
) -> LegalMove:
    """The move ``level`` plays for the player to move in ``game`` (which is left unchanged).

    On the Architect's turn (solo game) that is its one forced move, whatever the level.
    ``effort`` replaces the searching levels' work units (placements judged; for tests, tuning
    and benchmarks; the other levels judge every move once); ``budget_ms`` caps the wall time.
    Raises ``ValueError`` for a game that is over, an unknown level, a bad seed, budget or
    effort.
    """
    if not isinstance(game, Game):
        raise ValueError(f"the game must be a Game, not {excerpt(game)}")
    check_level(level)
    check_seed(seed)
    if budget_ms is not None:
        check_int(budget_ms, "budget_ms", 1, MAX_BUDGET_MS)
    if effort is not None:
        check_int(effort, "effort", 1, MAX_EFFORT)
    if game.is_over:
        raise ValueError("the game is over")
    if is_architect(game, game.turn):
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
    chooser, salt, units = _PLAYERS[level]
    if level in SOLO_LOOKAHEAD and game.architect is not None:
        chooser, units = solo_chooser(level)
    elif level == "expert" and game.architect is not None:
        units = EXPERT_SOLO_EFFORT
    meter = Effort(units if effort is None else effort, budget_ms)
    move = chooser(game.copy(), generator(seed, game, salt), meter)
    if move is None:  # out of time before judging a single move
        move = game.legal_moves()[0]
    return game.check(move)
