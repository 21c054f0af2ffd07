"""A game's beginning and end on the game page: the first screen's choice (a quick game, More
options, Resume) made into a game, and the final scores' dialog.

The first screen's HTML works in JavaScript before Python has loaded (``start.js``); its choice
comes here as JSON, is checked by ``game.newgame`` and started (or played by link).  Once a game
is over, its final scores open by themselves; closed ("See the cities"), they stay closed until
"Final scores", so that the cities can be looked at.
"""

from __future__ import annotations

import json

from pyscript import window

from browser.dom import element, listen
from common.i18n import explain
from game.browser.screen import Screen
from game.newgame import NewGameForm, SetupError


class NewGame:
    """The New game form's choices and the end dialog of the game page ``app``."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.form = NewGameForm()
        self.end_closed = False  # the final scores were closed, to look at the cities

    def bind(self) -> None:
        tell = self.app.message
        listen(element("btn-again"), "click", self.play_again, tell)
        listen(element("btn-close-end"), "click", self.close_end, tell)
        listen(element("end-dialog"), "cancel", self.close_end, tell)  # Esc

    def begin(self, choice_text: str) -> None:
        """The first screen's choice: ``{"action": "resume"}`` or ``{"action": "new", ...}``."""
        app = self.app
        choice = json.loads(choice_text)
        window.akropolisNewGame.setBusy(False)
        if choice.get("action") == "resume":
            element("new-dialog").close()
            return
        if choice.get("action") == "learn":  # Learn to play (its own game, never saved)
            app.tutorial.start()
            return
        values = choice.get("values", {})
        if values.get("daily"):  # today's deal, for the name typed
            element("new-dialog").close()
            names = values.get("names") or [""]
            app.daily.play(names[0] if isinstance(names[0], str) else "")
            return
        try:
            self.form.read(values)
            game = self.form.create()
        except SetupError as error:
            element("new-error").textContent = explain(error)
            element("new-error").hidden = False
            if not element("new-dialog").open:
                element("new-dialog").showModal()
            return
        element("new-dialog").close()
        element("resume-box").hidden = True
        if choice.get("values", {}).get("by_link"):
            app.links.start_link_game(game)
        else:
            app.start(game)

    def open(self) -> None:
        """The New game form (the page's own HTML, which keeps the last values)."""
        element("new-error").hidden = True
        element("resume-box").hidden = True
        window.akropolisNewGame.sync()  # Play by link may have been ticked (Share)
        self.app.daily.refresh_form()
        element("new-dialog").showModal()
        window.akropolisNewGame.focusFirst()

    # --- The end of a game -------------------------------------------------------------------

    def ended(self) -> None:
        """The game on screen is over: its final scores, unless the player closed them."""
        self.app.daily.ended(self.app.table.game)  # a day's deal: its result is kept
        if not element("end-dialog").open and not self.end_closed:
            self.app.scoring.at_the_end()
            element("end-dialog").showModal()

    def reopen(self) -> None:
        """The final scores may open again (a new game, an Undo, "Final scores")."""
        self.end_closed = False
        element("end-dialog").close()

    def close_end(self, _event=None) -> None:
        """The final scores stay closed (the cities can be looked at) until "Final scores"."""
        self.end_closed = True
        element("end-dialog").close()

    def play_again(self, _event) -> None:
        self.close_end()
        self.open()

    def show_final_scores(self) -> None:
        self.end_closed = False
        self.app.refresh()  # the final scores again
