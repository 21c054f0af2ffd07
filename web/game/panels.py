"""The HTML around the canvas: Construction Site, players, scorepad and game log.

Pure functions from engine state to HTML strings (names escaped), tested on CPython; the glue
only assigns them to ``innerHTML``.  Buttons carry ``data-*`` attributes the glue listens for.
"""

from __future__ import annotations

from akropolis import Game, LegalMove
from akropolis.checks import VARIANTS
from akropolis.picture import svg
from akropolis.picture.markup import escape
from common.city_words import tile_name
from common.hand import tile_picture
from common.i18n import _, in_a_row, join, ngettext, pgettext, translate
from common.scorepad import corner_cell, score_rows
from game.fair_links import waiting_to_join
from game.opponents import architect_note, kind_of, seat_label, stones

#: Keys that take a Construction Site tile in hand, left to right (the page listens for them).
SITE_KEYS = ("1", "2", "3", "4", "5", "6")  # a site has up to 6 tiles


def site_html(game: Game, held: int | None) -> str:
    """The Construction Site: each tile with its cost; unaffordable tiles disabled.  In a solo
    game, while the person holds a tile, the tile the Architect will take next is marked (its
    choice is forced by the rules, so this is what a player could work out at the table)."""
    affordable = set(game.affordable())
    reply = game.architect_reply(held) if held is not None else None
    # One Tab stop for the site (the arrows move along it): the tile in hand, else the first.
    stop = held if held is not None else min(affordable, default=None)
    items = []
    for index, tile in enumerate(game.site):
        disabled = index not in affordable
        classes = (
            "site-tile"
            + (" held" if index == held else "")
            + (" disabled" if disabled else "")
            + (" architect-next" if index == reply else "")
        )
        cost = pgettext("tile cost", "free") if index == 0 else stones(index)
        key = SITE_KEYS[index] if index < len(SITE_KEYS) else None
        shortcut = f' aria-keyshortcuts="{key}"' if key is not None else ""
        title = tile_title(tile, index, key)
        note = ""
        if index == reply:
            name = game.names[1]
            title = _(
                "{tile}; {name} takes it next if you keep tile {held}",
                tile=title,
                name=name,
                held=game.site[held],
            )
            note = f'<span class="next">{escape(_("{name} next", name=name))}</span>'
        name = tile_name(tile, index)  # what a screen reader says: "Tile 33: …, free"
        if index == reply:
            name = _("{tile}; {name} takes it next", tile=name, name=game.names[1])
        items.append(
            f'<button class="{classes}" data-site="{index}" data-tile="{tile}"'
            f'{" disabled" if disabled else ""} aria-pressed="{str(index == held).lower()}"'
            f' tabindex="{0 if index == stop else -1}" aria-label="{escape(name)}"'
            f' title="{escape(title)}"{shortcut}>{tile_picture(tile)}'
            f'<span class="cost">{escape(cost)}</span>{note}</button>'
        )
    if game.is_over:
        items.append(f'<p class="site-note">{escape(_("The last tile is never played."))}</p>')
    return "".join(items)


def tile_title(tile: int, cost: int, key: str | None) -> str:
    """A Construction Site tile's title: its number, its cost, the key that takes it."""
    if key is None:
        if not cost:
            return _("Tile {tile}, free", tile=tile)
        return ngettext(
            "Tile {tile}, costs {count} stone",
            "Tile {tile}, costs {count} stones",
            cost,
            tile=tile,
        )
    if not cost:
        return _("Tile {tile}, free (key {key})", tile=tile, key=key)
    return ngettext(
        "Tile {tile}, costs {count} stone (key {key})",
        "Tile {tile}, costs {count} stones (key {key})",
        cost,
        tile=tile,
        key=key,
    )


