"""Shared helpers for the rules tests (test_rules_*.py): build cities, play games, snapshot state.

Cities are built two ways: by legal placements (``built``), or drawn hex by hex for scoring
(``draw``), with one short code per hex: a letter ``Q H M B T G``, ``*`` for a plaza, then the
level when it is above 1 — ``"H"``, ``"H3"``, ``"T*"``, ``"Q2"``.
"""

from __future__ import annotations

import re

import pytest

from akropolis import (
    City,
    Game,
    HexScore,
    IllegalMoveError,
    LegalMove,
    Placement,
    records,
    score_city,
)
from akropolis.tiles import LETTERS, PLAZA_OFFSET, Kind

Hex = tuple[int, int]

_KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
_CODE = re.compile(r"^([QHMBTG])(\*?)(\d*)$")


def hexes_of(cells: dict[Hex, str]) -> list[tuple[Hex, Kind, int]]:
    """``{(q, r): code}`` as ``((q, r), kind, level)`` triples."""
    out = []
    for cell, code in cells.items():
        match = _CODE.match(code)
        assert match, f"bad hex code {code!r}"
        letter, plaza, level = match.groups()
        kind = _KIND_OF_LETTER[letter]
        out.append((cell, Kind(kind + PLAZA_OFFSET) if plaza else kind, int(level or 1)))
    return out


def draw(cells: dict[Hex, str]) -> City:
    """A city drawn hex by hex (each hex its own tile), for scoring puzzles."""
    return City.from_hexes(hexes_of(cells))


def ring(radius: int, code: str = "Q", centre: Hex = (0, 0)) -> dict[Hex, str]:
    """The cells at exactly ``radius`` from ``centre``, all drawn with ``code``."""
    cq, cr = centre
    return {
        (cq + q, cr + r): code
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if max(abs(q), abs(r), abs(q + r)) == radius
    }


def built(*placements: tuple[int, Hex, int]) -> City:
    """A city built from the starting tile by legal placements ``(tile, anchor, rotation)``."""
    return City.from_placements([Placement(*p) for p in placements])


def points(city: City, kind: str, variants: tuple[str, ...] = ()) -> tuple[int, int, int]:
    """``(value, stars, points)`` of one scorepad line."""
    line = score_city(city, variants).kinds[kind]
    return line.value, line.stars, line.points


def verdict(city: City, cell: Hex, variants: tuple[str, ...] = ()) -> HexScore:
    """The scoring verdict of the district at ``cell``."""
    return next(h for h in score_city(city, variants).hexes if h.cell == cell)


def city_state(city: City) -> tuple:
    """Everything a city holds, for exact before/after comparisons."""
    return (
        dict(city.height),
        dict(city.kind),
        dict(city.piece),
        set(city.frontier),
        list(city.placements),
        sorted(city.hexes()),
    )


def game_state(game: Game) -> tuple:
    """Everything a game holds (record, site, stones, turn, round, cities, legal moves)."""
    return (
        records.game_to_record(game),
        game.site,
        game.stones,
        game.turn,
        game.chief,
        game.round,
        game.stacks_left,
        game.ply,
        game.is_over,
        [city_state(city) for city in game.cities],
        game.legal_moves(),
    )


def first_move(game: Game, site_index: int = 0, level: int = 1) -> LegalMove:
    """The first legal move taking the tile at ``site_index`` onto ``level``."""
    return next(m for m in game.legal_moves() if m.site_index == site_index and m.level == level)


def play_to_end(game: Game) -> list[int]:
    """Play the first tile onto level 1 every turn until the game ends; the seat of each turn."""
    seats = []
    while not game.is_over:
        seats.append(game.turn)
        game.play(first_move(game))
    return seats


def assert_refused(game: Game, move: Placement, message: str, player: int | None = None) -> None:
    """``move`` raises IllegalMoveError with exactly ``message`` and leaves the game untouched."""
    before = game_state(game)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(move, player=player)
    assert str(caught.value) == message
    assert game_state(game) == before
