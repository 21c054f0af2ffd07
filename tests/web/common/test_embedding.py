"""The embed snippet: one function writes it for the game's Share dialog, the calculator's and
docs/embedding.md's example, the host page's height script included word for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from akropolis import Game, records
from calculator import panels as calculator_panels
from common.embedding import HOST_SCRIPT, embed_snippet, frame_snippet, site_base
from game import share as game_share

ROOT = Path(__file__).resolve().parents[3]
EMBEDDING = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
HREF = "https://example.github.io/akropolis/index.html#A1;p=2"
CITY = "C1;c=ec4f7d;st=0;m=24@0,2:0.7@1,0:3"


def readme_snippet() -> str:
    """The documentation's embed example ("The embed in a frame"), as printed."""
    section = EMBEDDING[EMBEDDING.index("## The embed in a frame") :]
    return re.search(r"```html\n(.*?)\n```", section, re.DOTALL).group(1)


def frame_attributes(snippet: str) -> dict[str, str]:
    """The ``<iframe>``'s attributes, less its address and its name."""
    frame = re.search(r"<iframe\b([^>]*)>", snippet).group(1)
    found = dict(re.findall(r'([a-z-]+)="([^"]*)"', frame))
    return {name: value for name, value in found.items() if name not in ("src", "title")}


def test_the_readme_example_is_what_the_function_writes() -> None:
    shown = readme_snippet()
    source = re.search(r'<iframe src="([^"]+)"', shown).group(1)
    title = re.search(r'title="([^"]+)"', shown).group(1)
    assert shown == frame_snippet(source, title)
    assert shown.endswith(HOST_SCRIPT)


def test_the_game_and_the_calculator_give_the_same_snippet() -> None:
    game = Game(2, seed=4, names=("Ann", "Bob"))
    game.play(next(iter(game.legal_moves())))
    from_game = game_share.embed_snippet(HREF, game)
    from_calculator = calculator_panels.embed_snippet(
        "https://example.github.io/akropolis/calculator.html", CITY, "Ann"
    )
    for snippet in (from_game, from_calculator):
        assert frame_attributes(snippet) == frame_attributes(readme_snippet())
        assert snippet.endswith("</iframe>\n" + HOST_SCRIPT)
        assert snippet.count("<iframe") == 1 and snippet.count("<script>") == 1
    checked = records.dump(game, notation=True, check=True)
    assert from_game.startswith(
        f'<iframe src="https://example.github.io/akropolis/embed.html#{checked}"\n'
        '        title="Akropolis: Ann vs Bob, 1 move played, Bob to play" loading="lazy"\n'
    )
    assert from_calculator.startswith(
        f'<iframe src="https://example.github.io/akropolis/embed.html#{CITY}"\n'
        '        title="Ann’s Akropolis city" loading="lazy"\n'
    )
    source = from_game.split('"')[1]
    assert records.load(source.split("#", 1)[1]).ply == game.ply


def test_what_the_snippet_quotes_is_escaped() -> None:
    snippet = embed_snippet(HREF, 'C1;st=0;m="><script>', '"><script>alert(1)</script> & <b>')
    frame = snippet[: snippet.index("</iframe>")]
    assert "<script>" not in frame and "<b>" not in frame
    assert 'title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;"' in frame
    assert 'embed.html#C1;st=0;m=&quot;&gt;&lt;script&gt;"' in frame
    assert frame.count("<") == 1 and frame.count('"') == 12  # one element, six attributes


@pytest.mark.parametrize(
    ("href", "base"),
    [
        (
            "https://x.github.io/akropolis/calculator.html?a=b#C1;old",
            "https://x.github.io/akropolis/",
        ),
        ("https://x.github.io/akropolis/", "https://x.github.io/akropolis/"),
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000/"),
    ],
)
def test_the_embed_page_is_the_one_next_to_the_page(href: str, base: str) -> None:
    assert site_base(href) == base
    assert embed_snippet(href, CITY, "A city").startswith(f'<iframe src="{base}embed.html#{CITY}"')
