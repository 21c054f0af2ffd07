"""Games by link with hidden stacks, as the page handles them (on CPython): a new game waits for
its players to join, its identity survives any rewriting of its link, every forgery of what was
already set or played is asked about (never a new game), keys and what was sent are kept per
game, and a position from such a game is dealt onward on one screen."""

from __future__ import annotations

import random

import pytest

from akropolis import Game, bylink, notation, records
from common.i18n import translate
from common.saves import MemoryStore, Saves
from game.fair_links import dealt_onward, joined_order, key_text, new_link_game, owns, parse_key
from game.link_games import LinkGames
from game.newgame import NewGameForm, SetupError
from game.share import (
    AHEAD,
    BEHIND,
    CHANGED,
    DIVERGED,
    SAME,
    WATCHING,
    YOURS,
    game_id,
    read_link,
    relation,
    turn_line,
    waiting_to_join,
)


def clock() -> str:
    return "2026-12-06T00:00:00.000Z"


class Players:
    """Two or three players far apart: a device each (its key), passing links."""

    def __init__(self, names: tuple[str, ...] = ("Ann", "Bob"), seed: int = 1) -> None:
        self.rnd = random.Random(seed)
        setup = Game(len(names), names=names)
        game, key = new_link_game(setup, self.rnd.randbytes(16))
        self.keys = [key] + [self.rnd.randbytes(16) for _ in names[1:]]
        self.game = game
        for seat in range(1, len(names)):
            game = self.receive(self.send(game))
            game.chains = bylink.join(game.chains, game.options, seat, self.keys[seat])
        self.game = game

    @staticmethod
    def send(game: Game) -> str:
        return "#play/" + records.dump(game, notation=True, check=True)

    @staticmethod
    def receive(link: str) -> Game:
        opened = read_link(link)
        assert opened is not None and opened.play
        return opened.game

    def move(self, link: str) -> str:
        game = self.receive(link)
        seat = game.turn
        bylink.turn_over_mine(game, seat, self.keys[seat])
        game.play(self.rnd.choice(game.legal_moves()).move)
        game.chains = bylink.revealing(game.chains, game.options, seat, self.keys[seat], game.ply)
        return self.send(game)


def rewrite(link: str, change) -> str:
    """A forger's link: fields changed by ``change(fields)``, with a fresh check."""
    body = link.removeprefix("#play/")
    parts = [p for p in body.split(";") if not p.startswith("c=")]
    fields = dict(p.split("=", 1) for p in parts[1:])
    change(fields)
    return "#play/" + notation.checked(
        ";".join([parts[0], *(f"{k}={v}" for k, v in fields.items())])
    )


def test_a_new_game_by_link_waits_for_each_player_to_join_then_for_its_creator() -> None:
    players = Players(("Ann", "Bob", "Cy"))
    invitation = players.receive(players.send(Game(3, names=("Ann", "Bob", "Cy"))))
    assert invitation.chains is None  # (a game dealt in advance, for contrast)
    table = Players(("Ann", "Bob", "Cy"), seed=2)
    first = new_link_game(Game(3, names=("Ann", "Bob", "Cy")))[0]
    assert waiting_to_join(first) == 1 and first.site == () and first.seed is None
    assert translate(turn_line(first, 0, unsent=True)) == "Now send the invitation to Bob."
    assert translate(turn_line(first, None)) == "Waiting for Bob to join the game."
    joined = table.game
    assert waiting_to_join(joined) == 0
    assert "Everyone has joined" in translate(turn_line(joined, 2))
    assert bylink.turn_over_mine(joined, 0, table.keys[0]) and waiting_to_join(joined) is None


def test_the_link_never_holds_a_seed_or_a_deck_and_stays_short() -> None:
    players = Players(("Ann", "Bob"))
    link = players.send(players.game)
    lengths = []
    while True:
        link = players.move(link)
        lengths.append(len(link))
        if players.receive(link).is_over:
            break
    assert ";s=" not in link and ";d=" not in link
    assert max(lengths) < 600  # a whole 2-player game (measured in the benchmark too)


