"""The score calculator's player controls: the name and stones of the city shown, the variants
shared by every city, the scoring shown or not, and removing a player or starting over (asked
first)."""

from __future__ import annotations

from pyscript import document

from browser.dom import element, listen
from calculator.browser.screen import Screen
from calculator.model import Calculator
from common.i18n import _, pgettext


class PlayerControls:
    """The fields and questions about the calculator ``page``'s players."""

    def __init__(self, page: Screen) -> None:
        self.page = page
        tell = page.message
        listen(element("player-name"), "input", self.name_typed, tell)
        listen(element("player-name"), "change", self.name_changed, tell)
        listen(element("player-stones"), "input", self.stones_typed, tell)
        listen(element("player-stones"), "change", self.stones_changed, tell)
        listen(element("variants"), "change", self.variants_changed, tell)
        listen(element("show-scoring"), "change", self.scoring_toggled, tell)

    def name_typed(self, event) -> None:
        page = self.page
        if page.calc.rename(page.calc.active, str(event.target.value)) is None:
            page.refresh()
            page.save()

    def name_changed(self, event) -> None:
        page = self.page
        why = page.calc.rename(page.calc.active, str(event.target.value))
        if why is not None:
            page.hint(why, "bad")
        event.target.value = page.calc.current.name
        page.refresh()
        page.save()

    def stones_typed(self, event) -> None:
        page = self.page
        if page.calc.set_stones(page.calc.active, str(event.target.value)) is None:
            page.refresh()
            page.save()

    def stones_changed(self, event) -> None:
        page = self.page
        why = page.calc.set_stones(page.calc.active, str(event.target.value))
        if why is not None:
            page.hint(why, "bad")
        event.target.value = str(page.calc.current.stones)
        page.refresh()
        page.save()

    def set_stones(self, value: int) -> None:
        page = self.page
        why = page.calc.set_stones(page.calc.active, value)
        if why is None:
            element("player-stones").value = str(page.calc.current.stones)
            page.changed()
        else:
            page.hint(why, "bad")

    def variants_changed(self, _event) -> None:
        chosen = [box.value for box in document.querySelectorAll("#variants input:checked")]
        self.page.calc.set_variants(chosen)
        self.page.changed()

    def scoring_toggled(self, event) -> None:
        self.page.explain = bool(event.target.checked)
        self.page.city_view.paint()

    def ask_remove(self) -> None:
        page = self.page
        player = page.calc.current
        index = page.calc.active

        def remove() -> None:
            page.changed(page.calc.remove_player(index), "", fit_view=True)

        if player.empty:
            remove()
            return
        page.dialogs.choose(
            _("Remove {name}?", name=player.name),
            _("{name}’s city goes too. Share it first to keep it.", name=player.name),
            [
                (pgettext("a player", "Remove"), remove),
                (pgettext("a player", "Keep"), lambda: None),
            ],
        )

    def ask_reset(self) -> None:
        page = self.page

        def reset() -> None:
            page.calc = Calculator()
            page.controls.pending = None
            page.city_view.forget()
            page.changed(_("A new calculation: two empty cities."), "", fit_view=True)

        page.dialogs.choose(
            _("Start over?"),
            _("Every city, name and stone count is cleared. Share the cities first to keep them."),
            [(_("Start over"), reset), (_("Cancel"), lambda: None)],
        )
