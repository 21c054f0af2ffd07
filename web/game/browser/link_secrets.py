"""This device's part in a game by link with hidden stacks: joining it when the invitation comes,
revealing what each move must, turning over the stack this seat is first to choose from, and the
key that carries the seat to another device (docs/fair-links.md).

A mix-in of ``link_session.LinkSession``, which holds the session, the game and the storage.
"""

from __future__ import annotations

from akropolis import Game, bylink, fair
from common.i18n import _
from game.fair_links import key_text, owns, parse_key
from game.share import WATCHING


class Secrets:
    """The hidden stacks' side of the game by link on screen."""

    def _mine(self) -> tuple[int, bytes] | None:
        """This device's seat and key in the game on screen, if it holds the key it committed."""
        return self._mine_in(self.game)

    def _reveal(self, game: Game) -> None:
        """After a move here (or taking it back): this seat's values due by now go with it."""
        mine = self._mine_in(game)
        if mine is not None:
            seat, key = mine
            game.chains = bylink.revealing(game.chains, game.options, seat, key, game.ply)

    def _take_part(self, game: Game) -> None:
        """This device's seat joins the game when the invitation reaches it, and turns over the
        opening site or the stack it is first to choose from (with its key, and nothing else)."""
        session = self.session
        chains = game.chains
        if session is None or chains is None or session.seat in (None, WATCHING):
            return
        seat = session.seat
        if chains.commitments[seat] is None:
            if seat != chains.joined or game.is_over:
                return  # the invitation goes round in seat order: it comes back later
            key = fair.new_key()
            if not self.games.keep_key(session.gid, key):
                self.app.message(
                    _(
                        "This device's storage is full, so it cannot keep your secret for this "
                        "game, and you cannot join it here. Free some space, then open the link "
                        "again."
                    )
                )
                return
            game.chains = bylink.join(chains, game.options, seat, key)
            self.store(game)
        mine = self._mine_in(game)
        if mine is not None and bylink.turn_over_mine(game, *mine):
            self.store(game)

    def key_state(self) -> tuple[str | None, bool]:
        """For the Share dialog: this seat's key as text (None if this device holds none),
        and whether the seat has joined elsewhere so that a key may be pasted here."""
        session, game = self.session, self.game
        if session is None or game.chains is None or session.seat in (None, WATCHING):
            return None, False
        mine = self._mine()
        if mine is not None:
            return key_text(mine[1]), False
        return None, game.chains.commitments[session.seat] is not None and not game.is_over

    def use_key(self, text: str) -> str | None:
        """A key pasted from the device this seat joined from; why not, or None once used."""
        session, game = self.session, self.game
        key = parse_key(text)
        if session is None or session.seat in (None, WATCHING) or game.chains is None:
            return _("Choose who you are first.")
        if key is None or not owns(game, session.seat, key):
            return _(
                "This is not {name}'s key for this game: copy it again on the device {name} "
                "joined from (Share, then Copy my key).",
                name=game.names[session.seat],
            )
        if not self.games.keep_key(session.gid, key):
            return _("This device's storage is full: free some space, then try again.")
        self._take_part(game)
        self.app.refresh()
        self.app.hint(_("Your key is on this device: you can play your seat here."), "good")
        return None

    def _mine_in(self, game: Game) -> tuple[int, bytes] | None:
        session = self.session
        if session is None or game.chains is None or session.seat in (None, WATCHING):
            return None
        key = self.games.key(session.gid)
        if key is None or not owns(game, session.seat, key):
            return None
        return session.seat, key

    def keyless(self) -> bool:
        """This seat has joined the game on screen, but from another device: without its key
        this device may not move for it (its move must reveal what only the key gives)."""
        session, game = self.session, self.game
        if session is None or game.chains is None or session.seat in (None, WATCHING):
            return False
        return game.chains.commitments[session.seat] is not None and self._mine() is None

    def keyless_line(self) -> str:
        return _(
            "Your turn, {name}, but this device does not hold your secret for this game: play "
            "on the device you joined from, or copy your key there (Share, then Copy my key) "
            "and paste it here under Share. If your key is lost, make a new one under Share.",
            name=self.game.names[self.session.seat],
        )

    def new_key_here(self) -> str | None:
        """This seat's key is lost: a new one, made on its turn (its next move publishes it);
        why not, or None once made.  A stack already on its way is dealt without this seat."""
        session, game = self.session, self.game
        if not self.keyless() or game.is_over:
            return _("Choose who you are first.")
        if game.turn != session.seat:
            return _("You can make a new key on your turn: open the link that brings it.")
        key = fair.new_key()
        if not self.games.keep_key(session.gid, key):
            return _("This device's storage is full: free some space, then try again.")
        game.chains = bylink.rekey(game.chains, game.options, session.seat, key, game.ply)
        self.store(game)
        self._take_part(game)
        self.app.refresh()
        self.app.hint(_("Your new key is on this device: you can play your seat here."), "good")
        return None

    def dealt_without(self) -> int | None:
        """The seat whose lost key the last draw turned over was dealt without, if any."""
        game = self.game
        if game.chains is None or not game.chains.rekeys:
            return None
        seen = bylink.draws_seen(game)
        try:
            lost = [seat for draw, seat in bylink.missing(game) if draw == seen]
        except ValueError:
            return None
        return lost[0] if lost else None
