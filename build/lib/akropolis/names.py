"""What a player's name may hold, and when two names look the same to a person.

A name must show something: at least one of its characters has to draw ink, so that a name
of spaces, of Hangul fillers (U+3164, U+115F, U+1160, U+FFA0), of blank Braille (U+2800), of
combining marks alone or of zero-width characters is refused.  Control characters and
invisible format characters are refused anywhere in a name, except the zero-width joiners
U+200C and U+200D that emoji and some scripts need.  And two names in one game must not look
the same: ``look_alike_key`` is what a person sees of a name (compatibility forms folded,
invisible characters dropped, spaces collapsed, case ignored), so that "Ann", "ann", "Ann "
with a zero-width joiner and fullwidth "Ａｎｎ" are one name.  No character may carry more
than ``MAX_MARKS_IN_A_ROW`` combining marks (a tower of marks paints over the page).

Every Python judges a name alike.  The Default_Ignorable_Code_Point ranges are written out
here (Unicode fixed them, unassigned code points included), and the engine reads the
character database as Unicode 14.0, the version of CPython 3.11: a character assigned since
(Pyodide's Python 3.14 knows Unicode 16.0) counts as unassigned, as it does on 3.11, and an
unassigned character counts as visible and is left as it is, since a newer Unicode may give
it a shape.  ``checks.check_name`` and ``checks.check_names`` apply these rules.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Sequence

#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters a
#: font draws as nothing when it cannot show them, assigned or not.
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
#: Graphic characters (letters or symbols to the database) whose glyph is blank.
BLANK_LOOKING = frozenset("\u2800\U0001d159")  # BRAILLE PATTERN BLANK, MUSICAL SYMBOL NULL NOTEHEAD
#: Invisible characters allowed inside a name: the joiners that emoji and some scripts need.
JOINERS = frozenset("\u200c\u200d")
#: The version of the character database every Python reads names by (CPython 3.11's).
UNICODE_VERSION = "14.0.0"
#: Code points assigned after Unicode 14.0, up to Unicode 16.0 (Pyodide's Python 3.14); on a
#: Python that knows them they are judged as unassigned, as on CPython 3.11.  When the pinned
#: Pyodide's Unicode grows, tests/pyodide says which code points to add.
NEWER_THAN_UNICODE_VERSION: tuple[tuple[int, int], ...] = (
    (0x897, 0x897), (0xCF3, 0xCF3), (0xECE, 0xECE), (0x1B4E, 0x1B4F), (0x1B7F, 0x1B7F),
    (0x1C89, 0x1C8A), (0x2427, 0x2429), (0x2FFC, 0x2FFF), (0x31E4, 0x31E5), (0x31EF, 0x31EF),
    (0xA7CB, 0xA7CD), (0xA7DA, 0xA7DC), (0x105C0, 0x105F3), (0x10D40, 0x10D65),
    (0x10D69, 0x10D85), (0x10D8E, 0x10D8F), (0x10EC2, 0x10EC4), (0x10EFC, 0x10EFF),
    (0x1123F, 0x11241), (0x11380, 0x11389), (0x1138B, 0x1138B), (0x1138E, 0x1138E),
    (0x11390, 0x113B5), (0x113B7, 0x113C0), (0x113C2, 0x113C2), (0x113C5, 0x113C5),
    (0x113C7, 0x113CA), (0x113CC, 0x113D5), (0x113D7, 0x113D8), (0x113E1, 0x113E2),
    (0x116D0, 0x116E3), (0x11B00, 0x11B09), (0x11BC0, 0x11BE1), (0x11BF0, 0x11BF9),
    (0x11F00, 0x11F10), (0x11F12, 0x11F3A), (0x11F3E, 0x11F5A), (0x1342F, 0x1342F),
    (0x13439, 0x13455), (0x13460, 0x143FA), (0x16100, 0x16139), (0x16D40, 0x16D79),
    (0x18CFF, 0x18CFF), (0x1B132, 0x1B132), (0x1B155, 0x1B155), (0x1CC00, 0x1CCF9),
    (0x1CD00, 0x1CEB3), (0x1D2C0, 0x1D2D3), (0x1DF25, 0x1DF2A), (0x1E030, 0x1E06D),
    (0x1E08F, 0x1E08F), (0x1E4D0, 0x1E4F9), (0x1E5D0, 0x1E5FA), (0x1E5FF, 0x1E5FF),
    (0x1F6DC, 0x1F6DC), (0x1F774, 0x1F776), (0x1F77B, 0x1F77F), (0x1F7D9, 0x1F7D9),
    (0x1F8B2, 0x1F8BB), (0x1F8C0, 0x1F8C1), (0x1FA75, 0x1FA77), (0x1FA87, 0x1FA89),
    (0x1FA8F, 0x1FA8F), (0x1FAAD, 0x1FAAF), (0x1FABB, 0x1FABF), (0x1FAC6, 0x1FAC6),
    (0x1FACE, 0x1FACF), (0x1FADA, 0x1FADC), (0x1FADF, 0x1FADF), (0x1FAE8, 0x1FAE9),
    (0x1FAF7, 0x1FAF8), (0x1FBCB, 0x1FBEF), (0x2B739, 0x2B739), (0x2EBF0, 0x2EE5D),
    (0x31350, 0x323AF),
)  # fmt: skip
_REFUSED_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp"))
_NEWER = unicodedata.unidata_version != UNICODE_VERSION


def _in_ranges(ranges: tuple[tuple[int, int], ...], code: int) -> bool:
    index = bisect_right(ranges, (code, 0x10FFFF)) - 1
    return index >= 0 and ranges[index][0] <= code <= ranges[index][1]


def _category(char: str) -> str:
    """The character's general category in Unicode 14.0, whatever this Python knows."""
    if _NEWER and _in_ranges(NEWER_THAN_UNICODE_VERSION, ord(char)):
        return "Cn"
    return unicodedata.category(char)


