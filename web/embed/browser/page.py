"""Python glue of the embed (``embed.html``): reads the link, draws the city, binds controls.

It runs in Pyodide, which ``embed.js`` starts without PyScript (so the page needs no
``'unsafe-eval'``): it takes ``document`` and ``window`` from ``js``.

Only wiring lives here.  The link is read by ``common.embed_options``; positions and scores
come from the engine through ``common.replay`` and ``common.tryit``; HTML from
``common.replay_panels``; the replay's controls (shared with the game page) from
``browser.replay_bar``; pictures from ``akropolis.picture.scene`` through the shared city view.
A link the embed refuses shows the error card: its text is set with ``textContent``, never as
markup.
"""

from __future__ import annotations

import json

from js import document, window
from pyodide.ffi import create_proxy

from akropolis import City, Game, score_city
from akropolis.hexes import unpack
from akropolis.picture import scene
from akropolis.scoring import CityScore
from browser.city_view import CityView
from browser.dom import element, listen
from browser.explain_view import ExplainView
from browser.hand_controls import HandControls
from browser.replay_bar import ReplayBar
from common import embed_words, explain, replay_panels
from common.city_words import city_table_html
from common.embed_options import (
    EmbedLink,
    LinkError,
    full_page_link,
    read_link,
    viewed_player,
)
from common.hand import tile_picture
from common.i18n import _, ngettext, translate
from common.replay import Replay
from common.scorepad import verdict_line
from common.tryit import TryIt
from common.zoom import zoomed


