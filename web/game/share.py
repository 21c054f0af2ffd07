"""Sharing a game: links to a position, play by link, the embed snippet and the last move.

Pure functions, tested on CPython; the page's ``game.browser.share`` (the Share dialog),
``link_opening`` and ``link_session`` put them on the page, and ``link_games`` keeps games played
by link on the device.  A link carries the whole game in its fragment (never sent to any server):

- a position, ``index.html#A1;c=…;…``: the checked notation of the game so far; the page
  offers to continue from it as a new game;
- a game played by link, ``index.html#play/A1;c=…;…``: the same text for two to four people
  far apart, each on their own device, who send the new link to the next player after a move.

The check field ``c=`` makes a mistyped or cut link fail with a clear reason instead of opening
another position.  Whatever a link holds, reading it either gives a ``Game`` or raises
``LinkError`` with one short line; it never runs, fetches or shows anything itself.

A link is trusted only as far as it goes: ``relation`` says whether it merely adds the other
seats' moves to this device's copy (``AHEAD``), or is older, parts from it, or adds a move for
this device's own seat (``YOURS``), which the page asks about; ``people_only`` refuses a play
link with a computer's or the Architect's seat, which nobody would play.
"""

from __future__ import annotations

from dataclasses import dataclass

from akropolis import Game, notation, records
from akropolis.checks import MAX_NOTATION_LENGTH, cut_message, excerpt
from akropolis.diagrams.figure import GAME_PAGE, page_link
from akropolis.game import LegalMove
from akropolis.picture.geometry import Viewport, corners
from akropolis.records import CityRecord, RecordError
from common.embedding import embed_snippet as framed_snippet
from common.embedding import site_base
from common.i18n import _, explain, ngettext, number, pgettext
from game.fair_links import joined_order, waiting_to_join
from game.opponents import is_architect, is_computer, kind_of, stones

#: The fragment of a game played by link starts with this; a position link has none.
PLAY_PREFIX = "play/"
POSITION, PLAY = "position", "play"
#: A fragment longer than this is refused before it is read (notation is at most 10,000).
MAX_LINK_LENGTH = MAX_NOTATION_LENGTH + len(PLAY_PREFIX)

#: The seat of someone who only watches a game played by link.
WATCHING = -1

#: How a link's game stands to the copy this device has of the same game.
SAME, AHEAD, BEHIND, DIVERGED, OTHER = "same", "ahead", "behind", "diverged", "other"
#: The link goes on from the copy, but with a move for this device's own seat that this device
#: never made: asked about like a link that parts from the copy, never taken silently.
YOURS = "yours"
#: The same game by link, with what was already set changed: a name, a seat's kind, an option,
#: a commitment.  Asked about, never a new game.
CHANGED = "changed"


class LinkError(ValueError):
    """A link that cannot be opened; the message is one short line saying why."""

    def __init__(self, message: str) -> None:
        super().__init__(cut_message(message))


@dataclass(frozen=True)
class Link:
    """What a link holds: a position or a game played by link."""

    kind: str
    game: Game

    @property
    def play(self) -> bool:
        return self.kind == PLAY


# --- Reading links ---------------------------------------------------------------------------


def read_link(fragment: object) -> Link | None:
    """The game in a page's fragment (``#A1;…`` or ``#play/A1;…``); None if there is none.

    Anything else is refused with ``LinkError``: too long, not a game, a city, a text that
    does not match its check, an illegal move.  A link whose characters a messenger has
    percent-encoded once more (``|`` as ``%7C``) still opens: its check says which reading is
    the one that was written.
    """
    if not isinstance(fragment, str):
        raise LinkError(_("a link is text"))
    text = fragment.removeprefix("#")
    if not text.strip():
        return None
    if len(text) > MAX_LINK_LENGTH:
        raise LinkError(
            ngettext(
                "it is too long to hold a game ({length} character; a game link has at most "
                "{limit})",
                "it is too long to hold a game ({length} characters; a game link has at most "
                "{limit})",
                len(text),
                length=number(len(text)),
                limit=number(MAX_LINK_LENGTH),
            )
        )
    kind = PLAY if text.startswith(PLAY_PREFIX) else POSITION
    body = text.removeprefix(PLAY_PREFIX).strip()
    decoded = _decoded(body)
    if not notation.looks_like_notation(body) and not notation.looks_like_notation(decoded):
        raise LinkError(_("it does not hold a game (a game link ends in #A1;… or #play/A1;…)"))
    try:
        return Link(kind, _game_of(body))
    except LinkError as first:
        if decoded == body:
            raise
        try:
            return Link(kind, _game_of(decoded))
        except LinkError:
            raise first from None


