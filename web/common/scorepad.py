"""A scorepad's rows: the table both the game's final scores and the score calculator show.

Pure functions of the engine's scores to HTML strings, tested on CPython.
"""

from __future__ import annotations

from akropolis.checks import VARIANTS

#: The district kinds' names as a scorepad's row heads.
KIND_TITLES = {
    "houses": "Houses",
    "markets": "Markets",
    "barracks": "Barracks",
    "temples": "Temples",
    "gardens": "Gardens",
}


def score_rows(
    scores: list,
    winners: set[int],
    kind_head=lambda kind: KIND_TITLES[kind],
    stones_head: str = "Stones",
) -> list[str]:
    """A scorepad's rows, one column per city: each kind's value × stars = points, the
    Architect Metagenes' quarries if any, stones and the total (the winners' marked).  The game's
    end screen and the score calculator both lay their scorepads out with it."""

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
            '<tr><th scope="row">Quarries</th>'
            + "".join(calc(s.quarries) if s.quarries is not None else "<td>—</td>" for s in scores)
            + "</tr>"
        )
    rows.append(
        f'<tr><th scope="row">{stones_head}</th>'
        + "".join(f"<td><b>{s.stones}</b></td>" for s in scores)
        + "</tr>"
    )
    rows.append(
        '<tr class="total"><th scope="row">Total</th>'
        + "".join(
            f'<td class="{"winner" if p in winners else ""}"><b>{s.total}</b></td>'
            for p, s in enumerate(scores)
        )
        + "</tr>"
    )
    return rows
