"""A scorepad's rows: the table both the game's final scores and the score calculator show, and
the words every page uses for a district kind and a district's verdict.

Pure functions of the engine's scores to HTML strings, tested on CPython.
"""

from __future__ import annotations

from collections.abc import Callable

from akropolis.checks import VARIANTS
from akropolis.picture.markup import escape
from common.i18n import _, ngettext, pgettext, translate


def kind_title(kind: str) -> str:
    """A district kind's name (``houses``, ``markets``…) as a scorepad's row head, in the
    page's language."""
    titles = {
        "houses": pgettext("district kind", "Houses"),
        "markets": pgettext("district kind", "Markets"),
        "barracks": pgettext("district kind", "Barracks"),
        "temples": pgettext("district kind", "Temples"),
        "gardens": pgettext("district kind", "Gardens"),
    }
    return titles[kind]


def verdict_line(verdict) -> str:
    """A district's verdict (a ``HexScore``) in the page's language: the words of the SVG's
    tooltip (``scene.verdict_title``), as a sentence of its own (``House at 0,1, level 1: …``)."""
    q, r = verdict.cell
    values = {"cell": f"{q},{r}", "level": verdict.level, "reason": translate(verdict.reason)}
    count = verdict.points
    if verdict.kind == "house":
        return ngettext(
            "House at {cell}, level {level}: {reason} ({count} point)",
            "House at {cell}, level {level}: {reason} ({count} points)",
            count,
            **values,
        )
    if verdict.kind == "market":
        return ngettext(
            "Market at {cell}, level {level}: {reason} ({count} point)",
            "Market at {cell}, level {level}: {reason} ({count} points)",
            count,
            **values,
        )
    if verdict.kind == "barracks":
        return ngettext(
            "Barracks at {cell}, level {level}: {reason} ({count} point)",
            "Barracks at {cell}, level {level}: {reason} ({count} points)",
            count,
            **values,
        )
    if verdict.kind == "temple":
        return ngettext(
            "Temple at {cell}, level {level}: {reason} ({count} point)",
            "Temple at {cell}, level {level}: {reason} ({count} points)",
            count,
            **values,
        )
    return ngettext(
        "Garden at {cell}, level {level}: {reason} ({count} point)",
        "Garden at {cell}, level {level}: {reason} ({count} points)",
        count,
        **values,
    )


def corner_cell() -> str:
    """The scorepad's top left cell, over the rows' names: blank to the eye, named for screen
    readers (a header cell is never empty)."""
    return f'<th><span class="visually-hidden">{escape(_("Score"))}</span></th>'


def score_rows(
    scores: list,
    winners: set[int],
    kind_head: Callable[[str], str] | None = None,
    stones_head: str | None = None,
) -> list[str]:
    """A scorepad's rows, one column per city: each kind's value × stars = points, the
    Architect Metagenes' quarries if any, stones and the total (the winners' marked).  The game's
    end screen and the score calculator both lay their scorepads out with it.  ``kind_head``
    and ``stones_head`` are HTML (default: the kind's name, "Stones")."""
    if kind_head is None:

        def kind_head(kind: str) -> str:
            return escape(kind_title(kind))

    if stones_head is None:
        stones_head = escape(pgettext("a player's stones", "Stones"))

    def calc(line) -> str:
        return (
            f'<td><span class="calc">{line.value} × {line.stars} =</span> <b>{line.points}</b></td>'
        )

    rows = [
        f'<tr><th scope="row">{kind_head(kind)}</th>'
        + "".join(calc(s.kinds[kind]) for s in scores)
        + "</tr>"
        for kind in VARIANTS
    ]
    if any(s.quarries is not None for s in scores):
        rows.append(
            f'<tr><th scope="row">{escape(pgettext("scorepad row", "Quarries"))}</th>'
            + "".join(calc(s.quarries) if s.quarries is not None else "<td>—</td>" for s in scores)
            + "</tr>"
        )
    rows.append(
        f'<tr><th scope="row">{stones_head}</th>'
        + "".join(f"<td><b>{s.stones}</b></td>" for s in scores)
        + "</tr>"
    )
    rows.append(
        f'<tr class="total"><th scope="row">{escape(pgettext("score", "Total"))}</th>'
        + "".join(
            f'<td class="{"winner" if p in winners else ""}"><b>{s.total}</b></td>'
            for p, s in enumerate(scores)
        )
        + "</tr>"
    )
    return rows
