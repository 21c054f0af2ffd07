"""PyScript glue of the score calculator page: DOM events, the city view, storage, sharing.

Only wiring lives here.  The model (players, tiles and hexes, scores, winner, saved state) is
``akropolis_web.calculator``, its HTML ``calculator_panels``, saving ``calculator_saves``;
pictures come from ``akropolis.picture.scene`` and ``akropolis.svg``.
"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from akropolis import Kind, svg
from akropolis.checks import VARIANTS
from akropolis.hexes import unpack
from akropolis.picture import scene
from akropolis.picture.geometry import hex_to_world
from akropolis.records import RecordError
from akropolis_page.city_view import CityView, gesture_of
from akropolis_page.dialogs import Dialogs
from akropolis_page.dom import download, element, listen, now
from akropolis_web import calculator_panels as panels
from akropolis_web.calculator import HEXES_MODE, TILES_MODE, Calculator, catalogue
from akropolis_web.calculator_saves import CalculatorSaves
from akropolis_web.newgame import VARIANT_HELP
from akropolis_web.saves import BrowserStore

#: Keyboard cursor for the tile in hand: arrows and W E D S A Q (N NE SE S SW NW).
CURSOR_KEYS = {
    "ArrowUp": 0,
    "w": 0,
    "e": 1,
    "ArrowRight": 2,
    "d": 2,
    "ArrowDown": 3,
    "s": 3,
    "a": 4,
    "ArrowLeft": 5,
    "q": 5,
}
MODE_NOTES = {
    TILES_MODE: "Pick a tile, turn it and place it where it lies at the table: every placement "
    "follows the rules, as it did in the game.",
    HEXES_MODE: "Tiles unknown? Paint what you see: a kind and a level for each visible hex.",
}


class Page:
    """The calculator on screen: the model, the city view's controller, and the panels."""

    def __init__(self) -> None:
        self.calc = Calculator()
        self.wanted: frozenset[str] = frozenset()  # the catalogue's kind filters
        self.pending = None  # touch: the spot tapped, waiting for "Place here"
        self.explain = True
        self.focus = None  # the district picked in the explanation, outlined on the city
        self.scores = []
        self._html: dict[str, str] = {}  # each panel's HTML as last written
        self.dialogs = Dialogs()
        self.saves = CalculatorSaves(BrowserStore(lambda: window.localStorage), now)
        self.city_view = CityView(element("city"), self, self.message)

    # --- Wiring ------------------------------------------------------------------------------

    def on(self, target, event: str, handler) -> None:
        """Listen for ``event``; a bug in a handler shows a message, never a traceback."""
        listen(target, event, handler, self.message)

    def bind(self) -> None:
        self.on(document, "keydown", self.key)
        self.on(element("app"), "click", self.click)
        self.on(element("player-name"), "input", self.name_typed)
        self.on(element("player-name"), "change", self.name_changed)
        self.on(element("player-stones"), "input", self.stones_typed)
        self.on(element("player-stones"), "change", self.stones_changed)
        self.on(element("variants"), "change", self.variants_changed)
        self.on(element("show-scoring"), "change", self.scoring_toggled)
        self.on(element("share-dialog"), "click", self.share_click)
        self.on(element("explanation"), "mouseover", self.point_at_verdict)
        self.on(element("explanation"), "click", self.point_at_verdict)
        self.on(element("explanation"), "mouseleave", self.stop_pointing)
        self.on(window, "hashchange", lambda _e: self.open_link())
        self.on(window, "storage", self.storage_changed)

    # --- Start -------------------------------------------------------------------------------

    def start(self) -> None:
        element("variants").innerHTML = "".join(
            f'<label><input type="checkbox" value="{name}"> {VARIANT_HELP[name]}</label>'
            for name in VARIANTS
        )
        element("rules").innerHTML = panels.SCORING_RULES_HTML
        opened = self.saves.open()
        if opened.calculator is not None:
            self.calc = opened.calculator
        self.refresh(fit_view=True)
        if opened.notice:  # told first; a notice about the link waits until it is closed
            actions = []
            if opened.kept is not None:
                kept = opened.kept
                actions.append(("Download it", lambda: self.download_kept(kept)))
            if self.saves.blocked:
                actions.append(("Discard it", self.discard_blocked))
            self.dialogs.message(opened.notice, actions)
        if not self.open_link():
            self.hint(self.welcome())
        self.save()

    def welcome(self) -> str:
        if self.calc.current.mode == HEXES_MODE:
            return "Pick a kind and a level, then tap the hexes of the city."
        return "Pick a tile from the catalogue, then place it in the city."

    def open_link(self) -> bool:
        """Open the city in the page's fragment, if any; a bad one changes nothing."""
        text = str(window.location.hash or "")[1:]
        if not text:
            return False
        try:
            said = self.calc.open_shared(text)
        except RecordError as error:
            self.message(f"This link cannot be opened: {error}. Your cities are as they were.")
            return False
        window.history.replaceState(None, "", window.location.pathname + window.location.search)
        self.pending = None
        self.refresh(fit_view=True)
        self.save()
        self.hint(said, "good")
        return True

    # --- Saving ------------------------------------------------------------------------------

    def save(self) -> None:
        result = self.saves.save(self.calc)
        element("save-status").hidden = result.ok
        element("save-status-text").textContent = result.message

    def storage_changed(self, event) -> None:
        """Another tab changed the calculator: follow it (this tab saves every change)."""
        if event.key not in (None, "akropolis.calculator.v1"):
            return
        other = self.saves.changed_elsewhere()
        if other is not None:
            self.calc = other
            self.pending = None
            self.refresh(fit_view=True)
            self.hint("Updated from another tab.")

    def download_kept(self, text: str) -> None:
        stamp = "".join(ch for ch in now() if ch.isalnum())[:15]
        download(text, f"akropolis-calculator-unreadable-{stamp}.json", "application/json")

    def discard_blocked(self) -> None:
        self.saves.discard_blocked()
        self.save()

    # --- Drawing -----------------------------------------------------------------------------

    def refresh(self, fit_view: bool = False) -> None:
        """Redraw everything after the model changed."""
        self.focus = None
        calc = self.calc
        player = calc.current
        self.scores = calc.scores()
        result = None if calc.blank else calc.result(self.scores)
        self.set_html("tabs", panels.tabs_html(calc, self.scores, result))
        self.fill_player(player)
        tiles = player.mode == TILES_MODE
        for button in document.querySelectorAll("#mode [data-mode]"):
            button.setAttribute("aria-pressed", str(button.dataset.mode == player.mode).lower())
        element("mode-note").textContent = MODE_NOTES[player.mode]
        element("tiles-box").hidden = not tiles
        element("hexes-box").hidden = tiles
        if tiles:
            self.fill_catalogue()
        else:
            self.set_html("palette", panels.palette_html(player.painter))
        element("city-title").textContent = f"{player.name}’s city"
        holding = tiles and player.builder.held is not None
        for name in ("btn-rotate", "btn-rotate-left"):
            element(name).hidden = not tiles
            element(name).disabled = not holding
        element("btn-cancel").hidden = not tiles
        element("btn-cancel").disabled = not holding
        element("btn-confirm").hidden = self.pending is None
        element("board").classList.toggle("holding", holding)
        element("btn-remove-player").hidden = len(calc.players) == 1
        for box in document.querySelectorAll("#variants input"):
            box.checked = box.value in calc.variants
        self.set_html("scorepad", panels.scorepad_html(calc, self.scores, result))
        self.set_html("explanation", panels.explanation_html(player.name, self.scores[calc.active]))
        self.city_view.key = id(player)
        self.city_view.paint(fit_view=fit_view or id(player) not in self.city_view.views)

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
        """The city; with "Scoring" on, each district's verdict badge (the SVG's too)."""
        hexes = self.calc.current.visible()
        if self.explain and self.scores:
            return scene.explained_city(hexes, self.scores[self.calc.active].hexes, view)
        return scene.city_layer(hexes, view)

    def overlay(self, view) -> list:
        """What follows the pointer: the tile in hand and its legal spots, or the brush; or
        the district picked in the explanation."""
        player = self.calc.current
        if self.focus is not None and not self.holding():
            return self.focus_overlay(view)
        if player.mode == TILES_MODE:
            builder = player.builder
            if builder.held is None:
                return []
            ghost = builder.ghost(self.pending or builder.hover)
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

    def focus_overlay(self, view) -> list:
        """The district picked in the explanation, outlined green (counts) or red."""
        verdict = self.verdict_at(self.focus)
        top = self.calc.current.city().top(self.focus)
        if verdict is None or top is None:
            return []
        return scene.overlay(view, ghost=[(self.focus, top[0], top[1])], legal=verdict.counts)

    def verdict_at(self, cell):
        if cell is None or not self.scores:
            return None
        cell = tuple(cell)
        return next((v for v in self.scores[self.calc.active].hexes if v.cell == cell), None)

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
        self.city_view.paint_overlay()
        if event.type == "click":
            self.city_view.canvas.scrollIntoView({"block": "nearest", "behavior": "smooth"})

    def stop_pointing(self, _event) -> None:
        if self.focus is not None:
            self.focus = None
            self.city_view.paint_overlay()

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
            self.explain_hex(spot)
            return False
        if spot == builder.hover:
            return False
        builder.hover = spot
        return True

    def holding(self) -> bool:
        player = self.calc.current
        return player.mode == TILES_MODE and player.builder.held is not None

    def rotate(self, steps: int) -> None:
        if self.holding():
            self.calc.current.builder.rotate(steps)
            self.city_view.paint_overlay()

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
            if not self.explain_hex(spot):
                self.hint("Pick a tile from the catalogue first.", "bad")
            return
        if touch:
            self.pending = spot
            element("btn-confirm").hidden = False
            self.city_view.paint_overlay()
            return
        self.place(spot)

    def explain_hex(self, spot) -> bool:
        """The verdict of the district under the pointer or finger, as a tooltip line."""
        verdict = self.verdict_at(spot)
        if verdict is None:
            return False
        title = scene.verdict_title(verdict)
        self.hint(title[0].upper() + title[1:], "good" if verdict.counts else "bad")
        return True

    def brush_hint(self, spot) -> None:
        if spot is None:
            return
        painter = self.calc.current.painter
        stroke = painter.stroke(spot)
        if not stroke.allowed:
            self.hint(f"Not here: {stroke.reason}.", "bad")
            return
        verb = "tap" if self.city_view.gesture == "tap" else "click"
        if painter.erasing:
            self.hint(f"{verb.capitalize()} to erase this hex.", "good")
        else:
            kind = panels.kind_name(painter.kind)
            self.hint(f"{verb.capitalize()} to paint a {kind} on level {painter.level}.", "good")

    def place(self, spot) -> None:
        placed, text = self.calc.current.builder.place(spot)
        if placed:
            self.pending = None
            self.changed(text)
        else:
            self.hint(text, "bad")

    # --- Events ------------------------------------------------------------------------------

    def key(self, event) -> None:
        if event.target.tagName in ("INPUT", "TEXTAREA") or document.querySelector("dialog[open]"):
            return
        player = self.calc.current
        builder = player.builder
        key = event.key
        if key in ("r", "R"):
            self.rotate(-1 if event.shiftKey else 1)
        elif key == "Escape":
            self.cancel()
        elif key == "z" and (event.ctrlKey or event.metaKey):
            event.preventDefault()
            self.undo()
        elif player.mode == TILES_MODE and builder.held is not None:
            if key in CURSOR_KEYS:
                event.preventDefault()
                self.city_view.gesture = "key"
                builder.step(CURSOR_KEYS[key])
                self.city_view.paint_overlay()
            elif key == "Enter" and builder.hover is not None:
                event.preventDefault()
                self.place(builder.hover)

    def cancel(self) -> None:
        self.calc.current.builder.drop()
        self.pending = None
        self.refresh()
        self.hint(self.welcome())

    def undo(self) -> None:
        player = self.calc.current
        self.pending = None
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
        data = _data(button)
        if "action" in data:
            self.action(data["action"])
        elif "player" in data:
            self.select(int(data["player"]))
        elif "tile" in data:
            self.city_view.gesture = gesture_of(event)
            self.pick(int(data["tile"]))
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
            self.set_stones(self.calc.current.stones + int(data["stones"]))

    def action(self, action: str) -> None:
        if action == "menu":
            self.fold()
            return
        self.fold(close=True)
        if action == "add-player":
            self.pending = None
            self.changed(self.calc.add_player(), "", fit_view=True)
        elif action == "remove-player":
            self.ask_remove()
        elif action == "rotate":
            self.rotate(1)
        elif action == "rotate-left":
            self.rotate(-1)
        elif action == "cancel":
            self.cancel()
        elif action == "confirm" and self.pending is not None:
            self.place(self.pending)
        elif action == "undo":
            self.undo()
        elif action == "fit":
            self.city_view.paint(fit_view=True)
        elif action == "share":
            self.open_share()
        elif action == "rules":
            element("rules-dialog").showModal()
        elif action == "reset":
            self.ask_reset()

    def fold(self, close: bool = False) -> None:
        """Open or close the phone's menu."""
        app = element("app")
        open_ = not close and not app.classList.contains("menu-open")
        app.classList.toggle("menu-open", open_)
        element("btn-menu").setAttribute("aria-expanded", str(open_).lower())

    def select(self, index: int) -> None:
        self.calc.current.builder.drop()
        self.pending = None
        self.calc.select(index)
        self.refresh()
        self.hint(self.welcome())

    def pick(self, tile: int) -> None:
        builder = self.calc.current.builder
        self.pending = None
        if builder.held == tile:
            self.cancel()
            return
        taken, text = builder.pick(tile, self.city_view.gesture)
        self.refresh()
        self.hint(text, "" if taken else "bad")
        if taken and not builder.has_any_spot():
            self.hint(text + " It fits nowhere in this city.", "bad")
        self.city_view.canvas.focus({"preventScroll": True})

    def filter(self, name: str) -> None:
        if not name:
            self.wanted = frozenset()
        else:
            self.wanted = self.wanted ^ {name}
        self.fill_catalogue()

    def set_mode(self, mode: str) -> None:
        self.pending = None
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

    # --- Players -----------------------------------------------------------------------------

    def name_typed(self, event) -> None:
        if self.calc.rename(self.calc.active, str(event.target.value)) is None:
            self.refresh()
            self.save()

    def name_changed(self, event) -> None:
        why = self.calc.rename(self.calc.active, str(event.target.value))
        if why is not None:
            self.hint(why, "bad")
        event.target.value = self.calc.current.name
        self.refresh()
        self.save()

    def stones_typed(self, event) -> None:
        if self.calc.set_stones(self.calc.active, str(event.target.value)) is None:
            self.refresh()
            self.save()

    def stones_changed(self, event) -> None:
        why = self.calc.set_stones(self.calc.active, str(event.target.value))
        if why is not None:
            self.hint(why, "bad")
        event.target.value = str(self.calc.current.stones)
        self.refresh()
        self.save()

    def set_stones(self, value: int) -> None:
        why = self.calc.set_stones(self.calc.active, value)
        if why is None:
            element("player-stones").value = str(self.calc.current.stones)
            self.changed()
        else:
            self.hint(why, "bad")

    def variants_changed(self, _event) -> None:
        chosen = [box.value for box in document.querySelectorAll("#variants input:checked")]
        self.calc.set_variants(chosen)
        self.changed()

    def scoring_toggled(self, event) -> None:
        self.explain = bool(event.target.checked)
        self.city_view.paint()

    def ask_remove(self) -> None:
        player = self.calc.current
        index = self.calc.active

        def remove() -> None:
            self.changed(self.calc.remove_player(index), "", fit_view=True)

        if player.empty:
            remove()
            return
        self.dialogs.choose(
            f"Remove {player.name}?",
            f"{player.name}’s city goes too. Share it first to keep it.",
            [("Remove", remove), ("Keep", lambda: None)],
        )

    def ask_reset(self) -> None:
        def reset() -> None:
            self.calc = Calculator()
            self.pending = None
            self.city_view.forget()
            self.changed("A new calculation: two empty cities.", "", fit_view=True)

        self.dialogs.choose(
            "Start over?",
            "Every city, name and stone count is cleared. Share the cities first to keep them.",
            [("Start over", reset), ("Cancel", lambda: None)],
        )

    # --- Sharing -----------------------------------------------------------------------------

    def open_share(self) -> None:
        player = self.calc.current
        text = self.calc.share_text()
        page = str(window.location.href)
        element("share-link").value = panels.page_link(page, text)
        element("share-embed").value = panels.embed_snippet(page, text, player.name)
        how = "painted hex by hex" if player.mode == HEXES_MODE else "tile by tile"
        variants = ", ".join(v for v in VARIANTS if v in self.calc.variants) or "no variants"
        stones = f"{player.stones} stone{'' if player.stones == 1 else 's'} left"
        total = self.scores[self.calc.active].total
        element("share-note").textContent = (
            f"{player.name}’s city ({how}), {stones}, {variants}: "
            f"{total} point{'' if total == 1 else 's'}."
        )
        element("share-status").textContent = ""
        element("share-dialog").showModal()

    async def share_click(self, event) -> None:
        button = event.target.closest("[data-copy], [data-action]")
        if not button:
            return
        data = _data(button)
        if data.get("action") == "svg":
            self.download_svg()
            return
        field = element(data["copy"])
        status = element("share-status")
        try:
            await window.navigator.clipboard.writeText(field.value)
            status.textContent = "Copied."
        except Exception:
            field.focus()
            field.select()
            status.textContent = "Selected: press Ctrl+C (or ⌘C) to copy it."

    def download_svg(self) -> None:
        player = self.calc.current
        picture = svg.city(
            player.city(), explain=True, variants=self.calc.variants, stones=player.stones
        )
        slug = "".join(ch if ch.isalnum() else "-" for ch in player.name.lower()).strip("-")
        download(picture, f"akropolis-{slug or 'city'}.svg", "image/svg+xml")
        element("share-status").textContent = "The picture is downloading."


def _data(element) -> dict[str, str]:
    """An element's ``data-*`` attributes (a missing one is absent, never an error)."""
    names = [str(name) for name in element.getAttributeNames()]
    return {name[5:]: str(element.getAttribute(name)) for name in names if name.startswith("data-")}


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
    try:
        page = Page()
        page.bind()
        element("loading").hidden = True
        element("app").hidden = False
        page.start()
        debug_api(page)
    except Exception as error:  # shown on the loading screen, not as a traceback
        window.console.error(f"akropolis: {type(error).__name__}: {error}")
        element("app").hidden = True
        element("loading").hidden = False
        element("loading-step").textContent = "The calculator could not start."
        element("loading-error").textContent = f"{type(error).__name__}: {error}"
        element("loading-error").hidden = False
        document.documentElement.dataset.akropolis = "error"
        return
    document.documentElement.dataset.akropolis = "ready"
    offline = getattr(window, "akropolisOffline", None)
    if offline is not None:
        offline.registerWorker()


main()
