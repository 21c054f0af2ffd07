"""Games played by link on this device: their slots, the seat chosen in each, and their upkeep.

Pure logic over a ``saves.Store`` (``localStorage`` on the page), tested on CPython.

- Each game played by link has its own slot, ``akropolis.link.<id>`` (its record, exactly as
  the file format writes it), and the seat this device plays in it, ``akropolis.seat.<id>``.
  (``akropolis.link.active``, which shares the prefix, is the tab's ``sessionStorage`` key of
  the game on screen, never a slot.)
- A slot is overwritten silently only by its own game played further.  Whatever else it holds
  (a copy that cannot be read or comes from a newer version, another game, a game with
  computer seats, a copy changed in another tab) is first kept aside under Kept games, with
  the reason; if even that fails, it stays where it is and is not overwritten.
- ``akropolis.links.v1`` remembers, for each game, when it was last used on this device,
  whether it is over, and whether the player chose to keep it once it was old; so every game
  by link can be listed, and finished ones unused for ``OLD_AFTER_DAYS`` days are offered for
  clean-up (once: the answer is remembered).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from akropolis import Game, records
from akropolis.checks import MAX_RECORD_BYTES
from akropolis.records import RecordError
from common.i18n import _, ngettext, translate
from common.saves import (
    FOUND_IN_LINK_SLOT,
    REPLACED_BY_LINK,
    Kept,
    Saves,
    Store,
    StoreError,
    describe,
    read_game,
)
from game.fair_links import key_text, parse_key
from game.share import AHEAD, SAME, WATCHING, game_id, people_only, relation

#: localStorage: a game played by link (its record), and the seat this device plays in it.
LINK_PREFIX = "akropolis.link."
SEAT_PREFIX = "akropolis.seat."
#: localStorage: this device's secret key for a game with hidden stacks (until it is over), and
#: how far this device has sent the game (``ply.joined``), so a reload knows what is unsent.
KEY_PREFIX = "akropolis.key."
SENT_PREFIX = "akropolis.sent."
#: sessionStorage: the game by link this tab shows, so that a reload comes back to it.
ACTIVE_KEY = LINK_PREFIX + "active"
#: localStorage: when each game by link was last used here, whether it is over, and kept.
INDEX_KEY = "akropolis.links.v1"
#: A finished game by link not used on this device for this many days is offered for clean-up.
OLD_AFTER_DAYS = 30
_SEATS = frozenset(str(seat) for seat in range(WATCHING, 4))

#: What a game's slot holds: nothing, the game itself, or something that must be kept aside.
EMPTY, READY = "empty", "ready"
UNREADABLE, NEWER, ANOTHER, COMPUTERS = "unreadable", "newer", "another", "computers"


@dataclass(frozen=True)
class Slot:
    """A game's slot as found: its ``state``, the text, the game if readable, and the reason
    (for a slot that must be kept aside: what is wrong, or which game it holds)."""

    gid: str
    state: str
    text: str | None = None
    game: Game | None = None
    reason: str = ""

    @property
    def held(self) -> str:
        """What the slot held, as the page tells it (a whole clause, for ``notice``)."""
        reason = translate(self.reason)
        if self.state == UNREADABLE:
            return _(
                "This device's copy of this game by link could not be read ({reason})",
                reason=reason,
            )
        if self.state == NEWER:
            return _(
                "This device's copy of this game by link was saved by a newer version of the "
                "page, which this one cannot read"
            )
        if self.state == ANOTHER:
            return _(
                "The place where this device keeps this game by link held another game ({reason})",
                reason=reason,
            )
        if self.state == COMPUTERS:
            return _(
                "The place where this device keeps this game by link held a game with computer "
                "players ({reason}), which cannot be a game by link",
                reason=reason,
            )
        return _("This game by link was changed in another tab ({reason})", reason=reason)


def read_slot(gid: str, text: str | None) -> Slot:
    """What the slot of the game ``gid`` holds (whatever the text: it never raises)."""
    if text is None:
        return Slot(gid, EMPTY)
    try:
        game = read_game(text)
    except RecordError as error:
        if _newer(text):
            return Slot(gid, NEWER, text, reason="saved by a newer version of the page")
        return Slot(gid, UNREADABLE, text, reason=_why(error))
    if people_only(game) is not None:
        return Slot(gid, COMPUTERS, text, game, describe(game))
    if game_id(game) != gid:
        return Slot(gid, ANOTHER, text, game, describe(game))
    return Slot(gid, READY, text, game, describe(game))


def _why(error: RecordError) -> str:
    """What is wrong with a record: the engine's sentence itself when it has one (English text
    that ``translate`` shows in the page's language)."""
    message = error.args[0] if error.args else None
    return message if isinstance(message, str) else str(error)


