"""Copying text for the player: the clipboard if the browser allows it, else the text shown
selected, to copy by hand (in its own field, or in the Copy dialog)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from pyscript import window

from browser.dom import element, in_background
from common.i18n import _

#: How long a Copy button says "Copied", in seconds.
COPIED_FOR = 2.5


class Sending(Protocol):
    """Told about a link being sent to the next player (a game by link's Send your move)."""

    def sent(self) -> None: ...  # the link is copied, or shown to be copied by hand
    def copied(self) -> None: ...  # it is on the clipboard
    def settled(self) -> None: ...  # the button has said "Copied" long enough


def copy(
    text: str,
    button,
    tell: Callable[[str], None],
    field=None,
    sending: Sending | None = None,
) -> None:
    """Copy ``text``; ``button`` says "Copied" a moment.  If the browser refuses, the text is
    shown selected (in ``field``, or in the Copy dialog) to copy by hand."""
    clipboard = getattr(window.navigator, "clipboard", None)
    try:
        promise = clipboard.writeText(text) if clipboard is not None else None
    except Exception:
        promise = None
    if promise is None:
        _by_hand(text, field, sending)
        return
    in_background(_copied(promise, text, button, field, sending), tell)


async def _copied(promise, text: str, button, field, sending: Sending | None) -> None:
    try:
        await promise
    except Exception:
        _by_hand(text, field, sending)
        return
    if sending is not None:
        sending.sent()
    label = button.textContent
    copied = _("Copied ✓")
    button.textContent = copied
    button.classList.add("copied")
    button.dataset.copied = "true"
    if field is not None:
        element("share-note").hidden = True
    elif sending is not None:
        sending.copied()
    await asyncio.sleep(COPIED_FOR)
    button.classList.remove("copied")
    button.removeAttribute("data-copied")
    if sending is not None:
        sending.settled()
    elif button.textContent == copied:
        button.textContent = label


def _by_hand(text: str, field, sending: Sending | None) -> None:
    if field is not None:
        element("share-note").hidden = False
        field.focus()
        field.select()
        return
    area = element("copy-text")
    area.value = text
    dialog = element("copy-dialog")
    if not dialog.open:
        dialog.showModal()
    area.focus()
    area.select()
    if sending is not None:
        sending.sent()
