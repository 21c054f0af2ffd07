"""The sentences of the pages' HTML and JavaScript, for the catalogs' template.

The first screen is HTML the browser shows before Python loads, so its sentences are found by
reading the pages the way ``web/browser/i18n.js`` translates them (keep the two in step):

- every text of the body with a letter in it, whitespace collapsed, is one sentence, except
  inside ``<script>``, ``<style>``, ``<template>`` and any element marked ``translate="no"``
  (the standard HTML attribute: names, the game's title);
- an element marked ``data-i18n-html`` is one sentence as a whole, its inner HTML in the
  browser's own serialization (a sentence with words in bold, a key in ``<kbd>``);
- the ``title``, ``aria-label``, ``alt`` and ``placeholder`` attributes, the page's ``<title>``
  and its ``<meta name="description">``.

A text beside an inline element (``<b>``, ``<kbd>``, ``<a>``…) in an element not marked
``data-i18n-html`` would be a sentence in pieces: an error here.  JavaScript shows sentences
through ``t("...")`` (``akropolisI18n.t``), a double-quoted literal.  Standard library only.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from tools.catalogs import ExtractionError, Message

#: Attributes a person reads (or hears), translated wherever they are.
ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
#: Elements whose content is never a sentence.
SKIPPED = frozenset({"script", "style", "template", "svg"})
#: Inline elements that make a text beside them a sentence in pieces.
INLINE = frozenset(
    {"a", "abbr", "b", "br", "code", "em", "i", "kbd", "mark", "q", "small", "span", "strong"}
)
#: Elements with no end tag (the serializer writes none).
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "wbr", "col", "area"})
_SPACE = re.compile(r"\s+")
_LETTER = re.compile(r"[^\W\d_]")
_JS_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_JS_CALL = re.compile(r"\bt\(\s*" + _JS_STRING)
_JS_PLURAL = re.compile(r"\btn\(\s*" + _JS_STRING + r"\s*,\s*" + _JS_STRING)


def normalize(text: str) -> str:
    """Whitespace collapsed to single spaces and trimmed (as ``i18n.js`` compares texts)."""
    return _SPACE.sub(" ", text).strip()


def has_words(text: str) -> bool:
    return bool(_LETTER.search(text))


def _escape_text(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("\u00a0", "&nbsp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
    )


def _escape_attribute(value: str) -> str:
    return value.replace("&", "&amp;").replace("\u00a0", "&nbsp;").replace('"', "&quot;")


class _Reader(HTMLParser):
    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.found: list[tuple[str, int]] = []
        self.errors: list[str] = []
        self.stack: list[dict] = []  # per open element: tag, skipped, whole, has_text, inline
        self.whole: list[str] | None = None  # the inner HTML of a data-i18n-html element
        self.whole_depth = 0
        self.in_body = False
        self.in_title = False

    def _where(self) -> int:
        return self.getpos()[0]

    def _skipped(self) -> bool:
        return any(frame["skipped"] for frame in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "body":
            self.in_body = True
        if tag == "title":
            self.in_title = True
        if tag == "meta" and values.get("name") == "description" and values.get("content"):
            self.found.append((normalize(values["content"] or ""), self._where()))
        skipped = self._skipped() or tag in SKIPPED or values.get("translate") == "no"
        if self.whole is not None:
            self.whole.append(self._serialize_start(tag, attrs))
            if tag not in VOID:
                self.whole_depth += 1
        elif not skipped and self.in_body:
            for attribute in ATTRIBUTES:
                value = values.get(attribute)
                if value and has_words(value):
                    self.found.append((normalize(value), self._where()))
            if self.stack and tag in INLINE:
                self.stack[-1]["inline"] = True
                self._check_pieces()
        if tag in VOID:
            return
        frame = {"tag": tag, "skipped": skipped, "has_text": False, "inline": False}
        self.stack.append(frame)
        if self.whole is None and not skipped and "data-i18n-html" in values:
            self.whole, self.whole_depth, frame["whole"] = [], 0, True

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if self.whole is not None and self.whole_depth:
            self.whole.append(f"</{tag}>")
            self.whole_depth -= 1
            if self.stack and self.stack[-1]["tag"] == tag:
                self.stack.pop()
            return
        if not self.stack or tag in VOID:
            return
        frame = self.stack.pop()
        if frame.get("whole"):
            text = normalize("".join(self.whole or []))
            self.whole = None
            if has_words(text):
                self.found.append((text, self._where()))

    def handle_data(self, data: str) -> None:
        if self.whole is not None:
            self.whole.append(_escape_text(data))
            return
        text = normalize(data)
        if self.in_title and text:
            self.found.append((text, self._where()))
            return
        if not self.in_body or self._skipped() or not has_words(text):
            return
        self.found.append((text, self._where()))
        if self.stack:
            self.stack[-1]["has_text"] = True
            self._check_pieces()

    def _check_pieces(self) -> None:
        frame = self.stack[-1]
        if frame["has_text"] and frame["inline"]:
            self.errors.append(
                f"{self.name}:{self._where()}: a <{frame['tag']}> holds words beside an inline "
                "element: a sentence in pieces (mark it data-i18n-html to translate it whole)"
            )
            frame["has_text"] = False  # said once

    @staticmethod
    def _serialize_start(tag: str, attrs: list[tuple[str, str | None]]) -> str:
        parts = [tag] + [f'{key}="{_escape_attribute(value or "")}"' for key, value in attrs]
        return "<" + " ".join(parts) + ">"


def extract_html(source: str, name: str) -> list[Message]:
    """The sentences of one page's HTML ``source``, each with ``name:line``."""
    reader = _Reader(name)
    reader.feed(source)
    reader.close()
    if reader.errors:
        raise ExtractionError("\n".join(reader.errors))
    return [Message(text, references=[f"{name}:{line}"]) for text, line in reader.found]


def extract_js(source: str, name: str) -> list[Message]:
    """The sentences of a JavaScript file: the literal of every ``t("...")`` call, the two of
    every ``tn("...", "...", count)``."""
    found = []
    for pattern in (_JS_CALL, _JS_PLURAL):
        for match in pattern.finditer(source):
            line = source.count("\n", 0, match.start()) + 1
            texts = [json.loads(f'"{group}"') for group in match.groups()]
            plural = texts[1] if len(texts) > 1 else None
            found.append((match.start(), Message(texts[0], plural, references=[f"{name}:{line}"])))
    return [message for _, message in sorted(found, key=lambda pair: pair[0])]
