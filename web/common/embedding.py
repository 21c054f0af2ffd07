"""The HTML that embeds a city or a game in another site: one ``<iframe>`` of ``embed.html`` and
the host page's optional height script, the same for the game's Share dialog, the calculator's
and docs/embedding.md ("The embed in a frame"), whose example is this function's output.

The snippet runs on *other* sites, so its inline ``<script>`` is theirs to allow: the pages of
this site keep their Content-Security-Policy without inline scripts.  The script is code for
the host page's developers, kept word for word as docs/embedding.md prints it (a test checks it),
so its comments are English whatever the page's language; the frame's title, which a reader
hears, comes in the page's language from the caller.

Pure Python, tested on CPython.
"""

from __future__ import annotations

from akropolis.picture.markup import escape

#: The embed page, next to the page that shares (the game's ``index.html``, the calculator).
EMBED_PAGE = "embed.html"
#: The frame's size: the column's width up to ``MAX_WIDTH`` pixels, ``HEIGHT`` pixels tall
#: until the embed says the height it would like (``HOST_SCRIPT``).
WIDTH, HEIGHT, MAX_WIDTH = "100%", 560, 760
#: The host page's optional script: each embed frame of the page gets the height it asks for
#: (``{akropolisHeight: N}``, kept between 100 and 1600 pixels), whatever its origin, so that a
#: frame sandboxed with ``sandbox="allow-scripts"`` (origin "null") works too.
HOST_SCRIPT = """<script>
  // Optional: let each embed choose its height. It sends one number, and nothing else. Its
  // sender is known as one of this page's own embed frames, never by its origin: an embed in a
  // sandbox="allow-scripts" frame sends from the origin "null".
  addEventListener("message", (event) => {
    const height = event.data && event.data.akropolisHeight;
    if (!Number.isFinite(height)) return;
    for (const frame of document.querySelectorAll('iframe[src*="/embed.html"]')) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.round(Math.min(Math.max(height, 100), 1600))}px`;
      }
    }
  });
</script>"""


def site_base(href: str) -> str:
    """The folder of the page at ``href`` (``https://x.github.io/akropolis/``)."""
    url = str(href).split("#", 1)[0].split("?", 1)[0]
    if url.count("/") < 3:  # "https://host" with no path at all
        return url + "/"
    return url[: url.rfind("/") + 1]


def frame_snippet(source: str, title: str) -> str:
    """The snippet for an embed at the address ``source``, its frame named ``title``: the
    ``<iframe>`` (lazy, borderless, as wide as the column up to ``MAX_WIDTH``) and then
    ``HOST_SCRIPT``."""
    return (
        f'<iframe src="{escape(source)}"\n'
        f'        title="{escape(title)}" loading="lazy"\n'
        f'        width="{WIDTH}" height="{HEIGHT}" style="border:0; max-width:{MAX_WIDTH}px">'
        f"</iframe>\n{HOST_SCRIPT}"
    )


def embed_snippet(href: str, text: str, title: str) -> str:
    """The snippet that embeds ``text`` (checked notation of a city or a game) from the embed
    page next to the page at ``href``, its frame named ``title``."""
    return frame_snippet(f"{site_base(href)}{EMBED_PAGE}#{text}", title)
