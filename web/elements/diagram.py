"""One ``<akropolis-city>`` or ``<akropolis-game>`` element of a page, as Python sees it.

The element sends its notation and its options (the embed's, as a query: ``?kind=markets``);
``Diagram`` reads them exactly as the embed reads its link (``common.embed_options``: the same
allow-lists, the same refusals), keeps the position (a replay step, the player shown, a tile
tried) and describes what the element shows as plain data (``view``): the SVG of the city,
what each district's outline is on it, the scorepad and the explanation as HTML built from
escaped text, the city in words, the replay's step, the tile's spots.  The element draws that
and sends back what the reader does.  Pure Python, tested on CPython.
"""

from __future__ import annotations

from typing import Any

from akropolis import City, Game, score_city
from akropolis.diagrams import page_link
from akropolis.hexes import unpack
from akropolis.picture import palette, scene, svg
from akropolis.picture.geometry import corners, fit, hex_to_world
from akropolis.scoring import CityScore
from common import embed_words, explain, replay_panels
from common.city_words import city_table_html
from common.embed_options import EmbedOptions, read_link, viewed_player
from common.hand import tile_picture
from common.i18n import _, ngettext, translate
from common.replay import Replay
from common.scorepad import verdict_line
from common.tryit import TryIt

#: The picture's width in SVG units; the element scales it to its own width.
WIDTH = 480
#: Its height, as a share of the width, for the city's shape (kept between these).
LOWEST, HIGHEST = 0.5, 1.0
THEMES = {"light": svg.PAPER, "dark": "#23201b"}


