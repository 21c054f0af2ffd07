"""One notice at a time: messages and questions wait their turn instead of replacing each other.

A page may have several things to say at once (at start: a save that could not be restored,
then a link that cannot be opened, then a question).  Each is a ``Notice``: the dialog that
shows it, how to fill it, and its own buttons' actions.  The queue shows the first and keeps the
others until its dialog closes (a button, OK, or Escape where the dialog allows it); what waits
for a quiet page (the New game form on a first visit) runs once nothing is left to show.

Pure logic, tested on CPython; ``browser.dialogs`` opens and closes the dialogs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Notice:
    """Something to show in the ``<dialog>`` whose id is ``dialog``: ``fill`` puts its text
    and buttons in, and ``actions`` are its buttons' actions, in order."""

    dialog: str
    fill: Callable[[], None]
    actions: tuple[Callable[[], None], ...] = field(default=())


class NoticeQueue:
    """The notice on screen and those waiting for it, first come, first shown."""

    def __init__(self) -> None:
        self.shown: Notice | None = None
        self._waiting: deque[Notice] = deque()
        self._when_idle: list[Callable[[], None]] = []

    @property
    def idle(self) -> bool:
        return self.shown is None

    def add(self, notice: Notice) -> Notice | None:
        """Queue ``notice``; it is returned if it is to be shown now (nothing else is)."""
        self._waiting.append(notice)
        return self._next() if self.shown is None else None

    def closed(self, dialog: str) -> Notice | None:
        """The dialog ``dialog`` was closed: the next notice to show, if any (None also when
        that dialog was not showing a notice of the queue)."""
        if self.shown is None or self.shown.dialog != dialog:
            return None
        self.shown = None
        return self._next()

    def _next(self) -> Notice | None:
        self.shown = self._waiting.popleft() if self._waiting else None
        return self.shown

    def action(self, dialog: str, index: int) -> Callable[[], None] | None:
        """The action of button ``index`` of the notice ``dialog`` shows (None if none)."""
        shown = self.shown
        if shown is None or shown.dialog != dialog or not 0 <= index < len(shown.actions):
            return None
        return shown.actions[index]

    def when_idle(self, callback: Callable[[], None]) -> bool:
        """True if nothing is shown (the caller runs ``callback`` now); otherwise it is kept
        and handed out by ``idle_callbacks`` once the last notice has closed."""
        if self.shown is None:
            return True
        self._when_idle.append(callback)
        return False

    def idle_callbacks(self) -> list[Callable[[], None]]:
        """What waited for a quiet page, once nothing is shown (each handed out once)."""
        if self.shown is not None:
            return []
        callbacks, self._when_idle = self._when_idle, []
        return callbacks
