"""Play by link: two people far apart, each in their own browser, the whole game in the link.

Each person is a separate browser profile (a Playwright context) with a clipboard the page may
use; a link is passed on exactly as a person would: "Send your move" copies it, the other one
opens it.  The game on each page is compared with the engine's at every step.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from akropolis import Game, bylink, notation, records
from akropolis.rng import SplitMix64
from game.fair_links import parse_key
from game.share import last_move, read_link
from tests.browser.tabs import RESULTS
from tests.browser.test_game_ui import (
    assert_scorepad_is_the_engines,
    choose,
    game_on_page,
    more_options,
    open_page,
    play_some,
    play_through_ui,
    start_game,
    wait_until_ready,
)
from tests.browser.test_saves_page import SLOT, kept_texts
from tests.browser.test_share import REFUSE_CLIPBOARD, assert_clean, clipboard, same
from tests.browser.test_touch_layouts import _on_canvas, assert_layout_fits, visible_move

pytestmark = pytest.mark.browser

#: Screenshots of the phone test, to look at (test-results/ is not in the repository).
SCREENS = RESULTS / "play-by-link"


def press(page: Page, selector: str) -> None:
    if getattr(page, "phone", False):
        page.tap(selector)
    else:
        page.click(selector)


def slot(page: Page) -> str | None:
    return page.evaluate(f"localStorage.getItem('{SLOT}')")


def start_by_link(page: Page, names: list[str]) -> None:
    """New game, "Play by link" ticked under More options (no seed: the players deal it
    together): the creator plays seat 1, the first name, is not asked who they are, and sends
    the invitation."""
    if not page.is_visible("#new-dialog"):
        press(page, "#btn-menu") if page.phone else None
        press(page, "#btn-new")
    more_options(page)
    page.check("#by-link")
    start_game(page, names, (), None)
    page.wait_for_selector("#link-bar:not([hidden])")
    assert not page.is_visible("#link-dialog")  # the creator is not asked "Who are you?"
    assert page.inner_text("#link-turn") == f"Now send the invitation to {names[1]}."


def who(page: Page, name: str) -> None:
    page.wait_for_selector("#link-dialog[open]")
    assert page.inner_text("#link-title") == "Who are you?"
    press(page, f"#link-actions button:text-is('I am {name}')")
    page.wait_for_selector("#link-dialog", state="hidden")


def send(page: Page) -> str:
    """Press "Send your move" (in the bar, or on the scorepad at the end), or "Send the link"
    for an invitation; the copied link."""
    button = "#btn-end-send" if page.is_visible("#end-dialog") else "#btn-send"
    label = page.inner_text(button)
    assert label in ("Send your move", "Send the link")
    assert "primary" in page.get_attribute(button, "class")
    page.bring_to_front()  # the person's own window has the focus (the clipboard needs it)
    press(page, button)
    # Sent: the button says "Copied ✓" a moment, then "Send the link" (a busy machine may pause
    # the page past the moment), or the clipboard refused and the link is shown to copy by hand.
    page.wait_for_function(
        f"(b => b.textContent !== {label!r} || !b.classList.contains('primary'))"
        f"(document.querySelector('{button}')) || document.querySelector('#copy-dialog').open",
        timeout=15_000,
    )
    if page.is_visible("#copy-dialog"):
        # The other browser window may still hold the focus, and the clipboard refuses: the
        # page shows the link to copy by hand, as it should.
        link = page.input_value("#copy-text")
        press(page, "#copy-dialog button:text('Done')")
        page.refused_copies = getattr(page, "refused_copies", 0) + 1
        return link
    return clipboard(page)


def open_link(page: Page, link: str, ply: int) -> None:
    """Open a link as a person does: in the page (a new load, or a hash change)."""
    page.goto(link)
    wait_until_ready(page)
    page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {ply}")


def fragment(link: str) -> str:
    return link[link.index("#") :]


def held(page: Page) -> tuple[int | None, str | None]:
    """The seat and key this person's device keeps for the game on screen."""
    game = game_on_page(page)
    gid = "g" + game.chains.id_text
    seat = page.evaluate(f"localStorage.getItem('akropolis.seat.{gid}')")
    key = page.evaluate(f"localStorage.getItem('akropolis.key.{gid}')")
    return (None if seat is None else int(seat)), key


