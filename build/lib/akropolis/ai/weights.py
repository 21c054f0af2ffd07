"""The evaluation's weights (``features.Evaluator``), tuned by self-play with tools/tune_ai.py.

``star`` and ``value``: how much of the plazas and districts still to come a player can expect
to get, as a share of their turns left; the potentials: how much a district that does not count
yet is worth (``house_other`` outside the largest group, ``market_crowded`` next to a market,
``barracks_inner`` off the edge, ``temple1``..``temple3`` with 1, 2, 3+ empty sides);
``quarry``: a visible quarry, early on; ``stone``: a stone's worth beyond its point, early on;
``deny``: how much the best tile left to the next player counts against a move;
``ahead`` (2 players): how much the best gain of the player's next turn counts, from the site
the other player's predicted (for the Architect: forced) pick will leave; ``architect`` (solo):
how much the Architect's projected score after its next pick counts.

``MEDIUM`` is for games of 2–4 players; ``SOLO`` for the solo game against the Architect, who
takes a plaza on most turns (tuned against it with ``tools/tune_ai.py --solo``).
"""

from __future__ import annotations

MEDIUM: dict[str, float] = {
    "star": 0.6,
    "value": 1.0,
    "house_other": 0.3,
    "market_crowded": 0.1,
    "barracks_inner": 0.1,
    "temple1": 0.7,
    "temple2": 0.45,
    "temple3": 0.25,
    "quarry": 0.3,
    "stone": 1.0,
    "deny": 0.3,
    "ahead": 1.0,
}

SOLO: dict[str, float] = {**MEDIUM, "value": 1.5, "stone": 2.0, "architect": 1.5}


def for_game(game: object) -> dict[str, float]:
    """The weights for a game: ``SOLO`` against the Architect, else ``MEDIUM``."""
    return SOLO if getattr(game, "architect", None) is not None else MEDIUM
