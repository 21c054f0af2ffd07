"""Sharing, on CPython: links (position and play by link), hostile fragments, game ids, how a
link's game stands to a stored copy, the embed snippet, the last move, and the link slots."""

from __future__ import annotations

import time

import pytest

from akropolis import Game, records
from akropolis.checks import MAX_MESSAGE_LENGTH
from akropolis.picture.geometry import Viewport, corners
from akropolis.simulate import random_game
from common.embedding import frame_snippet
from game.share import (
    AHEAD,
    BEHIND,
    DIVERGED,
    MAX_LINK_LENGTH,
    OTHER,
    PLAY,
    POSITION,
    SAME,
    WATCHING,
    YOURS,
    LinkError,
    checked_notation,
    embed_snippet,
    extends,
    game_id,
    last_move,
    last_move_outline,
    moves_of,
    people_only,
    play_link,
    position_link,
    position_summary,
    read_link,
    relation,
    site_base,
    svg_filename,
    turn_line,
)

HREF = "https://example.github.io/akropolis/index.html?from=home#A1;old"


def played(count: int, seed: int = 5, names: tuple[str, ...] = ("Ann", "Bob")) -> Game:
    """A 2-player game with ``count`` moves (the first legal move each time)."""
    game = Game(len(names), seed=seed, names=names, variants={"gardens"})
    for _ in range(count):
        game.play(game.legal_moves()[0])
    return game


def same(a: Game, b: Game) -> bool:
    return records.game_to_record(a) == records.game_to_record(b)


def fragment(link: str) -> str:
    return link[link.index("#") :]


# --- Building and reading links ------------------------------------------------------------------


def test_a_position_link_opens_the_same_position() -> None:
    game = played(7)
    link = position_link(HREF, game)
    assert link.startswith("https://example.github.io/akropolis/index.html#A1;c=")
    opened = read_link(fragment(link))
    assert opened.kind == POSITION and not opened.play
    assert same(opened.game, game)


def test_a_play_link_carries_the_whole_game() -> None:
    game = random_game(3, 11)
    link = play_link(HREF, game)
    assert link.startswith("https://example.github.io/akropolis/index.html#play/A1;c=")
    opened = read_link(fragment(link))
    assert opened.kind == PLAY and opened.play
    assert same(opened.game, game) and opened.game.is_over


def test_a_whole_four_player_game_fits_a_link() -> None:
    game = random_game(4, 3, variants=("houses", "markets", "barracks", "temples", "gardens"))
    link = play_link(HREF, game)
    assert len(link) < 1000
    assert same(read_link(fragment(link)).game, game)


@pytest.mark.parametrize("empty", ["", "#", "#  ", "   "])
def test_no_fragment_is_no_link(empty: str) -> None:
    assert read_link(empty) is None


def test_a_link_percent_encoded_once_more_still_opens() -> None:
    """Messengers sometimes re-encode ``|`` or ``;``: the check says which reading is right."""
    game = played(4, names=("Zoë", "Bob|Jr"))
    text = fragment(play_link(HREF, game))
    mangled = text.replace("%", "%25").replace("|", "%7C").replace(";", "%3B")
    assert same(read_link(mangled).game, game)
    assert same(read_link(text).game, game)


def test_a_hostile_name_is_kept_as_text() -> None:
    names = ("<img src=x onerror=alert(1)>", '"><script>alert(2)</script>')
    game = played(2, names=names)
    opened = read_link(fragment(position_link(HREF, game)))
    assert opened.game.names == names


