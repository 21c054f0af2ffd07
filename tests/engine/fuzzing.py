"""Shared strategies and checks for the fuzz tests (test_fuzz_records.py, test_fuzz_api.py).

``anything`` and ``json_values`` make hostile values; ``games`` and ``city_records`` make real
games and cities to start from; ``edited`` makes character-level edits of a text.  The checks
say what every answer must look like: a valid game or city that round-trips, or one short line.
"""

from __future__ import annotations

import math
import os
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from akropolis import City, Game, Options, deal, notation, records
from akropolis.checks import (
    ARCHITECT_KINDS,
    MAX_MESSAGE_LENGTH,
    MAX_STONES,
    VARIANTS,
    check_name,
)
from akropolis.names import look_alike_key
from akropolis.records import CITY_FORMAT, GAME_FORMAT, CityRecord, RecordError
from akropolis.rng import SplitMix64

#: ``python build.py check`` (the quick loop) sets this: every fuzz test runs, on a tenth of its
#: examples; ``python build.py test`` and CI run them all.
QUICK = os.environ.get("AKROPOLIS_QUICK") == "1"


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings for a fuzz test of ``examples`` examples (a tenth when quick)."""
    return settings(
        max_examples=max(examples // 10, 20) if QUICK else examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def weighted(*choices: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    """One of the strategies, each as often as its weight says.  Not ``one_of``: that flattens
    a strategy that is itself a ``one_of`` (like ``anything``) into one branch per alternative."""
    picks = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.integers(0, len(picks) - 1).flatmap(lambda pick: picks[pick])


def mostly(valid: st.SearchStrategy, other: st.SearchStrategy) -> st.SearchStrategy:
    """``valid`` three times in four, else ``other``."""
    return weighted((3, valid), (1, other))


# --- Hostile values -----------------------------------------------------------------------------

#: Characters that trip up parsers and printers: controls, invisibles, line and paragraph
#: separators, bidi controls, combining marks, non-ASCII digits, wide and astral characters.
ODD_CHARS = (
    "\x00\x07\t\n\r\x0b\x0c\x1b\x1c\x1f\x7f\x85\x9f"
    "\u00ad\u180e\u200b\u200c\u200d\u200e\u202e\u2060\u2028\u2029\ufeff\ufffe"
    " \xa0\u2003\u3000\u0301\u20dd"
    "٠١٢٣٤٥٦٧٨٩۴۵¹²³⁰₁０１２①Ⅻ½−"
    "éßﬁİıΩ漢שع😀🇫\U0001d538\ue000\U000e0001\U0010ffff"
    '"\\/{}[]%|;=@,:.'
)
ODD_STRINGS = (
    "",
    " ",
    "Player 1",
    "Zoë",
    "👩\u200d👩\u200d👧",
    "a\u200bb",
    "\u202eevil",
    "x" * 40,
    "x" * 41,
    "null",
    "NaN",
    "A1;p=2",
    "%ff",
    "\\ud800",
)
odd_text = st.one_of(
    st.text(max_size=20),
    st.text(st.sampled_from(ODD_CHARS) | st.characters(codec="utf-8"), max_size=50),
    st.sampled_from(ODD_STRINGS),
    st.integers(41, 5000).map(lambda length: "y" * length),
)
BOUNDARY_INTS = (
    *range(-2, 8),
    60, 61, 62, 400, 401, -400, -401, 10_000, 10_001,
    2**63, 2**64 - 1, 2**64, -(2**64), 10**20 - 1, 10**20, 10**21, 2**1000, -(10**4000),
)  # fmt: skip
ints = st.one_of(
    st.integers(-10, 70),
    st.integers(),
    st.sampled_from(BOUNDARY_INTS),
    st.integers(-(2**80), 2**80),
)
floats = st.floats() | st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 1.0, 2.0, 1e308])
json_scalars = st.one_of(st.none(), st.booleans(), ints, floats, odd_text)
RECORD_KEYS = (
    "format", "version", "players", "options", "seed", "deck", "moves", "name", "kind",
    "variants", "all_tiles", "stones", "placements", "tile", "anchor", "rotation",
)  # fmt: skip
record_keys = st.sampled_from(RECORD_KEYS) | odd_text
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(record_keys, inner, max_size=5),
    max_leaves=12,
)


def _nested(depth: int, in_objects: bool) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = {"moves": value} if in_objects else [value]
    return value


#: Arrays or objects nested deeper than records allow (``MAX_DEPTH``), or far deeper.
deep_values = st.builds(_nested, st.integers(5, 400), st.booleans())
hostile_json = mostly(json_values, deep_values)
#: The same for values put *inside* a record, where a mutation may nest one in another and the
#: test copies, walks and dumps the result: deeper than records allow, yet far enough from
#: Python's recursion limit that how deep the test's own stack happens to be (Hypothesis's
#: generation and replay differ) never decides what is generated.
hostile_inside_json = mostly(json_values, st.builds(_nested, st.integers(5, 60), st.booleans()))
#: Top-level objects that pass the header check often enough to reach the deeper checks.
record_like = st.fixed_dictionaries(
    {
        "format": st.sampled_from([GAME_FORMAT, CITY_FORMAT]) | json_values,
        "version": st.just(1) | json_values,
    },
    optional={key: hostile_json for key in RECORD_KEYS[2:]},
)


class Unwritable(int):
    """A number too long for ``str()`` (over 4300 digits), as the engine sees it; its ``repr``
    works, so that Hypothesis can still print a failing example."""

    __str__ = int.__repr__  # raises, as for any int this long

    def __repr__(self) -> str:
        return f"Unwritable(<{self.bit_length()} bits>)"


unwritable_numbers = st.sampled_from([Unwritable(10**5000), Unwritable(-(2**20_000))])
#: Any Python value: JSON-like data plus other types (bytes, sets, Decimal, Fraction, …).
anything = st.one_of(
    json_values,
    st.tuples(json_scalars, json_scalars),
    st.tuples(json_scalars, json_scalars, json_scalars),
    st.sets(st.integers() | st.text(max_size=5) | unwritable_numbers, max_size=4),
    st.frozensets(st.sampled_from(VARIANTS) | st.text(max_size=5) | unwritable_numbers, max_size=3),
    st.sampled_from(
        [int, float, complex, str, bytes, bytearray, bool, range, Decimal, Fraction, type]
    ).flatmap(st.from_type),
    st.builds(object),
    unwritable_numbers,
    st.sampled_from([Decimal("sNaN"), Decimal("NaN"), b"A1;p=2", range(10**12), range(2**64)]),
    st.builds(iter, st.lists(json_scalars, max_size=3)),
)


# --- Real games and cities ------------------------------------------------------------------------

seeds = st.integers(0, 2**64 - 1)
variant_sets = st.sets(st.sampled_from(VARIANTS))


def _is_valid_name(text: str) -> bool:
    try:
        check_name(text)
    except ValueError:
        return False
    return True


NAME_CHARS = st.characters(codec="utf-8", exclude_categories=["Cc", "Cf", "Zl", "Zp"])
#: Names the engine accepts, notation's separators and escapes included.
valid_names = st.one_of(
    st.sampled_from(["Zoë; the|best", "Bob=2", "%ff", "a%7Cb", "Player 2", "👩\u200d👩\u200d👧"]),
    st.text(NAME_CHARS | st.sampled_from("\u200c\u200d;|%=@. "), min_size=1, max_size=40),
).filter(_is_valid_name)


def name_lists(low: int, high: int) -> st.SearchStrategy[list[str]]:
    """The names of ``low`` to ``high`` seats, valid and no two alike (as a game needs)."""
    return st.lists(valid_names, min_size=low, max_size=high, unique_by=look_alike_key)


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A real game: 2–4 players, variants, all tiles or not, names, kinds (sometimes a solo
    game against the Architect), a seed or a deck, cut after a random number of moves
    (sometimes over).

    With a seed and no Architect its moves are those of ``simulate.random_game`` (same deal,
    same chooser), played only up to the cut."""
    players = draw(st.integers(2, 4))
    all_tiles = players < 4 and draw(st.booleans())
    variants = draw(variant_sets)
    seed = draw(seeds)
    names = draw(st.none() | name_lists(players, players))
    kinds = draw(
        st.none() | st.lists(st.sampled_from([None, "human"]), min_size=players, max_size=players)
    )
    if players == 2 and not all_tiles and draw(st.booleans()):  # a solo game
        kinds = [draw(st.sampled_from([None, "human"])), draw(st.sampled_from(ARCHITECT_KINDS))]
    options = Options(players, frozenset(variants), all_tiles)
    deck_from = draw(st.sampled_from(["seed", "seeded deck only", "short deck"]))
    if deck_from == "short deck":
        deck = draw(st.permutations(options.pool()))[: draw(st.integers(1, len(options.pool())))]
        seed_kept = draw(st.none() | seeds)
    else:
        deck = deal(options, seed)
        seed_kept = seed if deck_from == "seed" else None
    game = Game(
        players,
        variants=variants,
        all_tiles=all_tiles,
        seed=seed_kept,
        deck=deck,
        names=names,
        kinds=kinds,
    )
    cut = draw(st.integers(0, 80))
    chooser = SplitMix64(seed ^ 0x5EED)  # as random_game chooses
    while not game.is_over and game.ply < cut:
        legal = game.legal_moves()
        game.play(legal[chooser.below(len(legal))])
    return game


