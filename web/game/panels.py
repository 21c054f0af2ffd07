"""The HTML around the canvas: Construction Site, players, scorepad and game log.

Pure functions from engine state to HTML strings (names escaped), tested on CPython; the glue
only assigns them to ``innerHTML``.  Buttons carry ``data-*`` attributes the glue listens for.
"""

from __future__ import annotations

from akropolis import Game
from akropolis.checks import VARIANTS
from akropolis.picture import svg
from akropolis.picture.markup import escape
from common.scorepad import KIND_TITLES, score_rows
from game.opponents import architect_note, kind_of, seat_label

#: Keys that take a Construction Site tile in hand, left to right (the page listens for them).
SITE_KEYS = ("1", "2", "3", "4", "5", "6")  # a site has up to 6 tiles


def site_html(game: Game, held: int | None) -> str:
    """The Construction Site: each tile with its cost; unaffordable tiles disabled.  In a solo
    game, while the person holds a tile, the tile the Architect will take next is marked (its
    choice is forced by the rules, so this is what a player could work out at the table)."""
    affordable = set(game.affordable())
    reply = game.architect_reply(held) if held is not None else None
    items = []
    for index, tile in enumerate(game.site):
        disabled = index not in affordable
        classes = (
            "site-tile"
            + (" held" if index == held else "")
            + (" disabled" if disabled else "")
            + (" architect-next" if index == reply else "")
        )
        cost = "free" if index == 0 else f"{index} stone{'s' if index != 1 else ''}"
        title = f"Tile {tile}, {cost}" if index == 0 else f"Tile {tile}, costs {cost}"
        shortcut = ""
        if index < len(SITE_KEYS):
            title += f" (key {SITE_KEYS[index]})"
            shortcut = f' aria-keyshortcuts="{SITE_KEYS[index]}"'
        note = ""
        if index == reply:
            name = escape(game.names[1])
            title += f"; {name} takes it next if you keep tile {game.site[held]}"
            note = f'<span class="next">{name} next</span>'
        items.append(
            f'<button class="{classes}" data-site="{index}" data-tile="{tile}"'
            f'{" disabled" if disabled else ""} aria-pressed="{str(index == held).lower()}"'
            f' title="{title}"{shortcut}>{svg.tile(tile)}'
            f'<span class="cost">{cost}</span>{note}</button>'
        )
    if game.is_over:
        items.append('<p class="site-note">The last tile is never played.</p>')
    return "".join(items)


def busy_verb(game: Game, seat: int) -> str:
    """What a computer seat is doing before its move lands: the AI thinks; the solo Architect
    does not search (its move is forced by the rules), it builds."""
    return "building" if game.is_architect(seat) else "thinking"


def status_html(game: Game, thinking: bool = False, paused: bool = False) -> str:
    """Who plays, then the round and stacks left (a line of their own in a narrow header).
    ``paused``: a game of computers waits for "Go on"."""
    if game.is_over:
        winners = escape(winners_win(game))
        return f'Game over<span class="round"><span class="sep"> · </span>{winners}</span>'
    stacks = f"{game.stacks_left} stack{'s' if game.stacks_left != 1 else ''} left"
    if thinking:
        verb = f"is {busy_verb(game, game.turn)}…"
    else:
        verb = "to play (paused)" if paused else "to play"
    return (
        f"<b>{escape(game.names[game.turn])}</b> {verb}"
        f'<span class="round"><span class="sep"> · </span>Round {game.round} · {stacks}</span>'
    )


def city_facts(game: Game, player: int, show_scores: bool) -> str:
    """The viewed city's stones and score in a few words, for screens where the players'
    cards are folded away (a player must see what they can pay without opening them)."""
    stones = game.stones[player]
    facts = f"◆ {stones} stone{'s' if stones != 1 else ''}"
    if show_scores:
        total = game.score(player).total
        facts += f" · {total} point{'s' if total != 1 else ''}"
    return facts


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
        who = f'<span class="who">{escape(label)}</span>' if label else ""
        if player == thinking:
            busy = busy_verb(game, player).capitalize()
            note = f'<span class="note" role="status">{busy}<span class="dots"></span></span>'
        elif notes.get(player):
            note = f'<span class="note">{escape(notes[player])}</span>'
        else:
            note = ""
        chief = (
            ' <span class="chief" title="Chief Architect">♛</span>' if player == game.chief else ""
        )
        lines = ""
        if show_scores:
            heads = "".join(f'<th title="{KIND_TITLES[k]}">{k[0].upper()}</th>' for k in VARIANTS)
            cells = "".join(f"<td>{line.points}</td>" for line in score.kinds.values())
            lines = (
                f'<table class="mini-score"><tr>{heads}<th title="Stones">◆</th><th>Σ</th></tr>'
                f"<tr>{cells}<td>{score.stones}</td><td><b>{score.total}</b></td></tr></table>"
            )
        thumb = svg.hexes(game.cities[player].hexes(), 150, 110, f"{game.names[player]}'s city")
        cards.append(
            f'<button class="{" ".join(classes)}" data-player="{player}">'
            f'<span class="name">{escape(game.names[player])}{chief}</span>'
            f'<span class="stones" title="Stones">◆ {game.stones[player]}</span>'
            f"{who}{note}{lines}{thumb}</button>"
        )
    return "".join(cards)


