"""The score calculator's links and Share dialog: a city opened from the address (a bad link
changes nothing and says why), and the Share dialog (the link, the embed snippet, the SVG)."""

from __future__ import annotations

from pyscript import window

from akropolis.picture import svg
from akropolis.records import RecordError
from browser.dom import data_of, download, element, listen
from calculator import panels
from calculator.browser.screen import Screen
from calculator.model import HEXES_MODE
from common.i18n import _, explain, translate


class CalculatorShare:
    """Links and sharing for the calculator ``page`` (its model is ``page.calc``)."""

    def __init__(self, page: Screen) -> None:
        self.page = page
        listen(element("share-dialog"), "click", self.click, page.message)
        listen(window, "hashchange", lambda _e: self.open_link(), page.message)

    def open_link(self) -> bool:
        """Open the city in the page's fragment, if any; a bad one changes nothing."""
        page = self.page
        text = str(window.location.hash or "")[1:]
        if not text:
            return False
        try:
            said = page.calc.open_shared(text)
        except RecordError as error:
            page.message(
                _(
                    "This link cannot be opened: {reason}. Your cities are as they were.",
                    reason=explain(error),
                )
            )
            return False
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
        page.controls.pending = None
        page.refresh(fit_view=True)
        page.save()
        page.hint(said, "good")
        return True

    def open(self) -> None:
        calc = self.page.calc
        player = calc.current
        text = calc.share_text()
        href = str(window.location.href)
        element("share-link").value = panels.page_link(href, text)
        element("share-embed").value = panels.embed_snippet(href, text, player.name)
        total = self.page.scores[calc.active].total
        element("share-note").textContent = panels.share_note(
            player.name, player.mode == HEXES_MODE, player.stones, calc.variants, total
        )
        element("share-status").textContent = ""
        element("share-dialog").showModal()

    async def click(self, event) -> None:
        button = event.target.closest("[data-copy], [data-action]")
        if not button:
            return
        data = data_of(button)
        if data.get("action") == "svg":
            self.download_svg()
            return
        field = element(data["copy"])
        status = element("share-status")
        try:
            await window.navigator.clipboard.writeText(field.value)
            status.textContent = _("Copied.")
        except Exception:
            field.focus()
            field.select()
            status.textContent = _("Selected: press Ctrl+C (or ⌘C) to copy it.")

    def download_svg(self) -> None:
        calc = self.page.calc
        player = calc.current
        picture = svg.city(
            player.city(),
            explain=True,
            variants=calc.variants,
            stones=player.stones,
            say=translate,
        )
        slug = "".join(ch if ch.isalnum() else "-" for ch in player.name.lower()).strip("-")
        download(picture, f"akropolis-{slug or 'city'}.svg", "image/svg+xml")
        element("share-status").textContent = _("The picture is downloading.")
