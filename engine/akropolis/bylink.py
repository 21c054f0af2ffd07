"""Games played by link with hidden stacks: what a link carries and what every device checks.

A game by link carries its setup, its moves, and its ``Chains``: the game's id, every seat's
commitment and every seat's latest revealed value (docs/fair-links.md).  From those alone anyone
checks every reveal and deals every stack whose values are all out; a seat's own key deals the
stack that seat is first to choose from, and nothing else.  How many values each seat has
revealed follows from the number of moves played (``revealed_count``), so a link carries one
value per seat however long the game: every earlier value follows by hashing.

``open_game`` builds the ``Game`` a link holds, checking everything; ``new_chains``, ``join``
and ``revealing`` are what a device adds to a link when its player starts, joins or moves.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import fair
from .checks import excerpt, reason_of
from .game import Game, IllegalMoveError, Placement
from .options import Options
from .sentences import Sentence

#: Characters of a value and of a game id in a link (base64url, no padding).
VALUE_CHARS, ID_CHARS = 22, 11


def encode(data: bytes) -> str:
    """Bytes as a link writes them: base64url without padding."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def decode(text: Any, size: int) -> bytes:
    """``size`` bytes written by ``encode`` (a game id or a chain value); anything else is
    refused."""
    chars = ID_CHARS if size == fair.ID_BYTES else VALUE_CHARS
    data = b""
    if isinstance(text, str) and len(text) == chars and text.isascii():
        try:
            data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except (binascii.Error, ValueError):
            data = b""
    if len(data) != size or encode(data) != text:
        if size == fair.ID_BYTES:
            raise ValueError(
                Sentence(
                    "the game id (g=) must be 11 letters, digits, - or _, not {value}",
                    value=excerpt(text),
                )
            )
        raise ValueError(
            Sentence(
                "a commitment (h=) or revealed value (x=) must be 22 letters, digits, - or _, "
                "not {value}",
                value=excerpt(text),
            )
        )
    return data


@dataclass(frozen=True)
class Chains:
    """The public part of a game by link: its id, each seat's commitment (None: that seat has
    not joined yet) and each seat's latest revealed value (None: none yet)."""

    game_id: bytes
    commitments: tuple[bytes | None, ...]
    values: tuple[bytes | None, ...]
    #: How many moves had been played when these values were out (not written in links: the
    #: moves say it).
    plies: int = 0

    @property
    def players(self) -> int:
        return len(self.commitments)

    @property
    def joined(self) -> int:
        """How many seats have joined (they join in seat order)."""
        return sum(1 for commitment in self.commitments if commitment is not None)

    @property
    def id_text(self) -> str:
        return encode(self.game_id)

    def rewound(self, options: Options, plies: int) -> Chains:
        """The chains as they stood after ``plies`` moves (at most ``self.plies``): each later
        value hashed back down to the one then revealed."""
        values = []
        for seat, value in enumerate(self.values):
            now = revealed_count(options, seat, plies, True)
            then = revealed_count(options, seat, self.plies, True)
            if value is not None and 0 < now <= then:  # (a value not revealed stays as it is)
                value = fair.value_for(self.game_id, seat, value, then, now)
            values.append(value if now else None)
        return replace(self, values=tuple(values), plies=plies)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": encode(self.game_id),
            "commitments": [None if c is None else encode(c) for c in self.commitments],
            "values": [None if v is None else encode(v) for v in self.values],
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> Chains:
        """Chains from a record's ``chains`` (or a link's fields), checked in form only."""
        if not isinstance(data, dict) or set(data) != {"game", "commitments", "values"}:
            raise ValueError(Sentence("chains must hold game, commitments and values"))
        game_id = decode(data["game"], fair.ID_BYTES)
        lists = []
        for key in ("commitments", "values"):
            items = data[key]
            if not isinstance(items, list) or len(items) != players:
                raise ValueError(
                    Sentence(
                        "the chains need one commitment and one value for each player ({players})",
                        players=players,
                    )
                )
            lists.append(
                tuple(None if item is None else decode(item, fair.VALUE_BYTES) for item in items)
            )
        return cls(game_id, lists[0], lists[1])


