"""The embed's HTML around its canvas: the scorepad, why districts count, players, the legend.

Pure functions from engine values to HTML strings, every name escaped, tested on CPython; the
glue assigns them to ``innerHTML``.  Nothing here sees the link's text: only what the engine
made of it (scores, verdicts, names that passed its checks).
"""

from __future__ import annotations

from collections import Counter

from akropolis import Game
from akropolis.picture.markup import escape
from akropolis.scoring import CityScore, HexScore
from akropolis.tiles import DISTRICTS, KIND_NAMES

#: A district's singular label (as verdicts name it) → its plural (as scores name it).
PLURALS = {kind.label: KIND_NAMES[kind] for kind in DISTRICTS}


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
    for name, line in score.kinds.items():
        classes = ["kind"] + (["chosen"] if name == kind else [])
        variant = ' <span class="variant" title="Variant: doubled districts">×2</span>'
        rows.append(
            f'<tr class="{" ".join(classes)}" data-kind="{name}" data-points="{line.points}">'
            f'<th scope="row"><span class="swatch {name}"></span>{name.capitalize()}'
            f"{variant if name in variants else ''}</th>"
            f'<td class="calc">{line.value} × {line.stars}</td>'
            f'<td class="points">{line.points}{_change(line.points, before, name)}</td></tr>'
        )
    stones_change = _delta(score.stones - before.stones) if before else ""
    total_change = _delta(score.total - before.total) if before else ""
    rows.append(
        f'<tr class="stones" data-kind="stones" data-points="{score.stones}">'
        f'<th scope="row"><span class="swatch stones"></span>Stones</th><td class="calc"></td>'
        f'<td class="points">{score.stones}{stones_change}</td></tr>'
    )
    rows.append(
        f'<tr class="total" data-kind="total" data-points="{score.total}">'
        f'<th scope="row">Total</th><td class="calc"></td>'
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


def verdict_groups(verdicts: tuple[HexScore, ...], kind: str | None = None) -> list[tuple]:
    """The verdicts grouped as ``(plural kind, counts, reason, how many)``, kinds in scorepad
    order, counting districts first; with ``kind``, that kind only."""
    tally = Counter((PLURALS[v.kind], v.counts, v.reason) for v in verdicts)
    order = list(KIND_NAMES.values())
    groups = sorted(tally.items(), key=lambda item: (order.index(item[0][0]), not item[0][1]))
    return [
        (plural, counts, reason, number)
        for (plural, counts, reason), number in groups
        if kind is None or plural == kind
    ]


def verdicts_html(verdicts: tuple[HexScore, ...], kind: str | None = None) -> str:
    """Why districts count or not, in the engine's words: one line per kind and reason."""
    items = []
    for plural, counts, reason, number in verdict_groups(verdicts, kind):
        noun = plural if number != 1 or plural == "barracks" else plural.removesuffix("s")
        mark = "✓" if counts else "✗"
        items.append(
            f'<li class="{"counts" if counts else "misses"}" data-kind="{plural}" '
            f'data-counts="{int(counts)}" data-count="{number}" data-reason="{escape(reason)}">'
            f'<span class="mark" aria-label="{"counts" if counts else "does not count"}">'
            f'{mark}</span><span class="text"><b>{number} {noun}</b>: '
            f"{escape(reason)}</span></li>"
        )
    if not items:
        return '<li class="none">No districts yet.</li>'
    return "".join(items)


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
