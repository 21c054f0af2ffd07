"""The score calculator's HTML: player tabs, tile catalogue, brush, scorepad and explanation.

Pure functions from the model to HTML strings (names escaped), tested on CPython; the page
only assigns them to ``innerHTML``.  Buttons carry ``data-*`` attributes the page listens for.
"""

from __future__ import annotations

from functools import cache

from akropolis import CityScore, Kind, Result
from akropolis.checks import VARIANTS
from akropolis.picture import scene, svg
from akropolis.picture.markup import escape
from calculator.city import BRUSH_LEVELS, FILTERS, Painter, describe_tile
from calculator.model import MAX_PLAYERS, Calculator
from common import rules_help
from common.scorepad import KIND_TITLES, score_rows

#: Catalogue filter labels.
FILTER_TITLES = {
    "quarry": "Quarry",
    "house": "House",
    "market": "Market",
    "barracks": "Barracks",
    "temple": "Temple",
    "garden": "Garden",
    "plaza": "Plaza",
}
#: The brush's kinds, in the order a scorepad reads: districts, their plazas, then quarries.
BRUSH_KINDS: tuple[Kind, ...] = (
    Kind.HOUSE,
    Kind.MARKET,
    Kind.BARRACKS,
    Kind.TEMPLE,
    Kind.GARDEN,
    Kind.HOUSE_PLAZA,
    Kind.MARKET_PLAZA,
    Kind.BARRACKS_PLAZA,
    Kind.TEMPLE_PLAZA,
    Kind.GARDEN_PLAZA,
    Kind.QUARRY,
)


#: The rules help's scoring and variants, for the calculator's "Scoring rules".
SCORING_RULES_HTML = "\n".join(
    ["<h2>How cities score</h2>", rules_help.section("Scoring"), rules_help.section("Variants")]
)
_DISTRICTS = {plural: kind for kind, plural in scene.KIND_PLURALS.items()}


@cache
def tile_picture(tile_id: int) -> str:
    """A catalogue tile's picture (drawn once per page)."""
    return svg.tile(tile_id, 56)


@cache
def kind_picture(kind: Kind) -> str:
    return svg.hexes([((0, 0), kind, 1)], 30, 30, kind.label.replace("-", " "))


def kind_name(kind: Kind) -> str:
    """``market plaza``, ``quarry``…"""
    return kind.label.replace("-", " ")


# --- Players -----------------------------------------------------------------------------------


def tabs_html(calculator: Calculator, scores: list[CityScore], result: Result | None) -> str:
    """One tab per player (name, total, a thumbnail of the city), and "Add a player"."""
    tabs = []
    winners = set(result.winners) if result is not None else set()
    for index, (player, score) in enumerate(zip(calculator.players, scores, strict=True)):
        selected = index == calculator.active
        crown = ' <span class="crown" title="Winner">♛</span>' if index in winners else ""
        thumb = svg.hexes(player.visible(), 120, 84, f"{player.name}'s city")
        tabs.append(
            f'<button type="button" role="tab" class="tab" id="tab-{index}" '
            f'data-player="{index}" aria-selected="{str(selected).lower()}" '
            f'aria-controls="board">'
            f'<span class="tab-name">{escape(player.name)}{crown}</span>'
            f'<span class="tab-total" title="Total">{score.total}</span>'
            f'<span class="tab-city" aria-hidden="true">{thumb}</span></button>'
        )
    if len(calculator.players) < MAX_PLAYERS:
        tabs.append(
            '<button type="button" class="tab add" data-action="add-player" '
            'title="Add a player (up to 4)" aria-label="Add a player">'
            '<span aria-hidden="true">+</span>'
            '<span class="add-label"> Player</span></button>'
        )
    return "".join(tabs)


# --- Tiles -------------------------------------------------------------------------------------


def filters_html(wanted: frozenset[str], shown: int) -> str:
    """The catalogue's kind filters (a tile must show every chosen kind) and the count."""
    chips = [
        f'<button type="button" class="chip" data-filter="{name}" '
        f'aria-pressed="{str(name in wanted).lower()}">{FILTER_TITLES[name]}</button>'
        for name in FILTERS
    ]
    if wanted:
        chips.append('<button type="button" class="chip clear" data-filter="">All tiles</button>')
    count = f"{shown} of 61 tiles" if wanted else "61 tiles"
    return f'{"".join(chips)}<span class="count" aria-live="polite">{count}</span>'


def tiles_html(
    tiles: list[int], used: frozenset[int], elsewhere: dict[int, str], held: int | None
) -> str:
    """The catalogue: each tile's picture and number; tiles in this city are marked used,
    tiles in another city name it (a tile is in the box once)."""
    if not tiles:
        return '<p class="site-note">No tile shows all of these kinds.</p>'
    items = []
    for tile in tiles:
        classes = ["cat-tile"]
        note = ""
        title = describe_tile(tile)
        if tile in used:
            classes.append("used")
            note = '<span class="note">used</span>'
            title += " (in this city)"
        elif tile in elsewhere:
            classes.append("elsewhere")
            note = f'<span class="note">{escape(elsewhere[tile])}</span>'
            title += f" (in {elsewhere[tile]}'s city)"
        if tile == held:
            classes.append("held")
        items.append(
            f'<button type="button" class="{" ".join(classes)}" data-tile="{tile}" '
            f'aria-pressed="{str(tile == held).lower()}" '
            f'aria-disabled="{str(tile in used).lower()}" title="{escape(title)}">'
            f'{tile_picture(tile)}<span class="num">{tile}</span>{note}</button>'
        )
    return "".join(items)


