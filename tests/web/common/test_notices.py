"""The notice queue, on CPython: one notice at a time, in order, each with its own buttons, and
what waits for a quiet page runs only once every notice has closed."""

from __future__ import annotations

from common.notices import Notice, NoticeQueue

MESSAGE, CHOICE, LINK = "message-dialog", "choice-dialog", "link-dialog"


def notice(dialog: str, said: list, name: str, buttons: int = 1) -> Notice:
    """A notice that records when it is filled and when each of its buttons runs."""
    return Notice(
        dialog,
        lambda: said.append(f"show {name}"),
        tuple(lambda i=i: said.append(f"{name} button {i}") for i in range(buttons)),
    )


def show(shown: Notice | None) -> None:
    if shown is not None:
        shown.fill()


def test_a_second_notice_waits_for_the_first_and_keeps_its_own_buttons() -> None:
    said: list[str] = []
    queue = NoticeQueue()
    show(queue.add(notice(MESSAGE, said, "unreadable save", buttons=1)))
    show(queue.add(notice(MESSAGE, said, "bad link", buttons=0)))  # same dialog: it waits
    assert said == ["show unreadable save"] and not queue.idle
    queue.action(MESSAGE, 0)()  # Download it: the first notice's own button
    assert queue.action(MESSAGE, 1) is None
    show(queue.closed(MESSAGE))
    assert said == ["show unreadable save", "unreadable save button 0", "show bad link"]
    assert queue.action(MESSAGE, 0) is None  # the second has no button of its own: OK only
    assert queue.closed(MESSAGE) is None and queue.idle


def test_notices_in_different_dialogs_wait_too_in_the_order_they_came() -> None:
    said: list[str] = []
    queue = NoticeQueue()
    for dialog, name in ((MESSAGE, "a"), (LINK, "b"), (CHOICE, "c"), (MESSAGE, "d")):
        show(queue.add(notice(dialog, said, name)))
    assert said == ["show a"]
    assert queue.closed(LINK) is None  # a dialog closed that was not the queue's: nothing moves
    for dialog in (MESSAGE, LINK, CHOICE):
        show(queue.closed(dialog))
    assert said == ["show a", "show b", "show c", "show d"]
    assert queue.action(LINK, 0) is None and queue.action(MESSAGE, 0) is not None


def test_what_waits_for_a_quiet_page_runs_once_every_notice_has_closed() -> None:
    said: list[str] = []
    queue = NoticeQueue()
    assert queue.when_idle(lambda: said.append("now")) is True  # nothing shown: at once
    assert queue.idle_callbacks() == []
    show(queue.add(notice(MESSAGE, said, "a")))
    show(queue.add(notice(LINK, said, "b")))
    assert queue.when_idle(lambda: said.append("the New game form")) is False
    assert queue.idle_callbacks() == []  # a notice is still shown
    show(queue.closed(MESSAGE))
    assert queue.idle_callbacks() == []
    assert queue.closed(LINK) is None
    for callback in queue.idle_callbacks():
        callback()
    assert said == ["show a", "show b", "the New game form"]
    assert queue.idle_callbacks() == []  # handed out once
