"""The New game form: seats (a person or a computer), names, a solo game against the Architect,
variants, all-tiles, seed, play by link — checked, then a ``Game``.

Defaults make one click start a 2-player game of two people.  Bad values raise ``SetupError``
with a line the dialog shows; nothing is started.  The seats' kinds become the game's ``kinds``,
which records and notation carry, so a saved, resumed or shared game keeps its computers.
"""

from __future__ import annotations

from akropolis import Game
from akropolis.checks import MAX_NAME_LENGTH, VARIANTS, check_name, parse_seed
from akropolis.names import first_look_alike
from akropolis.picture.markup import escape
from common.rules_help import VARIANT_HELP
from game.opponents import ARCHITECTS, HUMAN, SEAT_CHOICES, setup_kinds

MAX_SEATS = 4


class SetupError(ValueError):
    """A form value that cannot start a game."""


class NewGameForm:
    """The form's values between openings, so a second game starts like the first."""

    def __init__(self) -> None:
        self.names = ["Player 1", "Player 2"]
        self.kinds: list[str] = [HUMAN, HUMAN]
        self.solo = ""  # an Architect's key: one person against the Architect
        self.variants: set[str] = set()
        self.all_tiles = False
        self.seed = ""
        self.by_link = False

    def read(self, values: dict) -> None:
        self.names = [str(n) for n in values.get("names", self.names)] or self.names
        kinds = values.get("kinds", [])
        self.kinds = [str(k) for k in kinds] if isinstance(kinds, list) else []
        self.solo = str(values.get("solo", "") or "")
        self.variants = {v for v in values.get("variants", []) if v in VARIANTS}
        self.all_tiles = bool(values.get("all_tiles", False))
        self.seed = str(values.get("seed", "")).strip()
        self.by_link = bool(values.get("by_link", False))

    def create(self) -> Game:
        names = [name.strip() or f"Player {i + 1}" for i, name in enumerate(self.names)]
        kinds = setup_kinds(self.kinds, self.solo, self.by_link, len(names))
        if isinstance(kinds, str):
            raise SetupError(kinds)
        if self.solo:
            names = [names[0], ARCHITECTS[self.solo][0]]
            if self.all_tiles:
                raise SetupError("A solo game uses the two-player tiles: untick All tiles.")
        for seat, name in enumerate(names):
            try:
                check_name(name, f"The name of player {seat + 1}")
            except ValueError as error:
                raise SetupError(f"{error}.") from None
        clash = first_look_alike(names)  # the engine's rule: names that look the same clash
        if clash is not None:
            first, second = clash
            raise SetupError(
                f"Players {first + 1} and {second + 1} have the same name "
                f"(\u201c{names[first]}\u201d): give each player a different name."
            )
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
        try:
            return Game(
                len(names),
                variants=self.variants,
                all_tiles=self.all_tiles,
                seed=seed,
                names=names,
                kinds=kinds,
            )
        except ValueError as error:  # what the engine refuses that the form did not foresee
            raise SetupError(f"This game cannot be set up: {error}.") from None

    def seats_html(self) -> str:
        """All four seats; those beyond the player count are hidden (the page shows them)."""
        rows = []
        for i in range(MAX_SEATS):
            name = self.names[i] if i < len(self.names) else f"Player {i + 1}"
            first = (
                ' <span class="chief" title="Chief Architect: starts">♛</span>' if i == 0 else ""
            )
            hidden = " hidden" if i >= len(self.names) else ""
            kind = self.kinds[i] if i < len(self.kinds) else HUMAN
            options = "".join(
                f'<option value="{value}"{" selected" if value == kind else ""}>{label}</option>'
                for value, label in SEAT_CHOICES
            )
            rows.append(
                f'<label{hidden}><span class="seat">Seat {i + 1}{first}</span> '
                f'<input name="seat" value="{escape(name)}" '
                f'maxlength="{MAX_NAME_LENGTH}" autocomplete="off" '
                f'aria-label="Name of player {i + 1}"><select name="kind" '
                f'aria-label="Who plays seat {i + 1}">{options}</select></label>'
            )
        return "".join(rows)

    def solo_html(self) -> str:
        """The Architect to play alone against (none: the seats above play)."""
        options = ['<option value="">No: the players above</option>'] + [
            f'<option value="{key}"{" selected" if key == self.solo else ""}>'
            f"{name} ({level})</option>"
            for key, (name, level) in ARCHITECTS.items()
        ]
        label = 'aria-label="Solo against the Architect"'
        return f'<select id="solo" {label}>{"".join(options)}</select>'

    def variants_html(self) -> str:
        return "".join(
            f'<label><input type="checkbox" value="{name}"'
            f"{' checked' if name in self.variants else ''}> {escape(VARIANT_HELP[name])}</label>"
            for name in VARIANTS
        )
