"""The score calculator follows the engine's rules for cities: each tile at most once."""

from __future__ import annotations

import pytest

from akropolis.records import RecordError
from akropolis_web.calculator import Calculator

#: Tile 12 five times: legal placements, but the box holds one tile 12.
FIVE_TIMES = "C1;st=0;m=12@-3,1:1.12@-5,1:1.12@-6,0:1.12@-6,-2:1.12@-6,-4:1"


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
