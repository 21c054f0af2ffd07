"""Saving the score calculator in the browser: one slot, and unreadable saves kept aside.

The same promises as the game's saves (``saves.py``), over the same ``Store``: a save that
cannot be read is never dropped — it is kept aside under its own key with the reason, and only
then removed from the slot; if even that fails it stays in the slot and is not overwritten
until the person has downloaded or discarded it.  A write that fails says why, and the
calculator goes on in memory.  Pure logic, tested on CPython.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from akropolis.checks import cut_message
from akropolis.records import RecordError
from akropolis.sentences import N_, Sentence
from calculator.model import Calculator
from calculator.state import read_state
from common.saves import Saved, Store, StoreError, free_key, reason_of

#: The calculator's own slot (the game's is ``akropolis.autosave.v1``).
SLOT = "akropolis.calculator.v1"
#: Unreadable saves kept aside: ``KEPT_PREFIX + time``.
KEPT_PREFIX = "akropolis.calculator.kept."

#: Why a save failed (``Saved.message``: a ``Sentence`` made of one of them).
FULL_MESSAGE = N_(
    "Could not save: browser storage is full — share or download your cities to keep them."
)
UNAVAILABLE_MESSAGE = N_(
    "Could not save: this browser does not let the page store anything — share or download "
    "your cities to keep them."
)
BLOCKED_MESSAGE = N_(
    "Not saved: an unreadable earlier save is still in the way — download or discard it."
)


@dataclass(frozen=True)
class Opened:
    """What the slot gave at start: a calculator (or None), what to tell (a ``Sentence``:
    ``translate`` shows it in the page's language), the text kept."""

    calculator: Calculator | None
    notice: str = ""
    kept: str | None = None  # the unreadable text, for "Download it"


def _refused(error: StoreError) -> Saved:
    if error.full:
        return Saved("full", Sentence(FULL_MESSAGE))
    return Saved("unavailable", Sentence(UNAVAILABLE_MESSAGE))


class CalculatorSaves:
    """The calculator's slot as one tab sees it."""

    def __init__(self, store: Store, clock: Callable[[], str]) -> None:
        self.store = store
        self.clock = clock
        self.known: str | None = None  # the slot's text as this tab last read or wrote it
        self.blocked = False  # an unreadable save sits in the slot and must not be overwritten

    def open(self) -> Opened:
        """Read the slot at start; an unreadable save is kept aside (or, failing that, left)."""
        try:
            text = self.store.get(SLOT)
        except StoreError as error:
            return Opened(None, _refused(error).message)
        if text is None:
            return Opened(None)
        try:
            calculator = read_state(text)
        except RecordError as error:
            return self._set_aside(text, reason_of(error))
        self.known = text
        return Opened(calculator)

    def _set_aside(self, text: str, reason: str) -> Opened:
        if self.keep(text, reason) is None:
            self.known, self.blocked = text, True
            return Opened(
                None,
                Sentence(
                    "Your saved cities could not be restored ({reason}), and the browser's "
                    "storage is too full to keep them aside, so they stay saved as they are and "
                    "nothing new is saved until you download or discard them.",
                    reason=reason,
                ),
                text,
            )
        with contextlib.suppress(StoreError):
            self.store.remove(SLOT)
        return Opened(
            None,
            Sentence(
                "Your saved cities could not be restored ({reason}). They are kept aside in "
                "this browser; you can download them. The calculator starts afresh.",
                reason=reason,
            ),
            text,
        )

    def keep(self, text: str, reason: str) -> str | None:
        """Keep ``text`` aside under a new key (returned); None if the store refused."""
        try:
            key = free_key(self.store, KEPT_PREFIX, self.clock())
            self.store.set(key, f"{cut_message(reason)}\n{text}")
        except StoreError:
            return None
        return key

    def kept(self) -> list[str]:
        """The keys of the saves kept aside, newest first."""
        try:
            return sorted(
                (k for k in self.store.names() if k.startswith(KEPT_PREFIX)), reverse=True
            )
        except StoreError:
            return []

    def save(self, calculator: Calculator) -> Saved:
        """Write the calculator to the slot (after every change)."""
        text = calculator.dumps()
        if self.blocked:
            return Saved("blocked", Sentence(BLOCKED_MESSAGE))
        try:
            if text != self.known:
                self.store.set(SLOT, text)
        except StoreError as error:
            return _refused(error)
        self.known = text
        return Saved("ok")

    def discard_blocked(self) -> None:
        """The person let the unreadable save go (after downloading it, or not)."""
        if not self.blocked:
            return
        with contextlib.suppress(StoreError):
            self.store.remove(SLOT)
        self.blocked, self.known = False, None

    def changed_elsewhere(self) -> Calculator | None:
        """What another tab saved since this tab last looked, if it is readable."""
        if self.blocked:
            return None
        try:
            text = self.store.get(SLOT)
        except StoreError:
            return None
        if text is None or text == self.known:
            return None
        try:
            calculator = read_state(text)
        except RecordError:
            return None
        self.known = text
        return calculator