def scorepad_html(game: Game) -> str:
    """The end-of-game scorepad: each kind's value × stars, stones, total, winner."""
    scores = game.scores()
    result = game.result()
    head = "".join(f"<th>{escape(name)}</th>" for name in game.names)
    rows = score_rows(scores, set(result.winners))
    note = architect_note(game)
    solo = f'<p class="site-note solo-note">{escape(note)}</p>' if note else ""
    return (
        f'<table class="scorepad"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="verdict"><b>{escape(winners_win(game))}!</b> '
        f"{escape(result.explanation)}.</p>{solo}"
    )


def winners_win(game: Game) -> str:
    """ "Ann wins", "Ann and Bob win": the finished game's winners (plain text)."""
    winners = game.result().winners
    names = " and ".join(game.names[p] for p in winners)
    return f"{names} {'win' if len(winners) > 1 else 'wins'}"


def game_over_line(game: Game) -> str:
    """The hint line once the game is over (the end screen may be closed to look at the
    cities), whoever made the last move."""
    result = game.result()
    points = result.totals[result.winners[0]]
    return f"Game over: {winners_win(game)} with {points} points."


def log_html(game: Game) -> str:
    """Every move so far, newest last."""
    items = []
    replay = game.fresh()
    for number, move in enumerate(game.moves, start=1):
        player = replay.turn
        info = replay.play(move)
        cost = f", paid {info.cost}" if info.cost else ""
        gain = f", +{info.stones_gained}◆" if info.stones_gained else ""
        items.append(
            f'<li><span class="ply">{number}.</span> {escape(game.names[player])}: tile {move.tile}'
            f" → level {info.level}{cost}{gain} <code>{move}</code></li>"
        )
    return "".join(items)


def kept_html(entries: list[tuple[object, str]]) -> str:
    """The Kept games list: ``(Kept, local time)`` pairs, each with its buttons."""
    if not entries:
        return '<p class="site-note">No games are kept aside.</p>'
    items = []
    for kept, when in entries:
        key = escape(kept.key)
        resume = (
            f'<button type="button" data-kept-action="resume" data-key="{key}">Resume</button>'
            if kept.playable
            else ""
        )
        items.append(
            f"<li><strong>{escape(when)}</strong> — {escape(kept.label)}"
            f'<br><span class="site-note">{escape(kept.summary)}</span><br>{resume}'
            f'<button type="button" data-kept-action="download" data-key="{key}">Download</button>'
            f'<button type="button" data-kept-action="delete" data-key="{key}">Delete</button></li>'
        )
    return f'<ul class="kept">{"".join(items)}</ul>'


def link_games_html(entries: list[tuple[object, str, bool]]) -> str:
    """The games played by link under Kept games: ``(Listed, local time of last use, on
    screen)`` triples, each with its buttons (named after the game, for screen readers)."""
    items = []
    for listed, when, on_screen in entries:
        gid, summary = escape(listed.gid), escape(listed.summary)
        notes = [listed.role] if listed.role else []
        if when:
            notes.append(f"Last opened here: {when}.")
        if on_screen:
            notes.append("It is on screen now.")
        buttons = []
        if listed.resumable and not on_screen:
            buttons.append(("resume", "Resume"))
        buttons.append(("download", "Download"))
        if not on_screen:
            buttons.append(("delete", "Delete"))
        controls = "".join(
            f'<button type="button" data-link-game="{action}" data-gid="{gid}" '
            f'aria-label="{label} {summary}">{label}</button>'
            for action, label in buttons
        )
        items.append(
            f"<li><strong>{summary}</strong>"
            f'<br><span class="site-note">{escape(" ".join(notes))}</span><br>{controls}</li>'
        )
    return f'<ul class="kept">{"".join(items)}</ul>'
