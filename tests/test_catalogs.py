"""The catalogs' template (tools/catalogs.py): every sentence of the code found by reading its
source, under gettext's own call names, and written as a .pot that reads back as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.catalogs import ExtractionError, extract, extract_source, write_pot
from tools.po import read_po

SOURCE = """
def panel(t, name, stones):
    title = t.gettext("Players")
    said = t.ngettext("{count} stone left", "{count} stones left", stones)
    kind = t.pgettext("district kind", "Markets")
    other = response.text  # not a sentence
    return _("{name} places a tile.\\nThen the next player.", name=name), title, said, kind
"""


def test_every_sentence_is_found_with_its_place() -> None:
    found = extract_source(SOURCE, "web/game/panels.py")
    assert [(m.msgctxt, m.msgid, m.msgid_plural) for m in found] == [
        (None, "Players", None),
        (None, "{count} stone left", "{count} stones left"),
        ("district kind", "Markets", None),
        (None, "{name} places a tile.\nThen the next player.", None),
    ]
    assert found[0].references == ["web/game/panels.py:3"]


@pytest.mark.parametrize(
    "call",
    [
        "t.gettext(name)",
        't.gettext(f"{name} wins")',
        't.ngettext("a", other, 2)',
        't.pgettext(kind, "Markets")',
        "_()",
    ],
)
def test_a_sentence_that_is_not_a_literal_is_refused_with_where(call: str) -> None:
    with pytest.raises(ExtractionError, match=r"m\.py:2"):
        extract_source(f"\n{call}\n", "m.py")


def test_one_sentence_in_two_places_is_one_message(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text('_("Undo")\n')
    (tmp_path / "b.py").write_text('\n_("Undo")\nt.pgettext("menu", "Undo")\n')
    messages = extract([tmp_path / "a.py", tmp_path / "b.py"], tmp_path)
    assert [(m.msgctxt, m.msgid, m.references) for m in messages] == [
        (None, "Undo", ["a.py:1", "b.py:2"]),
        ("menu", "Undo", ["b.py:3"]),
    ]


def test_one_sentence_with_two_plurals_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text('t.ngettext("a stone", "stones", 2)\n')
    (tmp_path / "b.py").write_text('t.ngettext("a stone", "some stones", 2)\n')
    with pytest.raises(ExtractionError, match=r"b\.py:1"):
        extract([tmp_path / "a.py", tmp_path / "b.py"], tmp_path)


def test_the_template_reads_back_as_the_sentences_found() -> None:
    found = extract_source(SOURCE + '\n_("Say \\"hi\\"\\tback\\\\")\n', "p.py")
    entries = read_po(write_pot(found))
    assert entries[0].msgid == ""  # the header
    assert [(e.msgctxt, e.msgid, e.msgid_plural) for e in entries[1:]] == [
        (m.msgctxt, m.msgid, m.msgid_plural) for m in found
    ]
    assert entries[1].references == ["p.py:3"]
    assert all(not e.translated for e in entries[1:])
