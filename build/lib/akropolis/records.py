"""Game and city records: the public JSON file formats, read strictly and written canonically.

Every reader check produces a ``RecordError`` whose message says what is wrong and where
(``move 7: tile 18 is not in the construction site``), so the CLI and the web page can show it
as it is.  The compact text notation (``notation.py``) converts to and from these same dicts,
so one validator serves both.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from . import bylink, checks
from . import notation as _notation
from .checks import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_LEVEL,
    MAX_NAME_LENGTH,
    MAX_RECORD_BYTES,
    MAX_STONES,
    PLAYER_KINDS,
    VARIANTS,
    excerpt,
    reason_of,
)
from .city import City, IllegalMoveError, Placement
from .formats import (
    CITY_FORMAT,
    GAME_FORMAT,
    VERSION,
    RecordError,
    check_header,
    expect_int,
    expect_list,
    expect_object,
    reported,
)
from .game import Game
from .hexes import Hex
from .options import Options
from .sentences import Sentence
from .tiles import Kind

__all__ = [
    "CITY_FORMAT",
    "GAME_FORMAT",
    "MAX_NAME_LENGTH",
    "MAX_RECORD_BYTES",
    "PLAYER_KINDS",
    "VERSION",
    "CityRecord",
    "RecordError",
    "city_record",
    "city_record_data",
    "city_to_record",
    "dump",
    "dumps",
    "game_to_record",
    "load",
    "parse_json",
    "read_any",
    "read_city",
    "read_game",
]


@dataclass(frozen=True, slots=True)
class CityRecord:
    """A city on its own (score calculator, embeds): variants, stones, and either the
    placements that built it, each tile at most once (the box holds one of each), or, when its
    tiles are not known, its visible ``hexes`` as ``((q, r), kind, level)`` (a city drawn hex
    by hex, as ``City.from_hexes`` builds it)."""

    variants: frozenset[str]
    stones: int
    placements: tuple[Placement, ...]
    hexes: tuple[tuple[Hex, Kind, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", checks.check_variants(self.variants))
        checks.check_int(self.stones, "stones", 0, MAX_STONES)
        if not isinstance(self.placements, (list, tuple)):  # build() checks each placement
            raise ValueError(
                Sentence("placements must be a list, not {value}", value=excerpt(self.placements))
            )
        object.__setattr__(self, "placements", tuple(self.placements))
        checks.check_each_tile_once(  # a tile that is not a number is refused by build()
            p.tile for p in self.placements if isinstance(p, Placement) and checks.is_int(p.tile)
        )
        if not isinstance(self.hexes, (list, tuple)):  # build() checks each hex
            raise ValueError(
                Sentence("hexes must be a list, not {value}", value=excerpt(self.hexes))
            )
        object.__setattr__(self, "hexes", tuple(self.hexes))
        if self.hexes and self.placements:
            raise ValueError(Sentence("a city has placements or hexes, not both"))

    def build(self) -> City:
        """The city, each placement checked as it is made (or its hexes checked)."""
        try:
            if self.hexes:
                return City.from_hexes(self.hexes)
            return City.from_placements(list(self.placements))
        except ValueError as error:  # IllegalMoveError too
            raise RecordError(reason_of(error)) from None


# --- Reading ----------------------------------------------------------------------------------

#: What the messages call the record and a player's name.
THE_RECORD = Sentence("the record")
THE_NAME = Sentence("the name")
#: A JSON string; an unclosed one runs to the end of the text, so that a text full of escaped
#: quotes and no closing one is scanned once, not once per quote (quadratic time).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


def _check_size(text: str | bytes) -> None:
    """The limit is in UTF-8 bytes, whether the record comes as bytes or as text."""
    size = len(text)
    if isinstance(text, str) and MAX_RECORD_BYTES // 4 < size <= MAX_RECORD_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))  # only when it could matter
    if size > MAX_RECORD_BYTES:
        raise RecordError(
            Sentence(
                "the file is too large to be a record ({size} MB; records are at most {limit} MB)",
                size=f"{size / 1e6:.1f}",
                limit=f"{MAX_RECORD_BYTES / 1e6:g}",
            )
        )


def _check_depth(text: str) -> None:
    """Refuse deep nesting before the JSON parser recurses into it (it could exhaust the stack).

    Strings are dropped, then innermost ``[]``/``{}`` pairs are removed level by level: a
    record nested at most ``MAX_DEPTH`` deep vanishes; whatever is left is too deep or unclosed.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH):
        reduced = _EMPTY_PAIR.sub("", brackets)
        if reduced == brackets:
            break
        brackets = reduced
    if _EMPTY_PAIR.search(brackets) or brackets.count("[") + brackets.count("{") > MAX_DEPTH:
        raise RecordError(
            Sentence(
                "not a record: arrays or objects nested more than {depth} deep", depth=MAX_DEPTH
            )
        )


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(
                Sentence("the key {key} appears twice in one object", key=excerpt(key))
            )
        out[key] = value
    return out


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(
            Sentence(
                "a number has more than {digits} digits ({value})",
                digits=MAX_DIGITS,
                value=excerpt(text),
            )
        )
    return int(text)


