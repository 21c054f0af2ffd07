"""The in-game rules help: a concise summary of the rules and scoring, with our clarifications.

The help is named sections, so a page can show the part it needs (the score calculator shows
"Scoring" and "Variants"); ``html()`` is the whole help, as the game's Rules dialog shows it.
Each paragraph and list item is one entry of the catalogs (``N_``), its words in bold or in
``<kbd>`` kept as markup, and is marked ``data-i18n-html``: the game page's help is built into
its HTML, in English, and ``i18n.js`` translates it there before the first paint, paragraph by
paragraph; Python shows it in the page's language from the same entries.  Each language's
wording follows its own rulebook.
"""

from __future__ import annotations

from akropolis.sentences import N_, Sentence
from common.i18n import translate

#: A block of a section: a paragraph, or a list whose items are paragraphs, or a paragraph
#: followed by a list of its own.
Item = str | tuple[str, tuple[str, ...]]
Block = tuple[str, str | tuple[Item, ...]]

#: The help's title and first words.
TITLE = N_("How to play Akropolis")
INTRO = N_(
    "Each player builds a city of hexes. The richest city — districts placed where they "
    "thrive, multiplied by plazas — wins."
)

#: The sections, in order: title → blocks.
SECTIONS: dict[str, tuple[Block, ...]] = {
    N_("Your turn"): (
        (
            "ol",
            (
                N_(
                    "<b>Take a tile</b> from the Construction Site. The first is free; each tile "
                    "costs one stone per tile before it. With no stones you must take the first. "
                    "The tiles after it slide left."
                ),
                (
                    N_("<b>Add it to your city</b>, rotated as you like:"),
                    (
                        N_("on the ground: touching your city along at least one edge; or"),
                        N_(
                            "on top: over three hexes that are all built and all at the same "
                            "height (no gaps, no slopes), covering hexes of at least two "
                            "different tiles. Your starting tile counts as one tile."
                        ),
                    ),
                ),
                N_("<b>Take one stone</b> for each quarry you cover."),
            ),
        ),
        (
            "p",
            N_(
                "When one tile is left in the Construction Site, it moves to the front, the next "
                "stack is added and the Chief Architect passes to the left (the next player, so "
                "play simply goes on). When no stack is left, the game ends: the last tile is "
                "never played."
            ),
        ),
    ),
    N_("Scoring"): (
        (
            "p",
            N_(
                "Only the visible (top) hexes count. For each district kind: <b>sum of the "
                "values of its districts that meet their condition × the stars of your plazas "
                "of that kind</b>. A district's value is its level (ground = 1). No plaza of a "
                "kind means no points for it. Plazas score nothing themselves. Plus one point "
                "per stone."
            ),
        ),
        (
            "ul",
            (
                N_(
                    "<b>Houses</b> (a house on blue, 1 star per plaza): only your largest group "
                    "of adjacent houses counts (most hexes; between equal groups, the higher "
                    "value)."
                ),
                N_(
                    "<b>Markets</b> (a coin on yellow, 2 stars): a market counts if no other "
                    "market is next to it."
                ),
                N_(
                    "<b>Barracks</b> (a shield on red, 2 stars): a barracks counts if it is on "
                    "the outer edge of your city. An enclosed hole (a lake) is not the edge: this "
                    "is the reading of the licensed online edition; some players also count "
                    "holes."
                ),
                N_(
                    "<b>Temples</b> (columns on purple, 2 stars): a temple counts if all six "
                    "neighbours are built (any height)."
                ),
                N_("<b>Gardens</b> (a tree on green, 3 stars): always count."),
            ),
        ),
        ("p", N_("Highest total wins; on a tie, most stones; still tied, a shared victory.")),
    ),
    N_("Variants"): (
        (
            "p",
            N_(
                "Each doubles a district's value when it also meets an extra condition (the "
                "normal condition still applies): houses — a group worth 10 or more; markets — "
                "next to a market plaza; barracks — 3 or 4 empty outside neighbours; temples — "
                "on level 2 or higher; gardens — next to a lake."
            ),
        ),
    ),
    N_("Setup"): (
        (
            "p",
            N_(
                "2 players use 37 tiles in 11 stacks of 3; 3 players 49 tiles in stacks of 4; "
                "4 players all 61 in stacks of 5; the rest start the Construction Site. Seats "
                "start with 1, 2, 3 and 4 stones. With <i>all tiles</i>, 2 players use 19 "
                "stacks of 3; 3 players 14 stacks of 4 (the rulebook says 15, but 61 tiles "
                "make 14)."
            ),
        ),
    ),
    N_("Solo against an Illustrious Architect"): (
        (
            "p",
            N_(
                "A 2-player game where the second seat is an Illustrious Architect, the solo "
                "opponent (the reading of the publisher-licensed online edition). You start with "
                "1 stone, the Illustrious Architect with 2, and it has a starting tile like yours. "
                "The stones you pay for a tile go to the Illustrious Architect; it pays its own "
                "to the reserve. On its turn it takes the "
                "cheapest tile with a plaza it can afford, otherwise the first tile, and builds "
                "only on the ground (next to its city, as close to its starting tile as it "
                "fits), so it never gains stones from quarries."
            ),
        ),
        (
            "p",
            N_(
                "It scores by counts: per kind, <b>every</b> district it has (all its houses, "
                "not only a group) × V × its plaza stars of that kind, plus its stones. V is 1 "
                "for <b>Hippodamos</b> (easy) and <b>Metagenes</b> (medium, who also scores 2 "
                "points per quarry showing) and 2 for <b>Callicrates</b> (hard). With variants, "
                "its barracks and gardens are doubled, its houses when they are worth 10 or "
                "more, its temples at Callicrates only, and at most 3 markets per market plaza. "
                "You win with more points, or equal points and strictly more stones; anything "
                "else is the Illustrious Architect's win."
            ),
        ),
    ),
    N_("Playing the computer"): (
        (
            "p",
            N_(
                "<b>Play the computer</b> starts a game against it at the level you tap; under "
                "<b>More options</b> any seat can be the computer. <b>Easy</b> takes the best "
                "immediate gain, with a little chance; <b>medium</b> weighs what your city can "
                "still become and what the tile it leaves gives the next player; <b>hard</b> "
                "looks a few turns ahead, dealing the hidden stacks again many times (it never "
                "peeks at their order); <b>expert</b> searches the same way, two turns deeper "
                "and over more moves. <b>Hint</b> shows, as a ghost, the move medium would make "
                "and what it gives (expert, if <b>Hints from</b> under More options says so). "
                "Against the computer, Undo takes back to your previous turn."
            ),
        ),
    ),
    N_("Playing by link"): (
        (
            "p",
            N_(
                "<b>Play by link</b> is for friends far apart, each on their own device. The "
                "stacks stay face down for everyone, even for whoever holds every link: the "
                "invitation goes round the table first, each device adds a secret of its own, "
                "and each stack is dealt from every player's secret only when the rules turn it "
                "over, on the device of the player who takes the first tile from it. Nobody can "
                "know or choose a tile before it comes. Your secret stays on the device you "
                "joined from: to play your seat from another device, copy your key to it "
                "(<b>Share</b>, then <b>Copy my key</b>); if it is lost, make a new one "
                "under <b>Share</b> on your turn, and the stack already on its way is dealt "
                "without it."
            ),
        ),
    ),
    N_("Controls"): (
        (
            "p",
            N_(
                "Take a tile from the Construction Site, then point at your city: ringed dots "
                "mark where it fits in the current rotation, and the ghost says what it would "
                "give (its level, the stones its quarries give, your score after). Rotate with "
                "<kbd>R</kbd> (<kbd>Shift</kbd>+<kbd>R</kbd> back), the mouse wheel or the ⟳ "
                "button; click to place; <kbd>Esc</kbd> puts the tile back. On a touch screen: "
                "tap a tile, tap a ringed dot to see what it gives, rotate, then “Place here”."
            ),
        ),
        (
            "p",
            N_(
                "<b>Scoring</b> marks every district of the city on screen: ✓ counts, ×2 "
                "doubled by a variant, ☆ meets its condition but its city has no plaza of its "
                "kind (0 points), ✗ does not count; point at or tap a district to read why. The "
                "same explanation, kind by kind, is beside the city, and at the end of the game "
                "every city is explained by itself."
            ),
        ),
        (
            "p",
            N_(
                "With the keyboard: <kbd>1</kbd> to <kbd>6</kbd> take a Construction Site tile "
                "(left to right, or top to bottom); <kbd>N</kbd> (<kbd>Shift</kbd>+<kbd>N</kbd> "
                "back) moves it to each legal spot in turn, best first, saying what it would "
                "give; the arrows or <kbd>W</kbd> <kbd>E</kbd> <kbd>D</kbd> <kbd>S</kbd> "
                "<kbd>A</kbd> <kbd>Q</kbd> (the six keys around S) move it one hex; "
                "<kbd>Enter</kbd> places it. <kbd>H</kbd> asks for a hint, <kbd>C</kbd> goes to "
                "the city, <kbd>T</kbd> to the Construction Site, <kbd>?</kbd> lists every key. "
                "Drag to pan, <kbd>Ctrl</kbd>+wheel or pinch to zoom; <kbd>Ctrl</kbd>+<kbd>Z</kbd> "
                "undoes."
            ),
        ),
        (
            "p",
            N_(
                "Without seeing the city: under <i>Play in words</i>, type a move in the "
                "notation (<code>18@0,2:0</code>: the tile, the cell of its first hex, its turn "
                "from 0 to 5) or open <i>The city in words</i>: every hex of the city with its "
                "level, its tile and why it scores, and every legal spot of the tile in hand, "
                "best first, each a button that plays it. Cells are written q,r: the "
                "starting plaza is 0,0, 0,-1 is the hex above it, 1,0 the hex below on the "
                "right."
            ),
        ),
    ),
}

