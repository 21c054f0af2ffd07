"""HTML escaping for the panels and pictures.

The standard ``html`` module pulls in its whole entity table on import, which costs tens of
milliseconds of the page's start-up in Pyodide; escaping needs only five replacements.
"""

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """``text`` safe inside HTML elements and quoted attributes."""
    return str(text).translate(_ESCAPES)
