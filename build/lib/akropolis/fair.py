"""Hidden stacks without a referee: commitments, reveals and draws (docs/fair-links.md).

Each player keeps a secret key and publishes the end of a hash chain grown from it (the
commitment); each draw (the opening site, then each stack) takes one value of every chain, and a
stack is drawn from the tiles not yet dealt by a seed made of those values.  Revealing a value
tells nothing of the next one; every value was fixed when the chains were committed, so nobody
can steer a draw; and the player who chooses first from a refilled site reveals last, so nobody
else can know a stack before it is turned over.

Pure functions over bytes and tile numbers; standard library only.  The schedule (who reveals
their value for which draw in which move) is :func:`reveal_ply` and :func:`chooser`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence

from .rng import SplitMix64

#: Bytes in a key, a chain value and a commitment (128 bits).
VALUE_BYTES = 16
#: Bytes in a game's id.
ID_BYTES = 8


def new_key() -> bytes:
    """A player's secret key for one game, from the system's cryptographic generator."""
    return os.urandom(VALUE_BYTES)


def new_game_id() -> bytes:
    """A game's id, drawn by its creator."""
    return os.urandom(ID_BYTES)


def _check(value: bytes, size: int, what: str) -> bytes:
    if not isinstance(value, bytes) or len(value) != size:
        raise ValueError(f"{what} must be {size} bytes")
    return value


def step(game_id: bytes, seat: int, value: bytes) -> bytes:
    """One step down a chain: the value before ``value`` in seat ``seat``'s chain of this game.
    Labelled with the game and the seat, so that a value never checks in another."""
    _check(game_id, ID_BYTES, "a game id")
    _check(value, VALUE_BYTES, "a chain value")
    label = b"akropolis/chain/" + game_id + bytes([seat])
    return hashlib.sha256(label + value).digest()[:VALUE_BYTES]


def chain(game_id: bytes, seat: int, key: bytes, draws: int) -> tuple[bytes, ...]:
    """Seat ``seat``'s whole chain for ``draws`` draws: ``values[0]`` is the commitment,
    ``values[k]`` the value revealed for draw ``k`` (1 to ``draws``), ``values[draws]`` the key."""
    values = [_check(key, VALUE_BYTES, "a key")]
    for _ in range(draws):
        values.append(step(game_id, seat, values[-1]))
    return tuple(reversed(values))


def value_for(game_id: bytes, seat: int, known: bytes, known_draw: int, draw: int) -> bytes:
    """The value for ``draw`` of a chain whose value for ``known_draw`` is ``known`` (hashing
    down: only earlier draws can be had, never later ones)."""
    if not 0 <= draw <= known_draw:
        raise ValueError("a later value cannot be had from an earlier one")
    value = known
    for _ in range(known_draw - draw):
        value = step(game_id, seat, value)
    return value


def checks(game_id: bytes, seat: int, commitment: bytes, value: bytes, draw: int) -> bool:
    """Whether ``value`` is seat ``seat``'s value for ``draw`` under ``commitment``."""
    try:
        return value_for(game_id, seat, value, draw, 0) == commitment
    except ValueError:
        return False


def draw_seed(game_id: bytes, draw: int, values: Sequence[bytes]) -> int:
    """The seed of a draw: every player's value for it, in seat order."""
    _check(game_id, ID_BYTES, "a game id")
    digest = hashlib.sha256(b"akropolis/draw" + game_id + draw.to_bytes(2, "big"))
    for value in values:
        digest.update(_check(value, VALUE_BYTES, "a chain value"))
    return int.from_bytes(digest.digest()[:8], "big")


def draw_tiles(remaining: Iterable[int], count: int, seed: int) -> tuple[int, ...]:
    """``count`` tiles drawn from the tiles not yet dealt (the engine's generator shuffles them
    in ascending order; the first ``count`` are drawn)."""
    return tuple(SplitMix64(seed).shuffled(sorted(remaining))[:count])


# --- The schedule -------------------------------------------------------------------------------
# Plies count moves from 0.  Every move takes one tile from the site, which starts with
# ``players + 2`` tiles and is refilled with a stack of ``players + 1`` when one is left: draw 1
# is the opening site, draw k + 1 the stack turned over after ply k * (players + 1) - 1.


def draws(players: int, stacks: int) -> int:
    """How many draws a game has: the opening site, then one per stack."""
    return 1 + stacks


def refill_after(players: int, draw: int) -> int:
    """The ply after which the stack of ``draw`` (2 or more) is turned over."""
    if draw < 2:
        raise ValueError("the opening site is drawn before the first move")
    return (draw - 1) * (players + 1) - 1


def chooser(players: int, draw: int) -> int:
    """The seat that takes the first tile of ``draw`` (seat 0 chooses from the opening site)."""
    return 0 if draw == 1 else (refill_after(players, draw) + 1) % players


def reveal_ply(players: int, draw: int, seat: int) -> int:
    """The ply in whose move ``seat`` reveals its value for ``draw`` (2 or more): the chooser
    in its move from the refilled site, every other seat in its last move before the refill.
    (For the opening, every seat but the first reveals on joining, the first in ply 0.)"""
    after = refill_after(players, draw)
    if seat == chooser(players, draw):
        return after + 1
    # The last ply at or before ``after`` played by ``seat``.
    return after - ((after - seat) % players)
