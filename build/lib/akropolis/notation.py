"""Compact text notation for moves, games and cities: short enough for a URL.

A move is ``TILE@Q,R:ROTATION`` (``18@0,2:0``).  A game or city is ``;``-separated fields:

    A1;p=2;v=hmbtg;s=42;m=18@0,2:0.12@1,-2:4      a game (A1 = game notation version 1)
    C1;v=hm;st=3;m=12@1,-2:4.18@0,2:0             a city (C1 = city notation version 1)
    C1;st=2;h=-1,0:Q1.0,0:h1.1,-1:M2              a city drawn hex by hex

Game fields, in this order when written: ``p`` players (2–4), ``n`` names (``|``-separated,
percent-encoded; omitted when they are the defaults), ``k`` player kinds (same form, empty for
unstated), ``v`` variant letters from ``hmbtg`` (omitted for none), ``a=1`` all tiles,
``s`` seed, ``d`` deck (``.``-separated tile ids), ``m`` moves (``.``-separated).  City fields:
``v``, ``st`` stones, ``m`` placements, or instead ``h`` the hexes of a city drawn hex by hex
(``Q,R:KL``: cell, kind letter from ``QHMBTG``, lower case for a plaza, and level).  A position
is a game notation cut after its moves.
Notation converts to and from the record dicts that ``records`` reads and writes, so the same
checks apply; ``records.load`` and ``records.dump`` are the doors to both formats.
"""

from __future__ import annotations

import re
import zlib
from typing import Any

from .checks import (
    MAX_NOTATION_LENGTH,
    VARIANTS,
    excerpt,
    parse_seed,
    parse_whole_number,
    reason_of,
)
from .city import Placement
from .formats import CITY_FORMAT, CITY_HEADER, GAME_FORMAT, GAME_HEADER, VERSION, RecordError
from .game import Options, deal
from .sentences import N_, Plural, Sentence
from .tiles import LETTERS, Kind

VARIANT_LETTERS: dict[str, str] = {name: name[0] for name in VARIANTS}
_MOVE = re.compile(r"([0-9]{1,2})@(-?[0-9]{1,3}),(-?[0-9]{1,3}):([0-9])")
#: A hex of a city drawn hex by hex: ``Q,R:KL`` (``-1,2:m2`` is a market plaza on level 2).
_HEX = re.compile(r"(-?[0-9]{1,3}),(-?[0-9]{1,3}):([A-Za-z])([0-9]{1,2})")
#: The letter of each kind in a hex token: the district's letter, lower case for its plaza.
HEX_LETTERS: dict[Kind, str] = {
    kind: LETTERS[kind.district].lower() if kind.is_plaza else LETTERS[kind] for kind in Kind
}
_KIND_OF_LETTER = {letter: kind for kind, letter in HEX_LETTERS.items()}
#: What notation looks like: a header letter and version, then ``;`` fields or nothing.
_HEADER = re.compile(r"[A-Za-z][0-9]{0,3}(?:;|$)")
#: Where a wrong move or placement is, before the reason it is refused.
MOVE_AT = N_("move {number}: {reason}")
PLACEMENT_AT = N_("placement {number}: {reason}")
#: What the messages call the values they refuse.
THE_NAME = Sentence("the name")
THE_KIND = Sentence("the kind")
A_DECK_TILE = Sentence("a deck tile")


def looks_like_notation(text: str) -> bool:
    """True if ``text`` is meant as notation (``A1;…``, ``C1;…``), not as a JSON record."""
    return bool(_HEADER.match(text.strip()))  # strip: "C1 " is notation, as parse reads it


def from_link(text: str) -> str | None:
    """The notation a link's fragment holds: the text itself, or the text percent-decoded once
    when the site that shows the link encoded the whole fragment; None if it holds none."""
    if looks_like_notation(text):
        return text
    if "%" in text:
        try:
            decoded = percent_decode(text)
        except UnicodeError:
            return None
        if looks_like_notation(decoded):
            return decoded
    return None