HOSTILE = {
    "script": ("#<script>alert(1)</script>", "does not hold a game"),
    "script-encoded": ("#%3Cscript%3Ealert(1)%3C%2Fscript%3E", "does not hold a game"),
    "javascript-url": ("#javascript:alert(document.cookie)", "does not hold a game"),
    "image-off-origin": ('#<img src="https://evil.example/x.png">', "does not hold a game"),
    "json-record": (
        '#{"format":"akropolis-game","version":1,"players":[],"moves":[]}',
        "does not hold a game",
    ),
    "play-and-nothing": ("#play/", "does not hold a game"),
    "a-city": ("#C1;st=0;m=", "holds a city, not a game"),
    "bad-check": ("#A1;c=000000;p=2;s=1;m=", "does not match its check"),
    "unknown-version": ("#A9;p=2;s=1;m=", "unknown notation"),
    "illegal-move": ("#A1;p=2;s=1;m=99@0,0:0", "move 1:"),
    "bad-percent": ("#A1;p=2;n=%FF|B;s=1;m=", "not percent-encoded UTF-8"),
    "control-in-name": ("#A1;p=2;n=%1B%5B31m|B;s=1;m=", "control or invisible"),
    "100-kB": ("#" + "A" * 100_000, "too long to hold a game (100,000 characters"),
    "100-kB-play": ("#play/A1;p=2;s=1;m=" + "1@0,0:0." * 12_500, "too long to hold a game"),
    "100-kB-of-percents": ("#" + "%3C" * 33_333, "too long to hold a game"),
    "nul": ("#A1;p=2;s=1;m=\x00", "move 1:"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_fragment_is_refused_with_a_short_reason(name: str) -> None:
    text, reason = HOSTILE[name]
    started = time.perf_counter()
    with pytest.raises(LinkError) as refused:
        read_link(text)
    assert time.perf_counter() - started < 0.5
    message = str(refused.value)
    assert reason in message
    assert len(message) <= MAX_MESSAGE_LENGTH and "\n" not in message


def test_the_length_limit_is_checked_before_anything_is_read() -> None:
    assert len("play/") + 10_000 == MAX_LINK_LENGTH
    at_limit = "#A1;" + "x" * (MAX_LINK_LENGTH - 3)
    with pytest.raises(LinkError, match="too long"):
        read_link(at_limit)
    with pytest.raises(LinkError) as refused:  # just under: read, and refused for what it is
        read_link(at_limit[:-1])
    assert "too long to hold" not in str(refused.value)


def test_what_is_not_text_is_refused() -> None:
    for value in (None, 42, b"#A1;p=2", ["#A1;p=2"]):
        with pytest.raises(LinkError, match="a link is text"):
            read_link(value)


def test_every_cut_of_a_link_is_refused() -> None:
    """A link cut anywhere (a messenger's line break, a careless copy) never opens a game."""
    for kind in (position_link, play_link):
        text = fragment(kind(HREF, played(9)))
        for end in range(2, len(text)):
            with pytest.raises(LinkError):
                read_link(text[:end])


def test_every_typo_in_a_link_is_refused() -> None:
    text = fragment(play_link(HREF, played(9)))
    start = text.index(";", text.index("c=")) + 1  # the check field itself is tested by cuts
    for index in range(start, len(text)):
        for replacement in "0159-.@:;|a":
            if text[index] == replacement:
                continue
            typo = text[:index] + replacement + text[index + 1 :]
            with pytest.raises(LinkError):
                read_link(typo)


# --- Game ids and how two copies stand -----------------------------------------------------------


def test_the_game_id_is_the_setup_not_the_moves() -> None:
    game = played(12)
    assert game_id(game) == game_id(game.replay(0)) == game_id(game.replay(5))
    assert len(game_id(game)) == 16 and int(game_id(game), 16) >= 0
    assert game_id(game) != game_id(played(12, seed=6))
    assert game_id(game) != game_id(played(12, names=("Ann", "Bo")))
    plain = Game(2, seed=5, names=("Ann", "Bob"))
    assert game_id(plain) != game_id(game.replay(0))  # other variants


def test_the_game_id_is_stable_across_versions() -> None:
    """Ids key the storage of games played by link: changing them would orphan those games."""
    assert game_id(Game(2, seed=42, names=("Ann", "Bob"))) == "75a18d7ce237d6d7"
    assert game_id(Game(4, seed=0)) == "a08abce92ced1121"


def test_the_game_id_follows_the_deck_not_the_seed() -> None:
    game = Game(2, seed=42, names=("Ann", "Bob"))
    dealt = Game(2, deck=game.deck, names=("Ann", "Bob"))
    assert dealt.seed is None and game_id(dealt) == game_id(game)


def test_relation_of_a_link_to_the_stored_copy() -> None:
    game = played(10)
    assert relation(game.replay(6), game) == relation(game.replay(6), game.replay(10))
    assert relation(game.replay(6), game).kind == AHEAD
    assert relation(game.replay(6), game).common == 6
    assert relation(game, game.replay(4)).kind == BEHIND
    assert relation(game, game.replay()).kind == SAME
    other = game.replay(6)
    other.play(next(m for m in other.legal_moves() if m.move != game.moves[6]))
    assert relation(game, other).kind == DIVERGED and relation(game, other).common == 6
    assert relation(game, played(10, seed=99)).kind == OTHER
    assert extends(game, game.replay(3)) and not extends(game.replay(3), game)
    assert not extends(game, game.replay()) and not extends(other, game)


def test_a_link_may_add_only_the_other_seats_moves() -> None:
    """Ann (seat 0) has her copy after her move; Bob's move is welcome, one more for Ann is not:
    this device would have made it."""
    mine = played(1)
    honest = played(2)
    forged = played(3)  # Bob's move, then one for Ann
    assert moves_of(forged, 0) == (0, 2) and moves_of(forged, 1, start=1) == (1,)
    assert relation(mine, honest, seat=0).kind == AHEAD
    assert relation(mine, forged, seat=0) == relation(mine, forged, 0)
    assert relation(mine, forged, seat=0).kind == YOURS
    assert relation(mine, forged, seat=0).yours == (2,)
    assert relation(mine, forged, seat=0).common == 1
    assert relation(honest, forged, seat=1).kind == AHEAD  # Bob's device: Ann's move is fine
    assert relation(mine, forged, seat=1).kind == YOURS  # but not his own, twice over
    assert relation(mine, forged, seat=WATCHING).kind == AHEAD  # a watcher makes no move
    assert relation(mine, forged, seat=None).kind == AHEAD  # nor one who has not said who
    assert relation(forged, forged.replay(), seat=0).kind == SAME
    assert relation(forged, mine, seat=0).kind == BEHIND
    over = random_game(2, 8)
    assert relation(over.replay(34), over, seat=1).kind == YOURS  # the last move, forged
    assert relation(over.replay(34), over, seat=1).yours == (35,)
    assert relation(over.replay(35), over, seat=0).kind == AHEAD


@pytest.mark.parametrize(
    ("kinds", "said"),
    [
        (("human", "ai:easy"), "Robot (seat 2) is played by the computer"),
        (
            (None, "architect:hippodamos"),
            "Robot (seat 2) is the Illustrious Architect of a solo game",
        ),
    ],
)
def test_a_game_with_a_computer_seat_cannot_be_played_by_link(kinds: tuple, said: str) -> None:
    game = Game(2, seed=3, names=("Ann", "Robot"), kinds=kinds)
    refusal = people_only(game)
    assert refusal.startswith(f"This link cannot be played: {said}, and a game by link is for ")
    assert refusal.endswith("continue from it on this device.")
    assert people_only(Game(2, seed=3, names=("Ann", "Bob"), kinds=("human", None))) is None
    assert people_only(played(4)) is None


# --- The embed snippet and the words -------------------------------------------------------------


@pytest.mark.parametrize(
    ("href", "base"),
    [
        ("https://x.github.io/akropolis/", "https://x.github.io/akropolis/"),
        ("https://x.github.io/akropolis/index.html#A1;p=2", "https://x.github.io/akropolis/"),
        ("https://x.github.io/akropolis/index.html?a=b/c#d/e", "https://x.github.io/akropolis/"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
    ],
)
def test_site_base(href: str, base: str) -> None:
    assert site_base(href) == base


def test_the_embed_snippet_is_absolute_and_ready() -> None:
    game = played(3)
    snippet = embed_snippet(HREF, game)
    assert snippet == frame_snippet(
        f"https://example.github.io/akropolis/embed.html#{checked_notation(game)}",
        "Akropolis: Ann vs Bob, 3 moves played, Bob to play",
    )
    source = snippet.split('"')[1]
    assert same(read_link(source[source.index("#") :]).game, game)


def test_the_embed_snippet_escapes_what_it_quotes() -> None:
    game = played(1, names=('"><script>alert(1)</script>', "B&B <b>"))
    snippet = embed_snippet(HREF, game)
    frame = snippet[: snippet.index("</iframe>")]
    assert "<script>" not in frame and "<b>" not in frame
    assert 'title="Akropolis: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; vs B&amp;B' in frame
    assert frame.count("<") == 1 and frame.count('"') == 12  # one element, six attributes


def test_words() -> None:
    game = Game(2, seed=4, names=("Ann", "Bob"))
    assert position_summary(game) == "Ann vs Bob, not started, Ann to play"
    assert last_move(game) is None
    move = next(m for m in game.legal_moves() if m.cost == 1)
    game.play(move)
    assert position_summary(game) == "Ann vs Bob, 1 move played, Bob to play"
    last = last_move(game)
    assert last.player == 0 and last.info.cells == move.cells
    assert last.line == f"Ann placed tile {move.tile} on level 1 (paid 1 stone)."
    assert turn_line(game, 1) == "Your turn, Bob."
    assert turn_line(game, 0) == "It is Bob's turn: send the link to Bob."
    assert turn_line(game, 0, unsent=True) == "Now send your move to Bob."
    assert turn_line(game, WATCHING) == "It is Bob's turn; you are watching."
    assert turn_line(game, None) == "It is Bob's turn."
    over = random_game(2, 8)
    assert position_summary(over).endswith("finished after 36 moves")
    assert turn_line(over, 0) == "The game is over."
    assert turn_line(over, 0, unsent=True) == "The game is over: send the last move."


def test_svg_file_names() -> None:
    game = played(4, names=("Zoë Ann", "<Bob>"))
    assert svg_filename(game, 0, True) == "akropolis-zo-ann-move4-explained.svg"
    assert svg_filename(game, 1, False) == "akropolis-bob-move4.svg"
    emoji = played(0, names=("🦉", "🐢"))
    assert svg_filename(emoji, 1, False) == "akropolis-player-2-move0.svg"


def test_the_last_move_is_outlined_as_one_shape() -> None:
    game = played(5)
    last = last_move(game)
    view = Viewport(30, 200, 150)
    commands = last_move_outline(view, last.info.cells, last.info.level)
    assert [c[0] for c in commands] == ["poly", "poly"]  # a halo, then the line
    halo, line = commands
    assert halo[4] > line[4] and line[2] is None  # outlined, not filled
    points = list(zip(line[1][::2], line[1][1::2], strict=True))
    assert len(points) == 12  # three hexes' 18 edges, less the 3 shared twice
    centres = [view.hex_center(cell, last.info.level) for cell in last.info.cells]
    all_corners = [c for centre in centres for c in corners(centre, view.scale)]
    for x, y in points:
        assert min(abs(x - cx) + abs(y - cy) for cx, cy in all_corners) < 0.3