# --- The schedule --------------------------------------------------------------------------


def draw_count(options: Options) -> int:
    """How many draws a game has: the opening site, then one per stack."""
    stacks = (len(options.pool()) - options.site_size) // options.stack_size
    return fair.draws(options.players, stacks)


def revealed_count(options: Options, seat: int, plies: int, joined: bool) -> int:
    """How many of ``seat``'s values are out once ``plies`` moves are played: its value for the
    opening once it joined (the first seat's in its first move), then each draw whose reveal
    move (``fair.reveal_ply``) is played."""
    count = int(plies >= 1 if seat == 0 else joined)
    for draw in range(2, draw_count(options) + 1):
        if fair.reveal_ply(options.players, draw, seat) >= plies:
            break
        count = draw
    return count


# --- What a device adds ----------------------------------------------------------------------


def new_chains(options: Options, key: bytes, game_id: bytes | None = None) -> Chains:
    """A new game's chains: its creator (the first seat) has committed; nobody else yet."""
    game_id = fair.new_game_id() if game_id is None else game_id
    commitment = fair.chain(game_id, 0, key, draw_count(options))[0]
    empty = (None,) * (options.players - 1)
    return Chains(game_id, (commitment, *empty), (None,) * options.players)


def join(chains: Chains, options: Options, seat: int, key: bytes) -> Chains:
    """``seat`` joins: commits to its chain and reveals its value for the opening site."""
    if seat != chains.joined or seat >= chains.players:
        raise ValueError(Sentence("seat {seat} cannot join now", seat=seat + 1))
    values = fair.chain(chains.game_id, seat, key, draw_count(options))
    commitments = list(chains.commitments)
    commitments[seat] = values[0]
    revealed = list(chains.values)
    revealed[seat] = values[1]
    return replace(chains, commitments=tuple(commitments), values=tuple(revealed), plies=0)


def revealing(chains: Chains, options: Options, seat: int, key: bytes, plies: int) -> Chains:
    """The chains once ``seat`` has revealed what it must after ``plies`` moves (after its move,
    or after taking one back)."""
    values = fair.chain(chains.game_id, seat, key, draw_count(options))
    if values[0] != chains.commitments[seat]:
        raise ValueError(Sentence("this key is not the key of seat {seat}", seat=seat + 1))
    count = revealed_count(options, seat, plies, chains.joined == chains.players)
    revealed = list(chains.values)
    revealed[seat] = values[count] if count else None
    return replace(chains, values=tuple(revealed), plies=plies)


# --- What every device checks ----------------------------------------------------------------


def _draw_values(chains: Chains, options: Options, plies: int) -> list[list[bytes | None]]:
    """Every seat's values for every draw, as far as the link reveals them (after checking
    each against its commitment); ``[draw][seat]``, draw 0 unused."""
    joined = chains.joined
    if any(commitment is None for commitment in chains.commitments[:joined]):
        raise ValueError(Sentence("the players join in seat order"))
    if joined < chains.players and plies:
        raise ValueError(Sentence("every player joins before the first move"))
    if not joined:
        raise ValueError(Sentence("the first player's commitment is missing"))
    draws = draw_count(options)
    table: list[list[bytes | None]] = [[None] * chains.players for _ in range(draws + 1)]
    for seat, (commitment, value) in enumerate(zip(chains.commitments, chains.values, strict=True)):
        count = revealed_count(options, seat, plies, True) if commitment is not None else 0
        if (value is None) != (count == 0):
            raise ValueError(
                Sentence("the revealed value of seat {seat} is not the one due now", seat=seat + 1)
            )
        if value is None or commitment is None:
            continue
        if not fair.checks(chains.game_id, seat, commitment, value, count):
            raise ValueError(
                Sentence(
                    "the revealed value of seat {seat} does not match its commitment", seat=seat + 1
                )
            )
        for draw in range(count, 0, -1):
            table[draw][seat] = value
            value = fair.step(chains.game_id, seat, value)
    return table


