"""Learn to play: a short scripted game on a fixed deal that teaches the rules by doing.

The learner (seat 1) plays six tiles against Theano (seat 2), whose moves are written here too;
the deal holds only the thirteen tiles the lessons need, so the game ends after twelve moves
with its final scores.  Each step is data (``Step``): a sentence to read, and what the learner
must do — read on, take a given tile, or place it exactly as shown — and what is said once it
is done.  ``Tutorial`` holds the step reached and is the table's guard (``game.table.Table``):
it refuses any other action with the reason, before the engine plays anything.  The tests
replay every step's action through the engine and check what each sentence claims.

Pure: the page's view of it is ``game.browser.tutorial_view``.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import Game, LegalMove, Move
from akropolis.sentences import N_, Sentence
from akropolis.tiles import TILES
from common.i18n import translate

#: The other player's name.
THEANO = "Theano"
#: The deal: the opening Construction Site, then three stacks of three.
DECK = (26, 30, 7, 17, 8, 5, 24, 14, 29, 3, 6, 20, 12)
#: What a step asks: to read on, to take a tile, to place the tile in hand.
NEXT, PICK, PLACE = "next", "pick", "place"


@dataclass(frozen=True)
class Step:
    """One step: ``text`` to read and the action awaited (``site``: the tile to take;
    ``move``: where and how the tile in hand must lie), ``done`` said once it is done, Theano's
    ``reply`` after a placement, whether the city shows why each district scores from here on,
    and whether the tile comes in hand already turned as it must lie (all but the first)."""

    text: str
    action: str = NEXT
    site: int | None = None
    move: Move | None = None
    done: str | None = None
    reply: Move | None = None
    scoring: bool = False
    turned: bool = True


STEPS: tuple[Step, ...] = (
    Step(
        N_(
            "Welcome to Akropolis! You and Theano each build a city of hexagonal tiles, and the "
            "better city wins. This short game teaches the rules as you play: follow the "
            "instructions here."
        )
    ),
    Step(
        N_(
            "The Construction Site holds the tiles you may take. The first tile is free; each "
            "tile further along costs one more stone. Take the first tile."
        ),
        PICK,
        site=0,
    ),
    Step(
        N_(
            "Place it on the ground, touching your city, where the picture shows it. Turn it "
            "first with the ⟳ button until it matches the picture."
        ),
        PLACE,
        move=Move(26, (2, -2), 3),
        done=N_(
            "Your first tile: a market and two quarries. Quarries score nothing, but covering "
            "them gives stones."
        ),
        reply=Move(30, (-2, 0), 1),
        turned=False,
    ),
    Step(
        N_(
            "Theano has built too. Now take the second tile, the one with a market plaza: it "
            "costs 1 stone, which goes back to the reserve."
        ),
        PICK,
        site=1,
    ),
    Step(
        N_(
            "Place it on level 2, over the three quarries shown. A tile on a higher level must "
            "rest on at least two tiles, with no gap under it, and each quarry it covers gives "
            "you a stone."
        ),
        PLACE,
        move=Move(17, (2, -1), 4),
        done=N_(
            "Three quarries covered: three stones. A district on level 2 is worth 2, one on "
            "level 3 is worth 3."
        ),
        reply=Move(7, (-1, 2), 1),
    ),
    Step(
        N_(
            "Plazas multiply. Each kind of district scores the value of its districts (their "
            "levels) times the stars on your plazas of that kind. Your houses: 2 × 1 star. Your "
            "market: 1 × 2 stars. Your garden has no garden plaza, so it scores nothing yet. "
            "Point at a district, or tap it, to see why it counts or not."
        ),
        scoring=True,
    ),
    Step(
        N_(
            "Markets: a market counts only if no other market touches it. Take the free tile, "
            "the one with a market and barracks."
        ),
        PICK,
        site=0,
        scoring=True,
    ),
    Step(
        N_("Place it where the picture shows it: its market touches no other market."),
        PLACE,
        move=Move(8, (-1, -1), 3),
        done=N_("Both markets count: 2 markets × 2 stars."),
        reply=Move(5, (1, -2), 2),
        scoring=True,
    ),
    Step(
        N_(
            "Gardens always count, wherever they are, once you have a garden plaza: it has 3 "
            "stars. Take the free tile with the garden plaza."
        ),
        PICK,
        site=0,
        scoring=True,
    ),
    Step(
        N_("Place it where the picture shows it."),
        PLACE,
        move=Move(24, (1, -3), 3),
        done=N_("Your garden on level 2 now scores 2 × 3 stars."),
        reply=Move(14, (-3, 2), 1),
        scoring=True,
    ),
    Step(
        N_(
            "Houses: only your largest group of houses that touch each other counts. Take the "
            "free tile, the one with a house and a temple plaza."
        ),
        PICK,
        site=0,
        scoring=True,
    ),
    Step(
        N_("Place it where the picture shows it: its house touches your house on level 2."),
        PLACE,
        move=Move(29, (0, 2), 0),
        done=N_("Your group of houses is worth 3: 2 for the house on level 2, 1 for the other."),
        reply=Move(3, (1, 1), 1),
        scoring=True,
    ),
    Step(
        N_(
            "Temples count only when surrounded on all six sides; barracks only on the edge of "
            "the city, with an empty space beside them. Take the free tile, the one with a "
            "barracks plaza and a temple."
        ),
        PICK,
        site=0,
        scoring=True,
    ),
    Step(
        N_("Raise it over the three quarries shown: its temple will be surrounded on every side."),
        PLACE,
        move=Move(6, (-1, -1), 1),
        done=N_(
            "Your temple is surrounded, so it counts, and three more quarries gave three more "
            "stones. Theano plays the last move, and the game is over."
        ),
        reply=Move(20, (-1, -2), 1),
        scoring=True,
    ),
    Step(
        N_(
            "The game ends when the stacks are used up. Each kind scores as you have seen, and "
            "each stone left is worth 1 point; the most points wins. Your house on its own does "
            "not count: only the largest group of houses does."
        ),
        scoring=True,
    ),
    Step(
        N_(
            "For later games there are variants: each district kind has one that doubles its "
            "points when its districts meet a harder condition. Choose them under More options "
            "when you start a game; the Rules explain each one."
        ),
        scoring=True,
    ),
    Step(
        N_(
            "You know how to play Akropolis! Start a game against the computer or with friends "
            "whenever you like."
        ),
        scoring=True,
    ),
)

#: Said when the learner does something else than the step asks (the action is refused).
READ_FIRST = N_("Read this step, then press Next.")
WRONG_TILE = N_("For this step, take the tile the instructions name.")
WRONG_SPOT = N_(
    "That spot is allowed by the rules, but this lesson needs the tile where the picture shows it."
)
WRONG_TURN = N_("Turn the tile with the ⟳ button until it matches the picture, then place it.")
NO_UNDO = N_("The tutorial only goes forward: to try again, leave it and start it again.")
PICK_FIRST = N_("Take the tile the instructions name from the Construction Site first.")
THEANOS_TURN = N_("Theano is playing; your turn comes next.")


def say(text: str) -> str:
    """One of the sentences above, in the page's language."""
    return translate(Sentence(text))


