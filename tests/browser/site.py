"""A test web server for dist/ that can be stopped, switched to another build, made to hold a
file back (to keep Python from loading) until a test lets it go, or to send extra headers."""

from __future__ import annotations

import http.server
import shutil
import threading
from pathlib import Path

from build import DIST, Handler, write_service_worker


class Site:
    """A directory served on a free local port, optionally under a sub-path."""

    def __init__(self, root: Path, prefix: str = "", headers: dict[str, str] | None = None) -> None:
        self.root = root
        self.prefix = prefix.strip("/")
        self.headers = dict(headers or {})  # sent with every answer
        self.held: dict[str, threading.Event] = {}
        self.sent: list[tuple[str, int]] = []  # (path, status) of every answered request
        site = self

        class SiteHandler(Handler):
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, directory=str(site.root), **kwargs)

            def translate_path(self, path: str) -> str:
                if site.prefix:
                    path = path.removeprefix("/" + site.prefix)
                return super().translate_path(path)

            def do_GET(self) -> None:
                for name, event in site.held.items():
                    if self.path.split("?")[0].endswith(name):
                        event.wait(120)
                super().do_GET()

            def end_headers(self) -> None:
                for name, value in site.headers.items():
                    self.send_header(name, value)
                super().end_headers()

            def log_request(self, code: object = "-", size: object = "-") -> None:
                site.sent.append((self.path, int(code) if str(code).isdigit() else 0))

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SiteHandler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        path = f"{self.prefix}/" if self.prefix else ""
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/{path}"

    def hold(self, name: str) -> threading.Event:
        """Requests for a file ending in ``name`` wait until the returned event is set."""
        event = threading.Event()
        self.held[name] = event
        return event

    def stop(self) -> None:
        for event in self.held.values():
            event.set()
        self.server.shutdown()
        self.server.server_close()


def copy_of_dist(target: Path, marker: str | None = None) -> Path:
    """A copy of the built site; with ``marker``, another build (marked page, its own worker)."""
    shutil.copytree(DIST, target)
    if marker is not None:
        page = target / "index.html"
        page.write_text(page.read_text().replace("<body>", f"<body data-build='{marker}'>", 1))
        write_service_worker(target)
    return target