def _newer(text: str) -> bool:
    """True if ``text`` is a record of a version newer than this program reads."""
    if len(text) > MAX_RECORD_BYTES:
        return False
    try:
        version = json.loads(text).get("version")
    except Exception:  # not JSON, nested too deep, not an object: not a newer record
        return False
    return type(version) is int and version > records.VERSION


@dataclass(frozen=True)
class Stored:
    """The outcome of saving a game in its slot: ``ok`` if it is there now; ``kept``, what the
    slot held before, kept aside; ``notice``, what to tell the player ("" for nothing)."""

    ok: bool
    kept: Kept | None = None
    notice: str = ""


@dataclass(frozen=True)
class Listed:
    """A game by link as Kept games lists it: its slot, this device's seat, when it was last
    used here (ISO time, "" if not known)."""

    slot: Slot
    seat: int | None
    used: str

    @property
    def gid(self) -> str:
        return self.slot.gid

    @property
    def resumable(self) -> bool:
        return self.slot.state == READY

    @property
    def summary(self) -> str:
        if self.slot.game is not None:
            return describe(self.slot.game)
        if self.slot.state == NEWER:
            return _("saved by a newer version of the page, which this one cannot read")
        return _("unreadable: {reason}", reason=translate(self.slot.reason))

    @property
    def role(self) -> str:
        """Who this device is in the game: a whole sentence ("" if it cannot be said)."""
        game = self.slot.game
        if game is None or self.slot.state != READY:
            return ""
        if self.seat == WATCHING:
            return _("You watch this game.")
        if self.seat is None or self.seat >= game.players:
            return _("You have not said who you are in this game.")
        return _("You play {name}.", name=game.names[self.seat])


