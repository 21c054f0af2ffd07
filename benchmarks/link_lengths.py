"""How long the links of a game played by link get (docs/fair-links.md).  Asserts nothing.

Plays seeded random games by link (every device with its own key, as on the page) and reports
the length of the whole link a player sends after the last move, and the longest of the game,
for 2, 3 and 4 players and the all-tiles option, with and without the three-letter names and
variants; and the checking cost: the time to open (check and replay) the last link.

    python benchmarks/link_lengths.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from akropolis import Game, bylink, records
from akropolis.options import Options

#: A deployed page's address before the fragment (GitHub Pages, a typical project name).
BASE = "https://your-name.github.io/akropolis/index.html#play/"


def play(options: Options, names: list[str], seed: int) -> list[str]:
    rnd = random.Random(seed)
    keys = [rnd.randbytes(16) for _ in names]
    chains = bylink.new_chains(options, keys[0], rnd.randbytes(8))
    for seat in range(1, len(names)):
        chains = bylink.join(chains, options, seat, keys[seat])
    kinds = [None] * len(names)
    moves: list = []
    links = []
    while True:
        game = bylink.open_game(options, names, kinds, chains, moves)
        seat = game.turn
        bylink.turn_over_mine(game, seat, keys[seat])
        if game.is_over:
            return links
        game.play(rnd.choice(game.legal_moves()).move)
        game.chains = bylink.revealing(game.chains, options, seat, keys[seat], game.ply)
        text = BASE + records.dump(game, notation=True, check=True)
        links.append(text)
        back = records.load(text.split("#play/")[1])
        chains, moves = back.chains, list(back.moves)


def main() -> None:
    setups = [
        ("2 players", Options(2), ["Ann", "Bob"]),
        ("2 players, all tiles", Options(2, all_tiles=True), ["Ann", "Bob"]),
        ("3 players", Options(3), ["Ann", "Bob", "Cy"]),
        ("4 players", Options(4), ["Ann", "Bob", "Cy", "Di"]),
        (
            "4 players, 5 variants",
            Options(4, frozenset({"houses", "markets", "barracks", "temples", "gardens"})),
            ["Ann", "Bob", "Cy", "Di"],
        ),
    ]
    print(f"{'game':24} {'last link':>10} {'longest':>8} {'open last (ms)':>15}")
    for label, options, names in setups:
        last, longest, opening = [], [], []
        for seed in range(5):
            links = play(options, names, seed)
            last.append(len(links[-1]))
            longest.append(max(map(len, links)))
            start = time.perf_counter()
            records.load(links[-1].split("#play/")[1])
            opening.append((time.perf_counter() - start) * 1000)
        print(
            f"{label:24} {statistics.median(last):>10.0f} {max(longest):>8} "
            f"{statistics.median(opening):>15.1f}"
        )
    dealt = Game(4, seed=1, names=["Ann", "Bob", "Cy", "Di"])
    while not dealt.is_over:
        dealt.play(dealt.legal_moves()[0].move)
    old = BASE + records.dump(dealt, notation=True, check=True)
    print(f"{'(4 players, dealt ahead)':24} {len(old):>10}")


if __name__ == "__main__":
    main()
