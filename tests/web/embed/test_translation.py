"""The embed's words in the visit's language: its scorepad, verdicts, chart, captions, try it
and refusals go through the catalogs (the pseudo-language finds any word that does not)."""

from __future__ import annotations

import pytest

from akropolis import Game, records, score_city
from common import explain, replay_panels, score_chart
from common.embed_options import LinkError, parse_query, read_fragment, read_subject
from common.replay import Replay, score_history
from tests.web import words
from tests.web.common.test_tryit import CITY, fresh


def untranslated(html: str) -> set[str]:
    """The words of ``html`` that escape translation (``tests.web.words``)."""
    return words.untranslated(html, {"Ann", "Bob"})


def test_the_panels_and_the_chart_show_no_word_outside_the_catalogs(pseudo) -> None:
    record = records.load(CITY)
    score = score_city(record.build(), record.variants, record.stones)
    game = Game(2, seed=1, names=["Ann", "Bob"])
    for _move in range(4):
        game.play(game.legal_moves()[-1])
    shown = [
        replay_panels.breakdown_html(score, record.variants, before=score, kind="markets"),
        explain.lines_html(score),
        explain.explanation_html(score),
        score_chart.chart_svg(score_history(game), 2, 300, 120),
    ]
    replay = Replay(game)
    shown.append(replay.caption())
    replay.seek(0)
    shown.append(replay.caption())
    tryit = fresh()
    shown += [tryit.place((99, 99))[1], tryit.place(tryit.legal_anchors()[0])[1]]
    shown += [tryit.place()[1], tryit.undo(), tryit.undo()]
    for html in shown:
        assert not untranslated(html), html


def test_a_refused_link_says_why_in_the_pages_language(pseudo) -> None:
    for refuse in (
        lambda: read_fragment("#"),
        lambda: read_fragment("x" * 20_000),
        lambda: read_subject("C1;st=1;m=24@9,9:0"),
        lambda: read_subject("<b>"),
        lambda: parse_query("?kind=%3Cb%3E"),
    ):
        with pytest.raises(LinkError) as caught:
            refuse()
        assert str(caught.value).startswith("⟦"), caught.value
