"""Small DOM helpers: elements, guarded event listeners, downloads, pictures and the clock."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable

from js import document, window
from pyodide.ffi import create_proxy, to_js

from common.i18n import _, current, translate

#: The listeners added through ``listen``: (target, event, proxy, capture).  Proxies must live
#: as long as their listeners; ``unlisten_all`` removes them all.
_LISTENING: list = []
#: Background tasks, kept until done (asyncio holds only weak references to them).
_TASKS: set = set()
#: Blob URLs of the pictures shown by ``svg_image``; the oldest are revoked.
_IMAGES: list[str] = []
_IMAGES_KEPT = 8


def element(name: str):
    return document.getElementById(name)


def report_bug(error: BaseException, tell: Callable[[str], None]) -> None:
    """An unexpected failure: logged for developers, told plainly to the player."""
    window.console.error(f"akropolis: {type(error).__name__}: {error}")
    tell(
        _(
            "Something went wrong with that action; your game is as it was before it. "
            "Reloading the page resumes it."
        )
    )


def in_background(awaitable, tell: Callable[[str], None]) -> asyncio.Future:
    """Run ``awaitable`` in the background; a failure is told, never a traceback."""

    async def guarded() -> None:
        try:
            await awaitable
        except Exception as error:
            report_bug(error, tell)

    task = asyncio.ensure_future(guarded())
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task


def listen(target, event: str, handler, tell: Callable[[str], None], capture: bool = False) -> None:
    """Listen for ``event`` (in the capture phase if ``capture``); a failure in the handler
    shows a message, never a traceback."""

    def guarded(*args):
        try:
            result = handler(*args)
            if inspect.isawaitable(result):
                return in_background(result, tell)
            return result
        except Exception as error:  # the last line of defence for the player
            report_bug(error, tell)

    proxy = create_proxy(guarded)
    _LISTENING.append((target, event, proxy, capture))
    target.addEventListener(event, proxy, capture)


def unlisten_all() -> None:
    """Remove every listener ``listen`` added: the page's controller is being replaced."""
    while _LISTENING:
        target, event, proxy, capture = _LISTENING.pop()
        target.removeEventListener(event, proxy, capture)
        proxy.destroy()


def download(text: str, filename: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a file download."""
    blob = window.Blob.new([text], {"type": mime})
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    window.URL.revokeObjectURL(url)


def svg_image(text: str, alt: str):
    """An ``<img>`` of an SVG (an image runs no script, and nothing is parsed into the page)."""
    while len(_IMAGES) > _IMAGES_KEPT:
        window.URL.revokeObjectURL(_IMAGES.pop(0))
    blob = window.Blob.new(
        [text], to_js({"type": "image/svg+xml"}, dict_converter=window.Object.fromEntries)
    )
    url = window.URL.createObjectURL(blob)
    _IMAGES.append(url)
    image = document.createElement("img")
    image.src = url
    image.alt = alt
    return image


def data_of(node) -> dict[str, str]:
    """An element's ``data-*`` attributes (a missing one is absent, never an error)."""
    names = [str(name) for name in node.getAttributeNames()]
    return {name[5:]: str(node.getAttribute(name)) for name in names if name.startswith("data-")}


def perf_ms() -> float:
    """Milliseconds on the page's monotonic clock (for durations)."""
    return float(window.performance.now())


def touch_screen() -> bool:
    """The person points with a finger (a coarse pointer): the one test of touch words ("tap")
    against a mouse's ("click", "point at"), before any gesture says which."""
    return bool(window.matchMedia("(pointer: coarse)").matches)


def reduced_motion() -> bool:
    """The person asked their system for less motion: no animation, things change at once."""
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def now() -> str:
    """The time now, ISO 8601 in UTC (sorts as text)."""
    return str(window.Date.new().toISOString())


def local_time(iso: str) -> str:
    """An ISO time as the player's clock shows it, in the page's language (the text itself,
    translated when it is a ``Sentence``, if it is not a time)."""
    date = window.Date.new(str(iso))
    if date.getTime() != date.getTime():  # NaN: not a time
        return translate(iso)
    try:
        return str(date.toLocaleString(current().language))
    except Exception:  # a language the browser does not know: its own way
        return str(date.toLocaleString())


#: The page's scripts Python cannot start without, by the global each one sets, a script
#: before the scripts that import it (a host that failed one leaves Python an AttributeError).
SCRIPT_GLOBALS = {
    "akropolisWords": "words.mjs",
    "akropolisPainter": "painter.js",
    "akropolisNewGame": "start.js",
}


def _reason(error: Exception) -> str:
    """What to tell of a failed start: the file a missing global means, else the error's line."""
    if isinstance(error, AttributeError) and "akropolis" in str(error):
        for name, file in SCRIPT_GLOBALS.items():
            if not hasattr(window, name):
                return _(
                    "A file failed to load: {file}. Check your connection, then try again.",
                    file=file,
                )
    return f"{type(error).__name__}: {error}"


def _retry(_event) -> None:
    window.location.reload()


def start_page(setup: Callable[[], None], failure: str) -> bool:
    """Hide the loading screen and run ``setup``; then mark the page ready and let the offline
    worker register.  A failure is told on the loading screen (``failure`` and the error's one
    line, or the file it means), never as a traceback, the Try again buttons show, and the page
    is marked "error".  Whether it started."""
    try:
        element("loading").hidden = True
        element("app").hidden = False
        setup()
    except Exception as error:
        window.console.error(f"akropolis: {type(error).__name__}: {error}")
        element("app").hidden = True
        element("loading").hidden = False
        element("loading-step").textContent = failure
        reason = _reason(error)
        element("loading-error").textContent = reason
        element("loading-error").hidden = False
        if hasattr(window, "akropolisFail"):  # loader.js: the first screen says it too
            window.akropolisFail(reason)
        for button in document.querySelectorAll("[data-retry]"):
            button.hidden = False
            button.onclick = create_proxy(_retry)  # loader.js's own may be missing
        document.documentElement.dataset.akropolis = "error"
        return False
    element("loading-error").hidden = True  # a failure the start got past is over
    document.documentElement.dataset.akropolis = "ready"
    window.performance.mark("akropolis-ready")  # for the benchmarks
    offline = getattr(window, "akropolisOffline", None)
    if offline is not None:
        offline.registerWorker()  # now: its downloads find the HTTP cache warm
    return True
