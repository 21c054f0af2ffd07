"""Computer opponents in the game page: the AI worker, the computers' turns, their animated
moves, Undo back to a person's turn, Pause, and the Hint.

**The worker.**  The AI thinks in a PyScript worker (``ai_worker.py``; ``worker_client`` starts
it from the page's own runtime and ``python.zip``), so that the page
keeps drawing and answering while it thinks.  The page sends the game record (text) and awaits
the chosen move (JSON text) from the worker's exported ``choose``; nothing else crosses, and the
worker never reaches back into the page, which is why it needs no cross-origin isolation (no
``SharedArrayBuffer``).  It starts as soon as a game with a computer seat is on screen (or at
the first Hint), so the first move does not wait for a whole start; if it cannot start, the
player is told, and the game stays as it is.  The Architect's moves are forced (the engine's
only legal move), so a solo game needs no worker until a Hint is asked for.

**Turns.**  When a computer is to move, its card says it is thinking; its move then flies from
the Construction Site to its city and the spot glows a moment (``game.animation``).  For a
person who asked their system for less motion (``prefers-reduced-motion``) nothing moves: the
tile is in its place at once, and the city stays on screen as long as the glow would have.
While a computer moves, the view shows its city unless the player chose another city to look at
meanwhile; either way, when a person's turn comes the view shows that person's city, and the
computer's card (its city's last tile marked), the log and the status line say what it did.
Computers play only in the player's own game, never in a game played by link, and land their
moves only while the page is visible (a tab in the background does not play behind the
player's back).

Test hooks: ``window.akropolisTest``, an object tests (and benchmarks) may set, never the page:
``aiDelayMs`` keeps the worker busy that much longer on each answer (a slow AI, to check that
the page answers meanwhile); ``speed`` speeds the animations up (e.g. 20).
"""

from __future__ import annotations

import asyncio

from pyscript import document, window

from akropolis import TILES, Game, records
from browser.dom import in_background, listen, reduced_motion
from browser.dom import perf_ms as _now
from browser.focus import absent
from common.i18n import _, explain, in_a_row, translate
from game import panels
from game.animation import FLIGHT_MS, GLOW_MS, THINK_MS, MoveAnimation
from game.browser.screen import Screen
from game.browser.worker_client import WorkerClient, WorkerFailed
from game.opponents import (
    ReplyError,
    ai_level,
    ai_seed,
    all_computers,
    computer_to_move,
    describe_move,
    hint_level,
    hint_title,
    human_to_move,
    kind_of,
    needs_worker,
    persons_city,
    read_reply,
    turn_note,
    undo_count,
)
from game.spots import score_sentence

#: Seconds between two animation frames, and between two looks at what a turn waits for.
FRAME = 1 / 60
POLL = 0.05


def _test_hook(name: str, default: float) -> float:
    hooks = getattr(window, "akropolisTest", None)
    value = getattr(hooks, name, None) if hooks is not None else None
    try:
        return float(value) if value is not None else default
    except (TypeError, ValueError):
        return default


