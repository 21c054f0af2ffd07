"""PyScript glue of the score calculator page: DOM events, the city view and the panels.

Only wiring lives here.  The model (players, tiles and hexes, scores, winner, saved state) is
``calculator.model`` (one city: ``calculator.city``), its HTML ``calculator.panels``;
beside this module are the page's saving (``saving``), links and the Share dialog (``share``),
the players' fields and questions (``players``) and the explanation of a district pointed at
(``explain``), each seeing the page through ``screen.Screen``; the tile in hand's keys come
from ``browser.hand_controls``; pictures from ``akropolis.picture.scene``.
"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from akropolis import Kind
from akropolis.checks import VARIANTS
from akropolis.hexes import unpack
from akropolis.picture import scene
from akropolis.picture.geometry import hex_to_world
from akropolis.picture.markup import escape
from akropolis.sentences import N_, Sentence
from browser.city_view import CityView, gesture_of
from browser.dialogs import Dialogs
from browser.dom import data_of, element, listen, start_page
from browser.focus import remember, restore
from browser.hand_controls import HandControls
from calculator import panels
from calculator.browser import keys
from calculator.browser.explain import Explanation
from calculator.browser.players import PlayerControls
from calculator.browser.saving import CalculatorSaving
from calculator.browser.share import CalculatorShare
from calculator.city import catalogue
from calculator.model import HEXES_MODE, TILES_MODE, Calculator
from common.i18n import _, translate
from common.rules_help import variant_help

MODE_NOTES = {
    TILES_MODE: N_(
        "Pick a tile, turn it and place it where it lies at the table: every placement "
        "follows the rules, as it did in the game."
    ),
    HEXES_MODE: N_("Tiles unknown? Paint what you see: a kind and a level for each visible hex."),
}


class Page:
    """The calculator on screen: the model, the city view's controller, and the panels."""

    def __init__(self) -> None:
        self.calc = Calculator()
        self.wanted: frozenset[str] = frozenset()  # the catalogue's kind filters
        self.explain = True
        self.scores = []
        self._html: dict[str, str] = {}  # each panel's HTML as last written
        self.dialogs = Dialogs()
        self.city_view = CityView(element("city"), self, self.message)
        self.controls = HandControls(self.city_view, element("btn-confirm"), self.hand, self.place)
        self.saving = CalculatorSaving(self)  # the saved cities, the status line, other tabs
        self.sharing = CalculatorShare(self)  # links and the Share dialog
        self.players = PlayerControls(self)  # names, stones, variants, remove, start over
        self.explanation = Explanation(self)  # a district pointed at, outlined on the city

    # --- Wiring ------------------------------------------------------------------------------

    def on(self, target, event: str, handler) -> None:
        """Listen for ``event``; a bug in a handler shows a message, never a traceback."""
        listen(target, event, handler, self.message)

    def bind(self) -> None:
        self.on(document, "keydown", lambda event: keys.key(self, event))
        self.on(element("app"), "click", self.click)

    # --- Start -------------------------------------------------------------------------------

    def start(self) -> None:
        element("variants").innerHTML = "".join(
            f'<label><input type="checkbox" value="{name}"> {escape(variant_help(name))}</label>'
            for name in VARIANTS
        )
        element("rules").innerHTML = panels.scoring_rules_html()
        saved = self.saving.open()
        if saved is not None:
            self.calc = saved
        self.refresh(fit_view=True)
        self.saving.tell_opening()  # first: a notice about the link waits until it is closed
        if not self.sharing.open_link():
            self.hint(self.welcome())
        self.save()

    def welcome(self) -> str:
        if self.calc.current.mode == HEXES_MODE:
            return _("Pick a kind and a level, then tap the hexes of the city.")
        return _("Pick a tile from the catalogue, then place it in the city.")

    def save(self) -> None:
        self.saving.save()

    # --- Drawing -----------------------------------------------------------------------------

    def refresh(self, fit_view: bool = False) -> None:
        """Redraw everything after the model changed (the focus stays where it was)."""
        focus = remember(keys.REBUILT)
        self.explanation.forget()
        calc = self.calc
        player = calc.current
        self.scores = calc.scores()
        result = calc.result(self.scores)
        self.set_html("tabs", panels.tabs_html(calc, self.scores, result))
        self.fill_player(player)
        tiles = player.mode == TILES_MODE
        for button in document.querySelectorAll("#mode [data-mode]"):
            button.setAttribute("aria-pressed", str(button.dataset.mode == player.mode).lower())
        note = MODE_NOTES[player.mode]
        element("mode-note").textContent = translate(Sentence(note))
        element("tiles-box").hidden = not tiles
        element("hexes-box").hidden = tiles
        if tiles:
            self.fill_catalogue()
        else:
            self.set_html("palette", panels.palette_html(player.painter))
        element("city-title").textContent = _("{name}’s city", name=player.name)
        holding = tiles and player.builder.held is not None
        for name in ("btn-rotate", "btn-rotate-left"):
            element(name).hidden = not tiles
            element(name).disabled = not holding
        element("btn-cancel").hidden = not tiles
        element("btn-cancel").disabled = not holding
        element("btn-confirm").hidden = self.controls.pending is None
        element("board").classList.toggle("holding", holding)
        element("btn-remove-player").hidden = len(calc.players) == 1
        for box in document.querySelectorAll("#variants input"):
            box.checked = box.value in calc.variants
        self.set_html("scorepad", panels.scorepad_html(calc, self.scores, result))
        self.set_html("explanation", panels.explanation_html(player.name, self.scores[calc.active]))
        self.explanation.words()
        self.city_view.key = id(player)
        self.city_view.paint(fit_view=fit_view or id(player) not in self.city_view.views)
        restore(focus, lambda _lost: self.city_view.canvas.focus())

    def set_html(self, name: str, html: str) -> None:
        """Replace an element's HTML only when it changed: a click whose target is rebuilt
        between press and release would be lost (a name typed, then a tab clicked)."""
        if self._html.get(name) != html:
            self._html[name] = html
            element(name).innerHTML = html

    def fill_player(self, player) -> None:
        name, stones = element("player-name"), element("player-stones")
        if document.activeElement != name:
            name.value = player.name
        if document.activeElement != stones:
            stones.value = str(player.stones)

    def fill_catalogue(self) -> None:
        builder = self.calc.current.builder
        shown = catalogue(self.wanted)
        self.set_html("filters", panels.filters_html(self.wanted, len(shown)))
        self.set_html(
            "catalogue",
            panels.tiles_html(shown, builder.used, self.calc.used_elsewhere(), builder.held),
        )

    def hint(self, text: str, tone: str = "") -> None:
        hint = element("hint")
        hint.textContent = text
        hint.className = tone

    def message(self, text: str) -> None:
        self.dialogs.message(text)

    def changed(self, text: str = "", tone: str = "good", fit_view: bool = False) -> None:
        """After a change of the model: redraw, keep the city in view, save, say what happened."""
        self.refresh(fit_view=fit_view)
        if not fit_view:
            self.keep_in_view()
        self.save()
        if text:
            self.hint(text, tone)

    def keep_in_view(self) -> None:
        """Refit the view only when the city has grown too near the canvas's edge to show
        every spot where the next tile may go (its first hex may lie two cells out)."""
        view = self.city_view.view()
        canvas = self.city_view.canvas
        width, height = canvas.clientWidth, canvas.clientHeight
        margin = view.scale * 2.4
        for cell in self.cells():
            x, y = view.to_screen(*hex_to_world(cell))
            if not (margin < x < width - margin and margin < y < height - margin):
                self.city_view.paint(fit_view=True)
                return

    # --- The city view's controller ----------------------------------------------------------

    def cells(self) -> list:
        """The city and the ring around it (where the next hex or tile may go)."""
        player = self.calc.current
        if player.mode == TILES_MODE:
            city = player.builder.city
            return [h for h, _, _ in city.hexes()] + [unpack(c) for c in city.frontier]
        return list(player.painter.hexes) + player.painter.frontier()

    def static(self, view) -> list:
        """The city; with "Scoring" on, each district's verdict badge (the SVG's too); under
        it, while painting, the empty cells where a hex may be painted."""
        player = self.calc.current
        city = player.city()  # painted hex by hex: each hex a tile of its own
        hexes = list(city.hexes())
        tiles = {"pieces": city.pieces(), "last": city.last_cells()}
        painting = player.mode == HEXES_MODE and not player.painter.erasing
        under = scene.open_cells(view, player.painter.frontier()) if painting else []
        if self.explain and self.scores:
            return under + scene.explained_city(
                hexes, self.scores[self.calc.active].hexes, view, say=translate, **tiles
            )
        return under + scene.city_layer(hexes, view, **tiles)

    def overlay(self, view) -> list:
        """What follows the pointer: the tile in hand and its legal spots, or the brush; or
        the district picked in the explanation."""
        player = self.calc.current
        if self.explanation.focus is not None and not self.holding():
            return self.explanation.overlay(view)
        if player.mode == TILES_MODE:
            builder = player.builder
            if builder.held is None:
                return []
            ghost = builder.ghost(self.controls.spot())
            if ghost:
                tone = "good" if ghost.legal else "bad"
                self.hint(ghost.describe(self.city_view.gesture), tone)
            return scene.overlay(
                view,
                anchors=builder.legal_anchors(),
                ghost=builder.ghost_hexes(ghost) if ghost else [],
                legal=bool(ghost and ghost.legal),
            )
        painter = player.painter
        if painter.hover is None:
            return []
        stroke = painter.stroke(painter.hover)
        top = painter.hexes.get(painter.hover)
        if painter.erasing:
            ghost = [(painter.hover, top[0], top[1])] if top else []
        else:
            ghost = [(painter.hover, painter.kind, painter.level)]
        return scene.overlay(view, ghost=ghost, legal=stroke.allowed)

    def hover(self, spot) -> bool:
        player = self.calc.current
        if player.mode == HEXES_MODE:
            if spot == player.painter.hover:
                return False
            player.painter.hover = spot
            self.brush_hint(spot)
            return True
        builder = player.builder
        if builder.held is None:
            self.explanation.explain_hex(spot)
            return False
        if spot == builder.hover:
            return False
        builder.hover = spot
        return True

    def hand(self):
        """The tile in hand over the current city: the builder, when building by tiles."""
        player = self.calc.current
        return player.builder if player.mode == TILES_MODE else None

    def holding(self) -> bool:
        return self.controls.holding()

    def rotate(self, steps: int) -> None:
        self.controls.rotate(steps)

    def tap(self, spot, touch: bool) -> None:
        player = self.calc.current
        if player.mode == HEXES_MODE:
            done, text = player.painter.paint(spot)
            if done:
                self.changed(text)
            else:
                self.hint(text, "bad")
            return
        if player.builder.held is None:
            if not self.explanation.explain_hex(spot):
                self.hint(_("Pick a tile from the catalogue first."), "bad")
            return
        self.controls.tap(spot, touch)

    def brush_hint(self, spot) -> None:
        if spot is None:
            return
        allowed, text = self.calc.current.painter.hint(spot, self.city_view.gesture)
        self.hint(text, "good" if allowed else "bad")

    def place(self, spot) -> None:
        placed, text = self.calc.current.builder.place(spot)
        if placed:
            self.controls.pending = None
            self.changed(text)
        else:
            self.hint(text, "bad")

    # --- Events ------------------------------------------------------------------------------

    def cancel(self) -> None:
        self.calc.current.builder.drop()
        self.controls.pending = None
        self.refresh()
        self.hint(self.welcome())

    def undo(self) -> None:
        player = self.calc.current
        self.controls.pending = None
        text = player.builder.undo() if player.mode == TILES_MODE else player.painter.undo()
        self.changed(text, "")

    def click(self, event) -> None:
        """Every button of the page, by its data attributes."""
        target = event.target
        button = target.closest(
            "[data-action], [data-player], [data-tile], [data-filter], [data-mode], "
            "[data-kind], [data-level], [data-stones]"
        )
        if not button or button.disabled:
            return
        data = data_of(button)
        if "action" in data:
            self.action(data["action"])
        elif "player" in data:
            self.select(int(data["player"]))
        elif "tile" in data:
            self.city_view.gesture = gesture_of(event)
            self.pick(int(data["tile"]))
            if self.city_view.gesture == "key" and self.holding():  # the keys move it there
                self.city_view.canvas.focus()
        elif "filter" in data:
            self.filter(data["filter"])
        elif "mode" in data:
            self.set_mode(data["mode"])
        elif "kind" in data:
            self.brush(data["kind"])
        elif "level" in data:
            self.calc.current.painter.choose(level=int(data["level"]))
            self.refresh()
        elif "stones" in data:
            self.players.set_stones(self.calc.current.stones + int(data["stones"]))

    def action(self, action: str) -> None:
        if action == "menu":
            self.fold()
            return
        self.fold(close=True)
        if action == "add-player":
            self.controls.pending = None
            self.changed(self.calc.add_player(), "", fit_view=True)
        elif action == "remove-player":
            self.players.ask_remove()
        elif action == "rotate":
            self.rotate(1)
        elif action == "rotate-left":
            self.rotate(-1)
        elif action == "cancel":
            self.cancel()
        elif action == "confirm":
            self.controls.place_pending()
        elif action == "undo":
            self.undo()
        elif action == "fit":
            self.city_view.paint(fit_view=True)
        elif action == "share":
            self.sharing.open()
        elif action == "rules":
            element("rules-dialog").showModal()
        elif action == "reset":
            self.players.ask_reset()

    def fold(self, close: bool = False) -> None:
        """Open or close the phone's menu."""
        app = element("app")
        open_ = not close and not app.classList.contains("menu-open")
        app.classList.toggle("menu-open", open_)
        element("btn-menu").setAttribute("aria-expanded", str(open_).lower())

    def select(self, index: int) -> None:
        self.calc.current.builder.drop()
        self.controls.pending = None
        self.calc.select(index)
        self.refresh()
        self.hint(self.welcome())

    def pick(self, tile: int) -> None:
        builder = self.calc.current.builder
        self.controls.pending = None
        if builder.held == tile:
            self.cancel()
            return
        taken, text = builder.pick(tile, self.city_view.gesture)
        self.refresh()
        self.hint(text, "" if taken and builder.has_any_spot() else "bad")
        self.city_view.canvas.focus({"preventScroll": True})

    def filter(self, name: str) -> None:
        if not name:
            self.wanted = frozenset()
        else:
            self.wanted = self.wanted ^ {name}
        self.fill_catalogue()

    def set_mode(self, mode: str) -> None:
        self.controls.pending = None
        text = self.calc.set_mode(mode)
        if text:
            self.changed(text, "", fit_view=True)

    def brush(self, kind: str) -> None:
        painter = self.calc.current.painter
        if kind == "erase":
            painter.choose()
        else:
            painter.choose(kind=Kind(int(kind)))
        self.refresh()
        self.brush_hint(painter.hover)


def debug_api(page: Page) -> None:
    """A small read-only window API for tests."""

    def screen_of(q, r):
        return json.dumps(list(page.city_view.screen_of((q, r))))

    api = window.Object.new()
    api.state = create_proxy(lambda: page.calc.dumps())
    api.screenOf = create_proxy(screen_of)
    api.rotation = create_proxy(lambda: page.calc.current.builder.rotation)
    api.scale = create_proxy(lambda: page.city_view.view().scale)
    api.share = create_proxy(lambda: page.calc.share_text())
    window.akropolisCalculator = api


def main() -> None:
    def setup() -> None:
        page = Page()
        page.bind()
        page.start()
        debug_api(page)

    start_page(setup, _("The calculator could not start."))
