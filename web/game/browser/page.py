"""The game page's controller: binds the page (DOM events, canvas, storage, files) to ``Table``.

Only wiring lives here.  Rules come from the engine, interaction state from ``game.table``,
pictures from ``akropolis.picture.scene`` and ``game.panels``; the tile in hand's keys from
``browser.hand_controls``.  The page's features (saving, files, sharing, play by link, the
computer opponents) sit beside this module, each seeing the page through ``screen.Screen``.
``index.html`` starts it with ``main()``.
"""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import document, window

from akropolis import Game
from akropolis.hexes import unpack
from akropolis.picture import scene
from browser.city_view import CityView, gesture_of
from browser.dialogs import Dialogs
from browser.dom import element, listen, report_bug, start_page, unlisten_all
from browser.hand_controls import HandControls
from common.i18n import _, in_a_row, translate
from game import panels
from game.browser.api import never_raises, publish
from game.browser.daily_view import DailyView
from game.browser.files import GameFiles
from game.browser.keyboard import Keyboard
from game.browser.link_kept import LinkGamesKept
from game.browser.link_opening import LinkOpener
from game.browser.link_session import LinkSession
from game.browser.new_game import NewGame
from game.browser.opponents import Opponents
from game.browser.replay_view import ReplayView
from game.browser.saving import SaveKeeper
from game.browser.scoring_view import ScoringView
from game.browser.share import ShareDialog
from game.browser.text_view import TextView
from game.browser.tutorial_view import TutorialView
from game.browser.worker_client import WorkerClient
from game.newgame import waiting_game
from game.spots import hint_sentence, preview_sentence, score_sentence, step_sentence
from game.table import Table
from game.to_come import to_come, to_come_html


