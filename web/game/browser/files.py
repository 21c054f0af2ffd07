"""The game page's files: Export downloads the game record, Import loads one (a bad or
oversized file is refused with the reason, before it is read if it is too large, and the game
on screen stays)."""

from __future__ import annotations

from akropolis import records
from akropolis.checks import MAX_RECORD_BYTES
from akropolis.records import RecordError
from browser.dom import download
from common.i18n import _, explain
from common.saves import read_game
from game.browser.screen import Screen


class GameFiles:
    """Export and Import for the game page (``app`` gives the game and starts another)."""

    def __init__(self, app: Screen) -> None:
        self.app = app

    def export(self) -> None:
        game = self.app.table.game
        text = records.dump(game)
        label = game.seed if game.seed is not None else "game"
        download(text, f"akropolis-{label}-move{game.ply}.json")

    async def import_file(self, event) -> None:
        files = event.target.files
        if not files.length:
            return
        file = files.item(0)
        event.target.value = ""
        if file.size > MAX_RECORD_BYTES:  # refused before reading a byte: no frozen page
            self.app.message(
                _(
                    "This file cannot be imported: it is too large to be a game record "
                    "({size} MB; records are at most {limit} MB).",
                    size=f"{file.size / 1e6:.1f}",
                    limit=f"{MAX_RECORD_BYTES / 1e6:g}",
                )
            )
            return
        try:
            text = await file.text()
        except Exception:
            self.app.message(_("This file cannot be imported: the browser could not read it."))
            return
        self.load_text(text)

    def load_text(self, text) -> bool:
        """Replace the game with a record's; a bad record changes nothing and says why."""
        if not isinstance(text, str):
            self.app.message(_("This cannot be imported: a game record is text."))
            return False
        try:
            game = read_game(text)
        except RecordError as error:
            self.app.message(_("This file cannot be imported: {reason}.", reason=explain(error)))
            return False
        if game.chains is not None and not game.is_over:
            # A game by link in progress: its stacks are dealt by its players' secrets, so it
            # goes on by link (matched with this device's copy), never at this screen.
            self.app.opener.open_play(game)
            return True
        self.app.start(game, _("Imported a game at move {move}.", move=game.ply))
        return True
