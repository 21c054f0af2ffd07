"""The score calculator's model: the cities of a real table, rebuilt and scored.

People who played the physical game rebuild each city here, tile by tile or, when they do not
know which tiles were used, hex by hex (``calculator.city``: ``Builder`` and ``Painter``).
``Calculator`` holds 1 to 4 players (name, stones left, city) and the variants they share,
scores them with ``score_city``, names the winner among the cities built with ``final_result``
(the very rule a game uses), shares a city as checked city notation, and saves itself as JSON
(``calculator.state`` reads it back).

Plain Python over the engine, tested on CPython; the page only wires events to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from akropolis import (
    City,
    CityScore,
    Result,
    final_result,
    notation,
    records,
    score_city,
)
from akropolis.checks import (
    MAX_NAME_LENGTH,
    MAX_STONES,
    VARIANTS,
    check_name,
    check_variants,
    is_int,
)
from akropolis.formats import CITY_HEADER
from akropolis.names import draws_ink, first_look_alike, is_refused, look_alike_key
from akropolis.records import CityRecord, RecordError
from akropolis.sentences import Plural, Sentence
from calculator.city import STARTING_HEXES, Builder, Painter, VisibleHex
from common.i18n import _, explain, join, ngettext, pgettext
from common.i18n import number as numeral

MIN_PLAYERS, MAX_PLAYERS = 1, 4
#: A new calculator: the commonest table.
DEFAULT_PLAYERS = 2
#: The saved state's format and the version this program writes and reads.
STATE_FORMAT = "akropolis-calculator"
STATE_VERSION = 1
TILES_MODE, HEXES_MODE = "tiles", "hexes"
MODES = (TILES_MODE, HEXES_MODE)


def default_name(index: int) -> str:
    """The name of seat ``index`` (from 0) until someone gives one, in the page's language."""
    return _("Player {number}", number=index + 1)


def variant_names(variants: Iterable[str]) -> str:
    """The variants (``houses``, ``gardens``…) as one list in the page's language."""
    names = {
        "houses": pgettext("variant", "houses"),
        "markets": pgettext("variant", "markets"),
        "barracks": pgettext("variant", "barracks"),
        "temples": pgettext("variant", "temples"),
        "gardens": pgettext("variant", "gardens"),
    }
    return join([names[v] for v in VARIANTS if v in variants])


# --- Players and the table ---------------------------------------------------------------------


@dataclass
class Player:
    """One seat at the table: a name, the stones left at the end, and a city."""

    name: str
    stones: int = 0
    mode: str = TILES_MODE
    builder: Builder = field(default_factory=Builder)
    painter: Painter = field(default_factory=Painter)

    def city(self) -> City:
        return self.builder.city if self.mode == TILES_MODE else self.painter.city()

    def visible(self) -> list[VisibleHex]:
        return list(self.city().hexes())

    @property
    def empty(self) -> bool:
        """Nothing built or painted yet."""
        return not self.builder.placements and self.painter.pristine

    @property
    def built(self) -> bool:
        """The city shown holds something beyond the starting tile: a tile placed, or a hex
        painted other than the starting tile's (a city of tiles starts from that tile; a painted
        one too, and may be rubbed down to fewer hexes, which is no more built)."""
        if self.mode == TILES_MODE:
            return bool(self.builder.placements)
        return not set(self.painter.visible()) <= STARTING_HEXES

    def record(self, variants: frozenset[str]) -> CityRecord:
        """The city record of this player's city (placements, or hexes when painted)."""
        return records.city_record(self.city(), variants, self.stones)