class GamePage:
    """The game page: one Table, which city is viewed, and the controller of its city view."""

    def __init__(self, worker: WorkerClient | None = None) -> None:
        self.table: Table | None = None
        self.waiting = True  # the table is empty until a game is chosen or resumed
        self.viewed = 0
        self.show_scores = True
        self.new_game = NewGame(self)  # the first screen's choice, the final scores
        self.dialogs = Dialogs()  # every notice and question waits its turn there
        self.keeper = SaveKeeper(
            self.dialogs, lambda: self.links.own_game(), lambda g, h: self.links.show_own(g, h)
        )
        self.links = LinkSession(self)  # the game played by link on screen
        self.opener = LinkOpener(self)  # links opened in the address
        self.keeper.extra = LinkGamesKept(self)  # games by link, listed under Kept games
        self.share = ShareDialog(self)
        self.files = GameFiles(self)  # Export and Import
        # The city's name and facts float over the canvas on a phone: never over a spot.
        covering = "#city-title, #city-facts, #btn-back-city, #btn-scoring"
        self.city_view = CityView(element("city"), self, self.message, covering=covering)
        self.controls = HandControls(
            self.city_view, element("btn-confirm"), lambda: self.table, self.place
        )
        self.opponents = Opponents(self, worker)  # computer seats: the AI worker, turns, Hint
        self.scoring = ScoringView(self)  # the scoring explained, on demand and at the end
        self.keyboard = Keyboard(self)  # keys act on what has the focus; focus never lost
        self.words = TextView(self)  # the move field, the spots and the city in words
        self.replays = ReplayView(self)  # a game replayed, in a dialog: never the game itself
        self.keeper.replay = self.replays.open
        self.daily = DailyView(self, self.opponents.worker)  # one solo deal a day
        self.tutorial = TutorialView(self)  # Learn to play: a short game that teaches

    # --- Wiring ------------------------------------------------------------------------------

    def on(self, target, event: str, handler) -> None:
        """Listen for ``event``; a bug in a handler shows a message, never a traceback."""
        listen(target, event, handler, self.message)

    def close(self) -> None:
        """Stop this controller for good: its listeners, its computers' turns and its open
        dialogs (the test API's ``restart`` puts a fresh one in its place)."""
        self.opponents.stop()
        self.keeper.close()
        self.city_view.close()
        unlisten_all()
        for dialog in document.querySelectorAll("dialog[open]"):
            dialog.close()

    def bind(self) -> None:
        self.keyboard.bind()
        self.words.bind()
        self.on(element("site"), "click", self.site_click)
        self.on(element("players"), "click", self.player_click)
        self.on(element("app"), "click", self.action_click)
        self.on(element("import-file"), "change", self.files.import_file)
        self.on(element("show-scores"), "change", self.toggle_scores)
        self.on(element("to-come-box"), "toggle", lambda _event: self.refresh())
        self.scoring.bind()
        self.new_game.bind()
        self.replays.bind()
        self.daily.bind()
        self.tutorial.bind()

    # --- Game lifecycle ----------------------------------------------------------------------

    def show(self, game: Game, hint: str = "", waiting: bool = False) -> None:
        """Put ``game`` on screen (saving is the caller's business).  ``waiting``: no one's
        game (the empty table behind the first screen, the tutorial's): never saved."""
        self.waiting = waiting
        element("btn-cancel-new").hidden = waiting
        self.table = Table(game)
        self.city_view.forget()
        self.viewed = game.turn
        self.controls.pending = None
        self.opponents.reset()
        self.new_game.reopen()
        if hint and game.is_over:
            self.refresh(fit_view=True, first=hint)  # then who won
        else:
            self.refresh(fit_view=True, said=hint or None)

    def start(self, game: Game, hint: str = "") -> None:
        """Play ``game`` instead of the player's own, which is kept aside if unfinished."""
        previous = self.links.own_game()
        self.links.leave(show=False)
        element("new-dialog").close()  # a game is on screen: the first screen's work is done
        self.show(game, hint)
        self.keeper.replace(game, previous)

    def resume_or_new(self, pending: str | None, touched: bool) -> None:
        """Open the save behind the first screen, then act on the player's choice if made (a
        saved game resumes by itself unless the New game form has been touched)."""
        game = self.keeper.open()
        status = element("start-status")
        status.textContent = ""  # no "Loading the game… N%" left on the form,
        status.className = "site-note"  # nor a failure Python has got past
        if not pending:
            window.akropolisNewGame.setBusy(False)
        if game is not None:
            self.show(game, _("Welcome back: your game is where you left it."))
        else:  # no game yet: an empty table behind the form, never saved
            element("resume-box").hidden = True
            self.show(waiting_game(), waiting=True)
        if pending:
            self.new_game.begin(pending)
        elif game is not None and not touched:
            element("new-dialog").close()
        self.keeper.tell_opening()
        self.daily.refresh_form()
        try:  # whatever a link or a game by link's slot holds, the page starts
            self.opener.open_at_start(first_visit=game is None and not pending)
            self.keeper.extra.offer_cleanup()
        except Exception as error:
            report_bug(error, self.message)

    def save(self) -> None:
        if self.waiting:  # nobody's game: nothing to keep
            return
        if not self.links.save():  # a game played by link has its own slot
            self.keeper.save()

    # --- The city view's controller ----------------------------------------------------------

    def cells(self) -> list:
        """The viewed city, the ring around it and, with a tile in hand, its every legal spot."""
        city = self.table.game.cities[self.viewed]
        ring = [unpack(cell) for cell in city.frontier]
        return [h for h, _kind, _level in city.hexes()] + ring + self.required()

    def required(self) -> list:
        """What must stay in view: every spot of the tile in hand (in any rotation) in the
        player's own city, else the viewed city itself."""
        table = self.table
        if self.viewed == table.game.turn and table.held is not None and not table.game.is_over:
            return table.every_anchor()
        return [h for h, _kind, _level in table.game.cities[self.viewed].hexes()]

    def static(self, view) -> list:
        """The viewed city, as its tiles, the last one placed marked; with the scoring
        explained, each district's mark (``scoring_view``)."""
        city = self.table.game.cities[self.viewed]
        hexes = list(city.hexes())
        tiles = {"pieces": city.pieces(), "last": city.last_cells()}
        explained = self.scoring.layer(hexes, view, tiles)
        return explained if explained is not None else scene.city_layer(hexes, view, **tiles)

    def overlay(self, view) -> list:
        """The tile in hand: its ghost where the pointer (or the tap) is, and legal spots; a
        computer's move flying in; the last move of a game by link."""
        table = self.table
        mine = self.viewed == table.game.turn and not table.game.is_over
        marks = self.links.overlay(view, self.viewed) + self.opponents.overlay(view, self.viewed)
        marks += self.scoring.overlay(view) + self.tutorial.overlay(view)
        if not mine or table.held is None:
            return marks
        ghost = table.ghost(self.controls.spot())
        gesture = self.opponents.gesture(self.controls.pending) or self.city_view.gesture
        stepped = table.spot_at(table.hover) if self.controls.stepped else None
        hinted = table.spot_at(self.controls.pending) if gesture == "hint" else None
        if stepped is not None:  # N: the spot in words, its number among them all
            index, count = self.controls.stepped
            self.hint(step_sentence(stepped, index, count), "good")
        elif hinted is not None:  # the Hint: which tile, where, what it would give
            self.hint(hint_sentence(hinted, self.city_view.gesture), "good")
        elif ghost:  # what the tile would give here, the same words for every gesture
            spot = table.preview(ghost)
            if spot is not None:
                self.hint(preview_sentence(spot, gesture), "good")
            else:
                self.hint(ghost.describe(gesture), "bad")
        return marks + scene.overlay(
            view,
            anchors=table.legal_anchors(),
            ghost=table.ghost_hexes(ghost) if ghost else [],
            legal=bool(ghost and ghost.legal),
        )

    def hover(self, spot) -> bool:
        if not self.table or spot == self.table.hover:
            return False
        self.table.hover = spot
        if self.table.held is None or self.viewed != self.table.game.turn:
            self.scoring.say(spot)  # no tile in hand: why the district pointed at scores
        return True

    def holding(self) -> bool:
        return self.controls.holding()

    def paint_city(self, fit_view: bool = False) -> None:
        """Repaint the viewed city; what must be seen (``required``) glides into view."""
        view = self.city_view
        if view.key != self.viewed:
            view.gliding += 1  # another city: a glide of the last one ends
        view.key = self.viewed
        view.paint(fit_view=fit_view or self.viewed not in view.views)
        view.keep_in_view()

    def paint_overlay(self) -> None:
        self.city_view.paint_overlay()

    def refresh(
        self, fit_view: bool = False, said: str | None = None, first: str | None = None
    ) -> None:
        """Redraw everything after the game changed.  The status line, a live region, changes
        once: to whose turn it is (or who won), after ``first`` if given, or to ``said``."""
        game = self.table.game
        focus = self.keyboard.remember()
        element("site").innerHTML = panels.site_html(game, self.table.held)
        element("status").innerHTML = self.opponents.status_html()
        element("players").innerHTML = self.opponents.players_html()
        element("log").innerHTML = panels.log_html(game)
        if element("to-come-box").open:  # counted only while the panel is open
            element("to-come").innerHTML = to_come_html(to_come(game))
        log = element("log")
        log.scrollTop = log.scrollHeight
        name = game.names[self.viewed]
        mine = self.viewed == game.turn and not game.is_over and not self.opponents.busy()
        title = _("Your city — {name}", name=name) if mine else _("{name}'s city", name=name)
        element("city-title").textContent = title
        element("city").setAttribute("aria-label", title)  # what a screen reader announces
        element("city-facts").textContent = panels.city_facts(game, self.viewed, self.show_scores)
        element("btn-undo").disabled = self.opponents.undo_count() == 0
        holding = self.table.held is not None
        for name_ in ("btn-rotate", "btn-rotate-left", "btn-cancel"):
            element(name_).disabled = not holding
        element("btn-confirm").hidden = self.controls.pending is None
        element("btn-scores").hidden = not game.is_over
        element("btn-replay").disabled = game.ply == 0
        element("btn-back-city").hidden = not self.glancing()
        self.links.refresh()
        self.opponents.refresh()  # Hint and Pause; a computer's turn starts if one is due
        self.scoring.refresh()
        self.tutorial.refresh()  # its bar; Theano's reply if due
        self.paint_city(fit_view=fit_view)
        self.words.refresh()
        self.keyboard.restore(focus)
        line = None  # the status line's news: whose turn, who won
        if game.is_over:
            element("scorepad").innerHTML = panels.scorepad_html(game)
            line = self.links.turn_hint() or panels.game_over_line(game)
            self.new_game.ended()
        elif not holding:
            default = _(
                "{name}: pick a tile from the Construction Site.", name=game.names[game.turn]
            )
            line = self.opponents.turn_hint() or self.links.turn_hint() or default
        if said is not None:  # one change of the live region: said once
            self.hint(said, "good")
        elif first is not None:
            self.hint(in_a_row([first, line]) if line else first, "good")
        elif line is not None:
            self.hint(line)

    def glancing(self) -> bool:
        """Whether the player to move, a person at this screen, is looking at another city
        (then "Back to your city" shows)."""
        game = self.table.game
        if self.waiting or game.is_over or self.viewed == game.turn or self.opponents.busy():
            return False
        session = self.links.session  # by link: only when it is this device's turn
        return session is None or session.seat == game.turn

    def back_to_city(self) -> None:
        self.viewed = self.table.game.turn
        self.opponents.looked_at(self.viewed)
        self.refresh()
        self.city_view.canvas.focus()

    def hint(self, text: str, tone: str = "") -> None:
        """The status line, a polite live region: what changed is said once (a refresh that
        says the same again is not repeated to a screen reader)."""
        hint = element("hint")
        text = translate(text)  # an engine sentence in the page's language
        if hint.textContent != text:
            hint.textContent = text
        hint.className = tone

    def message(self, text: str) -> None:
        self.dialogs.message(translate(text))

    # --- Events ------------------------------------------------------------------------------

    def tap(self, spot, touch: bool) -> None:
        table = self.table
        game = table.game
        explains = table.held is None or self.viewed != game.turn or game.is_over
        if explains and self.scoring.say(spot):  # why the district tapped scores
            return
        if not self.words.may_play():  # the same check as a move typed in words
            return
        if self.viewed != game.turn:
            self.hint(
                _(
                    "This is {owner}'s city; it is {player}'s turn.",
                    owner=game.names[self.viewed],
                    player=game.names[game.turn],
                ),
                "bad",
            )
            return
        if table.held is None:
            self.hint(_("Pick a tile from the Construction Site first."), "bad")
            return
        self.controls.tap(spot, touch)

    def place(self, spot) -> None:
        game = self.table.game
        player, before = game.turn, game.score(game.turn).total
        self.placed(*self.table.place(spot), player, before)

    def placed(self, placed: bool, text: str, player: int, before: int) -> None:
        """After the tile in hand was placed (or refused): the next turn, and what happened
        with the player's new score."""
        if placed:
            game = self.table.game
            total = game.score(player).total
            text = in_a_row([text, score_sentence(game.names[player], total, total - before)])
            self.controls.pending = None
            self.viewed = self.links.city_after_move(game.turn)
            # The next player's city, fitted as their turn starts; what was done, then whose
            # turn it is, said at once.
            self.refresh(fit_view=True, first=text)
            self.save()
        else:
            self.hint(text, "bad")

    def rotate(self, steps: int) -> None:
        self.controls.rotate(steps)

    def cancel(self) -> None:
        self.table.drop()
        self.controls.pending = None
        self.refresh()

    def undo(self) -> None:
        if not self.links.may_undo():
            return
        text = self.opponents.undo()  # with computers: back to a person's turn
        self.controls.pending = None
        self.viewed = self.table.game.turn
        self.new_game.reopen()
        self.refresh()
        self.save()
        self.hint(text)

    def site_click(self, event) -> None:
        button = event.target.closest("[data-site]")
        if button:
            self.pick(int(button.dataset.site), gesture_of(event))

    def pick(self, index: int, gesture: str) -> None:
        """Take the site's tile ``index`` in hand (again: put it back), by click, tap or key."""
        if self.table.game.is_over or not self.links.may_move():
            return
        if self.opponents.refuse():
            return
        self.opponents.picked()
        if self.table.held == index:
            self.cancel()
            return
        self.viewed = self.table.game.turn
        self.controls.pending = None
        self.city_view.gesture = gesture
        text = self.table.pick(index, gesture)
        self.refresh()
        self.hint(text, "" if self.table.held == index else "bad")
        self.city_view.canvas.focus()

    def player_click(self, event) -> None:
        card = event.target.closest("[data-player]")
        if card:
            self.fold(None)  # on a phone the sheet closes to show that city
            self.viewed = int(card.dataset.player)
            self.opponents.looked_at(self.viewed)
            self.refresh(fit_view=self.viewed not in self.city_view.views)

    def action_click(self, event) -> None:
        button = event.target.closest("[data-action]")
        if not button:
            return
        action = button.dataset.action
        self.city_view.gesture = gesture_of(event)  # the words of what it says next
        if action in ("menu", "side"):
            self.fold(action)
            return
        self.fold(None)  # any other action closes the phone's menu and players sheet
        if action == "send":
            self.links.send(button)
            return
        actions = {
            "new": self.new_game.open,
            "undo": self.undo,
            "export": self.files.export,
            "import": lambda: element("import-file").click(),
            "rules": lambda: element("rules-dialog").showModal(),
            "rotate": lambda: self.rotate(1),
            "rotate-left": lambda: self.rotate(-1),
            "cancel": self.cancel,
            "confirm": self.controls.place_pending,
            "hint": self.opponents.hint,
            "pause": self.opponents.toggle_pause,
            "scores": self.new_game.show_final_scores,
            "fit": lambda: self.paint_city(fit_view=True),
            "scoring": self.scoring.toggle,
            "kept": self.keeper.open_kept,
            "share": self.share.open,
            "replay": lambda: self.replays.open(self.table.game),
            "back": self.links.leave,
            "back-city": self.back_to_city,
        }
        if action in actions:
            actions[action]()

    def fold(self, panel: str | None) -> None:
        self.keyboard.fold(panel)

    def toggle_scores(self, event) -> None:
        self.show_scores = bool(event.target.checked)
        self.refresh()

    def open_new_dialog(self) -> None:
        self.new_game.open()


def start(worker: WorkerClient | None = None) -> GamePage:
    """A controller for the page, bound and showing the game to resume or the first screen's
    choice (the New game form on a first visit)."""
    app = GamePage(worker)
    app.bind()
    pending = getattr(window, "akropolisPending", None)
    touched = bool(getattr(window, "akropolisTouched", False))
    begin = app.new_game.begin
    window.akropolisBegin = create_proxy(lambda text: never_raises(begin, text, app))
    app.resume_or_new(pending if isinstance(pending, str) else None, touched)
    publish(app, restart)
    return app


def restart(app: GamePage) -> bool:
    """For tests: replace ``app`` by a fresh controller, as a new visit with the page's storage
    would get, without booting Python again (the AI worker is kept: it holds no game)."""
    worker = app.opponents.worker
    app.close()
    window.akropolisPending = None
    window.akropolisTouched = False
    window.akropolisNewGame.reset()
    start(worker)
    return True


def main() -> None:
    start_page(start, _("The game could not start."))
