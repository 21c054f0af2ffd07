"""Why each district scores or not, as whole sentences: one per verdict, variant and plaza.

A district's reason is one sentence of the catalogs, never assembled from pieces: every way a
verdict, a doubling variant and a missing plaza combine is written out here (``N_`` marks them
for the catalogs' template).  ``scoring`` and ``architect`` look them up; the English text is
the one the command line has always shown.
"""

from __future__ import annotations

# ruff: noqa: E501  (a table of whole sentences: each stays on one line)
from .sentences import N_, Sentence

#: A player's district: (verdict code, doubled by its variant, no plaza of its kind in the
#: city) → its reason.  Districts that do not count are never doubled and need no plaza.
DISTRICT_REASONS: dict[tuple[str, bool, bool], str] = {
    ("largest-group", False, False): N_("in the largest group of houses"),
    ("largest-group", False, True): N_(
        "in the largest group of houses; but no house plaza in the city"
    ),
    ("largest-group", True, False): N_(
        "in the largest group of houses; doubled: group value 10 or more"
    ),
    ("largest-group", True, True): N_(
        "in the largest group of houses; doubled: group value 10 or more; but no house plaza in the city"
    ),
    ("alone", False, False): N_("no market next to it"),
    ("alone", False, True): N_("no market next to it; but no market plaza in the city"),
    ("alone", True, False): N_("no market next to it; doubled: next to a market plaza"),
    ("edge", False, False): N_("on the edge of the city"),
    ("edge", False, True): N_("on the edge of the city; but no barracks plaza in the city"),
    ("edge", True, False): N_("on the edge of the city; doubled: 3 or 4 empty outside neighbours"),
    ("edge", True, True): N_(
        "on the edge of the city; doubled: 3 or 4 empty outside neighbours; but no barracks plaza in the city"
    ),
    ("surrounded", False, False): N_("surrounded on all six sides"),
    ("surrounded", False, True): N_("surrounded on all six sides; but no temple plaza in the city"),
    ("surrounded", True, False): N_("surrounded on all six sides; doubled: on level 2 or higher"),
    ("surrounded", True, True): N_(
        "surrounded on all six sides; doubled: on level 2 or higher; but no temple plaza in the city"
    ),
    ("always", False, False): N_("gardens always count"),
    ("always", False, True): N_("gardens always count; but no garden plaza in the city"),
    ("always", True, False): N_("gardens always count; doubled: next to a lake"),
    ("always", True, True): N_(
        "gardens always count; doubled: next to a lake; but no garden plaza in the city"
    ),
    ("not-largest-group", False, False): N_("not in the largest group of houses"),
    ("next-to-market", False, False): N_("next to another market"),
    ("not-edge", False, False): N_("not on the edge of the city"),
    ("not-surrounded", False, False): N_("not surrounded on all six sides"),
}
#: The Architect's district (it scores every one): (kind label, worth V > 1 at its level, how
#: the markets variant treats it: "" / "doubled" / "capped", no plaza of its kind) → its reason,
#: with ``{value}`` (V), ``{name}`` (the level's name) and ``{limit}`` (markets per plaza).
ARCHITECT_REASONS: dict[tuple[str, bool, str, bool], str] = {
    ("house", False, "", False): N_("counts: the Illustrious Architect scores every district"),
    ("house", False, "", True): N_(
        "counts: the Illustrious Architect scores every district; but no house plaza in the city"
    ),
    ("house", False, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious Architect's houses are worth 10 or more"
    ),
    ("house", False, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious Architect's houses are worth 10 or more; but no house plaza in the city"
    ),
    ("house", True, "", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}"
    ),
    ("house", True, "", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; but no house plaza in the city"
    ),
    ("house", True, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's houses are worth 10 or more"
    ),
    ("house", True, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's houses are worth 10 or more; but no house plaza in the city"
    ),
    ("market", False, "", False): N_("counts: the Illustrious Architect scores every district"),
    ("market", False, "", True): N_(
        "counts: the Illustrious Architect scores every district; but no market plaza in the city"
    ),
    ("market", False, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district; doubled: at most {limit} of the Illustrious Architect's markets per market plaza"
    ),
    ("market", False, "capped", False): N_(
        "counts: the Illustrious Architect scores every district; not doubled: at most {limit} per market plaza"
    ),
    ("market", False, "capped", True): N_(
        "counts: the Illustrious Architect scores every district; not doubled: at most {limit} per market plaza; but no market plaza in the city"
    ),
    ("market", True, "", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}"
    ),
    ("market", True, "", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; but no market plaza in the city"
    ),
    ("market", True, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: at most {limit} of the Illustrious Architect's markets per market plaza"
    ),
    ("market", True, "capped", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; not doubled: at most {limit} per market plaza"
    ),
    ("market", True, "capped", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; not doubled: at most {limit} per market plaza; but no market plaza in the city"
    ),
    ("barracks", False, "", False): N_("counts: the Illustrious Architect scores every district"),
    ("barracks", False, "", True): N_(
        "counts: the Illustrious Architect scores every district; but no barracks plaza in the city"
    ),
    ("barracks", False, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious Architect's barracks always are"
    ),
    ("barracks", False, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious Architect's barracks always are; but no barracks plaza in the city"
    ),
    ("barracks", True, "", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}"
    ),
    ("barracks", True, "", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; but no barracks plaza in the city"
    ),
    ("barracks", True, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's barracks always are"
    ),
    ("barracks", True, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's barracks always are; but no barracks plaza in the city"
    ),
    ("temple", False, "", False): N_("counts: the Illustrious Architect scores every district"),
    ("temple", False, "", True): N_(
        "counts: the Illustrious Architect scores every district; but no temple plaza in the city"
    ),
    ("temple", True, "", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}"
    ),
    ("temple", True, "", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; but no temple plaza in the city"
    ),
    ("temple", True, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's temples are at Callicrates"
    ),
    ("temple", True, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's temples are at Callicrates; but no temple plaza in the city"
    ),
    ("garden", False, "", False): N_("counts: the Illustrious Architect scores every district"),
    ("garden", False, "", True): N_(
        "counts: the Illustrious Architect scores every district; but no garden plaza in the city"
    ),
    ("garden", False, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious Architect's gardens always are"
    ),
    ("garden", False, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district; doubled: the Illustrious Architect's gardens always are; but no garden plaza in the city"
    ),
    ("garden", True, "", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}"
    ),
    ("garden", True, "", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; but no garden plaza in the city"
    ),
    ("garden", True, "doubled", False): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's gardens always are"
    ),
    ("garden", True, "doubled", True): N_(
        "counts: the Illustrious Architect scores every district, {value} each at {name}; doubled: the Illustrious Architect's gardens always are; but no garden plaza in the city"
    ),
}

#: The player's reasons as sentences, made once (they have no values).
DISTRICT_SENTENCES: dict[tuple[str, bool, bool], Sentence] = {
    key: Sentence(template) for key, template in DISTRICT_REASONS.items()
}