class LinkGames:
    """Games played by link on this device.  ``keeper`` keeps aside what a slot held before
    it is overwritten (the Kept games of ``saves``, on the same store)."""

    def __init__(self, store: Store, clock: Callable[[], str], keeper: Saves) -> None:
        self.store = store
        self.clock = clock
        self.keeper = keeper
        #: Each slot's text as this tab last read or wrote it: its own to overwrite.
        self._known: dict[str, str] = {}

    # --- Slots -----------------------------------------------------------------------------

    def slot(self, gid: str) -> Slot:
        """What the slot of ``gid`` holds (``EMPTY`` too if storage cannot be read)."""
        try:
            text = self.store.get(LINK_PREFIX + gid)
        except StoreError:
            return Slot(gid, EMPTY)
        found = read_slot(gid, text)
        if found.state == READY:
            self._known[gid] = text
        return found

    def changed_elsewhere(self, gid: str) -> Slot | None:
        """The slot of ``gid`` if another tab wrote it since this tab last read or wrote it."""
        try:
            text = self.store.get(LINK_PREFIX + gid)
        except StoreError:
            return None
        if text is None or text == self._known.get(gid):
            return None
        return read_slot(gid, text)

    def load(self, gid: str) -> Game | None:
        """This device's copy of the game ``gid`` (None if there is none to play on)."""
        found = self.slot(gid)
        return found.game if found.state == READY else None

    def save(self, game: Game) -> Stored:
        """Keep ``game`` in its slot.  What the slot held is overwritten only if this tab read
        or wrote it, or ``game`` goes on from it; anything else is kept aside first."""
        gid = game_id(game)
        try:
            current = self.store.get(LINK_PREFIX + gid)
        except StoreError:
            return Stored(False)
        if current is not None and current != self._known.get(gid):
            found = read_slot(gid, current)
            ours = found.state == READY and relation(found.game, game).kind in (AHEAD, SAME)
            if not ours:
                return self.replace(game, found)
        return self._write(game)

    def replace(self, game: Game, found: Slot) -> Stored:
        """Save ``game`` in place of what its slot held (``found``), which is kept aside first;
        if it cannot be kept, nothing is written."""
        if found.text is None or found.text == records.dump(game):
            return self._write(game)
        if found.state == READY:
            why, reason = REPLACED_BY_LINK, found.reason
        else:
            why, reason = FOUND_IN_LINK_SLOT, f"{found.state}: {found.reason}"
        kept = self.keeper.keep(found.text, why, reason)
        if kept is None:
            notice = _(
                "{held}, and the browser's storage is too full to keep it aside, so it stays as "
                "it is and this game is not saved on this device.",
                held=found.held,
            )
            return Stored(False, notice=notice)
        written = self._write(game)
        notice = _(
            "{held}. It is kept under Kept games, where you can download it, and this game is "
            "saved in its place.",
            held=found.held,
        )
        return Stored(written.ok, kept, notice)

    def _write(self, game: Game) -> Stored:
        gid, text = game_id(game), records.dump(game)
        try:
            self.store.set(LINK_PREFIX + gid, text)
        except StoreError:
            return Stored(False)
        self._known[gid] = text
        self._note(gid, over=game.is_over)
        return Stored(True)

    # --- Seats -----------------------------------------------------------------------------

    def seat(self, gid: str) -> int | None:
        """The seat chosen on this device (``WATCHING`` to watch), None if never chosen."""
        try:
            text = self.store.get(SEAT_PREFIX + gid)
        except StoreError:
            return None
        if text not in _SEATS:
            return None
        return int(text)

    def choose_seat(self, gid: str, seat: int) -> bool:
        try:
            self.store.set(SEAT_PREFIX + gid, str(seat))
        except StoreError:
            return False
        return True

    def key(self, gid: str) -> bytes | None:
        """This device's key for a game with hidden stacks, if it holds one."""
        try:
            return parse_key(self.store.get(KEY_PREFIX + gid))
        except StoreError:
            return None

    def keep_key(self, gid: str, key: bytes) -> bool:
        """Keep this device's key; False if the storage refused it (then nothing may be sent
        that commits to it)."""
        try:
            self.store.set(KEY_PREFIX + gid, key_text(key))
        except StoreError:
            return False
        return parse_key(self.store.get(KEY_PREFIX + gid)) == key

    def sent(self, gid: str) -> tuple[int, int] | None:
        """How far this device has sent the game: (moves, players joined), or None."""
        try:
            text = self.store.get(SENT_PREFIX + gid) or ""
        except StoreError:
            return None
        ply, _dot, joined = text.partition(".")
        if not (text.isascii() and ply.isdigit() and joined.isdigit()) or len(text) > 9:
            return None
        return int(ply), int(joined)

    def note_sent(self, gid: str, ply: int, joined: int) -> None:
        with contextlib.suppress(StoreError):
            self.store.set(SENT_PREFIX + gid, f"{ply}.{joined}")

    def forget(self, gid: str) -> None:
        """Delete a game by link from this device: its slot, its seat, its key, how far it was
        sent, and what is noted of it."""
        for key in (LINK_PREFIX + gid, SEAT_PREFIX + gid, KEY_PREFIX + gid, SENT_PREFIX + gid):
            with contextlib.suppress(StoreError):
                self.store.remove(key)
        self._known.pop(gid, None)
        index = self._index()
        if index.pop(gid, None) is not None:
            self._write_index(index)

    # --- Upkeep: listing, last use, old finished games -------------------------------------

    def ids(self) -> list[str]:
        """The ids of every game by link stored on this device (readable or not)."""
        try:
            names = self.store.names()
        except StoreError:
            return []
        return sorted(
            key.removeprefix(LINK_PREFIX)
            for key in names
            if key.startswith(LINK_PREFIX) and key != ACTIVE_KEY
        )

    def listed(self) -> list[Listed]:
        """Every game by link on this device, the most recently used first."""
        index = self._index()
        found = []
        for gid in self.ids():
            try:
                text = self.store.get(LINK_PREFIX + gid)
            except StoreError:
                continue
            if text is not None:
                used = str(index.get(gid, {}).get("used", ""))
                found.append(Listed(read_slot(gid, text), self.seat(gid), used))
        found.sort(key=lambda listed: listed.used, reverse=True)
        return found

    def text(self, gid: str) -> str | None:
        try:
            return self.store.get(LINK_PREFIX + gid)
        except StoreError:
            return None

    def touch(self, gid: str) -> None:
        """The game ``gid`` is used now (opened, or resumed)."""
        self._note(gid)

    def upkeep(self) -> None:
        """Note every game by link not noted yet (saved by an earlier version): its age is
        counted from now, so nothing is ever offered for clean-up sooner than it should be."""
        index = self._index()
        missing = [gid for gid in self.ids() if gid not in index]
        if not missing:
            return
        when = self.clock()
        for gid in missing:
            slot = read_slot(gid, self.text(gid))
            index[gid] = {"used": when, "over": bool(slot.game and slot.game.is_over)}
        self._write_index(index)

    def old_finished(self, now: str, on_screen: str | None = None) -> list[str]:
        """Finished games by link not used here for ``OLD_AFTER_DAYS`` days, except those the
        player chose to keep and the one ``on_screen``.  Each is read from its slot: the note
        says when a game was used, never whether it is over; a slot that holds a game still
        going on, another game, or anything that cannot be read is never offered."""
        limit = _time(now)
        if limit is None:
            return []
        limit -= timedelta(days=OLD_AFTER_DAYS)
        old = []
        for gid, note in self._index().items():
            used = _time(note.get("used"))
            if gid == on_screen or note.get("keep") or used is None or used >= limit:
                continue
            if self._finished(gid):
                old.append(gid)
        return sorted(old)

    def _finished(self, gid: str) -> bool:
        """Whether the slot of ``gid`` holds that game, readable and over."""
        slot = read_slot(gid, self.text(gid))
        return slot.state == READY and slot.game is not None and slot.game.is_over

    def keep_old(self, gids: list[str]) -> None:
        """The player chose to keep these old games: they are never offered for clean-up again."""
        index = self._index()
        for gid in gids:
            index.setdefault(gid, {"used": self.clock(), "over": True})["keep"] = True
        self._write_index(index)

    def clean(self, gids: list[str]) -> None:
        """Delete these old finished games, each read again first: one that changed since it
        was offered (played on in another tab, replaced) stays."""
        for gid in gids:
            if self._finished(gid):
                self.forget(gid)

    def _note(self, gid: str, over: bool | None = None) -> None:
        index = self._index()
        note = index.setdefault(gid, {})
        note["used"] = self.clock()
        if over is not None:
            note["over"] = over
        self._write_index(index)

    def _index(self) -> dict[str, dict]:
        """What is noted of each game (empty if nothing is, or if it cannot be read: every age
        then starts again from now, which never cleans anything up too soon)."""
        try:
            text = self.store.get(INDEX_KEY)
            index = json.loads(text) if text else {}
        except (StoreError, ValueError, RecursionError):
            return {}
        if not isinstance(index, dict):
            return {}
        return {gid: note for gid, note in index.items() if isinstance(note, dict)}

    def _write_index(self, index: dict) -> None:
        with contextlib.suppress(StoreError):
            self.store.set(INDEX_KEY, json.dumps(index, sort_keys=True, separators=(",", ":")))


