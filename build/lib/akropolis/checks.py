"""The limits and value checks shared by every way into the engine.

The Python API (``Game``, ``play``, ``City``), the record reader, the notation parser, the
command line and the page's forms all check their values here, so that whatever one of them
accepts the others accept too: a game the API builds can be written and read back.  Each check
raises ``ValueError`` with a short reason that quotes at most a cut excerpt of the bad value, a
``Sentence`` (``akropolis.sentences``) that a front end translates; callers add where it was
(``move 7: ``) in a sentence of their own, the reason kept as its value (``reason_of``), and
their own error type.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Any

from . import names
from .hexes import COORD_LIMIT
from .rng import SEED_LIMIT
from .sentences import Plural, Sentence
from .tiles import DISTRICTS, KIND_NAMES, TILES

#: The five variants, named after the district kind whose condition they add.
VARIANTS: tuple[str, ...] = tuple(KIND_NAMES[k] for k in DISTRICTS)
#: The computer opponent's levels (``akropolis.ai``), as player kinds.
#: The computer opponent's levels, easiest first (``akropolis.ai`` plays them).
AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
AI_KINDS: tuple[str, ...] = tuple(f"ai:{level}" for level in AI_LEVELS)
#: The Architect of the solo game, by level from easy to hard (``akropolis.architect``).
ARCHITECT_LEVELS: tuple[str, ...] = ("hippodamos", "metagenes", "callicrates")
#: The Architect as a player kind: only seat 2 of a 2-player game (``check_kinds``).
ARCHITECT_KINDS: tuple[str, ...] = tuple(f"architect:{level}" for level in ARCHITECT_LEVELS)
#: Who may play a seat.
PLAYER_KINDS: tuple[str, ...] = ("human", *AI_KINDS, *ARCHITECT_KINDS)
_KNOWN_VARIANTS = frozenset(VARIANTS)

#: A record file (JSON) is refused before parsing when larger than this many bytes.
MAX_RECORD_BYTES = 1_000_000
#: Arrays and objects nest at most this deep in a record (a game record needs 4).
MAX_DEPTH = 10
#: Integers in records and notation have at most this many digits (2**64 - 1 has 20).
MAX_DIGITS = 20
#: Notation text is refused when longer than this (a whole 4-player game is about 600).
MAX_NOTATION_LENGTH = 10_000
#: Names: 1 to this many characters, one of them visible, no control or invisible characters
#: (``names``), and no two names of a game alike.
MAX_NAME_LENGTH = 40
#: Stones a city record may state.
MAX_STONES = 10_000
#: Highest level of a hex in a city drawn hex by hex (a real city stays far below it).
MAX_LEVEL = 64
#: No message quotes more than this much of a bad value.
EXCERPT_LENGTH = 24
#: Every message the engine raises fits on one line of at most this many characters.
MAX_MESSAGE_LENGTH = 200
#: What the checks call a value they check (their ``what``) unless told: sentences, translated
#: where the message shows.  A caller's own ``what`` is a ``Sentence`` too, or a name of code
#: (``all_tiles``, ``--players``) shown as it is.
THE_SEED = Sentence("the seed")
A_NAME = Sentence("a name")
A_PLAYER_KIND = Sentence("a player kind")
THE_TILE = Sentence("the tile")
THE_ROTATION = Sentence("the rotation")
PLACEMENT = Sentence("placement")


def excerpt(value: Any, limit: int = EXCERPT_LENGTH) -> str:
    """A short printable quotation of any value, cut in the middle when long."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 80:
        return Sentence("a number with more than 20 digits")
    text = repr(value) if isinstance(value, str) else _short_repr(value)
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}…{text[-half:]}"


def _short_repr(value: Any) -> str:
    """``repr`` of a value without building the whole text of a huge container."""
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > 8:
        return Sentence("a {type} of {count} items", type=type(value).__name__, count=len(value))
    try:
        return repr(value)
    except Exception:  # a hostile or huge object: name its type instead
        return Sentence("a {type}", type=type(value).__name__)


def cut_message(text: str) -> str:
    """``text`` on one line of at most ``MAX_MESSAGE_LENGTH`` characters.

    A ``Sentence`` stays one, its template and values kept for translation: the text itself
    when it fits, else a sentence whose English text is the cut line (a copy or a pickle of it
    is filled again, uncut; an error that cuts its message, as ``RecordError``, cuts it again).
    """
    line = " ".join(text.split())
    if len(line) > MAX_MESSAGE_LENGTH:
        line = line[: MAX_MESSAGE_LENGTH - 1] + "…"
    if line == text:
        return text
    if not isinstance(text, Sentence):
        return line
    cut = str.__new__(Sentence, line)
    cut.template, cut.plural, cut.count = text.template, text.plural, text.count
    cut.values = text.values
    return cut


