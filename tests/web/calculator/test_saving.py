"""The score calculator's saved state and its panels: JSON out and back, bad input refused
whole, storage errors kept; the panels' HTML.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from akropolis import (
    Kind,
    records,
)
from akropolis.picture import scene, svg
from akropolis.records import RecordError
from calculator import panels
from calculator.city import (
    Painter,
)
from calculator.model import (
    HEXES_MODE,
    Calculator,
)
from calculator.saves import (
    BLOCKED_MESSAGE,
    FULL_MESSAGE,
    KEPT_PREFIX,
    SLOT,
    CalculatorSaves,
)
from calculator.state import read_state
from common.saves import MemoryStore
from common.scorepad import verdict_line
from tests.web.calculator.test_model import calculator_of, finished

# --- Saving -----------------------------------------------------------------------------------


def test_the_state_round_trips() -> None:
    calc = calculator_of(finished(3, 5))
    calc.add_player()
    calc.set_mode(HEXES_MODE)
    calc.current.painter.choose(kind=Kind.MARKET_PLAZA, level=2)
    calc.current.painter.paint((0, 1))
    calc.rename(3, "Dí 🎲")
    text = calc.dumps()
    again = read_state(text)
    assert again.dumps() == text
    assert again.active == calc.active and again.variants == calc.variants
    assert [p.mode for p in again.players] == [p.mode for p in calc.players]
    assert again.scores() == calc.scores()
    assert json.loads(text)["format"] == "akropolis-calculator"


def _state(**changes) -> str:
    data = json.loads(calculator_of(finished(2, 3)).dumps())
    for key, value in changes.items():
        if key.startswith("p0_"):
            data["players"][0][key[3:]] = value
        else:
            data[key] = value
    return json.dumps(data)


HOSTILE_STATES = {
    "not json": "{nope",
    "empty": "",
    "a list": "[]",
    "a game record": records.dump(finished(2, 3)),
    "unknown key": _state(extra=1),
    "version 2": _state(version=2),
    "version true": _state(version=True),
    "no players": _state(players=[]),
    "five players": _state(players=[json.loads(_state())["players"][0]] * 5),
    "active out of range": _state(active=7),
    "unknown variant": _state(variants=["castles"]),
    "blank name": _state(p0_name=" "),
    "control in a name": _state(p0_name="Ann\x1b[31m"),
    "negative stones": _state(p0_stones=-2),
    "float stones": _state(p0_stones=1.5),
    "unknown mode": _state(p0_mode="dice"),
    "illegal placement": _state(p0_placements=[{"tile": 3, "anchor": [9, 9], "rotation": 0}]),
    "tile twice": _state(
        p0_placements=[
            {"tile": 24, "anchor": [0, 2], "rotation": 0},
            {"tile": 24, "anchor": [2, -1], "rotation": 0},
        ]
    ),
    "disconnected hexes": _state(
        p0_hexes=[
            {"cell": [0, 0], "kind": "house", "level": 1},
            {"cell": [5, 5], "kind": "house", "level": 1},
        ]
    ),
    "no hexes": _state(p0_hexes=[]),
    "deep nesting": "[" * 50_000 + "]" * 50_000,
    "huge": '{"x": "' + "a" * 1_100_000 + '"}',
    "number of 5000 digits": _state(active=None).replace("null", "9" * 5000),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_STATES))
def test_a_hostile_saved_state_is_refused_with_one_line(name: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_state(HOSTILE_STATES[name])
    message = str(caught.value)
    assert message and "\n" not in message and len(message) <= 200


@pytest.mark.parametrize("value", [None, 3, b"\xff", object()])
def test_a_saved_state_of_the_wrong_type_is_refused(value: object) -> None:
    with pytest.raises(RecordError):
        read_state(value)


def clock() -> str:
    clock.ticks = getattr(clock, "ticks", 0) + 1
    return f"2025-01-01T00:00:{clock.ticks:02d}Z"


def test_saves_round_trip_and_a_fresh_store_opens_empty() -> None:
    store = MemoryStore()
    saves = CalculatorSaves(store, clock)
    assert saves.open().calculator is None
    calc = calculator_of(finished(2, 3))
    assert saves.save(calc).ok
    opened = CalculatorSaves(store, clock).open()
    assert opened.calculator.dumps() == calc.dumps() and opened.notice == ""


def test_a_corrupt_save_is_kept_aside_and_the_calculator_starts_afresh() -> None:
    store = MemoryStore()
    store.set(SLOT, "{corrupt")
    saves = CalculatorSaves(store, clock)
    opened = saves.open()
    assert opened.calculator is None and opened.kept == "{corrupt"
    assert opened.notice.startswith("Your saved cities could not be restored (not valid JSON")
    assert SLOT not in store.items
    kept = saves.kept()
    assert len(kept) == 1 and kept[0].startswith(KEPT_PREFIX)
    assert store.items[kept[0]].endswith("\n{corrupt")
    assert saves.save(Calculator()).ok and SLOT in store.items


def test_a_corrupt_save_that_cannot_be_kept_aside_is_never_overwritten() -> None:
    store = MemoryStore(quota=60)
    store.set(SLOT, "x" * 30)
    saves = CalculatorSaves(store, clock)
    opened = saves.open()
    assert "too full to keep them aside" in opened.notice
    assert saves.save(Calculator()).message == BLOCKED_MESSAGE
    assert store.items[SLOT] == "x" * 30
    saves.discard_blocked()
    store.quota = None
    assert saves.save(Calculator()).ok


def test_a_full_or_missing_store_says_so_and_the_calculator_goes_on() -> None:
    store = MemoryStore(quota=10)
    saves = CalculatorSaves(store, clock)
    result = saves.save(Calculator())
    assert not result.ok and result.message == FULL_MESSAGE
    store.available = False
    assert "does not let the page store" in saves.save(Calculator()).message
    assert "does not let the page store" in CalculatorSaves(store, clock).open().notice


def test_another_tabs_save_is_followed() -> None:
    store = MemoryStore()
    mine, theirs = CalculatorSaves(store, clock), CalculatorSaves(store, clock)
    mine.save(Calculator())
    assert mine.changed_elsewhere() is None
    other = calculator_of(finished(2, 3))
    theirs.open()
    theirs.save(other)
    assert mine.changed_elsewhere().dumps() == other.dumps()
    assert mine.changed_elsewhere() is None


# --- Panels -----------------------------------------------------------------------------------


def test_the_scorepad_is_the_engines_breakdown_with_the_winner() -> None:
    game = finished(3, 5)
    calc = calculator_of(game)
    calc.rename(0, "<b>Ann</b>")
    scores, result = calc.scores(), calc.result()
    html = panels.scorepad_html(calc, scores, result)
    for score in scores:
        for line in score.kinds.values():
            assert f"{line.value} × {line.stars} =</span> <b>{line.points}</b>" in html
        assert f"<b>{score.total}</b>" in html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html.replace("&lt;", "")
    assert panels.escape(result.explanation) in html
    assert "Rebuild the cities" in panels.scorepad_html(Calculator(), Calculator().scores(), None)


def test_the_catalogue_marks_used_tiles_and_tiles_of_other_cities() -> None:
    html = panels.tiles_html([1, 2, 3], frozenset({2}), {3: "Bob & Co"}, 1)
    assert html.count('class="cat-tile') == 3
    assert 'class="cat-tile used" data-tile="2"' in html and 'aria-disabled="true"' in html
    assert 'class="cat-tile elsewhere" data-tile="3"' in html and "Bob &amp; Co" in html
    assert 'class="cat-tile held" data-tile="1" aria-pressed="true"' in html
    filters = panels.filters_html(frozenset({"market"}), 12)
    assert 'data-filter="market" aria-pressed="true"' in filters and "12 of 61 tiles" in filters


def test_the_explanation_gives_every_verdicts_reason_and_names_its_district() -> None:
    """The explanation is every page's (``common.explain``): each district's reason, on a line
    naming its cell; the picture's tooltips say each district's verdict in the same words."""
    game = finished(2, 3)
    score = game.score(0)
    html = panels.explanation_html("Ann", score)
    assert html.startswith("<h3>Why: Ann’s city</h3>")
    for verdict in score.hexes:
        assert panels.escape(str(verdict.reason)) in html
        assert re.search(rf'data-cells="[^"]*(?<![\d-]){verdict.cell[0]},{verdict.cell[1]}\b', html)
        assert verdict_line(verdict).startswith(verdict.kind.capitalize())
    picture = svg.city(game, player=0, explain=True)
    ET.fromstring(picture)
    for verdict in score.hexes:
        assert panels.escape(scene.verdict_title(verdict)) in picture


def test_the_brush_palette_and_the_tabs() -> None:
    painter = Painter()
    painter.choose(kind=Kind.GARDEN_PLAZA, level=9)
    html = panels.palette_html(painter)
    assert html.count('<button type="button" class="swatch') == 12
    assert f'data-kind="{int(Kind.GARDEN_PLAZA)}" aria-pressed="true"' in html
    assert 'data-level="10" aria-label="Higher level" disabled' in html
    calc = calculator_of(finished(2, 3))
    scores = calc.scores()
    tabs = panels.tabs_html(calc, scores, calc.result(scores))
    assert tabs.count('role="tab"') == 2 and 'data-action="add-player"' in tabs
    assert '<span class="crown"' in tabs


def test_link_and_embed_snippet() -> None:
    text = "C1;c=ec4f7d;st=0;m=24@0,2:0.7@1,0:3"
    page = "https://example.org/akropolis/calculator.html#C1;old"
    assert panels.page_link(page, text) == f"https://example.org/akropolis/calculator.html#{text}"
    snippet = panels.embed_snippet(page, text, 'Ann "the" <Builder>')
    assert snippet.startswith(f'<iframe src="https://example.org/akropolis/embed.html#{text}"\n')
    assert 'loading="lazy"' in snippet and "&lt;Builder&gt;" in snippet
    assert "&quot;the&quot;" in snippet
