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

try:  # JavaScript's null: None in older Pyodides, its own value in newer ones
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

from browser.dom import element
from browser.hand_controls import CONTROLS, TYPING, focus_tag
from browser.roving import roving_key
from game import panels

#: Containers a refresh rebuilds, and the attribute that names each of their buttons.
REBUILT = (("site", "site"), ("players", "player"), ("spots-words", "move"))
SHEETS = (("menu", "btn-menu"), ("side", "btn-side"))


def absent(value) -> bool:
    """Whether a DOM answer is JavaScript's null (or undefined)."""
    return value is None or value is jsnull


def nowhere(node) -> bool:
    """Whether the focus is on nothing in particular (null or the page's body)."""
    return absent(node) or node.tagName == "BODY"


def hidden(node) -> bool:
    """Whether ``node`` is gone from the page or not displayed (it cannot keep the focus)."""
    return not node.isConnected or (absent(node.offsetParent) and node.tagName != "BODY")


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
        if tag in TYPING or not absent(document.querySelector("dialog[open]")):
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
        """What has the focus before a refresh: ``(container, attribute, value)`` for a button
        the refresh rebuilds, else the element itself (or None: nothing in particular)."""
        active = document.activeElement
        if nowhere(active):
            return None
        for container, name in REBUILT:
            if element(container).contains(active) and active.hasAttribute(f"data-{name}"):
                return (container, name, str(active.getAttribute(f"data-{name}")))
        return active

    def restore(self, mark) -> None:
        """After a refresh: the focus back where it was, or the next sensible place."""
        if mark is None or not absent(document.querySelector("dialog[open]")):
            return
        if isinstance(mark, tuple):
            container, name, value = mark
            node = element(container).querySelector(f'[data-{name}="{value}"]')
            if not absent(node) and not node.disabled and not hidden(node):
                node.focus()
                return
            self.fallback()
        elif hidden(mark):
            self.fallback(mark)

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
        if not absent(document.querySelector("dialog[open]")):
            return
        if nowhere(active) or hidden(active):
            self.page.city_view.canvas.focus()