def reason_of(error: BaseException) -> str:
    """What ``error`` says, to be a value of a caller's sentence: the engine's ``Sentence``
    itself (``error.args[0]``), so that it can still be translated, else its text."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


def is_int(value: Any) -> bool:
    """True for a real integer (``True`` and ``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(value: Any, what: str, low: int, high: int) -> int:
    """An integer from ``low`` to ``high``."""
    if not is_int(value):
        raise ValueError(
            Sentence("{what} must be a whole number, not {value}", what=what, value=excerpt(value))
        )
    if not low <= value <= high:
        raise ValueError(
            Sentence(
                "{what} must be from {low} to {high}, not {value}",
                what=what,
                low=low,
                high=high,
                value=excerpt(value),
            )
        )
    return value


def check_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(
            Sentence("{what} must be true or false, not {value}", what=what, value=excerpt(value))
        )
    return value


def parse_whole_number(text: str, what: str) -> int:
    """A whole number written in ASCII digits (no sign, no spaces, at most 20 digits)."""
    if not isinstance(text, str) or not text or len(text) > MAX_DIGITS or not _ascii_digits(text):
        raise ValueError(
            Sentence("{what} must be a whole number, not {value}", what=what, value=excerpt(text))
        )
    return int(text)


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def check_seed(value: Any) -> int:
    """A seed: an integer from 0 to 2**64 - 1."""
    if not is_int(value) or not 0 <= value < SEED_LIMIT:
        raise ValueError(_seed_refused(value))
    return value


def _seed_refused(value: Any) -> Sentence:
    return Sentence(
        "the seed must be a whole number from 0 to 2**64 - 1, not {value}", value=excerpt(value)
    )


def parse_seed(text: str) -> int:
    """A seed typed as text (the new-game form, notation, the command line)."""
    try:
        return check_seed(parse_whole_number(text, THE_SEED))
    except ValueError:
        raise ValueError(_seed_refused(text)) from None


def check_name(value: Any, what: str = A_NAME) -> str:
    """A player's name: text of 1 to 40 characters, at least one of which draws ink (not a
    space, an invisible character, a Hangul filler, blank Braille or a combining mark alone),
    and no control or invisible format character but the joiners (``names``)."""
    if not isinstance(value, str):
        raise ValueError(
            Sentence("{what} must be text, not {value}", what=what, value=excerpt(value))
        )
    if not 1 <= len(value) <= MAX_NAME_LENGTH:
        raise ValueError(
            Sentence(
                "{what} must have 1 to {limit} characters, not {length}",
                what=what,
                limit=MAX_NAME_LENGTH,
                length=len(value),
            )
        )
    for char in value:
        if names.is_refused(char):
            raise ValueError(
                Sentence(
                    "{what} must not contain control or invisible characters (U+{code})",
                    what=what,
                    code=f"{ord(char):04X}",
                )
            )
    if not any(names.draws_ink(char) for char in value):
        raise ValueError(Sentence("{what} needs at least one visible character", what=what))
    marks = names.marks_in_a_row(value)
    if marks > names.MAX_MARKS_IN_A_ROW:
        raise ValueError(
            Sentence(
                "{what} has {count} marks on one character; at most {limit} are allowed",
                what=what,
                count=marks,
                limit=names.MAX_MARKS_IN_A_ROW,
            )
        )
    return value


def check_distinct_names(values: Sequence[str]) -> None:
    """No two names look the same to a person (``names.look_alike_key``): ValueError naming
    the first two seats that clash, counted from 1."""
    clash = names.first_look_alike(values)
    if clash is not None:
        first, second = clash
        raise ValueError(
            Sentence(
                "players {first} and {second} have the same name (“{name}”)",
                first=first + 1,
                second=second + 1,
                name=values[first],
            )
        )


def check_names(values: Any, players: int) -> tuple[str, ...]:
    """One name per seat, each a valid name, no two looking the same."""
    if not isinstance(values, (list, tuple)):
        raise ValueError(
            Sentence(
                "names must be a list of {players} names, not {value}",
                players=players,
                value=excerpt(values),
            )
        )
    if len(values) != players:
        raise ValueError(
            Plural(
                "{count} names given for {players} players",
                "{count} names given for {players} players",
                len(values),
                players=players,
            )
        )
    checked = tuple(
        check_name(name, Sentence("name {number}", number=seat + 1))
        for seat, name in enumerate(values)
    )
    check_distinct_names(checked)
    return checked


def check_kind(value: Any, what: str = A_PLAYER_KIND) -> str:
    """Who plays a seat: one of ``PLAYER_KINDS``."""
    if not isinstance(value, str) or value not in PLAYER_KINDS:
        raise ValueError(
            Sentence(
                "unknown {what} {value} (known: {known})",
                what=what,
                value=excerpt(value),
                known=", ".join(PLAYER_KINDS),
            )
        )
    return value


def check_kinds(values: Any, players: int) -> tuple[str | None, ...]:
    """One kind per seat (``None``: not stated)."""
    if values is None:
        return (None,) * players
    if not isinstance(values, (list, tuple)):
        raise ValueError(
            Sentence(
                "kinds must be a list of {players} kinds, not {value}",
                players=players,
                value=excerpt(values),
            )
        )
    if len(values) != players:
        raise ValueError(
            Plural(
                "{count} kinds given for {players} players",
                "{count} kinds given for {players} players",
                len(values),
                players=players,
            )
        )
    kinds = tuple(
        None if kind is None else check_kind(kind, Sentence("kind for seat {seat}", seat=seat + 1))
        for seat, kind in enumerate(values)
    )
    for seat, kind in enumerate(kinds):
        if kind in ARCHITECT_KINDS and (players != 2 or seat != 1):
            raise ValueError(
                Sentence(
                    "kind for seat {seat}: the Illustrious Architect ({kind}) can only play seat 2 "
                    "of a 2-player game",
                    seat=seat + 1,
                    kind=kind,
                )
            )
    return kinds


def check_variants(values: Any) -> frozenset[str]:
    """A set of known variant names (any iterable of them, each at most once)."""
    if isinstance(values, frozenset) and values <= _KNOWN_VARIANTS:
        return values  # the common case, on the scoring path
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(
            Sentence("variants must be a list of variant names, not {value}", value=excerpt(values))
        )
    if isinstance(values, (set, frozenset)):
        names = sorted(values, key=excerpt)  # excerpt, not str: str() of a huge int raises
    else:  # at most one more than there are variants: a huge or endless iterable is not read
        names = list(islice(values, len(VARIANTS) + 1))
    for name in names:
        if not isinstance(name, str) or name not in VARIANTS:
            raise ValueError(
                Sentence(
                    "unknown variant {value} (known: {known})",
                    value=excerpt(name),
                    known=", ".join(VARIANTS),
                )
            )
    chosen = frozenset(names)
    if len(chosen) != len(names):
        raise ValueError(Sentence("a variant is listed twice"))
    return chosen


def check_tile(value: Any, what: str = THE_TILE) -> int:
    """A tile id, 1 to 61."""
    if not is_int(value) or value not in TILES:
        raise ValueError(
            Sentence(
                "{what} must be a tile number from 1 to 61, not {value}",
                what=what,
                value=excerpt(value),
            )
        )
    return value


def check_anchor(value: Any) -> tuple[int, int]:
    """An anchor: a pair of integers within the engine's coordinate limit."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(
            Sentence("the anchor must be a pair (q, r), not {value}", value=excerpt(value))
        )
    q, r = value
    for name, number in (("q", q), ("r", r)):
        check_int(number, Sentence("anchor {axis}", axis=name), -COORD_LIMIT, COORD_LIMIT)
    return q, r


def check_rotation(value: Any) -> int:
    return check_int(value, THE_ROTATION, 0, 5)


def check_each_tile_once(tiles: Iterable[int], what: str = PLACEMENT) -> None:
    """A city holds each tile at most once, as the box holds one of each.

    ``tiles`` are the tile ids in the order they were placed; the first repeat is named by its
    position (``placement 5: tile 12 is already in this city (the box holds one of each)``).
    """
    seen: set[int] = set()
    for number, tile in enumerate(tiles, start=1):
        if tile in seen:
            raise ValueError(
                Sentence(
                    "{what} {number}: tile {tile} is already in this city "
                    "(the box holds one of each)",
                    what=what,
                    number=number,
                    tile=tile,
                )
            )
        seen.add(tile)


def check_placement(value: Any) -> tuple[int, tuple[int, int], int]:
    """The ``(tile, anchor, rotation)`` of a move or placement, each field checked."""
    try:
        tile, anchor, rotation = value.tile, value.anchor, value.rotation
    except AttributeError:
        raise ValueError(
            Sentence(
                "a move needs a tile, an anchor and a rotation (like Move(18, (0, 2), 0)), "
                "not {value}",
                value=excerpt(value),
            )
        ) from None
    return check_tile(tile), check_anchor(anchor), check_rotation(rotation)
