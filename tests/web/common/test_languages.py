"""Which language a visit uses: the embed's ``lang=``, else the player's remembered choice,
else the browser's languages, else English; anything unknown is passed over."""

from __future__ import annotations

import pytest

from common.languages import LANGUAGES, NATIVE_NAMES, SOURCE, choose, spoken


def test_english_is_the_source_and_every_language_names_itself() -> None:
    assert LANGUAGES[0] == SOURCE == "en"
    assert set(NATIVE_NAMES) == set(LANGUAGES)


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("FR_be", "fr"),
        (" pl-PL ", "pl"),
        ("en-GB", "en"),
        ("de", None),
        ("", None),
        ("-", None),
        (None, None),
        (42, None),
        ("frx", None),
    ],
)
def test_a_browser_tag_maps_to_a_language_spoken_here_or_none(tag, expected) -> None:
    assert spoken(tag) == expected


def test_the_embeds_lang_wins_over_the_remembered_choice_and_the_browser() -> None:
    assert choose("pl", "fr", ["en-US"]) == "pl"


def test_the_remembered_choice_wins_over_the_browser() -> None:
    assert choose(None, "fr", ["pl-PL", "en"]) == "fr"


def test_the_first_browser_language_spoken_here_is_taken() -> None:
    assert choose(None, None, ["de-DE", "pl", "fr"]) == "pl"


def test_unknown_or_hostile_values_fall_through_to_english() -> None:
    assert choose("xx", "<script>", ["de", None, 7]) == "en"
    assert choose() == "en"
