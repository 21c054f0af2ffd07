"""The score calculator follows the engine's rules for cities: a name that draws ink and no two
names alike (as the players of a game), and each tile at most once in a city."""

from __future__ import annotations

import json

import pytest

from akropolis.records import RecordError
from calculator.model import Calculator
from calculator.state import read_state

#: Tile 12 five times: legal placements, but the box holds one tile 12.
FIVE_TIMES = "C1;st=0;m=12@-3,1:1.12@-5,1:1.12@-6,0:1.12@-6,-2:1.12@-6,-4:1"


@pytest.mark.parametrize("blank", ["\u3164\u3164", "\u115f\u1160", "\uffa0", "\u2800"])
def test_a_city_name_of_hangul_fillers_or_blank_braille_is_refused_as_blank(blank: str) -> None:
    calc = Calculator()
    assert calc.rename(0, blank) == (
        "That name cannot be used: a name needs at least one visible character."
    )
    assert calc.current.name == "Player 1"


@pytest.mark.parametrize("other", ["Ann", "ann", "Ann\u200d", "\uff21\uff4e\uff4e", "A\ufe0fnn"])
def test_two_cities_whose_names_look_the_same_are_refused(other: str) -> None:
    calc = Calculator()
    assert calc.rename(0, "Ann") is None
    said = calc.rename(1, other)
    assert said == "That name cannot be used: \u201cAnn\u201d already names another city."
    assert [p.name for p in calc.players] == ["Ann", "Player 2"]
    assert calc.rename(0, "ANN") is None  # its own name, written otherwise, is no clash


def test_a_saved_calculator_whose_names_look_the_same_is_refused() -> None:
    """A save from before the rule with two cities called alike is kept aside with the reason."""
    data = json.loads(Calculator().dumps())
    data["players"][0]["name"], data["players"][1]["name"] = "Ann", "ann "
    with pytest.raises(RecordError) as caught:
        read_state(json.dumps(data))
    assert str(caught.value) == "players 1 and 2 have the same name (\u201cAnn\u201d)"


def test_a_new_city_takes_a_default_name_no_city_looks_like() -> None:
    calc = Calculator()
    calc.rename(1, "player 3")
    assert calc.add_player() == "Added Player 4: build their city."


def test_a_shared_city_with_the_same_tile_five_times_is_refused_with_the_engines_reason() -> None:
    """The engine refuses it (``read_city``): the calculator has no rule of its own for it."""
    calc = Calculator()
    before = calc.dumps()
    with pytest.raises(RecordError) as caught:
        calc.open_shared(FIVE_TIMES)
    assert str(caught.value) == (
        "placement 2: tile 12 is already in this city (the box holds one of each)"
    )
    assert calc.dumps() == before
