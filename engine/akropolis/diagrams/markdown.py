"""Python-Markdown extension (MkDocs' Markdown): a fenced ``akropolis`` block becomes a diagram.

    ```akropolis player=2 kind=markets
    A1;n=2;s=42;m=…
    ```

The block holds a city or game, in notation or as a JSON record; the fence line may name the
embed's options (``breakdown=0``, ``kind=markets``, ``player=2``) and the picture's (``size=360``,
``coordinates``, ``last``).  It becomes the figure of ``akropolis.diagrams.figure``: the inline
SVG ``render`` draws and, when ``site`` is set, a link to open it in the deployed game::

    # mkdocs.yml
    markdown_extensions:
      - akropolis.diagrams.markdown:
          site: https://NAME.github.io/akropolis/

A block that cannot be drawn becomes a one-line error in the page and a warning in the build's
log (MkDocs' ``--strict`` then fails the build), never a traceback.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from .figure import DiagramError, figure, read_options

#: Under MkDocs' logger, so that ``mkdocs build --strict`` counts its warnings.
LOG = logging.getLogger("mkdocs.plugins.akropolis")
#: An opening fence: three or more backticks or tildes, the word, then options.
OPENING = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*akropolis(?:[ \t]+(?P<options>.*))?$")
#: An option on the fence line: ``name=value``, or a bare ``name`` for a yes-or-no one.
OPTION = re.compile(r"([a-z]+)(?:=(\S*))?")
#: Above the fenced code block (25), below whitespace normalisation (30).
PRIORITY = 29


def fence_options(text: str) -> dict[str, str | None]:
    """The options of a fence line (``player=2 coordinates``)."""
    found: dict[str, str | None] = {}
    for word in text.split():
        match = OPTION.fullmatch(word)
        if not match:
            raise DiagramError(f"an option is written name=value, not {word!r}")
        found[match[1]] = match[2]
    return found


def diagram_html(body: str, options: str, site: str) -> str:
    """The figure of one block, or its error as a line of the page (and a logged warning)."""
    try:
        return figure(body, read_options(fence_options(options)), site)
    except DiagramError as error:
        LOG.warning("Akropolis diagram: %s", error)
        message = str(error).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return f'<p class="akropolis-diagram-error">Akropolis diagram: {message}</p>'


class DiagramBlocks(Preprocessor):
    """Replaces each ``akropolis`` fenced block by its figure, stashed as raw HTML."""

    def __init__(self, md: Markdown, site: str) -> None:
        super().__init__(md)
        self.site = site

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        index = 0
        while index < len(lines):
            opening = OPENING.match(lines[index])
            if not opening:
                out.append(lines[index])
                index += 1
                continue
            fence = opening["fence"]
            end = index + 1
            while end < len(lines) and not (
                lines[end].strip().startswith(fence) and set(lines[end].strip()) == {fence[0]}
            ):
                end += 1
            body = "\n".join(lines[index + 1 : end])
            html = diagram_html(body, opening["options"] or "", self.site)
            out += ["", self.md.htmlStash.store(html), ""]
            index = end + 1
        return out


class DiagramExtension(Extension):
    """``akropolis.diagrams.markdown``, with one setting: ``site``."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {"site": ["", "The deployed game's address, for the Open in Akropolis link"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        md.preprocessors.register(DiagramBlocks(md, self.getConfig("site")), "akropolis", PRIORITY)


def makeExtension(**kwargs: Any) -> DiagramExtension:
    return DiagramExtension(**kwargs)
