"""Pictures of cities and tiles as plain data, one description for every medium.

``geometry`` maps hexes to pixels, ``palette`` holds the kinds' colours and symbols, and
``scene`` turns a city into a *display list* — JSON-ready drawing commands.  The browser's
canvas painter executes display lists; ``svg`` writes the same lists as SVG, for the
command line, embeds and thumbnails.  Nothing here touches a browser.
"""
