"""The page's side of sharing: the Share dialog, links opened, and games played by link.

The rules are in ``akropolis_web.share`` (links, game ids, how two copies of a game relate);
this module shows them.  The game page gives it the ``App``; the App asks it whether a move
is allowed (a game played by link moves only for this device's seat, on its turn), tells it
after a move, and routes saving to it while a game played by link is on screen.

Nothing read from a link is ever put into ``innerHTML``: names go in as ``textContent``, and
pictures of a linked game are shown as images (an SVG image runs no script).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from akropolis import Game, svg
from akropolis_web.saves import BrowserStore, StoreError, describe, record_text
from akropolis_web.share import (
    ACTIVE_KEY,
    AHEAD,
    BEHIND,
    SAME,
    WATCHING,
    LastMove,
    LinkError,
    LinkGames,
    checked_notation,
    embed_snippet,
    game_id,
    last_move,
    last_move_outline,
    play_link,
    position_link,
    position_summary,
    read_link,
    relation,
    svg_filename,
    turn_line,
)

from .dom import download, element, in_background, listen

#: How long a Copy button says "Copied", in seconds.
COPIED_FOR = 2.5
#: Why a copy of a game played by link was kept aside (shown in Kept games).
REPLACED_BY_LINK = "replaced by a link of the same game"


@dataclass
class Session:
    """The game played by link on screen: its id, this device's seat (None: not chosen yet,
    ``WATCHING``), and how many moves the last link sent or opened had."""

    gid: str
    seat: int | None
    sent_ply: int


class Sharing:
    """The Share dialog, links opened in the page, and the game played by link on screen."""

    def __init__(self, app) -> None:
        self.app = app
        self.games = LinkGames(BrowserStore(lambda: window.localStorage))
        self.tab = BrowserStore(lambda: window.sessionStorage)
        self.session: Session | None = None
        #: The player's own game, kept in memory while a game played by link is on screen.
        self.home: Game | None = None
        self.save_failed = False
        self.first_visit = False  # no game was saved when the page opened
        self._actions: list = []
        self._images: list[str] = []  # blob URLs of the pictures shown, revoked when replaced
        self._last: tuple[object, LastMove | None] = (None, None)
        tell = app.message
        listen(element("share-dialog"), "click", self._share_click, tell)
        listen(element("share-dialog"), "change", lambda _e: self._preview(), tell)
        listen(element("link-actions"), "click", self._link_click, tell)
        listen(element("link-dialog"), "cancel", lambda event: event.preventDefault(), tell)
        listen(element("btn-end-send"), "click", lambda event: self.send(event.target), tell)
        listen(window, "hashchange", lambda _e: self.open_fragment(), tell)
        # Resuming a kept game from a game played by link: back to the player's own game
        # first (in the capture phase, before the Kept games list handles the click), so that
        # it is the one kept aside, and the game played by link stays in its own slot.
        self._kept_proxy = create_proxy(self._kept_click)
        element("kept-dialog").addEventListener("click", self._kept_proxy, True)

    # --- The player's own game (what the autosave slot holds) ------------------------------

    def own_game(self) -> Game | None:
        """The player's own game: the one on screen, or the one set aside for a link game."""
        if self.session is not None:
            return self.home
        return self.app.table.game if self.app.table else None

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
        return self.session is not None and self.game.ply > self.session.sent_ply

    def may_move(self) -> bool:
        """In a game played by link only this device's seat moves, on its turn."""
        session = self.session
        if session is None or self.game.is_over or session.seat == self.game.turn:
            return True
        self.app.hint(self.turn_hint(), "bad")
        return False

    def may_undo(self) -> bool:
        if self.session is None or self.unsent():
            return True
        self.app.hint("In a game played by link you can take back your move until you send it.")
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
            return "The game is over." + (" Send your move to the others." if self.unsent() else "")
        name = game.names[game.turn]
        last = self._last_move()
        shown = self.app.viewed
        if session.seat == game.turn:
            if last is not None and shown == last.player != game.turn:
                return (
                    f"{game.names[shown]}'s city, the last move outlined. "
                    f"Your turn, {name}: pick a tile."
                )
            return f"Your turn, {name}: pick a tile from the Construction Site."
        if session.seat is None:
            return "Choose who you are to play."
        if session.seat == WATCHING:
            return f"You are watching: it is {name}'s turn."
        if self.unsent():
            return f"Now send your move to {name}: “Send your move” copies the link."
        return f"It is {name}'s turn: send the link to {name}."

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

    # --- Saving and the bar ------------------------------------------------------------------

    def save(self) -> bool:
        """Save a game played by link in its own slot; False if it is the player's own game."""
        if self.session is None:
            return False
        self.save_failed = not self.games.save(self.game)
        self.refresh()
        return True

    def refresh(self) -> None:
        """The link bar: whose turn, the last move, Send your move, Back to my game."""
        session = self.session
        element("link-bar").hidden = session is None
        if session is None:
            element("btn-end-send").hidden = True
            return
        game = self.game
        unsent = self.unsent()
        element("link-turn").textContent = turn_line(game, session.seat, unsent)
        last = self._last_move()
        line = last.line if last else "No move has been played yet."
        if self.save_failed:
            line += " (Not kept on this device: its storage is full. The link holds the game.)"
        element("link-last").textContent = line
        send = element("btn-send")
        mine = session.seat is not None and session.seat != WATCHING
        waiting = not game.is_over and game.turn != session.seat
        send.hidden = not mine or not (unsent or waiting)
        send.textContent = "Send your move" if unsent else "Send the link"
        send.className = "primary" if unsent else ""
        end = element("btn-end-send")
        made_it = last is not None and last.player == session.seat  # the last move was this seat's
        end.hidden = not mine or not game.is_over or not made_it
        end.textContent = send.textContent
        element("btn-undo").disabled = not unsent

    # --- Opening links -----------------------------------------------------------------------

    def open_at_start(self, first_visit: bool) -> None:
        """At start: a link in the address, else the game played by link this tab showed."""
        self.first_visit = first_visit
        if str(window.location.hash or "") not in ("", "#"):
            self.open_fragment()
            return
        gid = None
        with contextlib.suppress(StoreError):
            gid = self.tab.get(ACTIVE_KEY)
        game = self.games.load(gid) if gid else None
        if game is not None:
            self.enter(game)
            return
        if gid:
            with contextlib.suppress(StoreError):
                self.tab.remove(ACTIVE_KEY)
        self._first_screen()

    def _first_screen(self) -> None:
        """On a first visit whose link did not open a game, the New game form after all."""
        if self.first_visit and not element("new-dialog").open:
            self.app.open_new_dialog()
        self.first_visit = False

    def open_fragment(self) -> None:
        """Open the link in the address (``#A1;…`` or ``#play/A1;…``), then clear it."""
        fragment = str(window.location.hash or "")
        if fragment in ("", "#"):
            return
        location = window.location
        window.history.replaceState(None, "", f"{location.pathname}{location.search}")
        try:
            link = read_link(fragment)
        except LinkError as error:
            self._refuse(str(error))
            return
        if link is None:
            return
        if link.play:
            self.open_play(link.game)
        else:
            self.offer_position(link.game)

    def _refuse(self, reason: str) -> None:
        self._first_screen()
        reason = reason.rstrip(".")
        self.app.message(f"This link cannot be opened: {reason}. Your game is as it was.")

    def offer_position(self, game: Game) -> None:
        """A position: continue from it as a new game, or keep the game in progress."""
        own = self.own_game()
        playing = own is not None and own.ply > 0 and not own.is_over
        body = position_summary(game) + "."
        if playing:
            body += "\nYour game in progress is kept under Kept games if you continue from here."
        first = self.first_visit
        self.first_visit = False

        def decline() -> None:
            if first:
                self.app.open_new_dialog()

        self.ask(
            "Open this position",
            body,
            [
                ("Continue from here as a new game", lambda: self._continue_from(game)),
                ("Keep my game" if playing else "Not now", decline),
            ],
            preview=game,
        )

    def _continue_from(self, game: Game) -> None:
        self.app.start(game, f"Continuing from the shared position after move {game.ply}.")

    def open_play(self, game: Game) -> None:
        """A game played by link: this device's copy is updated if the link extends it; an
        older or different link is shown, and replaces the copy only if the player says so."""
        self.first_visit = False
        gid = game_id(game)
        stored = self.games.load(gid)
        if stored is None:
            self.save_failed = not self.games.save(game)
            self.enter(game)
            return
        related = relation(stored, game)
        if related.kind == SAME:
            self.enter(stored)
            return
        if related.kind == AHEAD:
            self.save_failed = not self.games.save(game)
            self.enter(game)
            return
        self.enter(game, keep=False)
        if related.kind == BEHIND:
            title = "This link is older than your copy"
            body = (
                f"The link stops after move {game.ply}; your copy of this game goes on to move "
                f"{stored.ply} ({position_summary(stored)})."
            )
        else:
            title = "This link differs from your copy"
            ours, theirs = stored.replay(related.common + 1), game.replay(related.common + 1)
            body = (
                f"The link and your copy agree on the first {related.common} moves, then part: "
                f"in the link, {last_move(theirs).line[:-1]}; in your copy, "
                f"{last_move(ours).line[:-1]}."
            )
        body += "\nThe game shown is the link's. Nothing is replaced unless you choose to."
        self.ask(
            title,
            body,
            [
                ("Go on with my copy", lambda: self.enter(stored)),
                ("Use this link instead", lambda: self._replace_copy(stored, game)),
            ],
        )

    def _replace_copy(self, stored: Game, game: Game) -> None:
        """Play on from the link; this device's copy is kept aside under Kept games."""
        saves = self.app.keeper.saves
        if saves.keep(record_text(stored), REPLACED_BY_LINK, describe(stored)) is None:
            self.app.message(
                "Your copy could not be kept aside (the browser's storage is full), so it was "
                "not replaced. Export it or free some space first."
            )
            self.enter(stored)
            return
        self.app.keeper.update_kept_button()
        self.save_failed = not self.games.save(game)
        self.enter(game)
        self.app.hint("Playing on from the link; your copy is under Kept games.")

    # --- A game played by link on screen -----------------------------------------------------

    def enter(self, game: Game, keep: bool = True) -> None:
        """Show a game played by link: the last move outlined, asking who plays here."""
        gid = game_id(game)
        if self.session is None:
            self.home = self.app.table.game if self.app.table else None
        self.session = Session(gid, self.games.seat(gid), game.ply)
        if self.session.seat is not None and self.session.seat >= game.players:
            self.session.seat = None
        if keep:
            with contextlib.suppress(StoreError):
                self.tab.set(ACTIVE_KEY, gid)
        self.app.show(game)
        last = self._last_move()
        if last is not None and not game.is_over:
            self.app.viewed = last.player
            self.app.refresh(fit_view=True)
        if keep and self.session.seat is None:
            self.ask_seat()

    def start_link_game(self, game: Game) -> None:
        """A new game played by link (the player's own game stays saved as it is)."""
        self.save_failed = not self.games.save(game)
        self.enter(game)

    def ask_seat(self) -> None:
        game = self.game
        actions = [
            (name, lambda seat=seat: self.choose_seat(seat)) for seat, name in enumerate(game.names)
        ]
        actions.append(("Just watching", lambda: self.choose_seat(WATCHING)))
        self.ask(
            "Who are you?",
            f"{position_summary(game)}.\nEach player moves on their own device, then sends "
            "the new link to the next. This device remembers your seat for this game.",
            actions,
            primary=game.turn if not game.is_over else 0,
        )

    def choose_seat(self, seat: int) -> None:
        if self.session is None:
            return
        self.games.choose_seat(self.session.gid, seat)
        self.session.seat = seat
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
            self.app.show(home if home is not None else Game(2), "Back to your game.")
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
            who = game.names[game.turn]
            text = f"Your turn, {who}." if not game.is_over else "The game is over: see the scores."
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
        self.copy(link, button, sent=True)

    async def _shared(self, promise, link: str, button) -> None:
        try:
            await promise
        except Exception as error:
            if "AbortError" in f"{getattr(error, 'name', '')} {error}":
                return  # the player closed the share sheet
            self.copy(link, button, sent=True)
            return
        self._sent()

    def _sent(self) -> None:
        if self.session is not None:
            self.session.sent_ply = self.game.ply
            self.app.refresh()

    # --- Copying -----------------------------------------------------------------------------


    def copy(self, text: str, button, field=None, sent: bool = False) -> None:
        """Copy ``text``; the button says "Copied" a moment.  If the browser refuses, the
        text is shown selected (in its field, or in a dialog) to copy by hand."""
        clipboard = getattr(window.navigator, "clipboard", None)
        try:
            promise = clipboard.writeText(text) if clipboard is not None else None
        except Exception:
            promise = None
        if promise is None:
            self._copy_by_hand(text, field, sent)
            return
        in_background(self._copied(promise, text, button, field, sent), self.app.message)

    async def _copied(self, promise, text: str, button, field, sent: bool) -> None:
        try:
            await promise
        except Exception:
            self._copy_by_hand(text, field, sent)
            return
        if sent:
            self._sent()
        label = button.textContent
        button.textContent = "Copied ✓"
        button.classList.add("copied")
        button.dataset.copied = "true"
        if field is not None:
            element("share-note").hidden = True
        elif sent:
            self.app.hint("Link copied: paste it to the next player (message, e-mail…).", "good")
        await asyncio.sleep(COPIED_FOR)
        button.classList.remove("copied")
        button.removeAttribute("data-copied")
        if sent:
            self.refresh()
        elif button.textContent == "Copied ✓":
            button.textContent = label

    def _copy_by_hand(self, text: str, field, sent: bool) -> None:
        if field is not None:
            element("share-note").hidden = False
            field.focus()
            field.select()
            return
        area = element("copy-text")
        area.value = text
        dialog = element("copy-dialog")
        if not dialog.open:
            dialog.showModal()
        area.focus()
        area.select()
        if sent:
            self._sent()

    # --- The Share dialog --------------------------------------------------------------------

    def open_dialog(self) -> None:
        game = self.game
        href = str(window.location.href)
        element("share-summary").textContent = position_summary(game) + "."
        element("share-link").value = position_link(href, game)
        element("share-embed").value = embed_snippet(href, game)
        element("share-notation").value = checked_notation(game)
        element("share-note").hidden = True
        session = self.session
        element("share-play").hidden = session is None
        element("share-by-link").hidden = session is not None
        if session is not None:
            element("share-play-link").value = play_link(href, game)
            seat = session.seat
            element("share-seat").textContent = (
                "You watch this game on this device."
                if seat is None or seat == WATCHING
                else f"You play {game.names[seat]} on this device."
            )
        chooser = element("share-player")
        chooser.replaceChildren()
        for player, name in enumerate(game.names):
            option = document.createElement("option")
            option.value = str(player)
            option.textContent = name
            chooser.appendChild(option)
        chooser.value = str(self.app.viewed)
        self._preview()
        dialog = element("share-dialog")
        if not dialog.open:
            dialog.showModal()
        first = "share-play-link" if session is not None else "share-link"
        dialog.querySelector(f"[data-copy='{first}']").focus()

    def _picture(self) -> tuple[str, str]:
        game = self.game
        player = int(element("share-player").value or 0)
        explain = bool(element("share-explain").checked)
        text = svg.city(game, player=player, explain=explain, size=640)
        return text, svg_filename(game, player, explain)

    def _preview(self) -> None:
        text, _ = self._picture()
        player = int(element("share-player").value or 0)
        box = element("share-svg")
        box.replaceChildren(self._image(text, f"{self.game.names[player]}'s city"))

    def _image(self, text: str, alt: str):
        """An SVG shown as an image (no script, nothing parsed into the page)."""
        while len(self._images) > 8:
            window.URL.revokeObjectURL(self._images.pop(0))
        blob = window.Blob.new(
            [text], to_js({"type": "image/svg+xml"}, dict_converter=window.Object.fromEntries)
        )
        url = window.URL.createObjectURL(blob)
        self._images.append(url)
        image = document.createElement("img")
        image.src = url
        image.alt = alt
        return image

    def _share_click(self, event) -> None:
        button = event.target.closest("button")
        if not button:
            return
        field_name = getattr(button.dataset, "copy", None)
        if field_name:
            field = element(field_name)
            self.copy(str(field.value), button, field)
            return
        action = getattr(button.dataset, "share", None)
        if action == "svg":
            text, name = self._picture()
            download(text, name, "image/svg+xml")
        elif action == "seat":
            element("share-dialog").close()
            self.ask_seat()
        elif action == "new-by-link":
            element("share-dialog").close()
            element("by-link").checked = True
            self.app.open_new_dialog()

    # --- The link dialog ---------------------------------------------------------------------

    def ask(
        self, title: str, body: str, actions: list, preview: Game | None = None, primary: int = 0
    ) -> None:
        """A question about a link; every button is built from text, never from HTML."""
        element("link-title").textContent = title
        element("link-body").textContent = body
        box = element("link-preview")
        box.replaceChildren()
        box.hidden = preview is None
        if preview is not None:
            for player, name in enumerate(preview.names):
                figure = document.createElement("figure")
                picture = svg.hexes(preview.cities[player].hexes(), 150, 110)
                figure.appendChild(self._image(picture, f"{name}'s city"))
                caption = document.createElement("figcaption")
                caption.textContent = f"{name} · ◆ {preview.stones[player]}"
                figure.appendChild(caption)
                box.appendChild(figure)
        menu = element("link-actions")
        menu.replaceChildren()
        self._actions = [run for _, run in actions]
        for index, (label, _) in enumerate(actions):
            button = document.createElement("button")
            button.type = "button"
            button.textContent = label
            button.dataset.linkAction = str(index)
            if index == primary:
                button.className = "primary"
            menu.appendChild(button)
        dialog = element("link-dialog")
        if not dialog.open:
            dialog.showModal()
        menu.children.item(min(primary, len(actions) - 1)).focus()

    def _link_click(self, event) -> None:
        button = event.target.closest("[data-link-action]")
        if not button:
            return
        index = int(button.dataset.linkAction)
        element("link-dialog").close()
        if 0 <= index < len(self._actions):
            self._actions[index]()