def _constant(name: str) -> Any:
    raise RecordError(Sentence("{name} is not a number in JSON", name=name))


def parse_json(text: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) to data: size, depth and numbers limited, no duplicate keys.

    The limits are checked before any expensive work, so a huge or hostile file is refused at
    once (and in the browser without freezing the page).
    """
    if not isinstance(text, (str, bytes)):
        raise RecordError(Sentence("a record must be text, not {value}", value=excerpt(text)))
    _check_size(text)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(_not_utf8(error)) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    if not text.strip():
        raise RecordError(Sentence("the file is empty"))
    _check_depth(text)
    try:
        return json.loads(
            text, object_pairs_hook=_object, parse_int=_integer, parse_constant=_constant
        )
    except json.JSONDecodeError as error:
        raise RecordError(
            # Some messages end in "at" ("Unterminated string starting at"): say it once.
            Sentence(
                "not valid JSON: {problem} at line {line} column {column}",
                problem=error.msg.removesuffix(" at"),
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    except RecursionError:
        raise RecordError(Sentence("not a record: nested too deeply")) from None


def _not_utf8(error: UnicodeDecodeError) -> Sentence:
    return Sentence("the file is not UTF-8 text (byte {byte})", byte=error.start)


def _read_variants(value: Any, where: str) -> frozenset[str]:
    return reported(checks.check_variants, where, expect_list(value, where))


def _read_placement(value: Any, where: str) -> Placement:
    item = expect_object(value, where, {"tile", "anchor", "rotation"}, set())
    tile = reported(checks.check_tile, where, item["tile"])
    anchor = reported(
        checks.check_anchor,
        where,
        expect_list(item["anchor"], Sentence("{where}: anchor", where=where)),
    )
    rotation = reported(checks.check_rotation, where, item["rotation"])
    return Placement(tile, anchor, rotation)


def read_game(data: Any) -> Game:
    """A game from a parsed game record, every move replayed and checked."""
    check_header(data, GAME_FORMAT)
    keys = {"format", "version", "players", "options", "moves"}
    data = expect_object(data, THE_RECORD, keys, {"seed", "deck", "chains"})
    players = expect_list(data["players"], "players")
    if not 2 <= len(players) <= 4:
        raise RecordError(
            Sentence("players must list 2 to 4 players, not {count}", count=len(players))
        )
    names, kinds = [], []
    for index, player in enumerate(players):
        where = f"players[{index}]"
        player = expect_object(player, where, {"name"}, {"kind"})
        names.append(reported(checks.check_name, where, player["name"], THE_NAME))
        kind = player.get("kind")
        if "kind" in player:
            kind = reported(checks.check_kind, where, kind, "kind")
        kinds.append(kind)
    options = expect_object(
        data["options"], "options", {"variants"}, {"all_tiles", "hidden_stacks"}
    )
    variants = _read_variants(options["variants"], "options.variants")
    all_tiles = reported(checks.check_bool, "options", options.get("all_tiles", False), "all_tiles")
    hidden = options.get("hidden_stacks", False)
    hidden = reported(checks.check_bool, "options", hidden, "hidden_stacks")
    seed = data.get("seed")
    if "seed" in data:
        seed = reported(checks.check_seed, "", seed)
    if hidden and seed is not None:
        # A seed would fix the stacks still hidden.
        raise RecordError(Sentence("a game with hidden stacks has no seed"))
    deck = data.get("deck")
    if "deck" in data:
        deck = expect_list(deck, "deck")
    elif seed is None and not hidden:
        raise RecordError(Sentence("the record needs a seed or a deck"))
    moves = [
        _read_placement(move, Sentence("move {number}", number=index + 1))
        for index, move in enumerate(expect_list(data["moves"], "moves"))
    ]
    if "chains" in data:
        if not hidden or "deck" in data:
            raise RecordError(Sentence("a game by link has hidden stacks and no deck"))
        return _read_by_link(data["chains"], names, kinds, variants, all_tiles, moves)
    try:
        game = Game(
            len(names),
            variants=variants,
            all_tiles=all_tiles,
            seed=seed,
            deck=deck,
            names=names,
            kinds=kinds,
            hidden=hidden,
        )
    except ValueError as error:
        raise RecordError(reason_of(error)) from None
    for index, move in enumerate(moves):
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise RecordError(
                Sentence("move {number}: {reason}", number=index + 1, reason=reason_of(error))
            ) from None
    return game


def _read_by_link(
    data: Any,
    names: list[str],
    kinds: list[str | None],
    variants: frozenset[str],
    all_tiles: bool,
    moves: list[Placement],
) -> Game:
    """A game by link: its chains checked, its draws dealt from them, its moves played."""
    try:
        options = Options(len(names), variants, all_tiles)
        return bylink.open_game(
            options, names, kinds, bylink.Chains.from_json(data, len(names)), moves
        )
    except ValueError as error:
        raise RecordError(reason_of(error)) from None


def _read_hex(value: Any, where: str) -> tuple[Hex, Kind, int]:
    item = expect_object(value, where, {"cell", "kind", "level"}, set())
    at_cell = Sentence("{where}: cell", where=where)
    cell = reported(checks.check_anchor, at_cell, expect_list(item["cell"], at_cell))
    label = item["kind"]
    if not isinstance(label, str):
        raise RecordError(
            Sentence("{where}: kind must be text, not {value}", where=where, value=excerpt(label))
        )
    kind = reported(Kind.from_label, where, label)
    level = expect_int(item["level"], Sentence("{where}: level", where=where), 1, MAX_LEVEL)
    return cell, kind, level


def read_city(data: Any) -> CityRecord:
    """A city record, checked (its placements or hexes are checked when it is built)."""
    check_header(data, CITY_FORMAT)
    keys = {"format", "version", "variants", "stones", "placements"}
    data = expect_object(data, THE_RECORD, keys, {"hexes"})
    variants = _read_variants(data["variants"], "variants")
    stones = expect_int(data["stones"], "stones", 0, MAX_STONES)
    placements = tuple(
        _read_placement(item, Sentence("placement {number}", number=index + 1))
        for index, item in enumerate(expect_list(data["placements"], "placements"))
    )
    hexes = ()
    if "hexes" in data:
        hexes = tuple(
            _read_hex(item, Sentence("hex {number}", number=index + 1))
            for index, item in enumerate(expect_list(data["hexes"], "hexes"))
        )
        if not hexes:
            raise RecordError(Sentence("hexes: a city drawn hex by hex needs at least one hex"))
        if placements:
            raise RecordError(Sentence("a city record has placements or hexes, not both"))
    record = reported(CityRecord, "", variants, stones, placements, hexes)
    record.build()
    return record


def read_any(data: Any) -> Game | CityRecord:
    """A game or a city, whichever the record's ``format`` says."""
    if isinstance(data, dict) and data.get("format") == CITY_FORMAT:
        return read_city(data)
    return read_game(data)