def status_html(game: Game, thinking: bool = False, paused: bool = False) -> str:
    """Who plays, then the round and stacks left (a line of their own in a narrow header).
    ``paused``: a game of computers waits for "Go on"."""
    if game.is_over:
        over, winners = escape(_("Game over")), escape(winners_win(game))
        return f'{over}<span class="round"><span class="sep"> · </span>{winners}</span>'
    name = f"<b>{escape(game.names[game.turn])}</b>"
    if thinking and game.is_architect(game.turn):  # the solo Architect's move is forced
        who = _("{name} is building…", name=name)
    elif thinking:
        who = _("{name} is thinking…", name=name)
    elif paused:
        who = _("{name} to play (paused)", name=name)
    elif waiting_to_join(game) not in (None, 0):  # a game by link's invitation goes round
        joining = f"<b>{escape(game.names[waiting_to_join(game)])}</b>"
        who = _("Waiting for {name} to join", name=joining)
    else:
        who = _("{name} to play", name=name)
    left = ngettext(
        "Round {round} · {count} stack left",
        "Round {round} · {count} stacks left",
        game.stacks_left,
        round=game.round,
    )
    return f'{who}<span class="round"><span class="sep"> · </span>{escape(left)}</span>'


def city_facts(game: Game, player: int, show_scores: bool) -> str:
    """The viewed city's stones and score in a few words, for screens where the players'
    cards are folded away (a player must see what they can pay without opening them)."""
    count = game.stones[player]
    if not show_scores:
        return ngettext("◆ {count} stone", "◆ {count} stones", count)
    return _(
        "◆ {stones} · {points}",
        stones=stones(count),
        points=points(game.score(player).total),
    )


def points(count: int) -> str:
    """``1 point``, ``54 points``."""
    return ngettext("{count} point", "{count} points", count)


def kind_heads() -> dict[str, tuple[str, str]]:
    """Each district kind's one-letter column head and its name, in the page's language."""
    return {
        "houses": (pgettext("district kind, one letter", "H"), pgettext("district kind", "Houses")),
        "markets": (
            pgettext("district kind, one letter", "M"),
            pgettext("district kind", "Markets"),
        ),
        "barracks": (
            pgettext("district kind, one letter", "B"),
            pgettext("district kind", "Barracks"),
        ),
        "temples": (
            pgettext("district kind, one letter", "T"),
            pgettext("district kind", "Temples"),
        ),
        "gardens": (
            pgettext("district kind, one letter", "G"),
            pgettext("district kind", "Gardens"),
        ),
    }


