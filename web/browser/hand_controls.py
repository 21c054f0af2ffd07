"""The tile in hand's controls, the same on every page: keys, rotation and the touch step.

The game, the score calculator and the embed's "try it" each hold a tile over a city (a
``common.hand.Hand``).  They share these controls:

- **R** and **Shift+R** (or the page's ⟳ ⟲ buttons, or the wheel over the city) turn it;
- the arrows and the six letters around **S** (W E D S A Q on QWERTY, Z E D S Q A on AZERTY:
  physical keys, ``common.hand.cursor_direction``) move it over the city;
- **N** and **Shift+N** turn and move it to the next or previous legal spot
  (``Hand.step_spot``), so a player who does not see the dots finds every spot;
- **Enter** places it where its ghost is shown (only when the city has the focus: on a
  button, Enter presses the button);
- a finger's tap does not place it at once: the spot is kept (``pending``) and the page's
  "Place here" button, shown meanwhile, places it; a mouse click places it at once.

A page gives the controls its hand now (``hand() -> Hand | None``), its city view, its "Place
here" button and ``place(spot)``, which plays the tile and says what happened.  What a page
adds of its own (Escape, Undo, the Construction Site's keys, a replay's keys) stays with it.
"""

from __future__ import annotations

from collections.abc import Callable

from common.hand import Hand, cursor_direction

Hex = tuple[int, int]

#: Elements whose keys are their own: Enter and the arrows are not the tile in hand's there.
CONTROLS = ("BUTTON", "SUMMARY", "A", "SELECT", "TEXTAREA", "INPUT")
#: Elements that take text: no key is the page's there.
TYPING = ("INPUT", "TEXTAREA", "SELECT")


def focus_tag(event) -> str:
    """The tag of the element a key event was sent to (``BODY``, ``CANVAS``, ``BUTTON``…)."""
    return str(getattr(event.target, "tagName", "") or "")


class HandControls:
    """Keys, rotation and the touch "Place here" step for one page's tile in hand."""

    def __init__(
        self,
        view,
        confirm,
        hand: Callable[[], Hand | None],
        place: Callable[[Hex], None],
    ) -> None:
        self.view = view  # the page's CityView
        self.confirm = confirm  # the "Place here" button
        self.hand = hand
        self.place = place
        self.pending: Hex | None = None  # a finger's tap, waiting for "Place here"
        self.stepped: tuple[int, int] | None = None  # (index, count) of the spot N stepped to

    def holding(self) -> bool:
        """Whether a tile is in hand (then the wheel and R turn it)."""
        hand = self.hand()
        return hand is not None and hand.held_tile is not None

    def spot(self) -> Hex | None:
        """Where the ghost is shown: the spot tapped, else the one pointed at."""
        hand = self.hand()
        return self.pending if self.pending is not None or hand is None else hand.hover

    def rotate(self, steps: int) -> None:
        if self.holding():
            self.stepped = None
            self.hand().rotate(steps)
            self.view.paint_overlay()

    def tap(self, spot: Hex, touch: bool) -> None:
        """A tap or click on ``spot`` with a tile in hand (the page has checked it may play):
        a finger's tap is kept until "Place here", a click places at once."""
        if touch:
            self.pending = spot
            self.confirm.hidden = False
            self.view.paint_overlay()
        else:
            self.place(spot)

    def place_pending(self) -> None:
        """ "Place here": the spot a finger tapped."""
        if self.pending is not None:
            self.place(self.pending)

    def forget(self) -> None:
        """No spot is waiting any more (the tile was placed, put back or changed)."""
        self.pending = None
        self.confirm.hidden = True

    def key(self, event, move: bool = True) -> bool:
        """Handle R, Shift+R, N, Shift+N and (when ``move``: the city, not a control, has the
        focus) Enter and the cursor keys for the tile in hand; whether the key was the hand's."""
        if not self.holding() or event.ctrlKey or event.metaKey or event.altKey:
            return False
        key = event.key
        if key in ("r", "R"):
            self.rotate(-1 if event.shiftKey else 1)
        elif key in ("n", "N"):
            event.preventDefault()
            self.view.gesture = "key"
            self.pending = None
            self.stepped = self.hand().step_spot(-1 if event.shiftKey else 1)
            self.view.paint_overlay()
        elif move and cursor_direction(event) is not None:
            event.preventDefault()
            self.view.gesture = "key"
            self.stepped = None
            self.hand().step(cursor_direction(event))
            self.view.paint_overlay()
        elif move and key == "Enter" and self.spot() is not None:
            event.preventDefault()
            self.place(self.spot())
        else:
            return False
        return True
