"""Game and city records: the public JSON file formats, read strictly and written canonically.

Every reader check produces a ``RecordError`` whose message says what is wrong and where
(``move 7: tile 18 is not in the construction site``), so the CLI and the web page can show it
as it is.  The compact text notation (``notation.py``) converts to and from these same dicts,
so one validator serves both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .city import City, IllegalMoveError, Placement
from .game import Game
from .hexes import COORD_LIMIT
from .rng import SEED_LIMIT
from .scoring import VARIANTS, check_variants

GAME_FORMAT = "akropolis-game"
CITY_FORMAT = "akropolis-city"
VERSION = 1
#: Player kinds a record may name; the AI adds its levels here.
PLAYER_KINDS: tuple[str, ...] = ("human",)
MAX_NAME_LENGTH = 40


class RecordError(ValueError):
    """A record that cannot be read; the message is meant for the person who supplied it."""


@dataclass(frozen=True, slots=True)
class CityRecord:
    """A city on its own (score calculator, embeds): variants, stones and placements."""

    variants: frozenset[str]
    stones: int
    placements: tuple[Placement, ...]

    def build(self) -> City:
        """The city, each placement checked as it is made."""
        try:
            return City.from_placements(list(self.placements))
        except IllegalMoveError as error:
            raise RecordError(str(error)) from None


# --- Reading ----------------------------------------------------------------------------------


def parse_json(text: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) to data, with a readable error."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"the file is not UTF-8 text (byte {error.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None


def _expect_object(value: Any, where: str, required: set[str], optional: set[str]) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"{where} must be a JSON object")
    for key in value:
        if key not in required and key not in optional:
            raise RecordError(f"{where}: unknown key {key!r}")
    for key in sorted(required):
        if key not in value:
            raise RecordError(f"{where}: missing key {key!r}")
    return value


def _expect_int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where} must be an integer")
    if not low <= value <= high:
        raise RecordError(f"{where} must be from {low} to {high}, not {value}")
    return value


def _expect_list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a JSON array")
    return value


def _check_header(data: Any, expected: str) -> None:
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    fmt = data.get("format")
    if fmt != expected:
        other = {GAME_FORMAT: "a game record", CITY_FORMAT: "a city record"}.get(fmt)
        if other:
            wanted = "a game record" if expected == GAME_FORMAT else "a city record"
            raise RecordError(f"this is {other}, not {wanted}")
        raise RecordError(f"format must be {expected!r}, not {fmt!r}")
    version = data.get("version")
    if version != VERSION:
        raise RecordError(f"unsupported version {version!r} (this program reads version {VERSION})")


def _read_variants(value: Any, where: str) -> frozenset[str]:
    names = _expect_list(value, where)
    for index, name in enumerate(names):
        if not isinstance(name, str):
            raise RecordError(f"{where}[{index}] must be a string")
        if name not in VARIANTS:
            raise RecordError(f"{where}: unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    if len(set(names)) != len(names):
        raise RecordError(f"{where}: a variant is listed twice")
    return check_variants(names)


def _read_placement(value: Any, where: str) -> Placement:
    item = _expect_object(value, where, {"tile", "anchor", "rotation"}, set())
    tile = _expect_int(item["tile"], f"{where}: tile", 1, 61)
    anchor = _expect_list(item["anchor"], f"{where}: anchor")
    if len(anchor) != 2:
        raise RecordError(f"{where}: anchor must be [q, r]")
    q = _expect_int(anchor[0], f"{where}: anchor q", -COORD_LIMIT, COORD_LIMIT)
    r = _expect_int(anchor[1], f"{where}: anchor r", -COORD_LIMIT, COORD_LIMIT)
    rotation = _expect_int(item["rotation"], f"{where}: rotation", 0, 5)
    return Placement(tile, (q, r), rotation)


def read_game(data: Any) -> Game:
    """A game from a parsed game record, every move replayed and checked."""
    _check_header(data, GAME_FORMAT)
    keys = {"format", "version", "players", "options", "moves"}
    data = _expect_object(data, "the record", keys, {"seed", "deck"})
    players = _expect_list(data["players"], "players")
    if not 2 <= len(players) <= 4:
        raise RecordError(f"players must list 2 to 4 players, not {len(players)}")
    names, kinds = [], []
    for index, player in enumerate(players):
        where = f"players[{index}]"
        player = _expect_object(player, where, {"name"}, {"kind"})
        name = player["name"]
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            raise RecordError(
                f"{where}: name must be a non-empty string of at most {MAX_NAME_LENGTH} characters"
            )
        kind = player.get("kind")
        if kind is not None and kind not in PLAYER_KINDS:
            raise RecordError(f"{where}: unknown kind {kind!r} (known: {', '.join(PLAYER_KINDS)})")
        names.append(name)
        kinds.append(kind)
    options = _expect_object(data["options"], "options", {"variants"}, {"all_tiles"})
    variants = _read_variants(options["variants"], "options.variants")
    all_tiles = options.get("all_tiles", False)
    if not isinstance(all_tiles, bool):
        raise RecordError("options.all_tiles must be true or false")
    seed = data.get("seed")
    if seed is not None:
        seed = _expect_int(seed, "seed", 0, SEED_LIMIT - 1)
    deck = data.get("deck")
    if deck is None and seed is None:
        raise RecordError("the record needs a seed or a deck")
    if deck is not None:
        deck = _expect_list(deck, "deck")
    moves = [
        _read_placement(move, f"move {index + 1}")
        for index, move in enumerate(_expect_list(data["moves"], "moves"))
    ]
    try:
        game = Game(
            len(names),
            variants=variants,
            all_tiles=all_tiles,
            seed=seed,
            deck=deck,
            names=names,
            kinds=kinds,
        )
    except ValueError as error:
        raise RecordError(str(error)) from None
    game.seed = seed
    for index, move in enumerate(moves):
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise RecordError(f"move {index + 1}: {error}") from None
    return game


def read_city(data: Any) -> CityRecord:
    """A city record, checked (its placements are checked when it is built)."""
    _check_header(data, CITY_FORMAT)
    keys = {"format", "version", "variants", "stones", "placements"}
    data = _expect_object(data, "the record", keys, set())
    variants = _read_variants(data["variants"], "variants")
    stones = _expect_int(data["stones"], "stones", 0, 10_000)
    placements = tuple(
        _read_placement(item, f"placement {index + 1}")
        for index, item in enumerate(_expect_list(data["placements"], "placements"))
    )
    record = CityRecord(variants, stones, placements)
    record.build()
    return record


def read_any(data: Any) -> Game | CityRecord:
    """A game or a city, whichever the record's ``format`` says."""
    if isinstance(data, dict) and data.get("format") == CITY_FORMAT:
        return read_city(data)
    return read_game(data)


def load(text: str | bytes) -> Game | CityRecord:
    """A game or city from JSON text."""
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
    if game.seed is not None:
        record["seed"] = game.seed
    record["deck"] = list(game.deck)
    record["moves"] = [_placement_json(move) for move in game.moves]
    return record


def city_to_record(city: City, variants: frozenset[str], stones: int) -> dict[str, Any]:
    """The city record of a city."""
    return {
        "format": CITY_FORMAT,
        "version": VERSION,
        "variants": _variants_json(frozenset(variants)),
        "stones": stones,
        "placements": [_placement_json(p) for p in city.placements],
    }


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
