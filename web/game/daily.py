"""The daily deal: one solo game a day, the same deal for every player in the world.

The date in UTC gives the seed (SHA-256 of the date: the same on CPython and in Pyodide, no
server), and the day of the week the Illustrious Architect.  Like any serverless daily puzzle,
the deal can be computed by whoever reads this code; the page never shows any of it ahead (a
day after today's is refused).  Each day's result is kept on the device (``Days``, one JSON
text in the page's storage), with the game for its replay; the streak counts the days played on
their own day.  The shared result (``share_text``) is made of the result alone — the date, the
scores and the points per kind — so it cannot tell anything of the deal.

Pure logic over the saves' ``Store``, tested on CPython with a mocked clock.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, replace
from datetime import UTC, date, datetime, timedelta

from akropolis import Game
from akropolis.checks import VARIANTS
from common.i18n import _, ngettext
from common.saves import Store, StoreError
from game.panels import kind_heads

#: Where the days are kept.
DAYS_KEY = "akropolis.daily.v1"
#: A link to a day's deal: the game page's address and ``#daily=2026-12-06``.
DAILY_FRAGMENT = "#daily="
#: The Architect of each day of the week, Monday first: easy early in the week, hard at its end.
WEEKDAY_ARCHITECTS = (
    "hippodamos",
    "hippodamos",
    "metagenes",
    "metagenes",
    "callicrates",
    "callicrates",
    "metagenes",
)
#: How many days keep their game for a replay (results are kept for ever: a few bytes a day).
GAMES_KEPT = 30
#: The shared result's line of kinds: each district kind's colour as a square (``VARIANTS``
#: lists the district kinds by name, in the rulebook's order).
KIND_SYMBOLS = dict(zip(VARIANTS, ("🟦", "🟨", "🟥", "🟪", "🟩"), strict=True))


def utc_day(epoch_ms: float) -> date:
    """The day, in UTC, of a time in milliseconds since 1970 (JavaScript's ``Date.now()``)."""
    return datetime.fromtimestamp(epoch_ms / 1000, UTC).date()


def parse_day(text: object) -> date | None:
    """A day as a link writes it (``2026-12-06``), or None if it is not one."""
    if not isinstance(text, str) or len(text) != 10:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def seed_of(day: date) -> int:
    """The day's seed: the first 8 bytes of the SHA-256 of its date."""
    digest = hashlib.sha256(f"akropolis daily deal {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def architect_of(day: date) -> str:
    """The Illustrious Architect of the day (its key: ``metagenes``…)."""
    return WEEKDAY_ARCHITECTS[day.weekday()]


def daily_game(day: date, names: tuple[str, str]) -> Game:
    """The day's deal: ``names`` (the player, then the Architect's name in the page's words)
    against the day's Architect, on the two-player tiles, without variants."""
    kinds = ["human", f"architect:{architect_of(day)}"]
    return Game(2, seed=seed_of(day), names=list(names), kinds=kinds)


def is_daily(game: Game, day: date) -> bool:
    """Whether ``game`` is the deal of ``day`` (whatever the names)."""
    return (
        game.players == 2
        and game.seed == seed_of(day)
        and tuple(game.kinds) == ("human", f"architect:{architect_of(day)}")
        and not game.variants
        and not game.options.all_tiles
    )


@dataclass(frozen=True)
class Result:
    """A day's game as it ended: the scores, the points per kind of the player's city, whether
    it was played on its own day (the streak counts only those), the game (for its replay, the
    latest ``GAMES_KEPT`` days) and the expert's score on the same deal once it is known."""

    day: str
    score: int
    architect: int
    kinds: dict[str, int]
    on_time: bool
    record: str | None = None
    expert: int | None = None

    @property
    def won(self) -> bool:
        return self.score > self.architect


def checked(day: str, fields: dict) -> Result:
    """A stored day's result, its every field checked (a hand-edited entry is refused whole)."""
    result = Result(**fields)
    numbers = [result.score, result.architect, *result.kinds.values()]
    if result.expert is not None:
        numbers.append(result.expert)
    if (
        result.day != day
        or parse_day(day) is None
        or not all(type(n) is int for n in numbers)
        or not set(result.kinds) <= set(VARIANTS)
        or type(result.on_time) is not bool
        or not isinstance(result.record, (str, type(None)))
    ):
        raise ValueError(day)
    return result


def result_of(game: Game, day: date, today: date, record: str) -> Result:
    """The result of a finished daily ``game`` of ``day``, ended ``today``."""
    mine, theirs = game.score(0), game.score(1)
    kinds = {kind: line.points for kind, line in mine.kinds.items()}
    return Result(day.isoformat(), mine.total, theirs.total, kinds, day == today, record)


class Days:
    """Every day's result on this device, and the day being played, in one storage entry.

    An entry that cannot be read is never overwritten: the days start afresh only in memory and
    ``trouble`` says why (the page tells the player once)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.results: dict[str, Result] = {}
        self.playing: str | None = None
        self.trouble: str | None = None
        self.writable = True
        try:
            text = store.get(DAYS_KEY)
        except StoreError:  # the page says once that nothing is kept
            self.writable = False
            return
        if text is not None:
            self._read(text)

    def _read(self, text: str) -> None:
        try:
            data = json.loads(text)
            days = data["days"]
            self.results = {day: checked(day, fields) for day, fields in days.items()}
            playing = data.get("playing")
            self.playing = playing if parse_day(playing) else None
        except (ValueError, TypeError, KeyError, AttributeError):
            self.results, self.writable = {}, False
            self.trouble = _("The results of the daily deals on this device could not be read.")

    def save(self) -> bool:
        """Write every day back; False if the storage refused (nothing is lost in memory)."""
        if not self.writable:
            return False
        days = {day: asdict(result) for day, result in sorted(self.results.items())}
        try:
            self.store.set(
                DAYS_KEY, json.dumps({"version": 1, "playing": self.playing, "days": days})
            )
        except StoreError:
            return False
        return True

    def start(self, day: date) -> None:
        self.playing = day.isoformat()
        self.save()

    def finish(self, result: Result) -> Result:
        """Keep a day's result (the first one: playing a day again never changes it); the
        oldest games beyond ``GAMES_KEPT`` days are dropped, their results kept."""
        kept = self.results.setdefault(result.day, result)
        self.playing = None
        for old in sorted(self.results)[:-GAMES_KEPT]:
            self.results[old] = replace(self.results[old], record=None)
        self.save()
        return kept

    def set_expert(self, day: str, score: int) -> None:
        if day in self.results:
            self.results[day] = replace(self.results[day], expert=score)
            self.save()

    def streak(self, today: date) -> int:
        """Days in a row played on their own day, up to today (or yesterday, today not yet)."""
        day = today if self._counts(today) else today - timedelta(days=1)
        count = 0
        while self._counts(day):
            count += 1
            day -= timedelta(days=1)
        return count

    def _counts(self, day: date) -> bool:
        result = self.results.get(day.isoformat())
        return result is not None and result.on_time


def share_text(result: Result, names: tuple[str, str], streak: int, link: str) -> str:
    """The shared result: the date, both scores, the points per kind as coloured squares and
    numbers, the streak and the link to the same day's deal — never a tile of the deal."""
    player, architect = names
    letters = kind_heads()  # colour is never the only signal: each kind's letter too
    lines = [
        _("Akropolis daily deal, {day}", day=result.day),
        _(
            "{player} {score} – {architect} {other}",
            player=player,
            score=result.score,
            architect=architect,
            other=result.architect,
        ),
        "  ".join(
            f"{KIND_SYMBOLS[kind]} {letters[kind][0]}{result.kinds.get(kind, 0)}"
            for kind in VARIANTS
        ),
    ]
    if streak > 1:
        lines.append(ngettext("{count} day in a row", "{count} days in a row", streak))
    lines.append(link)
    return "\n".join(lines)