@st.composite
def cities(draw: st.DrawFn) -> City:
    """A real city: one seat of a real game."""
    game = draw(games())
    return game.cities[draw(st.integers(0, game.players - 1))]


stones = st.integers(0, 30) | st.integers(0, MAX_STONES)


@st.composite
def city_records(draw: st.DrawFn) -> dict:
    """The record of a real city, with variants and stones."""
    return records.city_to_record(draw(cities()), frozenset(draw(variant_sets)), draw(stones))


@st.composite
def edited(draw: st.DrawFn, text: str, pieces: st.SearchStrategy[str], separator: str) -> str:
    """``text`` with 1–4 character-level edits: insert, delete, replace, truncate, or duplicate,
    drop or swap a ``separator``-delimited segment (a JSON line, a notation field)."""
    for _ in range(draw(st.sampled_from((1, 1, 1, 2, 3, 4)))):
        edit = draw(st.sampled_from(["insert", "delete", "replace", "truncate", "segment"]))
        at = draw(st.integers(0, len(text)))
        if edit == "insert":
            text = text[:at] + draw(pieces) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif edit == "replace":
            text = text[:at] + draw(pieces) + text[at + 1 :]
        elif edit == "truncate":
            text = text[:at]
        else:
            parts = text.split(separator)
            i, j = draw(st.integers(0, len(parts) - 1)), draw(st.integers(0, len(parts) - 1))
            how = draw(st.sampled_from(["duplicate", "drop", "swap"]))
            if how == "duplicate":
                parts.insert(j, parts[i])
            elif how == "drop" and len(parts) > 1:
                del parts[i]
            else:
                parts[i], parts[j] = parts[j], parts[i]
            text = separator.join(parts)
    return text


