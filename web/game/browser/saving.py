"""The page's side of saving: the save status line, other tabs, and the Kept games dialog.

The rules of saving are in ``common.saves``; this module shows their outcomes.  The page
gives it two functions: ``current()`` returns the game on screen, ``show(game, hint)`` puts
another game on screen (without saving it); and, as ``extra``, the section of Kept games that
lists the games played by link (``link_kept``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from pyodide.ffi import create_proxy
from pyscript import document, window

from akropolis import Game
from browser.dialogs import Dialogs
from browser.dom import download, element, listen, local_time, now
from common.i18n import _, translate
from common.saves import (
    KEPT_PREFIX,
    SLOT,
    BrowserStore,
    Conflict,
    Kept,
    Saved,
    Saves,
    describe,
    describe_last_move,
    read_game,
)
from game import panels
from game.link_games import LINK_PREFIX


def _local_storage():
    return window.localStorage


class KeptSection(Protocol):
    """Another section of the Kept games dialog: how many it lists, and filling it."""

    def count(self) -> int: ...
    def fill(self) -> None: ...


class SaveKeeper:
    """Saves after every change, says honestly when it cannot, and never overwrites silently."""

    def __init__(
        self,
        dialogs: Dialogs,
        current: Callable[[], Game | None],
        show: Callable[[Game, str], None],
    ) -> None:
        self.dialogs = dialogs
        self.current = current
        self.show = show
        self.saves = Saves(BrowserStore(_local_storage), now)
        self.unsaved = False
        self.extra: KeptSection | None = None
        self.replay: Callable[[Game], None] | None = None  # a kept game's replay
        self._opening = None
        self._leave_guard = create_proxy(self._before_unload)
        tell = dialogs.message
        listen(window, "storage", self._storage_event, tell)
        listen(document, "visibilitychange", self._visible_again, tell)
        listen(element("kept-list"), "click", self._kept_click, tell)
        listen(element("btn-kept-new"), "click", lambda _event: self.open_kept(), tell)
        listen(element("save-status"), "click", self._status_click, tell)

    # --- Start -------------------------------------------------------------------------------

    def open(self) -> Game | None:
        """The saved game to resume, if any; ``tell_opening`` then says what went wrong."""
        self._opening = self.saves.open()
        self.update_kept_button()
        return self._opening.game

    def tell_opening(self) -> None:
        """Tell the player, once, about a save that could not be restored or storage trouble."""
        opening, self._opening = self._opening, None
        if opening is None or not opening.notice:
            return
        kept = opening.kept or next(iter(self.saves.kept()), None)
        actions = [(_("Download it"), lambda: self._download(kept))] if kept else []
        self.dialogs.message(translate(opening.notice), actions)

    # --- Saving ------------------------------------------------------------------------------

    def save(self) -> None:
        """Save the game on screen (after every move, undo, new game)."""
        game = self.current()
        if game is not None:
            self._outcome(self.saves.save(game))

    def replace(self, game: Game, previous: Game | None) -> None:
        """Save a game that replaces ``previous`` (kept aside first if it was unfinished)."""
        self._outcome(self.saves.replace(game, previous))
        self.update_kept_button()

    def _outcome(self, result: Saved | Conflict) -> None:
        if isinstance(result, Conflict):
            self._ask(result)
            return
        self._status(result)

    def _status(self, result: Saved) -> None:
        status = element("save-status")
        if result.ok:
            if self.unsaved:
                self.unsaved = False
                window.removeEventListener("beforeunload", self._leave_guard)
            status.hidden = True
            return
        if not self.unsaved:
            self.unsaved = True
            window.addEventListener("beforeunload", self._leave_guard)
        element("save-status-text").textContent = translate(result.message)
        status.hidden = False

    def close(self) -> None:
        """The page's controller is closing: no "unsaved changes" question is left behind."""
        if self.unsaved:
            window.removeEventListener("beforeunload", self._leave_guard)

    def _before_unload(self, event) -> None:
        """While a change is unsaved, the browser asks before the page is left or reloaded."""
        event.preventDefault()
        event.returnValue = ""

    def _status_click(self, event) -> None:
        action = event.target.closest("[data-save-action]")
        if not action:
            return
        if action.dataset.saveAction == "retry":
            self.save()
        elif action.dataset.saveAction == "kept":
            self.open_kept()

    # --- Other tabs --------------------------------------------------------------------------

    def _storage_event(self, event) -> None:
        key = event.key
        if key is None or str(key).startswith((KEPT_PREFIX, LINK_PREFIX)):
            self.update_kept_button()
        if key in (SLOT, None):
            self.check_other_tabs()

    def _visible_again(self, _event) -> None:
        if document.visibilityState == "visible":
            self.check_other_tabs()

    def check_other_tabs(self) -> None:
        """Another tab saved: follow it if this tab has nothing unsaved, else ask."""
        other = self.saves.changed_elsewhere()
        if other is None:
            return
        mine = self.current()
        conflict = self.saves.conflict(other)
        if conflict.game is not None and (mine is None or self.saves.in_sync(mine)):
            self.saves.known = other
            self.show(conflict.game, _("This game was changed in another tab; here it is now."))
            return
        self._ask(conflict)

    def _ask(self, conflict: Conflict) -> None:
        mine = self.current()
        if mine is None:
            here = _("This tab: no game.")
        else:
            here = _("This tab: {game}.", game=translate(describe_last_move(mine)))
        if conflict.game is None:
            there = _(
                "The other tab: a save this version cannot read ({reason}).",
                reason=translate(conflict.reason),
            )
        else:
            there = _("The other tab: {game}.", game=translate(describe_last_move(conflict.game)))
        choose = _("Choose the game to keep playing; the other one is kept under Kept games.")
        body = "\n".join((here, there, choose))
        actions = [(_("Keep this tab's game"), lambda: self._keep_mine(conflict))]
        if conflict.game is not None:
            other = _("Switch to the other tab's game")
            actions.append((other, lambda: self._take_other(conflict)))
        self.dialogs.choose(_("This game was also played in another tab"), body, actions)

    def _keep_mine(self, conflict: Conflict) -> None:
        mine = self.current()
        if mine is not None:
            self._outcome(self.saves.overwrite(mine, conflict.text))
        self.update_kept_button()

    def _take_other(self, conflict: Conflict) -> None:
        mine = self.current()
        result = self.saves.adopt(mine, conflict.text) if mine is not None else Saved("ok")
        if not result.ok:
            self._status(result)
            return
        self.show(conflict.game, _("Switched to the other tab's game; yours is under Kept games."))
        self._status(result)
        self.update_kept_button()

    # --- Kept games --------------------------------------------------------------------------

    def update_kept_button(self) -> None:
        count = len(self.saves.kept()) + (self.extra.count() if self.extra else 0)
        for name in ("btn-kept", "btn-kept-new"):  # the header's, and the first screen's
            button = element(name)
            button.hidden = count == 0
            button.textContent = _("Kept games ({count})", count=count)

    def open_kept(self) -> None:
        entries = self.saves.kept()
        element("kept-list").innerHTML = panels.kept_html(
            [(kept, local_time(kept.when)) for kept in entries]
        )
        if self.extra is not None:
            self.extra.fill()
        dialog = element("kept-dialog")
        if not dialog.open:
            dialog.showModal()

    def _kept_click(self, event) -> None:
        button = event.target.closest("[data-kept-action]")
        if not button:
            return
        key = button.dataset.key
        kept = next((k for k in self.saves.kept() if k.key == key), None)
        if kept is None:
            return
        action = button.dataset.keptAction
        if action == "download":
            self._download(kept)
        elif action == "delete":
            self.saves.forget(kept.key)
            self.update_kept_button()
            self.open_kept()
            if kept.key == SLOT:
                self.save()
        elif action == "resume":
            self._resume(kept)
        elif action == "replay" and self.replay is not None:
            self.replay(read_game(kept.text))  # over the list, which is there when it closes

    def _resume(self, kept: Kept) -> None:
        game = read_game(kept.text)
        previous = self.current()
        element("kept-dialog").close()
        self.saves.forget(kept.key)
        self.show(game, _("Resumed the kept game: {game}.", game=translate(describe(game))))
        self.replace(game, previous)

    def _download(self, kept: Kept | None) -> None:
        if kept is None:
            return
        stamp = "".join(ch for ch in kept.when if ch.isalnum())[:15] or "save"
        download(kept.text, f"akropolis-kept-{stamp}.json", "application/json")
