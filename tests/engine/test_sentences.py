"""The engine's sentences (akropolis.sentences): English text that keeps its template and values,
and the refusals of the engine made of them, each found by the catalogs' extractor."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from akropolis import City, Game, IllegalMoveError, Move, notation, records
from akropolis.checks import MAX_MESSAGE_LENGTH, check_name, cut_message
from akropolis.game import Options
from akropolis.records import CityRecord, RecordError
from akropolis.sentences import N_, Plural, Sentence, stone_count
from tools.catalogs import ExtractionError, extract

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "akropolis"
#: The engine's top layer (the command line), which the pages never run.
TOP = ("cli.py", "simulate.py", "__main__.py")


def rules_and_formats() -> list[Path]:
    """The engine's rules and formats modules (every module but the command line's)."""
    return [path for path in sorted(ENGINE.glob("*.py")) if path.name not in TOP]


# --- Sentences ---------------------------------------------------------------------------------


def test_a_sentence_is_its_english_text_and_keeps_its_template_and_values() -> None:
    sentence = Sentence("tile {tile} is not in the construction site", tile=18)
    assert isinstance(sentence, str)
    assert sentence == "tile 18 is not in the construction site"
    assert str(sentence) == "tile 18 is not in the construction site"
    assert sentence.template == "tile {tile} is not in the construction site"
    assert sentence.values == {"tile": 18}
    assert sentence.plural is None and sentence.count is None


def test_a_sentence_without_values_is_its_template() -> None:
    sentence = Sentence("the game is over")
    assert sentence == sentence.template == "the game is over"
    assert sentence.values == {}


@pytest.mark.parametrize(("count", "english"), [(0, "0 stones"), (1, "1 stone"), (3, "3 stones")])
def test_a_plural_picks_the_singular_for_one_and_the_plural_otherwise(
    count: int, english: str
) -> None:
    sentence = Plural("{count} stone", "{count} stones", count)
    assert sentence == english
    assert sentence.template == "{count} stone"
    assert sentence.plural == "{count} stones"
    assert sentence.count == count
    assert stone_count(count) == english
    assert stone_count(count).plural == "{count} stones"


def test_a_plural_has_values_besides_its_count() -> None:
    sentence = Plural("{name} has {count} stone", "{name} has {count} stones", 2, name="Ann")
    assert sentence == "Ann has 2 stones"
    assert sentence.values == {"name": "Ann"}  # the count is kept apart
    assert sentence.count == 2


def test_a_tuple_of_names_is_joined_with_and() -> None:
    assert Sentence("{names} share the victory", names=("Ann", "Bob")) == (
        "Ann and Bob share the victory"
    )
    assert Sentence("{names} win", names=("Ann", "Bob", "Cy")) == "Ann and Bob and Cy win"
    assert Sentence("{names} wins", names=("Ann",)) == "Ann wins"


def test_a_sentence_may_hold_another() -> None:
    cost = stone_count(2)
    inner = Sentence("it costs {cost}", cost=cost)
    outer = Sentence("move {number}: {reason}", number=7, reason=inner)
    assert outer == "move 7: it costs 2 stones"
    assert outer.values["reason"] is inner
    assert outer.values["reason"].values["cost"] is cost


def test_a_table_of_marked_sentences_is_filled_where_it_is_used() -> None:
    table = {"over": N_("the game is over")}
    assert table["over"] == "the game is over" and not isinstance(table["over"], Sentence)
    assert Sentence(table["over"]).template == "the game is over"


@pytest.mark.parametrize(
    "sentence",
    [
        Sentence("the game is over"),
        Sentence("{where}: {reason}", where="players[0]", reason=Sentence("the file is empty")),
        Plural("{count} stone", "{count} stones", 1),
        Plural("{name} has {count} stone", "{name} has {count} stones", 4, name="Ann"),
        Sentence("{names} share the victory", names=("Ann", "Bob")),
    ],
)
@pytest.mark.parametrize(
    "copied", [lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy, copy.copy]
)
def test_pickling_and_copying_keep_the_template_and_values(
    sentence: Sentence, copied: Callable[[Sentence], Sentence]
) -> None:
    again = copied(sentence)
    assert isinstance(again, Sentence)
    assert again == sentence
    assert (again.template, again.plural, again.count) == (
        sentence.template,
        sentence.plural,
        sentence.count,
    )
    assert again.values == sentence.values
    for key, value in sentence.values.items():
        if isinstance(value, Sentence):
            assert again.values[key].template == value.template


def test_an_error_holding_a_sentence_pickles_with_it() -> None:
    error = RecordError(Sentence("move {number}: {reason}", number=3, reason=stone_count(2)))
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) == "move 3: 2 stones"
    assert again.args[0].template == "move {number}: {reason}"
    assert again.args[0].values["reason"].plural == "{count} stones"


def test_a_cut_message_stays_a_sentence() -> None:
    fits = Sentence("the file is empty")
    assert cut_message(fits) is fits
    long = Sentence("{where}: {reason}", where="x" * 300, reason=Sentence("the file is empty"))
    cut = cut_message(long)
    assert isinstance(cut, Sentence)
    assert len(cut) == MAX_MESSAGE_LENGTH and cut.endswith("…")
    assert cut == ("x" * 300)[: MAX_MESSAGE_LENGTH - 1] + "…"
    assert cut.template == long.template and cut.values == long.values
    spaced = cut_message(Sentence("{name} wins", name="Ann  Lee"))
    assert spaced == "Ann Lee wins" and spaced.template == "{name} wins"
    assert cut_message("plain  text") == "plain text"


# --- The engine's refusals ---------------------------------------------------------------------


def refusal(action: Callable[[], object], error_type: type[Exception]) -> Sentence:
    """The sentence ``action`` is refused with, checked to be the error's whole English text."""
    with pytest.raises(error_type) as caught:
        action()
    sentence = caught.value.args[0]
    assert isinstance(sentence, Sentence), repr(sentence)
    assert str(caught.value) == sentence
    return sentence


