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
class Rekey:
    """A seat that lost its key made a new one, in its move ``ply``: ``old`` is its latest
    value then (None if it had revealed none), ``commitment`` the new chain's.  The new chain
    deals from the first draw nobody had begun revealing; a draw begun before is dealt without
    this seat's value."""

    seat: int
    ply: int
    old: bytes | None
    commitment: bytes

    def text(self) -> str:
        old = "" if self.old is None else encode(self.old)
        return f"{self.seat + 1}:{self.ply}:{old}:{encode(self.commitment)}"


@dataclass(frozen=True)
class Chains:
    """The public part of a game by link: its id, each seat's commitment (None: that seat has
    not joined yet), each seat's latest revealed value (None: none yet), and the new keys of
    seats that lost theirs."""

    game_id: bytes
    commitments: tuple[bytes | None, ...]
    values: tuple[bytes | None, ...]
    rekeys: tuple[Rekey, ...] = ()
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
        value hashed back down to the one then revealed, later new keys left out."""
        kept = tuple(rekey for rekey in self.rekeys if rekey.ply <= plies)
        values = []
        for seat, value in enumerate(self.values):
            now = revealed_count(options, seat, plies, True)
            segment = _segments(self, options, seat, kept)[-1]
            dropped = [r for r in self.rekeys if r.seat == seat and r.ply > plies]
            if dropped:  # the segment kept ended where the first new key dropped began
                value, then = dropped[0].old, revealed_count(options, seat, dropped[0].ply, True)
            else:
                then = revealed_count(options, seat, self.plies, True)
            if value is None or now < segment.start:
                value = None
            elif now <= then:
                value = segment.value_for(self.game_id, value, then, now)
            # (else a value due but not revealed stays as it is: such a link does not check)
            values.append(value)
        return replace(self, values=tuple(values), rekeys=kept, plies=plies)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": encode(self.game_id),
            "commitments": [None if c is None else encode(c) for c in self.commitments],
            "values": [None if v is None else encode(v) for v in self.values],
        }
        if self.rekeys:
            data["rekeys"] = [rekey.text() for rekey in self.rekeys]
        return data

    @classmethod
    def from_json(cls, data: Any, players: int) -> Chains:
        """Chains from a record's ``chains`` (or a link's fields), checked in form only."""
        keys = {"game", "commitments", "values"}
        if not isinstance(data, dict) or not keys <= set(data) <= keys | {"rekeys"}:
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
        rekeys = data.get("rekeys", [])
        if not isinstance(rekeys, list) or len(rekeys) > MAX_REKEYS:
            raise ValueError(
                Sentence("a game by link has at most {count} new keys", count=MAX_REKEYS)
            )
        return cls(game_id, lists[0], lists[1], tuple(_rekey(item, players) for item in rekeys))


#: New keys a game may hold in all (a key lost more often than this is not a lost key).
MAX_REKEYS = 8


def _rekey(text: Any, players: int) -> Rekey:
    """A new key as a link writes it: ``seat:ply:old:commitment`` (``old`` may be empty)."""
    parts = text.split(":") if isinstance(text, str) else []
    if len(parts) != 4 or not all(p.isascii() and p.isdigit() for p in parts[:2]):
        raise ValueError(
            Sentence(
                "a new key must read seat:move:value:commitment, not {value}", value=excerpt(text)
            )
        )
    seat, ply = int(parts[0][:3]) - 1, int(parts[1][:4])
    if not 0 <= seat < players:
        raise ValueError(
            Sentence("a new key names seat {seat}, which this game does not have", seat=seat + 1)
        )
    old = decode(parts[2], fair.VALUE_BYTES) if parts[2] else None
    return Rekey(seat, ply, old, decode(parts[3], fair.VALUE_BYTES))


@dataclass(frozen=True)
class Segment:
    """Part of a seat's values: from draw ``start`` on, the chain under ``commitment``."""

    seat: int
    start: int
    commitment: bytes

    @property
    def label(self) -> int:
        """The chain's label: the seat, and where a new chain starts (so values never mix)."""
        return self.seat if self.start <= 1 else self.seat + 4 * self.start

    def index(self, draw: int) -> int:
        return draw - self.start + 1

    def checks(self, game_id: bytes, value: bytes, draw: int) -> bool:
        return fair.checks(game_id, self.label, self.commitment, value, self.index(draw))

    def value_for(self, game_id: bytes, value: bytes, known: int, draw: int) -> bytes:
        return fair.value_for(game_id, self.label, value, self.index(known), self.index(draw))

    def chain(self, game_id: bytes, key: bytes, draws: int) -> tuple[bytes, ...]:
        """The chain from ``key``: ``[0]`` the commitment, ``[index(draw)]`` the draw's value."""
        return fair.chain(game_id, self.label, key, draws - self.start + 1)


