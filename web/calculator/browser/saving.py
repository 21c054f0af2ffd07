"""The score calculator's side of saving: the saved cities restored at start (a save that cannot
be read is told once, with Download it, and Discard it while it is in the way), the save status
line after every change, and another tab's changes followed.  The rules are in
``calculator.saves``."""

from __future__ import annotations

from pyscript import window

from browser.dom import download, element, listen, now
from calculator.browser.screen import Screen
from calculator.model import Calculator
from calculator.saves import SLOT, CalculatorSaves, Opened
from common.i18n import _, translate
from common.saves import BrowserStore


class CalculatorSaving:
    """Saving for the calculator ``page`` (its model is ``page.calc``)."""

    def __init__(self, page: Screen) -> None:
        self.page = page
        self.saves = CalculatorSaves(BrowserStore(lambda: window.localStorage), now)
        self._opened: Opened | None = None
        listen(window, "storage", self._storage_changed, page.message)

    def open(self) -> Calculator | None:
        """The saved cities, if any; ``tell_opening`` then says what went wrong."""
        self._opened = self.saves.open()
        return self._opened.calculator

    def tell_opening(self) -> None:
        """Tell the person, once, about a save that could not be restored."""
        opened, self._opened = self._opened, None
        if opened is None or not opened.notice:
            return
        actions = []
        if opened.kept is not None:
            kept = opened.kept
            actions.append((_("Download it"), lambda: self._download_kept(kept)))
        if self.saves.blocked:
            actions.append((_("Discard it"), self._discard_blocked))
        self.page.dialogs.message(translate(opened.notice), actions)

    def save(self) -> None:
        result = self.saves.save(self.page.calc)
        element("save-status").hidden = result.ok
        element("save-status-text").textContent = translate(result.message)

    def _storage_changed(self, event) -> None:
        """Another tab changed the calculator: follow it (this tab saves every change)."""
        if event.key not in (None, SLOT):
            return
        other = self.saves.changed_elsewhere()
        if other is not None:
            page = self.page
            page.calc = other
            page.controls.pending = None
            page.refresh(fit_view=True)
            page.hint(_("Updated from another tab."))

    def _download_kept(self, text: str) -> None:
        stamp = "".join(ch for ch in now() if ch.isalnum())[:15]
        download(text, f"akropolis-calculator-unreadable-{stamp}.json", "application/json")

    def _discard_blocked(self) -> None:
        self.saves.discard_blocked()
        self.save()
