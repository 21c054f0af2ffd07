"""The Share dialog: a link to the position, the game by link's own link, a city's picture,
the embed snippet and the notation, each with its Copy button.

The links and words come from ``game.share``; the game played by link on screen (if
any) from ``link_session``.  Nothing read from a game is put into ``innerHTML``: names go in as
``textContent``, pictures as images.
"""

from __future__ import annotations

from pyscript import document, window

from akropolis.picture import svg
from browser.dom import download, element, listen, svg_image
from common.i18n import _, translate
from game.browser.copying import copy
from game.browser.screen import Screen
from game.share import (
    WATCHING,
    checked_notation,
    embed_snippet,
    play_link,
    position_link,
    position_summary,
    svg_filename,
)


class ShareDialog:
    """The Share dialog of the game page (``app`` gives the game, the view and the session)."""

    def __init__(self, app: Screen) -> None:
        self.app = app
        listen(element("share-dialog"), "click", self._click, app.message)
        listen(element("share-dialog"), "change", lambda _e: self._preview(), app.message)

    @property
    def game(self):
        return self.app.table.game

    def open(self) -> None:
        game = self.game
        href = str(window.location.href)
        element("share-summary").textContent = _(
            "{summary}.", summary=translate(position_summary(game))
        )
        element("share-link").value = position_link(href, game)
        element("share-embed").value = embed_snippet(href, game)
        element("share-notation").value = checked_notation(game)
        element("share-note").hidden = True
        session = self.app.links.session
        element("share-play").hidden = session is None
        element("share-by-link").hidden = session is not None
        if session is not None:
            element("share-play-link").value = play_link(href, game)
            seat = session.seat
            if seat is None or seat == WATCHING:
                said = _("You watch this game on this device.")
            else:
                said = _("You play {name} on this device.", name=game.names[seat])
            element("share-seat").textContent = said
        held, missing = self.app.links.key_state()
        element("share-key-box").hidden = held is None
        element("share-key").value = held or ""
        element("share-use-key-box").hidden = not missing
        element("share-use-key").value = ""
        element("share-key-note").hidden = True
        chooser = element("share-player")
        chooser.replaceChildren()
        for player, name in enumerate(game.names):
            option = document.createElement("option")
            option.value = str(player)
            option.textContent = name
            chooser.appendChild(option)
        chooser.value = str(self.app.viewed)
        self._preview()
        dialog = element("share-dialog")
        if not dialog.open:
            dialog.showModal()
        first = "share-play-link" if session is not None else "share-link"
        dialog.querySelector(f"[data-copy='{first}']").focus()

    def _picture(self) -> tuple[str, str]:
        game = self.game
        player = int(element("share-player").value or 0)
        explain = bool(element("share-explain").checked)
        text = svg.city(game, player=player, explain=explain, size=640, say=translate)
        return text, svg_filename(game, player, explain)

    def _preview(self) -> None:
        text, _name = self._picture()
        player = int(element("share-player").value or 0)
        box = element("share-svg")
        box.replaceChildren(svg_image(text, _("{name}'s city", name=self.game.names[player])))

    def _click(self, event) -> None:
        button = event.target.closest("button")
        if not button:
            return
        field_name = getattr(button.dataset, "copy", None)
        if field_name:
            field = element(field_name)
            copy(str(field.value), button, self.app.message, field)
            return
        action = getattr(button.dataset, "share", None)
        if action == "svg":
            text, name = self._picture()
            download(text, name, "image/svg+xml")
        elif action in ("use-key", "new-key"):
            links = self.app.links
            if action == "new-key":
                problem = links.new_key_here()
            else:
                problem = links.use_key(str(element("share-use-key").value))
            note = element("share-key-note")
            note.textContent = problem or ""
            note.hidden = problem is None
            if problem is None:
                element("share-dialog").close()
        elif action == "seat":
            element("share-dialog").close()
            self.app.links.ask_seat()
        elif action == "new-by-link":
            element("share-dialog").close()
            element("by-link").checked = True
            self.app.open_new_dialog()
