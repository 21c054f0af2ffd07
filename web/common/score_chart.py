"""Each player's score over a game, as a small SVG line chart (pure text, tested on CPython).

Colours come from the page's CSS custom properties (``--player-1``…, ``--ink``, ``--line``),
so the same chart follows the light and dark themes; names are not in the picture (the page's
legend, in HTML, carries them), so nothing in it needs more than numbers.
"""

from __future__ import annotations

from akropolis.picture.markup import escape
from common.i18n import _, pgettext
from common.replay import ScoreHistory

#: Padding inside the chart, in pixels: left (for the score labels), top, right, bottom.
PAD_LEFT, PAD_TOP, PAD_RIGHT, PAD_BOTTOM = 30.0, 8.0, 8.0, 16.0


def scale(history: ScoreHistory) -> int:
    """The top of the y axis: the best score rounded up to a multiple of 10 (at least 10)."""
    best = max((max(totals) for totals in history), default=0)
    return max(10, -(-best // 10) * 10)


def points(history: ScoreHistory, player: int, width: float, height: float) -> list[tuple]:
    """The chart's points for one player: ``(x, y)`` in pixels, one per ply."""
    top = scale(history)
    span = max(len(history) - 1, 1)
    inner_w = width - PAD_LEFT - PAD_RIGHT
    inner_h = height - PAD_TOP - PAD_BOTTOM
    return [
        (
            round(PAD_LEFT + inner_w * ply / span, 1),
            round(PAD_TOP + inner_h * (1 - totals[player] / top), 1),
        )
        for ply, totals in enumerate(history)
    ]


def ply_at(x: float, plies: int, width: float) -> int:
    """The ply under a horizontal position in the chart (a click on it seeks there)."""
    inner_w = max(width - PAD_LEFT - PAD_RIGHT, 1.0)
    fraction = (x - PAD_LEFT) / inner_w
    return min(max(round(fraction * plies), 0), plies)


def chart_svg(history: ScoreHistory, current: int, width: float, height: float) -> str:
    """The chart: a line per player, the score scale, and a marker at ply ``current``."""
    width, height = max(float(width), 120.0), max(float(height), 60.0)
    players = len(history[0]) if history else 0
    top = scale(history)
    bottom = height - PAD_BOTTOM
    out = [
        f'<svg class="chart" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" role="img" aria-label="{escape(_("Scores over the game"))}">'
    ]
    for fraction in (0.0, 0.5, 1.0):
        y = round(PAD_TOP + (bottom - PAD_TOP) * (1 - fraction), 1)
        out.append(
            f'<line class="grid" x1="{PAD_LEFT:g}" y1="{y:g}" x2="{width - PAD_RIGHT:g}" '
            f'y2="{y:g}"/><text class="axis" x="{PAD_LEFT - 5:g}" y="{y:g}" '
            f'text-anchor="end" dominant-baseline="central">{round(top * fraction)}</text>'
        )
    start = escape(pgettext("the start of a game, on a chart's axis", "start"))
    end = escape(_("move {number}", number=len(history) - 1))
    out.append(
        f'<text class="axis" x="{PAD_LEFT:g}" y="{height - 3:g}">{start}</text>'
        f'<text class="axis" x="{width - PAD_RIGHT:g}" y="{height - 3:g}" '
        f'text-anchor="end">{end}</text>'
    )
    if history:
        x = points(history, 0, width, height)[min(max(current, 0), len(history) - 1)][0]
        out.append(f'<line class="now" x1="{x:g}" y1="{PAD_TOP:g}" x2="{x:g}" y2="{bottom:g}"/>')
    for player in range(players):
        line = points(history, player, width, height)
        scores = " ".join(str(totals[player]) for totals in history)
        flat = " ".join(f"{x:g},{y:g}" for x, y in line)
        out.append(
            f'<polyline class="score p{player + 1}" data-player="{player}" '
            f'data-scores="{scores}" points="{flat}"/>'
        )
        cx, cy = line[min(max(current, 0), len(line) - 1)]
        out.append(f'<circle class="dot p{player + 1}" cx="{cx:g}" cy="{cy:g}" r="3.5"/>')
    out.append("</svg>")
    return "".join(out)
