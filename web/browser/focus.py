"""Keeping the focus where the player is, on every page.

A page rebuilds parts of itself from HTML (the Construction Site, the players' cards, the
calculator's tabs and catalogue…): the button that had the focus is replaced by a new one, and
the browser would drop the focus on the page's body.  ``remember`` notes the focused button by
its container and ``data-*`` attribute before a refresh; ``restore`` gives the focus to its new
twin after, or, when it is gone or hidden, to the page's ``fallback``.
"""

from __future__ import annotations

from collections.abc import Callable

from js import document

try:  # JavaScript's null: None in older Pyodides, its own value in newer ones
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

#: A container the page rebuilds and the ``data-*`` attribute naming each of its buttons.
Rebuilt = tuple[tuple[str, str], ...]


def absent(value) -> bool:
    """Whether a DOM answer is JavaScript's null (or undefined)."""
    return value is None or value is jsnull


def nowhere(node) -> bool:
    """Whether the focus is on nothing in particular (null or the page's body)."""
    return absent(node) or node.tagName == "BODY"


def hidden(node) -> bool:
    """Whether ``node`` is gone from the page or not displayed (it cannot keep the focus)."""
    return not node.isConnected or (absent(node.offsetParent) and node.tagName != "BODY")


def dialog_open() -> bool:
    return not absent(document.querySelector("dialog[open]"))


def remember(rebuilt: Rebuilt):
    """What has the focus before a refresh: ``(container, attribute, value)`` for a button the
    refresh rebuilds, else the element itself (None: nothing in particular)."""
    active = document.activeElement
    if nowhere(active):
        return None
    for container, name in rebuilt:
        box = document.getElementById(container)
        if not absent(box) and box.contains(active) and active.hasAttribute(f"data-{name}"):
            return (container, name, str(active.getAttribute(f"data-{name}")))
    return active


def restore(mark, fallback: Callable[[object], None]) -> None:
    """After a refresh: the focus back on what had it (or its rebuilt twin); if that is gone
    or hidden, ``fallback(lost)`` chooses (``lost``: the element, or None for a rebuilt one)."""
    if mark is None or dialog_open():
        return
    if isinstance(mark, tuple):
        container, name, value = mark
        node = document.getElementById(container).querySelector(f'[data-{name}="{value}"]')
        if not absent(node) and not node.disabled and not hidden(node):
            node.focus()
        else:
            fallback(None)
    elif hidden(mark):
        fallback(mark)
