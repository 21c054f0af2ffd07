"""The game page's window API, ``window.akropolisApp``, for tests and embedding pages: the
game record, loading a record (never throwing), a few read-only views of the page, and a
restart for tests."""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import window

from akropolis import records
from common.i18n import _


def publish(app, restart) -> None:
    """Set ``window.akropolisApp`` for the page's controller ``app``; ``restart(app)`` replaces
    it with a fresh one (for tests: a new visit without booting Python again)."""

    def screen_of(q, r):
        return json.dumps(list(app.city_view.screen_of((q, r))))

    def record():
        return records.dump(app.table.game)

    api = window.Object.new()
    api.screenOf = create_proxy(screen_of)
    api.record = create_proxy(record)
    api.load = create_proxy(lambda text: never_raises(app.files.load_text, text, app))
    api.rotation = create_proxy(lambda: app.table.rotation)
    api.scale = create_proxy(lambda: app.city_view.view().scale)
    api.viewed = create_proxy(lambda: app.viewed)
    api.marked = create_proxy(lambda: json.dumps(app.links.marked()))
    api.thinking = create_proxy(lambda: app.opponents.thinking)
    api.landing = create_proxy(lambda: json.dumps(app.opponents.landing()))
    api.aiStats = create_proxy(lambda: json.dumps(app.opponents.stats))
    api.aiMemory = create_proxy(app.opponents.memory)  # a promise of JSON text
    api.anchors = create_proxy(lambda: json.dumps([list(a) for a in app.table.legal_anchors()]))
    api.gliding = create_proxy(lambda: app.city_view.is_gliding())
    api.glideFrames = create_proxy(lambda: app.city_view.glide_frames)
    api.restart = create_proxy(lambda: never_raises(restart, app, app))
    window.akropolisApp = api


def never_raises(function, argument, app) -> bool:
    """Run an API call for a host page: any failure is a message and False, never a throw."""
    try:
        return bool(function(argument))
    except Exception as error:
        window.console.error(f"akropolis: {type(error).__name__}: {error}")
        app.message(_("That could not be loaded; the game is as it was."))
        return False
