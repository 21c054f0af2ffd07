"""The score calculator's keys: they act on what has the focus.

Enter and the arrows are the city's only when the city (or nothing in particular) has the
focus; the catalogue, the brushes and the players' tabs are one Tab stop each, their arrows
moving inside (``browser.roving``); painting hex by hex, the arrows move the brush over the city
and Enter or Space paints.
"""

from __future__ import annotations

from js import document

from akropolis import DIRECTIONS
from browser.hand_controls import CONTROLS, TYPING, focus_tag
from browser.roving import roving_key
from calculator.model import HEXES_MODE
from common.hand import cursor_direction

#: What a refresh rebuilds, by container and the attribute naming its buttons (the focus
#: returns to the rebuilt twin of the button that had it: ``browser.focus``).
REBUILT = (
    ("tabs", "player"),
    ("tabs", "action"),
    ("catalogue", "tile"),
    ("filters", "filter"),
    ("palette", "kind"),
    ("palette", "level"),
)
#: Groups of buttons that are one Tab stop each (``browser.roving``).
ROVING_GROUPS = ("#catalogue [data-tile]", "#tabs [role=tab]", "#palette .swatch")


def key(page, event) -> None:
    """Keys act on what has the focus: Enter and the arrows are the city's only when the
    city (or nothing in particular) has it."""
    tag = focus_tag(event)
    if tag in TYPING or document.querySelector("dialog[open]"):
        return
    for group in ROVING_GROUPS:  # one Tab stop each: the arrows move inside
        buttons = list(document.querySelectorAll(group))
        if event.target.matches(group) and roving_key(event, buttons):
            return
    pressed = event.key
    if pressed == "Escape":
        page.cancel()
    elif pressed == "z" and (event.ctrlKey or event.metaKey):
        event.preventDefault()
        page.undo()
    elif page.calc.current.mode == HEXES_MODE:
        if tag not in CONTROLS:
            paint_key(page, event)
    else:
        page.controls.key(event, move=tag not in CONTROLS)


def paint_key(page, event) -> None:
    """Painting hex by hex from the keyboard: the arrows (or the hexagon of letters around S)
    move the brush over the city, Enter or Space paints (or erases) the hex under it."""
    painter, key = page.calc.current.painter, event.key
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    direction = cursor_direction(event)
    if direction is not None:
        event.preventDefault()
        page.city_view.gesture = "key"
        here = painter.hover if painter.hover is not None else (0, 0)
        dq, dr = DIRECTIONS[direction] if painter.hover is not None else (0, 0)
        painter.hover = (here[0] + dq, here[1] + dr)
        page.brush_hint(painter.hover)
        page.city_view.paint_overlay()
    elif key in ("Enter", " ") and painter.hover is not None:
        event.preventDefault()
        page.tap(painter.hover, False)