def load(text: str | bytes) -> Game | CityRecord:
    """A game or city from a JSON record or its notation; anything wrong raises RecordError."""
    if isinstance(text, bytes):  # decoded whole, so a file reads as its text does
        _check_size(text)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(_not_utf8(error)) from None
    if isinstance(text, str) and _notation.looks_like_notation(text.removeprefix("\ufeff")):
        return read_any(_notation.parse(text.removeprefix("\ufeff")))  # a BOM, as in JSON
    return read_any(parse_json(text))


# --- Writing ----------------------------------------------------------------------------------


def _placement_json(placement: Placement) -> dict[str, Any]:
    return {
        "tile": placement.tile,
        "anchor": list(placement.anchor),
        "rotation": placement.rotation,
    }


def _variants_json(variants: frozenset[str]) -> list[str]:
    return [name for name in VARIANTS if name in variants]


def game_to_record(game: Game) -> dict[str, Any]:
    """The game record of ``game`` (seed if it was dealt from one, and always the deck)."""
    players = []
    for name, kind in zip(game.names, game.kinds, strict=True):
        players.append({"name": name} if kind is None else {"name": name, "kind": kind})
    record: dict[str, Any] = {
        "format": GAME_FORMAT,
        "version": VERSION,
        "players": players,
        "options": {
            "variants": _variants_json(game.variants),
            "all_tiles": game.options.all_tiles,
        },
    }
    if game.hidden:
        record["options"]["hidden_stacks"] = True
    if game.chains is not None:  # a game by link: its draws follow from its chains
        record["chains"] = game.chains.rewound(game.options, game.ply).to_json()
    elif game.seed is not None:
        record["seed"] = game.seed
    if game.chains is None:
        record["deck"] = list(game.deck)
    record["moves"] = [_placement_json(move) for move in game.moves]
    return record


