"""The city view every page shares: a canvas showing one city, pan/zoom/pinch, the pointer.

A page gives it a *controller* that says what to draw and what a gesture means:

- ``static(view) -> list``: the display list of the city itself (cached by the painter);
- ``overlay(view) -> list``: what follows the pointer (ghost, legal spots), repainted cheaply;
- ``cells() -> list[Hex]``: the cells the view fits on "Fit city";
- ``hover(hex | None)``: the mouse is over a hex (or left the canvas);
- ``tap(hex, touch: bool)``: a click or tap that was not a drag;
- ``holding() -> bool``: whether a tile is in hand (then the wheel rotates it);
- ``rotate(steps)``: turn the tile in hand;
- ``required() -> list[Hex]`` (optional): the cells that must stay in view (the legal spots of
  a tile in hand): ``keep_in_view`` glides the view to them when they are not, and so does any
  change of the canvas's size.

``covering``, a CSS selector, names what may float over the canvas (a label on the city): the
part of the canvas it covers is left out of every fit, so that nothing the player must see or
tap is ever under it (``common.framing``).

``gestures`` says what the canvas itself does: ``"all"`` (the game: drag pans, pinch and the
wheel zoom, the wheel turns a held tile), ``"ctrl"`` (an embed: drag and pinch as before, but
only Ctrl+wheel zooms, so the plain wheel scrolls the page around it) or ``"none"`` (a picture:
no pan or zoom, and the wheel is left to the page).

The view keeps one viewport per key (a player's city, a replay step…): switching keys keeps
each city where the player left it.  Any change of the canvas's size repaints both layers and
keeps each viewport's centre, so the layers, the viewport and the pointer always agree.
"""

from __future__ import annotations

import asyncio
import json

from js import window
from pyodide.ffi import create_proxy

from akropolis.picture.geometry import Viewport, hex_to_world
from browser.dom import in_background, listen, perf_ms, reduced_motion, touch_screen
from common import framing
from common.zoom import zoomed

#: Pixels a pointer must travel before a press becomes a drag (a pan), not a tap.
DRAG_THRESHOLD = 6
#: How long the view takes to glide to what must be seen (none for reduced motion).
GLIDE_MS = 320.0


def gesture_of(event) -> str:
    """The player's gesture behind a pointer or click event: "click" (a mouse), "tap" (a finger
    or pen) or "key" (a button pressed from the keyboard, which clicks with no pointer)."""
    kind = getattr(event, "pointerType", None) or ""
    if kind in ("touch", "pen"):
        return "tap"
    if kind != "mouse" and not getattr(event, "detail", 1):
        return "key"
    return "click"