def _check_length(text: Any) -> str:
    if not isinstance(text, str):
        raise RecordError(Sentence("notation must be text, not {value}", value=excerpt(text)))
    if len(text) > MAX_NOTATION_LENGTH:
        raise RecordError(
            Plural(
                "the notation is too long ({count} characters; at most {limit})",
                "the notation is too long ({count} characters; at most {limit})",
                len(text),
                limit=MAX_NOTATION_LENGTH,
            )
        )
    return text.strip()


def format_move(placement: Placement | dict[str, Any]) -> str:
    """``18@0,2:0`` for tile 18 at anchor (0, 2) with rotation 0."""
    if isinstance(placement, dict):
        placement = Placement(placement["tile"], tuple(placement["anchor"]), placement["rotation"])
    return f"{placement.tile}@{placement.anchor[0]},{placement.anchor[1]}:{placement.rotation}"


def parse_move(text: str) -> Placement:
    """The placement written as ``TILE@Q,R:ROTATION``."""
    match = _MOVE.fullmatch(_check_length(text))
    if not match:
        raise RecordError(
            Sentence(
                "{value} is not a move (expected TILE@Q,R:ROTATION, like 18@0,2:0)",
                value=excerpt(text),
            )
        )
    tile, q, r, rotation = (int(group) for group in match.groups())
    return Placement(tile, (q, r), rotation)


def _moves_text(moves: list[dict[str, Any]]) -> str:
    return ".".join(format_move(move) for move in moves)


def _parse_moves(text: str, where: str) -> list[dict[str, Any]]:
    """The moves or placements of ``text``; a wrong one refused with the sentence ``where``
    (``MOVE_AT`` or ``PLACEMENT_AT``), given its number and the reason."""
    out = []
    for index, token in enumerate(text.split(".") if text else []):
        try:
            move = parse_move(token)
        except RecordError as error:
            raise RecordError(Sentence(where, number=index + 1, reason=reason_of(error))) from None
        out.append({"tile": move.tile, "anchor": list(move.anchor), "rotation": move.rotation})
    return out


def _variants_text(variants: list[str]) -> str:
    return "".join(VARIANT_LETTERS[name] for name in VARIANTS if name in variants)


def _parse_variants(text: str) -> list[str]:
    by_letter = {letter: name for name, letter in VARIANT_LETTERS.items()}
    names = []
    for letter in text:
        if letter not in by_letter:
            raise RecordError(
                Sentence("unknown variant letter {letter} (known: hmbtg)", letter=repr(letter))
            )
        names.append(by_letter[letter])
    return names


def check_of(body: str) -> str:
    """The check of a notation's fields: 6 hex digits of their CRC-32."""
    return f"{zlib.crc32(body.encode('utf-8', 'surrogatepass')) & 0xFFFFFF:06x}"


def checked(text: str) -> str:
    """``text`` with a check field ``c=`` right after its header, for links.

    A link cut short or mistyped no longer matches its check, so it is refused instead of
    opening another position.  The check comes first so that a cut never removes it.
    """
    header, _, body = text.partition(";")
    return f"{header};c={check_of(body)};{body}"


def _fields(text: str, header: str, known: tuple[str, ...]) -> dict[str, str]:
    parts = _check_length(text).split(";")
    if parts[0] != header:
        raise RecordError(
            Sentence(
                "notation must start with {header}, not {value}",
                header=repr(header),
                value=excerpt(parts[0]),
            )
        )
    if len(parts) > 1 and parts[1].startswith("c="):
        if parts[1][2:] != check_of(";".join(parts[2:])):
            raise RecordError(
                Sentence(
                    "this text does not match its check: it was cut short or changed "
                    "(copy the whole link again)"
                )
            )
        parts = [parts[0], *parts[2:]]
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in known:
            raise RecordError(
                Sentence(
                    "unknown notation field {value} (known: {known})",
                    value=excerpt(part),
                    known=", ".join(known),
                )
            )
        if key in fields:
            raise RecordError(Sentence("notation field {key} appears twice", key=repr(key)))
        fields[key] = value
    return fields


def _int(text: str, what: str) -> int:
    try:
        return parse_whole_number(text, what)
    except ValueError as error:
        raise RecordError(reason_of(error)) from None


_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")


