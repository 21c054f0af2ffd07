"""The daily deal on the game page: its place on the first screen, the day's game, its result
kept with the streak, Share result, the day's replay and the expert's score on the same deal.

The rules of the day (its seed, its Architect, the results, the shared text) are
``game.daily``'s; this module reads the clock (``Date.now()``: a test may fix it), the storage
and the page.  A daily game is an ordinary solo game on screen, saved like any other; it is
known as the day's by ``Days.playing`` and ``is_daily``.  The expert's score is played out in
the AI worker after the game, a move at a time (the computers of another game may ask it
between two), and kept with the day.
"""

from __future__ import annotations

from datetime import date

from pyscript import window

from akropolis import Game, records
from browser.dom import element, in_background, listen
from common.i18n import _, ngettext
from common.saves import BrowserStore
from game.browser.copying import copy
from game.browser.screen import Screen
from game.daily import (
    DAILY_FRAGMENT,
    Days,
    Result,
    architect_of,
    daily_game,
    is_daily,
    parse_day,
    result_of,
    seed_of,
    share_text,
    utc_day,
)
from game.newgame import default_name
from game.opponents import architect_name, read_reply


class DailyView:
    """The daily deal for the game page ``app``; ``worker`` plays the expert's game."""

    def __init__(self, app: Screen, worker) -> None:
        self.app = app
        self.worker = worker
        self.days = Days(BrowserStore(lambda: window.localStorage))
        self.expert_for: set[str] = set()  # days whose expert's game is under way
        self.shown: tuple[Result, tuple[str, str]] | None = None  # under the final scores

    def bind(self) -> None:
        tell = self.app.message
        listen(element("btn-daily-share"), "click", lambda e: self.share(e.currentTarget), tell)
        listen(element("btn-daily-replay"), "click", lambda _e: self.replay_today(), tell)
        listen(element("btn-end-daily-share"), "click", lambda e: self.share(e.currentTarget), tell)

    def today(self) -> date:
        return utc_day(float(window.Date.now()))

    def names(self, day: date, name: str = "") -> tuple[str, str]:
        return (name.strip() or default_name(1), architect_name(architect_of(day)))

    # --- The first screen --------------------------------------------------------------------

    def refresh_form(self) -> None:
        """The daily deal's lines on the first screen: today's Architect, or today's result."""
        if self.days.trouble:  # said once: the days start afresh in memory
            self.app.message(self.days.trouble)
            self.days.trouble = None
        today = self.today()
        result = self.days.results.get(today.isoformat())
        streak = self.days.streak(today)
        architect = architect_name(architect_of(today))
        if result is None:
            line = _(
                "Today: one solo game against {architect}, the same deal for every player.",
                architect=architect,
            )
        else:
            line = self.result_line(result, architect)
        if streak > 1:
            line += " " + ngettext("{count} day in a row.", "{count} days in a row.", streak)
        element("daily-line").textContent = line
        element("btn-daily").hidden = result is not None
        element("btn-daily-share").hidden = result is None
        element("btn-daily-replay").hidden = result is None or not result.record

    def result_line(self, result: Result, architect: str) -> str:
        """A day's result in words, with the expert's score on the same deal once known."""
        if result.expert is not None:
            return _(
                "Today's deal is done: you scored {score}, {architect} {other}; the expert "
                "scored {expert} on the same deal.",
                score=result.score,
                architect=architect,
                other=result.architect,
                expert=result.expert,
            )
        return _(
            "Today's deal is done: you scored {score}, {architect} {other}.",
            score=result.score,
            architect=architect,
            other=result.architect,
        )

    # --- Playing -----------------------------------------------------------------------------

    def play(self, name: str = "", day: date | None = None) -> None:
        """Start the deal of ``day`` (today's by default) for the player ``name``."""
        day = day or self.today()
        self.days.start(day)
        game = daily_game(day, self.names(day, name))
        said = _(
            "The daily deal of {day}: you play against {architect}.",
            day=day.isoformat(),
            architect=game.names[1],
        )
        self.app.start(game, said)

    def open_link(self, fragment: str) -> None:
        """A link to a day's deal (``#daily=2026-12-06``): that deal, if its day has come."""
        day = parse_day(fragment.removeprefix(DAILY_FRAGMENT))
        today = self.today()
        if day is None:
            self.app.message(_("This link to a daily deal does not name a day it can read."))
        elif day > today:
            self.app.message(
                _(
                    "The daily deal of {day} is not open yet: come back that day.",
                    day=day.isoformat(),
                )
            )
        elif day.isoformat() in self.days.results:
            result = self.days.results[day.isoformat()]
            self.app.message(
                _(
                    "You have played the daily deal of {day}: you scored {score}, {architect} "
                    "{other}.",
                    day=day.isoformat(),
                    score=result.score,
                    architect=architect_name(architect_of(day)),
                    other=result.architect,
                )
            )
        else:
            self.play(day=day)

    def day_of(self, game: Game) -> date | None:
        """The day whose deal ``game`` is, if it is one being played or kept here."""
        for text in (self.days.playing, *self.days.results):
            day = parse_day(text)
            if day is not None and is_daily(game, day):
                return day
        return None

    def ended(self, game: Game) -> None:
        """The game on screen is over: if it is a day's deal, its result (kept once), the line
        under the final scores and the expert's game."""
        day = self.day_of(game) if game.is_over else None
        element("daily-end").hidden = day is None
        if day is None:
            return
        key = day.isoformat()
        if key not in self.days.results:
            self.days.finish(result_of(game, day, self.today(), records.dump(game)))
        result = self.days.results[key]
        if result.expert is None and key not in self.expert_for:
            self.expert_for.add(key)
            in_background(self.expert(day), self.app.message)
        self.shown = (result, (game.names[0], game.names[1]))
        self.refresh_end()

    def refresh_end(self) -> None:
        """Under the final scores of a day's deal: the result to share, the expert's score."""
        if self.shown is None:
            return
        result, names = self.shown
        result = self.days.results.get(result.day, result)
        day = parse_day(result.day)
        streak = self.days.streak(self.today())
        text = share_text(result, names, streak, self.link(day))
        element("daily-share-text").textContent = text
        if result.expert is None:
            expert = _("The expert is playing the same deal…")
        else:
            expert = _("The expert scored {score} on the same deal.", score=result.expert)
        element("daily-expert").textContent = expert

    async def expert(self, day: date) -> None:
        """The expert plays the day's deal in the worker; its score is kept with the day."""
        game = daily_game(day, self.names(day))
        seed = seed_of(day) % 2**31
        while not game.is_over:
            move = game.forced_move()
            if move is None:
                reply = await self.worker.choose(records.dump(game), "expert", seed, 0)
                move, _ms = read_reply(reply, game)
            game.play_unchecked(move)
        self.days.set_expert(day.isoformat(), game.score(0).total)
        self.refresh_end()
        self.refresh_form()

    # --- Sharing and replaying ---------------------------------------------------------------

    def link(self, day: date) -> str:
        page = str(window.location.href).split("#")[0]
        return f"{page}{DAILY_FRAGMENT}{day.isoformat()}"

    def share(self, button) -> None:
        """Copy the day's result (today's from the first screen, the game's from its end)."""
        if button.id == "btn-end-daily-share":
            text = str(element("daily-share-text").textContent)
        else:
            today = self.today()
            result = self.days.results[today.isoformat()]
            names = self.names(today)
            if result.record:
                names = tuple(records.load(result.record).names)
            text = share_text(result, names, self.days.streak(today), self.link(today))
        copy(text, button, self.app.message)

    def replay_today(self) -> None:
        result = self.days.results.get(self.today().isoformat())
        if result is not None and result.record:
            self.app.replays.open(records.load(result.record))