def mirror(page: Page) -> Game:
    """The game as this person's device holds it: the page's record, with the stack that only
    their own key turns over (read from the page's storage, as only that device can)."""
    game = game_on_page(page)
    seat, key = held(page)
    if key is not None and seat is not None and seat >= 0:
        bylink.turn_over_mine(game, seat, parse_key(key))
    return game


def join_round(pages: list[Page], names: list[str]) -> str:
    """The invitation goes round the table: each joins, then the creator deals the opening."""
    link = send(pages[0])
    for page, name in zip(pages[1:], names[1:], strict=True):
        open_link(page, link, 0)
        who(page, name)
        seat = names.index(name)
        after = (
            f"Now send the invitation to {names[seat + 1]}."
            if seat + 1 < len(names)
            else f"Everyone has joined: send the link to {names[0]}, who starts."
        )
        assert page.inner_text("#link-turn") == after
        assert held(page)[0] == seat and held(page)[1] is not None
        link = send(page)
        assert ";s=" not in link and ";d=" not in link
    open_link(pages[0], link, 0)
    assert pages[0].inner_text("#link-turn") == f"Your turn, {names[0]}."
    assert len(mirror(pages[0]).site) == len(names) + 2
    return link


def assert_last_move_shown(page: Page, game: Game) -> None:
    """The last move outlined in the city of whoever made it, said in the bar."""
    last = last_move(game)
    assert page.evaluate("JSON.parse(akropolisApp.marked())") == [
        last.player,
        [list(cell) for cell in last.info.cells],
    ]
    assert page.evaluate("akropolisApp.viewed()") == last.player or game.is_over
    assert page.inner_text("#link-last") == last.line


def test_play_by_link_through_a_whole_game_in_two_browsers(people) -> None:
    ann, bob = people(), people()
    own = play_some(ann, 2, seed=31)  # Ann's own game, which the game by link must not touch
    own_save = slot(ann)
    start_by_link(ann, ["Ann", "Bob"])
    assert slot(ann) == own_save
    link = join_round([ann, bob], ["Ann", "Bob"])
    game = mirror(ann)
    assert game.ply == 0 and game.names == ("Ann", "Bob") and game.seed is None
    rng = SplitMix64(3)
    pages = (ann, bob)
    first = True
    while not game.is_over:
        mover, waiting = pages[game.turn], pages[1 - game.turn]
        name = game.names[game.turn]
        if not first:
            if game.ply == 7:  # a link cut short is refused; the copy here stays as it was
                before = game_on_page(mover).ply
                mover.goto(link[:-6])
                mover.wait_for_selector("#message-dialog[open]")
                assert "does not match its check" in mover.inner_text("#message")
                mover.click("#message-dialog button:text('OK')")
                assert game_on_page(mover).ply == before
            open_link(mover, link, game.ply)
            assert not mover.is_visible("#link-dialog")
            assert mover.inner_text("#link-turn") == f"Your turn, {name}."
            assert_last_move_shown(mover, game)
            mover.click(f"#players [data-player='{game.turn}']")  # to their own city
            # The stack turned over here (if one was due) is the one the rules deal now.
            game = mirror(mover)
            assert not game.awaiting_stack
        first = False
        move = choose(mover, game, rng)
        play_through_ui(mover, move)
        game.play(move)
        mover.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
        link = send(mover)
        assert link.startswith(mover.base + "index.html#play/A1;c=")
        assert ";s=" not in link and ";d=" not in link
        sent = read_link(fragment(link)).game
        assert sent.moves == game.moves and sent.deck == game.deck
        assert same(game_on_page(mover), sent)
        game = sent
        if game.ply == 5 and not game.is_over:  # out of turn: the page refuses, and says why
            mover.click("#site [data-site='0']")
            assert mover.inner_text("#hint") == (
                f"It is {game.names[game.turn]}'s turn: send the link to {game.names[game.turn]}."
            )
            assert mover.locator("#site [aria-pressed='true']").count() == 0
            assert mover.is_disabled("#btn-undo")
            assert game_on_page(mover).ply == game.ply
        assert waiting is not mover
    assert game.ply == 36
    refused = getattr(ann, "refused_copies", 0) + getattr(bob, "refused_copies", 0)
    assert refused <= 3  # the clipboard carried the links (refusals: a focus race, rarely)
    assert_scorepad_is_the_engines(mover, game)
    open_link(waiting, link, game.ply)
    waiting.wait_for_selector("#end-dialog[open]")
    assert_scorepad_is_the_engines(waiting, game)
    assert not waiting.is_visible("#btn-end-send")  # nothing to send: the last move came in
    mover.wait_for_selector("#btn-end-send:text-is('Send the link')")  # the last mover may resend
    # The game by link lived in its own slot: Ann's own game is where she left it.
    assert slot(ann) == own_save
    ann.click("#btn-close-end") if ann.is_visible("#end-dialog") else None
    ann.click("#btn-back")
    assert same(game_on_page(ann), own)
    assert ann.is_hidden("#link-bar")
    assert kept_texts(ann) == [] and kept_texts(bob) == []
    assert_clean(ann)
    assert_clean(bob)