def percent_encode(text: str) -> str:
    """``text`` in UTF-8, every byte but letters, digits and ``-._~`` written ``%XX``.

    The same as ``urllib.parse.quote(text, safe="")``, whose import alone costs about 80 ms of
    the page's start in Pyodide.
    """
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def percent_decode(text: str) -> str:
    """The text ``percent_encode`` wrote (UnicodeError if the bytes are not UTF-8)."""
    data = bytearray()
    position = 0
    for match in _PERCENT.finditer(text):
        data += text[position : match.start()].encode("utf-8")
        data.append(int(match.group(1), 16))
        position = match.end()
    data += text[position:].encode("utf-8")
    return data.decode("utf-8")


def _unquote(text: str, what: str) -> str:
    try:
        return percent_decode(text)
    except UnicodeError:
        raise RecordError(
            Sentence("{what} {value} is not percent-encoded UTF-8", what=what, value=excerpt(text))
        ) from None


def format_game(record: dict[str, Any], check: bool = False) -> str:
    """The notation of a game record (as made by ``records.game_to_record``).

    With ``check``, the text carries a check field (see ``checked``), as links do.
    """
    players = record["players"]
    fields = [GAME_HEADER, f"p={len(players)}"]
    names = [p["name"] for p in players]
    if names != [f"Player {i + 1}" for i in range(len(players))]:
        fields.append("n=" + "|".join(percent_encode(name) for name in names))
    if any("kind" in p for p in players):
        fields.append("k=" + "|".join(percent_encode(p.get("kind", "")) for p in players))
    variants = _variants_text(record["options"]["variants"])
    if variants:
        fields.append(f"v={variants}")
    if record["options"].get("all_tiles"):
        fields.append("a=1")
    chains = record.get("chains")
    if chains is not None:  # a game by link: its id, commitments and latest values
        fields.append(f"g={chains['game']}")
        fields.append("h=" + ".".join(c or "" for c in chains["commitments"]))
        fields.append("x=" + ".".join(v or "" for v in chains["values"]))
        if chains.get("rekeys"):
            fields.append("r=" + ",".join(chains["rekeys"]))
    if record.get("seed") is not None:
        fields.append(f"s={record['seed']}")
    if "deck" in record and record["deck"] != _seeded_deck(record):
        fields.append("d=" + ".".join(str(t) for t in record["deck"]))
    fields.append("m=" + _moves_text(record["moves"]))
    text = ";".join(fields)
    return checked(text) if check else text


def _seeded_deck(record: dict[str, Any]) -> list[int] | None:
    """The deck the record's seed deals, so that notation can leave out a derivable deck."""
    if record.get("seed") is None:
        return None
    options = record["options"]
    setup = Options(len(record["players"]), frozenset(options["variants"]), options["all_tiles"])
    return deal(setup, record["seed"])


def parse_game(text: str) -> dict[str, Any]:
    """The game record written in ``text``; ``records.read_game`` then checks and plays it."""
    fields = _fields(
        text, GAME_HEADER, ("p", "n", "k", "v", "a", "s", "d", "g", "h", "x", "r", "m")
    )
    if "p" not in fields:
        raise RecordError(Sentence("notation needs p= (the number of players)"))
    count = _int(fields["p"], "p")
    if not 2 <= count <= 4:
        raise RecordError(Sentence("p must be 2, 3 or 4, not {count}", count=count))
    names = [f"Player {i + 1}" for i in range(count)]
    if "n" in fields:
        names = [_unquote(name, THE_NAME) for name in fields["n"].split("|")]
        if len(names) != count:
            raise RecordError(
                Plural(
                    "n lists {count} names for {players} players",
                    "n lists {count} names for {players} players",
                    len(names),
                    players=count,
                )
            )
    players: list[dict[str, Any]] = [{"name": name} for name in names]
    if "k" in fields:
        kinds = [_unquote(kind, THE_KIND) for kind in fields["k"].split("|")]
        if len(kinds) != count:
            raise RecordError(
                Plural(
                    "k lists {count} kinds for {players} players",
                    "k lists {count} kinds for {players} players",
                    len(kinds),
                    players=count,
                )
            )
        for player, kind in zip(players, kinds, strict=True):
            if kind:
                player["kind"] = kind
    all_tiles = fields.get("a", "0")
    if all_tiles not in ("0", "1"):
        raise RecordError(Sentence("a must be 0 or 1, not {value}", value=excerpt(all_tiles)))
    record: dict[str, Any] = {
        "format": GAME_FORMAT,
        "version": VERSION,
        "players": players,
        "options": {
            "variants": _parse_variants(fields.get("v", "")),
            "all_tiles": all_tiles == "1",
        },
    }
    if any(key in fields for key in "ghxr"):
        record["options"]["hidden_stacks"] = True
        record["chains"] = {
            "game": fields.get("g", ""),
            "commitments": _values(fields.get("h", ""), count),
            "values": _values(fields.get("x", ""), count),
        }
        if "r" in fields:
            record["chains"]["rekeys"] = fields["r"].split(",")
    if "s" in fields:
        try:
            record["seed"] = parse_seed(fields["s"])
        except ValueError as error:
            raise RecordError(Sentence("s: {reason}", reason=reason_of(error))) from None
    if "d" in fields:
        tiles = fields["d"].split(".") if fields["d"] else []
        record["deck"] = [_int(tile, A_DECK_TILE) for tile in tiles]
    record["moves"] = _parse_moves(fields.get("m", ""), MOVE_AT)
    return record


