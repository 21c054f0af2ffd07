"""The score calculator's words in the visit's language: every sentence its pure modules show
goes through the catalogs (the pseudo-language finds any that does not), and the extractor
reads every sentence of the pages' Python."""

from __future__ import annotations

from pathlib import Path

import pytest

import common.i18n as i18n
from akropolis.records import RecordError
from calculator import panels
from calculator.city import Builder, Painter
from calculator.model import Calculator
from calculator.state import read_state
from tests.web import words
from tests.web.calculator.test_model import calculator_of, finished
from tools.catalogs import extract

ROOT = Path(__file__).resolve().parents[3]
#: The players' names (data, never translated).
NAMES = {"Ann", "Bob"}


def untranslated(html: str) -> set[str]:
    """The words of ``html`` that escape translation (``tests.web.words``)."""
    return words.untranslated(html, NAMES)


def test_the_panels_show_no_word_outside_the_catalogs(pseudo) -> None:
    calc = calculator_of(finished(2, 3))
    assert calc.rename(0, "Ann") is None and calc.rename(1, "Bob") is None
    scores = calc.scores()
    result = calc.result(scores)
    solo = Calculator([calc.players[0]])
    shown = [
        panels.tabs_html(calc, scores, result),
        panels.filters_html(frozenset({"market"}), 12),
        panels.filters_html(frozenset(), 61),
        panels.tiles_html([1, 2, 3], frozenset({2}), {3: "Bob"}, 1),
        panels.tiles_html([], frozenset(), {}, None),
        panels.palette_html(Painter()),
        panels.scorepad_html(calc, scores, result),
        panels.scorepad_html(solo, solo.scores(), solo.result()),
        panels.scorepad_html(Calculator(), Calculator().scores(), None),
        panels.explanation_html("Bob", scores[0]),
        panels.explanation_html("Bob", Calculator().scores()[0]),
        panels.share_note("Bob", True, 1, frozenset({"houses", "gardens"}), 1),
        panels.share_note("Bob", False, 3, frozenset(), 54),
        # the frame, less the host page's script: code for that page's developers, in the
        # the documentation's words (common.embedding)
        panels.embed_snippet("https://example.org/calculator.html", "C1;st=0;m=", "Bob").split(
            "<script>"
        )[0],
    ]
    for html in shown:
        assert not untranslated(html), html


def test_the_models_lines_are_translated(pseudo) -> None:
    builder, painter, calc = Builder(), Painter(), Calculator()
    lines = [
        builder.pick(62)[1],
        builder.place()[1],
        builder.undo(),
        builder.pick(24, "tap")[1],
        builder.place((9, 9))[1],
        builder.place((0, 2))[1],
        builder.pick(24)[1],
        builder.undo(),
        painter.hint((0, 1), "tap")[1],
        painter.hint((9, 9))[1],
        painter.paint((0, 1))[1],
        painter.undo(),
        painter.undo(),
        calc.rename(0, "\u200b"),
        calc.rename(0, "A" * 41),
        calc.set_stones(0, "x"),
        calc.add_player(),
        calc.remove_player(2),
        calc.set_mode("hexes"),
        calc.set_mode("tiles"),
        calc.open_shared("C1;v=g;st=3;m=24@0,2:0.7@1,0:3"),
    ]
    painter.choose()
    lines += [painter.hint((0, 0), "tap")[1], painter.hint((0, 0))[1]]
    for line in lines:
        assert line.startswith("⟦") and not untranslated(line), line
    assert calc.players[0].name == "⟦Pláyér 1⟧"  # default names are the language's


def test_a_saved_states_problem_is_a_sentence_of_the_catalogs(pseudo) -> None:
    with pytest.raises(RecordError) as caught:
        read_state('{"format": "akropolis-calculator"}')
    assert i18n.explain(caught.value).startswith("⟦")


def test_the_extractor_reads_every_sentence_of_the_shared_pages_python() -> None:
    folders = ("web/calculator", "web/embed", "web/common", "web/browser")
    paths = sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))
    messages = {message.msgid for message in extract(paths, ROOT)}
    assert {"Painted a market plaza on level {level} at {cell}.", "Player {number}"} <= messages
