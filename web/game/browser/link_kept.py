"""Games played by link under Kept games: each one listed (readable or not), to resume,
download or delete; and finished ones not opened for ``OLD_AFTER_DAYS`` days offered for
clean-up, once (the answer is remembered).  The rules are in ``game.link_games``."""

from __future__ import annotations

from browser.dom import download, element, listen, local_time, now
from common.i18n import ngettext, translate
from game import panels
from game.browser.screen import Screen
from game.link_games import OLD_AFTER_DAYS, cleanup_question


class LinkGamesKept:
    """The "Games played by link" section of the Kept games dialog (``SaveKeeper.extra``)."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        self.links = app.links
        listen(element("kept-links"), "click", self._click, app.message)

    @property
    def games(self):
        return self.links.games

    def _on_screen(self) -> str | None:
        session = self.links.session
        return session.gid if session is not None else None

    def count(self) -> int:
        return len(self.games.ids())

    def fill(self) -> None:
        listed = self.games.listed()
        element("kept-links").hidden = not listed
        element("kept-links-note").textContent = ngettext(
            "Every game played by link on this device, with your seat in it. Finished games "
            "not opened here for {count} day are offered for deletion, once.",
            "Every game played by link on this device, with your seat in it. Finished games "
            "not opened here for {count} days are offered for deletion, once.",
            OLD_AFTER_DAYS,
        )
        on_screen = self._on_screen()
        element("kept-links-list").innerHTML = panels.link_games_html(
            [
                (entry, local_time(entry.used) if entry.used else "", entry.gid == on_screen)
                for entry in listed
            ]
        )

    def _click(self, event) -> None:
        button = event.target.closest("[data-link-game]")
        if not button:
            return
        gid = str(button.dataset.gid)
        entry = next((e for e in self.games.listed() if e.gid == gid), None)
        if entry is None:
            return
        action = button.dataset.linkGame
        if action == "download":
            download(entry.slot.text, f"akropolis-by-link-{gid}.json", "application/json")
        elif action == "delete" and gid != self._on_screen():
            self.games.forget(gid)
            self.app.keeper.update_kept_button()
            self.app.keeper.open_kept()
        elif action == "resume" and entry.resumable:
            element("kept-dialog").close()
            self.links.enter(entry.slot.game, incoming=False)

    # --- Clean-up ----------------------------------------------------------------------------

    def offer_cleanup(self) -> None:
        """Ask once about finished games by link not opened here for a long time."""
        self.games.upkeep()
        old = self.games.old_finished(now(), self._on_screen())
        if not old:
            return
        count = len(old)
        title, body = cleanup_question(count)
        self.app.dialogs.choose(
            translate(title),
            translate(body),
            [
                (ngettext("Keep it", "Keep them", count), lambda: self.games.keep_old(old)),
                (ngettext("Delete it", "Delete them", count), lambda: self._clean(old)),
            ],
        )

    def _clean(self, gids: list[str]) -> None:
        self.games.clean(gids)
        self.app.keeper.update_kept_button()
        self.app.hint(
            ngettext(
                "The old game played by link is deleted.",
                "The {count} old games played by link are deleted.",
                len(gids),
            )
        )
