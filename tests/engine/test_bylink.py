"""Games played by link with hidden stacks (``akropolis.bylink``, docs/fair-links.md): whole
games passed from device to device as links, what a curious player can learn from them, and
forgeries refused."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from importlib import resources

import jsonschema
import pytest

from akropolis import bylink, fair, notation, records
from akropolis.formats import RecordError
from akropolis.game import Game
from akropolis.options import Options

KINDS: list[str | None] = [None] * 4


class Table:
    """Players far apart: each device holds only its own key and the links it receives."""

    def __init__(self, options: Options, seed: int) -> None:
        self.options, self.rnd = options, random.Random(seed)
        self.lost: set[int] = set()  # seats whose key is lost (a new one on their turn)
        self.keys = [self.rnd.randbytes(16) for _ in range(options.players)]
        self.names = [f"P{seat + 1}" for seat in range(options.players)]
        chains = bylink.new_chains(options, self.keys[0], self.rnd.randbytes(8))
        self.links = [self.link(self.open(chains, []))]  # the invitation
        for seat in range(1, options.players):  # it goes round the table
            chains = bylink.join(self.read(self.links[-1]).chains, options, seat, self.keys[seat])
            self.links.append(self.link(self.open(chains, [])))

    def open(self, chains: bylink.Chains, moves: list, seat: int | None = None) -> Game:
        keys = {} if seat is None else {seat: self.keys[seat]}
        kinds = KINDS[: self.options.players]
        return bylink.open_game(self.options, self.names, kinds, chains, moves, keys)

    @staticmethod
    def link(game: Game) -> str:
        return records.dump(game, notation=True, check=True)

    @staticmethod
    def read(text: str) -> Game:
        return records.load(text)

    def move(self) -> Game:
        """The seat to move opens the last link on its device, plays and sends the next (a
        seat in ``lost`` lost its key: it makes a new one first)."""
        received = self.read(self.links[-1])
        seat = received.turn
        chains = received.chains
        if seat in self.lost:
            self.lost.discard(seat)
            self.keys[seat] = self.rnd.randbytes(16)
            chains = bylink.rekey(chains, self.options, seat, self.keys[seat], received.ply)
        game = self.open(chains, list(received.moves), seat)
        assert not game.awaiting_stack
        info = self.rnd.choice(game.legal_moves())
        game.play(info.move)
        game.chains = bylink.revealing(game.chains, self.options, seat, self.keys[seat], game.ply)
        self.links.append(self.link(game))
        return game

    def play_out(self) -> Game:
        game = self.read(self.links[-1])
        while not game.is_over:
            game = self.move()
        return game


SETUPS = [
    Options(2),
    Options(2, all_tiles=True),
    Options(3, frozenset({"houses", "gardens"})),
    Options(3, all_tiles=True),
    Options(4, frozenset({"houses", "markets", "barracks", "temples", "gardens"})),
]


def setup_id(options: Options) -> str:
    return f"{options.players}p-{len(options.variants)}v{'-all' if options.all_tiles else ''}"


@pytest.mark.parametrize("options", SETUPS, ids=setup_id)
def test_a_whole_game_by_link_plays_out_and_its_record_replays_exactly(options: Options) -> None:
    table = Table(options, options.players)
    game = table.play_out()
    assert game.is_over and sorted(game.deck) == sorted(options.pool())
    record = records.game_to_record(game)
    assert "deck" not in record and "seed" not in record and record["options"]["hidden_stacks"]
    assert all(value is not None for value in record["chains"]["values"])
    again = records.load(json.dumps(record))
    assert again.deck == game.deck and again.moves == game.moves
    assert [s.total for s in again.scores()] == [s.total for s in game.scores()]
    schema = json.loads(
        resources.files("akropolis").joinpath("schemas/game.schema.json").read_text()
    )
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(record)) == []


def test_the_first_move_waits_for_every_player_to_join_and_for_the_creator() -> None:
    table = Table(Options(3), 7)
    invitation, joined_once, joined = (table.read(text) for text in table.links)
    assert invitation.chains.joined == 1 and joined.chains.joined == 3
    for game in (invitation, joined_once, joined):
        assert game.awaiting_stack and game.site == () and game.legal_moves() == []
    # Only the creator's key deals the opening, and only once everyone has joined.
    for seat in (1, 2):
        assert not bylink.turn_over_mine(joined.copy(), seat, table.keys[seat])
    assert not bylink.turn_over_mine(joined_once.copy(), 0, table.keys[0])
    assert bylink.turn_over_mine(joined, 0, table.keys[0]) and len(joined.site) == 5


def test_a_key_deals_only_the_stack_its_seat_chooses_from_now() -> None:
    table = Table(Options(2), 3)
    for _ in range(3):  # ply 2 empties the site: the stack waits for seat 2 (index 1)
        game = table.move()
    seen = table.read(table.links[-1])
    assert seen.awaiting_stack and seen.turn == 1
    assert not bylink.turn_over_mine(seen.copy(), 0, table.keys[0])
    assert bylink.turn_over_mine(seen, 1, table.keys[1])
    assert seen.deck[:4] == game.deck[:4] and len(seen.deck) == 7


# --- A curious player ----------------------------------------------------------------------


def curious(text: str, options: Options, seat: int | None, key: bytes | None) -> list[set[bytes]]:
    """Every chain value a curious player can have for each seat, from a link (read by hand, not
    by the engine's reader) and their own key: each revealed value hashed down, and their own
    whole chain from their key.  A draw can be dealt only from every seat's value for it."""
    fields = dict(part.split("=", 1) for part in text.split(";")[1:])
    game_id = bylink.decode(fields["g"], 8)
    latest = [None if not v else bylink.decode(v, 16) for v in fields["x"].split(".")]
    draws = bylink.draw_count(options)
    known: list[set[bytes]] = []
    for s, value in enumerate(latest):
        values: set[bytes] = set()
        while value is not None and len(values) <= draws:
            values.add(value)
            value = fair.step(game_id, s, value)
        known.append(values)
    if key is not None and seat is not None:
        known[seat] |= set(fair.chain(game_id, seat, key, draws))
    return known


def true_values(table: Table, draw: int) -> list[bytes]:
    """Every seat's real value for ``draw`` (from the keys)."""
    game_id = table.read(table.links[0]).chains.game_id
    draws = bylink.draw_count(table.options)
    return [fair.chain(game_id, seat, key, draws)[draw] for seat, key in enumerate(table.keys)]


@pytest.mark.parametrize("options", SETUPS, ids=setup_id)
def test_a_curious_player_cannot_deal_a_stack_before_it_is_turned_over(options: Options) -> None:
    """For every link of a whole game, a spectator and each player (with their key) lack at
    least one seat's value for every draw not turned over on their device; and the values the
    link does give deal exactly the draws turned over (nothing is dealt from anything else)."""
    table = Table(options, 100 + options.players)
    table.play_out()
    draws = bylink.draw_count(options)
    truths = [[], *(true_values(table, draw) for draw in range(1, draws + 1))]
    for text in table.links:
        received = table.read(text)
        for seat in [None, *range(options.players)]:
            key = None if seat is None else table.keys[seat]
            mine = received.copy()
            if seat is not None:
                bylink.turn_over_mine(mine, seat, key)
            seen = bylink.draws_seen(mine)
            known = curious(text, options, seat, key)
            for draw in range(1, draws + 1):
                dealable = all(v in values for v, values in zip(truths[draw], known, strict=True))
                assert dealable == (draw <= seen), (text, seat, draw)


# --- Forgeries -----------------------------------------------------------------------------


def with_field(text: str, key: str, value: str) -> str:
    """The link with one field replaced (its check dropped: a forger writes a new one)."""
    parts = [p for p in text.split(";") if not p.startswith("c=")]
    parts = [f"{key}={value}" if p.startswith(f"{key}=") else p for p in parts]
    return notation.checked(";".join(parts))


def field(text: str, key: str) -> str:
    return next(p[2:] for p in text.split(";") if p.startswith(f"{key}="))


@pytest.fixture(scope="module")
def played() -> Table:
    table = Table(Options(3), 11)
    for _ in range(14):
        table.move()
    return table


def refused(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        records.load(text)
    return str(caught.value)


def test_a_changed_revealed_value_is_refused(played: Table) -> None:
    text = played.links[-1]
    values = field(text, "x").split(".")
    for seat in range(3):
        forged = list(values)
        forged[seat] = bylink.encode(random.Random(seat).randbytes(16))
        assert "does not match its commitment" in refused(with_field(text, "x", ".".join(forged)))


def test_an_old_reveal_replayed_later_or_in_another_seat_or_game_is_refused(played: Table) -> None:
    text, old = played.links[-1], played.links[-6]
    now, then = field(text, "x").split("."), field(old, "x").split(".")
    changed = [seat for seat in range(3) if now[seat] != then[seat]]
    assert changed
    for seat in changed:  # an earlier value where a later one is due
        forged = list(now)
        forged[seat] = then[seat]
        assert "revealed value of seat" in refused(with_field(text, "x", ".".join(forged)))
    swapped = [now[1], now[0], now[2]]  # another seat's value
    assert "revealed value of seat" in refused(with_field(text, "x", ".".join(swapped)))
    other = Table(Options(3), 12)
    for _ in range(14):
        other.move()
    mixed = with_field(text, "x", field(other.links[-1], "x"))  # another game's values
    assert "revealed value of seat" in refused(mixed)


def test_a_new_commitment_or_game_id_undoes_every_value(played: Table) -> None:
    text = played.links[-1]
    commitments = field(text, "h").split(".")
    commitments[2] = bylink.encode(bytes(16))
    assert "does not match" in refused(with_field(text, "h", ".".join(commitments)))
    assert "does not match" in refused(with_field(text, "g", bylink.encode(bytes(8))))


def test_a_deck_or_seed_beside_the_chains_is_refused(played: Table) -> None:
    """Nobody may choose the tiles to come: a game by link is dealt from its values alone."""
    text = played.links[-1]
    game = records.load(text)
    tiles = ".".join(str(t) for t in game.deck)
    for extra in (f"d={tiles}", "s=42"):
        parts = [p for p in text.split(";") if not p.startswith("c=")]
        forged = notation.checked(";".join([*parts[:-1], extra, parts[-1]]))
        assert "hidden stacks" in refused(forged)


def test_moves_on_tiles_the_draws_did_not_deal_are_refused(played: Table) -> None:
    text = played.links[-1]
    moves = field(text, "m").split(".")
    game = records.load(text)
    absent = next(t for t in game.options.pool() if t not in game.deck)
    moves[-1] = f"{absent}@{moves[-1].split('@', 1)[1]}"
    assert "move 14" in refused(with_field(text, "m", ".".join(moves)))


def test_a_move_before_its_stack_is_revealed_is_refused() -> None:
    table = Table(Options(2), 5)
    for _ in range(3):
        table.move()
    waiting = table.read(table.links[-1])
    assert waiting.awaiting_stack
    # The chooser's move without the chooser's value: its stack cannot be dealt.
    game = table.open(waiting.chains, list(waiting.moves), 1)
    game.play(game.legal_moves()[0].move)
    unrevealed = records.dump(game, notation=True, check=True)
    assert "revealed value of seat 2 does not match its commitment" in refused(unrevealed)


@pytest.mark.parametrize(
    ("g", "h", "x"),
    [
        ("AAAA", None, None),
        ("A" * 12, None, None),
        (None, "A" * 5000 + ".", None),
        (None, "!" * 22 + "." + "A" * 22, None),
        (None, None, "A" * 22),
        (None, None, "A" * 22 + "." + "A" * 21 + "=" + "." + "A" * 22),
        (None, None, "."),
    ],
)
def test_malformed_chains_are_refused_like_any_bad_link(played: Table, g, h, x) -> None:
    text = played.links[-1]
    for key, value in (("g", g), ("h", h), ("x", x)):
        if value is not None:
            text = with_field(text, key, value)
    message = refused(text)
    assert len(message) < 300
    assert any(word in message for word in ("g=", "h=", "x=", "player")), message


def test_a_player_who_joins_out_of_turn_or_moves_before_all_joined_is_refused() -> None:
    table = Table(Options(3), 2)
    invitation = table.read(table.links[0]).chains
    with pytest.raises(ValueError, match="cannot join"):
        bylink.join(invitation, table.options, 2, table.keys[2])
    early = replace(invitation, commitments=(invitation.commitments[0], None, bytes(16)))
    with pytest.raises(ValueError, match="seat order"):
        bylink.open_game(table.options, table.names, KINDS[:3], early, [])


# --- Fair draws ----------------------------------------------------------------------------


def test_the_draws_deal_tiles_as_the_shuffled_box_does() -> None:
    """Chi-square over (tile, draw) for 3,000 2-player deals from random values: every tile
    falls in the opening site with chance 4/37 and in each stack with chance 3/37."""
    options = Options(2)
    rnd = random.Random(1)
    pool = options.pool()
    draws = bylink.draw_count(options)
    counts = {(tile, draw): 0 for tile in pool for draw in range(1, draws + 1)}
    deals = 3000
    for _ in range(deals):
        game_id = rnd.randbytes(8)
        left = sorted(pool)
        for draw in range(1, draws + 1):
            size = 4 if draw == 1 else 3
            seed = fair.draw_seed(game_id, draw, [rnd.randbytes(16), rnd.randbytes(16)])
            for tile in fair.draw_tiles(left, size, seed):
                counts[tile, draw] += 1
                left.remove(tile)
    chi2 = 0.0
    for (_, draw), seen in counts.items():
        expected = deals * (4 if draw == 1 else 3) / len(pool)
        chi2 += (seen - expected) ** 2 / expected
    freedom = (len(pool) - 1) * (draws - 1)  # 36 × 11 = 396
    # The 0.1 % and 99.9 % points of chi-square with 396 degrees of freedom: about 311 and 490.
    assert 311 < chi2 < 490, chi2
    assert freedom == 396


def test_a_game_awaiting_its_opening_counts_its_stacks_as_the_box_does() -> None:
    for options, stacks in ((Options(2), 11), (Options(3, all_tiles=True), 14), (Options(4), 11)):
        table = Table(options, 1)
        waiting = table.read(table.links[-1])
        assert waiting.awaiting_stack and waiting.stacks_left == stacks
        assert bylink.turn_over_mine(waiting, 0, table.keys[0]) and waiting.stacks_left == stacks


# --- A lost key ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "losses"),
    [
        (Options(2), {0: 0, 7: 1}),  # the creator before the first move; Bob later
        (Options(3), {3: 0, 4: 1, 11: 0}),  # a chooser waiting for its own stack; twice
        (Options(4), {2: 2, 22: 3}),
    ],
)
def test_a_player_who_lost_their_key_makes_a_new_one_and_the_game_goes_on(
    options: Options, losses: dict[int, int]
) -> None:
    table = Table(options, 17)
    game = table.read(table.links[-1])
    while not game.is_over:
        if game.ply in losses:
            table.lost.add(losses[game.ply])
        game = table.move()
    record = records.game_to_record(game)
    assert len(record["chains"]["rekeys"]) == len(losses)
    again = records.load(json.dumps(record))
    assert again.deck == game.deck and again.moves == game.moves
    assert records.load(records.dump(game, notation=True)).deck == game.deck
    # The draws begun before each loss were dealt without that seat, and say so.
    lost = bylink.missing(again)
    assert {seat for _draw, seat in lost} <= set(losses.values()) and lost
    # And no draw after a new key is dealt before its time: the curious player again.
    draws = bylink.draw_count(options)
    final = records.load(table.links[-1]).chains
    for text in table.links[len(options.pool()) // 2 :]:
        received = table.read(text)
        seen = bylink.draws_seen(received)
        for draw in range(seen + 1, draws + 1):
            table_values = bylink.Dealer(received.chains, options, received.ply).values[draw]
            assert any(value is None for value in table_values), (text, draw)
    assert final.rekeys


def test_forged_new_keys_are_refused() -> None:
    table = Table(Options(2), 21)
    for ply in range(8):  # Ann makes a new key in move 5 and reveals from it in move 7
        if ply == 4:
            table.lost.add(0)
        table.move()
    text = table.links[-1]
    rekey = field(text, "r")
    seat, ply, old, commitment = rekey.split(":")
    assert (seat, ply) == ("1", "4")
    for forged, reason in (
        (f"2:{ply}:{old}:{commitment}", "not made on its turn"),  # Bob's turn was not ply 4
        (f"{seat}:5:{old}:{commitment}", "not made on its turn"),
        (f"{seat}:9:{old}:{commitment}", "not made on its turn"),  # a move not yet played
        (f"{seat}:{ply}:{bylink.encode(bytes(16))}:{commitment}", "does not match"),
        (f"{seat}:{ply}::{commitment}", "not the one due"),  # values already shown dropped
        (f"{seat}:{ply}:{old}:{bylink.encode(bytes(16))}", "revealed value of seat 1"),
        ("1:x:y", "seat:move:value:commitment"),
        ("9:4:" + old + ":" + commitment, "seat 9"),
    ):
        assert reason in refused(with_field(text, "r", forged)), forged
    many = ",".join([rekey] * 9)
    assert "at most 8 new keys" in refused(with_field(text, "r", many))
