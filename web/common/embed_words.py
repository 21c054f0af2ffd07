"""The words an embedded city says first, in the embed and the components (the scorepad, the
tabs and the legend they share with the game page's replay are ``common.replay_panels``).

Pure functions, tested on CPython.
"""

from __future__ import annotations

from akropolis.sentences import N_, Sentence
from common.i18n import translate

#: What the embed says first, in the words of the reader's gesture (``CityView.gesture``: a
#: touch screen taps, a mouse points and clicks): with a tile to try, and with the scoring.
TRY_WORDS = {
    "click": N_("Point at a spot to see the tile there; click to place it."),
    "tap": N_("Tap a spot to see the tile there, then “Place here” to place it."),
}
WHY_WORDS = {
    "click": N_("Point at a district to see why it counts or not."),
    "tap": N_("Tap a district to see why it counts or not."),
}


def first_words(gesture: str, trying: bool, explained: bool) -> str | None:
    """The embed's first line, for a reader who clicks or taps: how to try the tile, or how to
    see why a district counts (``explained``: the scoring or a kind is shown); else nothing."""
    words = TRY_WORDS if trying else WHY_WORDS if explained else None
    if words is None:
        return None
    said = words.get(gesture, words["click"])
    return translate(Sentence(said))
