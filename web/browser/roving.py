"""A roving focus: a group of buttons that is one Tab stop, its arrows moving inside it.

The Construction Site, the calculator's catalogue of 61 tiles and its players' tabs are each
one stop for Tab: the arrows move the focus along them (Left and Right to the previous and
next button, Up and Down to the nearest button in the row above or below, as the layout shows
them, so a grid on a wide screen and a list on a phone both move as they look), Home and End to
either end.  The button that has the focus keeps ``tabindex="0"``, so Tab comes back to it.
"""

from __future__ import annotations

#: The keys a roving group answers: a step in DOM order, or a row up or down on screen.
STEPS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -10_000, "End": 10_000}
ROWS = {"ArrowUp": -1, "ArrowDown": 1}


def rove(buttons: list, current, key: str) -> object | None:
    """The button ``key`` moves the focus to from ``current`` among ``buttons`` (None: the key
    is not a roving key, or there is nowhere to go)."""
    if not buttons:
        return None
    here = next((i for i, button in enumerate(buttons) if button.isSameNode(current)), 0)
    if key in STEPS:
        there = max(0, min(len(buttons) - 1, here + STEPS[key]))
        return buttons[there]
    if key not in ROWS:
        return None
    box = buttons[here].getBoundingClientRect()
    middle = box.left + box.width / 2
    below = ROWS[key] > 0
    best, best_rank = None, None
    for index, button in enumerate(buttons):
        other = button.getBoundingClientRect()
        beyond = other.top >= box.bottom - 1 if below else other.bottom <= box.top + 1
        if index == here or not beyond:
            continue
        rank = (abs(other.top - box.top), abs(other.left + other.width / 2 - middle))
        if best_rank is None or rank < best_rank:
            best, best_rank = button, rank
    if best is None:  # a single row: Up and Down step along it
        return buttons[max(0, min(len(buttons) - 1, here + ROWS[key]))]
    return best


def focus_in_group(buttons: list, button) -> None:
    """Give ``button`` the group's Tab stop and the focus."""
    for other in buttons:
        other.tabIndex = 0 if other.isSameNode(button) else -1
    button.focus()


def roving_key(event, buttons: list) -> bool:
    """Handle ``event`` (a keydown on one of ``buttons``) as a roving key; whether it was."""
    if event.ctrlKey or event.metaKey or event.altKey:
        return False
    there = rove(buttons, event.target, event.key)
    if there is None:
        return False
    event.preventDefault()
    focus_in_group(buttons, there)
    return True
