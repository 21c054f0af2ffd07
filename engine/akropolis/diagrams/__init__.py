"""Diagrams for documentation sites, drawn when the site is built: no script on the page.

``figure`` turns a city or game (its notation or JSON record) and the embed's options into an
HTML ``<figure>``: the SVG the ``render`` command draws, and a link "Open in Akropolis" to the
game or the score calculator at that position.  Two thin adapters hand it to the tools rules
sites are built with; each imports its tool only when that tool loads it, so the engine itself
needs nothing outside the standard library:

- ``akropolis.diagrams.markdown``: a Python-Markdown extension (MkDocs) for fenced blocks
  written ```` ```akropolis player=2 kind=markets ````;
- ``akropolis.diagrams.sphinx``: a Sphinx directive, ``.. akropolis::`` with ``:player: 2``.
"""

from .figure import (
    DEFAULT_SIZE,
    OPTION_NAMES,
    DiagramError,
    DiagramOptions,
    figure,
    page_link,
    picture,
    read_options,
    viewed_player,
)

__all__ = [
    "DEFAULT_SIZE",
    "OPTION_NAMES",
    "DiagramError",
    "DiagramOptions",
    "figure",
    "page_link",
    "picture",
    "read_options",
    "viewed_player",
]
