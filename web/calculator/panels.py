"""The score calculator's HTML: player tabs, tile catalogue, brush, scorepad and explanation.

Pure functions from the model to HTML strings (names escaped), tested on CPython; the page
only assigns them to ``innerHTML``.  Buttons carry ``data-*`` attributes the page listens for.
"""

from __future__ import annotations

from functools import cache

from akropolis import CityScore, Kind, Result
from akropolis.picture import svg
from akropolis.picture.markup import escape
from akropolis.sentences import N_, Sentence
from calculator.city import BRUSH_LEVELS, FILTERS, Painter
from calculator.model import MAX_PLAYERS, Calculator, variant_names
from common import embedding, explain, hand, rules_help
from common.city_words import tile_name
from common.i18n import _, join, ngettext, pgettext, translate
from common.scorepad import corner_cell, kind_title, score_rows

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
#: Each kind of the brush: its label (None: the kind's word, ``hex_word``), its button's title.
BRUSH_LABELS = {
    Kind.HOUSE: (None, N_("Paint houses")),
    Kind.MARKET: (None, N_("Paint markets")),
    Kind.BARRACKS: (None, N_("Paint barracks")),
    Kind.TEMPLE: (None, N_("Paint temples")),
    Kind.GARDEN: (None, N_("Paint gardens")),
    Kind.HOUSE_PLAZA: (N_("House plaza"), N_("Paint house plazas")),
    Kind.MARKET_PLAZA: (N_("Market plaza"), N_("Paint market plazas")),
    Kind.BARRACKS_PLAZA: (N_("Barracks plaza"), N_("Paint barracks plazas")),
    Kind.TEMPLE_PLAZA: (N_("Temple plaza"), N_("Paint temple plazas")),
    Kind.GARDEN_PLAZA: (N_("Garden plaza"), N_("Paint garden plazas")),
    Kind.QUARRY: (None, N_("Paint quarries")),
}


def hex_word(name: str) -> str:
    """One kind of hex as the catalogue's filters and the brush name it, in the singular (a
    context of its own: "Barracks" is also the kind's plural, as the scorepads name it)."""
    if name == "quarry":
        return pgettext("one kind of hex", "Quarry")
    if name == "house":
        return pgettext("one kind of hex", "House")
    if name == "market":
        return pgettext("one kind of hex", "Market")
    if name == "barracks":
        return pgettext("one kind of hex", "Barracks")
    if name == "temple":
        return pgettext("one kind of hex", "Temple")
    if name == "garden":
        return pgettext("one kind of hex", "Garden")
    return pgettext("one kind of hex", "Plaza")


def said(message: str) -> str:
    """A sentence of these tables in the page's language."""
    return translate(Sentence(message))


def scoring_rules_html() -> str:
    """The rules help's scoring and variants, for the calculator's "Scoring rules"."""
    title = f'<h2 id="rules-title">{escape(_("How cities score"))}</h2>'
    return "\n".join([title, rules_help.section("Scoring"), rules_help.section("Variants")])


def tile_picture(tile_id: int) -> str:
    """A catalogue tile's picture (drawn once per page and language)."""
    return _tile_picture(tile_id, hand.describe_tile(tile_id))


@cache
def _tile_picture(tile_id: int, _title: str) -> str:
    return hand.tile_picture(tile_id, 56)


def kind_picture(kind: Kind) -> str:
    return _kind_picture(kind, hand.hex_name(kind))


@cache
def _kind_picture(kind: Kind, title: str) -> str:
    return svg.hexes([((0, 0), kind, 1)], 30, 30, title)


# --- Players -----------------------------------------------------------------------------------


def tabs_html(calculator: Calculator, scores: list[CityScore], result: Result | None) -> str:
    """The tab list, one tab per player (name, total, a thumbnail of the city), and "Add a
    player" after it (a button, not a tab: outside the list)."""
    tabs = []
    winners = set(result.winners) if result is not None else set()
    winner, total = escape(_("Winner")), escape(pgettext("score", "Total"))
    for index, (player, score) in enumerate(zip(calculator.players, scores, strict=True)):
        selected = index == calculator.active
        crown = f' <span class="crown" title="{winner}">♛</span>' if index in winners else ""
        thumb = svg.hexes(player.visible(), 120, 84, _("{name}'s city", name=player.name))
        tabs.append(
            f'<button type="button" role="tab" class="tab" id="tab-{index}" '
            f'data-player="{index}" aria-selected="{str(selected).lower()}" '
            f'tabindex="{0 if selected else -1}" '
            f'aria-controls="board">'
            f'<span class="tab-name">{escape(player.name)}{crown}</span>'
            f'<span class="tab-total" title="{total}">{score.total}</span>'
            f'<span class="tab-city" aria-hidden="true">{thumb}</span></button>'
        )
    players = escape(_("Players"))
    html = f'<div class="tab-list" role="tablist" aria-label="{players}">{"".join(tabs)}</div>'
    if len(calculator.players) < MAX_PLAYERS:
        html += (
            '<button type="button" class="tab add" data-action="add-player" '
            f'title="{escape(_("Add a player (up to 4)"))}" '
            f'aria-label="{escape(_("Add a player"))}">'
            '<span aria-hidden="true">+</span>'
            f'<span class="add-label"> {escape(pgettext("a button adding one", "Player"))}</span>'
            "</button>"
        )
    return html


