"""Browser glue shared by the pages: DOM helpers, dialogs, files and saving.

These modules run only in a page's main thread; the logic they call lives in ``akropolis_web``
(tested on CPython) and the engine.  Those the embed uses (``dom``, ``city_view``) take
``document`` and ``window`` from ``js``: the embed runs Pyodide without PyScript.
"""