@pytest.fixture(scope="module")
def midgame() -> tuple[Players, str, str]:
    players = Players(("Ann", "Bob"), seed=9)
    link = players.send(players.game)
    for _ in range(5):
        link = players.move(link)
    earlier = link
    for _ in range(2):
        link = players.move(link)
    return players, earlier, link


def test_a_changed_option_is_refused_or_asked_about(midgame) -> None:
    _players, earlier, link = midgame
    mine = Players.receive(earlier)
    for change in (lambda f: f.update(v="houses"), lambda f: f.update(a="1")):
        try:
            forged = Players.receive(rewrite(link, change))
        except ValueError:
            continue  # another pool deals other tiles: the moves no longer check
        assert game_id(forged) == game_id(mine) and relation(mine, forged, 0).kind == CHANGED


def test_kinds_written_out_are_the_same_game_and_a_rename_is_asked_about(midgame) -> None:
    _players, _earlier, link = midgame
    mine = Players.receive(link)
    kinds = Players.receive(rewrite(link, lambda f: f.update(k="human|human")))
    renamed = Players.receive(rewrite(link, lambda f: f.update(n="Ann|Bobby")))
    assert relation(mine, kinds, 0).kind == SAME
    assert relation(mine, renamed, 0).kind == CHANGED
    assert game_id(renamed) == game_id(mine)


def test_a_changed_commitment_is_asked_about_or_refused(midgame) -> None:
    players, _earlier, link = midgame

    def new_commitment(fields: dict) -> None:
        commitments = fields["h"].split(".")
        commitments[1] = key_text(b"\x01" * 16)
        fields["h"] = ".".join(commitments)

    with pytest.raises(ValueError, match="does not match"):
        Players.receive(rewrite(link, new_commitment))
    # A forger who makes a whole new chain for seat 2 before any move: same id, changed.
    invitation = Players.receive(players.send(players.game))
    forged = Game(2, names=("Ann", "Bob"))
    other = bylink.join(
        bylink.new_chains(forged.options, players.keys[0], invitation.chains.game_id),
        forged.options,
        1,
        b"\x02" * 16,
    )
    fake = bylink.open_game(forged.options, forged.names, forged.kinds, other, [])
    assert relation(invitation, fake, 0).kind == CHANGED


def test_an_added_or_replaced_earlier_move_is_asked_about(midgame) -> None:
    players, earlier, link = midgame
    mine = Players.receive(earlier)
    theirs = Players.receive(link)
    # Bob's device (seat 1) sees Ann's moves added: taken; Ann's device sees a move of hers it
    # never made: asked about.
    seats = {s for s in range(2)}
    kinds = {relation(mine, theirs, seat).kind for seat in seats}
    assert YOURS in kinds
    older = relation(theirs, mine, 0)
    assert older.kind == BEHIND
    # Another move in place of one already played: the chain values no longer check, or the
    # game parts from the copy.
    replaced = theirs.replay(theirs.ply - 1)
    assert relation(theirs, replaced, 0).kind == BEHIND
    game = theirs.replay(theirs.ply - 1)
    seat = game.turn
    alternatives = [m.move for m in game.legal_moves() if m.move != theirs.moves[-1]]
    game.play(alternatives[0])
    game.chains = bylink.revealing(game.chains, game.options, seat, players.keys[seat], game.ply)
    assert relation(theirs, Players.receive(Players.send(game)), 0).kind == DIVERGED


def test_joins_go_on_from_the_copy_and_a_join_of_this_seat_elsewhere_is_asked_about() -> None:
    setup = Game(3, names=("Ann", "Bob", "Cy"))
    start, key = new_link_game(setup, b"\x05" * 16)
    bob = bylink.join(start.chains, start.options, 1, b"\x06" * 16)
    after = bylink.open_game(start.options, start.names, start.kinds, bob, [])
    assert joined_order(start, after) == 1 and relation(start, after, 0).kind == AHEAD
    assert relation(after, start, 0).kind == BEHIND
    assert relation(start, after, 1).kind == YOURS  # Bob's device never joined
    assert relation(start, after, WATCHING).kind == AHEAD
    assert owns(after, 0, key) and not owns(after, 1, key)


