"""gettext catalogs, standard library only: read a ``.po`` file, write a ``.mo`` file.

The build compiles each language's ``.po`` with ``compile_mo`` into the bundle; at run time the
pages read it with Python's own ``gettext.GNUTranslations`` (nothing to download).  Reading is
strict: a malformed catalog stops the build with the file and line, never ships half-read.

Supported: comments (kept for the tests: ``#.`` extracted, ``#:`` references, ``#,`` flags),
``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr`` and ``msgstr[n]``, multi-line strings and
the C escapes gettext writes (``\\n \\t \\" \\\\``).  Obsolete entries (``#~``) are ignored.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

#: gettext's separator between a context and its msgid, and between plural forms.
CONTEXT_GLUE = "\x04"
PLURAL_GLUE = "\x00"


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read, with where."""


@dataclass
class Entry:
    """One message of a catalog; ``msgstr`` holds one string, or one per plural form."""

    msgid: str
    msgstr: list[str]
    msgctxt: str | None = None
    msgid_plural: str | None = None
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    line: int = 0

    @property
    def key(self) -> str:
        """The entry's key in a ``.mo`` file: the context, if any, glued to the msgid."""
        key = (
            self.msgid
            if self.msgid_plural is None
            else self.msgid + PLURAL_GLUE + self.msgid_plural
        )
        return key if self.msgctxt is None else self.msgctxt + CONTEXT_GLUE + key

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and "fuzzy" not in self.flags


def _string(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, not {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise CatalogError(f"{where}: a string gettext would not write: {text[:40]!r}") from None
    if not isinstance(value, str):
        raise CatalogError(f"{where}: expected a string")
    return value


def read_po(text: str, name: str = "<catalog>") -> list[Entry]:
    """The entries of a ``.po`` file's text, the header (msgid "") first if present."""
    entries: list[Entry] = []
    current: dict | None = None
    last: tuple[str, int | None] | None = None  # the keyword a continuation line extends

    def finish() -> None:
        nonlocal current
        if current is None:
            return
        if "msgid" not in current or not current["msgstr"]:
            raise CatalogError(f"{name}:{current['line']}: an entry needs a msgid and a msgstr")
        plural = current.get("msgid_plural")
        forms = current["msgstr"]
        wanted = [None] if plural is None else list(range(len(forms)))
        if sorted(forms, key=lambda form: -1 if form is None else form) != wanted:
            raise CatalogError(f"{name}:{current['line']}: msgstr forms do not match msgid")
        strings = [forms[None]] if plural is None else [forms[i] for i in range(len(forms))]
        entries.append(
            Entry(
                current["msgid"],
                strings,
                current.get("msgctxt"),
                plural,
                current["flags"],
                current["comments"],
                current["references"],
                current["line"],
            )
        )
        current = None

    def fresh(number: int) -> dict:
        return {"msgstr": {}, "flags": set(), "comments": [], "references": [], "line": number}

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if current is not None and "msgid" in current:
                finish()
            current = current or fresh(number)
            if line.startswith("#,"):
                current["flags"].update(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#:"):
                current["references"].extend(line[2:].split())
            elif line.startswith("#.") or not line[1:2].strip():  # extracted or translator's
                current["comments"].append(line[2 if line.startswith("#.") else 1 :].strip())
            last = None
            continue
        if line.startswith('"'):
            if current is None or last is None:
                raise CatalogError(f"{where}: a string continues nothing")
            keyword, index = last
            piece = _string(line, where)
            if keyword == "msgstr":
                current["msgstr"][index] += piece
            else:
                current[keyword] += piece
            continue
        keyword, _, rest = line.partition(" ")
        index: int | None = None
        if keyword.startswith("msgstr[") and keyword.endswith("]"):
            try:
                index = int(keyword[7:-1])
            except ValueError:
                raise CatalogError(f"{where}: a plural form's number: {keyword}") from None
            keyword = "msgstr"
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            raise CatalogError(f"{where}: unknown line {line[:40]!r}")
        if keyword in ("msgctxt", "msgid") and current is not None and current["msgstr"]:
            finish()
        if keyword == "msgctxt" and current is not None and "msgid" in current:
            finish()
        current = current or fresh(number)
        value = _string(rest, where)
        if keyword == "msgstr":
            if index in current["msgstr"]:
                raise CatalogError(f"{where}: msgstr given twice")
            current["msgstr"][index] = value
        else:
            if keyword in current:
                raise CatalogError(f"{where}: {keyword} given twice")
            current[keyword] = value
        last = (keyword, index)
    finish()
    keys = [entry.key for entry in entries]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        raise CatalogError(f"{name}: entries given twice: {twice[:3]}")
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The catalog's header fields (the msgid "" entry), e.g. ``Plural-Forms``."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            fields = {}
            for line in entry.msgstr[0].splitlines():
                key, sep, value = line.partition(":")
                if sep:
                    fields[key.strip()] = value.strip()
            return fields
    return {}


def compile_mo(entries: list[Entry]) -> bytes:
    """A GNU ``.mo`` file of the translated entries (the header always; untranslated and fuzzy
    entries left out, so gettext falls back to the source text)."""
    kept = sorted(
        (
            (entry.key, PLURAL_GLUE.join(entry.msgstr))
            for entry in entries
            if entry.msgid == "" or entry.translated
        ),
        key=lambda pair: pair[0].encode(),
    )
    ids = [key.encode() for key, _ in kept]
    strs = [value.encode() for _, value in kept]
    count = len(kept)
    start = 7 * 4 + 16 * count  # the header, then the two tables of (length, offset)
    id_data, str_data = b"\0".join(ids) + b"\0", b"\0".join(strs) + b"\0"
    offsets: list[int] = []
    position = start
    for item in ids:
        offsets += [len(item), position]
        position += len(item) + 1
    for item in strs:
        offsets += [len(item), position]
        position += len(item) + 1
    table = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return table + struct.pack(f"<{len(offsets)}I", *offsets) + id_data + str_data


def compile_file(po: Path, mo: Path) -> None:
    """Compile ``po`` into ``mo``."""
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(compile_mo(read_po(po.read_text(encoding="utf-8"), str(po))))
