"""The daily deal in Pyodide (Node), as the game page computes it: the same date gives the same
seed, Architect and deal as on CPython."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from game.daily import architect_of, daily_game, seed_of, utc_day
from tests.pyodide.test_snapshot_in_pyodide import SNAPSHOT

DAYS = [date(2026, 12, 6) + timedelta(days=n) for n in range(0, 400, 37)]


def test_the_same_date_gives_the_same_deal_in_pyodide(run_in_pyodide) -> None:
    if not SNAPSHOT.exists():
        pytest.fail("dist/ is not built: run `python build.py` (python build.py test does)")
    code = (
        "import json\n"
        "from datetime import date\n"
        "from game.daily import architect_of, daily_game, seed_of, utc_day\n"
        f"days = {[day.isoformat() for day in DAYS]!r}\n"
        "out = [[seed_of(date.fromisoformat(d)), architect_of(date.fromisoformat(d)),\n"
        "        list(daily_game(date.fromisoformat(d), ('A', 'B')).deck)] for d in days]\n"
        "print(json.dumps([out, utc_day(1_796_605_200_000).isoformat()]))\n"
    )
    line = run_in_pyodide(code, restore=("python.zip", "game.zip")).splitlines()[-1]
    expected = [
        [seed_of(day), architect_of(day), list(daily_game(day, ("A", "B")).deck)] for day in DAYS
    ]
    assert json.loads(line) == [expected, utc_day(1_796_605_200_000).isoformat()]
