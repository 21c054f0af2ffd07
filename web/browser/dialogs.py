"""Modal dialogs, one at a time: messages (with optional actions), choices, and any other dialog
a page shows through ``show`` (the questions about links).

Notices queue (``common.notices``): a second one waits until the first is closed, so
none replaces another unseen, and each keeps its own buttons.  The primary button of each (else
its first) is focused; Escape closes a message (the next one then shows) but not a choice.
"""

from __future__ import annotations

from collections.abc import Callable

from akropolis.picture.markup import escape
from browser.dom import element, listen, report_bug
from common.notices import Notice, NoticeQueue

Action = tuple[str, Callable[[], None]]
MESSAGE, CHOICE = "message-dialog", "choice-dialog"


class Dialogs:
    """The page's message and choice dialogs, and the queue every notice waits in."""

    def __init__(self) -> None:
        self.queue = NoticeQueue()
        self._watched: set[str] = set()
        listen(element("message-actions"), "click", self._clicked, self.message)
        listen(element(CHOICE), "click", self._clicked, self.message)
        # A choice must be made: Escape does not dismiss it.
        listen(element(CHOICE), "cancel", lambda event: event.preventDefault(), self.message)

    def message(self, text: str, actions: list[Action] = ()) -> None:
        """Show ``text`` (after any notice already shown); ``actions`` add buttons before OK."""

        def fill() -> None:
            element("message").textContent = text
            element("message-actions").innerHTML = _buttons(actions)

        self.show(MESSAGE, fill, [run for _, run in actions])

    def choose(self, title: str, body: str, actions: list[Action]) -> None:
        """Ask the player to pick one of ``actions`` (the dialog cannot be dismissed)."""

        def fill() -> None:
            element("choice-title").textContent = title
            element("choice-body").textContent = body
            element("choice-actions").innerHTML = _buttons(actions, primary=True)

        self.show(CHOICE, fill, [run for _, run in actions])

    def show(self, dialog: str, fill: Callable[[], None], actions: list = ()) -> None:
        """Show the ``<dialog>`` ``dialog`` filled by ``fill`` once the notices before it have
        closed.  Its buttons call ``act`` (or are this module's own, for messages and choices)."""
        if dialog not in self._watched:
            self._watched.add(dialog)
            listen(element(dialog), "close", lambda _e: self._closed(dialog), self.message)
        shown = self.queue.add(Notice(dialog, fill, tuple(actions)))
        if shown is not None:
            self._open(shown)

    def act(self, dialog: str, index: int) -> None:
        """Button ``index`` of the notice shown in ``dialog``: the dialog closes, then it runs."""
        action = self.queue.action(dialog, index)
        element(dialog).close()
        if action is not None:
            action()

    def when_idle(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once no notice is shown or waiting (at once if none is)."""
        if self.queue.when_idle(callback):
            callback()

    def _open(self, notice: Notice) -> None:
        dialog = element(notice.dialog)
        try:
            notice.fill()
            if not dialog.open:
                dialog.showModal()
            first = dialog.querySelector("menu .primary") or dialog.querySelector("menu button")
            if first is not None:
                first.focus()
        except Exception as error:  # a notice that cannot be shown must not hold up the others
            report_bug(error, lambda _text: None)
            if dialog.open:
                dialog.close()  # the next one shows when it has closed
            else:
                self._closed(notice.dialog)

    def _closed(self, dialog: str) -> None:
        if element(dialog).open:  # reopened since (a close event comes after the fact)
            return
        following = self.queue.closed(dialog)
        if following is not None:
            self._open(following)
            return
        for callback in self.queue.idle_callbacks():
            callback()

    def _clicked(self, event) -> None:
        button = event.target.closest("[data-dialog-action]")
        if not button:
            return
        dialog = button.closest("dialog")
        if dialog:
            self.act(str(dialog.id), int(button.dataset.dialogAction))


def _buttons(actions: list[Action], primary: bool = False) -> str:
    cls = ' class="primary"' if primary else ""
    return "".join(
        f'<button type="button" data-dialog-action="{index}"{cls if index == 0 else ""}>'
        f"{escape(label)}</button>"
        for index, (label, _) in enumerate(actions)
    )
