"""The scoring explained in the game page, for any city on screen: on demand ("Scoring") and
by itself once the game is over.

The city shows each district's mark (✓ ✗ ×2 ☆, ``common.explain``) with their key under it; the
side panel lists why, kind by kind, each line outlining its districts on the city when pointed
at, tapped or focused (``browser.explain_view``); a district pointed at or tapped on the city
says its own reason in the status line.  The calculator and the embed explain cities with the
same module and words.
"""

from __future__ import annotations

from akropolis.picture import scene
from browser.dom import element, listen
from browser.explain_view import ExplainView
from common import explain
from common.i18n import _, translate
from common.scorepad import verdict_line
from game.browser.screen import Screen


class ScoringView:
    """Whether the city on the game page ``app`` is explained, and the explanation beside it."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.on = False  # asked for ("Scoring"); the end of the game explains by itself
        self.lines = ExplainView(element("explanation"), app.city_view, self.city, app.message)

    def bind(self) -> None:
        listen(element("scoring-box"), "toggle", lambda _event: self.refresh(), self.app.message)

    def city(self):
        app = self.app
        return app.table.game.cities[app.viewed] if app.table else None

    def shown(self) -> bool:
        """Whether the city shows why each district scores: on demand, and once it is over."""
        return self.on or self.app.table.game.is_over

    def layer(self, hexes: list, view, tiles: dict) -> list | None:
        """The viewed city with its districts' marks, while they are shown (else None)."""
        if not self.shown():
            return None
        app = self.app
        verdicts = app.table.game.score(app.viewed).hexes
        return scene.explained_city(hexes, verdicts, view, say=translate, **tiles)

    def overlay(self, view) -> list:
        """The districts of the line of the explanation pointed at, outlined."""
        return self.lines.overlay(view)

    def refresh(self) -> None:
        """The marks' key under the city and the explanation beside it, while shown."""
        app = self.app
        game = app.table.game
        shown = self.shown()
        marks = element("marks")
        if shown and not marks.hasChildNodes():
            marks.innerHTML = explain.legend_html()
        marks.hidden = not shown
        button = element("btn-scoring")
        button.setAttribute("aria-pressed", "true" if shown else "false")
        button.disabled = game.is_over  # the end explains every city by itself
        if not (shown or element("scoring-box").open):
            return
        name = game.names[app.viewed]
        element("scoring-city").textContent = _("Why: {name}’s city", name=name)
        architect = game.is_architect(app.viewed)
        score = game.score(app.viewed)
        element("explanation").innerHTML = explain.explanation_html(score, architect=architect)

    def toggle(self) -> None:
        self.on = not self.on
        if self.on:
            element("scoring-box").open = True
        self.app.refresh()

    def at_the_end(self) -> None:
        """The game is over: every city explained, the explanation open."""
        element("scoring-box").open = True

    def say(self, spot) -> bool:
        """Say why the district at ``spot`` of the viewed city scores or not (while the scoring
        is explained); whether there was one."""
        if not self.shown() or spot is None:
            return False
        app = self.app
        cell = tuple(spot)
        verdict = next((v for v in app.table.game.score(app.viewed).hexes if v.cell == cell), None)
        if verdict is None:
            return False
        app.hint(
            _("{verdict}.", verdict=verdict_line(verdict)), "good" if verdict.points else "bad"
        )
        return True
