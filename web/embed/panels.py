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
from akropolis.sentences import N_, Sentence
from akropolis.tiles import DISTRICTS, KIND_NAMES
from common.i18n import _, ngettext, pgettext, translate
from common.scorepad import kind_title

#: A district's singular label (as verdicts name it) → its plural (as scores name it).
PLURALS = {kind.label: KIND_NAMES[kind] for kind in DISTRICTS}
#: What the embed says first, in the words of the reader's gesture (``CityView.gesture``: a
#: touch screen taps, a mouse points and clicks): with a tile to try, and with the scoring.
TRY_WORDS = {
    "click": N_("Point at a spot to see the tile there; click to place it."),
    "tap": N_("Tap a spot to see the tile there, then “Place here” to place it."),
}
WHY_WORDS = {
    "click": N_("Point at a district to see why it counts or not."),
    "tap": N_("Tap a district to see why it counts or not."),
}


def first_words(gesture: str, trying: bool, explained: bool) -> str | None:
    """The embed's first line, for a reader who clicks or taps: how to try the tile, or how to
    see why a district counts (``explained``: the scoring or a kind is shown); else nothing."""
    words = TRY_WORDS if trying else WHY_WORDS if explained else None
    if words is None:
        return None
    said = words.get(gesture, words["click"])
    return translate(Sentence(said))


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
    said = {
        True: escape(pgettext("a district", "counts")),
        False: escape(pgettext("a district", "does not count")),
    }
    for plural, counts, reason, number in verdict_groups(verdicts, kind):
        mark = "✓" if counts else "✗"
        districts = f"<b>{escape(district_count(plural, number))}</b>"
        line = _("{districts}: {reason}", districts=districts, reason=escape(translate(reason)))
        items.append(
            f'<li class="{"counts" if counts else "misses"}" data-kind="{plural}" '
            f'data-counts="{int(counts)}" data-count="{number}" data-reason="{escape(reason)}">'
            f'<span class="mark" aria-label="{said[counts]}">'
            f'{mark}</span><span class="text">{line}</span></li>'
        )
    if not items:
        return f'<li class="none">{escape(_("No districts yet."))}</li>'
    return "".join(items)


def district_count(kind: str, count: int) -> str:
    """``1 market``, ``3 houses``: districts of ``kind`` (plural name) counted."""
    if kind == "houses":
        return ngettext("{count} house", "{count} houses", count)
    if kind == "markets":
        return ngettext("{count} market", "{count} markets", count)
    if kind == "barracks":
        return ngettext("{count} barracks", "{count} barracks", count)
    if kind == "temples":
        return ngettext("{count} temple", "{count} temples", count)
    return ngettext("{count} garden", "{count} gardens", count)


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
