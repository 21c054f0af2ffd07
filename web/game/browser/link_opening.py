"""Links opened in the game page: a position (offered as a new game), or a game played by link
(compared with this device's copy, which it replaces silently only when it just goes on from it).

The link stays in the address until it has been handled: its game saved, or the player's
question answered.  A page that fails while opening it still starts, says so, and leaves the
link in the address, so a reload tries again and nothing is lost.  A link that cannot be read
is refused with its reason, and the game on screen stays.
"""

from __future__ import annotations

import contextlib

from pyscript import window

from akropolis import Game
from browser.dom import element, listen
from common.i18n import _, explain, ngettext, translate
from common.saves import StoreError
from game.browser.screen import Screen
from game.daily import DAILY_FRAGMENT
from game.fair_links import dealt_onward
from game.link_games import ACTIVE_KEY, EMPTY, READY, Slot
from game.share import (
    AHEAD,
    BEHIND,
    CHANGED,
    SAME,
    YOURS,
    LinkError,
    game_id,
    last_move,
    people_only,
    position_summary,
    read_link,
    relation,
)


class LinkOpener:
    """Opens the link in the address (at start, and whenever it changes)."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.links = app.links
        self.first_visit = False  # no game was saved when the page opened
        listen(window, "hashchange", lambda _e: self.open_fragment(), app.message)

    @property
    def games(self):
        return self.links.games

    # --- At start ----------------------------------------------------------------------------

    def open_at_start(self, first_visit: bool) -> None:
        """At start: a link in the address, else the game played by link this tab showed."""
        self.first_visit = first_visit
        if str(window.location.hash or "") not in ("", "#"):
            self.open_fragment()
            return
        gid = None
        with contextlib.suppress(StoreError):
            gid = self.links.tab.get(ACTIVE_KEY)
        found = self.games.slot(gid) if gid else Slot("", EMPTY)
        if found.state == READY:
            self.links.enter(found.game, incoming=False)
            return
        if gid:
            with contextlib.suppress(StoreError):
                self.links.tab.remove(ACTIVE_KEY)
        if found.state != EMPTY:  # it stays in its slot, listed under Kept games
            self.app.dialogs.message(
                _(
                    "{problem}. It is listed under Kept games, with the games played by link, "
                    "where you can download or delete it.",
                    problem=translate(found.held),
                )
            )
        self._first_screen()

    def _first_screen(self) -> None:
        """On a first visit whose link opened no game: the New game form, once the notices
        have been read."""
        self.app.dialogs.when_idle(self._new_game_form)

    def _new_game_form(self) -> None:
        if self.first_visit and not element("new-dialog").open:
            self.app.open_new_dialog()
        self.first_visit = False

    # --- The address -------------------------------------------------------------------------

    def open_fragment(self) -> None:
        """Open the link in the address (``#A1;…`` or ``#play/A1;…``)."""
        fragment = str(window.location.hash or "")
        if fragment in ("", "#"):
            return
        if fragment.startswith(DAILY_FRAGMENT):  # a day's deal, not a game
            self._clear(fragment)
            self.app.daily.open_link(fragment)
            return
        try:
            link = read_link(fragment)
        except LinkError as error:
            self._clear(fragment)
            self._refuse(explain(error))
            return
        if link is None:
            self._clear(fragment)
            return
        before = self.links.session
        try:
            if link.play:
                self.open_play(link.game, fragment)
            else:
                self.offer_position(link.game, fragment)
        except Exception as error:  # the page goes on, and the link stays in the address
            window.console.error(f"akropolis: {type(error).__name__}: {error}")
            if before is None and self.links.session is not None:
                self.links.leave()  # back to the game that was on screen
            self.app.message(
                _(
                    "This link could not be opened: something went wrong in the page. The link "
                    "is still in the address bar, so it is not lost: reload the page to try "
                    "again. Your game is as it was."
                )
            )
            self._first_screen()

    def _clear(self, fragment: str | None) -> None:
        """The link ``fragment`` has been handled: out of the address (unless another link
        has come meanwhile), so that a reload does not open it again."""
        location = window.location
        if fragment is not None and str(location.hash or "") == fragment:
            window.history.replaceState(None, "", f"{location.pathname}{location.search}")

    def _answered(self, fragment: str | None, action):
        """An answer to a question about a link: the link is handled, then ``action`` runs."""

        def run() -> None:
            self._clear(fragment)
            action()

        return run

    def _refuse(self, reason: str) -> None:
        reason = reason.rstrip(".")  # the sentence ends the reason with its own full stop
        self.app.message(
            _("This link cannot be opened: {reason}. Your game is as it was.", reason=reason)
        )
        self._first_screen()

    # --- A position --------------------------------------------------------------------------

    def offer_position(self, game: Game, fragment: str | None = None) -> None:
        """A position: continue from it as a new game, or keep the game in progress."""
        own = self.links.own_game()
        playing = own is not None and own.ply > 0 and not own.is_over
        summary = translate(position_summary(game))
        if playing:
            body = _(
                "{summary}.\nYour game in progress is kept under Kept games if you continue "
                "from here.",
                summary=summary,
            )
        else:
            body = _("{summary}.", summary=summary)
        not_now = _("Keep my game") if playing else _("Not now")
        self.links.ask(
            _("Open this position"),
            body,
            [
                (
                    _("Continue from here as a new game"),
                    self._answered(fragment, lambda: self._continue_from(game)),
                ),
                (not_now, self._answered(fragment, self._not_now)),
            ],
            preview=game,
        )

    def _not_now(self) -> None:
        self._new_game_form()  # on a first visit, the form after all

    def _continue_from(self, game: Game) -> None:
        self.first_visit = False
        # A game by link's position: the tiles not seen yet are shuffled afresh here.
        self.app.start(
            dealt_onward(game),
            _("Continuing from the shared position after move {move}.", move=game.ply),
        )

    # --- A game played by link ---------------------------------------------------------------

    def open_play(self, game: Game, fragment: str | None = None) -> None:
        """A game played by link.  This device's copy is updated if the link only adds the
        other seats' moves to it; an older link, one that parts from it, or one that adds a
        move for this device's own seat is shown, and replaces the copy only if the player
        says so.  Whatever else the game's slot held is kept aside first, and said."""
        refusal = people_only(game)
        if refusal is not None:
            self._clear(fragment)
            look = (_("Look at the position"), lambda: self.offer_position(game))
            self.app.dialogs.message(translate(refusal), [look])
            self._first_screen()
            return
        self.first_visit = False
        gid = game_id(game)
        found = self.games.slot(gid)
        if found.state != READY:  # nothing there, or something that is kept aside first
            if self.links.store(game):
                self._clear(fragment)  # kept: a reload finds it in its slot
            self.links.enter(game)
            return
        stored = found.game
        related = relation(stored, game, self.games.seat(gid))
        if related.kind == SAME:
            self._clear(fragment)
            self.links.enter(stored)
            return
        if related.kind == AHEAD:  # only the other seats' moves: taken without asking
            if self.links.store(game):
                self._clear(fragment)  # not kept (storage full): the address keeps the link
            self.links.enter(game)
            return
        self.links.enter(game, keep=False)
        title, body = _question(stored, game, related)
        shown = _("The game shown is the link's. Nothing is replaced unless you choose to.")
        self.links.ask(
            title,
            f"{body}\n{shown}",
            [
                (
                    _("Go on with my copy"),
                    self._answered(fragment, lambda: self.links.enter(stored, incoming=False)),
                ),
                (
                    _("Use this link instead"),
                    self._answered(fragment, lambda: self._replace_copy(found, game)),
                ),
            ],
        )

    def _replace_copy(self, found: Slot, game: Game) -> None:
        """Play on from the link; this device's copy is kept aside under Kept games."""
        stored = self.games.replace(game, self.games.slot(found.gid))  # as it is now
        if stored.kept is None and not stored.ok:
            self.app.message(
                _(
                    "Your copy could not be kept aside (the browser's storage is full), so it "
                    "was not replaced. Export it or free some space first."
                )
            )
            self.links.enter(found.game, incoming=False)
            return
        self.app.keeper.update_kept_button()
        self.links.save_failed = not stored.ok
        self.links.enter(game)
        self.app.hint(_("Playing on from the link; your copy is under Kept games."))


def _question(stored: Game, game: Game, related) -> tuple[str, str]:
    """The title and body of the question about a link that does not simply go on from the
    copy: older, parting from it, or adding a move for this device's own seat."""
    if related.kind == CHANGED:
        return (
            _("This link changes your copy of this game"),
            _(
                "The link is for the same game as your copy, but it changes what was already "
                "set: a player's name, who plays a seat, an option, or a player's secret."
            ),
        )
    if related.kind == YOURS and not related.yours:
        return (
            _("This link joins you from elsewhere"),
            _(
                "In the link, your seat has joined the game from another device, and this "
                "device never sent that. If you go on from the link, play on that other device."
            ),
        )
    if related.kind == BEHIND:
        return (
            _("This link is older than your copy"),
            _(
                "The link stops after move {link_move}; your copy of this game goes on to move "
                "{copy_move} ({summary}).",
                link_move=game.ply,
                copy_move=stored.ply,
                summary=translate(position_summary(stored)),
            ),
        )
    if related.kind == YOURS:
        first = related.yours[0]
        line = translate(last_move(game.replay(first + 1)).line)
        name = game.names[game.replay(first).turn]
        body = ngettext(
            "The link goes on from your copy of this game, but one of the moves it adds is for "
            "your seat, {name}, and this device never sent it: {move}",
            "The link goes on from your copy of this game, but {count} of the moves it adds are "
            "for your seat, {name}, and this device never sent them. The first: {move}",
            len(related.yours),
            name=name,
            move=line,
        )
        return _("This link holds a move you did not send"), body
    ours, theirs = stored.replay(related.common + 1), game.replay(related.common + 1)
    return (
        _("This link differs from your copy"),
        ngettext(
            "The link and your copy agree on the first move, then part.\nIn the link: {theirs}"
            "\nIn your copy: {ours}",
            "The link and your copy agree on the first {count} moves, then part.\nIn the link: "
            "{theirs}\nIn your copy: {ours}",
            related.common,
            theirs=translate(last_move(theirs).line),
            ours=translate(last_move(ours).line),
        ),
    )
