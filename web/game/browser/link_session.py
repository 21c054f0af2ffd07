"""The game played by link on screen: who this device is, whose turn, saving it in its own slot,
the link bar, sending the move, and the link dialog's questions.

The rules are in ``game.share`` (links, how two copies relate, words) and
``game.link_games`` (slots and seats); links are opened by ``link_opening``.  The game
page asks this module whether a move is allowed (only this device's seat moves, on its turn),
tells it after a move, and routes saving to it while a game played by link is on screen.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from pyodide.ffi import to_js
from pyscript import document, window

from akropolis import Game
from akropolis.picture import svg
from browser.dom import element, in_background, listen, now, svg_image
from common.i18n import _, translate
from common.saves import BrowserStore, StoreError
from game.browser.copying import copy
from game.browser.link_secrets import Secrets
from game.browser.screen import Screen
from game.fair_links import new_link_game
from game.link_games import ACTIVE_KEY, READY, LinkGames
from game.newgame import waiting_game
from game.share import (
    WATCHING,
    LastMove,
    game_id,
    last_move,
    last_move_outline,
    play_link,
    position_summary,
    turn_line,
    waiting_to_join,
)

LINK_DIALOG = "link-dialog"


@dataclass
class Session:
    """The game played by link on screen: its id, this device's seat (None: not chosen yet,
    ``WATCHING``), and how far the last link sent or opened went: (moves, players joined)."""

    gid: str
    seat: int | None
    sent: tuple[int, int]


def progress(game: Game) -> tuple[int, int]:
    """How far a game by link has gone: (moves, players joined)."""
    return game.ply, game.chains.joined if game.chains is not None else game.players


class LinkSession(Secrets):
    """The game played by link on screen, if any, and the player's own game meanwhile."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.games = LinkGames(BrowserStore(lambda: window.localStorage), now, app.keeper.saves)
        self.tab = BrowserStore(lambda: window.sessionStorage)
        self.session: Session | None = None
        #: The player's own game, kept in memory while a game played by link is on screen.
        self.home: Game | None = None
        self.save_failed = False
        self._last: tuple[object, LastMove | None] = (None, None)
        tell = app.message
        listen(element("link-actions"), "click", self._link_click, tell)
        listen(element(LINK_DIALOG), "cancel", lambda event: event.preventDefault(), tell)
        listen(element("btn-end-send"), "click", lambda event: self.send(event.target), tell)
        # Resuming a kept game from a game played by link: back to the player's own game
        # first (in the capture phase, before the Kept games list handles the click), so that
        # it is the one kept aside, and the game played by link stays in its own slot.
        listen(element("kept-dialog"), "click", self._kept_click, tell, capture=True)
        # Two tabs on one game by link follow its slot: a move made in one shows in the other,
        # which may not make a second move for the same turn.
        listen(window, "storage", self._storage_event, tell)
        listen(window, "beforeunload", self._before_unload, tell)

    # --- The player's own game (what the autosave slot holds) ------------------------------

    def own_game(self) -> Game | None:
        """The player's own game: the one on screen, or the one set aside for a link game."""
        if self.session is not None:
            return self.home
        if self.app.tutorial.active:  # the tutorial's game is no one's: the game behind it
            return self.app.tutorial.home
        return self.app.table.game if self.app.table and not self.app.waiting else None

    def show_own(self, game: Game, hint: str = "") -> None:
        """Put the player's own game on screen; behind a game played by link, only follow it
        (another tab changed it)."""
        if self.session is not None:
            self.home = game
        else:
            self.app.show(game, hint)

    # --- Questions the game page asks --------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.app.table.game

    def unsent(self) -> bool:
        """A move made here that has not been sent yet."""
        return self.session is not None and progress(self.game) > self.session.sent

    def may_move(self) -> bool:
        """In a game played by link only this device's seat moves, on its turn (and only if
        no other tab has moved meanwhile)."""
        session = self.session
        if session is None or self.game.is_over:
            return True
        if self.follow_other_tab():
            return False
        if session.seat == self.game.turn and not self.keyless():
            return True
        self.app.hint(self.turn_hint(), "bad")
        return False

    def unsent_move(self) -> bool:
        """A move made here that has not been sent yet (a join is not a move to take back)."""
        return self.session is not None and self.game.ply > self.session.sent[0]

    def may_undo(self) -> bool:
        if self.session is None or self.unsent_move():
            return True
        self.app.hint(_("In a game played by link you can take back your move until you send it."))
        return False

    def city_after_move(self, turn: int) -> int:
        """The city to show after a move: the next player's, or, in a game played by link,
        the mover's own, with the move outlined (the next player is far away)."""
        if self.session is None or self.session.seat in (None, WATCHING):
            return turn
        return self.session.seat

    def turn_hint(self) -> str | None:
        """The hint line while no tile is held, in a game played by link (None otherwise)."""
        session = self.session
        if session is None:
            return None
        game = self.game
        if game.is_over:
            if self.unsent():
                return _("The game is over. Send your move to the others.")
            return _("The game is over.")
        if waiting_to_join(game) is not None:  # the invitation goes round the table
            return translate(turn_line(game, session.seat, self.unsent()))
        name = game.names[game.turn]
        if session.seat == game.turn and self.keyless():
            return self.keyless_line()
        last = self._last_move()
        shown = self.app.viewed
        if session.seat == game.turn:
            if last is not None and shown == last.player != game.turn:
                return _(
                    "{owner}'s city, the last move outlined. Your turn, {name}: pick a tile.",
                    owner=game.names[shown],
                    name=name,
                )
            return _("Your turn, {name}: pick a tile from the Construction Site.", name=name)
        if session.seat is None:
            return _("Choose who you are to play.")
        if session.seat == WATCHING:
            return _("You are watching: it is {name}'s turn.", name=name)
        if self.unsent():
            return _("Now send your move to {name}: “Send your move” copies the link.", name=name)
        return _("It is {name}'s turn: send the link to {name}.", name=name)

    def overlay(self, view, viewed: int) -> list:
        """The last move outlined on the city of the player who made it."""
        last = self._last_move()
        if self.session is None or last is None or last.player != viewed:
            return []
        return last_move_outline(view, last.info.cells, last.info.level)

    def marked(self) -> list:
        """The cells outlined as the last move (for tests), with the city they are in."""
        last = self._last_move() if self.session is not None else None
        if last is None:
            return []
        return [last.player, [list(cell) for cell in last.info.cells]]

    def _last_move(self) -> LastMove | None:
        game = self.game
        key = (id(game), game.ply)
        if self._last[0] != key:
            self._last = (key, last_move(game))
        return self._last[1]

    # --- Other tabs, and leaving ------------------------------------------------------------

    def follow_other_tab(self) -> bool:
        """If another tab changed this game's slot, show the game as it is there; whether it
        did.  What this tab had not saved is kept aside by the slot's rules when it is."""
        session = self.session
        if session is None:
            return False
        found = self.games.changed_elsewhere(session.gid)
        if found is None or found.state != READY or found.game is None:
            return False
        self.enter(found.game, incoming=False)
        self.app.hint(_("This game was changed in another tab; here it is now."))
        return True

    def _storage_event(self, event) -> None:
        session = self.session
        if session is not None and event.key in (None, f"akropolis.link.{session.gid}"):
            self.follow_other_tab()

    def _before_unload(self, event) -> None:
        """A move made here and not sent yet, or not kept: the browser asks before leaving."""
        if self.session is not None and (self.unsent() or self.save_failed):
            event.preventDefault()
            event.returnValue = ""

    # --- Saving and the bar ------------------------------------------------------------------

    def save(self) -> bool:
        """Save a game played by link in its own slot; False if it is the player's own game."""
        if self.session is None:
            return False
        self._reveal(self.game)
        self.store(self.game)
        self.refresh()
        return True

    def store(self, game: Game) -> bool:
        """Keep ``game`` in its slot (whatever the slot held that is not this game's earlier
        point is kept aside first, and the player told); False if it could not be."""
        stored = self.games.save(game)
        self.save_failed = not stored.ok
        self.app.keeper.update_kept_button()  # a new game by link is listed there too
        if stored.notice:
            self.app.dialogs.message(translate(stored.notice))
        return stored.ok

    def refresh(self) -> None:
        """The link bar: whose turn, the last move, Send your move, Back to my game."""
        session = self.session
        element("link-bar").hidden = session is None
        if session is None:
            element("btn-end-send").hidden = True
            return
        game = self.game
        unsent = self.unsent()
        element("link-turn").textContent = translate(turn_line(game, session.seat, unsent))
        last = self._last_move()
        line = translate(last.line) if last else _("No move has been played yet.")
        if self.save_failed:
            line = _(
                "{last_move} (Not kept on this device: its storage is full. Send the link, or "
                "save the game with Export, before leaving this page.)",
                last_move=line,
            )
        lost = self.dealt_without()
        if lost is not None:
            line = _(
                "{last_move} The last stack was dealt without {name}'s secret, which was lost.",
                last_move=line,
                name=game.names[lost],
            )
        element("link-last").textContent = line
        element("btn-back").hidden = self.home is None  # only back to a game there is
        send = element("btn-send")
        mine = session.seat is not None and session.seat != WATCHING
        waiting = not game.is_over and game.turn != session.seat
        send.hidden = not mine or not (unsent or waiting)
        joining = waiting_to_join(game) is not None  # an invitation, not a move
        send.textContent = _("Send your move") if unsent and not joining else _("Send the link")
        send.className = "primary" if unsent else ""
        end = element("btn-end-send")
        made_it = last is not None and last.player == session.seat  # the last move was this seat's
        end.hidden = not mine or not game.is_over or not made_it
        end.textContent = send.textContent
        element("btn-undo").disabled = not self.unsent_move()

    # --- A game played by link on screen -----------------------------------------------------

    def enter(self, game: Game, keep: bool = True, incoming: bool = True) -> None:
        """Show a game played by link: the last move outlined, asking who plays here.
        ``keep=False``: only shown, while the player is asked about it (nothing is noted).
        ``incoming``: it came in a link, so everything in it has been sent; otherwise (this
        device's copy) what this device had not sent yet is still to send."""
        gid = game_id(game)
        if self.session is None:
            self.home = self.own_game()
        reached = progress(game)
        sent = reached if incoming else min(self.games.sent(gid) or reached, reached)
        self.session = Session(gid, self.games.seat(gid), sent)
        if self.session.seat is not None and self.session.seat >= game.players:
            self.session.seat = None
        if keep:
            self.games.touch(gid)
            if incoming:
                self.games.note_sent(gid, *reached)
            with contextlib.suppress(StoreError):
                self.tab.set(ACTIVE_KEY, gid)
            self._take_part(game)
        self.app.show(game)
        last = self._last_move()
        if last is not None and not game.is_over:
            self.app.viewed = last.player
            self.app.refresh(fit_view=True)
        if keep and self.session.seat is None:
            self.ask_seat()

    def start_link_game(self, setup: Game) -> None:
        """A new game played by link (the player's own game stays saved as it is); its creator
        plays seat 1, the name they gave first, and is not asked who they are.  The players
        deal it together: it waits for each to join (docs/fair-links.md)."""
        game, key = new_link_game(setup)
        gid = game_id(game)
        if not self.games.keep_key(gid, key):
            self.app.message(
                _(
                    "This device's storage is full, so it cannot keep your secret for a new game "
                    "by link. Free some space, then try again."
                )
            )
            return
        self.store(game)
        self.games.choose_seat(gid, 0)
        self.games.note_sent(gid, 0, 0)
        self.enter(game, incoming=False)

    def ask_seat(self) -> None:
        game = self.game
        # "I am Ann", never the bare name: a seat named "Just watching" cannot pose as the
        # button of that name.
        actions = [
            (_("I am {name}", name=name), lambda seat=seat: self.choose_seat(seat))
            for seat, name in enumerate(game.names)
        ]
        actions.append((_("Just watching"), lambda: self.choose_seat(WATCHING)))
        self.ask(
            _("Who are you?"),
            _(
                "{summary}.\nEach player moves on their own device, then sends the new link to "
                "the next. This device remembers your seat for this game.",
                summary=translate(position_summary(game)),
            )
            if game.chains is not None
            else _(
                "{summary}.\nEach player moves on their own device, then sends the new link to "
                "the next. This device remembers your seat for this game.\nThis game was dealt "
                "in advance, by an older version: anyone holding its link can read its stacks.",
                summary=translate(position_summary(game)),
            ),
            actions,
            primary=waiting_to_join(game) or (game.turn if not game.is_over else 0),
        )

    def choose_seat(self, seat: int) -> None:
        if self.session is None:
            return
        self.games.choose_seat(self.session.gid, seat)
        self.session.seat = seat
        if seat != WATCHING and not self.game.ply:
            self.app.viewed = seat  # before the first move: their own city
        self._take_part(self.game)
        self.app.refresh()

    def leave(self, show: bool = True) -> None:
        """Back to the player's own game (the game played by link stays in its slot)."""
        if self.session is None:
            return
        self.session = None
        with contextlib.suppress(StoreError):
            self.tab.remove(ACTIVE_KEY)
        home, self.home = self.home, None
        self.save_failed = False
        if show:
            if home is None:  # no game of one's own: the first screen, as on a first visit
                self.app.show(waiting_game(), waiting=True)
                self.app.open_new_dialog()
            else:
                self.app.show(home, _("Back to your game."))
            self.app.keeper.check_other_tabs()

    def _kept_click(self, event) -> None:
        try:
            if self.session is not None and event.target.closest("[data-kept-action='resume']"):
                self.leave()
        except Exception as error:
            window.console.error(f"akropolis: {type(error).__name__}: {error}")

    # --- Sending -----------------------------------------------------------------------------

    def send(self, button=None) -> None:
        """Send the game's link to the next player: the share sheet on a phone, else a copy."""
        if self.session is None:
            return
        game = self.game
        link = play_link(str(window.location.href), game)
        button = button or element("btn-send")
        navigator = window.navigator
        coarse = window.matchMedia("(pointer: coarse)").matches
        if coarse and getattr(navigator, "share", None) is not None:
            if game.is_over:
                text = _("The game is over: see the scores.")
            else:
                text = _("Your turn, {name}.", name=game.names[game.turn])
            data = to_js(
                {"title": "Akropolis", "text": text, "url": link},
                dict_converter=window.Object.fromEntries,
            )
            try:
                promise = navigator.share(data)
            except Exception:
                promise = None
            if promise is not None:
                in_background(self._shared(promise, link, button), self.app.message)
                return
        copy(link, button, self.app.message, sending=self)

    async def _shared(self, promise, link: str, button) -> None:
        try:
            await promise
        except Exception as error:
            if "AbortError" in f"{getattr(error, 'name', '')} {error}":
                return  # the player closed the share sheet
            copy(link, button, self.app.message, sending=self)
            return
        self.sent()

    def sent(self) -> None:
        """The link is on its way (copied, shared, or shown to copy by hand)."""
        if self.session is not None:
            self.session.sent = progress(self.game)
            self.games.note_sent(self.session.gid, *self.session.sent)
            self.app.refresh()

    def copied(self) -> None:
        self.app.hint(_("Link copied: paste it to the next player (message, e-mail…)."), "good")

    def settled(self) -> None:
        self.refresh()

    # --- The link dialog ---------------------------------------------------------------------

    def ask(
        self, title: str, body: str, actions: list, preview: Game | None = None, primary: int = 0
    ) -> None:
        """A question about a link, once the notices before it have been seen; every button is
        built from text, never from HTML."""

        def fill() -> None:
            element("link-title").textContent = title
            element("link-body").textContent = body
            box = element("link-preview")
            box.replaceChildren()
            box.hidden = preview is None
            if preview is not None:
                for player, name in enumerate(preview.names):
                    figure = document.createElement("figure")
                    picture = svg.hexes(preview.cities[player].hexes(), 150, 110)
                    figure.appendChild(svg_image(picture, _("{name}'s city", name=name)))
                    caption = document.createElement("figcaption")
                    caption.textContent = f"{name} · ◆ {preview.stones[player]}"
                    figure.appendChild(caption)
                    box.appendChild(figure)
            menu = element("link-actions")
            menu.replaceChildren()
            for index, (label, _run) in enumerate(actions):
                button = document.createElement("button")
                button.type = "button"
                button.textContent = label
                button.dataset.linkAction = str(index)
                if index == primary:
                    button.className = "primary"
                menu.appendChild(button)

        self.app.dialogs.show(LINK_DIALOG, fill, [run for _label, run in actions])

    def _link_click(self, event) -> None:
        button = event.target.closest("[data-link-action]")
        if button:
            self.app.dialogs.act(LINK_DIALOG, int(button.dataset.linkAction))