class Calculator:
    """The whole table: 1 to 4 players, the variants they played with, and who is edited."""

    def __init__(self, players: list[Player] | None = None, variants: Iterable[str] = ()) -> None:
        if players is None:
            players = [Player(default_name(i)) for i in range(DEFAULT_PLAYERS)]
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"the calculator holds 1 to 4 players, not {len(players)}")
        self.players = players
        self.variants: frozenset[str] = check_variants(variants)
        self.active = 0

    @property
    def current(self) -> Player:
        return self.players[self.active]

    # --- Players -----------------------------------------------------------------------------

    def select(self, index: int) -> None:
        if is_int(index) and 0 <= index < len(self.players):
            self.active = index

    def add_player(self) -> str:
        if len(self.players) >= MAX_PLAYERS:
            return _("At most 4 players: Akropolis is for 1 to 4 cities.")
        self.players.append(Player(_free_name(self.players)))
        self.active = len(self.players) - 1
        return _("Added {name}: build their city.", name=self.current.name)

    def remove_player(self, index: int) -> str:
        if len(self.players) <= MIN_PLAYERS:
            return _("The calculator keeps at least one city.")
        if not is_int(index) or not 0 <= index < len(self.players):
            return _("There is no such player.")
        gone = self.players.pop(index)
        if self.active >= len(self.players) or self.active > index:
            self.active = max(0, self.active - 1)
        return _("Removed {name} and their city.", name=gone.name)

    def rename(self, index: int, name: str) -> str | None:
        """Rename a player; returns why not (the name is kept), or None when done.

        The engine's rules for names hold: one that draws ink, and none that looks like
        another city's name (``first_look_alike``), as the players of a game."""
        try:
            name = name.strip()
            check_name(name, "a name")
            names = [p.name for p in self.players]
            names[index] = name
        except (ValueError, AttributeError, IndexError, TypeError) as error:
            return _name_problem(name, error)
        clash = first_look_alike(names)
        if clash is not None and index in clash:
            other = names[clash[0] + clash[1] - index]
            return _(
                "That name cannot be used: \u201c{name}\u201d already names another city.",
                name=other,
            )
        self.players[index].name = name
        return None

    def set_stones(self, index: int, value: object) -> str | None:
        """Set a player's stones left; returns why not (nothing changed), or None when done."""
        if isinstance(value, str):
            text = value.strip()
            value = int(text) if text.isascii() and text.isdigit() and len(text) < 7 else text
        if not is_int(value) or not 0 <= value <= MAX_STONES:
            return _(
                "Stones left must be a whole number from 0 to {limit}.", limit=numeral(MAX_STONES)
            )
        self.players[index].stones = value
        return None

    def set_variants(self, variants: Iterable[str]) -> None:
        self.variants = check_variants(variants)

    def set_mode(self, mode: str) -> str:
        """Switch the current city between tile by tile and hex by hex.

        A painter still on the starting tile starts from the tiles placed, so a city that is
        known but for a few tiles is finished by hand."""
        player = self.current
        if mode not in MODES or mode == player.mode:
            return ""
        player.mode = mode
        player.builder.drop()
        if mode == HEXES_MODE:
            if player.painter.pristine and player.builder.placements:
                player.painter.replace(player.builder.city.hexes())
                return ngettext(
                    "By hexes: started from the {count} tile placed. Pick a kind and a level, "
                    "then tap a hex.",
                    "By hexes: started from the {count} tiles placed. Pick a kind and a level, "
                    "then tap a hex.",
                    len(player.builder.placements),
                )
            return _("By hexes: pick a kind and a level, then tap a hex to paint it.")
        return _("By tiles: pick a tile from the catalogue and place it in the city.")

    def used_elsewhere(self) -> dict[int, str]:
        """Tiles in other players' cities, by the name of the first city holding each."""
        out: dict[int, str] = {}
        for index, player in enumerate(self.players):
            if index != self.active and player.mode == TILES_MODE:
                for tile in player.builder.used:
                    out.setdefault(tile, player.name)
        return out

    # --- Scores ------------------------------------------------------------------------------

    def scores(self) -> list[CityScore]:
        return [score_city(p.city(), self.variants, p.stones) for p in self.players]

    def taking_part(self) -> list[int]:
        """The players whose city is built (``Player.built``): only they take part in the
        result; a seat whose city is still the starting tile has not been rebuilt yet."""
        return [index for index, player in enumerate(self.players) if player.built]

    def result(self, scores: list[CityScore] | None = None) -> Result | None:
        """The winner among the cities built, with the engine's rule (highest total, then most
        stones), its seats counted among all the players; None while fewer than two cities are
        built: nobody has won anything yet."""
        seats = self.taking_part()
        if len(seats) < 2:
            return None
        scores = scores if scores is not None else self.scores()
        result = final_result(
            [self.players[i].name for i in seats],
            [scores[i].total for i in seats],
            [self.players[i].stones for i in seats],
        )
        return result._replace(
            winners=tuple(seats[i] for i in result.winners),
            totals=tuple(score.total for score in scores),
            tied=tuple(seats[i] for i in result.tied),
            stones=tuple(player.stones for player in self.players),
        )

    # --- Sharing -----------------------------------------------------------------------------

    def share_text(self, index: int | None = None) -> str:
        """A player's city as checked city notation (``C1;c=…``), for a link or an embed."""
        player = self.players[self.active if index is None else index]
        return records.dump(player.record(self.variants), notation=True, check=True)

    def open_shared(self, text: object) -> str:
        """Open a shared city (city notation); returns what happened, in one line.

        A bad text raises RecordError with the reason and changes nothing.  The city goes to a
        calculator that is still empty, else to a new player; one already here is just shown.
        """
        if not isinstance(text, str):
            raise RecordError(Sentence("a shared city is text"))
        body = notation.from_link(text)
        if body is None or not body.strip().startswith(CITY_HEADER + ";"):
            raise RecordError(
                Sentence(
                    "the link does not hold a city (it should start with {header})",
                    header=CITY_HEADER + ";",
                )
            )
        subject = records.load(body)
        if not isinstance(subject, CityRecord):
            raise RecordError(Sentence("the link does not hold a city"))
        player = _player_of(subject, default_name(0))
        for index, other in enumerate(self.players):
            if _same_city(other, player):
                self.active = index
                self._adopt_variants(subject.variants)
                return _("This city is already here: {name}'s.", name=other.name)
        if all(p.empty and p.name == default_name(i) for i, p in enumerate(self.players)):
            self.players[0] = player
            self.active = 0
        elif len(self.players) < MAX_PLAYERS:
            player.name = _free_name(self.players)
            self.players.append(player)
            self.active = len(self.players) - 1
        else:
            raise RecordError(
                Plural(
                    "the calculator already holds {count} city: remove one to open this one",
                    "the calculator already holds {count} cities: remove one to open this one",
                    MAX_PLAYERS,
                )
            )
        if not self._adopt_variants(subject.variants):
            return _("Opened the shared city as {name}.", name=player.name)
        if not self.variants:
            return _(
                "Opened the shared city as {name}. Variants set as in the link: none.",
                name=player.name,
            )
        return _(
            "Opened the shared city as {name}. Variants set as in the link: {variants}.",
            name=player.name,
            variants=variant_names(self.variants),
        )

    def _adopt_variants(self, variants: frozenset[str]) -> bool:
        """Play with the link's variants; whether they changed."""
        if variants == self.variants:
            return False
        self.variants = variants
        return True

    # --- Saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        players = []
        for player in self.players:
            placements = [
                {"tile": p.tile, "anchor": list(p.anchor), "rotation": p.rotation}
                for p in player.builder.placements
            ]
            hexes = [
                {"cell": list(cell), "kind": kind.label, "level": level}
                for cell, kind, level in player.painter.visible()
            ]
            players.append(
                {
                    "name": player.name,
                    "stones": player.stones,
                    "mode": player.mode,
                    "placements": placements,
                    "hexes": hexes,
                }
            )
        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "variants": [v for v in VARIANTS if v in self.variants],
            "active": self.active,
            "players": players,
        }

    def dumps(self) -> str:
        return records.dumps(self.to_json())


