"""The scoring explained: why each district of a city scores or not, in the same marks and the
same words on every page that shows a city (the game, the score calculator, the embed).

Each district gets one of four marks, each a shape of its own and not only a colour, drawn alike
on the city's badges (``akropolis.picture.scene.verdict_badge``) and in these lists:

- ✓ it counts; ×2 it counts double (a variant's condition holds);
- ☆ it meets its condition, but its city has no plaza of its kind: it scores 0;
- ✗ it does not count.

The explanation lists, kind by kind, the districts grouped by mark and reason ("3 districts
count: in the largest group of houses."), each line naming its districts' cells so that a page
can outline them on the city when the line is pointed at, tapped or focused.  Pure functions of
the engine's scores to HTML strings (every text escaped), tested on CPython.
"""

from __future__ import annotations

from akropolis.checks import VARIANTS
from akropolis.picture.markup import escape
from akropolis.scoring import CityScore, HexScore
from akropolis.tiles import DISTRICTS, KIND_NAMES
from common.i18n import _, ngettext, pgettext, translate
from common.scorepad import kind_title

#: The marks, in the order the legend and each kind's lines give them.
MARKS = {"counts": "✓", "doubled": "×2", "starless": "☆", "misses": "✗"}
#: A district's singular label (as verdicts name it) → its plural (as scores name it).
PLURALS = {kind.label: KIND_NAMES[kind] for kind in DISTRICTS}


def mark_of(verdict: HexScore) -> str:
    """A district's mark: "counts", "doubled", "starless" (meets its condition, no plaza of
    its kind: 0 points) or "misses"."""
    if not verdict.counts:
        return "misses"
    if not verdict.points:
        return "starless"
    return "doubled" if verdict.doubled else "counts"


def mark_words(mark: str) -> str:
    """What a mark means, as the legend says it."""
    if mark == "counts":
        return pgettext("a scoring mark", "counts")
    if mark == "doubled":
        return pgettext("a scoring mark", "doubled by a variant")
    if mark == "starless":
        return pgettext("a scoring mark", "no plaza of its kind: scores 0")
    return pgettext("a scoring mark", "does not count")


def mark_html(mark: str) -> str:
    """A mark as the lists draw it (hidden from screen readers: the words say it)."""
    return f'<span class="mark {mark}" aria-hidden="true">{MARKS[mark]}</span>'


def legend_html() -> str:
    """The key to the marks: each mark and what it means."""
    items = "".join(
        f'<li class="{mark}">{mark_html(mark)}<span>{escape(mark_words(mark))}</span></li>'
        for mark in MARKS
    )
    return f'<ul class="marks-legend" aria-label="{escape(_("Scoring marks"))}">{items}</ul>'


def group_line(mark: str, count: int, reason: str, architect: bool = False) -> str:
    """One line of the explanation: how many districts, their mark in words, and why (the
    engine's reason, already in the page's language).  The Illustrious Architect's reasons
    say themselves that its districts count."""
    if architect:
        return ngettext(
            "{count} district: {reason}.", "{count} districts: {reason}.", count, reason=reason
        )
    if mark == "counts":
        return ngettext(
            "{count} district counts: {reason}.",
            "{count} districts count: {reason}.",
            count,
            reason=reason,
        )
    if mark == "doubled":
        return ngettext(
            "{count} district counts double: {reason}.",
            "{count} districts count double: {reason}.",
            count,
            reason=reason,
        )
    if mark == "starless":
        return ngettext(
            "{count} district scores nothing: {reason}.",
            "{count} districts score nothing: {reason}.",
            count,
            reason=reason,
        )
    return ngettext(
        "{count} district does not count: {reason}.",
        "{count} districts do not count: {reason}.",
        count,
        reason=reason,
    )