class Opponents:
    """The computers of the game on screen, and the worker they think in."""

    def __init__(self, app: Screen, worker: WorkerClient | None = None) -> None:
        self.app = app
        self.generation = 0  # bumped whenever the game on screen changes but by a computer
        self.thinking: int | None = None  # the seat thinking now
        self.notes: dict[int, str] = {}  # what each computer did last
        self.animation: tuple[MoveAnimation, float, int] | None = None  # (move, start, seat)
        self.still = False  # the last move is landing without motion: nothing to draw
        self.paused = False
        self.follow = True  # the view follows the game (the player chose no other city)
        self.failure: str | None = None
        self.hinted: tuple[int, tuple[int, int], int] | None = None  # (ply, anchor, rotation)
        self._hint_token: tuple[int, int] | None = None
        self._turn_token: tuple[int, int] | None = None
        #: For benchmarks: how long the worker took to start, and each answer's thinking time.
        #: ``frames``: how many animation frames were painted (none when motion is reduced).
        self.stats: dict = {
            "boot_ms": worker.stats["boot_ms"] if worker else None,
            "think_ms": [],
            "frames": 0,
        }
        self.worker = worker or WorkerClient(self.stats)
        self.worker.stats = self.stats
        listen(document, "visibilitychange", lambda _e: self.schedule(), app.message)

    # --- Questions the page asks -------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.app.table.game

    @property
    def active(self) -> bool:
        """Computers play only in the player's own game, not in a game played by link."""
        return self.app.table is not None and self.app.links.session is None

    def busy(self) -> bool:
        """A computer is to move: the player's tile picks and taps wait."""
        return self.active and computer_to_move(self.game)

    def refuse(self) -> bool:
        """Say so and return True if the player may not act because a computer is to move."""
        if not self.busy():
            return False
        game = self.game
        self.app.hint(
            _("It is {name}'s turn: wait for its move.", name=game.names[game.turn]), "bad"
        )
        return True

    def undo_count(self) -> int:
        return undo_count(self.game) if self.active else min(self.game.ply, 1)

    def turn_hint(self) -> str | None:
        """The hint line while no tile is held, when computers are concerned."""
        if not self.active or self.game.is_over:
            return None
        game = self.game
        name = game.names[game.turn]
        if self.failure and computer_to_move(game):
            return _("{name} cannot move: the computer did not start.", name=name)
        if self.watch_paused():
            return _("Paused: “Go on” plays the next move; Undo steps back.")
        if not computer_to_move(game):
            return None
        if game.is_architect(game.turn):  # the solo Architect does not search: it builds
            return _("{name} is building… Meanwhile, look at any city or the log.", name=name)
        return _("{name} is thinking… Meanwhile, look at any city or the log.", name=name)

    def overlay(self, view, viewed: int) -> list:
        """The move being animated, on the city of the computer that made it."""
        if self.animation is None or self.still:
            return []
        move, started, seat = self.animation
        if seat != viewed:
            return []
        return move.frame(view, self._elapsed(started))

    def gesture(self, pending) -> str | None:
        """ "hint" while the spot shown is the Hint's (its own words in the hint line)."""
        hinted = self.hinted
        table = self.app.table
        if hinted is None or pending is None:
            return None
        same = (hinted[0], hinted[1], hinted[2]) == (self.game.ply, pending, table.rotation)
        return "hint" if same else None

    def landing(self) -> list:
        """The cells glowing after a computer's move, with its seat (for tests)."""
        if self.animation is None:
            return []
        move, _started, seat = self.animation
        return [seat, [list(cell) for cell in move.cells]]

    # --- The page's events -------------------------------------------------------------------

    def reset(self) -> None:
        """Another game is on screen: forget the last one's turns, start the worker if needed."""
        self._cancel()
        self.notes = {}
        self.paused = False
        self.failure = None
        self.worker.forget_failure()  # a new game tries the worker again
        if self.active and needs_worker(self.game):
            self.worker.start()

    def stop(self) -> None:
        """The page's controller is closing: no computer plays on, no Hint lands."""
        self._cancel()

    def _cancel(self) -> None:
        self.generation += 1
        self.thinking = None
        self.animation = None
        self.hinted = None
        self._hint_token = None
        self.follow = True

    def picked(self) -> None:
        """The player took a tile in hand: the view follows the game again; no Hint pending."""
        self.follow = True
        self._hint_token = None
        self.hinted = None

    def looked_at(self, player: int) -> None:
        """The player chose a city to look at: the view follows the game again only when it is
        the city of the player to move."""
        self.follow = player == self.game.turn

    def undo(self) -> str:
        """Undo: back to a person's last turn (the computers' moves after it too); in a game of
        computers only, one move, and the game pauses."""
        game = self.game
        count = self.undo_count()
        watching = self.active and all_computers(game)
        self.paused = self.paused or watching
        self._cancel()
        self.notes = {}
        text = self.app.table.undo(count)
        if watching:
            return _("{undone} Paused: “Go on” plays on.", undone=translate(text))
        return text

    def watch_paused(self) -> bool:
        """A game of computers only, paused: nothing lands until "Go on"."""
        return self.paused and self.active and all_computers(self.game) and not self.game.is_over

    def shown_thinking(self) -> int | None:
        """The seat to show as thinking: none while paused (its move may be worked out
        meanwhile, but it is not under way for the person watching)."""
        return None if self.watch_paused() else self.thinking

    def status_html(self) -> str:
        """The header's status line: who plays, thinking or paused."""
        paused = self.watch_paused()
        return panels.status_html(self.game, self.shown_thinking() is not None, paused)

    def players_html(self) -> str:
        """The players' cards, the thinking computer's saying so, the others their last move."""
        app = self.app
        return panels.players_html(
            self.game, app.viewed, app.show_scores, self.notes, self.shown_thinking()
        )

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.app.refresh()

    def refresh(self) -> None:
        """The Hint and Pause buttons (the page calls this on every refresh), and the next
        computer's turn if one is due."""
        game = self.game
        watch = self.active and all_computers(game) and not game.is_over
        hint = document.getElementById("btn-hint")
        # (hidden by CSS by Place here; "Final scores" takes its place once the game is over)
        hint.hidden = (self.active and all_computers(game)) or game.is_over
        session = self.app.links.session
        mine = session is None or session.seat == game.turn
        hint.disabled = not (human_to_move(game) and mine) or self._hint_token is not None
        hint.textContent = _("Hint…") if self._hint_token is not None else _("Hint")
        hint.title = hint_title(self.hint_level())
        pause = document.getElementById("btn-pause")
        pause.hidden = not watch
        pause.textContent = _("Go on") if self.paused else _("Pause")
        self.schedule()

    # --- Computers' turns --------------------------------------------------------------------

    def schedule(self) -> None:
        """Start the computer's turn if one is to move and it is not under way already."""
        if not self.active or not computer_to_move(self.game) or self.failure:
            return
        token = (self.generation, self.game.ply)
        if self._turn_token == token:
            return
        self._turn_token = token
        in_background(self._turn(*token), self.app.message)

    async def _turn(self, generation: int, ply: int) -> None:
        game = self.game
        seat = game.turn
        kind = kind_of(game, seat)
        self.thinking = seat
        self._show_thinking()
        started = _now()
        level = ai_level(kind)
        try:
            if level is None:  # the Architect: its one legal move is forced
                info = game.legal_moves()[0]
            else:
                info = await self.ask(game, level, generation)
                if info is None:
                    return
        except WorkerFailed as error:
            if generation == self.generation:
                self._failed(explain(error))
            return
        if not await self._until(generation, lambda: self._may_land(started)):
            return
        await self._land(generation, seat, info)  # still "thinking" until the tile lands

    def _show_thinking(self) -> None:
        """Say who is thinking on its card and the status line (not a whole refresh: the page
        stays as quick as it can while the computer thinks)."""
        document.getElementById("status").innerHTML = self.status_html()
        document.getElementById("players").innerHTML = self.players_html()

    def _may_land(self, started: float) -> bool:
        return (
            self._elapsed(started) >= THINK_MS
            and self.animation is None
            and not self.paused
            and document.visibilityState == "visible"
        )

    async def _land(self, generation: int, seat: int, info) -> None:
        """Animate the move into the seat's city, play it, let its spot glow (with reduced
        motion: play it, and leave its city in view as long)."""
        app = self.app
        still = self.still = reduced_motion()
        if self.follow and app.viewed != seat:
            app.viewed = seat
            app.refresh(fit_view=True)  # as a turn starts, its city fitted
        hexes = tuple(
            (cell, kind, info.level)
            for cell, kind in zip(info.cells, TILES[info.tile].hexes, strict=True)
        )
        button = document.querySelector(f"#site [data-site='{info.site_index}']")
        move = MoveAnimation(hexes, self._site_point(button))
        if button is not None:
            button.classList.add("leaving")
        if not still:
            self.animation = (move, _now(), seat)
            await self._frames(generation, FLIGHT_MS, seat)
            if generation != self.generation:
                return
        game = self.game
        note = turn_note(game, info)
        self.thinking = None
        before = game.score(seat).total
        played = app.table.play(info.move)
        self.notes[seat] = note
        moved = translate(describe_move(game.names[seat], played))
        total = game.score(seat).total  # the move, then the score it made, said once
        said = [_("{move}.", move=moved), score_sentence(game.names[seat], total, total - before)]
        if human_to_move(game):
            said.append(
                _(
                    "Your turn, {name}: pick a tile from the Construction Site.",
                    name=game.names[game.turn],
                )
            )
        elif game.is_over:
            said.append(translate(panels.game_over_line(game)))
        said = in_a_row(said)
        app.refresh(said=said)
        app.save()
        if still:  # no glow, but the spot stays in view as long, and the next move waits
            landed = _now()
            self.animation = (move, landed, seat)
            if not await self._until(generation, lambda: self._elapsed(landed) >= GLOW_MS):
                return
        else:
            await self._frames(generation, FLIGHT_MS + GLOW_MS, seat)
        if generation != self.generation:
            return
        self.animation = None
        app.paint_overlay()
        shown = persons_city(game)
        self.follow = True  # a person's turn shows their city, whatever was looked at meanwhile
        if shown is not None and app.viewed != shown:
            app.viewed = shown
            app.refresh(said=said)  # said once: not again after the turn line

    async def _frames(self, generation: int, until: float, seat: int) -> None:
        """Paint the animation (when its city is on screen) until ``until`` ms of it."""
        while generation == self.generation and self.animation is not None:
            if self.app.viewed == seat:
                self.app.paint_overlay()
                self.stats["frames"] += 1
            if self._elapsed(self.animation[1]) >= until:
                return
            await asyncio.sleep(FRAME)

    def _elapsed(self, started: float) -> float:
        return (_now() - started) * max(_test_hook("speed", 1.0), 0.01)

    def _site_point(self, button) -> tuple[float, float] | None:
        """Where a Construction Site tile is, in the canvas's coordinates (may be outside)."""
        if button is None:
            return None
        box = button.getBoundingClientRect()
        canvas = self.app.city_view.canvas.getBoundingClientRect()
        if not box.width or not box.height:
            return None
        return (
            box.left + box.width / 2 - canvas.left,
            box.top + box.height / 2 - canvas.top,
        )

    async def _until(self, generation: int, ready) -> bool:
        """Wait until ``ready()``; False if the game changed meanwhile."""
        while generation == self.generation and not ready():
            await asyncio.sleep(POLL)
        return generation == self.generation

    def _failed(self, reason: str) -> None:
        self.failure = reason
        self.thinking = None
        self.app.refresh()
        self.app.dialogs.message(
            _(
                "The computer players could not start: {reason}. Your game is kept as it is; "
                "try again, or reload the page.",
                reason=reason,
            ),
            [(_("Try again"), self.retry)],
        )

    def retry(self) -> None:
        self.failure = None
        self.worker.forget()
        self._turn_token = None
        self.app.refresh()

    # --- The Hint ----------------------------------------------------------------------------

    def hint(self) -> None:
        """Show, as a ghost in the player's city, the move the computer would make at the level
        chosen for hints (medium unless the New game form says expert)."""
        game = self.game
        session = self.app.links.session
        mine = session is None or session.seat == game.turn
        if not human_to_move(game) or not mine or self._hint_token is not None:
            return
        self.worker.forget_failure()  # a failed start is tried again for a hint
        token = (self.generation, game.ply)
        self._hint_token = token
        starting = not self.worker.started
        self.app.refresh()
        self.app.hint(
            _("Starting the computer for a hint (the first time takes a few seconds)…")
            if starting
            else _("Looking for a good move…")
        )
        in_background(self._hint(token), self.app.message)

    async def _hint(self, token: tuple[int, int]) -> None:
        try:
            info = await self.ask(self.game, self.hint_level(), token[0])
        except WorkerFailed as error:
            if self._hint_token == token:
                self._hint_token = None
                self.app.refresh()
                self.app.message(_("No hint this time: {reason}.", reason=explain(error)))
            return
        if self._hint_token != token or info is None or self.game.ply != token[1]:
            return
        self._hint_token = None
        app = self.app
        app.table.suggest(info)
        app.viewed = self.game.turn
        app.controls.pending = info.anchor
        self.hinted = (self.game.ply, info.anchor, info.rotation)
        app.refresh()

    @staticmethod
    def hint_level() -> str:
        """The level hints come from: the New game form's choice (remembered by ``start.js``)."""
        chosen = document.getElementById("hint-level")
        return hint_level(None if absent(chosen) else chosen.value)

    # --- The worker --------------------------------------------------------------------------

    async def ask(self, game: Game, level: str, generation: int):
        """The move the AI at ``level`` chooses in ``game`` (a ``LegalMove``), or None if the
        game changed while it thought.  Raises WorkerFailed."""
        text = records.dump(game)
        reply = await self.worker.choose(text, level, ai_seed(game), _test_hook("aiDelayMs", 0.0))
        if generation != self.generation:
            return None
        try:
            info, ms = read_reply(reply, self.game)
        except ReplyError as error:
            raise WorkerFailed(explain(error)) from None
        self.stats["think_ms"].append(ms)
        return info

    async def memory(self) -> str:
        """The worker's memory as JSON text (for benchmarks; starts the worker if needed)."""
        return await self.worker.memory()
