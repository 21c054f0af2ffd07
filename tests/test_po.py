"""gettext catalogs (tools/po.py): .po files read strictly, compiled to .mo files that Python's
own gettext reads back, plural forms and contexts included."""

from __future__ import annotations

import gettext
import io

import pytest

from tools.po import CatalogError, compile_mo, header, read_po

POLISH = r"""# Polish catalog of a test.
msgid ""
msgstr ""
"Language: pl\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\n"

#. The stones a player has left.
#: web/game/panels.py:10
msgid "{n} stone"
msgid_plural "{n} stones"
msgstr[0] "{n} kamień"
msgstr[1] "{n} kamienie"
msgstr[2] "{n} kamieni"

msgctxt "district kind"
msgid "Markets"
msgstr "Targowiska"

msgid "Markets"
msgstr "Rynek"

msgid "A line\n"
"and another with a \"quote\"."
msgstr "Linia\n"
"i druga z „cudzysłowem”."

#, fuzzy
msgid "Not sure yet"
msgstr "Jeszcze nie"

msgid "Not done"
msgstr ""

#~ msgid "Gone"
#~ msgstr "Nie ma"
"""


def translations(text: str) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(compile_mo(read_po(text))))


def test_a_compiled_catalog_reads_back_with_pythons_gettext() -> None:
    polish = translations(POLISH)
    assert polish.gettext("Markets") == "Rynek"
    assert polish.pgettext("district kind", "Markets") == "Targowiska"
    assert (
        polish.gettext('A line\nand another with a "quote".') == "Linia\ni druga z „cudzysłowem”."
    )
    assert polish.info()["language"] == "pl"


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "0 kamieni"),
        (1, "1 kamień"),
        (2, "2 kamienie"),
        (5, "5 kamieni"),
        (12, "12 kamieni"),
        (22, "22 kamienie"),
        (112, "112 kamieni"),
    ],
)
def test_polish_plurals_take_their_three_forms(n: int, expected: str) -> None:
    polish = translations(POLISH)
    assert polish.ngettext("{n} stone", "{n} stones", n).format(n=n) == expected


def test_fuzzy_untranslated_and_obsolete_entries_fall_back_to_the_source() -> None:
    polish = translations(POLISH)
    assert polish.gettext("Not sure yet") == "Not sure yet"
    assert polish.gettext("Not done") == "Not done"
    assert polish.gettext("Gone") == "Gone"


def test_entries_keep_their_comments_references_flags_and_line() -> None:
    entries = {(e.msgctxt, e.msgid): e for e in read_po(POLISH)}
    stone = entries[(None, "{n} stone")]
    assert stone.comments == ["The stones a player has left."]
    assert stone.references == ["web/game/panels.py:10"]
    assert stone.msgstr == ["{n} kamień", "{n} kamienie", "{n} kamieni"]
    assert stone.translated
    assert not entries[(None, "Not sure yet")].translated
    assert not entries[(None, "Not done")].translated
    assert header(read_po(POLISH))["Plural-Forms"].startswith("nplurals=3;")


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\n',  # no msgstr
        'msgid "a"\nmsgstr "b"\nmsgstr "c"\n',  # msgstr twice
        'msgid "a"\nmsgstr b\n',  # not quoted
        'msgid "a"\nmsgstr "b\n',  # not closed
        '"dangling"\nmsgid "a"\nmsgstr "b"\n',  # a continuation of nothing
        'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n',  # plural without forms
        'msgid "a"\nmsgstr[0] "b"\n',  # forms without a plural
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[2] "c"\n',  # a form missing
        'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',  # the same entry twice
        'msgid "a"\nmsgstr "b"\nmsgfoo "c"\n',  # unknown keyword
    ],
)
def test_a_malformed_catalog_is_refused_with_where(text: str) -> None:
    with pytest.raises(CatalogError, match="<catalog>"):
        read_po(text)
