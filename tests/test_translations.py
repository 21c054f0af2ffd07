"""The catalogs (tools/translations.py): the template is the code's, merging keeps what
translators wrote, and the build's compiled catalogs and first-screen sentences."""

from __future__ import annotations

import json

from common.i18n import Translator
from tools.catalogs import Message
from tools.po import read_po
from tools.translations import (
    ROOT,
    TEMPLATE,
    compiled,
    first_screen,
    merge,
    problems,
    template_text,
)

OLD_FRENCH = r"""# A translator's note on the header.
msgid ""
msgstr ""
"Language: fr\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

# Chantier: the rulebook's word.
#: web/game/index.html:3
msgid "Construction Site"
msgstr "Chantier"

#: web/old.py:1
msgid "Gone from the code"
msgstr "Disparu"

msgid "{count} stone"
msgid_plural "{count} stones"
msgstr[0] "{count} Pierre"
msgstr[1] "{count} Pierres"
"""


def test_the_template_is_the_codes() -> None:
    """Fails when a sentence was added to, changed in or removed from the code without
    ``python -m tools.translations update``."""
    assert TEMPLATE.read_text(encoding="utf-8") == template_text(ROOT)
    assert not [p for p in problems(ROOT) if "akropolis.pot" in p]


def test_merging_keeps_translations_and_comments_and_drops_what_the_code_lost() -> None:
    messages = [
        Message("Construction Site", references=["web/game/index.html:9"]),
        Message("{count} stone", "{count} stones", references=["web/game/panels.py:4"]),
        Message("New sentence", references=["web/game/panels.py:5"]),
        Message("Markets", msgctxt="district kind", references=["web/common/scorepad.py:1"]),
    ]
    entries = read_po(merge("fr", OLD_FRENCH, messages))
    by_id = {(e.msgctxt, e.msgid): e for e in entries}
    assert "Gone from the code" not in {e.msgid for e in entries}
    site = by_id[None, "Construction Site"]
    assert site.msgstr == ["Chantier"]
    assert site.comments == ["Chantier: the rulebook's word."]
    assert site.references == ["web/game/index.html:9"]
    assert by_id[None, "{count} stone"].msgstr == ["{count} Pierre", "{count} Pierres"]
    assert by_id[None, "New sentence"].msgstr == [""]
    assert by_id["district kind", "Markets"].msgstr == [""]
    assert entries[0].comments == ["A translator's note on the header."]


def test_polish_entries_get_three_plural_forms() -> None:
    messages = [Message("{count} stone", "{count} stones")]
    entries = read_po(merge("pl", "", messages))
    assert entries[1].msgstr == ["", "", ""]
    assert "nplurals=3" in entries[0].msgstr[0]


def test_the_first_screen_has_the_pages_and_scripts_sentences_only() -> None:
    text = merge(
        "fr",
        "",
        [
            Message("Start", references=["web/game/index.html:1"]),
            Message("Loading…", references=["web/browser/loader.js:2"]),
            Message("Seat {number}", references=["web/game/newgame.py:3"]),
            Message("Your turn", references=["web/game/panels.py:3"]),
            Message("{count} move", "{count} moves", references=["web/game/start.js:4"]),
            Message("Untranslated", references=["web/game/index.html:5"]),
        ],
    )
    entries = read_po(text)
    for entry in entries[1:]:
        if entry.msgid != "Untranslated":
            entry.msgstr = [f"fr {entry.msgid} {i}" for i in range(len(entry.msgstr))]
    assert first_screen(entries) == {
        "Start": "fr Start 0",
        "Loading…": "fr Loading… 0",
        "Seat {number}": "fr Seat {number} 0",
        "{count} move\0{count} moves": ["fr {count} move 0", "fr {count} move 1"],
    }


def test_the_compiled_catalogs_are_what_python_reads() -> None:
    mos, screens = compiled(ROOT)
    assert set(mos) == {"fr", "pl"}
    for language, data in mos.items():
        translator = Translator(language, data)
        assert not translator.fallback
    assert set(json.loads(screens)) == {"fr", "pl"}
