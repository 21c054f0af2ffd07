"""The New game form: seats, names, variants, all-tiles, seed — checked, then a ``Game``.

Defaults make one click start a 2-player game.  Bad values raise ``SetupError`` with a line
the dialog shows; nothing is started.
"""

from __future__ import annotations

from akropolis import Game
from akropolis.checks import MAX_NAME_LENGTH, VARIANTS, check_name, parse_seed
from akropolis.picture.markup import escape

VARIANT_HELP = {
    "houses": "Houses: a group worth 10 or more is doubled",
    "markets": "Markets: next to a market plaza, doubled",
    "barracks": "Barracks: with 3 or 4 empty outside neighbours, doubled",
    "temples": "Temples: on level 2 or higher, doubled",
    "gardens": "Gardens: next to a lake, doubled",
}


MAX_SEATS = 4


class SetupError(ValueError):
    """A form value that cannot start a game."""


class NewGameForm:
    """The form's values between openings, so a second game starts like the first."""

    def __init__(self) -> None:
        self.names = ["Player 1", "Player 2"]
        self.variants: set[str] = set()
        self.all_tiles = False
        self.seed = ""

    def read(self, values: dict) -> None:
        self.names = [str(n) for n in values.get("names", self.names)] or self.names
        self.variants = {v for v in values.get("variants", []) if v in VARIANTS}
        self.all_tiles = bool(values.get("all_tiles", False))
        self.seed = str(values.get("seed", "")).strip()

    def create(self) -> Game:
        names = [name.strip() or f"Player {i + 1}" for i, name in enumerate(self.names)]
        for seat, name in enumerate(names):
            try:
                check_name(name, f"The name of player {seat + 1}")
            except ValueError as error:
                raise SetupError(f"{error}.") from None
        if len(set(names)) != len(names):
            raise SetupError("Give each player a different name.")
        if self.all_tiles and len(names) == 4:
            raise SetupError("All tiles is for 2 or 3 players (4 players always use all 61).")
        seed = None
        if self.seed:
            try:
                seed = parse_seed(self.seed)
            except ValueError:
                raise SetupError(
                    "The seed must be a whole number from 0 to 18446744073709551615 "
                    "(or empty for a random deal)."
                ) from None
        return Game(
            len(names), variants=self.variants, all_tiles=self.all_tiles, seed=seed, names=names
        )

    def seats_html(self) -> str:
        """All four seats; those beyond the player count are hidden (the page shows them)."""
        rows = []
        for i in range(MAX_SEATS):
            name = self.names[i] if i < len(self.names) else f"Player {i + 1}"
            first = " (Chief Architect, starts)" if i == 0 else ""
            hidden = " hidden" if i >= len(self.names) else ""
            rows.append(
                f'<label{hidden}>Seat {i + 1}{first} <input name="seat" value="{escape(name)}" '
                f'maxlength="{MAX_NAME_LENGTH}" autocomplete="off" '
                f'aria-label="Name of player {i + 1}"></label>'
            )
        return "".join(rows)

    def variants_html(self) -> str:
        return "".join(
            f'<label><input type="checkbox" value="{name}"'
            f"{' checked' if name in self.variants else ''}> {escape(VARIANT_HELP[name])}</label>"
            for name in VARIANTS
        )