def groups(verdicts: tuple[HexScore, ...], kind: str) -> list[tuple[str, object, list]]:
    """The verdicts of one kind (plural name) as ``(mark, reason, cells)``, in the order of
    ``MARKS``, then as the reasons first come."""
    cells: dict[tuple[str, object], list] = {}
    for verdict in verdicts:
        if PLURALS[verdict.kind] == kind:
            cells.setdefault((mark_of(verdict), verdict.reason), []).append(verdict.cell)
    order = list(MARKS)
    return [
        (mark, reason, found)
        for (mark, reason), found in sorted(cells.items(), key=lambda item: order.index(item[0][0]))
    ]


def lines(score: CityScore, kind: str, architect: bool = False, dot: bool = False) -> list[str]:
    """One kind's lines (``<li>``): its districts grouped by mark and reason, each a button
    naming its districts' cells (``data-cells``: "q,r q,r"), which a page outlines on the city
    while the line is pointed at, tapped or focused (``browser.explain_view``).  ``dot``: each
    line shows its kind's colour too (in a list of every kind)."""
    colour = f'<span class="dot {kind}" aria-hidden="true"></span>' if dot else ""
    items = []
    for mark, reason, cells in groups(score.hexes, kind):
        text = group_line(mark, len(cells), translate(reason), architect)
        where = " ".join(f"{q},{r}" for q, r in cells)
        items.append(
            f'<li class="{mark}" data-kind="{kind}"><button type="button" class="why-line" '
            f'data-cells="{where}" data-mark="{mark}">{mark_html(mark)}{colour}'
            f'<span class="text">{escape(text)}</span></button></li>'
        )
    return items


def lines_html(score: CityScore, kind: str | None = None, architect: bool = False) -> str:
    """Every kind's lines one after the other (only ``kind``'s if given), in scorepad order,
    each with its kind's colour: the list a page with its own scorepad shows (the embed)."""
    kinds = VARIANTS if kind is None else (kind,)
    items = [item for name in kinds for item in lines(score, name, architect, dot=kind is None)]
    if not items:
        return f'<li class="none">{escape(_("No districts yet."))}</li>'
    return "".join(items)


def explanation_html(score: CityScore, kind: str | None = None, architect: bool = False) -> str:
    """Why each district of a city scores or not, kind by kind (only ``kind`` if given): the
    kind's value × stars = points, then its districts' lines (``lines``); the Illustrious
    Architect Metagenes' quarries after them."""
    parts = []
    for name in VARIANTS if kind is None else (kind,):
        items = lines(score, name, architect)
        empty = f'<p class="none">{escape(none(name))}</p>'
        body = f"<ul>{''.join(items)}</ul>" if items else empty
        parts.append(section(name, kind_title(name), score.kinds[name], body))
    if score.quarries is not None and kind is None:
        quarries = score.quarries
        said = ngettext(
            "{count} visible quarry, {points} points each.",
            "{count} visible quarries, {points} points each.",
            quarries.value,
            points=quarries.stars,
        )
        title = pgettext("scorepad row", "Quarries")
        parts.append(section("quarries", title, quarries, f'<p class="none">{escape(said)}</p>'))
    return "".join(parts)


def section(name: str, title: str, line, body: str) -> str:
    """One kind's part of the explanation: its colour, name and value × stars = points (a
    ``KindScore``), then ``body`` (HTML)."""
    calc = f'<span class="calc">{line.value} × {line.stars} = <b>{line.points}</b></span>'
    return (
        f'<section class="why-kind" data-kind="{name}"><h4>'
        f'<span class="dot {name}" aria-hidden="true"></span>{escape(title)} {calc}</h4>'
        f"{body}</section>"
    )


def none(kind: str) -> str:
    """What a kind with no district in the city says."""
    if kind == "houses":
        return _("No houses.")
    if kind == "markets":
        return _("No markets.")
    if kind == "barracks":
        return _("No barracks.")
    if kind == "temples":
        return _("No temples.")
    return _("No gardens.")