class Embed:
    """One embedded city or game: what is shown, and the controller of its city view."""

    def __init__(self, link: EmbedLink) -> None:
        self.options = link.options
        subject = link.subject
        self.replay = Replay(subject) if isinstance(subject, Game) else None
        self.record = None if self.replay else subject
        self.drawn: City | None = None if self.replay else subject.build()
        self.viewed = viewed_player(self.replay.game, self.options) if self.replay else 0
        self.tryit: TryIt | None = None
        self.moved = False  # the reader panned or zoomed: a resize keeps their view
        gestures = "ctrl" if self.options.interactive else "none"
        self.view = CityView(element("city"), self, self.tell, margin=1.3, gestures=gestures)
        self.controls = HandControls(self.view, element("btn-place"), self.hand, self.place)
        # a line of the explanation pointed at, tapped or focused outlines its districts
        self.lines = ExplainView(element("verdicts"), self.view, self.city, self.tell)
        self.bar = (
            ReplayBar(element("replay"), self.replay, self.seek, self.tell) if self.replay else None
        )
        self.reset_tryit()

    # --- What is shown -----------------------------------------------------------------------

    def city(self) -> City:
        if self.tryit is not None:
            return self.tryit.city
        return self.replay.game.cities[self.viewed] if self.replay else self.drawn

    def scored_as(self) -> tuple[frozenset[str], int]:
        """The variants and stones the shown city is scored with."""
        if self.replay:
            return self.replay.game.variants, self.replay.game.stones[self.viewed]
        return self.record.variants, self.record.stones

    def score(self) -> CityScore:
        if self.tryit is not None:
            return self.tryit.score()
        if self.replay:  # the game's own scoring: an Architect's seat follows the solo rules
            return self.replay.game.score(self.viewed)
        return score_city(self.city(), *self.scored_as())

    def reset_tryit(self) -> None:
        """A fresh tile in hand for the city shown (after a step or another player)."""
        self.controls.pending = None
        self.tryit = None
        if self.options.tile is not None:
            variants, stones = self.scored_as()
            self.tryit = TryIt(self.city(), variants, stones, self.options.tile)

    # --- The city view's controller ----------------------------------------------------------

    def cells(self) -> list:
        city = self.city()
        ring = [unpack(cell) for cell in city.frontier] if self.tryit else []
        return [h for h, _, _ in city.hexes()] + ring

    def static(self, view) -> list:
        city = self.city()
        hexes = list(city.hexes())
        tiles = {"pieces": city.pieces(), "last": city.last_cells()}
        kind = self.options.kind
        if not self.options.breakdown and kind is None:
            return scene.city_layer(hexes, view, **tiles)
        score = self.score().hexes
        return scene.explained_city(hexes, score, view, highlight=kind, say=translate, **tiles)

    def overlay(self, view) -> list:
        tryit = self.tryit
        if tryit is None or not tryit.holding:
            return self.lines.overlay(view)
        ghost = tryit.ghost(self.controls.spot())
        if ghost:
            self.say(ghost.describe(self.view.gesture), "good" if ghost.legal else "bad")
        return scene.overlay(
            view,
            anchors=tryit.legal_anchors(),
            ghost=tryit.ghost_hexes(ghost) if ghost else [],
            legal=bool(ghost and ghost.legal),
        )

    def hover(self, spot) -> bool:
        if self.tryit is not None and self.tryit.holding:
            if spot == self.tryit.hover:
                return False
            self.tryit.hover = spot
            return True
        if spot is not None:
            self.explain(spot)
        return False

    def tap(self, spot, touch: bool) -> None:
        tryit = self.tryit
        if tryit is None or not tryit.holding:
            self.explain(spot)
        else:
            self.controls.tap(spot, touch)

    def hand(self):
        """The tile in hand: try it's, once the reader has asked for it."""
        return self.tryit

    def holding(self) -> bool:
        return self.controls.holding()

    def rotate(self, steps: int) -> None:
        self.controls.rotate(steps)

    # --- Drawing -----------------------------------------------------------------------------

    def refresh(self, fit_view: bool = False) -> None:
        """Redraw everything after what is shown changed."""
        score = self.score()
        game = self.replay.game if self.replay else None
        name = _("{name}'s city", name=game.names[self.viewed]) if game else _("City")
        element("title").textContent = name
        element("total").textContent = ngettext("{count} point", "{count} points", score.total)
        variants, _stones = self.scored_as()
        if self.options.breakdown:
            before = self.tryit.before if self.tryit and not self.tryit.holding else None
            element("breakdown").innerHTML = replay_panels.breakdown_html(
                score, variants, before=before, kind=self.options.kind
            )
            architect = bool(game and game.is_architect(self.viewed))
            element("verdicts").innerHTML = explain.lines_html(score, self.options.kind, architect)
        caption = _("{name}, hex by hex, top row first.", name=name)
        element("city-words").innerHTML = city_table_html(self.city(), score, caption)
        subject = game if game else self.record
        element("open").href = full_page_link(subject)
        if self.replay:
            self.refresh_replay()
        if self.tryit:
            self.refresh_tryit()
        self.view.key = self.viewed
        self.view.paint(fit_view=fit_view or not self.moved)

    def refresh_replay(self) -> None:
        replay = self.replay
        totals = replay.history[replay.ply]
        element("players").innerHTML = replay_panels.players_html(replay.game, self.viewed, totals)
        self.bar.refresh()

    def refresh_tryit(self) -> None:
        tryit = self.tryit
        element("btn-undo").disabled = tryit.holding
        element("btn-place").hidden = self.controls.pending is None
        for button in document.querySelectorAll("[data-try^='rotate']"):
            button.disabled = not tryit.holding
        if tryit.holding:
            label = _("Try tile {tile}: where would you place it?", tile=tryit.tile.id)
        else:
            label = _(
                "Tile {tile} placed: {before} → {after}",
                tile=tryit.tile.id,
                before=tryit.before.total,
                after=tryit.score().total,
            )
        element("tryit-label").textContent = label
        element("tryit-tile").innerHTML = tile_picture(tryit.tile.id, 44, tryit.rotation)

    def explain(self, spot) -> None:
        """Say why the district under the pointer counts or not, in the engine's words."""
        verdict = next((v for v in self.score().hexes if v.cell == tuple(spot)), None)
        if verdict is not None:
            self.say(_("{verdict}.", verdict=verdict_line(verdict)))

    def say(self, text: str, tone: str = "") -> None:
        why = element("why")
        why.textContent = text
        why.className = tone
        why.hidden = False

    def tell(self, text: str) -> None:
        """A bug in a handler: one plain line, never a traceback (no dialog: it is an embed)."""
        self.say(text, "bad")

    # --- Actions -----------------------------------------------------------------------------

    def place(self, spot) -> None:
        placed, text = self.tryit.place(spot)
        self.say(text, "good" if placed else "bad")
        if placed:
            self.controls.pending = None
            self.refresh()

    def undo(self) -> None:
        if self.tryit is not None:
            self.say(self.tryit.undo())
            self.controls.pending = None
            self.refresh()

    def seek(self, ply: int) -> None:
        self.replay.seek(ply)
        self.reset_tryit()
        self.refresh()

    def show_player(self, player: int) -> None:
        self.viewed = player
        self.reset_tryit()
        self.refresh()

    # --- Events ------------------------------------------------------------------------------

    def bind(self) -> None:
        on = self.on
        on(document, "keydown", self.key)
        on(element("players"), "click", self.player_click)
        if self.bar:
            self.bar.bind()
        on(element("tryit"), "click", self.tryit_click)
        on(element("zoom"), "click", self.zoom_click)
        on(element("city"), "pointerdown", self.grabbed)
        on(element("city"), "wheel", self.grabbed)
        observer = window.ResizeObserver.new(create_proxy(lambda *_: self.resized()))
        observer.observe(element("city"))
        observer.observe(element("chart"))

    def on(self, target, event: str, handler) -> None:
        listen(target, event, handler, self.tell)

    def resized(self) -> None:
        try:  # a resize must never end in a traceback
            if not self.moved:
                self.view.paint(fit_view=True)  # the frame grew or shrank: refit the city
            if self.bar:
                self.bar.draw_chart()
        except Exception as error:
            window.console.error(f"akropolis: {type(error).__name__}: {error}")

    def grabbed(self, event) -> None:
        """Pan and zoom (interactive only) keep the reader's view from then on."""
        if self.options.interactive and (event.type != "wheel" or event.ctrlKey):
            self.moved = True

    def key(self, event) -> None:
        if self.controls.key(event, move=document.activeElement == element("city")):
            return
        if self.bar:
            self.bar.key(event)

    def player_click(self, event) -> None:
        tab = event.target.closest("[data-player]")
        if tab:
            self.show_player(int(tab.dataset.player))

    def tryit_click(self, event) -> None:
        button = event.target.closest("[data-try]")
        if not button:
            return
        action = button.getAttribute("data-try")
        if action in ("rotate", "rotate-left"):
            self.rotate(1 if action == "rotate" else -1)
            element("tryit-tile").innerHTML = tile_picture(
                self.tryit.tile.id, 44, self.tryit.rotation
            )
        elif action == "place":
            self.controls.place_pending()
        elif action == "undo":
            self.undo()

    def zoom_click(self, event) -> None:
        button = event.target.closest("[data-zoom]")
        if not button:
            return
        action = button.dataset.zoom
        if action == "fit":
            self.moved = False
            self.view.paint(fit_view=True)
            return
        canvas = element("city")
        factor = 1.25 if action == "in" else 0.8
        view = zoomed(self.view.view(), factor, canvas.clientWidth / 2, canvas.clientHeight / 2)
        self.view.views[self.view.key] = view
        self.moved = True
        self.view.paint()

    # --- Start -------------------------------------------------------------------------------

    def show(self) -> None:
        """Replace the placeholder with the real picture and the controls the link asks for."""
        root = document.documentElement
        root.dataset.theme = self.options.theme
        root.dataset.breakdown = "1" if self.options.breakdown else "0"
        root.dataset.mode = self.options.mode
        element("placeholder").hidden = True
        element("city").hidden = False
        element("side").hidden = not self.options.breakdown
        element("zoom").hidden = not self.options.interactive
        element("open").hidden = False
        element("players").hidden = self.replay is None
        element("replay").hidden = self.replay is None or self.replay.last == 0
        element("tryit").hidden = self.tryit is None
        explained = self.options.breakdown or self.options.kind is not None
        words = embed_words.first_words(self.view.gesture, self.tryit is not None, explained)
        if words:
            self.say(words)
        self.refresh(fit_view=True)


def test_api(embed: Embed) -> None:
    """A small read-only window API for the tests: where a hex is, and the tile's rotation."""
    api = window.Object.new()
    api.screenOf = create_proxy(lambda q, r: json.dumps(list(embed.view.screen_of((q, r)))))
    api.rotation = create_proxy(lambda: embed.tryit.rotation if embed.tryit else 0)
    window.akropolisEmbed = api


def refuse(text: str) -> None:
    """The error card: the reason in plain text, nothing else of the link."""
    element("error-text").textContent = text
    element("error").hidden = False
    element("body").hidden = True
    document.documentElement.dataset.akropolis = "error"


def main() -> None:
    try:
        link = read_link(str(window.location.search), str(window.location.hash))
    except LinkError as error:
        refuse(str(error))
        return
    try:
        embed = Embed(link)
        embed.bind()
        embed.show()
        test_api(embed)
    except Exception as error:  # a bug of ours: one line, never a traceback
        window.console.error(f"akropolis: {type(error).__name__}: {error}")
        refuse(_("Something went wrong while drawing this city. Reload the page to try again."))
        return
    document.documentElement.dataset.akropolis = "ready"
    window.performance.mark("akropolis-ready")  # for benchmarks/embed_bench.py