def _deal(
    chains: Chains, draw: int, values: Sequence[bytes], remaining: list[int], size: int
) -> tuple[int, ...]:
    seed = fair.draw_seed(chains.game_id, draw, values)
    tiles = fair.draw_tiles(remaining, min(size, len(remaining)), seed)
    for tile in tiles:
        remaining.remove(tile)
    return tiles


class Dealer:
    """Deals a game's draws in order, from the values a link reveals (and a seat's key)."""

    def __init__(self, chains: Chains, options: Options, plies: int) -> None:
        self.chains, self.options = chains, options
        self.values = _draw_values(chains, options, plies)
        self.remaining = sorted(options.pool())
        self.draw = 0

    def next(self, keys: Mapping[int, bytes] = {}) -> tuple[int, ...] | None:
        """The next draw's tiles, or None if a value for it is not out (nor in ``keys``)."""
        draw = self.draw + 1
        if draw >= len(self.values):
            return None
        values = list(self.values[draw])
        for seat, key in keys.items():
            if values[seat] is None and self.chains.commitments[seat] is not None:
                chain = fair.chain(self.chains.game_id, seat, key, len(self.values) - 1)
                if chain[0] != self.chains.commitments[seat]:
                    raise ValueError(
                        Sentence("this key is not the key of seat {seat}", seat=seat + 1)
                    )
                values[seat] = chain[draw]
        if any(value is None for value in values):
            return None
        size = self.options.site_size if draw == 1 else self.options.stack_size
        self.draw = draw
        return _deal(self.chains, draw, values, self.remaining, size)  # type: ignore[arg-type]


def open_game(
    options: Options,
    names: Sequence[str],
    kinds: Sequence[str | None],
    chains: Chains,
    moves: Iterable[Placement],
    keys: Mapping[int, bytes] = {},
) -> Game:
    """The game a link holds, every value, draw and move checked.

    The opening site and each stack are turned over as soon as every value for them is out;
    ``keys`` (a device's own seats) deal the one draw that waits for that seat alone.  Raises
    ``ValueError`` (with ``move {number}: …`` for a move) on anything that does not check.
    """
    if chains.players != options.players:
        raise ValueError(Sentence("the chains are for another number of players"))
    moves = list(moves)
    game = Game(
        options.players,
        variants=options.variants,
        all_tiles=options.all_tiles,
        deck=(),
        names=names,
        kinds=kinds,
        hidden=True,
    )
    game.chains = chains = replace(chains, plies=len(moves))
    dealer = Dealer(chains, options, len(moves))
    for index, move in enumerate(moves):
        if game.awaiting_stack:
            tiles = dealer.next()
            if tiles is None:
                raise ValueError(
                    Sentence("move {number}: its stack has not been revealed", number=index + 1)
                )
            game.turn_over(tiles)
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise ValueError(
                Sentence("move {number}: {reason}", number=index + 1, reason=reason_of(error))
            ) from None
    if game.awaiting_stack:
        tiles = dealer.next(keys)
        if tiles is not None:
            game.turn_over(tiles)
    return game


def turn_over_mine(game: Game, seat: int, key: bytes) -> bool:
    """Turn over the stack (or opening site) that waits for ``seat``'s value alone, dealt with
    ``seat``'s key; whether it was.  Only ever the draw due now: a key deals nothing ahead."""
    if game.chains is None or not game.awaiting_stack:
        return False
    dealer = Dealer(game.chains, game.options, game.ply)
    for _ in range(draws_seen(game)):
        dealer.next()
    tiles = dealer.next({seat: key})
    if tiles is None:
        return False
    game.turn_over(tiles)
    return True


def draws_seen(game: Game) -> int:
    """How many draws ``game`` has turned over."""
    options = game.options
    if not game.revealed:
        return 0
    return 1 + (game.revealed - options.site_size) // options.stack_size