def is_default_ignorable(char: str) -> bool:
    return _in_ranges(DEFAULT_IGNORABLE, ord(char))


def is_refused(char: str) -> bool:
    """Never allowed in a name: controls, surrogates, line and paragraph separators, and
    invisible format characters but the joiners."""
    category = _category(char)
    return category in _REFUSED_CATEGORIES or (category == "Cf" and char not in JOINERS)


def draws_ink(char: str) -> bool:
    """Whether the character shows something on its own: a letter, digit, punctuation or
    symbol that is neither ignorable nor blank (an unassigned one counts: it may be drawn)."""
    if is_default_ignorable(char) or char in BLANK_LOOKING:
        return False
    category = _category(char)
    return category[0] in "LNPS" or category in ("Cn", "Co")


#: Combining marks one character may carry: enough for any script's accents and signs
#: (Vietnamese stacks two, Indic scripts three or four), not a tower of them that paints over
#: the page around the name.
MAX_MARKS_IN_A_ROW = 4


def marks_in_a_row(name: str) -> int:
    """The most combining marks that follow one another in ``name``."""
    longest = run = 0
    for char in name:
        run = run + 1 if _category(char)[0] == "M" else 0
        longest = max(longest, run)
    return longest


def look_alike_key(name: str) -> str:
    """What a person sees of ``name``: two names with the same key cannot be told apart.

    Compatibility forms folded (NFKC: fullwidth letters, ligatures), default-ignorable and
    blank-looking characters dropped, runs of spaces made one and the ends trimmed, case
    folded.  Characters unassigned in Unicode 14.0 are kept as they are, so that the key is the
    same on every Python.
    """
    segments, known = [], []
    for char in name:
        if is_default_ignorable(char):
            continue
        if _category(char) == "Cn":
            segments.extend((_fold(known), char))
            known = []
        else:
            known.append(char)
    segments.append(_fold(known))
    return " ".join("".join(segments).split())


def _fold(chars: list[str]) -> str:
    text = unicodedata.normalize("NFKC", "".join(chars)).casefold()
    text = "".join(
        " " if char in BLANK_LOOKING else char for char in text if not is_default_ignorable(char)
    )
    return unicodedata.normalize("NFKC", text)


def first_look_alike(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two seats (indexes, lower first) whose names look the same, if any."""
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        key = look_alike_key(name)
        if key in seen:
            return seen[key], index
        seen[key] = index
    return None
