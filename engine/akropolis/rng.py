"""A tiny, documented random generator so a seed deals the same deck in any implementation.

SplitMix64 (Steele, Lea, Flood 2014): ``state += 0x9E3779B97F4A7C15``, then the output mix.
Shuffling is Fisher–Yates from the last index down, ``j = next() % (i + 1)``.  Python's own
``random`` is avoided on purpose: docs/engine.md documents this algorithm so that a rules site
or another program can reproduce a deal from its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
#: Seeds are unsigned 64-bit integers.
SEED_LIMIT = 1 << 64


class SplitMix64:
    """A 64-bit generator with a single integer of state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in ``range(n)``."""
        return self.next() % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (Fisher–Yates, last index first)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.next() % (i + 1)
            out[i], out[j] = out[j], out[i]
        return out
