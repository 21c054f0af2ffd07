"""The catalogs of every language: make the template, merge it into each ``.po``, compile them.

    python -m tools.translations update   # the template from the code, merged into each .po
    python -m tools.translations check    # exit 1 if the template is stale or a .po incomplete

The template (``locale/akropolis.pot``) holds every sentence of the Python code the pages run
(the engine's ``Sentence``s and the web's ``_()``), of the pages' HTML and of their JavaScript
(``t("...")``).  ``update`` keeps each ``.po``'s translations and translator comments, adds the
new sentences untranslated and drops those the code no longer has (git keeps them).  The build
compiles each ``.po`` to a ``.mo`` for Python's ``gettext`` and writes the sentences of the
first screen (what shows before Python) as JSON for ``web/browser/i18n.js``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tools.catalogs import Message, extract, extract_source, quoted, write_pot
from tools.page_text import extract_html, extract_js
from tools.po import Entry, compile_mo, header, read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "akropolis.pot"
#: The languages with a catalog (English is the source and has none).
TRANSLATED = ("fr", "pl")
#: Each language's plural rule, as gettext states it in a catalog's header.
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
#: Python modules whose sentences are on the first screen too (built into the page's HTML).
FIRST_SCREEN_PYTHON = ("web/game/newgame.py", "web/common/rules_help.py")
#: Engine modules the pages never run or whose words no person reads on them.
ENGINE_LEFT_OUT = ("cli.py", "simulate.py", "__main__.py")


def sources(root: Path = ROOT) -> list[Path]:
    """The files whose sentences the template holds, in a stable order."""
    engine = [
        path
        for folder in ("", "picture")  # the rules and formats, and the pictures' words
        for path in sorted((root / "engine" / "akropolis" / folder).glob("*.py"))
        if path.name not in ENGINE_LEFT_OUT
    ]
    web = sorted(
        path
        for path in (root / "web").rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix in (".py", ".html", ".js", ".mjs")
    )
    return engine + web + [root / "tools" / "icons.py"]  # the manifest's description


READERS = {".py": extract_source, ".html": extract_html, ".js": extract_js, ".mjs": extract_js}


def template(root: Path = ROOT) -> list[Message]:
    """The template's messages, freshly extracted."""
    return extract(sources(root), root, READERS)


def template_text(root: Path = ROOT) -> str:
    return write_pot(template(root)) + "\n"


def _header_entry(language: str, old: list[Entry]) -> Entry:
    fields = header(old) if old else {}
    fields.setdefault("Language", language)
    fields["Content-Type"] = "text/plain; charset=UTF-8"
    fields["Plural-Forms"] = PLURAL_FORMS[language]
    text = "".join(f"{key}: {value}\n" for key, value in fields.items())
    comments = next((e.comments for e in old if e.msgid == "" and e.msgctxt is None), [])
    return Entry("", [text], comments=list(comments))


def merge(language: str, old_text: str, messages: list[Message]) -> str:
    """The ``.po`` of ``language``: ``messages`` with the translations and translator comments
    of ``old_text`` where it has them, the others untranslated."""
    old = read_po(old_text, f"{language}.po") if old_text else []
    known = {(e.msgctxt, e.msgid): e for e in old if e.msgid}
    forms = int(PLURAL_FORMS[language].split(";")[0].split("=")[1])
    out = [_write_entry(_header_entry(language, old))]
    for message in messages:
        entry = known.get(message.key)
        size = 1 if message.msgid_plural is None else forms
        strings = list(entry.msgstr) if entry and len(entry.msgstr) == size else [""] * size
        if entry and entry.msgid_plural != message.msgid_plural:
            strings = [""] * size
        out.append(
            _write_entry(
                Entry(
                    message.msgid,
                    strings,
                    message.msgctxt,
                    message.msgid_plural,
                    comments=list(entry.comments) if entry else [],
                    references=list(message.references),
                )
            )
        )
    return "\n".join(out)


def _write_entry(entry: Entry) -> str:
    lines = [f"# {comment}".rstrip() for comment in entry.comments]
    if entry.references:
        lines.append("#: " + " ".join(entry.references))
    if entry.flags:
        lines.append("#, " + ", ".join(sorted(entry.flags)))
    if entry.msgctxt is not None:
        lines.append(f"msgctxt {quoted(entry.msgctxt)}")
    lines.append(f"msgid {quoted(entry.msgid)}")
    if entry.msgid_plural is None:
        lines.append(f"msgstr {quoted(entry.msgstr[0])}")
    else:
        lines.append(f"msgid_plural {quoted(entry.msgid_plural)}")
        lines += [f"msgstr[{i}] {quoted(text)}" for i, text in enumerate(entry.msgstr)]
    return "\n".join(lines) + "\n"


def catalog(language: str, root: Path = ROOT) -> list[Entry]:
    path = root / "locale" / f"{language}.po"
    return read_po(path.read_text(encoding="utf-8"), path.name)


def first_screen(entries: list[Entry]) -> dict[str, str | list[str]]:
    """The translated sentences the first screen shows before Python: those of the HTML, the
    JavaScript and the Python built into the page (msgid → msgstr; a plural as
    ``singular\\0plural`` → its forms; no contexts)."""
    out: dict[str, str | list[str]] = {}
    for entry in entries:
        if not entry.msgid or entry.msgctxt is not None:
            continue
        if not all(entry.msgstr) or "fuzzy" in entry.flags:
            continue
        if not any(_first_screen_reference(ref) for ref in entry.references):
            continue
        if entry.msgid_plural is None:
            out[entry.msgid] = entry.msgstr[0]
        else:
            out[f"{entry.msgid}\0{entry.msgid_plural}"] = list(entry.msgstr)
    return out


def _first_screen_reference(reference: str) -> bool:
    path = reference.rsplit(":", 1)[0]
    return path.endswith((".html", ".js", ".mjs")) or path in FIRST_SCREEN_PYTHON


def compiled(root: Path = ROOT) -> tuple[dict[str, bytes], str]:
    """Each language's ``.mo`` bytes, and the first screen's catalogs as JSON text."""
    mos, screens = {}, {}
    for language in TRANSLATED:
        entries = catalog(language, root)
        mos[language] = compile_mo(entries)
        screens[language] = first_screen(entries)
    return mos, json.dumps(screens, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def update(root: Path = ROOT) -> None:
    messages = template(root)
    (root / "locale").mkdir(exist_ok=True)
    (root / "locale" / "akropolis.pot").write_text(write_pot(messages) + "\n", encoding="utf-8")
    for language in TRANSLATED:
        path = root / "locale" / f"{language}.po"
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        path.write_text(merge(language, old, messages), encoding="utf-8")


def problems(root: Path = ROOT) -> list[str]:
    """What keeps the catalogs from being complete: a stale template, a sentence missing."""
    found = []
    if (root / "locale" / "akropolis.pot").read_text(encoding="utf-8") != template_text(root):
        found.append(
            "locale/akropolis.pot is not the code's: run python -m tools.translations update"
        )
    for language in TRANSLATED:
        for entry in catalog(language, root):
            if entry.msgid and (not all(entry.msgstr) or "fuzzy" in entry.flags):
                found.append(f"{language}.po:{entry.line}: {entry.msgid!r} is not translated")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        return 0
    if command == "check":
        found = problems()
        print("\n".join(found[:50]) or "the catalogs are complete")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