def _player_of(subject: CityRecord, name: str) -> Player:
    """A player holding ``subject``, a city the engine has checked (each tile once too)."""
    if subject.hexes:
        return Player(name, subject.stones, HEXES_MODE, painter=Painter(subject.hexes))
    return Player(name, subject.stones, TILES_MODE, builder=Builder(subject.placements))


def _same_city(a: Player, b: Player) -> bool:
    if a.mode != b.mode or a.stones != b.stones:
        return False
    if a.mode == TILES_MODE:
        return a.builder.placements == b.builder.placements
    return a.painter.hexes == b.painter.hexes


def _name_problem(name: object, error: Exception) -> str:
    """Why ``name`` cannot be a city's name (the engine's ``check_name`` refused it with
    ``error``), as one sentence."""
    if not isinstance(name, str):
        return _("That name cannot be used: {reason}.", reason=explain(error))
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        return _(
            "That name cannot be used: a name must have 1 to {limit} characters, not {length}.",
            limit=MAX_NAME_LENGTH,
            length=len(name),
        )
    refused = next((char for char in name if is_refused(char)), None)
    if refused is not None:
        return _(
            "That name cannot be used: a name must not contain control or invisible characters "
            "({code}).",
            code=f"U+{ord(refused):04X}",
        )
    if not any(draws_ink(char) for char in name):
        return _("That name cannot be used: a name needs at least one visible character.")
    return _("That name cannot be used: {reason}.", reason=explain(error))


def _free_name(players: list[Player]) -> str:
    """The first default name (``Player N``, from the next seat on) no player has."""
    taken = {look_alike_key(p.name) for p in players}
    number = len(players)
    while look_alike_key(default_name(number)) in taken:
        number += 1
    return default_name(number)