class CityView:
    """One canvas, one controller, a viewport per key."""

    def __init__(
        self,
        canvas,
        controller,
        tell,
        margin: float = 2.6,
        gestures: str = "all",
        covering: str | None = None,
    ) -> None:
        self.canvas = canvas
        self.controller = controller
        self.tell = tell  # shows a message when a handler fails
        self.margin = margin
        self.gestures = gestures
        self.covering = covering
        self.gliding = 0  # bumped by every glide, and by anything that ends one
        self.moving = -1  # the glide under way: ``gliding`` as it began
        self.glide_frames = 0  # frames painted by glides (none for reduced motion), for tests
        self.key: object = 0
        self.views: dict[object, Viewport] = {}
        self.size: tuple[float, float, float] | None = None
        # The player's last gesture, "click", "tap" or "key": what the page's words name; until
        # the first, the screen's own ("tap" where the main pointer is a finger).
        self.gesture = "tap" if touch_screen() else "click"
        self._pointers: dict[int, tuple[float, float]] = {}
        self._drag_from: tuple[float, float] | None = None
        self._dragged = False
        self._pinch: float | None = None
        self._resize = create_proxy(lambda *_: self._guarded_repaint())
        self._observer = window.ResizeObserver.new(self._resize)
        self._observer.observe(canvas)
        for event, handler in (
            ("pointerdown", self.pointer_down),
            ("pointermove", self.pointer_move),
            ("pointerup", self.pointer_up),
            ("pointercancel", self.pointer_up),
            ("pointerleave", self.pointer_leave),
            ("wheel", self.wheel),
        ):
            listen(canvas, event, handler, tell)
        listen(window, "resize", lambda _e: self.paint(), tell)

    # --- Viewports ---------------------------------------------------------------------------

    def show(self, key: object, fit_view: bool = False) -> None:
        """Show the city under ``key`` (its own viewport), fitted if asked or never seen."""
        self.key = key
        self.paint(fit_view=fit_view or key not in self.views)

    def forget(self) -> None:
        """Drop every viewport (a new game: new cities)."""
        self.gliding += 1
        self.views.clear()

    def view(self) -> Viewport:
        if self.key not in self.views:
            self.fit()
        return self.views[self.key]

    def fit(self) -> None:
        self.gliding += 1
        self.views[self.key] = self.fitted()

    def fitted(self) -> Viewport:
        """The view of the controller's cells, clear of what covers the canvas."""
        width, height = self.canvas_size()
        cells = list(self.controller.cells())
        return framing.framed(cells, width, height, self.covered(), self.margin)

    def canvas_size(self) -> tuple[float, float]:
        rect = self.canvas.getBoundingClientRect()
        return max(rect.width, 50), max(rect.height, 50)

    def covered(self) -> list[framing.Rect]:
        """What floats over the canvas (``covering``), as rectangles in the canvas's pixels."""
        if not self.covering:
            return []
        canvas = self.canvas.getBoundingClientRect()
        rects = []
        for node in self.canvas.ownerDocument.querySelectorAll(self.covering):
            box = node.getBoundingClientRect()
            if box.width and box.height:  # shown
                rects.append(
                    (
                        box.left - canvas.left,
                        box.top - canvas.top,
                        box.right - canvas.left,
                        box.bottom - canvas.top,
                    )
                )
        return rects

    def keep_in_view(self, cells=None) -> None:
        """Glide the view to show ``cells`` (by default the controller's ``required()``) when
        some are outside the canvas or under what covers it."""
        if cells is None:
            required = getattr(self.controller, "required", None)
            cells = required() if required is not None else []
        if not cells or self.key not in self.views:
            return
        width, height = self.canvas_size()
        view = self.views[self.key]
        if framing.shows(view, cells, width, height, framing.NO_INSETS) and framing.clear(
            view, cells, self.covered()
        ):
            return
        self.glide(self.fitted())

    def glide(self, target: Viewport) -> None:
        """Move the view to ``target``: smoothly, or at once for reduced motion."""
        self.gliding += 1
        start = self.views.get(self.key)
        if start is None or reduced_motion():
            self.views[self.key] = target
            self.paint()
            return
        in_background(self._glide(start, target, self.gliding, self.key), self.tell)

    async def _glide(self, start: Viewport, target: Viewport, token: int, key: object) -> None:
        self.moving = token
        began = perf_ms()
        width, height = self.canvas_size()
        while token == self.gliding and key == self.key:
            t = min((perf_ms() - began) / GLIDE_MS, 1.0)
            self.views[key] = framing.between(start, target, framing.ease(t), width, height)
            self.paint()
            self.glide_frames += 1
            if t >= 1.0:
                self.gliding += 1  # done: nothing is gliding
                return
            await asyncio.sleep(1 / 60)

    def is_gliding(self) -> bool:
        """Whether a glide is under way (tests wait for the view to settle)."""
        return self.moving == self.gliding

    def sync_size(self) -> bool:
        """Follow the canvas's size: True if it changed since the last paint (or never painted)."""
        size = (self.canvas.clientWidth, self.canvas.clientHeight, window.devicePixelRatio)
        old, self.size = self.size, size
        if old is None or old == size:
            return old is None
        dx, dy = (size[0] - old[0]) / 2, (size[1] - old[1]) / 2
        if dx or dy:
            self.views = {key: view.panned(dx, dy) for key, view in self.views.items()}
        return True

    def screen_of(self, h: tuple[int, int]) -> tuple[float, float]:
        """Page coordinates of a hex's centre (for tests and embedding pages)."""
        x, y = self.view().to_screen(*hex_to_world(h))
        rect = self.canvas.getBoundingClientRect()
        return x + rect.left, y + rect.top

    # --- Painting ----------------------------------------------------------------------------

    def close(self) -> None:
        """Stop watching the canvas's size (its pointer listeners go with ``unlisten_all``)."""
        self._observer.disconnect()

    def paint(self, fit_view: bool = False) -> None:
        """Repaint the city (static layer) and the overlay; nothing while the canvas is not
        shown (in a closed dialog: its size says when it is)."""
        if not (self.canvas.clientWidth and self.canvas.clientHeight):
            return
        self.sync_size()
        if fit_view:
            self.fit()
        layer = self.controller.static(self.view())
        window.akropolisPainter.paintStatic(self.canvas, json.dumps(layer))
        self.paint_overlay()

    def paint_overlay(self) -> None:
        """Repaint only what follows the pointer (on the cached city layer)."""
        if not (self.canvas.clientWidth and self.canvas.clientHeight):
            return
        if self.sync_size():  # the cached city layer is the wrong size: repaint it too
            self.paint()
            return
        commands = self.controller.overlay(self.view())
        window.akropolisPainter.paintOverlay(self.canvas, json.dumps(commands))

    def _guarded_repaint(self) -> None:
        try:
            self.paint()
            self.keep_in_view()  # a smaller canvas, a phone turned: what matters stays in view
        except Exception as error:  # a resize must never end in a traceback
            window.console.error(f"akropolis: {type(error).__name__}: {error}")

    # --- Gestures ----------------------------------------------------------------------------

    def local(self, event) -> tuple[float, float]:
        rect = self.canvas.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def pointer_down(self, event) -> None:
        self.gesture = gesture_of(event)
        self.gliding += 1  # a finger or the mouse takes over from a glide
        self.canvas.setPointerCapture(event.pointerId)
        self._pointers[event.pointerId] = self.local(event)
        self._drag_from = self.local(event)
        self._dragged = False
        if len(self._pointers) == 2:
            (ax, ay), (bx, by) = self._pointers.values()
            self._pinch = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5

    def pointer_move(self, event) -> None:
        x, y = self.local(event)
        if event.pointerId in self._pointers:
            self._pointers[event.pointerId] = (x, y)
        pinching = len(self._pointers) == 2 and self._pinch
        if pinching and self.gestures != "none":  # a fixed picture neither zooms nor pans
            (ax, ay), (bx, by) = self._pointers.values()
            distance = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
            zoom = distance / self._pinch
            self.views[self.key] = zoomed(self.view(), zoom, (ax + bx) / 2, (ay + by) / 2)
            self._pinch = distance
            self._dragged = True
            self.paint()
            return
        if self._drag_from and event.buttons:
            dx, dy = x - self._drag_from[0], y - self._drag_from[1]
            if self._dragged or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                self._dragged = True  # not a tap, even where it does not pan
                if self.gestures == "none":
                    return
                self.views[self.key] = self.view().panned(dx, dy)
                self._drag_from = (x, y)
                self.paint()
                return
        if event.pointerType == "mouse" and self.controller.hover(self.view().hex_at(x, y)):
            self.paint_overlay()

    def pointer_up(self, event) -> None:
        self._pointers.pop(event.pointerId, None)
        if len(self._pointers) < 2:
            self._pinch = None
        if self._drag_from is None:
            return
        self._drag_from = None
        if self._dragged or event.type == "pointercancel":
            return
        spot = self.view().hex_at(*self.local(event))
        self.controller.tap(spot, event.pointerType != "mouse")

    def pointer_leave(self, _event) -> None:
        if self.controller.hover(None):
            self.paint_overlay()

    def wheel(self, event) -> None:
        """The wheel turns the tile in hand, else zooms (Ctrl+wheel always zooms)."""
        if self.gestures == "none" or (self.gestures == "ctrl" and not event.ctrlKey):
            return  # the page around scrolls
        event.preventDefault()
        if self.controller.holding() and not event.ctrlKey:
            self.controller.rotate(1 if event.deltaY > 0 else -1)
            self.paint_overlay()
            return
        x, y = self.local(event)
        self.gliding += 1
        factor = 0.9 if event.deltaY > 0 else 1.1
        self.views[self.key] = zoomed(self.view(), factor, x, y)
        self.paint()