# --- What every answer must look like -----------------------------------------------------------


#: Signs of a Python error passed through instead of the engine's own message.
LEAKED = ("Traceback", "sys.set_int_max_str_digits", "object is not", "unhashable type")


def assert_short_message(error: BaseException) -> None:
    """An error message is one non-empty line of at most 200 characters, the engine's own."""
    message = str(error)
    assert not any(leak in message for leak in LEAKED), f"a Python error leaked: {message!r}"
    assert message.strip(), f"empty message from {type(error).__name__}"
    assert len(message.splitlines()) == 1, f"message on several lines: {message!r}"
    assert len(message) <= MAX_MESSAGE_LENGTH, f"message too long ({len(message)}): {message!r}"


def read_or_refuse(read, *args) -> Game | CityRecord | None:
    """``read(*args)`` gives a Game or CityRecord (returned) or raises RecordError (None)."""
    try:
        result = read(*args)
    except RecordError as error:
        assert_short_message(error)
        return None
    assert isinstance(result, (Game, CityRecord)), f"read gave {type(result).__name__}"
    return result


def assert_round_trips(subject: Game | CityRecord) -> dict:
    """The record of a game or city reads back to the same record: from the dict, from its JSON
    text (``dumps`` → ``load``) and from its notation (``format`` → ``parse`` → ``read``, and
    ``load``).  Returns the record."""
    if isinstance(subject, Game):
        record = records.game_to_record(subject)
        text = notation.format_game(record)
        for again in (
            records.read_game(record),
            records.load(records.dumps(record)),
            records.read_game(notation.parse(text)),
            records.load(text),
        ):
            assert isinstance(again, Game)
            assert records.game_to_record(again) == record
        return record
    city = subject.build()
    record = records.city_to_record(city, subject.variants, subject.stones)
    text = notation.format_city(record)
    for again in (
        records.read_city(record),
        records.load(records.dumps(record)),
        records.read_city(notation.parse(text)),
        records.load(text),
    ):
        assert isinstance(again, CityRecord)
        assert records.city_to_record(again.build(), again.variants, again.stones) == record
        assert sorted(again.build().hexes()) == sorted(city.hexes())
    return record
