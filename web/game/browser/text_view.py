"""The game in words: the move field, the legal spots as buttons and the city as a table.

A player who does not see the canvas (or has no pointer) plays here: a move typed in the game's
notation (``18@0,2:0``) is checked by the engine and played, or refused in its words; the tile
in hand's legal spots are listed best first, each a button that plays it; the viewed city is a
table of its hexes with why each scores.  The lists are built only while "The city in words"
is open, so the page stays quick for everyone else.  Everything said comes from
``game.spots`` and ``common.city_words``.
"""

from __future__ import annotations

from akropolis.picture.markup import escape
from browser.dom import element
from common.city_words import city_table_html
from common.i18n import _
from game.spots import spots_heading, spots_html, typed_move


class TextView:
    """The page's "Play in words" section; ``page`` is the game page's controller."""

    def __init__(self, page) -> None:
        self.page = page

    def bind(self) -> None:
        page = self.page
        page.on(element("move-form"), "submit", self.submit)
        page.on(element("spots-words"), "click", self.spot_click)
        page.on(element("words-box"), "toggle", lambda _event: self.refresh())

    def refresh(self) -> None:
        """Say the viewed city and the tile in hand's spots (only while the words are open)."""
        if not element("words-box").open or self.page.table is None:
            return
        page, table = self.page, self.page.table
        game = table.game
        viewed = page.viewed
        name = game.names[viewed]
        score = game.score(viewed)
        caption = _("{name}'s city, hex by hex, top row first.", name=name)
        element("city-words").innerHTML = city_table_html(game.cities[viewed], score, caption)
        spots = element("spots-words")
        if table.held is None or game.is_over or viewed != game.turn:
            spots.innerHTML = ""
            return
        found = table.spots()
        heading = spots_heading(table.held_tile, len(found))
        spots.innerHTML = f"<p>{escape(heading)}</p>{spots_html(found)}"

    def submit(self, event) -> None:
        """The move field: play the typed move, or say why not (the field keeps the text)."""
        event.preventDefault()
        field = element("move-text")
        self.play(str(field.value), field)

    def spot_click(self, event) -> None:
        button = event.target.closest("[data-move]")
        if button:
            self.play(str(button.dataset.move), element("move-text"))

    def play(self, text: str, focus) -> None:
        """Play ``text`` for the player to move, through the page's own checks (whose turn it
        is, a game by link's seat); the focus returns to ``focus``."""
        page = self.page
        error = element("move-error")
        game = page.table.game
        move = typed_move(game, text)
        if isinstance(move, str):
            self.refuse(move)
            return
        if not self.may_play():
            self.refuse(str(element("hint").textContent))
            return
        error.hidden = True
        error.textContent = ""
        if self.play_typed(move):
            element("move-text").value = ""
        focus.focus()

    def may_play(self) -> bool:
        """Whether the person at the screen may move now (if not, the hint says why)."""
        page = self.page
        game = page.table.game
        return not game.is_over and page.links.may_move() and not page.opponents.refuse()

    def play_typed(self, move) -> bool:
        """A move typed or chosen in words (checked by the engine): played for the player to
        move, as a click would; whether it was."""
        page = self.page
        game = page.table.game
        page.opponents.picked()
        page.viewed = player = game.turn
        before = game.score(player).total
        placed, text = page.table.play_typed(move)
        page.placed(placed, text, player, before)
        return placed

    def refuse(self, text: str) -> None:
        error = element("move-error")
        error.textContent = text
        error.hidden = False  # an alert: said at once
