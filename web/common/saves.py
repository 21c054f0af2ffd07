"""Saving games in the browser: the autosave slot, games kept aside, and two tabs on one slot.

Pure logic over a small key-value ``Store`` (the page passes ``localStorage`` through
``BrowserStore``; tests pass a dict that can be full), so every promise is tested on CPython:

- The slot holds the game record exactly as the first version of the program wrote it, so
  any version reads any other's save (records carry their own version).
- A save that cannot be read is never dropped: it is kept aside, with its time and reason, and
  only then removed from the slot.  If even that fails, it stays in the slot and is not
  overwritten until the player has downloaded or deleted it.
- A write that fails says why (storage full, storage unavailable); the game goes on in memory.
- A tab remembers the slot text it last read or wrote.  If the slot holds anything else when it
  is about to save, another tab has saved since: nothing is written and the player chooses.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from akropolis import Game, records
from akropolis.checks import cut_message
from akropolis.records import CityRecord, RecordError
from akropolis.sentences import N_, Plural, Sentence

#: The autosave slot (the name version 1 used, so its saves still load).
SLOT = "akropolis.autosave.v1"
#: Version 1 kept one unreadable save here; it is moved into the kept list.
LEGACY_UNREADABLE = "akropolis.autosave.unreadable"
#: Games kept aside: ``KEPT_PREFIX + time``.
KEPT_PREFIX = "akropolis.kept."

#: Why a game was kept aside (as storage writes it: never translated).
UNREADABLE, REPLACED, OTHER_TAB, FINISHED = "unreadable", "replaced", "other-tab", "finished"
#: How many finished games are kept for their replay (the oldest goes first).
FINISHED_KEPT = 10
#: ... and for games played by link: a copy replaced by a link, and whatever else a game by
#: link's slot held when that game had to be saved there (see ``link_games``).
REPLACED_BY_LINK, FOUND_IN_LINK_SLOT = "replaced by a link of the same game", "link-slot"
#: Each of them as the Kept games list says it (``Kept.label``).
_KEPT_WHY = {
    UNREADABLE: N_("could not be restored"),
    REPLACED: N_("replaced by a new game"),
    OTHER_TAB: N_("set aside when two tabs disagreed"),
    FINISHED: N_("a finished game, kept for its replay"),
    REPLACED_BY_LINK: N_("replaced by a link of the same game"),
    FOUND_IN_LINK_SLOT: N_("found where a game played by link belongs"),
}
#: Where a save still in the slot is listed (it has no time of its own).
STILL_IN_SLOT = N_("still in the save slot")


class StoreError(Exception):
    """The store refused: ``full`` when over its quota, otherwise unavailable."""

    def __init__(self, full: bool) -> None:
        super().__init__("full" if full else "unavailable")
        self.full = full


class Store(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def names(self) -> list[str]: ...


class BrowserStore:
    """``Store`` over a Web Storage object (``localStorage``), with its errors made plain."""

    def __init__(self, storage_source: Callable[[], object]) -> None:
        self._source = storage_source  # a function: merely touching localStorage can throw

    def _storage(self):
        try:
            storage = self._source()
        except Exception:
            raise StoreError(full=False) from None
        if storage is None:
            raise StoreError(full=False)
        return storage

    def get(self, key: str) -> str | None:
        storage = self._storage()
        try:
            value = storage.getItem(key)
        except Exception:
            raise StoreError(full=False) from None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        storage = self._storage()
        try:
            storage.setItem(key, value)
        except Exception as error:
            raise StoreError(full="quota" in str(error).lower()) from None

    def remove(self, key: str) -> None:
        storage = self._storage()
        try:
            storage.removeItem(key)
        except Exception:
            raise StoreError(full=False) from None

    def names(self) -> list[str]:
        storage = self._storage()
        try:
            return [storage.key(i) for i in range(storage.length)]
        except Exception:
            raise StoreError(full=False) from None


class MemoryStore:
    """A dict as a ``Store``, with an optional quota in characters (for tests and fallbacks)."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota
        self.available = True

    def _check(self) -> None:
        if not self.available:
            raise StoreError(full=False)

    def get(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StoreError(full=True)
        self.items[key] = value

    def remove(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)

    def names(self) -> list[str]:
        self._check()
        return list(self.items)


# --- What the slot and the kept games hold -----------------------------------------------------


def reason_of(error: BaseException) -> str:
    """What is wrong, as an error says it: its ``Sentence`` itself when it has one (English
    text that ``common.i18n.translate`` shows in the page's language), else its text."""
    message = error.args[0] if error.args else None
    return message if isinstance(message, str) else str(error)


def read_game(text: str) -> Game:
    """The game in a save, or RecordError with the reason (whatever is wrong with the text)."""
    try:
        subject = records.load(text)
    except RecordError:
        raise
    except (MemoryError, RecursionError):
        raise RecordError(Sentence("the save is too large or too deeply nested to read")) from None
    except Exception as error:  # the page must start whatever the slot holds
        why = Sentence("the save could not be read ({error})", error=type(error).__name__)
        raise RecordError(why) from None
    if isinstance(subject, CityRecord):
        raise RecordError(Sentence("it holds a city record, not a game"))
    return subject


def versus(names: tuple[str, ...] | list[str]) -> str:
    """``Ann vs Bob vs Cy``: the players of a game (a ``Sentence``; names are never translated)."""
    shown = names[0] if names else ""
    for name in names[1:]:
        shown = Sentence("{start} vs {next}", start=shown, next=name)
    return shown


def describe(game: Game) -> str:
    """One line naming a game: who plays, and how far it has gone (a ``Sentence``)."""
    names = versus(game.names)
    if game.is_over:
        return Plural(
            "{names}: finished after {count} move",
            "{names}: finished after {count} moves",
            game.ply,
            names=names,
        )
    return Sentence(
        "{names}: move {move}, {name} to play",
        names=names,
        move=game.ply + 1,
        name=game.names[game.turn],
    )


def describe_last_move(game: Game) -> str:
    """``describe`` plus the last move, which is what two diverging copies differ in."""
    if not game.ply:
        return describe(game)
    last = game.moves[-1]
    player = game.replay(game.ply - 1).turn  # who played it
    return Sentence(
        "{game}; last move: {name}, tile {tile} at {cell}",
        game=describe(game),
        name=game.names[player],
        tile=last.tile,
        cell=str(last.anchor),
    )


@dataclass(frozen=True)
class Kept:
    """A game kept aside: its storage key, when and why, the text as it was, and a summary."""

    key: str
    when: str
    why: str
    reason: str
    text: str

    @property
    def summary(self) -> str:
        try:
            return describe(read_game(self.text))
        except RecordError as error:
            return Sentence("unreadable: {reason}", reason=reason_of(error))

    @property
    def playable(self) -> bool:
        try:
            read_game(self.text)
        except RecordError:
            return False
        return True

    @property
    def label(self) -> str:
        """Why it was kept (a ``Sentence``; a reason this version does not know, as it is);
        ``summary`` says what it is (the reason, if it is unreadable)."""
        known = _KEPT_WHY.get(self.why)
        return self.why if known is None else Sentence(known)


def _entry(why: str, reason: str, when: str, text: str) -> str:
    return f"{why}\n{when}\n{cut_message(reason)}\n{text}"


def _parse_entry(key: str, value: str) -> Kept:
    parts = value.split("\n", 3)
    if len(parts) < 4:  # not written by us: keep it, shown as it is
        return Kept(key, key.removeprefix(KEPT_PREFIX), UNREADABLE, "", value)
    why, when, reason, text = parts
    return Kept(key, when, why, reason, text)


def free_key(store: Store, prefix: str, when: str) -> str:
    """A key ``prefix + when`` that ``store`` does not use yet (``~2``, ``~3``… if it does):
    something kept aside never overwrites something kept before (StoreError if unreadable)."""
    key = prefix + when
    taken = set(store.names())
    number = 1
    while key in taken:
        number += 1
        key = f"{prefix}{when}~{number}"
    return key


# --- Outcomes ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    """What the slot gave at start: a game to resume (or None), and what to tell the player."""

    game: Game | None
    notice: str = ""
    kept: Kept | None = None


@dataclass(frozen=True)
class Saved:
    """The result of a save: ``ok``, or why not (``full``, ``unavailable``, ``blocked``)."""

    status: str
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@dataclass(frozen=True)
class Conflict:
    """Another tab saved since this tab last did: its text, and its game if readable."""

    text: str
    game: Game | None
    reason: str = ""

    status = "conflict"
    ok = False


#: Why a save failed (``Saved.message``: a ``Sentence`` made of one of them).
FULL_MESSAGE = N_("Could not save: browser storage is full — export your game to keep it.")
UNAVAILABLE_MESSAGE = N_(
    "Could not save: this browser does not let the page store games — export your game to keep it."
)
BLOCKED_MESSAGE = N_(
    "Not saved: an unreadable save is still in the way — download or delete it under Kept games."
)


def _refused(error: StoreError) -> Saved:
    if error.full:
        return Saved("full", Sentence(FULL_MESSAGE))
    return Saved("unavailable", Sentence(UNAVAILABLE_MESSAGE))


class Saves:
    """The autosave slot as one tab sees it."""

    def __init__(self, store: Store, clock: Callable[[], str]) -> None:
        self.store = store
        self.clock = clock
        #: The slot's text as this tab last read or wrote it (None: empty or never seen).
        self.known: str | None = None
        #: True while an unreadable save sits in the slot because it could not be kept aside.
        self.blocked = False
        self._blocked_reason = ""

    # --- Start -------------------------------------------------------------------------------

    def open(self) -> Opening:
        """Read the slot at start; an unreadable save is kept aside (or, failing that, left)."""
        try:
            self._migrate_legacy()
            text = self.store.get(SLOT)
        except StoreError as error:
            return Opening(None, _refused(error).message)
        if text is None:
            return Opening(None)
        try:
            game = read_game(text)
        except RecordError as error:
            return self._set_aside_unreadable(text, reason_of(error))
        self.known = text
        return Opening(game)

    def _set_aside_unreadable(self, text: str, reason: str) -> Opening:
        kept = self.keep(text, UNREADABLE, reason)
        if kept is None:
            self.known, self.blocked, self._blocked_reason = text, True, reason
            return Opening(
                None,
                Sentence(
                    "Your saved game could not be restored ({reason}), and the browser's storage "
                    "is too full to keep it aside, so it stays saved as it is and the new game "
                    "will not be saved until you download or delete it under Kept games.",
                    reason=reason,
                ),
            )
        with contextlib.suppress(StoreError):
            self.store.remove(SLOT)
        self.known = None
        return Opening(
            None,
            Sentence(
                "Your saved game could not be restored ({reason}). It is kept aside "
                "under Kept games, where you can download it.",
                reason=reason,
            ),
            kept,
        )

    def _migrate_legacy(self) -> None:
        legacy = self.store.get(LEGACY_UNREADABLE)
        if legacy is not None and self.keep(legacy, UNREADABLE, "kept by an earlier version"):
            self.store.remove(LEGACY_UNREADABLE)

    # --- Saving ------------------------------------------------------------------------------

    def save(self, game: Game) -> Saved | Conflict:
        """Write ``game`` to the slot, unless another tab wrote it since (then a Conflict)."""
        text = records.dump(game)
        try:
            current = self.store.get(SLOT)
            if self.blocked:
                if current == self.known:
                    return Saved("blocked", Sentence(BLOCKED_MESSAGE))
                self.blocked = False  # the unreadable save was removed meanwhile
                self.known = current
            if current is not None and current != self.known:
                return self.conflict(current)
            if current != text:
                self.store.set(SLOT, text)
        except StoreError as error:
            return _refused(error)
        self.known = text
        return Saved("ok")

    def conflict(self, text: str) -> Conflict:
        try:
            return Conflict(text, read_game(text))
        except RecordError as error:
            return Conflict(text, None, reason_of(error))

    def replace(self, game: Game, previous: Game | None) -> Saved | Conflict:
        """Save a new or imported ``game``; the ``previous`` one is kept aside first (finished:
        for its replay, with the ``FINISHED_KEPT - 1`` latest others; none with no move)."""
        if previous is not None and previous.ply:
            if previous.is_over:  # room for it among the finished games kept
                for old in [k for k in self.kept() if k.why == FINISHED][FINISHED_KEPT - 1 :]:
                    self.forget(old.key)
            why = FINISHED if previous.is_over else REPLACED
            if self.keep(records.dump(previous), why, describe(previous)) is None:
                return Saved("full", Sentence(FULL_MESSAGE))
        return self.save(game)

    def overwrite(self, game: Game, other: str) -> Saved:
        """Resolve a conflict for this tab's game: the other tab's save is kept aside first."""
        if self.keep(other, OTHER_TAB, self._summary(other)) is None:
            return Saved("full", Sentence(FULL_MESSAGE))
        self.known = other  # a third tab's newer save is still a conflict, asked about again
        result = self.save(game)
        return result if isinstance(result, Saved) else Saved("conflict", "")

    def adopt(self, mine: Game, other: str) -> Saved:
        """Resolve a conflict for the other tab's game: this tab's game is kept aside first."""
        if mine.ply and self.keep(records.dump(mine), OTHER_TAB, describe(mine)) is None:
            return Saved("full", Sentence(FULL_MESSAGE))
        self.known = other
        return Saved("ok")

    def in_sync(self, mine: Game) -> bool:
        """True if this tab's game is what it last saved or read: it has nothing unsaved."""
        return self.known is not None and self.known == records.dump(mine)

    def changed_elsewhere(self) -> str | None:
        """The slot's text if another tab changed it since this tab last looked, else None."""
        try:
            current = self.store.get(SLOT)
        except StoreError:
            return None
        if current is None or current == self.known or self.blocked:
            return None
        return current

    @staticmethod
    def _summary(text: str) -> str:
        try:
            return describe(read_game(text))
        except RecordError as error:
            return Sentence("unreadable: {reason}", reason=reason_of(error))

    # --- Kept games --------------------------------------------------------------------------

    def keep(self, text: str, why: str, reason: str) -> Kept | None:
        """Keep ``text`` aside under a new key; None if the store refused (nothing changed)."""
        try:
            when = self.clock()
            key = free_key(self.store, KEPT_PREFIX, when)
            self.store.set(key, _entry(why, reason, when, text))
        except StoreError:
            return None
        return Kept(key, when, why, cut_message(reason), text)

    def kept(self) -> list[Kept]:
        """Every game kept aside, newest first."""
        try:
            keys = [key for key in self.store.names() if key.startswith(KEPT_PREFIX)]
            entries = [(key, self.store.get(key)) for key in keys]
        except StoreError:
            return []
        found = [_parse_entry(key, value) for key, value in entries if value is not None]
        found.sort(key=lambda kept: kept.key, reverse=True)
        if self.blocked and self.known is not None:  # still in the slot: listed first
            reason = self._blocked_reason
            found.insert(0, Kept(SLOT, Sentence(STILL_IN_SLOT), UNREADABLE, reason, self.known))
        return found

    def forget(self, key: str) -> None:
        """Delete a kept game (the player chose to); a blocked slot is cleared the same way."""
        if not key.startswith(KEPT_PREFIX) and key != SLOT:
            return
        try:
            self.store.remove(key)
        except StoreError:
            return
        if key == SLOT:
            self.blocked, self.known = False, None