#: What each variant doubles, as the New game form and the calculator offer them.
VARIANT_HELP = {
    "houses": N_("Houses: a group worth 10 or more is doubled"),
    "markets": N_("Markets: next to a market plaza, doubled"),
    "barracks": N_("Barracks: with 3 or 4 empty outside neighbours, doubled"),
    "temples": N_("Temples: on level 2 or higher, doubled"),
    "gardens": N_("Gardens: next to a lake, doubled"),
}


def said(message: str) -> str:
    """One entry of the help (``N_`` marked here) in the page's language."""
    return translate(Sentence(message))


def variant_help(variant: str) -> str:
    """What ``variant`` doubles, in the page's language."""
    return said(VARIANT_HELP[variant])


def _item(item: Item) -> str:
    if isinstance(item, str):
        return f"<li data-i18n-html>{said(item)}</li>"
    lead, sub = item
    inner = "".join(f"<li data-i18n-html>{said(text)}</li>" for text in sub)
    return f"<li><span data-i18n-html>{said(lead)}</span><ul>{inner}</ul></li>"


def _block(block: Block) -> str:
    tag, content = block
    if isinstance(content, str):
        return f"<{tag} data-i18n-html>{said(content)}</{tag}>"
    return f"<{tag}>" + "".join(_item(item) for item in content) + f"</{tag}>"


def section(title: str) -> str:
    """One section of the help (by its English title) with its heading."""
    blocks = "\n".join(_block(block) for block in SECTIONS[title])
    return f"<h3>{said(title)}</h3>\n{blocks}"


def html() -> str:
    """The whole help, in the page's language."""
    intro = f'<h2 id="rules-title">{said(TITLE)}</h2>\n<p>{said(INTRO)}</p>'
    return "\n".join([intro, *(section(title) for title in SECTIONS)])
