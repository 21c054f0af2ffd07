"""A recorded game's panels, shared by the embed and the game page's replay: the scorepad of a
city, one tab per player, the chart's legend.

Pure functions from engine values to HTML strings, every name escaped, tested on CPython; the
pages assign them to ``innerHTML``.
"""

from __future__ import annotations

from akropolis import Game
from akropolis.picture.markup import escape
from akropolis.scoring import CityScore
from common.i18n import _, pgettext
from common.scorepad import kind_title


def breakdown_html(
    score: CityScore,
    variants: frozenset[str],
    *,
    before: CityScore | None = None,
    kind: str | None = None,
) -> str:
    """The scorepad: each kind's value × stars = points, stones and total.  With ``before``
    (a tile tried), the changes; with ``kind``, that kind's row stands out."""
    rows = []
    doubled = escape(_("Variant: doubled districts"))
    variant = f' <span class="variant" title="{doubled}">×2</span>'
    for name, line in score.kinds.items():
        classes = ["kind"] + (["chosen"] if name == kind else [])
        rows.append(
            f'<tr class="{" ".join(classes)}" data-kind="{name}" data-points="{line.points}">'
            f'<th scope="row"><span class="swatch {name}"></span>{escape(kind_title(name))}'
            f"{variant if name in variants else ''}</th>"
            f'<td class="calc">{line.value} × {line.stars}</td>'
            f'<td class="points">{line.points}{_change(line.points, before, name)}</td></tr>'
        )
    stones = escape(pgettext("a player's stones", "Stones"))
    total = escape(pgettext("score", "Total"))
    stones_change = _delta(score.stones - before.stones) if before else ""
    total_change = _delta(score.total - before.total) if before else ""
    rows.append(
        f'<tr class="stones" data-kind="stones" data-points="{score.stones}">'
        f'<th scope="row"><span class="swatch stones"></span>{stones}</th><td class="calc"></td>'
        f'<td class="points">{score.stones}{stones_change}</td></tr>'
    )
    rows.append(
        f'<tr class="total" data-kind="total" data-points="{score.total}">'
        f'<th scope="row">{total}</th><td class="calc"></td>'
        f'<td class="points">{score.total}{total_change}</td></tr>'
    )
    return f'<table class="scorepad"><tbody>{"".join(rows)}</tbody></table>'


def _change(points: int, before: CityScore | None, name: str) -> str:
    return _delta(points - before.kinds[name].points) if before else ""


def _delta(change: int) -> str:
    if not change:
        return ""
    tone = "up" if change > 0 else "down"
    return f' <span class="delta {tone}">{change:+d}</span>'


def players_html(game: Game, viewed: int, totals: tuple[int, ...]) -> str:
    """One tab per player: name and score now; the viewed one pressed."""
    tabs = []
    for player, name in enumerate(game.names):
        pressed = "true" if player == viewed else "false"
        tabs.append(
            f'<button type="button" class="tab p{player + 1}" data-player="{player}" '
            f'aria-pressed="{pressed}"><span class="swatch p{player + 1}"></span>'
            f'<span class="name">{escape(name)}</span> <b>{totals[player]}</b></button>'
        )
    return "".join(tabs)


def legend_html(names: tuple[str, ...], totals: tuple[int, ...]) -> str:
    """The chart's key: each player's colour, name and score at the step shown."""
    return "".join(
        f'<span class="key"><span class="swatch p{player + 1}"></span>{escape(name)} '
        f"<b>{totals[player]}</b></span>"
        for player, name in enumerate(names)
    )
