"""Learn to play on the game page: the tutorial's game on the board, its bar of instructions
above it, Theano's replies, leaving and resuming.

The lessons and their checks are ``game.tutorial``'s: its ``Tutorial`` guards the table, so a
click, a tap, a key or a move typed in words that the step does not ask for is refused with the
reason and changes nothing.  The tutorial's game is shown as the empty table is (``waiting``):
never saved, so the player's own game stays as it was in its save, and comes back on screen
when the tutorial is left.  The step reached is kept on the device: Learn to play resumes there.
"""

from __future__ import annotations

import asyncio
import contextlib

from pyscript import window

from akropolis import Game
from akropolis.picture import scene
from browser.dom import element, in_background, listen, reduced_motion
from common.i18n import _
from common.saves import BrowserStore, StoreError
from game.browser.screen import Screen
from game.newgame import default_name, waiting_game
from game.tutorial import NEXT, STEPS, THEANO, Tutorial, say

#: Where the step reached is kept.
STEP_KEY = "akropolis.tutorial.v1"
#: How long Theano's reply waits, so that the learner sees their own move land first (ms).
REPLY_DELAY_MS = 700


class TutorialView:
    """The tutorial on the game page ``app``, while it is played (``tutorial``)."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.tutorial: Tutorial | None = None
        self.home: Game | None = None  # the player's own game, back on screen when it ends
        self.store = BrowserStore(lambda: window.localStorage)
        self.replying = False

    @property
    def active(self) -> bool:
        return self.tutorial is not None

    def bind(self) -> None:
        listen(element("tutorial-bar"), "click", self.bar_click, self.app.message)

    # --- Starting and leaving ----------------------------------------------------------------

    def start(self) -> None:
        """Learn to play: from the step the learner left it at, else from the start."""
        step = 0
        with contextlib.suppress(StoreError, ValueError, TypeError):
            step = int(self.store.get(STEP_KEY) or 0)
        self.begin(step)

    def begin(self, step: int) -> None:
        if not self.active:
            self.home = self.app.links.own_game()  # before a game by link is left
        self.app.links.leave(show=False)
        for name in ("new-dialog", "rules-dialog", "end-dialog"):
            element(name).close()
        tutorial = Tutorial(step)
        typed = str(element("your-name").value).strip()
        name = typed if typed and typed != THEANO else default_name(1)
        self.tutorial = None  # the table changes: no step is told meanwhile
        self.app.show(tutorial.position(name), waiting=True)  # never saved
        self.tutorial = tutorial
        self.app.table.guard = tutorial
        self.explain()
        self.keep()
        self.app.refresh(fit_view=True)

    def leave(self, finished: bool = False) -> None:
        """Back to the player's own game (or the first screen); the step reached is kept,
        unless the tutorial was finished."""
        if finished:
            with contextlib.suppress(StoreError):
                self.store.remove(STEP_KEY)
        home, self.home, self.tutorial = self.home, None, None
        self.app.scoring.on = False
        if home is not None:
            self.app.show(home, _("Back to your game."))
        else:
            self.app.show(waiting_game(), waiting=True)
        if finished or home is None:
            self.app.open_new_dialog()

    def explain(self) -> None:
        """From the step about plazas on, the city shows why each district scores, and the
        scoring explained is open beside it."""
        shown = self.tutorial.current.scoring
        self.app.scoring.on = shown
        if shown:
            element("scoring-box").open = True

    def keep(self) -> None:
        """Keep the step reached (a storage that refuses only loses the resuming)."""
        with contextlib.suppress(StoreError):
            self.store.set(STEP_KEY, str(self.tutorial.step))

    # --- The bar -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """After the page's refresh: the bar says the step; Theano's reply is played if due.
        Another game put on the board (a new game, an import) ends the tutorial."""
        bar = element("tutorial-bar")
        tutorial = self.tutorial
        if tutorial is not None and self.app.table.guard is not tutorial:
            self.tutorial, self.home = None, None
            tutorial = None
        bar.hidden = tutorial is None
        if tutorial is None:
            return
        step = tutorial.current
        text = say(step.text)
        if tutorial.said and not tutorial.reply:
            text = f"{say(tutorial.said)} {text}"
        element("tutorial-count").textContent = _(
            "Step {step} of {count}", step=tutorial.step + 1, count=len(STEPS)
        )
        said = element("tutorial-text")
        if said.textContent != text:
            said.textContent = text
        element("btn-tutorial-next").hidden = step.action != NEXT or tutorial.last
        element("btn-tutorial-play").hidden = not tutorial.last
        if tutorial.reply is not None and not self.replying:
            self.replying = True
            in_background(self.reply(), self.app.message)

    async def reply(self) -> None:
        """Theano's move, a moment after the learner's has landed."""
        try:
            if not reduced_motion():
                await asyncio.sleep(REPLY_DELAY_MS / 1000)
            tutorial = self.tutorial
            if tutorial is None or tutorial.reply is None:
                return
            move, tutorial.reply = tutorial.reply, None
            self.app.table.play(move)
            self.app.viewed = 0  # the learner's city stays in view
            self.explain()
            self.keep()
            said = _("{name} placed tile {tile} in her city.", name=THEANO, tile=move.tile)
            self.app.refresh(said=said)
        finally:
            self.replying = False

    def overlay(self, view) -> list:
        """Where the tile in hand must lie, as a picture on the city."""
        tutorial = self.tutorial
        table = self.app.table
        if tutorial is None or table.held is None or self.app.viewed != 0:
            return []
        return scene.overlay(view, ghost=tutorial.target(table.game), legal=True)

    def bar_click(self, event) -> None:
        button = event.target.closest("[data-tutorial]")
        if not button or self.tutorial is None:
            return
        action = button.dataset.tutorial
        if action == "next" and self.tutorial.next():
            self.explain()
            self.keep()
            self.app.refresh()
            element("tutorial-text").focus()
        elif action == "again":
            self.begin(0)
        elif action == "leave":
            self.leave()
        elif action == "play":
            self.leave(finished=True)
