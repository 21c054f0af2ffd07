"""The game page's keys and focus: keys act on what has the focus, and the focus is never lost.

- A key pressed on a control is the control's: Enter on "Rules" opens the rules, it does not
  place the tile in hand.  The tile in hand's Enter and cursor keys act when the city (or
  nothing in particular) has the focus; R and N work anywhere but in a text field, and the
  Construction Site's 1–6 only in the game area (not in the players, the log or the city in
  words, where a digit is no move).
- A few letters go places: H asks for a hint, C goes to the city, T to the Construction Site;
  "?" lists every key (``game.keys``), the hexagon's letters as the keyboard prints them.
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

from pyscript import document, window

from browser.dom import element, in_background
from browser.focus import absent, dialog_open, hidden, nowhere, remember, restore
from browser.hand_controls import CONTROLS, TYPING, focus_tag
from browser.roving import roving_key
from common.i18n import current
from game import keys, panels

#: Containers a refresh rebuilds, and the attribute that names each of their buttons.
REBUILT = (("site", "site"), ("players", "player"), ("spots-words", "move"))
SHEETS = (("menu", "btn-menu"), ("side", "btn-side"))


#: Where a digit is not a tile to take: the players and the log, the header, the link's bar.
ELSEWHERE = "#side, header, #link-bar, #tutorial-bar, #save-status, #update-banner"


def in_game_area(target) -> bool:
    """Whether a key was pressed in the game area (the city, the site, its tools, the page)."""
    closest = getattr(target, "closest", None)
    return closest is None or absent(closest(ELSEWHERE))


class Keyboard:
    """Keys and focus for the game page's controller ``page``."""

    def __init__(self, page) -> None:
        self.page = page
        self.layout: dict[str, str] = {}  # what the keyboard prints on the hexagon's keys

    def bind(self) -> None:
        page = self.page
        page.on(document, "keydown", self.key)
        page.on(element("btn-keys"), "click", lambda _event: self.show_keys())
        page.on(element("skip"), "click", self.skip)
        for dialog in document.querySelectorAll("dialog"):
            page.on(dialog, "close", self.dialog_closed)
        in_background(self.read_layout(), lambda _text: None)  # a browser may not say

    async def read_layout(self) -> None:
        keyboard = getattr(window.navigator, "keyboard", None)
        if keyboard is None or not hasattr(keyboard, "getLayoutMap"):
            return
        layout = await keyboard.getLayoutMap()
        for code in keys.HEXAGON:
            printed = layout.get(code)
            if isinstance(printed, str):
                self.layout[code] = printed

    def show_keys(self) -> None:
        """The list of keys, in a dialog ("?")."""
        letters = keys.layout_letters(current().language, self.layout)
        element("keys-list").innerHTML = keys.keys_html(letters)
        dialog = element("keys-dialog")
        if not dialog.open:
            dialog.showModal()

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
            if index < len(page.table.game.site) and in_game_area(target):
                page.pick(index, "key")
        elif page.controls.key(event, move=tag not in CONTROLS):
            pass
        elif not modified and str(key).lower() in keys.SHORTCUTS:
            self.shortcut(keys.SHORTCUTS[str(key).lower()])

    def skip(self, event) -> None:
        """The links that open the page for keys: to the city, the site, the keys."""
        button = event.target.closest("[data-skip]")
        if button:
            self.shortcut(str(button.dataset.skip))

    def shortcut(self, action: str) -> None:
        """H, C, T and "?": a hint, the city, the Construction Site, the keys."""
        page = self.page
        if action == "hint":
            page.city_view.gesture = "key"
            page.opponents.hint()
        elif action == "city":
            page.city_view.canvas.focus()
        elif action == "site":
            stop = document.querySelector("#site [data-site][tabindex='0']")
            if not absent(stop):
                stop.focus()
        else:
            self.show_keys()

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
