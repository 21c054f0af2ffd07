"""The docs' pictures of the game page are made by a tool from a fixed game: it still runs, and
gives pictures of the sizes the docs show."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tools.screenshots import take

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_docs_pictures_are_made_from_a_fixed_game(
    browser, base_url: str, tmp_path: Path
) -> None:
    written = take(tmp_path, base_url, browser)
    assert [path.name for path in written] == ["game-desktop.png", "game-phone.png"]
    assert png_size(written[0]) == (1280, 800) and png_size(written[1]) == (780, 1688)
    for path in written:  # the docs show the pictures this tool makes
        assert (ROOT / "docs" / "images" / path.name).is_file()
        assert f"images/{path.name}" in (ROOT / "docs" / "players.md").read_text()