def test_an_unaffordable_tile_is_refused_with_a_sentence() -> None:
    game = Game(seed=1, names=["Ann", "Bob"])
    tile = game.site[2]  # costs 2 stones; Ann has 1
    sentence = refusal(lambda: game.play(Move(tile, (0, 3), 0)), IllegalMoveError)
    assert sentence == f"cannot afford tile {tile}: it costs 2 stones and Ann has 1 stone"
    assert sentence.template == "cannot afford tile {tile}: it costs {cost} and {name} has {stones}"
    assert sentence.values["tile"] == tile
    assert sentence.values["name"] == "Ann"
    assert sentence.values["cost"].plural == "{count} stones"
    assert sentence.values["cost"].count == 2
    assert sentence.values["stones"].count == 1


def test_a_bad_move_of_a_record_is_refused_with_the_rule_it_breaks_inside() -> None:
    game = Game(seed=1)
    data = records.game_to_record(game)
    data["moves"] = [{"tile": game.site[3], "anchor": [0, 3], "rotation": 0}]
    sentence = refusal(lambda: records.read_game(data), RecordError)
    assert sentence.template == "move {number}: {reason}"
    assert sentence.values["number"] == 1
    reason = sentence.values["reason"]
    assert isinstance(reason, Sentence)
    assert reason.template.startswith("cannot afford tile {tile}")


def test_a_bad_name_in_a_record_says_where_and_what() -> None:
    data = records.game_to_record(Game(seed=1))
    data["players"][1]["name"] = ""
    sentence = refusal(lambda: records.read_game(data), RecordError)
    assert sentence == "players[1]: the name must have 1 to 40 characters, not 0"
    assert sentence.template == "{where}: {reason}"
    reason = sentence.values["reason"]
    assert reason.template == "{what} must have 1 to {limit} characters, not {length}"
    assert reason.values["what"].template == "the name"


def test_the_wrong_kind_of_record_is_one_whole_sentence() -> None:
    data = records.game_to_record(Game(seed=1))
    sentence = refusal(lambda: records.read_city(data), RecordError)
    assert sentence.template == "this is a game record, not a city record"