# --- Tiles -------------------------------------------------------------------------------------


def filters_html(wanted: frozenset[str], shown: int) -> str:
    """The catalogue's kind filters (a tile must show every chosen kind) and the count."""
    chips = [
        f'<button type="button" class="chip" data-filter="{name}" '
        f'aria-pressed="{str(name in wanted).lower()}">{escape(hex_word(name))}</button>'
        for name in FILTERS
    ]
    if wanted:
        every = escape(pgettext("a filter", "All tiles"))
        chips.append(f'<button type="button" class="chip clear" data-filter="">{every}</button>')
    count = _("{shown} of 61 tiles", shown=shown) if wanted else _("61 tiles")
    return f'{"".join(chips)}<span class="count" aria-live="polite">{escape(count)}</span>'


def tiles_html(
    tiles: list[int], used: frozenset[int], elsewhere: dict[int, str], held: int | None
) -> str:
    """The catalogue: each tile's picture and number; tiles in this city are marked used,
    tiles in another city name it (a tile is in the box once)."""
    if not tiles:
        return f'<p class="site-note">{escape(_("No tile shows all of these kinds."))}</p>'
    items = []
    stop = held if held in tiles else tiles[0]  # one Tab stop: the arrows move along
    for tile in tiles:
        classes = ["cat-tile"]
        note = ""
        title = tile_name(tile)  # "Tile 33: house plaza and 2 quarries"
        if tile in used:
            classes.append("used")
            note = f'<span class="note">{escape(pgettext("a tile", "used"))}</span>'
            title = _("{tile} (in this city)", tile=title)
        elif tile in elsewhere:
            classes.append("elsewhere")
            note = f'<span class="note">{escape(elsewhere[tile])}</span>'
            title = _("{tile} (in {name}'s city)", tile=title, name=elsewhere[tile])
        if tile == held:
            classes.append("held")
        items.append(
            f'<button type="button" class="{" ".join(classes)}" data-tile="{tile}" '
            f'aria-pressed="{str(tile == held).lower()}" '
            f'aria-disabled="{str(tile in used).lower()}" title="{escape(title)}" '
            f'aria-label="{escape(title)}" '
            f'tabindex="{0 if tile == stop else -1}">'
            f'{tile_picture(tile)}<span class="num">{tile}</span>{note}</button>'
        )
    return "".join(items)


# --- Hexes -------------------------------------------------------------------------------------


def palette_html(painter: Painter) -> str:
    """The brush: eleven kinds, the eraser and the level."""
    swatches = []
    for kind in BRUSH_KINDS:
        pressed = not painter.erasing and painter.kind == kind
        label, title = BRUSH_LABELS[kind]
        word = said(label) if label is not None else hex_word(kind.label)
        swatches.append(
            f'<button type="button" class="swatch" data-kind="{int(kind)}" '
            f'aria-pressed="{str(pressed).lower()}" title="{escape(said(title))}" '
            f'tabindex="{0 if pressed else -1}">'
            f"{kind_picture(kind)}<span>{escape(word)}</span></button>"
        )
    swatches.append(
        f'<button type="button" class="swatch eraser" data-kind="erase" '
        f'aria-pressed="{str(painter.erasing).lower()}" title="{escape(_("Erase hexes"))}" '
        f'tabindex="{0 if painter.erasing else -1}">'
        f'<span class="eraser-mark" aria-hidden="true">⌫</span>'
        f"<span>{escape(pgettext('a brush', 'Erase'))}</span></button>"
    )
    level = painter.level
    named = escape(pgettext("of a hex", "Level"))
    stepper = (
        f'<div class="stepper level" role="group" aria-label="{named}">'
        f'<span class="stepper-label">{named}</span>'
        f'<button type="button" data-level="{level - 1}" aria-label="{escape(_("Lower level"))}"'
        f"{' disabled' if level <= 1 else ''}>−</button>"
        f'<output id="brush-level">{level}</output>'
        f'<button type="button" data-level="{level + 1}" aria-label="{escape(_("Higher level"))}"'
        f"{' disabled' if level >= BRUSH_LEVELS else ''}>+</button></div>"
    )
    return f'<div class="swatches">{"".join(swatches)}</div>{stepper}'


