"""What the game page offers the parts it is made of: ``Screen``, a small documented interface.

The page's features — saving and Kept games, Export and Import, the Share dialog, play by link
(the game on screen, links opened, games by link kept), the computer opponents — each receive
the page as a ``Screen`` and use nothing else of it (``tests/test_layers.py`` reads their
source to hold them to it).  Parts a feature may ask another part through the screen are named
here too, with what they are for.
"""

from __future__ import annotations

from typing import Protocol


class Screen(Protocol):
    """The game page, as its features see it."""

    #: The game on screen with the tile in hand (``game.table.Table``); None before a game.
    table: object
    #: The table behind the first screen is no one's game yet (nothing to save or go back to).
    waiting: bool
    #: Whose city is shown (a seat).
    viewed: int
    #: Whether the players' cards show their running scores.
    show_scores: bool
    #: The canvas (``browser.city_view.CityView``) and the tile in hand's controls
    #: (``browser.hand_controls.HandControls``: the spot a finger tapped).
    city_view: object
    controls: object
    #: Notices and questions, one at a time (``browser.dialogs.Dialogs``).
    dialogs: object
    #: The autosave slot and Kept games (``game.browser.saving.SaveKeeper``).
    keeper: object
    #: The scoring explained on the city (``game.browser.scoring_view.ScoringView``).
    scoring: object
    #: The game played by link on screen, if any (``game.browser.link_session.LinkSession``).
    links: object
    #: Opens links and games by link as the address brings them (``link_opening.LinkOpener``):
    #: Import hands it an exported game by link in progress.
    opener: object
    #: The daily deal (``game.browser.daily_view.DailyView``) and the replay of a game
    #: (``game.browser.replay_view.ReplayView``): Import and the end of a game use them.
    daily: object
    replays: object
    #: Learn to play (``game.browser.tutorial_view.TutorialView``): while it is ``active`` its
    #: game is on the board, and the player's own is its ``home``.
    tutorial: object

    def show(self, game, hint: str = "", waiting: bool = False) -> None:
        """Put ``game`` on screen (it is not saved: it came from a save or a link); ``waiting``:
        the empty table behind the first screen."""

    def start(self, game, hint: str = "") -> None:
        """Put a new game on screen and save it."""

    def save(self) -> None:
        """Save the game on screen (its own slot when played by link)."""

    def refresh(self, fit_view: bool = False, said: str | None = None) -> None:
        """Redraw the city and every panel (``fit_view``: fit the city to the canvas; ``said``:
        the status line to keep instead of whose turn it is)."""

    def paint_overlay(self) -> None:
        """Redraw only what follows the pointer (the ghost, legal spots, a landing tile)."""

    def hint(self, text: str, tone: str = "") -> None:
        """Say ``text`` in the line under the city ("good", "bad" or plain)."""

    def message(self, text: str) -> None:
        """Tell the player ``text`` in a dialog."""

    def open_new_dialog(self) -> None:
        """Open the New game form."""
