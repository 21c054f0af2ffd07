"""The scoring explained, one module for every page: four marks, each a shape and words of its
own, the districts grouped by mark and reason, each line naming its cells."""

from __future__ import annotations

import re

from akropolis import City, Kind, records, score_city
from common.explain import explanation_html, groups, legend_html, mark_of

CITY = "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"


def test_every_district_has_one_mark_and_a_district_without_its_plaza_scores_nothing() -> None:
    record = records.load(CITY)
    score = score_city(record.build(), record.variants, record.stones)
    marks = {mark_of(v) for v in score.hexes}
    assert marks <= {"counts", "doubled", "starless", "misses"}
    for verdict in score.hexes:
        mark = mark_of(verdict)
        assert (mark == "misses") == (not verdict.counts)
        assert (mark == "starless") == (verdict.counts and verdict.points == 0)
    # a painted city with markets but no market plaza: they meet their condition, and score 0
    city = City.from_hexes([((0, 0), Kind.HOUSE_PLAZA, 1), ((1, 0), Kind.MARKET, 1)])
    market = next(v for v in score_city(city).hexes if v.kind == "market")
    assert market.counts and market.points == 0 and mark_of(market) == "starless"


def test_the_explanation_groups_districts_and_names_their_cells() -> None:
    record = records.load(CITY)
    score = score_city(record.build(), record.variants, record.stones)
    html = explanation_html(score)
    assert html.count('class="why-kind"') == 5
    lines = re.findall(r'data-cells="([^"]*)" data-mark="(\w+)"', html)
    named = sorted(cell for cells, _mark in lines for cell in cells.split())
    assert named == sorted(f"{q},{r}" for q, r in (v.cell for v in score.hexes))
    for kind in ("houses", "markets"):
        for mark, _reason, cells in groups(score.hexes, kind):
            assert all(mark_of(next(v for v in score.hexes if v.cell == c)) == mark for c in cells)
    assert " count: " in html or " counts: " in html


def test_the_legend_says_every_mark_in_words() -> None:
    legend = legend_html()
    for mark in ("✓", "×2", "☆", "✗"):
        assert mark in legend
    for words in ("counts", "doubled by a variant", "no plaza of its kind", "does not count"):
        assert words in legend
