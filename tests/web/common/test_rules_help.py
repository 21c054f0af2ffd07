"""The rules help: the clarifications docs/rules.md says it states, the solo game, well-formed."""

from __future__ import annotations

from html.parser import HTMLParser

from akropolis.architect import ARCHITECTS
from common import rules_help

VOID = {"br", "img", "hr"}


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()

    def handle_data(self, data) -> None:
        self.text.append(data)


def _text() -> str:
    checker = _Checker()
    checker.feed(rules_help.html())
    checker.close()
    assert not checker.open
    return " ".join(" ".join(checker.text).split())


def test_the_rules_help_is_well_formed() -> None:
    assert _text().startswith("How to play Akropolis")


def test_the_rules_help_says_three_players_with_all_tiles_use_14_stacks() -> None:
    assert "14 stacks of 4 (the rulebook says 15" in _text()


def test_the_rules_help_names_the_other_barracks_reading() -> None:
    assert "some players also count holes" in _text()


def test_the_rules_help_explains_the_solo_game() -> None:
    text = _text()
    assert "Solo against an Illustrious Architect" in text
    for architect in ARCHITECTS.values():
        assert architect.name in text
    assert "The stones you pay for a tile go to the Illustrious Architect" in text
    assert "cheapest tile with a plaza it can afford, otherwise the first tile" in text
    assert "every district it has" in text
    assert "or equal points and strictly more stones" in text


def test_the_rules_help_explains_the_computer_levels_and_hint() -> None:
    text = _text()
    for level in ("easy", "medium", "hard", "Hint"):
        assert level in text