# --- Scores ------------------------------------------------------------------------------------


def scorepad_html(calculator: Calculator, scores: list[CityScore], result: Result | None) -> str:
    """Every player's breakdown side by side (value × stars = points, stones, total) and the
    winner with the tie-break, in the engine's words (``result`` None: fewer than two cities
    built, and no winner: the one built says its total)."""
    players = calculator.players
    winners = set() if result is None else set(result.winners)
    head = "".join(
        f'<th scope="col" class="{"winner" if i in winners else ""}">'
        f'<button type="button" class="link" data-player="{i}">{escape(p.name)}</button></th>'
        for i, p in enumerate(players)
    )

    doubled = escape(_("Variant on: doubled where its condition holds"))

    def kind_head(kind: str) -> str:
        variant = (
            f' <span class="variant" title="{doubled}">×2</span>'
            if kind in calculator.variants
            else ""
        )
        return f'<span class="dot {kind}"></span>{escape(kind_title(kind))}{variant}'

    stones_head = escape(pgettext("a player's stones", "Stones"))
    stones = f'<span class="dot stones"></span>{stones_head}'
    rows = score_rows(scores, winners, kind_head, stones)
    table = (
        f'<table class="scorepad"><thead><tr>{corner_cell()}{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    built = calculator.taking_part()
    if result is None and len(built) == 1:
        alone = total_alone(players[built[0]].name, scores[built[0]].total, len(players))
        verdict = f"<b>{escape(alone)}</b>"
    elif result is None:
        verdict = escape(_("Rebuild the cities to see who wins."))
    else:
        names = [players[p].name for p in result.winners]
        if len(names) == 1:
            cheer = _("{name} wins!", name=names[0])
        else:
            cheer = _("{names} win!", names=join(names))
        why = _("{explanation}.", explanation=translate(result.explanation))
        verdict = f"<b>{escape(cheer)}</b> {escape(why)}"
    return f'{table}<p class="verdict" id="verdict">{verdict}</p>'


def total_alone(name: str, total: int, players: int) -> str:
    """The total of the one city built, which wins nothing: alone at the table, or before a
    second city is rebuilt."""
    if players == 1:
        return ngettext("{name}: {count} point.", "{name}: {count} points.", total, name=name)
    return ngettext(
        "{name}: {count} point. No winner until a second city is rebuilt.",
        "{name}: {count} points. No winner until a second city is rebuilt.",
        total,
        name=name,
    )


def explanation_html(name: str, score: CityScore) -> str:
    """Why each district of a city scores or not, kind by kind, in the marks and words every
    page shares (``common.explain``), under the city's name."""
    title = _("Why: {name}’s city", name=name)
    return f"<h3>{escape(title)}</h3>{explain.explanation_html(score)}"


# --- Sharing -----------------------------------------------------------------------------------


def page_link(page_url: str, text: str) -> str:
    """The calculator's address with a city in its fragment."""
    return f"{page_url.split('#', 1)[0]}#{text}"


def embed_snippet(page_url: str, text: str, name: str) -> str:
    """The HTML that embeds a city (``embed.html`` next to this page) in another site: the
    snippet the game's Share dialog and docs/embedding.md give too (``common.embedding``)."""
    title = _("{name}’s Akropolis city", name=name)
    return embedding.embed_snippet(page_url, text, title)


def share_note(name: str, painted: bool, stones: int, variants: frozenset[str], total: int) -> str:
    """What the Share dialog shares: whose city, how it was rebuilt, its stones, the variants
    and its total."""
    left = ngettext("{count} stone left", "{count} stones left", stones)
    if painted and variants:
        return ngettext(
            "{name}’s city (painted hex by hex), {stones}, {variants}: {count} point.",
            "{name}’s city (painted hex by hex), {stones}, {variants}: {count} points.",
            total,
            name=name,
            stones=left,
            variants=variant_names(variants),
        )
    if painted:
        return ngettext(
            "{name}’s city (painted hex by hex), {stones}, no variants: {count} point.",
            "{name}’s city (painted hex by hex), {stones}, no variants: {count} points.",
            total,
            name=name,
            stones=left,
        )
    if variants:
        return ngettext(
            "{name}’s city (tile by tile), {stones}, {variants}: {count} point.",
            "{name}’s city (tile by tile), {stones}, {variants}: {count} points.",
            total,
            name=name,
            stones=left,
            variants=variant_names(variants),
        )
    return ngettext(
        "{name}’s city (tile by tile), {stones}, no variants: {count} point.",
        "{name}’s city (tile by tile), {stones}, no variants: {count} points.",
        total,
        name=name,
        stones=left,
    )
