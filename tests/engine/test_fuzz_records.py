"""Fuzzing the readers: whatever data or text comes in, ``records`` and ``notation`` give a valid
game or city that round-trips, or a RecordError with one short line — never anything else.

Promises 1–3 and 6 of the fuzz suite; the example counts are the constants below.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from akropolis import notation, records
from akropolis.records import CITY_FORMAT, GAME_FORMAT
from tests.engine.fuzzing import (
    BOUNDARY_INTS,
    ODD_CHARS,
    assert_round_trips,
    assert_short_message,
    city_records,
    edited,
    fuzz_settings,
    games,
    hostile_inside_json,
    hostile_json,
    json_values,
    odd_text,
    read_or_refuse,
    record_keys,
    record_like,
)

RANDOM_JSON_EXAMPLES = 2000
MUTATED_RECORD_EXAMPLES = 1000
MUTATED_TEXT_EXAMPLES = 1000
MUTATED_NOTATION_EXAMPLES = 1500


# --- Strategies -------------------------------------------------------------------------------

game_records = games().map(records.game_to_record)
any_records = game_records | city_records()

Path = tuple[Any, ...]


def _paths(value: Any, path: Path = ()) -> list[Path]:
    """The path of every value inside ``value`` (keys and indexes), the root first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _get(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: Path, value: Any) -> Any:
    """``doc`` with the value at ``path`` replaced (the root when the path is empty)."""
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _swap_type(value: Any, how: int) -> Any:
    """``value`` as another JSON type (a number as text, a list as an object, …)."""
    if how == 0:
        return json.dumps(value) if not isinstance(value, str) else [value]
    if how == 1:
        return float(value) if isinstance(value, int) else None
    if how == 2:
        return {"value": value} if not isinstance(value, list) else dict(enumerate(map(str, value)))
    if how == 3:
        return list(value.values()) if isinstance(value, dict) else [value]
    return value is not None and not isinstance(value, (dict, list)) and bool(value)


EDIT_COUNTS = st.sampled_from((1, 1, 1, 2, 3, 4))
NUDGES = st.integers(-3, 3) | st.sampled_from(BOUNDARY_INTS)
FORMATS = st.sampled_from([GAME_FORMAT, CITY_FORMAT, "akropolis-Game", "akropolis-game ", ""])
VERSIONS = st.sampled_from([0, 2, -1, "1", 1.0, True, None, 10**30, [1]])


@st.composite
def mutated(draw: st.DrawFn, record: dict) -> Any:
    """``record`` with 1–4 structural mutations anywhere in it."""
    doc: Any = copy.deepcopy(record)
    for _ in range(draw(EDIT_COUNTS)):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        target = _get(doc, path)
        lists = [p for p in paths if isinstance(_get(doc, p), list) and _get(doc, p)]
        how = draw(
            st.sampled_from(
                ["delete", "add key", "replace", "nudge", "swap type", "list", "name", "header"]
            )
        )
        if how == "delete" and path:
            del _get(doc, path[:-1])[path[-1]]
        elif how == "add key" and isinstance(target, dict):
            target[draw(record_keys)] = draw(json_values)
        elif how == "nudge" and isinstance(target, int) and not isinstance(target, bool):
            doc = _set(doc, path, target + draw(NUDGES))
        elif how == "swap type":
            doc = _set(doc, path, _swap_type(target, draw(st.integers(0, 4))))
        elif how == "list" and lists:  # duplicate, drop or reorder moves (or any list)
            items = _get(doc, draw(st.sampled_from(lists)))
            i, j = draw(st.integers(0, len(items) - 1)), draw(st.integers(0, len(items) - 1))
            edit = draw(st.sampled_from(["duplicate", "drop", "swap", "shuffle"]))
            if edit == "duplicate":
                items.insert(j, copy.deepcopy(items[i]))
            elif edit == "drop":
                del items[i]
            elif edit == "swap":
                items[i], items[j] = items[j], items[i]
            else:
                items[:] = draw(st.permutations(items))
        elif how == "name" and isinstance(doc, dict) and isinstance(doc.get("players"), list):
            players = [p for p in doc["players"] if isinstance(p, dict)]
            if players:
                draw(st.sampled_from(players))["name"] = draw(odd_text)
        elif how == "header" and isinstance(doc, dict):
            key = draw(st.sampled_from(["format", "version"]))
            doc[key] = draw(FORMATS if key == "format" else VERSIONS)
        else:
            doc = _set(doc, path, draw(hostile_inside_json))
    return doc


