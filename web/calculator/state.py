"""Reading a saved score calculator back: its JSON, every city replayed and checked.

Whatever the text holds (hostile, truncated, from a newer version), ``read_state`` gives a
``Calculator`` or raises ``RecordError`` with one line saying why; nothing else happens, and the
page keeps the text aside (``calculator.saves``).  ``Calculator.to_json`` writes what this reads.

Plain Python over the engine, tested on CPython.
"""

from __future__ import annotations

from typing import Any

from akropolis import records
from akropolis.checks import (
    MAX_STONES,
    check_distinct_names,
    check_name,
    check_variants,
    excerpt,
    is_int,
)
from akropolis.records import CityRecord, RecordError
from akropolis.sentences import N_, Sentence
from calculator.city import Builder, Painter
from calculator.model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    STATE_FORMAT,
    STATE_VERSION,
    Calculator,
    Player,
)
from common.saves import reason_of


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise RecordError(message)


#: What is wrong with the saved state's object, or with a player's: (the state's, a player's).
_NOT_AN_OBJECT = (
    N_("the state must be a JSON object, not {value}"),
    N_("player {number} must be a JSON object, not {value}"),
)
_UNKNOWN_KEY = (N_("the state: unknown key {key}"), N_("player {number}: unknown key {key}"))
_MISSING_KEY = (N_("the state: missing key {key}"), N_("player {number}: missing key {key}"))


def _keys(value: Any, required: set[str], number: int | None = None) -> dict[str, Any]:
    """``value``, an object with the ``required`` keys and no other: the state's, or player
    ``number``'s (from 1)."""
    seat = {} if number is None else {"number": number}
    which = 0 if number is None else 1
    _expect(isinstance(value, dict), Sentence(_NOT_AN_OBJECT[which], value=excerpt(value), **seat))
    for key in value:
        _expect(key in required, Sentence(_UNKNOWN_KEY[which], key=excerpt(key), **seat))
    for key in sorted(required):
        _expect(key in value, Sentence(_MISSING_KEY[which], key=repr(key), **seat))
    return value


def _city_record(**city: Any) -> CityRecord:
    """Read a player's placements or hexes with the city record's own strict reader."""
    data = {
        "format": records.CITY_FORMAT,
        "version": records.VERSION,
        "variants": [],
        "stones": 0,
        "placements": [],
    }
    return records.read_city({**data, **city})


def _read_player(value: Any, number: int) -> Player:
    """Player ``number`` (from 1) of a saved state."""
    keys = {"name", "stones", "mode", "placements", "hexes"}
    data = _keys(value, keys, number)
    try:
        name = check_name(data["name"], "the name")
    except ValueError as error:
        why = Sentence("player {number}: {reason}", number=number, reason=reason_of(error))
        raise RecordError(why) from None
    stones = data["stones"]
    _expect(
        is_int(stones) and 0 <= stones <= MAX_STONES,
        Sentence(
            "player {number}: stones must be a whole number from 0 to {limit}, not {value}",
            number=number,
            limit=MAX_STONES,
            value=excerpt(stones),
        ),
    )
    _expect(
        data["mode"] in MODES,
        Sentence("player {number}: mode must be tiles or hexes", number=number),
    )
    try:
        placements = _city_record(placements=data["placements"]).placements
        hexes = _city_record(hexes=data["hexes"]).hexes
    except RecordError as error:
        why = Sentence("player {number}: {reason}", number=number, reason=reason_of(error))
        raise RecordError(why) from None
    return Player(name, stones, data["mode"], Builder(placements), Painter(hexes))


def read_state(text: object) -> Calculator:
    """A calculator from its saved JSON, every city replayed and checked; RecordError if not.

    Whatever the text holds (hostile, truncated, from a newer version), the reason is one line
    and nothing else happens: the page keeps the text aside and starts afresh.
    """
    try:
        data = records.parse_json(text)
        data = _keys(data, {"format", "version", "variants", "active", "players"})
        _expect(data["format"] == STATE_FORMAT, Sentence("this is not a saved score calculator"))
        version = data["version"]
        if is_int(version) and version > STATE_VERSION:
            raise RecordError(Sentence("it was saved by a newer version of the calculator"))
        _expect(
            is_int(version) and version == STATE_VERSION,
            Sentence("unknown version {version}", version=excerpt(version)),
        )
        _expect(isinstance(data["variants"], list), Sentence("variants must be a list"))
        try:
            variants = check_variants(data["variants"])
        except ValueError as error:
            raise RecordError(Sentence("variants: {reason}", reason=reason_of(error))) from None
        players = data["players"]
        _expect(
            isinstance(players, list) and MIN_PLAYERS <= len(players) <= MAX_PLAYERS,
            Sentence("players must list 1 to 4 players"),
        )
        calculator = Calculator([_read_player(p, i + 1) for i, p in enumerate(players)], variants)
        try:
            check_distinct_names([p.name for p in calculator.players])
        except ValueError as error:
            raise RecordError(reason_of(error)) from None
        active = data["active"]
        _expect(
            is_int(active) and 0 <= active < len(players),
            Sentence("active must name one of the players"),
        )
        calculator.active = active
        return calculator
    except RecordError:
        raise
    except (MemoryError, RecursionError):
        why = Sentence("the saved state is too large or too deeply nested")
        raise RecordError(why) from None
    except Exception as error:  # the page must start whatever storage holds
        why = Sentence("the saved state could not be read ({error})", error=type(error).__name__)
        raise RecordError(why) from None
