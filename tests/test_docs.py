"""docs/rules.md is the repository's own rule set: the code cites it, and it says what the code
does.

Every citation (``docs/rules.md, "Scoring"``) in the engine, the web and the tests must name a
section that exists, and the numbers the page states are read back and compared with the
engine's own constants, so that a change to either without the other fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from akropolis import ARCHITECTS, STARS, Game, Kind, tile_pool
from akropolis.game import STANDARD_STACKS
from akropolis.hexes import DIRECTIONS
from akropolis.scoring import HOUSE_VARIANT_THRESHOLD

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
HEADINGS = {line.lstrip("#").strip() for line in RULES.splitlines() if line.startswith("#")}
#: The page's name, a comma, then one or more quoted section titles (joined by commas, "and").
CITATION = re.compile(r'docs/rules\.md,\s+((?:"[^"]+"(?:,\s*|\s+and\s+)?)+)')


def citing_files() -> list[Path]:
    found = []
    for folder in ("engine", "web", "tests", "benchmarks", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "docs/rules.md" in path.read_text(encoding="utf-8"):
                found.append(path)
    return found


def test_the_code_cites_the_rules_page() -> None:
    assert len(citing_files()) >= 8


@pytest.mark.parametrize("path", citing_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_citation_names_a_section_that_exists(path: Path) -> None:
    text = " ".join(line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    cited = [title for group in CITATION.findall(text) for title in re.findall(r'"([^"]+)"', group)]
    missing = sorted(set(cited) - HEADINGS)
    assert not missing, f"{path.name} cites sections docs/rules.md does not have: {missing}"


def test_stars_match_the_engine() -> None:
    line = re.search(r"\*\*Stars on a plaza\*\*: (.*)\.", RULES).group(1)
    stated = {name: int(n) for name, n in re.findall(r"(\w+) (\d)", line)}
    assert stated == {kind.label: stars for kind, stars in STARS.items()}


def test_tile_counts_and_stacks_match_the_engine() -> None:
    counts = re.search(r"(\d+) tiles are used\s+with 2 players, (\d+) with 3, all (\d+)", RULES)
    assert [int(n) for n in counts.groups()] == [len(tile_pool(p)) for p in (2, 3, 4)]
    assert f"Deal {STANDARD_STACKS} stacks of `players + 1` tiles" in RULES
    for players in (2, 3, 4):
        game = Game(players, seed=1)
        assert len(game.site) == players + 2
        assert game.stones == tuple(range(1, players + 1))  # seat n starts with n stones


def test_directions_match_the_engine() -> None:
    stated = re.search(r"The six directions, clockwise from north, are (.*?) —", RULES, re.S)
    pairs = re.findall(r"`\((-?\d), (-?\d)\)`", stated.group(1))
    assert [(int(q), int(r)) for q, r in pairs] == list(DIRECTIONS)


def test_the_architects_and_the_house_threshold_match_the_engine() -> None:
    for architect in ARCHITECTS.values():
        assert f"**{architect.name}** ({architect.difficulty}): V = {architect.value}" in RULES
    assert "Metagenes** (medium): V = 1, plus 2 points for each visible quarry" in RULES
    assert ARCHITECTS["metagenes"].quarry_points == 2
    assert f"doubled if it is {HOUSE_VARIANT_THRESHOLD} or more" in RULES
    assert Kind.HOUSE.label == "house"


def test_the_fair_links_page_counts_the_draws_as_the_engine_deals() -> None:
    """docs/fair-links.md: per player count, the tiles, the stacks and the draws (one for the
    opening site, one per stack), with the all-tiles option in brackets."""
    page = (ROOT / "docs" / "fair-links.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\s*\| (\d) \| (\d+)(?: \(all tiles: (\d+)\))? \| (\d+)(?: \((\d+)\))? \| "
        r"(\d+)(?: \((\d+)\))? \|$",
        page,
        re.MULTILINE,
    )
    assert [row[0] for row in rows] == ["2", "3", "4"]
    for players, tiles, all_tiles, stacks, all_stacks, draws, all_draws in rows:
        for all_option, said in (
            (False, (tiles, stacks, draws)),
            (True, (all_tiles, all_stacks, all_draws)),
        ):
            if not said[0]:
                continue
            options = Game(int(players), seed=1, all_tiles=all_option).options
            pool = len(options.pool())
            count = -(-(pool - options.site_size) // options.stack_size)
            assert tuple(map(int, said)) == (pool, count, count + 1)


def test_the_fair_links_page_names_the_fields_the_notation_reads() -> None:
    """docs/fair-links.md: every field it says a link carries is one the notation reads, and
    its example invitation opens."""
    from akropolis import records

    page = (ROOT / "docs" / "fair-links.md").read_text(encoding="utf-8")
    section = page.split("## What a link carries", 1)[1].split("\n## ", 1)[0]
    fields = re.findall(r"^- `([a-z])=`", section, re.MULTILINE)
    assert fields == ["g", "h", "x", "r"]
    source = (ROOT / "engine" / "akropolis" / "notation.py").read_text(encoding="utf-8")
    known = re.search(r"_fields\(\s*text, GAME_HEADER, \(([^)]*)\)", source).group(1)
    assert all(f'"{field}"' in known for field in fields)
    example = re.search(r"`(A1;c=[0-9a-f]+;[^`]*)`", section).group(1)
    game = records.load(example)  # its check holds too (tests/test_readme.py writes it back)
    assert game.chains is not None and game.chains.joined == 1 and game.awaiting_stack