def _values(text: str, count: int) -> list[str | None]:
    """A link's commitments (h=) or values (x=): one per seat, dot-separated, empty for none."""
    items = text.split(".")
    if len(items) != count:
        raise RecordError(
            Sentence(
                "h= and x= need one value for each player ({players}), separated by dots",
                players=count,
            )
        )
    return [item or None for item in items]


def _hexes_text(hexes: list[dict[str, Any]]) -> str:
    return ".".join(
        f"{h['cell'][0]},{h['cell'][1]}:{HEX_LETTERS[Kind.from_label(h['kind'])]}{h['level']}"
        for h in hexes
    )


def _parse_hexes(text: str) -> list[dict[str, Any]]:
    out = []
    for index, token in enumerate(text.split(".") if text else []):
        match = _HEX.fullmatch(token)
        if not match or match.group(3) not in _KIND_OF_LETTER:
            raise RecordError(
                Sentence(
                    "hex {number}: {value} is not a hex (expected Q,R:KL, like 0,2:m1)",
                    number=index + 1,
                    value=excerpt(token),
                )
            )
        q, r, letter, level = match.groups()
        kind = _KIND_OF_LETTER[letter]
        out.append({"cell": [int(q), int(r)], "kind": kind.label, "level": int(level)})
    return out


def format_city(record: dict[str, Any], check: bool = False) -> str:
    """The notation of a city record (with ``check``, a check field, as links carry)."""
    fields = [CITY_HEADER]
    variants = _variants_text(record["variants"])
    if variants:
        fields.append(f"v={variants}")
    fields.append(f"st={record['stones']}")
    if record.get("hexes"):
        fields.append("h=" + _hexes_text(record["hexes"]))
    else:
        fields.append("m=" + _moves_text(record["placements"]))
    text = ";".join(fields)
    return checked(text) if check else text


def parse_city(text: str) -> dict[str, Any]:
    """The city record written in ``text``; ``records.read_city`` then checks it."""
    fields = _fields(text, CITY_HEADER, ("v", "st", "m", "h"))
    record = {
        "format": CITY_FORMAT,
        "version": VERSION,
        "variants": _parse_variants(fields.get("v", "")),
        "stones": _int(fields.get("st", "0"), "st"),
        "placements": _parse_moves(fields.get("m", ""), PLACEMENT_AT),
    }
    if "h" in fields:
        record["hexes"] = _parse_hexes(fields["h"])
    return record


def parse(text: str) -> dict[str, Any]:
    """A game or city record from its notation, by its header (after a byte-order mark, as
    ``records.load`` reads it)."""
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")
    text = _check_length(text)
    header = text.split(";", 1)[0]
    if header == CITY_HEADER:
        return parse_city(text)
    if header == GAME_HEADER:
        return parse_game(text)
    raise RecordError(
        Sentence(
            "unknown notation {value} (this program reads {game} games and {city} cities)",
            value=excerpt(header),
            game=GAME_HEADER,
            city=CITY_HEADER,
        )
    )
