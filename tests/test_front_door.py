"""The README is the front door: short, with a picture of the game, the two set-up commands,
and a way to every page of docs/ (whose examples tests/test_readme.py runs)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
LINKS = set(re.findall(r"\]\(([^)#]+)\)", README))


def test_the_readme_is_under_250_lines() -> None:
    assert README.count("\n") < 250


def test_it_shows_the_game_in_a_picture_the_screenshot_tool_makes() -> None:
    pictures = re.findall(r"!\[[^\]]+\]\((docs/images/[^)]+\.png)\)", README)
    assert "docs/images/game-desktop.png" in pictures
    assert all((ROOT / picture).is_file() for picture in pictures)
    tool = (ROOT / "tools" / "screenshots.py").read_text(encoding="utf-8")
    assert all(Path(picture).name in tool for picture in pictures)


def test_the_two_set_up_commands_come_first() -> None:
    block = re.search(r"## Set-up\n.*?```sh\n(.*?)```", README, re.DOTALL)[1]
    commands = [line.split("#")[0].strip() for line in block.splitlines()]
    assert commands == ["python build.py serve", "python build.py test"]


def test_every_page_of_the_docs_is_linked_and_every_link_leads_somewhere() -> None:
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{page.name}" in LINKS, f"the README does not link docs/{page.name}"
    for link in LINKS:
        if not link.startswith(("http://", "https://")):
            assert (ROOT / link).exists(), link


def test_every_docs_link_leads_somewhere() -> None:
    for page in [*(ROOT / "docs").glob("*.md"), ROOT / "benchmarks" / "README.md"]:
        text = page.read_text(encoding="utf-8")
        for link in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if not link.startswith(("http://", "https://", "mailto:")):
                assert (page.parent / link).exists(), f"{page.name}: {link}"