def players_html(
    game: Game,
    viewed: int,
    show_scores: bool,
    notes: dict[int, str] | None = None,
    thinking: int | None = None,
) -> str:
    """One card per player: name, who plays it (a computer, the Architect), stones, Chief
    Architect, live score, a city thumbnail; a computer's card says it is thinking, or what it
    did last (``notes``)."""
    notes = notes or {}
    scores = game.scores()  # the whole game's scores: the Architect's follow the solo rules
    chief_title = escape(_("Chief Architect"))
    stones_title = escape(pgettext("a player's stones", "Stones"))
    known = kind_heads()
    heads = "".join(
        f'<th title="{escape(known[k][1])}">{escape(known[k][0])}</th>' for k in VARIANTS
    )
    # The Illustrious Architect Metagenes scores its quarries: a column of its own.
    quarried = any(score.quarries is not None for score in scores)
    if quarried:
        quarries = escape(pgettext("scorepad row", "Quarries"))
        letter = escape(pgettext("scorepad column, a quarry's letter", "Q"))
        heads += f'<th title="{quarries}">{letter}</th>'
    cards = []
    for player in range(game.players):
        score = scores[player]
        classes = ["player"]
        if player == game.turn and not game.is_over:
            classes.append("to-play")
        if player == viewed:
            classes.append("viewed")
        if player == thinking:
            classes.append("thinking")
        label = seat_label(kind_of(game, player))
        busy = _("Building") if game.is_architect(player) else _("Thinking")
        who = f'<span class="who">{escape(label)}</span>' if label else ""
        if player == thinking:
            note = f'<span class="note">{escape(busy)}<span class="dots"></span></span>'
        elif notes.get(player):
            note = f'<span class="note">{escape(notes[player])}</span>'
        else:
            note = ""
        chief = (
            f' <span class="chief" title="{chief_title}">♛</span>' if player == game.chief else ""
        )
        lines = ""
        if show_scores:
            cells = "".join(f"<td>{line.points}</td>" for line in score.kinds.values())
            if quarried:
                cells += f"<td>{score.quarries.points if score.quarries else '—'}</td>"
            lines = (
                f'<table class="mini-score"><tr>{heads}<th title="{stones_title}">◆</th>'
                f"<th>Σ</th></tr>"
                f"<tr>{cells}<td>{score.stones}</td><td><b>{score.total}</b></td></tr></table>"
            )
        alt = _("{name}'s city", name=game.names[player])  # the picture escapes it
        city = game.cities[player]
        thumb = svg.hexes(city.hexes(), 150, 110, alt, city.pieces(), last=city.last_cells())
        said = [
            ngettext(
                "{name}: {points}, {count} stone.",
                "{name}: {points}, {count} stones.",
                game.stones[player],
                name=game.names[player],
                points=points(score.total),
            )
            if show_scores
            else ngettext(
                "{name}: {count} stone.",
                "{name}: {count} stones.",
                game.stones[player],
                name=game.names[player],
            )
        ]
        if player == game.chief:
            said.append(_("Chief Architect."))
        if "to-play" in classes:
            said.append(_("To play now."))
        if label:
            said.append(_("Played by: {who}.", who=label))
        if player == thinking or notes.get(player):
            said.append(pgettext("a sentence", "{text}.", text=notes.get(player) or busy))
        viewed_ = ' aria-current="true"' if player == viewed else ""
        cards.append(
            f'<button class="{" ".join(classes)}" data-player="{player}"{viewed_}'
            f' aria-label="{escape(in_a_row(said))}">'
            f'<span class="name">{escape(game.names[player])}{chief}</span>'
            f'<span class="stones" title="{stones_title}">◆ {game.stones[player]}</span>'
            f"{who}{note}{lines}{thumb}</button>"
        )
    return "".join(cards)


def scorepad_html(game: Game) -> str:
    """The end-of-game scorepad: each kind's value × stars, stones, total, winner."""
    scores = game.scores()
    result = game.result()
    head = "".join(f"<th>{escape(name)}</th>" for name in game.names)
    known = kind_heads()
    rows = score_rows(
        scores,
        set(result.winners),
        kind_head=lambda kind: escape(known[kind][1]),
        stones_head=escape(pgettext("a player's stones", "Stones")),
    )
    note = architect_note(game)
    solo = f'<p class="site-note solo-note">{escape(note)}</p>' if note else ""
    names = [game.names[p] for p in result.winners]
    if len(names) == 1:
        cheer = _("{name} wins!", name=names[0])
    else:
        cheer = _("{names} win!", names=join(names))
    why = _("{explanation}.", explanation=translate(result.explanation))
    return (
        f'<table class="scorepad"><thead><tr>{corner_cell()}{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="verdict"><b>{escape(cheer)}</b> {escape(why)}</p>{solo}'
    )


def winners_win(game: Game) -> str:
    """ "Ann wins", "Ann and Bob win": the finished game's winners (plain text)."""
    names = [game.names[p] for p in game.result().winners]
    if len(names) == 1:
        return _("{name} wins", name=names[0])
    return _("{names} win", names=join(names))


def game_over_line(game: Game) -> str:
    """The hint line once the game is over (the end screen may be closed to look at the
    cities), whoever made the last move."""
    result = game.result()
    score = result.totals[result.winners[0]]
    names = [game.names[p] for p in result.winners]
    if len(names) == 1:
        return ngettext(
            "Game over: {name} wins with {count} point.",
            "Game over: {name} wins with {count} points.",
            score,
            name=names[0],
        )
    return ngettext(
        "Game over: {names} win with {count} point.",
        "Game over: {names} win with {count} points.",
        score,
        names=join(names),
    )