def test_keys_and_what_was_sent_are_kept_per_game_on_the_device() -> None:
    store = MemoryStore()
    games = LinkGames(
        store, lambda: "2026-12-06T00:00:00.000Z", Saves(store, lambda: "2026-12-06T00:00:00.000Z")
    )
    game, key = new_link_game(Game(2, names=("Ann", "Bob")))
    gid = game_id(game)
    assert games.key(gid) is None and games.sent(gid) is None
    assert games.keep_key(gid, key) and games.key(gid) == key
    games.note_sent(gid, 3, 2)
    assert games.sent(gid) == (3, 2)
    for bad in ("", "3", "x.2", "³.2", "1.2.3", "9" * 20 + ".1"):
        store.set("akropolis.sent." + gid, bad)
        assert games.sent(gid) is None
    store.set("akropolis.key." + gid, "not a key")
    assert games.key(gid) is None
    assert parse_key(key_text(key)) == key and parse_key(" " + key_text(key) + "\n") == key
    games.keep_key(gid, key)
    games.forget(gid)
    assert games.key(gid) is None and games.sent(gid) is None


def test_a_full_storage_keeps_no_key() -> None:
    store = MemoryStore(quota=10)
    games = LinkGames(
        store, lambda: "2026-12-06T00:00:00.000Z", Saves(store, lambda: "2026-12-06T00:00:00.000Z")
    )
    assert not games.keep_key("gAAAAAAAAAAA", b"\x00" * 16)


def test_a_position_from_a_game_by_link_is_dealt_onward_on_one_screen(midgame) -> None:
    _players, _earlier, link = midgame
    game = Players.receive(link)
    onward = dealt_onward(game, seed=3)
    assert onward.chains is None and not onward.hidden
    assert onward.deck[: len(game.deck)] == game.deck and sorted(onward.deck) == sorted(
        game.options.pool()
    )
    assert onward.moves == game.moves and onward.site == game.site
    other = dealt_onward(game, seed=4)
    assert other.deck[len(game.deck) :] != onward.deck[len(game.deck) :]


def test_the_form_refuses_a_seed_for_a_game_by_link() -> None:
    form = NewGameForm()
    form.read({"names": ["Ann", "Bob"], "by_link": True, "seed": "42"})
    with pytest.raises(SetupError):
        form.create()
    form.read({"names": ["Ann", "Bob"], "by_link": True, "seed": ""})
    assert form.create().players == 2


def test_share_and_export_never_carry_a_stack_turned_over_only_on_this_device() -> None:
    """The chooser's device turns over its stack before it moves: what it shares or exports
    meanwhile (position link, embed snippet, notation, record) holds none of those tiles."""
    from urllib.parse import unquote

    from game.share import checked_notation, embed_snippet, position_link

    players = Players(("Ann", "Bob"), seed=4)
    link = players.send(players.game)
    for _ in range(3):
        link = players.move(link)
    chooser = Players.receive(link)
    assert chooser.awaiting_stack
    assert bylink.turn_over_mine(chooser, chooser.turn, players.keys[chooser.turn])
    stack = chooser.deck[-3:]
    href = "https://example.org/akropolis/index.html"
    shared = [
        position_link(href, chooser).split("#", 1)[1],
        checked_notation(chooser),
        unquote(embed_snippet(href, chooser).split("#", 1)[1].split('"', 1)[0]),
        records.dump(chooser),
    ]
    for text in shared:
        again = records.load(text)
        assert again.awaiting_stack and not set(stack) & set(again.deck), text[:80]
        assert ";d=" not in text and '"deck"' not in text