def tutorial_game(name: str) -> Game:
    """The tutorial's game at its start: ``name`` against Theano, on the fixed deal."""
    return Game(2, deck=list(DECK), names=[name, THEANO])


def resumable(step: int) -> int:
    """The step a tutorial left at ``step`` resumes at: a placement starts again at taking
    its tile (the tile in hand is not kept)."""
    step = min(max(int(step), 0), len(STEPS) - 1)
    return step - 1 if STEPS[step].action == PLACE else step


class Tutorial:
    """The step reached, and the guard of the table while the tutorial is played."""

    def __init__(self, step: int = 0) -> None:
        self.step = resumable(step)
        self.said: str | None = None  # the last action's ``done``, said with the next step
        self.reply: Move | None = None  # Theano's move, due once the learner's is shown

    @property
    def current(self) -> Step:
        return STEPS[self.step]

    @property
    def last(self) -> bool:
        return self.step == len(STEPS) - 1

    def position(self, name: str) -> Game:
        """The game as the current step finds it: every earlier placement and reply played."""
        game = tutorial_game(name)
        for step in STEPS[: self.step]:
            if step.action == PLACE:
                game.play(step.move)
                game.play(step.reply)
        return game

    def next(self) -> bool:
        """Read on (a reading step only); whether it moved."""
        if self.current.action != NEXT or self.last:
            return False
        self.step += 1
        self.said = None
        return True

    # --- The table's guard -------------------------------------------------------------------

    def pick(self, game: Game, index: int) -> str | None:
        """Why taking site tile ``index`` is refused now (None: it is the lesson's, taken)."""
        step = self.current
        if game.turn != 0:
            return say(THEANOS_TURN)
        if step.action == NEXT:
            return say(READ_FIRST)
        if step.action == PLACE:
            return say(WRONG_TILE) if game.site[index] != step.move.tile else None
        if index != step.site:
            return say(WRONG_TILE)
        self.step += 1
        self.said = None
        return None

    def turned(self, rotation: int) -> int:
        """How the tile in hand is turned once taken: as it must lie, from the second lesson."""
        step = self.current
        return step.move.rotation if step.action == PLACE and step.turned else rotation

    def place(self, game: Game, legal: LegalMove) -> str | None:
        """Why placing ``legal`` (a legal move) is refused now (None: it is the lesson's)."""
        step = self.current
        if step.action != PLACE:
            return say(PICK_FIRST) if step.action == PICK else say(READ_FIRST)
        if legal.tile != step.move.tile:
            return say(WRONG_TILE)
        if legal.move == step.move or self.cells(game) == hexes_of(legal):
            return None
        if set(legal.cells) == set(self.cells(game)):
            return say(WRONG_TURN)
        return say(WRONG_SPOT)

    def placed(self) -> None:
        """The lesson's tile is placed: Theano's reply is due, then the next step."""
        step = self.current
        self.said = step.done
        self.reply = step.reply
        self.step += 1

    def cells(self, game: Game) -> dict:
        """Where the current placement must put each hex of its tile."""
        return hexes_of(game.check(self.current.move))

    def target(self, game: Game) -> list[tuple]:
        """The placement to show, as ghost hexes ``(cell, kind, level)``; none but at a
        placement with the tile in hand."""
        if self.current.action != PLACE:
            return []
        legal = game.check(self.current.move)
        return [(cell, kind, legal.level) for cell, kind in hexes_of(legal).items()]

    def undo(self) -> str:
        return say(NO_UNDO)


def hexes_of(legal: LegalMove) -> dict:
    """Where a placement puts each hex of its tile: ``{cell: kind}``."""
    return dict(zip(legal.cells, TILES[legal.tile].hexes, strict=True))
