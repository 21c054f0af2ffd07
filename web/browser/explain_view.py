"""The scoring explained beside a city view, the same on every page: a line of the explanation
(``common.explain``) pointed at, tapped or focused outlines its districts on the city, green
where they score, red where they do not."""

from __future__ import annotations

from collections.abc import Callable

from akropolis import City
from akropolis.picture import scene
from browser.dom import listen, reduced_motion

Hex = tuple[int, int]


def cells_of(text: str) -> tuple[Hex, ...]:
    """The cells a line names (``data-cells``: "q,r q,r"), ignoring anything else."""
    found = []
    for part in str(text).split():
        q, _comma, r = part.partition(",")
        try:
            found.append((int(q), int(r)))
        except ValueError:
            continue
    return tuple(found)


class ExplainView:
    """The explanation in ``box`` (its lines are buttons with ``data-cells``) over the city
    ``city()`` drawn in ``view``: the page adds ``overlay(view)`` to what it draws."""

    def __init__(self, box, view, city: Callable[[], City | None], tell) -> None:
        self.box = box
        self.view = view
        self.city = city
        self.cells: tuple[Hex, ...] = ()
        self.mark = ""
        for event in ("mouseover", "focusin", "click"):
            listen(box, event, self.point, tell)
        listen(box, "mouseleave", self.leave, tell)
        listen(box, "focusout", self.leave, tell)

    def point(self, event) -> None:
        line = event.target.closest("[data-cells]")
        if not line:
            return
        cells = cells_of(line.dataset.cells)
        if cells != self.cells:
            self.cells, self.mark = cells, str(line.dataset.mark)
            self.view.paint_overlay()
        if event.type == "click":  # a tap: the city comes into sight
            behavior = "auto" if reduced_motion() else "smooth"
            self.view.canvas.scrollIntoView({"block": "nearest", "behavior": behavior})

    def leave(self, event) -> None:
        if (
            event.type == "focusout"
            and event.relatedTarget
            and self.box.contains(event.relatedTarget)
        ):
            return  # to another line: it outlines its own
        self.clear()

    def clear(self) -> None:
        if self.cells:
            self.cells = ()
            self.view.paint_overlay()

    def overlay(self, view) -> list:
        """The districts of the line pointed at, outlined (none once the city changed)."""
        city = self.city()
        if not self.cells or city is None:
            return []
        tops = [(cell, city.top(cell)) for cell in self.cells]
        ghost = [(cell, top[0], top[1]) for cell, top in tops if top is not None]
        return scene.overlay(view, ghost=ghost, legal=self.mark != "misses")
