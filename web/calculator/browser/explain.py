"""The score calculator's scoring explained on the city: a line of the explanation pointed at
(or tapped) outlines its district, green if it counts, red if not; a hex pointed at on the city
says why it counts or not."""

from __future__ import annotations

from akropolis.picture import scene
from browser.dom import element, listen, reduced_motion
from calculator.browser.screen import Screen
from common.city_words import city_table_html
from common.i18n import _
from common.scorepad import verdict_line


class Explanation:
    """The explanation of the calculator ``page``'s city shown, and the district picked in it."""

    def __init__(self, page: Screen) -> None:
        self.page = page
        self.focus = None  # the district picked in the explanation, outlined on the city
        tell = page.message
        listen(element("explanation"), "mouseover", self.point_at_verdict, tell)
        listen(element("explanation"), "click", self.point_at_verdict, tell)
        listen(element("explanation"), "mouseleave", self.stop_pointing, tell)
        listen(element("words-box"), "toggle", lambda _event: self.words(), tell)

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
        """The district picked in the explanation, outlined green (counts) or red."""
        verdict = self.verdict_at(self.focus)
        top = self.page.calc.current.city().top(self.focus)
        if verdict is None or top is None:
            return []
        return scene.overlay(view, ghost=[(self.focus, top[0], top[1])], legal=verdict.counts)

    def verdict_at(self, cell):
        page = self.page
        if cell is None or not page.scores:
            return None
        cell = tuple(cell)
        return next((v for v in page.scores[page.calc.active].hexes if v.cell == cell), None)

    def point_at_verdict(self, event) -> None:
        """A line of the explanation under the pointer (or tapped): outline its district."""
        line = event.target.closest("li[data-cell]")
        if not line:
            return
        q, r = (int(part) for part in str(line.getAttribute("data-cell")).split(","))
        if self.focus == (q, r) and event.type != "click":
            return
        self.focus = (q, r)
        self.explain_hex(self.focus)
        city_view = self.page.city_view
        city_view.paint_overlay()
        if event.type == "click":
            behavior = "auto" if reduced_motion() else "smooth"
            city_view.canvas.scrollIntoView({"block": "nearest", "behavior": behavior})

    def stop_pointing(self, _event) -> None:
        if self.focus is not None:
            self.focus = None
            self.page.city_view.paint_overlay()

    def explain_hex(self, spot) -> bool:
        """The verdict of the district under the pointer or finger, as a tooltip line."""
        verdict = self.verdict_at(spot)
        if verdict is None:
            return False
        self.page.hint(verdict_line(verdict), "good" if verdict.counts else "bad")
        return True
