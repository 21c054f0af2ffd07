"""The replay's controls, one for the embed and the game page: step buttons, the move slider, the
caption, the score chart and its legend, and the keys that step.

The page gives the section holding them (its parts are found by class: ``replay-ply``,
``replay-caption``, ``replay-chart``, ``replay-legend``; buttons by ``data-step``), the
``Replay`` it shows and what to do when the reader goes to another move (``seek``: the page
redraws its city, then calls ``refresh``).
"""

from __future__ import annotations

from collections.abc import Callable

from browser.dom import listen
from common import replay_panels, score_chart
from common.replay import Replay

#: The keys that step (Home and End go to the start and the last move).
STEP_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}
CHART_HEIGHT = 120


class ReplayBar:
    """The controls of one replay, bound to the elements of one section of a page."""

    def __init__(
        self, root, replay: Replay, seek: Callable[[int], None], tell: Callable[[str], None]
    ) -> None:
        self.root = root
        self.seek = seek
        self.tell = tell
        self.ply = root.querySelector(".replay-ply")
        self.chart = root.querySelector(".replay-chart")
        self.load(replay)

    def load(self, replay: Replay) -> None:
        """Show another game's replay with the same controls."""
        self.replay = replay
        self.ply.max = str(replay.last)

    def part(self, name: str):
        return self.root.querySelector(f".replay-{name}")

    def bind(self) -> None:
        listen(self.root, "click", self.click, self.tell)
        listen(self.ply, "input", lambda event: self.seek(int(event.target.value)), self.tell)

    def refresh(self) -> None:
        """Show the step the replay is at: the slider, the caption, the legend and the chart."""
        replay = self.replay
        totals = replay.history[replay.ply]
        self.ply.value = str(replay.ply)
        self.part("caption").textContent = replay.caption()
        self.part("legend").innerHTML = replay_panels.legend_html(replay.names, totals)
        self.draw_chart()

    def draw_chart(self) -> None:
        width = self.chart.clientWidth or 300
        self.chart.innerHTML = score_chart.chart_svg(
            self.replay.history, self.replay.ply, width, CHART_HEIGHT
        )

    def key(self, event) -> bool:
        """Step by the arrows, Home and End (not while the slider, which steps by itself, has the
        focus); whether the key was the replay's."""
        key = event.key
        if event.target == self.ply or event.altKey or event.ctrlKey or event.metaKey:
            return False
        if key in STEP_KEYS:
            target = self.replay.ply + STEP_KEYS[key]
        elif key in ("Home", "End"):
            target = 0 if key == "Home" else self.replay.last
        else:
            return False
        event.preventDefault()
        self.seek(target)
        return True

    def click(self, event) -> None:
        button = event.target.closest("[data-step]")
        if button:
            last = self.replay.last
            steps = {"first": -last, "back": -1, "forward": 1, "last": last}
            self.seek(self.replay.ply + steps[button.dataset.step])
        elif event.target.closest(".replay-chart"):
            rect = self.chart.getBoundingClientRect()
            x = event.clientX - rect.left
            self.seek(score_chart.ply_at(x, self.replay.last, rect.width))
