"""Modal dialogs: a message with optional actions, and a choice between two games."""

from __future__ import annotations

from collections.abc import Callable

from akropolis.picture.markup import escape

from .dom import element, listen

Action = tuple[str, Callable[[], None]]


class Dialogs:
    """The page's message and choice dialogs; each button runs its action, then closes."""

    def __init__(self) -> None:
        self._actions: list[Callable[[], None]] = []
        listen(element("message-actions"), "click", self._clicked, self.message)
        listen(element("choice-dialog"), "click", self._clicked, self.message)
        # A choice must be made: Escape does not dismiss it.
        choice = element("choice-dialog")
        listen(choice, "cancel", lambda event: event.preventDefault(), self.message)

    def message(self, text: str, actions: list[Action] = ()) -> None:
        """Show ``text``; ``actions`` add buttons before OK."""
        element("message").textContent = text
        element("message-actions").innerHTML = self._buttons(actions)
        dialog = element("message-dialog")
        if dialog.open:
            dialog.close()  # reopened so that it comes on top of any other dialog
        dialog.showModal()

    def choose(self, title: str, body: str, actions: list[Action]) -> None:
        """Ask the player to pick one of ``actions`` (the dialog cannot be dismissed)."""
        element("choice-title").textContent = title
        element("choice-body").textContent = body
        element("choice-actions").innerHTML = self._buttons(actions, primary=True)
        dialog = element("choice-dialog")
        if not dialog.open:
            dialog.showModal()

    def _buttons(self, actions: list[Action], primary: bool = False) -> str:
        self._actions = [run for _, run in actions]
        cls = ' class="primary"' if primary else ""
        return "".join(
            f'<button type="button" data-dialog-action="{index}"{cls if index == 0 else ""}>'
            f"{escape(label)}</button>"
            for index, (label, _) in enumerate(actions)
        )

    def _clicked(self, event) -> None:
        button = event.target.closest("[data-dialog-action]")
        if not button:
            return
        index = int(button.dataset.dialogAction)
        dialog = button.closest("dialog")
        if dialog:
            dialog.close()
        if 0 <= index < len(self._actions):
            self._actions[index]()