def _segments(
    chains: Chains, options: Options, seat: int, rekeys: tuple[Rekey, ...] | None = None
) -> list[Segment]:
    """``seat``'s chains in order: the one it joined with, then each new key's."""
    first = chains.commitments[seat]
    out = [Segment(seat, 1, first if first is not None else bytes(fair.VALUE_BYTES))]
    for rekey in chains.rekeys if rekeys is None else rekeys:
        if rekey.seat == seat:
            out.append(
                Segment(seat, first_unbegun(options, chains.players, rekey.ply), rekey.commitment)
            )
    return out


def first_unbegun(options: Options, players: int, ply: int) -> int:
    """The first draw nobody has revealed a value for once ``ply`` moves are played."""
    return 1 + max(revealed_count(options, seat, ply, True) for seat in range(players))


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
    or after taking one back); ``key`` is the seat's latest key."""
    segment = _segments(chains, options, seat)[-1]
    values = segment.chain(chains.game_id, key, draw_count(options))
    if values[0] != segment.commitment:
        raise ValueError(Sentence("this key is not the key of seat {seat}", seat=seat + 1))
    count = revealed_count(options, seat, plies, chains.joined == chains.players)
    revealed = list(chains.values)
    revealed[seat] = values[segment.index(count)] if count >= segment.start else None
    return replace(chains, values=tuple(revealed), plies=plies)


def rekey(chains: Chains, options: Options, seat: int, key: bytes, plies: int) -> Chains:
    """``seat`` lost its key and makes a new one (``key``), in its move ``plies`` (its turn,
    before it moves): the new chain deals from the first draw nobody has begun revealing."""
    if chains.joined < chains.players or plies % chains.players != seat:
        raise ValueError(Sentence("seat {seat} can make a new key only on its turn", seat=seat + 1))
    if len(chains.rekeys) >= MAX_REKEYS:
        raise ValueError(Sentence("a game by link has at most {count} new keys", count=MAX_REKEYS))
    start = first_unbegun(options, chains.players, plies)
    commitment = Segment(seat, start, bytes(fair.VALUE_BYTES)).chain(
        chains.game_id, key, draw_count(options)
    )[0]
    made = Rekey(seat, plies, chains.values[seat], commitment)
    values = list(chains.values)
    values[seat] = None
    rekeys = (*[r for r in chains.rekeys if r.ply != plies or r.seat != seat], made)
    return replace(chains, values=tuple(values), rekeys=rekeys, plies=plies)


def owns(chains: Chains, options: Options, seat: int, key: bytes) -> bool:
    """Whether ``key`` is ``seat``'s latest key (the one its latest chain was grown from)."""
    if not 0 <= seat < chains.players or chains.commitments[seat] is None:
        return False
    segment = _segments(chains, options, seat)[-1]
    return segment.chain(chains.game_id, key, draw_count(options))[0] == segment.commitment


# --- What every device checks ----------------------------------------------------------------

#: A seat's value for a draw dealt without it (its key was lost): the seed uses zero bytes.
MISSING = b""


