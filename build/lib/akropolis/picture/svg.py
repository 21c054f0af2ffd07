"""Pictures of cities and tiles as SVG, pure functions of the state (like ``chess.svg``).

    from akropolis import Game
    from akropolis.picture import svg
    game = Game(2, seed=42)
    picture = svg.city(game, player=0, explain=True)   # an SVG document as text

Every picture is the same display list the page's canvas draws (``akropolis.picture.scene``),
written as SVG here, so the canvas, these files and the page's thumbnails cannot drift apart.
A picture has no script and no external reference: rules sites can host it as a plain image.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..checks import VARIANTS, check_int, excerpt, is_int
from ..city import City
from ..game import Game
from ..hexes import placement_cells
from ..scoring import CityScore, score_city
from ..sentences import N_, Plural, Sentence
from ..tiles import DISTRICTS, KIND_NAMES, TILES, Kind
from . import palette, scene
from .geometry import Viewport, fit
from .markup import escape

Hex = tuple[int, int]
#: Picture widths the command line and embeds accept.
MIN_SIZE, MAX_SIZE = 64, 4096
PAPER = "#f6f1e4"
INK = scene.EDGE_INK
MUTED = "#7a6f5e"


# --- Display list to SVG -----------------------------------------------------------------------


def _points(flat: list[float]) -> str:
    return " ".join(f"{flat[i]:g},{flat[i + 1]:g}" for i in range(0, len(flat), 2))


def _colour(value: str | None) -> tuple[str, str]:
    """An SVG colour and opacity for a display-list colour (``#rrggbbaa`` allowed)."""
    if not value:
        return "none", ""
    if len(value) == 9:
        return value[:7], f"{int(value[7:], 16) / 255:.2f}"
    return value, ""


def _write(commands: Iterable[list], out: list[str]) -> None:
    for command in commands:
        kind = command[0]
        if kind == "poly":
            _, flat, fill, stroke, width, alpha = command
            fill_colour, fill_opacity = _colour(fill)
            parts = [f'<polygon points="{_points(flat)}" fill="{fill_colour}"']
            if fill_opacity:
                parts.append(f' fill-opacity="{fill_opacity}"')
            if stroke and width:
                parts.append(f' stroke="{stroke}" stroke-width="{width:g}" stroke-linejoin="round"')
            if alpha != 1:
                parts.append(f' opacity="{alpha:g}"')
            out.append("".join(parts) + "/>")
        elif kind == "line":
            flat, stroke, width, alpha = command[1:5]
            parts = [
                f'<polyline points="{_points(flat)}" fill="none" stroke="{stroke}" '
                f'stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round"'
            ]
            if len(command) > 5 and command[5]:
                parts.append(f' stroke-dasharray="{" ".join(f"{v:g}" for v in command[5])}"')
            if alpha != 1:
                parts.append(f' opacity="{alpha:g}"')
            out.append("".join(parts) + "/>")
        elif kind == "dot":
            _, x, y, radius, fill, stroke, width = command
            fill_colour, fill_opacity = _colour(fill)
            extra = f' fill-opacity="{fill_opacity}"' if fill_opacity else ""
            if stroke and width:
                extra += f' stroke="{stroke}" stroke-width="{width:g}"'
            out.append(
                f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{fill_colour}"{extra}/>'
            )
        elif kind == "text":
            x, y, text, size, colour = command[1:6]
            align = command[6] if len(command) > 6 else "center"
            weight = command[7] if len(command) > 7 else "bold"
            anchor = {"center": "middle", "start": "start", "end": "end"}[align]
            out.append(
                f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" '
                f'text-anchor="{anchor}" dominant-baseline="central" '
                f'font-weight="{weight}">{escape(text)}</text>'
            )
        elif kind == "group":
            out.append(f"<g><title>{escape(command[1])}</title>")
            _write(command[2], out)
            out.append("</g>")
        else:
            raise ValueError(f"unknown drawing command {excerpt(kind)}")


def render(commands: Iterable[list], width: float, height: float, title: str = "") -> str:
    """A display list as a standalone SVG document of ``width`` × ``height`` pixels."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" role="img" '
        f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    _write(commands, out)
    out.append("</svg>")
    return "".join(out)


# --- Small pictures: tiles and thumbnails ------------------------------------------------------


def hexes(
    items: Iterable[tuple[Hex, Kind, int]],
    width: int,
    height: int,
    title: str = "",
    pieces: Mapping[Hex, int] | None = None,
    last: Iterable[Hex] = (),
) -> str:
    """Some hexes (a tile, a city) fitted into ``width`` × ``height``: thumbnails, tiles.
    ``pieces`` (``City.pieces()``) draws them as tiles; without it each hex is edged alone.
    ``last`` (``City.last_cells()``) marks the last tile placed, as ``scene.city_layer`` does."""
    items = list(items)
    view = fit([h for h, _, _ in items], width, height, margin=1.1, min_scale=1.0)
    layer = scene.city_layer(items, view, pieces=pieces, last=last)
    return render(layer, width, height, title)


def tile(tile_id: int, size: int = 64, rotation: int = 0) -> str:
    """A City tile, ``hex_a`` on the origin, in ``rotation`` (0 to 5)."""
    if not is_int(tile_id) or tile_id not in TILES:
        raise ValueError(f"there is no tile {excerpt(tile_id)}")
    check_int(rotation, "rotation", 0, 5)
    tile_ = TILES[tile_id]
    cells = placement_cells((0, 0), rotation)
    label = f"Tile {tile_id}: " + ", ".join(k.label for k in tile_.hexes)
    items = zip(cells, tile_.hexes, (1, 1, 1), strict=True)
    return hexes(items, size, size, label, dict.fromkeys(cells, 0))


# --- Cities ------------------------------------------------------------------------------------


def _subject(
    subject: Game | City,
    player: int | None,
    variants: Iterable[str],
    stones: int,
) -> tuple[City, frozenset[str], CityScore, str]:
    """The city to draw, its variants and score, and a name for it."""
    if isinstance(subject, Game):
        if player is None:
            player = 0 if subject.is_over else subject.turn
        if not is_int(player) or not 0 <= player < subject.players:
            raise ValueError(f"there is no player {excerpt(player)} in this game")
        name = f"{subject.names[player]}'s city"
        # Game.score: the Architect of a solo game scores by its own rules.
        return subject.cities[player], subject.variants, subject.score(player), name
    if isinstance(subject, City):
        chosen = frozenset(variants)
        return subject, chosen, score_city(subject, chosen, stones), "City"
    raise ValueError(f"a picture needs a Game or a City, not {excerpt(subject)}")


#: The legend's words: each kind's line, without and with its variant on.
_KIND_LINES = {
    "houses": (N_("Houses"), N_("Houses (variant)")),
    "markets": (N_("Markets"), N_("Markets (variant)")),
    "barracks": (N_("Barracks"), N_("Barracks (variant)")),
    "temples": (N_("Temples"), N_("Temples (variant)")),
    "gardens": (N_("Gardens"), N_("Gardens (variant)")),
}


def _legend(
    score: CityScore,
    variants: frozenset[str],
    x: float,
    y: float,
    size: float,
    say: Callable[[object], str] = str,
) -> list:
    """The scorepad beside the picture: value × stars = points per kind, stones, total, key."""
    line = size * 1.5
    out: list = []
    colours = {KIND_NAMES[k]: palette.fill(k) for k in DISTRICTS}
    for index, (name, kind_score) in enumerate(score.kinds.items()):
        row = y + index * line
        out.append(["dot", x + size * 0.5, row, size * 0.45, colours[name], INK, 1])
        out.append(
            [
                "text",
                x + size * 1.3,
                row,
                say(Sentence(_KIND_LINES[name][name in variants])),
                size,
                INK,
                "start",
                "normal",
            ]
        )
        out.append(
            [
                "text",
                x + size * 22,
                row,
                f"{kind_score.value} × {kind_score.stars} = {kind_score.points}",
                size,
                INK,
                "end",
                "bold",
            ]
        )
    row = y + len(score.kinds) * line
    if score.quarries is not None:  # the Architect Metagenes: points per visible quarry
        quarries = score.quarries
        out.append(["dot", x + size * 0.5, row, size * 0.45, palette.fill(Kind.QUARRY), INK, 1])
        out.append(
            ["text", x + size * 1.3, row, say(Sentence("Quarries")), size, INK, "start", "normal"]
        )
        out.append(
            [
                "text",
                x + size * 22,
                row,
                f"{quarries.value} × {quarries.stars} = {quarries.points}",
                size,
                INK,
                "end",
                "bold",
            ]
        )
        row += line
    stones = say(Sentence("Stones"))
    out.append(["text", x + size * 1.3, row, stones, size, INK, "start", "normal"])
    out.append(["text", x + size * 22, row, str(score.stones), size, INK, "end", "bold"])
    row += line
    total = say(Sentence("Total"))
    out.append(["text", x + size * 1.3, row, total, size * 1.1, INK, "start", "bold"])
    out.append(["text", x + size * 22, row, str(score.total), size * 1.1, INK, "end", "bold"])
    row += line * 1.3
    view = Viewport(size * 2.2, 0, 0)
    for start, down, counts, doubled, starless, label in (
        (0, 0, True, False, False, say(Sentence("counts"))),
        (6, 0, False, False, False, say(Sentence("does not count"))),
        (15, 0, True, True, False, say(Sentence("doubled by a variant"))),
        (0, 1, True, False, True, say(Sentence("no plaza of its kind: scores 0"))),
    ):
        bx, by = x + size * (0.5 + start), row + down * line
        badge = scene.verdict_badge(view, (0, 0), 1, counts, doubled, starless)
        out.extend(_moved(badge, bx + 0.52 * view.scale, by + 0.5 * view.scale))
        out.append(["text", bx + size * 0.8, by, label, size * 0.85, MUTED, "start", "normal"])
    return out


def _moved(commands: list, dx: float, dy: float) -> list:
    """Display-list commands shifted by ``(dx, dy)`` (for badges drawn in the legend)."""
    out = []
    for command in commands:
        if command[0] == "poly":
            flat = [round(v + (dx if i % 2 == 0 else dy), 1) for i, v in enumerate(command[1])]
            out.append(["poly", flat, *command[2:]])
        elif command[0] in ("dot", "text"):
            out.append(
                [command[0], round(command[1] + dx, 1), round(command[2] + dy, 1), *command[3:]]
            )
    return out


def city(
    subject: Game | City,
    *,
    player: int | None = None,
    size: int = 480,
    explain: bool = False,
    kind: str | None = None,
    legend: bool | None = None,
    coordinates: bool = False,
    variants: Iterable[str] = (),
    stones: int = 0,
    say: Callable[[object], str] = str,
    last: bool | Iterable[Hex] = False,
) -> str:
    """An SVG picture of a city, drawn as its tiles.

    ``subject`` is a game (the city of ``player``; by default the player to move, or the first
    when the game is over) or a ``City`` (scored with ``variants`` and
    ``stones``).  ``size`` is the picture's width in pixels.  ``explain`` marks every district:
    ✓ counts, ✗ does not (faded), ×2 doubled by a variant, ☆ meets its condition but scores 0
    (no plaza of its kind) — each with its reason as a tooltip.
    ``kind`` ("houses", "markets", …) highlights one kind.  ``legend`` (on with ``explain`` unless
    set) adds the scorepad: each kind's value × stars, stones and total.  ``coordinates``
    writes each hex's ``q,r``.  ``say`` writes its words (English by default; a page passes
    its translation of the engine's sentences).  ``last`` marks the last tile placed (True: the
    city's own last placement; or some cells).
    """
    size = check_int(size, "size", MIN_SIZE, MAX_SIZE)
    if kind is not None and kind not in VARIANTS:
        raise ValueError(f"unknown kind {excerpt(kind)} (known: {', '.join(VARIANTS)})")
    city_, chosen, score, name = _subject(subject, player, variants, stones)
    legend = explain if legend is None else legend
    items = list(city_.hexes())
    map_height = round(size * 0.8)
    view = fit([h for h, _, _ in items], size, map_height, margin=1.3, min_scale=2.0)
    tiles = {"pieces": city_.pieces(), "last": city_.last_cells() if last is True else last or ()}
    if explain or kind is not None or coordinates:
        commands = scene.explained_city(
            items,
            score.hexes if explain or kind else (),
            view,
            highlight=kind,
            coordinates=coordinates,
            say=say,
            **tiles,
        )
    else:
        commands = scene.city_layer(items, view, **tiles)
    height = map_height
    if legend:
        text = max(11.0, size / 40)
        commands = commands + _legend(score, chosen, size * 0.06, map_height + text, text, say)
        height = round(map_height + text * (16.5 if score.quarries is None else 18))
    title = say(Plural("{name}: {count} point", "{name}: {count} points", score.total, name=name))
    background = ["poly", [0, 0, size, 0, size, height, 0, height], PAPER, None, 0, 1]
    return render([background, *commands], size, height, title)