def city_record(city: City, variants: frozenset[str], stones: int) -> CityRecord:
    """The record of a city: its placements, or its hexes if it was drawn hex by hex."""
    if not isinstance(city, City):
        raise ValueError(f"the city must be a City, not {excerpt(city)}")
    if any(piece < 0 for piece in city.piece.values()):  # City.from_hexes: nothing to replay
        return CityRecord(variants, stones, (), tuple(city.hexes()))
    return CityRecord(variants, stones, tuple(city.placements))  # checks them


def city_record_data(record: CityRecord) -> dict[str, Any]:
    """The JSON data of a city record."""
    data: dict[str, Any] = {
        "format": CITY_FORMAT,
        "version": VERSION,
        "variants": _variants_json(record.variants),
        "stones": record.stones,
        "placements": [_placement_json(p) for p in record.placements],
    }
    if record.hexes:
        data["hexes"] = [
            {"cell": list(cell), "kind": kind.label, "level": level}
            for cell, kind, level in sorted(record.hexes)  # canonical: by cell
        ]
    return data


def city_to_record(city: City, variants: frozenset[str], stones: int) -> dict[str, Any]:
    """The JSON data of a city's record (``city_record``, then ``city_record_data``)."""
    return city_record_data(city_record(city, variants, stones))


def dumps(record: dict[str, Any]) -> str:
    """Record JSON as the program writes it: a key per line, a move or placement per line."""
    lines = []
    for key, value in record.items():
        if isinstance(value, list) and value and isinstance(value[0], dict) and key != "players":
            items = ",\n".join(f"    {json.dumps(item, ensure_ascii=False)}" for item in value)
            text = f"[\n{items}\n  ]"
        else:
            text = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def dump(subject: Game | CityRecord, *, notation: bool = False, check: bool = False) -> str:
    """The one door out: a game's or a city's record as this program writes it.

    JSON by default (``dumps``: a key per line, a move or placement per line); with
    ``notation``, the compact notation, and with ``check`` also its check field, as links carry
    it.  ``load`` reads either back to an equal game or city.
    """
    if isinstance(subject, Game):
        data = game_to_record(subject)
        write = _notation.format_game
    elif isinstance(subject, CityRecord):
        data = city_record_data(subject)
        write = _notation.format_city
    else:
        raise ValueError(f"a record is written from a Game or a CityRecord, not {excerpt(subject)}")
    if notation:
        return write(data, check=bool(check))
    if check:
        raise ValueError("only notation carries a check")
    return dumps(data)