def _check_rekeys(chains: Chains, plies: int) -> None:
    last = -1
    for rekey in chains.rekeys:
        if not last <= rekey.ply <= plies or rekey.ply % chains.players != rekey.seat:
            raise ValueError(
                Sentence("the new key of seat {seat} was not made on its turn", seat=rekey.seat + 1)
            )
        last = rekey.ply
    if chains.rekeys and chains.joined < chains.players:
        raise ValueError(Sentence("every player joins before the first move"))


def _bad_value(seat: int, due: bool = False) -> ValueError:
    if due:
        return ValueError(
            Sentence("the revealed value of seat {seat} is not the one due now", seat=seat + 1)
        )
    return ValueError(
        Sentence("the revealed value of seat {seat} does not match its commitment", seat=seat + 1)
    )


def _fill(
    table: list[list[bytes | None]],
    game_id: bytes,
    segment: Segment,
    value: bytes | None,
    upto: int,
) -> None:
    """Every value of ``segment`` from ``upto`` down to its start, from ``value``, the one for
    ``upto``, once it is checked: there must be one exactly when ``upto`` reaches the segment,
    and it must hash down to the segment's commitment."""
    if (value is None) != (upto < segment.start):
        raise _bad_value(segment.seat, due=True)
    if value is None:
        return
    if not segment.checks(game_id, value, upto):
        raise _bad_value(segment.seat)
    for draw in range(upto, segment.start - 1, -1):
        table[draw][segment.seat] = value
        value = fair.step(game_id, segment.label, value)


def _draw_values(chains: Chains, options: Options, plies: int) -> list[list[bytes | None]]:
    """Every seat's values for every draw, as far as the link reveals them (after checking
    each against its commitment); ``[draw][seat]``, draw 0 unused; ``MISSING`` for a draw
    dealt without a seat that lost its key."""
    joined = chains.joined
    if any(commitment is None for commitment in chains.commitments[:joined]):
        raise ValueError(Sentence("the players join in seat order"))
    if joined < chains.players and plies:
        raise ValueError(Sentence("every player joins before the first move"))
    if not joined:
        raise ValueError(Sentence("the first player's commitment is missing"))
    _check_rekeys(chains, plies)
    draws = draw_count(options)
    table: list[list[bytes | None]] = [[None] * chains.players for _ in range(draws + 1)]
    for seat, (commitment, value) in enumerate(zip(chains.commitments, chains.values, strict=True)):
        if commitment is None:
            if value is not None:
                raise _bad_value(seat, due=True)
            continue
        segments = _segments(chains, options, seat)
        ends = [(r.old, r.ply) for r in chains.rekeys if r.seat == seat]
        for segment, after, (old, ply) in zip(segments, segments[1:], ends, strict=False):
            end = revealed_count(options, seat, ply, True)  # what it had revealed by then
            _fill(table, chains.game_id, segment, old, end)
            for draw in range(max(end, segment.start - 1) + 1, after.start):
                table[draw][seat] = MISSING  # begun before the key was lost: dealt without it
        count = revealed_count(options, seat, plies, True)
        _fill(table, chains.game_id, segments[-1], value, count)
    return table


def missing(game: Game) -> list[tuple[int, int]]:
    """The draws (the opening is 1) dealt without a seat's value, with that seat: a seat that
    lost its key, so that everyone can see it."""
    chains = game.chains
    if chains is None or not chains.rekeys:
        return []
    table = _draw_values(chains, game.options, game.ply)
    return [
        (draw, seat)
        for draw in range(1, len(table))
        for seat in range(chains.players)
        if table[draw][seat] == MISSING
    ]


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
                segment = _segments(self.chains, self.options, seat)[-1]
                chain = segment.chain(self.chains.game_id, key, len(self.values) - 1)
                if chain[0] != segment.commitment:
                    raise ValueError(
                        Sentence("this key is not the key of seat {seat}", seat=seat + 1)
                    )
                if draw >= segment.start:
                    values[seat] = chain[segment.index(draw)]
        if any(value is None for value in values):
            return None
        values = [bytes(fair.VALUE_BYTES) if v == MISSING else v for v in values]
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
