"""What the calculator page offers the parts it is made of: ``Screen``, a small interface.

Its saving, its links and Share dialog, the players' fields and the explanation of a district
each receive the page as a ``Screen`` and use nothing else of it (``tests/test_layers.py`` reads
their source to hold them to it).
"""

from __future__ import annotations

from typing import Protocol


class Screen(Protocol):
    """The calculator page, as its parts see it."""

    #: The model: the players' cities and how they were built (``calculator.model.Calculator``).
    calc: object
    #: The cities' scores as last shown (``akropolis.CityScore``, one per player).
    scores: list
    #: Whether a district pointed at is explained.
    explain: bool
    #: The canvas (``browser.city_view.CityView``), the tile in hand's controls
    #: (``browser.hand_controls.HandControls``) and notices (``browser.dialogs.Dialogs``).
    city_view: object
    controls: object
    dialogs: object

    def changed(self, text: str = "", tone: str = "good", fit_view: bool = False) -> None:
        """The cities changed: save, redraw, and say ``text``."""

    def save(self) -> None:
        """Save the cities."""

    def refresh(self, fit_view: bool = False) -> None:
        """Redraw the city and every panel (``fit_view``: fit the city to the canvas)."""

    def hint(self, text: str, tone: str = "") -> None:
        """Say ``text`` in the line under the city ("good", "bad" or plain)."""

    def message(self, text: str) -> None:
        """Tell the player ``text`` in a dialog."""
