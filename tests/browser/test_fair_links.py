"""Hidden stacks in games by link, in Chromium (docs/fair-links.md): three people on three
devices, one of them offline; a seat carried to another device by its key; forged links refused
or asked about with the page unchanged; an older link dealt in advance still opens, said so.

Each person is a Playwright context; links pass from one to the next as people pass them.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from akropolis import Game, bylink, notation
from akropolis.rng import SplitMix64
from game.share import checked_notation, read_link
from tests.browser.test_game_ui import (
    assert_scorepad_is_the_engines,
    choose,
    game_on_page,
    open_page,
    play_through_ui,
)
from tests.browser.test_offline import offline_state
from tests.browser.test_play_by_link import (
    fragment,
    held,
    join_round,
    mirror,
    open_link,
    send,
    start_by_link,
    who,
)
from tests.browser.test_share import assert_clean, same

pytestmark = pytest.mark.browser


def move_and_send(page: Page, rng: SplitMix64) -> tuple[Game, str]:
    """The person whose turn it is plays a random visible move and sends it."""
    game = mirror(page)
    assert not game.awaiting_stack
    move = choose(page, game, rng)
    play_through_ui(page, move)
    game.play(move)
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    link = send(page)
    sent = read_link(fragment(link)).game
    assert sent.moves == game.moves and sent.deck == game.deck
    return sent, link


def test_three_players_on_three_devices_one_offline(people) -> None:
    """A whole game: each stack is turned over on the device of the player who chooses from it
    first, only when their turn comes; the offline player turns over theirs with no network."""
    names = ["Ann", "Bob", "Cy"]
    ann, bob, cy = people(), people(), people(phone=True)
    open_page(cy)
    assert offline_state(cy)["builds"]  # Cy's device keeps the game for offline play
    open_page(ann)
    start_by_link(ann, names)
    cy.context.set_offline(True)
    link = join_round([ann, bob, cy], names)
    pages = {0: ann, 1: bob, 2: cy}
    rng = SplitMix64(5)
    game, link = move_and_send(ann, rng)
    while not game.is_over:
        mover = pages[game.turn]
        open_link(mover, link, game.ply)
        # Before the chooser's device turns it over, nobody else holds the stack: every other
        # device's copy has only the tiles already turned over.
        for page in pages.values():
            if page is not mover and game_on_page(page).ply:
                assert len(mirror(page).deck) <= len(game.deck)
        assert mover.inner_text("#link-turn") == f"Your turn, {names[game.turn]}."
        if game.awaiting_stack:
            assert len(mirror(mover).deck) == len(game.deck) + 4  # the chooser's own stack
        game, link = move_and_send(mover, rng)
    assert game.ply == 48 and sorted(game.deck) == sorted(game.options.pool())
    assert cy.evaluate("navigator.onLine") is False
    for page in pages.values():  # the last link reaches everyone: the same final scores
        if game_on_page(page).ply < game.ply:
            open_link(page, link, game.ply)
        page.wait_for_selector("#end-dialog[open]")
        assert_scorepad_is_the_engines(page, game)
    for page in (ann, bob):
        assert_clean(page)


def test_a_seat_goes_to_another_device_with_its_key(people) -> None:
    ann, bob, bob_tablet = people(), people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    game, link = move_and_send(ann, SplitMix64(2))
    # Bob opens the link on a device he did not join from: he may look, not move.
    open_link(bob_tablet, link, 1)
    who(bob_tablet, "Bob")
    assert "does not hold your secret" in bob_tablet.inner_text("#hint")
    bob_tablet.click("#site [data-site='0']")
    assert bob_tablet.locator("#site [aria-pressed='true']").count() == 0
    assert game_on_page(bob_tablet).ply == 1
    # On his first device: Share shows his key, to copy.
    open_link(bob, link, 1)
    bob.click("#btn-share")
    key = bob.input_value("#share-key")
    assert key == held(bob)[1] and bob.is_hidden("#share-use-key-box")
    bob.keyboard.press("Escape")
    # On the tablet: a wrong key is refused and said; his key lets him play.
    bob_tablet.click("#btn-share")
    assert bob_tablet.is_visible("#share-use-key-box") and bob_tablet.is_hidden("#share-key-box")
    bob_tablet.fill("#share-use-key", "A" * 22)
    bob_tablet.click("[data-share='use-key']")
    assert "This is not Bob's key for this game" in bob_tablet.inner_text("#share-key-note")
    bob_tablet.fill("#share-use-key", f"  {key}\n")
    bob_tablet.click("[data-share='use-key']")
    bob_tablet.wait_for_selector("#share-dialog", state="hidden")
    assert held(bob_tablet) == (1, key)
    game, link = move_and_send(bob_tablet, SplitMix64(3))
    open_link(ann, link, 2)
    assert ann.inner_text("#link-turn") == "Your turn, Ann."
    assert same(game_on_page(ann), game)
    for page in (ann, bob, bob_tablet):
        assert_clean(page)


def forged(link: str, key: str, value: str) -> str:
    """``link`` with one field replaced and a fresh check, as a forger writes it."""
    base, body = link.split("#play/")
    parts = [p for p in body.split(";") if not p.startswith("c=")]
    parts = [f"{key}={value}" if p.startswith(f"{key}=") else p for p in parts]
    if not any(p.startswith(f"{key}=") for p in parts):
        parts.insert(-1, f"{key}={value}")
    return f"{base}#play/{notation.checked(';'.join(parts))}"


def test_forged_links_are_refused_or_asked_about_and_change_nothing(people) -> None:
    ann, bob = people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    rng = SplitMix64(4)
    game, link = move_and_send(ann, rng)
    open_link(bob, link, 1)
    game, link = move_and_send(bob, rng)
    open_link(ann, link, 2)
    copy = ann.evaluate("akropolisApp.record()")
    body = link.split("#play/")[1]
    values = next(p[2:] for p in body.split(";") if p.startswith("x=")).split(".")
    other = Game(2, names=("Ann", "Bob"))
    attempts = {
        # A revealed value changed: it does not hash to the commitment.
        "x": (".".join([values[0], bylink.encode(bytes(16))]), "does not match its commitment"),
        # The deal chosen by hand beside the chains.
        "d": (".".join(str(t) for t in other.deck), "hidden stacks"),
        # Another game's id: every value fails.
        "g": (bylink.encode(b"\x07" * 8), "does not match its commitment"),
    }
    for field, (value, reason) in attempts.items():
        ann.goto(forged(link, field, value))
        ann.wait_for_selector("#message-dialog[open]")
        message = ann.inner_text("#message")
        assert message.startswith("This link cannot be opened: ") and reason in message, message
        ann.click("#message-dialog button:text('OK')")
        assert ann.evaluate("akropolisApp.record()") == copy
    # A rename keeps the game's id: asked about, never a new game, nothing replaced.
    ann.goto(forged(link, "n", "Ann|Bobby"))
    ann.wait_for_selector("#link-dialog[open]")
    assert ann.inner_text("#link-title") == "This link changes your copy of this game"
    ann.click("#link-actions button:text-is('Go on with my copy')")
    assert ann.evaluate("akropolisApp.record()") == copy
    # The same link with its kinds written out is the same game: nothing asked.
    ann.goto(forged(link, "k", "human|human"))
    ann.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
    assert not ann.is_visible("#link-dialog")
    assert ann.inner_text("#link-turn") == "Your turn, Ann."
    assert_clean(ann)


def test_an_older_link_dealt_in_advance_still_opens_and_says_so(people) -> None:
    bob = people()
    open_page(bob)
    game = Game(2, seed=11, names=("Ann", "Bob"))
    game.play(game.legal_moves()[0])
    bob.goto(bob.base + "index.html#play/" + checked_notation(game))
    bob.wait_for_selector("#link-dialog[open]")
    assert "dealt in advance" in bob.inner_text("#link-body")
    who_button = "#link-actions button:text-is('I am Bob')"
    bob.click(who_button)
    assert bob.inner_text("#link-turn") == "Your turn, Bob."
    assert same(game_on_page(bob), game)
    assert_clean(bob)


def test_a_lost_key_is_replaced_and_the_table_is_told(people) -> None:
    """Bob's storage is cleared while a stack waits for him: he makes a new key on his turn;
    that stack is dealt without his secret, everyone is told, and the game goes on."""
    ann, bob = people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    rng = SplitMix64(8)
    pages = (ann, bob)
    game, link = move_and_send(ann, rng)
    while game.ply < 3:  # after move 3 the site is refilled, and Bob chooses first
        open_link(pages[game.turn], link, game.ply)
        game, link = move_and_send(pages[game.turn], rng)
    assert game.awaiting_stack and game.turn == 1
    bob.evaluate("localStorage.clear()")
    open_link(bob, link, 3)
    who(bob, "Bob")
    assert "If your key is lost" in bob.inner_text("#hint")
    bob.click("#btn-share")
    bob.click("[data-share='new-key']")
    bob.wait_for_selector("#share-dialog", state="hidden")
    assert bob.inner_text("#hint") == "Your new key is on this device: you can play your seat here."
    assert "dealt without Bob's secret, which was lost" in bob.inner_text("#link-last")
    assert not mirror(bob).awaiting_stack
    game, link = move_and_send(bob, rng)
    assert ";r=2:3:" in link
    open_link(ann, link, 4)
    assert ann.inner_text("#link-turn") == "Your turn, Ann."
    assert same(game_on_page(ann), game)
    while game.ply < 8:  # the next stacks are dealt from both secrets again
        open_link(pages[game.turn], link, game.ply)
        game, link = move_and_send(pages[game.turn], rng)
    assert [draw for draw, _seat in bylink.missing(game)] == [2]
    for page in pages:
        assert_clean(page)


def test_an_exported_game_by_link_imports_as_a_game_by_link(people) -> None:
    """Export of a game by link in progress holds no deck; imported on another device it is
    opened as a game by link (who are you?), never as a game at one screen it could not deal."""
    ann, bob = people(), people()
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    join_round([ann, bob], ["Ann", "Bob"])
    game, _link = move_and_send(ann, SplitMix64(6))
    record = ann.evaluate("akropolisApp.record()")
    assert '"deck"' not in record and '"chains"' in record
    other = people()
    open_page(other)
    assert other.evaluate(f"akropolisApp.load({record!r})") is True
    who(other, "Bob")
    assert other.is_visible("#link-bar")
    assert "does not hold your secret" in other.inner_text("#hint")
    assert same(game_on_page(other), game)
    assert_clean(other)
