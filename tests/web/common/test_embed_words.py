"""The embed's HTML: the scorepad is the engine's score, the reasons are the engine's verdicts,
and every name is escaped."""

from __future__ import annotations

import re

from akropolis import records, score_city
from akropolis.checks import VARIANTS
from common import embed_words as embed_panels
from common import explain, replay_panels

CITY = (
    "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"
    ".25@-1,-3:4.10@-5,4:1.20@-4,2:4"
)


def city_score():
    record = records.load(CITY)
    return score_city(record.build(), record.variants, record.stones), record.variants


def test_the_scorepad_is_the_engines_score_line_by_line() -> None:
    score, variants = city_score()
    html = replay_panels.breakdown_html(score, variants)
    rows = dict(re.findall(r'data-kind="(\w+)" data-points="(\d+)"', html))
    assert rows == {
        **{name: str(line.points) for name, line in score.kinds.items()},
        "stones": str(score.stones),
        "total": str(score.total),
    }
    for name, line in score.kinds.items():
        assert f"{line.value} × {line.stars}</td>" in html.split(f'data-kind="{name}"')[1]
    assert html.count('class="variant"') == len(variants) == 1


def test_a_tried_tile_shows_the_changes_and_the_chosen_kind_stands_out() -> None:
    score, variants = city_score()
    record = records.load(CITY)
    richer = score_city(record.build(), variants, record.stones + 3)
    html = replay_panels.breakdown_html(richer, variants, before=score, kind="markets")
    assert html.count('class="delta up">+3</span>') == 2  # stones and total
    assert 'class="kind chosen" data-kind="markets"' in html


def test_the_verdicts_are_the_engines_grouped_by_kind_mark_and_reason() -> None:
    """The embed lists the explanation every page shares (``common.explain``): each district
    once, on the line of its kind, mark and reason, kinds in scorepad order."""
    score, _ = city_score()
    html = explain.lines_html(score)
    lines = re.findall(
        r'data-kind="(\w+)"><button[^>]*data-cells="([^"]*)" data-mark="(\w+)"', html
    )
    by_cell = {f"{v.cell[0]},{v.cell[1]}": v for v in score.hexes}
    named = [cell for _kind, cells, _mark in lines for cell in cells.split()]
    assert sorted(named) == sorted(by_cell)
    for kind, cells, mark in lines:
        for cell in cells.split():
            assert (
                explain.PLURALS[by_cell[cell].kind] == kind
                and explain.mark_of(by_cell[cell]) == mark
            )
    kinds = [kind for kind, _cells, _mark in lines]
    assert kinds == sorted(kinds, key=VARIANTS.index)
    assert "next to another market" in html and "not surrounded on all six sides" in html


def test_a_chosen_kind_lists_only_its_verdicts() -> None:
    score, _ = city_score()
    html = explain.lines_html(score, "markets")
    assert set(re.findall(r'data-kind="(\w+)"', html)) == {"markets"}
    empty = score_city(records.load("C1;m=").build())
    assert explain.lines_html(empty) == '<li class="none">No districts yet.</li>'


def test_names_are_escaped_in_tabs_and_legend() -> None:
    game = records.load("A1;p=2;n=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E|%22%3E%3Cb;s=1;m=")
    tabs = replay_panels.players_html(game, 1, (1, 2))
    legend = replay_panels.legend_html(game.names, (1, 2))
    for html in (tabs, legend):
        assert game.names[0] not in html and game.names[1] not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html and "&quot;&gt;&lt;b" in html
    assert 'data-player="1" aria-pressed="true"' in tabs


def test_the_first_words_are_the_readers_gesture() -> None:
    """A touch screen taps: no "point at" or "click" on it; a mouse points and clicks."""
    assert embed_panels.first_words("tap", False, True) == (
        "Tap a district to see why it counts or not."
    )
    assert embed_panels.first_words("click", False, True) == (
        "Point at a district to see why it counts or not."
    )
    assert embed_panels.first_words("tap", True, True) == (
        "Tap a spot to see the tile there, then “Place here” to place it."
    )
    assert embed_panels.first_words("click", True, False) == (
        "Point at a spot to see the tile there; click to place it."
    )
    assert embed_panels.first_words("key", False, True) == (
        "Point at a district to see why it counts or not."
    )
    assert embed_panels.first_words("tap", False, False) is None
    for trying in (False, True):
        assert "oint" not in embed_panels.first_words("tap", trying, True)
        assert "lick" not in embed_panels.first_words("tap", trying, True)
