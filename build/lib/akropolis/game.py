"""A game of Akropolis: setup, the Construction Site, turns, legal moves, undo and the result.

``Game`` is the one mutable object; everything it hands out (moves, legal moves, scores) is an
immutable value.  A game is fully determined by its options, its deck and its moves, which is
what a game record stores.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from .architect import (
    Architect,
    architect_choice,
    architect_of,
    architect_spot,
    choice_reason,
    score_architect,
    solo_result,
)
from .checks import (
    check_int,
    check_kinds,
    check_names,
    check_seed,
    check_variants,
    excerpt,
    is_int,
)
from .city import City, IllegalMoveError, Move, Placement, checked_placement
from .hexes import Hex, pack, unpack
from .options import MAX_PLAYERS, MIN_PLAYERS, STANDARD_STACKS, Options, check_deck, deal
from .scoring import CityScore, Result, final_result, score_city
from .sentences import Plural, Sentence, stone_count
from .tiles import TILES

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "STANDARD_STACKS",
    "Game",
    "LegalMove",
    "Options",
    "Result",
    "check_deck",
    "deal",
    "final_result",
]


class LegalMove(NamedTuple):
    """A legal move with what it would do: its cost, level, cells and stones gained."""

    tile: int
    anchor: Hex
    rotation: int
    site_index: int
    cost: int
    level: int
    cells: tuple[Hex, Hex, Hex]
    stones_gained: int

    @property
    def move(self) -> Move:
        return Move(self.tile, self.anchor, self.rotation)

    def to_json(self) -> dict[str, object]:
        return {
            "tile": self.tile,
            "site_index": self.site_index,
            "cost": self.cost,
            "anchor": list(self.anchor),
            "rotation": self.rotation,
            "level": self.level,
            "cells": [list(c) for c in self.cells],
            "stones_gained": self.stones_gained,
        }


class _Turn(NamedTuple):
    """What a move changed beyond the city, so that undo is exact."""

    move: Move
    player: int
    site_index: int
    cost: int
    gained: int
    supplied: bool


class Game:
    """One game: 2–4 cities, the Construction Site and the stacks, played move by move."""

    def __init__(
        self,
        players: int = 2,
        *,
        variants: Iterable[str] = (),
        all_tiles: bool = False,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        names: Sequence[str] | None = None,
        kinds: Sequence[str | None] | None = None,
        hidden: bool = False,
    ) -> None:
        self.options = Options(players, check_variants(variants), all_tiles)
        #: Whether the stacks are turned over one by one as the game needs them (a game played
        #: by link: docs/fair-links.md): ``deck`` then holds only the tiles turned over so far,
        #: and each stack comes with ``turn_over``.  Otherwise the deck is dealt in advance.
        self.hidden: bool = hidden is True
        if hidden is True and deck is None:
            raise ValueError(Sentence("a game with hidden stacks starts from its opening site"))
        opening_due = hidden is True and not deck  # the opening site comes with turn_over
        if seed is not None:
            check_seed(seed)
        elif deck is None:
            seed = int.from_bytes(os.urandom(8), "big")  # not `secrets`: slow to import
        #: The seed the deck was dealt from (kept with an explicit deck too, for the record).
        self.seed: int | None = seed
        self.deck: tuple[int, ...] = ()
        if not opening_due:
            self.deck = tuple(
                check_deck(self.options, deck) if deck is not None else deal(self.options, seed)
            )
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        self.names: tuple[str, ...] = check_names(names, players)
        #: Who plays each seat (``None``: not stated); records carry it.  The rules ignore it,
        #: except for the Architect of the solo game (seat 2 of a 2-player game).
        self.kinds: tuple[str | None, ...] = check_kinds(kinds, players)
        #: The Architect playing seat 2 (index 1) in a solo game, else None.
        self.architect: Architect | None = architect_of(self.kinds[1])
        if self.architect is not None and all_tiles:
            raise ValueError(
                Sentence(
                    "the solo game against an Illustrious Architect uses the 2-player tiles "
                    "(no all-tiles option)"
                )
            )
        #: How many tiles the game deals in all.
        self._total = len(self.options.pool()) if self.hidden else len(self.deck)
        if self.hidden and 0 < len(self.deck) < min(self.options.site_size, self._total):
            raise ValueError(Sentence("the deck must hold at least the opening site"))
        size = min(self.options.site_size, len(self.deck))
        self._site: list[int] = list(self.deck[:size])
        self._next_stack = size
        #: A game by link's public chains (``akropolis.bylink``), else None.
        self.chains: Any = None
        #: A stack (or the opening site) is due but not turned over yet (a hidden deal only).
        self._awaiting = opening_due
        self._stones: list[int] = [seat + 1 for seat in range(players)]
        self.cities: tuple[City, ...] = tuple(City() for _ in range(players))
        self.turn = 0
        self.chief = 0
        self.round = 1
        self._turns: list[_Turn] = []

    # --- State -------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def variants(self) -> frozenset[str]:
        return self.options.variants

    @property
    def site(self) -> tuple[int, ...]:
        """The Construction Site, first tile first."""
        return tuple(self._site)

    @property
    def stones(self) -> tuple[int, ...]:
        return tuple(self._stones)

    @property
    def stacks_left(self) -> int:
        # (A hidden deal awaiting its opening site counts the site apart from the stacks.)
        dealt = max(self._next_stack, min(self.options.site_size, self._total))
        remaining = self._total - dealt
        return -(-remaining // self.options.stack_size)  # a short last stack is still a stack

    @property
    def tile_count(self) -> int:
        """How many tiles the game deals in all (a hidden deal: the whole pool)."""
        return self._total

    def to_come(self) -> list[int]:
        """The tiles not seen yet (still in the stacks), in id order: public, as counting the
        box is; their order is hidden."""
        seen = set(self._site)
        seen.update(turn.move.tile for turn in self._turns)
        tiles = self.options.pool() if self.hidden else self.deck
        return sorted(tile for tile in tiles if tile not in seen)

    @property
    def revealed(self) -> int:
        """How many tiles of the deck have been seen (the first ones: the initial site and
        the stacks turned over so far); the rest are hidden."""
        return self._next_stack

    @property
    def is_over(self) -> bool:
        """The game ends when one tile is left in the site and no stack can refill it."""
        return len(self._site) <= 1 and self._next_stack >= self._total

    @property
    def awaiting_stack(self) -> bool:
        """Whether the next stack is due but not turned over yet (a hidden deal): no move
        can be played until ``turn_over`` brings it."""
        return self._awaiting

    def turn_over(self, tiles: Sequence[int]) -> None:
        """Turn over the stack that is due (a hidden deal): its tiles join the site.  A hidden
        deal made with an empty deck awaits its opening site the same way."""
        if not self._awaiting:
            raise IllegalMoveError(Sentence("no stack is due now"))
        wanted = self.options.site_size if not self._next_stack else self.options.stack_size
        size = min(wanted, self._total - self._next_stack)
        if not isinstance(tiles, (list, tuple)) or len(tiles) != size:
            raise ValueError(
                Plural(
                    "a stack must hold {count} tile, not {value}",
                    "a stack must hold {count} tiles, not {value}",
                    size,
                    value=excerpt(tiles),
                )
            )
        deck = check_deck(self.options, [*self.deck, *tiles])
        self.deck = tuple(deck)
        self._site.extend(tiles)
        self._next_stack += size
        self._awaiting = False

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played so far, in order."""
        return tuple(turn.move for turn in self._turns)

    @property
    def ply(self) -> int:
        return len(self._turns)

    def city(self, player: int) -> City:
        return self.cities[player]

    # --- Moves -------------------------------------------------------------------------------

    def affordable(self) -> list[int]:
        """Site indexes the player to move can pay for (index i costs i stones)."""
        if self.is_over:
            return []
        return list(range(min(len(self._site), self._stones[self.turn] + 1)))

    def legal_moves(self) -> list[LegalMove]:
        """Every distinct legal placement of every affordable tile for the player to move.

        On the Architect's turn in a solo game, its one forced move (``forced_move``).
        """
        if self.architect is not None and self.turn == 1:
            forced = self.forced_move()
            return [] if forced is None else [forced]
        if self._awaiting:
            return []
        spots = self.cities[self.turn].spots()
        new = tuple.__new__
        out: list[LegalMove] = []
        append = out.append
        for index in self.affordable():
            tile = self._site[index]
            count = 1 if TILES[tile].uniform else 3
            for spot in spots:
                level, stones = spot.level, spot.stones
                for anchor, rotation, cells in spot.orientations[:count]:
                    append(
                        new(LegalMove, (tile, anchor, rotation, index, index, level, cells, stones))
                    )
        return out

    def check(self, move: Placement, player: int | None = None) -> LegalMove:
        """What ``move`` would do, or IllegalMoveError with the reason.  Changes nothing."""
        tile, anchor, rotation = checked_placement(move)
        if self.is_over:
            raise IllegalMoveError(Sentence("the game is over"))
        if self._awaiting:
            raise IllegalMoveError(Sentence("the next stack is not turned over yet"))
        if player is not None and (not is_int(player) or not 0 <= player < self.players):
            raise IllegalMoveError(Sentence("there is no player {value}", value=excerpt(player)))
        if player is not None and player != self.turn:
            raise IllegalMoveError(
                Sentence(
                    "it is not {name}'s turn ({current} is to play)",
                    name=self.names[player],
                    current=self.names[self.turn],
                )
            )
        if self.architect is not None and self.turn == 1:
            return self._check_architect(tile, anchor, rotation)
        if tile not in self._site:
            raise IllegalMoveError(
                Sentence("tile {tile} is not in the construction site", tile=tile)
            )
        index = self._site.index(tile)
        if index > self._stones[self.turn]:
            have = self._stones[self.turn]
            raise IllegalMoveError(
                Sentence(
                    "cannot afford tile {tile}: it costs {cost} and {name} has {stones}",
                    tile=tile,
                    cost=stone_count(index),
                    name=self.names[self.turn],
                    stones=stone_count(have),
                )
            )
        cells, level, stones = self.cities[self.turn].check(tile, anchor, rotation)
        public = (unpack(cells[0]), unpack(cells[1]), unpack(cells[2]))
        return LegalMove(tile, anchor, rotation, index, index, level, public, stones)

    def is_architect(self, player: int) -> bool:
        """True if ``player`` (a seat index) is the Architect of a solo game."""
        return player == 1 and self.architect is not None

    def architect_reply(self, index: int) -> int | None:
        """In a solo game: the index, in today's site, of the tile the Architect takes next if
        the human takes site ``index`` now (paying ``index`` stones, which the Architect gets).

        Public knowledge (its choice is forced), so the page can show it; None when no
        Architect plays or a new stack is dealt before its pick (one tile would be left).
        """
        if self.architect is None:
            return None
        left = self._site[:index] + self._site[index + 1 :]
        if len(left) <= 1:
            return None
        pick = architect_choice(left, self._stones[1] + index)
        return pick + (pick >= index)

    def forced_move(self) -> LegalMove | None:
        """The Architect's one legal move, when it is the Architect's turn (else None).

        docs/rules.md, "The Architect's choice": it takes the cheapest tile with a plaza if it
        can afford it, else the first tile (``architect.architect_choice``), and puts it on
        level 1 in its fixed spot (``architect.architect_spot``), so it never gains stones.
        """
        if self.architect is None or self.turn != 1 or self.is_over:
            return None
        index = architect_choice(self._site, self._stones[1])
        anchor, rotation, cells = architect_spot(self.cities[1])
        return LegalMove(self._site[index], anchor, rotation, index, index, 1, cells, 0)

    def _check_architect(self, tile: int, anchor: Hex, rotation: int) -> LegalMove:
        """The Architect's move if it is the forced one, else IllegalMoveError saying why."""
        forced = self.forced_move()
        assert forced is not None
        if tile == forced.tile and anchor == forced.anchor and rotation == forced.rotation:
            return forced
        if tile != forced.tile:
            why = choice_reason(self._site, self._stones[1])
            raise IllegalMoveError(
                Sentence(
                    "the Illustrious Architect must take tile {tile}: {reason}",
                    tile=forced.tile,
                    reason=why,
                )
            )
        raise IllegalMoveError(
            Sentence(
                "the Illustrious Architect must place tile {tile} as {move}: on level 1, in its "
                "fixed spot nearest its starting tile",
                tile=tile,
                move=str(forced.move),
            )
        )

    def play(self, move: Placement, player: int | None = None) -> LegalMove:
        """Play ``move`` for the player to move (checked against ``player`` if given)."""
        info = self.check(move, player)
        self.play_unchecked(info)
        return info

    def play_unchecked(self, info: LegalMove) -> None:
        """Play a move this game gave as legal (``legal_moves``, ``forced_move``, ``check``, or
        a move the AI built from the city's legal spots) without checking it again: the
        search's fast path.  Anything else may corrupt the game; use ``play``."""
        player = self.turn
        self._site.pop(info.site_index)
        a, b, c = info.cells
        cells = (pack(*a), pack(*b), pack(*c))
        self.cities[player].put(info.move, cells, info.level)
        self._stones[player] += info.stones_gained - info.cost
        if self.architect is not None and player == 0:
            self._stones[1] += info.cost  # the human pays the Architect
        self.turn = (player + 1) % self.players
        supplied = len(self._site) == 1 and self._next_stack < self._total
        if supplied:
            if self._next_stack < len(self.deck):
                stack_end = self._next_stack + self.options.stack_size
                self._site.extend(self.deck[self._next_stack : stack_end])
                self._next_stack = min(stack_end, len(self.deck))
            else:
                self._awaiting = True  # a hidden deal: the stack comes with turn_over
            self.chief = (self.chief + 1) % self.players
            self.round += 1
        self._turns.append(
            _Turn(info.move, player, info.site_index, info.cost, info.stones_gained, supplied)
        )

    def undo(self) -> Move:
        """Take back the last move exactly."""
        if not self._turns:
            raise IllegalMoveError(Sentence("there is no move to undo"))
        turn = self._turns.pop()
        if turn.supplied:
            # The stack goes back on top (a hidden deal keeps it turned over: it was seen).
            added = len(self._site) - 1
            del self._site[1:]
            self._next_stack -= added
            self._awaiting = False
            self.chief = (self.chief - 1) % self.players
            self.round -= 1
        move = self.cities[turn.player].undo()
        self._site.insert(turn.site_index, move.tile)
        self._stones[turn.player] += turn.cost - turn.gained
        if self.architect is not None and turn.player == 0:
            self._stones[1] -= turn.cost
        self.turn = turn.player
        return move

    # --- Whole games -------------------------------------------------------------------------

    def replay(self, ply: int | None = None) -> Game:
        """A new game with the same setup and the first ``ply`` moves (all if None)."""
        if ply is not None:
            check_int(ply, "ply", 0, self.ply)
        moves = self.moves if ply is None else self.moves[:ply]
        game = self.fresh()
        for move in moves:
            game.play(move)
        return game

    def fresh(self) -> Game:
        """The same setup (options, deck, names, seed) with no move played."""
        game = Game(
            self.players,
            variants=self.variants,
            all_tiles=self.options.all_tiles,
            deck=self.deck,
            names=self.names,
            kinds=self.kinds,
            hidden=self.hidden,
        )
        game.seed = self.seed
        game.chains = self.chains
        return game

    def copy(self) -> Game:
        """An independent copy of this game, history included (for search and what-ifs)."""
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)
        game._site = list(self._site)
        game._stones = list(self._stones)
        game.cities = tuple(city.copy() for city in self.cities)
        game._turns = list(self._turns)
        return game

    # --- Scores ------------------------------------------------------------------------------

    def score(self, player: int) -> CityScore:
        """The player's score now (the final score once the game is over); the Architect's
        by its own rules (``architect.score_architect``)."""
        if player == 1 and self.architect is not None:
            return score_architect(self.cities[1], self.variants, self._stones[1], self.architect)
        return score_city(self.cities[player], self.variants, self._stones[player])

    def scores(self) -> list[CityScore]:
        return [self.score(p) for p in range(self.players)]

    def result(self) -> Result:
        """The winners: highest total, then most stones, else a shared victory; in a solo game,
        the human only with more points or equal points and strictly more stones."""
        totals = [s.total for s in self.scores()]
        if self.architect is not None:
            return solo_result(self.names, totals, self._stones)
        return final_result(self.names, totals, self._stones)
