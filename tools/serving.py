"""Serving a built site: static files with the MIME types the runtime needs.

``python build.py serve`` serves dist/ with it; the tests and benchmarks serve dist/ (or a copy
of it) on a free local port.  Standard library only.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the runtime needs."""

    extensions_map = {  # noqa: RUF012 - the stdlib's own class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".py": "text/plain",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def static_server(
    directory: Path, port: int = 0, host: str = ""
) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` (port 0: any free port)."""
    handler = functools.partial(Handler, directory=str(directory))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve_in_background(directory: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    """``directory`` served on a free local port from a daemon thread: its base URL and the
    server."""
    server = static_server(directory, 0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server
