"""Sphinx extension: the ``akropolis`` directive draws a diagram when the site is built.

    .. akropolis::
       :player: 2
       :kind: markets

       A1;n=2;s=42;m=…

The content is a city or game, in notation or as a JSON record; the options are the embed's
(``breakdown``, ``kind``, ``player``) and the picture's (``size``, ``coordinates``, ``last``,
the last two as flags).  It becomes the figure of ``akropolis.diagrams.figure`` in HTML
output: the inline SVG ``render`` draws and, when ``akropolis_site`` is set, a link to open
it in the deployed game::

    # conf.py
    extensions = ["akropolis.diagrams.sphinx"]
    akropolis_site = "https://NAME.github.io/akropolis/"

A directive that cannot be drawn is reported as Sphinx reports any error in a page (a line
with the file and line number; ``-W`` fails the build), never a traceback.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .. import __version__
from .figure import OPTION_NAMES, DiagramError, figure, read_options


class DiagramDirective(SphinxDirective):
    """``.. akropolis::`` with a city or game as its content."""

    has_content = True
    option_spec = dict.fromkeys(OPTION_NAMES, directives.unchanged)

    def run(self) -> list[nodes.Node]:
        try:
            html = figure(
                "\n".join(self.content), read_options(self.options), self.config.akropolis_site
            )
        except DiagramError as error:
            raise self.error(f"Akropolis diagram: {error}") from None
        return [nodes.raw("", html, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("akropolis_site", "", "html", types=[str])
    app.add_directive("akropolis", DiagramDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
