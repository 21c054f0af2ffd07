"""The shared modules' words in the visit's language: a scorepad, a verdict, a tile in hand and
what the saves say are sentences of the catalogs, English where no catalog is chosen."""

from __future__ import annotations

import pytest

import common.i18n as i18n
from akropolis import Game, records, score_city
from common.hand import describe_tile, hold_hint
from common.i18n import Translator, translate
from common.saves import BLOCKED_MESSAGE, Kept, MemoryStore, Saves, describe
from common.scorepad import score_rows, verdict_line

CITY = "C1;v=m;st=2;m=37@0,1:2.34@2,1:3.21@4,2:5.12@0,2:1.16@-1,-1:0.2@-3,2:1.33@1,-4:4"


@pytest.fixture
def pseudo():
    i18n.use(Translator(i18n.PSEUDO))
    yield
    i18n.use(Translator())


def test_a_verdict_is_the_pictures_words_as_a_sentence() -> None:
    record = records.load(CITY)
    verdict = score_city(record.build(), record.variants, record.stones).hexes[0]
    q, r = verdict.cell
    assert verdict_line(verdict).startswith(f"{verdict.kind.capitalize()} at {q},{r}, level ")


def test_the_shared_words_are_translated(pseudo) -> None:
    record = records.load(CITY)
    score = score_city(record.build(), record.variants, record.stones)
    assert verdict_line(score.hexes[0]).startswith("⟦")
    rows = "".join(score_rows([score], {0}))
    assert "⟦Hóúsés⟧" in rows and "⟦Tótál⟧" in rows and "⟦Stóñés⟧" in rows
    assert describe_tile(24).startswith("⟦Tílé 24: ")
    assert translate(hold_hint("tap")).startswith("⟦")


def test_what_the_saves_say_is_a_sentence_told_in_the_pages_language(pseudo) -> None:
    game = Game(2, seed=3, names=["Ann", "Bob"])
    said = describe(game)
    assert said == "Ann vs Bob: move 1, Ann to play"  # English text, as the record keeps it
    assert translate(said).startswith("⟦") and "Ann" in translate(said)
    assert translate(Kept("k", "now", "replaced", "", "{bad").label).startswith("⟦")
    assert translate(Kept("k", "now", "replaced", "", "{bad").summary).startswith("⟦")
    saves = Saves(MemoryStore(), lambda: "2025-01-01T00:00:00Z")
    saves.blocked, saves.known = True, None
    assert saves.save(game).message == BLOCKED_MESSAGE
    assert translate(saves.save(game).message).startswith("⟦")