# --- Hexes -------------------------------------------------------------------------------------


def palette_html(painter: Painter) -> str:
    """The brush: eleven kinds, the eraser and the level."""
    swatches = []
    for kind in BRUSH_KINDS:
        pressed = not painter.erasing and painter.kind == kind
        swatches.append(
            f'<button type="button" class="swatch" data-kind="{int(kind)}" '
            f'aria-pressed="{str(pressed).lower()}" title="Paint {kind_name(kind)}s">'
            f"{kind_picture(kind)}<span>{kind_name(kind).capitalize()}</span></button>"
        )
    swatches.append(
        f'<button type="button" class="swatch eraser" data-kind="erase" '
        f'aria-pressed="{str(painter.erasing).lower()}" title="Erase hexes">'
        f'<span class="eraser-mark" aria-hidden="true">⌫</span><span>Erase</span></button>'
    )
    level = painter.level
    stepper = (
        '<div class="stepper level" role="group" aria-label="Level">'
        '<span class="stepper-label">Level</span>'
        f'<button type="button" data-level="{level - 1}" aria-label="Lower level"'
        f"{' disabled' if level <= 1 else ''}>−</button>"
        f'<output id="brush-level">{level}</output>'
        f'<button type="button" data-level="{level + 1}" aria-label="Higher level"'
        f"{' disabled' if level >= BRUSH_LEVELS else ''}>+</button></div>"
    )
    return f'<div class="swatches">{"".join(swatches)}</div>{stepper}'


# --- Scores ------------------------------------------------------------------------------------


def scorepad_html(calculator: Calculator, scores: list[CityScore], result: Result | None) -> str:
    """Every player's breakdown side by side (value × stars = points, stones, total) and the
    winner with the tie-break, in the engine's words (``result`` None: nothing built yet)."""
    players = calculator.players
    solo = len(players) == 1
    winners = set() if solo or result is None else set(result.winners)
    head = "".join(
        f'<th scope="col" class="{"winner" if i in winners else ""}">'
        f'<button type="button" class="link" data-player="{i}">{escape(p.name)}</button></th>'
        for i, p in enumerate(players)
    )

    def kind_head(kind: str) -> str:
        variant = (
            ' <span class="variant" title="Variant on: doubled where its condition holds">×2</span>'
            if kind in calculator.variants
            else ""
        )
        return f'<span class="dot {kind}"></span>{KIND_TITLES[kind]}{variant}'

    stones = '<span class="dot stones"></span>Stones'
    rows = score_rows(scores, winners, kind_head, stones)
    table = (
        f'<table class="scorepad"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    if result is None:
        verdict = "Rebuild the cities to see who wins."
    elif solo:
        total = scores[0].total
        verdict = f"<b>{escape(players[0].name)}: {total} point{'s' if total != 1 else ''}.</b>"
    else:
        names = " and ".join(escape(players[p].name) for p in result.winners)
        verb = "win" if len(result.winners) > 1 else "wins"
        verdict = f"<b>{names} {verb}!</b> {escape(result.explanation)}."
    return f'{table}<p class="verdict" id="verdict">{verdict}</p>'


def explanation_html(name: str, score: CityScore) -> str:
    """Why each district of a city scores or not, kind by kind: the badges' reasons as a list
    (the same words as the tooltips of the SVG, from ``scene.verdict_title``)."""
    by_kind: dict[str, list] = {kind: [] for kind in VARIANTS}
    for verdict in score.hexes:
        plural = scene.KIND_PLURALS[Kind.from_label(verdict.kind)]
        by_kind[plural].append(verdict)
    parts = [f"<h3>Why: {escape(name)}’s city</h3>"]
    for kind in VARIANTS:
        line = score.kinds[kind]
        verdicts = sorted(by_kind[kind], key=lambda v: (not v.counts, v.cell))
        summary = f'<span class="calc">{line.value} × {line.stars} = <b>{line.points}</b></span>'
        items = []
        for verdict in verdicts:
            mark, cls = ("×2", "doubled") if verdict.doubled else ("✓", "counts")
            if not verdict.counts:
                mark, cls = "✗", "misses"
            items.append(
                f'<li class="{cls}" data-cell="{verdict.cell[0]},{verdict.cell[1]}">'
                f'<span class="mark" aria-hidden="true">{mark}</span>'
                f"{escape(scene.verdict_title(verdict))}</li>"
            )
        body = f"<ul>{''.join(items)}</ul>" if items else f'<p class="none">No {kind}.</p>'
        stars = ""
        if items and not line.stars:
            plaza = _DISTRICTS[kind].label
            stars = f'<p class="none">No {plaza} plaza: these districts score nothing.</p>'

        parts.append(
            f'<section class="why-kind"><h4><span class="dot {kind}"></span>'
            f"{KIND_TITLES[kind]} {summary}</h4>{body}{stars}</section>"
        )
    return "".join(parts)


# --- Sharing -----------------------------------------------------------------------------------


def page_link(page_url: str, text: str) -> str:
    """The calculator's address with a city in its fragment."""
    return f"{page_url.split('#', 1)[0]}#{text}"


def embed_snippet(page_url: str, text: str, name: str) -> str:
    """The HTML that embeds a city (``embed.html`` next to this page) in another site."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    folder = base[: base.rfind("/") + 1]
    return (
        f'<iframe src="{escape(folder)}embed.html#{escape(text)}" '
        f'title="{escape(name)}’s Akropolis city" width="480" height="600" loading="lazy" '
        'style="border:0;max-width:100%"></iframe>'
    )
