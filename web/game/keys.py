"""The game page's keys, as the "?" list shows them: each key named in the player's language
(Entrée, Échap, Maj…), the letters that move the tile in hand as the player's keyboard prints
them (W E D S A Q on QWERTY, Z E D S Q A on AZERTY), and what each key does.

Pure functions to HTML strings, tested on CPython; ``game.browser.keyboard`` acts on the keys.
"""

from __future__ import annotations

from akropolis.picture.markup import escape
from common.i18n import _, pgettext

#: The physical keys that form the hexagon the tile in hand moves by (``common.hand``), from
#: north clockwise: north, north-east, south-east, south, south-west, north-west.
HEXAGON = ("KeyW", "KeyE", "KeyD", "KeyS", "KeyA", "KeyQ")
#: What those keys print on the layouts the languages mostly use, when the browser does not say.
PRINTED = {
    "qwerty": ("W", "E", "D", "S", "A", "Q"),
    "azerty": ("Z", "E", "D", "S", "Q", "A"),
}
#: Keys acting on the page (``event.key``, lower case), besides the tile in hand's own.
SHORTCUTS = {"h": "hint", "c": "city", "t": "site", "?": "keys"}


def layout_letters(language: str, layout: dict[str, str] | None = None) -> tuple[str, ...]:
    """The hexagon's letters as the keyboard prints them: from the browser's layout map when
    it gives one (``navigator.keyboard.getLayoutMap()``), else the usual layout of the page's
    language (AZERTY in French)."""
    if layout and all(code in layout for code in HEXAGON):
        letters = tuple(str(layout[code]).upper() for code in HEXAGON)
        if all(len(letter) == 1 for letter in letters):
            return letters
    return PRINTED["azerty" if language == "fr" else "qwerty"]


def key_name(key: str) -> str | None:
    """A named key as the player's keyboard and language name it (None for a key that prints
    what it is: a letter, a digit, an arrow, "?")."""
    names = {
        "Enter": pgettext("a key of the keyboard", "Enter"),
        "Esc": pgettext("a key of the keyboard", "Esc"),
        "Shift": pgettext("a key of the keyboard", "Shift"),
        "Ctrl": pgettext("a key of the keyboard", "Ctrl"),
        "Tab": pgettext("a key of the keyboard", "Tab"),
    }
    return names.get(key)


def cap(key: str) -> str:
    """One key as a ``<kbd>``: a named key in the player's words, a printed one as printed
    (marked not to be translated)."""
    named = key_name(key)
    if named is None:
        return f'<kbd translate="no">{escape(key)}</kbd>'
    return f"<kbd>{escape(named)}</kbd>"


def kbd(*keys: str) -> str:
    """Keys pressed together (``Shift``, ``R``): each in its ``<kbd>``, joined by "+"."""
    return "+".join(cap(key) for key in keys)


def keys_html(letters: tuple[str, ...]) -> str:
    """The table of the game page's keys, the hexagon's letters as ``letters``."""
    arrows = " ".join(cap(arrow) for arrow in "↑→↓←")
    hexagon = " ".join(cap(letter) for letter in letters)
    rows = [
        (
            f"{kbd('1')}–{kbd('6')}",
            _("Take a tile from the Construction Site (1 is the free one)."),
        ),
        (kbd("T"), _("Go to the Construction Site; the arrows move along it.")),
        (
            f"{kbd('N')} / {kbd('Shift', 'N')}",
            _("Move the tile in hand to the next or previous legal spot, best first."),
        ),
        (f"{arrows} / {hexagon}", _("Move the tile in hand one hex.")),
        (
            f"{kbd('R')} / {kbd('Shift', 'R')}",
            _("Turn the tile in hand clockwise or anticlockwise."),
        ),
        (kbd("Enter"), _("Place the tile where it is shown.")),
        (kbd("Esc"), _("Put the tile back, or close a menu.")),
        (kbd("H"), _("Hint: show the move the computer would make, and what it gives.")),
        (kbd("C"), _("Go to the city.")),
        (kbd("Ctrl", "Z"), _("Undo.")),
        (kbd("Tab"), _("Go to the next control.")),
        (kbd("?"), _("This list of keys.")),
    ]
    body = "".join(
        f'<tr><th scope="row">{keys}</th><td>{escape(what)}</td></tr>' for keys, what in rows
    )
    caption = escape(_("Keys of the game page"))
    return f'<table class="keys"><caption>{caption}</caption><tbody>{body}</tbody></table>'