def _time(text: object) -> datetime | None:
    """An ISO time (as ``Date.toISOString`` writes it), or None if it is not one."""
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def cleanup_question(count: int) -> tuple[str, str]:
    """The title and body of the question that offers to delete old finished games by link."""
    title = ngettext("An old game played by link", "Old games played by link", count)
    if count == 1:  # "one game": a sentence of its own (a language may say it unlike a number)
        body = ngettext(
            "One finished game played by link has not been opened on this device for more than "
            "{count} day. Delete it to free this browser's storage? If you keep it, you will "
            "not be asked about it again; it stays under Kept games, where you can delete it at "
            "any time.",
            "One finished game played by link has not been opened on this device for more than "
            "{count} days. Delete it to free this browser's storage? If you keep it, you will "
            "not be asked about it again; it stays under Kept games, where you can delete it at "
            "any time.",
            OLD_AFTER_DAYS,
        )
        return title, body
    body = ngettext(
        "{count} finished game played by link has not been opened on this device for more "
        "than {days} days. Delete it to free this browser's storage? If you keep it, you will "
        "not be asked about it again; it stays under Kept games, where you can delete it at "
        "any time.",
        "{count} finished games played by link have not been opened on this device for more "
        "than {days} days. Delete them to free this browser's storage? If you keep them, you "
        "will not be asked about them again; they stay under Kept games, where you can delete "
        "them at any time.",
        count,
        days=OLD_AFTER_DAYS,
    )
    return title, body
