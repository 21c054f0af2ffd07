"""The game page's keys and focus: keys act on what has the focus, and the focus is never lost.

- A key pressed on a control is the control's: Enter on "Rules" opens the rules, it does not
  place the tile in hand.  The tile in hand's Enter and cursor keys act when the city (or
  nothing in particular) has the focus; R, N and the Construction Site's 1–6 work anywhere but
  in a text field.
- In the Construction Site the arrow keys, Home and End move between the tiles (one Tab stop
  for the whole site: a roving focus).
- Esc closes the phone's Menu or Players sheet first, and puts the focus back on its button;
  opening a sheet moves the focus into it.
- When a refresh rebuilds the site, the players' cards or the spots in words, the focus goes
  back to the same tile, card or spot; when what had the focus disappears (the Hint button once
  the hint is shown, a card of a sheet that closed) or a dialog closes onto nothing, the focus
  goes to the next sensible place ("Place here", else the city).
"""

from __future__ import annotations

from pyscript import document

from browser.dom import element
from browser.focus import absent, dialog_open, hidden, nowhere, remember, restore
from browser.hand_controls import CONTROLS, TYPING, focus_tag
from browser.roving import roving_key
from game import panels

#: Containers a refresh rebuilds, and the attribute that names each of their buttons.
REBUILT = (("site", "site"), ("players", "player"), ("spots-words", "move"))
SHEETS = (("menu", "btn-menu"), ("side", "btn-side"))


class Keyboard:
    """Keys and focus for the game page's controller ``page``."""

    def __init__(self, page) -> None:
        self.page = page

    def bind(self) -> None:
        page = self.page
        page.on(document, "keydown", self.key)
        for dialog in document.querySelectorAll("dialog"):
            page.on(dialog, "close", self.dialog_closed)

    # --- Keys --------------------------------------------------------------------------------

    def key(self, event) -> None:
        page = self.page
        if element("new-dialog").open or page.table is None:
            return
        key, target = event.key, event.target
        tag = focus_tag(event)
        if key == "Escape" and self.close_sheet():
            return
        if tag in TYPING or dialog_open():
            return
        modified = event.ctrlKey or event.metaKey or event.altKey
        if key == "Escape":
            page.cancel()
        elif key == "z" and (event.ctrlKey or event.metaKey):
            page.undo()
        elif target.closest and target.closest("#site") and self.rove(event):
            pass
        elif key in panels.SITE_KEYS and not modified:  # Ctrl+1 is the browser's
            index = panels.SITE_KEYS.index(key)  # 1 is the free tile, 2 costs 1 stone…
            if index < len(page.table.game.site):
                page.pick(index, "key")
        else:
            page.controls.key(event, move=tag not in CONTROLS)

    def rove(self, event) -> bool:
        """The arrows, Home and End along the site's tiles; whether the key was one."""
        return roving_key(
            event, list(document.querySelectorAll("#site [data-site]:not([disabled])"))
        )

    # --- The phone's sheets ------------------------------------------------------------------

    def fold(self, panel: str | None) -> None:
        """Open or close the phone's menu or the players sheet (``None``: close both); the
        focus goes into the sheet opened."""
        app = element("app")
        for name, button in SHEETS:
            open_ = panel == name and not app.classList.contains(f"{name}-open")
            app.classList.toggle(f"{name}-open", open_)
            element(button).setAttribute("aria-expanded", "true" if open_ else "false")
            if open_ and not hidden(element(button)):  # a sheet only where there are sheets
                first = element(name).querySelector("button:not([disabled]), select")
                if not absent(first):
                    first.focus()

    def close_sheet(self) -> bool:
        """Esc on a phone: close the open sheet, back to its button; whether one was open."""
        app = element("app")
        for name, button in SHEETS:
            if app.classList.contains(f"{name}-open"):
                self.fold(None)
                element(button).focus()
                return True
        return False

    # --- Focus -------------------------------------------------------------------------------

    def remember(self):
        """What has the focus before a refresh (``browser.focus.remember``)."""
        return remember(REBUILT)

    def restore(self, mark) -> None:
        """After a refresh: the focus back where it was, or the next sensible place."""
        restore(mark, self.fallback)

    def fallback(self, lost=None) -> None:
        """The focus was lost: "Place here" when the Hint that had it is answered, else the
        city."""
        confirm = element("btn-confirm")
        if lost is not None and lost.id == "btn-hint" and not hidden(confirm):
            confirm.focus()
        else:
            self.page.city_view.canvas.focus()

    def dialog_closed(self, _event) -> None:
        """A dialog closed onto nothing (the first New game form, a message): the city."""
        active = document.activeElement
        if dialog_open():
            return
        if nowhere(active) or hidden(active):
            self.page.city_view.canvas.focus()