def test_play_by_link_on_two_phones(people) -> None:
    """Phone size and touch: tap to play, "Send your move" under the thumb, and a look."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    ann, bob = people(phone=True), people(phone=True)
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    ann.screenshot(path=str(SCREENS / "phone-invitation.png"))
    links = [join_round([ann, bob], ["Ann", "Bob"])]
    game = mirror(ann)
    for turn in range(4):
        page = (ann, bob)[turn % 2]
        if turn:
            open_link(page, links[-1], game.ply)
            assert page.inner_text("#link-turn") == f"Your turn, {game.names[game.turn]}."
            assert_last_move_shown(page, game)
            assert_layout_fits(page)
            page.screenshot(path=str(SCREENS / f"phone-{turn}-opened.png"))
            game = mirror(page)
        move = visible_move(page, [m for m in game.legal_moves() if m.rotation == 0])
        page.tap(f"#site [data-site='{move.site_index}']")
        page.tap("#city", position=_on_canvas(page, move.anchor))
        page.wait_for_selector("#btn-confirm:not([hidden])")
        page.tap("#btn-confirm")
        game.play(move)
        page.wait_for_function(f"JSON.parse(akropolisApp.record()).moves.length === {game.ply}")
        assert page.is_visible("#btn-send")
        assert_layout_fits(page)
        page.screenshot(path=str(SCREENS / f"phone-{turn}-send.png"))
        links.append(send(page))
        page.screenshot(path=str(SCREENS / f"phone-{turn}-copied.png"))
        sent = read_link(fragment(links[-1])).game
        assert sent.moves == game.moves and same(game_on_page(page), sent)
    assert_clean(ann)
    assert_clean(bob)


def test_a_refused_clipboard_shows_the_link_to_copy_by_hand(people) -> None:
    ann = people(phone=True)
    ann.add_init_script(REFUSE_CLIPBOARD)
    open_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    game = game_on_page(ann)
    ann.tap("#btn-send")  # the invitation
    ann.wait_for_selector("#copy-dialog[open]")
    link = ann.input_value("#copy-text")
    assert same(read_link(fragment(link)).game, game)
    selected = ann.evaluate(
        "() => { const f = document.activeElement; "
        "return [f.id, f.value.slice(f.selectionStart, f.selectionEnd)]; }"
    )
    assert selected == ["copy-text", link]
    SCREENS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SCREENS / "phone-copy-by-hand.png"))
    ann.tap("#copy-dialog button:text('Done')")
    assert ann.inner_text("#btn-send") == "Send the link"  # shown: it may be sent again
    assert_clean(ann)


def test_an_older_or_different_link_asks_before_replacing_the_copy(people) -> None:
    """(A game dealt in advance, as older links are: the same questions hold.)"""
    bob = people()
    open_page(bob)
    base = bob.base + "index.html#play/"
    game = Game(2, seed=6, names=("Ann", "Bob"))
    for _ in range(6):
        game.play(game.legal_moves()[0])
    older, newest = game.replay(2), game
    other = game.replay(4)
    other.play(next(m for m in other.legal_moves() if m.move != game.moves[4]))
    from game.share import checked_notation

    open_link(bob, base + checked_notation(newest), 6)
    who(bob, "Bob")
    bob.goto(base + checked_notation(older))  # an older link: shown, and said
    bob.wait_for_selector("#link-dialog[open]")
    assert bob.inner_text("#link-title") == "This link is older than your copy"
    assert "stops after move 2" in bob.inner_text("#link-body")
    assert game_on_page(bob).ply == 2
    bob.click("#link-actions button:text-is('Go on with my copy')")
    assert same(game_on_page(bob), newest)
    assert bob.inner_text("#link-turn") == "It is Ann's turn: send the link to Ann."

    bob.goto(base + checked_notation(other))  # a different fifth move: replaced only if chosen
    bob.wait_for_selector("#link-dialog[open]")
    assert bob.inner_text("#link-title") == "This link differs from your copy"
    assert "agree on the first 4 moves" in bob.inner_text("#link-body")
    bob.click("#link-actions button:text-is('Use this link instead')")
    assert same(game_on_page(bob), other)
    [kept] = kept_texts(bob)
    assert same(records.load(kept), newest)  # the copy replaced is kept aside
    bob.reload()  # the tab comes back to the game by link it showed
    wait_until_ready(bob)
    assert same(game_on_page(bob), other) and bob.is_visible("#link-bar")
    assert not bob.is_visible("#link-dialog")  # the seat is remembered
    assert bob.is_hidden("#btn-back")  # Bob has no game of his own: he starts one
    bob.click("#btn-new")
    bob.click('#quick [data-quick="people:2"]')
    bob.wait_for_selector("#new-dialog", state="hidden")
    assert not bob.is_visible("#link-bar")
    bob.reload()
    wait_until_ready(bob)
    assert not bob.is_visible("#link-bar")  # back to his own game for good
    assert_clean(bob)


def test_a_kept_game_resumed_from_a_game_by_link_keeps_the_right_game_aside(people) -> None:
    ann = people()
    own = play_some(ann, 3, seed=2)
    start_game(ann, ["Cy", "Di"], (), seed=8)  # Ann's first game goes to Kept games
    assert ann.inner_text("#btn-kept") == "Kept games (1)"
    second = game_on_page(ann)
    start_by_link(ann, ["Ann", "Bob"])
    ann.click("#btn-kept")
    ann.click("#kept-list button:text('Resume')")
    assert same(game_on_page(ann), own)
    assert not ann.is_visible("#link-bar")
    assert second.ply == 0 and kept_texts(ann) == []  # an unstarted game is not kept
    assert_clean(ann)


#: Names a game cannot have (one rule in the engine): a link holding them is refused, and why.
BAD_NAMES = {
    "look-the-same": (
        ["Ann", "Bob", "ann\u200d"],
        "players 1 and 3 have the same name (\u201cAnn\u201d)",
    ),
    "hangul-filler": (["\u3164", "Bob"], "the name needs at least one visible character"),
    "blank-braille": (["Ann", "\u2800\u2800"], "the name needs at least one visible character"),
    "a-tower-of-marks": (["Ann", "Z" + "\u0301" * 39], "39 marks on one character"),
}


@pytest.mark.parametrize("case", sorted(BAD_NAMES))
def test_a_play_link_whose_names_clash_or_look_blank_is_refused_and_the_game_stays(
    page: Page, case: str
) -> None:
    """ "Who are you?" could not tell two Anns apart, nor show a blank name: the link is
    refused with the engine's reason, and the game on the page and its save stay as they were."""
    names, reason = BAD_NAMES[case]
    game = play_some(page, 3, seed=4)
    saved = slot(page)
    record = records.game_to_record(Game(len(names), seed=5))
    record["players"] = [{"name": name} for name in names]
    page.goto(page.base + "index.html#play/" + notation.format_game(record, check=True))
    page.wait_for_selector("#message-dialog[open]")
    message = page.inner_text("#message")
    assert message.startswith("This link cannot be opened: ")
    assert reason in message and message.endswith("Your game is as it was.")
    assert not page.is_visible("#link-dialog") and not page.is_visible("#link-bar")
    assert same(game_on_page(page), game)
    assert slot(page) == saved and kept_texts(page) == []
    assert_clean(page)


def test_a_seat_named_like_a_button_of_who_are_you_cannot_pose_as_it(page: Page) -> None:
    """Each seat's button says "I am …": a player named "Just watching" has a button of their
    own, distinct from the dialog's "Just watching"."""
    open_page(page)
    record = records.game_to_record(Game(2, seed=5))
    record["players"] = [{"name": "Just watching"}, {"name": "Bob"}]
    page.goto(page.base + "index.html#play/" + notation.format_game(record, check=True))
    page.wait_for_selector("#link-dialog[open]")
    labels = page.locator("#link-actions button").all_inner_texts()
    assert labels == ["I am Just watching", "I am Bob", "Just watching"]
    press(page, "#link-actions button:text-is('Just watching')")
    page.wait_for_selector("#link-dialog", state="hidden")
    assert page.is_visible("#link-bar")
