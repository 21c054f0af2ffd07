"""The expert's learned correction to the evaluation: what self-play taught about final scores.

The hand-made evaluation (``features.Evaluator``) estimates a player's final score from their
city, stones and the tiles still to come.  ``tools/train_ai.py`` played games by self-play,
recorded at every position each player's raw features (``measure``), stones and share of
turns left, and fitted, by ridge regression, what the estimate missed of the final score.  The
fitted numbers are ``COEFFICIENTS`` (one table per player count); ``correction`` adds back what
the estimate misses, a linear function of:

* per district kind, its counting value ``V``, its plaza stars ``S`` and their product (the
  points it would score now), and the stones, the visible quarries and the potentials (what
  could still count), each times the share of turns left ``φ`` and times ``φ²``;
* ``φ`` and ``φ²`` alone.

Every input is multiplied by ``φ``, so with no turn left the correction is 0 and the estimate
stays exactly the score.  The search (``search.Searcher``) adds it at its leaves only, never in
the hot loop over placements, so it costs a few multiplications per try.
"""

from __future__ import annotations

from collections.abc import Sequence

from .measure import FEATURES, QUARRIES

#: How many inputs ``inputs`` gives (the length of each table in ``COEFFICIENTS``).
INPUTS = 2 * (5 * 3 + 2 + 6) + 2
#: The potentials' raw feature indexes (``measure``: houses outside, markets crowded, ...).
_POTENTIALS = tuple(range(11, FEATURES - 1))
assert len(_POTENTIALS) == 6 and QUARRIES == FEATURES - 1


def inputs(f: Sequence[int], stones: int, fraction: float) -> list[float]:
    """The correction's inputs for raw features ``f``, ``stones`` and the share of turns left."""
    square = fraction * fraction
    base = []
    for k in (1, 2, 3, 4, 5):
        value, stars = f[k], f[k + 5]
        base.extend((value, stars, value * stars / 10))
    base.append(stones)
    base.append(f[QUARRIES])
    base.extend(f[i] for i in _POTENTIALS)
    return [x * fraction for x in base] + [x * square for x in base] + [fraction, square]


def correction(
    f: Sequence[int], stones: int, fraction: float, coefficients: Sequence[float]
) -> float:
    """What the evaluation's estimate misses of the final score, as learned (0 at the end)."""
    if fraction <= 0:
        return 0.0
    return sum(c * x for c, x in zip(coefficients, inputs(f, stones, fraction), strict=True))


#: Fitted by ``tools/train_ai.py``, by player count.  2 players: 200 games of hard self-play
#: at 20,000 work units a move (``generate --players 2 --games 200 --seed 1 --effort 20000``,
#: 14,400 positions and players, 13 minutes on one core), then ``fit`` (ridge 1, under a
#: second): on the games held out, the error of the final margin between the two players falls
#: from 25.1 to 24.0 points.  No table yet for 3 and 4 players (the search runs without).
# fmt: off
COEFFICIENTS: dict[int, tuple[float, ...]] = {
    2: (
        -0.84961, -12.11661, 4.1091, 1.38781, 2.85622, -0.97356, 1.31902, 4.26084,
        -3.69951, -2.67186, -1.74329, -2.45291, 0.0109, 2.21614, -7.12235, 1.85121,
        2.32436, -3.18587, 5.53822, 7.25843, -3.71165, 1.15806, -0.46738, 0.71384,
        8.40263, -0.29876, -0.3868, -4.43996, -4.39389, -4.00927, -6.20602, -4.52377,
        5.15359, 1.42682, -1.38853, 1.31703, -0.82595, -2.86147, -0.31419, -0.52181,
        8.00362, 0.94058, 2.18185, 10.9092, 1.97882, 3.71049, 48.54011, 48.74433,
    ),
}
# fmt: on

#: The player's in the solo game (the Architect's projection needs none), on the share of
#: turns left alone: what the estimate misses of the final score on average, so that the
#: margin at a leaf is an unbiased estimate of the final one and its chance of winning can be
#: judged (``solo.win_chance``).  300 games of expert at 40,000 work units a move against
#: Metagenes (``generate --architect metagenes --level expert --effort 40000 --games 300
#: --seed 3``, 5,400 positions, 20 minutes on two cores), then ``fit --turns-only``: on the
#: games held out the error falls from 82.4 points to 16.7.  Fitted on every input, the
#: correction fits no better there (15.7) and played worse: against Metagenes, 40 of the first
#: 49 games of ``--seed 201`` won where the plain search won 46, the margin 8.2 ± 2.6 smaller.
SOLO_COEFFICIENTS: tuple[float, ...] = (0.0,) * (INPUTS - 2) + (77.1456, 65.73981)
