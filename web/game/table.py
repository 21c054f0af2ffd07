"""The game table's interaction state: which tile is held, its rotation, where the pointer is.

``Table`` wraps one ``Game`` and answers the UI's questions (what is legal, what the ghost
looks like, why a spot is refused) by asking the engine; it never re-implements a rule.
Everything is plain Python, so the whole interaction is tested on CPython.
"""

from __future__ import annotations

from akropolis import TILES, City, Game, LegalMove, Move
from common.city_words import tiles_under
from common.hand import Ghost, Hand, hold_hint
from common.i18n import _, ngettext, translate
from game.spots import SpotWords, legal_spots, spot_words

__all__ = ["Ghost", "Table"]

Hex = tuple[int, int]


class Table(Hand):
    """One game plus the current player's hand: held tile, rotation, hovered spot."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.held: int | None = None  # site index of the tile in hand
        self._spots: tuple[tuple[int, int], list[SpotWords]] | None = None
        self._previews: dict[tuple[int, Move], SpotWords] = {}  # one spot each, as pointed at
        #: A lesson over the game's rules (``game.tutorial.Tutorial``): it may refuse a pick,
        #: a placement or an undo with its reason, before anything changes; None in a game.
        self.guard = None

    # --- Questions ---------------------------------------------------------------------------

    @property
    def held_tile(self) -> int | None:
        return None if self.held is None else self.game.site[self.held]

    def hand_city(self) -> City:
        return self.game.cities[self.game.turn]

    def spots(self) -> list[SpotWords]:
        """The held tile's legal spots in words, best score first (kept until the game or the
        tile in hand changes: the N key steps through them one by one)."""
        if self.held is None:
            return []
        key = (self.game.ply, self.held)
        if self._spots is None or self._spots[0] != key:
            self._spots = (key, legal_spots(self.game, self.held))
        return self._spots[1]

    def preview(self, ghost: Ghost | None) -> SpotWords | None:
        """What the tile in hand would give where its ghost is (None where it may not go):
        worked out for that one spot as the pointer reaches it, or read from the full list
        when the keys have made it already."""
        if ghost is None or not ghost.legal:
            return None
        key = (self.game.ply, ghost.move)
        if key not in self._previews:
            if len(self._previews) > 400:
                self._previews.clear()
            known = self._spots[1] if self._spots and self._spots[0][0] == key[0] else []
            found = next((s for s in known if s.move == ghost.move), None)
            if found is None:
                game = self.game
                info = game.check(ghost.move)
                city = game.cities[game.turn].copy()
                now = game.score(game.turn).total
                found = spot_words(game, city, info, tiles_under(city), now)
            self._previews[key] = found
        return self._previews[key]

    def legal_anchors(self) -> list[Hex]:
        """Where the held tile may go as it is turned; in a lesson, only where it must."""
        anchors = super().legal_anchors()
        target = self.guard.current.move if self.guard is not None else None
        if target is None or self.held_tile != target.tile:
            return anchors
        return [a for a in anchors if (a, self.rotation) == (target.anchor, target.rotation)]

    def legal_placements(self) -> list[tuple[Hex, int]]:
        """The spot keys step in the order of the spots in words: best score first."""
        return [(spot.move.anchor, spot.move.rotation) for spot in self.spots()]

    def spot_at(self, anchor: Hex | None) -> SpotWords | None:
        """The held tile's legal spot with its first hex on ``anchor`` as it is turned now."""
        here = (anchor, self.rotation)
        return next((s for s in self.spots() if (s.move.anchor, s.move.rotation) == here), None)

    def check(self, move: Move) -> tuple[tuple[Hex, Hex, Hex], int, int]:
        """The game's own check: the city's rules, and the turn and the tile's cost."""
        info = self.game.check(move)
        return info.cells, info.level, info.stones_gained

    # --- Actions -----------------------------------------------------------------------------

    def pick(self, site_index: int, gesture: str = "click") -> str:
        """Take the tile at ``site_index`` in hand; returns a status line in the words of the
        player's gesture (click, tap or key)."""
        game = self.game
        if game.is_over:
            return _("The game is over.")
        if not 0 <= site_index < len(game.site):
            return _("There is no such tile in the Construction Site.")
        if site_index not in game.affordable():
            return ngettext(
                "That tile costs {count} stone; you have {have}.",
                "That tile costs {count} stones; you have {have}.",
                site_index,
                have=game.stones[game.turn],
            )
        if self.guard is not None:
            refused = self.guard.pick(game, site_index)
            if refused:
                return refused
            self.rotation = self.guard.turned(self.rotation)
        self.held = site_index
        tile, hint = TILES[game.site[site_index]].id, translate(hold_hint(gesture))
        if self.has_any_spot():
            if not site_index:
                return _("Tile {tile} in hand for free: {hint}.", tile=tile, hint=hint)
            return ngettext(
                "Tile {tile} in hand for {count} stone: {hint}.",
                "Tile {tile} in hand for {count} stones: {hint}.",
                site_index,
                tile=tile,
                hint=hint,
            )
        if not site_index:
            return _(
                "Tile {tile} in hand for free: {hint}. It fits nowhere in your city.",
                tile=tile,
                hint=hint,
            )
        return ngettext(
            "Tile {tile} in hand for {count} stone: {hint}. It fits nowhere in your city.",
            "Tile {tile} in hand for {count} stones: {hint}. It fits nowhere in your city.",
            site_index,
            tile=tile,
            hint=hint,
        )

    def drop(self) -> None:
        """Put the held tile back."""
        self.held = None
        self.hover = None

    def place(self, anchor: Hex | None = None) -> tuple[bool, str]:
        """Place the held tile with hex_a on ``anchor``; returns (placed, status line)."""
        ghost = self.ghost(anchor)
        if ghost is None:
            return False, _("Pick a tile from the Construction Site first.")
        if not ghost.legal:
            return False, _("Not here: {reason}.", reason=translate(ghost.reason))
        if self.guard is not None:
            refused = self.guard.place(self.game, self.game.check(ghost.move))
            if refused:
                return False, refused
        info = self.game.play(ghost.move)
        self.drop()
        if self.guard is not None:
            self.guard.placed()
        if not info.stones_gained:
            return True, _("Placed tile {tile} on level {level}.", tile=info.tile, level=info.level)
        return True, ngettext(
            "Placed tile {tile} on level {level} and gained {count} stone.",
            "Placed tile {tile} on level {level} and gained {count} stones.",
            info.stones_gained,
            tile=info.tile,
            level=info.level,
        )

    def play_typed(self, move: Move) -> tuple[bool, str]:
        """Play a move typed in the notation (the tile taken from the site, turned, placed);
        as ``place``."""
        if move.tile not in self.game.site:
            return False, _("Tile {tile} is not in the Construction Site.", tile=move.tile)
        self.held = self.game.site.index(move.tile)
        self.rotation = move.rotation
        return self.place(move.anchor)

    def play(self, move: Move) -> LegalMove:
        """Play a move chosen elsewhere (a computer's, checked by the caller); what it did."""
        info = self.game.play(move)
        self.drop()
        return info

    def suggest(self, move: LegalMove) -> None:
        """Take a suggested move's tile in hand, turned as suggested (the Hint); the caller
        shows it at its anchor."""
        self.held = move.site_index
        self.rotation = move.rotation
        self.hover = None

    def undo(self, count: int = 1) -> str:
        """Take back the last ``count`` moves (a person's move and the computers' after it)."""
        if self.guard is not None:
            return self.guard.undo()
        if not self.game.ply or count < 1:
            return _("Nothing to undo.")
        tiles = [self.game.undo().tile for _move in range(min(count, self.game.ply))]
        self.drop()
        if len(tiles) == 1:
            return _("Took back tile {tile}.", tile=tiles[0])
        listed = ", ".join(str(tile) for tile in reversed(tiles))  # numbers, in the order played
        return ngettext(
            "Took back {count} move (tile {tiles}): your turn again.",
            "Took back {count} moves (tiles {tiles}): your turn again.",
            len(tiles),
            tiles=listed,
        )
