"""Browser glue shared by the pages: DOM helpers, dialogs, files and saving.

These modules import ``pyscript`` and run only in the page; the logic they call lives in
``akropolis_web`` (tested on CPython) and the engine.
"""