def _decoded(text: str) -> str:
    """``text`` percent-decoded once (itself if that is not UTF-8)."""
    if "%" not in text:
        return text
    try:
        return notation.percent_decode(text)
    except UnicodeError:
        return text


def _game_of(text: str) -> Game:
    if not notation.looks_like_notation(text):
        raise LinkError(_("it does not hold a game: {text}", text=excerpt(text)))
    try:
        subject = records.load(text)
    except RecordError as error:
        raise LinkError(explain(error)) from None
    except (MemoryError, RecursionError):
        raise LinkError(_("it is too large to read")) from None
    except Exception as error:  # whatever the text, the page goes on
        raise LinkError(_("it could not be read ({error})", error=type(error).__name__)) from None
    if isinstance(subject, CityRecord):
        raise LinkError(_("it holds a city, not a game"))
    return subject


# --- Writing links ---------------------------------------------------------------------------


def checked_notation(game: Game) -> str:
    """The game so far in notation, with its check (``A1;c=…;…``)."""
    return records.dump(game, notation=True, check=True)


def position_link(href: str, game: Game) -> str:
    """A link that opens this position in the game page (offered there as a new game)."""
    return page_link(game, site_base(href))


def play_link(href: str, game: Game) -> str:
    """The link of a game played by link, for its next player."""
    return f"{site_base(href)}{GAME_PAGE}#{PLAY_PREFIX}{checked_notation(game)}"


def embed_snippet(href: str, game: Game) -> str:
    """The HTML that shows this position from the embed page on a rules site: the snippet the
    calculator and docs/embedding.md give too (``common.embedding``)."""
    title = _("Akropolis: {position}", position=position_summary(game))
    return framed_snippet(href, checked_notation(game), title)


def svg_filename(game: Game, player: int, explain: bool) -> str:
    """A file name for a city picture: ``akropolis-ann-move12-explained.svg``."""
    name = game.names[player]
    slug = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in name.lower())
    slug = "-".join(part for part in slug.split("-") if part) or f"player-{player + 1}"
    return f"akropolis-{slug}-move{game.ply}{'-explained' if explain else ''}.svg"


# --- Games played by link ----------------------------------------------------------------------


