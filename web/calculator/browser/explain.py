"""The score calculator's scoring explained on the city: a line of the explanation pointed at,
tapped or focused outlines its districts (``browser.explain_view``, as on every page); a hex
pointed at on the city says why it counts or not."""

from __future__ import annotations

from browser.dom import element, listen
from browser.explain_view import ExplainView
from calculator.browser.screen import Screen
from common.city_words import city_table_html
from common.i18n import _
from common.scorepad import verdict_line


class Explanation:
    """The explanation of the calculator ``page``'s city shown, and the districts picked in it."""

    def __init__(self, page: Screen) -> None:
        self.page = page
        tell = page.message
        self.lines = ExplainView(
            element("explanation"), page.city_view, lambda: page.calc.current.city(), tell
        )
        listen(element("words-box"), "toggle", lambda _event: self.words(), tell)

    @property
    def focus(self):
        """The districts outlined from the explanation (none: an empty tuple)."""
        return self.lines.cells or None

    def forget(self) -> None:
        """The city changed: nothing outlined any more."""
        self.lines.cells = ()

    def words(self) -> None:
        """The city in words (every visible hex, its level, tile and verdict), while open."""
        page = self.page
        if not element("words-box").open or not page.scores:
            return
        player = page.calc.current
        caption = _("{name}'s city, hex by hex, top row first.", name=player.name)
        score = page.scores[page.calc.active]
        element("city-words").innerHTML = city_table_html(player.city(), score, caption)

    def overlay(self, view) -> list:
        """The districts picked in the explanation, outlined green (they score) or red."""
        return self.lines.overlay(view)

    def verdict_at(self, cell):
        page = self.page
        if cell is None or not page.scores:
            return None
        cell = tuple(cell)
        return next((v for v in page.scores[page.calc.active].hexes if v.cell == cell), None)

    def explain_hex(self, spot) -> bool:
        """The verdict of the district under the pointer or finger, as a tooltip line."""
        verdict = self.verdict_at(spot)
        if verdict is None:
            return False
        self.page.hint(verdict_line(verdict), "good" if verdict.points else "bad")
        return True
