"""The game page's words in the visit's language: every sentence the pure modules of web/game
show goes through the catalogs (the pseudo-language finds any that does not), plurals follow
the count, and the extractor reads every sentence of these modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from akropolis import Game
from common.saves import Kept
from game import link_games, opponents, panels, share
from game.newgame import NewGameForm, SetupError
from game.table import Table
from tests.web import words
from tools.catalogs import extract

ROOT = Path(__file__).resolve().parents[3]
NAMES = {"Ann", "Bob", "Hal", "Metagenes"}
#: The scorepad's rows of common.scorepad that web/game does not name (its module's own words).
SCOREPAD = {"Quarries", "Total"}


def untranslated(html: str) -> set[str]:
    """The words of ``html`` that escape translation (``tests.web.words``)."""
    return words.untranslated(html, NAMES | SCOREPAD, pictures=True)


def finished(kinds=("human", "architect:metagenes"), names=("Ann", "Metagenes")) -> Game:
    game = Game(2, seed=6, kinds=list(kinds), names=list(names))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def test_the_panels_show_no_word_outside_the_catalogs(pseudo) -> None:
    game = Game(2, seed=6, kinds=["human", "architect:metagenes"], names=["Ann", "Metagenes"])
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    shown = [
        panels.site_html(game, 1),
        panels.status_html(game),
        panels.status_html(game, thinking=True),
        panels.status_html(game, paused=True),
        panels.city_facts(game, 0, True),
        panels.players_html(game, 0, True, {}, thinking=1),
        panels.log_html(game),
        panels.kept_html([]),
    ]
    over = finished()
    shown += [panels.scorepad_html(over), panels.game_over_line(over), panels.status_html(over)]
    for html in shown:
        assert not untranslated(html), html


def test_the_form_the_tables_lines_and_the_links_words_are_translated(pseudo) -> None:
    form = NewGameForm()
    assert form.names == ["", ""]  # as typed: placeholders until then
    assert form.create().names == ("⟦Pláyér 1⟧", "⟦Pláyér 2⟧")  # the language's own defaults
    for html in (form.seats_html(), form.solo_html()):
        assert not untranslated(html), html
    form.read({"names": ["Ann", "Ann"]})
    with pytest.raises(SetupError) as refused:
        form.create()
    assert str(refused.value).startswith("⟦Pláyérs 1 áñd 2")
    table = Table(Game(2, seed=1, names=["Ann", "Bob"]))
    assert table.pick(3).startswith("⟦Thát tílé çósts 3 stóñés")
    assert not untranslated(table.place((9, 9))[1])
    game = Game(2, seed=3, names=["Ann", "Bob"])
    game.play(game.legal_moves()[0])
    for line in (
        share.position_summary(game),
        share.turn_line(game, 0),
        share.last_move(game).line,
        opponents.describe_move("Hal", game.legal_moves()[-1]),
        opponents.seat_label("ai:hard"),
        opponents.seat_label("architect:callicrates"),
    ):
        assert not untranslated(line), line
    with pytest.raises(share.LinkError) as refused:
        share.read_link("#" + "x" * (share.MAX_LINK_LENGTH + 1))
    assert str(refused.value).startswith("⟦ít ís tóó lóñg")
    title, body = link_games.cleanup_question(2)
    assert not untranslated(title) and not untranslated(body)


def test_kept_games_and_games_by_link_are_listed_in_the_visits_language(pseudo) -> None:
    kept = Kept("akropolis.kept.1", "2026-01-01", "unreadable", "", "{oops")
    html = panels.kept_html([(kept, "1 Jan")])  # why and what it is: common.saves's words
    assert "⟦Dówñlóád⟧</button>" in html and "⟦Délété⟧</button>" in html
    assert "⟦Nó gámés áré képt ásídé.⟧" in panels.kept_html([])
    slot = link_games.read_slot("0" * 16, "{oops")
    listed = link_games.Listed(slot, None, "")
    html = panels.link_games_html([(listed, "1 Jan", True)])
    assert "⟦Dówñlóád ⟦úñréádáblé: " in html  # the button names the game, as one sentence


def test_counts_choose_their_plural() -> None:
    game = Game(2, seed=1)
    game.play(next(m for m in game.legal_moves() if m.site_index == 1 and not m.stones_gained))
    game.play(next(m for m in game.legal_moves() if not m.stones_gained))
    assert Table(game).pick(1) == "That tile costs 1 stone; you have 0."
    assert Table(Game(2, seed=1)).pick(3) == "That tile costs 3 stones; you have 1."


def test_every_sentence_of_the_game_modules_is_extracted() -> None:
    paths = sorted((ROOT / "web" / "game").glob("*.py"))
    found = {(message.msgctxt, message.msgid) for message in extract(paths, ROOT)}
    for sentence in (
        (None, "Tile {tile}, free (key {key})"),
        (None, "Game over: {names} win with {count} point."),
        (None, "Computer · hard"),
        (
            None,
            "{name} (the Illustrious Architect, hard) scores by the solo rules: every visible "
            "district counts, 2 points each, times its plaza stars; then 1 point per stone.",
        ),
        ("difficulty", "medium"),
        ("district kind", "Markets"),
        ("players of a game", "{start} vs {next}"),
        (None, "Player {number}"),
    ):
        assert sentence in found
