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


#: Fitted by ``python tools/train_ai.py`` (see its docstring for the run); by player count.
COEFFICIENTS: dict[int, tuple[float, ...]] = {}
