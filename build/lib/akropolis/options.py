"""What a game is played with (players, variants, the all-tiles option) and its deck: dealt
from a seed, or given and checked against the tile pool."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .checks import check_bool, check_seed, check_variants, excerpt, is_int
from .rng import SplitMix64
from .sentences import Sentence
from .tiles import TILES, tile_pool

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: Stacks in a standard game; the all-tiles option uses as many as the 61 tiles make.
STANDARD_STACKS = 11


@dataclass(frozen=True, slots=True)
class Options:
    """What a game is played with: player count, variants and the all-tiles option."""

    players: int = 2
    variants: frozenset[str] = frozenset()
    all_tiles: bool = False

    def __post_init__(self) -> None:
        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                Sentence("players must be 2, 3 or 4, not {value}", value=excerpt(self.players))
            )
        object.__setattr__(self, "variants", check_variants(self.variants))
        check_bool(self.all_tiles, "all_tiles")
        if self.all_tiles and self.players == MAX_PLAYERS:
            raise ValueError(
                Sentence("the all-tiles option is for 2 or 3 players (4 players use all tiles)")
            )

    @property
    def site_size(self) -> int:
        """Tiles in the Construction Site at the start of each round."""
        return self.players + 2

    @property
    def stack_size(self) -> int:
        return self.players + 1

    def pool(self) -> list[int]:
        """The ids of the tiles this game uses."""
        return tile_pool(self.players, self.all_tiles)


def deal(options: Options, seed: int) -> list[int]:
    """The deck for a seed: the pool shuffled; the first ``site_size`` tiles start the site."""
    check_seed(seed)
    return SplitMix64(seed).shuffled(options.pool())


def check_deck(options: Options, deck: Sequence[int]) -> list[int]:
    """A deck checked against the game's tile pool: known ids, each at most once."""
    if not isinstance(deck, (list, tuple)):
        raise ValueError(
            Sentence("the deck must be a list of tile numbers, not {value}", value=excerpt(deck))
        )
    deck = list(deck)
    if not deck:
        raise ValueError(Sentence("the deck is empty"))
    pool = set(options.pool())
    seen: set[int] = set()
    for index, tile in enumerate(deck):
        if not is_int(tile) or tile not in TILES:
            raise ValueError(
                Sentence(
                    "deck position {position}: {value} is not a tile (1 to 61)",
                    position=index + 1,
                    value=excerpt(tile),
                )
            )
        if tile not in pool:
            raise ValueError(
                Sentence(
                    "deck position {position}: tile {tile} is not used with {players} players",
                    position=index + 1,
                    tile=tile,
                    players=options.players,
                )
            )
        if tile in seen:
            raise ValueError(
                Sentence(
                    "deck position {position}: tile {tile} appears twice",
                    position=index + 1,
                    tile=tile,
                )
            )
        seen.add(tile)
    return deck
