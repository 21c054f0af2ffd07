"""The catalogs' template: every sentence the Python code shows, found by reading its source.

A sentence is the literal first argument of a call named ``gettext`` / ``_``, the two literals of
``ngettext``, or the context and literal of ``pgettext`` (on any receiver: ``t.gettext(...)``),
the names standard extractors (xgettext, Babel) also know; ``N_`` marks one kept in a table; the
engine's ``Sentence`` and ``Plural`` (``akropolis.sentences``) are found the same way, and may
take their template from a table of ``N_`` marked ones.  A sentence that is not a literal is
an error here: it could not be translated.  ``write_pot`` gives the ``.pot`` text translators
merge into their ``.po`` files with any standard tool.  Standard library only.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Call names and which positional arguments hold (context, singular, plural).
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "gettext": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "N_": (None, 0, None),  # marks a sentence kept in a table, translated where it is used
    "Sentence": (None, 0, None),  # the engine's sentences (akropolis.sentences), and the web's
    "Plural": (None, 0, 1),
}
#: Calls that may also take their sentence from a name (a table of ``N_`` marked sentences).
FROM_TABLES = frozenset({"Sentence", "Plural"})


class ExtractionError(ValueError):
    """A call that names a sentence which is not a literal string, with where."""


@dataclass
class Message:
    """A sentence of the template, with every place that shows it."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)


def _called(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _literal(node: ast.Call, index: int, where: str) -> str:
    if index >= len(node.args):
        raise ExtractionError(f"{where}: a sentence is missing")
    argument = node.args[index]
    if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
        raise ExtractionError(f"{where}: a sentence must be a literal string to be translated")
    return argument.value


def _from_table(argument: ast.expr) -> bool:
    """A sentence taken from a table or a variable (not an f-string or a concatenation, which
    would be sentences made of pieces)."""
    return isinstance(argument, ast.Name | ast.Subscript | ast.Attribute)


def _wrappers(tree: ast.AST) -> set[int]:
    """The calls that pass on a sentence their function was given (``def _(message): return
    t.gettext(message)``): the sentence is found where that function is called."""
    found = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        arguments = function.args
        names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and node.args:
                first = node.args[0]
                while isinstance(first, ast.Attribute):  # value.template: still what was given
                    first = first.value
                if isinstance(first, ast.Name) and first.id in names:
                    found.add(id(node))
    return found


def extract_source(source: str, name: str) -> list[Message]:
    """The sentences of one module's ``source``, in order, each with ``name:line``."""
    found: list[Message] = []
    tree = ast.parse(source, name)
    passed_on = _wrappers(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in passed_on:
            continue
        called = _called(node)
        if called not in KEYWORDS:
            continue
        where = f"{name}:{node.lineno}"
        context, singular, plural = KEYWORDS[called]
        if called in FROM_TABLES and node.args and _from_table(node.args[0]):
            continue
        found.append(
            Message(
                _literal(node, singular, where),
                None if plural is None else _literal(node, plural, where),
                None if context is None else _literal(node, context, where),
                [where],
            )
        )
    return sorted(found, key=lambda message: int(message.references[0].rsplit(":", 1)[1]))


def extract(
    paths: list[Path],
    root: Path,
    readers: dict[str, Callable[[str, str], list[Message]]] | None = None,
) -> list[Message]:
    """Every sentence of the files at ``paths`` (named relative to ``root``), one message per
    sentence and context, with all its places, in the order first met.  ``readers`` maps a
    file suffix to the function reading its sentences (default: Python modules only)."""
    readers = readers or {".py": extract_source}
    messages: dict[tuple[str | None, str], Message] = {}
    for path in paths:
        name = path.relative_to(root).as_posix()
        for message in readers[path.suffix](path.read_text(encoding="utf-8"), name):
            known = messages.setdefault(message.key, message)
            if known is message:
                continue
            if known.msgid_plural != message.msgid_plural:
                where = message.references[0]
                raise ExtractionError(f"{where}: {message.msgid!r} has two plural forms")
            known.references += message.references
    return list(messages.values())


def quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    pieces = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{piece}"' for piece in pieces)


def write_pot(messages: list[Message], project: str = "akropolis") -> str:
    """The ``.pot`` template of ``messages``."""
    out = [
        f"# The sentences of {project}, for translators: make a language's .po from this.",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        "",
    ]
    for message in messages:
        out.append("#: " + " ".join(message.references))
        if message.msgctxt is not None:
            out.append(f"msgctxt {quoted(message.msgctxt)}")
        out.append(f"msgid {quoted(message.msgid)}")
        if message.msgid_plural is None:
            out.append('msgstr ""')
        else:
            out += [f"msgid_plural {quoted(message.msgid_plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        out.append("")
    return "\n".join(out)