JSON_PIECES = st.one_of(
    st.sampled_from(list('{}[]":,0123456789-.eE +\n\\')),
    st.sampled_from(ODD_CHARS),
    st.characters(codec="utf-8"),
    st.sampled_from(
        ["true", "null", "NaN", "Infinity", "1e999", "\\ud800", '"format"', "9" * 25, "A1;"]
    ),
    st.builds(str.__mul__, st.sampled_from(["[", '{"a":', "[{}", '"\\"']), st.integers(2, 3000)),
)
NOTATION_PIECES = st.one_of(
    st.sampled_from([*"0123456789;=@,:.|%-ACpnkvasdm", "st"]),
    st.sampled_from(list("0123456789;=@,:.-")),
    st.sampled_from(["٣", "۴", "²", "¹", "０", "−", "\u200b", " ", "\n", "%00", "%ff", "%C3"]),
    st.sampled_from(["%7C", "-0", "00", "18@0,2:0", ";m=", ";d=1.2", ";n=", ";k=human", "hmbtg"]),
    st.sampled_from(ODD_CHARS),
    st.characters(codec="utf-8"),
    st.builds(str.__mul__, st.sampled_from(["1", ".1@0,1:0", ";m="]), st.integers(2, 2000)),
)


@st.composite
def mutated_json_texts(draw: st.DrawFn) -> str:
    return draw(edited(records.dumps(draw(any_records)), JSON_PIECES, "\n"))


@st.composite
def mutated_notations(draw: st.DrawFn) -> str:
    record = draw(any_records)
    text = (notation.format_game if "players" in record else notation.format_city)(record)
    return draw(edited(text, NOTATION_PIECES, draw(st.sampled_from([";", ".", "|"]))))


def read_and_check(read: Callable[[Any], Any], data: Any) -> dict | None:
    """``read(data)`` is valid or a RecordError; a valid answer round-trips.  Its record."""
    subject = read_or_refuse(read, data)
    event("accepted" if subject is not None else "refused")
    return None if subject is None else assert_round_trips(subject)


# --- Properties -------------------------------------------------------------------------------


@fuzz_settings(RANDOM_JSON_EXAMPLES)
@given(data=hostile_json | record_like)
def test_random_json_is_a_record_or_a_record_error(data: Any) -> None:
    """Any JSON value, as data, as text and as UTF-8 bytes: a record or RecordError."""
    text = json.dumps(data)
    answers = [
        read_and_check(records.read_any, data),
        read_and_check(records.load, text),
        read_and_check(records.load, json.dumps(data, ensure_ascii=False).encode()),
    ]
    assert answers[0] == answers[1] == answers[2]


@fuzz_settings(MUTATED_RECORD_EXAMPLES)
@given(doc=any_records.flatmap(mutated))
def test_mutated_records_are_valid_or_a_record_error(doc: Any) -> None:
    """Real game and city records, structurally mutated: valid and round-tripping, or refused;
    the same whether read as data or as JSON text."""
    from_data = read_and_check(records.read_any, doc)
    from_text = read_and_check(records.load, json.dumps(doc, ensure_ascii=False))
    assert from_data == from_text


@fuzz_settings(MUTATED_TEXT_EXAMPLES)
@given(text=mutated_json_texts())
def test_mutated_record_texts_are_valid_or_a_record_error(text: str) -> None:
    """The JSON text of real records with character edits: valid and round-tripping, or refused."""
    assert read_and_check(records.load, text) == read_and_check(records.load, text.encode())


@fuzz_settings(MUTATED_NOTATION_EXAMPLES)
@given(text=mutated_notations())
def test_mutated_notation_is_valid_or_a_record_error(text: str) -> None:
    """Game and city notation with character edits: valid and round-tripping, or refused; and
    ``load`` (of the text and of its UTF-8 bytes) agrees with ``parse`` + ``read_any``."""
    try:
        parsed = notation.parse(text)
    except records.RecordError as error:
        assert_short_message(error)
        parsed = None
    via_parse = None if parsed is None else read_and_check(records.read_any, parsed)
    assert read_and_check(records.load, text) == via_parse
    assert read_and_check(records.load, text.encode()) == via_parse
