"""The game page's list of keys: every key named in the player's language, the hexagon's
letters as the keyboard prints them."""

from __future__ import annotations

from common.hand import CURSOR_KEYS, cursor_direction
from game.keys import HEXAGON, keys_html, layout_letters


class Key:
    def __init__(self, key: str, code: str) -> None:
        self.key, self.code = key, code


def test_the_hexagon_moves_by_physical_key_on_every_layout() -> None:
    # On AZERTY the key where QWERTY has W prints Z: it still moves the tile north.
    assert cursor_direction(Key("z", "KeyW")) == 0 == cursor_direction(Key("w", "KeyW"))
    assert cursor_direction(Key("a", "KeyQ")) == 5 == cursor_direction(Key("q", "KeyQ"))
    assert cursor_direction(Key("ArrowDown", "ArrowDown")) == 3
    assert cursor_direction(Key("w", "KeyZ")) is None  # AZERTY's W sits where Z does: no move
    assert [CURSOR_KEYS[code] for code in HEXAGON] == [0, 1, 2, 3, 4, 5]


def test_the_letters_shown_are_the_keyboards() -> None:
    assert layout_letters("en") == ("W", "E", "D", "S", "A", "Q")
    assert layout_letters("fr") == ("Z", "E", "D", "S", "Q", "A")
    qwertz = dict(zip(HEXAGON, "wedsaq", strict=True))
    assert layout_letters("fr", qwertz) == ("W", "E", "D", "S", "A", "Q")  # the browser knows
    assert layout_letters("pl", {"KeyW": "w"}) == ("W", "E", "D", "S", "A", "Q")  # half a map


def test_the_list_of_keys_names_every_key_a_turn_needs() -> None:
    html = keys_html(("Z", "E", "D", "S", "Q", "A"))
    for key in ("1", "6", "N", "R", "H", "C", "T", "?", "Z", "Q"):
        assert f'<kbd translate="no">{key}</kbd>' in html  # printed on the key
    for key in ("Enter", "Esc", "Shift", "Ctrl", "Tab"):
        assert f"<kbd>{key}</kbd>" in html  # named in the player's language
    assert html.count("<tr>") == 12 and 'scope="row"' in html
