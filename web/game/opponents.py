"""Computer opponents, the pure part: who plays each seat, what undo takes back, the AI's seed,
and the worker's replies read and checked.

A seat's *kind* is the engine's (``Game.kinds``, carried by records and notation): ``"human"``
(or ``None``, not stated), ``"ai:<level>"`` or ``"architect:<name>"`` (the solo Architect, seat 2
of a two-player game).  The page's glue (``game.browser.opponents``) asks these questions;
everything here runs on CPython and is tested there.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from akropolis import Game, IllegalMoveError, LegalMove, Move
from akropolis.architect import ARCHITECTS as _ARCHITECTS
from akropolis.architect import NAMES as ARCHITECT_NAMES
from akropolis.architect import choice_reason
from akropolis.checks import AI_LEVELS
from akropolis.sentences import N_, Sentence
from common.i18n import _, explain, ngettext, pgettext, translate

HUMAN = "human"
#: The AI's levels, easiest first (``akropolis.ai.LEVELS``).
LEVELS = AI_LEVELS
#: The level the Hint button uses unless the player chose another, and "You vs computer" uses.
HINT_LEVEL = "medium"
#: The levels the New game form offers for hints, each with the Hint button's title (``N_``).
HINT_LEVELS = {
    "medium": N_("Show the move the computer would make (medium)"),
    "expert": N_("Show the move the computer would make (expert)"),
}
#: The solo Architect's three levels (the engine's): its key in the kind, the name it plays
#: under, and how hard it is.
ARCHITECTS = {key: (level.name, level.difficulty) for key, level in _ARCHITECTS.items()}
#: What a seat of the New game form may be (the Architect is chosen as a solo game instead),
#: with its label (``N_``: translated where it is shown, by ``seat_choices``).
SEAT_CHOICES = (
    (HUMAN, N_("Person")),
    ("ai:easy", N_("Computer · easy")),
    ("ai:medium", N_("Computer · medium")),
    ("ai:hard", N_("Computer · hard")),
    ("ai:expert", N_("Computer · expert")),
)
assert tuple(kind for kind, _label in SEAT_CHOICES[1:]) == tuple(f"ai:{x}" for x in AI_LEVELS)
#: The short line under an Architect's name on its card, by its key.
ARCHITECT_LABELS = {
    "hippodamos": N_("Illustrious Architect · easy"),
    "metagenes": N_("Illustrious Architect · medium"),
    "callicrates": N_("Illustrious Architect · hard"),
}
#: How each Architect scores, in the words of the rules help (shown under the final scores):
#: one whole sentence each, ``{name}`` the name it plays under.
ARCHITECT_NOTES = {
    "hippodamos": N_(
        "{name} (the Illustrious Architect, easy) scores by the solo rules: every visible "
        "district counts, 1 point each, times its plaza stars; then 1 point per stone."
    ),
    "metagenes": N_(
        "{name} (the Illustrious Architect, medium) scores by the solo rules: every visible "
        "district counts, 1 point each, times its plaza stars; and 2 points per visible "
        "quarry; then 1 point per stone."
    ),
    "callicrates": N_(
        "{name} (the Illustrious Architect, hard) scores by the solo rules: every visible "
        "district counts, 2 points each, times its plaza stars; then 1 point per stone."
    ),
}
assert tuple(ARCHITECT_LABELS) == tuple(ARCHITECT_NOTES) == tuple(ARCHITECTS)


class ReplyError(ValueError):
    """A reply from the AI worker that is not a legal move of the position asked about."""


def kind_of(game: Game, seat: int) -> str:
    """Who plays ``seat`` (a seat whose kind was not stated is a person's)."""
    kind = game.kinds[seat]
    return HUMAN if kind is None else kind


def is_computer(kind: str | None) -> bool:
    return kind is not None and kind != HUMAN


def is_architect(kind: str | None) -> bool:
    return kind is not None and kind.startswith("architect:")


def ai_level(kind: str | None) -> str | None:
    """The AI level of an ``ai:`` seat (None for a person or the Architect)."""
    if kind is None or not kind.startswith("ai:"):
        return None
    level = kind.removeprefix("ai:")
    return level if level in LEVELS else None


def architect(kind: str | None) -> str | None:
    """The Architect's key (``"metagenes"``) of an ``architect:`` seat, else None."""
    if not is_architect(kind):
        return None
    key = kind.removeprefix("architect:")
    return key if key in ARCHITECTS else None


def difficulty(level: str) -> str:
    """An AI or Architect level's name in the page's language (``"easy"``)."""
    if level == "easy":
        return pgettext("difficulty", "easy")
    if level == "medium":
        return pgettext("difficulty", "medium")
    if level == "hard":
        return pgettext("difficulty", "hard")
    if level == "expert":
        return pgettext("difficulty", "expert")
    return level


def architect_name(key: str) -> str:
    """An Illustrious Architect's name in the page's language (the engine's ``NAMES``, which
    its scoring reasons name too: Métagénès, Kallikrates)."""
    return translate(Sentence(ARCHITECT_NAMES[key]))


def hint_level(chosen: object) -> str:
    """The level hints come from: the one chosen on the form if it is a hint level (a stored
    choice may be anything), else ``HINT_LEVEL``."""
    return chosen if isinstance(chosen, str) and chosen in HINT_LEVELS else HINT_LEVEL


def hint_title(level: str) -> str:
    """The Hint button's title for hints from ``level``, in the page's language."""
    return translate(Sentence(HINT_LEVELS[hint_level(level)]))


def seat_choices() -> list[tuple[str, str]]:
    """``SEAT_CHOICES`` with their labels in the page's language."""
    return [(kind, translate(Sentence(label))) for kind, label in SEAT_CHOICES]


def seat_label(kind: str | None) -> str:
    """A short line under a player's name: who plays it ("" for a person)."""
    level = ai_level(kind)
    if level is not None:
        return dict(seat_choices())[f"ai:{level}"]
    key = architect(kind)
    if key is not None:
        return translate(Sentence(ARCHITECT_LABELS[key]))
    return _("Computer") if is_computer(kind) else ""


def computer_seats(game: Game) -> list[int]:
    return [seat for seat in range(game.players) if is_computer(kind_of(game, seat))]


def needs_worker(game: Game) -> bool:
    """Whether some seat thinks with the AI (the Architect's moves are forced, no search)."""
    return any(ai_level(kind_of(game, seat)) for seat in range(game.players))


def all_computers(game: Game) -> bool:
    """Nobody at the screen: a game to watch."""
    return len(computer_seats(game)) == game.players


def computer_to_move(game: Game) -> bool:
    return not game.is_over and is_computer(kind_of(game, game.turn))


def human_to_move(game: Game) -> bool:
    return not game.is_over and not is_computer(kind_of(game, game.turn))


def persons_city(game: Game) -> int | None:
    """The city the view follows once a computer has moved: the person's who is to play, or at
    the end the first person's (None while computers play, and in a game of computers only)."""
    if human_to_move(game):
        return game.turn
    if game.is_over:
        people = [seat for seat in range(game.players) if not is_computer(kind_of(game, seat))]
        return people[0] if people else None
    return None


def mover(game: Game, ply: int) -> int:
    """The seat that made move number ``ply`` (0-based): turns simply go round the table."""
    return ply % game.players


def undo_count(game: Game) -> int:
    """How many moves Undo takes back: in a game with computers, back to the last person's
    move (it and every computer move after it), so that it is that person's turn again; one
    move in a game without computers, or in a game the computers play alone; 0 when there is
    nothing a person may take back."""
    if not game.ply:
        return 0
    if not computer_seats(game) or all_computers(game):
        return 1
    for ply in range(game.ply - 1, -1, -1):
        if not is_computer(kind_of(game, mover(game, ply))):
            return game.ply - ply
    return 0


def ai_seed(game: Game) -> int:
    """The AI's seed for this position: the game's seed mixed with the move number, so a game
    replays alike and two positions of one game do not share a seed."""
    return ((game.seed or 0) * 1_000_003 + game.ply * 7_919) % 2**32


def reply_json(move: LegalMove, ms: float) -> str:
    """The worker's reply: the move chosen and how long it took (``ms``)."""
    return json.dumps(
        {
            "tile": move.tile,
            "anchor": list(move.anchor),
            "rotation": move.rotation,
            "ms": round(ms, 1),
        }
    )


def read_reply(text: object, game: Game) -> tuple[LegalMove, float]:
    """The move in a worker's reply, checked against ``game``: (what it does, ms it took)."""
    try:
        data = json.loads(str(text))
        anchor = data["anchor"]
        move = Move(int(data["tile"]), (int(anchor[0]), int(anchor[1])), int(data["rotation"]))
        ms = float(data.get("ms", 0))
    except (ValueError, TypeError, KeyError, IndexError):
        raise ReplyError(_("the computer's answer could not be read")) from None
    try:
        return game.check(move), ms
    except IllegalMoveError as error:
        raise ReplyError(
            _("the computer chose a move that is not legal: {reason}", reason=explain(error))
        ) from None


def stones(count: int) -> str:
    """``1 stone``, ``3 stones``: a count of stones, for a sentence that has two counts."""
    return ngettext("{count} stone", "{count} stones", count)


def describe_move(name: str, info: LegalMove) -> str:
    """What a player did, as a clause (the page ends it): "Hippodamos placed tile 23 on
    level 1, +1 stone"."""
    tile, level, cost, gained = info.tile, info.level, info.cost, info.stones_gained
    if cost and gained:
        return _(
            "{name} placed tile {tile} for {cost} on level {level}, +{gained}",
            name=name,
            tile=tile,
            cost=stones(cost),
            level=level,
            gained=stones(gained),
        )
    if cost:
        return ngettext(
            "{name} placed tile {tile} for {count} stone on level {level}",
            "{name} placed tile {tile} for {count} stones on level {level}",
            cost,
            name=name,
            tile=tile,
            level=level,
        )
    if gained:
        return ngettext(
            "{name} placed tile {tile} on level {level}, +{count} stone",
            "{name} placed tile {tile} on level {level}, +{count} stones",
            gained,
            name=name,
            tile=tile,
            level=level,
        )
    return _("{name} placed tile {tile} on level {level}", name=name, tile=tile, level=level)


def turn_note(game: Game, info: LegalMove) -> str:
    """What a computer seat's card says once ``info`` (not yet played) lands: the tile and
    level, and for the Architect why the solo rules made it take that tile."""
    if game.is_architect(game.turn):
        return _(
            "Placed tile {tile} on level {level}: {reason}",
            tile=info.tile,
            level=info.level,
            reason=translate(choice_reason(game.site, game.stones[game.turn])),
        )
    return _("Placed tile {tile} on level {level}", tile=info.tile, level=info.level)


def architect_note(game: Game) -> str:
    """Under the final scores: how each Architect seat scores, by the solo rules ("" if none)."""
    lines = []
    for seat in range(game.players):
        key = architect(kind_of(game, seat))
        if key is not None:
            lines.append(translate(Sentence(ARCHITECT_NOTES[key], name=game.names[seat])))
    return " ".join(lines)


def setup_kinds(
    kinds: Sequence[object], solo: str, by_link: bool, players: int
) -> tuple[str, ...] | str:
    """The seat kinds a New game form asks for, or why they cannot be (a sentence).

    ``kinds`` come from the seats' menus, ``solo`` is an Architect's key or "" (then the game
    is one person against that Architect, the person first).
    """
    if solo:
        if solo not in ARCHITECTS:
            return _("Choose an Illustrious Architect from the list for a solo game.")
        if by_link:
            return _("Play by link is for people only: a solo game is played on this device.")
        return (HUMAN, f"architect:{solo}")
    allowed = {kind for kind, _label in SEAT_CHOICES}
    chosen = tuple(str(kind) if kind in allowed else HUMAN for kind in kinds)[:players]
    chosen += (HUMAN,) * (players - len(chosen))
    if by_link and any(is_computer(kind) for kind in chosen):
        return _(
            "Play by link is for people only: make every seat a person, or untick Play by link."
        )
    return chosen