#: Ways into the engine, each refused (with the error type it raises).
REFUSED: list[tuple[str, Callable[[], object], type[Exception]]] = [
    ("players", lambda: Options(players=5), ValueError),
    ("all tiles", lambda: Options(players=4, all_tiles=True), ValueError),
    ("deck", lambda: Game(deck=[1, 1, 2]), ValueError),
    ("names", lambda: Game(names=["Ann"]), ValueError),
    ("same names", lambda: Game(names=["Ann", "ann"]), ValueError),
    ("name", lambda: check_name("a\x00b"), ValueError),
    ("kind", lambda: Game(kinds=["human", "robot"]), ValueError),
    ("architect", lambda: Game(3, kinds=[None, None, "architect:metagenes"]), ValueError),
    ("variant", lambda: Game(variants=["houses", "castles"]), ValueError),
    ("seed", lambda: Game(seed=-1), ValueError),
    ("turn", lambda: Game(seed=1).play(Move(Game(seed=1).site[0], (0, 3), 0), 1), IllegalMoveError),
    ("site", lambda: Game(seed=1).play(Move(61, (0, 3), 0)), IllegalMoveError),
    ("rotation", lambda: Game(seed=1).play(Move(9, (0, 3), 6)), IllegalMoveError),
    ("undo", lambda: Game(seed=1).undo(), IllegalMoveError),
    ("adjacent", lambda: City().place(Move(9, (40, 40), 0)), IllegalMoveError),
    ("placements", lambda: City.from_placements([Move(9, (40, 40), 0)]), IllegalMoveError),
    ("hexes", lambda: City.from_hexes([]), ValueError),
    ("tile once", lambda: CityRecord(frozenset(), 0, (Move(9, (0, 3), 0),) * 2), ValueError),
    ("empty file", lambda: records.load(""), RecordError),
    ("json", lambda: records.load("{"), RecordError),
    ("key", lambda: records.load('{"a": 1, "a": 2}'), RecordError),
    ("version", lambda: records.load('{"format": "akropolis-city", "version": 9}'), RecordError),
    ("notation", lambda: records.load("A1;p=5"), RecordError),
    ("notation move", lambda: records.load("A1;p=2;s=1;m=18@0,2"), RecordError),
    ("notation names", lambda: records.load("A1;p=3;n=Ann|Bob"), RecordError),
    ("notation seed", lambda: records.load("A1;p=2;s=x"), RecordError),
    ("notation field", lambda: records.load("C1;q=1"), RecordError),
    ("notation check", lambda: records.load("C1;c=000000;st=1"), RecordError),
    ("notation length", lambda: notation.parse("C1;" + "x" * 10_000), RecordError),
    ("notation header", lambda: notation.parse("B1;p=2"), RecordError),
    ("notation hex", lambda: notation.parse("C1;h=0,0:x1"), RecordError),
]


def templates(sentence: Sentence) -> list[Sentence]:
    """``sentence`` and every sentence among its values, at any depth."""
    found = [sentence]
    for value in sentence.values.values():
        if isinstance(value, Sentence):
            found += templates(value)
    return found


@pytest.mark.parametrize(
    ("action", "error_type"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_every_refusal_is_a_sentence_the_catalogs_hold(
    action: Callable[[], object], error_type: type[Exception]
) -> None:
    """The refusal and each sentence inside it is one the extractor finds in the engine."""
    known = {(m.msgid, m.msgid_plural) for m in extract(rules_and_formats(), ROOT)}
    for sentence in templates(refusal(action, error_type)):
        assert (sentence.template, sentence.plural) in known, sentence.template
        assert len(sentence) <= MAX_MESSAGE_LENGTH


def test_the_architect_says_why_it_must_take_its_tile() -> None:
    game = Game(seed=1, kinds=["human", "architect:hippodamos"])
    game.play(game.legal_moves()[0])
    forced = game.forced_move()
    assert forced is not None
    other = next(tile for tile in game.site if tile != forced.tile)
    sentence = refusal(lambda: game.play(Move(other, forced.anchor, 0)), IllegalMoveError)
    assert sentence.template == "the Illustrious Architect must take tile {tile}: {reason}"
    assert sentence.values["reason"].template.startswith("the ")
    sentence = refusal(
        lambda: game.play(Move(forced.tile, (9, 9), forced.rotation)), IllegalMoveError
    )
    assert sentence.values["move"] == str(forced.move)


# --- The catalogs ------------------------------------------------------------------------------


def test_the_catalogs_read_every_sentence_of_the_rules_and_formats() -> None:
    """No sentence of the engine is made of pieces (the extractor would refuse it)."""
    try:
        messages = extract(rules_and_formats(), ROOT)
    except ExtractionError as error:  # pragma: no cover - the failure says where
        pytest.fail(str(error))
    found = {m.msgid: m for m in messages}
    afford = found["cannot afford tile {tile}: it costs {cost} and {name} has {stones}"]
    assert [where.split(":")[0] for where in afford.references] == ["engine/akropolis/game.py"]
    assert found["{count} stone"].msgid_plural == "{count} stones"
    assert found["{count} names given for {players} players"].msgid_plural is not None
    for msgid in (
        "move {number}: {reason}",  # from records, and a table of notation (N_)
        "placement {number}: {reason}",
        "{where}: {reason}",
        "the name",
        "the tile is not adjacent to the city",
        "unsupported version {value} (this program reads version {version})",
    ):
        assert msgid in found, msgid
