"""The New game form: the quick games of the first screen (the computer at a level, pass and
play, solo against an Illustrious Architect) and More options (seats, each a person or a
computer; names; variants; all tiles; seed; play by link) — checked, then a ``Game``.

A name left empty is the seat's default (its placeholder on the form): "Player 2", or
"Computer" when one computer plays, "Computer 2" when several do.  Bad values raise
``SetupError`` with a line the dialog shows; nothing is started.  The seats' kinds become the
game's ``kinds``, which records and notation carry, so a saved, resumed or shared game keeps its
computers.
"""

from __future__ import annotations

from akropolis import Game
from akropolis.checks import MAX_NAME_LENGTH, VARIANTS, check_name, parse_seed
from akropolis.names import draws_ink, first_look_alike, is_refused
from akropolis.picture.markup import escape
from akropolis.sentences import Sentence
from common.i18n import _, explain, pgettext, translate
from common.rules_help import VARIANT_HELP
from game.opponents import (
    ARCHITECTS,
    HUMAN,
    LEVELS,
    architect_name,
    difficulty,
    is_computer,
    seat_choices,
    setup_kinds,
)

MAX_SEATS = 4


class SetupError(ValueError):
    """A form value that cannot start a game."""


class NewGameForm:
    """The form's values between openings, so a second game starts like the first."""

    def __init__(self) -> None:
        self.names = ["", ""]  # as typed: an empty name is the seat's default
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
        kinds = setup_kinds(self.kinds, self.solo, self.by_link, len(self.names))
        if isinstance(kinds, str):
            raise SetupError(kinds)
        names = [name.strip() or default_name(i + 1, kinds) for i, name in enumerate(self.names)]
        if self.solo:
            names = [names[0], architect_name(self.solo)]
            if self.all_tiles:
                raise SetupError(_("A solo game uses the two-player tiles: untick All tiles."))
        for seat, name in enumerate(names):
            try:
                check_name(name)
            except ValueError as error:
                raise SetupError(name_problem(seat + 1, name, error)) from None
        clash = first_look_alike(names)  # the engine's rule: names that look the same clash
        if clash is not None:
            first, second = clash
            raise SetupError(
                _(
                    "Players {first} and {second} have the same name (\u201c{name}\u201d): "
                    "give each player a different name.",
                    first=first + 1,
                    second=second + 1,
                    name=names[first],
                )
            )
        if self.all_tiles and len(names) == 4:
            raise SetupError(_("All tiles is for 2 or 3 players (4 players always use all 61)."))
        seed = None
        if self.seed and self.by_link:
            raise SetupError(
                _(
                    "A game played by link is dealt by all its players together, so that nobody "
                    "knows or chooses the stacks: leave the seed empty."
                )
            )
        if self.seed:
            try:
                seed = parse_seed(self.seed)
            except ValueError:
                raise SetupError(
                    _(
                        "The seed must be a whole number from 0 to {largest} "
                        "(or empty for a random deal).",
                        largest=2**64 - 1,
                    )
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
            raise SetupError(
                _("This game cannot be set up: {reason}.", reason=explain(error))
            ) from None

    def seats_html(self) -> str:
        """All four seats; those beyond the player count are hidden (the page shows them)."""
        chief = escape(_("Chief Architect: starts"))
        choices = seat_choices()
        rows = []
        for i in range(MAX_SEATS):
            number = i + 1
            name = self.names[i] if i < len(self.names) else ""
            kinds = [HUMAN] * MAX_SEATS
            first = f' <span class="chief" title="{chief}">♛</span>' if i == 0 else ""
            hidden = " hidden" if i >= len(self.names) else ""
            kind = self.kinds[i] if i < len(self.kinds) else HUMAN
            options = "".join(
                f'<option value="{value}"{" selected" if value == kind else ""}>'
                f"{escape(label)}</option>"
                for value, label in choices
            )
            seat = escape(_("Seat {number}", number=number))
            named = escape(_("Name of player {number}", number=number))
            who = escape(_("Who plays seat {number}", number=number))
            rows.append(
                f'<label{hidden}><span class="seat"><span>{seat}</span>{first}</span> '
                f'<input name="seat" value="{escape(name)}" '
                f'placeholder="{escape(default_name(number, kinds))}" '
                f'maxlength="{MAX_NAME_LENGTH}" autocomplete="off" '
                f'aria-label="{named}"><select name="kind" '
                f'aria-label="{who}">{options}</select></label>'
            )
        return "".join(rows)

    def solo_html(self) -> str:
        """The Architect to play alone against (none: the seats above play)."""
        options = [f'<option value="">{escape(_("No: the players above"))}</option>'] + [
            f'<option value="{key}"{" selected" if key == self.solo else ""}>'
            f"{escape(architect_choice(key))}</option>"
            for key in ARCHITECTS
        ]
        label = f'aria-label="{escape(_("Solo against an Illustrious Architect"))}"'
        return f'<select id="solo" {label}>{"".join(options)}</select>'

    def quick_ai_html(self) -> str:
        """The first screen's games against the computer: one button per level."""
        return "".join(
            f'<button type="button" data-quick="ai:{level}" '
            f'aria-label="{escape(_("Play the computer: {level}", level=difficulty(level)))}">'
            f"{escape(level_button(level))}</button>"
            for level in LEVELS
        )

    def quick_people_html(self) -> str:
        """The first screen's games of people at one screen: 2, 3 or 4 players."""
        return "".join(
            f'<button type="button" data-quick="people:{count}" '
            f'aria-label="{escape(_("Pass and play with {count} players", count=count))}">'
            f"{escape(_('{count} players', count=count))}</button>"
            for count in range(2, MAX_SEATS + 1)
        )

    def quick_solo_html(self) -> str:
        """The first screen's solo games: one button per Illustrious Architect, its name over
        its level."""
        return "".join(
            f'<button type="button" data-quick="solo:{key}" '
            f'aria-label="{escape(architect_choice(key))}">'
            f'<span class="name">{escape(architect_name(key))}</span> '
            f'<span class="level">{escape(difficulty(level))}</span></button>'
            for key, (_name, level) in ARCHITECTS.items()
        )

    def variants_html(self) -> str:
        return "".join(
            f'<label><input type="checkbox" value="{name}"'
            f"{' checked' if name in self.variants else ''}> "
            f"{escape(translate(Sentence(VARIANT_HELP[name])))}</label>"
            for name in VARIANTS
        )


def architect_choice(key: str) -> str:
    """An Illustrious Architect as the solo menu offers it: "Metagenes (medium)"."""
    return pgettext(
        "an Architect and its level",
        "{name} ({level})",
        name=architect_name(key),
        level=difficulty(ARCHITECTS[key][1]),
    )


def level_button(level: str) -> str:
    """A computer's level as the first screen's button says it: "Medium"."""
    if level == "easy":
        return pgettext("a computer's level, on a button", "Easy")
    if level == "medium":
        return pgettext("a computer's level, on a button", "Medium")
    if level == "hard":
        return pgettext("a computer's level, on a button", "Hard")
    return pgettext("a computer's level, on a button", "Expert")


def default_name(number: int, kinds: list[str | None] | None = None) -> str:
    """The name seat ``number`` has until a person types one (``kinds``: every seat's): a
    person is "Player 2"; a computer "Computer" when it is the only one, else "Computer 2"."""
    kinds = kinds or []
    kind = kinds[number - 1] if number <= len(kinds) else HUMAN
    if not is_computer(kind):
        return _("Player {number}", number=number)
    if sum(1 for other in kinds if is_computer(other)) == 1:
        return _("Computer")
    return _("Computer {number}", number=number)


def waiting_game() -> Game:
    """The 2-player game the page shows behind the New game form, its seats named in the
    page's language."""
    return Game(2, names=[default_name(1), default_name(2)])


def name_problem(number: int, name: str, error: ValueError) -> str:
    """Why the name of player ``number`` cannot be used (the engine's ``check_name`` refused
    it with ``error``), as one sentence of the form."""
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        return _(
            "The name of player {number} must have 1 to {limit} characters, not {length}.",
            number=number,
            limit=MAX_NAME_LENGTH,
            length=len(name),
        )
    refused = next((char for char in name if is_refused(char)), None)
    if refused is not None:
        return _(
            "The name of player {number} must not contain control or invisible characters "
            "({code}).",
            number=number,
            code=f"U+{ord(refused):04X}",
        )
    if not any(draws_ink(char) for char in name):
        return _("The name of player {number} needs at least one visible character.", number=number)
    return _(
        "The name of player {number} cannot be used: {reason}.",
        number=number,
        reason=explain(error),
    )
