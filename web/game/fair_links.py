"""Games played by link with hidden stacks, as the page needs them (docs/fair-links.md).

Pure functions over ``akropolis.bylink``, tested on CPython: a new game by link from the New
game form's setup, this device's key as text (to keep, and to copy to another device), whether
two copies of one game agree on what was already set (setup and commitments) however their links
were written, and a position from a game by link dealt onward on one screen.
"""

from __future__ import annotations

import os

from akropolis import Game, bylink, fair
from akropolis.rng import SplitMix64
from game.opponents import kind_of


def new_link_game(setup: Game, key: bytes | None = None) -> tuple[Game, bytes]:
    """A game by link with ``setup``'s players, names and options (never its deal: the
    players deal it together), and the creator's key.  It waits for everyone to join."""
    key = fair.new_key() if key is None else key
    chains = bylink.new_chains(setup.options, key)
    game = bylink.open_game(setup.options, setup.names, setup.kinds, chains, [])
    return game, key


def key_text(key: bytes) -> str:
    """A key as the page keeps it and the player copies it (22 characters)."""
    return bylink.encode(key)


def parse_key(text: object) -> bytes | None:
    """A key from its text (spaces around it ignored), or None if it is not one."""
    if not isinstance(text, str):
        return None
    try:
        return bylink.decode(text.strip(), fair.VALUE_BYTES)
    except ValueError:
        return None


def owns(game: Game, seat: int, key: bytes) -> bool:
    """Whether ``key`` is the latest key ``seat`` committed to in ``game``."""
    return game.chains is not None and bylink.owns(game.chains, game.options, seat, key)


def setup_of(game: Game) -> tuple:
    """What a game was set up with, however its link spelled it: players, names, who plays each
    seat, variants, the all-tiles option."""
    kinds = tuple(kind_of(game, seat) for seat in range(game.players))
    return (game.players, game.names, kinds, tuple(sorted(game.variants)), game.options.all_tiles)


def joined_order(mine: Game, theirs: Game) -> int | None:
    """How ``theirs``'s joins stand to ``mine``'s: 0 the same, 1 more, -1 fewer; None if they
    disagree on what was already set (the setup, or a seat's commitment)."""
    if setup_of(mine) != setup_of(theirs):
        return None
    a, b = mine.chains, theirs.chains
    if a is None or b is None:
        return 0 if a is b else None
    for one, other in zip(a.commitments, b.commitments, strict=True):
        if one is not None and other is not None and one != other:
            return None
    shared = min(len(mine.deck), len(theirs.deck))
    if mine.deck[:shared] != theirs.deck[:shared]:  # tiles already turned over differ
        return None
    return (b.joined > a.joined) - (b.joined < a.joined)


def waiting_to_join(game: Game) -> int | None:
    """The seat the game waits for before its first move: the next to join, or the creator
    (seat 0) once everyone has, until the opening site is turned over; None once it has been."""
    chains = game.chains
    if chains is None or game.ply or not game.awaiting_stack:
        return None
    return chains.joined if chains.joined < chains.players else 0


def dealt_onward(game: Game, seed: int | None = None) -> Game:
    """A position of a game by link to go on with on one screen: the tiles seen as they came,
    the rest of the box shuffled afresh (nobody here knows how the players would have dealt
    it)."""
    if game.chains is None:
        return game
    seed = int.from_bytes(os.urandom(8), "big") if seed is None else seed
    rest = [tile for tile in sorted(game.options.pool()) if tile not in game.deck]
    onward = Game(
        game.players,
        variants=game.variants,
        all_tiles=game.options.all_tiles,
        deck=[*game.deck, *SplitMix64(seed).shuffled(rest)],
        names=game.names,
        kinds=game.kinds,
    )
    for move in game.moves:
        onward.play(move)
    return onward