def game_id(game: Game) -> str:
    """A game's identity: the id its creator drew (a game with hidden stacks), else a hash
    of its setup (players, names, options, deck), not its moves.

    Every link of one game, at any move, has the same id.  A game with hidden stacks keeps its
    id however its link is rewritten: what else differs is asked about (``relation``).  An
    older game's id changes with its deal or names.
    """
    if game.chains is not None:
        return "g" + game.chains.id_text
    import hashlib  # here: only games played by link need it, not every start of the page

    setup = "\n".join(
        [
            "akropolis-game-id-1",
            str(game.players),
            "|".join(notation.percent_encode(name) for name in game.names),
            "|".join(notation.percent_encode(kind or "") for kind in game.kinds),
            ",".join(sorted(game.variants)),
            "1" if game.options.all_tiles else "0",
            ".".join(str(tile) for tile in game.deck),
        ]
    )
    return hashlib.sha256(setup.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Relation:
    """How a link's game stands to a copy: ``kind``, the number of moves they share, and (for
    ``YOURS``) the moves of the link, counted from 0, played for this device's seat."""

    kind: str
    common: int
    yours: tuple[int, ...] = ()


def relation(mine: Game, theirs: Game, seat: int | None = None) -> Relation:
    """``AHEAD`` if ``theirs`` extends ``mine`` (same game, more moves), ``BEHIND`` if it is
    an earlier point of it, ``SAME``, ``DIVERGED`` (they part after ``common`` moves), or
    ``OTHER`` (another game).

    ``seat`` is the seat this device plays (None: not chosen yet, ``WATCHING``: none).  A link
    may only add moves of the other seats: if one of the moves it adds is ``seat``'s, this
    device would have made it, and did not, so the relation is ``YOURS``, not ``AHEAD``.  A
    device that watches, or has not said who it is, has made no move, so any may be added.
    """
    if game_id(mine) != game_id(theirs):
        return Relation(OTHER, 0)
    joins = joined_order(mine, theirs)
    if joins is None:  # the same game with its setup or a commitment changed
        return Relation(CHANGED, 0)
    a, b = mine.moves, theirs.moves
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    if common == len(a) == len(b):
        if joins > 0 and seat is not None and seat >= 0 and _joined_for(mine, theirs, seat):
            return Relation(YOURS, common)  # this device's seat joined elsewhere
        return Relation((SAME, AHEAD, BEHIND)[joins], common)
    if joins < 0 and common == len(b):
        return Relation(BEHIND, common)
    if common == len(a):
        yours = moves_of(theirs, seat, common) if seat is not None and seat >= 0 else ()
        return Relation(YOURS, common, yours) if yours else Relation(AHEAD, common)
    if common == len(b):
        return Relation(BEHIND, common)
    return Relation(DIVERGED, common)


def _joined_for(mine: Game, theirs: Game, seat: int) -> bool:
    """Whether ``theirs`` has ``seat`` joined where ``mine`` has not."""
    return (
        mine.chains is not None
        and theirs.chains is not None
        and mine.chains.commitments[seat] is None
        and theirs.chains.commitments[seat] is not None
    )


def moves_of(game: Game, seat: int, start: int = 0) -> tuple[int, ...]:
    """The moves of ``game`` from ``start`` on (counted from 0) that ``seat`` played."""
    position = game.replay(start)
    plies = []
    for ply, move in enumerate(game.moves[start:], start):
        if position.turn == seat:
            plies.append(ply)
        position.play(move)
    return tuple(plies)


def extends(theirs: Game, mine: Game) -> bool:
    """True if ``theirs`` is ``mine`` played further (so it may replace it without asking)."""
    return relation(mine, theirs).kind == AHEAD


def people_only(game: Game) -> str | None:
    """Why ``game`` cannot be played by link, as the page says it, or None if it can.

    Nobody plays a computer's seat or the Architect's in a game by link (each person moves on
    their own device), so such a game would wait for ever, or a person would move for them.
    """
    for seat, name in enumerate(game.names):
        kind = kind_of(game, seat)
        if is_architect(kind):
            return _(
                "This link cannot be played: {name} (seat {seat}) is the Illustrious Architect of "
                "a solo game, and a game by link is for people only. Your game is as it was; you "
                "can still look at the position and continue from it on this device.",
                name=name,
                seat=seat + 1,
            )
        if is_computer(kind):
            return _(
                "This link cannot be played: {name} (seat {seat}) is played by the computer, "
                "and a game by link is for people only. Your game is as it was; you can still "
                "look at the position and continue from it on this device.",
                name=name,
                seat=seat + 1,
            )
    return None


# --- Words ---------------------------------------------------------------------------------------


def versus(names: tuple[str, ...] | list[str]) -> str:
    """``Ann vs Bob vs Cy``: the players of a game, in the page's language."""
    shown = names[0] if names else ""
    for name in names[1:]:
        shown = pgettext("players of a game", "{start} vs {next}", start=shown, next=name)
    return shown


def position_summary(game: Game) -> str:
    """``Ann vs Bob, 12 moves played, Bob to play``."""
    names, turn = versus(game.names), game.names[game.turn]
    if game.is_over:
        return ngettext(
            "{names}, finished after {count} move",
            "{names}, finished after {count} moves",
            game.ply,
            names=names,
        )
    if not game.ply:
        return _("{names}, not started, {name} to play", names=names, name=turn)
    return ngettext(
        "{names}, {count} move played, {name} to play",
        "{names}, {count} moves played, {name} to play",
        game.ply,
        names=names,
        name=turn,
    )


@dataclass(frozen=True)
class LastMove:
    """The last move of a game: who played it and what it did."""

    player: int
    name: str
    info: LegalMove

    @property
    def line(self) -> str:
        """``Bob placed tile 18 on level 2 (paid 1 stone, gained 2 stones).``"""
        info = self.info
        name, tile, level = self.name, info.tile, info.level
        if info.cost and info.stones_gained:
            return _(
                "{name} placed tile {tile} on level {level} (paid {paid}, gained {gained}).",
                name=name,
                tile=tile,
                level=level,
                paid=stones(info.cost),
                gained=stones(info.stones_gained),
            )
        if info.cost:
            return ngettext(
                "{name} placed tile {tile} on level {level} (paid {count} stone).",
                "{name} placed tile {tile} on level {level} (paid {count} stones).",
                info.cost,
                name=name,
                tile=tile,
                level=level,
            )
        if info.stones_gained:
            return ngettext(
                "{name} placed tile {tile} on level {level} (gained {count} stone).",
                "{name} placed tile {tile} on level {level} (gained {count} stones).",
                info.stones_gained,
                name=name,
                tile=tile,
                level=level,
            )
        return _("{name} placed tile {tile} on level {level}.", name=name, tile=tile, level=level)


def last_move(game: Game) -> LastMove | None:
    """The last move played, or None before the first."""
    if not game.ply:
        return None
    before = game.replay(game.ply - 1)
    player = before.turn
    return LastMove(player, game.names[player], before.check(game.moves[-1]))


def turn_line(game: Game, seat: int | None, unsent: bool = False) -> str:
    """Whose turn it is, as the player at ``seat`` reads it (``WATCHING``: a spectator)."""
    if game.is_over:
        return _("The game is over: send the last move.") if unsent else _("The game is over.")
    joining = waiting_to_join(game)
    if joining is not None:
        name = game.names[joining]
        if seat is None or seat == WATCHING:
            return _("Waiting for {name} to join the game.", name=name)
        if joining == 0:
            return _("Everyone has joined: send the link to {name}, who starts.", name=name)
        if unsent:
            return _("Now send the invitation to {name}.", name=name)
        return _("Waiting for {name} to join: send the link to {name}.", name=name)
    turn = game.names[game.turn]
    if seat is None:
        return _("It is {name}'s turn.", name=turn)
    if seat == WATCHING:
        return _("It is {name}'s turn; you are watching.", name=turn)
    if seat == game.turn:
        return _("Your turn, {name}.", name=turn)
    if unsent:
        return _("Now send your move to {name}.", name=turn)
    return _("It is {name}'s turn: send the link to {name}.", name=turn)


# --- The last move on the city ---------------------------------------------------------------

#: The outline of the last move: a light halo under a strong line.
MARK_INK, MARK_HALO = "#1f6fb5", "#fffdf6"


def last_move_outline(view: Viewport, cells: tuple, level: int) -> list:
    """Display-list commands outlining a placed tile's three hexes as one shape."""
    centres = [view.hex_center(tuple(cell), level) for cell in cells]
    radius = view.scale
    tolerance = 0.25 * radius
    edges = []
    for centre in centres:
        points = corners(centre, radius)
        for i in range(6):
            a, b = points[i], points[(i + 1) % 6]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            across = (2 * mx - centre[0], 2 * my - centre[1])  # about where a neighbour sits
            inner = any(
                abs(across[0] - other[0]) + abs(across[1] - other[1]) < tolerance
                for other in centres
            )
            if not inner:
                edges.append((a, b))
    loop = _chain(edges, tolerance)
    width = max(3.0, view.scale * 0.13)
    shapes = [loop] if loop else [[a, b] for a, b in edges]
    out = []
    for ink, line in ((MARK_HALO, width + 3), (MARK_INK, width)):
        for shape in shapes:
            flat = [round(v, 1) for point in shape for v in point]
            out.append(["poly", flat, None, ink, round(line, 1), 1])
    return out


def _chain(edges: list, tolerance: float) -> list | None:
    """The edges joined end to start into one closed outline, or None if they do not close."""
    if not edges:
        return None
    remaining = list(edges[1:])
    loop = [edges[0][0], edges[0][1]]
    while remaining:
        end = loop[-1]
        found = next(
            (
                edge
                for edge in remaining
                if abs(edge[0][0] - end[0]) + abs(edge[0][1] - end[1]) < tolerance
            ),
            None,
        )
        if found is None:
            return None
        remaining.remove(found)
        loop.append(found[1])
    first, last = loop[0], loop[-1]
    if abs(first[0] - last[0]) + abs(first[1] - last[1]) >= tolerance:
        return None
    return loop[:-1]