def log_html(game: Game) -> str:
    """Every move so far, newest last."""
    items = []
    replay = game.fresh()
    for number, move in enumerate(game.moves, start=1):
        player = replay.turn
        info = replay.play(move)
        items.append(
            f'<li><span class="ply">{number}.</span> {escape(log_line(game.names[player], info))}'
            f" <code>{move}</code></li>"
        )
    return "".join(items)


def log_line(name: str, info: LegalMove) -> str:
    """One move of the log: "Ann: tile 23 → level 2, paid 1, +2◆" (plain text)."""
    tile, level, cost, gained = info.tile, info.level, info.cost, info.stones_gained
    if cost and gained:
        return _(
            "{name}: tile {tile} → level {level}, paid {cost}, +{gained}◆",
            name=name,
            tile=tile,
            level=level,
            cost=cost,
            gained=gained,
        )
    if cost:
        return _(
            "{name}: tile {tile} → level {level}, paid {cost}",
            name=name,
            tile=tile,
            level=level,
            cost=cost,
        )
    if gained:
        return _(
            "{name}: tile {tile} → level {level}, +{gained}◆",
            name=name,
            tile=tile,
            level=level,
            gained=gained,
        )
    return _("{name}: tile {tile} → level {level}", name=name, tile=tile, level=level)


def kept_html(entries: list[tuple[object, str]]) -> str:
    """The Kept games list: ``(Kept, local time)`` pairs, each with its buttons."""
    if not entries:
        return f'<p class="site-note">{escape(_("No games are kept aside."))}</p>'
    resume, download, delete = escape(_("Resume")), escape(_("Download")), escape(_("Delete"))
    replay = escape(_("Replay"))
    items = []
    for kept, when in entries:
        key = escape(kept.key)
        again = (
            f'<button type="button" data-kept-action="resume" data-key="{key}">{resume}</button>'
            f'<button type="button" data-kept-action="replay" data-key="{key}">{replay}</button>'
            if kept.playable
            else ""
        )
        items.append(
            f"<li><strong>{escape(when)}</strong> — {escape(translate(kept.label))}"
            f'<br><span class="site-note">{escape(translate(kept.summary))}</span><br>{again}'
            f'<button type="button" data-kept-action="download" data-key="{key}">'
            f"{download}</button>"
            f'<button type="button" data-kept-action="delete" data-key="{key}">'
            f"{delete}</button></li>"
        )
    return f'<ul class="kept">{"".join(items)}</ul>'


def link_games_html(entries: list[tuple[object, str, bool]]) -> str:
    """The games played by link under Kept games: ``(Listed, local time of last use, on
    screen)`` triples, each with its buttons (named after the game, for screen readers)."""
    items = []
    for listed, when, on_screen in entries:
        gid, summary = escape(listed.gid), listed.summary
        notes = [listed.role] if listed.role else []
        if when:
            notes.append(_("Last opened here: {when}.", when=when))
        if on_screen:
            notes.append(_("It is on screen now."))
        buttons = []
        if listed.resumable and not on_screen:
            buttons.append(("resume", _("Resume"), _("Resume {game}", game=summary)))
        buttons.append(("download", _("Download"), _("Download {game}", game=summary)))
        if not on_screen:
            buttons.append(("delete", _("Delete"), _("Delete {game}", game=summary)))
        controls = "".join(
            f'<button type="button" data-link-game="{action}" data-gid="{gid}" '
            f'aria-label="{escape(named)}">{escape(label)}</button>'
            for action, label, named in buttons
        )
        items.append(
            f"<li><strong>{escape(summary)}</strong>"
            f'<br><span class="site-note">{escape(" ".join(notes))}</span><br>{controls}</li>'
        )
    return f'<ul class="kept">{"".join(items)}</ul>'