class Diagram:
    """A city or a game, as one element shows it."""

    def __init__(self, query: str, text: str, game: bool, site: str = "") -> None:
        link = read_link(query, "#" + text)  # LinkError: the element's error card
        self.options: EmbedOptions = link.options
        subject = link.subject
        if game and not isinstance(subject, Game):
            raise ValueError(_("An akropolis-game element shows a game (A1;…), not a city."))
        self.subject = subject
        self.site = site
        self.replay = Replay(subject) if isinstance(subject, Game) else None
        self.drawn: City | None = None if self.replay else subject.build()
        self.viewed = viewed_player(self.replay.game, self.options) if self.replay else 0
        self.tryit: TryIt | None = None
        self.reset_tryit()

    # --- What is shown -----------------------------------------------------------------------

    def city(self) -> City:
        if self.tryit is not None:
            return self.tryit.city
        return self.replay.game.cities[self.viewed] if self.replay else self.drawn

    def scored_as(self) -> tuple[frozenset[str], int]:
        if self.replay:
            return self.replay.game.variants, self.replay.game.stones[self.viewed]
        return self.subject.variants, self.subject.stones

    def score(self) -> CityScore:
        if self.tryit is not None:
            return self.tryit.score()
        if self.replay:
            return self.replay.game.score(self.viewed)
        return score_city(self.city(), *self.scored_as())

    def reset_tryit(self) -> None:
        self.tryit = None
        if self.options.tile is not None:
            self.tryit = TryIt(self.city(), *self.scored_as(), self.options.tile)

    # --- What the reader does ----------------------------------------------------------------

    def act(self, action: str, value: Any) -> str:
        """Do what the element asks; the sentence to say, if any (a refusal says why)."""
        if action == "seek" and self.replay:
            self.replay.seek(int(value))
            self.reset_tryit()
        elif action == "player" and self.replay:
            self.viewed = min(max(int(value), 0), self.replay.game.players - 1)
            self.reset_tryit()
        elif action == "rotate" and self.tryit and self.tryit.holding:
            self.tryit.rotate(1 if int(value) >= 0 else -1)
        elif action == "place" and self.tryit:
            q, r = (int(part) for part in str(value).split(","))
            return self.tryit.place((q, r))[1]
        elif action == "undo" and self.tryit:
            return self.tryit.undo()
        return ""

    # --- What the element draws --------------------------------------------------------------

    def view(self, gesture: str = "click") -> dict[str, Any]:
        """Everything the element shows now, as JSON-ready data."""
        city, score = self.city(), self.score()
        game = self.replay.game if self.replay else None
        options = self.options
        hexes = list(city.hexes())
        trying = self.tryit is not None and self.tryit.holding
        cells = [h for h, _, _ in hexes] + ([unpack(c) for c in city.frontier] if trying else [])
        height = self.height(cells)
        port = fit(cells, WIDTH, height, margin=1.3, min_scale=2.0)
        tiles = {"pieces": city.pieces(), "last": city.last_cells()}
        if options.breakdown or options.kind is not None:
            drawing = scene.explained_city(
                hexes, score.hexes, port, highlight=options.kind, say=translate, **tiles
            )
        else:
            drawing = scene.city_layer(hexes, port, **tiles)
        name = _("{name}'s city", name=game.names[self.viewed]) if game else _("City")
        total = ngettext("{count} point", "{count} points", score.total)
        paper = ["poly", [0, 0, WIDTH, 0, WIDTH, height, 0, height], THEMES[options.theme]]
        picture = svg.render([[*paper, None, 0, 1], *drawing], WIDTH, height, f"{name}: {total}")
        architect = bool(game and game.is_architect(self.viewed))
        before = self.tryit.before if self.tryit and not self.tryit.holding else None
        variants, _stones = self.scored_as()
        lines = explain.lines_html(score, options.kind, architect) if options.breakdown else ""
        return {
            "title": name,
            "total": total,
            "svg": picture,
            "outlines": {f"{q},{r}": _outline(port, (q, r), level) for (q, r), _, level in hexes},
            "scorepad": replay_panels.breakdown_html(
                score, variants, before=before, kind=options.kind
            )
            if options.breakdown
            else "",
            "lines": lines,
            "why": {
                f"{verdict.cell[0]},{verdict.cell[1]}": _(
                    "{verdict}.", verdict=verdict_line(verdict)
                )
                for verdict in score.hexes
            },
            "words": city_table_html(
                city, score, _("{name}, hex by hex, top row first.", name=name)
            ),
            "open": page_link(self.subject, self.site),
            "first": embed_words.first_words(
                gesture, self.tryit is not None, options.breakdown or options.kind is not None
            )
            or "",
            "replay": self.replay_view(),
            "tryit": self.tryit_view(port, gesture),
            "theme": options.theme,
            "labels": labels(),
        }

    def height(self, cells: list) -> int:
        points = [hex_to_world(cell) for cell in cells] or [(0.0, 0.0)]
        wide = max(x for x, _ in points) - min(x for x, _ in points) + 2.6
        tall = max(y for _, y in points) - min(y for _, y in points) + 2.6
        return round(WIDTH * min(max(tall / wide, LOWEST), HIGHEST))

    def replay_view(self) -> dict[str, Any] | None:
        replay = self.replay
        if replay is None:
            return None
        totals = replay.history[replay.ply]
        return {
            "ply": replay.ply,
            "last": replay.last,
            "caption": replay.caption(),
            "players": [
                {"name": name, "total": totals[seat], "viewed": seat == self.viewed}
                for seat, name in enumerate(replay.names)
            ],
        }

    def tryit_view(self, port, gesture: str) -> dict[str, Any] | None:
        tryit = self.tryit
        if tryit is None:
            return None
        spots: list[dict[str, Any]] = []  # where the tile may go: its dot, ghost and words
        if tryit.holding:
            for anchor in tryit.legal_anchors():
                ghost = tryit.ghost(anchor)
                x, y = port.to_screen(*hex_to_world(anchor))
                outline = [
                    {"points": _outline(port, h, level), "fill": palette.fill(kind)}
                    for h, kind, level in tryit.ghost_hexes(ghost)
                ]
                spots.append(
                    {
                        "anchor": f"{anchor[0]},{anchor[1]}",
                        "x": round(x, 1),
                        "y": round(y, 1),
                        "ghost": outline,
                        "words": ghost.describe(gesture),
                    }
                )
            label = _("Try tile {tile}: where would you place it?", tile=tryit.tile.id)
        else:
            label = _(
                "Tile {tile} placed: {before} → {after}",
                tile=tryit.tile.id,
                before=tryit.before.total,
                after=tryit.score().total,
            )
        return {
            "tile": tryit.tile.id,
            "holding": tryit.holding,
            "label": label,
            "picture": tile_picture(tryit.tile.id, 44, tryit.rotation),
            "radius": round(port.scale * 0.3, 1),
            "spots": spots,
        }


def labels() -> dict[str, str]:
    """The names of the element's controls, in the reader's language (the embed's words)."""
    return {
        "open": _("Open in Akropolis"),
        "lines": _("Why districts count or not"),
        "whose": _("Whose city"),
        "first": _("Start of the game"),
        "previous": _("Previous move"),
        "next": _("Next move"),
        "last": _("Last move"),
        "move": _("Move"),
        "try-1": _("Rotate anticlockwise"),
        "try1": _("Rotate clockwise"),
        "tryplace": _("Place here"),
        "tryundo": _("Undo"),
    }


def _outline(port, cell: tuple[int, int], level: int) -> str:
    """A hex's outline on the picture, as SVG points (lifted to its level)."""
    ring = corners(port.hex_center(cell, level), port.scale * 0.95)
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in ring)
