"""Your own games, replayed on the game page: every move, every player's city at that move, the
score chart, the scoring explained at any step, and a summary of the game.

It is the embed's replay (``common.replay``, the controls of ``browser.replay_bar``, the panels
of ``common.replay_panels``) in a dialog of the game page, stepping through a fresh replay of
the game: nothing it does touches the game on screen or its save.  Offered at the end of a game
("Replay"), from Kept games, and beside the Log for the game on screen (one opened from a file
or a link too).  Positions are the engine's, so a game by link shows only what its players have
seen.
"""

from __future__ import annotations

from akropolis import Game
from akropolis.hexes import unpack
from akropolis.picture import scene
from browser.city_view import CityView
from browser.dom import element, listen
from browser.explain_view import ExplainView
from browser.replay_bar import ReplayBar
from common import explain, replay_panels
from common.game_summary import summarize, summary_html
from common.i18n import _, translate
from common.replay import Replay
from common.saves import describe
from common.scorepad import verdict_line
from game.browser.screen import Screen


class ReplayView:
    """The replay dialog of the game page ``app``: the game replayed and whose city is shown."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.replay: Replay | None = None
        self.viewed = 0
        self.view = CityView(element("replay-city"), self, app.message, margin=1.3)
        self.lines = ExplainView(element("replay-explanation"), self.view, self.city, app.message)
        self.bar: ReplayBar | None = None

    def bind(self) -> None:
        tell = self.app.message
        listen(element("replay-dialog"), "keydown", self.key, tell)
        listen(element("replay-players"), "click", self.player_click, tell)
        listen(element("replay-summary"), "click", self.gain_click, tell)
        listen(element("btn-replay-end"), "click", lambda _event: self.from_the_end(), tell)

    def from_the_end(self) -> None:
        """ "Replay" on the final scores: the game just finished."""
        element("end-dialog").close()
        self.open(self.app.table.game)

    # --- Opening -----------------------------------------------------------------------------

    def open(self, game: Game) -> None:
        """Replay ``game`` from its last move (the replay plays its own ``fresh`` game: the game
        itself is never changed)."""
        if game.ply == 0:
            self.app.message(_("This game has no move to replay yet."))
            return
        replay = self.replay = Replay(game)
        if self.bar is None:
            self.bar = ReplayBar(element("replay-bar"), replay, self.seek, self.app.message)
            self.bar.bind()
        else:
            self.bar.load(replay)
        self.viewed = 0
        self.view.forget()
        summary = summarize(game, replay.history)
        element("replay-game").textContent = translate(describe(game))
        element("replay-summary").innerHTML = summary_html(game, summary)
        dialog = element("replay-dialog")
        if not dialog.open:
            dialog.showModal()
        self.refresh(fit_view=True)
        element("replay-bar").querySelector("[data-step='first']").focus()

    # --- The city view's controller ----------------------------------------------------------

    def city(self):
        return self.replay.game.cities[self.viewed] if self.replay else None

    def cells(self) -> list:
        city = self.city()
        if city is None:
            return [(0, 0)]
        return [h for h, _kind, _level in city.hexes()] + [unpack(c) for c in city.frontier]

    def static(self, view) -> list:
        city = self.city()
        if city is None:
            return []
        hexes = list(city.hexes())
        tiles = {"pieces": city.pieces(), "last": city.last_cells()}
        verdicts = self.replay.game.score(self.viewed).hexes
        return scene.explained_city(hexes, verdicts, view, say=translate, **tiles)

    def overlay(self, view) -> list:
        return self.lines.overlay(view)

    def hover(self, spot) -> bool:
        if spot is not None:
            self.explain(spot)
        return False

    def tap(self, spot, touch: bool) -> None:
        self.explain(spot)

    def holding(self) -> bool:
        return False

    # --- Drawing -----------------------------------------------------------------------------

    def refresh(self, fit_view: bool = False) -> None:
        """Show the replay's step: the players' tabs, the city, the controls, the scoring."""
        replay = self.replay
        game = replay.game
        totals = replay.history[replay.ply]
        element("replay-players").innerHTML = replay_panels.players_html(game, self.viewed, totals)
        name = game.names[self.viewed]
        element("replay-city").setAttribute("aria-label", _("{name}'s city", name=name))
        score = game.score(self.viewed)
        element("replay-breakdown").innerHTML = replay_panels.breakdown_html(score, game.variants)
        architect = game.is_architect(self.viewed)
        element("replay-explanation").innerHTML = explain.explanation_html(
            score, architect=architect
        )
        element("replay-why").textContent = ""
        self.bar.refresh()
        self.view.key = self.viewed
        self.view.paint(fit_view=fit_view or self.viewed not in self.view.views)

    def explain(self, spot) -> None:
        """Why the district under the pointer or the finger counts or not."""
        cell = tuple(spot) if spot is not None else None
        verdicts = self.replay.game.score(self.viewed).hexes if self.replay else ()
        verdict = next((v for v in verdicts if v.cell == cell), None)
        if verdict is not None:
            element("replay-why").textContent = _("{verdict}.", verdict=verdict_line(verdict))

    # --- Events ------------------------------------------------------------------------------

    def seek(self, ply: int) -> None:
        self.replay.seek(ply)
        self.refresh()

    def key(self, event) -> None:
        if self.replay is not None:
            self.bar.key(event)

    def player_click(self, event) -> None:
        tab = event.target.closest("[data-player]")
        if tab:
            self.viewed = int(tab.dataset.player)
            self.refresh()

    def gain_click(self, event) -> None:
        """A largest gain in the summary: go to that move, in its player's city."""
        button = event.target.closest("[data-ply]")
        if button:
            ply = int(button.dataset.ply)
            self.replay.seek(ply - 1)
            self.viewed = self.replay.game.turn  # who played it
            self.seek(ply)
            element("replay-city").scrollIntoView()
